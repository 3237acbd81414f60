/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-deployment-controller.c: units on the map of a canvas.
 *
 * Everything here is drawn over the canvas's cached tiles by its "deployment" layer
 * (the fanned stack, the selected counter, the hexes a dragged unit may take,
 * entry hexes); the counters themselves are in the tiles, drawn by the map renderer,
 * and a change redraws only the tiles of the hexes it touched.
 *
 * Where a dragged unit may go is worked out hex by hex for the hexes in view, a few
 * milliseconds at a time in idle callbacks, so that a large map never stalls the drag.
 */
#define G_LOG_DOMAIN "gbacw-deployment-controller"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "gbacw-counter.h"
#include "gbacw-deployment-controller.h"
#include "gbacw-hex-path.h"
#include "gbacw-map-renderer.h"
#include "gbacw-oob-edit.h"
#include "gbacw-rules-data.h"

#define DATA_KEY "gbacw-deployment-controller"
/* Pixels the pointer moves before a press on a counter becomes a drag. */
#define DRAG_THRESHOLD 6.0
/* Fanned counters are at least this wide, in pixels. */
#define FAN_COUNTER_PX 56.0
/* Hexes checked per drag at most (a zoomed-out view shows only the set-up areas). */
#define MAX_CHECKED_HEXES 4000
#define IDLE_BUDGET_US 4000

enum {
  ALLOWED = 1,
  REFUSED = 2,
};

struct _GbacwDeploymentController
{
  GObject parent_instance;

  GbacwMapCanvas *canvas;        /* weak: the canvas keeps us */
  GbacwDocument *document;
  GtkWidget *status_label;       /* over the map, in the canvas's GtkOverlay (or NULL) */
  GtkWidget *menu_button;        /* anchors the counter's menu, in the overlay too */
  char *status;
  char *message;
  guint message_timeout;

  char *selected_unit;
  int fan_hex;
  cairo_rectangle_t fan_extent;
  gboolean fan_drawn;
  gboolean has_pointer;
  double pointer_mx, pointer_my;

  /* an entry dragged from the order of battle */
  GbacwOobItem *drag_item;
  int drag_hex;
  gboolean drag_ok;
  GHashTable *allowed;           /* hex -> ALLOWED / REFUSED */
  GArray *pending;               /* hexes still to check */
  guint allowed_idle;
  guint n_allowed;
  GbacwRulesData *rules;

  /* the primary button on a counter */
  GtkGesture *press;
  char *press_unit;
  int press_hex;
  gboolean press_shift, moving, turning, picking_press;
  int move_hex;
  double press_x, press_y;

  /* a hex picked for someone else */
  GbacwHexPickedFunc pick_func;
  gpointer pick_data;
  GDestroyNotify pick_destroy;
  char *pick_prompt;

  gboolean show_entries;
  GSimpleActionGroup *actions;
};

