/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-vmod-export.c: the scenario as a VASSAL module.
 *
 * VASSAL reads buildFile.xml as a tree of its component classes, each element named by
 * its Java class and configured by its attributes; a piece is stored as the text of a
 * PieceSlot: "+/null/" TYPES "/" STATES, the traits' types (outermost first, separated by
 * tabs) and their states likewise. Images are looked up by file name in images/.
 */
#define G_LOG_DOMAIN "gbacw-vmod-export"

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "gbacw-vmod-export.h"

#include <cairo.h>
#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "gbacw-counter.h"
#include "gbacw-export-private.h"
#include "gbacw-map-export.h"
#include "gbacw-map-renderer.h"
#include "gbacw-zip-writer.h"

#define R GBACW_VMOD_HEX_RADIUS
#define SQRT3 1.73205080756887729353
#define VASSAL_VERSION "3.6.7"
#define MAIN_BOARD "Map"
#define REINFORCEMENT_BOARD "Reinforcements"
#define CHART_FONT 13.0

typedef struct {
  const GbacwScenario *scenario;
  GbacwZipWriter *zip;
  GString *xml;
  guint next_gpid;
  GHashTable *images;       /* unit id -> image file name */
  int counter_px;
  double origin_x, origin_y;  /* centre of the first hex on the board image, whole pixels */
} Vmod;

/* VASSAL splits a piece's text at these; names and values keep their words. */
static char *
sanitise (const char *text)
{
  char *out = g_strdup (text ? text : "");

  for (char *p = out; *p; p++)
    if (*p == ';' || *p == ',' || *p == '\t' || *p == '\n')
      *p = ' ';
    else if (*p == '/' || *p == '\\')
      *p = '-';
  if (out[0] == '\'')
    out[0] = '`';
  return out;
}

static gboolean
add_image (Vmod *v, const char *name, cairo_surface_t *surface, GError **error)
{
  g_autoptr (GBytes) png = gbacw_export_png_bytes (surface, error);
  g_autofree char *entry = g_strconcat ("images/", name, NULL);
  gsize length;
  const void *data;

  if (png == NULL)
    return FALSE;
  data = g_bytes_get_data (png, &length);
  return gbacw_zip_writer_add (v->zip, entry, data, length, error);
}

/* ---------------------------------------------------------------- pieces */

static void
append_piece_slot (Vmod *v, const char *indent, const GbacwUnit *unit, const GbacwPlacement *placement)
{
  const char *image = g_hash_table_lookup (v->images, unit->id);
  g_autoptr (GPtrArray) values = gbacw_export_unit_values (v->scenario, unit, placement);
  g_autoptr (GString) keys = g_string_new (NULL);
  g_autoptr (GString) states = g_string_new (NULL);
  g_autofree char *name = sanitise (unit->designation ? unit->designation : unit->id);
  g_autofree char *text = NULL;
  g_autofree char *element = NULL;
  guint gpid = v->next_gpid++;

  for (guint i = 0; i < values->len; i++)
    {
      const GbacwParam *p = g_ptr_array_index (values, i);
      g_autofree char *key = sanitise (p->name);
      g_autofree char *value = sanitise (p->value);
      g_string_append_printf (keys, "%s%s", i ? "," : "", key);
      g_string_append_printf (states, "%s%s", i ? "," : "", value);
    }
  /* A Marker trait holding the values around the BasicPiece (image and name). */
  text = g_strdup_printf ("+/null/mark;%s\tpiece;;;%s;%s/%s\tnull;0;0;%u", keys->str, image, name, states->str, gpid);
  element = g_markup_printf_escaped ("%s<VASSAL.build.widget.PieceSlot entryName=\"%s\" gpid=\"%u\" height=\"%d\""
                                     " width=\"%d\">%s</VASSAL.build.widget.PieceSlot>\n",
                                     indent, name, gpid, v->counter_px, v->counter_px, text);
  g_string_append (v->xml, element);
}

