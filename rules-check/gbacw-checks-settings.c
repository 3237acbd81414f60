/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-checks-settings.c: the scenario settings: turns, objectives, victory levels, sides. */
#define G_LOG_DOMAIN "gbacw-checks-settings"

#include "gbacw-checks-private.h"

/* ==================================================================== scenario settings */

static char *
format_ranges (GArray *numbers)
{
  GString *s = g_string_new (NULL);
  for (guint i = 0; i < numbers->len;)
    {
      int first = g_array_index (numbers, int, i), last = first;
      guint j = i + 1;
      while (j < numbers->len && g_array_index (numbers, int, j) == last + 1)
        last = g_array_index (numbers, int, j++);
      if (s->len)
        g_string_append (s, ", ");
      if (last > first)
        g_string_append_printf (s, "%d–%d", first, last);
      else
        g_string_append_printf (s, "%d", first);
      i = j;
    }
  return g_string_free (s, FALSE);
}

static void
check_turns (CheckContext *ctx, GPtrArray *out)
{
  const GbacwScenario *s = ctx->s;
  const GbacwTurnTrack *t = &s->turns;
  g_autoptr (GArray) missing = g_array_new (FALSE, FALSE, sizeof (int));

  if (t->last < t->first)
    emit_setting (gbacw_emit (out, GBACW_SEVERITY_ERROR, "scenario.turns", "4.0",
                              _("The last Game-Turn (%d) comes before the first (%d)"), t->last, t->first), "turns");
  else if (t->first < 1)
    emit_setting (gbacw_emit (out, GBACW_SEVERITY_ERROR, "scenario.turns", "4.0",
                              _("The first Game-Turn is %d; Game-Turns are numbered from 1"), t->first), "turns");
  if (t->first_player == NULL)
    emit_setting (gbacw_emit (out, GBACW_SEVERITY_ERROR, "scenario.turns", "4.0",
                              _("No first player is set")), "turns");
  else if (gbacw_oob_find_side (&s->oob, t->first_player) == NULL)
    emit_setting (gbacw_emit (out, GBACW_SEVERITY_ERROR, "scenario.turns", "4.0",
                              _("The first player “%s” is not a side of the scenario"), t->first_player), "turns");
  for (guint i = 0; i < t->turns->len; i++)
    {
      const GbacwTurn *turn = g_ptr_array_index (t->turns, i);
      if (turn->n < t->first || turn->n > t->last)
        emit_setting (gbacw_emit (out, GBACW_SEVERITY_WARNING, "scenario.turns", "4.0",
                                  _("Game-Turn %d is listed, but the scenario runs from turn %d to %d"), turn->n,
                                  t->first, t->last), "turns");
      if (turn->first_player && gbacw_oob_find_side (&s->oob, turn->first_player) == NULL)
        emit_setting (gbacw_emit (out, GBACW_SEVERITY_ERROR, "scenario.turns", "4.0",
                                  _("Game-Turn %d: the first player “%s” is not a side of the scenario"), turn->n,
                                  turn->first_player), "turns");
    }
  if (t->last >= t->first && (gint64) t->last - t->first < 100000)
    {
      guint k = 0;
      for (int n = t->first; n <= t->last; n++)
        {
          while (k < t->turns->len && ((GbacwTurn *) g_ptr_array_index (t->turns, k))->n < n)
            k++;
          if (k >= t->turns->len || ((GbacwTurn *) g_ptr_array_index (t->turns, k))->n != n)
            g_array_append_val (missing, n);
        }
      if (missing->len)
        {
          g_autofree char *list = format_ranges (missing);
          emit_setting (gbacw_emit (out, GBACW_SEVERITY_INFO, "scenario.turns", "4.0",
                                    _("The time of Game-Turns %s is not entered yet"), list), "turns");
        }
    }
  for (guint i = 0; i < s->reinforcements->len; i++)
    {
      const GbacwReinforcement *r = g_ptr_array_index (s->reinforcements, i);
      if (r->turn < t->first || r->turn > t->last)
        gbacw_finding_set_id (gbacw_emit (out, GBACW_SEVERITY_ERROR, "scenario.turns", "4.0",
                                          _("Reinforcement “%s” arrives on Game-Turn %d, outside the scenario's "
                                            "turns %d to %d"), r->id, r->turn, t->first, t->last),
                              GBACW_LOCATION_REINFORCEMENT, r->id);
    }
  for (guint i = 0; i < s->automatic_victories->len; i++)
    {
      const GbacwAutomaticVictory *a = g_ptr_array_index (s->automatic_victories, i);
      if (a->turn != GBACW_UNSET && (a->turn < t->first || a->turn > t->last))
        emit_setting (gbacw_emit (out, GBACW_SEVERITY_ERROR, "scenario.turns", "scenario",
                                  _("An automatic victory is checked on Game-Turn %d, outside the scenario's turns %d "
                                    "to %d"), a->turn, t->first, t->last), "victory");
    }
}