G_DEFINE_FINAL_TYPE (GbacwDeploymentController, gbacw_deployment_controller, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_SELECTED_UNIT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void end_drag_feedback (GbacwDeploymentController *self);
static void update_fan (GbacwDeploymentController *self);

static GbacwScenario *
get_scenario (GbacwDeploymentController *self)
{
  return self->document ? gbacw_document_get_scenario (self->document) : NULL;
}

static void
queue_overlay (GbacwDeploymentController *self)
{
  if (self->canvas != NULL)
    gbacw_map_canvas_queue_overlay (self->canvas);
}

static gboolean
units_shown (GbacwDeploymentController *self)
{
  return self->canvas != NULL && (gbacw_map_canvas_get_layers (self->canvas) & GBACW_LAYER_BIT_UNITS) != 0;
}

/* ---------------------------------------------------------------- geometry */

static int
hex_at_map (GbacwDeploymentController *self,
            double                     mx,
            double                     my)
{
  const GbacwScenario *scenario = get_scenario (self);

  if (scenario == NULL)
    return -1;
  return gbacw_hex_grid_index (&scenario->map->grid, gbacw_hex_grid_hex_at_point (&scenario->map->grid, mx, my));
}

static int
hex_at_widget (GbacwDeploymentController *self,
               double                     x,
               double                     y)
{
  double mx, my;

  if (self->canvas == NULL)
    return -1;
  gbacw_map_canvas_widget_to_map (self->canvas, x, y, &mx, &my);
  return hex_at_map (self, mx, my);
}

static void
hex_centre (const GbacwScenario *scenario,
            int                  hex,
            double              *x,
            double              *y)
{
  const GbacwHexGrid *grid = &scenario->map->grid;
  gbacw_hex_grid_centre (grid, gbacw_hex_grid_hex_at (grid, hex), x, y);
}

static char *
hex_label (const GbacwScenario *scenario,
           int                  hex)
{
  const GbacwHexGrid *grid = &scenario->map->grid;
  return gbacw_hex_grid_format_label (grid, gbacw_hex_grid_hex_at (grid, hex));
}

/* One widget pixel in map units. */
static double
pixel (GbacwDeploymentController *self)
{
  return 1.0 / MAX (gbacw_viewport_get_scale (gbacw_map_canvas_get_viewport (self->canvas)), 1e-6);
}

static double
fan_size (GbacwDeploymentController *self)
{
  return MAX (GBACW_COUNTER_SIZE, FAN_COUNTER_PX * pixel (self));
}

/* The direction (0-5) from hex towards the map point. */
static int
direction_towards (const GbacwScenario *scenario,
                   int                  hex,
                   double               mx,
                   double               my)
{
  const GbacwHexGrid *grid = &scenario->map->grid;
  GbacwHex h = gbacw_hex_grid_hex_at (grid, hex);
  double cx, cy, best = -G_MAXDOUBLE;
  int direction = 0;

  gbacw_hex_grid_centre (grid, h, &cx, &cy);
  for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
    {
      double nx, ny, dot;
      gbacw_hex_grid_centre (grid, gbacw_hex_grid_neighbour (grid, h, d), &nx, &ny);
      dot = (nx - cx) * (mx - cx) + (ny - cy) * (my - cy);
      if (dot > best)
        {
          best = dot;
          direction = d;
        }
    }
  return direction;
}

static GPtrArray *
stack_at (const GbacwScenario *scenario,
          int                  hex)
{
  GPtrArray *stack = g_ptr_array_new ();

  if (scenario != NULL && hex >= 0)
    gbacw_counter_stack_at (scenario, hex, stack);
  return stack;
}

/* ---------------------------------------------------------------- status line */

static void
update_status_label (GbacwDeploymentController *self)
{
  const char *text = self->status ? self->status : self->message;

  if (self->status_label == NULL)
    return;
  gtk_label_set_text (GTK_LABEL (self->status_label), text ? text : "");
  gtk_widget_set_visible (self->status_label, text != NULL && text[0] != '\0');
}

static void
set_status (GbacwDeploymentController *self,
            const char                *status)
{
  if (g_strcmp0 (self->status, status) == 0)
    return;
  g_free (self->status);
  self->status = g_strdup (status);
  update_status_label (self);
}

static gboolean
message_timeout (gpointer data)
{
  GbacwDeploymentController *self = data;

  self->message_timeout = 0;
  g_clear_pointer (&self->message, g_free);
  update_status_label (self);
  return G_SOURCE_REMOVE;
}

void
gbacw_deployment_controller_show_message (GbacwDeploymentController *self,
                                          const char                *message)
{
  g_return_if_fail (GBACW_IS_DEPLOYMENT_CONTROLLER (self));

  g_free (self->message);
  self->message = g_strdup (message);
  g_clear_handle_id (&self->message_timeout, g_source_remove);
  if (message != NULL)
    self->message_timeout = g_timeout_add_seconds (5, message_timeout, self);
  update_status_label (self);
}

const char *
gbacw_deployment_controller_get_status (GbacwDeploymentController *self)
{
  g_return_val_if_fail (GBACW_IS_DEPLOYMENT_CONTROLLER (self), NULL);
  if (self->status != NULL)
    return self->status;
  return self->message ? self->message : "";
}

static void
ensure_rules (GbacwDeploymentController *self)
{
  if (self->rules == NULL && get_scenario (self) != NULL)
    self->rules = gbacw_rules_data_new (get_scenario (self));
}

static void
append_limit (GString    *text,
              int         now,
              int         adding,
              int         limit,
              const char *what)
{
  if (adding > 0)
    g_string_append_printf (text, "%d + %d", now, adding);
  else
    g_string_append_printf (text, "%d", now);
  if (limit != GBACW_UNSET)
    /* TRANSLATORS: stacking in a hex, e.g. "9 + 6 of 12 SP" */
    g_string_append_printf (text, _(" of %d %s"), limit, what);
  else
    g_string_append_printf (text, _(" %s (limit not known)"), what);
}

/* "Hex 0708 (Union set-up): 9 + 6 of 12 SP, 2 + 1 of 3 units — reason", and whether
 * the unit may go there. */
static char *
describe_hex_for_unit (GbacwDeploymentController *self,
                       const GbacwUnit           *unit,
                       GbacwFormationState        state,
                       int                        hex,
                       gboolean                  *ok)
{
  const GbacwScenario *scenario = gbacw_document_get_scenario (self->document);
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *label = hex_label (scenario, hex);
  const GbacwPlacement *placement = gbacw_scenario_find_placement (scenario, unit->id, NULL);
  GbacwStackUsage usage;
  GbacwStackingLimits limits;
  gboolean column;

  ensure_rules (self);
  gbacw_deploy_stack_usage (scenario, hex, unit->id, &usage);
  column = usage.column || (unit->type == GBACW_UNIT_INFANTRY && state == GBACW_FORMATION_STATE_COLUMN);
  gbacw_rules_data_stacking_limits (self->rules, scenario->map, hex, column, &limits);

  /* TRANSLATORS: the hex a unit is dragged over */
  g_string_append_printf (text, _("Hex %s"), label);
  for (guint i = 0; i < scenario->map->areas->len; i++)
    {
      const GbacwArea *area = g_ptr_array_index (scenario->map->areas, i);
      if (area->kind == GBACW_AREA_SETUP && gbacw_area_contains (area, hex))
        g_string_append_printf (text, " (%s)", area->name ? area->name : area->id);
    }
  g_string_append (text, ": ");
  append_limit (text, usage.sp, gbacw_unit_stacking_points (unit, placement), limits.sp, _("SP"));
  if (unit->type == GBACW_UNIT_INFANTRY || unit->type == GBACW_UNIT_CAVALRY)
    {
      g_string_append (text, ", ");
      append_limit (text, usage.units, 1, limits.units, _("units"));
    }
  else if (unit->type == GBACW_UNIT_ARTILLERY)
    {
      g_string_append (text, ", ");
      append_limit (text, usage.sections, 1, limits.sections, _("artillery units"));
    }
  g_string_append (text, " (8.18)");

  *ok = TRUE;
  if (!gbacw_deploy_in_setup_area (scenario, unit->side, hex))
    {
      const GbacwSide *side = gbacw_oob_find_side (&scenario->oob, unit->side);
      g_string_append_printf (text, _(" — outside the set-up areas of %s"), side && side->name ? side->name
                                                                                                : unit->side);
      *ok = FALSE;
    }
  else if (!gbacw_deploy_hex_allows (scenario, unit->id, state, hex, &error))
    {
      g_string_append_printf (text, " — %s", error->message);
      *ok = FALSE;
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static char *
describe_hex_for_formation (GbacwDeploymentController *self,
                            const GbacwFormation      *formation,
                            int                        hex,
                            gboolean                  *ok)
{
  const GbacwScenario *scenario = gbacw_document_get_scenario (self->document);
  g_autofree char *label = hex_label (scenario, hex);
  g_autofree char *n_guns = NULL;
  int sp = 0, guns = 0;

  gbacw_oob_formation_totals (scenario, formation->id, &sp, &guns, NULL);
  *ok = gbacw_deploy_in_setup_area (scenario, formation->side, hex);
  /* TRANSLATORS: a brigade's guns, in "Place %s (%d SP, %s) around hex %s%s" */
  n_guns = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d gun", "%d guns", guns), guns);
  /* TRANSLATORS: dropping a whole brigade: its name, its strength, its guns ("3 guns"), the hex */
  return g_strdup_printf (_("Place %s (%d SP, %s) around hex %s%s"), formation->name ? formation->name : formation->id,
                          sp, n_guns, label, *ok ? "" : _(" — outside its side’s set-up areas"));
}

/* ---------------------------------------------------------------- dragging from the tree */

static gboolean
check_pending (gpointer data)
{
  GbacwDeploymentController *self = data;
  const GbacwScenario *scenario = get_scenario (self);
  gint64 start = g_get_monotonic_time ();
  const GbacwUnit *unit;

  if (scenario == NULL || self->drag_item == NULL)
    {
      self->allowed_idle = 0;
      return G_SOURCE_REMOVE;
    }
  unit = gbacw_oob_find_unit (&scenario->oob, gbacw_oob_item_get_id (self->drag_item));
  while (self->pending->len > 0 && g_get_monotonic_time () - start < IDLE_BUDGET_US)
    {
      int hex = g_array_index (self->pending, int, self->pending->len - 1);
      gboolean ok;

      g_array_set_size (self->pending, self->pending->len - 1);
      ok = unit != NULL && gbacw_deploy_in_setup_area (scenario, unit->side, hex)
           && gbacw_deploy_hex_allows (scenario, unit->id, GBACW_FORMATION_STATE_UNSET, hex, NULL);
      g_hash_table_insert (self->allowed, GINT_TO_POINTER (hex), GINT_TO_POINTER (ok ? ALLOWED : REFUSED));
      self->n_allowed += ok;
    }
  queue_overlay (self);
  if (self->pending->len > 0)
    return G_SOURCE_CONTINUE;
  self->allowed_idle = 0;
  return G_SOURCE_REMOVE;
}

/* The hexes in view, nearest the hovered hex last (checked first). */
static void
collect_visible_hexes (GbacwDeploymentController *self,
                       GArray                    *out)
{
  const GbacwScenario *scenario = gbacw_document_get_scenario (self->document);
  const GbacwHexGrid *grid = &scenario->map->grid;
  double x0, y0, x1, y1, w, h;
  GbacwHex a, b;

  gbacw_map_canvas_widget_to_map (self->canvas, 0, 0, &x0, &y0);
  gbacw_map_canvas_widget_to_map (self->canvas, gtk_widget_get_width (GTK_WIDGET (self->canvas)),
                                  gtk_widget_get_height (GTK_WIDGET (self->canvas)), &x1, &y1);
  gbacw_hex_grid_extent (grid, &w, &h);
  a = gbacw_hex_grid_hex_at_point (grid, CLAMP (x0, 0, w), CLAMP (y0, 0, h));
  b = gbacw_hex_grid_hex_at_point (grid, CLAMP (x1, 0, w), CLAMP (y1, 0, h));
  for (int row = MAX (MIN (a.row, b.row) - 1, 0); row <= MIN (MAX (a.row, b.row) + 1, grid->rows - 1); row++)
    for (int col = MAX (MIN (a.col, b.col) - 1, 0); col <= MIN (MAX (a.col, b.col) + 1, grid->columns - 1); col++)
      {
        int index = gbacw_hex_grid_index (grid, (GbacwHex) { col, row });
        if (index >= 0)
          g_array_append_val (out, index);
        if (out->len >= MAX_CHECKED_HEXES)
          return;
      }
}

static void
begin_drag_feedback (GbacwDeploymentController *self,
                     GbacwOobItem              *item)
{
  const GbacwScenario *scenario = get_scenario (self);
  g_autoptr(GArray) hexes = NULL;

  end_drag_feedback (self);
  if (scenario == NULL || item == NULL)
    return;
  self->drag_item = g_object_ref (item);
  g_clear_pointer (&self->rules, gbacw_rules_data_free);
  hexes = g_array_new (FALSE, FALSE, sizeof (int));
  collect_visible_hexes (self, hexes);

  if (gbacw_oob_item_get_kind (item) == GBACW_OOB_ITEM_FORMATION)
    {
      /* A formation: its side's set-up areas. */
      const GbacwFormation *f = gbacw_oob_find_formation (&scenario->oob, gbacw_oob_item_get_id (item));
      for (guint i = 0; f != NULL && i < hexes->len; i++)
        {
          int hex = g_array_index (hexes, int, i);
          gboolean ok = gbacw_deploy_in_setup_area (scenario, f->side, hex);
          g_hash_table_insert (self->allowed, GINT_TO_POINTER (hex), GINT_TO_POINTER (ok ? ALLOWED : REFUSED));
          self->n_allowed += ok;
        }
    }
  else
    {
      g_array_append_vals (self->pending, hexes->data, hexes->len);
      self->allowed_idle = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, check_pending, self, NULL);
    }
  update_fan (self);
  queue_overlay (self);
}

static void
end_drag_feedback (GbacwDeploymentController *self)
{
  g_clear_handle_id (&self->allowed_idle, g_source_remove);
  g_clear_object (&self->drag_item);
  g_hash_table_remove_all (self->allowed);
  g_array_set_size (self->pending, 0);
  self->n_allowed = 0;
  self->drag_hex = -1;
  set_status (self, NULL);
  update_fan (self);
  queue_overlay (self);
}

guint
gbacw_deployment_controller_count_allowed (GbacwDeploymentController *self)
{
  g_return_val_if_fail (GBACW_IS_DEPLOYMENT_CONTROLLER (self), 0);
  return self->n_allowed;
}

/* The reinforcement that brings the unit (listed itself, or a formation it is in), or
 * NULL: such a unit is not on the map at the start. */
static const GbacwReinforcement *
arriving_with (const GbacwScenario *scenario,
               const GbacwUnit     *unit)
{
  for (guint i = 0; i < scenario->reinforcements->len; i++)
    {
      const GbacwReinforcement *r = g_ptr_array_index (scenario->reinforcements, i);

      for (guint k = 0; k < r->units->len; k++)
        if (g_strcmp0 (g_ptr_array_index (r->units, k), unit->id) == 0)
          return r;
      for (guint k = 0; k < r->formations->len; k++)
        {
          const char *id = g_ptr_array_index (r->formations, k);
          const GbacwFormation *f = unit->formation ? gbacw_oob_find_formation (&scenario->oob, unit->formation) : NULL;
          for (int depth = 0; f != NULL && depth < 64; depth++)
            {
              if (g_strcmp0 (f->id, id) == 0)
                return r;
              f = f->parent ? gbacw_oob_find_formation (&scenario->oob, f->parent) : NULL;
            }
        }
    }
  return NULL;
}

/* Refuses to deploy the entry (a unit, or a formation with such a unit) when it arrives
 * as a reinforcement instead: error says so. */
static gboolean
check_not_arriving (const GbacwScenario *scenario,
                    GbacwOobItem        *item,
                    GError             **error)
{
  const char *id = gbacw_oob_item_get_id (item);

  for (guint i = 0; i < scenario->oob.units->len; i++)
    {
      const GbacwUnit *u = g_ptr_array_index (scenario->oob.units, i);
      const GbacwReinforcement *r;
      gboolean member = FALSE;

      if (gbacw_oob_item_get_kind (item) == GBACW_OOB_ITEM_UNIT)
        member = g_strcmp0 (u->id, id) == 0;
      else
        {
          const GbacwFormation *f = u->formation ? gbacw_oob_find_formation (&scenario->oob, u->formation) : NULL;
          for (int depth = 0; f != NULL && depth < 64 && !member; depth++)
            {
              member = g_strcmp0 (f->id, id) == 0;
              f = f->parent ? gbacw_oob_find_formation (&scenario->oob, f->parent) : NULL;
            }
        }
      if (member && (r = arriving_with (scenario, u)) != NULL)
        {
          g_set_error (error, GBACW_OOB_EDIT_ERROR, GBACW_OOB_EDIT_ERROR_NOT_ALLOWED,
                       /* TRANSLATORS: a unit, the Game-Turn its reinforcement arrives */
                       _("%s arrives as a reinforcement on Game-Turn %d: take it out of the reinforcement first"),
                       u->designation ? u->designation : u->id, r->turn);
          return FALSE;
        }
    }
  return TRUE;
}

gboolean
gbacw_deployment_controller_hover_drag (GbacwDeploymentController *self,
                                        GbacwOobItem              *item,
                                        double                     x,
                                        double                     y)
{
  const GbacwScenario *scenario;
  g_autofree char *status = NULL;
  int hex;

  g_return_val_if_fail (GBACW_IS_DEPLOYMENT_CONTROLLER (self), FALSE);

  scenario = get_scenario (self);
  if (item == NULL || scenario == NULL || !gbacw_oob_item_get_entry (item, NULL))
    {
      end_drag_feedback (self);
      return FALSE;
    }
  if (item != self->drag_item)
    begin_drag_feedback (self, item);

  hex = hex_at_widget (self, x, y);
  if (hex == self->drag_hex)
    return self->drag_ok;
  self->drag_hex = hex;
  self->drag_ok = FALSE;
  if (hex >= 0)
    {
      g_autoptr(GError) error = NULL;
      const char *id = gbacw_oob_item_get_id (item);

      if (!check_not_arriving (scenario, item, &error))
        {
          set_status (self, error->message);
          queue_overlay (self);
          return FALSE;
        }
      if (gbacw_oob_item_get_kind (item) == GBACW_OOB_ITEM_FORMATION)
        {
          const GbacwFormation *f = gbacw_oob_find_formation (&scenario->oob, id);
          if (f != NULL)
            status = describe_hex_for_formation (self, f, hex, &self->drag_ok);
        }
      else
        {
          const GbacwUnit *u = gbacw_oob_find_unit (&scenario->oob, id);
          if (u != NULL)
            status = describe_hex_for_unit (self, u, GBACW_FORMATION_STATE_UNSET, hex, &self->drag_ok);
        }
    }
  set_status (self, status);
  queue_overlay (self);
  return self->drag_ok;
}

gboolean
gbacw_deployment_controller_place (GbacwDeploymentController *self,
                                   GbacwOobItem              *item,
                                   int                        hex,
                                   GError                   **error)
{
  GbacwScenario *scenario;
  const char *id;
  GbacwCommand *command = NULL;

  g_return_val_if_fail (GBACW_IS_DEPLOYMENT_CONTROLLER (self), FALSE);
  g_return_val_if_fail (GBACW_IS_OOB_ITEM (item), FALSE);

  scenario = get_scenario (self);
  if (scenario == NULL)
    return FALSE;
  id = gbacw_oob_item_get_id (item);
  if (hex < 0 || hex >= gbacw_hex_grid_n_hexes (&scenario->map->grid))
    {
      g_set_error_literal (error, GBACW_OOB_EDIT_ERROR, GBACW_OOB_EDIT_ERROR_NOT_FOUND, _("That is not a hex of the map"));
      return FALSE;
    }
  if (!check_not_arriving (scenario, item, error))
    return FALSE;

  switch (gbacw_oob_item_get_kind (item))
    {
    case GBACW_OOB_ITEM_UNIT:
      {
        const GbacwUnit *unit = gbacw_oob_find_unit (&scenario->oob, id);
        if (unit == NULL)
          return FALSE;
        if (!gbacw_deploy_in_setup_area (scenario, unit->side, hex))
          {
            g_autofree char *label = hex_label (scenario, hex);
            g_set_error (error, GBACW_OOB_EDIT_ERROR, GBACW_OOB_EDIT_ERROR_NOT_ALLOWED,
                         _("Hex %s is outside the set-up areas of the unit’s side"), label);
            return FALSE;
          }
        if (gbacw_scenario_find_placement (scenario, id, NULL) != NULL)
          command = gbacw_deploy_move (scenario, id, hex, error);
        else
          command = gbacw_deploy_place (scenario, id, hex, GBACW_FORMATION_STATE_UNSET, -1, error);
        break;
      }
    case GBACW_OOB_ITEM_FORMATION:
      {
        const GbacwFormation *f = gbacw_oob_find_formation (&scenario->oob, id);
        if (f == NULL)
          return FALSE;
        if (!gbacw_deploy_in_setup_area (scenario, f->side, hex))
          {
            g_autofree char *label = hex_label (scenario, hex);
            g_set_error (error, GBACW_OOB_EDIT_ERROR, GBACW_OOB_EDIT_ERROR_NOT_ALLOWED,
                         _("Hex %s is outside the set-up areas of the formation’s side"), label);
            return FALSE;
          }
        command = gbacw_deploy_place_formation (scenario, id, hex, GBACW_FORMATION_STATE_UNSET, -1, 0, error);
        break;
      }
    case GBACW_OOB_ITEM_SIDE:
    default:
      return FALSE;
    }
  if (command == NULL)
    return FALSE;
  gbacw_document_execute (self->document, command);
  if (gbacw_oob_item_get_kind (item) == GBACW_OOB_ITEM_UNIT)
    gbacw_deployment_controller_select_unit (self, id);
  return TRUE;
}

gboolean
gbacw_deployment_controller_drop (GbacwDeploymentController *self,
                                  GbacwOobItem              *item,
                                  double                     x,
                                  double                     y)
{
  g_autoptr(GError) error = NULL;
  gboolean ok;

  g_return_val_if_fail (GBACW_IS_DEPLOYMENT_CONTROLLER (self), FALSE);
  g_return_val_if_fail (GBACW_IS_OOB_ITEM (item), FALSE);

  ok = gbacw_deployment_controller_place (self, item, hex_at_widget (self, x, y), &error);
  end_drag_feedback (self);
  if (!ok)
    {
      g_autofree char *message = g_strdup_printf (_("Not placed: %s"), error ? error->message : _("no such entry"));
      gbacw_deployment_controller_show_message (self, message);
    }
  return ok;
}

static GdkDragAction
on_drop_motion (GbacwDeploymentController *self,
                double                     x,
                double                     y,
                GtkDropTarget             *target)
{
  const GValue *value = gtk_drop_target_get_value (target);
  GbacwOobItem *item = value && G_VALUE_HOLDS (value, GBACW_TYPE_OOB_ITEM) ? g_value_get_object (value) : NULL;

  if (item == NULL)
    return GDK_ACTION_COPY;  /* not loaded yet */
  return gbacw_deployment_controller_hover_drag (self, item, x, y) ? GDK_ACTION_COPY : 0;
}

static void
on_drop_leave (GbacwDeploymentController *self,
               GtkDropTarget             *target)
{
  end_drag_feedback (self);
}

static gboolean
on_drop (GbacwDeploymentController *self,
         const GValue              *value,
         double                     x,
         double                     y,
         GtkDropTarget             *target)
{
  if (!G_VALUE_HOLDS (value, GBACW_TYPE_OOB_ITEM))
    return FALSE;
  return gbacw_deployment_controller_drop (self, g_value_get_object (value), x, y);
}

/* ---------------------------------------------------------------- selection */

const char *
gbacw_deployment_controller_get_selected_unit (GbacwDeploymentController *self)
{
  g_return_val_if_fail (GBACW_IS_DEPLOYMENT_CONTROLLER (self), NULL);
  return self->selected_unit;
}

static void
update_actions (GbacwDeploymentController *self)
{
  const GbacwScenario *scenario = get_scenario (self);
  gboolean placed = scenario != NULL && self->selected_unit != NULL
                    && gbacw_scenario_find_placement (scenario, self->selected_unit, NULL) != NULL;
  const char *names[] = { "remove", "rotate", "facing", "formation", "raise", "lower", "menu" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    g_simple_action_set_enabled (G_SIMPLE_ACTION (g_action_map_lookup_action (G_ACTION_MAP (self->actions),
                                                                              names[i])),
                                 placed);
}

void
gbacw_deployment_controller_select_unit (GbacwDeploymentController *self,
                                         const char                *unit)
{
  g_return_if_fail (GBACW_IS_DEPLOYMENT_CONTROLLER (self));

  if (g_strcmp0 (self->selected_unit, unit) == 0)
    return;
  g_free (self->selected_unit);
  self->selected_unit = g_strdup (unit);
  update_actions (self);
  update_fan (self);
  queue_overlay (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED_UNIT]);
}

int
gbacw_deployment_controller_get_fanned_hex (GbacwDeploymentController *self)
{
  g_return_val_if_fail (GBACW_IS_DEPLOYMENT_CONTROLLER (self), -1);
  return self->fan_hex;
}

static int
selected_hex (GbacwDeploymentController *self)
{
  const GbacwScenario *scenario = get_scenario (self);
  const GbacwPlacement *p;

  if (scenario == NULL || self->selected_unit == NULL)
    return -1;
  p = gbacw_scenario_find_placement (scenario, self->selected_unit, NULL);
  return p ? p->hex : -1;
}

static gboolean
in_fan (GbacwDeploymentController *self,
        double                     mx,
        double                     my)
{
  const cairo_rectangle_t *e = &self->fan_extent;

  return self->fan_hex >= 0 && self->fan_drawn && mx >= e->x && mx <= e->x + e->width && my >= e->y
         && my <= e->y + e->height;
}

static void
update_fan (GbacwDeploymentController *self)
{
  const GbacwScenario *scenario = get_scenario (self);
  int hex = -1;

  if (scenario != NULL && units_shown (self) && gbacw_map_canvas_get_tool (self->canvas) == NULL
      && self->drag_item == NULL && !self->moving)
    {
      if (self->has_pointer && in_fan (self, self->pointer_mx, self->pointer_my))
        hex = self->fan_hex;
      else if (self->has_pointer)
        {
          int h = hex_at_map (self, self->pointer_mx, self->pointer_my);
          g_autoptr(GPtrArray) stack = stack_at (scenario, h);
          if (stack->len >= 2)
            hex = h;
        }
      if (hex < 0)
        {
          int h = selected_hex (self);
          g_autoptr(GPtrArray) stack = stack_at (scenario, h);
          if (stack->len >= 2)
            hex = h;
        }
    }
  if (hex == self->fan_hex)
    return;
  self->fan_hex = hex;
  self->fan_drawn = FALSE;
  queue_overlay (self);
}

/* The unit under the map point: a fanned counter, else the selected unit or the top
 * of the stack in the hex. */
static const char *
unit_at (GbacwDeploymentController *self,
         double                     mx,
         double                     my,
         int                       *hex_out)
{
  const GbacwScenario *scenario = get_scenario (self);
  g_autoptr(GPtrArray) stack = NULL;
  int hex;

  *hex_out = -1;
  if (scenario == NULL)
    return NULL;
  if (self->fan_hex >= 0)
    {
      double cx, cy;
      int index;

      stack = stack_at (scenario, self->fan_hex);
      hex_centre (scenario, self->fan_hex, &cx, &cy);
      index = gbacw_counter_fan_hit (stack->len, cx, cy, fan_size (self), mx, my);
      if (index >= 0)
        {
          *hex_out = self->fan_hex;
          return ((GbacwPlacement *) g_ptr_array_index (stack, index))->unit;
        }
      if (in_fan (self, mx, my))
        return NULL;
      g_clear_pointer (&stack, g_ptr_array_unref);
    }
  hex = hex_at_map (self, mx, my);
  stack = stack_at (scenario, hex);
  if (stack->len == 0)
    return NULL;
  *hex_out = hex;
  for (guint i = 0; i < stack->len; i++)
    if (g_strcmp0 (((GbacwPlacement *) g_ptr_array_index (stack, i))->unit, self->selected_unit) == 0)
      return self->selected_unit;
  return ((GbacwPlacement *) g_ptr_array_index (stack, 0))->unit;
}

/* ---------------------------------------------------------------- editing the selected unit */

/* error: where the constructor of command put its error (passed by address: C does not
 * say in which order a call's arguments are evaluated). */
static void
run (GbacwDeploymentController *self,
     GbacwCommand              *command,
     GError                   **error)
{
  if (command == NULL)
    {
      g_autofree char *message = g_strdup_printf (_("Not changed: %s"), *error ? (*error)->message : "");
      gbacw_deployment_controller_show_message (self, message);
      return;
    }
  gbacw_document_execute (self->document, command);
}

static const GbacwPlacement *
selected_placement (GbacwDeploymentController *self,
                    guint                     *position)
{
  const GbacwScenario *scenario = get_scenario (self);
  const GbacwPlacement *p;
  guint n = 0;

  if (scenario == NULL || self->selected_unit == NULL)
    return NULL;
  p = gbacw_scenario_find_placement (scenario, self->selected_unit, NULL);
  if (p == NULL)
    return NULL;
  for (guint i = 0; position != NULL && i < scenario->deployment->len; i++)
    {
      const GbacwPlacement *q = g_ptr_array_index (scenario->deployment, i);
      if (q == p)
        {
          *position = n;
          break;
        }
      if (q->hex == p->hex)
        n++;
    }
  return p;
}

static void
set_facing (GbacwDeploymentController *self,
            int                        facing)
{
  g_autoptr(GError) error = NULL;

  if (selected_placement (self, NULL) == NULL)
    return;
  run (self, gbacw_deploy_set_facing (get_scenario (self), self->selected_unit, facing, &error), &error);
}

static void
rotate (GbacwDeploymentController *self,
        int                        delta)
{
  const GbacwPlacement *p = selected_placement (self, NULL);

  if (p == NULL)
    return;
  set_facing (self, p->facing < 0 ? (delta > 0 ? 0 : 5) : (p->facing + delta + 6) % 6);
}

static void
set_formation (GbacwDeploymentController *self,
               GbacwFormationState        state)
{
  g_autoptr(GError) error = NULL;

  if (selected_placement (self, NULL) == NULL)
    return;
  run (self, gbacw_deploy_set_formation (get_scenario (self), self->selected_unit, state, &error), &error);
}

static void
restack (GbacwDeploymentController *self,
         int                        delta)
{
  g_autoptr(GError) error = NULL;
  guint position = 0;

  if (selected_placement (self, &position) == NULL || ((int) position + delta) < 0)
    return;
  run (self, gbacw_deploy_restack (get_scenario (self), self->selected_unit, position + delta, &error), &error);
}

static void
remove_selected (GbacwDeploymentController *self)
{
  g_autoptr(GError) error = NULL;

  if (selected_placement (self, NULL) == NULL)
    return;
  run (self, gbacw_deploy_remove (get_scenario (self), self->selected_unit, &error), &error);
}

static void
remove_activated (GSimpleAction *action,
                  GVariant      *parameter,
                  gpointer       data)
{
  remove_selected (data);
}

static void
rotate_activated (GSimpleAction *action,
                  GVariant      *parameter,
                  gpointer       data)
{
  rotate (data, g_variant_get_int32 (parameter));
}

static void
facing_activated (GSimpleAction *action,
                  GVariant      *parameter,
                  gpointer       data)
{
  set_facing (data, g_variant_get_int32 (parameter));
}

static void
formation_activated (GSimpleAction *action,
                     GVariant      *parameter,
                     gpointer       data)
{
  int state = gbacw_formation_state_from_string (g_variant_get_string (parameter, NULL));

  if (state >= 0)
    set_formation (data, state);
}

static void
raise_activated (GSimpleAction *action,
                 GVariant      *parameter,
                 gpointer       data)
{
  restack (data, -1);
}

static void
lower_activated (GSimpleAction *action,
                 GVariant      *parameter,
                 gpointer       data)
{
  restack (data, 1);
}

static void open_menu (GbacwDeploymentController *self, double x, double y);

static void
menu_activated (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       data)
{
  GbacwDeploymentController *self = data;
  const GbacwScenario *scenario = get_scenario (self);
  const GbacwPlacement *p = selected_placement (self, NULL);
  double cx, cy, x, y;

  if (p == NULL)
    return;
  hex_centre (scenario, p->hex, &cx, &cy);
  gbacw_viewport_map_to_view (gbacw_map_canvas_get_viewport (self->canvas), cx, cy, &x, &y);
  open_menu (self, x, y);
}

static const char *
state_title (GbacwFormationState state)
{
  switch (state)
    {
    case GBACW_FORMATION_STATE_LINE: return _("_Line");
    case GBACW_FORMATION_STATE_COLUMN: return _("_Column");
    case GBACW_FORMATION_STATE_MOUNTED: return _("_Mounted");
    case GBACW_FORMATION_STATE_DISMOUNTED: return _("_Dismounted");
    case GBACW_FORMATION_STATE_LIMBERED: return _("Lim_bered");
    case GBACW_FORMATION_STATE_UNLIMBERED: return _("_Unlimbered");
    case GBACW_FORMATION_STATE_UNSET:
    default: return _("_No Formation");
    }
}

/* The formations a unit type can take (gbacw_move_class_for () knows). */
static gboolean
state_fits (GbacwUnitType       type,
            GbacwFormationState state)
{
  if (state == GBACW_FORMATION_STATE_UNSET)
    return TRUE;
  return gbacw_move_class_for (type, state) >= 0;
}

static void
open_menu (GbacwDeploymentController *self,
           double                     x,
           double                     y)
{
  const GbacwScenario *scenario = get_scenario (self);
  const GbacwPlacement *p = selected_placement (self, NULL);
  const GbacwUnit *unit;
  g_autoptr(GMenu) menu = g_menu_new ();
  g_autoptr(GMenu) states = g_menu_new ();
  g_autoptr(GMenu) facings = g_menu_new ();
  g_autoptr(GMenu) stack = g_menu_new ();
  GtkPopover *popover;

  if (p == NULL || self->menu_button == NULL)
    return;
  unit = gbacw_oob_find_unit (&scenario->oob, p->unit);
  for (int s = GBACW_FORMATION_STATE_UNSET; s <= GBACW_FORMATION_STATE_UNLIMBERED; s++)
    if (unit != NULL && state_fits (unit->type, s))
      {
        g_autofree char *target = g_strdup_printf ("deploy.formation::%s", gbacw_formation_state_to_string (s));
        g_menu_append (states, state_title (s), target);
      }
  for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
    {
      g_autoptr(GMenuItem) item = NULL;
      g_autofree char *label = g_ascii_strup (gbacw_hex_direction_name (scenario->map->grid.orientation, d), -1);
      /* TRANSLATORS: turn a counter towards a hexside, e.g. "Face NE" */
      g_autofree char *title = g_strdup_printf (_("Face %s"), label);
      item = g_menu_item_new (title, NULL);
      g_menu_item_set_action_and_target_value (item, "deploy.facing", g_variant_new_int32 (d));
      g_menu_append_item (facings, item);
    }
  g_menu_append (stack, _("Move _Up the Stack"), "deploy.raise");
  g_menu_append (stack, _("Move _Down the Stack"), "deploy.lower");
  g_menu_append (stack, _("_Remove from the Map"), "deploy.remove");
  g_menu_append_section (menu, _("Formation"), G_MENU_MODEL (states));
  g_menu_append_submenu (menu, _("_Facing"), G_MENU_MODEL (facings));
  g_menu_append_section (menu, NULL, G_MENU_MODEL (stack));

  gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (self->menu_button), G_MENU_MODEL (menu));
  popover = gtk_menu_button_get_popover (GTK_MENU_BUTTON (self->menu_button));
  gtk_popover_set_pointing_to (popover, &(GdkRectangle) { (int) x, (int) y, 1, 1 });
  gtk_menu_button_popup (GTK_MENU_BUTTON (self->menu_button));
}

/* ---------------------------------------------------------------- input */

static void
on_press_begin (GbacwDeploymentController *self,
                double                     x,
                double                     y,
                GtkGestureDrag            *gesture)
{
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (gesture));
  const char *unit;
  double mx, my;
  int hex;

  self->press_x = x;
  self->press_y = y;
  if (self->pick_func != NULL)
    {
      self->picking_press = TRUE;
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
      return;
    }
  if (self->document == NULL || gbacw_map_canvas_get_tool (self->canvas) != NULL || !units_shown (self))
    {
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
      return;
    }
  gbacw_map_canvas_widget_to_map (self->canvas, x, y, &mx, &my);
  unit = unit_at (self, mx, my, &hex);
  if (unit == NULL)
    {
      /* The map pans as before; a click beside the counters lets go of the selection. */
      if (!in_fan (self, mx, my))
        gbacw_deployment_controller_select_unit (self, NULL);
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
      return;
    }
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  g_free (self->press_unit);
  self->press_unit = g_strdup (unit);
  self->press_hex = hex;
  self->press_shift = (state & GDK_SHIFT_MASK) != 0;
  self->moving = self->turning = FALSE;
  self->move_hex = -1;
  gtk_widget_grab_focus (GTK_WIDGET (self->canvas));
  gbacw_deployment_controller_select_unit (self, unit);
}

