/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-stand-ins.c: stand-ins for the order of battle's values not entered yet, as one
 * undoable command, and the command that takes them back (gbacw-stand-ins.h). */
#define G_LOG_DOMAIN "gbacw-stand-ins"

#include "gbacw-stand-ins.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "gbacw-collection-edit.h"
#include "gbacw-data.h"
#include "gbacw-map-edit.h"
#include "gbacw-oob-edit.h"
#include "gbacw-rules-data.h"
#include "gbacw-scenario-io.h"

#define BIT(field) (1u << (field))

gboolean
gbacw_stand_in_field (int field)
{
  switch (field)
    {
    case GBACW_OOB_FIELD_STRENGTH:
    case GBACW_OOB_FIELD_MORALE:
    case GBACW_OOB_FIELD_DISMOUNTED_MORALE:
    case GBACW_OOB_FIELD_WEAPON:
    case GBACW_OOB_FIELD_GUNS:
    case GBACW_OOB_FIELD_ROUNDS:
    case GBACW_OOB_FIELD_CREW:
    case GBACW_OOB_FIELD_SMALL_ARMS:
    case GBACW_OOB_FIELD_ARTILLERY_AMMO:
    case GBACW_OOB_FIELD_WAGON_CREW:
    case GBACW_OOB_FIELD_ER:
    case GBACW_OOB_FIELD_RALLY:
    case GBACW_OOB_FIELD_DIR:
    case GBACW_OOB_FIELD_CP:
    case GBACW_OOB_FIELD_BCE_DAY1:
    case GBACW_OOB_FIELD_BCE_DAY2:
      return TRUE;
    default:
      return FALSE;
    }
}

/* The int slot of a unit's field, or NULL (weapon, crew: handled apart). */
static int *
unit_slot (GbacwUnit *u, int field)
{
  switch (field)
    {
    case GBACW_OOB_FIELD_STRENGTH: return &u->strength;
    case GBACW_OOB_FIELD_MORALE: return &u->morale;
    case GBACW_OOB_FIELD_DISMOUNTED_MORALE: return &u->dismounted_morale;
    case GBACW_OOB_FIELD_GUNS: return &u->guns;
    case GBACW_OOB_FIELD_ROUNDS: return &u->rounds;
    case GBACW_OOB_FIELD_SMALL_ARMS: return &u->small_arms_boxes;
    case GBACW_OOB_FIELD_ARTILLERY_AMMO: return &u->artillery_boxes;
    case GBACW_OOB_FIELD_WAGON_CREW: return &u->crew_strength;
    case GBACW_OOB_FIELD_ER: return &u->er;
    case GBACW_OOB_FIELD_RALLY: return &u->rally;
    case GBACW_OOB_FIELD_DIR: return &u->dir;
    case GBACW_OOB_FIELD_CP: return &u->cp;
    default: return NULL;
    }
}

/* The fields the validator asks of a unit of this kind (rules-check/gbacw-checks-oob.c). */
static guint32
needed_fields (const GbacwUnit *u)
{
  switch (u->type)
    {
    case GBACW_UNIT_INFANTRY:
      return BIT (GBACW_OOB_FIELD_STRENGTH) | BIT (GBACW_OOB_FIELD_MORALE) | BIT (GBACW_OOB_FIELD_WEAPON);
    case GBACW_UNIT_CAVALRY:
      return BIT (GBACW_OOB_FIELD_STRENGTH) | BIT (GBACW_OOB_FIELD_MORALE) | BIT (GBACW_OOB_FIELD_DISMOUNTED_MORALE)
             | BIT (GBACW_OOB_FIELD_WEAPON);
    case GBACW_UNIT_ARTILLERY:
      return BIT (GBACW_OOB_FIELD_GUNS) | BIT (GBACW_OOB_FIELD_ROUNDS) | BIT (GBACW_OOB_FIELD_CREW)
             | BIT (GBACW_OOB_FIELD_MORALE) | BIT (GBACW_OOB_FIELD_WEAPON);
    case GBACW_UNIT_WAGON:
      return BIT (GBACW_OOB_FIELD_SMALL_ARMS) | BIT (GBACW_OOB_FIELD_ARTILLERY_AMMO) | BIT (GBACW_OOB_FIELD_WAGON_CREW)
             | BIT (GBACW_OOB_FIELD_MORALE) | BIT (GBACW_OOB_FIELD_WEAPON);
    case GBACW_UNIT_LEADER:
      {
        guint32 bits = BIT (GBACW_OOB_FIELD_ER);
        if (u->role != GBACW_LEADER_ARMY)
          bits |= BIT (GBACW_OOB_FIELD_RALLY);
        if (u->role == GBACW_LEADER_DIVISION || u->role == GBACW_LEADER_CORPS)
          bits |= BIT (GBACW_OOB_FIELD_DIR);
        if (u->role == GBACW_LEADER_DIVISION || u->role == GBACW_LEADER_CORPS || u->role == GBACW_LEADER_ARMY)
          bits |= BIT (GBACW_OOB_FIELD_CP);
        return bits;
      }
    default:
      return 0;
    }
}

