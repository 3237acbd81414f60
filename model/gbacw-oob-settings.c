/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-oob-settings.c: undoable commands for the scenario's settings (information, the
 * Game-Turn track, exclusive rules, options) and its victory conditions, built on
 * GbacwSettingsEdit and GbacwCollectionEdit. */
#define G_LOG_DOMAIN "gbacw-oob-settings"

#include "gbacw-oob-edit.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "gbacw-collection-edit.h"
#include "gbacw-exclusive-params.h"
#include "gbacw-oob-edit-private.h"
#include "gbacw-settings-edit.h"

/* ---------------------------------------------------------------- settings */

GbacwCommand *
gbacw_settings_set_info (GbacwScenario *scenario, GbacwInfoField field, const char *text)
{
  GbacwScenarioInfo info = { NULL, NULL, NULL };
  GbacwSettingsEdit *edit;
  char **slot;
  const char *label;

  g_return_val_if_fail (scenario != NULL, NULL);

  gbacw_scenario_info_copy (&info, &scenario->info);
  switch (field)
    {
    case GBACW_INFO_TITLE: slot = &info.title; label = _("Change title"); break;
    case GBACW_INFO_GAME: slot = &info.game; label = _("Change game"); break;
    case GBACW_INFO_DESCRIPTION: slot = &info.description; label = _("Change description"); break;
    default:
      gbacw_scenario_info_clear (&info);
      g_return_val_if_reached (NULL);
    }
  if (g_strcmp0 (*slot, text && *text ? text : NULL) == 0)
    {
      gbacw_scenario_info_clear (&info);
      return gbacw_oob_edit_empty_command (label);
    }
  g_free (*slot);
  *slot = text && *text ? g_strdup (text) : NULL;
  edit = gbacw_settings_edit_new (label, MERGE_INFO (field));
  gbacw_settings_edit_set_info (edit, &info);
  gbacw_scenario_info_clear (&info);
  return GBACW_COMMAND (edit);
}

static gboolean
parse_time (const char *time, int *minutes)
{
  if (time == NULL || strlen (time) != 5 || !g_ascii_isdigit (time[0]) || !g_ascii_isdigit (time[1])
      || time[2] != ':' || !g_ascii_isdigit (time[3]) || !g_ascii_isdigit (time[4]))
    return FALSE;
  *minutes = ((time[0] - '0') * 10 + (time[1] - '0')) * 60 + (time[3] - '0') * 10 + (time[4] - '0');
  return (time[0] - '0') * 10 + (time[1] - '0') < 24 && (time[3] - '0') < 6;
}

static char *
format_time (int minutes)
{
  minutes = ((minutes % 1440) + 1440) % 1440;
  return g_strdup_printf ("%02d:%02d", minutes / 60, minutes % 60);
}

static GbacwTurn *
turn_new (int n)
{
  GbacwTurn *t = g_new0 (GbacwTurn, 1);
  t->n = n;
  return t;
}

static GbacwCommand *
turns_command (GbacwTurnTrack *track, const char *label)
{
  GbacwSettingsEdit *edit = gbacw_settings_edit_new (label, 0);
  gbacw_settings_edit_set_turns (edit, track);
  gbacw_turn_track_clear (track);
  return GBACW_COMMAND (edit);
}

