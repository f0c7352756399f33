/*
** odds_order.c: "what are my chances?" for an order in a live game. The
** order runs under the enumerate source along every path; each leaf's result
** (which units lost what, which changed status) becomes one outcome, named by
** a label. Several orders separated by ';' make a multi-step question,
** answered order by order with equal states merged at each boundary; when
** that cannot be exact, the whole chain is walked path by path, and past the
** bound gn_odds samples instead and says so.
*/
#include "core.h"
#include "frac.h"

#include <gmp.h>
#include <stdio.h>
#include <string.h>

#define MAXSTEPS 16

typedef struct question {
  char text[1024];
  char *step[MAXSTEPS];
  int nsteps;
  gn__state before;           /* the state the question starts from */
  char (*status0)[96];        /* each unit's status text before */
  struct frag *frag; int nfrag, capfrag;   /* each unit's piece of a label, by its state */
  int *fslot; int nfslot;                  /* open addressing over frag: index + 1, 0 empty */
  int *flast;                              /* per unit: its last fragment, index + 1 */
} question;

/* A label's hash (labels run to hundreds of bytes, and a large question
** hashes tens of thousands). */
static uint64_t text_hash(const char *s) { return gn__key_bytes(0x6c6162656cull, s, strlen(s)); }

/* The label index of text, added if new (found by its hash); -1 on OOM. */
static int label_index(gn_game *g, const char *text) {
  if (2 * (g->nolabel + 1) > g->nolslot) {             /* grow the slots, place all again */
    int ns = g->nolslot ? 2 * g->nolslot : 64;
    int *sl = gn__calloc(g, (size_t)ns, sizeof *sl);
    if (!sl) return -1;
    for (int i = 0; i < g->nolabel; i++) {
      int j = (int)(text_hash(g->olabel[i]) & (uint64_t)(ns - 1));
      while (sl[j]) j = (j + 1) & (ns - 1);
      sl[j] = i + 1;
    }
    gn__free(g, g->olslot, (size_t)g->nolslot * sizeof *g->olslot);
    g->olslot = sl; g->nolslot = ns;
  }
  int j = (int)(text_hash(text) & (uint64_t)(g->nolslot - 1));
  for (; g->olslot[j]; j = (j + 1) & (g->nolslot - 1))
    if (strcmp(g->olabel[g->olslot[j] - 1], text) == 0) return g->olslot[j] - 1;
  if (g->nolabel == g->capolabel) {
    int cap = g->capolabel ? 2 * g->capolabel : 16;
    char **l = gn__realloc(&g->alloc, g->olabel, g->capolabel * sizeof *l, cap * sizeof *l);
    if (!l) return -1;
    g->olabel = l; g->capolabel = cap;
  }
  if (!(g->olabel[g->nolabel] = gn__strdup(g, text))) return -1;
  g->olslot[j] = g->nolabel + 1;
  return g->nolabel++;
}

void gn__order_odds_clear(gn_game *g) {
  for (int i = 0; i < g->nolabel; i++) gn__free(g, g->olabel[i], strlen(g->olabel[i]) + 1);
  gn__free(g, g->olabel, g->capolabel * sizeof *g->olabel);
  gn__free(g, g->olslot, (size_t)g->nolslot * sizeof *g->olslot);
  g->olabel = NULL; g->nolabel = g->capolabel = 0;
  g->olslot = NULL; g->nolslot = 0;
}

#define LABEL 768   /* an outcome's label, with its NUL */

/* Appends to a text of LABEL bytes, silently cut at its size (the engine's
** formatter). */
#define TCAT(buf, ...) do { size_t k_ = strlen(buf); \
                            if (k_ + 1 < LABEL) gn__snprintf(buf + k_, LABEL - k_, __VA_ARGS__); } while (0)

/* What an outcome's label says of one unit in one state, kept per question
** where a unit's status reads only its own state and the scenario (core.h,
** view_others): a unit met again in the same state reads the same. text
** NULL: nothing a player sees changed. */
typedef struct frag { uint64_t h; int unit; gn__ustate s; char *text; size_t len; } frag;

