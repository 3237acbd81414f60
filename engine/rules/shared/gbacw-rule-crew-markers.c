/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-rule-crew-markers.c: battery crews that rout away from their guns on a Crew marker
 * (rules matrix §2.D "Crew markers"): J 21.21-21.22, P 20.21-20.23, C 24.21-24.24.
 *
 * Without the module the engine keeps a routed battery crew in its guns' hex (15.16). With
 * it every battery has a crew counter (the engine's, as a wagon's, 11.11:
 * `battery_crew_counters`): J 21.21 "When a gun crew routs away from its guns, a Crew marker
 * is placed on the map, and the owning player performs rout movement with it. An Abandoned
 * Guns marker is placed on the deserted guns to indicate that they may not be fired again
 * until reactivated"; P 20.21 and C 24.21 alike. The counter holds the crew's steps (2 full,
 * 1 half: P 20.23, C 24.23 "half-crew indicated on the reverse side"), is infantry for
 * fire against it, rout and rally (13.54: a gun crew rolls), never fires, and melees 1
 * (full) or 0 (half), 12.12.
 * Its return:
 * - J 21.21 "reactivated during any friendly Final Command Phase in which it is stacked with
 *   its crew and that crew has been rallied ... Only the original crew";
 * - P 20.21 "removed from play once the original crew manages to get back to its battery",
 *   C 24.21 the same: the rallied counter in its guns' hex after any action.
 * The crew lost (eliminated, or captured when it could not retreat, 14.1): P 20.22 "A battery
 * is removed from play when its crew has been eliminated and the guns are considered
 * eliminated for Victory Point purposes"; C 24.22 "the guns are not considered lost for
 * Victory Point purposes unless the enemy player eliminated the battery by capture or the
 * guns were eliminated by enemy battery fire". C 24.24 (optional): the crews of the
 * batteries named melee 0.
 * Guns without their crew (P, C): the texts give them no rule of their own, so they stay an
 * enemy unit in their hex (no unit moves into it, 5.12) and are taken by melee (C 22.4 names
 * "an unmanned battery" among the units meleed without an initiation check): nobody defends
 * them (no strength, no Morale for 12.52, the defender's cells of the Melee CRT fall on
 * nobody), and a melee that leaves the attackers in the hex captures them
 * (unmanned_guns_held; 12.92's and 12.93's accounting: their guns counted captured). With
 * game J that is jackson.abandoned-guns' (J 21.27).
 *
 * Parameters (<exclusive id="crew-markers">):
 *   game         P (the default), J or C: the cases the log cites
 *   return       join (the default: P 20.21, C 24.21) or final-command (J 21.21)
 *   guns-vp      eliminated (the default: P 20.22) or captured-or-battery-fire (C 24.22)
 *   melee-zero   batteries whose crews melee 0 (C 24.24: Robinett, Phillips, Williams)
 */
#define G_LOG_DOMAIN "gbacw-rule-crew-markers"

#include "gbacw-rule-modules.h"

#include <glib/gi18n-lib.h>

#include "gbacw-exclusive-params.h"
#include "gbacw-game.h"

enum { GAME_P, GAME_J, GAME_C };
enum { RETURN_JOIN, RETURN_FINAL_COMMAND };
enum { GUNS_ELIMINATED, GUNS_CAPTURED_OR_BATTERY_FIRE };

typedef struct {
  int game;
  int return_when;
  int guns_vp;
  gboolean *melee_zero;   /* per unit: a battery of C 24.24 */
} Crews;

static const char *
case_of (const Crews *c, const char *p, const char *j, const char *corinth)
{
  return c->game == GAME_J ? j : c->game == GAME_C ? corinth : p;
}

