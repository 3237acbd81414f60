/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-corinth-cases.c: cases of The Battle of Corinth's Exclusive Rules no other test plays
 * (C 22.31-22.35, 23.32-23.34, 25.1-25.3, 26.21-26.31, 28.12-28.33 with Price's aid of 28.14,
 * 30.33) and the computer's
 * answer to P 24.33 / C 25.26, each on a small position built in code with fixed dice (the
 * town's chart cells with the kit's charts loaded), named after its case. */
#define G_LOG_DOMAIN "test-corinth-cases"

#include "test-engine-fixture.c"
#include "test-corinth-kit.c"

#include "gbacw-ai.h"
#include "gbacw-bce.h"
#include "gbacw-fire.h"
#include "gbacw-leadership.h"
#include "gbacw-morale.h"
#include "gbacw-query.h"
#include "gbacw-retreat.h"
#include "rules/shared/gbacw-rule-reserves.h"

/* ------------------------------------------------------------------ helpers */

/* The unit has lost `lost` of its initial SP as casualties. */
static void
wound (GbacwGame *game, const char *id, int lost)
{
  GbacwGameUnit *u = unit_of (game, id);
  u->strength = u->initial_strength - lost;
  u->killed = lost;
}

static guint
log_count (const GbacwGame *game, const char *rule_case, const char *text)
{
  guint n = 0;
  for (guint i = 0; i < game->events->len; i++)
    {
      const GbacwEvent *e = g_ptr_array_index (game->events, i);
      n += (rule_case == NULL || g_strcmp0 (e->rule_case, rule_case) == 0) && (text == NULL || strstr (e->text, text));
    }
  return n;
}

static int
formation_index (GbacwGame *game, const char *id)
{
  for (guint i = 0; i < game->scenario->oob.formations->len; i++)
    if (g_str_equal (((GbacwFormation *) g_ptr_array_index (game->scenario->oob.formations, i))->id, id))
      return (int) i;
  g_assert_not_reached ();
}

static int
distance (GbacwGame *game, int hex, const char *label)
{
  return gbacw_game_distance (game, hex, hex_of (game->scenario, label));
}

/* C 22.0-22.4 as the kits configure them (with the Game-Turn 1-8 modifiers of C 29.62). */
static void
add_corinth_gate (Fixture *f, gboolean declare_stacking)
{
  add_exclusive (f, "melee-initiation", "roll", "morale", "before-melee", "morale", "initiation-drm.union", "1-8:+1",
                 "initiation-drm.confederate", "1-8:-1", "before-melee-drm.union", "1-8:+1", "declare-stacking",
                 declare_stacking ? "yes" : "no", "case", "C 22.0", NULL);
}

static GbacwPlacement *
cavalry (Fixture *f, const char *id, const char *side, const char *hex, const char *facing)
{
  return add_unit (f, id, side, GBACW_UNIT_CAVALRY, 2, 3, "C", hex, GBACW_FORMATION_STATE_MOUNTED, facing);
}

/* Answers every open question in the ordinary way: fire held, each retreat path its first,
 * an advance with advancers (NULL: none), the batteries of a brigade retreat with none. */
static void
answer_all (GbacwGame *game, const char *advancers)
{
  for (int guard = 0; guard < 60; guard++)
    {
      const GbacwDecision *d = gbacw_game_decision (game);
      if (d == NULL)
        return;
      if (d->kind == GBACW_DECISION_FIRE)
        apply_expect (game, gbacw_action_new_answer_fire (NULL, 0), NULL);
      else if (d->kind == GBACW_DECISION_RETREAT_PATH)
        first_paths (game);
      else if (d->kind == GBACW_DECISION_ADVANCE)
        {
          g_autoptr (GArray) units = advancers ? units_of (game, advancers) : g_array_new (FALSE, FALSE, sizeof (int));
          apply_expect (game, gbacw_action_new_answer_units ((const int *) (gpointer) units->data, units->len), NULL);
        }
      else if (d->kind == GBACW_DECISION_EXCLUSIVE_UNITS || d->kind == GBACW_DECISION_ENGAGED_RETREAT)
        apply_expect (game, gbacw_action_new_answer_units (NULL, 0), NULL);
      else
        return;
    }
}

/* ------------------------------------------------------------------ C 22.3 */

/* C 22.31: "Units which retreat from an engaged hex (see 12.94) do not make a Morale Check to
 * determine whether or not they may retreat": u-1, engaged with c-1, retreats two hexes in
 * its Melee Phase (12.94 option 3) without the C 22.1 check of a retreat before melee, and
 * checks its morale at the end of the retreat (12.94). */
static void
test_c_22_31_engaged_retreat_without_check (void)
{
  g_autoptr (Fixture) f = fixture_new (6, 8);
  g_autoptr (GbacwGame) game = NULL;
  const GbacwDecision *d;
  int u;

  add_corinth_gate (f, TRUE);
  INF (f, "u-1", "union", 3, 3, "0304", "s")->status = GBACW_STATUS_ENGAGED;
  INF (f, "c-1", "confederate", 3, 3, "0304", "n")->status = GBACW_STATUS_ENGAGED;
  set_turns (f, 10, 11);
  game = start_game (f);
  goto_phase (game, GBACW_PHASE_MELEE, 0);
  d = gbacw_game_decision (game);
  g_assert_nonnull (d);
  g_assert_cmpint (d->kind, ==, GBACW_DECISION_ENGAGED_RETREAT);
  /* a 6 would fail any C 22.1 check (Morale 3) */
  gbacw_dice_force_list (game->dice, 6, 6, 6, 6, 6, 6, 0);
  u = unit_index (game, "u-1");
  apply_expect (game, gbacw_action_new_answer_units (&u, 1), NULL);
  answer_all (game, NULL);
  g_assert_false (log_has (game, "C 22.0", "Retreat before melee"));
  g_assert_false (log_has (game, "C 22.0", "must stand"));
  g_assert_cmpint (distance (game, unit_of (game, "u-1")->hex, "0304"), >=, 2);
  g_assert_false (unit_of (game, "u-1")->status & GBACW_STATUS_ENGAGED);
  /* the check at the end of the retreat is 12.94's, and it failed on the 6 */
  g_assert_true (log_has (game, NULL, "Morale check for u-1"));
}

/* C 22.32: "Units being charged by mounted cavalry may not retreat before melee (except
 * mounted cavalry)": an infantry regiment charged is not even asked. */
static void
test_c_22_32_charged_infantry_may_not_retreat (void)
{
  g_autoptr (Fixture) f = fixture_new (5, 8);
  g_autoptr (GbacwGame) game = NULL;
  const GbacwDecision *d;

  add_corinth_gate (f, TRUE);
  INF (f, "u-1", "union", 3, 3, "0302", "s");
  cavalry (f, "c-cav", "confederate", "0303", "n");
  LEADER (f, "c-ldr", "confederate", "0303");
  game = melee_game_of (f, 1, 10);
  apply_expect (game, declare (game, "c-cav", "0302", TRUE), NULL);
  d = gbacw_game_decision (game);
  g_assert_true (d == NULL || d->kind != GBACW_DECISION_RETREAT_BEFORE_MELEE);
  g_assert_false (log_has (game, "C 22.0", "Retreat before melee"));
  g_assert_cmpint (unit_of (game, "u-1")->hex, ==, hex_of (f->s, "0302"));
}

/* C 22.32: "Mounted cavalry which are charged by enemy mounted cavalry must make a Morale Check
 * to see whether or not they may retreat": a 3 (Morale 3; +1 for C 22.1's enfilade: mounted
 * cavalry is always enfiladed, 7.0) keeps it in place, a 2 lets it go. Meleed solely by infantry (22.0 step 3, 16.1) it goes without a
 * check, whatever the die. */
