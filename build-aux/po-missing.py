#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# po-missing.py: what a translation lacks against a fresh template of the sources.
#
#   build-aux/po-missing.py [--srcdir DIR] [LANG…]          the entries still to translate
#   build-aux/po-missing.py --check [--srcdir DIR] [LANG…]  fail if there is any
#
# The template is made here with xgettext from po/POTFILES.in, with the keywords and
# flags of the build's own template (meson's i18n.gettext, preset glib: _ N_ C_:1c,2
# NC_:1c,2 g_dngettext:2,3 …, and xgettext's defaults such as ngettext:1,2), so that a
# string added to a source file counts at once, before any `meson compile gbacw-pot`.
# For each language (default: those in po/LINGUAS) it reports the msgids of the template
# that po/LANG.po lacks, has empty or has fuzzy, and whether `msgfmt -c --check-format`
# accepts the file. Without --check it prints those entries as PO text (source places,
# translators' comments, flags, empty msgstr) on standard output, ready to be translated
# and merged into po/LANG.po with `msgcat --use-first TRANSLATED.po po/LANG.po -o po/LANG.po`.
# --check prints the counts and exits 1 when anything is missing (the i18n test).

import argparse
import os
import re
import subprocess
import sys
import tempfile

# meson's i18n preset 'glib' (mesonbuild/modules/i18n.py), which po/meson.build uses.
XGETTEXT_ARGS = [
    '--from-code=UTF-8', '--add-comments',
    '--keyword=_', '--keyword=N_', '--keyword=C_:1c,2', '--keyword=NC_:1c,2',
    '--keyword=g_dcgettext:2', '--keyword=g_dngettext:2,3', '--keyword=g_dpgettext2:2c,3',
    '--flag=N_:1:pass-c-format', '--flag=C_:2:pass-c-format', '--flag=NC_:2:pass-c-format',
    '--flag=g_dngettext:2:pass-c-format', '--flag=g_strdup_printf:1:c-format',
    '--flag=g_string_printf:2:c-format', '--flag=g_string_append_printf:2:c-format',
    '--flag=g_error_new:3:c-format', '--flag=g_set_error:4:c-format',
    '--flag=g_markup_printf_escaped:1:c-format', '--flag=g_log:3:c-format',
    '--flag=g_print:1:c-format', '--flag=g_printerr:1:c-format', '--flag=g_printf:1:c-format',
    '--flag=g_fprintf:2:c-format', '--flag=g_sprintf:2:c-format', '--flag=g_snprintf:3:c-format',
]

ENTRY_RE = re.compile(r'(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s+(".*")$')


class Entry:
    def __init__(self):
        self.ctx = None
        self.msgid = None
        self.plural = None
        self.msgstr = {}
        self.flags = set()
        self.comments = []
        self.line = 0

    def key(self):
        return (self.ctx, self.msgid)


def unquote(text, path, number):
    text = text.strip()
    if len(text) < 2 or text[0] != '"' or text[-1] != '"':
        sys.exit('%s:%d: a string must be in double quotes' % (path, number))
    return text[1:-1]


def parse_po(path):
    """The entries of a PO file (obsolete ones left out), strings kept escaped as written."""
    entries = []
    cur = Entry()
    field = None

    def finish():
        nonlocal cur, field
        if cur.msgid is not None:
            entries.append(cur)
        cur = Entry()
        field = None

    with open(path, encoding='utf-8') as f:
        for number, line in enumerate(f, 1):
            line = line.rstrip('\n')
            if line.startswith('#~'):
                continue
            if not line.strip():
                finish()
                continue
            if line.startswith('#'):
                if field is not None and field.startswith('msgstr'):
                    finish()
                if line.startswith('#,'):
                    cur.flags |= {flag.strip() for flag in line[2:].split(',') if flag.strip()}
                else:
                    cur.comments.append(line)
                continue
            m = ENTRY_RE.match(line)
            if m:
                keyword, index, value = m.group(1), m.group(2), unquote(m.group(3), path, number)
                if keyword in ('msgctxt', 'msgid') and field is not None and field.startswith('msgstr'):
                    finish()
                if keyword == 'msgctxt':
                    cur.ctx = value
                elif keyword == 'msgid':
                    cur.msgid = value
                    cur.line = number
                elif keyword == 'msgid_plural':
                    cur.plural = value
                else:
                    keyword = 'msgstr[%d]' % int(index or 0)
                    cur.msgstr[int(index or 0)] = value
                field = keyword
                continue
            if line.startswith('"') and field is not None:
                value = unquote(line, path, number)
                if field == 'msgctxt':
                    cur.ctx += value
                elif field == 'msgid':
                    cur.msgid += value
                elif field == 'msgid_plural':
                    cur.plural += value
                else:
                    index = int(field[7:-1])
                    cur.msgstr[index] += value
                continue
            sys.exit('%s:%d: cannot read this line: %r' % (path, number, line))
    finish()
    return entries


