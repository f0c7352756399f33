/*
** grid.c: a uniform grid of stands over the table, so that range and contact
** queries cost near O(1) per stand (design decision 8).
**
** The table is [0, width] x [0, height]; column i covers x in
** [i*cell, (i+1)*cell) (up to the rounding of x / cell, taken alike
** everywhere), and likewise rows; a stand off the table is clamped into the
** border cells. Each stand is listed in every cell its bounding box (grown by
** GN_CONTACT_EPS against rounding) covers; its frame (gn__frame: the cosine
** and sine of its facing, taken once), bounding box and cell range are kept
** in a slot indexed by id.
**
** A query visits the cells covered by the query box's bounding box grown by
** r. A stand listed in several of them is examined only in the first cell
** (least column, then least row) that its range shares with the query's, so
** no visited marks are needed: a query writes nothing in the grid and several
** may run at once. The survivors of a bounding-box test get the exact
** gn_box_distance; their ids go into a max-heap held in the caller's array
** (the max smallest) and are heap-sorted at the end: O(k log max) for k hits.
**
** Memory goes through gn__realloc: the caller's hook, or the C library's.
*/
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "core.h"

#define MAXCELLS (1 << 20)        /* the cells grow rather than exceed this */
#define SLACK GN_CONTACT_EPS      /* bounding boxes are grown by this */

/* The ids listed in one cell, in no order. */
typedef struct cell { int *ids; int n, cap; } cell;

/* What a scan reads of each id it meets: 32 bytes, so that the slots of
** many stands stay in the cache. The bounding box is only a first test
** before the exact one: floats rounded outward do. */
typedef struct slot {
  int cx0, cy0, cx1, cy1;     /* cell range; cx0 < 0 when the id is absent */
  float x0, y0, x1, y1;       /* bounding box, grown by SLACK, rounded outward */
} slot;

/* The rest, read only for the ids whose bounding boxes meet the query's. */
typedef struct stand {
  gn__frame fr;               /* the stand's frame, computed once */
  double rad;                 /* its circumscribed circle's radius */
} stand;

struct gn_grid {
  gn_allocator alloc;         /* a copy; a NULL hook means the C library */
  double cell, inv;           /* cell side, and 1 / side */
  int nx, ny;                 /* columns, rows */
  cell *cells;                /* nx * ny, row after row */
  slot *slots;                /* indexed by id: nslots slots, then nslots stands, one block */
  stand *stands;
  size_t nslots;
};

/* Bytes of the block of n slots and stands. */
#define SLOTBYTES(n) ((n) * (sizeof(slot) + sizeof(stand)))

/* ------------------------------------------------------------ memory */

/* Resizes p through the grid's allocator. NULL when out of memory (p kept) or freed. */
static void *mem(const gn_grid *gr, void *p, size_t osize, size_t nsize) {
  if (!p && nsize == 0)
    return NULL;
  return gn__realloc(&gr->alloc, p, osize, nsize);
}

/* Room for one more id in c. Returns GN_ENOMEM (c unchanged) or 0. */
static int cell_reserve(const gn_grid *gr, cell *c) {
  int ncap;
  int *p;
  if (c->n < c->cap)
    return 0;
  if (c->cap > INT_MAX / 2 || (size_t)c->cap > SIZE_MAX / 2 / sizeof *p)
    return GN_ENOMEM;
  ncap = c->cap ? c->cap * 2 : 4;
  p = mem(gr, c->ids, (size_t)c->cap * sizeof *p, (size_t)ncap * sizeof *p);
  if (!p)
    return GN_ENOMEM;
  c->ids = p;
  c->cap = ncap;
  return 0;
}

