/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-trace-dialog.c: the Trace window of an editor window.
 *
 * The samples are kept as the terrain of each hex marked (-1: not a sample) and become the
 * tracer's GbacwTraceSample list at each Trace. The proposals stay as traced while the
 * user paints: the layer and the review read the map, so that what is accepted (or painted
 * with another tool) leaves the review and an undo brings it back. The hexside and line
 * proposals are kept by the layer, which knows their chains, the rejected ones and the
 * chain under review. The level marks are kept as the level of each hex marked (-1: not
 * marked); the proposed levels are kept by the layer too, which knows the ones confirmed at
 * level 0. Another document, or a map of another size, drops the samples and
 * the proposals; another scan the proposals.
 */
#define G_LOG_DOMAIN "gbacw-trace-dialog"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "gbacw-map-edit.h"
#include "gbacw-trace-dialog-private.h"

struct _GbacwTraceDialog
{
  GtkWindow parent_instance;

  GbacwEditorHost *window;                /* not owned */
  GbacwBackgroundController *controller;  /* not owned; lives as long as the window */
  GbacwDocument *document;
  GbacwMapCanvas *canvas;                 /* the window's, not owned */
  GbacwCanvasLayer *layer;
  GtkEventController *window_shortcuts;   /* F3, Ctrl+Return, Ctrl+M in the editor window */

  int n_hexes;
  int *sample_terrain;                    /* n_hexes entries: the terrain a hex is a sample of, or -1 */
  GbacwTraceProposal *proposals;          /* n_hexes entries after a trace, else NULL */
  int *sample_level;                      /* n_hexes entries: the level a hex is marked with, or -1 */

  /* template */
  GtkDropDown *terrain_dropdown;
  GtkLabel *samples_label;
  GtkCheckButton *catalogue_check;
  GtkCheckButton *painted_check;
  GtkLabel *summary_label;
  GtkSpinButton *threshold_spin;
  GtkLabel *hex_label;
  GtkLabel *chains_label;
  GtkSpinButton *chain_threshold_spin;
  GtkLabel *chain_label;
  GtkSpinButton *level_spin;
  GtkLabel *level_marks_label;
  GtkLabel *levels_label;
  GtkSpinButton *level_threshold_spin;
  GtkLabel *level_label;
  GtkLabel *error_label;
};

G_DEFINE_FINAL_TYPE (GbacwTraceDialog, gbacw_trace_dialog, GTK_TYPE_WINDOW)

static const GbacwScenario *
get_scenario (GbacwTraceDialog *self)
{
  return self->document ? gbacw_document_get_scenario (self->document) : NULL;
}

static void
show_error (GbacwTraceDialog *self,
            const char       *message)
{
  gtk_label_set_text (self->error_label, message ? message : "");
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), message != NULL);
}

static double
get_threshold (GbacwTraceDialog *self)
{
  return gtk_spin_button_get_value (self->threshold_spin);
}

static int
get_cursor_hex (GbacwTraceDialog *self)
{
  return self->canvas ? gbacw_map_canvas_get_cursor_hex (self->canvas) : -1;
}

/* The hex a sample is marked at: the one under the pointer (Ctrl+M over the map), else the
 * hex cursor's. */
static int
get_sample_hex (GbacwTraceDialog *self)
{
  int hex = self->canvas ? gbacw_map_canvas_get_hover_hex (self->canvas) : -1;

  return hex >= 0 ? hex : get_cursor_hex (self);
}

static gboolean
is_shown (GbacwTraceDialog *self,
          int               hex)
{
  return self->proposals != NULL && gbacw_trace_layer_shows (GBACW_TRACE_LAYER (self->layer), get_scenario (self), hex);
}

static gboolean
is_doubtful (GbacwTraceDialog *self,
             int               hex)
{
  return is_shown (self, hex) && self->proposals[hex].confidence < get_threshold (self);
}

static int
compare_ints (gconstpointer a,
              gconstpointer b)
{
  return *(const int *) a - *(const int *) b;
}

static GbacwTraceLayer *
get_layer (GbacwTraceDialog *self)
{
  return GBACW_TRACE_LAYER (self->layer);
}

static double
get_chain_threshold (GbacwTraceDialog *self)
{
  return gtk_spin_button_get_value (self->chain_threshold_spin);
}

/* Whether chain (its first link's index) has a link shown: on the map, not painted, not
 * rejected. */
static gboolean
chain_shown (GbacwTraceDialog *self,
             int               chain)
{
  GbacwTraceLayer *layer = get_layer (self);
  const GbacwScenario *scenario = get_scenario (self);

  for (guint i = (guint) MAX (chain, 0); i < gbacw_trace_layer_get_n_links (layer); i++)
    if (gbacw_trace_layer_get_link_chain (layer, i) == chain && gbacw_trace_layer_shows_link (layer, scenario, i))
      return TRUE;
  return FALSE;
}

static gboolean
chain_doubtful (GbacwTraceDialog *self,
                int               chain)
{
  return gbacw_trace_layer_get_chain_confidence (get_layer (self), chain) < get_chain_threshold (self);
}

/* The chains shown (their first links' indices), in order. */
static GArray *
shown_chains (GbacwTraceDialog *self)
{
  GbacwTraceLayer *layer = get_layer (self);
  const GbacwScenario *scenario = get_scenario (self);
  guint n = gbacw_trace_layer_get_n_links (layer);
  g_autofree guint8 *seen = g_new0 (guint8, n + 1);
  GArray *chains = g_array_new (FALSE, FALSE, sizeof (int));

  for (guint i = 0; i < n; i++)
    {
      int chain = gbacw_trace_layer_get_link_chain (layer, i);

      if (!seen[chain] && gbacw_trace_layer_shows_link (layer, scenario, i))
        {
          seen[chain] = 1;
          g_array_append_val (chains, chain);
        }
    }
  g_array_sort (chains, (GCompareFunc) compare_ints);
  return chains;
}

/* The two hexes (indices, -1 off the map) of link i's hexside. */
static void
link_hexes (GbacwTraceDialog *self,
            guint             i,
            int               hexes[2])
{
  const GbacwScenario *scenario = get_scenario (self);
  const GbacwTraceLink *l = gbacw_trace_layer_get_link (get_layer (self), i);
  const GbacwHexGrid *grid;
  GbacwHex a, b;

  hexes[0] = hexes[1] = -1;
  if (scenario == NULL)
    return;
  grid = &scenario->map->grid;
  if (!gbacw_hex_grid_hexside_hexes (grid, l->hexside, &a, NULL, &b))
    return;
  if (gbacw_hex_grid_contains (grid, a))
    hexes[0] = gbacw_hex_grid_index (grid, a);
  if (gbacw_hex_grid_contains (grid, b))
    hexes[1] = gbacw_hex_grid_index (grid, b);
}

/* Where the hex cursor goes for chain: a hex of its first link shown; -1 for none. */
static int
chain_hex (GbacwTraceDialog *self,
           int               chain)
{
  GbacwTraceLayer *layer = get_layer (self);

  for (guint i = (guint) MAX (chain, 0); i < gbacw_trace_layer_get_n_links (layer); i++)
    if (gbacw_trace_layer_get_link_chain (layer, i) == chain &&
        gbacw_trace_layer_shows_link (layer, get_scenario (self), i))
      {
        int hexes[2];

        link_hexes (self, i, hexes);
        return hexes[0] >= 0 ? hexes[0] : hexes[1];
      }
  return -1;
}

/* Whether a shown link of chain has hex (an index) on either side. */
static gboolean
chain_touches (GbacwTraceDialog *self,
               int               chain,
               int               hex)
{
  GbacwTraceLayer *layer = get_layer (self);

  for (guint i = (guint) MAX (chain, 0); i < gbacw_trace_layer_get_n_links (layer); i++)
    if (gbacw_trace_layer_get_link_chain (layer, i) == chain &&
        gbacw_trace_layer_shows_link (layer, get_scenario (self), i))
      {
        int hexes[2];

        link_hexes (self, i, hexes);
        if (hexes[0] == hex || hexes[1] == hex)
          return TRUE;
      }
  return FALSE;
}

