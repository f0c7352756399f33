/*
** geom.c: stands as oriented rectangles, terrain features, line of sight and
** path crossings (design decision 8). Pure functions of their arguments: no
** allocation, no globals, no state.
**
** A stand's own frame has x along its facing and y to its left; the stand is
** |x| <= hd, |y| <= hw (half depth, half frontage; a negative size counts by
** its absolute value).
**
** Tolerance. Coordinates are doubles, so "exactly on a boundary" rarely
** survives rounding (a facing of pi/2 has a cosine of 6e-17, not 0). Where the
** contract speaks of touching, boundaries and grazing, anything within
** GN_CONTACT_EPS of a boundary is on it. Everything else is the plain
** geometric answer with IEEE rounding only: no iteration, no approximation
** (build with -ffp-contract=off so every build rounds alike).
**
** Tracing a segment a->b (parameter t in [0, 1]) through a feature:
**   1) breakpoints: every t where it crosses an edge, plus the foot of every
**      vertex within GN_CONTACT_EPS of it; between two breakpoints being
**      inside or outside cannot change;
**   2) a piece between breakpoints is ON the boundary when both its ends are
**      within GN_CONTACT_EPS of one edge (then all of it is: distance to a
**      segment is convex), else INSIDE or OUTSIDE by its midpoint under the
**      even-odd rule, so winding order and convexity do not matter (a
**      self-crossing outline is read even-odd);
**   3) an area is crossed on each maximal run of pieces that are not OUTSIDE
**      and hold at least one INSIDE piece; a line is met at each breakpoint on
**      it that ends a piece not ON it.
** Breakpoints are taken in order by scanning for the least one after the
** current t: O(edges) per breakpoint and no memory.
*/
#include <math.h>

#include "core.h"

#define EPS GN_CONTACT_EPS

/* A stand's frame (core.h): centre, unit facing f, unit left l, half sizes. */
typedef gn__frame frame;

/* Pieces of a traced segment (see the file comment). */
enum { OUTSIDE, INSIDE, ON };

/* ------------------------------------------------------------ vectors */

/* a - b. Cannot fail. */
static gn_vec2 sub(gn_vec2 a, gn_vec2 b) {
  gn_vec2 r;
  r.x = a.x - b.x;
  r.y = a.y - b.y;
  return r;
}

/* Dot product. Cannot fail. */
static double dot(gn_vec2 a, gn_vec2 b) { return a.x * b.x + a.y * b.y; }

/* z of the cross product: > 0 when b turns left from a. Cannot fail. */
static double cross(gn_vec2 a, gn_vec2 b) { return a.x * b.y - a.y * b.x; }

/* Length. Cannot fail. */
static double len(gn_vec2 a) { return sqrt(dot(a, a)); }

/* The point at t on a->b; exactly a at 0 and b at 1. Cannot fail. */
static gn_vec2 at(gn_vec2 a, gn_vec2 b, double t) {
  gn_vec2 r;
  if (t >= 1)
    return b;
  r.x = a.x + t * (b.x - a.x);
  r.y = a.y + t * (b.y - a.y);
  return r;
}

/* Distance from p to segment a-b (a point when a == b). Cannot fail. */
static double seg_dist(gn_vec2 p, gn_vec2 a, gn_vec2 b) {
  gn_vec2 ab = sub(b, a), ap = sub(p, a);
  double l2 = dot(ab, ab), t;
  if (l2 == 0)
    return len(ap);
  t = dot(ap, ab) / l2;
  if (t <= 0)
    return len(ap);
  if (t >= 1)
    return len(sub(p, b));
  return len(sub(p, at(a, b, t)));
}

/* -------------------------------------------------------------- stands */

/* The direction of a facing. The four square facings, which most stands
** have, are exact and cost no trigonometry. Cannot fail. */
static gn_vec2 direction(double a) {
  static const double Q = 1.57079632679489661923;   /* pi / 2 */
  if (a == 0) return (gn_vec2){ 1, 0 };
  if (a == Q) return (gn_vec2){ 0, 1 };
  if (a == 2 * Q) return (gn_vec2){ -1, 0 };
  if (a == 3 * Q) return (gn_vec2){ 0, -1 };
  return (gn_vec2){ cos(a), sin(a) };
}

