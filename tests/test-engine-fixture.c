/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-engine-fixture.c: small positions for the engine tests, built in code.
 *
 * Not a test program of its own: the test-engine-*.c programs #include it. The charts
 * are copied from data/charts/demo.xml (the printed J/P values and the demo's
 * invented cells) so that each test knows every number it relies on; a few rows
 * are added for the rules' worked examples (HB: 9.45).
 */
#ifndef G_LOG_DOMAIN
#define G_LOG_DOMAIN "test-engine-fixture"
#endif

#include <glib.h>
#include <stdarg.h>
#include <string.h>

#include "gbacw-dice.h"
#include "gbacw-fire.h"
#include "gbacw-game-private.h"
#include "gbacw-game.h"
#include "gbacw-los.h"
#include "gbacw-melee.h"
#include "gbacw-morale.h"
#include "gbacw-movement.h"
#include "gbacw-scenario.h"

typedef struct {
  GbacwScenario *s;
} Fixture;

G_GNUC_UNUSED static void
add_chart (GbacwScenario *s, const char *id, const char *columns, const char *const *rows)
{
  GbacwChart *chart = gbacw_chart_new (id, id);
  g_auto (GStrv) cols = g_strsplit (columns, "|", -1);

  for (guint i = 0; cols[i]; i++)
    g_ptr_array_add (chart->columns, g_strdup (g_strstrip (cols[i])));
  for (guint r = 0; rows[r]; r++)
    {
      g_auto (GStrv) cells = g_strsplit (rows[r], "|", -1);
      GbacwChartRow *row = gbacw_chart_add_row (chart, g_strstrip (cells[0]), g_strstrip (cells[0]));
      g_assert_cmpuint (g_strv_length (cells), ==, chart->columns->len + 1);
      for (guint k = 1; cells[k]; k++)
        gbacw_cell_parse (&row->cells[k - 1], g_strstrip (cells[k]));
    }
  g_ptr_array_add (s->charts, chart);
}

G_GNUC_UNUSED static void
add_hex_terrain (GbacwScenario *s, const char *id, const char *code, int height)
{
  GbacwHexTerrain *t = g_new0 (GbacwHexTerrain, 1);
  t->id = g_strdup (id);
  t->code = g_strdup (code);
  t->name = g_strdup (id);
  t->fill = g_strdup ("#ffffff");
  t->pattern = g_strdup ("none");
  t->height = height;
  g_ptr_array_add (s->catalogue.hex_terrains, t);
}

G_GNUC_UNUSED static void
add_hexside_type (GbacwScenario *s, const char *id, const char *style, GbacwSideMode side)
{
  GbacwHexsideType *t = g_new0 (GbacwHexsideType, 1);
  t->id = g_strdup (id);
  t->name = g_strdup (id);
  t->style = g_strdup (style);
  t->side = side;
  g_ptr_array_add (s->catalogue.hexside_types, t);
}

G_GNUC_UNUSED static void
add_line_type (GbacwScenario *s, const char *id)
{
  GbacwLineType *t = g_new0 (GbacwLineType, 1);
  t->id = g_strdup (id);
  t->name = g_strdup (id);
  t->colour = g_strdup ("#000000");
  t->width = 0.1;
  t->style = g_strdup ("solid");
  g_ptr_array_add (s->catalogue.line_types, t);
}

