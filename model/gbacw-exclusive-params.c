/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-exclusive-params.c: parsers for the typed parameters of exclusive rules. */
#define G_LOG_DOMAIN "gbacw-exclusive-params"

#include "gbacw-exclusive-params.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "gbacw-rules-data.h"

const char *const gbacw_night_proximity_choices[] = { "none", "never-adjacent", "jackson", NULL };
const char *const gbacw_night_zoc_choices[] = { "standard", "enter-one", NULL };
const char *const gbacw_night_fire_choices[] = { "withdrawal-only", "none", NULL };
const char *const gbacw_night_engaged_choices[] = { "none", "jackson", "both-retreat", NULL };
const char *const gbacw_night_game_choices[] = { "P", "C", "J", NULL };
const char *const gbacw_reserves_forbid_choices[] = { "move", "formation", "offensive-fire", "fire", "none", NULL };
const char *const gbacw_reserves_release_choices[] = { "fired-on", "attacked", "enemy-near", NULL };
const char *const gbacw_entry_game_choices[] = { "P", "J", "C", NULL };
const char *const gbacw_entry_blocked_choices[] = { "none", "enemy", "enemy-zoc", NULL };
const char *const gbacw_entry_blocked_on_choices[] = { "any-turn", "due-turn", NULL };
const char *const gbacw_entry_alternative_choices[] = { "next-closest", "nearest-unblocked", NULL };
const char *const gbacw_entry_edge_choices[] = { "any", "same", NULL };
const char *const gbacw_crew_game_choices[] = { "P", "J", "C", NULL };
const char *const gbacw_crew_return_choices[] = { "join", "final-command", NULL };
const char *const gbacw_crew_guns_vp_choices[] = { "eliminated", "captured-or-battery-fire", NULL };
const char *const gbacw_retreat_method_choices[] = { "hexes", "compass", "toward", NULL };
const char *const gbacw_retreat_off_map_choices[] = { "capture", "eliminate", "strategic", NULL };
const char *const gbacw_retreat_sector_choices[] = { "north", "east", "south", "west", NULL };

const char *
gbacw_exclusive_rule_get_param (const GbacwExclusiveRule *rule, const char *name)
{
  g_return_val_if_fail (rule != NULL && name != NULL, NULL);
  for (guint i = 0; rule->params != NULL && i < rule->params->len; i++)
    {
      const GbacwParam *p = g_ptr_array_index (rule->params, i);
      if (g_strcmp0 (p->name, name) == 0)
        return p->value;
    }
  return NULL;
}

int
gbacw_exclusive_rule_get_choice (const GbacwExclusiveRule *rule, const char *name, const char *const *choices)
{
  g_autofree char *why = NULL;
  const char *value = gbacw_exclusive_rule_get_param (rule, name);
  int index = 0;

  if (value && !gbacw_exclusive_parse_choice (value, choices, &index, &why))
    index = 0;
  return index;
}

static gboolean
parse_number (const char *text, const char *end, int min, int max, int *out)
{
  g_autofree char *word = g_strndup (text, (gsize) (end - text));
  guint64 v;

  if (!g_ascii_string_to_unsigned (word, 10, (guint64) min, (guint64) max, &v, NULL))
    return FALSE;
  *out = (int) v;
  return TRUE;
}

static gboolean
parse_small (const char *text, const char *end, int max, int *out)
{
  return parse_number (text, end, 1, max, out);
}

gboolean
gbacw_exclusive_parse_die_top (const char *text, int *top, char **why)
{
  int lo, hi;

  g_return_val_if_fail (top != NULL && why != NULL, FALSE);
  *why = NULL;
  if (text == NULL || *text == '\0')
    {
      *why = g_strdup (_("it is empty"));
      return FALSE;
    }
  if (strchr (text, ','))
    {
      /* "1,2,3": every roll from 1 up, in order */
      g_auto (GStrv) rolls = g_strsplit (text, ",", -1);
      int expected = 1;
      for (guint i = 0; rolls[i]; i++, expected++)
        {
          int roll;
          if (!parse_small (rolls[i], rolls[i] + strlen (rolls[i]), 6, &roll) || roll != expected)
            {
              *why = g_strdup_printf (_("“%s” is not a die range from 1, such as 1,2,3"), text);
              return FALSE;
            }
        }
      *top = expected - 1;
      return TRUE;
    }
  /* "1", "1-3" or "none" (hi 0): a range of gbacw_exclusive_parse_die_range () that starts at 1 */
  if (gbacw_exclusive_parse_die_range (text, &lo, &hi, why) && (hi == 0 || lo == 1))
    {
      *top = hi;
      return TRUE;
    }
  g_free (*why);
  *why = g_strdup_printf (_("“%s” is not a die range from 1 (1, 1-2, 1-3 …) or “none”"), text);
  return FALSE;
}

