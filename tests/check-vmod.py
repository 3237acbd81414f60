#!/usr/bin/env python3
"""check-vmod.py SCENARIO OUT.vmod: the VASSAL module `gbacw export --format vmod` wrote is a zip
of buildFile.xml, moduledata and the images they name; buildFile.xml uses VASSAL's classes with
the attributes VASSAL reads; every piece's text parses as VASSAL stores a piece (a Marker around
a BasicPiece); and the HexGrid, read as VASSAL's HexGrid and HexGridNumbering compute (their
getLocation, getCenterPoint and locationName, rewritten here), puts every hex label of the
scenario on that hex's centre in the board image and numbers that point with the same label, so
that a piece set up at hex 0305 lands on the cell VASSAL numbers 0305. Exit 1 on any mismatch."""
import io, math, os, re, struct, sys, zipfile
import xml.etree.ElementTree as ET

NS = {"s": "urn:gbacw:scenario"}
R = 48   # GBACW_VMOD_HEX_RADIUS
P = "VASSAL.build."
failures = []


def fail(message):
    failures.append(message)


scenario = ET.parse(sys.argv[1]).getroot()
vmod = zipfile.ZipFile(sys.argv[2])
if vmod.testzip() is not None:
    fail("a zip entry is corrupt")
names = set(vmod.namelist())
for required in ("buildFile.xml", "moduledata", "images/map.png"):
    if required not in names:
        fail(f"no {required} in the module")
build = ET.fromstring(vmod.read("buildFile.xml"))
data = ET.fromstring(vmod.read("moduledata"))
if build.tag != P + "GameModule":
    fail(f"root is {build.tag}")
if data.tag != "data" or data.find("VassalVersion") is None or data.find("name") is None:
    fail("moduledata lacks data/VassalVersion/name")
if data.find("name").text != build.get("name"):
    fail("moduledata and buildFile name the module differently")

m = scenario.find("s:map", NS)
cols, rows = int(m.get("columns")), int(m.get("rows"))
pointy = m.get("orientation") == "pointy"
shift = m.get("shift", "odd")
first, digits = int(m.get("first", "1")), int(m.get("digits", "2"))


def label(c, r):
    return f"{c + first:0{digits}d}{r + first:0{digits}d}"


def centre(c, r):
    """gbacw's hex centre in hex radii (gbacw_hex_grid_centre)."""
    if pointy:
        x = math.sqrt(3) * (c + 0.5 + (0.5 if (r % 2 == 1) == (shift == "odd") else 0))
        y = 1 + 1.5 * r
    else:
        x = 1 + 1.5 * c
        y = math.sqrt(3) * (r + 0.5 + (0.5 if (c % 2 == 1) == (shift == "odd") else 0))
    return x, y


def image_size(name):
    head = vmod.read("images/" + name)[:24]
    return struct.unpack(">II", head[16:24])


# Components VASSAL needs, by class.
maps = build.findall(P + "module.Map")
main = [mp for mp in maps if mp.get("mapName") == "Main Map"]
if len(main) != 1:
    fail("no single Main Map")
    main = maps[:1]
board = main[0].find(P + "module.map.BoardPicker/" + P + "module.map.boardPicker.Board")
grid_el = board.find(P + "module.map.boardPicker.board.HexGrid")
num_el = grid_el.find(P + "module.map.boardPicker.board.mapgrid.HexGridNumbering")
for tag in ("module.BasicCommandEncoder", "module.PlayerRoster", "module.Chatter", "module.PieceWindow"):
    if build.find(P + tag) is None:
        fail(f"no {tag}")
for mp in maps:
    for tag in ("StackMetrics", "PieceMover", "MenuDisplayer", "KeyBufferer", "CounterDetailViewer", "Zoomer"):
        if mp.find(P + "module.map." + tag) is None:
            fail(f"map {mp.get('mapName')} has no {tag}")

