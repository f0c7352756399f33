/*
** command.c: the chain of command (ref. VB-B2, VB-2, VB-3, VB-4).
**
** The chain comes from the scenario's formations (army > corps > division >
** brigade) and their leaders; a division's parent may change at night
** (ref. VB-67), so parents are read through gn__vb_fparent. A stand is in
** command when it lies within the command radius (edge to edge) of a living
** leader who may command it.
*/
#include "vb.h"

#include <stdio.h>

int gn__vb_fparent(const gn_game *g, int f) {
  int p = g->st.f[f][VB_F_PARENT];
  return p > 0 ? p - 1 : g->sc->formation[f].parent;
}

/* 1 when formation a is f or one of f's ancestors. */
static int is_ancestor(const gn_game *g, int a, int f) {
  for (int guard = 0; f >= 0 && guard < 64; guard++) {
    if (f == a) return 1;
    f = gn__vb_fparent(g, f);
  }
  return 0;
}

int gn__vb_division_of(const gn_game *g, int unit) {
  int f = g->sc->unit[unit].formation;
  for (int guard = 0; f >= 0 && guard < 64; guard++) {
    if (g->sc->formation[f].echelon == GN_DIVISION) return f;
    if (g->sc->formation[f].echelon < GN_DIVISION) return -1;
    f = gn__vb_fparent(g, f);
  }
  return -1;
}

/* The formation a leader commands, -1 if none (setup's table, vb.c). */
static int led_formation(const gn_game *g, int leader) {
  const vb_data *d = gn__vb_data(g);
  return leader >= 0 && leader < d->nled ? d->led[leader] : -1;
}

int gn__vb_leader_echelon(const gn_game *g, int leader) {
  int f = led_formation(g, leader);
  return f < 0 ? -1 : (int)g->sc->formation[f].echelon;
}

/*
** May this leader command this stand?
**   1) the leader must be a living leader of the same side, leading a formation L
**   2) army troops (the stand's formation is an army): the army commander or
**      any corps commander of that army (ref. VB-2)
**   3) corps troops (formation is a corps): the army commander, that corps'
**      commander, or any division commander of that corps (ref. VB-3)
**   4) otherwise: the leader of the stand's formation or of one above it
** Skirmishers take no exception (ref. VB-4).
*/
int gn__vb_can_command(const gn_game *g, int leader, int unit) {
  const gn__scen *sc = g->sc;
  /* 1) */
  if (leader < 0 || !gn__vb_is_leader(gn__vb_type(g, leader)) || !gn__vb_alive(g, leader)) return 0;
  if (sc->unit[leader].side != sc->unit[unit].side) return 0;
  int L = led_formation(g, leader);
  int F = sc->unit[unit].formation;
  if (L < 0 || F < 0) return 0;
  gn_echelon fe = sc->formation[F].echelon;
  gn_echelon le = sc->formation[L].echelon;
  /* 2) ref. VB-2 */
  if (fe == GN_ARMY)
    return L == F || (le == GN_CORPS && is_ancestor(g, F, L));
  /* 3) ref. VB-3 */
  if (fe == GN_CORPS) {
    if (L == F || is_ancestor(g, L, F)) return 1;
    return le == GN_DIVISION && gn__vb_fparent(g, L) == F;
  }
  /* 4) */
  return is_ancestor(g, L, F);
}

/* 1 when leader l may command unit and stands within reach r of it, edge to
** edge, measured as the grid measures (from the unit's stand). */
static int commands(const gn_game *g, int l, int unit) {
  return l >= 0 && l < g->sc->nunits && l != unit && !g->st.u[l].removed && gn__vb_can_command(g, l, unit) &&
         gn__box_within(g->st.u[unit].box, g->st.u[l].box, gn__vb_radius(g, l) + GN_CONTACT_EPS);
}

double gn__vb_radius(const gn_game *g, int l) {
  const vb_data *d = gn__vb_data(g);
  double add = 0;
  if (l >= 0 && l < g->sc->nunits) {
    int r = vb_u(g, l)->rating;
    add = r >= 0 && r < 4 ? d->rating_radius[r] : 0;
  } else {
    for (int r = 0; r < 4; r++) if (d->rating_radius[r] > add) add = d->rating_radius[r];
  }
  return d->cmd_radius + add > 0 ? d->cmd_radius + add : 0;
}