static gboolean
write_counter_images (Vmod *v, GError **error)
{
  const GbacwScenario *s = v->scenario;
  double size = GBACW_COUNTER_SIZE * R;

  v->counter_px = (int) ceil (size);
  for (guint i = 0; i < s->oob.units->len; i++)
    {
      const GbacwUnit *unit = g_ptr_array_index (s->oob.units, i);
      cairo_surface_t *surface = gbacw_export_surface_new (v->counter_px, v->counter_px, unit->id, error);
      char *name = g_strdup_printf ("counter-%04u.png", i + 1);
      cairo_t *cr;
      gboolean ok;

      g_hash_table_insert (v->images, unit->id, name);
      if (surface == NULL)
        return FALSE;
      cr = cairo_create (surface);
      gbacw_export_draw_counter (cr, s, unit, gbacw_scenario_find_placement (s, unit->id, NULL), size);
      cairo_destroy (cr);
      ok = add_image (v, name, surface, error);
      cairo_surface_destroy (surface);
      if (!ok)
        return FALSE;
    }
  return TRUE;
}

/* ---------------------------------------------------------------- maps */

static void
append_map_open (Vmod *v, const char *map_name, const char *board, const char *image, gboolean launch)
{
  g_autofree char *head = g_markup_printf_escaped (
    "  <VASSAL.build.module.Map allowMultiple=\"false\" backgroundcolor=\"255,255,255\" buttonName=\"%s\""
    " changeFormat=\"$message$\" color=\"255,102,102\" createFormat=\"$pieceName$ created in $location$\""
    " edgeHeight=\"0\" edgeWidth=\"0\" hotkey=\"\" icon=\"\" launch=\"%s\" mapName=\"%s\""
    " markMoved=\"Never\" moveToFormat=\"$pieceName$ moves $previousLocation$ - $location$\""
    " moveWithinFormat=\"$pieceName$ moves $previousLocation$ - $location$\" thickness=\"3\">\n"
    "   <VASSAL.build.module.map.BoardPicker addColumnText=\"Add column\" addRowText=\"Add row\""
    " boardPrompt=\"Select board\" slotHeight=\"125\" slotScale=\"0.2\" slotWidth=\"350\" title=\"Choose Boards\">\n"
    "    <VASSAL.build.module.map.boardPicker.Board image=\"%s\" name=\"%s\" reversible=\"false\">\n",
    launch ? map_name : "", launch ? "true" : "false", map_name, image, board);
  g_string_append (v->xml, head);
}

static void
append_map_tools (Vmod *v)
{
  g_string_append (v->xml,
                   "   <VASSAL.build.module.map.StackMetrics bottom=\"40,0\" disabled=\"false\" down=\"38,0\""
                   " exSepX=\"6\" exSepY=\"18\" top=\"38,0\" unexSepX=\"4\" unexSepY=\"4\" up=\"39,0\"/>\n"
                   "   <VASSAL.build.module.map.ForwardToKeyBuffer/>\n"
                   "   <VASSAL.build.module.map.Scroller/>\n"
                   "   <VASSAL.build.module.map.ForwardToChatter/>\n"
                   "   <VASSAL.build.module.map.MenuDisplayer/>\n"
                   "   <VASSAL.build.module.map.MapCenterer/>\n"
                   "   <VASSAL.build.module.map.StackExpander/>\n"
                   "   <VASSAL.build.module.map.PieceMover/>\n"
                   "   <VASSAL.build.module.map.KeyBufferer/>\n"
                   "   <VASSAL.build.module.map.ImageSaver/>\n"
                   "   <VASSAL.build.module.map.CounterDetailViewer/>\n"
                   "   <VASSAL.build.module.map.Zoomer zoomLevels=\"1.6,1.25,1.0,0.8,0.6,0.4,0.25\" zoomStart=\"3\"/>\n");
}

