/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-reach.c: reachability of objectives and reinforcement entry hexes.
 *
 * With unlimited Game-Turns a unit reaches a hex if there is a path of steps it may
 * take: not prohibited (5.19, 10.5), not off the map (5.17), costing no more than its
 * Movement Allowance (5.11), a "whole MA" step counting as possible. A unit may change
 * formation on the way (6.2), so infantry moves as line or column, cavalry mounted or
 * dismounted; artillery moves limbered (6.13). Unknown costs count as possible: the
 * chart checks report unknown cells.
 *
 * Each objective hex is searched backwards, breadth first, until a hex holding a
 * unit of a scoring side is met; success keeps the path found. Failure keeps, per
 * movement group, the region E explored (every hex from which the objective can be
 * reached). An edit of hex t changes only the steps into and out of t, so:
 * - a path that does not pass through t stays a path;
 * - E stays exact when neither t nor a neighbour of t is in E, and the failure stands;
 * - otherwise the forward flood F of the side's units (shared by all objectives, and
 *   exact until an edit touches it or its border) decides: the objective fails while
 *   it is not in F; E is then only marked stale.
 * Only when the objective turns out reachable is the search run again.
 */
#define G_LOG_DOMAIN "gbacw-reach"

#include "gbacw-checker-private.h"

#include <string.h>

#define SOURCE_GROUPS 3   /* infantry, cavalry, artillery hold objectives; wagons and leaders do not */
#define ENTER_COMPUTED 0x8000

typedef struct {
  gboolean done;
  GArray *path;                           /* reached: the hexes of a path, any order */
  GArray *explored[SOURCE_GROUPS];        /* not reached: per group searched, the region E, sorted */
  gboolean stale[SOURCE_GROUPS];          /* E may have changed since it was searched */
} SideResult;

typedef struct {
  int hex;
  char *area;               /* name of the first area that makes it an objective */
  guint sides;              /* bit per side index that scores it */
  SideResult result[GBACW_CHECK_MAX_SIDES];
  GPtrArray *findings;
} Objective;

struct _Reach {
  GPtrArray *objectives;     /* Objective*, by hex */
  GPtrArray *entry_findings;
  int n_hexes;
  guint64 *sources;          /* per hex: bit side * SOURCE_GROUPS + group */
  guint side_groups[GBACW_CHECK_MAX_SIDES];  /* bit per group with at least one source */
  guint8 *flood[GBACW_CHECK_MAX_SIDES][SOURCE_GROUPS];  /* F: forward flood of the side's units, or NULL */
  guint16 *enter;            /* per hex: per class, may enter by terrain alone; ENTER_COMPUTED */
  int *stamp;
  int *parent;
  int *queue;
  int current;
  int ma[GBACW_N_MOVE_CLASSES];  /* halves, the larger of a side split; -1 unknown */
  gboolean have_state;
};

static const guint group_classes[N_GROUPS] = {
  [GROUP_INFANTRY] = (1u << GBACW_MOVE_INFANTRY_LINE) | (1u << GBACW_MOVE_INFANTRY_COLUMN),
  [GROUP_CAVALRY] = (1u << GBACW_MOVE_CAVALRY_MOUNTED) | (1u << GBACW_MOVE_CAVALRY_DISMOUNTED),
  [GROUP_ARTILLERY] = 1u << GBACW_MOVE_ARTILLERY_LIMBERED,
  [GROUP_WAGON] = 1u << GBACW_MOVE_WAGON,
  [GROUP_LEADER] = 1u << GBACW_MOVE_LEADER,
};

static void
side_result_clear (SideResult *r)
{
  g_clear_pointer (&r->path, g_array_unref);
  for (int g = 0; g < SOURCE_GROUPS; g++)
    {
      g_clear_pointer (&r->explored[g], g_array_unref);
      r->stale[g] = FALSE;
    }
  r->done = FALSE;
}

