/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-ai-exclusive.c: the computer player under the games' Exclusive Rules: the game kits'
 * scenarios (the three Jackson scenarios, Pea Ridge, Corinth's Historical and Free Set-Up,
 * their maps unpainted and stand-ins applied as the kit tests do) played computer against
 * computer to the end at one level for both sides, several seeds each, and per scenario:
 * the melees announced (12.8) and fought (12.0) by each side, the announcements the
 * initiation gates stopped (J 21.6, P 27, C 22: units dropped from a melee they announced),
 * strategic retreats and other exits (J 24.2), wins by side, games that did not end
 * ("stuck"), and the processor time per game.
 *
 *   bench-ai-exclusive [--level LEVEL | --levels LEVEL,LEVEL] [--seeds N] [SCENARIO…]
 *
 * LEVEL: easy, normal (the default) or hard; --levels gives the first side's and the
 * second's (the kits' first side is the Union).
 * SCENARIO: port-republic, cross-keys, the-crossroads, pea-ridge, corinth-historical,
 * corinth-free-setup (all when none is given). Exits 1 when a game did not end
 * (BENCH_STUCK_LOG=1 prints its log). */
#define G_LOG_DOMAIN "bench-ai-exclusive"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench-quick.h"
#include "gbacw-ai.h"
#include "gbacw-game.h"
#include "gbacw-query.h"
#include "test-corinth-kit.c"
#include "test-jackson-stand-ins.c"
#include "test-pea-ridge-stand-ins.c"

typedef struct {
  GbacwOutcome *outcome;
  guint declared[2], fought[2], exits[2];
} Counts;

static int
side_of_units (const GbacwGame *game, const GArray *units)
{
  for (guint i = 0; units && i < units->len; i++)
    {
      int u = g_array_index (units, int, i);
      if (u >= 0)
        return gbacw_game_unit (game, u)->side;
    }
  return -1;
}

static gboolean
observe (GbacwGame *game, const GbacwAction *action, gpointer user_data)
{
  Counts *c = user_data;
  int side = -1;

  gbacw_outcome_update (c->outcome, game);
  switch (action->kind)
    {
    case GBACW_ACTION_DECLARE_MELEE:
      if ((side = side_of_units (game, action->melee.units)) >= 0)
        c->declared[side]++;
      break;
    case GBACW_ACTION_MELEE:
      if ((side = side_of_units (game, action->melee.units)) >= 0)
        c->fought[side]++;
      break;
    case GBACW_ACTION_EXIT:
      if ((side = side_of_units (game, action->move.units)) >= 0)
        c->exits[side]++;
      break;
    default:
      break;
    }
  return TRUE;
}

static GbacwScenario *
load (const char *name)
{
  if (g_strcmp0 (name, "pea-ridge") == 0)
    return pea_ridge_with_stand_ins ();
  if (g_str_has_prefix (name, "corinth-"))
    {
      g_autofree char *file = g_strconcat (name, ".xml", NULL);
      return corinth_kit_with_stand_ins (file);
    }
  return jackson_with_stand_ins (name);
}

/* The log lines of a melee-initiation gate that stopped units (J 21.6 refusals never reach
 * the log: the computer player does not announce what the rules refuse). */
static guint
gate_stops (const GbacwGame *game)
{
  guint n = 0;

  for (guint i = 0; i < game->events->len; i++)
    {
      const GbacwEvent *e = g_ptr_array_index (game->events, i);
      if (e->rule_case && (g_str_has_prefix (e->rule_case, "P 27") || g_str_has_prefix (e->rule_case, "C 22"))
          && (strstr (e->text, "does not melee") || strstr (e->text, "may not")))
        n++;
    }
  return n;
}

/* The log lines of units retreated off the map: kept to enter again (C 27.3: a mounted
 * cavalry unit held in the Assault Area, C 29.27) or eliminated there (C 27.1). */
static void
off_map_retreats (const GbacwGame *game, guint *back, guint *lost)
{
  for (guint i = 0; i < game->events->len; i++)
    {
      const GbacwEvent *e = g_ptr_array_index (game->events, i);
      if (g_strcmp0 (e->rule_case, "C 27.3") == 0 && strstr (e->text, "enter again"))
        (*back)++;
      else if (e->rule_case && g_str_has_prefix (e->rule_case, "C 27") && strstr (e->text, "off the map")
               && strstr (e->text, "eliminated"))
        (*lost)++;
    }
}

