/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-game-record.c: the game record: saving a game as XML, loading and replaying it. */
#define G_LOG_DOMAIN "gbacw-game-record"

#include "gbacw-game.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "gbacw-game-private.h"
#include "gbacw-file-read.h"
#include "gbacw-safe-write.h"
#include "gbacw-scenario-io.h"

/* ------------------------------------------------------------------ saving */

static const char *
formation_token (GbacwFormationState formation)
{
  return gbacw_formation_state_to_string (formation);
}

static void
append_units (const GbacwGame *game, GString *s, const GArray *units)
{
  g_string_append (s, " units=\"");
  for (guint i = 0; i < units->len; i++)
    {
      g_autofree char *id = g_markup_escape_text (gbacw_game_unit (game, g_array_index (units, int, i))->id, -1);
      g_string_append_printf (s, "%s%s", i ? " " : "", id);
    }
  g_string_append_c (s, '"');
}

/* <firer> elements of a fire action or a fire answer (GbacwFirer). */
static void
write_firers (GString *s, const GbacwGame *game, const GArray *firers)
{
  GbacwGridOrientation orientation = game->scenario->map->grid.orientation;

  for (guint k = 0; k < firers->len; k++)
    {
      const GbacwFirer *f = &g_array_index (firers, GbacwFirer, k);
      g_autofree char *id = g_markup_escape_text (gbacw_game_unit (game, f->unit)->id, -1);
      char number[G_ASCII_DTOSTR_BUF_SIZE];

      g_string_append_printf (s, "    <firer unit=\"%s\" strength=\"%s\"", id,
                              g_ascii_dtostr (number, sizeof number, f->strength));
      if (f->direction >= 0)
        g_string_append_printf (s, " hexside=\"%s\"", gbacw_hex_direction_name (orientation, f->direction));
      if (f->rapid)
        g_string_append (s, " rapid=\"yes\"");
      if (f->double_shot)
        g_string_append (s, " double-shot=\"yes\"");
      g_string_append (s, "/>\n");
    }
}

