/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-rule-fremont-commitment.c: Fremont's Corps (J 30.0): the Momentum Track and the
 * Initiative Level, orders, withdrawal, individual initiative and recall, with the three
 * segments of the Union Initial Command Phase (J 21.11) and the markers' removal (J 21.14).
 *
 *  - Every brigade under the corps' divisions is committed or uncommitted; the reserves
 *    module holds the uncommitted (J 30.1: approach 3), this one commits and uncommits them
 *    through gbacw_reserves_set_committed ().
 *  - J 30.2: the Momentum marker starts in box start (0); J 30.22, 30.25, 30.26: a
 *    Confederate brigade losing BCE in an action in which a unit of the corps (of one of its
 *    brigades, or a divisional unit) fired or meleed moves it up by that brigade's Momentum
 *    Points (the casualty that triggered the loss is read as the action's: its firers, or
 *    the corps' units on either side of the melee); J 30.23: a brigade of the corps losing
 *    BCE moves it down by its own; J 30.24: the others (Shields') never count; J 30.27,
 *    35.44: each later loss of the same brigade is worth one point less; J 30.28: regaining
 *    BCE does nothing. The track runs -10 to +10; each box's Initiative Level is the
 *    initiative parameter's.
 *  - J 21.11 Orders Segment, J 30.3: the number under orders may reach the Initiative
 *    Level of the start of the phase (30.31); a brigade is eligible (30.32) when it has BCE,
 *    is uncommitted, and its commander is on the map within his division commander's DIR
 *    (and, for the restrained division's brigades, that commander within the superior's).
 *    The Union player is asked which (an EXCLUSIVE_UNITS decision naming their commanders;
 *    the computer player gives all it may). J 30.37 (not on the arrival Game-Turn) follows
 *    from the Sequence: reinforcements enter after this phase.
 *  - J 21.11 Withdrawal/Recall Segment, J 30.33-30.36, 30.5: a brigade under orders that has
 *    lost BCE is withdrawn; of the rest, as many as exceed the Initiative Level must be,
 *    others may be (asked; the default withdraws the excess only, the last given first);
 *    an independent brigade that has lost BCE, or whose commander was lost (30.62), is
 *    recalled.
 *  - J 21.11 Individual Initiative Segment, J 30.4: once a unit of the corps has lost a
 *    Strength Point or gun, one roll (die within initiative-roll, 1) for one eligible
 *    commander (asked): his brigade in initiative-brigades (the roster morale 3 or more,
 *    30.41, which the format does not hold), uncommitted, with BCE, not committed before on
 *    this day (30.41, 30.43). With the Initiative Level 0 at the start of the phase (30.42),
 *    no such roll: each independent brigade is recalled on a die within recall-roll (1-2).
 *  - J 30.34, 30.42: in the Union Movement Phase a withdrawn or recalled brigade's units
 *    must end withdraw-distance (4) hexes from every Confederate combat unit; those that do
 *    not rout when it ends (13.3). J 21.14: in the Union Final Command Phase the markers go
 *    and the brigades are uncommitted.
 *  - J 35.1: in the first night Game-Turn every brigade under orders is withdrawn and every
 *    independent one recalled; no orders nor initiative at night; J 35.11, 35.12: a new day
 *    (the first day Game-Turn after night) makes every brigade eligible again.
 *  - J 30.7: the divisional units (the cavalry of the corps' divisions themselves, not of
 *    their brigades, and every artillery unit under them): when the Initiative Level stands
 *    at 0 at the start of a Union Initial Command Phase, until it climbs to 1 or more, a
 *    divisional unit that begins a move withdraw-distance (4) hexes or more from every
 *    Confederate combat unit may enter no hex within 3 of one (refused); one that begins
 *    nearer may move through such hexes to get away, and every divisional unit still within
 *    3 when the Union Movement Phase ends routs (30.34's rout).
 *
 * Parameters (<exclusive id="jackson.fremont-commitment">):
 *   divisions            the corps' divisions (formation ids): their brigades are the corps
 *   superior             Fremont's division (its commander's DIR holds the restrained one)
 *   restrained           Blenker's division (J 30.32)
 *   initiative           the Initiative Level of the track's boxes, "-10:0 … -3:1 0:1 +2:2";
 *                        a box not given takes the level of the nearest box given between it
 *                        and 0 (0's own when none): the mapsheet's row is cut off
 *   initiative-brigades  the brigades whose commanders may roll for initiative (J 30.41)
 *   start                the marker's first box (default 0, J 30.21)
 *   initiative-roll      the die for individual initiative (default 1)
 *   recall-roll          the die for a recall (default 1-2)
 *   withdraw-distance    hexes from the enemy a withdrawn or recalled unit must end (default 4)
 *   case                 the case cited for commitment (default "J 30.0")
 */
#define G_LOG_DOMAIN "gbacw-rule-fremont-commitment"

#include "gbacw-rule-modules.h"
#include "gbacw-rule-fremont-commitment.h"

#include <glib/gi18n-lib.h>

#include "gbacw-bce.h"
#include "gbacw-exclusive-params.h"
#include "gbacw-game-private.h"
#include "gbacw-game.h"
#include "gbacw-leadership.h"
#include "gbacw-morale.h"
#include "gbacw-query.h"
#include "shared/gbacw-rule-reserves.h"

typedef enum {
  STATE_UNCOMMITTED,
  STATE_ORDERS,        /* Under Orders marker */
  STATE_WITHDRAWN,     /* its Withdrawn side */
  STATE_INDEPENDENT,   /* Independent Attack marker */
  STATE_RECALLED,      /* its Recalled side */
} BrigadeState;

/* The module's pending items (GbacwPending.unit holds the segment). */
enum { SEGMENT_ORDERS, SEGMENT_WITHDRAWAL, SEGMENT_INITIATIVE };

typedef struct {
  int n_formations, n_units;
  int side;                  /* the Union */
  gboolean *corps;           /* per formation: a brigade of the corps */
  gboolean *may_initiate;    /* per formation: J 30.41's morale */
  BrigadeState *state;       /* per formation */
  int *committed_day;        /* per formation: the last day it was committed, 0 */
  int *losses;               /* per formation: times it lost BCE (J 30.27) */
  gboolean *leader_lost;     /* per formation: its commander lost while independent (J 30.62) */
  gboolean *lost_pending;    /* per formation: lost BCE in the action being made */
  int superior, restrained;  /* formation indices, -1 */
  int levels[21];
  int momentum, start;
  int level_at_start;        /* the Initiative Level at the start of this Union Initial Command Phase */
  int initiative_top, recall_top, distance;
  int day, day_turn;         /* the day of Game-Turn day_turn */
  gboolean *divisional;      /* per unit: a divisional unit (J 30.7) */
  gboolean *in_corps;        /* per unit: under one of the corps' divisions (J 30.22, 30.4) */
  gboolean restricted;       /* J 30.7: level 0 at a Union Initial Command Phase, not climbed since */
  char *rule_case;
} Fremont;

static const GbacwFormation *
formation_at (const GbacwGame *game, int f)
{
  return g_ptr_array_index (game->scenario->oob.formations, f);
}

static const char *
formation_name (const GbacwGame *game, int f)
{
  const GbacwFormation *formation = formation_at (game, f);
  return formation->name && *formation->name ? formation->name : formation->id;
}

static gboolean
under (const GbacwGame *game, int f, int target)
{
  for (int guard = 0; f >= 0 && guard < 64; guard++, f = game->formation_original_parent[f])
    if (f == target)
      return TRUE;
  return FALSE;
}

static int
level_of (const Fremont *fr, int box)
{
  box = CLAMP (box, -10, 10);
  /* a box not entered: the nearest entered one toward 0, then 0's */
  for (int b = box; ; b += b > 0 ? -1 : 1)
    {
      if (fr->levels[b + 10] >= 0)
        return fr->levels[b + 10];
      if (b == 0)
        return 1;   /* J 30.21: box 0 is Initiative Level 1 */
    }
}

static int
level_now (const Fremont *fr)
{
  return level_of (fr, fr->momentum);
}

static gpointer
fremont_init (GbacwGame *game, const GbacwExclusiveRule *rule)
{
  Fremont *fr = g_new0 (Fremont, 1);
  const char *value;
  g_autofree char *why = NULL;
  g_auto (GStrv) divisions = NULL;
  g_auto (GStrv) initiators = NULL;

  fr->n_formations = (int) game->scenario->oob.formations->len;
  fr->n_units = (int) game->units->len;
  fr->corps = g_new0 (gboolean, MAX (fr->n_formations, 1));
  fr->may_initiate = g_new0 (gboolean, MAX (fr->n_formations, 1));
  fr->state = g_new0 (BrigadeState, MAX (fr->n_formations, 1));
  fr->committed_day = g_new0 (int, MAX (fr->n_formations, 1));
  fr->losses = g_new0 (int, MAX (fr->n_formations, 1));
  fr->leader_lost = g_new0 (gboolean, MAX (fr->n_formations, 1));
  fr->lost_pending = g_new0 (gboolean, MAX (fr->n_formations, 1));
  fr->divisional = g_new0 (gboolean, MAX (fr->n_units, 1));
  fr->in_corps = g_new0 (gboolean, MAX (fr->n_units, 1));
  fr->side = -1;
  fr->superior = gbacw_leadership_formation_index (game, gbacw_exclusive_rule_get_param (rule, "superior"));
  fr->restrained = gbacw_leadership_formation_index (game, gbacw_exclusive_rule_get_param (rule, "restrained"));
  value = gbacw_exclusive_rule_get_param (rule, "divisions");
  divisions = value ? gbacw_exclusive_parse_ids (value, &why) : NULL;
  for (guint i = 0; divisions && divisions[i]; i++)
    {
      int d = gbacw_leadership_formation_index (game, divisions[i]);
      if (d < 0)
        continue;
      fr->side = gbacw_game_side_index (game, formation_at (game, d)->side);
      for (int f = 0; f < fr->n_formations; f++)
        if (formation_at (game, f)->kind == GBACW_FORMATION_BRIGADE && under (game, f, d))
          fr->corps[f] = TRUE;
      /* J 30.7: the division's own cavalry, every artillery unit under it */
      for (int u = 0; u < fr->n_units; u++)
        {
          const GbacwGameUnit *unit = gbacw_game_unit (game, u);
          int f = game->unit_formation[u];
          if ((unit->type == GBACW_UNIT_CAVALRY && f == d) || (unit->type == GBACW_UNIT_ARTILLERY && under (game, f, d)))
            fr->divisional[u] = TRUE;
          if (under (game, f, d))
            fr->in_corps[u] = TRUE;
        }
    }
  g_clear_pointer (&why, g_free);
  value = gbacw_exclusive_rule_get_param (rule, "initiative-brigades");
  initiators = value ? gbacw_exclusive_parse_ids (value, &why) : NULL;
  for (guint i = 0; initiators && initiators[i]; i++)
    {
      int f = gbacw_leadership_formation_index (game, initiators[i]);
      if (f >= 0)
        fr->may_initiate[f] = TRUE;
    }
  g_clear_pointer (&why, g_free);
  if (!gbacw_exclusive_parse_momentum_levels (gbacw_exclusive_rule_get_param (rule, "initiative"), fr->levels, &why))
    for (int i = 0; i < 21; i++)
      fr->levels[i] = -1;   /* the validator refuses it first; box 0 is level 1 */
  fr->start = CLAMP (gbacw_exclusive_rule_get_int (rule, "start", 0), -10, 10);
  fr->momentum = fr->start;
  fr->level_at_start = level_now (fr);
  g_clear_pointer (&why, g_free);
  if (!gbacw_exclusive_parse_die_top (gbacw_exclusive_rule_get_param (rule, "initiative-roll") ?: "1",
                                      &fr->initiative_top, &why))
    fr->initiative_top = 1;
  g_clear_pointer (&why, g_free);
  if (!gbacw_exclusive_parse_die_top (gbacw_exclusive_rule_get_param (rule, "recall-roll") ?: "1-2", &fr->recall_top,
                                      &why))
    fr->recall_top = 2;
  fr->distance = gbacw_exclusive_rule_get_int (rule, "withdraw-distance", 4);
  value = gbacw_exclusive_rule_get_param (rule, "case");
  fr->rule_case = g_strdup (value ? value : "J 30.0");
  fr->day = 1;
  fr->day_turn = game->scenario->turns.first;
  return fr;
}

static void
fremont_finalize (gpointer data)
{
  Fremont *fr = data;

  g_free (fr->corps);
  g_free (fr->may_initiate);
  g_free (fr->state);
  g_free (fr->committed_day);
  g_free (fr->losses);
  g_free (fr->leader_lost);
  g_free (fr->lost_pending);
  g_free (fr->divisional);
  g_free (fr->in_corps);
  g_free (fr->rule_case);
  g_free (fr);
}

/* ------------------------------------------------------------------ the day (J 35.1x) */

static void
update_day (const GbacwGame *game, Fremont *fr)
{
  for (int t = fr->day_turn + 1; t <= game->turn; t++)
    if (!gbacw_game_is_night (game, t) && gbacw_game_is_night (game, t - 1))
      fr->day++;
  fr->day_turn = MAX (fr->day_turn, game->turn);
}

static gboolean
first_night_turn (const GbacwGame *game)
{
  return game->night && !gbacw_game_is_night (game, game->turn - 1);
}

/* ------------------------------------------------------------------ commitment */

static void set_state (GbacwGame *game, Fremont *fr, int f, BrigadeState state, const char *rule_case,
                       const char *format, ...) G_GNUC_PRINTF (6, 7);

/* Changes brigade f's marker, logging format (its arguments: the brigade's name first). */
static void
set_state (GbacwGame *game, Fremont *fr, int f, BrigadeState state, const char *rule_case, const char *format, ...)
{
  gboolean was = fr->state[f] != STATE_UNCOMMITTED;
  g_autofree char *text = NULL;
  va_list ap;

  fr->state[f] = state;
  if (state == STATE_ORDERS || state == STATE_INDEPENDENT)
    fr->committed_day[f] = fr->day;
  if (state == STATE_UNCOMMITTED)
    fr->leader_lost[f] = FALSE;
  va_start (ap, format);
  text = g_strdup_vprintf (format, ap);
  va_end (ap);
  gbacw_game_log (game, rule_case, "%s", text);
  if (was != (state != STATE_UNCOMMITTED))
    gbacw_reserves_set_committed (game, formation_at (game, f)->id, state != STATE_UNCOMMITTED, rule_case);
}

static int
count_state (const Fremont *fr, BrigadeState state)
{
  int n = 0;

  for (int f = 0; f < fr->n_formations; f++)
    n += fr->corps[f] && fr->state[f] == state;
  return n;
}

static const GbacwGameUnit *
on_map_commander (const GbacwGame *game, int f)
{
  int c = f >= 0 ? game->formation_commander[f] : -1;
  const GbacwGameUnit *u = c >= 0 ? gbacw_game_unit (game, c) : NULL;
  return u && u->hex >= 0 ? u : NULL;
}

/* Whether the commander of formation f is within the DIR of the commander of division d. */
static gboolean
within_dir_of (const GbacwGame *game, int f, int d)
{
  const GbacwGameUnit *c = on_map_commander (game, f), *l = on_map_commander (game, d);

  if (c == NULL || l == NULL)
    return FALSE;
  if (c == l)
    return TRUE;
  return l->oob->dir != GBACW_UNSET && l->oob->dir >= 0 && gbacw_leadership_in_radius (game, l->index, c->hex, l->oob->dir);
}

/* J 30.32: may be given orders now. */
static gboolean
may_receive_orders (const GbacwGame *game, const Fremont *fr, int f)
{
  int division = game->formation_parent[f];

  if (!fr->corps[f] || fr->state[f] != STATE_UNCOMMITTED || gbacw_bce_lost (game, f) || on_map_commander (game, f) == NULL)
    return FALSE;
  if (division < 0 || !within_dir_of (game, f, division))
    return FALSE;
  if (division == fr->restrained && fr->superior >= 0 && !within_dir_of (game, division, fr->superior))
    return FALSE;
  return TRUE;
}

static gboolean
corps_lost_strength (const GbacwGame *game, const Fremont *fr)
{
  for (int i = 0; i < fr->n_units; i++)
    {
      const GbacwGameUnit *u = gbacw_game_unit (game, i);
      if (fr->in_corps[i] && u->killed + u->captured > 0)
        return TRUE;   /* a brigade's unit or a divisional one: J 30.4's "any unit in Fremont's Corps" */
    }
  return FALSE;
}

/* J 30.41, 30.43, 35.12. */
static gboolean
may_roll_initiative (const GbacwGame *game, const Fremont *fr, int f)
{
  return fr->corps[f] && fr->may_initiate[f] && fr->state[f] == STATE_UNCOMMITTED && !gbacw_bce_lost (game, f)
         && fr->committed_day[f] != fr->day && on_map_commander (game, f) != NULL;
}

static void
queue (GbacwGame *game, const Fremont *fr, int segment, const char *rule_case)
{
  GbacwPending *p = gbacw_pending_new_exclusive (game, fr, fr->side, segment, -1, rule_case);

  gbacw_game_queue_pending (game, p, NULL);
}

/* J 35.1: the first night Game-Turn ends every commitment. */
static void
night_withdrawal (GbacwGame *game, Fremont *fr)
{
  for (int f = 0; f < fr->n_formations; f++)
    if (fr->corps[f] && fr->state[f] == STATE_ORDERS)
      set_state (game, fr, f, STATE_WITHDRAWN, "J 35.1", _("Night: %s is withdrawn"), formation_name (game, f));
    else if (fr->corps[f] && fr->state[f] == STATE_INDEPENDENT)
      set_state (game, fr, f, STATE_RECALLED, "J 35.1", _("Night: %s is recalled"), formation_name (game, f));
}

/* J 30.5, 30.62: the withdrawals and recalls that need no choice. */
static void
forced_withdrawals (GbacwGame *game, Fremont *fr)
{
  for (int f = 0; f < fr->n_formations; f++)
    {
      if (!fr->corps[f])
        continue;
      if (fr->state[f] == STATE_ORDERS && gbacw_bce_lost (game, f))
        set_state (game, fr, f, STATE_WITHDRAWN, "J 30.5", _("%s has lost BCE and is withdrawn"),
                   formation_name (game, f));
      else if (fr->state[f] == STATE_INDEPENDENT && gbacw_bce_lost (game, f))
        set_state (game, fr, f, STATE_RECALLED, "J 30.5", _("%s has lost BCE and is recalled"),
                   formation_name (game, f));
      else if (fr->state[f] == STATE_INDEPENDENT && fr->leader_lost[f])
        set_state (game, fr, f, STATE_RECALLED, "J 30.62", _("%s lost its commander and is recalled"),
                   formation_name (game, f));
    }
}

/* J 30.42: the recall rolls when the Initiative Level stood at 0. */
static void
recall_rolls (GbacwGame *game, Fremont *fr)
{
  for (int f = 0; f < fr->n_formations; f++)
    {
      int die;
      if (!fr->corps[f] || fr->state[f] != STATE_INDEPENDENT)
        continue;
      die = gbacw_dice_roll (game->dice);
      if (die <= fr->recall_top)
        {
          set_state (game, fr, f, STATE_RECALLED, "J 30.42",
                     _("Fremont's Initiative Level is 0: %s is recalled on a die of %d (1-%d)"), formation_name (game, f),
                     die, fr->recall_top);
        }
      else
        gbacw_game_log (game, "J 30.42", _("Fremont's Initiative Level is 0: %s keeps its initiative on a die of %d"),
                        formation_name (game, f), die);
    }
}

static void
union_command_end (GbacwGame *game, Fremont *fr)
{
  if (first_night_turn (game))
    {
      night_withdrawal (game, fr);
      return;
    }
  if (game->night)
    return;   /* J 35.1: no orders nor initiative at night */
  queue (game, fr, SEGMENT_ORDERS, "J 21.11");
  queue (game, fr, SEGMENT_WITHDRAWAL, "J 21.11");
  queue (game, fr, SEGMENT_INITIATIVE, "J 21.11");
}

/* J 30.34, 30.42: the units of withdrawn and recalled brigades too near the enemy rout. */
static gboolean
must_keep_away (const GbacwGame *game, const Fremont *fr, int unit)
{
  int f = unit >= 0 && unit < fr->n_units ? game->unit_formation[unit] : -1;
  return f >= 0 && f < fr->n_formations && fr->corps[f]
         && (fr->state[f] == STATE_WITHDRAWN || fr->state[f] == STATE_RECALLED);
}

/* J 30.7: the divisional units are held back now (level 0 at the last Union Initial
 * Command Phase, and it has not climbed to 1 since). */
static gboolean
divisional_restricted (const Fremont *fr)
{
  return fr->restricted && level_now (fr) <= 0;
}

static gboolean
divisional_held (const Fremont *fr, int unit)
{
  return unit >= 0 && unit < fr->n_units && fr->divisional[unit] && divisional_restricted (fr);
}

/* J 30.7: a divisional unit that begins its move withdraw-distance hexes or more from every
 * Confederate unit enters no hex within 3 of one; one that begins nearer may pass such
 * hexes on its way out (it must end the phase away, or rout: union_movement_end ()). */
static gboolean
fremont_action_legal (GbacwGame *game, gpointer data, const GbacwAction *action, GError **error)
{
  const Fremont *fr = data;
  g_autofree int *enemy = NULL;

  if (action->kind != GBACW_ACTION_MOVE || game->phasing_side != fr->side || !divisional_restricted (fr))
    return TRUE;
  for (guint i = 0; action->move.units && i < action->move.units->len; i++)
    {
      int unit = g_array_index (action->move.units, int, i);
      const GbacwGameUnit *u;
      if (!divisional_held (fr, unit))
        continue;
      u = gbacw_game_unit (game, unit);
      if (enemy == NULL)
        {
          enemy = g_new (int, MAX (game->n_hexes, 1));
          gbacw_query_enemy_distance (game, fr->side, enemy, NULL);
        }
      if (u->hex >= 0 && enemy[u->hex] < fr->distance)
        continue;   /* within range already: it must get away */
      for (guint k = 0; action->move.path && k < action->move.path->len; k++)
        {
          int hex = g_array_index (action->move.path, int, k);
          if (hex >= 0 && hex < game->n_hexes && enemy[hex] < fr->distance)
            {
              g_autofree char *label = gbacw_game_unit_label (game, unit);
              g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                           g_dngettext (GETTEXT_PACKAGE,
                                        "[J 30.7] %s is a divisional unit and Fremont's Initiative Level is 0: it may "
                                        "not move within %d hex of a Confederate unit",
                                        "[J 30.7] %s is a divisional unit and Fremont's Initiative Level is 0: it may "
                                        "not move within %d hexes of a Confederate unit",
                                        (gulong) (fr->distance - 1)),
                           label, fr->distance - 1);
              return FALSE;
            }
        }
    }
  return TRUE;
}

static void
union_movement_end (GbacwGame *game, Fremont *fr)
{
  g_autofree int *enemy = g_new (int, MAX (game->n_hexes, 1));

  gbacw_query_enemy_distance (game, fr->side, enemy, NULL);
  for (int i = 0; i < fr->n_units; i++)
    {
      const GbacwGameUnit *u = gbacw_game_unit (game, i);
      int f = game->unit_formation[i];
      const char *rule_case;
      if (u->hex < 0 || !gbacw_game_is_combat_unit (u) || (u->status & (GBACW_STATUS_ROUTED | GBACW_STATUS_ABANDONED))
          || enemy[u->hex] >= fr->distance)
        continue;
      if (must_keep_away (game, fr, i))
        rule_case = fr->state[f] == STATE_WITHDRAWN ? "J 30.34" : "J 30.42";
      else if (divisional_held (fr, i))
        rule_case = "J 30.7";
      else
        continue;
      {
        g_autofree char *label = gbacw_game_unit_label (game, i);
        gbacw_game_log (game, rule_case,
                        g_dngettext (GETTEXT_PACKAGE, "%s did not end %d hex away from every Confederate unit: it routs",
                                     "%s did not end %d hexes away from every Confederate unit: it routs",
                                     (gulong) fr->distance),
                        label, fr->distance);
      }
      gbacw_morale_rout (game, i, rule_case);
    }
}

/* J 21.14. */
static void
union_final_command (GbacwGame *game, Fremont *fr)
{
  for (int f = 0; f < fr->n_formations; f++)
    if (fr->corps[f] && fr->state[f] == STATE_WITHDRAWN)
      set_state (game, fr, f, STATE_UNCOMMITTED, "J 21.14", _("The Withdrawn marker is removed from %s"),
                 formation_name (game, f));
    else if (fr->corps[f] && fr->state[f] == STATE_RECALLED)
      set_state (game, fr, f, STATE_UNCOMMITTED, "J 21.14", _("The Recalled marker is removed from %s"),
                 formation_name (game, f));
}

static void
fremont_phase_begin (GbacwGame *game, gpointer data)
{
  Fremont *fr = data;

  update_day (game, fr);
  if (fr->restricted && level_now (fr) >= 1)
    {
      fr->restricted = FALSE;
      gbacw_game_log (game, "J 30.7", _("Fremont's Initiative Level has climbed to %d: the divisional units move freely "
                                        "again"),
                      level_now (fr));
    }
  if (game->phasing_side != fr->side)
    return;
  if (game->phase == GBACW_PHASE_INITIAL_COMMAND)
    {
      fr->level_at_start = level_now (fr);   /* J 30.31, 30.42 */
      if (fr->level_at_start <= 0 && !fr->restricted)
        {
          fr->restricted = TRUE;
          gbacw_game_log (game, "J 30.7",
                          g_dngettext (GETTEXT_PACKAGE,
                                       "Fremont's Initiative Level is 0: the divisional units may not move within %d "
                                       "hex of a Confederate unit, and those within it must get away",
                                       "Fremont's Initiative Level is 0: the divisional units may not move within %d "
                                       "hexes of a Confederate unit, and those within them must get away",
                                       (gulong) (fr->distance - 1)),
                          fr->distance - 1);
        }
    }
  else if (game->phase == GBACW_PHASE_FINAL_COMMAND)
    union_final_command (game, fr);
}

static void
fremont_phase_end (GbacwGame *game, gpointer data)
{
  Fremont *fr = data;

  if (game->phasing_side != fr->side)
    return;
  if (game->phase == GBACW_PHASE_INITIAL_COMMAND)
    union_command_end (game, fr);
  else if (game->phase == GBACW_PHASE_MOVEMENT)
    union_movement_end (game, fr);
}

/* ------------------------------------------------------------------ the segments */

static GbacwDecision *
brigades_decision (const GbacwGame *game, const Fremont *fr, const GArray *brigades, const char *rule_case)
{
  GbacwDecision *d = gbacw_decision_new (GBACW_DECISION_EXCLUSIVE_UNITS, fr->side, rule_case);

  for (guint i = 0; i < brigades->len; i++)
    {
      int f = g_array_index (brigades, int, i);
      const GbacwGameUnit *c = on_map_commander (game, f);
      int unit = c ? c->index : -1;
      /* J 30.61: the marker of a brigade whose commander is lost is on one of its regiments */
      for (int k = 0; unit < 0 && k < fr->n_units; k++)
        if (game->unit_formation[k] == f && gbacw_game_unit (game, k)->hex >= 0
            && gbacw_game_is_combat_unit (gbacw_game_unit (game, k)))
          unit = k;
      if (unit >= 0)
        g_array_append_val (d->firers, unit);
    }
  d->may_decline = TRUE;
  return d;
}

static GString *
names_of (const GbacwGame *game, const GArray *brigades)
{
  GString *names = g_string_new (NULL);

  for (guint i = 0; i < brigades->len; i++)
    g_string_append_printf (names, "%s%s", i ? ", " : "", formation_name (game, g_array_index (brigades, int, i)));
  return names;
}

static int
resolve_orders (GbacwGame *game, Fremont *fr, GbacwDecision **decision)
{
  int slots = fr->level_at_start - count_state (fr, STATE_ORDERS);
  g_autoptr (GArray) eligible = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr (GString) names = NULL;
  GbacwDecision *d;

  for (int f = 0; f < fr->n_formations; f++)
    if (may_receive_orders (game, fr, f))
      g_array_append_val (eligible, f);
  if (slots <= 0 || eligible->len == 0)
    {
      gbacw_game_log (game, "J 30.3",
                      g_dngettext (GETTEXT_PACKAGE, "Orders Segment: Initiative Level %d, %d brigade under orders: no new orders",
                                   "Orders Segment: Initiative Level %d, %d brigades under orders: no new orders",
                                   (gulong) count_state (fr, STATE_ORDERS)),
                      fr->level_at_start, count_state (fr, STATE_ORDERS));
      return GBACW_RESOLVE_DONE;
    }
  d = brigades_decision (game, fr, eligible, "J 30.3");
  d->length = MIN (slots, (int) eligible->len);
  names = names_of (game, eligible);
  d->question = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                              "Orders Segment (J 30.3): Fremont may give orders to %d more brigade. Which? %s",
                                              "Orders Segment (J 30.3): Fremont may give orders to %d more brigades. Which? %s",
                                              (gulong) d->length),
                                 d->length, names->str);
  *decision = d;
  return GBACW_RESOLVE_WAIT;
}