/* Slots and stands for ids up to id, new ones absent: one block, the stands
** moved up behind the grown slots. Returns GN_ENOMEM (grid unchanged) or 0. */
static int slots_reserve(gn_grid *gr, int id) {
  size_t need = (size_t)id + 1, ncap = gr->nslots * 2, i;
  slot *p;
  if (need <= gr->nslots)
    return 0;
  if (ncap < need)
    ncap = need;
  if (ncap < 16)
    ncap = 16;
  if (ncap > SIZE_MAX / (sizeof(slot) + sizeof(stand)))
    return GN_ENOMEM;
  p = mem(gr, gr->slots, SLOTBYTES(gr->nslots), SLOTBYTES(ncap));
  if (!p)
    return GN_ENOMEM;
  memmove(p + ncap, p + gr->nslots, gr->nslots * sizeof(stand));
  for (i = gr->nslots; i < ncap; i++)
    p[i].cx0 = -1;
  gr->slots = p;
  gr->stands = (stand *)(p + ncap);
  gr->nslots = ncap;
  return 0;
}

/* ------------------------------------------------------------ shape */

/* x when it is finite and positive, else 0. Cannot fail. */
static double positive(double x) { return isfinite(x) && x > 0 ? x : 0; }

/* Cells along a side of length s, at least 1 (s / c may be inf). Cannot fail. */
static double count(double s, double c) {
  double n = ceil(s / c);
  return n < 1 ? 1 : n;
}

/*
** Chooses the cell side and the number of columns and rows. Cannot fail.
**   1) a size that is not finite and positive counts as 0;
**   2) no usable cell side: one cell for the whole table;
**   3) the side doubles until there are at most MAXCELLS cells.
*/
static void shape(gn_grid *gr, double width, double height, double side) {
  double w = positive(width), h = positive(height), c = positive(side); /* 1) */
  if (c == 0)                                                     /* 2) */
    c = w > h ? w : h;
  if (c == 0)
    c = 1;
  while (count(w, c) * count(h, c) > MAXCELLS)                    /* 3) */
    c *= 2;
  gr->cell = c;
  gr->inv = 1 / c;
  gr->nx = (int)count(w, c);
  gr->ny = (int)count(h, c);
}

/* The column (or row) of coordinate x, clamped to [0, n): x times the
** inverse of the side, truncated (every index of the grid is taken so, which
** is all its bookkeeping needs). Cannot fail. */
static int index_of(double x, double inv, int n) {
  double q = x * inv;
  if (!(q > 0))                 /* also NaN */
    return 0;
  return q >= n - 1 ? n - 1 : (int)q;
}

/* 1 when every field of b is finite and its sizes are not negative. Cannot fail. */
static int box_ok(gn_box b) {
  return isfinite(b.c.x) && isfinite(b.c.y) && isfinite(b.w) && isfinite(b.d)
      && isfinite(b.facing) && b.w >= 0 && b.d >= 0;
}

/* The bounding box of the stand of frame fr grown by grow: *x0 <= x <= *x1,
** likewise y. Cannot fail. */
static void bounds(const gn__frame *fr, double grow, double *x0, double *y0, double *x1, double *y1) {
  double fx = fabs(fr->f.x), fy = fabs(fr->f.y);
  double ex = fr->hd * fx + fr->hw * fy + grow, ey = fr->hd * fy + fr->hw * fx + grow;
  *x0 = fr->c.x - ex;
  *x1 = fr->c.x + ex;
  *y0 = fr->c.y - ey;
  *y1 = fr->c.y + ey;
}

static double radius(const gn__frame *fr) { return gn__frame_radius(fr); }

/* x (finite) as a float no greater (down) or no less (up): moved outward by
** 2^-20 of itself (and 1e-30) first, far more than a float's rounding; near
** the floats' limits, an infinity or the largest float. Cannot fail. */
static float down(double x) {
  if (x > FLT_MAX / 2)
    return FLT_MAX / 2;
  if (x < -FLT_MAX / 2)
    return -INFINITY;
  return (float)(x - (fabs(x) * 0x1p-20 + 1e-30));
}

static float up(double x) {
  if (x < -FLT_MAX / 2)
    return -FLT_MAX / 2;
  if (x > FLT_MAX / 2)
    return INFINITY;
  return (float)(x + (fabs(x) * 0x1p-20 + 1e-30));
}

