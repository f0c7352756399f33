/*
** pursuit.c: the pursuit table of the seed (1d6 by the pursuer's quality).
**
** When a unit routs, each enemy unit in contact with it rolls the pursuit
** die (data pursuit.<quality>: per face, 0 no pursuit, 1 may pursue, 2 must
** pursue, 3 pursues unless declined). A row with one value needs no roll.
** Peasants never pursue (ref. IN-P1); militia, irregulars and native
** contingents may on a 1, for the first game turn only (ref. IN-P2); trained
** troops may on 4-6 (ref. IN-P3), well trained on 2-6 (ref. IN-P4), veterans
** always (ref. IN-P5), all of them stopping when the player likes; fanatics
** always pursue, may decline on a 1, and stop only on a 5 or 6 (ref. IN-P6).
**
** Orders: `pursue UNIT` takes up an open pursuit; `halt UNIT` declines it or
** stops a pursuit (fanatics roll, once per side turn). An open pursuit not
** taken by the end of the side turn falls to its default: "may" lapses,
** "unless declined" pursues. A pursuer follows its router, staying in
** contact behind it after each rout move; a pursued unit cannot rally
** (ref. IN-M15).
*/
#include "inradic.h"

#include <math.h>
#include <stdio.h>

static const char *const qref[IN_Q_COUNT] = {
  "IN-P1", "IN-P2", "IN-P2", "IN-P2", "IN-P3", "IN-P4", "IN-P5", "IN-P6"
};

/* What each face of a pursuit die decides, told to the players before they
** roll ("1-2 may not pursue, 3-6 must pursue"). */
static void say_row(gn_game *g, const int *row, const char *ref) {
  static const char *const what[] = { "may not pursue", "may pursue", "must pursue", "pursues unless declined" };
  char buf[160];
  size_t n = 0;
  for (int f = 1; f <= 6 && n < sizeof buf;) {
    int to = f;
    while (to < 6 && row[to] == row[f - 1]) to++;
    int v = row[f - 1] >= 0 && row[f - 1] <= 3 ? row[f - 1] : 0;
    n += (size_t)(to > f ? snprintf(buf + n, sizeof buf - n, "%s%d-%d %s", f > 1 ? ", " : "", f, to, what[v])
                         : snprintf(buf + n, sizeof buf - n, "%s%d %s", f > 1 ? ", " : "", f, what[v]));
    f = to + 1;
  }
  gn__chance_say(g, ~0u, "%s (ref. %s)", buf, ref);
}

/*
** The pursuit die (ref. IN-P1, IN-P2, IN-P3, IN-P4, IN-P5, IN-P6).
**   1) a row with one value: no roll
**   2) else roll a d6 and read the row
*/
int gn__in_pursuit_roll(gn_game *g, int quality, int unit, int *result) {
  const int *row = in__data(g)->pursuit[quality];
  int same = 1, face = 0, rc;
  for (int i = 1; i < 6; i++) same &= row[i] == row[0];
  if (same) *result = row[0];                                                     /* 1 */
  else {                                                                          /* 2 */
    int key[7];
    for (int f = 1; f <= 6; f++) key[f] = row[f - 1];
    if (gn__chance_telling(g)) say_row(g, row, qref[quality]);
    if ((rc = gn__in_roll_d6(g, key, "pursuit die", qref[quality], unit, &face))) return rc;
    *result = row[face - 1];
  }
  static const char *const txt[] = { "may not pursue", "may pursue", "must pursue",
                                     "pursues unless declined" };
  gn_event *e = gn__event(g, "pursuit", qref[quality], unit, -1, "%s, %s (%s): %s",
                          unit >= 0 ? gn__in_name(g, unit) : "the unit", gn__in_quality_words[quality],
                          face ? "rolled" : "no roll", txt[*result]);
  if (!e) return GN_ENOMEM;
  e->total = face;
  return 0;
}

/* Places a pursuer in contact behind its router. */
static void follow(gn_game *g, int p, int router) {
  gn_box rb = g->st.u[router].box, pb = g->st.u[p].box, from = pb;
  double fx = cos(rb.facing), fy = sin(rb.facing), back = rb.d / 2 + pb.d / 2;
  pb.c.x = rb.c.x - fx * back;
  pb.c.y = rb.c.y - fy * back;
  pb.facing = rb.facing;
  gn__unit_place(g, p, pb);
  if (from.c.x != pb.c.x || from.c.y != pb.c.y || from.facing != pb.facing)
    gn__event(g, "move", qref[gn__in_quality(g, p)], p, router,
              "%s follows %s %.1f in from %.1f,%.1f to %.1f,%.1f facing %.1f", gn__in_name(g, p),
              gn__in_name(g, router), hypot(pb.c.x - from.c.x, pb.c.y - from.c.y), from.c.x, from.c.y,
              pb.c.x, pb.c.y, gn__compass(pb.facing));
}

