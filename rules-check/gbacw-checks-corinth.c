/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-checks-corinth.c: the Union free set-up limits of The Battle of Corinth (C 29.4),
 * the parameters of the exclusive rule corinth.union-deployment-limits:
 *
 *  - 29.41: no unit of side within distance (4) hexes of a hex of the assault-areas, but
 *    one adjacent to and on the inside of a works or redan hexside (the interior of the
 *    outer works: 0527, Battery E, is legal, 0426 is not);
 *  - 29.42: of the side's infantry and cavalry brigades, from assault-brigades-min to
 *    assault-brigades-max (4-7) within assault-radius (10) hexes of an assault area, and
 *    exactly hotel-brigades (3) within hotel-radius (10) of the hotel area; a brigade is
 *    within when every one of its combat units deployed is;
 *  - 29.44: one independent battery (of no brigade) in each hex area of redans; every other
 *    independent battery deployed on or adjacent to a hex of park;
 *  - 29.46: the sharpshooters units within hotel-radius of the hotel.
 * The counts (29.42, 29.44) are checked once the side has deployed a combat unit: a kit
 * whose Union player has not set up yet is not wrong. Findings are deploy.setup-area's.
 */
#define G_LOG_DOMAIN "gbacw-checks-corinth"

#include "gbacw-checks-private.h"

#include "gbacw-exclusive-params.h"

typedef struct {
  CheckContext *ctx;
  const GbacwExclusiveRule *rule;
  const char *rule_id;
  const char *side;
  int *near_assault;    /* per hex: the distance to the nearest assault area hex, G_MAXINT */
  int *near_hotel;
} Setup;

static int
int_param (const GbacwExclusiveRule *rule, const char *name, int fallback)
{
  return gbacw_exclusive_rule_get_int (rule, name, fallback);
}

/* Per hex: the distance to the nearest hex of the areas named by the parameter. */
static int *
distances_to (CheckContext *ctx, const GbacwExclusiveRule *rule, const char *name)
{
  const char *text = gbacw_exclusive_rule_get_param (rule, name);
  g_autofree char *why = NULL;
  g_autoptr (GArray) hexes = text ? gbacw_exclusive_parse_hexes (ctx->s->map, text, &why) : NULL;
  int *out = g_new (int, MAX (ctx->n_hexes, 1));

  for (int h = 0; h < ctx->n_hexes; h++)
    {
      GbacwHex a = gbacw_hex_grid_hex_at (ctx->grid, h);
      out[h] = G_MAXINT;
      for (guint k = 0; hexes && k < hexes->len; k++)
        out[h] = MIN (out[h], gbacw_hex_grid_distance (ctx->grid, a,
                                                       gbacw_hex_grid_hex_at (ctx->grid,
                                                                              g_array_index (hexes, int, k))));
    }
  return out;
}

/* 29.41's exception: the hex is on the inside of a works or redan hexside of its own. */
static gboolean
inside_works (const CheckContext *ctx, int hex)
{
  GbacwHex h = gbacw_hex_grid_hex_at (ctx->grid, hex);

  for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
    {
      GbacwHexsideId id = gbacw_hex_grid_hexside (ctx->grid, h, d);
      guint32 works = ctx->map->hexside_features[id] & ctx->inside_types & ctx->valid_sides;
      GbacwHex owner;
      gbacw_hex_grid_hexside_hexes (ctx->grid, id, &owner, NULL, NULL);
      for (guint32 m = works; m; m &= m - 1)
        {
          guint k = (guint) __builtin_ctz (m);
          if ((((ctx->map->hexside_inside[id] >> k) & 1) != 0) == !gbacw_hex_equal (owner, h))
            return TRUE;
        }
    }
  return FALSE;
}

static const GbacwPlacement *
placement_of (const GbacwScenario *s, const char *unit)
{
  for (guint i = 0; i < s->deployment->len; i++)
    {
      const GbacwPlacement *p = g_ptr_array_index (s->deployment, i);
      if (g_strcmp0 (p->unit, unit) == 0)
        return p;
    }
  return NULL;
}

static gboolean
in_brigade (const GbacwScenario *s, const GbacwUnit *u)
{
  const GbacwFormation *f = u->formation ? gbacw_oob_find_formation (&s->oob, u->formation) : NULL;
  return f != NULL && f->kind == GBACW_FORMATION_BRIGADE && !(u->flags & GBACW_UNIT_FLAG_INDEPENDENT);
}