static gboolean
parse_turns (const char *text, const char *end, int *first, int *last)
{
  const char *dash = memchr (text, '-', (gsize) (end - text));

  /* from 0: die results after modifiers (P 28.26) share the form */
  if (dash == NULL)
    {
      if (!parse_number (text, end, 0, G_MAXINT, first))
        return FALSE;
      *last = *first;
      return TRUE;
    }
  return parse_number (text, dash, 0, G_MAXINT, first) && parse_number (dash + 1, end, 0, G_MAXINT, last)
         && *last >= *first;
}

/* The entry of a Game-Turns table that covers turn, or NULL. */
static const GbacwTurnDice *
turn_entry (const GArray *table, int turn)
{
  for (guint i = 0; table != NULL && i < table->len; i++)
    {
      const GbacwTurnDice *e = &g_array_index (table, GbacwTurnDice, i);
      if (turn >= e->first && turn <= e->last)
        return e;
    }
  return NULL;
}

typedef gboolean (*ValueParser) (const char *text, int *value, char **why);

static gboolean
parse_signed (const char *text, int *value, char **why)
{
  gint64 v;

  if (text != NULL && *text == '+')
    text++;
  if (text == NULL || !g_ascii_string_to_signed (text, 10, -99, 99, &v, NULL))
    {
      *why = g_strdup_printf (_("“%s” is not a whole number such as +1 or -2"), text ? text : "");
      return FALSE;
    }
  *value = (int) v;
  return TRUE;
}

/* One value for every turn, or "TURNS:VALUE" entries separated by white space. */
static GArray *
parse_turn_table (const char *text, ValueParser parse_value, char **why)
{
  g_autoptr (GArray) table = g_array_new (FALSE, FALSE, sizeof (GbacwTurnDice));
  g_auto (GStrv) words = NULL;

  g_return_val_if_fail (why != NULL, NULL);
  *why = NULL;
  if (text == NULL || strchr (text, ':') == NULL)
    {
      GbacwTurnDice all = { G_MININT, G_MAXINT, 0 };
      g_autofree char *stripped = g_strstrip (g_strdup (text ? text : ""));
      if (!parse_value (stripped, &all.top, why))
        return NULL;
      g_array_append_val (table, all);
      return g_steal_pointer (&table);
    }
  words = g_strsplit_set (text, " \t\n", -1);
  for (guint i = 0; words[i]; i++)
    {
      const char *w = words[i];
      const char *colon = strchr (w, ':');
      GbacwTurnDice e;

      if (*w == '\0')
        continue;
      if (colon == NULL || !parse_turns (w, colon, &e.first, &e.last))
        {
          *why = g_strdup_printf (_("“%s” is not Game-Turns and a value such as 7-12:1-2"), w);
          return NULL;
        }
      if (!parse_value (colon + 1, &e.top, why))
        return NULL;
      for (guint k = 0; k < table->len; k++)
        {
          const GbacwTurnDice *o = &g_array_index (table, GbacwTurnDice, k);
          if (e.first <= o->last && o->first <= e.last)
            {
              *why = g_strdup_printf (_("Game-Turns %d-%d are given twice"), MAX (e.first, o->first),
                                      MIN (e.last, o->last));
              return NULL;
            }
        }
      g_array_append_val (table, e);
    }
  if (table->len == 0)
    {
      *why = g_strdup (_("it is empty"));
      return NULL;
    }
  return g_steal_pointer (&table);
}

GArray *
gbacw_exclusive_parse_turn_dice (const char *text, char **why)
{
  return parse_turn_table (text, gbacw_exclusive_parse_die_top, why);
}

GArray *
gbacw_exclusive_parse_turn_numbers (const char *text, char **why)
{
  return parse_turn_table (text, parse_signed, why);
}