GbacwCommand *
gbacw_settings_set_turn_range (GbacwScenario *scenario, int first, int last, GError **error)
{
  GbacwTurnTrack track = { 0, 0, NULL, NULL };
  g_autoptr (GPtrArray) turns = g_ptr_array_new_with_free_func ((GDestroyNotify) gbacw_turn_free);
  const GPtrArray *old;
  int step = 0, base_n = 0, base_time = 0;
  gboolean extrapolate = FALSE;

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (first < 0 || last > 100000 || last < first)
    {
      gbacw_oob_edit_set_invalid (error, _("the Game-Turns must run from a first turn to a last turn not before it, 0 to 100000"));
      return NULL;
    }
  if (first == scenario->turns.first && last == scenario->turns.last)
    return gbacw_oob_edit_empty_command (_("Change Game-Turns"));

  old = scenario->turns.turns;
  /* the interval of the last two listed turns, when consecutive and timed */
  if (old->len >= 2)
    {
      const GbacwTurn *a = g_ptr_array_index (old, old->len - 2), *b = g_ptr_array_index (old, old->len - 1);
      int ta, tb;
      if (b->n == a->n + 1 && parse_time (a->time, &ta) && parse_time (b->time, &tb))
        {
          step = ((tb - ta) % 1440 + 1440) % 1440;
          base_n = b->n;
          base_time = tb;
          extrapolate = step > 0;
        }
    }
  if (old->len == 0)
    for (int n = first; n <= last; n++)
      g_ptr_array_add (turns, turn_new (n));
  else
    {
      int min_n = ((GbacwTurn *) g_ptr_array_index (old, 0))->n;
      int max_n = ((GbacwTurn *) g_ptr_array_index (old, old->len - 1))->n;
      for (int n = first; n <= last && n < min_n; n++)
        g_ptr_array_add (turns, turn_new (n));
      for (guint i = 0; i < old->len; i++)
        {
          const GbacwTurn *t = g_ptr_array_index (old, i);
          if (t->n >= first && t->n <= last)
            g_ptr_array_add (turns, gbacw_turn_copy (t));
        }
      for (int n = MAX (first, max_n + 1); n <= last; n++)
        {
          GbacwTurn *t = turn_new (n);
          if (extrapolate)
            t->time = format_time (base_time + (n - base_n) * step);
          g_ptr_array_add (turns, t);
        }
    }
  track.first = first;
  track.last = last;
  track.first_player = g_strdup (scenario->turns.first_player);
  track.turns = g_steal_pointer (&turns);
  return turns_command (&track, _("Change Game-Turns"));
}

/* A copy of the turn track and its entry for turn n (created in order when missing). */
static GbacwTurn *
track_copy_with_turn (const GbacwScenario *s, int n, GbacwTurnTrack *track, GError **error)
{
  guint i;

  if (!gbacw_oob_edit_check_turn (s, n, error))
    return NULL;
  gbacw_turn_track_copy (track, &s->turns);
  for (i = 0; i < track->turns->len; i++)
    {
      GbacwTurn *t = g_ptr_array_index (track->turns, i);
      if (t->n == n)
        return t;
      if (t->n > n)
        break;
    }
  g_ptr_array_insert (track->turns, (int) i, turn_new (n));
  return g_ptr_array_index (track->turns, i);
}

GbacwCommand *
gbacw_settings_set_turn_time (GbacwScenario *scenario, int turn, const char *time, GError **error)
{
  GbacwTurnTrack track = { 0, 0, NULL, NULL };
  GbacwTurn *t;
  int minutes;

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (time && *time && !parse_time (time, &minutes))
    {
      gbacw_oob_edit_set_invalid (error, _("“%s” is not a time: write it as HH:MM, e.g. 08:30"), time);
      return NULL;
    }
  if (!(t = track_copy_with_turn (scenario, turn, &track, error)))
    return NULL;
  g_free (t->time);
  t->time = time && *time ? g_strdup (time) : NULL;
  return turns_command (&track, _("Change turn time"));
}

GbacwCommand *
gbacw_settings_set_night (GbacwScenario *scenario, int turn, gboolean night, GError **error)
{
  GbacwTurnTrack track = { 0, 0, NULL, NULL };
  GbacwTurn *t;

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!(t = track_copy_with_turn (scenario, turn, &track, error)))
    return NULL;
  t->night = night;
  return turns_command (&track, night ? _("Make night turn") : _("Make day turn"));
}

GbacwCommand *
gbacw_settings_set_first_player (GbacwScenario *scenario, const char *side, GError **error)
{
  GbacwTurnTrack track = { 0, 0, NULL, NULL };

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!gbacw_oob_edit_check_side (scenario, side, FALSE, error))
    return NULL;
  gbacw_turn_track_copy (&track, &scenario->turns);
  g_free (track.first_player);
  track.first_player = g_strdup (side);
  return turns_command (&track, _("Change first player"));
}

