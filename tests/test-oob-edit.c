/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-oob-edit.c: every order-of-battle, deployment, reinforcement and settings
 * command applies, undoes to the byte-identical file, redoes, and leaves a file
 * that loads; brigade placement respects stacking and prohibited terrain. */
#define G_LOG_DOMAIN "test-oob-edit"

#include "config.h"

#include <string.h>

#include "gbacw-collection-edit.h"
#include "gbacw-data.h"
#include "gbacw-document.h"
#include "gbacw-exclusive-params.h"
#include "gbacw-oob-edit.h"
#include "gbacw-rules-data.h"
#include "gbacw-scenario-io.h"

/* ---------------------------------------------------------------- helpers */

static GbacwScenario *
load_demo (void)
{
  g_autofree char *path = gbacw_data_find ("scenarios/demo.xml");
  g_autoptr (GError) error = NULL;
  GbacwScenario *s;

  g_assert_nonnull (path);
  s = gbacw_scenario_load_file (path, &error);
  g_assert_no_error (error);
  return s;
}

static int
hex (const GbacwScenario *s, const char *label)
{
  GbacwHex h;
  g_autoptr (GError) error = NULL;
  g_assert_true (gbacw_hex_grid_parse_label (&s->map->grid, label, &h, &error));
  return gbacw_hex_grid_index (&s->map->grid, h);
}

static void
assert_bytes_equal (GBytes *a, GBytes *b)
{
  if (!g_bytes_equal (a, b))
    {
      gsize la, lb;
      const char *da = g_bytes_get_data (a, &la), *db = g_bytes_get_data (b, &lb);
      gsize i = 0;
      while (i < la && i < lb && da[i] == db[i])
        i++;
      g_error ("files differ at byte %" G_GSIZE_FORMAT ": …%.60s… vs …%.60s…", i, da + (i > 20 ? i - 20 : 0),
               db + (i > 20 ? i - 20 : 0));
    }
}

/* Applies cmd (transfer full): the file changes (unless expect_change is FALSE), undo
 * gives back the same bytes, redo the same changed bytes, and the result loads. The
 * command stays applied. */
static void
run (GbacwScenario *s, GbacwCommand *cmd, gboolean expect_change)
{
  g_autoptr (GBytes) before = gbacw_scenario_save_to_bytes (s);
  g_autoptr (GBytes) after = NULL;
  g_autoptr (GBytes) undone = NULL;
  g_autoptr (GBytes) redone = NULL;
  g_autoptr (GbacwScenario) reloaded = NULL;
  g_autoptr (GBytes) resaved = NULL;
  g_autoptr (GError) error = NULL;

  g_assert_nonnull (cmd);
  g_assert_true (GBACW_IS_COMMAND (cmd));
  gbacw_command_apply (cmd, s, NULL);
  after = gbacw_scenario_save_to_bytes (s);
  if (expect_change)
    g_assert_false (g_bytes_equal (before, after));
  else
    assert_bytes_equal (before, after);
  gbacw_command_revert (cmd, s, NULL);
  undone = gbacw_scenario_save_to_bytes (s);
  assert_bytes_equal (before, undone);
  gbacw_command_apply (cmd, s, NULL);
  redone = gbacw_scenario_save_to_bytes (s);
  assert_bytes_equal (after, redone);

  reloaded = gbacw_scenario_load_bytes (after, "after.xml", &error);
  g_assert_no_error (error);
  resaved = gbacw_scenario_save_to_bytes (reloaded);
  assert_bytes_equal (after, resaved);
  g_object_unref (cmd);
}

static GbacwCommand *
ok (GbacwCommand *cmd, GError *error)
{
  g_assert_no_error (error);
  g_assert_nonnull (cmd);
  return cmd;
}

static void
expect_error (GbacwCommand *cmd, GError **error, int code)
{
  g_assert_null (cmd);
  g_assert_error (*error, GBACW_OOB_EDIT_ERROR, code);
  g_assert_cmpstr ((*error)->message, !=, "");
  g_clear_error (error);
}

static int
unit_pos (const GbacwScenario *s, const char *id)
{
  for (guint i = 0; i < s->oob.units->len; i++)
    if (strcmp (((GbacwUnit *) g_ptr_array_index (s->oob.units, i))->id, id) == 0)
      return (int) i;
  return -1;
}

static int
formation_pos (const GbacwScenario *s, const char *id)
{
  for (guint i = 0; i < s->oob.formations->len; i++)
    if (strcmp (((GbacwFormation *) g_ptr_array_index (s->oob.formations, i))->id, id) == 0)
      return (int) i;
  return -1;
}

/* Position of unit in the stack of its hex, 0 = top. */
static int
stack_pos (const GbacwScenario *s, const char *unit)
{
  const GbacwPlacement *p = gbacw_scenario_find_placement (s, unit, NULL);
  int n = 0;
  g_assert_nonnull (p);
  for (guint i = 0; i < s->deployment->len; i++)
    {
      const GbacwPlacement *q = g_ptr_array_index (s->deployment, i);
      if (q == p)
        return n;
      if (q->hex == p->hex)
        n++;
    }
  g_assert_not_reached ();
}

/* ---------------------------------------------------------------- order of battle */

static void
test_add (void)
{
  g_autoptr (GbacwScenario) s = load_demo ();
  g_autoptr (GError) error = NULL;
  g_autofree char *id = NULL, *leader = NULL, *brigade = NULL, *first = NULL;
  const GbacwUnit *u;

  run (s, ok (gbacw_oob_add_unit (s, "union", "u-webb", GBACW_UNIT_INFANTRY, NULL, &id, &error), error), TRUE);
  g_assert_cmpstr (id, ==, "u-new-1");
  u = gbacw_oob_find_unit (&s->oob, id);
  g_assert_nonnull (u);
  g_assert_cmpstr (u->formation, ==, "u-webb");
  g_assert_cmpint (u->strength, ==, GBACW_UNSET);
  g_assert_cmpint (u->morale, ==, GBACW_UNSET);
  g_assert_cmpint (unit_pos (s, id), ==, unit_pos (s, "u-bty-b") + 1);

  run (s, ok (gbacw_oob_add_unit (s, "union", "u-webb", GBACW_UNIT_CAVALRY, "u-31ill", &first, &error), error), TRUE);
  g_assert_cmpstr (first, ==, "u-new-2");
  g_assert_cmpint (unit_pos (s, first), ==, unit_pos (s, "u-31ill") - 1);

  run (s, ok (gbacw_oob_add_unit (s, "union", "u-div", GBACW_UNIT_LEADER, NULL, &leader, &error), error), TRUE);
  g_assert_cmpint (gbacw_oob_find_unit (&s->oob, leader)->role, ==, GBACW_LEADER_DIVISION);

  run (s, ok (gbacw_oob_add_formation (s, "union", "u-div", GBACW_FORMATION_BRIGADE, NULL, &brigade, &error), error),
       TRUE);
  g_assert_cmpstr (brigade, ==, "f-new-1");
  g_assert_cmpint (formation_pos (s, brigade), ==, formation_pos (s, "u-sayer") + 1);
  run (s, ok (gbacw_oob_add_formation (s, "confederate", NULL, GBACW_FORMATION_ARMY, "c-div", NULL, &error), error),
       TRUE);
  g_assert_cmpint (formation_pos (s, "f-new-2"), ==, formation_pos (s, "c-div") - 1);
  /* a side-level unit */
  run (s, ok (gbacw_oob_add_unit (s, "confederate", NULL, GBACW_UNIT_WAGON, NULL, NULL, &error), error), TRUE);

  expect_error (gbacw_oob_add_unit (s, "prussia", NULL, GBACW_UNIT_INFANTRY, NULL, NULL, &error), &error,
                GBACW_OOB_EDIT_ERROR_NOT_FOUND);
  expect_error (gbacw_oob_add_unit (s, "union", "c-pryor", GBACW_UNIT_INFANTRY, NULL, NULL, &error), &error,
                GBACW_OOB_EDIT_ERROR_NOT_ALLOWED);
  expect_error (gbacw_oob_add_unit (s, "union", "nowhere", GBACW_UNIT_INFANTRY, NULL, NULL, &error), &error,
                GBACW_OOB_EDIT_ERROR_NOT_FOUND);
  expect_error (gbacw_oob_add_unit (s, "union", "u-webb", GBACW_UNIT_INFANTRY, "u-22ind", NULL, &error), &error,
                GBACW_OOB_EDIT_ERROR_NOT_FOUND);
  /* No side: refused, not a command inserting at an index never set. */
  expect_error (gbacw_oob_add_unit (s, NULL, NULL, GBACW_UNIT_INFANTRY, NULL, NULL, &error), &error,
                GBACW_OOB_EDIT_ERROR_NOT_FOUND);
  expect_error (gbacw_oob_add_formation (s, NULL, NULL, GBACW_FORMATION_BRIGADE, NULL, NULL, &error), &error,
                GBACW_OOB_EDIT_ERROR_NOT_FOUND);
}

static void
test_totals (void)
{
  g_autoptr (GbacwScenario) s = load_demo ();
  int sp, guns, missing;

  gbacw_oob_formation_totals (s, "u-webb", &sp, &guns, &missing);
  g_assert_cmpint (sp, ==, 6 + 5 + 4);
  g_assert_cmpint (guns, ==, 4);
  g_assert_cmpint (missing, ==, 0);
  gbacw_oob_formation_totals (s, "c-div", &sp, &guns, &missing);
  g_assert_cmpint (sp, ==, 4 + 6 + 5 + 5 + 6 + 5 + 4);
  g_assert_cmpint (guns, ==, 4);
}

static void
test_unique_id (void)
{
  g_autoptr (GbacwScenario) s = load_demo ();
  g_autofree char *a = gbacw_oob_unique_id (s, "u-new");
  g_autofree char *b = gbacw_oob_unique_id (s, "r-sayer");
  g_autofree char *c = gbacw_oob_unique_id (s, "u-14oh");

  g_assert_cmpstr (a, ==, "u-new-1");
  g_assert_cmpstr (b, ==, "r-sayer-1");
  g_assert_cmpstr (c, ==, "u-14oh-1");
}

