/* gbacw-melee.h: melee (12.0-12.98) and cavalry charges (16.1-16.3). */
#pragma once

#include <glib.h>

#include "gbacw-game.h"

G_BEGIN_DECLS

/* A melee announced in the Retreat Before Melee Phase (12.8). */
typedef struct {
  int target;          /* hex */
  int units[16];       /* the attackers */
  int n_units;
  gboolean charge;     /* 16.2 */
  gboolean resolved;
} GbacwMeleeDeclaration;

G_END_DECLS
