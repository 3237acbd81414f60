#!/bin/sh
# test-tmxrasterizer.sh GBACW COMPARE-PNG: Tiled's own tmxrasterizer draws the map that
# `gbacw export --format tmx` wrote as `gbacw render` draws the scenario. Skipped (77) where
# tmxrasterizer (Debian package tiled) is not installed.
#
# Compared: terrain, elevation, hexsides, labels and counters, at the tiles' 82 pixels per
# hex radius, pixels outside every hex (transparent in Tiled's image) left out. The line
# object layers are hidden: Tiled draws a polyline as a thin line of its own. What still
# differs: every hex of a terrain shows the same tile, so tree symbols stand where the tile
# has them rather than where the renderer scatters them per hex; a stack's "+N" badge;
# fonts' hinting. The wrong stagger index, as a check that the comparison can fail, must
# not match.
set -u
gbacw=$1 compare=$2
data=${GBACW_DATADIR:?GBACW_DATADIR must name the data folder}
if ! command -v tmxrasterizer >/dev/null 2>&1; then
  echo "tmxrasterizer not found (apt-get install tiled): skipped"
  exit 77
fi
export QT_QPA_PLATFORM=offscreen
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export XDG_RUNTIME_DIR=$tmp
status=0

"$gbacw" export --format tmx "$data/scenarios/demo.xml" -o "$tmp/demo.tmx" || exit 1
hide=$(grep -o 'objectgroup id="[0-9]*" name="lines: [^"]*"' "$tmp/demo.tmx" | sed 's/.*name="\(.*\)"/\1/')
rasterize () { # rasterize TMX PNG: all layers but the lines
  set -- "$1" "$2"
  printf '%s\n' "$hide" | {
    args=""
    while IFS= read -r layer; do [ -n "$layer" ] && args="$args --hide-layer '$layer'"; done
    eval "tmxrasterizer -a $args \"\$1\" \"\$2\""
  }
}
rasterize "$tmp/demo.tmx" "$tmp/tmx.png" 2>"$tmp/err" || { cat "$tmp/err"; exit 1; }
"$gbacw" render "$data/scenarios/demo.xml" -o "$tmp/gbacw.png" --zoom 82 \
  --layers terrain,elevation,hexsides,labels,units || exit 1
echo "tmxrasterizer against gbacw render:"
"$compare" --size-tolerance 2 --ignore-transparent --max-fraction 0.06 "$tmp/gbacw.png" "$tmp/tmx.png" || status=1

sed 's/staggerindex="odd"/staggerindex="even"/' "$tmp/demo.tmx" >"$tmp/wrong.tmx"
rasterize "$tmp/wrong.tmx" "$tmp/wrong.png" 2>"$tmp/err" || { cat "$tmp/err"; exit 1; }
echo "the same TMX with the wrong stagger index (must not match):"
if "$compare" --size-tolerance 2 --ignore-transparent --max-fraction 0.06 "$tmp/gbacw.png" "$tmp/wrong.png"; then
  status=1
fi
exit $status
