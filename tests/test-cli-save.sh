#!/bin/sh
# test-cli-save.sh GBACW: a failed save from the command line costs no file.
#
# Through a symbolic link the real file is replaced and the link stays; another hard link
# keeps the old bytes; the file and FILE~ keep the original's mode; a folder in the way is
# refused in plain words. On a real full disk (a 128 KiB tmpfs, as root; this part is
# skipped, and says so, when mounting is refused) every writer fails without touching the
# old file or its backup, leaves no temporary file, and names the user's file: convert,
# roster import in place, roster export -o, render PNG, SVG and PDF, play --record and --log.
set -u
gbacw=$1
data=${GBACW_DATADIR:?GBACW_DATADIR must name the data directory}
tmp=$(mktemp -d) || exit 1
mounted=""
cleanup () {
  [ -n "$mounted" ] && umount "$mounted"
  rm -rf "$tmp"
}
trap cleanup EXIT
cd "$tmp" || exit 1
failures=0
fail () { echo "FAIL: $*"; failures=$((failures + 1)); }
mode () { stat -c %a "$1"; }

cp "$data/scenarios/demo.xml" demo.xml
"$gbacw" generate --size 2x2 --units 0 small.xml || fail "generate small.xml"
"$gbacw" generate --size 3x2 --units 0 --seed 2 other.xml || fail "generate other.xml"

# ---------------------------------------------------------------- links and modes

mkdir real links
"$gbacw" convert demo.xml real/real.xml || fail "convert into real/"
ln -s ../real/real.xml links/link.xml
"$gbacw" convert small.xml links/link.xml || fail "convert through a symbolic link"
test -L links/link.xml || fail "the symbolic link was replaced by a file"
[ "$(readlink links/link.xml)" = "../real/real.xml" ] || fail "the link points elsewhere: $(readlink links/link.xml)"
cmp -s small.xml real/real.xml || fail "the real file did not get the new content"
cmp -s demo.xml real/real.xml~ || fail "the backup is not beside the real file"
test -e links/link.xml~ && fail "a backup beside the link"

cp demo.xml a.xml
ln a.xml b.xml
"$gbacw" convert small.xml a.xml || fail "convert over a hard-linked file"
cmp -s small.xml a.xml || fail "a.xml did not get the new content"
cmp -s demo.xml b.xml || fail "the other hard link was rewritten in place"

chmod 640 a.xml
"$gbacw" convert other.xml a.xml || fail "convert over a 0640 file"
[ "$(mode a.xml)" = 640 ] || fail "the new file's mode is $(mode a.xml), not 640"
[ "$(mode a.xml~)" = 640 ] || fail "the backup's mode is $(mode a.xml~), not 640"

mkdir map.png
"$gbacw" render small.xml -o map.png 2>err.txt && fail "render over a folder succeeded"
grep -q "map.png: could not save: it is a folder; choose a file name" err.txt || fail "folder message: $(cat err.txt)"

# ---------------------------------------------------------------- a full disk

mkdir full
if [ "$(id -u)" != 0 ]; then
  echo "SKIP the full disk: not root, cannot mount a small tmpfs"
elif ! mount -t tmpfs -o size=128k tmpfs full 2>err.txt; then
  echo "SKIP the full disk: mounting a tmpfs was refused: $(cat err.txt)"
else
  mounted=$tmp/full
  "$gbacw" convert small.xml full/T.xml || fail "first save on the tmpfs"
  "$gbacw" convert other.xml full/T.xml || fail "second save on the tmpfs"
  "$gbacw" roster export small.xml > roster.csv || fail "roster export"
  for f in r.csv map.png map.svg map.pdf game.xml game.log; do
    printf 'the old %s\n' "$f" > "full/$f"
  done
  cp full/T.xml T.saved
  cp full/T.xml~ T.backup
  dd if=/dev/zero of=full/filler bs=4096 2>/dev/null
  before=$(ls -A full)

  check () { # check WHAT FILE: the command failed, naming FILE, and nothing changed
    grep -q "full/$2: could not save: the disk is full; free some space or save elsewhere" err.txt ||
      fail "$1: message: $(cat err.txt)"
    grep -q "full/\.$2\." err.txt && fail "$1: the message names a temporary file: $(cat err.txt)"
    [ "$(ls -A full)" = "$before" ] || fail "$1: the folder now holds: $(ls -A full)"
    cmp -s full/T.xml T.saved || fail "$1: T.xml changed"
    cmp -s full/T.xml~ T.backup || fail "$1: T.xml~ changed"
  }
  for attempt in 1 2; do
    "$gbacw" convert demo.xml full/T.xml 2>err.txt && fail "convert on a full disk succeeded"
    check "convert $attempt" T.xml
  done
  "$gbacw" roster import full/T.xml roster.csv >/dev/null 2>err.txt && fail "roster import on a full disk succeeded"
  check "roster import" T.xml
  "$gbacw" info full/T.xml >/dev/null || fail "T.xml no longer loads"
  "$gbacw" info full/T.xml~ >/dev/null || fail "T.xml~ no longer loads"

  "$gbacw" roster export demo.xml -o full/r.csv 2>err.txt && fail "roster export on a full disk succeeded"
  check "roster export" r.csv
  for ext in png svg pdf; do
    "$gbacw" render demo.xml -o "full/map.$ext" 2>err.txt && fail "render $ext on a full disk succeeded"
    check "render $ext" "map.$ext"
    [ "$(cat "full/map.$ext")" = "the old map.$ext" ] || fail "render $ext: the old image changed"
  done
  "$gbacw" play demo.xml --turns 1 --record full/game.xml >/dev/null 2>err.txt && fail "play --record on a full disk succeeded"
  check "play --record" game.xml
  "$gbacw" play demo.xml --turns 1 --log full/game.log >/dev/null 2>err.txt && fail "play --log on a full disk succeeded"
  check "play --log" game.log
  for f in r.csv game.xml game.log; do
    [ "$(cat "full/$f")" = "the old $f" ] || fail "$f changed"
  done

  # with room again, the same save goes through and keeps the backup
  rm full/filler
  "$gbacw" convert small.xml full/T.xml || fail "convert once there is room"
  cmp -s small.xml full/T.xml || fail "the save with room did not write the file"
  cmp -s T.saved full/T.xml~ || fail "the save with room did not keep the old file as T.xml~"
fi

[ "$failures" = 0 ] && echo "gbacw saves: all checks passed"
exit "$failures"
