/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-generate.c: large, valid, deterministic scenarios.
 *
 * Only GRand (a Mersenne Twister with a fixed algorithm) drives the choices, so
 * the same seed gives the same file on every machine. Terrain and relief come from
 * random blobs; rivers and streams are random walks along hexsides; roads are
 * straight hex lines that get a bridge where they cross water.
 */
#define G_LOG_DOMAIN "gbacw-generate"

#include "gbacw-generate.h"

#include <glib/gi18n-lib.h>
#include <gio/gio.h>
#include <math.h>

#include "gbacw-oob-edit.h"
#include "gbacw-scenario-io.h"

typedef struct {
  GbacwScenario *s;
  const GbacwHexGrid *grid;
  GRand *rand;
  int n_hexes;
  int clear, woods, light_woods, town, swamp;
  int crest, steep_crest, river, stream, bridge;
  int road, pike, trail, railroad;
  double *relief;          /* accumulated hill heights while generating */
} Generator;

static double
uniform (Generator *g, double lo, double hi)
{
  return g_rand_double_range (g->rand, lo, hi);
}

static GbacwHex
random_hex (Generator *g)
{
  GbacwHex h = { g_rand_int_range (g->rand, 0, g->grid->columns), g_rand_int_range (g->rand, 0, g->grid->rows) };
  return h;
}

static double
hex_distance2 (Generator *g, GbacwHex a, double cx, double cy)
{
  double x, y;
  gbacw_hex_grid_centre (g->grid, a, &x, &y);
  /* map units are hex radii; a hex is sqrt(3) radii across */
  return ((x - cx) * (x - cx) + (y - cy) * (y - cy)) / 3.0;
}

/* Calls func for every on-map hex within radius (in hexes) of a random centre. */
static void
blob (Generator *g, double radius, void (*func) (Generator *, int, double), double strength)
{
  GbacwHex centre = random_hex (g);
  double cx, cy;
  int r = (int) ceil (radius);
  g_autoptr (GArray) hexes = g_array_new (FALSE, FALSE, sizeof (GbacwHex));

  gbacw_hex_grid_centre (g->grid, centre, &cx, &cy);
  gbacw_hex_grid_within (g->grid, centre, r, hexes);
  for (guint i = 0; i < hexes->len; i++)
    {
      GbacwHex h = g_array_index (hexes, GbacwHex, i);
      double d2 = hex_distance2 (g, h, cx, cy);
      if (d2 <= radius * radius)
        func (g, gbacw_hex_grid_index (g->grid, h), strength * exp (-d2 / (radius * radius)));
    }
}

static void
add_relief (Generator *g, int index, double v)
{
  g->relief[index] += v;
}

static void
paint_woods (Generator *g, int index, double v)
{
  int type = (g->light_woods >= 0 && v < 0.6) ? g->light_woods : g->woods;
  g->s->map->terrain[index] = G_GUINT64_CONSTANT (1) << type;
}

static void
paint_town (Generator *g, int index, double v)
{
  g->s->map->terrain[index] = G_GUINT64_CONSTANT (1) << g->town;
}

static void
paint_swamp (Generator *g, int index, double v)
{
  if (g->s->map->elevation[index] == 0)
    g->s->map->terrain[index] = G_GUINT64_CONSTANT (1) << g->swamp;
}

