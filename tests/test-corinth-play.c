/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-corinth-play.c: what a player may ask for and how the Confederates arrive at Corinth:
 * rapid fire (C 24.1) and double shot (J 21.4) as the engine offers them (its answer per
 * firer, the legal-actions listing), mounted cavalry held off the map (C 29.27), the
 * Historical's fixed arrival (C 30.2) and the solitaire entry (C 29.5) on the kit. */
#define G_LOG_DOMAIN "test-corinth-play"

#include "test-engine-fixture.c"
#include "test-corinth-kit.c"

#include "gbacw-ai.h"
#include "gbacw-fire.h"
#include "gbacw-legal.h"
#include "gbacw-movement.h"

/* ------------------------------------------------------------------ C 24.1, J 21.4 */

/* A Union battery (2 guns of weapon) unlimbered at 0303 facing south; Confederate
 * regiments at 0304 (adjacent) and 0307 (four hexes off); rule: the exclusive rule
 * enabled (NULL: none); at the Union Offensive Fire Phase. */
static GbacwGame *
battery_game (Fixture *f, const char *weapon, const char *rule)
{
  GbacwGame *game;

  add_unit (f, "u-bty", "union", GBACW_UNIT_ARTILLERY, 2, 3, weapon, "0303", GBACW_FORMATION_STATE_UNLIMBERED, "s");
  INF (f, "u-reg", "union", 4, 3, "0203", "s");
  INF (f, "c-near", "confederate", 4, 3, "0304", "n");
  INF (f, "c-far", "confederate", 4, 3, "0307", "n");
  if (rule)
    add_exclusive (f, rule, NULL);
  game = start_game (f);
  goto_phase (game, GBACW_PHASE_OFFENSIVE_FIRE, 0);
  return game;
}

/* The FIRE actions of the listing by unit at target, counted by option. */
static void
count_listed (GPtrArray *list, int unit, int target, guint *plain, guint *rapid, guint *double_shot)
{
  *plain = *rapid = *double_shot = 0;
  for (guint i = 0; i < list->len; i++)
    {
      const GbacwAction *a = g_ptr_array_index (list, i);
      const GbacwFirer *f;
      if (a->kind != GBACW_ACTION_FIRE || a->fire.target != target || a->fire.firers->len != 1)
        continue;
      f = &g_array_index (a->fire.firers, GbacwFirer, 0);
      if (f->unit != unit)
        continue;
      if (f->rapid)
        (*rapid)++;
      else if (f->double_shot)
        (*double_shot)++;
      else
        (*plain)++;
    }
}

/* C 24.1, 24.11: the engine says a battery of L guns may rapid-fire at the adjacent
 * regiment and not at the one four hexes off (the module's refusal, C 24.11), and lists the
 * rapid fire beside the plain one; infantry is never offered it. */
static void
test_rapid_fire_offered (void)
{
  g_autoptr (Fixture) f = fixture_new (6, 8);
  g_autoptr (GbacwGame) game = battery_game (f, "L", "corinth.rapid-fire");
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) list = NULL;
  int bty = unit_index (game, "u-bty"), near = hex_of (f->s, "0304"), far = hex_of (f->s, "0307");
  guint plain, rapid, ds;

  if (!gbacw_fire_rapid_allowed (game, bty, near, &error))
    g_error ("%s", error->message);
  g_assert_false (gbacw_fire_rapid_allowed (game, bty, far, &error));
  g_assert_nonnull (error);
  if (!g_str_has_prefix (error->message, "[C 24.11]"))
    g_error ("%s", error->message);
  g_clear_error (&error);
  g_assert_false (gbacw_fire_rapid_allowed (game, unit_index (game, "u-reg"), near, &error));
  g_assert_true (g_str_has_prefix (error->message, "[C 24.1]"));

  list = gbacw_game_legal_actions (game, GBACW_LEGAL_FIRES, -1);
  count_listed (list, bty, near, &plain, &rapid, &ds);
  g_assert_cmpuint (plain, ==, 1);
  g_assert_cmpuint (rapid, ==, 1);
  g_assert_cmpuint (ds, ==, 0);
  count_listed (list, bty, far, &plain, &rapid, &ds);
  g_assert_cmpuint (plain, ==, 1);   /* it may fire there, but not rapidly */
  g_assert_cmpuint (rapid, ==, 0);
  count_listed (list, unit_index (game, "u-reg"), near, &plain, &rapid, &ds);
  g_assert_cmpuint (rapid, ==, 0);
}

