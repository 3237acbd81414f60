#!/usr/bin/env python3
"""make-cases.py: writes the golden cases of the rules validator.

Every case is the tiny clean base scenario below (a 6x5 map, two small sides)
with one change, so that its check -- and as little else as possible -- fires.
The catalogue and charts are those of the demo scenario (base-charts.xml).

    tests/rules-check/make-cases.py            # writes CASE/scenario.xml
    GBACW_UPDATE_GOLDEN=1 test-rules-check     # then (re)writes CASE/expected.txt

Review every expected.txt after regenerating it: it is the specification.
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CHARTS = open(os.path.join(HERE, "base-charts.xml"), encoding="utf-8").read().rstrip("\n")

HEAD = """<?xml version="1.0" encoding="UTF-8"?>
<scenario xmlns="urn:gbacw:scenario" version="1">
  <info>
    <title>Validator test case</title>
    <game>gbacw tests</game>
    <description>A variation of the clean base scenario of the rules validator tests.</description>
  </info>
"""

MAP = """  <map columns="6" rows="5" orientation="flat" shift="odd" first="1" digits="2">
    <levels>0 20</levels>
    <terrain>
      <row n="01">. . . . . .</row>
      <row n="02">. . . . . .</row>
      <row n="03">. . . . . .</row>
      <row n="04">. . . . . .</row>
      <row n="05">. . . . . .</row>
    </terrain>
    <elevation>
      <row n="01">0 0 0 0 0 0</row>
      <row n="02">0 0 0 0 0 0</row>
      <row n="03">0 0 0 0 0 0</row>
      <row n="04">0 0 0 0 0 0</row>
      <row n="05">0 0 0 0 0 0</row>
    </elevation>
    <hexsides>
    </hexsides>
    <lines>
      <line type="road">0103 0203 0303 0403 0503 0603</line>
    </lines>
    <areas>
      <area id="union-setup" kind="setup" name="Union set-up" side="union">0101 0102 0103 0104 0105 0201 0202 0203 0204 0205</area>
      <area id="confederate-setup" kind="setup" name="Confederate set-up" side="confederate">0501 0502 0503 0504 0505 0601 0602 0603 0604 0605</area>
      <area id="obj" kind="objective" name="Crossroads" vp="2">0303</area>
    </areas>
  </map>
"""

OOB = """  <order-of-battle>
    <side id="union" name="Union" colour="#2c4a8c">
      <formation id="u-div" kind="division" name="Union Division" commander="u-div-ldr">
        <leader id="u-div-ldr" name="Grant" rank="major-general" role="division" er="4" rally="2" dir="6" cp="2"/>
        <unit id="u-wagon" type="wagon" designation="Union supply" small-arms="2" artillery-ammo="2" crew="1" morale="2" weapon="R"/>
        <formation id="u-brig" kind="brigade" name="Union Brigade" commander="u-brig-ldr" bce="4" bce-vp="2">
          <leader id="u-brig-ldr" name="Smith" rank="colonel" role="brigade" er="3" rally="2"/>
          <unit id="u-inf1" type="infantry" designation="1 Oh" strength="4" morale="3" weapon="R"/>
          <unit id="u-inf2" type="infantry" designation="2 Oh" strength="3" morale="3" weapon="R"/>
          <unit id="u-bty" type="artillery" designation="A Bty" guns="2" morale="3" weapon="N" rounds="10" crew="full"/>
        </formation>
      </formation>
    </side>
    <side id="confederate" name="Confederate" colour="#8c3a2c">
      <formation id="c-div" kind="division" name="Confederate Division" commander="c-div-ldr">
        <leader id="c-div-ldr" name="Lee" rank="major-general" role="division" er="4" rally="2" dir="6" cp="2"/>
        <formation id="c-brig" kind="brigade" name="Confederate Brigade" commander="c-brig-ldr" bce="4" bce-vp="2">
          <leader id="c-brig-ldr" name="Jones" rank="colonel" role="brigade" er="3" rally="2"/>
          <unit id="c-inf1" type="infantry" designation="1 Va" strength="5" morale="3" weapon="M"/>
          <unit id="c-cav" type="cavalry" designation="1 Va Cav" strength="3" morale="3" dismounted-morale="2" weapon="C"/>
        </formation>
      </formation>
    </side>
  </order-of-battle>
