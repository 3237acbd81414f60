/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-tool-calibrate.c: lays the grid over a scanned map. */
#define G_LOG_DOMAIN "gbacw-tool-calibrate"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "gbacw-background-image.h"
#include "gbacw-map-canvas.h"
#include "gbacw-settings-edit.h"
#include "gbacw-tool-calibrate.h"

#define N_POINTS 3

struct _GbacwToolCalibrate
{
  GObject parent_instance;

  GbacwDocument *document;
  GbacwCalibrateMode mode;

  /* points mode */
  double map_points[N_POINTS][2];
  double image_points[N_POINTS][2];
  int hexes[N_POINTS];
  guint n_points;
  gboolean pending;
  double pending_x, pending_y;   /* image pixels */

  /* adjust mode */
  gboolean dragging;
  gboolean scaling;
  double press_x, press_y;       /* map units */
  double start_transform[6];
  double pixels_per_unit;
  guint merge_key;

  char *status;
};

static void gbacw_tool_calibrate_tool_init (GbacwToolInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (GbacwToolCalibrate, gbacw_tool_calibrate, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (GBACW_TYPE_TOOL, gbacw_tool_calibrate_tool_init))

enum {
  PROP_0,
  PROP_DOCUMENT,
  PROP_MODE,
  PROP_STATUS,
  PROP_N_POINTS,
  N_PROPS
};

enum {
  SIGNAL_POINT_PICKED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* Merge keys of their own, far from the small numbers other edits count up from. */
static guint
next_merge_key (void)
{
  static guint key = 0x7a000000;
  return ++key;
}

static const GbacwScenario *
get_scenario (GbacwToolCalibrate *self)
{
  return self->document ? gbacw_document_get_scenario (self->document) : NULL;
}

static void
set_status (GbacwToolCalibrate *self,
            const char         *status)
{
  if (g_strcmp0 (self->status, status) == 0)
    return;
  g_free (self->status);
  self->status = g_strdup (status);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATUS]);
}

static void
update_status (GbacwToolCalibrate *self)
{
  const GbacwScenario *scenario = get_scenario (self);
  g_autofree char *text = NULL;

  if (scenario == NULL || scenario->map->background.file == NULL)
    {
      set_status (self, _("Load a scan of the map first."));
      return;
    }
  if (self->mode == GBACW_CALIBRATE_ADJUST)
    {
      set_status (self, _("Drag to slide the scan under the grid; Shift+drag to scale it."));
      return;
    }
  if (self->pending)
    /* TRANSLATORS: calibrating a scanned map; %u is 1, 2 or 3 */
    text = g_strdup_printf (_("Point %u of 3: type the number of the hex whose centre you clicked."), self->n_points + 1);
  else
    /* TRANSLATORS: calibrating a scanned map; %u is 1, 2 or 3 */
    text = g_strdup_printf (_("Point %u of 3: click the centre of a hex on the scan, far from the others."),
                            self->n_points + 1);
  set_status (self, text);
}

/* calibrated: a transform made from three hexes, which leaves no turn by hand. */
static void
execute_transform (GbacwToolCalibrate *self,
                   const double        transform[6],
                   gboolean            calibrated,
                   const char         *label,
                   guint               merge_key)
{
  const GbacwScenario *scenario = get_scenario (self);
  GbacwBackground background;
  GbacwSettingsEdit *edit;

  if (scenario == NULL)
    return;
  background = scenario->map->background;
  for (int i = 0; i < 6; i++)
    background.transform[i] = transform[i];
  if (calibrated)
    background.rotation = 0;
  edit = gbacw_settings_edit_new (label, merge_key);
  gbacw_settings_edit_set_background (edit, &background);
  gbacw_document_execute (self->document, GBACW_COMMAND (edit));
}

