#!/bin/sh
# test-cli-combat.sh GBACW: `gbacw fire` and `gbacw melee` work a combat out without
# playing to it, on the validator's small clean scenario (6x5 clear map, demo charts)
# with units moved: the rulebooks' worked examples 9.45 (four HB guns at an adjacent
# target: 4 x 10 = 40) and 12.4 (5 + leader against 2 + leader: differential +3), the
# 9.46 one-point minimum, enfilade (7.23), the CRT column and each die's result (9.16),
# JSON parsed with python3, and the refusals (exit 1 with the case) and usage errors (2);
# rapid fire (C 24.1, --rapid) and double shot (J 21.4, --double-shot), offered only under
# their rule and where the engine allows them.
set -u
gbacw=$1
data=${GBACW_DATADIR:?GBACW_DATADIR must name the data directory}
src=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
failures=0
fail () { echo "FAIL: $*"; failures=$((failures + 1)); }
status () { "$@" >out.txt 2>err.txt; echo $?; }
# json EXPR: evaluates a python expression on the JSON in out.txt (j), prints it
json () { python3 -c "import json,sys; j=json.load(open('out.txt')); print($1)"; }

base=$src/rules-check/clean/scenario.xml
[ -f "$base" ] || { echo "no $base"; exit 1; }

# fire.xml: A Bty is six HB guns (the HB row of the J chart example, 9.25: x10 at one
# hex) at 0203; 1 Va (5 SP) with both Confederate leaders adjacent at 0303
sed -e 's|designation="A Bty" guns="2" morale="3" weapon="N"|designation="A Bty" guns="6" morale="3" weapon="HB"|' \
    -e 's#<row id="HA" name="HA (12-lb Howitzer)">6 | 6 | 1 | 1 | 1/2 | 1/2 | — | \[—\]</row>#&\n      <row id="HB" name="HB (12-lb howitzer, J chart)">{16} | 10 | {2} | {1} | {1} | {1} | 1/2 | {1/2}</row>#' \
    -e 's|<place unit="c-inf1" hex="0503"|<place unit="c-inf1" hex="0303"|' \
    -e 's|<place unit="c-brig-ldr" hex="0503"|<place unit="c-brig-ldr" hex="0303"|' \
    -e 's|<place unit="c-div-ldr" hex="0503"|<place unit="c-div-ldr" hex="0303"|' "$base" >fire.xml
grep -q 'id="HB"' fire.xml || fail "fire.xml has no HB row"

# 9.45: four of the six guns at the adjacent target: 4 x 10 = 40, grapeshot (9.14)
s=$(status "$gbacw" fire fire.xml --from 0203 --at 0303 --units u-bty=4)
[ "$s" = 0 ] || fail "9.45 fire: exit $s: $(cat err.txt)"
grep -q '^• A Bty (u-bty) from 0203 through ne: 4 × 10 at 1 hex = 40 (9.25); adjacent (9.24)$' out.txt \
  || fail "9.45: not 4 x 10 = 40: $(cat out.txt)"
grep -q '^Total 40 at 1 hex, on the grapeshot row' out.txt || fail "9.45: total/row: $(cat out.txt)"
grep -q 'column 8 of 11 (36-43)$' out.txt || fail "9.45: not the 36-43 column: $(cat out.txt)"
grep -q '^  1: 1  2: 1  3: 1  4: 1\*  5: 2\*  6: 2\* (9.16)$' out.txt || fail "9.45: results: $(cat out.txt)"
s=$(status "$gbacw" fire fire.xml --from 0203 --at 0303 --units u-bty=4 --format json)
[ "$s" = 0 ] || fail "9.45 json: exit $s"
[ "$(json 'j["firers"][0]["committed"], j["firers"][0]["multiplier"], j["total"], j["artillery"]')" = "4 10 40 True" ] \
  || fail "9.45 json firer: $(cat out.txt)"
[ "$(json 'j["rolls"][0]["row"], j["rolls"][0]["column"], j["rolls"][0]["column_heading"], j["density_sp"], j["density_shift"]')" = "grapeshot 8 36-43 5 0" ] \
  || fail "9.45 json roll: $(cat out.txt)"
[ "$(json '" ".join(j["rolls"][0]["results"][str(d)] for d in range(1, 7))')" = "1 1 1 1* 2* 2*" ] \
  || fail "9.45 json results: $(cat out.txt)"
[ "$(json 'j["per_hexside"][0]["hex"], j["per_hexside"][0]["hexside"], j["per_hexside"][0]["strength"]')" = "0203 ne 40" ] \
  || fail "9.45 json per hexside: $(cat out.txt)"

