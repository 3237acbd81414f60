/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-pea-ridge.c: Pea Ridge's own exclusive rules (engine/rules/pea-ridge/), each on a
 * small position built in code, named after the case it plays (P 21.1x formations, 21.2x
 * woods, 21.4 fences, 21.6 out-of-command morale, 25 detachment, 28.3 the extra kill, …). */
#define G_LOG_DOMAIN "test-pea-ridge"

#include "test-engine-fixture.c"

#include "gbacw-bce.h"
#include "gbacw-exclusive-params.h"
#include "gbacw-leadership.h"
#include "gbacw-query.h"
#include "gbacw-rules-hooks.h"

/* A row of the fixture's chart (cells separated by "|"). */
static void
add_chart_row (Fixture *f, const char *chart_id, const char *row_id, const char *cells)
{
  GbacwChart *chart = NULL;
  g_auto (GStrv) parts = g_strsplit (cells, "|", -1);
  GbacwChartRow *row;

  for (guint i = 0; i < f->s->charts->len && chart == NULL; i++)
    if (g_strcmp0 (((GbacwChart *) g_ptr_array_index (f->s->charts, i))->id, chart_id) == 0)
      chart = g_ptr_array_index (f->s->charts, i);
  g_assert_nonnull (chart);
  g_assert_cmpuint (g_strv_length (parts), ==, chart->columns->len);
  row = gbacw_chart_add_row (chart, row_id, row_id);
  for (guint k = 0; parts[k]; k++)
    gbacw_cell_parse (&row->cells[k], g_strstrip (parts[k]));
}

/* ------------------------------------------------------------------ P 21.21-21.23 woods */

static Fixture *
woods_fixture (gboolean module)
{
  Fixture *f = fixture_new (10, 40);

  add_hex_terrain (f->s, "light-woods", "lw", 20);
  add_hex_terrain (f->s, "heavy-woods", "hw", 20);
  add_chart_row (f, "terrain-combat", "light-woods", "no | yes | 1L | —");
  add_chart_row (f, "terrain-combat", "heavy-woods", "no | yes | 1L | —");
  add_unit (f, "u-1", "union", GBACW_UNIT_INFANTRY, 4, 3, "R", "0832", GBACW_FORMATION_STATE_LINE, "s");
  add_unit (f, "c-1", "confederate", GBACW_UNIT_INFANTRY, 4, 3, "R", "0834", GBACW_FORMATION_STATE_LINE, "n");
  add_unit (f, "c-2", "confederate", GBACW_UNIT_INFANTRY, 4, 3, "R", "0835", GBACW_FORMATION_STATE_LINE, "n");
  if (module)
    add_exclusive (f, "pearidge.woods", "heavy", "heavy-woods", "light", "light-woods", "case", "P 21.2", NULL);
  return f;
}

static gboolean
sees (GbacwGame *game, const char *from, const char *to)
{
  return gbacw_fire_los (game, hex_of (game->scenario, from), hex_of (game->scenario, to), NULL);
}

/* The printed example: 0832 sees 0834 through the light woods of 0833, not 0835 (through
 * 0833 and 0834). Without the module the 20-foot trees block both (9.72). */
static void
test_light_woods_example (void)
{
  for (int module = 0; module < 2; module++)
    {
      g_autoptr (Fixture) f = woods_fixture (module);
      set_terrain (f, "0833", "light-woods");
      set_terrain (f, "0834", "light-woods");
      GbacwGame *game = start_game (f);
      g_assert_cmpint (sees (game, "0832", "0834"), ==, module);
      g_assert_false (sees (game, "0832", "0835"));
      g_assert_true (sees (game, "0832", "0833"));   /* adjacent, 9.24 */
      gbacw_game_free (game);
    }
}

/* 21.21: heavy woods block unless the two are adjacent. */
static void
test_heavy_woods_block (void)
{
  g_autoptr (Fixture) f = woods_fixture (TRUE);
  set_terrain (f, "0833", "heavy-woods");
  GbacwGame *game = start_game (f);

  g_assert_false (sees (game, "0832", "0834"));
  g_assert_true (sees (game, "0832", "0833"));
  gbacw_game_free (game);
}

/* The shifts a fire from 0832 at target gets: the engine's terrain shift (the occupant's
 * woods) and the module's (fired through light woods). */
static void
fire_shifts (GbacwGame *game, const char *target, int *terrain, int *hook)
{
  g_autoptr (GError) error = NULL;
  GbacwFirer firer = { unit_index (game, "u-1"), 4.0, -1 };
  GbacwFireResolution *res;

  goto_phase (game, GBACW_PHASE_OFFENSIVE_FIRE, 0);
  res = gbacw_fire_compute (game, hex_of (game->scenario, target), &firer, 1, &error);
  g_assert_no_error (error);
  g_assert_nonnull (res);
  *terrain = res->terrain_shift;
  *hook = res->hook_shift;
  gbacw_fire_resolution_free (res);
}

/* 21.22: a unit in a clear hex fired on through light woods gets the shift; 21.23: one in
 * light woods fired on through light woods gets one light-woods shift, not two. */
static void
test_light_woods_shift (void)
{
  int terrain, hook;

  {
    g_autoptr (Fixture) f = woods_fixture (TRUE);
    set_terrain (f, "0833", "light-woods");
    GbacwGame *game = start_game (f);
    fire_shifts (game, "0834", &terrain, &hook);
    g_assert_cmpint (terrain, ==, 0);
    g_assert_cmpint (hook, ==, -1);
    gbacw_game_free (game);
  }
  {
    g_autoptr (Fixture) f = woods_fixture (TRUE);
    set_terrain (f, "0833", "light-woods");
    set_terrain (f, "0834", "light-woods");
    GbacwGame *game = start_game (f);
    fire_shifts (game, "0834", &terrain, &hook);
    g_assert_cmpint (terrain + hook, ==, -1);
    gbacw_game_free (game);
  }
}

/* ------------------------------------------------------------------ P 21.4 fences */

/* Two Confederate regiments melee 0203 from 0202 and 0204 across fence hexsides. */
static Fixture *
fence_fixture (gboolean module)
{
  Fixture *f = fixture_new (4, 6);

  add_hexside_type (f->s, "fence", "fence", GBACW_SIDE_MODE_NONE);
  add_chart_row (f, "terrain-combat", "fence", "yes | no | — | -1 SP");
  add_hexside (f, "0203", "n", "fence");
  add_hexside (f, "0203", "s", "fence");
  add_unit (f, "u-1", "union", GBACW_UNIT_INFANTRY, 3, 3, "R", "0203", GBACW_FORMATION_STATE_LINE, "n");
  add_unit (f, "c-1", "confederate", GBACW_UNIT_INFANTRY, 3, 3, "R", "0202", GBACW_FORMATION_STATE_LINE, "s");
  add_unit (f, "c-2", "confederate", GBACW_UNIT_INFANTRY, 3, 3, "R", "0204", GBACW_FORMATION_STATE_LINE, "n");
  if (module)
    add_exclusive (f, "pearidge.fences", "case", "P 21.4", NULL);
  return f;
}

static GbacwMeleeOdds
fence_odds (gboolean module, const char *attackers)
{
  g_autoptr (Fixture) f = fence_fixture (module);
  g_autoptr (GError) error = NULL;
  GbacwGame *game = start_game (f);
  g_autoptr (GArray) units = units_of (game, attackers);
  GbacwMeleeOdds odds;

  g_assert_true (gbacw_melee_odds (game, units, hex_of (f->s, "0203"), FALSE, &odds, &error));
  g_assert_no_error (error);
  gbacw_game_free (game);
  return odds;
}

/* The chart read per unit (12.31) takes a point from each regiment crossing (2 + 2);
 * P 21.4 takes one point from the side's total (3 + 3 - 1), for one unit as for two. */
static void
test_fence_one_point (void)
{
  GbacwMeleeOdds without = fence_odds (FALSE, "c-1 c-2");
  GbacwMeleeOdds with = fence_odds (TRUE, "c-1 c-2");
  GbacwMeleeOdds one = fence_odds (TRUE, "c-1");

  g_assert_cmpint (without.attack, ==, 4);
  g_assert_cmpint (with.attack, ==, 5);
  g_assert_cmpint (with.exclusive, ==, -1);
  g_assert_cmpint (with.differential, ==, 5 - 3);
  g_assert_cmpint (one.attack, ==, 2);
}

/* ------------------------------------------------------------------ P 21.6, 25 morale */