static int
get_selected_chain (GbacwTraceDialog *self)
{
  int chain = gbacw_trace_layer_get_selected_chain (get_layer (self));

  return chain >= 0 && chain_shown (self, chain) ? chain : -1;
}

/* ---------------------------------------------------------------- levels */

static double
get_level_threshold (GbacwTraceDialog *self)
{
  return gtk_spin_button_get_value (self->level_threshold_spin);
}

static int
get_chosen_level (GbacwTraceDialog *self)
{
  return gtk_spin_button_get_value_as_int (self->level_spin);
}

/* The highest level a hex may be marked with or given: the map's levels, else as many as
 * the renderer tints (as gbacw_trace_elevation_marks_parse () takes them). */
static int
max_level (const GbacwScenario *scenario)
{
  if (scenario != NULL && scenario->map->levels != NULL && scenario->map->levels->len > 0)
    return MIN ((int) scenario->map->levels->len - 1, GBACW_MAX_ELEVATION_LEVEL);
  return GBACW_MAX_ELEVATION_LEVEL;
}

static gboolean
level_shown (GbacwTraceDialog *self,
             int               hex)
{
  return gbacw_trace_layer_shows_level (get_layer (self), get_scenario (self), hex);
}

static gboolean
level_doubtful (GbacwTraceDialog *self,
                int               hex)
{
  return level_shown (self, hex) &&
         gbacw_trace_layer_get_level (get_layer (self), hex)->confidence < get_level_threshold (self);
}

static gboolean
levels_traced (GbacwTraceDialog *self)
{
  return gbacw_trace_layer_get_level (get_layer (self), 0) != NULL;
}

static const char *
link_type_name (const GbacwScenario  *scenario,
                const GbacwTraceLink *l)
{
  if (l->kind == GBACW_TRACE_LINK_HEXSIDE)
    {
      const GbacwHexsideType *t = g_ptr_array_index (scenario->catalogue.hexside_types, l->type);
      return t->name ? t->name : t->id;
    }
  else
    {
      const GbacwLineType *t = g_ptr_array_index (scenario->catalogue.line_types, l->type);
      return t->name ? t->name : t->id;
    }
}

static const char *
terrain_name (const GbacwScenario *scenario,
              int                  terrain)
{
  const GbacwHexTerrain *t = g_ptr_array_index (scenario->catalogue.hex_terrains, terrain);

  return t->name ? t->name : t->id;
}

/* ---------------------------------------------------------------- state shown */

static void
update_samples_label (GbacwTraceDialog *self)
{
  const GbacwScenario *scenario = get_scenario (self);
  g_autoptr(GString) text = g_string_new (NULL);
  guint n_terrains = scenario ? scenario->catalogue.hex_terrains->len : 0;
  g_autofree int *counts = g_new0 (int, n_terrains + 1);

  for (int i = 0; i < self->n_hexes; i++)
    if (self->sample_terrain[i] >= 0 && (guint) self->sample_terrain[i] < n_terrains)
      counts[self->sample_terrain[i]]++;
  for (guint t = 0; t < n_terrains; t++)
    if (counts[t] > 0)
      {
        if (text->len > 0)
          g_string_append (text, ", ");
        /* TRANSLATORS: a terrain and how many sample hexes of it are marked, e.g. "Woods: 3" */
        g_string_append_printf (text, _("%s: %d"), terrain_name (scenario, (int) t), counts[t]);
      }
  if (text->len == 0)
    g_string_append (text, _("No sample hexes are marked."));
  gtk_label_set_text (self->samples_label, text->str);
}

static void
update_summary (GbacwTraceDialog *self)
{
  int n_left = 0, n_doubtful = 0;
  g_autofree char *left = NULL;
  g_autofree char *doubtful = NULL;
  g_autofree char *text = NULL;

  if (self->proposals == NULL)
    {
      gtk_label_set_text (self->summary_label, _("Not traced yet."));
      return;
    }
  for (int i = 0; i < self->n_hexes; i++)
    if (is_shown (self, i))
      {
        n_left++;
        n_doubtful += self->proposals[i].confidence < get_threshold (self);
      }
  left = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d proposal left to review", "%d proposals left to review",
                                       n_left), n_left);
  doubtful = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d of them doubtful", "%d of them doubtful", n_doubtful),
                              n_doubtful);
  /* TRANSLATORS: "12 proposals left to review, 3 of them doubtful" */
  text = g_strdup_printf (_("%s, %s."), left, doubtful);
  gtk_label_set_text (self->summary_label, text);
}

static void
update_hex_label (GbacwTraceDialog *self)
{
  const GbacwScenario *scenario = get_scenario (self);
  int hex = get_cursor_hex (self);
  g_autofree char *label = NULL;
  g_autofree char *text = NULL;

  if (scenario == NULL || hex < 0)
    {
      gtk_label_set_text (self->hex_label, _("No hex cursor: use the arrow keys on the map, or Next Doubtful."));
      return;
    }
  label = gbacw_hex_grid_format_label (&scenario->map->grid, gbacw_hex_grid_hex_at (&scenario->map->grid, hex));
  if (is_shown (self, hex))
    {
      const GbacwTraceProposal *p = &self->proposals[hex];

      if (p->status == GBACW_TRACE_SAMPLE)
        /* TRANSLATORS: a hex number and the terrain it is a sample of */
        text = g_strdup_printf (_("Hex %s: sample of %s"), label, terrain_name (scenario, p->terrain));
      else if (p->runner_up >= 0)
        /* TRANSLATORS: a hex number, its proposed terrain, the confidence (0.00-1.00) and the next likeliest terrain */
        text = g_strdup_printf (_("Hex %s: %s (confidence %.2f), else %s"), label, terrain_name (scenario, p->terrain),
                                p->confidence, terrain_name (scenario, p->runner_up));
      else
        /* TRANSLATORS: a hex number, its proposed terrain and the confidence (0.00-1.00) */
        text = g_strdup_printf (_("Hex %s: %s (confidence %.2f)"), label, terrain_name (scenario, p->terrain),
                                p->confidence);
    }
  else if (scenario->map->terrain[hex] != 0)
    /* TRANSLATORS: a hex number */
    text = g_strdup_printf (_("Hex %s is painted."), label);
  else
    /* TRANSLATORS: a hex number */
    text = g_strdup_printf (_("Hex %s has no proposal."), label);
  gtk_label_set_text (self->hex_label, text);
}

static void
update_chains_label (GbacwTraceDialog *self)
{
  g_autoptr(GArray) chains = NULL;
  int n_doubtful = 0;
  g_autofree char *left = NULL;
  g_autofree char *doubtful = NULL;
  g_autofree char *text = NULL;

  if (self->proposals == NULL && gbacw_trace_layer_get_n_links (get_layer (self)) == 0)
    {
      gtk_label_set_text (self->chains_label, _("Not traced yet."));
      return;
    }
  chains = shown_chains (self);
  for (guint c = 0; c < chains->len; c++)
    n_doubtful += chain_doubtful (self, g_array_index (chains, int, c));
  left = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d chain of hexsides or lines left to review",
                                       "%d chains of hexsides or lines left to review", (int) chains->len),
                          (int) chains->len);
  doubtful = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d of them doubtful", "%d of them doubtful", n_doubtful),
                              n_doubtful);
  /* TRANSLATORS: "12 chains of hexsides or lines left to review, 3 of them doubtful" */
  text = g_strdup_printf (_("%s, %s."), left, doubtful);
  gtk_label_set_text (self->chains_label, text);
}