static void
test_c_22_32_mounted_cavalry_checks_against_a_charge (void)
{
  static const struct {
    gboolean charged;
    int die;
    gboolean retreats;
    gboolean checks;
  } cases[] = {
    { TRUE, 3, FALSE, TRUE },
    { TRUE, 2, TRUE, TRUE },
    { FALSE, 6, TRUE, FALSE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (Fixture) f = fixture_new (5, 8);
      g_autoptr (GbacwGame) game = NULL;
      const GbacwDecision *d;
      const GArray *path;

      add_corinth_gate (f, TRUE);
      cavalry (f, "u-cav", "union", "0302", "s");
      if (cases[i].charged)
        cavalry (f, "c-1", "confederate", "0303", "n");
      else
        INF (f, "c-1", "confederate", 3, 3, "0303", "n");
      LEADER (f, "c-ldr", "confederate", "0303");
      game = melee_game_of (f, 1, 10);
      apply_expect (game, declare (game, "c-1", "0302", cases[i].charged), NULL);
      d = gbacw_game_decision (game);
      g_assert_nonnull (d);
      g_assert_cmpint (d->kind, ==, GBACW_DECISION_RETREAT_BEFORE_MELEE);
      path = g_ptr_array_index (d->paths, 0);
      gbacw_dice_force_list (game->dice, cases[i].die, 0);
      apply_expect (game, gbacw_action_new_answer_path ((const int *) (gpointer) path->data, path->len), NULL);
      answer_all (game, NULL);
      if (log_has (game, "C 22.0", "Retreat before melee") != cases[i].checks)
        g_error ("case %u: the check was%s made", i, cases[i].checks ? " not" : "");
      g_assert_cmpint (unit_of (game, "u-cav")->hex != hex_of (f->s, "0302"), ==, cases[i].retreats);
    }
}

/* C 22.34: "Should all the units in a hex retreat before melee, the attacking unit(s) may occupy
 * the hex without making a Morale Check (regardless of whether or not it is stacked with a
 * leader)": u-1, alone, advances into 0303 that c-1 left, with every die a 6 (a C 22.2
 * check would fail: Morale 3). */
static void
test_c_22_34_advance_without_check (void)
{
  g_autoptr (Fixture) f = fixture_new (5, 8);
  g_autoptr (GbacwGame) game = NULL;
  const GbacwDecision *d;
  const GArray *path;

  add_corinth_gate (f, TRUE);
  INF (f, "u-1", "union", 3, 3, "0302", "s");
  INF (f, "c-1", "confederate", 3, 3, "0303", "n");
  LEADER (f, "c-ldr", "confederate", "0303");   /* it retreats without its own check (22.0 step 3) */
  game = melee_game_of (f, 0, 10);
  apply_expect (game, declare (game, "u-1", "0303", FALSE), NULL);
  d = gbacw_game_decision (game);
  g_assert_nonnull (d);
  g_assert_cmpint (d->kind, ==, GBACW_DECISION_RETREAT_BEFORE_MELEE);
  path = g_ptr_array_index (d->paths, d->paths->len - 1);
  gbacw_dice_force_list (game->dice, 6, 6, 6, 6, 6, 6, 6, 6, 0);
  apply_expect (game, gbacw_action_new_answer_path ((const int *) (gpointer) path->data, path->len), NULL);
  answer_all (game, "u-1");
  g_assert_true (log_has (game, "12.85", "vacated"));
  g_assert_cmpint (unit_of (game, "u-1")->hex, ==, hex_of (f->s, "0303"));
  g_assert_false (log_has (game, "C 22.0", "Melee initiation"));
}

/* C 22.35: "The attacking player may not announce a melee attack which, if successful, would
 * violate stacking limitations for the defending hex": four regiments (8 SP, within 12.72's
 * melee maximum of 12) into a clear hex that holds three units (the fixture's chart), in one
 * announcement or in two; three may; without declare-stacking the Standard Rules' 12.72 alone
 * lets the four go. */
static void
test_c_22_35_stacking_of_the_defending_hex (void)
{
  for (int rule = 0; rule < 2; rule++)
    {
      g_autoptr (Fixture) f = fixture_new (5, 8);
      g_autoptr (GbacwGame) game = NULL;

      add_corinth_gate (f, rule);
      INF (f, "u-1", "union", 2, 3, "0302", "s");
      INF (f, "u-2", "union", 2, 3, "0302", "s");
      INF (f, "u-3", "union", 2, 3, "0304", "n");
      INF (f, "u-4", "union", 2, 3, "0304", "n");
      INF (f, "c-1", "confederate", 3, 3, "0303", "n");
      LEADER (f, "c-ldr", "confederate", "0303");
      game = melee_game_of (f, 0, 10);
      apply_expect (game, declare (game, "u-1 u-2 u-3 u-4", "0303", FALSE), rule ? "C 22.35" : NULL);
      if (!rule)
        continue;
      apply_expect (game, declare (game, "u-1 u-2", "0303", FALSE), NULL);
      stand_all (game);
      apply_expect (game, declare (game, "u-3 u-4", "0303", FALSE), "C 22.35");
      apply_expect (game, declare (game, "u-3", "0303", FALSE), NULL);
    }
}

/* ------------------------------------------------------------------ C 23.32-23.34 (the kit's charts) */

/* The Free Set-Up kit with its stand-ins, its exclusive rules off, its own deployment and
 * reinforcements replaced by one Union and one Confederate regiment: u-id at from, c-id at
 * to (facing each other along the column); a town at town. */
static GbacwScenario *
kit_position (const char *from, const char *to, const char *town, char **u_id, char **c_id)
{
  GbacwScenario *s = corinth_kit_with_stand_ins ("corinth-free-setup.xml");
  int t;

  if (s == NULL)
    g_error ("the Corinth kit could not be loaded");
  for (guint i = 0; i < s->exclusive_rules->len; i++)
    ((GbacwExclusiveRule *) g_ptr_array_index (s->exclusive_rules, i))->enabled = FALSE;
  g_ptr_array_set_size (s->reinforcements, 0);
  g_ptr_array_set_size (s->deployment, 0);
  *u_id = *c_id = NULL;
  for (guint i = 0; i < s->oob.units->len; i++)
    {
      const GbacwUnit *u = g_ptr_array_index (s->oob.units, i);
      char **id = g_str_equal (u->side, "union") ? u_id : c_id;
      if (u->type == GBACW_UNIT_INFANTRY && *id == NULL)
        *id = g_strdup (u->id);
    }
  g_assert_nonnull (*u_id);
  g_assert_nonnull (*c_id);
  {
    GbacwPlacement *p = gbacw_placement_new (*u_id, hex_of (s, from));
    p->formation = GBACW_FORMATION_STATE_LINE;
    p->facing = direction_of (s, "s");
    g_ptr_array_add (s->deployment, p);
    p = gbacw_placement_new (*c_id, hex_of (s, to));
    p->formation = GBACW_FORMATION_STATE_LINE;
    p->facing = direction_of (s, "n");
    g_ptr_array_add (s->deployment, p);
  }
  t = gbacw_catalogue_find_hex_terrain (&s->catalogue, "town");
  g_assert_cmpint (t, >=, 0);
  if (town)
    s->map->terrain[hex_of (s, town)] = G_GUINT64_CONSTANT (1) << t;
  return s;
}

/* C 23.34: "A defending unit in a town hex receives a two column shift to the left in fire
 * combat"; in clear, none. */
static void
test_c_23_34_town_two_columns_left (void)
{
  for (int town = 0; town < 2; town++)
    {
      g_autofree char *u_id = NULL;
      g_autofree char *c_id = NULL;
      g_autoptr (GbacwScenario) s = kit_position ("2020", "2021", town ? "2021" : NULL, &u_id, &c_id);
      g_autoptr (GbacwGame) game = NULL;
      g_autoptr (GError) error = NULL;
      GbacwFireResolution *res;
      GbacwFirer firer = { -1, 0, -1 };

      game = gbacw_game_new (s, 1, &error);
      g_assert_no_error (error);
      goto_phase (game, GBACW_PHASE_OFFENSIVE_FIRE, 0);
      firer.unit = unit_index (game, u_id);
      res = gbacw_fire_compute (game, hex_of (s, "2021"), &firer, 1, &error);
      g_assert_no_error (error);
      g_assert_nonnull (res);
      g_assert_cmpint (res->terrain_shift, ==, town ? -2 : 0);
      gbacw_fire_resolution_free (res);
    }
}

/* C 23.32: "Town hexes have no effect on melee combat": no Strength Points lost to melee into a
 * town hex (12.31). */
static void
test_c_23_32_town_no_melee_effect (void)
{
  g_autofree char *u_id = NULL;
  g_autofree char *c_id = NULL;
  g_autoptr (GbacwScenario) s = kit_position ("2020", "2021", "2021", &u_id, &c_id);
  g_autoptr (GbacwGame) game = NULL;
  g_autoptr (GError) error = NULL;
  const GbacwChart *tec = gbacw_scenario_find_chart (s, "terrain-combat");

  g_assert_nonnull (tec);
  game = gbacw_game_new (s, 1, &error);
  g_assert_no_error (error);
  g_assert_cmpint (gbacw_melee_terrain_points (game, unit_index (game, u_id), hex_of (s, "2021"), NULL), ==, 0);
}

/* C 23.33: "For LOS purposes town hexes are considered to be 25 feet high. Thus, units in Corinth
 * cannot see through town hexes but can see directly into adjacent hexes": a town hex between
 * two regiments on level ground blocks their line, its top 25 feet; the town hex itself is
 * seen from beside it. */
static void
test_c_23_33_town_25_feet (void)
{
  g_autofree char *u_id = NULL;
  g_autofree char *c_id = NULL;
  g_autoptr (GbacwScenario) s = kit_position ("2020", "2022", "2021", &u_id, &c_id);
  g_autoptr (GbacwGame) game = NULL;
  g_autoptr (GError) error = NULL;
  GbacwLosResult r;
  int t = gbacw_catalogue_find_hex_terrain (&s->catalogue, "town");

  g_assert_cmpint (((GbacwHexTerrain *) g_ptr_array_index (s->catalogue.hex_terrains, t))->height, ==, 25);
  game = gbacw_game_new (s, 1, &error);
  g_assert_no_error (error);
  g_assert_false (gbacw_fire_los (game, hex_of (s, "2020"), hex_of (s, "2022"), &r));
  g_assert_cmpint (r.kind, ==, GBACW_LOS_OBSTACLE_HEX);
  g_assert_cmpint (r.hex, ==, hex_of (s, "2021"));
  g_assert_cmpint (r.obstacle_top, ==, gbacw_los_ground (game->los, hex_of (s, "2021")) + 25);
  g_assert_true (gbacw_fire_los (game, hex_of (s, "2020"), hex_of (s, "2021"), NULL));
  /* the same line with the town hex clear again is open */
  s->map->terrain[hex_of (s, "2021")] = G_GUINT64_CONSTANT (1) << gbacw_catalogue_find_hex_terrain (&s->catalogue, "clear");
  {
    g_autoptr (GbacwGame) open = gbacw_game_new (s, 1, &error);
    g_assert_no_error (error);
    g_assert_true (gbacw_fire_los (open, hex_of (s, "2020"), hex_of (s, "2022"), NULL));
  }
}

/* ------------------------------------------------------------------ C 25 */

/* A Union brigade that has lost BCE (limit 2, u-1 has lost 2 SP) with a battery stacked with
 * its commander, an independent regiment and an enemy regiment (C 25). */
static GbacwGame *
lost_brigade (Fixture *f)
{
  GbacwGame *game;

  add_exclusive (f, "bce-loss", "variant", "corinth", NULL);
  union_brigade (f, "0301", 3, 2, GBACW_UNSET);
  INF (f, "u-1", "union", 5, 3, "0201", "s");
  INF (f, "u-other", "union", 4, 3, "0101", "s");
  add_unit (f, "u-bat", "union", GBACW_UNIT_ARTILLERY, 2, 3, "L", "0301", GBACW_FORMATION_STATE_UNLIMBERED, "s");
  cavalry (f, "u-cav", "union", "0102", "s");
  INF (f, "c-1", "confederate", 4, 3, "0203", "n");
  set_formation (f, "u-1 u-bat u-cav", "u-brig");
  game = start_game (f);
  wound (game, "u-1", 2);
  g_assert_true (gbacw_bce_lost (game, 0));
  return game;
}

/* C 25.11: "A 1 is added to the die roll for all Morale Checks made by infantry and cavalry
 * units of a brigade that has lost BCE. Artillery units are never affected by BCE loss." */
static void
test_c_25_11_morale_plus_one (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 6);
  g_autoptr (GbacwGame) game = lost_brigade (f);

  g_assert_cmpint (gbacw_morale_drm (game, unit_index (game, "u-1"), FALSE, GBACW_MORALE_CAUSE_FIRE), ==, 1);
  g_assert_cmpint (gbacw_morale_drm (game, unit_index (game, "u-cav"), FALSE, GBACW_MORALE_CAUSE_MELEE), ==, 1);
  /* the battery: only 13.23's -1 (stacked with its brigade commander) */
  g_assert_cmpint (gbacw_morale_drm (game, unit_index (game, "u-bat"), FALSE, GBACW_MORALE_CAUSE_FIRE), ==, -1);
  g_assert_cmpint (gbacw_morale_drm (game, unit_index (game, "u-other"), FALSE, GBACW_MORALE_CAUSE_FIRE), ==, 0);
  /* a die of 3 against Morale 3 fails with the +1 */
  gbacw_dice_force_list (game->dice, 3, 0);
  g_assert_true (gbacw_morale_check (game, unit_index (game, "u-1"), FALSE, GBACW_MORALE_CAUSE_FIRE, "9.81"));
  /* the brigade regains BCE (a box erased): the +1 is gone */
  unit_of (game, "u-1")->killed = 1;
  g_assert_cmpint (gbacw_morale_drm (game, unit_index (game, "u-1"), FALSE, GBACW_MORALE_CAUSE_FIRE), ==, 0);
}

