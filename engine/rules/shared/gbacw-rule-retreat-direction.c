/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-rule-retreat-direction.c: where forced retreats go (rules matrix §2.D "Retreat
 * direction"), in three variants (method):
 *
 *  - hexes (J 24): each command retreats toward its retreat hexes (hexes.ID: J 24.11
 *    Shields' Command 3944, 24.12 Fremont's Corps 2201 or 1501, 24.13 the Confederates 0129
 *    or 0139; Port Republic 0139 only, J 29.2); either hex, the nearer (24.14). After 14.3
 *    and 14.4, the paths entering the fewest enemy ZOCs and ending nearest a retreat hex are
 *    kept (24.0's order). Entering a retreat hex ends the retreat (24.1); a unit in its
 *    retreat hex forced to retreat again goes off the map: strategic retreat (24.1, 24.2).
 *    A retreat hex full to the stacking limit or in an enemy ZOC is replaced by the nearest
 *    map-edge hex that is neither (24.1).
 *  - compass (P 23): sector.ID (north, south, east, west) is the way the side's lines lie:
 *    each step goes toward it (P 23.1 NW/NE for the Confederates, 23.2 SE/SW for the Union);
 *    sideways (W/E) only when every hex toward it is occupied by units or in an enemy ZOC;
 *    never away from it (then the unit is captured, 14.1). The map's compass (<map north>)
 *    says which hex directions are which.
 *  - toward (C 27): target.ID, hexes or areas (C 27.2 Corinth), or "arrival": the Assault
 *    Areas the unit's reinforcement group entered through (C 27.1); the paths ending
 *    nearest in hexes are kept; when no path comes nearer than the start, fallback.ID (C
 *    27.2: the south-east corner). With "arrival", a unit entering or standing in such an
 *    area with hexes left retreats off the map (C 27.3).
 *
 * off-map: what leaving the map does to the units: capture (5.17, P 26.12: the default),
 * eliminate (C 27.1, 27.2) or strategic (J 24.1, 24.2: they exit, for good). With
 * reenter = yes (C 27.3) a unit going off the map into an Assault Area where a mounted
 * cavalry unit of its side is still held off the map may enter again in a later Movement
 * Phase, as its reinforcement group. A retreat blocked by the map edge goes off it. A
 * reinforcement's Areas of arrival are those holding its group's entry hexes until it
 * enters, then those holding the hex it entered at (an assault plan may send it elsewhere).
 * case: the case the log cites ("J 24.1").
 */
#define G_LOG_DOMAIN "gbacw-rule-retreat-direction"

#include "gbacw-rule-modules.h"

#include <glib/gi18n-lib.h>

#include "gbacw-exclusive-params.h"
#include "gbacw-game.h"
#include "gbacw-movement.h"
#include "gbacw-query.h"

typedef enum {
  METHOD_HEXES,     /* J 24 */
  METHOD_COMPASS,   /* P 23 */
  METHOD_TOWARD,    /* C 27 */
} Method;

typedef enum {
  OFF_CAPTURE,
  OFF_ELIMINATE,
  OFF_STRATEGIC,
} OffMap;

typedef struct {
  Method method;
  OffMap off_map;
  gboolean reenter;
  char *rule_case;
  /* per combat unit index: its retreat hexes (J 24.1x) or targets (C 27), and fallback
   * (C 27.2); NULL when the rule names none for it; arrival: the targets are areas it
   * goes off the map from (C 27.3) */
  GPtrArray *targets;
  GPtrArray *fallbacks;
  gboolean *arrival;
  gboolean *on_map;   /* arrival units: on the map after the last action (their targets set) */
  int *sector;   /* compass bearing of the unit's lines, -1 none (P 23) */
} Direction;

static int
choice_param (const GbacwExclusiveRule *rule, const char *name, const char *const *choices)
{
  const char *value = gbacw_exclusive_rule_get_param (rule, name);
  g_autofree char *why = NULL;
  int index = 0;

  if (value && !gbacw_exclusive_parse_choice (value, choices, &index, &why))
    g_warning ("retreat-direction: %s: %s", name, why);   /* the validator refuses it first */
  return index;
}

static GArray *
hexes_param (const GbacwGame *game, const char *value)
{
  g_autofree char *why = NULL;
  GArray *hexes;

  if (value == NULL)
    return NULL;
  hexes = gbacw_exclusive_parse_hexes (game->scenario->map, value, &why);
  if (hexes == NULL)
    g_warning ("retreat-direction: %s", why);
  return hexes;
}

/* C 27.1: the hexes of the Assault Areas holding any of entries (entries themselves when
 * no area holds them). */
static GArray *
areas_holding (const GbacwGame *game, const GArray *entries)
{
  const GbacwScenario *s = game->scenario;
  GArray *out = g_array_new (FALSE, FALSE, sizeof (int));

  for (guint a = 0; a < s->map->areas->len; a++)
    {
      const GbacwArea *area = g_ptr_array_index (s->map->areas, a);
      gboolean holds = FALSE;
      for (guint k = 0; k < entries->len && !holds; k++)
        for (guint h = 0; h < area->hexes->len && !holds; h++)
          holds = g_array_index (area->hexes, int, h) == g_array_index (entries, int, k);
      if (holds && area->kind == GBACW_AREA_ASSAULT)
        g_array_append_vals (out, area->hexes->data, area->hexes->len);
    }
  if (out->len == 0)
    g_array_append_vals (out, entries->data, entries->len);
  return out;
}

/* C 27.1: the Assault Areas holding the entry hexes of the unit's group, until it enters
 * (then those holding the hex it entered at: direction_action_done ()). */
static GArray *
arrival_hexes (const GbacwGame *game, const GbacwGameUnit *u)
{
  const GbacwScenario *s = game->scenario;

  if (u->reinforcement < 0 || (guint) u->reinforcement >= s->reinforcements->len)
    return g_array_new (FALSE, FALSE, sizeof (int));
  return areas_holding (game, ((const GbacwReinforcement *) g_ptr_array_index (s->reinforcements, u->reinforcement))
                                ->entry_hexes);
}

static void
free_arrays (GPtrArray *arrays)
{
  for (guint i = 0; i < arrays->len; i++)
    if (g_ptr_array_index (arrays, i))
      g_array_unref (g_ptr_array_index (arrays, i));
  g_ptr_array_unref (arrays);
}

static gpointer
direction_init (GbacwGame *game, const GbacwExclusiveRule *rule)
{
  Direction *d = g_new0 (Direction, 1);
  const GbacwOob *oob = &game->scenario->oob;
  const char *value;

  d->method = (Method) choice_param (rule, "method", gbacw_retreat_method_choices);
  d->off_map = (OffMap) choice_param (rule, "off-map", gbacw_retreat_off_map_choices);
  d->reenter = g_strcmp0 (gbacw_exclusive_rule_get_param (rule, "reenter"), "yes") == 0;
  value = gbacw_exclusive_rule_get_param (rule, "case");
  d->rule_case = g_strdup (value ? value : d->method == METHOD_HEXES     ? "J 24.1"
                                         : d->method == METHOD_COMPASS ? "P 23.1"
                                                                       : "C 27.1");
  d->targets = g_ptr_array_new ();
  d->fallbacks = g_ptr_array_new ();
  d->arrival = g_new0 (gboolean, MAX (game->units->len, 1));
  d->on_map = g_new0 (gboolean, MAX (game->units->len, 1));
  d->sector = g_new0 (int, MAX (game->units->len, 1));
  for (guint i = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *u = g_ptr_array_index (game->units, i);
      const GbacwSide *side = u->side >= 0 ? g_ptr_array_index (oob->sides, u->side) : NULL;
      const char *formation = u->oob->formation, *side_id = side ? side->id : NULL;
      const char *target = gbacw_exclusive_rule_get_scoped (rule, oob, d->method == METHOD_HEXES ? "hexes" : "target",
                                                            formation, side_id);
      const char *sector = gbacw_exclusive_rule_get_scoped (rule, oob, "sector", formation, side_id);
      g_autofree char *why = NULL;
      int index = 0;

      d->arrival[i] = d->method == METHOD_TOWARD && g_strcmp0 (target, "arrival") == 0;
      d->on_map[i] = u->hex >= 0;
      g_ptr_array_add (d->targets, d->arrival[i] ? arrival_hexes (game, u) : hexes_param (game, target));
      g_ptr_array_add (d->fallbacks,
                       hexes_param (game, gbacw_exclusive_rule_get_scoped (rule, oob, "fallback", formation, side_id)));
      d->sector[i] = -1;
      if (sector && gbacw_exclusive_parse_choice (sector, gbacw_retreat_sector_choices, &index, &why))
        d->sector[i] = index * 90;
    }
  return d;
}

static void
direction_finalize (gpointer data)
{
  Direction *d = data;

  free_arrays (d->targets);
  free_arrays (d->fallbacks);
  g_free (d->arrival);
  g_free (d->on_map);
  g_free (d->sector);
  g_free (d->rule_case);
  g_free (d);
}

/* The combat unit whose command the retreat follows: the first of units (a stack retreats
 * together, 14.4), or -1. */
static int
leading_unit (const GbacwGame *game, const GArray *units)
{
  for (guint i = 0; i < units->len; i++)
    if (gbacw_game_is_combat_unit (gbacw_game_unit (game, g_array_index (units, int, i))))
      return g_array_index (units, int, i);
  return units->len ? g_array_index (units, int, 0) : -1;
}

static gboolean
enemy_zoc (const GbacwGame *game, const GArray *units, int hex)
{
  for (guint i = 0; i < units->len; i++)
    {
      const GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (units, int, i));
      if (gbacw_movement_in_enemy_zoc (game, hex, u->side, gbacw_game_unit_is_mounted (u)))
        return TRUE;
    }
  return FALSE;
}

/* J 24.1: a retreat hex full to the stacking limit or in an enemy ZOC is blocked. */
static gboolean
retreat_hex_blocked (const GbacwGame *game, const GArray *units, int hex)
{
  const GbacwGameUnit *u = gbacw_game_unit (game, leading_unit (game, units));

  return gbacw_game_hex_has_side (game, hex, 1 - u->side, TRUE) || enemy_zoc (game, units, hex)
         || !gbacw_query_stacking_allows (game, hex, (const int *) units->data, units->len, GBACW_FORMATION_STATE_UNSET);
}

static gboolean
on_edge (const GbacwGame *game, int hex)
{
  for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
    if (gbacw_game_neighbour_index (game, hex, d) < 0)
      return TRUE;
  return FALSE;
}

/* J 24.1: the retreat hexes the units use now: each one, or when it is blocked the nearest
 * map-edge hex that is not (the lowest index among the nearest). */
static GArray *
current_retreat_hexes (const GbacwGame *game, const Direction *d, const GArray *units)
{
  int unit = leading_unit (game, units);
  const GArray *listed = unit >= 0 ? g_ptr_array_index (d->targets, unit) : NULL;
  GArray *out = g_array_new (FALSE, FALSE, sizeof (int));

  for (guint i = 0; listed && i < listed->len; i++)
    {
      int hex = g_array_index (listed, int, i), best = -1, best_distance = G_MAXINT;
      if (!retreat_hex_blocked (game, units, hex))
        {
          g_array_append_val (out, hex);
          continue;
        }
      for (int h = 0; h < game->n_hexes; h++)
        {
          int distance = gbacw_game_distance (game, hex, h);
          if (distance < best_distance && h != hex && on_edge (game, h) && !retreat_hex_blocked (game, units, h))
            {
              best = h;
              best_distance = distance;
            }
        }
      if (best >= 0)
        g_array_append_val (out, best);
    }
  return out;
}

static int
nearest (const GbacwGame *game, const GArray *hexes, int hex)
{
  int best = G_MAXINT;

  for (guint i = 0; hexes && i < hexes->len; i++)
    best = MIN (best, gbacw_game_distance (game, hex, g_array_index (hexes, int, i)));
  return best;
}

static gboolean
contains (const GArray *hexes, int hex)
{
  for (guint i = 0; hexes && i < hexes->len; i++)
    if (g_array_index (hexes, int, i) == hex)
      return TRUE;
  return FALSE;
}

static GbacwRetreatEnd
direction_end (const GbacwGame *game, gpointer data, const GArray *units, int hex)
{
  const Direction *d = data;
  int unit = leading_unit (game, units);

  if (unit < 0)
    return GBACW_RETREAT_GO_ON;
  if (d->method == METHOD_HEXES)
    {
      g_autoptr (GArray) hexes = current_retreat_hexes (game, d, units);
      return contains (hexes, hex) ? GBACW_RETREAT_STOP : GBACW_RETREAT_GO_ON;   /* J 24.1 */
    }
  if (d->method == METHOD_TOWARD && d->arrival[unit] && contains (g_ptr_array_index (d->targets, unit), hex))
    return GBACW_RETREAT_OFF_MAP;   /* C 27.3 */
  return GBACW_RETREAT_GO_ON;
}

/* P 23: where a hex direction points relative to the side's lines: 1 toward them, 0
 * sideways, -1 away. */
static int
sector_of (const GbacwGame *game, int sector, int direction)
{
  int diff = ((gbacw_map_direction_bearing (game->scenario->map, direction) - sector) % 360 + 360) % 360;

  if (diff == 90 || diff == 270)
    return 0;
  return diff < 90 || diff > 270 ? 1 : -1;
}

/* P 23.1: a hex toward the side's lines is open to the retreat: across no impassable
 * hexside, without units (other than those retreating) and not in an enemy ZOC. Off the
 * map it is open: that is where the retreat goes (P 26.12: then captured), not sideways. */
static gboolean
toward_hex_open (const GbacwGame *game, const GArray *units, int hex, int direction)
{
  int n = gbacw_game_neighbour_index (game, hex, direction);
  const GArray *stack;

  if (n < 0)
    return TRUE;
  if (gbacw_game_hexside_impassable (game, hex, direction) || enemy_zoc (game, units, n))
    return FALSE;
  stack = gbacw_game_stack (game, n);
  for (guint i = 0; stack && i < stack->len; i++)
    if (!contains (units, g_array_index (stack, int, i)))
      return FALSE;
  return TRUE;
}

static int
compass_preference (const GbacwGame *game, const GArray *units, int sector, int from, const GArray *path)
{
  int hex = from, sideways = 0;

  for (guint i = 0; i < path->len; i++)
    {
      int to = g_array_index (path, int, i), direction = gbacw_game_direction_between (game, hex, to);
      int kind = sector_of (game, sector, direction);
      if (kind < 0)
        return G_MAXINT;   /* P 23.1: never away from its lines */
      if (kind == 0)
        {
          for (int e = 0; e < GBACW_HEX_DIRECTIONS; e++)
            if (sector_of (game, sector, e) > 0 && toward_hex_open (game, units, hex, e))
              return G_MAXINT;   /* sideways only when every hex toward its lines is taken */
          sideways++;
        }
      hex = to;
    }
  return sideways;
}

static int
direction_preference (const GbacwGame *game, gpointer data, const GArray *units, int from, const GArray *path)
{
  const Direction *d = data;
  int unit = leading_unit (game, units), last = g_array_index (path, int, path->len - 1);

  if (unit < 0)
    return 0;
  switch (d->method)
    {
    case METHOD_COMPASS:
      return d->sector[unit] < 0 ? 0 : compass_preference (game, units, d->sector[unit], from, path);
    case METHOD_HEXES:
      {
        /* J 24.0: not through enemy ZOCs, then toward the retreat hex */
        g_autoptr (GArray) hexes = current_retreat_hexes (game, d, units);
        int zocs = 0;
        for (guint i = 0; i < path->len; i++)
          zocs += enemy_zoc (game, units, g_array_index (path, int, i));
        return hexes->len == 0 ? 100 * zocs : 100 * zocs + MIN (nearest (game, hexes, last), 99);
      }
    case METHOD_TOWARD:
    default:
      {
        /* C 27.1, 27.2: the most direct route in hexes; else toward the fallback */
        const GArray *targets = g_ptr_array_index (d->targets, unit);
        const GArray *fallback = g_ptr_array_index (d->fallbacks, unit);
        int to_target;
        if (targets == NULL || targets->len == 0)
          return 0;
        to_target = nearest (game, targets, last);
        if (to_target < nearest (game, targets, from))
          return to_target;
        return 1000 + MIN (fallback ? nearest (game, fallback, last) : to_target, 999);
      }
    }
}

/* C 27.3: a mounted cavalry unit of side held off the map in an Assault Area of hexes (29.27:
 * due to enter there now: its entry hexes as the engine gives them, an assault plan's Area). */
static gboolean
cavalry_held (const GbacwGame *game, int side, const GArray *hexes)
{
  for (guint i = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *c = g_ptr_array_index (game->units, i);
      g_autoptr (GArray) entries = NULL;
      if (c->side != side || c->type != GBACW_UNIT_CAVALRY || c->presence != GBACW_PRESENCE_NOT_ARRIVED
          || c->reinforcement < 0 || c->formation == GBACW_FORMATION_STATE_DISMOUNTED)
        continue;
      entries = gbacw_movement_entry_hexes (game, c->index, NULL);
      for (guint k = 0; k < entries->len; k++)
        if (contains (hexes, g_array_index (entries, int, k)))
          return TRUE;
    }
  return FALSE;
}

static gboolean
direction_off_map (GbacwGame *game, gpointer data, const GArray *units, int hex)
{
  const Direction *d = data;
  int unit = leading_unit (game, units);
  g_autofree char *from = gbacw_game_hex_label (game, hex);
  gboolean reenter;

  if (d->off_map == OFF_CAPTURE || unit < 0)
    return FALSE;
  reenter = d->reenter && d->arrival[unit] && gbacw_game_unit (game, unit)->reinforcement >= 0
            && contains (g_ptr_array_index (d->targets, unit), hex)
            && cavalry_held (game, gbacw_game_unit (game, unit)->side, g_ptr_array_index (d->targets, unit));
  for (guint i = 0; i < units->len; i++)
    {
      GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (units, int, i));
      g_autofree char *label = gbacw_game_unit_label (game, u->index);
      if (u->hex < 0)
        continue;
      if (u->type == GBACW_UNIT_LEADER)
        {
          /* a leader goes with his units (no casualty: he is not replaced) */
          gbacw_game_remove_unit (game, u->index, reenter ? GBACW_PRESENCE_NOT_ARRIVED : GBACW_PRESENCE_EXITED);
          gbacw_game_log (game, d->rule_case, _("%s leaves the map from %s with the retreating units"), label, from);
          continue;
        }
      if (reenter)
        {
          gbacw_game_remove_unit (game, u->index, GBACW_PRESENCE_NOT_ARRIVED);
          d->on_map[u->index] = FALSE;
          gbacw_game_log (game, "C 27.3",
                          _("%s retreats off the map from %s into an Assault Area where cavalry is held: it may enter "
                            "again in a later Movement Phase"), label, from);
        }
      else if (d->off_map == OFF_STRATEGIC)
        {
          gbacw_game_remove_unit (game, u->index, GBACW_PRESENCE_EXITED);
          gbacw_game_log (game, d->rule_case, _("%s retreats off the map from %s: strategic retreat (24.2)"), label,
                          from);
        }
      else
        {
          if (u->type == GBACW_UNIT_ARTILLERY)
            {
              u->killed += u->guns;
              u->guns = 0;
            }
          else
            {
              u->killed += u->strength;
              u->strength = 0;
            }
          gbacw_game_remove_unit (game, u->index, GBACW_PRESENCE_ELIMINATED);
          gbacw_game_log (game, d->rule_case, _("%s is forced to retreat off the map from %s and is eliminated"), label,
                          from);
        }
    }
  return TRUE;
}

