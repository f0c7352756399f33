/*
** rout.c: routing and rallying (seed 002).
**
** A unit that fails a morale test routs: its figures run a double move
** straight away from the enemy, ignoring terrain, and lose one figure in five
** if they cross water. At the start of its side's next turn a routing unit
** tries to stop: it cannot while pursued or within an enemy's charge move, nor
** without a bugler, flag bearer, NCO or officer; otherwise it tests morale
** again and, passing, rallies around that leader. A unit that cannot rally or
** fails runs another double move. A unit that runs off the table is gone.
*/
#include "inradic.h"

#include <math.h>
#include <stdio.h>

int gn__in_pursued(const gn_game *g, int unit) {
  for (int i = 0; i < g->st.nunits; i++)
    if (gn__in_alive(g, i) && g->st.u[i].attr[IN_A_PURSUIT] == IN_PU_PURSUING &&
        g->st.u[i].attr[IN_A_PURSUE_OF] == unit + 1)
      return 1;
  return 0;
}

/* ref. IN-M16: the highest-ranking figure present that may lead a rally
** (data roles.rally: bugler, flag bearer, NCO, officer, staff, general). */
int gn__in_rally_leader(const gn_game *g, const in_figs *f) {
  for (int r = IN_NROLES - 1; r > 0; r--)
    if (in__data(g)->role_rally[r] && f->n[r] > 0) return r;
  return -1;
}

/*
** The rout move.
**   1) away from `from` (else the nearest enemy; with none, straight back)
**   2) a double move (ref. IN-M11), in a straight line through any terrain (ref. IN-M12)
**   3) crossing a river, stream or pond costs one figure in five, rounded
**      down, once per move (ref. IN-M13) [interpretation: floor(n/5)]
**   4) a unit that leaves the table is gone; its pursuers stop
**   5) else it stands where it ran, its back to the enemy; its pursuers follow
*/
int gn__in_rout_move(gn_game *g, int unit, int from) {
  const in_data *d = in__data(g);
  gn_box b = g->st.u[unit].box;
  if (from < 0 || !gn__in_alive(g, from)) from = gn__in_nearest_enemy(g, unit);         /* 1 */
  double dx = -cos(b.facing), dy = -sin(b.facing);
  if (from >= 0) {
    double ex = b.c.x - g->st.u[from].box.c.x, ey = b.c.y - g->st.u[from].box.c.y;
    double len = sqrt(ex * ex + ey * ey);
    if (len > 1e-9) { dx = ex / len; dy = ey / len; }
  }
  double dist = d->rout_factor * gn__in_move_allowance(g, unit);                      /* 2 */
  gn_vec2 to = { b.c.x + dx * dist, b.c.y + dy * dist };
  gn_crossing xbuf[32], *x;                                                        /* 3 */
  int nx = gn__crossings(g, b.c, to, xbuf, 32, &x), wet = 0;
  for (int i = 0; i < nx; i++) wet |= d->tr_water[g->sc->features[x[i].feature].kind] != 0;
  gn__room_free(g, xbuf, x, nx, sizeof *x);
  gn_event *e = gn__event(g, "rout", "IN-M11", unit, from, "%s routs %.0f in to %.1f,%.1f (ref. IN-M12)",
                          gn__in_name(g, unit), dist, to.x, to.y);
  if (!e) return GN_ENOMEM;
  if (wet) {
    int lose = g->st.u[unit].strength / d->water_per;
    gn__in_casualties(g, unit, lose, -1, NULL);
    e = gn__event(g, "rout", "IN-M13", unit, -1, "%s crosses water and loses %d", gn__in_name(g, unit), lose);
    if (!e) return GN_ENOMEM;
    e->total = lose;
  }
  if (!gn__in_alive(g, unit) || to.x < 0 || to.y < 0 || to.x > g->sc->width || to.y > g->sc->height) {  /* 4 */
    if (gn__in_alive(g, unit)) {
      gn__in_remove(g, unit);
      if (!gn__event(g, "rout", "IN-M11", unit, -1, "%s runs off the table", gn__in_name(g, unit)))
        return GN_ENOMEM;
    }
    gn__in_pursuit_end(g, unit);
    return 0;
  }
  b.c = to;                                                                        /* 5 */
  b.facing = atan2(dy, dx);
  gn__unit_place(g, unit, b);
  gn__in_pursuit_follow(g, unit);
  return 0;
}

