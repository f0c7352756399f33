/*
** staff.c: staff figures and their catch roll (Table 18), the moral
** consequences phase.
*/
#include "ba.h"

#include <math.h>


/* ref. BA-T18: 0 survives (3-12), 1 falls (13-14), 2 falls and -1 (15-16),
** 3 falls and -2 (17-18). */
int gn__ba_catch_result(const ba_data *d, int total) {
  return total >= d->t18[2] ? 3 : total >= d->t18[1] ? 2 : total >= d->t18[0] ? 1 : 0;
}

/* One catch roll (ref. BA-T18, BA-DICE-1): *band as gn__ba_catch_result, *total the
** 3d6. The orders and the odds check both come here. */
int gn__ba_catch_draw(gn_game *g, int staff, int *band, int *total) {
  gn__chance_say(g, ~0u, "the officer falls at %d or more (ref. BA-T18)", BA_D(g)->t18[0]);
  int faces[3], rc = gn__ba_roll(g, "catch roll", "BA-T18", staff, total, faces);
  if (rc) return rc;
  *band = gn__ba_catch_result(BA_D(g), *total);
  return 0;
}

double gn__ba_command_radius(const gn_game *g, int st) {
  const ba_data *d = BA_D(g);
  if (!g->sc->options[BA_OPT_STAFF_COMMAND] || gn__ba_arm_of(g, st) != BA_ARM_STAFF) return -1;
  int r = ba_u(g, st)->rating;
  double radius = d->cmd_radius + (r >= 0 && r < GN_RATING_COUNT ? d->rating_radius[r] : 0);
  return radius > 0 ? radius : 0;
}

/* 1 when staff figure st commands u [interpretation, ref. BA-LDR]: u's
** formation is his own or lies under it, or he leads it or one above it;
** a staff figure in no formation, or a unit in none, answers to his side. */
static int commands(const gn_game *g, int st, int u) {
  int fs = g->sc->unit[st].formation, f = g->sc->unit[gn__ba_root(g, u)].formation;
  if (g->sc->unit[st].side != g->sc->unit[u].side) return 0;
  if (fs < 0 || f < 0) return 1;
  for (int guard = 0; f >= 0 && guard < 64; guard++, f = g->sc->formation[f].parent)
    if (f == fs || g->sc->formation[f].leader == st) return 1;
  return 0;
}

/*
** ref. BA-LDR [interpretation]: the staff figure whose command reaches u.
**   1) only with the option staff_command, and for a fighting unit
**   2) each staff figure on the table who commands u, within his command
**      radius (his rating counted) of it, edge to edge; the nearest
*/
int gn__ba_commander(const gn_game *g, int u) {
  ba_arm arm = gn__ba_arm_of(g, u);
  int best = -1;
  double bd = HUGE_VAL;
  if (!g->sc->options[BA_OPT_STAFF_COMMAND] || arm == BA_ARM_STAFF || arm == BA_ARM_WAGGON) return -1;   /* 1 */
  for (int st = 0; st < g->sc->nunits; st++) {                                                           /* 2 */
    if (gn__ba_arm_of(g, st) != BA_ARM_STAFF || !gn__ba_on_table(g, st) || !commands(g, st, u)) continue;
    double dist = gn_unit_distance(g, st, u);
    if (dist <= gn__ba_command_radius(g, st) + GN_CONTACT_EPS && dist < bd) { bd = dist; best = st; }
  }
  return best;
}

/* The nearest own fighting unit on the table to staff figure st, or -1. */
static int nearest_own(const gn_game *g, int st) {
  int best = -1;
  double bd = HUGE_VAL;
  for (int j = 0; j < g->sc->nunits; j++) {
    if (j == st || !gn__ba_on_table(g, j) || g->sc->unit[j].side != g->sc->unit[st].side) continue;
    if (gn__ba_arm_of(g, j) == BA_ARM_STAFF) continue;
    double d = gn_unit_distance(g, st, j);
    if (d < bd) { bd = d; best = j; }
  }
  return best;
}

