/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-corinth-works.c: The Battle of Corinth's terrain, works and artillery modules
 * (engine/rules/corinth/: outer works C 23.1, redans C 23.2, the town C 23.3, siege guns
 * C 24.3), each on a small position built in code, named after the case it plays. */
#define G_LOG_DOMAIN "test-corinth-works"

#include "test-engine-fixture.c"

#include "gbacw-ai.h"
#include "gbacw-fire.h"
#include "gbacw-leadership.h"
#include "gbacw-query.h"

/* ------------------------------------------------------------------ the position */

/* The fixture's charts with the Corinth kit's hexside and terrain columns added: outer
 * works (+1 to cross, -1 SP in melee), primary and secondary redans (+3, P for artillery
 * and wagons, 1L, -2 / -1 SP; a redan hex holds 4 Stacking Points and 2 batteries). */
static void
corinth_charts (Fixture *f)
{
  static const char *const tem[] = {
    "infantry-line      | 6    | 2    | 1    | 2 | {2} | {2} | +1   | —    | P | +1   | —    | {—}   | —    | +1 | +3 | +3 | +1 | — | 1",
    "infantry-column    | 6    | {2}  | {1}  | 2 | {2} | {2} | {+1} | {—}  | P | {+1} | —    | {1/2} | {1}  | +1 | +3 | +3 | +1 | — | 1",
    "cavalry-mounted    | 12   | {2}  | {1}  | {3} | {3} | {2} | {+2} | {+1} | P | {+1} | —  | {1/2} | {1}  | +1 | +3 | +3 | +2 | +1 | 1",
    "cavalry-dismounted | {6}  | {2}  | {1}  | {2} | {2} | {2} | {+1} | {—}  | P | {+1} | {—} | {—}  | {—}  | +1 | +3 | +3 | +1 | — | 1",
    "artillery-limbered | {8}  | {2}  | {1}  | {4} | {4} | {2} | {+2} | {+1} | P | {+2} | —  | {1/2} | {1}  | +2 | P  | P | +2 | +1 | 1",
    "artillery-unlimbered | {0} | {2} | {P}  | {P} | {P} | {P} | {P}  | {P}  | P | {P}  | —    | {P}   | {P}  | P  | P  | P | P | P | P",
    "wagon              | {8}  | —    | {1}  | {4} | {4} | {2} | {+2} | {+1} | P | {+2} | —    | {1/2} | {1}  | +2 | P  | P | P | ? | 1",
    "leader             | {12} | —    | {1}  | {2} | {2} | {1} | {+1} | {—}  | P | {+1} | —    | {1/2} | {1}  | +1 | +3 | +3 | +1 | — | 1",
    NULL
  };
  static const char *const tec[] = {
    "clear           | yes   | no    | —     | —",
    "woods           | no    | yes   | 1L    | —",
    "tall-woods      | no    | yes   | 1L    | —",
    "town            | no    | yes   | 2L    | —",
    "crest           | {yes} | yes   | 1L    | -1 SP",
    "river           | {no}  | {no}  | {—}   | {—}",
    "stream          | no    | no    | —     | -1 SP",
    "bridge          | {no}  | {no}  | {—}   | -2 SP",
    "outer-works     | no    | ?     | ?     | -1 SP",
    "primary-redan   | no    | ?     | 1L    | -2 SP",
    "secondary-redan | no    | ?     | 1L    | -1 SP",
    "road            | other | other | other | other",
    NULL
  };
  static const char *const stacking[] = {
    "clear           | 3   | 12   | 6   | 4   | 12",
    "woods           | 2   | 8    | 4   | 4   | 8",
    "tall-woods      | 2   | 8    | 4   | 4   | 8",
    "town            | 2   | 8    | 4   | 4   | 8",
    "column          | {1} | {12} | {0} | {0} | {12}",
    "primary-redan   | ?   | 4    | 2   | 4   | 4",
    "secondary-redan | ?   | 4    | 2   | 4   | 4",
    NULL
  };
  const char *ids[] = { "terrain-movement", "terrain-combat", "stacking" };

  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      GbacwChart *old = gbacw_scenario_find_chart (f->s, ids[i]);
      g_assert_nonnull (old);
      g_ptr_array_remove (f->s->charts, old);
    }
  add_hexside_type (f->s, "outer-works", "works", GBACW_SIDE_MODE_INSIDE);
  add_hexside_type (f->s, "primary-redan", "redan", GBACW_SIDE_MODE_INSIDE);
  add_hexside_type (f->s, "secondary-redan", "redan", GBACW_SIDE_MODE_INSIDE);
  add_line_type (f->s, "track");
  add_hex_terrain (f->s, "crest-hex", "c", 0);
  add_chart (f->s, "terrain-movement",
             "ma | chg | clear | woods | tall-woods | town | crest.up | crest.down | river | stream | bridge | road | trail"
             " | outer-works | primary-redan | secondary-redan | crest-hex.up | crest-hex.down | crest-hex",
             tem);
  add_chart (f->s, "terrain-combat", "charge | blocks-los | fire-shift | melee", tec);
  add_chart (f->s, "stacking", "units | sp | sections | fire-per-hexside | melee-max", stacking);
}

static Fixture *
corinth_fixture (int columns, int rows)
{
  Fixture *f = fixture_new (columns, rows);
  corinth_charts (f);
  return f;
}

/* The label of the hex beside label in direction dir. */
static char *
beside (Fixture *f, const char *label, const char *dir)
{
  const GbacwHexGrid *grid = &f->s->map->grid;
  GbacwHex hex = gbacw_hex_grid_hex_at (grid, hex_of (f->s, label));
  return gbacw_hex_grid_format_label (grid, gbacw_hex_grid_neighbour (grid, hex, direction_of (f->s, dir)));
}

/* A works or redan hexside of type on label's side dir, label being its inside. */
static void
add_work (Fixture *f, const char *label, const char *dir, const char *type)
{
  const GbacwHexGrid *grid = &f->s->map->grid;
  int t = gbacw_catalogue_find_hexside_type (&f->s->catalogue, type);
  GbacwHexsideId id = gbacw_hex_grid_hexside (grid, gbacw_hex_grid_hex_at (grid, hex_of (f->s, label)), direction_of (f->s, dir));
  GbacwHex a;

  g_assert_cmpint (t, >=, 0);
  f->s->map->hexside_features[id] |= 1u << t;
  gbacw_hex_grid_hexside_hexes (grid, id, &a, NULL, NULL);
  if (gbacw_hex_grid_index (grid, a) == hex_of (f->s, label))
    f->s->map->hexside_inside[id] &= ~(1u << t);
  else
    f->s->map->hexside_inside[id] |= 1u << t;   /* the inside is b */
}

static GbacwPlacement *
battery (Fixture *f, const char *id, const char *side, int guns, const char *hex, GbacwFormationState formation,
         const char *facing)
{
  return add_unit (f, id, side, GBACW_UNIT_ARTILLERY, guns, 3, "L", hex, formation, facing);
}

/* The fire at hex by one unit, worked out without dice (the caller frees it). */
static GbacwFireResolution *
compute1 (GbacwGame *game, const char *hex, const char *unit)
{
  GbacwFirer firer = { unit_index (game, unit), 0, -1 };
  g_autoptr (GError) error = NULL;
  GbacwFireResolution *res = gbacw_fire_compute (game, hex_of (game->scenario, hex), &firer, 1, &error);

  g_assert_no_error (error);
  g_assert_nonnull (res);
  return res;
}

