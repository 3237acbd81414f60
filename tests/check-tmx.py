#!/usr/bin/env python3
"""check-tmx.py SCENARIO OUT.tmx: the Tiled map `gbacw export --format tmx` wrote matches the
scenario: a hexagonal map of its size and geometry, tilesets whose images exist with the sizes
given, a terrain layer whose tiles name each hex's terrain, hexside layers whose tiles name the
features of the hexsides, a polyline per line with every segment of the scenario's lines, a text
object per label and a tile object per deployed counter at its hex. Exit 1 on any mismatch."""
import math, os, struct, sys
import xml.etree.ElementTree as ET

NS = {"s": "urn:gbacw:scenario"}
R = 82   # GBACW_TMX_HEX_RADIUS
failures = []


def fail(message):
    failures.append(message)


def png_size(path):
    with open(path, "rb") as f:
        head = f.read(24)
    if head[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path} is no PNG")
    return struct.unpack(">II", head[16:24])


scenario = ET.parse(sys.argv[1]).getroot()
tmx_path = sys.argv[2]
tmx = ET.parse(tmx_path).getroot()
m = scenario.find("s:map", NS)
cols, rows = int(m.get("columns")), int(m.get("rows"))
pointy = m.get("orientation") == "pointy"
shift = m.get("shift", "odd")
first, digits = int(m.get("first", "1")), int(m.get("digits", "2"))


def hex_of(label):
    return int(label[:digits]) - first, int(label[digits:]) - first


# The map element.
expect = {"orientation": "hexagonal", "width": str(cols), "height": str(rows),
          "staggeraxis": "y" if pointy else "x", "staggerindex": shift, "hexsidelength": str(R)}
tile_w, tile_h = (2 * round(math.sqrt(3) * R / 2), 2 * R) if pointy else (2 * R, 2 * round(math.sqrt(3) * R / 2))
expect["tilewidth"], expect["tileheight"] = str(tile_w), str(tile_h)
for k, v in expect.items():
    if tmx.get(k) != v:
        fail(f"map {k}={tmx.get(k)!r}, expected {v!r}")
props = {p.get("name"): p.get("value") for p in tmx.findall("properties/property")}
if props.get("first-number") != str(first) or props.get("digits") != str(digits):
    fail(f"map properties {props}")
if tmx.get("tilewidth", "0") and (int(tmx.get("tilewidth")) % 2 or int(tmx.get("tileheight")) % 2):
    fail("Tiled's hexagonal renderer needs even tile sizes")

# Tilesets: images beside the TMX of the size the tileset says; gids in order, no overlap.
tilesets = []
next_gid = 1
for ts in tmx.findall("tileset"):
    firstgid, count, columns = int(ts.get("firstgid")), int(ts.get("tilecount")), int(ts.get("columns"))
    if firstgid != next_gid:
        fail(f"tileset {ts.get('name')} starts at gid {firstgid}, expected {next_gid}")
    next_gid = firstgid + count
    img = ts.find("image")
    path = os.path.join(os.path.dirname(tmx_path), img.get("source"))
    if not os.path.isfile(path):
        fail(f"tileset image {path} missing")
    else:
        w, h = png_size(path)
        if (w, h) != (int(img.get("width")), int(img.get("height"))):
            fail(f"{path} is {w}x{h}, the tileset says {img.get('width')}x{img.get('height')}")
        tw, th = int(ts.get("tilewidth")), int(ts.get("tileheight"))
        if columns * tw > w or math.ceil(count / columns) * th > h:
            fail(f"tileset {ts.get('name')}: {count} tiles do not fit its image")
    tiles = {int(t.get("id")): {p.get("name"): p.get("value") for p in t.findall("properties/property")}
             for t in ts.findall("tile")}
    tilesets.append((ts.get("name"), firstgid, count, tiles))
by_name = {t[0]: t for t in tilesets}


def tile_props(gid, name):
    _, firstgid, count, tiles = by_name[name]
    if not firstgid <= gid < firstgid + count:
        fail(f"gid {gid} is not in tileset {name}")
        return {}
    return tiles.get(gid - firstgid, {})


def layer_gids(layer):
    if layer.get("width") != str(cols) or layer.get("height") != str(rows):
        fail(f"layer {layer.get('name')} is {layer.get('width')}x{layer.get('height')}")
    data = layer.find("data")
    gids = [int(x) for x in data.text.replace("\n", "").split(",") if x.strip()]
    if len(gids) != cols * rows:
        fail(f"layer {layer.get('name')} has {len(gids)} cells, expected {cols * rows}")
    return gids


# Terrain: each hex's tile names its terrain (codes in the rows, ids in the tile).
codes = {t.get("code"): t.get("id") for t in scenario.findall("s:terrain-catalogue/s:hex-terrain", NS)}
layers = {l.get("name"): l for l in tmx.findall("layer")}
if "terrain" not in layers:
    fail("no terrain layer")
