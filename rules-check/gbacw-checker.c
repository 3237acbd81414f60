/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-checker.c: runs the checks and keeps their findings, incrementally. */
#define G_LOG_DOMAIN "gbacw-checker"

#include "gbacw-checker-private.h"

#include <string.h>

/* ---------------------------------------------------------------- the list of checks */

static const GbacwCheckInfo checks[] = {
  { "charts.missing", "charts", N_("Charts, rows and columns that play needs") },
  { "charts.incomplete", "charts", N_("Charts complete enough to play") },
  { "charts.unknown-cell", "charts", N_("Unknown chart cells") },
  { "charts.invalid-cell", "charts", N_("Chart cells outside the chart's vocabulary") },
  { "charts.los-unknown", "charts", N_("Terrain not known to block line of sight or not (9.71)") },
  { "map.no-terrain", "map", N_("Hexes without terrain") },
  { "map.stand-in-terrain", "map", N_("Hexes whose terrain is a stand-in") },
  { "map.crest", "map", N_("Crests between different elevations (22.1)") },
  { "map.crossing", "map", N_("Fords and bridges on rivers and streams (22.4-22.6, 23.0)") },
  { "map.road-water", "map", N_("Roads across rivers and streams need a bridge or ford") },
  { "map.road-end", "map", N_("Roads that end inside the map") },
  { "map.water-end", "map", N_("Rivers and streams that end in mid-map (22.4)") },
  { "map.inside", "map", N_("Works and redans have an inside (23.1, 23.2)") },
  { "map.area", "map", N_("Empty or broken areas") },
  { "oob.brigade", "oob", N_("Units belong to a brigade or are independent (5.3)") },
  { "oob.commander", "oob", N_("Formations have a commander (17.1)") },
  { "oob.hierarchy", "oob", N_("Army, corps, division and brigade hierarchy (17.2)") },
  { "oob.ratings", "oob", N_("Strengths and ratings in range") },
  { "oob.weapon", "oob", N_("Weapon types on the Range Effects Chart (9.25)") },
  { "oob.bce", "oob", N_("BCE limits (18.0)") },
  { "oob.artillery", "oob", N_("Artillery guns, ammunition and crew") },
  { "oob.wagon", "oob", N_("Supply wagon ammunition and crew (11.1)") },
  { "deploy.stacking", "deployment", N_("Stacking limits (8.1, 8.18, 23.27)") },
  { "deploy.enemy", "deployment", N_("Units of both sides in one hex (5.12)") },
  { "deploy.terrain", "deployment", N_("Units on terrain they may not enter (5.19, 23.5)") },
  { "deploy.facing", "deployment", N_("Facing set (7.0)") },
  { "deploy.formation", "deployment", N_("Formation legal for the unit type (6.0)") },
  { "deploy.leader", "deployment", N_("Leaders stacked with a unit (17.52)") },
  { "deploy.setup-area", "deployment", N_("Units inside their set-up area") },
  { "deploy.reinforcement", "deployment", N_("Units deployed or arriving once") },
  { "deploy.entry", "deployment", N_("Reinforcement entry hexes") },
  { "deploy.unplaced", "deployment", N_("Units neither deployed nor arriving") },
  { "scenario.turns", "scenario", N_("Game-Turns in range") },
  { "scenario.objectives", "scenario", N_("Objectives and victory conditions") },
  { "scenario.victory-levels", "scenario", N_("Levels of victory count from 0 VP, one level per VP total") },
  { "scenario.sides", "scenario", N_("Each side has units") },
  { "scenario.rules", "scenario", N_("Rule options and exclusive-rule parameters") },
  { "reach.objective", "reachability", N_("Objectives can be reached") },
  { "reach.entry", "reachability", N_("Reinforcements can enter and move off their entry hex") },
};

const GbacwCheckInfo *
gbacw_checker_list_checks (guint *n_checks)
{
  if (n_checks)
    *n_checks = G_N_ELEMENTS (checks);
  return checks;
}

const GbacwCheckInfo *
gbacw_checker_get_check_info (const char *check_id)
{
  for (guint i = 0; i < G_N_ELEMENTS (checks); i++)
    if (g_strcmp0 (checks[i].id, check_id) == 0)
      return &checks[i];
  return NULL;
}

/* ---------------------------------------------------------------- the object */

typedef enum {
  FAMILY_CHARTS,
  FAMILY_AREAS,
  FAMILY_OOB,
  FAMILY_SETTINGS,
  FAMILY_ARRIVALS,
  N_FAMILIES
} Family;

struct _GbacwChecker {
  GObject parent_instance;

  gboolean ran;
  CheckContext ctx;
  GbacwHexGrid grid;             /* of the last full run */