static void
objective_free (Objective *o)
{
  g_free (o->area);
  for (int s = 0; s < GBACW_CHECK_MAX_SIDES; s++)
    side_result_clear (&o->result[s]);
  g_ptr_array_unref (o->findings);
  g_free (o);
}

static void
clear_floods (Reach *r)
{
  for (int s = 0; s < GBACW_CHECK_MAX_SIDES; s++)
    for (int g = 0; g < SOURCE_GROUPS; g++)
      g_clear_pointer (&r->flood[s][g], g_free);
}

Reach *
gbacw_reach_new (void)
{
  Reach *r = g_new0 (Reach, 1);
  r->objectives = g_ptr_array_new_with_free_func ((GDestroyNotify) objective_free);
  r->entry_findings = g_ptr_array_new_with_free_func ((GDestroyNotify) gbacw_finding_free);
  return r;
}

static void
free_arrays (Reach *r)
{
  clear_floods (r);
  g_clear_pointer (&r->sources, g_free);
  g_clear_pointer (&r->enter, g_free);
  g_clear_pointer (&r->stamp, g_free);
  g_clear_pointer (&r->parent, g_free);
  g_clear_pointer (&r->queue, g_free);
}

void
gbacw_reach_free (Reach *r)
{
  if (r == NULL)
    return;
  g_ptr_array_unref (r->objectives);
  g_ptr_array_unref (r->entry_findings);
  free_arrays (r);
  g_free (r);
}

void
gbacw_reach_invalidate_hex (Reach *r, int hex)
{
  if (r->enter && hex >= 0 && hex < r->n_hexes)
    r->enter[hex] = 0;
}

/* ---------------------------------------------------------------- steps */

static gboolean
cost_ok (const Reach *r, GbacwMoveClass c, const GbacwMoveCost *cost)
{
  if (cost->kind == GBACW_COST_PROHIBITED)
    return FALSE;
  if (cost->kind == GBACW_COST_MP && r->ma[c] >= 0 && cost->halves > r->ma[c])
    return FALSE;  /* 5.11: never more than the Movement Allowance */
  return TRUE;
}

static guint
enter_bits (Reach *r, CheckContext *ctx, int hex)
{
  guint16 bits = r->enter[hex];
  if (!(bits & ENTER_COMPUTED))
    {
      bits = ENTER_COMPUTED;
      for (int c = 0; c < GBACW_N_MOVE_CLASSES; c++)
        {
          GbacwMoveCost cost;
          gbacw_rules_data_hex_cost (ctx->rules, ctx->map, c, hex, &cost);
          if (cost_ok (r, c, &cost))
            bits |= (guint16) (1u << c);
        }
      r->enter[hex] = bits;
    }
  return bits;
}

/* Whether some class of group may step from hex from across direction into to. */
static gboolean
step_ok (Reach *r, CheckContext *ctx, MoveGroup g, int from, int direction, int to)
{
  GbacwHex h = gbacw_hex_grid_hex_at (ctx->grid, from);
  GbacwHexsideId id = gbacw_hex_grid_hexside (ctx->grid, h, direction);

  if (ctx->map->hexside_features[id] == 0 && ctx->map->hexside_lines[id] == 0)
    return (enter_bits (r, ctx, to) & group_classes[g]) != 0;
  for (guint m = group_classes[g]; m; m &= m - 1)
    {
      GbacwMoveClass c = (GbacwMoveClass) __builtin_ctz (m);
      GbacwMoveCost cost;
      gbacw_rules_data_move_cost (ctx->rules, ctx->map, c, from, direction, &cost);
      if (cost_ok (r, c, &cost))
        return TRUE;
    }
  return FALSE;
}

/* ---------------------------------------------------------------- state */