static void
test_duplicate (void)
{
  g_autoptr (GbacwScenario) s = load_demo ();
  g_autoptr (GError) error = NULL;
  g_autofree char *unit = NULL, *brigade = NULL;
  const GbacwUnit *a, *b;
  const GbacwFormation *f;
  guint n_units = s->oob.units->len, n_formations = s->oob.formations->len;
  guint n_copied = 0;

  run (s, ok (gbacw_oob_duplicate (s, GBACW_OOB_ENTRY_UNIT, "u-31ill", &unit, &error), error), TRUE);
  a = gbacw_oob_find_unit (&s->oob, "u-31ill");
  b = gbacw_oob_find_unit (&s->oob, unit);
  g_assert_cmpint (unit_pos (s, unit), ==, unit_pos (s, "u-31ill") + 1);
  /* the copy is numbered ("31 Ill (2)"), its id new */
  {
    g_autofree char *numbered = g_strdup_printf ("%s (2)", a->designation);
    g_assert_cmpstr (b->designation, ==, numbered);
  }
  g_assert_cmpstr (b->id, !=, a->id);
  g_assert_cmpint (b->strength, ==, a->strength);
  g_assert_cmpstr (b->formation, ==, a->formation);

  /* a copy of a copy, and a second copy of the first, take the next free numbers */
  {
    g_autofree char *again = NULL, *third = NULL;
    g_autofree char *expected3 = g_strdup_printf ("%s (3)", a->designation);
    g_autofree char *expected4 = g_strdup_printf ("%s (4)", a->designation);
    g_autofree char *second_copy_id = g_strdup (unit);

    run (s, ok (gbacw_oob_duplicate (s, GBACW_OOB_ENTRY_UNIT, second_copy_id, &again, &error), error), TRUE);
    g_assert_cmpstr (gbacw_oob_find_unit (&s->oob, again)->designation, ==, expected3);
    run (s, ok (gbacw_oob_duplicate (s, GBACW_OOB_ENTRY_UNIT, "u-31ill", &third, &error), error), TRUE);
    g_assert_cmpstr (gbacw_oob_find_unit (&s->oob, third)->designation, ==, expected4);
    g_assert_cmpstr (third, !=, again);
  }

  run (s, ok (gbacw_oob_duplicate (s, GBACW_OOB_ENTRY_FORMATION, "u-webb", &brigade, &error), error), TRUE);
  f = gbacw_oob_find_formation (&s->oob, brigade);
  g_assert_nonnull (f);
  g_assert_cmpstr (f->parent, ==, "u-div");
  g_assert_cmpstr (f->name, ==, "Webb's Brigade (2)");
  g_assert_cmpint (formation_pos (s, brigade), ==, formation_pos (s, "u-webb") + 1);
  g_assert_cmpuint (s->oob.formations->len, ==, n_formations + 1);
  /* its leader is copied and commands the copy */
  g_assert_nonnull (f->commander);
  g_assert_cmpstr (f->commander, !=, "u-webb-ldr");
  g_assert_cmpstr (gbacw_oob_find_unit (&s->oob, f->commander)->designation, ==, "Webb (2)");
  g_assert_cmpstr (gbacw_oob_find_unit (&s->oob, f->commander)->formation, ==, brigade);
  for (guint i = 0; i < s->oob.units->len; i++)
    n_copied += g_strcmp0 (((GbacwUnit *) g_ptr_array_index (s->oob.units, i))->formation, brigade) == 0;
  g_assert_cmpuint (n_copied, ==, 8);  /* Webb, 14 Oh, 31 Ill, its three duplicates, 7 Wis, B 1 Oh LA */
  g_assert_cmpuint (s->oob.units->len, ==, n_units + 3 + 8);

  /* a division: nested formations get new parents */
  run (s, ok (gbacw_oob_duplicate (s, GBACW_OOB_ENTRY_FORMATION, "c-div", NULL, &error), error), TRUE);
  expect_error (gbacw_oob_duplicate (s, GBACW_OOB_ENTRY_UNIT, "nobody", NULL, &error), &error,
                GBACW_OOB_EDIT_ERROR_NOT_FOUND);
}

static void
test_delete (void)
{
  g_autoptr (GbacwScenario) s = load_demo ();
  g_autoptr (GError) error = NULL;
  const GbacwReinforcement *r;

  g_assert_nonnull (gbacw_scenario_find_placement (s, "u-14oh", NULL));
  run (s, ok (gbacw_oob_delete (s, GBACW_OOB_ENTRY_UNIT, "u-14oh", &error), error), TRUE);
  g_assert_null (gbacw_oob_find_unit (&s->oob, "u-14oh"));
  g_assert_null (gbacw_scenario_find_placement (s, "u-14oh", NULL));

  /* a leader: the formation it commanded loses its commander */
  run (s, ok (gbacw_oob_delete (s, GBACW_OOB_ENTRY_UNIT, "u-webb-ldr", &error), error), TRUE);
  g_assert_null (gbacw_oob_find_formation (&s->oob, "u-webb")->commander);

  /* a brigade with its units; the reinforcement that brought it loses it */
  run (s, ok (gbacw_oob_delete (s, GBACW_OOB_ENTRY_FORMATION, "u-sayer", &error), error), TRUE);
  g_assert_null (gbacw_oob_find_formation (&s->oob, "u-sayer"));
  g_assert_null (gbacw_oob_find_unit (&s->oob, "u-22ind"));
  g_assert_null (gbacw_oob_find_unit (&s->oob, "u-sayer-ldr"));
  r = g_ptr_array_index (s->reinforcements, 0);
  g_assert_cmpuint (r->formations->len, ==, 0);

  /* a whole division with nested brigades */
  run (s, ok (gbacw_oob_delete (s, GBACW_OOB_ENTRY_FORMATION, "c-div", &error), error), TRUE);
  g_assert_null (gbacw_oob_find_formation (&s->oob, "c-pryor"));
  g_assert_null (gbacw_oob_find_unit (&s->oob, "c-3la"));
  g_assert_null (gbacw_scenario_find_placement (s, "c-3la", NULL));
  g_assert_nonnull (gbacw_oob_find_unit (&s->oob, "c-hart"));

  expect_error (gbacw_oob_delete (s, GBACW_OOB_ENTRY_FORMATION, "c-div", &error), &error,
                GBACW_OOB_EDIT_ERROR_NOT_FOUND);
}

static void
test_move (void)
{
  g_autoptr (GbacwScenario) s = load_demo ();
  g_autoptr (GError) error = NULL;
  g_autofree char *division = NULL;

  /* reorder within a brigade */
  run (s, ok (gbacw_oob_move (s, GBACW_OOB_ENTRY_UNIT, "u-7wis", "u-webb", "u-14oh", &error), error), TRUE);
  g_assert_cmpint (unit_pos (s, "u-7wis"), <, unit_pos (s, "u-14oh"));
  run (s, ok (gbacw_oob_move (s, GBACW_OOB_ENTRY_UNIT, "u-7wis", "u-webb", NULL, &error), error), TRUE);
  g_assert_cmpint (unit_pos (s, "u-7wis"), >, unit_pos (s, "u-bty-b"));
  /* moving to where it is changes nothing */
  run (s, ok (gbacw_oob_move (s, GBACW_OOB_ENTRY_UNIT, "u-7wis", "u-webb", NULL, &error), error), FALSE);
  /* a unit to another brigade */
  run (s, ok (gbacw_oob_move (s, GBACW_OOB_ENTRY_UNIT, "u-31ill", "u-sayer", "u-9mich", &error), error), TRUE);
  g_assert_cmpstr (gbacw_oob_find_unit (&s->oob, "u-31ill")->formation, ==, "u-sayer");
  g_assert_cmpint (unit_pos (s, "u-31ill"), ==, unit_pos (s, "u-9mich") - 1);
  /* brigades: reorder, then move one to another division */
  run (s, ok (gbacw_oob_move (s, GBACW_OOB_ENTRY_FORMATION, "u-sayer", "u-div", "u-webb", &error), error), TRUE);
  g_assert_cmpint (formation_pos (s, "u-sayer"), <, formation_pos (s, "u-webb"));
  run (s, ok (gbacw_oob_add_formation (s, "union", NULL, GBACW_FORMATION_DIVISION, NULL, &division, &error), error),
       TRUE);
  run (s, ok (gbacw_oob_move (s, GBACW_OOB_ENTRY_FORMATION, "u-sayer", division, NULL, &error), error), TRUE);
  g_assert_cmpstr (gbacw_oob_find_formation (&s->oob, "u-sayer")->parent, ==, division);
  /* to the side's top level */
  run (s, ok (gbacw_oob_move (s, GBACW_OOB_ENTRY_FORMATION, "c-cade", NULL, NULL, &error), error), TRUE);
  g_assert_null (gbacw_oob_find_formation (&s->oob, "c-cade")->parent);

  expect_error (gbacw_oob_move (s, GBACW_OOB_ENTRY_FORMATION, "u-div", "u-webb", NULL, &error), &error,
                GBACW_OOB_EDIT_ERROR_NOT_ALLOWED);
  expect_error (gbacw_oob_move (s, GBACW_OOB_ENTRY_FORMATION, "u-div", "u-div", NULL, &error), &error,
                GBACW_OOB_EDIT_ERROR_NOT_ALLOWED);
  expect_error (gbacw_oob_move (s, GBACW_OOB_ENTRY_FORMATION, "u-webb", "c-div", NULL, &error), &error,
                GBACW_OOB_EDIT_ERROR_NOT_ALLOWED);
  expect_error (gbacw_oob_move (s, GBACW_OOB_ENTRY_UNIT, "u-14oh", "u-webb", "c-4ala", &error), &error,
                GBACW_OOB_EDIT_ERROR_NOT_FOUND);
}

typedef struct {
  GbacwOobEntry entry;
  const char *id;
  GbacwOobField field;
  const char *text;
} FieldCase;