/* The slot for box b: its bounding box and cell range; its frame and circle in *sh.
** Cannot fail. */
static slot place(const gn_grid *gr, gn_box b, stand *sh) {
  slot s;
  sh->fr = gn__frame_of(b);
  sh->rad = radius(&sh->fr);
  double x0, y0, x1, y1;
  bounds(&sh->fr, SLACK, &x0, &y0, &x1, &y1);
  s.x0 = down(x0);
  s.y0 = down(y0);
  s.x1 = up(x1);
  s.y1 = up(y1);
  s.cx0 = index_of(x0, gr->inv, gr->nx);
  s.cx1 = index_of(x1, gr->inv, gr->nx);
  s.cy0 = index_of(y0, gr->inv, gr->ny);
  s.cy1 = index_of(y1, gr->inv, gr->ny);
  return s;
}

/* ------------------------------------------------------ listing */

/* The cell at column x, row y. Cannot fail. */
static cell *cell_at(const gn_grid *gr, int x, int y) {
  return &gr->cells[(size_t)y * (size_t)gr->nx + (size_t)x];
}

/* Room for id in every cell of s's range. Returns GN_ENOMEM or 0; the
** listing is unchanged either way. */
static int reserve(const gn_grid *gr, const slot *s) {
  int x, y;
  for (y = s->cy0; y <= s->cy1; y++)
    for (x = s->cx0; x <= s->cx1; x++)
      if (cell_reserve(gr, cell_at(gr, x, y)) != 0)
        return GN_ENOMEM;
  return 0;
}

/* Lists id in the cells of s's range (room reserved). Cannot fail. */
static void list(const gn_grid *gr, const slot *s, int id) {
  int x, y;
  cell *c;
  for (y = s->cy0; y <= s->cy1; y++)
    for (x = s->cx0; x <= s->cx1; x++) {
      c = cell_at(gr, x, y);
      c->ids[c->n++] = id;
    }
}

/* Takes id out of the cells of s's range. Cannot fail. */
static void unlist(const gn_grid *gr, const slot *s, int id) {
  int x, y, i;
  cell *c;
  for (y = s->cy0; y <= s->cy1; y++)
    for (x = s->cx0; x <= s->cx1; x++) {
      c = cell_at(gr, x, y);
      for (i = 0; i < c->n; i++)
        if (c->ids[i] == id) {
          c->ids[i] = c->ids[--c->n];
          break;
        }
    }
}

/* 1 when a and b cover the same cells. Cannot fail. */
static int same_range(const slot *a, const slot *b) {
  return a->cx0 == b->cx0 && a->cx1 == b->cx1 && a->cy0 == b->cy0 && a->cy1 == b->cy1;
}

/* ------------------------------------------------------ public */

/* A new empty grid (see grognard.h). A width or height that is not finite
** and positive counts as 0 (one column or row), a cell side that is not gives
** one cell for the table, and the side doubles while there would be more
** than MAXCELLS cells. NULL only when out of memory. */
gn_grid *gn_grid_new(const gn_allocator *a, double width, double height, double side) {
  gn_grid *gr = gn__realloc(a, NULL, 0, sizeof *gr);
  size_t size;
  if (!gr)
    return NULL;
  memset(gr, 0, sizeof *gr);
  if (a)
    gr->alloc = *a;
  shape(gr, width, height, side);
  size = (size_t)gr->nx * (size_t)gr->ny * sizeof *gr->cells;
  gr->cells = mem(gr, NULL, 0, size);
  if (!gr->cells) {
    gn__realloc(a, gr, sizeof *gr, 0);
    return NULL;
  }
  memset(gr->cells, 0, size);
  return gr;
}

