/* gbacw-oob-edit.c: undoable commands for the order of battle, deployment,
 * reinforcements and settings, built on GbacwCollectionEdit and GbacwSettingsEdit. */
#include "gbacw-oob-edit.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "gbacw-collection-edit.h"
#include "gbacw-rules-data.h"
#include "gbacw-settings-edit.h"

G_DEFINE_QUARK (gbacw-oob-edit-error-quark, gbacw_oob_edit_error)

/* Local aliases so that g_autoptr works without touching gbacw-scenario.h. */
typedef GbacwUnit OobUnit;
typedef GbacwFormation OobFormation;
typedef GbacwReinforcement OobReinforcement;
typedef GbacwArea OobArea;
G_DEFINE_AUTOPTR_CLEANUP_FUNC (OobUnit, gbacw_unit_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (OobFormation, gbacw_formation_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (OobReinforcement, gbacw_reinforcement_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (OobArea, gbacw_area_free)

/* Merge keys: one per field (collection edits merge only for the same item). */
#define MERGE_OOB_FIELD(entry, field) (0x4f420000u | ((guint) (entry) << 8) | (guint) (field))
#define MERGE_FACING          0x4f430001u
#define MERGE_INFO(field)     (0x4f440000u | (guint) (field))
#define MERGE_REINF_TURN      0x4f450001u
#define MERGE_EXCLUSIVE_PARAM 0x4f460001u
#define MERGE_OPTION          0x4f460002u

#define ALL_STATUS (GBACW_STATUS_ROUTED | GBACW_STATUS_PINNED | GBACW_STATUS_AMMO_DEPLETED | GBACW_STATUS_ENGAGED \
                    | GBACW_STATUS_HALF_CREW | GBACW_STATUS_ABANDONED)

/* ---------------------------------------------------------------- helpers */

static GbacwCommand *
empty_command (const char *label)
{
  return GBACW_COMMAND (gbacw_collection_edit_new (label, 0));
}

/* Commands made of one insertion, replacement or removal in one list (take item). */
static GbacwCommand *
one_insert (const char *label, GbacwCollection collection, guint index, gpointer item)
{
  GbacwCollectionEdit *edit = gbacw_collection_edit_new (label, 0);

  gbacw_collection_edit_insert (edit, collection, index, item);
  return GBACW_COMMAND (edit);
}

static GbacwCommand *
one_replace (const char *label, GbacwCollection collection, guint index, gpointer item)
{
  GbacwCollectionEdit *edit = gbacw_collection_edit_new (label, 0);

  gbacw_collection_edit_replace (edit, collection, index, item);
  return GBACW_COMMAND (edit);
}

static GbacwCommand *
one_remove (const char *label, GbacwCollection collection, guint index)
{
  GbacwCollectionEdit *edit = gbacw_collection_edit_new (label, 0);

  gbacw_collection_edit_remove (edit, collection, index);
  return GBACW_COMMAND (edit);
}

static gboolean
id_syntax_ok (const char *id)
{
  if (id == NULL || *id == '\0')
    return FALSE;
  for (const char *p = id; *p; p++)
    if (!g_ascii_isalnum (*p) && *p != '_' && *p != '.' && *p != '-')
      return FALSE;
  return TRUE;
}

static gboolean
check_id_syntax (const char *id, GError **error)
{
  if (id_syntax_ok (id))
    return TRUE;
  g_set_error (error, GBACW_OOB_EDIT_ERROR, GBACW_OOB_EDIT_ERROR_INVALID,
               _("“%s” is not an id: ids are the letters A to Z and a to z, digits, “_”, “.” and “-”"),
               id ? id : "");
  return FALSE;
}

static int
unit_index (const GbacwScenario *s, const char *id)
{
  const GPtrArray *units = s->oob.units;
  for (guint i = 0; i < units->len; i++)
    if (g_strcmp0 (((const GbacwUnit *) g_ptr_array_index (units, i))->id, id) == 0)
      return (int) i;
  return -1;
}

static int
formation_index (const GbacwScenario *s, const char *id)
{
  const GPtrArray *formations = s->oob.formations;
  for (guint i = 0; i < formations->len; i++)
    if (g_strcmp0 (((const GbacwFormation *) g_ptr_array_index (formations, i))->id, id) == 0)
      return (int) i;
  return -1;
}

static int
find_unit_or_error (const GbacwScenario *s, const char *id, GError **error)
{
  int i = id ? unit_index (s, id) : -1;
  if (i < 0)
    g_set_error (error, GBACW_OOB_EDIT_ERROR, GBACW_OOB_EDIT_ERROR_NOT_FOUND,
                 _("there is no unit or leader “%s” in the order of battle"), id ? id : "");
  return i;
}

static int
find_formation_or_error (const GbacwScenario *s, const char *id, GError **error)
{
  int i = id ? formation_index (s, id) : -1;
  if (i < 0)
    g_set_error (error, GBACW_OOB_EDIT_ERROR, GBACW_OOB_EDIT_ERROR_NOT_FOUND,
                 _("there is no formation “%s” in the order of battle"), id ? id : "");
  return i;
}

static gboolean
side_exists (const GbacwScenario *s, const char *side)
{
  for (guint i = 0; i < s->oob.sides->len; i++)
    if (g_strcmp0 (((const GbacwSide *) g_ptr_array_index (s->oob.sides, i))->id, side) == 0)
      return TRUE;
  return FALSE;
}

static gboolean
check_side (const GbacwScenario *s, const char *side, gboolean both_ok, GError **error)
{
  if (side == NULL || side_exists (s, side) || (both_ok && strcmp (side, "both") == 0))
    return TRUE;
  g_set_error (error, GBACW_OOB_EDIT_ERROR, GBACW_OOB_EDIT_ERROR_NOT_FOUND,
               _("there is no side “%s” in the order of battle"), side);
  return FALSE;
}

static gboolean
hex_on_map (const GbacwScenario *s, int hex)
{
  return hex >= 0 && hex < gbacw_hex_grid_n_hexes (&s->map->grid);
}

static gboolean
check_hex (const GbacwScenario *s, int hex, GError **error)
{
  if (hex_on_map (s, hex))
    return TRUE;
  g_set_error (error, GBACW_OOB_EDIT_ERROR, GBACW_OOB_EDIT_ERROR_NOT_FOUND, _("hex %d is not on the map"), hex);
  return FALSE;
}

static char *
hex_label (const GbacwScenario *s, int hex)
{
  return gbacw_hex_grid_format_label (&s->map->grid, gbacw_hex_grid_hex_at (&s->map->grid, hex));
}

static const char *
unit_title (const GbacwUnit *u)
{
  return u->designation && *u->designation ? u->designation : u->id;
}

static const char *
formation_title (const GbacwFormation *f)
{
  return f->name && *f->name ? f->name : f->id;
}

/* Ids for several new entries of one command: unique in the scenario and among each other. */
typedef struct {
  const GbacwScenario *scenario;
  GHashTable *taken;   /* ids made so far */
  GHashTable *next;    /* prefix -> next number to try */
} IdMaker;

static void
id_maker_init (IdMaker *m, const GbacwScenario *s)
{
  m->scenario = s;
  m->taken = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  m->next = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
}

static void
id_maker_clear (IdMaker *m)
{
  g_hash_table_unref (m->taken);
  g_hash_table_unref (m->next);
}

static gboolean
id_in_use (const GbacwScenario *s, const char *id)
{
  if (gbacw_oob_find_unit (&s->oob, id) || gbacw_oob_find_formation (&s->oob, id))
    return TRUE;
  if (unit_index (s, id) >= 0 || formation_index (s, id) >= 0)
    return TRUE;
  for (guint i = 0; i < s->reinforcements->len; i++)
    if (g_strcmp0 (((GbacwReinforcement *) g_ptr_array_index (s->reinforcements, i))->id, id) == 0)
      return TRUE;
  for (guint i = 0; i < s->vp_awards->len; i++)
    if (g_strcmp0 (((GbacwVpAward *) g_ptr_array_index (s->vp_awards, i))->id, id) == 0)
      return TRUE;
  for (guint i = 0; i < s->map->areas->len; i++)
    if (g_strcmp0 (((GbacwArea *) g_ptr_array_index (s->map->areas, i))->id, id) == 0)
      return TRUE;
  return FALSE;
}

static char *
id_maker_make (IdMaker *m, const char *prefix)
{
  guint n = GPOINTER_TO_UINT (g_hash_table_lookup (m->next, prefix));

  for (n = MAX (n, 1);; n++)
    {
      char *id = g_strdup_printf ("%s-%u", prefix, n);
      if (!g_hash_table_contains (m->taken, id) && !id_in_use (m->scenario, id))
        {
          g_hash_table_add (m->taken, g_strdup (id));
          g_hash_table_insert (m->next, g_strdup (prefix), GUINT_TO_POINTER (n + 1));
          return id;
        }
      g_free (id);
    }
}

char *
gbacw_oob_unique_id (const GbacwScenario *scenario, const char *prefix)
{
  IdMaker m;
  char *id;

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (prefix != NULL, NULL);
  id_maker_init (&m, scenario);
  id = id_maker_make (&m, prefix);
  id_maker_clear (&m);
  return id;
}

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

static gboolean
set_invalid (GError **error, const char *format, ...) G_GNUC_PRINTF (2, 3);

static gboolean
set_invalid (GError **error, const char *format, ...)
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
    return set_invalid (error, _("“%s” is not a whole number"), t);
  for (; *p; p++)
    {
      if (!g_ascii_isdigit (*p))
        return set_invalid (error, _("“%s” is not a whole number"), t);
      if (v < G_GINT64_CONSTANT (10000000000))
        v = v * 10 + (*p - '0');
    }
  if (t[0] == '-')
    v = -v;
  if (v < min || v > max)
    {
      if (max == G_MAXINT)
        return set_invalid (error, _("%s is out of range: it must be %d or more"), t, min);
      return set_invalid (error, _("%s is out of range: it must be %d to %d"), t, min, max);
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
    return set_invalid (error, _("“%s” is not a morale rating: it must be 1 to 5, or ? for a green unit"), t);
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
    return set_invalid (error, _("“%s” is neither yes nor no"), t);
  return TRUE;
}

/* Text the file can hold: valid UTF-8 without control characters other than tab and
 * line breaks. "" gives NULL. */
static gboolean
parse_text (const char *text, char **out, GError **error)
{
  if (text == NULL || *text == '\0')
    {
      g_clear_pointer (out, g_free);
      return TRUE;
    }
  if (!g_utf8_validate (text, -1, NULL))
    return set_invalid (error, _("the text is not valid UTF-8"));
  for (const unsigned char *p = (const unsigned char *) text; *p; p++)
    if ((*p < 0x20 && *p != '\t' && *p != '\n' && *p != '\r') || *p == 0x7f)
      return set_invalid (error, _("the text contains a control character"));
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
  if (!check_id_syntax (t, error))
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
    return id_syntax_ok (weapon);
  return gbacw_chart_find_row (chart, weapon) >= 0;
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
        return check_id_syntax (t, error);
      for (guint i = 0; i < chart->rows->len; i++)
        {
          if (i > 0)
            g_string_append (known, ", ");
          g_string_append (known, ((GbacwChartRow *) g_ptr_array_index (chart->rows, i))->id);
        }
      return set_invalid (error, _("unknown weapon type “%s”: it is not a row of the Range Effects chart (%s)"), t,
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
        return set_invalid (error, _("a leader has no %s"), field_info[field].name);
      if (field_info[field].applies == APPLY_FORMATION)
        return set_invalid (error, _("a unit has no %s: that is a value of formations"), field_info[field].name);
      return set_invalid (error, _("a unit has no %s: that is a value of leaders"), field_info[field].name);
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
          return set_invalid (error, _("a unit or leader cannot become a formation (%s)"), t);
        if (type < 0)
          return set_invalid (error, _("unknown kind “%s”: units are infantry, cavalry, artillery, wagon or leader"),
                              t);
        u->type = type;
      }
      break;
    case GBACW_OOB_FIELD_NAME: ok = parse_text (text, &u->designation, error); break;
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
          return set_invalid (error, _("“%s” is not an artillery crew: it must be full or half"), t);
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
          return set_invalid (error, _("a leader needs a role: army, corps, division, brigade or replacement"));
        if (role < 0)
          return set_invalid (error, _("unknown role “%s”: it must be army, corps, division, brigade or replacement"),
                              t);
        u->role = role;
      }
      break;
    case GBACW_OOB_FIELD_RANK: ok = parse_text (text, &u->rank, error); break;
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
      return set_invalid (error, _("a formation has no %s"), field_info[field].name);
    }

  f = formation;
  switch (field)
    {
    case GBACW_OOB_FIELD_KIND:
      {
        g_autofree char *t = g_strstrip (g_strdup (text));
        int kind = gbacw_formation_kind_from_string (t);
        if (kind < 0 && (strcmp (t, "leader") == 0 || gbacw_unit_type_from_string (t) >= 0))
          return set_invalid (error, _("a formation cannot become a unit or leader (%s)"), t);
        if (kind < 0)
          return set_invalid (error, _("unknown kind “%s”: formations are army, corps, division, brigade or group"),
                              t);
        f->kind = kind;
      }
      break;
    case GBACW_OOB_FIELD_NAME: ok = parse_text (text, &f->name, error); break;
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
  return ok;
}

/* ---------------------------------------------------------------- order of battle */

static gboolean
same_group_unit (const GbacwUnit *u, const char *side, const char *parent)
{
  return g_strcmp0 (u->side, side) == 0 && g_strcmp0 (u->formation, parent) == 0;
}

static gboolean
same_group_formation (const GbacwFormation *f, const char *side, const char *parent)
{
  return g_strcmp0 (f->side, side) == 0 && g_strcmp0 (f->parent, parent) == 0;
}

/* Index of the last item of the group (skipping index skip), or -1. */
static int
last_in_group (const GbacwScenario *s, GbacwOobEntry entry, const char *side, const char *parent, int skip)
{
  if (entry == GBACW_OOB_ENTRY_UNIT)
    {
      for (guint i = s->oob.units->len; i-- > 0;)
        if ((int) i != skip && same_group_unit (g_ptr_array_index (s->oob.units, i), side, parent))
          return (int) i;
    }
  else
    {
      for (guint i = s->oob.formations->len; i-- > 0;)
        if ((int) i != skip && same_group_formation (g_ptr_array_index (s->oob.formations, i), side, parent))
          return (int) i;
    }
  return -1;
}

/* Checks parent (a formation of side, or NULL) and before (a sibling of entry kind in
 * that group, or NULL); returns the array index to insert a new item at. */
static gboolean
insertion_index (const GbacwScenario *s, GbacwOobEntry entry, const char *side, const char *parent,
                 const char *before, guint *index, GError **error)
{
  if (side == NULL)
    {
      /* every entry belongs to a side (check_side () lets NULL through as "either") */
      g_set_error (error, GBACW_OOB_EDIT_ERROR, GBACW_OOB_EDIT_ERROR_NOT_FOUND,
                   _("the order of battle has no side to add it to"));
      return FALSE;
    }
  if (!side_exists (s, side))
    return check_side (s, side, FALSE, error);
  if (parent)
    {
      int p = find_formation_or_error (s, parent, error);
      const GbacwFormation *pf;
      if (p < 0)
        return FALSE;
      pf = g_ptr_array_index (s->oob.formations, p);
      if (g_strcmp0 (pf->side, side) != 0)
        {
          g_set_error (error, GBACW_OOB_EDIT_ERROR, GBACW_OOB_EDIT_ERROR_NOT_ALLOWED,
                       _("formation “%s” belongs to the other side"), parent);
          return FALSE;
        }
    }
  if (before)
    {
      int b;
      gboolean sibling;
      if (entry == GBACW_OOB_ENTRY_UNIT)
        {
          b = unit_index (s, before);
          sibling = b >= 0 && same_group_unit (g_ptr_array_index (s->oob.units, b), side, parent);
        }
      else
        {
          b = formation_index (s, before);
          sibling = b >= 0 && same_group_formation (g_ptr_array_index (s->oob.formations, b), side, parent);
        }
      if (!sibling)
        {
          g_set_error (error, GBACW_OOB_EDIT_ERROR, GBACW_OOB_EDIT_ERROR_NOT_FOUND,
                       _("“%s” is not an entry of the same formation"), before);
          return FALSE;
        }
      *index = (guint) b;
      return TRUE;
    }
  {
    int last = last_in_group (s, entry, side, parent, -1);
    GPtrArray *array = entry == GBACW_OOB_ENTRY_UNIT ? s->oob.units : s->oob.formations;
    *index = last >= 0 ? (guint) last + 1 : array->len;
  }
  return TRUE;
}

/* The start of adding an entry: unless the type or kind is not valid (the error says
 * invalid_message) or the entry has no place (see insertion_index ()), returns a new id
 * starting with prefix and sets *index; else NULL. */
static char *
new_entry_id (GbacwScenario *scenario, GbacwOobEntry entry, gboolean valid, const char *invalid_message,
              const char *side, const char *parent, const char *before, const char *prefix,
              guint *index, GError **error)
{
  if (!valid)
    {
      set_invalid (error, "%s", invalid_message);
      return NULL;
    }
  if (!insertion_index (scenario, entry, side, parent, before, index, error))
    return NULL;
  return gbacw_oob_unique_id (scenario, prefix);
}

/* The end of adding an entry: the command inserting item at index of collection; id
 * (transfer full) goes to *id_out or is freed. */
static GbacwCommand *
insert_entry (const char *label, GbacwCollection collection, guint index, gpointer item,
              char *id, char **id_out)
{
  GbacwCollectionEdit *edit = gbacw_collection_edit_new (label, 0);

  gbacw_collection_edit_insert (edit, collection, index, item);
  if (id_out)
    *id_out = id;
  else
    g_free (id);
  return GBACW_COMMAND (edit);
}

GbacwCommand *
gbacw_oob_add_unit (GbacwScenario *scenario, const char *side, const char *parent, GbacwUnitType type,
                    const char *before, char **id_out, GError **error)
{
  GbacwUnit *u;
  char *id;
  guint index;

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  id = new_entry_id (scenario, GBACW_OOB_ENTRY_UNIT, (int) type >= GBACW_UNIT_INFANTRY && type <= GBACW_UNIT_LEADER,
                     _("unknown unit type"), side, parent, before, "u-new", &index, error);
  if (id == NULL)
    return NULL;
  u = gbacw_unit_new (id, side, type);
  u->formation = g_strdup (parent);
  if (type == GBACW_UNIT_LEADER && parent)
    {
      const GbacwFormation *f = gbacw_oob_find_formation (&scenario->oob, parent);
      if (f)
        switch (f->kind)
          {
          case GBACW_FORMATION_ARMY: u->role = GBACW_LEADER_ARMY; break;
          case GBACW_FORMATION_CORPS: u->role = GBACW_LEADER_CORPS; break;
          case GBACW_FORMATION_DIVISION: u->role = GBACW_LEADER_DIVISION; break;
          case GBACW_FORMATION_BRIGADE:
          case GBACW_FORMATION_GROUP:
          default: u->role = GBACW_LEADER_BRIGADE; break;
          }
    }
  return insert_entry (type == GBACW_UNIT_LEADER ? _("Add leader") : _("Add unit"),
                       GBACW_COLLECTION_UNITS, index, u, id, id_out);
}

GbacwCommand *
gbacw_oob_add_formation (GbacwScenario *scenario, const char *side, const char *parent, GbacwFormationKind kind,
                         const char *before, char **id_out, GError **error)
{
  GbacwFormation *f;
  char *id;
  guint index;

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  id = new_entry_id (scenario, GBACW_OOB_ENTRY_FORMATION,
                     (int) kind >= GBACW_FORMATION_ARMY && kind <= GBACW_FORMATION_GROUP,
                     _("unknown formation kind"), side, parent, before, "f-new", &index, error);
  if (id == NULL)
    return NULL;
  f = gbacw_formation_new (id, side, kind);
  f->parent = g_strdup (parent);
  return insert_entry (_("Add formation"), GBACW_COLLECTION_FORMATIONS, index, f, id, id_out);
}

/* The formation and everything under it: formations_out (indices in array order) and
 * the set of their ids. */
static GHashTable *
subtree_formations (const GbacwScenario *s, const char *root, GArray *indices_out)
{
  GHashTable *set = g_hash_table_new (g_str_hash, g_str_equal);
  gboolean grew = TRUE;

  g_hash_table_add (set, (gpointer) root);
  /* parents can come after their children in the array: iterate to a fixed point */
  while (grew)
    {
      grew = FALSE;
      for (guint i = 0; i < s->oob.formations->len; i++)
        {
          GbacwFormation *f = g_ptr_array_index (s->oob.formations, i);
          if (f->parent && !g_hash_table_contains (set, f->id) && g_hash_table_contains (set, f->parent))
            {
              g_hash_table_add (set, f->id);
              grew = TRUE;
            }
        }
    }
  if (indices_out)
    for (guint i = 0; i < s->oob.formations->len; i++)
      if (g_hash_table_contains (set, ((GbacwFormation *) g_ptr_array_index (s->oob.formations, i))->id))
        g_array_append_val (indices_out, i);
  return set;
}

void
gbacw_oob_formation_totals (const GbacwScenario *scenario, const char *formation, int *sp, int *guns, int *n_missing)
{
  g_autoptr (GHashTable) set = NULL;
  int total_sp = 0, total_guns = 0, missing = 0;

  g_return_if_fail (scenario != NULL);
  g_return_if_fail (formation != NULL);

  set = subtree_formations (scenario, formation, NULL);
  for (guint i = 0; i < scenario->oob.units->len; i++)
    {
      const GbacwUnit *u = g_ptr_array_index (scenario->oob.units, i);
      if (u->formation == NULL || !g_hash_table_contains (set, u->formation))
        continue;
      if (u->type == GBACW_UNIT_INFANTRY || u->type == GBACW_UNIT_CAVALRY)
        {
          if (u->strength == GBACW_UNSET)
            missing++;
          else
            total_sp += u->strength;
        }
      else if (u->type == GBACW_UNIT_ARTILLERY)
        {
          if (u->guns == GBACW_UNSET)
            missing++;
          else
            total_guns += u->guns;
        }
    }
  if (sp)
    *sp = total_sp;
  if (guns)
    *guns = total_guns;
  if (n_missing)
    *n_missing = missing;
}

GbacwCommand *
gbacw_oob_duplicate (GbacwScenario *scenario, GbacwOobEntry entry, const char *id, char **id_out, GError **error)
{
  GbacwCollectionEdit *edit;
  IdMaker ids;

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  id_maker_init (&ids, scenario);
  if (entry == GBACW_OOB_ENTRY_UNIT)
    {
      int i = find_unit_or_error (scenario, id, error);
      GbacwUnit *copy;
      if (i < 0)
        {
          id_maker_clear (&ids);
          return NULL;
        }
      copy = gbacw_unit_copy (g_ptr_array_index (scenario->oob.units, i));
      g_free (copy->id);
      copy->id = id_maker_make (&ids, "u-new");
      if (id_out)
        *id_out = g_strdup (copy->id);
      edit = gbacw_collection_edit_new (_("Duplicate"), 0);
      gbacw_collection_edit_insert (edit, GBACW_COLLECTION_UNITS, (guint) i + 1, copy);
    }
  else
    {
      int root = find_formation_or_error (scenario, id, error);
      g_autoptr (GArray) indices = g_array_new (FALSE, FALSE, sizeof (guint));
      g_autoptr (GHashTable) set = NULL;
      g_autoptr (GHashTable) map = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_free);
      g_autoptr (GHashTable) unit_map = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_free);
      guint n_formations = scenario->oob.formations->len;
      guint n_units = scenario->oob.units->len;

      if (root < 0)
        {
          id_maker_clear (&ids);
          return NULL;
        }
      set = subtree_formations (scenario, id, indices);
      for (guint k = 0; k < indices->len; k++)
        {
          GbacwFormation *f = g_ptr_array_index (scenario->oob.formations, g_array_index (indices, guint, k));
          g_hash_table_insert (map, f->id, id_maker_make (&ids, "f-new"));
        }
      for (guint i = 0; i < n_units; i++)
        {
          GbacwUnit *u = g_ptr_array_index (scenario->oob.units, i);
          if (u->formation && g_hash_table_contains (set, u->formation))
            g_hash_table_insert (unit_map, u->id, id_maker_make (&ids, "u-new"));
        }

      edit = gbacw_collection_edit_new (_("Duplicate"), 0);
      /* the root's copy right after it (its next sibling), the rest appended: their order
       * among their siblings is what counts */
      for (guint k = 0; k < indices->len; k++)
        {
          guint i = g_array_index (indices, guint, k);
          GbacwFormation *f = g_ptr_array_index (scenario->oob.formations, i);
          GbacwFormation *copy = gbacw_formation_copy (f);
          const char *commander;
          g_free (copy->id);
          copy->id = g_strdup (g_hash_table_lookup (map, f->id));
          if ((int) i != root)
            {
              g_free (copy->parent);
              copy->parent = g_strdup (g_hash_table_lookup (map, f->parent));
            }
          if (f->commander && (commander = g_hash_table_lookup (unit_map, f->commander)))
            {
              g_free (copy->commander);
              copy->commander = g_strdup (commander);
            }
          if ((int) i == root && id_out)
            *id_out = g_strdup (copy->id);
          gbacw_collection_edit_insert (edit, GBACW_COLLECTION_FORMATIONS,
                                        (int) i == root ? (guint) root + 1 : n_formations, copy);
          n_formations++;
        }
      for (guint i = 0; i < scenario->oob.units->len; i++)
        {
          GbacwUnit *u = g_ptr_array_index (scenario->oob.units, i);
          GbacwUnit *copy;
          if (!u->formation || !g_hash_table_contains (set, u->formation))
            continue;
          copy = gbacw_unit_copy (u);
          g_free (copy->id);
          copy->id = g_strdup (g_hash_table_lookup (unit_map, u->id));
          g_free (copy->formation);
          copy->formation = g_strdup (g_hash_table_lookup (map, u->formation));
          gbacw_collection_edit_insert (edit, GBACW_COLLECTION_UNITS, n_units++, copy);
        }
    }
  id_maker_clear (&ids);
  return GBACW_COMMAND (edit);
}

