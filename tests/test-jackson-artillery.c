/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-jackson-artillery.c: Jackson at the Crossroads' own rules for its units and
 * artillery (engine/rules/jackson/): sections (J 21.24-21.26), double shot (J 21.4),
 * abandoned guns (J 21.23, 21.27), company breakdown (J 20.2), opportunity fire (J 21.5),
 * and the melee restriction of dismounted cavalry (J 20.3, 21.6), each case on a small
 * position built in code with fixed dice, named after the case it plays; then the computer
 * playing them all. */
#define G_LOG_DOMAIN "test-jackson-artillery"

#include "test-engine-fixture.c"
#include "test-engine-soak.c"

#include "gbacw-fire.h"
#include "gbacw-game-private.h"
#include "gbacw-melee.h"
#include "gbacw-morale.h"
#include "gbacw-movement.h"

/* An unlimbered artillery section (J 21.2) of guns guns in hex. */
static void
add_section (Fixture *f, const char *id, const char *side, int guns, const char *weapon, const char *hex,
             const char *facing)
{
  GbacwUnit *u;

  add_unit (f, id, side, GBACW_UNIT_ARTILLERY, guns, 4, weapon, hex, GBACW_FORMATION_STATE_UNLIMBERED, facing);
  u = g_ptr_array_index (f->s->oob.units, f->s->oob.units->len - 1);
  u->flags |= GBACW_UNIT_FLAG_SECTION;
}

static void
add_sections_rule (Fixture *f)
{
  add_exclusive (f, "jackson.artillery-sections", NULL);
}

/* The units of ids (space-separated), each firing all it has (GbacwFirer). */
static GArray *
firers_of (GbacwGame *game, const char *ids)
{
  g_auto (GStrv) names = g_strsplit (ids, " ", -1);
  GArray *list = g_array_new (FALSE, FALSE, sizeof (GbacwFirer));

  for (guint i = 0; names[i]; i++)
    {
      GbacwFirer firer = { unit_index (game, names[i]), 0, -1, FALSE };
      g_array_append_val (list, firer);
    }
  return list;
}

/* The resolution of firers (all they have) at target, not applied. */
static GbacwFireResolution *
compute_fire (GbacwGame *game, const char *target, const char *firers)
{
  g_autoptr (GArray) list = firers_of (game, firers);
  g_autoptr (GError) error = NULL;
  GbacwFireResolution *res;

  res = gbacw_fire_compute (game, hex_of (game->scenario, target), (GbacwFirer *) list->data, list->len, &error);
  g_assert_no_error (error);
  g_assert_nonnull (res);
  return res;
}

static GbacwAction *
fire_all (GbacwGame *game, const char *target, const char *firers)
{
  g_autoptr (GArray) list = firers_of (game, firers);

  return gbacw_action_new_fire (hex_of (game->scenario, target), (GbacwFirer *) list->data, list->len);
}

/* ------------------------------------------------------------------ J 21.24 */

/* A Confederate section of 2 guns on 0303 facing north; a Union regiment of 4 SP adjacent
 * (0302) fires: 4 × 2 = 8 on the small-arms row (no density: 2 guns), a die of 5 gives a
 * loss of 1. */
static Fixture *
crew_fixture (gboolean module)
{
  Fixture *f = fixture_new (6, 8);

  add_section (f, "c-sec", "confederate", 2, "L", "0303", "n");
  INF (f, "u-1", "union", 4, 4, "0302", "s");
  if (module)
    add_sections_rule (f);
  return f;
}

/* J 21.24: a loss from small arms kills the section's whole crew: it is removed, its guns
 * eliminated; without the module 15.12 turns it to its half crew. */
static void
test_no_half_crew (void)
{
  for (int module = 0; module <= 1; module++)
    {
      g_autoptr (Fixture) f = crew_fixture (module);
      g_autoptr (GbacwGame) game = start_game (f);
      GbacwGameUnit *sec;

      goto_phase (game, GBACW_PHASE_OFFENSIVE_FIRE, 0);
      gbacw_dice_force_list (game->dice, 5, 1, 0);   /* the fire; the morale check */
      apply_expect (game, fire_all (game, "0303", "u-1"), NULL);
      g_assert_true (log_has (game, "9.0", "die 5: 1"));
      end_phase (game);
      hold_fire (game);
      first_paths (game);
      sec = unit_of (game, "c-sec");
      if (module)
        {
          g_assert_cmpint (sec->presence, ==, GBACW_PRESENCE_ELIMINATED);
          g_assert_cmpint (sec->guns, ==, 0);
          g_assert_cmpint (sec->killed, ==, 2);
          g_assert_true (log_has (game, "J 21.24", "whole crew"));
        }
      else
        {
          g_assert_cmpint (sec->presence, ==, GBACW_PRESENCE_ON_MAP);
          g_assert_cmpint (sec->crew, ==, GBACW_CREW_HALF);
          g_assert_false (log_has (game, "J 21.24", NULL));
        }
    }
}

/* ------------------------------------------------------------------ J 21.25 */

/* Two Union sections stacked on 0302 (A, 1 gun, on top; B, 2 guns); Confederate batteries
 * of 12 guns each (HB, ×1 at 4-5 hexes) at range range in column 03. */