/* Catalogue and charts (demo.xml values; "tall-woods" and "HB" are the tests' own). */
G_GNUC_UNUSED static void
fixture_charts (GbacwScenario *s)
{
  static const char *const tem[] = {
    "infantry-line      | 6    | 2    | 1    | 2 | {2} | {2} | +1   | —    | P | +1   | —    | {—}   | —",
    "infantry-column    | 6    | {2}  | {1}  | 2 | {2} | {2} | {+1} | {—}  | P | {+1} | —    | {1/2} | {1}",
    "cavalry-mounted    | 12   | {2}  | {1}  | {3} | {3} | {2} | {+2} | {+1} | P | {+1} | —  | {1/2} | {1}",
    "cavalry-dismounted | {6}  | {2}  | {1}  | {2} | {2} | {2} | {+1} | {—}  | P | {+1} | {—} | {—}  | {—}",
    "artillery-limbered | {8}  | {2}  | {1}  | {4} | {4} | {2} | {+2} | {+1} | P | {+2} | —  | {1/2} | {1}",
    "artillery-unlimbered | {0} | {2} | {P}  | {P} | {P} | {P} | {P}  | {P}  | P | {P}  | —    | {P}   | {P}",
    "wagon              | {8}  | —    | {1}  | {4} | {4} | {2} | {+2} | {+1} | P | {+2} | —    | {1/2} | {1}",
    "leader             | {12} | —    | {1}  | {2} | {2} | {1} | {+1} | {—}  | P | {+1} | —    | {1/2} | {1}",
    NULL
  };
  static const char *const tec[] = {
    "clear      | yes   | no    | —     | —",
    "woods      | no    | yes   | 1L    | —",
    "tall-woods | no    | yes   | 1L    | —",
    "town       | no    | yes   | 1L    | -1 SP",
    "crest      | {yes} | yes   | 1L    | -1 SP",
    "river      | {no}  | {no}  | {—}   | {—}",
    "stream     | no    | no    | —     | -1 SP",
    "bridge     | {no}  | {no}  | {—}   | -2 SP",
    "road       | other | other | other | other",
    NULL
  };
  static const char *const stacking[] = {
    "clear      | 3   | 12   | 6   | 4   | 12",
    "woods      | 2   | 8    | 4   | 4   | 8",
    "tall-woods | 2   | 8    | 4   | 4   | 8",
    "town       | 2   | 8    | 4   | 4   | 8",
    "column     | {1} | {12} | {0} | {0} | {12}",
    NULL
  };
  static const char *const range[] = {
    "R  | {3}  | 2    | {1}   | {1/2} | {—}   | {—}   | {—}   | {—}",
    "M  | {2}  | {2}  | {1/2} | {—}   | {—}   | {—}   | {—}   | {—}",
    "C  | {2}  | {1}  | {1/2} | {—}   | {—}   | {—}   | {—}   | {—}",
    "L  | 6    | 4    | 1     | 1/2   | 1/2   | 1/2   | —     | [—]",
    "HA | 6    | 6    | 1     | 1     | 1/2   | 1/2   | —     | [—]",
    "HB | {16} | 10   | {2}   | {1}   | {1}   | {1}   | 1/2   | {1/2}",
    "PA | {18} | {2}  | {1}   | {1}   | {1}   | {1}   | {1/2} | {1/2}",
    NULL
  };
  static const char *const density[] = { "1-2 | 1L", "3-6 | 0", "7-9 | 1R", "10+ | 2R", NULL };
  static const char *const crt[] = {
    "grapeshot  | 0-3 | 4-8 | 9-11 | 12-15 | 16-21 | 22-28 | 29-35 | 36-43 | 44-52 | 53-62 | 63+",
    "small-arms | 0   | 1-3 | 4-6  | 7-10  | 11-14 | 15-20 | 21-27 | 28-34 | 35-42 | 43-50 | 51+",
    "1 | — | —   | —   | —   | P   | R   | P/R | 1  | 1  | 1  | 1*",
    "2 | — | —   | —   | P   | R   | P/R | 1   | 1  | 1  | 1* | 2*",
    "3 | — | —   | P   | R   | P/R | 1   | 1   | 1  | 1* | 2* | 2*",
    "4 | — | P   | R   | P/R | 1   | 1   | 1   | 1* | 2* | 2* | 2*",
    "5 | — | P/R | P/R | 1   | 1   | 1   | 1*  | 2* | 2* | 2* | 3*",
    "6 | P/R | 1 | 1   | 1*  | 1*  | 1*  | 2*  | 2* | 2* | 3* | 3*",
    NULL
  };
  static const char *const elephant[] = {
    "2 | 4", "3 | 3", "4 | 1", "5 | 4", "6 | 2", "7 | 3", "8 | 1", "9 | 3", "10 | 2", "11 | 5", "12 | 4", NULL
  };
  static const char *const leader[] = {
    "melee-k    | 6 | 2,12 | —",
    "small-arms | 5 | 2,12 | —",
    "artillery  | 3 | 2    | —",
    "melee-c    | — | —    | 2-4",
    "melee-rpls | 2 | 12   | —",
    NULL
  };

  static const char *const melee[] = {
    "1a | R2   | Rpls | Eng  | K    | —    | —      | —     | —      | —      | —      | —",
    "1d | —    | Rpls | Eng  | C1R2 | C1R2 | C1R2   | C1R3  | C2R3   | C2R3   | C2R3   | C2R3",
    "2a | C1R2 | R2   | Rpls | Eng  | K    | —      | —     | K      | —      | —      | —",
    "2d | —    | —    | Rpls | Eng  | C1R2 | R2     | C1R2  | C1R2   | C2R2   | C2R2   | C2R2",
    "3a | C1R2 | C1R2 | R2   | Rpls | Eng  | K      | —     | —      | K      | —      | —",
    "3d | —    | —    | —    | Rpls | Eng  | C1R2   | C1R2  | C1R2   | C1R2   | C2R2   | C2R2",
    "4a | C1R2 | C1R2 | C1R2 | R2   | Rpls | Eng    | K     | —      | —      | K      | —",
    "4d | —    | —    | —    | —    | Rpls | Eng    | C1R2  | C1R2   | C1R2   | C1R2   | C1R2",
    "5a | C2R2 | C2R2 | C1R2 | C1R2 | R2   | Rpls   | Eng   | K      | —      | —      | K",
    "5d | —    | [—]  | [—]  | [—]  | [—]  | [Rpls] | [Eng] | {R2}   | {R2}   | {C1R2} | {C1R2}",
    "6a | {C2R2} | {C2R2} | {C2R2} | {C1R2} | {C1R2} | [R2] | [Rpls] | [Eng] | [K] | {—} | {—}",
    "6d | [—]  | [—]  | [—]  | [—]  | [—]  | [—]    | [Rpls] | [Eng] | {R2}   | {R2}   | {C1R2}",
    NULL
  };
  static const char *const ammo[] = {
    "1 | 0/1 | 1/2 | 2/3", "2 | 1/2 | 2/3 | 3/4", "3 | 2/4 | 3/5 | 4/6", "4 | 2/5 | 3/6 | 4/8",
    "5 | 2/6 | 3/8 | 4/E", "6 | 3/8 | 4/E | WE", NULL
  };

  add_hex_terrain (s, "clear", ".", 0);
  add_hex_terrain (s, "woods", "w", 20);
  add_hex_terrain (s, "tall-woods", "tw", 21);
  add_hex_terrain (s, "town", "t", 20);
  add_hexside_type (s, "crest", "crest", GBACW_SIDE_MODE_ELEVATION);
  add_hexside_type (s, "river", "river", GBACW_SIDE_MODE_NONE);
  add_hexside_type (s, "stream", "stream", GBACW_SIDE_MODE_NONE);
  add_hexside_type (s, "bridge", "bridge", GBACW_SIDE_MODE_NONE);
  ((GbacwHexsideType *) g_ptr_array_index (s->catalogue.hexside_types, 3))->requires = g_strsplit ("river stream", " ", -1);
  add_line_type (s, "road");

  add_chart (s, "terrain-movement",
             "ma | chg | clear | woods | tall-woods | town | crest.up | crest.down | river | stream | bridge | road | trail",
             tem);
  add_chart (s, "terrain-combat", "charge | blocks-los | fire-shift | melee", tec);
  add_chart (s, "stacking", "units | sp | sections | fire-per-hexside | melee-max", stacking);
  add_chart (s, "range-effects", "max | 1 | 2 | 3 | 4-5 | 6-9 | 10-15 | 16+", range);
  add_chart (s, "density", "shift", density);
  add_chart (s, "fire-crt", "1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11", crt);
  add_chart (s, "seeing-the-elephant", "morale", elephant);
  add_chart (s, "leader-casualty", "wounded | killed | captured", leader);
  add_chart (s, "melee-crt", "-4 | -3 | -2 | -1 | 0 | +1 | +2 | +3 | +4 | +5 | +6", melee);
  add_chart (s, "ammunition-loss", "1 | 2 | 3", ammo);
  /* the range chart's row names say which weapons mounted cavalry may fire (6.14) */
  {
    GbacwChart *chart = gbacw_scenario_find_chart (s, "range-effects");
    GbacwChartRow *row = g_ptr_array_index (chart->rows, gbacw_chart_find_row (chart, "C"));
    g_free (row->name);
    row->name = g_strdup ("C (Carbine)");
  }
}

