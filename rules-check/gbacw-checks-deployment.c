/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-checks-deployment.c: deployment: arrivals, the hexes units stand in and the units. */
#define G_LOG_DOMAIN "gbacw-checks-deployment"

#include "gbacw-checks-private.h"

/* ==================================================================== deployment: arrivals */

void
gbacw_check_arrivals (CheckContext *ctx, GPtrArray *out)
{
  const GbacwScenario *s = ctx->s;
  g_autoptr (GHashTable) placed = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (GHashTable) arrival = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint i = 0; i < s->deployment->len; i++)
    {
      const GbacwPlacement *p = g_ptr_array_index (s->deployment, i);
      g_hash_table_insert (placed, p->unit, (gpointer) p);
    }
  for (guint i = 0; i < s->reinforcements->len; i++)
    {
      const GbacwReinforcement *r = g_ptr_array_index (s->reinforcements, i);
      g_autoptr (GPtrArray) units = g_ptr_array_new ();

      for (guint k = 0; k < r->units->len; k++)
        {
          const GbacwUnit *u = gbacw_oob_find_unit (&s->oob, g_ptr_array_index (r->units, k));
          if (u)
            g_ptr_array_add (units, (gpointer) u);
        }
      for (guint k = 0; k < r->formations->len; k++)
        {
          const char *fid = g_ptr_array_index (r->formations, k);
          guint before = units->len;
          gbacw_formation_collect_units (ctx, fid, units);
          if (units->len == before)
            gbacw_finding_set_id (gbacw_emit (out, GBACW_SEVERITY_WARNING, "deploy.entry", "4.0",
                                              _("Reinforcement “%s” brings the formation “%s”, which has no units"),
                                              r->id, fid),
                                  GBACW_LOCATION_REINFORCEMENT, r->id);
        }
      if (units->len == 0 && r->formations->len == 0)
        gbacw_finding_set_id (gbacw_emit (out, GBACW_SEVERITY_WARNING, "deploy.entry", "4.0",
                                          _("Reinforcement “%s” brings no units"), r->id),
                              GBACW_LOCATION_REINFORCEMENT, r->id);

      /* no unit both deployed and arriving, nor arriving twice */
      for (guint k = 0; k < units->len; k++)
        {
          const GbacwUnit *u = g_ptr_array_index (units, k);
          const GbacwPlacement *p = g_hash_table_lookup (placed, u->id);
          const GbacwReinforcement *other = g_hash_table_lookup (arrival, u->id);
          if (p)
            {
              g_autofree char *label = gbacw_hex_label (ctx, p->hex);
              emit_unit (gbacw_emit (out, GBACW_SEVERITY_ERROR, "deploy.reinforcement", "4.0",
                                          _("%s is deployed in hex %s and also arrives with reinforcement “%s”"),
                                          gbacw_unit_name (u), label, r->id), u->id);
            }
          if (other && other != r)
            emit_unit (gbacw_emit (out, GBACW_SEVERITY_ERROR, "deploy.reinforcement", "4.0",
                                        _("%s arrives twice: with reinforcements “%s” and “%s”"), gbacw_unit_name (u),
                                        other->id, r->id), u->id);
          if (other == NULL)
            g_hash_table_insert (arrival, u->id, (gpointer) r);
        }

      /* entry hexes on the map edge (4.0 B; J 32.0, P 26.0) */
      if (r->entry_hexes->len == 0)
        gbacw_finding_set_id (gbacw_emit (out, GBACW_SEVERITY_ERROR, "deploy.entry", "4.0",
                                          _("Reinforcement “%s” has no entry hex"), r->id),
                              GBACW_LOCATION_REINFORCEMENT, r->id);
      for (guint k = 0; k < r->entry_hexes->len; k++)
        {
          int hex = g_array_index (r->entry_hexes, int, k);
          if (hex < 0 || hex >= ctx->n_hexes)
            continue;
          if (!gbacw_hex_on_edge (ctx, hex))
            gbacw_finding_set_hex (gbacw_emit (out, GBACW_SEVERITY_WARNING, "deploy.entry", "4.0",
                                               _("Entry hex of reinforcement “%s” is not on the map edge"), r->id),
                                   ctx->grid, hex);
        }
    }

  /* what is neither on the map nor arriving */
  for (guint i = 0; i < s->oob.units->len; i++)
    {
      const GbacwUnit *u = g_ptr_array_index (s->oob.units, i);
      if (u->type == GBACW_UNIT_LEADER && u->role == GBACW_LEADER_REPLACEMENT)
        continue;  /* 17.81: replacements come into play when needed */
      if (!g_hash_table_contains (placed, u->id) && !g_hash_table_contains (arrival, u->id))
        emit_unit (gbacw_emit (out, GBACW_SEVERITY_INFO, "deploy.unplaced", "scenario",
                                    _("%s is neither deployed nor a reinforcement yet"), gbacw_unit_name (u)), u->id);
    }
}

