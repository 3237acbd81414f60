/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-cmd-combat.c: "gbacw fire" and "gbacw melee" — a fire or a melee worked out
 * by the engine without playing a game to it: every number the editor's test play
 * shows before the roll, and the result of each die roll 1-6.
 *
 * The game is played without orders to the phase the combat needs, in the first
 * Game-Turn (the Initial Command Phase's command check included): fire in the firing
 * side's Offensive Fire Phase (--phase defensive: the other side's Defensive Fire
 * Phase), melee in the attacking side's Retreat Before Melee Phase, where it is
 * announced (12.8). --status sets unit states in a hex first. --rapid and --double-shot
 * ask a battery's option (C 24.1 rapid fire, J 21.4 double shot) for the firers named, or
 * for every firer the scenario's rule allows it to ("all"); without them the output says
 * which firers may use one (the engine's answer: gbacw_fire_rapid_allowed (),
 * gbacw_fire_double_shot_allowed ()).
 *
 * Exit status: 0 success, 1 bad input or a fire or melee the rules do not allow (the
 * reason and its case on standard error), 2 usage error.
 */
#define G_LOG_DOMAIN "gbacw-cmd-combat"

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <glib.h>
#include <glib/gi18n.h>
#include <stdlib.h>
#include <string.h>

#include "gbacw-combat-charts.h"
#include "gbacw-fire.h"
#include "gbacw-game.h"
#include "gbacw-melee.h"
#include "gbacw-query.h"
#include "gbacw-report.h"
#include "gbacw-scenario-io.h"

int gbacw_cmd_fire (int argc, char **argv);
int gbacw_cmd_melee (int argc, char **argv);

enum { EXIT_OK = 0, EXIT_BAD_INPUT = 1, EXIT_USAGE = 2 };

static int
usage (GOptionContext *context, const char *message)
{
  g_autofree char *help = g_option_context_get_help (context, TRUE, NULL);
  g_printerr ("gbacw: %s\n\n%s", message, help);
  return EXIT_USAGE;
}

static int
bad_input (const char *file, const char *message)
{
  g_printerr ("gbacw: %s: %s\n", file, message);
  return EXIT_BAD_INPUT;
}

/* Hex labels separated by commas, to hex indexes. */
static GArray *
parse_hexes (const GbacwScenario *s, const char *list, GError **error)
{
  g_auto (GStrv) labels = g_strsplit (list, ",", -1);
  g_autoptr (GArray) hexes = g_array_new (FALSE, FALSE, sizeof (int));

  for (guint i = 0; labels[i]; i++)
    {
      GbacwHex hex;
      int index;
      if (!gbacw_hex_grid_parse_label (&s->map->grid, g_strstrip (labels[i]), &hex, error))
        return NULL;
      index = gbacw_hex_grid_index (&s->map->grid, hex);
      if (index < 0)
        {
          g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_INVALID, _("Hex %s is not on the map"), labels[i]);
          return NULL;
        }
      g_array_append_val (hexes, index);
    }
  return g_steal_pointer (&hexes);
}

/* The side of the top combat unit in hex; -1. */
static int
hex_side (GbacwGame *game, int hex)
{
  const GArray *stack = gbacw_game_stack (game, hex);

  for (guint i = 0; stack && i < stack->len; i++)
    {
      const GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (stack, int, i));
      if (gbacw_game_is_combat_unit (u))
        return u->side;
    }
  return -1;
}

/* --status HEX=STATE[+STATE],…: pinned, routed, depleted (ammunition, 11.2),
 * out-of-command (17.11) for every unit in the hex. */
static gboolean
apply_statuses (GbacwGame *game, const char *list, GError **error)
{
  g_auto (GStrv) items = g_strsplit (list, ",", -1);

  for (guint i = 0; items[i]; i++)
    {
      g_auto (GStrv) parts = g_strsplit (items[i], "=", 2);
      g_autoptr (GArray) hexes = NULL;
      g_auto (GStrv) states = NULL;
      const GArray *stack;

      if (parts[0] == NULL || parts[1] == NULL)
        {
          g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_INVALID,
                       _("--status takes HEX=STATE (pinned, routed, depleted, out-of-command), not “%s”"), items[i]);
          return FALSE;
        }
      hexes = parse_hexes (game->scenario, parts[0], error);
      if (hexes == NULL)
        return FALSE;
      stack = gbacw_game_stack (game, g_array_index (hexes, int, 0));
      states = g_strsplit (parts[1], "+", -1);
      for (guint k = 0; states[k]; k++)
        for (guint u = 0; stack && u < stack->len; u++)
          {
            GbacwGameUnit *unit = gbacw_game_unit (game, g_array_index (stack, int, u));
            if (g_str_equal (states[k], "pinned"))
              unit->status |= GBACW_STATUS_PINNED;
            else if (g_str_equal (states[k], "routed"))
              unit->status |= GBACW_STATUS_ROUTED;
            else if (g_str_equal (states[k], "depleted"))
              unit->status |= GBACW_STATUS_AMMO_DEPLETED;
            else if (g_str_equal (states[k], "out-of-command"))
              unit->out_of_command = TRUE;
            else
              {
                g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_INVALID,
                             _("Unknown unit state “%s” (pinned, routed, depleted, out-of-command)"), states[k]);
                return FALSE;
              }
          }
    }
  return TRUE;
}

