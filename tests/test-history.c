/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-history.c: the undo stack (merging, clean point, "modified", property
 * notifications) and the document around it (execute/undo/redo, "changed",
 * save/load, path and title). */
#define G_LOG_DOMAIN "test-history"

#include <glib.h>
#include <glib/gstdio.h>

#include "gbacw-document.h"
#include "gbacw-history.h"
#include "gbacw-map-edit.h"
#include "gbacw-scenario-io.h"

static GbacwScenario *
small_scenario (void)
{
  GbacwHexGrid grid;
  GbacwScenario *s;
  const char *ids[] = { "clear", "woods", "town" };
  const char *codes[] = { ".", "w", "t" };

  gbacw_hex_grid_init_default (&grid, 4, 3);
  s = gbacw_scenario_new (&grid);
  s->info.title = g_strdup ("History");
  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      GbacwHexTerrain *t = g_new0 (GbacwHexTerrain, 1);
      t->id = g_strdup (ids[i]);
      t->code = g_strdup (codes[i]);
      t->name = g_strdup (ids[i]);
      t->height = GBACW_UNSET;
      g_ptr_array_add (s->catalogue.hex_terrains, t);
    }
  for (int h = 0; h < gbacw_hex_grid_n_hexes (&grid); h++)
    s->map->terrain[h] = 1;
  return s;
}

/* A command that sets the terrain of one hex. */
static GbacwCommand *
paint (int hex, guint64 mask, const char *label, guint merge_key)
{
  GbacwMapEdit *edit = gbacw_map_edit_new (label, merge_key);
  gbacw_map_edit_set (edit, GBACW_LAYER_TERRAIN, (guint) hex, mask);
  return GBACW_COMMAND (edit);
}

/* Pushes an applied command, as the document does. */
static gboolean
push (GbacwHistory *history, GbacwScenario *s, GbacwCommand *command)
{
  g_autoptr (GbacwCommand) owned = command;
  gbacw_command_apply (command, s, NULL);
  return gbacw_history_push (history, command);
}

typedef struct
{
  guint can_undo, can_redo, modified, undo_label, redo_label;
} Counts;

static void
on_notify (GObject *object, GParamSpec *pspec, Counts *counts)
{
  const char *name = g_param_spec_get_name (pspec);
  if (g_str_equal (name, "can-undo"))
    counts->can_undo++;
  else if (g_str_equal (name, "can-redo"))
    counts->can_redo++;
  else if (g_str_equal (name, "modified"))
    counts->modified++;
  else if (g_str_equal (name, "undo-label"))
    counts->undo_label++;
  else if (g_str_equal (name, "redo-label"))
    counts->redo_label++;
}

static gboolean
prop_bool (GbacwHistory *history, const char *name)
{
  gboolean value;
  g_object_get (history, name, &value, NULL);
  return value;
}

