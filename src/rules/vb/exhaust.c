/*
** exhaust.c: divisional exhaustion (ref. VB-B12, a default of the rules index
** data/rulesets/vb/rules.yaml; numbers in exhaustion.yaml).
**
** Each division keeps a record of boxes: boxes = ceil(SP0 * num / den) of its
** starting non-artillery SP; every non-artillery SP lost marks one box. At the
** divisional exhaustion phase of its side a division whose boxes are all
** marked becomes exhausted (its stands may not move closer to the enemy nor
** start a melee, move.c and melee.c), and one whose marks reach
** broken_num/broken_den of SP0 is broken (besides, its stands may only move
** away from the enemy, move.c; "no rally" is the rally rule's, rally.c).
** The state only improves overnight (recover.c).
*/
#include "vb.h"

static int is_reserve(const gn_game *g, int u) {
  return gn__vb_type(g, u) == VB_T_SKIRMISHER && vb_u0(g, u)->skirmish_of > 0;
}

/* Starting SP, boxes and marks of every division. A scenario opening in
** mid-battle gives each stand's losses so far (lost_today): they count in
** the starting SP and mark the record. */
void gn__vb_exhaust_init(gn_game *g) {
  const vb_data *d = gn__vb_data(g);
  for (int f = 0; f < g->sc->nformations; f++)
    gn__fw(g, f)[VB_F_SP0] = gn__fw(g, f)[VB_F_MARKS] = 0;
  for (int u = 0; u < g->sc->nunits; u++) {
    int t = gn__vb_type(g, u);
    if (gn__vb_is_leader(t) || gn__vb_is_artillery(t) || is_reserve(g, u)) continue;
    int div = gn__vb_division_of(g, u), lost = vb_u0(g, u)->lost_today;
    if (div < 0) continue;
    gn__fw(g, div)[VB_F_SP0] += g->sc->unit[u].strength0 + lost;
    gn__fw(g, div)[VB_F_MARKS] += lost;
  }
  for (int f = 0; f < g->sc->nformations; f++) {
    int sp0 = g->st.f[f][VB_F_SP0];
    gn__fw(g, f)[VB_F_BOXES] = (sp0 * d->boxes_num + d->boxes_den - 1) / d->boxes_den;
    gn__fw(g, f)[VB_F_STATE] = VB_FRESH;
  }
}

int gn__vb_division_state(const gn_game *g, int division) {
  return division < 0 ? VB_FRESH : g->st.f[division][VB_F_STATE];
}

int gn__vb_exhausted(const gn_game *g, int unit) {
  return gn__vb_division_state(g, gn__vb_division_of(g, unit)) != VB_FRESH;
}

void gn__vb_exhaust_mark(gn_game *g, int division, int n) {
  gn__fw(g, division)[VB_F_MARKS] += n;
}

/*
** The divisional exhaustion phase of a side (ref. VB-B12).
**   1) for each division of the side with a record
**   2) marks >= broken share of SP0: broken
**   3) else all boxes marked: exhausted
**   4) log every change (the record is the side's own: the enemy does not
**      see the event)
** Cannot fail.
*/
int gn__vb_phase_exhaust(gn_game *g, int side) {
  const vb_data *d = gn__vb_data(g);
  for (int f = 0; f < g->sc->nformations; f++) {                         /* 1) */
    int *r = gn__fw(g, f);
    if (g->sc->formation[f].side != side || g->sc->formation[f].echelon != GN_DIVISION) continue;
    if (r[VB_F_SP0] <= 0) continue;
    int was = r[VB_F_STATE], now = was;
    if (r[VB_F_MARKS] * d->broken_den >= r[VB_F_SP0] * d->broken_num) now = VB_BROKEN;   /* 2) */
    else if (r[VB_F_MARKS] >= r[VB_F_BOXES] && now < VB_EXHAUSTED) now = VB_EXHAUSTED;    /* 3) */
    if (now <= was) continue;
    r[VB_F_STATE] = now;                                                  /* 4) */
    gn__vb_own_event(gn__event(g, "exhaustion", "VB-B12", -1, -1, "%s is %s (%d boxes marked where %d exhaust it, %d SP at start)",
                               g->sc->formation[f].name, now == VB_BROKEN ? "broken" : "exhausted",
                               r[VB_F_MARKS], r[VB_F_BOXES], r[VB_F_SP0]),
                     side);
  }
  return 0;
}