/* The frame of a stand. Cannot fail. */
static frame frame_of(gn_box b) {
  frame fr;
  fr.c = b.c;
  fr.f = direction(b.facing);
  fr.l.x = -fr.f.y;
  fr.l.y = fr.f.x;
  fr.hd = fabs(b.d) / 2;
  fr.hw = fabs(b.w) / 2;
  return fr;
}

/* The frame of a stand, for callers that keep it (see core.h). Cannot fail. */
gn__frame gn__frame_of(gn_box b) { return frame_of(b); }

/* p in the stand's frame: x along the facing, y to the left. Cannot fail. */
static gn_vec2 local(const frame *fr, gn_vec2 p) {
  gn_vec2 q = sub(p, fr->c), r;
  r.x = dot(q, fr->f);
  r.y = dot(q, fr->l);
  return r;
}

/* The frame point (x forward, y left) in table coordinates. Cannot fail. */
static gn_vec2 world(const frame *fr, double x, double y) {
  gn_vec2 r;
  r.x = fr->c.x + fr->f.x * x + fr->l.x * y;
  r.y = fr->c.y + fr->f.y * x + fr->l.y * y;
  return r;
}

/* Corners in the order of gn_box_corners. Cannot fail. */
static void corners(const frame *fr, gn_vec2 out[4]) {
  out[0] = world(fr, fr->hd, fr->hw);
  out[1] = world(fr, fr->hd, -fr->hw);
  out[2] = world(fr, -fr->hd, -fr->hw);
  out[3] = world(fr, -fr->hd, fr->hw);
}

/* Distance from p to the stand, 0 inside. Cannot fail. */
static double frame_dist(const frame *fr, gn_vec2 p) {
  gn_vec2 q = local(fr, p);
  double dx = fabs(q.x) - fr->hd, dy = fabs(q.y) - fr->hw;
  if (dx <= 0)
    return dy > 0 ? dy : 0;
  if (dy <= 0)
    return dx;
  return sqrt(dx * dx + dy * dy);
}

/* Half the stand's extent along unit axis ax. Cannot fail. */
static double half_extent(const frame *fr, gn_vec2 ax) {
  return fr->hd * fabs(dot(fr->f, ax)) + fr->hw * fabs(dot(fr->l, ax));
}

/*
** The least overlap of the two stands' shadows on their four edge normals
** (separating axis test): negative when they are apart, else how far one must
** be pushed to part them. Symmetric in a and b to the last bit. Cannot fail.
*/
static double sat_depth(const frame *a, const frame *b) {
  gn_vec2 ax[4], dc = sub(b->c, a->c);
  double depth = INFINITY, o;
  int i;
  ax[0] = a->f; ax[1] = a->l; ax[2] = b->f; ax[3] = b->l;
  for (i = 0; i < 4; i++) {
    o = half_extent(a, ax[i]) + half_extent(b, ax[i]) - fabs(dot(dc, ax[i]));
    if (o < depth)
      depth = o;
  }
  return depth;
}

/* Corners: front-left, front-right, rear-right, rear-left. Cannot fail. */
void gn_box_corners(gn_box b, gn_vec2 out[4]) {
  frame fr = frame_of(b);
  corners(&fr, out);
}

/* Edge-to-edge distance between two stands, 0 when they touch or overlap
** (gn__frame_distance below). Cannot fail. */
double gn_box_distance(gn_box a, gn_box b) {
  frame fa = frame_of(a), fb = frame_of(b);
  return gn__frame_distance(&fa, &fb);
}

/*
** Edge-to-edge distance between the stands of two frames, 0 when they touch
** or overlap: gn_box_distance, to the last bit.
**   1) no separating axis: they meet, 0;
**   2) else the least distance between their edges, which for two disjoint
**      convex shapes is always reached at a corner of one of them: the least
**      distance from a corner of each to the other.
** Cannot fail.
*/
double gn__frame_distance(const gn__frame *fa, const gn__frame *fb) {
  gn_vec2 ca[4], cb[4];
  double best = INFINITY, d;
  int i;
  if (sat_depth(fa, fb) >= 0)                          /* 1) */
    return 0;
  corners(fa, ca);                                     /* 2) */
  corners(fb, cb);
  for (i = 0; i < 4; i++) {
    d = frame_dist(fb, ca[i]);
    if (d < best)
      best = d;
    d = frame_dist(fa, cb[i]);
    if (d < best)
      best = d;
  }
  return best;
}

