/*
** near.c: screens in front of the exact stand geometry, for the phases that
** test one stand against its neighbours thousands of times a bound (the steps
** of marching and of forced moves).
**
** A screen never changes a result. It answers only "surely farther apart than
** gap", from the stands' bounding boxes on the table axes grown by
** GN_CONTACT_EPS (far more than the rounding of geom.c's exact tests) and from
** their bounding circles exactly as gn__ba_apart takes them; the caller then
** skips an exact test that could not have passed. What a screen holds depends
** on a stand's size and facing alone, so it stays true while the stand only
** moves: it is made when marching or a forced move begins and the centre is
** read from the state at each test. Nothing here is kept in the game.
*/
#include "ba.h"

#include <math.h>

/* A stand's screen: half extents on the table axes and its diagonal. Cannot fail. */
ba_screen gn__ba_screen(gn_box b) {
  double c = fabs(cos(b.facing)), s = fabs(sin(b.facing));
  double hd = fabs(b.d) / 2, hw = fabs(b.w) / 2;
  ba_screen r;
  r.ex = hd * c + hw * s + GN_CONTACT_EPS;
  r.ey = hd * s + hw * c + GN_CONTACT_EPS;
  r.diag = sqrt(b.w * b.w + b.d * b.d);   /* as gn__ba_apart computes it */
  return r;
}