static gboolean
fire_refused (GbacwGame *game, const char *hex, const char *unit, const char *expect_case)
{
  GbacwFirer firer = { unit_index (game, unit), 0, -1 };
  g_autoptr (GError) error = NULL;
  g_autofree char *prefix = g_strdup_printf ("[%s]", expect_case);
  GbacwFireResolution *res = gbacw_fire_compute (game, hex_of (game->scenario, hex), &firer, 1, &error);

  if (res)
    {
      gbacw_fire_resolution_free (res);
      return FALSE;
    }
  g_assert_nonnull (error);
  return g_str_has_prefix (error->message, prefix);
}

/* ------------------------------------------------------------------ C 23.2 redans */

/* A redan at 0303 whose outer side is its n and ne hexsides (a primary redan), a Union
 * regiment in it facing facing. */
static Fixture *
redan_fixture (gboolean module, const char *facing)
{
  Fixture *f = corinth_fixture (6, 6);

  add_work (f, "0303", "n", "primary-redan");
  add_work (f, "0303", "ne", "primary-redan");
  INF (f, "u-reg", "union", 3, 3, "0303", facing);
  if (module)
    add_exclusive (f, "corinth.redans", NULL);
  return f;
}

static gboolean
zoc_into (GbacwGame *game, Fixture *f, const char *unit, const char *dir)
{
  g_autofree char *from = gbacw_game_hex_label (game, unit_of (game, unit)->hex);
  g_autofree char *label = beside (f, from, dir);
  return gbacw_movement_exerts_zoc (game, unit_index (game, unit), hex_of (f->s, label));
}

/* C 23.21: the ZOC of a unit in a redan is the redan's outer side (n, ne): not its third
 * frontal hexside (nw), which the Standard Rules would give it. */
static void
test_redan_zoc_outer_side (void)
{
  for (int module = 0; module < 2; module++)
    {
      g_autoptr (Fixture) f = redan_fixture (module, "n");
      g_autoptr (GbacwGame) game = start_game (f);
      g_assert_true (zoc_into (game, f, "u-reg", "n"));
      g_assert_true (zoc_into (game, f, "u-reg", "ne"));
      g_assert_cmpint (zoc_into (game, f, "u-reg", "nw"), ==, !module);
      g_assert_false (zoc_into (game, f, "u-reg", "s"));
    }
}

/* C 23.21: "A player may declare ... that a unit in a redan is facing the rear. In this case,
 * the above diagram is reversed": a unit facing a rear hexside (s) of the redan has the
 * four rear hexsides as its ZOC and none into the outer side. */
static void
test_redan_rear_facing (void)
{
  g_autoptr (Fixture) f = redan_fixture (TRUE, "s");
  g_autoptr (GbacwGame) game = start_game (f);

  g_assert_true (zoc_into (game, f, "u-reg", "s"));
  g_assert_true (zoc_into (game, f, "u-reg", "se"));
  g_assert_true (zoc_into (game, f, "u-reg", "sw"));
  g_assert_true (zoc_into (game, f, "u-reg", "nw"));
  g_assert_false (zoc_into (game, f, "u-reg", "n"));
  g_assert_false (zoc_into (game, f, "u-reg", "ne"));
}

/* C 23.21: "The unit's enfilade hexsides are the rear hexes of the redan": fire entering
 * through nw enfilades it (the Standard Rules: nw is frontal for a unit facing n). */
static void
test_redan_enfilade_rear (void)
{
  for (int module = 0; module < 2; module++)
    {
      g_autoptr (Fixture) f = redan_fixture (module, "n");
      g_autoptr (GbacwGame) game = start_game (f);
      int nw[2] = { direction_of (f->s, "nw"), -1 }, n[2] = { direction_of (f->s, "n"), -1 };
      g_assert_cmpint (gbacw_fire_enfilades (game, unit_index (game, "u-reg"), nw), ==, module);
      g_assert_false (gbacw_fire_enfilades (game, unit_index (game, "u-reg"), n));
    }
}

/* C 23.22: "may fire out of any of its ZOC hexsides, but may not fire out of its enfilade
 * hexsides": at an enemy to the nw it may not fire; to the n it may. */
static void
test_redan_fire_out_of_zoc_only (void)
{
  g_autoptr (Fixture) f = redan_fixture (TRUE, "n");
  g_autofree char *nw = beside (f, "0303", "nw");
  g_autofree char *n = beside (f, "0303", "n");
  g_autoptr (GbacwGame) game = NULL;

  INF (f, "c-a", "confederate", 3, 3, nw, "se");
  INF (f, "c-b", "confederate", 3, 3, n, "s");
  game = start_game (f);
  goto_phase (game, GBACW_PHASE_OFFENSIVE_FIRE, 0);
  g_assert_true (fire_refused (game, nw, "u-reg", "7.22"));
  gbacw_fire_resolution_free (compute1 (game, n, "u-reg"));
}

/* C 23.23: crossing a redan hexside costs 3 more Movement Points (the chart's +3), and a
 * battery may not cross at all (the chart's P). */
static void
test_redan_crossing_costs (void)
{
  g_autoptr (Fixture) f = redan_fixture (TRUE, "n");
  g_autofree char *n = beside (f, "0303", "n");
  g_autofree char *se = beside (f, "0303", "se");
  g_autoptr (GbacwGame) game = NULL;

  INF (f, "u-out", "union", 1, 3, n, "n");
  battery (f, "u-bty", "union", 2, se, GBACW_FORMATION_STATE_LIMBERED, "n");
  game = movement_game (f);
  apply_expect (game, move_action (game, "u-out", "0303"), NULL);
  g_assert_cmpint (unit_of (game, "u-out")->mp_spent, ==, 2 * (1 + 3));
  apply_expect (game, move_action (game, "u-bty", "0303"), NULL);   /* from the rear: no redan hexside */
  apply_expect (game, move_action (game, "u-bty", n), "5.19");
}

/* C 23.24: a unit in a redan fired on gets one column to the left: through the redan (the
 * chart's cell) and through its rear (the module). */
static void
test_redan_one_left (void)
{
  g_autoptr (Fixture) f = redan_fixture (TRUE, "n");
  g_autofree char *n = beside (f, "0303", "n");
  g_autofree char *s = beside (f, "0303", "s");
  g_autoptr (GbacwGame) game = NULL;
  GbacwFireResolution *res;

  INF (f, "c-front", "confederate", 3, 3, n, "s");
  INF (f, "c-rear", "confederate", 3, 3, s, "n");
  game = start_game (f);
  goto_phase (game, GBACW_PHASE_OFFENSIVE_FIRE, 1);
  res = compute1 (game, "0303", "c-front");
  g_assert_cmpint (res->terrain_shift + res->hook_shift, ==, -1);
  gbacw_fire_resolution_free (res);
  res = compute1 (game, "0303", "c-rear");
  g_assert_cmpint (res->terrain_shift, ==, 0);
  g_assert_cmpint (res->hook_shift, ==, -1);
  gbacw_fire_resolution_free (res);
}

/* C 23.25-23.26: a Confederate regiment of 6 SP meleeing into the redan: across the primary
 * redan hexside 4 SP count and 2 are taken off (2); from the rear 4 count (no crossing);
 * a secondary redan takes 1. Without the module the 6 SP less the chart's 2 count. */
