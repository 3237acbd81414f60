/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-jackson-terrain.c: Jackson at the Crossroads' terrain, bridges, fords, retreat and
 * victory rules (engine/rules/jackson/), each on a small position built in code with the
 * J chart cells it relies on, named after the case it plays. */
#define G_LOG_DOMAIN "test-jackson-terrain"

#include "test-engine-fixture.c"
#include "rules/jackson/gbacw-rule-confederate-offensive.h"

#include "gbacw-exclusive-params.h"
#include "gbacw-leadership.h"
#include "gbacw-query.h"
#include "gbacw-retreat.h"

/* ------------------------------------------------------------------ the J terrain */

/* The fixture's catalogue with J's bank, steep crest and ford, and a Terrain Effects on
 * Movement Chart with J's printed Line row (8/9, crest +1, steep crest +2 / +1, river P,
 * ford all), the other rows the tests' own; bank, bridge and the leader's ford are "?"
 * as on the J mapsheet transcription; the wagon bridge (the tests' own column) costs
 * nothing extra, P for artillery, mounted cavalry and wagons. */
static void
jackson_catalogue (Fixture *f)
{
  static const char *const tem[] = {
    "infantry-line        | 8/9 | 2 | 1 | 2 | 2 | ? | +1 | — | +2 | +1 | P | +1 | all | ? | — | —",
    "infantry-column      | 8   | 2 | 1 | 2 | 2 | ? | +1 | — | +2 | +1 | P | +1 | all | ? | 1/2 | —",
    "cavalry-mounted      | 12  | 2 | 1 | 3 | 3 | ? | +2 | +1 | +3 | +2 | P | +1 | all | ? | 1/2 | P",
    "cavalry-dismounted   | 8   | 2 | 1 | 2 | 2 | ? | +1 | — | +2 | +1 | P | +1 | all | ? | — | —",
    "artillery-limbered   | 8   | 2 | 1 | 4 | 4 | ? | +2 | +1 | +3 | +2 | P | +2 | all | ? | 1/2 | P",
    "artillery-unlimbered | 0   | 2 | P | P | P | ? | P  | P | P  | P  | P | P  | P   | P | P | P",
    "wagon                | 8   | — | 1 | 4 | 4 | ? | +2 | +1 | +3 | +2 | P | +2 | all | ? | 1/2 | P",
    "leader               | 12  | — | 1 | 2 | 2 | ? | +1 | — | +2 | +1 | P | +1 | ?   | ? | 1/2 | —",
    NULL
  };
  GbacwChart *old = gbacw_scenario_find_chart (f->s, "terrain-movement");
  GbacwHexsideType *ford;

  add_hex_terrain (f->s, "bank", "b", 0);
  add_hexside_type (f->s, "steep-crest", "steep-crest", GBACW_SIDE_MODE_ELEVATION);
  add_hexside_type (f->s, "ford", "ford", GBACW_SIDE_MODE_NONE);
  ford = g_ptr_array_index (f->s->catalogue.hexside_types, f->s->catalogue.hexside_types->len - 1);
  ford->requires = g_strsplit ("river", " ", -1);
  add_hexside_type (f->s, "wagon-bridge", "wagon-bridge", GBACW_SIDE_MODE_NONE);
  ((GbacwHexsideType *) g_ptr_array_index (f->s->catalogue.hexside_types, f->s->catalogue.hexside_types->len - 1))
    ->requires = g_strsplit ("ford", " ", -1);
  g_ptr_array_remove (f->s->charts, old);
  add_chart (f->s, "terrain-movement",
             "ma | chg | clear | woods | town | bank | crest.up | crest.down | steep-crest.up | steep-crest.down | river | "
             "stream | ford | bridge | road | wagon-bridge",
             tem);
}

static void
add_exclusive_terrain (Fixture *f)
{
  add_exclusive (f, "jackson.terrain", NULL);
}

static Fixture *
terrain_fixture (gboolean module)
{
  Fixture *f = fixture_new (6, 8);

  jackson_catalogue (f);
  if (module)
    add_exclusive_terrain (f);
  return f;
}

static GbacwMoveCost
step_cost (GbacwGame *game, const char *unit, const char *from, const char *dir)
{
  GbacwMoveCost cost;
  gbacw_movement_step_cost (game, unit_index (game, unit), hex_of (game->scenario, from),
                            direction_of (game->scenario, dir), &cost);
  return cost;
}

#define assert_cost(cost, kind_, halves_) \
  G_STMT_START { \
    GbacwMoveCost c_ = (cost); \
    g_assert_cmpint (c_.kind, ==, (kind_)); \
    if ((kind_) == GBACW_COST_MP) \
      g_assert_cmpint (c_.halves, ==, (halves_)); \
  } G_STMT_END

/* J 22.1's example: a unit in 1813 (level 3) pays the crest to enter 1812 (level 4 beyond
 * the crest hexside), nothing extra to enter 1713 on its own level. Here 0203 is 1813. The
 * chart's example (5.19): Line infantry entering woods across a stream spends 2 + 1 = 3. */
static void
test_22_1_crest_levels (void)
{
  g_autoptr (Fixture) f = terrain_fixture (TRUE);
  GbacwGame *game;

  set_level (f, "0203", 3);
  set_level (f, "0202", 4);
  set_level (f, "0303", 3);
  add_hexside (f, "0203", "n", "crest");
  set_level (f, "0204", 3);
  set_terrain (f, "0204", "woods");
  add_hexside (f, "0203", "s", "stream");
  INF (f, "c-1", "confederate", 4, 3, "0203", "n");
  INF (f, "u-1", "union", 4, 3, "0608", "n");
  game = start_game (f);
  assert_cost (step_cost (game, "c-1", "0203", "n"), GBACW_COST_MP, 4);   /* 1 + crest up 1 */
  assert_cost (step_cost (game, "c-1", "0203", "s"), GBACW_COST_MP, 6);   /* the chart's example: woods 2 + stream 1 */
  assert_cost (step_cost (game, "c-1", "0203", "ne"), GBACW_COST_MP, 2);  /* same level */
  assert_cost (step_cost (game, "c-1", "0202", "s"), GBACW_COST_MP, 2);   /* down: "—" for Line */
  gbacw_game_free (game);
}

/* J 22.2: a steep crest costs more (+2 up, +1 down for Line) and a unit fired on through
 * it from a lower level is one column to the left; from the same level, or without the
 * module (the chart has no steep crest row), no shift. */
