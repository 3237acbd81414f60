/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-play-text.c: the game in words for test play (see gbacw-play-text.h). */
#define G_LOG_DOMAIN "gbacw-play-text"

#include "config.h"

#include <glib/gi18n.h>

#include "gbacw-combat-charts.h"
#include "gbacw-fire.h"
#include "gbacw-play-text.h"

const char *
gbacw_play_formation_name (GbacwFormationState formation)
{
  switch (formation)
    {
    case GBACW_FORMATION_STATE_LINE: return _("Line");
    case GBACW_FORMATION_STATE_COLUMN: return _("Column");
    case GBACW_FORMATION_STATE_MOUNTED: return _("Mounted");
    case GBACW_FORMATION_STATE_DISMOUNTED: return _("Dismounted");
    case GBACW_FORMATION_STATE_LIMBERED: return _("Limbered");
    case GBACW_FORMATION_STATE_UNLIMBERED: return _("Unlimbered");
    case GBACW_FORMATION_STATE_UNSET:
    default: return _("None");
    }
}

const char *
gbacw_play_presence_name (GbacwPresence presence)
{
  switch (presence)
    {
    case GBACW_PRESENCE_ON_MAP: return _("on the map");
    case GBACW_PRESENCE_NOT_ARRIVED: return _("not arrived");
    case GBACW_PRESENCE_ELIMINATED: return _("eliminated");
    case GBACW_PRESENCE_CAPTURED: return _("captured");
    case GBACW_PRESENCE_KILLED: return _("killed");
    case GBACW_PRESENCE_WOUNDED: return _("wounded");
    case GBACW_PRESENCE_EXITED: return _("left the map");
    default: return "";
    }
}

void
gbacw_play_append_status (GString *s,
                          guint    status)
{
  static const struct { guint bit; const char *name; } flags[] = {
    { GBACW_STATUS_ROUTED, N_("routed") },
    { GBACW_STATUS_PINNED, N_("pinned") },
    { GBACW_STATUS_AMMO_DEPLETED, N_("ammunition depleted") },
    { GBACW_STATUS_ENGAGED, N_("engaged") },
    { GBACW_STATUS_HALF_CREW, N_("half crew") },
    { GBACW_STATUS_ABANDONED, N_("abandoned") },
  };

  for (guint i = 0; i < G_N_ELEMENTS (flags); i++)
    if (status & flags[i].bit)
      g_string_append_printf (s, s->len ? ", %s" : "%s", _(flags[i].name));
}

/* "8 NY, 14 Oh, B 1 Oh LA" */
void
gbacw_play_append_unit_names (GString         *s,
                              const GbacwGame *game,
                              const int       *units,
                              guint            n_units)
{
  for (guint i = 0; i < n_units; i++)
    g_string_append_printf (s, s->len > 0 ? ", %s" : "%s", gbacw_play_unit_name (game, units[i]));
}

/* A hexside's name as the editor shows it (NE), not as the file writes it (ne). */
char *
gbacw_play_direction_name (const GbacwGame *game,
                           int              direction)
{
  const GbacwHexGrid *grid = game ? &game->scenario->map->grid : NULL;

  if (direction < 0 || grid == NULL)
    return g_strdup ("—");
  return g_ascii_strup (gbacw_hex_direction_name (grid->orientation, direction), -1);
}

static void
append_chart_column (GString             *s,
                     const GbacwScenario *scenario,
                     gboolean             grapeshot,
                     int                  column)
{
  const GbacwChart *chart = gbacw_scenario_find_chart (scenario, "fire-crt");
  const char *heading = NULL;

  if (chart == NULL || column < 0 || column >= (int) chart->columns->len)
    return;
  heading = gbacw_chart_value (scenario, "fire-crt", grapeshot ? "grapeshot" : "small-arms",
                               g_ptr_array_index (chart->columns, column), NULL);
  if (heading != NULL)
    /* TRANSLATORS: the CRT column's range of fire strengths, "(4-6)" */
    g_string_append_printf (s, _(" (%s)"), heading);
  /* the six results of that column */
  g_string_append (s, "\n   ");
  for (int die = 1; die <= 6; die++)
    {
      GbacwCrtResult result;
      g_autofree char *text = NULL;
      if (!gbacw_fire_crt_result (scenario, column, die, &result, NULL))
        continue;
      text = gbacw_crt_result_to_string (&result);
      /* TRANSLATORS: one die roll and its CRT result, "4: P/R" */
      g_string_append_printf (s, _(" %d: %s"), die, text);
    }
}