GbacwCommand *
gbacw_settings_set_first_player_change (GbacwScenario *scenario, int turn, const char *side, GError **error)
{
  GbacwTurnTrack track = { 0, 0, NULL, NULL };
  GbacwTurn *t;

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!gbacw_oob_edit_check_side (scenario, side, FALSE, error) || !(t = track_copy_with_turn (scenario, turn, &track, error)))
    return NULL;
  g_free (t->first_player);
  t->first_player = g_strdup (side);
  return turns_command (&track, _("Change first player"));
}

static int
exclusive_rule_index (const GbacwScenario *s, const char *id)
{
  for (guint i = 0; i < s->exclusive_rules->len; i++)
    if (g_strcmp0 (((GbacwExclusiveRule *) g_ptr_array_index (s->exclusive_rules, i))->id, id) == 0)
      return (int) i;
  return -1;
}

static GbacwExclusiveRule *
exclusive_rule_new (const char *id)
{
  GbacwExclusiveRule *rule = g_new0 (GbacwExclusiveRule, 1);
  rule->id = g_strdup (id);
  rule->enabled = TRUE;
  rule->params = g_ptr_array_new_with_free_func ((GDestroyNotify) gbacw_param_free);
  return rule;
}

/* A copy of exclusive rule id (a new one, enabled, when the scenario has none; *index then
 * -1) with parameter name set to value, or removed (NULL). */
static GbacwExclusiveRule *
exclusive_rule_with_param (const GbacwScenario *scenario, const char *id, const char *name, const char *value,
                           int *index)
{
  GbacwExclusiveRule *rule;
  guint k;

  *index = exclusive_rule_index (scenario, id);
  rule = *index >= 0 ? gbacw_exclusive_rule_copy (g_ptr_array_index (scenario->exclusive_rules, *index))
                     : exclusive_rule_new (id);
  for (k = 0; k < rule->params->len; k++)
    if (g_strcmp0 (((GbacwParam *) g_ptr_array_index (rule->params, k))->name, name) == 0)
      break;
  if (value == NULL)
    {
      if (k < rule->params->len)
        g_ptr_array_remove_index (rule->params, k);
    }
  else if (k < rule->params->len)
    {
      GbacwParam *param = g_ptr_array_index (rule->params, k);
      g_free (param->value);
      param->value = g_strdup (value);
    }
  else
    g_ptr_array_add (rule->params, gbacw_param_new (name, value));
  return rule;
}

static GbacwCommand *
put_exclusive_rule (const GbacwScenario *s, int index, GbacwExclusiveRule *rule, const char *label, guint merge_key)
{
  GbacwCollectionEdit *edit = gbacw_collection_edit_new (label, merge_key);
  if (index < 0)
    gbacw_collection_edit_insert (edit, GBACW_COLLECTION_EXCLUSIVE_RULES, s->exclusive_rules->len, rule);
  else
    gbacw_collection_edit_replace (edit, GBACW_COLLECTION_EXCLUSIVE_RULES, (guint) index, rule);
  return GBACW_COMMAND (edit);
}

GbacwCommand *
gbacw_settings_set_exclusive_rule (GbacwScenario *scenario, const char *id, gboolean enabled, GError **error)
{
  GbacwExclusiveRule *rule;
  int i;

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!gbacw_oob_edit_check_id_syntax (id, error))
    return NULL;
  i = exclusive_rule_index (scenario, id);
  if (i >= 0)
    {
      const GbacwExclusiveRule *old = g_ptr_array_index (scenario->exclusive_rules, i);
      if (!old->enabled == !enabled)
        return gbacw_oob_edit_empty_command (enabled ? _("Turn exclusive rule on") : _("Turn exclusive rule off"));
      rule = gbacw_exclusive_rule_copy (old);
    }
  else
    rule = exclusive_rule_new (id);
  rule->enabled = enabled;
  return put_exclusive_rule (scenario, i, rule, enabled ? _("Turn exclusive rule on") : _("Turn exclusive rule off"), 0);
}