G_GNUC_UNUSED static Fixture *
fixture_new (int columns, int rows)
{
  Fixture *f = g_new0 (Fixture, 1);
  GbacwHexGrid grid;
  int n;

  gbacw_hex_grid_init_default (&grid, columns, rows);
  f->s = gbacw_scenario_new (&grid);
  fixture_charts (f->s);
  n = gbacw_hex_grid_n_hexes (&grid);
  for (int i = 0; i < n; i++)
    f->s->map->terrain[i] = 1;   /* clear */
  for (int level = 0; level <= 4; level++)
    {
      int feet = level * 20;
      g_array_append_val (f->s->map->levels, feet);
    }
  g_ptr_array_add (f->s->oob.sides, gbacw_side_new ("union", "Union"));
  g_ptr_array_add (f->s->oob.sides, gbacw_side_new ("confederate", "Confederate"));
  f->s->turns.first = 1;
  f->s->turns.last = 4;
  f->s->turns.first_player = g_strdup ("union");
  for (int t = 1; t <= 4; t++)
    {
      GbacwTurn *turn = g_new0 (GbacwTurn, 1);
      turn->n = t;
      g_ptr_array_add (f->s->turns.turns, turn);
    }
  return f;
}

G_GNUC_UNUSED static void
fixture_free (Fixture *f)
{
  gbacw_scenario_free (f->s);
  g_free (f);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Fixture, fixture_free)

