/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-checks-oob.c: the order of battle: formations, units and their ratings. */
#define G_LOG_DOMAIN "gbacw-checks-oob"

#include "gbacw-checks-private.h"

/* ==================================================================== order of battle */

static int
kind_rank (GbacwFormationKind kind)
{
  switch (kind)
    {
    case GBACW_FORMATION_ARMY:
      return 0;
    case GBACW_FORMATION_CORPS:
      return 1;
    case GBACW_FORMATION_DIVISION:
      return 2;
    case GBACW_FORMATION_BRIGADE:
      return 3;
    case GBACW_FORMATION_GROUP:
    default:
      return -1;
    }
}

static const char *
formation_kind_name (GbacwFormationKind kind)
{
  switch (kind)
    {
    case GBACW_FORMATION_ARMY:
      return _("army");
    case GBACW_FORMATION_CORPS:
      return _("corps");
    case GBACW_FORMATION_DIVISION:
      return _("division");
    case GBACW_FORMATION_BRIGADE:
      return _("brigade");
    case GBACW_FORMATION_GROUP:
    default:
      return _("group");
    }
}

static gboolean
role_fits (GbacwLeaderRole role, GbacwFormationKind kind)
{
  switch (kind)
    {
    case GBACW_FORMATION_ARMY:
      return role == GBACW_LEADER_ARMY;
    case GBACW_FORMATION_CORPS:
      return role == GBACW_LEADER_CORPS || role == GBACW_LEADER_ARMY;
    case GBACW_FORMATION_DIVISION:
      return role == GBACW_LEADER_DIVISION || role == GBACW_LEADER_CORPS;
    case GBACW_FORMATION_BRIGADE:
      return role == GBACW_LEADER_BRIGADE || role == GBACW_LEADER_REPLACEMENT;
    case GBACW_FORMATION_GROUP:
    default:
      return TRUE;
    }
}

/* Locate a new finding (returned by gbacw_emit) at a formation or a unit. */
static void
emit_formation (GbacwFinding *f, const char *id)
{
  gbacw_finding_set_id (f, GBACW_LOCATION_FORMATION, id);
}

