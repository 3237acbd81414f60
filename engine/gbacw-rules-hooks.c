/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-rules-hooks.c: the registry of exclusive rule modules. */
#define G_LOG_DOMAIN "gbacw-rules-hooks"

#include "gbacw-rules-hooks.h"

#include "gbacw-game-private.h"

#include "rules/gbacw-rule-modules.h"

G_LOCK_DEFINE_STATIC (registry);
static GHashTable *registry;   /* id -> const GbacwRuleHooks* */

static void
add (const GbacwRuleHooks *hooks)
{
  G_LOCK (registry);
  if (registry == NULL)
    registry = g_hash_table_new (g_str_hash, g_str_equal);
  g_hash_table_replace (registry, (gpointer) hooks->id, (gpointer) hooks);
  G_UNLOCK (registry);
}

/* The engine's own modules go in first, so that a module registered later (a test's)
 * replaces one of them and not the other way round. */
static void
ensure_engine_modules (void)
{
  static gsize done = 0;

  if (g_once_init_enter (&done))
    {
      for (guint i = 0; i < gbacw_rule_modules_n (); i++)
        add (gbacw_rule_modules_get (i));
      g_once_init_leave (&done, 1);
    }
}

void
gbacw_rules_hooks_register (const GbacwRuleHooks *hooks)
{
  g_return_if_fail (hooks != NULL && hooks->id != NULL);
  ensure_engine_modules ();
  add (hooks);
}

const GbacwRuleHooks *
gbacw_rules_hooks_lookup (const char *id)
{
  const GbacwRuleHooks *hooks = NULL;

  ensure_engine_modules ();
  G_LOCK (registry);
  if (registry != NULL && id != NULL)
    hooks = g_hash_table_lookup (registry, id);
  G_UNLOCK (registry);
  return hooks;
}

void
gbacw_rules_hooks_unregister (const char *id)
{
  ensure_engine_modules ();
  G_LOCK (registry);
  if (registry != NULL && id != NULL)
    g_hash_table_remove (registry, id);
  G_UNLOCK (registry);
}

int
gbacw_game_keep_distance (const GbacwGame *game, int unit)
{
  int keep = 0;

  GBACW_FOREACH_HOOK (game, hooks, data)
    if (hooks->keep_distance)
      keep = MAX (keep, hooks->keep_distance (game, data, unit));
  return keep;
}

GbacwRuleStatus *
gbacw_rule_status_new (const char *rule_case, const char *format, ...)
{
  GbacwRuleStatus *status = g_new0 (GbacwRuleStatus, 1);
  va_list args;

  va_start (args, format);
  status->text = g_strdup_vprintf (format, args);
  va_end (args);
  status->rule_case = g_strdup (rule_case);
  return status;
}

void
gbacw_rule_status_free (GbacwRuleStatus *status)
{
  if (status == NULL)
    return;
  g_free (status->rule_case);
  g_free (status->text);
  g_free (status);
}

GPtrArray *
gbacw_game_rules_status (const GbacwGame *game)
{
  GPtrArray *items = g_ptr_array_new_with_free_func ((GDestroyNotify) gbacw_rule_status_free);

  g_return_val_if_fail (game != NULL, items);
  GBACW_FOREACH_HOOK (game, hooks, data)
    if (hooks->status)
      hooks->status (game, data, items);
  return items;
}

gboolean
gbacw_rules_hooks_copyable (const GbacwRuleHooks *hooks)
{
  return hooks != NULL && (hooks->stateless || hooks->copy_state != NULL);
}

gboolean
gbacw_game_rules_copyable (const GbacwGame *game)
{
  GBACW_FOREACH_HOOK (game, hooks, data)
    if (!gbacw_rules_hooks_copyable (hooks))
      return FALSE;
  return TRUE;
}

gboolean
gbacw_game_copy_rules_state (GbacwGame *to, const GbacwGame *from)
{
  if (to->hooks->len != from->hooks->len || to->hook_data->len != from->hook_data->len)
    return FALSE;
  for (guint i = 0; i < from->hooks->len; i++)
    if (g_ptr_array_index (to->hooks, i) != g_ptr_array_index (from->hooks, i)
        || !gbacw_rules_hooks_copyable (g_ptr_array_index (from->hooks, i)))
      return FALSE;
  for (guint i = 0; i < from->hooks->len; i++)
    {
      const GbacwRuleHooks *hooks = g_ptr_array_index (from->hooks, i);
      gpointer to_data = g_ptr_array_index (to->hook_data, i);
      gconstpointer from_data = g_ptr_array_index (from->hook_data, i);
      if (hooks->copy_state && !hooks->copy_state (to, to_data, from, from_data))
        return FALSE;
    }
  return TRUE;
}