static Fixture *
brigade_fixture (const char *rule, int morale, gboolean independent)
{
  Fixture *f = fixture_new (4, 6);
  GbacwFormation *brigade;

  add_formation (f, "c-div", "confederate", GBACW_FORMATION_DIVISION, NULL, "c-div-ldr");
  brigade = add_formation (f, "c-brig", "confederate", GBACW_FORMATION_BRIGADE, "c-div", "c-brig-ldr");
  brigade->independent = independent;
  add_unit (f, "c-div-ldr", "confederate", GBACW_UNIT_LEADER, 0, 0, NULL, "0101", GBACW_FORMATION_STATE_UNSET, NULL);
  add_unit (f, "c-brig-ldr", "confederate", GBACW_UNIT_LEADER, 0, 0, NULL, "0202", GBACW_FORMATION_STATE_UNSET, NULL);
  set_leader (f, "c-div-ldr", GBACW_LEADER_DIVISION, 1, 1, 4, 0);
  set_leader (f, "c-brig-ldr", GBACW_LEADER_BRIGADE, 2, 1, GBACW_UNSET, 0);
  add_unit (f, "c-1", "confederate", GBACW_UNIT_INFANTRY, 3, morale, "R", "0202", GBACW_FORMATION_STATE_LINE, "s");
  add_unit (f, "c-bat", "confederate", GBACW_UNIT_ARTILLERY, 2, morale, "L", "0203", GBACW_FORMATION_STATE_UNLIMBERED, "s");
  set_formation (f, "c-div-ldr", "c-div");
  set_formation (f, "c-brig-ldr c-1 c-bat", "c-brig");
  add_unit (f, "u-1", "union", GBACW_UNIT_INFANTRY, 3, 3, "R", "0406", GBACW_FORMATION_STATE_LINE, "n");
  if (rule)
    add_exclusive (f, rule, NULL, NULL);
  return f;
}

/* P 21.6: out of command, one lower (a 1 becomes 0); in command, as printed. */
static void
test_out_of_command_morale (void)
{
  for (int rating = 1; rating <= 3; rating += 2)
    {
      g_autoptr (Fixture) f = brigade_fixture ("pearidge.out-of-command-morale", rating, FALSE);
      GbacwGame *game = start_game (f);
      GbacwGameUnit *u = unit_of (game, "c-1");
      u->out_of_command = FALSE;
      g_assert_cmpint (gbacw_morale_rating (game, u->index), ==, rating);
      u->out_of_command = TRUE;
      g_assert_cmpint (gbacw_morale_rating (game, u->index), ==, rating - 1);
      gbacw_game_free (game);
    }
  {
    g_autoptr (Fixture) f = brigade_fixture (NULL, 3, FALSE);
    GbacwGame *game = start_game (f);
    unit_of (game, "c-1")->out_of_command = TRUE;
    g_assert_cmpint (gbacw_morale_rating (game, unit_index (game, "c-1")), ==, 3);   /* the Standard Rules */
    gbacw_game_free (game);
  }
}

/* P 25.0-25.3: the infantry of a detached brigade one lower (1 becomes 0), its battery
 * not; attached again (or attached elsewhere), as printed; an independent brigade never. */
static void
test_detachment_morale (void)
{
  for (int rating = 1; rating <= 4; rating += 3)
    {
      g_autoptr (Fixture) f = brigade_fixture ("pearidge.detachment-morale", rating, FALSE);
      GbacwGame *game = start_game (f);
      int brig = 1, c1 = unit_index (game, "c-1");
      g_assert_cmpint (game->formation_original_parent[brig], ==, 0);
      g_assert_cmpint (gbacw_morale_rating (game, c1), ==, rating);
      game->formation_parent[brig] = -1;   /* detached, 17.61 */
      g_assert_cmpint (gbacw_morale_rating (game, c1), ==, rating - 1);
      g_assert_cmpint (gbacw_morale_rating (game, unit_index (game, "c-bat")), ==, rating);
      game->formation_parent[brig] = 0;    /* attached again */
      g_assert_cmpint (gbacw_morale_rating (game, c1), ==, rating);
      gbacw_game_free (game);
    }
  {
    g_autoptr (Fixture) f = brigade_fixture ("pearidge.detachment-morale", 3, TRUE);
    GbacwGame *game = start_game (f);
    game->formation_parent[1] = -1;
    g_assert_cmpint (gbacw_morale_rating (game, unit_index (game, "c-1")), ==, 3);   /* P 25.2 */
    gbacw_game_free (game);
  }
}

/* ------------------------------------------------------------------ P 28.3 */

/* Two dice 11 (5 + 6) on the small-arms row: unharmed by the table (17.76), killed for a
 * Confederate leader with the module (P 28.3), unharmed for a Union one. */
static void
test_extra_kill (void)
{
  for (int module = 0; module < 2; module++)
    for (int side = 0; side < 2; side++)
      {
        g_autoptr (Fixture) f = brigade_fixture (NULL, 3, FALSE);
        add_unit (f, "u-ldr", "union", GBACW_UNIT_LEADER, 0, 0, NULL, "0406", GBACW_FORMATION_STATE_UNSET, NULL);
        if (module)
          add_exclusive (f, "pearidge.extra-kill", "sides", "confederate", "killed", "11", "case", "P 28.3", NULL);
        GbacwGame *game = start_game (f);
        const char *leader = side ? "u-ldr" : "c-brig-ldr";
        gboolean killed = module && side == 0;
        gbacw_dice_force_list (game->dice, 5, 6, 0);
        gbacw_morale_leader_casualties (game, unit_of (game, leader)->hex, side ? 0 : 1, "small-arms");
        g_assert_cmpint (unit_of (game, leader)->presence == GBACW_PRESENCE_KILLED, ==, killed);
        g_assert_cmpint (log_has (game, "P 28.3", "killed"), ==, killed);
        gbacw_game_free (game);
      }
}

/* ------------------------------------------------------------------ P 21.11-21.13 formations */

static Fixture *
formation_fixture (gboolean module)
{
  Fixture *f = fixture_new (6, 8);

  add_unit (f, "u-col", "union", GBACW_UNIT_INFANTRY, 4, 3, "R", "0202", GBACW_FORMATION_STATE_COLUMN, "s");
  add_unit (f, "u-bat", "union", GBACW_UNIT_ARTILLERY, 4, 3, "L", "0203", GBACW_FORMATION_STATE_LIMBERED, "s");
  add_unit (f, "c-1", "confederate", GBACW_UNIT_INFANTRY, 4, 3, "R", "0608", GBACW_FORMATION_STATE_LINE, "n");
  if (module)
    add_exclusive (f, "pearidge.formation-exceptions", "limbered-with-column", "1", "road-pass-through", "yes",
                   "horse-artillery-ma", "12", "case", "P 21.1", NULL);
  return f;
}

/* 21.11: a column may end its move with one limbered battery (8.16 forbids it without the
 * rule), not with a second one, nor with an unlimbered battery; the column's stacking row
 * (no batteries) does not count the battery. */
static void
test_limbered_with_column (void)
{
  for (int module = 0; module < 2; module++)
    {
      g_autoptr (Fixture) f = formation_fixture (module);
      GbacwGame *game = start_game (f);
      g_autoptr (GError) error = NULL;
      goto_phase (game, GBACW_PHASE_MOVEMENT, 0);
      apply_expect (game, move_action (game, "u-col", "0203"), module ? NULL : "8.16");
      g_assert_cmpint (gbacw_movement_check_stacking (game, hex_of (f->s, "0203"), &error), ==, TRUE);
      g_assert_no_error (error);
      if (module)
        end_phase (game);   /* the stacking limits hold at the end of the phase (8.0) */
      gbacw_game_free (game);
    }
  {
    g_autoptr (Fixture) f = formation_fixture (TRUE);
    add_unit (f, "u-bat2", "union", GBACW_UNIT_ARTILLERY, 2, 3, "L", "0203", GBACW_FORMATION_STATE_LIMBERED, "s");
    GbacwGame *game = start_game (f);
    goto_phase (game, GBACW_PHASE_MOVEMENT, 0);
    apply_expect (game, move_action (game, "u-col", "0203"), "8.16");   /* one battery only */
    gbacw_game_free (game);
  }
  {
    g_autoptr (Fixture) f = formation_fixture (TRUE);
    GbacwGame *game = start_game (f);
    unit_of (game, "u-bat")->formation = GBACW_FORMATION_STATE_UNLIMBERED;
    goto_phase (game, GBACW_PHASE_MOVEMENT, 0);
    apply_expect (game, move_action (game, "u-col", "0203"), "8.16");   /* limbered only */
    gbacw_game_free (game);
  }
}

