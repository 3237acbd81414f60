#!/bin/sh
# test-render-reference.sh GBACW COMPARE-PNG REFDIR: `gbacw render` draws the demo
# scenario as the reference picture REFDIR/demo-800.png, within a tolerance (see
# compare-png.c). After an intended change to the map's look, regenerate it with
#   GBACW_UPDATE_REFERENCE=1 meson test -C build test-render-reference
# and look at the new picture before committing it.
set -u
gbacw=$1 compare=$2 refdir=$3
data=${GBACW_DATADIR:?GBACW_DATADIR must name the data folder}
reference=$refdir/demo-800.png
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$gbacw" render "$data/scenarios/demo.xml" -o "$tmp/demo.png" --size 800 || { echo "gbacw render failed"; exit 1; }

if [ "${GBACW_UPDATE_REFERENCE:-}" = 1 ]; then
  mkdir -p "$refdir" && cp "$tmp/demo.png" "$reference" || exit 1
  echo "wrote $reference"
  exit 0
fi
if [ ! -f "$reference" ]; then
  echo "no reference picture $reference: make it with GBACW_UPDATE_REFERENCE=1"
  exit 1
fi
# On a mismatch, keep the picture and the difference beside the build for a look.
if ! "$compare" "$reference" "$tmp/demo.png" "$tmp/diff.png"; then
  out=${MESON_BUILD_ROOT:-.}/test-render-reference
  mkdir -p "$out" && cp "$tmp/demo.png" "$tmp/diff.png" "$out/" && echo "rendered and difference pictures: $out"
  exit 1
fi