/* C 25.12: "No unit in a brigade that has lost BCE may initiate melee. Such a unit defends
 * normally when meleed by enemy units, and if it is engaged during melee, it may melee": u-1
 * may not announce a melee; engaged with c-1, it melees on in its Melee Phase. */
static void
test_c_25_12_no_melee_initiation_but_engaged (void)
{
  {
    g_autoptr (Fixture) f = fixture_new (3, 6);
    g_autoptr (GbacwGame) game = NULL;
    int u;

    set_turns (f, 1, 2);
    game = lost_brigade (f);
    goto_phase (game, GBACW_PHASE_MOVEMENT, 0);
    apply_expect (game, move_action (game, "u-1", "0202"), NULL);
    hold_fire (game);
    goto_phase (game, GBACW_PHASE_RETREAT_BEFORE_MELEE, 0);
    u = unit_index (game, "u-1");
    apply_expect (game, gbacw_action_new_declare_melee (&u, 1, hex_of (f->s, "0203"), FALSE), "C 25.12");
  }
  {
    g_autoptr (Fixture) f = fixture_new (3, 6);
    g_autoptr (GbacwGame) game = NULL;

    add_exclusive (f, "bce-loss", "variant", "corinth", NULL);
    union_brigade (f, "0301", 3, 2, GBACW_UNSET);
    INF (f, "u-1", "union", 5, 3, "0203", "s")->status = GBACW_STATUS_ENGAGED;
    INF (f, "c-1", "confederate", 4, 3, "0203", "n")->status = GBACW_STATUS_ENGAGED;
    set_formation (f, "u-1", "u-brig");
    set_turns (f, 5, 6);
    game = start_game (f);
    wound (game, "u-1", 2);
    g_assert_true (gbacw_bce_lost (game, 0));
    goto_phase (game, GBACW_PHASE_MELEE, 0);
    answer_all (game, NULL);   /* it does not retreat (12.94 option 3 declined) */
    gbacw_dice_force_list (game->dice, 6, 6, 6, 6, 0);
    apply_expect (game, melee_action (game, "u-1", "0203"), NULL);
    g_assert_true (log_has (game, "12.0", "Melee at"));
  }
}

/* P 24.31 / C 25.2: the brigade (limit 1, one SP lost) around its commander at 0304 (ER 3):
 * t routs; r (with the commander) retreats two hexes; q (routed) routs three more; p (pinned)
 * stays; the battery at 0303 may go or stay. */
static GbacwGame *
brigade_retreat (Fixture *f, const char *variant, const char *more)
{
  GbacwGame *game;
  g_autofree char *members = g_strconcat ("t r q p bat", more ? " " : "", more, NULL);

  set_turns (f, 1, 2);
  add_exclusive (f, "bce-loss", "variant", variant, NULL);
  union_brigade (f, "0304", 3, 1, GBACW_UNSET);
  INF (f, "t", "union", 4, 3, "0305", "s");
  INF (f, "r", "union", 4, 3, "0304", "s");
  INF (f, "q", "union", 4, 3, "0205", "s");
  INF (f, "p", "union", 4, 3, "0405", "s");
  add_unit (f, "bat", "union", GBACW_UNIT_ARTILLERY, 2, 3, "L", "0303", GBACW_FORMATION_STATE_UNLIMBERED, "s");
  INF (f, "c-1", "confederate", 4, 3, "0309", "n");
  set_formation (f, members, "u-brig");
  game = start_game (f);
  wound (game, "t", 1);
  unit_of (game, "q")->status |= GBACW_STATUS_ROUTED;
  unit_of (game, "p")->status |= GBACW_STATUS_PINNED;
  return game;
}

static void
rout_t (GbacwGame *game)
{
  gbacw_dice_force_list (game->dice, 1, 1, 1, 1, 1, 1, 1, 1, 0);
  gbacw_morale_rout (game, unit_index (game, "t"), "9.81");
  gbacw_game_run_pending (game);
  answer_all (game, NULL);
  g_assert_null (gbacw_game_decision (game));
}

/* C 25.21: "The routed units of a brigade subject to brigade retreat must retreat 3 hexes,
 * rather than two." */
static void
test_c_25_21_routed_three_hexes (void)
{
  g_autoptr (Fixture) f = fixture_new (6, 10);
  g_autoptr (GbacwGame) game = brigade_retreat (f, "corinth", NULL);

  rout_t (game);
  g_assert_true (log_has (game, "C 25.21", "q (q), routed, makes its rout movement of three hexes"));
  g_assert_cmpint (distance (game, unit_of (game, "q")->hex, "0205"), ==, 3);
  g_assert_cmpint (distance (game, unit_of (game, "r")->hex, "0304"), ==, 2);
}

