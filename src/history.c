/*
** history.c: the scenario's history block (gn_history_get), what the battle
** it models ended in, for simulate's calibration report.
*/
#include "core.h"

#include <string.h>

int gn_history_get(const gn_game *g, gn_history *out) {
  if (!g || !out) return GN_EINVAL;
  if (!g->sc) return GN_ESTATE;
  const gn__history *h = &g->sc->history;
  memset(out, 0, sizeof *out);
  out->given = h->given;
  out->winner = h->given ? h->winner : -1;
  out->level = h->given ? h->level : -1;
  for (int s = 0; s < GN_BATTLE_MAXSIDES; s++)
    out->men_lost[s] = h->given && s < GN__MAXSIDES ? h->men_lost[s] : -1;
  for (int o = 0; o < GN_BATTLE_MAXOBJ; o++) out->held[o] = h->given && o < 32 ? h->held[o] : -2;
  out->nsources = h->nsources;
  return 0;
}

const char *gn_history_source(const gn_game *g, int i) {
  if (!g || !g->sc || i < 0 || i >= g->sc->history.nsources) return NULL;
  return g->sc->history.sources[i];
}
