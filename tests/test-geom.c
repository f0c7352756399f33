/*
** test-geom.c: stands, arcs, terrain features, line of sight, path crossings
** (src/geom.c) and the stand grid (src/grid.c). Geometry has no rule ids: it
** implements design decision 8. Expected values are worked out by hand in the
** comments next to them. The random tables use the project generator (gn_rng).
*/
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grognard.h"

#define PI 3.14159265358979323846
#define R2 1.41421356237309504880   /* sqrt(2) */
#define EPS GN_CONTACT_EPS

/* ------------------------------------------------------------ helpers */

/* Fails the test, printing both values, unless |got - want| < 1e-9. */
#define assert_near(got, want) near_((got), (want), #got, __FILE__, __LINE__)
static void near_(double got, double want, const char *expr, const char *file, int line)
{
  if (fabs(got - want) < 1e-9)
    return;
  print_error("%s = %.17g, expected %.17g\n", expr, got, want);
  _fail(file, line);
}

/* Fails unless p is within 1e-9 of (x, y) on both axes. */
#define assert_vec(p, wx, wy) do { gn_vec2 p_ = (p); \
    assert_near(p_.x, (wx)); assert_near(p_.y, (wy)); } while (0)

static gn_vec2 V(double x, double y) { gn_vec2 v; v.x = x; v.y = y; return v; }

static gn_box B(double x, double y, double w, double d, double facing)
{
  gn_box b;
  b.c = V(x, y);
  b.w = w;
  b.d = d;
  b.facing = facing;
  return b;
}

static gn_feature area(const gn_vec2 *pts, int n, unsigned flags)
{
  gn_feature f;
  f.kind = 0;
  f.shape = GN_SHAPE_AREA;
  f.flags = flags;
  f.npts = n;
  f.pts = pts;
  return f;
}

static gn_feature line(const gn_vec2 *pts, int n)
{
  gn_feature f = area(pts, n, 0);
  f.shape = GN_SHAPE_LINE;
  return f;
}

/* The points of pts in the opposite order (at most 16). */
static void reversed(const gn_vec2 *pts, int n, gn_vec2 *out)
{
  int i;
  for (i = 0; i < n; i++)
    out[i] = pts[n - 1 - i];
}

/* A square wood, x in [4, 6], y in [-1, 1], counter-clockwise. */
static const gn_vec2 WOOD[4] = {{4, -1}, {6, -1}, {6, 1}, {4, 1}};

/* A U open to the north: the notch is x in (2, 4), y > 2. Counter-clockwise. */
static const gn_vec2 UPTS[8] = {{0, 0}, {6, 0}, {6, 6}, {4, 6}, {4, 2}, {2, 2}, {2, 6}, {0, 6}};

/* A stream zigzagging east: peaks at (2, 2), trough at (4, 0). */
static const gn_vec2 ZIG[4] = {{0, 0}, {2, 2}, {4, 0}, {6, 2}};

/* ----------------------------------------------------- corners, front */

static void test_box_corners_axis_aligned(void **state)
{
  gn_vec2 c[4];
  (void)state;
  /* facing +x: the front is at x = 10 + 1, the left at y = 20 + 2 */
  gn_box_corners(B(10, 20, 4, 2, 0), c);
  assert_vec(c[0], 11, 22);   /* front-left */
  assert_vec(c[1], 11, 18);   /* front-right */
  assert_vec(c[2], 9, 18);    /* rear-right */
  assert_vec(c[3], 9, 22);    /* rear-left */
}

static void test_box_corners_rotated(void **state)
{
  gn_vec2 c[4];
  (void)state;
  /* facing +y: front at y = 21, left is -x */
  gn_box_corners(B(10, 20, 4, 2, PI / 2), c);
  assert_vec(c[0], 8, 21);
  assert_vec(c[1], 12, 21);
  assert_vec(c[2], 12, 19);
  assert_vec(c[3], 8, 19);
  /* facing 45 degrees, a square of side sqrt(2): a diamond */
  gn_box_corners(B(0, 0, R2, R2, PI / 4), c);
  assert_vec(c[0], 0, 1);
  assert_vec(c[1], 1, 0);
  assert_vec(c[2], 0, -1);
  assert_vec(c[3], -1, 0);
}

static void test_box_front_midpoint(void **state)
{
  (void)state;
  assert_vec(gn_box_front(B(10, 20, 4, 2, 0)), 11, 20);
  assert_vec(gn_box_front(B(10, 20, 4, 2, PI / 2)), 10, 21);
  assert_vec(gn_box_front(B(10, 20, 4, 2, PI)), 9, 20);
  assert_vec(gn_box_front(B(0, 0, 1, 2 * R2, PI / 4)), 1, 1);
}

/* ----------------------------------------------------------- distances */

static void test_point_box_distance_axis_aligned(void **state)
{
  gn_box b = B(0, 0, 4, 2, 0);      /* x in [-1, 1], y in [-2, 2] */
  (void)state;
  assert_near(gn_point_box_distance(V(0, 0), b), 0);
  assert_near(gn_point_box_distance(V(0.5, 1), b), 0);
  assert_near(gn_point_box_distance(V(1, 0), b), 0);       /* on an edge */
  assert_near(gn_point_box_distance(V(3, 0), b), 2);
  assert_near(gn_point_box_distance(V(0, -5), b), 3);
  assert_near(gn_point_box_distance(V(4, 6), b), 5);       /* 3-4-5 from a corner */
}

static void test_point_box_distance_rotated(void **state)
{
  gn_box b = B(0, 0, 4, 2, PI / 4);
  (void)state;
  /* (3, 3) is 3*sqrt(2) straight ahead; the front edge is 1 ahead */
  assert_near(gn_point_box_distance(V(3, 3), b), 3 * R2 - 1);
  /* (-3, 3) is 3*sqrt(2) to the left; the left edge is 2 to the left */
  assert_near(gn_point_box_distance(V(-3, 3), b), 3 * R2 - 2);
  /* local (4, 6) = 4 f + 6 l = (-sqrt2, 5 sqrt2): 3 and 4 past the front-left corner */
  assert_near(gn_point_box_distance(V(-R2, 5 * R2), b), 5);
  assert_near(gn_point_box_distance(V(0.5, 0.5), b), 0);
}

static void test_box_distance_axis_aligned(void **state)
{
  gn_box a = B(0, 0, 2, 2, 0);      /* [-1, 1] x [-1, 1] */
  (void)state;
  assert_near(gn_box_distance(a, B(5, 0, 2, 2, 0)), 3);
  assert_near(gn_box_distance(a, B(5, 6, 2, 2, 0)), 5);       /* corner to corner, 3-4-5 */
  assert_near(gn_box_distance(a, B(1.5, 0, 2, 2, 0)), 0);     /* overlapping */
  assert_near(gn_box_distance(a, B(0, 0, 0.5, 0.5, 0)), 0);   /* one inside the other */
  assert_near(gn_box_distance(B(0, 0, 0.5, 0.5, 0), a), 0);
  /* x in [-1, 1] vs a stand facing north at (10, 0), w 4, d 2: x in [8, 12] */
  assert_near(gn_box_distance(B(0, 0, 4, 2, 0), B(10, 0, 4, 2, PI / 2)), 7);
}