/* 21.12: a limbered battery passes a friendly unit on a road at the road rate (1/2 MP);
 * 6.11 alone makes it pay the clear terrain (1 MP). */
static void
test_limbered_road_through_units (void)
{
  for (int module = 0; module < 2; module++)
    {
      g_autoptr (Fixture) f = formation_fixture (module);
      g_autoptr (GError) error = NULL;
      add_road (f, "0402", "s");
      add_road (f, "0403", "s");
      add_unit (f, "u-bat3", "union", GBACW_UNIT_ARTILLERY, 2, 3, "L", "0402", GBACW_FORMATION_STATE_LIMBERED, "s");
      INF (f, "u-inf", "union", 3, 3, "0403", "s");
      GbacwGame *game = start_game (f);
      g_autoptr (GbacwMoveRange) range = NULL;
      GbacwMoveCost cost;
      gbacw_movement_step_cost (game, unit_index (game, "u-bat3"), hex_of (f->s, "0402"),
                                direction_of (f->s, "s"), &cost);
      g_assert_cmpint (cost.kind, ==, GBACW_COST_MP);
      g_assert_cmpint (cost.halves, ==, module ? 1 : 2);
      range = gbacw_movement_range (game, unit_index (game, "u-bat3"), &error);
      g_assert_no_error (error);
      g_assert_cmpint (range->cost[hex_of (f->s, "0404")], ==, module ? 2 : 3);
      gbacw_game_free (game);
    }
}

/* 21.13: a horse battery has a Movement Allowance of 12 and pays mounted cavalry's costs
 * (woods 3 where limbered artillery pays 4); another battery keeps its own. */
static void
test_horse_artillery (void)
{
  for (int module = 0; module < 2; module++)
    for (int horse = 0; horse < 2; horse++)
      {
        g_autoptr (Fixture) f = formation_fixture (module);
        g_autoptr (GError) error = NULL;
        GbacwUnit *oob;
        GbacwMoveCost cost;
        int halves, bat;
        gboolean plays = module && horse;
        set_terrain (f, "0204", "woods");
        oob = (GbacwUnit *) gbacw_oob_find_unit (&f->s->oob, "u-bat");
        if (horse)
          oob->flags |= GBACW_UNIT_FLAG_HORSE_ARTILLERY;
        GbacwGame *game = start_game (f);
        bat = unit_index (game, "u-bat");
        g_assert_true (gbacw_movement_allowance (game, bat, &halves, &error));
        g_assert_no_error (error);
        g_assert_cmpint (halves, ==, plays ? 24 : 16);
        gbacw_movement_step_cost (game, bat, hex_of (f->s, "0203"), direction_of (f->s, "s"), &cost);
        g_assert_cmpint (cost.halves, ==, plays ? 6 : 8);
        gbacw_game_free (game);
      }
}

/* ------------------------------------------------------------------ P 22.1 withdrawal */

/* McCulloch's division (McIntosh's and Hebert's brigades) and Van Dorn's (Little's); the
 * Withdrawal Interphase after Game-Turn 1, re-entry at 0110 from Game-Turn 3. McIntosh's
 * brigade has reached its BCE limit (2 of 6). */
static Fixture *
withdrawal_fixture (const char *voluntary, const char *ask, const char *mcintosh_at)
{
  Fixture *f = fixture_new (8, 10);
  GbacwFormation *mci, *heb, *lit;

  add_formation (f, "c-mcc-div", "confederate", GBACW_FORMATION_DIVISION, NULL, "c-mcc");
  mci = add_formation (f, "c-mci", "confederate", GBACW_FORMATION_BRIGADE, "c-mcc-div", "c-mci-ldr");
  heb = add_formation (f, "c-heb", "confederate", GBACW_FORMATION_BRIGADE, "c-mcc-div", "c-heb-ldr");
  add_formation (f, "c-vd-div", "confederate", GBACW_FORMATION_DIVISION, NULL, "c-vd");
  lit = add_formation (f, "c-lit", "confederate", GBACW_FORMATION_BRIGADE, "c-vd-div", "c-lit-ldr");
  mci->bce[0] = 2;
  heb->bce[0] = 2;
  lit->bce[0] = 2;
  LEADER (f, "c-mcc", "confederate", "0202");
  LEADER (f, "c-mci-ldr", "confederate", mcintosh_at);
  LEADER (f, "c-heb-ldr", "confederate", "0206");
  LEADER (f, "c-vd", "confederate", "0708");
  LEADER (f, "c-lit-ldr", "confederate", "0708");
  set_leader (f, "c-mcc", GBACW_LEADER_DIVISION, 1, 1, 4, 0);
  set_leader (f, "c-vd", GBACW_LEADER_DIVISION, 1, 1, 3, 0);
  set_leader (f, "c-mci-ldr", GBACW_LEADER_BRIGADE, 2, 1, GBACW_UNSET, 0);
  set_leader (f, "c-heb-ldr", GBACW_LEADER_BRIGADE, 2, 1, GBACW_UNSET, 0);
  set_leader (f, "c-lit-ldr", GBACW_LEADER_BRIGADE, 2, 1, GBACW_UNSET, 0);
  INF (f, "c-3tx", "confederate", 4, 3, "0303", "s");
  INF (f, "c-6tx", "confederate", 4, 3, "0203", "s");
  INF (f, "c-3lou", "confederate", 4, 3, "0206", "s");
  INF (f, "c-1mo", "confederate", 4, 3, "0708", "s");
  add_unit (f, "c-good", "confederate", GBACW_UNIT_ARTILLERY, 2, 3, "L", "0202", GBACW_FORMATION_STATE_UNLIMBERED, "s");
  add_unit (f, "c-late", "confederate", GBACW_UNIT_INFANTRY, 2, 3, "R", "0808", GBACW_FORMATION_STATE_LINE, "s");
  set_formation (f, "c-mcc c-good", "c-mcc-div");
  set_formation (f, "c-mci-ldr c-3tx c-6tx", "c-mci");
  set_formation (f, "c-heb-ldr c-3lou", "c-heb");
  set_formation (f, "c-vd", "c-vd-div");
  set_formation (f, "c-lit-ldr c-1mo c-late", "c-lit");
  reinforce (f, "c-late", 2, "0110", GBACW_FORMATION_STATE_COLUMN);
  INF (f, "u-1", "union", 4, 3, "0304", "n");
  add_exclusive (f, "pearidge.mcculloch-withdrawal", "turn", "1", "division", "c-mcc-div", "must",
                 "bce-lost-outside-dir", "dir-of", "c-vd", "attach-to", "c-vd-div", "reentry-hex", "0110",
                 "reentry-turn", "3", "voluntary", voluntary, "ask", ask, "case", "P 22.1", NULL);
  return f;
}

static GbacwGame *
withdrawal_game (Fixture *f)
{
  GbacwGame *game = start_game (f);
  GbacwGameUnit *u = unit_of (game, "c-6tx");

  u->strength -= 2;   /* McIntosh's brigade at its limit: 2 boxes of 2 */
  u->killed += 2;
  return game;
}

/* Plays to the Withdrawal Interphase of Game-Turn 1 and past it, up to the first question. */
static void
through_interphase (GbacwGame *game)
{
  for (int guard = 0; guard < 100 && game->turn < 2 && game->decision == NULL && !gbacw_game_is_over (game); guard++)
    end_phase (game);
  g_assert_true (game->turn == 2 || gbacw_game_is_over (game));
}

/* The Union player holds his withdrawal fire (P 22.12) at every hex. */
static void
hold_withdrawal_fire (GbacwGame *game)
{
  while (game->decision && game->decision->kind == GBACW_DECISION_FIRE)
    apply_expect (game, gbacw_action_new_answer_fire (NULL, 0), NULL);
}

static gboolean
withdrawn (GbacwGame *game, const char *id)
{
  const GbacwGameUnit *u = unit_of (game, id);
  return u->hex < 0 && u->presence == GBACW_PRESENCE_NOT_ARRIVED;
}

/* 22.11: a brigade at its BCE limit outside Van Dorn's DIR must withdraw, inside it need
 * not (voluntary = none); Hebert's brigade, not at its limit, stays. 22.15: the withdrawn
 * brigade is attached to Van Dorn's division, McCulloch stays. The Union unit holds its
 * withdrawal fire here. */