GbacwCommand *
gbacw_settings_set_exclusive_param (GbacwScenario *scenario, const char *id, const char *name, const char *value,
                                    GError **error)
{
  GbacwExclusiveRule *rule;
  int i;

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!gbacw_oob_edit_check_id_syntax (id, error) || !gbacw_oob_edit_check_id_syntax (name, error))
    return NULL;
  if (value && !g_utf8_validate (value, -1, NULL))
    {
      gbacw_oob_edit_set_invalid (error, _("the text is not valid UTF-8"));
      return NULL;
    }
  rule = exclusive_rule_with_param (scenario, id, name, value, &i);
  return put_exclusive_rule (scenario, i, rule, _("Change rule parameter"), MERGE_EXCLUSIVE_PARAM (name));
}

GbacwCommand *
gbacw_settings_set_option (GbacwScenario *scenario, const char *id, const char *value, GError **error)
{
  GbacwCollectionEdit *edit;
  int index = -1;

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!gbacw_oob_edit_check_id_syntax (id, error))
    return NULL;
  if (value && !gbacw_oob_edit_id_syntax_ok (value))
    {
      gbacw_oob_edit_check_id_syntax (value, error);
      return NULL;
    }
  for (guint i = 0; i < scenario->options->len; i++)
    if (g_strcmp0 (((GbacwParam *) g_ptr_array_index (scenario->options, i))->name, id) == 0)
      index = (int) i;
  edit = gbacw_collection_edit_new (_("Change rule option"), MERGE_OPTION);
  if (value == NULL)
    {
      if (index >= 0)
        gbacw_collection_edit_remove (edit, GBACW_COLLECTION_OPTIONS, (guint) index);
    }
  else if (index < 0)
    gbacw_collection_edit_insert (edit, GBACW_COLLECTION_OPTIONS, scenario->options->len, gbacw_param_new (id, value));
  else if (g_strcmp0 (((GbacwParam *) g_ptr_array_index (scenario->options, index))->value, value) != 0)
    gbacw_collection_edit_replace (edit, GBACW_COLLECTION_OPTIONS, (guint) index, gbacw_param_new (id, value));
  return GBACW_COMMAND (edit);
}

/* ---------------------------------------------------------------- victory */

static gboolean
check_area (const GbacwScenario *s, const char *area, GError **error)
{
  if (area == NULL || gbacw_map_find_area (s->map, area))
    return TRUE;
  g_set_error (error, GBACW_OOB_EDIT_ERROR, GBACW_OOB_EDIT_ERROR_NOT_FOUND, _("there is no area “%s” on the map"), area);
  return FALSE;
}

static gboolean
check_optional_text (const char *text, GError **error)
{
  char *copy = NULL;
  gboolean ok = gbacw_oob_edit_parse_text (text, &copy, error);
  g_free (copy);
  return ok;
}

static gboolean
check_award (const GbacwScenario *s, const GbacwVpAward *a, GError **error)
{
  if ((int) a->event < GBACW_VP_OBJECTIVE || a->event > GBACW_VP_CUSTOM)
    return gbacw_oob_edit_set_invalid (error, _("unknown VP event"));
  return gbacw_oob_edit_check_side (s, a->side, TRUE, error) && check_area (s, a->area, error)
         && check_optional_text (a->text, error);
}

static int
award_index (const GbacwScenario *s, const char *id, GError **error)
{
  for (guint i = 0; i < s->vp_awards->len; i++)
    if (g_strcmp0 (((GbacwVpAward *) g_ptr_array_index (s->vp_awards, i))->id, id) == 0)
      return (int) i;
  g_set_error (error, GBACW_OOB_EDIT_ERROR, GBACW_OOB_EDIT_ERROR_NOT_FOUND, _("there is no VP award “%s”"),
               id ? id : "");
  return -1;
}

