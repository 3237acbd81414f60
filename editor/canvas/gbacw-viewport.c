/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-viewport.c: which part of the map a view shows, and how large. */
#define G_LOG_DOMAIN "gbacw-viewport"

#include "config.h"

#include <math.h>

#include "gbacw-viewport.h"

#define SQRT3 1.73205080756887729353

struct _GbacwViewport
{
  GObject parent_instance;

  double view_width, view_height;
  double map_width, map_height;
  double centre_x, centre_y;
  double scale;
  double min_scale, max_scale;
  /* No view or map size yet: the first time both are known, show the whole map. */
  gboolean fitted;
};

G_DEFINE_FINAL_TYPE (GbacwViewport, gbacw_viewport, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_CENTRE_X,
  PROP_CENTRE_Y,
  PROP_SCALE,
  PROP_MIN_SCALE,
  PROP_MAX_SCALE,
  PROP_VIEW_WIDTH,
  PROP_VIEW_HEIGHT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static gboolean
has_sizes (GbacwViewport *self)
{
  return self->view_width > 0 && self->view_height > 0 && self->map_width > 0 && self->map_height > 0;
}

/* Recomputes the limits and brings the view within them, notifying what changed. */
static void
clamp_and_notify (GbacwViewport *self,
                  double         old_x,
                  double         old_y,
                  double         old_scale)
{
  double old_min = self->min_scale, old_max = self->max_scale;

  if (has_sizes (self))
    {
      double fit = MIN (self->view_width / self->map_width, self->view_height / self->map_height);

      self->min_scale = fit * 0.95;
      self->max_scale = MAX (MIN (self->view_width, self->view_height) / SQRT3, self->min_scale);
      if (!self->fitted)
        {
          self->fitted = TRUE;
          self->scale = self->min_scale;
          self->centre_x = self->map_width / 2;
          self->centre_y = self->map_height / 2;
        }
      self->scale = CLAMP (self->scale, self->min_scale, self->max_scale);

      /* Zoomed all the way out, the whole map shows in the middle. Otherwise the view may
       * show past the map's edge, up to the middle of the view, so that zooming in keeps
       * the point under the pointer even at the map's edge: the new centre lies between
       * the old one and that point, both within these limits. */
      if (self->scale <= self->min_scale)
        {
          self->centre_x = self->map_width / 2;
          self->centre_y = self->map_height / 2;
        }
      else
        {
          self->centre_x = CLAMP (self->centre_x, 0, self->map_width);
          self->centre_y = CLAMP (self->centre_y, 0, self->map_height);
        }
    }

  g_object_freeze_notify (G_OBJECT (self));
  if (self->centre_x != old_x)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CENTRE_X]);
  if (self->centre_y != old_y)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CENTRE_Y]);
  if (self->scale != old_scale)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SCALE]);
  if (self->min_scale != old_min)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MIN_SCALE]);
  if (self->max_scale != old_max)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MAX_SCALE]);
  g_object_thaw_notify (G_OBJECT (self));
}