/* A copy of src, its cells' lists in the same order (so that queries answer
** in the same order), with the allocator a. NULL when out of memory. */
gn_grid *gn__grid_clone(const gn_grid *src, const gn_allocator *a) {
  size_t ncells = (size_t)src->nx * (size_t)src->ny, i;
  gn_grid *gr = gn__realloc(a, NULL, 0, sizeof *gr);
  if (!gr)
    return NULL;
  *gr = *src;
  memset(&gr->alloc, 0, sizeof gr->alloc);
  if (a)
    gr->alloc = *a;
  gr->slots = NULL;
  gr->stands = NULL;
  gr->nslots = 0;
  gr->cells = mem(gr, NULL, 0, ncells * sizeof *gr->cells);
  if (!gr->cells) {
    gn__realloc(a, gr, sizeof *gr, 0);
    return NULL;
  }
  memset(gr->cells, 0, ncells * sizeof *gr->cells);
  for (i = 0; i < ncells; i++) {
    const cell *c = &src->cells[i];
    if (c->n == 0)
      continue;
    if (!(gr->cells[i].ids = mem(gr, NULL, 0, (size_t)c->n * sizeof(int)))) {
      gn_grid_free(gr);
      return NULL;
    }
    memcpy(gr->cells[i].ids, c->ids, (size_t)c->n * sizeof(int));
    gr->cells[i].n = gr->cells[i].cap = c->n;
  }
  if (src->nslots) {
    if (!(gr->slots = mem(gr, NULL, 0, SLOTBYTES(src->nslots)))) {
      gn_grid_free(gr);
      return NULL;
    }
    memcpy(gr->slots, src->slots, SLOTBYTES(src->nslots));
    gr->stands = (stand *)(gr->slots + src->nslots);
    gr->nslots = src->nslots;
  }
  return gr;
}

/* Releases the grid and all it holds; NULL is fine. Cannot fail. */
void gn_grid_free(gn_grid *gr) {
  gn_allocator a;
  size_t i, ncells;
  if (!gr)
    return;
  a = gr->alloc;
  ncells = (size_t)gr->nx * (size_t)gr->ny;
  for (i = 0; i < ncells; i++)
    mem(gr, gr->cells[i].ids, (size_t)gr->cells[i].cap * sizeof(int), 0);
  mem(gr, gr->cells, ncells * sizeof *gr->cells, 0);
  mem(gr, gr->slots, SLOTBYTES(gr->nslots), 0);
  gn__realloc(&a, gr, sizeof *gr, 0);
}

/*
** Inserts stand id or moves it to b. GN_EINVAL for a NULL grid, a negative
** id or a box with a non-finite field or a negative size; GN_ENOMEM. On
** failure the grid holds what it held before.
**   1) make room first: slots, then one entry in each new cell;
**   2) unlist from the old cells, list in the new ones.
*/
int gn_grid_set(gn_grid *gr, int id, gn_box b) {
  slot s, *old;
  stand sh;
  if (!gr || id < 0 || !box_ok(b))
    return GN_EINVAL;
  if (slots_reserve(gr, id) != 0)                              /* 1) */
    return GN_ENOMEM;
  s = place(gr, b, &sh);
  old = &gr->slots[id];
  if (old->cx0 >= 0 && same_range(old, &s)) {
    *old = s;
    gr->stands[id] = sh;
    return 0;
  }
  if (reserve(gr, &s) != 0)
    return GN_ENOMEM;
  if (old->cx0 >= 0)                                           /* 2) */
    unlist(gr, old, id);
  list(gr, &s, id);
  *old = s;
  gr->stands[id] = sh;
  return 0;
}

/* Removes stand id; an id the grid does not hold is ignored. Cannot fail. */
void gn_grid_remove(gn_grid *gr, int id) {
  slot *s;
  if (!gr || id < 0 || (size_t)id >= gr->nslots)
    return;
  s = &gr->slots[id];
  if (s->cx0 < 0)
    return;
  unlist(gr, s, id);
  s->cx0 = -1;
}

/* ------------------------------------------------------ query */

/* Pushes v on the max-heap h[0..n) (room at h[n]). Cannot fail. */
static void heap_push(int *h, int n, int v) {
  int i = n;
  while (i > 0 && h[(i - 1) / 2] < v) {
    h[i] = h[(i - 1) / 2];
    i = (i - 1) / 2;
  }
  h[i] = v;
}

