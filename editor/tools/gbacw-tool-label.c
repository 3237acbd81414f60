/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-tool-label.c: places, selects, moves, rotates, edits and removes place-name labels.
 *
 * A click on empty map places a label with the tool's text, centred where the click was
 * (the label is kept as an offset from the centre of the hex it sits in), and selects it.
 * A press on a label selects it, and dragging moves it; dragging its rotation handle, or
 * Shift+dragging it, rotates it freely, and Shift+scroll over it rotates it in 15° steps.
 * Each drag, and each run of scrolls over one label, is one undo step. A double-click (or
 * Enter, or F2) asks the options panel to edit the selected label's text; Delete removes it.
 *
 * In erase mode a click removes the label under the pointer, or else every label of the
 * hex; Shift+click off any label does the same outside erase mode.
 */
#define G_LOG_DOMAIN "gbacw-tool-label"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "gbacw-collection-edit.h"
#include "gbacw-tool-label.h"
#include "gbacw-tool-options.h"

/* The pick margin around a label's text, the handle's distance above it and its radius,
 * in hex radii; and the least the handle's distance and radius take on the screen, in
 * pixels. */
#define PICK_MARGIN 0.06
#define HANDLE_GAP 0.3
#define HANDLE_RADIUS 0.12
#define HANDLE_GAP_PX 20.0
#define HANDLE_RADIUS_PX 6.0
/* Closer than this to the label's centre, the pointer's bearing says nothing. */
#define MIN_ROTATE_RADIUS 0.1
#define SCROLL_STEP_DEGREES 15.0
#define MEASURE_FONT_SIZE 100.0

typedef enum {
  DRAG_NONE,
  DRAG_MOVE,
  DRAG_ROTATE,
} DragMode;

/* What a run of option edits changed, so that runs on different fields do not merge. */
typedef enum {
  FIELD_NONE,
  FIELD_TEXT,
  FIELD_ANGLE,
} EditField;

struct _GbacwToolLabel
{
  GbacwMapTool parent_instance;

  char *text;
  double size;
  gboolean erase;

  GbacwDocument *watched;   /* the document whose changes keep selected valid */
  int selected;             /* index in map->labels, -1 */
  int hover;                /* the label under the pointer, -1 */
  double pixel_size;        /* map units per pixel at the last overlay drawn, 0 before */

  /* the drag in progress */
  DragMode drag;
  double press_x, press_y;
  double start_x, start_y;  /* the label's centre when the drag began */
  double start_angle;
  gboolean has_bearing;
  double start_bearing;     /* radians, of the pointer around the label's centre */

  /* the run of Shift+scrolls in progress */
  guint scroll_key;
  int scroll_label;
  double scroll_steps;      /* notches not turned into a step yet */

  /* the run of option edits in progress */
  guint edit_key;
  int edit_label;
  EditField edit_field;
};

static void gbacw_tool_label_tool_init (GbacwToolInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (GbacwToolLabel, gbacw_tool_label, GBACW_TYPE_MAP_TOOL,
                               G_IMPLEMENT_INTERFACE (GBACW_TYPE_TOOL, gbacw_tool_label_tool_init))

enum {
  PROP_0,
  PROP_TEXT,
  PROP_SIZE,
  PROP_ERASE,
  PROP_SELECTED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  SIGNAL_EDIT_REQUESTED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* Offsets are kept to a twentieth of a hex radius: enough, and tidy in the file. */
static double
round_offset (double v)
{
  return round (v * 20) / 20;
}

/* Degrees in (-180, 180], to a tenth of a degree. */
static double
normalise_angle (double degrees)
{
  degrees = fmod (degrees, 360.0);
  if (degrees > 180.0)
    degrees -= 360.0;
  else if (degrees <= -180.0)
    degrees += 360.0;
  degrees = round (degrees * 10) / 10;
  return degrees == 0.0 ? 0.0 : degrees;   /* no "-0" in the file */
}

/* A merge key of its own for a run of edits that is not a drag: the base class hands out
 * keys unique in the process. 0 (no merging) if a drag is in progress. */
static guint
new_merge_key (GbacwMapTool *tool)
{
  guint key;

  if (gbacw_map_tool_get_stroke (tool) != 0)
    return 0;
  key = gbacw_map_tool_begin_stroke (tool);
  gbacw_map_tool_end_stroke (tool);
  return key;
}

static const GbacwLabel *
get_label (GbacwToolLabel *self,
           int             index)
{
  const GbacwScenario *scenario = gbacw_map_tool_get_scenario (GBACW_MAP_TOOL (self));

  if (scenario == NULL || index < 0 || (guint) index >= scenario->map->labels->len)
    return NULL;
  return g_ptr_array_index (scenario->map->labels, index);
}

/* ---------------------------------------------------------------- geometry */

typedef struct
{
  double x, y;              /* centre, map units */
  double half_width, half_height;
  double angle;             /* radians, clockwise on the map */
} LabelBox;

/* The box of label's text as the map renderer draws it: its ink centred on the label's
 * point, at 0.36 hex radii per unit of size, in the renderer's font. */
static gboolean
label_box (const GbacwScenario *scenario,
           const GbacwLabel    *label,
           cairo_t             *measure,
           LabelBox            *box)
{
  const GbacwHexGrid *grid = &scenario->map->grid;
  cairo_text_extents_t extents;
  double cx, cy, scale;

  if (label->text == NULL || label->hex < 0 || label->hex >= gbacw_hex_grid_n_hexes (grid))
    return FALSE;
  gbacw_hex_grid_centre (grid, gbacw_hex_grid_hex_at (grid, label->hex), &cx, &cy);
  cairo_text_extents (measure, label->text, &extents);
  scale = 0.36 * (label->size > 0 ? label->size : 1.0) / MEASURE_FONT_SIZE;
  box->x = cx + label->dx;
  box->y = cy + label->dy;
  box->half_width = MAX (extents.width * scale / 2, 0.05) + PICK_MARGIN;
  box->half_height = MAX (extents.height * scale / 2, 0.05) + PICK_MARGIN;
  box->angle = label->angle * G_PI / 180.0;
  return TRUE;
}

/* A scratch context to measure text in, with the renderer's font at MEASURE_FONT_SIZE:
 * at the map's sizes (a fraction of a unit) hinting would round the extents to whole
 * units. */
static cairo_t *
measure_context_new (void)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_A8, 1, 1);
  cairo_t *cr = cairo_create (surface);

  cairo_surface_destroy (surface);
  cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size (cr, MEASURE_FONT_SIZE);
  return cr;
}