static GArray *
ordered_brigades (const Fremont *fr)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (int));

  for (int f = fr->n_formations - 1; f >= 0; f--)   /* the last given first */
    if (fr->corps[f] && fr->state[f] == STATE_ORDERS)
      g_array_append_val (out, f);
  return out;
}

static int
excess (const Fremont *fr)
{
  return MAX (0, count_state (fr, STATE_ORDERS) - fr->level_at_start);
}

static int
resolve_withdrawal (GbacwGame *game, Fremont *fr, GbacwDecision **decision)
{
  g_autoptr (GArray) ordered = NULL;
  g_autoptr (GString) names = NULL;
  GbacwDecision *d;
  int must;

  forced_withdrawals (game, fr);
  ordered = ordered_brigades (fr);
  if (ordered->len == 0)
    return GBACW_RESOLVE_DONE;
  must = excess (fr);
  d = brigades_decision (game, fr, ordered, "J 30.33");
  d->length = (int) d->firers->len;
  names = names_of (game, ordered);
  if (must > 0)
    d->question = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                "Withdrawal Segment (J 30.33): Fremont's Initiative Level is %d: at least %d "
                                                "brigade under orders must be withdrawn. Which do you withdraw? %s",
                                                "Withdrawal Segment (J 30.33): Fremont's Initiative Level is %d: at least %d "
                                                "brigades under orders must be withdrawn. Which do you withdraw? %s",
                                                (gulong) must),
                                   fr->level_at_start, must, names->str);
  else
    d->question = g_strdup_printf (_("Withdrawal Segment (J 30.36): do you withdraw any brigade under orders, to give "
                                     "its orders to another next Game-Turn? %s"),
                                   names->str);
  *decision = d;
  return GBACW_RESOLVE_WAIT;
}