static void
test_fields (void)
{
  static const FieldCase cases[] = {
    { GBACW_OOB_ENTRY_UNIT, "u-14oh", GBACW_OOB_FIELD_NAME, "14th Ohio" },
    { GBACW_OOB_ENTRY_UNIT, "u-14oh", GBACW_OOB_FIELD_KIND, "cavalry" },
    { GBACW_OOB_ENTRY_UNIT, "u-14oh", GBACW_OOB_FIELD_STRENGTH, "7" },
    { GBACW_OOB_ENTRY_UNIT, "u-14oh", GBACW_OOB_FIELD_STRENGTH, "" },
    { GBACW_OOB_ENTRY_UNIT, "u-14oh", GBACW_OOB_FIELD_MORALE, "?" },
    { GBACW_OOB_ENTRY_UNIT, "u-14oh", GBACW_OOB_FIELD_DISMOUNTED_MORALE, "2" },
    { GBACW_OOB_ENTRY_UNIT, "u-14oh", GBACW_OOB_FIELD_WEAPON, "C" },
    { GBACW_OOB_ENTRY_UNIT, "u-14oh", GBACW_OOB_FIELD_INDEPENDENT, "yes" },
    { GBACW_OOB_ENTRY_UNIT, "u-14oh", GBACW_OOB_FIELD_SHARPSHOOTER, "yes" },
    { GBACW_OOB_ENTRY_UNIT, "u-14oh", GBACW_OOB_FIELD_VP, "3" },
    { GBACW_OOB_ENTRY_UNIT, "u-bty-b", GBACW_OOB_FIELD_GUNS, "6" },
    { GBACW_OOB_ENTRY_UNIT, "u-bty-b", GBACW_OOB_FIELD_ROUNDS, "0" },
    { GBACW_OOB_ENTRY_UNIT, "u-bty-b", GBACW_OOB_FIELD_CREW, "half" },
    { GBACW_OOB_ENTRY_UNIT, "u-bty-b", GBACW_OOB_FIELD_HORSE_ARTILLERY, "yes" },
    { GBACW_OOB_ENTRY_UNIT, "u-bty-b", GBACW_OOB_FIELD_SECTION, "yes" },
    { GBACW_OOB_ENTRY_UNIT, "u-bty-b", GBACW_OOB_FIELD_DOUBLE_SHOT, "yes" },
    { GBACW_OOB_ENTRY_UNIT, "u-wagon", GBACW_OOB_FIELD_SMALL_ARMS, "6" },
    { GBACW_OOB_ENTRY_UNIT, "u-wagon", GBACW_OOB_FIELD_ARTILLERY_AMMO, "2" },
    { GBACW_OOB_ENTRY_UNIT, "u-wagon", GBACW_OOB_FIELD_WAGON_CREW, "3" },
    { GBACW_OOB_ENTRY_UNIT, "u-webb-ldr", GBACW_OOB_FIELD_ROLE, "division" },
    { GBACW_OOB_ENTRY_UNIT, "u-webb-ldr", GBACW_OOB_FIELD_RANK, "brigadier-general" },
    { GBACW_OOB_ENTRY_UNIT, "u-webb-ldr", GBACW_OOB_FIELD_ER, "4" },
    { GBACW_OOB_ENTRY_UNIT, "u-webb-ldr", GBACW_OOB_FIELD_RALLY, "3" },
    { GBACW_OOB_ENTRY_UNIT, "u-webb-ldr", GBACW_OOB_FIELD_DIR, "" },
    { GBACW_OOB_ENTRY_UNIT, "u-webb-ldr", GBACW_OOB_FIELD_CP, "1" },
    { GBACW_OOB_ENTRY_UNIT, "u-webb-ldr", GBACW_OOB_FIELD_VP, "2" },
    { GBACW_OOB_ENTRY_FORMATION, "u-webb", GBACW_OOB_FIELD_NAME, "Webb's \"Iron\" Brigade, 1st" },
    { GBACW_OOB_ENTRY_FORMATION, "u-webb", GBACW_OOB_FIELD_KIND, "group" },
    { GBACW_OOB_ENTRY_FORMATION, "u-webb", GBACW_OOB_FIELD_COMMANDER, "u-hollister" },
    { GBACW_OOB_ENTRY_FORMATION, "u-webb", GBACW_OOB_FIELD_INDEPENDENT, "yes" },
    { GBACW_OOB_ENTRY_FORMATION, "u-webb", GBACW_OOB_FIELD_BCE_DAY1, "" },
    { GBACW_OOB_ENTRY_FORMATION, "u-webb", GBACW_OOB_FIELD_BCE_DAY2, "5" },
    { GBACW_OOB_ENTRY_FORMATION, "u-webb", GBACW_OOB_FIELD_BCE_VP, "40" },
    { GBACW_OOB_ENTRY_FORMATION, "u-webb", GBACW_OOB_FIELD_MOMENTUM, "3" },
    { GBACW_OOB_ENTRY_FORMATION, "u-webb", GBACW_OOB_FIELD_COMMANDER, "" },
  };
  g_autoptr (GbacwScenario) s = load_demo ();
  g_autoptr (GError) error = NULL;
  guint covered = 0;

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const FieldCase *c = &cases[i];
      g_autofree char *shown = NULL;
      run (s, ok (gbacw_oob_set_field (s, c->entry, c->id, c->field, c->text, &error), error), TRUE);
      if (c->entry == GBACW_OOB_ENTRY_UNIT)
        shown = gbacw_oob_field_format_unit (gbacw_oob_find_unit (&s->oob, c->id), c->field);
      else
        shown = gbacw_oob_field_format_formation (gbacw_oob_find_formation (&s->oob, c->id), c->field);
      g_assert_cmpstr (shown, ==, c->text);
      covered |= 1u << c->field;
    }
  g_assert_cmpuint (covered, ==, (1u << GBACW_N_OOB_FIELDS) - 1);
  /* the same value again: an empty command */
  run (s, ok (gbacw_oob_set_field (s, GBACW_OOB_ENTRY_UNIT, "u-31ill", GBACW_OOB_FIELD_STRENGTH, "5", &error), error),
       FALSE);

  expect_error (gbacw_oob_set_field (s, GBACW_OOB_ENTRY_UNIT, "u-31ill", GBACW_OOB_FIELD_STRENGTH, "five", &error),
                &error, GBACW_OOB_EDIT_ERROR_INVALID);
  expect_error (gbacw_oob_set_field (s, GBACW_OOB_ENTRY_UNIT, "u-31ill", GBACW_OOB_FIELD_STRENGTH, "-1", &error),
                &error, GBACW_OOB_EDIT_ERROR_INVALID);
  expect_error (gbacw_oob_set_field (s, GBACW_OOB_ENTRY_UNIT, "u-31ill", GBACW_OOB_FIELD_MORALE, "6", &error), &error,
                GBACW_OOB_EDIT_ERROR_INVALID);
  expect_error (gbacw_oob_set_field (s, GBACW_OOB_ENTRY_UNIT, "u-31ill", GBACW_OOB_FIELD_WEAPON, "Z", &error), &error,
                GBACW_OOB_EDIT_ERROR_INVALID);
  expect_error (gbacw_oob_set_field (s, GBACW_OOB_ENTRY_UNIT, "u-31ill", GBACW_OOB_FIELD_ER, "3", &error), &error,
                GBACW_OOB_EDIT_ERROR_INVALID);
  expect_error (gbacw_oob_set_field (s, GBACW_OOB_ENTRY_UNIT, "u-31ill", GBACW_OOB_FIELD_KIND, "brigade", &error),
                &error, GBACW_OOB_EDIT_ERROR_INVALID);
  expect_error (gbacw_oob_set_field (s, GBACW_OOB_ENTRY_UNIT, "u-wagon", GBACW_OOB_FIELD_CREW, "full", &error), &error,
                GBACW_OOB_EDIT_ERROR_INVALID);
  expect_error (gbacw_oob_set_field (s, GBACW_OOB_ENTRY_UNIT, "u-sayer-ldr", GBACW_OOB_FIELD_ROLE, "", &error), &error,
                GBACW_OOB_EDIT_ERROR_INVALID);
  expect_error (gbacw_oob_set_field (s, GBACW_OOB_ENTRY_UNIT, "u-sayer-ldr", GBACW_OOB_FIELD_KIND, "infantry", &error),
                &error, GBACW_OOB_EDIT_ERROR_NOT_ALLOWED);
  expect_error (gbacw_oob_set_field (s, GBACW_OOB_ENTRY_FORMATION, "u-sayer", GBACW_OOB_FIELD_COMMANDER, "u-22ind",
                                     &error), &error, GBACW_OOB_EDIT_ERROR_NOT_FOUND);
  expect_error (gbacw_oob_set_field (s, GBACW_OOB_ENTRY_FORMATION, "u-sayer", GBACW_OOB_FIELD_COMMANDER, "c-pryor-ldr",
                                     &error), &error, GBACW_OOB_EDIT_ERROR_NOT_FOUND);
  expect_error (gbacw_oob_set_field (s, GBACW_OOB_ENTRY_FORMATION, "u-sayer", GBACW_OOB_FIELD_STRENGTH, "3", &error),
                &error, GBACW_OOB_EDIT_ERROR_INVALID);
  expect_error (gbacw_oob_set_field (s, GBACW_OOB_ENTRY_UNIT, "u-31ill", GBACW_OOB_FIELD_NAME, "a\001b", &error),
                &error, GBACW_OOB_EDIT_ERROR_INVALID);
}

/* Typing into one field is one undo step; another field or entry is another. */
static void
test_field_merge (void)
{
  g_autoptr (GbacwScenario) s = load_demo ();
  g_autoptr (GBytes) original = gbacw_scenario_save_to_bytes (s);
  g_autoptr (GbacwDocument) doc = gbacw_document_new (g_steal_pointer (&s));
  GbacwScenario *ds = gbacw_document_get_scenario (doc);
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) step1 = NULL;
  g_autoptr (GBytes) back = NULL;

  gbacw_document_execute (doc, ok (gbacw_oob_set_field (ds, GBACW_OOB_ENTRY_UNIT, "u-14oh", GBACW_OOB_FIELD_NAME,
                                                        "1", &error), error));
  gbacw_document_execute (doc, ok (gbacw_oob_set_field (ds, GBACW_OOB_ENTRY_UNIT, "u-14oh", GBACW_OOB_FIELD_NAME,
                                                        "14", &error), error));
  gbacw_document_execute (doc, ok (gbacw_oob_set_field (ds, GBACW_OOB_ENTRY_UNIT, "u-14oh", GBACW_OOB_FIELD_NAME,
                                                        "14 O", &error), error));
  step1 = gbacw_scenario_save_to_bytes (ds);
  gbacw_document_execute (doc, ok (gbacw_oob_set_field (ds, GBACW_OOB_ENTRY_UNIT, "u-31ill", GBACW_OOB_FIELD_NAME,
                                                        "x", &error), error));
  g_assert_true (gbacw_document_undo (doc));
  back = gbacw_scenario_save_to_bytes (ds);
  assert_bytes_equal (step1, back);
  g_clear_pointer (&back, g_bytes_unref);
  g_assert_true (gbacw_document_undo (doc));
  back = gbacw_scenario_save_to_bytes (ds);
  assert_bytes_equal (original, back);
  g_assert_false (gbacw_document_undo (doc));
}

