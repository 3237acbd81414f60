/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-rule-bce-loss.c: the effects of Brigade Combat Effectiveness loss (J 27, P 24,
 * C 25; rules matrix §2.D), from the instant the brigade reaches its limit (gbacw-bce.h)
 * until it regains BCE.
 *
 * Parameters (<exclusive id="bce-loss">):
 *   variant         "jackson", "pea-ridge" or "corinth" (required): the effects and the
 *                   cases the log cites
 *     jackson       every unit of the brigade: Morale Rating -1 (J 27.1); a morale check
 *                   before entering each enemy ZOC hex in normal movement, made by the
 *                   top unit of the units moving, a failure a P/R there (9.83) for all
 *                   of them (J 27.2, 27.21-27.23); no melee initiation (J 27.3)
 *     pea-ridge     infantry and cavalry only (P 24.21): +1 to every morale check die
 *                   (P 24.11); no melee initiation (P 24.12); one column left for any fire
 *                   an infantry or cavalry unit of the brigade takes part in (P 24.13);
 *                   brigade retreat (P 24.31-24.35)
 *     corinth       as pea-ridge (C 25.11, 25.12, 25.14), and a routed unit rallies only
 *                   by a die at or under its Morale Rating: a Rally Point of its brigade
 *                   commander, or stacked with a brigade or division commander at -1; a
 *                   friendly army commander stacked with it rallies it without a roll
 *                   (C 25.13, 28.12); brigade retreat at most once per brigade per phase
 *                   (C 25.2, 25.21, 25.25)
 *   morale-rating   the change to the Morale Rating ("-1": J 27.1)
 *   morale-drm      added to morale check dice ("+1": P 24.11, C 25.11)
 *   fire-shift      Fire CRT columns, negative to the left ("-1": P 24.13, C 25.14)
 * The last three default to the variant's values; "0" turns an effect off.
 *
 * Brigade retreat (P 24.31, C 25.2): when an infantry or cavalry unit of a brigade
 * without BCE routs within its brigade commander's Effectiveness Radius, every other unit
 * of the brigade within that radius, not pinned and not routed, retreats two hexes
 * (units of one hex together; 14.4's paths, the owner choosing) and then checks morale;
 * units already routed owe three more hexes of rout retreat (P 24.32, C 25.21); pinned
 * units stay (P 24.32, C 25.22); units that cannot retreat are captured (P 24.35, C
 * 25.24). The unit whose rout caused it routs its own three hexes only (C 25.25), and a
 * rout from the brigade retreat's own morale checks causes no second one (C 25.25; read
 * the same way for P, which is silent, so that a brigade never retreats on and on).
 * Batteries may retreat but need not (P 24.33, C 25.26): their owner is asked which, after
 * the others' retreats; those chosen limber and retreat two hexes with a morale check. The
 * computer player (exclusive_default) takes away the batteries left in an enemy zone of
 * control, which would stand there alone, and leaves the others in action.
 * Units leaving an enemy ZOC in the retreat draw withdrawal fire (P 24.34, C 25.23): pinned by
 * it, they retreat one more hex and check morale; retreat fire (10.2) as in any retreat.
 */
#define G_LOG_DOMAIN "gbacw-rule-bce-loss"

#include "gbacw-rule-modules.h"

#include <glib/gi18n-lib.h>

#include "gbacw-bce.h"
#include "gbacw-exclusive-params.h"
#include "gbacw-fire.h"
#include "gbacw-game.h"
#include "gbacw-game-private.h"
#include "gbacw-leadership.h"
#include "gbacw-morale.h"
#include "gbacw-movement.h"
#include "gbacw-retreat.h"

enum { VARIANT_JACKSON, VARIANT_PEA_RIDGE, VARIANT_CORINTH };

/* The cases each variant cites. */
typedef struct {
  const char *morale;    /* rating (J) or die modifier (P, C) */
  const char *zoc;
  const char *melee;
  const char *fire;
  const char *rally;
  const char *retreat;
  const char *retreat_routed;
  const char *retreat_pinned;
  const char *retreat_battery;
} Cases;

