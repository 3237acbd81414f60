/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-window-private.h: what the tests ask of a window beyond gbacw-window.h. */
#pragma once

#include "gbacw-window.h"

G_BEGIN_DECLS

/* Whether the window's class action name ("win.save") is enabled, as update_actions ()
 * last set it: GTK 4.8 does not tell a widget's class action's enabled state. */
gboolean gbacw_window_get_action_enabled (GbacwWindow *self, const char *name);

G_END_DECLS
