/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-findings-button.h: the header bar's count of errors and warnings, which shows
 * or hides the findings panel.
 */
#pragma once

#include <gtk/gtk.h>

#include "gbacw-findings-panel.h"

G_BEGIN_DECLS

#define GBACW_TYPE_FINDINGS_BUTTON (gbacw_findings_button_get_type ())
G_DECLARE_FINAL_TYPE (GbacwFindingsButton, gbacw_findings_button, GBACW, FINDINGS_BUTTON, GtkToggleButton)

GtkWidget          *gbacw_findings_button_new (void);

/* The panel whose counts the button shows; the button is active while it is visible. */
GbacwFindingsPanel *gbacw_findings_button_get_panel (GbacwFindingsButton *self);
void                gbacw_findings_button_set_panel (GbacwFindingsButton *self, GbacwFindingsPanel *panel);

/* The counts as shown: "2 · 5" (errors · warnings), or "" when there are neither. */
const char         *gbacw_findings_button_get_text (GbacwFindingsButton *self);

G_END_DECLS
