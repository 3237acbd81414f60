/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-oob-deploy.c: undoable commands for deployment: placing, moving, restacking and
 * removing units at set-up, their facing, formation and status, and the stacking and
 * set-up areas that allow a placement. */
#define G_LOG_DOMAIN "gbacw-oob-deploy"

#include "gbacw-oob-edit.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "gbacw-collection-edit.h"
#include "gbacw-oob-edit-private.h"
#include "gbacw-rules-data.h"

/* ---------------------------------------------------------------- deployment */

static gboolean
state_valid (GbacwUnitType type, GbacwFormationState state)
{
  if (state == GBACW_FORMATION_STATE_UNSET)
    return TRUE;
  if ((int) state < 0 || state > GBACW_FORMATION_STATE_UNLIMBERED)
    return FALSE;
  return gbacw_move_class_for (type, state) >= 0;
}

static gboolean
check_state (const GbacwUnit *u, GbacwFormationState state, GError **error)
{
  if (state_valid (u->type, state))
    return TRUE;
  if ((int) state < 0 || state > GBACW_FORMATION_STATE_UNLIMBERED)
    return gbacw_oob_edit_set_invalid (error, _("unknown formation"));
  return gbacw_oob_edit_set_invalid (error, _("%s cannot be in %s formation"), gbacw_oob_edit_unit_title (u), gbacw_formation_state_to_string (state));
}

static gboolean
check_facing (int facing, GError **error)
{
  if (facing >= -1 && facing < GBACW_HEX_DIRECTIONS)
    return TRUE;
  return gbacw_oob_edit_set_invalid (error, _("a facing is a direction 0 to 5"));
}

/* Whether the terrain of hex is "P" for the unit in that formation (5.19): it could not
 * enter the hex, so it cannot be placed there. */
static gboolean
prohibited (const GbacwRulesData *data, const GbacwScenario *s, const GbacwUnit *u, GbacwFormationState state,
            int hex)
{
  int mc;
  GbacwMoveCost cost;

  /* unlimbered artillery may not move at all (6.13; charts may say P for every hex):
   * where it may be is where it may go limbered */
  if (state == GBACW_FORMATION_STATE_UNLIMBERED)
    state = GBACW_FORMATION_STATE_LIMBERED;
  mc = gbacw_move_class_for (u->type, state);

  if (mc < 0)
    mc = gbacw_move_class_for (u->type, GBACW_FORMATION_STATE_UNSET);
  if (mc < 0)
    return FALSE;
  gbacw_rules_data_hex_cost (data, s->map, (GbacwMoveClass) mc, hex, &cost);
  return cost.kind == GBACW_COST_PROHIBITED;
}

static gboolean
check_not_prohibited (const GbacwRulesData *data, const GbacwScenario *s, const GbacwUnit *u,
                      GbacwFormationState state, int hex, GError **error)
{
  g_autofree char *label = NULL;
  if (!prohibited (data, s, u, state, hex))
    return TRUE;
  label = gbacw_oob_edit_hex_label (s, hex);
  g_set_error (error, GBACW_OOB_EDIT_ERROR, GBACW_OOB_EDIT_ERROR_NOT_ALLOWED,
               _("%s may not enter hex %s: the Terrain Effects on Movement Chart prohibits its terrain (5.19)"),
               gbacw_oob_edit_unit_title (u), label);
  return FALSE;
}

/* First index of a placement at hex, skipping index skip; -1 if none. */
static int
stack_top_index (const GbacwScenario *s, int hex, int skip)
{
  for (guint i = 0; i < s->deployment->len; i++)
    if ((int) i != skip && ((GbacwPlacement *) g_ptr_array_index (s->deployment, i))->hex == hex)
      return (int) i;
  return -1;
}

static int
placement_index (const GbacwScenario *s, const char *unit)
{
  guint index;
  if (gbacw_scenario_find_placement (s, unit, &index) == NULL)
    return -1;
  return (int) index;
}

static int
find_placement_or_error (const GbacwScenario *s, const char *unit, GError **error)
{
  int i = unit ? placement_index (s, unit) : -1;
  if (i < 0)
    g_set_error (error, GBACW_OOB_EDIT_ERROR, GBACW_OOB_EDIT_ERROR_NOT_FOUND, _("“%s” is not deployed"),
                 unit ? unit : "");
  return i;
}

/* Puts placement p (transfer full) for a unit at the top of the stack at p->hex:
 * replacing the unit's placement at index old (or inserting when old < 0). */
static void
put_on_top (GbacwCollectionEdit *edit, const GbacwScenario *s, GbacwPlacement *p, int old)
{
  int top = stack_top_index (s, p->hex, old);

  if (old < 0)
    {
      gbacw_collection_edit_insert (edit, GBACW_COLLECTION_PLACEMENTS, top >= 0 ? (guint) top : s->deployment->len, p);
      return;
    }
  gbacw_collection_edit_replace (edit, GBACW_COLLECTION_PLACEMENTS, (guint) old, p);
  if (top >= 0)
    {
      int to = top > old ? top - 1 : top;
      if (to != old)
        gbacw_collection_edit_move (edit, GBACW_COLLECTION_PLACEMENTS, (guint) old, (guint) to);
    }
}

