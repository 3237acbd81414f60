#!/bin/sh
# bench-tmxrasterizer.sh GBACW: `gbacw render --size 4000` of a generated 200x200
# scenario with all layers, side by side with Tiled's tmxrasterizer rendering a
# 200x200 hexagonal TMX map (flat-topped hexes, stagger axis x) to a PNG 4000 pixels
# high, loading included. Prints both times and their ratio; exits 1 when gbacw is
# the slower, 77 (skipped) when tmxrasterizer (Debian package tiled) is missing.
# GBACW_BENCH_QUICK=1: 2 runs each, and fails only when gbacw takes more than twice
# tmxrasterizer's time (the margin of the other benchmarks' quick mode, bench-quick.h).
#
# The TMX map is as heavy as we can make it fairly: three tile layers (terrain on
# every hex, a sparse feature layer, a grid outline on every hex) and an object layer
# with 5000 counters and 200 text labels, like the scenario's units and place names.
set -u
gbacw=${1:?usage: bench-tmxrasterizer.sh GBACW}
if ! command -v tmxrasterizer >/dev/null 2>&1; then
  echo "tmxrasterizer not found (apt-get install tiled): skipped"
  exit 77
fi
command -v python3 >/dev/null 2>&1 || { echo "python3 not found: skipped"; exit 77; }
export QT_QPA_PLATFORM=offscreen
export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-$(mktemp -d)}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
size=4000
quick=0
case "${GBACW_BENCH_QUICK:-}" in ""|0) ;; *) quick=1 ;; esac
if [ $quick = 1 ]; then
  runs=${BENCH_RUNS:-2}
  echo "bench-tmxrasterizer: quick mode (GBACW_BENCH_QUICK): $runs runs, limit twice tmxrasterizer's time"
else
  runs=${BENCH_RUNS:-5}
fi

# The scenario: 200x200 hexes, 5000 units, seed 1 (as bench-render).
"$gbacw" generate --size 200x200 --units 5000 --seed 1 "$tmp/big.xml" || exit 1

# The TMX map and its tileset (a PNG written by python's zlib: no imaging library needed).
python3 - "$tmp" <<'PY' || exit 1
import random, struct, sys, zlib, math
tmp = sys.argv[1]
W, H, SIDE = 64, 55, 32            # flat-topped hex tile: width, height, horizontal side
COLS = 8                           # tiles per row in the tileset image
colours = [(230,221,184),(46,139,46),(200,160,128),(120,160,90),(150,190,220),(170,140,100),
           (210,200,150),(90,120,60),(60,120,190),(140,90,40),(30,30,30),(240,240,240),
           (200,60,60),(60,60,200),(220,200,60),(110,110,110)]
rows_img = (len(colours) + COLS - 1) // COLS
iw, ih = COLS * W, rows_img * H
pix = bytearray(iw * ih * 4)
def inside(px, py):                # point in a flat-topped hex filling the tile
    cx, cy = W / 2, H / 2
    dx, dy = abs(px - cx), abs(py - cy)
    return dy <= H / 2 and dx <= W / 2 - dy * (W / 2 - SIDE / 2) / (H / 2)
for t, (r, g, b) in enumerate(colours):
    ox, oy = (t % COLS) * W, (t // COLS) * H
    outline = t == 10
    for y in range(H):
        for x in range(W):
            if not inside(x + 0.5, y + 0.5):
                continue
            edge = not (inside(x - 1.5, y + 0.5) and inside(x + 2.5, y + 0.5) and inside(x + 0.5, y - 1.5) and inside(x + 0.5, y + 2.5))
            if outline and not edge:
                continue
            i = ((oy + y) * iw + ox + x) * 4
            pix[i:i + 4] = bytes((r, g, b, 255))
raw = b"".join(b"\0" + bytes(pix[y * iw * 4:(y + 1) * iw * 4]) for y in range(ih))
def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xffffffff)
with open(f"{tmp}/hexes.png", "wb") as f:
    f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", iw, ih, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b""))

N = 200
rnd = random.Random(1)
def layer(lid, name, gids):
    rows = [",".join(str(g) for g in gids[r * N:(r + 1) * N]) for r in range(N)]
    return (f' <layer id="{lid}" name="{name}" width="{N}" height="{N}">\n  <data encoding="csv">\n'
            + ",\n".join(rows) + "\n  </data>\n </layer>\n")
