/*
** return.c: stands coming back after the night (ref. VB-B22, a labelled
** default: the sources say nothing of where such a stand comes back).
**
** A returning stand is one off the table at the night's recovery with SP:
** wiped out by the day's fighting and given points back (recover.c), or
** routed off the table with SP left. It stays off the table through the
** recovery phase until its side places it with `place UNIT at X,Y [facing
** DEG]`; at dawn every returning stand not placed is placed by default,
** directly behind its leader or at the first good spot around it, or stays
** off the table for the day with its SP (and is a returning stand again at
** the next night). A good spot, either way:
**   - the whole stand on the table;
**   - within the command radius (command.yaml) of its leader: its division's,
**     or lacking one on the table its corps', then its army's;
**   - overlapping no stand (leaders do not count, as for a move);
**   - no nearer any enemy stand than recovery.return.enemy_distance.
** The events are the side's own: where its stands come back is its business.
*/
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "vb.h"

#define EPS 1e-9

/* Reasons a spot is refused. ORDER: as the messages of refuse_spot(). */
typedef enum spot_why { SPOT_OK, SPOT_OFF_TABLE, SPOT_FAR, SPOT_OVERLAP, SPOT_ENEMY } spot_why;

int gn__vb_returning(const gn_game *g, int u) {
  return !gn__vb_is_leader(gn__vb_type(g, u)) && g->st.u[u].removed == 1 && g->st.u[u].strength > 0;
}

/* Reads recovery.return.* into r. GN_EDATA naming the key or the bad value. */
int gn__vb_return_data(gn_game *g, vb_return *r) {
  const vb_data *d = gn__vb_data(g);
  if (gn__data_num(g, "recovery.return.enemy_distance", &r->enemy) ||
      gn__data_num(g, "recovery.return.step", &r->step))
    return GN_EDATA;
  if (r->enemy < 0 || r->step <= 0 || d->cmd_radius / r->step > 400)
    return gn__error(g, GN_EDATA, "vb data: recovery.return.enemy_distance must be >= 0 and recovery.return.step "
                     "> 0, at least 1/400 of command.radius");
  return 0;
}

/* The leader a returning stand comes back to (ref. VB-B22): its division's
** on the table, else its corps', else its army's; -1 when none is. Follows
** the night's reassignments (ref. VB-67). Cannot fail. */
static int leader_of(const gn_game *g, int u) {
  int f = g->sc->unit[u].formation;
  int chain[3] = {gn__vb_division_of(g, u), gn__vb_formation_up(g, f, GN_CORPS), gn__vb_formation_up(g, f, GN_ARMY)};
  for (int k = 0; k < 3; k++) {
    int l = chain[k] >= 0 ? g->sc->formation[chain[k]].leader : -1;
    if (l >= 0 && l < g->sc->nunits && gn__vb_alive(g, l)) return l;
  }
  return -1;
}

/* Whether box b is a good spot for returning stand u by leader ldr (ref.
** VB-B22); *other: the stand overlapped, or the distance to the nearest enemy
** (in *dist). Pure. */
static spot_why spot(gn_game *g, int u, int ldr, gn_box b, const vb_return *r, int *other, double *dist) {
  gn_vec2 c[4];
  gn_box_corners(b, c);
  for (int k = 0; k < 4; k++)
    if (c[k].x < -EPS || c[k].y < -EPS || c[k].x > g->sc->width + EPS || c[k].y > g->sc->height + EPS)
      return SPOT_OFF_TABLE;
  if (gn_box_distance(b, g->st.u[ldr].box) > gn__vb_radius(g, ldr) + GN_CONTACT_EPS) return SPOT_FAR;
  if ((*other = gn__vb_overlap_any(g, u, b, NULL, 0)) >= 0) return SPOT_OVERLAP;
  if ((*dist = gn__vb_enemy_distance(g, u, b)) < r->enemy - GN_CONTACT_EPS) return SPOT_ENEMY;
  return SPOT_OK;
}

/* Puts returning stand u on the table at b; it came there in the night, so
** it is not stationary (ref. VB-B16) [interpretation]. Cannot fail. */
static void put(gn_game *g, int u, gn_box b) {
  vb_uw(g, u)->stationary = 0;
  gn__unit_return(g, u, b);
}