static void
test_push_undo_redo (void)
{
  g_autoptr (GbacwScenario) s = small_scenario ();
  g_autoptr (GbacwHistory) history = gbacw_history_new ();

  g_assert_false (gbacw_history_can_undo (history));
  g_assert_false (gbacw_history_can_redo (history));
  g_assert_false (gbacw_history_is_modified (history));
  g_assert_null (gbacw_history_get_undo_label (history));
  g_assert_false (gbacw_history_undo (history, s, NULL));
  g_assert_false (gbacw_history_redo (history, s, NULL));

  g_assert_false (push (history, s, paint (0, 2, "A", 0)));
  g_assert_false (push (history, s, paint (1, 2, "B", 0)));
  g_assert_false (push (history, s, paint (2, 2, "C", 0)));
  g_assert_cmpuint (gbacw_history_get_n_commands (history), ==, 3);
  g_assert_cmpstr (gbacw_history_get_undo_label (history), ==, "C");
  g_assert_null (gbacw_history_get_redo_label (history));

  g_assert_true (gbacw_history_undo (history, s, NULL));
  g_assert_true (gbacw_history_undo (history, s, NULL));
  g_assert_cmpuint (s->map->terrain[1], ==, 1);
  g_assert_cmpuint (s->map->terrain[0], ==, 2);
  g_assert_cmpstr (gbacw_history_get_undo_label (history), ==, "A");
  g_assert_cmpstr (gbacw_history_get_redo_label (history), ==, "B");
  g_assert_true (gbacw_history_can_redo (history));
  {
    g_autofree char *label = NULL;
    g_object_get (history, "redo-label", &label, NULL);
    g_assert_cmpstr (label, ==, "B");
  }

  g_assert_true (gbacw_history_redo (history, s, NULL));
  g_assert_cmpuint (s->map->terrain[1], ==, 2);

  /* a new command drops the redo stack */
  g_assert_false (push (history, s, paint (3, 4, "D", 0)));
  g_assert_cmpuint (gbacw_history_get_n_commands (history), ==, 3);
  g_assert_false (gbacw_history_can_redo (history));
  g_assert_cmpstr (gbacw_command_get_label (gbacw_history_get_command (history, 2)), ==, "D");
  g_assert_false (gbacw_history_redo (history, s, NULL));
  g_assert_cmpuint (s->map->terrain[2], ==, 1);
}

static void
test_modified (void)
{
  g_autoptr (GbacwScenario) s = small_scenario ();
  g_autoptr (GbacwHistory) history = gbacw_history_new ();

  push (history, s, paint (0, 2, "A", 0));
  g_assert_true (gbacw_history_is_modified (history));
  g_assert_true (prop_bool (history, "modified"));
  gbacw_history_undo (history, s, NULL);
  /* back at the state it was loaded in */
  g_assert_false (gbacw_history_is_modified (history));
  gbacw_history_redo (history, s, NULL);
  push (history, s, paint (1, 2, "B", 0));
  gbacw_history_set_clean (history);
  g_assert_false (prop_bool (history, "modified"));
  gbacw_history_undo (history, s, NULL);
  g_assert_true (gbacw_history_is_modified (history));
  gbacw_history_redo (history, s, NULL);
  g_assert_false (gbacw_history_is_modified (history));
  push (history, s, paint (2, 2, "C", 0));
  g_assert_true (gbacw_history_is_modified (history));
  gbacw_history_undo (history, s, NULL);
  g_assert_false (gbacw_history_is_modified (history));

  /* undo past the save, then a new edit: the saved state is gone for good */
  gbacw_history_undo (history, s, NULL);
  push (history, s, paint (3, 4, "D", 0));
  g_assert_true (gbacw_history_is_modified (history));
  while (gbacw_history_undo (history, s, NULL))
    g_assert_true (gbacw_history_is_modified (history));
  while (gbacw_history_redo (history, s, NULL))
    g_assert_true (gbacw_history_is_modified (history));
  gbacw_history_set_clean (history);
  g_assert_false (gbacw_history_is_modified (history));

  /* clearing keeps "modified" as it is */
  gbacw_history_clear (history);
  g_assert_false (gbacw_history_is_modified (history));
  g_assert_false (gbacw_history_can_undo (history));
  push (history, s, paint (0, 1, "E", 0));
  gbacw_history_clear (history);
  g_assert_true (gbacw_history_is_modified (history));
  g_assert_cmpuint (gbacw_history_get_n_commands (history), ==, 0);
  gbacw_history_set_clean (history);
  g_assert_false (gbacw_history_is_modified (history));
}

/* A save in the middle of a stroke starts a new undo step, so that undo can get
 * back to exactly the saved state. */
