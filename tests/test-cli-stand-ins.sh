#!/bin/sh
# test-cli-stand-ins.sh GBACW: `gbacw stand-ins FILE -o OUT [--clear]` on the Pea Ridge kit: the
# stand-ins (order of battle, unknown chart cells, and the clear terrain of every hex not painted
# yet, written "{.}") leave no error for `gbacw check`, which warns of each one; the computer
# plays the game to its end, its units moving and firing over the stand-in terrain, and so
# every scenario of the Jackson, Pea Ridge and Corinth kits; --clear
# gives back the file as it was; usage and bad input exit 2 and 1.
set -u
gbacw=$1
data=${GBACW_DATADIR:?GBACW_DATADIR must name the data directory}
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
failures=0
fail () { echo "FAIL: $*"; failures=$((failures + 1)); }
status () { "$@" >/dev/null 2>err.txt; echo $?; }

cp "$data/games/pea-ridge/pea-ridge.xml" kit.xml
"$gbacw" stand-ins kit.xml -o filled.xml > out.txt || fail "stand-ins: $(cat out.txt)"
n=$(sed -n 's/^filled.xml: \([0-9]*\) values\{0,1\} not entered yet ha.*/\1/p' out.txt)
[ -n "$n" ] && [ "$n" -gt 100 ] || fail "stand-ins: no count in: $(cat out.txt)"
cmp -s kit.xml "$data/games/pea-ridge/pea-ridge.xml" || fail "stand-ins changed its input"

"$gbacw" check filled.xml > check.txt
s=$?
[ "$s" = 0 ] || fail "gbacw check on the stand-ins: exit $s: $(grep ': error:' check.txt | head -3)"
w=$(grep -c ': warning: .*is a stand-in, not the game' check.txt)
t=$(grep -c ": warning: \[5.15\] This hex's terrain is a stand-in, not the map's" check.txt)
[ "$t" -gt 100 ] || fail "gbacw check warns of $t hexes of stand-in terrain"
[ $((w + t)) = "$n" ] || fail "gbacw check warns of $w stand-in values and $t hexes, not $n"
grep -q 'map.no-terrain\|has no terrain yet' check.txt && fail "a hex is still not painted"
sed -n '/<terrain>/,/<\/terrain>/p' filled.xml | grep -q '<row .*{\.}' || fail "no stand-in terrain {.} in the rows"
sed -n '/<terrain>/,/<\/terrain>/p' filled.xml | grep '<row ' | grep -q '>-\| -' && fail "a hex not painted in the rows"
grep -q 'The strength of 3 Tex C (.*) is a stand-in' check.txt || fail "no warning about 3 Tex C's strength"

grep -q 'chart:terrain-movement/infantry-line/clear: warning: .*“{1}” is a stand-in' check.txt \
  || fail "no warning about the Terrain Effects on Movement Chart's stand-in clear cell"
grep '<row id=' filled.xml | grep -q ' ? \|>? \| ?<' && fail "a chart cell is still unknown"

s=$(status "$gbacw" play filled.xml --ai both --seed 1 --log=log.txt)
[ "$s" = 0 ] || fail "gbacw play --ai both --seed 1: exit $s: $(tail -3 err.txt)"
grep -q 'the game is over\|The game is decided' log.txt || fail "seed 1: the game did not end"
grep -q ') moves [0-9]* → ' log.txt || fail "seed 1: no unit moved over the stand-in terrain"
grep -q 'fire at ' log.txt || fail "seed 1: no unit fired"

s=$(status "$gbacw" play filled.xml --ai both --seed 3)
[ "$s" = 0 ] || fail "gbacw play --ai both: exit $s: $(tail -3 err.txt)"
"$gbacw" play filled.xml --ai both --seed 3 2>/dev/null | grep -q 'the game is over' || fail "the game did not end"

# every scenario of the three kits: with its stand-ins the computer plays it to the end
# (--force: a set-up may break a stacking limit of the stand-in terrain), units moving and
# firing; the reserves commit (C 30.3, on a die) and are released (J 33.3)
for kit in "$data"/games/*/*.xml; do
  name=$(basename "$kit" .xml)
  "$gbacw" stand-ins "$kit" -o "kit-$name.xml" > /dev/null || fail "$name: stand-ins"
  s=$(status "$gbacw" play "kit-$name.xml" --ai both --seed 1 --force --log="log-$name.txt")
  [ "$s" = 0 ] || fail "$name: gbacw play --ai both --seed 1 --force: exit $s: $(tail -3 err.txt)"
  grep -q 'the game is over\|The game is decided\|The last Game-Turn is over' "log-$name.txt" \
    || fail "$name: the game did not end"
  grep -q ') moves [0-9]* → ' "log-$name.txt" || fail "$name: no unit moved"
  grep -q '[Ff]ire at ' "log-$name.txt" || fail "$name: no unit fired"
done
grep -q 'is released from reserve: committed on a die .*\[C 30.3\]' log-corinth-historical.txt \
  || fail "corinth-historical: no reserve committed (C 30.3)"
grep -q 'is released from reserve: .*\[J 33.3\]' log-cross-keys.txt || fail "cross-keys: no reserve released (J 33.3)"

"$gbacw" stand-ins filled.xml --clear -o cleared.xml > out.txt || fail "--clear: $(cat out.txt)"
grep -q "^cleared.xml: $n stand-ins taken back" out.txt || fail "--clear: $(cat out.txt)"
"$gbacw" stand-ins kit.xml --clear -o same.xml >/dev/null || fail "--clear of a file without stand-ins"
cmp -s cleared.xml same.xml || fail "--clear does not give back the file as it was"

s=$(status "$gbacw" stand-ins kit.xml)
[ "$s" = 2 ] || fail "no -o: exit $s, not 2"
s=$(status "$gbacw" stand-ins missing.xml -o x.xml)
[ "$s" = 1 ] || fail "a missing file: exit $s, not 1"
test -e x.xml && fail "a missing file wrote x.xml"

[ "$failures" = 0 ] || exit 1
echo "ok"
