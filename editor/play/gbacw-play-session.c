/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-play-session.c: a game being test-played in the editor. */
#define G_LOG_DOMAIN "gbacw-play-session"

#include "config.h"

#include <gio/gio.h>
#include <glib/gi18n.h>
#include <string.h>

#include "gbacw-ai.h"
#include "gbacw-file-read.h"
#include "gbacw-fire.h"
#include "gbacw-leadership.h"
#include "gbacw-play-session-private.h"
#include "gbacw-scenario-io.h"

struct _GbacwPlaySession
{
  GObject parent_instance;

  GbacwScenario *scenario;      /* the scenario as read, to start the game again (replay) */
  char *scenario_path;
  gboolean temporary;
  guint32 seed;

  GbacwGame *game;
  GbacwOutcome *outcome;
  GbacwAi *ai[2];
  GbacwAiLevel ai_level;
  guint computer;
  int jump;
  gboolean stuck;               /* the computer failed: it waits until something changes */

  /* VP at the end of each Game-Turn (index turn - first_turn), -1 while not ended */
  GArray *turn_vp;              /* int[2] pairs */
  int last_turn;

  /* the record while replaying (GbacwAction*), and the position shown */
  GPtrArray *record;
  guint position;
};

G_DEFINE_FINAL_TYPE (GbacwPlaySession, gbacw_play_session, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_COMPUTER,
  PROP_JUMP,
  PROP_REPLAYING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  SIGNAL_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

void
gbacw_play_answer_free (GbacwPlayAnswer *answer)
{
  if (answer == NULL)
    return;
  g_free (answer->label);
  g_clear_pointer (&answer->action, gbacw_action_free);
  g_clear_pointer (&answer->path, g_array_unref);
  g_free (answer);
}

const char *
gbacw_play_unit_name (const GbacwGame *game,
                      int              unit)
{
  const GbacwGameUnit *u = gbacw_game_unit (game, unit);

  if (u == NULL)
    return "?";
  return u->oob->designation && *u->oob->designation ? u->oob->designation : u->id;
}

/* ---------------------------------------------------------------- following the game */

static void
clear_ai (GbacwPlaySession *self)
{
  for (int side = 0; side < 2; side++)
    g_clear_pointer (&self->ai[side], gbacw_ai_free);
}

static void
reset_turn_record (GbacwPlaySession *self)
{
  int n = MAX (self->game->last_turn - self->game->first_turn + 1, 0);

  g_array_set_size (self->turn_vp, 0);
  g_array_set_size (self->turn_vp, 2 * n);
  for (guint i = 0; i < self->turn_vp->len; i++)
    g_array_index (self->turn_vp, int, i) = -1;
  self->last_turn = self->game->turn;
}

/* After every action: the outcome, and the VP of a Game-Turn that has just ended. */
static void
follow (GbacwPlaySession *self)
{
  GbacwGame *game = self->game;

  gbacw_outcome_update (self->outcome, game);
  if (game->turn != self->last_turn || gbacw_game_is_over (game))
    {
      GbacwVictory v = { 0 };
      int index = self->last_turn - game->first_turn;

      gbacw_outcome_victory (self->outcome, game, &v);
      if (index >= 0 && 2 * index + 1 < (int) self->turn_vp->len)
        {
          g_array_index (self->turn_vp, int, 2 * index) = v.vp[0];
          g_array_index (self->turn_vp, int, 2 * index + 1) = v.vp[1];
        }
      gbacw_victory_clear (&v);
      self->last_turn = game->turn;
    }
}

static void
set_game (GbacwPlaySession *self,
          GbacwGame        *game)
{
  clear_ai (self);
  g_clear_pointer (&self->outcome, gbacw_outcome_free);
  g_clear_pointer (&self->game, gbacw_game_free);
  self->game = game;
  self->outcome = gbacw_outcome_new (game);
  reset_turn_record (self);
}

static void
emit_changed (GbacwPlaySession *self)
{
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
}

/* ---------------------------------------------------------------- creating */

GbacwPlaySession *
gbacw_play_session_new (const GbacwScenario *scenario,
                        const char          *scenario_path,
                        gboolean             temporary,
                        guint32              seed,
                        GError             **error)
{
  g_autoptr(GbacwPlaySession) self = NULL;
  GbacwGame *game;

  g_return_val_if_fail (scenario != NULL, NULL);

  game = gbacw_game_new (scenario, seed, error);
  if (game == NULL)
    return NULL;
  self = g_object_new (GBACW_TYPE_PLAY_SESSION, NULL);
  /* The game holds its own copy (with what the engine adds to it, such as wagon crew
   * counters); ours, as read, starts it again for a replay. */
  self->scenario = gbacw_scenario_copy (scenario);
  self->scenario_path = g_strdup (scenario_path);
  self->temporary = temporary;
  self->seed = seed;
  set_game (self, game);
  return g_steal_pointer (&self);
}

/* The scenario a saved game names (the attribute of <game>). */
typedef struct {
  char *scenario;
} Header;

static void
header_start (GMarkupParseContext  *context,
              const char           *element,
              const char          **names,
              const char          **values,
              gpointer              user_data,
              GError              **error)
{
  Header *header = user_data;

  if (!g_str_equal (element, "game") || header->scenario != NULL)
    return;
  for (guint i = 0; names[i] != NULL; i++)
    if (g_str_equal (names[i], "scenario"))
      header->scenario = g_strdup (values[i]);
}

static char *
read_scenario_name (const char  *xml,
                    gsize        length)
{
  static const GMarkupParser parser = { header_start, NULL, NULL, NULL, NULL };
  g_autoptr(GMarkupParseContext) context = NULL;
  Header header = { NULL };

  context = g_markup_parse_context_new (&parser, 0, &header, NULL);
  /* The engine reports a malformed file; only the header matters here. */
  g_markup_parse_context_parse (context, xml, length, NULL);
  return header.scenario;
}

GbacwPlaySession *
gbacw_play_session_load (const char  *path,
                         GError     **error)
{
  g_autoptr(GbacwPlaySession) self = NULL;
  g_autoptr(GBytes) xml = NULL;
  g_autofree char *name = NULL;
  g_autofree char *dir = NULL;
  gsize length = 0;
  const char *text;
  GbacwGame *game;

  g_return_val_if_fail (path != NULL, NULL);

  /* the engine reads the record first: it refuses what is not a regular record file */
  game = gbacw_game_load (path, error);
  if (game == NULL)
    return NULL;
  xml = gbacw_file_read (path, GBACW_FILE_KIND_GAME_RECORD, error);
  if (xml == NULL)
    {
      gbacw_game_free (game);
      return NULL;
    }

  self = g_object_new (GBACW_TYPE_PLAY_SESSION, NULL);
  text = g_bytes_get_data (xml, &length);
  name = read_scenario_name (text, length);
  dir = g_path_get_dirname (path);
  if (name != NULL && *name != '\0')
    self->scenario_path = g_path_is_absolute (name) ? g_strdup (name) : g_build_filename (dir, name, NULL);
  /* the scenario as the file has it: the loaded game's copy holds what the engine added */
  if (self->scenario_path != NULL)
    self->scenario = gbacw_scenario_load_file (self->scenario_path, NULL);
  if (self->scenario == NULL)
    self->scenario = gbacw_scenario_copy (game->scenario);
  self->seed = gbacw_dice_get_seed (game->dice);
  /* Played again from the start, so that the outcome (control of areas, the VP of each
   * Game-Turn) follows every action, as it did in the game saved. */
  {
    g_autoptr(GbacwGame) loaded = game;

    game = gbacw_game_new (self->scenario, self->seed, error);
    if (game == NULL)
      return NULL;
    set_game (self, game);
    for (guint i = 0; i < loaded->actions->len; i++)
      {
        if (!gbacw_game_apply_action (self->game, g_ptr_array_index (loaded->actions, i), error))
          return NULL;
        follow (self);
      }
  }
  return g_steal_pointer (&self);
}

gboolean
gbacw_play_session_save (GbacwPlaySession  *self,
                         const char        *path,
                         GError           **error)
{
  g_autofree char *dir = NULL;
  g_autofree char *name = NULL;

  g_return_val_if_fail (GBACW_IS_PLAY_SESSION (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  dir = g_path_get_dirname (path);
  if (self->temporary || self->scenario_path == NULL)
    {
      /* The scenario goes beside the game: the temporary copy will be gone. */
      g_autofree char *base = g_path_get_basename (path);
      g_autofree char *stem = g_str_has_suffix (base, ".xml") ? g_strndup (base, strlen (base) - 4) : g_strdup (base);
      g_autofree char *scenario_file = NULL;

      name = g_strdup_printf ("%s-scenario.xml", stem);
      scenario_file = g_build_filename (dir, name, NULL);
      if (!gbacw_scenario_save_file (self->scenario, scenario_file, error))
        return FALSE;
    }
  else
    {
      g_autoptr(GFile) from = g_file_new_for_path (dir);
      g_autoptr(GFile) to = g_file_new_for_path (self->scenario_path);

      name = g_file_get_relative_path (from, to);
      if (name == NULL)
        name = g_strdup (self->scenario_path);
    }
  if (self->record != NULL)
    {
      /* Saving while replaying: the whole record. */
      g_autoptr(GbacwGame) whole = gbacw_game_new (self->scenario, self->seed, error);
      if (whole == NULL)
        return FALSE;
      for (guint i = 0; i < self->record->len; i++)
        if (!gbacw_game_apply_action (whole, g_ptr_array_index (self->record, i), error))
          return FALSE;
      return gbacw_game_save (whole, name, path, error);
    }
  return gbacw_game_save (self->game, name, path, error);
}

/* ---------------------------------------------------------------- accessors */

GbacwGame *
gbacw_play_session_get_game (GbacwPlaySession *self)
{
  g_return_val_if_fail (GBACW_IS_PLAY_SESSION (self), NULL);
  return self->game;
}

GbacwOutcome *
gbacw_play_session_get_outcome (GbacwPlaySession *self)
{
  g_return_val_if_fail (GBACW_IS_PLAY_SESSION (self), NULL);
  return self->outcome;
}

const GbacwScenario *
gbacw_play_session_get_scenario (GbacwPlaySession *self)
{
  g_return_val_if_fail (GBACW_IS_PLAY_SESSION (self), NULL);
  return self->scenario;
}

const char *
gbacw_play_session_get_scenario_path (GbacwPlaySession *self)
{
  g_return_val_if_fail (GBACW_IS_PLAY_SESSION (self), NULL);
  return self->scenario_path;
}

gboolean
gbacw_play_session_is_temporary (GbacwPlaySession *self)
{
  g_return_val_if_fail (GBACW_IS_PLAY_SESSION (self), FALSE);
  return self->temporary;
}

guint32
gbacw_play_session_get_seed (GbacwPlaySession *self)
{
  g_return_val_if_fail (GBACW_IS_PLAY_SESSION (self), 0);
  return self->seed;
}

void
gbacw_play_session_set_computer (GbacwPlaySession *self,
                                 guint             sides)
{
  g_return_if_fail (GBACW_IS_PLAY_SESSION (self));

  sides &= 3;
  if (self->computer == sides)
    return;
  self->computer = sides;
  self->stuck = FALSE;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COMPUTER]);
  emit_changed (self);
}

guint
gbacw_play_session_get_computer (GbacwPlaySession *self)
{
  g_return_val_if_fail (GBACW_IS_PLAY_SESSION (self), 0);
  return self->computer;
}

void
gbacw_play_session_set_ai_level (GbacwPlaySession *self,
                                 GbacwAiLevel      level)
{
  g_return_if_fail (GBACW_IS_PLAY_SESSION (self));
  g_return_if_fail (level < GBACW_AI_N_LEVELS);

  if (self->ai_level == level)
    return;
  self->ai_level = level;
  for (int side = 0; side < 2; side++)
    if (self->ai[side] != NULL)
      gbacw_ai_set_level (self->ai[side], level);
  self->stuck = FALSE;
  emit_changed (self);
}

GbacwAiLevel
gbacw_play_session_get_ai_level (GbacwPlaySession *self)
{
  g_return_val_if_fail (GBACW_IS_PLAY_SESSION (self), GBACW_AI_LEVEL_NORMAL);
  return self->ai_level;
}

int
gbacw_play_session_get_engine_ai_level (GbacwPlaySession *self,
                                        int               side)
{
  g_return_val_if_fail (GBACW_IS_PLAY_SESSION (self), -1);
  g_return_val_if_fail (side == 0 || side == 1, -1);
  return self->ai[side] != NULL ? (int) gbacw_ai_get_level (self->ai[side]) : -1;
}

void
gbacw_play_session_set_jump (GbacwPlaySession *self,
                             int               turn)
{
  g_return_if_fail (GBACW_IS_PLAY_SESSION (self));

  if (turn <= self->game->turn && turn > 0)
    turn = 0;
  if (self->jump == turn)
    return;
  self->jump = turn;
  self->stuck = FALSE;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_JUMP]);
  emit_changed (self);
}

