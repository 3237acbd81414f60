/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-deployment-controller-private.h: what the deployment controller's files share.
 *
 * The controller is one object whose parts live in files of their own: the core
 * (gbacw-deployment-controller.c: the document, geometry, the line over the map,
 * picking hexes), dropping entries of the order of battle (gbacw-deployment-drop.c),
 * the selection and the fanned stack (gbacw-deployment-selection.c), the commands on
 * the selected units and their menu (gbacw-deployment-commands.c), the pointer (what
 * the deploy tool passes on, and what any tool lets through) and the keys
 * (gbacw-deployment-input.c), and what is drawn over the map (gbacw-deployment-draw.c).
 */
#pragma once

#include "gbacw-deployment-controller.h"
#include "gbacw-rules-data.h"

G_BEGIN_DECLS

/* The controller of a canvas, as object data of the canvas. */
#define GBACW_DEPLOYMENT_CONTROLLER_DATA_KEY "gbacw-deployment-controller"
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

  char *selected_unit;           /* the unit last selected, one of selection */
  GPtrArray *selection;          /* unit ids, NULL-terminated: every selected unit */
  int last_facing;               /* the facing last given to a unit, -1 before any */
  gboolean tool_active;          /* the deploy tool is the canvas's tool */
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

  /* the primary button with the deploy tool: on a counter, or a rubber band */
  char *press_unit;
  int press_hex;
  gboolean press_shift, moving, turning;
  int move_hex;
  double press_mx, press_my;     /* map units */
  gboolean band, band_add;
  double band_mx, band_my;       /* the band's other corner */

  /* the primary button while picking a hex */
  GtkGesture *pick_press;
  double pick_x, pick_y;

  /* a hex picked for someone else */
  GbacwHexPickedFunc pick_func;
  gpointer pick_data;
  GDestroyNotify pick_destroy;
  char *pick_prompt;

  gboolean show_entries;
  GSimpleActionGroup *actions;
  GtkWidget *key_scope;          /* holds the actions and their keys (weak) */
  GtkEventController *keys;      /* the keys' shortcuts, on key_scope */
};

/* gbacw-deployment-controller.c */
GbacwScenario *gbacw_deployment_get_scenario (GbacwDeploymentController *self);
void           gbacw_deployment_queue_overlay (GbacwDeploymentController *self);
/* Whether the units layer is shown. */
gboolean       gbacw_deployment_units_shown (GbacwDeploymentController *self);
int            gbacw_deployment_hex_at_map (GbacwDeploymentController *self, double mx, double my);
int            gbacw_deployment_hex_at_widget (GbacwDeploymentController *self, double x, double y);
void           gbacw_deployment_hex_centre (const GbacwScenario *scenario, int hex, double *x, double *y);
char          *gbacw_deployment_hex_label (const GbacwScenario *scenario, int hex);
/* One widget pixel in map units. */
double         gbacw_deployment_pixel (GbacwDeploymentController *self);
double         gbacw_deployment_fan_size (GbacwDeploymentController *self);
/* The direction (0-5) from hex towards the map point. */
int            gbacw_deployment_direction_towards (const GbacwScenario *scenario, int hex, double mx, double my);
/* The placements at hex, top first (hex -1: none). */
GPtrArray     *gbacw_deployment_stack_at (const GbacwScenario *scenario, int hex);
void           gbacw_deployment_set_status (GbacwDeploymentController *self, const char *status);
void           gbacw_deployment_ensure_rules (GbacwDeploymentController *self);
void           gbacw_deployment_notify_selected_unit (GbacwDeploymentController *self);

/* gbacw-deployment-drop.c */
void           gbacw_deployment_add_drop_target (GbacwDeploymentController *self);
/* "Hex 0708 (Union set-up): 9 + 6 of 12 SP, 2 + 1 of 3 units — reason", and whether
 * the unit may go there. */
char          *gbacw_deployment_describe_hex_for_unit (GbacwDeploymentController *self, const GbacwUnit *unit,
                                                       GbacwFormationState state, int hex, gboolean *ok);
void           gbacw_deployment_end_drag_feedback (GbacwDeploymentController *self);

/* gbacw-deployment-selection.c */
void           gbacw_deployment_update_actions (GbacwDeploymentController *self);
gboolean       gbacw_deployment_is_selected (GbacwDeploymentController *self, const char *unit);
/* The selected units that are on the map, in selection order (NULL-terminated, ids
 * owned by the selection). */
GPtrArray     *gbacw_deployment_placed_selection (GbacwDeploymentController *self);
/* Every unit whose hex centre is in the rectangle of map points, added to the selection
 * when add. */
void           gbacw_deployment_select_in_rectangle (GbacwDeploymentController *self, double x0, double y0, double x1,
                                                     double y1, gboolean add);
void           gbacw_deployment_update_fan (GbacwDeploymentController *self);
int            gbacw_deployment_selected_hex (GbacwDeploymentController *self);
gboolean       gbacw_deployment_in_fan (GbacwDeploymentController *self, double mx, double my);
const char    *gbacw_deployment_unit_at (GbacwDeploymentController *self, double mx, double my, int *hex_out);

/* gbacw-deployment-commands.c */
void           gbacw_deployment_add_actions (GbacwDeploymentController *self);
void           gbacw_deployment_run (GbacwDeploymentController *self, GbacwCommand *command, GError **error);
const GbacwPlacement *gbacw_deployment_selected_placement (GbacwDeploymentController *self, guint *position);
void           gbacw_deployment_set_facing (GbacwDeploymentController *self, int facing);
void           gbacw_deployment_rotate (GbacwDeploymentController *self, int delta);
void           gbacw_deployment_set_formation (GbacwDeploymentController *self, GbacwFormationState state);
void           gbacw_deployment_restack (GbacwDeploymentController *self, int delta);
void           gbacw_deployment_remove_selected (GbacwDeploymentController *self);
/* The facing a unit dropped at hex takes (-1 for a unit without one): toward the
 * nearest enemy set-up area, else the facing last given, else direction 0. */
int            gbacw_deployment_drop_facing (GbacwDeploymentController *self, const GbacwUnit *unit, int hex);
void           gbacw_deployment_open_menu (GbacwDeploymentController *self, double x, double y);
void           gbacw_deployment_menu_activated (GSimpleAction *action, GVariant *parameter, gpointer data);

/* gbacw-deployment-input.c: the controllers on the canvas, and what the deploy tool
 * does with the primary button (x, y in map units). */
void           gbacw_deployment_add_input (GbacwDeploymentController *self);
void           gbacw_deployment_set_key_scope_internal (GbacwDeploymentController *self, GtkWidget *scope);

/* gbacw-deployment-draw.c: everything drawn over the map, cr in map units, px one
 * widget pixel in map units. */
void           gbacw_deployment_draw (GbacwDeploymentController *self, cairo_t *cr, double px);

G_END_DECLS