GbacwCommand *
gbacw_victory_add_award (GbacwScenario *scenario, const GbacwVpAward *award, char **id_out, GError **error)
{
  GbacwVpAward *copy;

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (award != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!check_award (scenario, award, error))
    return NULL;
  copy = gbacw_vp_award_copy (award);
  g_free (copy->id);
  copy->id = gbacw_oob_unique_id (scenario, "v-new");
  if (id_out)
    *id_out = g_strdup (copy->id);
  return gbacw_oob_edit_one_insert (_("Add VP award"), GBACW_COLLECTION_VP_AWARDS, scenario->vp_awards->len, copy);
}

GbacwCommand *
gbacw_victory_set_award (GbacwScenario *scenario, const char *id, const GbacwVpAward *award, GError **error)
{
  GbacwVpAward *copy;
  int i;

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (award != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if ((i = award_index (scenario, id, error)) < 0 || !check_award (scenario, award, error))
    return NULL;
  copy = gbacw_vp_award_copy (award);
  g_free (copy->id);
  copy->id = g_strdup (((GbacwVpAward *) g_ptr_array_index (scenario->vp_awards, i))->id);
  return gbacw_oob_edit_one_replace (_("Change VP award"), GBACW_COLLECTION_VP_AWARDS, (guint) i, copy);
}

GbacwCommand *
gbacw_victory_remove_award (GbacwScenario *scenario, const char *id, GError **error)
{
  int i;

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if ((i = award_index (scenario, id, error)) < 0)
    return NULL;
  return gbacw_oob_edit_one_remove (_("Remove VP award"), GBACW_COLLECTION_VP_AWARDS, (guint) i);
}

static int
compare_int (gconstpointer a, gconstpointer b)
{
  int x = *(const int *) a, y = *(const int *) b;
  return (x > y) - (x < y);
}

static gboolean
set_area_hexes (const GbacwScenario *s, GbacwArea *area, const int *hexes, guint n, GError **error)
{
  g_array_set_size (area->hexes, 0);
  for (guint i = 0; i < n; i++)
    {
      if (!gbacw_oob_edit_check_hex (s, hexes[i], error))
        return FALSE;
      g_array_append_val (area->hexes, hexes[i]);
    }
  g_array_sort (area->hexes, compare_int);
  for (guint i = 1; i < area->hexes->len;)
    if (g_array_index (area->hexes, int, i) == g_array_index (area->hexes, int, i - 1))
      g_array_remove_index (area->hexes, i);
    else
      i++;
  return TRUE;
}

GbacwCommand *
gbacw_victory_add_objective (GbacwScenario *scenario, const char *name, const char *side, int vp, const int *hexes,
                             guint n_hexes, char **id_out, GError **error)
{
  g_autoptr (OobArea) area = NULL;
  char *id;

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (hexes != NULL || n_hexes == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!gbacw_oob_edit_check_side (scenario, side, FALSE, error) || !check_optional_text (name, error))
    return NULL;
  id = gbacw_oob_unique_id (scenario, "obj-new");
  area = gbacw_area_new (id, GBACW_AREA_OBJECTIVE, name);
  g_free (id);
  area->side = g_strdup (side);
  area->vp = vp;
  if (!set_area_hexes (scenario, area, hexes, n_hexes, error))
    return NULL;
  if (id_out)
    *id_out = g_strdup (area->id);
  return gbacw_oob_edit_one_insert (_("Add objective"), GBACW_COLLECTION_AREAS, scenario->map->areas->len, g_steal_pointer (&area));
}

/* The index of the map's area id; an error naming it when there is none. */
static gboolean
find_area_index (const GbacwScenario *scenario, const char *id, guint *index, GError **error)
{
  for (guint i = 0; i < scenario->map->areas->len; i++)
    if (g_strcmp0 (((GbacwArea *) g_ptr_array_index (scenario->map->areas, i))->id, id) == 0)
      {
        *index = i;
        return TRUE;
      }
  check_area (scenario, id ? id : "", error);
  return FALSE;
}

GbacwCommand *
gbacw_victory_set_objective_hexes (GbacwScenario *scenario, const char *id, const int *hexes, guint n_hexes,
                                   GError **error)
{
  g_autoptr (OobArea) area = NULL;
  guint i;

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (hexes != NULL || n_hexes == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!find_area_index (scenario, id, &i, error))
    return NULL;
  area = gbacw_area_copy (g_ptr_array_index (scenario->map->areas, i));
  if (!set_area_hexes (scenario, area, hexes, n_hexes, error))
    return NULL;
  return gbacw_oob_edit_one_replace (_("Change objective hexes"), GBACW_COLLECTION_AREAS, i, g_steal_pointer (&area));
}

GbacwCommand *
gbacw_settings_draw_exclusive_area (GbacwScenario *scenario, const char *id, const char *name, int hex,
                                    char **area_out, GError **error)
{
  const char *value = NULL;
  g_autoptr (OobArea) area = NULL;
  GbacwCollectionEdit *edit;
  int i;

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!gbacw_oob_edit_check_id_syntax (id, error) || !gbacw_oob_edit_check_id_syntax (name, error)
      || !gbacw_oob_edit_check_hex (scenario, hex, error))
    return NULL;
  i = exclusive_rule_index (scenario, id);
  if (i >= 0)
    value = gbacw_exclusive_rule_get_param (g_ptr_array_index (scenario->exclusive_rules, i), name);
  for (guint a = 0; value && a < scenario->map->areas->len; a++)
    if (g_strcmp0 (((GbacwArea *) g_ptr_array_index (scenario->map->areas, a))->id, value) == 0)
      {
        /* the parameter's area: hex in, or out when it is there */
        area = gbacw_area_copy (g_ptr_array_index (scenario->map->areas, a));
        if (gbacw_area_contains (area, hex))
          {
            for (guint k = 0; k < area->hexes->len; k++)
              if (g_array_index (area->hexes, int, k) == hex)
                {
                  g_array_remove_index (area->hexes, k);
                  break;
                }
          }
        else
          {
            g_array_append_val (area->hexes, hex);
            gbacw_area_sort (area);
          }
        if (area_out)
          *area_out = g_strdup (area->id);
        edit = gbacw_collection_edit_new (_("Draw area"), MERGE_AREA_DRAW (area->id));
        gbacw_collection_edit_replace (edit, GBACW_COLLECTION_AREAS, a, g_steal_pointer (&area));
        return GBACW_COMMAND (edit);
      }

  /* no area yet: a new one, and the parameter naming it, in one edit */
  {
    g_autofree char *area_id = gbacw_oob_unique_id (scenario, name);
    g_autofree char *area_name = g_strdup_printf ("%s %s", id, name);
    GbacwExclusiveRule *rule = exclusive_rule_with_param (scenario, id, name, area_id, &i);

    area = gbacw_area_new (area_id, GBACW_AREA_OTHER, area_name);
    g_array_append_val (area->hexes, hex);
    if (area_out)
      *area_out = g_strdup (area_id);
    edit = gbacw_collection_edit_new (_("Draw area"), MERGE_AREA_DRAW (area_id));
    gbacw_collection_edit_insert (edit, GBACW_COLLECTION_AREAS, scenario->map->areas->len, g_steal_pointer (&area));
    if (i < 0)
      gbacw_collection_edit_insert (edit, GBACW_COLLECTION_EXCLUSIVE_RULES, scenario->exclusive_rules->len, rule);
    else
      gbacw_collection_edit_replace (edit, GBACW_COLLECTION_EXCLUSIVE_RULES, (guint) i, rule);
    return GBACW_COMMAND (edit);
  }
}