/* ---------------------------------------------------------------- deployment */

static void
test_deploy (void)
{
  g_autoptr (GbacwScenario) s = load_demo ();
  g_autoptr (GError) error = NULL;
  g_autoptr (GbacwScenario) ds = NULL;
  g_autoptr (GbacwDocument) doc = NULL;
  g_autoptr (GBytes) original = NULL;
  g_autoptr (GBytes) back = NULL;
  const GbacwPlacement *p;
  int h0707 = hex (s, "0707"), h1008 = hex (s, "1008");

  /* place an unplaced unit on an empty hex, then on a stack (it goes on top) */
  run (s, ok (gbacw_deploy_place (s, "u-22ind", hex (s, "0505"), GBACW_FORMATION_STATE_COLUMN, 0, &error), error),
       TRUE);
  p = gbacw_scenario_find_placement (s, "u-22ind", NULL);
  g_assert_cmpint (p->hex, ==, hex (s, "0505"));
  g_assert_cmpint (p->formation, ==, GBACW_FORMATION_STATE_COLUMN);
  g_assert_cmpint (p->facing, ==, 0);
  run (s, ok (gbacw_deploy_place (s, "u-9mich", h1008, GBACW_FORMATION_STATE_LINE, 2, &error), error), TRUE);
  g_assert_cmpint (stack_pos (s, "u-9mich"), ==, 0);
  g_assert_cmpint (stack_pos (s, "u-14oh"), ==, 1);
  g_assert_cmpint (stack_pos (s, "u-hollister"), ==, 2);
  /* placing a placed unit again moves it */
  run (s, ok (gbacw_deploy_place (s, "u-22ind", h1008, GBACW_FORMATION_STATE_LINE, 1, &error), error), TRUE);
  g_assert_cmpint (stack_pos (s, "u-22ind"), ==, 0);
  g_assert_cmpuint (s->deployment->len, ==, 23);

  /* move keeps formation and facing and goes on top */
  run (s, ok (gbacw_deploy_move (s, "u-9mich", h0707, &error), error), TRUE);
  p = gbacw_scenario_find_placement (s, "u-9mich", NULL);
  g_assert_cmpint (p->hex, ==, h0707);
  g_assert_cmpint (p->facing, ==, 2);
  g_assert_cmpint (stack_pos (s, "u-9mich"), ==, 0);
  g_assert_cmpint (stack_pos (s, "u-bty-b"), ==, 1);
  run (s, ok (gbacw_deploy_move (s, "u-9mich", h0707, &error), error), FALSE);

  /* reorder within a stack */
  run (s, ok (gbacw_deploy_restack (s, "u-22ind", 2, &error), error), TRUE);
  g_assert_cmpint (stack_pos (s, "u-22ind"), ==, 2);
  g_assert_cmpint (stack_pos (s, "u-14oh"), ==, 0);
  run (s, ok (gbacw_deploy_restack (s, "u-hollister", 0, &error), error), TRUE);
  g_assert_cmpint (stack_pos (s, "u-hollister"), ==, 0);
  run (s, ok (gbacw_deploy_restack (s, "u-hollister", 99, &error), error), TRUE);
  g_assert_cmpint (stack_pos (s, "u-hollister"), ==, 2);
  run (s, ok (gbacw_deploy_restack (s, "u-1usss", 0, &error), error), FALSE);  /* alone in its hex */

  /* facing, formation, status */
  run (s, ok (gbacw_deploy_set_facing (s, "u-14oh", 4, &error), error), TRUE);
  g_assert_cmpint (gbacw_scenario_find_placement (s, "u-14oh", NULL)->facing, ==, 4);
  run (s, ok (gbacw_deploy_set_facing (s, "u-14oh", -1, &error), error), TRUE);
  run (s, ok (gbacw_deploy_set_formation (s, "u-bty-b", GBACW_FORMATION_STATE_LIMBERED, &error), error), TRUE);
  run (s, ok (gbacw_deploy_set_formation (s, "c-2txcav", GBACW_FORMATION_STATE_DISMOUNTED, &error), error), TRUE);
  run (s, ok (gbacw_deploy_set_status (s, "u-31ill", GBACW_STATUS_ROUTED | GBACW_STATUS_AMMO_DEPLETED, &error), error),
       TRUE);
  g_assert_cmpuint (gbacw_scenario_find_placement (s, "u-31ill", NULL)->status, ==,
                    GBACW_STATUS_ROUTED | GBACW_STATUS_AMMO_DEPLETED);

  /* remove */
  run (s, ok (gbacw_deploy_remove (s, "u-7wis", &error), error), TRUE);
  g_assert_null (gbacw_scenario_find_placement (s, "u-7wis", NULL));

  expect_error (gbacw_deploy_place (s, "nobody", h0707, 0, 0, &error), &error, GBACW_OOB_EDIT_ERROR_NOT_FOUND);
  expect_error (gbacw_deploy_place (s, "u-40pa", 100000, 0, 0, &error), &error, GBACW_OOB_EDIT_ERROR_NOT_FOUND);
  expect_error (gbacw_deploy_place (s, "u-40pa", h0707, GBACW_FORMATION_STATE_LIMBERED, 0, &error), &error,
                GBACW_OOB_EDIT_ERROR_INVALID);
  expect_error (gbacw_deploy_place (s, "u-40pa", h0707, 0, 6, &error), &error, GBACW_OOB_EDIT_ERROR_INVALID);
  /* swamp is P for limbered artillery and wagons (demo chart) */
  expect_error (gbacw_deploy_place (s, "c-bty-dabney", hex (s, "1312"), GBACW_FORMATION_STATE_UNLIMBERED, 0, &error),
                &error, GBACW_OOB_EDIT_ERROR_NOT_ALLOWED);
  expect_error (gbacw_deploy_move (s, "c-wagon", hex (s, "1312"), &error), &error, GBACW_OOB_EDIT_ERROR_NOT_ALLOWED);
  expect_error (gbacw_deploy_move (s, "u-40pa", h0707, &error), &error, GBACW_OOB_EDIT_ERROR_NOT_FOUND);
  expect_error (gbacw_deploy_set_formation (s, "u-14oh", GBACW_FORMATION_STATE_MOUNTED, &error), &error,
                GBACW_OOB_EDIT_ERROR_INVALID);
  expect_error (gbacw_deploy_set_status (s, "u-14oh", 1u << 20, &error), &error, GBACW_OOB_EDIT_ERROR_INVALID);

  /* turning a counter step by step is one undo step */
  ds = load_demo ();
  original = gbacw_scenario_save_to_bytes (ds);
  doc = gbacw_document_new (g_steal_pointer (&ds));
  for (int d = 0; d < 6; d++)
    gbacw_document_execute (doc, ok (gbacw_deploy_set_facing (gbacw_document_get_scenario (doc), "c-4ala", d, &error),
                                     error));
  g_assert_true (gbacw_document_undo (doc));
  back = gbacw_scenario_save_to_bytes (gbacw_document_get_scenario (doc));
  assert_bytes_equal (original, back);
}

/* A drop with no formation chosen: infantry in Line, cavalry mounted, artillery
 * unlimbered (C 29.4), wagons and leaders without formation or facing (6.0, 7.0); the
 * facing toward the nearest enemy set-up area, or the one given when there is none. */
static void
test_setup_defaults (void)
{
  g_autoptr (GbacwScenario) s = load_demo ();
  g_autoptr (GError) error = NULL;
  int facing;

  g_assert_cmpint (gbacw_deploy_setup_formation (GBACW_UNIT_INFANTRY), ==, GBACW_FORMATION_STATE_LINE);
  g_assert_cmpint (gbacw_deploy_setup_formation (GBACW_UNIT_CAVALRY), ==, GBACW_FORMATION_STATE_MOUNTED);
  g_assert_cmpint (gbacw_deploy_setup_formation (GBACW_UNIT_ARTILLERY), ==, GBACW_FORMATION_STATE_UNLIMBERED);
  g_assert_cmpint (gbacw_deploy_setup_formation (GBACW_UNIT_WAGON), ==, GBACW_FORMATION_STATE_UNSET);
  g_assert_cmpint (gbacw_deploy_setup_formation (GBACW_UNIT_LEADER), ==, GBACW_FORMATION_STATE_UNSET);
  g_assert_true (gbacw_deploy_has_facing (GBACW_UNIT_ARTILLERY));
  g_assert_false (gbacw_deploy_has_facing (GBACW_UNIT_LEADER));

  /* The Union set-up is west of the Confederate one: Union units face NE or SE, the
   * Confederates NW or SW; a set-up area of either side is nobody's enemy. */
  facing = gbacw_deploy_facing_toward_enemy (s, "union", hex (s, "0708"));
  g_assert_true (facing == 1 || facing == 2);
  facing = gbacw_deploy_facing_toward_enemy (s, "confederate", hex (s, "1708"));
  g_assert_true (facing == 4 || facing == 5);
  g_assert_cmpint (gbacw_deploy_facing_toward_enemy (s, "union", -1), ==, -1);

  /* A brigade placed for set-up: every regiment in Line facing east, the battery
   * unlimbered, the leader without facing. */
  run (s, ok (gbacw_deploy_place_formation_for_setup (s, "u-sayer", hex (s, "0708"), 0, 0, &error), error), TRUE);
  for (guint i = 0; i < s->deployment->len; i++)
    {
      const GbacwPlacement *p = g_ptr_array_index (s->deployment, i);
      const GbacwUnit *u = gbacw_oob_find_unit (&s->oob, p->unit);
      if (g_strcmp0 (u->formation, "u-sayer") != 0)
        continue;
      g_assert_cmpint (p->formation, ==, gbacw_deploy_setup_formation (u->type));
      if (u->type == GBACW_UNIT_LEADER)
        g_assert_cmpint (p->facing, ==, -1);
      else
        g_assert_true (p->facing == 1 || p->facing == 2);
    }
  run (s, ok (gbacw_deploy_place_formation_for_setup (s, "u-webb", hex (s, "0708"), 0, 0, &error), error), TRUE);
  g_assert_cmpint (gbacw_scenario_find_placement (s, "u-bty-b", NULL)->formation, ==,
                   GBACW_FORMATION_STATE_UNLIMBERED);

  /* No enemy set-up area: the facing given. */
  for (guint i = s->map->areas->len; i-- > 0;)
    if (((GbacwArea *) g_ptr_array_index (s->map->areas, i))->kind == GBACW_AREA_SETUP)
      g_ptr_array_remove_index (s->map->areas, i);
  g_assert_cmpint (gbacw_deploy_facing_toward_enemy (s, "union", hex (s, "0708")), ==, -1);
  run (s, ok (gbacw_deploy_place_formation_for_setup (s, "u-sayer", hex (s, "0404"), 3, 0, &error), error), TRUE);
  g_assert_cmpint (gbacw_scenario_find_placement (s, "u-22ind", NULL)->facing, ==, 3);
}