# 9.46: split fire below one point is refused; the whole strength at one target is not
s=$(status "$gbacw" fire fire.xml --from 0202 --at 0502 --units u-inf1=1)
[ "$s" = 1 ] || fail "9.46: exit $s, expected 1"
grep -q '\[9\.46\].*would fire 0.5 at 0502' err.txt || fail "9.46: $(cat err.txt)"
# 1 Oh (4 SP of R) at 1 Va Cav three hexes away: 4 x 1/2 = 2; the cavalry faces nw and
# the fire enters through its rear: enfilade one column right (7.23)
s=$(status "$gbacw" fire fire.xml --from 0202 --at 0502 --format json)
[ "$s" = 0 ] || fail "whole fire at three hexes: exit $s: $(cat err.txt)"
[ "$(json 'j["firers"][0]["unit"], j["firers"][0]["range"], j["firers"][0]["multiplier"], j["total"]')" = "u-inf1 3 0.5 2" ] \
  || fail "range 3: $(cat out.txt)"
[ "$(json 'j["rolls"][0]["target_unit"], j["rolls"][0]["enfiladed"], j["rolls"][0]["net_shift"], j["rolls"][0]["column"]')" = "c-cav True 1 3" ] \
  || fail "enfilade: $(cat out.txt)"

# refusals: out of range (9.23), no combat unit to fire, usage
sed 's|<place unit="c-cav" hex="0502"|<place unit="c-cav" hex="0602"|' fire.xml >range.xml
s=$(status "$gbacw" fire range.xml --from 0202 --at 0602)
[ "$s" = 1 ] || fail "out of range: exit $s, expected 1"
grep -q '\[9\.23\] The target is 4 hexes away, beyond the maximum range of R (3)' err.txt || fail "out of range: $(cat err.txt)"
s=$(status "$gbacw" fire fire.xml --from 0101 --at 0303)
[ "$s" = 1 ] || fail "an empty firing hex: exit $s, expected 1"
s=$(status "$gbacw" fire fire.xml --at 0303)
[ "$s" = 2 ] || fail "no --from: exit $s, expected 2"
s=$(status "$gbacw" fire fire.xml --from 0202 --at 0303 --format xml)
[ "$s" = 2 ] || fail "a bad --format: exit $s, expected 2"
s=$(status "$gbacw" fire fire.xml --from 0202 --at 0303 --status 0202=sleepy)
[ "$s" = 1 ] || fail "an unknown state: exit $s, expected 1"

# melee.xml: 12.4's example: 1 Va (5) with a leader melees 1 Oh cut to 2 SP with a leader
sed -e 's|designation="1 Oh" strength="4"|designation="1 Oh" strength="2"|' \
    -e 's|<place unit="u-inf1" hex="0202" formation="line" facing="ne"/>|<place unit="u-inf1" hex="0403" formation="line" facing="se"/>|' \
    -e 's|<place unit="u-brig-ldr" hex="0202" facing="ne"/>|<place unit="u-brig-ldr" hex="0403" facing="se"/>|' \
    -e 's|<place unit="u-div-ldr" hex="0202" facing="ne"/>|<place unit="u-div-ldr" hex="0403" facing="se"/>|' "$base" >melee.xml
s=$(status "$gbacw" melee melee.xml --attackers 0503 --defender 0403)
[ "$s" = 0 ] || fail "12.4 melee: exit $s: $(cat err.txt)"
grep -q '^Attack 6: units 5 (12.1), terrain −0 (12.31), leader +1 (12.4), morale +0 (12.52)$' out.txt || fail "12.4 attack: $(cat out.txt)"
grep -q '^Defence 3: units 2 (12.1, 12.72), leader +1 (12.4), morale +0 (12.52)$' out.txt || fail "12.4 defence: $(cat out.txt)"
grep -q '^Differential +3: Melee CRT column +3 (12.6)$' out.txt || fail "12.4: not +3: $(cat out.txt)"
s=$(status "$gbacw" melee melee.xml --attackers 0503 --defender 0403 --format json)
[ "$s" = 0 ] || fail "12.4 json: exit $s"
[ "$(json 'j["attack"], j["attack_leader"], j["defend"], j["defend_leader"], j["differential"], j["column"]')" = "6 1 3 1 3 +3" ] \
  || fail "12.4 json: $(cat out.txt)"
# the +3 column of the demo's Melee CRT, both rows of every die (12.6)
[ "$(json '" ".join(j["results"][str(d)]["attacker"] + "/" + j["results"][str(d)]["defender"] for d in range(1, 7))')" \
  = "—/C2R3 K/C1R2 —/C1R2 —/C1R2 K/R2 Eng/Eng" ] || fail "12.4 json results: $(cat out.txt)"

# refusals: not adjacent (12.21), no enemy in the hex (12.0), usage
s=$(status "$gbacw" melee melee.xml --attackers 0503 --defender 0203)
[ "$s" = 1 ] || fail "not adjacent: exit $s, expected 1"
grep -q '\[12\.21\]' err.txt || fail "not adjacent: $(cat err.txt)"
s=$(status "$gbacw" melee melee.xml --attackers 0503 --defender 0202)
[ "$s" = 1 ] || fail "an empty hex: exit $s, expected 1"
grep -q '\[12\.0\]' err.txt || fail "an empty hex: $(cat err.txt)"
s=$(status "$gbacw" melee melee.xml --attackers 0503)
[ "$s" = 2 ] || fail "no --defender: exit $s, expected 2"