int
gbacw_turn_numbers_lookup (const GArray *table, int turn)
{
  const GbacwTurnDice *e = turn_entry (table, turn);

  return e != NULL ? e->top : 0;
}

GHashTable *
gbacw_exclusive_parse_keyed_dice (const char *text, char **why)
{
  g_autoptr (GHashTable) table = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_auto (GStrv) words = g_strsplit_set (text ? text : "", " \t\n", -1);

  g_return_val_if_fail (why != NULL, NULL);
  *why = NULL;
  for (guint i = 0; words[i]; i++)
    {
      const char *w = words[i];
      const char *colon = strrchr (w, ':');
      int top;

      if (*w == '\0')
        continue;
      if (colon == NULL || colon == w)
        {
          *why = g_strdup_printf (_("“%s” is not an id and a die range such as c-van-dorn:1-2"), w);
          return NULL;
        }
      if (!gbacw_exclusive_parse_die_top (colon + 1, &top, why))
        return NULL;
      g_hash_table_replace (table, g_strndup (w, (gsize) (colon - w)), GINT_TO_POINTER (top + 1));
    }
  if (g_hash_table_size (table) == 0)
    {
      *why = g_strdup (_("it is empty"));
      return NULL;
    }
  return g_steal_pointer (&table);
}

int
gbacw_keyed_dice_lookup (GHashTable *table, const char *id)
{
  gpointer v;

  if (table == NULL || id == NULL || !g_hash_table_lookup_extended (table, id, NULL, &v))
    return -1;
  return GPOINTER_TO_INT (v) - 1;
}

int
gbacw_turn_dice_lookup (const GArray *table, int turn)
{
  const GbacwTurnDice *e = turn_entry (table, turn);

  return e != NULL ? e->top : -1;
}

GPtrArray *
gbacw_exclusive_parse_die_lists (const char *text, char **why)
{
  g_autoptr (GPtrArray) lists = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  g_auto (GStrv) words = g_strsplit_set (text ? text : "", " \t\n", -1);

  g_return_val_if_fail (why != NULL, NULL);
  *why = NULL;
  g_ptr_array_set_size (lists, 6);
  for (guint i = 0; words[i]; i++)
    {
      const char *w = words[i];
      const char *colon = strchr (w, ':');
      int first, last;

      if (*w == '\0')
        continue;
      if (colon == NULL || !parse_turns (w, colon, &first, &last) || first < 1 || last > 6 || colon[1] == '\0')
        {
          *why = g_strdup_printf (_("“%s” is not die rolls and ids such as 1-3:c-mcintosh,c-hebert"), w);
          return NULL;
        }
      for (int die = first; die <= last; die++)
        {
          if (g_ptr_array_index (lists, die - 1) != NULL)
            {
              *why = g_strdup_printf (_("the die roll %d is given twice"), die);
              return NULL;
            }
          g_ptr_array_index (lists, die - 1) = g_strsplit (colon + 1, ",", -1);
        }
    }
  for (int die = 1; die <= 6; die++)
    if (g_ptr_array_index (lists, die - 1) == NULL)
      {
        *why = g_strdup_printf (_("the die roll %d is not given"), die);
        return NULL;
      }
  return g_steal_pointer (&lists);
}

gboolean
gbacw_exclusive_parse_number (const char *text, double *value, char **why)
{
  GbacwValue v;
  char *end = NULL;
  double d = 0;

  g_return_val_if_fail (value != NULL && why != NULL, FALSE);
  *why = NULL;
  if (text != NULL && gbacw_value_parse (text, &v) && v.kind == GBACW_VALUE_NUMBER)
    d = gbacw_value_to_double (&v);
  else if (text != NULL && *text != '\0')
    {
      d = g_ascii_strtod (text, &end);
      if (end == NULL || *end != '\0')
        d = 0;
    }
  if (!(d > 0) || !isfinite (d))
    {
      *why = g_strdup_printf (_("“%s” is not a positive number"), text ? text : "");
      return FALSE;
    }
  *value = d;
  return TRUE;
}