G_GNUC_UNUSED static int
hex_of (const GbacwScenario *s, const char *label)
{
  GbacwHex hex;
  g_autoptr (GError) error = NULL;
  if (!gbacw_hex_grid_parse_label (&s->map->grid, label, &hex, &error))
    g_error ("%s", error->message);
  return gbacw_hex_grid_index (&s->map->grid, hex);
}

/* "clear", "woods", …: replaces the hex's terrain; "+woods" adds. */
G_GNUC_UNUSED static void
set_terrain (Fixture *f, const char *label, const char *terrain)
{
  gboolean add = terrain[0] == '+';
  int t = gbacw_catalogue_find_hex_terrain (&f->s->catalogue, add ? terrain + 1 : terrain);
  int hex = hex_of (f->s, label);
  g_assert_cmpint (t, >=, 0);
  f->s->map->terrain[hex] = (add ? f->s->map->terrain[hex] : 0) | (G_GUINT64_CONSTANT (1) << t);
}

G_GNUC_UNUSED static void
set_level (Fixture *f, const char *label, int level)
{
  f->s->map->elevation[hex_of (f->s, label)] = (gint16) level;
}

G_GNUC_UNUSED static int
direction_of (const GbacwScenario *s, const char *name)
{
  int d = gbacw_hex_direction_parse (s->map->grid.orientation, name);
  g_assert_cmpint (d, >=, 0);
  return d;
}

G_GNUC_UNUSED static void
add_hexside (Fixture *f, const char *label, const char *dir, const char *type)
{
  const GbacwHexGrid *grid = &f->s->map->grid;
  int t = gbacw_catalogue_find_hexside_type (&f->s->catalogue, type);
  GbacwHexsideId id = gbacw_hex_grid_hexside (grid, gbacw_hex_grid_hex_at (grid, hex_of (f->s, label)), direction_of (f->s, dir));
  g_assert_cmpint (t, >=, 0);
  f->s->map->hexside_features[id] |= 1u << t;
}

G_GNUC_UNUSED static void
add_road (Fixture *f, const char *from, const char *dir)
{
  const GbacwHexGrid *grid = &f->s->map->grid;
  GbacwHexsideId id = gbacw_hex_grid_hexside (grid, gbacw_hex_grid_hex_at (grid, hex_of (f->s, from)), direction_of (f->s, dir));
  f->s->map->hexside_lines[id] |= 1u << gbacw_catalogue_find_line_type (&f->s->catalogue, "road");
}

/* A combat unit or leader deployed in hex (in the order added: top first). */
G_GNUC_UNUSED static GbacwPlacement *
add_unit (Fixture *f, const char *id, const char *side, GbacwUnitType type, int strength, int morale,
          const char *weapon, const char *hex, GbacwFormationState formation, const char *facing)
{
  GbacwUnit *u = gbacw_unit_new (id, side, type);
  GbacwPlacement *p = gbacw_placement_new (id, hex_of (f->s, hex));

  u->designation = g_strdup (id);
  u->morale = morale;
  u->weapon = g_strdup (weapon);
  if (type == GBACW_UNIT_ARTILLERY)
    {
      u->guns = strength;
      u->crew = GBACW_CREW_FULL;
      u->rounds = 12;
    }
  else if (type == GBACW_UNIT_WAGON)
    u->crew_strength = strength;
  else if (type != GBACW_UNIT_LEADER)
    u->strength = strength;
  g_ptr_array_add (f->s->oob.units, u);
  gbacw_oob_reindex (&f->s->oob);
  p->formation = formation;
  p->facing = facing ? direction_of (f->s, facing) : 0;
  g_ptr_array_add (f->s->deployment, p);
  return p;
}

/* A formation of the order of battle (parent and commander may be NULL). */
G_GNUC_UNUSED static GbacwFormation *
add_formation (Fixture *f, const char *id, const char *side, GbacwFormationKind kind, const char *parent,
               const char *commander)
{
  GbacwFormation *formation = gbacw_formation_new (id, side, kind);
  formation->parent = g_strdup (parent);
  formation->commander = g_strdup (commander);
  g_ptr_array_add (f->s->oob.formations, formation);
  gbacw_oob_reindex (&f->s->oob);
  return formation;
}