static void
test_withdrawal_must (void)
{
  for (int inside = 0; inside < 2; inside++)
    {
      g_autoptr (Fixture) f = withdrawal_fixture ("none", "no", inside ? "0607" : "0203");
      GbacwGame *game = withdrawal_game (f);
      int mci = 1, vd = 3;
      through_interphase (game);
      if (!inside)
        {
          g_assert_nonnull (game->decision);
          g_assert_cmpint (game->decision->kind, ==, GBACW_DECISION_FIRE);   /* 22.12: in the Union ZOC */
          hold_withdrawal_fire (game);
        }
      g_assert_null (game->decision);
      g_assert_cmpint (withdrawn (game, "c-3tx"), ==, !inside);
      g_assert_cmpint (withdrawn (game, "c-6tx"), ==, !inside);
      g_assert_cmpint (withdrawn (game, "c-mci-ldr"), ==, !inside);
      g_assert_false (withdrawn (game, "c-3lou"));
      g_assert_false (withdrawn (game, "c-mcc"));
      g_assert_cmpint (log_has (game, "P 22.11", "must withdraw"), ==, !inside);
      g_assert_cmpint (game->formation_parent[mci], ==, inside ? 0 : vd);
      g_assert_cmpint (log_has (game, "P 22.15", NULL), ==, !inside);
      gbacw_game_free (game);
    }
}

/* 22.11: any brigade may withdraw: asked (ask = yes), the Confederate player names Hebert's
 * brigade too; with every brigade gone, 22.16: they stay under McCulloch, who goes with them
 * with the division's battery (unlimbered: 22.12). The engine's default (voluntary =
 * bce-lost) withdraws McIntosh's brigade, inside the DIR too, and not Hebert's. */
static void
test_withdrawal_may (void)
{
  {
    g_autoptr (Fixture) f = withdrawal_fixture ("bce-lost", "yes", "0607");
    GbacwGame *game = withdrawal_game (f);
    const GbacwDecision *d;
    const GbacwRuleHooks *hooks = gbacw_rules_hooks_lookup ("pearidge.mcculloch-withdrawal");
    g_autoptr (GbacwAction) suggested = NULL;
    through_interphase (game);
    d = game->decision;
    g_assert_nonnull (d);
    g_assert_cmpint (d->kind, ==, GBACW_DECISION_EXCLUSIVE_UNITS);
    g_assert_cmpint (d->side, ==, 1);
    g_assert_cmpuint (d->firers->len, ==, 2);   /* both brigades may */
    g_assert_cmpint (g_array_index (d->firers, int, 0), ==, unit_index (game, "c-mci-ldr"));   /* the default's first */
    /* the default answer the computer player reads: McIntosh's brigade only */
    suggested = hooks->exclusive_default (game, g_ptr_array_index (game->hook_data, 0),
                                          g_ptr_array_index (game->pending, 0), d);
    g_assert_cmpuint (suggested->answer.firers->len, ==, 1);
    g_assert_cmpint (g_array_index (suggested->answer.firers, GbacwFirer, 0).unit, ==, unit_index (game, "c-mci-ldr"));
    apply_expect (game, gbacw_action_new_answer_units ((int[]) { unit_index (game, "c-mci-ldr"),
                                                                 unit_index (game, "c-heb-ldr") }, 2), NULL);
    hold_withdrawal_fire (game);
    g_assert_true (withdrawn (game, "c-3lou"));
    g_assert_true (withdrawn (game, "c-3tx"));
    g_assert_true (withdrawn (game, "c-mcc"));
    g_assert_true (withdrawn (game, "c-good"));
    g_assert_false (withdrawn (game, "c-1mo"));
    g_assert_true (log_has (game, "P 22.16", NULL));
    g_assert_cmpint (game->formation_parent[1], ==, 0);
    gbacw_game_free (game);
  }
  {
    g_autoptr (Fixture) f = withdrawal_fixture ("bce-lost", "no", "0607");
    GbacwGame *game = withdrawal_game (f);
    through_interphase (game);
    hold_withdrawal_fire (game);
    g_assert_true (withdrawn (game, "c-3tx"));
    g_assert_false (withdrawn (game, "c-3lou"));
    g_assert_true (log_has (game, "P 22.11", "option"));
    gbacw_game_free (game);
  }
}

/* 22.12: withdrawal fire at a withdrawing unit: its loss counts (1*: one SP), the morale
 * check it fails and the pin do not; it is withdrawn, not routed, and makes no retreat. */
static void
test_withdrawal_fire (void)
{
  g_autoptr (Fixture) f = withdrawal_fixture ("none", "no", "0203");
  GbacwGame *game = withdrawal_game (f);
  GbacwFirer firer;
  GbacwGameUnit *tx;

  through_interphase (game);
  g_assert_nonnull (game->decision);
  g_assert_cmpint (game->decision->kind, ==, GBACW_DECISION_FIRE);
  g_assert_cmpint (game->decision->side, ==, 0);
  g_assert_cmpint (game->decision->hex, ==, hex_of (f->s, "0303"));
  firer = (GbacwFirer) { unit_index (game, "u-1"), 0.0, -1 };
  gbacw_dice_force_list (game->dice, 6, 6, 6, 0);   /* 1*, then the morale check fails */
  apply_expect (game, gbacw_action_new_answer_fire (&firer, 1), NULL);
  hold_withdrawal_fire (game);   /* at 6 Tex, 0203 */
  tx = unit_of (game, "c-3tx");
  g_assert_cmpint (tx->strength, ==, 3);
  g_assert_cmpint (tx->killed, ==, 1);
  g_assert_true (withdrawn (game, "c-3tx"));
  g_assert_false (tx->status & (GBACW_STATUS_ROUTED | GBACW_STATUS_PINNED));
  g_assert_cmpint (tx->rout_hexes_due, ==, 0);
  g_assert_true (log_has (game, "P 22.12", "do not apply"));
  g_assert_true (log_has (game, "13.21", "fails"));
  gbacw_game_free (game);
}

/* 22.13: the withdrawn units enter at the re-entry hex, not before Game-Turn 3. */
static void
test_withdrawal_reentry (void)
{
  g_autoptr (Fixture) f = withdrawal_fixture ("none", "no", "0203");
  GbacwGame *game = withdrawal_game (f);

  through_interphase (game);
  hold_withdrawal_fire (game);
  goto_phase (game, GBACW_PHASE_MOVEMENT, 1);
  apply_expect (game, move_action (game, "c-3tx", "0110"), "P 22.13");
  for (int guard = 0; guard < 100 && game->turn < 3; guard++)
    end_phase (game);
  goto_phase (game, GBACW_PHASE_MOVEMENT, 1);
  apply_expect (game, move_action (game, "c-3tx", "0110"), NULL);
  g_assert_cmpint (unit_of (game, "c-3tx")->hex, ==, hex_of (f->s, "0110"));
  apply_expect (game, move_action (game, "c-6tx", "0109"), "26.0");   /* only at the re-entry hex */
  gbacw_game_free (game);
}

/* 22.14, 22.36: a withdrawn brigade's regiment, back on the map, recovers no stragglers; a
 * regiment that stayed does (straggler recovery after Game-Turn 4, every die a success). */
static void
test_withdrawn_no_stragglers (void)
{
  g_autoptr (Fixture) f = withdrawal_fixture ("none", "no", "0203");
  GbacwGame *game;
  GbacwGameUnit *lou;

  set_turns (f, 1, 5);
  gbacw_oob_find_formation (&f->s->oob, "c-heb")->bce[0] = 3;
  add_exclusive (f, "straggler-recovery", "turns", "4", "success", "1-6", "case", "P 22.38", NULL);
  game = withdrawal_game (f);
  lou = unit_of (game, "c-3lou");
  lou->strength -= 2;
  lou->killed += 2;
  through_interphase (game);
  hold_withdrawal_fire (game);
  g_assert_true (withdrawn (game, "c-6tx"));
  while (game->turn < 3)
    end_phase (game);
  goto_phase (game, GBACW_PHASE_MOVEMENT, 1);
  apply_expect (game, move_action (game, "c-6tx", "0110"), NULL);
  while (game->turn < 5)
    end_phase (game);
  g_assert_cmpint (unit_of (game, "c-3lou")->strength, ==, 3);   /* recovered one */
  g_assert_cmpint (unit_of (game, "c-6tx")->strength, ==, 2);    /* withdrew: none */
  g_assert_true (log_has (game, "P 22.38", "c-3lou"));
  g_assert_false (log_has (game, "P 22.38", "c-6tx"));
  gbacw_game_free (game);
}