gboolean
gbacw_exclusive_parse_choice (const char *text, const char *const *choices, int *index, char **why)
{
  g_autoptr (GString) list = g_string_new (NULL);

  g_return_val_if_fail (choices != NULL && index != NULL && why != NULL, FALSE);
  *why = NULL;
  for (int i = 0; choices[i]; i++)
    {
      if (g_strcmp0 (text, choices[i]) == 0)
        {
          *index = i;
          return TRUE;
        }
      g_string_append_printf (list, "%s“%s”", i ? ", " : "", choices[i]);
    }
  *why = g_strdup_printf (_("“%s” is not one of %s"), text ? text : "", list->str);
  return FALSE;
}

gboolean
gbacw_exclusive_parse_yes_no (const char *text, gboolean *value, char **why)
{
  static const char *const choices[] = { "no", "yes", NULL };
  int index = 0;

  if (!gbacw_exclusive_parse_choice (text, choices, &index, why))
    return FALSE;
  *value = index == 1;
  return TRUE;
}

GArray *
gbacw_exclusive_parse_turns (const char *text, char **why)
{
  g_autoptr (GArray) turns = g_array_new (FALSE, FALSE, sizeof (int));
  g_auto (GStrv) words = g_strsplit_set (text ? text : "", " \t\n,", -1);

  g_return_val_if_fail (why != NULL, NULL);
  *why = NULL;
  for (guint i = 0; words[i]; i++)
    {
      int first, last;
      if (*words[i] == '\0')
        continue;
      if (!parse_turns (words[i], words[i] + strlen (words[i]), &first, &last) || last - first > 10000)
        {
          *why = g_strdup_printf (_("“%s” is not a Game-Turn number or a range of them such as 19-22"), words[i]);
          return NULL;
        }
      for (int t = first; t <= last; t++)
        {
          for (guint k = 0; k < turns->len; k++)
            if (g_array_index (turns, int, k) == t)
              {
                *why = g_strdup_printf (_("Game-Turn %d is given twice"), t);
                return NULL;
              }
          g_array_append_val (turns, t);
        }
    }
  if (turns->len == 0)
    {
      *why = g_strdup (_("it is empty"));
      return NULL;
    }
  return g_steal_pointer (&turns);
}

GStrv
gbacw_exclusive_parse_ids (const char *text, char **why)
{
  g_auto (GStrv) words = g_strsplit_set (text ? text : "", " \t\n,", -1);
  g_autoptr (GStrvBuilder) ids = g_strv_builder_new ();
  guint n = 0;

  g_return_val_if_fail (why != NULL, NULL);
  *why = NULL;
  for (guint i = 0; words[i]; i++)
    if (*words[i] != '\0')
      {
        g_strv_builder_add (ids, words[i]);
        n++;
      }
  if (n == 0)
    {
      *why = g_strdup (_("it is empty"));
      return NULL;
    }
  return g_strv_builder_end (ids);
}

gboolean
gbacw_exclusive_parse_die_range (const char *text, int *lo, int *hi, char **why)
{
  const char *dash;

  g_return_val_if_fail (lo != NULL && hi != NULL && why != NULL, FALSE);
  *why = NULL;
  if (text != NULL && (g_ascii_strcasecmp (text, "none") == 0 || strcmp (text, "-") == 0 || strcmp (text, "–") == 0
                       || strcmp (text, "—") == 0))
    {
      /* the table's "No result": no roll is in it */
      *lo = 1;
      *hi = 0;
      return TRUE;
    }
  dash = text ? strchr (text, '-') : NULL;
  if (text != NULL && dash == NULL && parse_small (text, text + strlen (text), 6, lo))
    {
      *hi = *lo;
      return TRUE;
    }
  if (dash != NULL && parse_small (text, dash, 6, lo) && parse_small (dash + 1, dash + strlen (dash), 6, hi) && *hi >= *lo)
    return TRUE;
  *why = g_strdup_printf (_("“%s” is not a die roll or a range of die rolls such as 5-6"), text ? text : "");
  return FALSE;
}

gboolean
gbacw_exclusive_parse_int (const char *text, int min, int max, int *value, char **why)
{
  gint64 v;

  g_return_val_if_fail (value != NULL && why != NULL, FALSE);
  *why = NULL;
  /* "+1" as the rulebooks print modifiers */
  if (text != NULL && g_ascii_string_to_signed (text[0] == '+' ? text + 1 : text, 10, min, max, &v, NULL))
    {
      *value = (int) v;
      return TRUE;
    }
  *why = g_strdup_printf (_("“%s” is not a whole number from %d to %d"), text ? text : "", min, max);
  return FALSE;
}

