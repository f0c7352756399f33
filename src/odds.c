/*
** odds.c: exact odds by running the real rules along every path through
** their chance points (the enumerate dice source), with a seeded Monte Carlo
** fallback when the tree is too big (design decision 3).
**
** A run of the caller's function meets chance points in order; each is a node
** of the outcome tree. The path records the branch taken at each node; after
** a run, the deepest node moves to its next branch (an odometer), nodes
** beyond it are forgotten, and the function runs again from a restored game.
*/
#include "core.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* woff -1: equal weights; else the offset of its weights in w (or, when
** real is set, of its probabilities in pw). */
typedef struct node { int n, choice; int woff, real; } node;

struct gn__enum {
  node *path; int npath, cap, depth;
  uint64_t *w; int nw, capw;          /* weights of the nodes that have them */
  double *pw; int npw, cappw;         /* probabilities of the nodes too big for weights */
  unsigned __int128 num, den;         /* probability of the current path */
  int exact;
  double p;
};

typedef unsigned __int128 u128;

static u128 gcd128(u128 a, u128 b) {
  while (b) { u128 t = a % b; a = b; b = t; }
  return a;
}

/* Multiplies the path probability by wc/ws, exactly while it fits in 64 bits. */
static uint64_t gcd64(uint64_t a, uint64_t b) {
  while (b) { uint64_t t = a % b; a = b; b = t; }
  return a;
}

static void times(struct gn__enum *en, uint64_t wc, uint64_t ws) {
  en->p *= (double)wc / (double)ws;
  if (!en->exact) return;
  if (en->num <= UINT32_MAX && en->den <= UINT32_MAX && wc <= UINT32_MAX && ws <= UINT32_MAX) {
    uint64_t a = (uint64_t)en->num * wc, b = (uint64_t)en->den * ws;   /* the usual case: 64 bits */
    uint64_t g = gcd64(a ? a : b, b);
    en->num = a / g; en->den = b / g;
    return;
  }
  u128 a = en->num * wc, b = en->den * ws;   /* both factors < 2^64: no overflow */
  u128 g = gcd128(a ? a : b, b);
  a /= g; b /= g;
  if (a > UINT64_MAX || b > UINT64_MAX) { en->exact = 0; return; }
  en->num = a; en->den = b;
}

/* The node at the present depth: the path's own when replaying (it must
** have n branches), else a new one with equal weights. NULL after setting
** the game's error (GN_ESTATE, GN_EINVAL, GN_ENOMEM in *rc). */
static node *enum_node(gn_game *g, struct gn__enum *en, int n, int *rc) {
  *rc = 0;
  if (!en) { *rc = gn__error(g, GN_ESTATE, "enumerating without an odds run"); return NULL; }
  if (n < 1) { *rc = gn__error(g, GN_EINVAL, "a chance point with no outcome"); return NULL; }
  if (en->depth < en->npath) {
    node *nd = &en->path[en->depth];
    if (nd->n != n) *rc = gn__error(g, GN_ESTATE, "the rules took a different chance point on replay");
    return *rc ? NULL : nd;
  }
  if (en->npath == en->cap) {
    int cap = en->cap ? 2 * en->cap : 64;
    node *p = gn__realloc(&g->alloc, en->path, en->cap * sizeof *p, cap * sizeof *p);
    if (!p) { *rc = gn__error(g, GN_ENOMEM, "out of memory"); return NULL; }
    en->path = p; en->cap = cap;
  }
  node *nd = &en->path[en->npath++];
  nd->n = n; nd->choice = 0; nd->woff = -1; nd->real = 0;
  return nd;
}

/* Returns 0, GN_ENOMEM, or GN_ESTATE when the rules did not take the same
** chance points along the same path twice (they must be deterministic). */
int gn__enum_choose(gn_game *g, int n, const uint64_t *w, uint64_t wsum, int *choice) {
  struct gn__enum *en = g->dice.en;
  int known = en && en->depth < en->npath, rc;
  node *nd = enum_node(g, en, n, &rc);
  if (!nd) return rc;
  if (!known) {
    if (w) {
      if (en->nw + n > en->capw) {
        int cap = en->capw ? en->capw : 256;
        while (cap < en->nw + n) cap *= 2;
        uint64_t *p = gn__realloc(&g->alloc, en->w, en->capw * sizeof *p, cap * sizeof *p);
        if (!p) return gn__error(g, GN_ENOMEM, "out of memory");
        en->w = p; en->capw = cap;
      }
      nd->woff = en->nw;
      memcpy(en->w + en->nw, w, n * sizeof *w);
      en->nw += n;
      while (nd->choice < n - 1 && w[nd->choice] == 0) nd->choice++;
    }
  }
  int c = nd->choice;
  if (nd->real) { en->p *= en->pw[nd->woff + c]; en->exact = 0; }
  else if (nd->woff >= 0) times(en, en->w[nd->woff + c], wsum);
  else times(en, 1, (uint64_t)n);
  en->depth++;
  *choice = c;
  return 0;
}