/* The games' usual value of a field for a unit of this kind, where nothing is entered to go
 * by (the counters of the three rulebooks' rosters). */
static int
usual_value (const GbacwUnit *u, int field)
{
  switch (field)
    {
    case GBACW_OOB_FIELD_STRENGTH: return u->type == GBACW_UNIT_CAVALRY ? 3 : 4;
    case GBACW_OOB_FIELD_MORALE: return 3;
    case GBACW_OOB_FIELD_DISMOUNTED_MORALE: return 2;
    case GBACW_OOB_FIELD_GUNS: return 4;
    case GBACW_OOB_FIELD_ROUNDS: return 12;
    case GBACW_OOB_FIELD_SMALL_ARMS: return 5;
    case GBACW_OOB_FIELD_ARTILLERY_AMMO: return 5;
    case GBACW_OOB_FIELD_WAGON_CREW: return 2;
    case GBACW_OOB_FIELD_ER:
      return u->role == GBACW_LEADER_BRIGADE || u->role == GBACW_LEADER_REPLACEMENT ? 3 : 4;
    case GBACW_OOB_FIELD_RALLY: return 2;
    case GBACW_OOB_FIELD_DIR: return 8;
    case GBACW_OOB_FIELD_CP: return 3;
    default: return 1;
    }
}

/* Units comparable with u for field: the same kind (a leader: the same role). */
static gboolean
comparable (const GbacwUnit *u, const GbacwUnit *other)
{
  return other->type == u->type && (u->type != GBACW_UNIT_LEADER || other->role == u->role);
}

/* scope 0: the same formation, 1: the same side, 2: everyone */
static gboolean
in_scope (const GbacwUnit *u, const GbacwUnit *other, int scope)
{
  if (scope == 0)
    return u->formation && g_strcmp0 (u->formation, other->formation) == 0;
  if (scope == 1)
    return g_strcmp0 (u->side, other->side) == 0;
  return TRUE;
}

static int
compare_int (gconstpointer a, gconstpointer b)
{
  return *(const int *) a - *(const int *) b;
}

/* The median of the entered values of field among comparable units, narrowest scope first;
 * the usual value when none is entered. Units as the scenario has them (stand-ins excluded). */
static int
stand_in_value (const GbacwScenario *s, const GbacwUnit *u, int field)
{
  for (int scope = 0; scope < 3; scope++)
    {
      g_autoptr (GArray) values = g_array_new (FALSE, FALSE, sizeof (int));
      for (guint i = 0; i < s->oob.units->len; i++)
        {
          GbacwUnit *o = g_ptr_array_index (s->oob.units, i);
          int *slot = unit_slot (o, field);
          if (o == u || !comparable (u, o) || !in_scope (u, o, scope) || (o->stand_ins & BIT (field)) || slot == NULL
              || *slot == GBACW_UNSET || (field == GBACW_OOB_FIELD_MORALE && *slot == GBACW_MORALE_GREEN))
            continue;
          g_array_append_val (values, *slot);
        }
      if (values->len > 0)
        {
          g_array_sort (values, compare_int);
          return g_array_index (values, int, (values->len - 1) / 2);
        }
    }
  return usual_value (u, field);
}

/* The small-arms rows a stand-in weapon names when no weapon is entered for comparable
 * units: no rulebook prints a small-arms letter or range (the kits' Range Effects Charts
 * hold artillery rows only, rules matrix 3.7), and a regiment firing as a 6-lb battery
 * (6 hexes, x4 at one) keeps both armies shooting from afar and never closing to melee.
 * Values invented but the rifled musket's x2 at one hex (J 9.25 chart example); the
 * carbine's name lets mounted cavalry fire it (6.14). Added to the chart as stand-ins. */
typedef struct {
  const char *id;
  const char *name;
  const char *cells[8];   /* by range_columns */
} SmallArmsRow;

static const char *const range_columns[] = { "max", "1", "2", "3", "4-5", "6-9", "10-15", "16+" };
static const SmallArmsRow small_arms_rows[] = {
  { "stand-in-musket", "Rifled musket (stand-in)", { "3", "2", "1", "1/2", "—", "—", "—", "—" } },
  { "stand-in-carbine", "Carbine (stand-in)", { "2", "1", "1/2", "—", "—", "—", "—", "—" } },
};

static const SmallArmsRow *
small_arms_row (const char *id)
{
  for (guint i = 0; i < G_N_ELEMENTS (small_arms_rows); i++)
    if (g_strcmp0 (id, small_arms_rows[i].id) == 0)
      return &small_arms_rows[i];
  return NULL;
}

/* The weapon most often entered for comparable units, narrowest scope first (a wagon's crew:
 * the infantry's); else a stand-in small-arms row for infantry, cavalry and wagons, the first
 * row of the Range Effects Chart for artillery; NULL without one. */