/* ==================================================================== deployment: hexes */

static const char *
hex_terrain_names (CheckContext *ctx, int hex, GString *s)
{
  g_string_truncate (s, 0);
  for (guint64 m = ctx->map->terrain[hex] & ctx->valid_terrains; m; m &= m - 1)
    {
      const GbacwHexTerrain *t = terrain_at (ctx, (guint) __builtin_ctzll (m));
      if (s->len)
        g_string_append (s, " + ");
      g_string_append (s, name_or_id (t->name, t->id));
    }
  return s->str;
}

static gboolean
inside_redan (CheckContext *ctx, int hex)
{
  GbacwHex h = gbacw_hex_grid_hex_at (ctx->grid, hex);
  for (int d = 0; d < GBACW_HEX_DIRECTIONS && ctx->redan_types; d++)
    {
      GbacwHexsideId id = gbacw_hex_grid_hexside (ctx->grid, h, d);
      guint32 redans = ctx->map->hexside_features[id] & ctx->redan_types;
      GbacwHex owner;
      if (!redans)
        continue;
      gbacw_hex_grid_hexside_hexes (ctx->grid, id, &owner, NULL, NULL);
      for (guint32 m = redans; m; m &= m - 1)
        {
          guint k = (guint) __builtin_ctz (m);
          if ((((ctx->map->hexside_inside[id] >> k) & 1) != 0) == !gbacw_hex_equal (owner, h))
            return TRUE;
        }
    }
  return FALSE;
}

