/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-tool.c: what the primary mouse button does on the map. */
#define G_LOG_DOMAIN "gbacw-tool"

#include "config.h"

#include "gbacw-tool.h"

G_DEFINE_INTERFACE (GbacwTool, gbacw_tool, G_TYPE_OBJECT)

static void
gbacw_tool_default_init (GbacwToolInterface *iface)
{
}

/* Every vfunc is optional: a tool implements only what it reacts to. */
#define CALL_VFUNC(name, ...)                                  \
  G_STMT_START {                                               \
    GbacwToolInterface *iface;                                 \
    g_return_if_fail (GBACW_IS_TOOL (self));                   \
    iface = GBACW_TOOL_GET_IFACE (self);                       \
    if (iface->name != NULL)                                   \
      iface->name (self, __VA_ARGS__);                         \
  } G_STMT_END

void
gbacw_tool_activate (GbacwTool *self, GbacwMapCanvas *canvas)
{
  CALL_VFUNC (activate, canvas);
}

void
gbacw_tool_deactivate (GbacwTool *self, GbacwMapCanvas *canvas)
{
  CALL_VFUNC (deactivate, canvas);
}

void
gbacw_tool_pressed (GbacwTool *self, GbacwMapCanvas *canvas, double x, double y, GdkModifierType state)
{
  CALL_VFUNC (pressed, canvas, x, y, state);
}

void
gbacw_tool_dragged (GbacwTool *self, GbacwMapCanvas *canvas, double x, double y, GdkModifierType state)
{
  CALL_VFUNC (dragged, canvas, x, y, state);
}

void
gbacw_tool_released (GbacwTool *self, GbacwMapCanvas *canvas, double x, double y, GdkModifierType state)
{
  CALL_VFUNC (released, canvas, x, y, state);
}

void
gbacw_tool_motion (GbacwTool *self, GbacwMapCanvas *canvas, double x, double y, GdkModifierType state)
{
  CALL_VFUNC (motion, canvas, x, y, state);
}

void
gbacw_tool_draw_overlay (GbacwTool *self, GbacwMapCanvas *canvas, cairo_t *cr)
{
  CALL_VFUNC (draw_overlay, canvas, cr);
}

void
gbacw_tool_activated (GbacwTool *self, GbacwMapCanvas *canvas, double x, double y, GdkModifierType state)
{
  CALL_VFUNC (activated, canvas, x, y, state);
}

gboolean
gbacw_tool_scrolled (GbacwTool *self, GbacwMapCanvas *canvas, double x, double y, double steps,
                     GdkModifierType state)
{
  GbacwToolInterface *iface;

  g_return_val_if_fail (GBACW_IS_TOOL (self), FALSE);
  iface = GBACW_TOOL_GET_IFACE (self);
  return iface->scrolled != NULL && iface->scrolled (self, canvas, x, y, steps, state);
}

gboolean
gbacw_tool_key_pressed (GbacwTool *self, GbacwMapCanvas *canvas, guint keyval, GdkModifierType state)
{
  GbacwToolInterface *iface;

  g_return_val_if_fail (GBACW_IS_TOOL (self), FALSE);
  iface = GBACW_TOOL_GET_IFACE (self);
  return iface->key_pressed != NULL && iface->key_pressed (self, canvas, keyval, state);
}

gboolean
gbacw_tool_edits_on_press (GbacwTool *self)
{
  g_return_val_if_fail (GBACW_IS_TOOL (self), FALSE);
  return GBACW_TOOL_GET_IFACE (self)->edits_on_press;
}