static const Cases variant_cases[] = {
  { "J 27.1", "J 27.2", "J 27.3", NULL, NULL, NULL, NULL, NULL, NULL },
  { "P 24.11", NULL, "P 24.12", "P 24.13", NULL, "P 24.31", "P 24.32", "P 24.32", "P 24.33" },
  { "C 25.11", NULL, "C 25.12", "C 25.14", "C 25.13", "C 25.2", "C 25.21", "C 25.22", "C 25.26" },
};

typedef struct {
  int variant;
  const Cases *cases;
  int morale_rating, morale_drm, fire_shift;
  gboolean all_units;        /* J 27.1: every unit of the brigade, batteries too */
  gboolean zoc_check;        /* J 27.2 */
  gboolean rally_by_die;     /* C 25.13 */
  gboolean brigade_retreat;  /* P 24.31, C 25.2 */
  gboolean once_per_phase;   /* C 25.25 */
  int *retreat_phase;        /* per formation: the phase key of its last brigade retreat, -1 */
  int n_formations;
} BceLoss;

static const char *const variants[] = { "jackson", "pea-ridge", "corinth", NULL };

static int
read_modifier (const GbacwExclusiveRule *rule, const char *name, int fallback)
{
  const char *text = gbacw_exclusive_rule_get_param (rule, name);
  g_autofree char *why = NULL;
  int value;

  if (text == NULL)
    return fallback;
  if (!gbacw_exclusive_parse_int (text, -6, 6, &value, &why))
    {
      /* the validator refuses a malformed value before a game starts (scenario.rules) */
      g_warning ("bce-loss: %s: %s", name, why);
      return fallback;
    }
  return value;
}

static gpointer
bce_loss_init (GbacwGame *game, const GbacwExclusiveRule *rule)
{
  BceLoss *b = g_new0 (BceLoss, 1);
  const char *text = gbacw_exclusive_rule_get_param (rule, "variant");
  g_autofree char *why = NULL;
  gboolean jackson;

  if (text == NULL || !gbacw_exclusive_parse_choice (text, variants, &b->variant, &why))
    g_warning ("bce-loss: variant: %s", why ? why : "missing");
  jackson = b->variant == VARIANT_JACKSON;
  b->cases = &variant_cases[b->variant];
  b->all_units = jackson;
  b->zoc_check = jackson;
  b->morale_rating = read_modifier (rule, "morale-rating", jackson ? -1 : 0);
  b->morale_drm = read_modifier (rule, "morale-drm", jackson ? 0 : 1);
  b->fire_shift = read_modifier (rule, "fire-shift", jackson ? 0 : -1);
  b->rally_by_die = b->variant == VARIANT_CORINTH;
  b->brigade_retreat = !jackson;
  b->once_per_phase = b->variant == VARIANT_CORINTH;
  b->n_formations = (int) game->scenario->oob.formations->len;
  b->retreat_phase = g_new (int, MAX (b->n_formations, 1));
  for (int f = 0; f < b->n_formations; f++)
    b->retreat_phase[f] = -1;
  return b;
}

static void
bce_loss_finalize (gpointer data)
{
  BceLoss *b = data;

  g_free (b->retreat_phase);
  g_free (b);
}

/* Whether the unit suffers the brigade's BCE loss: a combat unit of a brigade without BCE;
 * infantry and cavalry only unless the variant says every unit (J 27.1; P 24.21, C 25.3). */
static gboolean
affected (const GbacwGame *game, const BceLoss *b, int unit)
{
  const GbacwGameUnit *u = gbacw_game_unit (game, unit);

  if (!gbacw_game_is_combat_unit (u) || u->type == GBACW_UNIT_WAGON)
    return FALSE;
  if (!b->all_units && !gbacw_bce_counts (game, unit))
    return FALSE;
  return gbacw_bce_unit_lost (game, unit);
}

static int
bce_loss_morale_rating (const GbacwGame *game, gpointer data, int unit, int rating)
{
  const BceLoss *b = data;

  return b->morale_rating != 0 && affected (game, b, unit) ? MAX (rating + b->morale_rating, 0) : rating;
}

static int
bce_loss_morale_drm (const GbacwGame *game, gpointer data, int unit, GbacwMoraleCause cause)
{
  const BceLoss *b = data;

  (void) cause;   /* every morale check (P 24.11, C 25.11) */
  return b->morale_drm != 0 && affected (game, b, unit) ? b->morale_drm : 0;
}