void
gbacw_check_deploy_hex (CheckContext *ctx, int hex, GPtrArray *out)
{
  const GbacwScenario *s = ctx->s;
  const char *sides[2] = { NULL, NULL };
  guint n_sides = 0;
  int units = 0, sp = 0, sections = 0, facing = -1;
  gboolean column = FALSE, mixed_facing = FALSE;
  const GbacwUnit *column_unit = NULL, *mounted_unit = NULL;
  int combat = 0, non_mounted = 0;
  GbacwStackingLimits limits;
  const char *rule_case;
  g_autoptr (GString) names = NULL;

  if (ctx->hex_first == NULL || ctx->hex_first[hex] < 0)
    return;
  for (int i = ctx->hex_first[hex]; i >= 0; i = ctx->place_next[i])
    {
      const GbacwPlacement *p = g_ptr_array_index (s->deployment, i);
      const GbacwUnit *u = gbacw_oob_find_unit (&s->oob, p->unit);
      if (u == NULL)
        continue;
      if (sides[0] == NULL || g_strcmp0 (sides[0], u->side) == 0)
        sides[0] = u->side, n_sides = MAX (n_sides, 1);
      else if (sides[1] == NULL)
        sides[1] = u->side, n_sides = 2;
      if (p->facing >= 0 && u->type != GBACW_UNIT_LEADER)
        {
          if (facing >= 0 && facing != p->facing)
            mixed_facing = TRUE;
          facing = p->facing;
        }
      if (!is_combat_unit (u))
        continue;
      combat++;
      if (u->type == GBACW_UNIT_ARTILLERY)
        sections++;
      else
        units++;
      sp += gbacw_unit_stacking_points (u, p);
      if (u->type == GBACW_UNIT_INFANTRY && p->formation == GBACW_FORMATION_STATE_COLUMN)
        {
          column = TRUE;
          column_unit = u;
        }
      if (u->type == GBACW_UNIT_CAVALRY
          && (p->formation == GBACW_FORMATION_STATE_MOUNTED || p->formation == GBACW_FORMATION_STATE_UNSET))
        mounted_unit = u;
      else
        non_mounted++;
    }

  if (n_sides > 1)
    {
      gbacw_finding_set_hex (gbacw_emit (out, GBACW_SEVERITY_ERROR, "deploy.enemy", "5.12",
                                         _("Units of both sides (%s and %s) are in this hex; a unit may not enter a "
                                           "hex holding an enemy unit"),
                                         gbacw_side_name (s, sides[0]), gbacw_side_name (s, sides[1])),
                             ctx->grid, hex);
      return;  /* stacking limits are per side; a mixed hex is wrong anyway */
    }
  if (mixed_facing)
    gbacw_finding_set_hex (gbacw_emit (out, GBACW_SEVERITY_ERROR, "deploy.facing", "7.0",
                                       _("The units in this hex face different ways; all units in a hex share one "
                                         "facing")),
                           ctx->grid, hex);
  if (column_unit && combat > 1)
    gbacw_finding_set_hex (gbacw_emit (out, GBACW_SEVERITY_ERROR, "deploy.stacking", "8.16",
                                       _("%s is in column and stacked with another combat unit"),
                                       gbacw_unit_name (column_unit)),
                           ctx->grid, hex);
  if (mounted_unit && non_mounted > 0)
    gbacw_finding_set_hex (gbacw_emit (out, GBACW_SEVERITY_ERROR, "deploy.stacking", "8.17",
                                       _("%s is mounted and stacked with units other than mounted cavalry and leaders"),
                                       gbacw_unit_name (mounted_unit)),
                           ctx->grid, hex);

  /* 8.18 (redans: C 23.27) */
  if (ctx->map->terrain[hex] == 0)
    return;
  gbacw_rules_data_stacking_limits (ctx->rules, ctx->map, hex, column, &limits);
  rule_case = inside_redan (ctx, hex) ? "23.27" : "8.18";
  names = g_string_new (NULL);
  if (limits.units != GBACW_UNSET && units > limits.units)
    gbacw_finding_set_hex (gbacw_emit (out, GBACW_SEVERITY_ERROR, "deploy.stacking", rule_case,
                                       g_dngettext (GETTEXT_PACKAGE, "%d unit is stacked here; %s allows %d", "%d units are stacked here; %s allows %d",
                                                    units), units,
                                       hex_terrain_names (ctx, hex, names), limits.units),
                           ctx->grid, hex);
  if (limits.sp != GBACW_UNSET && sp > limits.sp)
    gbacw_finding_set_hex (gbacw_emit (out, GBACW_SEVERITY_ERROR, "deploy.stacking", rule_case,
                                       _("%d Stacking Points are stacked here; %s allows %d"), sp,
                                       hex_terrain_names (ctx, hex, names), limits.sp),
                           ctx->grid, hex);
  if (limits.sections != GBACW_UNSET && sections > limits.sections)
    gbacw_finding_set_hex (gbacw_emit (out, GBACW_SEVERITY_ERROR, "deploy.stacking", rule_case,
                                       g_dngettext (GETTEXT_PACKAGE, "%d artillery unit is stacked here; %s allows %d",
                                                    "%d artillery units are stacked here; %s allows %d", sections),
                                       sections,
                                       hex_terrain_names (ctx, hex, names), limits.sections),
                           ctx->grid, hex);
}

/* ==================================================================== deployment: units */

static const char *
move_class_name (GbacwMoveClass c)
{
  switch (c)
    {
    case GBACW_MOVE_INFANTRY_LINE:
      return _("infantry in line");
    case GBACW_MOVE_INFANTRY_COLUMN:
      return _("infantry in column");
    case GBACW_MOVE_CAVALRY_MOUNTED:
      return _("mounted cavalry");
    case GBACW_MOVE_CAVALRY_DISMOUNTED:
      return _("dismounted cavalry");
    case GBACW_MOVE_ARTILLERY_LIMBERED:
      return _("limbered artillery");
    case GBACW_MOVE_ARTILLERY_UNLIMBERED:
      return _("unlimbered artillery");
    case GBACW_MOVE_WAGON:
      return _("supply wagons");
    case GBACW_MOVE_LEADER:
    default:
      return _("leaders");
    }
}