int
gbacw_exclusive_rule_get_int (const GbacwExclusiveRule *rule, const char *name, int fallback)
{
  const char *text = gbacw_exclusive_rule_get_param (rule, name);
  g_autofree char *why = NULL;
  int value;

  return text != NULL && gbacw_exclusive_parse_int (text, G_MININT, G_MAXINT, &value, &why) ? value : fallback;
}

guint8 *
gbacw_exclusive_parse_hex_set (const GbacwMap *map, const char *text)
{
  g_autofree char *why = NULL;
  g_autoptr (GArray) hexes = text ? gbacw_exclusive_parse_hexes (map, text, &why) : NULL;
  int n = gbacw_hex_grid_n_hexes (&map->grid);
  guint8 *set;

  if (hexes == NULL || hexes->len == 0)
    return NULL;
  set = g_new0 (guint8, MAX (n, 1));
  for (guint i = 0; i < hexes->len; i++)
    if (g_array_index (hexes, int, i) >= 0 && g_array_index (hexes, int, i) < n)
      set[g_array_index (hexes, int, i)] = 1;
  return set;
}

gboolean
gbacw_exclusive_parse_momentum_levels (const char *text, int *levels, char **why)
{
  g_auto (GStrv) words = g_strsplit_set (text ? text : "", " \t\n,", -1);
  gboolean any = FALSE;

  g_return_val_if_fail (levels != NULL && why != NULL, FALSE);
  *why = NULL;
  for (int i = 0; i < 21; i++)
    levels[i] = -1;
  for (guint i = 0; words[i]; i++)
    {
      const char *colon = strchr (words[i], ':');
      g_autofree char *box_text = colon ? g_strndup (words[i], colon - words[i]) : NULL;
      int box, level;
      if (*words[i] == '\0')
        continue;
      if (colon == NULL || !gbacw_exclusive_parse_int (box_text, -10, 10, &box, why)
          || !gbacw_exclusive_parse_int (colon + 1, 0, 9, &level, why))
        {
          g_free (*why);
          *why = g_strdup_printf (_("“%s” is not a box of the Momentum Track (-10 to +10) and its Initiative Level "
                                    "(0 to 9), as “-3:1”"), words[i]);
          return FALSE;
        }
      if (levels[box + 10] >= 0)
        {
          *why = g_strdup_printf (_("The box %+d is given twice"), box);
          return FALSE;
        }
      levels[box + 10] = level;
      any = TRUE;
    }
  if (!any)
    *why = g_strdup (_("No box of the Momentum Track is given"));
  return any;
}

static gboolean
has_hex (const GArray *hexes, int hex)
{
  for (guint i = 0; i < hexes->len; i++)
    if (g_array_index (hexes, int, i) == hex)
      return TRUE;
  return FALSE;
}

GArray *
gbacw_exclusive_parse_hexes (const GbacwMap *map, const char *text, char **why)
{
  g_auto (GStrv) words = g_strsplit_set (text ? text : "", " \t\n,", -1);
  g_autoptr (GArray) hexes = g_array_new (FALSE, FALSE, sizeof (int));

  g_return_val_if_fail (map != NULL && why != NULL, NULL);
  *why = NULL;
  for (guint i = 0; words[i]; i++)
    {
      const GbacwArea *area;
      GbacwHex hex;
      int index;

      if (*words[i] == '\0')
        continue;
      area = gbacw_map_find_area (map, words[i]);
      if (area != NULL)
        {
          for (guint k = 0; k < area->hexes->len; k++)
            if (!has_hex (hexes, g_array_index (area->hexes, int, k)))
              g_array_append_val (hexes, g_array_index (area->hexes, int, k));
          continue;
        }
      if (!gbacw_hex_grid_parse_label (&map->grid, words[i], &hex, NULL))
        {
          *why = g_strdup_printf (_("“%s” is neither a hex of the map nor one of its areas"), words[i]);
          return NULL;
        }
      index = gbacw_hex_grid_index (&map->grid, hex);
      if (!has_hex (hexes, index))
        g_array_append_val (hexes, index);
    }
  if (hexes->len == 0)
    {
      *why = g_strdup (_("it names no hex"));
      return NULL;
    }
  return g_steal_pointer (&hexes);
}

