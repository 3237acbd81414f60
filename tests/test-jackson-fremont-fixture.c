/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-jackson-fremont-fixture.c: the small position of Fremont's Corps (J 30) and the steps
 * through its phases and questions, shared by test-jackson-commitment.c and
 * test-jackson-victory.c (included after test-engine-fixture.c, as that file is). */

#include "gbacw-leadership.h"
#include "rules/shared/gbacw-rule-reserves.h"
#include "rules/jackson/gbacw-rule-fremont-commitment.h"


/* Fremont (DIR 4) on 0101 with Milroy's and Schenck's brigades (commanders on 0202, 0302;
 * regiments beside them); Blenker (DIR 3) on blenker_hex with Stahel's brigade next to him;
 * Shields' Carroll (independent) on 0601; the Confederate Trimble's brigade far south at
 * 0110 (c-1, c-2). Every BCE limit 2, Momentum Points 3 (Cluseret-like 1 for Schenck). */
G_GNUC_UNUSED static Fixture *
fremont_fixture (const char *blenker_hex, const char *schenck_hex)
{
  Fixture *f = fixture_new (10, 12);
  GbacwFormation *b;
  g_autofree char *stahel_hex = NULL;

  set_turns (f, 1, 20);
  add_formation (f, "u-fremont-div", "union", GBACW_FORMATION_DIVISION, NULL, "u-fremont");
  add_formation (f, "u-blenker-div", "union", GBACW_FORMATION_DIVISION, NULL, "u-blenker");
  b = add_formation (f, "u-milroy-bde", "union", GBACW_FORMATION_BRIGADE, "u-fremont-div", "u-milroy");
  b->name = g_strdup ("Milroy's Brigade");
  b->bce[0] = 2;
  b->momentum = 3;
  b = add_formation (f, "u-schenck-bde", "union", GBACW_FORMATION_BRIGADE, "u-fremont-div", "u-schenck");
  b->name = g_strdup ("Schenck's Brigade");
  b->bce[0] = 2;
  b->momentum = 1;
  b = add_formation (f, "u-stahel-bde", "union", GBACW_FORMATION_BRIGADE, "u-blenker-div", "u-stahel");
  b->name = g_strdup ("Stahel's Brigade");
  b->bce[0] = 2;
  b->momentum = 3;
  b = add_formation (f, "u-carroll-bde", "union", GBACW_FORMATION_BRIGADE, NULL, "u-carroll");
  b->bce[0] = 2;
  b = add_formation (f, "c-trimble-bde", "confederate", GBACW_FORMATION_BRIGADE, NULL, "c-trimble");
  b->name = g_strdup ("Trimble's Brigade");
  b->bce[0] = 2;
  b->momentum = 3;
  LEADER (f, "u-fremont", "union", "0101");
  LEADER (f, "u-milroy", "union", "0202");
  LEADER (f, "u-schenck", "union", schenck_hex);
  LEADER (f, "u-blenker", "union", blenker_hex);
  stahel_hex = g_strdup_printf ("%.2s%02d", blenker_hex, atoi (blenker_hex + 2) + 1);
  LEADER (f, "u-stahel", "union", stahel_hex);
  LEADER (f, "u-carroll", "union", "0601");
  LEADER (f, "c-trimble", "confederate", "0112");
  set_leader (f, "u-fremont", GBACW_LEADER_DIVISION, 1, 1, 4, 0);
  set_leader (f, "u-blenker", GBACW_LEADER_DIVISION, 1, 1, 3, 0);
  set_leader (f, "u-milroy", GBACW_LEADER_BRIGADE, 2, 1, GBACW_UNSET, 0);
  set_leader (f, "u-schenck", GBACW_LEADER_BRIGADE, 2, 1, GBACW_UNSET, 0);
  set_leader (f, "u-stahel", GBACW_LEADER_BRIGADE, 2, 1, GBACW_UNSET, 0);
  set_leader (f, "u-carroll", GBACW_LEADER_BRIGADE, 2, 1, GBACW_UNSET, 0);
  set_leader (f, "c-trimble", GBACW_LEADER_BRIGADE, 2, 1, GBACW_UNSET, 0);
  INF (f, "u-milroy-1", "union", 4, 3, "0203", "s");
  INF (f, "u-schenck-1", "union", 4, 3, "0303", "s");
  INF (f, "u-stahel-1", "union", 4, 3, stahel_hex, "s");
  INF (f, "u-carroll-1", "union", 4, 3, "0602", "s");
  INF (f, "c-1", "confederate", 4, 3, "0110", "n");
  INF (f, "c-2", "confederate", 4, 3, "0111", "n");
  set_formation (f, "u-fremont", "u-fremont-div");
  set_formation (f, "u-blenker", "u-blenker-div");
  set_formation (f, "u-milroy u-milroy-1", "u-milroy-bde");
  set_formation (f, "u-schenck u-schenck-1", "u-schenck-bde");
  set_formation (f, "u-stahel u-stahel-1", "u-stahel-bde");
  set_formation (f, "u-carroll u-carroll-1", "u-carroll-bde");
  set_formation (f, "c-trimble c-1 c-2", "c-trimble-bde");
  add_exclusive (f, "reserves", "formations", "u-milroy-bde u-schenck-bde u-stahel-bde", "forbid", "none", "approach",
                 "3", "case", "J 30.1", NULL);
  add_exclusive (f, "jackson.fremont-commitment", "divisions", "u-fremont-div u-blenker-div", "superior",
                 "u-fremont-div", "restrained", "u-blenker-div", "initiative",
                 "-10:0 -9:0 -8:0 -7:0 -6:0 -5:0 -4:0 -3:1 -2:1 0:1 +2:2 +3:3 +5:4", "initiative-brigades",
                 "u-milroy-bde u-schenck-bde", NULL);
  return f;
}