/* Unit ids separated by commas, to unit indexes; "ID=N" commits N Strength Points or
 * guns (9.45: split fire) into *strengths when it is not NULL (0: all it has). */
static GArray *
parse_units (GbacwGame *game, const char *list, GArray **strengths, GError **error)
{
  g_auto (GStrv) ids = g_strsplit (list, ",", -1);
  g_autoptr (GArray) units = g_array_new (FALSE, FALSE, sizeof (int));

  if (strengths)
    *strengths = g_array_new (FALSE, FALSE, sizeof (double));
  for (guint i = 0; ids[i]; i++)
    {
      char *equals = strchr (ids[i], '=');
      double strength = 0;
      GbacwGameUnit *u;
      if (equals && strengths)
        {
          char *end = NULL;
          *equals = '\0';
          strength = g_ascii_strtod (equals + 1, &end);
          if (end == equals + 1 || *end != '\0' || strength <= 0)
            {
              g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_INVALID,
                           _("“%s” is not a strength to commit (ID=N, N above 0)"), equals + 1);
              return NULL;
            }
        }
      u = gbacw_game_find_unit (game, g_strstrip (ids[i]));
      if (u == NULL)
        {
          g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_INVALID, _("No unit “%s” in the order of battle"),
                       ids[i]);
          return NULL;
        }
      g_array_append_val (units, u->index);
      if (strengths)
        g_array_append_val (*strengths, strength);
    }
  return g_steal_pointer (&units);
}

/* A key of an object, after a comma unless it is the object's first. */
static void
json_key (GString *out, const char *key)
{
  if (out->len > 0 && out->str[out->len - 1] != '{' && out->str[out->len - 1] != '['
      && !g_str_has_suffix (out->str, ", "))
    g_string_append (out, ", ");
  gbacw_json_append_string (out, key);
  g_string_append (out, ": ");
}

static void
json_string (GString *out, const char *key, const char *value)
{
  json_key (out, key);
  if (value)
    gbacw_json_append_string (out, value);
  else
    g_string_append (out, "null");
}

static void
json_number (GString *out, const char *key, double value)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  json_key (out, key);
  g_string_append (out, g_ascii_dtostr (buf, sizeof buf, value));
}

/* The case of an exclusive rule: its "case" parameter, else its id. */
static const char *
exclusive_case (const GbacwScenario *s, const char *rule)
{
  for (guint i = 0; i < s->exclusive_rules->len; i++)
    {
      const GbacwExclusiveRule *r = g_ptr_array_index (s->exclusive_rules, i);
      if (g_strcmp0 (r->id, rule) != 0)
        continue;
      for (guint k = 0; r->params && k < r->params->len; k++)
        {
          const GbacwParam *p = g_ptr_array_index (r->params, k);
          if (g_strcmp0 (p->name, "case") == 0)
            return p->value;
        }
    }
  return rule;
}

static const char *
direction_name (GbacwGame *game, int d)
{
  return d >= 0 ? gbacw_hex_direction_name (game->scenario->map->grid.orientation, d) : "?";
}

static gboolean
parse_format (const char *format, gboolean *json)
{
  *json = format && g_str_equal (format, "json");
  return format == NULL || g_str_equal (format, "text") || *json;
}

/* Loads FILE and starts a game; EXIT_OK or the exit status of an error already reported. */
static int
open_game (const char *file, GbacwScenario **scenario, GbacwGame **game)
{
  g_autoptr (GError) error = NULL;

  *scenario = gbacw_scenario_load_file (file, &error);
  if (*scenario == NULL)
    return bad_input (file, error->message);
  *game = gbacw_game_new (*scenario, 1, &error);
  if (*game == NULL)
    return bad_input (file, error->message);
  return EXIT_OK;
}

/* Parses the options; EXIT_OK, or the exit status of a usage error already reported. */
static int
parse_options (GOptionContext *context, int *argc, char ***argv)
{
  g_autoptr (GError) error = NULL;

  if (!g_option_context_parse (context, argc, argv, &error))
    return usage (context, error->message);
  if (*argc != 2)
    return usage (context, *argc < 2 ? _("Missing arguments") : _("Too many arguments"));
  return EXIT_OK;
}

/* Checks the arguments both commands share (after parse_options ()) and starts the game: the acting hexes and
 * the target hex (from the options named from_name and to_name), the acting side (that
 * of the first hex's top combat unit; no_unit_case cites the case when there is none),
 * the game played to phase with the acting side phasing (or the enemy, enemy_phasing),
 * --status applied. EXIT_OK, or the exit status of an error already reported. */