  /* the map as last checked: to count what it uses after an edit */
  guint64 *snap_terrain;
  guint32 *snap_features;
  guint16 *snap_lines;

  /* findings, by family and place; every GPtrArray owns its findings */
  GPtrArray *family[N_FAMILIES];
  GPtrArray **hex_map;           /* n_hexes; NULL when none */
  GPtrArray **hex_deploy;        /* n_hexes; NULL when none */
  GHashTable *hexside_map;       /* GUINT_TO_POINTER (id + 1) -> GPtrArray */
  GHashTable *unit_deploy;       /* unit id (owned) -> GPtrArray */
  GHashTable *placed;            /* unit id (borrowed from the scenario) -> placement index + 1 */
  Reach *reach;

  GPtrArray *scratch;            /* no free func */
  GPtrArray *sorted;             /* borrowed findings, report order */
  gboolean dirty;
  guint counts[3];
};

G_DEFINE_FINAL_TYPE (GbacwChecker, gbacw_checker, G_TYPE_OBJECT)

enum {
  SIGNAL_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static GPtrArray *
findings_new (void)
{
  return g_ptr_array_new_with_free_func ((GDestroyNotify) gbacw_finding_free);
}

static void
free_map_buckets (GbacwChecker *self)
{
  int n = self->ctx.n_hexes;
  if (self->hex_map)
    for (int i = 0; i < n; i++)
      g_clear_pointer (&self->hex_map[i], g_ptr_array_unref);
  if (self->hex_deploy)
    for (int i = 0; i < n; i++)
      g_clear_pointer (&self->hex_deploy[i], g_ptr_array_unref);
  g_clear_pointer (&self->hex_map, g_free);
  g_clear_pointer (&self->hex_deploy, g_free);
}

static void
clear_context_indices (CheckContext *ctx)
{
  g_clear_pointer (&ctx->rules, gbacw_rules_data_free);
  g_clear_pointer (&ctx->formation_units, g_hash_table_unref);
  g_clear_pointer (&ctx->formation_children, g_hash_table_unref);
  g_clear_pointer (&ctx->arriving, g_hash_table_unref);
  g_clear_pointer (&ctx->hex_first, g_free);
  g_clear_pointer (&ctx->place_next, g_free);
}

static void
gbacw_checker_finalize (GObject *object)
{
  GbacwChecker *self = GBACW_CHECKER (object);

  free_map_buckets (self);
  for (int f = 0; f < N_FAMILIES; f++)
    g_clear_pointer (&self->family[f], g_ptr_array_unref);
  g_clear_pointer (&self->hexside_map, g_hash_table_unref);
  g_clear_pointer (&self->unit_deploy, g_hash_table_unref);
  g_clear_pointer (&self->placed, g_hash_table_unref);
  g_clear_pointer (&self->reach, gbacw_reach_free);
  g_clear_pointer (&self->scratch, g_ptr_array_unref);
  g_clear_pointer (&self->sorted, g_ptr_array_unref);
  g_clear_pointer (&self->snap_terrain, g_free);
  g_clear_pointer (&self->snap_features, g_free);
  g_clear_pointer (&self->snap_lines, g_free);
  clear_context_indices (&self->ctx);
  G_OBJECT_CLASS (gbacw_checker_parent_class)->finalize (object);
}

static void
gbacw_checker_class_init (GbacwCheckerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = gbacw_checker_finalize;

  /**
   * GbacwChecker::changed:
   *
   * Emitted after gbacw_checker_run () and gbacw_checker_update ().
   */
  signals[SIGNAL_CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                          NULL, G_TYPE_NONE, 0);
}

static void
gbacw_checker_init (GbacwChecker *self)
{
  for (int f = 0; f < N_FAMILIES; f++)
    self->family[f] = findings_new ();
  self->hexside_map = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) g_ptr_array_unref);
  self->unit_deploy = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_ptr_array_unref);
  self->placed = g_hash_table_new (g_str_hash, g_str_equal);
  self->reach = gbacw_reach_new ();
  self->scratch = g_ptr_array_new ();
  self->sorted = g_ptr_array_new ();
}

GbacwChecker *
gbacw_checker_new (void)
{
  return g_object_new (GBACW_TYPE_CHECKER, NULL);
}

/* ---------------------------------------------------------------- indices */

