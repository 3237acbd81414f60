/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-settings-edit.c: undoable replacement of whole settings structures.
 *
 * The edit holds the value that is not in the scenario (the new one before it is
 * applied, the old one after), so apply and revert are the same swap and undo
 * gives back exactly the old structures. */
#define G_LOG_DOMAIN "gbacw-settings-edit"

#include "gbacw-settings-edit.h"

enum {
  PART_INFO       = 1 << 0,
  PART_TURNS      = 1 << 1,
  PART_LEVELS     = 1 << 2,
  PART_BACKGROUND = 1 << 3,
};

struct _GbacwSettingsEdit
{
  GbacwCommand parent_instance;

  guint merge_key;
  guint parts;
  GbacwScenarioInfo info;
  GbacwTurnTrack turns;
  GArray *levels;
  GbacwBackground background;
};

G_DEFINE_FINAL_TYPE (GbacwSettingsEdit, gbacw_settings_edit, GBACW_TYPE_COMMAND)

static void
clear_parts (GbacwSettingsEdit *self, guint parts)
{
  if (parts & self->parts & PART_INFO)
    gbacw_scenario_info_clear (&self->info);
  if (parts & self->parts & PART_TURNS)
    gbacw_turn_track_clear (&self->turns);
  if (parts & self->parts & PART_LEVELS)
    g_clear_pointer (&self->levels, g_array_unref);
  if (parts & self->parts & PART_BACKGROUND)
    g_clear_pointer (&self->background.file, g_free);
  self->parts &= ~parts;
}

#define SWAP(type, a, b) G_STMT_START { type tmp_ = (a); (a) = (b); (b) = tmp_; } G_STMT_END

static void
gbacw_settings_edit_swap (GbacwCommand *command, GbacwScenario *scenario, GbacwChange *change)
{
  GbacwSettingsEdit *self = GBACW_SETTINGS_EDIT (command);

  if (self->parts & PART_INFO)
    {
      SWAP (GbacwScenarioInfo, self->info, scenario->info);
      change->flags |= GBACW_CHANGE_SETTINGS;
    }
  if (self->parts & PART_TURNS)
    {
      SWAP (GbacwTurnTrack, self->turns, scenario->turns);
      change->flags |= GBACW_CHANGE_SETTINGS;
    }
  if (self->parts & PART_LEVELS)
    {
      SWAP (GArray *, self->levels, scenario->map->levels);
      change->flags |= GBACW_CHANGE_SETTINGS;
    }
  if (self->parts & PART_BACKGROUND)
    {
      SWAP (GbacwBackground, self->background, scenario->map->background);
      change->flags |= GBACW_CHANGE_BACKGROUND;
    }
}

static gboolean
gbacw_settings_edit_merge (GbacwCommand *command, GbacwCommand *next_command)
{
  GbacwSettingsEdit *self = GBACW_SETTINGS_EDIT (command);
  GbacwSettingsEdit *next;

  if (!GBACW_IS_SETTINGS_EDIT (next_command))
    return FALSE;
  next = GBACW_SETTINGS_EDIT (next_command);
  if (self->merge_key == 0 || self->merge_key != next->merge_key)
    return FALSE;

  /* Both hold old values now: keep self's (the earlier ones), take next's for parts
   * self does not touch. */
  clear_parts (next, self->parts);
  if (next->parts & PART_INFO)
    SWAP (GbacwScenarioInfo, self->info, next->info);
  if (next->parts & PART_TURNS)
    SWAP (GbacwTurnTrack, self->turns, next->turns);
  if (next->parts & PART_LEVELS)
    SWAP (GArray *, self->levels, next->levels);
  if (next->parts & PART_BACKGROUND)
    SWAP (GbacwBackground, self->background, next->background);
  self->parts |= next->parts;
  next->parts = 0;
  return TRUE;
}

static void
gbacw_settings_edit_finalize (GObject *object)
{
  GbacwSettingsEdit *self = GBACW_SETTINGS_EDIT (object);

  clear_parts (self, self->parts);
  G_OBJECT_CLASS (gbacw_settings_edit_parent_class)->finalize (object);
}

static void
gbacw_settings_edit_class_init (GbacwSettingsEditClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GbacwCommandClass *command_class = GBACW_COMMAND_CLASS (klass);

  object_class->finalize = gbacw_settings_edit_finalize;
  command_class->apply = gbacw_settings_edit_swap;
  command_class->revert = gbacw_settings_edit_swap;
  command_class->merge = gbacw_settings_edit_merge;
}

static void
gbacw_settings_edit_init (GbacwSettingsEdit *self)
{
}

GbacwSettingsEdit *
gbacw_settings_edit_new (const char *label, guint merge_key)
{
  GbacwSettingsEdit *self = g_object_new (GBACW_TYPE_SETTINGS_EDIT, "label", label, NULL);
  self->merge_key = merge_key;
  return self;
}

void
gbacw_settings_edit_set_info (GbacwSettingsEdit *self, const GbacwScenarioInfo *info)
{
  g_return_if_fail (GBACW_IS_SETTINGS_EDIT (self));
  g_return_if_fail (info != NULL);

  clear_parts (self, PART_INFO);
  gbacw_scenario_info_copy (&self->info, info);
  self->parts |= PART_INFO;
}

void
gbacw_settings_edit_set_turns (GbacwSettingsEdit *self, const GbacwTurnTrack *turns)
{
  g_return_if_fail (GBACW_IS_SETTINGS_EDIT (self));
  g_return_if_fail (turns != NULL);

  clear_parts (self, PART_TURNS);
  gbacw_turn_track_copy (&self->turns, turns);
  self->parts |= PART_TURNS;
}

void
gbacw_settings_edit_set_levels (GbacwSettingsEdit *self, GArray *levels)
{
  g_return_if_fail (GBACW_IS_SETTINGS_EDIT (self));
  g_return_if_fail (levels != NULL);
  g_return_if_fail (g_array_get_element_size (levels) == sizeof (int));

  clear_parts (self, PART_LEVELS);
  self->levels = g_array_sized_new (FALSE, FALSE, sizeof (int), levels->len);
  g_array_append_vals (self->levels, levels->data, levels->len);
  self->parts |= PART_LEVELS;
}

void
gbacw_settings_edit_set_background (GbacwSettingsEdit *self, const GbacwBackground *background)
{
  g_return_if_fail (GBACW_IS_SETTINGS_EDIT (self));
  g_return_if_fail (background != NULL);

  clear_parts (self, PART_BACKGROUND);
  self->background = *background;
  self->background.file = g_strdup (background->file);
  self->parts |= PART_BACKGROUND;
}
