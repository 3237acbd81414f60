/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-counter.c: unit and leader counters with cairo. */
#define G_LOG_DOMAIN "gbacw-counter"

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "gbacw-counter.h"
#include "gbacw-colour-private.h"

#include <math.h>
#include <string.h>

#define MIN_TEXT_PX   24.0   /* counters narrower than this show no text */
#define MIN_MARKER_PX 12.0
#define FAN_COLUMNS   4
#define FAN_STEP      1.12   /* counter sizes from one fanned counter to the next */
#define STACK_BELOW   2      /* counters under the top one whose edges peek out down-right */
#define STACK_PEEK    0.07   /* counter sizes from one counter of a stack to the next */
#define MARKER_CHIP   0.3    /* a marker's side, in counter sizes */


double
gbacw_counter_facing_angle (const GbacwHexGrid *grid, int facing)
{
  g_return_val_if_fail (grid != NULL, 0.0);

  if (facing < 0 || facing >= GBACW_HEX_DIRECTIONS)
    return 0.0;
  /* flat-topped: direction 0 is north; pointy-topped: direction 0 is north-east, 30° round */
  if (grid->orientation == GBACW_GRID_POINTY_ROWS)
    return (30.0 + 60.0 * facing) * G_PI / 180.0;
  return 60.0 * facing * G_PI / 180.0;
}

/* Text centred on (x, y), shrunk to fit max_width. */
static void
text_centred (cairo_t *cr, const char *text, double x, double y, double font_size, double max_width)
{
  cairo_text_extents_t ext;

  if (text == NULL || *text == '\0')
    return;
  cairo_set_font_size (cr, font_size);
  cairo_text_extents (cr, text, &ext);
  if (ext.x_advance > max_width && ext.x_advance > 0)
    {
      cairo_set_font_size (cr, font_size * max_width / ext.x_advance);
      cairo_text_extents (cr, text, &ext);
    }
  cairo_move_to (cr, x - ext.x_bearing - ext.width / 2, y - ext.y_bearing - ext.height / 2);
  cairo_show_text (cr, text);
}

static void
font (cairo_t *cr, gboolean bold)
{
  cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
}

static void
star_path (cairo_t *cr, double cx, double cy, double radius)
{
  for (int i = 0; i < 10; i++)
    {
      double a = -G_PI / 2 + i * G_PI / 5;
      double rr = i % 2 ? radius * 0.42 : radius;
      if (i == 0)
        cairo_move_to (cr, cx + cos (a) * rr, cy + sin (a) * rr);
      else
        cairo_line_to (cr, cx + cos (a) * rr, cy + sin (a) * rr);
    }
  cairo_close_path (cr);
}

static void
format_value (char *buf, gsize len, int v, gboolean morale)
{
  if (v == GBACW_UNSET)
    g_strlcpy (buf, "–", len);
  else if (morale && v == GBACW_MORALE_GREEN)
    g_strlcpy (buf, "?", len);
  else
    g_snprintf (buf, len, "%d", v);
}

/* The NATO-style symbol of a combat unit or wagon in a box centred on (cx, cy). */
static void
unit_symbol (cairo_t *cr, const GbacwUnit *u, const GbacwPlacement *p, double cx, double cy)
{
  double bw = 0.46, bh = 0.28, bx = cx - bw / 2, by = cy - bh / 2;
  gboolean dismounted = p && p->formation == GBACW_FORMATION_STATE_DISMOUNTED;

  cairo_set_line_width (cr, 0.035);
  cairo_rectangle (cr, bx, by, bw, bh);
  switch (u->type)
    {
    case GBACW_UNIT_INFANTRY:
      cairo_move_to (cr, bx, by);
      cairo_line_to (cr, bx + bw, by + bh);
      cairo_move_to (cr, bx + bw, by);
      cairo_line_to (cr, bx, by + bh);
      cairo_stroke (cr);
      break;
    case GBACW_UNIT_CAVALRY:
      cairo_move_to (cr, bx, by + bh);
      cairo_line_to (cr, bx + bw, by);
      if (dismounted)
        {
          /* fights on foot: the infantry cross's other arm, thinner */
          cairo_stroke (cr);
          cairo_set_line_width (cr, 0.02);
          cairo_move_to (cr, bx, by);
          cairo_line_to (cr, bx + bw, by + bh);
        }
      cairo_stroke (cr);
      break;
    case GBACW_UNIT_ARTILLERY:
      cairo_stroke (cr);
      cairo_arc (cr, cx, cy, 0.065, 0, 2 * G_PI);
      cairo_fill (cr);
      if (u->flags & GBACW_UNIT_FLAG_HORSE_ARTILLERY)
        {
          cairo_move_to (cr, bx, by + bh);
          cairo_line_to (cr, bx + bw, by);
          cairo_stroke (cr);
        }
      break;
    case GBACW_UNIT_WAGON:
      cairo_move_to (cr, bx, by + bh * 0.62);
      cairo_line_to (cr, bx + bw, by + bh * 0.62);
      cairo_stroke (cr);
      cairo_arc (cr, bx + bw * 0.27, by + bh + 0.06, 0.05, 0, 2 * G_PI);
      cairo_new_sub_path (cr);
      cairo_arc (cr, bx + bw * 0.73, by + bh + 0.06, 0.05, 0, 2 * G_PI);
      cairo_stroke (cr);
      break;
    case GBACW_UNIT_LEADER:
    default:
      cairo_new_path (cr);
      break;
    }
}

