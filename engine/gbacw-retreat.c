/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-retreat.c: retreats, displacement, capture, leaders left alone, wagon crews routing
 * away as their crew counters (13.31, 14.0-14.4, 8.15, 12.92, 17.53, 11.11). */
#define G_LOG_DOMAIN "gbacw-retreat"

#include "gbacw-retreat.h"

#include <glib/gi18n-lib.h>

#include "gbacw-fire.h"
#include "gbacw-game-private.h"
#include "gbacw-leadership.h"
#include "gbacw-morale.h"
#include "gbacw-movement.h"

/* GbacwPending.flags of a displacement's retreat: morale check of the displaced stack (14.3) */
#define DISPLACE_CHECK (1u << 8)
/* GbacwPending.flags of a RETREAT_MOVE: it is a rout retreat (13.31, 15.16), whose owner
 * chooses which leaders go with it (13.43); and that question has been settled */
#define ROUT_MOVE      (1u << 9)
#define LEADERS_ASKED  (1u << 10)
/* GbacwPending.flags of a RETREAT_MOVE: its path ends short of its length where the rest
 * goes off the map (RETREAT-DIR modules) */
#define OFF_MAP_AT_END (1u << 12)

/* Whether hex holds a combat unit of side other than those in except. */
static gboolean
has_other_combat (const GbacwGame *game, int hex, int side, const GArray *except)
{
  const GArray *stack = gbacw_game_stack (game, hex);

  for (guint i = 0; stack && i < stack->len; i++)
    {
      const GbacwGameUnit *o = gbacw_game_unit (game, g_array_index (stack, int, i));
      if (o->side == side && gbacw_game_is_combat_unit (o) && !gbacw_int_array_has (except, o->index))
        return TRUE;
    }
  return FALSE;
}

static gboolean
has_any_other (const GbacwGame *game, int hex, const GArray *except)
{
  const GArray *stack = gbacw_game_stack (game, hex);

  for (guint i = 0; stack && i < stack->len; i++)
    if (!gbacw_int_array_has (except, g_array_index (stack, int, i)))
      return TRUE;
  return FALSE;
}

/* The distance from hex to the nearest enemy combat unit of side; G_MAXINT if none. */
static int
enemy_distance (const GbacwGame *game, int hex, int side)
{
  int best = G_MAXINT;

  for (guint i = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *e = g_ptr_array_index (game->units, i);
      if (e->side != side && e->hex >= 0 && gbacw_game_is_combat_unit (e))
        best = MIN (best, gbacw_game_distance (game, hex, e->hex));
    }
  return best;
}

/* ------------------------------------------------------------------ paths */

typedef struct {
  GArray *path;
  int cost;
  gboolean friendly;   /* enters a hex with other friendly combat units */
  gboolean occupied;   /* enters a hex with any other unit */
  gboolean ezoc;       /* enters a hex in an enemy ZOC */
  int enemy_distance;  /* of the last hex */
  gboolean edge;       /* ends short on a map-edge hex, to go off the map (RETREAT-DIR) */
  int preference;      /* RETREAT-DIR: lower is better, G_MAXINT forbidden */
} Candidate;

static void
candidate_free (gpointer data)
{
  Candidate *c = data;
  g_array_unref (c->path);
  g_free (c);
}

typedef struct {
  GbacwGame *game;
  const GArray *units;
  int side;
  int from;
  int length;
  guint flags;
  GPtrArray *out;   /* Candidate* */
  GArray *current;
  const GArray *avoid;   /* 14.3: hexes of the displacement chain */
  gboolean modules;      /* the RETREAT-DIR modules shape it (a forced retreat) */
  gboolean off_map;      /* a module lets it go off the map */
} Search;

/* What the RETREAT-DIR modules make of units entering (or starting in) hex. */
static GbacwRetreatEnd
module_retreat_end (const GbacwGame *game, const GArray *units, int hex)
{
  GBACW_FOREACH_HOOK (game, hooks, data)
    if (hooks->retreat_end)
      {
        GbacwRetreatEnd end = hooks->retreat_end (game, data, units, hex);
        if (end != GBACW_RETREAT_GO_ON)
          return end;
      }
  return GBACW_RETREAT_GO_ON;
}

static gboolean
module_off_map (const GbacwGame *game)
{
  for (guint i = 0; i < game->hooks->len; i++)
    if (((const GbacwRuleHooks *) g_ptr_array_index (game->hooks, i))->retreat_off_map)
      return TRUE;
  return FALSE;
}

static gboolean
on_map_edge (const GbacwGame *game, int hex)
{
  for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
    if (gbacw_game_neighbour_index (game, hex, d) < 0)
      return TRUE;
  return FALSE;
}

static void
add_candidate (Search *s, int hex, int cost, gboolean friendly, gboolean occupied, gboolean ezoc, gboolean edge)
{
  Candidate *c = g_new0 (Candidate, 1);

  c->path = g_array_copy (s->current);
  c->cost = cost;
  c->friendly = friendly;
  c->occupied = occupied;
  c->ezoc = ezoc;
  c->edge = edge;
  c->enemy_distance = enemy_distance (s->game, hex, s->side);
  GBACW_FOREACH_HOOK (s->game, hooks, data)
    if (s->modules && hooks->retreat_preference && c->preference != G_MAXINT)
      {
        int value = hooks->retreat_preference (s->game, data, s->units, s->from, c->path);
        c->preference = value == G_MAXINT ? G_MAXINT : c->preference + value;
      }
  g_ptr_array_add (s->out, c);
}

