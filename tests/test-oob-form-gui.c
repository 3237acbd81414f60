/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-oob-form-gui.c: the order of battle's form and tree from the keyboard (needs a
 * display: xvfb-run).
 *
 * On the demo: Tab walks a leader's fields in the order they are shown (Name, then
 * Command, then Rank, …); Ctrl+D duplicates the selected entry wherever the focus is in
 * the tree or the form, and again after the first copy put the focus into its Name;
 * copies are numbered ("31 Ill (2)", "31 Ill (3)") with new ids; the Weapon list offers
 * a unit only its kind's weapon types (9.25): no guns for infantry or wagons, no
 * muskets for a battery. With the findings panel open the tree and the form keep usable
 * heights, the divider between them is a wide handle, and its place is remembered. A
 * unit's Victory Points that no award counts are pointed out on the Victory page.
 */
#define G_LOG_DOMAIN "test-oob-form-gui"

#include "config.h"

#include <string.h>

#include "gbacw-application.h"
#include "gbacw-data.h"
#include "gbacw-oob-edit.h"
#include "gbacw-scenario-controller.h"
#include "gbacw-window.h"

#include "gui-test-helpers.h"

typedef struct
{
  GbacwWindow *window;
  GbacwDocument *document;
  GbacwScenario *scenario;
  GbacwScenarioSidebar *sidebar;
  GbacwOobPanel *panel;
  GbacwOobInspector *inspector;
} Fixture;

static void
fixture_set_up (Fixture      *f,
                gconstpointer data)
{
  f->window = gui_test_window_on ("scenarios/demo.xml", 1400, 900);
  f->document = gbacw_window_get_document (f->window);
  f->scenario = gbacw_document_get_scenario (f->document);
  f->sidebar = gbacw_scenario_controller_get_sidebar (gbacw_window_get_scenario_controller (f->window));
  f->panel = gbacw_scenario_sidebar_get_oob_panel (f->sidebar);
  f->inspector = gbacw_scenario_sidebar_get_inspector (f->sidebar);
  gtk_window_present (GTK_WINDOW (f->window));
  gui_test_wait_for_layout (GTK_WIDGET (f->inspector));
}

static void
fixture_tear_down (Fixture      *f,
                   gconstpointer data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  gui_test_iterate ();
}

/* ---------------------------------------------------------------- keys */

/* A key pressed where the focus is, as GTK hands it on: the capture phase from the
 * window down to the focus, then the bubble phase (key bindings) from the focus up.
 * TRUE if a shortcut took it and acted. */
static gboolean
press_at_focus (Fixture    *f,
                const char *trigger)
{
  g_autoptr(GtkShortcutTrigger) wanted = gtk_shortcut_trigger_parse_string (trigger);
  g_autoptr(GPtrArray) chain = g_ptr_array_new ();
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (f->window));
  gboolean done = FALSE;

  g_assert_nonnull (focus);
  for (GtkWidget *w = focus; w != NULL; w = gtk_widget_get_parent (w))
    g_ptr_array_insert (chain, 0, w);
  for (guint i = 0; i < chain->len && !done; i++)
    {
      GtkShortcut *shortcut = gui_test_find_shortcut (chain->pdata[i], wanted, GTK_PHASE_CAPTURE);
      if (shortcut != NULL)
        done = gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut), GTK_SHORTCUT_ACTION_EXCLUSIVE,
                                             chain->pdata[i], gtk_shortcut_get_arguments (shortcut));
    }
  for (guint i = chain->len; i > 0 && !done; i--)
    {
      GtkShortcut *shortcut = gui_test_find_shortcut (chain->pdata[i - 1], wanted, GTK_PHASE_BUBBLE);
      if (shortcut != NULL)
        done = gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut), GTK_SHORTCUT_ACTION_EXCLUSIVE,
                                             chain->pdata[i - 1], gtk_shortcut_get_arguments (shortcut));
    }
  gui_test_iterate ();
  return done;
}

static gboolean
is_inside (GtkWidget *widget,
           GtkWidget *ancestor)
{
  return widget != NULL && (widget == ancestor || gtk_widget_is_ancestor (widget, ancestor));
}

static GtkWidget *
focus_widget (Fixture *f)
{
  return gtk_root_get_focus (GTK_ROOT (f->window));
}

static const char *
selected_id (Fixture *f)
{
  return gui_test_selected_oob_id (f->panel);
}

/* ---------------------------------------------------------------- tests */

/* Tab from a leader's Name goes to his Rank (printed with the name on the counter), then
 * to Command and the ratings: every field in the order of the form, none skipped. */