/*
** The catch roll of staff figure st (ref. BA-T18).
**   1) 3d6 on Table 18 [interpretation: the side's own penalty does not apply,
**      since a lower total is the better one for the staff figure]
**   2) 3-12: survives, placed in base contact behind the nearest own unit at once
**   3) 13 and up: falls; 15-16 and 17-18 also give every unit of its side -1 or
**      -2 on all rolls for the rest of this bound and all of the next (the worse
**      of two such penalties holds)
**   4) every side is told a leader is lost (ref. BA-LDR); with the option
**      staff_command his troops answer to the staff above him
*/
int gn__ba_catch_roll(gn_game *g, int st) {
  const ba_data *d = BA_D(g);
  int total, r, rc;
  if ((rc = gn__ba_catch_draw(g, st, &r, &total))) return rc;                          /* 1 */
  gn__ustate *s = gn__uw(g, st);
  s->flags &= ~BA_F_ENGAGED;
  if (r == 0) {                                                                   /* 2 */
    int u = nearest_own(g, st);
    if (u >= 0) {
      gn_box b = g->st.u[u].box, sb = s->box;
      double back = b.d / 2 + sb.d / 2;
      sb.c.x = b.c.x - cos(b.facing) * back;
      sb.c.y = b.c.y - sin(b.facing) * back;
      sb.facing = b.facing;
      gn__unit_place(g, st, sb);
    }
    gn_event *e = u >= 0 ? gn__event(g, "catch", "BA-T18", st, u, "catch roll %d: %s survives and "
                                     "rides behind %s, to %.2f,%.2f", total, gn__ba_uid(g, st), gn__ba_uid(g, u),
                                     g->st.u[st].box.c.x, g->st.u[st].box.c.y)
                         : gn__event(g, "catch", "BA-T18", st, u, "catch roll %d: %s survives", total,
                                     gn__ba_uid(g, st));
    return e ? 0 : GN_ENOMEM;
  }
  gn__unit_remove(g, st);                                                         /* 3 */
  int side = g->sc->unit[st].side, pen = d->t18_pen[r - 1];
  if (pen < 0 && side < 4) {
    int cur = gn__ba_side_penalty(g, side);
    g->st.rs[BA_RS_PENALTY + side] = pen < cur ? pen : cur;
    g->st.rs[BA_RS_PEN_UNTIL + side] = g->st.turn + 1;
  }
  gn_event *e = gn__event(g, "catch", "BA-T18", st, -1, "catch roll %d: %s falls%s", total,
                          gn__ba_uid(g, st), pen < 0 ? "; its side suffers on all rolls" : "");
  if (!e) return GN_ENOMEM;
  if (pen) gn__event_mod(e, "side penalty", pen, "BA-T18");
  int rating = ba_u(g, st)->rating;                                        /* 4 */
  e = gn__event(g, "leader-lost", "BA-LDR", st, -1, "%s, %s, is lost to %s%s", g->sc->unit[st].name,
                gn__ba_uid(g, st), g->sc->side[side].name,
                g->sc->options[BA_OPT_STAFF_COMMAND] ? "; his troops answer to the staff above him" : "");
  if (!e) return GN_ENOMEM;
  /* his side knew his rating; the enemy learns only that he fell */
  if (rating != GN_RATING_AVERAGE) {
    gn_event *er = gn__event(g, "leader-lost", "BA-LDR", st, -1, "%s was a %s leader", gn__ba_uid(g, st),
                            gn_rating_name(rating));
    if (!er) return GN_ENOMEM;
    gn__event_hide(er, 1u << side);
  }
  return 0;
}

/* 1 when u is a fighting unit that a rout may spread to (not FD, not tested yet). */
static int may_catch_rout(const gn_game *g, int u) {
  ba_arm arm = gn__ba_arm_of(g, u);
  const gn__ustate *s = &g->st.u[u];
  return gn__ba_on_table(g, u) && arm != BA_ARM_STAFF && arm != BA_ARM_WAGGON &&
         s->ba.disorder != BA_DIS_FD && !(s->flags & BA_F_SPREAD);
}

/* 1 when j is routing: brought into FD this bound and still on the table. */
static int routing(const gn_game *g, int j) {
  const gn__ustate *s = &g->st.u[j];
  return gn__ba_on_table(g, j) && s->ba.disorder == BA_DIS_FD && (s->flags & BA_F_FD_NOW);
}

/* The first of the ns routing units src[] of u's side within rout.spread_distance
** of u; -1 if none. */
static int routing_near(const gn_game *g, int u, const int *src, int ns) {
  double dist = BA_D(g)->spread_dist;
  for (int k = 0; k < ns; k++) {
    int j = src[k];
    if (j == u || g->sc->unit[j].side != g->sc->unit[u].side) continue;
    if (!gn__ba_apart(g->st.u[u].box, g->st.u[j].box, dist) && gn_unit_distance(g, u, j) <= dist)
      return j;
  }
  return -1;
}