# Every element is a class VASSAL builds, with only attributes that class reads (its
# getAttributeNames () in VASSAL 3.6, plus the few its build () reads itself): an attribute
# VASSAL does not know is silently dropped, so a misspelt one is a setting lost.
LAUNCH = {"text", "tooltip", "icon", "hotkey"}
KNOWN = {
    "GameModule": {"name", "version", "VassalVersion", "description", "nextPieceSlotId", "ModuleOther1",
                   "ModuleOther2"},
    "module.BasicCommandEncoder": set(), "module.Documentation": set(), "module.Chatter": set(),
    "module.KeyNamer": set(),
    "module.PlayerRoster": {"buttonText", "buttonToolTip", "buttonKeyStroke", "buttonIcon", "description"},
    "module.GlobalOptions": {"autoReport", "centerOnMove", "nonOwnerUnmaskable", "playerIdFormat", "promptString",
                             "markMoved", "chatterHTMLSupport", "hotKeysOnClosedWindows", "inventoryForAll",
                             "sendToLocationMoveTrails", "storeLeadingZeroIntegersAsStrings"},
    "module.Map": {"mapName", "markMoved", "markUnmovedIcon", "markUnmovedText", "markUnmovedTooltip", "edgeWidth",
                   "edgeHeight", "backgroundcolor", "color", "thickness", "allowMultiple", "launch", "buttonName",
                   "tooltip", "icon", "hotkey", "suppressAuto", "moveWithinFormat", "moveToFormat", "createFormat",
                   "changeFormat", "moveKey", "movingStacksPickupUnits"},
    "module.map.BoardPicker": {"slotScale", "slotHeight", "slotWidth", "title", "addRowText", "addColumnText",
                               "boardPrompt", "maxColumns"},
    "module.map.boardPicker.Board": {"name", "image", "reversible", "color", "width", "height"},
    "module.map.boardPicker.board.HexGrid": {"sideways", "x0", "y0", "dy", "dx", "snapTo", "edgesLegal",
                                            "cornersLegal", "visible", "dotsVisible", "color", "snapscale"},
    "module.map.boardPicker.board.mapgrid.HexGridNumbering": {
        "first", "sep", "hType", "hLeading", "hOff", "hDescend", "vType", "vLeading", "vOff", "vDescend",
        "locationFormat", "visible", "fontSize", "color", "rotateText", "hDrawOff", "vDrawOff", "stagger"},
    "module.map.StackMetrics": {"disabled", "exSepX", "exSepY", "unexSepX", "unexSepY", "color", "top", "bottom",
                                "up", "down"},
    "module.map.ForwardToKeyBuffer": set(), "module.map.Scroller": set(), "module.map.ForwardToChatter": set(),
    "module.map.MenuDisplayer": set(), "module.map.MapCenterer": set(), "module.map.StackExpander": set(),
    "module.map.PieceMover": set(), "module.map.KeyBufferer": set(), "module.map.ImageSaver": set(),
    "module.map.CounterDetailViewer": set(),
    "module.map.Zoomer": {"zoomStart", "zoomLevels", "zoomInKey", "zoomOutKey", "zoomPickKey"},
    "module.map.SetupStack": {"name", "owningBoard", "useGridLocation", "location", "x", "y"},
    "module.PieceWindow": {"name", "hidden", "scale"} | LAUNCH,
    "module.ChartWindow": {"name"} | LAUNCH,
    "widget.TabWidget": {"entryName"},
    "widget.ListWidget": {"entryName", "width", "height", "scale", "divider"},
    "widget.PieceSlot": {"entryName", "gpid", "width", "height"},
    "widget.Chart": {"chartName", "fileName", "description"},
}
# What each must say for the module to work as gbacw means it.
REQUIRED = {
    "GameModule": {"name", "version", "VassalVersion", "nextPieceSlotId"},
    "module.Map": {"mapName"},
    "module.map.boardPicker.Board": {"name", "image"},
    "module.map.boardPicker.board.HexGrid": {"sideways", "x0", "y0", "dx", "dy", "snapTo"},
    "module.map.boardPicker.board.mapgrid.HexGridNumbering": {"first", "hLeading", "hOff", "vLeading", "vOff",
                                                              "stagger", "locationFormat"},
    "module.map.SetupStack": {"name", "owningBoard", "useGridLocation", "location", "x", "y"},
    "module.PieceWindow": {"name", "text"},
    "module.ChartWindow": {"name", "text"},
    "widget.PieceSlot": {"entryName", "gpid", "width", "height"},
    "widget.Chart": {"chartName", "fileName"},
}
for el in build.iter():
    if el.tag == "entry":  # PlayerRoster's sides
        continue
    if not el.tag.startswith(P) or el.tag[len(P):] not in KNOWN:
        fail(f"<{el.tag}> is no component VASSAL builds here")
        continue
    cls = el.tag[len(P):]
    for attr in el.attrib:
        if attr not in KNOWN[cls]:
            fail(f"<{cls}> has {attr}=, an attribute VASSAL does not read")
    for attr in REQUIRED.get(cls, ()):
        if attr not in el.attrib:
            fail(f"<{cls}> lacks {attr}=")