static void
test_merge_at_clean_point (void)
{
  g_autoptr (GbacwScenario) s = small_scenario ();
  g_autoptr (GbacwHistory) history = gbacw_history_new ();

  g_assert_false (push (history, s, paint (0, 2, "Paint", 5)));
  g_assert_true (push (history, s, paint (1, 2, "Paint", 5)));
  gbacw_history_set_clean (history);
  g_assert_false (push (history, s, paint (2, 2, "Paint", 5)));
  g_assert_true (push (history, s, paint (3, 2, "Paint", 5)));
  g_assert_cmpuint (gbacw_history_get_n_commands (history), ==, 2);
  g_assert_true (gbacw_history_is_modified (history));

  gbacw_history_undo (history, s, NULL);
  g_assert_false (gbacw_history_is_modified (history));
  g_assert_cmpuint (s->map->terrain[1], ==, 2);
  g_assert_cmpuint (s->map->terrain[2], ==, 1);
  g_assert_cmpuint (s->map->terrain[3], ==, 1);
  gbacw_history_undo (history, s, NULL);
  for (int h = 0; h < 4; h++)
    g_assert_cmpuint (s->map->terrain[h], ==, 1);

  /* after an undo the redo stack goes, but the stroke may go on merging */
  gbacw_history_redo (history, s, NULL);
  g_assert_false (push (history, s, paint (0, 4, "Other", 6)));
  g_assert_true (push (history, s, paint (1, 4, "Other", 6)));
  g_assert_cmpuint (gbacw_history_get_n_commands (history), ==, 2);
}

static void
test_notify (void)
{
  g_autoptr (GbacwScenario) s = small_scenario ();
  g_autoptr (GbacwHistory) history = gbacw_history_new ();
  Counts counts = { 0 };

  g_signal_connect (history, "notify", G_CALLBACK (on_notify), &counts);

  push (history, s, paint (0, 2, "Paint", 0));
  g_assert_cmpuint (counts.can_undo, ==, 1);
  g_assert_cmpuint (counts.modified, ==, 1);
  g_assert_cmpuint (counts.undo_label, ==, 1);
  g_assert_cmpuint (counts.can_redo, ==, 0);
  g_assert_cmpuint (counts.redo_label, ==, 0);

  /* nothing that is visible changes: no notifications but for what did */
  push (history, s, paint (1, 2, "Paint", 0));
  g_assert_cmpuint (counts.can_undo, ==, 1);
  g_assert_cmpuint (counts.modified, ==, 1);
  g_assert_cmpuint (counts.undo_label, ==, 1);
  push (history, s, paint (2, 2, "Fill", 0));
  g_assert_cmpuint (counts.undo_label, ==, 2);

  gbacw_history_undo (history, s, NULL);
  g_assert_cmpuint (counts.can_redo, ==, 1);
  g_assert_cmpuint (counts.redo_label, ==, 1);
  g_assert_cmpuint (counts.undo_label, ==, 3);
  g_assert_cmpuint (counts.can_undo, ==, 1);
  gbacw_history_undo (history, s, NULL);
  g_assert_cmpuint (counts.can_redo, ==, 1);
  g_assert_cmpuint (counts.redo_label, ==, 2);
  gbacw_history_undo (history, s, NULL);
  g_assert_cmpuint (counts.can_undo, ==, 2);
  g_assert_cmpuint (counts.modified, ==, 2);
  g_assert_false (prop_bool (history, "can-undo"));
  g_assert_false (prop_bool (history, "modified"));
  g_assert_true (prop_bool (history, "can-redo"));
  g_assert_false (gbacw_history_undo (history, s, NULL));
  g_assert_cmpuint (counts.can_undo, ==, 2);

  while (gbacw_history_redo (history, s, NULL))
    ;
  g_assert_cmpuint (counts.can_redo, ==, 2);
  g_assert_cmpuint (counts.can_undo, ==, 3);
  g_assert_cmpuint (counts.modified, ==, 3);
  gbacw_history_set_clean (history);
  g_assert_cmpuint (counts.modified, ==, 4);
  gbacw_history_set_clean (history);
  g_assert_cmpuint (counts.modified, ==, 4);

  g_signal_handlers_disconnect_by_data (history, &counts);
}

/* ---------------------------------------------------------------- document */

static void
on_changed (GbacwDocument *doc, GbacwChange *change, GPtrArray *changes)
{
  g_ptr_array_add (changes, gbacw_change_copy (change));
}