/* A unit's state hashed with its index. */
static uint64_t frag_hash(int unit, const gn__ustate *s) {
  return gn__key_bytes((uint64_t)unit * 0x9E3779B97F4A7C15ull, s, sizeof *s);
}

/* Unit u's piece of a label in the game's state into t (LABEL bytes): its
** code, strength and status against the question's start. 0 when nothing a
** player sees changed. */
static int frag_text(gn_game *g, const question *q, int u, char *t) {
  const gn__ustate *a = &q->before.u[u], *b = &g->st.u[u];
  gn_unit_view v;
  gn_unit_view_get(g, u, GN_UMPIRE, &v);
  const char *status = v.status;
  if (a->strength == b->strength && a->removed == b->removed &&
      strncmp(status, q->status0[u], sizeof q->status0[u] - 1) == 0)
    return 0;
  t[0] = 0;   /* cut as the label is */
  gn__snprintf(t, LABEL, "%s", v.code);
  if (a->strength != b->strength) TCAT(t, " %d->%d", a->strength, b->strength);
  if (b->removed && !a->removed) TCAT(t, " removed");
  else if (status[0]) TCAT(t, " (%s)", status);
  return 1;
}

/* Unit u's piece of a label in the game's state (frag_text), formatted once
** per state of the unit. Returns the fragment, or NULL out of memory. */
static const frag *unit_frag(gn_game *g, question *q, int u) {
  const gn__ustate *b = &g->st.u[u];
  if (q->flast[u] && memcmp(&q->frag[q->flast[u] - 1].s, b, sizeof *b) == 0)   /* as at its last label */
    return &q->frag[q->flast[u] - 1];
  uint64_t h = frag_hash(u, b);
  if (gn__slots_room(g, &q->fslot, &q->nfslot, q->nfrag, 64, q->nfrag ? &q->frag[0].h : NULL, sizeof *q->frag))
    return NULL;
  int j = (int)(h & (uint64_t)(q->nfslot - 1));
  for (; q->fslot[j]; j = (j + 1) & (q->nfslot - 1)) {
    const frag *f = &q->frag[q->fslot[j] - 1];
    if (f->h == h && f->unit == u && memcmp(&f->s, b, sizeof *b) == 0) {
      q->flast[u] = q->fslot[j];
      return f;
    }
  }
  if (q->nfrag == q->capfrag) {
    int cap = q->capfrag ? 2 * q->capfrag : 32;
    frag *fr = gn__realloc(&g->alloc, q->frag, (size_t)q->capfrag * sizeof *fr, (size_t)cap * sizeof *fr);
    if (!fr) return NULL;
    q->frag = fr; q->capfrag = cap;
  }
  frag *f = &q->frag[q->nfrag];
  memset(f, 0, sizeof *f);
  f->h = h; f->unit = u; f->s = *b;
  char t[LABEL];
  if (frag_text(g, q, u, t) && !(f->text = gn__strdup(g, t))) return NULL;
  f->len = f->text ? strlen(t) : 0;
  q->fslot[j] = q->flast[u] = ++q->nfrag;
  return f;
}

static void frags_free(gn_game *g, question *q) {
  for (int i = 0; i < q->nfrag; i++)
    if (q->frag[i].text) gn__free(g, q->frag[i].text, q->frag[i].len + 1);
  gn__free(g, q->frag, (size_t)q->capfrag * sizeof *q->frag);
  gn__free(g, q->fslot, (size_t)q->nfslot * sizeof *q->fslot);
  if (q->flast) memset(q->flast, 0, (size_t)(g->st.nunits ? g->st.nunits : 1) * sizeof *q->flast);
  q->frag = NULL; q->nfrag = q->capfrag = 0;
  q->fslot = NULL; q->nfslot = 0;
}

/* Appends n bytes of s to the label of length *k, silently cut at its size
** (LABEL bytes with the NUL). */
static void label_cat(char *label, size_t *k, const char *s, size_t n) {
  if (*k + n > LABEL - 1) n = LABEL - 1 - *k;
  memcpy(label + *k, s, n);
  *k += n;
  label[*k] = 0;
}