static void
rebuild_catalogue (GbacwChecker *self)
{
  CheckContext *ctx = &self->ctx;
  const GbacwCatalogue *cat = &ctx->s->catalogue;

  g_clear_pointer (&ctx->rules, gbacw_rules_data_free);
  ctx->rules = gbacw_rules_data_new (ctx->s);
  ctx->town_terrains = 0;
  ctx->elevation_types = ctx->crossing_types = ctx->river_types = ctx->stream_types = 0;
  ctx->inside_types = ctx->redan_types = 0;
  ctx->valid_terrains = cat->hex_terrains->len >= 64 ? G_MAXUINT64
                                                     : (G_GUINT64_CONSTANT (1) << cat->hex_terrains->len) - 1;
  ctx->valid_sides = cat->hexside_types->len >= 32 ? G_MAXUINT32 : (1u << cat->hexside_types->len) - 1;
  ctx->valid_lines = (guint16) (cat->line_types->len >= 16 ? G_MAXUINT16 : (1u << cat->line_types->len) - 1);
  for (guint t = 0; t < cat->hex_terrains->len && t < GBACW_MAX_HEX_TERRAINS; t++)
    if (g_strcmp0 (((GbacwHexTerrain *) g_ptr_array_index (cat->hex_terrains, t))->pattern, "town") == 0)
      ctx->town_terrains |= G_GUINT64_CONSTANT (1) << t;
  for (guint k = 0; k < cat->hexside_types->len && k < GBACW_MAX_HEXSIDE_TYPES; k++)
    {
      const GbacwHexsideType *type = g_ptr_array_index (cat->hexside_types, k);
      const char *style = type->style ? type->style : "";
      guint32 bit = 1u << k;
      if (type->side == GBACW_SIDE_MODE_ELEVATION)
        ctx->elevation_types |= bit;
      if (type->side == GBACW_SIDE_MODE_INSIDE)
        ctx->inside_types |= bit;
      if (g_str_equal (style, "ford") || g_str_equal (style, "bridge") || g_str_equal (style, "wagon-bridge")
          || (type->requires && type->requires[0]))
        ctx->crossing_types |= bit;
      if (g_str_equal (style, "river"))
        ctx->river_types |= bit;
      if (g_str_equal (style, "stream"))
        ctx->stream_types |= bit;
      if (g_str_equal (style, "redan"))
        ctx->redan_types |= bit;
    }
}

static void
count_terrain (CheckContext *ctx, guint64 mask, int delta)
{
  for (guint64 m = mask; m; m &= m - 1)
    ctx->terrain_count[__builtin_ctzll (m)] += (guint) delta;
}

static void
count_hexside (CheckContext *ctx, guint32 features, guint16 lines, int delta)
{
  for (guint32 m = features; m; m &= m - 1)
    ctx->side_count[__builtin_ctz (m)] += (guint) delta;
  for (guint32 m = lines; m; m &= m - 1)
    ctx->line_count[__builtin_ctz (m)] += (guint) delta;
}

static void
rebuild_usage (GbacwChecker *self)
{
  CheckContext *ctx = &self->ctx;
  const GbacwMap *map = ctx->map;

  memset (ctx->terrain_count, 0, sizeof ctx->terrain_count);
  memset (ctx->side_count, 0, sizeof ctx->side_count);
  memset (ctx->line_count, 0, sizeof ctx->line_count);
  g_free (self->snap_terrain);
  g_free (self->snap_features);
  g_free (self->snap_lines);
  self->snap_terrain = g_memdup2 (map->terrain, sizeof (guint64) * (gsize) ctx->n_hexes);
  self->snap_features = g_memdup2 (map->hexside_features, sizeof (guint32) * ctx->n_hexside_ids);
  self->snap_lines = g_memdup2 (map->hexside_lines, sizeof (guint16) * ctx->n_hexside_ids);
  for (int i = 0; i < ctx->n_hexes; i++)
    count_terrain (ctx, map->terrain[i], 1);
  for (guint id = 0; id < ctx->n_hexside_ids; id++)
    if ((map->hexside_features[id] || map->hexside_lines[id]) && gbacw_hex_grid_hexside_on_map (ctx->grid, id))
      count_hexside (ctx, map->hexside_features[id], map->hexside_lines[id], 1);
}

