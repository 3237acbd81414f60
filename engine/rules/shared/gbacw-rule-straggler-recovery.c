/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-rule-straggler-recovery.c: straggler recovery at night (J 35.4, P 22.3, C 26.2;
 * rules matrix §2.D).
 *
 * Infantry and cavalry units that have lost Strength Points may get one back: a die for
 * each eligible unit, modified, in the success range recovers one SP and erases one of
 * its brigade's BCE boxes (J 35.42, P 22.33, C 26.24; an independent unit's kill box, C
 * 26.25). A box marked for a capture is never erased (J 35.43, C 26.25): the unit's own
 * killed count goes down by one, so a unit whose losses were all captured recovers
 * nothing, and no Victory Points are counted for the SP recovered (J 35.45). A unit never
 * comes back to its original strength (J 35.4, P 22.34, C 26.26); batteries, wagons and
 * their crews never recover (P 22.37, C 26.27).
 *
 * Parameters (<exclusive id="straggler-recovery">):
 *   timing          "interphase" (the default): at the end of the Game-Turn, in the
 *                   Game-Turn Record Interphase, for both players' units (J 35.4: the
 *                   Straggler Recovery Interphase; P 22.31 "at the end of the turn");
 *                   "player-turn": a Straggler Recovery phase after each Player-Turn's
 *                   Final Command Phase, for the phasing player's units (C 21.1's Phase K)
 *   turns           the Game-Turns it is played in ("17": J 35.4); every night
 *                   Game-Turn of the turn track when absent (P 22.31, C 26.21)
 *   losses          the SP a unit must have lost to try (default 2: J 35.4 "two or more",
 *                   P 22.31 and C 26.21 "more than one")
 *   hold            "yes" (the default): a unit that moved or gave a free shot
 *                   (withdrawal fire) in this Game-Turn may not try (P 22.31, C 26.21);
 *                   "no": it may (J 35.41 modifies the roll instead)
 *   success, success.SIDE
 *                   the modified rolls that recover ("5-6": C 26.22; P 22.38's Union
 *                   "5-6" and Confederate "6"; J 35.41 "1-3"); the side's own first
 *   moved-night     added to the die for each night Game-Turn of the turn track, up to
 *                   this one, in which the unit moved (J 35.41: "+1" with success 1-3
 *                   gives 1-3, 1-2, 1)
 *   moved-previous  added to the die when the unit moved in the Game-Turn before this
 *                   one (P 22.35: "-1")
 *   bce-day-1       added to the die when the unit's brigade lost BCE before the first
 *                   night Game-Turn (C 26.23: "-1")
 *   case            the case the log cites ("P 22.38"); 22.3 if absent
 * A unit is eligible only while on the map; one that left it during the game (a brigade
 * withdrawn, P 22.1, 22.36) never is again.
 */
#define G_LOG_DOMAIN "gbacw-rule-straggler-recovery"

#include "gbacw-rule-modules.h"

#include <glib/gi18n-lib.h>

#include "gbacw-bce.h"
#include "gbacw-exclusive-params.h"
#include "gbacw-game.h"

typedef struct {
  gboolean per_player_turn;
  GArray *turns;            /* int, or NULL: every night Game-Turn */
  int losses;
  gboolean hold;
  int *success_lo, *success_hi;   /* per side */
  int moved_night, moved_previous, bce_day_1;
  char *rule_case;
  /* what the Standard Rules do not keep */
  int first_turn, n_turns, n_units;
  guint8 *moved;            /* n_units × n_turns: moved in that Game-Turn */
  gboolean *was_on_map;     /* per unit */
  gboolean *withdrawn;      /* per unit: left the map after being on it */
  int first_night;          /* the first night Game-Turn of the track, G_MAXINT */
  gboolean *lost_by_day;    /* per formation: lost BCE before first_night */
} Stragglers;

