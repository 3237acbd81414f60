#!/bin/sh
# test-cli-trace.sh GBACW: `gbacw trace SCENARIO --samples FILE -o OUT [--report]` end to end.
# The scan is the demo's map drawn by `gbacw render` (terrain, grid and hex numbers, 24 pixels
# a hex radius: the calibration is 24 0 0 24 0 0); the scenario traced is the demo with its
# terrain erased and that scan as its background. With three sample hexes per terrain OUT
# must have at least 95% of the other hexes' terrain right, the report must list every hex,
# and the samples file's mistakes, a missing or uncalibrated scan and usage errors must exit
# 1 and 2 with their messages. Hexside features and lines, and elevation (the demo drawn
# with its levels shaded, a few hexes marked with `elevation LEVEL HEX…`), are scored too.
. "${0%/*}/cli-test-lib.sh"
status () { "$@" >out.txt 2>err.txt; echo $?; }

"$gbacw" render "$data/scenarios/demo.xml" -o scan.png --zoom 24 --layers terrain,grid,hex-numbers ||
  { echo "FAIL: gbacw render"; exit 1; }

# blank.xml: the demo, unpainted, over the scan; samples.txt: three hexes of each terrain
# with three or more single-terrain hexes (the first, the middle and the last).
python3 - "$data/scenarios/demo.xml" <<'EOF' || { echo "FAIL: could not make the scenario"; exit 1; }
import re, sys
text = open(sys.argv[1], encoding="utf-8").read()
codes = dict((c, i) for i, c in re.findall(r'<hex-terrain id="([^"]+)" code="([^"]+)"', text))
block = re.search(r"<terrain>(.*?)</terrain>", text, re.S)
rows = re.findall(r'<row n="(\d+)">([^<]*)</row>', block.group(1))
truth = {}
for n, tokens in rows:
    for col, token in enumerate(tokens.split()):
        if token in codes:
            truth["%02d%s" % (col + 1, n)] = codes[token]
blank = re.sub(r'(<row n="\d+">)([^<]*)(</row>)',
               lambda m: m.group(1) + " ".join("-" for _ in m.group(2).split()) + m.group(3), block.group(0))
