#!/bin/sh
# test-cli-balance.sh GBACW: `gbacw balance FILE --games N [--jobs J]`: the distribution is
# printed (levels, wins, means, histogram), every game counted once, the same outcomes
# whatever the number of jobs, the seed option, usage errors and a bad file.
set -u
gbacw=$1
data=${GBACW_DATADIR:?GBACW_DATADIR must name the data directory}
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
failures=0
fail () { echo "FAIL: $*"; failures=$((failures + 1)); }
status () { "$@" >/dev/null 2>err.txt; echo $?; }

demo="$data/scenarios/demo.xml"

"$gbacw" balance "$demo" --games 20 --jobs 2 > two.txt 2>err.txt || fail "balance --jobs 2: $(cat err.txt)"
grep -q '^Games: 20 played of 20 (0 failed), 2 jobs' two.txt || fail "no games line: $(head -n 1 two.txt)"
grep -q '^Levels of victory:' two.txt || fail "no levels of victory"
grep -q '^  Draw ' two.txt || fail "no draw line"
grep -q '^  Union decisive victory ' two.txt || fail "the scenario's levels are not listed"
grep -q '^Wins: Union [0-9]*, Confederate [0-9]*, draws [0-9]*$' two.txt || fail "no wins line"
grep -q '^Mean losses (SP and guns): Union [0-9.]*, Confederate [0-9.]*$' two.txt || fail "no losses line"
grep -q '^VP difference (Union − Confederate), mean ' two.txt || fail "no histogram"
# the level counts add up to the games played
total=$(sed -n '/^Levels of victory:/,/^Wins:/p' two.txt | awk 'NF > 2 && $0 ~ /%$/ { s += $(NF - 1) } END { print s }')
[ "$total" = 20 ] || fail "levels count $total games, not 20"
hist=$(sed -n '/^VP difference/,$p' two.txt | awk 'NR > 1 { s += $2 } END { print s }')
[ "$hist" = 20 ] || fail "the histogram counts $hist games, not 20"

# One job or two: the same games (only the timing line differs).
"$gbacw" balance "$demo" --games 20 --jobs 1 --list > one.txt 2>/dev/null || fail "balance --jobs 1"
"$gbacw" balance "$demo" --games 20 --jobs 2 --list > two-list.txt 2>/dev/null || fail "balance --list"
grep -v '^Games:' one.txt > a.txt
grep -v '^Games:' two-list.txt > b.txt
cmp -s a.txt b.txt || fail "one job and two jobs give different outcomes"
[ "$(grep -c '^seed [0-9]*: ' one.txt)" = 20 ] || fail "--list does not print 20 games"
grep -q '^seed 1: ' one.txt || fail "the first game is not seed 1"

"$gbacw" balance "$demo" -n 3 --seed 11 --list > seed.txt 2>/dev/null || fail "--seed"
grep -q '^seed 11: ' seed.txt && grep -q '^seed 13: ' seed.txt || fail "--seed 11 does not play seeds 11-13"
sed -n 11p a.txt > x.txt
grep '^seed 11: ' seed.txt > y.txt
cmp -s x.txt y.txt || fail "seed 11 differs between runs: $(cat x.txt) / $(cat y.txt)"

s=$(status "$gbacw" balance)
[ "$s" = 2 ] || fail "no file: exit status $s, not 2"
s=$(status "$gbacw" balance "$demo" --games 0)
[ "$s" = 2 ] || fail "--games 0: exit status $s, not 2"
s=$(status "$gbacw" balance "$demo" --games x)
[ "$s" = 2 ] || fail "--games x: exit status $s, not 2"
s=$(status "$gbacw" balance missing.xml --games 2)
[ "$s" = 1 ] || fail "a missing file: exit status $s, not 1"
printf '<scenario' > bad.xml
s=$(status "$gbacw" balance bad.xml --games 2)
[ "$s" = 1 ] || fail "a bad file: exit status $s, not 1"
grep -q '^gbacw: bad.xml:' err.txt || fail "the error does not name the file: $(cat err.txt)"

[ $failures -eq 0 ] && echo "gbacw balance: all checks passed"
exit $failures
