/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-engine-supply.c: ammunition (11.1-11.34), supply wagons and their crew counters
 * (11.1, 11.11-11.19) and exploding caissons (15.2). */
#define G_LOG_DOMAIN "test-engine-supply"

#include "test-engine-fixture.c"
#include "gbacw-game-private.h"
#include "gbacw-melee.h"
#include "gbacw-query.h"

static GbacwPlacement *
wagon (Fixture *f, const char *id, const char *side, const char *hex, int small_arms, int artillery)
{
  GbacwPlacement *p = add_unit (f, id, side, GBACW_UNIT_WAGON, 1, 2, "R", hex, GBACW_FORMATION_STATE_UNSET, "s");
  GbacwUnit *u = gbacw_oob_find_unit (&f->s->oob, id);
  u->small_arms_boxes = small_arms;
  u->artillery_boxes = artillery;
  return p;
}

static GbacwGame *
resupply_game (Fixture *f)
{
  GbacwGame *game = start_game (f);
  goto_phase (game, GBACW_PHASE_AMMUNITION_RESUPPLY, 0);
  return game;
}

static GbacwAction *
resupply (GbacwGame *game, const char *unit, const char *wagon_id)
{
  return gbacw_action_new_resupply (unit_index (game, unit), unit_index (game, wagon_id));
}

static void
test_11_23_resupply (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 10);
  g_autoptr (GbacwGame) game = NULL;
  GbacwPlacement *p;

  p = INF (f, "u-1", "union", 3, 3, "0103", "s");
  p->status = GBACW_STATUS_AMMO_DEPLETED;
  p = INF (f, "u-2", "union", 3, 3, "0203", "s");
  p->status = GBACW_STATUS_AMMO_DEPLETED;
  INF (f, "u-full", "union", 3, 3, "0303", "s");
  wagon (f, "u-w", "union", "0106", 1, 4);
  game = start_game (f);
  goto_phase (game, GBACW_PHASE_MOVEMENT, 0);
  apply_expect (game, resupply (game, "u-1", "u-w"), "11.23");   /* not in this phase */
  goto_phase (game, GBACW_PHASE_AMMUNITION_RESUPPLY, 0);
  apply_expect (game, resupply (game, "u-full", "u-w"), "11.23");
  apply_expect (game, resupply (game, "u-1", "u-w"), NULL);
  g_assert_false (unit_of (game, "u-1")->status & GBACW_STATUS_AMMO_DEPLETED);
  g_assert_cmpint (unit_of (game, "u-w")->small_arms_boxes, ==, 0);
  /* 11.24: one unit per small-arms box */
  apply_expect (game, resupply (game, "u-2", "u-w"), "11.24");
  assert_replays (f, game);
}

static void
test_11_25_not_moved (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 10);
  g_autoptr (GbacwGame) game = NULL;
  GbacwPlacement *p;

  p = INF (f, "u-1", "union", 3, 3, "0103", "s");
  p->status = GBACW_STATUS_AMMO_DEPLETED;
  wagon (f, "u-w", "union", "0106", 2, 4);
  game = start_game (f);
  goto_phase (game, GBACW_PHASE_MOVEMENT, 0);
  apply_expect (game, move_action (game, "u-1", "0104"), NULL);
  goto_phase (game, GBACW_PHASE_AMMUNITION_RESUPPLY, 0);
  apply_expect (game, resupply (game, "u-1", "u-w"), "11.25");
}