static void
warn_bad (const char *name, const char *why)
{
  /* the validator refuses a malformed value before a game starts (scenario.rules) */
  g_warning ("straggler-recovery: %s: %s", name, why);
}

static int
read_int (const GbacwExclusiveRule *rule, const char *name, int min, int max, int fallback)
{
  const char *text = gbacw_exclusive_rule_get_param (rule, name);
  g_autofree char *why = NULL;
  int value = fallback;

  if (text != NULL && !gbacw_exclusive_parse_int (text, min, max, &value, &why))
    {
      warn_bad (name, why);
      value = fallback;
    }
  return value;
}

static gboolean
read_yes_no (const GbacwExclusiveRule *rule, const char *name, const char *const *choices, gboolean fallback)
{
  const char *text = gbacw_exclusive_rule_get_param (rule, name);
  g_autofree char *why = NULL;
  int index = 0;

  if (text == NULL)
    return fallback;
  if (!gbacw_exclusive_parse_choice (text, choices, &index, &why))
    {
      warn_bad (name, why);
      return fallback;
    }
  return index == 1;
}

static const char *const hold_choices[] = { "no", "yes", NULL };
static const char *const timing_choices[] = { "interphase", "player-turn", NULL };

static gpointer
stragglers_init (GbacwGame *game, const GbacwExclusiveRule *rule)
{
  Stragglers *s = g_new0 (Stragglers, 1);
  const GPtrArray *sides = game->scenario->oob.sides;
  const char *text;
  const char *all = gbacw_exclusive_rule_get_param (rule, "success");
  g_autofree char *why = NULL;

  s->per_player_turn = read_yes_no (rule, "timing", timing_choices, FALSE);
  if ((text = gbacw_exclusive_rule_get_param (rule, "turns")) != NULL
      && (s->turns = gbacw_exclusive_parse_turns (text, &why)) == NULL)
    warn_bad ("turns", why);
  s->losses = read_int (rule, "losses", 1, 99, 2);
  s->hold = read_yes_no (rule, "hold", hold_choices, TRUE);
  s->moved_night = read_int (rule, "moved-night", -6, 6, 0);
  s->moved_previous = read_int (rule, "moved-previous", -6, 6, 0);
  s->bce_day_1 = read_int (rule, "bce-day-1", -6, 6, 0);
  s->success_lo = g_new (int, MAX (sides->len, 1));
  s->success_hi = g_new (int, MAX (sides->len, 1));
  for (guint i = 0; i < sides->len; i++)
    {
      const GbacwSide *side = g_ptr_array_index (sides, i);
      g_autofree char *name = g_strconcat ("success.", side->id, NULL);
      const char *range = gbacw_exclusive_rule_get_param (rule, name);
      g_autofree char *range_why = NULL;

      if (range == NULL)
        range = all;
      s->success_lo[i] = 1;
      s->success_hi[i] = 0;   /* no range given: no roll recovers */
      if (range != NULL && !gbacw_exclusive_parse_die_range (range, &s->success_lo[i], &s->success_hi[i], &range_why))
        warn_bad (name, range_why);
    }
  text = gbacw_exclusive_rule_get_param (rule, "case");
  s->rule_case = g_strdup (text != NULL ? text : "22.3");

  s->first_turn = game->first_turn;
  s->n_turns = game->last_turn - game->first_turn + 1;
  s->n_units = (int) game->units->len;
  s->moved = g_new0 (guint8, (gsize) s->n_units * (gsize) s->n_turns);
  s->was_on_map = g_new0 (gboolean, MAX (s->n_units, 1));
  s->withdrawn = g_new0 (gboolean, MAX (s->n_units, 1));
  s->lost_by_day = g_new0 (gboolean, MAX (game->scenario->oob.formations->len, 1));
  s->first_night = G_MAXINT;
  for (int t = game->first_turn; t <= game->last_turn; t++)
    if (gbacw_game_is_night (game, t))
      {
        s->first_night = t;
        break;
      }
  return s;
}