GbacwCommand *
gbacw_oob_delete (GbacwScenario *scenario, GbacwOobEntry entry, const char *id, GError **error)
{
  g_autoptr (GHashTable) units = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (GHashTable) formations = NULL;
  g_autofree char *label = NULL;
  GbacwCollectionEdit *edit;

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (entry == GBACW_OOB_ENTRY_UNIT)
    {
      int i = find_unit_or_error (scenario, id, error);
      if (i < 0)
        return NULL;
      g_hash_table_add (units, (gpointer) ((GbacwUnit *) g_ptr_array_index (scenario->oob.units, i))->id);
      formations = g_hash_table_new (g_str_hash, g_str_equal);
      label = g_strdup_printf (_("Delete “%s”"), unit_title (g_ptr_array_index (scenario->oob.units, i)));
    }
  else
    {
      int i = find_formation_or_error (scenario, id, error);
      if (i < 0)
        return NULL;
      formations = subtree_formations (scenario, ((GbacwFormation *) g_ptr_array_index (scenario->oob.formations, i))->id,
                                       NULL);
      for (guint k = 0; k < scenario->oob.units->len; k++)
        {
          GbacwUnit *u = g_ptr_array_index (scenario->oob.units, k);
          if (u->formation && g_hash_table_contains (formations, u->formation))
            g_hash_table_add (units, u->id);
        }
      label = g_strdup_printf (_("Delete “%s”"), formation_title (g_ptr_array_index (scenario->oob.formations, i)));
    }

  edit = gbacw_collection_edit_new (label, 0);
  /* what refers to the deleted entries first */
  for (guint k = scenario->deployment->len; k-- > 0;)
    if (g_hash_table_contains (units, ((GbacwPlacement *) g_ptr_array_index (scenario->deployment, k))->unit))
      gbacw_collection_edit_remove (edit, GBACW_COLLECTION_PLACEMENTS, k);
  for (guint k = 0; k < scenario->reinforcements->len; k++)
    {
      GbacwReinforcement *r = g_ptr_array_index (scenario->reinforcements, k);
      GbacwReinforcement *copy = NULL;
      for (guint m = 0; m < r->units->len; m++)
        if (g_hash_table_contains (units, g_ptr_array_index (r->units, m)))
          {
            copy = gbacw_reinforcement_copy (r);
            break;
          }
      for (guint m = 0; !copy && m < r->formations->len; m++)
        if (g_hash_table_contains (formations, g_ptr_array_index (r->formations, m)))
          copy = gbacw_reinforcement_copy (r);
      if (copy == NULL)
        continue;
      for (guint m = copy->units->len; m-- > 0;)
        if (g_hash_table_contains (units, g_ptr_array_index (copy->units, m)))
          g_ptr_array_remove_index (copy->units, m);
      for (guint m = copy->formations->len; m-- > 0;)
        if (g_hash_table_contains (formations, g_ptr_array_index (copy->formations, m)))
          g_ptr_array_remove_index (copy->formations, m);
      gbacw_collection_edit_replace (edit, GBACW_COLLECTION_REINFORCEMENTS, k, copy);
    }
  for (guint k = 0; k < scenario->oob.formations->len; k++)
    {
      GbacwFormation *f = g_ptr_array_index (scenario->oob.formations, k);
      if (f->commander && g_hash_table_contains (units, f->commander) && !g_hash_table_contains (formations, f->id))
        {
          GbacwFormation *copy = gbacw_formation_copy (f);
          g_clear_pointer (&copy->commander, g_free);
          gbacw_collection_edit_replace (edit, GBACW_COLLECTION_FORMATIONS, k, copy);
        }
    }
  for (guint k = scenario->oob.units->len; k-- > 0;)
    if (g_hash_table_contains (units, ((GbacwUnit *) g_ptr_array_index (scenario->oob.units, k))->id))
      gbacw_collection_edit_remove (edit, GBACW_COLLECTION_UNITS, k);
  for (guint k = scenario->oob.formations->len; k-- > 0;)
    if (g_hash_table_contains (formations, ((GbacwFormation *) g_ptr_array_index (scenario->oob.formations, k))->id))
      gbacw_collection_edit_remove (edit, GBACW_COLLECTION_FORMATIONS, k);
  return GBACW_COMMAND (edit);
}

