/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-pea-ridge-stand-ins.c: the Pea Ridge kit made playable for the computer-vs-computer
 * games of the tests and benchmarks (included by test-pea-ridge-games.c and
 * bench-pea-ridge.c).
 *
 * TEST STAND-INS, NOT THE GAME'S VALUES. The kit (data/games/pea-ridge/pea-ridge.xml)
 * leaves unentered what the rulebook does not print: the mapsheet's charts, the map's
 * terrain, every leader's ratings, every regiment's strength, morale and weapon, the
 * batteries' rounds and crews, the wagons' crews. For the engine to play it, this file
 * puts plausible values there, in code, marked invented ("{v}") where they are chart cells:
 * every unpainted hex clear, each "?" chart cell from the tables below (any left unknown
 * is an error, so a new unknown cell is not silently played), regiments of 4 SP (cavalry 3)
 * with morale 3 and rifles (cavalry carbines), batteries of 12 rounds with full crews,
 * wagons of 2 crew SP, brigade commanders ER 3 and Rally 1, division commanders ER 4, DIR 6
 * and 2 Command Points. Printed values are never changed. */

#include <glib.h>
#include <string.h>

#include "gbacw-data.h"
#include "gbacw-scenario-io.h"
#include "gbacw-scenario.h"

typedef struct {
  const char *chart;
  const char *row;
  const char *cells;   /* in the kit's column order */
} StandInRow;

/* Test stand-ins for the unknown cells, row by row (only the "?" cells are taken). */
static const StandInRow stand_in_rows[] = {
  /* ma | chg | clear | light-woods | heavy-woods | crest.up | crest.down | stream | bridge | fence | road | pike */
  { "terrain-movement", "infantry-line", "6 | 2 | 1 | 2 | 3 | +1 | — | +1 | — | — | — | —" },
  { "terrain-movement", "infantry-column", "6 | 2 | 1 | 3 | 4 | +1 | — | +1 | — | — | 1/2 | 1/2" },
  { "terrain-movement", "cavalry-mounted", "12 | 2 | 1 | 3 | 4 | +2 | +1 | +1 | — | — | 1/2 | 1/2" },
  { "terrain-movement", "cavalry-dismounted", "6 | 2 | 1 | 2 | 3 | +1 | — | +1 | — | — | — | —" },
  { "terrain-movement", "artillery-limbered", "8 | 2 | 1 | 4 | 6 | +2 | +1 | +2 | — | — | 1/2 | 1/2" },
  { "terrain-movement", "artillery-unlimbered", "0 | 2 | P | P | P | P | P | P | P | — | P | P" },
  { "terrain-movement", "wagon", "8 | — | 1 | 4 | 6 | +2 | +1 | +2 | — | — | 1/2 | 1/2" },
  { "terrain-movement", "leader", "12 | — | 1 | 2 | 2 | +1 | — | +1 | — | — | 1/2 | 1/2" },
  /* charge | blocks-los | fire-shift | melee */
  { "terrain-combat", "clear", "yes | no | — | —" },
  { "terrain-combat", "light-woods", "no | yes | 1L | -1 SP" },
  { "terrain-combat", "heavy-woods", "no | yes | 1L | -1 SP" },
  { "terrain-combat", "crest", "yes | yes | 1L | -1 SP" },
  { "terrain-combat", "stream", "no | no | — | -1 SP" },
  { "terrain-combat", "bridge", "no | no | — | -2 SP" },
  { "terrain-combat", "fence", "yes | no | — | -1 SP" },
  /* max | 1 | 2 | 3 | 4-5 | 6-9 | 10-15 | 16+ */
  { "range-effects", "R", "3 | 2 | 1 | 1/2 | — | — | — | —" },
  { "range-effects", "C", "2 | 1 | 1/2 | — | — | — | — | —" },
  { "range-effects", "L", "6 | 4 | 1 | 1/2 | 1/2 | 1/2 | — | —" },
  { "range-effects", "N", "8 | 4 | 2 | 1 | 1/2 | 1/2 | — | —" },
  { "range-effects", "HA", "6 | 6 | 1 | 1 | 1/2 | 1/2 | — | —" },
  { "range-effects", "HB", "16 | 10 | 2 | 1 | 1 | 1 | 1/2 | 1/2" },
  { "range-effects", "TA", "16 | 4 | 2 | 1 | 1 | 1 | 1/2 | 1/2" },
  { "range-effects", "TB", "16 | 4 | 2 | 1 | 1 | 1 | 1/2 | 1/2" },
  /* units | sp | sections | fire-per-hexside | melee-max */
  { "stacking", "clear", "3 | 12 | 4 | 4 | 12" },
  { "stacking", "light-woods", "3 | 12 | 3 | 4 | 10" },
  { "stacking", "heavy-woods", "2 | 8 | 2 | 4 | 8" },
  { "stacking", "column", "1 | 12 | 0 | 0 | 12" },
  /* -4 | -3 | -2 | -1 | 0 | +1 | +2 | +3 | +4 | +5 | +6 */
  { "melee-crt", "5d", "— | — | — | — | — | Rpls | Eng | R2 | R2 | C1R2 | C1R2" },
  { "melee-crt", "6a", "C2R2 | C2R2 | C2R2 | C1R2 | C1R2 | R2 | Rpls | Eng | K | — | —" },
  { "melee-crt", "6d", "— | — | — | — | — | — | Rpls | Eng | R2 | R2 | C1R2" },
};