"""

REST = """  <turns first="1" last="3" first-player="union">
    <turn n="1" time="08:00"/>
    <turn n="2" time="08:30"/>
    <turn n="3" time="09:00"/>
  </turns>
  <deployment>
    <place unit="u-inf1" hex="0202" formation="line" facing="ne"/>
    <place unit="u-brig-ldr" hex="0202" facing="ne"/>
    <place unit="u-div-ldr" hex="0202" facing="ne"/>
    <place unit="u-bty" hex="0203" formation="unlimbered" facing="ne"/>
    <place unit="u-wagon" hex="0104" facing="ne"/>
    <place unit="c-inf1" hex="0503" formation="line" facing="nw"/>
    <place unit="c-brig-ldr" hex="0503" facing="nw"/>
    <place unit="c-div-ldr" hex="0503" facing="nw"/>
    <place unit="c-cav" hex="0502" formation="mounted" facing="nw"/>
  </deployment>
  <reinforcements>
    <reinforcement id="r1" turn="2" entry="0103" formation="column">
      <unit ref="u-inf2"/>
    </reinforcement>
  </reinforcements>
  <victory>
    <award id="v-obj" side="both" event="objective" area="obj" vp="2" when="end"/>
    <level name="Union victory" side="union" min="2"/>
    <level name="Confederate victory" side="confederate" min="2"/>
  </victory>
  <rules>
  </rules>