static void
search (Search *s, int hex, int depth, int cost, gboolean friendly, gboolean occupied, gboolean ezoc)
{
  GbacwGame *game = s->game;

  if (depth == s->length)
    {
      add_candidate (s, hex, cost, friendly, occupied, ezoc, FALSE);
      return;
    }
  if (depth > 0 && s->modules && module_retreat_end (game, s->units, hex) != GBACW_RETREAT_GO_ON)
    {
      /* J 24.1, C 27.3: the retreat ends here (or goes off the map from here) */
      add_candidate (s, hex, cost, friendly, occupied, ezoc, FALSE);
      return;
    }
  if (depth > 0 && s->off_map && on_map_edge (game, hex))
    add_candidate (s, hex, cost, friendly, occupied, ezoc, TRUE);   /* off the map from here, if nothing else */
  for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
    {
      int to = gbacw_game_neighbour_index (game, hex, d);
      int step = 0;
      gboolean ok = TRUE, in_zoc = FALSE;

      if (to < 0 || gbacw_game_distance (game, s->from, to) != depth + 1)
        continue;   /* 5.17 off the map; 14.4 exactly n hexes away, never twice */
      if (gbacw_game_hexside_impassable (game, hex, d))
        continue;   /* 14.1 */
      if (gbacw_int_array_has (s->avoid, to))
        continue;   /* 14.3: a chain never turns back into its own hexes */
      if (has_other_combat (game, to, 1 - s->side, NULL))
        continue;   /* 14.1 */
      for (guint i = 0; ok && i < s->units->len; i++)
        {
          int unit = g_array_index (s->units, int, i);
          const GbacwGameUnit *u = gbacw_game_unit (game, unit);
          GbacwMoveCost c;

          gbacw_movement_step_cost (game, unit, hex, d, &c);
          if (c.kind == GBACW_COST_PROHIBITED)
            ok = FALSE;   /* 12.92: impassable terrain */
          else
            step = MAX (step, c.kind == GBACW_COST_MP ? c.halves : c.kind == GBACW_COST_ALL ? 24 : 2);
          if (gbacw_movement_in_enemy_zoc (game, to, u->side, gbacw_game_unit_is_mounted (u)))
            in_zoc = TRUE;
          GBACW_FOREACH_HOOK (game, hooks, data)
            if (hooks->retreat_allowed && !hooks->retreat_allowed (game, data, unit, hex, to))
              ok = FALSE;
        }
      if (!ok || (in_zoc && (s->flags & GBACW_PENDING_NO_EZOC)))
        continue;   /* 12.82, 12.92 */
      g_array_append_val (s->current, to);
      search (s, to, depth + 1, cost + step, friendly || has_other_combat (game, to, s->side, s->units),
              occupied || has_any_other (game, to, s->units), ezoc || in_zoc);
      g_array_set_size (s->current, s->current->len - 1);
    }
}

static int
compare_candidates (gconstpointer a, gconstpointer b)
{
  const Candidate *x = *(Candidate *const *) a, *y = *(Candidate *const *) b;

  if (x->cost != y->cost)
    return x->cost < y->cost ? -1 : 1;
  for (guint i = 0; i < x->path->len && i < y->path->len; i++)
    if (g_array_index (x->path, int, i) != g_array_index (y->path, int, i))
      return g_array_index (x->path, int, i) < g_array_index (y->path, int, i) ? -1 : 1;
  return 0;
}

GPtrArray *
gbacw_retreat_paths (GbacwGame *game, const GArray *units, int from, int length, guint flags)
{
  return gbacw_retreat_paths_avoiding (game, units, from, length, flags, NULL);
}

/* The criteria of 14.3, 14.4 and the RETREAT-DIR modules, applied one after the other. */
typedef struct {
  guint flags;
  gboolean clear_path, vacant, away;
  int start_distance;
  int best_preference;   /* G_MAXINT: not applied yet */
} Filter;

static gboolean
kept (const Candidate *c, const Filter *f)
{
  return !((f->clear_path && c->friendly) || ((f->flags & GBACW_RETREAT_PREFER_VACANT) && f->vacant && c->occupied)
           || (f->away && c->enemy_distance <= f->start_distance && f->start_distance != G_MAXINT)
           || (f->best_preference != G_MAXINT && c->preference != f->best_preference));
}

GPtrArray *
gbacw_retreat_paths_avoiding (GbacwGame *game, const GArray *units, int from, int length, guint flags,
                              const GArray *avoid)
{
  g_autoptr (GPtrArray) all = g_ptr_array_new_with_free_func (candidate_free);
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  gboolean modules = !(flags & GBACW_RETREAT_ANY), full = FALSE, away = FALSE;
  Search s = { game, units, gbacw_game_unit (game, g_array_index (units, int, 0))->side, from, length, flags, all,
               g_array_new (FALSE, FALSE, sizeof (int)), avoid, modules, modules && module_off_map (game) };
  Filter f = { flags, FALSE, FALSE, FALSE, 0, G_MAXINT };
  int best_cost = G_MAXINT, best_preference = G_MAXINT;

  if (length > 0)
    search (&s, from, 0, 0, FALSE, FALSE, FALSE);
  g_array_unref (s.current);
  /* RETREAT-DIR: the paths a module forbids go first; a path to the map edge (and off it)
   * only when no other is left */
  for (guint i = 0; i < all->len;)
    if (((Candidate *) g_ptr_array_index (all, i))->preference == G_MAXINT)
      g_ptr_array_remove_index (all, i);
    else
      full |= !((Candidate *) g_ptr_array_index (all, i++))->edge;
  for (guint i = 0; full && i < all->len;)
    if (((Candidate *) g_ptr_array_index (all, i))->edge)
      g_ptr_array_remove_index (all, i);
    else
      i++;
  g_ptr_array_sort (all, compare_candidates);

  if (flags & GBACW_RETREAT_ANY)
    {
      for (guint i = 0; i < all->len; i++)
        g_ptr_array_add (out, g_array_copy (((Candidate *) g_ptr_array_index (all, i))->path));
      return out;
    }
  /* 14.3: not through friendly units if another path is open that avoids enemy ZOCs */
  for (guint i = 0; i < all->len; i++)
    {
      const Candidate *c = g_ptr_array_index (all, i);
      f.clear_path |= !c->friendly && !c->ezoc;
      f.vacant |= !c->occupied;
    }
  /* 14.4: away from the enemy */
  f.start_distance = enemy_distance (game, from, s.side);
  for (guint i = 0; i < all->len; i++)
    if (kept (g_ptr_array_index (all, i), &f))
      away |= ((Candidate *) g_ptr_array_index (all, i))->enemy_distance > f.start_distance
              || f.start_distance == G_MAXINT;
  f.away = away;
  /* RETREAT-DIR: the direction the modules prefer */
  for (guint i = 0; i < all->len; i++)
    if (kept (g_ptr_array_index (all, i), &f))
      best_preference = MIN (best_preference, ((Candidate *) g_ptr_array_index (all, i))->preference);
  f.best_preference = best_preference;
  /* 14.4: the cheapest terrain */
  for (guint i = 0; i < all->len; i++)
    if (kept (g_ptr_array_index (all, i), &f))
      best_cost = MIN (best_cost, ((Candidate *) g_ptr_array_index (all, i))->cost);
  for (guint i = 0; i < all->len; i++)
    {
      const Candidate *c = g_ptr_array_index (all, i);
      if (kept (c, &f) && c->cost == best_cost)
        g_ptr_array_add (out, g_array_copy (c->path));
    }
  return out;
}