static void
update_chain_label (GbacwTraceDialog *self)
{
  const GbacwScenario *scenario = get_scenario (self);
  GbacwTraceLayer *layer = get_layer (self);
  int chain = get_selected_chain (self), n = 0, hex = -1;
  const GbacwTraceLink *first;
  g_autofree char *label = NULL;
  g_autofree char *text = NULL;

  if (scenario == NULL || chain < 0 || (hex = chain_hex (self, chain)) < 0)
    {
      gtk_label_set_text (self->chain_label, _("No chain under review: Next Doubtful Chain (F4), or move the hex "
                                               "cursor onto a proposed hexside or line."));
      return;
    }
  for (guint i = (guint) chain; i < gbacw_trace_layer_get_n_links (layer); i++)
    n += gbacw_trace_layer_get_link_chain (layer, i) == chain && gbacw_trace_layer_shows_link (layer, scenario, i);
  first = gbacw_trace_layer_get_link (layer, (guint) chain);
  label = gbacw_hex_grid_format_label (&scenario->map->grid, gbacw_hex_grid_hex_at (&scenario->map->grid, hex));
  if (first->kind == GBACW_TRACE_LINK_HEXSIDE)
    /* TRANSLATORS: a hexside type (River), how many hexsides, a hex number, the chain's confidence (0.00-1.00) */
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s along %d hexside from hex %s (confidence %.2f)",
                                         "%s along %d hexsides from hex %s (confidence %.2f)", n),
                            link_type_name (scenario, first), n, label,
                            gbacw_trace_layer_get_chain_confidence (layer, chain));
  else
    /* TRANSLATORS: a line type (Road), how many hexsides it crosses, a hex number, the chain's confidence (0.00-1.00) */
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s across %d hexside from hex %s (confidence %.2f)",
                                         "%s across %d hexsides from hex %s (confidence %.2f)", n),
                            link_type_name (scenario, first), n, label,
                            gbacw_trace_layer_get_chain_confidence (layer, chain));
  gtk_label_set_text (self->chain_label, text);
}

static void
update_level_marks_label (GbacwTraceDialog *self)
{
  g_autoptr(GString) text = g_string_new (NULL);
  int counts[GBACW_MAX_ELEVATION_LEVEL + 1] = { 0 };

  for (int i = 0; i < self->n_hexes; i++)
    if (self->sample_level[i] >= 0 && self->sample_level[i] <= GBACW_MAX_ELEVATION_LEVEL)
      counts[self->sample_level[i]]++;
  for (int level = 0; level <= GBACW_MAX_ELEVATION_LEVEL; level++)
    if (counts[level] > 0)
      {
        if (text->len > 0)
          g_string_append (text, ", ");
        /* TRANSLATORS: an elevation level and how many hexes are marked with it, e.g. "level 2: 3" */
        g_string_append_printf (text, _("level %d: %d"), level, counts[level]);
      }
  if (text->len == 0)
    g_string_append (text, _("No hex is marked with its level: elevation is not traced."));
  gtk_label_set_text (self->level_marks_label, text->str);
}

static void
update_levels_label (GbacwTraceDialog *self)
{
  int n_left = 0, n_doubtful = 0;
  g_autofree char *left = NULL;
  g_autofree char *doubtful = NULL;
  g_autofree char *text = NULL;

  if (!levels_traced (self))
    {
      gtk_label_set_text (self->levels_label, _("Not traced yet."));
      return;
    }
  for (int i = 0; i < self->n_hexes; i++)
    if (level_shown (self, i))
      {
        n_left++;
        n_doubtful += level_doubtful (self, i);
      }
  left = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d level left to review", "%d levels left to review",
                                       n_left), n_left);
  doubtful = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d of them doubtful", "%d of them doubtful", n_doubtful),
                              n_doubtful);
  /* TRANSLATORS: "12 levels left to review, 3 of them doubtful" */
  text = g_strdup_printf (_("%s, %s."), left, doubtful);
  gtk_label_set_text (self->levels_label, text);
}

static void
update_level_label (GbacwTraceDialog *self)
{
  const GbacwScenario *scenario = get_scenario (self);
  int hex = get_cursor_hex (self);
  const GbacwTraceElevation *e = gbacw_trace_layer_get_level (get_layer (self), hex);
  g_autofree char *label = NULL;
  g_autofree char *text = NULL;

  if (scenario == NULL || hex < 0 || hex >= self->n_hexes)
    {
      gtk_label_set_text (self->level_label, "");
      return;
    }
  label = gbacw_hex_grid_format_label (&scenario->map->grid, gbacw_hex_grid_hex_at (&scenario->map->grid, hex));
  if (scenario->map->elevation[hex] != 0)
    /* TRANSLATORS: a hex number and its elevation level */
    text = g_strdup_printf (_("Hex %s is at level %d."), label, scenario->map->elevation[hex]);
  else if (level_shown (self, hex) && e->status == GBACW_TRACE_SAMPLE)
    /* TRANSLATORS: a hex number and the elevation level it is marked with */
    text = g_strdup_printf (_("Hex %s: marked at level %d"), label, e->level);
  else if (level_shown (self, hex))
    /* TRANSLATORS: a hex number, its proposed elevation level and the confidence (0.00-1.00) */
    text = g_strdup_printf (_("Hex %s: level %d (confidence %.2f)"), label, e->level, e->confidence);
  else if (e != NULL && e->level == 0)
    /* TRANSLATORS: a hex number */
    text = g_strdup_printf (_("Hex %s: level 0, as on the map."), label);
  else
    /* TRANSLATORS: a hex number */
    text = g_strdup_printf (_("Hex %s has no level proposed."), label);
  gtk_label_set_text (self->level_label, text);
}

/* Which of the window's actions apply, in one place. */
static void
update_actions (GbacwTraceDialog *self)
{
  const GbacwScenario *scenario = get_scenario (self);
  int hex = get_cursor_hex (self);
  guint terrain = gtk_drop_down_get_selected (self->terrain_dropdown);
  gboolean has_terrain = scenario != NULL && terrain != GTK_INVALID_LIST_POSITION &&
                         terrain < scenario->catalogue.hex_terrains->len;
  gboolean any_sample = FALSE, any_sure = FALSE, any_doubtful = FALSE;

  for (int i = 0; i < self->n_hexes; i++)
    {
      any_sample |= self->sample_terrain[i] >= 0;
      if (is_shown (self, i))
        {
          if (self->proposals[i].confidence < get_threshold (self))
            any_doubtful = TRUE;
          else
            any_sure = TRUE;
        }
    }
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "trace.run",
                                 scenario != NULL && gbacw_background_controller_get_image (self->controller) != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "trace.mark-sample", has_terrain && get_sample_hex (self) >= 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "trace.clear-samples", any_sample);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "trace.accept-all", any_sure);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "trace.next-doubtful", any_doubtful);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "trace.accept", has_terrain && hex >= 0 && self->proposals != NULL &&
                                                                   scenario->map->terrain[hex] == 0);

  {
    g_autoptr(GArray) chains = scenario ? shown_chains (self) : g_array_new (FALSE, FALSE, sizeof (int));
    gboolean any_sure_chain = FALSE, any_doubtful_chain = FALSE, selected = get_selected_chain (self) >= 0;

    for (guint c = 0; c < chains->len; c++)
      if (chain_doubtful (self, g_array_index (chains, int, c)))
        any_doubtful_chain = TRUE;
      else
        any_sure_chain = TRUE;
    gtk_widget_action_set_enabled (GTK_WIDGET (self), "trace.accept-all-chains", any_sure_chain);
    gtk_widget_action_set_enabled (GTK_WIDGET (self), "trace.next-doubtful-chain", any_doubtful_chain);
    gtk_widget_action_set_enabled (GTK_WIDGET (self), "trace.accept-chain", selected);
    gtk_widget_action_set_enabled (GTK_WIDGET (self), "trace.reject-chain", selected);
    gtk_widget_action_set_enabled (GTK_WIDGET (self), "trace.restore-chain",
                                   gbacw_trace_layer_can_restore_chain (get_layer (self)));
  }

  {
    gboolean any_mark = FALSE, any_sure_level = FALSE, any_doubtful_level = FALSE;

    for (int i = 0; i < self->n_hexes; i++)
      {
        any_mark |= self->sample_level[i] >= 0;
        if (level_doubtful (self, i))
          any_doubtful_level = TRUE;
        else if (level_shown (self, i))
          any_sure_level = TRUE;
      }
    gtk_widget_action_set_enabled (GTK_WIDGET (self), "trace.mark-level", scenario != NULL && get_sample_hex (self) >= 0);
    gtk_widget_action_set_enabled (GTK_WIDGET (self), "trace.clear-level-marks", any_mark);
    gtk_widget_action_set_enabled (GTK_WIDGET (self), "trace.accept-all-levels", any_sure_level);
    gtk_widget_action_set_enabled (GTK_WIDGET (self), "trace.next-doubtful-level", any_doubtful_level);
    gtk_widget_action_set_enabled (GTK_WIDGET (self), "trace.accept-level",
                                   hex >= 0 && hex < self->n_hexes && levels_traced (self) &&
                                   scenario->map->elevation[hex] == 0);
  }
}