/* C 24.1: without corinth.rapid-fire no one may rapid-fire (nothing listed); with it, a PA
 * battery may not (24.1: L, N, HA, HB, HC only); a battery whose guns are fouled (a
 * fouling die of 6) is refused it by the module ("its guns are fouled"). */
static void
test_rapid_fire_refused (void)
{
  {
    g_autoptr (Fixture) f = fixture_new (6, 8);
    g_autoptr (GbacwGame) game = battery_game (f, "L", NULL);
    g_autoptr (GPtrArray) list = gbacw_game_legal_actions (game, GBACW_LEGAL_FIRES, -1);
    guint plain, rapid, ds;

    g_assert_false (gbacw_fire_rapid_allowed (game, unit_index (game, "u-bty"), hex_of (f->s, "0304"), NULL));
    count_listed (list, unit_index (game, "u-bty"), hex_of (f->s, "0304"), &plain, &rapid, &ds);
    g_assert_cmpuint (plain, ==, 1);
    g_assert_cmpuint (rapid + ds, ==, 0);
  }
  {
    g_autoptr (Fixture) f = fixture_new (6, 8);
    g_autoptr (GbacwGame) game = battery_game (f, "PA", "corinth.rapid-fire");
    g_autoptr (GError) error = NULL;
    g_assert_false (gbacw_fire_rapid_allowed (game, unit_index (game, "u-bty"), hex_of (f->s, "0304"), &error));
    g_assert_true (g_str_has_prefix (error->message, "[C 24.1]"));
  }
  {
    g_autoptr (Fixture) f = fixture_new (6, 8);
    g_autoptr (GbacwGame) game = battery_game (f, "L", "corinth.rapid-fire");
    g_autoptr (GError) error = NULL;
    GbacwFirer firer = { .unit = unit_index (game, "u-bty"), .strength = 0, .direction = -1, .rapid = TRUE };

    gbacw_dice_force_list (game->dice, 3, 6, 0);   /* the fire's die, then the fouling die 6 */
    apply_expect (game, gbacw_action_new_fire (hex_of (f->s, "0304"), &firer, 1), NULL);
    g_assert_true (log_has (game, "C 24.1", "its guns are fouled"));
    g_assert_false (gbacw_fire_rapid_allowed (game, firer.unit, hex_of (f->s, "0304"), &error));
    g_assert_nonnull (strstr (error->message, "fouled"));
  }
}

/* J 21.4: under jackson.double-shot a smoothbore (L) battery is listed firing double shot at
 * the adjacent regiment, not at four hexes (beyond 2), and a PA one never; the
 * engine's own answer (gbacw_fire_double_shot_allowed) agrees. */
static void
test_double_shot_listed (void)
{
  {
    g_autoptr (Fixture) f = fixture_new (6, 8);
    g_autoptr (GbacwGame) game = battery_game (f, "L", "jackson.double-shot");
    g_autoptr (GPtrArray) list = gbacw_game_legal_actions (game, GBACW_LEGAL_FIRES, -1);
    int bty = unit_index (game, "u-bty");
    guint plain, rapid, ds;

    count_listed (list, bty, hex_of (f->s, "0304"), &plain, &rapid, &ds);
    g_assert_cmpuint (plain, ==, 1);
    g_assert_cmpuint (ds, ==, 1);
    g_assert_cmpuint (rapid, ==, 0);   /* no C 24.1 here */
    count_listed (list, bty, hex_of (f->s, "0307"), &plain, &rapid, &ds);
    g_assert_cmpuint (plain, ==, 1);
    g_assert_cmpuint (ds, ==, 0);
    g_assert_true (gbacw_fire_double_shot_allowed (game, bty, 1, FALSE));
    g_assert_false (gbacw_fire_double_shot_allowed (game, bty, 4, FALSE));
  }
  {
    g_autoptr (Fixture) f = fixture_new (6, 8);
    g_autoptr (GbacwGame) game = battery_game (f, "PA", "jackson.double-shot");
    g_autoptr (GPtrArray) list = gbacw_game_legal_actions (game, GBACW_LEGAL_FIRES, -1);
    guint plain, rapid, ds;

    count_listed (list, unit_index (game, "u-bty"), hex_of (f->s, "0304"), &plain, &rapid, &ds);
    g_assert_cmpuint (plain, ==, 1);
    g_assert_cmpuint (ds, ==, 0);
  }
}

