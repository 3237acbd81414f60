/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-oob-fields.c: the order of battle's fields: their names, which entries they apply
 * to, their text (formatting and parsing) and the undoable command that sets one. */
#define G_LOG_DOMAIN "gbacw-oob-fields"

#include "gbacw-oob-edit.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "gbacw-collection-edit.h"
#include "gbacw-oob-edit-private.h"

/* ---------------------------------------------------------------- fields */

enum {
  APPLY_FORMATION = 1 << 0,
  APPLY_UNIT      = 1 << 1,   /* infantry, cavalry, artillery, wagons */
  APPLY_LEADER    = 1 << 2,
};

typedef struct {
  const char *name;
  guint applies;
} FieldInfo;

static const FieldInfo field_info[GBACW_N_OOB_FIELDS] = {
  [GBACW_OOB_FIELD_KIND] = { "kind", APPLY_FORMATION | APPLY_UNIT | APPLY_LEADER },
  [GBACW_OOB_FIELD_NAME] = { "name", APPLY_FORMATION | APPLY_UNIT | APPLY_LEADER },
  [GBACW_OOB_FIELD_COMMANDER] = { "commander", APPLY_FORMATION },
  [GBACW_OOB_FIELD_INDEPENDENT] = { "independent", APPLY_FORMATION | APPLY_UNIT | APPLY_LEADER },
  [GBACW_OOB_FIELD_STRENGTH] = { "strength", APPLY_UNIT },
  [GBACW_OOB_FIELD_MORALE] = { "morale", APPLY_UNIT },
  [GBACW_OOB_FIELD_DISMOUNTED_MORALE] = { "dismounted-morale", APPLY_UNIT },
  [GBACW_OOB_FIELD_WEAPON] = { "weapon", APPLY_UNIT },
  [GBACW_OOB_FIELD_GUNS] = { "guns", APPLY_UNIT },
  [GBACW_OOB_FIELD_ROUNDS] = { "rounds", APPLY_UNIT },
  [GBACW_OOB_FIELD_CREW] = { "crew", APPLY_UNIT },
  [GBACW_OOB_FIELD_SMALL_ARMS] = { "small-arms", APPLY_UNIT },
  [GBACW_OOB_FIELD_ARTILLERY_AMMO] = { "artillery-ammo", APPLY_UNIT },
  [GBACW_OOB_FIELD_WAGON_CREW] = { "wagon-crew", APPLY_UNIT },
  [GBACW_OOB_FIELD_SHARPSHOOTER] = { "sharpshooter", APPLY_UNIT },
  [GBACW_OOB_FIELD_HORSE_ARTILLERY] = { "horse-artillery", APPLY_UNIT },
  [GBACW_OOB_FIELD_SECTION] = { "section", APPLY_UNIT },
  [GBACW_OOB_FIELD_DOUBLE_SHOT] = { "double-shot", APPLY_UNIT },
  [GBACW_OOB_FIELD_ROLE] = { "role", APPLY_LEADER },
  [GBACW_OOB_FIELD_RANK] = { "rank", APPLY_LEADER },
  [GBACW_OOB_FIELD_ER] = { "er", APPLY_LEADER },
  [GBACW_OOB_FIELD_RALLY] = { "rally", APPLY_LEADER },
  [GBACW_OOB_FIELD_DIR] = { "dir", APPLY_LEADER },
  [GBACW_OOB_FIELD_CP] = { "cp", APPLY_LEADER },
  [GBACW_OOB_FIELD_BCE_DAY1] = { "bce-day1", APPLY_FORMATION },
  [GBACW_OOB_FIELD_BCE_DAY2] = { "bce-day2", APPLY_FORMATION },
  [GBACW_OOB_FIELD_BCE_VP] = { "bce-vp", APPLY_FORMATION },
  [GBACW_OOB_FIELD_MOMENTUM] = { "momentum", APPLY_FORMATION },
  [GBACW_OOB_FIELD_VP] = { "vp", APPLY_UNIT | APPLY_LEADER },
};

const char *
gbacw_oob_field_to_string (GbacwOobField field)
{
  g_return_val_if_fail (field < GBACW_N_OOB_FIELDS, NULL);
  return field_info[field].name;
}

int
gbacw_oob_field_from_string (const char *name)
{
  if (name == NULL)
    return -1;
  for (int i = 0; i < GBACW_N_OOB_FIELDS; i++)
    if (strcmp (field_info[i].name, name) == 0)
      return i;
  return -1;
}