static void
generate_terrain (Generator *g)
{
  GbacwMap *map = g->s->map;
  int area = g->n_hexes;

  g->relief = g_new0 (double, g->n_hexes);
  for (int i = 0, n = MAX (1, area / 4000); i < n; i++)
    blob (g, uniform (g, 5.0, 14.0), add_relief, uniform (g, 1.2, 3.0));
  for (int i = 0; i < g->n_hexes; i++)
    map->elevation[i] = (gint16) MIN (4, (int) floor (g->relief[i]));
  g_clear_pointer (&g->relief, g_free);

  for (int i = 0; i < g->n_hexes; i++)
    map->terrain[i] = G_GUINT64_CONSTANT (1) << g->clear;
  for (int i = 0, n = MAX (1, area / 250); i < n; i++)
    blob (g, uniform (g, 1.0, 4.0), paint_woods, 1.0);
  if (g->swamp >= 0)
    for (int i = 0, n = MAX (1, area / 4000); i < n; i++)
      blob (g, uniform (g, 1.0, 2.5), paint_swamp, 1.0);
  for (int i = 0, n = MAX (1, area / 2500); i < n; i++)
    blob (g, uniform (g, 0.6, 1.8), paint_town, 1.0);

  /* A few hexes of two terrains (5.15: woods and clear) */
  for (int i = 0, n = MAX (1, area / 1000); i < n; i++)
    {
      int index = gbacw_hex_grid_index (g->grid, random_hex (g));
      if (map->terrain[index] == (G_GUINT64_CONSTANT (1) << g->woods))
        map->terrain[index] |= G_GUINT64_CONSTANT (1) << g->clear;
    }
}

static void
set_feature (Generator *g, GbacwHexsideId id, int type)
{
  if (id != GBACW_HEXSIDE_NONE && gbacw_hex_grid_hexside_on_map (g->grid, id))
    g->s->map->hexside_features[id] |= 1u << type;
}

/* Crest hexsides face the higher hex (22.1): wherever the level changes. */
static void
generate_crests (Generator *g)
{
  GbacwMap *map = g->s->map;
  for (int i = 0; i < g->n_hexes; i++)
    {
      GbacwHex h = gbacw_hex_grid_hex_at (g->grid, i);
      for (int d = 0; d < 3; d++)
        {
          GbacwHex n = gbacw_hex_grid_neighbour (g->grid, h, d);
          int j = gbacw_hex_grid_index (g->grid, n);
          if (j < 0 || map->elevation[i] == map->elevation[j])
            continue;
          int diff = ABS (map->elevation[i] - map->elevation[j]);
          set_feature (g, gbacw_hex_grid_hexside (g->grid, h, d),
                       diff >= 2 && g->steep_crest >= 0 ? g->steep_crest : g->crest);
        }
    }
}

/* A walk along hexsides from the west edge eastward. The walk stands on hexside
 * (h, d), travelling from corner d to corner d + 1 of h; at that vertex it
 * continues either around h or along the side between h's two neighbours there. */
static void
generate_watercourse (Generator *g, int type, int max_steps)
{
  GbacwHex h = { 0, g_rand_int_range (g->rand, 0, g->grid->rows) };
  int d = 1;

  for (int step = 0; step < max_steps; step++)
    {
      GbacwHexsideId id = gbacw_hex_grid_hexside (g->grid, h, d);
      if (id == GBACW_HEXSIDE_NONE || !gbacw_hex_grid_hexside_on_map (g->grid, id))
        break;
      set_feature (g, id, type);

      GbacwHex around = h;
      int around_d = (d + 1) % 6;
      GbacwHex across = gbacw_hex_grid_neighbour (g->grid, h, (d + 1) % 6);
      int across_d = (d + 5) % 6;
      double ax, ay, bx, by;
      gbacw_hex_grid_corner (g->grid, around, (around_d + 1) % 6, &ax, &ay);
      gbacw_hex_grid_corner (g->grid, across, (across_d + 1) % 6, &bx, &by);
      /* head east, meandering */
      gboolean take_around = (ax > bx) == (g_rand_double (g->rand) < 0.8);
      if (take_around)
        {
          h = around;
          d = around_d;
        }
      else
        {
          h = across;
          d = across_d;
        }
      if (!gbacw_hex_grid_contains (g->grid, h) && h.col > g->grid->columns)
        break;
    }
}

static int
count_line_hexes (Generator *g, guint16 mask)
{
  int count = 0;
  for (int i = 0; i < g->n_hexes; i++)
    {
      GbacwHex h = gbacw_hex_grid_hex_at (g->grid, i);
      for (int d = 0; d < 6; d++)
        if (g->s->map->hexside_lines[gbacw_hex_grid_hexside (g->grid, h, d)] & mask)
          {
            count++;
            break;
          }
    }
  return count;
}