GbacwCommand *
gbacw_victory_set_objective (GbacwScenario *scenario, const char *id, const char *side, int vp, GError **error)
{
  g_autoptr (OobArea) area = NULL;
  const GbacwArea *old;
  guint i;

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!find_area_index (scenario, id, &i, error))
    return NULL;
  if (!gbacw_oob_edit_check_side (scenario, side, FALSE, error))
    return NULL;
  old = g_ptr_array_index (scenario->map->areas, i);
  if (g_strcmp0 (old->side, side) == 0 && old->vp == vp)
    return gbacw_oob_edit_empty_command (_("Change objective"));
  area = gbacw_area_copy (old);
  g_free (area->side);
  area->side = g_strdup (side);
  area->vp = vp;
  return gbacw_oob_edit_one_replace (_("Change objective"), GBACW_COLLECTION_AREAS, i, g_steal_pointer (&area));
}

static gboolean
check_level (const GbacwScenario *s, const GbacwVictoryLevel *level, GError **error)
{
  return gbacw_oob_edit_check_side (s, level->side, FALSE, error) && check_optional_text (level->name, error);
}

static gboolean
check_index (guint index, const GPtrArray *array, GError **error)
{
  if (index < array->len)
    return TRUE;
  g_set_error (error, GBACW_OOB_EDIT_ERROR, GBACW_OOB_EDIT_ERROR_NOT_FOUND, _("there is no entry %u"), index);
  return FALSE;
}