/* A leader's mark: the army flag, or one star per command level. */
static void
leader_symbol (cairo_t *cr, const GbacwUnit *u, double cx, double cy)
{
  int stars;

  switch (u->role)
    {
    case GBACW_LEADER_ARMY:
      cairo_set_line_width (cr, 0.03);
      cairo_move_to (cr, cx - 0.16, cy + 0.15);
      cairo_line_to (cr, cx - 0.16, cy - 0.16);
      cairo_stroke (cr);
      cairo_rectangle (cr, cx - 0.16, cy - 0.16, 0.3, 0.18);
      cairo_fill (cr);
      return;
    case GBACW_LEADER_CORPS: stars = 3; break;
    case GBACW_LEADER_DIVISION: stars = 2; break;
    case GBACW_LEADER_REPLACEMENT:
      star_path (cr, cx, cy, 0.12);
      cairo_set_line_width (cr, 0.025);
      cairo_stroke (cr);
      return;
    case GBACW_LEADER_BRIGADE:
    default: stars = 1; break;
    }
  for (int i = 0; i < stars; i++)
    {
      star_path (cr, cx + (i - (stars - 1) / 2.0) * 0.2, cy, 0.1);
      cairo_fill (cr);
    }
}

typedef struct {
  const char *text;
  Rgb fill;
  Rgb ink;
} Marker;

static guint
collect_markers (const GbacwUnit *u, const GbacwPlacement *p, Marker *out)
{
  static const Rgb white = { 1, 1, 1 }, black = { 0, 0, 0 };
  guint n = 0;

  if (p == NULL)
    return 0;
  switch (p->formation)
    {
    case GBACW_FORMATION_STATE_COLUMN: out[n++] = (Marker) { "Col", white, black }; break;
    case GBACW_FORMATION_STATE_LIMBERED: out[n++] = (Marker) { "Lmb", white, black }; break;
    case GBACW_FORMATION_STATE_MOUNTED: out[n++] = (Marker) { "Mtd", white, black }; break;
    case GBACW_FORMATION_STATE_DISMOUNTED: out[n++] = (Marker) { "Dis", white, black }; break;
    case GBACW_FORMATION_STATE_UNSET:
    case GBACW_FORMATION_STATE_LINE:
    case GBACW_FORMATION_STATE_UNLIMBERED:
    default:
      break;
    }
  if (p->status & GBACW_STATUS_ROUTED)
    out[n++] = (Marker) { "R", { 0.80, 0.10, 0.10 }, white };
  if (p->status & GBACW_STATUS_PINNED)
    out[n++] = (Marker) { "P", { 0.93, 0.55, 0.05 }, black };
  if (p->status & GBACW_STATUS_AMMO_DEPLETED)
    out[n++] = (Marker) { "A", { 0.95, 0.85, 0.15 }, black };
  if (p->status & GBACW_STATUS_ENGAGED)
    out[n++] = (Marker) { "E", { 0.45, 0.22, 0.62 }, white };
  if (p->status & GBACW_STATUS_HALF_CREW)
    out[n++] = (Marker) { "½", { 0.6, 0.6, 0.6 }, black };
  if (p->status & GBACW_STATUS_ABANDONED)
    out[n++] = (Marker) { "X", { 0.1, 0.1, 0.1 }, white };
  return n;
}