static void
test_11_23_supply_path (void)
{
  /* a corridor down column 02 between rivers (prohibited to every unit):
   * 0: clear; 1: an enemy unit in the corridor; 2: c-1's ZOC over 0203 (the hexside
   * between 0203 and c-1's 0303 left open: 10.5, no ZOC across the river); 3: a friendly
   * unit in 0203 negates it (10.3); 4: beyond the column's allowance (6); 5: c-1's ZOC
   * does not cross the river (10.5) */
  for (int variant = 0; variant < 6; variant++)
    {
      g_autoptr (Fixture) f = fixture_new (3, 12);
      g_autoptr (GbacwGame) game = NULL;
      GbacwPlacement *p;
      const char *expect[] = { NULL, "11.23", "11.23", NULL, "11.23", NULL };
      static const char *const sides[] = { "ne", "se", "sw", "nw" };

      for (int row = 1; row <= 12; row++)
        for (int k = 0; k < 4; k++)
          {
            g_autofree char *label = g_strdup_printf ("02%02d", row);
            add_hexside (f, label, sides[k], "river");
          }
      if (variant == 2 || variant == 3)
        {
          const GbacwHexGrid *grid = &f->s->map->grid;
          GbacwHex a = gbacw_hex_grid_hex_at (grid, hex_of (f->s, "0203"));
          GbacwHexsideId id = gbacw_hex_grid_hexside (
            grid, a, gbacw_hex_grid_direction_to (grid, a, gbacw_hex_grid_hex_at (grid, hex_of (f->s, "0303"))));
          f->s->map->hexside_features[id] = 0;
        }
      p = INF (f, "u-1", "union", 3, 3, "0202", "s");
      p->status = GBACW_STATUS_AMMO_DEPLETED;
      wagon (f, "u-w", "union", variant == 4 ? "0210" : "0204", 2, 4);
      if (variant == 1)
        INF (f, "c-1", "confederate", 3, 3, "0203", "n");
      if (variant == 2 || variant == 3 || variant == 5)
        INF (f, "c-1", "confederate", 3, 3, "0303", "sw");
      if (variant == 3)
        INF (f, "u-2", "union", 3, 3, "0203", "s");
      game = resupply_game (f);
      apply_expect (game, resupply (game, "u-1", "u-w"), expect[variant]);
    }
}

static void
test_11_32_artillery_rounds (void)
{
  for (int old = 0; old < 2; old++)
    {
      g_autoptr (Fixture) f = fixture_new (3, 10);
      g_autoptr (GbacwGame) game = NULL;

      add_unit (f, "u-bat", "union", GBACW_UNIT_ARTILLERY, 4, 4, "L", "0103", GBACW_FORMATION_STATE_UNLIMBERED, "s");
      wagon (f, "u-w", "union", "0105", 2, 4);
      if (old)
        g_ptr_array_add (f->s->options, gbacw_param_new ("supply-11.23", "old"));
      game = resupply_game (f);
      unit_of (game, "u-bat")->rounds = 6;   /* of 12 */
      apply_expect (game, resupply (game, "u-bat", "u-w"), old ? "11.23" : NULL);
      if (!old)
        {
          g_assert_cmpint (unit_of (game, "u-bat")->rounds, ==, 10);
          g_assert_cmpint (unit_of (game, "u-w")->artillery_boxes, ==, 0);
          apply_expect (game, resupply (game, "u-bat", "u-w"), "11.32");
        }
    }
}

static void
test_11_34_ammunition_loss (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 6);
  g_autoptr (GbacwGame) game = NULL;

  add_unit (f, "u-bat", "union", GBACW_UNIT_ARTILLERY, 2, 4, "HB", "0101", GBACW_FORMATION_STATE_UNLIMBERED, "s");
  wagon (f, "c-w", "confederate", "0102", 3, 8);
  game = start_game (f);
  goto_phase (game, GBACW_PHASE_OFFENSIVE_FIRE, 0);
  /* HB 2 × 10 = 20 on the counter-battery row (15-20), a wagon's 4 SP: no density shift, a
   * wagon always enfiladed (7.0): 1R; die 6: 2*; Ammunition Loss Table column 2, die 4: 3/6 */
  gbacw_dice_force_list (game->dice, 6, 4, 1, 1, 0);
  apply_expect (game, fire1 (game, "0102", "u-bat", 0), NULL);
  end_phase (game);
  g_assert_cmpint (unit_of (game, "c-w")->small_arms_boxes, ==, 0);
  g_assert_cmpint (unit_of (game, "c-w")->artillery_boxes, ==, 2);
  g_assert_true (log_has (game, "11.34", "3/6"));
}

static void
test_15_2_exploding_caissons (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 6);
  g_autoptr (GbacwGame) game = NULL;

  add_unit (f, "u-bat", "union", GBACW_UNIT_ARTILLERY, 2, 4, "HB", "0101", GBACW_FORMATION_STATE_UNLIMBERED, "s");
  add_unit (f, "c-bat", "confederate", GBACW_UNIT_ARTILLERY, 4, 4, "L", "0102", GBACW_FORMATION_STATE_UNLIMBERED, "n");
  game = start_game (f);
  goto_phase (game, GBACW_PHASE_OFFENSIVE_FIRE, 0);
  /* 20, the battery's 1 SP: 1L (11-14); die 6: 1*: one gun; caisson die 1, then 3 rounds
   * lost; morale 1, pin 1 */
  gbacw_dice_force_list (game->dice, 6, 1, 3, 1, 1, 0);
  apply_expect (game, fire1 (game, "0102", "u-bat", 0), NULL);
  end_phase (game);
  g_assert_cmpuint (gbacw_dice_n_forced (game->dice), ==, 0);
  g_assert_cmpint (unit_of (game, "c-bat")->guns, ==, 3);
  g_assert_cmpint (unit_of (game, "c-bat")->rounds, ==, 9);
  g_assert_true (log_has (game, "15.2", "explodes"));
}