/* ------------------------------------------------------------------ C 29.27 */

static char *
choices_of (GbacwGame *game)
{
  const GbacwDecision *d = gbacw_game_decision (game);
  GString *out = g_string_new (NULL);

  g_assert_nonnull (d);
  g_assert_cmpint (d->kind, ==, GBACW_DECISION_EXCLUSIVE_CHOICE);
  for (guint i = 0; i < d->choices->len; i++)
    g_string_append_printf (out, "%s%s", i ? ", " : "", (const char *) g_ptr_array_index (d->choices, i));
  return g_string_free (out, FALSE);
}

static void
choose (GbacwGame *game, const char *expected, int index)
{
  g_autofree char *offered = choices_of (game);

  if (g_strcmp0 (offered, expected) != 0)
    g_error ("offered “%s”, not “%s”", offered, expected);
  apply_expect (game, gbacw_action_new_answer_unit (index), NULL);
}

/* Two Confederate divisions through Area a (0101 0201): c-div-1 (two regiments and the
 * mounted c-cav) on Game-Turn 1, c-div-2 (one regiment) on Game-Turn 2; hold: the
 * hold-cavalry parameter. An exit area at 0101 0201 (so that only C 29.27 may refuse an
 * exit there). */
static GbacwGame *
held_cavalry_game (Fixture *f, const char *hold)
{
  GbacwGame *game;

  INF (f, "u-1", "union", 4, 3, "0606", "n");
  INF (f, "c-1", "confederate", 2, 3, "0101", "s");
  INF (f, "c-2", "confederate", 2, 3, "0101", "s");
  add_unit (f, "c-cav", "confederate", GBACW_UNIT_CAVALRY, 2, 3, "C", "0101", GBACW_FORMATION_STATE_MOUNTED, "s");
  INF (f, "c-4", "confederate", 2, 3, "0101", "s");
  add_formation (f, "c-div-1", "confederate", GBACW_FORMATION_DIVISION, NULL, NULL);
  add_formation (f, "c-div-2", "confederate", GBACW_FORMATION_DIVISION, NULL, NULL);
  set_formation (f, "c-1 c-2 c-cav", "c-div-1");
  set_formation (f, "c-4", "c-div-2");
  reinforce (f, "c-1 c-2", 1, "0101", GBACW_FORMATION_STATE_LINE);
  reinforce (f, "c-cav", 1, "0101", GBACW_FORMATION_STATE_MOUNTED);
  reinforce (f, "c-4", 1, "0101", GBACW_FORMATION_STATE_LINE);
  add_area (f, "a", GBACW_AREA_ASSAULT, "confederate", "0101 0201");
  add_area (f, "x", GBACW_AREA_EXIT, "confederate", "0101 0201");
  g_free (f->s->turns.first_player);
  f->s->turns.first_player = g_strdup ("confederate");
  add_exclusive (f, "corinth.assault-areas", "divisions", "c-div-1 c-div-2", "areas", "a", "last-turn", "3", "reluctant",
                 "no", "hold-cavalry", hold, NULL);
  game = start_game (f);
  choose (game, "Game-Turn 1, Game-Turn 2, Game-Turn 3", 0);
  choose (game, "a", 0);
  choose (game, "Game-Turn 1, Game-Turn 2, Game-Turn 3", 1);
  choose (game, "a", 0);
  goto_phase (game, GBACW_PHASE_MOVEMENT, 1);
  apply_expect (game, move_action (game, "c-1", "0101"), NULL);
  apply_expect (game, move_action (game, "c-2", "0201"), NULL);
  return game;
}

/* C 29.27: c-div-1's mounted cavalry stays off the map when its division enters on
 * Game-Turn 1; it is no unit "left over" (29.32): c-div-2 enters through the same Area on
 * Game-Turn 2; the cavalry enters through its division's Area on Game-Turn 3 (any later
 * Confederate Movement Phase), and once in may not leave the map again. With hold-cavalry
 * "no" the cavalry is left over and keeps c-div-2 out (29.32). */