char *
gbacw_game_to_xml (const GbacwGame *game, const char *scenario_path)
{
  GString *s = g_string_new ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
  GbacwGridOrientation orientation = game->scenario->map->grid.orientation;
  g_autofree char *scenario = g_markup_escape_text (scenario_path ? scenario_path : "", -1);

  g_string_append_printf (s, "<game xmlns=\"urn:gbacw:game\" version=\"1\" scenario=\"%s\" seed=\"%u\">\n", scenario,
                          gbacw_dice_get_seed (game->dice));
  for (guint i = 0; i < game->actions->len; i++)
    {
      const GbacwAction *a = g_ptr_array_index (game->actions, i);
      switch (a->kind)
        {
        case GBACW_ACTION_END_PHASE:
          g_string_append (s, "  <end-phase/>\n");
          break;
        case GBACW_ACTION_MOVE:
          g_string_append (s, "  <move");
          append_units (game, s, a->move.units);
          g_string_append (s, " path=\"");
          for (guint k = 0; k < a->move.path->len; k++)
            {
              g_autofree char *label = gbacw_game_hex_label (game, g_array_index (a->move.path, int, k));
              g_string_append_printf (s, "%s%s", k ? " " : "", label);
            }
          g_string_append_c (s, '"');
          if (a->move.facing >= 0)
            g_string_append_printf (s, " facing=\"%s\"", gbacw_hex_direction_name (orientation, a->move.facing));
          g_string_append (s, "/>\n");
          break;
        case GBACW_ACTION_CHANGE_FORMATION:
          g_string_append (s, "  <formation");
          append_units (game, s, a->formation.units);
          g_string_append_printf (s, " formation=\"%s\"/>\n", formation_token (a->formation.formation));
          break;
        case GBACW_ACTION_CHANGE_FACING:
          {
            g_autofree char *label = gbacw_game_hex_label (game, a->facing.hex);
            g_string_append_printf (s, "  <facing hex=\"%s\" facing=\"%s\"/>\n", label,
                                    gbacw_hex_direction_name (orientation, a->facing.facing));
          }
          break;
        case GBACW_ACTION_FIRE:
          {
            g_autofree char *label = gbacw_game_hex_label (game, a->fire.target);
            g_string_append_printf (s, "  <fire target=\"%s\">\n", label);
            write_firers (s, game, a->fire.firers);
            g_string_append (s, "  </fire>\n");
          }
          break;
        case GBACW_ACTION_ATTACH:
        case GBACW_ACTION_DETACH:
        case GBACW_ACTION_COMMAND_POINTS:
        case GBACW_ACTION_RALLY:
          {
            static const char *const names[] = { "attach", "detach", "command-points", "rally" };
            g_autofree char *leader = g_markup_escape_text (gbacw_game_unit (game, a->command.leader)->id, -1);
            g_string_append_printf (s, "  <%s leader=\"%s\"", names[a->kind - GBACW_ACTION_ATTACH], leader);
            if (a->command.other >= 0)
              {
                g_autofree char *other = g_markup_escape_text (gbacw_game_unit (game, a->command.other)->id, -1);
                g_string_append_printf (s, " other=\"%s\"", other);
              }
            if (a->kind == GBACW_ACTION_COMMAND_POINTS)
              g_string_append_printf (s, " points=\"%d\"", a->command.points);
            g_string_append (s, "/>\n");
          }
          break;
        case GBACW_ACTION_RESUPPLY:
          {
            g_autofree char *unit = g_markup_escape_text (gbacw_game_unit (game, a->command.leader)->id, -1);
            g_autofree char *wagon = g_markup_escape_text (gbacw_game_unit (game, a->command.other)->id, -1);
            g_string_append_printf (s, "  <resupply unit=\"%s\" wagon=\"%s\"/>\n", unit, wagon);
          }
          break;
        case GBACW_ACTION_TRANSFER_ROUNDS:
          {
            g_autofree char *from = g_markup_escape_text (gbacw_game_unit (game, a->command.leader)->id, -1);
            g_autofree char *to = g_markup_escape_text (gbacw_game_unit (game, a->command.other)->id, -1);
            g_string_append_printf (s, "  <transfer-rounds from=\"%s\" to=\"%s\" rounds=\"%d\"/>\n", from, to,
                                    a->command.points);
          }
          break;
        case GBACW_ACTION_RECREW:
          {
            g_autofree char *unit = g_markup_escape_text (gbacw_game_unit (game, a->command.leader)->id, -1);
            g_autofree char *wagon = g_markup_escape_text (gbacw_game_unit (game, a->command.other)->id, -1);
            g_string_append_printf (s, "  <recrew unit=\"%s\" wagon=\"%s\"/>\n", unit, wagon);
          }
          break;
        case GBACW_ACTION_EXIT:
          g_string_append (s, "  <exit");
          append_units (game, s, a->move.units);
          g_string_append (s, "/>\n");
          break;
        case GBACW_ACTION_RESTACK:
          {
            g_autofree char *label = gbacw_game_hex_label (game, a->restack.hex);
            g_string_append_printf (s, "  <restack hex=\"%s\"", label);
            append_units (game, s, a->restack.units);
            g_string_append (s, "/>\n");
          }
          break;
        case GBACW_ACTION_DECLARE_MELEE:
        case GBACW_ACTION_MELEE:
          {
            g_autofree char *label = gbacw_game_hex_label (game, a->melee.target);
            g_string_append (s, a->kind == GBACW_ACTION_MELEE ? "  <melee" : "  <declare-melee");
            append_units (game, s, a->melee.units);
            g_string_append_printf (s, " target=\"%s\"%s/>\n", label, a->melee.charge ? " charge=\"yes\"" : "");
          }
          break;
        case GBACW_ACTION_ANSWER:
          g_string_append (s, "  <answer");
          /* by name, not by index, so that a record stays readable and survives a reordered
           * order of battle */
          if (a->answer.hex >= 0 && a->answer.names_unit)
            {
              g_autofree char *id = g_markup_escape_text (gbacw_game_unit (game, a->answer.hex)->id, -1);
              g_string_append_printf (s, " unit=\"%s\"", id);
            }
          else if (a->answer.hex >= 0 && a->answer.names_choice)
            g_string_append_printf (s, " value=\"%d\"", a->answer.hex);
          else if (a->answer.hex >= 0)
            {
              g_autofree char *label = gbacw_game_hex_label (game, a->answer.hex);
              g_string_append_printf (s, " hex=\"%s\"", label);
            }
          if (a->answer.path->len)
            {
              g_string_append (s, " path=\"");
              for (guint k = 0; k < a->answer.path->len; k++)
                {
                  g_autofree char *label = gbacw_game_hex_label (game, g_array_index (a->answer.path, int, k));
                  g_string_append_printf (s, "%s%s", k ? " " : "", label);
                }
              g_string_append_c (s, '"');
            }
          if (a->answer.firers->len == 0)
            {
              g_string_append (s, "/>\n");
              break;
            }
          g_string_append (s, ">\n");
          write_firers (s, game, a->answer.firers);
          g_string_append (s, "  </answer>\n");
          break;
        default:
          break;
        }
    }
  g_string_append (s, "</game>\n");
  return g_string_free (s, FALSE);
}