static int
start_combat (GOptionContext *context, char **argv, const char *from, const char *to, const char *from_name,
              const char *to_name, const char *format, const char *statuses, GbacwPhase phase, gboolean enemy_phasing,
              const char *no_unit_case, gboolean *json, GbacwScenario **s, GbacwGame **game, GArray **hexes, int *target,
              int *side)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) targets = NULL;
  int status;

  if (from == NULL || to == NULL)
    {
      g_autofree char *message = g_strdup_printf (_("--%s and --%s are required"), from_name, to_name);
      return usage (context, message);
    }
  if (!parse_format (format, json))
    return usage (context, _("--format must be text or json"));
  if ((status = open_game (argv[1], s, game)) != EXIT_OK)
    return status;
  *hexes = parse_hexes (*s, from, &error);
  targets = *hexes ? parse_hexes (*s, to, &error) : NULL;
  if (targets == NULL)
    return bad_input (argv[1], error->message);
  if (targets->len != 1)
    {
      g_autofree char *message = g_strdup_printf (_("--%s takes one hex"), to_name);
      return usage (context, message);
    }
  *target = g_array_index (targets, int, 0);
  *side = hex_side (*game, g_array_index (*hexes, int, 0));
  if (*side < 0)
    {
      g_autofree char *label = gbacw_game_hex_label (*game, g_array_index (*hexes, int, 0));
      g_autofree char *message = g_strdup_printf (_("[%s] There is no combat unit in %s"), no_unit_case, label);
      return bad_input (argv[1], message);
    }
  if (!gbacw_query_play_to_phase (*game, phase, enemy_phasing ? 1 - *side : *side, &error)
      || (statuses && !apply_statuses (*game, statuses, &error)))
    return bad_input (argv[1], error->message);
  return EXIT_OK;
}

/* ---------------------------------------------------------------- fire */

/* The units that fire by default: the firing side's combat units in the hexes, small
 * arms if there are any, else artillery (9.41: they never fire together). */
static GArray *
default_firers (GbacwGame *game, const GArray *hexes, int side)
{
  GArray *units = g_array_new (FALSE, FALSE, sizeof (int));
  gboolean small_arms = FALSE;

  for (int pass = 0; pass < 2; pass++)
    for (guint h = 0; h < hexes->len; h++)
      {
        const GArray *stack = gbacw_game_stack (game, g_array_index (hexes, int, h));
        for (guint i = 0; stack && i < stack->len; i++)
          {
            const GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (stack, int, i));
            gboolean is_small_arms = u->type == GBACW_UNIT_INFANTRY || u->type == GBACW_UNIT_CAVALRY;
            if (u->side != side || !gbacw_game_is_combat_unit (u) || u->type == GBACW_UNIT_WAGON)
              continue;
            if (pass == 0)
              small_arms |= is_small_arms;
            else if (is_small_arms == small_arms)
              g_array_append_val (units, u->index);
          }
      }
  return units;
}

/* The strength leaving through each firing hex's hexside (9.3). */
typedef struct {
  int hex, direction;
  double strength;
} HexsideFire;

static GArray *
per_hexside (const GbacwFireResolution *res)
{
  GArray *sides = g_array_new (FALSE, FALSE, sizeof (HexsideFire));

  for (guint i = 0; i < res->contributions->len; i++)
    {
      const GbacwFireContribution *c = &g_array_index (res->contributions, GbacwFireContribution, i);
      guint k;
      for (k = 0; k < sides->len; k++)
        {
          HexsideFire *side = &g_array_index (sides, HexsideFire, k);
          if (side->hex == c->hex && side->direction == c->direction)
            {
              side->strength += c->strength;
              break;
            }
        }
      if (k == sides->len)
        {
          HexsideFire side = { c->hex, c->direction, c->strength };
          g_array_append_val (sides, side);
        }
    }
  return sides;
}

static const char *
modifier_kind (GbacwFireModifierKind kind)
{
  switch (kind)
    {
    case GBACW_FIRE_MODIFIER_STRENGTH:
      return "strength";
    case GBACW_FIRE_MODIFIER_SHIFT:
      return "shift";
    case GBACW_FIRE_MODIFIER_DRM:
    default:
      return "drm";
    }
}

/* The CRT column heading (the strengths it covers) and the six results. */
static void
roll_results (GbacwGame *game, const GbacwFireResolution *res, const GbacwFireRoll *roll, char **heading,
              char *results[6])
{
  const GbacwChart *chart = gbacw_scenario_find_chart (game->scenario, "fire-crt");
  const char *value = NULL;

  if (chart && roll->column >= 0 && roll->column < (int) chart->columns->len)
    value = gbacw_chart_value (game->scenario, "fire-crt", roll->grapeshot ? "grapeshot" : "small-arms",
                               g_ptr_array_index (chart->columns, roll->column), NULL);
  *heading = g_strdup (value ? value : "?");
  for (int die = 1; die <= 6; die++)
    {
      GbacwCrtResult result;
      results[die - 1] = gbacw_fire_crt_result (game->scenario, roll->column, gbacw_fire_modified_die (res, die), &result,
                                                NULL)
                           ? gbacw_crt_result_to_string (&result) : g_strdup ("?");
    }
}

static int
net_shift (const GbacwFireResolution *res, const GbacwFireRoll *roll)
{
  return res->density_shift + res->terrain_shift + res->hook_shift + roll->enfilade_shift;
}

/* The firers that may use a battery's option at target now, each asked of the engine:
 * rapid fire (C 24.1) when rapid, else double shot (J 21.4). (int unit indices) */
static GArray *
option_firers (GbacwGame *game, const GArray *firers, int target, gboolean rapid)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (int));

  for (guint i = 0; i < firers->len; i++)
    {
      const GbacwFirer *f = &g_array_index (firers, GbacwFirer, i);
      const GbacwGameUnit *u = gbacw_game_unit (game, f->unit);
      gboolean may;
      if (u->type != GBACW_UNIT_ARTILLERY || u->hex < 0)
        continue;
      may = rapid ? gbacw_fire_rapid_allowed (game, f->unit, target, NULL)
                  : gbacw_fire_double_shot_allowed (game, f->unit, gbacw_game_distance (game, u->hex, target), FALSE);
      if (may)
        g_array_append_val (out, f->unit);
    }
  return out;
}