int
gbacw_play_session_get_jump (GbacwPlaySession *self)
{
  g_return_val_if_fail (GBACW_IS_PLAY_SESSION (self), 0);
  return self->jump;
}

gboolean
gbacw_play_session_computer_to_act (GbacwPlaySession *self)
{
  int decider;

  g_return_val_if_fail (GBACW_IS_PLAY_SESSION (self), FALSE);

  if (self->record != NULL || self->stuck || gbacw_game_is_over (self->game))
    return FALSE;
  if (self->jump > 0 && self->game->turn < self->jump)
    return TRUE;
  decider = gbacw_game_decider (self->game);
  return decider >= 0 && decider < 2 && (self->computer & (1u << decider)) != 0;
}

gboolean
gbacw_play_session_get_turn_vp (GbacwPlaySession *self,
                                int               turn,
                                int               vp[2])
{
  int index;

  g_return_val_if_fail (GBACW_IS_PLAY_SESSION (self), FALSE);

  index = turn - self->game->first_turn;
  if (index < 0 || 2 * index + 1 >= (int) self->turn_vp->len || g_array_index (self->turn_vp, int, 2 * index) < 0)
    return FALSE;
  vp[0] = g_array_index (self->turn_vp, int, 2 * index);
  vp[1] = g_array_index (self->turn_vp, int, 2 * index + 1);
  return TRUE;
}

