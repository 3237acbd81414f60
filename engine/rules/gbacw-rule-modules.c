/* gbacw-rule-modules.c: the list of the engine's exclusive rule modules, one line each. */
#include "gbacw-rule-modules.h"

static const GbacwRuleHooks *const modules[] = {
  &gbacw_rule_ammunition_depletion,   /* 11.21 thresholds: J 29.4, 33.5, 36.6; P 21.5 */
  &gbacw_rule_straggler_recovery,     /* J 35.4, P 22.3, C 26.2 */
  &gbacw_rule_bce_recovery,           /* P 22.4, C 26.3 */
  &gbacw_rule_bce_loss,               /* J 27, P 24, C 25 */
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