/* ------------------------------------------------------------------ capture */

void
gbacw_retreat_capture (GbacwGame *game, int unit, const char *rule_case)
{
  g_autofree char *label = gbacw_game_unit_label (game, unit);
  g_autofree char *text = g_strdup_printf (_("%s cannot retreat and is captured"), label);

  gbacw_retreat_capture_logged (game, unit, rule_case, text);
}

void
gbacw_retreat_capture_logged (GbacwGame *game, int unit, const char *rule_case, const char *text)
{
  GbacwGameUnit *u = gbacw_game_unit (game, unit);
  int hex = u->hex;

  if (u->hex < 0)
    return;
  if (u->type == GBACW_UNIT_ARTILLERY)
    {
      u->captured += u->guns;
      u->guns = 0;
    }
  else if (u->type != GBACW_UNIT_LEADER)
    {
      u->captured += u->strength;
      u->strength = 0;
    }
  gbacw_game_remove_unit (game, unit, GBACW_PRESENCE_CAPTURED);
  gbacw_game_log (game, rule_case, "%s", text);
  gbacw_retreat_check_lone_leaders (game, hex, u->side);
}

void
gbacw_retreat_check_lone_leaders (GbacwGame *game, int hex, int side)
{
  const GArray *stack = gbacw_game_stack (game, hex);
  gboolean surrounded = TRUE, enemy_here;
  g_autoptr (GArray) leaders = NULL;

  if (stack == NULL || gbacw_game_hex_has_side (game, hex, side, TRUE) || !gbacw_game_hex_has_side (game, hex, side, FALSE))
    return;
  enemy_here = gbacw_game_hex_has_side (game, hex, 1 - side, TRUE);
  for (int d = 0; d < GBACW_HEX_DIRECTIONS && surrounded && !enemy_here; d++)
    {
      int n = gbacw_game_neighbour_index (game, hex, d);
      if (n < 0 || gbacw_game_hexside_impassable (game, hex, d) || gbacw_game_hex_has_side (game, n, 1 - side, TRUE)
          || gbacw_movement_in_enemy_zoc (game, n, side, FALSE))
        continue;
      surrounded = FALSE;
    }
  if (!surrounded && !enemy_here)
    return;
  leaders = g_array_copy ((GArray *) stack);
  for (guint i = 0; i < leaders->len; i++)
    {
      int leader = g_array_index (leaders, int, i);
      const GbacwGameUnit *l = gbacw_game_unit (game, leader);
      g_autofree char *label = NULL;
      if (l->side != side || l->type != GBACW_UNIT_LEADER)
        continue;
      label = gbacw_game_unit_label (game, leader);
      gbacw_leadership_leader_lost (game, leader, GBACW_PRESENCE_CAPTURED);
      gbacw_game_log (game, enemy_here ? "17.54" : "17.53",
                      enemy_here ? _("%s is alone in a hex with enemy combat units and is captured")
                                 : _("%s is alone in a hex surrounded by enemy units and zones of control and is captured"),
                      label);
    }
}

/* ------------------------------------------------------------------ queueing */

void
gbacw_retreat_queue (GbacwGame *game, GbacwPendingKind kind, const GArray *units, int length, guint flags,
                     const GArray *causes, const char *rule_case, const GbacwPending *before)
{
  const GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (units, int, 0));
  GbacwPending *p = gbacw_pending_new (kind, u->side, units->len == 1 ? u->index : -1, u->hex, rule_case);

  p->units = g_array_copy ((GArray *) units);
  p->value = length;
  p->flags = flags;
  if (causes)
    p->excluded = g_array_copy ((GArray *) causes);
  gbacw_game_queue_pending (game, p, before);
}

/* ------------------------------------------------------------------ resolving */

static char *
units_label (const GbacwGame *game, const GArray *units)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < units->len; i++)
    {
      g_autofree char *label = gbacw_game_unit_label (game, g_array_index (units, int, i));
      g_string_append_printf (s, "%s%s", i ? ", " : "", label);
    }
  return g_string_free (s, FALSE);
}

/* Keeps the units still on the map in hex. */
static void
prune_units (GbacwGame *game, GbacwPending *p)
{
  for (guint i = 0; p->units && i < p->units->len;)
    {
      const GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (p->units, int, i));
      if (u->hex != p->hex || u->presence != GBACW_PRESENCE_ON_MAP)
        g_array_remove_index (p->units, i);
      else
        i++;
    }
}

static gboolean
any_combat (const GbacwGame *game, const GArray *units)
{
  for (guint i = 0; units && i < units->len; i++)
    if (gbacw_game_is_combat_unit (gbacw_game_unit (game, g_array_index (units, int, i))))
      return TRUE;
  return FALSE;
}

/* 11.1, 11.11, 11.12: a wagon's crew routs away from it: the wagon is turned over
 * (uncrewed, not routed) and its crew counter comes on the map in its hex, routed, with the
 * crew's Strength Points, weapon, morale and ammunition state. The SP move from the wagon
 * to the counter as `recovered` (-n, +n), so initial = current + killed + captured -
 * recovered holds for both and for the side. Returns the counter, or -1 when the wagon has
 * no crew or its counter is on the map already (a second crew after 11.18: then the crew
 * leaves play as before). */
/* A battery's crew (J 21.21, P 20.21, C 24.21, with a module that gives batteries crew
 * counters) routs away the same way: the guns stay, abandoned and not routed; the counter
 * holds the crew's two steps (one for a half crew, 15.12) as Strength Points of its own,
 * `recovered` on it alone (the battery counts guns, not crew). */