/* The radius of the circle about the centre that holds the stand. Cannot fail. */
double gn__frame_radius(const gn__frame *fr) { return sqrt(fr->hd * fr->hd + fr->hw * fr->hw); }

/*
** 1 when gn__frame_distance(a, b) <= r, to the last bit; ra and rb are the
** frames' gn__frame_radius. Cannot fail.
**   1) the circles about the centres that hold the stands: the distance is
**      at least the centres' distance less both radii, and at most the
**      centres' distance; either bound settles most pairs, with a margin
**      (1e-9 of the coordinates' size) far beyond any rounding of the exact
**      distance, so that no pair is settled otherwise than below
**   2) else the exact distance
*/
int gn__frame_within(const gn__frame *a, double ra, const gn__frame *b, double rb, double r) {
  double dx = b->c.x - a->c.x, dy = b->c.y - a->c.y, dc2 = dx * dx + dy * dy;
  double m = 1e-9 * (1 + fabs(a->c.x) + fabs(a->c.y) + fabs(b->c.x) + fabs(b->c.y) + ra + rb);
  double far = ra + rb + r + m, near = r - m;                         /* 1) */
  if (far < 0 || dc2 > far * far)
    return 0;
  if (near >= 0 && dc2 <= near * near)
    return 1;
  return gn__frame_distance(a, b) <= r;                               /* 2) */
}

/* gn_box_distance(a, b) <= r, settled by gn__frame_within. Cannot fail. */
int gn__box_within(gn_box a, gn_box b, double r) {
  frame fa = frame_of(a), fb = frame_of(b);
  return gn__frame_within(&fa, gn__frame_radius(&fa), &fb, gn__frame_radius(&fb), r);
}

/* Distance from a point to a stand's nearest edge, 0 inside. Cannot fail. */
double gn_point_box_distance(gn_vec2 p, gn_box b) {
  frame fr = frame_of(b);
  return frame_dist(&fr, p);
}

/* 1 when the interiors overlap by more than GN_CONTACT_EPS (the separating
** axis depth), else 0. Cannot fail. */
int gn_box_overlap(gn_box a, gn_box b) {
  /* stands farther apart than their circumscribed circles: no trigonometry */
  double dx = a.c.x - b.c.x, dy = a.c.y - b.c.y;
  double r = 0.5 * (sqrt(a.w * a.w + a.d * a.d) + sqrt(b.w * b.w + b.d * b.d));
  if (dx * dx + dy * dy > r * r + EPS)
    return 0;
  frame fa = frame_of(a), fb = frame_of(b);
  return sat_depth(&fa, &fb) > EPS;
}

/* 1 when the stands are within GN_CONTACT_EPS without overlapping. Cannot fail. */
int gn_box_contact(gn_box a, gn_box b) {
  return !gn_box_overlap(a, b) && gn_box_distance(a, b) <= EPS;
}

/*
** Which arc of b the point p lies in. The diagonals, extended, cut the plane;
** in b's frame the front arc is x*hw > |y|*hd. Tie rule: a point on a half
** diagonal through a front corner (and the centre) is FRONT; on a half
** diagonal through a rear corner it is LEFT or RIGHT (the flank). A stand of
** zero frontage and depth is cut as if square. Cannot fail.
*/
gn_arc gn_box_arc(gn_box b, gn_vec2 p) {
  frame fr = frame_of(b);
  gn_vec2 q = local(&fr, p);
  double hd = fr.hd, hw = fr.hw, fw, sd;
  if (hd == 0 && hw == 0)
    hd = hw = 1;
  fw = q.x * hw;
  sd = fabs(q.y) * hd;
  if (fw >= sd && q.x >= 0)      /* q.x >= 0 matters only when hw == 0 */
    return GN_ARC_FRONT;
  if (-fw > sd || q.y == 0)      /* q.y == 0 matters only when hw == 0 */
    return GN_ARC_REAR;
  return q.y > 0 ? GN_ARC_LEFT : GN_ARC_RIGHT;
}