static void
test_held_cavalry (void)
{
  {
    g_autoptr (Fixture) f = fixture_new (6, 6);
    g_autoptr (GbacwGame) game = held_cavalry_game (f, "yes");
    g_autoptr (GbacwAction) exit = NULL;
    g_autoptr (GError) error = NULL;
    g_autoptr (GArray) entries = NULL;
    int cav = unit_index (game, "c-cav");

    advance_to_phase (game, 2, GBACW_PHASE_MOVEMENT, 1);
    apply_expect (game, move_action (game, "c-4", "0101"), NULL);
    advance_to_phase (game, 3, GBACW_PHASE_MOVEMENT, 1);
    g_assert_cmpint (unit_of (game, "c-cav")->presence, ==, GBACW_PRESENCE_NOT_ARRIVED);
    entries = gbacw_movement_entry_hexes (game, cav, NULL);
    g_assert_cmpuint (entries->len, ==, 2);   /* the Area's two hexes (29.25) */
    apply_expect (game, move_action (game, "c-cav", "0201"), NULL);
    g_assert_cmpint (unit_of (game, "c-cav")->hex, ==, hex_of (f->s, "0201"));
    exit = gbacw_action_new_exit (&cav, 1);
    g_assert_false (gbacw_game_check_action (game, exit, &error));
    if (!g_str_has_prefix (error->message, "[C 29.27]"))
      g_error ("%s", error->message);
  }
  {
    g_autoptr (Fixture) f = fixture_new (6, 6);
    g_autoptr (GbacwGame) game = held_cavalry_game (f, "no");

    advance_to_phase (game, 2, GBACW_PHASE_MOVEMENT, 1);
    apply_expect (game, move_action (game, "c-4", "0101"), "C 29.32");
  }
}

/* A Confederate division c-div-1 (the regiment c-1 and the mounted c-cav, their group
 * entering at 0201 on Game-Turn 1) through the Assault Areas areas (area-a: 0101 0201 0301,
 * and any other the caller adds), the Union's u-1 on enemy, retreats toward the Area of
 * arrival (C 27.1) and, with reenter, back onto the map through a held cavalry (27.3). */
static void
assault_division (Fixture *f, gboolean reenter, const char *areas, const char *enemy)
{
  add_area (f, "corinth", GBACW_AREA_TOWN, NULL, "0909 0910 1010");
  add_area (f, "area-a", GBACW_AREA_ASSAULT, NULL, "0101 0201 0301");
  add_exclusive (f, "retreat-direction", "method", "toward", "target.union", "corinth", "fallback.union", "1010",
                 "target.confederate", "arrival", "off-map", "eliminate", "reenter", reenter ? "yes" : "no", "case",
                 "C 27.1", NULL);
  INF (f, "c-1", "confederate", 4, 4, "0203", "s");
  add_unit (f, "c-cav", "confederate", GBACW_UNIT_CAVALRY, 3, 4, "C", "0101", GBACW_FORMATION_STATE_MOUNTED, "s");
  INF (f, "u-1", "union", 4, 4, enemy, "n");
  add_formation (f, "c-div-1", "confederate", GBACW_FORMATION_DIVISION, NULL, NULL);
  set_formation (f, "c-1 c-cav", "c-div-1");
  reinforce (f, "c-1", 1, "0201", GBACW_FORMATION_STATE_LINE);
  reinforce (f, "c-cav", 1, "0201", GBACW_FORMATION_STATE_MOUNTED);
  g_free (f->s->turns.first_player);
  f->s->turns.first_player = g_strdup ("confederate");
  add_exclusive (f, "corinth.assault-areas", "divisions", "c-div-1", "areas", areas, "reluctant", "no", NULL);
}

/* C 27.1, 27.3 with 29.27: c-1's group enters at 0201 (Area a) as the kit would have it, but
 * the plan sends its division through Area b (0601 0701 0801): it enters at 0601 and, routed
 * from 0603, retreats toward b (the Area it arrived through, not its group's a) and off the
 * map there, where the division's mounted cavalry is held (its entry is b's by the plan):
 * it may enter again. */