static void
stragglers_finalize (gpointer data)
{
  Stragglers *s = data;

  g_clear_pointer (&s->turns, g_array_unref);
  g_free (s->success_lo);
  g_free (s->success_hi);
  g_free (s->rule_case);
  g_free (s->moved);
  g_free (s->was_on_map);
  g_free (s->withdrawn);
  g_free (s->lost_by_day);
  g_free (s);
}

static gboolean
moved_in (const Stragglers *s, int unit, int turn)
{
  int t = turn - s->first_turn;

  return t >= 0 && t < s->n_turns && unit < s->n_units && s->moved[(gsize) unit * (gsize) s->n_turns + (gsize) t];
}

/* At the end of every phase: which units moved in this Game-Turn, which left the map. */
static void
stragglers_phase_end (GbacwGame *game, gpointer data)
{
  Stragglers *s = data;
  int t = game->turn - s->first_turn;

  for (int i = 0; i < s->n_units; i++)
    {
      const GbacwGameUnit *u = gbacw_game_unit (game, i);
      if (u->moved && u->side == game->phasing_side && t >= 0 && t < s->n_turns)
        s->moved[(gsize) i * (gsize) s->n_turns + (gsize) t] = 1;
      if (u->presence == GBACW_PRESENCE_ON_MAP)
        s->was_on_map[i] = TRUE;
      else if (s->was_on_map[i])
        s->withdrawn[i] = TRUE;
    }
}

static void
stragglers_bce_changed (GbacwGame *game, gpointer data, int formation, gboolean lost)
{
  Stragglers *s = data;

  if (lost && game->turn < s->first_night)
    s->lost_by_day[formation] = TRUE;   /* C 26.23: "on the first day" */
}

static gboolean
played_on (const GbacwGame *game, const Stragglers *s, int turn)
{
  if (s->turns == NULL)
    return gbacw_game_is_night (game, turn);
  for (guint i = 0; i < s->turns->len; i++)
    if (g_array_index (s->turns, int, i) == turn)
      return TRUE;
  return FALSE;
}

static gboolean
eligible (const GbacwGame *game, const Stragglers *s, const GbacwGameUnit *u)
{
  if ((u->type != GBACW_UNIT_INFANTRY && u->type != GBACW_UNIT_CAVALRY) || gbacw_game_is_wagon_crew (u))
    return FALSE;   /* P 22.37, C 26.27 */
  if (u->presence != GBACW_PRESENCE_ON_MAP || u->strength <= 0 || s->withdrawn[u->index])
    return FALSE;   /* P 22.31 "not eliminated completely"; P 22.36 */
  if (u->killed + u->captured < s->losses || u->killed < 1)
    return FALSE;   /* J 35.4, P 22.31; J 35.43: only casualty boxes are erased */
  if (u->strength + 1 >= u->initial_strength)
    return FALSE;   /* J 35.4, P 22.34, C 26.26: never back to full strength */
  if (s->hold && (moved_in (s, u->index, game->turn) || u->moved || u->fired_turn == game->turn))
    return FALSE;   /* P 22.31, C 26.21 */
  return TRUE;
}

/* The die modifier for the unit, and what it is made of (for the log). */
static int
modifier (const GbacwGame *game, const Stragglers *s, const GbacwGameUnit *u, GString *why)
{
  int drm = 0;

  if (s->moved_night != 0)
    {
      int nights = 0;
      for (int t = game->first_turn; t <= game->turn; t++)
        if (gbacw_game_is_night (game, t) && (moved_in (s, u->index, t) || (t == game->turn && u->moved)))
          nights++;
      if (nights > 0)
        {
          drm += nights * s->moved_night;
          g_string_append_printf (why, _(", moved in %d night Game-Turns"), nights);
        }
    }
  if (s->moved_previous != 0 && moved_in (s, u->index, game->turn - 1))
    {
      drm += s->moved_previous;
      g_string_append (why, _(", moved in the previous Game-Turn"));
    }
  if (s->bce_day_1 != 0)
    {
      int f = gbacw_bce_formation_of (game, u->index);
      if (f >= 0 && s->lost_by_day[f])
        {
          drm += s->bce_day_1;
          g_string_append (why, _(", its brigade lost BCE on the first day"));
        }
    }
  return drm;
}