for el in build.iter(P + "module.PieceWindow"):
    if not el.get("text"):
        fail("the Counters window's toolbar button has no text")
# Zoomer: zoomLevels from most zoomed in to most zoomed out, zoomStart counted from 1 in that
# list; the map opens at 100 %.
for el in build.iter(P + "module.map.Zoomer"):
    levels = [float(x) for x in el.get("zoomLevels").split(",")]
    start = int(el.get("zoomStart"))
    if levels != sorted(levels, reverse=True) or not 1 <= start <= len(levels) or levels[start - 1] != 1.0:
        fail(f"Zoomer levels {levels} from {start} do not open the map at 100 %")

# Images named anywhere are in the zip.
referenced = {b.get("image") for b in build.iter(P + "module.map.boardPicker.Board")}
referenced |= {c.get("fileName") for c in build.iter(P + "widget.Chart")}

# Pieces: "+/null/" TYPES "/" STATES, a Marker around a BasicPiece.
gpids = []
slots = list(build.iter(P + "widget.PieceSlot"))
for slot in slots:
    text = slot.text or ""
    parts = text.split("/")
    if len(parts) != 4 or parts[0] != "+" or parts[1] != "null":
        fail(f"piece {slot.get('entryName')!r}: {text[:60]!r} is not +/null/TYPE/STATE")
        continue
    types, states = parts[2].split("\t"), parts[3].split("\t")
    if len(types) != 2 or not types[0].startswith("mark;") or not types[1].startswith("piece;"):
        fail(f"piece {slot.get('entryName')!r}: traits {types}")
        continue
    keys, values = types[0][5:].split(","), states[0].split(",")
    if len(keys) != len(values):
        fail(f"piece {slot.get('entryName')!r}: {len(keys)} properties, {len(values)} values")
    basic = types[1].split(";")
    if len(basic) != 5 or basic[4] != slot.get("entryName"):
        fail(f"piece {slot.get('entryName')!r}: basic piece {types[1]!r}")
    referenced.add(basic[3])
    gpid = states[1].split(";")[-1]
    if gpid != slot.get("gpid"):
        fail(f"piece {slot.get('entryName')!r}: gpid {gpid} in its state, {slot.get('gpid')} on the slot")
    gpids.append(int(slot.get("gpid")))
    w, h = image_size(basic[3]) if "images/" + basic[3] in names else (0, 0)
    if (w, h) != (int(slot.get("width")), int(slot.get("height"))):
        fail(f"piece {slot.get('entryName')!r}: slot {slot.get('width')}x{slot.get('height')}, image {w}x{h}")
if len(gpids) != len(set(gpids)) or (gpids and int(build.get("nextPieceSlotId")) <= max(gpids)):
    fail("gpids are not unique or nextPieceSlotId is not above them")
for name in referenced:
    if "images/" + name not in names:
        fail(f"images/{name} is named but not in the module")


def unit_of(slot):
    types, states = slot.text.split("/")[2].split("\t"), slot.text.split("/")[3].split("\t")
    return dict(zip(types[0][5:].split(","), states[0].split(","))).get("unit")


# The grid, as VASSAL reads it.
sideways = grid_el.get("sideways") == "true"
dx, dy = float(grid_el.get("dx")), float(grid_el.get("dy"))
x0, y0 = int(grid_el.get("x0")), int(grid_el.get("y0"))
if sideways != pointy:
    fail(f"sideways={sideways} for a {'pointy' if pointy else 'flat'} grid")
if abs(dx - 1.5 * R) > 1e-6 or abs(dy - math.sqrt(3) * R) > 1e-4:
    fail(f"dx {dx}, dy {dy} are not the spacing of {R}-pixel hexes")
first_h = num_el.get("first") == "H"
stagger = num_el.get("stagger") == "true"
h_off, v_off = int(num_el.get("hOff")), int(num_el.get("vOff"))
h_lead, v_lead = int(num_el.get("hLeading")), int(num_el.get("vLeading"))
if num_el.get("hDescend") != "false" or num_el.get("vDescend") != "false" or num_el.get("sep") != "":
    fail("numbering descends or has a separator")


def rot(p):
    return (p[1], p[0]) if sideways else p


def get_location(name):
    """HexGridNumbering.getLocation: the label's centre point, in board pixels."""
    h_pat, v_pat = f"(-?[0-9]{{{h_lead + 1},}})", f"(-?[0-9]{{{v_lead + 1},}})"
    mt = re.fullmatch(h_pat + v_pat if first_h else v_pat + h_pat, name)
    if mt is None:
        return None
    col_s, row_s = (mt.group(1), mt.group(2)) if first_h else (mt.group(2), mt.group(1))
    col, row = int(col_s) - h_off, int(row_s) - v_off
    if stagger and col % 2 != 0:
        row -= 1
    px = int(col * dx) + x0
    py = int(row * dy + (dy / 2 if col % 2 else 0)) + y0
    return rot((px, py))