/* 11.33: rounds transferred between two batteries of the same weapon type in the same
 * or adjacent hexes, in their owner's Ammunition Resupply Phase, neither having fired
 * this Game-Turn; both then spend the rest of the Game-Turn without firing. */
static void
test_11_33_transfer_rounds (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 10);
  g_autoptr (GbacwGame) game = NULL;
  g_autofree char *xml = NULL;
  const GbacwGameUnit *a, *b;

  add_unit (f, "u-a", "union", GBACW_UNIT_ARTILLERY, 4, 4, "L", "0103", GBACW_FORMATION_STATE_UNLIMBERED, "s");
  add_unit (f, "u-b", "union", GBACW_UNIT_ARTILLERY, 4, 4, "L", "0104", GBACW_FORMATION_STATE_UNLIMBERED, "s");
  add_unit (f, "u-far", "union", GBACW_UNIT_ARTILLERY, 4, 4, "L", "0107", GBACW_FORMATION_STATE_UNLIMBERED, "s");
  add_unit (f, "u-hb", "union", GBACW_UNIT_ARTILLERY, 4, 4, "HB", "0203", GBACW_FORMATION_STATE_UNLIMBERED, "s");
  add_unit (f, "u-fired", "union", GBACW_UNIT_ARTILLERY, 4, 4, "L", "0204", GBACW_FORMATION_STATE_UNLIMBERED, "s");
  INF (f, "c-1", "confederate", 3, 3, "0109", "n");
  game = start_game (f);
  a = unit_of (game, "u-a");
  b = unit_of (game, "u-b");
  goto_phase (game, GBACW_PHASE_MOVEMENT, 0);
  apply_expect (game, gbacw_action_new_transfer_rounds (a->index, b->index, 1), "11.33");   /* not in this phase */
  goto_phase (game, GBACW_PHASE_AMMUNITION_RESUPPLY, 0);
  unit_of (game, "u-fired")->fired_turn = game->turn;   /* as a battery that fired this Game-Turn */
  apply_expect (game, gbacw_action_new_transfer_rounds (a->index, b->index, 1), "11.33");   /* both full: no room */
  apply_expect (game, gbacw_action_new_transfer_rounds (a->index, unit_index (game, "u-far"), 1), "11.33");
  apply_expect (game, gbacw_action_new_transfer_rounds (a->index, unit_index (game, "u-hb"), 1), "11.33");
  apply_expect (game, gbacw_action_new_transfer_rounds (unit_index (game, "u-fired"), a->index, 1), "11.33");
  /* u-b has fired 4 rounds (by hand) */
  unit_of (game, "u-b")->rounds = 8;
  apply_expect (game, gbacw_action_new_transfer_rounds (a->index, b->index, 5), "11.33");
  apply_expect (game, gbacw_action_new_transfer_rounds (a->index, b->index, 3), NULL);
  g_assert_cmpint (a->rounds, ==, 9);
  g_assert_cmpint (b->rounds, ==, 11);
  g_assert_true (log_has (game, "11.33", NULL));
  xml = gbacw_game_to_xml (game, "test.xml");
  g_assert_nonnull (strstr (xml, "<transfer-rounds from=\"u-a\" to=\"u-b\" rounds=\"3\"/>"));
  /* the rest of the Game-Turn without firing: not in the enemy's Player-Turn either */
  goto_phase (game, GBACW_PHASE_DEFENSIVE_FIRE, 1);
  apply_expect (game, fire1 (game, "0109", "u-a", 0), "11.33");
  apply_expect (game, fire1 (game, "0109", "u-b", 0), "11.33");
}

/* 11.18: an uncrewed wagon is recrewed in its owner's Final Command Phase by an infantry
 * (or dismounted cavalry) unit on it giving one Strength Point; only one SP ever. The
 * accounting initial = current + killed + captured - recovered holds for both. */