static int
resolve_initiative (GbacwGame *game, Fremont *fr, GbacwDecision **decision)
{
  g_autoptr (GArray) eligible = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr (GString) names = NULL;
  GbacwDecision *d;

  if (fr->level_at_start <= 0)
    {
      recall_rolls (game, fr);
      return GBACW_RESOLVE_DONE;
    }
  if (!corps_lost_strength (game, fr))
    return GBACW_RESOLVE_DONE;   /* J 30.4: not before the corps' first loss */
  for (int f = 0; f < fr->n_formations; f++)
    if (may_roll_initiative (game, fr, f))
      g_array_append_val (eligible, f);
  if (eligible->len == 0)
    return GBACW_RESOLVE_DONE;
  d = brigades_decision (game, fr, eligible, "J 30.4");
  d->length = 1;
  names = names_of (game, eligible);
  d->question = g_strdup_printf (_("Individual Initiative Segment (J 30.4): for which brigade commander do you roll "
                                   "(1-%d needed)? %s"),
                                 fr->initiative_top, names->str);
  *decision = d;
  return GBACW_RESOLVE_WAIT;
}

static int
fremont_resolve (GbacwGame *game, gpointer data, GbacwPending *pending, GbacwDecision **decision)
{
  Fremont *fr = data;

  switch (pending->unit)
    {
    case SEGMENT_ORDERS:
      return resolve_orders (game, fr, decision);
    case SEGMENT_WITHDRAWAL:
      return resolve_withdrawal (game, fr, decision);
    case SEGMENT_INITIATIVE:
    default:
      return resolve_initiative (game, fr, decision);
    }
}