static void
draw_markers (cairo_t *cr, const Marker *markers, guint n, double hw, gboolean text)
{
  double chip = MARKER_CHIP;

  for (guint i = 0; i < n; i++)
    {
      double cx = hw, cy = -hw + 0.17 + i * (chip + 0.03);
      cairo_rectangle (cr, cx - chip / 2, cy - chip / 2, chip, chip);
      set_rgb (cr, markers[i].fill);
      cairo_fill_preserve (cr);
      cairo_set_source_rgb (cr, 0.05, 0.05, 0.05);
      cairo_set_line_width (cr, 0.02);
      cairo_stroke (cr);
      if (text)
        {
          font (cr, TRUE);
          set_rgb (cr, markers[i].ink);
          text_centred (cr, markers[i].text, cx, cy, 0.17, chip * 0.85);
        }
    }
}

static Rgb
side_fill (const GbacwScenario *scenario, const GbacwUnit *unit)
{
  const GbacwSide *side = unit && unit->side ? gbacw_oob_find_side (&scenario->oob, unit->side) : NULL;
  Rgb fill = { 0.6, 0.6, 0.6 };

  if (side == NULL || !parse_colour (side->colour, &fill))
    fill = (Rgb) { 0.6, 0.6, 0.6 };
  if (unit && unit->type == GBACW_UNIT_LEADER)
    fill = mix (fill, (Rgb) { 1, 1, 1 }, 0.55);
  return fill;
}

/* The counter in its own frame: origin at the centre, one unit = its size. */
static void
draw_counter_local (cairo_t *cr, const GbacwScenario *scenario, const GbacwUnit *u, const GbacwPlacement *p,
                    guint flags)
{
  gboolean leader = u && u->type == GBACW_UNIT_LEADER;
  double hw = leader ? 0.42 : 0.5;
  Rgb fill = side_fill (scenario, u), ink, front;
  double lum = 0.3 * fill.r + 0.59 * fill.g + 0.11 * fill.b;
  char left[16], right[16];

  ink = lum > 0.55 ? (Rgb) { 0, 0, 0 } : (Rgb) { 1, 1, 1 };
  front = mix (fill, (Rgb) { 0, 0, 0 }, 0.6);

  cairo_rectangle (cr, -hw, -hw, 2 * hw, 2 * hw);
  set_rgb (cr, fill);
  cairo_fill (cr);
  /* the front edge */
  cairo_rectangle (cr, -hw, -hw, 2 * hw, 0.08);
  set_rgb (cr, front);
  cairo_fill (cr);
  cairo_rectangle (cr, -hw, -hw, 2 * hw, 2 * hw);
  cairo_set_source_rgb (cr, 0.05, 0.05, 0.05);
  cairo_set_line_width (cr, 0.03);
  cairo_stroke (cr);

  if (flags & GBACW_COUNTER_SELECTED)
    {
      cairo_rectangle (cr, -hw - 0.05, -hw - 0.05, 2 * hw + 0.1, 2 * hw + 0.1);
      cairo_set_source_rgb (cr, 1.0, 0.82, 0.0);
      cairo_set_line_width (cr, 0.07);
      cairo_stroke (cr);
    }
  if (u == NULL)
    return;

  if (flags & GBACW_COUNTER_TEXT)
    {
      set_rgb (cr, ink);
      font (cr, FALSE);
      text_centred (cr, u->designation ? u->designation : u->id, 0, -hw + 0.2, 0.16, 2 * hw - 0.1);
      if (leader)
        {
          char mid[48];
          leader_symbol (cr, u, 0, -0.04);
          format_value (left, sizeof left, u->er, FALSE);
          format_value (right, sizeof right, u->rally, FALSE);
          font (cr, TRUE);
          text_centred (cr, left, -hw + 0.17, hw - 0.13, 0.2, 0.3);
          text_centred (cr, right, hw - 0.17, hw - 0.13, 0.2, 0.3);
          mid[0] = '\0';
          if (u->dir != GBACW_UNSET || u->cp != GBACW_UNSET)
            {
              char d[16], c[16];
              format_value (d, sizeof d, u->dir, FALSE);
              format_value (c, sizeof c, u->cp, FALSE);
              g_snprintf (mid, sizeof mid, "%s·%s", d, c);
            }
          font (cr, FALSE);
          text_centred (cr, mid, 0, hw - 0.13, 0.13, 0.3);
        }
      else
        {
          int strength = u->type == GBACW_UNIT_ARTILLERY ? u->guns
                         : p && p->strength != GBACW_UNSET ? p->strength : u->strength;
          int morale = p && p->formation == GBACW_FORMATION_STATE_DISMOUNTED && u->dismounted_morale != GBACW_UNSET
                       ? u->dismounted_morale : u->morale;
          unit_symbol (cr, u, p, -0.04, -0.02);
          font (cr, TRUE);
          if (u->weapon)
            text_centred (cr, u->weapon, hw - 0.14, -0.02, 0.15, 0.2);
          if (u->flags & GBACW_UNIT_FLAG_SHARPSHOOTER)
            {
              font (cr, FALSE);
              text_centred (cr, "SS", -hw + 0.1, -0.02, 0.11, 0.16);
              font (cr, TRUE);
            }
          if (u->type == GBACW_UNIT_WAGON)
            {
              /* ammunition boxes: small arms / artillery (11.1) */
              char a[16], b[16];
              format_value (a, sizeof a, u->small_arms_boxes, FALSE);
              format_value (b, sizeof b, u->artillery_boxes, FALSE);
              g_snprintf (left, sizeof left, "%s/%s", a, b);
            }
          else
            format_value (left, sizeof left, strength, FALSE);
          format_value (right, sizeof right, morale, TRUE);
          text_centred (cr, left, -hw + 0.22, hw - 0.16, 0.25, 0.4);
          text_centred (cr, right, hw - 0.22, hw - 0.16, 0.25, 0.4);
        }
    }
  else if (leader)
    {
      set_rgb (cr, ink);
      leader_symbol (cr, u, 0, 0);
    }
  else
    {
      set_rgb (cr, ink);
      unit_symbol (cr, u, p, 0, 0);
    }

  if (flags & GBACW_COUNTER_MARKERS)
    {
      Marker markers[8];
      guint n = collect_markers (u, p, markers);
      draw_markers (cr, markers, n, hw, (flags & GBACW_COUNTER_TEXT) != 0);
    }
}

