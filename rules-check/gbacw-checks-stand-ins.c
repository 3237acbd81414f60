/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-checks-stand-ins.c: a warning for each value of the order of battle and each chart cell
 * that is a stand-in (model/gbacw-stand-ins.h): invented so that the scenario can be played, not
 * the game's. */
#define G_LOG_DOMAIN "gbacw-checks-stand-ins"

#include "gbacw-checks-private.h"
#include "gbacw-oob-edit.h"

/* What a value is called in the findings, and the case that asks for it. */
static const struct {
  GbacwOobField field;
  const char *what;
  const char *rule_case;
} fields[] = {
  { GBACW_OOB_FIELD_STRENGTH, N_("strength"), "8.12" },
  { GBACW_OOB_FIELD_MORALE, N_("morale"), "13.11" },
  { GBACW_OOB_FIELD_DISMOUNTED_MORALE, N_("dismounted morale"), "6.14" },
  { GBACW_OOB_FIELD_WEAPON, N_("weapon type"), "9.25" },
  { GBACW_OOB_FIELD_GUNS, N_("number of guns"), "9.13" },
  { GBACW_OOB_FIELD_ROUNDS, N_("ammunition (rounds)"), "11.31" },
  { GBACW_OOB_FIELD_CREW, N_("crew (full or half)"), "15.12" },
  { GBACW_OOB_FIELD_SMALL_ARMS, N_("small-arms ammunition boxes"), "11.24" },
  { GBACW_OOB_FIELD_ARTILLERY_AMMO, N_("artillery ammunition boxes"), "11.32" },
  { GBACW_OOB_FIELD_WAGON_CREW, N_("crew strength"), "11.1" },
  { GBACW_OOB_FIELD_ER, N_("Effectiveness Radius"), "17.1" },
  { GBACW_OOB_FIELD_RALLY, N_("Rally Rating"), "17.13" },
  { GBACW_OOB_FIELD_DIR, N_("Divisional Integrity Radius"), "17.2" },
  { GBACW_OOB_FIELD_CP, N_("Command Points"), "17.22" },
  { GBACW_OOB_FIELD_BCE_DAY1, N_("BCE limit of day 1"), "18.0" },
  { GBACW_OOB_FIELD_BCE_DAY2, N_("BCE limit of day 2"), "18.0" },
};

void
gbacw_check_stand_ins (CheckContext *ctx, GPtrArray *out)
{
  const GbacwOob *oob = &ctx->s->oob;

  for (guint i = 0; i < oob->units->len; i++)
    {
      const GbacwUnit *u = g_ptr_array_index (oob->units, i);
      for (guint k = 0; u->stand_ins && k < G_N_ELEMENTS (fields); k++)
        if (u->stand_ins & (1u << fields[k].field))
          {
            g_autofree char *value = gbacw_oob_field_format_unit (u, fields[k].field);
            gbacw_finding_set_id (gbacw_emit (out, GBACW_SEVERITY_WARNING, "oob.stand-in", fields[k].rule_case,
                                              _("The %s of %s (%s) is a stand-in, not the game's: enter the value "
                                                "printed on the counter or in the rules"),
                                              _(fields[k].what), gbacw_unit_name (u), value ? value : ""),
                                  GBACW_LOCATION_UNIT, u->id);
          }
    }
  for (guint i = 0; i < oob->formations->len; i++)
    {
      const GbacwFormation *f = g_ptr_array_index (oob->formations, i);
      for (guint k = 0; f->stand_ins && k < G_N_ELEMENTS (fields); k++)
        if (f->stand_ins & (1u << fields[k].field))
          {
            g_autofree char *value = gbacw_oob_field_format_formation (f, fields[k].field);
            gbacw_finding_set_id (gbacw_emit (out, GBACW_SEVERITY_WARNING, "oob.stand-in", fields[k].rule_case,
                                              _("The %s of the formation “%s” (%s) is a stand-in, not the game's: "
                                                "enter the value printed in the rules"),
                                              _(fields[k].what), f->name ? f->name : f->id, value ? value : ""),
                                  GBACW_LOCATION_FORMATION, f->id);
          }
    }
}

void
gbacw_check_chart_stand_ins (CheckContext *ctx, GPtrArray *out)
{
  for (guint i = 0; i < ctx->s->charts->len; i++)
    {
      const GbacwChart *chart = g_ptr_array_index (ctx->s->charts, i);
      for (guint r = 0; r < chart->rows->len; r++)
        {
          const GbacwChartRow *row = g_ptr_array_index (chart->rows, r);
          for (guint c = 0; c < chart->columns->len; c++)
            if (row->cells[c].stand_in)
              gbacw_finding_set_chart (gbacw_emit (out, GBACW_SEVERITY_WARNING, "charts.stand-in", chart->rule_case,
                                                   _("The cell “{%s}” is a stand-in, not the game's: enter the value "
                                                     "the rules print"), row->cells[c].value ? row->cells[c].value : ""),
                                       chart->id, row->id, g_ptr_array_index (chart->columns, c));
        }
    }
}
