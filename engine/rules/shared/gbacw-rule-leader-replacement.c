/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-rule-leader-replacement.c: who replaces a lost commander, and when (rules matrix
 * §2.D "Leader replacement / promotion"), for the variants of the three games:
 *
 *  - ordered successor lists per division (J 25.11-25.13, 25.21-25.23; P 29.11-29.12): the
 *    first listed leader still on the map; when every one is lost, the leaders who now
 *    command their brigades, in the same order (J 25.13, P 29.1);
 *  - a successor table per division (P 28.27): a die gives an ordered list, used as above;
 *    a successor lost before he takes over is rolled for again (28.24);
 *  - a delay table (P 28.26): in the first Final Command Phase after the loss a die, less
 *    original-drm when the division's original commander is replaced, less the division
 *    commander's Command Points when a brigadier was lost within his DIR, gives the
 *    number of Final Command Phases before the replacement (0: at once);
 *  - the promoted brigadier keeps his brigade (P 28.25);
 *  - original brigade commanders before attached ones (P 29.21-29.22);
 *  - the rank rule (C 28.32): the highest rank (rank-order, lowest first), then the
 *    highest Effectiveness Radius, then the owner's choice; the new division commander
 *    has promoted-cp Command Points (C: 1; 17.85: none);
 *  - formations whose commander is never replaced (C 28.31: army).
 *
 * Parameters (<exclusive id="leader-replacement">): sides, successors.DIVISION,
 * successor-table.DIVISION, delay-division, delay-brigade, original-drm, keeps-brigade,
 * original-first, rank-order, promoted-cp, never-replaced, case (docs/file-format.md).
 */
#define G_LOG_DOMAIN "gbacw-rule-leader-replacement"

#include "gbacw-rule-modules.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "gbacw-exclusive-params.h"
#include "gbacw-game.h"
#include "gbacw-leadership.h"

typedef struct {
  int lost_leader;        /* the commander whose loss this is, -1: none */
  int remaining;          /* Final Command Phases still to wait; -1: not rolled yet */
  int successor;          /* P 28.27's choice, -1 */
  gboolean within_dir;    /* a brigadier lost within his division commander's DIR */
} Vacancy;

typedef struct {
  gboolean *sides;        /* per side index */
  GStrv *successors;      /* per formation index: ordered leader ids, or NULL */
  GPtrArray **tables;     /* per formation index: six GStrv (P 28.27), or NULL */
  GStrv rank_order;       /* lowest first, or NULL */
  int promoted_cp;        /* -1: 17.85 */
  guint never_replaced;   /* bit per GbacwFormationKind */
  GArray *delay_division; /* die -> Final Command Phases (P 28.26), or NULL */
  GArray *delay_brigade;
  int original_drm;
  gboolean keeps_brigade;
  gboolean original_first;
  char *rule_case;
  Vacancy *vacancies;     /* per formation index */
  int *original;          /* per formation index: the order of battle's commander, -1 */
  guint n_formations;
} Replacement;

static const GbacwFormation *
formation_at (const GbacwGame *game, int f)
{
  return g_ptr_array_index (game->scenario->oob.formations, f);
}

static int
unit_by_id (const GbacwGame *game, const char *id)
{
  GbacwGameUnit *u = id ? gbacw_game_find_unit ((GbacwGame *) game, id) : NULL;
  return u ? u->index : -1;
}

static const char *
param (const GbacwExclusiveRule *rule, const char *name)
{
  return gbacw_exclusive_rule_get_param (rule, name);
}

static GArray *
number_table (const GbacwExclusiveRule *rule, const char *name)
{
  const char *value = param (rule, name);
  g_autofree char *why = NULL;
  GArray *table = value ? gbacw_exclusive_parse_turn_numbers (value, &why) : NULL;

  if (value && table == NULL)
    g_warning ("leader-replacement: %s: %s", name, why);   /* the validator refuses it first */
  return table;
}

