/*
** retreat.c: retreats and routs of Volley & Bayonet (ref. VB-41 to VB-50).
**
** A retiring stand moves in a straight line; the path is found exactly by
** sweeping oriented rectangles along it (separating axes): for each other
** stand, the stretch [s_in, s_out] of the path over which the two bases meet.
*/
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "vb.h"

#define MAXBODY 32   /* stands of a retreating body held in place */

/* A stand stopped short of an enemy stays this far from it (table units): a
** tolerance of the geometry, not a rule. */
#define GAP 1e-3
#define PI 3.14159265358979323846

static double dot(gn_vec2 a, gn_vec2 b) { return a.x * b.x + a.y * b.y; }
static gn_vec2 along(gn_vec2 p, gn_vec2 u, double s) { gn_vec2 r = {p.x + u.x * s, p.y + u.y * s}; return r; }

/* Half of box b's extent along ax; f is b's facing, {cos, sin}. */
static double half_extent(gn_box b, gn_vec2 f, gn_vec2 ax) {
  gn_vec2 l = {-f.y, f.x};
  return fabs(b.d) / 2 * fabs(dot(f, ax)) + fabs(b.w) / 2 * fabs(dot(l, ax));
}

/* The cosine and sine of each facing are taken once: the same doubles the
** axes and the extents were always computed from. */
int gn__vb_sweep(gn_box a, gn_vec2 u, gn_box b, double shrink, double *lo, double *hi) {
  gn_vec2 fa = {cos(a.facing), sin(a.facing)}, fb = {cos(b.facing), sin(b.facing)};
  gn_vec2 ax[4] = {fa, {-fa.y, fa.x}, fb, {-fb.y, fb.x}};
  gn_vec2 dc = {a.c.x - b.c.x, a.c.y - b.c.y};
  double l = -INFINITY, h = INFINITY;
  for (int i = 0; i < 4; i++) {
    double r = half_extent(a, fa, ax[i]) + half_extent(b, fb, ax[i]) - shrink;
    double d0 = dot(dc, ax[i]), v = dot(u, ax[i]);
    if (fabs(v) < 1e-12) {
      if (fabs(d0) > r + 1e-12) return 0;
      continue;
    }
    double s1 = (-r - d0) / v, s2 = (r - d0) / v;
    if (s1 > s2) { double t = s1; s1 = s2; s2 = t; }
    if (s1 > l) l = s1;
    if (s2 < h) h = s2;
  }
  if (l > h) return 0;
  *lo = l;
  *hi = h;
  return 1;
}

static gn_box moved(gn_box b, gn_vec2 u, double s) { b.c = along(b.c, u, s); return b; }

static int enemy(const gn_game *g, int unit, int e) {
  return e != unit && g->sc->unit[e].side != g->sc->unit[unit].side && gn__vb_alive(g, e) &&
         !gn__vb_is_leader(gn__vb_type(g, e));
}

/* How far the stand gets along u before it would touch an enemy stand it
** does not touch now (those it touches it may not overlap); INFINITY when
** nothing is in the way (ref. VB-42). Cannot fail. */
static double enemy_limit(gn_game *g, int unit, gn_vec2 u) {
  gn_box b = g->st.u[unit].box;
  double lim = INFINITY, lo, hi;
  for (int e = 0; e < g->st.nunits; e++) {
    if (!enemy(g, unit, e)) continue;
    gn_box eb = g->st.u[e].box;
    if (gn_box_distance(b, eb) <= GN_CONTACT_EPS) {
      if (gn__vb_sweep(b, u, eb, GN_CONTACT_EPS, &lo, &hi) && hi > 0 && lo < lim) lim = lo > 0 ? lo : 0;
    } else if (gn__vb_sweep(b, u, eb, 0, &lo, &hi) && hi >= 0 && lo - GAP < lim) {
      lim = lo - GAP > 0 ? lo - GAP : 0;
    }
  }
  return lim;
}