static guint
apply_bit (gboolean formation, GbacwUnitType type)
{
  if (formation)
    return APPLY_FORMATION;
  return type == GBACW_UNIT_LEADER ? APPLY_LEADER : APPLY_UNIT;
}

gboolean
gbacw_oob_field_applies (GbacwOobField field, gboolean formation, GbacwUnitType type)
{
  g_return_val_if_fail (field < GBACW_N_OOB_FIELDS, FALSE);
  return (field_info[field].applies & apply_bit (formation, type)) != 0;
}

static char *
format_int (int v)
{
  return v == GBACW_UNSET ? g_strdup ("") : g_strdup_printf ("%d", v);
}

static char *
format_morale (int v)
{
  if (v == GBACW_UNSET)
    return g_strdup ("");
  if (v == GBACW_MORALE_GREEN)
    return g_strdup ("?");
  return g_strdup_printf ("%d", v);
}

static char *
format_flag (gboolean on)
{
  return g_strdup (on ? "yes" : "");
}

char *
gbacw_oob_field_format_unit (const GbacwUnit *u, GbacwOobField field)
{
  g_return_val_if_fail (u != NULL, NULL);
  g_return_val_if_fail (field < GBACW_N_OOB_FIELDS, NULL);

  if (!gbacw_oob_field_applies (field, FALSE, u->type))
    return g_strdup ("");
  switch (field)
    {
    case GBACW_OOB_FIELD_KIND: return g_strdup (u->type == GBACW_UNIT_LEADER ? "leader" : gbacw_unit_type_to_string (u->type));
    case GBACW_OOB_FIELD_NAME: return g_strdup (u->designation ? u->designation : "");
    case GBACW_OOB_FIELD_INDEPENDENT: return format_flag (u->flags & GBACW_UNIT_FLAG_INDEPENDENT);
    case GBACW_OOB_FIELD_STRENGTH: return format_int (u->strength);
    case GBACW_OOB_FIELD_MORALE: return format_morale (u->morale);
    case GBACW_OOB_FIELD_DISMOUNTED_MORALE: return format_morale (u->dismounted_morale);
    case GBACW_OOB_FIELD_WEAPON: return g_strdup (u->weapon ? u->weapon : "");
    case GBACW_OOB_FIELD_GUNS: return format_int (u->guns);
    case GBACW_OOB_FIELD_ROUNDS: return format_int (u->rounds);
    case GBACW_OOB_FIELD_CREW:
      return g_strdup (u->crew == GBACW_CREW_FULL ? "full" : u->crew == GBACW_CREW_HALF ? "half" : "");
    case GBACW_OOB_FIELD_SMALL_ARMS: return format_int (u->small_arms_boxes);
    case GBACW_OOB_FIELD_ARTILLERY_AMMO: return format_int (u->artillery_boxes);
    /* the file keeps one "crew": full/half wins */
    case GBACW_OOB_FIELD_WAGON_CREW: return format_int (u->crew == GBACW_CREW_UNSET ? u->crew_strength : GBACW_UNSET);
    case GBACW_OOB_FIELD_SHARPSHOOTER: return format_flag (u->flags & GBACW_UNIT_FLAG_SHARPSHOOTER);
    case GBACW_OOB_FIELD_HORSE_ARTILLERY: return format_flag (u->flags & GBACW_UNIT_FLAG_HORSE_ARTILLERY);
    case GBACW_OOB_FIELD_SECTION: return format_flag (u->flags & GBACW_UNIT_FLAG_SECTION);
    case GBACW_OOB_FIELD_DOUBLE_SHOT: return format_flag (u->flags & GBACW_UNIT_FLAG_DOUBLE_SHOT);
    case GBACW_OOB_FIELD_ROLE: return g_strdup (gbacw_leader_role_to_string (u->role));
    case GBACW_OOB_FIELD_RANK: return g_strdup (u->rank ? u->rank : "");
    case GBACW_OOB_FIELD_ER: return format_int (u->er);
    case GBACW_OOB_FIELD_RALLY: return format_int (u->rally);
    case GBACW_OOB_FIELD_DIR: return format_int (u->dir);
    case GBACW_OOB_FIELD_CP: return format_int (u->cp);
    case GBACW_OOB_FIELD_VP: return format_int (u->vp);
    case GBACW_OOB_FIELD_COMMANDER:
    case GBACW_OOB_FIELD_BCE_DAY1:
    case GBACW_OOB_FIELD_BCE_DAY2:
    case GBACW_OOB_FIELD_BCE_VP:
    case GBACW_OOB_FIELD_MOMENTUM:
    case GBACW_N_OOB_FIELDS:
    default:
      return g_strdup ("");
    }
}

