/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-exclusive-specs.h: what the validator knows of each exclusive rule (the case it cites,
 * a one-line description, its parameters and their words), for the editor's Scenario
 * Settings and for checking one parameter value as it is typed. GTK-free. */
#pragma once

#include <glib.h>

#include "gbacw-scenario.h"

G_BEGIN_DECLS

typedef enum {
  GBACW_EXCLUSIVE_VALUE_TEXT,        /* anything the validator parses: turns, dice, tables, hexes … */
  GBACW_EXCLUSIVE_VALUE_CHOICE,      /* one of choices */
  GBACW_EXCLUSIVE_VALUE_CHOICES,     /* one or more of choices */
  GBACW_EXCLUSIVE_VALUE_YES_NO,
  GBACW_EXCLUSIVE_VALUE_FORMATIONS,  /* formation ids of the order of battle */
  GBACW_EXCLUSIVE_VALUE_UNITS,       /* unit ids of the order of battle */
  GBACW_EXCLUSIVE_VALUE_LEADERS,     /* leader ids */
  GBACW_EXCLUSIVE_VALUE_SIDES,       /* side ids */
  GBACW_EXCLUSIVE_VALUE_HEXES,       /* hex labels and area ids */
  GBACW_EXCLUSIVE_VALUE_AREA,        /* one area id of the map */
} GbacwExclusiveValueKind;

typedef struct {
  const char *name;
  gboolean required;
  gboolean scoped;                   /* also NAME.SIDE or NAME.FORMATION */
  GbacwExclusiveValueKind kind;
  const char *const *choices;        /* CHOICE, CHOICES, YES_NO: NULL-terminated */
} GbacwExclusiveParamInfo;

/* Whether the validator knows the rule (its parameters are checked). */
gboolean    gbacw_exclusive_rule_known (const char *id);
/* The case the validator cites for the rule, NULL when it does not know it. */
const char *gbacw_exclusive_rule_case (const char *id);
/* The case a rule of the scenario cites: its `case` parameter, else its `game`'s case for the
 * mechanism (reinforcement-entry game J: "J 32.0"), else gbacw_exclusive_rule_case (). */
const char *gbacw_exclusive_rule_cite (const GbacwExclusiveRule *rule);
/* A one-line description (translated), NULL when there is none. */
const char *gbacw_exclusive_rule_description (const char *id);
/* The rule's parameters, in the validator's order: at most max into out; the number there are. */
guint       gbacw_exclusive_rule_params (const char *id, GbacwExclusiveParamInfo *out, guint max);
/* Whether value is a valid value of the parameter name (NAME.ID too) of the rule in scenario;
 * FALSE with *why (newly allocated, plain words) when it is not or the rule has no such
 * parameter. TRUE for a rule the validator does not know. */
gboolean    gbacw_exclusive_param_valid (const GbacwScenario *scenario, const char *id, const char *name,
                                         const char *value, char **why);

G_END_DECLS