static void test_box_distance_rotated(void **state)
{
  gn_box a = B(0, 0, 2, 2, 0);
  (void)state;
  /* a diamond with corners (3, 0), (5, 0), (4, +-1): corner (3, 0) to edge x = 1 */
  assert_near(gn_box_distance(a, B(4, 0, R2, R2, PI / 4)), 2);
  /* a diamond round (4, 4) with corners (3, 4) and (4, 3): its edge x + y = 7
  ** is 5/sqrt(2) from a's corner (1, 1), met at the edge's middle (3.5, 3.5) */
  assert_near(gn_box_distance(a, B(4, 4, R2, R2, PI / 4)), 5 / R2);
  assert_near(gn_box_distance(B(4, 4, R2, R2, PI / 4), a), 5 / R2);
  /* two stands facing 30 degrees, 3 apart front to rear: gap 3 - 2 = 1 */
  assert_near(gn_box_distance(B(0, 0, 4, 2, PI / 6),
                              B(3 * cos(PI / 6), 3 * sin(PI / 6), 4, 2, PI / 6)), 1);
}

static void test_box_distance_is_symmetric(void **state)
{
  gn_box a = B(1.25, -3.5, 4, 1.5, 0.3), b = B(7.5, 2.25, 3, 2, 2.1);
  (void)state;
  assert_true(gn_box_distance(a, b) == gn_box_distance(b, a));
  assert_true(gn_box_distance(a, b) > 0);
}

/* ------------------------------------------------- touching, overlapping */

static void test_box_touching_is_contact_not_overlap(void **state)
{
  gn_box a = B(0, 0, 2, 2, 0);
  gn_box edge = B(2, 0.5, 2, 2, 0), corner = B(2, 2, 2, 2, 0);
  (void)state;
  assert_near(gn_box_distance(a, edge), 0);
  assert_int_equal(gn_box_overlap(a, edge), 0);
  assert_int_equal(gn_box_contact(a, edge), 1);
  assert_int_equal(gn_box_overlap(a, corner), 0);
  assert_int_equal(gn_box_contact(a, corner), 1);
}

static void test_box_overlap_beyond_eps(void **state)
{
  gn_box a = B(0, 0, 2, 2, 0);
  (void)state;
  assert_int_equal(gn_box_overlap(a, B(1.999, 0, 2, 2, 0)), 1);
  assert_int_equal(gn_box_contact(a, B(1.999, 0, 2, 2, 0)), 0);
  assert_int_equal(gn_box_overlap(a, a), 1);
  /* within the tolerance either way: contact */
  assert_int_equal(gn_box_overlap(a, B(2 - 5e-7, 0, 2, 2, 0)), 0);
  assert_int_equal(gn_box_contact(a, B(2 - 5e-7, 0, 2, 2, 0)), 1);
  assert_int_equal(gn_box_contact(a, B(2 + 5e-7, 0, 2, 2, 0)), 1);
  /* apart by more than the tolerance: neither */
  assert_int_equal(gn_box_overlap(a, B(2 + 1e-5, 0, 2, 2, 0)), 0);
  assert_int_equal(gn_box_contact(a, B(2 + 1e-5, 0, 2, 2, 0)), 0);
  assert_near(gn_box_distance(a, B(2 + 1e-5, 0, 2, 2, 0)), 1e-5);
}

static void test_box_touching_rotated(void **state)
{
  double f = PI / 3, fx = cos(f), fy = sin(f), lx = -fy, ly = fx;
  gn_box a = B(1, 2, 4, 2, f);
  gn_box side = B(1 + 4 * lx, 2 + 4 * ly, 4, 2, f);     /* flank to flank */
  gn_box behind = B(1 - 2 * fx, 2 - 2 * fy, 4, 2, f);   /* front to rear */
  gn_box into = B(1 + 1.5 * fx, 2 + 1.5 * fy, 4, 2, f); /* half a depth in */
  (void)state;
  assert_int_equal(gn_box_contact(a, side), 1);
  assert_int_equal(gn_box_overlap(a, side), 0);
  assert_int_equal(gn_box_contact(a, behind), 1);
  assert_int_equal(gn_box_overlap(a, behind), 0);
  assert_int_equal(gn_box_overlap(a, into), 1);
  assert_int_equal(gn_box_contact(a, into), 0);
}

/* --------------------------------------------------------------- arcs */

static void test_box_arc_axis_aligned(void **state)
{
  gn_box b = B(0, 0, 4, 2, 0);    /* diagonals y = 2x and y = -2x */
  (void)state;
  assert_int_equal(gn_box_arc(b, V(5, 0)), GN_ARC_FRONT);
  assert_int_equal(gn_box_arc(b, V(5, 9)), GN_ARC_FRONT);
  assert_int_equal(gn_box_arc(b, V(5, 11)), GN_ARC_LEFT);
  assert_int_equal(gn_box_arc(b, V(0, 3)), GN_ARC_LEFT);
  assert_int_equal(gn_box_arc(b, V(0, -3)), GN_ARC_RIGHT);
  assert_int_equal(gn_box_arc(b, V(5, -11)), GN_ARC_RIGHT);
  assert_int_equal(gn_box_arc(b, V(-5, 9)), GN_ARC_REAR);
  assert_int_equal(gn_box_arc(b, V(-5, 0)), GN_ARC_REAR);
  assert_int_equal(gn_box_arc(b, V(1, 0)), GN_ARC_FRONT);   /* front edge midpoint */
}

static void test_box_arc_ties_on_diagonals(void **state)
{
  gn_box b = B(0, 0, 4, 2, 0);
  (void)state;
  assert_int_equal(gn_box_arc(b, V(0, 0)), GN_ARC_FRONT);    /* the centre */
  assert_int_equal(gn_box_arc(b, V(1, 2)), GN_ARC_FRONT);    /* front-left corner */
  assert_int_equal(gn_box_arc(b, V(3, -6)), GN_ARC_FRONT);   /* front-right diagonal */
  assert_int_equal(gn_box_arc(b, V(-1, 2)), GN_ARC_LEFT);    /* rear-left corner */
  assert_int_equal(gn_box_arc(b, V(-3, -6)), GN_ARC_RIGHT);  /* rear-right diagonal */
}

static void test_box_arc_rotated(void **state)
{
  gn_box n = B(10, 10, 4, 2, PI / 2), w = B(10, 10, 4, 2, PI);
  gn_box ne = B(0, 0, 4, 2, PI / 4);
  (void)state;
  /* facing north: left is west */
  assert_int_equal(gn_box_arc(n, V(10, 15)), GN_ARC_FRONT);
  assert_int_equal(gn_box_arc(n, V(10, 5)), GN_ARC_REAR);
  assert_int_equal(gn_box_arc(n, V(5, 10)), GN_ARC_LEFT);
  assert_int_equal(gn_box_arc(n, V(15, 10)), GN_ARC_RIGHT);
  /* facing west: left is south */
  assert_int_equal(gn_box_arc(w, V(5, 10)), GN_ARC_FRONT);
  assert_int_equal(gn_box_arc(w, V(15, 10)), GN_ARC_REAR);
  assert_int_equal(gn_box_arc(w, V(10, 5)), GN_ARC_LEFT);
  assert_int_equal(gn_box_arc(w, V(10, 15)), GN_ARC_RIGHT);
  /* facing north-east */
  assert_int_equal(gn_box_arc(ne, V(3, 3)), GN_ARC_FRONT);
  assert_int_equal(gn_box_arc(ne, V(-3, -3)), GN_ARC_REAR);
  assert_int_equal(gn_box_arc(ne, V(-3, 3)), GN_ARC_LEFT);
  assert_int_equal(gn_box_arc(ne, V(3, -3)), GN_ARC_RIGHT);
}