/* ---------------------------------------------------------------- playing */

gboolean
gbacw_play_session_apply (GbacwPlaySession   *self,
                          const GbacwAction  *action,
                          GError            **error)
{
  g_return_val_if_fail (GBACW_IS_PLAY_SESSION (self), FALSE);
  g_return_val_if_fail (action != NULL, FALSE);

  if (!gbacw_game_check_action (self->game, action, error))
    return FALSE;
  if (self->record != NULL)
    gbacw_play_session_stop_replay (self);
  if (!gbacw_game_apply_action (self->game, action, error))
    return FALSE;
  self->stuck = FALSE;
  follow (self);
  emit_changed (self);
  return TRUE;
}

gboolean
gbacw_play_session_run_computer (GbacwPlaySession  *self,
                                 gint64             budget_us,
                                 GError           **error)
{
  gint64 end = budget_us > 0 ? g_get_monotonic_time () + budget_us : G_MAXINT64;
  gboolean acted = FALSE, ok = TRUE;

  g_return_val_if_fail (GBACW_IS_PLAY_SESSION (self), FALSE);

  while (gbacw_play_session_computer_to_act (self))
    {
      int side = gbacw_game_decider (self->game);
      g_autoptr(GError) local = NULL;

      if (side < 0 || side > 1)
        break;
      if (self->ai[side] == NULL)
        {
          self->ai[side] = gbacw_ai_new (self->game, side);
          gbacw_ai_set_level (self->ai[side], self->ai_level);
        }
      if (!gbacw_ai_step (self->ai[side], self->game, NULL, &local))
        {
          g_propagate_prefixed_error (error, g_steal_pointer (&local), _("The computer cannot play %s: "),
                                      gbacw_game_side_name (self->game, side));
          /* it waits for a human (or another setting) rather than trying again and again */
          self->stuck = TRUE;
          ok = FALSE;
          break;
        }
      acted = TRUE;
      follow (self);
      if (g_get_monotonic_time () >= end)
        break;
    }

  if (self->jump > 0 && (!ok || self->game->turn >= self->jump || gbacw_game_is_over (self->game)))
    {
      self->jump = 0;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_JUMP]);
    }
  if (acted || !ok)
    emit_changed (self);
  return ok && gbacw_play_session_computer_to_act (self);
}