static char *
stand_in_weapon (const GbacwScenario *s, const GbacwUnit *u)
{
  GbacwUnit like = *u;
  const GbacwChart *range = gbacw_scenario_find_chart (s, "range-effects");

  if (u->type == GBACW_UNIT_WAGON)
    like.type = GBACW_UNIT_INFANTRY;
  for (int scope = 0; scope < 3; scope++)
    {
      g_autoptr (GHashTable) counts = g_hash_table_new (g_str_hash, g_str_equal);
      const char *best = NULL;
      guint best_n = 0;
      for (guint i = 0; i < s->oob.units->len; i++)
        {
          const GbacwUnit *o = g_ptr_array_index (s->oob.units, i);
          guint n;
          if (o == u || !comparable (&like, o) || !in_scope (u, o, scope) || o->weapon == NULL
              || (o->stand_ins & BIT (GBACW_OOB_FIELD_WEAPON)))
            continue;
          n = GPOINTER_TO_UINT (g_hash_table_lookup (counts, o->weapon)) + 1;
          g_hash_table_insert (counts, o->weapon, GUINT_TO_POINTER (n));
          if (n > best_n || (n == best_n && g_strcmp0 (o->weapon, best) < 0))
            {
              best = o->weapon;
              best_n = n;
            }
        }
      if (best)
        return g_strdup (best);
    }
  if (range && u->type != GBACW_UNIT_ARTILLERY)
    return g_strdup (small_arms_rows[u->type == GBACW_UNIT_CAVALRY ? 1 : 0].id);
  if (range && range->rows->len > 0)
    return g_strdup (((GbacwChartRow *) g_ptr_array_index (range->rows, 0))->id);
  return NULL;
}

/* The brigade a unit belongs to (its formation or one above it), or NULL. */
static const GbacwFormation *
brigade_of (const GbacwScenario *s, const char *formation)
{
  for (int depth = 0; formation && depth < 64; depth++)
    {
      const GbacwFormation *f = gbacw_oob_find_formation (&s->oob, formation);
      if (f == NULL)
        return NULL;
      if (f->kind == GBACW_FORMATION_BRIGADE)
        return f;
      formation = f->parent;
    }
  return NULL;
}

static int stand_in_hex_sp (const GbacwScenario *s);

/* 18.0, "its brigade's totals where the roster gives them": a brigade whose BCE limit is
 * printed has about ratio times as many Strength Points (the median of the brigades entered
 * whole, else 2); its regiments not entered share what the others leave, each no more than
 * a hex of the stand-in terrain holds (8.18: a set-up of one regiment a hex stays within
 * the limits), even where that leaves the brigade at its limit. Brigade id ->
 * GINT_TO_POINTER (SP per regiment not entered). */
static GHashTable *
brigade_strengths (const GbacwScenario *s)
{
  GHashTable *out = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (GArray) ratios = g_array_new (FALSE, FALSE, sizeof (int));   /* per mille */
  guint n_formations = s->oob.formations->len;
  g_autofree int *entered = g_new0 (int, MAX (n_formations, 1));
  g_autofree int *missing = g_new0 (int, MAX (n_formations, 1));
  int hex_sp = stand_in_hex_sp (s);

  for (guint i = 0; i < s->oob.units->len; i++)
    {
      const GbacwUnit *u = g_ptr_array_index (s->oob.units, i);
      const GbacwFormation *b;
      if (u->type != GBACW_UNIT_INFANTRY && u->type != GBACW_UNIT_CAVALRY)
        continue;
      b = brigade_of (s, u->formation);
      for (guint k = 0; b && k < n_formations; k++)
        if (g_ptr_array_index (s->oob.formations, k) == b)
          {
            if (u->strength == GBACW_UNSET || (u->stand_ins & BIT (GBACW_OOB_FIELD_STRENGTH)))
              missing[k]++;
            else
              entered[k] += u->strength;
          }
    }
  for (guint k = 0; k < n_formations; k++)
    {
      const GbacwFormation *f = g_ptr_array_index (s->oob.formations, k);
      if (missing[k] == 0 && entered[k] > 0 && f->bce[0] > 0 && !(f->stand_ins & BIT (GBACW_OOB_FIELD_BCE_DAY1)))
        {
          int ratio = entered[k] * 1000 / f->bce[0];
          g_array_append_val (ratios, ratio);
        }
    }
  g_array_sort (ratios, compare_int);
  for (guint k = 0; k < n_formations; k++)
    {
      const GbacwFormation *f = g_ptr_array_index (s->oob.formations, k);
      int ratio = ratios->len ? g_array_index (ratios, int, (ratios->len - 1) / 2) : 2000;
      int target, each;
      if (missing[k] == 0 || f->bce[0] <= 0 || (f->stand_ins & BIT (GBACW_OOB_FIELD_BCE_DAY1)))
        continue;
      /* more than the limit whatever the ratio: a brigade at its limit has lost BCE (18.0) */
      target = MAX ((f->bce[0] * ratio + 999) / 1000, f->bce[0] + 1);
      each = MAX (1, (target - entered[k] + missing[k] - 1) / missing[k]);
      if (hex_sp > 0)
        each = MIN (each, hex_sp);
      g_hash_table_insert (out, f->id, GINT_TO_POINTER (each));
    }
  return out;
}