</scenario>
"""


def base():
    return HEAD + CHARTS + "\n" + MAP + OOB + REST


def sub(text, old, new, count=1):
    if text.count(old) < 1:
        sys.exit("make-cases.py: no “%s” to replace" % old)
    return text.replace(old, new, count)


def hexsides(text, lines):
    return sub(text, "    <hexsides>\n", "    <hexsides>\n" + "".join("      %s\n" % l for l in lines))


def terrain_row(text, n, row):
    return sub(text, '<row n="%s">. . . . . .</row>' % n, '<row n="%s">%s</row>' % (n, row))


def elevation_row(text, n, row):
    return sub(text, '<row n="%s">0 0 0 0 0 0</row>' % n, '<row n="%s">%s</row>' % (n, row))


def remove_chart(text, chart_id):
    start = text.index('    <chart id="%s"' % chart_id)
    end = text.index("    </chart>\n", start) + len("    </chart>\n")
    return text[:start] + text[end:]


CASES = {}


def case(name):
    def register(func):
        CASES[name] = func
        return func
    return register


@case("clean")
def _(t):
    return t


# ---------------------------------------------------------------- charts

@case("charts-missing")
def _(t):
    return remove_chart(t, "density")


@case("charts-incomplete")
def _(t):
    return sub(t, '<row id="3a" name="3 Attacker">C1R2 | C1R2 | R2 |', '<row id="3a" name="3 Attacker">C1R2 | ? | R2 |')


@case("charts-unknown-cell")
def _(t):
    # light woods is not on the map: play does not need the cell
    return sub(t, '<row id="infantry-line" name="Infantry (Line)">6 | 2 | 1 | 2 | {1} |',
               '<row id="infantry-line" name="Infantry (Line)">6 | 2 | 1 | 2 | ? |')


@case("charts-los-unknown")
def _(t):
    # 9.71: whether crests block line of sight is unknown; 0402 is on level 1 with a
    # crest toward 0401 (on the map: a warning); the woods cell too (not on the map: info)
    t = sub(t, '<row id="crest" name="Crest hexside">{yes} | yes |', '<row id="crest" name="Crest hexside">{yes} | ? |')
    t = sub(t, '<row id="woods" name="Woods">no | yes |', '<row id="woods" name="Woods">no | ? |')
    t = sub(t, '<row n="02">0 0 0 0 0 0</row>', '<row n="02">0 0 0 1 0 0</row>')
    return hexsides(t, ['<hexside hex="0402" dir="n" features="crest"/>'])


@case("charts-invalid-cell")
def _(t):
    return sub(t, '<row id="woods" name="Woods">2 | 8 | 4 | 4 | 8</row>',
               '<row id="woods" name="Woods">2 | many | 4 | 4 | 8</row>')


# ---------------------------------------------------------------- map

@case("map-no-terrain")
def _(t):
    return terrain_row(t, "05", ". . . . . -")


@case("map-stand-in-terrain")
def _(t):
    # two hexes whose clear terrain Fill Stand-ins gave them
    return terrain_row(t, "05", ". . . . {.} {.}")


@case("map-crest")
def _(t):
    return hexsides(t, ['<hexside hex="0402" dir="n" features="crest"/>'])


@case("map-crossing")
def _(t):
    return hexsides(t, ['<hexside hex="0402" dir="n" features="ford"/>'])


@case("map-road-water")
def _(t):
    # the stream runs across the road between 0303 and 0403, from the top edge to the bottom
    return hexsides(t, ['<hexside hex="%s" dir="%s" features="stream"/>' % (h, d) for h, d in (
        ("0301", "ne"), ("0301", "se"), ("0302", "ne"), ("0302", "se"), ("0303", "ne"), ("0303", "se"),
        ("0304", "ne"), ("0304", "se"), ("0305", "ne"), ("0305", "se"))])


@case("map-water-end")
def _(t):
    # a river of two hexsides in mid-map (0502 S and SW); at the east end of its S side a
    # stream joins it and runs off the east edge (0503 NE, 0602 S): only the river's west
    # end, on 0502 SW, is reported
    return hexsides(t, ['<hexside hex="0502" dir="s" features="river"/>',
                        '<hexside hex="0502" dir="sw" features="river"/>',
                        '<hexside hex="0503" dir="ne" features="stream"/>',
                        '<hexside hex="0602" dir="s" features="stream"/>'])


@case("map-road-end")
def _(t):
    return sub(t, '<line type="road">0103 0203 0303 0403 0503 0603</line>',
               '<line type="road">0103 0203 0303 0403</line>')


@case("map-inside")
def _(t):
    return hexsides(t, ['<hexside hex="0404" dir="n" features="redan" inside="0404"/>'])


@case("map-area")
def _(t):
    return sub(t, '<area id="obj" ', '<area id="town" kind="town" name="Twin Farms">0101 0601</area>\n      <area id="obj" ')


# ---------------------------------------------------------------- order of battle

@case("oob-brigade")
def _(t):
    t = sub(t, '<side id="union" name="Union" colour="#2c4a8c">\n',
            '<side id="union" name="Union" colour="#2c4a8c">\n'
            '      <unit id="u-lost" type="infantry" designation="Lost Bn" strength="2" morale="3" weapon="R"/>\n')
    return sub(t, '<place unit="u-wagon"', '<place unit="u-lost" hex="0201" formation="line" facing="ne"/>\n    <place unit="u-wagon"')


@case("oob-commander")
def _(t):
    t = sub(t, '<formation id="u-brig" kind="brigade" name="Union Brigade" commander="u-brig-ldr" bce="4" bce-vp="2">',
            '<formation id="u-brig" kind="brigade" name="Union Brigade" bce="4" bce-vp="2">')
    # the leader stays with his old regiment; he now commands nothing
    return t


@case("oob-hierarchy")
def _(t):
    # the Confederate brigade leaves its division (17.66)
    start = t.index('        <formation id="c-brig"')
    end = t.index('        </formation>\n', start) + len('        </formation>\n')
    brigade = t[start:end]
    t = t[:start] + t[end:]
    brigade = "\n".join(line[2:] for line in brigade.split("\n"))
    return sub(t, '    </side>\n  </order-of-battle>', brigade.rstrip(" ") + '    </side>\n  </order-of-battle>')


@case("oob-hierarchy-nesting")
def _(t):
    t = sub(t, '<formation id="c-div" kind="division"', '<formation id="c-div" kind="brigade"')
    return sub(t, '<formation id="c-brig" kind="brigade"', '<formation id="c-brig" kind="division"')


@case("oob-ratings")
def _(t):
    return sub(t, 'designation="1 Va Cav" strength="3"', 'designation="1 Va Cav" strength="0"')


@case("oob-weapon")
def _(t):
    return sub(t, 'designation="1 Va" strength="5" morale="3" weapon="M"', 'designation="1 Va" strength="5" morale="3" weapon="Z"')


@case("oob-bce")
def _(t):
    return sub(t, 'name="Confederate Brigade" commander="c-brig-ldr" bce="4"',
               'name="Confederate Brigade" commander="c-brig-ldr" bce="9"')


@case("oob-ratings-bce-limit")
def _(t):
    # P's rosters print "15 of 49" but no regiment's strength: a limit above the entered
    # strengths is no error while one is not entered (only "not entered" findings)
    t = sub(t, 'name="Confederate Brigade" commander="c-brig-ldr" bce="4"',
            'name="Confederate Brigade" commander="c-brig-ldr" bce="9"')
    return sub(t, 'designation="1 Va Cav" strength="3"', 'designation="1 Va Cav"')


@case("oob-artillery")
def _(t):
    return sub(t, 'designation="A Bty" guns="2"', 'designation="A Bty" guns="0"')


@case("oob-wagon")
def _(t):
    return sub(t, 'small-arms="2" artillery-ammo="2"', 'small-arms="0" artillery-ammo="0"')


# ---------------------------------------------------------------- deployment

@case("deploy-stacking")
def _(t):
    return sub(t, 'designation="1 Oh" strength="4"', 'designation="1 Oh" strength="13"')


@case("deploy-enemy")
def _(t):
    t = sub(t, 'side="confederate">0501 ', 'side="confederate">0202 0501 ')
    return sub(t, '<place unit="c-cav" hex="0502" formation="mounted" facing="nw"/>',
               '<place unit="c-cav" hex="0202" formation="mounted" facing="ne"/>')


@case("deploy-terrain")
def _(t):
    return terrain_row(t, "02", ". . . . s .")


@case("deploy-facing")
def _(t):
    return sub(t, '<place unit="u-bty" hex="0203" formation="unlimbered" facing="ne"/>',
               '<place unit="u-bty" hex="0203" formation="unlimbered"/>')


@case("deploy-formation")
def _(t):
    return sub(t, '<place unit="u-bty" hex="0203" formation="unlimbered"', '<place unit="u-bty" hex="0203" formation="column"')


@case("deploy-leader")
def _(t):
    # alone in 0201, three hexes from the Confederates in 0503
    return sub(t, '<place unit="u-div-ldr" hex="0202" facing="ne"/>', '<place unit="u-div-ldr" hex="0201" facing="ne"/>')


@case("deploy-setup-area")
def _(t):
    return sub(t, '<place unit="u-wagon" hex="0104"', '<place unit="u-wagon" hex="0304"')


@case("deploy-reinforcement")
def _(t):
    return sub(t, '<place unit="u-wagon"', '<place unit="u-inf2" hex="0201" formation="line" facing="ne"/>\n    <place unit="u-wagon"')


@case("deploy-entry")
def _(t):
    return sub(t, 'entry="0103"', 'entry="0203"')


@case("deploy-unplaced")
def _(t):
    return sub(t, '<place unit="u-wagon" hex="0104" facing="ne"/>\n', '')


# ---------------------------------------------------------------- scenario

@case("scenario-turns")
def _(t):
    return sub(t, '<reinforcement id="r1" turn="2"', '<reinforcement id="r1" turn="9"')


@case("scenario-objectives")
def _(t):
    return sub(t, '<award id="v-obj" side="both" event="objective" area="obj" vp="2" when="end"/>',
               '<award id="v-obj" side="both" event="objective" area="obj" vp="2" when="end"/>\n'
               '    <award id="v-nowhere" side="union" event="objective" vp="3" when="end"/>')


@case("scenario-objectives-negative-award")
def _(t):
    return sub(t, '<award id="v-obj" side="both" event="objective" area="obj" vp="2" when="end"/>',
               '<award id="v-obj" side="both" event="objective" area="obj" vp="-2" when="end"/>')


@case("scenario-objectives-award-qualifier")
def _(t):
    return sub(t, '<award id="v-obj" side="both" event="objective" area="obj" vp="2" when="end"/>',
               '<award id="v-obj" side="both" event="objective" area="obj" vp="2" when="end"/>\n'
               '    <award id="v-wounded-sp" side="both" event="enemy-sp-lost" vp="1" when="end" how="wounded"/>\n'
               '    <award id="v-sp-role" side="both" event="enemy-sp-lost" vp="1" when="end" role="brigade"/>\n'
               '    <award id="v-leader-type" side="both" event="leader-lost" vp="3" when="end" unit-type="wagon"/>\n'
               '    <award id="v-leader-ok" side="both" event="leader-lost" vp="3" when="end" how="wounded" role="brigade"/>')


@case("scenario-victory-levels")
def _(t):
    return sub(t, '    <level name="Confederate victory" side="confederate" min="2"/>',
               '    <level name="Confederate victory" side="confederate" min="-3"/>\n'
               '    <level name="Union major victory" side="union" min="2"/>')


@case("scenario-sides")
def _(t):
    return sub(t, '  </order-of-battle>', '    <side id="british" name="British" colour="#c03030"/>\n  </order-of-battle>')


@case("scenario-rules")
def _(t):
    return sub(t, '  <rules>\n', '  <rules>\n    <exclusive id="night" enabled="yes">\n'
               '      <param name="turns" value="3 4"/>\n    </exclusive>\n')


@case("scenario-rules-params")
def _(t):
    # the ammunition depletion module's parameters (P 21.52's table form): a range
    # that does not start at 1, turns beyond the scenario's, a side that does not exist
    return sub(t, '  <rules>\n', '  <rules>\n    <exclusive id="ammunition-depletion" enabled="yes">\n'
               '      <param name="small-arms.union" value="1-2:1 3:none"/>\n'
               '      <param name="small-arms.confederate" value="2-3"/>\n'
               '      <param name="small-arms" value="1-5:1"/>\n'
               '      <param name="small-arms.prussia" value="1"/>\n'
               '      <param name="case" value="P 21.52"/>\n    </exclusive>\n'
               # the melee-initiation gate's: a word it does not know, a leader who is not in the order of battle
               '    <exclusive id="melee-initiation" enabled="yes">\n'
               '      <param name="sides" value="confederate"/>\n'
               '      <param name="roll" value="dice"/>\n'
               '      <param name="restricted-leaders" value="c-van-dorn:1-2"/>\n'
               '      <param name="initiation-drm.union" value="1-2:+1"/>\n'
               '      <param name="forbidden-morale" value="7"/>\n    </exclusive>\n')


@case("scenario-rules-entry")
def _(t):
    # the reinforcement-entry module's parameters (J 32, P 26, C 29.31, 29.47, 30.13): a
    # choice it does not know, a hex off the map, a column cost that is no cost, a
    # formation the order of battle lacks; the valid ones (game, sections-per-step,
    # stay-in-column per side, column-cost per formation) say nothing
    return sub(t, '  <rules>\n', '  <rules>\n    <exclusive id="reinforcement-entry" enabled="yes">\n'
               '      <param name="game" value="J"/>\n'
               '      <param name="blocked" value="zoc"/>\n'
               '      <param name="swap" value="0103 9999"/>\n'
               '      <param name="column-cost" value="2 MP"/>\n'
               '      <param name="column-cost.u-brig" value="1/2"/>\n'
               '      <param name="column-cost.oliver" value="1/2"/>\n'
               '      <param name="sections-per-step" value="3"/>\n'
               '      <param name="stay-in-column.union" value="yes"/>\n    </exclusive>\n')


@case("scenario-rules-sharpshooters")
def _(t):
    # the sharpshooters module's parameter (C 21.3): a modifier beyond a die's -6 to +6
    return sub(t, '  <rules>\n', '  <rules>\n    <exclusive id="corinth.sharpshooters" enabled="yes">\n'
               '      <param name="drm" value="+9"/>\n    </exclusive>\n')


@case("scenario-rules-corinth-works")
def _(t):
    # the Corinth works and artillery modules' parameters (C 23.2, 24.1, 24.3, 28.11): a
    # negative redan height, a fouling roll that is no die roll, a yes/no that is neither, a
    # battery and a leader the order of battle lacks; the valid ones say nothing
    return sub(t, '  <rules>\n', '  <rules>\n    <exclusive id="corinth.redans" enabled="yes">\n'
               '      <param name="height" value="-10"/>\n      <param name="melee-max" value="4"/>\n    </exclusive>\n'
               '    <exclusive id="corinth.rapid-fire" enabled="yes">\n'
               '      <param name="foul" value="seven"/>\n      <param name="consecutive" value="maybe"/>\n'
               '      <param name="unfoul" value="1-3"/>\n    </exclusive>\n'
               '    <exclusive id="corinth.siege-guns" enabled="yes">\n'
               '      <param name="units" value="u-no-such-battery"/>\n    </exclusive>\n'
               '    <exclusive id="corinth.army-commanders" enabled="yes">\n'
               '      <param name="leaders" value="u-nobody"/>\n    </exclusive>\n')


@case("scenario-rules-crews")
def _(t):
    # the crew-markers module's parameters (J 21.21, P 20.2, C 24.2): a return it does not
    # know, a unit the order of battle lacks; game and guns-vp valid
    return sub(t, '  <rules>\n', '  <rules>\n    <exclusive id="crew-markers" enabled="yes">\n'
               '      <param name="game" value="C"/>\n'
               '      <param name="return" value="rally"/>\n'
               '      <param name="guns-vp" value="captured-or-battery-fire"/>\n'
               '      <param name="melee-zero" value="u-robinett"/>\n    </exclusive>\n')


@case("scenario-rules-night")
def _(t):
    # the night module's parameters (J 35, P 22, C 26): a range of turns, one of them not
    # night on the turn track; a choice that is none of the module's, a number that is
    # not positive, a yes/no that is neither, a side, a formation and a terrain that the
    # scenario lacks; the valid ones (fire, engaged, game) say nothing
    t = sub(t, '<turn n="3" time="09:00"/>', '<turn n="3" time="09:00" night="yes"/>')
    return sub(t, '  <rules>\n', '  <rules>\n    <exclusive id="night" enabled="yes">\n'
               '      <param name="turns" value="2-3"/>\n'
               '      <param name="movement-factor" value="1.5"/>\n'
               '      <param name="road-factor" value="0"/>\n'
               '      <param name="woods" value="woods jungle"/>\n'
               '      <param name="proximity" value="adjacent"/>\n'
               '      <param name="proximity-formations" value="u-brig fremont"/>\n'
               '      <param name="zoc" value="enter-one"/>\n'
               '      <param name="fire" value="none"/>\n'
               '      <param name="engaged" value="both-retreat"/>\n'
               '      <param name="engaged-through-friends" value="maybe"/>\n'
               '      <param name="pins-removed" value="yes"/>\n'
               '      <param name="leaders-with-units" value="union prussia"/>\n'
               '      <param name="game" value="C"/>\n    </exclusive>\n')


@case("scenario-rules-bce")
def _(t):
    # straggler recovery, BCE recovery and BCE-loss parameters (J 35.4, P 22.3-22.4, C 26.2-26.3,
    # J 27, P 24, C 25): a success range off the die, a choice that is not one, a turn outside
    # the scenario, a formation that does not exist, a modifier too large, a missing method
    return sub(t, '  <rules>\n', '  <rules>\n'
               '    <exclusive id="straggler-recovery" enabled="yes">\n'
               '      <param name="success.union" value="5-6"/>\n'
               '      <param name="success.confederate" value="6-7"/>\n'
               '      <param name="hold" value="maybe"/>\n'
               '      <param name="turns" value="2-5"/>\n'
               '      <param name="moved-previous" value="-1"/>\n'
               '      <param name="case" value="P 22.38"/>\n    </exclusive>\n'
               '    <exclusive id="bce-recovery" enabled="yes">\n'
               '      <param name="single-level" value="u-div c-cavalry"/>\n'
               '      <param name="turn" value="2"/>\n    </exclusive>\n'
               '    <exclusive id="bce-loss" enabled="yes">\n'
               '      <param name="variant" value="shiloh"/>\n'
               '      <param name="morale-drm" value="+9"/>\n    </exclusive>\n')

@case("scenario-rules-reserves")
def _(t):
    # reserves and victory checks (J 30.1, 33.3; P 33.0, 34; C 29.43-29.44, 30.3, 31.2): a
    # formation and a unit that do not exist, an area that does not exist, a word that is not
    # one of the choices, a release turn outside the scenario, a commitment roll off the die,
    # a per-formation parameter for a formation that does not exist, a VP figure that is not a
    # number, a side that does not exist; a well-formed per-side and per-formation parameter
    return sub(t, '  <rules>\n', '  <rules>\n'
               '    <exclusive id="reserves" enabled="yes">\n'
               '      <param name="formations" value="u-brig c-reserve"/>\n'
               '      <param name="units" value="u-bty u-ghost"/>\n'
               '      <param name="forbid" value="move offensive-fire sleep"/>\n'
               '      <param name="release-turn.u-brig" value="9"/>\n'
               '      <param name="release-on" value="attacked enemy-near"/>\n'
               '      <param name="release-area" value="corinth"/>\n'
               '      <param name="commit-roll.u-brig" value="1-2"/>\n'
               '      <param name="commit-roll.u-corps" value="1"/>\n'
               '      <param name="commit-roll" value="1-7"/>\n'
               '      <param name="vp.confederate" value="-1"/>\n'
               '      <param name="case" value="C 30.3"/>\n    </exclusive>\n'
               '    <exclusive id="victory-checks" enabled="yes">\n'
               '      <param name="ratio-turns" value="2"/>\n'
               '      <param name="ratio-minimum" value="100"/>\n'
               '      <param name="lead" value="fifty"/>\n'
               '      <param name="tie" value="prussia"/>\n'
               '      <param name="ratio-case" value="P 34.21"/>\n    </exclusive>\n')

@case("scenario-rules-retreat")
def _(t):
    # retreat-direction parameters (J 24, P 23, C 27): compass sectors on a map without a
    # compass (P 23.0), a sector that is no compass point, a retreat hex off the map, an
    # area the map lacks, an off-map outcome that is none; per formation (u-brig) and side
    # the valid ones say nothing
    return sub(t, '  <rules>\n', '  <rules>\n'
               '    <exclusive id="retreat-direction" enabled="yes">\n'
               '      <param name="method" value="compass"/>\n'
               '      <param name="sector.union" value="south"/>\n'
               '      <param name="sector.confederate" value="upward"/>\n'
               '      <param name="hexes.u-brig" value="0101 0909"/>\n'
               '      <param name="target.confederate" value="arrival"/>\n'
               '      <param name="fallback.union" value="atlantis"/>\n'
               '      <param name="off-map" value="vanish"/>\n'
               '      <param name="case" value="P 23.1"/>\n    </exclusive>\n')


@case("scenario-rules-pearidge")
def _(t):
    # Pea Ridge's modules (P 22.1, 31.0, 32.0): a division that does not exist, words that are
    # not among the choices, a die range off the die; P 21.7: the Withdrawal Interphase's rule
    # listed before the Victory Determination's
    return sub(t, '  <rules>\n', '  <rules>\n'
               '    <exclusive id="pearidge.mcculloch-withdrawal" enabled="yes">\n'
               '      <param name="division" value="c-nowhere"/>\n'
               '      <param name="reentry-hex" value="0101"/>\n'
               '      <param name="voluntary" value="most"/>\n'
               '      <param name="ask" value="perhaps"/>\n'
               '      <param name="case" value="P 22.1"/>\n    </exclusive>\n'
               '    <exclusive id="victory-checks" enabled="yes">\n'
               '      <param name="ratio-turns" value="2"/>\n    </exclusive>\n'
               '    <exclusive id="pearidge.van-dorn" enabled="yes">\n'
               '      <param name="costs" value="mule"/>\n    </exclusive>\n'
               '    <exclusive id="pearidge.gideon-smith" enabled="yes">\n'
               '      <param name="death" value="1-9"/>\n    </exclusive>\n')


@case("scenario-rules-jackson")
def _(t):
    # Jackson at the Crossroads' modules (J 25.4, 26.0): a leader and a brigade that do not
    # exist, a morale change that is not a modifier, a required superior division missing
    return sub(t, '  <rules>\n', '  <rules>\n'
               '    <exclusive id="jackson.stonewall" enabled="yes">\n'
               '      <param name="leader" value="c-nobody"/>\n'
               '      <param name="brigade" value="c-nowhere"/>\n'
               '      <param name="morale" value="lots"/>\n'
               '      <param name="case" value="J 26.0"/>\n    </exclusive>\n'
               '    <exclusive id="jackson.blenker-restraint" enabled="yes">\n'
               '      <param name="division" value="c-div"/>\n    </exclusive>\n')


@case("scenario-rules-jackson-terrain")
def _(t):
    # Jackson at the Crossroads' terrain, bridge, command and victory modules (J 22-29, 36):
    # a morale that is no rating and one for a formation that does not exist, the required
    # divisions missing, a hex off the map, two hexes not adjacent, a yes/no that is neither, a
    # side that does not exist
    return sub(t, '  <rules>\n', '  <rules>\n'
               '    <exclusive id="jackson.victory" enabled="yes">\n'
               '      <param name="morale.c-nowhere" value="5"/>\n'
               '      <param name="wagon" value="many"/>\n    </exclusive>\n'
               '    <exclusive id="jackson.divisional-units" enabled="yes"/>\n'
               '    <exclusive id="jackson.wagon-bridge" enabled="yes">\n'
               '      <param name="placed" value="0101 9999"/>\n'
               '      <param name="never" value="0101 0105"/>\n    </exclusive>\n'
               '    <exclusive id="jackson.fords-swollen" enabled="yes">\n'
               '      <param name="no-melee" value="perhaps"/>\n    </exclusive>\n'
               '    <exclusive id="jackson.attachment" enabled="yes">\n'
               '      <param name="free" value="martians"/>\n    </exclusive>\n')
@case("scenario-rules-jackson-units")
def _(t):
    # Jackson's unit and artillery modules (J 20.2, 21.4): companies that are deployed and
    # not of the regiment's side and type; a range that is no count
    return sub(t, '  <rules>\n', '  <rules>\n'
               '    <exclusive id="jackson.company-breakdown" enabled="yes">\n'
               '      <param name="regiment" value="c-cav"/>\n'
               '      <param name="companies" value="u-bty u-inf1"/>\n    </exclusive>\n'
               '    <exclusive id="jackson.double-shot" enabled="yes">\n'
               '      <param name="range" value="far"/>\n    </exclusive>\n')


@case("scenario-rules-jackson-one-company")
def _(t):
    # J 20.2: the regiment with one company named, not two
    return sub(t, '  <rules>\n', '  <rules>\n'
               '    <exclusive id="jackson.company-breakdown" enabled="yes">\n'
               '      <param name="regiment" value="c-cav"/>\n'
               '      <param name="companies" value="c-inf1"/>\n    </exclusive>\n')


# ---------------------------------------------------------------- reachability

@case("reach-objective")
def _(t):
    # rivers all round the objective hex 0303 (no ford, no bridge); the road runs along the top
    t = sub(t, '<line type="road">0103 0203 0303 0403 0503 0603</line>', '<line type="road">0101 0201 0301 0401 0501 0601</line>')
    return hexsides(t, ['<hexside hex="0303" dir="%s" features="river"/>' % d for d in ("n", "ne", "se", "s", "sw", "nw")])


@case("reach-entry")
def _(t):
    # the entry hex 0105 is hemmed in by rivers
    t = sub(t, 'entry="0103"', 'entry="0105"')
    return hexsides(t, ['<hexside hex="0105" dir="n" features="river"/>',
                        '<hexside hex="0105" dir="ne" features="river"/>',
                        '<hexside hex="0105" dir="se" features="river"/>'])


def main():
    only = set(sys.argv[1:])
    for name, func in CASES.items():
        if only and name not in only:
            continue
        folder = os.path.join(HERE, name)
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, "scenario.xml"), "w", encoding="utf-8") as f:
            f.write(func(base()))


if __name__ == "__main__":
    main()
