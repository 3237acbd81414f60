/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-rule-modules.c: the list of the engine's exclusive rule modules, one line each. */
#define G_LOG_DOMAIN "gbacw-rule-modules"

#include "gbacw-rule-modules.h"

static const GbacwRuleHooks *const modules[] = {
  &gbacw_rule_ammunition_depletion,   /* 11.21 thresholds: J 21.3, 29.4, 33.5, 36.6; P 21.5 */
  &gbacw_rule_melee_initiation,       /* J 21.6, P 27, C 22 */
  &gbacw_rule_dismounted_morale,      /* J 20.3, C 21.4 */
  &gbacw_rule_artillery_subordination, /* P 21.3 */
  &gbacw_rule_leader_replacement,     /* J 25, P 28-29, C 28.3 */
  &gbacw_rule_night,                  /* night Game-Turns: J 35.2-35.3, P 22.2, C 26.1 */
  &gbacw_rule_straggler_recovery,     /* J 35.4, P 22.3, C 26.2 */
  &gbacw_rule_bce_recovery,           /* P 22.4, C 26.3 */
  &gbacw_rule_bce_loss,               /* J 27, P 24, C 25 */
  &gbacw_rule_reserves,               /* J 30.1, 33.3; P 33.0; C 29.43-29.44, 30.3 */
  &gbacw_rule_victory_checks,         /* P 34.2-34.3, C 31.2 */
  &gbacw_rule_retreat_direction,      /* J 24, P 23, C 27 */
  &gbacw_rule_reinforcement_entry,    /* J 32, P 26, C 29.31, 29.47, 30.13 */
  &gbacw_rule_crew_markers,           /* J 21.21, P 20.2, C 24.2 */
  &gbacw_rule_pearidge_woods,         /* P 21.21-21.23 */
  &gbacw_rule_pearidge_fences,        /* P 21.4 */
  &gbacw_rule_pearidge_out_of_command_morale, /* P 21.6 */
  &gbacw_rule_pearidge_detachment_morale,     /* P 25 */
  &gbacw_rule_pearidge_extra_kill,    /* P 28.3 */
  &gbacw_rule_pearidge_formation_exceptions, /* P 21.1 */
  &gbacw_rule_pearidge_mcculloch_withdrawal,  /* P 22.1 */
  &gbacw_rule_pearidge_indians,       /* P 30.0 */
  &gbacw_rule_pearidge_van_dorn,      /* P 31.0 */
  &gbacw_rule_pearidge_gideon_smith,  /* P 32.0 */
  &gbacw_rule_pearidge_union_leader_replacement, /* P 29 */
  &gbacw_rule_corinth_sharpshooters,  /* C 21.3 */
  &gbacw_rule_corinth_victory,        /* C 31.0-31.33 */
  &gbacw_rule_corinth_sequence,       /* C 21.1 */
  &gbacw_rule_corinth_pre_dawn_barrage, /* C 26.4 */
  &gbacw_rule_corinth_heat,           /* C 30.5 */
  &gbacw_rule_corinth_assault_impetus, /* C 29.6, 30.6 */
  &gbacw_rule_corinth_lovell_reluctance, /* C 30.4 */
  &gbacw_rule_corinth_union_deployment_limits, /* C 29.41, 29.44 */
  &gbacw_rule_corinth_assault_areas,  /* C 29.1-29.25 */
  &gbacw_rule_corinth_outer_works,    /* C 23.1 */
  &gbacw_rule_corinth_redans,         /* C 23.2 */
  &gbacw_rule_corinth_town,           /* C 23.3 */
  &gbacw_rule_corinth_siege_guns,     /* C 24.3 */
  &gbacw_rule_corinth_no_divisional_integrity, /* C 21.2, 28.2 */
  &gbacw_rule_corinth_army_commanders, /* C 28.1 */
  &gbacw_rule_corinth_rapid_fire,     /* C 24.1 */
  &gbacw_rule_corinth_cavalry_limits, /* C 21.41-21.44 */
  &gbacw_rule_corinth_crests,         /* C 23.6 */
  &gbacw_rule_corinth_swamp,          /* C 23.5 */
  &gbacw_rule_corinth_railroad,       /* C 23.4, played by the charts */
  &gbacw_rule_corinth_artillery_subordination, /* C 24.4, played by 17.11 and the order of battle */
  &gbacw_rule_corinth_solitaire,      /* C 29.5, played by corinth.assault-areas (plan dice) */
  &gbacw_rule_jackson_stonewall,      /* J 26.0 */
  &gbacw_rule_jackson_blenker_restraint, /* J 25.4 */
  &gbacw_rule_jackson_fremont_commitment, /* J 30.0 */
  &gbacw_rule_jackson_confederate_offensive, /* J 31.0 */
  &gbacw_rule_jackson_encampment,     /* J 34.0 */
  &gbacw_rule_jackson_train_park,     /* J 34.3 */
  &gbacw_rule_jackson_terrain,        /* J 22 */
  &gbacw_rule_jackson_victory,        /* J 28 */
  &gbacw_rule_jackson_divisional_units, /* J 25.5 */
  &gbacw_rule_jackson_attachment,     /* J 25.3 */
  &gbacw_rule_jackson_port_republic_limits, /* J 29.2, 29.14 */
  &gbacw_rule_jackson_wagon_bridge,   /* J 23.0, 35.5 */
  &gbacw_rule_jackson_fords_swollen,  /* J 29.3, 36.5 */
  &gbacw_rule_jackson_bridge_burning, /* J 36.4 */
  &gbacw_rule_jackson_strategic_retreat, /* J 24.2 */
  &gbacw_rule_jackson_artillery_sections, /* J 21.2, 21.24-21.26 */
  &gbacw_rule_jackson_double_shot,    /* J 21.4 */
  &gbacw_rule_jackson_abandoned_guns, /* J 21.23, 21.27 */
  &gbacw_rule_jackson_company_breakdown, /* J 20.2 */
  &gbacw_rule_jackson_opportunity_fire, /* J 21.5 */
};

guint
gbacw_rule_modules_n (void)
{
  return G_N_ELEMENTS (modules);
}

const GbacwRuleHooks *
gbacw_rule_modules_get (guint i)
{
  g_return_val_if_fail (i < G_N_ELEMENTS (modules), NULL);
  return modules[i];
}
