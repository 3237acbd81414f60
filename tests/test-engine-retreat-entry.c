/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-engine-retreat-entry.c: the shared exclusive mechanism of retreat direction (J 24,
 * P 23, C 27: engine/rules/shared/gbacw-rule-retreat-direction.c), each variant on a small
 * built position, named after its game and case. */
#define G_LOG_DOMAIN "test-engine-retreat-entry"

#include "test-engine-fixture.c"

#include "gbacw-exclusive-params.h"
#include "gbacw-game-private.h"
#include "gbacw-morale.h"
#include "gbacw-retreat.h"

static const char *
label_of (GbacwGame *game, int hex)
{
  static char buf[8];
  g_autofree char *label = gbacw_game_hex_label (game, hex);
  g_strlcpy (buf, label, sizeof buf);
  return buf;
}

/* ------------------------------------------------------------------ J 24 */

static Fixture *
jackson_fixture (const char *hexes)
{
  Fixture *f = fixture_new (8, 10);

  add_formation (f, "fremont", "union", GBACW_FORMATION_DIVISION, NULL, NULL);
  INF (f, "u-1", "union", 4, 4, "0406", "s");
  set_formation (f, "u-1", "fremont");
  INF (f, "c-1", "confederate", 4, 4, "0408", "n");
  add_exclusive (f, "retreat-direction", "method", "hexes", "hexes.fremont", hexes, "hexes.confederate", "0110",
                 "off-map", "strategic", "case", "J 24.1", NULL);
  return f;
}

/* J 24.1: a rout of three hexes that enters the retreat hex after two ends there. */
static void
test_j_24_1_retreat_hex_ends_retreat (void)
{
  g_autoptr (Fixture) f = jackson_fixture ("0404");
  g_autoptr (GbacwGame) game = start_game (f);

  rout (game, "u-1");
  first_paths (game);
  g_assert_cmpstr (label_of (game, unit_of (game, "u-1")->hex), ==, "0404");
  g_assert_true (unit_of (game, "u-1")->presence == GBACW_PRESENCE_ON_MAP);
}

/* Without the module the same rout goes its three hexes (14.4). */
static void
test_j_24_1_standard_rules_without_module (void)
{
  g_autoptr (Fixture) f = jackson_fixture ("0404");
  g_autoptr (GbacwGame) game = NULL;
  int start;

  g_ptr_array_set_size (f->s->exclusive_rules, 0);
  game = start_game (f);
  start = unit_of (game, "u-1")->hex;
  rout (game, "u-1");
  first_paths (game);
  g_assert_cmpint (gbacw_game_distance (game, start, unit_of (game, "u-1")->hex), ==, 3);
}

/* J 24.12, 24.14: Fremont's Corps retreats toward the nearer of its two retreat hexes. */
static void
test_j_24_12_nearer_retreat_hex (void)
{
  g_autoptr (Fixture) f = jackson_fixture ("0401 0810");
  g_autoptr (GbacwGame) game = start_game (f);
  int hex;

  rout (game, "u-1");
  first_paths (game);
  hex = unit_of (game, "u-1")->hex;
  /* three hexes north (0403), 2 from 0401: 0810 lies behind the enemy */
  g_assert_cmpint (gbacw_game_distance (game, hex, hex_of (f->s, "0401")), ==, 2);
}

/* J 24.1, 24.2: a unit already in its retreat hex forced to retreat again goes off the
 * map: strategic retreat. */
static void
test_j_24_1_retreat_again_strategic_retreat (void)
{
  g_autoptr (Fixture) f = jackson_fixture ("0406");
  g_autoptr (GbacwGame) game = start_game (f);

  rout (game, "u-1");
  g_assert_null (gbacw_game_decision (game));
  g_assert_cmpint (unit_of (game, "u-1")->presence, ==, GBACW_PRESENCE_EXITED);
  g_assert_cmpint (unit_of (game, "u-1")->strength, ==, 4);
  g_assert_true (log_has (game, "J 24.1", "strategic retreat"));
}

/* J 24.1: "If a retreat hex is already occupied to its stacking limit or if it is in an
 * enemy ZOC, then the nearest adjacent unblocked map-edge hex becomes the new retreat hex."
 * 0401 holds three regiments (the clear hex's 3 units): a rout of three hexes from 0402 goes
 * to a map-edge hex beside 0401 and ends on entering it, short of its three hexes; with room
 * in 0401 it ends there after one hex. */
