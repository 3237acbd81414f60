/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-finding-item.c: one finding of the validator, as a row of the findings panel. */
#define G_LOG_DOMAIN "gbacw-finding-item"

#include "config.h"

#include "gbacw-finding-item.h"

struct _GbacwFindingItem
{
  GObject parent_instance;

  GbacwFinding *finding;
  char *location;
  char *rule_case_label;
  guint alike_hash;
  const char *alike_check;   /* interned: compared by pointer */
  const char *alike_case;
};

G_DEFINE_FINAL_TYPE (GbacwFindingItem, gbacw_finding_item, G_TYPE_OBJECT)

static void
gbacw_finding_item_finalize (GObject *object)
{
  GbacwFindingItem *self = GBACW_FINDING_ITEM (object);

  g_clear_pointer (&self->finding, gbacw_finding_free);
  g_clear_pointer (&self->location, g_free);
  g_clear_pointer (&self->rule_case_label, g_free);

  G_OBJECT_CLASS (gbacw_finding_item_parent_class)->finalize (object);
}

static void
gbacw_finding_item_class_init (GbacwFindingItemClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = gbacw_finding_item_finalize;
}

static void
gbacw_finding_item_init (GbacwFindingItem *self)
{
}

GbacwFindingItem *
gbacw_finding_item_new (const GbacwFinding *finding,
                        const GbacwHexGrid *grid)
{
  GbacwFindingItem *self;

  g_return_val_if_fail (finding != NULL, NULL);
  g_return_val_if_fail (grid != NULL, NULL);

  self = g_object_new (GBACW_TYPE_FINDING_ITEM, NULL);
  self->finding = gbacw_finding_copy (finding);
  self->location = gbacw_finding_format_location (finding, grid);
  if (finding->rule_case != NULL && finding->rule_case[0] != '\0')
    self->rule_case_label = g_strdup_printf ("[%s]", finding->rule_case);
  else
    self->rule_case_label = g_strdup ("");
  self->alike_check = g_intern_string (finding->check);
  self->alike_case = g_intern_string (finding->rule_case);
  self->alike_hash = finding->check ? g_str_hash (finding->check) : 0;
  self->alike_hash = self->alike_hash * 31 + (guint) finding->severity;
  self->alike_hash = self->alike_hash * 31 + (guint) finding->location;
  if (finding->message_format != NULL)
    self->alike_hash = self->alike_hash * 31 + g_direct_hash (finding->message_format);
  else if (finding->message != NULL)
    self->alike_hash = self->alike_hash * 31 + g_str_hash (finding->message);
  return self;
}

const GbacwFinding *
gbacw_finding_item_get_finding (GbacwFindingItem *self)
{
  g_return_val_if_fail (GBACW_IS_FINDING_ITEM (self), NULL);
  return self->finding;
}

GbacwSeverity
gbacw_finding_item_get_severity (GbacwFindingItem *self)
{
  g_return_val_if_fail (GBACW_IS_FINDING_ITEM (self), GBACW_SEVERITY_INFO);
  return self->finding->severity;
}

const char *
gbacw_finding_item_get_location (GbacwFindingItem *self)
{
  g_return_val_if_fail (GBACW_IS_FINDING_ITEM (self), NULL);
  return self->location;
}

const char *
gbacw_finding_item_get_rule_case_label (GbacwFindingItem *self)
{
  g_return_val_if_fail (GBACW_IS_FINDING_ITEM (self), NULL);
  return self->rule_case_label;
}

guint
gbacw_finding_item_get_alike_hash (GbacwFindingItem *self)
{
  g_return_val_if_fail (GBACW_IS_FINDING_ITEM (self), 0);
  return self->alike_hash;
}

gboolean
gbacw_finding_item_alike (GbacwFindingItem *a,
                          GbacwFindingItem *b)
{
  const GbacwFinding *fa, *fb;

  if (a == b)
    return TRUE;
  if (a->alike_hash != b->alike_hash || a->alike_check != b->alike_check || a->alike_case != b->alike_case)
    return FALSE;
  fa = a->finding;
  fb = b->finding;
  if (fa->severity != fb->severity || fa->location != fb->location)
    return FALSE;
  /* Formats are interned: one pointer per wording. Without one, the words themselves. */
  if (fa->message_format != NULL || fb->message_format != NULL)
    return fa->message_format == fb->message_format;
  return g_strcmp0 (fa->message, fb->message) == 0;
}

gboolean
gbacw_finding_item_matches (GbacwFindingItem   *self,
                            const GbacwFinding *finding)
{
  g_return_val_if_fail (GBACW_IS_FINDING_ITEM (self), FALSE);
  return gbacw_finding_equal (self->finding, finding);
}