gboolean
gbacw_game_save (const GbacwGame *game, const char *scenario_path, const char *path, GError **error)
{
  g_autofree char *xml = gbacw_game_to_xml (game, scenario_path);
  return gbacw_safe_write_file (path, xml, strlen (xml), GBACW_SAFE_WRITE_NONE, error);
}

gboolean
gbacw_game_save_log (const GbacwGame *game, const char *path, GError **error)
{
  g_autofree char *text = gbacw_game_format_log (game);
  return gbacw_safe_write_file (path, text, strlen (text), GBACW_SAFE_WRITE_NONE, error);
}

typedef struct {
  const GbacwScenario *scenario;
  GbacwGame *game;
  GbacwAction *fire;        /* the <fire> being read */
  char *scenario_path;
  guint32 seed;
  gboolean header_only;
  int depth;                /* elements open */
  gboolean seen_root;
  guint action_number;      /* of the child of <game> being read, from 1 */
  gboolean refused;         /* the error is the engine refusing an action (it names the action) */
  int error_line;           /* where the text stopped being well-formed (GMarkup's position) */
} ReplayParser;

static const char *
attribute (const char **names, const char **values, const char *name)
{
  for (guint i = 0; names[i]; i++)
    if (g_str_equal (names[i], name))
      return values[i];
  return NULL;
}

/* The whole number in attribute name, in [min, max]; fallback when it is absent. The
 * numbers were read with g_ascii_strtoll () and cast: "abc" read as 0 and 4294967297 as
 * 1, replaying another game without a word (/fuzz/regression/record-numbers). */
static gboolean
number_attribute (const char **names, const char **values, const char *name, gint64 min, gint64 max,
                  gint64 fallback, gint64 *out, GError **error)
{
  const char *text = attribute (names, values, name);

  *out = fallback;
  if (text == NULL)
    return TRUE;
  if (!g_ascii_string_to_signed (text, 10, min, max, out, NULL))
    {
      /* the bounds formatted first: a format macro inside _() would cut the msgid */
      g_autofree char *low = g_strdup_printf ("%" G_GINT64_FORMAT, min);
      g_autofree char *high = g_strdup_printf ("%" G_GINT64_FORMAT, max);
      g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_FILE,
                   _("%s=\"%s\" is not a whole number from %s to %s"), name, text, low, high);
      return FALSE;
    }
  return TRUE;
}