static int
place_crew_counter (GbacwGame *game, GbacwGameUnit *w)
{
  GbacwGameUnit *c = w->crew_counter >= 0 ? gbacw_game_unit (game, w->crew_counter) : NULL;
  g_autofree char *label = NULL;
  g_autofree char *crew_label = NULL;
  g_autofree char *hex = NULL;
  gboolean battery = w->type == GBACW_UNIT_ARTILLERY;
  int n = battery ? (w->crew == GBACW_CREW_HALF ? 1 : w->crew == GBACW_CREW_FULL ? 2 : 0) : w->strength;

  if (c == NULL || c->hex >= 0 || n <= 0 || w->hex < 0)
    return -1;
  c->side = c->original_side = w->side;
  c->strength = n;
  c->recovered += n;
  if (!battery)
    {
      w->strength = 0;
      w->recovered -= n;
    }
  c->morale = w->morale;
  c->status = GBACW_STATUS_ROUTED | (w->status & GBACW_STATUS_AMMO_DEPLETED);
  w->status &= ~(GBACW_STATUS_ROUTED | GBACW_STATUS_PINNED);
  w->rout_hexes_due = 0;
  c->rout_hexes_due = 0;
  c->formation = GBACW_FORMATION_STATE_LINE;
  c->facing = w->facing;
  c->fired_upon |= w->fired_upon;   /* 9.44: this phase's fire on the crew, as on its wagon */
  c->fire_used = 0;
  c->n_fired_at = 0;
  c->out_of_command = FALSE;
  c->crew_may_melee = FALSE;
  c->meleed = FALSE;
  c->advanced = FALSE;
  c->moved = FALSE;
  c->mp_spent = c->hexes_moved = 0;
  c->start_hex = -1;
  gbacw_game_place_unit (game, c->index, w->hex, TRUE);
  label = gbacw_game_unit_label (game, w->index);
  crew_label = gbacw_game_unit_label (game, c->index);
  hex = gbacw_game_hex_label (game, w->hex);
  if (battery)
    {
      w->status |= GBACW_STATUS_ABANDONED;
      gbacw_game_log (game, "15.16", _("The crew of %s routs away from its guns as %s; the guns stay abandoned in %s"),
                      label, crew_label, hex);
    }
  else
    gbacw_game_log (game, "11.12",
                    _("The crew of %s routs away from the wagon as %s (%d SP); the wagon stays uncrewed in %s"), label,
                    crew_label, n, hex);
  return c->index;
}

/* The units leave the map from hex (RETREAT-DIR): a module removes them (J 24.1, C 27.1,
 * C 27.3), else they are captured (5.17, P 26.12). */
static void
retreat_off_map (GbacwGame *game, GbacwPending *p)
{
  g_autoptr (GArray) units = g_array_copy (p->units);
  int hex = p->hex;

  GBACW_FOREACH_HOOK (game, hooks, data)
    if (hooks->retreat_off_map && hooks->retreat_off_map (game, data, units, hex))
      {
        gbacw_retreat_check_lone_leaders (game, hex, p->side);
        return;
      }
  for (guint i = 0; i < units->len; i++)
    {
      int unit = g_array_index (units, int, i);
      g_autofree char *label = gbacw_game_unit_label (game, unit);
      g_autofree char *text = g_strdup_printf (_("%s would retreat off the map and is captured"), label);
      if (gbacw_game_is_combat_unit (gbacw_game_unit (game, unit)))
        gbacw_retreat_capture_logged (game, unit, "5.17", text);
    }
  gbacw_retreat_check_lone_leaders (game, hex, p->side);
}

/* The retreat goes along path (the owner's choice, or the only one). */
static void
start_moving (GbacwGame *game, GbacwPending *p, const GArray *path)
{
  g_clear_pointer (&p->path, g_array_unref);
  p->path = g_array_copy ((GArray *) path);
  if (p->kind == GBACW_PENDING_DISPLACEMENT)
    p->flags |= DISPLACE_CHECK;
  if (p->kind == GBACW_PENDING_ROUT_RETREAT)
    p->flags |= ROUT_MOVE;
  /* RETREAT-DIR: a path short of the retreat's length ends in a hex that stops it (J 24.1),
   * or the rest goes off the map (C 27.3, the map edge) */
  if ((int) path->len < p->value && path->len > 0
      && module_retreat_end (game, p->units, g_array_index (path, int, path->len - 1)) != GBACW_RETREAT_STOP)
    p->flags |= OFF_MAP_AT_END;
  p->kind = GBACW_PENDING_RETREAT_MOVE;
}