/* C 25.22: "The pinned units of a brigade undergoing brigade retreat are unaffected and remain
 * pinned in their hex." */
static void
test_c_25_22_pinned_stay_pinned (void)
{
  g_autoptr (Fixture) f = fixture_new (6, 10);
  g_autoptr (GbacwGame) game = brigade_retreat (f, "corinth", NULL);

  rout_t (game);
  g_assert_true (log_has (game, "C 25.22", "p (p) is pinned and stays"));
  g_assert_cmpint (unit_of (game, "p")->hex, ==, hex_of (f->s, "0405"));
  g_assert_true (unit_of (game, "p")->status & GBACW_STATUS_PINNED);
  g_assert_false (log_has (game, "13.21", "Morale check for p"));
}

/* C 25.24: "Units which are unable to retreat are subject to capture (see 14.1)": r, with its
 * brigade commander in the corner hex 0101, every hex beside it held by the enemy, is captured
 * when t (there too) routs. */
static void
test_c_25_24_unable_to_retreat_captured (void)
{
  g_autoptr (Fixture) f = fixture_new (5, 5);
  g_autoptr (GbacwGame) game = NULL;
  const GbacwHexGrid *grid = &f->s->map->grid;
  GbacwHex corner;
  int n = 0;

  set_turns (f, 1, 2);
  add_exclusive (f, "bce-loss", "variant", "corinth", NULL);
  union_brigade (f, "0101", 3, 1, GBACW_UNSET);
  INF (f, "t", "union", 2, 3, "0101", "s");
  INF (f, "r", "union", 2, 3, "0101", "s");
  set_formation (f, "t r", "u-brig");
  g_assert_true (gbacw_hex_grid_parse_label (grid, "0101", &corner, NULL));
  for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
    {
      GbacwHex h = gbacw_hex_grid_neighbour (grid, corner, d);
      g_autofree char *label = NULL;
      g_autofree char *id = NULL;
      if (gbacw_hex_grid_index (grid, h) < 0)
        continue;
      label = gbacw_hex_grid_format_label (grid, h);
      id = g_strdup_printf ("c-%d", n++);
      INF (f, id, "confederate", 4, 3, label, "n");
    }
  g_assert_cmpint (n, >=, 2);
  game = start_game (f);
  wound (game, "t", 1);
  gbacw_dice_force_list (game->dice, 1, 1, 1, 1, 1, 1, 0);
  gbacw_morale_rout (game, unit_index (game, "t"), "9.81");
  gbacw_game_run_pending (game);
  answer_all (game, NULL);
  g_assert_true (log_has (game, "C 25.2", "brigade retreat"));
  g_assert_cmpint (unit_of (game, "r")->hex, <, 0);
  g_assert_cmpint (unit_of (game, "r")->presence, ==, GBACW_PRESENCE_CAPTURED);
}

/* C 25.3: "A brigade's batteries are unaffected by the loss of BCE. The guns may fire normally.
 * Gun and crew losses never apply to the BCE section of the OB Roster": the battery's morale
 * checks and fire are as without the loss, and its gun and crew losses mark no box. */
static void
test_c_25_3_artillery_unaffected (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 6);
  g_autoptr (GbacwGame) game = NULL;
  g_autoptr (GError) error = NULL;
  GbacwFireResolution *res;
  GbacwFirer firer = { -1, 0, -1 };
  int marks;

  set_turns (f, 1, 2);
  game = lost_brigade (f);
  g_assert_cmpint (gbacw_morale_drm (game, unit_index (game, "u-bat"), FALSE, GBACW_MORALE_CAUSE_FIRE), ==, -1);
  goto_phase (game, GBACW_PHASE_OFFENSIVE_FIRE, 0);
  firer.unit = unit_index (game, "u-bat");
  res = gbacw_fire_compute (game, hex_of (f->s, "0203"), &firer, 1, &error);
  g_assert_no_error (error);
  g_assert_cmpint (res->hook_shift, ==, 0);
  gbacw_fire_resolution_free (res);
  /* u-1 firing: one column left (C 25.14), for contrast */
  firer.unit = unit_index (game, "u-1");
  res = gbacw_fire_compute (game, hex_of (f->s, "0203"), &firer, 1, &error);
  g_assert_no_error (error);
  g_assert_cmpint (res->hook_shift, ==, -1);
  gbacw_fire_resolution_free (res);
  marks = gbacw_bce_marks (game, 0);
  unit_of (game, "u-bat")->guns--;
  unit_of (game, "u-bat")->killed++;
  unit_of (game, "u-bat")->captured++;
  g_assert_cmpint (gbacw_bce_marks (game, 0), ==, marks);
}

/* The computer player's answer to P 24.33 / C 25.26 (the module's exclusive_default): the
 * battery in an enemy zone of control (c-z beside it) goes with the brigade, limbering; the
 * other, out of any, stays and keeps its guns in action. */
static void
check_computer_batteries (const char *variant, const char *battery_case)
{
  g_autoptr (Fixture) f = fixture_new (6, 10);
  g_autoptr (GbacwGame) game = NULL;
  g_autoptr (GError) error = NULL;
  const GbacwDecision *d;
  GbacwAction *applied = NULL;
  GbacwAi *ai;

  add_unit (f, "bat-2", "union", GBACW_UNIT_ARTILLERY, 2, 3, "L", "0503", GBACW_FORMATION_STATE_UNLIMBERED, "s");
  INF (f, "c-z", "confederate", 1, 3, "0302", "s");
  game = brigade_retreat (f, variant, "bat-2");
  g_assert_true (gbacw_movement_in_enemy_zoc (game, hex_of (f->s, "0303"), 0, FALSE));
  g_assert_false (gbacw_movement_in_enemy_zoc (game, hex_of (f->s, "0503"), 0, FALSE));
  gbacw_dice_force_list (game->dice, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0);
  gbacw_morale_rout (game, unit_index (game, "t"), "9.81");
  gbacw_game_run_pending (game);
  for (int guard = 0; guard < 30; guard++)
    {
      d = gbacw_game_decision (game);
      if (d == NULL || d->kind == GBACW_DECISION_EXCLUSIVE_UNITS)
        break;
      if (d->kind == GBACW_DECISION_FIRE)
        apply_expect (game, gbacw_action_new_answer_fire (NULL, 0), NULL);
      else
        first_paths (game);
    }
  d = gbacw_game_decision (game);
  g_assert_nonnull (d);
  g_assert_cmpint (d->kind, ==, GBACW_DECISION_EXCLUSIVE_UNITS);
  g_assert_cmpstr (d->rule_case, ==, battery_case);
  ai = gbacw_ai_new (game, d->side);
  g_assert_true (gbacw_ai_step (ai, game, &applied, &error));
  g_assert_no_error (error);
  g_assert_nonnull (applied);
  gbacw_action_free (applied);
  gbacw_ai_free (ai);
  answer_all (game, NULL);
  g_assert_true (log_has (game, battery_case, "bat (bat) limbers to retreat with its brigade"));
  g_assert_cmpint (distance (game, unit_of (game, "bat")->hex, "0303"), ==, 2);
  g_assert_true (log_has (game, battery_case, "bat-2 (bat-2) stays"));
  g_assert_cmpint (unit_of (game, "bat-2")->hex, ==, hex_of (f->s, "0503"));
  g_assert_cmpint (unit_of (game, "bat-2")->formation, ==, GBACW_FORMATION_STATE_UNLIMBERED);
}

static void
test_c_25_26_computer_batteries (void)
{
  check_computer_batteries ("corinth", "C 25.26");
}

static void
test_p_24_33_computer_batteries (void)
{
  check_computer_batteries ("pea-ridge", "P 24.33");
}

/* P 24.34, C 25.23 with the withdrawal fire rolled: "Units which retreat out of enemy ZOC's are
 * subject to withdrawal fire (see 10.1). If, due to the fire, a unit is pinned, it is pinned
 * after retreating one hex and must make a Morale Check": r (with its brigade commander at
 * 0304) leaves c-z's zone of control in the brigade retreat; c-z's withdrawal fire (1 SP, small
 * arms, enfilading the unit as it withdraws, 10.16) gives a P on the die of 3 (the fixture's
 * Fire CRT) and its check (9.87) fails on a 5 (+1, C 25.11): r stops one hex from 0304,
 * pinned, and checks its morale (passed on a 1). */