/* Puts units (ids separated by spaces) in a formation. */
G_GNUC_UNUSED static void
set_formation (Fixture *f, const char *units, const char *formation)
{
  g_auto (GStrv) ids = g_strsplit (units, " ", -1);
  for (guint i = 0; ids[i]; i++)
    {
      GbacwUnit *u = gbacw_oob_find_unit (&f->s->oob, ids[i]);
      g_assert_nonnull (u);
      g_free (u->formation);
      u->formation = g_strdup (formation);
    }
}

/* A leader's ratings (17.1, 17.2). */
G_GNUC_UNUSED static void
set_leader (Fixture *f, const char *id, GbacwLeaderRole role, int er, int rally, int dir, int cp)
{
  GbacwUnit *u = gbacw_oob_find_unit (&f->s->oob, id);
  g_assert_nonnull (u);
  u->role = role;
  u->er = er;
  u->rally = rally;
  u->dir = dir;
  u->cp = cp;
}

/* Makes units (ids separated by spaces, already added) a reinforcement group arriving on
 * turn at the entry hexes (labels separated by spaces) in formation. */
G_GNUC_UNUSED static void
reinforce (Fixture *f, const char *ids, int turn, const char *entries, GbacwFormationState formation)
{
  g_auto (GStrv) names = g_strsplit (ids, " ", -1);
  g_auto (GStrv) hexes = g_strsplit (entries, " ", -1);
  GbacwReinforcement *r = gbacw_reinforcement_new (ids, turn);

  for (guint i = 0; names[i]; i++)
    {
      guint index;
      if (gbacw_scenario_find_placement (f->s, names[i], &index))
        g_ptr_array_remove_index (f->s->deployment, index);
      g_ptr_array_add (r->units, g_strdup (names[i]));
    }
  for (guint i = 0; hexes[i]; i++)
    {
      int hex = hex_of (f->s, hexes[i]);
      g_array_append_val (r->entry_hexes, hex);
    }
  r->formation = formation;
  g_ptr_array_add (f->s->reinforcements, r);
}

/* The scenario's Game-Turns: first to last. */
G_GNUC_UNUSED static void
set_turns (Fixture *f, int first, int last)
{
  g_ptr_array_set_size (f->s->turns.turns, 0);
  f->s->turns.first = first;
  f->s->turns.last = last;
  for (int t = first; t <= last; t++)
    {
      GbacwTurn *turn = g_new0 (GbacwTurn, 1);
      turn->n = t;
      g_ptr_array_add (f->s->turns.turns, turn);
    }
}

/* An exclusive rule, enabled, with its parameters: name, value, …, NULL. */
G_GNUC_UNUSED static void
add_exclusive (Fixture *f, const char *id, ...)
{
  GbacwExclusiveRule *rule = g_new0 (GbacwExclusiveRule, 1);
  const char *name;
  va_list ap;

  rule->id = g_strdup (id);
  rule->enabled = TRUE;
  rule->params = g_ptr_array_new_with_free_func ((GDestroyNotify) gbacw_param_free);
  va_start (ap, id);
  while ((name = va_arg (ap, const char *)) != NULL)
    {
      const char *value = va_arg (ap, const char *);
      g_ptr_array_add (rule->params, gbacw_param_new (name, value));
    }
  va_end (ap);
  g_ptr_array_add (f->s->exclusive_rules, rule);
}

/* An area of the map (hex labels separated by spaces). */
G_GNUC_UNUSED static GbacwArea *
add_area (Fixture *f, const char *id, GbacwAreaKind kind, const char *side, const char *hexes)
{
  g_auto (GStrv) labels = g_strsplit (hexes, " ", -1);
  GbacwArea *a = gbacw_area_new (id, kind, id);

  a->side = g_strdup (side);
  for (guint i = 0; labels[i]; i++)
    {
      int hex = hex_of (f->s, labels[i]);
      g_array_append_val (a->hexes, hex);
    }
  gbacw_area_sort (a);
  g_ptr_array_add (f->s->map->areas, a);
  return a;
}

/* A level of victory (the side's lead at least min). */
G_GNUC_UNUSED static void
add_level (Fixture *f, const char *name, const char *side, int min)
{
  GbacwVictoryLevel *l = g_new0 (GbacwVictoryLevel, 1);
  l->name = g_strdup (name);
  l->side = g_strdup (side);
  l->min = min;
  g_ptr_array_add (f->s->victory_levels, l);
}

