/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-rule-union-deployment-limits.c: what the Union free set-up (C 29.4) leaves in play.
 * The set-up itself is the validator's (rules-check/gbacw-checks-corinth.c, the same
 * parameters); the three brigades frozen near the Tishomingo Hotel (29.43) are the reserves
 * rule's (held-within).
 *
 *  - 29.41: no unit of side may move into a hex within distance (4) of a hex of the
 *    assault-areas until every division of divisions (Hebert's, Maury's, Lovell's) has a
 *    unit in play (on the map, or gone from it after being on it).
 *  - 29.44: the independent batteries (of no brigade) set up on or adjacent to a hex of
 *    park are the artillery park: they may not move (nor leave the map) nor fire, free
 *    shots too, until Game-Turn park-release-turn (21: "until the second day", the first
 *    Game-Turn after the night) or until an enemy combat unit comes within
 *    park-release-distance (6) hexes of a hex of town.
 *
 * Parameters (<exclusive id="corinth.union-deployment-limits">, besides the validator's):
 *   side, assault-areas, distance, divisions, park, park-release-turn, town,
 *   park-release-distance
 */
#define G_LOG_DOMAIN "gbacw-rule-union-deployment-limits"

#include "gbacw-rule-modules.h"

#include <glib/gi18n-lib.h>

#include "gbacw-exclusive-params.h"
#include "gbacw-game-private.h"
#include "gbacw-game.h"

typedef struct {
  int side;
  guint8 *near_assault;     /* per hex: within distance of an Assault Area hex */
  int distance;
  GArray *divisions;        /* formation indices */
  gboolean entered;         /* every division has entered */
  gboolean *park;           /* per unit: of the artillery park */
  gboolean park_released;
  int park_turn;
  guint8 *near_town;        /* per hex: within park-release-distance of a town hex */
} Limits;

/* Per hex: within radius of a hex named by the parameter (hexes and area ids); NULL when absent. */
static guint8 *
near_param (GbacwGame *game, const GbacwExclusiveRule *rule, const char *name, int radius)
{
  const char *text = gbacw_exclusive_rule_get_param (rule, name);
  g_autofree char *why = NULL;
  g_autoptr (GArray) hexes = text ? gbacw_exclusive_parse_hexes (game->scenario->map, text, &why) : NULL;
  guint8 *near;

  if (hexes == NULL)
    return NULL;
  near = g_new0 (guint8, MAX (game->n_hexes, 1));
  for (int h = 0; h < game->n_hexes; h++)
    for (guint k = 0; k < hexes->len && !near[h]; k++)
      near[h] = gbacw_game_distance (game, h, g_array_index (hexes, int, k)) <= radius;
  return near;
}

static gboolean
in_brigade (const GbacwGame *game, const GbacwGameUnit *u)
{
  int f = game->unit_formation[u->index];
  return f >= 0 && ((const GbacwFormation *) g_ptr_array_index (game->scenario->oob.formations, f))->kind
                     == GBACW_FORMATION_BRIGADE
         && !(u->oob->flags & GBACW_UNIT_FLAG_INDEPENDENT);
}

static gpointer
limits_init (GbacwGame *game, const GbacwExclusiveRule *rule)
{
  Limits *l = g_new0 (Limits, 1);
  const char *side = gbacw_exclusive_rule_get_param (rule, "side");
  const char *divisions = gbacw_exclusive_rule_get_param (rule, "divisions");
  g_auto (GStrv) ids = divisions ? g_strsplit_set (divisions, " ,", -1) : NULL;
  g_autofree guint8 *park = NULL;

  l->side = gbacw_game_side_index (game, side ? side : "union");
  l->distance = gbacw_exclusive_rule_get_int (rule, "distance", 4);
  l->near_assault = near_param (game, rule, "assault-areas", l->distance);
  l->divisions = g_array_new (FALSE, FALSE, sizeof (int));
  for (guint i = 0; ids && ids[i]; i++)
    {
      int f = *ids[i] ? gbacw_leadership_formation_index (game, ids[i]) : -1;
      if (f >= 0)
        g_array_append_val (l->divisions, f);
    }
  l->park = g_new0 (gboolean, MAX (game->units->len, 1));
  park = near_param (game, rule, "park", 1);
  for (guint i = 0; park && i < game->units->len; i++)
    {
      const GbacwGameUnit *u = g_ptr_array_index (game->units, i);
      l->park[i] = u->side == l->side && u->type == GBACW_UNIT_ARTILLERY && u->hex >= 0 && park[u->hex]
                   && !in_brigade (game, u);
    }
  l->park_turn = gbacw_exclusive_rule_get_int (rule, "park-release-turn", 21);
  l->near_town = near_param (game, rule, "town", gbacw_exclusive_rule_get_int (rule, "park-release-distance", 6));
  return l;
}

static void
limits_finalize (gpointer data)
{
  Limits *l = data;

  g_free (l->near_assault);
  g_array_unref (l->divisions);
  g_free (l->park);
  g_free (l->near_town);
  g_free (l);
}

/* Whether every division has had a unit on the map. */
static gboolean
all_entered (const GbacwGame *game, const Limits *l)
{
  for (guint d = 0; d < l->divisions->len; d++)
    {
      int f = g_array_index (l->divisions, int, d);
      gboolean in = FALSE;
      for (guint i = 0; i < game->units->len && !in; i++)
        {
          const GbacwGameUnit *u = g_ptr_array_index (game->units, i);
          int uf = game->unit_formation[i];
          for (int guard = 0; uf >= 0 && guard < 64 && uf != f; guard++)
            uf = game->formation_original_parent[uf];
          in = uf == f && u->presence != GBACW_PRESENCE_NOT_ARRIVED;
        }
      if (!in)
        return FALSE;
    }
  return TRUE;
}

static void
update (GbacwGame *game, Limits *l)
{
  if (!l->entered && all_entered (game, l))
    {
      l->entered = TRUE;
      if (l->near_assault)
        gbacw_game_log (game, "C 29.41",
                        _("Every Confederate division has entered: Union units may now move near the Assault Areas"));
    }
  if (!l->park_released && game->turn >= l->park_turn)
    {
      l->park_released = TRUE;
      gbacw_game_log (game, "C 29.44", _("The artillery park is free to move and fire: the second day"));
    }
  for (guint i = 0; !l->park_released && l->near_town && i < game->units->len; i++)
    {
      const GbacwGameUnit *u = g_ptr_array_index (game->units, i);
      if (u->hex >= 0 && u->side != l->side && gbacw_game_is_combat_unit (u) && !gbacw_game_is_wagon_crew (u)
          && l->near_town[u->hex])
        {
          g_autofree char *label = gbacw_game_unit_label (game, u->index);
          l->park_released = TRUE;
          gbacw_game_log (game, "C 29.44", _("%s came within 6 hexes of Corinth: the artillery park is free"), label);
        }
    }
}

static void
limits_phase_begin (GbacwGame *game, gpointer data)
{
  update (game, data);
}

static void
limits_action_done (GbacwGame *game, gpointer data, const GbacwAction *action)
{
  (void) action;
  update (game, data);
}

static gboolean
held_in_park (const Limits *l, const GbacwGame *game, int unit)
{
  return !l->park_released && unit >= 0 && (guint) unit < game->units->len && l->park[unit];
}

static gboolean
refuse_park (const GbacwGame *game, int unit, GError **error)
{
  g_autofree char *label = gbacw_game_unit_label (game, unit);
  g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
               _("[C 29.44] %s is of the artillery park: it may not move or fire until the second day or until a "
                 "Confederate unit comes within 6 hexes of Corinth"), label);
  return FALSE;
}

static gboolean
limits_action_legal (GbacwGame *game, gpointer data, const GbacwAction *action, GError **error)
{
  const Limits *l = data;
  const GArray *units = NULL;

  switch (action->kind)
    {
    case GBACW_ACTION_MOVE:
    case GBACW_ACTION_EXIT:
      units = action->move.units;
      break;
    case GBACW_ACTION_FIRE:
      for (guint i = 0; action->fire.firers && i < action->fire.firers->len; i++)
        {
          int unit = g_array_index (action->fire.firers, GbacwFirer, i).unit;
          if (held_in_park (l, game, unit))
            return refuse_park (game, unit, error);
        }
      return TRUE;
    case GBACW_ACTION_ANSWER:
      if (game->decision && game->decision->kind == GBACW_DECISION_FIRE)
        for (guint i = 0; action->answer.firers && i < action->answer.firers->len; i++)
          {
            int unit = g_array_index (action->answer.firers, GbacwFirer, i).unit;
            if (held_in_park (l, game, unit))
              return refuse_park (game, unit, error);
          }
      return TRUE;
    default:
      return TRUE;
    }
  for (guint i = 0; units && i < units->len; i++)
    if (held_in_park (l, game, g_array_index (units, int, i)))
      return refuse_park (game, g_array_index (units, int, i), error);
  return TRUE;
}

/* 29.41: no step into a hex near an Assault Area before every division has entered. */
static gboolean
limits_move_legal (const GbacwGame *game, gpointer data, int unit, int from, int to, GError **error)
{
  const Limits *l = data;
  const GbacwGameUnit *u = gbacw_game_unit (game, unit);
  g_autofree char *label = NULL, *hex = NULL;

  (void) from;
  if (l->entered || l->near_assault == NULL || u->side != l->side || to < 0 || to >= game->n_hexes
      || !l->near_assault[to])
    return TRUE;
  label = gbacw_game_unit_label (game, unit);
  hex = gbacw_game_hex_label (game, to);
  g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
               g_dngettext (GETTEXT_PACKAGE,
                            "[C 29.41] %s may not move into %s, within %d hex of a Confederate Assault Area, until "
                            "every Confederate division has entered",
                            "[C 29.41] %s may not move into %s, within %d hexes of a Confederate Assault Area, until "
                            "every Confederate division has entered", (gulong) l->distance),
               label, hex, l->distance);
  return FALSE;
}