GbacwCommand *
gbacw_oob_move (GbacwScenario *scenario, GbacwOobEntry entry, const char *id, const char *new_parent,
                const char *before, GError **error)
{
  GbacwCollection collection = entry == GBACW_OOB_ENTRY_UNIT ? GBACW_COLLECTION_UNITS : GBACW_COLLECTION_FORMATIONS;
  GbacwCollectionEdit *edit;
  g_autofree char *label = NULL;
  const char *side, *old_parent;
  int from, to;

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (entry == GBACW_OOB_ENTRY_UNIT)
    {
      GbacwUnit *u;
      from = find_unit_or_error (scenario, id, error);
      if (from < 0)
        return NULL;
      u = g_ptr_array_index (scenario->oob.units, from);
      side = u->side;
      old_parent = u->formation;
      label = g_strdup_printf (_("Move “%s”"), unit_title (u));
    }
  else
    {
      GbacwFormation *f;
      from = find_formation_or_error (scenario, id, error);
      if (from < 0)
        return NULL;
      f = g_ptr_array_index (scenario->oob.formations, from);
      side = f->side;
      old_parent = f->parent;
      label = g_strdup_printf (_("Move “%s”"), formation_title (f));
      if (new_parent)
        {
          g_autoptr (GHashTable) subtree = subtree_formations (scenario, f->id, NULL);
          if (g_hash_table_contains (subtree, new_parent))
            {
              g_set_error (error, GBACW_OOB_EDIT_ERROR, GBACW_OOB_EDIT_ERROR_NOT_ALLOWED,
                           _("formation “%s” cannot be moved into itself"), f->id);
              return NULL;
            }
        }
    }
  if (before && g_strcmp0 (before, id) == 0)
    {
      /* in front of itself: where it is */
      if (g_strcmp0 (old_parent, new_parent) == 0)
        return empty_command (label);
      before = NULL;
    }
  {
    guint index;
    if (!insertion_index (scenario, entry, side, new_parent, before, &index, error))
      return NULL;
  }

  edit = gbacw_collection_edit_new (label, 0);
  if (g_strcmp0 (old_parent, new_parent) != 0)
    {
      gpointer copy = gbacw_collection_item_copy (collection, g_ptr_array_index (
                                                    gbacw_collection_get_array (scenario, collection), from));
      if (entry == GBACW_OOB_ENTRY_UNIT)
        {
          g_free (((GbacwUnit *) copy)->formation);
          ((GbacwUnit *) copy)->formation = g_strdup (new_parent);
        }
      else
        {
          g_free (((GbacwFormation *) copy)->parent);
          ((GbacwFormation *) copy)->parent = g_strdup (new_parent);
        }
      gbacw_collection_edit_replace (edit, collection, (guint) from, copy);
    }
  if (before)
    {
      int b = entry == GBACW_OOB_ENTRY_UNIT ? unit_index (scenario, before) : formation_index (scenario, before);
      to = b > from ? b - 1 : b;
    }
  else
    {
      int last = last_in_group (scenario, entry, side, new_parent, from);
      to = last < 0 ? from : last > from ? last : last + 1;
    }
  if (to != from)
    gbacw_collection_edit_move (edit, collection, (guint) from, (guint) to);
  return GBACW_COMMAND (edit);
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
         && a->er == b->er && a->rally == b->rally && a->dir == b->dir && a->cp == b->cp && a->vp == b->vp;
}