/* A copy of u with its values not entered filled, or NULL when none is missing. */
static GbacwUnit *
fill_unit (const GbacwScenario *s, GHashTable *brigade_sp, const GbacwUnit *u, guint *n)
{
  guint32 needed = needed_fields (u);
  const GbacwFormation *brigade = brigade_of (s, u->formation);
  GbacwUnit *c = NULL;

  for (int field = 0; field < GBACW_N_OOB_FIELDS; field++)
    {
      gboolean missing;
      if (!(needed & BIT (field)))
        continue;
      if (field == GBACW_OOB_FIELD_WEAPON)
        missing = u->weapon == NULL;
      else if (field == GBACW_OOB_FIELD_CREW)
        missing = u->crew == GBACW_CREW_UNSET;
      else
        missing = *unit_slot ((GbacwUnit *) u, field) == GBACW_UNSET;
      if (!missing)
        continue;
      if (c == NULL)
        c = gbacw_unit_copy (u);
      if (field == GBACW_OOB_FIELD_WEAPON)
        {
          c->weapon = stand_in_weapon (s, u);
          if (c->weapon == NULL)
            continue;   /* no Range Effects Chart: nothing plausible */
        }
      else if (field == GBACW_OOB_FIELD_CREW)
        c->crew = GBACW_CREW_FULL;
      else if (field == GBACW_OOB_FIELD_STRENGTH && brigade && g_hash_table_contains (brigade_sp, brigade->id))
        c->strength = GPOINTER_TO_INT (g_hash_table_lookup (brigade_sp, brigade->id));
      else if (field == GBACW_OOB_FIELD_DISMOUNTED_MORALE && u->morale != GBACW_UNSET && u->morale != GBACW_MORALE_GREEN)
        c->dismounted_morale = MAX (1, u->morale - 1);   /* J 20.3: one less, as printed */
      else
        *unit_slot (c, field) = stand_in_value (s, u, field);
      c->stand_ins |= BIT (field);
      (*n)++;
    }
  return c;
}

/* The Strength Points of the brigade's infantry and cavalry (stand-ins included: units). */
static int
brigade_total (const GbacwScenario *s, const GPtrArray *units, const char *brigade)
{
  int total = 0;

  for (guint i = 0; i < units->len; i++)
    {
      const GbacwUnit *u = g_ptr_array_index (units, i);
      const char *f = u->formation;
      /* the brigade's own units and those of formations under it */
      while (f && g_strcmp0 (f, brigade) != 0)
        {
          const GbacwFormation *parent = gbacw_oob_find_formation (&s->oob, f);
          f = parent ? parent->parent : NULL;
        }
      if (f && (u->type == GBACW_UNIT_INFANTRY || u->type == GBACW_UNIT_CAVALRY) && u->strength != GBACW_UNSET)
        total += u->strength;
    }
  return total;
}

/* ---------------------------------------------------------------- chart cells */

/* The Standard Rules chart library (data/charts/standard.xml), GbacwChart*; empty when it
 * cannot be read (the cells then get the usual values below). */
static GPtrArray *
standard_charts (const GbacwScenario *s)
{
  GPtrArray *charts = g_ptr_array_new_with_free_func ((GDestroyNotify) gbacw_chart_free);
  g_autofree char *path = gbacw_data_find ("charts/standard.xml");
  g_autoptr (GError) error = NULL;
  GbacwCatalogue catalogue;

  if (path == NULL)
    return charts;
  gbacw_catalogue_copy (&catalogue, &s->catalogue);
  if (!gbacw_charts_load_file (path, &catalogue, charts, &error))
    g_warning ("%s: %s", path, error->message);
  gbacw_catalogue_clear (&catalogue);
  return charts;
}

static gboolean
id_has (const char *id, const char *word)
{
  return strstr (id, word) != NULL;
}

/* The games' usual value of a chart cell the Standard Rules charts do not give: the cells the
 * three rulebooks print (J's mapsheet Terrain Effects on Movement Chart, Infantry (Line) row:
 * clear 1, woods 2, crest +1 up, steep crest +2, stream +1, river P, ford all; J's Terrain
 * Effects on Combat Chart's clear, woods and stream rows; J's Range Effects Chart's L row, the
 * 6-lb smoothbore; J's Stacking Restrictions Chart's clear and woods rows; the Movement
 * Allowances of 6.1 and P 22.21), else — (no effect). */