/* ---------------------------------------------------------------- decisions */

static char *
path_label (const GbacwGame *game,
            const GArray    *path)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; path != NULL && i < path->len; i++)
    {
      g_autofree char *label = gbacw_game_hex_label (game, g_array_index (path, int, i));
      if (i > 0)
        g_string_append (s, " → ");
      g_string_append (s, label);
    }
  return g_string_free (s, FALSE);
}

static void
add_answer (GPtrArray   *answers,
            char        *label,
            GbacwAction *action)
{
  GbacwPlayAnswer *a = g_new0 (GbacwPlayAnswer, 1);

  a->label = label;
  a->action = action;
  a->hex = -1;
  g_ptr_array_add (answers, a);
}

/* The firers of a FIRE answer that the rules accept together (9.46: a unit with nothing
 * left to fire cannot take part; a unit may have to name the hexside it fires through):
 * all of units, or only the unit only (-1: all). */
static GbacwAction *
answer_firers (GbacwGame          *game,
               const GbacwDecision *d,
               int                  only)
{
  g_autoptr(GArray) kept = g_array_new (FALSE, FALSE, sizeof (GbacwFirer));
  const GArray *units = d->firers;

  for (guint i = 0; units != NULL && i < units->len; i++)
    {
      GbacwFirer f = { g_array_index (units, int, i), 0, -1 };
      const GbacwGameUnit *u = gbacw_game_unit (game, f.unit);
      int exit[2] = { -1, -1 }, entry[2];
      gboolean ok = FALSE;

      if (only >= 0 && f.unit != only)
        continue;
      if (u != NULL && u->hex >= 0)
        gbacw_fire_line_hexsides (game, u->hex, d->hex, exit, entry);
      for (int k = -1; k < 2 && !ok; k++)
        {
          g_autoptr(GbacwAction) action = NULL;

          if (k >= 0 && exit[k] < 0)
            continue;
          f.direction = k < 0 ? -1 : exit[k];
          g_array_append_val (kept, f);
          action = gbacw_action_new_answer_fire ((const GbacwFirer *) (gpointer) kept->data, kept->len);
          ok = gbacw_game_check_action (game, action, NULL);
          if (!ok)
            g_array_set_size (kept, kept->len - 1);
        }
    }
  if (kept->len == 0)
    return NULL;
  return gbacw_action_new_answer_fire ((const GbacwFirer *) (gpointer) kept->data, kept->len);
}

/* FIRE, ADVANCE, ENGAGED_RETREAT: all of them, each one, or none; only answers the rules
 * accept. */