static void
lay_line (Generator *g, int type, GbacwHex a, GbacwHex b)
{
  g_autoptr (GArray) steps = g_array_new (FALSE, FALSE, sizeof (GbacwLineStep));
  GbacwMap *map = g->s->map;
  GbacwHex prev = a;

  gbacw_hex_grid_line (g->grid, a, b, steps);
  for (guint i = 1; i < steps->len; i++)
    {
      const GbacwLineStep *st = &g_array_index (steps, GbacwLineStep, i);
      GbacwHex h = st->hex;
      int d = gbacw_hex_grid_direction_to (g->grid, prev, h);
      if (d < 0 || !gbacw_hex_grid_contains (g->grid, h))
        break;
      GbacwHexsideId id = gbacw_hex_grid_hexside (g->grid, prev, d);
      map->hexside_lines[id] |= (guint16) (1u << type);
      /* a road crossing water needs a bridge (validator: 22.6) */
      guint32 water = (1u << g->river) | (1u << g->stream);
      if (map->hexside_features[id] & water)
        map->hexside_features[id] |= 1u << g->bridge;
      prev = h;
    }
}

/* Roads run from town to town, pikes and the railroad from edge to edge and the
 * trail from a town to the south edge, so that no line dead-ends inside the map
 * (the validator's 6.11 check). */
static void
generate_lines (Generator *g)
{
  int target = MAX (8, g->n_hexes * 300 / 40000);
  guint16 road_mask = (guint16) (1u << g->road);
  g_autoptr (GArray) towns = g_array_new (FALSE, FALSE, sizeof (GbacwHex));
  int cols = g->grid->columns, rows = g->grid->rows;

  for (int i = 0; i < g->n_hexes; i++)
    if (g->s->map->terrain[i] & (G_GUINT64_CONSTANT (1) << g->town))
      {
        GbacwHex h = gbacw_hex_grid_hex_at (g->grid, i);
        g_array_append_val (towns, h);
      }

  for (int tries = 0; tries < 200 && count_line_hexes (g, road_mask) < target; tries++)
    {
      GbacwHex a, b;
      if (towns->len >= 2)
        {
          a = g_array_index (towns, GbacwHex, g_rand_int_range (g->rand, 0, (int) towns->len));
          b = a;
          /* a town 8 to 40 hexes away, else any other town */
          for (int k = 0; k < 50; k++)
            {
              GbacwHex c = g_array_index (towns, GbacwHex, g_rand_int_range (g->rand, 0, (int) towns->len));
              int d = gbacw_hex_grid_distance (g->grid, a, c);
              if (d > 0 && (gbacw_hex_equal (a, b) || (d >= 8 && d <= 40)))
                b = c;
              if (d >= 8 && d <= 40)
                break;
            }
        }
      else
        {
          a = (GbacwHex) { 0, g_rand_int_range (g->rand, 0, rows) };
          b = (GbacwHex) { cols - 1, g_rand_int_range (g->rand, 0, rows) };
        }
      if (!gbacw_hex_equal (a, b))
        lay_line (g, g->road, a, b);
    }
  if (g->pike >= 0)
    lay_line (g, g->pike, (GbacwHex) { 0, g_rand_int_range (g->rand, 0, rows) },
              (GbacwHex) { cols - 1, g_rand_int_range (g->rand, 0, rows) });
  if (g->trail >= 0 && towns->len > 0)
    {
      GbacwHex a = g_array_index (towns, GbacwHex, g_rand_int_range (g->rand, 0, (int) towns->len));
      lay_line (g, g->trail, a, (GbacwHex) { a.col, rows - 1 });
    }
  if (g->railroad >= 0)
    lay_line (g, g->railroad, (GbacwHex) { 0, rows / 3 }, (GbacwHex) { cols - 1, rows / 3 });
}