char *
gbacw_oob_field_format_formation (const GbacwFormation *f, GbacwOobField field)
{
  g_return_val_if_fail (f != NULL, NULL);
  g_return_val_if_fail (field < GBACW_N_OOB_FIELDS, NULL);

  switch (field)
    {
    case GBACW_OOB_FIELD_KIND: return g_strdup (gbacw_formation_kind_to_string (f->kind));
    case GBACW_OOB_FIELD_NAME: return g_strdup (f->name ? f->name : "");
    case GBACW_OOB_FIELD_COMMANDER: return g_strdup (f->commander ? f->commander : "");
    case GBACW_OOB_FIELD_INDEPENDENT: return format_flag (f->independent);
    case GBACW_OOB_FIELD_BCE_DAY1: return format_int (f->bce[0]);
    case GBACW_OOB_FIELD_BCE_DAY2: return format_int (f->bce[1]);
    case GBACW_OOB_FIELD_BCE_VP: return format_int (f->bce_vp);
    case GBACW_OOB_FIELD_MOMENTUM: return format_int (f->momentum);
    default:
      return g_strdup ("");
    }
}

gboolean
gbacw_oob_edit_set_invalid (GError **error, const char *format, ...) G_GNUC_PRINTF (2, 3);

gboolean
gbacw_oob_edit_set_invalid (GError **error, const char *format, ...)
{
  va_list args;

  if (error == NULL)
    return FALSE;
  va_start (args, format);
  *error = g_error_new_valist (GBACW_OOB_EDIT_ERROR, GBACW_OOB_EDIT_ERROR_INVALID, format, args);
  va_end (args);
  return FALSE;
}

/* "" gives GBACW_UNSET. */
static gboolean
parse_int (const char *text, int min, int max, int *out, GError **error)
{
  g_autofree char *t = NULL;
  const char *p;
  gint64 v = 0;

  if (text == NULL || *text == '\0')
    {
      *out = GBACW_UNSET;
      return TRUE;
    }
  p = t = g_strstrip (g_strdup (text));

  if (*t == '\0')
    {
      *out = GBACW_UNSET;
      return TRUE;
    }
  if (*p == '+' || *p == '-')
    p++;
  if (*p == '\0')
    return gbacw_oob_edit_set_invalid (error, _("“%s” is not a whole number"), t);
  for (; *p; p++)
    {
      if (!g_ascii_isdigit (*p))
        return gbacw_oob_edit_set_invalid (error, _("“%s” is not a whole number"), t);
      if (v < G_GINT64_CONSTANT (10000000000))
        v = v * 10 + (*p - '0');
    }
  if (t[0] == '-')
    v = -v;
  if (v < min || v > max)
    {
      if (max == G_MAXINT)
        return gbacw_oob_edit_set_invalid (error, _("%s is out of range: it must be %d or more"), t, min);
      return gbacw_oob_edit_set_invalid (error, _("%s is out of range: it must be %d to %d"), t, min, max);
    }
  *out = (int) v;
  return TRUE;
}

/* parse_int () that leaves *out alone on error */
static gboolean
parse_int_into (const char *text, int min, int max, int *out, GError **error)
{
  int v = GBACW_UNSET;
  if (!parse_int (text, min, max, &v, error))
    return FALSE;
  *out = v;
  return TRUE;
}

static gboolean
parse_morale (const char *text, int *out, GError **error)
{
  g_autofree char *t = g_strstrip (g_strdup (text ? text : ""));
  int v = GBACW_UNSET;

  if (strcmp (t, "?") == 0)
    {
      *out = GBACW_MORALE_GREEN;
      return TRUE;
    }
  if (!parse_int (t, G_MININT + 1, G_MAXINT, &v, NULL) || (v != GBACW_UNSET && (v < 1 || v > 5)))
    return gbacw_oob_edit_set_invalid (error, _("“%s” is not a morale rating: it must be 1 to 5, or ? for a green unit"), t);
  *out = v;
  return TRUE;
}

static gboolean
parse_morale_into (const char *text, int *out, GError **error)
{
  int v = GBACW_UNSET;
  if (!parse_morale (text, &v, error))
    return FALSE;
  *out = v;
  return TRUE;
}

