/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-balance-dialog.h: "Run Many Games": the computer plays both sides of the
 * scenario N times with different seeds, in the background on every processor
 * (engine/gbacw-balance.h), with a progress bar and Cancel; then the distribution of
 * the outcomes is drawn (GbacwBalanceChart) and summed up in text. Each side's computer
 * plays at a level (easy, normal, hard: gbacw_balance_run_levels ()). When the scenario
 * has no victory award the computer can count, a notice says that every game will end
 * 0–0 and where to add awards.
 *
 * Actions (prefix "balance."): run (Return), cancel (Escape while running, else close).
 */
#pragma once

#include <gtk/gtk.h>

#include "gbacw-balance-chart.h"
#include "gbacw-scenario.h"

G_BEGIN_DECLS

#define GBACW_TYPE_BALANCE_DIALOG (gbacw_balance_dialog_get_type ())
G_DECLARE_FINAL_TYPE (GbacwBalanceDialog, gbacw_balance_dialog, GBACW, BALANCE_DIALOG, GtkWindow)

/* The scenario is copied. */
GbacwBalanceDialog *gbacw_balance_dialog_new (GtkWindow *parent, const GbacwScenario *scenario);

/* Starts n_games (from seed first_seed) on n_jobs threads (0: one per processor); the
 * result shows in the chart when they are done ("finished"). */
void                gbacw_balance_dialog_run (GbacwBalanceDialog *self, guint n_games, guint32 first_seed,
                                              guint n_jobs);
void                gbacw_balance_dialog_cancel (GbacwBalanceDialog *self);
gboolean            gbacw_balance_dialog_is_running (GbacwBalanceDialog *self);
/* Games done of those asked, while running or after. */
void                gbacw_balance_dialog_get_progress (GbacwBalanceDialog *self, guint *done, guint *total);
GbacwBalanceChart  *gbacw_balance_dialog_get_chart (GbacwBalanceDialog *self);
/* How strongly the computer plays side (0 or 1) in the next run (the side's drop-down;
 * normal unless set). */
GbacwAiLevel        gbacw_balance_dialog_get_level (GbacwBalanceDialog *self, int side);
void                gbacw_balance_dialog_set_level (GbacwBalanceDialog *self, int side, GbacwAiLevel level);

G_END_DECLS