/* ------------------------------------------------------------------ P 30.0, 31.0, 32.0 */

static int
log_count (const GbacwGame *game, const char *rule_case, const char *text)
{
  int n = 0;
  for (guint i = 0; i < game->events->len; i++)
    {
      const GbacwEvent *e = g_ptr_array_index (game->events, i);
      n += g_strcmp0 (e->rule_case, rule_case) == 0 && strstr (e->text, text) != NULL;
    }
  return n;
}

/* Two Union batteries against a Confederate stack at 0202 (a regiment on top of Watie's), at
 * range 2. */
static Fixture *
indians_fixture (gboolean module)
{
  Fixture *f = fixture_new (6, 8);

  INF (f, "c-top", "confederate", 4, 3, "0202", "s");
  INF (f, "c-watie", "confederate", 4, 3, "0202", "s");
  add_unit (f, "u-bat1", "union", GBACW_UNIT_ARTILLERY, 2, 3, "L", "0204", GBACW_FORMATION_STATE_UNLIMBERED, "n");
  add_unit (f, "u-bat2", "union", GBACW_UNIT_ARTILLERY, 2, 3, "L", "0304", GBACW_FORMATION_STATE_UNLIMBERED, "n");
  if (module)
    add_exclusive (f, "pearidge.indians", "units", "c-watie", "case", "P 30.0", NULL);
  return f;
}

/* 30.0: artillery fire with no result makes Watie's regiment (under another unit) check its
 * morale, once for the two batteries; it fails on a 6 and routs. Small arms alone do not. */
static void
test_indians_artillery (void)
{
  for (int module = 0; module < 2; module++)
    {
      g_autoptr (Fixture) f = indians_fixture (module);
      GbacwGame *game = start_game (f);
      goto_phase (game, GBACW_PHASE_OFFENSIVE_FIRE, 0);
      const GbacwFirer firers[2] = { { unit_index (game, "u-bat1"), 0, -1 }, { unit_index (game, "u-bat2"), 0, -1 } };
      gbacw_dice_force_list (game->dice, 1, 6, 0);   /* the batteries: no result; then Watie's check */
      apply_expect (game, gbacw_action_new_fire (hex_of (f->s, "0202"), firers, 2), NULL);
      end_phase (game);
      g_assert_cmpint (log_count (game, "P 30.0", "checks its morale"), ==, module);
      g_assert_cmpint ((unit_of (game, "c-watie")->status & GBACW_STATUS_ROUTED) != 0, ==, module);
      g_assert_false (unit_of (game, "c-top")->status & GBACW_STATUS_ROUTED);
      gbacw_game_free (game);
    }
  {
    g_autoptr (Fixture) f = indians_fixture (TRUE);
    INF (f, "u-adj", "union", 4, 3, "0203", "n");
    GbacwGame *game = start_game (f);
    goto_phase (game, GBACW_PHASE_OFFENSIVE_FIRE, 0);
    gbacw_dice_force_list (game->dice, 2, 0);
    apply_expect (game, fire1 (game, "0202", "u-adj", 0), NULL);
    end_phase (game);
    g_assert_cmpint (log_count (game, "P 30.0", "checks its morale"), ==, 0);
    gbacw_game_free (game);
  }
}

/* 30.0: a free shot too: Watie's regiment leaves the ZOC of a Union battery, which fires
 * withdrawal fire (10.1) with no result; Watie checks its morale and routs on a 6. */
static void
test_indians_withdrawal_fire (void)
{
  for (int module = 0; module < 2; module++)
    {
      g_autoptr (Fixture) f = fixture_new (6, 8);
      GbacwFirer firer;
      GbacwGame *game;
      INF (f, "c-watie", "confederate", 4, 3, "0202", "s");
      add_unit (f, "u-bat", "union", GBACW_UNIT_ARTILLERY, 2, 3, "L", "0203", GBACW_FORMATION_STATE_UNLIMBERED, "n");
      if (module)
        add_exclusive (f, "pearidge.indians", "units", "c-watie", "case", "P 30.0", NULL);
      game = start_game (f);
      goto_phase (game, GBACW_PHASE_MOVEMENT, 1);
      apply_expect (game, move_action (game, "c-watie", "0201"), NULL);
      g_assert_nonnull (game->decision);
      g_assert_cmpint (game->decision->kind, ==, GBACW_DECISION_FIRE);
      firer = (GbacwFirer) { unit_index (game, "u-bat"), 0, -1 };
      gbacw_dice_force_list (game->dice, 1, 6, 0);   /* no result; Watie's check fails */
      apply_expect (game, gbacw_action_new_answer_fire (&firer, 1), NULL);
      g_assert_cmpint (log_count (game, "P 30.0", "checks its morale"), ==, module);
      g_assert_cmpint ((unit_of (game, "c-watie")->status & GBACW_STATUS_ROUTED) != 0, ==, module);
      gbacw_game_free (game);
    }
}

static Fixture *
van_dorn_fixture (gboolean module)
{
  Fixture *f = fixture_new (6, 8);

  LEADER (f, "c-vd", "confederate", "0202");
  INF (f, "c-1", "confederate", 4, 3, "0202", "s");
  INF (f, "u-1", "union", 3, 3, "0203", "n");
  set_terrain (f, "0302", "woods");
  if (module)
    add_exclusive (f, "pearidge.van-dorn", "leader", "c-vd", "ma", "10", "costs", "wagon", "melee-bonus", "no", "case",
                   "P 31.0", NULL);
  return f;
}

/* 31.0: Van Dorn moves 10 (a leader 12) at the wagons' costs (woods 4, a leader's 2). */
static void
test_van_dorn_movement (void)
{
  for (int module = 0; module < 2; module++)
    {
      g_autoptr (Fixture) f = van_dorn_fixture (module);
      g_autoptr (GError) error = NULL;
      GbacwGame *game = start_game (f);
      int vd = unit_index (game, "c-vd"), halves;
      GbacwMoveCost cost;
      g_assert_true (gbacw_movement_allowance (game, vd, &halves, &error));
      g_assert_cmpint (halves, ==, module ? 20 : 24);
      int from = hex_of (f->s, "0202");
      gbacw_movement_step_cost (game, vd, from, gbacw_game_direction_between (game, from, hex_of (f->s, "0302")), &cost);
      g_assert_cmpint (cost.halves, ==, module ? 8 : 4);
      gbacw_game_free (game);
    }
}

/* 31.0: Van Dorn adds no point to a melee, attacking or defending (12.4 adds one); another
 * leader with him still does. */
static void
test_van_dorn_melee (void)
{
  for (int module = 0; module < 2; module++)
    for (int other = 0; other < 2; other++)
      {
        g_autoptr (Fixture) f = van_dorn_fixture (module);
        g_autoptr (GError) error = NULL;
        GbacwMeleeOdds odds;
        gboolean point = !module || other;
        if (other)
          LEADER (f, "c-price", "confederate", "0202");
        GbacwGame *game = start_game (f);
        g_autoptr (GArray) attackers = units_of (game, "c-1");
        g_autoptr (GArray) union_attackers = units_of (game, "u-1");
        g_assert_true (gbacw_melee_odds (game, attackers, hex_of (f->s, "0203"), FALSE, &odds, &error));
        g_assert_no_error (error);
        g_assert_cmpint (odds.attack_leader, ==, point);
        g_assert_cmpint (odds.attack, ==, 4 + point);
        g_assert_true (gbacw_melee_odds (game, union_attackers, hex_of (f->s, "0202"), FALSE, &odds, &error));
        g_assert_no_error (error);
        g_assert_cmpint (odds.defend_leader, ==, point);
        gbacw_game_free (game);
      }
}

static Fixture *
gideon_fixture (gboolean module)
{
  Fixture *f = fixture_new (6, 8);

  add_unit (f, "c-9tx", "confederate", GBACW_UNIT_CAVALRY, 6, 3, "C", "0202", GBACW_FORMATION_STATE_MOUNTED, "s");
  INF (f, "u-1", "union", 3, 3, "0608", "n");
  add_level (f, "Union victory", "union", 0);
  if (module)
    add_exclusive (f, "pearidge.gideon-smith", "unit", "c-9tx", "roll", "6", "per-loss", "+1", "death", "1-2", "case",
                   "P 32.0", NULL);
  return f;
}

static void
lose_sp (GbacwGame *game, const char *id, int n)
{
  GbacwGameUnit *u = unit_of (game, id);
  u->strength -= n;
  u->killed += n;
}