/* (x, y) in the box's own frame: u along the text, v down across it. */
static void
to_box_frame (const LabelBox *box,
              double          x,
              double          y,
              double         *u,
              double         *v)
{
  double dx = x - box->x, dy = y - box->y;

  *u = dx * cos (box->angle) + dy * sin (box->angle);
  *v = -dx * sin (box->angle) + dy * cos (box->angle);
}

static gboolean
box_contains (const LabelBox *box,
              double          x,
              double          y)
{
  double u, v;

  to_box_frame (box, x, y, &u, &v);
  return fabs (u) <= box->half_width && fabs (v) <= box->half_height;
}

/* The rotation handle's size, in map units: zoomed out, it keeps a size to grab. */
static double
handle_gap (GbacwToolLabel *self)
{
  return MAX (HANDLE_GAP, HANDLE_GAP_PX * self->pixel_size);
}

static double
handle_radius (GbacwToolLabel *self)
{
  return MAX (HANDLE_RADIUS, HANDLE_RADIUS_PX * self->pixel_size);
}

/* The centre of the rotation handle: above the text, in the label's frame. */
static void
handle_centre (GbacwToolLabel *self,
               const LabelBox *box,
               double         *x,
               double         *y)
{
  double reach = box->half_height + handle_gap (self);

  *x = box->x + reach * sin (box->angle);
  *y = box->y - reach * cos (box->angle);
}

static gboolean
get_box (GbacwToolLabel *self,
         int             index,
         LabelBox       *box)
{
  const GbacwScenario *scenario = gbacw_map_tool_get_scenario (GBACW_MAP_TOOL (self));
  const GbacwLabel *label = get_label (self, index);
  cairo_t *measure;
  gboolean ok;

  if (label == NULL)
    return FALSE;
  measure = measure_context_new ();
  ok = label_box (scenario, label, measure, box);
  cairo_destroy (measure);
  return ok;
}

int
gbacw_tool_label_label_at (GbacwToolLabel *self,
                           double          x,
                           double          y)
{
  const GbacwScenario *scenario;
  cairo_t *measure;
  int found = -1;

  g_return_val_if_fail (GBACW_IS_TOOL_LABEL (self), -1);

  scenario = gbacw_map_tool_get_scenario (GBACW_MAP_TOOL (self));
  if (scenario == NULL || scenario->map->labels->len == 0)
    return -1;
  measure = measure_context_new ();
  /* The last label is drawn on top: it is the one picked. */
  for (guint i = scenario->map->labels->len; i-- > 0 && found < 0;)
    {
      LabelBox box;
      if (label_box (scenario, g_ptr_array_index (scenario->map->labels, i), measure, &box) &&
          box_contains (&box, x, y))
        found = (int) i;
    }
  cairo_destroy (measure);
  return found;
}

static gboolean
on_handle (GbacwToolLabel *self,
           double          x,
           double          y)
{
  LabelBox box;
  double hx, hy;

  if (!get_box (self, self->selected, &box))
    return FALSE;
  handle_centre (self, &box, &hx, &hy);
  return hypot (x - hx, y - hy) <= handle_radius (self) * 1.5;
}

/* ---------------------------------------------------------------- edits */

static void
set_hover (GbacwToolLabel *self,
           GbacwMapCanvas *canvas,
           int             hover)
{
  if (self->hover == hover)
    return;
  self->hover = hover;
  /* A scroll run is over once the pointer leaves its label. */
  if (hover != self->scroll_label)
    self->scroll_key = 0;
  gbacw_map_tool_queue_overlay (canvas);
}