/* 29.41 for each deployed unit of the side. */
static void
check_distance (Setup *st, GPtrArray *out)
{
  const GbacwScenario *s = st->ctx->s;
  int distance = int_param (st->rule, "distance", 4);

  for (guint i = 0; i < s->deployment->len; i++)
    {
      const GbacwPlacement *p = g_ptr_array_index (s->deployment, i);
      const GbacwUnit *u = gbacw_oob_find_unit (&s->oob, p->unit);
      g_autofree char *label = NULL;
      if (u == NULL || g_strcmp0 (u->side, st->side) != 0 || p->hex < 0 || p->hex >= st->ctx->n_hexes
          || st->near_assault[p->hex] > distance || inside_works (st->ctx, p->hex))
        continue;
      label = gbacw_hex_label (st->ctx, p->hex);
      emit_unit (gbacw_emit (out, GBACW_SEVERITY_ERROR, "deploy.setup-area", "C 29.41",
                             g_dngettext (GETTEXT_PACKAGE,
                                          "%s is set up in %s, %d hex from a Confederate Assault Area: no unit may "
                                          "set up within %d, but on the inside of the outer works",
                                          "%s is set up in %s, %d hexes from a Confederate Assault Area: no unit may "
                                          "set up within %d, but on the inside of the outer works",
                                          (gulong) st->near_assault[p->hex]),
                             gbacw_unit_name (u), label, st->near_assault[p->hex], distance), u->id);
    }
}

/* Whether every deployed combat unit of the brigade is within radius by near; FALSE when
 * none is deployed. */
static gboolean
brigade_within (Setup *st, const GPtrArray *units, const int *near, int radius)
{
  int n = 0;

  for (guint k = 0; k < units->len; k++)
    {
      const GbacwUnit *u = g_ptr_array_index (units, k);
      const GbacwPlacement *p = is_combat_unit (u) ? placement_of (st->ctx->s, u->id) : NULL;
      if (p == NULL || p->hex < 0 || p->hex >= st->ctx->n_hexes)
        continue;
      if (near[p->hex] > radius)
        return FALSE;
      n++;
    }
  return n > 0;
}

/* 29.42: the brigades near an Assault Area and near the hotel. */
static void
check_brigades (Setup *st, GPtrArray *out)
{
  const GbacwScenario *s = st->ctx->s;
  int lo = int_param (st->rule, "assault-brigades-min", 4), hi = int_param (st->rule, "assault-brigades-max", 7);
  int assault_radius = int_param (st->rule, "assault-radius", 10), hotel_radius = int_param (st->rule, "hotel-radius", 10);
  int hotel_wanted = int_param (st->rule, "hotel-brigades", 3), near_assault = 0, near_hotel = 0;

  for (guint i = 0; i < s->oob.formations->len; i++)
    {
      const GbacwFormation *f = g_ptr_array_index (s->oob.formations, i);
      g_autoptr (GPtrArray) units = g_ptr_array_new ();
      gboolean foot = FALSE;
      if (f->kind != GBACW_FORMATION_BRIGADE || g_strcmp0 (f->side, st->side) != 0)
        continue;
      gbacw_formation_collect_units (st->ctx, f->id, units);
      for (guint k = 0; k < units->len; k++)
        foot |= ((GbacwUnit *) g_ptr_array_index (units, k))->type == GBACW_UNIT_INFANTRY
                || ((GbacwUnit *) g_ptr_array_index (units, k))->type == GBACW_UNIT_CAVALRY;
      if (!foot)
        continue;
      near_assault += brigade_within (st, units, st->near_assault, assault_radius);
      near_hotel += st->near_hotel && brigade_within (st, units, st->near_hotel, hotel_radius);
    }
  if (near_assault < lo || near_assault > hi)
    emit_setting (gbacw_emit (out, GBACW_SEVERITY_ERROR, "deploy.setup-area", "C 29.42",
                              g_dngettext (GETTEXT_PACKAGE,
                                           "%d brigade is set up within %d hexes of a Confederate Assault Area: from "
                                           "%d to %d must be",
                                           "%d brigades are set up within %d hexes of a Confederate Assault Area: "
                                           "from %d to %d must be", (gulong) near_assault),
                              near_assault, assault_radius, lo, hi),
                  st->rule_id);
  if (st->near_hotel && near_hotel != hotel_wanted)
    emit_setting (gbacw_emit (out, GBACW_SEVERITY_ERROR, "deploy.setup-area", "C 29.42",
                              g_dngettext (GETTEXT_PACKAGE,
                                           "%d brigade is set up within %d hexes of the Tishomingo Hotel: %d must be",
                                           "%d brigades are set up within %d hexes of the Tishomingo Hotel: %d must be",
                                           (gulong) near_hotel),
                              near_hotel, hotel_radius, hotel_wanted),
                  st->rule_id);
}