static Fixture *
stack_fixture (gboolean module, const char *firer_hex)
{
  Fixture *f = fixture_new (6, 10);

  add_section (f, "u-a", "union", 1, "L", "0302", "s");
  add_section (f, "u-b", "union", 2, "L", "0302", "s");
  add_unit (f, "c-bat1", "confederate", GBACW_UNIT_ARTILLERY, 12, 4, "HB", firer_hex, GBACW_FORMATION_STATE_UNLIMBERED,
            "n");
  add_unit (f, "c-bat2", "confederate", GBACW_UNIT_ARTILLERY, 12, 4, "HB", firer_hex, GBACW_FORMATION_STATE_UNLIMBERED,
            "n");
  if (module)
    add_sections_rule (f);
  return f;
}

/* J 21.25: artillery from 4 hexes at a stack of sections rolls once, for the top section
 * (exception to 8.22); at 3 hexes, or without the module, 8.22 rolls for each. */
static void
test_top_section_only (void)
{
  struct { gboolean module; const char *firer; guint rolls; } cases[] = {
    { TRUE, "0306", 1 },    /* 4 hexes */
    { TRUE, "0305", 2 },    /* 3 hexes: 8.22 */
    { FALSE, "0306", 2 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (Fixture) f = stack_fixture (cases[i].module, cases[i].firer);
      g_autoptr (GbacwGame) game = start_game (f);
      g_autoptr (GbacwFireResolution) res = NULL;

      goto_phase (game, GBACW_PHASE_DEFENSIVE_FIRE, 0);
      res = compute_fire (game, "0302", "c-bat1 c-bat2");
      g_assert_cmpuint (res->rolls->len, ==, cases[i].rolls);
      g_assert_cmpint (g_array_index (res->rolls, GbacwFireRoll, 0).unit, ==, unit_index (game, "u-a"));
      g_assert_cmpint (res->per_unit, ==, cases[i].rolls > 1);
      g_assert_cmpint (res->top_only_case != NULL, ==, cases[i].rolls == 1);
    }
}

/* J 21.25: "If the top unit is eliminated, any excess losses must be taken from the
 * sections beneath it": 24 at 4 hexes (column 7, no density: 3 guns, J 21.26), a die of 6
 * gives 2*: the top section's one gun, then one of the two beneath. */
static void
test_excess_to_section_beneath (void)
{
  g_autoptr (Fixture) f = stack_fixture (TRUE, "0306");
  g_autoptr (GbacwGame) game = start_game (f);

  goto_phase (game, GBACW_PHASE_DEFENSIVE_FIRE, 0);
  gbacw_dice_force_list (game->dice, 6, 0);
  apply_expect (game, fire_all (game, "0302", "c-bat1 c-bat2"), NULL);
  g_assert_true (log_has (game, "9.0", "die 6: 2*"));
  end_phase (game);
  hold_fire (game);
  first_paths (game);
  g_assert_cmpint (unit_of (game, "u-a")->presence, ==, GBACW_PRESENCE_ELIMINATED);
  g_assert_cmpint (unit_of (game, "u-b")->guns, ==, 1);
  g_assert_cmpint (unit_of (game, "u-b")->killed, ==, 1);
  g_assert_true (log_has (game, "J 21.25", "excess losses fall on u-b"));
}

/* J 21.25: "Every section in the stack must check for rout if the top unit routs": 16 at
 * 4 hexes (column 6), a die of 1 gives R; the top section routs (6 against Morale 4) and
 * the section beneath checks (a 2: it stands), without a roll of its own on the Fire CRT. */
static void
test_top_section_rout_makes_the_rest_check (void)
{
  g_autoptr (Fixture) f = stack_fixture (TRUE, "0306");
  g_autoptr (GbacwGame) game = NULL;

  for (guint i = 0; i < f->s->oob.units->len; i++)
    {
      GbacwUnit *u = g_ptr_array_index (f->s->oob.units, i);
      if (g_str_has_prefix (u->id, "c-bat"))
        u->guns = 8;
    }
  game = start_game (f);
  goto_phase (game, GBACW_PHASE_DEFENSIVE_FIRE, 0);
  gbacw_dice_force_list (game->dice, 1, 6, 2, 0);
  apply_expect (game, fire_all (game, "0302", "c-bat1 c-bat2"), NULL);
  g_assert_true (log_has (game, "9.0", "die 1: R"));
  end_phase (game);
  g_assert_cmpint (gbacw_dice_n_forced (game->dice), ==, 0);
  g_assert_true (unit_of (game, "u-a")->status & GBACW_STATUS_ROUTED);
  g_assert_false (unit_of (game, "u-b")->status & GBACW_STATUS_ROUTED);
  g_assert_true (log_has (game, "13.21", "Morale check for u-b"));
}

/* ------------------------------------------------------------------ J 21.26 */

/* A Union regiment of 4 SP on 0302 with artillery of guns_a and guns_b guns (sections, or
 * batteries when !sections); a Confederate regiment fires from 0303. */
static Fixture *
density_fixture (gboolean module, gboolean sections, int guns_a, int guns_b)
{
  Fixture *f = fixture_new (6, 8);

  INF (f, "u-1", "union", 4, 4, "0302", "s");
  if (sections)
    {
      add_section (f, "u-a", "union", guns_a, "L", "0302", "s");
      add_section (f, "u-b", "union", guns_b, "L", "0302", "s");
    }
  else
    {
      add_unit (f, "u-a", "union", GBACW_UNIT_ARTILLERY, guns_a, 4, "L", "0302", GBACW_FORMATION_STATE_UNLIMBERED, "s");
      add_unit (f, "u-b", "union", GBACW_UNIT_ARTILLERY, guns_b, 4, "L", "0302", GBACW_FORMATION_STATE_UNLIMBERED, "s");
    }
  INF (f, "c-1", "confederate", 4, 4, "0303", "n");
  if (module)
    add_sections_rule (f);
  return f;
}

/* J 21.26: "4 guns would count as 1 SP, 8 guns as 2 SP's ... Three or fewer guns in a hex
 * ... do not count towards density"; 8.33 without the module: a battery 1, a section 0. */
static void
test_density_by_full_four_guns (void)
{
  struct { gboolean module, sections; int a, b, density; } cases[] = {
    { TRUE, TRUE, 2, 2, 5 },     /* 4 guns: 1 */
    { TRUE, TRUE, 2, 1, 4 },     /* 3 guns: 0 */
    { TRUE, FALSE, 4, 4, 6 },    /* 8 guns: 2, not 8.33's 2 batteries */
    { TRUE, FALSE, 3, 2, 5 },    /* 5 guns: 1 */
    { FALSE, TRUE, 2, 2, 4 },    /* sections: 0 */
    { FALSE, FALSE, 4, 4, 6 },   /* 8.33: one per battery */
    { FALSE, FALSE, 3, 2, 6 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (Fixture) f = density_fixture (cases[i].module, cases[i].sections, cases[i].a, cases[i].b);
      g_autoptr (GbacwGame) game = start_game (f);
      g_autoptr (GbacwFireResolution) res = NULL;

      goto_phase (game, GBACW_PHASE_DEFENSIVE_FIRE, 0);
      res = compute_fire (game, "0302", "c-1");
      g_assert_cmpint (res->density_sp, ==, cases[i].density);
    }
}

/* J 21.26 for melee: the hex's 4 guns give its top section a Melee Strength of 1 and the
 * other 0; 3 guns give none; without the module each full crew melees 1 (12.12). */
static void
test_melee_by_full_four_guns (void)
{
  struct { gboolean module; int a, b, strength_a, strength_b; } cases[] = {
    { TRUE, 2, 2, 1, 0 },
    { TRUE, 2, 1, 0, 0 },
    { TRUE, 4, 4, 2, 0 },
    { FALSE, 2, 2, 1, 1 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (Fixture) f = density_fixture (cases[i].module, TRUE, cases[i].a, cases[i].b);
      g_autoptr (GbacwGame) game = start_game (f);

      g_assert_cmpint (gbacw_melee_unit_strength (game, unit_index (game, "u-a"), FALSE, FALSE, FALSE, FALSE), ==,
                       cases[i].strength_a);
      g_assert_cmpint (gbacw_melee_unit_strength (game, unit_index (game, "u-b"), FALSE, FALSE, FALSE, FALSE), ==,
                       cases[i].strength_b);
      g_assert_cmpint (gbacw_melee_unit_strength (game, unit_index (game, "u-1"), FALSE, FALSE, FALSE, FALSE), ==, 4);
    }
}

/* ------------------------------------------------------------------ J 21.4 */

/* A Union regiment of 4 SP on 0302 facing south; Confederate sections facing north in
 * column 03: c-l (L, 2 guns) at sec_hex, c-pa (PA, rifled, 2 guns) at 0304; the
 * ammunition rules of J 21.3 (artillery checks 1-2 as small arms do) and double shot. */
static Fixture *
double_shot_fixture (gboolean module, const char *sec_hex)
{
  Fixture *f = fixture_new (6, 8);

  INF (f, "u-1", "union", 4, 4, "0302", "s");
  add_section (f, "c-l", "confederate", 2, "L", sec_hex, "n");
  add_section (f, "c-pa", "confederate", 2, "PA", "0304", "n");
  add_exclusive (f, "ammunition-depletion", "small-arms", "1-2", "artillery", "1-2", "case", "J 29.4", NULL);
  if (module)
    add_exclusive (f, "jackson.double-shot", "weapons", "L N HA", "range", "2", NULL);
  return f;
}

static GbacwFireResolution *
compute_double_shot (GbacwGame *game, const char *unit, gboolean double_shot, GError **error)
{
  GbacwFirer firer = { .unit = unit_index (game, unit), .strength = 0, .direction = -1, .double_shot = double_shot };
  return gbacw_fire_compute (game, hex_of (game->scenario, "0302"), &firer, 1, error);
}

/* J 21.4: a smoothbore section doubles its Range Effects multiplier: L at 1 hex 4, double
 * shot 8 (2 guns: 16); at 2 hexes 1, double shot 2. */
static void
test_double_shot_doubles_multiplier (void)
{
  struct { const char *hex; double plain, doubled; } cases[] = { { "0303", 8, 16 }, { "0304", 2, 4 } };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (Fixture) f = double_shot_fixture (TRUE, cases[i].hex);
      g_autoptr (GbacwGame) game = start_game (f);
      g_autoptr (GbacwFireResolution) plain = NULL;
      g_autoptr (GbacwFireResolution) doubled = NULL;
      g_autoptr (GError) error = NULL;

      goto_phase (game, GBACW_PHASE_DEFENSIVE_FIRE, 0);
      plain = compute_double_shot (game, "c-l", FALSE, &error);
      g_assert_no_error (error);
      doubled = compute_double_shot (game, "c-l", TRUE, &error);
      g_assert_no_error (error);
      g_assert_cmpfloat (plain->total, ==, cases[i].plain);
      g_assert_cmpfloat (doubled->total, ==, cases[i].doubled);
      g_assert_cmpstr (g_array_index (doubled->contributions, GbacwFireContribution, 0).double_shot_case, ==, "J 21.4");
    }
}

/* J 21.4: not "at a range beyond 2 hexes", not for rifled guns (PA), and without the rule
 * nobody may (9.25). */
static void
test_double_shot_refused (void)
{
  struct { gboolean module; const char *unit, *hex, *expect; } cases[] = {
    { TRUE, "c-l", "0305", "[J 21.4]" },   /* 3 hexes */
    { TRUE, "c-pa", "0303", "[J 21.4]" },  /* rifled */
    { FALSE, "c-l", "0303", "[9.25]" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (Fixture) f = double_shot_fixture (cases[i].module, cases[i].hex);
      g_autoptr (GbacwGame) game = start_game (f);
      g_autoptr (GbacwFireResolution) res = NULL;
      g_autoptr (GError) error = NULL;

      goto_phase (game, GBACW_PHASE_DEFENSIVE_FIRE, 0);
      res = compute_double_shot (game, cases[i].unit, TRUE, &error);
      g_assert_null (res);
      g_assert_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL);
      g_assert_true (g_str_has_prefix (error->message, cases[i].expect));
    }
}

/* J 21.4: with double shot a Fire CRT die of 2 calls for the ammunition check (J 21.3's
 * re-roll, 1-2 depleted); without it a 2 calls for none. The game record keeps the choice
 * (double-shot="yes") and replays the same. */
static void
test_double_shot_ammunition_on_two (void)
{
  for (int doubled = 0; doubled <= 1; doubled++)
    {
      g_autoptr (Fixture) f = double_shot_fixture (TRUE, "0303");
      g_autoptr (GbacwGame) game = start_game (f);
      GbacwFirer firer;

      goto_phase (game, GBACW_PHASE_DEFENSIVE_FIRE, 0);
      firer = (GbacwFirer) { .unit = unit_index (game, "c-l"), .strength = 0, .direction = -1, .double_shot = doubled };
      gbacw_dice_force_list (game->dice, 2, 1, 0);   /* the fire; the ammunition check */
      apply_expect (game, gbacw_action_new_fire (hex_of (f->s, "0302"), &firer, 1), NULL);
      g_assert_cmpint ((unit_of (game, "c-l")->status & GBACW_STATUS_AMMO_DEPLETED) != 0, ==, doubled);
      g_assert_cmpint (log_has (game, "J 21.4", "die 1: out of ammunition"), ==, doubled);
      g_assert_cmpint (log_has (game, "J 21.4", "fires double shot"), ==, doubled);
      g_assert_cmpint (gbacw_dice_n_forced (game->dice), ==, doubled ? 0 : 1);
    }
  {
    /* with the generator's dice: the record's double-shot="yes" replays the same */
    g_autoptr (Fixture) f = double_shot_fixture (TRUE, "0303");
    g_autoptr (GbacwGame) game = start_game (f);
    g_autofree char *xml = NULL;
    GbacwFirer firer;

    goto_phase (game, GBACW_PHASE_DEFENSIVE_FIRE, 0);
    firer = (GbacwFirer) { .unit = unit_index (game, "c-l"), .strength = 0, .direction = -1, .double_shot = TRUE };
    apply_expect (game, gbacw_action_new_fire (hex_of (f->s, "0302"), &firer, 1), NULL);
    xml = gbacw_game_to_xml (game, "test.xml");
    g_assert_nonnull (strstr (xml, "double-shot=\"yes\""));
    assert_replays (f, game);
  }
}

/* ------------------------------------------------------------------ J 21.23, 21.27 */

/* A Union section (2 guns) unlimbered on 0305 facing south, a Confederate regiment on 0308
 * facing north; crew markers as the kits have them (J 21.21) and, with module, abandoned
 * guns. The section's crew routs away in the Union Initial Command Phase of Game-Turn 1,
 * and the game goes on to the Confederate Movement Phase. */
static GbacwGame *
abandoned_game (Fixture **out, gboolean module)
{
  Fixture *f = fixture_new (6, 12);
  GbacwGame *game;

  add_section (f, "u-sec", "union", 2, "L", "0305", "s");
  INF (f, "c-1", "confederate", 4, 4, "0308", "n");
  add_exclusive (f, "crew-markers", "game", "J", "return", "final-command", NULL);
  if (module)
    add_exclusive (f, "jackson.abandoned-guns", "case", "J 21.27", NULL);
  game = start_game (f);
  advance_to_phase (game, 1, GBACW_PHASE_INITIAL_COMMAND, 0);
  rout (game, "u-sec");
  first_paths (game);
  g_assert_true (unit_of (game, "u-sec")->status & GBACW_STATUS_ABANDONED);
  g_assert_cmpint (unit_of (game, "u-sec-crew")->hex, !=, unit_of (game, "u-sec")->hex);
  advance_to_phase (game, 1, GBACW_PHASE_MOVEMENT, 1);
  *out = f;
  return game;
}

/* J 21.23: units "may freely move ... through hexes occupied solely by abandoned guns, and
 * may end their movement stacked in such a hex"; the guns exert no ZOC; without the rule
 * the hex is enemy-occupied (5.12). */
static void
test_move_through_abandoned_guns (void)
{
  for (int module = 0; module <= 1; module++)
    {
      Fixture *f = NULL;
      g_autoptr (GbacwGame) game = abandoned_game (&f, module);
      int sec = unit_index (game, "u-sec");

      g_assert_cmpint (gbacw_movement_exerts_zoc (game, sec, hex_of (f->s, "0306")), ==, !module);
      apply_expect (game, move_action (game, "c-1", "0307 0306 0305 0304"), module ? NULL : "5.12");
      if (module)
        {
          hold_fire (game);
          g_assert_cmpint (unit_of (game, "c-1")->hex, ==, hex_of (f->s, "0304"));
          g_assert_cmpint (unit_of (game, "u-sec")->presence, ==, GBACW_PRESENCE_ON_MAP);   /* passed, not taken */
        }
      fixture_free (f);
    }
}

/* J 21.27: "The unit may also capture the guns if it has moved normally onto the guns
 * during its Movement Phase, and survived enemy defensive fire": still abandoned when the
 * move ends, captured when the Union Defensive Fire Phase ends. */
static void
test_captured_after_defensive_fire (void)
{
  Fixture *f = NULL;
  g_autoptr (GbacwGame) game = abandoned_game (&f, TRUE);
  GbacwGameUnit *sec = unit_of (game, "u-sec");

  apply_expect (game, move_action (game, "c-1", "0307 0306 0305"), NULL);
  hold_fire (game);
  g_assert_cmpint (sec->presence, ==, GBACW_PRESENCE_ON_MAP);
  end_phase (game);
  g_assert_cmpint (game->phase, ==, GBACW_PHASE_DEFENSIVE_FIRE);
  g_assert_cmpint (sec->presence, ==, GBACW_PRESENCE_ON_MAP);
  end_phase (game);
  g_assert_cmpint (sec->presence, ==, GBACW_PRESENCE_CAPTURED);
  g_assert_cmpint (sec->captured, ==, 2);
  g_assert_true (log_has (game, "J 21.27", "survived the Defensive Fire"));
  fixture_free (f);
}

/* J 21.27: "captured ... only if an enemy unit successfully occupies that hex alone (it may
 * not be engaged) at the end of an enemy Melee Phase": a Confederate regiment in the guns'
 * hex when the Confederate Melee Phase ends takes them (put there as an advance would);
 * an engaged one does not. */
static void
test_captured_at_end_of_melee_phase (void)
{
  for (int engaged = 0; engaged <= 1; engaged++)
    {
      Fixture *f = NULL;
      g_autoptr (GbacwGame) game = abandoned_game (&f, TRUE);
      GbacwGameUnit *sec = unit_of (game, "u-sec");

      advance_to_phase (game, 1, GBACW_PHASE_MELEE, 1);
      gbacw_game_place_unit (game, unit_index (game, "c-1"), sec->hex, TRUE);
      if (engaged)
        unit_of (game, "c-1")->status |= GBACW_STATUS_ENGAGED;
      end_phase (game);
      g_assert_cmpint (sec->presence, ==, engaged ? GBACW_PRESENCE_ON_MAP : GBACW_PRESENCE_CAPTURED);
      g_assert_cmpint (log_has (game, "J 21.27", "end of the Melee Phase"), ==, !engaged);
      fixture_free (f);
    }
}

/* ------------------------------------------------------------------ J 20.2 */

/* A unit of the order of battle that is not deployed. */
static void
add_undeployed (Fixture *f, const char *id, const char *side, GbacwUnitType type, int strength, int morale)
{
  GbacwUnit *u = gbacw_unit_new (id, side, type);

  u->designation = g_strdup (id);
  u->strength = strength;
  u->morale = morale;
  u->weapon = g_strdup ("C");
  u->flags |= GBACW_UNIT_FLAG_INDEPENDENT;
  g_ptr_array_add (f->s->oob.units, u);
  gbacw_oob_reindex (&f->s->oob);
}

/* The 1st West Virginia Cavalry (2 SP, mounted) on 0303 and its two companies (1 SP each)
 * in the countermix; a Confederate regiment far away. */
static Fixture *
company_fixture (void)
{
  Fixture *f = fixture_new (6, 10);

  add_unit (f, "u-1wv", "union", GBACW_UNIT_CAVALRY, 2, 4, "C", "0303", GBACW_FORMATION_STATE_MOUNTED, "s");
  ((GbacwUnit *) g_ptr_array_index (f->s->oob.units, 0))->flags |= GBACW_UNIT_FLAG_INDEPENDENT;
  add_undeployed (f, "u-1wv-a", "union", GBACW_UNIT_CAVALRY, 1, 4);
  add_undeployed (f, "u-1wv-b", "union", GBACW_UNIT_CAVALRY, 1, 4);
  INF (f, "c-1", "confederate", 4, 4, "0310", "n");
  add_exclusive (f, "jackson.company-breakdown", "regiment", "u-1wv", "companies", "u-1wv-a u-1wv-b", "case", "J 20.2",
                 NULL);
  return f;
}

/* Answers the open J 20.2 question about unit: yes or no. */
static void
answer_company (GbacwGame *game, const char *unit, gboolean yes)
{
  const GbacwDecision *d = gbacw_game_decision (game);
  int u = unit_index (game, unit);

  g_assert_nonnull (d);
  g_assert_cmpint (d->kind, ==, GBACW_DECISION_EXCLUSIVE_UNITS);
  g_assert_cmpstr (d->rule_case, ==, "J 20.2");
  g_assert_cmpuint (d->firers->len, ==, 1);
  g_assert_cmpint (g_array_index (d->firers, int, 0), ==, u);
  apply_expect (game, gbacw_action_new_answer_units (&u, yes ? 1 : 0), NULL);
}

static int
side_strength (GbacwGame *game)
{
  int sp = 0;

  for (guint i = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *u = g_ptr_array_index (game->units, i);
      if (u->side == 0)
        sp += u->strength;
    }
  return sp;
}

/* J 20.2: broken down in the Union Initial Command Phase (the two companies, 1 SP each, in
 * its hex, mounted), recombined in the Union Final Command Phase while stacked together;
 * the side's Strength Points stay 2; the answers replay. */
static void
test_breakdown_and_recombine (void)
{
  g_autoptr (Fixture) f = company_fixture ();
  g_autoptr (GbacwGame) game = start_game (f);
  GbacwGameUnit *r = unit_of (game, "u-1wv"), *a = unit_of (game, "u-1wv-a"), *b = unit_of (game, "u-1wv-b");

  g_assert_cmpint (side_strength (game), ==, 2);
  g_assert_cmpint (game->phase, ==, GBACW_PHASE_INITIAL_COMMAND);
  answer_company (game, "u-1wv", TRUE);
  g_assert_cmpint (r->presence, ==, GBACW_PRESENCE_NOT_ARRIVED);
  g_assert_cmpint (a->hex, ==, hex_of (f->s, "0303"));
  g_assert_cmpint (b->hex, ==, hex_of (f->s, "0303"));
  g_assert_cmpint (a->strength + b->strength, ==, 2);
  g_assert_cmpint (a->formation, ==, GBACW_FORMATION_STATE_MOUNTED);
  g_assert_cmpint (side_strength (game), ==, 2);
  g_assert_true (log_has (game, "J 20.2", "breaks down"));
  advance_to_phase (game, 1, GBACW_PHASE_FINAL_COMMAND, 0);
  answer_company (game, "u-1wv-a", TRUE);
  g_assert_cmpint (r->hex, ==, hex_of (f->s, "0303"));
  g_assert_cmpint (r->strength, ==, 2);
  g_assert_cmpint (a->presence, ==, GBACW_PRESENCE_NOT_ARRIVED);
  g_assert_cmpint (side_strength (game), ==, 2);
  g_assert_cmpint (r->strength + r->killed + r->captured - r->recovered, ==, 2);
  assert_replays (f, game);
}

/* J 20.2: "Breakdown and recombination may not occur if a Strength Point of the 1st West
 * Virginia has been eliminated": no question once it has lost one; companies not stacked
 * together are not asked to recombine. */
static void
test_no_breakdown_after_a_loss (void)
{
  {
    g_autoptr (Fixture) f = company_fixture ();
    g_autoptr (GbacwGame) game = start_game (f);

    answer_company (game, "u-1wv", FALSE);   /* declined: whole */
    g_assert_cmpint (unit_of (game, "u-1wv")->hex, ==, hex_of (f->s, "0303"));
    unit_of (game, "u-1wv")->strength = 1;
    unit_of (game, "u-1wv")->killed = 1;
    advance_to_phase (game, 2, GBACW_PHASE_INITIAL_COMMAND, 0);
    g_assert_null (gbacw_game_decision (game));
  }
  {
    g_autoptr (Fixture) f = company_fixture ();
    g_autoptr (GbacwGame) game = start_game (f);

    answer_company (game, "u-1wv", TRUE);
    advance_to_phase (game, 1, GBACW_PHASE_MOVEMENT, 0);
    apply_expect (game, move_action (game, "u-1wv-b", "0304"), NULL);
    advance_to_phase (game, 1, GBACW_PHASE_FINAL_COMMAND, 0);
    g_assert_null (gbacw_game_decision (game));   /* not stacked together */
  }
}

/* ------------------------------------------------------------------ J 21.5 */

/* A Confederate battery (4 guns, HA: ×1 at 3 hexes) unlimbered on 0303 facing south; a Union regiment of
 * 4 SP (morale 4) on 0308 facing north; opportunity fire on or off. */
static Fixture *
opportunity_fixture (gboolean module)
{
  Fixture *f = fixture_new (6, 12);

  add_unit (f, "c-art", "confederate", GBACW_UNIT_ARTILLERY, 4, 4, "HA", "0303", GBACW_FORMATION_STATE_UNLIMBERED, "s");
  INF (f, "u-1", "union", 4, 4, "0308", "n");
  if (module)
    add_exclusive (f, "jackson.opportunity-fire", "case", "J 21.5", NULL);
  return f;
}

/* The open decision is J 21.5's opportunity fire at u-1 in hex, by c-art. */
static void
assert_opportunity_asked (GbacwGame *game, const char *hex)
{
  const GbacwDecision *d = gbacw_game_decision (game);

  g_assert_nonnull (d);
  g_assert_cmpint (d->kind, ==, GBACW_DECISION_FIRE);
  g_assert_cmpstr (d->rule_case, ==, "J 21.5");
  g_assert_cmpint (d->side, ==, 1);
  g_assert_cmpint (d->hex, ==, hex_of (game->scenario, hex));
  g_assert_cmpuint (d->firers->len, ==, 1);
  g_assert_cmpint (g_array_index (d->firers, int, 0), ==, unit_index (game, "c-art"));
  g_assert_cmpuint (d->units->len, ==, 1);
}

/* J 21.5, 21.51: the move halts in every hex the regiment enters within the battery's
 * reach and the Confederate player is asked; held, it goes on to the end; without the
 * optional rule nothing is asked. */
static void
test_opportunity_asked_each_hex (void)
{
  for (int module = 0; module <= 1; module++)
    {
      g_autoptr (Fixture) f = opportunity_fixture (module);
      g_autoptr (GbacwGame) game = movement_game (f);

      apply_expect (game, move_action (game, "u-1", "0307 0306 0305"), NULL);
      if (module)
        {
          const char *hexes[] = { "0307", "0306", "0305" };
          for (guint i = 0; i < G_N_ELEMENTS (hexes); i++)
            {
              assert_opportunity_asked (game, hexes[i]);
              g_assert_cmpint (unit_of (game, "u-1")->hex, ==, hex_of (f->s, hexes[i]));
              apply_expect (game, gbacw_action_new_answer_fire (NULL, 0), NULL);
            }
          g_assert_true (log_has (game, "J 21.5", "holds its opportunity fire"));
        }
      g_assert_null (gbacw_game_decision (game));
      g_assert_cmpint (unit_of (game, "u-1")->hex, ==, hex_of (f->s, "0305"));
      assert_replays (f, game);
    }
}

/* J 21.5: fired on at 0306 (3 hexes: 4 guns × 1 = 4, a die of 4 gives P) and pinned (6
 * against Morale 4), the regiment stops there; the battery, having fired, is refused in
 * the Defensive Fire Phase. */
static void
test_opportunity_pins_and_forfeits (void)
{
  g_autoptr (Fixture) f = opportunity_fixture (TRUE);
  g_autoptr (GbacwGame) game = movement_game (f);
  GbacwFirer firer;

  apply_expect (game, move_action (game, "u-1", "0307 0306 0305"), NULL);
  assert_opportunity_asked (game, "0307");
  apply_expect (game, gbacw_action_new_answer_fire (NULL, 0), NULL);
  assert_opportunity_asked (game, "0306");
  firer = (GbacwFirer) { .unit = unit_index (game, "c-art"), .strength = 0, .direction = -1, .double_shot = FALSE };
  gbacw_dice_force_list (game->dice, 4, 6, 0);
  apply_expect (game, gbacw_action_new_answer_fire (&firer, 1), NULL);
  g_assert_cmpint (gbacw_dice_n_forced (game->dice), ==, 0);
  g_assert_true (unit_of (game, "u-1")->status & GBACW_STATUS_PINNED);
  g_assert_null (gbacw_game_decision (game));   /* not asked again at 0305: it never gets there */
  g_assert_cmpint (unit_of (game, "u-1")->hex, ==, hex_of (f->s, "0306"));
  g_assert_true (log_has (game, "J 21.5", "pinned by opportunity fire"));
  end_phase (game);
  g_assert_cmpint (game->phase, ==, GBACW_PHASE_DEFENSIVE_FIRE);
  apply_expect (game, fire1 (game, "0306", "c-art", 0), "J 21.5");
}

/* ------------------------------------------------------------------ J 20.3, 21.6 */

/* J 21.6 with J 20.3, as the kits configure them (dismounted-morale offset −1,
 * melee-initiation forbidden-morale 2 for the Union): "Certain Union cavalry units have a
 * Morale Rating of 2 when dismounted, and a Morale Rating of 3 when mounted. These units
 * are subject to the restrictions of this case only when dismounted": a cavalry regiment
 * printed 3 may not initiate melee dismounted (2) unless stacked with a leader, and may
 * mounted. */
static void
test_dismounted_cavalry_melee_restriction (void)
{
  struct { GbacwFormationState formation; gboolean leader; int rating; const char *expect; } cases[] = {
    { GBACW_FORMATION_STATE_DISMOUNTED, FALSE, 2, "J 21.6" },
    { GBACW_FORMATION_STATE_DISMOUNTED, TRUE, 2, NULL },
    { GBACW_FORMATION_STATE_MOUNTED, FALSE, 3, NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (Fixture) f = fixture_new (5, 8);
      g_autoptr (GbacwGame) game = NULL;

      add_unit (f, "u-cav", "union", GBACW_UNIT_CAVALRY, 3, 3, "C", "0302", cases[i].formation, "s");
      if (cases[i].leader)
        LEADER (f, "u-ldr", "union", "0302");
      INF (f, "c-1", "confederate", 3, 3, "0303", "n");
      add_exclusive (f, "dismounted-morale", "offset", "-1", "case", "J 20.3", NULL);
      add_exclusive (f, "melee-initiation", "sides", "union", "forbidden-morale", "2", "case", "J 21.6", NULL);
      game = melee_game (f);
      g_assert_cmpint (gbacw_morale_rating (game, unit_index (game, "u-cav")), ==, cases[i].rating);
      apply_expect (game, declare (game, "u-cav", "0303", FALSE), cases[i].expect);
    }
}

/* ------------------------------------------------------------------ computer games */

/* Two small armies facing each other 3 hexes apart, each a regiment and a stack of two
 * sections (smoothbore, so double shot is offered), under the artillery rules of the
 * kits and the optional opportunity fire: the computer plays them to the end (4 Game-Turns) under every invariant of
 * test-engine-soak.c, each record replayed, and the logs cite J 21.4 and J 21.5 (12
 * seeds, 50 with "-m slow" or GBACW_AI_GAMES=n). */
static void
test_computer_games (void)
{
  g_autoptr (Fixture) f = fixture_new (8, 10);
  g_autoptr (GHashTable) cases = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  guint n = n_games (12, 50);
  Totals t = { 0 };

  INF (f, "u-1", "union", 4, 4, "0403", "s");
  INF (f, "u-2", "union", 4, 4, "0503", "s");
  add_section (f, "u-a", "union", 2, "HA", "0303", "s");
  add_section (f, "u-b", "union", 2, "L", "0303", "s");
  INF (f, "c-1", "confederate", 4, 4, "0406", "n");
  INF (f, "c-2", "confederate", 4, 4, "0506", "n");
  add_section (f, "c-a", "confederate", 2, "N", "0306", "n");
  add_section (f, "c-b", "confederate", 2, "HA", "0306", "n");
  add_sections_rule (f);
  add_exclusive (f, "jackson.double-shot", NULL);
  add_exclusive (f, "ammunition-depletion", "small-arms", "1", "artillery", "1-2", "case", "J 33.5", NULL);
  add_exclusive (f, "crew-markers", "game", "J", "return", "final-command", NULL);
  add_exclusive (f, "jackson.abandoned-guns", NULL);
  add_exclusive (f, "jackson.opportunity-fire", NULL);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (GbacwGame) game = gbacw_game_new (f->s, 1 + i, &error);

      g_assert_no_error (error);
      play_checked (f->s, 1 + i, "jackson artillery", &t);
      g_assert_cmpint (gbacw_ai_play (game, 3, 0, NULL, NULL, &error), ==, GBACW_AI_PLAY_OVER);
      for (guint k = 0; k < game->events->len; k++)
        {
          const GbacwEvent *e = g_ptr_array_index (game->events, k);
          if (e->rule_case && g_str_has_prefix (e->rule_case, "J "))
            g_hash_table_add (cases, g_strdup (e->rule_case));
        }
    }
  report ("jackson artillery", &t);
  {
    g_autoptr (GString) cited = g_string_new (NULL);
    g_autoptr (GList) keys = g_list_sort (g_hash_table_get_keys (cases), (GCompareFunc) g_strcmp0);
    for (GList *l = keys; l; l = l->next)
      g_string_append_printf (cited, "%s%s", l == keys ? "" : ", ", (const char *) l->data);
    g_test_message ("jackson artillery: the log cites %s", cited->str);
  }
  g_assert_cmpuint (t.games, ==, n);
  g_assert_cmpuint (t.fires, >, n);
  g_assert_true (g_hash_table_contains (cases, "J 21.4"));
  g_assert_true (g_hash_table_contains (cases, "J 21.5"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/jackson/J-21.24/small-arms-loss-kills-the-section", test_no_half_crew);
  g_test_add_func ("/jackson/J-21.25/top-section-only-beyond-3-hexes", test_top_section_only);
  g_test_add_func ("/jackson/J-21.25/excess-to-the-section-beneath", test_excess_to_section_beneath);
  g_test_add_func ("/jackson/J-21.25/top-section-rout-makes-the-rest-check", test_top_section_rout_makes_the_rest_check);
  g_test_add_func ("/jackson/J-21.26/density-by-full-four-guns", test_density_by_full_four_guns);
  g_test_add_func ("/jackson/J-21.26/melee-strength-by-full-four-guns", test_melee_by_full_four_guns);
  g_test_add_func ("/jackson/J-21.4/double-shot-doubles-the-multiplier", test_double_shot_doubles_multiplier);
  g_test_add_func ("/jackson/J-21.4/double-shot-refused", test_double_shot_refused);
  g_test_add_func ("/jackson/J-21.4/ammunition-check-on-a-two", test_double_shot_ammunition_on_two);
  g_test_add_func ("/jackson/J-21.23/move-through-abandoned-guns", test_move_through_abandoned_guns);
  g_test_add_func ("/jackson/J-21.27/captured-after-defensive-fire", test_captured_after_defensive_fire);
  g_test_add_func ("/jackson/J-21.27/captured-at-the-end-of-the-melee-phase", test_captured_at_end_of_melee_phase);
  g_test_add_func ("/jackson/J-20.2/breakdown-and-recombine", test_breakdown_and_recombine);
  g_test_add_func ("/jackson/J-20.2/no-breakdown-after-a-loss", test_no_breakdown_after_a_loss);
  g_test_add_func ("/jackson/J-21.5/asked-in-each-hex-entered", test_opportunity_asked_each_hex);
  g_test_add_func ("/jackson/J-21.5/pinned-stops-and-no-defensive-fire", test_opportunity_pins_and_forfeits);
  g_test_add_func ("/jackson/J-21.6/dismounted-cavalry-at-2-needs-a-leader", test_dismounted_cavalry_melee_restriction);
  g_test_add_func ("/jackson/J-21.2/computer-games-with-sections", test_computer_games);
  return g_test_run ();
}