/* Turning, setting the formation of, removing and moving several placed units: one
 * command each; units that cannot take a formation keep theirs; a group keeps its
 * shape and its stacks their order. */
static void
test_deploy_units (void)
{
  g_autoptr (GbacwScenario) s = load_demo ();
  g_autoptr (GError) error = NULL;
  const char *stack[] = { "u-14oh", "u-hollister", NULL };
  const char *mixed[] = { "u-14oh", "u-bty-b", "u-31ill", NULL };
  const char *pair[] = { "u-14oh", "u-hollister", "u-31ill", NULL };
  const char *leaders[] = { "u-hollister", NULL };
  const char *unplaced[] = { "u-14oh", "u-40pa", NULL };
  const char *none[] = { NULL };
  int h1008 = hex (s, "1008"), h0907 = hex (s, "0907");

  run (s, ok (gbacw_deploy_turn_units (s, stack, 3, 0, &error), error), TRUE);
  g_assert_cmpint (gbacw_scenario_find_placement (s, "u-14oh", NULL)->facing, ==, 3);
  g_assert_cmpint (gbacw_scenario_find_placement (s, "u-hollister", NULL)->facing, ==, 3);
  run (s, ok (gbacw_deploy_turn_units (s, mixed, -1, -1, &error), error), TRUE);
  g_assert_cmpint (gbacw_scenario_find_placement (s, "u-14oh", NULL)->facing, ==, 2);
  g_assert_cmpint (gbacw_scenario_find_placement (s, "u-bty-b", NULL)->facing, ==, 0); /* ne - 1 */
  run (s, ok (gbacw_deploy_turn_units (s, mixed, -1, 4, &error), error), TRUE);
  g_assert_cmpint (gbacw_scenario_find_placement (s, "u-14oh", NULL)->facing, ==, 0);

  /* column: the infantry only; a leader alone cannot take it */
  run (s, ok (gbacw_deploy_set_formation_units (s, mixed, GBACW_FORMATION_STATE_COLUMN, &error), error), TRUE);
  g_assert_cmpint (gbacw_scenario_find_placement (s, "u-14oh", NULL)->formation, ==, GBACW_FORMATION_STATE_COLUMN);
  g_assert_cmpint (gbacw_scenario_find_placement (s, "u-31ill", NULL)->formation, ==, GBACW_FORMATION_STATE_COLUMN);
  g_assert_cmpint (gbacw_scenario_find_placement (s, "u-bty-b", NULL)->formation, ==,
                   GBACW_FORMATION_STATE_UNLIMBERED);
  expect_error (gbacw_deploy_set_formation_units (s, leaders, GBACW_FORMATION_STATE_LINE, &error), &error,
                GBACW_OOB_EDIT_ERROR_INVALID);
  expect_error (gbacw_deploy_turn_units (s, unplaced, 1, 0, &error), &error, GBACW_OOB_EDIT_ERROR_NOT_FOUND);
  expect_error (gbacw_deploy_turn_units (s, none, 1, 0, &error), &error, GBACW_OOB_EDIT_ERROR_NOT_FOUND);
  expect_error (gbacw_deploy_turn_units (s, stack, 6, 0, &error), &error, GBACW_OOB_EDIT_ERROR_INVALID);

  /* 1008 (14 Oh over Hollister) and 0907 (31 Ill) one hex west: the same shape, the
   * stack in its order */
  {
    GbacwHex a = gbacw_hex_grid_hex_at (&s->map->grid, h1008);
    GbacwHex b = gbacw_hex_grid_hex_at (&s->map->grid, h0907);
    int west_a = gbacw_hex_grid_index (&s->map->grid, (GbacwHex) { a.col - 2, a.row });
    int west_b = gbacw_hex_grid_index (&s->map->grid, (GbacwHex) { b.col - 2, b.row });

    run (s, ok (gbacw_deploy_move_units (s, pair, h1008, west_a, &error), error), TRUE);
    g_assert_cmpint (gbacw_scenario_find_placement (s, "u-14oh", NULL)->hex, ==, west_a);
    g_assert_cmpint (gbacw_scenario_find_placement (s, "u-hollister", NULL)->hex, ==, west_a);
    g_assert_cmpint (gbacw_scenario_find_placement (s, "u-31ill", NULL)->hex, ==, west_b);
    g_assert_cmpint (stack_pos (s, "u-14oh"), ==, 0);
    g_assert_cmpint (stack_pos (s, "u-hollister"), ==, 1);
    g_assert_cmpint (gbacw_scenario_find_placement (s, "u-14oh", NULL)->formation, ==, GBACW_FORMATION_STATE_COLUMN);
    run (s, ok (gbacw_deploy_move_units (s, pair, west_a, west_a, &error), error), FALSE);
  }
  /* off the map: refused */
  expect_error (gbacw_deploy_move_units (s, pair, hex (s, "0907"), hex (s, "0101"), &error), &error,
                GBACW_OOB_EDIT_ERROR_NOT_ALLOWED);

  run (s, ok (gbacw_deploy_remove_units (s, pair, &error), error), TRUE);
  g_assert_null (gbacw_scenario_find_placement (s, "u-14oh", NULL));
  g_assert_null (gbacw_scenario_find_placement (s, "u-31ill", NULL));
  g_assert_nonnull (gbacw_scenario_find_placement (s, "u-bty-b", NULL));
}

/* A unit and a brigade moved to the other side: each one step, the brigade's units go
 * with it, what stays behind lets go of them; copies get new ids and numbered names. */
static void
test_other_side (void)
{
  g_autoptr (GbacwScenario) s = load_demo ();
  g_autoptr (GError) error = NULL;
  g_autofree char *copy = NULL;
  g_autofree char *brigade = NULL;
  const GbacwUnit *u;
  const GbacwFormation *f;
  guint n_units = s->oob.units->len, n_formations = s->oob.formations->len;

  /* a regiment: to the Confederates' top level, off the map */
  run (s, ok (gbacw_oob_move_to_side (s, GBACW_OOB_ENTRY_UNIT, "u-14oh", "confederate", &error), error), TRUE);
  u = gbacw_oob_find_unit (&s->oob, "u-14oh");
  g_assert_cmpstr (u->side, ==, "confederate");
  g_assert_null (u->formation);
  g_assert_cmpint (unit_pos (s, "u-14oh"), ==, (int) n_units - 1);
  g_assert_null (gbacw_scenario_find_placement (s, "u-14oh", NULL));

  /* a brigade with its leader and units; the division it leaves keeps its commander,
   * Sayer's Brigade leaves the reinforcement schedule */
  run (s, ok (gbacw_oob_move_to_side (s, GBACW_OOB_ENTRY_FORMATION, "u-sayer", "confederate", &error), error), TRUE);
  f = gbacw_oob_find_formation (&s->oob, "u-sayer");
  g_assert_cmpstr (f->side, ==, "confederate");
  g_assert_null (f->parent);
  g_assert_cmpstr (f->commander, ==, "u-sayer-ldr");
  g_assert_cmpstr (gbacw_oob_find_unit (&s->oob, "u-22ind")->side, ==, "confederate");
  g_assert_cmpstr (gbacw_oob_find_unit (&s->oob, "u-22ind")->formation, ==, "u-sayer");
  g_assert_cmpint (formation_pos (s, "u-sayer"), ==, (int) n_formations - 1);
  for (guint i = 0; i < s->reinforcements->len; i++)
    {
      const GbacwReinforcement *r = g_ptr_array_index (s->reinforcements, i);
      for (guint k = 0; k < r->formations->len; k++)
        g_assert_cmpstr (g_ptr_array_index (r->formations, k), !=, "u-sayer");
    }
  /* a leader leaving the formation he commands: the formation loses its commander */
  run (s, ok (gbacw_oob_move_to_side (s, GBACW_OOB_ENTRY_UNIT, "u-webb-ldr", "confederate", &error), error), TRUE);
  g_assert_null (gbacw_oob_find_formation (&s->oob, "u-webb")->commander);

  expect_error (gbacw_oob_move_to_side (s, GBACW_OOB_ENTRY_UNIT, "u-14oh", "confederate", &error), &error,
                GBACW_OOB_EDIT_ERROR_NOT_ALLOWED);
  expect_error (gbacw_oob_move_to_side (s, GBACW_OOB_ENTRY_UNIT, "u-14oh", "nobody", &error), &error,
                GBACW_OOB_EDIT_ERROR_NOT_FOUND);
  expect_error (gbacw_oob_move_to_side (s, GBACW_OOB_ENTRY_FORMATION, "nothing", "union", &error), &error,
                GBACW_OOB_EDIT_ERROR_NOT_FOUND);

  /* copies: a regiment, twice (names numbered on), and a brigade with its commander */
  run (s, ok (gbacw_oob_copy_to_side (s, GBACW_OOB_ENTRY_UNIT, "c-4ala", "union", &copy, &error), error), TRUE);
  u = gbacw_oob_find_unit (&s->oob, copy);
  g_assert_cmpstr (copy, ==, "c-4ala-1");
  g_assert_cmpstr (u->side, ==, "union");
  g_assert_cmpstr (u->designation, ==, "4 Ala (2)");
  g_assert_null (u->formation);
  g_assert_cmpstr (gbacw_oob_find_unit (&s->oob, "c-4ala")->side, ==, "confederate");
  g_clear_pointer (&copy, g_free);
  run (s, ok (gbacw_oob_copy_to_side (s, GBACW_OOB_ENTRY_UNIT, "c-4ala-1", "confederate", &copy, &error), error),
       TRUE);
  g_assert_cmpstr (gbacw_oob_find_unit (&s->oob, copy)->designation, ==, "4 Ala (3)");

  run (s, ok (gbacw_oob_copy_to_side (s, GBACW_OOB_ENTRY_FORMATION, "c-pryor", "union", &brigade, &error), error),
       TRUE);
  f = gbacw_oob_find_formation (&s->oob, brigade);
  g_assert_cmpstr (f->side, ==, "union");
  g_assert_null (f->parent);
  g_assert_cmpstr (f->name, ==, "Pryor's Brigade (2)");
  g_assert_nonnull (f->commander);
  g_assert_cmpstr (f->commander, !=, "c-pryor-ldr");
  g_assert_cmpstr (gbacw_oob_find_unit (&s->oob, f->commander)->formation, ==, brigade);
  g_assert_cmpstr (gbacw_oob_find_unit (&s->oob, f->commander)->side, ==, "union");
  g_assert_null (gbacw_scenario_find_placement (s, f->commander, NULL));
  expect_error (gbacw_oob_copy_to_side (s, GBACW_OOB_ENTRY_FORMATION, "c-pryor", "confederate", NULL, &error), &error,
                GBACW_OOB_EDIT_ERROR_NOT_ALLOWED);
}