/* The start of a retreat: the path, asked of the owner when there is a choice. */
static GbacwResolve
begin_retreat (GbacwGame *game, GbacwPending *p, GbacwDecision **decision)
{
  g_autoptr (GPtrArray) paths = NULL;
  g_autofree char *label = NULL;
  g_autofree char *from = NULL;
  guint path_flags = p->flags & GBACW_PENDING_NO_EZOC;

  if (p->kind == GBACW_PENDING_ROUT_RETREAT)
    {
      GbacwGameUnit *u = gbacw_game_unit (game, p->unit);
      if (!(p->flags & GBACW_PENDING_STARTED))
        {
          /* 13.31: every rout retreat owed so far, in one */
          p->flags |= GBACW_PENDING_STARTED;
          p->value = MAX (u->rout_hexes_due, p->value);
          u->rout_hexes_due = 0;
        }
      if (p->units == NULL)
        {
          p->units = g_array_new (FALSE, FALSE, sizeof (int));
          g_array_append_val (p->units, p->unit);
        }
      p->hex = u->hex;
    }
  prune_units (game, p);
  if (p->units == NULL || p->units->len == 0 || p->value <= 0)
    return GBACW_RESOLVE_DONE;
  label = units_label (game, p->units);
  from = gbacw_game_hex_label (game, p->hex);

  /* 15.16: an unlimbered battery's crew routs away from its guns, which stay;
   * 11.17: a wagon's crew retreats, the wagon stays (uncrewed): as its crew counter when
   * it routs (11.11) */
  if (p->units->len == 1)
    {
      GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (p->units, int, 0));
      int crew = -1;
      if (u->type == GBACW_UNIT_ARTILLERY && u->formation == GBACW_FORMATION_STATE_UNLIMBERED)
        {
          crew = p->kind == GBACW_PENDING_ROUT_RETREAT ? place_crew_counter (game, u) : -1;
          if (crew < 0)
            {
              u->status |= GBACW_STATUS_ABANDONED;
              gbacw_game_log (game, "15.16", _("The crew of %s retreats from its guns, which stay in %s"), label, from);
              return GBACW_RESOLVE_DONE;
            }
          u->status &= ~GBACW_STATUS_ROUTED;
          u->rout_hexes_due = 0;
          p->unit = crew;
          g_array_index (p->units, int, 0) = crew;
          g_free (label);
          label = units_label (game, p->units);
        }
      else if (u->type == GBACW_UNIT_WAGON)
        {
          crew = p->kind == GBACW_PENDING_ROUT_RETREAT ? place_crew_counter (game, u) : -1;
          if (crew < 0)
            {
              /* 11.11: a crew counter only when the crew routs (and while the wagon's is not
               * already on the map): otherwise the crew is out of play, counted as lost */
              if (u->strength > 0)
                gbacw_game_log (game, "11.17", _("The crew of %s leaves the wagon, which stays uncrewed in %s"), label,
                                from);
              u->killed += u->strength;
              u->strength = 0;
              u->status &= ~GBACW_STATUS_ROUTED;
              return GBACW_RESOLVE_DONE;
            }
          /* 11.12: the crew counter routs three hexes like any routed unit (13.31) */
          p->unit = crew;
          g_array_index (p->units, int, 0) = crew;
          g_free (label);
          label = units_label (game, p->units);
        }
    }
  if (p->kind == GBACW_PENDING_DISPLACEMENT)
    path_flags |= GBACW_RETREAT_PREFER_VACANT;
  /* RETREAT-DIR: a retreat beginning in a hex that ends retreats goes off the map (J 24.1,
   * C 27.3) */
  if (module_retreat_end (game, p->units, p->hex) != GBACW_RETREAT_GO_ON)
    {
      retreat_off_map (game, p);
      return GBACW_RESOLVE_DONE;
    }
  if (p->kind == GBACW_PENDING_DISPLACEMENT && p->path && p->path->len > 0)
    {
      g_autoptr (GArray) clear = p->chain ? g_array_copy (p->chain) : g_array_new (FALSE, FALSE, sizeof (int));
      g_array_append_vals (clear, p->path->data, p->path->len);
      paths = gbacw_retreat_paths_avoiding (game, p->units, p->hex, p->value, path_flags, clear);
      if (paths->len == 0)
        g_clear_pointer (&paths, g_ptr_array_unref);
    }
  if (paths == NULL)
    paths = gbacw_retreat_paths_avoiding (game, p->units, p->hex, p->value, path_flags, p->chain);
  if (paths->len == 0 && module_off_map (game) && on_map_edge (game, p->hex))
    {
      retreat_off_map (game, p);   /* C 27.1: blocked on the map edge: off it */
      return GBACW_RESOLVE_DONE;
    }
  if (paths->len == 0)
    {
      /* 14.1, 5.17, 12.92: no way out */
      g_autoptr (GArray) units = g_array_copy (p->units);
      gbacw_game_log (game, p->kind == GBACW_PENDING_ROUT_RETREAT ? "13.31" : "14.1",
                      g_dngettext (GETTEXT_PACKAGE, "%s cannot retreat %d hex from %s", "%s cannot retreat %d hexes from %s", p->value),
                      label, p->value, from);
      for (guint i = 0; i < units->len; i++)
        {
          int unit = g_array_index (units, int, i);
          if (gbacw_game_is_combat_unit (gbacw_game_unit (game, unit)))
            gbacw_retreat_capture (game, unit, p->kind == GBACW_PENDING_ROUT_RETREAT ? "13.31" : "14.1");
        }
      gbacw_retreat_check_lone_leaders (game, p->hex, p->side);
      return GBACW_RESOLVE_DONE;
    }
  if (paths->len == 1)
    {
      start_moving (game, p, g_ptr_array_index (paths, 0));   /* no choice to make */
      return GBACW_RESOLVE_AGAIN;
    }
  *decision = gbacw_decision_new (GBACW_DECISION_RETREAT_PATH, p->side, p->rule_case);
  (*decision)->hex = p->hex;
  (*decision)->length = p->value;
  g_array_append_vals ((*decision)->units, p->units->data, p->units->len);
  for (guint i = 0; i < paths->len; i++)
    g_ptr_array_add ((*decision)->paths, g_array_copy (g_ptr_array_index (paths, i)));
  (*decision)->question = p->kind == GBACW_PENDING_DISPLACEMENT
                            ? g_strdup_printf (_("Where are %s, displaced from %s, retreated one hex?"), label, from)
                            : g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Which path do %s take to retreat %d hex from %s?",
                                                            "Which path do %s take to retreat %d hexes from %s?", p->value),
                                               label, p->value,
                                               from);
  return GBACW_RESOLVE_WAIT;
}

/* 14.3: a displaced stack checks morale: the top unit; the others only if it routs. */
static void
displacement_check (GbacwGame *game, const GArray *units)
{
  int top = -1;
  gboolean routed;

  for (guint i = 0; i < units->len && top < 0; i++)
    {
      const GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (units, int, i));
      if (gbacw_game_is_combat_unit (u) && u->hex >= 0)
        top = u->index;
    }
  if (top < 0)
    return;
  if (gbacw_game_unit (game, top)->status & GBACW_STATUS_ROUTED)
    {
      gbacw_morale_rout (game, top, "14.3");   /* routs again: three more hexes */
      routed = TRUE;
    }
  else
    routed = gbacw_morale_check (game, top, FALSE, GBACW_MORALE_CAUSE_DISPLACED, "14.3");
  if (!routed)
    return;
  for (guint i = 0; i < units->len; i++)
    {
      GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (units, int, i));
      if (u->index == top || !gbacw_game_is_combat_unit (u) || u->hex < 0)
        continue;
      if (u->status & GBACW_STATUS_ROUTED)
        gbacw_morale_rout (game, u->index, "14.3");
      else
        gbacw_morale_check (game, u->index, FALSE, GBACW_MORALE_CAUSE_DISPLACED, "14.3");
    }
}

/* 13.43: the leaders of the routing side in the hex a rout retreat leaves who may stay
 * there with the friendly combat units that remain, or go with the routed units. None when
 * no friendly combat unit remains: then they go with the rout without a question (17.74,
 * retreat_step ()). */