/* The label of the game's state against the question's start: "order K
** refused; " when order K (1-based, 0: none) was refused, then each unit whose
** strength or status changed. Returns its index, or GN_ENOMEM. */
static int describe(gn_game *g, question *q, int refused, int64_t *outcome) {
  char label[LABEL];
  size_t k = 0;
  label[0] = 0;
  int sep = 0;
  if (refused) k = (size_t)snprintf(label, sizeof label, "order %d refused; ", refused);
  for (int u = 0; u < g->st.nunits; u++) {
    if (memcmp(&q->before.u[u], &g->st.u[u], sizeof g->st.u[u]) == 0) continue;   /* its own state changed */
    char t[LABEL];
    const char *text = t;
    size_t len;
    if (g->sc->rs->view_others) {   /* its status may read others: made each time */
      if (!frag_text(g, q, u, t)) continue;
      len = strlen(t);
    } else {
      const frag *f = unit_frag(g, q, u);
      if (!f) return gn__error(g, GN_ENOMEM, "out of memory");
      if (!f->text) continue;
      text = f->text;
      len = f->len;
    }
    if (sep) label_cat(label, &k, "; ", 2);
    label_cat(label, &k, text, len);
    sep = 1;
  }
  if (!label[0]) snprintf(label, sizeof label, "no change");
  int i = label_index(g, label);
  if (i < 0) return gn__error(g, GN_ENOMEM, "out of memory");
  *outcome = i;
  return 0;
}

/*
** One leaf of the whole chain walked path by path: apply the steps, then
** describe what changed. The first order must be accepted (its refusal is
** the answer); a later one refused in this branch is part of the outcome.
*/
static int leaf(gn_game *g, void *ud, int64_t *outcome) {
  question *q = ud;
  int refused = 0;
  for (int s = 0; s < q->nsteps; s++) {
    int rc = gn_order_apply(g, q->step[s]);
    if (rc == 0) continue;
    if (s == 0 || (rc != GN_EREFUSED && rc != GN_ESTATE)) return rc;
    refused = s + 1;
    break;
  }
  return describe(g, q, refused, outcome);
}

/* ------------------------------------------- equal states merged */

/* A distinct state after some orders, with its probability, and the order
** refused on the way (1-based; 0: none, the next order still to apply). */
typedef struct sstate { gn__state st; uint64_t h; int refused; frac p; } sstate;

typedef struct sset {
  sstate *s; int n, cap;
  int *slot; int nslot;          /* open addressing over h: index + 1, 0 empty */
  int blind;                     /* states equal whatever their decks hold */
  gn__pool pool;                 /* the states' arrays */
} sset;

#define MAXSTATES 50000   /* distinct states kept at one order boundary */

static void sset_free(gn_game *g, sset *t) {
  int blind = t->blind;
  for (int i = 0; i < t->n; i++) frac_clear(&t->s[i].p);
  gn__pool_free(g, &t->pool);
  gn__free(g, t->s, (size_t)t->cap * sizeof *t->s);
  gn__free(g, t->slot, (size_t)t->nslot * sizeof *t->slot);
  memset(t, 0, sizeof *t);
  t->blind = blind;
}

static uint64_t key_of(gn_game *g, int refused, int blind) {
  return gn__state_key(g, &g->st, blind) ^ (uint64_t)refused * 0x9E3779B97F4A7C15ull;
}