static const StandInRow *
stand_in_row (const char *chart, const char *row)
{
  for (guint i = 0; i < G_N_ELEMENTS (stand_in_rows); i++)
    if (g_str_equal (stand_in_rows[i].chart, chart) && g_str_equal (stand_in_rows[i].row, row))
      return &stand_in_rows[i];
  return NULL;
}

/* The stand-in text of a cell, marked invented: "{v}". */
static char *
stand_in_cell (const StandInRow *r, guint column)
{
  g_auto (GStrv) cells = g_strsplit (r->cells, "|", -1);
  return column < g_strv_length (cells) ? g_strdup_printf ("{%s}", g_strstrip (cells[column])) : NULL;
}

static void
stand_in_charts (GbacwScenario *s)
{
  for (guint c = 0; c < s->charts->len; c++)
    {
      GbacwChart *chart = g_ptr_array_index (s->charts, c);
      for (guint r = 0; r < chart->rows->len; r++)
        {
          GbacwChartRow *row = g_ptr_array_index (chart->rows, r);
          const StandInRow *in = stand_in_row (chart->id, row->id);
          for (guint k = 0; k < chart->columns->len; k++)
            {
              g_autofree char *text = NULL;
              if (row->cells[k].status != GBACW_CELL_UNKNOWN)
                continue;
              if (in == NULL || (text = stand_in_cell (in, k)) == NULL)
                g_error ("test stand-ins: no stand-in for the unknown cell %s/%s/%s", chart->id, row->id,
                         (const char *) g_ptr_array_index (chart->columns, k));
              gbacw_cell_parse (&row->cells[k], text);
            }
        }
      /* the small-arms weapons the stand-in regiments carry */
      if (g_str_equal (chart->id, "range-effects"))
        for (guint i = 0; i < 2; i++)
          {
            const char *weapon = i == 0 ? "R" : "C";
            const StandInRow *in = stand_in_row ("range-effects", weapon);
            GbacwChartRow *row;
            if (gbacw_chart_find_row (chart, weapon) >= 0)
              continue;
            row = gbacw_chart_add_row (chart, weapon, i == 0 ? "R (Rifle)" : "C (Carbine)");
            for (guint k = 0; k < chart->columns->len; k++)
              {
                g_autofree char *text = stand_in_cell (in, k);
                gbacw_cell_parse (&row->cells[k], text);
              }
          }
    }
}

static void
stand_in_units (GbacwScenario *s)
{
  for (guint i = 0; i < s->oob.units->len; i++)
    {
      GbacwUnit *u = g_ptr_array_index (s->oob.units, i);
      switch (u->type)
        {
        case GBACW_UNIT_INFANTRY:
        case GBACW_UNIT_CAVALRY:
          if (u->strength == GBACW_UNSET)
            u->strength = u->type == GBACW_UNIT_CAVALRY ? 3 : 4;
          if (u->morale == GBACW_UNSET)
            u->morale = 3;
          if (u->type == GBACW_UNIT_CAVALRY && u->dismounted_morale == GBACW_UNSET)
            u->dismounted_morale = 3;
          if (u->weapon == NULL)
            u->weapon = g_strdup (u->type == GBACW_UNIT_CAVALRY ? "C" : "R");
          break;
        case GBACW_UNIT_ARTILLERY:
          if (u->rounds == GBACW_UNSET)
            u->rounds = 12;
          if (u->crew == GBACW_CREW_UNSET)
            u->crew = GBACW_CREW_FULL;
          break;
        case GBACW_UNIT_WAGON:
          if (u->crew_strength == GBACW_UNSET)
            u->crew_strength = 2;
          if (u->weapon == NULL)
            u->weapon = g_strdup ("R");
          break;
        case GBACW_UNIT_LEADER:
          {
            gboolean division = u->role == GBACW_LEADER_DIVISION || u->role == GBACW_LEADER_ARMY;
            if (u->er == GBACW_UNSET)
              u->er = division ? 4 : 3;
            if (u->rally == GBACW_UNSET)
              u->rally = 1;
            if (division && u->dir == GBACW_UNSET)
              u->dir = 6;
            if (division && u->cp == GBACW_UNSET)
              u->cp = 2;
          }
          break;
        default:
          break;
        }
    }
  for (guint i = 0; i < s->deployment->len; i++)
    {
      GbacwPlacement *p = g_ptr_array_index (s->deployment, i);
      if (p->facing < 0)
        p->facing = 0;
    }
}

/* The kit with the test stand-ins, or NULL with the reason printed. */
G_GNUC_UNUSED static GbacwScenario *
pea_ridge_with_stand_ins (void)
{
  g_autofree char *path = gbacw_data_find ("games/pea-ridge/pea-ridge.xml");
  g_autoptr (GError) error = NULL;
  GbacwScenario *s;
  int clear;

  if (path == NULL)
    {
      g_printerr ("cannot find games/pea-ridge/pea-ridge.xml (set GBACW_DATADIR)\n");
      return NULL;
    }
  if ((s = gbacw_scenario_load_file (path, &error)) == NULL)
    {
      g_printerr ("%s\n", error->message);
      return NULL;
    }
  clear = gbacw_catalogue_find_hex_terrain (&s->catalogue, "clear");
  g_assert (clear >= 0);
  for (int i = 0; i < gbacw_hex_grid_n_hexes (&s->map->grid); i++)
    if (s->map->terrain[i] == 0)
      s->map->terrain[i] = (guint64) 1 << clear;
  stand_in_charts (s);
  stand_in_units (s);
  return s;
}