static GArray *
leaders_who_may_go (const GbacwGame *game, const GbacwPending *p)
{
  GArray *leaders = g_array_new (FALSE, FALSE, sizeof (int));
  const GArray *stack = gbacw_game_stack (game, p->hex);

  if (!has_other_combat (game, p->hex, p->side, p->units))
    return leaders;
  for (guint i = 0; stack && i < stack->len; i++)
    {
      const GbacwGameUnit *l = gbacw_game_unit (game, g_array_index (stack, int, i));
      if (l->side == p->side && l->type == GBACW_UNIT_LEADER && !gbacw_int_array_has (p->units, l->index))
        g_array_append_val (leaders, l->index);
    }
  return leaders;
}

/* 13.43: before a rout retreat leaves its hex, its owner chooses which of the leaders
 * stacked with it go along (the rest stay with the units remaining); asked once per rout. */
static GbacwResolve
ask_rout_leaders (GbacwGame *game, GbacwPending *p, GbacwDecision **decision)
{
  g_autoptr (GArray) leaders = leaders_who_may_go (game, p);
  g_autofree char *label = NULL;
  g_autofree char *leaders_label = NULL;
  g_autofree char *from = NULL;
  g_autofree char *to = NULL;

  p->flags |= LEADERS_ASKED;
  if (leaders->len == 0)
    return GBACW_RESOLVE_AGAIN;
  label = units_label (game, p->units);
  leaders_label = units_label (game, leaders);
  from = gbacw_game_hex_label (game, p->hex);
  to = gbacw_game_hex_label (game, g_array_index (p->path, int, p->path->len - 1));
  *decision = gbacw_decision_new (GBACW_DECISION_ROUT_LEADERS, p->side, "13.43");
  (*decision)->hex = p->hex;
  (*decision)->length = (int) p->path->len;
  (*decision)->may_decline = TRUE;
  g_array_append_vals ((*decision)->units, p->units->data, p->units->len);
  g_array_append_vals ((*decision)->firers, leaders->data, leaders->len);
  g_ptr_array_add ((*decision)->paths, g_array_copy (p->path));
  /* TRANSLATORS: "u-1 rout from 0304 to 0307: which of the leaders c-ldr go with them …" */
  (*decision)->question = g_strdup_printf (_("%s rout from %s to %s: which of the leaders %s go with them (none: they "
                                             "stay with the other units in %s)?"),
                                           label, from, to, leaders_label, from);
  return GBACW_RESOLVE_WAIT;
}

/* 13.43: the answer: the leaders named go with the routed units along their whole path
 * (they are part of the retreat from now on); the others stay. */
static GbacwResolve
answer_rout_leaders (GbacwGame *game, GbacwPending *p, const GbacwAction *action)
{
  g_autoptr (GArray) leaders = leaders_who_may_go (game, p);
  g_autofree char *label = units_label (game, p->units);
  g_autofree char *from = gbacw_game_hex_label (game, p->hex);

  for (guint i = 0; i < leaders->len; i++)
    {
      int leader = g_array_index (leaders, int, i);
      g_autofree char *leader_label = gbacw_game_unit_label (game, leader);
      gboolean goes = FALSE;

      for (guint k = 0; k < action->answer.firers->len; k++)
        goes |= g_array_index (action->answer.firers, GbacwFirer, k).unit == leader;
      if (goes)
        g_array_append_val (p->units, leader);
      gbacw_game_log (game, "13.43",
                      goes ? _("%s goes with the routed %s") : _("%s stays in %s with the units remaining there"),
                      leader_label, goes ? label : from);
    }
  return GBACW_RESOLVE_AGAIN;
}