static void
add_objective (GHashTable *by_hex, GPtrArray *list, const GbacwArea *area, guint sides)
{
  for (guint i = 0; i < area->hexes->len; i++)
    {
      int hex = g_array_index (area->hexes, int, i);
      Objective *o = g_hash_table_lookup (by_hex, GINT_TO_POINTER (hex + 1));
      if (o == NULL)
        {
          o = g_new0 (Objective, 1);
          o->hex = hex;
          o->area = g_strdup (area->name && *area->name ? area->name : area->id);
          o->findings = g_ptr_array_new_with_free_func ((GDestroyNotify) gbacw_finding_free);
          g_hash_table_insert (by_hex, GINT_TO_POINTER (hex + 1), o);
          g_ptr_array_add (list, o);
        }
      o->sides |= sides;
    }
}

static int
compare_objective (gconstpointer a, gconstpointer b)
{
  const Objective *x = *(const Objective *const *) a, *y = *(const Objective *const *) b;
  return (x->hex > y->hex) - (x->hex < y->hex);
}

static void
add_source (Reach *r, CheckContext *ctx, const GbacwUnit *u, int hex)
{
  int side = gbacw_side_index (ctx->s, u->side);
  MoveGroup g = gbacw_unit_group (u->type);
  if (side < 0 || side >= GBACW_CHECK_MAX_SIDES || g >= SOURCE_GROUPS || hex < 0 || hex >= ctx->n_hexes)
    return;
  r->sources[hex] |= G_GUINT64_CONSTANT (1) << (side * SOURCE_GROUPS + g);
  r->side_groups[side] |= 1u << g;
}

void
gbacw_reach_reset (Reach *r, CheckContext *ctx)
{
  const GbacwScenario *s = ctx->s;
  guint all_sides = 0;
  g_autoptr (GHashTable) by_hex = g_hash_table_new (NULL, NULL);
  g_autoptr (GHashTable) referenced = g_hash_table_new (g_str_hash, g_str_equal);

  if (r->n_hexes != ctx->n_hexes)
    free_arrays (r);
  r->n_hexes = ctx->n_hexes;
  if (r->sources == NULL)
    {
      r->sources = g_new0 (guint64, ctx->n_hexes);
      r->enter = g_new0 (guint16, ctx->n_hexes);
      r->stamp = g_new0 (int, ctx->n_hexes);
      r->parent = g_new (int, ctx->n_hexes);
      r->queue = g_new (int, ctx->n_hexes);
      r->current = 0;
    }
  else
    {
      memset (r->sources, 0, sizeof (guint64) * (gsize) ctx->n_hexes);
      memset (r->enter, 0, sizeof (guint16) * (gsize) ctx->n_hexes);
    }
  memset (r->side_groups, 0, sizeof r->side_groups);
  clear_floods (r);
  for (int c = 0; c < GBACW_N_MOVE_CLASSES; c++)
    {
      int a = -1, b = -1;
      if (gbacw_rules_data_movement_allowance (ctx->rules, c, 0, &a))
        gbacw_rules_data_movement_allowance (ctx->rules, c, 1, &b);
      r->ma[c] = MAX (a, b);
      if (a < 0)
        r->ma[c] = -1;
    }

  /* objectives: areas of objective awards and automatic victories, and scoring objective areas */
  for (guint i = 0; i < s->oob.sides->len && i < GBACW_CHECK_MAX_SIDES; i++)
    all_sides |= 1u << i;
  g_ptr_array_set_size (r->objectives, 0);
  for (guint i = 0; i < s->vp_awards->len; i++)
    {
      const GbacwVpAward *a = g_ptr_array_index (s->vp_awards, i);
      const GbacwArea *area = a->area ? gbacw_map_find_area (ctx->map, a->area) : NULL;
      int side = gbacw_side_index (s, a->side);
      if (a->event != GBACW_VP_OBJECTIVE || area == NULL)
        continue;
      g_hash_table_add (referenced, area->id);
      add_objective (by_hex, r->objectives, area,
                     side >= 0 && side < GBACW_CHECK_MAX_SIDES ? 1u << side : all_sides);
    }
  for (guint i = 0; i < s->automatic_victories->len; i++)
    {
      const GbacwAutomaticVictory *a = g_ptr_array_index (s->automatic_victories, i);
      const GbacwArea *area = a->area ? gbacw_map_find_area (ctx->map, a->area) : NULL;
      int side = gbacw_side_index (s, a->side);
      if (area == NULL)
        continue;
      g_hash_table_add (referenced, area->id);
      add_objective (by_hex, r->objectives, area,
                     side >= 0 && side < GBACW_CHECK_MAX_SIDES ? 1u << side : all_sides);
    }
  for (guint i = 0; i < ctx->map->areas->len; i++)
    {
      const GbacwArea *area = g_ptr_array_index (ctx->map->areas, i);
      int side = gbacw_side_index (s, area->side);
      if (area->kind != GBACW_AREA_OBJECTIVE || area->vp == GBACW_UNSET
          || g_hash_table_contains (referenced, area->id))
        continue;
      add_objective (by_hex, r->objectives, area,
                     side >= 0 && side < GBACW_CHECK_MAX_SIDES ? 1u << side : all_sides);
    }
  g_ptr_array_sort (r->objectives, compare_objective);

  /* sources: deployed units and reinforcement entry hexes */
  for (guint i = 0; i < s->deployment->len; i++)
    {
      const GbacwPlacement *p = g_ptr_array_index (s->deployment, i);
      const GbacwUnit *u = gbacw_oob_find_unit (&s->oob, p->unit);
      if (u)
        add_source (r, ctx, u, p->hex);
    }
  for (guint i = 0; i < s->reinforcements->len; i++)
    {
      const GbacwReinforcement *rf = g_ptr_array_index (s->reinforcements, i);
      g_autoptr (GPtrArray) units = g_ptr_array_new ();
      for (guint k = 0; k < rf->units->len; k++)
        {
          const GbacwUnit *u = gbacw_oob_find_unit (&s->oob, g_ptr_array_index (rf->units, k));
          if (u)
            g_ptr_array_add (units, (gpointer) u);
        }
      for (guint k = 0; k < rf->formations->len; k++)
        gbacw_formation_collect_units (ctx, g_ptr_array_index (rf->formations, k), units);
      for (guint k = 0; k < units->len; k++)
        for (guint e = 0; e < rf->entry_hexes->len; e++)
          add_source (r, ctx, g_ptr_array_index (units, k), g_array_index (rf->entry_hexes, int, e));
    }
  r->have_state = TRUE;
}