/* Replaces label index with copy (transfer full), merging with the edits of key. */
static void
replace_label (GbacwToolLabel *self,
               int             index,
               GbacwLabel     *copy,
               const char     *undo_label,
               guint           key)
{
  g_autoptr(GbacwCollectionEdit) edit = gbacw_collection_edit_new (undo_label, key);

  gbacw_collection_edit_replace (edit, GBACW_COLLECTION_LABELS, (guint) index, copy);
  gbacw_map_tool_execute (GBACW_MAP_TOOL (self), GBACW_COMMAND (g_steal_pointer (&edit)));
}

/* Gives label index the angle (degrees), as part of the edits of key. */
static void
rotate_label (GbacwToolLabel *self,
              int             index,
              double          degrees,
              guint           key)
{
  const GbacwLabel *label = get_label (self, index);
  GbacwLabel *copy;

  degrees = normalise_angle (degrees);
  if (label == NULL || label->angle == degrees)
    return;
  copy = gbacw_label_copy (label);
  copy->angle = degrees;
  replace_label (self, index, copy, _("Rotate label"), key);
}

/* Puts the centre of label index at (x, y), in the hex under that point when it is on
 * the map, as part of the edits of key. */
static void
move_label (GbacwToolLabel *self,
            int             index,
            double          x,
            double          y,
            guint           key)
{
  GbacwMapTool *tool = GBACW_MAP_TOOL (self);
  const GbacwScenario *scenario = gbacw_map_tool_get_scenario (tool);
  const GbacwLabel *label = get_label (self, index);
  GbacwLabel *copy;
  double cx, cy, dx, dy;
  int hex;

  if (label == NULL)
    return;
  hex = gbacw_map_tool_hex_at (tool, x, y);
  if (hex < 0)
    hex = label->hex;
  gbacw_hex_grid_centre (&scenario->map->grid, gbacw_hex_grid_hex_at (&scenario->map->grid, hex), &cx, &cy);
  dx = round_offset (x - cx);
  dy = round_offset (y - cy);
  if (hex == label->hex && dx == label->dx && dy == label->dy)
    return;
  copy = gbacw_label_copy (label);
  copy->hex = hex;
  copy->dx = dx;
  copy->dy = dy;
  replace_label (self, index, copy, _("Move label"), key);
}

static void
remove_labels_of_hex (GbacwToolLabel *self,
                      int             hex)
{
  const GbacwScenario *scenario = gbacw_map_tool_get_scenario (GBACW_MAP_TOOL (self));
  const GPtrArray *labels = scenario->map->labels;
  g_autoptr(GbacwCollectionEdit) edit = gbacw_collection_edit_new (_("Remove label"), 0);

  /* From the end, so that the indices of the ones still to remove stay right. */
  for (guint i = labels->len; i-- > 0;)
    if (((const GbacwLabel *) g_ptr_array_index (labels, i))->hex == hex)
      gbacw_collection_edit_remove (edit, GBACW_COLLECTION_LABELS, i);
  if (gbacw_collection_edit_get_n_operations (edit) > 0)
    gbacw_map_tool_execute (GBACW_MAP_TOOL (self), GBACW_COMMAND (g_steal_pointer (&edit)));
}

static void
remove_label (GbacwToolLabel *self,
              int             index)
{
  g_autoptr(GbacwCollectionEdit) edit = gbacw_collection_edit_new (_("Remove label"), 0);

  gbacw_collection_edit_remove (edit, GBACW_COLLECTION_LABELS, (guint) index);
  gbacw_map_tool_execute (GBACW_MAP_TOOL (self), GBACW_COMMAND (g_steal_pointer (&edit)));
}

static void
place_label (GbacwToolLabel *self,
             int             hex,
             double          x,
             double          y)
{
  const GbacwScenario *scenario = gbacw_map_tool_get_scenario (GBACW_MAP_TOOL (self));
  g_autoptr(GbacwCollectionEdit) edit = NULL;
  GbacwLabel *label = g_new0 (GbacwLabel, 1);
  guint index = scenario->map->labels->len;
  double cx, cy;

  gbacw_hex_grid_centre (&scenario->map->grid, gbacw_hex_grid_hex_at (&scenario->map->grid, hex), &cx, &cy);
  label->hex = hex;
  label->dx = round_offset (x - cx);
  label->dy = round_offset (y - cy);
  label->size = self->size;
  label->angle = 0;
  label->text = g_strdup (self->text);
  edit = gbacw_collection_edit_new (_("Add label"), 0);
  gbacw_collection_edit_insert (edit, GBACW_COLLECTION_LABELS, index, label);
  gbacw_map_tool_execute (GBACW_MAP_TOOL (self), GBACW_COMMAND (g_steal_pointer (&edit)));
  if (index < scenario->map->labels->len)
    gbacw_tool_label_set_selected (self, (int) index);
}

/* ---------------------------------------------------------------- input */