/* Stand t in arc of b: its centre, else a corner. Cannot fail. */
int gn_box_in_arc(gn_box b, gn_arc arc, gn_box t) {
  gn_vec2 c[4];
  if (gn_box_arc(b, t.c) == arc)
    return 1;
  gn_box_corners(t, c);
  for (int k = 0; k < 4; k++)
    if (gn_box_arc(b, c[k]) == arc)
      return 1;
  return 0;
}

/* The point at the middle of the front edge. Cannot fail. */
gn_vec2 gn_box_front(gn_box b) {
  frame fr = frame_of(b);
  return world(&fr, fr.hd, 0);
}

/* ------------------------------------------------------------ features */

/* 1 when f can be traced: a known shape with at least one point. Cannot fail. */
static int usable(const gn_feature *f) {
  return f && f->pts && f->npts > 0
      && (f->shape == GN_SHAPE_AREA || f->shape == GN_SHAPE_LINE);
}

/* Edges: an area closes on itself; a one-point line has one empty edge. Cannot fail. */
static int nedges(const gn_feature *f) {
  return f->shape == GN_SHAPE_AREA || f->npts == 1 ? f->npts : f->npts - 1;
}

/* Start of edge i; its end is ends(f, i). Cannot fail. */
static gn_vec2 starts(const gn_feature *f, int i) { return f->pts[i]; }
static gn_vec2 ends(const gn_feature *f, int i) { return f->pts[(i + 1) % f->npts]; }

/* Distance from p to the outline (boundary of an area, or the line). Cannot fail. */
static double outline_dist(const gn_feature *f, gn_vec2 p) {
  double best = INFINITY, d;
  int i, n = nedges(f);
  for (i = 0; i < n; i++) {
    d = seg_dist(p, starts(f, i), ends(f, i));
    if (d < best)
      best = d;
  }
  return best;
}

/* 1 when p is inside area f by the even-odd rule (boundary undecided). Cannot fail. */
static int even_odd(const gn_feature *f, gn_vec2 p) {
  int i, j, in = 0, n = f->npts;
  if (f->shape != GN_SHAPE_AREA || n < 3)
    return 0;
  for (i = 0, j = n - 1; i < n; j = i++) {
    gn_vec2 u = f->pts[i], v = f->pts[j];
    if ((u.y > p.y) != (v.y > p.y)
        && p.x < v.x + (p.y - v.y) * (u.x - v.x) / (u.y - v.y))
      in = !in;
  }
  return in;
}

/* 1 when p is inside area f farther than GN_CONTACT_EPS from its boundary. Cannot fail. */
static int interior(const gn_feature *f, gn_vec2 p) {
  return even_odd(f, p) && outline_dist(f, p) > EPS;
}

/* 1 when p lies inside an area feature (boundary counts), or within
** GN_CONTACT_EPS of a line feature. Cannot fail. */
int gn_feature_contains(const gn_feature *f, gn_vec2 p) {
  if (!usable(f))
    return 0;
  return outline_dist(f, p) <= EPS || even_odd(f, p);
}

/*
** The least breakpoint of a->b through f after t (see the file comment), or 1.
**   1) crossings with each edge that is not parallel to a->b;
**   2) feet of the vertices within GN_CONTACT_EPS of a->b (this also catches
**      crossings through a vertex and the ends of collinear stretches).
** Cannot fail.
*/
static double next_break(gn_vec2 a, gn_vec2 b, const gn_feature *f, double t) {
  gn_vec2 r = sub(b, a), s, ap;
  double rr = dot(r, r), best = 1, den, tt, uu;
  int i, n = nedges(f);
  for (i = 0; i < n; i++) {                              /* 1) */
    s = sub(ends(f, i), starts(f, i));
    ap = sub(starts(f, i), a);
    den = cross(r, s);
    if (den == 0)
      continue;
    tt = cross(ap, s) / den;
    uu = cross(ap, r) / den;
    if (uu >= 0 && uu <= 1 && tt > t && tt < best)
      best = tt;
  }
  if (rr == 0)
    return best;
  for (i = 0; i < f->npts; i++) {                        /* 2) */
    if (seg_dist(f->pts[i], a, b) > EPS)
      continue;
    tt = dot(sub(f->pts[i], a), r) / rr;
    if (tt > t && tt < best)
      best = tt;
  }
  return best;
}

