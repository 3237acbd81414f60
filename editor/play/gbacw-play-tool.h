/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-play-tool.h: the primary button on the map in test play.
 *
 * A click on the play canvas's map is a click on a hex: the tool emits "hex-clicked"
 * (the hex index and the modifiers) and the play view decides what it means in the
 * phase (select a stack, move, pick a target, answer a question). The overlay is drawn
 * by the play view.
 */
#pragma once

#include "gbacw-map-tool.h"

G_BEGIN_DECLS

#define GBACW_TYPE_PLAY_TOOL (gbacw_play_tool_get_type ())
G_DECLARE_FINAL_TYPE (GbacwPlayTool, gbacw_play_tool, GBACW, PLAY_TOOL, GbacwMapTool)

GbacwPlayTool *gbacw_play_tool_new (void);

G_END_DECLS