static void
rebuild_oob_index (GbacwChecker *self)
{
  CheckContext *ctx = &self->ctx;
  const GbacwScenario *s = ctx->s;

  g_clear_pointer (&ctx->formation_units, g_hash_table_unref);
  g_clear_pointer (&ctx->formation_children, g_hash_table_unref);
  g_clear_pointer (&ctx->arriving, g_hash_table_unref);
  ctx->formation_units = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, (GDestroyNotify) g_ptr_array_unref);
  ctx->formation_children = g_hash_table_new_full (g_str_hash, g_str_equal, NULL,
                                                   (GDestroyNotify) g_ptr_array_unref);
  ctx->arriving = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint i = 0; i < s->oob.units->len; i++)
    {
      GbacwUnit *u = g_ptr_array_index (s->oob.units, i);
      GPtrArray *list;
      if (u->formation == NULL)
        continue;
      list = g_hash_table_lookup (ctx->formation_units, u->formation);
      if (list == NULL)
        g_hash_table_insert (ctx->formation_units, u->formation, list = g_ptr_array_new ());
      g_ptr_array_add (list, u);
    }
  for (guint i = 0; i < s->oob.formations->len; i++)
    {
      GbacwFormation *f = g_ptr_array_index (s->oob.formations, i);
      GPtrArray *list;
      if (f->parent == NULL)
        continue;
      list = g_hash_table_lookup (ctx->formation_children, f->parent);
      if (list == NULL)
        g_hash_table_insert (ctx->formation_children, f->parent, list = g_ptr_array_new ());
      g_ptr_array_add (list, f);
    }
  for (guint i = 0; i < s->reinforcements->len; i++)
    {
      GbacwReinforcement *r = g_ptr_array_index (s->reinforcements, i);
      g_autoptr (GPtrArray) units = g_ptr_array_new ();
      for (guint k = 0; k < r->units->len; k++)
        if (!g_hash_table_contains (ctx->arriving, g_ptr_array_index (r->units, k)))
          g_hash_table_insert (ctx->arriving, g_ptr_array_index (r->units, k), r);
      for (guint k = 0; k < r->formations->len; k++)
        gbacw_formation_collect_units (ctx, g_ptr_array_index (r->formations, k), units);
      for (guint k = 0; k < units->len; k++)
        {
          GbacwUnit *u = g_ptr_array_index (units, k);
          if (!g_hash_table_contains (ctx->arriving, u->id))
            g_hash_table_insert (ctx->arriving, u->id, r);
        }
    }
}

static void
rebuild_deploy_index (GbacwChecker *self)
{
  CheckContext *ctx = &self->ctx;
  const GbacwScenario *s = ctx->s;
  guint n = s->deployment->len;
  g_autofree int *last = NULL;

  g_free (ctx->hex_first);
  g_free (ctx->place_next);
  ctx->hex_first = g_new (int, ctx->n_hexes);
  ctx->place_next = g_new (int, MAX (n, 1));
  ctx->n_place = n;
  last = g_new (int, ctx->n_hexes);
  memset (ctx->hex_first, 0xff, sizeof (int) * (gsize) ctx->n_hexes);
  g_hash_table_remove_all (self->placed);
  for (guint i = 0; i < n; i++)
    {
      const GbacwPlacement *p = g_ptr_array_index (s->deployment, i);
      ctx->place_next[i] = -1;
      g_hash_table_insert (self->placed, p->unit, GUINT_TO_POINTER (i + 1));
      if (p->hex < 0 || p->hex >= ctx->n_hexes)
        continue;
      if (ctx->hex_first[p->hex] < 0)
        ctx->hex_first[p->hex] = (int) i;
      else
        ctx->place_next[last[p->hex]] = (int) i;
      last[p->hex] = (int) i;
    }
}

/* ---------------------------------------------------------------- running families */

/* Moves what the scratch array holds into a new owning array, or NULL if empty. */
static GPtrArray *
take_scratch (GbacwChecker *self)
{
  GPtrArray *a;
  if (self->scratch->len == 0)
    return NULL;
  a = g_ptr_array_new_full (self->scratch->len, (GDestroyNotify) gbacw_finding_free);
  for (guint i = 0; i < self->scratch->len; i++)
    g_ptr_array_add (a, g_ptr_array_index (self->scratch, i));
  g_ptr_array_set_size (self->scratch, 0);
  return a;
}

static void
run_family (GbacwChecker *self, Family family)
{
  CheckContext *ctx = &self->ctx;
  GPtrArray *out = self->family[family];

  g_ptr_array_set_size (out, 0);
  switch (family)
    {
    case FAMILY_CHARTS:
      gbacw_check_charts (ctx, out);
      gbacw_check_chart_stand_ins (ctx, out);
      break;
    case FAMILY_AREAS:
      gbacw_check_areas (ctx, out);
      break;
    case FAMILY_OOB:
      gbacw_check_oob (ctx, out);
      gbacw_check_stand_ins (ctx, out);
      break;
    case FAMILY_SETTINGS:
      gbacw_check_settings (ctx, out);
      break;
    case FAMILY_ARRIVALS:
    case N_FAMILIES:
    default:
      gbacw_check_arrivals (ctx, out);
      break;
    }
}

static void
run_map_hex (GbacwChecker *self, int hex)
{
  g_clear_pointer (&self->hex_map[hex], g_ptr_array_unref);
  gbacw_check_map_hex (&self->ctx, hex, self->scratch);
  self->hex_map[hex] = take_scratch (self);
}