static void test_box_arc_follows_the_diagonals_of_a_deep_stand(void **state)
{
  gn_box b = B(0, 0, 2, 6, 0);    /* deep column: diagonals y = +-x/3 */
  (void)state;
  assert_int_equal(gn_box_arc(b, V(4, 1)), GN_ARC_FRONT);
  assert_int_equal(gn_box_arc(b, V(4, 2)), GN_ARC_LEFT);
  assert_int_equal(gn_box_arc(b, V(-4, -1)), GN_ARC_REAR);
  assert_int_equal(gn_box_arc(b, V(-4, -2)), GN_ARC_RIGHT);
}

/* A stand lies in an arc when its centre or a corner does (the V&B fire
** arc, and its commander's choice of targets, use this one test). */
static void test_box_in_arc_by_centre_or_corner(void **state)
{
  gn_box b = B(0, 0, 4, 2, 0);                  /* front arc: |y| <= 2x */
  gn_box corner = B(5, 11, 4, 4, 0);            /* centre left, corner (7, 9) in front */
  gn_box beside = B(5, 14, 2, 2, 0);            /* wholly in the left arc */
  gn_box ahead = B(20, 0, 2, 2, 0);
  (void)state;
  assert_int_equal(gn_box_arc(b, corner.c), GN_ARC_LEFT);
  assert_int_equal(gn_box_in_arc(b, GN_ARC_FRONT, corner), 1);
  assert_int_equal(gn_box_in_arc(b, GN_ARC_LEFT, corner), 1);
  assert_int_equal(gn_box_in_arc(b, GN_ARC_FRONT, beside), 0);
  assert_int_equal(gn_box_in_arc(b, GN_ARC_LEFT, beside), 1);
  assert_int_equal(gn_box_in_arc(b, GN_ARC_FRONT, ahead), 1);
  assert_int_equal(gn_box_in_arc(b, GN_ARC_REAR, ahead), 0);
  assert_int_equal(gn_box_in_arc(b, GN_ARC_RIGHT, ahead), 0);
}

static void test_box_arc_of_degenerate_stands(void **state)
{
  gn_box dot = B(0, 0, 0, 0, 0), rod = B(0, 0, 0, 2, 0);
  (void)state;
  /* no size at all: cut as if square, diagonals y = +-x */
  assert_int_equal(gn_box_arc(dot, V(5, 1)), GN_ARC_FRONT);
  assert_int_equal(gn_box_arc(dot, V(1, 5)), GN_ARC_LEFT);
  assert_int_equal(gn_box_arc(dot, V(-5, 1)), GN_ARC_REAR);
  assert_int_equal(gn_box_arc(dot, V(1, -5)), GN_ARC_RIGHT);
  /* no frontage: both diagonals lie on the centre line */
  assert_int_equal(gn_box_arc(rod, V(5, 0)), GN_ARC_FRONT);
  assert_int_equal(gn_box_arc(rod, V(-5, 0)), GN_ARC_REAR);
  assert_int_equal(gn_box_arc(rod, V(5, 1)), GN_ARC_LEFT);
  assert_int_equal(gn_box_arc(rod, V(-5, -1)), GN_ARC_RIGHT);
}

/* ------------------------------------------------------ feature contains */

static void test_feature_contains_convex_both_windings(void **state)
{
  const gn_vec2 sq[4] = {{0, 0}, {4, 0}, {4, 4}, {0, 4}};
  gn_vec2 cw[4];
  gn_feature f[2];
  int i;
  (void)state;
  reversed(sq, 4, cw);
  f[0] = area(sq, 4, 0);
  f[1] = area(cw, 4, 0);
  for (i = 0; i < 2; i++) {
    assert_int_equal(gn_feature_contains(&f[i], V(2, 2)), 1);
    assert_int_equal(gn_feature_contains(&f[i], V(5, 2)), 0);
    assert_int_equal(gn_feature_contains(&f[i], V(4, 2)), 1);          /* edge */
    assert_int_equal(gn_feature_contains(&f[i], V(0, 0)), 1);          /* vertex */
    assert_int_equal(gn_feature_contains(&f[i], V(4 + 5e-7, 2)), 1);  /* within eps */
    assert_int_equal(gn_feature_contains(&f[i], V(4 + 1e-5, 2)), 0);
  }
}

static void test_feature_contains_non_convex_both_windings(void **state)
{
  gn_vec2 cw[8];
  gn_feature f[2];
  int i;
  (void)state;
  reversed(UPTS, 8, cw);
  f[0] = area(UPTS, 8, 0);
  f[1] = area(cw, 8, 0);
  for (i = 0; i < 2; i++) {
    assert_int_equal(gn_feature_contains(&f[i], V(1, 4)), 1);   /* left arm */
    assert_int_equal(gn_feature_contains(&f[i], V(5, 4)), 1);   /* right arm */
    assert_int_equal(gn_feature_contains(&f[i], V(3, 1)), 1);   /* base */
    assert_int_equal(gn_feature_contains(&f[i], V(3, 4)), 0);   /* notch */
    assert_int_equal(gn_feature_contains(&f[i], V(3, 6)), 0);   /* mouth of the notch */
    assert_int_equal(gn_feature_contains(&f[i], V(3, 2)), 1);   /* notch floor */
    assert_int_equal(gn_feature_contains(&f[i], V(1, 2)), 1);   /* ray through two vertices */
    assert_int_equal(gn_feature_contains(&f[i], V(-1, 2)), 0);
  }
}

static void test_feature_contains_degenerate_outline(void **state)
{
  /* a repeated closing point and a vertex in the middle of the south edge */
  const gn_vec2 pts[6] = {{0, 0}, {2, 0}, {4, 0}, {4, 4}, {0, 4}, {0, 0}};
  gn_feature f = area(pts, 6, 0);
  (void)state;
  assert_int_equal(gn_feature_contains(&f, V(2, 2)), 1);
  assert_int_equal(gn_feature_contains(&f, V(2, 0)), 1);
  assert_int_equal(gn_feature_contains(&f, V(2, -1)), 0);
  assert_int_equal(gn_feature_contains(NULL, V(0, 0)), 0);
}

static void test_feature_contains_line_within_eps(void **state)
{
  const gn_vec2 pts[3] = {{0, 0}, {5, 0}, {5, 5}};
  gn_feature f = line(pts, 3);
  (void)state;
  assert_int_equal(gn_feature_contains(&f, V(2, 0)), 1);
  assert_int_equal(gn_feature_contains(&f, V(2, 5e-7)), 1);
  assert_int_equal(gn_feature_contains(&f, V(2, 1e-3)), 0);
  assert_int_equal(gn_feature_contains(&f, V(5, 3)), 1);
  assert_int_equal(gn_feature_contains(&f, V(3, 3)), 0);    /* a line has no inside */
}

/* ------------------------------------------------------- line of sight */

static void test_los_blocked_by_wood(void **state)
{
  gn_feature f = area(WOOD, 4, GN_FEAT_BLOCKS_LOS);
  gn_los r;
  (void)state;
  r = gn_los_trace(V(0, 0.5), V(10, 0.5), &f, 1, NULL, 0, -1, -1);
  assert_int_equal(r.visible, 0);
  assert_int_equal(r.feature, 0);
  assert_int_equal(r.box, -1);
  assert_near(r.fraction, 0.4);
  /* from the far side: enters at x = 6, 4/10 of the way */
  r = gn_los_trace(V(10, 0), V(0, 0), &f, 1, NULL, 0, -1, -1);
  assert_int_equal(r.visible, 0);
  assert_near(r.fraction, 0.4);
}