/*
** Spread of rout, a forced action of the moral consequences phase (1.1.1,
** ref. BA-B21). [interpretation in the rules index
** data/rulesets/ba/rules.yaml: the rule's own text was not found]
**   1) a fighting unit (not staff, waggon or FD) within rout.spread_distance of a
**      unit of its side brought into FD this bound, and on the table, tests once
**      a bound: 3d6 + valour + its side's staff penalty (ref. BA-T18), + the
**      staff command bonus when a staff figure's command reaches it (ref. BA-LDR)
**   2) at least rout.spread_hold: it holds; below: it is brought into FD and
**      routs with it (the loss due to FD, a forced move in the next movement
**      phase, ref. BA-B14)
**   3) a unit so routed spreads the rout in turn: passes, each over the units
**      routing when it begins, in unit order, repeat until one brings no unit
**      into FD
** Fails with GN_ENOMEM or the dice source's error.
*/
static int spread(gn_game *g, int *src);

int gn__ba_spread_rout(gn_game *g) {
  int n = g->sc->nunits, any = 0;
  for (int j = 0; j < n && !any; j++) any = routing(g, j);      /* most bounds: nobody */
  if (!any) return 0;
  int *src = gn__malloc(g, (size_t)n * sizeof *src);
  if (!src) return gn__error(g, GN_ENOMEM, "out of memory");
  int rc = spread(g, src);
  gn__free(g, src, (size_t)n * sizeof *src);
  return rc;
}

/* gn__ba_spread_rout with src[] (one int per unit) to list the routing units in. */
static int spread(gn_game *g, int *src) {
  const ba_data *d = BA_D(g);
  int rc, more = 1;
  while (more) {                                                                  /* 3 */
    int ns = 0;
    more = 0;
    for (int j = 0; j < g->sc->nunits; j++) if (routing(g, j)) src[ns++] = j;
    for (int u = 0; u < g->sc->nunits; u++) {
      if (!may_catch_rout(g, u)) continue;
      int from = routing_near(g, u, src, ns);
      if (from < 0) continue;
      gn__ustate *s = gn__uw(g, u);                                               /* 1 */
      s->flags |= BA_F_SPREAD;
      int total, faces[3], pen = gn__ba_side_penalty(g, g->sc->unit[u].side);
      int st = gn__ba_commander(g, u), cb = st >= 0 ? d->cmd_bonus : 0;   /* ref. BA-LDR */
      gn__chance_say(g, 1u << g->sc->unit[u].side, "%d or more holds (%d, less valour %d%s%s; ref. BA-B21)",
                     d->spread_hold - s->ba.valour - pen - cb, d->spread_hold, s->ba.valour,
                     pen ? " and the fallen staff's penalty" : "", cb ? " and the staff in command" : "");
      if ((rc = gn__ba_roll(g, "spread of rout", "BA-B21", u, &total, faces))) return rc;
      int t = total + s->ba.valour + pen + cb;
      int holds = t >= d->spread_hold;                                            /* 2 */
      gn_event *e = gn__event(g, "spread", "BA-B21", u, from, "%s sees %s rout: %d against %d, "
                              "%s", gn__ba_uid(g, u), gn__ba_uid(g, from), t, d->spread_hold,
                              holds ? "it holds" : "the rout spreads to it");
      if (!e) return GN_ENOMEM;
      gn__event_mod(e, "valour", s->ba.valour, "BA-5.5.1a");
      if (pen) gn__event_mod(e, "staff fallen", pen, "BA-T18");
      if (cb) gn__event_mod(e, "staff in command", cb, "BA-LDR");
      gn__event_hide(e, 1u << g->sc->unit[u].side);
      e->total = t;
      if (holds) continue;
      if ((rc = gn__ba_bring_fd(g, u, "the rout spreads to it", "BA-B21"))) return rc;
      more = 1;
    }
  }
  return 0;
}

/* The moral consequences phase (Table 1 default, ref. BA-B1):
**   1) spread of rout (ref. BA-B21)
**   2) catch rolls of the staff figures that engaged in a melee, or stood with a
**      unit brought into FD this bound (ref. BA-T18) */
int gn__ba_phase_moral(gn_game *g) {
  int rc;
  if ((rc = gn__ba_spread_rout(g))) return rc;                                   /* 1 */
  for (int st = 0; st < g->sc->nunits; st++) {                                   /* 2 */
    if (!gn__ba_on_table(g, st) || gn__ba_arm_of(g, st) != BA_ARM_STAFF) continue;
    int u = ba_u(g, st)->target - 1;
    int with_fd = u >= 0 && (g->st.u[u].flags & BA_F_FD_NOW) &&
                  gn_unit_distance(g, st, u) <= BA_D(g)->contact_dist;
    if (((g->st.u[st].flags & BA_F_ENGAGED) || with_fd) && (rc = gn__ba_catch_roll(g, st))) return rc;
  }
  return 0;
}
