/*
** near.c: screens in front of the exact stand geometry, for the phases that
** test one stand against its neighbours thousands of times a bound (the steps
** of marching and of forced moves), and a sweep of the units by x that finds
** a marching unit's neighbours without a grid query.
**
** Nothing here changes a result. A screen answers only "surely farther apart
** than gap", from the stands' bounding boxes on the table axes grown by
** GN_CONTACT_EPS (far more than the rounding of geom.c's exact tests) and from
** their bounding circles exactly as gn__ba_apart takes them; the caller then
** skips an exact test that could not have passed. The sweep finds a superset
** of the grid's answer, in the same ascending order. What a screen holds
** depends on a stand's size and facing alone, so it stays true while the
** stand only moves: it is made when marching or a forced move begins, and the
** centre is read from the state at each test. Nothing here is kept in the
** game, so there is nothing to journal or to roll back.
*/
#include "ba.h"

#include <math.h>
#include <stdlib.h>

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

/* Orders units by the x of their centres, then by id. */
typedef struct at_x { double x; int id; } at_x;

static int by_x(const void *a, const void *b) {
  const at_x *p = a, *q = b;
  if (p->x != q->x) return p->x < q->x ? -1 : 1;
  return (p->id > q->id) - (p->id < q->id);
}

/*
** The units on the table sorted by centre x, with their screens.
**   1) every unit not removed, with its screen
**   2) sorted by x (ties by id)
** Fails only with GN_ENOMEM (sw then holds nothing to free).
*/
int gn__ba_sweep_make(gn_game *g, ba_sweep *sw) {
  int n = g->sc->nunits;
  size_t nn = (size_t)(n > 0 ? n : 1);
  sw->cap = n;
  sw->n = 0;
  sw->maxex = 0;
  sw->order = gn__malloc(g, nn * sizeof *sw->order);
  sw->x = gn__malloc(g, nn * sizeof *sw->x);
  sw->sc = gn__malloc(g, nn * sizeof *sw->sc);
  at_x *tmp = gn__malloc(g, nn * sizeof *tmp);
  if (!sw->order || !sw->x || !sw->sc || !tmp) {
    gn__free(g, tmp, nn * sizeof *tmp);
    gn__ba_sweep_free(g, sw);
    return gn__error(g, GN_ENOMEM, "out of memory");
  }
  for (int u = 0; u < n; u++) {                                                   /* 1 */
    if (g->st.u[u].removed) continue;
    sw->sc[u] = gn__ba_screen(g->st.u[u].box);
    if (sw->sc[u].ex > sw->maxex) sw->maxex = sw->sc[u].ex;
    tmp[sw->n].x = g->st.u[u].box.c.x;
    tmp[sw->n++].id = u;
  }
  qsort(tmp, (size_t)sw->n, sizeof *tmp, by_x);                                  /* 2 */
  for (int i = 0; i < sw->n; i++) {
    sw->order[i] = tmp[i].id;
    sw->x[i] = tmp[i].x;
  }
  gn__free(g, tmp, nn * sizeof *tmp);
  return 0;
}

void gn__ba_sweep_free(gn_game *g, ba_sweep *sw) {
  size_t nn = (size_t)(sw->cap > 0 ? sw->cap : 1);
  gn__free(g, sw->order, nn * sizeof *sw->order);
  gn__free(g, sw->x, nn * sizeof *sw->x);
  gn__free(g, sw->sc, nn * sizeof *sw->sc);
  sw->order = NULL;
  sw->x = NULL;
  sw->sc = NULL;
  sw->n = 0;
}

/*
** Units held by sw, other than u (held too), whose grown bounding boxes lie
** within r of u's: a superset of those within r of u edge to edge (the grid's
** answer), ascending, in ids (room for every unit). Returns their count.
**   1) the run of centres within r and both half widths of u's x
**   2) those whose grown bounding boxes are within r, put in order by id
** Cannot fail.
*/
int gn__ba_sweep_near(const gn_game *g, const ba_sweep *sw, int u, double r, int *ids) {
  gn_vec2 c = g->st.u[u].box.c;
  const ba_screen *su = &sw->sc[u];
  double lo = c.x - (r + su->ex + sw->maxex), hi = c.x + (r + su->ex + sw->maxex);
  int a = 0, b = sw->n, k = 0;
  while (a < b) {                                                                 /* 1 */
    int m = a + (b - a) / 2;
    if (sw->x[m] < lo) a = m + 1;
    else b = m;
  }
  for (int i = a; i < sw->n && sw->x[i] <= hi; i++) {
    int j = sw->order[i];
    gn_vec2 d = g->st.u[j].box.c;
    if (j == u || fabs(c.x - d.x) - (su->ex + sw->sc[j].ex) > r ||                /* 2 */
        fabs(c.y - d.y) - (su->ey + sw->sc[j].ey) > r)
      continue;
    int p = k++;
    while (p > 0 && ids[p - 1] > j) { ids[p] = ids[p - 1]; p--; }
    ids[p] = j;
  }
  return k;
}