/* 1 when p and q are both within GN_CONTACT_EPS of one edge of f. Cannot fail. */
static int along_edge(const gn_feature *f, gn_vec2 p, gn_vec2 q) {
  int i, n = nedges(f);
  for (i = 0; i < n; i++)
    if (seg_dist(p, starts(f, i), ends(f, i)) <= EPS
        && seg_dist(q, starts(f, i), ends(f, i)) <= EPS)
      return 1;
  return 0;
}

/* ON, INSIDE or OUTSIDE: the piece [t0, t1] of a->b against area f. Cannot fail. */
static int piece_kind(gn_vec2 a, gn_vec2 b, const gn_feature *f, double t0, double t1) {
  if (along_edge(f, at(a, b, t0), at(a, b, t1)))
    return ON;
  return even_odd(f, at(a, b, (t0 + t1) / 2)) ? INSIDE : OUTSIDE;
}

/*
** The first stretch [*tin, *tout] of a->b inside area f that starts at or
** after t: a run of pieces not OUTSIDE holding an INSIDE one. Returns 1 when
** there is one, else 0. Cannot fail.
*/
static int area_run(gn_vec2 a, gn_vec2 b, const gn_feature *f, double t,
                    double *tin, double *tout) {
  double start = -1, t1;
  int inside = 0, k;
  while (t < 1) {
    t1 = next_break(a, b, f, t);
    k = piece_kind(a, b, f, t, t1);
    if (k == OUTSIDE) {
      if (start >= 0 && inside)
        break;
      start = -1;
      inside = 0;
    } else {
      if (start < 0)
        start = t;
      inside |= k == INSIDE;
    }
    t = t1;
  }
  if (start < 0 || !inside)
    return 0;
  *tin = start;
  *tout = t < 1 ? t : 1;
  return 1;
}

/* -------------------------------------------------------- line of sight */

/* Clips p + t*dp to |x| < h on [*t0, *t1]; 1 when some of it is left. Cannot fail. */
static int clip(double p, double dp, double h, double *t0, double *t1) {
  double ta, tb, tmp;
  if (dp == 0)
    return p > -h && p < h;
  ta = (-h - p) / dp;
  tb = (h - p) / dp;
  if (ta > tb) {
    tmp = ta; ta = tb; tb = tmp;
  }
  if (ta > *t0)
    *t0 = ta;
  if (tb < *t1)
    *t1 = tb;
  return *t0 < *t1;
}

/*
** 1 when a->b enters stand bx deeper than GN_CONTACT_EPS; *t is then where it
** enters the stand itself. Cannot fail.
**   1) clip against the stand shrunk by GN_CONTACT_EPS: grazing an edge or a
**      corner, or running along a side, does not block;
**   2) clip against the stand for the fraction reported.
*/
static int stand_entry(gn_vec2 a, gn_vec2 b, gn_box bx, double *t) {
  frame fr = frame_of(bx);
  gn_vec2 la = local(&fr, a), lb = local(&fr, b);
  double dx = lb.x - la.x, dy = lb.y - la.y, t0 = 0, t1 = 1, e0 = 0, e1 = 1;
  if (fr.hd <= EPS || fr.hw <= EPS)                            /* no interior */
    return 0;
  if (!clip(la.x, dx, fr.hd - EPS, &t0, &t1)                   /* 1) */
      || !clip(la.y, dy, fr.hw - EPS, &t0, &t1))
    return 0;
  clip(la.x, dx, fr.hd, &e0, &e1);                             /* 2) */
  clip(la.y, dy, fr.hw, &e0, &e1);
  *t = e0 < t0 ? e0 : t0;
  return 1;
}