static void
update (GbacwTraceDialog *self)
{
  update_samples_label (self);
  update_summary (self);
  update_hex_label (self);
  update_chains_label (self);
  update_chain_label (self);
  update_level_marks_label (self);
  update_levels_label (self);
  update_level_label (self);
  update_actions (self);
}

/* ---------------------------------------------------------------- document */

static void
drop_proposals (GbacwTraceDialog *self)
{
  g_clear_pointer (&self->proposals, g_free);
  gbacw_trace_layer_set_proposals (GBACW_TRACE_LAYER (self->layer), NULL, 0);
  gbacw_trace_layer_set_links (GBACW_TRACE_LAYER (self->layer), NULL);
  gbacw_trace_layer_set_levels (GBACW_TRACE_LAYER (self->layer), NULL, 0);
}

/* The terrain list, the samples and the proposals for the document's map as it is now. */
static void
reset_for_map (GbacwTraceDialog *self)
{
  const GbacwScenario *scenario = get_scenario (self);
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);

  drop_proposals (self);
  g_clear_pointer (&self->sample_terrain, g_free);
  self->n_hexes = scenario ? gbacw_hex_grid_n_hexes (&scenario->map->grid) : 0;
  self->sample_terrain = g_new (int, self->n_hexes + 1);
  for (int i = 0; i < self->n_hexes; i++)
    self->sample_terrain[i] = -1;
  g_clear_pointer (&self->sample_level, g_free);
  self->sample_level = g_new (int, self->n_hexes + 1);
  for (int i = 0; i < self->n_hexes; i++)
    self->sample_level[i] = -1;
  gtk_spin_button_set_range (self->level_spin, 0, max_level (scenario));
  if (scenario != NULL)
    for (guint t = 0; t < scenario->catalogue.hex_terrains->len; t++)
      gtk_string_list_append (names, terrain_name (scenario, (int) t));
  gtk_drop_down_set_model (self->terrain_dropdown, G_LIST_MODEL (names));
  show_error (self, NULL);
}

static void
on_document_changed (GbacwTraceDialog *self)
{
  const GbacwScenario *scenario = get_scenario (self);

  /* a map resized or a catalogue changed: the samples and proposals no longer fit */
  if (scenario != NULL &&
      (gbacw_hex_grid_n_hexes (&scenario->map->grid) != self->n_hexes ||
       g_list_model_get_n_items (gtk_drop_down_get_model (self->terrain_dropdown)) !=
         scenario->catalogue.hex_terrains->len))
    reset_for_map (self);
  /* the map's levels may have been set since */
  else if (scenario != NULL)
    gtk_spin_button_set_range (self->level_spin, 0, max_level (scenario));
  /* a chain accepted (or painted otherwise) is no longer under review */
  if (get_selected_chain (self) < 0)
    gbacw_trace_layer_set_selected_chain (get_layer (self), -1);
  gbacw_canvas_layer_queue_draw (self->layer);
  update (self);
}

static void
set_document (GbacwTraceDialog *self,
              GbacwDocument    *document)
{
  if (self->document == document)
    return;
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_func (self->document, on_document_changed, self);
  g_set_object (&self->document, document);
  if (document != NULL)
    g_signal_connect_object (document, "changed", G_CALLBACK (on_document_changed), self, G_CONNECT_SWAPPED);
  reset_for_map (self);
  update (self);
}

static void
on_window_document (GbacwTraceDialog *self)
{
  set_document (self, self->window ? gbacw_editor_host_get_document (self->window) : NULL);
}

/* Another scan (or none): the proposals were of the one before. */
static void
on_image (GbacwTraceDialog *self)
{
  drop_proposals (self);
  update (self);
}

/* The cursor moved: on a proposal, its terrain is chosen, ready for Accept; the chain under
 * review is one that touches the cursor's hex (the one before if it still does). */
static void
on_cursor_hex (GbacwTraceDialog *self)
{
  int hex = get_cursor_hex (self);
  int chain = get_selected_chain (self);

  if (is_shown (self, hex))
    gtk_drop_down_set_selected (self->terrain_dropdown, (guint) self->proposals[hex].terrain);
  if (level_shown (self, hex))
    gtk_spin_button_set_value (self->level_spin, gbacw_trace_layer_get_level (get_layer (self), hex)->level);
  if (hex < 0)
    chain = -1;
  else if (chain < 0 || !chain_touches (self, chain, hex))
    {
      GbacwTraceLayer *layer = get_layer (self);

      /* the first chain with a link shown at the hex, in one pass over the links */
      chain = -1;
      for (guint i = 0; i < gbacw_trace_layer_get_n_links (layer); i++)
        {
          int hexes[2];

          if (!gbacw_trace_layer_shows_link (layer, get_scenario (self), i))
            continue;
          link_hexes (self, i, hexes);
          if ((hexes[0] == hex || hexes[1] == hex) &&
              (chain < 0 || gbacw_trace_layer_get_link_chain (layer, i) < chain))
            chain = gbacw_trace_layer_get_link_chain (layer, i);
        }
    }
  gbacw_trace_layer_set_selected_chain (get_layer (self), chain);
  update_hex_label (self);
  update_chain_label (self);
  update_level_label (self);
  update_actions (self);
}

/* ---------------------------------------------------------------- actions */

/* Takes every hex's mark off (a sample's terrain or a level's mark: -1 for none). */
static void
clear_marks (GbacwTraceDialog *self,
             int              *marks)
{
  for (int i = 0; i < self->n_hexes; i++)
    marks[i] = -1;
  update (self);
}

static void
mark_sample_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  GbacwTraceDialog *self = GBACW_TRACE_DIALOG (widget);
  int hex = get_sample_hex (self);
  guint terrain = gtk_drop_down_get_selected (self->terrain_dropdown);

  if (hex < 0 || hex >= self->n_hexes || terrain == GTK_INVALID_LIST_POSITION)
    return;
  self->sample_terrain[hex] = (int) terrain;
  update (self);
}

static void
clear_samples_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  GbacwTraceDialog *self = GBACW_TRACE_DIALOG (widget);

  clear_marks (self, self->sample_terrain);
}

/* The terrain hex is a sample of: the one marked, else with "painted hexes are samples"
 * the one the user painted it with (one terrain, not a stand-in); -1 for none. */
static int
sample_terrain_of (GbacwTraceDialog    *self,
                   const GbacwScenario *scenario,
                   int                  hex)
{
  const GbacwMap *map = scenario->map;
  guint64 mask = map->terrain[hex];

  if (self->sample_terrain[hex] >= 0)
    return self->sample_terrain[hex];
  if (!gtk_check_button_get_active (self->painted_check) || mask == 0 || (mask & (mask - 1)) != 0 ||
      (map->terrain_stand_in != NULL && map->terrain_stand_in[hex]))
    return -1;
  for (int t = 0; t < 64; t++)
    if (mask == G_GUINT64_CONSTANT (1) << t)
      return t;
  return -1;
}