static void
run_map_hexside (GbacwChecker *self, GbacwHexsideId id)
{
  gpointer key = GUINT_TO_POINTER (id + 1);
  GPtrArray *found;

  g_hash_table_remove (self->hexside_map, key);
  gbacw_check_map_hexside (&self->ctx, id, self->scratch);
  found = take_scratch (self);
  if (found)
    g_hash_table_insert (self->hexside_map, key, found);
}

static void
run_deploy_hex (GbacwChecker *self, int hex)
{
  g_clear_pointer (&self->hex_deploy[hex], g_ptr_array_unref);
  gbacw_check_deploy_hex (&self->ctx, hex, self->scratch);
  self->hex_deploy[hex] = take_scratch (self);
}

/* Re-checks a unit's placement (or drops its findings if it is not placed). */
static void
run_deploy_unit (GbacwChecker *self, const char *unit_id)
{
  gpointer index = g_hash_table_lookup (self->placed, unit_id);
  GPtrArray *found;

  g_hash_table_remove (self->unit_deploy, unit_id);
  if (index == NULL)
    return;
  gbacw_check_deploy_unit (&self->ctx, GPOINTER_TO_UINT (index) - 1, self->scratch);
  found = take_scratch (self);
  if (found)
    g_hash_table_insert (self->unit_deploy, g_strdup (unit_id), found);
}

static void
run_deploy_units_in_hex (GbacwChecker *self, int hex)
{
  const CheckContext *ctx = &self->ctx;
  for (int i = ctx->hex_first[hex]; i >= 0; i = ctx->place_next[i])
    run_deploy_unit (self, ((GbacwPlacement *) g_ptr_array_index (ctx->s->deployment, i))->unit);
}

static void
run_all_deploy (GbacwChecker *self)
{
  CheckContext *ctx = &self->ctx;
  for (int i = 0; i < ctx->n_hexes; i++)
    {
      g_clear_pointer (&self->hex_deploy[i], g_ptr_array_unref);
      if (ctx->hex_first[i] >= 0)
        run_deploy_hex (self, i);
    }
  g_hash_table_remove_all (self->unit_deploy);
  for (guint i = 0; i < ctx->s->deployment->len; i++)
    run_deploy_unit (self, ((GbacwPlacement *) g_ptr_array_index (ctx->s->deployment, i))->unit);
}

static void
context_set_scenario (GbacwChecker *self, const GbacwScenario *scenario)
{
  CheckContext *ctx = &self->ctx;
  ctx->s = scenario;
  ctx->map = scenario->map;
  ctx->grid = &scenario->map->grid;
}

static gboolean
same_grid (const GbacwHexGrid *a, const GbacwHexGrid *b)
{
  return a->orientation == b->orientation && a->shift == b->shift && a->columns == b->columns && a->rows == b->rows
         && a->first_number == b->first_number && a->digits == b->digits;
}

static void
finish (GbacwChecker *self)
{
  self->dirty = TRUE;
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
}

void
gbacw_checker_run (GbacwChecker *self, const GbacwScenario *scenario)
{
  CheckContext *ctx = &self->ctx;

  g_return_if_fail (GBACW_IS_CHECKER (self));
  g_return_if_fail (scenario != NULL && scenario->map != NULL);

  free_map_buckets (self);
  g_hash_table_remove_all (self->hexside_map);
  g_hash_table_remove_all (self->unit_deploy);
  g_ptr_array_set_size (self->sorted, 0);
  clear_context_indices (ctx);
  context_set_scenario (self, scenario);
  self->grid = scenario->map->grid;
  ctx->n_hexes = gbacw_hex_grid_n_hexes (ctx->grid);
  ctx->n_hexside_ids = gbacw_hex_grid_n_hexside_ids (ctx->grid);
  self->hex_map = g_new0 (GPtrArray *, ctx->n_hexes);
  self->hex_deploy = g_new0 (GPtrArray *, ctx->n_hexes);

  rebuild_catalogue (self);
  rebuild_usage (self);
  rebuild_oob_index (self);
  rebuild_deploy_index (self);

  for (int f = 0; f < N_FAMILIES; f++)
    run_family (self, f);
  for (int i = 0; i < ctx->n_hexes; i++)
    run_map_hex (self, i);
  for (guint id = 0; id < ctx->n_hexside_ids; id++)
    if (scenario->map->hexside_features[id] || scenario->map->hexside_lines[id])
      run_map_hexside (self, id);
  run_all_deploy (self);
  gbacw_reach_reset (self->reach, ctx);
  gbacw_reach_update (self->reach, ctx, NULL);
  self->ran = TRUE;
  finish (self);
}

static void
add_touched (GArray *touched, guint8 *seen, int hex)
{
  if (hex < 0 || seen[hex])
    return;
  seen[hex] = 1;
  g_array_append_val (touched, hex);
}

