/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-change.h: what a command changed, so that views redraw only that. */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

typedef enum {
  GBACW_CHANGE_TERRAIN        = 1 << 0,
  GBACW_CHANGE_ELEVATION      = 1 << 1,
  GBACW_CHANGE_HEXSIDES       = 1 << 2,
  GBACW_CHANGE_LINES          = 1 << 3,
  GBACW_CHANGE_AREAS          = 1 << 4,
  GBACW_CHANGE_LABELS         = 1 << 5,
  GBACW_CHANGE_BACKGROUND     = 1 << 6,
  GBACW_CHANGE_OOB            = 1 << 7,
  GBACW_CHANGE_DEPLOYMENT     = 1 << 8,
  GBACW_CHANGE_REINFORCEMENTS = 1 << 9,
  GBACW_CHANGE_SETTINGS       = 1 << 10,
  GBACW_CHANGE_CHARTS         = 1 << 11,
  GBACW_CHANGE_CATALOGUE      = 1 << 12,
  GBACW_CHANGE_VICTORY        = 1 << 13,
  GBACW_CHANGE_RULES          = 1 << 14,
  GBACW_CHANGE_ALL            = 0x7fff,
} GbacwChangeFlags;

/* The hexes, hexsides and units listed are the ones whose data changed (hexes also
 * name where an area, label or placement was or now is). Lists may repeat entries.
 * GBACW_CHANGE_CATALOGUE means anything drawn from the catalogue (the whole map)
 * may look different. Inserting, moving or removing a catalogue entry renumbers
 * the map's masks (they keep meaning the same terrain): that sets TERRAIN,
 * HEXSIDES or LINES with CATALOGUE and lists no cells, as every cell may have
 * a new number. */
typedef struct {
  guint flags;         /* GbacwChangeFlags */
  GArray *hexes;       /* int hex indices */
  GArray *hexsides;    /* guint32 hexside ids */
  GPtrArray *units;    /* char* unit ids */
} GbacwChange;

#define GBACW_TYPE_CHANGE (gbacw_change_get_type ())

GType        gbacw_change_get_type (void) G_GNUC_CONST;
GbacwChange *gbacw_change_new (void);
GbacwChange *gbacw_change_copy (const GbacwChange *change);
void         gbacw_change_free (GbacwChange *change);
void         gbacw_change_add_hex (GbacwChange *change, int hex);
void         gbacw_change_add_hexside (GbacwChange *change, guint32 hexside);
void         gbacw_change_add_unit (GbacwChange *change, const char *unit_id);
/* Adds everything other names to change. */
void         gbacw_change_merge (GbacwChange *change, const GbacwChange *other);
gboolean     gbacw_change_is_empty (const GbacwChange *change);
/* Whether unit_id is listed (linear search: lists are short). */
gboolean     gbacw_change_has_unit (const GbacwChange *change, const char *unit_id);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (GbacwChange, gbacw_change_free)

G_END_DECLS