GbacwCommand *
gbacw_deploy_place (GbacwScenario *scenario, const char *unit, int hex, GbacwFormationState formation, int facing,
                    GError **error)
{
  GbacwRulesData *data;
  GbacwCollectionEdit *edit;
  const GbacwUnit *u;
  GbacwPlacement *p;
  g_autofree char *label = NULL;
  int i, old;
  gboolean ok;

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if ((i = gbacw_oob_edit_find_unit_or_error (scenario, unit, error)) < 0)
    return NULL;
  u = g_ptr_array_index (scenario->oob.units, i);
  if (!gbacw_oob_edit_check_hex (scenario, hex, error) || !check_state (u, formation, error) || !check_facing (facing, error))
    return NULL;
  data = gbacw_rules_data_new (scenario);
  ok = check_not_prohibited (data, scenario, u, formation, hex, error);
  gbacw_rules_data_free (data);
  if (!ok)
    return NULL;

  old = placement_index (scenario, unit);
  if (old >= 0)
    p = gbacw_placement_copy (g_ptr_array_index (scenario->deployment, old));
  else
    p = gbacw_placement_new (u->id, hex);
  p->hex = hex;
  p->formation = formation;
  p->facing = facing;
  label = g_strdup_printf (_("Place “%s”"), gbacw_oob_edit_unit_title (u));
  edit = gbacw_collection_edit_new (label, 0);
  put_on_top (edit, scenario, p, old);
  return GBACW_COMMAND (edit);
}

GbacwCommand *
gbacw_deploy_move (GbacwScenario *scenario, const char *unit, int hex, GError **error)
{
  const GbacwPlacement *old;
  const GbacwUnit *u;
  GbacwRulesData *data;
  GbacwCollectionEdit *edit;
  GbacwPlacement *p;
  g_autofree char *label = NULL;
  int i;
  gboolean ok;

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if ((i = find_placement_or_error (scenario, unit, error)) < 0 || !gbacw_oob_edit_check_hex (scenario, hex, error))
    return NULL;
  old = g_ptr_array_index (scenario->deployment, i);
  u = gbacw_oob_find_unit (&scenario->oob, unit);
  label = g_strdup_printf (_("Move “%s”"), u ? gbacw_oob_edit_unit_title (u) : unit);
  if (old->hex == hex)
    return gbacw_oob_edit_empty_command (label);
  if (u)
    {
      data = gbacw_rules_data_new (scenario);
      ok = check_not_prohibited (data, scenario, u, old->formation, hex, error);
      gbacw_rules_data_free (data);
      if (!ok)
        return NULL;
    }
  p = gbacw_placement_copy (old);
  p->hex = hex;
  edit = gbacw_collection_edit_new (label, 0);
  put_on_top (edit, scenario, p, i);
  return GBACW_COMMAND (edit);
}

GbacwCommand *
gbacw_deploy_remove (GbacwScenario *scenario, const char *unit, GError **error)
{
  const GbacwUnit *u;
  GbacwCollectionEdit *edit;
  g_autofree char *label = NULL;
  int i;

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if ((i = find_placement_or_error (scenario, unit, error)) < 0)
    return NULL;
  u = gbacw_oob_find_unit (&scenario->oob, unit);
  label = g_strdup_printf (_("Remove “%s” from the map"), u ? gbacw_oob_edit_unit_title (u) : unit);
  edit = gbacw_collection_edit_new (label, 0);
  gbacw_collection_edit_remove (edit, GBACW_COLLECTION_PLACEMENTS, (guint) i);
  return GBACW_COMMAND (edit);
}

GbacwCommand *
gbacw_deploy_restack (GbacwScenario *scenario, const char *unit, guint position, GError **error)
{
  g_autoptr (GArray) others = g_array_new (FALSE, FALSE, sizeof (int));
  GbacwCollectionEdit *edit;
  const GbacwPlacement *p;
  int i, to;

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if ((i = find_placement_or_error (scenario, unit, error)) < 0)
    return NULL;
  p = g_ptr_array_index (scenario->deployment, i);
  for (guint k = 0; k < scenario->deployment->len; k++)
    if ((int) k != i && ((GbacwPlacement *) g_ptr_array_index (scenario->deployment, k))->hex == p->hex)
      g_array_append_val (others, k);
  edit = gbacw_collection_edit_new (_("Reorder stack"), 0);
  if (others->len == 0)
    return GBACW_COMMAND (edit);
  if (position < others->len)
    {
      int t = g_array_index (others, int, position);
      to = t > i ? t - 1 : t;
    }
  else
    {
      int t = g_array_index (others, int, others->len - 1);
      to = t > i ? t : t + 1;
    }
  if (to != i)
    gbacw_collection_edit_move (edit, GBACW_COLLECTION_PLACEMENTS, (guint) i, (guint) to);
  return GBACW_COMMAND (edit);
}

/* A copy of the unit's placement to change, and its index. */
static GbacwPlacement *
placement_copy_for (const GbacwScenario *s, const char *unit, int *index, const GbacwUnit **u_out, GError **error)
{
  int i = find_placement_or_error (s, unit, error);
  if (i < 0)
    return NULL;
  *index = i;
  *u_out = gbacw_oob_find_unit (&s->oob, unit);
  return gbacw_placement_copy (g_ptr_array_index (s->deployment, i));
}