def location_name(p):
    """HexGridNumbering.locationName of a point: getColumn, getRow, getName."""
    q = rot(p)
    col = math.floor((q[0] - x0) / dx + 0.5)
    nx = round((q[0] - x0) / dx)
    ny = round((q[1] - y0) / dy) if nx % 2 == 0 else round((q[1] - y0 - dy / 2) / dy)
    if stagger and col % 2 != 0:
        ny += 1
    col_name = f"{col + h_off:0{h_lead + 1}d}"
    row_name = f"{ny + v_off:0{v_lead + 1}d}"
    return col_name + row_name if first_h else row_name + col_name


bw, bh = image_size(board.get("image"))
checked = 0
for c in range(cols):
    for r in range(rows):
        name = label(c, r)
        p = get_location(name)
        if p is None:
            fail(f"VASSAL cannot parse the label {name}")
            break
        ex, ey = centre(c, r)
        # The board image is the map at R pixels per hex radius, moved by under a pixel so that
        # the first hex's centre is on a whole pixel; VASSAL truncates its centres to pixels.
        if abs(p[0] - ex * R) > 1.5 or abs(p[1] - ey * R) > 1.5:
            fail(f"VASSAL puts {name} at {p}, its centre on the board is {ex * R:.1f},{ey * R:.1f}")
            break
        if not (0 <= p[0] < bw and 0 <= p[1] < bh):
            fail(f"{name} at {p} is off the {bw}x{bh} board")
        if location_name(p) != name:
            fail(f"VASSAL numbers the centre of {name} as {location_name(p)}")
            break
        checked += 1

# The set-up: every deployed unit in the at-start stack at its hex.
places = {p.get("unit"): p.get("hex") for p in scenario.findall("s:deployment/s:place", NS)}
found = {}
for stack in main[0].findall(P + "module.map.SetupStack"):
    if stack.get("useGridLocation") != "true" or stack.get("owningBoard") != board.get("name"):
        fail(f"at-start stack {stack.get('name')} is not placed by grid location on the board")
    loc = stack.get("location")
    p = get_location(loc)
    if p is None or location_name(p) != loc:
        fail(f"at-start stack at {loc} does not land on {loc}")
    for slot in stack.findall(P + "widget.PieceSlot"):
        found[unit_of(slot)] = loc
if found != places:
    fail(f"at-start stacks {found} differ from the deployment {places}")

# Reinforcements: a stack per group, on the Reinforcements map; charts: one image each.
groups = scenario.findall("s:reinforcements/s:reinforcement", NS)
reinf = [mp for mp in maps if mp.get("mapName") == "Reinforcements"]
if groups:
    stacks = reinf[0].findall(P + "module.map.SetupStack") if reinf else []
    if len(stacks) != len(groups):
        fail(f"{len(stacks)} reinforcement stacks, {len(groups)} groups")
    for stack, group in zip(stacks, groups):
        if f"Game-Turn {group.get('turn')}" not in stack.get("name"):
            fail(f"reinforcement stack {stack.get('name')!r} for turn {group.get('turn')}")
        units = {unit_of(s) for s in stack.findall(P + "widget.PieceSlot")}
        listed = {u.get("ref") for u in group.findall("s:unit", NS)}
        if not listed <= units or not units:
            fail(f"reinforcement stack {stack.get('name')!r} holds {units}")
n_charts = len(scenario.findall("s:charts/s:chart", NS))
got = len(list(build.iter(P + "widget.Chart")))
if got != n_charts:
    fail(f"{got} charts in the ChartWindow, {n_charts} in the scenario")
n_units = len(scenario.findall(".//s:unit[@id]", NS)) + len(scenario.findall(".//s:leader", NS))
palette = build.find(P + "module.PieceWindow")
got = len(list(palette.iter(P + "widget.PieceSlot"))) if palette is not None else 0
if got != n_units:
    fail(f"{got} pieces in the palette, {n_units} units")

for f in failures:
    print(f)
print(f"{os.path.basename(sys.argv[2])}: {len(names)} entries, {len(slots)} pieces, {checked} hexes numbered as the "
      "scenario: " + ("ok" if not failures else f"{len(failures)} problems"))
sys.exit(1 if failures else 0)