static void test_los_grazing_a_wood_is_not_blocked(void **state)
{
  gn_feature f = area(WOOD, 4, GN_FEAT_BLOCKS_LOS);
  gn_los r;
  (void)state;
  r = gn_los_trace(V(0, 1), V(10, 1), &f, 1, NULL, 0, -1, -1);   /* along the north edge */
  assert_int_equal(r.visible, 1);
  assert_int_equal(r.feature, -1);
  assert_near(r.fraction, 1);
  r = gn_los_trace(V(0, 3), V(8, -5), &f, 1, NULL, 0, -1, -1);   /* through corner (4, -1) */
  assert_int_equal(r.visible, 1);
  r = gn_los_trace(V(0, 1 + 5e-7), V(10, 1 - 5e-7), &f, 1, NULL, 0, -1, -1); /* within eps */
  assert_int_equal(r.visible, 1);
  r = gn_los_trace(V(0, 1 - 1e-4), V(10, 1 - 1e-4), &f, 1, NULL, 0, -1, -1); /* just inside */
  assert_int_equal(r.visible, 0);
  assert_near(r.fraction, 0.4);
}

static void test_los_starting_or_ending_inside_a_wood_is_not_blocked(void **state)
{
  gn_feature f = area(WOOD, 4, GN_FEAT_BLOCKS_LOS), u = area(UPTS, 8, GN_FEAT_BLOCKS_LOS);
  gn_los r;
  (void)state;
  assert_int_equal(gn_los_trace(V(5, 0), V(10, 0), &f, 1, NULL, 0, -1, -1).visible, 1);
  assert_int_equal(gn_los_trace(V(0, 0), V(5, 0), &f, 1, NULL, 0, -1, -1).visible, 1);
  /* the whole feature is exempt, even its other arm */
  assert_int_equal(gn_los_trace(V(1, 4), V(7, 4), &u, 1, NULL, 0, -1, -1).visible, 1);
  /* on the edge is not inside: looking in from the edge is blocked at once */
  r = gn_los_trace(V(4, 0), V(10, 0), &f, 1, NULL, 0, -1, -1);
  assert_int_equal(r.visible, 0);
  assert_near(r.fraction, 0);
}

static void test_los_only_flagged_areas_block(void **state)
{
  gn_feature f[2];
  const gn_vec2 hedge[2] = {{5, -5}, {5, 5}};
  (void)state;
  f[0] = area(WOOD, 4, 0);                        /* a field: does not block */
  f[1] = line(hedge, 2);
  f[1].flags = GN_FEAT_BLOCKS_LOS;                /* lines never block */
  assert_int_equal(gn_los_trace(V(0, 0), V(10, 0), f, 2, NULL, 0, -1, -1).visible, 1);
}

static void test_los_through_a_non_convex_wood(void **state)
{
  gn_feature u = area(UPTS, 8, GN_FEAT_BLOCKS_LOS);
  gn_los r;
  (void)state;
  /* down the notch to its floor: visible */
  assert_int_equal(gn_los_trace(V(3, 10), V(3, 2), &u, 1, NULL, 0, -1, -1).visible, 1);
  /* down the notch and through the base: blocked where y = 2, 8/12 of the way */
  r = gn_los_trace(V(3, 10), V(3, -2), &u, 1, NULL, 0, -1, -1);
  assert_int_equal(r.visible, 0);
  assert_near(r.fraction, 8.0 / 12);
  /* across both arms: blocked at the first, x = 0, 1/8 of the way */
  r = gn_los_trace(V(-1, 4), V(7, 4), &u, 1, NULL, 0, -1, -1);
  assert_int_equal(r.visible, 0);
  assert_near(r.fraction, 1.0 / 8);
}

static void test_los_nearest_of_several_blockers(void **state)
{
  const gn_vec2 near[4] = {{2, -1}, {3, -1}, {3, 1}, {2, 1}};
  gn_feature f[2];
  gn_box stand = B(1, 0, 1, 0.5, 0);          /* x in [0.75, 1.25] */
  gn_los r;
  (void)state;
  f[0] = area(WOOD, 4, GN_FEAT_BLOCKS_LOS);
  f[1] = area(near, 4, GN_FEAT_BLOCKS_LOS);
  r = gn_los_trace(V(0, 0), V(10, 0), f, 2, NULL, 0, -1, -1);
  assert_int_equal(r.feature, 1);
  assert_near(r.fraction, 0.2);
  r = gn_los_trace(V(0, 0), V(10, 0), f, 2, &stand, 1, -1, -1);
  assert_int_equal(r.feature, -1);
  assert_int_equal(r.box, 0);
  assert_near(r.fraction, 0.075);
}

static void test_los_blocked_by_third_stand_not_skipped_ones(void **state)
{
  gn_box s[3];
  gn_los r;
  (void)state;
  s[0] = B(0, 0, 2, 1, 0);        /* firer: holds the start */
  s[1] = B(10, 0, 2, 1, PI);      /* target: holds the end */
  s[2] = B(5, 0, 2, 1, 0);        /* in between: x in [4.5, 5.5] */
  r = gn_los_trace(V(0, 0), V(10, 0), NULL, 0, s, 3, 0, 1);       /* centre to centre */
  assert_int_equal(r.visible, 0);
  assert_int_equal(r.box, 2);
  assert_int_equal(r.feature, -1);
  assert_near(r.fraction, 0.45);
  r = gn_los_trace(V(0, 0), V(10, 0), NULL, 0, s, 2, 0, 1);       /* without the third */
  assert_int_equal(r.visible, 1);
  assert_int_equal(r.box, -1);
  r = gn_los_trace(V(0, 0), V(10, 0), NULL, 0, s, 2, -1, -1);     /* none skipped: the firer's own */
  assert_int_equal(r.box, 0);
  assert_near(r.fraction, 0);
  r = gn_los_trace(V(0, 0), V(10, 0), NULL, 0, s, 2, 1, -1);
  assert_int_equal(r.box, 0);
  r = gn_los_trace(V(0, 0), V(10, 0), NULL, 0, s, 2, -1, 0);
  assert_int_equal(r.box, 1);
  assert_near(r.fraction, 0.95);
  /* front edge to front edge: touching a stand at the ends does not block */
  assert_int_equal(gn_los_trace(V(0.5, 0), V(9.5, 0), NULL, 0, s, 2, -1, -1).visible, 1);
  r = gn_los_trace(V(0.5, 0), V(9.5, 0), NULL, 0, s, 3, -1, -1);
  assert_int_equal(r.box, 2);
  assert_near(r.fraction, 4.0 / 9);
}