# C 24.1 rapid fire and J 21.4 double shot: A Bty (two N guns) at 1 Va moved next to it
# (0303), under corinth.rapid-fire (rapid.xml) or jackson.double-shot (ds.xml). Offered
# ("May ...") only where the scenario's rule lets the firer use it; asked with --rapid /
# --double-shot: rapid fire doubles the strength (10 -> 20), double shot the multiplier
# (2 x 5 -> 2 x 10); each refused with its case beyond its range or for infantry.
sed -e 's|<place unit="c-inf1" hex="0503"|<place unit="c-inf1" hex="0303"|' \
    -e 's|<rules>|<rules>\n    <exclusive id="corinth.rapid-fire" enabled="yes"/>|' "$base" >rapid.xml
sed -e 's|<place unit="c-inf1" hex="0503"|<place unit="c-inf1" hex="0303"|' \
    -e 's|<rules>|<rules>\n    <exclusive id="jackson.double-shot" enabled="yes"/>|' "$base" >ds.xml
s=$(status "$gbacw" fire rapid.xml --from 0203 --at 0303)
[ "$s" = 0 ] || fail "C 24.1 offered: exit $s: $(cat err.txt)"
grep -q '^May rapid-fire (C 24.1, --rapid): A Bty (u-bty)$' out.txt || fail "C 24.1 not offered: $(cat out.txt)"
grep -q 'double shot' out.txt && fail "J 21.4 offered without its rule: $(cat out.txt)"
s=$(status "$gbacw" fire rapid.xml --from 0203 --at 0303 --rapid u-bty)
[ "$s" = 0 ] || fail "C 24.1 --rapid: exit $s: $(cat err.txt)"
grep -q '^• A Bty (u-bty) from 0203 through ne: 2 × 5 at 1 hex = 10 (9.25), 20 with exclusive rules' out.txt \
  || fail "C 24.1: not doubled: $(cat out.txt)"
grep -q '^Total 20 at 1 hex' out.txt || fail "C 24.1: total: $(cat out.txt)"
grep -q '^Rapid fire (C 24.1): A Bty (u-bty)$' out.txt || fail "C 24.1: not said: $(cat out.txt)"
s=$(status "$gbacw" fire rapid.xml --from 0203 --at 0303 --rapid all --format json)
[ "$s" = 0 ] || fail "C 24.1 --rapid all json: exit $s: $(cat err.txt)"
[ "$(json 'j["rapid"], j["may_rapid"], j["total"]')" = "['u-bty'] ['u-bty'] 20" ] || fail "C 24.1 json: $(cat out.txt)"
s=$(status "$gbacw" fire rapid.xml --from 0202 --at 0303 --rapid u-inf1)
[ "$s" = 1 ] || fail "C 24.1 infantry: exit $s, expected 1"
grep -q '\[C 24\.1\] 1 Oh (u-inf1) may not rapid-fire' err.txt || fail "C 24.1 infantry: $(cat err.txt)"
s=$(status "$gbacw" fire rapid.xml --from 0202 --at 0303 --rapid u-bty)
[ "$s" = 1 ] || fail "--rapid not a firer: exit $s, expected 1"
s=$(status "$gbacw" fire ds.xml --from 0203 --at 0303)
grep -q '^May fire double shot (J 21.4, --double-shot): A Bty (u-bty)$' out.txt || fail "J 21.4 not offered: $(cat out.txt)"
grep -q 'rapid' out.txt && fail "C 24.1 offered without its rule: $(cat out.txt)"
s=$(status "$gbacw" fire ds.xml --from 0203 --at 0303 --double-shot all)
[ "$s" = 0 ] || fail "J 21.4 --double-shot: exit $s: $(cat err.txt)"
grep -q '^• A Bty (u-bty) from 0203 through ne: 2 × 10 at 1 hex = 20 (9.25)' out.txt || fail "J 21.4: not x10: $(cat out.txt)"
grep -q '^Double shot (J 21.4): A Bty (u-bty)$' out.txt || fail "J 21.4: not said: $(cat out.txt)"
# 1 Va Cav three hexes off: double shot is not offered, and refused when asked
s=$(status "$gbacw" fire ds.xml --from 0203 --at 0502)
[ "$s" = 0 ] || fail "J 21.4 at 3: exit $s: $(cat err.txt)"
grep -q 'double shot' out.txt && fail "J 21.4 offered at three hexes: $(cat out.txt)"
s=$(status "$gbacw" fire ds.xml --from 0203 --at 0502 --double-shot u-bty)
[ "$s" = 1 ] || fail "J 21.4 at 3 asked: exit $s, expected 1"
grep -q '\[J 21\.4\] Double shot may not be fired beyond 2 hexes' err.txt || fail "J 21.4 at 3: $(cat err.txt)"

# the demo loads and a refusal names its case
s=$(status "$gbacw" fire "$data/scenarios/demo.xml" --from 1008 --at 1408)
[ "$s" = 1 ] || fail "demo out of range: exit $s, expected 1"
grep -q '\[9\.23\]' err.txt || fail "demo out of range: $(cat err.txt)"

[ "$failures" = 0 ] || exit 1
echo "gbacw fire, gbacw melee: all checks passed"