/* 32.0: the first loss on a 6 is Gideon's company; a 1 then kills him and the game ends at
 * once with no victor. Without the rule, or on a 5, play goes on. */
static void
test_gideon_smith_no_victor (void)
{
  for (int module = 0; module < 2; module++)
    for (int first = 5; first <= 6; first++)
      {
        g_autoptr (Fixture) f = gideon_fixture (module);
        GbacwGame *game = start_game (f);
        g_autoptr (GbacwOutcome) outcome = NULL;
        GbacwVictory v;
        gboolean ends = module && first == 6;
        lose_sp (game, "c-9tx", 1);
        gbacw_dice_force_list (game->dice, first, 1, 0);
        end_phase (game);
        g_assert_cmpint (gbacw_game_is_over (game), ==, ends);
        outcome = gbacw_outcome_new (game);
        gbacw_outcome_update (outcome, game);
        gbacw_outcome_victory (outcome, game, &v);
        g_assert_cmpint (v.winner, ==, ends ? -1 : 0);
        if (ends)
          g_assert_true (strstr (v.level, "P 32.0") != NULL);
        gbacw_victory_clear (&v);
        g_assert_cmpint (log_has (game, "P 32.0", "died"), ==, ends);
        gbacw_game_free (game);
      }
}

/* 32.0: one is added for each loss after the first: the third loss is his company on a 4;
 * he survives on a 3, and no die is rolled for later losses. */
static void
test_gideon_smith_per_loss (void)
{
  g_autoptr (Fixture) f = gideon_fixture (TRUE);
  GbacwGame *game = start_game (f);

  lose_sp (game, "c-9tx", 2);
  gbacw_dice_force_list (game->dice, 3, 3, 4, 3, 0);   /* 3, 3+1: not his; third: 4+2 = 6, then 3: survives */
  end_phase (game);
  g_assert_cmpint (log_count (game, "P 32.0", "not Gideon"), ==, 2);
  lose_sp (game, "c-9tx", 1);
  end_phase (game);
  g_assert_true (log_has (game, "P 32.0", "company is lost"));
  g_assert_true (log_has (game, "P 32.0", "survives"));
  lose_sp (game, "c-9tx", 1);
  end_phase (game);
  g_assert_cmpint (log_count (game, "P 32.0", "loses a Strength Point"), ==, 3);
  g_assert_false (gbacw_game_is_over (game));
  gbacw_game_free (game);
}

/* ------------------------------------------------------------------ P 28.26, 29.1 both sides */

/* Carr's division (Dodge's and Vandever's brigades) and a Confederate division (one brigade),
 * with the kit's two leader-replacement rules: leader-replacement (P 28.26) for the
 * Confederates, pearidge.union-leader-replacement (P 29.1) for the Union. */
static Fixture *
replacement_fixture (void)
{
  Fixture *f = fixture_new (6, 8);

  set_turns (f, 1, 8);
  add_formation (f, "u-carr-div", "union", GBACW_FORMATION_DIVISION, NULL, "u-carr");
  add_formation (f, "u-dodge-bde", "union", GBACW_FORMATION_BRIGADE, "u-carr-div", "u-dodge");
  add_formation (f, "u-vandever-bde", "union", GBACW_FORMATION_BRIGADE, "u-carr-div", "u-vandever");
  add_formation (f, "c-div", "confederate", GBACW_FORMATION_DIVISION, NULL, "c-div-ldr");
  add_formation (f, "c-bde", "confederate", GBACW_FORMATION_BRIGADE, "c-div", "c-bde-ldr");
  LEADER (f, "u-carr", "union", "0101");
  LEADER (f, "u-dodge", "union", "0102");
  LEADER (f, "u-vandever", "union", "0103");
  LEADER (f, "c-div-ldr", "confederate", "0608");
  LEADER (f, "c-bde-ldr", "confederate", "0601");
  INF (f, "u-4ia", "union", 3, 3, "0102", "s");
  INF (f, "u-25mo", "union", 3, 3, "0103", "s");
  INF (f, "c-1", "confederate", 3, 3, "0601", "n");
  set_leader (f, "u-carr", GBACW_LEADER_DIVISION, 4, 2, 4, 2);
  set_leader (f, "u-dodge", GBACW_LEADER_BRIGADE, 2, 1, GBACW_UNSET, 0);
  set_leader (f, "u-vandever", GBACW_LEADER_BRIGADE, 3, 1, GBACW_UNSET, 0);
  set_leader (f, "c-div-ldr", GBACW_LEADER_DIVISION, 4, 2, 2, 1);
  set_leader (f, "c-bde-ldr", GBACW_LEADER_BRIGADE, 2, 1, GBACW_UNSET, 0);
  set_formation (f, "u-carr", "u-carr-div");
  set_formation (f, "u-dodge u-4ia", "u-dodge-bde");
  set_formation (f, "u-vandever u-25mo", "u-vandever-bde");
  set_formation (f, "c-div-ldr", "c-div");
  set_formation (f, "c-bde-ldr c-1", "c-bde");
  add_exclusive (f, "leader-replacement", "sides", "confederate", "delay-division", "0:0 1-2:1 3-4:2 5:3 6:4",
                 "delay-brigade", "0:0 1:1 2:2 3-4:3 5:4 6:5", "original-drm", "-2", "keeps-brigade", "yes", "case",
                 "P 28.26", NULL);
  add_exclusive (f, "pearidge.union-leader-replacement", "sides", "union", "successors.u-carr-div", "u-dodge u-vandever",
                 "original-first", "yes", "case", "P 29.1", NULL);
  return f;
}

static int
formation_id (GbacwGame *game, const char *id)
{
  for (guint i = 0; i < game->scenario->oob.formations->len; i++)
    if (g_str_equal (((GbacwFormation *) g_ptr_array_index (game->scenario->oob.formations, i))->id, id))
      return (int) i;
  g_assert_not_reached ();
}

/* 29.11: Carr lost, Dodge takes the division without a question (the Standard Rules would
 * ask, 17.83); Dodge lost too, Vandever. */
static void
test_union_replacement_order (void)
{
  for (int dodge_lost = 0; dodge_lost < 2; dodge_lost++)
    {
      g_autoptr (Fixture) f = replacement_fixture ();
      GbacwGame *game = start_game (f);
      const GbacwDecision *d;
      gbacw_leadership_leader_lost (game, unit_index (game, "u-carr"), GBACW_PRESENCE_KILLED);
      if (dodge_lost)
        gbacw_leadership_leader_lost (game, unit_index (game, "u-dodge"), GBACW_PRESENCE_KILLED);
      goto_phase (game, GBACW_PHASE_FINAL_COMMAND, 0);
      end_phase (game);
      d = gbacw_game_decision (game);
      g_assert_true (d == NULL || d->kind != GBACW_DECISION_PROMOTE);
      g_assert_cmpint (game->formation_commander[formation_id (game, "u-carr-div")], ==,
                       unit_index (game, dodge_lost ? "u-vandever" : "u-dodge"));
      gbacw_game_free (game);
    }
}

/* 28.26 beside 29.0: a Confederate brigadier waits for his replacement (die 3: three Final
 * Command Phases; out of his division commander's DIR), a Union one is replaced at the end
 * of the Union's first Final Command Phase (17.81), the Confederate rule not delaying him. */
static void
test_both_sides_replacement (void)
{
  g_autoptr (Fixture) f = replacement_fixture ();
  GbacwGame *game = start_game (f);
  const GbacwDecision *d;
  int union_back = -1, csa_back = -1;

  gbacw_leadership_leader_lost (game, unit_index (game, "u-vandever"), GBACW_PRESENCE_KILLED);
  gbacw_leadership_leader_lost (game, unit_index (game, "c-bde-ldr"), GBACW_PRESENCE_KILLED);
  gbacw_dice_force_list (game->dice, 3, 0);
  for (int guard = 0; guard < 400 && game->turn < 6; guard++)
    if ((d = gbacw_game_decision (game)) != NULL)
      apply_expect (game, gbacw_action_new_answer_hex (g_array_index (d->hexes, int, 0)), NULL);
    else
      end_phase (game);
  /* the Game-Turn each comes back in (17.8: "goes to" a unit of his command) */
  for (guint i = 0; i < game->events->len; i++)
    {
      const GbacwEvent *e = g_ptr_array_index (game->events, i);
      if (g_strcmp0 (e->rule_case, "17.8") != 0 || strstr (e->text, "goes to") == NULL)
        continue;
      if (g_str_has_prefix (e->text, "u-vandever") && union_back < 0)
        union_back = e->turn;
      if (g_str_has_prefix (e->text, "c-bde-ldr") && csa_back < 0)
        csa_back = e->turn;
    }
  g_assert_cmpint (union_back, ==, 1);
  g_assert_cmpint (csa_back, ==, 4);
  g_assert_true (log_has (game, "P 28.26", "die 3, modified 3: in 3 Final Command Phases"));
  gbacw_game_free (game);
}