terrain = [1 + rnd.choice([0, 0, 0, 0, 1, 1, 2, 3, 5, 6, 7]) for _ in range(N * N)]
features = [1 + rnd.choice([4, 8, 9, 12, 13, 14]) if rnd.random() < 0.1 else 0 for _ in range(N * N)]
grid = [11] * (N * N)
step_x, step_y = W - (W - SIDE) / 2, H
objects = []
oid = 1
for u in range(5000):               # counters: squares half a hex wide
    c, r = rnd.randrange(N), rnd.randrange(N)
    x = c * step_x + W / 2 - 14
    y = r * step_y + (H / 2 if c % 2 else 0) + H / 2 - 14
    objects.append(f'  <object id="{oid}" name="unit {u}" x="{x:.1f}" y="{y:.1f}" width="28" height="28"/>')
    oid += 1
for k in range(200):                # place names
    c, r = rnd.randrange(N), rnd.randrange(N)
    objects.append(f'  <object id="{oid}" x="{c * step_x:.1f}" y="{r * step_y:.1f}" width="160" height="24">'
                   f'<text pixelsize="16" wrap="0">Place {k}</text></object>')
    oid += 1
with open(f"{tmp}/big.tmx", "w") as f:
    f.write(f'<?xml version="1.0" encoding="UTF-8"?>\n'
            f'<map version="1.8" tiledversion="1.8.2" orientation="hexagonal" renderorder="right-down" '
            f'width="{N}" height="{N}" tilewidth="{W}" tileheight="{H}" hexsidelength="{SIDE}" '
            f'staggeraxis="x" staggerindex="odd" infinite="0" nextlayerid="5" nextobjectid="{oid}">\n'
            f' <tileset firstgid="1" name="hexes" tilewidth="{W}" tileheight="{H}" tilecount="{len(colours)}" columns="{COLS}">\n'
            f'  <image source="hexes.png" width="{iw}" height="{ih}"/>\n </tileset>\n')
    f.write(layer(1, "terrain", terrain))
    f.write(layer(2, "features", features))
    f.write(layer(3, "grid", grid))
    f.write(' <objectgroup id="4" name="units">\n' + "\n".join(objects) + "\n </objectgroup>\n</map>\n")
PY

# Both must work before they are timed.
tmxrasterizer --size "$size" "$tmp/big.tmx" "$tmp/tmx.png" 2>"$tmp/tmx.err" || { cat "$tmp/tmx.err"; exit 1; }
"$gbacw" render "$tmp/big.xml" -o "$tmp/gbacw.png" --size "$size" || exit 1
python3 - "$tmp/tmx.png" "$tmp/gbacw.png" <<'PY'
import struct, sys
for p in sys.argv[1:]:
    with open(p, "rb") as f:
        head = f.read(24)
    w, h = struct.unpack(">II", head[16:24])
    print(f"{p.rsplit('/', 1)[1]}: {w} x {h} pixels")
PY

median () { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
time_cmd () { # time_cmd COMMAND...: median seconds of $runs runs, after one warm-up
  "$@" >/dev/null 2>&1
  i=0
  while [ $i -lt "$runs" ]; do
    s=$(date +%s.%N); "$@" >/dev/null 2>&1; e=$(date +%s.%N)
    echo "$e - $s" | bc -l 2>/dev/null || python3 -c "print($e - $s)"
    i=$((i + 1))
  done | median
}

if command -v hyperfine >/dev/null 2>&1; then
  hyperfine --warmup 1 --runs "$runs" --style basic --export-json "$tmp/h.json" \
    -n tmxrasterizer "tmxrasterizer --size $size $tmp/big.tmx $tmp/tmx.png" \
    -n "gbacw render" "$gbacw render $tmp/big.xml -o $tmp/gbacw.png --size $size" >"$tmp/h.out" 2>&1 \
    || { cat "$tmp/h.out"; exit 1; }
  cat "$tmp/h.out"
  set -- $(python3 -c "
import json, sys
r = json.load(open('$tmp/h.json'))['results']
print(r[0]['median'], r[1]['median'])")
  tmx=$1 ours=$2
else
  tmx=$(time_cmd tmxrasterizer --size "$size" "$tmp/big.tmx" "$tmp/tmx.png")
  ours=$(time_cmd "$gbacw" render "$tmp/big.xml" -o "$tmp/gbacw.png" --size "$size")
fi

python3 - "$tmx" "$ours" "$quick" <<'PY'
import sys
tmx, ours, quick = float(sys.argv[1]), float(sys.argv[2]), sys.argv[3] == "1"
limit = 0.5 if quick else 1.0
ok = tmx / ours > limit
print(f"tmxrasterizer --size 4000, 200x200 hexagonal TMX map:          {tmx:7.3f} s (median)")
print(f"gbacw render --size 4000, 200x200 scenario, all layers:        {ours:7.3f} s (median)")
print(f"ratio tmxrasterizer / gbacw render: {tmx / ours:.2f} (target > 1: gbacw render the faster"
      + (f", limit {limit}" if quick else "") + ") " + ("ok" if ok else "MISSED"))
sys.exit(0 if ok else 1)
PY