/* 1 when some point of base a, moving by u over [0, len], passes through two
** opposite sides of base b (ref. VB-44). Points: 5 per edge of a. */
static int through(gn_box a, gn_vec2 u, double len, gn_box b) {
  gn_vec2 c[4], f = {cos(b.facing), sin(b.facing)}, l = {-f.y, f.x};
  double hd = fabs(b.d) / 2, hw = fabs(b.w) / 2, e = 1e-9;
  gn_box_corners(a, c);
  for (int k = 0; k < 4; k++)
    for (int j = 0; j < 5; j++) {
      double t = j / 4.0;
      gn_vec2 p = {c[k].x + (c[(k + 1) % 4].x - c[k].x) * t, c[k].y + (c[(k + 1) % 4].y - c[k].y) * t};
      gn_vec2 q = along(p, u, len), p0 = {p.x - b.c.x, p.y - b.c.y}, q0 = {q.x - b.c.x, q.y - b.c.y};
      double x0 = dot(p0, f), y0 = dot(p0, l), x1 = dot(q0, f), y1 = dot(q0, l);
      int cross[4] = {0, 0, 0, 0};      /* front, rear, left, right */
      for (int s = 0; s < 2; s++) {
        double X = s ? -hd : hd;
        /* a crossing strictly inside the edge: sliding along a side is not one */
        if (x0 != x1 && fmin(x0, x1) <= X + e && X - e <= fmax(x0, x1)) {
          double y = y0 + (X - x0) / (x1 - x0) * (y1 - y0);
          if (fabs(y) < hw - e) cross[s] = 1;
        }
        double Y = s ? -hw : hw;
        if (y0 != y1 && fmin(y0, y1) <= Y + e && Y - e <= fmax(y0, y1)) {
          double x = x0 + (Y - y0) / (y1 - y0) * (x1 - x0);
          if (fabs(x) < hd - e) cross[2 + s] = 1;
        }
      }
      if ((cross[0] && cross[1]) || (cross[2] && cross[3])) return 1;
    }
  return 0;
}

/* 1 when the centre's path a->b goes through disordering terrain, bridges
** (over streams and rivers) and towns excepted (ref. VB-43). */
static int rough(const gn_game *g, gn_vec2 a, gn_vec2 b) {
  const vb_combat *c = gn__vb_combat(g);
  gn_crossing xbuf[32], *xs;
  if (a.x == b.x && a.y == b.y) return 0;
  int n = gn__crossings(g, a, b, xbuf, 32, &xs), hurt = 0;
  for (int i = 0; i < n && !hurt; i++) {
    const gn_feature *f = &g->sc->features[xs[i].feature];
    if (f->kind < 0 || f->kind >= VB_TR_COUNT || !c->disordering[f->kind]) continue;
    if (f->shape == GN_SHAPE_LINE) {
      gn_vec2 p = {a.x + (b.x - a.x) * xs[i].t_in, a.y + (b.y - a.y) * xs[i].t_in};
      int bridged = 0;
      for (int k = 0; k < g->sc->nterrain; k++)
        if (g->sc->features[k].kind == VB_TR_BRIDGE && gn_feature_contains(&g->sc->features[k], p)) bridged = 1;
      if (bridged) continue;
    }
    hurt = 1;
  }
  gn__room_free(g, xbuf, xs, n, sizeof *xs);
  return hurt;
}

typedef struct member { int u; double pick; gn_box b0; } member;

/* How far box b must move along u until it is clear of the area feature f,
** touching at most: past the last point where it meets any edge of f (each
** edge swept as a base of no depth), 0 when it never meets one ahead.
** Cannot fail. */
static double clear_of(gn_box b, gn_vec2 u, const gn_feature *f) {
  double need = 0, lo, hi;
  for (int i = 0; i < f->npts; i++) {
    gn_vec2 a = f->pts[i], c = f->pts[(i + 1) % f->npts];
    double ex = c.x - a.x, ey = c.y - a.y, len = hypot(ex, ey);
    if (len <= 0) continue;
    gn_box e = {{(a.x + c.x) / 2, (a.y + c.y) / 2}, len, 0, atan2(-ex, ey)};
    if (gn__vb_sweep(b, u, e, 0, &lo, &hi) && hi > need) need = hi;
  }
  return need;
}

/* Slack of the floating-point comparisons below (table units, degrees):
** tolerances of the arithmetic, not rules. */
#define WAY_EPS 1e-9     /* a way this short has no direction: the stand goes to its rear */
#define CMP_EPS 1e-9     /* last deviation step, "full distance", "first half of the move" */
#define GROW_EPS 1e-12   /* the body's distance has stopped growing */