static GArray *
parse_units (GbacwGame *game, const char *text, GError **error)
{
  g_auto (GStrv) ids = g_strsplit (text ? text : "", " ", -1);
  g_autoptr (GArray) units = g_array_new (FALSE, FALSE, sizeof (int));

  for (guint i = 0; ids[i]; i++)
    {
      GbacwGameUnit *u;
      if (*ids[i] == '\0')
        continue;
      u = gbacw_game_find_unit (game, ids[i]);
      if (u == NULL)
        {
          g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_FILE, _("No unit “%s” in the scenario"), ids[i]);
          return NULL;
        }
      g_array_append_val (units, u->index);
    }
  return g_steal_pointer (&units);
}

static int
parse_direction (GbacwGame *game, const char *text, GError **error)
{
  int d = gbacw_hex_direction_parse (game->scenario->map->grid.orientation, text ? text : "");
  if (d < 0)
    g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_FILE, _("“%s” is not a direction"), text ? text : "");
  return d;
}

static gboolean
replay_action (ReplayParser *p, GbacwAction *action, GError **error)
{
  GbacwGame *game = p->game;
  g_autoptr (GbacwAction) owned = action;
  g_autoptr (GError) local = NULL;

  if (!gbacw_game_apply_action (game, action, &local))
    {
      g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_FILE, _("Action %u cannot be replayed: %s"),
                   game->actions->len + 1, local->message);
      p->refused = TRUE;
      return FALSE;
    }
  return TRUE;
}

/* The two units an element names in attributes name_a and name_b; an error if either is unknown. */
static gboolean
find_unit_pair (GbacwGame *game, const char *element, const char **names, const char **values,
                const char *name_a, GbacwGameUnit **a, const char *name_b, GbacwGameUnit **b, GError **error)
{
  *a = gbacw_game_find_unit (game, attribute (names, values, name_a));
  *b = gbacw_game_find_unit (game, attribute (names, values, name_b));
  if (*a != NULL && *b != NULL)
    return TRUE;
  g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_FILE, _("<%s> names no such unit"), element);
  return FALSE;
}

