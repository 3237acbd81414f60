/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-rule-modules.h: the exclusive rule modules the engine plays.
 *
 * Each module is one GbacwRuleHooks table (gbacw-rules-hooks.h) defined in a file of
 * engine/rules/: shared/ for the mechanisms several games share (rules matrix §2.D),
 * jackson/, pea-ridge/ and corinth/ for one game's own. gbacw-rule-modules.c lists
 * them; the registry (gbacw-rules-hooks.c) registers that list before its first use.
 */
#pragma once

#include "gbacw-rule-copy.h"
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
extern const GbacwRuleHooks gbacw_rule_corinth_victory;
extern const GbacwRuleHooks gbacw_rule_corinth_sequence;
extern const GbacwRuleHooks gbacw_rule_corinth_pre_dawn_barrage;
extern const GbacwRuleHooks gbacw_rule_corinth_heat;
extern const GbacwRuleHooks gbacw_rule_corinth_assault_impetus;
extern const GbacwRuleHooks gbacw_rule_corinth_lovell_reluctance;
extern const GbacwRuleHooks gbacw_rule_corinth_union_deployment_limits;
extern const GbacwRuleHooks gbacw_rule_corinth_assault_areas;
extern const GbacwRuleHooks gbacw_rule_corinth_outer_works;
extern const GbacwRuleHooks gbacw_rule_corinth_redans;
extern const GbacwRuleHooks gbacw_rule_corinth_town;
extern const GbacwRuleHooks gbacw_rule_corinth_siege_guns;
extern const GbacwRuleHooks gbacw_rule_corinth_no_divisional_integrity;
extern const GbacwRuleHooks gbacw_rule_corinth_army_commanders;
extern const GbacwRuleHooks gbacw_rule_corinth_rapid_fire;
extern const GbacwRuleHooks gbacw_rule_corinth_cavalry_limits;
extern const GbacwRuleHooks gbacw_rule_corinth_crests;
extern const GbacwRuleHooks gbacw_rule_corinth_swamp;
extern const GbacwRuleHooks gbacw_rule_corinth_railroad;
extern const GbacwRuleHooks gbacw_rule_corinth_artillery_subordination;
extern const GbacwRuleHooks gbacw_rule_corinth_solitaire;
extern const GbacwRuleHooks gbacw_rule_jackson_stonewall;
extern const GbacwRuleHooks gbacw_rule_jackson_blenker_restraint;
extern const GbacwRuleHooks gbacw_rule_jackson_fremont_commitment;
extern const GbacwRuleHooks gbacw_rule_jackson_confederate_offensive;
extern const GbacwRuleHooks gbacw_rule_jackson_encampment;
extern const GbacwRuleHooks gbacw_rule_jackson_train_park;
extern const GbacwRuleHooks gbacw_rule_jackson_terrain;
extern const GbacwRuleHooks gbacw_rule_jackson_victory;
extern const GbacwRuleHooks gbacw_rule_jackson_divisional_units;
extern const GbacwRuleHooks gbacw_rule_jackson_attachment;
extern const GbacwRuleHooks gbacw_rule_jackson_port_republic_limits;
extern const GbacwRuleHooks gbacw_rule_jackson_wagon_bridge;
extern const GbacwRuleHooks gbacw_rule_jackson_fords_swollen;
extern const GbacwRuleHooks gbacw_rule_jackson_bridge_burning;
extern const GbacwRuleHooks gbacw_rule_jackson_strategic_retreat;
extern const GbacwRuleHooks gbacw_rule_jackson_artillery_sections;
extern const GbacwRuleHooks gbacw_rule_jackson_double_shot;
extern const GbacwRuleHooks gbacw_rule_jackson_abandoned_guns;
extern const GbacwRuleHooks gbacw_rule_jackson_company_breakdown;
extern const GbacwRuleHooks gbacw_rule_jackson_opportunity_fire;

guint                 gbacw_rule_modules_n (void);
const GbacwRuleHooks *gbacw_rule_modules_get (guint i);

G_END_DECLS