/* The index of the game's present state (with refused) in t, added if new;
** GN_ENOMEM, or GN_ETOOBIG past MAXSTATES. */
static int sset_find(gn_game *g, sset *t, int refused, int *idx) {
  uint64_t h = key_of(g, refused, t->blind);
  if (gn__slots_room(g, &t->slot, &t->nslot, t->n, 64, t->n ? &t->s[0].h : NULL, sizeof *t->s))
    return gn__error(g, GN_ENOMEM, "out of memory");
  int j = (int)(h & (uint64_t)(t->nslot - 1));
  for (; t->slot[j]; j = (j + 1) & (t->nslot - 1)) {
    sstate *e = &t->s[t->slot[j] - 1];
    if (e->h == h && e->refused == refused && gn__state_same(g, &e->st, &g->st, t->blind)) {
      *idx = t->slot[j] - 1;
      return 0;
    }
  }
  if (t->n == MAXSTATES) return gn__error(g, GN_ETOOBIG, "more than %d distinct states after an order", MAXSTATES);
  if (t->n == t->cap) {
    int cap = t->cap ? 2 * t->cap : 16;
    sstate *s = gn__realloc(&g->alloc, t->s, (size_t)t->cap * sizeof *s, (size_t)cap * sizeof *s);
    if (!s) return gn__error(g, GN_ENOMEM, "out of memory");
    t->s = s; t->cap = cap;
  }
  sstate *e = &t->s[t->n];
  memset(e, 0, sizeof *e);
  e->p.d = 1;   /* 0/1 until a path reaches it */
  if (gn__state_alloc_in(g, &t->pool, &e->st, g->st.nunits, g->st.nformations, g->st.nobjectives))
    return gn__error(g, GN_ENOMEM, "out of memory");
  gn__state_copy(&e->st, &g->st);
  e->h = h;
  e->refused = refused;
  t->slot[j] = ++t->n;
  *idx = t->n - 1;
  return 0;
}

/* The last order's outcomes: each label's probability, by its index. */
typedef struct lsum { frac *p; int n; } lsum;

static void lsum_free(gn_game *g, lsum *l) {
  for (int i = 0; i < l->n; i++) frac_clear(&l->p[i]);
  gn__free(g, l->p, (size_t)l->n * sizeof *l->p);
  l->p = NULL; l->n = 0;
}

/* Adds x to label k's probability. Returns 0 or GN_ENOMEM. */
static int lsum_add(gn_game *g, lsum *l, int64_t k, const frac *x, mpz_t t) {
  if (k >= l->n) {
    int n = g->nolabel > k ? g->nolabel : (int)k + 1;
    frac *p = gn__realloc(&g->alloc, l->p, (size_t)l->n * sizeof *p, (size_t)n * sizeof *p);
    if (!p) return gn__error(g, GN_ENOMEM, "out of memory");
    memset(p + l->n, 0, (size_t)(n - l->n) * sizeof *p);
    for (int i = l->n; i < n; i++) p[i].d = 1;   /* 0/1 */
    l->p = p; l->n = n;
  }
  frac_add(&l->p[k], x, t);
  return 0;
}

/* Outcome o of an exact dist as a fraction (lowest terms; f's old value is
** overwritten, its GMP integers reused). */
static void outcome_frac(const gn_dist *d, int o, frac *f) {
  if (d->o[o].den) {   /* in 64 bits: no GMP */
    f->big = 0;
    f->n = d->o[o].num;
    f->d = d->o[o].den;
    return;
  }
  mpq_srcptr q = gn__dist_q(d, o);
  frac_tobig(f);
  mpz_set(f->N, mpq_numref(q));
  mpz_set(f->D, mpq_denref(q));
}

/* The labels of one walk's leaves by their units' states: a label reads the
** units' states alone (and the scenario), so a leaf whose units stand as an
** earlier leaf's of the same walk, with the same refusal, has its label. A
** walk keeps them only past LKEEP leaves: a small one meets few states twice
** and would pay the copies for nothing. */
#define LKEEP 64
typedef struct lkept { uint64_t h; int refused, label; const gn__ustate *u; } lkept;
typedef struct lcache {
  lkept *e; int n, cap;
  int *slot; int nslot;          /* open addressing over h: index + 1, 0 empty */
  gn__pool pool;                 /* the units' states */
  int leaves;
} lcache;

static void lcache_free(gn_game *g, lcache *c) {
  gn__free(g, c->e, (size_t)c->cap * sizeof *c->e);
  gn__free(g, c->slot, (size_t)c->nslot * sizeof *c->slot);
  gn__pool_free(g, &c->pool);
  memset(c, 0, sizeof *c);
}