static void
recover (GbacwGame *game, Stragglers *s, int side)
{
  for (int i = 0; i < s->n_units; i++)
    {
      GbacwGameUnit *u = gbacw_game_unit (game, i);
      g_autoptr (GString) why = NULL;
      g_autofree char *label = NULL;
      int drm, die, total;

      if ((side >= 0 && u->side != side) || !eligible (game, s, u))
        continue;
      why = g_string_new (NULL);
      label = gbacw_game_unit_label (game, i);
      drm = modifier (game, s, u, why);
      die = gbacw_dice_roll (game->dice);
      total = die + drm;
      if (total >= s->success_lo[u->side] && total <= s->success_hi[u->side])
        {
          u->strength++;
          u->killed--;   /* the casualty box erased: no Victory Points for it (J 35.45) */
          gbacw_game_log (game, s->rule_case,
                          _("Straggler recovery for %s: die %d%+d = %d%s: recovers one Strength Point (%d of %d)"), label,
                          die, drm, total, why->str, u->strength, u->initial_strength);
        }
      else
        gbacw_game_log (game, s->rule_case, _("Straggler recovery for %s: die %d%+d = %d%s: no Strength Point"), label, die,
                        drm, total, why->str);
    }
}

static void
stragglers_interphase (GbacwGame *game, gpointer data)
{
  Stragglers *s = data;

  if (!s->per_player_turn && played_on (game, s, game->turn))
    recover (game, s, -1);
}

static const char *
stragglers_extra_phase (GbacwGame *game, gpointer data, int after_phase)
{
  Stragglers *s = data;

  if (s->per_player_turn && after_phase == GBACW_PHASE_FINAL_COMMAND && played_on (game, s, game->turn))
    return _("Straggler Recovery Phase");
  return NULL;
}

static void
stragglers_phase_begin (GbacwGame *game, gpointer data)
{
  Stragglers *s = data;

  /* C 21.1: the phase is this module's own (extra_hook), for the phasing player's units */
  if (game->phase == GBACW_PHASE_EXCLUSIVE && g_ptr_array_index (game->hook_data, game->extra_hook) == data)
    recover (game, s, game->phasing_side);
}

static gboolean
stragglers_copy_state (GbacwGame *to, gpointer to_data, const GbacwGame *from,
                       gconstpointer from_data)
{
  Stragglers *t = to_data;
  const Stragglers *f = from_data;

  g_return_val_if_fail (t->n_units == f->n_units && t->n_turns == f->n_turns, FALSE);
  GBACW_COPY_ARRAY (t->moved, f->moved, (gsize) f->n_units * (gsize) f->n_turns);
  GBACW_COPY_ARRAY (t->was_on_map, f->was_on_map, f->n_units);
  GBACW_COPY_ARRAY (t->withdrawn, f->withdrawn, f->n_units);
  GBACW_COPY_ARRAY (t->lost_by_day, f->lost_by_day,
                    MIN (to->scenario->oob.formations->len, from->scenario->oob.formations->len));
  return TRUE;
}

const GbacwRuleHooks gbacw_rule_straggler_recovery = {
  .id = "straggler-recovery",
  .init = stragglers_init,
  .finalize = stragglers_finalize,
  .copy_state = stragglers_copy_state,
  .phase_begin = stragglers_phase_begin,
  .phase_end = stragglers_phase_end,
  .interphase = stragglers_interphase,
  .extra_phase = stragglers_extra_phase,
  .bce_changed = stragglers_bce_changed,
};