static void
add_unit_set_answers (GPtrArray           *answers,
                      GbacwGame           *game,
                      const GbacwDecision *d)
{
  const GArray *units = d->firers;
  guint n = units ? units->len : 0;
  gboolean fire = d->kind == GBACW_DECISION_FIRE;
  GbacwAction *all = NULL;
  guint n_all = n;
  const char *none;

  if (n > 0)
    {
      all = fire ? answer_firers (game, d, -1)
                 : gbacw_action_new_answer_units ((const int *) (gpointer) units->data, n);
      if (fire && all != NULL)
        n_all = all->answer.firers->len;
    }
  if (all != NULL && n_all == 1)
    {
      /* one unit: the label names it */
      int unit = fire ? g_array_index (all->answer.firers, GbacwFirer, 0).unit : g_array_index (units, int, 0);
      const char *name = gbacw_play_unit_name (game, unit);
      char *label;

      if (fire)
        /* TRANSLATORS: an answer: the one unit that may fire does (10.1, 10.2, 6.23), "Fire with 8 NY" */
        label = g_strdup_printf (_("Fire with %s"), name);
      else if (d->kind == GBACW_DECISION_ADVANCE)
        /* TRANSLATORS: an answer: the one attacker that may advance into the hex vacated (12.85) */
        label = g_strdup_printf (_("Advance %s"), name);
      else
        /* TRANSLATORS: an answer: the one engaged unit retreats two hexes (12.94) */
        label = g_strdup_printf (_("Retreat %s"), name);
      add_answer (answers, label, all);
    }
  else if (all != NULL)
    {
      char *label;
      if (fire)
        label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Fire (%u unit)", "Fire with all %u units", n_all), n_all);
      else if (d->kind == GBACW_DECISION_ADVANCE)
        label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Advance (%u unit)", "Advance all %u units", n), n);
      else
        label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Retreat (%u unit)", "Retreat all %u units", n), n);
      add_answer (answers, label, all);
    }
  for (guint i = 0; n_all > 1 && i < n; i++)
    {
      int unit = g_array_index (units, int, i);
      const char *name = gbacw_play_unit_name (game, unit);
      GbacwAction *one = fire ? answer_firers (game, d, unit) : gbacw_action_new_answer_units (&unit, 1);
      char *label;

      if (one == NULL)
        continue;
      if (fire)
        label = g_strdup_printf (_("Fire with %s only"), name);
      else if (d->kind == GBACW_DECISION_ADVANCE)
        label = g_strdup_printf (_("Advance %s only"), name);
      else
        label = g_strdup_printf (_("Retreat %s only"), name);
      add_answer (answers, label, one);
    }
  none = fire ? _("Hold fire") : d->kind == GBACW_DECISION_ADVANCE ? _("Stay") : _("Stay engaged");
  if (d->may_decline || answers->len == 0)
    add_answer (answers, g_strdup (none),
                fire ? gbacw_action_new_answer_fire (NULL, 0) : gbacw_action_new_answer_units (NULL, 0));
}

/* EXCLUSIVE_UNITS: which of the units named an exclusive rule applies to (P 22.11: the
 * McCulloch brigades that also withdraw, each named by a unit of it, the answers naming the
 * brigade its commander stands for; C 30.34): every set of
 * at most length of them when they are few, else each alone and all; none when the rule
 * allows it. */
#define EXCLUSIVE_UNITS_ALL_SETS 4

static void
add_exclusive_unit_set (GPtrArray           *answers,
                        GbacwGame           *game,
                        const GbacwDecision *d,
                        guint64              set)
{
  g_autoptr (GArray) units = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr (GString) names = g_string_new (NULL);

  for (guint i = 0; i < d->firers->len; i++)
    if (set & ((guint64) 1 << i))
      {
        int unit = g_array_index (d->firers, int, i);
        /* a leader stands for the formation he commands (P 22.11: a brigade) */
        const GbacwFormation *commanded = gbacw_game_unit (game, unit)->type == GBACW_UNIT_LEADER
                                          ? gbacw_leader_formation (game, unit) : NULL;
        const char *name = commanded == NULL ? gbacw_play_unit_name (game, unit)
                           : commanded->name && *commanded->name ? commanded->name : commanded->id;
        g_string_append_printf (names, "%s%s", units->len ? ", " : "", name);
        g_array_append_val (units, unit);
      }
  add_answer (answers, g_string_free (g_steal_pointer (&names), FALSE),
              gbacw_action_new_answer_units ((const int *) (gpointer) units->data, units->len));
}