static void
append_hex_grid (Vmod *v)
{
  const GbacwHexGrid *grid = &v->scenario->map->grid;
  gboolean sideways = grid->orientation == GBACW_GRID_POINTY_ROWS;
  char dx[GBACW_EXPORT_NUMBER_SIZE], dy[GBACW_EXPORT_NUMBER_SIZE];
  g_autofree char *element = NULL;

  /* VASSAL's grid is flat-topped columns, dx apart, hexes dy apart in a column, odd columns
   * (counted from the first hex) half a hex lower; a sideways grid is the same with x and y
   * swapped, origin included. Its numbering's stagger moves odd columns' numbers one up:
   * what an even shift, whose first column is the lower, needs. */
  element = g_strdup_printf (
    "     <VASSAL.build.module.map.boardPicker.board.HexGrid color=\"0,0,0\" cornersLegal=\"false\""
    " dotsVisible=\"false\" dx=\"%s\" dy=\"%s\" edgesLegal=\"false\" sideways=\"%s\" snapTo=\"true\""
    " visible=\"false\" x0=\"%d\" y0=\"%d\">\n"
    "      <VASSAL.build.module.map.boardPicker.board.mapgrid.HexGridNumbering color=\"0,0,0\" first=\"%s\""
    " fontSize=\"9\" hDescend=\"false\" hDrawOff=\"0\" hLeading=\"%d\" hOff=\"%d\" hType=\"N\""
    " locationFormat=\"$gridLocation$\" rotateText=\"0\" sep=\"\" stagger=\"%s\" vDescend=\"false\" vDrawOff=\"0\""
    " vLeading=\"%d\" vOff=\"%d\" vType=\"N\" visible=\"false\"/>\n"
    "     </VASSAL.build.module.map.boardPicker.board.HexGrid>\n",
    gbacw_export_number (dx, 1.5 * R, 6), gbacw_export_number (dy, SQRT3 * R, 6), sideways ? "true" : "false",
    (int) (sideways ? v->origin_y : v->origin_x), (int) (sideways ? v->origin_x : v->origin_y),
    /* Sideways, VASSAL's columns are the scenario's rows: its "vertical" number comes first. */
    sideways ? "V" : "H", grid->digits - 1, grid->first_number, grid->shift == GBACW_SHIFT_EVEN ? "true" : "false",
    grid->digits - 1, grid->first_number);
  g_string_append (v->xml, element);
}

static void
append_setup_stack (Vmod *v, const char *name, const char *board, const char *location, int x, int y,
                    const GPtrArray *placements_top_first, const GPtrArray *units)
{
  g_autofree char *head = g_markup_printf_escaped (
    "   <VASSAL.build.module.map.SetupStack name=\"%s\" owningBoard=\"%s\" useGridLocation=\"%s\" location=\"%s\""
    " x=\"%d\" y=\"%d\">\n", name, board, location ? "true" : "false", location ? location : "", x, y);

  g_string_append (v->xml, head);
  /* A VASSAL stack lists its pieces from the bottom up. */
  if (placements_top_first != NULL)
    for (guint k = placements_top_first->len; k-- > 0;)
      {
        const GbacwPlacement *p = g_ptr_array_index (placements_top_first, k);
        append_piece_slot (v, "    ", gbacw_oob_find_unit (&v->scenario->oob, p->unit), p);
      }
  if (units != NULL)
    for (guint k = units->len; k-- > 0;)
      append_piece_slot (v, "    ", g_ptr_array_index (units, k), NULL);
  g_string_append (v->xml, "   </VASSAL.build.module.map.SetupStack>\n");
}

static gboolean
append_main_map (Vmod *v, GError **error)
{
  const GbacwScenario *s = v->scenario;
  const GbacwHexGrid *grid = &s->map->grid;
  int n_hexes = gbacw_hex_grid_n_hexes (grid);
  double w, h, cx, cy, tx, ty;
  cairo_surface_t *surface;
  cairo_t *cr;
  g_autoptr (GHashTable) done = g_hash_table_new (g_direct_hash, g_direct_equal);
  gboolean ok;

  /* The first hex's centre on a whole pixel: VASSAL's grid origin is in whole pixels. */
  gbacw_hex_grid_extent (grid, &w, &h);
  gbacw_hex_grid_centre (grid, (GbacwHex) { 0, 0 }, &cx, &cy);
  tx = ceil (cx * R) - cx * R;
  ty = ceil (cy * R) - cy * R;
  v->origin_x = ceil (cx * R);
  v->origin_y = ceil (cy * R);
  surface = gbacw_export_surface_new ((int) ceil (w * R + tx), (int) ceil (h * R + ty), _("map"), error);
  if (surface == NULL)
    return FALSE;
  cr = cairo_create (surface);
  cairo_translate (cr, tx, ty);
  gbacw_map_render (cr, s, GBACW_LAYER_BIT_ALL & ~GBACW_LAYER_BIT_UNITS, R, NULL);
  cairo_destroy (cr);
  ok = add_image (v, "map.png", surface, error);
  cairo_surface_destroy (surface);
  if (!ok)
    return FALSE;

  append_map_open (v, "Main Map", MAIN_BOARD, "map.png", FALSE);
  append_hex_grid (v);
  g_string_append (v->xml, "    </VASSAL.build.module.map.boardPicker.Board>\n"
                           "   </VASSAL.build.module.map.BoardPicker>\n");
  append_map_tools (v);
  for (guint i = 0; i < s->deployment->len; i++)
    {
      const GbacwPlacement *first = g_ptr_array_index (s->deployment, i);
      g_autoptr (GPtrArray) stack = NULL;
      g_autofree char *label = NULL;
      GbacwHex hex;
      double x, y;

      if (first->hex < 0 || first->hex >= n_hexes || g_hash_table_contains (done, GINT_TO_POINTER (first->hex)))
        continue;
      g_hash_table_add (done, GINT_TO_POINTER (first->hex));
      stack = g_ptr_array_new ();
      gbacw_counter_stack_at (s, first->hex, stack);
      for (guint k = stack->len; k-- > 0;)
        if (gbacw_oob_find_unit (&s->oob, ((GbacwPlacement *) g_ptr_array_index (stack, k))->unit) == NULL)
          g_ptr_array_remove_index (stack, k);
      if (stack->len == 0)
        continue;
      hex = gbacw_hex_grid_hex_at (grid, first->hex);
      label = gbacw_hex_grid_format_label (grid, hex);
      gbacw_hex_grid_centre (grid, hex, &x, &y);
      append_setup_stack (v, label, MAIN_BOARD, label, (int) lround (x * R + tx), (int) lround (y * R + ty), stack,
                          NULL);
    }
  g_string_append (v->xml, "  </VASSAL.build.module.Map>\n");
  return TRUE;
}