/* --rapid / --double-shot: "all" (every firer the rules allow it to) or unit ids among the
 * firers; marks them. FALSE with error for an id that is not a firer. */
static gboolean
mark_option (GbacwGame *game, GArray *firers, const char *list, int target, gboolean rapid, GError **error)
{
  g_auto (GStrv) ids = NULL;

  if (list == NULL)
    return TRUE;
  if (g_str_equal (list, "all"))
    {
      g_autoptr (GArray) allowed = option_firers (game, firers, target, rapid);
      for (guint i = 0; i < firers->len; i++)
        for (guint k = 0; k < allowed->len; k++)
          if (g_array_index (allowed, int, k) == g_array_index (firers, GbacwFirer, i).unit)
            {
              if (rapid)
                g_array_index (firers, GbacwFirer, i).rapid = TRUE;
              else
                g_array_index (firers, GbacwFirer, i).double_shot = TRUE;
            }
      return TRUE;
    }
  ids = g_strsplit (list, ",", -1);
  for (guint i = 0; ids[i]; i++)
    {
      GbacwGameUnit *u = gbacw_game_find_unit (game, g_strstrip (ids[i]));
      gboolean found = FALSE;
      for (guint k = 0; u && k < firers->len; k++)
        if (g_array_index (firers, GbacwFirer, k).unit == u->index)
          {
            found = TRUE;
            if (rapid)
              g_array_index (firers, GbacwFirer, k).rapid = TRUE;
            else
              g_array_index (firers, GbacwFirer, k).double_shot = TRUE;
          }
      if (!found)
        {
          g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_INVALID,
                       rapid ? _("--rapid: “%s” is not one of the firers") : _("--double-shot: “%s” is not one of the firers"),
                       ids[i]);
          return FALSE;
        }
    }
  return TRUE;
}

/* The firers that asked for an option (C 24.1 rapid, else J 21.4 double shot). */
static GArray *
asked_option (const GArray *firers, gboolean rapid)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (int));

  for (guint i = 0; i < firers->len; i++)
    {
      const GbacwFirer *f = &g_array_index (firers, GbacwFirer, i);
      if (rapid ? f->rapid : f->double_shot)
        g_array_append_val (out, f->unit);
    }
  return out;
}

static void
print_unit_list (GbacwGame *game, const char *heading, const GArray *units)
{
  if (units->len == 0)
    return;
  g_print ("%s", heading);
  for (guint i = 0; i < units->len; i++)
    {
      g_autofree char *label = gbacw_game_unit_label (game, g_array_index (units, int, i));
      g_print ("%s%s", i ? ", " : " ", label);
    }
  g_print ("\n");
}

static void
json_unit_ids (GString *out, GbacwGame *game, const char *key, const GArray *units)
{
  json_key (out, key);
  g_string_append (out, "[");
  for (guint i = 0; i < units->len; i++)
    {
      g_autofree char *quoted = g_strescape (gbacw_game_unit (game, g_array_index (units, int, i))->oob->id, NULL);
      g_string_append_printf (out, "%s\"%s\"", i ? ", " : "", quoted);
    }
  g_string_append (out, "], ");
}

/* What the firers may ask for and what they asked (C 24.1, J 21.4): the four lists. */
typedef struct {
  GArray *may_rapid, *may_double_shot, *rapid, *double_shot;
} FireOptions;

static void
fire_options_clear (FireOptions *o)
{
  g_clear_pointer (&o->may_rapid, g_array_unref);
  g_clear_pointer (&o->may_double_shot, g_array_unref);
  g_clear_pointer (&o->rapid, g_array_unref);
  g_clear_pointer (&o->double_shot, g_array_unref);
}

static void
print_fire_options_text (GbacwGame *game, const FireOptions *o)
{
  print_unit_list (game, _("Rapid fire (C 24.1):"), o->rapid);
  print_unit_list (game, _("Double shot (J 21.4):"), o->double_shot);
  if (o->rapid->len == 0)
    print_unit_list (game, _("May rapid-fire (C 24.1, --rapid):"), o->may_rapid);
  if (o->double_shot->len == 0)
    print_unit_list (game, _("May fire double shot (J 21.4, --double-shot):"), o->may_double_shot);
}

