#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# gen-exclusive-rng.py: writes data/gbacw-exclusive-rules.rng, the RELAX NG schema of each
# exclusive rule's parameters, from the validator's table (rules-check/gbacw-checks-exclusive.c,
# exclusive_rules[]) and the choices it names (there and in model/gbacw-exclusive-params.c).
#
#   build-aux/gen-exclusive-rng.py [SOURCE_ROOT] [-o OUT]   (default: write into the tree)
#
# The schema includes gbacw-scenario.rng and overrides its "exclusive-rule": each known id
# with its parameter names (NAME.SIDE / NAME.FORMATION where the table allows them) and the
# lexical form of their values; any other id with any parameters (the validator reports an
# id it does not know, and accepts the rules matrix's). tests/test-exclusive-schema.py
# checks that the file is up to date and that every shipped scenario and kit follows it.
import os
import re
import sys

PATTERNS = {
    'PARAM_CASE': r'([JPC] )?[0-9]+(\.[0-9]+)?',
    'PARAM_COUNT': r'\+?[0-9]+',
    'PARAM_WHOLE': r'[+\-]?[0-9]+',
    'PARAM_MODIFIER': r'[+\-]?[0-9]+',
    'PARAM_VP': r'[+\-]?[0-9]+',
    'PARAM_RATING': r'[1-6]',
    'PARAM_NUMBER': r'[0-9]+(\.[0-9]+)?(/[0-9]+)?|[0-9]+ [0-9]+/[0-9]+',
    'PARAM_TURN': r'[0-9]+',
    'PARAM_DIE_TOP': r'[1-6](-[1-6])?|[1-6](,[1-6])*|none|-|–',
    'PARAM_ROLLS': r'[1-6](-[1-6])?|none|–',
    'PARAM_HALF_VP': r'[+\-]?([0-9]+(\.[05])?|[0-9]+ 1/2|1/2)',
    'PARAM_LEADER_VP': r'[+\-]?[0-9]+/[+\-]?[0-9]+/[+\-]?[0-9]+',
    'PARAM_COLUMN_COST': r'multiple|first-hex|[0-9]+(\.[0-9]+)?(/[0-9]+)?|[0-9]+ [0-9]+/[0-9]+',
}


def choices_of(texts):
    out = {}
    for text in texts:
        for m in re.finditer(r'const char \*const (\w+)\[\] = \{([^}]*)\};', text):
            out[m.group(1)] = re.findall(r'"([^"]*)"', m.group(2))
    return out


def entries(text):
    body = text[text.index('static const ExclusiveSpec exclusive_rules[] = {'):]
    body = body[body.index('{') + 1:]
    depth, start, out = 0, None, []
    for i, ch in enumerate(body):
        if ch == '{':
            if depth == 0:
                start = i
            depth += 1
        elif ch == '}':
            if depth == 0:
                break
            depth -= 1
            if depth == 0:
                out.append(body[start:i + 1])
    return out


PARAM = re.compile(r'\{\s*"([^"]+)",\s*(PARAM_[A-Z_]+)(?:,\s*(\w+))?(?:,\s*(\w+))?(?:,\s*(\w+))?\s*\}')


def value_pattern(kind, choices, indent):
    pad = ' ' * indent
    if kind in ('PARAM_CHOICE', 'PARAM_YES_NO'):
        words = choices if kind == 'PARAM_CHOICE' else ['yes', 'no']
        inner = ''.join('%s  <value>%s</value>\n' % (pad, w) for w in words)
        return '%s<choice>\n%s%s</choice>\n' % (pad, inner, pad)
    if kind == 'PARAM_CHOICES':
        inner = ''.join('%s      <value>%s</value>\n' % (pad, w) for w in choices)
        return ('%s<list>\n%s  <oneOrMore>\n%s    <choice>\n%s%s    </choice>\n%s  </oneOrMore>\n%s</list>\n'
                % (pad, pad, pad, inner, pad, pad, pad))
    if kind in PATTERNS:
        return ('%s<data type="string">\n%s  <param name="pattern">%s</param>\n%s</data>\n'
                % (pad, pad, PATTERNS[kind].replace('&', '&amp;').replace('<', '&lt;'), pad))
    return '%s<text/>\n' % pad