/* Whether the unit belongs to formation id, directly or through the formations above it. */
static gboolean
in_formation (const GbacwScenario *s, const GbacwUnit *unit, const char *id)
{
  const GbacwFormation *f = unit->formation ? gbacw_oob_find_formation (&s->oob, unit->formation) : NULL;

  for (guint depth = 0; f != NULL && depth <= s->oob.formations->len; depth++)
    {
      if (g_strcmp0 (f->id, id) == 0)
        return TRUE;
      f = f->parent ? gbacw_oob_find_formation (&s->oob, f->parent) : NULL;
    }
  return FALSE;
}

/* The units of a reinforcement group, in order of battle order. */
static GPtrArray *
reinforcement_units (const GbacwScenario *s, const GbacwReinforcement *group)
{
  GPtrArray *units = g_ptr_array_new ();

  for (guint i = 0; i < s->oob.units->len; i++)
    {
      GbacwUnit *unit = g_ptr_array_index (s->oob.units, i);
      gboolean member = FALSE;
      for (guint k = 0; k < group->units->len && !member; k++)
        member = g_strcmp0 (g_ptr_array_index (group->units, k), unit->id) == 0;
      for (guint k = 0; k < group->formations->len && !member; k++)
        member = in_formation (s, unit, g_ptr_array_index (group->formations, k));
      if (member)
        g_ptr_array_add (units, unit);
    }
  return units;
}

static char *
reinforcement_caption (const GbacwScenario *s, const GbacwReinforcement *group)
{
  const GbacwHexGrid *grid = &s->map->grid;
  g_autoptr (GString) caption = g_string_new (NULL);
  g_autoptr (GString) hexes = g_string_new (NULL);
  const char *time = NULL;

  for (guint i = 0; i < s->turns.turns->len; i++)
    {
      const GbacwTurn *turn = g_ptr_array_index (s->turns.turns, i);
      if (turn->n == group->turn)
        time = turn->time;
    }
  for (guint i = 0; i < group->entry_hexes->len; i++)
    {
      int hex = g_array_index (group->entry_hexes, int, i);
      g_autofree char *label = NULL;
      if (hex < 0 || hex >= gbacw_hex_grid_n_hexes (grid))
        continue;
      label = gbacw_hex_grid_format_label (grid, gbacw_hex_grid_hex_at (grid, hex));
      if (hexes->len > 0)
        g_string_append (hexes, i + 1 == group->entry_hexes->len ? _(" or ") : ", ");
      g_string_append (hexes, label);
    }
  g_string_printf (caption, _("Game-Turn %d"), group->turn);
  if (time != NULL)
    g_string_append_printf (caption, " (%s)", time);
  if (hexes->len > 0)
    g_string_append_printf (caption, _(": enters at %s"), hexes->str);
  return g_string_free (g_steal_pointer (&caption), FALSE);
}

