#!/bin/sh
# test-cli-roster.sh GBACW: `gbacw roster export|import`: the round trip, an edit saved in
# place, a bad file refused with FILE:LINE:COLUMN and nothing written, exit statuses;
# semicolon- and tab-separated and UTF-16 files as spreadsheets write them; the printed
# roster as a PDF file on the paper asked for.
. "${0%/*}/cli-test-lib.sh"
status () { "$@" >/dev/null 2>err.txt; echo $?; }

cp "$data/scenarios/demo.xml" demo.xml

"$gbacw" roster export demo.xml > a.csv || fail "export to standard output"
"$gbacw" roster export demo.xml -o b.csv || fail "export -o"
cmp -s a.csv b.csv || fail "export to a file differs from standard output"
head -n 1 a.csv | grep -q '^id,side,kind,parent,name,' || fail "header row"

"$gbacw" roster import demo.xml a.csv -o c.xml >/dev/null || fail "import -o"
cmp -s demo.xml c.xml || fail "importing an unchanged roster changed the scenario"

sed 's/^u-14oh,union,infantry,u-webb,14 Oh,,,6,/u-14oh,union,infantry,u-webb,14 Oh,,,9,/' a.csv > d.csv
cmp -s a.csv d.csv && fail "the edit did not apply to the CSV"
"$gbacw" roster import demo.xml d.csv >/dev/null || fail "import in place"
grep -q 'id="u-14oh" type="infantry" designation="14 Oh" strength="9"' demo.xml || fail "the edit is not in the file"
test -f demo.xml~ || fail "no backup demo.xml~"
"$gbacw" roster export demo.xml > e.csv
cmp -s d.csv e.csv || fail "export after import differs from the imported CSV"

printf 'id,side,kind,morale\r\nu-14oh,union,infantry,7\r\nu-31ill,union,infantry,3\r\nu-7wis,prussia,infantry,\r\n' > bad.csv
cp demo.xml before.xml
s=$(status "$gbacw" roster import demo.xml bad.csv)
[ "$s" = 1 ] || fail "a bad roster: exit status $s, not 1"
grep -q '^bad.csv:2:4: ' err.txt || fail "no bad.csv:2:4 in: $(cat err.txt)"
grep -q '^bad.csv:4:2: ' err.txt || fail "no bad.csv:4:2 in: $(cat err.txt)"
cmp -s demo.xml before.xml || fail "a bad roster changed the scenario"

"$gbacw" roster export demo.xml --side confederate > f.csv || fail "export --side"
grep -q ',union,' f.csv && fail "--side confederate exported union entries"
grep -q '^c-4ala,confederate,' f.csv || fail "--side confederate lost 4 Ala"

s=$(status "$gbacw" roster export demo.xml --side prussia)
[ "$s" = 1 ] || fail "unknown side: exit status $s, not 1"
s=$(status "$gbacw" roster)
[ "$s" = 2 ] || fail "no subcommand: exit status $s, not 2"
s=$(status "$gbacw" roster frobnicate demo.xml)
[ "$s" = 2 ] || fail "unknown subcommand: exit status $s, not 2"
s=$(status "$gbacw" roster import demo.xml)
[ "$s" = 2 ] || fail "import without CSV: exit status $s, not 2"
s=$(status "$gbacw" roster import demo.xml missing.csv)
[ "$s" = 1 ] || fail "missing CSV: exit status $s, not 1"

# what a spreadsheet in another locale writes: the same roster, found from the header row
"$gbacw" roster export demo.xml --delimiter semicolon > semi.csv || fail "export --delimiter semicolon"
head -n 1 semi.csv | grep -q '^id;side;kind;parent;name;' || fail "semicolon header: $(head -n 1 semi.csv)"
"$gbacw" roster export demo.xml --delimiter tab -o tab.csv || fail "export --delimiter tab -o"
head -n 1 tab.csv | grep -q "^id$(printf '\t')side$(printf '\t')kind" || fail "tab header: $(head -n 1 tab.csv)"
"$gbacw" roster export demo.xml --delimiter tab --encoding utf-16 -o utf16.csv || fail "export --encoding utf-16"
[ "$(head -c 4 utf16.csv | od -An -tx1 | tr -d ' ')" = fffe6900 ] || fail "utf-16: no little-endian byte order mark"
iconv -f UTF-16 -t UTF-8 utf16.csv | cmp -s - tab.csv || fail "utf-16 export is not the tab file in UTF-16"
for f in semi.csv tab.csv utf16.csv; do
  cp demo.xml before.xml
  "$gbacw" roster import demo.xml "$f" -o "re-$f.xml" >/dev/null 2>err.txt || fail "import $f: $(cat err.txt)"
  cmp -s before.xml "re-$f.xml" || fail "importing the unchanged $f changed the scenario"
done
sed 's/^u-14oh;union;infantry;u-webb;14 Oh;;;9;/u-14oh;union;infantry;u-webb;14 Oh;;;7;/' semi.csv > semi2.csv
cmp -s semi.csv semi2.csv && fail "the edit did not apply to the semicolon CSV"
"$gbacw" roster import demo.xml semi2.csv -o semi2.xml >/dev/null || fail "import an edited semicolon file"
grep -q 'id="u-14oh" type="infantry" designation="14 Oh" strength="7"' semi2.xml || fail "the semicolon edit is not in the file"
s=$(status "$gbacw" roster export demo.xml --delimiter pipe)
[ "$s" = 2 ] || fail "--delimiter pipe: exit status $s, not 2"
s=$(status "$gbacw" roster export demo.xml --encoding latin-1)
[ "$s" = 2 ] || fail "--encoding latin-1: exit status $s, not 2"
"$gbacw" roster export --help | grep -q 'gbacw roster export \[OPTION' || fail "export --help: no “gbacw roster export” usage line"

# The printed roster: a PDF of A4 pages (595 x 842 points, either way round), or A3 ones.
"$gbacw" roster export demo.xml -o roster.pdf || fail "export -o roster.pdf"
[ "$(head -c 5 roster.pdf)" = "%PDF-" ] || fail "roster.pdf is no PDF"
grep -aq "MediaBox \[ *0 0 \(595\.2[0-9]* 841\.8\|841\.8[0-9]* 595\.2\)" roster.pdf || fail "roster.pdf's pages are not A4"
"$gbacw" roster export demo.xml -o roster-a3.pdf --paper a3 || fail "export -o roster-a3.pdf --paper a3"
grep -aq "MediaBox \[ *0 0 \(841\.8[0-9]* 1190\.5\|1190\.5[0-9]* 841\.8\)" roster-a3.pdf || fail "roster-a3.pdf's pages are not A3"
s=$(status "$gbacw" roster export demo.xml -o roster.pdf --paper b7)
[ "$s" = 2 ] || fail "--paper b7: exit status $s, not 2"
s=$(status "$gbacw" roster export demo.xml -o roster.pdf --delimiter tab)
[ "$s" = 2 ] || fail "--delimiter with a PDF: exit status $s, not 2"
s=$(status "$gbacw" roster export demo.xml -o x.csv --paper a4)
[ "$s" = 2 ] || fail "--paper with a CSV: exit status $s, not 2"

[ "$failures" = 0 ] && echo "gbacw roster: all checks passed"
exit "$failures"