static GbacwArea *
add_area (Generator *g, const char *id, GbacwAreaKind kind, const char *name, const char *side)
{
  GbacwArea *area = gbacw_area_new (id, kind, name);
  area->side = g_strdup (side);
  g_ptr_array_add (g->s->map->areas, area);
  return area;
}

static void
generate_areas (Generator *g)
{
  const GbacwHexGrid *grid = g->grid;
  GbacwArea *u_setup = add_area (g, "union-setup", GBACW_AREA_SETUP, "Union set-up area", "union");
  GbacwArea *c_setup = add_area (g, "confederate-setup", GBACW_AREA_SETUP, "Confederate set-up area", "confederate");
  GbacwArea *u_entry = add_area (g, "union-entry", GBACW_AREA_ENTRY, "Union entry", "union");
  GbacwArea *c_entry = add_area (g, "confederate-entry", GBACW_AREA_ENTRY, "Confederate entry", "confederate");

  u_setup->description = g_strdup ("the western half of the map");
  c_setup->description = g_strdup ("the eastern half of the map");
  for (int i = 0; i < g->n_hexes; i++)
    {
      GbacwHex h = gbacw_hex_grid_hex_at (grid, i);
      g_array_append_val (h.col < grid->columns / 2 ? u_setup->hexes : c_setup->hexes, i);
    }
  for (int row = grid->rows / 2 - 1; row <= grid->rows / 2 + 1; row++)
    {
      GbacwHex w = { 0, CLAMP (row, 0, grid->rows - 1) }, e = { grid->columns - 1, CLAMP (row, 0, grid->rows - 1) };
      int wi = gbacw_hex_grid_index (grid, w), ei = gbacw_hex_grid_index (grid, e);
      g_array_append_val (u_entry->hexes, wi);
      g_array_append_val (c_entry->hexes, ei);
    }
  for (int k = 0; k < 5; k++)
    {
      g_autofree char *id = g_strdup_printf ("objective-%d", k + 1);
      g_autofree char *name = g_strdup_printf ("Objective %d", k + 1);
      GbacwArea *obj = add_area (g, id, GBACW_AREA_OBJECTIVE, name, NULL);
      GbacwHex h = { grid->columns / 2 + g_rand_int_range (g->rand, -grid->columns / 6 - 1, grid->columns / 6 + 1),
                     g_rand_int_range (g->rand, 0, grid->rows) };
      int index = gbacw_hex_grid_index (grid, h);
      if (index < 0)
        index = 0;
      obj->vp = 5;
      g_array_append_val (obj->hexes, index);
      GbacwVpAward *award = g_new0 (GbacwVpAward, 1);
      award->id = g_strdup_printf ("vp-%s", id);
      award->side = g_strdup ("both");
      award->event = GBACW_VP_OBJECTIVE;
      award->area = g_strdup (id);
      award->vp = 5;
      g_ptr_array_add (g->s->vp_awards, award);
    }
  for (guint i = 0; i < g->s->map->areas->len; i++)
    gbacw_area_sort (g_ptr_array_index (g->s->map->areas, i));

  for (int k = 0; k < 6; k++)
    {
      GbacwLabel *label = g_new0 (GbacwLabel, 1);
      GbacwHex h = random_hex (g);
      label->hex = gbacw_hex_grid_index (grid, h);
      label->size = 1.0;
      label->text = g_strdup_printf ("Place %d", k + 1);
      g_ptr_array_add (g->s->map->labels, label);
    }
}

/* ---------------------------------------------------------------- order of battle */

typedef struct {
  Generator *g;
  const char *side;
  int budget;
  int counter;
  GPtrArray *small_arms;   /* weapon codes (borrowed) */
  GPtrArray *artillery;
} SideBuilder;

static char *
next_id (SideBuilder *b, const char *kind)
{
  return g_strdup_printf ("%c-%s-%d", b->side[0], kind, ++b->counter);
}