/* The label of the game's state (describe), from c when a leaf of this walk
** left the units so before. Returns 0 or GN_ENOMEM. */
static int describe_kept(gn_game *g, question *q, lcache *c, int refused, int64_t *outcome) {
  if (++c->leaves <= LKEEP) return describe(g, q, refused, outcome);
  int nu = g->st.nunits, rc;
  size_t size = (size_t)nu * sizeof *g->st.u;
  uint64_t h = gn__units_key(g) ^ (uint64_t)refused * 0x9E3779B97F4A7C15ull;
  if (gn__slots_room(g, &c->slot, &c->nslot, c->n, 64, c->n ? &c->e[0].h : NULL, sizeof *c->e))
    return gn__error(g, GN_ENOMEM, "out of memory");
  int j = (int)(h & (uint64_t)(c->nslot - 1));
  for (; c->slot[j]; j = (j + 1) & (c->nslot - 1)) {
    const lkept *e = &c->e[c->slot[j] - 1];
    if (e->h == h && e->refused == refused && memcmp(e->u, g->st.u, size) == 0) {
      *outcome = e->label;
      return 0;
    }
  }
  if ((rc = describe(g, q, refused, outcome))) return rc;
  if (c->n == c->cap) {
    int cap = c->cap ? 2 * c->cap : 64;
    lkept *e = gn__realloc(&g->alloc, c->e, (size_t)c->cap * sizeof *e, (size_t)cap * sizeof *e);
    if (!e) return gn__error(g, GN_ENOMEM, "out of memory");
    c->e = e; c->cap = cap;
  }
  gn__ustate *u = gn__pool_get(g, &c->pool, size);
  if (!u) return gn__error(g, GN_ENOMEM, "out of memory");
  memcpy(u, g->st.u, size);
  c->e[c->n] = (lkept){ h, refused, (int)*outcome, u };
  c->slot[j] = ++c->n;
  return 0;
}

/* One order from the game's state: the distinct states it leads to, in out;
** the last order (out NULL): the label of what the chain changed, kept in lc
** for the walk. */
typedef struct stepq { question *q; int step; sset *out; lcache *lc; } stepq;

static int step_leaf(gn_game *g, void *ud, int64_t *outcome) {
  stepq *s = ud;
  int refused = 0, k, rc;
  if ((rc = gn_order_apply(g, s->q->step[s->step]))) {
    if (s->step == 0 || (rc != GN_EREFUSED && rc != GN_ESTATE)) return rc;
    refused = s->step + 1;
  }
  if (!s->out) return describe_kept(g, s->q, s->lc, refused, outcome);
  if ((rc = sset_find(g, s->out, refused, &k))) return rc;
  *outcome = k;
  return 0;
}

/*
** 2) One order from every state of cur: the game is set to the state and
** gn_odds walks the order from it; the states it leads to are found again in
** next (same state, same refusal: probabilities added), or, for the last
** order (next NULL), described at once and added to their labels in ls; a
** state whose chain stopped at a refusal goes on as it is. *leaves counts
** the paths walked. Returns as merged.
*/
static int merge_step(gn_game *g, question *q, int step, const gn_odds_opts *opts, int blind,
                      const sset *cur, sset *next, lsum *ls, gn__savepoint *sp, uint64_t *leaves) {
  int rc = 0, k;
  int64_t v;
  unsigned fl = GN__ODDS_MERGE | GN__ODDS_NOREP;   /* the chain keeps no events */
  if (blind) fl |= GN__ODDS_BLIND | (step ? GN__ODDS_BLIND_START : 0);
  else if (!next) fl |= GN__ODDS_BLIND;   /* the last states are only described */
  frac x;
  mpz_t t;
  memset(&x, 0, sizeof x);
  mpz_init(t);
  for (int i = 0; i < cur->n && !rc; i++) {
    const sstate *e = &cur->s[i];
    gn__state_set(g, &e->st);   /* the walk's save point: each path starts here */
    if (e->refused && next) {
      if (!(rc = sset_find(g, next, e->refused, &k))) frac_add(&next->s[k].p, &e->p, t);
    } else if (e->refused) {
      if (!(rc = describe(g, q, e->refused, &v))) rc = lsum_add(g, ls, v, &e->p, t);
    } else {
      lcache lc = { 0 };
      stepq sq = { q, step, next, &lc };
      gn_dist d;
      rc = gn__odds(g, step_leaf, &sq, opts, fl, &d);
      lcache_free(g, &lc);
      if (rc == GN_ETOOBIG) rc = 1;
      if (!rc) {
        *leaves += d.leaves;
        if (!d.exact) rc = 1;
        for (int o = 0; o < d.n && !rc; o++) {
          outcome_frac(&d, o, &x);
          frac_mulf(&x, &e->p, 0);
          if (next) frac_add(&next->s[d.o[o].value].p, &x, t);
          else rc = lsum_add(g, ls, d.o[o].value, &x, t);
        }
        gn_dist_free(&d);
      }
    }
    gn__restore(g, sp);
  }
  frac_clear(&x);
  mpz_clear(t);
  return rc;
}

