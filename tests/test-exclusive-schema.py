#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# test-exclusive-schema.py: data/gbacw-exclusive-rules.rng (each exclusive rule's parameters,
# generated from the validator's table) is up to date, every shipped scenario and game kit
# follows it, and it refuses what it should: a parameter a rule does not have, a word a choice
# does not have; it accepts an id it does not know (the validator reports those) and
# NAME.FORMATION parameters.
#
#   test-exclusive-schema.py SOURCE_ROOT
import glob
import os
import subprocess
import sys
import tempfile

root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), '..')
schema = os.path.join(root, 'data', 'gbacw-exclusive-rules.rng')
failures = []


def xmllint(path):
    r = subprocess.run(['xmllint', '--noout', '--nonet', '--relaxng', schema, path], capture_output=True, text=True)
    return r.returncode == 0, r.stderr.strip()


with tempfile.TemporaryDirectory() as tmp:
    fresh = os.path.join(tmp, 'gbacw-exclusive-rules.rng')
    subprocess.run([sys.executable, os.path.join(root, 'build-aux', 'gen-exclusive-rng.py'), root, '-o', fresh],
                   check=True)
    if open(fresh, encoding='utf-8').read() != open(schema, encoding='utf-8').read():
        failures.append('data/gbacw-exclusive-rules.rng is not what rules-check/gbacw-checks-exclusive.c gives: '
                        'run build-aux/gen-exclusive-rng.py')

    shipped = sorted(glob.glob(os.path.join(root, 'data', 'scenarios', '*.xml'))
                     + glob.glob(os.path.join(root, 'data', 'games', '*', '*.xml')))
    if not shipped:
        failures.append('no shipped scenario found under data/')
    for path in shipped:
        ok, why = xmllint(path)
        if not ok:
            failures.append('%s does not follow the exclusive rules schema:\n%s' % (path, why))

    demo = open(os.path.join(root, 'data', 'scenarios', 'demo.xml'), encoding='utf-8').read()
    cases = [
        ('a parameter the rule does not have', False,
         '<exclusive id="night" enabled="yes"><param name="turnz" value="1"/></exclusive>'),
        ('a word the choice does not have', False,
         '<exclusive id="night" enabled="yes"><param name="proximity" value="far"/></exclusive>'),
        ('a case that is no case', False,
         '<exclusive id="bce-recovery"><param name="method" value="formula"/><param name="case" value="P22"/></exclusive>'),
        ('an id the validator reports', True,
         '<exclusive id="made.up" enabled="yes"><param name="x" value="y"/></exclusive>'),
        ('NAME.FORMATION and a number of Movement Points', True,
         '<exclusive id="reinforcement-entry"><param name="column-cost.u-oliver" value="1/2"/>'
         '<param name="swap" value="0115 0123"/></exclusive>'),
    ]
    for what, valid, rule in cases:
        path = os.path.join(tmp, 'case.xml')
        with open(path, 'w', encoding='utf-8') as f:
            f.write(demo.replace('  </rules>', '    %s\n  </rules>' % rule, 1))
        ok, why = xmllint(path)
        if ok != valid:
            failures.append('%s: the schema %s it' % (what, 'refuses' if valid else 'accepts'))

for f in failures:
    print('FAIL:', f)
print('%d shipped files checked, %d failures' % (len(shipped), len(failures)))
sys.exit(1 if failures else 0)