static GbacwUnit *
add_unit (SideBuilder *b, const char *formation, GbacwUnitType type, const char *kind)
{
  g_autofree char *id = next_id (b, kind);
  GbacwUnit *u = gbacw_unit_new (id, b->side, type);
  GRand *r = b->g->rand;

  u->formation = g_strdup (formation);
  u->designation = g_strdup_printf ("%d %s", b->counter, kind);
  switch (type)
    {
    case GBACW_UNIT_INFANTRY:
    case GBACW_UNIT_CAVALRY:
      u->strength = g_rand_int_range (r, 3, 9);
      u->morale = g_rand_int_range (r, 0, 10) == 0 ? GBACW_MORALE_GREEN : g_rand_int_range (r, 2, 6);
      if (type == GBACW_UNIT_CAVALRY)
        u->dismounted_morale = MAX (1, u->morale - 1);
      if (b->small_arms->len)
        u->weapon = g_strdup (g_ptr_array_index (b->small_arms, g_rand_int_range (r, 0, (int) b->small_arms->len)));
      break;
    case GBACW_UNIT_ARTILLERY:
      u->guns = g_rand_int_range (r, 2, 7);
      u->rounds = 12;
      u->crew = GBACW_CREW_FULL;
      u->morale = g_rand_int_range (r, 2, 6);
      if (b->artillery->len)
        u->weapon = g_strdup (g_ptr_array_index (b->artillery, g_rand_int_range (r, 0, (int) b->artillery->len)));
      break;
    case GBACW_UNIT_WAGON:
      u->small_arms_boxes = 4;
      u->artillery_boxes = 4;
      u->crew_strength = 1;
      u->morale = 2;
      if (b->small_arms->len)
        u->weapon = g_strdup (g_ptr_array_index (b->small_arms, 0));
      break;
    case GBACW_UNIT_LEADER:
    default:
      break;
    }
  g_ptr_array_add (b->g->s->oob.units, u);
  b->budget--;
  return u;
}

static GbacwUnit *
add_leader (SideBuilder *b, GbacwFormation *formation, GbacwLeaderRole role)
{
  GbacwUnit *leader = add_unit (b, formation->id, GBACW_UNIT_LEADER, "ldr");
  leader->role = role;
  leader->er = g_rand_int_range (b->g->rand, 2, 6);
  leader->rally = g_rand_int_range (b->g->rand, 1, 4);
  if (role != GBACW_LEADER_BRIGADE)
    {
      leader->dir = g_rand_int_range (b->g->rand, 4, 9);
      leader->cp = g_rand_int_range (b->g->rand, 1, 4);
    }
  g_free (leader->designation);
  leader->designation = g_strdup_printf ("General %d", b->counter);
  formation->commander = g_strdup (leader->id);
  return leader;
}

static GbacwFormation *
add_formation (SideBuilder *b, GbacwFormation *parent, GbacwFormationKind kind, const char *label)
{
  g_autofree char *id = next_id (b, label);
  GbacwFormation *f = gbacw_formation_new (id, b->side, kind);
  f->parent = parent ? g_strdup (parent->id) : NULL;
  f->name = g_strdup_printf ("%s %d", label, b->counter);
  g_ptr_array_add (b->g->s->oob.formations, f);
  return f;
}

static void
build_side (SideBuilder *b)
{
  GbacwFormation *army = add_formation (b, NULL, GBACW_FORMATION_ARMY, "Army");
  if (b->budget > 0)
    add_leader (b, army, GBACW_LEADER_ARMY);
  while (b->budget > 0)
    {
      GbacwFormation *division = add_formation (b, army, GBACW_FORMATION_DIVISION, "Division");
      add_leader (b, division, GBACW_LEADER_DIVISION);
      if (b->budget > 0)
        add_unit (b, division->id, GBACW_UNIT_WAGON, "Wagon");
      for (int k = 0; k < 4 && b->budget > 0; k++)
        {
          GbacwFormation *brigade = add_formation (b, division, GBACW_FORMATION_BRIGADE, "Brigade");
          int sp = 0;
          add_leader (b, brigade, GBACW_LEADER_BRIGADE);
          for (int r = 0; r < 5 && b->budget > 0; r++)
            {
              GbacwUnit *u = add_unit (b, brigade->id, r == 4 ? GBACW_UNIT_CAVALRY : GBACW_UNIT_INFANTRY,
                                       r == 4 ? "Cav" : "Inf");
              sp += u->strength;
            }
          if (b->budget > 0)
            add_unit (b, brigade->id, GBACW_UNIT_ARTILLERY, "Battery");
          /* BCE limit at about half the brigade's SP (18.0) */
          brigade->bce[0] = MAX (1, sp / 2);
          brigade->bce_vp = 2;
        }
    }
}