static gboolean
image_point (GbacwToolCalibrate *self,
             double              x,
             double              y,
             double             *ix,
             double             *iy)
{
  const GbacwScenario *scenario = get_scenario (self);
  const double *t;

  if (scenario == NULL || scenario->map->background.file == NULL)
    return FALSE;
  t = scenario->map->background.transform;
  *ix = t[0] * x + t[2] * y + t[4];
  *iy = t[1] * x + t[3] * y + t[5];
  return TRUE;
}

/* ---------------------------------------------------------------- public */

GbacwToolCalibrate *
gbacw_tool_calibrate_new (void)
{
  return g_object_new (GBACW_TYPE_TOOL_CALIBRATE, NULL);
}

GbacwDocument *
gbacw_tool_calibrate_get_document (GbacwToolCalibrate *self)
{
  g_return_val_if_fail (GBACW_IS_TOOL_CALIBRATE (self), NULL);
  return self->document;
}

void
gbacw_tool_calibrate_set_document (GbacwToolCalibrate *self,
                                   GbacwDocument      *document)
{
  g_return_if_fail (GBACW_IS_TOOL_CALIBRATE (self));
  g_return_if_fail (document == NULL || GBACW_IS_DOCUMENT (document));

  if (!g_set_object (&self->document, document))
    return;
  gbacw_tool_calibrate_reset (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DOCUMENT]);
}

GbacwCalibrateMode
gbacw_tool_calibrate_get_mode (GbacwToolCalibrate *self)
{
  g_return_val_if_fail (GBACW_IS_TOOL_CALIBRATE (self), GBACW_CALIBRATE_POINTS);
  return self->mode;
}

void
gbacw_tool_calibrate_set_mode (GbacwToolCalibrate *self,
                               GbacwCalibrateMode  mode)
{
  g_return_if_fail (GBACW_IS_TOOL_CALIBRATE (self));

  if (self->mode == mode)
    return;
  self->mode = mode;
  gbacw_tool_calibrate_reset (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODE]);
}

void
gbacw_tool_calibrate_reset (GbacwToolCalibrate *self)
{
  g_return_if_fail (GBACW_IS_TOOL_CALIBRATE (self));

  self->pending = FALSE;
  self->dragging = FALSE;
  if (self->n_points != 0)
    {
      self->n_points = 0;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_POINTS]);
    }
  update_status (self);
}

gboolean
gbacw_tool_calibrate_get_pending (GbacwToolCalibrate *self,
                                  double             *image_x,
                                  double             *image_y)
{
  g_return_val_if_fail (GBACW_IS_TOOL_CALIBRATE (self), FALSE);

  if (self->pending)
    {
      if (image_x)
        *image_x = self->pending_x;
      if (image_y)
        *image_y = self->pending_y;
    }
  return self->pending;
}

guint
gbacw_tool_calibrate_get_n_points (GbacwToolCalibrate *self)
{
  g_return_val_if_fail (GBACW_IS_TOOL_CALIBRATE (self), 0);
  return self->n_points;
}

const char *
gbacw_tool_calibrate_get_status (GbacwToolCalibrate *self)
{
  g_return_val_if_fail (GBACW_IS_TOOL_CALIBRATE (self), NULL);
  return self->status;
}