/*
** Like gn__enum_choose, for a chance point whose exact weights do not fit in
** 64 bits: p[] are the branches' probabilities (summing to 1). The tree is
** walked all the same; the leaves below keep a probability but no fraction.
** Returns 0, GN_ENOMEM or GN_ESTATE.
*/
int gn__enum_choose_p(gn_game *g, int n, const double *p, int *choice) {
  struct gn__enum *en = g->dice.en;
  int known = en && en->depth < en->npath, rc;
  node *nd = enum_node(g, en, n, &rc);
  if (!nd) return rc;
  if (!known) {
    if (en->npw + n > en->cappw) {
      int cap = en->cappw ? en->cappw : 256;
      while (cap < en->npw + n) cap *= 2;
      double *q = gn__realloc(&g->alloc, en->pw, en->cappw * sizeof *q, cap * sizeof *q);
      if (!q) { en->npath--; return gn__error(g, GN_ENOMEM, "out of memory"); }
      en->pw = q; en->cappw = cap;
    }
    nd->real = 1;
    nd->woff = en->npw;
    memcpy(en->pw + en->npw, p, n * sizeof *p);
    en->npw += n;
    while (nd->choice < n - 1 && p[nd->choice] == 0) nd->choice++;
  } else if (!nd->real) {
    return gn__error(g, GN_ESTATE, "the rules took a different chance point on replay");
  }
  int c = nd->choice;
  en->p *= en->pw[nd->woff + c];
  en->exact = 0;
  en->depth++;
  *choice = c;
  return 0;
}

int gn__enum_known(const gn_game *g) {
  const struct gn__enum *en = g->dice.en;
  return en && en->depth < en->npath;
}

/* Moves the path to the next leaf; 0 when the tree is done. */
static int advance(struct gn__enum *en) {
  en->npath = en->depth;
  while (en->npath > 0) {
    node *nd = &en->path[en->npath - 1];
    int next = nd->choice + 1;
    if (nd->real) while (next < nd->n && en->pw[nd->woff + next] == 0) next++;
    else if (nd->woff >= 0) while (next < nd->n && en->w[nd->woff + next] == 0) next++;
    if (next < nd->n) { nd->choice = next; return 1; }
    if (nd->real) en->npw = nd->woff;
    else if (nd->woff >= 0) en->nw = nd->woff;
    en->npath--;
  }
  return 0;
}

/* ------------------------------------------------------------ accumulating */

typedef struct acc {
  gn_outcome *o; int n, cap;
  int exact;
} acc;

static gn_outcome *slot(gn_game *g, acc *a, int64_t v) {
  int lo = 0, hi = a->n;
  while (lo < hi) { int m = (lo + hi) / 2; if (a->o[m].value < v) lo = m + 1; else hi = m; }
  if (lo < a->n && a->o[lo].value == v) return &a->o[lo];
  if (a->n == a->cap) {
    int cap = a->cap ? 2 * a->cap : 16;
    gn_outcome *o = gn__realloc(&g->alloc, a->o, a->cap * sizeof *o, cap * sizeof *o);
    if (!o) return NULL;
    a->o = o; a->cap = cap;
  }
  memmove(a->o + lo + 1, a->o + lo, (a->n - lo) * sizeof *a->o);
  a->n++;
  memset(&a->o[lo], 0, sizeof a->o[lo]);
  a->o[lo].value = v;
  a->o[lo].den = 1;
  return &a->o[lo];
}

/* Adds num/den to o's exact fraction; drops exactness on overflow. */
static void add_frac(acc *a, gn_outcome *o, u128 num, u128 den) {
  if (!a->exact || o->den == 0) { o->den = 0; a->exact = 0; return; }
  u128 g = gcd128(o->den, den);
  u128 l = o->den / g * den;
  u128 n = (u128)o->num * (l / o->den) + num * (l / den);
  u128 r = gcd128(n ? n : 1, l);
  n /= r; l /= r;
  if (l > UINT64_MAX || n > UINT64_MAX) { o->den = 0; a->exact = 0; return; }
  o->num = (uint64_t)n; o->den = (uint64_t)l;
}