/*
** `place UNIT at X,Y [facing DEG]`: a returning stand comes back there (ref.
** VB-B22). DEG is a compass bearing; without it the stand faces as its leader.
**   1) the recovery phase, its side has not ended it
**   2) a stand off the table with SP
**   3) a leader of its chain on the table
**   4) the spot: on the table, within the command radius of the leader,
**      overlapping no stand, not nearer the enemy than the data distance
**   5) on the table; an event for its side
*/
int gn__vb_order_place(gn_game *g, const gn__args *a) {
  vb_return r;
  int u, rc;
  gn_vec2 at;
  if ((rc = gn__arg_unit(g, a, 1, &u))) return rc;
  if (!gn__arg_is(a, 2, "at")) return gn__syntax(g, a, 2, "expected 'at'");
  if ((rc = gn__arg_point(g, a, 3, &at))) return rc;
  int hasf = 0;
  double facing = 0;
  if (a->n > 4) {
    double deg;
    if (!gn__arg_is(a, 4, "facing")) return gn__syntax(g, a, 4, "expected 'facing' or the end of the order");
    if ((rc = gn__arg_num(g, a, 5, &deg))) return rc;
    if (a->n > 6) return gn__syntax(g, a, 6, "unexpected '%s'", a->tok[6]);
    double rad = fmod(90.0 - deg, 360.0);      /* compass degrees, as in scenarios */
    if (rad < 0) rad += 360.0;
    facing = rad * 3.14159265358979323846 / 180.0;
    hasf = 1;
  }
  if ((rc = gn__vb_return_data(g, &r))) return rc;
  const char *name = gn__vb_uname(g, u);
  /* 1) */
  if ((rc = gn__vb_need_phase(g, u, VB_PH_RECOVERY, "VB-B22", "stands coming back are placed"))) return rc;
  /* 2) */
  if (gn__vb_is_leader(gn__vb_type(g, u))) return gn__refuse(g, "VB-B22", "%s is a leader, not a stand coming back", name);
  if (g->st.u[u].removed != 1) return gn__refuse(g, "VB-B22", "%s is on the table: only a stand coming back is placed", name);
  if (g->st.u[u].strength <= 0 && (g->st.u[u].flags & VB_FL_ODD))
    return gn__refuse(g, "VB-B22", "%s has no SP yet: it comes back only if its pooled point goes to it, at dawn, "
                      "placed by default", name);
  if (g->st.u[u].strength <= 0) return gn__refuse(g, "VB-B22", "%s has no SP to come back with", name);
  /* 3) */
  int ldr = leader_of(g, u);
  if (ldr < 0) return gn__refuse(g, "VB-B22", "%s has no leader of its division, corps or army on the table", name);
  /* 4) */
  gn_box b = g->st.u[u].box;
  b.c = at;
  b.facing = hasf ? facing : g->st.u[ldr].box.facing;
  int other = -1;
  double dist = 0;
  switch (spot(g, u, ldr, b, &r, &other, &dist)) {
  case SPOT_OFF_TABLE:
    return gn__refuse(g, "VB-B22", "%s would stand partly off the table", name);
  case SPOT_FAR:
    return gn__refuse(g, "VB-B22", "%s would be out of the command radius (%g %s) of %s", name,
                      gn__vb_radius(g, ldr), gn__vb_unit_word(g), gn__vb_uname(g, ldr));
  case SPOT_OVERLAP:
    return gn__refuse(g, "VB-B22", "%s would stand on %s", name, gn__vb_uname(g, other));
  case SPOT_ENEMY:
    return gn__refuse(g, "VB-B22", "%s would be %.2f %s from the enemy, nearer than %g", name, dist,
                      gn__vb_unit_word(g), r.enemy);
  case SPOT_OK:
    break;
  }
  /* 5) */
  put(g, u, b);
  gn__vb_own_event(gn__event(g, "return", "VB-B22", u, ldr, "%s comes back at %.2f,%.2f, by %s", name, b.c.x, b.c.y,
                             gn__vb_uname(g, ldr)),
                   g->sc->unit[u].side);
  return 0;
}