static const char *
usual_cell (const GbacwScenario *s, const char *chart, const char *row, const char *col)
{
  const GbacwCatalogue *cat = &s->catalogue;

  if (strcmp (chart, "terrain-movement") == 0)
    {
      g_autofree char *base = g_strndup (col, strcspn (col, "."));
      gboolean down = g_str_has_suffix (col, ".down");
      gboolean line_row = strcmp (row, "infantry-line") == 0 || strcmp (row, "cavalry-dismounted") == 0;
      if (strcmp (col, "ma") == 0)
        {
          if (g_str_has_prefix (row, "cavalry-mounted") || strcmp (row, "leader") == 0)
            return "12";
          if (strcmp (row, "artillery-unlimbered") == 0)
            return "0";   /* 6.13: unlimbered artillery may not move */
          if (g_str_has_prefix (row, "artillery") || strcmp (row, "wagon") == 0)
            return "8";
          return "6";
        }
      if (strcmp (col, "chg") == 0)
        return strcmp (row, "wagon") == 0 || strcmp (row, "leader") == 0 ? "—" : "2";
      if (strcmp (row, "artillery-unlimbered") == 0)
        return "P";   /* 6.13 */
      if (strchr (col, '.') && (id_has (base, "crest") || id_has (base, "slope")))
        return down ? "—" : "+1";   /* up or down through a crest hex (C 23.6) as across a crest */
      if (gbacw_catalogue_find_hex_terrain (cat, base) >= 0)
        return strcmp (base, "clear") == 0 ? "1" : id_has (base, "heavy") ? "3" : "2";
      if (gbacw_catalogue_find_line_type (cat, base) >= 0)
        /* 6.12: Line infantry may not benefit from roads (the other terrain applies) */
        return line_row ? "—" : id_has (base, "trail") ? "1" : "1/2";
      if (id_has (base, "steep"))
        return down ? "+1" : "+2";
      if (id_has (base, "crest") || id_has (base, "slope"))
        return down ? "—" : "+1";
      if (id_has (base, "river"))
        return "P";
      if (id_has (base, "ford"))
        return "all";
      if (id_has (base, "bridge") || id_has (base, "fence"))
        return "—";
      return "+1";
    }
  if (strcmp (chart, "terrain-combat") == 0)
    {
      int c = strcmp (col, "charge") == 0 ? 0 : strcmp (col, "blocks-los") == 0 ? 1
              : strcmp (col, "fire-shift") == 0 ? 2 : strcmp (col, "melee") == 0 ? 3 : -1;
      static const char *const clear[] = { "yes", "no", "—", "—" };
      static const char *const cover[] = { "no", "yes", "1L", "—" };
      static const char *const crest[] = { "yes", "no", "1L", "—" };
      static const char *const water[] = { "no", "no", "—", "-1 SP" };
      if (c < 0)
        return "—";
      if (gbacw_catalogue_find_line_type (cat, row) >= 0)
        return "other";   /* 9.54: roads refer to the other terrain in the hex */
      if (gbacw_catalogue_find_hex_terrain (cat, row) >= 0)
        return strcmp (row, "clear") == 0 ? clear[c] : cover[c];
      if (id_has (row, "crest") || id_has (row, "slope"))
        return crest[c];
      if (id_has (row, "stream") || id_has (row, "river") || id_has (row, "ford"))
        return water[c];
      return clear[c];
    }
  if (strcmp (chart, "range-effects") == 0)
    {
      static const char *const cols[] = { "max", "1", "2", "3", "4-5", "6-9", "10-15", "16+" };
      static const char *const smoothbore[] = { "6", "4", "1", "1/2", "1/2", "1/2", "—", "—" };
      for (guint i = 0; i < G_N_ELEMENTS (cols); i++)
        if (strcmp (col, cols[i]) == 0)
          return smoothbore[i];
      return "—";
    }
  if (strcmp (chart, "stacking") == 0)
    {
      static const char *const cols[] = { "units", "sp", "sections", "fire-per-hexside", "melee-max" };
      static const char *const open[] = { "3", "12", "6", "4", "12" };
      static const char *const cover[] = { "2", "8", "4", "4", "8" };
      gboolean is_open = strcmp (row, "clear") == 0 || gbacw_catalogue_find_hex_terrain (cat, row) < 0;
      for (guint i = 0; i < G_N_ELEMENTS (cols); i++)
        if (strcmp (col, cols[i]) == 0)
          return is_open ? open[i] : cover[i];
      return "—";
    }
  return "—";
}

/* Adds to c (a copy of the Range Effects Chart) the stand-in small-arms rows units name
 * that it lacks, every cell invented and a stand-in; c NULL: copies chart first. */
static GbacwChart *
add_small_arms_rows (const GbacwChart *chart, GbacwChart *c, const GPtrArray *units, guint *n)
{
  for (guint k = 0; k < G_N_ELEMENTS (small_arms_rows); k++)
    {
      const SmallArmsRow *sa = &small_arms_rows[k];
      gboolean named = FALSE;
      GbacwChartRow *row;
      for (guint i = 0; i < units->len && !named; i++)
        named = g_strcmp0 (((const GbacwUnit *) g_ptr_array_index (units, i))->weapon, sa->id) == 0;
      if (!named || gbacw_chart_find_row (chart, sa->id) >= 0)
        continue;
      if (c == NULL)
        c = gbacw_chart_copy (chart);
      row = gbacw_chart_add_row (c, sa->id, sa->name);
      for (guint j = 0; j < c->columns->len; j++)
        {
          const char *value = "—";
          for (guint r = 0; r < G_N_ELEMENTS (range_columns); r++)
            if (strcmp (g_ptr_array_index (c->columns, j), range_columns[r]) == 0)
              value = sa->cells[r];
          row->cells[j].value = g_strdup (value);
          row->cells[j].status = GBACW_CELL_INVENTED;
          row->cells[j].stand_in = TRUE;
          (*n)++;
        }
    }
  return c;
}