/* The samples as the tracer takes them: one entry per terrain. */
static GPtrArray *
collect_samples (GbacwTraceDialog    *self,
                 const GbacwScenario *scenario)
{
  GPtrArray *samples = g_ptr_array_new_with_free_func ((GDestroyNotify) gbacw_trace_sample_free);
  g_autofree int *terrain_of = g_new (int, self->n_hexes + 1);

  for (int i = 0; i < self->n_hexes; i++)
    terrain_of[i] = sample_terrain_of (self, scenario, i);
  for (guint t = 0; t < scenario->catalogue.hex_terrains->len; t++)
    {
      GbacwTraceSample *sample = NULL;

      for (int i = 0; i < self->n_hexes; i++)
        if (terrain_of[i] == (int) t)
          {
            if (sample == NULL)
              {
                sample = g_new0 (GbacwTraceSample, 1);
                sample->terrain = (int) t;
                sample->hexes = g_array_new (FALSE, FALSE, sizeof (int));
                g_ptr_array_add (samples, sample);
              }
            g_array_append_val (sample->hexes, i);
          }
    }
  return samples;
}

/* The levels proposed from the marks, NULL when there are none (elevation is not traced) or
 * on an error. Each hex is read against its terrain: as painted, else as proposed. */
static GbacwTraceElevation *
trace_levels (GbacwTraceDialog     *self,
              const GbacwScenario  *scenario,
              GbacwBackgroundImage *image,
              const GbacwTraceProposal *proposals,
              GError              **error)
{
  g_autoptr(GArray) marks = g_array_new (FALSE, FALSE, sizeof (GbacwTraceElevationMark));
  g_autofree int *terrain = g_new (int, self->n_hexes + 1);
  GbacwTraceElevation *levels = NULL;

  for (int i = 0; i < self->n_hexes; i++)
    if (self->sample_level[i] >= 0)
      {
        GbacwTraceElevationMark mark = { i, self->sample_level[i], 0 };

        g_array_append_val (marks, mark);
      }
  if (marks->len == 0)
    return NULL;
  for (int i = 0; i < self->n_hexes; i++)
    {
      guint64 mask = scenario->map->terrain[i];

      terrain[i] = mask != 0 ? __builtin_ctzll (mask)
                   : proposals != NULL && (proposals[i].status == GBACW_TRACE_PROPOSED ||
                                           proposals[i].status == GBACW_TRACE_SAMPLE) ? proposals[i].terrain : -1;
    }
  if (!gbacw_trace_elevation (scenario, image, scenario->map->background.transform, marks, terrain, &levels, error))
    return NULL;
  return levels;
}

static void
run_action (GtkWidget  *widget,
            const char *action_name,
            GVariant   *parameter)
{
  GbacwTraceDialog *self = GBACW_TRACE_DIALOG (widget);
  const GbacwScenario *scenario = get_scenario (self);
  GbacwBackgroundImage *image = gbacw_background_controller_get_image (self->controller);
  static const double identity[6] = { 1, 0, 0, 1, 0, 0 };
  GbacwTraceFlags flags = GBACW_TRACE_UNPAINTED_ONLY;
  g_autoptr(GPtrArray) samples = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) links_error = NULL;
  g_autoptr(GArray) links = NULL;
  g_autoptr(GError) levels_error = NULL;
  g_autofree GbacwTraceElevation *levels = NULL;
  GbacwTraceProposal *proposals = NULL;

  if (scenario == NULL)
    return;
  if (image == NULL)
    {
      show_error (self, _("There is no scan to trace: load one with Background Image."));
      return;
    }
  if (memcmp (scenario->map->background.transform, identity, sizeof identity) == 0)
    {
      show_error (self, _("The scan is not calibrated yet: in Background Image, click three hexes and give their "
                          "numbers, so that the grid lies over the scan."));
      return;
    }
  if (gtk_check_button_get_active (self->catalogue_check))
    flags |= GBACW_TRACE_CATALOGUE_COLOURS;
  samples = collect_samples (self, scenario);
  /* the hexsides and lines need no samples: traced even when the terrain cannot be */
  links = gbacw_trace_links (scenario, image, scenario->map->background.transform, GBACW_TRACE_UNPAINTED_ONLY,
                             &links_error);
  if (!gbacw_trace_terrain (scenario, image, scenario->map->background.transform, samples, flags, &proposals, &error))
    proposals = NULL;
  levels = trace_levels (self, scenario, image, proposals, &levels_error);
  if (error != NULL || links_error != NULL || levels_error != NULL)
    {
      g_autofree char *message =
        g_strdup_printf (_("Could not trace the scan: %s"),
                         (error != NULL ? error : links_error != NULL ? links_error : levels_error)->message);
      show_error (self, message);
    }
  else
    show_error (self, NULL);
  gbacw_trace_layer_set_levels (GBACW_TRACE_LAYER (self->layer), levels, levels ? self->n_hexes : 0);
  if (proposals == NULL && links == NULL)
    {
      on_cursor_hex (self);
      update (self);
      return;
    }
  g_free (self->proposals);
  self->proposals = proposals;
  gbacw_trace_layer_set_proposals (GBACW_TRACE_LAYER (self->layer), proposals, proposals ? self->n_hexes : 0);
  gbacw_trace_layer_set_links (GBACW_TRACE_LAYER (self->layer), links);
  on_cursor_hex (self);
  update (self);
}

/* Paints hexes (int indices) with their terrains (catalogue indices): one undo step. */
static void
paint (GbacwTraceDialog *self,
       GArray           *hexes,
       GArray           *terrains)
{
  g_autoptr(GbacwMapEdit) edit = NULL;

  if (hexes->len == 0)
    return;
  edit = gbacw_map_edit_new (_("Accept traced terrain"), 0);
  for (guint i = 0; i < hexes->len; i++)
    gbacw_map_edit_set (edit, GBACW_LAYER_TERRAIN, (guint) g_array_index (hexes, int, i),
                        G_GUINT64_CONSTANT (1) << g_array_index (terrains, int, i));
  gbacw_document_execute (self->document, GBACW_COMMAND (g_steal_pointer (&edit)));
}

static void
accept_all_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  GbacwTraceDialog *self = GBACW_TRACE_DIALOG (widget);
  g_autoptr(GArray) hexes = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GArray) terrains = g_array_new (FALSE, FALSE, sizeof (int));

  for (int i = 0; i < self->n_hexes; i++)
    if (is_shown (self, i) && self->proposals[i].confidence >= get_threshold (self))
      {
        g_array_append_val (hexes, i);
        g_array_append_val (terrains, self->proposals[i].terrain);
      }
  paint (self, hexes, terrains);
}

/* Moves the hex cursor to the first hex after it, round the map, that doubtful says is
 * doubtful (terrain or level proposals). */
static void
go_to_next_doubtful (GbacwTraceDialog *self,
                     gboolean        (*doubtful) (GbacwTraceDialog *self,
                                                  int               hex))
{
  int start = get_cursor_hex (self);

  for (int k = 1; k <= self->n_hexes; k++)
    {
      int hex = ((start < 0 ? -1 : start) + k) % self->n_hexes;

      if (doubtful (self, hex))
        {
          gbacw_map_canvas_set_cursor_hex (self->canvas, hex);
          on_cursor_hex (self);
          return;
        }
    }
}

static void
next_doubtful_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  go_to_next_doubtful (GBACW_TRACE_DIALOG (widget), is_doubtful);
}

static void
accept_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  GbacwTraceDialog *self = GBACW_TRACE_DIALOG (widget);
  const GbacwScenario *scenario = get_scenario (self);
  int hex = get_cursor_hex (self);
  int terrain = (int) gtk_drop_down_get_selected (self->terrain_dropdown);
  g_autoptr(GArray) hexes = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GArray) terrains = g_array_new (FALSE, FALSE, sizeof (int));

  if (scenario == NULL || hex < 0 || hex >= self->n_hexes || scenario->map->terrain[hex] != 0 ||
      (guint) terrain >= scenario->catalogue.hex_terrains->len)
    return;
  g_array_append_val (hexes, hex);
  g_array_append_val (terrains, terrain);
  paint (self, hexes, terrains);
}

/* Accepts the links (guint indices in the layer) shown among links, in one undo step, through
 * the hexside and line tools' edits. An edit is built from the map as it is, so two types
 * on one hexside (a stream and a crest) go in two rounds, the second merged into the first. */
