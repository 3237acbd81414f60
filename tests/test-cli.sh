#!/bin/sh
# test-cli.sh GBACW: the gbacw command on the shipped data and on bad input.
# Exit status: 0 success, 1 bad input, 2 usage error (the contract).
set -u
gbacw=$1
data=${GBACW_DATADIR:?GBACW_DATADIR must name the data folder}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
n=0

check () { # check NAME EXPECTED_STATUS COMMAND...
  name=$1 expected=$2
  shift 2
  n=$((n + 1))
  "$@" >"$tmp/out" 2>"$tmp/err"
  status=$?
  if [ "$status" -ne "$expected" ]; then
    echo "not ok $n - $name: exit $status, expected $expected"; sed 's/^/# /' "$tmp/err"
    failures=$((failures + 1))
  else
    echo "ok $n - $name"
  fi
}

expect_grep () { # expect_grep NAME FILE PATTERN
  n=$((n + 1))
  if grep -q -- "$3" "$2"; then echo "ok $n - $1"; else
    echo "not ok $n - $1: no '$3' in"; sed 's/^/# /' "$2"; failures=$((failures + 1)); fi
}

expect_same () { # expect_same NAME A B
  n=$((n + 1))
  if cmp -s "$2" "$3"; then echo "ok $n - $1"; else
    echo "not ok $n - $1: files differ"; diff "$2" "$3" | head -20 | sed 's/^/# /'; failures=$((failures + 1)); fi
}

check "no arguments is a usage error" 2 "$gbacw"
check "unknown command is a usage error" 2 "$gbacw" frobnicate
check "convert with one argument is a usage error" 2 "$gbacw" convert "$data/scenarios/demo.xml"
check "--help" 0 "$gbacw" --help

for f in "$data"/scenarios/*.xml; do
  base=$(basename "$f")
  check "convert $base" 0 "$gbacw" convert "$f" "$tmp/$base"
  expect_same "load-save of $base is byte-identical" "$f" "$tmp/$base"
done

check "check the demo: no errors" 0 "$gbacw" check "$data/scenarios/demo.xml"
check "check --format json" 0 "$gbacw" check --format json "$data/scenarios/demo.xml"
expect_grep "check --format json prints a JSON array" "$tmp/out" "^\\["
check "check with a bad format is a usage error" 2 "$gbacw" check --format xml "$data/scenarios/demo.xml"

check "info on the demo" 0 "$gbacw" info "$data/scenarios/demo.xml"
cp "$tmp/out" "$tmp/info"
expect_grep "info names the map size" "$tmp/info" "Map: "
expect_grep "info counts terrain" "$tmp/info" "Terrain (hexes):"
expect_grep "info counts the units of the Union" "$tmp/info" "Union: "
expect_grep "info gives the turns" "$tmp/info" "Game-Turns: "

printf '<?xml version="1.0"?>\n<scenario xmlns="urn:gbacw:scenario" version="1">\n  <info>\n    <bogus/>\n' >"$tmp/broken.xml"
check "convert of a truncated file fails with status 1" 1 "$gbacw" convert "$tmp/broken.xml" "$tmp/never.xml"
expect_grep "the error names the file and a line" "$tmp/err" "broken.xml:[0-9]"
n=$((n + 1))
if [ -e "$tmp/never.xml" ]; then echo "not ok $n - a failed load writes nothing"; failures=$((failures + 1)); else echo "ok $n - a failed load writes nothing"; fi
check "check of a truncated file fails with status 1" 1 "$gbacw" check "$tmp/broken.xml"
expect_grep "check names the file and a line" "$tmp/err" "broken.xml:[0-9][0-9]*: "
check "check --format json of a truncated file fails with status 1" 1 "$gbacw" check --format json "$tmp/broken.xml"
expect_grep "check --format json names the file and a line" "$tmp/err" "broken.xml:[0-9][0-9]*: "
# a file that is well-formed and follows the schema but refers to a unit that does not exist
line=$(grep -n '<place unit="u-14oh"' "$data/scenarios/demo.xml" | cut -d: -f1)
sed 's/<place unit="u-14oh"/<place unit="u-14oh-x"/' "$data/scenarios/demo.xml" >"$tmp/dangling.xml"
check "check of a dangling reference fails with status 1" 1 "$gbacw" check "$tmp/dangling.xml"
expect_grep "check names the line of the reference" "$tmp/err" "dangling.xml:$line: "
check "convert of a dangling reference fails with status 1" 1 "$gbacw" convert "$tmp/dangling.xml" "$tmp/never.xml"
expect_grep "convert names the line of the reference" "$tmp/err" "dangling.xml:$line: "
check "a missing file is bad input" 1 "$gbacw" info "$tmp/does-not-exist.xml"
expect_grep "the error names the missing file" "$tmp/err" "does-not-exist.xml"

check "generate" 0 "$gbacw" generate --size 30x20 --units 200 --seed 3 "$tmp/g1.xml"
check "generate again" 0 "$gbacw" generate --size 30x20 --units 200 --seed 3 "$tmp/g2.xml"
expect_same "generate is deterministic" "$tmp/g1.xml" "$tmp/g2.xml"
check "info on a generated file" 0 "$gbacw" info "$tmp/g1.xml"
expect_grep "the generated map has the size asked for" "$tmp/out" "30 × 20"
check "convert of a generated file" 0 "$gbacw" convert "$tmp/g1.xml" "$tmp/g3.xml"
expect_same "load-save of a generated file is byte-identical" "$tmp/g1.xml" "$tmp/g3.xml"
check "generate with a bad size is a usage error" 2 "$gbacw" generate --size 0x5 "$tmp/g4.xml"
check "generate with a malformed size is a usage error" 2 "$gbacw" generate --size big "$tmp/g4.xml"

echo "1..$n"
echo "$((n - failures)) passed, $failures failed"
[ "$failures" -eq 0 ]