static gboolean
formations_equal (const GbacwFormation *a, const GbacwFormation *b)
{
  return g_strcmp0 (a->id, b->id) == 0 && g_strcmp0 (a->side, b->side) == 0 && g_strcmp0 (a->parent, b->parent) == 0
         && a->kind == b->kind && g_strcmp0 (a->name, b->name) == 0 && g_strcmp0 (a->commander, b->commander) == 0
         && a->independent == b->independent && a->bce[0] == b->bce[0] && a->bce[1] == b->bce[1]
         && a->bce_vp == b->bce_vp && a->momentum == b->momentum;
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
      int i = find_unit_or_error (scenario, id, error);
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
          set_invalid (error, _("a unit cannot have both an artillery crew (full or half) and a wagon crew"));
          return NULL;
        }
      if (field == GBACW_OOB_FIELD_WAGON_CREW && u->crew != GBACW_CREW_UNSET && u->crew_strength != GBACW_UNSET)
        {
          set_invalid (error, _("a unit cannot have both an artillery crew (full or half) and a wagon crew"));
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
      int i = find_formation_or_error (scenario, id, error);
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

/* ---------------------------------------------------------------- deployment */

static gboolean
state_valid (GbacwUnitType type, GbacwFormationState state)
{
  if (state == GBACW_FORMATION_STATE_UNSET)
    return TRUE;
  if ((int) state < 0 || state > GBACW_FORMATION_STATE_UNLIMBERED)
    return FALSE;
  return gbacw_move_class_for (type, state) >= 0;
}

static gboolean
check_state (const GbacwUnit *u, GbacwFormationState state, GError **error)
{
  if (state_valid (u->type, state))
    return TRUE;
  if ((int) state < 0 || state > GBACW_FORMATION_STATE_UNLIMBERED)
    return set_invalid (error, _("unknown formation"));
  return set_invalid (error, _("%s cannot be in %s formation"), unit_title (u), gbacw_formation_state_to_string (state));
}

static gboolean
check_facing (int facing, GError **error)
{
  if (facing >= -1 && facing < GBACW_HEX_DIRECTIONS)
    return TRUE;
  return set_invalid (error, _("a facing is a direction 0 to 5"));
}

/* Whether the terrain of hex is "P" for the unit in that formation (5.19): it could not
 * enter the hex, so it cannot be placed there. */
static gboolean
prohibited (const GbacwRulesData *data, const GbacwScenario *s, const GbacwUnit *u, GbacwFormationState state,
            int hex)
{
  int mc;
  GbacwMoveCost cost;

  /* unlimbered artillery may not move at all (6.13; charts may say P for every hex):
   * where it may be is where it may go limbered */
  if (state == GBACW_FORMATION_STATE_UNLIMBERED)
    state = GBACW_FORMATION_STATE_LIMBERED;
  mc = gbacw_move_class_for (u->type, state);

  if (mc < 0)
    mc = gbacw_move_class_for (u->type, GBACW_FORMATION_STATE_UNSET);
  if (mc < 0)
    return FALSE;
  gbacw_rules_data_hex_cost (data, s->map, (GbacwMoveClass) mc, hex, &cost);
  return cost.kind == GBACW_COST_PROHIBITED;
}

static gboolean
check_not_prohibited (const GbacwRulesData *data, const GbacwScenario *s, const GbacwUnit *u,
                      GbacwFormationState state, int hex, GError **error)
{
  g_autofree char *label = NULL;
  if (!prohibited (data, s, u, state, hex))
    return TRUE;
  label = hex_label (s, hex);
  g_set_error (error, GBACW_OOB_EDIT_ERROR, GBACW_OOB_EDIT_ERROR_NOT_ALLOWED,
               _("%s may not enter hex %s: the Terrain Effects on Movement Chart prohibits its terrain (5.19)"),
               unit_title (u), label);
  return FALSE;
}

/* First index of a placement at hex, skipping index skip; -1 if none. */
static int
stack_top_index (const GbacwScenario *s, int hex, int skip)
{
  for (guint i = 0; i < s->deployment->len; i++)
    if ((int) i != skip && ((GbacwPlacement *) g_ptr_array_index (s->deployment, i))->hex == hex)
      return (int) i;
  return -1;
}

static int
placement_index (const GbacwScenario *s, const char *unit)
{
  guint index;
  if (gbacw_scenario_find_placement (s, unit, &index) == NULL)
    return -1;
  return (int) index;
}

static int
find_placement_or_error (const GbacwScenario *s, const char *unit, GError **error)
{
  int i = unit ? placement_index (s, unit) : -1;
  if (i < 0)
    g_set_error (error, GBACW_OOB_EDIT_ERROR, GBACW_OOB_EDIT_ERROR_NOT_FOUND, _("“%s” is not deployed"),
                 unit ? unit : "");
  return i;
}

/* Puts placement p (transfer full) for a unit at the top of the stack at p->hex:
 * replacing the unit's placement at index old (or inserting when old < 0). */
static void
put_on_top (GbacwCollectionEdit *edit, const GbacwScenario *s, GbacwPlacement *p, int old)
{
  int top = stack_top_index (s, p->hex, old);

  if (old < 0)
    {
      gbacw_collection_edit_insert (edit, GBACW_COLLECTION_PLACEMENTS, top >= 0 ? (guint) top : s->deployment->len, p);
      return;
    }
  gbacw_collection_edit_replace (edit, GBACW_COLLECTION_PLACEMENTS, (guint) old, p);
  if (top >= 0)
    {
      int to = top > old ? top - 1 : top;
      if (to != old)
        gbacw_collection_edit_move (edit, GBACW_COLLECTION_PLACEMENTS, (guint) old, (guint) to);
    }
}

GbacwCommand *
gbacw_deploy_place (GbacwScenario *scenario, const char *unit, int hex, GbacwFormationState formation, int facing,
                    GError **error)
{
  GbacwRulesData *data;
  GbacwCollectionEdit *edit;
  const GbacwUnit *u;
  GbacwPlacement *p;
  g_autofree char *label = NULL;
  int i, old;
  gboolean ok;

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if ((i = find_unit_or_error (scenario, unit, error)) < 0)
    return NULL;
  u = g_ptr_array_index (scenario->oob.units, i);
  if (!check_hex (scenario, hex, error) || !check_state (u, formation, error) || !check_facing (facing, error))
    return NULL;
  data = gbacw_rules_data_new (scenario);
  ok = check_not_prohibited (data, scenario, u, formation, hex, error);
  gbacw_rules_data_free (data);
  if (!ok)
    return NULL;

  old = placement_index (scenario, unit);
  if (old >= 0)
    p = gbacw_placement_copy (g_ptr_array_index (scenario->deployment, old));
  else
    p = gbacw_placement_new (u->id, hex);
  p->hex = hex;
  p->formation = formation;
  p->facing = facing;
  label = g_strdup_printf (_("Place “%s”"), unit_title (u));
  edit = gbacw_collection_edit_new (label, 0);
  put_on_top (edit, scenario, p, old);
  return GBACW_COMMAND (edit);
}

GbacwCommand *
gbacw_deploy_move (GbacwScenario *scenario, const char *unit, int hex, GError **error)
{
  const GbacwPlacement *old;
  const GbacwUnit *u;
  GbacwRulesData *data;
  GbacwCollectionEdit *edit;
  GbacwPlacement *p;
  g_autofree char *label = NULL;
  int i;
  gboolean ok;

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if ((i = find_placement_or_error (scenario, unit, error)) < 0 || !check_hex (scenario, hex, error))
    return NULL;
  old = g_ptr_array_index (scenario->deployment, i);
  u = gbacw_oob_find_unit (&scenario->oob, unit);
  label = g_strdup_printf (_("Move “%s”"), u ? unit_title (u) : unit);
  if (old->hex == hex)
    return empty_command (label);
  if (u)
    {
      data = gbacw_rules_data_new (scenario);
      ok = check_not_prohibited (data, scenario, u, old->formation, hex, error);
      gbacw_rules_data_free (data);
      if (!ok)
        return NULL;
    }
  p = gbacw_placement_copy (old);
  p->hex = hex;
  edit = gbacw_collection_edit_new (label, 0);
  put_on_top (edit, scenario, p, i);
  return GBACW_COMMAND (edit);
}

GbacwCommand *
gbacw_deploy_remove (GbacwScenario *scenario, const char *unit, GError **error)
{
  const GbacwUnit *u;
  GbacwCollectionEdit *edit;
  g_autofree char *label = NULL;
  int i;

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if ((i = find_placement_or_error (scenario, unit, error)) < 0)
    return NULL;
  u = gbacw_oob_find_unit (&scenario->oob, unit);
  label = g_strdup_printf (_("Remove “%s” from the map"), u ? unit_title (u) : unit);
  edit = gbacw_collection_edit_new (label, 0);
  gbacw_collection_edit_remove (edit, GBACW_COLLECTION_PLACEMENTS, (guint) i);
  return GBACW_COMMAND (edit);
}

GbacwCommand *
gbacw_deploy_restack (GbacwScenario *scenario, const char *unit, guint position, GError **error)
{
  g_autoptr (GArray) others = g_array_new (FALSE, FALSE, sizeof (int));
  GbacwCollectionEdit *edit;
  const GbacwPlacement *p;
  int i, to;

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if ((i = find_placement_or_error (scenario, unit, error)) < 0)
    return NULL;
  p = g_ptr_array_index (scenario->deployment, i);
  for (guint k = 0; k < scenario->deployment->len; k++)
    if ((int) k != i && ((GbacwPlacement *) g_ptr_array_index (scenario->deployment, k))->hex == p->hex)
      g_array_append_val (others, k);
  edit = gbacw_collection_edit_new (_("Reorder stack"), 0);
  if (others->len == 0)
    return GBACW_COMMAND (edit);
  if (position < others->len)
    {
      int t = g_array_index (others, int, position);
      to = t > i ? t - 1 : t;
    }
  else
    {
      int t = g_array_index (others, int, others->len - 1);
      to = t > i ? t : t + 1;
    }
  if (to != i)
    gbacw_collection_edit_move (edit, GBACW_COLLECTION_PLACEMENTS, (guint) i, (guint) to);
  return GBACW_COMMAND (edit);
}

/* A copy of the unit's placement to change, and its index. */
static GbacwPlacement *
placement_copy_for (const GbacwScenario *s, const char *unit, int *index, const GbacwUnit **u_out, GError **error)
{
  int i = find_placement_or_error (s, unit, error);
  if (i < 0)
    return NULL;
  *index = i;
  *u_out = gbacw_oob_find_unit (&s->oob, unit);
  return gbacw_placement_copy (g_ptr_array_index (s->deployment, i));
}

static GbacwCommand *
replace_placement (const GbacwScenario *s, int index, GbacwPlacement *p, const char *label, guint merge_key)
{
  GbacwCollectionEdit *edit = gbacw_collection_edit_new (label, merge_key);
  const GbacwPlacement *old = g_ptr_array_index (s->deployment, index);

  if (old->hex == p->hex && old->formation == p->formation && old->facing == p->facing
      && old->strength == p->strength && old->status == p->status)
    gbacw_placement_free (p);
  else
    gbacw_collection_edit_replace (edit, GBACW_COLLECTION_PLACEMENTS, (guint) index, p);
  return GBACW_COMMAND (edit);
}

GbacwCommand *
gbacw_deploy_set_facing (GbacwScenario *scenario, const char *unit, int facing, GError **error)
{
  const GbacwUnit *u = NULL;
  GbacwPlacement *p;
  int i;

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!check_facing (facing, error) || !(p = placement_copy_for (scenario, unit, &i, &u, error)))
    return NULL;
  p->facing = facing;
  return replace_placement (scenario, i, p, _("Change facing"), MERGE_FACING);
}