/* 29.21-29.22: Asboth's division with its own brigade (Schaefer's) and White's attached from
 * Davis's; Asboth lost: Schaefer is promoted, without a question (17.83 would ask between the
 * two); Schaefer lost too: White, the attached one. */
static void
test_union_original_first (void)
{
  for (int schaefer_lost = 0; schaefer_lost < 2; schaefer_lost++)
    for (int rule = 0; rule < 2; rule++)
      {
        g_autoptr (Fixture) f = fixture_new (6, 8);
        GbacwGame *game;
        const GbacwDecision *d;
        int asboth;

        set_turns (f, 1, 4);
        add_formation (f, "u-asboth-div", "union", GBACW_FORMATION_DIVISION, NULL, "u-asboth");
        add_formation (f, "u-schaefer-bde", "union", GBACW_FORMATION_BRIGADE, "u-asboth-div", "u-schaefer");
        add_formation (f, "u-davis-div", "union", GBACW_FORMATION_DIVISION, NULL, "u-davis");
        add_formation (f, "u-white-bde", "union", GBACW_FORMATION_BRIGADE, "u-davis-div", "u-white");
        LEADER (f, "u-asboth", "union", "0101");
        LEADER (f, "u-schaefer", "union", "0102");
        LEADER (f, "u-davis", "union", "0301");
        LEADER (f, "u-white", "union", "0103");
        INF (f, "u-2mo", "union", 3, 3, "0102", "s");
        INF (f, "u-37ill", "union", 3, 3, "0103", "s");
        INF (f, "c-1", "confederate", 3, 3, "0608", "n");
        set_leader (f, "u-asboth", GBACW_LEADER_DIVISION, 4, 2, 4, 2);
        set_leader (f, "u-davis", GBACW_LEADER_DIVISION, 4, 2, 4, 2);
        set_leader (f, "u-schaefer", GBACW_LEADER_BRIGADE, 2, 1, GBACW_UNSET, 0);
        set_leader (f, "u-white", GBACW_LEADER_BRIGADE, 2, 1, GBACW_UNSET, 0);
        set_formation (f, "u-asboth", "u-asboth-div");
        set_formation (f, "u-davis", "u-davis-div");
        set_formation (f, "u-schaefer u-2mo", "u-schaefer-bde");
        set_formation (f, "u-white u-37ill", "u-white-bde");
        if (rule)
          add_exclusive (f, "pearidge.union-leader-replacement", "sides", "union", "original-first", "yes", "case",
                         "P 29.1", NULL);
        game = start_game (f);
        asboth = formation_id (game, "u-asboth-div");
        game->formation_parent[formation_id (game, "u-white-bde")] = asboth;   /* attached (17.64) */
        gbacw_leadership_leader_lost (game, unit_index (game, "u-asboth"), GBACW_PRESENCE_KILLED);
        if (schaefer_lost)
          gbacw_leadership_leader_lost (game, unit_index (game, "u-schaefer"), GBACW_PRESENCE_KILLED);
        goto_phase (game, GBACW_PHASE_FINAL_COMMAND, 0);
        end_phase (game);
        d = gbacw_game_decision (game);
        if (!rule && !schaefer_lost)
          {
            g_assert_nonnull (d);   /* the Standard Rules: the owner chooses between the two */
            g_assert_cmpint (d->kind, ==, GBACW_DECISION_PROMOTE);
          }
        else
          {
            g_assert_true (d == NULL || d->kind != GBACW_DECISION_PROMOTE);
            g_assert_cmpint (game->formation_commander[asboth], ==,
                             unit_index (game, schaefer_lost ? "u-white" : "u-schaefer"));
          }
        gbacw_game_free (game);
      }
}

/* ------------------------------------------------------------------ P 33.0, 21.7 */

/* 33.0 (the kit's reserves rule): the 24th Missouri, in Line, may neither move nor change
 * formation until the Union Player-Turn of Game-Turn 2; the Confederates are first. */
static void
test_24_mo_set_up (void)
{
  g_autoptr (Fixture) f = fixture_new (6, 8);
  GbacwGame *game;
  int mo;

  g_free (f->s->turns.first_player);
  f->s->turns.first_player = g_strdup ("confederate");
  INF (f, "u-24-mo", "union", 4, 3, "0303", "s");
  INF (f, "c-1", "confederate", 4, 3, "0608", "n");
  add_exclusive (f, "reserves", "units", "u-24-mo", "forbid", "move formation", "release-turn", "2", "case", "P 33.0",
                 NULL);
  game = start_game (f);
  mo = unit_index (game, "u-24-mo");
  goto_phase (game, GBACW_PHASE_MOVEMENT, 0);
  g_assert_cmpint (game->turn, ==, 1);
  apply_expect (game, move_action (game, "u-24-mo", "0304"), "P 33.0");
  apply_expect (game, gbacw_action_new_change_formation (&mo, 1, GBACW_FORMATION_STATE_COLUMN), "P 33.0");
  end_phase (game);
  goto_phase (game, GBACW_PHASE_MOVEMENT, 0);
  g_assert_cmpint (game->turn, ==, 2);
  apply_expect (game, move_action (game, "u-24-mo", "0304"), NULL);
  gbacw_game_free (game);
}

/* 21.7 and the Pea Ridge Sequence of Play: the Victory Determination Interphase, then the
 * Withdrawal Interphase (the kit's order of its rules); a game decided on the first day
 * (34.21: 100 VP and more than the other's total and half) has no withdrawal. */
static void
test_sequence_victory_then_withdrawal (void)
{
  for (int decided = 0; decided < 2; decided++)
    {
      g_autoptr (Fixture) f = withdrawal_fixture ("none", "no", "0203");
      GbacwGame *game;
      int vd = -1, wd = -1;
      /* victory-checks listed first, as in the kit */
      GbacwExclusiveRule *withdrawal = g_ptr_array_steal_index (f->s->exclusive_rules, 0);
      add_exclusive (f, "victory-checks", "ratio-turns", "1", "ratio-minimum", decided ? "0" : "100", "ratio-case",
                     "P 34.21", NULL);
      g_ptr_array_add (f->s->exclusive_rules, withdrawal);
      add_area (f, "vp", GBACW_AREA_OBJECTIVE, NULL, "0708");
      {
        GbacwVpAward *a = g_new0 (GbacwVpAward, 1);
        a->id = g_strdup ("vp-hex");
        a->side = g_strdup ("confederate");
        a->event = GBACW_VP_OBJECTIVE;
        a->area = g_strdup ("vp");
        a->vp = 10;
        g_ptr_array_add (f->s->vp_awards, a);
      }
      game = withdrawal_game (f);
      through_interphase (game);
      hold_withdrawal_fire (game);
      for (guint i = 0; i < game->events->len; i++)
        {
          const GbacwEvent *e = g_ptr_array_index (game->events, i);
          if (vd < 0 && g_strcmp0 (e->rule_case, "P 34.21") == 0)
            vd = (int) i;
          if (wd < 0 && g_strcmp0 (e->rule_case, "P 22.11") == 0)
            wd = (int) i;
        }
      g_assert_cmpint (vd, >=, 0);
      if (decided)
        {
          g_assert_true (gbacw_game_is_over (game));
          g_assert_cmpint (wd, <, 0);
          g_assert_false (withdrawn (game, "c-3tx"));
        }
      else
        {
          g_assert_cmpint (wd, >, vd);
          g_assert_true (withdrawn (game, "c-3tx"));
        }
      gbacw_game_free (game);
    }
}

/* The text of the first STATUS item of rule_case that contains text (test play shows them),
 * or NULL. */
static char *
status_with (const GbacwGame *game, const char *rule_case, const char *text)
{
  g_autoptr (GPtrArray) items = gbacw_game_rules_status (game);

  for (guint i = 0; i < items->len; i++)
    {
      const GbacwRuleStatus *item = g_ptr_array_index (items, i);
      if (g_strcmp0 (item->rule_case, rule_case) == 0 && strstr (item->text, text) != NULL)
        return g_strdup (item->text);
    }
  return NULL;
}

