/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-tool.h: what the primary mouse button does on the map.
 *
 * The map canvas forwards primary-button presses, drags and releases, and pointer
 * motion, to its current tool, in map units (hex radius 1). Tools (paint terrain,
 * draw hexsides, place units, …) implement this interface; the canvas itself knows
 * none of them.
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

typedef struct _GbacwMapCanvas GbacwMapCanvas;

#define GBACW_TYPE_TOOL (gbacw_tool_get_type ())
G_DECLARE_INTERFACE (GbacwTool, gbacw_tool, GBACW, TOOL, GObject)

struct _GbacwToolInterface
{
  GTypeInterface parent_iface;

  /* The tool became / stopped being the canvas's current tool. */
  void (*activate)   (GbacwTool *self, GbacwMapCanvas *canvas);
  void (*deactivate) (GbacwTool *self, GbacwMapCanvas *canvas);

  /* x, y in map units; state holds the modifiers. */
  void (*pressed)    (GbacwTool *self, GbacwMapCanvas *canvas, double x, double y, GdkModifierType state);
  void (*dragged)    (GbacwTool *self, GbacwMapCanvas *canvas, double x, double y, GdkModifierType state);
  void (*released)   (GbacwTool *self, GbacwMapCanvas *canvas, double x, double y, GdkModifierType state);
  /* The pointer moved with no button down. */
  void (*motion)     (GbacwTool *self, GbacwMapCanvas *canvas, double x, double y, GdkModifierType state);

  /* Draws the tool's feedback (brush outline, line being drawn) over the map; cr is in
   * map units. */
  void (*draw_overlay) (GbacwTool *self, GbacwMapCanvas *canvas, cairo_t *cr);

  /* The primary button was pressed a second time in a row (a double-click), after the
   * pressed () of that second press. */
  void     (*activated)   (GbacwTool *self, GbacwMapCanvas *canvas, double x, double y, GdkModifierType state);
  /* A scroll over the map with the pointer at x, y; steps: wheel notches (or the
   * equivalent of a smooth scroll), positive downwards. TRUE if the tool used it (the map
   * then does not scroll). Ctrl+scroll always zooms and never reaches the tool. */
  gboolean (*scrolled)    (GbacwTool *self, GbacwMapCanvas *canvas, double x, double y, double steps,
                           GdkModifierType state);
  /* A key pressed with the keyboard focus on the map; TRUE if the tool used it (the
   * window's shortcuts then do not see it). */
  gboolean (*key_pressed) (GbacwTool *self, GbacwMapCanvas *canvas, guint keyval, GdkModifierType state);

  /* TRUE for tools whose press changes the map (paint, draw, place): the press that
   * gives an unfocused map the keyboard focus does not reach them. */
  gboolean edits_on_press;
};

void gbacw_tool_activate     (GbacwTool *self, GbacwMapCanvas *canvas);
void gbacw_tool_deactivate   (GbacwTool *self, GbacwMapCanvas *canvas);
void gbacw_tool_pressed      (GbacwTool *self, GbacwMapCanvas *canvas, double x, double y, GdkModifierType state);
void gbacw_tool_dragged      (GbacwTool *self, GbacwMapCanvas *canvas, double x, double y, GdkModifierType state);
void gbacw_tool_released     (GbacwTool *self, GbacwMapCanvas *canvas, double x, double y, GdkModifierType state);
void gbacw_tool_motion       (GbacwTool *self, GbacwMapCanvas *canvas, double x, double y, GdkModifierType state);
void gbacw_tool_draw_overlay (GbacwTool *self, GbacwMapCanvas *canvas, cairo_t *cr);
void gbacw_tool_activated    (GbacwTool *self, GbacwMapCanvas *canvas, double x, double y, GdkModifierType state);
/* FALSE when the tool does not implement the vfunc. */
gboolean gbacw_tool_scrolled    (GbacwTool *self, GbacwMapCanvas *canvas, double x, double y, double steps,
                                 GdkModifierType state);
gboolean gbacw_tool_key_pressed (GbacwTool *self, GbacwMapCanvas *canvas, guint keyval, GdkModifierType state);
gboolean gbacw_tool_edits_on_press (GbacwTool *self);

G_END_DECLS