static gboolean
parse_flag (const char *text, gboolean *out, GError **error)
{
  g_autofree char *t = NULL;

  if (text == NULL || *text == '\0')
    {
      *out = FALSE;
      return TRUE;
    }
  t = g_strstrip (g_strdup (text));

  if (*t == '\0' || g_ascii_strcasecmp (t, "no") == 0)
    *out = FALSE;
  else if (g_ascii_strcasecmp (t, "yes") == 0)
    *out = TRUE;
  else
    return gbacw_oob_edit_set_invalid (error, _("“%s” is neither yes nor no"), t);
  return TRUE;
}

/* Text the file can hold: valid UTF-8 without control characters other than tab and
 * line breaks. "" gives NULL. */
gboolean
gbacw_oob_edit_parse_text (const char *text, char **out, GError **error)
{
  if (text == NULL || *text == '\0')
    {
      g_clear_pointer (out, g_free);
      return TRUE;
    }
  if (!g_utf8_validate (text, -1, NULL))
    return gbacw_oob_edit_set_invalid (error, _("the text is not valid UTF-8"));
  for (const unsigned char *p = (const unsigned char *) text; *p; p++)
    if ((*p < 0x20 && *p != '\t' && *p != '\n' && *p != '\r') || *p == 0x7f)
      return gbacw_oob_edit_set_invalid (error, _("the text contains a control character"));
  g_free (*out);
  *out = g_strdup (text);
  return TRUE;
}

static gboolean
parse_id (const char *text, char **out, GError **error)
{
  g_autofree char *t = g_strstrip (g_strdup (text ? text : ""));

  if (*t == '\0')
    {
      g_clear_pointer (out, g_free);
      return TRUE;
    }
  if (!gbacw_oob_edit_check_id_syntax (t, error))
    return FALSE;
  g_free (*out);
  *out = g_steal_pointer (&t);
  return TRUE;
}

gboolean
gbacw_oob_weapon_known (const GbacwScenario *scenario, const char *weapon)
{
  const GbacwChart *chart;

  g_return_val_if_fail (scenario != NULL, FALSE);
  if (weapon == NULL)
    return FALSE;
  chart = gbacw_scenario_find_chart (scenario, "range-effects");
  if (chart == NULL)
    return gbacw_oob_edit_id_syntax_ok (weapon);
  return gbacw_chart_find_row (chart, weapon) >= 0;
}

/* Words of the 9.25 chart's weapon names, in lower case. Small arms first: a "rifled
 * musket" or "smoothbore musket" is not a gun. */
static const char *const small_arms_words[] = { "musket", "carbine", "pistol", "colt", "repeater", "shotgun",
                                                 "small arms", "small-arms", "sharps", "spencer", "henry", NULL };
static const char *const artillery_words[] = { "howitzer", "napoleon", "parrott", "-lb", "pounder", "ordnance",
                                                "gun", "cannon", "siege", "james", "whitworth", "rodman",
                                                "artillery", "smoothbore", NULL };

static gboolean
has_word (const char *text, const char *const *words)
{
  for (guint i = 0; words[i] != NULL; i++)
    if (strstr (text, words[i]) != NULL)
      return TRUE;
  return FALSE;
}

GbacwWeaponKind
gbacw_oob_weapon_kind (const GbacwScenario *scenario, const char *weapon)
{
  const GbacwChart *chart;
  int row, n_artillery = 0, n_other = 0;

  g_return_val_if_fail (scenario != NULL, GBACW_WEAPON_KIND_UNKNOWN);
  if (weapon == NULL)
    return GBACW_WEAPON_KIND_UNKNOWN;

  chart = gbacw_scenario_find_chart (scenario, "range-effects");
  row = chart != NULL ? gbacw_chart_find_row (chart, weapon) : -1;
  if (row >= 0)
    {
      const GbacwChartRow *r = g_ptr_array_index (chart->rows, row);
      g_autofree char *name = g_utf8_strdown (r->name != NULL ? r->name : "", -1);

      if (has_word (name, small_arms_words))
        return GBACW_WEAPON_KIND_SMALL_ARMS;
      if (has_word (name, artillery_words))
        return GBACW_WEAPON_KIND_ARTILLERY;
    }

  for (guint i = 0; i < scenario->oob.units->len; i++)
    {
      const GbacwUnit *u = g_ptr_array_index (scenario->oob.units, i);
      if (u->type == GBACW_UNIT_LEADER || g_strcmp0 (u->weapon, weapon) != 0)
        continue;
      if (u->type == GBACW_UNIT_ARTILLERY)
        n_artillery++;
      else
        n_other++;
    }
  if (n_artillery > 0 && n_other == 0)
    return GBACW_WEAPON_KIND_ARTILLERY;
  if (n_other > 0 && n_artillery == 0)
    return GBACW_WEAPON_KIND_SMALL_ARMS;
  return GBACW_WEAPON_KIND_UNKNOWN;
}

