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
} question;

static uint64_t text_hash(const char *s) {
  uint64_t h = 1469598103934665603ull;
  for (; *s; s++) h = (h ^ (unsigned char)*s) * 1099511628211ull;
  return h;
}

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

/* Appends to a label, silently cut at its size (the engine's formatter:
** a leaf of a large question is described thousands of times). */
#define CAT(buf, ...) do { size_t k_ = strlen(buf); \
                           if (k_ + 1 < sizeof buf) gn__snprintf(buf + k_, sizeof buf - k_, __VA_ARGS__); } while (0)

/* The label of the game's state against the question's start: "order K
** refused; " when order K (1-based, 0: none) was refused, then each unit whose
** strength or status changed. Returns its index, or GN_ENOMEM. */
static int describe(gn_game *g, const question *q, int refused, int64_t *outcome) {
  char label[768] = "";
  if (refused) CAT(label, "order %d refused; ", refused);
  for (int u = 0; u < g->st.nunits; u++) {
    const gn__ustate *a = &q->before.u[u], *b = &g->st.u[u];
    if (memcmp(a, b, sizeof *a) == 0) continue;   /* a status reads only its unit (core.h, view) */
    gn_unit_view v;
    gn_unit_view_get(g, u, GN_UMPIRE, &v);
    const char *status = v.status;
    int changed = a->strength != b->strength || a->removed != b->removed ||
                  strncmp(status, q->status0[u], sizeof q->status0[u] - 1) != 0;
    if (!changed) continue;
    CAT(label, "%s%s", label[0] && label[strlen(label) - 2] != ';' ? "; " : "", v.code);
    if (a->strength != b->strength) CAT(label, " %d->%d", a->strength, b->strength);
    if (b->removed && !a->removed) CAT(label, " removed");
    else if (status[0]) CAT(label, " (%s)", status);
  }
  if (!label[0]) snprintf(label, sizeof label, "no change");
  int k = label_index(g, label);
  if (k < 0) return gn__error(g, GN_ENOMEM, "out of memory");
  *outcome = k;
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
typedef struct sstate { gn__state st; uint64_t h; int refused; mpq_t p; } sstate;

typedef struct sset {
  sstate *s; int n, cap;
  int *slot; int nslot;          /* open addressing over h: index + 1, 0 empty */
  int blind;                     /* states equal whatever their decks hold */
} sset;

#define MAXSTATES 50000   /* distinct states kept at one order boundary */

static void sset_free(gn_game *g, sset *t) {
  int blind = t->blind;
  for (int i = 0; i < t->n; i++) { gn__state_free(g, &t->s[i].st); mpq_clear(t->s[i].p); }
  gn__free(g, t->s, (size_t)t->cap * sizeof *t->s);
  gn__free(g, t->slot, (size_t)t->nslot * sizeof *t->slot);
  memset(t, 0, sizeof *t);
  t->blind = blind;
}

static uint64_t key_of(const gn_game *g, int refused, int blind) {
  return gn__state_key(g, &g->st, blind) ^ (uint64_t)refused * 0x9E3779B97F4A7C15ull;
}

/* The index of the game's present state (with refused) in t, added if new;
** GN_ENOMEM, or GN_ETOOBIG past MAXSTATES. */
static int sset_find(gn_game *g, sset *t, int refused, int *idx) {
  uint64_t h = key_of(g, refused, t->blind);
  if (2 * (t->n + 1) > t->nslot) {                     /* grow the slots, place all again */
    int ns = t->nslot ? 2 * t->nslot : 64;
    int *sl = gn__calloc(g, (size_t)ns, sizeof *sl);
    if (!sl) return gn__error(g, GN_ENOMEM, "out of memory");
    for (int i = 0; i < t->n; i++) {
      int j = (int)(t->s[i].h & (uint64_t)(ns - 1));
      while (sl[j]) j = (j + 1) & (ns - 1);
      sl[j] = i + 1;
    }
    gn__free(g, t->slot, (size_t)t->nslot * sizeof *t->slot);
    t->slot = sl; t->nslot = ns;
  }
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
  if (gn__state_alloc(g, &e->st, g->st.nunits, g->st.nformations, g->st.nobjectives))
    return gn__error(g, GN_ENOMEM, "out of memory");
  gn__state_copy(&e->st, &g->st);
  e->h = h;
  e->refused = refused;
  mpq_init(e->p);
  t->slot[j] = ++t->n;
  *idx = t->n - 1;
  return 0;
}

/* One order from one state: the distinct states it leads to, in out. */
typedef struct stepq { const question *q; int step; const gn__state *from; sset *out; } stepq;

static int step_leaf(gn_game *g, void *ud, int64_t *outcome) {
  stepq *s = ud;
  int refused = 0, k, rc;
  gn__state_set(g, s->from);
  if ((rc = gn_order_apply(g, s->q->step[s->step]))) {
    if (s->step == 0 || (rc != GN_EREFUSED && rc != GN_ESTATE)) return rc;
    refused = s->step + 1;
  }
  if ((rc = sset_find(g, s->out, refused, &k))) return rc;
  *outcome = k;
  return 0;
}

/*
** 2) One order from every state of cur: gn_odds over the order from each;
** the states it leads to are found again in next (same state, same refusal:
** probabilities added); a state whose chain stopped at a refusal goes on as
** it is. *leaves counts the paths walked. Returns as merged.
*/
static int merge_step(gn_game *g, const question *q, int step, const gn_odds_opts *opts, int blind,
                      const sset *cur, sset *next, gn__savepoint *sp, uint64_t *leaves) {
  int rc = 0, k;
  unsigned fl = GN__ODDS_MERGE;
  if (blind) fl |= GN__ODDS_BLIND | (step ? GN__ODDS_BLIND_START : 0);
  else if (step == q->nsteps - 1) fl |= GN__ODDS_BLIND;   /* the last states are only described */
  mpq_t x;
  mpq_init(x);
  for (int i = 0; i < cur->n && !rc; i++) {
    const sstate *e = &cur->s[i];
    if (e->refused) {
      gn__state_set(g, &e->st);
      if (!(rc = sset_find(g, next, e->refused, &k))) mpq_add(next->s[k].p, next->s[k].p, e->p);
      gn__restore(g, sp);
      continue;
    }
    stepq sq = { q, step, &e->st, next };
    gn_dist d;
    rc = gn__odds(g, step_leaf, &sq, opts, fl, &d);
    if (rc == GN_ETOOBIG) rc = 1;
    if (rc) break;
    *leaves += d.leaves;
    if (!d.exact) rc = 1;
    for (int o = 0; o < d.n && !rc; o++) {
      mpq_mul(x, gn__dist_q(&d, o), e->p);
      sstate *t = &next->s[d.o[o].value];
      mpq_add(t->p, t->p, x);
    }
    gn_dist_free(&d);
  }
  mpq_clear(x);
  return rc;
}

/*
** 3) Each final state described as the walk describes a leaf, the
** probabilities of equal labels added (each label's index is its value, in
** order), into dist. Returns 0, describe's error or GN_ENOMEM.
*/
static int merge_describe(gn_game *g, const question *q, const sset *cur, gn__savepoint *sp, uint64_t leaves,
                          gn_dist *dist) {
  int rc = 0, n = cur->n, nl = 0;
  int64_t *v = gn__calloc(g, (size_t)n + 1, sizeof *v);
  if (!v) return gn__error(g, GN_ENOMEM, "out of memory");
  for (int i = 0; i < n && !rc; i++) {
    gn__state_set(g, &cur->s[i].st);
    rc = describe(g, q, cur->s[i].refused, &v[i]);
    gn__restore(g, sp);
  }
  int nlab = g->nolabel;   /* describe's labels are 0 .. nolabel - 1 */
  int *at = rc ? NULL : gn__calloc(g, (size_t)nlab + 1, sizeof *at);   /* a label's place in vals, + 1 */
  int64_t *vals = rc ? NULL : gn__calloc(g, (size_t)nlab + 1, sizeof *vals);
  mpq_t *ps = rc ? NULL : gn__calloc(g, (size_t)nlab + 1, sizeof *ps);
  if (!rc && (!at || !vals || !ps)) rc = gn__error(g, GN_ENOMEM, "out of memory");
  if (!rc) {
    for (int i = 0; i < n; i++) at[v[i]] = 1;
    for (int j = 0; j < nlab; j++)
      if (at[j]) { vals[nl] = j; mpq_init(ps[nl]); at[j] = ++nl; }
    for (int i = 0; i < n; i++) mpq_add(ps[at[v[i]] - 1], ps[at[v[i]] - 1], cur->s[i].p);
    if (gn__dist_exact(dist, nl, vals, ps, leaves)) rc = gn__error(g, GN_ENOMEM, "out of memory");
    for (int j = 0; j < nl; j++) mpq_clear(ps[j]);
  }
  gn__free(g, v, ((size_t)n + 1) * sizeof *v);
  gn__free(g, at, ((size_t)nlab + 1) * sizeof *at);
  gn__free(g, vals, ((size_t)nlab + 1) * sizeof *vals);
  gn__free(g, ps, ((size_t)nlab + 1) * sizeof *ps);
  return rc;
}

/*
** A chain of orders, order by order, with equal states merged at each order
** boundary: what an order leads to is worked out once per distinct state
** before it, not once per path to it.
**   1) the start state, probability 1
**   2) each order from each state (merge_step)
**   3) each final state described, equal labels added (merge_describe)
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
  gn__savepoint sp = { 0 };
  uint64_t leaves = 0;
  int rc = gn__save(g, &sp), k;
  if (rc) rc = gn__error(g, GN_ENOMEM, "out of memory");
  else if (!(rc = sset_find(g, &cur, 0, &k))) mpq_set_ui(cur.s[0].p, 1, 1);               /* 1 */
  for (int step = 0; !rc && step < q->nsteps; step++) {                                   /* 2 */
    rc = merge_step(g, q, step, opts, blind, &cur, &next, &sp, &leaves);
    sset_free(g, &cur);
    cur = next;
    memset(&next, 0, sizeof next);
    next.blind = blind;
  }
  if (!rc) rc = merge_describe(g, q, &cur, &sp, leaves, dist);                            /* 3 */
  if (sp.open) gn__restore(g, &sp);
  gn__savepoint_free(g, &sp);
  sset_free(g, &cur);
  sset_free(g, &next);
  return rc;
}