static void
test_held_cavalry_takes_back_the_routed (void)
{
  g_autoptr (Fixture) f = fixture_new (10, 10);
  g_autoptr (GbacwGame) game = NULL;
  g_autofree char *from = NULL;

  assault_division (f, TRUE, "area-a area-b", "0606");
  add_area (f, "area-b", GBACW_AREA_ASSAULT, NULL, "0601 0701 0801");   /* the map's third area */
  game = start_game (f);
  choose (game, "Game-Turn 1", 0);   /* 29.21: the only division enters on Game-Turn 1 */
  choose (game, "area-a, area-b", 1);
  goto_phase (game, GBACW_PHASE_MOVEMENT, 1);
  apply_expect (game, move_action (game, "c-1", "0201"), "C 29.25");
  apply_expect (game, move_action (game, "c-1", "0601 0602 0603"), NULL);
  rout (game, "c-1");
  first_paths (game);
  g_assert_cmpint (unit_of (game, "c-1")->presence, ==, GBACW_PRESENCE_NOT_ARRIVED);
  g_assert_cmpint (unit_of (game, "c-1")->strength, ==, 4);
  g_assert_true (log_has (game, "C 27.3", "enter again"));
  for (guint i = 0; i < game->events->len; i++)
    {
      const GbacwEvent *e = g_ptr_array_index (game->events, i);
      if (g_strcmp0 (e->rule_case, "C 27.3") == 0 && strstr (e->text, "off the map from "))
        from = g_strndup (strstr (e->text, "off the map from ") + strlen ("off the map from "), 4);
    }
  g_assert_nonnull (from);
  g_assert_true (gbacw_area_contains (g_ptr_array_index (f->s->map->areas, 2), hex_of (f->s, from)));
}

/* C 29.27 with 27.3 for the computer player: c-div-1 (c-1 and the mounted c-cav) enters
 * through Area a on Game-Turn 1; with reenter (a held cavalry unit lets the routed enter
 * again, 27.3) the computer enters c-1 and holds c-cav back, a way back for c-1; without
 * it (27.1: off the map is eliminated whatever is held) it enters both. */
static void
test_computer_holds_cavalry (void)
{
  for (int reenter = 0; reenter <= 1; reenter++)
    {
      g_autoptr (Fixture) f = fixture_new (10, 10);
      g_autoptr (GbacwGame) game = NULL;
      g_autoptr (GbacwAi) confederate = NULL;

      assault_division (f, reenter, "area-a", "0808");
      game = start_game (f);
      choose (game, "Game-Turn 1", 0);
      choose (game, "area-a", 0);
      goto_phase (game, GBACW_PHASE_MOVEMENT, 1);
      confederate = gbacw_ai_new (game, 1);
      while (game->phase == GBACW_PHASE_MOVEMENT && game->turn == 1)
        {
          g_autoptr (GError) error = NULL;
          if (!gbacw_ai_step (confederate, game, NULL, &error))
            g_error ("%s", error ? error->message : "the computer player did nothing");
        }
      g_assert_cmpint (unit_of (game, "c-1")->hex, >=, 0);
      g_assert_cmpint (unit_of (game, "c-cav")->presence, ==,
                       reenter ? GBACW_PRESENCE_NOT_ARRIVED : GBACW_PRESENCE_ON_MAP);
    }
}

/* The unit's entry hexes now, as labels joined by spaces. */
static char *
entry_labels (GbacwGame *game, const char *unit)
{
  g_autoptr (GArray) hexes = gbacw_movement_entry_hexes (game, unit_index (game, unit), NULL);
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < hexes->len; i++)
    {
      g_autofree char *label = gbacw_game_hex_label (game, g_array_index (hexes, int, i));
      g_string_append_printf (out, "%s%s", i ? " " : "", label);
    }
  return g_string_free (out, FALSE);
}

/* C 29.26: in the secret plot, after the divisions' Game-Turns and Areas, the player is
 * asked with which of the divisions `with` allows a unit enters (its group's first); sent
 * with c-div-2 (Area b), c-ldr, of c-div-1's group, enters through b only; the choice is
 * not logged (29.2: secret). */
