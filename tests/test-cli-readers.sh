#!/bin/sh
# test-cli-readers.sh GBACW: every command that reads a user's file refuses a named pipe,
# a device, a folder and a file over its limit (a sparse file: nothing is written), with
# a message naming the file, exit status 1, and never blocks (each command runs under
# timeout 10: a hang fails). play, replay and balance refuse a scenario with errors and
# play it with --force.
set -u
gbacw=$1
data=${GBACW_DATADIR:?GBACW_DATADIR must name the data folder}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
n=0

check () { # check NAME EXPECTED_STATUS PATTERN COMMAND...: status, and PATTERN on standard error
  name=$1 expected=$2 pattern=$3
  shift 3
  n=$((n + 1))
  timeout 10 "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
  status=$?
  if [ "$status" -eq 124 ]; then
    echo "not ok $n - $name: still running after 10 s"; failures=$((failures + 1))
  elif [ "$status" -ne "$expected" ]; then
    echo "not ok $n - $name: exit $status, expected $expected"; sed 's/^/# /' "$tmp/err"
    failures=$((failures + 1))
  elif ! grep -q -- "$pattern" "$tmp/err"; then
    echo "not ok $n - $name: no '$pattern' in"; sed 's/^/# /' "$tmp/err"; failures=$((failures + 1))
  else
    echo "ok $n - $name"
  fi
}

cd "$tmp" || exit 1
cp "$data/scenarios/demo.xml" demo.xml
mkfifo pipe
mkdir folder
truncate -s 300M huge
truncate -s 65M huge.csv
"$gbacw" roster export demo.xml -o roster.csv >/dev/null 2>&1 || { echo "not ok - roster export"; exit 1; }
"$gbacw" play demo.xml --turns 1 --record game.xml >/dev/null 2>&1 || { echo "not ok - play"; exit 1; }

# the scenario, as each command reads it
for what in pipe:"is a named pipe, not a file: give the path of a scenario file" \
            /dev/zero:"is a character device, not a file" folder:"is a folder, not a file" \
            huge:"huge is 300 MiB; a scenario may be at most 256 MiB"; do
  file=${what%%:*} words=${what#*:}
  check "info $file" 1 "$words" "$gbacw" info "$file"
  check "convert $file" 1 "$words" "$gbacw" convert "$file" out.xml
  check "check $file" 1 "$words" "$gbacw" check "$file"
  check "los $file" 1 "$words" "$gbacw" los "$file" 0101 0102
  check "moves $file" 1 "$words" "$gbacw" moves "$file" u-14oh
  check "play $file" 1 "$words" "$gbacw" play "$file"
  check "render $file" 1 "$words" "$gbacw" render "$file" -o out.png
  check "roster export $file" 1 "$words" "$gbacw" roster export "$file"
  check "roster import $file" 1 "$words" "$gbacw" roster import "$file" roster.csv
  check "balance $file" 1 "$words" "$gbacw" balance "$file" --games 1 -q
  check "generate --template $file" 1 "$words" "$gbacw" generate --template "$file" out.xml
  # a record whose scenario= names it: the record's line, then the scenario's error
  sed "s|scenario=\"[^\"]*\"|scenario=\"$file\"|" game.xml > names.xml
  check "replay of a record naming $file" 1 "^gbacw: names.xml:2: the scenario it plays, $file, could not be loaded: .*$words" \
    "$gbacw" replay names.xml
done

# the record itself
check "replay pipe" 1 "pipe is a named pipe, not a file: give the path of a game record file" "$gbacw" replay pipe
check "replay /dev/zero" 1 "is a character device, not a file" "$gbacw" replay /dev/zero
check "replay folder" 1 "folder is a folder, not a file" "$gbacw" replay folder
check "replay huge" 1 "huge is 300 MiB; a game record may be at most 256 MiB" "$gbacw" replay huge

# the roster
check "roster import pipe" 1 "pipe is a named pipe, not a file: give the path of a roster (CSV) file" \
  "$gbacw" roster import demo.xml pipe -o out.xml
check "roster import /dev/zero" 1 "is a character device, not a file" "$gbacw" roster import demo.xml /dev/zero -o out.xml
check "roster import huge.csv" 1 "huge.csv is 65 MiB; a roster may be at most 64 MiB" \
  "$gbacw" roster import demo.xml huge.csv -o out.xml

# the background image: drawn without it, with a warning that says why
for what in pipe:"is a named pipe, not a file: give the path of an image file" \
            huge:"huge is 300 MiB; an image may be at most 256 MiB"; do
  file=${what%%:*} words=${what#*:}
  sed "s|  </map>|    <background file=\"$file\" opacity=\"0.5\"/>\n  </map>|" demo.xml > bg.xml
  check "render with a background $file" 0 "background image not drawn: .*$words" "$gbacw" render bg.xml -o out.png
done

# a scenario with errors: refused by play, replay and balance, listed as check lists them
sed '/<chart id="fire-crt"/,/<\/chart>/d' demo.xml > nofire.xml
check "play refuses a scenario with errors" 1 "nofire.xml: the scenario has 1 error (above), so it is not played" \
  "$gbacw" play nofire.xml --turns 1
check "play lists the errors as check does" 1 "^nofire.xml:chart:fire-crt: error: \[9.16\]" "$gbacw" play nofire.xml --turns 1
check "balance refuses a scenario with errors" 1 "so it is not played" "$gbacw" balance nofire.xml --games 1 -q
check "play --force plays it and says so" 0 "nofire.xml: played despite 1 error (--force)" \
  "$gbacw" play nofire.xml --turns 1 --force --ai both
sed 's|scenario="demo.xml"|scenario="nofire.xml"|' game.xml > nofire-game.xml
check "replay refuses a record of a scenario with errors" 1 "nofire.xml: the scenario has 1 error" "$gbacw" replay nofire-game.xml
sed 's/<row id="1" name="1 (Ammo Deplete?)">— |/<row id="1" name="1 (Ammo Deplete?)">NaN |/' demo.xml > nan.xml
check "play refuses a NaN chart cell" 1 "nan.xml:chart:fire-crt/1/1: error: \[9.16\] “NaN” is not a value this chart can hold" \
  "$gbacw" play nan.xml
sed 's/<turns first="1"/<turns first="-0"/' demo.xml > turn0.xml
check "play refuses Game-Turn -0" 1 "The first Game-Turn is 0; Game-Turns are numbered from 1" "$gbacw" play turn0.xml

echo "1..$n"
echo "$((n - failures)) passed, $failures failed"
[ "$failures" -eq 0 ]