static void
check_withdrawal_fire_rolled (const char *variant, const char *retreat_case)
{
  g_autoptr (Fixture) f = fixture_new (6, 10);
  g_autoptr (GbacwGame) game = NULL;
  gboolean fired = FALSE;

  INF (f, "c-z", "confederate", 1, 3, "0404", "nw");
  game = brigade_retreat (f, variant, NULL);
  g_assert_true (gbacw_movement_in_enemy_zoc (game, hex_of (f->s, "0304"), 0, FALSE));
  gbacw_morale_rout (game, unit_index (game, "t"), "9.81");
  gbacw_game_run_pending (game);
  for (int guard = 0; guard < 60; guard++)
    {
      const GbacwDecision *d = gbacw_game_decision (game);
      if (d == NULL)
        break;
      if (d->kind == GBACW_DECISION_FIRE && g_strcmp0 (d->rule_case, retreat_case) == 0 && !fired)
        {
          GbacwFirer firer = { unit_index (game, "c-z"), 0, -1 };
          g_assert_true (gbacw_int_array_has (d->firers, firer.unit));
          fired = TRUE;
          gbacw_dice_force_list (game->dice, 3, 5, 1, 1, 1, 1, 1, 1, 0);
          apply_expect (game, gbacw_action_new_answer_fire (&firer, 1), NULL);
        }
      else if (d->kind == GBACW_DECISION_FIRE)
        apply_expect (game, gbacw_action_new_answer_fire (NULL, 0), NULL);
      else if (d->kind == GBACW_DECISION_RETREAT_PATH)
        first_paths (game);
      else
        apply_expect (game, gbacw_action_new_answer_units (NULL, 0), NULL);
    }
  g_assert_true (fired);
  g_assert_true (log_has (game, retreat_case, "pinned by the withdrawal fire, retreat one more hex"));
  g_assert_cmpint (distance (game, unit_of (game, "r")->hex, "0304"), ==, 1);
  g_assert_true (unit_of (game, "r")->status & GBACW_STATUS_PINNED);
  g_assert_true (log_has (game, "13.21", "Morale check for r"));
}

static void
test_c_25_23_withdrawal_fire_rolled (void)
{
  check_withdrawal_fire_rolled ("corinth", "C 25.2");
}

static void
test_p_24_34_withdrawal_fire_rolled (void)
{
  check_withdrawal_fire_rolled ("pea-ridge", "P 24.31");
}

/* ------------------------------------------------------------------ C 26.2, 26.3 */

/* The night of GT 17-18 (C 26.2: Phase K after each Final Command Phase), C 26.22's 5-6. */
static Fixture *
straggler_fixture (void)
{
  Fixture *f = fixture_new (4, 9);

  set_turns (f, 16, 18);
  set_night (f, 17, 18);
  add_exclusive (f, "straggler-recovery", "timing", "player-turn", "success", "5-6", "bce-day-1", "-1", "case",
                 "C 26.22", NULL);
  return f;
}

/* C 26.21: "Infantry and cavalry regiments which have suffered more than one Strength Point
 * loss, but have not been eliminated completely, may regain Strength Points during a night
 * Game-Turn. To be eligible, a regiment may not move or fire withdrawal fire during a night
 * Game-Turn": on night Game-Turn 17 (the Confederate Player-Turn first) u-2 (2 lost) and the
 * cavalry regiment (2 lost) recover on a 5; u-1 (1 lost), u-gone (eliminated), u-moved (moved
 * tonight) and u-fired (gave withdrawal fire tonight, C 26.14) do not roll. */
static void
test_c_26_21_eligible_regiments (void)
{
  g_autoptr (Fixture) f = straggler_fixture ();
  g_autoptr (GbacwGame) game = NULL;
  const GbacwDecision *d;

  INF (f, "u-1", "union", 4, 3, "0101", "s");
  INF (f, "u-2", "union", 4, 3, "0201", "s");
  INF (f, "u-moved", "union", 4, 3, "0301", "s");
  INF (f, "u-fired", "union", 4, 3, "0405", "s");
  INF (f, "u-gone", "union", 4, 3, "0401", "s");
  cavalry (f, "u-cav", "union", "0102", "s");
  INF (f, "c-1", "confederate", 4, 3, "0406", "n");
  g_free (f->s->turns.first_player);
  f->s->turns.first_player = g_strdup ("confederate");
  game = start_game (f);
  wound (game, "u-1", 1);
  wound (game, "u-2", 2);
  wound (game, "u-moved", 2);
  wound (game, "u-fired", 2);
  wound (game, "c-1", 2);
  unit_of (game, "u-cav")->strength = 1;
  unit_of (game, "u-cav")->initial_strength = 3;
  unit_of (game, "u-cav")->killed = 2;
  unit_of (game, "u-gone")->killed = 4;
  unit_of (game, "u-gone")->strength = 0;
  gbacw_game_remove_unit (game, unit_index (game, "u-gone"), GBACW_PRESENCE_ELIMINATED);
  /* GT 17 (night): the Confederate c-1 leaves u-fired's zone of control and u-fired gives
   * withdrawal fire (C 26.14); then the Union moves u-moved */
  goto_turn_phase (game, 17, GBACW_PHASE_MOVEMENT, 1);
  apply_expect (game, move_action (game, "c-1", "0407 0408"), NULL);
  d = gbacw_game_decision (game);
  g_assert_nonnull (d);
  g_assert_cmpint (d->kind, ==, GBACW_DECISION_FIRE);
  {
    GbacwFirer firer = { unit_index (game, "u-fired"), 2, -1 };
    gbacw_dice_force_list (game->dice, 1, 1, 0);
    apply_expect (game, gbacw_action_new_answer_fire (&firer, 1), NULL);
  }
  answer_all (game, NULL);
  g_assert_cmpint (unit_of (game, "u-fired")->fired_turn, ==, 17);
  goto_turn_phase (game, 17, GBACW_PHASE_MOVEMENT, 0);
  apply_expect (game, move_action (game, "u-moved", "0302"), NULL);
  /* the Union Phase K; dice in order-of-battle order */
  goto_turn_phase (game, 17, GBACW_PHASE_FINAL_COMMAND, 0);
  gbacw_dice_force_list (game->dice, 5, 5, 5, 5, 5, 5, 0);
  end_phase (game);
  g_assert_true (log_has (game, "C 26.22", "Straggler recovery for u-2 (u-2): die 5+0 = 5"));
  g_assert_cmpint (unit_of (game, "u-2")->strength, ==, 3);
  g_assert_true (log_has (game, "C 26.22", "Straggler recovery for u-cav (u-cav)"));
  g_assert_cmpint (unit_of (game, "u-cav")->strength, ==, 2);
  g_assert_cmpuint (log_count (game, "C 26.22", "Straggler recovery for u-1 "), ==, 0);
  g_assert_cmpuint (log_count (game, "C 26.22", "Straggler recovery for u-gone"), ==, 0);
  g_assert_cmpuint (log_count (game, "C 26.22", "Straggler recovery for u-fired"), ==, 0);
  g_assert_cmpuint (log_count (game, "C 26.22", "Straggler recovery for c-1"), ==, 0);
  g_assert_cmpuint (log_count (game, "C 26.22", "Straggler recovery for u-moved"), ==, 0);
}

/* Ends the Union's Phase K of night Game-Turn 17 with dice. */
static void
union_phase_k (GbacwGame *game, const int *dice, guint n)
{
  goto_turn_phase (game, 17, GBACW_PHASE_FINAL_COMMAND, 0);
  gbacw_dice_force (game->dice, dice, n);
  end_phase (game);
}

/* C 26.25: "Independent units which recover stragglers have their losses reduced on their OB
 * Roster by erasing a box with a kill result (not a box with a capture result)": u-ind (2
 * killed, 1 captured) recovers one: 1 killed, 1 captured; u-cap (1 killed, 2 captured) recovers
 * its one kill box, and then never again (nothing but captures left). */
static void
test_c_26_25_independent_kill_box (void)
{
  g_autoptr (Fixture) f = straggler_fixture ();
  g_autoptr (GbacwGame) game = NULL;
  static const int dice[] = { 6, 6 };
  GbacwGameUnit *u;

  INF (f, "u-ind", "union", 6, 3, "0101", "s");
  INF (f, "u-cap", "union", 6, 3, "0201", "s");
  INF (f, "c-1", "confederate", 4, 3, "0108", "n");
  game = start_game (f);
  u = unit_of (game, "u-ind");
  u->strength = 3, u->killed = 2, u->captured = 1;
  u = unit_of (game, "u-cap");
  u->strength = 3, u->killed = 1, u->captured = 2;
  union_phase_k (game, dice, G_N_ELEMENTS (dice));
  u = unit_of (game, "u-ind");
  g_assert_cmpint (u->strength, ==, 4);
  g_assert_cmpint (u->killed, ==, 1);
  g_assert_cmpint (u->captured, ==, 1);
  u = unit_of (game, "u-cap");
  g_assert_cmpint (u->strength, ==, 4);
  g_assert_cmpint (u->killed, ==, 0);
  g_assert_cmpint (u->captured, ==, 2);
  goto_turn_phase (game, 18, GBACW_PHASE_FINAL_COMMAND, 0);
  gbacw_dice_force_list (game->dice, 6, 6, 0);
  end_phase (game);
  g_assert_cmpuint (log_count (game, "C 26.22", "Straggler recovery for u-cap"), ==, 1);
  g_assert_cmpint (unit_of (game, "u-cap")->strength, ==, 4);
}