/* A retreat under way: the chosen path and the body it carries. */
typedef struct retreat {
  gn_game *g;
  const vb_combat *c;
  int unit, routed, inf, skirm;
  gn_vec2 u;                  /* the way taken, a unit vector */
  double len;                 /* the distance it must go (step 1, with the town's) */
  double reach, limit, dev;   /* how far it gets, the enemy's limit, the deviation (degrees) */
  double end;                 /* how far the stand itself ends up */
  int stop;                   /* stopped against friendly cavalry (ref. VB-50) */
  member bbuf[MAXBODY], *body;   /* a larger body goes to the heap, room for all */
  int nb;
  unsigned char *seen;        /* 1 met, 2 passed through */
  size_t nu;
} retreat;

/* Step 2: straight away from `away`; to the rear of b0 when `away` is its centre. */
static gn_vec2 way_from(gn_box b0, gn_vec2 away) {
  gn_vec2 u0 = {b0.c.x - away.x, b0.c.y - away.y};
  double n0 = hypot(u0.x, u0.y);
  if (n0 < WAY_EPS) { u0.x = -cos(b0.facing); u0.y = -sin(b0.facing); }
  else { u0.x /= n0; u0.y /= n0; }
  return u0;
}

/* u0 turned by deg degrees. */
static gn_vec2 turned(gn_vec2 u0, double deg) {
  double a = deg * PI / 180;
  gn_vec2 v = {u0.x * cos(a) - u0.y * sin(a), u0.x * sin(a) + u0.y * cos(a)};
  return v;
}

/*
** Step 3: the path (ref. VB-42, VB-35). Tries deviations 0, +step, -step,
** +2 step ... up to retreat.deviation_max:
**   a) the distance along each is len0, or more to get clear of the town block
**   b) how far it gets is the lesser of that and the enemy's limit
**   c) the first that goes the full distance wins; else the one that gets farthest
** Cannot fail.
*/
static void choose_path(retreat *r, gn_vec2 u0, double len0, int town) {
  gn_game *g = r->g;
  const vb_combat *c = r->c;
  gn_box b0 = g->st.u[r->unit].box;
  int full = 0;
  r->u = u0; r->reach = -1; r->limit = 0; r->dev = 0; r->len = len0;
  for (int k = 0; k * c->dev_step <= c->dev_max + CMP_EPS; k++) {
    for (int sgn = 1; sgn >= (k ? -1 : 1); sgn -= 2) {
      gn_vec2 v = turned(u0, sgn * k * c->dev_step);
      /* a) */
      double Lv = len0;
      if (town >= 0) {                              /* ref. VB-35: out of the block */
        double out = clear_of(b0, v, &g->sc->features[town]) + GAP;
        if (out > Lv) Lv = out;
      }
      /* b) */
      double lim = enemy_limit(g, r->unit, v), reach = lim < Lv ? lim : Lv;
      /* c) */
      int f = reach >= Lv - CMP_EPS;
      if ((f && !full) || (f == full && reach > r->reach + CMP_EPS)) {
        r->reach = reach; r->u = v; r->limit = lim; r->dev = sgn * k * c->dev_step; r->len = Lv; full = f;
      }
    }
    if (full) break;
  }
}

/* Step 4 a): the next friend the body meets (their bases would overlap, not
** only touch, before the end); -1 when none. *cp is where along the stand's
** path it is met, *out where the member `*by` that meets it leaves it. */
static int next_friend(const retreat *r, double *cp, double *out, int *by) {
  const gn_game *g = r->g;
  int f = -1;
  *cp = INFINITY; *out = 0; *by = 0;
  for (int v = 0; v < g->st.nunits; v++) {
    if (r->seen[v] || !gn__vb_alive(g, v) || g->sc->unit[v].side != g->sc->unit[r->unit].side) continue;
    if (gn__vb_is_leader(gn__vb_type(g, v))) continue;
    for (int m = 0; m < r->nb; m++) {
      double lo, hi, slo, shi;
      const member *b = &r->body[m];
      gn_box vb = g->st.u[v].box;
      if (!gn__vb_sweep(b->b0, r->u, vb, GN_CONTACT_EPS, &slo, &shi) || shi <= 0) continue;
      if (b->pick + (slo > 0 ? slo : 0) >= r->end) continue;
      if (!gn__vb_sweep(b->b0, r->u, vb, 0, &lo, &hi)) continue;
      if (lo < 0) lo = 0;
      if (b->pick + lo < *cp) { *cp = b->pick + lo; *out = b->pick + hi; f = v; *by = m; }
    }
  }
  return f;
}