#define INF(f, id, side, sp, morale, hex, facing) \
  add_unit ((f), (id), (side), GBACW_UNIT_INFANTRY, (sp), (morale), "R", (hex), GBACW_FORMATION_STATE_LINE, (facing))
#define LEADER(f, id, side, hex) \
  add_unit ((f), (id), (side), GBACW_UNIT_LEADER, 0, GBACW_UNSET, NULL, (hex), GBACW_FORMATION_STATE_UNSET, NULL)

G_GNUC_UNUSED static GbacwGame *
start_game (Fixture *f)
{
  g_autoptr (GError) error = NULL;
  GbacwGame *game = gbacw_game_new (f->s, 1, &error);
  g_assert_no_error (error);
  g_assert_nonnull (game);
  return game;
}

G_GNUC_UNUSED static int
unit_index (GbacwGame *game, const char *id)
{
  GbacwGameUnit *u = gbacw_game_find_unit (game, id);
  g_assert_nonnull (u);
  return u->index;
}

G_GNUC_UNUSED static GbacwGameUnit *
unit_of (GbacwGame *game, const char *id)
{
  return gbacw_game_unit (game, unit_index (game, id));
}

G_GNUC_UNUSED static void
end_phase (GbacwGame *game)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GbacwAction) a = gbacw_action_new_end_phase ();
  g_assert_true (gbacw_game_apply_action (game, a, &error));
  g_assert_no_error (error);
}

G_GNUC_UNUSED static void
goto_phase (GbacwGame *game, GbacwPhase phase, int phasing_side)
{
  for (int guard = 0; guard < 100 && !(game->phase == phase && game->phasing_side == phasing_side); guard++)
    end_phase (game);
  g_assert_cmpint (game->phase, ==, phase);
  g_assert_cmpint (game->phasing_side, ==, phasing_side);
}

/* A new game of the fixture's scenario at the first player's Movement Phase. */
G_GNUC_UNUSED static GbacwGame *
movement_game (Fixture *f)
{
  GbacwGame *game = start_game (f);
  goto_phase (game, GBACW_PHASE_MOVEMENT, 0);
  return game;
}

/* Ends phases (holding every free shot asked) until the Game-Turn, phase and phasing side. */
G_GNUC_UNUSED static void
advance_to_phase (GbacwGame *game, int turn, GbacwPhase phase, int side)
{
  for (int guard = 0; guard < 200; guard++)
    {
      const GbacwDecision *d = gbacw_game_decision (game);
      if (d && d->kind == GBACW_DECISION_FIRE)
        {
          g_autoptr (GError) error = NULL;
          g_autoptr (GbacwAction) hold = gbacw_action_new_answer_fire (NULL, 0);
          g_assert_true (gbacw_game_apply_action (game, hold, &error));
        }
      else if (game->turn == turn && game->phase == phase && game->phasing_side == side)
        return;
      else
        end_phase (game);
    }
  g_error ("Game-Turn %d, phase %d of side %d not reached", turn, phase, side);
}

/* Applies the action; expect_case NULL: it must succeed; else it must be refused
 * with a message starting "[expect_case]". */
G_GNUC_UNUSED static void
apply_expect (GbacwGame *game, GbacwAction *action, const char *expect_case)
{
  g_autoptr (GbacwAction) owned = action;
  g_autoptr (GError) error = NULL;
  gboolean ok = gbacw_game_apply_action (game, action, &error);

  if (expect_case == NULL)
    {
      g_assert_no_error (error);
      g_assert_true (ok);
    }
  else
    {
      g_autofree char *prefix = g_strdup_printf ("[%s]", expect_case);
      g_assert_false (ok);
      g_assert_nonnull (error);
      if (!g_str_has_prefix (error->message, prefix))
        g_error ("expected %s, got: %s", prefix, error->message);
    }
}

G_GNUC_UNUSED static GbacwAction *
move_action (GbacwGame *game, const char *unit, const char *path)
{
  g_auto (GStrv) labels = g_strsplit (path, " ", -1);
  g_autoptr (GArray) hexes = g_array_new (FALSE, FALSE, sizeof (int));
  int u = unit_index (game, unit);

  for (guint i = 0; labels[i]; i++)
    {
      int h = hex_of (game->scenario, labels[i]);
      g_array_append_val (hexes, h);
    }
  return gbacw_action_new_move (&u, 1, (int *) hexes->data, hexes->len, -1);
}

G_GNUC_UNUSED static GbacwAction *
fire1 (GbacwGame *game, const char *target, const char *unit, double strength)
{
  GbacwFirer firer = { unit_index (game, unit), strength, -1 };
  return gbacw_action_new_fire (hex_of (game->scenario, target), &firer, 1);
}