/* Deploys the side's units, one combat unit per hex (more on a crowded map), each
 * leader on the hex of the unit before it, skipping swamp (23.5). The last brigade
 * of the side is held back as a reinforcement. */
static void
deploy_side (Generator *g, const char *side, gboolean west, const char *entry_area)
{
  GbacwScenario *s = g->s;
  g_autoptr (GArray) hexes = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr (GPtrArray) units = g_ptr_array_new ();
  const char *held_back = NULL;
  int facing = west ? 1 : 5;

  for (int i = 0; i < g->n_hexes; i++)
    {
      GbacwHex h = gbacw_hex_grid_hex_at (g->grid, i);
      gboolean in_half = west ? h.col < g->grid->columns / 2 : h.col >= g->grid->columns / 2;
      if (in_half && h.col > 0 && h.col < g->grid->columns - 1
          && !(g->swamp >= 0 && (s->map->terrain[i] & (G_GUINT64_CONSTANT (1) << g->swamp))))
        g_array_append_val (hexes, i);
    }
  for (guint i = hexes->len; i > 1; i--)
    {
      guint j = (guint) g_rand_int_range (g->rand, 0, (gint32) i);
      int t = g_array_index (hexes, int, i - 1);
      g_array_index (hexes, int, i - 1) = g_array_index (hexes, int, j);
      g_array_index (hexes, int, j) = t;
    }
  for (guint i = 0; i < s->oob.units->len; i++)
    {
      GbacwUnit *u = g_ptr_array_index (s->oob.units, i);
      if (g_strcmp0 (u->side, side) == 0)
        g_ptr_array_add (units, u);
    }
  for (guint i = s->oob.formations->len; i-- > 0;)
    {
      GbacwFormation *f = g_ptr_array_index (s->oob.formations, i);
      if (g_strcmp0 (f->side, side) == 0 && f->kind == GBACW_FORMATION_BRIGADE)
        {
          held_back = f->id;
          break;
        }
    }
  if (held_back)
    {
      GbacwReinforcement *r = gbacw_reinforcement_new (NULL, 3);
      GbacwArea *entry = gbacw_map_find_area (s->map, entry_area);
      r->id = g_strdup_printf ("%s-reinforcement", side);
      r->formation = GBACW_FORMATION_STATE_COLUMN;
      if (entry)
        g_array_append_vals (r->entry_hexes, entry->hexes->data, entry->hexes->len);
      g_ptr_array_add (r->formations, g_strdup (held_back));
      g_ptr_array_add (s->reinforcements, r);
    }

  guint combat_units = 0;
  for (guint i = 0; i < units->len; i++)
    if (((GbacwUnit *) g_ptr_array_index (units, i))->type != GBACW_UNIT_LEADER)
      combat_units++;
  guint per_hex = hexes->len ? MAX (1u, (combat_units + hexes->len - 1) / hexes->len) : 1;
  guint slot = 0, in_slot = 0;
  int last_hex = -1;
  for (guint i = 0; i < units->len && hexes->len; i++)
    {
      GbacwUnit *u = g_ptr_array_index (units, i);
      if (held_back && g_strcmp0 (u->formation, held_back) == 0)
        continue;
      int hex;
      if (u->type == GBACW_UNIT_LEADER && last_hex >= 0)
        hex = last_hex;
      else if (u->type == GBACW_UNIT_LEADER)
        hex = g_array_index (hexes, int, 0);
      else
        {
          if (in_slot == per_hex)
            {
              slot = (slot + 1) % hexes->len;
              in_slot = 0;
            }
          hex = g_array_index (hexes, int, slot);
          in_slot++;
          last_hex = hex;
        }
      GbacwPlacement *p = gbacw_placement_new (u->id, hex);
      p->formation = gbacw_deploy_setup_formation (u->type);
      p->facing = facing;
      g_ptr_array_add (s->deployment, p);
    }
}