gboolean
gbacw_oob_weapon_for_unit_type (const GbacwScenario *scenario, const char *weapon, GbacwUnitType type)
{
  GbacwWeaponKind kind = gbacw_oob_weapon_kind (scenario, weapon);

  if (kind == GBACW_WEAPON_KIND_UNKNOWN)
    return TRUE;
  if (type == GBACW_UNIT_ARTILLERY)
    return kind == GBACW_WEAPON_KIND_ARTILLERY;
  return kind == GBACW_WEAPON_KIND_SMALL_ARMS;
}

static gboolean
parse_weapon (const GbacwScenario *s, const char *text, char **out, GError **error)
{
  g_autofree char *t = g_strstrip (g_strdup (text ? text : ""));
  const GbacwChart *chart;

  if (*t && *out && strcmp (t, *out) == 0)
    return TRUE;  /* unchanged: known already (or kept as it was) */
  if (*t == '\0')
    {
      g_clear_pointer (out, g_free);
      return TRUE;
    }
  if (!gbacw_oob_weapon_known (s, t))
    {
      g_autoptr (GString) known = g_string_new (NULL);
      chart = gbacw_scenario_find_chart (s, "range-effects");
      if (chart == NULL)
        return gbacw_oob_edit_check_id_syntax (t, error);
      for (guint i = 0; i < chart->rows->len; i++)
        {
          if (i > 0)
            g_string_append (known, ", ");
          g_string_append (known, ((GbacwChartRow *) g_ptr_array_index (chart->rows, i))->id);
        }
      return gbacw_oob_edit_set_invalid (error, _("unknown weapon type “%s”: it is not a row of the Range Effects chart (%s)"), t,
                          known->len ? known->str : _("which has no rows"));
    }
  g_free (*out);
  *out = g_steal_pointer (&t);
  return TRUE;
}

static void
set_flag (guint *flags, guint flag, gboolean on)
{
  if (on)
    *flags |= flag;
  else
    *flags &= ~flag;
}