static void
replay_element (GMarkupParseContext *context, const char *element, const char **names, const char **values,
                ReplayParser *p, GError **error)
{
  GbacwGame *game = p->game;

  if (g_str_equal (element, "game"))
    {
      const char *version = attribute (names, values, "version");
      gint64 seed;
      if (version && g_ascii_strtoll (version, NULL, 10) > 1)
        {
          g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_FILE, _("The game was saved by a newer gbacw"));
          return;
        }
      if (!number_attribute (names, values, "seed", 0, G_MAXUINT32, 0, &seed, error))
        return;
      p->seed = (guint32) seed;
      p->scenario_path = g_strdup (attribute (names, values, "scenario"));
      if (!p->header_only)
        p->game = gbacw_game_new (p->scenario, p->seed, error);
      return;
    }
  if (p->header_only)
    return;
  if (game == NULL)
    {
      g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_FILE, _("<%s> outside <game>"), element);
      return;
    }
  if (g_str_equal (element, "end-phase"))
    replay_action (p, gbacw_action_new_end_phase (), error);
  else if (g_str_equal (element, "move"))
    {
      g_autoptr (GArray) units = parse_units (game, attribute (names, values, "units"), error);
      g_auto (GStrv) labels = g_strsplit (attribute (names, values, "path") ?: "", " ", -1);
      g_autoptr (GArray) path = g_array_new (FALSE, FALSE, sizeof (int));
      const char *facing = attribute (names, values, "facing");
      int f = -1;

      if (units == NULL)
        return;
      for (guint i = 0; labels[i]; i++)
        {
          int hex;
          if (*labels[i] == '\0')
            continue;
          hex = gbacw_game_parse_hex (game, labels[i], error);
          if (hex < 0)
            return;
          g_array_append_val (path, hex);
        }
      if (facing && (f = parse_direction (game, facing, error)) < 0)
        return;
      replay_action (p, gbacw_action_new_move ((int *) units->data, units->len, (int *) path->data, path->len, f),
                     error);
    }
  else if (g_str_equal (element, "formation"))
    {
      g_autoptr (GArray) units = parse_units (game, attribute (names, values, "units"), error);
      int formation = gbacw_formation_state_from_string (attribute (names, values, "formation") ?: "");
      if (units == NULL)
        return;
      if (formation < 0)
        {
          g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_FILE, _("Unknown formation"));
          return;
        }
      replay_action (p, gbacw_action_new_change_formation ((int *) units->data, units->len, formation), error);
    }
  else if (g_str_equal (element, "facing"))
    {
      int hex = gbacw_game_parse_hex (game, attribute (names, values, "hex") ?: "", error);
      int f;
      if (hex < 0 || (f = parse_direction (game, attribute (names, values, "facing"), error)) < 0)
        return;
      replay_action (p, gbacw_action_new_change_facing (hex, f), error);
    }
  else if (g_str_equal (element, "fire"))
    {
      int hex = gbacw_game_parse_hex (game, attribute (names, values, "target") ?: "", error);
      if (hex < 0)
        return;
      p->fire = gbacw_action_new_fire (hex, NULL, 0);
    }
  else if (g_str_equal (element, "attach") || g_str_equal (element, "detach") || g_str_equal (element, "command-points")
           || g_str_equal (element, "rally"))
    {
      GbacwGameUnit *leader = gbacw_game_find_unit (game, attribute (names, values, "leader"));
      const char *other_id = attribute (names, values, "other");
      GbacwGameUnit *other = other_id ? gbacw_game_find_unit (game, other_id) : NULL;
      gint64 points;
      GbacwActionKind kind = g_str_equal (element, "attach") ? GBACW_ACTION_ATTACH
                             : g_str_equal (element, "detach") ? GBACW_ACTION_DETACH
                             : g_str_equal (element, "rally") ? GBACW_ACTION_RALLY
                                                              : GBACW_ACTION_COMMAND_POINTS;
      if (leader == NULL || (other_id && other == NULL))
        {
          g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_FILE, _("<%s> names no such unit"), element);
          return;
        }
      if (!number_attribute (names, values, "points", G_MININT, G_MAXINT, 0, &points, error))
        return;
      replay_action (p, gbacw_action_new_command (kind, leader->index, other ? other->index : -1, (int) points), error);
    }
  else if (g_str_equal (element, "resupply") || g_str_equal (element, "recrew"))
    {
      GbacwGameUnit *unit, *wagon;
      if (!find_unit_pair (game, element, names, values, "unit", &unit, "wagon", &wagon, error))
        return;
      replay_action (p, g_str_equal (element, "resupply") ? gbacw_action_new_resupply (unit->index, wagon->index)
                                                              : gbacw_action_new_recrew (unit->index, wagon->index),
                     error);
    }
  else if (g_str_equal (element, "transfer-rounds"))
    {
      GbacwGameUnit *from, *to;
      gint64 rounds;
      if (!find_unit_pair (game, element, names, values, "from", &from, "to", &to, error)
          || !number_attribute (names, values, "rounds", G_MININT, G_MAXINT, 0, &rounds, error))
        return;
      replay_action (p, gbacw_action_new_transfer_rounds (from->index, to->index, (int) rounds), error);
    }
  else if (g_str_equal (element, "exit"))
    {
      g_autoptr (GArray) units = parse_units (game, attribute (names, values, "units"), error);
      if (units == NULL)
        return;
      replay_action (p, gbacw_action_new_exit ((int *) units->data, units->len), error);
    }
  else if (g_str_equal (element, "restack"))
    {
      g_autoptr (GArray) units = parse_units (game, attribute (names, values, "units"), error);
      int hex;
      if (units == NULL || (hex = gbacw_game_parse_hex (game, attribute (names, values, "hex") ?: "", error)) < 0)
        return;
      replay_action (p, gbacw_action_new_restack (hex, (int *) units->data, units->len), error);
    }
  else if (g_str_equal (element, "declare-melee") || g_str_equal (element, "melee"))
    {
      g_autoptr (GArray) units = parse_units (game, attribute (names, values, "units"), error);
      int hex;
      if (units == NULL || (hex = gbacw_game_parse_hex (game, attribute (names, values, "target") ?: "", error)) < 0)
        return;
      if (g_str_equal (element, "melee"))
        replay_action (p, gbacw_action_new_melee ((int *) units->data, units->len, hex), error);
      else
        replay_action (p,
                       gbacw_action_new_declare_melee ((int *) units->data, units->len, hex,
                                                       g_strcmp0 (attribute (names, values, "charge"), "yes") == 0),
                       error);
    }
  else if (g_str_equal (element, "answer"))
    {
      g_auto (GStrv) labels = g_strsplit (attribute (names, values, "path") ?: "", " ", -1);
      const char *hex_label = attribute (names, values, "hex"), *unit_id = attribute (names, values, "unit");
      gint64 value;
      /* value: the index older records wrote */
      if (!number_attribute (names, values, "value", -1, G_MAXINT, -1, &value, error))
        return;
      if (hex_label != NULL && (value = gbacw_game_parse_hex (game, hex_label, error)) < 0)
        return;
      if (unit_id != NULL)
        {
          GbacwGameUnit *u = gbacw_game_find_unit (game, unit_id);
          if (u == NULL)
            {
              g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_FILE, _("<%s> names no such unit"), element);
              return;
            }
          value = u->index;
        }
      p->fire = gbacw_action_new_empty_answer ();
      p->fire->answer.hex = (int) value;
      for (guint i = 0; labels[i]; i++)
        {
          int hex;
          if (*labels[i] == '\0')
            continue;
          hex = gbacw_game_parse_hex (game, labels[i], error);
          if (hex < 0)
            return;
          g_array_append_val (p->fire->answer.path, hex);
        }
    }
  else if (g_str_equal (element, "firer") && p->fire)
    {
      GbacwGameUnit *u = gbacw_game_find_unit (game, attribute (names, values, "unit"));
      const char *strength = attribute (names, values, "strength");
      const char *hexside = attribute (names, values, "hexside");
      const char *rapid = attribute (names, values, "rapid");
      const char *double_shot = attribute (names, values, "double-shot");
      GbacwFirer firer = { -1, 0.0, -1, FALSE };
      if (u == NULL)
        {
          g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_FILE, _("No such firing unit"));
          return;
        }
      firer.unit = u->index;
      if (strength)
        {
          char *end;
          firer.strength = g_ascii_strtod (strength, &end);
          /* "nan" fired everything, and was written back as strength="nan" */
          if (end == strength || *end != '\0' || !isfinite (firer.strength) || firer.strength < 0)
            {
              g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_FILE, _("strength=\"%s\" is not a strength"),
                           strength);
              return;
            }
        }
      if (rapid && !g_str_equal (rapid, "yes") && !g_str_equal (rapid, "no"))
        {
          g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_FILE, _("rapid=\"%s\" is neither yes nor no"), rapid);
          return;
        }
      firer.rapid = g_strcmp0 (rapid, "yes") == 0;
      if (hexside && (firer.direction = parse_direction (game, hexside, error)) < 0)
        return;
      if (double_shot && !g_str_equal (double_shot, "yes") && !g_str_equal (double_shot, "no"))
        {
          g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_FILE, _("double-shot=\"%s\" is not yes or no"),
                       double_shot);
          return;
        }
      firer.double_shot = g_strcmp0 (double_shot, "yes") == 0;
      g_array_append_val (p->fire->kind == GBACW_ACTION_ANSWER ? p->fire->answer.firers : p->fire->fire.firers, firer);
    }
  else
    g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_FILE, _("Unknown element <%s>"), element);
}