/*
** Step 4 c) to e): what passing friend f does to it; 1 when it is carried.
**   c) skirmishers never disorder friends (ref. VB-49); a skirmisher friend,
**      a routed one, or one not passed through within the first half of the
**      move (ref. VB-44) is passed without effect
**   d) a friend in good order is disordered and passed through (ref. VB-45)
**   e) a disordered friend is routed by a routing stand (ref. VB-47),
**      artillery lost; else carried back (ref. VB-46)
** Cannot fail.
*/
static int affect_friend(retreat *r, int f, gn__ustate *fs, double cp, double out, int by) {
  gn_game *g = r->g;
  int unit = r->unit;
  double span = out - r->body[by].pick;
  int qualifies = cp <= r->len / 2 + CMP_EPS && through(r->body[by].b0, r->u, span + GAP, fs->box);   /* ref. VB-44 */
  /* c) */
  if (r->skirm) {
    gn__event(g, "retreat", "VB-49", unit, f, "skirmishers %s pass %s without disordering it",
              gn__vb_uname(g, unit), gn__vb_uname(g, f));
    return 0;
  }
  if (gn__vb_type(g, f) == VB_T_SKIRMISHER || fs->vb.routed || !qualifies) return 0;
  /* d) */
  if (fs->vb.disorder == 0) {
    gn__vb_disorder(g, f, 1, "VB-45", "a retiring stand passed through it");
    return 0;
  }
  /* e) */
  if (r->routed) {                                                    /* ref. VB-47 */
    gn__event(g, "rout", "VB-47", f, unit, "%s is routed by %s passing through", gn__vb_uname(g, f),
              gn__vb_uname(g, unit));
    if (gn__vb_is_artillery(gn__vb_type(g, f))) {
      gn__vb_lose_sp(g, f, fs->strength, gn__vb_in_contact(g, f) ? 3 : 0, "VB-57", "artillery routs");
      return 0;
    }
    fs->vb.routed = 1;
    if (r->c->rout_sp > 0) gn__vb_lose_sp(g, f, r->c->rout_sp, 0, "VB-B9", "rout");
    return gn__vb_alive(g, f);
  }
  gn__event(g, "retreat", "VB-46", f, unit, "%s is carried back by %s", gn__vb_uname(g, f), gn__vb_uname(g, unit));
  return 1;
}

/* Step 4 f): a carried friend joins the body, which moves back ahead of the
** stand (ref. VB-48); any other is marked passed through. Out of memory the
** friend is only passed: noted, the order fails whole. */
static void join_body(retreat *r, int f, const gn__ustate *fs, double cp, int carried) {
  if (carried && r->nb == MAXBODY && r->body == r->bbuf) {
    int all = (int)r->nu;
    member *big = gn__room(r->g, NULL, 0, &all, sizeof *big);
    if (big) {
      memcpy(big, r->bbuf, sizeof r->bbuf);
      r->body = big;
    } else {
      carried = 0;
    }
  }
  if (carried) {                                                      /* ref. VB-48 */
    r->body[r->nb].u = f; r->body[r->nb].pick = cp; r->body[r->nb].b0 = fs->box;
    r->nb++;
  } else {
    r->seen[f] = 2;
  }
}

/* Step 4 g): how far the stand must go so that no member of the body ends on
** a friend it passed through (ref. VB-45). Cannot fail. */
static double clear_of_passed(const retreat *r) {
  const gn_game *g = r->g;
  double want = r->end;
  for (int v = 0; v < g->st.nunits; v++) {
    if (r->seen[v] != 2 || !gn__vb_alive(g, v)) continue;
    for (int m = 0; m < r->nb; m++) {
      const member *b = &r->body[m];
      double lo, hi, se = r->end - b->pick;
      gn_box vb = g->st.u[v].box;
      if (!gn__vb_sweep(b->b0, r->u, vb, GN_CONTACT_EPS, &lo, &hi) || se <= lo || se >= hi) continue;
      if (gn__vb_sweep(b->b0, r->u, vb, 0, &lo, &hi) && b->pick + hi + GAP > want)
        want = b->pick + hi + GAP;
    }
  }
  return want;
}