static void
add_exclusive_unit_answers (GPtrArray           *answers,
                            GbacwGame           *game,
                            const GbacwDecision *d)
{
  guint n = d->firers ? MIN (d->firers->len, 63u) : 0;
  guint most = d->length > 0 ? MIN ((guint) d->length, n) : n;

  if (d->may_decline || n == 0)
    /* TRANSLATORS: an answer: the exclusive rule asked about applies to none of the units named */
    add_answer (answers, g_strdup (_("None of them")), gbacw_action_new_answer_units (NULL, 0));
  if (n <= EXCLUSIVE_UNITS_ALL_SETS)
    {
      for (guint64 set = 1; set < ((guint64) 1 << n); set++)
        {
          guint size = 0;
          for (guint i = 0; i < n; i++)
            size += (set >> i) & 1;
          if (size <= most)
            add_exclusive_unit_set (answers, game, d, set);
        }
      return;
    }
  for (guint i = 0; i < n; i++)
    add_exclusive_unit_set (answers, game, d, (guint64) 1 << i);
  if (most == n)
    add_exclusive_unit_set (answers, game, d, ((guint64) 1 << n) - 1);
}

GPtrArray *
gbacw_play_session_list_answers (GbacwPlaySession *self)
{
  GPtrArray *answers = g_ptr_array_new_with_free_func ((GDestroyNotify) gbacw_play_answer_free);
  const GbacwDecision *d;
  GbacwGame *game;

  g_return_val_if_fail (GBACW_IS_PLAY_SESSION (self), answers);

  game = self->game;
  d = gbacw_game_decision (game);
  if (d == NULL || self->record != NULL)
    return answers;

  switch (d->kind)
    {
    case GBACW_DECISION_FIRE:
    case GBACW_DECISION_ADVANCE:
    case GBACW_DECISION_ENGAGED_RETREAT:
      add_unit_set_answers (answers, game, d);
      break;
    case GBACW_DECISION_RETREAT_PATH:
    case GBACW_DECISION_RETREAT_BEFORE_MELEE:
      for (guint i = 0; d->paths != NULL && i < d->paths->len; i++)
        {
          const GArray *path = g_ptr_array_index (d->paths, i);
          g_autofree char *hexes = path_label (game, path);
          GbacwPlayAnswer *a;

          /* TRANSLATORS: an answer: the hexes of a retreat path, "Retreat: 1205 → 1305" */
          add_answer (answers, g_strdup_printf (_("Retreat: %s"), hexes),
                      gbacw_action_new_answer_path ((const int *) (gpointer) path->data, path->len));
          a = g_ptr_array_index (answers, answers->len - 1);
          a->path = g_array_copy ((GArray *) path);
        }
      if (d->kind == GBACW_DECISION_RETREAT_BEFORE_MELEE && d->may_decline)
        add_answer (answers, g_strdup (_("Stand")), gbacw_action_new_answer_path (NULL, 0));
      break;
    case GBACW_DECISION_PLACE_LEADER:
      /* 17.53, 17.8: the question asks which unit he joins: the label names them */
      for (guint i = 0; d->hexes != NULL && i < d->hexes->len; i++)
        {
          int hex = g_array_index (d->hexes, int, i);
          int leader = d->units->len > 0 ? g_array_index (d->units, int, 0) : -1;
          const GArray *stack = gbacw_game_stack (game, hex);
          g_autofree char *label = gbacw_game_hex_label (game, hex);
          g_autoptr(GString) names = g_string_new (NULL);

          for (guint k = 0; stack != NULL && k < stack->len; k++)
            {
              const GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (stack, int, k));
              if (gbacw_game_is_combat_unit (u) && (leader < 0 || u->side == gbacw_game_unit (game, leader)->side))
                g_string_append_printf (names, names->len > 0 ? ", %s" : "%s", gbacw_play_unit_name (game, u->index));
            }
          add_answer (answers,
                      names->len > 0
                        /* TRANSLATORS: an answer: the hex a leader goes to and the units he joins, "Place in 0505, with 8 NY" */
                        ? g_strdup_printf (_("Place in %s, with %s"), label, names->str)
                        : g_strdup_printf (_("Place in %s"), label),
                      gbacw_action_new_answer_hex (hex));
          ((GbacwPlayAnswer *) g_ptr_array_index (answers, answers->len - 1))->hex = hex;
        }
      break;
    case GBACW_DECISION_MELEE_LOSS:
    case GBACW_DECISION_PROMOTE:
      /* the label says what the answer does, not only whom it names */
      for (guint i = 0; d->units != NULL && i < d->units->len; i++)
        {
          int unit = g_array_index (d->units, int, i);
          const char *name = gbacw_play_unit_name (game, unit);

          add_answer (answers,
                      d->kind == GBACW_DECISION_MELEE_LOSS
                        /* TRANSLATORS: an answer: the unit that loses the Strength Point of a melee result (12.74) */
                        ? g_strdup_printf (_("%s takes the loss"), name)
                        /* TRANSLATORS: an answer: the brigade commander promoted to command the division (17.83) */
                        : g_strdup_printf (_("Promote %s"), name),
                      gbacw_action_new_answer_unit (unit));
        }
      break;
    case GBACW_DECISION_MELEE_FACING:
      /* 7.32: one hex faced anew per answer (the others keep their facing), or none. The
       * hex of an answer is the one its units then face (a click on it answers): never
       * their own hex, where a click would pick one facing of five at random. */
      add_answer (answers, g_strdup (_("Keep their facing")), gbacw_action_new_answer_facings (NULL, NULL, 0));
      for (guint i = 0; d->units != NULL && i < d->units->len; i++)
        {
          int unit = g_array_index (d->units, int, i);
          const GbacwGameUnit *u = gbacw_game_unit (game, unit);
          const GbacwHexGrid *grid = &game->scenario->map->grid;
          g_autofree char *hex = gbacw_game_hex_label (game, u->hex);
          gboolean first = TRUE;

          for (guint k = 0; k < i; k++)
            first &= gbacw_game_unit (game, g_array_index (d->units, int, k))->hex != u->hex;
          for (int facing = 0; first && facing < GBACW_HEX_DIRECTIONS; facing++)
            {
              GbacwHex faced = gbacw_hex_grid_neighbour (grid, gbacw_hex_grid_hex_at (grid, u->hex), facing);

              if (facing == u->facing)
                continue;
              /* TRANSLATORS: an answer: the units of a hex face a direction, "Face ne in 0505" */
              add_answer (answers,
                          g_strdup_printf (_("Face %s in %s"), gbacw_hex_direction_name (grid->orientation, facing), hex),
                          gbacw_action_new_answer_facings (&unit, &facing, 1));
              ((GbacwPlayAnswer *) g_ptr_array_index (answers, answers->len - 1))->hex =
                gbacw_hex_grid_contains (grid, faced) ? gbacw_hex_grid_index (grid, faced) : -1;
            }
        }
      break;
    case GBACW_DECISION_EXCLUSIVE_UNITS:
      add_exclusive_unit_answers (answers, game, d);
      break;
    case GBACW_DECISION_EXCLUSIVE_CHOICE:
      for (guint i = 0; d->choices && i < d->choices->len; i++)
        add_answer (answers, g_strdup (g_ptr_array_index (d->choices, i)), gbacw_action_new_answer_unit ((int) i));
      break;
    case GBACW_DECISION_ROUT_LEADERS:
      /* 13.43: all the leaders stay, each one goes, or all go (no path on these answers: a
       * click on the rout's last hex would then pick one of them) */
      add_answer (answers, g_strdup (_("All stay")), gbacw_action_new_answer_units (NULL, 0));
      if (d->units->len > 0)
        {
          const char *routed = gbacw_play_unit_name (game, g_array_index (d->units, int, 0));
          guint n = d->firers->len;

          for (guint i = 0; i < n; i++)
            {
              int leader = g_array_index (d->firers, int, i);
              /* TRANSLATORS: an answer: a leader goes with the routed unit, "Meade goes with 8 NY" */
              add_answer (answers, g_strdup_printf (_("%s goes with %s"), gbacw_play_unit_name (game, leader), routed),
                          gbacw_action_new_answer_units (&leader, 1));
            }
          if (n > 1)
            add_answer (answers,
                        g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u leader goes with %s",
                                                      "All %u leaders go with %s", n),
                                         n, routed),
                        gbacw_action_new_answer_units ((const int *) (gpointer) d->firers->data, n));
        }
      break;
    default:
      break;
    }
  return answers;
}