/* The structure a record may have: <game> as the root, the actions as its children,
 * <firer> only in <fire> and <answer>. Without these checks a second <game> replaced
 * (and leaked) the game being replayed, an action inside another was applied in the
 * middle of it, and a <fire> inside an <answer> leaked the answer
 * (/fuzz/regression/record-structure). */
static gboolean
check_record_structure (ReplayParser *p, const char *element, GError **error)
{
  if (p->depth == 0)
    {
      if (p->seen_root)
        {
          g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_FILE, _("<%s> after the end of <game>"), element);
          return FALSE;
        }
      p->seen_root = TRUE;
      if (!g_str_equal (element, "game"))
        {
          g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_FILE,
                       _("The root element is <%s>; a saved game starts with <game>"), element);
          return FALSE;
        }
      return TRUE;
    }
  if (g_str_equal (element, "game"))
    {
      /* reading the header, it is only skipped: the replay reports it, naming the action */
      if (!p->header_only)
        g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_FILE, _("<game> inside <game>"));
      return FALSE;
    }
  if (p->header_only)
    return TRUE;
  if (p->depth == 1 && !g_str_equal (element, "firer"))
    return TRUE;
  if (p->depth == 2 && g_str_equal (element, "firer") && p->fire)
    return TRUE;
  g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_FILE, _("<%s> is not allowed here"), element);
  return FALSE;
}