void
gbacw_counter_draw (cairo_t *cr, const GbacwScenario *scenario, const GbacwUnit *unit,
                    const GbacwPlacement *placement, double x, double y, double size, guint flags)
{
  g_return_if_fail (cr != NULL);
  g_return_if_fail (scenario != NULL);

  cairo_save (cr);
  cairo_translate (cr, x, y);
  if (placement && !(flags & GBACW_COUNTER_UPRIGHT))
    cairo_rotate (cr, gbacw_counter_facing_angle (&scenario->map->grid, placement->facing));
  cairo_scale (cr, size, size);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_MITER);
  draw_counter_local (cr, scenario, unit, placement, flags);
  cairo_restore (cr);
}

void
gbacw_counter_stack_at (const GbacwScenario *scenario, int hex, GPtrArray *out)
{
  g_return_if_fail (scenario != NULL);
  g_return_if_fail (out != NULL);

  for (guint i = 0; i < scenario->deployment->len; i++)
    {
      GbacwPlacement *p = g_ptr_array_index (scenario->deployment, i);
      if (p->hex == hex)
        g_ptr_array_add (out, p);
    }
}

static const GbacwUnit *
placement_unit (const GbacwScenario *scenario, const GbacwPlacement *p)
{
  return p ? gbacw_oob_find_unit (&scenario->oob, p->unit) : NULL;
}

static void
draw_badge (cairo_t *cr, guint count, double x, double y, double size, gboolean text)
{
  char label[16];
  double r = 0.2 * size;

  cairo_save (cr);
  cairo_new_path (cr);
  cairo_arc (cr, x, y, r, 0, 2 * G_PI);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_fill_preserve (cr);
  cairo_set_source_rgb (cr, 0.05, 0.05, 0.05);
  cairo_set_line_width (cr, 0.03 * size);
  cairo_stroke (cr);
  if (text)
    {
      g_snprintf (label, sizeof label, "+%u", count);
      font (cr, TRUE);
      text_centred (cr, label, x, y, 0.22 * size, 1.6 * r);
    }
  cairo_restore (cr);
}

void
gbacw_counter_draw_stack (cairo_t *cr, const GbacwScenario *scenario, const GbacwPlacement *const *stack, guint n,
                          double x, double y, double size, guint flags)
{
  guint below;

  g_return_if_fail (cr != NULL);
  g_return_if_fail (scenario != NULL);
  g_return_if_fail (stack != NULL || n == 0);

  if (n == 0)
    return;
  below = MIN (n - 1, STACK_BELOW);
  for (guint i = below; i > 0; i--)
    gbacw_counter_draw (cr, scenario, placement_unit (scenario, stack[i]), stack[i], x + i * STACK_PEEK * size,
                        y + i * STACK_PEEK * size, size, flags & ~(GBACW_COUNTER_TEXT | GBACW_COUNTER_MARKERS
                                                                   | GBACW_COUNTER_SELECTED));
  gbacw_counter_draw (cr, scenario, placement_unit (scenario, stack[0]), stack[0], x, y, size, flags);
  if (n > 1)
    draw_badge (cr, n - 1, x + 0.5 * size, y - 0.5 * size, size, (flags & GBACW_COUNTER_TEXT) != 0);
}