static void
weapon_codes (const GbacwScenario *s, GPtrArray *small_arms, GPtrArray *artillery)
{
  static const char *const artillery_codes[] = { "L", "N", "HA", "HB", "HC", "PA", "PB", "PC", "TA", "TB" };
  GbacwChart *range = gbacw_scenario_find_chart (s, "range-effects");

  if (range == NULL)
    return;
  for (guint i = 0; i < range->rows->len; i++)
    {
      const char *code = ((GbacwChartRow *) g_ptr_array_index (range->rows, i))->id;
      gboolean is_artillery = FALSE;
      for (guint k = 0; k < G_N_ELEMENTS (artillery_codes); k++)
        is_artillery |= g_strcmp0 (code, artillery_codes[k]) == 0;
      g_ptr_array_add (is_artillery ? artillery : small_arms, (gpointer) code);
    }
}

static void
add_side (GbacwScenario *s, const char *id, const char *name, const char *colour)
{
  GbacwSide *side = gbacw_side_new (id, name);
  side->colour = g_strdup (colour);
  g_ptr_array_add (s->oob.sides, side);
}

static void
generate_turns (GbacwScenario *s)
{
  s->turns.first = 1;
  s->turns.last = 20;
  s->turns.first_player = g_strdup ("union");
  for (int n = 1; n <= 20; n++)
    {
      GbacwTurn *t = g_new0 (GbacwTurn, 1);
      int minutes = 6 * 60 + (n - 1) * 30;
      t->n = n;
      t->time = g_strdup_printf ("%02d:%02d", minutes / 60, minutes % 60);
      g_ptr_array_add (s->turns.turns, t);
    }
}

static int
require (const GbacwScenario *tpl, int index, const char *kind, const char *id, GError **error)
{
  if (index < 0)
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                 _("The template scenario has no %s “%s”, which the generator needs"), kind, id);
  return index;
}