static void
test_plot_with (void)
{
  g_autoptr (Fixture) f = fixture_new (10, 10);
  g_autoptr (GbacwGame) game = NULL;
  g_autofree char *entries = NULL;
  const GbacwDecision *d;

  INF (f, "u-1", "union", 4, 3, "0909", "n");
  INF (f, "c-1", "confederate", 2, 3, "0101", "s");
  INF (f, "c-2", "confederate", 2, 3, "0101", "s");
  LEADER (f, "c-ldr", "confederate", "0101");
  add_formation (f, "c-div-1", "confederate", GBACW_FORMATION_DIVISION, NULL, NULL);
  add_formation (f, "c-div-2", "confederate", GBACW_FORMATION_DIVISION, NULL, NULL);
  set_formation (f, "c-1", "c-div-1");
  set_formation (f, "c-2", "c-div-2");
  reinforce (f, "c-1 c-ldr", 1, "0101", GBACW_FORMATION_STATE_LINE);
  reinforce (f, "c-2", 1, "0601", GBACW_FORMATION_STATE_LINE);
  add_area (f, "a", GBACW_AREA_ASSAULT, "confederate", "0101 0201");
  add_area (f, "b", GBACW_AREA_ASSAULT, "confederate", "0601 0701");
  g_free (f->s->turns.first_player);
  f->s->turns.first_player = g_strdup ("confederate");
  add_exclusive (f, "corinth.assault-areas", "divisions", "c-div-1 c-div-2", "areas", "a b", "last-turn", "2", "reluctant",
                 "no", "with", "c-ldr:c-div-1|c-div-2", NULL);
  game = start_game (f);
  choose (game, "Game-Turn 1, Game-Turn 2", 0);
  choose (game, "a, b", 0);
  choose (game, "Game-Turn 1, Game-Turn 2", 0);
  choose (game, "b", 0);   /* 29.21: not a's, used by c-div-1 on Game-Turn 1 */
  d = gbacw_game_decision (game);
  g_assert_nonnull (d);
  g_assert_cmpstr (d->rule_case, ==, "C 29.26");
  choose (game, "c-div-1, c-div-2", 1);
  g_assert_false (log_has (game, NULL, "enters with"));
  goto_phase (game, GBACW_PHASE_MOVEMENT, 1);
  entries = entry_labels (game, "c-ldr");
  g_assert_cmpstr (entries, ==, "0601 0701");
  apply_expect (game, move_action (game, "c-ldr", "0101"), "C 29.25");
}

/* ------------------------------------------------------------------ C 30.2 */

/* Plays the computer for both sides up to the first open question of corinth.assault-areas
 * (C 30.2), or the Confederate Movement Phase of Game-Turn 3 when there is none. */
static gboolean
stop_at_arrival (GbacwGame *game, const GbacwAction *action, gpointer user_data)
{
  const GbacwDecision *d = gbacw_game_decision (game);

  if (d && g_strcmp0 (d->rule_case, "C 30.2") == 0)
    return FALSE;
  return !(game->turn >= 3 && game->phase == GBACW_PHASE_MOVEMENT && game->phasing_side == 1);
}

/* C 30.2: the Historical kit plays the fixed arrival: nothing of the Confederates before
 * Game-Turn 3; then, when their Movement Phase begins, the player is asked with which
 * division Price (Maury or Hebert), Van Dorn (any of the three), each independent battery and
 * the reserve wagon (any) enter, the division of their own group offered first; answered,
 * each enters through that division's Area (here its group's stand-in entry hex: the
 * Areas C-E have no hexes entered); Lovell's division only through its own (Area E). */