/*
** Step 4: friends met, in the order met by the stand or the body it carries.
**   a) find the next friend met before the end (next_friend)
**   b) infantry stops on touching friendly cavalry, which it leaves alone (ref. VB-50)
**   c) to e) the friend is passed, disordered, routed or carried (affect_friend)
**   f) a carried friend joins the body (join_body)
**   g) when no friend is left, go on until clear of those passed (ref. VB-45),
**      never past the enemy's limit, and look again for friends
** Each round but the last meets a friend not met before: at most a round a stand.
** Cannot fail.
*/
static void meet_friends(retreat *r) {
  gn_game *g = r->g;
  for (int round = 0; round <= g->st.nunits && !r->stop; round++) {
    while (!r->stop) {
      double cp, out;
      int by;
      /* a) */
      int f = next_friend(r, &cp, &out, &by);
      if (f < 0) break;
      r->seen[f] = 1;
      gn__ustate *fs = gn__uw(g, f);
      /* b) */
      if (r->inf && gn__vb_cav_stand(g, f)) {                                   /* ref. VB-50 */
        r->end = cp;
        r->stop = 1;
        gn__event(g, "retreat", "VB-50", r->unit, f, "%s stops against friendly cavalry %s",
                  gn__vb_uname(g, r->unit), gn__vb_uname(g, f));
        break;
      }
      /* c) to e) */
      int carried = affect_friend(r, f, fs, cp, out, by);
      /* f) */
      join_body(r, f, fs, cp, carried);
    }
    if (r->stop) break;
    /* g) */
    double want = clear_of_passed(r);
    if (want > r->limit) want = r->limit;
    if (want <= r->end + GROW_EPS) break;
    r->end = want;
  }
}

/*
** Steps 5 and 6 for each stand of the body: place it (facings unchanged), no
** longer stationary (ref. VB-B16); battalion guns through closed terrain lost
** (ref. VB-27); SP lost in disordering terrain (ref. VB-43); off the table
** when its centre leaves it. Cannot fail.
*/
static void place_body(retreat *r) {
  gn_game *g = r->g;
  const vb_combat *c = r->c;
  for (int m = 0; m < r->nb; m++) {
    const member *b = &r->body[m];
    int v = b->u;
    double s = r->end - b->pick;
    if (s < 0) s = 0;
    gn_box nbx = moved(b->b0, r->u, s);
    int hurt = rough(g, b->b0.c, nbx.c);
    gn__unit_place(g, v, nbx);
    vb_uw(g, v)->stationary = 0;                                    /* ref. VB-B16 */
    gn__vb_guns_check(g, v, b->b0, nbx, r->routed ? " routing" : " retreating");   /* ref. VB-27 */
    gn_event *e = gn__event(g, "retreat", m ? "VB-48" : "VB-41", v, -1,
                            "%s %s %.2f %s from %.2f,%.2f to %.2f,%.2f facing %.1f", gn__vb_uname(g, v),
                            r->routed ? "routs" : "retreats", s, gn__vb_unit_word(g), b->b0.c.x,
                            b->b0.c.y, nbx.c.x, nbx.c.y, gn__compass(nbx.facing));
    if (e && m == 0 && r->dev != 0) gn__event_mod(e, "deviation (degrees)", (int)lround(r->dev), "VB-42");
    if (hurt && c->terrain_sp > 0)
      gn__vb_lose_sp(g, v, c->terrain_sp, 0, "VB-43", "retreat through disordering terrain");
    if (gn__vb_alive(g, v) &&
        (nbx.c.x < 0 || nbx.c.y < 0 || nbx.c.x > g->sc->width || nbx.c.y > g->sc->height)) {
      gn__vb_take_off(g, v);
      gn__event(g, "offtable", "VB-41", v, -1, "%s leaves the table", gn__vb_uname(g, v));
    }
  }
}

/* ref. VB-56 [interpretation] "wiped out while surrounded": a stand is
** surrounded when it could not retreat away from `away` at all: every path
** the retreat may take (straight, or deviated up to retreat.deviation_max,
** ref. VB-42) meets an enemy stand at once. Cannot fail. */
int gn__vb_surrounded(gn_game *g, int unit, gn_vec2 away) {
  const vb_combat *c = gn__vb_combat(g);
  gn_vec2 u0 = way_from(g->st.u[unit].box, away);
  for (int k = 0; k * c->dev_step <= c->dev_max + CMP_EPS; k++)
    for (int sgn = 1; sgn >= (k ? -1 : 1); sgn -= 2)
      if (enemy_limit(g, unit, turned(u0, sgn * k * c->dev_step)) > GAP) return 0;
  return 1;
}