GbacwCommand *
gbacw_deploy_set_formation (GbacwScenario *scenario, const char *unit, GbacwFormationState formation,
                            GError **error)
{
  const GbacwUnit *u = NULL;
  GbacwPlacement *p;
  int i;

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!(p = placement_copy_for (scenario, unit, &i, &u, error)))
    return NULL;
  if (u && !check_state (u, formation, error))
    {
      gbacw_placement_free (p);
      return NULL;
    }
  p->formation = formation;
  return replace_placement (scenario, i, p, _("Change formation"), 0);
}

GbacwCommand *
gbacw_deploy_set_status (GbacwScenario *scenario, const char *unit, guint status, GError **error)
{
  const GbacwUnit *u = NULL;
  GbacwPlacement *p;
  int i;

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (status & ~ALL_STATUS)
    {
      set_invalid (error, _("unknown status"));
      return NULL;
    }
  if (!(p = placement_copy_for (scenario, unit, &i, &u, error)))
    return NULL;
  p->status = status;
  return replace_placement (scenario, i, p, _("Change status"), 0);
}

static gboolean
is_mounted (const GbacwUnit *u, GbacwFormationState state)
{
  return u->type == GBACW_UNIT_CAVALRY
         && (state == GBACW_FORMATION_STATE_UNSET || state == GBACW_FORMATION_STATE_MOUNTED);
}

static gboolean
is_column (const GbacwUnit *u, GbacwFormationState state)
{
  return u->type == GBACW_UNIT_INFANTRY && state == GBACW_FORMATION_STATE_COLUMN;
}

static gboolean
is_combat (const GbacwUnit *u)
{
  return u->type == GBACW_UNIT_INFANTRY || u->type == GBACW_UNIT_CAVALRY || u->type == GBACW_UNIT_ARTILLERY;
}

static void
usage_add (GbacwStackUsage *usage, const GbacwUnit *u, const GbacwPlacement *p, GbacwFormationState state)
{
  if (u->type == GBACW_UNIT_LEADER)
    return;
  usage->sp += gbacw_unit_stacking_points (u, p);
  if (u->type == GBACW_UNIT_ARTILLERY)
    usage->sections++;
  else if (u->type == GBACW_UNIT_INFANTRY || u->type == GBACW_UNIT_CAVALRY)
    usage->units++;
  if (is_column (u, state))
    usage->column = TRUE;
  if (is_mounted (u, state))
    usage->mounted = TRUE;
  else
    usage->others = TRUE;
}

void
gbacw_deploy_stack_usage (const GbacwScenario *scenario, int hex, const char *exclude, GbacwStackUsage *usage)
{
  g_return_if_fail (scenario != NULL);
  g_return_if_fail (usage != NULL);

  memset (usage, 0, sizeof *usage);
  for (guint i = 0; i < scenario->deployment->len; i++)
    {
      const GbacwPlacement *p = g_ptr_array_index (scenario->deployment, i);
      const GbacwUnit *u;
      if (p->hex != hex || (exclude && g_strcmp0 (p->unit, exclude) == 0))
        continue;
      u = gbacw_oob_find_unit (&scenario->oob, p->unit);
      if (u)
        usage_add (usage, u, p, p->formation);
    }
}

/* The checks of gbacw_deploy_hex_allows () against a usage; max_combat 0 = no extra limit,
 * one_if_unknown: a hex whose chart limits are all unknown takes one combat unit. */