static gpointer
replacement_init (GbacwGame *game, const GbacwExclusiveRule *rule)
{
  Replacement *r = g_new0 (Replacement, 1);
  const GPtrArray *sides = game->scenario->oob.sides;
  const GPtrArray *formations = game->scenario->oob.formations;
  g_auto (GStrv) side_ids = g_strsplit_set (param (rule, "sides") ? param (rule, "sides") : "", " \t\n", -1);
  g_auto (GStrv) kinds = g_strsplit_set (param (rule, "never-replaced") ? param (rule, "never-replaced") : "", " \t\n", -1);

  r->sides = g_new0 (gboolean, MAX (sides->len, 1));
  for (guint i = 0; i < sides->len; i++)
    r->sides[i] = param (rule, "sides") == NULL
                  || g_strv_contains ((const char *const *) side_ids, ((GbacwSide *) g_ptr_array_index (sides, i))->id);
  r->n_formations = formations->len;
  r->successors = g_new0 (GStrv, MAX (formations->len, 1));
  r->tables = g_new0 (GPtrArray *, MAX (formations->len, 1));
  r->vacancies = g_new0 (Vacancy, MAX (formations->len, 1));
  r->original = g_new0 (int, MAX (formations->len, 1));
  for (guint f = 0; f < formations->len; f++)
    {
      const GbacwFormation *formation = g_ptr_array_index (formations, f);
      g_autofree char *list = g_strconcat ("successors.", formation->id, NULL);
      g_autofree char *table = g_strconcat ("successor-table.", formation->id, NULL);
      g_autofree char *why = NULL;

      if (param (rule, list))
        r->successors[f] = g_strsplit_set (param (rule, list), " \t\n", -1);
      if (param (rule, table) && (r->tables[f] = gbacw_exclusive_parse_die_lists (param (rule, table), &why)) == NULL)
        g_warning ("leader-replacement: %s: %s", table, why);
      r->vacancies[f] = (Vacancy) { -1, -1, -1, FALSE };
      r->original[f] = unit_by_id (game, formation->commander);
    }
  if (param (rule, "rank-order"))
    r->rank_order = g_strsplit_set (param (rule, "rank-order"), " \t\n", -1);
  r->promoted_cp = gbacw_exclusive_rule_get_int (rule, "promoted-cp", -1);
  for (guint i = 0; kinds[i]; i++)
    {
      int kind = gbacw_formation_kind_from_string (kinds[i]);
      if (kind >= 0)
        r->never_replaced |= 1u << kind;
    }
  r->delay_division = number_table (rule, "delay-division");
  r->delay_brigade = number_table (rule, "delay-brigade");
  r->original_drm = gbacw_exclusive_rule_get_int (rule, "original-drm", 0);
  r->keeps_brigade = g_strcmp0 (param (rule, "keeps-brigade"), "yes") == 0;
  r->original_first = g_strcmp0 (param (rule, "original-first"), "yes") == 0;
  r->rule_case = g_strdup (param (rule, "case") ? param (rule, "case") : "17.8");
  return r;
}

static void
replacement_finalize (gpointer data)
{
  Replacement *r = data;

  for (guint f = 0; f < r->n_formations; f++)
    {
      g_strfreev (r->successors[f]);
      if (r->tables[f])
        g_ptr_array_unref (r->tables[f]);
    }
  g_free (r->successors);
  g_free (r->tables);
  g_free (r->vacancies);
  g_free (r->original);
  g_free (r->sides);
  g_strfreev (r->rank_order);
  if (r->delay_division)
    g_array_unref (r->delay_division);
  if (r->delay_brigade)
    g_array_unref (r->delay_brigade);
  g_free (r->rule_case);
  g_free (r);
}

static gboolean
gated (const Replacement *r, const GbacwGame *game, int f)
{
  int side = gbacw_game_side_index (game, formation_at (game, f)->side);
  return side >= 0 && r->sides[side];
}

static gboolean
available (const GbacwGame *game, int leader)
{
  return leader >= 0 && gbacw_game_unit (game, leader)->hex >= 0;
}

/* ------------------------------------------------------------------ when */

static void
replacement_lost (GbacwGame *game, gpointer data, int leader)
{
  Replacement *r = data;
  const GbacwGameUnit *l = gbacw_game_unit (game, leader);

  for (guint f = 0; f < r->n_formations; f++)
    {
      int parent, division;
      Vacancy *v = &r->vacancies[f];

      if (game->formation_commander[f] != leader || !gated (r, game, (int) f))
        continue;
      *v = (Vacancy) { leader, -1, -1, FALSE };
      /* P 28.26: the brigadier within his division commander's DIR, where he fell */
      parent = game->formation_parent[f];
      division = parent >= 0 ? game->formation_commander[parent] : -1;
      if (formation_at (game, (int) f)->kind == GBACW_FORMATION_BRIGADE && available (game, division) && l->hex >= 0)
        {
          const GbacwGameUnit *d = gbacw_game_unit (game, division);
          v->within_dir = d->oob->dir != GBACW_UNSET && gbacw_leadership_in_radius (game, division, l->hex, d->oob->dir);
        }
    }
}

static int
roll_successor (GbacwGame *game, const Replacement *r, int f);