static void
check_formations (CheckContext *ctx, GPtrArray *out)
{
  const GbacwOob *oob = &ctx->s->oob;
  g_autoptr (GHashTable) commanders = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint i = 0; i < oob->formations->len; i++)
    {
      const GbacwFormation *f = g_ptr_array_index (oob->formations, i);
      const char *name = name_or_id (f->name, f->id);
      const GbacwFormation *parent = f->parent ? gbacw_oob_find_formation (oob, f->parent) : NULL;
      GPtrArray *direct = g_hash_table_lookup (ctx->formation_units, f->id);
      gboolean has_dependent_units = FALSE;

      /* hierarchy (17.2): a formation sits inside a higher one, same side, no cycles */
      if (f->parent && parent == NULL)
        emit_formation (gbacw_emit (out, GBACW_SEVERITY_ERROR, "oob.hierarchy", "17.2",
                                         _("The %s “%s” is inside “%s”, which is not in the order of battle"),
                                         formation_kind_name (f->kind), name, f->parent), f->id);
      else if (parent)
        {
          int depth = 0;
          const GbacwFormation *up = parent;
          if (g_strcmp0 (parent->side, f->side) != 0)
            emit_formation (gbacw_emit (out, GBACW_SEVERITY_ERROR, "oob.hierarchy", "17.2",
                                             _("The %s “%s” is inside “%s”, a formation of the other side"),
                                             formation_kind_name (f->kind), name,
                                             name_or_id (parent->name, parent->id)), f->id);
          else if (kind_rank (f->kind) >= 0 && kind_rank (parent->kind) >= 0
                   && kind_rank (parent->kind) >= kind_rank (f->kind))
            emit_formation (gbacw_emit (out, GBACW_SEVERITY_ERROR, "oob.hierarchy", "17.2",
                                             _("The %s “%s” is inside the %s “%s”; a formation belongs to a higher "
                                               "one (army, corps, division, brigade)"),
                                             formation_kind_name (f->kind), name,
                                             formation_kind_name (parent->kind),
                                             name_or_id (parent->name, parent->id)), f->id);
          while (up && depth < 64)
            {
              if (up == f)
                break;
              up = up->parent ? gbacw_oob_find_formation (oob, up->parent) : NULL;
              depth++;
            }
          if (up == f || depth >= 64)
            emit_formation (gbacw_emit (out, GBACW_SEVERITY_ERROR, "oob.hierarchy", "17.2",
                                             _("The %s “%s” is inside itself (its parents form a loop)"),
                                             formation_kind_name (f->kind), name), f->id);
        }
      else if (f->kind == GBACW_FORMATION_BRIGADE && !f->independent)
        emit_formation (gbacw_emit (out, GBACW_SEVERITY_WARNING, "oob.hierarchy", "17.66",
                                         _("The brigade “%s” is in no division and is not independent"), name),
                        f->id);

      /* commander (17.1, 17.2) */
      if (direct)
        for (guint k = 0; k < direct->len && !has_dependent_units; k++)
          {
            const GbacwUnit *u = g_ptr_array_index (direct, k);
            has_dependent_units = is_combat_unit (u) && u->type != GBACW_UNIT_WAGON
                                  && !(u->flags & GBACW_UNIT_FLAG_INDEPENDENT);
          }
      if (f->commander == NULL)
        {
          if (has_dependent_units)
            emit_formation (gbacw_emit (out, GBACW_SEVERITY_ERROR, "oob.commander", "17.1",
                                             _("The %s “%s” has no commander, so its units can never be in command"),
                                             formation_kind_name (f->kind), name), f->id);
          else if (f->kind != GBACW_FORMATION_GROUP)
            emit_formation (gbacw_emit (out, GBACW_SEVERITY_WARNING, "oob.commander", "17.2",
                                             _("The %s “%s” has no commander"), formation_kind_name (f->kind), name),
                            f->id);
        }
      else
        {
          const GbacwUnit *leader = gbacw_oob_find_unit (oob, f->commander);
          const char *other = g_hash_table_lookup (commanders, f->commander);
          if (leader == NULL || leader->type != GBACW_UNIT_LEADER)
            emit_formation (gbacw_emit (out, GBACW_SEVERITY_ERROR, "oob.commander", "17.1",
                                             _("The commander of “%s”, “%s”, is not a leader of the order of battle"),
                                             name, f->commander), f->id);
          else if (g_strcmp0 (leader->side, f->side) != 0)
            emit_formation (gbacw_emit (out, GBACW_SEVERITY_ERROR, "oob.commander", "17.1",
                                             _("The commander of “%s”, %s, belongs to the other side"), name,
                                             gbacw_unit_name (leader)), f->id);
          else if (!role_fits (leader->role, f->kind))
            emit_formation (gbacw_emit (out, GBACW_SEVERITY_WARNING, "oob.commander", "17.2",
                                             _("The %s “%s” is commanded by %s, whose role is %s"),
                                             formation_kind_name (f->kind), name, gbacw_unit_name (leader),
                                             gbacw_leader_role_to_string (leader->role)), f->id);
          if (other)
            emit_formation (gbacw_emit (out, GBACW_SEVERITY_ERROR, "oob.commander", "17.1",
                                             _("%s commands both “%s” and “%s”"),
                                             leader ? gbacw_unit_name (leader) : f->commander, other, name), f->id);
          else
            g_hash_table_insert (commanders, f->commander, (gpointer) name);
        }

      /* BCE (18.0): the limit of each day, not above the brigade's Strength Points */
      if (f->kind == GBACW_FORMATION_BRIGADE)
        {
          g_autoptr (GPtrArray) units = g_ptr_array_new ();
          int total = 0;
          gboolean all_entered = TRUE;   /* a strength not entered: the total is not known */
          gbacw_formation_collect_units (ctx, f->id, units);
          for (guint k = 0; k < units->len; k++)
            {
              const GbacwUnit *u = g_ptr_array_index (units, k);
              if (u->type != GBACW_UNIT_INFANTRY && u->type != GBACW_UNIT_CAVALRY)
                continue;
              if (u->strength != GBACW_UNSET)
                total += u->strength;
              else
                all_entered = FALSE;
            }
          if (f->bce[0] == GBACW_UNSET && f->bce[1] == GBACW_UNSET)
            emit_formation (gbacw_emit (out, GBACW_SEVERITY_INFO, "oob.bce", "18.0",
                                             _("The BCE limit of the brigade “%s” is not entered yet"), name), f->id);
          for (int day = 0; day < 2; day++)
            if (all_entered && f->bce[day] != GBACW_UNSET && f->bce[day] > total)
              emit_formation (gbacw_emit (out, GBACW_SEVERITY_ERROR, "oob.bce", "18.0",
                                               g_dngettext (GETTEXT_PACKAGE, "The BCE limit of the brigade “%s” for day %d (%d) is "
                                                            "above its total of %d Strength Point, so it can never lose BCE",
                                                            "The BCE limit of the brigade “%s” for day %d (%d) is "
                                                            "above its total of %d Strength Points, so it can never lose BCE",
                                                            total),
                                               name, day + 1, f->bce[day], total), f->id);
        }
    }
}