/* The brigade a unit named in an answer stands for (its commander, or one of its units). */
static int
brigade_of_unit (const GbacwGame *game, const Fremont *fr, int unit)
{
  if (unit < 0 || unit >= fr->n_units)
    return -1;
  for (int f = 0; f < fr->n_formations; f++)
    if (fr->corps[f] && game->formation_commander[f] == unit)
      return f;
  return game->unit_formation[unit] >= 0 && fr->corps[game->unit_formation[unit]] ? game->unit_formation[unit] : -1;
}

static void
answer_orders (GbacwGame *game, Fremont *fr, const GArray *chosen)
{
  int slots = fr->level_at_start - count_state (fr, STATE_ORDERS);

  for (guint i = 0; i < chosen->len && slots > 0; i++)
    {
      int f = brigade_of_unit (game, fr, g_array_index (chosen, GbacwFirer, i).unit);
      if (f < 0 || !may_receive_orders (game, fr, f))
        continue;
      set_state (game, fr, f, STATE_ORDERS, "J 30.3", _("Fremont gives orders to %s: it is committed"),
                 formation_name (game, f));
      slots--;
    }
  if (chosen->len == 0)
    gbacw_game_log (game, "J 30.3", _("Fremont gives no new orders"));
}

static void
answer_withdrawal (GbacwGame *game, Fremont *fr, const GArray *chosen)
{
  g_autoptr (GArray) ordered = NULL;

  for (guint i = 0; i < chosen->len; i++)
    {
      int f = brigade_of_unit (game, fr, g_array_index (chosen, GbacwFirer, i).unit);
      if (f >= 0 && fr->state[f] == STATE_ORDERS)
        set_state (game, fr, f, STATE_WITHDRAWN, excess (fr) > 0 ? "J 30.33" : "J 30.36",
                   _("%s is withdrawn: the Under Orders marker is flipped to its Withdrawn side"), formation_name (game, f));
    }
  /* J 30.33: the excess the answer left */
  ordered = ordered_brigades (fr);
  for (guint i = 0; i < ordered->len && excess (fr) > 0; i++)
    {
      int f = g_array_index (ordered, int, i);
      set_state (game, fr, f, STATE_WITHDRAWN, "J 30.33", _("Fremont's Initiative Level has fallen: %s must be withdrawn"),
                 formation_name (game, f));
    }
}

