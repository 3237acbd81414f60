/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-canvas-layer.c: something drawn over the map canvas's tiles, in map units.
 *
 * The base class draws, for a layer made with gbacw_canvas_layer_new_for_object (), its
 * owner's function; subclasses override draw.
 */
#define G_LOG_DOMAIN "gbacw-canvas-layer"

#include "config.h"

#include "gbacw-canvas-layer-private.h"

typedef struct
{
  char *name;
  GbacwMapCanvas *canvas;
  gboolean visible;

  GObject *owner;                 /* weak */
  GbacwCanvasLayerDrawFunc func;
  GbacwCanvasLayerRemoveFunc remove; /* the canvas's, for when the owner goes */
} GbacwCanvasLayerPrivate;

G_DEFINE_TYPE_WITH_PRIVATE (GbacwCanvasLayer, gbacw_canvas_layer, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_NAME,
  PROP_VISIBLE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The owner's drawing code went with it: the layer leaves its canvas. */
static void
on_owner_finalized (gpointer data,
                    GObject *where_the_owner_was)
{
  GbacwCanvasLayer *self = data;
  GbacwCanvasLayerPrivate *priv = gbacw_canvas_layer_get_instance_private (self);

  priv->owner = NULL;
  priv->func = NULL;
  if (priv->canvas != NULL && priv->remove != NULL)
    priv->remove (priv->canvas, self);
}

GbacwCanvasLayer *
gbacw_canvas_layer_new_for_object (const char              *name,
                                   gpointer                 owner,
                                   GbacwCanvasLayerDrawFunc func)
{
  GbacwCanvasLayer *self;
  GbacwCanvasLayerPrivate *priv;

  g_return_val_if_fail (G_IS_OBJECT (owner), NULL);
  g_return_val_if_fail (func != NULL, NULL);

  self = g_object_new (GBACW_TYPE_CANVAS_LAYER, "name", name, NULL);
  priv = gbacw_canvas_layer_get_instance_private (self);
  priv->owner = owner;
  g_object_weak_ref (owner, on_owner_finalized, self);
  priv->func = func;
  return self;
}

const char *
gbacw_canvas_layer_get_name (GbacwCanvasLayer *self)
{
  GbacwCanvasLayerPrivate *priv;

  g_return_val_if_fail (GBACW_IS_CANVAS_LAYER (self), NULL);
  priv = gbacw_canvas_layer_get_instance_private (self);
  return priv->name;
}

GbacwMapCanvas *
gbacw_canvas_layer_get_canvas (GbacwCanvasLayer *self)
{
  GbacwCanvasLayerPrivate *priv;

  g_return_val_if_fail (GBACW_IS_CANVAS_LAYER (self), NULL);
  priv = gbacw_canvas_layer_get_instance_private (self);
  return priv->canvas;
}

void
gbacw_canvas_layer_set_canvas (GbacwCanvasLayer          *self,
                               GbacwMapCanvas            *canvas,
                               GbacwCanvasLayerRemoveFunc remove)
{
  GbacwCanvasLayerPrivate *priv = gbacw_canvas_layer_get_instance_private (self);

  priv->canvas = canvas;
  priv->remove = remove;
}

gboolean
gbacw_canvas_layer_get_visible (GbacwCanvasLayer *self)
{
  GbacwCanvasLayerPrivate *priv;

  g_return_val_if_fail (GBACW_IS_CANVAS_LAYER (self), FALSE);
  priv = gbacw_canvas_layer_get_instance_private (self);
  return priv->visible;
}

void
gbacw_canvas_layer_set_visible (GbacwCanvasLayer *self,
                                gboolean          visible)
{
  GbacwCanvasLayerPrivate *priv;

  g_return_if_fail (GBACW_IS_CANVAS_LAYER (self));
  priv = gbacw_canvas_layer_get_instance_private (self);

  visible = !!visible;
  if (priv->visible == visible)
    return;
  priv->visible = visible;
  gbacw_canvas_layer_queue_draw (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VISIBLE]);
}