static void
test_historical_arrival (void)
{
  g_autoptr (GbacwScenario) s = corinth_kit_with_stand_ins ("corinth-historical.xml");
  g_autoptr (GbacwGame) game = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *lovell = NULL, *price = NULL, *hoxton = NULL;
  const char *expected[] = {
    "Hebert's Division, Maury's Division",                       /* Price (his group: Hebert's) */
    "Hebert's Division, Maury's Division, Lovell's First Division (Army of the District of Mississippi)",
    "Maury's Division, Hebert's Division, Lovell's First Division (Army of the District of Mississippi)",
    "Maury's Division, Hebert's Division, Lovell's First Division (Army of the District of Mississippi)",
    "Maury's Division, Hebert's Division, Lovell's First Division (Army of the District of Mississippi)",
  };
  /* Price with Maury (1), Van Dorn with Lovell (2), Hoxton with Hebert (1), the others first */
  const int answers[] = { 1, 2, 1, 0, 0 };

  g_assert_nonnull (s);
  game = gbacw_game_new (s, 7, &error);
  g_assert_no_error (error);
  g_assert_false (log_has (game, NULL, "“corinth.assault-areas” is not played"));
  g_assert_cmpint (gbacw_ai_play (game, 3, 0, stop_at_arrival, NULL, &error), ==, GBACW_AI_PLAY_STOPPED);
  g_assert_no_error (error);
  g_assert_cmpint (game->turn, ==, 3);
  /* nothing of theirs entered before Game-Turn 3 */
  g_assert_cmpint (unit_of (game, "c-hebert")->presence, ==, GBACW_PRESENCE_NOT_ARRIVED);
  for (guint i = 0; i < G_N_ELEMENTS (answers); i++)
    {
      const GbacwDecision *d = gbacw_game_decision (game);
      g_assert_nonnull (d);
      g_assert_cmpstr (d->rule_case, ==, "C 30.2");
      choose (game, expected[i], answers[i]);
    }
  g_assert_true (log_has (game, "C 30.2", "Price (c-price) enters with Maury's Division"));
  g_assert_true (log_has (game, "C 30.2", "Van Dorn (c-van-dorn) enters with Lovell's First Division"));
  g_assert_true (log_has (game, "C 30.2", "Hoxton's Battery (c-hoxton-bty) enters with Hebert's Division"));
  lovell = entry_labels (game, "c-lovell");
  price = entry_labels (game, "c-price");
  hoxton = entry_labels (game, "c-hoxton-bty");
  g_assert_cmpstr (lovell, ==, "0110");    /* Area E's stand-in */
  g_assert_cmpstr (price, ==, "0801");     /* with Maury: Area D's stand-in */
  g_assert_cmpstr (hoxton, ==, "1801");    /* with Hebert: Area C's stand-in */
  {
    g_autofree char *van_dorn = entry_labels (game, "c-van-dorn");
    g_assert_cmpstr (van_dorn, ==, "0110");
  }
  apply_expect (game, move_action (game, "c-lovell", "0801"), "C 29.25");
}

/* C 30.2 played to the end: the Historical kit, computer against computer (its answers:
 * each unit with its own group's division), to Game-Turn 6: every division in. */
static void
test_historical_plays (void)
{
  g_autoptr (GbacwScenario) s = corinth_kit_with_stand_ins ("corinth-historical.xml");
  g_autoptr (GbacwGame) game = NULL;
  g_autoptr (GError) error = NULL;

  g_assert_nonnull (s);
  game = gbacw_game_new (s, 3, &error);
  g_assert_no_error (error);
  g_assert_cmpint (gbacw_ai_play (game, 3, 6, NULL, NULL, &error), ==, GBACW_AI_PLAY_TURN_LIMIT);
  g_assert_no_error (error);
  g_assert_true (log_has (game, "C 30.2", "Price (c-price) enters with Hebert's Division"));
  g_assert_true (log_has (game, "C 30.2", "Reserve supply wagon (c-reserve-wagon) enters with Maury's Division"));
  g_assert_cmpint (unit_of (game, "c-lovell")->presence, !=, GBACW_PRESENCE_NOT_ARRIVED);
  g_assert_false (log_has (game, NULL, "“corinth.assault-areas” is not played by this engine yet"));
}

/* ------------------------------------------------------------------ C 29.5 */

/* Sets every cell of chart's row (every row: NULL) to value (NULL: unknown, as the kit
 * ships it before the stand-ins). */
static void
fill_chart (GbacwScenario *s, const char *chart, const char *row, const char *value)
{
  GbacwChart *c = gbacw_scenario_find_chart (s, chart);

  g_assert_nonnull (c);
  for (guint r = 0; r < c->rows->len; r++)
    {
      GbacwChartRow *cr = g_ptr_array_index (c->rows, r);
      if (row != NULL && g_strcmp0 (cr->id, row) != 0)
        continue;
      for (guint k = 0; k < c->columns->len; k++)
        {
          gbacw_cell_clear (&cr->cells[k]);
          if (value == NULL)
            continue;
          cr->cells[k].value = g_strdup (value);
          cr->cells[k].status = GBACW_CELL_INVENTED;   /* the test's, not the mapsheet's */
        }
    }
}