/* One step of a retreat under way, or its end. */
static GbacwResolve
retreat_step (GbacwGame *game, GbacwPending *p, GbacwDecision **decision)
{
  int from = p->hex, to, d;
  g_autofree char *label = NULL;
  g_autofree char *to_label = NULL;
  g_autoptr (GArray) firers = NULL;
  gboolean mounted = FALSE;

  prune_units (game, p);
  if (p->units == NULL || p->units->len == 0 || !any_combat (game, p->units))
    {
      if (p->units != NULL && p->units->len > 0)
        gbacw_retreat_check_lone_leaders (game, p->hex, p->side);
      return GBACW_RESOLVE_DONE;
    }
  if ((p->flags & ROUT_MOVE) && !(p->flags & LEADERS_ASKED) && p->path && p->path->len > 0)
    return ask_rout_leaders (game, p, decision);
  label = units_label (game, p->units);
  if ((p->flags & GBACW_PENDING_BEFORE_MELEE) && p->path && (int) p->path->len == p->value)
    {
      const GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (p->units, int, 0));
      if (u->status & GBACW_STATUS_PINNED)
        {
          gbacw_game_log (game, "12.88", _("%s was pinned by the withdrawal fire and must stand"), label);
          return GBACW_RESOLVE_DONE;
        }
      if (u->status & GBACW_STATUS_ROUTED)
        return GBACW_RESOLVE_DONE;   /* routed by it: the rout retreat instead */
    }
  if (p->path == NULL || p->path->len == 0)
    {
      /* the end of the retreat */
      if (p->flags & OFF_MAP_AT_END)
        {
          retreat_off_map (game, p);
          gbacw_melee_refresh_engaged (game);
          return GBACW_RESOLVE_DONE;
        }
      gbacw_melee_refresh_engaged (game);
      if (p->flags & DISPLACE_CHECK)
        displacement_check (game, p->units);
      if (p->flags & GBACW_PENDING_MORALE_AFTER)
        {
          g_autoptr (GArray) units = g_array_copy (p->units);
          for (guint i = 0; i < units->len; i++)
            {
              GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (units, int, i));
              if (gbacw_game_is_combat_unit (u) && u->hex >= 0)
                gbacw_morale_check (game, u->index, FALSE, GBACW_MORALE_CAUSE_MELEE, p->rule_case);
            }
        }
      return GBACW_RESOLVE_DONE;
    }
  to = g_array_index (p->path, int, 0);
  to_label = gbacw_game_hex_label (game, to);

  /* 14.3, 8.15: friendly units in the way are displaced first */
  if (!(p->flags & (GBACW_PENDING_DISPLACED | GBACW_PENDING_BEFORE_MELEE | GBACW_PENDING_NO_DISPLACE))
      && has_other_combat (game, to, p->side, p->units))
    {
      g_autoptr (GArray) displaced = g_array_new (FALSE, FALSE, sizeof (int));
      const GArray *stack = gbacw_game_stack (game, to);
      for (guint i = 0; stack && i < stack->len; i++)
        {
          const GbacwGameUnit *o = gbacw_game_unit (game, g_array_index (stack, int, i));
          if (o->side == p->side && !gbacw_int_array_has (p->units, o->index))
            g_array_append_val (displaced, o->index);
        }
      p->flags |= GBACW_PENDING_DISPLACED;
      {
        g_autofree char *displaced_label = units_label (game, displaced);
        gbacw_game_log (game, "14.3", _("%s must retreat through %s: %s are displaced one hex"), label, to_label,
                        displaced_label);
      }
      {
        /* 14.3, 14.1: the displaced stack may not go back into this chain's hexes (the
         * retreats waiting for it); with none left it is captured */
        GbacwPending *displace = gbacw_pending_new (GBACW_PENDING_DISPLACEMENT, p->side,
                                                    displaced->len == 1 ? g_array_index (displaced, int, 0) : -1, to,
                                                    "14.3");
        displace->units = g_array_copy (displaced);
        displace->value = 1;
        if (p->excluded)
          displace->excluded = g_array_copy (p->excluded);
        displace->chain = p->chain ? g_array_copy (p->chain) : g_array_new (FALSE, FALSE, sizeof (int));
        if (!gbacw_int_array_has (displace->chain, from))
          g_array_append_val (displace->chain, from);
        /* the hexes the retreat still enters: kept clear if the stack can go elsewhere (14.3
         * "onto a vacant hex if possible"; else the retreat displaces it again at every step) */
        displace->path = g_array_copy (p->path);
        gbacw_game_queue_pending (game, displace, p);
      }
      return GBACW_RESOLVE_AGAIN;
    }
  p->flags &= ~GBACW_PENDING_DISPLACED;

  /* P 24.34, C 25.23: leaving an enemy ZOC draws withdrawal fire (10.1), once per hex left
   * (other_hex: the hex it was asked for); a unit pinned by it goes one more hex and then
   * checks morale (the stack stops with it) */
  if (p->flags & GBACW_PENDING_WITHDRAWAL_OUT)
    {
      if (p->other_hex != from)
        {
          g_autoptr (GArray) zoc_firers = gbacw_fire_zoc_firers (game, from, p->side, FALSE);
          p->other_hex = from;
          if (zoc_firers->len > 0)
            {
              GbacwPending *fire = gbacw_pending_new (GBACW_PENDING_WITHDRAWAL_FIRE, 1 - p->side, -1, from,
                                                      p->rule_case);
              fire->units = g_array_new (FALSE, FALSE, sizeof (int));
              for (guint i = 0; i < p->units->len; i++)
                if (gbacw_game_is_combat_unit (gbacw_game_unit (game, g_array_index (p->units, int, i))))
                  g_array_append_val (fire->units, g_array_index (p->units, int, i));
              fire->other_hex = to;
              fire->firers = g_steal_pointer (&zoc_firers);
              gbacw_game_queue_pending (game, fire, p);
              g_autofree char *from_label = gbacw_game_hex_label (game, from);
              gbacw_game_log (game, p->rule_case, _("%s retreat out of the enemy zone of control at %s: withdrawal fire "
                                                    "is due"), label, from_label);
              return GBACW_RESOLVE_AGAIN;
            }
        }
      else if (p->path->len > 1)
        for (guint i = 0; i < p->units->len; i++)
          if (gbacw_game_unit (game, g_array_index (p->units, int, i))->status & GBACW_STATUS_PINNED)
            {
              g_array_set_size (p->path, 1);
              p->flags |= GBACW_PENDING_MORALE_AFTER;
              gbacw_game_log (game, p->rule_case, _("%s, pinned by the withdrawal fire, retreat one more hex and "
                                                    "check morale"), label);
              break;
            }
    }

  d = gbacw_game_direction_between (game, from, to);
  for (guint i = p->units->len; i-- > 0;)
    {
      GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (p->units, int, i));
      gbacw_game_place_unit (game, u->index, to, TRUE);
      u->facing = d;   /* 7.11 */
      mounted |= gbacw_game_unit_is_mounted (u);
    }
  p->hex = to;
  g_array_remove_index (p->path, 0);
  gbacw_game_log (game, p->rule_case, _("%s retreat into %s"), label, to_label);
  GBACW_FOREACH_HOOK (game, hooks, data)
    if (hooks->retreat_step)
      hooks->retreat_step (game, data, p->units, from, to);
  /* 17.74, 17.53 (reading): the leaders the retreat would leave alone go with it, for the
   * rest of its path (13.43 asked the owner only when friendly combat units stay) */
  if (!gbacw_game_hex_has_side (game, from, p->side, TRUE) && gbacw_game_stack (game, from))
    {
      g_autoptr (GArray) left = g_array_copy ((GArray *) gbacw_game_stack (game, from));
      for (guint i = 0; i < left->len; i++)
        {
          const GbacwGameUnit *l = gbacw_game_unit (game, g_array_index (left, int, i));
          g_autofree char *leader = NULL;
          if (l->side != p->side || l->type != GBACW_UNIT_LEADER)
            continue;
          leader = gbacw_game_unit_label (game, l->index);
          gbacw_game_place_unit (game, l->index, to, FALSE);
          g_array_append_val (p->units, l->index);
          gbacw_game_log (game, "17.74", _("%s goes with %s into %s"), leader, label, to_label);
        }
    }
  gbacw_retreat_check_lone_leaders (game, from, p->side);

  /* 17.75: an enemy leader alone there is captured */
  {
    const GArray *stack = gbacw_game_stack (game, to);
    for (guint i = 0; stack && i < stack->len;)
      {
        const GbacwGameUnit *o = gbacw_game_unit (game, g_array_index (stack, int, i));
        if (o->side != p->side && o->type == GBACW_UNIT_LEADER)
          {
            g_autofree char *leader = gbacw_game_unit_label (game, o->index);
            gbacw_leadership_leader_lost (game, o->index, GBACW_PRESENCE_CAPTURED);
            gbacw_game_log (game, "17.75", _("%s, alone in %s, is captured"), leader, to_label);
            stack = gbacw_game_stack (game, to);
            continue;
          }
        i++;
      }
  }

  /* 10.2: entering the ZOC of an enemy unit that did not cause the retreat */
  firers = gbacw_fire_zoc_firers (game, to, p->side, mounted);
  for (guint i = 0; i < firers->len;)
    if (gbacw_int_array_has (p->excluded, g_array_index (firers, int, i)))
      g_array_remove_index (firers, i);
    else
      i++;
  if (firers->len > 0)
    {
      GbacwPending *fire = gbacw_pending_new (GBACW_PENDING_RETREAT_FIRE, 1 - p->side, -1, to, "10.2");
      if (p->excluded == NULL)
        p->excluded = g_array_new (FALSE, FALSE, sizeof (int));
      g_array_append_vals (p->excluded, firers->data, firers->len);   /* once per retreat */
      /* the combat units are fired at; leaders going with them only roll for casualties (17.72) */
      fire->units = g_array_new (FALSE, FALSE, sizeof (int));
      for (guint i = 0; i < p->units->len; i++)
        if (gbacw_game_is_combat_unit (gbacw_game_unit (game, g_array_index (p->units, int, i))))
          g_array_append_val (fire->units, g_array_index (p->units, int, i));
      fire->firers = g_steal_pointer (&firers);
      gbacw_game_queue_pending (game, fire, p);
    }
  return GBACW_RESOLVE_AGAIN;
}