gboolean
gbacw_oob_field_parse_unit (const GbacwScenario *scenario, GbacwUnit *unit, GbacwOobField field, const char *text,
                            GError **error)
{
  GbacwUnit *u;
  gboolean flag = FALSE;
  gboolean ok = TRUE;

  g_return_val_if_fail (scenario != NULL, FALSE);
  g_return_val_if_fail (unit != NULL, FALSE);
  g_return_val_if_fail (field < GBACW_N_OOB_FIELDS, FALSE);

  if (text == NULL)
    text = "";
  if (!gbacw_oob_field_applies (field, FALSE, unit->type) && field != GBACW_OOB_FIELD_KIND)
    {
      g_autofree char *t = *text ? g_strstrip (g_strdup (text)) : NULL;
      if (t == NULL)
        return TRUE;
      if (*t == '\0')
        return TRUE;
      if (unit->type == GBACW_UNIT_LEADER)
        return gbacw_oob_edit_set_invalid (error, _("a leader has no %s"), field_info[field].name);
      if (field_info[field].applies == APPLY_FORMATION)
        return gbacw_oob_edit_set_invalid (error, _("a unit has no %s: that is a value of formations"), field_info[field].name);
      return gbacw_oob_edit_set_invalid (error, _("a unit has no %s: that is a value of leaders"), field_info[field].name);
    }

  /* each case parses into a temporary and stores it only when it is good */
  u = unit;
  switch (field)
    {
    case GBACW_OOB_FIELD_KIND:
      {
        g_autofree char *t = g_strstrip (g_strdup (text));
        int type = strcmp (t, "leader") == 0 ? GBACW_UNIT_LEADER : gbacw_unit_type_from_string (t);
        if (type < 0 && gbacw_formation_kind_from_string (t) >= 0)
          return gbacw_oob_edit_set_invalid (error, _("a unit or leader cannot become a formation (%s)"), t);
        if (type < 0)
          return gbacw_oob_edit_set_invalid (error, _("unknown kind “%s”: units are infantry, cavalry, artillery, wagon or leader"),
                              t);
        u->type = type;
      }
      break;
    case GBACW_OOB_FIELD_NAME: ok = gbacw_oob_edit_parse_text (text, &u->designation, error); break;
    case GBACW_OOB_FIELD_INDEPENDENT:
      if ((ok = parse_flag (text, &flag, error)))
        set_flag (&u->flags, GBACW_UNIT_FLAG_INDEPENDENT, flag);
      break;
    case GBACW_OOB_FIELD_STRENGTH: ok = parse_int_into (text, 0, 100000, &u->strength, error); break;
    case GBACW_OOB_FIELD_MORALE: ok = parse_morale_into (text, &u->morale, error); break;
    case GBACW_OOB_FIELD_DISMOUNTED_MORALE: ok = parse_morale_into (text, &u->dismounted_morale, error); break;
    case GBACW_OOB_FIELD_WEAPON: ok = parse_weapon (scenario, text, &u->weapon, error); break;
    case GBACW_OOB_FIELD_GUNS: ok = parse_int_into (text, 0, 1000, &u->guns, error); break;
    case GBACW_OOB_FIELD_ROUNDS: ok = parse_int_into (text, 0, 100000, &u->rounds, error); break;
    case GBACW_OOB_FIELD_CREW:
      {
        g_autofree char *t = g_strstrip (g_strdup (text));
        if (*t == '\0')
          u->crew = GBACW_CREW_UNSET;
        else if (strcmp (t, "full") == 0)
          u->crew = GBACW_CREW_FULL;
        else if (strcmp (t, "half") == 0)
          u->crew = GBACW_CREW_HALF;
        else
          return gbacw_oob_edit_set_invalid (error, _("“%s” is not an artillery crew: it must be full or half"), t);
      }
      break;
    case GBACW_OOB_FIELD_SMALL_ARMS: ok = parse_int_into (text, 0, 100000, &u->small_arms_boxes, error); break;
    case GBACW_OOB_FIELD_ARTILLERY_AMMO: ok = parse_int_into (text, 0, 100000, &u->artillery_boxes, error); break;
    case GBACW_OOB_FIELD_WAGON_CREW: ok = parse_int_into (text, 0, 100000, &u->crew_strength, error); break;
    case GBACW_OOB_FIELD_SHARPSHOOTER:
      if ((ok = parse_flag (text, &flag, error)))
        set_flag (&u->flags, GBACW_UNIT_FLAG_SHARPSHOOTER, flag);
      break;
    case GBACW_OOB_FIELD_HORSE_ARTILLERY:
      if ((ok = parse_flag (text, &flag, error)))
        set_flag (&u->flags, GBACW_UNIT_FLAG_HORSE_ARTILLERY, flag);
      break;
    case GBACW_OOB_FIELD_SECTION:
      if ((ok = parse_flag (text, &flag, error)))
        set_flag (&u->flags, GBACW_UNIT_FLAG_SECTION, flag);
      break;
    case GBACW_OOB_FIELD_DOUBLE_SHOT:
      if ((ok = parse_flag (text, &flag, error)))
        set_flag (&u->flags, GBACW_UNIT_FLAG_DOUBLE_SHOT, flag);
      break;
    case GBACW_OOB_FIELD_ROLE:
      {
        g_autofree char *t = g_strstrip (g_strdup (text));
        int role = gbacw_leader_role_from_string (t);
        if (*t == '\0')
          return gbacw_oob_edit_set_invalid (error, _("a leader needs a role: army, corps, division, brigade or replacement"));
        if (role < 0)
          return gbacw_oob_edit_set_invalid (error, _("unknown role “%s”: it must be army, corps, division, brigade or replacement"),
                              t);
        u->role = role;
      }
      break;
    case GBACW_OOB_FIELD_RANK: ok = gbacw_oob_edit_parse_text (text, &u->rank, error); break;
    case GBACW_OOB_FIELD_ER: ok = parse_int_into (text, 0, 1000, &u->er, error); break;
    case GBACW_OOB_FIELD_RALLY: ok = parse_int_into (text, 0, 1000, &u->rally, error); break;
    case GBACW_OOB_FIELD_DIR: ok = parse_int_into (text, 0, 1000, &u->dir, error); break;
    case GBACW_OOB_FIELD_CP: ok = parse_int_into (text, 0, 1000, &u->cp, error); break;
    case GBACW_OOB_FIELD_VP: ok = parse_int_into (text, 0, G_MAXINT, &u->vp, error); break;
    case GBACW_OOB_FIELD_COMMANDER:
    case GBACW_OOB_FIELD_BCE_DAY1:
    case GBACW_OOB_FIELD_BCE_DAY2:
    case GBACW_OOB_FIELD_BCE_VP:
    case GBACW_OOB_FIELD_MOMENTUM:
    case GBACW_N_OOB_FIELDS:
    default:
      g_return_val_if_reached (FALSE);
    }
  if (ok)
    u->stand_ins &= ~(1u << field);   /* entered: no longer a stand-in (gbacw-stand-ins.h) */
  return ok;
}

