/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-bce.c: Brigade Combat Effectiveness (18.0): marks, limits, loss. */
#define G_LOG_DOMAIN "gbacw-bce"

#include "gbacw-bce.h"

#include <glib/gi18n-lib.h>

#include "gbacw-game-private.h"

struct _GbacwBce {
  int n_formations;
  int *unit_formation;   /* per unit: its formation's index, -1 */
  GArray **members;      /* per formation: int, the units whose losses mark its boxes */
  int *limit;            /* per formation: the limit now, GBACW_UNSET */
  gboolean *was_lost;    /* per formation: lost at the last gbacw_bce_refresh () */
};

static int
formation_index (const GbacwGame *game, const char *id)
{
  const GPtrArray *formations = game->scenario->oob.formations;

  for (guint i = 0; id != NULL && i < formations->len; i++)
    if (g_strcmp0 (((const GbacwFormation *) g_ptr_array_index (formations, i))->id, id) == 0)
      return (int) i;
  return -1;
}

void
gbacw_bce_init (GbacwGame *game)
{
  GbacwBce *bce = g_new0 (GbacwBce, 1);
  const GPtrArray *formations = game->scenario->oob.formations;

  bce->n_formations = (int) formations->len;
  bce->unit_formation = g_new (int, MAX (game->units->len, 1));
  bce->members = g_new0 (GArray *, MAX (formations->len, 1));
  bce->limit = g_new (int, MAX (formations->len, 1));
  bce->was_lost = g_new0 (gboolean, MAX (formations->len, 1));
  for (guint f = 0; f < formations->len; f++)
    {
      const GbacwFormation *formation = g_ptr_array_index (formations, f);
      bce->members[f] = g_array_new (FALSE, FALSE, sizeof (int));
      bce->limit[f] = formation->bce[0] != GBACW_UNSET && formation->bce[0] > 0 ? formation->bce[0] : GBACW_UNSET;
    }
  game->bce = bce;
  for (guint i = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *u = g_ptr_array_index (game->units, i);
      int f = gbacw_game_is_wagon_crew (u) ? -1 : formation_index (game, u->oob->formation);
      bce->unit_formation[i] = f;
      if (f >= 0 && gbacw_bce_counts (game, (int) i))
        g_array_append_val (bce->members[f], i);
    }
}

void
gbacw_bce_free (GbacwGame *game)
{
  GbacwBce *bce = game->bce;

  if (bce == NULL)
    return;
  for (int f = 0; f < bce->n_formations; f++)
    g_array_unref (bce->members[f]);
  g_free (bce->members);
  g_free (bce->unit_formation);
  g_free (bce->limit);
  g_free (bce->was_lost);
  g_clear_pointer (&game->bce, g_free);
}

int
gbacw_bce_formation_of (const GbacwGame *game, int unit)
{
  return unit >= 0 && (guint) unit < game->units->len ? game->bce->unit_formation[unit] : -1;
}

gboolean
gbacw_bce_counts (const GbacwGame *game, int unit)
{
  const GbacwGameUnit *u = gbacw_game_unit (game, unit);

  return (u->type == GBACW_UNIT_INFANTRY || u->type == GBACW_UNIT_CAVALRY) && !gbacw_game_is_wagon_crew (u);
}

int
gbacw_bce_marks (const GbacwGame *game, int formation)
{
  const GArray *members;
  int marks = 0;

  g_return_val_if_fail (formation >= 0 && formation < game->bce->n_formations, 0);
  members = game->bce->members[formation];
  for (guint i = 0; i < members->len; i++)
    {
      const GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (members, int, i));
      marks += u->killed + u->captured;
    }
  return marks;
}

int
gbacw_bce_limit (const GbacwGame *game, int formation)
{
  g_return_val_if_fail (formation >= 0 && formation < game->bce->n_formations, GBACW_UNSET);
  return game->bce->limit[formation];
}

void
gbacw_bce_set_limit (GbacwGame *game, int formation, int limit, const char *rule_case)
{
  const GbacwFormation *f;
  int marks;

  g_return_if_fail (formation >= 0 && formation < game->bce->n_formations);
  f = g_ptr_array_index (game->scenario->oob.formations, formation);
  if (game->bce->limit[formation] == limit)
    return;
  game->bce->limit[formation] = limit;
  marks = gbacw_bce_marks (game, formation);
  gbacw_game_log (game, rule_case,
                  g_dngettext (GETTEXT_PACKAGE, "%s's BCE limit is now %d (%d box marked)",
                               "%s's BCE limit is now %d (%d boxes marked)", (gulong) marks),
                  f->name ? f->name : f->id, limit, marks);
}

gboolean
gbacw_bce_lost (const GbacwGame *game, int formation)
{
  int limit = gbacw_bce_limit (game, formation);

  return limit != GBACW_UNSET && gbacw_bce_marks (game, formation) >= limit;
}

gboolean
gbacw_bce_effects (const GbacwGame *game, int formation)
{
  if (gbacw_bce_lost (game, formation))
    return TRUE;
  GBACW_FOREACH_HOOK (game, hooks, data)
    if (hooks->bce_effects && hooks->bce_effects (game, data, formation))
      return TRUE;
  return FALSE;
}

gboolean
gbacw_bce_unit_lost (const GbacwGame *game, int unit)
{
  int f = gbacw_bce_formation_of (game, unit);

  return f >= 0 && gbacw_bce_effects (game, f);
}

void
gbacw_bce_refresh (GbacwGame *game)
{
  GbacwBce *bce = game->bce;

  for (int f = 0; f < bce->n_formations; f++)
    {
      const GbacwFormation *formation = g_ptr_array_index (game->scenario->oob.formations, f);
      gboolean lost = gbacw_bce_lost (game, f);

      if (lost == bce->was_lost[f])
        continue;
      bce->was_lost[f] = lost;
      if (lost)
        gbacw_game_log (game, "18.0",
                        g_dngettext (GETTEXT_PACKAGE,
                                     "%s has reached its BCE limit (%d of %d box marked): it loses Brigade Combat "
                                     "Effectiveness",
                                     "%s has reached its BCE limit (%d of %d boxes marked): it loses Brigade Combat "
                                     "Effectiveness", (gulong) bce->limit[f]),
                        formation->name ? formation->name : formation->id, gbacw_bce_marks (game, f), bce->limit[f]);
      else
        gbacw_game_log (game, "18.0",
                        g_dngettext (GETTEXT_PACKAGE, "%s regains Brigade Combat Effectiveness (%d of %d box marked)",
                                     "%s regains Brigade Combat Effectiveness (%d of %d boxes marked)",
                                     (gulong) bce->limit[f]),
                        formation->name ? formation->name : formation->id, gbacw_bce_marks (game, f), bce->limit[f]);
      GBACW_FOREACH_HOOK (game, hooks, data)
        if (hooks->bce_changed)
          hooks->bce_changed (game, data, f, lost);
    }
}

void
gbacw_bce_copy (GbacwGame *to, const GbacwGame *from)
{
  GbacwBce *t = to->bce;
  const GbacwBce *f = from->bce;

  g_return_if_fail (t->n_formations == f->n_formations);
  if (f->n_formations == 0)
    return;
  memcpy (t->limit, f->limit, (gsize) f->n_formations * sizeof (int));
  memcpy (t->was_lost, f->was_lost, (gsize) f->n_formations * sizeof (gboolean));
}