static void finish(gn_game *g, acc *a, gn_dist *d, int exact, uint64_t runs) {
  d->exact = exact;
  d->n = a->n;
  d->o = a->n > 0 ? malloc((size_t)a->n * sizeof *d->o) : NULL;   /* the caller frees it: gn_dist_free */
  d->runs = runs;
  double mean = 0, var = 0;
  for (int i = 0; i < a->n; i++) {
    gn_outcome *o = &a->o[i];
    if (exact && a->exact && o->den) o->p = (double)o->num / (double)o->den;
    if (!exact || !a->exact) { o->den = 0; }
    if (exact) { o->lo = o->hi = o->p; }
    mean += o->p * (double)o->value;
  }
  for (int i = 0; i < a->n; i++) {
    double dv = (double)a->o[i].value - mean;
    var += a->o[i].p * dv * dv;
  }
  d->mean = mean;
  d->stdev = sqrt(var);
  if (d->o) memcpy(d->o, a->o, a->n * sizeof *d->o);
  (void)g;
}

/* 95% Wilson score interval for k successes in n runs. */
static void wilson(uint64_t k, uint64_t n, double *lo, double *hi) {
  const double z = 1.959963984540054;
  double p = (double)k / (double)n, nn = (double)n;
  double den = 1 + z * z / nn;
  double c = (p + z * z / (2 * nn)) / den;
  double h = z * sqrt(p * (1 - p) / nn + z * z / (4 * nn * nn)) / den;
  *lo = c - h < 0 ? 0 : c - h;
  *hi = c + h > 1 ? 1 : c + h;
}

/*
** The distribution of fn's outcome.
**   1) save the game; switch the dice source to enumerate
**   2) run fn along each path, restoring the game after each; add the leaf's
**      probability to its outcome
**   3) past max_leaves (or when asked), sample instead: run i seeds the
**      generator with gn_seed_child(seed, i)
**   4) one representative run (the first path) leaves its events in the log
**   5) restore the dice source and the state
*/
int gn_odds(gn_game *g, gn_outcome_fn fn, void *ud, const gn_odds_opts *opts, gn_dist *dist) {
  if (!g || !fn || !dist || !g->sc) return GN_EINVAL;
  gn_odds_opts o = { 0, 0, 0, 0 };
  if (opts) o = *opts;
  if (!o.max_leaves) o.max_leaves = 1000000;
  if (!o.runs) o.runs = 100000;
  memset(dist, 0, sizeof *dist);
  gn__savepoint sp = { 0 };
  struct gn__enum en = { 0 };
  acc a = { 0 };
  gn__dicesrc keep = g->dice;
  int cur_order = g->cur_order;   /* fn may apply orders: their index goes too */
  int rc = gn__save(g, &sp), exact = !o.force_mc;                 /* 1 */
  int64_t v;
  uint64_t leaves = 0;
  if (rc) {   /* nothing has changed yet: there is nothing to restore */
    gn__savepoint_free(g, &sp);
    return gn__error(g, rc, "out of memory");
  }
  g->dice.checking = 0;
  g->dice.quiet = 1;   /* the leaves keep no events; the representative run below does */
  if (exact) {
    g->dice.mode = GN_DICE_ENUMERATE;
    g->dice.en = &en;
    a.exact = 1;
    do {                                                            /* 2 */
      en.depth = 0; en.num = 1; en.den = 1; en.exact = 1; en.p = 1;
      rc = fn(g, ud, &v);
      gn__restore(g, &sp);
      if (rc == GN_ETOOBIG) { exact = 0; break; }
      if (rc) goto out;
      gn_outcome *s = slot(g, &a, v);
      if (!s) { rc = gn__error(g, GN_ENOMEM, "out of memory"); goto out; }
      s->p += en.p;
      if (en.exact) add_frac(&a, s, en.num, en.den); else { s->den = 0; a.exact = 0; }
      if (++leaves > o.max_leaves) { exact = 0; break; }
    } while (advance(&en));
  }
  if (!exact) {                                                     /* 3 */
    a.n = 0; a.exact = 0;
    g->dice.mode = GN_DICE_RNG;
    g->dice.en = NULL;
    for (uint64_t i = 0; i < o.runs; i++) {
      gn_rng_seed(&g->st.rng, gn_seed_child(o.seed, i));
      rc = fn(g, ud, &v);
      gn__restore(g, &sp);
      if (rc) goto out;
      gn_outcome *s = slot(g, &a, v);
      if (!s) { rc = gn__error(g, GN_ENOMEM, "out of memory"); goto out; }
      s->num++;
    }
    for (int i = 0; i < a.n; i++) {
      a.o[i].p = (double)a.o[i].num / (double)o.runs;
      wilson(a.o[i].num, o.runs, &a.o[i].lo, &a.o[i].hi);
    }
  }
  finish(g, &a, dist, exact, exact ? 0 : o.runs);
  dist->leaves = leaves;
  g->dice.mode = GN_DICE_ENUMERATE;                                 /* 4 */
  g->dice.en = &en;
  g->dice.quiet = keep.quiet;
  en.npath = 0; en.depth = 0; en.nw = 0; en.npw = 0; en.num = 1; en.den = 1; en.exact = 1; en.p = 1;
  if (fn(g, ud, &v) == 0) {
    int nev = g->nev;
    gn__savepoint rep = sp;
    rep.nev = nev;   /* keep the representative run's events */
    gn__restore(g, &rep);
  } else {
    gn__restore(g, &sp);
  }
  rc = 0;
out:
  if (rc) gn__restore(g, &sp);
  g->dice.mode = keep.mode;                                         /* 5 */
  g->dice.en = keep.en;
  g->dice.checking = keep.checking;
  g->dice.quiet = keep.quiet;
  g->dice.pos = keep.pos;
  g->dice.ntape = keep.ntape;
  g->cur_order = cur_order;
  gn__savepoint_free(g, &sp);
  gn__free(g, en.path, en.cap * sizeof *en.path);
  gn__free(g, en.w, en.capw * sizeof *en.w);
  gn__free(g, en.pw, en.cappw * sizeof *en.pw);
  gn__free(g, a.o, a.cap * sizeof *a.o);
  if (rc == 0 && !dist->o && dist->n) rc = GN_ENOMEM;
  return rc;
}