static void
on_press_update (GbacwDeploymentController *self,
                 double                     dx,
                 double                     dy,
                 GtkGestureDrag            *gesture)
{
  const GbacwScenario *scenario = get_scenario (self);
  double mx, my;

  if (self->picking_press || self->press_unit == NULL || scenario == NULL)
    return;
  if (!self->moving && !self->turning && hypot (dx, dy) < DRAG_THRESHOLD)
    return;
  gbacw_map_canvas_widget_to_map (self->canvas, self->press_x + dx, self->press_y + dy, &mx, &my);
  self->pointer_mx = mx;
  self->pointer_my = my;
  if (self->press_shift)
    {
      /* Turn towards the pointer. */
      const GbacwPlacement *p = gbacw_scenario_find_placement (scenario, self->press_unit, NULL);
      int facing;

      self->turning = TRUE;
      if (p == NULL || hex_at_map (self, mx, my) == p->hex)
        return;
      facing = direction_towards (scenario, p->hex, mx, my);
      if (facing != p->facing)
        set_facing (self, facing);
      return;
    }
  if (!self->moving)
    {
      self->moving = TRUE;
      self->fan_hex = -1;
    }
  {
    int hex = hex_at_map (self, mx, my);
    if (hex != self->move_hex)
      {
        const GbacwUnit *unit = gbacw_oob_find_unit (&scenario->oob, self->press_unit);
        const GbacwPlacement *p = gbacw_scenario_find_placement (scenario, self->press_unit, NULL);
        g_autofree char *status = NULL;
        gboolean ok = FALSE;

        self->move_hex = hex;
        if (hex >= 0 && unit != NULL)
          status = describe_hex_for_unit (self, unit, p ? p->formation : GBACW_FORMATION_STATE_UNSET, hex, &ok);
        set_status (self, status);
      }
  }
  queue_overlay (self);
}