GArray *
gbacw_exclusive_parse_hexsides (const GbacwMap *map, const char *text, char **why)
{
  g_auto (GStrv) words = g_strsplit_set (text ? text : "", " \t\n,", -1);
  g_autoptr (GArray) ids = g_array_new (FALSE, FALSE, sizeof (GbacwHexsideId));
  GbacwHex pair[2];
  int n = 0;

  g_return_val_if_fail (map != NULL && why != NULL, NULL);
  *why = NULL;
  for (guint i = 0; words[i]; i++)
    {
      if (*words[i] == '\0')
        continue;
      if (!gbacw_hex_grid_parse_label (&map->grid, words[i], &pair[n], NULL))
        {
          *why = g_strdup_printf (_("“%s” is not a hex of the map"), words[i]);
          return NULL;
        }
      if (++n == 2)
        {
          int d = gbacw_hex_grid_direction_to (&map->grid, pair[0], pair[1]);
          GbacwHexsideId id = d >= 0 ? gbacw_hex_grid_hexside (&map->grid, pair[0], d) : GBACW_HEXSIDE_NONE;
          if (id == GBACW_HEXSIDE_NONE)
            {
              *why = g_strdup_printf (_("“%s %s” are not two adjacent hexes"), words[i - 1], words[i]);
              return NULL;
            }
          g_array_append_val (ids, id);
          n = 0;
        }
    }
  if (n != 0)
    {
      *why = g_strdup (_("it names an odd number of hexes: a hexside is named by the two hexes beside it"));
      return NULL;
    }
  if (ids->len == 0)
    {
      *why = g_strdup (_("it names no hexside"));
      return NULL;
    }
  return g_steal_pointer (&ids);
}

const char *
gbacw_exclusive_rule_get_scoped (const GbacwExclusiveRule *rule, const GbacwOob *oob, const char *base,
                                 const char *formation, const char *side)
{
  /* the unit's own formation, then the formations above it, then its side */
  for (int guard = 0; formation != NULL && guard < 64; guard++)
    {
      g_autofree char *name = g_strconcat (base, ".", formation, NULL);
      const char *value = gbacw_exclusive_rule_get_param (rule, name);
      const GbacwFormation *f = gbacw_oob_find_formation (oob, formation);
      if (value != NULL)
        return value;
      formation = f ? f->parent : NULL;
    }
  if (side != NULL)
    {
      g_autofree char *name = g_strconcat (base, ".", side, NULL);
      const char *value = gbacw_exclusive_rule_get_param (rule, name);
      if (value != NULL)
        return value;
    }
  return gbacw_exclusive_rule_get_param (rule, base);
}

gboolean
gbacw_exclusive_parse_half_vp (const char *text, int *halves, char **why)
{
  g_autofree char *copy = g_strstrip (g_strdup (text ? text : ""));
  const char *body = copy;
  gboolean negative = FALSE;
  double d = 0;

  g_return_val_if_fail (halves != NULL && why != NULL, FALSE);
  *why = NULL;
  if (*body == '-' || *body == '+')
    {
      negative = *body == '-';
      body++;
    }
  if (g_strcmp0 (body, "0") == 0)
    d = 0;
  else if (!gbacw_exclusive_parse_number (body, &d, why))
    return FALSE;
  if (d * 2 != floor (d * 2) || d > 9999)
    {
      g_free (*why);
      *why = g_strdup_printf (_("“%s” is not a whole or half number of Victory Points"), text ? text : "");
      return FALSE;
    }
  *halves = (int) (d * 2) * (negative ? -1 : 1);
  return TRUE;
}

gboolean
gbacw_exclusive_parse_leader_vp (const char *text, int vp[3], char **why)
{
  g_auto (GStrv) parts = g_strsplit (text ? text : "", "/", -1);

  g_return_val_if_fail (vp != NULL && why != NULL, FALSE);
  *why = NULL;
  if (g_strv_length (parts) != 3)
    {
      *why = g_strdup_printf (_("“%s” is not three Victory Point values, captured/killed/wounded (“3/2/1”)"),
                              text ? text : "");
      return FALSE;
    }
  for (int i = 0; i < 3; i++)
    if (!gbacw_exclusive_parse_int (parts[i], -99, 99, &vp[i], why))
      return FALSE;
  return TRUE;
}