G_GNUC_UNUSED static void
wound (GbacwGame *game, const char *id, int lost)
{
  GbacwGameUnit *u = unit_of (game, id);
  u->strength = u->initial_strength - lost;
  u->killed += lost;
}

/* The ids of the units the open decision names, separated by spaces. */
G_GNUC_UNUSED static char *
offered (GbacwGame *game)
{
  const GbacwDecision *d = gbacw_game_decision (game);
  GString *s = g_string_new (NULL);

  g_assert_nonnull (d);
  g_assert_cmpint (d->kind, ==, GBACW_DECISION_EXCLUSIVE_UNITS);
  for (guint i = 0; i < d->firers->len; i++)
    g_string_append_printf (s, "%s%s", i ? " " : "", gbacw_game_unit (game, g_array_index (d->firers, int, i))->id);
  return g_string_free (s, FALSE);
}

G_GNUC_UNUSED static void
answer (GbacwGame *game, const char *ids)
{
  g_auto (GStrv) names = g_strsplit (ids, " ", -1);
  g_autoptr (GArray) units = g_array_new (FALSE, FALSE, sizeof (int));

  for (guint i = 0; names[i] && *names[i]; i++)
    {
      int u = unit_index (game, names[i]);
      g_array_append_val (units, u);
    }
  apply_expect (game, gbacw_action_new_answer_units ((const int *) (gpointer) units->data, units->len), NULL);
}

G_GNUC_UNUSED static gboolean
status_has (GbacwGame *game, const char *rule_case, const char *text)
{
  g_autoptr (GPtrArray) items = gbacw_game_rules_status (game);

  for (guint i = 0; i < items->len; i++)
    {
      const GbacwRuleStatus *s = g_ptr_array_index (items, i);
      if (g_strcmp0 (s->rule_case, rule_case) == 0 && strstr (s->text, text))
        return TRUE;
    }
  return FALSE;
}

/* Answers the open decision with none (hold fire, no units), or ends the phase. */
G_GNUC_UNUSED static void
step (GbacwGame *game)
{
  const GbacwDecision *d = gbacw_game_decision (game);

  if (d && d->kind == GBACW_DECISION_FIRE)
    apply_expect (game, gbacw_action_new_answer_fire (NULL, 0), NULL);
  else if (d && d->kind == GBACW_DECISION_EXCLUSIVE_UNITS)
    apply_expect (game, gbacw_action_new_answer_units (NULL, 0), NULL);
  else if (d && d->kind == GBACW_DECISION_RETREAT_PATH)
    first_paths (game);
  else
    apply_expect (game, gbacw_action_new_end_phase (), NULL);
}

/* Steps (step ()) to the phase of side in Game-Turn turn, no decision open. */
G_GNUC_UNUSED static void
advance (GbacwGame *game, int turn, GbacwPhase phase, int side)
{
  for (int guard = 0; guard < 2000; guard++)
    {
      if (game->turn == turn && game->phase == phase && game->phasing_side == side && gbacw_game_decision (game) == NULL)
        return;
      step (game);
    }
  g_error ("Game-Turn %d, phase %d of side %d not reached", turn, phase, side);
}

/* Ends the Union Initial Command Phase of Game-Turn turn: the Orders Segment's question. */
G_GNUC_UNUSED static void
to_orders_segment (GbacwGame *game, int turn)
{
  advance (game, turn, GBACW_PHASE_INITIAL_COMMAND, 0);
  end_phase (game);
}