static void
on_press_end (GbacwDeploymentController *self,
              double                     dx,
              double                     dy,
              GtkGestureDrag            *gesture)
{
  if (self->picking_press)
    {
      self->picking_press = FALSE;
      gbacw_deployment_controller_finish_pick (self, hex_at_widget (self, self->press_x + dx, self->press_y + dy));
      return;
    }
  if (self->moving && self->press_unit != NULL && self->move_hex >= 0 && self->move_hex != self->press_hex)
    {
      g_autoptr(GError) error = NULL;
      run (self, gbacw_deploy_move (get_scenario (self), self->press_unit, self->move_hex, &error), &error);
    }
  g_clear_pointer (&self->press_unit, g_free);
  self->moving = self->turning = FALSE;
  self->move_hex = -1;
  set_status (self, NULL);
  update_fan (self);
  queue_overlay (self);
}

static void
on_press_cancel (GbacwDeploymentController *self,
                 GdkEventSequence          *sequence,
                 GtkGesture                *gesture)
{
  self->picking_press = FALSE;
  g_clear_pointer (&self->press_unit, g_free);
  self->moving = self->turning = FALSE;
  set_status (self, NULL);
  queue_overlay (self);
}

static void
on_secondary_pressed (GbacwDeploymentController *self,
                      int                        n_press,
                      double                     x,
                      double                     y,
                      GtkGestureClick           *gesture)
{
  const char *unit;
  double mx, my;
  int hex;

  if (self->document == NULL || !units_shown (self))
    return;
  gbacw_map_canvas_widget_to_map (self->canvas, x, y, &mx, &my);
  unit = unit_at (self, mx, my, &hex);
  if (unit == NULL)
    return;
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  gbacw_deployment_controller_select_unit (self, unit);
  open_menu (self, x, y);
}