static void
test_redan_melee_four_sp (void)
{
  for (int module = 0; module < 2; module++)
    for (int secondary = 0; secondary < 2; secondary++)
      {
        g_autoptr (Fixture) f = corinth_fixture (6, 6);
        g_autofree char *n = NULL;
        g_autofree char *s = NULL;
        g_autoptr (GbacwGame) game = NULL;
        GbacwMeleeOdds odds;

        add_work (f, "0303", "n", secondary ? "secondary-redan" : "primary-redan");
        add_work (f, "0303", "ne", secondary ? "secondary-redan" : "primary-redan");
        INF (f, "u-reg", "union", 2, 3, "0303", "n");
        n = beside (f, "0303", "n");
        s = beside (f, "0303", "s");
        INF (f, "c-front", "confederate", 6, 3, n, "s");
        INF (f, "c-rear", "confederate", 6, 3, s, "n");
        if (module)
          add_exclusive (f, "corinth.redans", NULL);
        game = start_game (f);
        odds_of (game, "c-front", "0303", FALSE, &odds);
        g_assert_cmpint (odds.attack_base, ==, module ? 4 - (secondary ? 1 : 2) : 6 - (secondary ? 1 : 2));
        odds_of (game, "c-rear", "0303", FALSE, &odds);
        g_assert_cmpint (odds.attack_base, ==, module ? 4 : 6);
        odds_of (game, "c-front c-rear", "0303", FALSE, &odds);
        g_assert_cmpint (odds.attack_base, ==, module ? 4 - (secondary ? 1 : 2) : 12 - (secondary ? 1 : 2));
      }
}

/* C 23.26: "This reduction does not apply to additional melees caused by an engaged melee
 * result": into a redan hex where the units are engaged (12.94), a unit crossing the
 * primary redan loses nothing. */
static void
test_redan_engaged_no_crossing_penalty (void)
{
  g_autoptr (Fixture) f = redan_fixture (TRUE, "n");
  g_autofree char *n = beside (f, "0303", "n");
  g_autoptr (GbacwGame) game = NULL;
  GbacwMeleeOdds odds;

  INF (f, "c-front", "confederate", 3, 3, n, "s");
  game = start_game (f);
  odds_of (game, "c-front", "0303", FALSE, &odds);
  g_assert_cmpint (odds.attack_base, ==, 1);
  unit_of (game, "u-reg")->status |= GBACW_STATUS_ENGAGED;
  odds_of (game, "c-front", "0303", FALSE, &odds);
  g_assert_cmpint (odds.attack_base, ==, 3);
}

/* C 23.27: a redan hex holds one battery and one infantry SP, or four infantry SP and no
 * guns: a battery with 1 SP, yes; with 2 SP, no (the chart's 4 Stacking Points would allow
 * it); 4 SP without guns, yes. */
static void
test_redan_stacking (void)
{
  for (int module = 0; module < 2; module++)
    {
      g_autoptr (Fixture) f = corinth_fixture (6, 6);
      g_autoptr (GbacwGame) game = NULL;
      g_autoptr (GError) error = NULL;
      int bty, one, two, four;

      add_work (f, "0303", "n", "primary-redan");
      battery (f, "u-bty", "union", 4, "0303", GBACW_FORMATION_STATE_UNLIMBERED, "n");
      INF (f, "u-one", "union", 1, 3, "0304", "n");
      INF (f, "u-two", "union", 2, 3, "0305", "n");
      INF (f, "u-four", "union", 4, 3, "0205", "n");
      if (module)
        add_exclusive (f, "corinth.redans", NULL);
      game = start_game (f);
      bty = unit_index (game, "u-bty");
      one = unit_index (game, "u-one");
      two = unit_index (game, "u-two");
      four = unit_index (game, "u-four");
      g_assert_true (gbacw_query_stacking_allows (game, hex_of (f->s, "0303"), &one, 1, GBACW_FORMATION_STATE_UNSET));
      g_assert_cmpint (gbacw_query_stacking_allows (game, hex_of (f->s, "0303"), &two, 1, GBACW_FORMATION_STATE_UNSET),
                       ==, !module);
      gbacw_game_place_unit (game, bty, hex_of (f->s, "0404"), FALSE);
      g_assert_true (gbacw_query_stacking_allows (game, hex_of (f->s, "0303"), &four, 1, GBACW_FORMATION_STATE_UNSET));
      gbacw_game_place_unit (game, bty, hex_of (f->s, "0303"), FALSE);
      gbacw_game_place_unit (game, two, hex_of (f->s, "0303"), FALSE);
      g_assert_cmpint (gbacw_movement_check_stacking (game, hex_of (f->s, "0303"), &error), ==, !module);
      if (module)
        g_assert_true (g_str_has_prefix (error->message, "[C 23.27]"));
    }
}

/* The LOS of C 23.1 and 23.28, for the rule id and its hexside type: the work is 10 feet
 * above the higher of its hexes, and a unit on its inside stands 10 feet higher.
 * - From 0202 on a hill (level 1, as 0203 and 0204) down to 0207: clear over the hill's
 *   edge (9.73), blocked by a work on the hexside 0204/0205 (30 feet, 2.5 hexes from 0207).
 * - From 0202 to 0207 on the ground with the woods 0204 between: blocked; with both ends on
 *   the inside of works (15 feet each), the 20-foot trees no longer block. */
static void
check_works_los (const char *rule, const char *type)
{
  for (int module = 0; module < 2; module++)
    for (int raised = 0; raised < 2; raised++)
      {
        g_autoptr (Fixture) f = corinth_fixture (3, 8);
        g_autoptr (GbacwGame) game = NULL;

        if (raised)
          {
            set_terrain (f, "0204", "woods");
            add_work (f, "0202", "n", type);
            add_work (f, "0207", "s", type);
          }
        else
          {
            set_level (f, "0202", 1);
            set_level (f, "0203", 1);
            set_level (f, "0204", 1);
            add_work (f, "0204", "s", type);
          }
        INF (f, "u-a", "union", 1, 3, "0202", "s");
        INF (f, "c-b", "confederate", 1, 3, "0207", "n");
        if (module)
          add_exclusive (f, rule, NULL);
        game = start_game (f);
        g_assert_cmpint (gbacw_fire_los (game, hex_of (f->s, "0202"), hex_of (f->s, "0207"), NULL), ==,
                         raised ? module : !module);
      }
}

/* C 23.28: "For LOS purposes a redan is considered to be 10 feet high. A unit which is on the
 * inside ... 10 feet higher". */
static void
test_redan_los (void)
{
  check_works_los ("corinth.redans", "primary-redan");
}

/* ------------------------------------------------------------------ C 23.1 outer works */

/* Outer works on 0303's n hexside, 0303 inside; a Union regiment inside, a Confederate one
 * outside at 0302. */
static Fixture *
works_fixture (gboolean module)
{
  Fixture *f = corinth_fixture (6, 6);

  add_work (f, "0303", "n", "outer-works");
  INF (f, "u-in", "union", 4, 3, "0303", "n");
  INF (f, "c-out", "confederate", 4, 3, "0302", "s");
  if (module)
    add_exclusive (f, "corinth.outer-works", NULL);
  return f;
}

/* C 23.1: "A unit which crosses an outer works hexside from outside to inside during melee
 * has its melee strength reduced by one point": from outside 4 - 1; from inside nothing
 * (without the module the chart's cell takes one both ways). */