def generate(root):
    checks = open(os.path.join(root, 'rules-check', 'gbacw-checks-exclusive.c'), encoding='utf-8').read()
    params = open(os.path.join(root, 'model', 'gbacw-exclusive-params.c'), encoding='utf-8').read()
    choices = choices_of([checks, params])
    out = []
    ids = []
    for entry in entries(checks):
        strings = re.findall(r'"([^"]*)"', entry[:entry.index('{', 1)])
        rule_id, rule_case = strings[0], strings[1]
        ids.append(rule_id)
        out.append('  <!-- %s (%s) -->\n' % (rule_id, rule_case))
        out.append('  <define name="exclusive-%s">\n' % rule_id)
        out.append('    <element name="exclusive">\n')
        out.append('      <attribute name="id"><value>%s</value></attribute>\n' % rule_id)
        out.append('      <optional><attribute name="enabled"><ref name="yes-no"/></attribute></optional>\n')
        specs = PARAM.findall(entry[entry.index('{', 1):])
        if specs:
            out.append('      <zeroOrMore>\n        <choice>\n')
            for name, kind, _required, per, choice in specs:
                if per in ('PER_SIDE', 'PER_FORMATION', 'PER_SIDE_OR_FORMATION', 'TRUE'):
                    name_pattern = ('<data type="string"><param name="pattern">%s(\\.[A-Za-z0-9_.\\-]+)?</param></data>'
                                    % re.escape(name).replace('\\-', '\\-'))
                else:
                    name_pattern = '<value>%s</value>' % name
                out.append('          <element name="param">\n')
                out.append('            <attribute name="name">%s</attribute>\n' % name_pattern)
                out.append('            <attribute name="value">\n')
                out.append(value_pattern(kind, choices.get(choice, []), 14))
                out.append('            </attribute>\n')
                out.append('          </element>\n')
            out.append('        </choice>\n      </zeroOrMore>\n')
        out.append('    </element>\n  </define>\n\n')
    head = '''<?xml version="1.0" encoding="UTF-8"?>
<!--
  gbacw-exclusive-rules.rng: the scenario format (gbacw-scenario.rng) with each exclusive
  rule's parameters: for every id the engine's validator knows, the parameter names
  (NAME.SIDE or NAME.FORMATION where the rule takes them) and the lexical form of their
  values; any other id with any parameters (the validator says "not one the engine knows",
  or accepts an id of the rules matrix). Required parameters, ids of the order of battle,
  hexes of the map and Game-Turns within the scenario's are the validator's to check.

  Generated by build-aux/gen-exclusive-rng.py from rules-check/gbacw-checks-exclusive.c;
  do not edit. The loader reads files with gbacw-scenario.rng, so that a wrong parameter is
  a finding of `gbacw check` in plain words, not a file that cannot be opened.
-->
<grammar xmlns="http://relaxng.org/ns/structure/1.0"
         ns="urn:gbacw:scenario"
         datatypeLibrary="http://www.w3.org/2001/XMLSchema-datatypes">

  <include href="gbacw-scenario.rng">
    <define name="exclusive-rule">
      <choice>
'''
    refs = ''.join('        <ref name="exclusive-%s"/>\n' % i for i in ids)
    fallback = '''        <element name="exclusive">
          <attribute name="id">
            <data type="NMTOKEN">
              <except>
                <choice>
%s                </choice>
              </except>
            </data>
          </attribute>
          <optional><attribute name="enabled"><ref name="yes-no"/></attribute></optional>
          <zeroOrMore>
            <element name="param">
              <attribute name="name"><ref name="id"/></attribute>
              <attribute name="value"><text/></attribute>
            </element>
          </zeroOrMore>
        </element>
      </choice>
    </define>
  </include>

''' % ''.join('                  <value>%s</value>\n' % i for i in ids)
    return head + refs + fallback + ''.join(out) + '</grammar>\n'


def main(argv):
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..')
    out = None
    args = argv[1:]
    if '-o' in args:
        k = args.index('-o')
        out = args[k + 1]
        del args[k:k + 2]
    if args:
        root = args[0]
    text = generate(root)
    out = out or os.path.join(root, 'data', 'gbacw-exclusive-rules.rng')
    tmp = out + '.tmp'
    with open(tmp, 'w', encoding='utf-8') as f:
        f.write(text)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, out)
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