/* ---------------------------------------------------------------- searches */

static int
compare_int (gconstpointer a, gconstpointer b)
{
  int x = *(const int *) a, y = *(const int *) b;
  return (x > y) - (x < y);
}

/* Backwards from target: whether a unit of side and group can get there. On success
 * path gets the hexes of the path; the visited hexes are appended to explored. */
static gboolean
search (Reach *r, CheckContext *ctx, int target, int side, MoveGroup g, GArray *path, GArray *explored)
{
  guint64 bit = G_GUINT64_CONSTANT (1) << (side * SOURCE_GROUPS + g);
  int head = 0, tail = 0;
  int found = -1;

  if (++r->current == G_MAXINT)
    {
      memset (r->stamp, 0, sizeof (int) * (gsize) r->n_hexes);
      r->current = 1;
    }
  r->stamp[target] = r->current;
  r->parent[target] = -1;
  r->queue[tail++] = target;
  if (r->sources[target] & bit)
    found = target;
  while (head < tail && found < 0)
    {
      int h = r->queue[head++];
      GbacwHex hh = gbacw_hex_grid_hex_at (ctx->grid, h);
      for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
        {
          int n = gbacw_hex_grid_index (ctx->grid, gbacw_hex_grid_neighbour (ctx->grid, hh, d));
          if (n < 0 || r->stamp[n] == r->current)
            continue;
          if (!step_ok (r, ctx, g, n, gbacw_hex_direction_opposite (d), h))
            continue;
          r->stamp[n] = r->current;
          r->parent[n] = h;
          r->queue[tail++] = n;
          if (r->sources[n] & bit)
            {
              found = n;
              break;
            }
        }
    }
  if (found >= 0)
    {
      for (int h = found; h >= 0; h = r->parent[h])
        g_array_append_val (path, h);
      return TRUE;
    }
  g_array_append_vals (explored, r->queue, (guint) tail);
  return FALSE;
}