/* Adds to edit a copy of every chart with unknown cells, each filled from the Standard Rules
 * chart of the same id and cell, else with the usual value, invented and marked a stand-in;
 * the Range Effects Chart also gets the stand-in small-arms rows units (as filled) name. */
static void
fill_charts (const GbacwScenario *s, const GPtrArray *units, GbacwCollectionEdit *edit, guint *n)
{
  g_autoptr (GPtrArray) standard = standard_charts (s);

  for (guint i = 0; i < s->charts->len; i++)
    {
      const GbacwChart *chart = g_ptr_array_index (s->charts, i);
      const GbacwChart *lib = NULL;
      GbacwChart *c = NULL;
      for (guint k = 0; k < standard->len; k++)
        if (strcmp (((GbacwChart *) g_ptr_array_index (standard, k))->id, chart->id) == 0)
          lib = g_ptr_array_index (standard, k);
      for (guint r = 0; r < chart->rows->len; r++)
        {
          const GbacwChartRow *row = g_ptr_array_index (chart->rows, r);
          for (guint j = 0; j < chart->columns->len; j++)
            {
              const char *col = g_ptr_array_index (chart->columns, j);
              const GbacwCell *from = lib ? gbacw_chart_lookup (lib, row->id, col) : NULL;
              GbacwCell *cell;
              if (row->cells[j].status != GBACW_CELL_UNKNOWN && row->cells[j].value != NULL)
                continue;
              if (c == NULL)
                c = gbacw_chart_copy (chart);
              cell = &((GbacwChartRow *) g_ptr_array_index (c->rows, r))->cells[j];
              g_free (cell->value);
              cell->value = g_strdup (from && from->status != GBACW_CELL_UNKNOWN && from->value
                                      ? from->value : usual_cell (s, chart->id, row->id, col));
              cell->status = GBACW_CELL_INVENTED;
              cell->stand_in = TRUE;
              (*n)++;
            }
        }
      if (strcmp (chart->id, "range-effects") == 0)
        c = add_small_arms_rows (chart, c, units, n);
      if (c)
        gbacw_collection_edit_replace (edit, GBACW_COLLECTION_CHARTS, i, c);
    }
}

/* Adds to edit a copy of every chart with stand-in cells, those cells unknown again. */
static void
clear_charts (const GbacwScenario *s, GbacwCollectionEdit *edit, guint *n)
{
  for (guint i = 0; i < s->charts->len; i++)
    {
      const GbacwChart *chart = g_ptr_array_index (s->charts, i);
      GbacwChart *c = NULL;
      for (guint r = 0; r < chart->rows->len; r++)
        for (guint j = 0; j < chart->columns->len; j++)
          {
            if (!((GbacwChartRow *) g_ptr_array_index (chart->rows, r))->cells[j].stand_in)
              continue;
            if (c == NULL)
              c = gbacw_chart_copy (chart);
            gbacw_cell_clear (&((GbacwChartRow *) g_ptr_array_index (c->rows, r))->cells[j]);
            (*n)++;
          }
      /* a stand-in small-arms row goes with its cells */
      for (guint r = c ? chart->rows->len : 0; r-- > 0;)
        {
          const GbacwChartRow *row = g_ptr_array_index (chart->rows, r);
          gboolean all = small_arms_row (row->id) != NULL;
          for (guint j = 0; j < chart->columns->len && all; j++)
            all = row->cells[j].stand_in;
          if (all)
            gbacw_chart_remove_row (c, r);
        }
      if (c)
        gbacw_collection_edit_replace (edit, GBACW_COLLECTION_CHARTS, i, c);
    }
}

/* The number of stand-in chart cells. */
static guint
count_chart_stand_ins (const GbacwScenario *s)
{
  guint n = 0;

  for (guint i = 0; i < s->charts->len; i++)
    {
      const GbacwChart *chart = g_ptr_array_index (s->charts, i);
      for (guint r = 0; r < chart->rows->len; r++)
        for (guint j = 0; j < chart->columns->len; j++)
          n += ((GbacwChartRow *) g_ptr_array_index (chart->rows, r))->cells[j].stand_in ? 1 : 0;
    }
  return n;
}

/* The terrain a hex not painted stands in with: the catalogue's clear (or open) terrain, by
 * id or name, else its first hex terrain; -1 when the catalogue has none. */
static int
stand_in_terrain (const GbacwScenario *s)
{
  const GPtrArray *terrains = s->catalogue.hex_terrains;
  static const char *const plain[] = { "clear", "open" };

  for (guint k = 0; k < G_N_ELEMENTS (plain); k++)
    for (guint i = 0; i < MIN (terrains->len, GBACW_MAX_HEX_TERRAINS); i++)
      {
        const GbacwHexTerrain *t = g_ptr_array_index (terrains, i);
        if (g_strcmp0 (t->id, plain[k]) == 0 || (t->name && g_ascii_strcasecmp (t->name, plain[k]) == 0))
          return (int) i;
      }
  return terrains->len > 0 ? 0 : -1;
}

