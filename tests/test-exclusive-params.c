/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-exclusive-params.c: the typed parameters of exclusive rules (gbacw-exclusive-params.h). */
#define G_LOG_DOMAIN "test-exclusive-params"

#include <glib.h>
#include <string.h>

#include "gbacw-exclusive-params.h"

static void
test_die_top (void)
{
  static const struct {
    const char *text;
    int top;   /* -1: refused */
  } cases[] = {
    { "1", 1 }, { "1-2", 2 }, { "1-3", 3 }, { "1,2", 2 }, { "1,2,3", 3 }, { "none", 0 }, { "None", 0 },
    { "–", 0 }, { "-", 0 }, { "1-6", 6 },
    { "2-3", -1 }, { "0", -1 }, { "7", -1 }, { "1-7", -1 }, { "1,3", -1 }, { "2,3", -1 }, { "", -1 },
    { "1-", -1 }, { "one", -1 }, { "3-1", -1 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *why = NULL;
      int top = -1;
      gboolean ok = gbacw_exclusive_parse_die_top (cases[i].text, &top, &why);
      if (cases[i].top < 0)
        {
          g_assert_false (ok);
          g_assert_nonnull (why);
        }
      else
        {
          g_assert_true (ok);
          g_assert_cmpint (top, ==, cases[i].top);
        }
    }
}

static void
test_turn_dice_table (void)
{
  g_autofree char *why = NULL;
  /* P 21.52's Confederate column */
  g_autoptr (GArray) t = gbacw_exclusive_parse_turn_dice ("1-6:1 7-12:1,2\n13-30:1-3", &why);

  g_assert_nonnull (t);
  g_assert_cmpuint (t->len, ==, 3);
  g_assert_cmpint (gbacw_turn_dice_lookup (t, 1), ==, 1);
  g_assert_cmpint (gbacw_turn_dice_lookup (t, 6), ==, 1);
  g_assert_cmpint (gbacw_turn_dice_lookup (t, 7), ==, 2);
  g_assert_cmpint (gbacw_turn_dice_lookup (t, 12), ==, 2);
  g_assert_cmpint (gbacw_turn_dice_lookup (t, 13), ==, 3);
  g_assert_cmpint (gbacw_turn_dice_lookup (t, 30), ==, 3);
  g_assert_cmpint (gbacw_turn_dice_lookup (t, 31), ==, -1);
  g_assert_cmpint (gbacw_turn_dice_lookup (t, 0), ==, -1);
}

static void
test_turn_dice_single_range (void)
{
  g_autofree char *why = NULL;
  g_autoptr (GArray) t = gbacw_exclusive_parse_turn_dice ("1-2", &why);

  g_assert_nonnull (t);
  g_assert_cmpint (gbacw_turn_dice_lookup (t, -5), ==, 2);
  g_assert_cmpint (gbacw_turn_dice_lookup (t, 99), ==, 2);
}

static void
test_turn_dice_refused (void)
{
  static const char *const bad[] = {
    "1-6:1 6-12:1-2",   /* GT 6 twice */
    "1-6:1 7-12",       /* no range */
    "a-6:1",
    "6-1:1",
    "1-6:2-3",
    "",
    "   ",
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autofree char *why = NULL;
      g_autoptr (GArray) t = gbacw_exclusive_parse_turn_dice (bad[i], &why);
      if (t != NULL)
        g_error ("“%s” was accepted", bad[i]);
      g_assert_nonnull (why);
    }
}

static void
test_get_param (void)
{
  GbacwExclusiveRule rule = { (char *) "ammunition-depletion", TRUE, NULL };

  g_assert_null (gbacw_exclusive_rule_get_param (&rule, "case"));
  rule.params = g_ptr_array_new_with_free_func ((GDestroyNotify) gbacw_param_free);
  g_ptr_array_add (rule.params, gbacw_param_new ("case", "P 21.52"));
  g_assert_cmpstr (gbacw_exclusive_rule_get_param (&rule, "case"), ==, "P 21.52");
  g_assert_null (gbacw_exclusive_rule_get_param (&rule, "small-arms"));
  g_ptr_array_unref (rule.params);
}

static void
test_number (void)
{
  static const struct {
    const char *text;
    double value;   /* 0: refused */
  } cases[] = {
    { "1.5", 1.5 }, { "3/2", 1.5 }, { "1 1/2", 1.5 }, { "1/2", 0.5 }, { "2", 2 }, { "0.5", 0.5 },
    { "0", 0 }, { "-1", 0 }, { "", 0 }, { "one", 0 }, { "1.5x", 0 }, { "inf", 0 }, { "nan", 0 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *why = NULL;
      double v = -1;
      gboolean ok = gbacw_exclusive_parse_number (cases[i].text, &v, &why);
      if (cases[i].value == 0)
        {
          g_assert_false (ok);
          g_assert_nonnull (why);
        }
      else
        {
          g_assert_true (ok);
          g_assert_cmpfloat_with_epsilon (v, cases[i].value, 1e-9);
        }
    }
}

static void
test_choice_and_yes_no (void)
{
  g_autofree char *why = NULL;
  int index = -1;
  gboolean yes = FALSE;

  g_assert_true (gbacw_exclusive_parse_choice ("jackson", gbacw_night_proximity_choices, &index, &why));
  g_assert_cmpint (index, ==, 2);
  g_assert_true (gbacw_exclusive_parse_choice ("none", gbacw_night_fire_choices, &index, &why));
  g_assert_cmpint (index, ==, 1);
  g_assert_false (gbacw_exclusive_parse_choice ("Jackson", gbacw_night_proximity_choices, &index, &why));
  g_assert_nonnull (strstr (why, "never-adjacent"));
  g_clear_pointer (&why, g_free);
  g_assert_true (gbacw_exclusive_parse_yes_no ("yes", &yes, &why));
  g_assert_true (yes);
  g_assert_true (gbacw_exclusive_parse_yes_no ("no", &yes, &why));
  g_assert_false (yes);
  g_assert_false (gbacw_exclusive_parse_yes_no ("true", &yes, &why));
  g_assert_nonnull (why);
}

static void
test_turns (void)
{
  g_autofree char *why = NULL;
  g_autoptr (GArray) j = gbacw_exclusive_parse_turns ("16 17", &why);
  g_autoptr (GArray) p = gbacw_exclusive_parse_turns ("19-22", &why);
  g_autoptr (GArray) mixed = gbacw_exclusive_parse_turns ("3, 5-6", &why);

  g_assert_nonnull (j);
  g_assert_cmpuint (j->len, ==, 2);
  g_assert_cmpint (g_array_index (j, int, 1), ==, 17);
  g_assert_nonnull (p);
  g_assert_cmpuint (p->len, ==, 4);
  g_assert_cmpint (g_array_index (p, int, 0), ==, 19);
  g_assert_cmpint (g_array_index (p, int, 3), ==, 22);
  g_assert_nonnull (mixed);
  g_assert_cmpuint (mixed->len, ==, 3);
  g_assert_null (gbacw_exclusive_parse_turns ("", &why));
  g_clear_pointer (&why, g_free);
  g_assert_null (gbacw_exclusive_parse_turns ("16 16", &why));
  g_assert_nonnull (strstr (why, "twice"));
  g_clear_pointer (&why, g_free);
  g_assert_null (gbacw_exclusive_parse_turns ("22-19", &why));
  g_clear_pointer (&why, g_free);
  g_assert_null (gbacw_exclusive_parse_turns ("night", &why));
  g_assert_nonnull (why);
}

static void
test_ids (void)
{
  g_autofree char *why = NULL;
  g_auto (GStrv) ids = gbacw_exclusive_parse_ids ("union, fremont-corps  blenker", &why);

  g_assert_nonnull (ids);
  g_assert_cmpuint (g_strv_length (ids), ==, 3);
  g_assert_cmpstr (ids[1], ==, "fremont-corps");
  g_assert_null (gbacw_exclusive_parse_ids (" , ", &why));
  g_assert_nonnull (why);
}

static void
test_die_range (void)
{
  static const struct {
    const char *text;
    gboolean ok;
    int lo, hi;
  } cases[] = {
    { "5-6", TRUE, 5, 6 },      /* P 22.38 Union, C 26.22 */
    { "6", TRUE, 6, 6 },        /* P 22.38 Confederate */
    { "1-3", TRUE, 1, 3 },      /* J 35.41 */
    { "none", TRUE, 1, 0 },
    { "–", TRUE, 1, 0 },
    { "6-5", FALSE, 0, 0 },
    { "0-2", FALSE, 0, 0 },
    { "1-7", FALSE, 0, 0 },
    { "5,6", FALSE, 0, 0 },
    { "", FALSE, 0, 0 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *why = NULL;
      int lo = -1, hi = -1;
      gboolean ok = gbacw_exclusive_parse_die_range (cases[i].text, &lo, &hi, &why);
      if (ok != cases[i].ok)
        g_error ("“%s”: expected %s", cases[i].text, cases[i].ok ? "accepted" : "refused");
      if (ok)
        {
          g_assert_cmpint (lo, ==, cases[i].lo);
          g_assert_cmpint (hi, ==, cases[i].hi);
        }
      else
        g_assert_nonnull (why);
    }
}

static void
test_int (void)
{
  g_autofree char *why = NULL;
  int v = 0;

  g_assert_true (gbacw_exclusive_parse_int ("+1", -6, 6, &v, &why));
  g_assert_cmpint (v, ==, 1);
  g_assert_true (gbacw_exclusive_parse_int ("-1", -6, 6, &v, &why));
  g_assert_cmpint (v, ==, -1);
  g_assert_true (gbacw_exclusive_parse_int ("2", 1, 6, &v, &why));
  g_assert_cmpint (v, ==, 2);
  g_assert_false (gbacw_exclusive_parse_int ("7", -6, 6, &v, &why));
  g_assert_nonnull (why);
  g_clear_pointer (&why, g_free);
  g_assert_false (gbacw_exclusive_parse_int ("one", -6, 6, &v, &why));
  g_assert_nonnull (why);
  g_clear_pointer (&why, g_free);
  g_assert_false (gbacw_exclusive_parse_int ("", -6, 6, &v, &why));
  g_assert_nonnull (why);
}

/* Hex labels and area ids (J 24.11-24.13 retreat hexes, C 27.2 Corinth). */
static void
test_hexes (void)
{
  GbacwHexGrid grid;
  g_autoptr (GbacwScenario) s = NULL;
  GbacwArea *area = gbacw_area_new ("corinth", GBACW_AREA_TOWN, "Corinth");
  int h = 12;
  g_autofree char *why = NULL;
  g_autoptr (GArray) hexes = NULL;

  gbacw_hex_grid_init_default (&grid, 5, 5);
  s = gbacw_scenario_new (&grid);
  g_array_append_val (area->hexes, h);
  g_ptr_array_add (s->map->areas, area);
  hexes = gbacw_exclusive_parse_hexes (s->map, "0101, 0505 corinth 0101", &why);
  g_assert_null (why);
  g_assert_cmpuint (hexes->len, ==, 3);   /* each hex once */
  g_assert_cmpint (g_array_index (hexes, int, 0), ==, 0);
  g_assert_cmpint (g_array_index (hexes, int, 1), ==, 24);
  g_assert_cmpint (g_array_index (hexes, int, 2), ==, 12);
  g_clear_pointer (&hexes, g_array_unref);
  g_assert_null (gbacw_exclusive_parse_hexes (s->map, "0606", &why));
  g_assert_nonnull (strstr (why, "0606"));
  g_clear_pointer (&why, g_free);
  g_assert_null (gbacw_exclusive_parse_hexes (s->map, " ", &why));
  g_assert_nonnull (why);
}

/* base.FORMATION, then the formations above it, then base.SIDE, then base. */
static void
test_scoped (void)
{
  GbacwHexGrid grid;
  g_autoptr (GbacwScenario) s = NULL;
  GbacwExclusiveRule rule = { 0 };
  GbacwFormation *brigade = gbacw_formation_new ("stahel", "union", GBACW_FORMATION_BRIGADE);

  gbacw_hex_grid_init_default (&grid, 5, 5);
  s = gbacw_scenario_new (&grid);
  brigade->parent = g_strdup ("fremont");
  g_ptr_array_add (s->oob.formations, gbacw_formation_new ("fremont", "union", GBACW_FORMATION_CORPS));
  g_ptr_array_add (s->oob.formations, brigade);
  gbacw_oob_reindex (&s->oob);
  rule.params = g_ptr_array_new_with_free_func ((GDestroyNotify) gbacw_param_free);
  g_ptr_array_add (rule.params, gbacw_param_new ("hexes.fremont", "2201 1501"));
  g_ptr_array_add (rule.params, gbacw_param_new ("hexes.union", "3944"));
  g_assert_cmpstr (gbacw_exclusive_rule_get_scoped (&rule, &s->oob, "hexes", "stahel", "union"), ==, "2201 1501");
  g_assert_cmpstr (gbacw_exclusive_rule_get_scoped (&rule, &s->oob, "hexes", NULL, "union"), ==, "3944");
  g_assert_null (gbacw_exclusive_rule_get_scoped (&rule, &s->oob, "hexes", NULL, "confederate"));
  g_ptr_array_unref (rule.params);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/model/exclusive-params/die-top", test_die_top);
  g_test_add_func ("/model/exclusive-params/turn-dice-table", test_turn_dice_table);
  g_test_add_func ("/model/exclusive-params/turn-dice-single-range", test_turn_dice_single_range);
  g_test_add_func ("/model/exclusive-params/turn-dice-refused", test_turn_dice_refused);
  g_test_add_func ("/model/exclusive-params/get-param", test_get_param);
  g_test_add_func ("/model/exclusive-params/number", test_number);
  g_test_add_func ("/model/exclusive-params/choice-and-yes-no", test_choice_and_yes_no);
  g_test_add_func ("/model/exclusive-params/turns", test_turns);
  g_test_add_func ("/model/exclusive-params/ids", test_ids);
  g_test_add_func ("/model/exclusive-params/die-range", test_die_range);
  g_test_add_func ("/model/exclusive-params/int", test_int);
  g_test_add_func ("/model/exclusive-params/hexes", test_hexes);
  g_test_add_func ("/model/exclusive-params/scoped", test_scoped);
  return g_test_run ();
}