static GbacwCommand *
replace_placement (const GbacwScenario *s, int index, GbacwPlacement *p, const char *label, guint merge_key)
{
  GbacwCollectionEdit *edit = gbacw_collection_edit_new (label, merge_key);
  const GbacwPlacement *old = g_ptr_array_index (s->deployment, index);

  if (old->hex == p->hex && old->formation == p->formation && old->facing == p->facing
      && old->strength == p->strength && old->status == p->status)
    gbacw_placement_free (p);
  else
    gbacw_collection_edit_replace (edit, GBACW_COLLECTION_PLACEMENTS, (guint) index, p);
  return GBACW_COMMAND (edit);
}

GbacwCommand *
gbacw_deploy_set_facing (GbacwScenario *scenario, const char *unit, int facing, GError **error)
{
  const GbacwUnit *u = NULL;
  GbacwPlacement *p;
  int i;

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!check_facing (facing, error) || !(p = placement_copy_for (scenario, unit, &i, &u, error)))
    return NULL;
  p->facing = facing;
  return replace_placement (scenario, i, p, _("Change facing"), MERGE_FACING);
}

GbacwCommand *
gbacw_deploy_set_formation (GbacwScenario *scenario, const char *unit, GbacwFormationState formation,
                            GError **error)
{
  const GbacwUnit *u = NULL;
  GbacwPlacement *p;
  int i;

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!(p = placement_copy_for (scenario, unit, &i, &u, error)))
    return NULL;
  if (u && !check_state (u, formation, error))
    {
      gbacw_placement_free (p);
      return NULL;
    }
  p->formation = formation;
  return replace_placement (scenario, i, p, _("Change formation"), 0);
}

GbacwCommand *
gbacw_deploy_set_status (GbacwScenario *scenario, const char *unit, guint status, GError **error)
{
  const GbacwUnit *u = NULL;
  GbacwPlacement *p;
  int i;

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (status & ~ALL_STATUS)
    {
      gbacw_oob_edit_set_invalid (error, _("unknown status"));
      return NULL;
    }
  if (!(p = placement_copy_for (scenario, unit, &i, &u, error)))
    return NULL;
  p->status = status;
  return replace_placement (scenario, i, p, _("Change status"), 0);
}

/* ---------------------------------------------------------------- several units */

/* The placement indices of units (each placed; named twice counts once), in deployment
 * order. */
static GArray *
placement_indices (const GbacwScenario *s, const char *const *units, GError **error)
{
  g_autoptr (GArray) indices = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr (GHashTable) wanted = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint k = 0; units != NULL && units[k] != NULL; k++)
    {
      if (find_placement_or_error (s, units[k], error) < 0)
        return NULL;
      g_hash_table_add (wanted, (gpointer) units[k]);
    }
  if (g_hash_table_size (wanted) == 0)
    {
      g_set_error_literal (error, GBACW_OOB_EDIT_ERROR, GBACW_OOB_EDIT_ERROR_NOT_FOUND,
                           _("no unit on the map is selected"));
      return NULL;
    }
  for (guint i = 0; i < s->deployment->len; i++)
    if (g_hash_table_contains (wanted, ((GbacwPlacement *) g_ptr_array_index (s->deployment, i))->unit))
      {
        int index = (int) i;
        g_array_append_val (indices, index);
      }
  return g_steal_pointer (&indices);
}

/* One replace per placement whose copy differs: copies[k] (transfer full) replaces the
 * placement at indices[k]. */
static GbacwCommand *
replace_placements (const GbacwScenario *s, GArray *indices, GPtrArray *copies, const char *label)
{
  GbacwCollectionEdit *edit = gbacw_collection_edit_new (label, 0);

  for (guint k = 0; k < indices->len; k++)
    {
      int i = g_array_index (indices, int, k);
      const GbacwPlacement *old = g_ptr_array_index (s->deployment, i);
      GbacwPlacement *p = g_ptr_array_index (copies, k);
      if (old->formation == p->formation && old->facing == p->facing)
        gbacw_placement_free (p);
      else
        gbacw_collection_edit_replace (edit, GBACW_COLLECTION_PLACEMENTS, (guint) i, p);
    }
  return GBACW_COMMAND (edit);
}

GbacwCommand *
gbacw_deploy_turn_units (GbacwScenario *scenario, const char *const *units, int facing, int delta, GError **error)
{
  g_autoptr (GArray) indices = NULL;
  g_autoptr (GPtrArray) copies = g_ptr_array_new ();

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!check_facing (facing, error) || !(indices = placement_indices (scenario, units, error)))
    return NULL;
  for (guint k = 0; k < indices->len; k++)
    {
      int i = g_array_index (indices, int, k);
      GbacwPlacement *p = gbacw_placement_copy (g_ptr_array_index (scenario->deployment, i));
      const int n = GBACW_HEX_DIRECTIONS;

      if (facing >= 0)
        p->facing = facing;
      else if (delta != 0)
        p->facing = p->facing < 0 ? (delta > 0 ? 0 : n - 1) : ((p->facing + delta) % n + n) % n;
      g_ptr_array_add (copies, p);
    }
  return replace_placements (scenario, indices, copies, _("Change facing"));
}