/*
** A failed morale test: the unit routs.
**   1) it is routing (ref. IN-M11)
**   2) the friends who see it (within 10 in, in sight) and the enemies in
**      contact, before it runs
**   3) it runs (gn__in_rout_move)
**   4) the enemies it was in contact with may pursue (pursuit.c)
**   5) each friend who saw it tests (ref. IN-M4); a friend that routs in turn
**      is seen by others
*/
int gn__in_rout(gn_game *g, int unit, int enemy) {
  const in_data *d = in__data(g);
  gn__ustate *u = gn__uw(g, unit);
  int nu = g->st.nunits, ns = 0, nt = 0, rc = 0;
  int *seen = gn__in_ints(g, nu), *touch = gn__in_ints(g, nu);
  if (!seen || !touch) { rc = gn__error(g, GN_ENOMEM, "out of memory"); goto done; }
  u->attr[IN_A_STATUS] = IN_S_ROUTING;                                             /* 1 */
  u->attr[IN_A_ROUT_FROM] = enemy + 1;
  u->attr[IN_A_PURSUIT] = IN_PU_NONE;
  u->attr[IN_A_PURSUE_OF] = 0;
  for (int i = 0; i < nu; i++) {                                                   /* 2 */
    if (i == unit || !gn__in_alive(g, i) || gn__in_routing(g, i)) continue;
    if (!gn__in_enemies(g, unit, i)) {
      if (gn_unit_distance(g, i, unit) <= d->friend_rout_range && gn_unit_los(g, i, unit).visible)
        seen[ns++] = i;
    } else if (gn__in_in_contact(g, i, unit)) {
      touch[nt++] = i;
    }
  }
  if ((rc = gn__in_rout_move(g, unit, enemy))) goto done;                             /* 3 */
  if (gn__in_alive(g, unit) && (rc = gn__in_pursuit_offer(g, unit, touch, nt))) goto done;  /* 4 */
  for (int i = 0; i < ns && !rc; i++)                                              /* 5 */
    rc = gn__in_morale_test(g, seen[i], IN_TR_M4, -1, NULL);
done:
  gn__in_ints_free(g, seen, nu);
  gn__in_ints_free(g, touch, nu);
  return rc;
}

/*
** Start of a side's turn: each of its routing units, in scenario order.
**   1) pursued, or within an enemy's charge move: no rally (ref. IN-M15)
**   2) no bugler, flag bearer, NCO or officer: no rally (ref. IN-M16)
**   3) else test again (ref. IN-M14); passing, the figures gather around the
**      leader (ref. IN-M17): a close group, one square inch a figure, centred
**      on the leader where the unit stands, facing the nearest enemy
**   4) a unit that cannot rally or fails runs another double move
*/
int gn__in_rally_phase(gn_game *g, int side) {
  int rc;
  for (int i = 0; i < g->st.nunits; i++) {
    if (!gn__in_alive(g, i) || gn__in_side(g, i) != side || !gn__in_routing(g, i)) continue;
    gn__ustate *u = gn__uw(g, i);
    int from = u->attr[IN_A_ROUT_FROM] - 1, near = -1;
    for (int e = 0; e < g->st.nunits && near < 0; e++) {                           /* 1 */
      if (!gn__in_alive(g, e) || !gn__in_enemies(g, i, e) || gn__in_routing(g, e)) continue;
      double c = gn__in_charge_allowance(g, e);
      if (c > 0 && gn_unit_distance(g, e, i) <= c) near = e;
    }
    in_figs f = gn__in_figs(g, i);
    int leader = gn__in_rally_leader(g, &f);
    const char *why = NULL, *ref = NULL;
    if (gn__in_pursued(g, i)) { why = "it is pursued"; ref = "IN-M15"; }
    else if (near >= 0) { why = "an enemy is within a charge move"; ref = "IN-M15"; }
    else if (leader < 0) { why = "no bugler, flag bearer, NCO or officer"; ref = "IN-M16"; }   /* 2 */
    if (!why) {                                                                    /* 3 */
      in_mctx m = { g->sc->unit[i].strength0, u->strength, gn__in_quality(g, i), 0,
                    gn__in_cover(g, i, NULL), -1, i };
      int pass, total;
      if ((rc = gn__in_morale_roll(g, &m, "IN-M14 stop running", "IN-M14", &pass, &total))) return rc;
      if (pass) {
        gn_box b = u->box;
        double s = ceil(sqrt((double)u->strength));
        int en = gn__in_nearest_enemy(g, i);
        b.w = b.d = s;
        if (en >= 0) b.facing = atan2(g->st.u[en].box.c.y - b.c.y, g->st.u[en].box.c.x - b.c.x);
        gn__unit_place(g, i, b);
        u->attr[IN_A_STATUS] = IN_S_STEADY;
        u->attr[IN_A_ROUT_FROM] = 0;
        gn_event *e = gn__event(g, "rally", "IN-M17", i, -1, "%s rallies around its %s",
                                gn__in_name(g, i), gn__in_role_names[leader]);
        if (!e) return GN_ENOMEM;
        continue;
      }
      why = "failed to stop";
      ref = "IN-M14";
    }
    gn_event *e = gn__event(g, "rout", ref, i, -1, "%s keeps running: %s", gn__in_name(g, i), why);
    if (!e) return GN_ENOMEM;
    if ((rc = gn__in_rout_move(g, i, from))) return rc;                               /* 4 */
  }
  return 0;
}