static void
test_11_18_recrew_wagon (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 10);
  g_autoptr (GbacwGame) game = NULL;
  GbacwGameUnit *w, *u;
  g_autofree char *xml = NULL;

  INF (f, "u-1", "union", 3, 3, "0105", "s");
  INF (f, "u-2", "union", 3, 3, "0106", "s");
  add_unit (f, "u-cav", "union", GBACW_UNIT_CAVALRY, 3, 3, "C", "0105", GBACW_FORMATION_STATE_MOUNTED, "s");
  wagon (f, "u-w", "union", "0105", 1, 1);
  game = start_game (f);
  w = unit_of (game, "u-w");
  u = unit_of (game, "u-1");
  /* its crew eliminated (counted killed, as the engine does) */
  w->killed += w->strength;
  w->strength = 0;
  goto_phase (game, GBACW_PHASE_MOVEMENT, 0);
  apply_expect (game, gbacw_action_new_recrew (u->index, w->index), "11.18");   /* not in this phase */
  goto_phase (game, GBACW_PHASE_FINAL_COMMAND, 0);
  apply_expect (game, gbacw_action_new_recrew (unit_index (game, "u-cav"), w->index), "11.18");   /* mounted */
  apply_expect (game, gbacw_action_new_recrew (unit_index (game, "u-2"), w->index), "11.18");     /* not on it */
  apply_expect (game, gbacw_action_new_recrew (u->index, w->index), NULL);
  g_assert_cmpint (w->strength, ==, 1);
  g_assert_cmpint (u->strength, ==, 2);
  g_assert_cmpint (w->recovered, ==, 1);
  g_assert_cmpint (u->recovered, ==, -1);
  g_assert_cmpint (w->initial_strength, ==, w->strength + w->killed + w->captured - w->recovered);
  g_assert_cmpint (u->initial_strength, ==, u->strength + u->killed + u->captured - u->recovered);
  g_assert_true (log_has (game, "11.18", NULL));
  apply_expect (game, gbacw_action_new_recrew (u->index, w->index), "11.18");   /* it has a crew */
  w->killed += w->strength;   /* its new crew lost too: never a second SP */
  w->strength = 0;
  apply_expect (game, gbacw_action_new_recrew (u->index, w->index), "11.18");
  xml = gbacw_game_to_xml (game, "test.xml");
  g_assert_nonnull (strstr (xml, "<recrew unit=\"u-1\" wagon=\"u-w\"/>"));
}

/* 11.19: an uncrewed wagon is captured by an enemy infantry or cavalry unit entering its
 * hex (it changes side; its former crew is out of play, no Victory Points for it), is
 * recrewed by the captor (11.18) and resupplies his units from the next Game-Turn on. */
static void
test_11_19_capture_wagon (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 10);
  g_autoptr (GbacwGame) game = NULL;
  g_autoptr (GbacwOutcome) outcome = NULL;
  GbacwGameUnit *w, *c;
  GbacwVictory v = { 0 };

  INF (f, "u-1", "union", 3, 3, "0101", "s");
  wagon (f, "u-w", "union", "0105", 1, 1);
  gbacw_oob_find_unit (&f->s->oob, "u-w")->crew_strength = 0;   /* uncrewed from the start */
  INF (f, "c-1", "confederate", 3, 4, "0107", "n");
  add_unit (f, "c-bat", "confederate", GBACW_UNIT_ARTILLERY, 2, 4, "L", "0104", GBACW_FORMATION_STATE_LIMBERED, "s");
  game = start_game (f);
  outcome = gbacw_outcome_new (game);
  w = unit_of (game, "u-w");
  c = unit_of (game, "c-1");
  g_assert_cmpint (w->strength, ==, 0);
  goto_phase (game, GBACW_PHASE_MOVEMENT, 1);
  apply_expect (game, move_action (game, "c-bat", "0105"), "5.12");   /* only infantry or cavalry capture */
  apply_expect (game, move_action (game, "c-1", "0106 0105"), NULL);
  g_assert_cmpint (w->side, ==, 1);
  g_assert_cmpint (w->hex, ==, hex_of (game->scenario, "0105"));
  g_assert_cmpint (w->capture_turn, ==, 1);
  g_assert_true (log_has (game, "11.19", "captured"));
  /* recrewed by the captor in his Final Command Phase */
  goto_phase (game, GBACW_PHASE_FINAL_COMMAND, 1);
  apply_expect (game, gbacw_action_new_recrew (c->index, w->index), NULL);
  g_assert_cmpint (w->strength, ==, 1);
  g_assert_cmpint (w->morale, ==, 4);
  g_assert_cmpint (c->strength, ==, 2);
  g_assert_cmpint (w->initial_strength, ==, w->strength + w->killed + w->captured - w->recovered);
  assert_replays (f, game);
  /* the former owner no longer resupplies from it; the captor does, the next Game-Turn */
  unit_of (game, "u-1")->status |= GBACW_STATUS_AMMO_DEPLETED;
  c->status |= GBACW_STATUS_AMMO_DEPLETED;
  goto_phase (game, GBACW_PHASE_AMMUNITION_RESUPPLY, 0);
  g_assert_cmpint (game->turn, ==, 2);
  apply_expect (game, resupply (game, "u-1", "u-w"), "11.23");
  goto_phase (game, GBACW_PHASE_AMMUNITION_RESUPPLY, 1);
  apply_expect (game, resupply (game, "c-1", "u-w"), NULL);
  g_assert_false (c->status & GBACW_STATUS_AMMO_DEPLETED);
  /* no Victory Points for the crew; the wagon stays in its first side's accounting */
  gbacw_outcome_update (outcome, game);
  gbacw_outcome_victory (outcome, game, &v);
  g_assert_cmpint (v.enemy_sp[1], ==, 0);
  g_assert_cmpint (v.sp_start[0], ==, 3);
  g_assert_cmpint (v.sp_now[0], ==, 3);
  g_assert_cmpint (v.sp_start[1], ==, 5);
  g_assert_cmpint (v.sp_now[1], ==, 5);   /* c-1 gave the wagon's new crew */
  gbacw_victory_clear (&v);
}