char *
gbacw_play_session_describe_decision (GbacwPlaySession *self)
{
  const GbacwDecision *d;

  g_return_val_if_fail (GBACW_IS_PLAY_SESSION (self), NULL);

  d = gbacw_game_decision (self->game);
  if (d == NULL)
    return NULL;
  /* TRANSLATORS: the pending decision: the side asked, then the engine's question */
  return g_strdup_printf (_("%s: %s"), gbacw_game_side_name (self->game, d->side), d->question ? d->question : "");
}

/* ---------------------------------------------------------------- replay */

guint
gbacw_play_session_get_record_length (GbacwPlaySession *self)
{
  g_return_val_if_fail (GBACW_IS_PLAY_SESSION (self), 0);
  return self->record ? self->record->len : self->game->actions->len;
}

gboolean
gbacw_play_session_is_replaying (GbacwPlaySession *self)
{
  g_return_val_if_fail (GBACW_IS_PLAY_SESSION (self), FALSE);
  return self->record != NULL;
}

guint
gbacw_play_session_get_replay_position (GbacwPlaySession *self)
{
  g_return_val_if_fail (GBACW_IS_PLAY_SESSION (self), 0);
  return self->record ? self->position : self->game->actions->len;
}

void
gbacw_play_session_start_replay (GbacwPlaySession *self)
{
  GbacwGame *game;

  g_return_if_fail (GBACW_IS_PLAY_SESSION (self));

  if (self->record != NULL)
    return;
  self->record = g_ptr_array_new_with_free_func ((GDestroyNotify) gbacw_action_free);
  for (guint i = 0; i < self->game->actions->len; i++)
    g_ptr_array_add (self->record, gbacw_action_copy (g_ptr_array_index (self->game->actions, i)));
  self->position = self->record->len;
  if (self->jump != 0)
    {
      self->jump = 0;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_JUMP]);
    }
  /* From the start: the same scenario and seed. */
  game = gbacw_game_new (self->scenario, self->seed, NULL);
  if (game != NULL)
    {
      g_autoptr(GArray) vp = g_array_copy (self->turn_vp);
      set_game (self, game);
      /* the turns already played keep their VP */
      g_array_set_size (self->turn_vp, 0);
      g_array_append_vals (self->turn_vp, vp->data, vp->len);
      self->position = 0;
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REPLAYING]);
  emit_changed (self);
}