static int
bce_loss_fire_shift (const GbacwGame *game, gpointer data, const GbacwFireResolution *res)
{
  const BceLoss *b = data;

  if (b->fire_shift == 0)
    return 0;
  /* "even when firing in combination with non-BCE loss units": once for the fire */
  for (guint i = 0; i < res->contributions->len; i++)
    {
      int unit = g_array_index (res->contributions, GbacwFireContribution, i).unit;
      if (gbacw_game_unit (game, unit)->type != GBACW_UNIT_ARTILLERY && affected (game, b, unit))
        return b->fire_shift;
    }
  return 0;
}

static gboolean
bce_loss_melee_initiation (GbacwGame *game, gpointer data, int unit, int target_hex, GError **error)
{
  const BceLoss *b = data;
  g_autofree char *label = NULL;

  (void) target_hex;
  if (!affected (game, b, unit))
    return TRUE;
  label = gbacw_game_unit_label (game, unit);
  g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
               _("[%s] %s belongs to a brigade that has lost BCE and may not initiate melee"), b->cases->melee, label);
  return FALSE;
}

/* J 27.2: before entering each enemy ZOC hex in normal movement. */
static gboolean
bce_loss_move_enter (GbacwGame *game, gpointer data, const GArray *units, int from, int to)
{
  const BceLoss *b = data;
  const GArray *stack = gbacw_game_stack (game, from);
  gboolean needed = FALSE, mounted = TRUE;
  int top = -1, rating, drm, die;
  g_autofree char *label = NULL;
  g_autofree char *to_label = NULL;

  if (!b->zoc_check)
    return TRUE;
  for (guint i = 0; i < units->len; i++)
    {
      int unit = g_array_index (units, int, i);
      const GbacwGameUnit *u = gbacw_game_unit (game, unit);
      if (!gbacw_game_is_combat_unit (u))
        continue;
      needed |= affected (game, b, unit);
      mounted &= gbacw_game_unit_is_mounted (u);
    }
  if (!needed || !gbacw_movement_in_enemy_zoc (game, to, gbacw_game_unit (game, g_array_index (units, int, 0))->side,
                                               mounted))
    return TRUE;
  /* J 27.22: the top unit of those moving checks for them all */
  for (guint i = 0; stack && i < stack->len && top < 0; i++)
    {
      int unit = g_array_index (stack, int, i);
      for (guint k = 0; k < units->len; k++)
        if (g_array_index (units, int, k) == unit && gbacw_game_is_combat_unit (gbacw_game_unit (game, unit)))
          top = unit;
    }
  if (top < 0)
    return TRUE;
  label = gbacw_game_unit_label (game, top);
  to_label = gbacw_game_hex_label (game, to);
  rating = gbacw_morale_rating (game, top);
  drm = gbacw_morale_drm (game, top, FALSE, GBACW_MORALE_CAUSE_EXCLUSIVE);
  die = gbacw_dice_roll (game->dice);
  if (die + drm <= rating)
    {
      gbacw_game_log (game, b->cases->zoc, _("Morale check for %s before entering the enemy zone of control at %s: die "
                                             "%d%+d = %d against Morale %d: passes"),
                      label, to_label, die, drm, die + drm, rating);
      return TRUE;
    }
  gbacw_game_log (game, b->cases->zoc, _("Morale check for %s before entering the enemy zone of control at %s: die %d%+d "
                                         "= %d against Morale %d: fails, a P/R result where it stands"),
                  label, to_label, die, drm, die + drm, rating);
  /* 9.83: the P/R roll, its result for every unit moving (J 27.22, 27.23) */
  drm = gbacw_morale_with_leader (game, top) ? -1 : 0;
  die = gbacw_dice_roll (game->dice);
  if (die + drm > rating)
    {
      gbacw_game_log (game, "9.83", _("P/R for %s: die %d%+d = %d against Morale %d: routed"), label, die, drm, die + drm,
                      rating);
      for (guint i = 0; i < units->len; i++)
        if (gbacw_game_is_combat_unit (gbacw_game_unit (game, g_array_index (units, int, i))))
          gbacw_morale_rout (game, g_array_index (units, int, i), "J 27.23");
    }
  else
    {
      gbacw_game_log (game, "9.83", _("P/R for %s: die %d%+d = %d against Morale %d: pinned"), label, die, drm, die + drm,
                      rating);
      for (guint i = 0; i < units->len; i++)
        {
          GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (units, int, i));
          if (gbacw_game_is_combat_unit (u))
            {
              g_autofree char *unit_label = gbacw_game_unit_label (game, u->index);
              u->status |= GBACW_STATUS_PINNED;
              gbacw_game_log (game, "J 27.23", _("%s is pinned"), unit_label);
            }
        }
    }
  return FALSE;
}