/* Every hex holds what the stacking chart allows and no unit is on prohibited terrain. */
static void
assert_legal (const GbacwScenario *s, const char *formation, gboolean one_per_hex)
{
  GbacwRulesData *data = gbacw_rules_data_new (s);
  g_autoptr (GHashTable) hexes = g_hash_table_new (g_direct_hash, g_direct_equal);
  const GbacwFormation *root = gbacw_oob_find_formation (&s->oob, formation);
  guint n_members = 0;

  for (guint i = 0; i < s->deployment->len; i++)
    {
      const GbacwPlacement *p = g_ptr_array_index (s->deployment, i);
      const GbacwUnit *u = gbacw_oob_find_unit (&s->oob, p->unit);
      const GbacwFormation *f = u->formation ? gbacw_oob_find_formation (&s->oob, u->formation) : NULL;
      GbacwMoveCost cost;
      int mc;
      gboolean member = FALSE;
      for (; f; f = f->parent ? gbacw_oob_find_formation (&s->oob, f->parent) : NULL)
        member |= f == root;
      if (!member)
        continue;
      n_members++;
      g_hash_table_add (hexes, GINT_TO_POINTER (p->hex));
      mc = gbacw_move_class_for (u->type, p->formation == GBACW_FORMATION_STATE_UNLIMBERED
                                          ? GBACW_FORMATION_STATE_LIMBERED : p->formation);
      g_assert_cmpint (mc, >=, 0);
      gbacw_rules_data_hex_cost (data, s->map, mc, p->hex, &cost);
      g_assert_cmpint (cost.kind, !=, GBACW_COST_PROHIBITED);
      g_assert_true (gbacw_deploy_in_setup_area (s, u->side, p->hex));
    }
  g_assert_cmpuint (n_members, >, 0);
  {
    GHashTableIter iter;
    gpointer key;
    g_hash_table_iter_init (&iter, hexes);
    while (g_hash_table_iter_next (&iter, &key, NULL))
      {
        int h = GPOINTER_TO_INT (key);
        GbacwStackUsage usage;
        GbacwStackingLimits limits;
        gbacw_deploy_stack_usage (s, h, NULL, &usage);
        gbacw_rules_data_stacking_limits (data, s->map, h, usage.column, &limits);
        if (limits.units != GBACW_UNSET)
          g_assert_cmpint (usage.units, <=, limits.units);
        if (limits.sp != GBACW_UNSET)
          g_assert_cmpint (usage.sp, <=, limits.sp);
        if (limits.sections != GBACW_UNSET)
          g_assert_cmpint (usage.sections, <=, limits.sections);
        g_assert_false (usage.mounted && usage.others);
        if (one_per_hex)
          g_assert_cmpint (usage.units + usage.sections, <=, 1);
      }
  }
  gbacw_rules_data_free (data);
}

static void
test_place_formation (void)
{
  g_autoptr (GbacwScenario) s = load_demo ();
  g_autoptr (GError) error = NULL;
  GbacwStackUsage usage;
  int centre = hex (s, "0406");

  /* Sayer's brigade (7 + 5 + 4 SP) around an empty clear hex: 12 SP fit in clear */
  run (s, ok (gbacw_deploy_place_formation (s, "u-sayer", centre, GBACW_FORMATION_STATE_LINE, 1, 0, &error), error),
       TRUE);
  assert_legal (s, "u-sayer", FALSE);
  gbacw_deploy_stack_usage (s, centre, NULL, &usage);
  g_assert_cmpint (usage.sp, ==, 12);
  g_assert_cmpint (gbacw_scenario_find_placement (s, "u-sayer-ldr", NULL)->hex, ==, centre);
  g_assert_cmpint (gbacw_scenario_find_placement (s, "u-22ind", NULL)->facing, ==, 1);
  g_assert_cmpint (gbacw_scenario_find_placement (s, "u-22ind", NULL)->formation, ==, GBACW_FORMATION_STATE_LINE);
  g_assert_cmpint (gbacw_scenario_find_placement (s, "u-sayer-ldr", NULL)->formation, ==,
                   GBACW_FORMATION_STATE_UNSET);

  /* again, one combat unit per hex: the brigade is moved */
  run (s, ok (gbacw_deploy_place_formation (s, "u-sayer", centre, GBACW_FORMATION_STATE_LINE, 1, 1, &error), error),
       TRUE);
  assert_legal (s, "u-sayer", TRUE);

  /* Pryor's brigade around the swamp: the battery (limbered) may not enter swamp, and
   * swamp takes no artillery (sections 0); the set-up area keeps it east */
  run (s, ok (gbacw_deploy_place_formation (s, "c-pryor", hex (s, "1313"), GBACW_FORMATION_STATE_UNSET, 5, 0, &error),
              error), TRUE);
  assert_legal (s, "c-pryor", FALSE);
  g_assert_cmpint (gbacw_scenario_find_placement (s, "c-bty-dabney", NULL)->hex, !=, hex (s, "1313"));

  /* a whole division, in column: column infantry stacks alone (8.16) */
  run (s, ok (gbacw_deploy_place_formation (s, "c-div", hex (s, "1708"), GBACW_FORMATION_STATE_COLUMN, 5, 0, &error),
              error), TRUE);
  assert_legal (s, "c-div", FALSE);
  for (guint i = 0; i < s->deployment->len; i++)
    {
      const GbacwPlacement *p = g_ptr_array_index (s->deployment, i);
      if (p->formation == GBACW_FORMATION_STATE_COLUMN)
        {
          gbacw_deploy_stack_usage (s, p->hex, NULL, &usage);
          g_assert_cmpint (usage.units + usage.sections, ==, 1);
        }
    }

  expect_error (gbacw_deploy_place_formation (s, "nothing", centre, 0, 0, 0, &error), &error,
                GBACW_OOB_EDIT_ERROR_NOT_FOUND);
}

/* Without a stacking chart, one combat unit per hex; a map with no room fails. */
static void
test_place_formation_unknown_stacking (void)
{
  g_autoptr (GbacwScenario) s = load_demo ();
  g_autoptr (GError) error = NULL;

  for (guint i = 0; i < s->charts->len; i++)
    if (strcmp (((GbacwChart *) g_ptr_array_index (s->charts, i))->id, "stacking") == 0)
      g_ptr_array_remove_index (s->charts, i);
  run (s, ok (gbacw_deploy_place_formation (s, "u-webb", hex (s, "0707"), GBACW_FORMATION_STATE_LINE, 0, 0, &error),
              error), TRUE);
  assert_legal (s, "u-webb", TRUE);

  /* only one set-up hex: no room for the second unit */
  {
    GbacwArea *area = gbacw_map_find_area (s->map, "union-setup");
    int h = hex (s, "0605");
    g_array_set_size (area->hexes, 0);
    g_array_append_val (area->hexes, h);
  }
  expect_error (gbacw_deploy_place_formation (s, "u-webb", hex (s, "0707"), GBACW_FORMATION_STATE_LINE, 0, 0, &error),
                &error, GBACW_OOB_EDIT_ERROR_NO_ROOM);
}

static void
test_hex_allows (void)
{
  g_autoptr (GbacwScenario) s = load_demo ();
  g_autoptr (GError) error = NULL;

  /* 1008 holds 14 Oh (6 SP) and a leader: 5 more SP fit in town? town is 2 units / 8 SP */
  g_assert_false (gbacw_deploy_hex_allows (s, "u-22ind", GBACW_FORMATION_STATE_LINE, hex (s, "1008"), &error));
  g_assert_error (error, GBACW_OOB_EDIT_ERROR, GBACW_OOB_EDIT_ERROR_NO_ROOM);
  g_clear_error (&error);
  g_assert_true (gbacw_deploy_hex_allows (s, "u-hollister", GBACW_FORMATION_STATE_UNSET, hex (s, "1008"), &error));
  g_assert_no_error (error);
  /* mounted cavalry with infantry (8.17) */
  g_assert_false (gbacw_deploy_hex_allows (s, "c-2txcav", GBACW_FORMATION_STATE_MOUNTED, hex (s, "1408"), &error));
  g_clear_error (&error);
  g_assert_true (gbacw_deploy_hex_allows (s, "c-2txcav", GBACW_FORMATION_STATE_DISMOUNTED, hex (s, "1505"), &error));
  g_assert_true (gbacw_deploy_in_setup_area (s, "union", hex (s, "0707")));
  g_assert_false (gbacw_deploy_in_setup_area (s, "union", hex (s, "1708")));
}

/* ---------------------------------------------------------------- reinforcements */