static int
play_scenario (const char *name, const GbacwAiLevel levels[2], int seeds)
{
  g_autoptr (GbacwScenario) s = load (name);
  guint declared[2] = { 0 }, fought[2] = { 0 }, exits[2] = { 0 }, stops = 0, stuck = 0, back = 0, lost = 0;
  int wins[3] = { 0 };
  double total_ms = 0, max_ms = 0;
  const char *side_name[2];

  if (s == NULL)
    return 1;
  for (int k = 0; k < 2; k++)
    side_name[k] = ((const GbacwSide *) g_ptr_array_index (s->oob.sides, k))->id;
  for (int i = 0; i < seeds; i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (GbacwGame) game = gbacw_game_new (s, 1 + (guint32) i, &error);
      Counts c = { 0 };
      GbacwVictory v;
      gint64 c0;
      double ms;

      if (game == NULL)
        {
          g_printerr ("%s: %s\n", name, error->message);
          return 1;
        }
      c.outcome = gbacw_outcome_new (game);
      c0 = bench_cpu_us (CLOCK_THREAD_CPUTIME_ID);
      if (gbacw_ai_play_levels (game, 3, levels, 0, observe, &c, &error) != GBACW_AI_PLAY_OVER)
        {
          g_print ("%s seed %d: STUCK at Game-Turn %d: %s\n", name, 1 + i, game->turn, error ? error->message : "");
          stuck++;
          if (g_getenv ("BENCH_STUCK_LOG"))
            for (guint k = 0; k < game->events->len; k++)
              {
                const GbacwEvent *e = g_ptr_array_index (game->events, k);
                g_print ("  [%s] %s\n", e->rule_case ? e->rule_case : "", e->text);
              }
        }
      ms = (bench_cpu_us (CLOCK_THREAD_CPUTIME_ID) - c0) / 1000.0;
      total_ms += ms;
      max_ms = MAX (max_ms, ms);
      gbacw_outcome_victory (c.outcome, game, &v);
      wins[v.winner + 1]++;
      stops += gate_stops (game);
      off_map_retreats (game, &back, &lost);
      for (int k = 0; k < 2; k++)
        {
          declared[k] += c.declared[k];
          fought[k] += c.fought[k];
          exits[k] += c.exits[k];
        }
      g_print ("%-20s seed %-2d GT %2d  declared %s %u %s %u  exits %u/%u  VP %d-%d  %s  %7.0f ms\n", name, 1 + i,
               game->turn, side_name[0], c.declared[0], side_name[1], c.declared[1], c.exits[0], c.exits[1],
               v.vp[0], v.vp[1], v.level, ms);
      gbacw_victory_clear (&v);
      gbacw_outcome_free (c.outcome);
    }
  g_print ("== %s (%s v %s, %d games): melees announced per game %s %.1f, %s %.1f; fought %s %.1f, %s %.1f; gate "
           "stops %.1f; exits %s %.1f, %s %.1f; off the map to enter again %.1f, eliminated %.1f; won %s %d, %s %d, drawn %d; "
           "stuck %u; %.0f ms a game (max %.0f)\n",
           name, gbacw_ai_level_to_string (levels[0]), gbacw_ai_level_to_string (levels[1]), seeds, side_name[0], (double) declared[0] / seeds, side_name[1],
           (double) declared[1] / seeds, side_name[0], (double) fought[0] / seeds, side_name[1],
           (double) fought[1] / seeds, (double) stops / seeds, side_name[0], (double) exits[0] / seeds, side_name[1],
           (double) exits[1] / seeds, (double) back / seeds, (double) lost / seeds, side_name[0], wins[1], side_name[1], wins[2], wins[0], stuck,
           total_ms / seeds, max_ms);
  return stuck > 0;
}

int
main (int argc, char **argv)
{
  static const char *const all[] = {
    "port-republic", "cross-keys", "the-crossroads", "pea-ridge", "corinth-historical", "corinth-free-setup", NULL,
  };
  GbacwAiLevel levels[2] = { GBACW_AI_LEVEL_NORMAL, GBACW_AI_LEVEL_NORMAL };
  int seeds = 10, status = 0, first = 1;

  g_set_prgname ("bench-ai-exclusive");
  for (; first < argc && g_str_has_prefix (argv[first], "--"); first++)
    {
      if (g_strcmp0 (argv[first], "--level") == 0 && first + 1 < argc)
        {
          if (!gbacw_ai_level_from_string (argv[++first], &levels[0]))
            {
              g_printerr ("bench-ai-exclusive: no level %s (easy, normal, hard)\n", argv[first]);
              return 2;
            }
          levels[1] = levels[0];
        }
      else if (g_strcmp0 (argv[first], "--levels") == 0 && first + 1 < argc)
        {
          if (!gbacw_ai_levels_from_string (argv[++first], levels))
            {
              g_printerr ("bench-ai-exclusive: no levels %s (LEVEL,LEVEL)\n", argv[first]);
              return 2;
            }
        }
      else if (g_strcmp0 (argv[first], "--seeds") == 0 && first + 1 < argc)
        {
          seeds = atoi (argv[++first]);
          seeds = MAX (seeds, 1);
        }
      else
        {
          g_printerr ("usage: bench-ai-exclusive [--level LEVEL | --levels LEVEL,LEVEL] [--seeds N] [SCENARIO…]\n");
          return 2;
        }
    }
  if (first < argc)
    for (int i = first; i < argc; i++)
      status |= play_scenario (argv[i], levels, seeds);
  else
    for (guint i = 0; all[i]; i++)
      status |= play_scenario (all[i], levels, seeds);
  return status;
}