static void
begin_drag (GbacwToolLabel *self,
            DragMode        mode,
            double          x,
            double          y)
{
  LabelBox box;
  const GbacwLabel *label = get_label (self, self->selected);

  if (label == NULL || !get_box (self, self->selected, &box))
    return;
  self->drag = mode;
  self->press_x = x;
  self->press_y = y;
  self->start_x = box.x;
  self->start_y = box.y;
  self->start_angle = label->angle;
  self->has_bearing = hypot (x - box.x, y - box.y) >= MIN_ROTATE_RADIUS;
  self->start_bearing = atan2 (y - box.y, x - box.x);
  gbacw_map_tool_begin_stroke (GBACW_MAP_TOOL (self));
}

static void
gbacw_tool_label_pressed (GbacwTool       *tool,
                          GbacwMapCanvas  *canvas,
                          double           x,
                          double           y,
                          GdkModifierType  state)
{
  GbacwToolLabel *self = GBACW_TOOL_LABEL (tool);
  GbacwMapTool *map_tool = GBACW_MAP_TOOL (tool);
  const GbacwScenario *scenario = gbacw_map_tool_get_scenario (map_tool);
  gboolean shift = (state & GDK_SHIFT_MASK) != 0;
  int hex, under;

  self->drag = DRAG_NONE;
  self->scroll_key = 0;
  self->edit_key = 0;
  if (scenario == NULL)
    return;
  gbacw_map_tool_set_pointer (map_tool, canvas, x, y);
  hex = gbacw_map_tool_hex_at (map_tool, x, y);

  if (self->erase)
    {
      /* Erase mode; Shift places a label instead. */
      if (shift)
        {
          if (hex >= 0 && self->text[0] != '\0')
            place_label (self, hex, x, y);
        }
      else if ((under = gbacw_tool_label_label_at (self, x, y)) >= 0)
        remove_label (self, under);
      else if (hex >= 0)
        remove_labels_of_hex (self, hex);
      return;
    }

  if (self->selected >= 0 && on_handle (self, x, y))
    begin_drag (self, DRAG_ROTATE, x, y);
  else if ((under = gbacw_tool_label_label_at (self, x, y)) >= 0)
    {
      gbacw_tool_label_set_selected (self, under);
      begin_drag (self, shift ? DRAG_ROTATE : DRAG_MOVE, x, y);
    }
  else if (shift)
    {
      if (hex >= 0)
        remove_labels_of_hex (self, hex);
    }
  else if (hex >= 0 && self->text[0] != '\0')
    place_label (self, hex, x, y);
  else
    gbacw_tool_label_set_selected (self, -1);
}

static void
gbacw_tool_label_dragged (GbacwTool       *tool,
                          GbacwMapCanvas  *canvas,
                          double           x,
                          double           y,
                          GdkModifierType  state)
{
  GbacwToolLabel *self = GBACW_TOOL_LABEL (tool);
  GbacwMapTool *map_tool = GBACW_MAP_TOOL (tool);
  guint key = gbacw_map_tool_get_stroke (map_tool);
  double bearing;

  gbacw_map_tool_set_pointer (map_tool, canvas, x, y);
  if (key == 0 || get_label (self, self->selected) == NULL)
    return;

  switch (self->drag)
    {
    case DRAG_MOVE:
      move_label (self, self->selected, self->start_x + x - self->press_x, self->start_y + y - self->press_y, key);
      break;
    case DRAG_ROTATE:
      if (hypot (x - self->start_x, y - self->start_y) < MIN_ROTATE_RADIUS)
        break;
      bearing = atan2 (y - self->start_y, x - self->start_x);
      if (!self->has_bearing)
        {
          /* pressed on the centre: the turn counts from the first point off it */
          self->has_bearing = TRUE;
          self->start_bearing = bearing;
        }
      rotate_label (self, self->selected, round (self->start_angle + (bearing - self->start_bearing) * 180.0 / G_PI),
                    key);
      break;
    case DRAG_NONE:
    default:
      break;
    }
}

static void
gbacw_tool_label_released (GbacwTool       *tool,
                           GbacwMapCanvas  *canvas,
                           double           x,
                           double           y,
                           GdkModifierType  state)
{
  GbacwToolLabel *self = GBACW_TOOL_LABEL (tool);

  gbacw_tool_label_dragged (tool, canvas, x, y, state);
  gbacw_map_tool_end_stroke (GBACW_MAP_TOOL (self));
  self->drag = DRAG_NONE;
}

static void
gbacw_tool_label_motion (GbacwTool       *tool,
                         GbacwMapCanvas  *canvas,
                         double           x,
                         double           y,
                         GdkModifierType  state)
{
  GbacwToolLabel *self = GBACW_TOOL_LABEL (tool);

  gbacw_map_tool_set_pointer (GBACW_MAP_TOOL (tool), canvas, x, y);
  set_hover (self, canvas, gbacw_tool_label_label_at (self, x, y));
}