static void
print_fire_text (GbacwGame *game, const GbacwFireResolution *res)
{
  g_autofree char *target = gbacw_game_hex_label (game, res->target_hex);
  g_autoptr (GArray) sides = per_hexside (res);

  g_print (res->artillery ? _("Artillery fire at %s (%s, Game-Turn %d, %s)\n") : _("Small-arms fire at %s (%s, Game-Turn %d, %s)\n"),
           target, gbacw_game_side_name (game, res->firing_side), game->turn, gbacw_phase_name (game->phase));
  for (guint i = 0; i < res->contributions->len; i++)
    {
      const GbacwFireContribution *c = &g_array_index (res->contributions, GbacwFireContribution, i);
      g_autofree char *label = gbacw_game_unit_label (game, c->unit);
      g_autofree char *from = gbacw_game_hex_label (game, c->hex);
      GbacwLosResult los;
      gbacw_fire_los (game, c->hex, res->target_hex, &los);
      /* TRANSLATORS: a firer's part: unit, hex, hexside, strength × multiplier at range = strength (9.25) */
      g_print (g_dngettext (GETTEXT_PACKAGE, "• %s from %s through %s: %g × %g at %d hex = %g (9.25)",
                            "• %s from %s through %s: %g × %g at %d hexes = %g (9.25)", c->range), label, from,
               direction_name (game, c->direction), c->committed, c->multiplier, c->range, c->base_strength);
      if (c->strength != c->base_strength)
        g_print (_(", %g with exclusive rules"), c->strength);
      if (los.adjacent)
        g_print (_("; adjacent (9.24)\n"));
      else
        g_print (_("; line of sight clear (9.73: H %d, D %d)\n"), los.H, los.D);
    }
  g_print ("%s", _("Strength per frontal hexside (9.3):"));
  for (guint k = 0; k < sides->len; k++)
    {
      const HexsideFire *side = &g_array_index (sides, HexsideFire, k);
      g_autofree char *from = gbacw_game_hex_label (game, side->hex);
      g_print (" %s %s %g", from, direction_name (game, side->direction), side->strength);
    }
  g_print ("\n");
  g_print (g_dngettext (GETTEXT_PACKAGE, "Total %g at %d hex, on the %s row (9.14, 9.15)\n",
                        "Total %g at %d hexes, on the %s row (9.14, 9.15)\n", res->min_range), res->total, res->min_range,
           res->rolls->len > 0 && g_array_index (res->rolls, GbacwFireRoll, 0).grapeshot
             ? _("grapeshot") : _("small-arms and counter-battery"));
  g_print (_("Density: %d SP in the hex: %+d (8.35)\n"), res->density_sp, res->density_shift);
  g_print (_("Terrain: %+d (9.5)\n"), res->terrain_shift);
  for (guint i = 0; i < res->modifiers->len; i++)
    {
      const GbacwFireModifier *m = &g_array_index (res->modifiers, GbacwFireModifier, i);
      const char *rule_case = exclusive_case (game->scenario, m->rule);
      if (m->kind == GBACW_FIRE_MODIFIER_STRENGTH)
        {
          g_autofree char *label = gbacw_game_unit_label (game, m->unit);
          g_print (_("Exclusive rule %s: %s fires %g instead of %g [%s]\n"), m->rule, label, m->after, m->before,
                   rule_case);
        }
      else
        g_print (m->kind == GBACW_FIRE_MODIFIER_SHIFT ? _("Exclusive rule %s: column shift %+d [%s]\n")
                                                      : _("Exclusive rule %s: %+d to the die [%s]\n"),
                 m->rule, m->value, rule_case);
    }
  for (guint r = 0; r < res->rolls->len; r++)
    {
      const GbacwFireRoll *roll = &g_array_index (res->rolls, GbacwFireRoll, r);
      g_autofree char *unit = gbacw_game_unit_label (game, roll->unit);
      g_autofree char *heading = NULL;
      char *results[6];
      int net = net_shift (res, roll);

      g_print (res->per_unit ? _("At %s (8.22):\n") : _("At %s, the top unit (8.21):\n"), unit);
      g_print (roll->enfiladed ? _("  Enfilade: %+d (7.23)\n") : _("  No enfilade (7.23): %+d\n"), roll->enfilade_shift);
      roll_results (game, res, roll, &heading, results);
      g_print (_("  Net shift %+d, at most two columns (9.51): %+d; column %d of %d (%s)\n"), net, CLAMP (net, -2, 2),
               roll->column + 1, res->n_columns, heading);
      g_print ("  ");
      for (int die = 1; die <= 6; die++)
        {
          int modified = gbacw_fire_modified_die (res, die);
          if (modified != die)
            g_print (_("%s%d (%d): %s"), die > 1 ? "  " : "", die, modified, results[die - 1]);
          else
            /* TRANSLATORS: a die roll and its Fire CRT result, "4: P/R" */
            g_print (_("%s%d: %s"), die > 1 ? "  " : "", die, results[die - 1]);
          g_free (results[die - 1]);
        }
      g_print (_(" (9.16)\n"));
    }
}