/* Whether a line the class may use crosses one of the hex's hexsides (6.11, 6.12). */
static gboolean
usable_line_at (CheckContext *ctx, GbacwMoveClass c, int hex)
{
  GbacwHex h = gbacw_hex_grid_hex_at (ctx->grid, hex);
  if (!gbacw_move_class_uses_roads (c))
    return FALSE;
  for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
    {
      GbacwMoveCost cost;
      GbacwHexsideId id = gbacw_hex_grid_hexside (ctx->grid, h, d);
      int n = gbacw_hex_grid_index (ctx->grid, gbacw_hex_grid_neighbour (ctx->grid, h, d));
      if (n < 0 || ctx->map->hexside_lines[id] == 0)
        continue;
      gbacw_rules_data_move_cost (ctx->rules, ctx->map, c, n, gbacw_hex_direction_opposite (d), &cost);
      if (cost.kind != GBACW_COST_PROHIBITED)
        return TRUE;
    }
  return FALSE;
}

/* The terrain of the hex that prohibits the class, for the message and its case. */
static const GbacwHexTerrain *
prohibiting_terrain (CheckContext *ctx, GbacwMoveClass c, int hex)
{
  const GbacwChart *movement = gbacw_scenario_find_chart (ctx->s, "terrain-movement");
  for (guint64 m = ctx->map->terrain[hex] & ctx->valid_terrains; m && movement; m &= m - 1)
    {
      const GbacwHexTerrain *t = terrain_at (ctx, (guint) __builtin_ctzll (m));
      GbacwValue v;
      gbacw_value_from_cell (gbacw_chart_lookup (movement, gbacw_move_class_to_row (c), t->id), &v);
      if (v.kind == GBACW_VALUE_PROHIBITED)
        return t;
    }
  return NULL;
}

static const char *
formation_name (GbacwFormationState state)
{
  switch (state)
    {
    case GBACW_FORMATION_STATE_LINE:
      return _("line");
    case GBACW_FORMATION_STATE_COLUMN:
      return _("column");
    case GBACW_FORMATION_STATE_MOUNTED:
      return _("mounted");
    case GBACW_FORMATION_STATE_DISMOUNTED:
      return _("dismounted");
    case GBACW_FORMATION_STATE_LIMBERED:
      return _("limbered");
    case GBACW_FORMATION_STATE_UNLIMBERED:
      return _("unlimbered");
    case GBACW_FORMATION_STATE_UNSET:
    default:
      return _("no formation");
    }
}

