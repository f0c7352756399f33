/*
** reach.c: how far a unit's verb reaches, as the rules state it
** (gn_unit_reach), in bands a front end can draw. The numbers are the
** ruleset's own (its `reach` hook), from the functions the verb's handler
** refuses a target too far with and gn_actions_query bounds its listing by:
** one truth for the handler, the listing and the map.
*/
#include "core.h"

#include <string.h>

void gn__reach_band(gn_reach *out, double from, double to, const char *name, const char *ref) {
  if (!out || to <= from) return;
  if (out->nbands > 0 && out->nbands <= GN_REACH_MAXBANDS) {   /* the same words go on: one band */
    gn_reach_band *l = &out->band[out->nbands - 1];
    if (l->to == from && !strcmp(l->name, name) && l->ref == ref) { l->to = to; return; }
  }
  if (out->nbands < GN_REACH_MAXBANDS) {
    gn_reach_band *b = &out->band[out->nbands];
    b->from = from;
    b->to = to;
    gn__snprintf(b->name, sizeof b->name, "%s", name);
    b->ref = ref;
  }
  out->nbands++;   /* past the array: counted, so that gn_unit_reach refuses rather than drops */
}

/*
** The reach of unit's verb.
**   1) the arguments: a started game, a unit and a verb of its ruleset
**   2) a unit off the table, or a ruleset without the hook: no reach
**   3) the hook: the limit it returns, the bands and arc it fills; a band
**      the array cannot hold is refused with GN_ELIMIT, never dropped
*/
int gn_unit_reach(gn_game *g, int unit, const char *verb, gn_reach *out) {
  if (!g || !verb || !out) return GN_EINVAL;                                          /* 1 */
  memset(out, 0, sizeof *out);
  out->limit = -1;
  if (!g->sc || !g->started) return gn__error(g, GN_ESTATE, "the game has not started");
  if (unit < 0 || unit >= g->sc->nunits) return gn__error(g, GN_ENOTFOUND, "no unit %d", unit);
  const gn__ruleset *rs = g->sc->rs;
  int known = 0;
  for (int i = 0; i < rs->nverbs && !known; i++) known = !strcmp(rs->verbs[i].word, verb);
  char list[400];
  if (!known) return gn__error(g, GN_ENOTFOUND, "no verb '%s' in %s (verbs: %s)", verb, rs->id,
                               gn__verb_list(g, list, sizeof list));
  if (g->st.u[unit].removed || !rs->reach) return 0;                                  /* 2 */
  out->limit = rs->reach(g, verb, unit, out);                                          /* 3 */
  if (out->nbands > GN_REACH_MAXBANDS) {
    int n = out->nbands;
    out->nbands = GN_REACH_MAXBANDS;
    return gn__error(g, GN_ELIMIT, "%s's %s states %d bands of reach, more than the %d held", g->sc->unit[unit].id,
                     verb, n, GN_REACH_MAXBANDS);
  }
  return 0;
}