static void
answer_initiative (GbacwGame *game, Fremont *fr, const GArray *chosen)
{
  for (guint i = 0; i < chosen->len && i < 1; i++)
    {
      int f = brigade_of_unit (game, fr, g_array_index (chosen, GbacwFirer, i).unit), die;
      if (f < 0 || !may_roll_initiative (game, fr, f))
        continue;
      die = gbacw_dice_roll (game->dice);
      if (die <= fr->initiative_top)
        {
          set_state (game, fr, f, STATE_INDEPENDENT, "J 30.4",
                     _("%s achieves individual initiative on a die of %d: Independent Attack"), formation_name (game, f),
                     die);
        }
      else
        gbacw_game_log (game, "J 30.4", _("%s does not achieve individual initiative: a die of %d (1-%d needed)"),
                        formation_name (game, f), die, fr->initiative_top);
    }
}

static int
fremont_answer (GbacwGame *game, gpointer data, GbacwPending *pending, const GbacwAction *action)
{
  Fremont *fr = data;
  const GArray *chosen = action->answer.firers;

  switch (pending->unit)
    {
    case SEGMENT_ORDERS:
      answer_orders (game, fr, chosen);
      break;
    case SEGMENT_WITHDRAWAL:
      answer_withdrawal (game, fr, chosen);
      break;
    case SEGMENT_INITIATIVE:
    default:
      answer_initiative (game, fr, chosen);
      break;
    }
  return GBACW_RESOLVE_DONE;
}