static gboolean
allows (const GbacwRulesData *data, const GbacwScenario *s, const GbacwUnit *u, GbacwFormationState state, int hex,
        const GbacwStackUsage *usage, guint max_combat, gboolean one_if_unknown, GError **error)
{
  GbacwStackingLimits limits;
  GbacwStackUsage after = *usage;
  g_autofree char *label = NULL;
  int combat_before = usage->units + usage->sections;

  if (!check_hex (s, hex, error) || !check_not_prohibited (data, s, u, state, hex, error))
    return FALSE;
  if (u->type == GBACW_UNIT_LEADER)
    return TRUE;
  usage_add (&after, u, NULL, state);
  label = hex_label (s, hex);
  gbacw_rules_data_stacking_limits (data, s->map, hex, after.column, &limits);
  if (one_if_unknown && limits.units == GBACW_UNSET && limits.sp == GBACW_UNSET && limits.sections == GBACW_UNSET
      && (max_combat == 0 || max_combat > 1))
    max_combat = 1;
  if (max_combat > 0 && is_combat (u) && combat_before + 1 > (int) max_combat)
    {
      g_set_error (error, GBACW_OOB_EDIT_ERROR, GBACW_OOB_EDIT_ERROR_NO_ROOM,
                   _("hex %s already holds %d combat units"), label, combat_before);
      return FALSE;
    }
  if (limits.units != GBACW_UNSET && after.units > limits.units && after.units > usage->units)
    {
      g_set_error (error, GBACW_OOB_EDIT_ERROR, GBACW_OOB_EDIT_ERROR_NO_ROOM,
                   g_dngettext (GETTEXT_PACKAGE, "hex %s takes at most %d unit (8.18)", "hex %s takes at most %d units (8.18)", limits.units),
                   label, limits.units);
      return FALSE;
    }
  if (limits.sp != GBACW_UNSET && after.sp > limits.sp && after.sp > usage->sp)
    {
      g_set_error (error, GBACW_OOB_EDIT_ERROR, GBACW_OOB_EDIT_ERROR_NO_ROOM,
                   _("hex %s takes at most %d stacking points; it would hold %d (8.18)"), label, limits.sp, after.sp);
      return FALSE;
    }
  if (limits.sections != GBACW_UNSET && after.sections > limits.sections && after.sections > usage->sections)
    {
      g_set_error (error, GBACW_OOB_EDIT_ERROR, GBACW_OOB_EDIT_ERROR_NO_ROOM,
                   g_dngettext (GETTEXT_PACKAGE, "hex %s takes at most %d artillery unit (8.18)", "hex %s takes at most %d artillery units (8.18)",
                                limits.sections), label, limits.sections);
      return FALSE;
    }
  if (is_combat (u) && ((is_column (u, state) && combat_before > 0) || (usage->column && combat_before > 0)))
    {
      g_set_error (error, GBACW_OOB_EDIT_ERROR, GBACW_OOB_EDIT_ERROR_NO_ROOM,
                   _("infantry in column may not stack with another combat unit (8.16): hex %s"), label);
      return FALSE;
    }
  if ((is_mounted (u, state) && usage->others) || (!is_mounted (u, state) && usage->mounted))
    {
      g_set_error (error, GBACW_OOB_EDIT_ERROR, GBACW_OOB_EDIT_ERROR_NO_ROOM,
                   _("mounted cavalry may stack only with mounted cavalry and leaders (8.17): hex %s"), label);
      return FALSE;
    }
  return TRUE;
}

gboolean
gbacw_deploy_hex_allows (const GbacwScenario *scenario, const char *unit, GbacwFormationState formation, int hex,
                         GError **error)
{
  const GbacwUnit *u;
  GbacwStackUsage usage;
  GbacwRulesData *data;
  gboolean ok;
  int i;

  g_return_val_if_fail (scenario != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if ((i = find_unit_or_error (scenario, unit, error)) < 0 || !check_hex (scenario, hex, error))
    return FALSE;
  u = g_ptr_array_index (scenario->oob.units, i);
  if (!check_state (u, formation, error))
    return FALSE;
  gbacw_deploy_stack_usage (scenario, hex, unit, &usage);
  data = gbacw_rules_data_new (scenario);
  ok = allows (data, scenario, u, formation, hex, &usage, 0, FALSE, error);
  gbacw_rules_data_free (data);
  return ok;
}

static gboolean
side_has_setup_area (const GbacwScenario *s, const char *side)
{
  for (guint i = 0; i < s->map->areas->len; i++)
    {
      const GbacwArea *a = g_ptr_array_index (s->map->areas, i);
      if (a->kind == GBACW_AREA_SETUP && (a->side == NULL || g_strcmp0 (a->side, side) == 0))
        return TRUE;
    }
  return FALSE;
}

gboolean
gbacw_deploy_in_setup_area (const GbacwScenario *scenario, const char *side, int hex)
{
  g_return_val_if_fail (scenario != NULL, FALSE);

  if (!side_has_setup_area (scenario, side))
    return TRUE;
  for (guint i = 0; i < scenario->map->areas->len; i++)
    {
      const GbacwArea *a = g_ptr_array_index (scenario->map->areas, i);
      if (a->kind == GBACW_AREA_SETUP && (a->side == NULL || g_strcmp0 (a->side, side) == 0)
          && gbacw_area_contains (a, hex))
        return TRUE;
    }
  return FALSE;
}

/* The units of formation id and its sub-formations in file order (its own units, then
 * each sub-formation's, depth first). */
static void
collect_tree_units (const GbacwScenario *s, const char *id, GHashTable *children, GHashTable *units,
                    GPtrArray *out, int depth)
{
  GPtrArray *list = g_hash_table_lookup (units, id);
  GPtrArray *subs = g_hash_table_lookup (children, id);

  if (depth > 64)
    return;
  for (guint i = 0; list && i < list->len; i++)
    g_ptr_array_add (out, g_ptr_array_index (list, i));
  for (guint i = 0; subs && i < subs->len; i++)
    collect_tree_units (s, ((GbacwFormation *) g_ptr_array_index (subs, i))->id, children, units, out, depth + 1);
}

static void
multimap_add (GHashTable *table, const char *key, gpointer value)
{
  GPtrArray *list = g_hash_table_lookup (table, key);
  if (list == NULL)
    {
      list = g_ptr_array_new ();
      g_hash_table_insert (table, (gpointer) key, list);
    }
  g_ptr_array_add (list, value);
}

typedef struct {
  int hex;
  GbacwStackUsage usage;
} HexUsage;

GbacwCommand *
gbacw_deploy_place_formation (GbacwScenario *scenario, const char *formation, int hex, GbacwFormationState state,
                              int facing, guint max_per_hex, GError **error)
{
  g_autoptr (GHashTable) children = NULL;
  g_autoptr (GHashTable) units = NULL;
  g_autoptr (GHashTable) moving = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (GHashTable) usage_by_hex = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL, g_free);
  g_autoptr (GPtrArray) members = g_ptr_array_new ();
  g_autoptr (GArray) spiral = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr (GPtrArray) placements = g_ptr_array_new_with_free_func ((GDestroyNotify) gbacw_placement_free);
  const GbacwHexGrid *grid = &scenario->map->grid;
  const GbacwFormation *root;
  GbacwRulesData *data;
  GbacwCollectionEdit *edit;
  g_autofree char *label = NULL;
  int fi, max_ring;
  GbacwHex centre;

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if ((fi = find_formation_or_error (scenario, formation, error)) < 0 || !check_hex (scenario, hex, error)
      || !check_facing (facing, error))
    return NULL;
  if ((int) state < 0 || state > GBACW_FORMATION_STATE_UNLIMBERED)
    {
      set_invalid (error, _("unknown formation"));
      return NULL;
    }
  root = g_ptr_array_index (scenario->oob.formations, fi);

  children = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, (GDestroyNotify) g_ptr_array_unref);
  units = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, (GDestroyNotify) g_ptr_array_unref);
  for (guint i = 0; i < scenario->oob.formations->len; i++)
    {
      GbacwFormation *f = g_ptr_array_index (scenario->oob.formations, i);
      if (f->parent)
        multimap_add (children, f->parent, f);
    }
  for (guint i = 0; i < scenario->oob.units->len; i++)
    {
      GbacwUnit *u = g_ptr_array_index (scenario->oob.units, i);
      if (u->formation)
        multimap_add (units, u->formation, u);
    }
  collect_tree_units (scenario, root->id, children, units, members, 0);
  label = g_strdup_printf (_("Place “%s”"), formation_title (root));
  if (members->len == 0)
    return empty_command (label);
  for (guint i = 0; i < members->len; i++)
    g_hash_table_add (moving, ((GbacwUnit *) g_ptr_array_index (members, i))->id);

  /* hexes in rings around the centre (cube ring walk: start k steps out in direction 4,
   * then k steps in each direction) */
  centre = gbacw_hex_grid_hex_at (grid, hex);
  max_ring = grid->columns + grid->rows;
  g_array_append_val (spiral, hex);
  for (int k = 1; k <= max_ring; k++)
    {
      GbacwHex h = centre;
      for (int j = 0; j < k; j++)
        h = gbacw_hex_grid_neighbour (grid, h, 4);
      for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
        for (int j = 0; j < k; j++)
          {
            int index = gbacw_hex_grid_index (grid, h);
            if (index >= 0)
              g_array_append_val (spiral, index);
            h = gbacw_hex_grid_neighbour (grid, h, d);
          }
    }

  data = gbacw_rules_data_new (scenario);
  for (guint m = 0; m < members->len; m++)
    {
      const GbacwUnit *u = g_ptr_array_index (members, m);
      GbacwFormationState s = state_valid (u->type, state) ? state : GBACW_FORMATION_STATE_UNSET;
      gboolean placed = FALSE;

      for (guint k = 0; k < spiral->len && !placed; k++)
        {
          int h = g_array_index (spiral, int, k);
          HexUsage *hu;
          if (!gbacw_deploy_in_setup_area (scenario, u->side, h))
            continue;
          hu = g_hash_table_lookup (usage_by_hex, GINT_TO_POINTER (h));
          if (hu == NULL)
            {
              hu = g_new0 (HexUsage, 1);
              hu->hex = h;
              for (guint i = 0; i < scenario->deployment->len; i++)
                {
                  const GbacwPlacement *p = g_ptr_array_index (scenario->deployment, i);
                  const GbacwUnit *pu;
                  if (p->hex != h || g_hash_table_contains (moving, p->unit))
                    continue;
                  if ((pu = gbacw_oob_find_unit (&scenario->oob, p->unit)))
                    usage_add (&hu->usage, pu, p, p->formation);
                }
              g_hash_table_insert (usage_by_hex, GINT_TO_POINTER (h), hu);
            }
          if (!allows (data, scenario, u, s, h, &hu->usage, max_per_hex, TRUE, NULL))
            continue;
          {
            GbacwPlacement *p = gbacw_placement_new (u->id, h);
            const GbacwPlacement *old = gbacw_scenario_find_placement (scenario, u->id, NULL);
            if (old)
              {
                p->strength = old->strength;
                p->status = old->status;
              }
            p->formation = s;
            p->facing = facing;
            usage_add (&hu->usage, u, p, s);
            g_ptr_array_add (placements, p);
          }
          placed = TRUE;
        }
      if (!placed)
        {
          g_autofree char *centre_label = hex_label (scenario, hex);
          gbacw_rules_data_free (data);
          g_set_error (error, GBACW_OOB_EDIT_ERROR, GBACW_OOB_EDIT_ERROR_NO_ROOM,
                       _("there is no room for %s around hex %s"), unit_title (u), centre_label);
          return NULL;
        }
    }
  gbacw_rules_data_free (data);

  edit = gbacw_collection_edit_new (label, 0);
  for (guint i = scenario->deployment->len; i-- > 0;)
    if (g_hash_table_contains (moving, ((GbacwPlacement *) g_ptr_array_index (scenario->deployment, i))->unit))
      gbacw_collection_edit_remove (edit, GBACW_COLLECTION_PLACEMENTS, i);
  {
    guint n = scenario->deployment->len;
    for (guint i = 0; i < scenario->deployment->len; i++)
      if (g_hash_table_contains (moving, ((GbacwPlacement *) g_ptr_array_index (scenario->deployment, i))->unit))
        n--;
    for (guint i = 0; i < placements->len; i++)
      gbacw_collection_edit_insert (edit, GBACW_COLLECTION_PLACEMENTS, n + i, g_steal_pointer (&placements->pdata[i]));
  }
  return GBACW_COMMAND (edit);
}

