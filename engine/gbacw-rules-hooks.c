/* gbacw-rules-hooks.c: the registry of exclusive rule modules. */
#include "gbacw-rules-hooks.h"

G_LOCK_DEFINE_STATIC (registry);
static GHashTable *registry;   /* id -> const GbacwRuleHooks* */

void
gbacw_rules_hooks_register (const GbacwRuleHooks *hooks)
{
  g_return_if_fail (hooks != NULL && hooks->id != NULL);
  G_LOCK (registry);
  if (registry == NULL)
    registry = g_hash_table_new (g_str_hash, g_str_equal);
  g_hash_table_replace (registry, (gpointer) hooks->id, (gpointer) hooks);
  G_UNLOCK (registry);
}

const GbacwRuleHooks *
gbacw_rules_hooks_lookup (const char *id)
{
  const GbacwRuleHooks *hooks = NULL;

  G_LOCK (registry);
  if (registry != NULL && id != NULL)
    hooks = g_hash_table_lookup (registry, id);
  G_UNLOCK (registry);
  return hooks;
}

void
gbacw_rules_hooks_unregister (const char *id)
{
  G_LOCK (registry);
  if (registry != NULL && id != NULL)
    g_hash_table_remove (registry, id);
  G_UNLOCK (registry);
}