/* C 26.26: "A unit recovering stragglers may never regain its original strength (i.e., a unit
 * which has suffered one loss will always have at least one loss)": u-1 (2 lost of 4) gets one
 * back on GT 17 and, with 1 lost, never rolls again on GT 18. */
static void
test_c_26_26_never_original_strength (void)
{
  g_autoptr (Fixture) f = straggler_fixture ();
  g_autoptr (GbacwGame) game = NULL;
  static const int dice[] = { 6 };

  INF (f, "u-1", "union", 4, 3, "0101", "s");
  INF (f, "c-1", "confederate", 4, 3, "0108", "n");
  game = start_game (f);
  wound (game, "u-1", 2);
  union_phase_k (game, dice, G_N_ELEMENTS (dice));
  g_assert_cmpint (unit_of (game, "u-1")->strength, ==, 3);
  goto_turn_phase (game, 18, GBACW_PHASE_FINAL_COMMAND, 0);
  gbacw_dice_force_list (game->dice, 6, 0);
  end_phase (game);
  g_assert_cmpint (unit_of (game, "u-1")->strength, ==, 3);
  g_assert_cmpuint (log_count (game, "C 26.22", "Straggler recovery for u-1"), ==, 1);
}

/* C 26.27: "Batteries may never recover guns or crews, nor may wagon crews be recovered": a
 * battery short of guns and crew, a wagon whose crew lost SP: no roll for either. */
static void
test_c_26_27_no_batteries_or_wagons (void)
{
  g_autoptr (Fixture) f = straggler_fixture ();
  g_autoptr (GbacwGame) game = NULL;
  static const int dice[] = { 6, 6, 6 };
  GbacwGameUnit *bat, *wagon;

  add_unit (f, "u-bat", "union", GBACW_UNIT_ARTILLERY, 4, 3, "L", "0101", GBACW_FORMATION_STATE_LIMBERED, "s");
  add_unit (f, "u-wagon", "union", GBACW_UNIT_WAGON, 3, 3, NULL, "0201", GBACW_FORMATION_STATE_UNSET, "s");
  INF (f, "u-1", "union", 4, 3, "0301", "s");
  INF (f, "c-1", "confederate", 4, 3, "0108", "n");
  game = start_game (f);
  bat = unit_of (game, "u-bat");
  bat->guns = 2;
  bat->killed = 2;
  bat->crew = GBACW_CREW_HALF;
  wagon = unit_of (game, "u-wagon");
  wagon->strength = 1;
  wagon->killed = 2;
  wound (game, "u-1", 2);
  union_phase_k (game, dice, G_N_ELEMENTS (dice));
  g_assert_cmpint (bat->guns, ==, 2);
  g_assert_cmpint (bat->crew, ==, GBACW_CREW_HALF);
  g_assert_cmpint (wagon->strength, ==, 1);
  g_assert_cmpuint (log_count (game, "C 26.22", "Straggler recovery for u-bat"), ==, 0);
  g_assert_cmpuint (log_count (game, "C 26.22", "Straggler recovery for u-wagon"), ==, 0);
  g_assert_cmpint (unit_of (game, "u-1")->strength, ==, 3);   /* the regiment beside them does */
}

/* C 26.31: "On the OB Roster each brigade is given two BCE limits ... The boxes in the second row
 * are the boxes added to that brigade's BCE limit for the second day if and only if it has
 * recovered BCE": a brigade of 9 (first day) and 11 (second day) that never lost BCE goes into
 * the second day with 11: 10 casualties then leave it with BCE, 11 take it away. */
static void
test_c_26_31_two_limits (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 6);
  g_autoptr (GbacwGame) game = NULL;

  set_turns (f, 19, 22);
  set_night (f, 19, 20);
  add_exclusive (f, "bce-recovery", "method", "second-row", "turn", "20", "case", "C 26.32", NULL);
  union_brigade (f, "0201", 2, 9, 11);
  INF (f, "u-1", "union", 8, 3, "0101", "s");
  INF (f, "u-2", "union", 8, 3, "0201", "s");
  INF (f, "c-1", "confederate", 4, 3, "0106", "n");
  set_formation (f, "u-1 u-2", "u-brig");
  game = start_game (f);
  wound (game, "u-1", 4);
  wound (game, "u-2", 4);
  g_assert_cmpint (gbacw_bce_limit (game, 0), ==, 9);
  g_assert_false (gbacw_bce_lost (game, 0));
  goto_turn_phase (game, 21, GBACW_PHASE_INITIAL_COMMAND, 0);
  g_assert_cmpint (gbacw_bce_limit (game, 0), ==, 11);
  g_assert_true (log_has (game, "C 26.32", "BCE limit is now 11"));
  wound (game, "u-1", 6);   /* 10 marks: within 11 */
  end_phase (game);
  g_assert_false (gbacw_bce_lost (game, 0));
  wound (game, "u-2", 5);   /* 11 */
  end_phase (game);
  g_assert_true (gbacw_bce_lost (game, 0));
}

/* ------------------------------------------------------------------ C 28 */

/* A Union brigade that has lost BCE, its routed regiment u-1 at 0101 with the leader given
 * (army or division commander), the corinth variant of bce-loss; the Ammunition
 * Resupply Phase, whose end rallies (13.5). */
static GbacwGame *
routed_with (Fixture *f, GbacwLeaderRole role, const int *dice, guint n)
{
  GbacwGame *game;

  set_turns (f, 10, 11);
  add_exclusive (f, "bce-loss", "variant", "corinth", NULL);
  union_brigade (f, "0301", 3, 1, GBACW_UNSET);
  INF (f, "u-1", "union", 4, 3, "0101", "s");
  set_formation (f, "u-1", "u-brig");
  LEADER (f, "u-high", "union", "0101");
  set_leader (f, "u-high", role, 4, 2, role == GBACW_LEADER_DIVISION ? 4 : GBACW_UNSET, 2);
  add_formation (f, "u-high-f", "union", role == GBACW_LEADER_ARMY ? GBACW_FORMATION_ARMY : GBACW_FORMATION_DIVISION, NULL,
                 "u-high");
  set_formation (f, "u-high", "u-high-f");
  g_free (gbacw_oob_find_formation (&f->s->oob, "u-brig")->parent);
  gbacw_oob_find_formation (&f->s->oob, "u-brig")->parent = g_strdup ("u-high-f");
  INF (f, "c-1", "confederate", 4, 3, "0108", "n");
  game = start_game (f);
  wound (game, "u-1", 1);
  g_assert_true (gbacw_bce_lost (game, formation_index (game, "u-brig")));
  unit_of (game, "u-1")->status |= GBACW_STATUS_ROUTED;
  goto_phase (game, GBACW_PHASE_AMMUNITION_RESUPPLY, 0);
  gbacw_dice_force (game->dice, dice, n);
  end_phase (game);
  return game;
}

/* C 28.12: "Army commanders automatically rally any unit of a brigade which has reached BCE
 * (i.e., there is no rally die-roll)": stacked with the army commander, u-1 rallies though
 * every die is a 6; stacked with a division commander it rolls (C 25.13, at -1) and a 6 keeps
 * it routed. */
static void
test_c_28_12_army_commander_rallies (void)
{
  static const int dice[] = { 6, 6, 6, 6 };

  {
    g_autoptr (Fixture) f = fixture_new (3, 8);
    g_autoptr (GbacwGame) game = routed_with (f, GBACW_LEADER_ARMY, dice, G_N_ELEMENTS (dice));
    g_assert_false (unit_of (game, "u-1")->status & GBACW_STATUS_ROUTED);
    g_assert_false (log_has (game, "C 25.13", NULL));
  }
  {
    g_autoptr (Fixture) f = fixture_new (3, 8);
    g_autoptr (GbacwGame) game = routed_with (f, GBACW_LEADER_DIVISION, dice, G_N_ELEMENTS (dice));
    g_assert_true (unit_of (game, "u-1")->status & GBACW_STATUS_ROUTED);
    g_assert_true (log_has (game, "C 25.13", "stays routed"));
  }
}

/* C 28.13, 28.22: "Army commander[s] ... [and] Division commanders are treated in all other ways
 * like regular commanders; that is, they affect melee strengths, may command units they are
 * stacked with, may rally routed units, aid melee initiation": stacked with u-1, an army or a
 * division commander spares it the C 22.2 check (every die a 6), adds 1 to its melee strength
 * (12.4); u-2, alone, gets no leader's point. */
