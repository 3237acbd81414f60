/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-corinth-kit.c: a scenario of the Corinth kit (data/games/corinth/) with the stand-ins
 * of `gbacw stand-ins` (model/gbacw-stand-ins.h) for every value it does not enter, its map
 * unpainted (every hex the stand-in clear), so that the computer can play it to the end
 * (included by test-corinth-games.c and bench-corinth.c). The stand-ins are not the game's
 * values: the kit leaves unentered what the rulebook does not print.
 *
 * The Union units the kit does not deploy (the Free Set-Up's whole army, 29.4, and the
 * Historical's zones, 30.11-30.15, are the player's to place) get a TEST SET-UP, one unit a
 * hex: the units of the first three brigades of the order of battle nearest the Tishomingo
 * Hotel (2437: the three of 29.42-29.43), the others' 11 hexes or more from it, none within
 * 4 hexes of 2501 (29.41; the only Assault Area hex printed); infantry in line, cavalry
 * mounted, batteries limbered. The engine has no set-up step of its own. */

#include <glib.h>

#include "gbacw-command.h"
#include "gbacw-data.h"
#include "gbacw-scenario-io.h"
#include "gbacw-scenario.h"
#include "gbacw-stand-ins.h"

static gboolean
in_reinforcement (const GbacwScenario *s, const GbacwUnit *u)
{
  for (guint i = 0; i < s->reinforcements->len; i++)
    {
      const GbacwReinforcement *r = g_ptr_array_index (s->reinforcements, i);
      for (guint k = 0; k < r->units->len; k++)
        if (g_str_equal (g_ptr_array_index (r->units, k), u->id))
          return TRUE;
      for (const char *f = u->formation; f; )
        {
          const GbacwFormation *formation = gbacw_oob_find_formation (&s->oob, f);
          for (guint k = 0; k < r->formations->len; k++)
            if (g_str_equal (g_ptr_array_index (r->formations, k), f))
              return TRUE;
          f = formation ? formation->parent : NULL;
        }
    }
  return FALSE;
}

/* The brigade (or NULL) a unit or its commander belongs to. */
static const char *
brigade_of (const GbacwScenario *s, const GbacwUnit *u)
{
  for (guint i = 0; i < s->oob.formations->len; i++)
    {
      const GbacwFormation *f = g_ptr_array_index (s->oob.formations, i);
      if (f->kind == GBACW_FORMATION_BRIGADE && (g_strcmp0 (u->formation, f->id) == 0 || g_strcmp0 (f->commander, u->id) == 0))
        return f->id;
    }
  return NULL;
}

/* The test set-up of the undeployed Union units (above). */
static void
union_test_set_up (GbacwScenario *s)
{
  const GbacwHexGrid *grid = &s->map->grid;
  int n = gbacw_hex_grid_n_hexes (grid), hotel, area;
  g_autofree int *dist = g_new (int, n);
  g_autofree gboolean *taken = g_new0 (gboolean, n);
  g_autoptr (GPtrArray) near_brigades = g_ptr_array_new ();
  GbacwHex h;

  if (!gbacw_hex_grid_parse_label (grid, "2437", &h, NULL) || (hotel = gbacw_hex_grid_index (grid, h)) < 0
      || !gbacw_hex_grid_parse_label (grid, "2501", &h, NULL) || (area = gbacw_hex_grid_index (grid, h)) < 0)
    g_error ("the Corinth map has no hex 2437 or 2501");
  for (int i = 0; i < n; i++)
    {
      dist[i] = gbacw_hex_grid_distance (grid, gbacw_hex_grid_hex_at (grid, i), gbacw_hex_grid_hex_at (grid, hotel));
      taken[i] = gbacw_hex_grid_distance (grid, gbacw_hex_grid_hex_at (grid, i), gbacw_hex_grid_hex_at (grid, area)) <= 4;
    }
  for (guint i = 0; i < s->deployment->len; i++)
    {
      const GbacwPlacement *p = g_ptr_array_index (s->deployment, i);
      if (p->hex >= 0 && p->hex < n)
        taken[p->hex] = TRUE;
    }
  for (guint i = 0; i < s->oob.units->len; i++)
    {
      const GbacwUnit *u = g_ptr_array_index (s->oob.units, i);
      const char *brigade = brigade_of (s, u);
      gboolean near;
      int best = -1;
      GbacwPlacement *p;

      if (!g_str_equal (u->side, "union") || gbacw_scenario_find_placement (s, u->id, NULL) || in_reinforcement (s, u))
        continue;
      if (brigade && near_brigades->len < 3 && !g_ptr_array_find_with_equal_func (near_brigades, brigade, g_str_equal, NULL))
        g_ptr_array_add (near_brigades, (gpointer) brigade);
      near = brigade && g_ptr_array_find_with_equal_func (near_brigades, brigade, g_str_equal, NULL);
      for (int k = 0; k < n; k++)
        if (!taken[k] && (near || dist[k] > 10) && (best < 0 || dist[k] < dist[best]))
          best = k;
      g_assert (best >= 0);
      taken[best] = TRUE;
      p = gbacw_placement_new (u->id, best);
      p->facing = 0;
      p->formation = u->type == GBACW_UNIT_INFANTRY ? GBACW_FORMATION_STATE_LINE
                     : u->type == GBACW_UNIT_CAVALRY ? GBACW_FORMATION_STATE_MOUNTED
                     : u->type == GBACW_UNIT_ARTILLERY ? GBACW_FORMATION_STATE_LIMBERED : GBACW_FORMATION_STATE_UNSET;
      g_ptr_array_add (s->deployment, p);
    }
}

/* The kit's file (a name in data/games/corinth/) with its stand-ins, or NULL with the reason
 * printed. */
G_GNUC_UNUSED static GbacwScenario *
corinth_kit_with_stand_ins (const char *file)
{
  g_autofree char *name = g_build_filename ("games", "corinth", file, NULL);
  g_autofree char *path = gbacw_data_find (name);
  g_autoptr (GError) error = NULL;
  g_autoptr (GbacwCommand) fill = NULL;
  GbacwScenario *s;
  guint n = 0;

  if (path == NULL)
    {
      g_printerr ("cannot find %s (set GBACW_DATADIR)\n", name);
      return NULL;
    }
  if ((s = gbacw_scenario_load_file (path, &error)) == NULL)
    {
      g_printerr ("%s\n", error->message);
      return NULL;
    }
  fill = gbacw_stand_ins_fill (s, &n);
  gbacw_command_apply (fill, s, NULL);
  if (n == 0)
    {
      g_printerr ("%s: no stand-in filled: is everything entered now?\n", path);
      gbacw_scenario_free (s);
      return NULL;
    }
  union_test_set_up (s);
  return s;
}