/* 3) The labels with their probabilities, in the order of their indices,
** into dist. Returns 0 or GN_ENOMEM. */
static int merge_dist(gn_game *g, lsum *ls, uint64_t leaves, gn_dist *dist) {
  int nl = 0;
  int64_t *vals = gn__calloc(g, (size_t)ls->n + 1, sizeof *vals);
  if (!vals) return gn__error(g, GN_ENOMEM, "out of memory");
  for (int k = 0; k < ls->n; k++) {   /* a label met only on a walk given up (decks) has none */
    frac *f = &ls->p[k];
    if (f->big ? mpz_sgn(f->N) <= 0 : f->n == 0) continue;
    if (nl != k) { frac tmp = ls->p[nl]; ls->p[nl] = *f; *f = tmp; }
    vals[nl++] = k;
  }
  int rc = gn__dist_exact_frac(dist, nl, vals, ls->p, leaves) ? gn__error(g, GN_ENOMEM, "out of memory") : 0;
  gn__free(g, vals, ((size_t)ls->n + 1) * sizeof *vals);
  return rc;
}

/*
** A chain of orders, order by order, with equal states merged at each order
** boundary: what an order leads to is worked out once per distinct state
** before it, not once per path to it.
**   1) the start state, probability 1
**   2) each order from each state (merge_step); the last order's leaves are
**      described as the walk describes a leaf, equal labels added
**   3) the labels' probabilities (merge_dist)
** With blind, states are equal whatever their decks hold, at the orders'
** boundaries and at the merge points inside them (gn__enum_merge); an order
** that then reads a deck fails the chain with GN__EBLIND.
** Returns 0, the first order's refusal or error, GN_ENOMEM, GN__EBLIND, or 1
** when it cannot answer exactly (a step sampled, or too many states): the
** caller then walks the whole chain.
*/
static int merged(gn_game *g, question *q, const gn_odds_opts *opts, int blind, gn_dist *dist) {
  sset cur = { 0 }, next = { 0 };
  cur.blind = next.blind = blind;
  lsum ls = { 0 };
  gn__savepoint sp = { 0 };
  uint64_t leaves = 0;
  gn__order_odds_clear(g);   /* the labels are this chain's */
  int rc = gn__save(g, &sp), k;
  if (rc) rc = gn__error(g, GN_ENOMEM, "out of memory");
  else if (!(rc = sset_find(g, &cur, 0, &k))) frac_one(&cur.s[0].p);                     /* 1 */
  for (int step = 0; !rc && step < q->nsteps; step++) {                                   /* 2 */
    int last = step == q->nsteps - 1;
    rc = merge_step(g, q, step, opts, blind, &cur, last ? NULL : &next, &ls, &sp, &leaves);
    sset_free(g, &cur);
    cur = next;
    memset(&next, 0, sizeof next);
    next.blind = blind;
  }
  if (!rc) rc = merge_dist(g, &ls, leaves, dist);                                         /* 3 */
  if (sp.open) gn__restore(g, &sp);
  gn__savepoint_free(g, &sp);
  sset_free(g, &cur);
  sset_free(g, &next);
  lsum_free(g, &ls);
  return rc;
}

