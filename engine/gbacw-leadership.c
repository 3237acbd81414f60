/* gbacw-leadership.c: leaders and command (17.0-17.8, 5.2, 5.3, 10.4, 13.53). */
#include "gbacw-leadership.h"

#include "gbacw-game-private.h"

const GbacwFormation *
gbacw_leader_formation (const GbacwGame *game, int leader)
{
  const GbacwGameUnit *l = gbacw_game_unit (game, leader);
  const GPtrArray *formations = game->scenario->oob.formations;

  for (guint i = 0; i < formations->len; i++)
    {
      const GbacwFormation *f = g_ptr_array_index (formations, i);
      if (g_strcmp0 (f->commander, l->id) == 0)
        return f;
    }
  return NULL;
}

gboolean
gbacw_leader_commands (const GbacwGame *game, int leader, int unit)
{
  const GbacwFormation *mine = gbacw_leader_formation (game, leader);
  const GbacwGameUnit *u = gbacw_game_unit (game, unit);
  const char *f;

  if (mine == NULL || leader == unit)
    return FALSE;
  for (f = u->oob->formation; f;)
    {
      const GbacwFormation *formation = gbacw_oob_find_formation (&game->scenario->oob, f);
      if (formation == NULL)
        return FALSE;
      if (formation == mine)
        return TRUE;
      f = formation->parent;
    }
  return FALSE;
}