/*
** ref. VB-LDR [interpretation]: a leader near a stand that loses SP may fall.
**   1) only with the option leader_losses; the stands hit are on the table
**      or were just taken off by the loss
**   2) each leader of their side on the table within leader.loss.range of
**      any of them, edge to edge, rolls 1d6 once (a chance point with its
**      rule id)
**   3) at leader.loss.roll or more he falls: he leaves the table, and every
**      side is told; his formation is then commanded from above (ref. VB-B2)
*/
int gn__vb_leader_risk(gn_game *g, const int *hit, int n) {
  const vb_data *d = gn__vb_data(g);
  int rc;
  /* 1) */
  if (!g->sc->options[VB_OPT_LEADER_LOSSES] || n <= 0) return 0;
  for (int l = 0; l < g->sc->nunits; l++) {
    /* 2) */
    if (g->sc->unit[l].side != g->sc->unit[hit[0]].side || g->st.u[l].removed || !gn__vb_is_leader(gn__vb_type(g, l)))
      continue;
    int unit = -1;
    for (int k = 0; k < n && unit < 0; k++)
      if (hit[k] != l && gn_box_distance(g->st.u[l].box, g->st.u[hit[k]].box) <= d->loss_range + GN_CONTACT_EPS)
        unit = hit[k];
    if (unit < 0) continue;
    char what[160];
    int roll = 0;
    snprintf(what, sizeof what, "does %s fall beside %s? (%d+)", gn__vb_uname(g, l), gn__vb_uname(g, unit),
             d->loss_roll);
    if ((rc = gn__roll(g, "1d6", what, "VB-LDR", l, &roll, NULL))) return rc;
    if (roll < d->loss_roll) continue;
    /* 3) */
    gn__vb_take_off(g, l);
    if (!gn__event(g, "leader-lost", "VB-LDR", l, unit, "%s falls beside %s (rolled %d, %d+)", gn__vb_uname(g, l),
                   gn__vb_uname(g, unit), roll, d->loss_roll))
      return GN_ENOMEM;
  }
  return 0;
}

/*
** ref. VB-B2: within the radius of a leader who may command it.
**   1) a stand of a formation below corps: its commanders are the leaders of
**      its formation and of those above it (a formation has one leader,
**      setup's table), so they are asked directly
**   2) army and corps troops, whom other leaders may command too (VB-2,
**      VB-3): the leaders the grid finds within the radius; past its buffer,
**      every formation's
*/
int gn__vb_in_command(gn_game *g, int unit) {
  double r = gn__vb_radius(g, -1) + GN_CONTACT_EPS;   /* the widest: each leader is then asked his own */
  int near[512], n, F = g->sc->unit[unit].formation;
  if (gn__vb_is_leader(gn__vb_type(g, unit))) return 1;
  if (F < 0) return 0;
  gn_echelon fe = g->sc->formation[F].echelon;
  if (fe != GN_ARMY && fe != GN_CORPS) {                                          /* 1) */
    for (int guard = 0, f = F; f >= 0 && guard < 64; guard++, f = gn__vb_fparent(g, f))
      if (commands(g, g->sc->formation[f].leader, unit)) return 1;
    return 0;
  }
  if ((n = gn__units_near(g, unit, r, near, 512)) <= 512) {                       /* 2) */
    for (int i = 0; i < n; i++)
      if (gn__vb_is_leader(gn__vb_type(g, near[i])) && commands(g, near[i], unit)) return 1;
    return 0;
  }
  for (int f = 0; f < g->sc->nformations; f++) {
    int l = g->sc->formation[f].leader;
    if (l >= 0 && commands(g, l, unit)) return 1;
  }
  return 0;
}

/* Only the stands whose mark changes are written (and so journaled); the
** changes are told to their side (the enemy does not see command status):
** one event for those out of command, one for those back in it. */
void gn__vb_command_refresh(gn_game *g, int side) {
  int n = g->sc->nunits, nout = 0, nback = 0;
  int *list = gn__malloc(g, 2 * (size_t)(n > 0 ? n : 1) * sizeof *list);
  if (!list) { g->evoom = 1; gn__error(g, GN_ENOMEM, "out of memory"); return; }
  int *out = list, *back = list + n;
  for (int i = 0; i < n; i++) {
    if (g->sc->unit[i].side != side || !gn__vb_alive(g, i)) continue;
    int incmd = gn__vb_in_command(g, i);
    if (vb_u(g, i)->in_command != incmd) {
      vb_uw(g, i)->in_command = incmd;
      if (incmd) back[nback++] = i;
      else out[nout++] = i;
    }
  }
  gn__event_list(g, "command", "VB-B2", 1u << side, "out of command", out, nout);
  gn__event_list(g, "command", "VB-B2", 1u << side, "back in command", back, nback);
  gn__free(g, list, 2 * (size_t)(n > 0 ? n : 1) * sizeof *list);
}