/* 29.44: one independent battery per redan, the others in the artillery park. */
static void
check_batteries (Setup *st, GPtrArray *out)
{
  CheckContext *ctx = st->ctx;
  const GbacwScenario *s = ctx->s;
  const char *redans = gbacw_exclusive_rule_get_param (st->rule, "redans");
  g_auto (GStrv) ids = redans ? g_strsplit_set (redans, " ,", -1) : NULL;
  g_autofree int *near_park = gbacw_exclusive_rule_get_param (st->rule, "park") ? distances_to (ctx, st->rule, "park")
                                                                               : NULL;
  g_autofree gboolean *in_redan = g_new0 (gboolean, MAX (ctx->n_hexes, 1));

  for (guint r = 0; ids && ids[r]; r++)
    {
      const GbacwArea *area = *ids[r] ? gbacw_map_find_area (s->map, ids[r]) : NULL;
      int n = 0;
      if (area == NULL)
        continue;
      for (guint k = 0; k < area->hexes->len; k++)
        in_redan[g_array_index (area->hexes, int, k)] = TRUE;
      for (guint i = 0; i < s->deployment->len; i++)
        {
          const GbacwPlacement *p = g_ptr_array_index (s->deployment, i);
          const GbacwUnit *u = gbacw_oob_find_unit (&s->oob, p->unit);
          n += u && u->type == GBACW_UNIT_ARTILLERY && g_strcmp0 (u->side, st->side) == 0 && !in_brigade (s, u)
               && gbacw_area_contains (area, p->hex);
        }
      if (n != 1)
        gbacw_finding_set_id (gbacw_emit (out, GBACW_SEVERITY_ERROR, "deploy.setup-area", "C 29.44",
                                          g_dngettext (GETTEXT_PACKAGE,
                                                       "The redan “%s” holds %d independent battery: one must be set "
                                                       "up in each redan",
                                                       "The redan “%s” holds %d independent batteries: one must be "
                                                       "set up in each redan", (gulong) n),
                                          name_or_id (area->name, area->id), n),
                              GBACW_LOCATION_AREA, area->id);
    }
  for (guint i = 0; near_park && i < s->deployment->len; i++)
    {
      const GbacwPlacement *p = g_ptr_array_index (s->deployment, i);
      const GbacwUnit *u = gbacw_oob_find_unit (&s->oob, p->unit);
      g_autofree char *label = NULL;
      if (u == NULL || u->type != GBACW_UNIT_ARTILLERY || g_strcmp0 (u->side, st->side) != 0 || in_brigade (s, u)
          || p->hex < 0 || p->hex >= ctx->n_hexes || in_redan[p->hex] || near_park[p->hex] <= 1)
        continue;
      label = gbacw_hex_label (ctx, p->hex);
      emit_unit (gbacw_emit (out, GBACW_SEVERITY_ERROR, "deploy.setup-area", "C 29.44",
                             _("%s, an independent battery in no redan, is set up in %s: it must be in the artillery "
                               "park, on or adjacent to it"),
                             gbacw_unit_name (u), label), u->id);
    }
}

/* 29.46: the sharpshooters near the hotel. */
static void
check_sharpshooters (Setup *st, GPtrArray *out)
{
  const char *text = gbacw_exclusive_rule_get_param (st->rule, "sharpshooters");
  g_auto (GStrv) ids = text ? g_strsplit_set (text, " ,", -1) : NULL;
  int radius = int_param (st->rule, "hotel-radius", 10);

  for (guint i = 0; st->near_hotel && ids && ids[i]; i++)
    {
      const GbacwUnit *u = *ids[i] ? gbacw_oob_find_unit (&st->ctx->s->oob, ids[i]) : NULL;
      const GbacwPlacement *p = u ? placement_of (st->ctx->s, u->id) : NULL;
      g_autofree char *label = NULL;
      if (p == NULL || p->hex < 0 || p->hex >= st->ctx->n_hexes || st->near_hotel[p->hex] <= radius)
        continue;
      label = gbacw_hex_label (st->ctx, p->hex);
      emit_unit (gbacw_emit (out, GBACW_SEVERITY_ERROR, "deploy.setup-area", "C 29.46",
                             g_dngettext (GETTEXT_PACKAGE, "%s is set up in %s, %d hex from the Tishomingo Hotel: it "
                                          "must be within %d",
                                          "%s is set up in %s, %d hexes from the Tishomingo Hotel: it must be within %d",
                                          (gulong) st->near_hotel[p->hex]),
                             gbacw_unit_name (u), label, st->near_hotel[p->hex], radius), u->id);
    }
}

void
gbacw_check_corinth_setup (CheckContext *ctx, const GbacwExclusiveRule *rule, const char *setting, GPtrArray *out)
{
  const char *side = gbacw_exclusive_rule_get_param (rule, "side");
  Setup st = { ctx, rule, setting, side ? side : "union", NULL, NULL };
  gboolean deployed = FALSE;

  if (gbacw_exclusive_rule_get_param (rule, "assault-areas") == NULL)
    return;
  st.near_assault = distances_to (ctx, rule, "assault-areas");
  if (gbacw_exclusive_rule_get_param (rule, "hotel"))
    st.near_hotel = distances_to (ctx, rule, "hotel");
  check_distance (&st, out);
  for (guint i = 0; i < ctx->s->deployment->len && !deployed; i++)
    {
      const GbacwUnit *u = gbacw_oob_find_unit (&ctx->s->oob, ((GbacwPlacement *) g_ptr_array_index (ctx->s->deployment, i))->unit);
      deployed = u && is_combat_unit (u) && g_strcmp0 (u->side, st.side) == 0;
    }
  if (deployed)
    {
      check_brigades (&st, out);
      check_batteries (&st, out);
      check_sharpshooters (&st, out);
    }
  g_free (st.near_assault);
  g_free (st.near_hotel);
}