static void test_los_grazing_a_stand_is_not_blocked(void **state)
{
  gn_box s = B(5, 0, 2, 1, 0);       /* x in [4.5, 5.5], y in [-1, 1] */
  gn_box diamond = B(5, 0, R2, R2, PI / 4);
  gn_los r;
  (void)state;
  assert_int_equal(gn_los_trace(V(0, 1), V(10, 1), NULL, 0, &s, 1, -1, -1).visible, 1);
  assert_int_equal(gn_los_trace(V(4.5, 2), V(6.5, 0), NULL, 0, &s, 1, -1, -1).visible, 1); /* corner (5.5, 1) */
  assert_int_equal(gn_los_trace(V(4.5, -5), V(4.5, 5), NULL, 0, &s, 1, -1, -1).visible, 1);
  /* inside the rear edge by less than the tolerance, then by more */
  assert_int_equal(gn_los_trace(V(4.5 + 5e-7, -5), V(4.5 + 5e-7, 5), NULL, 0, &s, 1, -1, -1).visible, 1);
  r = gn_los_trace(V(4.5 + 1e-5, -5), V(4.5 + 1e-5, 5), NULL, 0, &s, 1, -1, -1);
  assert_int_equal(r.box, 0);
  assert_near(r.fraction, 0.4);
  assert_int_equal(gn_los_trace(V(3, -1), V(6, 2), NULL, 0, &diamond, 1, -1, -1).visible, 1); /* along an edge */
  /* through the diamond's corners (4, 0) and (6, 0) */
  r = gn_los_trace(V(0, 0), V(10, 0), NULL, 0, &diamond, 1, -1, -1);
  assert_int_equal(r.box, 0);
  assert_near(r.fraction, 0.4);
}

static void test_los_zero_length(void **state)
{
  gn_feature f = area(WOOD, 4, GN_FEAT_BLOCKS_LOS);
  gn_box s = B(5, 0, 2, 1, 0);
  gn_los r;
  (void)state;
  assert_int_equal(gn_los_trace(V(5, 0), V(5, 0), &f, 1, NULL, 0, -1, -1).visible, 1);
  assert_int_equal(gn_los_trace(V(20, 0), V(20, 0), &f, 1, &s, 1, -1, -1).visible, 1);
  r = gn_los_trace(V(5, 0), V(5, 0), NULL, 0, &s, 1, -1, -1);
  assert_int_equal(r.box, 0);
  assert_near(r.fraction, 0);
}

static void test_los_stand_without_depth_does_not_block(void **state)
{
  gn_box s[2];
  (void)state;
  s[0] = B(5, 0, 4, 0, 0);      /* a frontage and no depth: no interior */
  s[1] = B(5, 0, 0, 0, 0);      /* a point */
  assert_int_equal(gn_los_trace(V(0, 0), V(10, 0), NULL, 0, s, 2, -1, -1).visible, 1);
  assert_int_equal(gn_los_trace(V(5, -5), V(5, 5), NULL, 0, s, 2, -1, -1).visible, 1);
}

/* ------------------------------------------------------- path crossings */

static void test_path_crossings_wood_and_river_sorted(void **state)
{
  const gn_vec2 river[2] = {{8, -5}, {8, 5}}, ford[2] = {{2, -5}, {2, 5}};
  gn_feature f[3];
  gn_crossing c[4];
  (void)state;
  f[0] = line(river, 2);
  f[1] = area(WOOD, 4, GN_FEAT_BLOCKS_LOS);
  f[2] = line(ford, 2);
  assert_int_equal(gn_path_crossings(V(0, 0), V(10, 0), f, 3, c, 4), 3);
  assert_int_equal(c[0].feature, 2);
  assert_near(c[0].t_in, 0.2);
  assert_near(c[0].t_out, 0.2);
  assert_int_equal(c[1].feature, 1);
  assert_near(c[1].t_in, 0.4);
  assert_near(c[1].t_out, 0.6);
  assert_int_equal(c[2].feature, 0);
  assert_near(c[2].t_in, 0.8);
  assert_near(c[2].t_out, 0.8);
  /* the reverse path */
  assert_int_equal(gn_path_crossings(V(10, 0), V(0, 0), f, 3, c, 4), 3);
  assert_int_equal(c[0].feature, 0);
  assert_near(c[0].t_in, 0.2);
  assert_int_equal(c[1].feature, 1);
  assert_near(c[1].t_in, 0.4);
  assert_near(c[1].t_out, 0.6);
  assert_int_equal(c[2].feature, 2);
  assert_near(c[2].t_in, 0.8);
}

static void test_path_crossings_truncated_to_max(void **state)
{
  const gn_vec2 river[2] = {{8, -5}, {8, 5}}, ford[2] = {{2, -5}, {2, 5}};
  gn_feature f[3];
  gn_crossing c[2];
  (void)state;
  f[0] = line(river, 2);
  f[1] = area(WOOD, 4, 0);
  f[2] = line(ford, 2);
  assert_int_equal(gn_path_crossings(V(0, 0), V(10, 0), f, 3, c, 2), 3);
  assert_int_equal(c[0].feature, 2);
  assert_int_equal(c[1].feature, 1);
  assert_int_equal(gn_path_crossings(V(0, 0), V(10, 0), f, 3, NULL, 0), 3);
}

static void test_path_crossings_tie_sorted_by_feature(void **state)
{
  const gn_vec2 l1[2] = {{5, -5}, {5, 5}}, l2[2] = {{0, -5}, {10, 5}};
  gn_feature f[2];
  gn_crossing c[2];
  (void)state;
  f[0] = line(l2, 2);     /* both cross the path at (5, 0) */
  f[1] = line(l1, 2);
  assert_int_equal(gn_path_crossings(V(0, 0), V(10, 0), f, 2, c, 2), 2);
  assert_int_equal(c[0].feature, 0);
  assert_int_equal(c[1].feature, 1);
  assert_near(c[0].t_in, 0.5);
  assert_near(c[1].t_in, 0.5);
}

static void test_path_crossings_non_convex_area(void **state)
{
  gn_vec2 cw[8];
  gn_feature f[2];
  gn_crossing c[4];
  int i;
  (void)state;
  reversed(UPTS, 8, cw);
  f[0] = area(UPTS, 8, 0);
  f[1] = area(cw, 8, 0);
  for (i = 0; i < 2; i++) {
    /* both arms: x in [0, 2] and [4, 6] of a path from x = -1 to 7 */
    assert_int_equal(gn_path_crossings(V(-1, 4), V(7, 4), &f[i], 1, c, 4), 2);
    assert_near(c[0].t_in, 1.0 / 8);
    assert_near(c[0].t_out, 3.0 / 8);
    assert_near(c[1].t_in, 5.0 / 8);
    assert_near(c[1].t_out, 7.0 / 8);
    /* starts in the left arm, leaves at y = 6 */
    assert_int_equal(gn_path_crossings(V(1, 1), V(1, 10), &f[i], 1, c, 4), 1);
    assert_near(c[0].t_in, 0);
    assert_near(c[0].t_out, 5.0 / 9);
    /* from the notch into the base: ends inside */
    assert_int_equal(gn_path_crossings(V(3, 5), V(3, 1), &f[i], 1, c, 4), 1);
    assert_near(c[0].t_in, 0.75);
    assert_near(c[0].t_out, 1);
    /* along the south edge: touches only */
    assert_int_equal(gn_path_crossings(V(-1, 0), V(7, 0), &f[i], 1, c, 4), 0);
    /* along the notch's floor, from arm to arm: one stretch */
    assert_int_equal(gn_path_crossings(V(-1, 2), V(7, 2), &f[i], 1, c, 4), 1);
    assert_near(c[0].t_in, 1.0 / 8);
    assert_near(c[0].t_out, 7.0 / 8);
  }
}

static void test_path_crossings_degenerate_outline(void **state)
{
  const gn_vec2 pts[6] = {{0, 0}, {2, 0}, {4, 0}, {4, 4}, {0, 4}, {0, 0}};
  gn_feature f = area(pts, 6, 0);
  gn_crossing c[2];
  (void)state;
  /* in through the extra vertex (2, 0), out at (2, 4) */
  assert_int_equal(gn_path_crossings(V(2, -2), V(2, 6), &f, 1, c, 2), 1);
  assert_near(c[0].t_in, 0.25);
  assert_near(c[0].t_out, 0.75);
}