int gn_order_odds(gn_game *g, const char *orders, const gn_odds_opts *opts, gn_dist *dist) {
  if (!g || !orders || !dist) return GN_EINVAL;
  if (!g->started) return gn__error(g, GN_ESTATE, "the game has not started");
  question *q = gn__calloc(g, 1, sizeof *q);
  if (!q) return gn__error(g, GN_ENOMEM, "out of memory");
  if (strlen(orders) >= sizeof q->text) {
    gn__free(g, q, sizeof *q);
    return gn__error(g, GN_ESYNTAX, "question too long");
  }
  strcpy(q->text, orders);
  for (char *p = q->text, *tok; (tok = strtok_r(p, ";", &p)) != NULL;) {
    while (*tok == ' ') tok++;
    if (!*tok) continue;
    if (q->nsteps == MAXSTEPS) {
      gn__free(g, q, sizeof *q);
      return gn__error(g, GN_ESYNTAX, "at most %d orders in one question", MAXSTEPS);
    }
    q->step[q->nsteps++] = tok;
  }
  int rc = q->nsteps ? gn__state_alloc(g, &q->before, g->st.nunits, g->st.nformations, g->st.nobjectives)
                     : gn__error(g, GN_ESYNTAX, "no order to weigh");
  if (rc == 0 && !(q->status0 = gn__calloc(g, g->st.nunits ? g->st.nunits : 1, sizeof *q->status0)))
    rc = gn__error(g, GN_ENOMEM, "out of memory");
  for (int u = 0; rc == 0 && u < g->st.nunits; u++) {
    gn_unit_view v;
    gn_unit_view_get(g, u, GN_UMPIRE, &v);
    snprintf(q->status0[u], sizeof q->status0[u], "%.*s", (int)sizeof q->status0[u] - 1, v.status);
  }
  if (rc == 0) {
    gn__state_copy(&q->before, &g->st);
    gn__order_odds_clear(g);
    int nev = g->nev;
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
  }
  if (q->before.u) gn__state_free(g, &q->before);
  gn__free(g, q->status0, (g->st.nunits ? g->st.nunits : 1) * sizeof *q->status0);
  gn__free(g, q, sizeof *q);
  return rc;
}

const char *gn_order_odds_label(const gn_game *g, int64_t outcome) {
  return (outcome >= 0 && outcome < g->nolabel) ? g->olabel[outcome] : "";
}
