#!/bin/sh
# test-cli-moves.sh GBACW: `gbacw moves` makes the Initial Command Phase's command check
# before it lists a unit's range: a unit outside its brigade commander's Effectiveness
# Radius (17.11) and a brigade commander outside his division commander's Divisional
# Integrity Radius (17.21) may be moved one hex only (5.2); --in-command lists the full
# range; the status and its case are printed.
. "${0%/*}/cli-test-lib.sh"
status () { "$@" >out.txt 2>err.txt; echo $?; }
reachable () { sed -n 's/^\([0-9]*\) hexes reachable.*/\1/p' out.txt; }
# every hex listed is one hex away: a one-hex move costs nothing more than entering one hex
listed_hexes () { sed -n '/hexes reachable/,$p' out.txt | sed 1d | cut -d' ' -f1 | sort; }

cp "$data/scenarios/demo.xml" demo.xml

# 7 Wis (0610) is four hexes from Webb (0907, ER 3): out of command (17.11)
s=$(status "$gbacw" moves demo.xml u-7wis)
[ "$s" = 0 ] || fail "moves u-7wis: exit $s: $(cat err.txt)"
grep -q '^Game-Turn 1, Union Movement Phase$' out.txt || fail "no phase line: $(cat out.txt)"
grep -q '^Command: out of command: outside the Effectiveness Radius of Webb (u-webb-ldr) (3 hexes).*\[17\.11\]$' out.txt \
  || fail "7 Wis is not out of command (17.11): $(head -n 3 out.txt)"
grep -q 'one hex (5.2)' out.txt || fail "7 Wis: no one-hex limit (5.2): $(head -n 3 out.txt)"
n_out=$(reachable)
listed_hexes >out-hexes.txt
[ "$n_out" -ge 1 ] && [ "$n_out" -le 6 ] || fail "7 Wis out of command reaches $n_out hexes, more than its six neighbours"
for h in $(cat out-hexes.txt); do
  case $h in 0510|0511|0609|0611|0710|0711) ;; *) fail "7 Wis out of command reaches $h, not a neighbour of 0610";; esac
done

s=$(status "$gbacw" moves demo.xml u-7wis --in-command)
[ "$s" = 0 ] || fail "moves u-7wis --in-command: exit $s"
grep -q '^As if in command (--in-command)$' out.txt || fail "--in-command is not said"
grep -q 'one hex (5.2)' out.txt && fail "--in-command still limits 7 Wis to one hex"
n_in=$(reachable)
[ "$n_in" -gt 20 ] || fail "7 Wis in command reaches only $n_in hexes"

# Webb moved to 0102, far from Hollister (1008, DIR 6): out of the DIR (17.21), one hex;
# 31 Ill, left at 0907 more than three hexes from him, is out of his ER (17.11)
sed 's|<place unit="u-webb-ldr" hex="0907"|<place unit="u-webb-ldr" hex="0102"|' demo.xml >dir.xml
s=$(status "$gbacw" moves dir.xml u-webb-ldr)
[ "$s" = 0 ] || fail "moves u-webb-ldr: exit $s: $(cat err.txt)"
grep -q '^Command: out of command: outside the Divisional Integrity Radius of Hollister (u-hollister) (6 hexes).*\[17\.21\]$' out.txt \
  || fail "Webb is not out of the DIR (17.21): $(head -n 3 out.txt)"
[ "$(reachable)" -le 6 ] || fail "Webb out of the DIR reaches $(reachable) hexes"
s=$(status "$gbacw" moves dir.xml u-webb-ldr --in-command)
[ "$(reachable)" -gt 20 ] || fail "Webb --in-command reaches only $(reachable) hexes"
s=$(status "$gbacw" moves dir.xml u-31ill)
grep -q '\[17\.11\]$' out.txt && grep -q 'one hex (5.2)' out.txt || fail "31 Ill away from Webb is not out of command: $(head -n 3 out.txt)"
# in the unchanged demo Webb is in his DIR and 31 Ill is stacked with him (17.1)
s=$(status "$gbacw" moves demo.xml u-webb-ldr)
grep -q '^Command: in command: within the Divisional Integrity Radius of Hollister.*\[17\.21\]$' out.txt \
  || fail "Webb in the demo: $(head -n 3 out.txt)"
s=$(status "$gbacw" moves demo.xml u-31ill)
grep -q '^Command: in command: stacked with Webb (u-webb-ldr) \[17\.1\]$' out.txt || fail "31 Ill: $(head -n 3 out.txt)"

# stacked with the division commander (17.23); independent (5.3)
s=$(status "$gbacw" moves demo.xml u-14oh)
grep -q '^Command: in command: stacked with Hollister (u-hollister) \[17\.23\]$' out.txt || fail "14 Oh: $(head -n 3 out.txt)"
s=$(status "$gbacw" moves demo.xml u-1usss)
grep -q '^Command: in command: independent \[5\.3\]$' out.txt || fail "1 US SS: $(head -n 3 out.txt)"

# the second player's unit: the first player's Player-Turn is played without orders first
s=$(status "$gbacw" moves demo.xml c-3la)
[ "$s" = 0 ] || fail "moves c-3la: exit $s: $(cat err.txt)"
grep -q '^Game-Turn 1, Confederate Movement Phase$' out.txt || fail "c-3la: $(head -n 2 out.txt)"
grep -q '^Command: in command: within the Effectiveness Radius of Cade (c-cade-ldr) (2 hexes) \[17\.11\]$' out.txt \
  || fail "3 La: $(head -n 3 out.txt)"

# bad input and usage
s=$(status "$gbacw" moves demo.xml no-such-unit)
[ "$s" = 1 ] || fail "an unknown unit: exit $s, expected 1"
s=$(status "$gbacw" moves demo.xml)
[ "$s" = 2 ] || fail "a missing argument: exit $s, expected 2"
s=$(status "$gbacw" moves demo.xml u-7wis --no-such-option)
[ "$s" = 2 ] || fail "an unknown option: exit $s, expected 2"

[ "$failures" = 0 ] || exit 1
echo "gbacw moves: all checks passed"