static void
accept_links (GbacwTraceDialog *self,
              GArray           *links)
{
  GbacwTraceLayer *layer = get_layer (self);
  g_autofree guint8 *done = g_new0 (guint8, links->len + 1);
  guint merge_key = (guint) g_get_monotonic_time () | 1u;
  guint n_left = links->len;

  while (n_left > 0 && self->document != NULL)
    {
      const GbacwScenario *scenario = get_scenario (self);
      const GbacwHexGrid *grid = &scenario->map->grid;
      /* the hexsides taken this round, of each kind */
      g_autoptr(GHashTable) sides_taken = g_hash_table_new (NULL, NULL);
      g_autoptr(GHashTable) lines_taken = g_hash_table_new (NULL, NULL);
      GHashTable *taken[2] = { sides_taken, lines_taken };
      g_autoptr(GbacwMapEdit) edit = NULL;

      for (guint k = 0; k < links->len; k++)
        {
          guint i = g_array_index (links, guint, k);
          const GbacwTraceLink *l;
          GbacwMapEdit *one;

          if (done[k])
            continue;
          l = gbacw_trace_layer_get_link (layer, i);
          if (g_hash_table_contains (taken[l->kind], GUINT_TO_POINTER (l->hexside + 1)))
            continue;
          done[k] = 1;
          n_left--;
          if (!gbacw_trace_layer_shows_link (layer, scenario, i))
            continue;
          g_hash_table_add (taken[l->kind], GUINT_TO_POINTER (l->hexside + 1));
          if (l->kind == GBACW_TRACE_LINK_HEXSIDE)
            one = gbacw_map_edit_set_hexside_feature (scenario, l->hexside, l->type, TRUE, -1, merge_key);
          else
            {
              GbacwHex a, b;

              gbacw_hex_grid_hexside_hexes (grid, l->hexside, &a, NULL, &b);
              one = gbacw_map_edit_set_line (scenario, a, b, l->type, TRUE, merge_key);
            }
          if (one == NULL)
            continue;
          if (edit == NULL)
            edit = one;
          else
            {
              /* map edits of one merge key always merge */
              gboolean merged = gbacw_command_merge (GBACW_COMMAND (edit), GBACW_COMMAND (one));

              g_warn_if_fail (merged);
              g_object_unref (one);
            }
        }
      if (edit == NULL)
        continue;
      gbacw_command_set_label (GBACW_COMMAND (edit), _("Accept traced hexsides and lines"));
      gbacw_document_execute (self->document, GBACW_COMMAND (g_steal_pointer (&edit)));
    }
}

/* The links of chain shown, as guint indices. */
static GArray *
chain_links (GbacwTraceDialog *self,
             int               chain)
{
  GbacwTraceLayer *layer = get_layer (self);
  GArray *links = g_array_new (FALSE, FALSE, sizeof (guint));

  for (guint i = 0; i < gbacw_trace_layer_get_n_links (layer); i++)
    if ((chain < 0 || gbacw_trace_layer_get_link_chain (layer, i) == chain) &&
        gbacw_trace_layer_shows_link (layer, get_scenario (self), i))
      g_array_append_val (links, i);
  return links;
}

static void
accept_all_chains_action (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *parameter)
{
  GbacwTraceDialog *self = GBACW_TRACE_DIALOG (widget);
  GbacwTraceLayer *layer = get_layer (self);
  g_autoptr(GArray) links = g_array_new (FALSE, FALSE, sizeof (guint));

  if (self->document == NULL)
    return;
  for (guint i = 0; i < gbacw_trace_layer_get_n_links (layer); i++)
    if (gbacw_trace_layer_shows_link (layer, get_scenario (self), i) &&
        !chain_doubtful (self, gbacw_trace_layer_get_link_chain (layer, i)))
      g_array_append_val (links, i);
  accept_links (self, links);
}

static void
next_doubtful_chain_action (GtkWidget  *widget,
                            const char *action_name,
                            GVariant   *parameter)
{
  GbacwTraceDialog *self = GBACW_TRACE_DIALOG (widget);
  g_autoptr(GArray) chains = NULL;
  int selected = get_selected_chain (self);
  guint start = 0;

  if (self->document == NULL)
    return;
  chains = shown_chains (self);
  /* after the chain under review, round the list */
  while (start < chains->len && g_array_index (chains, int, start) <= selected)
    start++;
  for (guint k = 0; k < chains->len; k++)
    {
      int chain = g_array_index (chains, int, (start + k) % chains->len);

      if (chain_doubtful (self, chain))
        {
          gbacw_trace_layer_set_selected_chain (get_layer (self), chain);
          gbacw_map_canvas_set_cursor_hex (self->canvas, chain_hex (self, chain));
          on_cursor_hex (self);
          return;
        }
    }
}

static void
accept_chain_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  GbacwTraceDialog *self = GBACW_TRACE_DIALOG (widget);
  int chain = get_selected_chain (self);
  g_autoptr(GArray) links = NULL;

  if (self->document == NULL || chain < 0)
    return;
  links = chain_links (self, chain);
  accept_links (self, links);
}

static void
reject_chain_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  GbacwTraceDialog *self = GBACW_TRACE_DIALOG (widget);
  int chain = get_selected_chain (self);

  if (chain < 0)
    return;
  gbacw_trace_layer_reject_chain (get_layer (self), chain);
  update (self);
}

/* Undoes the last Reject Chain. Rejecting never changes the document, so this is the
 * review's own undo, apart from the map's: Ctrl+Z stays the map's. A restored chain whose
 * links were put on the map since is simply not shown. */
static void
restore_chain_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  GbacwTraceDialog *self = GBACW_TRACE_DIALOG (widget);

  if (gbacw_trace_layer_restore_chain (get_layer (self)) < 0)
    return;
  update (self);
}

static void
mark_level_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  GbacwTraceDialog *self = GBACW_TRACE_DIALOG (widget);
  int hex = get_sample_hex (self);

  if (hex < 0 || hex >= self->n_hexes)
    return;
  self->sample_level[hex] = CLAMP (get_chosen_level (self), 0, max_level (get_scenario (self)));
  update (self);
}

static void
clear_level_marks_action (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *parameter)
{
  GbacwTraceDialog *self = GBACW_TRACE_DIALOG (widget);

  clear_marks (self, self->sample_level);
}

/* Gives hexes (int indices) their levels (ints) through the elevation tool's edit, one per
 * level merged into one undo step; a level 0 paints nothing (the hex is at 0 already) and
 * only leaves the review. */
static void
accept_levels (GbacwTraceDialog *self,
               GArray           *hexes,
               GArray           *levels)
{
  const GbacwScenario *scenario = get_scenario (self);
  guint merge_key = (guint) g_get_monotonic_time () | 1u;
  g_autoptr(GbacwMapEdit) edit = NULL;

  if (scenario == NULL)
    return;
  for (int level = 0; level <= GBACW_MAX_ELEVATION_LEVEL; level++)
    {
      g_autoptr(GArray) at_level = g_array_new (FALSE, FALSE, sizeof (int));
      GbacwMapEdit *one;

      for (guint i = 0; i < hexes->len; i++)
        if (g_array_index (levels, int, i) == level)
          {
            if (level == 0)
              gbacw_trace_layer_confirm_level (get_layer (self), g_array_index (hexes, int, i));
            else
              g_array_append_val (at_level, g_array_index (hexes, int, i));
          }
      if (at_level->len == 0)
        continue;
      one = gbacw_map_edit_set_elevation (scenario, at_level, level, merge_key);
      if (edit == NULL)
        edit = one;
      else
        {
          /* map edits of one merge key always merge */
          gboolean merged = gbacw_command_merge (GBACW_COMMAND (edit), GBACW_COMMAND (one));

          g_warn_if_fail (merged);
          g_object_unref (one);
        }
    }
  if (edit == NULL)
    {
      update (self);
      return;
    }
  gbacw_command_set_label (GBACW_COMMAND (edit), _("Accept traced levels"));
  gbacw_document_execute (self->document, GBACW_COMMAND (g_steal_pointer (&edit)));
}