static void
assert_accounting (const GbacwGameUnit *u, int initial)
{
  g_assert_cmpint (initial, ==, u->strength + u->killed + u->captured - u->recovered);
}

/* An award of Victory Points per enemy SP lost to side. */
static void
award_enemy_sp (Fixture *f, const char *side)
{
  GbacwVpAward *a = g_new0 (GbacwVpAward, 1);
  a->id = g_strdup_printf ("v-%s", side);
  a->side = g_strdup (side);
  a->event = GBACW_VP_ENEMY_SP_LOST;
  a->vp = 1;
  g_ptr_array_add (f->s->vp_awards, a);
}

/* 11.12, 11.11: a small-arms R on a supply wagon (fixed dice) routs its crew, which leaves
 * the wagon as a crew counter making a rout retreat of three hexes (13.31), the wagon
 * staying uncrewed; the counter, a small-arms unit of its own, is then fired on and
 * eliminated (9.81). The crew gives no Victory Points; the accounting holds. */
static void
test_11_11_crew_counter_fired_on (void)
{
  g_autoptr (Fixture) f = fixture_new (1, 12);
  g_autoptr (GbacwGame) game = NULL;
  g_autoptr (GbacwOutcome) outcome = NULL;
  GbacwGameUnit *w, *c;
  GbacwVictory v = { 0 };

  wagon (f, "u-w", "union", "0106", 1, 1);
  INF (f, "c-1", "confederate", 3, 3, "0108", "n");
  INF (f, "c-2", "confederate", 3, 3, "0101", "s");
  award_enemy_sp (f, "confederate");
  game = start_game (f);
  outcome = gbacw_outcome_new (game);
  w = unit_of (game, "u-w");
  c = unit_of (game, "u-w-crew");
  /* c-1: 3 SP x 1 at two hexes = 3 (1-3); the wagon always enfiladed: 4-6; density (4
   * stacking points) 0. Die 4: R; the morale check, die 6 + 1 (enfiladed) above 2: routed */
  goto_phase (game, GBACW_PHASE_OFFENSIVE_FIRE, 1);
  gbacw_dice_force_list (game->dice, 4, 6, 0);
  apply_expect (game, fire1 (game, "0106", "c-1", 0), NULL);
  end_phase (game);
  g_assert_cmpuint (gbacw_dice_n_forced (game->dice), ==, 0);
  g_assert_true (log_has (game, "11.12", "routs away from the wagon"));
  g_assert_cmpint (w->hex, ==, hex_of (f->s, "0106"));
  g_assert_cmpint (w->strength, ==, 0);
  g_assert_cmpint (c->hex, ==, hex_of (f->s, "0103"));
  g_assert_true (c->status & GBACW_STATUS_ROUTED);
  /* routed: one hex in its Movement Phase (5.2) */
  goto_phase (game, GBACW_PHASE_MOVEMENT, 0);
  apply_expect (game, move_action (game, "u-w-crew", "0104 0105"), "5.2");
  apply_expect (game, move_action (game, "u-w-crew", "0104"), NULL);
  /* c-2: 3 SP x 1/2 at three hexes = 1.5 (1-3); routed, always enfiladed (6.35): 4-6;
   * density (1 SP) 1L: 1-3. Die 6: 1, its only SP */
  goto_phase (game, GBACW_PHASE_DEFENSIVE_FIRE, 0);
  gbacw_dice_force_list (game->dice, 6, 0);
  apply_expect (game, fire1 (game, "0104", "c-2", 0), NULL);
  end_phase (game);
  g_assert_cmpint (c->presence, ==, GBACW_PRESENCE_ELIMINATED);
  g_assert_cmpint (c->hex, ==, -1);
  g_assert_cmpint (c->killed, ==, 1);
  assert_accounting (c, 0);
  assert_accounting (w, w->initial_strength);
  gbacw_outcome_update (outcome, game);
  gbacw_outcome_victory (outcome, game, &v);
  g_assert_cmpint (v.enemy_sp[1], ==, 0);   /* no Victory Points for wagon crews */
  g_assert_cmpint (v.sp_start[0], ==, 1);
  g_assert_cmpint (v.sp_now[0] + v.killed[0] + v.captured[0], ==, 1);
  gbacw_victory_clear (&v);
}