/* Whether a leader of the unit's side commanding an army is stacked with it (C 25.13,
 * 28.12), or (*commander) a brigade or division commander. */
static gboolean
army_commander_stacked (const GbacwGame *game, int unit, gboolean *commander)
{
  const GbacwGameUnit *u = gbacw_game_unit (game, unit);
  const GArray *stack = gbacw_game_stack (game, u->hex);
  gboolean army = FALSE;

  *commander = FALSE;
  for (guint i = 0; stack && i < stack->len; i++)
    {
      const GbacwGameUnit *o = gbacw_game_unit (game, g_array_index (stack, int, i));
      const GbacwFormation *f;
      if (o->type != GBACW_UNIT_LEADER || o->side != u->side || (f = gbacw_leader_formation (game, o->index)) == NULL)
        continue;
      if (f->kind == GBACW_FORMATION_ARMY)
        army = TRUE;
      else if (f->kind == GBACW_FORMATION_BRIGADE || f->kind == GBACW_FORMATION_DIVISION)
        *commander = TRUE;
    }
  return army;
}

static gboolean
bce_loss_rally_by_die (const GbacwGame *game, gpointer data, int unit, int *drm, const char **rule_case)
{
  const BceLoss *b = data;
  gboolean commander;

  if (!b->rally_by_die || !affected (game, b, unit) || army_commander_stacked (game, unit, &commander))
    return FALSE;
  *drm = commander ? -1 : 0;
  *rule_case = b->cases->rally;
  return TRUE;
}

static int
phase_key (const GbacwGame *game)
{
  return ((game->turn * 2 + game->player_turn) * 16 + (int) game->phase) & G_MAXINT;
}