/* The Strength Points a hex of the stand-in terrain holds (8.18: the Stacking Restrictions
 * Chart's sp column of its row, or the usual value the chart's stand-in would get), or
 * GBACW_UNSET when there is no such chart or row. */
static int
stand_in_hex_sp (const GbacwScenario *s)
{
  const GbacwChart *chart = gbacw_scenario_find_chart (s, "stacking");
  int terrain = stand_in_terrain (s);
  const GbacwHexTerrain *t;
  const GbacwCell *cell;
  GbacwValue v;

  if (chart == NULL || terrain < 0)
    return GBACW_UNSET;
  t = g_ptr_array_index (s->catalogue.hex_terrains, terrain);
  cell = gbacw_chart_lookup (chart, t->id, "sp");
  if (cell == NULL)
    return GBACW_UNSET;
  if (cell->status == GBACW_CELL_UNKNOWN || cell->value == NULL)
    return (int) g_ascii_strtoll (usual_cell (s, "stacking", t->id, "sp"), NULL, 10);
  if (gbacw_value_from_cell (cell, &v) && v.kind == GBACW_VALUE_NUMBER && v.den == 1 && v.num > 0)
    return v.num;
  return GBACW_UNSET;
}

/* Every hex not painted gets the stand-in terrain, marked (GbacwMap.terrain_stand_in); NULL
 * when there is none to fill. */
static GbacwMapEdit *
fill_terrain (const GbacwScenario *s, guint *n)
{
  const GbacwMap *map = s->map;
  int terrain = stand_in_terrain (s);
  int n_hexes = gbacw_hex_grid_n_hexes (&map->grid);
  GbacwMapEdit *edit = NULL;

  for (int hex = 0; terrain >= 0 && hex < n_hexes; hex++)
    if (map->terrain[hex] == 0)
      {
        if (edit == NULL)
          edit = gbacw_map_edit_new (_("Fill stand-ins"), 0);
        gbacw_map_edit_set (edit, GBACW_LAYER_TERRAIN, (guint) hex, G_GUINT64_CONSTANT (1) << terrain);
        gbacw_map_edit_set (edit, GBACW_LAYER_TERRAIN_STAND_IN, (guint) hex, 1);
        (*n)++;
      }
  return edit;
}

/* The hexes whose terrain is a stand-in back to not painted; NULL when there are none. */
static GbacwMapEdit *
clear_terrain (const GbacwScenario *s, guint *n)
{
  const GbacwMap *map = s->map;
  int n_hexes = gbacw_hex_grid_n_hexes (&map->grid);
  GbacwMapEdit *edit = NULL;

  for (int hex = 0; hex < n_hexes; hex++)
    if (map->terrain_stand_in[hex])
      {
        if (edit == NULL)
          edit = gbacw_map_edit_new (_("Clear stand-ins"), 0);
        gbacw_map_edit_set (edit, GBACW_LAYER_TERRAIN, (guint) hex, 0);
        gbacw_map_edit_set (edit, GBACW_LAYER_TERRAIN_STAND_IN, (guint) hex, 0);
        if (map->terrain[hex] != 0)
          (*n)++;
      }
  return edit;
}

/* edit and, when there is one, the map's edit after it: one undo step. */
static GbacwCommand *
with_map_edit (GbacwCollectionEdit *edit, GbacwMapEdit *map_edit, const char *label)
{
  GbacwCommandGroup *group;

  if (map_edit == NULL)
    return GBACW_COMMAND (edit);
  group = gbacw_command_group_new (label);
  gbacw_command_group_add (group, GBACW_COMMAND (edit));
  gbacw_command_group_add (group, GBACW_COMMAND (map_edit));
  return GBACW_COMMAND (group);
}