/* A saved game in which a crew counter came on the map replays to the same state: the
 * first seed whose dice rout the crew (the game's own dice, not forced ones, so that the
 * record replays them). */
static void
test_11_11_crew_counter_replays (void)
{
  g_autoptr (Fixture) f = fixture_new (1, 12);
  g_autoptr (GbacwGame) game = NULL;

  wagon (f, "u-w", "union", "0106", 1, 1);
  INF (f, "c-1", "confederate", 3, 3, "0108", "n");
  for (guint32 seed = 1; seed < 1000; seed++)
    {
      g_autoptr (GError) error = NULL;
      g_clear_pointer (&game, gbacw_game_free);
      game = gbacw_game_new (f->s, seed, &error);
      g_assert_no_error (error);
      goto_phase (game, GBACW_PHASE_OFFENSIVE_FIRE, 1);
      apply_expect (game, fire1 (game, "0106", "c-1", 0), NULL);
      end_phase (game);
      if (unit_of (game, "u-w-crew")->hex >= 0)
        break;
    }
  g_assert_cmpint (unit_of (game, "u-w-crew")->hex, ==, hex_of (f->s, "0103"));
  /* it acts: a move one hex (5.2), saved by its id */
  goto_phase (game, GBACW_PHASE_MOVEMENT, 0);
  apply_expect (game, move_action (game, "u-w-crew", "0102"), NULL);
  {
    g_autofree char *xml = gbacw_game_to_xml (game, "test.xml");
    g_assert_nonnull (strstr (xml, "units=\"u-w-crew\""));
  }
  assert_replays (f, game);
  {
    g_autofree char *xml = gbacw_game_to_xml (game, "test.xml");
    g_autoptr (GError) error = NULL;
    g_autoptr (GbacwGame) again = gbacw_game_replay (f->s, xml, strlen (xml), &error);
    g_autofree char *a = gbacw_query_state_dump (game);
    g_autofree char *b = NULL;
    g_assert_no_error (error);
    b = gbacw_query_state_dump (again);
    g_assert_cmpstr (a, ==, b);
    g_assert_nonnull (strstr (a, "u-w-crew presence 0"));
  }
}

/* 11.19: a wagon captured: its former crew, the crew counter wherever it is, is removed
 * from play, giving no Victory Points. */
static void
test_11_19_capture_removes_crew_counter (void)
{
  g_autoptr (Fixture) f = fixture_new (1, 12);
  g_autoptr (GbacwGame) game = NULL;
  g_autoptr (GbacwOutcome) outcome = NULL;
  GbacwGameUnit *w, *c;
  GbacwVictory v = { 0 };

  wagon (f, "u-w", "union", "0105", 1, 1);
  INF (f, "c-1", "confederate", 3, 3, "0107", "n");
  award_enemy_sp (f, "confederate");
  game = start_game (f);
  outcome = gbacw_outcome_new (game);
  w = unit_of (game, "u-w");
  c = unit_of (game, "u-w-crew");
  goto_phase (game, GBACW_PHASE_MOVEMENT, 0);
  rout (game, "u-w");
  g_assert_cmpint (c->hex, ==, hex_of (f->s, "0102"));
  goto_phase (game, GBACW_PHASE_MOVEMENT, 1);
  apply_expect (game, move_action (game, "c-1", "0106 0105"), NULL);
  g_assert_cmpint (w->side, ==, 1);
  g_assert_true (log_has (game, "11.19", "removed from play"));
  g_assert_cmpint (c->presence, ==, GBACW_PRESENCE_ELIMINATED);
  g_assert_cmpint (c->hex, ==, -1);
  g_assert_cmpint (c->strength, ==, 0);
  g_assert_null (gbacw_game_stack (game, hex_of (f->s, "0102")));
  assert_accounting (c, 0);
  assert_accounting (w, 1);
  gbacw_outcome_update (outcome, game);
  gbacw_outcome_victory (outcome, game, &v);
  g_assert_cmpint (v.enemy_sp[1], ==, 0);
  g_assert_cmpint (v.vp[1], ==, 0);
  gbacw_victory_clear (&v);
}