static void
test_j_24_1_full_retreat_hex_nearest_edge (void)
{
  for (int full = 0; full < 2; full++)
    {
      g_autoptr (Fixture) f = jackson_fixture ("0401");
      g_autoptr (GbacwGame) game = NULL;
      int hex, target, steps = 0;

      if (full)
        for (int i = 0; i < 3; i++)
          {
            g_autofree char *id = g_strdup_printf ("u-full-%d", i);
            INF (f, id, "union", 4, 4, "0401", "s");
          }
      game = start_game (f);
      gbacw_game_place_unit (game, unit_index (game, "u-1"), hex_of (f->s, "0402"), TRUE);
      target = hex_of (f->s, "0401");
      rout (game, "u-1");
      first_paths (game);
      hex = unit_of (game, "u-1")->hex;
      for (guint i = 0; i < game->events->len; i++)
        steps += strstr (((const GbacwEvent *) g_ptr_array_index (game->events, i))->text, "retreat into") != NULL;
      g_assert_true (unit_of (game, "u-1")->presence == GBACW_PRESENCE_ON_MAP);
      if (full)
        {
          gboolean edge = FALSE;
          for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
            edge |= gbacw_game_neighbour_index (game, hex, d) < 0;
          g_assert_true (edge);
          g_assert_cmpint (gbacw_game_distance (game, hex, target), ==, 1);
          g_assert_cmpint (steps, <, 3);   /* it ended on entering the new retreat hex */
        }
      else
        {
          g_assert_cmpint (hex, ==, target);
          g_assert_cmpint (steps, ==, 1);
        }
    }
}

/* ------------------------------------------------------------------ P 23 */

/* Pea Ridge's map: north toward the higher column numbers (rules matrix 5.P). Hex
 * directions on the page: 1 (NE) and 2 (SE) are compass NW and NE, 0 and 3 W and E,
 * 4 and 5 SE and SW. */
static Fixture *
pea_ridge_fixture (void)
{
  Fixture *f = fixture_new (10, 10);

  f->s->map->north = GBACW_NORTH_RIGHT;
  INF (f, "c-1", "confederate", 4, 4, "0505", "s");
  INF (f, "u-1", "union", 4, 4, "0305", "n");
  add_exclusive (f, "retreat-direction", "method", "compass", "sector.confederate", "north", "sector.union", "south",
                 "case", "P 23.1", NULL);
  return f;
}

static int
neighbour_of (GbacwGame *game, const char *label, int direction)
{
  return gbacw_game_neighbour_index (game, hex_of (game->scenario, label), direction);
}

static void
place (GbacwGame *game, const char *unit, int hex)
{
  gbacw_game_place_unit (game, unit_index (game, unit), hex, TRUE);
}

/* Every step of every path offered goes direction 1 or 2 (compass NW/NE), or, when
 * sideways, 0 or 3; never 4 or 5. Returns how many paths begin sideways. */
static guint
assert_compass_paths (GbacwGame *game, int from)
{
  const GbacwDecision *d = gbacw_game_decision (game);
  guint sideways = 0;

  g_assert_nonnull (d);
  g_assert_cmpint (d->kind, ==, GBACW_DECISION_RETREAT_PATH);
  for (guint i = 0; i < d->paths->len; i++)
    {
      const GArray *path = g_ptr_array_index (d->paths, i);
      int hex = from;
      for (guint k = 0; k < path->len; k++)
        {
          int dir = gbacw_game_direction_between (game, hex, g_array_index (path, int, k));
          g_assert_true (dir >= 0 && dir <= 3);
          if (k == 0 && (dir == 0 || dir == 3))
            sideways++;
          hex = g_array_index (path, int, k);
        }
    }
  return sideways;
}

/* P 23.1: a Confederate rout goes NW/NE, every step (the compass of the map). */
static void
test_p_23_1_confederates_retreat_north (void)
{
  g_autoptr (Fixture) f = pea_ridge_fixture ();
  g_autoptr (GbacwGame) game = start_game (f);
  int start = unit_of (game, "c-1")->hex;

  rout (game, "c-1");
  g_assert_cmpuint (assert_compass_paths (game, start), ==, 0);
  first_paths (game);
  /* three steps toward higher columns */
  g_assert_cmpint (gbacw_hex_grid_hex_at (&f->s->map->grid, unit_of (game, "c-1")->hex).col, ==, 4 + 3);
}

/* P 23.1: W/E only when the NW/NE hexes are occupied (here by friendly units). */
static void
test_p_23_1_sideways_when_north_occupied (void)
{
  g_autoptr (Fixture) f = pea_ridge_fixture ();
  g_autoptr (GbacwGame) game = NULL;
  int start;

  INF (f, "c-2", "confederate", 4, 4, "0101", "s");
  INF (f, "c-3", "confederate", 4, 4, "0102", "s");
  game = start_game (f);
  start = unit_of (game, "c-1")->hex;
  place (game, "c-2", neighbour_of (game, "0505", 1));
  place (game, "c-3", neighbour_of (game, "0505", 2));
  rout (game, "c-1");
  /* every path avoiding the friends (14.3) begins sideways, then goes north */
  g_assert_cmpuint (assert_compass_paths (game, start), ==, gbacw_game_decision (game)->paths->len);
}