static gboolean
append_reinforcements (Vmod *v, GError **error)
{
  const GbacwScenario *s = v->scenario;
  guint n = s->reinforcements->len;
  int box = 2 * v->counter_px, margin = v->counter_px / 2, row = box + margin, width = 900;
  cairo_surface_t *surface;
  cairo_t *cr;
  gboolean ok;

  if (n == 0)
    return TRUE;
  surface = gbacw_export_surface_new (width, margin + (int) n * row, _("reinforcements"), error);
  if (surface == NULL)
    return FALSE;
  cr = cairo_create (surface);
  cairo_set_source_rgb (cr, 0.949, 0.925, 0.839);
  cairo_paint (cr);
  cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
  cairo_set_font_size (cr, 16);
  for (guint i = 0; i < n; i++)
    {
      const GbacwReinforcement *group = g_ptr_array_index (s->reinforcements, i);
      g_autofree char *caption = reinforcement_caption (s, group);
      double y = margin + (double) i * row;

      cairo_set_source_rgb (cr, 0.10, 0.09, 0.08);
      cairo_set_line_width (cr, 2);
      cairo_rectangle (cr, margin + 1, y + 1, box - 2, box - 2);
      cairo_stroke (cr);
      cairo_move_to (cr, margin + box + margin, y + box / 2.0 + 6);
      cairo_show_text (cr, caption);
    }
  cairo_destroy (cr);
  ok = add_image (v, "reinforcements.png", surface, error);
  cairo_surface_destroy (surface);
  if (!ok)
    return FALSE;

  append_map_open (v, REINFORCEMENT_BOARD, REINFORCEMENT_BOARD, "reinforcements.png", TRUE);
  g_string_append (v->xml, "    </VASSAL.build.module.map.boardPicker.Board>\n"
                           "   </VASSAL.build.module.map.BoardPicker>\n");
  append_map_tools (v);
  for (guint i = 0; i < n; i++)
    {
      const GbacwReinforcement *group = g_ptr_array_index (s->reinforcements, i);
      g_autoptr (GPtrArray) units = reinforcement_units (s, group);
      g_autofree char *caption = reinforcement_caption (s, group);

      if (units->len > 0)
        append_setup_stack (v, caption, REINFORCEMENT_BOARD, NULL, margin + box / 2, margin + (int) i * row + box / 2,
                            NULL, units);
    }
  g_string_append (v->xml, "  </VASSAL.build.module.Map>\n");
  return TRUE;
}

/* ---------------------------------------------------------------- palette and charts */

static void
append_palette (Vmod *v)
{
  const GbacwScenario *s = v->scenario;

  if (s->oob.units->len == 0)
    return;
  g_string_append (v->xml, "  <VASSAL.build.module.PieceWindow hidden=\"false\" hotkey=\"\" icon=\"\" name=\"Counters\""
                           " scale=\"1.0\" text=\"Counters\" tooltip=\"Counters\">\n"
                           "   <VASSAL.build.widget.TabWidget entryName=\"Counters\">\n");
  for (guint i = 0; i < s->oob.sides->len; i++)
    {
      const GbacwSide *side = g_ptr_array_index (s->oob.sides, i);
      g_autofree char *name = sanitise (side->name ? side->name : side->id);
      g_autofree char *head = g_markup_printf_escaped ("    <VASSAL.build.widget.ListWidget divider=\"150\" entryName=\"%s\""
                                                       " height=\"0\" scale=\"1.0\" width=\"0\">\n", name);
      g_string_append (v->xml, head);
      for (guint u = 0; u < s->oob.units->len; u++)
        {
          const GbacwUnit *unit = g_ptr_array_index (s->oob.units, u);
          if (g_strcmp0 (unit->side, side->id) == 0)
            append_piece_slot (v, "     ", unit, NULL);
        }
      g_string_append (v->xml, "    </VASSAL.build.widget.ListWidget>\n");
    }
  g_string_append (v->xml, "   </VASSAL.build.widget.TabWidget>\n  </VASSAL.build.module.PieceWindow>\n");
}

/* A chart as a table: its name, the column ids, a row per row (its name, then the cells as
 * the file writes them: "?" unknown, "[v]" inferred, "{v}" invented), then the notes. */