GbacwCommand *
gbacw_victory_add_level (GbacwScenario *scenario, const GbacwVictoryLevel *level, GError **error)
{
  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (level != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!check_level (scenario, level, error))
    return NULL;
  return gbacw_oob_edit_one_insert (_("Add level of victory"), GBACW_COLLECTION_VICTORY_LEVELS, scenario->victory_levels->len,
                     gbacw_victory_level_copy (level));
}

GbacwCommand *
gbacw_victory_set_level (GbacwScenario *scenario, guint index, const GbacwVictoryLevel *level, GError **error)
{
  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (level != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!check_index (index, scenario->victory_levels, error) || !check_level (scenario, level, error))
    return NULL;
  return gbacw_oob_edit_one_replace (_("Change level of victory"), GBACW_COLLECTION_VICTORY_LEVELS, index,
                      gbacw_victory_level_copy (level));
}

GbacwCommand *
gbacw_victory_remove_level (GbacwScenario *scenario, guint index, GError **error)
{
  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!check_index (index, scenario->victory_levels, error))
    return NULL;
  return gbacw_oob_edit_one_remove (_("Remove level of victory"), GBACW_COLLECTION_VICTORY_LEVELS, index);
}

static gboolean
check_automatic (const GbacwScenario *s, const GbacwAutomaticVictory *a, GError **error)
{
  if (a->turn != GBACW_UNSET && !gbacw_oob_edit_check_turn (s, a->turn, error))
    return FALSE;
  return gbacw_oob_edit_check_side (s, a->side, FALSE, error) && check_area (s, a->area, error) && check_optional_text (a->text, error);
}

GbacwCommand *
gbacw_victory_add_automatic (GbacwScenario *scenario, const GbacwAutomaticVictory *automatic, GError **error)
{
  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (automatic != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!check_automatic (scenario, automatic, error))
    return NULL;
  return gbacw_oob_edit_one_insert (_("Add automatic victory"), GBACW_COLLECTION_AUTOMATIC_VICTORIES,
                     scenario->automatic_victories->len, gbacw_automatic_victory_copy (automatic));
}

GbacwCommand *
gbacw_victory_set_automatic (GbacwScenario *scenario, guint index, const GbacwAutomaticVictory *automatic,
                             GError **error)
{
  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (automatic != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!check_index (index, scenario->automatic_victories, error) || !check_automatic (scenario, automatic, error))
    return NULL;
  return gbacw_oob_edit_one_replace (_("Change automatic victory"), GBACW_COLLECTION_AUTOMATIC_VICTORIES, index,
                      gbacw_automatic_victory_copy (automatic));
}

GbacwCommand *
gbacw_victory_remove_automatic (GbacwScenario *scenario, guint index, GError **error)
{
  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!check_index (index, scenario->automatic_victories, error))
    return NULL;
  return gbacw_oob_edit_one_remove (_("Remove automatic victory"), GBACW_COLLECTION_AUTOMATIC_VICTORIES, index);
}
