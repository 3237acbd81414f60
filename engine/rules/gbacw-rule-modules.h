/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-rule-modules.h: the exclusive rule modules the engine plays.
 *
 * Each module is one GbacwRuleHooks table (gbacw-rules-hooks.h) defined in a file of
 * engine/rules/: shared/ for the mechanisms several games share (rules matrix §2.D),
 * jackson/, pea-ridge/ and corinth/ for one game's own. gbacw-rule-modules.c lists
 * them; the registry (gbacw-rules-hooks.c) registers that list before its first use.
 */
#pragma once

#include "gbacw-rules-hooks.h"

G_BEGIN_DECLS

/* shared/ */
extern const GbacwRuleHooks gbacw_rule_ammunition_depletion;
extern const GbacwRuleHooks gbacw_rule_melee_initiation;
extern const GbacwRuleHooks gbacw_rule_dismounted_morale;
extern const GbacwRuleHooks gbacw_rule_artillery_subordination;
extern const GbacwRuleHooks gbacw_rule_leader_replacement;
extern const GbacwRuleHooks gbacw_rule_night;
extern const GbacwRuleHooks gbacw_rule_straggler_recovery;
extern const GbacwRuleHooks gbacw_rule_bce_recovery;
extern const GbacwRuleHooks gbacw_rule_bce_loss;
extern const GbacwRuleHooks gbacw_rule_reserves;
extern const GbacwRuleHooks gbacw_rule_victory_checks;
extern const GbacwRuleHooks gbacw_rule_retreat_direction;
extern const GbacwRuleHooks gbacw_rule_reinforcement_entry;
extern const GbacwRuleHooks gbacw_rule_crew_markers;
extern const GbacwRuleHooks gbacw_rule_pearidge_woods;
extern const GbacwRuleHooks gbacw_rule_pearidge_fences;
extern const GbacwRuleHooks gbacw_rule_pearidge_out_of_command_morale;
extern const GbacwRuleHooks gbacw_rule_pearidge_detachment_morale;
extern const GbacwRuleHooks gbacw_rule_pearidge_extra_kill;
extern const GbacwRuleHooks gbacw_rule_pearidge_formation_exceptions;
extern const GbacwRuleHooks gbacw_rule_pearidge_mcculloch_withdrawal;
extern const GbacwRuleHooks gbacw_rule_pearidge_indians;
extern const GbacwRuleHooks gbacw_rule_pearidge_van_dorn;
extern const GbacwRuleHooks gbacw_rule_pearidge_gideon_smith;
extern const GbacwRuleHooks gbacw_rule_pearidge_union_leader_replacement;
extern const GbacwRuleHooks gbacw_rule_corinth_sharpshooters;
extern const GbacwRuleHooks gbacw_rule_jackson_stonewall;
extern const GbacwRuleHooks gbacw_rule_jackson_blenker_restraint;
extern const GbacwRuleHooks gbacw_rule_jackson_artillery_sections;
extern const GbacwRuleHooks gbacw_rule_jackson_double_shot;
extern const GbacwRuleHooks gbacw_rule_jackson_abandoned_guns;
extern const GbacwRuleHooks gbacw_rule_jackson_company_breakdown;
extern const GbacwRuleHooks gbacw_rule_jackson_opportunity_fire;

guint                 gbacw_rule_modules_n (void);
const GbacwRuleHooks *gbacw_rule_modules_get (guint i);

G_END_DECLS