/* STATUS: the park held and the Assault Area approach closed. */
static void
limits_status (const GbacwGame *game, gpointer data, GPtrArray *items)
{
  const Limits *l = data;
  guint n = 0;

  for (guint i = 0; i < game->units->len; i++)
    n += l->park[i];
  if (!l->entered && l->near_assault)
    g_ptr_array_add (items, gbacw_rule_status_new ("C 29.41",
                                                   g_dngettext (GETTEXT_PACKAGE,
                                                                "No Union move within %d hex of an Assault Area until "
                                                                "every Confederate division has entered",
                                                                "No Union move within %d hexes of an Assault Area until "
                                                                "every Confederate division has entered",
                                                                (gulong) l->distance),
                                                   l->distance));
  if (n > 0 && !l->park_released)
    g_ptr_array_add (items, gbacw_rule_status_new ("C 29.44",
                                                   g_dngettext (GETTEXT_PACKAGE,
                                                                "%u battery of the artillery park may not move or "
                                                                "fire before Game-Turn %d",
                                                                "%u batteries of the artillery park may not move or "
                                                                "fire before Game-Turn %d", n),
                                                   n, l->park_turn));
}

static gboolean
limits_copy_state (GbacwGame *to, gpointer to_data, const GbacwGame *from, gconstpointer from_data)
{
  Limits *t = to_data;
  const Limits *f = from_data;

  (void) to;
  (void) from;
  t->entered = f->entered;
  t->park_released = f->park_released;
  return TRUE;
}

const GbacwRuleHooks gbacw_rule_corinth_union_deployment_limits = {
  .id = "corinth.union-deployment-limits",
  .init = limits_init,
  .finalize = limits_finalize,
  .copy_state = limits_copy_state,
  .phase_begin = limits_phase_begin,
  .action_done = limits_action_done,
  .action_legal = limits_action_legal,
  .move_legal = limits_move_legal,
  .status = limits_status,
};