static void
check_high_commander (GbacwLeaderRole role)
{
  g_autoptr (Fixture) f = fixture_new (5, 8);
  g_autoptr (GbacwGame) game = NULL;
  GbacwMeleeOdds odds, alone;

  add_corinth_gate (f, TRUE);
  INF (f, "u-1", "union", 3, 3, "0302", "s");
  INF (f, "u-2", "union", 3, 3, "0202", "s");
  LEADER (f, "u-high", "union", "0302");
  set_leader (f, "u-high", role, 4, 2, role == GBACW_LEADER_DIVISION ? 4 : GBACW_UNSET, 2);
  add_formation (f, "u-high-f", "union", role == GBACW_LEADER_ARMY ? GBACW_FORMATION_ARMY : GBACW_FORMATION_DIVISION, NULL,
                 "u-high");
  set_formation (f, "u-high", "u-high-f");
  INF (f, "c-1", "confederate", 3, 3, "0303", "n");
  LEADER (f, "c-ldr", "confederate", "0303");
  if (role == GBACW_LEADER_ARMY)
    add_exclusive (f, "corinth.army-commanders", "leaders", "u-high", NULL);
  game = melee_game_of (f, 0, 10);
  odds_of (game, "u-1", "0303", FALSE, &odds);
  odds_of (game, "u-2", "0303", FALSE, &alone);
  g_assert_cmpint (odds.attack_leader, ==, 1);
  g_assert_cmpint (alone.attack_leader, ==, 0);
  g_assert_true (gbacw_morale_with_leader (game, unit_index (game, "u-1")));
  declare_and_stand (game, "u-1", "0303", FALSE);
  gbacw_dice_force_list (game->dice, 6, 6, 6, 6, 6, 6, 0);
  apply_expect (game, melee_action (game, "u-1", "0303"), NULL);
  g_assert_false (log_has (game, "C 22.0", "Melee initiation"));
  g_assert_true (log_has (game, "12.0", "Melee at"));
}

static void
test_c_28_13_army_commander_regular (void)
{
  check_high_commander (GBACW_LEADER_ARMY);
}

static void
test_c_28_22_division_commander_regular (void)
{
  check_high_commander (GBACW_LEADER_DIVISION);
}

/* C 28.14: "Gen. Price ... cannot rally, aid, or in any way affect the units in Lovell's
 * division": stacked with Price, a regiment of Lovell's makes the C 22.2 check (a 6 fails it)
 * and he does not go into the melee with it (C 22.33); one of Maury's does not check. */
static void
test_c_28_14_price_does_not_aid_lovell (void)
{
  for (int lovell = 0; lovell < 2; lovell++)
    {
      g_autoptr (Fixture) f = fixture_new (5, 8);
      g_autoptr (GbacwGame) game = NULL;

      add_corinth_gate (f, TRUE);
      add_formation (f, "c-army", "confederate", GBACW_FORMATION_ARMY, NULL, "c-price");
      add_formation (f, "c-lovell-div", "confederate", GBACW_FORMATION_DIVISION, "c-army", NULL);
      add_formation (f, "c-maury-div", "confederate", GBACW_FORMATION_DIVISION, "c-army", NULL);
      add_formation (f, "c-brig", "confederate", GBACW_FORMATION_BRIGADE, lovell ? "c-lovell-div" : "c-maury-div", "c-b-ldr");
      INF (f, "c-1", "confederate", 3, 3, "0303", "n");
      INF (f, "c-2", "confederate", 3, 3, "0304", "n");
      LEADER (f, "c-b-ldr", "confederate", "0304");   /* its brigade commander, beside it: in command */
      set_leader (f, "c-b-ldr", GBACW_LEADER_BRIGADE, 3, 1, GBACW_UNSET, GBACW_UNSET);
      set_formation (f, "c-1 c-2 c-b-ldr", "c-brig");
      LEADER (f, "c-price", "confederate", "0303");
      set_leader (f, "c-price", GBACW_LEADER_ARMY, 4, 2, GBACW_UNSET, 2);
      set_formation (f, "c-price", "c-army");
      INF (f, "u-1", "union", 3, 3, "0302", "s");
      LEADER (f, "u-ldr", "union", "0302");
      add_exclusive (f, "corinth.army-commanders", "leaders", "c-price", "exclude", "c-price:c-lovell-div", NULL);
      game = melee_game_of (f, 1, 10);
      declare_and_stand (game, "c-1", "0302", FALSE);
      gbacw_dice_force_list (game->dice, 6, 6, 6, 6, 6, 6, 0);
      apply_expect (game, melee_action (game, "c-1", "0302"), NULL);
      g_assert_cmpint (log_has (game, "C 22.0", "Melee initiation: c-1 (c-1) rolls 6"), ==, lovell);
      g_assert_cmpint (log_has (game, "12.0", "Melee at"), ==, !lovell);
      g_assert_false (lovell && log_has (game, "C 22.33", "c-price"));
    }
}

/* C 28.13, 28.22 "may rally routed units": a routed regiment of a brigade with BCE stacked with
 * an army or a division commander rallies without a roll (13.52). */
static void
check_high_commander_rallies (GbacwLeaderRole role)
{
  g_autoptr (Fixture) f = fixture_new (3, 8);
  g_autoptr (GbacwGame) game = NULL;
  static const int dice[] = { 6, 6, 6, 6 };

  LEADER (f, "u-high", "union", "0101");
  set_leader (f, "u-high", role, 4, 2, role == GBACW_LEADER_DIVISION ? 4 : GBACW_UNSET, 2);
  add_formation (f, "u-high-f", "union", role == GBACW_LEADER_ARMY ? GBACW_FORMATION_ARMY : GBACW_FORMATION_DIVISION, NULL,
                 "u-high");
  set_formation (f, "u-high", "u-high-f");
  INF (f, "u-1", "union", 4, 3, "0101", "s");
  INF (f, "c-1", "confederate", 4, 3, "0108", "n");
  set_turns (f, 10, 11);
  game = start_game (f);
  unit_of (game, "u-1")->status |= GBACW_STATUS_ROUTED;
  goto_phase (game, GBACW_PHASE_AMMUNITION_RESUPPLY, 0);
  gbacw_dice_force (game->dice, dice, G_N_ELEMENTS (dice));
  end_phase (game);
  g_assert_false (unit_of (game, "u-1")->status & GBACW_STATUS_ROUTED);
  g_assert_true (log_has (game, "13.52", "u-1"));
}

static void
test_c_28_13_army_commander_rallies_as_others (void)
{
  check_high_commander_rallies (GBACW_LEADER_ARMY);
}

static void
test_c_28_22_division_commander_rallies (void)
{
  check_high_commander_rallies (GBACW_LEADER_DIVISION);
}

/* C 28.33: "Brigade and cavalry commanders are replaced by flipping their counters over (see
 * 17.81)": with the kits' leader-replacement (C 28.3), a brigade commander killed comes back in
 * the Final Command Phase, his counter turned over, placed with a unit of his brigade and
 * commanding it; the division commander is not touched. */
static void
test_c_28_33_brigade_commander_flipped (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 8);
  g_autoptr (GbacwGame) game = NULL;
  const GbacwDecision *d;
  int brigade;

  set_turns (f, 1, 8);
  LEADER (f, "u-div-ldr", "union", "0101");
  set_leader (f, "u-div-ldr", GBACW_LEADER_DIVISION, 4, 2, 4, 2);
  add_formation (f, "u-div", "union", GBACW_FORMATION_DIVISION, NULL, "u-div-ldr");
  set_formation (f, "u-div-ldr", "u-div");
  LEADER (f, "u-b-ldr", "union", "0102");
  set_leader (f, "u-b-ldr", GBACW_LEADER_BRIGADE, 2, 1, GBACW_UNSET, GBACW_UNSET);
  gbacw_oob_find_unit (&f->s->oob, "u-b-ldr")->rank = g_strdup ("colonel");
  add_formation (f, "u-b", "union", GBACW_FORMATION_BRIGADE, "u-div", "u-b-ldr");
  INF (f, "u-1", "union", 3, 3, "0102", "s");
  INF (f, "u-2", "union", 3, 3, "0106", "s");
  set_formation (f, "u-b-ldr u-1 u-2", "u-b");
  INF (f, "c-1", "confederate", 3, 3, "0308", "n");
  add_exclusive (f, "leader-replacement", "rank-order", "colonel brigadier-general major-general general", "promoted-cp",
                 "1", "never-replaced", "army", "case", "C 28.3", NULL);
  game = start_game (f);
  brigade = formation_index (game, "u-b");
  gbacw_leadership_leader_lost (game, unit_index (game, "u-b-ldr"), GBACW_PRESENCE_KILLED);
  g_assert_cmpint (unit_of (game, "u-b-ldr")->hex, <, 0);
  goto_phase (game, GBACW_PHASE_FINAL_COMMAND, 0);
  end_phase (game);
  d = gbacw_game_decision (game);
  g_assert_nonnull (d);
  g_assert_cmpint (d->kind, ==, GBACW_DECISION_PLACE_LEADER);
  g_assert_true (gbacw_int_array_has (d->hexes, hex_of (f->s, "0106")));
  apply_expect (game, gbacw_action_new_answer_hex (hex_of (f->s, "0106")), NULL);
  g_assert_cmpint (game->formation_commander[brigade], ==, unit_index (game, "u-b-ldr"));
  g_assert_cmpint (unit_of (game, "u-b-ldr")->hex, ==, hex_of (f->s, "0106"));
  g_assert_cmpint (game->formation_commander[formation_index (game, "u-div")], ==, unit_index (game, "u-div-ldr"));
  g_assert_false (log_has (game, "17.83", "promoted"));
}