gboolean
gbacw_oob_field_parse_formation (const GbacwScenario *scenario, GbacwFormation *formation, GbacwOobField field,
                                 const char *text, GError **error)
{
  GbacwFormation *f;
  gboolean ok = TRUE;

  g_return_val_if_fail (scenario != NULL, FALSE);
  g_return_val_if_fail (formation != NULL, FALSE);
  g_return_val_if_fail (field < GBACW_N_OOB_FIELDS, FALSE);

  if (text == NULL)
    text = "";
  if (!gbacw_oob_field_applies (field, TRUE, GBACW_UNIT_INFANTRY))
    {
      g_autofree char *t = *text ? g_strstrip (g_strdup (text)) : NULL;
      if (t == NULL)
        return TRUE;
      if (*t == '\0')
        return TRUE;
      return gbacw_oob_edit_set_invalid (error, _("a formation has no %s"), field_info[field].name);
    }

  f = formation;
  switch (field)
    {
    case GBACW_OOB_FIELD_KIND:
      {
        g_autofree char *t = g_strstrip (g_strdup (text));
        int kind = gbacw_formation_kind_from_string (t);
        if (kind < 0 && (strcmp (t, "leader") == 0 || gbacw_unit_type_from_string (t) >= 0))
          return gbacw_oob_edit_set_invalid (error, _("a formation cannot become a unit or leader (%s)"), t);
        if (kind < 0)
          return gbacw_oob_edit_set_invalid (error, _("unknown kind “%s”: formations are army, corps, division, brigade or group"),
                              t);
        f->kind = kind;
      }
      break;
    case GBACW_OOB_FIELD_NAME: ok = gbacw_oob_edit_parse_text (text, &f->name, error); break;
    case GBACW_OOB_FIELD_COMMANDER: ok = parse_id (text, &f->commander, error); break;
    case GBACW_OOB_FIELD_INDEPENDENT:
      {
        gboolean flag;
        if ((ok = parse_flag (text, &flag, error)))
          f->independent = flag;
      }
      break;
    case GBACW_OOB_FIELD_BCE_DAY1: ok = parse_int_into (text, 0, 100000, &f->bce[0], error); break;
    case GBACW_OOB_FIELD_BCE_DAY2: ok = parse_int_into (text, 0, 100000, &f->bce[1], error); break;
    case GBACW_OOB_FIELD_BCE_VP: ok = parse_int_into (text, 0, G_MAXINT, &f->bce_vp, error); break;
    case GBACW_OOB_FIELD_MOMENTUM: ok = parse_int_into (text, 0, G_MAXINT, &f->momentum, error); break;
    default:
      g_return_val_if_reached (FALSE);
    }
  if (ok)
    f->stand_ins &= ~(1u << field);   /* entered: no longer a stand-in (gbacw-stand-ins.h) */
  return ok;
}

static gboolean
units_equal (const GbacwUnit *a, const GbacwUnit *b)
{
  return g_strcmp0 (a->id, b->id) == 0 && g_strcmp0 (a->side, b->side) == 0
         && g_strcmp0 (a->formation, b->formation) == 0 && a->type == b->type
         && g_strcmp0 (a->designation, b->designation) == 0 && a->flags == b->flags && a->strength == b->strength
         && a->morale == b->morale && a->dismounted_morale == b->dismounted_morale
         && g_strcmp0 (a->weapon, b->weapon) == 0 && a->guns == b->guns && a->rounds == b->rounds
         && a->crew == b->crew && a->small_arms_boxes == b->small_arms_boxes && a->artillery_boxes == b->artillery_boxes
         && a->crew_strength == b->crew_strength && a->role == b->role && g_strcmp0 (a->rank, b->rank) == 0
         && a->er == b->er && a->rally == b->rally && a->dir == b->dir && a->cp == b->cp && a->vp == b->vp
         && a->stand_ins == b->stand_ins;
}