static gboolean
replacement_due (GbacwGame *game, gpointer data, int f)
{
  Replacement *r = data;
  const GbacwFormation *formation = formation_at (game, f);
  gboolean division = formation->kind == GBACW_FORMATION_DIVISION;
  const GArray *delay = division ? r->delay_division : r->delay_brigade;
  Vacancy *v = &r->vacancies[f];
  g_autofree char *name = NULL;

  if (!gated (r, game, f))
    return TRUE;
  if (r->never_replaced & (1u << formation->kind))
    return FALSE;   /* C 28.31 */
  if (delay == NULL)
    return TRUE;
  if (v->lost_leader != game->formation_commander[f])
    *v = (Vacancy) { game->formation_commander[f], -1, -1, FALSE };
  name = g_strdup (formation->name ? formation->name : formation->id);
  if (v->remaining < 0)
    {
      int die, modified;

      if (division && r->tables[f])
        v->successor = roll_successor (game, r, f);   /* P 28.21: first, then the delay */
      die = gbacw_dice_roll (game->dice);
      modified = die;
      if (division && v->lost_leader == r->original[f])
        modified += r->original_drm;
      if (!division && v->within_dir)
        {
          int parent = game->formation_parent[f];
          int commander = parent >= 0 ? game->formation_commander[parent] : -1;
          if (commander >= 0 && gbacw_game_unit (game, commander)->oob->cp != GBACW_UNSET)
            modified -= gbacw_game_unit (game, commander)->oob->cp;
        }
      modified = CLAMP (modified, 0, 6);
      v->remaining = MAX (0, gbacw_turn_numbers_lookup (delay, modified));
      gbacw_game_log (game, r->rule_case,
                      _("The new commander of %s: die %d, modified %d: in %d Final Command Phases"), name, die, modified,
                      v->remaining);
    }
  if (v->remaining == 0)
    {
      v->lost_leader = -1;   /* the next loss is a new vacancy */
      return TRUE;
    }
  v->remaining--;
  return FALSE;
}

/* ------------------------------------------------------------------ who */

/* The first available leader of ids; when none is, the leaders now commanding the
 * formations the listed leaders commanded in the order of battle, in the same order. */
static int
first_of_list (const GbacwGame *game, const GStrv ids)
{
  const GPtrArray *formations = game->scenario->oob.formations;

  for (guint i = 0; ids && ids[i]; i++)
    if (*ids[i] && available (game, unit_by_id (game, ids[i])))
      return unit_by_id (game, ids[i]);
  for (guint i = 0; ids && ids[i]; i++)
    for (guint f = 0; f < formations->len; f++)
      if (*ids[i] && g_strcmp0 (((GbacwFormation *) g_ptr_array_index (formations, f))->commander, ids[i]) == 0
          && available (game, game->formation_commander[f]))
        return game->formation_commander[f];
  return -1;
}

static int
roll_successor (GbacwGame *game, const Replacement *r, int f)
{
  int die = gbacw_dice_roll (game->dice);
  int chosen = first_of_list (game, g_ptr_array_index (r->tables[f], die - 1));
  const GbacwFormation *formation = formation_at (game, f);
  g_autofree char *label = chosen >= 0 ? gbacw_game_unit_label (game, chosen) : g_strdup (_("nobody"));

  gbacw_game_log (game, r->rule_case, _("The successor of the commander of %s: die %d: %s"),
                  formation->name ? formation->name : formation->id, die, label);
  return chosen;
}

static int
rank_of (const Replacement *r, const GbacwGameUnit *l)
{
  for (guint i = 0; r->rank_order && r->rank_order[i]; i++)
    if (l->oob->rank && g_ascii_strcasecmp (l->oob->rank, r->rank_order[i]) == 0)
      return (int) i;
  return -1;
}

static int
replacement_promotion (GbacwGame *game, gpointer data, int division, GArray *candidates)
{
  Replacement *r = data;

  if (!gated (r, game, division))
    return -1;
  if (r->tables[division])
    {
      Vacancy *v = &r->vacancies[division];
      /* P 28.24: a successor lost before he takes over: roll again */
      if (!available (game, v->successor))
        v->successor = roll_successor (game, r, division);
      return v->successor;
    }
  if (r->successors[division])
    return first_of_list (game, r->successors[division]);
  if (r->original_first)
    {
      /* P 29.21-29.22: the brigade commanders who began under the division first */
      g_autoptr (GArray) original = g_array_new (FALSE, FALSE, sizeof (int));
      for (guint i = 0; i < candidates->len; i++)
        {
          const GbacwFormation *own = gbacw_leader_formation (game, g_array_index (candidates, int, i));
          if (own && g_strcmp0 (own->parent, formation_at (game, division)->id) == 0)
            g_array_append_val (original, g_array_index (candidates, int, i));
        }
      if (original->len > 0)
        {
          g_array_set_size (candidates, 0);
          g_array_append_vals (candidates, original->data, original->len);
        }
    }
  if (r->rank_order && candidates->len > 0)
    {
      /* C 28.32: the highest rank, then the highest ER; a tie is the owner's choice */
      int best_rank = G_MININT, best_er = G_MININT;
      for (guint i = 0; i < candidates->len; i++)
        {
          const GbacwGameUnit *l = gbacw_game_unit (game, g_array_index (candidates, int, i));
          int rank = rank_of (r, l), er = l->oob->er == GBACW_UNSET ? 0 : l->oob->er;
          if (rank > best_rank || (rank == best_rank && er > best_er))
            best_rank = rank, best_er = er;
        }
      for (guint i = candidates->len; i-- > 0;)
        {
          const GbacwGameUnit *l = gbacw_game_unit (game, g_array_index (candidates, int, i));
          if (rank_of (r, l) != best_rank || (l->oob->er == GBACW_UNSET ? 0 : l->oob->er) != best_er)
            g_array_remove_index (candidates, i);
        }
    }
  return candidates->len == 1 && (r->rank_order || r->original_first) ? g_array_index (candidates, int, 0) : -1;
}