def make_template(srcdir, xgettext, out):
    potfiles = os.path.join(srcdir, 'po', 'POTFILES.in')
    cmd = [xgettext, '--package-name=gbacw', '-D', srcdir, '--files-from=' + potfiles,
           '-o', out] + XGETTEXT_ARGS
    result = subprocess.run(cmd, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit('xgettext failed:\n' + result.stderr)


def is_empty(entry, nplurals):
    if entry.plural is None:
        return entry.msgstr.get(0, '') == ''
    return any(entry.msgstr.get(i, '') == '' for i in range(nplurals))


def nplurals_of(header):
    m = re.search(r'nplurals\s*=\s*(\d+)', header.msgstr.get(0, '')) if header else None
    return int(m.group(1)) if m else 2


def write_entry(out, entry, nplurals):
    for comment in entry.comments:
        out.write(comment + '\n')
    if entry.flags:
        out.write('#, ' + ', '.join(sorted(entry.flags)) + '\n')
    if entry.ctx is not None:
        out.write('msgctxt "%s"\n' % entry.ctx)
    out.write('msgid "%s"\n' % entry.msgid)
    if entry.plural is not None:
        out.write('msgid_plural "%s"\n' % entry.plural)
        out.write(''.join('msgstr[%d] ""\n' % i for i in range(nplurals)))
    else:
        out.write('msgstr ""\n')
    out.write('\n')


def main():
    parser = argparse.ArgumentParser(description='List the msgids a translation lacks against a fresh template.')
    parser.add_argument('languages', nargs='*', help='languages (default: those in po/LINGUAS)')
    parser.add_argument('--srcdir', default=os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
    parser.add_argument('--check', action='store_true', help='only count, and exit 1 if anything is missing')
    parser.add_argument('--xgettext', default='xgettext')
    parser.add_argument('--msgfmt', default='msgfmt')
    args = parser.parse_args()
    srcdir = os.path.abspath(args.srcdir)

    languages = args.languages
    if not languages:
        with open(os.path.join(srcdir, 'po', 'LINGUAS'), encoding='utf-8') as f:
            languages = [word for line in f for word in line.split('#')[0].split()]
    if not languages:
        sys.exit('po/LINGUAS names no language')

    with tempfile.TemporaryDirectory() as tmp:
        pot = os.path.join(tmp, 'gbacw.pot')
        make_template(srcdir, args.xgettext, pot)
        template = [e for e in parse_po(pot) if e.msgid != '']

    failed = False
    for lang in languages:
        path = os.path.join(srcdir, 'po', lang + '.po')
        if not os.path.isfile(path):
            print('po/%s.po: no such file (%d msgids to translate)' % (lang, len(template)), file=sys.stderr)
            failed = True
            continue
        entries = parse_po(path)
        header = next((e for e in entries if e.msgid == '' and e.ctx is None), None)
        nplurals = nplurals_of(header)
        by_key = {e.key(): e for e in entries if e.msgid != ''}
        missing, empty, fuzzy = [], [], []
        for t in template:
            e = by_key.get(t.key())
            if e is None:
                missing.append(t)
            elif 'fuzzy' in e.flags:
                fuzzy.append(t)
            elif is_empty(e, nplurals):
                empty.append(t)
        template_keys = {t.key() for t in template}
        stale = [e for e in by_key.values() if e.key() not in template_keys]
        msgfmt = subprocess.run([args.msgfmt, '-c', '--check-format', '-o', os.devnull, path],
                                capture_output=True, text=True)
        done = len(template) - len(missing) - len(empty) - len(fuzzy)
        print('po/%s.po: %d of %d msgids translated; %d missing, %d empty, %d fuzzy; %d not in the sources any more'
              % (lang, done, len(template), len(missing), len(empty), len(fuzzy), len(stale)), file=sys.stderr)
        if msgfmt.returncode != 0:
            print('po/%s.po: msgfmt -c --check-format fails:\n%s' % (lang, msgfmt.stderr), file=sys.stderr)
            failed = True
        todo = missing + empty + fuzzy
        if todo:
            failed = True
            if args.check:
                for t in todo[:20]:
                    print('  %s: %s' % ('missing' if t in missing else 'empty' if t in empty else 'fuzzy',
                                         t.msgid), file=sys.stderr)
                if len(todo) > 20:
                    print('  … and %d more (run build-aux/po-missing.py %s to list them)' % (len(todo) - 20, lang),
                          file=sys.stderr)
            else:
                # the language's header first: its charset and plural forms, for msgcat
                if header is not None:
                    sys.stdout.write('msgid ""\n')
                    sys.stdout.write('msgstr ""\n' + ''.join('"%s"\n' % line for line in
                                     re.findall(r'.*?\\n|.+$', header.msgstr.get(0, ''))) + '\n')
                for t in todo:
                    write_entry(sys.stdout, t, nplurals)
    return 1 if failed and args.check else 0


if __name__ == '__main__':
    sys.exit(main())