static void
bce_loss_routed (GbacwGame *game, gpointer data, int unit, const char *rule_case)
{
  BceLoss *b = data;
  const GbacwGameUnit *u = gbacw_game_unit (game, unit);
  int f = gbacw_bce_formation_of (game, unit), leader, er;
  g_autoptr (GArray) hexes = NULL;
  g_autoptr (GArray) batteries = NULL;
  g_autofree char *label = NULL;

  if (!b->brigade_retreat || g_strcmp0 (rule_case, b->cases->retreat) == 0 || f < 0 || !gbacw_bce_counts (game, unit)
      || !gbacw_bce_effects (game, f) || u->hex < 0)
    return;
  if (b->once_per_phase && b->retreat_phase[f] == phase_key (game))
    return;   /* C 25.25 */
  leader = game->formation_commander[f];
  if (leader < 0 || gbacw_game_unit (game, leader)->hex < 0)
    return;
  er = gbacw_leadership_er (game, leader);
  if (!gbacw_leadership_in_radius (game, leader, u->hex, er))
    return;
  b->retreat_phase[f] = phase_key (game);
  label = gbacw_game_unit_label (game, unit);
  gbacw_game_log (game, b->cases->retreat, _("%s routs within its brigade commander's Effectiveness Radius: brigade "
                                             "retreat"), label);
  /* each hex's units of the brigade retreat together */
  hexes = g_array_new (FALSE, FALSE, sizeof (int));
  batteries = g_array_new (FALSE, FALSE, sizeof (int));
  for (guint i = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *o = g_ptr_array_index (game->units, i);
      gboolean known = FALSE;
      if ((int) i == unit || o->hex < 0 || gbacw_bce_formation_of (game, (int) i) != f || !gbacw_game_is_combat_unit (o)
          || !gbacw_leadership_in_radius (game, leader, o->hex, er))
        continue;
      for (guint k = 0; k < hexes->len; k++)
        known |= g_array_index (hexes, int, k) == o->hex;
      if (!known)
        g_array_append_val (hexes, o->hex);
    }
  for (guint h = 0; h < hexes->len; h++)
    {
      int hex = g_array_index (hexes, int, h);
      const GArray *stack = gbacw_game_stack (game, hex);
      g_autoptr (GArray) retreating = g_array_new (FALSE, FALSE, sizeof (int));

      for (guint i = 0; stack && i < stack->len; i++)
        {
          int o = g_array_index (stack, int, i);
          GbacwGameUnit *ou = gbacw_game_unit (game, o);
          g_autofree char *o_label = NULL;
          if (o == unit || gbacw_bce_formation_of (game, o) != f || !gbacw_game_is_combat_unit (ou))
            continue;
          o_label = gbacw_game_unit_label (game, o);
          if (ou->type == GBACW_UNIT_ARTILLERY
              && !(ou->status & (GBACW_STATUS_ROUTED | GBACW_STATUS_PINNED | GBACW_STATUS_ABANDONED | GBACW_STATUS_ENGAGED)))
            g_array_append_val (batteries, o);   /* P 24.33, C 25.26: asked below */
          else if (ou->type == GBACW_UNIT_ARTILLERY || ou->type == GBACW_UNIT_WAGON)
            gbacw_game_log (game, b->cases->retreat_battery, _("%s stays"), o_label);
          else if ((ou->status & GBACW_STATUS_ROUTED) && ou->rout_hexes_due > 0)
            gbacw_game_log (game, b->cases->retreat_routed, _("%s, routed, already owes its rout movement"), o_label);
          else if (ou->status & GBACW_STATUS_ROUTED)
            {
              /* P 24.32 "they perform rout movement": once, not once more for every rout of the brigade */
              gbacw_game_log (game, b->cases->retreat_routed, _("%s, routed, makes its rout movement of three hexes"),
                              o_label);
              gbacw_morale_owe_rout (game, o, 3);
            }
          else if (ou->status & GBACW_STATUS_PINNED)
            gbacw_game_log (game, b->cases->retreat_pinned, _("%s is pinned and stays"), o_label);
          else
            g_array_append_val (retreating, o);
        }
      if (retreating->len > 0)
        gbacw_retreat_queue (game, GBACW_PENDING_RETREAT, retreating, 2, GBACW_PENDING_MORALE_AFTER | GBACW_PENDING_WITHDRAWAL_OUT, NULL,
                             b->cases->retreat, NULL);
    }
  /* P 24.33, C 25.26: "the batteries ... are given the option to retreat": their owner is asked
   * which (GBACW_DECISION_EXCLUSIVE_UNITS, after the others' retreats) */
  if (batteries->len > 0)
    {
      GbacwPending *p = gbacw_pending_new_exclusive (game, b, u->side, -1, -1, b->cases->retreat_battery);
      p->units = g_array_copy (batteries);
      gbacw_game_queue_pending (game, p, NULL);
    }
}

/* The batteries of the question still able to retreat (on the map, not routed, pinned, abandoned
 * or engaged since). */
static GArray *
batteries_left (const GbacwGame *game, const GbacwPending *pending)
{
  GArray *left = g_array_new (FALSE, FALSE, sizeof (int));

  for (guint i = 0; pending->units && i < pending->units->len; i++)
    {
      int o = g_array_index (pending->units, int, i);
      const GbacwGameUnit *ou = gbacw_game_unit (game, o);
      if (ou->hex >= 0
          && !(ou->status & (GBACW_STATUS_ROUTED | GBACW_STATUS_PINNED | GBACW_STATUS_ABANDONED | GBACW_STATUS_ENGAGED)))
        g_array_append_val (left, o);
    }
  return left;
}

static int
bce_loss_resolve (GbacwGame *game, gpointer data, GbacwPending *pending, GbacwDecision **decision)
{
  g_autoptr (GArray) left = batteries_left (game, pending);
  GbacwDecision *d;
  GString *names;

  (void) data;
  if (left->len == 0)
    return GBACW_RESOLVE_DONE;
  d = gbacw_decision_new (GBACW_DECISION_EXCLUSIVE_UNITS, pending->side, pending->rule_case);
  names = g_string_new (NULL);
  for (guint i = 0; i < left->len; i++)
    {
      int o = g_array_index (left, int, i);
      g_autofree char *label = gbacw_game_unit_label (game, o);
      g_array_append_val (d->firers, o);
      g_string_append_printf (names, "%s%s", i ? ", " : "", label);
    }
  d->length = (int) left->len;
  d->may_decline = TRUE;
  d->question = g_strdup_printf (_("Which batteries retreat two hexes with their brigade (limbering first)? %s"),
                                 names->str);
  g_string_free (names, TRUE);
  *decision = d;
  return GBACW_RESOLVE_WAIT;
}