/* P 23.1: never SE/SW: when only those hexes are free of enemy units, the unit is
 * captured (the Standard Rules would retreat it there). */
static void
test_p_23_1_captured_when_only_south_free (void)
{
  g_autoptr (Fixture) f = pea_ridge_fixture ();
  g_autoptr (GbacwGame) game = NULL;
  const char *ids[] = { "u-2", "u-3", "u-4", "u-5" };
  const int dirs[] = { 0, 1, 2, 3 };

  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    INF (f, ids[i], "union", 4, 4, "0110", "n");
  game = start_game (f);
  place (game, "u-1", hex_of (f->s, "0101"));
  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    place (game, ids[i], neighbour_of (game, "0505", dirs[i]));
  rout (game, "c-1");
  g_assert_null (gbacw_game_decision (game));
  g_assert_cmpint (unit_of (game, "c-1")->presence, ==, GBACW_PRESENCE_CAPTURED);
}

/* P 23.2, 26.12: the Union converse, SE/SW (page directions 4 and 5); two hexes from the
 * map edge, its rout of three has only a path off the map: captured. */
static void
test_p_23_2_union_retreats_south_off_map_captured (void)
{
  g_autoptr (Fixture) f = pea_ridge_fixture ();
  g_autoptr (GbacwGame) game = start_game (f);

  rout (game, "u-1");
  first_paths (game);
  g_assert_cmpint (unit_of (game, "u-1")->presence, ==, GBACW_PRESENCE_CAPTURED);
  g_assert_cmpint (unit_of (game, "u-1")->captured, ==, 4);
  g_assert_true (log_has (game, "5.17", "off the map"));
}

/* ------------------------------------------------------------------ C 27 */

static Fixture *
corinth_fixture (void)
{
  Fixture *f = fixture_new (10, 10);

  add_area (f, "corinth", GBACW_AREA_TOWN, NULL, "0909 0910 1010");
  add_area (f, "area-a", GBACW_AREA_ASSAULT, NULL, "0101 0201 0301");
  add_exclusive (f, "retreat-direction", "method", "toward", "target.union", "corinth", "fallback.union", "1010",
                 "target.confederate", "arrival", "off-map", "eliminate", "reenter", "yes", "case", "C 27.1", NULL);
  return f;
}

/* The Confederate c-1 enters at 0201 (Assault Area A) and moves to 0203 in its first
 * Movement Phase. */
static GbacwGame *
corinth_entered (Fixture *f)
{
  GbacwGame *game = start_game (f);

  goto_phase (game, GBACW_PHASE_MOVEMENT, 1);
  apply_expect (game, move_action (game, "c-1", "0201 0202 0203"), NULL);
  return game;
}

/* C 27.2: a Union rout takes the most direct route in hexes toward Corinth. */
static void
test_c_27_2_union_toward_corinth (void)
{
  g_autoptr (Fixture) f = corinth_fixture ();
  g_autoptr (GbacwGame) game = NULL;
  const GbacwDecision *d;
  int start;

  INF (f, "u-1", "union", 4, 4, "0505", "n");
  INF (f, "c-1", "confederate", 4, 4, "0503", "s");
  game = start_game (f);
  start = unit_of (game, "u-1")->hex;
  rout (game, "u-1");
  d = gbacw_game_decision (game);
  if (d != NULL)
    for (guint i = 0; i < d->paths->len; i++)
      {
        const GArray *path = g_ptr_array_index (d->paths, i);
        int last = g_array_index (path, int, path->len - 1);
        /* three hexes nearer 0909 than the start */
        g_assert_cmpint (gbacw_game_distance (game, last, hex_of (f->s, "0909")), ==,
                         gbacw_game_distance (game, start, hex_of (f->s, "0909")) - 3);
      }
  first_paths (game);
  g_assert_cmpint (gbacw_game_distance (game, unit_of (game, "u-1")->hex, hex_of (f->s, "0909")), ==,
                   gbacw_game_distance (game, start, hex_of (f->s, "0909")) - 3);
}

/* C 27.1, 27.3: a Confederate unit retreating into the Assault Area it arrived through
 * with hexes left goes off the map: eliminated when no cavalry is held there. */
static void
test_c_27_3_assault_area_off_map_eliminated (void)
{
  g_autoptr (Fixture) f = corinth_fixture ();
  g_autoptr (GbacwGame) game = NULL;

  INF (f, "c-1", "confederate", 4, 4, "0203", "s");
  reinforce (f, "c-1", 1, "0201", GBACW_FORMATION_STATE_LINE);
  INF (f, "u-1", "union", 4, 4, "0205", "n");
  game = corinth_entered (f);
  rout (game, "c-1");
  first_paths (game);
  g_assert_cmpint (unit_of (game, "c-1")->presence, ==, GBACW_PRESENCE_ELIMINATED);
  g_assert_cmpint (unit_of (game, "c-1")->killed, ==, 4);
  g_assert_true (log_has (game, "C 27.1", "eliminated"));
}