else:
    gids = layer_gids(layers["terrain"])
    terrain_rows = m.findall("s:terrain/s:row", NS)
    for r, row in enumerate(terrain_rows):
        for c, token in enumerate(row.text.split()):
            ids = " ".join(codes[code] for code in token.split("+")) if token not in ("-", "") else ""
            gid = gids[r * cols + c]
            got = tile_props(gid, "terrain").get("terrain", "") if gid else ""
            if ids and got != ids:
                fail(f"hex {c},{r}: terrain tile says {got!r}, the scenario {ids!r}")
                break

# Hexsides: every feature of the scenario is in a hexside tile.
side_layers = [l for name, l in layers.items() if name.startswith("hexsides")]
features_in_tiles = 0
for l in side_layers:
    for gid in layer_gids(l):
        if gid:
            features_in_tiles += len(tile_props(gid, "hexsides").get("features", "").split())
features = sum(len(h.get("features", "").split()) for h in m.findall("s:hexsides/s:hexside", NS))
if features_in_tiles != features:
    fail(f"hexside tiles show {features_in_tiles} features, the scenario has {features}")

# Lines: the polylines' segments are the scenario's.
groups = {g.get("name"): g for g in tmx.findall("objectgroup")}
for line_type in scenario.findall("s:terrain-catalogue/s:line-type", NS):
    want = set()
    for line in m.findall("s:lines/s:line", NS):
        if line.get("type") == line_type.get("id"):
            hexes = line.text.split()
            want |= {frozenset((a, b)) for a, b in zip(hexes, hexes[1:])}
    group = groups.get(f"lines: {line_type.get('name')}")
    if not want:
        continue
    if group is None:
        fail(f"no object layer for line type {line_type.get('id')}")
        continue
    got = 0
    for obj in group.findall("object"):
        points = obj.find("polyline").get("points").split()
        got += len(points) - 1
    if got != len(want):
        fail(f"lines {line_type.get('id')}: {got} segments in polylines, {len(want)} in the scenario")

# Labels.
labels = m.findall("s:labels/s:label", NS)
got = len(groups["labels"].findall("object")) if "labels" in groups else 0
if got != len(labels):
    fail(f"{got} label objects, {len(labels)} labels")
for obj in groups.get("labels", ET.Element("x")).findall("object"):
    if obj.find("text") is None:
        fail("a label object without text")

# Counters: one tile object per deployed unit, at its hex.
places = {p.get("unit"): p.get("hex") for p in scenario.findall("s:deployment/s:place", NS)}
objs = groups["counters"].findall("object") if "counters" in groups else []
if len(objs) != len(places):
    fail(f"{len(objs)} counter objects, {len(places)} deployed units")
if "counters" in groups and groups["counters"].get("draworder") != "index":
    fail("counters are not drawn in stack order")
for obj in objs:
    p = {x.get("name"): x.get("value") for x in obj.findall("properties/property")}
    unit = p.get("unit")
    if places.get(unit) != p.get("hex"):
        fail(f"counter {unit} at {p.get('hex')}, the scenario has {places.get(unit)}")
        continue
    tile_props(int(obj.get("gid")), "counters")
    # The object's centre (it turns about its bottom left corner) near the hex's cell centre.
    c, r = hex_of(p["hex"])
    staggered = lambda i: (i % 2 == 1) == (shift == "odd")
    if pointy:
        cx = c * tile_w + (tile_w // 2 if staggered(r) else 0) + tile_w / 2
        cy = r * ((tile_h + R) // 2) + tile_h / 2
    else:
        cx = c * ((tile_w + R) // 2) + tile_w / 2
        cy = r * tile_h + (tile_h // 2 if staggered(c) else 0) + tile_h / 2
    a = math.radians(float(obj.get("rotation", "0")))
    w, h = float(obj.get("width")), float(obj.get("height"))
    ox = float(obj.get("x")) + w / 2 * math.cos(a) + h / 2 * math.sin(a)
    oy = float(obj.get("y")) + w / 2 * math.sin(a) - h / 2 * math.cos(a)
    if math.hypot(ox - cx, oy - cy) > 0.16 * R + 1:
        fail(f"counter {unit} centred at {ox:.1f},{oy:.1f}, its hex at {cx:.1f},{cy:.1f}")

ids = [int(o.get("id")) for o in tmx.iter("object")]
if len(ids) != len(set(ids)) or (ids and int(tmx.get("nextobjectid")) <= max(ids)):
    fail("object ids are not unique or nextobjectid is not above them")
for f in failures:
    print(f)
print(f"{os.path.basename(tmx_path)}: {len(tilesets)} tilesets, {len(layers)} tile layers, {len(groups)} object layers: "
      + ("ok" if not failures else f"{len(failures)} problems"))
sys.exit(1 if failures else 0)