static void
accept_all_levels_action (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *parameter)
{
  GbacwTraceDialog *self = GBACW_TRACE_DIALOG (widget);
  g_autoptr(GArray) hexes = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GArray) levels = g_array_new (FALSE, FALSE, sizeof (int));

  for (int i = 0; i < self->n_hexes; i++)
    if (level_shown (self, i) && !level_doubtful (self, i))
      {
        g_array_append_val (hexes, i);
        g_array_append_val (levels, gbacw_trace_layer_get_level (get_layer (self), i)->level);
      }
  accept_levels (self, hexes, levels);
}

static void
next_doubtful_level_action (GtkWidget  *widget,
                            const char *action_name,
                            GVariant   *parameter)
{
  go_to_next_doubtful (GBACW_TRACE_DIALOG (widget), level_doubtful);
}

static void
accept_level_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  GbacwTraceDialog *self = GBACW_TRACE_DIALOG (widget);
  const GbacwScenario *scenario = get_scenario (self);
  int hex = get_cursor_hex (self);
  int level = CLAMP (get_chosen_level (self), 0, max_level (scenario));
  g_autoptr(GArray) hexes = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GArray) levels = g_array_new (FALSE, FALSE, sizeof (int));

  if (scenario == NULL || hex < 0 || hex >= self->n_hexes || !levels_traced (self) ||
      scenario->map->elevation[hex] != 0)
    return;
  g_array_append_val (hexes, hex);
  g_array_append_val (levels, level);
  accept_levels (self, hexes, levels);
}

/* The review's keys: bound in the Trace window, and forwarded to it from the main window
 * while it is open (create_window_shortcuts ()). */
static const struct {
  guint key;
  GdkModifierType mods;
  const char *action;
} review_keys[] = {
  { GDK_KEY_F3, 0, "trace.next-doubtful" },
  { GDK_KEY_Return, GDK_CONTROL_MASK, "trace.accept" },
  { GDK_KEY_KP_Enter, GDK_CONTROL_MASK, "trace.accept" },
  { GDK_KEY_m, GDK_CONTROL_MASK, "trace.mark-sample" },
  { GDK_KEY_F4, 0, "trace.next-doubtful-chain" },
  { GDK_KEY_Return, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "trace.accept-chain" },
  { GDK_KEY_KP_Enter, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "trace.accept-chain" },
  { GDK_KEY_Delete, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "trace.reject-chain" },
  { GDK_KEY_Insert, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "trace.restore-chain" },
  { GDK_KEY_KP_Insert, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "trace.restore-chain" },
  { GDK_KEY_m, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "trace.mark-level" },
  { GDK_KEY_F6, 0, "trace.next-doubtful-level" },
  { GDK_KEY_Return, GDK_ALT_MASK, "trace.accept-level" },
  { GDK_KEY_KP_Enter, GDK_ALT_MASK, "trace.accept-level" },
};

static gboolean
activate_in_dialog (GtkWidget *widget,
                    GVariant  *args,
                    gpointer   user_data)
{
  GbacwTraceDialog *self = user_data;

  return gtk_widget_activate_action (GTK_WIDGET (self), g_variant_get_string (args, NULL), NULL);
}

/* The review's keys in the editor window too: they act here, on its canvas's cursor. */
static GtkEventController *
create_window_shortcuts (GbacwTraceDialog *self)
{
  GtkEventController *controller = gtk_shortcut_controller_new ();

  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_CAPTURE);
  for (guint i = 0; i < G_N_ELEMENTS (review_keys); i++)
    {
      GtkShortcut *shortcut = gtk_shortcut_new (gtk_keyval_trigger_new (review_keys[i].key, review_keys[i].mods),
                                                gtk_callback_action_new (activate_in_dialog, self, NULL));

      gtk_shortcut_set_arguments (shortcut, g_variant_new_string (review_keys[i].action));
      gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller), shortcut);
    }
  return controller;
}

/* ---------------------------------------------------------------- test hooks */

GbacwTraceLayer *
gbacw_trace_dialog_get_layer (GbacwTraceDialog *self)
{
  g_return_val_if_fail (GBACW_IS_TRACE_DIALOG (self), NULL);
  return GBACW_TRACE_LAYER (self->layer);
}

void
gbacw_trace_dialog_set_threshold (GbacwTraceDialog *self,
                                  double            threshold)
{
  g_return_if_fail (GBACW_IS_TRACE_DIALOG (self));
  gtk_spin_button_set_value (self->threshold_spin, threshold);
}

int
gbacw_trace_dialog_get_terrain (GbacwTraceDialog *self)
{
  guint terrain;

  g_return_val_if_fail (GBACW_IS_TRACE_DIALOG (self), -1);
  terrain = gtk_drop_down_get_selected (self->terrain_dropdown);
  return terrain == GTK_INVALID_LIST_POSITION ? -1 : (int) terrain;
}

void
gbacw_trace_dialog_set_terrain (GbacwTraceDialog *self,
                                int               terrain)
{
  g_return_if_fail (GBACW_IS_TRACE_DIALOG (self));
  gtk_drop_down_set_selected (self->terrain_dropdown, terrain < 0 ? GTK_INVALID_LIST_POSITION : (guint) terrain);
}

const GbacwTraceProposal *
gbacw_trace_dialog_get_proposal (GbacwTraceDialog *self,
                                 int               hex)
{
  g_return_val_if_fail (GBACW_IS_TRACE_DIALOG (self), NULL);
  if (self->proposals == NULL || hex < 0 || hex >= self->n_hexes)
    return NULL;
  return &self->proposals[hex];
}

void
gbacw_trace_dialog_set_chain_threshold (GbacwTraceDialog *self,
                                        double            threshold)
{
  g_return_if_fail (GBACW_IS_TRACE_DIALOG (self));
  gtk_spin_button_set_value (self->chain_threshold_spin, threshold);
}

void
gbacw_trace_dialog_select_chain (GbacwTraceDialog *self,
                                 int               chain)
{
  g_return_if_fail (GBACW_IS_TRACE_DIALOG (self));
  gbacw_trace_layer_set_selected_chain (get_layer (self), chain);
  update (self);
}

void
gbacw_trace_dialog_set_level_threshold (GbacwTraceDialog *self,
                                        double            threshold)
{
  g_return_if_fail (GBACW_IS_TRACE_DIALOG (self));
  gtk_spin_button_set_value (self->level_threshold_spin, threshold);
}

int
gbacw_trace_dialog_get_level (GbacwTraceDialog *self)
{
  g_return_val_if_fail (GBACW_IS_TRACE_DIALOG (self), -1);
  return get_chosen_level (self);
}

void
gbacw_trace_dialog_set_level (GbacwTraceDialog *self,
                              int               level)
{
  g_return_if_fail (GBACW_IS_TRACE_DIALOG (self));
  gtk_spin_button_set_value (self->level_spin, level);
}

/* ---------------------------------------------------------------- life */

static void
on_level_threshold_changed (GbacwTraceDialog *self)
{
  gbacw_trace_layer_set_level_threshold (get_layer (self), get_level_threshold (self));
  update (self);
}

static void
on_chain_threshold_changed (GbacwTraceDialog *self)
{
  gbacw_trace_layer_set_chain_threshold (get_layer (self), get_chain_threshold (self));
  update (self);
}

static void
on_threshold_changed (GbacwTraceDialog *self)
{
  gbacw_trace_layer_set_threshold (GBACW_TRACE_LAYER (self->layer), get_threshold (self));
  update (self);
}