void
gbacw_checker_update (GbacwChecker *self, const GbacwScenario *scenario, const GbacwChange *change)
{
  CheckContext *ctx = &self->ctx;
  const guint map_flags = GBACW_CHANGE_TERRAIN | GBACW_CHANGE_ELEVATION | GBACW_CHANGE_HEXSIDES | GBACW_CHANGE_LINES;
  guint flags;
  gboolean reach_reset = FALSE, deploy_all = FALSE, oob_rebuilt = FALSE;
  g_autoptr (GArray) touched = NULL;
  g_autoptr (GHashTable) seen_hexes = NULL;
  g_autofree guint8 *seen = NULL;

  g_return_if_fail (GBACW_IS_CHECKER (self));
  g_return_if_fail (scenario != NULL && change != NULL);

  flags = change->flags;
  if (!self->ran || (flags & (GBACW_CHANGE_CATALOGUE | GBACW_CHANGE_CHARTS))
      || scenario->map == NULL || !same_grid (&self->grid, &scenario->map->grid)
      || ((flags & (GBACW_CHANGE_TERRAIN | GBACW_CHANGE_ELEVATION)) && change->hexes->len == 0)
      || ((flags & (GBACW_CHANGE_HEXSIDES | GBACW_CHANGE_LINES)) && change->hexsides->len == 0))
    {
      gbacw_checker_run (self, scenario);
      return;
    }
  context_set_scenario (self, scenario);
  touched = g_array_new (FALSE, FALSE, sizeof (int));

  /* ---- the map */
  if (flags & map_flags)
    {
      guint64 used_before[3] = { 0, 0, 0 }, used_after[3] = { 0, 0, 0 };
      seen = g_new0 (guint8, ctx->n_hexes);

      for (int t = 0; t < GBACW_MAX_HEX_TERRAINS; t++)
        used_before[0] |= (guint64) (ctx->terrain_count[t] != 0) << t;
      for (int k = 0; k < GBACW_MAX_HEXSIDE_TYPES; k++)
        used_before[1] |= (guint64) (ctx->side_count[k] != 0) << k;
      for (int l = 0; l < GBACW_MAX_LINE_TYPES; l++)
        used_before[2] |= (guint64) (ctx->line_count[l] != 0) << l;

      if (flags & (GBACW_CHANGE_TERRAIN | GBACW_CHANGE_ELEVATION))
        for (guint i = 0; i < change->hexes->len; i++)
          {
            int hex = g_array_index (change->hexes, int, i);
            if (hex < 0 || hex >= ctx->n_hexes)
              continue;
            if (self->snap_terrain[hex] != ctx->map->terrain[hex])
              {
                count_terrain (ctx, self->snap_terrain[hex], -1);
                count_terrain (ctx, ctx->map->terrain[hex], 1);
                self->snap_terrain[hex] = ctx->map->terrain[hex];
              }
            gbacw_reach_invalidate_hex (self->reach, hex);
            add_touched (touched, seen, hex);
          }
      for (guint i = 0; i < change->hexsides->len; i++)
        {
          GbacwHexsideId id = g_array_index (change->hexsides, guint32, i);
          GbacwHex a, b;
          if (id >= ctx->n_hexside_ids)
            continue;
          if (gbacw_hex_grid_hexside_on_map (ctx->grid, id))
            {
              count_hexside (ctx, self->snap_features[id], self->snap_lines[id], -1);
              count_hexside (ctx, ctx->map->hexside_features[id], ctx->map->hexside_lines[id], 1);
            }
          self->snap_features[id] = ctx->map->hexside_features[id];
          self->snap_lines[id] = ctx->map->hexside_lines[id];
          gbacw_hex_grid_hexside_hexes (ctx->grid, id, &a, NULL, &b);
          add_touched (touched, seen, gbacw_hex_grid_index (ctx->grid, a));
          add_touched (touched, seen, gbacw_hex_grid_index (ctx->grid, b));
        }
      /* an unnamed redan's note is on its first hexside, which may lie away from the
       * change: the works beside each changed hexside checked again whole */
      for (guint i = 0; i < change->hexsides->len; i++)
        {
          GbacwHexsideId id = g_array_index (change->hexsides, guint32, i), beside[5];
          guint n;

          if (id >= ctx->n_hexside_ids)
            continue;
          n = gbacw_hex_grid_hexside_neighbours (ctx->grid, id, beside);
          beside[n++] = id;
          for (guint k = 0; k < n; k++)
            {
              g_autoptr (GArray) work = gbacw_check_unnamed_redan (ctx, beside[k]);

              for (guint w = 0; w < work->len; w++)
                run_map_hexside (self, g_array_index (work, GbacwHexsideId, w));
            }
        }

      for (guint i = 0; i < touched->len; i++)
        {
          int hex = g_array_index (touched, int, i);
          GbacwHex h = gbacw_hex_grid_hex_at (ctx->grid, hex);
          run_map_hex (self, hex);
          for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
            {
              GbacwHexsideId id = gbacw_hex_grid_hexside (ctx->grid, h, d);
              if (id != GBACW_HEXSIDE_NONE)
                run_map_hexside (self, id);
            }
          if (ctx->hex_first[hex] >= 0)
            {
              run_deploy_hex (self, hex);
              run_deploy_units_in_hex (self, hex);
            }
          /* a unit beside the hex may have come in along a road across a crest (deploy.terrain) */
          if (flags & GBACW_CHANGE_ELEVATION)
            for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
              {
                int n = gbacw_hex_grid_index (ctx->grid, gbacw_hex_grid_neighbour (ctx->grid, h, d));
                if (n >= 0 && !seen[n] && ctx->hex_first[n] >= 0)
                  run_deploy_units_in_hex (self, n);
              }
        }

      for (int t = 0; t < GBACW_MAX_HEX_TERRAINS; t++)
        used_after[0] |= (guint64) (ctx->terrain_count[t] != 0) << t;
      for (int k = 0; k < GBACW_MAX_HEXSIDE_TYPES; k++)
        used_after[1] |= (guint64) (ctx->side_count[k] != 0) << k;
      for (int l = 0; l < GBACW_MAX_LINE_TYPES; l++)
        used_after[2] |= (guint64) (ctx->line_count[l] != 0) << l;
      if (memcmp (used_before, used_after, sizeof used_before) != 0)
        run_family (self, FAMILY_CHARTS);
    }

  /* ---- the order of battle and what hangs on it */
  if (flags & (GBACW_CHANGE_OOB | GBACW_CHANGE_REINFORCEMENTS))
    {
      rebuild_oob_index (self);
      oob_rebuilt = TRUE;
      run_family (self, FAMILY_ARRIVALS);
      run_family (self, FAMILY_SETTINGS);
      reach_reset = TRUE;
    }
  if (flags & GBACW_CHANGE_OOB)
    {
      run_family (self, FAMILY_OOB);
      run_family (self, FAMILY_CHARTS);  /* weapons and unit types in use */
      rebuild_deploy_index (self);
      if (change->units->len == 0)
        deploy_all = TRUE;
    }
  if (flags & GBACW_CHANGE_DEPLOYMENT)
    {
      if (!(flags & GBACW_CHANGE_OOB))
        rebuild_deploy_index (self);
      if (!oob_rebuilt)
        {
          run_family (self, FAMILY_ARRIVALS);
          run_family (self, FAMILY_SETTINGS);
        }
      reach_reset = TRUE;
      if (change->units->len == 0 && change->hexes->len == 0)
        deploy_all = TRUE;
    }
  if (flags & GBACW_CHANGE_AREAS)
    {
      run_family (self, FAMILY_AREAS);
      run_family (self, FAMILY_SETTINGS);
      for (guint i = 0; i < change->hexes->len; i++)
        {
          int hex = g_array_index (change->hexes, int, i);
          if (hex >= 0 && hex < ctx->n_hexes)
            run_map_hex (self, hex);  /* town areas end roads */
        }
      deploy_all = TRUE;  /* set-up areas */
      reach_reset = TRUE;
    }
  if (flags & (GBACW_CHANGE_SETTINGS | GBACW_CHANGE_RULES | GBACW_CHANGE_VICTORY))
    run_family (self, FAMILY_SETTINGS);
  if ((flags & GBACW_CHANGE_RULES) && !(flags & GBACW_CHANGE_OOB))
    run_family (self, FAMILY_CHARTS);  /* the los-unknown-cell option reads unknown cells */
  if (flags & GBACW_CHANGE_VICTORY)
    reach_reset = TRUE;

  /* ---- placements touched by an order-of-battle or deployment edit */
  if (deploy_all)
    run_all_deploy (self);
  else if (flags & (GBACW_CHANGE_OOB | GBACW_CHANGE_DEPLOYMENT))
    {
      g_autoptr (GArray) hexes = g_array_new (FALSE, FALSE, sizeof (int));
      g_autoptr (GArray) near = g_array_new (FALSE, FALSE, sizeof (GbacwHex));
      g_autofree guint8 *mark = g_new0 (guint8, ctx->n_hexes);

      if (flags & GBACW_CHANGE_DEPLOYMENT)
        for (guint i = 0; i < change->hexes->len; i++)
          add_touched (hexes, mark, g_array_index (change->hexes, int, i) < ctx->n_hexes
                                      ? g_array_index (change->hexes, int, i) : -1);
      for (guint i = 0; i < change->units->len; i++)
        {
          const char *id = g_ptr_array_index (change->units, i);
          gpointer index = g_hash_table_lookup (self->placed, id);
          run_deploy_unit (self, id);  /* also drops a unit no longer placed */
          if (index)
            add_touched (hexes, mark,
                         ((GbacwPlacement *) g_ptr_array_index (ctx->s->deployment, GPOINTER_TO_UINT (index) - 1))->hex);
        }
      /* the hexes, their units, and leaders within four hexes (17.52) */
      for (guint i = 0; i < hexes->len; i++)
        {
          int hex = g_array_index (hexes, int, i);
          run_deploy_hex (self, hex);
          g_array_set_size (near, 0);
          gbacw_hex_grid_within (ctx->grid, gbacw_hex_grid_hex_at (ctx->grid, hex), 4, near);
          for (guint k = 0; k < near->len; k++)
            {
              int n = gbacw_hex_grid_index (ctx->grid, g_array_index (near, GbacwHex, k));
              if (n == hex)
                run_deploy_units_in_hex (self, n);
              else
                for (int p = ctx->hex_first[n]; p >= 0; p = ctx->place_next[p])
                  {
                    const GbacwPlacement *pl = g_ptr_array_index (ctx->s->deployment, p);
                    const GbacwUnit *u = gbacw_oob_find_unit (&ctx->s->oob, pl->unit);
                    if (u && u->type == GBACW_UNIT_LEADER)
                      run_deploy_unit (self, pl->unit);
                  }
            }
        }
    }

  /* ---- reachability */
  if (reach_reset)
    {
      gbacw_reach_reset (self->reach, ctx);
      gbacw_reach_update (self->reach, ctx, NULL);
    }
  else if (touched->len)
    gbacw_reach_update (self->reach, ctx, touched);

  finish (self);
}