static gboolean
formations_equal (const GbacwFormation *a, const GbacwFormation *b)
{
  return g_strcmp0 (a->id, b->id) == 0 && g_strcmp0 (a->side, b->side) == 0 && g_strcmp0 (a->parent, b->parent) == 0
         && a->kind == b->kind && g_strcmp0 (a->name, b->name) == 0 && g_strcmp0 (a->commander, b->commander) == 0
         && a->independent == b->independent && a->bce[0] == b->bce[0] && a->bce[1] == b->bce[1]
         && a->bce_vp == b->bce_vp && a->momentum == b->momentum && a->stand_ins == b->stand_ins;
}

GbacwCommand *
gbacw_oob_set_field (GbacwScenario *scenario, GbacwOobEntry entry, const char *id, GbacwOobField field,
                     const char *text, GError **error)
{
  GbacwCollectionEdit *edit;
  g_autofree char *label = NULL;

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (field < GBACW_N_OOB_FIELDS, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  label = g_strdup_printf (_("Change %s"), field_info[field].name);
  if (entry == GBACW_OOB_ENTRY_UNIT)
    {
      int i = gbacw_oob_edit_find_unit_or_error (scenario, id, error);
      const GbacwUnit *old;
      g_autoptr (OobUnit) u = NULL;
      if (i < 0)
        return NULL;
      old = g_ptr_array_index (scenario->oob.units, i);
      u = gbacw_unit_copy (old);
      if (!gbacw_oob_field_parse_unit (scenario, u, field, text, error))
        return NULL;
      if (field == GBACW_OOB_FIELD_CREW && u->crew != GBACW_CREW_UNSET && u->crew_strength != GBACW_UNSET)
        {
          gbacw_oob_edit_set_invalid (error, _("a unit cannot have both an artillery crew (full or half) and a wagon crew"));
          return NULL;
        }
      if (field == GBACW_OOB_FIELD_WAGON_CREW && u->crew != GBACW_CREW_UNSET && u->crew_strength != GBACW_UNSET)
        {
          gbacw_oob_edit_set_invalid (error, _("a unit cannot have both an artillery crew (full or half) and a wagon crew"));
          return NULL;
        }
      if (field == GBACW_OOB_FIELD_KIND && old->type == GBACW_UNIT_LEADER && u->type != GBACW_UNIT_LEADER)
        for (guint k = 0; k < scenario->oob.formations->len; k++)
          {
            const GbacwFormation *f = g_ptr_array_index (scenario->oob.formations, k);
            if (g_strcmp0 (f->commander, old->id) == 0)
              {
                g_set_error (error, GBACW_OOB_EDIT_ERROR, GBACW_OOB_EDIT_ERROR_NOT_ALLOWED,
                             _("“%s” commands formation “%s”: it must stay a leader"), old->id, f->id);
                return NULL;
              }
          }
      edit = gbacw_collection_edit_new (label, MERGE_OOB_FIELD (entry, field));
      if (!units_equal (old, u))
        gbacw_collection_edit_replace (edit, GBACW_COLLECTION_UNITS, (guint) i, g_steal_pointer (&u));
    }
  else
    {
      int i = gbacw_oob_edit_find_formation_or_error (scenario, id, error);
      const GbacwFormation *old;
      g_autoptr (OobFormation) f = NULL;
      if (i < 0)
        return NULL;
      old = g_ptr_array_index (scenario->oob.formations, i);
      f = gbacw_formation_copy (old);
      if (!gbacw_oob_field_parse_formation (scenario, f, field, text, error))
        return NULL;
      if (field == GBACW_OOB_FIELD_COMMANDER && f->commander)
        {
          const GbacwUnit *leader = gbacw_oob_find_unit (&scenario->oob, f->commander);
          if (leader == NULL || leader->type != GBACW_UNIT_LEADER || g_strcmp0 (leader->side, f->side) != 0)
            {
              g_set_error (error, GBACW_OOB_EDIT_ERROR, GBACW_OOB_EDIT_ERROR_NOT_FOUND,
                           _("“%s” is not a leader of this side"), f->commander);
              return NULL;
            }
        }
      edit = gbacw_collection_edit_new (label, MERGE_OOB_FIELD (entry, field));
      if (!formations_equal (old, f))
        gbacw_collection_edit_replace (edit, GBACW_COLLECTION_FORMATIONS, (guint) i, g_steal_pointer (&f));
    }
  return GBACW_COMMAND (edit);
}