static gboolean
on_scroll (GbacwDeploymentController *self,
           double                     dx,
           double                     dy,
           GtkEventControllerScroll  *controller)
{
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (controller));

  if (!(state & GDK_ALT_MASK) || selected_placement (self, NULL) == NULL || dy == 0)
    return FALSE;
  rotate (self, dy > 0 ? 1 : -1);
  return TRUE;
}

static gboolean
handle_key (GbacwDeploymentController *self,
            guint                      keyval,
            GdkModifierType            state)
{
  GdkModifierType mods = state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SHIFT_MASK);

  if (keyval == GDK_KEY_Escape && self->pick_func != NULL)
    {
      gbacw_deployment_controller_finish_pick (self, -1);
      return TRUE;
    }
  if (selected_placement (self, NULL) == NULL)
    return FALSE;
  if (mods == GDK_CONTROL_MASK && (keyval == GDK_KEY_Up || keyval == GDK_KEY_Down))
    {
      restack (self, keyval == GDK_KEY_Up ? -1 : 1);
      return TRUE;
    }
  if ((mods & ~GDK_SHIFT_MASK) != 0)
    return FALSE;
  switch (keyval)
    {
    case GDK_KEY_Delete:
    case GDK_KEY_KP_Delete:
    case GDK_KEY_BackSpace:
      remove_selected (self);
      return TRUE;
    case GDK_KEY_comma:
    case GDK_KEY_less:
      rotate (self, -1);
      return TRUE;
    case GDK_KEY_period:
    case GDK_KEY_greater:
      rotate (self, 1);
      return TRUE;
    case GDK_KEY_l:
      set_formation (self, GBACW_FORMATION_STATE_LINE);
      return TRUE;
    case GDK_KEY_c:
      set_formation (self, GBACW_FORMATION_STATE_COLUMN);
      return TRUE;
    case GDK_KEY_m:
      set_formation (self, GBACW_FORMATION_STATE_MOUNTED);
      return TRUE;
    case GDK_KEY_d:
      set_formation (self, GBACW_FORMATION_STATE_DISMOUNTED);
      return TRUE;
    case GDK_KEY_k:
      set_formation (self, GBACW_FORMATION_STATE_LIMBERED);
      return TRUE;
    case GDK_KEY_u:
      set_formation (self, GBACW_FORMATION_STATE_UNLIMBERED);
      return TRUE;
    case GDK_KEY_Menu:
    case GDK_KEY_Return:
      menu_activated (NULL, NULL, self);
      return TRUE;
    case GDK_KEY_Escape:
      gbacw_deployment_controller_select_unit (self, NULL);
      return TRUE;
    default:
      return FALSE;
    }
}