/* Sifts h[i] down the max-heap h[0..n). Cannot fail. */
static void heap_down(int *h, int n, int i) {
  int m, l, v = h[i];
  for (;;) {
    l = 2 * i + 1;
    if (l >= n)
      break;
    m = l + 1 < n && h[l + 1] > h[l] ? l + 1 : l;
    if (h[m] <= v)
      break;
    h[i] = h[m];
    i = m;
  }
  h[i] = v;
}

/* Sorts the max-heap h[0..n) ascending. Cannot fail. */
static void heap_sort(int *h, int n) {
  int v;
  while (n > 1) {
    v = h[--n];
    h[n] = h[0];
    h[0] = v;
    heap_down(h, n, 0);
  }
}

/* The query in progress: its stand's frame and circle, reach, bounds, cell
** range and results. */
typedef struct query {
  gn__frame fr;
  double rad, r, x0, y0, x1, y1;
  int cx0, cy0, cx1, cy1;
  gn__grid_keep keep; void *ud;   /* the caller's filter, or NULL */
  int *ids, max, held, n;
} query;

/* Offers id to the results: the max smallest are kept. Cannot fail. */
static void offer(query *q, int id) {
  q->n++;
  if (q->held < q->max)
    heap_push(q->ids, q->held++, id);
  else if (q->max > 0 && id < q->ids[0]) {
    q->ids[0] = id;
    heap_down(q->ids, q->held, 0);
  }
}

/* 1 when the stand s lies within q->r of the query's, exactly as
** gn_box_distance(query box, its box) <= r decides. Cannot fail. */
static int within(const query *q, const stand *s) {
  return gn__frame_within(&q->fr, q->rad, &s->fr, s->rad, q->r);
}

/* Examines the ids listed in cell (x, y) that are first met there. Cannot fail. */
static void scan(const gn_grid *gr, query *q, int x, int y) {
  const cell *c = cell_at(gr, x, y);
  const slot *s;
  int i, id;
  for (i = 0; i < c->n; i++) {
    id = c->ids[i];
    s = &gr->slots[id];
    if (x != (s->cx0 > q->cx0 ? s->cx0 : q->cx0)
        || y != (s->cy0 > q->cy0 ? s->cy0 : q->cy0))
      continue;                         /* examined in another cell */
    if (s->x0 > q->x1 || s->x1 < q->x0 || s->y0 > q->y1 || s->y1 < q->y0)
      continue;
    if ((!q->keep || q->keep(q->ud, id)) && within(q, &gr->stands[id]))
      offer(q, id);
  }
}

/* The bounds and cell range of q for its frame and reach q->r: 0 when
** nothing can be within reach (r negative beyond the stand). Cannot fail. */
static int reach(const gn_grid *gr, query *q) {
  bounds(&q->fr, q->r + SLACK, &q->x0, &q->y0, &q->x1, &q->y1);
  if (q->x0 > q->x1 || q->y0 > q->y1)
    return 0;
  q->cx0 = index_of(q->x0, gr->inv, gr->nx);
  q->cx1 = index_of(q->x1, gr->inv, gr->nx);
  q->cy0 = index_of(q->y0, gr->inv, gr->ny);
  q->cy1 = index_of(q->y1, gr->inv, gr->ny);
  return 1;
}

/* 1 when the frame's fields are all finite. Cannot fail. */
static int frame_ok(const gn__frame *fr) {
  return isfinite(fr->c.x) && isfinite(fr->c.y) && isfinite(fr->f.x) && isfinite(fr->f.y)
      && isfinite(fr->hd) && isfinite(fr->hw);
}

/*
** gn_grid_query for the stand of frame fr, among the ids keep accepts (all
** when keep is NULL); keep is asked before the distance, so it should be
** cheap. Cannot fail.
**   1) the cells that the stand's bounding box grown by r covers;
**   2) each listed id once: bounding boxes, the filter, the distance;
**   3) sort the ids kept.
*/
int gn__grid_query_if(const gn_grid *gr, const gn__frame *fr, double r, gn__grid_keep keep,
                      void *ud, int *ids, int max) {
  query q;
  int x, y;
  if (!gr || !frame_ok(fr) || isnan(r))
    return 0;
  q.fr = *fr;
  q.rad = radius(&q.fr);
  q.r = r;
  q.keep = keep;
  q.ud = ud;
  q.ids = ids;
  q.max = ids && max > 0 ? max : 0;
  q.held = q.n = 0;
  if (!reach(gr, &q))                                            /* 1) */
    return 0;
  for (y = q.cy0; y <= q.cy1; y++)                               /* 2) */
    for (x = q.cx0; x <= q.cx1; x++)
      scan(gr, &q, x, y);
  heap_sort(q.ids, q.held);                                      /* 3) */
  return q.n;
}