static cairo_surface_t *
chart_image (const GbacwChart *chart, GError **error)
{
  guint n_cols = chart->columns->len + 1, n_rows = chart->rows->len + 1;
  g_autofree double *widths = g_new0 (double, n_cols);
  g_autoptr (GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);
  double line = CHART_FONT * 1.6, pad = 6, title = CHART_FONT * 2.2, width = 0, height;
  cairo_surface_t *scratch = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1), *surface;
  cairo_t *cr = cairo_create (scratch);
  cairo_text_extents_t ext;
  const char *name = chart->name ? chart->name : chart->id;

  cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size (cr, CHART_FONT);
  for (guint r = 0; r < n_rows; r++)
    for (guint c = 0; c < n_cols; c++)
      {
        const GbacwChartRow *row = r ? g_ptr_array_index (chart->rows, r - 1) : NULL;
        char *text;
        if (r == 0)
          text = g_strdup (c ? (const char *) g_ptr_array_index (chart->columns, c - 1) : "");
        else if (c == 0)
          text = g_strdup (row->name ? row->name : row->id);
        else
          text = gbacw_cell_format (&row->cells[c - 1]);
        cairo_text_extents (cr, text, &ext);
        widths[c] = MAX (widths[c], ext.x_advance + 2 * pad);
        g_ptr_array_add (texts, text);
      }
  for (guint c = 0; c < n_cols; c++)
    width += widths[c];
  cairo_set_font_size (cr, CHART_FONT * 1.2);
  cairo_text_extents (cr, name, &ext);
  width = MAX (width, ext.x_advance) + 2 * pad;
  cairo_set_font_size (cr, CHART_FONT);
  for (guint i = 0; i < chart->notes->len; i++)
    {
      cairo_text_extents (cr, g_ptr_array_index (chart->notes, i), &ext);
      width = MAX (width, ext.x_advance + 2 * pad);
    }
  cairo_destroy (cr);
  cairo_surface_destroy (scratch);
  height = title + n_rows * line + chart->notes->len * line + 2 * pad;

  surface = gbacw_export_surface_new ((int) ceil (width), (int) ceil (height), name, error);
  if (surface == NULL)
    return NULL;
  cr = cairo_create (surface);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  cairo_set_source_rgb (cr, 0.10, 0.09, 0.08);
  cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
  cairo_set_font_size (cr, CHART_FONT * 1.2);
  cairo_move_to (cr, pad, pad + CHART_FONT * 1.4);
  cairo_show_text (cr, name);
  cairo_set_line_width (cr, 1);
  for (guint r = 0; r < n_rows; r++)
    {
      double x = pad, y = pad + title + r * line;
      cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, r == 0 ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
      cairo_set_font_size (cr, CHART_FONT);
      for (guint c = 0; c < n_cols; c++)
        {
          cairo_rectangle (cr, x + 0.5, y + 0.5, widths[c], line);
          cairo_stroke (cr);
          cairo_move_to (cr, x + pad, y + line - CHART_FONT * 0.45);
          cairo_show_text (cr, g_ptr_array_index (texts, r * n_cols + c));
          x += widths[c];
        }
    }
  cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_ITALIC, CAIRO_FONT_WEIGHT_NORMAL);
  for (guint i = 0; i < chart->notes->len; i++)
    {
      cairo_move_to (cr, pad, pad + title + (n_rows + i + 1) * line - CHART_FONT * 0.45);
      cairo_show_text (cr, g_ptr_array_index (chart->notes, i));
    }
  cairo_destroy (cr);
  return surface;
}

static gboolean
append_charts (Vmod *v, GError **error)
{
  const GPtrArray *charts = v->scenario->charts;

  if (charts->len == 0)
    return TRUE;
  g_string_append (v->xml, "  <VASSAL.build.module.ChartWindow hotkey=\"\" icon=\"\" name=\"Charts\""
                           " text=\"Charts\" tooltip=\"Charts\">\n"
                           "   <VASSAL.build.widget.TabWidget entryName=\"Charts\">\n");
  for (guint i = 0; i < charts->len; i++)
    {
      const GbacwChart *chart = g_ptr_array_index (charts, i);
      cairo_surface_t *surface = chart_image (chart, error);
      g_autofree char *file = g_strdup_printf ("chart-%03u.png", i + 1);
      g_autofree char *element = NULL;
      gboolean ok;

      if (surface == NULL)
        return FALSE;
      ok = add_image (v, file, surface, error);
      cairo_surface_destroy (surface);
      if (!ok)
        return FALSE;
      element = g_markup_printf_escaped ("    <VASSAL.build.widget.Chart chartName=\"%s\" description=\"%s\""
                                         " fileName=\"%s\"/>\n", chart->name ? chart->name : chart->id,
                                         chart->rule_case ? chart->rule_case : "", file);
      g_string_append (v->xml, element);
    }
  g_string_append (v->xml, "   </VASSAL.build.widget.TabWidget>\n  </VASSAL.build.module.ChartWindow>\n");
  return TRUE;
}