static void
test_tab_order (Fixture      *f,
                gconstpointer data)
{
  static const GbacwOobField order[] = { GBACW_OOB_FIELD_NAME, GBACW_OOB_FIELD_RANK, GBACW_OOB_FIELD_ROLE,
                                         GBACW_OOB_FIELD_ER, GBACW_OOB_FIELD_RALLY, GBACW_OOB_FIELD_DIR };

  g_assert_true (gbacw_oob_panel_select (f->panel, GBACW_OOB_ITEM_UNIT, "u-webb-ldr"));
  gui_test_settle ();
  gbacw_oob_inspector_focus_field (f->inspector, GBACW_OOB_FIELD_NAME);
  gui_test_settle ();
  for (guint i = 0; i < G_N_ELEMENTS (order); i++)
    {
      GtkWidget *field = gbacw_oob_inspector_get_field_widget (f->inspector, order[i]);

      g_assert_nonnull (field);
      if (!is_inside (focus_widget (f), field))
        g_error ("field %u of the leader's form: the focus is in a %s, not in field %d", i,
                 G_OBJECT_TYPE_NAME (focus_widget (f)), order[i]);
      /* the name and rank typed into, as a user does before Tab */
      if (order[i] == GBACW_OOB_FIELD_NAME || order[i] == GBACW_OOB_FIELD_RANK)
        {
          g_autofree char *text = g_strconcat (gtk_editable_get_text (GTK_EDITABLE (field)), "x", NULL);
          gtk_editable_set_text (GTK_EDITABLE (field), text);
          gui_test_settle ();
        }
      if (i + 1 < G_N_ELEMENTS (order))
        {
          g_assert_true (gtk_widget_child_focus (GTK_WIDGET (f->window), GTK_DIR_TAB_FORWARD));
          gui_test_settle ();
        }
    }
  /* and Shift+Tab back from Command to Rank */
  gbacw_oob_inspector_focus_field (f->inspector, GBACW_OOB_FIELD_ROLE);
  gui_test_iterate ();
  g_assert_true (gtk_widget_child_focus (GTK_WIDGET (f->window), GTK_DIR_TAB_BACKWARD));
  gui_test_iterate ();
  g_assert_true (is_inside (focus_widget (f), gbacw_oob_inspector_get_field_widget (f->inspector,
                                                                                    GBACW_OOB_FIELD_RANK)));
}

/* Ctrl+D in the tree, then again with the focus in the copy's Name (where the first
 * copy put it), then in another field of the form: three copies, numbered, new ids. */
static void
test_duplicate_keys (Fixture      *f,
                     gconstpointer data)
{
  guint n_units = f->scenario->oob.units->len;
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  const GbacwUnit *copy;

  g_assert_true (gbacw_oob_panel_select (f->panel, GBACW_OOB_ITEM_UNIT, "u-31ill"));
  gui_test_iterate ();
  g_assert_true (gtk_widget_child_focus (GTK_WIDGET (f->panel), GTK_DIR_TAB_FORWARD));
  gui_test_iterate ();
  g_assert_true (is_inside (focus_widget (f), GTK_WIDGET (f->panel)));

  g_assert_true (press_at_focus (f, "<Control>d"));
  g_assert_cmpuint (f->scenario->oob.units->len, ==, n_units + 1);
  first = g_strdup (selected_id (f));
  copy = gbacw_oob_find_unit (&f->scenario->oob, first);
  g_assert_cmpstr (copy->designation, ==, "31 Ill (2)");
  g_assert_cmpstr (first, !=, "u-31ill");
  /* The copy's name is typed next: the focus is in its Name. */
  g_assert_true (is_inside (focus_widget (f), gbacw_oob_inspector_get_field_widget (f->inspector,
                                                                                    GBACW_OOB_FIELD_NAME)));

  /* A second Ctrl+D, from the Name: a copy of the copy. */
  g_assert_true (press_at_focus (f, "<Control>d"));
  g_assert_cmpuint (f->scenario->oob.units->len, ==, n_units + 2);
  second = g_strdup (selected_id (f));
  g_assert_cmpstr (second, !=, first);
  g_assert_cmpstr (gbacw_oob_find_unit (&f->scenario->oob, second)->designation, ==, "31 Ill (3)");

  /* From another field of the form. */
  gbacw_oob_inspector_focus_field (f->inspector, GBACW_OOB_FIELD_STRENGTH);
  gui_test_iterate ();
  g_assert_true (press_at_focus (f, "<Control>d"));
  g_assert_cmpuint (f->scenario->oob.units->len, ==, n_units + 3);
  g_assert_cmpstr (gbacw_oob_find_unit (&f->scenario->oob, selected_id (f))->designation, ==, "31 Ill (4)");
}