/* An award's how, unit-type and role qualifiers (P 34.11 prices losses by outcome) count
 * only for the events that read them: a qualifier the event ignores is a slip (the award
 * then counts every loss, or none). */
static void
check_award_qualifiers (const GbacwVpAward *a, const char *setting, GPtrArray *out)
{
  gboolean losses = a->event == GBACW_VP_ENEMY_SP_LOST || a->event == GBACW_VP_UNIT_VP;
  const char *qualifier = NULL;

  if (a->how != GBACW_VP_HOW_ANY && !losses && a->event != GBACW_VP_LEADER_LOST)
    qualifier = "how";
  else if (a->how == GBACW_VP_HOW_WOUNDED && losses)
    qualifier = "how=\"wounded\"";
  else if (a->unit_type && !losses)
    qualifier = "unit-type";
  else if (a->role && a->event != GBACW_VP_LEADER_LOST)
    qualifier = "role";
  if (qualifier)
    emit_setting (gbacw_emit (out, GBACW_SEVERITY_WARNING, "scenario.objectives", "scenario",
                              _("The award “%s” has %s, which its event “%s” does not use: how “eliminated” or "
                                "“captured” and unit-type qualify Strength Points and units lost, how “wounded”, "
                                "“killed” or “captured” and role leaders lost"),
                              a->id ? a->id : "", qualifier, gbacw_vp_event_to_string (a->event)),
                  setting);
}

static void
check_objectives (CheckContext *ctx, GPtrArray *out)
{
  const GbacwScenario *s = ctx->s;

  if (s->vp_awards->len == 0 && s->victory_levels->len == 0 && s->automatic_victories->len == 0)
    emit_setting (gbacw_emit (out, GBACW_SEVERITY_INFO, "scenario.objectives", "scenario",
                              _("No victory conditions are entered yet")), "victory");
  for (guint i = 0; i < s->vp_awards->len; i++)
    {
      const GbacwVpAward *a = g_ptr_array_index (s->vp_awards, i);
      g_autofree char *setting = g_strdup_printf ("victory/%s", a->id ? a->id : "");
      const GbacwArea *area = a->area ? gbacw_map_find_area (ctx->map, a->area) : NULL;
      gboolean needs_area = a->event == GBACW_VP_OBJECTIVE || a->event == GBACW_VP_UNIT_EXITED;

      if (needs_area && a->area == NULL)
        emit_setting (gbacw_emit (out, GBACW_SEVERITY_ERROR, "scenario.objectives", "scenario",
                                  _("The award “%s” is for %s but names no area"), a->id ? a->id : "",
                                  a->event == GBACW_VP_OBJECTIVE ? _("an objective") : _("units leaving the map")),
                      setting);
      else if (a->area && area == NULL)
        emit_setting (gbacw_emit (out, GBACW_SEVERITY_ERROR, "scenario.objectives", "scenario",
                                  _("The award “%s” names the area “%s”, which is not on the map"),
                                  a->id ? a->id : "", a->area), setting);
      else if (area && area->hexes->len == 0)
        emit_setting (gbacw_emit (out, GBACW_SEVERITY_ERROR, "scenario.objectives", "scenario",
                                  _("The award “%s” is for the area “%s”, which has no hexes"), a->id ? a->id : "",
                                  name_or_id (area->name, area->id)), setting);
      else if (area && a->event == GBACW_VP_OBJECTIVE && area->kind != GBACW_AREA_OBJECTIVE
               && area->kind != GBACW_AREA_TOWN)
        emit_setting (gbacw_emit (out, GBACW_SEVERITY_WARNING, "scenario.objectives", "scenario",
                                  _("The objective award “%s” is for “%s”, which is a %s, not an objective"),
                                  a->id ? a->id : "", name_or_id (area->name, area->id), gbacw_area_kind_name (area->kind)),
                      setting);
      if (a->vp != GBACW_UNSET && a->vp < 0)
        emit_setting (gbacw_emit (out, GBACW_SEVERITY_WARNING, "scenario.objectives", "scenario",
                                  _("The award “%s” gives %d VP: awards earn Victory Points; to cost a side VP, "
                                    "award them to the other side (only a one-sided count, as in C 31.0, takes "
                                    "VP away)"), a->id ? a->id : "", a->vp),
                      setting);
      if (a->vp == GBACW_UNSET && a->event != GBACW_VP_CUSTOM && a->event != GBACW_VP_BCE_LOST
          && a->event != GBACW_VP_UNIT_VP)
        emit_setting (gbacw_emit (out, GBACW_SEVERITY_INFO, "scenario.objectives", "scenario",
                                  _("The Victory Points of the award “%s” are not entered yet"), a->id ? a->id : ""),
                      setting);
      check_award_qualifiers (a, setting, out);
    }
  for (guint i = 0; i < s->automatic_victories->len; i++)
    {
      const GbacwAutomaticVictory *a = g_ptr_array_index (s->automatic_victories, i);
      const GbacwArea *area = a->area ? gbacw_map_find_area (ctx->map, a->area) : NULL;
      if (a->area && (area == NULL || area->hexes->len == 0))
        emit_setting (gbacw_emit (out, GBACW_SEVERITY_ERROR, "scenario.objectives", "scenario",
                                  _("An automatic victory is for the area “%s”, which has no hexes on the map"),
                                  a->area), "victory");
    }
}