GbacwCommand *
gbacw_stand_ins_fill (const GbacwScenario *scenario, guint *n_values)
{
  GbacwMapEdit *map_edit;
  GbacwCollectionEdit *edit;
  g_autoptr (GPtrArray) units = NULL;   /* the units as filled: borrowed or owned */
  g_autoptr (GPtrArray) owned = g_ptr_array_new_with_free_func ((GDestroyNotify) gbacw_unit_free);
  g_autoptr (GArray) shares = g_array_new (FALSE, FALSE, sizeof (int));   /* per mille */
  g_autoptr (GHashTable) brigade_sp = NULL;
  guint n = 0;

  g_return_val_if_fail (scenario != NULL, NULL);

  edit = gbacw_collection_edit_new (_("Fill stand-ins"), 0);
  brigade_sp = brigade_strengths (scenario);
  units = g_ptr_array_new ();
  for (guint i = 0; i < scenario->oob.units->len; i++)
    {
      const GbacwUnit *u = g_ptr_array_index (scenario->oob.units, i);
      GbacwUnit *c = fill_unit (scenario, brigade_sp, u, &n);
      if (c)
        {
          g_ptr_array_add (owned, c);
          g_ptr_array_add (units, c);
        }
      else
        g_ptr_array_add (units, (gpointer) u);
    }
  /* 18.0: the share of its Strength Points the brigades entered give as their BCE limit */
  for (guint i = 0; i < scenario->oob.formations->len; i++)
    {
      const GbacwFormation *f = g_ptr_array_index (scenario->oob.formations, i);
      int total = f->kind == GBACW_FORMATION_BRIGADE ? brigade_total (scenario, units, f->id) : 0;
      if (total > 0 && f->bce[0] != GBACW_UNSET && !(f->stand_ins & BIT (GBACW_OOB_FIELD_BCE_DAY1)))
        {
          int share = f->bce[0] * 1000 / total;
          g_array_append_val (shares, share);
        }
    }
  g_array_sort (shares, compare_int);
  for (guint i = 0; i < scenario->oob.formations->len; i++)
    {
      const GbacwFormation *f = g_ptr_array_index (scenario->oob.formations, i);
      int total, share;
      GbacwFormation *c;
      if (f->kind != GBACW_FORMATION_BRIGADE || f->bce[0] != GBACW_UNSET || f->bce[1] != GBACW_UNSET)
        continue;
      total = brigade_total (scenario, units, f->id);
      if (total <= 0)
        continue;
      share = shares->len ? g_array_index (shares, int, (shares->len - 1) / 2) : 333;
      c = gbacw_formation_copy (f);
      c->bce[0] = CLAMP ((total * share + 999) / 1000, 1, total);
      c->stand_ins |= BIT (GBACW_OOB_FIELD_BCE_DAY1);
      gbacw_collection_edit_replace (edit, GBACW_COLLECTION_FORMATIONS, i, c);
      n++;
    }
  for (guint i = 0; i < units->len; i++)
    if (g_ptr_array_index (units, i) != g_ptr_array_index (scenario->oob.units, i))
      gbacw_collection_edit_replace (edit, GBACW_COLLECTION_UNITS, i,
                                     gbacw_unit_copy (g_ptr_array_index (units, i)));
  fill_charts (scenario, units, edit, &n);
  map_edit = fill_terrain (scenario, &n);
  if (n_values)
    *n_values = n;
  return with_map_edit (edit, map_edit, _("Fill stand-ins"));
}

GbacwCommand *
gbacw_stand_ins_clear (const GbacwScenario *scenario, guint *n_values)
{
  GbacwMapEdit *map_edit;
  GbacwCollectionEdit *edit;
  guint n = 0;

  g_return_val_if_fail (scenario != NULL, NULL);

  edit = gbacw_collection_edit_new (_("Clear stand-ins"), 0);
  for (guint i = 0; i < scenario->oob.units->len; i++)
    {
      const GbacwUnit *u = g_ptr_array_index (scenario->oob.units, i);
      GbacwUnit *c;
      if (u->stand_ins == 0)
        continue;
      c = gbacw_unit_copy (u);
      for (int field = 0; field < GBACW_N_OOB_FIELDS; field++)
        {
          if (!(u->stand_ins & BIT (field)))
            continue;
          n++;
          if (field == GBACW_OOB_FIELD_WEAPON)
            g_clear_pointer (&c->weapon, g_free);
          else if (field == GBACW_OOB_FIELD_CREW)
            c->crew = GBACW_CREW_UNSET;
          else if (unit_slot (c, field))
            *unit_slot (c, field) = GBACW_UNSET;
        }
      c->stand_ins = 0;
      gbacw_collection_edit_replace (edit, GBACW_COLLECTION_UNITS, i, c);
    }
  for (guint i = 0; i < scenario->oob.formations->len; i++)
    {
      const GbacwFormation *f = g_ptr_array_index (scenario->oob.formations, i);
      GbacwFormation *c;
      if (f->stand_ins == 0)
        continue;
      c = gbacw_formation_copy (f);
      for (int day = 0; day < 2; day++)
        if (f->stand_ins & BIT (day == 0 ? GBACW_OOB_FIELD_BCE_DAY1 : GBACW_OOB_FIELD_BCE_DAY2))
          {
            c->bce[day] = GBACW_UNSET;
            n++;
          }
      c->stand_ins = 0;
      gbacw_collection_edit_replace (edit, GBACW_COLLECTION_FORMATIONS, i, c);
    }
  clear_charts (scenario, edit, &n);
  map_edit = clear_terrain (scenario, &n);
  if (n_values)
    *n_values = n;
  return with_map_edit (edit, map_edit, _("Clear stand-ins"));
}

guint
gbacw_stand_ins_count (const GbacwScenario *scenario)
{
  guint n = 0;

  g_return_val_if_fail (scenario != NULL, 0);
  for (guint i = 0; i < scenario->oob.units->len; i++)
    n += (guint) __builtin_popcount (((GbacwUnit *) g_ptr_array_index (scenario->oob.units, i))->stand_ins);
  for (guint i = 0; i < scenario->oob.formations->len; i++)
    n += (guint) __builtin_popcount (((GbacwFormation *) g_ptr_array_index (scenario->oob.formations, i))->stand_ins);
  for (int hex = 0; hex < gbacw_hex_grid_n_hexes (&scenario->map->grid); hex++)
    n += scenario->map->terrain_stand_in[hex] && scenario->map->terrain[hex] != 0;
  return n + count_chart_stand_ins (scenario);
}
