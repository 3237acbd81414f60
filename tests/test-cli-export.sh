#!/bin/sh
# test-cli-export.sh GBACW: `gbacw export` writes a hexagonal Tiled map and a VASSAL module
# whose structure matches the scenario (layers, sizes, tile ids, objects; the zip's entries,
# buildFile.xml's classes and attributes, and a hex grid that VASSAL numbers as the scenario
# labels its hexes), and reports bad input (1) and usage errors (2).
set -u
gbacw=$1
data=${GBACW_DATADIR:?GBACW_DATADIR must name the data folder}
demo=$data/scenarios/demo.xml
valid=$(dirname "$0")/io/valid.xml
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
n=0

ok () { n=$((n + 1)); echo "ok $n - $1"; }
not_ok () { n=$((n + 1)); echo "not ok $n - $1"; sed 's/^/# /' "$tmp/err"; failures=$((failures + 1)); }
check () { # check NAME EXPECTED_STATUS COMMAND...
  name=$1 expected=$2
  shift 2
  "$@" >"$tmp/out" 2>"$tmp/err"
  status=$?
  if [ "$status" -eq "$expected" ]; then ok "$name"; else not_ok "$name: exit $status, expected $expected"; fi
}
expect () { # expect NAME SHELL-CONDITION
  if eval "$2"; then ok "$1"; else not_ok "$1"; fi
}

# Variants of the grid: the demo (flat, odd shift) and the small valid scenario as it is,
# with an even shift, and turned pointy-topped with either shift (its "n" hexside becomes "ne").
sed 's/shift="odd"/shift="even"/' "$valid" >"$tmp/even.xml"
sed 's/orientation="flat"/orientation="pointy"/; s/dir="n"/dir="ne"/; s/facing="n"/facing="ne"/; s/:n"/:ne"/' "$valid" >"$tmp/pointy.xml"
sed 's/shift="odd"/shift="even"/' "$tmp/pointy.xml" >"$tmp/pointy-even.xml"
cp "$valid" "$tmp/valid.xml"

for s in "$demo" "$tmp/even.xml" "$tmp/valid.xml" "$tmp/pointy.xml" "$tmp/pointy-even.xml"; do
  base=$(basename "$s" .xml)
  check "export $base as TMX" 0 "$gbacw" export --format tmx "$s" -o "$tmp/$base.tmx"
  check "the TMX of $base matches the scenario" 0 python3 "$(dirname "$0")/check-tmx.py" "$s" "$tmp/$base.tmx"
  check "export $base as VMOD (format from the extension)" 0 "$gbacw" export "$s" -o "$tmp/$base.vmod"
  check "the VMOD of $base matches the scenario and VASSAL numbers its grid as the scenario does" 0 \
    python3 "$(dirname "$0")/check-vmod.py" "$s" "$tmp/$base.vmod"
done
expect "the TMX's tileset images lie beside it" '[ -s "$tmp/demo-terrain.png" ] && [ -s "$tmp/demo-hexsides.png" ] && [ -s "$tmp/demo-counters.png" ]'

check "no -o is a usage error" 2 "$gbacw" export --format tmx "$demo"
check "an unknown format is a usage error" 2 "$gbacw" export --format svg "$demo" -o "$tmp/x.svg"
check "no format and an unknown extension is a usage error" 2 "$gbacw" export "$demo" -o "$tmp/x.zip"
check "two files is a usage error" 2 "$gbacw" export "$demo" "$demo" -o "$tmp/x.tmx"
check "a missing scenario is bad input" 1 "$gbacw" export "$tmp/none.xml" -o "$tmp/none.vmod"
expect "the error names the file" 'grep -q "none.xml" "$tmp/err"'
printf '<?xml version="1.0"?>\n<scenario xmlns="urn:gbacw:scenario" version="1">\n  <info>\n    <bogus/>\n' >"$tmp/broken.xml"
check "a broken scenario is bad input" 1 "$gbacw" export "$tmp/broken.xml" -o "$tmp/broken.tmx"
expect "nothing is written for a broken scenario" '[ ! -e "$tmp/broken.tmx" ] && [ ! -e "$tmp/broken-terrain.png" ]'
check "an unwritable TMX is bad input" 1 "$gbacw" export "$demo" -o "$tmp/no/such/dir.tmx"
check "an unwritable VMOD is bad input" 1 "$gbacw" export "$demo" -o "$tmp/no/such/dir.vmod"
expect "the error says where" 'grep -q "dir.vmod" "$tmp/err"'

# A failed export leaves an old module as it was (the safe writer).
cp "$tmp/demo.vmod" "$tmp/keep.vmod"
mkdir "$tmp/ro" && cp "$tmp/demo.vmod" "$tmp/ro/old.vmod" && chmod 555 "$tmp/ro"
if [ "$(id -u)" -ne 0 ]; then
  check "a module in a read-only folder is not replaced" 1 "$gbacw" export "$tmp/valid.xml" -o "$tmp/ro/old.vmod"
  expect "the old module is unchanged" 'cmp -s "$tmp/ro/old.vmod" "$tmp/keep.vmod"'
fi
chmod 755 "$tmp/ro"

echo "1..$n"
echo "$((n - failures)) passed, $failures failed"
[ "$failures" -eq 0 ]