/*
** Traces sight from a to b (see grognard.h).
**   1) each area flagged GN_FEAT_BLOCKS_LOS that holds neither a nor b in its
**      interior blocks from where the first stretch inside it begins; lines
**      never block;
**   2) each stand but skip1 and skip2 blocks from where a->b enters it;
**   3) the nearest blocker wins; at equal fractions a feature before a stand,
**      and the lower index first.
** Cannot fail.
*/
gn_los gn_los_trace(gn_vec2 a, gn_vec2 b, const gn_feature *f, int nf,
                    const gn_box *boxes, int nb, int skip1, int skip2) {
  gn_los res;
  double best = INFINITY, tin, tout;
  int i;
  res.visible = 1;
  res.feature = -1;
  res.box = -1;
  for (i = 0; f && i < nf; i++) {                              /* 1) */
    if (!usable(&f[i]) || f[i].shape != GN_SHAPE_AREA
        || !(f[i].flags & GN_FEAT_BLOCKS_LOS)
        || interior(&f[i], a) || interior(&f[i], b))
      continue;
    if (area_run(a, b, &f[i], 0, &tin, &tout) && tin < best) { /* 3) */
      best = tin;
      res.feature = i;
    }
  }
  for (i = 0; boxes && i < nb; i++) {                          /* 2) */
    if (i == skip1 || i == skip2)
      continue;
    if (stand_entry(a, b, boxes[i], &tin) && tin < best) {     /* 3) */
      best = tin;
      res.feature = -1;
      res.box = i;
    }
  }
  res.visible = best == INFINITY;
  res.fraction = res.visible ? 1 : best;
  return res;
}

/* ---------------------------------------------------- path crossings */

/* 1 when c sorts before d: by t_in, then feature. Cannot fail. */
static int before(gn_crossing c, gn_crossing d) {
  return c.t_in < d.t_in || (c.t_in == d.t_in && c.feature < d.feature);
}

/* Files c among the first max of the n crossings found so far, kept sorted
** in out; returns n + 1. Cannot fail. */
static int put(gn_crossing *out, int max, int n, gn_crossing c) {
  int i = n < max ? n : max;
  if (i == max) {
    if (max <= 0 || !before(c, out[max - 1]))
      return n + 1;
    i = max - 1;                      /* the last one drops out */
  }
  for (; i > 0 && before(c, out[i - 1]); i--)
    out[i] = out[i - 1];
  out[i] = c;
  return n + 1;
}

/* Files the stretches of a->b inside area f (index fi); returns the new n. Cannot fail. */
static int area_crossings(gn_vec2 a, gn_vec2 b, const gn_feature *f, int fi,
                          gn_crossing *out, int max, int n) {
  gn_crossing c;
  double t = 0;
  c.feature = fi;
  while (t < 1 && area_run(a, b, f, t, &c.t_in, &c.t_out)) {
    n = put(out, max, n, c);
    t = c.t_out;
  }
  return n;
}

/*
** Files the points where a->b meets line f (index fi); returns the new n.
** Each contact, a point or a stretch along the line, counts once, at its
** start; a contact that starts at a does not count (the stand is already on
** the line), one that ends at b does (it moves onto the line). Cannot fail.
*/
static int line_crossings(gn_vec2 a, gn_vec2 b, const gn_feature *f, int fi,
                          gn_crossing *out, int max, int n) {
  gn_crossing c;
  gn_vec2 p1;
  double t = 0, t1;
  c.feature = fi;
  while (t < 1) {
    t1 = next_break(a, b, f, t);
    p1 = at(a, b, t1);
    if (!along_edge(f, at(a, b, t), p1) && outline_dist(f, p1) <= EPS) {
      c.t_in = c.t_out = t1;
      n = put(out, max, n, c);
    }
    t = t1;
  }
  return n;
}

/* The crossings of a->b, sorted by t_in then feature (see grognard.h and
** the two functions above). Cannot fail. */
int gn_path_crossings(gn_vec2 a, gn_vec2 b, const gn_feature *f, int nf,
                      gn_crossing *out, int max) {
  int i, n = 0;
  if (!out)
    max = 0;
  for (i = 0; f && i < nf; i++) {
    if (!usable(&f[i]))
      continue;
    if (f[i].shape == GN_SHAPE_AREA)
      n = area_crossings(a, b, &f[i], i, out, max, n);
    else
      n = line_crossings(a, b, &f[i], i, out, max, n);
  }
  return n;
}

double gn__compass(double rad) {
  double d = 90.0 - rad * 180.0 / 3.14159265358979323846;
  d = fmod(d, 360.0);
  if (d < 0) d += 360.0;
  return round(d * 10) / 10;
}