gboolean
gbacw_tool_calibrate_add_point (GbacwToolCalibrate  *self,
                                const char          *label,
                                gboolean            *done,
                                GError             **error)
{
  const GbacwScenario *scenario;
  const GbacwHexGrid *grid;
  g_autofree char *clean = NULL;
  double transform[6];
  GbacwHex hex;
  int index;

  g_return_val_if_fail (GBACW_IS_TOOL_CALIBRATE (self), FALSE);
  g_return_val_if_fail (label != NULL, FALSE);

  if (done != NULL)
    *done = FALSE;
  scenario = get_scenario (self);
  if (scenario == NULL || !self->pending)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("Click the centre of a hex on the scan first."));
      return FALSE;
    }
  grid = &scenario->map->grid;
  clean = g_strstrip (g_strdup (label));
  if (!gbacw_hex_grid_parse_label (grid, clean, &hex, error))
    return FALSE;
  index = gbacw_hex_grid_index (grid, hex);
  if (index < 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, _("Hex %s is not on the map."), label);
      return FALSE;
    }
  for (guint i = 0; i < self->n_points; i++)
    if (self->hexes[i] == index)
      {
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                     _("Hex %s was already used: choose another hex, far from the others."), label);
        return FALSE;
      }

  gbacw_hex_grid_centre (grid, hex, &self->map_points[self->n_points][0], &self->map_points[self->n_points][1]);
  self->image_points[self->n_points][0] = self->pending_x;
  self->image_points[self->n_points][1] = self->pending_y;
  self->hexes[self->n_points] = index;
  self->n_points++;
  self->pending = FALSE;

  if (self->n_points == N_POINTS)
    {
      if (!gbacw_background_calibrate ((const double (*)[2]) self->map_points,
                                       (const double (*)[2]) self->image_points, transform))
        {
          self->n_points--;
          update_status (self);
          g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                               _("The three hexes are on a line: click a third hex away from the line of the other two."));
          return FALSE;
        }
      execute_transform (self, transform, TRUE, _("Calibrate background"), 0);
      self->n_points = 0;
      if (done != NULL)
        *done = TRUE;
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_POINTS]);
  update_status (self);
  if (done != NULL && *done)
    set_status (self, _("Calibrated. Switch to Adjust to fine-tune, or click three hexes again."));
  return TRUE;
}

/* ---------------------------------------------------------------- GbacwTool */

static void
calibrate_activate (GbacwTool      *tool,
                    GbacwMapCanvas *canvas)
{
  GbacwToolCalibrate *self = GBACW_TOOL_CALIBRATE (tool);

  if (canvas != NULL)
    gbacw_tool_calibrate_set_document (self, gbacw_map_canvas_get_document (canvas));
  update_status (self);
}

static void
calibrate_deactivate (GbacwTool      *tool,
                      GbacwMapCanvas *canvas)
{
  GbacwToolCalibrate *self = GBACW_TOOL_CALIBRATE (tool);

  self->pending = FALSE;
  self->dragging = FALSE;
}

static void
calibrate_pressed (GbacwTool       *tool,
                   GbacwMapCanvas  *canvas,
                   double           x,
                   double           y,
                   GdkModifierType  state)
{
  GbacwToolCalibrate *self = GBACW_TOOL_CALIBRATE (tool);
  const GbacwScenario *scenario;
  double ix, iy;

  if (canvas != NULL && gbacw_map_canvas_get_document (canvas) != self->document)
    gbacw_tool_calibrate_set_document (self, gbacw_map_canvas_get_document (canvas));
  scenario = get_scenario (self);
  if (!image_point (self, x, y, &ix, &iy))
    {
      update_status (self);
      return;
    }

  if (self->mode == GBACW_CALIBRATE_POINTS)
    {
      self->pending = TRUE;
      self->pending_x = ix;
      self->pending_y = iy;
      update_status (self);
      if (canvas != NULL)
        gbacw_map_canvas_queue_overlay (canvas);
      g_signal_emit (self, signals[SIGNAL_POINT_PICKED], 0, ix, iy);
      return;
    }

  self->dragging = TRUE;
  self->scaling = (state & GDK_SHIFT_MASK) != 0;
  self->press_x = x;
  self->press_y = y;
  for (int i = 0; i < 6; i++)
    self->start_transform[i] = scenario->map->background.transform[i];
  self->pixels_per_unit = canvas ? gbacw_viewport_get_scale (gbacw_map_canvas_get_viewport (canvas)) : 30.0;
  self->merge_key = next_merge_key ();
}