/* The computer player's answers: every order it may give; only the withdrawals it must;
 * a roll for the first eligible commander. */
static GbacwAction *
fremont_default (GbacwGame *game, gpointer data, const GbacwPending *pending, const GbacwDecision *decision)
{
  const Fremont *fr = data;
  g_autoptr (GArray) units = g_array_new (FALSE, FALSE, sizeof (int));
  guint n = pending->unit == SEGMENT_WITHDRAWAL ? (guint) excess (fr) : (guint) MAX (decision->length, 0);

  (void) game;
  for (guint i = 0; i < decision->firers->len && units->len < n; i++)
    g_array_append_val (units, g_array_index (decision->firers, int, i));
  return gbacw_action_new_answer_units ((const int *) (gpointer) units->data, units->len);
}

/* ------------------------------------------------------------------ momentum (J 30.2x) */

static void
move_marker (GbacwGame *game, Fremont *fr, int points, const char *rule_case, const char *why)
{
  int before = fr->momentum, level_before = level_now (fr);

  fr->momentum = CLAMP (fr->momentum + points, -10, 10);
  gbacw_game_log (game, rule_case, _("%s: Fremont's Momentum %+d → %+d, Initiative Level %d → %d"), why, before,
                  fr->momentum, level_before, level_now (fr));
}