void gn_dist_free(gn_dist *d) {
  if (!d) return;
  free(d->o);
  memset(d, 0, sizeof *d);
}

double gn_dist_at_most(const gn_dist *d, int64_t v) {
  double p = 0;
  for (int i = 0; i < d->n && d->o[i].value <= v; i++) p += d->o[i].p;
  return p > 1 ? 1 : p;
}

double gn_dist_at_least(const gn_dist *d, int64_t v) {
  double p = 0;
  for (int i = d->n - 1; i >= 0 && d->o[i].value >= v; i--) p += d->o[i].p;
  return p > 1 ? 1 : p;
}

/* ------------------------------------------------------- standalone checks */

typedef struct checkrun { const gn__check *c; const void *cx; } checkrun;

static int run_check(gn_game *g, void *ud, int64_t *outcome) {
  checkrun *r = ud;
  return r->c->run(g, r->cx, outcome);
}

static const gn__check *find_check(gn_game *g, const char *name) {
  if (!g->sc) return NULL;
  for (int i = 0; i < g->sc->rs->nchecks; i++)
    if (strcmp(g->sc->rs->checks[i].name, name) == 0) return &g->sc->rs->checks[i];
  return NULL;
}

int gn_check_odds(gn_game *g, const char *check, int argc, const char *const *argv,
                  const gn_odds_opts *opts, gn_dist *dist, int *passfail) {
  if (!g || !check || !dist) return GN_EINVAL;
  if (!g->sc) return gn__error(g, GN_ESTATE, "no ruleset loaded (gn_game_use_ruleset)");
  const gn__check *c = find_check(g, check);
  if (!c) return gn__error(g, GN_ENOTFOUND, "ruleset %s has no check '%s'", g->sc->rs->id, check);
  _Alignas(max_align_t) unsigned char cx[GN__CHECKCX];
  memset(cx, 0, sizeof cx);
  int rc = c->parse(g, argc, argv, cx);
  if (rc) return rc;
  gn__events_truncate(g, 0);
  checkrun r = { c, cx };
  if ((rc = gn_odds(g, run_check, &r, opts, dist))) return rc;
  if (passfail) *passfail = c->passfail;
  /* keep what the labels need */
  memcpy(g->checkcx, cx, sizeof cx);
  g->lastcheck = c;
  return 0;
}

const char *gn_check_label(gn_game *g, const char *check, int64_t outcome) {
  const gn__check *c = find_check(g, check);
  g->checklabel[0] = 0;
  if (c && c->label && g->lastcheck == c) c->label(g->checkcx, outcome, g->checklabel, sizeof g->checklabel);
  if (!g->checklabel[0]) snprintf(g->checklabel, sizeof g->checklabel, "%lld", (long long)outcome);
  return g->checklabel;
}