static void
print_fire_json (GbacwGame *game, const GbacwFireResolution *res, const FireOptions *options)
{
  g_autoptr (GString) out = g_string_new ("{");
  g_autofree char *target = gbacw_game_hex_label (game, res->target_hex);
  g_autoptr (GArray) sides = per_hexside (res);

  json_string (out, "target", target);
  json_unit_ids (out, game, "rapid", options->rapid);
  json_unit_ids (out, game, "may_rapid", options->may_rapid);
  json_unit_ids (out, game, "double_shot", options->double_shot);
  json_unit_ids (out, game, "may_double_shot", options->may_double_shot);
  json_string (out, "side", gbacw_game_side_name (game, res->firing_side));
  json_number (out, "turn", game->turn);
  json_string (out, "phase", gbacw_phase_name (game->phase));
  json_key (out, "artillery");
  g_string_append (out, res->artillery ? "true" : "false");
  json_key (out, "firers");
  g_string_append (out, "[");
  for (guint i = 0; i < res->contributions->len; i++)
    {
      const GbacwFireContribution *c = &g_array_index (res->contributions, GbacwFireContribution, i);
      g_autofree char *from = gbacw_game_hex_label (game, c->hex);
      g_string_append (out, i ? ", {" : "{");
      json_string (out, "unit", gbacw_game_unit (game, c->unit)->oob->id);
      json_string (out, "hex", from);
      json_string (out, "hexside", direction_name (game, c->direction));
      json_number (out, "committed", c->committed);
      json_number (out, "range", c->range);
      json_number (out, "multiplier", c->multiplier);
      json_number (out, "base_strength", c->base_strength);
      json_number (out, "strength", c->strength);
      g_string_append (out, "}");
    }
  g_string_append (out, "], ");
  json_key (out, "per_hexside");
  g_string_append (out, "[");
  for (guint k = 0; k < sides->len; k++)
    {
      const HexsideFire *side = &g_array_index (sides, HexsideFire, k);
      g_autofree char *from = gbacw_game_hex_label (game, side->hex);
      g_string_append (out, k ? ", {" : "{");
      json_string (out, "hex", from);
      json_string (out, "hexside", direction_name (game, side->direction));
      json_number (out, "strength", side->strength);
      g_string_append (out, "}");
    }
  g_string_append (out, "], ");
  json_number (out, "total", res->total);
  json_number (out, "min_range", res->min_range);
  json_number (out, "density_sp", res->density_sp);
  json_number (out, "density_shift", res->density_shift);
  json_number (out, "terrain_shift", res->terrain_shift);
  json_number (out, "exclusive_shift", res->hook_shift);
  json_number (out, "drm", res->drm);
  json_key (out, "exclusive");
  g_string_append (out, "[");
  for (guint i = 0; i < res->modifiers->len; i++)
    {
      const GbacwFireModifier *m = &g_array_index (res->modifiers, GbacwFireModifier, i);
      g_string_append (out, i ? ", {" : "{");
      json_string (out, "rule", m->rule);
      json_string (out, "case", exclusive_case (game->scenario, m->rule));
      json_string (out, "kind", modifier_kind (m->kind));
      if (m->kind == GBACW_FIRE_MODIFIER_STRENGTH)
        {
          json_string (out, "unit", gbacw_game_unit (game, m->unit)->oob->id);
          json_number (out, "before", m->before);
          json_number (out, "after", m->after);
        }
      else
        json_number (out, "value", m->value);
      g_string_append (out, "}");
    }
  g_string_append (out, "], ");
  json_key (out, "rolls");
  g_string_append (out, "[");
  for (guint r = 0; r < res->rolls->len; r++)
    {
      const GbacwFireRoll *roll = &g_array_index (res->rolls, GbacwFireRoll, r);
      g_autofree char *heading = NULL;
      char *results[6];
      int net = net_shift (res, roll);

      roll_results (game, res, roll, &heading, results);
      g_string_append (out, r ? ", {" : "{");
      json_string (out, "target_unit", gbacw_game_unit (game, roll->unit)->oob->id);
      json_string (out, "row", roll->grapeshot ? "grapeshot" : "small-arms");
      json_key (out, "enfiladed");
      g_string_append (out, roll->enfiladed ? "true" : "false");
      json_number (out, "enfilade_shift", roll->enfilade_shift);
      json_number (out, "net_shift", net);
      json_number (out, "capped_shift", CLAMP (net, -2, 2));
      json_number (out, "column", roll->column + 1);
      json_number (out, "columns", res->n_columns);
      json_string (out, "column_heading", heading);
      json_key (out, "results");
      g_string_append (out, "{");
      for (int die = 1; die <= 6; die++)
        {
          char key[2] = { (char) ('0' + die), 0 };
          json_string (out, key, results[die - 1]);
          g_free (results[die - 1]);
        }
      g_string_append (out, "}}");
    }
  g_string_append (out, "]}\n");
  g_print ("%s", out->str);
}