/* J 30.27, 35.44: the points of the n-th loss (n from 1). */
static int
loss_points (const GbacwGame *game, int f, int n)
{
  int momentum = formation_at (game, f)->momentum;
  return momentum == GBACW_UNSET ? 0 : MAX (0, momentum - (n - 1));
}

static void
fremont_bce_changed (GbacwGame *game, gpointer data, int f, gboolean lost)
{
  Fremont *fr = data;

  if (!lost || f < 0 || f >= fr->n_formations || formation_at (game, f)->kind != GBACW_FORMATION_BRIGADE)
    return;   /* J 30.28: regaining BCE never moves the marker */
  fr->losses[f]++;
  if (fr->corps[f])
    {
      int points = loss_points (game, f, fr->losses[f]);
      g_autofree char *why = g_strdup_printf (_("%s of Fremont's Corps has lost BCE"), formation_name (game, f));
      if (points > 0)
        move_marker (game, fr, -points, fr->losses[f] > 1 ? "J 30.27" : "J 30.23", why);
    }
  else if (gbacw_game_side_index (game, formation_at (game, f)->side) == 1 - fr->side)
    fr->lost_pending[f] = TRUE;   /* J 30.26: who caused it is the action's */
}

/* Whether a unit of the corps (of a brigade, or a divisional unit: J 30.22 "a unit in
 * Fremont's Corps") inflicted the action's casualties (J 30.25, 30.26). */
static gboolean
corps_unit (const GbacwGame *game, const Fremont *fr, int unit)
{
  (void) game;
  return unit >= 0 && unit < fr->n_units && fr->in_corps[unit];
}

static gboolean
corps_acted (const GbacwGame *game, const Fremont *fr, const GbacwAction *action)
{
  const GArray *firers = NULL;

  switch (action->kind)
    {
    case GBACW_ACTION_FIRE:
      firers = action->fire.firers;
      break;
    case GBACW_ACTION_ANSWER:
      firers = action->answer.firers;
      break;
    case GBACW_ACTION_MELEE:
      for (guint i = 0; action->melee.units && i < action->melee.units->len; i++)
        if (corps_unit (game, fr, g_array_index (action->melee.units, int, i)))
          return TRUE;
      for (int i = 0; i < fr->n_units; i++)
        if (corps_unit (game, fr, i) && gbacw_game_unit (game, i)->hex == action->melee.target)
          return TRUE;
      return FALSE;
    default:
      /* fire or melee resolved as a phase ends: a unit of the corps that has fired (its
         strength used, 9.45) or meleed */
      for (int i = 0; i < fr->n_units; i++)
        if (corps_unit (game, fr, i) && (gbacw_game_unit (game, i)->fire_used > 0 || gbacw_game_unit (game, i)->meleed))
          return TRUE;
      return FALSE;
    }
  for (guint i = 0; firers && i < firers->len; i++)
    if (corps_unit (game, fr, g_array_index (firers, GbacwFirer, i).unit))
      return TRUE;
  return FALSE;
}

static void
fremont_action_done (GbacwGame *game, gpointer data, const GbacwAction *action)
{
  Fremont *fr = data;
  int fremont = -1;   /* not asked yet */

  for (int f = 0; f < fr->n_formations; f++)
    {
      if (!fr->lost_pending[f])
        continue;
      fr->lost_pending[f] = FALSE;
      if (fremont < 0)
        fremont = corps_acted (game, fr, action);
      if (fremont)
        {
          int points = loss_points (game, f, fr->losses[f]);
          g_autofree char *why = g_strdup_printf (_("Fremont's units caused the BCE loss of %s"), formation_name (game, f));
          if (points > 0)
            move_marker (game, fr, points, fr->losses[f] > 1 ? "J 30.27" : "J 30.22", why);
        }
      else
        gbacw_game_log (game, "J 30.25", _("%s lost BCE to units outside Fremont's Corps: no Momentum Points"),
                        formation_name (game, f));
    }
}