/* ------------------------------------------------------------------ C 30.33 */

/* C 30.33: "A 'unit' is immediately committed if ever attacked by Confederate units (fire or
 * melee)", with the Historical kit's reserves: fire at one regiment of Hamilton's division
 * commits the whole division (its regiment in another hex too), not Stanley's; a melee
 * announced against Stanley's regiment commits Stanley's. */
static void
test_c_30_33_committed_when_attacked (void)
{
  for (int melee = 0; melee < 2; melee++)
    {
      g_autoptr (Fixture) f = fixture_new (5, 10);
      g_autoptr (GbacwGame) game = NULL;

      set_turns (f, 3, 4);
      add_formation (f, "u-hamilton-div", "union", GBACW_FORMATION_DIVISION, NULL, NULL);
      add_formation (f, "u-ham-b1", "union", GBACW_FORMATION_BRIGADE, "u-hamilton-div", NULL);
      add_formation (f, "u-ham-b2", "union", GBACW_FORMATION_BRIGADE, "u-hamilton-div", NULL);
      add_formation (f, "u-stanley-div", "union", GBACW_FORMATION_DIVISION, NULL, NULL);
      INF (f, "u-ham-1", "union", 4, 3, "0302", "s");
      INF (f, "u-ham-2", "union", 4, 3, "0108", "s");
      INF (f, "u-stan-1", "union", 4, 3, "0502", "s");
      set_formation (f, "u-ham-1", "u-ham-b1");
      set_formation (f, "u-ham-2", "u-ham-b2");
      set_formation (f, "u-stan-1", "u-stanley-div");
      INF (f, "c-1", "confederate", 4, 4, melee ? "0503" : "0304", "n");
      LEADER (f, "c-ldr", "confederate", melee ? "0503" : "0304");
      add_exclusive (f, "reserves", "formations", "u-hamilton-div u-stanley-div", "forbid", "move formation offensive-fire",
                     "release-on", "attacked", "commit-from", "6", "commit-tries", "2", "commit-roll", "1",
                     "commit-roll.u-hamilton-div", "1-2", "commit-at-will", "15", "case", "C 30.3", NULL);
      game = start_game (f);
      g_assert_true (gbacw_reserves_held (game, unit_index (game, "u-ham-1")));
      g_assert_true (gbacw_reserves_held (game, unit_index (game, "u-ham-2")));
      g_assert_true (gbacw_reserves_held (game, unit_index (game, "u-stan-1")));
      if (!melee)
        {
          goto_phase (game, GBACW_PHASE_OFFENSIVE_FIRE, 1);
          gbacw_dice_force_list (game->dice, 4, 4, 4, 4, 0);
          apply_expect (game, fire1 (game, "0302", "c-1", 0), NULL);
          answer_all (game, NULL);
          g_assert_false (gbacw_reserves_held (game, unit_index (game, "u-ham-1")));
          g_assert_false (gbacw_reserves_held (game, unit_index (game, "u-ham-2")));
          g_assert_true (gbacw_reserves_held (game, unit_index (game, "u-stan-1")));
        }
      else
        {
          goto_phase (game, GBACW_PHASE_RETREAT_BEFORE_MELEE, 1);
          gbacw_dice_force_list (game->dice, 1, 1, 1, 1, 1, 1, 0);
          apply_expect (game, declare (game, "c-1", "0502", FALSE), NULL);
          stand_all (game);
          end_phase (game);
          g_assert_cmpint (game->phase, ==, GBACW_PHASE_MELEE);
          apply_expect (game, melee_action (game, "c-1", "0502"), NULL);
          answer_all (game, NULL);
          g_assert_false (gbacw_reserves_held (game, unit_index (game, "u-stan-1")));
          g_assert_true (gbacw_reserves_held (game, unit_index (game, "u-ham-1")));
        }
      g_assert_true (log_has (game, "C 30.3", melee ? "u-stanley-div is released from reserve: u-stan-1 (u-stan-1) was attacked in melee"
                                                  : "u-hamilton-div is released from reserve: u-ham-1 (u-ham-1) was fired on"));
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/exclusive/C-22.31-engaged-retreat-without-check", test_c_22_31_engaged_retreat_without_check);
  g_test_add_func ("/engine/exclusive/C-22.32-charged-infantry-may-not-retreat", test_c_22_32_charged_infantry_may_not_retreat);
  g_test_add_func ("/engine/exclusive/C-22.32-mounted-cavalry-checks-against-a-charge",
                   test_c_22_32_mounted_cavalry_checks_against_a_charge);
  g_test_add_func ("/engine/exclusive/C-22.34-advance-without-check", test_c_22_34_advance_without_check);
  g_test_add_func ("/engine/exclusive/C-22.35-stacking-of-the-defending-hex", test_c_22_35_stacking_of_the_defending_hex);
  g_test_add_func ("/engine/exclusive/C-23.32-town-no-melee-effect", test_c_23_32_town_no_melee_effect);
  g_test_add_func ("/engine/exclusive/C-23.33-town-25-feet", test_c_23_33_town_25_feet);
  g_test_add_func ("/engine/exclusive/C-23.34-town-two-columns-left", test_c_23_34_town_two_columns_left);
  g_test_add_func ("/engine/exclusive/C-25.11-morale-plus-one", test_c_25_11_morale_plus_one);
  g_test_add_func ("/engine/exclusive/C-25.12-no-melee-initiation-but-engaged", test_c_25_12_no_melee_initiation_but_engaged);
  g_test_add_func ("/engine/exclusive/C-25.21-routed-three-hexes", test_c_25_21_routed_three_hexes);
  g_test_add_func ("/engine/exclusive/C-25.22-pinned-stay-pinned", test_c_25_22_pinned_stay_pinned);
  g_test_add_func ("/engine/exclusive/C-25.24-unable-to-retreat-captured", test_c_25_24_unable_to_retreat_captured);
  g_test_add_func ("/engine/exclusive/C-25.3-artillery-unaffected", test_c_25_3_artillery_unaffected);
  g_test_add_func ("/engine/exclusive/C-25.26-computer-batteries", test_c_25_26_computer_batteries);
  g_test_add_func ("/engine/exclusive/P-24.33-computer-batteries", test_p_24_33_computer_batteries);
  g_test_add_func ("/engine/exclusive/C-25.23-withdrawal-fire-rolled", test_c_25_23_withdrawal_fire_rolled);
  g_test_add_func ("/engine/exclusive/P-24.34-withdrawal-fire-rolled", test_p_24_34_withdrawal_fire_rolled);
  g_test_add_func ("/engine/exclusive/C-26.21-eligible-regiments", test_c_26_21_eligible_regiments);
  g_test_add_func ("/engine/exclusive/C-26.25-independent-kill-box", test_c_26_25_independent_kill_box);
  g_test_add_func ("/engine/exclusive/C-26.26-never-original-strength", test_c_26_26_never_original_strength);
  g_test_add_func ("/engine/exclusive/C-26.27-no-batteries-or-wagons", test_c_26_27_no_batteries_or_wagons);
  g_test_add_func ("/engine/exclusive/C-26.31-two-limits", test_c_26_31_two_limits);
  g_test_add_func ("/engine/exclusive/C-28.12-army-commander-rallies", test_c_28_12_army_commander_rallies);
  g_test_add_func ("/engine/exclusive/C-28.13-army-commander-regular", test_c_28_13_army_commander_regular);
  g_test_add_func ("/engine/exclusive/C-28.13-army-commander-rallies-as-others", test_c_28_13_army_commander_rallies_as_others);
  g_test_add_func ("/engine/exclusive/C-28.14-price-does-not-aid-lovell", test_c_28_14_price_does_not_aid_lovell);
  g_test_add_func ("/engine/exclusive/C-28.22-division-commander-regular", test_c_28_22_division_commander_regular);
  g_test_add_func ("/engine/exclusive/C-28.22-division-commander-rallies", test_c_28_22_division_commander_rallies);
  g_test_add_func ("/engine/exclusive/C-28.33-brigade-commander-flipped", test_c_28_33_brigade_commander_flipped);
  g_test_add_func ("/engine/exclusive/C-30.33-committed-when-attacked", test_c_30_33_committed_when_attacked);
  return g_test_run ();
}