int
gbacw_cmd_fire (int argc, char **argv)
{
  g_autofree char *from = NULL, *at = NULL, *units = NULL, *statuses = NULL, *phase = NULL, *format = NULL;
  g_autofree char *rapid = NULL, *double_shot = NULL;
  GOptionEntry entries[] = {
    { "from", 0, 0, G_OPTION_ARG_STRING, &from, N_("The firing hexes"), N_("HEX[,HEX…]") },
    { "rapid", 0, 0, G_OPTION_ARG_STRING, &rapid,
      N_("Rapid fire (C 24.1) by these batteries, or by every firer the scenario's rule allows it to (all)"),
      N_("ID[,…]|all") },
    { "double-shot", 0, 0, G_OPTION_ARG_STRING, &double_shot,
      N_("Double shot (J 21.4) by these batteries, or by every firer the scenario's rule allows it to (all)"),
      N_("ID[,…]|all") },
    { "at", 0, 0, G_OPTION_ARG_STRING, &at, N_("The target hex"), N_("HEX") },
    { "units", 0, 0, G_OPTION_ARG_STRING, &units,
      N_("The firing units, ID=N to commit N Strength Points or guns (9.45); default: the firing side's small-arms "
         "units in the firing hexes, else its batteries, each with all it has"),
      N_("ID[=N][,…]") },
    { "status", 0, 0, G_OPTION_ARG_STRING, &statuses,
      N_("Unit states to set first: pinned, routed, depleted, out-of-command (join with +)"), N_("HEX=STATE[,…]") },
    { "phase", 0, 0, G_OPTION_ARG_STRING, &phase,
      N_("offensive (default: the firing side's Offensive Fire Phase) or defensive"), N_("PHASE") },
    { "format", 0, 0, G_OPTION_ARG_STRING, &format, N_("Output format: text (default) or json"), N_("FORMAT") },
    { NULL }
  };
  g_autoptr (GOptionContext) context
    = g_option_context_new (_("FILE --from HEX[,HEX…] --at HEX — a fire worked out: every number and each die's result"));
  g_autoptr (GError) error = NULL;
  g_autoptr (GbacwScenario) s = NULL;
  g_autoptr (GbacwGame) game = NULL;
  g_autoptr (GArray) hexes = NULL, fire_units = NULL, firers = NULL, committed = NULL;
  g_autoptr (GbacwFireResolution) res = NULL;
  FireOptions options = { NULL, NULL, NULL, NULL };
  gboolean json = FALSE, defensive;
  int side = -1, target = -1, status;

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if ((status = parse_options (context, &argc, &argv)) != EXIT_OK)
    return status;
  if (phase && !g_str_equal (phase, "offensive") && !g_str_equal (phase, "defensive"))
    return usage (context, _("--phase must be offensive or defensive"));
  defensive = phase && g_str_equal (phase, "defensive");
  status = start_combat (context, argv, from, at, "from", "at", format, statuses,
                         defensive ? GBACW_PHASE_DEFENSIVE_FIRE : GBACW_PHASE_OFFENSIVE_FIRE, defensive, "9.0", &json,
                         &s, &game, &hexes, &target, &side);
  if (status != EXIT_OK)
    return status;
  fire_units = units ? parse_units (game, units, &committed, &error) : default_firers (game, hexes, side);
  if (fire_units == NULL)
    return bad_input (argv[1], error->message);
  firers = g_array_new (FALSE, FALSE, sizeof (GbacwFirer));
  for (guint i = 0; i < fire_units->len; i++)
    {
      GbacwFirer f = { g_array_index (fire_units, int, i), committed ? g_array_index (committed, double, i) : 0, -1 };
      g_array_append_val (firers, f);
    }
  options.may_rapid = option_firers (game, firers, target, TRUE);
  options.may_double_shot = option_firers (game, firers, target, FALSE);
  if (!mark_option (game, firers, rapid, target, TRUE, &error)
      || !mark_option (game, firers, double_shot, target, FALSE, &error))
    {
      fire_options_clear (&options);
      return bad_input (argv[1], error->message);
    }
  options.rapid = asked_option (firers, TRUE);
  options.double_shot = asked_option (firers, FALSE);
  res = gbacw_fire_compute (game, target, (const GbacwFirer *) (gpointer) firers->data,
                            firers->len, &error);
  if (res == NULL)
    {
      fire_options_clear (&options);
      return bad_input (argv[1], error->message);
    }
  if (json)
    print_fire_json (game, res, &options);
  else
    {
      print_fire_text (game, res);
      print_fire_options_text (game, &options);
    }
  fire_options_clear (&options);
  return EXIT_OK;
}

/* ---------------------------------------------------------------- melee */