static void
calibrate_dragged (GbacwTool       *tool,
                   GbacwMapCanvas  *canvas,
                   double           x,
                   double           y,
                   GdkModifierType  state)
{
  GbacwToolCalibrate *self = GBACW_TOOL_CALIBRATE (tool);
  const double *t = self->start_transform;
  cairo_matrix_t m;
  double out[6];

  if (!self->dragging || get_scenario (self) == NULL)
    return;

  cairo_matrix_init (&m, t[0], t[1], t[2], t[3], t[4], t[5]);
  if (self->scaling)
    {
      /* Right or up enlarges the scan about the point pressed; 300 pixels: e. */
      double s = exp (((x - self->press_x) - (y - self->press_y)) * self->pixels_per_unit / 300.0);
      cairo_matrix_translate (&m, self->press_x, self->press_y);
      cairo_matrix_scale (&m, 1 / s, 1 / s);
      cairo_matrix_translate (&m, -self->press_x, -self->press_y);
    }
  else
    /* The scan follows the pointer: its point pressed stays under the pointer. */
    cairo_matrix_translate (&m, self->press_x - x, self->press_y - y);

  out[0] = m.xx;
  out[1] = m.yx;
  out[2] = m.xy;
  out[3] = m.yy;
  out[4] = m.x0;
  out[5] = m.y0;
  execute_transform (self, out, FALSE, self->scaling ? _("Scale background") : _("Move background"), self->merge_key);
}

static void
calibrate_released (GbacwTool       *tool,
                    GbacwMapCanvas  *canvas,
                    double           x,
                    double           y,
                    GdkModifierType  state)
{
  GbacwToolCalibrate *self = GBACW_TOOL_CALIBRATE (tool);

  if (self->dragging && (x != self->press_x || y != self->press_y))
    calibrate_dragged (tool, canvas, x, y, state);
  self->dragging = FALSE;
}

static void
calibrate_motion (GbacwTool       *tool,
                  GbacwMapCanvas  *canvas,
                  double           x,
                  double           y,
                  GdkModifierType  state)
{
}

static void
marker (cairo_t    *cr,
        double      x,
        double      y,
        double      px,
        const char *text)
{
  double r = 9 * px;

  for (int pass = 0; pass < 2; pass++)
    {
      cairo_new_path (cr);
      cairo_arc (cr, x, y, r, 0, 2 * G_PI);
      cairo_move_to (cr, x - 1.6 * r, y);
      cairo_line_to (cr, x + 1.6 * r, y);
      cairo_move_to (cr, x, y - 1.6 * r);
      cairo_line_to (cr, x, y + 1.6 * r);
      if (pass == 0)
        cairo_set_source_rgba (cr, 1, 1, 1, 0.9);
      else
        cairo_set_source_rgb (cr, 0.85, 0.1, 0.1);
      cairo_set_line_width (cr, (pass == 0 ? 4 : 2) * px);
      cairo_stroke (cr);
    }
  if (text != NULL)
    {
      cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
      cairo_set_font_size (cr, 14 * px);
      cairo_move_to (cr, x + 1.4 * r, y - 1.4 * r);
      cairo_text_path (cr, text);
      cairo_set_source_rgba (cr, 1, 1, 1, 0.9);
      cairo_set_line_width (cr, 3 * px);
      cairo_stroke_preserve (cr);
      cairo_set_source_rgb (cr, 0.85, 0.1, 0.1);
      cairo_fill (cr);
    }
}