char *
gbacw_play_describe_fire (const GbacwGame           *game,
                          const GbacwFireResolution *res,
                          gboolean                   rolled)
{
  GString *s = g_string_new (NULL);
  g_autofree char *target = gbacw_game_hex_label (game, res->target_hex);
  int per_side[6] = { 0 };
  double side_strength[6] = { 0 };
  int top = gbacw_fire_top_unit (game, res->target_hex);

  g_string_append_printf (s, res->artillery ? _("Artillery fire at %s") : _("Small-arms fire at %s"), target);
  if (top >= 0)
    g_string_append_printf (s, " (%s)", gbacw_play_unit_name (game, top));
  g_string_append (s, "\n");
  for (guint i = 0; i < res->contributions->len; i++)
    {
      const GbacwFireContribution *c = &g_array_index (res->contributions, GbacwFireContribution, i);
      /* TRANSLATORS: a firer's part: unit, strength × multiplier at range = strength (9.25) */
      g_string_append_printf (s, g_dngettext (GETTEXT_PACKAGE, "• %s: %g × %g at %d hex = %g (9.25)\n",
                                              "• %s: %g × %g at %d hexes = %g (9.25)\n", c->range),
                              gbacw_play_unit_name (game, c->unit), c->committed, c->multiplier, c->range,
                              c->base_strength);
      /* what an exclusive rule made of it (C 24.1's rapid fire doubles it, …) */
      for (guint k = 0; k < res->modifiers->len; k++)
        {
          const GbacwFireModifier *m = &g_array_index (res->modifiers, GbacwFireModifier, k);
          if (m->kind == GBACW_FIRE_MODIFIER_STRENGTH && m->unit == c->unit && m->after != m->before)
            /* TRANSLATORS: an exclusive rule's id and a firer's strength before and after it */
            g_string_append_printf (s, _("  %s: %g → %g\n"), m->rule, m->before, m->after);
        }
      if (c->direction >= 0 && c->direction < 6)
        {
          per_side[c->direction]++;
          side_strength[c->direction] += c->strength;
        }
    }
  /* TRANSLATORS: 9.3: how much fire leaves through each of the firers' hexsides */
  g_string_append (s, _("Strength per hexside (9.3):"));
  for (int d = 0; d < 6; d++)
    if (per_side[d] > 0)
      {
        g_autofree char *name = gbacw_play_direction_name (game, d);
        g_string_append_printf (s, " %s %g", name, side_strength[d]);
      }
  g_string_append_c (s, '\n');
  g_string_append_printf (s, g_dngettext (GETTEXT_PACKAGE, "Total %g at %d hex, on the %s row (9.14, 9.15)\n",
                                          "Total %g at %d hexes, on the %s row (9.14, 9.15)\n", res->min_range),
                          res->total, res->min_range,
                          res->rolls->len > 0 && g_array_index (res->rolls, GbacwFireRoll, 0).grapeshot
                            ? _("grapeshot") : _("small-arms and counter-battery"));
  g_string_append_printf (s, _("Density: %d SP in the hex: %+d (8.35)\n"), res->density_sp, res->density_shift);
  g_string_append_printf (s, _("Terrain: %+d (9.5)\n"), res->terrain_shift);
  if (res->hook_shift != 0)
    g_string_append_printf (s, _("Exclusive rules: %+d\n"), res->hook_shift);
  for (guint i = 0; i < res->rolls->len; i++)
    {
      const GbacwFireRoll *roll = &g_array_index (res->rolls, GbacwFireRoll, i);

      if (res->per_unit)
        g_string_append_printf (s, _("At %s (8.22):\n"), gbacw_play_unit_name (game, roll->unit));
      g_string_append_printf (s, roll->enfiladed ? _("Enfilade: %+d (7.23)\n") : _("No enfilade (7.23): %+d\n"),
                              roll->enfilade_shift);
      g_string_append_printf (s, _("Net shift %+d, at most two columns (9.51): column %d of %d"),
                              res->density_shift + res->terrain_shift + res->hook_shift + roll->enfilade_shift,
                              roll->column + 1, res->n_columns);
      append_chart_column (s, game->scenario, roll->grapeshot, roll->column);
      g_string_append_c (s, '\n');
      if (rolled && roll->die > 0)
        {
          g_autofree char *result = gbacw_crt_result_to_string (&roll->result);
          g_string_append_printf (s, _("Die %d: %s (9.16)"), roll->die, result);
          if (!res->free_shot)
            g_string_append (s, _(" — applied at the end of the phase (9.42)"));
          g_string_append_c (s, '\n');
        }
    }
  if (s->len > 0 && s->str[s->len - 1] == '\n')
    g_string_truncate (s, s->len - 1);
  return g_string_free (s, FALSE);
}