static gboolean
on_shortcut (GtkWidget *widget,
             GVariant  *args,
             gpointer   data)
{
  guint keyval, mods;

  g_variant_get (args, "(uu)", &keyval, &mods);
  return handle_key (data, keyval, mods);
}

static void
on_motion (GbacwDeploymentController *self,
           double                     x,
           double                     y,
           GtkEventControllerMotion  *controller)
{
  self->has_pointer = TRUE;
  gbacw_map_canvas_widget_to_map (self->canvas, x, y, &self->pointer_mx, &self->pointer_my);
  if (self->pick_func != NULL)
    queue_overlay (self);
  update_fan (self);
}

static void
on_leave (GbacwDeploymentController *self,
          GtkEventControllerMotion  *controller)
{
  self->has_pointer = FALSE;
  update_fan (self);
}

/* ---------------------------------------------------------------- picking hexes */

void
gbacw_deployment_controller_pick_hex (GbacwDeploymentController *self,
                                      const char                *prompt,
                                      GbacwHexPickedFunc         func,
                                      gpointer                   user_data,
                                      GDestroyNotify             destroy)
{
  g_return_if_fail (GBACW_IS_DEPLOYMENT_CONTROLLER (self));
  g_return_if_fail (func != NULL);

  if (self->pick_func != NULL)
    gbacw_deployment_controller_finish_pick (self, -1);
  self->pick_func = func;
  self->pick_data = user_data;
  self->pick_destroy = destroy;
  g_free (self->pick_prompt);
  self->pick_prompt = g_strdup_printf (_("%s (Esc cancels)"), prompt);
  set_status (self, self->pick_prompt);
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self->canvas), "cell");
  gtk_widget_grab_focus (GTK_WIDGET (self->canvas));
  queue_overlay (self);
}

gboolean
gbacw_deployment_controller_is_picking (GbacwDeploymentController *self)
{
  g_return_val_if_fail (GBACW_IS_DEPLOYMENT_CONTROLLER (self), FALSE);
  return self->pick_func != NULL;
}

void
gbacw_deployment_controller_finish_pick (GbacwDeploymentController *self,
                                         int                        hex)
{
  GbacwHexPickedFunc func;
  gpointer data;
  GDestroyNotify destroy;

  g_return_if_fail (GBACW_IS_DEPLOYMENT_CONTROLLER (self));

  func = self->pick_func;
  data = self->pick_data;
  destroy = self->pick_destroy;
  if (func == NULL)
    return;
  self->pick_func = NULL;
  self->pick_data = NULL;
  self->pick_destroy = NULL;
  g_clear_pointer (&self->pick_prompt, g_free);
  set_status (self, NULL);
  if (self->canvas != NULL)
    gtk_widget_set_cursor_from_name (GTK_WIDGET (self->canvas),
                                     gbacw_map_canvas_get_tool (self->canvas) ? "crosshair" : NULL);
  func (hex, data);
  if (destroy != NULL)
    destroy (data);
  queue_overlay (self);
}

void
gbacw_deployment_controller_set_show_entries (GbacwDeploymentController *self,
                                              gboolean                   show)
{
  g_return_if_fail (GBACW_IS_DEPLOYMENT_CONTROLLER (self));

  if (self->show_entries == show)
    return;
  self->show_entries = show;
  queue_overlay (self);
}

/* ---------------------------------------------------------------- drawing */

static void
draw_entries (GbacwDeploymentController *self,
              cairo_t                   *cr,
              double                     px)
{
  const GbacwScenario *scenario = gbacw_document_get_scenario (self->document);

  cairo_save (cr);
  cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
  for (guint i = 0; i < scenario->reinforcements->len; i++)
    {
      const GbacwReinforcement *r = g_ptr_array_index (scenario->reinforcements, i);

      for (guint k = 0; k < r->entry_hexes->len; k++)
        {
          int hex = g_array_index (r->entry_hexes, int, k);
          double cx, cy, radius = MAX (0.42, 9 * px);
          char label[24];
          cairo_text_extents_t ext;

          if (hex < 0 || hex >= gbacw_hex_grid_n_hexes (&scenario->map->grid))
            continue;
          hex_centre (scenario, hex, &cx, &cy);
          /* Several reinforcements at one hex step aside. */
          cx += (i % 3) * 0.25;
          cairo_new_path (cr);
          cairo_arc (cr, cx, cy - 0.35, radius, 0, 2 * G_PI);
          cairo_set_source_rgba (cr, 0.95, 0.7, 0.1, k == 0 ? 0.95 : 0.55);
          cairo_fill_preserve (cr);
          cairo_set_source_rgb (cr, 0.2, 0.1, 0);
          cairo_set_line_width (cr, 1.5 * px);
          if (k > 0)
            cairo_set_dash (cr, (double[]) { 3 * px, 2 * px }, 2, 0);
          cairo_stroke (cr);
          cairo_set_dash (cr, NULL, 0, 0);
          g_snprintf (label, sizeof label, "R%d", r->turn);
          cairo_set_font_size (cr, radius * 0.9);
          cairo_text_extents (cr, label, &ext);
          cairo_move_to (cr, cx - ext.x_bearing - ext.width / 2, cy - 0.35 - ext.y_bearing - ext.height / 2);
          cairo_show_text (cr, label);
        }
    }
  cairo_restore (cr);
}

