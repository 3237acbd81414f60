#!/usr/bin/env python3
"""test-i18n-strings.py SRCDIR [--exclude DIR/ ...]

Two mistakes that keep a string from being translated well, in every C file of
po/POTFILES.in:
- a msgid cut by a macro: _("... %" G_GINT64_FORMAT " ...") is extracted as the text
  before the macro only, and the program looks up the whole string, so it can never be
  translated;
- a count without a plural form: _("%d hexes") reads "1 hexes" in English and cannot be
  given the plural forms other languages need; a message with a count followed by the
  noun it counts takes g_dngettext () (or ngettext ()) with that count.
A count is a %d, %i or %u conversion followed by an English plural noun (a word ending
in "s", or "feet"), with words such as "more" or "small-arms" between them allowed.
"""
import os
import re
import sys

LITERAL = r'"(?:[^"\\\n]|\\.)*"'
# gettext calls whose first string argument (or every one, for plural forms) is a msgid
CALLS = re.compile(r'(?<![A-Za-z0-9_])(_|N_|C_|NC_|Q_|g_dngettext|dngettext|ngettext|g_dpgettext2|g_dpgettext|dgettext|gettext)\s*\(')
SINGULAR = {'_', 'N_', 'Q_', 'gettext', 'dgettext'}
CONVERSION = re.compile(r'%(?:\d+\$)?[-+ 0#\']*\d*(?:hh|h|ll|l|j|z|t)?[diu]')
NOT_NOUNS = {'is', 'was', 'has', 'this', 'its', 'does', 'less', 'across', 'as', 'us', 'yes', 'his', 'thus',
             'plus', 'gives', 'comes', 'begins', 'always', 'takes', 'holds', 'lists', 'allows', 'needs',
             'loses', 'fires', 'moves'}
MODIFIERS = {'more', 'small-arms', 'artillery', 'strength', 'movement', 'victory', 'other', 'further', 'extra',
             'new', 'full', 'half'}
PLURAL_IRREGULAR = {'feet', 'men', 'people'}
WORD = re.compile(r'[\s\u00a0]+([A-Za-z][A-Za-z-]*)')


def strip_comments(src):
    """Comments blanked (newlines kept, so line numbers stay), strings and chars kept."""
    out, i, n = [], 0, len(src)
    while i < n:
        if src.startswith('/*', i):
            j = src.find('*/', i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r'[^\n]', ' ', src[i:j]))
            i = j
        elif src.startswith('//', i):
            j = src.find('\n', i)
            j = n if j < 0 else j
            out.append(' ' * (j - i))
            i = j
        elif src[i] in '"\'':
            m = re.match(LITERAL if src[i] == '"' else r"'(?:[^'\\\n]|\\.)*'", src[i:])
            j = i + (m.end() if m else 1)
            out.append(src[i:j])
            i = j
        else:
            out.append(src[i])
            i += 1
    return ''.join(out)


def is_plural_noun(word):
    w = word.lower()
    return w in PLURAL_IRREGULAR or (len(w) > 2 and w.endswith('s') and w not in NOT_NOUNS and w not in MODIFIERS)


def counted_nouns(msgid):
    """The plural nouns that follow a count in msgid."""
    found = []
    for c in CONVERSION.finditer(msgid):
        pos = c.end()
        while True:
            w = WORD.match(msgid, pos)
            if not w:
                break
            if is_plural_noun(w.group(1)):
                found.append(msgid[c.start():w.end()])
                break
            if w.group(1).lower() not in MODIFIERS:
                break
            pos = w.end()
    return found


def check_file(root, path, problems):
    src = strip_comments(open(os.path.join(root, path), encoding='utf-8').read())
    for call in CALLS.finditer(src):
        pos = call.end()
        line = src.count('\n', 0, call.start()) + 1
        msgids, parts = [], []
        # the arguments up to the call's closing parenthesis: literals, and what follows them
        while pos < len(src):
            ws = re.match(r'\s*', src[pos:])
            pos += ws.end()
            lit = re.match(LITERAL, src[pos:])
            if lit:
                parts.append(lit.group(0)[1:-1])
                pos += lit.end()
                continue
            if parts:
                after = re.match(r'[A-Za-z_][A-Za-z0-9_]*', src[pos:])
                if after and src[pos] not in ',)':
                    problems.append(f'{path}:{line}: the msgid "{"".join(parts)[:60]}…" is cut by {after.group(0)}: '
                                    'format the value into a string first and pass it as %s')
                msgids.append(''.join(parts))
                parts = []
            if pos >= len(src) or src[pos] == ')' or call.group(1) in SINGULAR:
                break
            # skip one argument that is not a literal (a domain, a count)
            depth = 0
            while pos < len(src) and not (depth == 0 and src[pos] in ',)'):
                depth += src[pos] == '('
                depth -= src[pos] == ')'
                pos += 1
            if pos < len(src) and src[pos] == ',':
                pos += 1
            else:
                break
        if call.group(1) in SINGULAR and msgids:
            for noun in counted_nouns(msgids[0]):
                problems.append(f'{path}:{line}: “{noun}” in "{msgids[0][:70]}" is a count without a plural form: '
                                'use g_dngettext () with the count')


def main(argv):
    root = argv[1]
    excluded = [a for a in argv[2:] if a != '--exclude']
    files = []
    for entry in open(os.path.join(root, 'po', 'POTFILES.in'), encoding='utf-8'):
        entry = entry.strip()
        if entry and not entry.startswith('#') and entry.endswith('.c'):
            files.append(entry)
    problems = []
    checked = 0
    for path in files:
        if any(path.startswith(d) for d in excluded):
            continue
        check_file(root, path, problems)
        checked += 1
    for p in problems:
        print(p)
    if excluded:
        print('not checked: ' + ', '.join(excluded))
    print(f'{checked} files, {len(problems)} problems')
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