/* ---------------------------------------------------------------- reinforcements */

static int
reinforcement_index (const GbacwScenario *s, const char *id, GError **error)
{
  for (guint i = 0; i < s->reinforcements->len; i++)
    if (g_strcmp0 (((GbacwReinforcement *) g_ptr_array_index (s->reinforcements, i))->id, id) == 0)
      return (int) i;
  g_set_error (error, GBACW_OOB_EDIT_ERROR, GBACW_OOB_EDIT_ERROR_NOT_FOUND, _("there is no reinforcement “%s”"),
               id ? id : "");
  return -1;
}

static gboolean
check_turn (const GbacwScenario *s, int turn, GError **error)
{
  if (turn >= s->turns.first && turn <= s->turns.last)
    return TRUE;
  return set_invalid (error, _("turn %d is outside the scenario's Game-Turns (%d to %d)"), turn, s->turns.first,
                      s->turns.last);
}

static gboolean
check_entry_hexes (const GbacwScenario *s, const int *hexes, guint n, GError **error)
{
  for (guint i = 0; i < n; i++)
    {
      if (!check_hex (s, hexes[i], error))
        return FALSE;
      for (guint j = 0; j < i; j++)
        if (hexes[j] == hexes[i])
          {
            g_autofree char *label = hex_label (s, hexes[i]);
            return set_invalid (error, _("entry hex %s is listed twice"), label);
          }
    }
  return TRUE;
}

static gboolean
check_member (const GbacwScenario *s, GbacwOobEntry entry, const char *member, const char *skip_reinforcement,
              GError **error)
{
  if (entry == GBACW_OOB_ENTRY_UNIT ? find_unit_or_error (s, member, error) < 0
                                    : find_formation_or_error (s, member, error) < 0)
    return FALSE;
  for (guint i = 0; i < s->reinforcements->len; i++)
    {
      const GbacwReinforcement *r = g_ptr_array_index (s->reinforcements, i);
      const GPtrArray *list = entry == GBACW_OOB_ENTRY_UNIT ? r->units : r->formations;
      if (skip_reinforcement && g_strcmp0 (r->id, skip_reinforcement) == 0)
        continue;
      for (guint k = 0; k < list->len; k++)
        if (g_strcmp0 (g_ptr_array_index (list, k), member) == 0)
          {
            g_set_error (error, GBACW_OOB_EDIT_ERROR, GBACW_OOB_EDIT_ERROR_NOT_ALLOWED,
                         _("“%s” already arrives with reinforcement “%s”"), member, r->id);
            return FALSE;
          }
    }
  return TRUE;
}

static gboolean
check_reinforcement_state (GbacwFormationState state, GError **error)
{
  if ((int) state >= 0 && state <= GBACW_FORMATION_STATE_UNLIMBERED)
    return TRUE;
  return set_invalid (error, _("unknown formation"));
}

/* Units arriving as a reinforcement are not on the map at the start: the placements of
 * the units and of every unit of the formations (and the formations under them) are
 * removed by edit, in the step that makes them arrive. */
static void
remove_arriving_placements (const GbacwScenario *s, GbacwCollectionEdit *edit, const char *const *units,
                            const char *const *formations)
{
  g_autoptr (GHashTable) arriving = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint i = 0; units && units[i]; i++)
    g_hash_table_add (arriving, (gpointer) units[i]);
  for (guint i = 0; formations && formations[i]; i++)
    {
      g_autoptr (GHashTable) set = subtree_formations (s, formations[i], NULL);
      for (guint k = 0; k < s->oob.units->len; k++)
        {
          GbacwUnit *u = g_ptr_array_index (s->oob.units, k);
          if (u->formation && g_hash_table_contains (set, u->formation))
            g_hash_table_add (arriving, u->id);
        }
    }
  for (guint k = s->deployment->len; k-- > 0;)
    if (g_hash_table_contains (arriving, ((GbacwPlacement *) g_ptr_array_index (s->deployment, k))->unit))
      gbacw_collection_edit_remove (edit, GBACW_COLLECTION_PLACEMENTS, k);
}

GbacwCommand *
gbacw_reinforcement_add (GbacwScenario *scenario, int turn, const int *entry_hexes, guint n_entry,
                         GbacwFormationState formation, const char *const *units, const char *const *formations,
                         char **id_out, GError **error)
{
  g_autoptr (OobReinforcement) r = NULL;
  char *id;

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (entry_hexes != NULL || n_entry == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!check_turn (scenario, turn, error) || !check_entry_hexes (scenario, entry_hexes, n_entry, error)
      || !check_reinforcement_state (formation, error))
    return NULL;
  id = gbacw_oob_unique_id (scenario, "r-new");
  r = gbacw_reinforcement_new (id, turn);
  g_free (id);
  r->formation = formation;
  if (n_entry)
    g_array_append_vals (r->entry_hexes, entry_hexes, n_entry);
  for (guint i = 0; units && units[i]; i++)
    {
      if (!check_member (scenario, GBACW_OOB_ENTRY_UNIT, units[i], NULL, error))
        return NULL;
      for (guint k = 0; k < r->units->len; k++)
        if (strcmp (g_ptr_array_index (r->units, k), units[i]) == 0)
          {
            set_invalid (error, _("“%s” is listed twice"), units[i]);
            return NULL;
          }
      g_ptr_array_add (r->units, g_strdup (units[i]));
    }
  for (guint i = 0; formations && formations[i]; i++)
    {
      if (!check_member (scenario, GBACW_OOB_ENTRY_FORMATION, formations[i], NULL, error))
        return NULL;
      for (guint k = 0; k < r->formations->len; k++)
        if (strcmp (g_ptr_array_index (r->formations, k), formations[i]) == 0)
          {
            set_invalid (error, _("“%s” is listed twice"), formations[i]);
            return NULL;
          }
      g_ptr_array_add (r->formations, g_strdup (formations[i]));
    }
  if (id_out)
    *id_out = g_strdup (r->id);
  {
    GbacwCollectionEdit *edit = gbacw_collection_edit_new (_("Add reinforcement"), 0);
    remove_arriving_placements (scenario, edit, units, formations);
    gbacw_collection_edit_insert (edit, GBACW_COLLECTION_REINFORCEMENTS, scenario->reinforcements->len,
                                  g_steal_pointer (&r));
    return GBACW_COMMAND (edit);
  }
}

static GbacwCommand *
replace_reinforcement (const GbacwScenario *s, int index, GbacwReinforcement *r, const char *label, guint merge_key)
{
  GbacwCollectionEdit *edit = gbacw_collection_edit_new (label, merge_key);
  gbacw_collection_edit_replace (edit, GBACW_COLLECTION_REINFORCEMENTS, (guint) index, r);
  return GBACW_COMMAND (edit);
}

GbacwCommand *
gbacw_reinforcement_set_turn (GbacwScenario *scenario, const char *id, int turn, GError **error)
{
  GbacwReinforcement *r;
  int i;

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if ((i = reinforcement_index (scenario, id, error)) < 0 || !check_turn (scenario, turn, error))
    return NULL;
  r = gbacw_reinforcement_copy (g_ptr_array_index (scenario->reinforcements, i));
  if (r->turn == turn)
    {
      gbacw_reinforcement_free (r);
      return empty_command (_("Change arrival turn"));
    }
  r->turn = turn;
  return replace_reinforcement (scenario, i, r, _("Change arrival turn"), MERGE_REINF_TURN);
}

