#!/bin/sh
# test-cli-balance.sh GBACW: `gbacw balance FILE --games N [--jobs J]`: the distribution is
# printed (levels, wins, means, histogram), every game counted once, the same outcomes
# whatever the number of jobs, the seed option, usage errors and a bad file; shards
# (--shard K/N --format json) merged by `gbacw balance merge` give the report and the JSON
# of one run, and merge refuses files that are not shards of one run.
. "${0%/*}/cli-test-lib.sh"
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

# Shards: 4 shards of 22 games (of 6, 6, 5 and 5 games) merged are the run played at once:
# the same report (but the games line's jobs and time) and the same JSON (but the shard,
# jobs and time), whatever order the files are given in.
"$gbacw" balance "$demo" --games 22 --seed 3 --jobs 2 --list > whole.txt 2>err.txt || fail "the whole run: $(cat err.txt)"
"$gbacw" balance "$demo" --games 22 --seed 3 --jobs 2 --format json > whole.json 2>err.txt || fail "json: $(cat err.txt)"
for k in 1 2 3 4; do
  "$gbacw" balance "$demo" --games 22 --seed 3 --jobs 1 --shard $k/4 --format json > shard$k.json 2>err.txt ||
    fail "--shard $k/4: $(cat err.txt)"
done
[ "$(grep -c '"seed": ' shard1.json)" = 6 ] || fail "shard 1 of 4 of 22 games does not hold 6"
[ "$(grep -c '"seed": ' shard4.json)" = 5 ] || fail "shard 4 of 4 of 22 games does not hold 5"
grep -q '"seed": 7,' shard1.json || fail "shard 1 of 4 from seed 3 does not hold seed 7 (game 4)"
grep -q '"scenario": "[0-9a-f]\{64\}"' shard1.json || fail "the JSON does not name the scenario by its SHA-256"
"$gbacw" balance merge shard3.json shard1.json shard4.json shard2.json --list > merged.txt 2>err.txt ||
  fail "merge: $(cat err.txt)"
grep -q '^Games: 22 played of 22 (0 failed), 4 jobs' merged.txt || fail "merged games line: $(head -n 1 merged.txt)"
grep -v '^Games:' whole.txt > a.txt
grep -v '^Games:' merged.txt > b.txt
cmp -s a.txt b.txt || fail "4 shards merged differ from one run: $(diff a.txt b.txt | head -n 5)"
"$gbacw" balance merge shard1.json shard2.json shard3.json shard4.json --format json > merged.json 2>err.txt ||
  fail "merge --format json: $(cat err.txt)"
grep -v '"seconds"\|"jobs"\|"shard' whole.json > a.txt
grep -v '"seconds"\|"jobs"\|"shard' merged.json > b.txt
cmp -s a.txt b.txt || fail "the merged JSON differs from one run's: $(diff a.txt b.txt | head -n 5)"
# a merged result merges again (with nothing else)
"$gbacw" balance merge merged.json > again.txt 2>/dev/null || fail "a merged result does not read back"
grep -v '^Games:' again.txt > c.txt
grep -v '^Games:' merged.txt | grep -v '^seed ' > d.txt
cmp -s c.txt d.txt || fail "a merged result read back differs"
# a missing shard is said, the rest reported
"$gbacw" balance merge shard1.json shard2.json > part.txt 2>err.txt || fail "merge of two shards"
grep -q '10 games of the run are in none of the files' err.txt || fail "a missing shard is not said: $(cat err.txt)"
grep -q '^Games: 12 played of 12' part.txt || fail "two shards: $(head -n 1 part.txt)"
# refused: a game twice, shards of other runs, a file that is not JSON results
s=$(status "$gbacw" balance merge shard1.json shard1.json)
[ "$s" = 1 ] && grep -q 'seed 3 is in two' err.txt || fail "the same shard twice: status $s, $(cat err.txt)"
"$gbacw" balance "$demo" --games 22 --seed 4 --shard 2/4 --format json > other.json 2>/dev/null || fail "seed 4"
s=$(status "$gbacw" balance merge shard1.json other.json)
[ "$s" = 1 ] && grep -q 'not of the same run' err.txt || fail "another run's shard: status $s, $(cat err.txt)"
printf '{"format": "gbacw-balance", "version": 1,\n "scenario": 3}' > bad.json
s=$(status "$gbacw" balance merge bad.json)
[ "$s" = 1 ] && grep -q '^gbacw: bad.json: .*“scenario” must be a string' err.txt || fail "bad JSON: $(cat err.txt)"
printf '{"format": "gbacw-balance",\n "version": 1, "scenario": "x"' > cut.json
s=$(status "$gbacw" balance merge cut.json)
[ "$s" = 1 ] && grep -q '^gbacw: cut.json: line 2: ' err.txt || fail "cut JSON: $(cat err.txt)"
sed 's/"run-games": 22/"run-games": 1e999/' shard1.json > huge.json
s=$(status "$gbacw" balance merge huge.json)
[ "$s" = 1 ] && grep -q '“run-games” must be a whole number' err.txt || fail "1e999 games: status $s, $(cat err.txt)"
awk 'BEGIN { for (i = 0; i < 5000; i++) printf "["; print "" }' > deep.json
s=$(status "$gbacw" balance merge deep.json)
[ "$s" = 1 ] && grep -q 'nested too deeply' err.txt || fail "deep nesting: status $s, $(cat err.txt)"
s=$(status "$gbacw" balance merge "$demo")
[ "$s" = 1 ] && grep -q 'line 1: ' err.txt || fail "a scenario given to merge: status $s, $(cat err.txt)"
s=$(status "$gbacw" balance merge)
[ "$s" = 2 ] || fail "merge of nothing: exit status $s, not 2"
mkdir folder.json
s=$(status "$gbacw" balance merge folder.json)
[ "$s" = 1 ] || fail "merge of a folder: exit status $s, not 1"
for bad in 0/4 5/4 4 a/b 1/0 "2/3x"; do
  s=$(status "$gbacw" balance "$demo" --games 2 --shard "$bad")
  [ "$s" = 2 ] && grep -q -- '--shard must be K/N' err.txt || fail "--shard $bad: exit status $s, $(head -n 1 err.txt)"
done
s=$(status "$gbacw" balance "$demo" --games 2 --format xml)
[ "$s" = 2 ] || fail "--format xml: exit status $s, not 2"

[ $failures -eq 0 ] && echo "gbacw balance: all checks passed"
exit $failures