void
gbacw_counter_fan_position (guint n, double x, double y, double size, guint index, double *cx, double *cy)
{
  guint columns = MAX (MIN (n, FAN_COLUMNS), 1);
  guint rows = (MAX (n, 1) + columns - 1) / columns;
  guint col = index % columns, row = index / columns;
  double step = FAN_STEP * size;

  *cx = x + (col - (columns - 1) / 2.0) * step;
  *cy = y + (row - (rows - 1) / 2.0) * step;
}

int
gbacw_counter_fan_hit (guint n, double x, double y, double size, double px, double py)
{
  for (guint i = 0; i < n; i++)
    {
      double cx, cy;
      gbacw_counter_fan_position (n, x, y, size, i, &cx, &cy);
      if (fabs (px - cx) <= size / 2 && fabs (py - cy) <= size / 2)
        return (int) i;
    }
  return -1;
}

void
gbacw_counter_draw_fan (cairo_t *cr, const GbacwScenario *scenario, const GbacwPlacement *const *stack, guint n,
                        double x, double y, double size, guint flags, cairo_rectangle_t *extent)
{
  guint columns = MAX (MIN (n, FAN_COLUMNS), 1);
  guint rows = (MAX (n, 1) + columns - 1) / columns;
  double step = FAN_STEP * size, pad = 0.25 * size;
  double w = (columns - 1) * step + size + 2 * pad, h = (rows - 1) * step + size + 2 * pad;

  g_return_if_fail (cr != NULL);
  g_return_if_fail (scenario != NULL);
  g_return_if_fail (stack != NULL || n == 0);

  if (extent)
    *extent = (cairo_rectangle_t) { x - w / 2, y - h / 2, w, h };
  if (n == 0)
    return;
  cairo_save (cr);
  cairo_rectangle (cr, x - w / 2, y - h / 2, w, h);
  cairo_set_source_rgba (cr, 0.97, 0.96, 0.92, 0.92);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.6);
  cairo_set_line_width (cr, 0.02 * size);
  cairo_stroke (cr);
  for (guint i = 0; i < n; i++)
    {
      const GbacwPlacement *p = stack[i];
      double cx, cy;
      gbacw_counter_fan_position (n, x, y, size, i, &cx, &cy);
      gbacw_counter_draw (cr, scenario, placement_unit (scenario, p), p, cx, cy, size, flags | GBACW_COUNTER_UPRIGHT);
      if (p && p->facing >= 0)
        {
          double a = gbacw_counter_facing_angle (&scenario->map->grid, p->facing);
          double dx = sin (a), dy = -cos (a), r = 0.56 * size, t = 0.1 * size;
          cairo_move_to (cr, cx + dx * (r + t), cy + dy * (r + t));
          cairo_line_to (cr, cx + dx * r - dy * t * 0.7, cy + dy * r + dx * t * 0.7);
          cairo_line_to (cr, cx + dx * r + dy * t * 0.7, cy + dy * r - dx * t * 0.7);
          cairo_close_path (cr);
          cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
          cairo_fill (cr);
        }
    }
  cairo_restore (cr);
}

/* ---- counters too small for text, from pictures drawn once
 *
 * Zoomed out, the map shows thousands of counters a few pixels wide, each a dozen small
 * antialiased shapes: drawing them costs more than the rest of the map. Without text a
 * counter looks the same wherever it is, but for where its centre falls within a pixel,
 * so on an image each look is drawn once into a small picture, at each eighth of a pixel
 * of offset, and copied where it is needed: the same pixels, the centre moved by at most
 * a sixteenth of a pixel. The pictures are kept between frames (the canvas draws the same
 * counters again at each pan) until the cache is full, when it starts again. */

#define SPRITE_PHASES 8                /* offsets per pixel, each way */
#define SPRITE_CACHE_PIXELS (8 << 20)  /* about 32 MiB of pictures */

typedef enum {
  SPRITE_COUNTER,
  SPRITE_BADGE,
} SpriteKind;

