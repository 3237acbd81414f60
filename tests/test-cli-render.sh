#!/bin/sh
# test-cli-render.sh GBACW: `gbacw render` writes PNG, SVG and PDF, and reports bad
# input (1) and usage errors (2) as the other subcommands do.
set -u
gbacw=$1
data=${GBACW_DATADIR:?GBACW_DATADIR must name the data folder}
demo=$data/scenarios/demo.xml
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
png_size () { # the width and height in a PNG's header
  od -An -tu1 -j16 -N8 "$1" | awk '{ print $1*16777216+$2*65536+$3*256+$4 "x" $5*16777216+$6*65536+$7*256+$8 }'
}

check "render a PNG of the demo with --size" 0 "$gbacw" render "$demo" -o "$tmp/demo.png" --size 640
expect "the PNG is a PNG" '[ "$(od -An -c -j1 -N3 "$tmp/demo.png" | tr -d " ")" = PNG ]'
expect "--size is the longest side" '[ "$(png_size "$tmp/demo.png")" = 640x600 ]'
check "render with --zoom" 0 "$gbacw" render "$demo" -o "$tmp/zoom.png" --zoom 10
expect "--zoom is pixels per hex radius (20 columns: 30.5 radii wide)" '[ "$(png_size "$tmp/zoom.png" | cut -dx -f1)" = 305 ]'
check "render chosen layers" 0 "$gbacw" render "$demo" -o "$tmp/layers.png" --size 300 --layers terrain,grid,hex-numbers
check "render an SVG" 0 "$gbacw" render "$demo" -o "$tmp/demo.svg" --size 500
expect "the SVG is SVG" 'grep -q "<svg" "$tmp/demo.svg"'
check "render a tiled A4 PDF" 0 "$gbacw" render "$demo" -o "$tmp/demo.pdf"
expect "the PDF is a PDF" '[ "$(head -c 5 "$tmp/demo.pdf")" = "%PDF-" ]'
check "render a Letter PDF with larger hexes" 0 "$gbacw" render "$demo" -o "$tmp/letter.pdf" --paper letter --hex-size 25 --no-index
expect "Letter pages are 612 points wide or high" 'grep -aq "MediaBox \[ *0 0 \(612\|792\)" "$tmp/letter.pdf"'
# A3 is 842 x 1191 points, Tabloid 792 x 1224: the sheets are the paper chosen, and a
# larger paper needs fewer of them for the same map.
check "render an A3 PDF" 0 "$gbacw" render "$demo" -o "$tmp/a3.pdf" --paper a3 --hex-size 25 --no-index
expect "A3 pages are 842 by 1191 points" 'grep -aq "MediaBox \[ *0 0 \(841\.8[0-9]* 1190\.5\|1190\.5[0-9]* 841\.8\)" "$tmp/a3.pdf"'
expect "A3 needs fewer sheets than Letter" '[ "$(grep -ac "/Type /Page\b" "$tmp/a3.pdf")" -lt "$(grep -ac "/Type /Page\b" "$tmp/letter.pdf")" ]'
check "render a Tabloid PDF" 0 "$gbacw" render "$demo" -o "$tmp/tabloid.pdf" --paper TABLOID --no-index
expect "Tabloid pages are 792 by 1224 points" 'grep -aq "MediaBox \[ *0 0 \(792 1224\|1224 792\) \]" "$tmp/tabloid.pdf"'

check "no -o is a usage error" 2 "$gbacw" render "$demo"
check "an unknown extension is a usage error" 2 "$gbacw" render "$demo" -o "$tmp/demo.jpg"
check "an unknown layer is a usage error" 2 "$gbacw" render "$demo" -o "$tmp/x.png" --layers terrain,nonsense
expect "the message lists the layers" 'grep -q "hex-numbers" "$tmp/err"'
check "--size and --zoom together are a usage error" 2 "$gbacw" render "$demo" -o "$tmp/x.png" --size 10 --zoom 3
check "a bad paper is a usage error" 2 "$gbacw" render "$demo" -o "$tmp/x.pdf" --paper b7
check "a bad hex size is a usage error" 2 "$gbacw" render "$demo" -o "$tmp/x.pdf" --hex-size 0
check "--size for a PDF is a usage error" 2 "$gbacw" render "$demo" -o "$tmp/x.pdf" --size 100
check "two files is a usage error" 2 "$gbacw" render "$demo" "$demo" -o "$tmp/x.png"

printf '<?xml version="1.0"?>\n<scenario xmlns="urn:gbacw:scenario" version="1">\n  <info>\n    <bogus/>\n' >"$tmp/broken.xml"
check "a broken scenario is bad input" 1 "$gbacw" render "$tmp/broken.xml" -o "$tmp/broken.png"
expect "the error names the file and a line" 'grep -q "broken.xml:[0-9]" "$tmp/err"'
expect "nothing is written for a broken scenario" '[ ! -e "$tmp/broken.png" ]'
check "a missing scenario is bad input" 1 "$gbacw" render "$tmp/none.xml" -o "$tmp/none.png"
check "an unwritable output is bad input" 1 "$gbacw" render "$demo" -o "$tmp/no/such/dir.png" --size 100

# A scenario whose scan is missing is still drawn, with a warning.
sed 's|^  </map>|    <background file="no-such-scan.jpg" opacity="0.5" transform="10 0 0 10 0 0"/>\n  </map>|' "$demo" >"$tmp/scanless.xml"
if grep -q "no-such-scan" "$tmp/scanless.xml"; then
  check "a missing background image is drawn without" 0 "$gbacw" render "$tmp/scanless.xml" -o "$tmp/scanless.png" --size 200
  expect "with a warning naming the image" 'grep -q "no-such-scan.jpg" "$tmp/err"'
fi

echo "1..$n"
echo "$((n - failures)) passed, $failures failed"
[ "$failures" -eq 0 ]