static void test_path_crossings_river_line(void **state)
{
  gn_feature f = line(ZIG, 4);
  gn_crossing c[4];
  (void)state;
  /* north across the first reach at (1, 1) */
  assert_int_equal(gn_path_crossings(V(1, -1), V(1, 5), &f, 1, c, 4), 1);
  assert_near(c[0].t_in, 1.0 / 3);
  assert_near(c[0].t_out, 1.0 / 3);
  /* through the peak vertex (2, 2): once */
  assert_int_equal(gn_path_crossings(V(2, 0), V(2, 4), &f, 1, c, 4), 1);
  assert_near(c[0].t_in, 0.5);
  /* east along y = 1: crosses three reaches, at x = 1, 3, 5 */
  assert_int_equal(gn_path_crossings(V(0, 1), V(6, 1), &f, 1, c, 4), 3);
  assert_near(c[0].t_in, 1.0 / 6);
  assert_near(c[1].t_in, 3.0 / 6);
  assert_near(c[2].t_in, 5.0 / 6);
}

static void test_path_crossings_river_contacts(void **state)
{
  gn_feature f = line(ZIG, 4);
  gn_crossing c[4];
  (void)state;
  /* ends on the river: met at the end */
  assert_int_equal(gn_path_crossings(V(1, -1), V(1, 1), &f, 1, c, 4), 1);
  assert_near(c[0].t_in, 1);
  /* starts on it: already there, no new crossing */
  assert_int_equal(gn_path_crossings(V(1, 1), V(1, 3), &f, 1, c, 4), 0);
  /* along the first reach then off it: one contact, where it starts */
  assert_int_equal(gn_path_crossings(V(-1, -1), V(3, 3), &f, 1, c, 4), 1);
  assert_near(c[0].t_in, 0.25);
  assert_near(c[0].t_out, 0.25);
  /* zero-length path: no crossing, on the river or not */
  assert_int_equal(gn_path_crossings(V(1, 1), V(1, 1), &f, 1, c, 4), 0);
  assert_int_equal(gn_path_crossings(V(1, 5), V(1, 5), &f, 1, c, 4), 0);
}

static void test_path_crossings_zero_length_inside_area(void **state)
{
  gn_feature f = area(WOOD, 4, 0);
  gn_crossing c[1];
  (void)state;
  assert_int_equal(gn_path_crossings(V(5, 0), V(5, 0), &f, 1, c, 1), 1);
  assert_near(c[0].t_in, 0);
  assert_near(c[0].t_out, 1);
  assert_int_equal(gn_path_crossings(V(9, 0), V(9, 0), &f, 1, c, 1), 0);
}

/* ----------------------------------------------------------------- grid */

static void test_grid_basic_set_query_remove(void **state)
{
  gn_grid *g = gn_grid_new(NULL, 100, 100, 5);
  int ids[8];
  (void)state;
  assert_non_null(g);
  assert_int_equal(gn_grid_set(g, 7, B(10, 10, 2, 2, 0)), 0);
  assert_int_equal(gn_grid_set(g, 3, B(12, 10, 2, 2, 0)), 0);   /* touches 7 */
  assert_int_equal(gn_grid_set(g, 40, B(50, 50, 2, 2, 0)), 0);
  assert_int_equal(gn_grid_query(g, B(10, 10, 2, 2, 0), EPS, ids, 8), 2);
  assert_int_equal(ids[0], 3);
  assert_int_equal(ids[1], 7);
  assert_int_equal(gn_grid_query(g, B(30, 30, 2, 2, 0), 100, ids, 8), 3);
  assert_int_equal(ids[0], 3);
  assert_int_equal(ids[1], 7);
  assert_int_equal(ids[2], 40);
  gn_grid_remove(g, 3);
  gn_grid_remove(g, 3);      /* twice is fine */
  gn_grid_remove(g, 1000);   /* never held */
  assert_int_equal(gn_grid_query(g, B(10, 10, 2, 2, 0), EPS, ids, 8), 1);
  assert_int_equal(ids[0], 7);
  assert_int_equal(gn_grid_set(g, 7, B(49, 50, 2, 2, 0)), 0);  /* moved onto 40 */
  assert_int_equal(gn_grid_query(g, B(10, 10, 2, 2, 0), 1, ids, 8), 0);
  assert_int_equal(gn_grid_query(g, B(50, 50, 1, 1, 0), 0, ids, 8), 2);
  assert_int_equal(ids[0], 7);
  assert_int_equal(ids[1], 40);
  gn_grid_free(g);
  gn_grid_free(NULL);
}

static void test_grid_query_truncated_to_max(void **state)
{
  gn_grid *g = gn_grid_new(NULL, 50, 50, 4);
  int ids[3], i;
  (void)state;
  for (i = 0; i < 20; i++)
    assert_int_equal(gn_grid_set(g, 19 - i, B(2.5 * i, 25, 2, 2, 0)), 0);
  assert_int_equal(gn_grid_query(g, B(25, 25, 1, 1, 0), 1000, ids, 3), 20);
  assert_int_equal(ids[0], 0);
  assert_int_equal(ids[1], 1);
  assert_int_equal(ids[2], 2);
  assert_int_equal(gn_grid_query(g, B(25, 25, 1, 1, 0), 1000, NULL, 0), 20);
  gn_grid_free(g);
}

static void test_grid_rejects_bad_arguments(void **state)
{
  gn_grid *g = gn_grid_new(NULL, 50, 50, 4);
  int ids[4];
  (void)state;
  assert_int_equal(gn_grid_set(g, -1, B(1, 1, 1, 1, 0)), GN_EINVAL);
  assert_int_equal(gn_grid_set(g, 0, B(NAN, 1, 1, 1, 0)), GN_EINVAL);
  assert_int_equal(gn_grid_set(g, 0, B(1, INFINITY, 1, 1, 0)), GN_EINVAL);
  assert_int_equal(gn_grid_set(g, 0, B(1, 1, -1, 1, 0)), GN_EINVAL);
  assert_int_equal(gn_grid_set(NULL, 0, B(1, 1, 1, 1, 0)), GN_EINVAL);
  assert_int_equal(gn_grid_set(g, 0, B(1, 1, 1, 1, 0)), 0);
  assert_int_equal(gn_grid_query(g, B(NAN, 1, 1, 1, 0), 5, ids, 4), 0);
  assert_int_equal(gn_grid_query(g, B(1, 1, 1, 1, 0), NAN, ids, 4), 0);
  assert_int_equal(gn_grid_query(g, B(1, 1, 1, 1, 0), -1, ids, 4), 0);
  assert_int_equal(gn_grid_query(g, B(1, 1, 1, 1, 0), INFINITY, ids, 4), 1);
  assert_int_equal(gn_grid_query(NULL, B(1, 1, 1, 1, 0), 5, ids, 4), 0);
  gn_grid_free(g);
}