static void
gbacw_tool_label_activated (GbacwTool       *tool,
                            GbacwMapCanvas  *canvas,
                            double           x,
                            double           y,
                            GdkModifierType  state)
{
  GbacwToolLabel *self = GBACW_TOOL_LABEL (tool);
  int under;

  if (self->erase || (under = gbacw_tool_label_label_at (self, x, y)) < 0)
    return;
  gbacw_tool_label_set_selected (self, under);
  g_signal_emit (self, signals[SIGNAL_EDIT_REQUESTED], 0);
}

/* Shift+scroll over a label turns it to the next multiple of 15° each notch; a run of
 * scrolls over one label is one undo step. */
static gboolean
gbacw_tool_label_scrolled (GbacwTool       *tool,
                           GbacwMapCanvas  *canvas,
                           double           x,
                           double           y,
                           double           steps,
                           GdkModifierType  state)
{
  GbacwToolLabel *self = GBACW_TOOL_LABEL (tool);
  const GbacwLabel *label;
  double notches, step;
  int under;

  if (!(state & GDK_SHIFT_MASK) || self->drag != DRAG_NONE ||
      (under = gbacw_tool_label_label_at (self, x, y)) < 0)
    return FALSE;

  gbacw_tool_label_set_selected (self, under);
  if (self->scroll_key == 0 || self->scroll_label != under)
    {
      self->scroll_key = new_merge_key (GBACW_MAP_TOOL (self));
      self->scroll_label = under;
      self->scroll_steps = 0;
    }
  self->scroll_steps += steps;
  notches = trunc (self->scroll_steps);
  if (notches == 0)
    return TRUE;
  self->scroll_steps -= notches;

  label = get_label (self, under);
  if (label == NULL)
    return TRUE;
  step = label->angle / SCROLL_STEP_DEGREES;
  /* from an angle between two steps, the first notch goes to the next one round */
  step = notches > 0 ? floor (step + 1e-6) + notches : ceil (step - 1e-6) + notches;
  rotate_label (self, under, step * SCROLL_STEP_DEGREES, self->scroll_key);
  return TRUE;
}

static gboolean
gbacw_tool_label_key_pressed (GbacwTool       *tool,
                              GbacwMapCanvas  *canvas,
                              guint            keyval,
                              GdkModifierType  state)
{
  GbacwToolLabel *self = GBACW_TOOL_LABEL (tool);

  if (get_label (self, self->selected) == NULL || (state & (GDK_CONTROL_MASK | GDK_ALT_MASK)) != 0)
    return FALSE;
  switch (keyval)
    {
    case GDK_KEY_Delete:
    case GDK_KEY_KP_Delete:
    case GDK_KEY_BackSpace:
      return gbacw_tool_label_delete_selected (self);
    case GDK_KEY_Escape:
      gbacw_tool_label_set_selected (self, -1);
      return TRUE;
    case GDK_KEY_Return:
    case GDK_KEY_KP_Enter:
    case GDK_KEY_F2:
      g_signal_emit (self, signals[SIGNAL_EDIT_REQUESTED], 0);
      return TRUE;
    default:
      return FALSE;
    }
}

static void
gbacw_tool_label_deactivate (GbacwTool      *tool,
                             GbacwMapCanvas *canvas)
{
  GbacwToolLabel *self = GBACW_TOOL_LABEL (tool);

  self->drag = DRAG_NONE;
  self->scroll_key = 0;
  set_hover (self, canvas, -1);
  gbacw_map_tool_deactivate (tool, canvas);
}

/* ---------------------------------------------------------------- overlay */

static void
box_path (cairo_t        *cr,
          const LabelBox *box)
{
  cairo_save (cr);
  cairo_translate (cr, box->x, box->y);
  cairo_rotate (cr, box->angle);
  cairo_rectangle (cr, -box->half_width, -box->half_height, 2 * box->half_width, 2 * box->half_height);
  cairo_restore (cr);
}

/* The selected label boxed, with its rotation handle; the one under the pointer boxed
 * lightly; where no label is under the pointer, the hex a new label would belong to and
 * a preview of its text. */