/* Everything a picture depends on: what draw_counter_local () reads without text (or
 * draw_badge (), which only needs the size). */
typedef struct {
  SpriteKind kind;
  double size_px;
  double angle;
  int phase_x, phase_y;
  Rgb fill;
  gboolean known;                  /* the unit exists */
  GbacwUnitType type;
  int role;
  guint unit_flags;                /* horse artillery */
  int formation;                   /* markers and dismounted */
  guint status;                    /* markers */
  guint n_markers;
  guint flags;                     /* GbacwCounterFlags */
} SpriteKey;

static GMutex sprites_lock;
static GHashTable *sprites;        /* SpriteKey* -> cairo_surface_t* */
static gsize sprites_pixels;

static guint
sprite_key_hash (gconstpointer key)
{
  const guint8 *b = key;
  guint32 h = 2166136261u;

  for (gsize i = 0; i < sizeof (SpriteKey); i++)
    h = (h ^ b[i]) * 16777619u;
  return h;
}

static gboolean
sprite_key_equal (gconstpointer a, gconstpointer b)
{
  return memcmp (a, b, sizeof (SpriteKey)) == 0;
}

/* Half the side of a picture, in pixels: the counter turned any way with its selection
 * outline and its markers (chips down its right edge), or the badge, and a pixel more
 * for the antialiasing. */
static int
sprite_half_extent (const SpriteKey *key)
{
  double reach = 0.25;

  if (key->kind == SPRITE_COUNTER)
    {
      /* the far corner of the last chip: draw_markers () */
      double chips_x = 0.5 + MARKER_CHIP / 2, chips_y = -0.5 + 0.17 + MARKER_CHIP / 2;
      reach = 0.85;
      if (key->n_markers > 0)
        reach = MAX (reach, hypot (chips_x, MAX (0.5 - 0.17 + MARKER_CHIP / 2,
                                                 chips_y + (key->n_markers - 1) * (MARKER_CHIP + 0.03))));
    }
  return (int) ceil (reach * key->size_px) + 2;
}

static cairo_surface_t *
sprite_draw (const SpriteKey *key, const GbacwScenario *scenario, const GbacwUnit *unit,
             const GbacwPlacement *placement)
{
  int half = sprite_half_extent (key);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 2 * half, 2 * half);
  cairo_t *cr = cairo_create (surface);

  cairo_translate (cr, half + (double) key->phase_x / SPRITE_PHASES, half + (double) key->phase_y / SPRITE_PHASES);
  if (key->kind == SPRITE_BADGE)
    draw_badge (cr, 0, 0, 0, key->size_px, FALSE);
  else
    {
      cairo_rotate (cr, key->angle);
      cairo_scale (cr, key->size_px, key->size_px);
      cairo_set_line_join (cr, CAIRO_LINE_JOIN_MITER);
      draw_counter_local (cr, scenario, unit, placement, key->flags);
    }
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

/* The picture for key (a new reference), drawn if it is not in the cache. */
static cairo_surface_t *
sprite_get (const SpriteKey *key, const GbacwScenario *scenario, const GbacwUnit *unit,
            const GbacwPlacement *placement)
{
  cairo_surface_t *surface;
  gsize pixels;

  g_mutex_lock (&sprites_lock);
  if (sprites == NULL)
    sprites = g_hash_table_new_full (sprite_key_hash, sprite_key_equal, g_free,
                                     (GDestroyNotify) cairo_surface_destroy);
  surface = g_hash_table_lookup (sprites, key);
  if (surface != NULL)
    {
      cairo_surface_reference (surface);
      g_mutex_unlock (&sprites_lock);
      return surface;
    }
  g_mutex_unlock (&sprites_lock);

  surface = sprite_draw (key, scenario, unit, placement);
  pixels = (gsize) cairo_image_surface_get_width (surface) * (gsize) cairo_image_surface_get_height (surface);

  g_mutex_lock (&sprites_lock);
  if (sprites_pixels + pixels > SPRITE_CACHE_PIXELS)
    {
      g_hash_table_remove_all (sprites);
      sprites_pixels = 0;
    }
  if (!g_hash_table_contains (sprites, key))
    {
      g_hash_table_insert (sprites, g_memdup2 (key, sizeof *key), cairo_surface_reference (surface));
      sprites_pixels += pixels;
    }
  g_mutex_unlock (&sprites_lock);
  return surface;
}

/* Copies the picture for key centred on map point (x, y), which the context's
 * transformation (a scale and a translation) takes to the device. */