static void test_grid_odd_table_sizes_still_answer(void **state)
{
  double dims[5][3] = {{0, 0, 0}, {NAN, 10, 1}, {10, 10, -1}, {1e9, 1e9, 1e-9}, {10, 10, INFINITY}};
  int i, ids[2];
  (void)state;
  for (i = 0; i < 5; i++) {
    gn_grid *g = gn_grid_new(NULL, dims[i][0], dims[i][1], dims[i][2]);
    assert_non_null(g);
    assert_int_equal(gn_grid_set(g, 1, B(-5, 3, 1, 1, 0)), 0);
    assert_int_equal(gn_grid_set(g, 0, B(5e8, 5e8, 1, 1, 0)), 0);
    assert_int_equal(gn_grid_query(g, B(-4, 3, 1, 1, 0), 0, ids, 2), 1);
    assert_int_equal(ids[0], 1);
    assert_int_equal(gn_grid_query(g, B(5e8, 5e8 + 1, 1, 1, 0), 0.5, ids, 2), 1);
    assert_int_equal(ids[0], 0);
    gn_grid_free(g);
  }
}

/* An allocator that keeps the byte count and fails once `budget` calls are spent. */
typedef struct counting { long bytes, calls, budget; } counting;

static void *counting_realloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
  counting *c = ud;
  void *p;
  if (nsize == 0) {
    c->bytes -= (long)osize;
    free(ptr);
    return NULL;
  }
  if (c->budget >= 0 && c->calls >= c->budget)
    return NULL;
  c->calls++;
  p = realloc(ptr, nsize);
  if (p)
    c->bytes += (long)nsize - (long)(ptr ? osize : 0);
  return p;
}

static void test_grid_allocator_hook_balances(void **state)
{
  counting c = {0, 0, -1};
  gn_allocator a;
  gn_grid *g;
  int i, ids[4];
  (void)state;
  a.realloc = counting_realloc;
  a.ud = &c;
  g = gn_grid_new(&a, 100, 100, 2);
  assert_non_null(g);
  for (i = 0; i < 500; i++)
    assert_int_equal(gn_grid_set(g, i * 3, B(i % 97, i % 89, 3, 1, i)), 0);
  for (i = 0; i < 500; i += 2)
    gn_grid_remove(g, i * 3);
  assert_true(c.bytes > 0);
  assert_int_equal(gn_grid_query(g, B(1, 1, 1, 1, 0), 0, ids, 4) >= 1, 1);
  gn_grid_free(g);
  assert_int_equal(c.bytes, 0);
}

static void test_grid_out_of_memory_leaves_grid_unchanged(void **state)
{
  counting c = {0, 0, 0};
  gn_allocator a;
  gn_grid *g;
  int budget, rc, n, ids[8], done = 0, refused = 0;
  (void)state;
  a.realloc = counting_realloc;
  a.ud = &c;
  assert_null(gn_grid_new(&a, 100, 100, 2));              /* first call fails */
  c.budget = 1;
  assert_null(gn_grid_new(&a, 100, 100, 2));              /* the cells fail */
  assert_int_equal(c.bytes, 0);
  for (budget = 2; budget < 120; budget++) {
    c.calls = 0;
    c.budget = -1;
    g = gn_grid_new(&a, 100, 100, 2);
    assert_int_equal(gn_grid_set(g, 0, B(10, 10, 1, 1, 0)), 0);
    c.calls = 0;
    c.budget = budget - 2;
    /* a wide stand over many cells, and the id far beyond the slots */
    rc = gn_grid_set(g, 5000, B(11, 10, 30, 1, 0.5));
    assert_true(rc == 0 || rc == GN_ENOMEM);
    done += rc == 0;
    refused += rc == GN_ENOMEM;
    n = gn_grid_query(g, B(10, 10, 1, 1, 0), 1, ids, 8);
    assert_int_equal(n, rc == 0 ? 2 : 1);
    assert_int_equal(ids[0], 0);
    if (rc == GN_ENOMEM) {     /* moving an id that is there, and failing, keeps it */
      c.budget = -1;
      assert_int_equal(gn_grid_set(g, 5000, B(11, 10, 1, 1, 0)), 0);
      c.calls = 0;
      c.budget = 0;
      rc = gn_grid_set(g, 5000, B(60, 60, 40, 1, 0.3));
      if (rc == GN_ENOMEM) {
        assert_int_equal(gn_grid_query(g, B(10, 10, 1, 1, 0), 1, ids, 8), 2);
        assert_int_equal(ids[1], 5000);
      }
    }
    c.budget = -1;
    gn_grid_free(g);
    assert_int_equal(c.bytes, 0);
  }
  assert_true(done > 0 && refused > 0);    /* the budgets reach both outcomes */
}

/* Uniform in [lo, hi) from the project's generator. */
static double uni(gn_rng *s, double lo, double hi)
{
  return lo + (hi - lo) * (double)(gn_rng_next(s) >> 11) * (1.0 / 9007199254740992.0);
}

/* A random stand on (or up to a fifth off) a w x h table. */
static gn_box random_box(gn_rng *s, double w, double h)
{
  return B(uni(s, -0.2 * w, 1.2 * w), uni(s, -0.2 * h, 1.2 * h),
           uni(s, 0.2, 6), uni(s, 0.1, 3), uni(s, -PI, 3 * PI));
}

/* Checks gn_grid_query against a scan of every held stand, for 10 random queries. */
static void check_queries(gn_rng *s, const gn_grid *g, const gn_box *boxes,
                          const int *held, int n, double w, double h)
{
  static int got[600], want[600];
  int q, i, k, m, max;
  double r;
  for (q = 0; q < 10; q++) {
    gn_box b = random_box(s, w, h);
    switch (q % 5) {
    case 0: r = 0; break;
    case 1: r = EPS; break;
    case 2: r = uni(s, 0, 2); break;
    case 3: r = uni(s, 0, 12); break;
    default: r = uni(s, 0, w); break;
    }
    for (i = k = 0; i < n; i++)
      if (held[i] && gn_box_distance(b, boxes[i]) <= r)
        want[k++] = i;
    max = q == 4 ? k / 2 : 600;
    m = gn_grid_query(g, b, r, got, max);
    assert_int_equal(m, k);
    for (i = 0; i < (k < max ? k : max); i++)
      assert_int_equal(got[i], want[i]);
  }
}

static void test_grid_query_matches_brute_force_on_random_tables(void **state)
{
  static gn_box boxes[500];
  static int held[500];
  gn_rng s;
  int table, n, i;
  (void)state;
  gn_rng_seed(&s, 0x5eedf00du);
  for (table = 0; table < 200; table++) {
    double w = uni(&s, 20, 200), h = uni(&s, 20, 150);
    gn_grid *g = gn_grid_new(NULL, w, h, uni(&s, 0.5, 15));
    assert_non_null(g);
    n = 50 + (int)gn_rng_below(&s, 451);
    for (i = 0; i < n; i++) {
      boxes[i] = random_box(&s, w, h);
      held[i] = 1;
      assert_int_equal(gn_grid_set(g, i, boxes[i]), 0);
    }
    check_queries(&s, g, boxes, held, n, w, h);
    for (i = 0; i < n; i++) {               /* move a third, remove a fifth */
      uint32_t u = gn_rng_below(&s, 15);
      if (u < 5) {
        boxes[i] = u == 0 ? B(boxes[i].c.x + 0.01, boxes[i].c.y, boxes[i].w, boxes[i].d,
                              boxes[i].facing) : random_box(&s, w, h);
        assert_int_equal(gn_grid_set(g, i, boxes[i]), 0);
      } else if (u < 8) {
        held[i] = 0;
        gn_grid_remove(g, i);
      }
    }
    check_queries(&s, g, boxes, held, n, w, h);
    for (i = 0; i < n; i += 7)              /* put some back */
      if (!held[i]) {
        held[i] = 1;
        assert_int_equal(gn_grid_set(g, i, boxes[i]), 0);
      }
    check_queries(&s, g, boxes, held, n, w, h);
    gn_grid_free(g);
  }
}