static void
gbacw_tool_label_draw_overlay (GbacwTool      *tool,
                               GbacwMapCanvas *canvas,
                               cairo_t        *cr)
{
  GbacwToolLabel *self = GBACW_TOOL_LABEL (tool);
  cairo_text_extents_t extents;
  LabelBox box;
  double x, y;

  self->pixel_size = gbacw_map_tool_pixel_size (cr);
  if (self->hover != self->selected && get_box (self, self->hover, &box))
    {
      box_path (cr, &box);
      cairo_set_source_rgba (cr, 1, 1, 1, 0.25);
      cairo_fill_preserve (cr);
      gbacw_map_tool_stroke_highlight (cr, 1.0);
    }
  if (get_box (self, self->selected, &box))
    {
      double hx, hy;

      box_path (cr, &box);
      gbacw_map_tool_stroke_highlight (cr, 2.0);
      if (!self->erase)
        {
          double stem = box.half_height + handle_gap (self) - handle_radius (self);

          handle_centre (self, &box, &hx, &hy);
          cairo_move_to (cr, box.x + box.half_height * sin (box.angle), box.y - box.half_height * cos (box.angle));
          cairo_line_to (cr, box.x + stem * sin (box.angle), box.y - stem * cos (box.angle));
          gbacw_map_tool_stroke_highlight (cr, 1.5);
          cairo_new_sub_path (cr);
          cairo_arc (cr, hx, hy, handle_radius (self), 0, 2 * G_PI);
          cairo_set_source_rgba (cr, 1, 1, 1, 0.9);
          cairo_fill_preserve (cr);
          gbacw_map_tool_stroke_highlight (cr, 1.5);
        }
    }

  if (self->drag != DRAG_NONE || self->hover >= 0)
    return;
  if (gbacw_map_tool_draw_pointer_hex (GBACW_MAP_TOOL (tool), cr, &x, &y) < 0)
    return;
  if (self->erase || self->text[0] == '\0')
    return;
  cairo_save (cr);
  cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size (cr, 0.36 * self->size);
  cairo_text_extents (cr, self->text, &extents);
  cairo_move_to (cr, x - extents.width / 2 - extents.x_bearing, y - extents.height / 2 - extents.y_bearing);
  cairo_text_path (cr, self->text);
  cairo_set_source_rgba (cr, 1, 1, 1, 0.8);
  cairo_set_line_width (cr, 3 * gbacw_map_tool_pixel_size (cr));
  cairo_stroke_preserve (cr);
  cairo_set_source_rgba (cr, 0.1, 0.1, 0.1, 0.6);
  cairo_fill (cr);
  cairo_restore (cr);
}

static void
gbacw_tool_label_tool_init (GbacwToolInterface *iface)
{
  iface->deactivate = gbacw_tool_label_deactivate;
  iface->pressed = gbacw_tool_label_pressed;
  iface->edits_on_press = TRUE;
  iface->dragged = gbacw_tool_label_dragged;
  iface->released = gbacw_tool_label_released;
  iface->motion = gbacw_tool_label_motion;
  iface->draw_overlay = gbacw_tool_label_draw_overlay;
  iface->activated = gbacw_tool_label_activated;
  iface->scrolled = gbacw_tool_label_scrolled;
  iface->key_pressed = gbacw_tool_label_key_pressed;
}

/* ---------------------------------------------------------------- the selected label */

int
gbacw_tool_label_get_selected (GbacwToolLabel *self)
{
  g_return_val_if_fail (GBACW_IS_TOOL_LABEL (self), -1);
  return get_label (self, self->selected) != NULL ? self->selected : -1;
}

void
gbacw_tool_label_set_selected (GbacwToolLabel *self,
                               int             index)
{
  g_return_if_fail (GBACW_IS_TOOL_LABEL (self));

  if (get_label (self, index) == NULL)
    index = -1;
  if (self->selected == index)
    return;
  self->selected = index;
  self->edit_key = 0;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED]);
}

/* A merge key for an option edit of field of the selected label: the same as the last
 * one's while the same field of the same label is edited. */
static guint
edit_key_for (GbacwToolLabel *self,
              EditField       field)
{
  if (self->edit_key == 0 || self->edit_label != self->selected || self->edit_field != field)
    {
      self->edit_key = new_merge_key (GBACW_MAP_TOOL (self));
      self->edit_label = self->selected;
      self->edit_field = field;
    }
  return self->edit_key;
}

gboolean
gbacw_tool_label_set_selected_text (GbacwToolLabel *self,
                                    const char     *text)
{
  const GbacwLabel *label;
  g_autofree char *stripped = NULL;
  GbacwLabel *copy;

  g_return_val_if_fail (GBACW_IS_TOOL_LABEL (self), FALSE);

  if ((label = get_label (self, self->selected)) == NULL || text == NULL || !g_utf8_validate (text, -1, NULL))
    return FALSE;
  stripped = g_strstrip (g_strdup (text));
  if (stripped[0] == '\0')
    return FALSE;
  if (g_strcmp0 (label->text, stripped) == 0)
    return TRUE;
  copy = gbacw_label_copy (label);
  g_free (copy->text);
  copy->text = g_steal_pointer (&stripped);
  replace_label (self, self->selected, copy, _("Edit label"), edit_key_for (self, FIELD_TEXT));
  return TRUE;
}

gboolean
gbacw_tool_label_set_selected_angle (GbacwToolLabel *self,
                                     double          degrees)
{
  g_return_val_if_fail (GBACW_IS_TOOL_LABEL (self), FALSE);

  if (get_label (self, self->selected) == NULL || !isfinite (degrees))
    return FALSE;
  rotate_label (self, self->selected, degrees, edit_key_for (self, FIELD_ANGLE));
  return TRUE;
}

gboolean
gbacw_tool_label_delete_selected (GbacwToolLabel *self)
{
  g_return_val_if_fail (GBACW_IS_TOOL_LABEL (self), FALSE);

  if (get_label (self, self->selected) == NULL)
    return FALSE;
  remove_label (self, self->selected);
  gbacw_tool_label_set_selected (self, -1);
  return TRUE;
}