void
gbacw_check_deploy_unit (CheckContext *ctx, guint placement_index, GPtrArray *out)
{
  const GbacwScenario *s = ctx->s;
  const GbacwPlacement *p = g_ptr_array_index (s->deployment, placement_index);
  const GbacwUnit *u = gbacw_oob_find_unit (&s->oob, p->unit);
  const char *name;
  int move_class;

  if (u == NULL || p->hex < 0 || p->hex >= ctx->n_hexes)
    return;
  name = gbacw_unit_name (u);

  /* 6.0: a formation the unit type has */
  move_class = gbacw_move_class_for (u->type, p->formation);
  if (move_class < 0)
    emit_unit (gbacw_emit (out, GBACW_SEVERITY_ERROR, "deploy.formation", "6.0",
                                _("%s is deployed in %s formation, which %s cannot take"), name,
                                formation_name (p->formation), gbacw_unit_type_name (u->type)), u->id);
  else if (p->formation == GBACW_FORMATION_STATE_UNSET
           && (u->type == GBACW_UNIT_CAVALRY || u->type == GBACW_UNIT_ARTILLERY))
    emit_unit (gbacw_emit (out, GBACW_SEVERITY_ERROR, "deploy.formation", "6.0",
                                u->type == GBACW_UNIT_CAVALRY
                                  ? _("The formation of %s is not set: mounted or dismounted?")
                                  : _("The formation of %s is not set: limbered or unlimbered?"),
                                name), u->id);

  /* 7.0: facing */
  if (p->facing < 0 && u->type != GBACW_UNIT_LEADER)
    emit_unit (gbacw_emit (out, GBACW_SEVERITY_INFO, "deploy.facing", "7.0",
                                _("The facing of %s is not entered yet"), name), u->id);

  /* 5.19: terrain the unit may be in (in its formation; unlimbered artillery got there limbered) */
  if (ctx->map->terrain[p->hex] == 0)
    emit_unit (gbacw_emit (out, GBACW_SEVERITY_INFO, "deploy.terrain", "5.15",
                                _("%s is placed on a hex whose terrain is not entered yet"), name), u->id);
  else if (move_class >= 0)
    {
      GbacwMoveClass c = move_class == GBACW_MOVE_ARTILLERY_UNLIMBERED ? GBACW_MOVE_ARTILLERY_LIMBERED : move_class;
      GbacwMoveCost cost;
      gbacw_rules_data_hex_cost (ctx->rules, ctx->map, c, p->hex, &cost);
      if (cost.kind == GBACW_COST_PROHIBITED && !usable_line_at (ctx, c, p->hex))
        {
          const GbacwHexTerrain *t = prohibiting_terrain (ctx, c, p->hex);
          /* the terrain's own case when an exclusive rule defines it (swamp: C 23.5), else the chart's */
          gboolean exclusive = t && t->rule_case && g_ascii_strtod (t->rule_case, NULL) >= 19.0;
          emit_unit (gbacw_emit (out, GBACW_SEVERITY_ERROR, "deploy.terrain", exclusive ? t->rule_case : "5.19",
                                      _("%s (%s) may not be in %s"), name, move_class_name (c),
                                      t ? name_or_id (t->name, t->id) : _("this hex")), u->id);
        }
    }

  /* 17.52: leaders stacked with a combat unit unless five or more hexes from the enemy */
  if (u->type == GBACW_UNIT_LEADER)
    {
      gboolean with_unit = FALSE;
      for (int i = ctx->hex_first[p->hex]; i >= 0 && !with_unit; i = ctx->place_next[i])
        {
          const GbacwPlacement *q = g_ptr_array_index (s->deployment, i);
          const GbacwUnit *v = gbacw_oob_find_unit (&s->oob, q->unit);
          with_unit = v && is_combat_unit (v) && g_strcmp0 (v->side, u->side) == 0;
        }
      if (!with_unit)
        {
          g_autoptr (GArray) near = g_array_new (FALSE, FALSE, sizeof (GbacwHex));
          int nearest = G_MAXINT;
          GbacwHex centre = gbacw_hex_grid_hex_at (ctx->grid, p->hex);
          gbacw_hex_grid_within (ctx->grid, centre, 4, near);
          for (guint k = 0; k < near->len; k++)
            {
              GbacwHex h = g_array_index (near, GbacwHex, k);
              int index = gbacw_hex_grid_index (ctx->grid, h);
              for (int i = ctx->hex_first[index]; i >= 0; i = ctx->place_next[i])
                {
                  const GbacwPlacement *q = g_ptr_array_index (s->deployment, i);
                  const GbacwUnit *v = gbacw_oob_find_unit (&s->oob, q->unit);
                  if (v && is_combat_unit (v) && g_strcmp0 (v->side, u->side) != 0)
                    nearest = MIN (nearest, gbacw_hex_grid_distance (ctx->grid, centre, h));
                }
            }
          if (nearest != G_MAXINT)
            emit_unit (gbacw_emit (out, GBACW_SEVERITY_ERROR, "deploy.leader", "17.52",
                                        g_dngettext (GETTEXT_PACKAGE,
                                                     "%s is alone, %d hex from an enemy unit; a leader is stacked "
                                                     "with a combat unit unless five or more hexes from the enemy",
                                                     "%s is alone, %d hexes from an enemy unit; a leader is stacked "
                                                     "with a combat unit unless five or more hexes from the enemy",
                                                     nearest),
                                        name, nearest), u->id);
        }
    }

  /* the scenario's set-up areas of the unit's side */
  {
    gboolean any = FALSE, inside = FALSE;
    const GbacwArea *first = NULL;
    for (guint i = 0; i < ctx->map->areas->len && !inside; i++)
      {
        const GbacwArea *area = g_ptr_array_index (ctx->map->areas, i);
        if (area->kind != GBACW_AREA_SETUP || g_strcmp0 (area->side, u->side) != 0)
          continue;
        any = TRUE;
        first = first ? first : area;
        inside = gbacw_area_contains (area, p->hex);
      }
    if (any && !inside)
      {
        g_autofree char *label = gbacw_hex_label (ctx, p->hex);
        emit_unit (gbacw_emit (out, GBACW_SEVERITY_ERROR, "deploy.setup-area", "scenario",
                                    _("%s is deployed in hex %s, outside the set-up area of its side (%s)"), name,
                                    label, name_or_id (first->name, first->id)), u->id);
      }
  }
}