/* The values of the Weapon list of the unit selected. */
static GPtrArray *
weapon_choices (Fixture    *f,
                const char *unit)
{
  GPtrArray *values = g_ptr_array_new_with_free_func (g_free);
  GtkWidget *dropdown;
  GListModel *model;

  g_assert_true (gbacw_oob_panel_select (f->panel, GBACW_OOB_ITEM_UNIT, unit));
  gui_test_iterate ();
  dropdown = gbacw_oob_inspector_get_field_widget (f->inspector, GBACW_OOB_FIELD_WEAPON);
  g_assert_true (GTK_IS_DROP_DOWN (dropdown));
  model = gtk_drop_down_get_model (GTK_DROP_DOWN (dropdown));
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    g_ptr_array_add (values, g_strdup (gtk_string_list_get_string (GTK_STRING_LIST (model), i)));
  return values;
}

static gboolean
offers (GPtrArray  *choices,
        const char *weapon)
{
  for (guint i = 0; i < choices->len; i++)
    {
      const char *title = g_ptr_array_index (choices, i);
      /* "R (Rifled musket)", "L (6-lb Smoothbore)": the id then its name */
      if (g_str_has_prefix (title, weapon) && (title[strlen (weapon)] == ' ' || title[strlen (weapon)] == '\0'))
        return TRUE;
    }
  return FALSE;
}

/* 9.25: the demo's Range Effects chart names R, M, C as muskets and carbines, L, N, HA,
 * PA as guns. Infantry and wagons are offered the first, a battery the second. */
static void
test_weapons_by_kind (Fixture      *f,
                      gconstpointer data)
{
  g_autoptr(GPtrArray) infantry = weapon_choices (f, "u-31ill");
  g_autoptr(GPtrArray) wagon = weapon_choices (f, "u-wagon");
  g_autoptr(GPtrArray) battery = NULL;
  const char *battery_id = NULL;

  for (guint i = 0; i < f->scenario->oob.units->len && battery_id == NULL; i++)
    {
      const GbacwUnit *u = g_ptr_array_index (f->scenario->oob.units, i);
      if (u->type == GBACW_UNIT_ARTILLERY)
        battery_id = u->id;
    }
  g_assert_nonnull (battery_id);
  battery = weapon_choices (f, battery_id);

  for (guint i = 0; i < 2; i++)
    {
      GPtrArray *choices = i == 0 ? infantry : wagon;
      g_assert_true (offers (choices, "R"));
      g_assert_true (offers (choices, "M"));
      g_assert_true (offers (choices, "C"));
      g_assert_false (offers (choices, "L"));
      g_assert_false (offers (choices, "N"));
      g_assert_false (offers (choices, "HA"));
      g_assert_false (offers (choices, "PA"));
    }
  g_assert_true (offers (battery, "L"));
  g_assert_true (offers (battery, "N"));
  g_assert_true (offers (battery, "HA"));
  g_assert_true (offers (battery, "PA"));
  g_assert_false (offers (battery, "R"));
  g_assert_false (offers (battery, "M"));

  /* The model agrees: what decides is the chart's row name. */
  g_assert_cmpint (gbacw_oob_weapon_kind (f->scenario, "HA"), ==, GBACW_WEAPON_KIND_ARTILLERY);
  g_assert_cmpint (gbacw_oob_weapon_kind (f->scenario, "M"), ==, GBACW_WEAPON_KIND_SMALL_ARMS);
}

/* With the findings panel open in a window of the default size, the tree and the form
 * each keep a usable height, the divider between them is a wide handle, and where the
 * user drags it is where it is in the next window. */