static gboolean
stop_at_confederate_movement (GbacwGame *game, const GbacwAction *action, gpointer user_data)
{
  return !(game->phase == GBACW_PHASE_MOVEMENT && game->phasing_side == 1);
}

/* C 29.5: the solitaire kit plays corinth.solitaire (no "not played" line; it says the
 * entries are rolled); with its tables as shipped (every cell unknown) the log says so;
 * with cells entered the entry follows them: every die of Game-Turn 1 brings Maury and
 * Hebert (29.56: "1-6"), none Lovell (still "?"), every Area die gives B (29.57), the
 * second division of the Game-Turn the next Area free (C). */
static void
test_solitaire_tables (void)
{
  {
    g_autoptr (GbacwScenario) s = corinth_kit_with_stand_ins ("corinth-free-setup-solitaire.xml");
    g_autoptr (GbacwGame) game = NULL;
    g_autoptr (GError) error = NULL;

    g_assert_nonnull (s);
    /* the two tables as the kit has them: every cell unknown (not the stand-ins' "—") */
    fill_chart (s, "division-arrival", NULL, NULL);
    fill_chart (s, "area-determination", NULL, NULL);
    game = gbacw_game_new (s, 5, &error);
    g_assert_no_error (error);
    g_assert_false (log_has (game, NULL, "“corinth.solitaire” is not played by this engine yet"));
    g_assert_true (log_has (game, "C 29.5", "the Confederate entries are rolled"));
    g_assert_cmpint (gbacw_ai_play (game, 3, 0, stop_at_confederate_movement, NULL, &error), ==, GBACW_AI_PLAY_STOPPED);
    g_assert_true (log_has (game, "C 29.51", "enters first"));
    g_assert_true (log_has (game, "C 29.57", "not entered"));
    g_assert_true (log_has (game, "C 29.56", "not entered"));
  }
  {
    g_autoptr (GbacwScenario) s = corinth_kit_with_stand_ins ("corinth-free-setup-solitaire.xml");
    g_autoptr (GbacwGame) game = NULL;
    g_autoptr (GError) error = NULL;

    g_assert_nonnull (s);
    fill_chart (s, "division-arrival", "maury", "1-6");
    fill_chart (s, "division-arrival", "hebert", "1-6");
    fill_chart (s, "division-arrival", "lovell", NULL);
    fill_chart (s, "area-determination", NULL, "B");
    game = gbacw_game_new (s, 5, &error);
    g_assert_no_error (error);
    g_assert_cmpint (gbacw_ai_play (game, 3, 0, stop_at_confederate_movement, NULL, &error), ==, GBACW_AI_PLAY_STOPPED);
    g_assert_true (log_has (game, "C 29.51", "enters first"));
    g_assert_true (log_has (game, "C 29.56", "against 1-6: it enters"));
    g_assert_true (log_has (game, "C 29.56", "Lovell's First Division (Army of the District of Mississippi), Game-Turn 1: "
                                             "not entered"));
    g_assert_true (log_has (game, "C 29.57", "enters through Assault Area B"));
    g_assert_true (log_has (game, "C 29.57", "enters through Assault Area C"));
    g_assert_false (log_has (game, "C 29.57", "not entered"));
  }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/corinth/C-24.1/rapid-fire-offered-by-the-engine", test_rapid_fire_offered);
  g_test_add_func ("/corinth/C-24.1/rapid-fire-refused", test_rapid_fire_refused);
  g_test_add_func ("/jackson/J-21.4/double-shot-listed", test_double_shot_listed);
  g_test_add_func ("/corinth/C-29.26/plot-with", test_plot_with);
  g_test_add_func ("/corinth/C-29.27/held-cavalry", test_held_cavalry);
  g_test_add_func ("/corinth/C-29.27/held-cavalry-takes-back-the-routed", test_held_cavalry_takes_back_the_routed);
  g_test_add_func ("/corinth/C-29.27/computer-holds-cavalry", test_computer_holds_cavalry);
  g_test_add_func ("/corinth/C-30.2/historical-arrival", test_historical_arrival);
  g_test_add_func ("/corinth/C-30.2/historical-plays", test_historical_plays);
  g_test_add_func ("/corinth/C-29.5/solitaire-tables", test_solitaire_tables);
  return g_test_run ();
}