/* 11.11, 11.18: one crew counter per wagon: while it is on the map, a new crew (11.18)
 * that routs leaves play as a crew did before counters (11.17, counted killed). */
static void
test_11_11_one_crew_counter (void)
{
  g_autoptr (Fixture) f = fixture_new (1, 12);
  g_autoptr (GbacwGame) game = NULL;
  GbacwGameUnit *w, *c, *u;

  wagon (f, "u-w", "union", "0105", 1, 1);
  INF (f, "u-1", "union", 3, 3, "0105", "s");
  INF (f, "c-1", "confederate", 3, 3, "0108", "n");
  game = start_game (f);
  w = unit_of (game, "u-w");
  c = unit_of (game, "u-w-crew");
  u = unit_of (game, "u-1");
  goto_phase (game, GBACW_PHASE_MOVEMENT, 0);
  rout (game, "u-w");
  g_assert_cmpint (c->hex, ==, hex_of (f->s, "0102"));
  goto_phase (game, GBACW_PHASE_FINAL_COMMAND, 0);
  apply_expect (game, gbacw_action_new_recrew (c->index, w->index), "11.18");   /* the counter is no infantry */
  apply_expect (game, gbacw_action_new_recrew (u->index, w->index), NULL);
  g_assert_cmpint (w->strength, ==, 1);
  rout (game, "u-w");
  g_assert_true (log_has (game, "11.17", "leaves the wagon"));
  g_assert_cmpint (w->strength, ==, 0);
  g_assert_cmpint (w->killed, ==, 1);
  g_assert_cmpint (c->hex, ==, hex_of (f->s, "0102"));
  g_assert_cmpint (c->strength, ==, 1);
  assert_accounting (w, 1);
  assert_accounting (c, 0);
  assert_accounting (u, 3);
}

/* 11.15, 11.16, 12.14: a supply crew has no ZOC (on its wagon or as a crew counter), may not
 * initiate melee nor fire but in its side's Defensive Fire Phase, and defends in melee with
 * a strength of one; the counter rallies as an independent unit (13.54) and moves. */
static void
test_11_16_crew_restrictions (void)
{
  g_autoptr (Fixture) f = fixture_new (1, 10);
  g_autoptr (GbacwGame) game = NULL;
  g_autoptr (GArray) attackers = NULL;
  GbacwGameUnit *w, *c;
  GbacwMeleeOdds odds;

  add_unit (f, "u-w", "union", GBACW_UNIT_WAGON, 2, 4, "R", "0105", GBACW_FORMATION_STATE_UNSET, "s");
  INF (f, "c-1", "confederate", 3, 3, "0108", "n");
  game = start_game (f);
  w = unit_of (game, "u-w");
  c = unit_of (game, "u-w-crew");
  /* 11.16: the crewed wagon has no ZOC; an infantry unit does */
  g_assert_false (gbacw_movement_exerts_zoc (game, w->index, hex_of (f->s, "0106")));
  g_assert_false (gbacw_movement_in_enemy_zoc (game, hex_of (f->s, "0106"), 1, FALSE));
  g_assert_false (gbacw_movement_in_enemy_path_zoc (game, hex_of (f->s, "0106"), 1));
  g_assert_true (gbacw_movement_exerts_zoc (game, unit_index (game, "c-1"), hex_of (f->s, "0107")));
  goto_phase (game, GBACW_PHASE_MOVEMENT, 0);
  rout (game, "u-w");
  g_assert_cmpint (c->hex, ==, hex_of (f->s, "0102"));
  /* 13.54: it rallies on its own die (1, under its Morale 4) in its Rally Phase */
  goto_phase (game, GBACW_PHASE_AMMUNITION_RESUPPLY, 0);
  gbacw_dice_force_list (game->dice, 1, 0);
  end_phase (game);
  g_assert_true (log_has (game, "13.54", "rallies"));
  g_assert_false (c->status & GBACW_STATUS_ROUTED);
  /* back onto its wagon, beside c-1 */
  goto_phase (game, GBACW_PHASE_MOVEMENT, 1);
  apply_expect (game, move_action (game, "c-1", "0107 0106"), NULL);
  goto_phase (game, GBACW_PHASE_MOVEMENT, 0);
  apply_expect (game, move_action (game, "u-w-crew", "0103 0104 0105"), NULL);
  g_assert_cmpint (c->facing, ==, direction_of (f->s, "s"));
  /* 11.16: still no ZOC */
  g_assert_false (gbacw_movement_exerts_zoc (game, c->index, hex_of (f->s, "0106")));
  g_assert_false (gbacw_movement_in_enemy_zoc (game, hex_of (f->s, "0106"), 1, FALSE));
  /* 11.15, 11.16: no offensive fire, no melee initiation (12.25) */
  goto_phase (game, GBACW_PHASE_OFFENSIVE_FIRE, 0);
  apply_expect (game, fire1 (game, "0106", "u-w-crew", 0), "11.16");
  goto_phase (game, GBACW_PHASE_RETREAT_BEFORE_MELEE, 0);
  apply_expect (game, declare (game, "u-w-crew", "0106", FALSE), "12.25");
  /* its side's Defensive Fire Phase: 2 SP x 2 at one hex = 4 (4-6); die 2: — */
  goto_phase (game, GBACW_PHASE_DEFENSIVE_FIRE, 1);
  gbacw_dice_force_list (game->dice, 2, 0);
  apply_expect (game, fire1 (game, "0106", "u-w-crew", 0), NULL);
  /* 12.14: meleed, the crew counts one, whatever its SP (the uncrewed wagon none) */
  goto_phase (game, GBACW_PHASE_RETREAT_BEFORE_MELEE, 1);
  attackers = units_of (game, "c-1");
  g_assert_true (gbacw_melee_odds (game, attackers, hex_of (f->s, "0105"), FALSE, &odds, NULL));
  g_assert_cmpint (odds.defend_base, ==, 1);
  g_assert_cmpint (odds.attack_base, ==, 3);
}