static gpointer
crews_init (GbacwGame *game, const GbacwExclusiveRule *rule)
{
  Crews *c = g_new0 (Crews, 1);
  g_autofree char *why = NULL;
  g_auto (GStrv) zero = NULL;
  const char *value = gbacw_exclusive_rule_get_param (rule, "melee-zero");

  c->game = gbacw_exclusive_rule_get_choice (rule, "game", gbacw_crew_game_choices);
  c->return_when = gbacw_exclusive_rule_get_choice (rule, "return", gbacw_crew_return_choices);
  c->guns_vp = gbacw_exclusive_rule_get_choice (rule, "guns-vp", gbacw_crew_guns_vp_choices);
  c->melee_zero = g_new0 (gboolean, MAX (game->units->len, 1));
  zero = value ? gbacw_exclusive_parse_ids (value, &why) : NULL;
  for (guint i = 0; zero && zero[i]; i++)
    {
      const GbacwGameUnit *u = gbacw_game_find_unit (game, zero[i]);
      if (u && u->type == GBACW_UNIT_ARTILLERY)
        c->melee_zero[u->index] = TRUE;
    }
  return c;
}

static void
crews_finalize (gpointer data)
{
  Crews *c = data;

  g_free (c->melee_zero);
  g_free (c);
}

/* The battery of a gun crew counter, or NULL. */
static GbacwGameUnit *
battery_of (const GbacwGame *game, const GbacwGameUnit *crew)
{
  return gbacw_game_is_gun_crew (game, crew) ? gbacw_game_unit (game, crew->crew_of) : NULL;
}

/* The crew back with its guns: the counter leaves the map, the battery is crewed again (full
 * or half as the counter is) and may fire. */
static void
reactivate (GbacwGame *game, const Crews *c, GbacwGameUnit *crew, GbacwGameUnit *battery)
{
  g_autofree char *label = gbacw_game_unit_label (game, battery->index);
  g_autofree char *crew_label = gbacw_game_unit_label (game, crew->index);

  battery->crew = crew->strength >= 2 ? GBACW_CREW_FULL : GBACW_CREW_HALF;
  battery->status &= ~(GBACW_STATUS_ABANDONED | GBACW_STATUS_ROUTED);
  crew->recovered -= crew->strength;
  crew->strength = 0;
  crew->status = 0;
  gbacw_game_remove_unit (game, crew->index, GBACW_PRESENCE_NOT_ARRIVED);
  gbacw_game_log (game, case_of (c, "P 20.21", "J 21.21", "C 24.21"),
                  battery->crew == GBACW_CREW_FULL ? _("%s returns to %s, which may fire again")
                                                   : _("%s returns to %s, which may fire again with a half crew"),
                  crew_label, label);
}

static gboolean
may_return (const GbacwGameUnit *crew, const GbacwGameUnit *battery)
{
  return crew->presence == GBACW_PRESENCE_ON_MAP && crew->strength > 0 && !(crew->status & GBACW_STATUS_ROUTED)
         && battery->presence == GBACW_PRESENCE_ON_MAP && battery->hex == crew->hex && battery->side == crew->side
         && (battery->status & GBACW_STATUS_ABANDONED);
}

/* P 20.22, C 24.22: the crew lost away from its guns: the battery is removed, its guns
 * counted killed (crew_lost_guns: C 24.22 takes their Victory Points back). */
static void
remove_battery (GbacwGame *game, const Crews *c, GbacwGameUnit *battery)
{
  g_autofree char *label = gbacw_game_unit_label (game, battery->index);

  battery->killed += battery->guns;
  battery->crew_lost_guns = battery->guns;
  battery->guns = 0;
  battery->status &= ~GBACW_STATUS_ABANDONED;
  gbacw_game_remove_unit (game, battery->index, GBACW_PRESENCE_ELIMINATED);
  gbacw_game_log (game, case_of (c, "P 20.22", "J 21.21", "C 24.22"),
                  c->guns_vp == GUNS_CAPTURED_OR_BATTERY_FIRE
                    ? _("The crew of %s is lost: the battery is removed, its guns not counted for Victory Points")
                    : _("The crew of %s is lost: the battery is removed, its guns eliminated"),
                  label);
}