/* Levels of victory: each counts from the side ahead (the player with the higher total
 * subtracts the other's, J 28.0, P 34.x, C 31.x), so a level below 0 VP names a side that
 * is behind, and of two levels of one side at the same VP the second is never reached
 * (gbacw_outcome_victory () takes the first). */
static void
check_victory_levels (CheckContext *ctx, GPtrArray *out)
{
  const GbacwScenario *s = ctx->s;

  for (guint i = 0; i < s->victory_levels->len; i++)
    {
      const GbacwVictoryLevel *level = g_ptr_array_index (s->victory_levels, i);
      const char *name = level->name && *level->name ? level->name : _("(unnamed)");
      if (level->min < 0)
        emit_setting (gbacw_emit (out, GBACW_SEVERITY_ERROR, "scenario.victory-levels", "scenario",
                                  _("The level of victory “%s” starts at %d VP: a side that is behind would win "
                                    "it; levels count the VP the side ahead has more than the other, 0 or more"),
                                  name, level->min),
                      "victory");
      for (guint j = 0; j < i; j++)
        {
          const GbacwVictoryLevel *earlier = g_ptr_array_index (s->victory_levels, j);
          if (g_strcmp0 (earlier->side, level->side) == 0 && earlier->min == level->min)
            {
              emit_setting (gbacw_emit (out, GBACW_SEVERITY_ERROR, "scenario.victory-levels", "scenario",
                                        _("The levels of victory “%s” and “%s” of the same side both start at %d "
                                          "VP: a game can never end in “%s”; give each level its own VP"),
                                        earlier->name ? earlier->name : "", name, level->min, name),
                            "victory");
              break;
            }
        }
    }
}

static void
check_sides (CheckContext *ctx, GPtrArray *out)
{
  const GbacwScenario *s = ctx->s;
  guint n_sides = s->oob.sides->len;
  g_autofree guint *units = g_new0 (guint, MAX (n_sides, 1));
  g_autofree guint *present = g_new0 (guint, MAX (n_sides, 1));

  if (n_sides < 2)
    emit_setting (gbacw_emit (out, GBACW_SEVERITY_ERROR, "scenario.sides", "4.0",
                              g_dngettext (GETTEXT_PACKAGE, "The scenario has %u side; a battle needs two",
                                           "The scenario has %u sides; a battle needs two", n_sides),
                              n_sides), "sides");
  for (guint i = 0; i < s->oob.units->len; i++)
    {
      const GbacwUnit *u = g_ptr_array_index (s->oob.units, i);
      int side = gbacw_side_index (s, u->side);
      if (side < 0 || !is_combat_unit (u))
        continue;
      units[side]++;
      if (g_hash_table_contains (ctx->arriving, u->id))
        present[side]++;
    }
  for (guint i = 0; i < s->deployment->len; i++)
    {
      const GbacwPlacement *p = g_ptr_array_index (s->deployment, i);
      const GbacwUnit *u = gbacw_oob_find_unit (&s->oob, p->unit);
      int side = u ? gbacw_side_index (s, u->side) : -1;
      if (side >= 0 && is_combat_unit (u))
        present[side]++;
    }
  for (guint i = 0; i < n_sides; i++)
    {
      const GbacwSide *side = g_ptr_array_index (s->oob.sides, i);
      g_autofree char *setting = g_strdup_printf ("sides/%s", side->id);
      if (units[i] == 0)
        emit_setting (gbacw_emit (out, GBACW_SEVERITY_ERROR, "scenario.sides", "4.0",
                                  _("The side “%s” has no units"), name_or_id (side->name, side->id)), setting);
      else if (present[i] == 0)
        emit_setting (gbacw_emit (out, GBACW_SEVERITY_ERROR, "scenario.sides", "4.0",
                                  _("No unit of the side “%s” is deployed or arrives as a reinforcement"),
                                  name_or_id (side->name, side->id)), setting);
    }
}

void
gbacw_check_settings (CheckContext *ctx, GPtrArray *out)
{
  check_turns (ctx, out);
  check_objectives (ctx, out);
  check_victory_levels (ctx, out);
  check_sides (ctx, out);
  gbacw_check_rules (ctx, out);
}