text = text[:block.start()] + blank + text[block.end():]
text = text.replace("</map>", '  <background file="scan.png" opacity="0.5" transform="24 0 0 24 0 0"/>\n  </map>', 1)
open("blank.xml", "w", encoding="utf-8").write(text)
with open("samples.txt", "w") as out, open("truth.txt", "w") as t:
    out.write("# three sample hexes per terrain\n")
    for terrain in sorted(set(truth.values())):
        hexes = sorted(h for h in truth if truth[h] == terrain)
        if len(hexes) >= 3:
            out.write("%s %s %s %s\n" % (terrain, hexes[0], hexes[len(hexes) // 2], hexes[-1]))
    for h in sorted(truth):
        t.write("%s %s\n" % (h, truth[h]))
EOF

# OUT's terrain against the demo's: the share right, of the hexes not given as samples
score () {
  python3 - "$1" <<'EOF'
import re, sys
text = open(sys.argv[1], encoding="utf-8").read()
codes = dict((c, i) for i, c in re.findall(r'<hex-terrain id="([^"]+)" code="([^"]+)"', text))
block = re.search(r"<terrain>(.*?)</terrain>", text, re.S).group(1)
got = {}
for n, tokens in re.findall(r'<row n="(\d+)">([^<]*)</row>', block):
    for col, token in enumerate(tokens.split()):
        got["%02d%s" % (col + 1, n)] = codes.get(token, "-")
samples = {}
for line in open("samples.txt"):
    words = line.split("#")[0].split()
    for h in words[1:]:
        samples[h] = words[0]
sampled = set(samples.values())
n = right = 0
for line in open("truth.txt"):
    h, terrain = line.split()
    if h in samples or terrain not in sampled:
        continue
    n += 1
    right += got.get(h) == terrain
print("%d %d" % (right, n))
EOF
}

cp scan.png scan.orig
cp blank.xml blank.orig
s=$(status "$gbacw" trace blank.xml --samples samples.txt -o out.xml --report)
[ "$s" = 0 ] || fail "trace: exit $s: $(cat err.txt)"
set -- $(score out.xml)
right=${1:-0} n=${2:-1}
[ "$n" -gt 200 ] || fail "only $n hexes scored"
[ $((100 * right)) -ge $((95 * n)) ] || fail "only $right of $n hexes right in out.xml"
echo "# $right of $n hexes right"
# the report: a header and one line per hex (20 x 16), the samples as given
[ "$(grep -c '^[0-9][0-9][0-9][0-9] ' out.txt)" = 320 ] || fail "the report does not list 320 hexes: $(head -3 out.txt)"
head -1 out.txt | grep -q '^HEX *STATUS *TERRAIN *CONFIDENCE' || fail "no report header: $(head -1 out.txt)"
sample=$(sed -n 's/^woods \([0-9]*\) .*/\1/p' samples.txt)
grep -q "^$sample *sample *woods *1.00 " out.txt || fail "sample $sample not in the report as woods: $(grep "^$sample" out.txt)"
grep -q 'hexes proposed.*out.xml: [0-9]* hexes painted for review' err.txt || fail "no summary: $(cat err.txt)"
cmp -s scan.png scan.orig || fail "trace changed the scan"
cmp -s blank.xml blank.orig || fail "trace changed its input"
"$gbacw" check out.xml >/dev/null 2>&1
[ $? -le 1 ] || fail "gbacw check could not read out.xml"
grep -q '<background file="scan.png"' out.xml || fail "out.xml does not keep the scan"

# --format json, and a minimum confidence that paints nothing but the samples
s=$(status "$gbacw" trace blank.xml --samples samples.txt -o sure.xml --report --format json --min-confidence 1)
[ "$s" = 0 ] || fail "trace --format json: exit $s: $(cat err.txt)"
python3 -c '
import json, sys
d = json.load(open("out.txt"))
assert len(d["hexes"]) == 320, len(d["hexes"])
p = [h for h in d["hexes"] if h["status"] == "proposed"]
assert p and all(0 <= h["confidence"] <= 1 for h in p)
assert not any(h["painted"] for h in p), "proposals painted at --min-confidence 1"
assert all(h["painted"] for h in d["hexes"] if h["status"] == "sample")
' || fail "the JSON report: $(head -c 300 out.txt)"
set -- $(score sure.xml)
[ "${1:-1}" = 0 ] || fail "--min-confidence 1 painted $1 hexes"

# a painted hex is kept: trace the traced file again
s=$(status "$gbacw" trace out.xml --samples samples.txt -o again.xml --report)
[ "$s" = 0 ] || fail "trace of a painted map: exit $s"
hex=$(awk '{ print $1 }' truth.txt | while read -r h; do grep -q " $h" samples.txt || { echo "$h"; break; }; done)
grep -q "^$hex *painted " out.txt || fail "$hex not reported as painted: $(grep "^$hex" out.txt)"
grep -q ', 0 hexes painted for review' err.txt || grep -q ': 0 hexes painted' err.txt || fail "a painted map got paint: $(cat err.txt)"

# mistakes in the samples file: file and line, exit 1, nothing written
printf '# ok\nwoods 0302\nforest 0101\n' > bad1.txt
s=$(status "$gbacw" trace blank.xml --samples bad1.txt -o x.xml)
[ "$s" = 1 ] || fail "an unknown terrain: exit $s"
grep -q 'bad1.txt:3: the scenario.s catalogue has no hex terrain “forest”' err.txt || fail "unknown terrain: $(cat err.txt)"
printf 'woods 0302 2117\n' > bad2.txt
s=$(status "$gbacw" trace blank.xml --samples bad2.txt -o x.xml)
[ "$s" = 1 ] || fail "a hex off the map: exit $s"
grep -q 'bad2.txt:1: .*2117' err.txt || fail "hex off the map: $(cat err.txt)"
s=$(status "$gbacw" trace blank.xml --samples missing.txt -o x.xml)
[ "$s" = 1 ] || fail "a missing samples file: exit $s"
grep -q 'missing.txt' err.txt || fail "missing samples file: $(cat err.txt)"
test -e x.xml && fail "a bad samples file wrote x.xml"

# the scan: none, not calibrated, unreadable
grep -v '<background' blank.xml > nobg.xml
s=$(status "$gbacw" trace nobg.xml --samples samples.txt -o x.xml)
[ "$s" = 1 ] || fail "no background: exit $s"
grep -q 'nobg.xml: the scenario has no background scan' err.txt || fail "no background: $(cat err.txt)"
sed 's/ transform="24 0 0 24 0 0"//' blank.xml > uncal.xml
s=$(status "$gbacw" trace uncal.xml --samples samples.txt -o x.xml)
[ "$s" = 1 ] || fail "uncalibrated: exit $s"
grep -q 'not calibrated' err.txt || fail "uncalibrated: $(cat err.txt)"
sed 's/file="scan.png"/file="broken.png"/' blank.xml > broken.xml
echo "not an image" > broken.png
s=$(status "$gbacw" trace broken.xml --samples samples.txt -o x.xml)
[ "$s" = 1 ] || fail "an unreadable image: exit $s"
grep -q 'broken.png' err.txt || fail "unreadable image: $(cat err.txt)"
test -e x.xml && fail "a bad scan wrote x.xml"

# hexside features and lines: the demo drawn with its rivers, streams, crests and roads;
# lines.xml is the demo without them over that scan. OUT must get at least 90% of the river
# and stream hexsides right and found, and the roads', pikes' and railroads' links at 80%.
"$gbacw" render "$data/scenarios/demo.xml" -o lines.png --zoom 24 --layers terrain,hexsides,roads,grid,hex-numbers ||
  fail "gbacw render of the hexsides"
python3 - "$data/scenarios/demo.xml" <<'EOF2' || fail "could not make lines.xml"
import re, sys
text = open(sys.argv[1], encoding="utf-8").read()
text = re.sub(r"<hexsides>.*?</hexsides>", "<hexsides/>", text, flags=re.S)
text = re.sub(r"<lines>.*?</lines>", "<lines/>", text, flags=re.S)
text = text.replace("</map>", '  <background file="lines.png" opacity="0.5" transform="24 0 0 24 0 0"/>\n  </map>', 1)
open("lines.xml", "w", encoding="utf-8").write(text)
EOF2
s=$(status "$gbacw" trace lines.xml -o lines-out.xml --report --format json)
[ "$s" = 0 ] || fail "trace of the hexsides: exit $s: $(cat err.txt)"
grep -q 'hexside features and lines proposed.*lines-out.xml: .*hexside features and lines painted for review' err.txt ||
  fail "no hexside summary: $(cat err.txt)"
python3 - "$data/scenarios/demo.xml" <<'EOF2' || fail "hexside features and lines in lines-out.xml"
import json, re, sys
report = json.load(open("out.txt"))
assert report["hexsides"] and report["lines"], "no hexside or line proposals"
for p in report["hexsides"] + report["lines"]:
    assert 0 <= p["confidence"] <= 1 and p["chain_length"] >= 1, p
def sides(path):
    """hexside (hex, dir) -> features, and line links (hex pair) -> line types, as in path"""
    text = open(path, encoding="utf-8").read()
    features = {}
    for hex_, d, f in re.findall(r'<hexside hex="(\d+)" dir="(\w+)" features="([^"]*)"', text):
        features[(hex_, d)] = set(f.split())
    links = set()
    for t, hexes in re.findall(r'<line type="([^"]+)">([^<]*)</line>', text):
        h = hexes.split()
        links |= set((t,) + tuple(sorted(p)) for p in zip(h, h[1:]))
    return features, links
truth_f, truth_l = sides(sys.argv[1])
got_f, got_l = sides("lines-out.xml")
def score(truth, got):
    return len(truth & got), len(truth), len(got)
water = lambda f: set((k, x) for k, v in f.items() for x in v if x in ("river", "stream"))
right, n_truth, n_got = score(water(truth_f), water(got_f))
print("# rivers and streams: %d of %d found, %d proposed" % (right, n_truth, n_got))
assert n_truth > 40 and right >= 0.9 * n_truth and right >= 0.95 * n_got, (right, n_truth, n_got)
solid = lambda l: set(x for x in l if x[0] in ("road", "pike", "railroad"))
right, n_truth, n_got = score(solid(truth_l), solid(got_l))
print("# roads, pikes and railroads: %d of %d links found, %d proposed" % (right, n_truth, n_got))
assert n_truth > 40 and right >= 0.8 * n_truth and right >= 0.8 * n_got, (right, n_truth, n_got)
EOF2
# a hexside already painted gets no proposal: trace the traced file again
s=$(status "$gbacw" trace lines-out.xml -o lines-again.xml --report)
[ "$s" = 0 ] || fail "trace of a traced map: exit $s"
grep -q ': 0 hexside features and lines painted for review' err.txt || grep -q ', 0 hexside features and lines painted' err.txt ||
  fail "a traced map got hexside paint again: $(cat err.txt)"
grep -q '^HEXSIDE *KIND *TYPE *CONFIDENCE *CHAIN' out.txt || fail "no hexside table in the report: $(grep -n HEXSIDE out.txt)"

# elevation: the demo drawn with its levels shaded (terrain, elevation, grid, hex numbers);
# levels.xml is the demo with every hex at level 0 over that scan, its terrain kept;
# levels.txt marks two hexes of each level in each terrain that has six at that level
# (`elevation LEVEL HEX…`). OUT must get at least 90% of the other hexes' levels right.
"$gbacw" render "$data/scenarios/demo.xml" -o levels.png --zoom 24 --layers terrain,elevation,grid,hex-numbers ||
  fail "gbacw render of the elevation"
python3 - "$data/scenarios/demo.xml" <<'EOF2' || fail "could not make levels.xml"
import re, sys
text = open(sys.argv[1], encoding="utf-8").read()
codes = dict((c, i) for i, c in re.findall(r'<hex-terrain id="([^"]+)" code="([^"]+)"', text))
terrain = {}
for n, tokens in re.findall(r'<row n="(\d+)">([^<]*)</row>', re.search(r"<terrain>(.*?)</terrain>", text, re.S).group(1)):
    for col, token in enumerate(tokens.split()):
        terrain["%02d%s" % (col + 1, n)] = codes.get(token)
block = re.search(r"<elevation>(.*?)</elevation>", text, re.S)
level = {}
for n, tokens in re.findall(r'<row n="(\d+)">([^<]*)</row>', block.group(1)):
    for col, token in enumerate(tokens.split()):
        level["%02d%s" % (col + 1, n)] = int(token)
flat = re.sub(r'(<row n="\d+">)([^<]*)(</row>)',
              lambda m: m.group(1) + " ".join("0" for _ in m.group(2).split()) + m.group(3), block.group(0))
text = text[:block.start()] + flat + text[block.end():]
text = text.replace("</map>", '  <background file="levels.png" opacity="0.5" transform="24 0 0 24 0 0"/>\n  </map>', 1)
open("levels.xml", "w", encoding="utf-8").write(text)
with open("levels.txt", "w") as out, open("levels-truth.txt", "w") as t:
    out.write("# two hexes of each level in each terrain\n")
    for l in sorted(set(level.values())):
        for ter in sorted(set(v for v in terrain.values() if v)):
            hexes = sorted(h for h in level if level[h] == l and terrain[h] == ter)
            if len(hexes) >= 6:
                out.write("elevation %d %s %s\n" % (l, hexes[0], hexes[len(hexes) // 2]))
    for h in sorted(level):
        t.write("%s %d\n" % (h, level[h]))
EOF2
s=$(status "$gbacw" trace levels.xml --samples levels.txt -o levels-out.xml --report)
[ "$s" = 0 ] || fail "trace of the elevation: exit $s: $(cat err.txt)"
grep -q "hexes' levels proposed.*levels-out.xml: .*levels painted for review" err.txt || fail "no elevation summary: $(cat err.txt)"
grep -q '^HEX *STATUS *LEVEL *CONFIDENCE *SHADE' out.txt || fail "no elevation table in the report"
[ "$(grep -c '^[0-9][0-9][0-9][0-9] *\(proposed\|marked\) *[0-9]' out.txt)" = 320 ] || fail "the report does not give 320 hexes a level"
python3 - <<'EOF2' || fail "levels in levels-out.xml"
import re
text = open("levels-out.xml", encoding="utf-8").read()
got = {}
for n, tokens in re.findall(r'<row n="(\d+)">([^<]*)</row>', re.search(r"<elevation>(.*?)</elevation>", text, re.S).group(1)):
    for col, token in enumerate(tokens.split()):
        got["%02d%s" % (col + 1, n)] = int(token)
marked = set(h for line in open("levels.txt") for h in line.split("#")[0].split()[2:])
n = right = 0
for line in open("levels-truth.txt"):
    h, l = line.split()
    if h in marked:
        assert got[h] == int(l), (h, got[h], l)
        continue
    n += 1
    right += got[h] == int(l)
print("# elevation: %d of %d hexes' levels right, %d marked" % (right, n, len(marked)))
assert n > 250 and right >= 0.9 * n, (right, n)
EOF2
# terrain and levels at once: levels.xml with its terrain erased too, the terrain samples and
# the marks in one file; the levels are read against the terrain proposed
python3 - <<'EOF2' || fail "could not make both.xml"
import re
text = open("levels.xml", encoding="utf-8").read()
block = re.search(r"<terrain>(.*?)</terrain>", text, re.S)
blank = re.sub(r'(<row n="\d+">)([^<]*)(</row>)',
               lambda m: m.group(1) + " ".join("-" for _ in m.group(2).split()) + m.group(3), block.group(0))
open("both.xml", "w", encoding="utf-8").write(text[:block.start()] + blank + text[block.end():])
EOF2
cat samples.txt levels.txt > both.txt
s=$(status "$gbacw" trace both.xml --samples both.txt -o both-out.xml)
[ "$s" = 0 ] || fail "trace of terrain and levels: exit $s: $(cat err.txt)"
python3 - <<'EOF2' || fail "levels in both-out.xml"
import re
text = open("both-out.xml", encoding="utf-8").read()
got = {}
for n, tokens in re.findall(r'<row n="(\d+)">([^<]*)</row>', re.search(r"<elevation>(.*?)</elevation>", text, re.S).group(1)):
    for col, token in enumerate(tokens.split()):
        got["%02d%s" % (col + 1, n)] = int(token)
truth = dict(line.split() for line in open("levels-truth.txt"))
right = sum(got[h] == int(l) for h, l in truth.items())
print("# terrain and elevation at once: %d of %d hexes' levels right" % (right, len(truth)))
assert right >= 0.9 * len(truth), right
EOF2
printf 'elevation 9 0101\n' > bad3.txt
s=$(status "$gbacw" trace levels.xml --samples bad3.txt -o x.xml)
[ "$s" = 1 ] || fail "a level the map has not: exit $s"
grep -q 'bad3.txt:1: “9” is not a level of this map: give a whole number from 0 to 3' err.txt || fail "bad level: $(cat err.txt)"
test -e x.xml && fail "a bad level wrote x.xml"

# usage
s=$(status "$gbacw" trace blank.xml --samples samples.txt)
[ "$s" = 2 ] || fail "neither -o nor --report: exit $s"
s=$(status "$gbacw" trace blank.xml --samples samples.txt -o x.xml --min-confidence 2)
[ "$s" = 2 ] || fail "--min-confidence 2: exit $s"
s=$(status "$gbacw" trace blank.xml --report --format xml)
[ "$s" = 2 ] || fail "--format xml: exit $s"
s=$(status "$gbacw" trace)
[ "$s" = 2 ] || fail "no scenario: exit $s"

[ "$failures" = 0 ] || exit 1
echo "ok"