static void
test_works_melee_outside_to_inside (void)
{
  for (int module = 0; module < 2; module++)
    {
      g_autoptr (Fixture) f = works_fixture (module);
      g_autoptr (GbacwGame) game = start_game (f);
      GbacwMeleeOdds odds;

      odds_of (game, "c-out", "0303", FALSE, &odds);
      g_assert_cmpint (odds.attack_base, ==, 3);
      odds_of (game, "u-in", "0302", FALSE, &odds);
      g_assert_cmpint (odds.attack_base, ==, module ? 4 : 3);
    }
}

/* C 23.1: fire solely across the works at a unit behind them: -1 to the firer's die, a 1
 * stays 1; a firer from elsewhere as well: nothing. Fire out of the works: nothing. */
static void
test_works_fire_drm (void)
{
  g_autoptr (Fixture) f = works_fixture (TRUE);
  g_autofree char *se = beside (f, "0303", "se");
  g_autoptr (GbacwGame) game = NULL;
  GbacwFireResolution *res;

  INF (f, "c-side", "confederate", 2, 3, se, "nw");
  game = start_game (f);
  goto_phase (game, GBACW_PHASE_OFFENSIVE_FIRE, 1);
  res = compute1 (game, "0303", "c-out");
  g_assert_cmpint (res->drm, ==, -1);
  g_assert_cmpint (gbacw_fire_modified_die (res, 1), ==, 1);
  g_assert_cmpint (gbacw_fire_modified_die (res, 4), ==, 3);
  gbacw_fire_resolution_free (res);
  {
    GbacwFirer firers[2] = { { unit_index (game, "c-out"), 0, -1 }, { unit_index (game, "c-side"), 0, -1 } };
    g_autoptr (GError) error = NULL;
    res = gbacw_fire_compute (game, hex_of (f->s, "0303"), firers, 2, &error);
    g_assert_no_error (error);
    g_assert_cmpint (res->drm, ==, 0);
    gbacw_fire_resolution_free (res);
  }
  res = compute1 (game, "0303", "c-side");
  g_assert_cmpint (res->drm, ==, 0);
  gbacw_fire_resolution_free (res);
}

/* C 23.1: "the attacking unit checks for ammo depletion only if its unmodified die-roll is
 * one": a fire across the works rolled 1 (read as 1) asks for the check; rolled 2 (read as
 * 1) does not. */
static void
test_works_ammo_check_on_unmodified_one (void)
{
  for (int die = 1; die <= 2; die++)
    {
      g_autoptr (Fixture) f = works_fixture (TRUE);
      g_autoptr (GbacwGame) game = start_game (f);
      g_autoptr (GError) error = NULL;
      g_autoptr (GbacwAction) a = NULL;

      goto_phase (game, GBACW_PHASE_OFFENSIVE_FIRE, 1);
      a = fire1 (game, "0303", "c-out", 4);
      gbacw_dice_force_list (game->dice, die, 6, 0);   /* 6: the depletion re-roll, if asked: kept */
      g_assert_true (gbacw_game_apply_action (game, a, &error));
      g_assert_no_error (error);
      g_assert_cmpint (log_has (game, "11.21", NULL), ==, die == 1);
    }
}

/* C 23.1: "For LOS purposes the works are considered to be 10 feet high. A unit which is on
 * the inside of the works is considered to occupy an elevation 10 feet higher". */
static void
test_works_los (void)
{
  check_works_los ("corinth.outer-works", "outer-works");
}

/* ------------------------------------------------------------------ C 23.31 the town */

/* C 23.31: "an artillery unit would be able to enter 2834 from 2833 but not from 2934": 2834
 * a town hex, a road across 2833/2834. Infantry enters from either. */
static void
test_town_road_hexside_2834 (void)
{
  for (int from_road = 0; from_road < 2; from_road++)
    for (int kind = 0; kind < 3; kind++)
      {
        g_autoptr (Fixture) f = corinth_fixture (30, 36);
        const char *from = from_road ? "2833" : "2934";
        g_autoptr (GbacwGame) game = NULL;
        g_autofree char *below = beside (f, "2833", "s");

        g_assert_cmpstr (below, ==, "2834");
        set_terrain (f, "2834", "town");
        add_road (f, "2833", "s");
        if (kind == 0)
          battery (f, "u-mover", "union", 2, from, GBACW_FORMATION_STATE_LIMBERED, "n");
        else if (kind == 1)
          add_unit (f, "u-mover", "union", GBACW_UNIT_CAVALRY, 2, 3, "C", from, GBACW_FORMATION_STATE_MOUNTED, "n");
        else
          INF (f, "u-mover", "union", 2, 3, from, "n");
        add_exclusive (f, "corinth.town", NULL);
        game = movement_game (f);
        apply_expect (game, move_action (game, "u-mover", "2834"), from_road || kind == 2 ? NULL : "C 23.31");
      }
}

/* ------------------------------------------------------------------ C 24.3 siege guns */

/* C 24.3: Battery Phillips moves one hex a Game-Turn, and into woods only along a road or
 * track; another battery moves as far as its allowance lets it. */
static void
test_siege_guns_one_hex (void)
{
  g_autoptr (Fixture) f = corinth_fixture (6, 6);
  g_autoptr (GbacwGame) game = NULL;

  battery (f, "u-bty-phillips", "union", 2, "0303", GBACW_FORMATION_STATE_LIMBERED, "n");
  battery (f, "u-bty-other", "union", 2, "0503", GBACW_FORMATION_STATE_LIMBERED, "n");
  set_terrain (f, "0301", "woods");
  set_terrain (f, "0305", "woods");
  add_road (f, "0304", "s");
  add_exclusive (f, "corinth.siege-guns", "units", "u-bty-phillips u-bty-williams", NULL);
  game = movement_game (f);
  apply_expect (game, move_action (game, "u-bty-other", "0502 0501"), NULL);
  apply_expect (game, move_action (game, "u-bty-phillips", "0302 0301"), "C 24.3");
  apply_expect (game, move_action (game, "u-bty-phillips", "0304"), NULL);
  apply_expect (game, move_action (game, "u-bty-phillips", "0305"), "C 24.3");   /* already moved a hex */
}

/* C 24.3: into woods only along a road or track. */
static void
test_siege_guns_woods_along_road (void)
{
  for (int road = 0; road < 2; road++)
    {
      g_autoptr (Fixture) f = corinth_fixture (6, 6);
      g_autoptr (GbacwGame) game = NULL;

      battery (f, "u-bty-williams", "union", 2, "0303", GBACW_FORMATION_STATE_LIMBERED, "n");
      set_terrain (f, "0304", "woods");
      if (road)
        add_road (f, "0303", "s");
      add_exclusive (f, "corinth.siege-guns", "units", "u-bty-phillips u-bty-williams", NULL);
      game = movement_game (f);
      apply_expect (game, move_action (game, "u-bty-williams", "0304"), road ? NULL : "C 24.3");
    }
}

/* ------------------------------------------------------------------ C 23.6 crests */

/* C 23.6: 0303 is a crest hex on level 1 (the lower of its two levels), 0302 above it on
 * level 2, 0304 below on level 0. Infantry in line moving up through the crest hex (0303 to
 * 0302) pays the chart's +1; into it from above, nothing (—); a limbered battery pays +1
 * moving down into it; entering it from below (0304, level 0 to 1) is the hex's cost alone. */
