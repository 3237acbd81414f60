/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-dice.c: seeded dice with a queue of forced results. */
#define G_LOG_DOMAIN "gbacw-dice"

#include "gbacw-dice.h"

#include <stdarg.h>

struct _GbacwDice {
  guint32 seed;
  GRand *rand;
  GArray *forced;     /* int, the next one first */
  guint forced_next;
  guint64 n_rolled;
};

GbacwDice *
gbacw_dice_new (guint32 seed)
{
  GbacwDice *dice = g_new0 (GbacwDice, 1);

  dice->seed = seed;
  dice->rand = g_rand_new_with_seed (seed);
  dice->forced = g_array_new (FALSE, FALSE, sizeof (int));
  return dice;
}

void
gbacw_dice_free (GbacwDice *dice)
{
  if (dice == NULL)
    return;
  g_rand_free (dice->rand);
  g_array_unref (dice->forced);
  g_free (dice);
}

guint32
gbacw_dice_get_seed (const GbacwDice *dice)
{
  return dice->seed;
}

int
gbacw_dice_roll (GbacwDice *dice)
{
  int result;

  dice->n_rolled++;
  if (dice->forced_next < dice->forced->len)
    {
      result = g_array_index (dice->forced, int, dice->forced_next++);
      if (dice->forced_next == dice->forced->len)
        {
          g_array_set_size (dice->forced, 0);
          dice->forced_next = 0;
        }
      return result;
    }
  return (int) g_rand_int_range (dice->rand, 1, 7);
}

int
gbacw_dice_roll_2d6 (GbacwDice *dice)
{
  int first = gbacw_dice_roll (dice);
  return first + gbacw_dice_roll (dice);
}

void
gbacw_dice_force (GbacwDice *dice, const int *results, guint n_results)
{
  for (guint i = 0; i < n_results; i++)
    {
      g_return_if_fail (results[i] >= 1 && results[i] <= 6);
      g_array_append_val (dice->forced, results[i]);
    }
}

void
gbacw_dice_force_list (GbacwDice *dice, int first, ...)
{
  va_list args;

  va_start (args, first);
  for (int r = first; r != 0; r = va_arg (args, int))
    gbacw_dice_force (dice, &r, 1);
  va_end (args);
}

guint
gbacw_dice_n_forced (const GbacwDice *dice)
{
  return dice->forced->len - dice->forced_next;
}

void
gbacw_dice_clear_forced (GbacwDice *dice)
{
  g_array_set_size (dice->forced, 0);
  dice->forced_next = 0;
}

guint64
gbacw_dice_n_rolled (const GbacwDice *dice)
{
  return dice->n_rolled;
}