static void
test_document_changed (void)
{
  g_autoptr (GbacwDocument) doc = gbacw_document_new (small_scenario ());
  g_autoptr (GPtrArray) changes = g_ptr_array_new_with_free_func ((GDestroyNotify) gbacw_change_free);
  GbacwHistory *history = gbacw_document_get_history (doc);
  GbacwScenario *s = gbacw_document_get_scenario (doc);
  GbacwChange *change;

  g_signal_connect (doc, "changed", G_CALLBACK (on_changed), changes);
  gbacw_document_execute (doc, paint (5, 4, "Paint", 0));
  g_assert_cmpuint (changes->len, ==, 1);
  change = g_ptr_array_index (changes, 0);
  g_assert_cmpuint (change->flags, ==, GBACW_CHANGE_TERRAIN);
  g_assert_cmpuint (change->hexes->len, ==, 1);
  g_assert_cmpint (g_array_index (change->hexes, int, 0), ==, 5);
  g_assert_cmpuint (s->map->terrain[5], ==, 4);
  g_assert_true (gbacw_history_is_modified (history));

  g_assert_true (gbacw_document_undo (doc));
  g_assert_cmpuint (changes->len, ==, 2);
  change = g_ptr_array_index (changes, 1);
  g_assert_cmpint (g_array_index (change->hexes, int, 0), ==, 5);
  g_assert_cmpuint (s->map->terrain[5], ==, 1);
  g_assert_false (gbacw_document_undo (doc));
  g_assert_cmpuint (changes->len, ==, 2);

  g_assert_true (gbacw_document_redo (doc));
  g_assert_cmpuint (changes->len, ==, 3);
  g_assert_false (gbacw_document_redo (doc));
  g_assert_cmpuint (changes->len, ==, 3);

  /* a command that changes nothing leaves no undo step and no redo stack loss */
  g_assert_true (gbacw_document_undo (doc));
  gbacw_document_execute (doc, GBACW_COMMAND (gbacw_map_edit_flood_fill (s, 0, 1)));
  g_assert_cmpuint (changes->len, ==, 4);
  g_assert_true (gbacw_history_can_redo (history));
  g_assert_cmpuint (gbacw_history_get_n_commands (history), ==, 1);

  g_signal_handlers_disconnect_by_data (doc, changes);
}

static void
count_up (guint *n)
{
  (*n)++;
}