static void
calibrate_draw_overlay (GbacwTool      *tool,
                        GbacwMapCanvas *canvas,
                        cairo_t        *cr)
{
  GbacwToolCalibrate *self = GBACW_TOOL_CALIBRATE (tool);
  const GbacwScenario *scenario = get_scenario (self);
  double px, py = 0;

  if (scenario == NULL || self->mode != GBACW_CALIBRATE_POINTS)
    return;
  px = 1;
  cairo_device_to_user_distance (cr, &px, &py);
  px = hypot (px, py);

  cairo_save (cr);
  for (guint i = 0; i < self->n_points; i++)
    {
      g_autofree char *label = gbacw_hex_grid_format_label (&scenario->map->grid,
                                                            gbacw_hex_grid_hex_at (&scenario->map->grid, self->hexes[i]));
      marker (cr, self->map_points[i][0], self->map_points[i][1], px, label);
    }
  if (self->pending)
    {
      const double *t = scenario->map->background.transform;
      cairo_matrix_t m;
      double x = self->pending_x, y = self->pending_y;

      cairo_matrix_init (&m, t[0], t[1], t[2], t[3], t[4], t[5]);
      if (cairo_matrix_invert (&m) == CAIRO_STATUS_SUCCESS)
        {
          cairo_matrix_transform_point (&m, &x, &y);
          marker (cr, x, y, px, "?");
        }
    }
  cairo_restore (cr);
}

static void
gbacw_tool_calibrate_tool_init (GbacwToolInterface *iface)
{
  iface->activate = calibrate_activate;
  iface->deactivate = calibrate_deactivate;
  iface->pressed = calibrate_pressed;
  iface->dragged = calibrate_dragged;
  iface->released = calibrate_released;
  iface->motion = calibrate_motion;
  iface->draw_overlay = calibrate_draw_overlay;
}

/* ---------------------------------------------------------------- GObject */

static void
gbacw_tool_calibrate_dispose (GObject *object)
{
  GbacwToolCalibrate *self = GBACW_TOOL_CALIBRATE (object);

  g_clear_object (&self->document);

  G_OBJECT_CLASS (gbacw_tool_calibrate_parent_class)->dispose (object);
}

static void
gbacw_tool_calibrate_finalize (GObject *object)
{
  GbacwToolCalibrate *self = GBACW_TOOL_CALIBRATE (object);

  g_free (self->status);

  G_OBJECT_CLASS (gbacw_tool_calibrate_parent_class)->finalize (object);
}

static void
gbacw_tool_calibrate_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  GbacwToolCalibrate *self = GBACW_TOOL_CALIBRATE (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      g_value_set_object (value, self->document);
      break;
    case PROP_MODE:
      g_value_set_int (value, self->mode);
      break;
    case PROP_STATUS:
      g_value_set_string (value, self->status);
      break;
    case PROP_N_POINTS:
      g_value_set_uint (value, self->n_points);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gbacw_tool_calibrate_set_property (GObject      *object,
                                   guint         prop_id,
                                   const GValue *value,
                                   GParamSpec   *pspec)
{
  GbacwToolCalibrate *self = GBACW_TOOL_CALIBRATE (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      gbacw_tool_calibrate_set_document (self, g_value_get_object (value));
      break;
    case PROP_MODE:
      gbacw_tool_calibrate_set_mode (self, g_value_get_int (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gbacw_tool_calibrate_class_init (GbacwToolCalibrateClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = gbacw_tool_calibrate_dispose;
  object_class->finalize = gbacw_tool_calibrate_finalize;
  object_class->get_property = gbacw_tool_calibrate_get_property;
  object_class->set_property = gbacw_tool_calibrate_set_property;

  properties[PROP_DOCUMENT] =
    g_param_spec_object ("document", NULL, NULL, GBACW_TYPE_DOCUMENT,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_MODE] =
    g_param_spec_int ("mode", NULL, NULL, GBACW_CALIBRATE_POINTS, GBACW_CALIBRATE_ADJUST, GBACW_CALIBRATE_POINTS,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_STATUS] =
    g_param_spec_string ("status", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_N_POINTS] =
    g_param_spec_uint ("n-points", NULL, NULL, 0, N_POINTS, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* point-picked (image_x, image_y): points mode, a click waits for its hex label. */
  signals[SIGNAL_POINT_PICKED] =
    g_signal_new ("point-picked", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_DOUBLE, G_TYPE_DOUBLE);
}

static void
gbacw_tool_calibrate_init (GbacwToolCalibrate *self)
{
  update_status (self);
}