/* 22.11, 22.13 reported: before the interphase, the brigade bound to withdraw as things
 * stand; after it, the withdrawn brigade and where and from when its units re-enter, fewer
 * as they come back. */
static void
test_withdrawal_status (void)
{
  g_autoptr (Fixture) f = withdrawal_fixture ("none", "no", "0203");
  GbacwGame *game = withdrawal_game (f);
  g_autofree char *before = NULL, *after = NULL, *back = NULL;

  gbacw_bce_refresh (game);
  before = status_with (game, "P 22.11", "Game-Turn 1");
  g_assert_cmpstr (before, ==, "Withdrawal Interphase of Game-Turn 1: 1 brigade of McCulloch's must withdraw as things "
                               "stand");
  through_interphase (game);
  hold_withdrawal_fire (game);
  g_assert_null (status_with (game, "P 22.11", ""));
  after = status_with (game, "P 22.13", "c-mci");
  g_assert_cmpstr (after, ==, "c-mci withdrew: 3 units re-enter at 0110 from Game-Turn 3");
  for (int guard = 0; guard < 100 && game->turn < 3; guard++)
    end_phase (game);
  goto_phase (game, GBACW_PHASE_MOVEMENT, 1);
  apply_expect (game, move_action (game, "c-3tx", "0110"), NULL);
  back = status_with (game, "P 22.13", "c-mci");
  g_assert_cmpstr (back, ==, "c-mci withdrew: 2 units re-enter at 0110 from Game-Turn 3");
  gbacw_game_free (game);
}

/* 28.26 reported: a lost Confederate brigadier's replacement is to be rolled, then (die 3:
 * three Final Command Phases) counted down; the Union's, replaced at once, is never shown. */
static void
test_replacement_status (void)
{
  g_autoptr (Fixture) f = replacement_fixture ();
  GbacwGame *game = start_game (f);
  g_autofree char *lost = NULL, *rolled = NULL;

  gbacw_leadership_leader_lost (game, unit_index (game, "c-bde-ldr"), GBACW_PRESENCE_KILLED);
  lost = status_with (game, "P 28.26", "c-bde");
  g_assert_cmpstr (lost, ==, "c-bde has lost c-bde-ldr (c-bde-ldr): the delay of the replacement is rolled in the next Final "
                             "Command Phase");
  gbacw_dice_force_list (game->dice, 3, 0);
  goto_phase (game, GBACW_PHASE_FINAL_COMMAND, 1);
  end_phase (game);
  g_assert_true (log_has (game, "P 28.26", "in 3 Final Command Phases"));
  rolled = status_with (game, "P 28.26", "c-bde");
  g_assert_cmpstr (rolled, ==, "c-bde has lost c-bde-ldr (c-bde-ldr): 2 more Final Command Phases before the new commander comes");
  gbacw_game_free (game);
}

/* 34.21, 34.31 reported: each side's VP against the day-1 margin, the printed example (170
 * against 112: 112 + 56 = 168 < 170, a win), and the day-2 lead (58, more than 50). */
static void
test_victory_status (void)
{
  g_autoptr (Fixture) f = withdrawal_fixture ("none", "no", "0203");
  GbacwGame *game;
  g_autofree char *confederate = NULL, *union_side = NULL, *lead = NULL;
  const char *sides[] = { "confederate", "union" };
  const char *hexes[] = { "0708", "0304" };
  const int vp[] = { 170, 112 };

  add_exclusive (f, "victory-checks", "ratio-turns", "1", "ratio-minimum", "100", "ratio-case", "P 34.21",
                 "lead-turns", "2 4", "lead", "50", "lead-case", "P 34.31", NULL);
  for (int i = 0; i < 2; i++)
    {
      GbacwVpAward *a = g_new0 (GbacwVpAward, 1);
      g_autofree char *area = g_strdup_printf ("vp-%s", sides[i]);
      add_area (f, area, GBACW_AREA_OBJECTIVE, NULL, hexes[i]);
      a->id = g_strdup (area);
      a->side = g_strdup (sides[i]);
      a->event = GBACW_VP_OBJECTIVE;
      a->area = g_strdup (area);
      a->vp = vp[i];
      g_ptr_array_add (f->s->vp_awards, a);
    }
  game = start_game (f);
  goto_phase (game, GBACW_PHASE_MOVEMENT, 0);
  end_phase (game);
  confederate = status_with (game, "P 34.21", "Confederate");
  union_side = status_with (game, "P 34.21", "Union");
  lead = status_with (game, "P 34.31", "leads");
  g_assert_cmpstr (confederate, ==, "After Game-Turn 1: Confederate 170 VP, at least 100 and more than 168 (112 + 56): "
                                    "a win as things stand");
  g_assert_cmpstr (union_side, ==, "After Game-Turn 1: Union 112 VP, needs at least 100 and more than 255 (170 + 85)");
  g_assert_cmpstr (lead, ==, "After Game-Turn 2: Confederate leads by 58 VP, more than 50: a win as things stand");
  gbacw_game_free (game);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/pea-ridge/21.22/0832-sees-0834-not-0835", test_light_woods_example);
  g_test_add_func ("/pea-ridge/21.21/heavy-woods-block-unless-adjacent", test_heavy_woods_block);
  g_test_add_func ("/pea-ridge/21.23/one-light-woods-shift", test_light_woods_shift);
  g_test_add_func ("/pea-ridge/21.4/fence-one-point-off-the-total", test_fence_one_point);
  g_test_add_func ("/pea-ridge/21.6/out-of-command-morale-minus-one", test_out_of_command_morale);
  g_test_add_func ("/pea-ridge/25.0/detached-brigade-morale-minus-one", test_detachment_morale);
  g_test_add_func ("/pea-ridge/28.3/confederate-leader-killed-on-11", test_extra_kill);
  g_test_add_func ("/pea-ridge/21.11/one-limbered-battery-with-a-column", test_limbered_with_column);
  g_test_add_func ("/pea-ridge/21.12/limbered-through-units-on-roads", test_limbered_road_through_units);
  g_test_add_func ("/pea-ridge/21.13/horse-artillery-ma-12-cavalry-costs", test_horse_artillery);
  g_test_add_func ("/pea-ridge/22.11/bce-lost-outside-dir-must-withdraw", test_withdrawal_must);
  g_test_add_func ("/pea-ridge/22.11/any-brigade-may-withdraw", test_withdrawal_may);
  g_test_add_func ("/pea-ridge/22.12/withdrawal-fire-without-pins-or-routs", test_withdrawal_fire);
  g_test_add_func ("/pea-ridge/22.13/reenter-at-the-hex-from-its-turn", test_withdrawal_reentry);
  g_test_add_func ("/pea-ridge/22.36/withdrawn-brigades-recover-no-stragglers", test_withdrawn_no_stragglers);
  g_test_add_func ("/pea-ridge/30.0/indians-check-morale-under-artillery-fire", test_indians_artillery);
  g_test_add_func ("/pea-ridge/30.0/indians-check-morale-under-artillery-withdrawal-fire",
                   test_indians_withdrawal_fire);
  g_test_add_func ("/pea-ridge/31.0/van-dorn-ma-10-wagon-costs", test_van_dorn_movement);
  g_test_add_func ("/pea-ridge/31.0/van-dorn-adds-no-melee-point", test_van_dorn_melee);
  g_test_add_func ("/pea-ridge/32.0/gideon-smith-dies-no-victor", test_gideon_smith_no_victor);
  g_test_add_func ("/pea-ridge/32.0/one-added-per-earlier-loss", test_gideon_smith_per_loss);
  g_test_add_func ("/pea-ridge/29.11/carr-replaced-by-dodge-then-vandever", test_union_replacement_order);
  g_test_add_func ("/pea-ridge/28.26/confederate-delay-beside-union-replacement", test_both_sides_replacement);
  g_test_add_func ("/pea-ridge/22.13/status-withdrawn-brigades-and-reentry", test_withdrawal_status);
  g_test_add_func ("/pea-ridge/28.26/status-replacement-delay-running", test_replacement_status);
  g_test_add_func ("/pea-ridge/34.21/status-vp-against-day-1-margin-and-day-2-lead", test_victory_status);
  g_test_add_func ("/pea-ridge/29.21/original-brigade-commanders-first", test_union_original_first);
  g_test_add_func ("/pea-ridge/33.0/24-mo-frozen-until-game-turn-2", test_24_mo_set_up);
  g_test_add_func ("/pea-ridge/21.7/victory-determination-then-withdrawal", test_sequence_victory_then_withdrawal);
  return g_test_run ();
}