static void
run_objective (Reach *r, CheckContext *ctx, Objective *o, int side)
{
  static const MoveGroup order[SOURCE_GROUPS] = { GROUP_INFANTRY, GROUP_CAVALRY, GROUP_ARTILLERY };
  SideResult *res = &o->result[side];

  side_result_clear (res);
  res->done = TRUE;
  for (guint i = 0; i < SOURCE_GROUPS; i++)
    {
      MoveGroup g = order[i];
      g_autoptr (GArray) path = g_array_new (FALSE, FALSE, sizeof (int));
      g_autoptr (GArray) explored = g_array_new (FALSE, FALSE, sizeof (int));
      if (!(r->side_groups[side] & (1u << g)))
        continue;  /* a side without units to send: scenario.sides says so */
      if (search (r, ctx, o->hex, side, g, path, explored))
        {
          for (int k = 0; k < SOURCE_GROUPS; k++)
            g_clear_pointer (&res->explored[k], g_array_unref);
          res->path = g_steal_pointer (&path);
          return;
        }
      g_array_sort (explored, compare_int);
      res->explored[g] = g_steal_pointer (&explored);
    }
}

static gboolean
sorted_contains (GArray *a, int v)
{
  guint lo = 0, hi = a->len;
  while (lo < hi)
    {
      guint mid = (lo + hi) / 2;
      int x = g_array_index (a, int, mid);
      if (x < v)
        lo = mid + 1;
      else if (x > v)
        hi = mid;
      else
        return TRUE;
    }
  return FALSE;
}

/* Whether hex t or one of its neighbours is in the sorted set, or in the flood. */
static gboolean
near_sorted (CheckContext *ctx, GArray *set, int t)
{
  GbacwHex h = gbacw_hex_grid_hex_at (ctx->grid, t);
  if (sorted_contains (set, t))
    return TRUE;
  for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
    {
      int n = gbacw_hex_grid_index (ctx->grid, gbacw_hex_grid_neighbour (ctx->grid, h, d));
      if (n >= 0 && sorted_contains (set, n))
        return TRUE;
    }
  return FALSE;
}

static gboolean
near_flood (CheckContext *ctx, const guint8 *flood, int t)
{
  GbacwHex h = gbacw_hex_grid_hex_at (ctx->grid, t);
  if (flood[t])
    return TRUE;
  for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
    {
      int n = gbacw_hex_grid_index (ctx->grid, gbacw_hex_grid_neighbour (ctx->grid, h, d));
      if (n >= 0 && flood[n])
        return TRUE;
    }
  return FALSE;
}

/* F: every hex a unit of side and group can reach, from every hex holding one. */
static const guint8 *
flood (Reach *r, CheckContext *ctx, int side, MoveGroup g)
{
  guint64 bit = G_GUINT64_CONSTANT (1) << (side * SOURCE_GROUPS + g);
  guint8 *f = r->flood[side][g];
  int head = 0, tail = 0;

  if (f)
    return f;
  f = r->flood[side][g] = g_new0 (guint8, r->n_hexes);
  for (int h = 0; h < r->n_hexes; h++)
    if (r->sources[h] & bit)
      {
        f[h] = 1;
        r->queue[tail++] = h;
      }
  while (head < tail)
    {
      int h = r->queue[head++];
      GbacwHex hh = gbacw_hex_grid_hex_at (ctx->grid, h);
      for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
        {
          int n = gbacw_hex_grid_index (ctx->grid, gbacw_hex_grid_neighbour (ctx->grid, hh, d));
          if (n < 0 || f[n] || !step_ok (r, ctx, g, h, d, n))
            continue;
          f[n] = 1;
          r->queue[tail++] = n;
        }
    }
  return f;
}