static int pursuing(const gn_game *g, int p, int router) {
  return gn__in_alive(g, p) && in_u(g, p)->pursuit == IN_PU_PURSUING &&
         in_u(g, p)->pursue_of == router + 1;
}

void gn__in_pursuit_follow(gn_game *g, int router) {
  for (int p = 0; p < g->st.nunits; p++)
    if (pursuing(g, p, router)) follow(g, p, router);
}

void gn__in_pursuit_end(gn_game *g, int router) {
  for (int p = 0; p < g->st.nunits; p++)
    if (in_u(g, p)->pursue_of == router + 1) {
      int was = in_u(g, p)->pursuit;
      in_uw(g, p)->pursuit = IN_PU_NONE;
      in_uw(g, p)->pursue_of = 0;
      if (gn__in_alive(g, p))
        gn__event(g, "pursuit", qref[gn__in_quality(g, p)], p, router, "%s %s %s: it is off the table",
                  gn__in_name(g, p), was == IN_PU_PURSUING ? "stops pursuing" : "may no longer pursue",
                  gn__in_name(g, router));
    }
}

/* Starts a pursuit: the unit follows now. */
static int start(gn_game *g, int p, int router) {
  gn__ustate *u = gn__uw(g, p);
  u->in.pursuit = IN_PU_PURSUING;
  u->in.pursue_of = router + 1;
  follow(g, p, router);
  gn_event *e = gn__event(g, "pursuit", qref[gn__in_quality(g, p)], p, router, "%s pursues %s",
                          gn__in_name(g, p), gn__in_name(g, router));
  return e ? 0 : GN_ENOMEM;
}

/*
** A unit routed from contact.
**   1) each enemy it touched, steady and not already pursuing, rolls the die
**   2) "must": it pursues now; "may" and "unless declined": the pursuit is open
*/
int gn__in_pursuit_offer(gn_game *g, int router, const int *contacts, int n) {
  int rc;
  for (int i = 0; i < n; i++) {
    int p = contacts[i], res;
    gn__ustate *u = gn__uw(g, p);
    if (!gn__in_alive(g, p) || gn__in_routing(g, p) || u->in.pursuit != IN_PU_NONE) continue;          /* 1 */
    if ((rc = gn__in_pursuit_roll(g, gn__in_quality(g, p), p, &res))) return rc;
    if (res == IN_PU_NONE) continue;
    u->in.pursuit_turn = g->st.turn;                                                           /* 2 */
    if (res == IN_PU_MUST) { if ((rc = start(g, p, router))) return rc; continue; }
    u->in.pursuit = res;
    u->in.pursue_of = router + 1;
  }
  return 0;
}

/* End of a side turn: open pursuits fall to their default. */
int gn__in_pursuit_defaults(gn_game *g) {
  int rc;
  for (int p = 0; p < g->st.nunits; p++) {
    gn__ustate *u = gn__uw(g, p);
    int r = u->in.pursue_of - 1;
    if (u->in.pursuit == IN_PU_MAY) {
      u->in.pursuit = IN_PU_NONE;
      u->in.pursue_of = 0;
      if (!gn__event(g, "pursuit", qref[gn__in_quality(g, p)], p, r, "%s lets the pursuit go",
                     gn__in_name(g, p)))
        return GN_ENOMEM;
    } else if (u->in.pursuit == IN_PU_DECLINE) {
      if (r >= 0 && gn__in_alive(g, r) && gn__in_routing(g, r)) { if ((rc = start(g, p, r))) return rc; }
      else {
        u->in.pursuit = IN_PU_NONE;
        u->in.pursue_of = 0;
        if (!gn__event(g, "pursuit", qref[gn__in_quality(g, p)], p, -1, "%s has no one left to pursue",
                       gn__in_name(g, p)))
          return GN_ENOMEM;
      }
    }
  }
  return 0;
}