G_GNUC_UNUSED static gboolean
log_has (const GbacwGame *game, const char *rule_case, const char *text)
{
  for (guint i = 0; i < game->events->len; i++)
    {
      const GbacwEvent *e = g_ptr_array_index (game->events, i);
      if ((rule_case == NULL || g_strcmp0 (e->rule_case, rule_case) == 0) && (text == NULL || strstr (e->text, text)))
        return TRUE;
    }
  return FALSE;
}

/* Answers every open fire decision (withdrawal, limber, retreat fire) with "hold fire". */
G_GNUC_UNUSED static void
hold_fire (GbacwGame *game)
{
  for (int guard = 0; guard < 100; guard++)
    {
      const GbacwDecision *d = gbacw_game_decision (game);
      if (d == NULL || d->kind != GBACW_DECISION_FIRE)
        return;
      apply_expect (game, gbacw_action_new_answer_fire (NULL, 0), NULL);
    }
}

/* Answers every open retreat-path decision with its first (cheapest) legal path. */
G_GNUC_UNUSED static void
first_paths (GbacwGame *game)
{
  for (int guard = 0; guard < 50; guard++)
    {
      const GbacwDecision *d = gbacw_game_decision (game);
      const GArray *path;
      if (d == NULL || d->kind != GBACW_DECISION_RETREAT_PATH)
        return;
      path = g_ptr_array_index (d->paths, 0);
      apply_expect (game, gbacw_action_new_answer_path ((const int *) path->data, path->len), NULL);
    }
}

/* Answers an open retreat-path decision with the path ending in hex (a label). */
G_GNUC_UNUSED static void
retreat_to (GbacwGame *game, const char *label)
{
  const GbacwDecision *d = gbacw_game_decision (game);
  int hex = hex_of (game->scenario, label);

  g_assert_nonnull (d);
  g_assert_true (d->kind == GBACW_DECISION_RETREAT_PATH || d->kind == GBACW_DECISION_RETREAT_BEFORE_MELEE);
  for (guint i = 0; i < d->paths->len; i++)
    {
      const GArray *path = g_ptr_array_index (d->paths, i);
      if (g_array_index (path, int, path->len - 1) == hex)
        {
          apply_expect (game, gbacw_action_new_answer_path ((const int *) path->data, path->len), NULL);
          return;
        }
    }
  g_error ("no retreat path to %s", label);
}

/* Saving and replaying the game reaches the same event log (and the same units' state). */
/* ------------------------------------------------------------ melee helpers
 * (shared by test-engine-melee.c and test-engine-cases-melee.c) */

G_GNUC_UNUSED static GbacwGame *
melee_game (Fixture *f)
{
  GbacwGame *game = start_game (f);
  goto_phase (game, GBACW_PHASE_RETREAT_BEFORE_MELEE, 0);
  return game;
}

G_GNUC_UNUSED static GArray *
units_of (GbacwGame *game, const char *ids)
{
  g_auto (GStrv) names = g_strsplit (ids, " ", -1);
  GArray *units = g_array_new (FALSE, FALSE, sizeof (int));
  for (guint i = 0; names[i]; i++)
    {
      int u = unit_index (game, names[i]);
      g_array_append_val (units, u);
    }
  return units;
}

G_GNUC_UNUSED static GbacwAction *
declare (GbacwGame *game, const char *ids, const char *hex, gboolean charge)
{
  g_autoptr (GArray) units = units_of (game, ids);
  return gbacw_action_new_declare_melee ((int *) units->data, units->len, hex_of (game->scenario, hex), charge);
}

G_GNUC_UNUSED static GbacwAction *
melee_action (GbacwGame *game, const char *ids, const char *hex)
{
  g_autoptr (GArray) units = units_of (game, ids);
  return gbacw_action_new_melee ((int *) units->data, units->len, hex_of (game->scenario, hex));
}

/* The defender stands wherever asked (12.8). */
G_GNUC_UNUSED static void
stand_all (GbacwGame *game)
{
  for (int guard = 0; guard < 20; guard++)
    {
      const GbacwDecision *d = gbacw_game_decision (game);
      if (d == NULL || d->kind != GBACW_DECISION_RETREAT_BEFORE_MELEE)
        return;
      apply_expect (game, gbacw_action_new_answer_path (NULL, 0), NULL);
    }
}

/* Declares a melee of ids into hex (12.8), the defender stands, and the phase ends: the
 * Melee Phase is next. */
