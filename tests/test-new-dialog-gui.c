/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-new-dialog-gui.c: the New dialog (needs a display: xvfb-run).
 *
 * "From a Game" lists the kits shipped in data/games/ by their titles and opens the one
 * chosen as a new, untitled document whose template is the kit; "Blank Map" takes a
 * title, a game's terrain catalogue and charts (or the demo's), and a terrain to fill
 * the whole map with, or leaves it unpainted.
 */
#define G_LOG_DOMAIN "test-new-dialog-gui"

#include "config.h"

#include <string.h>

#include "gbacw-application.h"
#include "gbacw-checker.h"
#include "gbacw-data.h"
#include "gbacw-new-dialog.h"
#include "gbacw-scenario-io.h"

#include "gui-test-helpers.h"

static void
on_created (GbacwNewDialog *dialog,
            GbacwDocument  *document,
            GbacwDocument **out)
{
  g_set_object (out, document);
}

/* Opens the dialog, lets set up choose, presses Create: the document made. */
static GbacwDocument *
run_dialog (void (*set_up) (GbacwNewDialog *dialog, gpointer data),
            gpointer data)
{
  GbacwNewDialog *dialog = gbacw_new_dialog_new (NULL);
  GbacwDocument *document = NULL;

  g_signal_connect (dialog, "document-created", G_CALLBACK (on_created), &document);
  gtk_window_present (GTK_WINDOW (dialog));
  gui_test_iterate ();
  set_up (dialog, data);
  gui_test_iterate ();
  g_assert_true (gbacw_new_dialog_create (dialog));   /* and it closes */
  gui_test_iterate ();
  g_assert_nonnull (document);
  return document;
}

static int
pea_ridge_index (GbacwNewDialog *dialog)
{
  for (guint i = 0; i < gbacw_new_dialog_get_n_games (dialog); i++)
    if (g_str_equal (gbacw_new_dialog_get_game_title (dialog, i), "Pea Ridge"))
      return (int) i;
  return -1;
}

static void
choose_pea_ridge (GbacwNewDialog *dialog,
                  gpointer        data)
{
  int index = pea_ridge_index (dialog);

  g_assert_cmpint (index, >=, 0);
  gbacw_new_dialog_choose_game (dialog, (guint) index);
}

static void
test_from_game (void)
{
  g_autofree char *kit = gbacw_data_find ("games/pea-ridge/pea-ridge.xml");
  g_autoptr(GbacwDocument) document = run_dialog (choose_pea_ridge, NULL);
  GbacwScenario *scenario = gbacw_document_get_scenario (document);

  g_assert_nonnull (kit);
  g_assert_cmpstr (scenario->info.title, ==, "Pea Ridge");
  /* new and untitled: saving asks where, never into the kit */
  g_assert_null (gbacw_document_get_path (document));
  g_assert_cmpstr (gbacw_document_get_template (document), ==, kit);
  g_assert_cmpint (scenario->map->grid.columns, >=, 39);
  g_assert_cmpuint (scenario->oob.units->len, >, 0);
}

typedef struct {
  const char *title;
  gboolean pea_ridge;
  const char *fill;
} Blank;

static void
set_blank (GbacwNewDialog *dialog,
           gpointer        data)
{
  const Blank *blank = data;
  GbacwHexGrid grid = { .columns = 12, .rows = 10, .orientation = GBACW_GRID_FLAT_COLUMNS, .shift = GBACW_SHIFT_ODD,
                        .first_number = 1, .digits = 2 };

  gbacw_new_dialog_set_grid (dialog, &grid);
  gbacw_new_dialog_set_blank (dialog, blank->title, blank->pea_ridge ? pea_ridge_index (dialog) : -1, blank->fill);
}

static guint
count_findings (GbacwScenario *scenario,
                const char    *check)
{
  g_autoptr(GbacwChecker) checker = gbacw_checker_new ();
  GPtrArray *findings;
  guint n = 0;

  gbacw_checker_run (checker, scenario);
  findings = gbacw_checker_get_findings (checker);
  for (guint i = 0; i < findings->len; i++)
    n += g_strcmp0 (((GbacwFinding *) g_ptr_array_index (findings, i))->check, check) == 0;
  return n;
}

static void
test_blank (void)
{
  Blank filled = { "Leetown", TRUE, "light-woods" };
  Blank unpainted = { "", FALSE, NULL };
  g_autoptr(GbacwDocument) a = run_dialog (set_blank, &filled);
  g_autoptr(GbacwDocument) b = run_dialog (set_blank, &unpainted);
  GbacwScenario *sa = gbacw_document_get_scenario (a), *sb = gbacw_document_get_scenario (b);
  int woods = gbacw_catalogue_find_hex_terrain (&sa->catalogue, "light-woods");

  /* Pea Ridge's catalogue and charts, every hex light woods: no hex without terrain. */
  g_assert_cmpstr (sa->info.title, ==, "Leetown");
  g_assert_nonnull (strstr (sa->info.game, "Pea Ridge"));
  g_assert_cmpint (woods, >=, 0);
  g_assert_cmpint (gbacw_catalogue_find_hex_terrain (&sa->catalogue, "heavy-woods"), >=, 0);
  g_assert_nonnull (gbacw_scenario_find_chart (sa, "range-effects"));
  g_assert_cmpint (sa->map->grid.columns, ==, 12);
  for (int h = 0; h < gbacw_hex_grid_n_hexes (&sa->map->grid); h++)
    g_assert_cmpuint (sa->map->terrain[h], ==, G_GUINT64_CONSTANT (1) << woods);
  g_assert_cmpuint (sa->oob.units->len, ==, 0);
  g_assert_cmpuint (count_findings (sa, "map.no-terrain"), ==, 0);

  /* The demo's, unpainted, and the default title. */
  g_assert_cmpstr (sb->info.title, ==, "New scenario");
  g_assert_null (sb->info.game);
  {
    g_autofree char *path = gbacw_data_find ("scenarios/demo.xml");
    g_autoptr(GbacwScenario) demo = gbacw_scenario_load_file (path, NULL);

    g_assert_nonnull (demo);
    g_assert_cmpuint (sb->catalogue.hex_terrains->len, ==, demo->catalogue.hex_terrains->len);
    g_assert_cmpuint (sb->catalogue.hex_terrains->len, !=, sa->catalogue.hex_terrains->len);
  }
  for (int h = 0; h < gbacw_hex_grid_n_hexes (&sb->map->grid); h++)
    g_assert_cmpuint (sb->map->terrain[h], ==, 0);
  g_assert_cmpuint (count_findings (sb, "map.no-terrain"), ==, 120);
}

int
main (int argc, char **argv)
{
  g_setenv ("GSK_RENDERER", "cairo", FALSE);
  if (!gui_test_init (&argc, &argv))
    return 77;

  g_test_add_func ("/editor/new-dialog/from-game", test_from_game);
  g_test_add_func ("/editor/new-dialog/blank", test_blank);

  return g_test_run ();
}