/*
** Retreat (routed 0: a disordered stand driven back) or rout (routed 1) of a
** stand away from the point `away`.
**   1) the distance: a rout morale.rout.move of the stand's move, a retreat
**      melee.loser.move of it (ref. VB-B9, VB-B11); a stand ejected from the
**      town block `town` (a feature index, -1 none) goes at least until its
**      base is clear of the block (ref. VB-35, melee.town.eject_clear)
**   2) the way: straight away from `away`, the middle of the causing stands
**      (ref. VB-41); to the rear when `away` is its centre
**   3) the path: straight unless an enemy stand is in the way; then the least
**      deviation (retreat.deviation_step each side, up to deviation_max) that
**      avoids it, else the one that gets farthest (ref. VB-42). Friends and
**      terrain are never avoided. A stand that cannot move at all is wiped
**      out, surrounded (wiped 1) when retreat.blocked_eliminated is 1
**   4) friends met, in the order met by the stand or the body it carries:
**      infantry stops on touching friendly cavalry, which it leaves alone
**      (ref. VB-50); skirmishers never disorder friends (ref. VB-49); a friend
**      is affected only if a part of the retiring base crosses two opposite
**      sides of it and they first touch within the first half of the move
**      (ref. VB-44): in good order it is disordered and passed through
**      (ref. VB-45); already disordered, it is carried back (ref. VB-46) or,
**      by a routing stand, routed (ref. VB-47); carried and routed stands move
**      back ahead of it in a body, and friends further back are passed by the
**      body as by one stand (ref. VB-48). The stand never ends on a friend it
**      passed: it goes on until clear of it (ref. VB-45)
**   5) terrain: each stand of the body whose path crosses disordering terrain
**      loses retreat.terrain_sp SP; bridges and towns excepted (ref. VB-43);
**      battalion guns driven through terrain closed to artillery are lost
**      (ref. VB-27: any move through it, a retreat or rout too)
**   6) place the body (facings unchanged); a stand driven back has moved: it
**      is no longer stationary (ref. VB-B16); a stand whose centre leaves the
**      table is off it
** Fails only with GN_ENOMEM.
*/
int gn__vb_retreat_from(gn_game *g, int unit, gn_vec2 away, int routed, int town) {
  const vb_combat *c = gn__vb_combat(g);
  /* 1) */
  double L0 = (routed ? c->rout_move : c->loser_move) * gn__vb_rate(g, unit);   /* ref. VB-B4, VB-26 */
  if (L0 <= 0 && town < 0) return 0;
  /* 2) */
  gn_vec2 u0 = way_from(g->st.u[unit].box, away);
  /* 3) */
  retreat r;
  memset(&r, 0, sizeof r);
  r.g = g; r.c = c; r.unit = unit; r.routed = routed;
  choose_path(&r, u0, L0, town);
  if (r.reach <= GAP) {     /* it cannot get clear of the enemy at all */
    gn__event(g, "retreat", "VB-42", unit, -1, "%s cannot retreat: enemy on every side", gn__vb_uname(g, unit));
    if (c->blocked_eliminated)
      gn__vb_lose_sp(g, unit, g->st.u[unit].strength, 1, "VB-42", "surrounded, cannot retreat");
    return 0;
  }
  r.end = r.reach;
  /* 4) */
  r.nu = (size_t)g->st.nunits + 1;               /* each stand joins the body once at most */
  r.seen = gn__calloc(g, r.nu, 1);
  if (!r.seen) return gn__error(g, GN_ENOMEM, "out of memory");
  r.body = r.bbuf;
  r.body[0].u = unit; r.body[0].pick = 0; r.body[0].b0 = g->st.u[unit].box;
  r.nb = 1;
  r.seen[unit] = 1;
  r.inf = gn__vb_infantry(g, unit);
  r.skirm = gn__vb_type(g, unit) == VB_T_SKIRMISHER;
  meet_friends(&r);
  gn__free(g, r.seen, r.nu);
  /* 5) and 6) */
  place_body(&r);
  gn__room_free(g, r.bbuf, r.body, (int)r.nu, sizeof *r.body);
  return 0;
}

int gn__vb_retreat(gn_game *g, int unit, gn_vec2 away, int routed) {
  return gn__vb_retreat_from(g, unit, away, routed, -1);
}