/* C 27.1: a unit retreating toward its Assault Area of arrival: the one it entered through,
 * which an assault plan (C 29.2, 29.5, 30.2) may make another than its group's. */
static void
direction_action_done (GbacwGame *game, gpointer data, const GbacwAction *action)
{
  Direction *d = data;

  if (action->kind != GBACW_ACTION_MOVE || action->move.units == NULL || action->move.path == NULL
      || action->move.path->len == 0)
    return;
  for (guint i = 0; i < action->move.units->len; i++)
    {
      int unit = g_array_index (action->move.units, int, i);
      GArray **slot;
      g_autoptr (GArray) entry = NULL;
      if (unit < 0 || (guint) unit >= game->units->len || !d->arrival[unit] || d->on_map[unit]
          || gbacw_game_unit (game, unit)->hex < 0)
        continue;
      d->on_map[unit] = TRUE;
      entry = g_array_new (FALSE, FALSE, sizeof (int));
      g_array_append_val (entry, g_array_index (action->move.path, int, 0));
      slot = (GArray **) &g_ptr_array_index (d->targets, unit);
      if (*slot)
        g_array_unref (*slot);
      *slot = areas_holding (game, entry);
    }
}

/* C 27.3: a mounted cavalry unit not arrived, held off the map where its group enters, is
 * what lets the units retreating off the map there enter again (cavalry_held ()). */