static void
test_crest_hex_costs (void)
{
  for (int module = 0; module < 2; module++)
    {
      g_autoptr (Fixture) f = corinth_fixture (6, 6);
      g_autoptr (GbacwGame) game = NULL;

      set_terrain (f, "0303", "crest-hex");
      set_level (f, "0302", 2);
      set_level (f, "0303", 1);
      INF (f, "u-up", "union", 1, 3, "0303", "n");
      INF (f, "u-from-below", "union", 1, 3, "0304", "n");
      battery (f, "u-down", "union", 2, "0302", GBACW_FORMATION_STATE_LIMBERED, "s");
      if (module)
        add_exclusive (f, "corinth.crests", NULL);
      game = movement_game (f);
      apply_expect (game, move_action (game, "u-up", "0302"), NULL);
      g_assert_cmpint (unit_of (game, "u-up")->mp_spent, ==, 2 * (1 + module));
      apply_expect (game, move_action (game, "u-from-below", "0303"), NULL);
      g_assert_cmpint (unit_of (game, "u-from-below")->mp_spent, ==, 2);
      apply_expect (game, move_action (game, "u-down", "0303"), NULL);
      g_assert_cmpint (unit_of (game, "u-down")->mp_spent, ==, 2 * (1 + module));
    }
}

/* ------------------------------------------------------------------ C 24.1 rapid fire */

/* A Union battery of 2 L guns (12 rounds) at 0303 facing n, a Confederate regiment of 4 SP
 * at target (the n hex, or farther up the column); the Union's Offensive Fire Phase. */
static GbacwGame *
rapid_game (Fixture *f, const char *target, const char *params_consecutive)
{
  GbacwGame *game;

  battery (f, "u-bty", "union", 2, "0303", GBACW_FORMATION_STATE_UNLIMBERED, "n");
  if (target)
    INF (f, "c-reg", "confederate", 4, 3, target, "s");
  add_exclusive (f, "corinth.rapid-fire", "consecutive", params_consecutive, NULL);
  game = start_game (f);
  goto_phase (game, GBACW_PHASE_OFFENSIVE_FIRE, 0);
  return game;
}

static GbacwFireResolution *
rapid_compute (GbacwGame *game, const char *hex, const char *unit, gboolean rapid, GError **error)
{
  GbacwFirer firer = { .unit = unit_index (game, unit), .strength = 0, .direction = -1, .rapid = rapid };
  return gbacw_fire_compute (game, hex_of (game->scenario, hex), &firer, 1, error);
}

static GbacwAction *
rapid_action (GbacwGame *game, const char *hex, const char *unit)
{
  GbacwFirer firer = { .unit = unit_index (game, unit), .strength = 0, .direction = -1, .rapid = TRUE };
  return gbacw_action_new_fire (hex_of (game->scenario, hex), &firer, 1);
}

/* C 24.1: rapid fire doubles the battery's strength (2 L guns at one hex: 2 x 4 = 8, then
 * 16) and spends three rounds; a fouling die of 5 leaves the guns clean. */
static void
test_rapid_fire_doubles (void)
{
  g_autoptr (Fixture) f = corinth_fixture (6, 6);
  g_autoptr (GbacwGame) game = rapid_game (f, "0302", "no");
  g_autoptr (GError) error = NULL;
  GbacwFireResolution *res = rapid_compute (game, "0302", "u-bty", FALSE, &error);

  g_assert_no_error (error);
  g_assert_cmpfloat (res->total, ==, 8);
  gbacw_fire_resolution_free (res);
  res = rapid_compute (game, "0302", "u-bty", TRUE, &error);
  g_assert_no_error (error);
  g_assert_cmpfloat (res->total, ==, 16);
  gbacw_fire_resolution_free (res);
  gbacw_dice_force_list (game->dice, 3, 5, 0);
  apply_expect (game, rapid_action (game, "0302", "u-bty"), NULL);
  g_assert_cmpint (unit_of (game, "u-bty")->rounds, ==, 9);
  g_assert_true (log_has (game, "C 24.1", "fouling die 5, not fouled"));
  /* the record keeps the rapid fire: replayed (with the seed's dice), it is 16 again */
  {
    g_autofree char *xml = gbacw_game_to_xml (game, "test.xml");
    g_autoptr (GbacwGame) again = gbacw_game_replay (f->s, xml, strlen (xml), &error);
    g_assert_no_error (error);
    g_assert_nonnull (strstr (xml, "rapid=\"yes\""));
    g_assert_true (log_has (again, "9.0", "= 16; total 16"));
  }
}

/* C 24.1: a fouling die of 6 fouls the guns: they may not fire, and the battery's next
 * friendly Fire Phase begins with an unfouling roll, 1-3 unfouled. Test play lists them. */
static void
test_rapid_fire_fouling (void)
{
  g_autoptr (Fixture) f = corinth_fixture (6, 6);
  g_autoptr (GbacwGame) game = rapid_game (f, "0302", "no");
  g_autoptr (GPtrArray) status = NULL;
  gboolean unfouled;

  gbacw_dice_force_list (game->dice, 3, 6, 0);
  apply_expect (game, rapid_action (game, "0302", "u-bty"), NULL);
  g_assert_true (log_has (game, "C 24.1", "its guns are fouled"));
  apply_expect (game, fire1 (game, "0302", "u-bty", 0), "C 24.1");
  status = gbacw_game_rules_status (game);
  g_assert_cmpuint (status->len, ==, 1);
  g_assert_nonnull (strstr (((GbacwRuleStatus *) g_ptr_array_index (status, 0))->text, "fouled"));
  /* the Confederate Player-Turn's Defensive Fire Phase is the Union's next Fire Phase */
  advance_to_phase (game, 1, GBACW_PHASE_DEFENSIVE_FIRE, 1);
  g_assert_true (log_has (game, "C 24.1", "tries to unfoul"));
  unfouled = log_has (game, "C 24.1", ", unfouled");
  {
    g_autoptr (GbacwAction) a = fire1 (game, "0302", "u-bty", 0);
    g_autoptr (GError) error = NULL;
    gboolean ok = gbacw_game_check_action (game, a, &error);
    g_assert_true (ok || error != NULL);
    if (!unfouled)
      g_assert_true (!ok && g_str_has_prefix (error->message, "[C 24.1]"));
    else if (!ok)
      g_assert_false (g_str_has_prefix (error->message, "[C 24.1]"));
  }
}

/* C 24.11: only within three hexes; C 24.12: only at infantry or cavalry, and only they are
 * affected (no 8.22 roll for the battery with them); C 24.1: not with PA guns. */