/* ---------------------------------------------------------------- results */

static void
collect (GbacwChecker *self)
{
  CheckContext *ctx = &self->ctx;
  GPtrArray *out = self->sorted;
  GHashTableIter iter;
  gpointer value;

  g_ptr_array_set_size (out, 0);
  memset (self->counts, 0, sizeof self->counts);
  if (!self->ran)
    return;
  for (int f = 0; f < N_FAMILIES; f++)
    for (guint i = 0; i < self->family[f]->len; i++)
      g_ptr_array_add (out, g_ptr_array_index (self->family[f], i));
  for (int h = 0; h < ctx->n_hexes; h++)
    {
      if (self->hex_map[h])
        for (guint i = 0; i < self->hex_map[h]->len; i++)
          g_ptr_array_add (out, g_ptr_array_index (self->hex_map[h], i));
      if (self->hex_deploy[h])
        for (guint i = 0; i < self->hex_deploy[h]->len; i++)
          g_ptr_array_add (out, g_ptr_array_index (self->hex_deploy[h], i));
    }
  g_hash_table_iter_init (&iter, self->hexside_map);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    for (guint i = 0; i < ((GPtrArray *) value)->len; i++)
      g_ptr_array_add (out, g_ptr_array_index ((GPtrArray *) value, i));
  g_hash_table_iter_init (&iter, self->unit_deploy);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    for (guint i = 0; i < ((GPtrArray *) value)->len; i++)
      g_ptr_array_add (out, g_ptr_array_index ((GPtrArray *) value, i));
  gbacw_reach_collect (self->reach, out);
  g_ptr_array_sort (out, gbacw_finding_compare);
  for (guint i = 0; i < out->len; i++)
    self->counts[((GbacwFinding *) g_ptr_array_index (out, i))->severity]++;
}

GPtrArray *
gbacw_checker_get_findings (GbacwChecker *self)
{
  g_return_val_if_fail (GBACW_IS_CHECKER (self), NULL);
  if (self->dirty)
    {
      collect (self);
      self->dirty = FALSE;
    }
  return self->sorted;
}

guint
gbacw_checker_count (GbacwChecker *self, GbacwSeverity severity)
{
  g_return_val_if_fail (GBACW_IS_CHECKER (self), 0);
  g_return_val_if_fail ((guint) severity < G_N_ELEMENTS (self->counts), 0);
  gbacw_checker_get_findings (self);
  return self->counts[severity];
}

GPtrArray *
gbacw_check_scenario (const GbacwScenario *scenario)
{
  g_autoptr (GbacwChecker) checker = gbacw_checker_new ();
  GPtrArray *findings, *result;

  gbacw_checker_run (checker, scenario);
  findings = gbacw_checker_get_findings (checker);
  result = g_ptr_array_new_full (findings->len, (GDestroyNotify) gbacw_finding_free);
  for (guint i = 0; i < findings->len; i++)
    g_ptr_array_add (result, gbacw_finding_copy (g_ptr_array_index (findings, i)));
  return result;
}