/* Checks that gn_grid_query holding the n boxes finds, for radius r about b,
** exactly the boxes a scan with gn_box_distance finds. */
static void query_is_exact(const gn_grid *g, const gn_box *boxes, int n, gn_box b, double r)
{
  int got[64], want[64], k = 0, i, m;
  for (i = 0; i < n; i++)
    if (gn_box_distance(b, boxes[i]) <= r)
      want[k++] = i;
  m = gn_grid_query(g, b, r, got, 64);
  assert_int_equal(m, k);
  for (i = 0; i < k; i++)
    assert_int_equal(got[i], want[i]);
}

/* The grid settles most pairs from the circles that hold the stands before
** the exact distance; at the radii where those bounds are tight (corners
** pointing at each other along the line of the centres, stands of no size),
** and at the exact distance and one step either side of it, it must answer
** as gn_box_distance does. */
static void test_grid_query_exact_where_the_circles_are_tight(void **state)
{
  static gn_box boxes[48];
  gn_rng s;
  int t, i, n;
  (void)state;
  gn_rng_seed(&s, 0xc1c1e5u);
  for (t = 0; t < 200; t++) {
    gn_grid *g = gn_grid_new(NULL, 100, 100, uni(&s, 1, 12));
    gn_box b = B(uni(&s, 20, 80), uni(&s, 20, 80), uni(&s, 0, 4), uni(&s, 0, 4), uni(&s, 0, 2 * PI));
    assert_non_null(g);
    if (t % 3 == 0)
      b.w = b.d = 0;                          /* a point: the distance is the centres' */
    for (i = n = 0; i < 48; i++, n++) {
      double a = uni(&s, 0, 2 * PI), sz = uni(&s, 0.5, 3), gap = uni(&s, 0, 5);
      double rb = sqrt(b.w * b.w + b.d * b.d) / 2, rs = sz * R2 / 2;
      /* a square whose corner points back at b's centre, on the ray at angle a,
      ** and b turned so that its own corner points at it: the centres' distance
      ** less both radii is then the distance itself */
      double dc = rb + rs + gap;
      boxes[i] = B(b.c.x + dc * cos(a), b.c.y + dc * sin(a), sz, sz, a + PI / 4);
      if (i % 4 == 1)
        boxes[i].w = boxes[i].d = 0;          /* a point */
      if (i % 4 == 2)
        boxes[i].facing = uni(&s, 0, 2 * PI); /* any turn */
      assert_int_equal(gn_grid_set(g, i, boxes[i]), 0);
    }
    for (i = 0; i < n; i++) {
      gn_box q = b;
      double d;
      if (i % 2 == 0)                         /* b's own corner toward box i */
        q.facing = atan2(boxes[i].c.y - b.c.y, boxes[i].c.x - b.c.x) + PI / 4 - atan2(b.w, b.d) + PI / 4;
      d = gn_box_distance(q, boxes[i]);
      query_is_exact(g, boxes, n, q, d);
      query_is_exact(g, boxes, n, q, nextafter(d, -INFINITY));
      query_is_exact(g, boxes, n, q, nextafter(d, INFINITY));
      query_is_exact(g, boxes, n, q, d + EPS);
    }
    gn_grid_free(g);
  }
}

/* The four square facings are exact: corners land on whole numbers, with no
** trace of pi's rounding (1e-16 errors could flip a contact test). */
static void square_facings_exact(void **state)
{
  (void)state;
  const double q = 1.57079632679489661923;
  for (int k = 0; k < 4; k++) {
    gn_box b = { { 10, 20 }, 4, 2, k * q };
    gn_vec2 c[4];
    gn_box_corners(b, c);
    for (int i = 0; i < 4; i++) {
      assert_true(c[i].x == (double)(long)c[i].x);
      assert_true(c[i].y == (double)(long)c[i].y);
    }
  }
}

int main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(square_facings_exact),
    cmocka_unit_test(test_box_corners_axis_aligned),
    cmocka_unit_test(test_box_corners_rotated),
    cmocka_unit_test(test_box_front_midpoint),
    cmocka_unit_test(test_point_box_distance_axis_aligned),
    cmocka_unit_test(test_point_box_distance_rotated),
    cmocka_unit_test(test_box_distance_axis_aligned),
    cmocka_unit_test(test_box_distance_rotated),
    cmocka_unit_test(test_box_distance_is_symmetric),
    cmocka_unit_test(test_box_touching_is_contact_not_overlap),
    cmocka_unit_test(test_box_overlap_beyond_eps),
    cmocka_unit_test(test_box_touching_rotated),
    cmocka_unit_test(test_box_arc_axis_aligned),
    cmocka_unit_test(test_box_arc_ties_on_diagonals),
    cmocka_unit_test(test_box_arc_rotated),
    cmocka_unit_test(test_box_arc_follows_the_diagonals_of_a_deep_stand),
    cmocka_unit_test(test_box_arc_of_degenerate_stands),
    cmocka_unit_test(test_box_in_arc_by_centre_or_corner),
    cmocka_unit_test(test_feature_contains_convex_both_windings),
    cmocka_unit_test(test_feature_contains_non_convex_both_windings),
    cmocka_unit_test(test_feature_contains_degenerate_outline),
    cmocka_unit_test(test_feature_contains_line_within_eps),
    cmocka_unit_test(test_los_blocked_by_wood),
    cmocka_unit_test(test_los_grazing_a_wood_is_not_blocked),
    cmocka_unit_test(test_los_starting_or_ending_inside_a_wood_is_not_blocked),
    cmocka_unit_test(test_los_only_flagged_areas_block),
    cmocka_unit_test(test_los_through_a_non_convex_wood),
    cmocka_unit_test(test_los_nearest_of_several_blockers),
    cmocka_unit_test(test_los_blocked_by_third_stand_not_skipped_ones),
    cmocka_unit_test(test_los_grazing_a_stand_is_not_blocked),
    cmocka_unit_test(test_los_zero_length),
    cmocka_unit_test(test_los_stand_without_depth_does_not_block),
    cmocka_unit_test(test_path_crossings_wood_and_river_sorted),
    cmocka_unit_test(test_path_crossings_truncated_to_max),
    cmocka_unit_test(test_path_crossings_tie_sorted_by_feature),
    cmocka_unit_test(test_path_crossings_non_convex_area),
    cmocka_unit_test(test_path_crossings_degenerate_outline),
    cmocka_unit_test(test_path_crossings_river_line),
    cmocka_unit_test(test_path_crossings_river_contacts),
    cmocka_unit_test(test_path_crossings_zero_length_inside_area),
    cmocka_unit_test(test_grid_basic_set_query_remove),
    cmocka_unit_test(test_grid_query_truncated_to_max),
    cmocka_unit_test(test_grid_rejects_bad_arguments),
    cmocka_unit_test(test_grid_odd_table_sizes_still_answer),
    cmocka_unit_test(test_grid_allocator_hook_balances),
    cmocka_unit_test(test_grid_out_of_memory_leaves_grid_unchanged),
    cmocka_unit_test(test_grid_query_matches_brute_force_on_random_tables),
    cmocka_unit_test(test_grid_query_exact_where_the_circles_are_tight),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