static void
check_rating (GPtrArray *out, const GbacwUnit *u, int value, int max, const char *rule_case, const char *what,
              gboolean needed)
{
  if (value == GBACW_UNSET)
    {
      if (needed)
        emit_unit (gbacw_emit (out, GBACW_SEVERITY_INFO, "oob.ratings", rule_case,
                                    _("The %s of %s is not entered yet"), what, gbacw_unit_name (u)), u->id);
    }
  else if (value < 0)
    emit_unit (gbacw_emit (out, GBACW_SEVERITY_ERROR, "oob.ratings", rule_case,
                                _("The %s of %s is %d; it cannot be negative"), what, gbacw_unit_name (u), value),
               u->id);
  else if (value > max)
    emit_unit (gbacw_emit (out, GBACW_SEVERITY_WARNING, "oob.ratings", rule_case,
                                _("The %s of %s is %d, more than %d: is it a typing mistake?"), what,
                                gbacw_unit_name (u), value, max), u->id);
}

static void
check_unit (CheckContext *ctx, const GbacwUnit *u, const GbacwChart *range, GPtrArray *out)
{
  const GbacwOob *oob = &ctx->s->oob;
  const char *name = gbacw_unit_name (u);

  /* membership (5.3, 11.13, 17.1) */
  if (u->formation == NULL)
    {
      if (u->type != GBACW_UNIT_LEADER && u->type != GBACW_UNIT_WAGON && !(u->flags & GBACW_UNIT_FLAG_INDEPENDENT))
        emit_unit (gbacw_emit (out, GBACW_SEVERITY_ERROR, "oob.brigade", "5.3",
                                    _("%s belongs to no brigade and is not independent, so it is never in command"),
                                    name), u->id);
    }
  else
    {
      const GbacwFormation *f = gbacw_oob_find_formation (oob, u->formation);
      if (f == NULL)
        emit_unit (gbacw_emit (out, GBACW_SEVERITY_ERROR, "oob.brigade", "17.1",
                                    _("%s belongs to “%s”, which is not in the order of battle"), name, u->formation),
                   u->id);
      else if (g_strcmp0 (f->side, u->side) != 0)
        emit_unit (gbacw_emit (out, GBACW_SEVERITY_ERROR, "oob.brigade", "17.1",
                                    _("%s belongs to “%s”, a formation of the other side"), name,
                                    name_or_id (f->name, f->id)), u->id);
    }

  switch (u->type)
    {
    case GBACW_UNIT_INFANTRY:
    case GBACW_UNIT_CAVALRY:
      if (u->strength == GBACW_UNSET)
        emit_unit (gbacw_emit (out, GBACW_SEVERITY_INFO, "oob.ratings", "8.12",
                                    _("The strength of %s is not entered yet"), name), u->id);
      else if (u->strength <= 0)
        emit_unit (gbacw_emit (out, GBACW_SEVERITY_ERROR, "oob.ratings", "8.12",
                                    g_dngettext (GETTEXT_PACKAGE, "%s has %d Strength Point; a unit has at least one",
                                                 "%s has %d Strength Points; a unit has at least one", u->strength),
                                    name, u->strength),
                   u->id);
      if (u->morale == GBACW_UNSET)
        emit_unit (gbacw_emit (out, GBACW_SEVERITY_INFO, "oob.ratings", "13.11",
                                    _("The morale of %s is not entered yet"), name), u->id);
      else if (u->morale < GBACW_MORALE_GREEN || u->morale > 5)
        emit_unit (gbacw_emit (out, GBACW_SEVERITY_ERROR, "oob.ratings", "13.11",
                                    _("The morale of %s is %d; a Morale Rating is 1 to 5, or ? for green units"),
                                    name, u->morale), u->id);
      if (u->type == GBACW_UNIT_CAVALRY)
        {
          if (u->dismounted_morale == GBACW_UNSET)
            emit_unit (gbacw_emit (out, GBACW_SEVERITY_INFO, "oob.ratings", "6.14",
                                        _("The dismounted morale of %s is not entered yet"), name), u->id);
          else if (u->dismounted_morale < GBACW_MORALE_GREEN || u->dismounted_morale > 5)
            emit_unit (gbacw_emit (out, GBACW_SEVERITY_ERROR, "oob.ratings", "6.14",
                                        _("The dismounted morale of %s is %d; a Morale Rating is 1 to 5"), name,
                                        u->dismounted_morale), u->id);
        }
      break;
    case GBACW_UNIT_ARTILLERY:
      /* 9.13 guns, 11.31 rounds, 15.12 crew */
      if (u->guns == GBACW_UNSET)
        emit_unit (gbacw_emit (out, GBACW_SEVERITY_INFO, "oob.artillery", "9.13",
                                    _("The number of guns of %s is not entered yet"), name), u->id);
      else if (u->guns <= 0)
        emit_unit (gbacw_emit (out, GBACW_SEVERITY_ERROR, "oob.artillery", "9.13",
                                    _("%s has no guns"), name), u->id);
      if (u->rounds == GBACW_UNSET)
        emit_unit (gbacw_emit (out, GBACW_SEVERITY_INFO, "oob.artillery", "11.31",
                                    _("The ammunition (rounds) of %s is not entered yet"), name), u->id);
      else if (u->rounds == 0)
        emit_unit (gbacw_emit (out, GBACW_SEVERITY_WARNING, "oob.artillery", "11.31",
                                    _("%s starts with no ammunition and cannot fire until resupplied"), name), u->id);
      if (u->crew == GBACW_CREW_UNSET)
        emit_unit (gbacw_emit (out, GBACW_SEVERITY_INFO, "oob.artillery", "15.12",
                                    _("The crew of %s (full or half) is not entered yet"), name), u->id);
      if (u->morale == GBACW_UNSET)
        emit_unit (gbacw_emit (out, GBACW_SEVERITY_INFO, "oob.ratings", "13.11",
                                    _("The morale of %s is not entered yet"), name), u->id);
      break;
    case GBACW_UNIT_WAGON:
      /* 11.1, 11.24, 11.32 */
      if (u->small_arms_boxes == GBACW_UNSET || u->artillery_boxes == GBACW_UNSET)
        emit_unit (gbacw_emit (out, GBACW_SEVERITY_INFO, "oob.wagon", "11.24",
                                    _("The ammunition boxes of %s are not entered yet"), name), u->id);
      else if (u->small_arms_boxes == 0 && u->artillery_boxes == 0)
        emit_unit (gbacw_emit (out, GBACW_SEVERITY_WARNING, "oob.wagon", "11.24",
                                    _("%s carries no ammunition"), name), u->id);
      if (u->crew_strength == GBACW_UNSET || u->morale == GBACW_UNSET)
        emit_unit (gbacw_emit (out, GBACW_SEVERITY_INFO, "oob.wagon", "11.1",
                                    _("The crew (strength and morale) of %s is not entered yet"), name), u->id);
      break;
    case GBACW_UNIT_LEADER:
    default:
      check_rating (out, u, u->er, 10, "17.1", _("Effectiveness Radius"), TRUE);
      check_rating (out, u, u->rally, 10, "17.13", _("Rally Rating"), u->role != GBACW_LEADER_ARMY);
      check_rating (out, u, u->dir, 20, "17.2", _("Divisional Integrity Radius"),
                    u->role == GBACW_LEADER_DIVISION || u->role == GBACW_LEADER_CORPS);
      check_rating (out, u, u->cp, 10, "17.22", _("Command Points"),
                    u->role == GBACW_LEADER_DIVISION || u->role == GBACW_LEADER_CORPS || u->role == GBACW_LEADER_ARMY);
      break;
    }

  /* 9.25: a weapon type the Range Effects Chart knows */
  if (u->type != GBACW_UNIT_LEADER)
    {
      if (u->weapon == NULL)
        emit_unit (gbacw_emit (out, GBACW_SEVERITY_INFO, "oob.weapon", "9.25",
                                    _("The weapon type of %s is not entered yet"), name), u->id);
      else if (range && gbacw_chart_find_row (range, u->weapon) < 0)
        emit_unit (gbacw_emit (out, GBACW_SEVERITY_ERROR, "oob.weapon", "9.25",
                                    _("%s has weapon type “%s”, which the Range Effects Chart does not list"), name,
                                    u->weapon), u->id);
    }
}

void
gbacw_check_oob (CheckContext *ctx, GPtrArray *out)
{
  const GbacwChart *range = gbacw_scenario_find_chart (ctx->s, "range-effects");

  check_formations (ctx, out);
  for (guint i = 0; i < ctx->s->oob.units->len; i++)
    check_unit (ctx, g_ptr_array_index (ctx->s->oob.units, i), range, out);
}