/* Undo and redo can take the selected label away. */
static void
on_document_changed (GbacwToolLabel    *self,
                     const GbacwChange *change,
                     GbacwDocument     *document)
{
  if ((change->flags & GBACW_CHANGE_LABELS) && self->selected >= 0 && get_label (self, self->selected) == NULL)
    gbacw_tool_label_set_selected (self, -1);
  if ((change->flags & GBACW_CHANGE_LABELS) && get_label (self, self->hover) == NULL)
    self->hover = -1;
}

static void
on_document_notify (GbacwToolLabel *self)
{
  GbacwDocument *document = gbacw_map_tool_get_document (GBACW_MAP_TOOL (self));

  if (self->watched == document)
    return;
  if (self->watched != NULL)
    g_signal_handlers_disconnect_by_func (self->watched, on_document_changed, self);
  g_set_object (&self->watched, document);
  if (document != NULL)
    g_signal_connect_swapped (document, "changed", G_CALLBACK (on_document_changed), self);
  self->hover = -1;
  self->drag = DRAG_NONE;
  self->scroll_key = 0;
  gbacw_tool_label_set_selected (self, -1);
}

/* ---------------------------------------------------------------- properties */

const char *
gbacw_tool_label_get_text (GbacwToolLabel *self)
{
  g_return_val_if_fail (GBACW_IS_TOOL_LABEL (self), NULL);
  return self->text;
}

void
gbacw_tool_label_set_text (GbacwToolLabel *self,
                           const char     *text)
{
  g_return_if_fail (GBACW_IS_TOOL_LABEL (self));

  if (text == NULL)
    text = "";
  if (g_strcmp0 (self->text, text) == 0)
    return;
  g_free (self->text);
  self->text = g_strdup (text);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TEXT]);
}

double
gbacw_tool_label_get_size (GbacwToolLabel *self)
{
  g_return_val_if_fail (GBACW_IS_TOOL_LABEL (self), 1.0);
  return self->size;
}

void
gbacw_tool_label_set_size (GbacwToolLabel *self,
                           double          size)
{
  g_return_if_fail (GBACW_IS_TOOL_LABEL (self));

  size = CLAMP (size, 0.25, 4.0);
  if (self->size == size)
    return;
  self->size = size;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SIZE]);
}

gboolean
gbacw_tool_label_get_erase (GbacwToolLabel *self)
{
  g_return_val_if_fail (GBACW_IS_TOOL_LABEL (self), FALSE);
  return self->erase;
}

void
gbacw_tool_label_set_erase (GbacwToolLabel *self,
                            gboolean        erase)
{
  g_return_if_fail (GBACW_IS_TOOL_LABEL (self));

  gbacw_map_tool_update_boolean (GBACW_MAP_TOOL (self), &self->erase, erase, properties[PROP_ERASE]);
}

static void
gbacw_tool_label_dispose (GObject *object)
{
  GbacwToolLabel *self = GBACW_TOOL_LABEL (object);

  if (self->watched != NULL)
    g_signal_handlers_disconnect_by_func (self->watched, on_document_changed, self);
  g_clear_object (&self->watched);

  G_OBJECT_CLASS (gbacw_tool_label_parent_class)->dispose (object);
}

static void
gbacw_tool_label_finalize (GObject *object)
{
  GbacwToolLabel *self = GBACW_TOOL_LABEL (object);

  g_free (self->text);

  G_OBJECT_CLASS (gbacw_tool_label_parent_class)->finalize (object);
}

