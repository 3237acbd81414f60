/* gbacw-game-private.h: what the engine modules share and nothing else needs. */
#pragma once

#include "gbacw-game.h"

G_BEGIN_DECLS

/* Runs each attached exclusive rule's hook: for (i …) { hooks, data } */
#define GBACW_FOREACH_HOOK(game, hook_var, data_var) \
  for (guint hook_i_ = 0; hook_i_ < (game)->hooks->len; hook_i_++) \
    for (const GbacwRuleHooks *hook_var = g_ptr_array_index ((game)->hooks, hook_i_); hook_var; hook_var = NULL) \
      for (gpointer data_var = g_ptr_array_index ((game)->hook_data, hook_i_); hook_var; hook_var = NULL)

/* gbacw-movement.c */
gboolean gbacw_movement_check_action (GbacwGame *game, const GbacwAction *action, GError **error);
void     gbacw_movement_apply_action (GbacwGame *game, const GbacwAction *action);
gboolean gbacw_movement_check_end (GbacwGame *game, GError **error);

/* gbacw-fire.c */
gboolean gbacw_fire_check_action (GbacwGame *game, const GbacwAction *action, GError **error);
gboolean gbacw_fire_apply_action (GbacwGame *game, const GbacwAction *action, GError **error);
void     gbacw_fire_phase_end (GbacwGame *game);
void     gbacw_fire_resolution_free_ptr (gpointer resolution);

/* Sets the LOS height of the units of hex (9.72). */
void     gbacw_game_refresh_hex (GbacwGame *game, int hex);

G_END_DECLS
