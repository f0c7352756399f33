/*
** query.c: small public queries the AI commanders and the battle runner need:
** the table's size and the scenario's objectives. They read the
** scenario and the state; they change nothing.
*/
#include "core.h"

#include <string.h>

/* GN_ESTATE (no message: the game is const) without a scenario. */
int gn_game_table(const gn_game *g, double *width, double *height) {
  if (!g) return GN_EINVAL;
  if (!g->sc) return GN_ESTATE;
  if (width) *width = g->sc->width;
  if (height) *height = g->sc->height;
  return 0;
}

int gn_objective_count(const gn_game *g) {
  return g && g->sc ? g->sc->nobjectives : 0;
}

/* The state's owner exists only once the game has started; before, the
** scenario's. */
int gn_objective_get(const gn_game *g, int i, gn_objective_info *out) {
  if (!g || !out) return GN_EINVAL;
  if (!g->sc || i < 0 || i >= g->sc->nobjectives) return GN_ENOTFOUND;
  const gn__objective *o = &g->sc->objective[i];
  memset(out, 0, sizeof *out);
  out->id = o->id;
  out->name = o->name && o->name[0] ? o->name : o->id;
  out->at = o->at;
  out->radius = o->radius;
  out->points = o->points;
  for (int k = 0; k < GN_BATTLE_MAXSIDES && k < GN__MAXSIDES; k++) out->side_points[k] = o->side_points[k];
  out->owner0 = o->owner0;
  out->from = o->from;
  out->by = o->by;
  int live = g->started && g->st.owner && i < g->st.nobjectives;
  out->owner = live ? g->st.owner[i] : o->owner0;
  out->since = live ? GN__SINCE(&g->st, i) : 0;
  out->owner_by = live ? GN__OWNER_BY(&g->st, i) : o->owner0;
  return 0;
}
