/*
** rally.c: rallying routed stands (ref. VB-B10).
**
** ref. VB-B10 [interpretation]: only a corps or army commander rallies a routed
** stand (S38), within the command radius (ref. VB-B2) and able to command it
** (ref. VB-2, VB-3); with rally.roll 1 the stand rallies when 1d6 is at most its
** grade (S39); a rallied stand stays permanently disordered (red marker, S36).
** One try per stand per rally phase. Removing yellow disorder is the movement
** phase's `reorder` (ref. VB-B20, move.c).
*/
#include <stdio.h>
#include "vb.h"

static int rallier(const gn_game *g, int leader) {
  int t = gn__vb_type(g, leader);
  return t == VB_T_LDR_CORPS || t == VB_T_LDR_ARMY;
}

/* 0 when leader may rally unit now, else the refusal. */
static int may_rally(gn_game *g, int leader, int unit) {
  if (!gn__vb_alive(g, leader) || !rallier(g, leader))
    return gn__refuse(g, "VB-B10", "only a corps or army commander rallies routed stands");
  if (g->sc->unit[leader].side != g->sc->unit[unit].side)
    return gn__refuse(g, "VB-B10", "%s is not a friendly commander", gn__vb_uname(g, leader));
  if (!gn__vb_can_command(g, leader, unit))
    return gn__refuse(g, "VB-B10", "%s does not command %s", gn__vb_uname(g, leader), gn__vb_uname(g, unit));
  if (gn_box_distance(g->st.u[leader].box, g->st.u[unit].box) > gn__vb_radius(g, leader) + GN_CONTACT_EPS)
    return gn__refuse(g, "VB-B2", "%s is beyond the command radius of %s", gn__vb_uname(g, unit),
                      gn__vb_uname(g, leader));
  return 0;
}

/*
** A commander rallies a routed stand.
**   1) the roll, when rally.roll is 1: 1d6 at most the grade rallies
**   2) rallied: no longer routed, permanently disordered (red)
** Does NOT check: phase, leader's reach (the order handler).
*/
int gn__vb_rally(gn_game *g, int leader, int unit) {
  const vb_combat *c = gn__vb_combat(g);
  gn__ustate *u = gn__uw(g, unit);
  int ok = 1, roll = 0, rc;
  char purpose[96];
  u->vb.rally_tried = 1;
  if (c->rally_roll) {                                                         /* 1) */
    snprintf(purpose, sizeof purpose, "rally of %s", gn__vb_uname(g, unit));
    unsigned vis = g->roll_vis;
    g->roll_vis = 1u << g->sc->unit[unit].side;        /* the grade is hidden from the enemy */
    gn__chance_say(g, g->roll_vis, "%d or less to rally (ref. VB-B10)", u->vb.morale);
    rc = gn__roll(g, "1d6", purpose, "VB-B10", unit, &roll, NULL);
    g->roll_vis = vis;
    if (rc) return rc;
    ok = roll <= u->vb.morale;
  }
  gn_event *e = gn__event(g, "rally", "VB-B10", unit, leader, "%s %s %s", gn__vb_uname(g, leader),
                          ok ? "rallies" : "fails to rally", gn__vb_uname(g, unit));
  if (!e) return GN_ENOMEM;
  if (c->rally_roll) {
    gn__event_mod(e, "morale grade", u->vb.morale, "VB-B10");
    gn__event_hide(e, 1u << g->sc->unit[unit].side);
  }
  if (!ok) return 0;
  /* the enemy is told the rout marker goes, not the grade that decided it */
  if (c->rally_roll) {
    gn_event *t = gn__event(g, "rally", "VB-B10", unit, leader, "%s rallies %s", gn__vb_uname(g, leader),
                            gn__vb_uname(g, unit));
    if (!t) return GN_ENOMEM;
    gn__event_hide(t, ~(1u << g->sc->unit[unit].side));
  }
  u->vb.routed = 0;                                                            /* 2) */
  gn__vb_disorder(g, unit, 2, "VB-B10", "rallied from rout");
  return 0;
}

/* `rally UNIT [with LEADER]`: the active side's rally phase. Without a
** leader, the first corps or army commander who may rally it. */
int gn__vb_order_rally(gn_game *g, const gn__args *a) {
  int unit, leader = -1, rc;
  if (a->n != 2 && !(a->n == 4 && gn__arg_is(a, 2, "with")))
    return gn__syntax(g, a, a->n > 2 ? 2 : a->n, "expected: rally UNIT [with LEADER]");
  if ((rc = gn__arg_unit(g, a, 1, &unit))) return rc;
  if (a->n == 4 && (rc = gn__arg_unit(g, a, 3, &leader))) return rc;
  if (g->st.phase != VB_PH_RALLY) return gn__refuse(g, "VB-B1", "rally only in the rally phase");
  if (g->sc->unit[unit].side != g->st.active)
    return gn__refuse(g, "VB-B1", "%s does not belong to the side whose turn it is", gn__vb_uname(g, unit));
  if (!gn__vb_alive(g, unit)) return gn__refuse(g, "VB-B10", "%s is not on the table", gn__vb_uname(g, unit));
  if (!vb_u(g, unit)->routed)
    return gn__refuse(g, "VB-B10", "%s is not routed (yellow disorder: reorder in the movement phase)",
                      gn__vb_uname(g, unit));
  if (vb_u(g, unit)->rally_tried)
    return gn__refuse(g, "VB-B10", "%s has already been tried this phase", gn__vb_uname(g, unit));
  /* ref. VB-B12: a broken division's stands retire and do not rally */
  if (gn__vb_division_state(g, gn__vb_division_of(g, unit)) == VB_BROKEN)
    return gn__refuse(g, "VB-B12", "%s belongs to a broken division: it does not rally", gn__vb_uname(g, unit));
  if (leader >= 0) {
    if ((rc = may_rally(g, leader, unit))) return rc;
  } else {
    for (int i = 0; i < g->st.nunits && leader < 0; i++) {
      if (g->sc->unit[i].side != g->sc->unit[unit].side || !rallier(g, i) || !gn__vb_alive(g, i)) continue;
      if (gn__vb_can_command(g, i, unit) &&
          gn_box_distance(g->st.u[i].box, g->st.u[unit].box) <= gn__vb_radius(g, i) + GN_CONTACT_EPS)
        leader = i;
    }
    if (leader < 0)
      return gn__refuse(g, "VB-B10", "no corps or army commander of %s within the command radius",
                        gn__vb_uname(g, unit));
  }
  return gn__vb_rally(g, leader, unit);
}