/* Start of a side turn: pursuits of troops that pursue for the first turn
** only end once that game turn is over (ref. IN-P2). */
int gn__in_pursuit_expire(gn_game *g) {
  const in_data *d = in__data(g);
  for (int p = 0; p < g->st.nunits; p++) {
    gn__ustate *u = gn__uw(g, p);
    if (u->in.pursuit == IN_PU_NONE || !d->pursuit_first_only[u->in.quality]) continue;
    if (u->in.pursuit_turn >= g->st.turn) continue;
    u->in.pursuit = IN_PU_NONE;
    u->in.pursue_of = 0;
    if (!gn__event(g, "pursuit", "IN-P2", p, -1, "%s gives up the pursuit after its first turn", gn__in_name(g, p)))
      return GN_ENOMEM;
  }
  return 0;
}

/* pursue UNIT: take up an open pursuit (ref. IN-P3, IN-P4, IN-P5, IN-P6). */
int gn__in_order_pursue(gn_game *g, const gn__args *a) {
  int p, rc;
  if ((rc = gn__arg_unit(g, a, 1, &p))) return rc;
  if (a->n > 2) return gn__syntax(g, a, 2, "unexpected '%s'", a->tok[2]);
  gn__ustate *u = gn__uw(g, p);
  int q = gn__in_quality(g, p), r = u->in.pursue_of - 1;
  if (u->in.pursuit == IN_PU_PURSUING)
    return gn__refuse(g, qref[q], "%s is already pursuing", gn__in_name(g, p));
  if (u->in.pursuit == IN_PU_NONE || r < 0)
    return gn__refuse(g, qref[q], "%s has no pursuit open (%s)", gn__in_name(g, p),
                      q == IN_Q_PEASANTS ? "peasants never pursue" : "the pursuit die did not allow it");
  if (!gn__in_alive(g, r) || !gn__in_routing(g, r))
    return gn__refuse(g, qref[q], "%s is no longer running", gn__in_name(g, r));
  return start(g, p, r);
}

/*
** halt UNIT
**   1) an open pursuit is declined
**   2) a pursuit stops at will, except fanatics: a d6 at or above
**      pursuit.halt_min, one try per side turn (ref. IN-P6)
*/
int gn__in_order_halt(gn_game *g, const gn__args *a) {
  const in_data *d = in__data(g);
  int p, rc;
  if ((rc = gn__arg_unit(g, a, 1, &p))) return rc;
  if (a->n > 2) return gn__syntax(g, a, 2, "unexpected '%s'", a->tok[2]);
  gn__ustate *u = gn__uw(g, p);
  int q = gn__in_quality(g, p);
  if (u->in.pursuit == IN_PU_NONE)
    return gn__refuse(g, qref[q], "%s is not pursuing", gn__in_name(g, p));
  if (u->in.pursuit != IN_PU_PURSUING) {                                          /* 1 */
    u->in.pursuit = IN_PU_NONE;
    u->in.pursue_of = 0;
    return gn__event(g, "pursuit", qref[q], p, -1, "%s declines the pursuit", gn__in_name(g, p)) ? 0 : GN_ENOMEM;
  }
  int face = 0;                                                                   /* 2 */
  if (d->pursuit_halt_min[q] > 0) {
    if (u->flags & IN_F_HALT_TRIED)
      return gn__refuse(g, qref[q], "%s has already tried to halt this turn", gn__in_name(g, p));
    u->flags |= IN_F_HALT_TRIED;
    int key[7];
    for (int f = 1; f <= 6; f++) key[f] = f >= d->pursuit_halt_min[q];
    gn__chance_say(g, ~0u, "%d or more holds it back (ref. %s)", d->pursuit_halt_min[q], qref[q]);
    if ((rc = gn__in_roll_d6(g, key, "halting a pursuit", qref[q], p, &face))) return rc;
    if (face < d->pursuit_halt_min[q]) {
      gn_event *e = gn__event(g, "pursuit", qref[q], p, -1, "%s cannot be held back (%d)", gn__in_name(g, p), face);
      if (!e) return GN_ENOMEM;
      e->total = face;
      return 0;
    }
  }
  u->in.pursuit = IN_PU_NONE;
  u->in.pursue_of = 0;
  gn_event *e = gn__event(g, "pursuit", qref[q], p, -1, "%s halts", gn__in_name(g, p));
  if (!e) return GN_ENOMEM;
  e->total = face;
  return 0;
}