static const char *
direction_entry_refuge (const GbacwGame *game, gpointer data, int unit)
{
  const Direction *d = data;
  const GbacwGameUnit *c = unit >= 0 && (guint) unit < game->units->len ? gbacw_game_unit (game, unit) : NULL;

  if (!d->reenter || c == NULL || c->type != GBACW_UNIT_CAVALRY || c->presence != GBACW_PRESENCE_NOT_ARRIVED
      || c->reinforcement < 0 || c->formation == GBACW_FORMATION_STATE_DISMOUNTED)
    return NULL;
  return "C 27.3";
}

/* The targets of a unit of arrival change when it enters (direction_action_done ()). */
static gboolean
direction_copy_state (GbacwGame *to, gpointer to_data, const GbacwGame *from,
                      gconstpointer from_data)
{
  Direction *t = to_data;
  const Direction *f = from_data;
  guint n = MIN (to->units->len, from->units->len);

  GBACW_COPY_ARRAY (t->on_map, f->on_map, n);
  for (guint i = 0; i < n && i < t->targets->len && i < f->targets->len; i++)
    if (f->arrival[i])
      {
        GArray **slot = (GArray **) &g_ptr_array_index (t->targets, i);
        const GArray *theirs = g_ptr_array_index (f->targets, i);
        if (*slot)
          g_array_unref (*slot);
        *slot = theirs ? g_array_copy ((GArray *) theirs) : NULL;
      }
  return TRUE;
}

const GbacwRuleHooks gbacw_rule_retreat_direction = {
  .id = "retreat-direction",
  .init = direction_init,
  .finalize = direction_finalize,
  .copy_state = direction_copy_state,
  .retreat_end = direction_end,
  .retreat_preference = direction_preference,
  .retreat_off_map = direction_off_map,
  .action_done = direction_action_done,
  .entry_refuge = direction_entry_refuge,
};