static void
draw_drag (GbacwDeploymentController *self,
           cairo_t                   *cr,
           double                     px)
{
  const GbacwScenario *scenario = get_scenario (self);
  GHashTableIter iter;
  gpointer key, value;

  cairo_save (cr);
  g_hash_table_iter_init (&iter, self->allowed);
  while (g_hash_table_iter_next (&iter, &key, &value))
    if (GPOINTER_TO_INT (value) == ALLOWED)
      gbacw_render_hex_path (cr, &scenario->map->grid, GPOINTER_TO_INT (key), 1);
  cairo_set_source_rgba (cr, 0.2, 0.8, 0.3, 0.28);
  cairo_fill (cr);
  if (self->drag_hex >= 0)
    {
      gbacw_render_hex_path (cr, &scenario->map->grid, self->drag_hex, 1);
      if (self->drag_ok)
        cairo_set_source_rgba (cr, 0.1, 0.6, 0.2, 0.95);
      else
        cairo_set_source_rgba (cr, 0.85, 0.1, 0.1, 0.95);
      cairo_set_line_width (cr, 3 * px);
      cairo_stroke (cr);
    }
  cairo_restore (cr);
}

static void
draw_selection (GbacwDeploymentController *self,
                cairo_t                   *cr,
                double                     px)
{
  const GbacwScenario *scenario = get_scenario (self);
  int hex = selected_hex (self);
  g_autoptr(GPtrArray) stack = NULL;
  double cx, cy;

  if (hex < 0 || hex == self->fan_hex)
    return;
  stack = stack_at (scenario, hex);
  /* The selected unit on top of its stack, highlighted. */
  for (guint i = 0; i < stack->len; i++)
    if (g_strcmp0 (((GbacwPlacement *) g_ptr_array_index (stack, i))->unit, self->selected_unit) == 0)
      {
        gpointer p = g_ptr_array_steal_index (stack, i);
        g_ptr_array_insert (stack, 0, p);
        break;
      }
  hex_centre (scenario, hex, &cx, &cy);
  gbacw_counter_draw_stack (cr, scenario, (const GbacwPlacement *const *) stack->pdata, stack->len, cx, cy,
                            GBACW_COUNTER_SIZE, GBACW_COUNTER_DEFAULT | GBACW_COUNTER_SELECTED);
}

static void
draw_fan (GbacwDeploymentController *self,
          cairo_t                   *cr,
          double                     px)
{
  const GbacwScenario *scenario = get_scenario (self);
  g_autoptr(GPtrArray) stack = stack_at (scenario, self->fan_hex);
  double cx, cy, size = fan_size (self);

  if (stack->len == 0)
    {
      self->fan_drawn = FALSE;
      return;
    }
  hex_centre (scenario, self->fan_hex, &cx, &cy);
  gbacw_counter_draw_fan (cr, scenario, (const GbacwPlacement *const *) stack->pdata, stack->len, cx, cy, size,
                          GBACW_COUNTER_DEFAULT, &self->fan_extent);
  self->fan_drawn = TRUE;
  for (guint i = 0; i < stack->len; i++)
    {
      const GbacwPlacement *p = g_ptr_array_index (stack, i);
      if (g_strcmp0 (p->unit, self->selected_unit) == 0)
        {
          double x, y;
          gbacw_counter_fan_position (stack->len, cx, cy, size, i, &x, &y);
          gbacw_counter_draw (cr, scenario, gbacw_oob_find_unit (&scenario->oob, p->unit), p, x, y, size,
                              GBACW_COUNTER_DEFAULT | GBACW_COUNTER_SELECTED | GBACW_COUNTER_UPRIGHT);
        }
    }
}

static void
draw_move (GbacwDeploymentController *self,
           cairo_t                   *cr,
           double                     px)
{
  const GbacwScenario *scenario = get_scenario (self);
  const GbacwUnit *unit = gbacw_oob_find_unit (&scenario->oob, self->press_unit);
  const GbacwPlacement *p = gbacw_scenario_find_placement (scenario, self->press_unit, NULL);

  if (self->move_hex >= 0)
    {
      gbacw_render_hex_path (cr, &scenario->map->grid, self->move_hex, 1);
      cairo_set_source_rgba (cr, 0.1, 0.4, 0.9, 0.9);
      cairo_set_line_width (cr, 3 * px);
      cairo_stroke (cr);
    }
  if (unit != NULL)
    {
      cairo_push_group (cr);
      gbacw_counter_draw (cr, scenario, unit, p, self->pointer_mx, self->pointer_my, GBACW_COUNTER_SIZE,
                          GBACW_COUNTER_DEFAULT);
      cairo_pop_group_to_source (cr);
      cairo_paint_with_alpha (cr, 0.75);
    }
}

static void
on_draw_overlay (gpointer        owner,
                 cairo_t        *cr,
                 double          px,
                 GbacwMapCanvas *canvas)
{
  GbacwDeploymentController *self = owner;
  const GbacwScenario *scenario = get_scenario (self);

  if (scenario == NULL)
    return;
  if (self->show_entries)
    draw_entries (self, cr, px);
  if (self->drag_item != NULL)
    draw_drag (self, cr, px);
  if (units_shown (self))
    {
      draw_selection (self, cr, px);
      if (self->moving && self->press_unit != NULL)
        draw_move (self, cr, px);
      else if (self->fan_hex >= 0)
        draw_fan (self, cr, px);
    }
  if (self->pick_func != NULL && self->has_pointer)
    {
      int hex = hex_at_map (self, self->pointer_mx, self->pointer_my);
      if (hex >= 0)
        {
          gbacw_render_hex_path (cr, &scenario->map->grid, hex, 1);
          cairo_set_source_rgba (cr, 0.95, 0.6, 0.05, 0.35);
          cairo_fill_preserve (cr);
          cairo_set_source_rgba (cr, 0.6, 0.3, 0, 0.95);
          cairo_set_line_width (cr, 3 * px);
          cairo_stroke (cr);
        }
    }
}

/* ---------------------------------------------------------------- document */

static void
on_document_changed (GbacwDeploymentController *self,
                     const GbacwChange         *change,
                     GbacwDocument             *document)
{
  const GbacwScenario *scenario = get_scenario (self);

  if (change == NULL || (change->flags & (GBACW_CHANGE_CHARTS | GBACW_CHANGE_CATALOGUE | GBACW_CHANGE_TERRAIN)))
    g_clear_pointer (&self->rules, gbacw_rules_data_free);
  if (self->selected_unit != NULL && gbacw_oob_find_unit (&scenario->oob, self->selected_unit) == NULL)
    gbacw_deployment_controller_select_unit (self, NULL);
  update_actions (self);
  self->fan_drawn = FALSE;
  update_fan (self);
  queue_overlay (self);
}

static void
set_document (GbacwDeploymentController *self,
              GbacwDocument             *document)
{
  if (self->document == document)
    return;
  if (self->pick_func != NULL)
    gbacw_deployment_controller_finish_pick (self, -1);
  end_drag_feedback (self);
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_func (self->document, on_document_changed, self);
  g_set_object (&self->document, document);
  if (document != NULL)
    g_signal_connect_object (document, "changed", G_CALLBACK (on_document_changed), self, G_CONNECT_SWAPPED);
  g_clear_pointer (&self->rules, gbacw_rules_data_free);
  g_clear_pointer (&self->selected_unit, g_free);
  self->fan_hex = -1;
  update_actions (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED_UNIT]);
}

static void
on_canvas_document (GbacwDeploymentController *self,
                    GParamSpec                *pspec,
                    GbacwMapCanvas            *canvas)
{
  set_document (self, gbacw_map_canvas_get_document (canvas));
}

static void
on_canvas_changed (GbacwDeploymentController *self,
                   GParamSpec                *pspec,
                   GbacwMapCanvas            *canvas)
{
  update_fan (self);
  queue_overlay (self);
}

/* ---------------------------------------------------------------- GObject */

static void
gbacw_deployment_controller_dispose (GObject *object)
{
  GbacwDeploymentController *self = GBACW_DEPLOYMENT_CONTROLLER (object);

  g_clear_handle_id (&self->message_timeout, g_source_remove);
  g_clear_handle_id (&self->allowed_idle, g_source_remove);
  if (self->pick_destroy != NULL)
    self->pick_destroy (self->pick_data);
  self->pick_func = NULL;
  self->pick_destroy = NULL;
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_func (self->document, on_document_changed, self);
  g_clear_object (&self->document);
  g_clear_object (&self->drag_item);
  g_clear_pointer (&self->rules, gbacw_rules_data_free);
  if (self->canvas != NULL)
    g_object_remove_weak_pointer (G_OBJECT (self->canvas), (gpointer *) &self->canvas);
  self->canvas = NULL;
  g_clear_object (&self->actions);

  G_OBJECT_CLASS (gbacw_deployment_controller_parent_class)->dispose (object);
}

static void
gbacw_deployment_controller_finalize (GObject *object)
{
  GbacwDeploymentController *self = GBACW_DEPLOYMENT_CONTROLLER (object);

  g_free (self->status);
  g_free (self->message);
  g_free (self->selected_unit);
  g_free (self->press_unit);
  g_free (self->pick_prompt);
  g_hash_table_unref (self->allowed);
  g_array_unref (self->pending);

  G_OBJECT_CLASS (gbacw_deployment_controller_parent_class)->finalize (object);
}

