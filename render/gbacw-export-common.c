/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-export-common.c: images and unit values for the Tiled and VASSAL exporters. */
#define G_LOG_DOMAIN "gbacw-export-common"

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "gbacw-export-private.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "gbacw-counter.h"
#include "gbacw-map-export.h"
#include "gbacw-png-writer.h"

static cairo_status_t
append_bytes (void *closure, const unsigned char *data, unsigned int length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

GBytes *
gbacw_export_png_bytes (cairo_surface_t *surface, GError **error)
{
  g_autoptr (GByteArray) png = g_byte_array_new ();
  /* zlib level 6: these images are written once and shipped to other people. */
  cairo_status_t status = gbacw_png_write_to_stream (surface, 6, append_bytes, png);

  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, GBACW_EXPORT_ERROR, GBACW_EXPORT_ERROR_WRITE, _("Could not make a PNG image (%s)"),
                   cairo_status_to_string (status));
      return NULL;
    }
  return g_byte_array_free_to_bytes (g_steal_pointer (&png));
}

cairo_surface_t *
gbacw_export_surface_new (int width, int height, const char *what, GError **error)
{
  cairo_surface_t *surface;

  if (width < 1 || height < 1 || width > GBACW_EXPORT_MAX_PIXELS || height > GBACW_EXPORT_MAX_PIXELS)
    {
      g_set_error (error, GBACW_EXPORT_ERROR, GBACW_EXPORT_ERROR_TOO_LARGE,
                   g_dngettext (GETTEXT_PACKAGE,
                                "The %s image would be %d × %d pixel, more than the %d a side an image can have; "
                                "export a smaller map",
                                "The %s image would be %d × %d pixels, more than the %d a side an image can have; "
                                "export a smaller map", (gulong) height),
                   what, width, height, GBACW_EXPORT_MAX_PIXELS);
      return NULL;
    }
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  if (cairo_surface_status (surface) != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, GBACW_EXPORT_ERROR, GBACW_EXPORT_ERROR_TOO_LARGE, _("Could not make the %s image (%s)"),
                   what, cairo_status_to_string (cairo_surface_status (surface)));
      cairo_surface_destroy (surface);
      return NULL;
    }
  return surface;
}

void
gbacw_export_draw_counter (cairo_t *cr, const GbacwScenario *scenario, const GbacwUnit *unit,
                           const GbacwPlacement *placement, double size)
{
  double half = ceil (size) / 2;

  gbacw_counter_draw (cr, scenario, unit, placement, half, half, size, GBACW_COUNTER_DEFAULT | GBACW_COUNTER_UPRIGHT);
}

char *
gbacw_export_number (char buffer[GBACW_EXPORT_NUMBER_SIZE], double value, int decimals)
{
  char format[8];
  char *end;

  g_snprintf (format, sizeof format, "%%.%df", CLAMP (decimals, 0, 9));
  g_ascii_formatd (buffer, GBACW_EXPORT_NUMBER_SIZE, format, value);
  if (strchr (buffer, '.') != NULL)
    {
      end = buffer + strlen (buffer) - 1;
      while (*end == '0')
        *end-- = '\0';
      if (*end == '.')
        *end = '\0';
    }
  if (strcmp (buffer, "-0") == 0)
    strcpy (buffer, "0");
  return buffer;
}

char *
gbacw_export_sibling_path (const char *path, const char *extension, const char *suffix)
{
  gsize n = strlen (path);
  gsize e = strlen (extension);

  if (n > e && g_ascii_strcasecmp (path + n - e, extension) == 0)
    n -= e;
  return g_strdup_printf ("%.*s%s", (int) n, path, suffix);
}

static void
add_value (GPtrArray *values, const char *name, const char *value)
{
  if (value != NULL && value[0] != '\0')
    g_ptr_array_add (values, gbacw_param_new (name, value));
}

static void
add_int (GPtrArray *values, const char *name, int value)
{
  if (value != GBACW_UNSET)
    {
      char text[16];
      g_snprintf (text, sizeof text, "%d", value);
      add_value (values, name, text);
    }
}

GPtrArray *
gbacw_export_unit_values (const GbacwScenario *scenario, const GbacwUnit *unit, const GbacwPlacement *placement)
{
  GPtrArray *values = g_ptr_array_new_with_free_func ((GDestroyNotify) gbacw_param_free);
  const GbacwSide *side = gbacw_oob_find_side (&scenario->oob, unit->side);
  const GbacwFormation *formation = unit->formation ? gbacw_oob_find_formation (&scenario->oob, unit->formation) : NULL;
  const GbacwHexGrid *grid = &scenario->map->grid;

  add_value (values, "unit", unit->id);
  add_value (values, "side", side && side->name ? side->name : unit->side);
  add_value (values, "type", gbacw_unit_type_to_string (unit->type));
  add_value (values, "designation", unit->designation);
  add_value (values, "formation", formation && formation->name ? formation->name : unit->formation);
  if (unit->type == GBACW_UNIT_LEADER)
    {
      add_value (values, "role", gbacw_leader_role_to_string (unit->role));
      add_value (values, "rank", unit->rank);
      add_int (values, "er", unit->er);
      add_int (values, "rally", unit->rally);
      add_int (values, "dir", unit->dir);
      add_int (values, "cp", unit->cp);
    }
  else
    {
      add_int (values, "strength", unit->strength);
      if (unit->morale == GBACW_MORALE_GREEN)
        add_value (values, "morale", "?");
      else
        add_int (values, "morale", unit->morale);
      add_int (values, "dismounted-morale", unit->dismounted_morale);
      add_value (values, "weapon", unit->weapon);
      add_int (values, "guns", unit->guns);
      add_int (values, "rounds", unit->rounds);
      add_int (values, "small-arms-boxes", unit->small_arms_boxes);
      add_int (values, "artillery-boxes", unit->artillery_boxes);
    }
  add_int (values, "vp", unit->vp);
  if (placement != NULL)
    {
      int n_hexes = gbacw_hex_grid_n_hexes (grid);
      if (placement->hex >= 0 && placement->hex < n_hexes)
        {
          g_autofree char *label = gbacw_hex_grid_format_label (grid, gbacw_hex_grid_hex_at (grid, placement->hex));
          add_value (values, "hex", label);
        }
      if (placement->facing >= 0)
        add_value (values, "facing", gbacw_hex_direction_name (grid->orientation, placement->facing));
      if (placement->formation != GBACW_FORMATION_STATE_UNSET)
        add_value (values, "formation-state", gbacw_formation_state_to_string (placement->formation));
      if (placement->strength != GBACW_UNSET)
        add_int (values, "current-strength", placement->strength);
      if (placement->status != 0)
        {
          g_autofree char *status = gbacw_status_to_string (placement->status);
          add_value (values, "status", status);
        }
    }
  return values;
}