static gboolean
replacement_promoted (GbacwGame *game, gpointer data, int division, int leader)
{
  const Replacement *r = data;
  int own = -1;

  if (!gated (r, game, division))
    return FALSE;
  if (r->keeps_brigade)
    return TRUE;   /* P 28.25 */
  /* a division commander promoted to another division (J 25.22: Blenker for Fremont):
   * his own division's list names who takes it */
  for (guint f = 0; f < r->n_formations && own < 0; f++)
    if ((int) f != division && game->formation_commander[f] == leader && r->successors[f])
      own = (int) f;
  if (own >= 0)
    {
      int next = first_of_list (game, r->successors[own]);
      if (next >= 0)
        {
          gbacw_leadership_promote (game, own, next);
          return TRUE;
        }
    }
  return FALSE;
}

static void
replacement_phase_begin (GbacwGame *game, gpointer data)
{
  const Replacement *r = data;

  if (r->promoted_cp < 0 || game->phase != GBACW_PHASE_INITIAL_COMMAND || !r->sides[game->phasing_side])
    return;
  /* C 28.32: the new division commander's Command Points */
  for (guint i = 0; i < game->units->len; i++)
    {
      GbacwGameUnit *u = g_ptr_array_index (game->units, i);
      if (u->side == game->phasing_side && u->type == GBACW_UNIT_LEADER && u->promoted)
        u->cp_left = r->promoted_cp;
    }
}

/* STATUS: the replacements still delayed (P 28.26): rolled, or to roll in the next Final
 * Command Phase. */
static void
replacement_status (const GbacwGame *game, gpointer data, GPtrArray *items)
{
  const Replacement *r = data;

  for (guint f = 0; f < r->n_formations; f++)
    {
      const GbacwFormation *formation = formation_at (game, (int) f);
      const Vacancy *v = &r->vacancies[f];
      const GArray *delay = formation->kind == GBACW_FORMATION_DIVISION ? r->delay_division : r->delay_brigade;
      const char *name = formation->name ? formation->name : formation->id;
      g_autofree char *lost = NULL;

      if (v->lost_leader < 0 || delay == NULL || !gated (r, game, (int) f) || (r->never_replaced & (1u << formation->kind)))
        continue;
      lost = gbacw_game_unit_label (game, v->lost_leader);
      if (v->remaining < 0)
        g_ptr_array_add (items, gbacw_rule_status_new (r->rule_case,
                                                       _("%s has lost %s: the delay of the replacement is rolled in "
                                                         "the next Final Command Phase"), name, lost));
      else if (v->remaining == 0)
        g_ptr_array_add (items, gbacw_rule_status_new (r->rule_case,
                                                       _("%s has lost %s: the new commander comes in the next Final "
                                                         "Command Phase"), name, lost));
      else
        g_ptr_array_add (items,
                         gbacw_rule_status_new (r->rule_case,
                                                g_dngettext (GETTEXT_PACKAGE,
                                                             "%s has lost %s: %d more Final Command Phase before "
                                                             "the new commander comes",
                                                             "%s has lost %s: %d more Final Command Phases before "
                                                             "the new commander comes", v->remaining),
                                                name, lost, v->remaining));
    }
}

static gboolean
replacement_copy_state (GbacwGame *to, gpointer to_data, const GbacwGame *from,
                        gconstpointer from_data)
{
  Replacement *t = to_data;
  const Replacement *f = from_data;

  (void) to;
  (void) from;
  GBACW_COPY_ARRAY (t->vacancies, f->vacancies, MIN (t->n_formations, f->n_formations));
  return TRUE;
}

const GbacwRuleHooks gbacw_rule_leader_replacement = {
  .id = "leader-replacement",
  .init = replacement_init,
  .finalize = replacement_finalize,
  .copy_state = replacement_copy_state,
  .phase_begin = replacement_phase_begin,
  .leader_replacement = replacement_lost,
  .replacement_due = replacement_due,
  .promotion = replacement_promotion,
  .promoted = replacement_promoted,
  .status = replacement_status,
};
