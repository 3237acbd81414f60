/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-dice.h: the engine's dice.
 *
 * Every die the engine rolls comes from here: a seeded GRand (a Mersenne Twister
 * with a fixed algorithm, so a seed gives the same rolls on every machine).
 * Tests queue forced results, which are used before the generator, so that a
 * position can be played with known dice.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _GbacwDice GbacwDice;

GbacwDice *gbacw_dice_new (guint32 seed);
void       gbacw_dice_free (GbacwDice *dice);
guint32    gbacw_dice_get_seed (const GbacwDice *dice);

/* One six-sided die, 1..6: the next forced result if any, else the generator's. */
int        gbacw_dice_roll (GbacwDice *dice);
/* Two dice added (13.15, 17.76). */
int        gbacw_dice_roll_2d6 (GbacwDice *dice);

/* Appends results (each 1..6) to the queue of forced rolls. */
void       gbacw_dice_force (GbacwDice *dice, const int *results, guint n_results);
/* Convenience: gbacw_dice_force_list (dice, 4, 2, 6, 0) — the list ends with 0. */
void       gbacw_dice_force_list (GbacwDice *dice, int first, ...);
guint      gbacw_dice_n_forced (const GbacwDice *dice);
void       gbacw_dice_clear_forced (GbacwDice *dice);
/* How many dice have been rolled (forced ones included). */
guint64    gbacw_dice_n_rolled (const GbacwDice *dice);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (GbacwDice, gbacw_dice_free)

G_END_DECLS