/* The batteries chosen limber if they must ("the only way an artillery unit may ever change
 * formation in a Phase other than the Friendly Movement Phase") and retreat two hexes with a
 * morale check at the end, as the brigade's other units; the others stay. */
static int
bce_loss_answer (GbacwGame *game, gpointer data, GbacwPending *pending, const GbacwAction *action)
{
  const BceLoss *b = data;
  g_autoptr (GArray) left = batteries_left (game, pending);
  const GArray *chosen = action->answer.firers;

  for (guint i = 0; i < left->len; i++)
    {
      int o = g_array_index (left, int, i);
      GbacwGameUnit *ou = gbacw_game_unit (game, o);
      g_autofree char *label = gbacw_game_unit_label (game, o);
      gboolean goes = FALSE;
      for (guint k = 0; chosen && k < chosen->len; k++)
        goes |= g_array_index (chosen, GbacwFirer, k).unit == o;
      if (!goes)
        {
          gbacw_game_log (game, b->cases->retreat_battery, _("%s stays"), label);
          continue;
        }
      if (ou->formation == GBACW_FORMATION_STATE_UNLIMBERED)
        {
          ou->formation = GBACW_FORMATION_STATE_LIMBERED;
          gbacw_game_refresh_hex (game, ou->hex);
          gbacw_game_log (game, b->cases->retreat_battery, _("%s limbers to retreat with its brigade"), label);
        }
      {
        g_autoptr (GArray) one = g_array_new (FALSE, FALSE, sizeof (int));
        g_array_append_val (one, o);
        gbacw_retreat_queue (game, GBACW_PENDING_RETREAT, one, 2, GBACW_PENDING_MORALE_AFTER | GBACW_PENDING_WITHDRAWAL_OUT, NULL, b->cases->retreat,
                             pending);
      }
    }
  return GBACW_RESOLVE_DONE;
}

/* The computer player's answer to P 24.33, C 25.26: the batteries in an enemy zone of control
 * (the brigade's foot soldiers gone, guns left there would face the enemy alone: 12.86, an
 * unlimbered battery never retreats before melee) go; the others stay and keep firing. */
static GbacwAction *
bce_loss_default (GbacwGame *game, gpointer data, const GbacwPending *pending, const GbacwDecision *decision)
{
  g_autoptr (GArray) going = g_array_new (FALSE, FALSE, sizeof (int));

  (void) data;
  (void) pending;
  if (decision->kind != GBACW_DECISION_EXCLUSIVE_UNITS)
    return NULL;
  for (guint i = 0; i < decision->firers->len; i++)
    {
      int o = g_array_index (decision->firers, int, i);
      const GbacwGameUnit *ou = gbacw_game_unit (game, o);
      if (ou->hex >= 0 && gbacw_movement_in_enemy_zoc (game, ou->hex, ou->side, FALSE))
        g_array_append_val (going, o);
    }
  return gbacw_action_new_answer_units ((const int *) going->data, going->len);
}

static gboolean
bce_loss_copy_state (GbacwGame *to, gpointer to_data, const GbacwGame *from,
                     gconstpointer from_data)
{
  BceLoss *t = to_data;
  const BceLoss *f = from_data;

  (void) to;
  (void) from;
  GBACW_COPY_ARRAY (t->retreat_phase, f->retreat_phase, MIN (t->n_formations, f->n_formations));
  return TRUE;
}

const GbacwRuleHooks gbacw_rule_bce_loss = {
  .id = "bce-loss",
  .init = bce_loss_init,
  .finalize = bce_loss_finalize,
  .copy_state = bce_loss_copy_state,
  .fire_shift = bce_loss_fire_shift,
  .melee_initiation = bce_loss_melee_initiation,
  .morale_rating = bce_loss_morale_rating,
  .morale_drm = bce_loss_morale_drm,
  .move_enter = bce_loss_move_enter,
  .routed = bce_loss_routed,
  .rally_by_die = bce_loss_rally_by_die,
  .exclusive_resolve = bce_loss_resolve,
  .exclusive_answer = bce_loss_answer,
  .exclusive_default = bce_loss_default,
};