static void
test_split (Fixture      *f,
            gconstpointer data)
{
  GtkWidget *paned = gtk_widget_get_ancestor (GTK_WIDGET (f->inspector), GTK_TYPE_PANED);
  GtkWidget *form = gtk_widget_get_ancestor (GTK_WIDGET (f->inspector), GTK_TYPE_SCROLLED_WINDOW);
  GtkWidget *findings = GTK_WIDGET (gbacw_window_get_findings_panel (f->window));
  GSettings *settings = g_settings_new ("org.gbacw.Editor");
  GbacwWindow *second;
  GtkWidget *second_paned;
  int position;

  g_assert_true (GTK_IS_PANED (paned));
  g_assert_true (gtk_paned_get_wide_handle (GTK_PANED (paned)));

  gtk_window_set_default_size (GTK_WINDOW (f->window), 1100, 700);
  gtk_widget_set_visible (findings, TRUE);
  g_assert_true (gbacw_oob_panel_select (f->panel, GBACW_OOB_ITEM_UNIT, "u-31ill"));
  for (int i = 0; i < 30; i++)
    {
      gui_test_iterate ();
      g_usleep (10000);
    }
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (f->panel)), >=, 150);
  g_assert_cmpint (gtk_widget_get_height (form), >=, 170);

  /* Dragged: remembered, and the next window opens with it. */
  position = gtk_paned_get_position (GTK_PANED (paned)) - 20;
  gtk_paned_set_position (GTK_PANED (paned), position);
  gui_test_iterate ();
  g_assert_cmpint (g_settings_get_int (settings, "oob-tree-height"), ==, position);
  second = gbacw_window_new (NULL);
  second_paned = gtk_widget_get_ancestor (
    GTK_WIDGET (gbacw_scenario_sidebar_get_inspector (gbacw_scenario_controller_get_sidebar (
      gbacw_window_get_scenario_controller (second)))), GTK_TYPE_PANED);
  g_assert_cmpint (gtk_paned_get_position (GTK_PANED (second_paned)), ==, position);
  gtk_window_destroy (GTK_WINDOW (second));
  g_object_unref (settings);
}

static GtkWidget *
find_with_data (GtkWidget  *root,
                const char *key)
{
  if (g_object_get_data (G_OBJECT (root), key) != NULL)
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_with_data (child, key);
      if (found != NULL)
        return found;
    }
  return NULL;
}

static GtkWidget *
find_button (GtkWidget *root)
{
  if (GTK_IS_BUTTON (root))
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_button (child);
      if (found != NULL)
        return found;
    }
  return NULL;
}

/* A unit's Victory Points typed in the form count only through a "unit-vp" award (a
 * leader's through "leader-lost", which the demo has): the Victory page says so while no
 * award counts them, and its button adds the award (P 34.11). */
static void
test_unit_vp_notice (Fixture      *f,
                     gconstpointer data)
{
  GtkWindow *dialog = gbacw_scenario_controller_get_settings_dialog (gbacw_window_get_scenario_controller (f->window));
  GtkWidget *notice;
  gboolean counted = FALSE;

  gtk_window_present (dialog);
  gui_test_iterate ();
  /* The demo's units have no VP of their own: no notice. */
  g_assert_null (find_with_data (GTK_WIDGET (dialog), "gbacw-unit-vp-notice"));

  g_assert_true (gbacw_oob_panel_select (f->panel, GBACW_OOB_ITEM_UNIT, "u-wagon"));
  gui_test_iterate ();
  gbacw_oob_inspector_set_field_text (f->inspector, GBACW_OOB_FIELD_VP, "5");
  gui_test_iterate ();
  g_assert_cmpint (gbacw_oob_find_unit (&f->scenario->oob, "u-wagon")->vp, ==, 5);
  notice = find_with_data (GTK_WIDGET (dialog), "gbacw-unit-vp-notice");
  g_assert_nonnull (notice);
  g_assert_true (gtk_widget_get_visible (notice));

  g_signal_emit_by_name (find_button (notice), "clicked");
  gui_test_iterate ();
  for (guint i = 0; i < f->scenario->vp_awards->len; i++)
    counted |= ((GbacwVpAward *) g_ptr_array_index (f->scenario->vp_awards, i))->event == GBACW_VP_UNIT_VP;
  g_assert_true (counted);
  g_assert_null (find_with_data (GTK_WIDGET (dialog), "gbacw-unit-vp-notice"));
  gtk_window_close (dialog);
  gui_test_iterate ();
}

int
main (int argc, char **argv)
{
  g_setenv ("GSK_RENDERER", "cairo", FALSE);
  if (!gui_test_init (&argc, &argv))
    return 77;

  g_test_add ("/editor/oob-form/tab-order", Fixture, NULL, fixture_set_up, test_tab_order, fixture_tear_down);
  g_test_add ("/editor/oob-form/duplicate-keys", Fixture, NULL, fixture_set_up, test_duplicate_keys,
              fixture_tear_down);
  g_test_add ("/editor/oob-form/unit-vp-notice", Fixture, NULL, fixture_set_up, test_unit_vp_notice,
              fixture_tear_down);
  g_test_add ("/editor/oob-form/split", Fixture, NULL, fixture_set_up, test_split, fixture_tear_down);
  g_test_add ("/editor/oob-form/weapons-by-kind", Fixture, NULL, fixture_set_up, test_weapons_by_kind,
              fixture_tear_down);

  return g_test_run ();
}