GbacwScenario *
gbacw_generate_scenario (const GbacwScenario *tpl, int columns, int rows, int n_units, guint32 seed, GError **error)
{
  GbacwHexGrid grid;
  Generator g = { 0 };
  const GbacwCatalogue *cat = &tpl->catalogue;

  gbacw_hex_grid_init_default (&grid, columns, rows);
  if (columns > 99 || rows > 99)
    grid.digits = 3;
  if (!gbacw_hex_grid_validate (&grid, error))
    return NULL;
  if (n_units < 0 || n_units > 1000000)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, _("The number of units must be between 0 and 1000000"));
      return NULL;
    }
  if (require (tpl, g.clear = gbacw_catalogue_find_hex_terrain (cat, "clear"), _("hex terrain"), "clear", error) < 0
      || require (tpl, g.woods = gbacw_catalogue_find_hex_terrain (cat, "woods"), _("hex terrain"), "woods", error) < 0
      || require (tpl, g.town = gbacw_catalogue_find_hex_terrain (cat, "town"), _("hex terrain"), "town", error) < 0
      || require (tpl, g.crest = gbacw_catalogue_find_hexside_type (cat, "crest"), _("hexside type"), "crest", error) < 0
      || require (tpl, g.river = gbacw_catalogue_find_hexside_type (cat, "river"), _("hexside type"), "river", error) < 0
      || require (tpl, g.stream = gbacw_catalogue_find_hexside_type (cat, "stream"), _("hexside type"), "stream", error) < 0
      || require (tpl, g.bridge = gbacw_catalogue_find_hexside_type (cat, "bridge"), _("hexside type"), "bridge", error) < 0
      || require (tpl, g.road = gbacw_catalogue_find_line_type (cat, "road"), _("line type"), "road", error) < 0)
    return NULL;
  g.light_woods = gbacw_catalogue_find_hex_terrain (cat, "light-woods");
  g.swamp = gbacw_catalogue_find_hex_terrain (cat, "swamp");
  g.steep_crest = gbacw_catalogue_find_hexside_type (cat, "steep-crest");
  g.pike = gbacw_catalogue_find_line_type (cat, "pike");
  g.trail = gbacw_catalogue_find_line_type (cat, "trail");
  g.railroad = gbacw_catalogue_find_line_type (cat, "railroad");

  g.s = gbacw_scenario_new (&grid);
  g.grid = &g.s->map->grid;
  g.n_hexes = gbacw_hex_grid_n_hexes (g.grid);
  g.rand = g_rand_new_with_seed (seed);

  g.s->info.title = g_strdup_printf ("Generated %dx%d scenario (seed %u)", columns, rows, seed);
  g.s->info.game = g_strdup ("generated");
  g.s->info.description = g_strdup ("An invented scenario made by “gbacw generate” for benchmarks and tests. "
                                    "Nothing in it is historical.");
  gbacw_catalogue_clear (&g.s->catalogue);
  gbacw_catalogue_copy (&g.s->catalogue, cat);
  for (guint i = 0; i < tpl->charts->len; i++)
    g_ptr_array_add (g.s->charts, gbacw_chart_copy (g_ptr_array_index (tpl->charts, i)));
  for (guint i = 0; i < tpl->options->len; i++)
    g_ptr_array_add (g.s->options, gbacw_param_copy (g_ptr_array_index (tpl->options, i)));
  for (int level = 0; level <= 4; level++)
    {
      int feet = level * 20;
      g_array_append_val (g.s->map->levels, feet);
    }

  generate_terrain (&g);
  generate_crests (&g);
  for (int i = 0, n = MAX (1, columns / 100); i < n; i++)
    generate_watercourse (&g, g.river, columns + rows / 4);
  for (int i = 0, n = MAX (1, columns / 60); i < n; i++)
    generate_watercourse (&g, g.stream, columns / 2 + 4);
  generate_lines (&g);
  generate_areas (&g);
  generate_turns (g.s);

  add_side (g.s, "union", "Union", "#2c4a8c");
  add_side (g.s, "confederate", "Confederate", "#8c3a2c");
  {
    g_autoptr (GPtrArray) small_arms = g_ptr_array_new ();
    g_autoptr (GPtrArray) artillery = g_ptr_array_new ();
    weapon_codes (g.s, small_arms, artillery);
    SideBuilder union_side = { &g, "union", n_units - n_units / 2, 0, small_arms, artillery };
    SideBuilder confederate_side = { &g, "confederate", n_units / 2, 0, small_arms, artillery };
    build_side (&union_side);
    build_side (&confederate_side);
  }
  gbacw_oob_reindex (&g.s->oob);
  deploy_side (&g, "union", TRUE, "union-entry");
  deploy_side (&g, "confederate", FALSE, "confederate-entry");

  {
    GbacwVpAward *award = g_new0 (GbacwVpAward, 1);
    award->id = g_strdup ("vp-sp");
    award->side = g_strdup ("both");
    award->event = GBACW_VP_ENEMY_SP_LOST;
    award->vp = 1;
    g_ptr_array_add (g.s->vp_awards, award);
    GbacwVictoryLevel *level = g_new0 (GbacwVictoryLevel, 1);
    level->name = g_strdup ("Union victory");
    level->side = g_strdup ("union");
    level->min = 10;
    g_ptr_array_add (g.s->victory_levels, level);
    level = g_new0 (GbacwVictoryLevel, 1);
    level->name = g_strdup ("Confederate victory");
    level->side = g_strdup ("confederate");
    level->min = 10;
    g_ptr_array_add (g.s->victory_levels, level);
  }

  g_rand_free (g.rand);
  return g.s;
}