static void
test_rapid_fire_limits (void)
{
  {
    g_autoptr (Fixture) f = corinth_fixture (6, 8);
    g_autoptr (GbacwGame) game = rapid_game (f, "0307", "no");
    g_autoptr (GError) error = NULL;
    unit_of (game, "u-bty")->facing = direction_of (f->s, "s");
    g_assert_null (rapid_compute (game, "0307", "u-bty", TRUE, &error));
    if (!g_str_has_prefix (error->message, "[C 24.11]"))
      g_error ("%s", error->message);
  }
  {
    g_autoptr (Fixture) f = corinth_fixture (6, 6);
    g_autoptr (GbacwGame) game = NULL;
    g_autoptr (GError) error = NULL;
    GbacwFireResolution *res;
    battery (f, "c-bty", "confederate", 2, "0306", GBACW_FORMATION_STATE_UNLIMBERED, "n");
    battery (f, "c-bty2", "confederate", 2, "0305", GBACW_FORMATION_STATE_UNLIMBERED, "n");
    game = rapid_game (f, "0306", "no");   /* the regiment below the battery, three hexes off */
    unit_of (game, "u-bty")->facing = direction_of (f->s, "s");
    /* 8.22: artillery at three hexes fires at each unit in turn */
    res = rapid_compute (game, "0306", "u-bty", FALSE, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (res->rolls->len, ==, 2);
    gbacw_fire_resolution_free (res);
    /* C 24.12: rapid fire affects only the regiment */
    res = rapid_compute (game, "0306", "u-bty", TRUE, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (res->rolls->len, ==, 1);
    g_assert_cmpint (g_array_index (res->rolls, GbacwFireRoll, 0).unit, ==, unit_index (game, "c-reg"));
    gbacw_fire_resolution_free (res);
    g_assert_null (rapid_compute (game, "0305", "u-bty", TRUE, &error));
    g_assert_true (g_str_has_prefix (error->message, "[C 24.12]"));
  }
  {
    g_autoptr (Fixture) f = corinth_fixture (6, 6);
    g_autoptr (GbacwGame) game = NULL;
    g_autoptr (GError) error = NULL;
    add_unit (f, "u-pa", "union", GBACW_UNIT_ARTILLERY, 2, 3, "PA", "0203", GBACW_FORMATION_STATE_UNLIMBERED, "ne");
    game = rapid_game (f, "0302", "no");
    g_assert_null (rapid_compute (game, "0302", "u-pa", TRUE, &error));
    g_assert_true (g_str_has_prefix (error->message, "[C 24.1]"));
  }
}

/* C 24.13 (optional): rapid fire in the Union's Offensive Fire Phase, then again in its next
 * Fire Phase (the Confederate Player-Turn's Defensive Fire): the second fouling die has one
 * added, so a 5 fouls; without the option it does not. */
static void
test_rapid_fire_consecutive (void)
{
  for (int option = 0; option < 2; option++)
    {
      g_autoptr (Fixture) f = corinth_fixture (6, 6);
      g_autoptr (GbacwGame) game = NULL;
      g_autoptr (GbacwAction) a = NULL;

      INF (f, "c-far", "confederate", 4, 3, "0301", "s");
      game = rapid_game (f, "0302", option ? "yes" : "no");
      gbacw_dice_force_list (game->dice, 1, 5, 0);
      apply_expect (game, rapid_action (game, "0302", "u-bty"), NULL);
      g_assert_true (log_has (game, "C 24.1", "fouling die 5, not fouled"));
      advance_to_phase (game, 1, GBACW_PHASE_DEFENSIVE_FIRE, 1);
      gbacw_dice_clear_forced (game->dice);
      gbacw_dice_force_list (game->dice, 1, 5, 0);
      a = rapid_action (game, unit_of (game, "c-reg")->hex >= 0 ? "0302" : "0301", "u-bty");
      apply_expect (game, g_steal_pointer (&a), NULL);
      if (option)
        g_assert_true (log_has (game, "C 24.13", "fouling die 5+1, its guns are fouled"));
      else
        g_assert_false (log_has (game, "C 24.13", NULL) || log_has (game, "C 24.1", "its guns are fouled"));
    }
}

/* ------------------------------------------------------------------ C 28 command */

/* The Union army u-army (Rosecrans, CP 3) over two divisions, u-div1 (CP 2: brigade u-b1)
 * and u-div2 (CP 2: brigade u-b2), every brigade independent (C 21.2); leaders at the
 * hexes given. */
static Fixture *
command_fixture (const char *army_hex, const char *div1_hex, const char *b1_hex, const char *b2_hex)
{
  Fixture *f = corinth_fixture (12, 12);
  GbacwFormation *b;

  LEADER (f, "u-ros", "union", army_hex);
  LEADER (f, "u-div1", "union", div1_hex);
  LEADER (f, "u-div2", "union", "1212");
  LEADER (f, "u-b1", "union", b1_hex);
  LEADER (f, "u-b2", "union", b2_hex);
  set_leader (f, "u-ros", GBACW_LEADER_ARMY, 0, 0, GBACW_UNSET, 3);
  set_leader (f, "u-div1", GBACW_LEADER_DIVISION, 0, 0, GBACW_UNSET, 2);
  set_leader (f, "u-div2", GBACW_LEADER_DIVISION, 0, 0, GBACW_UNSET, 2);
  set_leader (f, "u-b1", GBACW_LEADER_BRIGADE, 2, 1, GBACW_UNSET, GBACW_UNSET);
  set_leader (f, "u-b2", GBACW_LEADER_BRIGADE, 2, 1, GBACW_UNSET, GBACW_UNSET);
  add_formation (f, "u-army", "union", GBACW_FORMATION_ARMY, NULL, "u-ros");
  add_formation (f, "u-d1", "union", GBACW_FORMATION_DIVISION, "u-army", "u-div1");
  add_formation (f, "u-d2", "union", GBACW_FORMATION_DIVISION, "u-army", "u-div2");
  b = add_formation (f, "u-br1", "union", GBACW_FORMATION_BRIGADE, "u-d1", "u-b1");
  b->independent = TRUE;
  b = add_formation (f, "u-br2", "union", GBACW_FORMATION_BRIGADE, "u-d2", "u-b2");
  b->independent = TRUE;
  set_formation (f, "u-ros", "u-army");
  set_formation (f, "u-div1", "u-d1");
  set_formation (f, "u-div2", "u-d2");
  set_formation (f, "u-b1", "u-br1");
  set_formation (f, "u-b2", "u-br2");
  return f;
}

static GbacwAction *
points (GbacwGame *game, const char *leader, const char *brigade, int n)
{
  return gbacw_action_new_command_points (unit_index (game, leader), unit_index (game, brigade), n);
}

/* C 28.21: a division commander (no Divisional Integrity Radius, 28.2) spends his Command
 * Points on a brigade commander of his division wherever he is (17.22 alone: only within
 * the radius, none here), never on another division's. */
static void
test_division_points_own_division (void)
{
  for (int module = 0; module < 2; module++)
    {
      g_autoptr (Fixture) f = command_fixture ("0101", "0606", "0610", "0611");
      g_autoptr (GbacwGame) game = NULL;

      if (module)
        add_exclusive (f, "corinth.no-divisional-integrity", NULL);
      game = start_game (f);
      g_assert_cmpint (game->phase, ==, GBACW_PHASE_INITIAL_COMMAND);
      apply_expect (game, points (game, "u-div1", "u-b2", 1), module ? "C 28.21" : "17.22");
      apply_expect (game, points (game, "u-div1", "u-b1", 2), module ? NULL : "17.22");
      if (module)
        g_assert_cmpint (gbacw_leadership_er (game, unit_index (game, "u-b1")), ==, 4);
    }
}

/* C 28.11: an army commander spends his Command Points on any brigade commander of his
 * side within three hexes: u-b1 three hexes off, yes; u-b2 four hexes off, no. */
static void
test_army_points_within_three (void)
{
  g_autoptr (Fixture) f = command_fixture ("0606", "0101", "0609", "0610");
  g_autoptr (GbacwGame) game = NULL;

  add_exclusive (f, "corinth.army-commanders", "leaders", "u-ros", NULL);
  game = start_game (f);
  apply_expect (game, points (game, "u-ros", "u-b2", 1), "C 28.11");
  apply_expect (game, points (game, "u-ros", "u-b1", 2), NULL);
  apply_expect (game, points (game, "u-ros", "u-b1", 2), "17.22");   /* one left */
  g_assert_cmpint (gbacw_leadership_er (game, unit_index (game, "u-b1")), ==, 4);
}

/* C 28.14: "Gen. Price ... cannot ... in any way affect the units in Lovell's division": an
 * army commander excluded from a division spends no points on its brigade commanders. */
static void
test_army_points_excluded_division (void)
{
  g_autoptr (Fixture) f = command_fixture ("0606", "0101", "0607", "0605");
  g_autoptr (GbacwGame) game = NULL;

  add_exclusive (f, "corinth.army-commanders", "leaders", "u-ros", "exclude", "u-ros:u-d2", NULL);
  game = start_game (f);
  apply_expect (game, points (game, "u-ros", "u-b2", 1), "C 28.14");
  apply_expect (game, points (game, "u-ros", "u-b1", 1), NULL);
}

/* C 28.14: units of the excluded division stacked with the army commander are not in
 * command by him (17.0), not rallied by him (13.52) and get no +1 in melee from him (12.4);
 * the other division's units are. */
static void
test_army_excluded_division_units (void)
{
  g_autoptr (Fixture) f = command_fixture ("0606", "0101", "0101", "0101");
  g_autoptr (GbacwGame) game = NULL;
  GbacwMeleeOdds odds;
  g_autofree char *n = NULL;

  INF (f, "u-r1", "union", 3, 3, "0606", "n");
  INF (f, "u-r2", "union", 3, 3, "0606", "n");
  set_formation (f, "u-r1", "u-br1");
  set_formation (f, "u-r2", "u-br2");
  n = beside (f, "0606", "n");
  INF (f, "c-reg", "confederate", 2, 3, n, "s");
  add_exclusive (f, "corinth.army-commanders", "leaders", "u-ros", "exclude", "u-ros:u-d2", NULL);
  game = start_game (f);
  end_phase (game);   /* the Initial Command Phase: 17.11 */
  g_assert_false (unit_of (game, "u-r1")->out_of_command);
  g_assert_true (unit_of (game, "u-r2")->out_of_command);
  odds_of (game, "u-r1", n, FALSE, &odds);
  g_assert_cmpint (odds.attack_leader, ==, 1);
  odds_of (game, "u-r2", n, FALSE, &odds);
  g_assert_cmpint (odds.attack_leader, ==, 0);
  unit_of (game, "u-r1")->status |= GBACW_STATUS_ROUTED;
  unit_of (game, "u-r2")->status |= GBACW_STATUS_ROUTED;
  advance_to_phase (game, 1, GBACW_PHASE_RALLY, 0);
  g_assert_false (unit_of (game, "u-r1")->status & GBACW_STATUS_ROUTED);
  g_assert_true (unit_of (game, "u-r2")->status & GBACW_STATUS_ROUTED);
}

/* ------------------------------------------------------------------ C 21.4 cavalry */

/* A Union cavalry brigade: u-cav-ldr (ER 2) at ldr_hex commanding u-cav (2 SP, dismounted
 * or mounted) at cav_hex. */
static void
cavalry_brigade (Fixture *f, const char *ldr_hex, const char *cav_hex, GbacwFormationState formation)
{
  LEADER (f, "u-cav-ldr", "union", ldr_hex);
  set_leader (f, "u-cav-ldr", GBACW_LEADER_BRIGADE, 2, 1, GBACW_UNSET, GBACW_UNSET);
  add_unit (f, "u-cav", "union", GBACW_UNIT_CAVALRY, 2, 3, "C", cav_hex, formation, "n");
  add_formation (f, "u-cav-bde", "union", GBACW_FORMATION_BRIGADE, NULL, "u-cav-ldr");
  set_formation (f, "u-cav-ldr u-cav", "u-cav-bde");
}

/* C 21.41: dismounted cavalry may not initiate melee against infantry (or mounted cavalry),
 * only against artillery, wagons or dismounted cavalry. */
static void
test_dismounted_cavalry_melee (void)
{
  for (int module = 0; module < 2; module++)
    {
      g_autoptr (Fixture) f = corinth_fixture (6, 6);
      g_autoptr (GbacwGame) game = NULL;
      g_autofree char *n = beside (f, "0303", "n");
      g_autofree char *ne = beside (f, "0303", "ne");

      cavalry_brigade (f, "0303", "0303", GBACW_FORMATION_STATE_DISMOUNTED);
      INF (f, "c-reg", "confederate", 2, 3, n, "s");
      battery (f, "c-bty", "confederate", 2, ne, GBACW_FORMATION_STATE_UNLIMBERED, "sw");
      if (module)
        add_exclusive (f, "corinth.cavalry-limits", NULL);
      game = melee_game (f);
      apply_expect (game, declare (game, "u-cav", n, FALSE), module ? "C 21.41" : NULL);
      if (module)
        apply_expect (game, declare (game, "u-cav", ne, FALSE), NULL);
    }
}

/* C 21.42: dismounted cavalry alone, meleed by infantry, must retreat before melee without a
 * check (standing is refused); stacked with friendly infantry it may stand. */
static void
test_dismounted_cavalry_must_retreat (void)
{
  for (int stacked = 0; stacked < 2; stacked++)
    {
      g_autoptr (Fixture) f = corinth_fixture (6, 8);
      g_autoptr (GbacwGame) game = NULL;
      g_autoptr (GbacwAction) stand = NULL;
      g_autoptr (GError) error = NULL;
      g_autofree char *s = beside (f, "0303", "s");
      const GbacwDecision *d;

      cavalry_brigade (f, "0303", "0303", GBACW_FORMATION_STATE_DISMOUNTED);
      if (stacked)
        INF (f, "u-inf", "union", 1, 3, "0303", "n");
      INF (f, "c-reg", "confederate", 3, 3, "0302", "s");
      add_exclusive (f, "corinth.cavalry-limits", NULL);
      game = start_game (f);
      goto_phase (game, GBACW_PHASE_RETREAT_BEFORE_MELEE, 1);
      apply_expect (game, declare (game, "c-reg", "0303", FALSE), NULL);
      d = gbacw_game_decision (game);
      g_assert_nonnull (d);
      g_assert_cmpint (d->kind, ==, GBACW_DECISION_RETREAT_BEFORE_MELEE);
      if (g_array_index (d->units, int, 0) != unit_index (game, "u-cav"))
        {
          apply_expect (game, gbacw_action_new_answer_path (NULL, 0), NULL);   /* the regiment stands */
          d = gbacw_game_decision (game);
        }
      g_assert_cmpint (g_array_index (d->units, int, 0), ==, unit_index (game, "u-cav"));
      g_assert_cmpint (d->may_decline, ==, stacked);
      stand = gbacw_action_new_answer_path (NULL, 0);
      g_assert_cmpint (gbacw_game_check_action (game, stand, &error), ==, stacked);
      if (!stacked)
        {
          retreat_to (game, s);
          g_assert_true (log_has (game, "C 21.42", "must retreat before melee"));
        }
    }
}

/* C 21.43: cavalry mounts or dismounts only within its brigade commander's Effectiveness
 * Radius (2): at 2 hexes it may, at 3 it may not. */
static void
test_mount_within_radius (void)
{
  for (int far = 0; far < 2; far++)
    {
      g_autoptr (Fixture) f = corinth_fixture (6, 8);
      g_autoptr (GbacwGame) game = NULL;
      int cav;

      cavalry_brigade (f, "0301", far ? "0304" : "0303", GBACW_FORMATION_STATE_DISMOUNTED);
      add_exclusive (f, "corinth.cavalry-limits", NULL);
      game = movement_game (f);
      cav = unit_index (game, "u-cav");
      apply_expect (game, gbacw_action_new_change_formation (&cav, 1, GBACW_FORMATION_STATE_MOUNTED), far ? "C 21.43" : NULL);
    }
}

/* C 21.44: mounted cavalry outside its commander's radius is in command (moves freely);
 * dismounted it is out of command (17.11). */
static void
test_mounted_cavalry_free (void)
{
  for (int mounted = 0; mounted < 2; mounted++)
    {
      g_autoptr (Fixture) f = corinth_fixture (6, 8);
      g_autoptr (GbacwGame) game = NULL;

      cavalry_brigade (f, "0301", "0305", mounted ? GBACW_FORMATION_STATE_MOUNTED : GBACW_FORMATION_STATE_DISMOUNTED);
      add_exclusive (f, "corinth.cavalry-limits", NULL);
      game = movement_game (f);
      g_assert_cmpint (unit_of (game, "u-cav")->out_of_command, ==, !mounted);
      g_assert_cmpint (log_has (game, "C 21.44", NULL), ==, mounted);
    }
}

/* ------------------------------------------------------------------ computer play */

/* The computer plays both sides for four Game-Turns over works, a redan, a town and siege
 * guns with every module of this file on (five seeds): each game ends without an error and
 * its record replays to the same log and units; the computer rapid-fires (C 24.1). */
static void
test_works_computer_games (void)
{
  guint rapid = 0;

  for (guint seed = 1; seed <= 5; seed++)
    {
      g_autoptr (Fixture) f = corinth_fixture (10, 10);
      g_autoptr (GbacwGame) game = NULL;
      g_autoptr (GError) error = NULL;

      for (int c = 1; c <= 10; c++)
        {
          g_autofree char *label = g_strdup_printf ("%02d05", c);
          add_work (f, label, "n", "outer-works");
        }
      add_work (f, "0507", "n", "primary-redan");
      add_work (f, "0507", "ne", "primary-redan");
      set_terrain (f, "0809", "town");
      set_terrain (f, "0309", "woods");
      add_road (f, "0808", "s");
      INF (f, "u-1", "union", 4, 3, "0305", "n");
      INF (f, "u-2", "union", 4, 3, "0605", "n");
      INF (f, "u-3", "union", 1, 3, "0507", "n");
      battery (f, "u-bty-phillips", "union", 2, "0507", GBACW_FORMATION_STATE_UNLIMBERED, "n");
      battery (f, "u-bty-l", "union", 2, "0805", GBACW_FORMATION_STATE_UNLIMBERED, "n");
      INF (f, "c-1", "confederate", 5, 3, "0302", "s");
      INF (f, "c-2", "confederate", 5, 3, "0602", "s");
      INF (f, "c-3", "confederate", 5, 3, "0502", "s");
      battery (f, "c-bty", "confederate", 2, "0401", GBACW_FORMATION_STATE_LIMBERED, "s");
      add_exclusive (f, "corinth.outer-works", NULL);
      add_exclusive (f, "corinth.redans", NULL);
      add_exclusive (f, "corinth.town", NULL);
      add_exclusive (f, "corinth.rapid-fire", "consecutive", "yes", NULL);
      add_exclusive (f, "corinth.siege-guns", "units", "u-bty-phillips", NULL);
      add_exclusive (f, "corinth.no-divisional-integrity", NULL);
      game = gbacw_game_new (f->s, seed, &error);
      g_assert_no_error (error);
      g_assert_cmpint (gbacw_ai_play (game, 3, 0, NULL, NULL, &error), ==, GBACW_AI_PLAY_OVER);
      g_assert_no_error (error);
      if (g_getenv ("CWORKS_DUMP"))
        {
          g_autofree char *log = gbacw_game_format_log (game);
          g_printerr ("%s", log);
        }
      assert_replays (f, game);
      rapid += log_has (game, "C 24.1", "rapid-fires");
    }
  g_assert_cmpuint (rapid, >, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/corinth/C-21.41/dismounted-cavalry-melee", test_dismounted_cavalry_melee);
  g_test_add_func ("/corinth/C-21.42/dismounted-cavalry-must-retreat", test_dismounted_cavalry_must_retreat);
  g_test_add_func ("/corinth/C-21.43/mount-within-radius", test_mount_within_radius);
  g_test_add_func ("/corinth/C-21.44/mounted-cavalry-free", test_mounted_cavalry_free);
  g_test_add_func ("/corinth/C-23.21/redan-zoc-outer-side", test_redan_zoc_outer_side);
  g_test_add_func ("/corinth/C-23.21/redan-rear-facing", test_redan_rear_facing);
  g_test_add_func ("/corinth/C-23.21/redan-enfilade-rear", test_redan_enfilade_rear);
  g_test_add_func ("/corinth/C-23.22/redan-fire-out-of-zoc-only", test_redan_fire_out_of_zoc_only);
  g_test_add_func ("/corinth/C-23.23/redan-crossing-costs", test_redan_crossing_costs);
  g_test_add_func ("/corinth/C-23.24/redan-one-left", test_redan_one_left);
  g_test_add_func ("/corinth/C-23.25/redan-melee-four-sp", test_redan_melee_four_sp);
  g_test_add_func ("/corinth/C-23.26/redan-engaged-no-crossing-penalty", test_redan_engaged_no_crossing_penalty);
  g_test_add_func ("/corinth/C-23.27/redan-stacking", test_redan_stacking);
  g_test_add_func ("/corinth/C-23.28/redan-los", test_redan_los);
  g_test_add_func ("/corinth/C-23.1/works-melee-outside-to-inside", test_works_melee_outside_to_inside);
  g_test_add_func ("/corinth/C-23.1/works-fire-drm", test_works_fire_drm);
  g_test_add_func ("/corinth/C-23.1/works-ammo-check-on-unmodified-one", test_works_ammo_check_on_unmodified_one);
  g_test_add_func ("/corinth/C-23.1/works-los", test_works_los);
  g_test_add_func ("/corinth/C-23.31/town-road-hexside-2834", test_town_road_hexside_2834);
  g_test_add_func ("/corinth/C-24.3/siege-guns-one-hex", test_siege_guns_one_hex);
  g_test_add_func ("/corinth/C-24.3/siege-guns-woods-along-road", test_siege_guns_woods_along_road);
  g_test_add_func ("/corinth/C-23.6/crest-hex-costs", test_crest_hex_costs);
  g_test_add_func ("/corinth/C-24.1/rapid-fire-doubles", test_rapid_fire_doubles);
  g_test_add_func ("/corinth/C-24.1/rapid-fire-fouling", test_rapid_fire_fouling);
  g_test_add_func ("/corinth/C-24.11/rapid-fire-limits", test_rapid_fire_limits);
  g_test_add_func ("/corinth/C-24.13/rapid-fire-consecutive", test_rapid_fire_consecutive);
  g_test_add_func ("/corinth/C-28.21/division-points-own-division", test_division_points_own_division);
  g_test_add_func ("/corinth/C-28.11/army-points-within-three", test_army_points_within_three);
  g_test_add_func ("/corinth/C-28.14/army-points-excluded-division", test_army_points_excluded_division);
  g_test_add_func ("/corinth/C-28.14/army-excluded-division-units", test_army_excluded_division_units);
  g_test_add_func ("/corinth/computer/works-games", test_works_computer_games);
  return g_test_run ();
}
