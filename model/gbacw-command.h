/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-command.h: an undoable change to a scenario.
 *
 * Every edit of a document is a command: apply () makes the change and records
 * what it needs to revert it, revert () restores the scenario exactly. Both add
 * what they touched to a GbacwChange. Consecutive commands may merge, so that a
 * whole brush stroke or the typing into one field is one undo step.
 */
#pragma once

#include <glib-object.h>

#include "gbacw-change.h"
#include "gbacw-scenario.h"

G_BEGIN_DECLS

#define GBACW_TYPE_COMMAND (gbacw_command_get_type ())
G_DECLARE_DERIVABLE_TYPE (GbacwCommand, gbacw_command, GBACW, COMMAND, GObject)

struct _GbacwCommandClass
{
  GObjectClass parent_class;

  void     (*apply)  (GbacwCommand *self, GbacwScenario *scenario, GbacwChange *change);
  void     (*revert) (GbacwCommand *self, GbacwScenario *scenario, GbacwChange *change);
  /* Absorb next, which has been applied to the scenario but is not in the history,
   * so that reverting self also reverts next. TRUE if merged; next is then dropped. */
  gboolean (*merge)  (GbacwCommand *self, GbacwCommand *next);

  gpointer padding[8];
};

/* change may be NULL when the caller does not need it. */
void        gbacw_command_apply (GbacwCommand *self, GbacwScenario *scenario, GbacwChange *change);
void        gbacw_command_revert (GbacwCommand *self, GbacwScenario *scenario, GbacwChange *change);
gboolean    gbacw_command_merge (GbacwCommand *self, GbacwCommand *next);
/* Translated, e.g. "Paint terrain". */
const char *gbacw_command_get_label (GbacwCommand *self);
void        gbacw_command_set_label (GbacwCommand *self, const char *label);

/* A compound command: children are applied in order and reverted in reverse order,
 * each seeing the scenario as the ones before it left it. Kept in this file so
 * that the build lists stay as they are. */
#define GBACW_TYPE_COMMAND_GROUP (gbacw_command_group_get_type ())
G_DECLARE_FINAL_TYPE (GbacwCommandGroup, gbacw_command_group, GBACW, COMMAND_GROUP, GbacwCommand)

GbacwCommandGroup *gbacw_command_group_new (const char *label);
/* Takes ownership of command; add children before the group is applied. */
void               gbacw_command_group_add (GbacwCommandGroup *self, GbacwCommand *command);
guint              gbacw_command_group_get_n_commands (GbacwCommandGroup *self);
GbacwCommand      *gbacw_command_group_get_command (GbacwCommandGroup *self, guint index);

G_END_DECLS
