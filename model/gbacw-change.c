/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-change.c: the change notification payload. */
#define G_LOG_DOMAIN "gbacw-change"

#include "gbacw-change.h"

G_DEFINE_BOXED_TYPE (GbacwChange, gbacw_change, gbacw_change_copy, gbacw_change_free)

GbacwChange *
gbacw_change_new (void)
{
  GbacwChange *change = g_new0 (GbacwChange, 1);
  change->hexes = g_array_new (FALSE, FALSE, sizeof (int));
  change->hexsides = g_array_new (FALSE, FALSE, sizeof (guint32));
  change->units = g_ptr_array_new_with_free_func (g_free);
  return change;
}

GbacwChange *
gbacw_change_copy (const GbacwChange *change)
{
  GbacwChange *copy = gbacw_change_new ();
  gbacw_change_merge (copy, change);
  return copy;
}

void
gbacw_change_free (GbacwChange *change)
{
  if (change == NULL)
    return;
  g_array_unref (change->hexes);
  g_array_unref (change->hexsides);
  g_ptr_array_unref (change->units);
  g_free (change);
}

void
gbacw_change_add_hex (GbacwChange *change, int hex)
{
  g_return_if_fail (change != NULL);
  g_array_append_val (change->hexes, hex);
}

void
gbacw_change_add_hexside (GbacwChange *change, guint32 hexside)
{
  g_return_if_fail (change != NULL);
  g_array_append_val (change->hexsides, hexside);
}

void
gbacw_change_add_unit (GbacwChange *change, const char *unit_id)
{
  g_return_if_fail (change != NULL);
  if (unit_id != NULL)
    g_ptr_array_add (change->units, g_strdup (unit_id));
}

void
gbacw_change_merge (GbacwChange *change, const GbacwChange *other)
{
  g_return_if_fail (change != NULL);
  g_return_if_fail (other != NULL);
  change->flags |= other->flags;
  g_array_append_vals (change->hexes, other->hexes->data, other->hexes->len);
  g_array_append_vals (change->hexsides, other->hexsides->data, other->hexsides->len);
  for (guint i = 0; i < other->units->len; i++)
    g_ptr_array_add (change->units, g_strdup (g_ptr_array_index (other->units, i)));
}

gboolean
gbacw_change_is_empty (const GbacwChange *change)
{
  return change->flags == 0 && change->hexes->len == 0 && change->hexsides->len == 0 && change->units->len == 0;
}

gboolean
gbacw_change_has_unit (const GbacwChange *change, const char *unit_id)
{
  for (guint i = 0; i < change->units->len; i++)
    if (g_strcmp0 (g_ptr_array_index (change->units, i), unit_id) == 0)
      return TRUE;
  return FALSE;
}