GbacwCommand *
gbacw_deploy_set_formation_units (GbacwScenario *scenario, const char *const *units, GbacwFormationState formation,
                                  GError **error)
{
  g_autoptr (GArray) indices = NULL;
  g_autoptr (GPtrArray) copies = g_ptr_array_new ();
  g_autoptr (GArray) fitting = g_array_new (FALSE, FALSE, sizeof (int));
  const GbacwUnit *refused = NULL;

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!(indices = placement_indices (scenario, units, error)))
    return NULL;
  for (guint k = 0; k < indices->len; k++)
    {
      int i = g_array_index (indices, int, k);
      const GbacwPlacement *old = g_ptr_array_index (scenario->deployment, i);
      const GbacwUnit *u = gbacw_oob_find_unit (&scenario->oob, old->unit);
      GbacwPlacement *p;
      /* a stack or a brigade: the units that can take the formation take it */
      if (u != NULL && !state_valid (u->type, formation))
        {
          refused = u;
          continue;
        }
      p = gbacw_placement_copy (old);
      p->formation = formation;
      g_array_append_val (fitting, i);
      g_ptr_array_add (copies, p);
    }
  if (fitting->len == 0)
    {
      if (refused != NULL)
        check_state (refused, formation, error);
      else
        gbacw_oob_edit_set_invalid (error, _("unknown formation"));
      return NULL;
    }
  return replace_placements (scenario, fitting, copies, _("Change formation"));
}

GbacwCommand *
gbacw_deploy_remove_units (GbacwScenario *scenario, const char *const *units, GError **error)
{
  g_autoptr (GArray) indices = NULL;
  GbacwCollectionEdit *edit;

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!(indices = placement_indices (scenario, units, error)))
    return NULL;
  edit = gbacw_collection_edit_new (_("Remove from the map"), 0);
  for (guint k = indices->len; k-- > 0;)
    gbacw_collection_edit_remove (edit, GBACW_COLLECTION_PLACEMENTS, (guint) g_array_index (indices, int, k));
  return GBACW_COMMAND (edit);
}

GbacwCommand *
gbacw_deploy_move_units (GbacwScenario *scenario, const char *const *units, int from, int to, GError **error)
{
  const GbacwHexGrid *grid;
  g_autoptr (GArray) indices = NULL;
  g_autoptr (GArray) steps = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr (GPtrArray) rest = g_ptr_array_new ();
  g_autoptr (GHashTable) moving = g_hash_table_new (NULL, NULL);
  g_autoptr (GPtrArray) moved = g_ptr_array_new_with_free_func ((GDestroyNotify) gbacw_placement_free);
  GbacwRulesData *data;
  GbacwCollectionEdit *edit;
  GbacwHex a, b;
  int distance;

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!gbacw_oob_edit_check_hex (scenario, from, error) || !gbacw_oob_edit_check_hex (scenario, to, error)
      || !(indices = placement_indices (scenario, units, error)))
    return NULL;
  if (from == to)
    return gbacw_oob_edit_empty_command (_("Move units"));

  /* The same steps from every unit's hex as from from to to: the group keeps its shape. */
  grid = &scenario->map->grid;
  a = gbacw_hex_grid_hex_at (grid, from);
  b = gbacw_hex_grid_hex_at (grid, to);
  /* each step one hex nearer: the distance bounds the walk */
  distance = gbacw_hex_grid_distance (grid, a, b);
  while (!gbacw_hex_equal (a, b) && (int) steps->len <= distance)
    {
      double bx, by;
      int direction;
      gbacw_hex_grid_centre (grid, b, &bx, &by);
      direction = gbacw_deploy_direction_towards (grid, a, bx, by);
      a = gbacw_hex_grid_neighbour (grid, a, direction);
      g_array_append_val (steps, direction);
    }

  data = gbacw_rules_data_new (scenario);
  for (guint k = 0; k < indices->len; k++)
    {
      const GbacwPlacement *old = g_ptr_array_index (scenario->deployment, g_array_index (indices, int, k));
      const GbacwUnit *u = gbacw_oob_find_unit (&scenario->oob, old->unit);
      GbacwHex h = gbacw_hex_grid_hex_at (grid, old->hex);
      GbacwPlacement *p;
      int target;

      for (guint m = 0; m < steps->len; m++)
        h = gbacw_hex_grid_neighbour (grid, h, g_array_index (steps, int, m));
      target = gbacw_hex_grid_contains (grid, h) ? gbacw_hex_grid_index (grid, h) : -1;
      if (target < 0)
        {
          g_set_error (error, GBACW_OOB_EDIT_ERROR, GBACW_OOB_EDIT_ERROR_NOT_ALLOWED, _("%s would leave the map"),
                       u ? gbacw_oob_edit_unit_title (u) : old->unit);
          gbacw_rules_data_free (data);
          return NULL;
        }
      if (u != NULL && !check_not_prohibited (data, scenario, u, old->formation, target, error))
        {
          gbacw_rules_data_free (data);
          return NULL;
        }
      p = gbacw_placement_copy (old);
      p->hex = target;
      g_ptr_array_add (moved, p);
      g_hash_table_add (moving, (gpointer) old);
    }
  gbacw_rules_data_free (data);

  /* Off the map, then each on top of its new stack, the last first, so that the group
   * keeps its order; rest follows the list as the edit leaves it. */
  edit = gbacw_collection_edit_new (_("Move units"), 0);
  for (guint k = indices->len; k-- > 0;)
    gbacw_collection_edit_remove (edit, GBACW_COLLECTION_PLACEMENTS, (guint) g_array_index (indices, int, k));
  for (guint i = 0; i < scenario->deployment->len; i++)
    if (!g_hash_table_contains (moving, g_ptr_array_index (scenario->deployment, i)))
      g_ptr_array_add (rest, g_ptr_array_index (scenario->deployment, i));
  for (guint k = moved->len; k-- > 0;)
    {
      GbacwPlacement *p = g_ptr_array_steal_index (moved, k);
      guint at = rest->len;
      for (guint i = 0; i < rest->len; i++)
        if (((GbacwPlacement *) g_ptr_array_index (rest, i))->hex == p->hex)
          {
            at = i;
            break;
          }
      g_ptr_array_insert (rest, (gint) at, p);
      gbacw_collection_edit_insert (edit, GBACW_COLLECTION_PLACEMENTS, at, p);
    }
  return GBACW_COMMAND (edit);
}