char *
gbacw_play_describe_los (const GbacwGame *game,
                         int              from,
                         int              to)
{
  GbacwLosResult r;
  g_autofree char *a = gbacw_game_hex_label (game, from);
  g_autofree char *b = gbacw_game_hex_label (game, to);
  g_autofree char *at = NULL;
  GString *what = g_string_new (NULL);

  gbacw_fire_los (game, from, to, &r);
  if (r.clear)
    {
      g_string_free (what, TRUE);
      if (r.adjacent)
        return g_strdup_printf (_("Line of sight %s → %s: adjacent, clear (9.24)"), a, b);
      return g_strdup_printf (_("Line of sight %s → %s: clear (9.73: H %d, D %d)"), a, b, r.H, r.D);
    }
  at = gbacw_game_hex_label (game, r.hex);
  if (r.kind == GBACW_LOS_OBSTACLE_HEX)
    {
      if (r.obstacle_is_unit)
        g_string_append (what, _("units"));
      else
        {
          guint64 mask = game->scenario->map->terrain[r.hex];
          const GPtrArray *terrains = game->scenario->catalogue.hex_terrains;
          for (guint t = 0; t < terrains->len && t < 64; t++)
            if (mask & (G_GUINT64_CONSTANT (1) << t))
              {
                const GbacwHexTerrain *terrain = g_ptr_array_index (terrains, t);
                g_string_append_printf (what, what->len ? ", %s" : "%s", terrain->name ? terrain->name : terrain->id);
              }
        }
    }
  else if (r.kind == GBACW_LOS_OBSTACLE_HEXSIDE || r.kind == GBACW_LOS_OBSTACLE_ALONG)
    {
      guint32 mask = game->scenario->map->hexside_features[r.hexside];
      const GPtrArray *types = game->scenario->catalogue.hexside_types;
      for (guint t = 0; t < types->len && t < 32; t++)
        if (mask & (1u << t))
          {
            const GbacwHexsideType *type = g_ptr_array_index (types, t);
            g_string_append_printf (what, what->len ? ", %s" : "%s", type->name ? type->name : type->id);
          }
      if (what->len == 0)
        g_string_append (what, r.kind == GBACW_LOS_OBSTACLE_ALONG ? _("the hexes along the hexside") : _("a crest"));
      if (r.other_hex >= 0)
        {
          g_autofree char *other = gbacw_game_hex_label (game, r.other_hex);
          g_autofree char *first = gbacw_game_hex_label (game, r.hex);
          g_free (at);
          at = g_strdup_printf ("%s/%s", first, other);
        }
    }
  {
    char *text = g_strdup_printf (_("Line of sight %s → %s: blocked at %s by %s (9.73: H %d, D %d, obstacle %d ft, "
                                    "dp %g)"), a, b, at, what->str, r.H, r.D, r.hp, r.dp);
    g_string_free (what, TRUE);
    return text;
  }
}

char *
gbacw_play_describe_odds (const GbacwGame      *game,
                          const GbacwMeleeOdds *o)
{
  GString *s = g_string_new (NULL);
  const char *column = game ? gbacw_melee_crt_column (game->scenario, o->differential) : NULL;

  g_string_append_printf (s, _("Attack %d: units %d (12.1), terrain −%d (12.31), leader %+d (12.4), morale %+d (12.52)\n"),
                          o->attack, o->attack_base + o->terrain, o->terrain, o->attack_leader, o->attack_morale);
  g_string_append_printf (s, _("Defence %d: units %d (12.1, 12.72), leader %+d (12.4), morale %+d (12.52)\n"),
                          o->defend, o->defend_base, o->defend_leader, o->defend_morale);
  g_string_append_printf (s, _("Differential %+d: Melee CRT column %s (12.6)"), o->differential,
                          column ? column : "?");
  if (o->green)
    g_string_append (s, _("\nA green unit's morale is not known yet: one more or less (13.14)"));
  return g_string_free (s, FALSE);
}

/* A side's Victory Points by kind of award, as the engine counts them (gbacw-query.h). */
char *
gbacw_play_describe_vp_parts (const GbacwVictory *v,
                              int                 side)
{
  /* TRANSLATORS: the parts of a side's Victory Points */
  return g_strdup_printf (_("objectives %d, enemy losses %d, leaders %d, BCE %d, units exited %d"),
                          v->objectives[side], v->enemy_sp[side], v->leaders[side], v->bce[side], v->exited[side]);
}

/* The awards the engine leaves to the players (custom), or NULL when there are none. */
char *
gbacw_play_describe_not_computed (const GbacwVictory *v)
{
  if (v->not_computed == NULL || *v->not_computed == '\0')
    return NULL;
  /* TRANSLATORS: the scenario's custom Victory Point awards, which the engine cannot count */
  return g_strdup_printf (_("Not counted (custom awards, for the players to judge): %s"), v->not_computed);
}