static void
sprite_paint (cairo_t *cr, SpriteKey *key, double x, double y, const GbacwScenario *scenario,
              const GbacwUnit *unit, const GbacwPlacement *placement)
{
  cairo_surface_t *surface;
  double dx = x, dy = y;
  double qx, qy;
  int half;

  cairo_user_to_device (cr, &dx, &dy);
  qx = floor (dx * SPRITE_PHASES + 0.5);
  qy = floor (dy * SPRITE_PHASES + 0.5);
  key->phase_x = (int) (qx - floor (qx / SPRITE_PHASES) * SPRITE_PHASES);
  key->phase_y = (int) (qy - floor (qy / SPRITE_PHASES) * SPRITE_PHASES);
  half = sprite_half_extent (key);
  surface = sprite_get (key, scenario, unit, placement);
  cairo_save (cr);
  cairo_identity_matrix (cr);
  cairo_set_source_surface (cr, surface, (qx - key->phase_x) / SPRITE_PHASES - half,
                            (qy - key->phase_y) / SPRITE_PHASES - half);
  cairo_paint (cr);
  cairo_restore (cr);
  cairo_surface_destroy (surface);
}

static void
sprite_paint_counter (cairo_t *cr, const GbacwScenario *scenario, const GbacwPlacement *p, double x, double y,
                      double size_px, guint flags)
{
  const GbacwUnit *u = placement_unit (scenario, p);
  SpriteKey key;

  /* zeroed whole, padding included: the key is hashed and compared as bytes */
  memset (&key, 0, sizeof key);
  key.kind = SPRITE_COUNTER;
  key.size_px = size_px;
  key.angle = gbacw_counter_facing_angle (&scenario->map->grid, p->facing);
  key.fill = side_fill (scenario, u);
  key.known = u != NULL;
  if (u != NULL)
    {
      key.type = u->type;
      key.role = u->type == GBACW_UNIT_LEADER ? (int) u->role : 0;
      key.unit_flags = u->flags & GBACW_UNIT_FLAG_HORSE_ARTILLERY;
    }
  key.formation = p->formation;
  key.flags = flags;
  if (flags & GBACW_COUNTER_MARKERS)
    {
      Marker markers[8];
      key.status = p->status;
      key.n_markers = collect_markers (u, p, markers);
    }
  sprite_paint (cr, &key, x, y, scenario, u, p);
}

/* A stack as gbacw_counter_draw_stack () draws it, from pictures. */
static void
sprite_paint_stack (cairo_t *cr, const GbacwScenario *scenario, const GbacwPlacement *const *stack, guint n,
                    double x, double y, double size, double size_px, guint flags)
{
  guint below = MIN (n - 1, STACK_BELOW);

  for (guint i = below; i > 0; i--)
    sprite_paint_counter (cr, scenario, stack[i], x + i * STACK_PEEK * size, y + i * STACK_PEEK * size, size_px,
                          flags & ~(GBACW_COUNTER_TEXT | GBACW_COUNTER_MARKERS | GBACW_COUNTER_SELECTED));
  sprite_paint_counter (cr, scenario, stack[0], x, y, size_px, flags);
  if (n > 1)
    {
      SpriteKey key;
      memset (&key, 0, sizeof key);
      key.kind = SPRITE_BADGE;
      key.size_px = size_px;
      sprite_paint (cr, &key, x + 0.5 * size, y - 0.5 * size, scenario, NULL, NULL);
    }
}

/* Pictures are copied pixel for pixel: only onto an image (no device scale, a device
 * offset of whole pixels), under a transformation that only scales, the same both ways,
 * and moves. Returns the pixels per map unit, or 0 when pictures do not fit. */
static double
sprites_fit (cairo_t *cr)
{
  cairo_surface_t *target = cairo_get_group_target (cr);
  cairo_matrix_t m;
  double sx, sy, ox, oy;

  if (cairo_surface_get_type (target) != CAIRO_SURFACE_TYPE_IMAGE)
    return 0;
  cairo_surface_get_device_scale (target, &sx, &sy);
  cairo_surface_get_device_offset (target, &ox, &oy);
  if (sx != 1 || sy != 1 || ox != floor (ox) || oy != floor (oy))
    return 0;
  cairo_get_matrix (cr, &m);
  return m.xy == 0 && m.yx == 0 && m.xx == m.yy && m.xx > 0 ? m.xx : 0;
}

typedef struct {
  int hex;
  GPtrArray *stack;   /* GbacwPlacement*, top first */
} Stack;