/* ---------------------------------------------------------------- entry point */

gboolean
gbacw_export_vmod (const GbacwScenario *scenario, const char *path, GError **error)
{
  Vmod v = { .scenario = scenario, .next_gpid = 1 };
  g_autoptr (GString) build = g_string_new (NULL);
  g_autoptr (GString) body = g_string_new (NULL);
  g_autofree char *head = NULL;
  g_autofree char *data = NULL;
  const char *title;
  gboolean ok = FALSE;

  g_return_val_if_fail (scenario != NULL && path != NULL, FALSE);

  title = scenario->info.title && scenario->info.title[0] ? scenario->info.title : _("Untitled scenario");
  v.zip = gbacw_zip_writer_open (path, error);
  if (v.zip == NULL)
    return FALSE;
  v.images = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_free);
  v.xml = body;

  if (!write_counter_images (&v, error) || !append_main_map (&v, error) || !append_reinforcements (&v, error))
    goto out;
  append_palette (&v);
  if (!append_charts (&v, error))
    goto out;

  head = g_markup_printf_escaped (
    "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n"
    "<VASSAL.build.GameModule ModuleOther1=\"\" ModuleOther2=\"\" VassalVersion=\"" VASSAL_VERSION "\""
    " description=\"%s\" name=\"%s\" nextPieceSlotId=\"%u\" version=\"1.0\">\n"
    "  <VASSAL.build.module.BasicCommandEncoder/>\n"
    "  <VASSAL.build.module.Documentation/>\n"
    "  <VASSAL.build.module.PlayerRoster buttonKeyStroke=\"\" buttonText=\"Retire\" buttonToolTip=\"Switch sides\">\n",
    scenario->info.game ? scenario->info.game : "", title, v.next_gpid);
  g_string_append (build, head);
  for (guint i = 0; i < scenario->oob.sides->len; i++)
    {
      const GbacwSide *side = g_ptr_array_index (scenario->oob.sides, i);
      g_autofree char *entry = g_markup_printf_escaped ("   <entry>%s</entry>\n", side->name ? side->name : side->id);
      g_string_append (build, entry);
    }
  g_string_append (build, "  </VASSAL.build.module.PlayerRoster>\n"
                          "  <VASSAL.build.module.GlobalOptions autoReport=\"Always\" centerOnMove=\"Use Preferences Setting\""
                          " nonOwnerUnmaskable=\"Always\" playerIdFormat=\"$playerName$\"/>\n"
                          "  <VASSAL.build.module.Chatter/>\n"
                          "  <VASSAL.build.module.KeyNamer/>\n");
  g_string_append (build, body->str);
  g_string_append (build, "</VASSAL.build.GameModule>\n");
  if (!gbacw_zip_writer_add (v.zip, "buildFile.xml", build->str, build->len, error))
    goto out;

  data = g_markup_printf_escaped ("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n"
                                  "<data version=\"1\">\n"
                                  "  <version>1.0</version>\n"
                                  "  <extra1/>\n"
                                  "  <extra2/>\n"
                                  "  <VassalVersion>" VASSAL_VERSION "</VassalVersion>\n"
                                  "  <dateSaved>%" G_GINT64_FORMAT "</dateSaved>\n"
                                  "  <description>%s</description>\n"
                                  "  <name>%s</name>\n"
                                  "</data>\n",
                                  g_get_real_time () / 1000, scenario->info.game ? scenario->info.game : "", title);
  if (!gbacw_zip_writer_add (v.zip, "moduledata", data, strlen (data), error))
    goto out;
  ok = gbacw_zip_writer_commit (g_steal_pointer (&v.zip), error);

out:
  gbacw_zip_writer_abort (v.zip);
  g_hash_table_unref (v.images);
  return ok;
}
