/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-rule-jackson-fords-swollen.c: the swollen rivers of 9 June (J 29.3, 36.5).
 *
 * In the Game-Turns of `turns` (every Game-Turn when not given; The Crossroads: from
 * Game-Turn 18, J 36.5):
 * - J 29.3, 36.52: "only 1 regiment or 3 sections may cross each ford hexside per friendly
 *   Movement Phase": a ford hexside crossed in a Movement Phase by an infantry or cavalry
 *   regiment takes no other regiment nor section that phase; one crossed by sections takes
 *   up to three, and no regiment (leaders and wagons are neither, and are not counted). A
 *   ford under the wagon bridge is not limited (J 36.52: the bridge supersedes the ford for
 *   movement, J 23.0, which Port Republic's ford rule is read to follow). Rout and retreat
 *   across fords are not limited.
 * - J 36.51: the fords of `closed` (Pirkey's Ford) are closed to every movement, rout and
 *   retreat included, and to Effectiveness Radii (a leader's step across costs "P").
 * - J 36.52 (`no-melee`): no unit initiates a melee across a ford hexside.
 *
 * Parameters (<exclusive id="jackson.fords-swollen">):
 *   turns     the Game-Turns the rule holds in (default: all)
 *   closed    pairs of bank hexes: the fords closed to all movement (Pirkey's Ford)
 *   no-melee  yes: no melee across a ford (default no)
 *   case      the case cited for the limit (default "J 29.3")
 */
#define G_LOG_DOMAIN "gbacw-rule-jackson-fords-swollen"

#include "gbacw-rule-modules.h"

#include <glib/gi18n-lib.h>

#include "gbacw-exclusive-params.h"
#include "gbacw-rule-jackson-map.h"

#define REGIMENTS 1
#define SECTIONS 3

/* A crossing begun: counted once the action is over, for the units that made it (a step
 * refused after this hook leaves them where they were). */
typedef struct {
  GbacwHexsideId id;
  int from;
  GArray *units;
} Crossing;

static void
crossing_clear (gpointer data)
{
  g_array_unref (((Crossing *) data)->units);
}

typedef struct {
  guint32 ford;          /* hexside type bits, by style */
  GArray *turns;         /* int, or NULL: all */
  GArray *closed;        /* GbacwHexsideId */
  gboolean no_melee;
  char *rule_case;
  GHashTable *crossed;   /* hexside id → regiments × 16 + sections crossed this Movement Phase */
  GArray *crossings;     /* Crossing: begun in the action under way */
} FordsSwollen;

static gpointer
fords_init (GbacwGame *game, const GbacwExclusiveRule *rule)
{
  FordsSwollen *f = g_new0 (FordsSwollen, 1);
  const char *turns = gbacw_exclusive_rule_get_param (rule, "turns");
  const char *closed = gbacw_exclusive_rule_get_param (rule, "closed");
  const char *no_melee = gbacw_exclusive_rule_get_param (rule, "no-melee");
  const char *rule_case = gbacw_exclusive_rule_get_param (rule, "case");
  g_autofree char *why = NULL;

  f->ford = gbacw_jackson_style_bits (&game->scenario->catalogue, "ford");
  f->turns = turns ? gbacw_exclusive_parse_turns (turns, &why) : NULL;
  f->closed = gbacw_jackson_hexside_pairs (game, closed);
  if (no_melee)
    {
      g_autofree char *bad = NULL;
      gboolean yes = FALSE;
      f->no_melee = gbacw_exclusive_parse_yes_no (no_melee, &yes, &bad) && yes;
    }
  f->rule_case = g_strdup (rule_case ? rule_case : "J 29.3");
  f->crossed = g_hash_table_new (g_direct_hash, g_direct_equal);
  f->crossings = g_array_new (FALSE, FALSE, sizeof (Crossing));
  g_array_set_clear_func (f->crossings, crossing_clear);
  return f;
}

static void
fords_finalize (gpointer data)
{
  FordsSwollen *f = data;
  if (f->turns)
    g_array_unref (f->turns);
  g_array_unref (f->closed);
  g_hash_table_unref (f->crossed);
  g_array_unref (f->crossings);
  g_free (f->rule_case);
  g_free (f);
}

static gboolean
active (const GbacwGame *game, const FordsSwollen *f)
{
  return f->turns == NULL || gbacw_int_array_has (f->turns, game->turn);
}

/* The ford hexside crossed from from to to that the rule limits, else GBACW_HEXSIDE_NONE. */
static GbacwHexsideId
limited_ford (const GbacwGame *game, const FordsSwollen *f, int from, int to)
{
  GbacwHexsideId id = gbacw_jackson_hexside_between (game, from, to);

  if (id == GBACW_HEXSIDE_NONE || !active (game, f) || !(game->scenario->map->hexside_features[id] & f->ford)
      || gbacw_jackson_wagon_bridge_at (game, from, gbacw_game_direction_between (game, from, to)))
    return GBACW_HEXSIDE_NONE;
  return id;
}

/* What unit adds to a ford's count (regiments × 16 + sections). */
static int
weight (const GbacwGameUnit *u)
{
  if (u->type == GBACW_UNIT_ARTILLERY)
    return 1;
  if (u->type == GBACW_UNIT_INFANTRY || u->type == GBACW_UNIT_CAVALRY)
    return 16;
  return 0;   /* leaders, wagons */
}

static gboolean
within_limit (int count)
{
  int regiments = count / 16, sections = count % 16;
  return (regiments == 0 && sections <= SECTIONS) || (regiments <= REGIMENTS && sections == 0);
}

static void
fords_phase_begin (GbacwGame *game, gpointer data)
{
  FordsSwollen *f = data;
  if (game->phase == GBACW_PHASE_MOVEMENT)
    g_hash_table_remove_all (f->crossed);
}

static void
fords_move_cost (const GbacwGame *game, gpointer data, int unit, int from, int direction, GbacwMoveCost *cost)
{
  const FordsSwollen *f = data;
  const GbacwHexGrid *grid = &game->scenario->map->grid;
  GbacwHexsideId id = gbacw_hex_grid_hexside (grid, gbacw_hex_grid_hex_at (grid, from), direction);

  (void) unit;
  if (id != GBACW_HEXSIDE_NONE && active (game, f) && gbacw_jackson_has_hexside (f->closed, id))
    *cost = (GbacwMoveCost) { GBACW_COST_PROHIBITED, 0, NULL };   /* J 36.51 */
}

static gboolean
refuse_limit (const FordsSwollen *f, GError **error)
{
  g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
               _("[%s] Only one regiment or three sections may cross a ford hexside in a Movement Phase"), f->rule_case);
  return FALSE;
}

static gboolean
fords_move_legal (const GbacwGame *game, gpointer data, int unit, int from, int to, GError **error)
{
  const FordsSwollen *f = data;
  GbacwHexsideId id = limited_ford (game, f, from, to);
  int w = weight (gbacw_game_unit (game, unit));

  if (id == GBACW_HEXSIDE_NONE || w == 0)
    return TRUE;
  return within_limit (GPOINTER_TO_INT (g_hash_table_lookup (f->crossed, GUINT_TO_POINTER (id))) + w)
         || refuse_limit (f, error);
}

/* The units moving together cross each ford of the path at once: all of them count. */
static gboolean
fords_move_path_legal (const GbacwGame *game, gpointer data, const GArray *units, const GArray *path, GError **error)
{
  const FordsSwollen *f = data;
  int from, w = 0;

  if (units->len == 0)
    return TRUE;
  from = gbacw_game_unit (game, g_array_index (units, int, 0))->hex;
  for (guint i = 0; i < units->len; i++)
    w += weight (gbacw_game_unit (game, g_array_index (units, int, i)));
  for (guint k = 0; w > 0 && from >= 0 && k < path->len; k++)
    {
      int to = g_array_index (path, int, k);
      GbacwHexsideId id = limited_ford (game, f, from, to);
      if (id != GBACW_HEXSIDE_NONE
          && !within_limit (GPOINTER_TO_INT (g_hash_table_lookup (f->crossed, GUINT_TO_POINTER (id))) + w))
        return refuse_limit (f, error);
      from = to;
    }
  return TRUE;
}

static gboolean
fords_move_enter (GbacwGame *game, gpointer data, const GArray *units, int from, int to)
{
  FordsSwollen *f = data;
  Crossing c = { limited_ford (game, f, from, to), from, NULL };

  if (c.id == GBACW_HEXSIDE_NONE)
    return TRUE;
  c.units = g_array_copy ((GArray *) units);
  g_array_append_val (f->crossings, c);
  return TRUE;
}

static void
fords_action_done (GbacwGame *game, gpointer data, const GbacwAction *action)
{
  FordsSwollen *f = data;

  (void) action;
  for (guint i = 0; i < f->crossings->len; i++)
    {
      const Crossing *c = &g_array_index (f->crossings, Crossing, i);
      int w = GPOINTER_TO_INT (g_hash_table_lookup (f->crossed, GUINT_TO_POINTER (c->id)));
      for (guint k = 0; k < c->units->len; k++)
        {
          const GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (c->units, int, k));
          if (u->hex != c->from)
            w += weight (u);
        }
      g_hash_table_insert (f->crossed, GUINT_TO_POINTER (c->id), GINT_TO_POINTER (w));
    }
  g_array_set_size (f->crossings, 0);
}

static gboolean
fords_melee_initiation (GbacwGame *game, gpointer data, int unit, int target_hex, GError **error)
{
  const FordsSwollen *f = data;
  const GbacwGameUnit *u = gbacw_game_unit (game, unit);

  if (!f->no_melee || u->hex < 0 || limited_ford (game, f, u->hex, target_hex) == GBACW_HEXSIDE_NONE)
    return TRUE;
  {
    g_autofree char *label = gbacw_game_unit_label (game, unit);
    g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                 _("[J 36.52] No unit may initiate a melee across a ford hexside (%s)"), label);
  }
  return FALSE;
}

static gboolean
fords_copy_state (GbacwGame *to, gpointer to_data, const GbacwGame *from, gconstpointer from_data)
{
  FordsSwollen *t = to_data;
  const FordsSwollen *f = from_data;

  (void) to;
  (void) from;
  gbacw_copy_direct_table (t->crossed, f->crossed);
  g_array_set_size (t->crossings, 0);
  for (guint i = 0; i < f->crossings->len; i++)
    {
      Crossing c = g_array_index (f->crossings, Crossing, i);
      c.units = g_array_copy (c.units);
      g_array_append_val (t->crossings, c);
    }
  return TRUE;
}

const GbacwRuleHooks gbacw_rule_jackson_fords_swollen = {
  .id = "jackson.fords-swollen",
  .init = fords_init,
  .finalize = fords_finalize,
  .copy_state = fords_copy_state,
  .phase_begin = fords_phase_begin,
  .move_cost = fords_move_cost,
  .move_legal = fords_move_legal,
  .move_path_legal = fords_move_path_legal,
  .move_enter = fords_move_enter,
  .action_done = fords_action_done,
  .melee_initiation = fords_melee_initiation,
};