/* After edits of the touched hexes: whether the result kept for side may be wrong. */
static gboolean
needs_rerun (Reach *r, CheckContext *ctx, Objective *o, int side, GArray *touched)
{
  SideResult *res = &o->result[side];

  if (!res->done)
    return TRUE;
  if (res->path)
    {
      for (guint i = 0; i < res->path->len; i++)
        for (guint k = 0; k < touched->len; k++)
          if (g_array_index (res->path, int, i) == g_array_index (touched, int, k))
            return TRUE;
      return FALSE;
    }
  for (int g = 0; g < SOURCE_GROUPS; g++)
    {
      gboolean near = FALSE;
      if (res->explored[g] == NULL)
        continue;
      for (guint k = 0; k < touched->len && !near && !res->stale[g]; k++)
        near = near_sorted (ctx, res->explored[g], g_array_index (touched, int, k));
      if (!near && !res->stale[g])
        continue;  /* E is unchanged: still no unit in it */
      /* E may have changed: the units' flood decides */
      res->stale[g] = TRUE;
      if (flood (r, ctx, side, g)[o->hex])
        return TRUE;
    }
  return FALSE;
}

static void
objective_findings (CheckContext *ctx, Objective *o)
{
  g_ptr_array_set_size (o->findings, 0);
  for (int side = 0; side < GBACW_CHECK_MAX_SIDES; side++)
    {
      const GbacwSide *sd;
      const SideResult *res = &o->result[side];
      gboolean failed = FALSE;
      if (!(o->sides & (1u << side)) || side >= (int) ctx->s->oob.sides->len || !res->done || res->path)
        continue;
      for (int g = 0; g < SOURCE_GROUPS; g++)
        failed |= res->explored[g] != NULL;
      if (!failed)
        continue;
      sd = g_ptr_array_index (ctx->s->oob.sides, side);
      gbacw_finding_set_hex (gbacw_emit (o->findings, GBACW_SEVERITY_ERROR, "reach.objective", "5.19",
                                         _("No %s unit can reach this objective (%s) by the movement costs of the "
                                           "charts"),
                                         sd->name && *sd->name ? sd->name : sd->id, o->area),
                             ctx->grid, o->hex);
    }
}

/* ---------------------------------------------------------------- entry hexes */

static const char *
group_name (MoveGroup g)
{
  switch (g)
    {
    case GROUP_INFANTRY:
      return _("infantry");
    case GROUP_CAVALRY:
      return _("cavalry");
    case GROUP_ARTILLERY:
      return _("artillery");
    case GROUP_WAGON:
      return _("supply wagons");
    case GROUP_LEADER:
    case N_GROUPS:
    default:
      return _("leaders");
    }
}

static gboolean
can_enter (Reach *r, CheckContext *ctx, MoveGroup g, int hex)
{
  GbacwHex h = gbacw_hex_grid_hex_at (ctx->grid, hex);
  if (enter_bits (r, ctx, hex) & group_classes[g])
    return TRUE;
  /* along a road into the hex (6.11) */
  for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
    {
      int n = gbacw_hex_grid_index (ctx->grid, gbacw_hex_grid_neighbour (ctx->grid, h, d));
      GbacwHexsideId id = gbacw_hex_grid_hexside (ctx->grid, h, d);
      if (n >= 0 && ctx->map->hexside_lines[id] && step_ok (r, ctx, g, n, gbacw_hex_direction_opposite (d), hex))
        return TRUE;
    }
  return FALSE;
}

