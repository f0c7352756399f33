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

static int is_cav(const gn_game *g, int u) {
  return gn__vb_is_cavalry(gn__vb_type(g, u)) || gn__vb_is_cav_skirmisher(g, u);
}

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

/* ref. VB-56 [interpretation] "wiped out while surrounded": a stand is
** surrounded when it could not retreat away from `away` at all: every path
** the retreat may take (straight, or deviated up to retreat.deviation_max,
** ref. VB-42) meets an enemy stand at once. Cannot fail. */
int gn__vb_surrounded(gn_game *g, int unit, gn_vec2 away) {
  const vb_combat *c = gn__vb_combat(g);
  gn_box b0 = g->st.u[unit].box;
  gn_vec2 u0 = {b0.c.x - away.x, b0.c.y - away.y};
  double n0 = hypot(u0.x, u0.y);
  if (n0 < 1e-9) { u0.x = -cos(b0.facing); u0.y = -sin(b0.facing); }
  else { u0.x /= n0; u0.y /= n0; }
  for (int k = 0; k * c->dev_step <= c->dev_max + 1e-9; k++)
    for (int sgn = 1; sgn >= (k ? -1 : 1); sgn -= 2) {
      double a = sgn * k * c->dev_step * PI / 180;
      gn_vec2 v = {u0.x * cos(a) - u0.y * sin(a), u0.x * sin(a) + u0.y * cos(a)};
      if (enemy_limit(g, unit, v) > GAP) return 0;
    }
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
**      out, surrounded (VB_WIPED 1) when retreat.blocked_eliminated is 1
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
  gn_box b0 = g->st.u[unit].box;
  /* 1) */
  double L0 = (routed ? c->rout_move : c->loser_move) * gn__vb_rate(g, unit);   /* ref. VB-B4, VB-26 */
  if (L0 <= 0 && town < 0) return 0;
  double L = L0;
  /* 2) */
  gn_vec2 u0 = {b0.c.x - away.x, b0.c.y - away.y};
  double n0 = hypot(u0.x, u0.y);
  if (n0 < 1e-9) { u0.x = -cos(b0.facing); u0.y = -sin(b0.facing); }
  else { u0.x /= n0; u0.y /= n0; }
  /* 3) */
  gn_vec2 u = u0;
  double best = -1, limit = 0, dev = 0;
  int full = 0;
  for (int k = 0; k * c->dev_step <= c->dev_max + 1e-9; k++) {
    for (int sgn = 1; sgn >= (k ? -1 : 1); sgn -= 2) {
      double a = sgn * k * c->dev_step * PI / 180;
      gn_vec2 v = {u0.x * cos(a) - u0.y * sin(a), u0.x * sin(a) + u0.y * cos(a)};
      double Lv = L0;
      if (town >= 0) {                              /* ref. VB-35: out of the block */
        double out = clear_of(b0, v, &g->sc->features[town]) + GAP;
        if (out > Lv) Lv = out;
      }
      double lim = enemy_limit(g, unit, v), reach = lim < Lv ? lim : Lv;
      int f = reach >= Lv - 1e-9;
      if ((f && !full) || (f == full && reach > best + 1e-9)) {
        best = reach; u = v; limit = lim; dev = sgn * k * c->dev_step; L = Lv; full = f;
      }
    }
    if (full) break;
  }
  if (best <= GAP) {        /* it cannot get clear of the enemy at all */
    gn__event(g, "retreat", "VB-42", unit, -1, "%s cannot retreat: enemy on every side", gn__vb_uname(g, unit));
    if (c->blocked_eliminated)
      gn__vb_lose_sp(g, unit, g->st.u[unit].strength, 1, "VB-42", "surrounded, cannot retreat");
    return 0;
  }
  double end = best;
  /* 4) */
  int nb = 1, stop = 0;
  size_t nu = (size_t)g->st.nunits + 1;          /* each stand joins the body once at most */
  unsigned char *seen = gn__calloc(g, nu, 1);
  member bbuf[MAXBODY], *body = bbuf;            /* a larger body goes to the heap, room for all */
  if (!seen) return gn__error(g, GN_ENOMEM, "out of memory");
  body[0].u = unit; body[0].pick = 0; body[0].b0 = b0;
  seen[unit] = 1;
  int inf = gn__vb_infantry(g, unit), skirm = gn__vb_type(g, unit) == VB_T_SKIRMISHER;
  /* each round but the last meets a friend not met before: at most a round a stand */
  for (int round = 0; round <= g->st.nunits && !stop; round++) {
    while (!stop) {
      int f = -1, by = 0;
      double cp = INFINITY, out = 0;
      for (int v = 0; v < g->st.nunits; v++) {
        if (seen[v] || !gn__vb_alive(g, v) || g->sc->unit[v].side != g->sc->unit[unit].side) continue;
        if (gn__vb_is_leader(gn__vb_type(g, v))) continue;
        for (int m = 0; m < nb; m++) {
          /* met: the bases would overlap (not only touch) before the end */
          double lo, hi, slo, shi;
          gn_box vb = g->st.u[v].box;
          if (!gn__vb_sweep(body[m].b0, u, vb, GN_CONTACT_EPS, &slo, &shi) || shi <= 0) continue;
          if (body[m].pick + (slo > 0 ? slo : 0) >= end) continue;
          if (!gn__vb_sweep(body[m].b0, u, vb, 0, &lo, &hi)) continue;
          if (lo < 0) lo = 0;
          if (body[m].pick + lo < cp) { cp = body[m].pick + lo; out = body[m].pick + hi; f = v; by = m; }
        }
      }
      if (f < 0) break;
      seen[f] = 1;
      gn__ustate *fs = gn__uw(g, f);
      if (inf && is_cav(g, f)) {                                      /* ref. VB-50 */
        end = cp;
        stop = 1;
        gn__event(g, "retreat", "VB-50", unit, f, "%s stops against friendly cavalry %s", gn__vb_uname(g, unit),
                  gn__vb_uname(g, f));
        break;
      }
      double span = out - body[by].pick;
      int qualifies = cp <= L / 2 + 1e-9 && through(body[by].b0, u, span + GAP, fs->box);   /* ref. VB-44 */
      int carried = 0;
      if (skirm) {
        gn__event(g, "retreat", "VB-49", unit, f, "skirmishers %s pass %s without disordering it",
                  gn__vb_uname(g, unit), gn__vb_uname(g, f));
      } else if (gn__vb_type(g, f) == VB_T_SKIRMISHER || fs->attr[VB_ROUTED] || !qualifies) {
        /* not formed, already routed, or only brushed: passed without effect */
      } else if (fs->attr[VB_DISORDER] == 0) {
        gn__vb_disorder(g, f, 1, "VB-45", "a retiring stand passed through it");
      } else if (routed) {                                            /* ref. VB-47 */
        gn__event(g, "rout", "VB-47", f, unit, "%s is routed by %s passing through", gn__vb_uname(g, f),
                  gn__vb_uname(g, unit));
        if (gn__vb_is_artillery(gn__vb_type(g, f))) {
          gn__vb_lose_sp(g, f, fs->strength, gn__vb_in_contact(g, f) ? 3 : 0, "VB-57", "artillery routs");
        } else {
          fs->attr[VB_ROUTED] = 1;
          if (c->rout_sp > 0) gn__vb_lose_sp(g, f, c->rout_sp, 0, "VB-B9", "rout");
          carried = gn__vb_alive(g, f);
        }
      } else {                                                        /* ref. VB-46 */
        gn__event(g, "retreat", "VB-46", f, unit, "%s is carried back by %s", gn__vb_uname(g, f), gn__vb_uname(g, unit));
        carried = 1;
      }
      if (carried && nb == MAXBODY && body == bbuf) {
        int all = (int)nu;
        member *big = gn__room(g, NULL, 0, &all, sizeof *big);
        if (big) {
          memcpy(big, bbuf, sizeof bbuf);
          body = big;
        } else {
          carried = 0;             /* out of memory: noted, the order fails whole */
        }
      }
      if (carried) {                                                  /* ref. VB-48 */
        body[nb].u = f; body[nb].pick = cp; body[nb].b0 = fs->box;
        nb++;
      } else {
        seen[f] = 2;                                                  /* passed through */
      }
    }
    if (stop) break;
    /* ref. VB-45: the body never ends on a friend it passed: go on until clear */
    double want = end;
    for (int v = 0; v < g->st.nunits; v++) {
      if (seen[v] != 2 || !gn__vb_alive(g, v)) continue;
      for (int m = 0; m < nb; m++) {
        double lo, hi, se = end - body[m].pick;
        gn_box vb = g->st.u[v].box;
        if (!gn__vb_sweep(body[m].b0, u, vb, GN_CONTACT_EPS, &lo, &hi) || se <= lo || se >= hi) continue;
        if (gn__vb_sweep(body[m].b0, u, vb, 0, &lo, &hi) && body[m].pick + hi + GAP > want)
          want = body[m].pick + hi + GAP;
      }
    }
    if (want > limit) want = limit;
    if (want <= end + 1e-12) break;
    end = want;
  }
  gn__free(g, seen, nu);
  /* 5) and 6) */
  for (int m = 0; m < nb; m++) {
    int v = body[m].u;
    double s = end - body[m].pick;
    if (s < 0) s = 0;
    gn_box nbx = moved(body[m].b0, u, s);
    int hurt = rough(g, body[m].b0.c, nbx.c);
    gn__unit_place(g, v, nbx);
    gn__uw(g, v)->attr[VB_STATIONARY] = 0;                          /* ref. VB-B16 */
    gn__vb_guns_check(g, v, body[m].b0, nbx, routed ? " routing" : " retreating");   /* ref. VB-27 */
    gn_event *e = gn__event(g, "retreat", m ? "VB-48" : "VB-41", v, -1,
                            "%s %s %.2f %s from %.2f,%.2f to %.2f,%.2f facing %.1f", gn__vb_uname(g, v),
                            routed ? "routs" : "retreats", s, gn__vb_unit_word(g), body[m].b0.c.x,
                            body[m].b0.c.y, nbx.c.x, nbx.c.y, gn__compass(nbx.facing));
    if (e && m == 0 && dev != 0) gn__event_mod(e, "deviation (degrees)", (int)lround(dev), "VB-42");
    if (hurt && c->terrain_sp > 0)
      gn__vb_lose_sp(g, v, c->terrain_sp, 0, "VB-43", "retreat through disordering terrain");
    if (gn__vb_alive(g, v) &&
        (nbx.c.x < 0 || nbx.c.y < 0 || nbx.c.x > g->sc->width || nbx.c.y > g->sc->height)) {
      gn__vb_take_off(g, v);
      gn__event(g, "offtable", "VB-41", v, -1, "%s leaves the table", gn__vb_uname(g, v));
    }
  }
  gn__room_free(g, bbuf, body, (int)nu, sizeof *body);
  return 0;
}

int gn__vb_retreat(gn_game *g, int unit, gn_vec2 away, int routed) {
  return gn__vb_retreat_from(g, unit, away, routed, -1);
}