static void
gbacw_viewport_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  GbacwViewport *self = GBACW_VIEWPORT (object);

  switch (prop_id)
    {
    case PROP_CENTRE_X:
      g_value_set_double (value, self->centre_x);
      break;
    case PROP_CENTRE_Y:
      g_value_set_double (value, self->centre_y);
      break;
    case PROP_SCALE:
      g_value_set_double (value, self->scale);
      break;
    case PROP_MIN_SCALE:
      g_value_set_double (value, self->min_scale);
      break;
    case PROP_MAX_SCALE:
      g_value_set_double (value, self->max_scale);
      break;
    case PROP_VIEW_WIDTH:
      g_value_set_double (value, self->view_width);
      break;
    case PROP_VIEW_HEIGHT:
      g_value_set_double (value, self->view_height);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gbacw_viewport_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  GbacwViewport *self = GBACW_VIEWPORT (object);

  switch (prop_id)
    {
    case PROP_CENTRE_X:
      gbacw_viewport_set_centre (self, g_value_get_double (value), self->centre_y);
      break;
    case PROP_CENTRE_Y:
      gbacw_viewport_set_centre (self, self->centre_x, g_value_get_double (value));
      break;
    case PROP_SCALE:
      gbacw_viewport_set_scale (self, g_value_get_double (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gbacw_viewport_class_init (GbacwViewportClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = gbacw_viewport_get_property;
  object_class->set_property = gbacw_viewport_set_property;

  properties[PROP_CENTRE_X] =
    g_param_spec_double ("centre-x", NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE, 0,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CENTRE_Y] =
    g_param_spec_double ("centre-y", NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE, 0,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SCALE] =
    g_param_spec_double ("scale", NULL, NULL, 0, G_MAXDOUBLE, 20,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_MIN_SCALE] =
    g_param_spec_double ("min-scale", NULL, NULL, 0, G_MAXDOUBLE, 0.1,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_MAX_SCALE] =
    g_param_spec_double ("max-scale", NULL, NULL, 0, G_MAXDOUBLE, 1000,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_VIEW_WIDTH] =
    g_param_spec_double ("view-width", NULL, NULL, 0, G_MAXDOUBLE, 0,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_VIEW_HEIGHT] =
    g_param_spec_double ("view-height", NULL, NULL, 0, G_MAXDOUBLE, 0,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
gbacw_viewport_init (GbacwViewport *self)
{
  self->scale = 20;
  self->min_scale = 0.1;
  self->max_scale = 1000;
}

GbacwViewport *
gbacw_viewport_new (void)
{
  return g_object_new (GBACW_TYPE_VIEWPORT, NULL);
}

void
gbacw_viewport_set_view_size (GbacwViewport *self,
                              double         width,
                              double         height)
{
  g_return_if_fail (GBACW_IS_VIEWPORT (self));

  if (width == self->view_width && height == self->view_height)
    return;
  self->view_width = width;
  self->view_height = height;
  g_object_freeze_notify (G_OBJECT (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VIEW_WIDTH]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VIEW_HEIGHT]);
  clamp_and_notify (self, self->centre_x, self->centre_y, self->scale);
  g_object_thaw_notify (G_OBJECT (self));
}

void
gbacw_viewport_set_map_size (GbacwViewport *self,
                             double         width,
                             double         height)
{
  g_return_if_fail (GBACW_IS_VIEWPORT (self));

  if (width == self->map_width && height == self->map_height)
    return;
  /* A different map: show all of it again. */
  self->map_width = width;
  self->map_height = height;
  self->fitted = FALSE;
  clamp_and_notify (self, self->centre_x, self->centre_y, self->scale);
}

double
gbacw_viewport_get_view_width (GbacwViewport *self)
{
  g_return_val_if_fail (GBACW_IS_VIEWPORT (self), 0);
  return self->view_width;
}

double
gbacw_viewport_get_view_height (GbacwViewport *self)
{
  g_return_val_if_fail (GBACW_IS_VIEWPORT (self), 0);
  return self->view_height;
}

double
gbacw_viewport_get_centre_x (GbacwViewport *self)
{
  g_return_val_if_fail (GBACW_IS_VIEWPORT (self), 0);
  return self->centre_x;
}

double
gbacw_viewport_get_centre_y (GbacwViewport *self)
{
  g_return_val_if_fail (GBACW_IS_VIEWPORT (self), 0);
  return self->centre_y;
}

void
gbacw_viewport_set_centre (GbacwViewport *self,
                           double         x,
                           double         y)
{
  double old_x, old_y;

  g_return_if_fail (GBACW_IS_VIEWPORT (self));

  old_x = self->centre_x;
  old_y = self->centre_y;
  self->centre_x = x;
  self->centre_y = y;
  clamp_and_notify (self, old_x, old_y, self->scale);
}

double
gbacw_viewport_get_scale (GbacwViewport *self)
{
  g_return_val_if_fail (GBACW_IS_VIEWPORT (self), 1);
  return self->scale;
}

void
gbacw_viewport_set_scale (GbacwViewport *self,
                          double         scale)
{
  double old_scale;

  g_return_if_fail (GBACW_IS_VIEWPORT (self));
  g_return_if_fail (scale > 0);

  old_scale = self->scale;
  self->scale = scale;
  clamp_and_notify (self, self->centre_x, self->centre_y, old_scale);
}

double
gbacw_viewport_get_min_scale (GbacwViewport *self)
{
  g_return_val_if_fail (GBACW_IS_VIEWPORT (self), 0);
  return self->min_scale;
}

double
gbacw_viewport_get_max_scale (GbacwViewport *self)
{
  g_return_val_if_fail (GBACW_IS_VIEWPORT (self), 0);
  return self->max_scale;
}

void
gbacw_viewport_zoom_at (GbacwViewport *self,
                        double         factor,
                        double         x,
                        double         y)
{
  double mx, my, old_x, old_y, old_scale;

  g_return_if_fail (GBACW_IS_VIEWPORT (self));
  g_return_if_fail (factor > 0);

  gbacw_viewport_view_to_map (self, x, y, &mx, &my);
  old_x = self->centre_x;
  old_y = self->centre_y;
  old_scale = self->scale;
  self->scale = CLAMP (self->scale * factor, self->min_scale, self->max_scale);
  /* Keep (mx, my) under (x, y). */
  self->centre_x = mx - (x - self->view_width / 2) / self->scale;
  self->centre_y = my - (y - self->view_height / 2) / self->scale;
  clamp_and_notify (self, old_x, old_y, old_scale);
}

void
gbacw_viewport_pan_by (GbacwViewport *self,
                       double         dx,
                       double         dy)
{
  g_return_if_fail (GBACW_IS_VIEWPORT (self));

  gbacw_viewport_set_centre (self, self->centre_x - dx / self->scale, self->centre_y - dy / self->scale);
}

void
gbacw_viewport_fit (GbacwViewport *self)
{
  double old_x, old_y, old_scale;

  g_return_if_fail (GBACW_IS_VIEWPORT (self));

  old_x = self->centre_x;
  old_y = self->centre_y;
  old_scale = self->scale;
  self->fitted = FALSE;
  clamp_and_notify (self, old_x, old_y, old_scale);
}

void
gbacw_viewport_view_to_map (GbacwViewport *self,
                            double         x,
                            double         y,
                            double        *map_x,
                            double        *map_y)
{
  g_return_if_fail (GBACW_IS_VIEWPORT (self));

  if (map_x != NULL)
    *map_x = self->centre_x + (x - self->view_width / 2) / self->scale;
  if (map_y != NULL)
    *map_y = self->centre_y + (y - self->view_height / 2) / self->scale;
}

void
gbacw_viewport_map_to_view (GbacwViewport *self,
                            double         map_x,
                            double         map_y,
                            double        *x,
                            double        *y)
{
  g_return_if_fail (GBACW_IS_VIEWPORT (self));

  if (x != NULL)
    *x = (map_x - self->centre_x) * self->scale + self->view_width / 2;
  if (y != NULL)
    *y = (map_y - self->centre_y) * self->scale + self->view_height / 2;
}