/* 11.1: an uncrewed wagon may not resupply units. */
static void
test_11_1_uncrewed_wagon_may_not_resupply (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 10);
  g_autoptr (GbacwGame) game = NULL;
  GbacwPlacement *p;
  GbacwGameUnit *w;

  p = INF (f, "u-1", "union", 3, 3, "0103", "s");
  p->status = GBACW_STATUS_AMMO_DEPLETED;
  wagon (f, "u-w", "union", "0105", 2, 2);
  game = resupply_game (f);
  w = unit_of (game, "u-w");
  w->killed += w->strength;   /* its crew lost (11.12) */
  w->strength = 0;
  apply_expect (game, resupply (game, "u-1", "u-w"), "11.1");
  g_assert_true (unit_of (game, "u-1")->status & GBACW_STATUS_AMMO_DEPLETED);
  g_assert_cmpint (w->small_arms_boxes, ==, 2);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/supply/11.23-resupply", test_11_23_resupply);
  g_test_add_func ("/engine/supply/11.25-not-moved", test_11_25_not_moved);
  g_test_add_func ("/engine/supply/11.23-supply-path", test_11_23_supply_path);
  g_test_add_func ("/engine/supply/11.32-artillery-rounds", test_11_32_artillery_rounds);
  g_test_add_func ("/engine/supply/11.34-ammunition-loss", test_11_34_ammunition_loss);
  g_test_add_func ("/engine/supply/15.2-exploding-caissons", test_15_2_exploding_caissons);
  g_test_add_func ("/engine/supply/11.33-transfer-rounds", test_11_33_transfer_rounds);
  g_test_add_func ("/engine/supply/11.18-recrew-wagon", test_11_18_recrew_wagon);
  g_test_add_func ("/engine/supply/11.19-capture-wagon", test_11_19_capture_wagon);
  g_test_add_func ("/engine/supply/11.11-crew-counter-fired-on", test_11_11_crew_counter_fired_on);
  g_test_add_func ("/engine/supply/11.11-crew-counter-replays", test_11_11_crew_counter_replays);
  g_test_add_func ("/engine/supply/11.19-capture-removes-crew-counter", test_11_19_capture_removes_crew_counter);
  g_test_add_func ("/engine/supply/11.11-one-crew-counter", test_11_11_one_crew_counter);
  g_test_add_func ("/engine/supply/11.16-crew-restrictions", test_11_16_crew_restrictions);
  g_test_add_func ("/engine/supply/11.1-uncrewed-wagon-may-not-resupply", test_11_1_uncrewed_wagon_may_not_resupply);
  return g_test_run ();
}