static void
gbacw_trace_dialog_dispose (GObject *object)
{
  GbacwTraceDialog *self = GBACW_TRACE_DIALOG (object);

  if (self->layer != NULL && gbacw_canvas_layer_get_canvas (self->layer) != NULL)
    gbacw_map_canvas_remove_layer (gbacw_canvas_layer_get_canvas (self->layer), self->layer);
  if (self->window_shortcuts != NULL && self->window != NULL)
    gtk_widget_remove_controller (GTK_WIDGET (self->window), self->window_shortcuts);
  self->window_shortcuts = NULL;
  if (self->canvas != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->canvas, self);
      g_object_remove_weak_pointer (G_OBJECT (self->canvas), (gpointer *) &self->canvas);
      self->canvas = NULL;
    }
  if (self->window != NULL)
    {
      /* the controller lives as long as the window */
      g_signal_handlers_disconnect_by_data (self->controller, self);
      g_signal_handlers_disconnect_by_data (self->window, self);
      g_object_remove_weak_pointer (G_OBJECT (self->window), (gpointer *) &self->window);
      self->window = NULL;
    }
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_func (self->document, on_document_changed, self);
  g_clear_object (&self->document);
  g_clear_object (&self->layer);
  gtk_widget_dispose_template (GTK_WIDGET (self), GBACW_TYPE_TRACE_DIALOG);

  G_OBJECT_CLASS (gbacw_trace_dialog_parent_class)->dispose (object);
}

static void
gbacw_trace_dialog_finalize (GObject *object)
{
  GbacwTraceDialog *self = GBACW_TRACE_DIALOG (object);

  g_free (self->sample_terrain);
  g_free (self->sample_level);
  g_free (self->proposals);

  G_OBJECT_CLASS (gbacw_trace_dialog_parent_class)->finalize (object);
}

static void
gbacw_trace_dialog_class_init (GbacwTraceDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = gbacw_trace_dialog_dispose;
  object_class->finalize = gbacw_trace_dialog_finalize;

  gtk_widget_class_set_template_from_resource (widget_class, "/org/gbacw/Editor/gbacw-trace-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, GbacwTraceDialog, terrain_dropdown);
  gtk_widget_class_bind_template_child (widget_class, GbacwTraceDialog, samples_label);
  gtk_widget_class_bind_template_child (widget_class, GbacwTraceDialog, catalogue_check);
  gtk_widget_class_bind_template_child (widget_class, GbacwTraceDialog, painted_check);
  gtk_widget_class_bind_template_child (widget_class, GbacwTraceDialog, summary_label);
  gtk_widget_class_bind_template_child (widget_class, GbacwTraceDialog, threshold_spin);
  gtk_widget_class_bind_template_child (widget_class, GbacwTraceDialog, hex_label);
  gtk_widget_class_bind_template_child (widget_class, GbacwTraceDialog, chains_label);
  gtk_widget_class_bind_template_child (widget_class, GbacwTraceDialog, chain_threshold_spin);
  gtk_widget_class_bind_template_child (widget_class, GbacwTraceDialog, chain_label);
  gtk_widget_class_bind_template_child (widget_class, GbacwTraceDialog, level_spin);
  gtk_widget_class_bind_template_child (widget_class, GbacwTraceDialog, level_marks_label);
  gtk_widget_class_bind_template_child (widget_class, GbacwTraceDialog, levels_label);
  gtk_widget_class_bind_template_child (widget_class, GbacwTraceDialog, level_threshold_spin);
  gtk_widget_class_bind_template_child (widget_class, GbacwTraceDialog, level_label);
  gtk_widget_class_bind_template_child (widget_class, GbacwTraceDialog, error_label);

  gtk_widget_class_install_action (widget_class, "trace.run", NULL, run_action);
  gtk_widget_class_install_action (widget_class, "trace.mark-sample", NULL, mark_sample_action);
  gtk_widget_class_install_action (widget_class, "trace.clear-samples", NULL, clear_samples_action);
  gtk_widget_class_install_action (widget_class, "trace.accept-all", NULL, accept_all_action);
  gtk_widget_class_install_action (widget_class, "trace.next-doubtful", NULL, next_doubtful_action);
  gtk_widget_class_install_action (widget_class, "trace.accept", NULL, accept_action);
  gtk_widget_class_install_action (widget_class, "trace.accept-all-chains", NULL, accept_all_chains_action);
  gtk_widget_class_install_action (widget_class, "trace.next-doubtful-chain", NULL, next_doubtful_chain_action);
  gtk_widget_class_install_action (widget_class, "trace.accept-chain", NULL, accept_chain_action);
  gtk_widget_class_install_action (widget_class, "trace.reject-chain", NULL, reject_chain_action);
  gtk_widget_class_install_action (widget_class, "trace.restore-chain", NULL, restore_chain_action);
  gtk_widget_class_install_action (widget_class, "trace.mark-level", NULL, mark_level_action);
  gtk_widget_class_install_action (widget_class, "trace.clear-level-marks", NULL, clear_level_marks_action);
  gtk_widget_class_install_action (widget_class, "trace.accept-all-levels", NULL, accept_all_levels_action);
  gtk_widget_class_install_action (widget_class, "trace.next-doubtful-level", NULL, next_doubtful_level_action);
  gtk_widget_class_install_action (widget_class, "trace.accept-level", NULL, accept_level_action);

  for (guint i = 0; i < G_N_ELEMENTS (review_keys); i++)
    gtk_widget_class_add_binding_action (widget_class, review_keys[i].key, review_keys[i].mods, review_keys[i].action,
                                         NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
gbacw_trace_dialog_init (GbacwTraceDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->layer = gbacw_trace_layer_new ();
  g_signal_connect_swapped (self->threshold_spin, "value-changed", G_CALLBACK (on_threshold_changed), self);
  g_signal_connect_swapped (self->chain_threshold_spin, "value-changed", G_CALLBACK (on_chain_threshold_changed), self);
  g_signal_connect_swapped (self->terrain_dropdown, "notify::selected", G_CALLBACK (update_actions), self);
  g_signal_connect_swapped (self->level_threshold_spin, "value-changed", G_CALLBACK (on_level_threshold_changed), self);
  gbacw_trace_layer_set_level_threshold (GBACW_TRACE_LAYER (self->layer), get_level_threshold (self));
  gbacw_trace_layer_set_threshold (GBACW_TRACE_LAYER (self->layer), get_threshold (self));
  gbacw_trace_layer_set_chain_threshold (GBACW_TRACE_LAYER (self->layer), get_chain_threshold (self));
}

/* The layer goes under the hover light and the hex cursor, which stay visible over it. */
static void
add_layer (GbacwTraceDialog *self)
{
  GListModel *layers = gbacw_map_canvas_get_overlay_layers (self->canvas);
  guint position = g_list_model_get_n_items (layers);

  for (guint i = 0; i < g_list_model_get_n_items (layers); i++)
    {
      g_autoptr(GbacwCanvasLayer) layer = g_list_model_get_item (layers, i);

      if (g_strcmp0 (gbacw_canvas_layer_get_name (layer), "hover") == 0)
        {
          position = i;
          break;
        }
    }
  gbacw_map_canvas_insert_layer (self->canvas, self->layer, position);
}

GbacwTraceDialog *
gbacw_trace_dialog_new (GbacwEditorHost           *window,
                        GbacwBackgroundController *controller)
{
  GbacwTraceDialog *self;

  g_return_val_if_fail (GBACW_IS_EDITOR_HOST (window), NULL);
  g_return_val_if_fail (GBACW_IS_BACKGROUND_CONTROLLER (controller), NULL);

  self = g_object_new (GBACW_TYPE_TRACE_DIALOG, "transient-for", window, NULL);
  self->window = window;
  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &self->window);
  self->controller = controller;
  self->canvas = gbacw_editor_host_get_canvas (window);
  g_object_add_weak_pointer (G_OBJECT (self->canvas), (gpointer *) &self->canvas);
  add_layer (self);
  self->window_shortcuts = create_window_shortcuts (self);
  gtk_widget_add_controller (GTK_WIDGET (window), self->window_shortcuts);
  g_signal_connect_object (window, "notify::document", G_CALLBACK (on_window_document), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (controller, "notify::image", G_CALLBACK (on_image), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->canvas, "notify::cursor-hex", G_CALLBACK (on_cursor_hex), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->canvas, "notify::hover-hex", G_CALLBACK (update_actions), self, G_CONNECT_SWAPPED);
  set_document (self, gbacw_editor_host_get_document (window));
  return self;
}