void
gbacw_canvas_layer_queue_draw (GbacwCanvasLayer *self)
{
  GbacwCanvasLayerPrivate *priv;

  g_return_if_fail (GBACW_IS_CANVAS_LAYER (self));
  priv = gbacw_canvas_layer_get_instance_private (self);
  if (priv->canvas != NULL)
    gtk_widget_queue_draw (GTK_WIDGET (priv->canvas));
}

gboolean
gbacw_canvas_layer_wants_draw (GbacwCanvasLayer           *self,
                               GbacwMapCanvas             *canvas,
                               const GbacwCanvasLayerView *view)
{
  GbacwCanvasLayerPrivate *priv = gbacw_canvas_layer_get_instance_private (self);

  return priv->visible && GBACW_CANVAS_LAYER_GET_CLASS (self)->has_content (self, canvas, view);
}

void
gbacw_canvas_layer_draw (GbacwCanvasLayer           *self,
                         GbacwMapCanvas             *canvas,
                         cairo_t                    *cr,
                         const GbacwCanvasLayerView *view)
{
  GbacwCanvasLayerClass *klass = GBACW_CANVAS_LAYER_GET_CLASS (self);

  if (klass->draw == NULL)
    return;
  cairo_save (cr);
  klass->draw (self, canvas, cr, view);
  cairo_restore (cr);
}

static void
gbacw_canvas_layer_real_draw (GbacwCanvasLayer           *self,
                              GbacwMapCanvas             *canvas,
                              cairo_t                    *cr,
                              const GbacwCanvasLayerView *view)
{
  GbacwCanvasLayerPrivate *priv = gbacw_canvas_layer_get_instance_private (self);

  if (priv->owner != NULL && priv->func != NULL)
    priv->func (priv->owner, cr, view->px, canvas);
}

static gboolean
gbacw_canvas_layer_real_has_content (GbacwCanvasLayer           *self,
                                     GbacwMapCanvas             *canvas,
                                     const GbacwCanvasLayerView *view)
{
  return TRUE;
}

static void
gbacw_canvas_layer_finalize (GObject *object)
{
  GbacwCanvasLayerPrivate *priv = gbacw_canvas_layer_get_instance_private (GBACW_CANVAS_LAYER (object));

  if (priv->owner != NULL)
    g_object_weak_unref (priv->owner, on_owner_finalized, object);
  g_free (priv->name);

  G_OBJECT_CLASS (gbacw_canvas_layer_parent_class)->finalize (object);
}

static void
gbacw_canvas_layer_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  GbacwCanvasLayer *self = GBACW_CANVAS_LAYER (object);
  GbacwCanvasLayerPrivate *priv = gbacw_canvas_layer_get_instance_private (self);

  switch (prop_id)
    {
    case PROP_NAME:
      g_value_set_string (value, priv->name);
      break;
    case PROP_VISIBLE:
      g_value_set_boolean (value, priv->visible);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gbacw_canvas_layer_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  GbacwCanvasLayer *self = GBACW_CANVAS_LAYER (object);
  GbacwCanvasLayerPrivate *priv = gbacw_canvas_layer_get_instance_private (self);

  switch (prop_id)
    {
    case PROP_NAME:
      g_free (priv->name);
      priv->name = g_value_dup_string (value);
      break;
    case PROP_VISIBLE:
      gbacw_canvas_layer_set_visible (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gbacw_canvas_layer_class_init (GbacwCanvasLayerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = gbacw_canvas_layer_finalize;
  object_class->get_property = gbacw_canvas_layer_get_property;
  object_class->set_property = gbacw_canvas_layer_set_property;

  klass->draw = gbacw_canvas_layer_real_draw;
  klass->has_content = gbacw_canvas_layer_real_has_content;

  properties[PROP_NAME] =
    g_param_spec_string ("name", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_VISIBLE] =
    g_param_spec_boolean ("visible", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
gbacw_canvas_layer_init (GbacwCanvasLayer *self)
{
  GbacwCanvasLayerPrivate *priv = gbacw_canvas_layer_get_instance_private (self);

  priv->visible = TRUE;
}