static void
check_entries (Reach *r, CheckContext *ctx)
{
  const GbacwScenario *s = ctx->s;

  g_ptr_array_set_size (r->entry_findings, 0);
  for (guint i = 0; i < s->reinforcements->len; i++)
    {
      const GbacwReinforcement *rf = g_ptr_array_index (s->reinforcements, i);
      g_autoptr (GPtrArray) units = g_ptr_array_new ();
      guint groups = 0;

      for (guint k = 0; k < rf->units->len; k++)
        {
          const GbacwUnit *u = gbacw_oob_find_unit (&s->oob, g_ptr_array_index (rf->units, k));
          if (u)
            g_ptr_array_add (units, (gpointer) u);
        }
      for (guint k = 0; k < rf->formations->len; k++)
        gbacw_formation_collect_units (ctx, g_ptr_array_index (rf->formations, k), units);
      for (guint k = 0; k < units->len; k++)
        groups |= 1u << gbacw_unit_group (((const GbacwUnit *) g_ptr_array_index (units, k))->type);

      for (guint e = 0; e < rf->entry_hexes->len; e++)
        {
          int hex = g_array_index (rf->entry_hexes, int, e);
          GbacwHex h;
          if (hex < 0 || hex >= ctx->n_hexes)
            continue;
          h = gbacw_hex_grid_hex_at (ctx->grid, hex);
          for (int g = 0; g < N_GROUPS; g++)
            {
              gboolean out_ok = FALSE;
              if (!(groups & (1u << g)))
                continue;
              if (!can_enter (r, ctx, g, hex))
                {
                  gbacw_finding_set_hex (gbacw_emit (r->entry_findings, GBACW_SEVERITY_ERROR, "reach.entry", "5.19",
                                                     _("Reinforcement “%s”: its %s may not enter this entry hex"),
                                                     rf->id, group_name (g)),
                                         ctx->grid, hex);
                  continue;
                }
              for (int d = 0; d < GBACW_HEX_DIRECTIONS && !out_ok; d++)
                {
                  int n = gbacw_hex_grid_index (ctx->grid, gbacw_hex_grid_neighbour (ctx->grid, h, d));
                  out_ok = n >= 0 && step_ok (r, ctx, g, hex, d, n);
                }
              if (!out_ok)
                gbacw_finding_set_hex (gbacw_emit (r->entry_findings, GBACW_SEVERITY_ERROR, "reach.entry", "5.19",
                                                   _("Reinforcement “%s”: its %s cannot move off this entry hex "
                                                     "(every way out is prohibited)"),
                                                   rf->id, group_name (g)),
                                       ctx->grid, hex);
            }
        }
    }
}

/* ---------------------------------------------------------------- update */

void
gbacw_reach_update (Reach *r, CheckContext *ctx, GArray *touched)
{
  if (!r->have_state)
    gbacw_reach_reset (r, ctx);
  /* floods that an edit touched are no longer exact */
  if (touched)
    for (int side = 0; side < GBACW_CHECK_MAX_SIDES; side++)
      for (int g = 0; g < SOURCE_GROUPS; g++)
        {
          gboolean near = FALSE;
          if (r->flood[side][g] == NULL)
            continue;
          for (guint k = 0; k < touched->len && !near; k++)
            near = near_flood (ctx, r->flood[side][g], g_array_index (touched, int, k));
          if (near)
            g_clear_pointer (&r->flood[side][g], g_free);
        }
  for (guint i = 0; i < r->objectives->len; i++)
    {
      Objective *o = g_ptr_array_index (r->objectives, i);
      gboolean changed = FALSE;
      for (int side = 0; side < GBACW_CHECK_MAX_SIDES; side++)
        {
          if (!(o->sides & (1u << side)))
            continue;
          if (touched == NULL || needs_rerun (r, ctx, o, side, touched))
            {
              run_objective (r, ctx, o, side);
              changed = TRUE;
            }
        }
      if (changed)
        objective_findings (ctx, o);
    }
  check_entries (r, ctx);
}

void
gbacw_reach_collect (Reach *r, GPtrArray *out)
{
  for (guint i = 0; i < r->objectives->len; i++)
    {
      Objective *o = g_ptr_array_index (r->objectives, i);
      for (guint k = 0; k < o->findings->len; k++)
        g_ptr_array_add (out, g_ptr_array_index (o->findings, k));
    }
  for (guint k = 0; k < r->entry_findings->len; k++)
    g_ptr_array_add (out, g_ptr_array_index (r->entry_findings, k));
}