/* Every error reading an action names it ("Action N: …", N counting the children of
 * <game>, as "Action N cannot be replayed" does), and is a GBACW_GAME_ERROR_FILE: a
 * bad hex label came as a GbacwHexGrid error, and an unknown unit's id with digits in
 * it ("u-14oh") was taken by gbacw replay for an action number, giving a wrong line
 * (/fuzz/regression/record-error-names-action). */
static void
replay_start (GMarkupParseContext *context, const char *element, const char **names, const char **values,
              gpointer user_data, GError **error)
{
  ReplayParser *p = user_data;
  GError *local = NULL;
  int depth = p->depth;

  if (depth == 1 && p->game)
    p->action_number = p->game->actions->len + 1;
  if (check_record_structure (p, element, &local))
    replay_element (context, element, names, values, p, &local);
  p->depth++;
  if (local == NULL)
    return;
  if (p->refused || p->game == NULL || depth == 0)
    g_propagate_error (error, local);
  else
    {
      g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_FILE, _("Action %u: %s"), p->action_number,
                   local->message);
      g_error_free (local);
    }
}

static void
replay_end (GMarkupParseContext *context, const char *element, gpointer user_data, GError **error)
{
  ReplayParser *p = user_data;

  p->depth--;
  if (p->depth == 1 && (g_str_equal (element, "fire") || g_str_equal (element, "answer")) && p->fire && p->game)
    {
      GbacwAction *fire = p->fire;
      p->fire = NULL;
      replay_action (p, fire, error);
    }
}

static const GMarkupParser replay_parser = { replay_start, replay_end, NULL, NULL, NULL };

static gboolean
parse_game_xml (ReplayParser *p, const char *xml, gsize length, GError **error)
{
  g_autoptr (GMarkupParseContext) context = g_markup_parse_context_new (&replay_parser, 0, p, NULL);
  gboolean ok = g_markup_parse_context_parse (context, xml, (gssize) length, error)
                && g_markup_parse_context_end_parse (context, error);

  if (!ok)
    g_markup_parse_context_get_position (context, &p->error_line, NULL);
  g_clear_pointer (&p->fire, gbacw_action_free);
  return ok;
}

/* The replay of p's text; on error *action is the action it stopped at (0: none). */
static GbacwGame *
replay (ReplayParser *p, const char *xml, gsize length, guint *action, GError **error)
{
  *action = 0;
  if (!parse_game_xml (p, xml, length, error) || p->game == NULL)
    {
      if (p->game == NULL && error && *error == NULL)
        g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_FILE, _("No <game> element"));
      if (p->depth > 1 || p->refused)
        *action = p->action_number;
      g_clear_pointer (&p->game, gbacw_game_free);
      g_clear_pointer (&p->scenario_path, g_free);
      return NULL;
    }
  g_clear_pointer (&p->scenario_path, g_free);
  return p->game;
}