/* The level, each side's VP by kind of award, the awards not counted: one per line. */
char *
gbacw_play_describe_victory (const GbacwGame    *game,
                             const GbacwVictory *v)
{
  GString *s = g_string_new (v->level ? v->level : "");
  g_autofree char *not_computed = gbacw_play_describe_not_computed (v);

  for (int side = 0; side < 2; side++)
    {
      g_autofree char *parts = gbacw_play_describe_vp_parts (v, side);
      /* TRANSLATORS: a side's Victory Points and their parts: "Union 6 VP: objectives 3, …" */
      g_string_append_printf (s, _("\n%s %d VP: %s"), gbacw_game_side_name (game, side), v->vp[side], parts);
    }
  if (not_computed != NULL)
    g_string_append_printf (s, "\n%s", not_computed);
  return g_string_free (s, FALSE);
}

gboolean
gbacw_play_is_fire_phase (const GbacwGame *game)
{
  return game != NULL && (game->phase == GBACW_PHASE_DEFENSIVE_FIRE || game->phase == GBACW_PHASE_OFFENSIVE_FIRE);
}

/* E and F: melees are declared (12.8) and resolved (12.0). */
gboolean
gbacw_play_is_melee_phase (const GbacwGame *game)
{
  return game != NULL && (game->phase == GBACW_PHASE_RETREAT_BEFORE_MELEE || game->phase == GBACW_PHASE_MELEE);
}

int
gbacw_play_human_side (GbacwPlaySession *session)
{
  GbacwGame *game = session ? gbacw_play_session_get_game (session) : NULL;
  int side;

  if (game == NULL || gbacw_game_is_over (game) || gbacw_play_session_is_replaying (session)
      || gbacw_play_session_computer_to_act (session))
    return -1;
  side = gbacw_game_decider (game);
  return side >= 0 && side < 2 ? side : -1;
}


/* The hexes the units are in, each once (the firing or attacking hexes). */
GArray *
gbacw_play_unit_hexes (const GbacwGame *game,
                       const GArray    *units)
{
  GArray *hexes = g_array_new (FALSE, FALSE, sizeof (int));

  for (guint i = 0; i < units->len; i++)
    {
      int hex = gbacw_game_unit (game, g_array_index (units, int, i))->hex;
      gboolean seen = FALSE;
      for (guint k = 0; k < hexes->len; k++)
        seen |= g_array_index (hexes, int, k) == hex;
      if (!seen && hex >= 0)
        g_array_append_val (hexes, hex);
    }
  return hexes;
}

/* The combat units among units, each firing all it has by the line of fire (9.45, 9.3). */
GArray *
gbacw_play_combat_firers (const GbacwGame *game,
                          const GArray    *units)
{
  GArray *firers = g_array_new (FALSE, FALSE, sizeof (GbacwFirer));

  for (guint i = 0; i < units->len; i++)
    {
      GbacwFirer f = { g_array_index (units, int, i), 0, -1 };
      if (gbacw_game_is_combat_unit (gbacw_game_unit (game, f.unit)))
        g_array_append_val (firers, f);
    }
  return firers;
}

guint
gbacw_play_mark_double_shot (const GbacwGame *game,
                             GArray          *firers,
                             int              target)
{
  guint n = 0;

  for (guint i = 0; i < firers->len; i++)
    {
      GbacwFirer *f = &g_array_index (firers, GbacwFirer, i);
      const GbacwGameUnit *u = gbacw_game_unit (game, f->unit);
      f->double_shot = u->hex >= 0 && target >= 0
                       && gbacw_fire_double_shot_allowed (game, f->unit, gbacw_game_distance (game, u->hex, target), FALSE);
      n += f->double_shot;
    }
  return n;
}

guint
gbacw_play_mark_rapid (GbacwGame *game,
                       GArray    *firers,
                       int        target)
{
  guint n = 0;

  if (target < 0 || !gbacw_fire_rapid_played (game))
    return 0;
  for (guint i = 0; i < firers->len; i++)
    {
      GbacwFirer *f = &g_array_index (firers, GbacwFirer, i);
      f->rapid = gbacw_game_unit (game, f->unit)->type == GBACW_UNIT_ARTILLERY
                 && gbacw_fire_rapid_allowed (game, f->unit, target, NULL);
      n += f->rapid;
    }
  return n;
}


const char *
gbacw_play_describe_uncounted_awards (const GbacwScenario *scenario)
{
  const GPtrArray *awards = scenario->vp_awards;
  guint counted = 0;

  for (guint i = 0; awards != NULL && i < awards->len; i++)
    counted += ((const GbacwVpAward *) g_ptr_array_index (awards, i))->event != GBACW_VP_CUSTOM;
  if (awards == NULL || awards->len == 0)
    return _("No victory awards are defined: every game will end 0–0. Add awards in Scenario Settings ▸ Victory.");
  if (counted == 0)
    return _("The scenario’s victory awards are all custom ones, which the computer cannot count: every game will end "
             "0–0. Add awards of another kind in Scenario Settings ▸ Victory.");
  return NULL;
}