/* J 30.62: the commander of an independent brigade lost. */
static void
fremont_leader_replacement (GbacwGame *game, gpointer data, int leader)
{
  Fremont *fr = data;

  for (int f = 0; f < fr->n_formations; f++)
    if (fr->corps[f] && game->formation_commander[f] == leader && fr->state[f] == STATE_INDEPENDENT)
      {
        fr->leader_lost[f] = TRUE;
        gbacw_game_log (game, "J 30.62", _("%s has lost its commander: it loses its initiative next Union Initial "
                                           "Command Phase"),
                        formation_name (game, f));
      }
}

static int
fremont_keep_distance (const GbacwGame *game, gpointer data, int unit)
{
  const Fremont *fr = data;

  return game->phasing_side == fr->side && (must_keep_away (game, fr, unit) || divisional_held (fr, unit)) ? fr->distance
                                                                                                        : 0;
}

/* ------------------------------------------------------------------ status */

static void
status_line (const GbacwGame *game, const Fremont *fr, GPtrArray *items, BrigadeState state, const char *rule_case,
             const char *label)
{
  g_autoptr (GArray) brigades = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr (GString) names = NULL;

  for (int f = 0; f < fr->n_formations; f++)
    if (fr->corps[f] && fr->state[f] == state)
      g_array_append_val (brigades, f);
  if (brigades->len == 0)
    return;
  names = names_of (game, brigades);
  /* TRANSLATORS: "Under orders: Milroy's Brigade, Schenck's Brigade" */
  g_ptr_array_add (items, gbacw_rule_status_new (rule_case, _("%s: %s"), label, names->str));
}

static void
fremont_status (const GbacwGame *game, gpointer data, GPtrArray *items)
{
  const Fremont *fr = data;

  if (fr->side < 0)
    return;
  g_ptr_array_add (items, gbacw_rule_status_new ("J 30.2", _("Fremont's Momentum Track: %+d, Initiative Level %d"),
                                                 fr->momentum, level_now (fr)));
  g_ptr_array_add (items,
                   gbacw_rule_status_new ("J 30.3",
                                          g_dngettext (GETTEXT_PACKAGE, "%d brigade under orders of %d allowed",
                                                       "%d brigades under orders of %d allowed",
                                                       (gulong) count_state (fr, STATE_ORDERS)),
                                          count_state (fr, STATE_ORDERS), fr->level_at_start));
  status_line (game, fr, items, STATE_ORDERS, "J 30.3", _("Under orders"));
  status_line (game, fr, items, STATE_WITHDRAWN, "J 30.34", _("Withdrawn"));
  status_line (game, fr, items, STATE_INDEPENDENT, "J 30.4", _("Independent attack"));
  status_line (game, fr, items, STATE_RECALLED, "J 30.42", _("Recalled"));
  status_line (game, fr, items, STATE_UNCOMMITTED, "J 30.1", _("Uncommitted"));
  if (divisional_restricted (fr))
    g_ptr_array_add (items, gbacw_rule_status_new ("J 30.7",
                                                   g_dngettext (GETTEXT_PACKAGE,
                                                                "Divisional units: not within %d hex of a Confederate "
                                                                "unit (Initiative Level 0)",
                                                                "Divisional units: not within %d hexes of a Confederate "
                                                                "unit (Initiative Level 0)",
                                                                (gulong) (fr->distance - 1)),
                                                   fr->distance - 1));
}

static gboolean
fremont_copy_state (GbacwGame *to, gpointer to_data, const GbacwGame *from, gconstpointer from_data)
{
  Fremont *t = to_data;
  const Fremont *f = from_data;
  int n = MIN (t->n_formations, f->n_formations);

  (void) to;
  (void) from;
  GBACW_COPY_ARRAY (t->state, f->state, n);
  GBACW_COPY_ARRAY (t->committed_day, f->committed_day, n);
  GBACW_COPY_ARRAY (t->losses, f->losses, n);
  GBACW_COPY_ARRAY (t->leader_lost, f->leader_lost, n);
  GBACW_COPY_ARRAY (t->lost_pending, f->lost_pending, n);
  t->momentum = f->momentum;
  t->start = f->start;
  t->level_at_start = f->level_at_start;
  t->day = f->day;
  t->day_turn = f->day_turn;
  t->restricted = f->restricted;
  return TRUE;
}

const GbacwRuleHooks gbacw_rule_jackson_fremont_commitment = {
  .id = "jackson.fremont-commitment",
  .init = fremont_init,
  .finalize = fremont_finalize,
  .copy_state = fremont_copy_state,
  .phase_begin = fremont_phase_begin,
  .phase_end = fremont_phase_end,
  .keep_distance = fremont_keep_distance,
  .action_legal = fremont_action_legal,
  .leader_replacement = fremont_leader_replacement,
  .action_done = fremont_action_done,
  .exclusive_resolve = fremont_resolve,
  .exclusive_answer = fremont_answer,
  .exclusive_default = fremont_default,
  .bce_changed = fremont_bce_changed,
  .status = fremont_status,
};

/* ------------------------------------------------------------------ for other modules */

static const Fremont *
find (const GbacwGame *game)
{
  GBACW_FOREACH_HOOK (game, hooks, data)
    if (hooks == &gbacw_rule_jackson_fremont_commitment)
      return data;
  return NULL;
}

int
gbacw_fremont_initiative_level (const GbacwGame *game)
{
  const Fremont *fr = find (game);
  return fr ? level_now (fr) : -1;
}

int
gbacw_fremont_side (const GbacwGame *game)
{
  const Fremont *fr = find (game);
  return fr ? fr->side : -1;
}

int
gbacw_fremont_momentum (const GbacwGame *game)
{
  const Fremont *fr = find (game);
  return fr ? fr->momentum : 0;
}