int
gbacw_cmd_melee (int argc, char **argv)
{
  g_autofree char *attackers = NULL, *defender = NULL, *units = NULL, *statuses = NULL, *format = NULL;
  gboolean charge = FALSE;
  GOptionEntry entries[] = {
    { "attackers", 0, 0, G_OPTION_ARG_STRING, &attackers, N_("The attacking hexes"), N_("HEX[,HEX…]") },
    { "defender", 0, 0, G_OPTION_ARG_STRING, &defender, N_("The defending hex"), N_("HEX") },
    { "units", 0, 0, G_OPTION_ARG_STRING, &units,
      N_("The attacking units (default: the attacking side's combat units in the attacking hexes)"), N_("ID[,ID…]") },
    { "charge", 0, 0, G_OPTION_ARG_NONE, &charge, N_("A cavalry charge (16.2)"), NULL },
    { "status", 0, 0, G_OPTION_ARG_STRING, &statuses,
      N_("Unit states to set first: pinned, routed, depleted, out-of-command (join with +)"), N_("HEX=STATE[,…]") },
    { "format", 0, 0, G_OPTION_ARG_STRING, &format, N_("Output format: text (default) or json"), N_("FORMAT") },
    { NULL }
  };
  g_autoptr (GOptionContext) context
    = g_option_context_new (_("FILE --attackers HEX,… --defender HEX — a melee worked out: every number and each die's result"));
  g_autoptr (GError) error = NULL;
  g_autoptr (GbacwScenario) s = NULL;
  g_autoptr (GbacwGame) game = NULL;
  g_autoptr (GArray) hexes = NULL, melee_units = NULL;
  g_autoptr (GbacwAction) declare = NULL;
  g_autofree char *target = NULL;
  GbacwMeleeOdds o;
  const char *column;
  gboolean json = FALSE;
  int side = -1, status, hex = -1;

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if ((status = parse_options (context, &argc, &argv)) != EXIT_OK)
    return status;
  /* melees are announced in the Retreat Before Melee Phase (12.8): the checks of play */
  status = start_combat (context, argv, attackers, defender, "attackers", "defender", format, statuses,
                         GBACW_PHASE_RETREAT_BEFORE_MELEE, FALSE, "12.0", &json, &s, &game, &hexes, &hex, &side);
  if (status != EXIT_OK)
    return status;
  if (units)
    melee_units = parse_units (game, units, NULL, &error);
  else
    {
      melee_units = g_array_new (FALSE, FALSE, sizeof (int));
      for (guint h = 0; h < hexes->len; h++)
        {
          const GArray *stack = gbacw_game_stack (game, g_array_index (hexes, int, h));
          for (guint i = 0; stack && i < stack->len; i++)
            {
              const GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (stack, int, i));
              if (u->side == side && gbacw_game_is_combat_unit (u) && u->type != GBACW_UNIT_WAGON)
                g_array_append_val (melee_units, u->index);
            }
        }
    }
  if (melee_units == NULL)
    return bad_input (argv[1], error->message);
  declare = gbacw_action_new_declare_melee ((const int *) (gpointer) melee_units->data, melee_units->len, hex, charge);
  if (!gbacw_game_check_action (game, declare, &error) || !gbacw_melee_odds (game, melee_units, hex, charge, &o, &error))
    return bad_input (argv[1], error->message);

  column = gbacw_melee_crt_column (s, o.differential);
  target = gbacw_game_hex_label (game, hex);
  if (json)
    {
      g_autoptr (GString) out = g_string_new ("{");
      json_string (out, "defender", target);
      json_string (out, "side", gbacw_game_side_name (game, side));
      json_key (out, "attackers");
      g_string_append (out, "[");
      for (guint i = 0; i < melee_units->len; i++)
        {
          if (i)
            g_string_append (out, ", ");
          gbacw_json_append_string (out, gbacw_game_unit (game, g_array_index (melee_units, int, i))->oob->id);
        }
      g_string_append (out, "], ");
      json_key (out, "charge");
      g_string_append (out, charge ? "true, " : "false, ");
      json_number (out, "attack", o.attack);
      json_number (out, "attack_units", o.attack_base + o.terrain);
      json_number (out, "terrain", -o.terrain);
      json_number (out, "attack_leader", o.attack_leader);
      json_number (out, "attack_morale", o.attack_morale);
      json_number (out, "defend", o.defend);
      json_number (out, "defend_units", o.defend_base);
      json_number (out, "defend_leader", o.defend_leader);
      json_number (out, "defend_morale", o.defend_morale);
      json_number (out, "differential", o.differential);
      json_string (out, "column", column);
      json_key (out, "green");
      g_string_append (out, o.green ? "true" : "false");
      json_key (out, "results");
      g_string_append (out, "{");
      for (int die = 1; die <= 6; die++)
        {
          char key[2] = { (char) ('0' + die), 0 };
          g_autofree char *a = g_strdup_printf ("%da", die), *d = g_strdup_printf ("%dd", die);
          json_key (out, key);
          g_string_append (out, "{");
          json_string (out, "attacker", column ? gbacw_chart_value (s, "melee-crt", a, column, NULL) : NULL);
          json_string (out, "defender", column ? gbacw_chart_value (s, "melee-crt", d, column, NULL) : NULL);
          g_string_append (out, "}");
        }
      g_string_append (out, "}}\n");
      g_print ("%s", out->str);
      return EXIT_OK;
    }
  g_print (charge ? _("Cavalry charge on %s (%s, Game-Turn %d)\n") : _("Melee on %s (%s, Game-Turn %d)\n"), target,
           gbacw_game_side_name (game, side), game->turn);
  for (guint i = 0; i < melee_units->len; i++)
    {
      g_autofree char *label = gbacw_game_unit_label (game, g_array_index (melee_units, int, i));
      g_print ("• %s\n", label);
    }
  g_print (_("Attack %d: units %d (12.1%s), terrain −%d (12.31), leader %+d (12.4), morale %+d (12.52)\n"), o.attack,
           o.attack_base + o.terrain, charge ? _(", 16.24") : "", o.terrain, o.attack_leader, o.attack_morale);
  g_print (_("Defence %d: units %d (12.1, 12.72), leader %+d (12.4), morale %+d (12.52)\n"), o.defend, o.defend_base,
           o.defend_leader, o.defend_morale);
  g_print (_("Differential %+d: Melee CRT column %s (12.6)\n"), o.differential, column ? column : "?");
  if (o.green)
    g_print ("%s\n", _("A green unit's morale is not known yet: one more or less (13.14)"));
  for (int die = 1; die <= 6; die++)
    {
      g_autofree char *a = g_strdup_printf ("%da", die), *d = g_strdup_printf ("%dd", die);
      const char *ra = column ? gbacw_chart_value (s, "melee-crt", a, column, NULL) : NULL;
      const char *rd = column ? gbacw_chart_value (s, "melee-crt", d, column, NULL) : NULL;
      /* TRANSLATORS: a die roll and the Melee CRT results for each side */
      g_print (_("  %d: attacker %s, defender %s\n"), die, ra ? ra : "?", rd ? rd : "?");
    }
  return EXIT_OK;
}