static void
test_document_save_load (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("gbacw-history-XXXXXX", &error);
  g_autofree char *path = NULL;
  g_autofree char *other = NULL;
  g_autofree char *bad = NULL;
  g_autofree char *missing = NULL;
  g_autoptr (GbacwDocument) doc = NULL;
  g_autoptr (GbacwDocument) loaded = NULL;
  GbacwHistory *history;
  Counts counts = { 0 };
  guint n_path = 0, n_title = 0;

  g_assert_no_error (error);
  path = g_build_filename (dir, "battle.xml", NULL);
  other = g_build_filename (dir, "other.xml", NULL);
  bad = g_build_filename (dir, "bad.xml", NULL);
  missing = g_build_filename (dir, "no-such-dir", "x.xml", NULL);

  doc = gbacw_document_new (small_scenario ());
  history = gbacw_document_get_history (doc);
  g_signal_connect (history, "notify", G_CALLBACK (on_notify), &counts);
  g_assert_null (gbacw_document_get_path (doc));
  g_assert_cmpstr (gbacw_document_get_title (doc), ==, "Untitled");
  {
    g_autofree char *title = NULL;
    g_object_get (doc, "title", &title, NULL);
    g_assert_cmpstr (title, ==, "Untitled");
  }

  /* no file name yet */
  g_assert_false (gbacw_document_save (doc, NULL, &error));
  g_assert_error (error, GBACW_DOCUMENT_ERROR, GBACW_DOCUMENT_ERROR_NO_PATH);
  g_clear_error (&error);

  gbacw_document_execute (doc, paint (3, 2, "Paint", 0));
  g_assert_true (gbacw_history_is_modified (history));

  /* a failed save changes nothing */
  g_assert_false (gbacw_document_save (doc, missing, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_assert_true (gbacw_history_is_modified (history));
  g_assert_null (gbacw_document_get_path (doc));

  {
    /* count path / title notifications */
    gulong id1 = g_signal_connect_swapped (doc, "notify::path", G_CALLBACK (count_up), &n_path);
    gulong id2 = g_signal_connect_swapped (doc, "notify::title", G_CALLBACK (count_up), &n_title);

    g_assert_true (gbacw_document_save (doc, path, &error));
    g_assert_no_error (error);
    g_assert_cmpuint (n_path, ==, 1);
    g_assert_cmpuint (n_title, ==, 1);
    g_assert_false (gbacw_history_is_modified (history));
    g_assert_cmpstr (gbacw_document_get_path (doc), ==, path);
    g_assert_cmpstr (gbacw_document_get_title (doc), ==, "battle.xml");

    /* saving again under the same name */
    gbacw_document_execute (doc, paint (4, 4, "Paint", 0));
    g_assert_true (gbacw_document_save (doc, NULL, &error));
    g_assert_no_error (error);
    g_assert_cmpuint (n_path, ==, 1);
    g_assert_false (gbacw_history_is_modified (history));

    /* save as */
    g_assert_true (gbacw_document_save (doc, other, &error));
    g_assert_cmpuint (n_path, ==, 2);
    g_assert_cmpuint (n_title, ==, 2);
    g_assert_cmpstr (gbacw_document_get_title (doc), ==, "other.xml");
    g_signal_handler_disconnect (doc, id1);
    g_signal_handler_disconnect (doc, id2);
  }

  loaded = gbacw_document_load (other, &error);
  g_assert_no_error (error);
  g_assert_nonnull (loaded);
  g_assert_cmpstr (gbacw_document_get_path (loaded), ==, other);
  g_assert_cmpstr (gbacw_document_get_title (loaded), ==, "other.xml");
  g_assert_false (gbacw_history_is_modified (gbacw_document_get_history (loaded)));
  g_assert_false (gbacw_history_can_undo (gbacw_document_get_history (loaded)));
  g_assert_cmpuint (gbacw_document_get_scenario (loaded)->map->terrain[3], ==, 2);
  g_assert_cmpuint (gbacw_document_get_scenario (loaded)->map->terrain[4], ==, 4);
  {
    g_autoptr (GBytes) a = gbacw_scenario_save_to_bytes (gbacw_document_get_scenario (doc));
    g_autoptr (GBytes) b = gbacw_scenario_save_to_bytes (gbacw_document_get_scenario (loaded));
    g_assert_true (g_bytes_equal (a, b));
  }

  /* a failed load creates nothing */
  g_assert_true (g_file_set_contents (bad, "<scenario", -1, NULL));
  g_assert_null (gbacw_document_load (bad, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_assert_null (gbacw_document_load (missing, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT);
  g_clear_error (&error);

  g_signal_handlers_disconnect_by_data (history, &counts);
  g_assert_cmpuint (counts.modified, >=, 4);
  g_unlink (path);
  g_unlink (other);
  g_unlink (bad);
  {
    /* the writer keeps the previous file as FILE~ */
    g_autofree char *backup = g_strconcat (path, "~", NULL);
    g_autofree char *other_backup = g_strconcat (other, "~", NULL);
    g_unlink (backup);
    g_unlink (other_backup);
  }
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/history/push-undo-redo", test_push_undo_redo);
  g_test_add_func ("/history/modified", test_modified);
  g_test_add_func ("/history/merge-at-clean-point", test_merge_at_clean_point);
  g_test_add_func ("/history/notify", test_notify);
  g_test_add_func ("/history/document/changed", test_document_changed);
  g_test_add_func ("/history/document/save-load", test_document_save_load);

  return g_test_run ();
}