static void
gbacw_deployment_controller_get_property (GObject    *object,
                                          guint       prop_id,
                                          GValue     *value,
                                          GParamSpec *pspec)
{
  GbacwDeploymentController *self = GBACW_DEPLOYMENT_CONTROLLER (object);

  switch (prop_id)
    {
    case PROP_SELECTED_UNIT:
      g_value_set_string (value, self->selected_unit);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gbacw_deployment_controller_class_init (GbacwDeploymentControllerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = gbacw_deployment_controller_dispose;
  object_class->finalize = gbacw_deployment_controller_finalize;
  object_class->get_property = gbacw_deployment_controller_get_property;

  properties[PROP_SELECTED_UNIT] =
    g_param_spec_string ("selected-unit", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
gbacw_deployment_controller_init (GbacwDeploymentController *self)
{
  self->fan_hex = -1;
  self->drag_hex = -1;
  self->move_hex = -1;
  self->allowed = g_hash_table_new (NULL, NULL);
  self->pending = g_array_new (FALSE, FALSE, sizeof (int));
}

/* The status line and the menu's anchor, over the map when the canvas is in an overlay. */
static void
add_overlay_widgets (GbacwDeploymentController *self)
{
  GtkWidget *parent = gtk_widget_get_parent (GTK_WIDGET (self->canvas));

  if (!GTK_IS_OVERLAY (parent))
    return;
  self->status_label = gtk_label_new (NULL);
  gtk_label_set_wrap (GTK_LABEL (self->status_label), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (self->status_label), 70);
  gtk_label_set_xalign (GTK_LABEL (self->status_label), 0);
  gtk_widget_set_halign (self->status_label, GTK_ALIGN_START);
  gtk_widget_set_valign (self->status_label, GTK_ALIGN_END);
  gtk_widget_set_margin_start (self->status_label, 12);
  gtk_widget_set_margin_end (self->status_label, 12);
  gtk_widget_set_margin_bottom (self->status_label, 12);
  gtk_widget_set_can_target (self->status_label, FALSE);
  gtk_widget_set_visible (self->status_label, FALSE);
  gtk_widget_add_css_class (self->status_label, "deployment-status");
  gtk_overlay_add_overlay (GTK_OVERLAY (parent), self->status_label);

  self->menu_button = gtk_menu_button_new ();
  gtk_widget_set_halign (self->menu_button, GTK_ALIGN_START);
  gtk_widget_set_valign (self->menu_button, GTK_ALIGN_START);
  gtk_widget_set_opacity (self->menu_button, 0);
  gtk_widget_set_can_target (self->menu_button, FALSE);
  gtk_widget_set_can_focus (self->menu_button, FALSE);
  gtk_widget_set_size_request (self->menu_button, 1, 1);
  gtk_overlay_add_overlay (GTK_OVERLAY (parent), self->menu_button);
}

GbacwDeploymentController *
gbacw_deployment_controller_new (GbacwMapCanvas *canvas)
{
  static const GActionEntry entries[] = {
    { "remove", remove_activated },
    { "rotate", rotate_activated, "i" },
    { "facing", facing_activated, "i" },
    { "formation", formation_activated, "s" },
    { "raise", raise_activated },
    { "lower", lower_activated },
    { "menu", menu_activated },
  };
  static const struct { guint keyval; GdkModifierType mods; } keys[] = {
    { GDK_KEY_Delete, 0 }, { GDK_KEY_KP_Delete, 0 }, { GDK_KEY_BackSpace, 0 },
    { GDK_KEY_comma, 0 }, { GDK_KEY_less, GDK_SHIFT_MASK }, { GDK_KEY_period, 0 }, { GDK_KEY_greater, GDK_SHIFT_MASK },
    { GDK_KEY_l, 0 }, { GDK_KEY_c, 0 }, { GDK_KEY_m, 0 }, { GDK_KEY_d, 0 }, { GDK_KEY_k, 0 }, { GDK_KEY_u, 0 },
    { GDK_KEY_Menu, 0 }, { GDK_KEY_Return, 0 }, { GDK_KEY_Escape, 0 },
    { GDK_KEY_Up, GDK_CONTROL_MASK }, { GDK_KEY_Down, GDK_CONTROL_MASK },
  };
  GbacwDeploymentController *self;
  GtkDropTarget *target;
  GtkEventController *controller;
  GtkGesture *gesture;

  g_return_val_if_fail (GBACW_IS_MAP_CANVAS (canvas), NULL);

  self = g_object_new (GBACW_TYPE_DEPLOYMENT_CONTROLLER, NULL);
  self->canvas = canvas;
  g_object_add_weak_pointer (G_OBJECT (canvas), (gpointer *) &self->canvas);
  g_object_set_data_full (G_OBJECT (canvas), DATA_KEY, self, g_object_unref);

  self->actions = g_simple_action_group_new ();
  g_action_map_add_action_entries (G_ACTION_MAP (self->actions), entries, G_N_ELEMENTS (entries), self);
  /* On the overlay around the canvas when there is one, so that the counter's menu (an
   * overlay child) reaches the actions too. */
  gtk_widget_insert_action_group (GTK_IS_OVERLAY (gtk_widget_get_parent (GTK_WIDGET (canvas)))
                                    ? gtk_widget_get_parent (GTK_WIDGET (canvas)) : GTK_WIDGET (canvas),
                                  "deploy", G_ACTION_GROUP (self->actions));

  target = gtk_drop_target_new (GBACW_TYPE_OOB_ITEM, GDK_ACTION_COPY | GDK_ACTION_MOVE);
  gtk_drop_target_set_preload (target, TRUE);
  g_signal_connect_object (target, "enter", G_CALLBACK (on_drop_motion), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (target, "motion", G_CALLBACK (on_drop_motion), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (target, "leave", G_CALLBACK (on_drop_leave), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (target, "drop", G_CALLBACK (on_drop), self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (canvas), GTK_EVENT_CONTROLLER (target));

  /* Before the canvas's own gestures: a press on a counter is ours, elsewhere the map pans. */
  gesture = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), GDK_BUTTON_PRIMARY);
  gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (gesture), GTK_PHASE_CAPTURE);
  g_signal_connect_object (gesture, "drag-begin", G_CALLBACK (on_press_begin), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (gesture, "drag-update", G_CALLBACK (on_press_update), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (gesture, "drag-end", G_CALLBACK (on_press_end), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (gesture, "cancel", G_CALLBACK (on_press_cancel), self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (canvas), GTK_EVENT_CONTROLLER (gesture));
  self->press = gesture;

  gesture = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), GDK_BUTTON_SECONDARY);
  gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (gesture), GTK_PHASE_CAPTURE);
  g_signal_connect_object (gesture, "pressed", G_CALLBACK (on_secondary_pressed), self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (canvas), GTK_EVENT_CONTROLLER (gesture));

  controller = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_VERTICAL
                                                | GTK_EVENT_CONTROLLER_SCROLL_DISCRETE);
  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_CAPTURE);
  g_signal_connect_object (controller, "scroll", G_CALLBACK (on_scroll), self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (canvas), controller);

  /* Keys for the selected unit: shortcuts that pass on when no unit is selected. */
  controller = gtk_shortcut_controller_new ();
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      GtkShortcut *shortcut = gtk_shortcut_new (gtk_keyval_trigger_new (keys[i].keyval, keys[i].mods),
                                                gtk_callback_action_new (on_shortcut, self, NULL));
      gtk_shortcut_set_arguments (shortcut, g_variant_new ("(uu)", keys[i].keyval, (guint) keys[i].mods));
      gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller), shortcut);
    }
  gtk_widget_add_controller (GTK_WIDGET (canvas), controller);

  controller = gtk_event_controller_motion_new ();
  g_signal_connect_object (controller, "motion", G_CALLBACK (on_motion), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (controller, "leave", G_CALLBACK (on_leave), self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (canvas), controller);

  {
    g_autoptr(GbacwCanvasLayer) layer = gbacw_canvas_layer_new_for_object ("deployment", self, on_draw_overlay);
    gbacw_map_canvas_add_layer (canvas, layer);
  }
  g_signal_connect_object (canvas, "notify::document", G_CALLBACK (on_canvas_document), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (canvas, "notify::tool", G_CALLBACK (on_canvas_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (canvas, "notify::layers", G_CALLBACK (on_canvas_changed), self, G_CONNECT_SWAPPED);

  add_overlay_widgets (self);
  set_document (self, gbacw_map_canvas_get_document (canvas));
  return self;
}

GbacwMapCanvas *
gbacw_deployment_controller_get_canvas (GbacwDeploymentController *self)
{
  g_return_val_if_fail (GBACW_IS_DEPLOYMENT_CONTROLLER (self), NULL);
  return self->canvas;
}