GbacwGame *
gbacw_game_replay (const GbacwScenario *scenario, const char *xml, gsize length, GError **error)
{
  ReplayParser p = { scenario, NULL, NULL, NULL, 0, FALSE };
  guint action;

  return replay (&p, xml, length, &action, error);
}

/* The record is read as the scenario is (a size limit, only a regular file) and checked
 * against its schema (data/gbacw-game-record.rng). Returns its bytes, and the path of the
 * scenario it names (relative to the record), the line of scenario= and the line of each
 * action. Errors start "RECORD:LINE: ". */
static GBytes *
read_record (const char *path, const char *display, char **scenario_path, char **reference, int *scenario_line,
             GArray **lines, GError **error)
{
  g_autoptr (GBytes) bytes = gbacw_file_read (path, GBACW_FILE_KIND_GAME_RECORD, error);
  g_autofree char *dir = NULL;

  if (bytes == NULL || !gbacw_game_record_check (bytes, display, reference, scenario_line, lines, error))
    return NULL;
  if (*reference == NULL || **reference == '\0')
    {
      g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_FILE,
                   _("%s:%d: the game names no scenario: give the scenario file in scenario=\"…\""), display,
                   *scenario_line);
      g_clear_pointer (lines, g_array_unref);
      return NULL;
    }
  dir = g_path_get_dirname (path);
  *scenario_path = g_path_is_absolute (*reference) || g_str_equal (dir, ".")
                   ? g_strdup (*reference) : g_build_filename (dir, *reference, NULL);
  return g_steal_pointer (&bytes);
}

char *
gbacw_game_record_scenario (const char *path, GError **error)
{
  g_autofree char *display = NULL;
  g_autofree char *reference = NULL;
  g_autoptr (GArray) lines = NULL;
  g_autoptr (GBytes) bytes = NULL;
  char *scenario_path = NULL;
  int scenario_line = 1;

  g_return_val_if_fail (path != NULL, NULL);
  display = g_filename_display_name (path);
  bytes = read_record (path, display, &scenario_path, &reference, &scenario_line, &lines, error);
  return bytes ? scenario_path : NULL;
}

/* Every error starts "RECORD:LINE: ": the schema's with the line it names, a replay error
 * with the line of its action, a scenario that does not load with the line of scenario=. */
GbacwGame *
gbacw_game_load (const char *path, GError **error)
{
  g_autoptr (GBytes) bytes = NULL;
  g_autofree char *display = NULL;
  g_autofree char *reference = NULL;
  g_autofree char *scenario_path = NULL;
  g_autoptr (GArray) lines = NULL;
  g_autoptr (GbacwScenario) scenario = NULL;
  g_autoptr (GError) local = NULL;
  ReplayParser p = { NULL, NULL, NULL, NULL, 0, FALSE };
  GbacwGame *game;
  const char *xml;
  gsize length;
  int scenario_line = 1;
  guint action;

  g_return_val_if_fail (path != NULL, NULL);
  display = g_filename_display_name (path);
  bytes = read_record (path, display, &scenario_path, &reference, &scenario_line, &lines, error);
  if (bytes == NULL)
    return NULL;
  scenario = gbacw_scenario_load_file (scenario_path, &local);
  if (scenario == NULL)
    {
      g_set_error (error, local->domain, local->code, _("%s:%d: the scenario it plays, %s, could not be loaded: %s"),
                   display, scenario_line, reference, local->message);
      return NULL;
    }
  xml = g_bytes_get_data (bytes, &length);
  p.scenario = scenario;
  game = replay (&p, xml, length, &action, &local);
  if (game == NULL)
    {
      int line = 1;
      if (action >= 1 && action <= lines->len)
        line = g_array_index (lines, int, action - 1);
      else if (p.error_line > 0)
        line = p.error_line;
      g_set_error (error, local->domain, local->code, "%s:%d: %s", display, line, local->message);
      return NULL;
    }
  return game;
}