static void
test_reinforcements (void)
{
  g_autoptr (GbacwScenario) s = load_demo ();
  g_autoptr (GError) error = NULL;
  g_autofree char *id = NULL;
  const char *units[] = { "u-1usss", NULL };
  const char *formations[] = { "c-cade", NULL };
  int entry[] = { hex (s, "0101"), hex (s, "0102") };
  const GbacwReinforcement *r;

  run (s, ok (gbacw_reinforcement_add (s, 5, entry, 2, GBACW_FORMATION_STATE_COLUMN, units, formations, &id, &error),
              error), TRUE);
  g_assert_cmpstr (id, ==, "r-new-1");
  r = g_ptr_array_index (s->reinforcements, 1);
  g_assert_cmpint (r->turn, ==, 5);
  g_assert_cmpuint (r->entry_hexes->len, ==, 2);
  g_assert_cmpuint (r->units->len, ==, 1);
  g_assert_cmpuint (r->formations->len, ==, 1);
  /* what arrives is not on the map at the start (run () has checked the undo) */
  g_assert_null (gbacw_scenario_find_placement (s, "u-1usss", NULL));
  g_assert_null (gbacw_scenario_find_placement (s, "c-cade-ldr", NULL));
  g_assert_nonnull (gbacw_scenario_find_placement (s, "c-hart", NULL));

  run (s, ok (gbacw_reinforcement_set_turn (s, id, 7, &error), error), TRUE);
  run (s, ok (gbacw_reinforcement_set_turn (s, id, 7, &error), error), FALSE);
  run (s, ok (gbacw_reinforcement_set_entry (s, id, entry + 1, 1, &error), error), TRUE);
  run (s, ok (gbacw_reinforcement_set_formation (s, id, GBACW_FORMATION_STATE_UNSET, &error), error), TRUE);
  run (s, ok (gbacw_reinforcement_add_member (s, id, GBACW_OOB_ENTRY_UNIT, "c-hart", &error), error), TRUE);
  g_assert_null (gbacw_scenario_find_placement (s, "c-hart", NULL));
  run (s, ok (gbacw_reinforcement_remove_member (s, id, GBACW_OOB_ENTRY_FORMATION, "c-cade", &error), error), TRUE);
  r = g_ptr_array_index (s->reinforcements, 1);
  g_assert_cmpint (r->turn, ==, 7);
  g_assert_cmpuint (r->units->len, ==, 2);
  g_assert_cmpuint (r->formations->len, ==, 0);
  g_assert_cmpint (r->formation, ==, GBACW_FORMATION_STATE_UNSET);

  expect_error (gbacw_reinforcement_add (s, 99, NULL, 0, 0, NULL, NULL, NULL, &error), &error,
                GBACW_OOB_EDIT_ERROR_INVALID);
  expect_error (gbacw_reinforcement_add (s, 2, entry, 2, 0, NULL, (const char *[]) { "u-sayer", NULL }, NULL, &error),
                &error, GBACW_OOB_EDIT_ERROR_NOT_ALLOWED);
  expect_error (gbacw_reinforcement_add (s, 2, entry, 2, 0, (const char *[]) { "ghost", NULL }, NULL, NULL, &error),
                &error, GBACW_OOB_EDIT_ERROR_NOT_FOUND);
  expect_error (gbacw_reinforcement_add (s, 2, (int[]) { entry[0], entry[0] }, 2, 0, NULL, NULL, NULL, &error), &error,
                GBACW_OOB_EDIT_ERROR_INVALID);
  expect_error (gbacw_reinforcement_add_member (s, id, GBACW_OOB_ENTRY_UNIT, "c-hart", &error), &error,
                GBACW_OOB_EDIT_ERROR_NOT_ALLOWED);
  expect_error (gbacw_reinforcement_remove_member (s, id, GBACW_OOB_ENTRY_UNIT, "u-14oh", &error), &error,
                GBACW_OOB_EDIT_ERROR_NOT_FOUND);
  expect_error (gbacw_reinforcement_set_turn (s, "r-none", 2, &error), &error, GBACW_OOB_EDIT_ERROR_NOT_FOUND);

  run (s, ok (gbacw_reinforcement_remove (s, id, &error), error), TRUE);
  g_assert_cmpuint (s->reinforcements->len, ==, 1);
}

/* ---------------------------------------------------------------- settings and victory */

static void
test_settings (void)
{
  g_autoptr (GbacwScenario) s = load_demo ();
  g_autoptr (GError) error = NULL;
  const GbacwTurn *t;

  run (s, gbacw_settings_set_info (s, GBACW_INFO_TITLE, "Miller's Mill"), TRUE);
  g_assert_cmpstr (s->info.title, ==, "Miller's Mill");
  run (s, gbacw_settings_set_info (s, GBACW_INFO_GAME, "Invented"), TRUE);
  run (s, gbacw_settings_set_info (s, GBACW_INFO_DESCRIPTION, ""), TRUE);
  g_assert_null (s->info.description);
  run (s, gbacw_settings_set_info (s, GBACW_INFO_GAME, "Invented"), FALSE);

  /* extending the turns continues the times: 11:30 + 30 min */
  run (s, ok (gbacw_settings_set_turn_range (s, 1, 14, &error), error), TRUE);
  g_assert_cmpint (s->turns.last, ==, 14);
  g_assert_cmpuint (s->turns.turns->len, ==, 14);
  t = g_ptr_array_index (s->turns.turns, 13);
  g_assert_cmpint (t->n, ==, 14);
  g_assert_cmpstr (t->time, ==, "12:30");
  run (s, ok (gbacw_settings_set_turn_range (s, 2, 10, &error), error), TRUE);
  g_assert_cmpuint (s->turns.turns->len, ==, 9);
  run (s, ok (gbacw_settings_set_turn_range (s, 0, 10, &error), error), TRUE);
  g_assert_cmpint (((GbacwTurn *) g_ptr_array_index (s->turns.turns, 0))->n, ==, 0);
  run (s, ok (gbacw_settings_set_turn_time (s, 10, "19:45", &error), error), TRUE);
  g_assert_cmpstr (((GbacwTurn *) g_ptr_array_index (s->turns.turns, 10))->time, ==, "19:45");
  run (s, ok (gbacw_settings_set_turn_time (s, 10, NULL, &error), error), TRUE);
  run (s, ok (gbacw_settings_set_night (s, 9, TRUE, &error), error), TRUE);
  g_assert_true (((GbacwTurn *) g_ptr_array_index (s->turns.turns, 9))->night);
  run (s, ok (gbacw_settings_set_first_player (s, "confederate", &error), error), TRUE);
  g_assert_cmpstr (s->turns.first_player, ==, "confederate");
  run (s, ok (gbacw_settings_set_first_player_change (s, 6, "union", &error), error), TRUE);
  g_assert_cmpstr (((GbacwTurn *) g_ptr_array_index (s->turns.turns, 6))->first_player, ==, "union");

  expect_error (gbacw_settings_set_turn_range (s, 5, 4, &error), &error, GBACW_OOB_EDIT_ERROR_INVALID);
  expect_error (gbacw_settings_set_turn_time (s, 3, "25:00", &error), &error, GBACW_OOB_EDIT_ERROR_INVALID);
  expect_error (gbacw_settings_set_turn_time (s, 3, "8:00", &error), &error, GBACW_OOB_EDIT_ERROR_INVALID);
  expect_error (gbacw_settings_set_night (s, 40, TRUE, &error), &error, GBACW_OOB_EDIT_ERROR_INVALID);
  expect_error (gbacw_settings_set_first_player (s, "prussia", &error), &error, GBACW_OOB_EDIT_ERROR_NOT_FOUND);

  /* exclusive rules and their parameters, rule options */
  run (s, ok (gbacw_settings_set_exclusive_rule (s, "night", TRUE, &error), error), TRUE);
  run (s, ok (gbacw_settings_set_exclusive_param (s, "night", "turns", "16 17", &error), error), TRUE);
  run (s, ok (gbacw_settings_set_exclusive_param (s, "night", "turns", "16 17 18", &error), error), TRUE);
  run (s, ok (gbacw_settings_set_exclusive_rule (s, "night", FALSE, &error), error), TRUE);
  g_assert_false (((GbacwExclusiveRule *) g_ptr_array_index (s->exclusive_rules, 0))->enabled);
  run (s, ok (gbacw_settings_set_exclusive_param (s, "night", "turns", NULL, &error), error), TRUE);
  run (s, ok (gbacw_settings_set_exclusive_param (s, "redans", "count", "10", &error), error), TRUE);
  g_assert_cmpuint (s->exclusive_rules->len, ==, 2);
  run (s, ok (gbacw_settings_set_option (s, "command-5.2", "old", &error), error), TRUE);
  g_assert_cmpstr (gbacw_scenario_get_option (s, "command-5.2"), ==, "old");
  run (s, ok (gbacw_settings_set_option (s, "supply-11.23", NULL, &error), error), TRUE);
  g_assert_null (gbacw_scenario_get_option (s, "supply-11.23"));
  expect_error (gbacw_settings_set_exclusive_rule (s, "no spaces", TRUE, &error), &error, GBACW_OOB_EDIT_ERROR_INVALID);
}