static int
compare_ints (gconstpointer a, gconstpointer b)
{
  int x = *(const int *) a, y = *(const int *) b;
  return x < y ? -1 : x > y;
}

/* 17.53: the leader goes to the nearest combat unit of his command. */
static GbacwResolve
place_leader (GbacwGame *game, GbacwPending *p, GbacwDecision **decision)
{
  GbacwGameUnit *leader = gbacw_game_unit (game, p->unit);
  g_autoptr (GArray) hexes = g_array_new (FALSE, FALSE, sizeof (int));
  g_autofree char *label = gbacw_game_unit_label (game, p->unit);
  int best = G_MAXINT;

  if (g_str_equal (p->rule_case, "17.8"))
    {
      /* 17.8: a new leader goes on any unit of his command */
      for (guint i = 0; i < game->units->len; i++)
        {
          const GbacwGameUnit *u = g_ptr_array_index (game->units, i);
          if (u->side == leader->side && u->hex >= 0 && gbacw_game_is_combat_unit (u)
              && gbacw_leader_commands (game, leader->index, u->index) && !gbacw_int_array_has (hexes, u->hex)
              && !gbacw_game_hex_has_side (game, u->hex, 1 - leader->side, TRUE))
            g_array_append_val (hexes, u->hex);
        }
      if (hexes->len == 0)
        {
          gbacw_game_log (game, "17.8", _("%s has no unit of his command on the map to join"), label);
          return GBACW_RESOLVE_DONE;
        }
    }
  else if (leader->hex < 0 || gbacw_game_hex_has_side (game, leader->hex, leader->side, TRUE))
    return GBACW_RESOLVE_DONE;
  for (int pass = 0; pass < 2 && hexes->len == 0; pass++)
    for (guint i = 0; i < game->units->len; i++)
      {
        const GbacwGameUnit *u = g_ptr_array_index (game->units, i);
        int dist;
        if (u->side != leader->side || u->hex < 0 || !gbacw_game_is_combat_unit (u)
            || (pass == 0 && !gbacw_leader_commands (game, leader->index, u->index))
            || gbacw_game_hex_has_side (game, u->hex, 1 - leader->side, TRUE))
          continue;
        dist = gbacw_game_distance (game, leader->hex, u->hex);
        if (dist < best)
          {
            best = dist;
            g_array_set_size (hexes, 0);
          }
        if (dist == best && !gbacw_int_array_has (hexes, u->hex))
          g_array_append_val (hexes, u->hex);
      }
  if (hexes->len == 0)
    {
      gbacw_retreat_check_lone_leaders (game, leader->hex, leader->side);
      return GBACW_RESOLVE_DONE;
    }
  if (hexes->len == 1)
    {
      g_autofree char *to = gbacw_game_hex_label (game, g_array_index (hexes, int, 0));
      gbacw_game_place_unit (game, leader->index, g_array_index (hexes, int, 0), FALSE);
      gbacw_game_log (game, p->rule_case, _("%s goes to %s"), label, to);
      return GBACW_RESOLVE_DONE;
    }
  g_array_sort (hexes, compare_ints);
  *decision = gbacw_decision_new (GBACW_DECISION_PLACE_LEADER, p->side, p->rule_case);
  g_array_append_val ((*decision)->units, p->unit);
  (*decision)->hex = leader->hex;
  g_array_append_vals ((*decision)->hexes, hexes->data, hexes->len);
  (*decision)->question = g_str_equal (p->rule_case, "17.8")
                            ? g_strdup_printf (_("Which unit of his command does %s join?"), label)
                            : g_strdup_printf (_("Which of the nearest combat units of his command does %s join?"), label);
  return GBACW_RESOLVE_WAIT;
}

GbacwResolve
gbacw_retreat_resolve (GbacwGame *game, GbacwPending *p, GbacwDecision **decision)
{
  switch (p->kind)
    {
    case GBACW_PENDING_ROUT_RETREAT:
    case GBACW_PENDING_RETREAT:
    case GBACW_PENDING_DISPLACEMENT:
      return begin_retreat (game, p, decision);
    case GBACW_PENDING_RETREAT_MOVE:
      return retreat_step (game, p, decision);
    case GBACW_PENDING_LEADER_PLACEMENT:
      return place_leader (game, p, decision);
    case GBACW_PENDING_CAPTURE_CHECK:
      gbacw_retreat_check_lone_leaders (game, p->hex, p->side);
      return GBACW_RESOLVE_DONE;
    default:
      return GBACW_RESOLVE_DONE;
    }
}

GbacwResolve
gbacw_retreat_answer (GbacwGame *game, GbacwPending *p, const GbacwAction *action)
{
  if (p->kind == GBACW_PENDING_LEADER_PLACEMENT)
    {
      g_autofree char *label = gbacw_game_unit_label (game, p->unit);
      g_autofree char *to = gbacw_game_hex_label (game, action->answer.hex);
      gbacw_game_place_unit (game, p->unit, action->answer.hex, FALSE);
      gbacw_game_log (game, p->rule_case, _("%s goes to %s"), label, to);
      return GBACW_RESOLVE_DONE;
    }
  if (p->kind == GBACW_PENDING_RETREAT_MOVE)
    return answer_rout_leaders (game, p, action);
  start_moving (game, p, action->answer.path);
  return GBACW_RESOLVE_AGAIN;
}