static gboolean
is_mounted (const GbacwUnit *u, GbacwFormationState state)
{
  return u->type == GBACW_UNIT_CAVALRY
         && (state == GBACW_FORMATION_STATE_UNSET || state == GBACW_FORMATION_STATE_MOUNTED);
}

static gboolean
is_column (const GbacwUnit *u, GbacwFormationState state)
{
  return u->type == GBACW_UNIT_INFANTRY && state == GBACW_FORMATION_STATE_COLUMN;
}

static gboolean
is_combat (const GbacwUnit *u)
{
  return u->type == GBACW_UNIT_INFANTRY || u->type == GBACW_UNIT_CAVALRY || u->type == GBACW_UNIT_ARTILLERY;
}

static void
usage_add (GbacwStackUsage *usage, const GbacwUnit *u, const GbacwPlacement *p, GbacwFormationState state)
{
  if (u->type == GBACW_UNIT_LEADER)
    return;
  usage->sp += gbacw_unit_stacking_points (u, p);
  if (u->type == GBACW_UNIT_ARTILLERY)
    usage->sections++;
  else if (u->type == GBACW_UNIT_INFANTRY || u->type == GBACW_UNIT_CAVALRY)
    usage->units++;
  if (is_column (u, state))
    usage->column = TRUE;
  if (is_mounted (u, state))
    usage->mounted = TRUE;
  else
    usage->others = TRUE;
}

void
gbacw_deploy_stack_usage (const GbacwScenario *scenario, int hex, const char *exclude, GbacwStackUsage *usage)
{
  g_return_if_fail (scenario != NULL);
  g_return_if_fail (usage != NULL);

  memset (usage, 0, sizeof *usage);
  for (guint i = 0; i < scenario->deployment->len; i++)
    {
      const GbacwPlacement *p = g_ptr_array_index (scenario->deployment, i);
      const GbacwUnit *u;
      if (p->hex != hex || (exclude && g_strcmp0 (p->unit, exclude) == 0))
        continue;
      u = gbacw_oob_find_unit (&scenario->oob, p->unit);
      if (u)
        usage_add (usage, u, p, p->formation);
    }
}

/* The checks of gbacw_deploy_hex_allows () against a usage; max_combat 0 = no extra limit,
 * one_if_unknown: a hex whose chart limits are all unknown takes one combat unit. */
static gboolean
allows (const GbacwRulesData *data, const GbacwScenario *s, const GbacwUnit *u, GbacwFormationState state, int hex,
        const GbacwStackUsage *usage, guint max_combat, gboolean one_if_unknown, GError **error)
{
  GbacwStackingLimits limits;
  GbacwStackUsage after = *usage;
  g_autofree char *label = NULL;
  int combat_before = usage->units + usage->sections;

  if (!gbacw_oob_edit_check_hex (s, hex, error) || !check_not_prohibited (data, s, u, state, hex, error))
    return FALSE;
  if (u->type == GBACW_UNIT_LEADER)
    return TRUE;
  usage_add (&after, u, NULL, state);
  label = gbacw_oob_edit_hex_label (s, hex);
  gbacw_rules_data_stacking_limits (data, s->map, hex, after.column, &limits);
  if (one_if_unknown && limits.units == GBACW_UNSET && limits.sp == GBACW_UNSET && limits.sections == GBACW_UNSET
      && (max_combat == 0 || max_combat > 1))
    max_combat = 1;
  if (max_combat > 0 && is_combat (u) && combat_before + 1 > (int) max_combat)
    {
      g_set_error (error, GBACW_OOB_EDIT_ERROR, GBACW_OOB_EDIT_ERROR_NO_ROOM,
                   _("hex %s already holds %d combat units"), label, combat_before);
      return FALSE;
    }
  if (limits.units != GBACW_UNSET && after.units > limits.units && after.units > usage->units)
    {
      g_set_error (error, GBACW_OOB_EDIT_ERROR, GBACW_OOB_EDIT_ERROR_NO_ROOM,
                   g_dngettext (GETTEXT_PACKAGE, "hex %s takes at most %d unit (8.18)", "hex %s takes at most %d units (8.18)", limits.units),
                   label, limits.units);
      return FALSE;
    }
  if (limits.sp != GBACW_UNSET && after.sp > limits.sp && after.sp > usage->sp)
    {
      g_set_error (error, GBACW_OOB_EDIT_ERROR, GBACW_OOB_EDIT_ERROR_NO_ROOM,
                   _("hex %s takes at most %d stacking points; it would hold %d (8.18)"), label, limits.sp, after.sp);
      return FALSE;
    }
  if (limits.sections != GBACW_UNSET && after.sections > limits.sections && after.sections > usage->sections)
    {
      g_set_error (error, GBACW_OOB_EDIT_ERROR, GBACW_OOB_EDIT_ERROR_NO_ROOM,
                   g_dngettext (GETTEXT_PACKAGE, "hex %s takes at most %d artillery unit (8.18)", "hex %s takes at most %d artillery units (8.18)",
                                limits.sections), label, limits.sections);
      return FALSE;
    }
  if (is_combat (u) && ((is_column (u, state) && combat_before > 0) || (usage->column && combat_before > 0)))
    {
      g_set_error (error, GBACW_OOB_EDIT_ERROR, GBACW_OOB_EDIT_ERROR_NO_ROOM,
                   _("infantry in column may not stack with another combat unit (8.16): hex %s"), label);
      return FALSE;
    }
  if ((is_mounted (u, state) && usage->others) || (!is_mounted (u, state) && usage->mounted))
    {
      g_set_error (error, GBACW_OOB_EDIT_ERROR, GBACW_OOB_EDIT_ERROR_NO_ROOM,
                   _("mounted cavalry may stack only with mounted cavalry and leaders (8.17): hex %s"), label);
      return FALSE;
    }
  return TRUE;
}