/* C 27.3: with a mounted cavalry unit held off the map in that Assault Area, the unit may
 * enter again in a later Movement Phase. */
static void
test_c_27_3_reenters_with_cavalry_held (void)
{
  g_autoptr (Fixture) f = corinth_fixture ();
  g_autoptr (GbacwGame) game = NULL;
  int entry;

  INF (f, "c-1", "confederate", 4, 4, "0203", "s");
  reinforce (f, "c-1", 1, "0201", GBACW_FORMATION_STATE_LINE);
  add_unit (f, "c-cav", "confederate", GBACW_UNIT_CAVALRY, 3, 4, "C", "0101", GBACW_FORMATION_STATE_MOUNTED, "s");
  reinforce (f, "c-cav", 1, "0301", GBACW_FORMATION_STATE_MOUNTED);
  INF (f, "u-1", "union", 4, 4, "0205", "n");
  game = corinth_entered (f);
  rout (game, "c-1");
  first_paths (game);
  g_assert_cmpint (unit_of (game, "c-1")->presence, ==, GBACW_PRESENCE_NOT_ARRIVED);
  g_assert_cmpint (unit_of (game, "c-1")->strength, ==, 4);
  g_assert_true (log_has (game, "C 27.3", "enter again"));
  end_phase (game);
  goto_phase (game, GBACW_PHASE_MOVEMENT, 1);
  g_assert_cmpint (game->turn, ==, 2);
  entry = hex_of (f->s, "0201");
  {
    g_autoptr (GbacwAction) action = gbacw_action_new_move (&unit_of (game, "c-1")->index, 1, &entry, 1, -1);
    g_assert_true (gbacw_game_check_action (game, action, NULL));
  }
}

/* C 27.1: a retreat blocked by the map edge goes off it: eliminated, not captured (5.17). */
static void
test_c_27_1_off_the_edge_eliminated (void)
{
  g_autoptr (Fixture) f = corinth_fixture ();
  g_autoptr (GbacwGame) game = NULL;

  INF (f, "u-1", "union", 4, 4, "1005", "n");
  INF (f, "c-1", "confederate", 4, 4, "0905", "s");
  INF (f, "c-2", "confederate", 4, 4, "1004", "s");
  INF (f, "c-3", "confederate", 4, 4, "0906", "s");
  INF (f, "c-4", "confederate", 4, 4, "1006", "n");
  game = start_game (f);
  rout (game, "u-1");
  g_assert_null (gbacw_game_decision (game));
  g_assert_cmpint (unit_of (game, "u-1")->presence, ==, GBACW_PRESENCE_ELIMINATED);
  g_assert_cmpint (unit_of (game, "u-1")->captured, ==, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/exclusive/J-24.1-retreat-hex-ends-retreat", test_j_24_1_retreat_hex_ends_retreat);
  g_test_add_func ("/engine/exclusive/J-24.1-standard-rules-without-module", test_j_24_1_standard_rules_without_module);
  g_test_add_func ("/engine/exclusive/J-24.12-nearer-retreat-hex", test_j_24_12_nearer_retreat_hex);
  g_test_add_func ("/engine/exclusive/J-24.1-full-retreat-hex-nearest-edge", test_j_24_1_full_retreat_hex_nearest_edge);
  g_test_add_func ("/engine/exclusive/J-24.1-retreat-again-strategic-retreat",
                   test_j_24_1_retreat_again_strategic_retreat);
  g_test_add_func ("/engine/exclusive/P-23.1-confederates-retreat-north", test_p_23_1_confederates_retreat_north);
  g_test_add_func ("/engine/exclusive/P-23.1-sideways-when-north-occupied", test_p_23_1_sideways_when_north_occupied);
  g_test_add_func ("/engine/exclusive/P-23.1-captured-when-only-south-free", test_p_23_1_captured_when_only_south_free);
  g_test_add_func ("/engine/exclusive/P-23.2-union-retreats-south-off-map-captured",
                   test_p_23_2_union_retreats_south_off_map_captured);
  g_test_add_func ("/engine/exclusive/C-27.2-union-toward-corinth", test_c_27_2_union_toward_corinth);
  g_test_add_func ("/engine/exclusive/C-27.3-assault-area-off-map-eliminated",
                   test_c_27_3_assault_area_off_map_eliminated);
  g_test_add_func ("/engine/exclusive/C-27.3-reenters-with-cavalry-held", test_c_27_3_reenters_with_cavalry_held);
  g_test_add_func ("/engine/exclusive/C-27.1-off-the-edge-eliminated", test_c_27_1_off_the_edge_eliminated);
  return g_test_run ();
}