GbacwCommand *
gbacw_reinforcement_set_entry (GbacwScenario *scenario, const char *id, const int *entry_hexes, guint n_entry,
                               GError **error)
{
  GbacwReinforcement *r;
  int i;

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (entry_hexes != NULL || n_entry == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if ((i = reinforcement_index (scenario, id, error)) < 0 || !check_entry_hexes (scenario, entry_hexes, n_entry, error))
    return NULL;
  r = gbacw_reinforcement_copy (g_ptr_array_index (scenario->reinforcements, i));
  g_array_set_size (r->entry_hexes, 0);
  if (n_entry)
    g_array_append_vals (r->entry_hexes, entry_hexes, n_entry);
  return replace_reinforcement (scenario, i, r, _("Change entry hexes"), 0);
}

GbacwCommand *
gbacw_reinforcement_set_formation (GbacwScenario *scenario, const char *id, GbacwFormationState formation,
                                   GError **error)
{
  GbacwReinforcement *r;
  int i;

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if ((i = reinforcement_index (scenario, id, error)) < 0 || !check_reinforcement_state (formation, error))
    return NULL;
  r = gbacw_reinforcement_copy (g_ptr_array_index (scenario->reinforcements, i));
  r->formation = formation;
  return replace_reinforcement (scenario, i, r, _("Change formation on entry"), 0);
}

GbacwCommand *
gbacw_reinforcement_add_member (GbacwScenario *scenario, const char *id, GbacwOobEntry entry, const char *member,
                                GError **error)
{
  GbacwReinforcement *r;
  GPtrArray *list;
  int i;

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if ((i = reinforcement_index (scenario, id, error)) < 0 || !check_member (scenario, entry, member, NULL, error))
    return NULL;
  r = gbacw_reinforcement_copy (g_ptr_array_index (scenario->reinforcements, i));
  list = entry == GBACW_OOB_ENTRY_UNIT ? r->units : r->formations;
  g_ptr_array_add (list, g_strdup (member));
  {
    const char *const members[] = { member, NULL };
    GbacwCollectionEdit *edit = gbacw_collection_edit_new (_("Add to reinforcement"), 0);
    remove_arriving_placements (scenario, edit, entry == GBACW_OOB_ENTRY_UNIT ? members : NULL,
                                entry == GBACW_OOB_ENTRY_UNIT ? NULL : members);
    gbacw_collection_edit_replace (edit, GBACW_COLLECTION_REINFORCEMENTS, (guint) i, r);
    return GBACW_COMMAND (edit);
  }
}

GbacwCommand *
gbacw_reinforcement_remove_member (GbacwScenario *scenario, const char *id, GbacwOobEntry entry, const char *member,
                                   GError **error)
{
  GbacwReinforcement *r;
  GPtrArray *list;
  int i;

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if ((i = reinforcement_index (scenario, id, error)) < 0)
    return NULL;
  r = gbacw_reinforcement_copy (g_ptr_array_index (scenario->reinforcements, i));
  list = entry == GBACW_OOB_ENTRY_UNIT ? r->units : r->formations;
  for (guint k = 0; k < list->len; k++)
    if (g_strcmp0 (g_ptr_array_index (list, k), member) == 0)
      {
        g_ptr_array_remove_index (list, k);
        return replace_reinforcement (scenario, i, r, _("Remove from reinforcement"), 0);
      }
  gbacw_reinforcement_free (r);
  g_set_error (error, GBACW_OOB_EDIT_ERROR, GBACW_OOB_EDIT_ERROR_NOT_FOUND,
               _("“%s” is not in reinforcement “%s”"), member ? member : "", id);
  return NULL;
}

GbacwCommand *
gbacw_reinforcement_remove (GbacwScenario *scenario, const char *id, GError **error)
{
  int i;

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if ((i = reinforcement_index (scenario, id, error)) < 0)
    return NULL;
  return one_remove (_("Remove reinforcement"), GBACW_COLLECTION_REINFORCEMENTS, (guint) i);
}

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
      return empty_command (label);
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
      set_invalid (error, _("the Game-Turns must run from a first turn to a last turn not before it, 0 to 100000"));
      return NULL;
    }
  if (first == scenario->turns.first && last == scenario->turns.last)
    return empty_command (_("Change Game-Turns"));

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

  if (!check_turn (s, n, error))
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
      set_invalid (error, _("“%s” is not a time: write it as HH:MM, e.g. 08:30"), time);
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

  if (!check_side (scenario, side, FALSE, error))
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

  if (!check_side (scenario, side, FALSE, error) || !(t = track_copy_with_turn (scenario, turn, &track, error)))
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

  if (!check_id_syntax (id, error))
    return NULL;
  i = exclusive_rule_index (scenario, id);
  if (i >= 0)
    {
      const GbacwExclusiveRule *old = g_ptr_array_index (scenario->exclusive_rules, i);
      if (!old->enabled == !enabled)
        return empty_command (enabled ? _("Turn exclusive rule on") : _("Turn exclusive rule off"));
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
  guint k;
  int i;

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!check_id_syntax (id, error) || !check_id_syntax (name, error))
    return NULL;
  if (value && !g_utf8_validate (value, -1, NULL))
    {
      set_invalid (error, _("the text is not valid UTF-8"));
      return NULL;
    }
  i = exclusive_rule_index (scenario, id);
  rule = i >= 0 ? gbacw_exclusive_rule_copy (g_ptr_array_index (scenario->exclusive_rules, i)) : exclusive_rule_new (id);
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
  return put_exclusive_rule (scenario, i, rule, _("Change rule parameter"), MERGE_EXCLUSIVE_PARAM);
}

GbacwCommand *
gbacw_settings_set_option (GbacwScenario *scenario, const char *id, const char *value, GError **error)
{
  GbacwCollectionEdit *edit;
  int index = -1;

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!check_id_syntax (id, error))
    return NULL;
  if (value && !id_syntax_ok (value))
    {
      check_id_syntax (value, error);
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
  gboolean ok = parse_text (text, &copy, error);
  g_free (copy);
  return ok;
}

static gboolean
check_award (const GbacwScenario *s, const GbacwVpAward *a, GError **error)
{
  if ((int) a->event < GBACW_VP_OBJECTIVE || a->event > GBACW_VP_CUSTOM)
    return set_invalid (error, _("unknown VP event"));
  return check_side (s, a->side, TRUE, error) && check_area (s, a->area, error)
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
  return one_insert (_("Add VP award"), GBACW_COLLECTION_VP_AWARDS, scenario->vp_awards->len, copy);
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
  return one_replace (_("Change VP award"), GBACW_COLLECTION_VP_AWARDS, (guint) i, copy);
}

GbacwCommand *
gbacw_victory_remove_award (GbacwScenario *scenario, const char *id, GError **error)
{
  int i;

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if ((i = award_index (scenario, id, error)) < 0)
    return NULL;
  return one_remove (_("Remove VP award"), GBACW_COLLECTION_VP_AWARDS, (guint) i);
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
      if (!check_hex (s, hexes[i], error))
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

  if (!check_side (scenario, side, FALSE, error) || !check_optional_text (name, error))
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
  return one_insert (_("Add objective"), GBACW_COLLECTION_AREAS, scenario->map->areas->len, g_steal_pointer (&area));
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
  return one_replace (_("Change objective hexes"), GBACW_COLLECTION_AREAS, i, g_steal_pointer (&area));
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
  if (!check_side (scenario, side, FALSE, error))
    return NULL;
  old = g_ptr_array_index (scenario->map->areas, i);
  if (g_strcmp0 (old->side, side) == 0 && old->vp == vp)
    return empty_command (_("Change objective"));
  area = gbacw_area_copy (old);
  g_free (area->side);
  area->side = g_strdup (side);
  area->vp = vp;
  return one_replace (_("Change objective"), GBACW_COLLECTION_AREAS, i, g_steal_pointer (&area));
}

static gboolean
check_level (const GbacwScenario *s, const GbacwVictoryLevel *level, GError **error)
{
  return check_side (s, level->side, FALSE, error) && check_optional_text (level->name, error);
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
  return one_insert (_("Add level of victory"), GBACW_COLLECTION_VICTORY_LEVELS, scenario->victory_levels->len,
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
  return one_replace (_("Change level of victory"), GBACW_COLLECTION_VICTORY_LEVELS, index,
                      gbacw_victory_level_copy (level));
}

GbacwCommand *
gbacw_victory_remove_level (GbacwScenario *scenario, guint index, GError **error)
{
  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!check_index (index, scenario->victory_levels, error))
    return NULL;
  return one_remove (_("Remove level of victory"), GBACW_COLLECTION_VICTORY_LEVELS, index);
}

static gboolean
check_automatic (const GbacwScenario *s, const GbacwAutomaticVictory *a, GError **error)
{
  if (a->turn != GBACW_UNSET && !check_turn (s, a->turn, error))
    return FALSE;
  return check_side (s, a->side, FALSE, error) && check_area (s, a->area, error) && check_optional_text (a->text, error);
}

GbacwCommand *
gbacw_victory_add_automatic (GbacwScenario *scenario, const GbacwAutomaticVictory *automatic, GError **error)
{
  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (automatic != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!check_automatic (scenario, automatic, error))
    return NULL;
  return one_insert (_("Add automatic victory"), GBACW_COLLECTION_AUTOMATIC_VICTORIES,
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
  return one_replace (_("Change automatic victory"), GBACW_COLLECTION_AUTOMATIC_VICTORIES, index,
                      gbacw_automatic_victory_copy (automatic));
}

GbacwCommand *
gbacw_victory_remove_automatic (GbacwScenario *scenario, guint index, GError **error)
{
  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!check_index (index, scenario->automatic_victories, error))
    return NULL;
  return one_remove (_("Remove automatic victory"), GBACW_COLLECTION_AUTOMATIC_VICTORIES, index);
}