static void question_free(gn_game *g, question *q) {
  int nu = g->st.nunits ? g->st.nunits : 1;
  if (q->before.u) gn__state_free(g, &q->before);
  frags_free(g, q);
  gn__free(g, q->flast, (size_t)nu * sizeof *q->flast);
  gn__free(g, q->status0, (size_t)nu * sizeof *q->status0);
  gn__free(g, q, sizeof *q);
}

/* The question of orders ("o1; o2; ...") from the game's present state,
** into *out. Returns 0, GN_ESYNTAX or GN_ENOMEM. */
static int question_new(gn_game *g, const char *orders, question **out) {
  int nu = g->st.nunits ? g->st.nunits : 1;
  question *q = gn__calloc(g, 1, sizeof *q);
  if (!q) return gn__error(g, GN_ENOMEM, "out of memory");
  int rc = 0;
  if (strlen(orders) >= sizeof q->text) rc = gn__error(g, GN_ESYNTAX, "question too long");
  else strcpy(q->text, orders);
  for (char *p = q->text, *tok; !rc && (tok = strtok_r(p, ";", &p)) != NULL;) {
    while (*tok == ' ') tok++;
    if (!*tok) continue;
    if (q->nsteps == MAXSTEPS) rc = gn__error(g, GN_ESYNTAX, "at most %d orders in one question", MAXSTEPS);
    else q->step[q->nsteps++] = tok;
  }
  if (!rc && !q->nsteps) rc = gn__error(g, GN_ESYNTAX, "no order to weigh");
  if (!rc && (gn__state_alloc(g, &q->before, g->st.nunits, g->st.nformations, g->st.nobjectives) ||
              !(q->status0 = gn__calloc(g, (size_t)nu, sizeof *q->status0)) ||
              !(q->flast = gn__calloc(g, (size_t)nu, sizeof *q->flast))))
    rc = gn__error(g, GN_ENOMEM, "out of memory");
  if (rc) { question_free(g, q); return rc; }
  gn__state_copy(&q->before, &g->st);
  for (int u = 0; u < g->st.nunits; u++) {
    gn_unit_view v;
    gn_unit_view_get(g, u, GN_UMPIRE, &v);
    snprintf(q->status0[u], sizeof q->status0[u], "%.*s", (int)sizeof q->status0[u] - 1, v.status);
  }
  *out = q;
  return 0;
}

int gn_order_odds(gn_game *g, const char *orders, const gn_odds_opts *opts, gn_dist *dist) {
  if (!g || !orders || !dist) return GN_EINVAL;
  if (!g->started) return gn__error(g, GN_ESTATE, "the game has not started");
  question *q;
  int rc = question_new(g, orders, &q), nev = g->nev;
  if (rc) return rc;
  gn__order_odds_clear(g);
  rc = 1;
  if (q->nsteps > 1 && !(opts && (opts->force_mc || opts->walk))) {
    rc = merged(g, q, opts, 1, dist);            /* decks first left out, */
    if (rc == GN__EBLIND) rc = merged(g, q, opts, 0, dist);   /* kept when an order reads one */
  }
  if (rc == 1) {                 /* one order, or no exact merge: every path of the chain */
    gn__order_odds_clear(g);   /* a leaf is described, decks unread: merge points may ignore them */
    rc = gn__odds(g, leaf, q, opts, opts && opts->walk ? 0 : GN__ODDS_MERGE | GN__ODDS_BLIND, dist);
  }
  gn__events_truncate(g, nev);   /* a live game's log keeps only what happened */
  question_free(g, q);
  return rc;
}

const char *gn_order_odds_label(const gn_game *g, int64_t outcome) {
  return (outcome >= 0 && outcome < g->nolabel) ? g->olabel[outcome] : "";
}