/*
** The default spot of returning stand u by leader ldr (ref. VB-B22); 1 and
** *out when there is one.
**   1) the first spot: the stand touching the leader's rear edge, centred on
**      it, facing as the leader
**   2) spots on a grid of recovery.return.step, lined up with the leader's
**      facing, in square rings outward from the first (ring k: the spots k
**      steps away across or along); the rings end where no spot could be
**      within the command radius
**   3) in each ring the good spot nearest the first wins; between equally
**      near ones, the one further back, then the one further left
** Cannot fail.
*/
static int default_spot(gn_game *g, int u, int ldr, const vb_return *r, gn_box *out) {
  gn_box L = g->st.u[ldr].box, b = g->st.u[u].box;
  double fx = cos(L.facing), fy = sin(L.facing), rx = fy, ry = -fx;   /* front, right */
  /* 1) */
  double back = L.d / 2 + b.d / 2;
  gn_vec2 base = {L.c.x - fx * back, L.c.y - fy * back};
  b.facing = L.facing;
  /* 2) */
  double reach = gn__vb_data(g)->cmd_radius + back + hypot(L.w, L.d) / 2 + hypot(b.w, b.d) / 2;
  int rings = (int)ceil(reach / r->step);
  for (int k = 0; k <= rings; k++) {
    int best = -1, other;
    double dist;
    gn_box found = b;
    for (int j = k; j >= -k; j--) {              /* j steps back, i steps right */
      int istep = j == k || j == -k ? 1 : 2 * k;  /* the ring's edge only */
      for (int i = -k; i <= k; i += istep) {
        int d2 = i * i + j * j;
        /* 3) */
        if (best >= 0 && d2 >= best) continue;
        gn_box c = b;
        c.c.x = base.x + (i * rx - j * fx) * r->step;
        c.c.y = base.y + (i * ry - j * fy) * r->step;
        if (spot(g, u, ldr, c, r, &other, &dist) != SPOT_OK) continue;
        best = d2;
        found = c;
      }
    }
    if (best >= 0) { *out = found; return 1; }
  }
  return 0;
}

/*
** Dawn (ref. VB-B22): each returning stand not placed, in unit order.
**   1) no leader of its chain on the table: it stays off the table today
**   2) the default spot: it comes back there
**   3) none: it stays off the table today, its SP kept
** Cannot fail.
*/
void gn__vb_return_dawn(gn_game *g, const vb_return *r) {
  for (int u = 0; u < g->sc->nunits; u++) {
    if (!gn__vb_returning(g, u)) continue;
    const char *name = gn__vb_uname(g, u);
    int side = g->sc->unit[u].side, sp = g->st.u[u].strength;
    /* 1) */
    int ldr = leader_of(g, u);
    if (ldr < 0) {
      gn__vb_own_event(gn__event(g, "return", "VB-B22", u, -1,
                                 "%s (%d SP) has no leader on the table to come back to and stays off the table "
                                 "today", name, sp),
                       side);
      continue;
    }
    /* 2) */
    gn_box b;
    if (default_spot(g, u, ldr, r, &b)) {
      put(g, u, b);
      gn__vb_own_event(gn__event(g, "return", "VB-B22", u, ldr, "%s (%d SP) comes back at %.2f,%.2f, behind %s",
                                 name, sp, b.c.x, b.c.y, gn__vb_uname(g, ldr)),
                       side);
      gn_event *e = gn__event(g, "return", "VB-B22", u, ldr, "%s comes back at %.2f,%.2f facing %.1f, behind %s",
                              name, b.c.x, b.c.y, gn__compass(b.facing), gn__vb_uname(g, ldr));
      if (e) gn__event_hide(e, ~(1u << side));   /* the others see it come back, not its SP */
      continue;
    }
    /* 3) */
    gn__vb_own_event(gn__event(g, "return", "VB-B22", u, ldr,
                               "%s (%d SP) finds no room near %s and stays off the table today, its SP kept", name, sp,
                               gn__vb_uname(g, ldr)),
                     side);
  }
}

/* Recovery phase: each side is told which of its stands come back. Cannot
** fail. */
void gn__vb_return_announce(gn_game *g) {
  for (int u = 0; u < g->sc->nunits; u++) {
    if (!gn__vb_returning(g, u)) continue;
    gn__vb_own_event(gn__event(g, "return", "VB-B22", u, -1,
                               "%s (%d SP) is off the table and comes back at dawn: 'place' it, or it is placed "
                               "behind its leader",
                               gn__vb_uname(g, u), g->st.u[u].strength),
                     g->sc->unit[u].side);
  }
}