G_GNUC_UNUSED static void
declare_and_stand (GbacwGame *game, const char *ids, const char *hex, gboolean charge)
{
  apply_expect (game, declare (game, ids, hex, charge), NULL);
  stand_all (game);
  end_phase (game);
}

/* The melee odds of ids against hex (12.3-12.5, 16.2 when charge). */
G_GNUC_UNUSED static void
odds_of (GbacwGame *game, const char *ids, const char *hex, gboolean charge, GbacwMeleeOdds *odds)
{
  g_autoptr (GArray) units = units_of (game, ids);
  g_autoptr (GError) error = NULL;
  g_assert_true (gbacw_melee_odds (game, units, hex_of (game->scenario, hex), charge, odds, &error));
  g_assert_no_error (error);
}

/* 7.32: the defender keeps his units' facing when a melee is concluded. */
G_GNUC_UNUSED static void
keep_facing (GbacwGame *game)
{
  const GbacwDecision *d = gbacw_game_decision (game);

  g_assert_nonnull (d);
  g_assert_cmpint (d->kind, ==, GBACW_DECISION_MELEE_FACING);
  apply_expect (game, gbacw_action_new_answer_facings (NULL, NULL, 0), NULL);
}

G_GNUC_UNUSED static void
assert_replays (Fixture *f, GbacwGame *game)
{
  g_autofree char *xml = gbacw_game_to_xml (game, "test.xml");
  g_autoptr (GError) error = NULL;
  g_autoptr (GbacwGame) again = gbacw_game_replay (f->s, xml, strlen (xml), &error);
  g_autofree char *a = NULL;
  g_autofree char *b = NULL;

  g_assert_no_error (error);
  g_assert_nonnull (again);
  a = gbacw_game_format_log (game);
  b = gbacw_game_format_log (again);
  g_assert_cmpstr (a, ==, b);
  for (guint i = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *x = g_ptr_array_index (game->units, i), *y = g_ptr_array_index (again->units, i);
      g_assert_cmpint (x->hex, ==, y->hex);
      g_assert_cmpint (x->strength, ==, y->strength);
      g_assert_cmpuint (x->status, ==, y->status);
    }
}

/* Routs a unit as a combat result would, and works what it leaves pending. */
G_GNUC_UNUSED static void
rout (GbacwGame *game, const char *unit)
{
  gbacw_morale_rout (game, unit_index (game, unit), "13.21");
  gbacw_game_run_pending (game);
}

/* ---------------------------------------------------------------- exclusive-rule cases
 * (test-engine-exclusive.c, test-corinth-cases.c) */

/* Marks Game-Turns first..last night (the turn track's night="yes"). */
G_GNUC_UNUSED static void
set_night (Fixture *f, int first, int last)
{
  for (guint i = 0; i < f->s->turns.turns->len; i++)
    {
      GbacwTurn *turn = g_ptr_array_index (f->s->turns.turns, i);
      turn->night = turn->n >= first && turn->n <= last;
    }
}

/* Goes to phase of side's Player-Turn in Game-Turn turn. */
G_GNUC_UNUSED static void
goto_turn_phase (GbacwGame *game, int turn, GbacwPhase phase, int side)
{
  for (int guard = 0; guard < 400 && !(game->turn == turn && game->phase == phase && game->phasing_side == side); guard++)
    end_phase (game);
  g_assert_cmpint (game->turn, ==, turn);
  g_assert_cmpint (game->phase, ==, phase);
  g_assert_cmpint (game->phasing_side, ==, side);
}

/* A Union brigade "u-brig" (commander u-brig-ldr at hex, ER er) with its BCE limits. */
G_GNUC_UNUSED static void
union_brigade (Fixture *f, const char *hex, int er, int limit, int second_day)
{
  GbacwFormation *b = add_formation (f, "u-brig", "union", GBACW_FORMATION_BRIGADE, NULL, "u-brig-ldr");
  b->bce[0] = limit;
  b->bce[1] = second_day;
  LEADER (f, "u-brig-ldr", "union", hex);
  set_formation (f, "u-brig-ldr", "u-brig");
  set_leader (f, "u-brig-ldr", GBACW_LEADER_BRIGADE, er, 2, GBACW_UNSET, GBACW_UNSET);
}

/* A game of the fixture in side's Retreat before Melee Phase of Game-Turn turn. */
G_GNUC_UNUSED static GbacwGame *
melee_game_of (Fixture *f, int side, int turn)
{
  GbacwGame *game;

  set_turns (f, turn, turn + 1);
  game = start_game (f);
  goto_phase (game, GBACW_PHASE_RETREAT_BEFORE_MELEE, side);
  return game;
}