static void
gbacw_tool_label_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  GbacwToolLabel *self = GBACW_TOOL_LABEL (object);

  switch (prop_id)
    {
    case PROP_TEXT:
      g_value_set_string (value, self->text);
      break;
    case PROP_SIZE:
      g_value_set_double (value, self->size);
      break;
    case PROP_ERASE:
      g_value_set_boolean (value, self->erase);
      break;
    case PROP_SELECTED:
      g_value_set_int (value, gbacw_tool_label_get_selected (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gbacw_tool_label_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  GbacwToolLabel *self = GBACW_TOOL_LABEL (object);

  switch (prop_id)
    {
    case PROP_TEXT:
      gbacw_tool_label_set_text (self, g_value_get_string (value));
      break;
    case PROP_SIZE:
      gbacw_tool_label_set_size (self, g_value_get_double (value));
      break;
    case PROP_ERASE:
      gbacw_tool_label_set_erase (self, g_value_get_boolean (value));
      break;
    case PROP_SELECTED:
      gbacw_tool_label_set_selected (self, g_value_get_int (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* ---------------------------------------------------------------- options */

typedef struct
{
  GbacwToolLabel *tool;
  GtkWidget *selected_box;
  GtkEntry *selected_text;
  GtkSpinButton *angle;
  GtkLabel *selected_hint;
  gboolean syncing;
  gboolean editing;      /* the selected label's fields are being applied: leave them as typed */
} Options;

static void
sync_selection (gpointer data)
{
  Options *o = data;
  const GbacwScenario *scenario = gbacw_map_tool_get_scenario (GBACW_MAP_TOOL (o->tool));
  int index = gbacw_tool_label_get_selected (o->tool);
  const GbacwLabel *label = scenario != NULL && index >= 0 ? g_ptr_array_index (scenario->map->labels, index) : NULL;

  gtk_widget_set_sensitive (o->selected_box, label != NULL);
  gtk_label_set_text (o->selected_hint,
                      label != NULL ? _("Drag a label to move it; drag its round handle, or Shift+drag it, to turn it.")
                                    : _("No label selected: click one on the map."));
  if (o->editing)
    return;
  o->syncing = TRUE;
  gtk_editable_set_text (GTK_EDITABLE (o->selected_text), label != NULL ? label->text : "");
  gtk_spin_button_set_value (o->angle, label != NULL ? label->angle : 0);
  o->syncing = FALSE;
}

static void
on_text_changed (Options     *o,
                 GtkEditable *editable)
{
  if (o->syncing)
    return;
  o->editing = TRUE;
  gbacw_tool_label_set_selected_text (o->tool, gtk_editable_get_text (editable));
  o->editing = FALSE;
}

static void
on_angle_changed (Options       *o,
                  GtkSpinButton *spin)
{
  if (o->syncing)
    return;
  o->editing = TRUE;
  gbacw_tool_label_set_selected_angle (o->tool, gtk_spin_button_get_value (spin));
  o->editing = FALSE;
}

static void
on_delete (Options *o)
{
  gbacw_tool_label_delete_selected (o->tool);
}

/* A double-click on a label: its text, ready to be typed over. */
static void
on_edit_requested (Options *o)
{
  gbacw_tool_options_focus_entry (o->selected_text);
}

static GtkWidget *
create_options (GbacwMapTool *tool)
{
  g_autoptr(GtkBuilder) builder = NULL;
  GtkWidget *options = gbacw_tool_options_load ("gbacw-tool-label.ui", &builder);
  Options *o = gbacw_tool_options_new_state (options, tool, sizeof (Options));

  o->selected_box = GTK_WIDGET (gtk_builder_get_object (builder, "label_selected_box"));
  o->selected_text = GTK_ENTRY (gtk_builder_get_object (builder, "label_selected_text"));
  o->angle = GTK_SPIN_BUTTON (gtk_builder_get_object (builder, "label_angle"));
  o->selected_hint = GTK_LABEL (gtk_builder_get_object (builder, "label_selected_hint"));
  gbacw_tool_options_bind (tool, "text", gtk_builder_get_object (builder, "label_text"), "text");
  gbacw_tool_options_bind (tool, "size", gtk_builder_get_object (builder, "label_size"), "value");
  gbacw_tool_options_bind (tool, "erase", gtk_builder_get_object (builder, "label_erase"), "active");
  g_signal_connect_swapped (o->selected_text, "changed", G_CALLBACK (on_text_changed), o);
  g_signal_connect_swapped (o->angle, "value-changed", G_CALLBACK (on_angle_changed), o);
  g_signal_connect_swapped (gtk_builder_get_object (builder, "label_delete"), "clicked", G_CALLBACK (on_delete), o);
  g_signal_connect_swapped (tool, "notify::selected", G_CALLBACK (sync_selection), o);
  g_signal_connect_swapped (tool, "edit-requested", G_CALLBACK (on_edit_requested), o);
  gbacw_tool_options_follow_document (options, tool, GBACW_CHANGE_LABELS, sync_selection, o);
  return options;
}

static void
gbacw_tool_label_class_init (GbacwToolLabelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = gbacw_tool_label_dispose;
  object_class->finalize = gbacw_tool_label_finalize;
  object_class->get_property = gbacw_tool_label_get_property;
  object_class->set_property = gbacw_tool_label_set_property;

  properties[PROP_TEXT] =
    g_param_spec_string ("text", NULL, NULL, "",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SIZE] =
    g_param_spec_double ("size", NULL, NULL, 0.25, 4.0, 1.0,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ERASE] =
    g_param_spec_boolean ("erase", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SELECTED] =
    g_param_spec_int ("selected", NULL, NULL, -1, G_MAXINT, -1,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* A double-click on a label, or Enter or F2 with one selected: the options panel
   * should take the keyboard to edit the selected label's text. */
  signals[SIGNAL_EDIT_REQUESTED] =
    g_signal_new ("edit-requested", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
  gbacw_map_tool_class_set_description (GBACW_MAP_TOOL_CLASS (klass), "label", N_("Labels"),
                                        "gbacw-tool-label-symbolic", GDK_KEY_t);
  GBACW_MAP_TOOL_CLASS (klass)->create_options = create_options;
}

static void
gbacw_tool_label_init (GbacwToolLabel *self)
{
  self->text = g_strdup ("");
  self->size = 1.0;
  self->selected = -1;
  self->hover = -1;
  self->scroll_label = -1;
  self->edit_label = -1;
  g_signal_connect (self, "notify::document", G_CALLBACK (on_document_notify), NULL);
}

GbacwToolLabel *
gbacw_tool_label_new (void)
{
  return g_object_new (GBACW_TYPE_TOOL_LABEL, NULL);
}