/*
** The nearest stand to frame fr among those keep accepts, edge to edge: its
** id (the least of those at the same distance) with the distance in *dist,
** or -1 and INFINITY when keep accepts none. A stand found within the reach
** searched is the nearest of all, since every stand within it was looked at;
** once the reach covers every cell, every stand is. Cannot fail.
**   1) the cells within reach r (one cell's side at first); each listed id
**      once, bounding boxes first; the circle bound against the best so far,
**      then the exact distance
**   2) found within r, or every cell searched: that is the nearest; else
**      search again within the distance of the best found (which then holds
**      the nearest), or, with none found, four times as far
*/
int gn__grid_nearest(const gn_grid *gr, const gn__frame *fr, gn__grid_keep keep, void *ud,
                     double *dist) {
  query q;
  double best = INFINITY;
  int who = -1, x, y, i, all = 0;
  *dist = INFINITY;
  if (!gr || !frame_ok(fr))
    return -1;
  q.fr = *fr;
  q.rad = radius(&q.fr);
  for (q.r = gr->cell;; q.r = best < INFINITY ? best : 4 * q.r) {
    reach(gr, &q);
    all = q.cx0 == 0 && q.cy0 == 0 && q.cx1 == gr->nx - 1 && q.cy1 == gr->ny - 1;
    for (y = q.cy0; y <= q.cy1; y++)                             /* 1) */
      for (x = q.cx0; x <= q.cx1; x++) {
        const cell *c = cell_at(gr, x, y);
        for (i = 0; i < c->n; i++) {
          int id = c->ids[i];
          const slot *s = &gr->slots[id];
          const stand *sh = &gr->stands[id];
          double dx, dy, lo, d;
          if (x != (s->cx0 > q.cx0 ? s->cx0 : q.cx0) || y != (s->cy0 > q.cy0 ? s->cy0 : q.cy0))
            continue;                   /* examined in another cell */
          if (!all && (s->x0 > q.x1 || s->x1 < q.x0 || s->y0 > q.y1 || s->y1 < q.y0))
            continue;
          if (keep && !keep(ud, id))
            continue;
          dx = sh->fr.c.x - q.fr.c.x;
          dy = sh->fr.c.y - q.fr.c.y;
          lo = sqrt(dx * dx + dy * dy) - q.rad - sh->rad;
          if (lo > best + 1e-9 * (1 + fabs(q.fr.c.x) + fabs(q.fr.c.y) + fabs(sh->fr.c.x)
                                  + fabs(sh->fr.c.y) + q.rad + sh->rad))
            continue;                   /* surely farther than the best */
          d = gn__frame_distance(&q.fr, &sh->fr);
          if (d < best || (d == best && id < who)) {
            best = d;
            who = id;
          }
        }
      }
    if (best <= q.r || all)                                      /* 2) */
      break;
  }
  *dist = best;
  return who;
}

/*
** The ids of the stands within r of b, edge to edge (see grognard.h):
** gn__grid_query_if with b's frame and no filter. A NULL grid, a box with a
** non-finite field or a NaN r find nothing. Cannot fail.
*/
int gn_grid_query(const gn_grid *gr, gn_box b, double r, int *ids, int max) {
  if (!gr || !isfinite(b.c.x) || !isfinite(b.c.y) || !isfinite(b.w)
      || !isfinite(b.d) || !isfinite(b.facing) || isnan(r))
    return 0;
  gn__frame fr = gn__frame_of(b);
  return gn__grid_query_if(gr, &fr, r, NULL, NULL, ids, max);
}
