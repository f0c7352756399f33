/*
** rout.c: routing and rallying (seed 002).
**
** A unit that fails a morale test routs: its figures run a double move
** straight away from the enemy, ignoring terrain, and lose one figure in five
** if they cross water. At the start of its side's next turn, and each turn
** after, a routing unit tests again to stop running; a unit that stops rallies
** around its leader only when it may (not pursued, no enemy within a charge
** move, a bugler, flag bearer, NCO or officer present), else it stands halted
** until it may. A unit that fails runs another double move; one that runs off
** the table is gone.
*/
#include "inradic.h"

#include <math.h>
#include <stdio.h>

int gn__in_pursued(const gn_game *g, int unit) {
  for (int i = 0; i < g->st.nunits; i++)
    if (gn__in_alive(g, i) && in_u(g, i)->pursuit == IN_PU_PURSUING &&
        in_u(g, i)->pursue_of == unit + 1)
      return 1;
  return 0;
}

/* ref. IN-M3, IN-B14: losing a figure of this role calls for a test when its
** rank is one the seed names (data roles.m3: bugler, flag bearer, corporal or
** NCO, officer, with staff and general as officers). */
int gn__in_role_m3(const gn_game *g, int role) {
  const in_data *d = in__data(g);
  return d->m3_rank[d->role_rank[role]] != 0;
}

/* ref. IN-M16, IN-B14: the highest role present that may lead a rally (data
** roles.rally by rank: bugler, flag bearer, NCO, officer; a corporal is an
** NCO, staff and general officers). */
int gn__in_rally_leader(const gn_game *g, const in_figs *f) {
  const in_data *d = in__data(g);
  for (int r = IN_NROLES - 1; r > 0; r--)
    if (d->rally_rank[d->role_rank[r]] && f->n[r] > 0) return r;
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
  gn_event *e = gn__event(g, "rout", "IN-M11", unit, from, "%s routs %.0f in from %.1f,%.1f to %.1f,%.1f "
                          "facing %.1f (ref. IN-M12)", gn__in_name(g, unit), dist, b.c.x, b.c.y, to.x, to.y,
                          gn__compass(atan2(dy, dx)));
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
  u->in.status = IN_S_ROUTING;                                                     /* 1 */
  u->in.rout_from = enemy + 1;
  u->in.pursuit = IN_PU_NONE;
  u->in.pursue_of = 0;
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

/* Why a router may not rally now, or NULL (ref. IN-M15, IN-M16); *ref the rule. */
static const char *no_rally(const gn_game *g, int i, int leader, const char **ref) {
  *ref = "IN-M15";
  if (gn__in_pursued(g, i)) return "it is pursued";
  for (int e = 0; e < g->st.nunits; e++) {
    if (!gn__in_alive(g, e) || !gn__in_enemies(g, i, e) || gn__in_routing(g, e)) continue;
    double c = gn__in_charge_allowance(g, e);
    if (c > 0 && gn_unit_distance(g, e, i) <= c) return "an enemy is within a charge move";
  }
  *ref = "IN-M16";
  if (leader < 0) return "no bugler, flag bearer, NCO or officer";
  return NULL;
}

/* ref. IN-M17: the figures gather around the leader: a close group, one
** square inch a figure, centred where the unit stands, facing the nearest enemy. */
static int rally(gn_game *g, int i, int leader) {
  gn__ustate *u = gn__uw(g, i);
  gn_box b = u->box;
  double s = ceil(sqrt((double)u->strength));
  int en = gn__in_nearest_enemy(g, i);
  b.w = b.d = s;
  if (en >= 0) b.facing = atan2(g->st.u[en].box.c.y - b.c.y, g->st.u[en].box.c.x - b.c.x);
  gn__unit_place(g, i, b);
  u->in.status = IN_S_STEADY;
  u->in.rout_from = 0;
  return gn__event(g, "rally", "IN-M17", i, -1, "%s rallies around its %s at %.1f,%.1f, facing %.1f",
                   gn__in_name(g, i), gn__in_role_names[leader], b.c.x, b.c.y, gn__compass(b.facing))
             ? 0 : GN_ENOMEM;
}

/*
** Start of a side's turn: each of its routing or halted units, in scenario
** order. The seed keeps two things apart: every router tests each turn to see
** whether it stops running (ref. IN-M14), and only a unit that may rally
** (not pursued, no enemy within a charge move, ref. IN-M15; a bugler, flag
** bearer, NCO or officer present, ref. IN-M16) rallies.
**   1) a routing unit tests (ref. IN-M14), whether or not it may rally;
**      failing, it runs another double move
**   2) passing, it stops; if it may rally it rallies around its leader
**      (ref. IN-M17), else it stands halted, still broken (it neither acts
**      nor fights back, as a router)
**   3) a halted unit that may now rally attempts it with another test
**      [interpretation: the attempt is a morale test; failing, it stays
**      halted]; one that still may not stays halted
*/
int gn__in_rally_phase(gn_game *g, int side) {
  int rc;
  for (int i = 0; i < g->st.nunits; i++) {
    if (!gn__in_alive(g, i) || gn__in_side(g, i) != side || !gn__in_routing(g, i)) continue;
    gn__ustate *u = gn__uw(g, i);
    int from = u->in.rout_from - 1, halted = u->in.status == IN_S_HALTED;
    in_figs f = gn__in_figs(g, i);
    int leader = gn__in_rally_leader(g, &f), pass, total;
    const char *ref, *why = no_rally(g, i, leader, &ref);
    if (halted && why) {                                                            /* 3 */
      gn_event *e = gn__event(g, "rout", ref, i, -1, "%s stays halted: %s", gn__in_name(g, i), why);
      if (!e) return GN_ENOMEM;
      continue;
    }
    in_mctx m = { g->sc->unit[i].strength0, u->strength, gn__in_quality(g, i), 0,
                  gn__in_cover(g, i, NULL), -1, i, gn__in_leader_rating(g, i, NULL) };
    if ((rc = gn__in_morale_roll(g, &m, halted ? "IN-M17 rally" : "IN-M14 stop running",
                                 halted ? "IN-M17" : "IN-M14", &pass, &total)))    /* 1, 3 */
      return rc;
    if (pass && !why) {                                                             /* 2, 3 */
      if ((rc = rally(g, i, leader))) return rc;
      continue;
    }
    if (halted) continue;                                    /* 3: a failed attempt, still halted */
    if (pass) {                                                                     /* 2 */
      u->in.status = IN_S_HALTED;
      gn_event *e = gn__event(g, "rout", ref, i, -1, "%s stops running but may not rally: %s",
                              gn__in_name(g, i), why);
      if (!e) return GN_ENOMEM;
      continue;
    }
    gn_event *e = gn__event(g, "rout", "IN-M14", i, -1, "%s keeps running: failed to stop",
                            gn__in_name(g, i));
    if (!e) return GN_ENOMEM;
    if ((rc = gn__in_rout_move(g, i, from))) return rc;                               /* 1 */
  }
  return 0;
}