static void
stack_clear (gpointer data)
{
  g_ptr_array_unref (((Stack *) data)->stack);
}

void
gbacw_counter_render_deployment (cairo_t *cr, const GbacwScenario *scenario, double scale,
                                 const cairo_rectangle_t *visible, int fanned_hex, const char *selected_unit)
{
  const GbacwHexGrid *grid;
  g_autoptr (GHashTable) by_hex = NULL;
  g_autoptr (GArray) stacks = NULL;
  double size = GBACW_COUNTER_SIZE, margin = 1.0;
  guint flags = 0;
  double sprite_scale;
  int n_hexes;

  g_return_if_fail (cr != NULL);
  g_return_if_fail (scenario != NULL);

  if (scenario->deployment->len == 0)
    return;
  grid = &scenario->map->grid;
  n_hexes = gbacw_hex_grid_n_hexes (grid);
  if (size * scale >= MIN_TEXT_PX)
    flags |= GBACW_COUNTER_TEXT;
  if (size * scale >= MIN_MARKER_PX)
    flags |= GBACW_COUNTER_MARKERS;

  /* stacks in order of their top counters */
  by_hex = g_hash_table_new (g_direct_hash, g_direct_equal);
  stacks = g_array_new (FALSE, FALSE, sizeof (Stack));
  g_array_set_clear_func (stacks, stack_clear);
  for (guint i = 0; i < scenario->deployment->len; i++)
    {
      GbacwPlacement *p = g_ptr_array_index (scenario->deployment, i);
      gpointer index;
      double cx, cy;
      if (p->hex < 0 || p->hex >= n_hexes)
        continue;
      if (!g_hash_table_lookup_extended (by_hex, GINT_TO_POINTER (p->hex), NULL, &index))
        {
          Stack s;
          if (visible && p->hex != fanned_hex)
            {
              gbacw_hex_grid_centre (grid, gbacw_hex_grid_hex_at (grid, p->hex), &cx, &cy);
              if (cx + margin < visible->x || cx - margin > visible->x + visible->width
                  || cy + margin < visible->y || cy - margin > visible->y + visible->height)
                {
                  g_hash_table_insert (by_hex, GINT_TO_POINTER (p->hex), GUINT_TO_POINTER (G_MAXUINT));
                  continue;
                }
            }
          s.hex = p->hex;
          s.stack = g_ptr_array_new ();
          index = GUINT_TO_POINTER (stacks->len);
          g_array_append_val (stacks, s);
          g_hash_table_insert (by_hex, GINT_TO_POINTER (p->hex), index);
        }
      if (GPOINTER_TO_UINT (index) != G_MAXUINT)
        g_ptr_array_add (g_array_index (stacks, Stack, GPOINTER_TO_UINT (index)).stack, p);
    }

  cairo_save (cr);
  sprite_scale = flags & GBACW_COUNTER_TEXT ? 0 : sprites_fit (cr);
  for (guint i = 0; i < stacks->len; i++)
    {
      const Stack *s = &g_array_index (stacks, Stack, i);
      const GbacwPlacement *const *stack = (const GbacwPlacement *const *) s->stack->pdata;
      guint f = flags;
      double cx, cy;
      if (s->hex == fanned_hex)
        continue;
      if (selected_unit)
        for (guint k = 0; k < s->stack->len; k++)
          if (g_strcmp0 (stack[k]->unit, selected_unit) == 0)
            f |= GBACW_COUNTER_SELECTED;
      gbacw_hex_grid_centre (grid, gbacw_hex_grid_hex_at (grid, s->hex), &cx, &cy);
      if (sprite_scale > 0)
        sprite_paint_stack (cr, scenario, stack, s->stack->len, cx, cy, size, size * sprite_scale, f);
      else
        gbacw_counter_draw_stack (cr, scenario, stack, s->stack->len, cx, cy, size, f);
    }
  for (guint i = 0; i < stacks->len; i++)
    {
      const Stack *s = &g_array_index (stacks, Stack, i);
      double cx, cy;
      if (s->hex != fanned_hex)
        continue;
      gbacw_hex_grid_centre (grid, gbacw_hex_grid_hex_at (grid, s->hex), &cx, &cy);
      gbacw_counter_draw_fan (cr, scenario, (const GbacwPlacement *const *) s->stack->pdata, s->stack->len, cx, cy,
                              size, flags | GBACW_COUNTER_TEXT, NULL);
    }
  cairo_restore (cr);
}