static void
test_22_2_steep_crest (void)
{
  struct { gboolean module; int firer_level; int shift; } cases[] = {
    { TRUE, 0, -1 }, { TRUE, 1, 0 }, { FALSE, 0, 0 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (Fixture) f = terrain_fixture (cases[i].module);
      g_autoptr (GError) error = NULL;
      GbacwFireResolution *res;
      GbacwGame *game;

      set_level (f, "0204", 1);
      set_level (f, "0205", cases[i].firer_level);
      add_hexside (f, "0204", "s", "steep-crest");
      INF (f, "c-1", "confederate", 4, 3, "0204", "s");
      INF (f, "u-1", "union", 4, 3, "0205", "n");
      game = start_game (f);
      if (cases[i].firer_level == 0)
        {
          assert_cost (step_cost (game, "u-1", "0205", "n"), GBACW_COST_MP, 6);   /* 1 + 2 */
          assert_cost (step_cost (game, "c-1", "0204", "s"), GBACW_COST_MP, 4);   /* 1 + 1 */
        }
      goto_phase (game, GBACW_PHASE_OFFENSIVE_FIRE, 0);
      {
        GbacwFirer firers[] = { { unit_index (game, "u-1"), 4, -1 } };
        res = gbacw_fire_compute (game, hex_of (f->s, "0204"), firers, 1, &error);
      }
      g_assert_no_error (error);
      g_assert_cmpint (res->hook_shift, ==, cases[i].shift);
      gbacw_fire_resolution_free (res);
      gbacw_game_free (game);
    }
}

/* J 22.3: a bank hex costs its land part: clear 1, woods 2; the chart has no bank
 * column, so without the module the cost is not known. */
static void
test_22_3_bank_land_cost (void)
{
  for (int module = 0; module <= 1; module++)
    {
      g_autoptr (Fixture) f = terrain_fixture (module);
      GbacwGame *game;

      set_terrain (f, "0203", "bank");
      set_terrain (f, "0303", "bank");
      set_terrain (f, "0303", "+woods");
      INF (f, "c-1", "confederate", 4, 3, "0202", "s");
      INF (f, "u-1", "union", 4, 3, "0608", "n");
      game = start_game (f);
      if (module)
        {
          assert_cost (step_cost (game, "c-1", "0202", "s"), GBACW_COST_MP, 2);
          unit_of (game, "c-1")->hex = hex_of (f->s, "0203");
          assert_cost (step_cost (game, "c-1", "0203", "ne"), GBACW_COST_MP, 4);
        }
      else
        assert_cost (step_cost (game, "c-1", "0202", "s"), GBACW_COST_UNKNOWN, 0);
      gbacw_game_free (game);
    }
}

/* J 22.4: nobody crosses a plain river hexside; Zones of Control extend across it (10.5
 * would stop them at a hexside no class may cross); a Command Radius does not, but it is
 * traced across a ford (J 22.53: the leader's 5 Movement Points of J 22.51). */
static void
test_22_4_river (void)
{
  for (int module = 0; module <= 1; module++)
    {
      g_autoptr (Fixture) f = terrain_fixture (module);
      GbacwGame *game;

      add_hexside (f, "0203", "s", "river");
      add_hexside (f, "0303", "s", "river");
      add_hexside (f, "0303", "s", "ford");
      INF (f, "c-1", "confederate", 4, 3, "0203", "s");
      LEADER (f, "c-ldr", "confederate", "0203");
      INF (f, "u-1", "union", 4, 3, "0204", "n");
      INF (f, "u-2", "union", 4, 3, "0608", "n");
      game = start_game (f);
      assert_cost (step_cost (game, "c-1", "0203", "s"), GBACW_COST_PROHIBITED, 0);
      g_assert_cmpint (gbacw_movement_exerts_zoc (game, unit_index (game, "c-1"), hex_of (f->s, "0204")), ==, module);
      g_assert_false (gbacw_leadership_in_radius (game, unit_index (game, "c-ldr"), hex_of (f->s, "0204"), 1));
      unit_of (game, "c-ldr")->hex = hex_of (f->s, "0303");
      /* (the chart's leader ford cell is lost: without the module the ford is closed to him) */
      g_assert_cmpint (gbacw_leadership_in_radius (game, unit_index (game, "c-ldr"), hex_of (f->s, "0304"), 1), ==, module);
      gbacw_game_free (game);
    }
}

/* J 22.5: crossing a ford costs the whole Movement Allowance: a regiment that starts beside
 * it crosses and stops in the bank hex; one that has moved first may not. J 22.51: a leader
 * pays 5 Movement Points (1 + 5 here) and may go on. */
static void
test_22_5_ford_whole_allowance (void)
{
  g_autoptr (Fixture) f = terrain_fixture (TRUE);
  GbacwGame *game;

  add_hexside (f, "0203", "s", "river");
  add_hexside (f, "0203", "s", "ford");
  INF (f, "u-1", "union", 4, 3, "0203", "s");
  INF (f, "u-2", "union", 4, 3, "0202", "s");
  LEADER (f, "u-ldr", "union", "0103");
  INF (f, "c-1", "confederate", 4, 3, "0608", "n");
  game = movement_game (f);
  apply_expect (game, move_action (game, "u-1", "0204"), NULL);
  g_assert_cmpint (unit_of (game, "u-1")->mp_spent, ==, 16);   /* the Union 8 (note A) */
  g_assert_cmpint (unit_of (game, "u-1")->hex, ==, hex_of (f->s, "0204"));
  apply_expect (game, move_action (game, "u-1", "0205"), "5.11");
  apply_expect (game, move_action (game, "u-2", "0203 0204"), "5.11");
  apply_expect (game, move_action (game, "u-ldr", "0203 0204 0205"), NULL);
  g_assert_cmpint (unit_of (game, "u-ldr")->mp_spent, ==, 2 + 12 + 2);
  g_assert_cmpint (unit_of (game, "u-ldr")->hex, ==, hex_of (f->s, "0205"));
  gbacw_game_free (game);
}

/* J 22.7: woods 30 feet above their hex. A unit in woods two levels up (40 ft; 5 ft of man)
 * fires through the adjacent woods below (30 ft) at a target 3 hexes off: its line passes
 * over the trees (31 2/3 ft there); one level up (20 ft) it does not. */
static void
test_22_7_fire_over_lower_woods (void)
{
  for (int level = 1; level <= 2; level++)
    {
      g_autoptr (Fixture) f = terrain_fixture (TRUE);
      GbacwHexTerrain *woods = g_ptr_array_index (f->s->catalogue.hex_terrains,
                                                  gbacw_catalogue_find_hex_terrain (&f->s->catalogue, "woods"));
      GbacwLosResult result;
      GbacwGame *game;

      woods->height = 30;
      set_terrain (f, "0202", "woods");
      set_terrain (f, "0203", "woods");
      set_level (f, "0202", level);
      INF (f, "u-1", "union", 4, 3, "0202", "s");
      INF (f, "c-1", "confederate", 4, 3, "0205", "n");
      game = start_game (f);
      g_assert_cmpint (gbacw_fire_los (game, hex_of (f->s, "0202"), hex_of (f->s, "0205"), &result), ==, level == 2);
      gbacw_game_free (game);
    }
}

/* The North River Bridge: a hexside of bridge over river between 0203 and 0204. */
static Fixture *
bridge_fixture (gboolean module)
{
  Fixture *f = terrain_fixture (module);

  add_hexside (f, "0203", "s", "river");
  add_hexside (f, "0203", "s", "bridge");
  return f;
}

/* J 22.6: infantry crosses the Bridge in column at no extra cost (the chart's cell is
 * lost: without the module the river's "P" stands); in line it may not. */
static void
test_22_6_bridge_column_only (void)
{
  for (int module = 0; module <= 1; module++)
    {
      g_autoptr (Fixture) f = bridge_fixture (module);
      GbacwGame *game;

      add_unit (f, "u-col", "union", GBACW_UNIT_INFANTRY, 4, 3, "R", "0203", GBACW_FORMATION_STATE_COLUMN, "s");
      INF (f, "u-line", "union", 4, 3, "0103", "se");
      INF (f, "c-1", "confederate", 4, 3, "0608", "n");
      game = movement_game (f);
      if (!module)
        {
          assert_cost (step_cost (game, "u-col", "0203", "s"), GBACW_COST_PROHIBITED, 0);
          gbacw_game_free (game);
          continue;
        }
      assert_cost (step_cost (game, "u-col", "0203", "s"), GBACW_COST_MP, 2);
      apply_expect (game, move_action (game, "u-col", "0204 0205"), NULL);
      g_assert_cmpint (unit_of (game, "u-col")->mp_spent, ==, 4);
      apply_expect (game, move_action (game, "u-line", "0203 0204"), "J 22.6");
      g_assert_cmpint (unit_of (game, "u-line")->hex, ==, hex_of (f->s, "0103"));
      gbacw_game_free (game);
    }
}

/* J 22.61: Line infantry melees across the Bridge, each stack 2 Strength Points off its
 * total: two regiments of one hex lose 2 together (not the chart's -2 each, 12.31), a
 * second stack across another hexside nothing. */
static void
test_22_61_bridge_melee (void)
{
  for (int module = 0; module <= 1; module++)
    {
      g_autoptr (Fixture) f = bridge_fixture (module);
      GbacwGame *game;
      GbacwMeleeOdds odds;

      INF (f, "u-1", "union", 4, 3, "0203", "s");
      INF (f, "u-2", "union", 3, 3, "0203", "s");
      INF (f, "c-1", "confederate", 4, 3, "0204", "n");
      game = melee_game (f);
      odds_of (game, "u-1 u-2", "0204", FALSE, &odds);
      g_assert_cmpint (odds.attack_base + odds.exclusive, ==, odds.attack);
      g_assert_cmpint (odds.attack, ==, module ? 7 - 2 : 7 - 4);
      gbacw_game_free (game);
    }
}

/* J 22.62: a Line regiment retreating across the Bridge (here before melee, 12.8) may do so
 * and is routed where its retreat ends, with no rout movement; without the module the
 * bridge is disregarded for Line infantry (6.12) and the river bars the way. */
static void
test_22_62_retreat_across_bridge (void)
{
  g_autoptr (Fixture) f = bridge_fixture (TRUE);
  GbacwGame *game;
  const GbacwDecision *d;
  gboolean across = FALSE;

  INF (f, "u-1", "union", 4, 3, "0202", "s");
  INF (f, "c-1", "confederate", 4, 3, "0203", "n");
  game = melee_game (f);
  apply_expect (game, declare (game, "u-1", "0203", FALSE), NULL);
  d = gbacw_game_decision (game);
  g_assert_nonnull (d);
  g_assert_cmpint (d->kind, ==, GBACW_DECISION_RETREAT_BEFORE_MELEE);
  for (guint i = 0; !across && i < d->paths->len; i++)
    {
      const GArray *path = g_ptr_array_index (d->paths, i);
      if (g_array_index (path, int, 0) == hex_of (f->s, "0204"))
        {
          across = TRUE;
          apply_expect (game, gbacw_action_new_answer_path ((const int *) path->data, path->len), NULL);
        }
    }
  g_assert_true (across);
  hold_fire (game);   /* the withdrawal fire of 12.83 */
  g_assert_cmpint (unit_of (game, "c-1")->hex, ==, hex_of (f->s, "0204"));
  g_assert_true (unit_of (game, "c-1")->status & GBACW_STATUS_ROUTED);
  g_assert_cmpint (unit_of (game, "c-1")->rout_hexes_due, ==, 0);
  g_assert_true (log_has (game, "J 22.62", NULL));
  assert_replays (f, game);
  gbacw_game_free (game);
}

/* ------------------------------------------------------------------ J 28 victory */

static int
exclusive_vp (GbacwGame *game, int side)
{
  g_autoptr (GbacwOutcome) outcome = gbacw_outcome_new (game);
  GbacwVictory v = { 0 };
  int vp;

  gbacw_outcome_update (outcome, game);
  gbacw_outcome_victory (outcome, game, &v);
  vp = v.exclusive[side];
  gbacw_victory_clear (&v);
  return vp;
}

/* The Confederate losses of the J 28.11 schedule, set on the game's units: Winder's
 * regiment (printed 3, the roster's 5 by `morale.FORMATION`, J 28.15) 2 SP eliminated and 1
 * captured; a cavalry regiment (3) 1 and 1; a section (4) 2 guns eliminated; a wagon
 * captured; a brigade commander (ER 2) wounded, a division commander (DIR 4) killed. */
static Fixture *
victory_fixture (gboolean module)
{
  Fixture *f = fixture_new (6, 8);

  add_formation (f, "c-div", "confederate", GBACW_FORMATION_DIVISION, NULL, "c-jackson");
  add_formation (f, "c-winder-bde", "confederate", GBACW_FORMATION_BRIGADE, "c-div", "c-winder");
  LEADER (f, "c-jackson", "confederate", "0101");
  LEADER (f, "c-winder", "confederate", "0102");
  set_leader (f, "c-jackson", GBACW_LEADER_DIVISION, 1, 1, 4, 2);
  set_leader (f, "c-winder", GBACW_LEADER_BRIGADE, 2, 1, GBACW_UNSET, 0);
  INF (f, "c-w1", "confederate", 5, 3, "0102", "s");
  INF (f, "c-w2", "confederate", 4, 3, "0202", "s");
  set_formation (f, "c-winder c-w1 c-w2", "c-winder-bde");
  set_formation (f, "c-jackson", "c-div");
  add_unit (f, "c-cav", "confederate", GBACW_UNIT_CAVALRY, 3, 3, "C", "0103", GBACW_FORMATION_STATE_MOUNTED, "s");
  add_unit (f, "c-sec", "confederate", GBACW_UNIT_ARTILLERY, 4, 4, "L", "0104", GBACW_FORMATION_STATE_LIMBERED, "s");
  add_unit (f, "c-wagon", "confederate", GBACW_UNIT_WAGON, 2, 3, NULL, "0105", GBACW_FORMATION_STATE_UNSET, NULL);
  INF (f, "c-2", "confederate", 3, 2, "0106", "s");
  INF (f, "u-1", "union", 4, 3, "0608", "n");
  if (module)
    add_exclusive (f, "jackson.victory", "morale.c-winder-bde", "5", NULL);
  return f;
}

static void
lose (GbacwGame *game, const char *id, int killed, int captured)
{
  GbacwGameUnit *u = unit_of (game, id);
  if (u->type == GBACW_UNIT_ARTILLERY)
    u->guns -= killed + captured;
  else
    u->strength -= killed + captured;
  u->killed += killed;
  u->captured += captured;
}

/* J 28.11-28.15: 5 × (2 + 2 × 1) + 2 × 3 × (1 + 2 × 1) + 4 × 2 + 20 + 2 × 1 + 4 × 2 =
 * 20 + 18 + 8 + 20 + 2 + 8 = 76 to the Union, nothing to the Confederates; without the
 * module the custom award is not counted (0). */
static void
test_28_11_schedule (void)
{
  for (int module = 0; module <= 1; module++)
    {
      g_autoptr (Fixture) f = victory_fixture (module);
      GbacwGame *game = start_game (f);
      GbacwGameUnit *wagon = unit_of (game, "c-wagon");

      lose (game, "c-w1", 2, 1);
      lose (game, "c-cav", 1, 1);
      lose (game, "c-sec", 2, 0);
      wagon->side = 0;   /* captured (11.19): now the Union's */
      unit_of (game, "c-winder")->times_wounded = 1;
      unit_of (game, "c-jackson")->times_killed = 1;
      g_assert_cmpint (exclusive_vp (game, 0), ==, module ? 76 : 0);
      g_assert_cmpint (exclusive_vp (game, 1), ==, 0);
      gbacw_game_free (game);
    }
}

/* J 28.2, 24.21: units that left the map give 1 VP per SP for a printed Morale Rating of 2
 * or 3 and 2 for 4 or 5 (Winder's regiment 5 by the roster: 4 SP × 2; the 2-rated regiment
 * 3 SP × 1); the brigade commander who went with them nothing (no loss). J 35.45: SP lost
 * and recovered give nothing (the killed count erased). */
static void
test_28_2_strategic_retreat (void)
{
  g_autoptr (Fixture) f = victory_fixture (TRUE);
  GbacwGame *game = start_game (f);

  gbacw_game_remove_unit (game, unit_index (game, "c-w2"), GBACW_PRESENCE_EXITED);
  gbacw_game_remove_unit (game, unit_index (game, "c-2"), GBACW_PRESENCE_EXITED);
  gbacw_game_remove_unit (game, unit_index (game, "c-winder"), GBACW_PRESENCE_EXITED);
  g_assert_cmpint (exclusive_vp (game, 0), ==, 4 * 2 + 3 * 1);
  lose (game, "c-w1", 1, 0);
  g_assert_cmpint (exclusive_vp (game, 0), ==, 11 + 5);
  unit_of (game, "c-w1")->killed--;   /* recovered (J 35.43) */
  unit_of (game, "c-w1")->strength++;
  g_assert_cmpint (exclusive_vp (game, 0), ==, 11);
  gbacw_game_free (game);
}

/* J 29.51, 29.52 on a one-column map: the Union regiment in 0105 traces a path to 0101 (2
 * VP per SP; the Confederate beside it in 0106 puts 0105 in its ZOC, which the regiment
 * itself negates); with the Confederate in 0103 it cannot: no VP, and at the end of the
 * Union Final Command Phase the Confederates win a Decisive Victory, which ends the game. */
static void
test_29_51_trace_to_3944 (void)
{
  for (int blocked = 0; blocked <= 1; blocked++)
    {
      g_autoptr (Fixture) f = fixture_new (1, 6);
      g_autoptr (GbacwOutcome) outcome = NULL;
      GbacwVictory v = { 0 };
      GbacwGame *game;

      INF (f, "u-1", "union", 4, 3, "0105", "n");
      INF (f, "c-1", "confederate", 3, 3, blocked ? "0103" : "0106", "n");
      add_exclusive (f, "jackson.victory", "trace-hex", "0101", "trace-side", "union", "trace-automatic", "yes", NULL);
      game = start_game (f);
      g_assert_cmpint (exclusive_vp (game, 0), ==, blocked ? 0 : 8);
      advance_to_phase (game, 1, GBACW_PHASE_FINAL_COMMAND, 0);
      end_phase (game);
      g_assert_cmpint (game->decided, ==, blocked);
      g_assert_cmpint (log_has (game, "J 29.52", NULL), ==, blocked);
      /* won at the end of that Final Command Phase: the game ends there */
      g_assert_cmpint (game->phase == GBACW_PHASE_GAME_OVER, ==, blocked);
      outcome = gbacw_outcome_new (game);
      gbacw_outcome_update (outcome, game);
      gbacw_outcome_victory (outcome, game, &v);
      if (blocked)
        g_assert_cmpint (v.winner, ==, 1);
      gbacw_victory_clear (&v);
      gbacw_game_free (game);
    }
}

/* ------------------------------------------------------------------ J 25.5 */

/* Fremont (ER 1, DIR 3) on 0101; his division's own cavalry 2 hexes away (0103) and
 * section 5 hexes away (0106); a brigade's regiment beside him. */
static Fixture *
divisional_fixture (gboolean module)
{
  Fixture *f = fixture_new (6, 8);

  add_formation (f, "u-fremont-div", "union", GBACW_FORMATION_DIVISION, NULL, "u-fremont");
  LEADER (f, "u-fremont", "union", "0101");
  set_leader (f, "u-fremont", GBACW_LEADER_DIVISION, 1, 1, 3, 2);
  add_unit (f, "u-cav", "union", GBACW_UNIT_CAVALRY, 4, 3, "C", "0103", GBACW_FORMATION_STATE_MOUNTED, "s");
  add_unit (f, "u-sec", "union", GBACW_UNIT_ARTILLERY, 2, 4, "L", "0106", GBACW_FORMATION_STATE_LIMBERED, "s");
  set_formation (f, "u-fremont u-cav u-sec", "u-fremont-div");
  INF (f, "c-1", "confederate", 4, 3, "0608", "n");
  if (module)
    add_exclusive (f, "jackson.divisional-units", "divisions", "u-fremont-div", NULL);
  return f;
}

/* J 25.5: within Fremont's DIR (3) the cavalry is in command though outside his ER (1,
 * 17.11); the section 5 hexes away is out of command; without the module the ER decides. */
static void
test_25_5_divisional_units (void)
{
  for (int module = 0; module <= 1; module++)
    {
      g_autoptr (Fixture) f = divisional_fixture (module);
      GbacwGame *game = start_game (f);

      goto_phase (game, GBACW_PHASE_MOVEMENT, 0);
      g_assert_cmpint (unit_of (game, "u-cav")->out_of_command, ==, !module);
      g_assert_true (unit_of (game, "u-sec")->out_of_command);
      g_assert_cmpint (log_has (game, "J 25.5", "in command"), ==, module);
      gbacw_game_free (game);
    }
}

/* ------------------------------------------------------------------ J 25.3 */

/* Jackson's division of four brigades (b1-b4) and Ewell's of three (e1-e3), every leader
 * within the DIR (6) of his division commander; a Union division of two brigades. */
static Fixture *
attachment_fixture (gboolean module)
{
  Fixture *f = fixture_new (8, 8);
  const char *const csa[] = { "c-b1", "c-b2", "c-b3", "c-b4", "c-e1", "c-e2", "c-e3" };

  add_formation (f, "c-jackson-div", "confederate", GBACW_FORMATION_DIVISION, NULL, "c-jackson");
  add_formation (f, "c-ewell-div", "confederate", GBACW_FORMATION_DIVISION, NULL, "c-ewell");
  LEADER (f, "c-jackson", "confederate", "0404");
  LEADER (f, "c-ewell", "confederate", "0405");
  set_leader (f, "c-jackson", GBACW_LEADER_DIVISION, 1, 1, 6, 0);
  set_leader (f, "c-ewell", GBACW_LEADER_DIVISION, 1, 1, 6, 0);
  set_formation (f, "c-jackson", "c-jackson-div");
  set_formation (f, "c-ewell", "c-ewell-div");
  for (guint i = 0; i < G_N_ELEMENTS (csa); i++)
    {
      g_autofree char *bde = g_strdup_printf ("%s-bde", csa[i]);
      g_autofree char *hex = g_strdup_printf ("0%u0%u", 3 + i % 3, 3 + i / 3);
      g_autofree char *members = g_strdup_printf ("%s %s-1", csa[i], csa[i]);
      g_autofree char *regiment = g_strdup_printf ("%s-1", csa[i]);
      add_formation (f, bde, "confederate", GBACW_FORMATION_BRIGADE, i < 4 ? "c-jackson-div" : "c-ewell-div", csa[i]);
      LEADER (f, csa[i], "confederate", hex);
      set_leader (f, csa[i], GBACW_LEADER_BRIGADE, 2, 1, GBACW_UNSET, 0);
      INF (f, regiment, "confederate", 4, 3, hex, "s");
      set_formation (f, members, bde);
    }
  add_formation (f, "u-div", "union", GBACW_FORMATION_DIVISION, NULL, "u-fremont");
  add_formation (f, "u-b1-bde", "union", GBACW_FORMATION_BRIGADE, "u-div", "u-b1");
  add_formation (f, "u-b2-bde", "union", GBACW_FORMATION_BRIGADE, "u-div", "u-b2");
  LEADER (f, "u-fremont", "union", "0801");
  LEADER (f, "u-b1", "union", "0802");
  LEADER (f, "u-b2", "union", "0702");
  set_leader (f, "u-fremont", GBACW_LEADER_DIVISION, 1, 1, 6, 0);
  set_leader (f, "u-b1", GBACW_LEADER_BRIGADE, 2, 1, GBACW_UNSET, 0);
  set_leader (f, "u-b2", GBACW_LEADER_BRIGADE, 2, 1, GBACW_UNSET, 0);
  INF (f, "u-b1-1", "union", 4, 3, "0802", "n");
  INF (f, "u-b2-1", "union", 4, 3, "0702", "n");
  set_formation (f, "u-fremont", "u-div");
  set_formation (f, "u-b1 u-b1-1", "u-b1-bde");
  set_formation (f, "u-b2 u-b2-1", "u-b2-bde");
  g_free (f->s->turns.first_player);
  f->s->turns.first_player = g_strdup ("confederate");
  g_ptr_array_add (f->s->oob.sides, g_ptr_array_steal_index (f->s->oob.sides, 0));   /* Confederates first */
  if (module)
    add_exclusive (f, "jackson.attachment", "free", "confederate", "never", "union", NULL);
  return f;
}

static GbacwAction *
detach (GbacwGame *game, const char *leader)
{
  return gbacw_action_new_detach (unit_index (game, leader));
}

static GbacwAction *
attach (GbacwGame *game, const char *leader, const char *division_leader)
{
  return gbacw_action_new_attach (unit_index (game, leader), unit_index (game, division_leader));
}

/* J 25.31: the Confederates detach and attach as many brigades as they wish (17.63 would
 * refuse a second detachment from Jackson's division), as long as each division keeps 2 to
 * 4: b1 and b2 go from Jackson (4, 3, then 2), b1 to Ewell (4); b3 may not leave Jackson
 * (1), b2 may not join Ewell (5). Without the module 17.63 refuses b2's detachment. */
static void
test_25_31_two_to_four_brigades (void)
{
  for (int module = 0; module <= 1; module++)
    {
      g_autoptr (Fixture) f = attachment_fixture (module);
      GbacwGame *game = start_game (f);

      goto_phase (game, GBACW_PHASE_INITIAL_COMMAND, 0);
      g_assert_cmpstr (((GbacwSide *) g_ptr_array_index (game->scenario->oob.sides, game->phasing_side))->id, ==,
                       "confederate");
      apply_expect (game, detach (game, "c-b1"), NULL);
      apply_expect (game, attach (game, "c-b1", "c-ewell"), NULL);
      if (!module)
        {
          apply_expect (game, detach (game, "c-b2"), "17.63");
          gbacw_game_free (game);
          continue;
        }
      apply_expect (game, detach (game, "c-b2"), NULL);
      apply_expect (game, detach (game, "c-b3"), "J 25.3");
      apply_expect (game, attach (game, "c-b2", "c-ewell"), "J 25.3");
      assert_replays (f, game);
      gbacw_game_free (game);
    }
}

/* J 25.32: the Union never detaches nor attaches a brigade. */
static void
test_25_32_union_never (void)
{
  g_autoptr (Fixture) f = attachment_fixture (TRUE);
  GbacwGame *game = start_game (f);

  goto_phase (game, GBACW_PHASE_INITIAL_COMMAND, 1);
  apply_expect (game, detach (game, "u-b1"), "J 25.3");
  gbacw_game_free (game);
}

/* J 36.3: "the Confederate player may not detach any brigades from Jackson's division
 * until after the offensive has been declared" (`locked` c-jackson-div): before it b1 may
 * neither be detached nor attached to Ewell, while Ewell's e1 is detached; once the
 * offensive is declared (in the Confederate Final Command Phase of Game-Turn 1, `from` 1),
 * b1 is detached in the next Initial Command Phase. Without the offensive module it is
 * never declared, and Jackson's brigades stay. */
static void
test_36_3_no_detaching_before_offensive (void)
{
  g_autoptr (Fixture) f = attachment_fixture (FALSE);
  GbacwGame *game;

  add_exclusive (f, "jackson.attachment", "free", "confederate", "never", "union", "locked", "c-jackson-div", NULL);
  add_exclusive (f, "jackson.confederate-offensive", "from", "1", "restraint", "no", "leader", "c-jackson", NULL);
  /* Fremont with a regiment, so that the Union Movement Phase ends (17.52) */
  for (guint i = 0; i < f->s->deployment->len; i++)
    {
      GbacwPlacement *p = g_ptr_array_index (f->s->deployment, i);
      if (g_str_equal (p->unit, "u-fremont"))
        p->hex = hex_of (f->s, "0802");
    }
  game = start_game (f);
  goto_phase (game, GBACW_PHASE_INITIAL_COMMAND, 0);
  apply_expect (game, detach (game, "c-b1"), "J 36.3");
  apply_expect (game, attach (game, "c-b1", "c-ewell"), "J 36.3");
  apply_expect (game, detach (game, "c-e1"), NULL);
  g_assert_false (gbacw_confederate_offensive_declared (game));
  goto_phase (game, GBACW_PHASE_FINAL_COMMAND, 0);
  g_assert_nonnull (gbacw_game_decision (game));
  {
    int jackson = unit_index (game, "c-jackson");
    apply_expect (game, gbacw_action_new_answer_units (&jackson, 1), NULL);
  }
  g_assert_true (gbacw_confederate_offensive_declared (game));
  goto_phase (game, GBACW_PHASE_INITIAL_COMMAND, 0);
  g_assert_cmpint (game->turn, ==, 2);
  apply_expect (game, detach (game, "c-b1"), NULL);
  assert_replays (f, game);
  gbacw_game_free (game);
}

/* ------------------------------------------------------------------ J 29.2, 29.14 */

/* J 29.2: the North River Bridge (0203-0204) may not be crossed by the Confederates, in
 * column, in a retreat (none of the retreat paths from 0204 crosses it, though the Union's
 * bridge at 0403-0404 is crossed by a Union column). */
static void
test_29_2_no_confederate_crossing (void)
{
  g_autoptr (Fixture) f = bridge_fixture (TRUE);
  g_autoptr (GArray) units = NULL;
  g_autoptr (GPtrArray) paths = NULL;
  GbacwGame *game;

  add_hexside (f, "0403", "s", "river");
  add_hexside (f, "0403", "s", "bridge");
  add_unit (f, "u-col", "union", GBACW_UNIT_INFANTRY, 4, 3, "R", "0403", GBACW_FORMATION_STATE_COLUMN, "s");
  add_unit (f, "c-col", "confederate", GBACW_UNIT_INFANTRY, 4, 3, "R", "0204", GBACW_FORMATION_STATE_COLUMN, "n");
  add_exclusive (f, "jackson.port-republic-limits", "side", "confederate", "crossings", "0203 0204 0403 0404", NULL);
  game = movement_game (f);
  apply_expect (game, move_action (game, "u-col", "0404"), NULL);
  goto_phase (game, GBACW_PHASE_MOVEMENT, 1);
  apply_expect (game, move_action (game, "c-col", "0203"), "J 29.2");
  units = units_of (game, "c-col");
  paths = gbacw_retreat_paths (game, units, hex_of (f->s, "0204"), 1, 0);
  g_assert_cmpuint (paths->len, >, 0);
  for (guint i = 0; i < paths->len; i++)
    g_assert_cmpint (g_array_index ((GArray *) g_ptr_array_index (paths, i), int, 0), !=, hex_of (f->s, "0203"));
  gbacw_game_free (game);
}

/* J 29.14: 52 Va loses two Strength Points before play, 31 Va one: counted killed (for
 * BCE) but worth no Victory Points; a loss in play still is (morale 4: 4 VP). */
static void
test_29_14_pre_losses (void)
{
  g_autoptr (Fixture) f = fixture_new (6, 8);
  GbacwGame *game;

  INF (f, "c-52-va", "confederate", 5, 4, "0202", "s");
  INF (f, "c-31-va", "confederate", 4, 4, "0203", "s");
  INF (f, "u-1", "union", 4, 3, "0608", "n");
  add_exclusive (f, "jackson.port-republic-limits", "side", "confederate", "pre-losses", "c-52-va c-52-va c-31-va",
                 NULL);
  add_exclusive (f, "jackson.victory", NULL);
  game = start_game (f);
  g_assert_cmpint (unit_of (game, "c-52-va")->strength, ==, 3);
  g_assert_cmpint (unit_of (game, "c-52-va")->killed, ==, 2);
  g_assert_cmpint (unit_of (game, "c-31-va")->strength, ==, 3);
  g_assert_true (log_has (game, "J 29.14", NULL));
  g_assert_cmpint (exclusive_vp (game, 0), ==, 0);
  lose (game, "c-31-va", 1, 0);
  g_assert_cmpint (exclusive_vp (game, 0), ==, 4);
  gbacw_game_free (game);
}

/* ------------------------------------------------------------------ J 23, 35.5 */

/* A ford (0203-0204) with the wagon bridge placed on it (J 29.13's `placed`). */
static Fixture *
wagon_bridge_fixture (const char *placed)
{
  Fixture *f = terrain_fixture (TRUE);

  add_hexside (f, "0203", "s", "river");
  add_hexside (f, "0203", "s", "ford");
  if (placed)
    add_exclusive (f, "jackson.wagon-bridge", "placed", placed, NULL);
  return f;
}

/* J 23.0, 23.11: over the wagon bridge a column crosses at the wagon bridge's cost (the
 * ford's whole allowance no more) and goes on; Line infantry may not cross it in its
 * Movement Phase (the ford is superseded). */
static void
test_23_11_who_crosses (void)
{
  g_autoptr (Fixture) f = wagon_bridge_fixture ("0203 0204");
  GbacwGame *game;

  add_unit (f, "u-col", "union", GBACW_UNIT_INFANTRY, 4, 3, "R", "0203", GBACW_FORMATION_STATE_COLUMN, "s");
  INF (f, "u-line", "union", 4, 3, "0103", "se");
  INF (f, "c-1", "confederate", 4, 3, "0608", "n");
  game = movement_game (f);
  apply_expect (game, move_action (game, "u-col", "0204 0205"), NULL);
  g_assert_cmpint (unit_of (game, "u-col")->mp_spent, ==, 4);
  g_assert_cmpint (unit_of (game, "u-col")->hex, ==, hex_of (f->s, "0205"));
  apply_expect (game, move_action (game, "u-line", "0203 0204"), "J 23.11");
  gbacw_game_free (game);
}

static gboolean
has_path_to (GbacwGame *game, const char *unit, const char *from, const char *to)
{
  g_autoptr (GArray) units = units_of (game, unit);
  g_autoptr (GPtrArray) paths = gbacw_retreat_paths (game, units, hex_of (game->scenario, from), 1, 0);

  for (guint i = 0; i < paths->len; i++)
    if (g_array_index ((GArray *) g_ptr_array_index (paths, i), int, 0) == hex_of (game->scenario, to))
      return TRUE;
  return FALSE;
}

/* J 23.12: a Line regiment retreats across the wagon bridge, a limbered section may not
 * (neither is refused across a plain ford, J 22.52); 0203 is otherwise closed by rivers. */
static void
test_23_12_retreat_across (void)
{
  for (int placed = 0; placed <= 1; placed++)
    {
      g_autoptr (Fixture) f = wagon_bridge_fixture (placed ? "0203 0204" : NULL);
      GbacwGame *game;

      /* the river all round 0203 but for the ford: the only way out */
      add_hexside (f, "0203", "n", "river");
      add_hexside (f, "0203", "ne", "river");
      add_hexside (f, "0203", "se", "river");
      add_hexside (f, "0203", "sw", "river");
      add_hexside (f, "0203", "nw", "river");
      INF (f, "u-line", "union", 4, 3, "0203", "n");
      add_unit (f, "u-sec", "union", GBACW_UNIT_ARTILLERY, 2, 4, "L", "0203", GBACW_FORMATION_STATE_LIMBERED, "n");
      INF (f, "c-1", "confederate", 4, 3, "0201", "s");
      game = start_game (f);
      g_assert_true (has_path_to (game, "u-line", "0203", "0204"));
      g_assert_cmpint (has_path_to (game, "u-sec", "0203", "0204"), ==, !placed);
      gbacw_game_free (game);
    }
}

/* J 23.13: infantry melees across the wagon bridge, 2 SP off per stack. */
static void
test_23_13_melee_across (void)
{
  g_autoptr (Fixture) f = wagon_bridge_fixture ("0203 0204");
  GbacwGame *game;
  GbacwMeleeOdds odds;

  INF (f, "u-1", "union", 4, 3, "0203", "s");
  INF (f, "u-2", "union", 3, 3, "0203", "s");
  INF (f, "c-1", "confederate", 4, 3, "0204", "n");
  game = melee_game (f);
  odds_of (game, "u-1 u-2", "0204", FALSE, &odds);
  g_assert_cmpint (odds.attack, ==, 7 - 2);
  gbacw_game_free (game);
}

/* J 35.5: in a night Game-Turn a regiment beside a ford that did not move builds the wagon
 * bridge at the start of its Final Command Phase (the regiment that moved is not offered;
 * Pirkey's Ford, `never`, is not); the next Game-Turn a column crosses it without spending
 * its whole allowance. */
static void
test_35_5_built_at_night (void)
{
  g_autoptr (Fixture) f = terrain_fixture (TRUE);
  GbacwGame *game;
  const GbacwDecision *d;

  add_hexside (f, "0203", "s", "river");
  add_hexside (f, "0203", "s", "ford");
  add_hexside (f, "0403", "s", "river");
  add_hexside (f, "0403", "s", "ford");
  add_hexside (f, "0603", "s", "river");
  add_hexside (f, "0603", "s", "ford");
  INF (f, "u-builder", "union", 4, 3, "0203", "s");
  INF (f, "u-mover", "union", 4, 3, "0402", "s");
  INF (f, "u-pirkey", "union", 4, 3, "0603", "s");
  INF (f, "c-1", "confederate", 4, 3, "0108", "n");
  add_exclusive (f, "jackson.wagon-bridge", "build-turns", "1", "build-side", "union", "never", "0603 0604", NULL);
  game = movement_game (f);
  apply_expect (game, move_action (game, "u-mover", "0403"), NULL);
  hold_fire (game);
  for (int guard = 0; guard < 20 && gbacw_game_decision (game) == NULL; guard++)
    end_phase (game);
  d = gbacw_game_decision (game);
  g_assert_nonnull (d);
  g_assert_cmpint (d->kind, ==, GBACW_DECISION_EXCLUSIVE_UNITS);
  g_assert_cmpint (game->phase, ==, GBACW_PHASE_FINAL_COMMAND);
  g_assert_cmpuint (d->firers->len, ==, 1);
  g_assert_cmpint (g_array_index (d->firers, int, 0), ==, unit_index (game, "u-builder"));
  apply_expect (game, gbacw_action_new_answer_units (&g_array_index (d->firers, int, 0), 1), NULL);
  g_assert_true (log_has (game, "J 35.5", "wagon bridge"));
  {
    g_autoptr (GPtrArray) status = gbacw_game_rules_status (game);
    g_assert_cmpuint (status->len, ==, 1);
    g_assert_cmpstr (((GbacwRuleStatus *) g_ptr_array_index (status, 0))->rule_case, ==, "J 23.0");
  }
  advance_to_phase (game, 2, GBACW_PHASE_MOVEMENT, 0);
  assert_replays (f, game);
  unit_of (game, "u-mover")->formation = GBACW_FORMATION_STATE_COLUMN;
  unit_of (game, "u-mover")->hex = hex_of (f->s, "0202");
  gbacw_game_refresh_hex (game, hex_of (f->s, "0403"));
  gbacw_game_refresh_hex (game, hex_of (f->s, "0202"));
  assert_cost (step_cost (game, "u-mover", "0203", "s"), GBACW_COST_MP, 2);
  gbacw_game_free (game);
}

/* ------------------------------------------------------------------ J 29.3, 36.5 */

/* Two fords (0203-0204, 0403-0404); Pirkey's (0603-0604) closed when closed. */
static Fixture *
fords_fixture (gboolean closed, gboolean no_melee)
{
  Fixture *f = terrain_fixture (TRUE);

  add_hexside (f, "0203", "s", "river");
  add_hexside (f, "0203", "s", "ford");
  add_hexside (f, "0403", "s", "river");
  add_hexside (f, "0403", "s", "ford");
  add_hexside (f, "0603", "s", "river");
  add_hexside (f, "0603", "s", "ford");
  add_exclusive (f, "jackson.fords-swollen", "turns", "1-4", "closed", closed ? "0603 0604" : "0101 0102", "no-melee",
                 no_melee ? "yes" : "no", "case", "J 36.52", NULL);
  return f;
}

/* J 29.3, 36.52: one regiment crosses a ford in a Movement Phase, a second may not; three
 * sections cross the other ford, a fourth may not, nor two regiments moving together at
 * another; leaders are not counted. */
static void
test_29_3_one_regiment_or_three_sections (void)
{
  g_autoptr (Fixture) f = fords_fixture (FALSE, FALSE);
  g_autoptr (GArray) two = NULL;
  GbacwGame *game;
  const char *const sections[] = { "u-s1", "u-s2", "u-s3", "u-s4" };

  INF (f, "u-r1", "union", 4, 3, "0203", "s");
  INF (f, "u-r2", "union", 4, 3, "0203", "s");
  LEADER (f, "u-ldr", "union", "0203");
  for (guint i = 0; i < G_N_ELEMENTS (sections); i++)
    add_unit (f, sections[i], "union", GBACW_UNIT_ARTILLERY, 2, 4, "L", "0403", GBACW_FORMATION_STATE_LIMBERED, "s");
  INF (f, "u-r3", "union", 4, 3, "0603", "s");
  INF (f, "u-r4", "union", 4, 3, "0603", "s");
  INF (f, "c-1", "confederate", 4, 3, "0108", "n");
  game = movement_game (f);
  apply_expect (game, move_action (game, "u-r1", "0204"), NULL);
  g_assert_cmpint (unit_of (game, "u-r1")->hex, ==, hex_of (f->s, "0204"));
  apply_expect (game, move_action (game, "u-r2", "0204"), "J 36.52");
  apply_expect (game, move_action (game, "u-ldr", "0204"), NULL);
  for (guint i = 0; i < 3; i++)
    apply_expect (game, move_action (game, sections[i], "0404"), NULL);
  apply_expect (game, move_action (game, "u-s4", "0404"), "J 36.52");
  two = units_of (game, "u-r3 u-r4");
  {
    int to = hex_of (f->s, "0604");
    apply_expect (game, gbacw_action_new_move ((int *) two->data, two->len, &to, 1, -1), "J 36.52");
  }
  assert_replays (f, game);
  /* the next Movement Phase: the ford takes one more */
  advance_to_phase (game, 2, GBACW_PHASE_MOVEMENT, 0);
  apply_expect (game, move_action (game, "u-r2", "0204"), NULL);
  gbacw_game_free (game);
}

/* J 36.51: Pirkey's Ford is closed to movement, retreat and Effectiveness Radii. */
static void
test_36_51_pirkeys_ford_closed (void)
{
  g_autoptr (Fixture) f = fords_fixture (TRUE, FALSE);
  GbacwGame *game;

  INF (f, "u-r1", "union", 4, 3, "0603", "s");
  LEADER (f, "u-ldr", "union", "0603");
  INF (f, "c-1", "confederate", 4, 3, "0108", "n");
  game = movement_game (f);
  apply_expect (game, move_action (game, "u-r1", "0604"), "5.19");
  g_assert_false (has_path_to (game, "u-r1", "0603", "0604"));
  g_assert_false (gbacw_leadership_in_radius (game, unit_index (game, "u-ldr"), hex_of (f->s, "0604"), 1));
  gbacw_game_free (game);
}

/* J 36.52: no melee across a ford (with `no-melee`); without it, melee is allowed. */
static void
test_36_52_no_melee_across_fords (void)
{
  for (int no_melee = 0; no_melee <= 1; no_melee++)
    {
      g_autoptr (Fixture) f = fords_fixture (FALSE, no_melee);
      GbacwGame *game;

      INF (f, "u-1", "union", 4, 3, "0203", "s");
      INF (f, "c-1", "confederate", 4, 3, "0204", "n");
      game = melee_game (f);
      apply_expect (game, declare (game, "u-1", "0204", FALSE), no_melee ? "J 36.52" : NULL);
      gbacw_game_free (game);
    }
}

/* ------------------------------------------------------------------ J 36.4 */

/* Ends phases until a decision is asked (or the Game-Turn is over). */
static const GbacwDecision *
next_decision (GbacwGame *game)
{
  for (int guard = 0; guard < 20 && gbacw_game_decision (game) == NULL && game->phase != GBACW_PHASE_GAME_OVER; guard++)
    end_phase (game);
  return gbacw_game_decision (game);
}

/* J 36.4, 36.41: a regiment that spent the Player-Turn beside the North River Bridge
 * without moving tries to burn it in the Final Command Phase: a die of 5 fails, a die of 2
 * the next Game-Turn burns it, and the bridge is a river no column crosses. */
static void
test_36_4_burn_the_bridge (void)
{
  g_autoptr (Fixture) f = bridge_fixture (TRUE);
  GbacwGame *game;
  const GbacwDecision *d;

  INF (f, "u-1", "union", 4, 3, "0203", "n");
  add_unit (f, "u-col", "union", GBACW_UNIT_INFANTRY, 4, 3, "R", "0103", GBACW_FORMATION_STATE_COLUMN, "se");
  INF (f, "c-1", "confederate", 4, 3, "0108", "n");
  add_exclusive (f, "jackson.bridge-burning", "bridge", "0203 0204", NULL);
  game = movement_game (f);
  assert_cost (step_cost (game, "u-col", "0203", "s"), GBACW_COST_MP, 2);
  d = next_decision (game);
  g_assert_nonnull (d);
  g_assert_cmpint (game->phase, ==, GBACW_PHASE_FINAL_COMMAND);
  g_assert_cmpint (g_array_index (d->firers, int, 0), ==, unit_index (game, "u-1"));
  gbacw_dice_force_list (game->dice, 5, 0);
  apply_expect (game, gbacw_action_new_answer_units (&g_array_index (d->firers, int, 0), 1), NULL);
  g_assert_true (log_has (game, "J 36.4", "fails"));
  assert_cost (step_cost (game, "u-col", "0203", "s"), GBACW_COST_MP, 2);
  advance_to_phase (game, 2, GBACW_PHASE_MOVEMENT, 0);
  d = next_decision (game);
  g_assert_nonnull (d);
  gbacw_dice_force_list (game->dice, 2, 0);
  apply_expect (game, gbacw_action_new_answer_units (&g_array_index (d->firers, int, 0), 1), NULL);
  g_assert_true (log_has (game, "J 36.4", "burns"));
  assert_cost (step_cost (game, "u-col", "0203", "s"), GBACW_COST_PROHIBITED, 0);
  gbacw_game_free (game);
}

/* J 36.4: a regiment that moved this Player-Turn, or an enemy unit in the opposite bank
 * hex, and nobody is asked. J 36.42: the wagon bridge is destroyed without a roll and the
 * hexside is a ford again (the whole allowance). */
static void
test_36_42_destroy_the_wagon_bridge (void)
{
  {
    g_autoptr (Fixture) f = bridge_fixture (TRUE);
    GbacwGame *game;

    INF (f, "u-1", "union", 4, 3, "0202", "s");
    INF (f, "u-2", "union", 4, 3, "0304", "n");
    INF (f, "c-1", "confederate", 4, 3, "0204", "n");
    add_exclusive (f, "jackson.bridge-burning", "bridge", "0203 0204", NULL);
    game = movement_game (f);
    apply_expect (game, move_action (game, "u-1", "0203"), NULL);
    hold_fire (game);
    advance_to_phase (game, 1, GBACW_PHASE_FINAL_COMMAND, 0);
    g_assert_null (gbacw_game_decision (game));
    gbacw_game_free (game);
  }
  {
    g_autoptr (Fixture) f = wagon_bridge_fixture ("0203 0204");
    GbacwGame *game;
    const GbacwDecision *d;

    INF (f, "u-1", "union", 4, 3, "0203", "n");
    add_unit (f, "u-col", "union", GBACW_UNIT_INFANTRY, 4, 3, "R", "0103", GBACW_FORMATION_STATE_COLUMN, "se");
    INF (f, "c-1", "confederate", 4, 3, "0108", "n");
    add_exclusive (f, "jackson.bridge-burning", "bridge", "0403 0404", NULL);
    game = movement_game (f);
    assert_cost (step_cost (game, "u-col", "0203", "s"), GBACW_COST_MP, 2);
    d = next_decision (game);
    g_assert_nonnull (d);
    apply_expect (game, gbacw_action_new_answer_units (&g_array_index (d->firers, int, 0), 1), NULL);
    g_assert_true (log_has (game, "J 36.42", NULL));
    assert_cost (step_cost (game, "u-col", "0203", "s"), GBACW_COST_ALL, 0);
    assert_replays (f, game);
    gbacw_game_free (game);
  }
}

/* ------------------------------------------------------------------ J 24.2 */

static GbacwAction *
exit_action (GbacwGame *game, const char *unit)
{
  int u = unit_index (game, unit);
  return gbacw_action_new_exit (&u, 1);
}

/* J 24.2: a unit leaves the map from its retreat hex (0101) in its Movement Phase, paying
 * the off-map road hex (Line infantry: the clear cell, 1); with less than that left it may
 * not; from another edge hex it may not while the retreat hex is free; then jackson.victory
 * gives the enemy 1 VP per SP of morale 3. Without the module, 5.17 refuses any exit. */
static void
test_24_2_strategic_retreat (void)
{
  for (int module = 0; module <= 1; module++)
    {
      g_autoptr (Fixture) f = terrain_fixture (FALSE);
      GbacwGame *game;

      INF (f, "u-1", "union", 4, 3, "0101", "s");
      INF (f, "u-2", "union", 3, 3, "0101", "s");
      INF (f, "u-3", "union", 4, 3, "0103", "s");
      INF (f, "c-1", "confederate", 4, 3, "0608", "n");
      add_exclusive (f, "jackson.victory", NULL);
      if (module)
        add_exclusive (f, "jackson.strategic-retreat", "hexes.union", "0101", NULL);
      game = movement_game (f);
      if (!module)
        {
          apply_expect (game, exit_action (game, "u-1"), "5.17");
          gbacw_game_free (game);
          continue;
        }
      unit_of (game, "u-2")->mp_spent = 15;   /* 7 1/2 of 8 spent */
      apply_expect (game, exit_action (game, "u-2"), "J 24.2");
      apply_expect (game, exit_action (game, "u-3"), "J 24.2");
      apply_expect (game, exit_action (game, "u-1"), NULL);
      g_assert_cmpint (unit_of (game, "u-1")->presence, ==, GBACW_PRESENCE_EXITED);
      g_assert_true (log_has (game, "J 24.2", "leaves the map"));
      g_assert_cmpint (exclusive_vp (game, 1), ==, 4);
      gbacw_game_free (game);
    }
}

/* J 24.22: the retreat hex in an enemy ZOC, a unit leaves from another hex of its edge
 * (column 01), not from a hex off that edge. */
static void
test_24_22_retreat_hex_blocked (void)
{
  g_autoptr (Fixture) f = terrain_fixture (FALSE);
  GbacwGame *game;

  INF (f, "u-3", "union", 4, 3, "0105", "s");
  INF (f, "u-4", "union", 4, 3, "0305", "s");
  INF (f, "c-1", "confederate", 4, 3, "0201", "sw");
  add_exclusive (f, "jackson.strategic-retreat", "hexes.union", "0101", NULL);
  game = movement_game (f);
  g_assert_true (gbacw_movement_in_enemy_zoc (game, hex_of (f->s, "0101"), 0, FALSE));
  apply_expect (game, exit_action (game, "u-4"), "J 24.2");
  apply_expect (game, exit_action (game, "u-3"), NULL);
  assert_replays (f, game);
  gbacw_game_free (game);
}

/* ------------------------------------------------------------------ hexside parameters */

/* The fords, bridges and crossings the modules name: two adjacent hexes a hexside, in
 * order; an odd count, hexes apart or off the map are refused with the reason. */
static void
test_hexside_parameters (void)
{
  g_autoptr (Fixture) f = fixture_new (6, 8);
  const char *const bad[] = { "0101", "0101 0103", "0101 9999", "", NULL };
  g_autoptr (GArray) ids = NULL;
  g_autofree char *why = NULL;
  const GbacwHexGrid *grid = &f->s->map->grid;

  ids = gbacw_exclusive_parse_hexsides (f->s->map, "0203 0204, 0304 0303", &why);
  g_assert_nonnull (ids);
  g_assert_null (why);
  g_assert_cmpuint (ids->len, ==, 2);
  g_assert_cmpuint (g_array_index (ids, GbacwHexsideId, 0), ==,
                    gbacw_hex_grid_hexside (grid, gbacw_hex_grid_hex_at (grid, hex_of (f->s, "0203")), direction_of (f->s, "s")));
  g_assert_cmpuint (g_array_index (ids, GbacwHexsideId, 1), ==,
                    gbacw_hex_grid_hexside (grid, gbacw_hex_grid_hex_at (grid, hex_of (f->s, "0303")), direction_of (f->s, "s")));
  for (guint i = 0; bad[i]; i++)
    {
      g_autofree char *reason = NULL;
      g_assert_null (gbacw_exclusive_parse_hexsides (f->s->map, bad[i], &reason));
      g_assert_nonnull (reason);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/jackson/J-22.1/crest-up-costs-same-level-free", test_22_1_crest_levels);
  g_test_add_func ("/jackson/J-22.2/steep-crest-costs-and-one-left-from-below", test_22_2_steep_crest);
  g_test_add_func ("/jackson/J-22.3/bank-hex-pays-its-land", test_22_3_bank_land_cost);
  g_test_add_func ("/jackson/J-22.4/river-closed-zoc-crosses-radius-only-at-ford", test_22_4_river);
  g_test_add_func ("/jackson/J-22.5/ford-whole-allowance-leader-five", test_22_5_ford_whole_allowance);
  g_test_add_func ("/jackson/J-22.7/fire-over-adjacent-lower-woods", test_22_7_fire_over_lower_woods);
  g_test_add_func ("/jackson/J-22.6/bridge-in-column-no-extra-cost", test_22_6_bridge_column_only);
  g_test_add_func ("/jackson/J-22.61/bridge-melee-two-off-per-stack", test_22_61_bridge_melee);
  g_test_add_func ("/jackson/J-22.62/line-retreat-across-bridge-routs", test_22_62_retreat_across_bridge);
  g_test_add_func ("/jackson/J-28.11/victory-point-schedule", test_28_11_schedule);
  g_test_add_func ("/jackson/J-28.2/strategic-retreat-awards", test_28_2_strategic_retreat);
  g_test_add_func ("/jackson/J-29.51/trace-a-path-to-the-hex", test_29_51_trace_to_3944);
  g_test_add_func ("/jackson/J-25.5/divisional-units-within-dir", test_25_5_divisional_units);
  g_test_add_func ("/jackson/J-25.31/free-attachment-two-to-four-brigades", test_25_31_two_to_four_brigades);
  g_test_add_func ("/jackson/J-36.3/no-detaching-from-jackson-before-offensive", test_36_3_no_detaching_before_offensive);
  g_test_add_func ("/jackson/J-25.32/union-never-detaches", test_25_32_union_never);
  g_test_add_func ("/jackson/J-29.2/no-confederate-crossing-of-the-north-river", test_29_2_no_confederate_crossing);
  g_test_add_func ("/jackson/J-29.14/pre-losses-count-for-bce-not-vp", test_29_14_pre_losses);
  g_test_add_func ("/jackson/J-23.11/wagon-bridge-column-crosses-line-may-not", test_23_11_who_crosses);
  g_test_add_func ("/jackson/J-23.12/wagon-bridge-retreat-infantry-not-artillery", test_23_12_retreat_across);
  g_test_add_func ("/jackson/J-23.13/wagon-bridge-melee-two-off-per-stack", test_23_13_melee_across);
  g_test_add_func ("/jackson/J-35.5/wagon-bridge-built-at-night", test_35_5_built_at_night);
  g_test_add_func ("/jackson/J-29.3/ford-one-regiment-or-three-sections", test_29_3_one_regiment_or_three_sections);
  g_test_add_func ("/jackson/J-36.51/pirkeys-ford-closed", test_36_51_pirkeys_ford_closed);
  g_test_add_func ("/jackson/J-36.52/no-melee-across-fords", test_36_52_no_melee_across_fords);
  g_test_add_func ("/jackson/J-36.4/burn-the-north-river-bridge", test_36_4_burn_the_bridge);
  g_test_add_func ("/jackson/J-36.42/destroy-the-wagon-bridge", test_36_42_destroy_the_wagon_bridge);
  g_test_add_func ("/jackson/J-24.2/strategic-retreat-from-the-retreat-hex", test_24_2_strategic_retreat);
  g_test_add_func ("/jackson/J-24.22/retreat-hex-blocked-any-hex-of-its-edge", test_24_22_retreat_hex_blocked);
  g_test_add_func ("/jackson/parameters/hexsides-by-two-adjacent-hexes", test_hexside_parameters);
  return g_test_run ();
}