gboolean
gbacw_play_session_replay_seek (GbacwPlaySession  *self,
                                guint              position,
                                GError           **error)
{
  g_return_val_if_fail (GBACW_IS_PLAY_SESSION (self), FALSE);
  g_return_val_if_fail (self->record != NULL, FALSE);

  position = MIN (position, self->record->len);
  if (position < self->position)
    {
      GbacwGame *game = gbacw_game_new (self->scenario, self->seed, error);
      g_autoptr(GArray) vp = g_array_copy (self->turn_vp);

      if (game == NULL)
        return FALSE;
      set_game (self, game);
      g_array_set_size (self->turn_vp, 0);
      g_array_append_vals (self->turn_vp, vp->data, vp->len);
      self->position = 0;
    }
  while (self->position < position)
    {
      if (!gbacw_game_apply_action (self->game, g_ptr_array_index (self->record, self->position), error))
        {
          emit_changed (self);
          return FALSE;
        }
      self->position++;
      gbacw_outcome_update (self->outcome, self->game);
      self->last_turn = self->game->turn;
    }
  emit_changed (self);
  return TRUE;
}

void
gbacw_play_session_stop_replay (GbacwPlaySession *self)
{
  g_return_if_fail (GBACW_IS_PLAY_SESSION (self));

  if (self->record == NULL)
    return;
  g_clear_pointer (&self->record, g_ptr_array_unref);
  /* the turns not reached are to be played again */
  for (int turn = self->game->turn; turn <= self->game->last_turn; turn++)
    {
      int index = turn - self->game->first_turn;
      if (index >= 0 && 2 * index + 1 < (int) self->turn_vp->len)
        g_array_index (self->turn_vp, int, 2 * index) = g_array_index (self->turn_vp, int, 2 * index + 1) = -1;
    }
  self->last_turn = self->game->turn;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REPLAYING]);
  emit_changed (self);
}

/* ---------------------------------------------------------------- GObject */

static void
gbacw_play_session_finalize (GObject *object)
{
  GbacwPlaySession *self = GBACW_PLAY_SESSION (object);

  clear_ai (self);
  g_clear_pointer (&self->outcome, gbacw_outcome_free);
  g_clear_pointer (&self->game, gbacw_game_free);
  g_clear_pointer (&self->scenario, gbacw_scenario_free);
  g_clear_pointer (&self->record, g_ptr_array_unref);
  g_clear_pointer (&self->turn_vp, g_array_unref);
  g_free (self->scenario_path);

  G_OBJECT_CLASS (gbacw_play_session_parent_class)->finalize (object);
}

static void
gbacw_play_session_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  GbacwPlaySession *self = GBACW_PLAY_SESSION (object);

  switch (prop_id)
    {
    case PROP_COMPUTER:
      g_value_set_uint (value, self->computer);
      break;
    case PROP_JUMP:
      g_value_set_int (value, self->jump);
      break;
    case PROP_REPLAYING:
      g_value_set_boolean (value, self->record != NULL);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gbacw_play_session_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  GbacwPlaySession *self = GBACW_PLAY_SESSION (object);

  switch (prop_id)
    {
    case PROP_COMPUTER:
      gbacw_play_session_set_computer (self, g_value_get_uint (value));
      break;
    case PROP_JUMP:
      gbacw_play_session_set_jump (self, g_value_get_int (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gbacw_play_session_class_init (GbacwPlaySessionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = gbacw_play_session_finalize;
  object_class->get_property = gbacw_play_session_get_property;
  object_class->set_property = gbacw_play_session_set_property;

  properties[PROP_COMPUTER] =
    g_param_spec_uint ("computer", NULL, NULL, 0, 3, 0,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_JUMP] =
    g_param_spec_int ("jump", NULL, NULL, 0, G_MAXINT, 0,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_REPLAYING] =
    g_param_spec_boolean ("replaying", NULL, NULL, FALSE, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[SIGNAL_CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                          NULL, G_TYPE_NONE, 0);
}

static void
gbacw_play_session_init (GbacwPlaySession *self)
{
  self->turn_vp = g_array_new (FALSE, TRUE, sizeof (int));
  self->ai_level = GBACW_AI_LEVEL_NORMAL;
}