static void
test_victory (void)
{
  g_autoptr (GbacwScenario) s = load_demo ();
  g_autoptr (GError) error = NULL;
  g_autofree char *award = NULL, *objective = NULL;
  GbacwVpAward a = { NULL, (char *) "union", GBACW_VP_OBJECTIVE, (char *) "obj-mill", 4, TRUE, NULL };
  GbacwVictoryLevel level = { (char *) "Union triumph", (char *) "union", 20 };
  GbacwAutomaticVictory automatic = { (char *) "union", (char *) "obj-bridge", 6, (char *) "Union holds the bridge." };
  int hexes[] = { hex (s, "0303"), hex (s, "0302"), hex (s, "0303") };
  const GbacwArea *area;

  run (s, ok (gbacw_victory_add_award (s, &a, &award, &error), error), TRUE);
  g_assert_cmpstr (award, ==, "v-new-1");
  a.vp = 6;
  a.each_turn = FALSE;
  a.text = (char *) "Each turn the mill is held.";
  run (s, ok (gbacw_victory_set_award (s, award, &a, &error), error), TRUE);
  g_assert_cmpint (((GbacwVpAward *) g_ptr_array_index (s->vp_awards, 5))->vp, ==, 6);
  run (s, ok (gbacw_victory_remove_award (s, "v-sp", &error), error), TRUE);

  run (s, ok (gbacw_victory_add_objective (s, "Harlan's Ridge", "union", 2, hexes, 3, &objective, &error), error), TRUE);
  area = gbacw_map_find_area (s->map, objective);
  g_assert_nonnull (area);
  g_assert_cmpint (area->kind, ==, GBACW_AREA_OBJECTIVE);
  g_assert_cmpuint (area->hexes->len, ==, 2);
  run (s, ok (gbacw_victory_set_objective_hexes (s, "obj-mill", hexes, 1, &error), error), TRUE);
  g_assert_cmpint (g_array_index (gbacw_map_find_area (s->map, "obj-mill")->hexes, int, 0), ==, hexes[0]);
  run (s, ok (gbacw_victory_set_objective (s, objective, "confederate", 7, &error), error), TRUE);
  area = gbacw_map_find_area (s->map, objective);
  g_assert_cmpstr (area->side, ==, "confederate");
  g_assert_cmpint (area->vp, ==, 7);
  run (s, ok (gbacw_victory_set_objective (s, objective, NULL, GBACW_UNSET, &error), error), TRUE);
  area = gbacw_map_find_area (s->map, objective);
  g_assert_null (area->side);
  g_assert_cmpint (area->vp, ==, GBACW_UNSET);
  run (s, ok (gbacw_victory_set_objective (s, objective, NULL, GBACW_UNSET, &error), error), FALSE);

  run (s, ok (gbacw_victory_add_level (s, &level, &error), error), TRUE);
  level.min = 25;
  run (s, ok (gbacw_victory_set_level (s, 4, &level, &error), error), TRUE);
  run (s, ok (gbacw_victory_remove_level (s, 0, &error), error), TRUE);
  g_assert_cmpuint (s->victory_levels->len, ==, 4);
  run (s, ok (gbacw_victory_add_automatic (s, &automatic, &error), error), TRUE);
  automatic.turn = GBACW_UNSET;
  run (s, ok (gbacw_victory_set_automatic (s, 1, &automatic, &error), error), TRUE);
  run (s, ok (gbacw_victory_remove_automatic (s, 0, &error), error), TRUE);
  g_assert_cmpuint (s->automatic_victories->len, ==, 1);

  a.side = (char *) "prussia";
  expect_error (gbacw_victory_add_award (s, &a, NULL, &error), &error, GBACW_OOB_EDIT_ERROR_NOT_FOUND);
  a.side = (char *) "both";
  a.area = (char *) "atlantis";
  expect_error (gbacw_victory_add_award (s, &a, NULL, &error), &error, GBACW_OOB_EDIT_ERROR_NOT_FOUND);
  expect_error (gbacw_victory_remove_award (s, "v-none", &error), &error, GBACW_OOB_EDIT_ERROR_NOT_FOUND);
  expect_error (gbacw_victory_set_objective_hexes (s, "obj-none", hexes, 1, &error), &error,
                GBACW_OOB_EDIT_ERROR_NOT_FOUND);
  expect_error (gbacw_victory_set_objective (s, "obj-none", NULL, 1, &error), &error, GBACW_OOB_EDIT_ERROR_NOT_FOUND);
  expect_error (gbacw_victory_set_objective (s, "obj-mill", "prussia", 1, &error), &error,
                GBACW_OOB_EDIT_ERROR_NOT_FOUND);
  expect_error (gbacw_victory_add_objective (s, "x", NULL, GBACW_UNSET, (int[]) { -5 }, 1, NULL, &error), &error,
                GBACW_OOB_EDIT_ERROR_NOT_FOUND);
  expect_error (gbacw_victory_remove_level (s, 10, &error), &error, GBACW_OOB_EDIT_ERROR_NOT_FOUND);
  automatic.turn = 50;
  expect_error (gbacw_victory_add_automatic (s, &automatic, &error), &error, GBACW_OOB_EDIT_ERROR_INVALID);
}

/* An exclusive rule's area drawn hex by hex: the first draw makes the area and names it in the
 * parameter, the next put hexes in or take them out, merged into that one undo step; undo gives
 * back the scenario as it was, redo the drawing as it ended; a parameter naming an area of the
 * map draws into it (a step of its own); a hex off the map is refused. */
static void
test_draw_exclusive_area (void)
{
  g_autoptr (GbacwScenario) s = load_demo ();
  g_autoptr (GBytes) original = gbacw_scenario_save_to_bytes (s);
  g_autoptr (GbacwDocument) doc = gbacw_document_new (g_steal_pointer (&s));
  GbacwScenario *ds = gbacw_document_get_scenario (doc);
  GbacwHistory *history = gbacw_document_get_history (doc);
  g_autoptr (GError) error = NULL;
  g_autofree char *id = NULL;
  g_autoptr (GBytes) drawn = NULL;
  g_autoptr (GBytes) back = NULL;
  g_autoptr (GBytes) redone = NULL;
  guint n_areas = ds->map->areas->len;
  const GbacwArea *area;

  gbacw_document_execute (doc, ok (gbacw_settings_draw_exclusive_area (ds, "reserves", "release-area", hex (ds, "0303"),
                                                                       &id, &error), error));
  g_assert_nonnull (id);
  g_assert_cmpuint (ds->map->areas->len, ==, n_areas + 1);
  g_assert_cmpstr (gbacw_exclusive_rule_get_param (g_ptr_array_index (ds->exclusive_rules, ds->exclusive_rules->len - 1),
                                                   "release-area"), ==, id);
  gbacw_document_execute (doc, ok (gbacw_settings_draw_exclusive_area (ds, "reserves", "release-area", hex (ds, "0304"),
                                                                       NULL, &error), error));
  gbacw_document_execute (doc, ok (gbacw_settings_draw_exclusive_area (ds, "reserves", "release-area", hex (ds, "0303"),
                                                                       NULL, &error), error));
  area = gbacw_map_find_area (ds->map, id);
  g_assert_cmpuint (area->hexes->len, ==, 1);
  g_assert_true (gbacw_area_contains (area, hex (ds, "0304")));
  g_assert_cmpuint (gbacw_history_get_index (history), ==, 1);
  drawn = gbacw_scenario_save_to_bytes (ds);

  g_assert_true (gbacw_document_undo (doc));
  back = gbacw_scenario_save_to_bytes (ds);
  assert_bytes_equal (original, back);
  g_assert_true (gbacw_document_redo (doc));
  redone = gbacw_scenario_save_to_bytes (ds);
  assert_bytes_equal (drawn, redone);

  /* the parameter names an area of the map: the draws go into it */
  {
    const GbacwArea *first = g_ptr_array_index (ds->map->areas, 0);
    g_autofree char *first_id = g_strdup (first->id);
    gboolean had = gbacw_area_contains (first, hex (ds, "0101"));
    g_autofree char *drawn_id = NULL;
    gbacw_document_execute (doc, ok (gbacw_settings_set_exclusive_param (ds, "reserves", "release-area", first_id,
                                                                         &error), error));
    gbacw_document_execute (doc, ok (gbacw_settings_draw_exclusive_area (ds, "reserves", "release-area",
                                                                         hex (ds, "0101"), &drawn_id, &error), error));
    g_assert_cmpstr (drawn_id, ==, first_id);
    g_assert_cmpuint (ds->map->areas->len, ==, n_areas + 1);
    g_assert_cmpint (gbacw_area_contains (gbacw_map_find_area (ds->map, first_id), hex (ds, "0101")), !=, had);
    g_assert_cmpuint (gbacw_history_get_index (history), ==, 3);
  }

  g_assert_null (gbacw_settings_draw_exclusive_area (ds, "reserves", "release-area", 100000, NULL, &error));
  g_assert_nonnull (error);
}

/* Building a brigade, deploying it and scheduling a reinforcement through a document,
 * then undoing everything, gives back the original file. */
static void
test_document_round_trip (void)
{
  g_autoptr (GbacwScenario) s = load_demo ();
  g_autoptr (GBytes) original = gbacw_scenario_save_to_bytes (s);
  g_autoptr (GbacwDocument) doc = gbacw_document_new (g_steal_pointer (&s));
  GbacwScenario *ds = gbacw_document_get_scenario (doc);
  g_autoptr (GError) error = NULL;
  g_autofree char *brigade = NULL, *a = NULL, *b = NULL;
  g_autoptr (GBytes) done = NULL;
  g_autoptr (GBytes) back = NULL;
  g_autoptr (GBytes) redone = NULL;
  int entry[] = { hex (ds, "0108") };

  gbacw_document_execute (doc, ok (gbacw_oob_add_formation (ds, "union", "u-div", GBACW_FORMATION_BRIGADE, NULL,
                                                            &brigade, &error), error));
  gbacw_document_execute (doc, ok (gbacw_oob_add_unit (ds, "union", brigade, GBACW_UNIT_INFANTRY, NULL, &a, &error),
                                   error));
  gbacw_document_execute (doc, ok (gbacw_oob_set_field (ds, GBACW_OOB_ENTRY_UNIT, a, GBACW_OOB_FIELD_STRENGTH, "6",
                                                        &error), error));
  gbacw_document_execute (doc, ok (gbacw_oob_duplicate (ds, GBACW_OOB_ENTRY_UNIT, a, &b, &error), error));
  gbacw_document_execute (doc, ok (gbacw_deploy_place_formation (ds, brigade, hex (ds, "0606"),
                                                                 GBACW_FORMATION_STATE_LINE, 1, 0, &error), error));
  gbacw_document_execute (doc, ok (gbacw_reinforcement_add (ds, 4, entry, 1, GBACW_FORMATION_STATE_COLUMN, NULL,
                                                            (const char *[]) { "u-webb", NULL }, NULL, &error),
                                   error));
  done = gbacw_scenario_save_to_bytes (ds);
  while (gbacw_document_undo (doc))
    ;
  back = gbacw_scenario_save_to_bytes (ds);
  assert_bytes_equal (original, back);
  while (gbacw_document_redo (doc))
    ;
  redone = gbacw_scenario_save_to_bytes (ds);
  assert_bytes_equal (done, redone);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/oob-edit/unique-id", test_unique_id);
  g_test_add_func ("/oob-edit/totals", test_totals);
  g_test_add_func ("/oob-edit/add", test_add);
  g_test_add_func ("/oob-edit/duplicate", test_duplicate);
  g_test_add_func ("/oob-edit/delete", test_delete);
  g_test_add_func ("/oob-edit/move", test_move);
  g_test_add_func ("/oob-edit/fields", test_fields);
  g_test_add_func ("/oob-edit/field-merge", test_field_merge);
  g_test_add_func ("/oob-edit/deploy", test_deploy);
  g_test_add_func ("/oob-edit/setup-defaults", test_setup_defaults);
  g_test_add_func ("/oob-edit/deploy-units", test_deploy_units);
  g_test_add_func ("/oob-edit/other-side", test_other_side);
  g_test_add_func ("/oob-edit/hex-allows", test_hex_allows);
  g_test_add_func ("/oob-edit/place-formation", test_place_formation);
  g_test_add_func ("/oob-edit/place-formation-unknown-stacking", test_place_formation_unknown_stacking);
  g_test_add_func ("/oob-edit/reinforcements", test_reinforcements);
  g_test_add_func ("/oob-edit/settings", test_settings);
  g_test_add_func ("/oob-edit/victory", test_victory);
  g_test_add_func ("/oob-edit/document", test_document_round_trip);
  g_test_add_func ("/oob-edit/draw-exclusive-area", test_draw_exclusive_area);
  return g_test_run ();
}