gboolean
gbacw_deploy_hex_allows (const GbacwScenario *scenario, const char *unit, GbacwFormationState formation, int hex,
                         GError **error)
{
  const GbacwUnit *u;
  GbacwStackUsage usage;
  GbacwRulesData *data;
  gboolean ok;
  int i;

  g_return_val_if_fail (scenario != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if ((i = gbacw_oob_edit_find_unit_or_error (scenario, unit, error)) < 0 || !gbacw_oob_edit_check_hex (scenario, hex, error))
    return FALSE;
  u = g_ptr_array_index (scenario->oob.units, i);
  if (!check_state (u, formation, error))
    return FALSE;
  gbacw_deploy_stack_usage (scenario, hex, unit, &usage);
  data = gbacw_rules_data_new (scenario);
  ok = allows (data, scenario, u, formation, hex, &usage, 0, FALSE, error);
  gbacw_rules_data_free (data);
  return ok;
}

static gboolean
side_has_setup_area (const GbacwScenario *s, const char *side)
{
  for (guint i = 0; i < s->map->areas->len; i++)
    {
      const GbacwArea *a = g_ptr_array_index (s->map->areas, i);
      if (a->kind == GBACW_AREA_SETUP && (a->side == NULL || g_strcmp0 (a->side, side) == 0))
        return TRUE;
    }
  return FALSE;
}

gboolean
gbacw_deploy_in_setup_area (const GbacwScenario *scenario, const char *side, int hex)
{
  g_return_val_if_fail (scenario != NULL, FALSE);

  if (!side_has_setup_area (scenario, side))
    return TRUE;
  for (guint i = 0; i < scenario->map->areas->len; i++)
    {
      const GbacwArea *a = g_ptr_array_index (scenario->map->areas, i);
      if (a->kind == GBACW_AREA_SETUP && (a->side == NULL || g_strcmp0 (a->side, side) == 0)
          && gbacw_area_contains (a, hex))
        return TRUE;
    }
  return FALSE;
}

/* ---------------------------------------------------------------- set-up defaults */

GbacwFormationState
gbacw_deploy_setup_formation (GbacwUnitType type)
{
  /* The Standard Rules leave the set-up formation to each scenario. The Corinth set-up
   * names one for every type: "set up in line (infantry), unlimbered (artillery) and
   * mounted (cavalry)" (C 29.4), and Pea Ridge deploys its one regiment in Line (P 33.0);
   * Jackson's deployment schedules allow any formation (J 29.11, J 29.12). Supply wagons
   * and leaders have no formation (6.0). */
  switch (type)
    {
    case GBACW_UNIT_INFANTRY:
      return GBACW_FORMATION_STATE_LINE;
    case GBACW_UNIT_CAVALRY:
      return GBACW_FORMATION_STATE_MOUNTED;
    case GBACW_UNIT_ARTILLERY:
      return GBACW_FORMATION_STATE_UNLIMBERED;
    case GBACW_UNIT_WAGON:
    case GBACW_UNIT_LEADER:
    default:
      return GBACW_FORMATION_STATE_UNSET;
    }
}

gboolean
gbacw_deploy_has_facing (GbacwUnitType type)
{
  /* Infantry, cavalry and artillery face a hexside; "all other types of units have no
   * facing" (7.0). */
  return type == GBACW_UNIT_INFANTRY || type == GBACW_UNIT_CAVALRY || type == GBACW_UNIT_ARTILLERY;
}

int
gbacw_deploy_direction_towards (const GbacwHexGrid *grid, GbacwHex from, double x, double y)
{
  double cx, cy, best = -G_MAXDOUBLE;
  int direction = 0;

  g_return_val_if_fail (grid != NULL, 0);

  gbacw_hex_grid_centre (grid, from, &cx, &cy);
  for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
    {
      double nx, ny, dot;
      gbacw_hex_grid_centre (grid, gbacw_hex_grid_neighbour (grid, from, d), &nx, &ny);
      dot = (nx - cx) * (x - cx) + (ny - cy) * (y - cy);
      if (dot > best)
        {
          best = dot;
          direction = d;
        }
    }
  return direction;
}

int
gbacw_deploy_facing_toward_enemy (const GbacwScenario *scenario, const char *side, int hex)
{
  const GbacwHexGrid *grid;
  GbacwHex from;
  int nearest = -1, best_distance = G_MAXINT;
  double tx, ty;

  g_return_val_if_fail (scenario != NULL, -1);

  grid = &scenario->map->grid;
  if (hex < 0 || hex >= gbacw_hex_grid_n_hexes (grid))
    return -1;
  from = gbacw_hex_grid_hex_at (grid, hex);
  for (guint i = 0; i < scenario->map->areas->len; i++)
    {
      const GbacwArea *a = g_ptr_array_index (scenario->map->areas, i);
      if (a->kind != GBACW_AREA_SETUP || a->side == NULL || g_strcmp0 (a->side, side) == 0)
        continue;
      for (guint k = 0; k < a->hexes->len; k++)
        {
          int h = g_array_index (a->hexes, int, k);
          int d = gbacw_hex_grid_distance (grid, from, gbacw_hex_grid_hex_at (grid, h));
          if (d > 0 && d < best_distance)
            {
              best_distance = d;
              nearest = h;
            }
        }
    }
  if (nearest < 0)
    return -1;
  gbacw_hex_grid_centre (grid, gbacw_hex_grid_hex_at (grid, nearest), &tx, &ty);
  return gbacw_deploy_direction_towards (grid, from, tx, ty);
}

/* The facing a unit set up at hex takes: toward the enemy, else fallback; none for a
 * unit without facing. */
static int
setup_facing (const GbacwScenario *s, const GbacwUnit *u, int hex, int fallback)
{
  int facing;

  if (!gbacw_deploy_has_facing (u->type))
    return -1;
  facing = gbacw_deploy_facing_toward_enemy (s, u->side, hex);
  return facing >= 0 ? facing : fallback;
}

/* The units of formation id and its sub-formations in file order (its own units, then
 * each sub-formation's, depth first). */
static void
collect_tree_units (const GbacwScenario *s, const char *id, GHashTable *children, GHashTable *units,
                    GPtrArray *out, int depth)
{
  GPtrArray *list = g_hash_table_lookup (units, id);
  GPtrArray *subs = g_hash_table_lookup (children, id);

  if (depth > 64)
    return;
  for (guint i = 0; list && i < list->len; i++)
    g_ptr_array_add (out, g_ptr_array_index (list, i));
  for (guint i = 0; subs && i < subs->len; i++)
    collect_tree_units (s, ((GbacwFormation *) g_ptr_array_index (subs, i))->id, children, units, out, depth + 1);
}

static void
multimap_add (GHashTable *table, const char *key, gpointer value)
{
  GPtrArray *list = g_hash_table_lookup (table, key);
  if (list == NULL)
    {
      list = g_ptr_array_new ();
      g_hash_table_insert (table, (gpointer) key, list);
    }
  g_ptr_array_add (list, value);
}

typedef struct {
  int hex;
  GbacwStackUsage usage;
} HexUsage;

/* setup: each unit in its set-up formation (gbacw_deploy_setup_formation (), state is
 * ignored) and facing the enemy from its own hex (facing when there is no enemy set-up
 * area); units without a facing get none. */
static GbacwCommand *
place_formation (GbacwScenario *scenario, const char *formation, int hex, GbacwFormationState state, int facing,
                 guint max_per_hex, gboolean setup, GError **error)
{
  g_autoptr (GHashTable) children = NULL;
  g_autoptr (GHashTable) units = NULL;
  g_autoptr (GHashTable) moving = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (GHashTable) usage_by_hex = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL, g_free);
  g_autoptr (GPtrArray) members = g_ptr_array_new ();
  g_autoptr (GArray) spiral = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr (GPtrArray) placements = g_ptr_array_new_with_free_func ((GDestroyNotify) gbacw_placement_free);
  const GbacwHexGrid *grid = &scenario->map->grid;
  const GbacwFormation *root;
  GbacwRulesData *data;
  GbacwCollectionEdit *edit;
  g_autofree char *label = NULL;
  int fi, max_ring;
  GbacwHex centre;

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if ((fi = gbacw_oob_edit_find_formation_or_error (scenario, formation, error)) < 0 || !gbacw_oob_edit_check_hex (scenario, hex, error)
      || !check_facing (facing, error))
    return NULL;
  if ((int) state < 0 || state > GBACW_FORMATION_STATE_UNLIMBERED)
    {
      gbacw_oob_edit_set_invalid (error, _("unknown formation"));
      return NULL;
    }
  root = g_ptr_array_index (scenario->oob.formations, fi);

  children = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, (GDestroyNotify) g_ptr_array_unref);
  units = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, (GDestroyNotify) g_ptr_array_unref);
  for (guint i = 0; i < scenario->oob.formations->len; i++)
    {
      GbacwFormation *f = g_ptr_array_index (scenario->oob.formations, i);
      if (f->parent)
        multimap_add (children, f->parent, f);
    }
  for (guint i = 0; i < scenario->oob.units->len; i++)
    {
      GbacwUnit *u = g_ptr_array_index (scenario->oob.units, i);
      if (u->formation)
        multimap_add (units, u->formation, u);
    }
  collect_tree_units (scenario, root->id, children, units, members, 0);
  label = g_strdup_printf (_("Place “%s”"), gbacw_oob_edit_formation_title (root));
  if (members->len == 0)
    return gbacw_oob_edit_empty_command (label);
  for (guint i = 0; i < members->len; i++)
    g_hash_table_add (moving, ((GbacwUnit *) g_ptr_array_index (members, i))->id);

  /* hexes in rings around the centre (cube ring walk: start k steps out in direction 4,
   * then k steps in each direction) */
  centre = gbacw_hex_grid_hex_at (grid, hex);
  max_ring = grid->columns + grid->rows;
  g_array_append_val (spiral, hex);
  for (int k = 1; k <= max_ring; k++)
    {
      GbacwHex h = centre;
      for (int j = 0; j < k; j++)
        h = gbacw_hex_grid_neighbour (grid, h, 4);
      for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
        for (int j = 0; j < k; j++)
          {
            int index = gbacw_hex_grid_index (grid, h);
            if (index >= 0)
              g_array_append_val (spiral, index);
            h = gbacw_hex_grid_neighbour (grid, h, d);
          }
    }

  data = gbacw_rules_data_new (scenario);
  for (guint m = 0; m < members->len; m++)
    {
      const GbacwUnit *u = g_ptr_array_index (members, m);
      GbacwFormationState s = setup ? gbacw_deploy_setup_formation (u->type)
                              : state_valid (u->type, state) ? state : GBACW_FORMATION_STATE_UNSET;
      gboolean placed = FALSE;

      for (guint k = 0; k < spiral->len && !placed; k++)
        {
          int h = g_array_index (spiral, int, k);
          HexUsage *hu;
          if (!gbacw_deploy_in_setup_area (scenario, u->side, h))
            continue;
          hu = g_hash_table_lookup (usage_by_hex, GINT_TO_POINTER (h));
          if (hu == NULL)
            {
              hu = g_new0 (HexUsage, 1);
              hu->hex = h;
              for (guint i = 0; i < scenario->deployment->len; i++)
                {
                  const GbacwPlacement *p = g_ptr_array_index (scenario->deployment, i);
                  const GbacwUnit *pu;
                  if (p->hex != h || g_hash_table_contains (moving, p->unit))
                    continue;
                  if ((pu = gbacw_oob_find_unit (&scenario->oob, p->unit)))
                    usage_add (&hu->usage, pu, p, p->formation);
                }
              g_hash_table_insert (usage_by_hex, GINT_TO_POINTER (h), hu);
            }
          if (!allows (data, scenario, u, s, h, &hu->usage, max_per_hex, TRUE, NULL))
            continue;
          {
            GbacwPlacement *p = gbacw_placement_new (u->id, h);
            const GbacwPlacement *old = gbacw_scenario_find_placement (scenario, u->id, NULL);
            if (old)
              {
                p->strength = old->strength;
                p->status = old->status;
              }
            p->formation = s;
            p->facing = facing;
            if (setup)
              p->facing = setup_facing (scenario, u, h, facing);
            usage_add (&hu->usage, u, p, s);
            g_ptr_array_add (placements, p);
          }
          placed = TRUE;
        }
      if (!placed)
        {
          g_autofree char *centre_label = gbacw_oob_edit_hex_label (scenario, hex);
          gbacw_rules_data_free (data);
          g_set_error (error, GBACW_OOB_EDIT_ERROR, GBACW_OOB_EDIT_ERROR_NO_ROOM,
                       _("there is no room for %s around hex %s"), gbacw_oob_edit_unit_title (u), centre_label);
          return NULL;
        }
    }
  gbacw_rules_data_free (data);

  edit = gbacw_collection_edit_new (label, 0);
  for (guint i = scenario->deployment->len; i-- > 0;)
    if (g_hash_table_contains (moving, ((GbacwPlacement *) g_ptr_array_index (scenario->deployment, i))->unit))
      gbacw_collection_edit_remove (edit, GBACW_COLLECTION_PLACEMENTS, i);
  {
    guint n = scenario->deployment->len;
    for (guint i = 0; i < scenario->deployment->len; i++)
      if (g_hash_table_contains (moving, ((GbacwPlacement *) g_ptr_array_index (scenario->deployment, i))->unit))
        n--;
    for (guint i = 0; i < placements->len; i++)
      gbacw_collection_edit_insert (edit, GBACW_COLLECTION_PLACEMENTS, n + i, g_steal_pointer (&placements->pdata[i]));
  }
  return GBACW_COMMAND (edit);
}

GbacwCommand *
gbacw_deploy_place_formation (GbacwScenario *scenario, const char *formation, int hex, GbacwFormationState state,
                              int facing, guint max_per_hex, GError **error)
{
  return place_formation (scenario, formation, hex, state, facing, max_per_hex, FALSE, error);
}

GbacwCommand *
gbacw_deploy_place_formation_for_setup (GbacwScenario *scenario, const char *formation, int hex, int facing,
                                        guint max_per_hex, GError **error)
{
  return place_formation (scenario, formation, hex, GBACW_FORMATION_STATE_UNSET, facing, max_per_hex, TRUE, error);
}