static void
crews_action_done (GbacwGame *game, gpointer data, const GbacwAction *action)
{
  Crews *c = data;

  for (guint i = 0; i < game->units->len; i++)
    {
      GbacwGameUnit *crew = g_ptr_array_index (game->units, i);
      GbacwGameUnit *battery = battery_of (game, crew);

      if (battery == NULL || battery->presence != GBACW_PRESENCE_ON_MAP || !(battery->status & GBACW_STATUS_ABANDONED))
        continue;
      if (crew->presence == GBACW_PRESENCE_ELIMINATED || crew->presence == GBACW_PRESENCE_CAPTURED)
        remove_battery (game, c, battery);
      else if (c->return_when == RETURN_JOIN && may_return (crew, battery))
        reactivate (game, c, crew, battery);
    }
}

/* J 21.21: in a friendly Final Command Phase. */
static void
crews_phase_begin (GbacwGame *game, gpointer data)
{
  Crews *c = data;

  if (c->return_when != RETURN_FINAL_COMMAND || game->phase != GBACW_PHASE_FINAL_COMMAND)
    return;
  for (guint i = 0; i < game->units->len; i++)
    {
      GbacwGameUnit *crew = g_ptr_array_index (game->units, i);
      GbacwGameUnit *battery = battery_of (game, crew);
      if (battery && crew->side == game->phasing_side && may_return (crew, battery))
        reactivate (game, c, crew, battery);
    }
}

/* C 24.24: those crews melee 0, with their guns or on their counter. */
static int
crews_melee_strength (const GbacwGame *game, gpointer data, int unit, int target_hex, int strength)
{
  const Crews *c = data;
  const GbacwGameUnit *u = gbacw_game_unit (game, unit);
  const GbacwGameUnit *battery = u->type == GBACW_UNIT_ARTILLERY ? u : battery_of (game, u);

  return battery && c->melee_zero[battery->index] ? 0 : strength;
}

/* C 24.22: guns eliminated with their crew (15.12, or the crew lost on its counter) earn
 * side nothing; those destroyed by battery fire or captured count as ever. */
static int
crews_victory_points (const GbacwGame *game, gpointer data, int side)
{
  const Crews *c = data;
  const GbacwSide *s = g_ptr_array_index (game->scenario->oob.sides, side);
  int per_gun = 0, guns = 0;

  if (c->guns_vp != GUNS_CAPTURED_OR_BATTERY_FIRE)
    return 0;
  for (guint i = 0; i < game->scenario->vp_awards->len; i++)
    {
      const GbacwVpAward *award = g_ptr_array_index (game->scenario->vp_awards, i);
      if (award->event == GBACW_VP_ENEMY_SP_LOST
          && (award->side == NULL || g_strcmp0 (award->side, "both") == 0 || g_strcmp0 (award->side, s->id) == 0))
        per_gun += award->vp != GBACW_UNSET ? award->vp : 1;
    }
  for (guint i = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *u = g_ptr_array_index (game->units, i);
      if (u->side != side && u->type == GBACW_UNIT_ARTILLERY)
        guns += u->crew_lost_guns;
    }
  return -guns * per_gun;
}

/* P 20.21, C 24.21: guns whose crew is away on its counter have nobody to hold them: a melee
 * on the CRT that leaves the attackers in their hex (neither retreating nor repulsed) takes
 * them, whatever the defender's cell says. J 21.27 gives its own time (the end of the Melee
 * Phase: jackson.abandoned-guns). */
static const char *
crews_unmanned_guns_held (const GbacwGame *game, gpointer data, int hex, int side)
{
  const Crews *c = data;

  (void) game;
  (void) hex;
  (void) side;
  return c->game == GAME_J ? NULL : case_of (c, "P 20.21", "J 21.27", "C 24.21");
}

const GbacwRuleHooks gbacw_rule_crew_markers = {
  .id = "crew-markers",
  .battery_crew_counters = TRUE,
  .stateless = TRUE,   /* its data: its parameters only */
  .init = crews_init,
  .finalize = crews_finalize,
  .action_done = crews_action_done,
  .phase_begin = crews_phase_begin,
  .melee_strength = crews_melee_strength,
  .victory_points = crews_victory_points,
  .unmanned_guns_held = crews_unmanned_guns_held,
};
