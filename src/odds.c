/*
** odds.c: exact odds by running the real rules along every path through
** their chance points (the enumerate dice source), with a seeded Monte Carlo
** fallback when the tree is too big (design decision 3).
**
** A run of the caller's function meets chance points in order; each is a node
** of the outcome tree. The path records the branch taken at each node; after
** a run, the deepest node moves to its next branch (an odometer), nodes
** beyond it are forgotten, and the function runs again from a restored game.
**
** Probabilities are exact fractions of any size: 128-bit integers while they
** fit, GMP integers beyond. Each node keeps the probability of the path down
** to its branch, so a run multiplies only below the node that moved.
** A tree not done after its first EARLY paths is estimated by a few random
** descents (Knuth's estimator); one past the bound is sampled at once, and
** the reason is given with the result. Merge points inside an order
** (gn__enum_merge) end a path that reaches a state met before: its subtree
** is walked once.
*/
#include "core.h"

#include <gmp.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frac.h"

/* The double nearest to q (0 <= q <= 1; ties to even); *rounded is 1 when it
** is not q itself. mpq_get_d truncates to lo = m 2^e (m an integer, e the
** weight of lo's last bit, -1074 at least), so q lies in [lo, lo + 2^e): it
** is compared with lo and with the midpoint (2m + 1) 2^(e-1), in integers. */
static double nearest(const mpq_t q, int *rounded) {
  double lo = mpq_get_d(q), hi = nextafter(lo, 2.0);
  int x, e;
  double f = frexp(lo, &x);
  e = lo == 0 || x - 53 < -1074 ? -1074 : x - 53;
  uint64_t m = (uint64_t)ldexp(lo, -e);               /* exact: lo's bits, shifted */
  mpz_t a, b;
  mpz_inits(a, b, NULL);
  (void)f;
  mpz_mul_2exp(a, mpq_numref(q), (mp_bitcnt_t)(1 - e));   /* 2 num 2^-e */
  mpz_set_ui(b, (unsigned long)m);
  mpz_mul_2exp(b, b, 1);
  mpz_mul(b, b, mpq_denref(q));                         /* 2 m den: q == lo */
  int eq = mpz_cmp(a, b) == 0;
  mpz_add(b, b, mpq_denref(q));                         /* (2m + 1) den: the midpoint */
  int c = mpz_cmp(a, b);
  mpz_clears(a, b, NULL);
  *rounded = !eq;
  if (eq || c < 0) return lo;
  if (c > 0) return hi;
  uint64_t bits;
  memcpy(&bits, &lo, sizeof bits);
  return (bits & 1) ? hi : lo;
}

/* The primes below 100: a dice or card tree's denominators are products of
** small numbers (6^640, C(52, 5)), so their common factors with a numerator
** are found by removing these, without a gcd of numbers thousands of bits
** long. */
static const unsigned long SMALLP[] = { 2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67,
                                        71, 73, 79, 83, 89, 97 };
enum { NSMALLP = (int)(sizeof SMALLP / sizeof SMALLP[0]) };

/* Denominators of at most this many limbs are reduced by a gcd: a few
** hundred bits cost less that way than one division per small prime. */
#define GCDLIMBS 8

/* A denominator split into small primes (ok 0: it has a larger factor). */
typedef struct dsplit { mpz_t d, p; int ok, set; unsigned long e[NSMALLP]; } dsplit;

/* q in lowest terms, in place: the denominator's small primes taken out of
** both when that is all it holds (sp caches the last denominator's split; t
** is scratch); else, or when the denominator is small, one gcd. */
static void q_lowest(mpq_t q, dsplit *sp, mpz_t t) {
  mpz_ptr n = mpq_numref(q), d = mpq_denref(q);
  if (mpz_size(d) <= GCDLIMBS) { mpq_canonicalize(q); return; }   /* small: one gcd is cheaper */
  if (!sp->set || mpz_cmp(sp->d, d) != 0) {
    mpz_set(sp->d, d);
    mpz_set(t, d);
    for (int i = 0; i < NSMALLP; i++) {
      sp->e[i] = 0;
      if (!mpz_divisible_ui_p(t, SMALLP[i])) continue;
      mpz_set_ui(sp->p, SMALLP[i]);
      sp->e[i] = (unsigned long)mpz_remove(t, t, sp->p);
    }
    sp->ok = mpz_cmp_ui(t, 1) == 0;
    sp->set = 1;
  }
  if (!sp->ok || mpz_sgn(n) == 0) { mpq_canonicalize(q); return; }
  for (int i = 0; i < NSMALLP; i++) {
    if (!sp->e[i] || !mpz_divisible_ui_p(n, SMALLP[i])) continue;
    unsigned long v;
    if (i == 0) {                                   /* twos: count the low zero bits */
      v = (unsigned long)mpz_scan1(n, 0);
      if (v > sp->e[0]) v = sp->e[0];
      mpz_tdiv_q_2exp(n, n, v);
      mpz_tdiv_q_2exp(d, d, v);
      continue;
    }
    mpz_set_ui(sp->p, SMALLP[i]);
    v = (unsigned long)mpz_remove(n, n, sp->p);
    if (v > sp->e[i]) {                             /* give back what the denominator lacks */
      mpz_ui_pow_ui(t, SMALLP[i], v - sp->e[i]);
      mpz_mul(n, n, t);
      v = sp->e[i];
    }
    mpz_ui_pow_ui(t, SMALLP[i], v);
    mpz_divexact(d, d, t);
  }
}

/* -------------------------------------------------------------- the tree */

enum { W_EQUAL, W_SMALL, W_TABLE };

/* A node: n branches, the one this path takes, its weights (equal, 64-bit
** ones at w + woff summing to wsum, or the table tab), and the probability
** of the path down to and through its branch (valid for nodes < en->valid). */
typedef struct node { int n, choice, kind, woff, tab; uint64_t wsum; frac pre; } node;

/* The exact weights of a chance point past 64 bits, computed once per odds
** run and shared by every node that asks the same question (key). */
typedef struct wtab { uint64_t key[4]; int n; mpz_t *w; mpz_t sum; } wtab;

#define PROBES 8      /* random descents that estimate a tree before most of it is walked */
#define EARLY 4096    /* paths walked before a tree not yet done is estimated */

struct mentry;

struct gn__enum {
  node *path; int npath, cap, depth, valid;
  uint64_t *w; int nw, capw;          /* weights of the W_SMALL nodes of the path */
  wtab *tab; int ntab, captab;
  struct memo { uint64_t key[4]; void *data; size_t size; } *memo; int nmemo, capmemo;
  int probe;                          /* estimating: random branches, no path kept */
  gn_rng rng;
  double est;                         /* the product of the branches met (probe) */
  /* merge points (gn__enum_merge): the states met there, each with the
  ** subtree walked from its first visit */
  unsigned flags;                     /* GN__ODDS_MERGE, GN__ODDS_BLIND; 0 outside the walk */
  struct mentry *me; int nme, capme;
  int *mslot; int nmslot;             /* open addressing over the entries' keys: index + 1 */
  int *open; int nopen, capopen;      /* entries whose subtree is being walked, outermost first */
  struct mref *rref; int nrref, caprref;   /* what the root (no entry open) took from entries */
  int hit;                            /* the entry this run ended at (GN__EMERGED), -1 */
  int blind_passed;                   /* this run passed a merge point that ignored the decks */
  int closed;                         /* entries closed so far */
  gn__pool pool;                      /* the entries' states and contexts */
  uint64_t fixed_seq;                 /* gn__enum_fixed questions so far in this run */
  int resumed;                        /* this run resumed at a merge point */
};

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
    memset(p + en->cap, 0, (size_t)(cap - en->cap) * sizeof *p);
    en->path = p; en->cap = cap;
  }
  node *nd = &en->path[en->npath++];
  nd->n = n; nd->choice = 0; nd->kind = W_EQUAL; nd->woff = -1; nd->tab = -1; nd->wsum = (uint64_t)n;
  return nd;
}

/* Takes nd's branch: the path's probability through it, unless the node
** above has not moved since it was worked out. */
static int take(struct gn__enum *en, node *nd) {
  int d = en->depth, c = nd->choice;
  if (d >= en->valid) {
    if (d == 0) frac_one(&nd->pre);
    else frac_copy(&nd->pre, &en->path[d - 1].pre);
    if (nd->kind == W_SMALL) frac_mul(&nd->pre, en->w[nd->woff + c], nd->wsum);
    else if (nd->kind == W_TABLE) frac_mulz(&nd->pre, en->tab[nd->tab].w[c], en->tab[nd->tab].sum);
    else frac_mul(&nd->pre, 1, (uint64_t)nd->n);
    en->valid = d + 1;
  }
  en->depth++;
  return c;
}

/* Estimating: a branch at random among those that can happen; the estimate
** of the tree's paths is the product of their numbers (Knuth). */
static int probe_pick(struct gn__enum *en, int n, const uint64_t *w, const wtab *t) {
  int nz = 0, c = 0;
  for (int i = 0; i < n; i++) nz += w ? w[i] != 0 : t ? mpz_sgn(t->w[i]) != 0 : 1;
  if (nz == 0) return 0;
  int r = (int)gn_rng_below(&en->rng, (uint32_t)nz);
  for (int i = 0; i < n; i++) {
    if (w ? w[i] == 0 : t ? mpz_sgn(t->w[i]) == 0 : 0) continue;
    if (r-- == 0) { c = i; break; }
  }
  en->est *= nz;
  en->depth++;
  return c;
}

/* Returns 0, GN_ENOMEM, or GN_ESTATE when the rules did not take the same
** chance points along the same path twice (they must be deterministic). */
int gn__enum_choose(gn_game *g, int n, const uint64_t *w, uint64_t wsum, int *choice) {
  struct gn__enum *en = g->dice.en;
  if (en && en->probe && n >= 1) { *choice = probe_pick(en, n, w, NULL); return 0; }
  int known = en && en->depth < en->npath, rc;
  node *nd = enum_node(g, en, n, &rc);
  if (!nd) return rc;
  if (!known && w) {
    if (en->nw + n > en->capw) {
      int cap = en->capw ? en->capw : 256;
      while (cap < en->nw + n) cap *= 2;
      uint64_t *p = gn__realloc(&g->alloc, en->w, en->capw * sizeof *p, cap * sizeof *p);
      if (!p) { en->npath--; return gn__error(g, GN_ENOMEM, "out of memory"); }
      en->w = p; en->capw = cap;
    }
    nd->kind = W_SMALL;
    nd->woff = en->nw;
    nd->wsum = wsum;
    memcpy(en->w + en->nw, w, n * sizeof *w);
    en->nw += n;
    while (nd->choice < n - 1 && w[nd->choice] == 0) nd->choice++;
  }
  *choice = take(en, nd);
  return 0;
}

/* The index of key's table in *ti, computed by fill on first use. Returns 0,
** GN_ENOMEM, or fill's error (a table of no weight: GN_EINVAL). */
static int table(gn_game *g, struct gn__enum *en, const uint64_t key[4], int n, gn__wfill fill,
                 const void *ud, int *ti) {
  for (int i = 0; i < en->ntab; i++)
    if (en->tab[i].n == n && memcmp(en->tab[i].key, key, sizeof en->tab[i].key) == 0) { *ti = i; return 0; }
  if (en->ntab == en->captab) {
    int cap = en->captab ? 2 * en->captab : 8;
    wtab *t = gn__realloc(&g->alloc, en->tab, en->captab * sizeof *t, cap * sizeof *t);
    if (!t) return gn__error(g, GN_ENOMEM, "out of memory");
    en->tab = t; en->captab = cap;
  }
  wtab *t = &en->tab[en->ntab];
  if (!(t->w = gn__malloc(g, (size_t)n * sizeof *t->w))) return gn__error(g, GN_ENOMEM, "out of memory");
  memcpy(t->key, key, sizeof t->key);
  t->n = n;
  for (int i = 0; i < n; i++) mpz_init(t->w[i]);
  mpz_init(t->sum);
  int rc = fill(ud, n, t->w);
  for (int i = 0; !rc && i < n; i++) mpz_add(t->sum, t->sum, t->w[i]);
  if (!rc && mpz_sgn(t->sum) == 0) rc = GN_EINVAL;
  if (rc) {
    for (int i = 0; i < n; i++) mpz_clear(t->w[i]);
    mpz_clear(t->sum);
    gn__free(g, t->w, (size_t)n * sizeof *t->w);
    return gn__error(g, rc, "a chance point's weights could not be worked out");
  }
  *ti = en->ntab++;
  return 0;
}

int gn__enum_choose_tab(gn_game *g, const uint64_t key[4], int n, gn__wfill fill, const void *ud, int *choice) {
  struct gn__enum *en = g->dice.en;
  int rc;
  if (!en) return gn__error(g, GN_ESTATE, "enumerating without an odds run");
  if (n < 1) return gn__error(g, GN_EINVAL, "a chance point with no outcome");
  int ti = -1;
  if ((rc = table(g, en, key, n, fill, ud, &ti))) return rc;
  if (en->probe) { *choice = probe_pick(en, n, NULL, &en->tab[ti]); return 0; }
  int known = en->depth < en->npath;
  node *nd = enum_node(g, en, n, &rc);
  if (!nd) return rc;
  if (!known) {
    nd->kind = W_TABLE;
    nd->tab = ti;
    while (nd->choice < n - 1 && mpz_sgn(en->tab[ti].w[nd->choice]) == 0) nd->choice++;
  } else if (nd->kind != W_TABLE || nd->tab != ti) {
    return gn__error(g, GN_ESTATE, "the rules took a different chance point on replay");
  }
  *choice = take(en, nd);
  return 0;
}

int gn__enum_fixed(gn_game *g, uint64_t *seq) {
  struct gn__enum *en = g->dice.en;
  if (!en || !(en->flags & GN__ODDS_MERGE) || g->dice.mode != GN_DICE_ENUMERATE || g->dice.checking ||
      en->depth != 0 || en->resumed)
    return 0;
  *seq = en->fixed_seq++;
  return 1;
}

int gn__enum_known(const gn_game *g) {
  const struct gn__enum *en = g->dice.en;
  return en && !en->probe && en->depth < en->npath;
}

/* Moves the path to the next leaf; 0 when the tree is done. */
static int advance(struct gn__enum *en) {
  en->npath = en->depth;
  while (en->npath > 0) {
    node *nd = &en->path[en->npath - 1];
    int next = nd->choice + 1;
    if (nd->kind == W_SMALL) while (next < nd->n && en->w[nd->woff + next] == 0) next++;
    else if (nd->kind == W_TABLE) while (next < nd->n && mpz_sgn(en->tab[nd->tab].w[next]) == 0) next++;
    if (next < nd->n) {
      nd->choice = next;
      if (en->valid > en->npath - 1) en->valid = en->npath - 1;
      return 1;
    }
    if (nd->kind == W_SMALL) en->nw = nd->woff;
    en->npath--;
  }
  return 0;
}

const void *gn__enum_memo_get(const gn_game *g, const uint64_t key[4], size_t *size) {
  const struct gn__enum *en = g->dice.en;
  for (int i = 0; en && i < en->nmemo; i++)
    if (memcmp(en->memo[i].key, key, sizeof en->memo[i].key) == 0) { *size = en->memo[i].size; return en->memo[i].data; }
  return NULL;
}

int gn__enum_memo_put(gn_game *g, const uint64_t key[4], const void *data, size_t size) {
  struct gn__enum *en = g->dice.en;
  if (!en) return 0;
  if (en->nmemo == en->capmemo) {
    int cap = en->capmemo ? 2 * en->capmemo : 8;
    struct memo *m = gn__realloc(&g->alloc, en->memo, en->capmemo * sizeof *m, cap * sizeof *m);
    if (!m) return gn__error(g, GN_ENOMEM, "out of memory");
    en->memo = m; en->capmemo = cap;
  }
  void *d = gn__malloc(g, size ? size : 1);
  if (!d) return gn__error(g, GN_ENOMEM, "out of memory");
  memcpy(d, data, size);
  memcpy(en->memo[en->nmemo].key, key, sizeof en->memo[en->nmemo].key);
  en->memo[en->nmemo].data = d;
  en->memo[en->nmemo].size = size;
  en->nmemo++;
  return 0;
}

static void merge_free(gn_game *g, struct gn__enum *en);

static void enum_free(gn_game *g, struct gn__enum *en) {
  merge_free(g, en);
  for (int i = 0; i < en->nmemo; i++) gn__free(g, en->memo[i].data, en->memo[i].size ? en->memo[i].size : 1);
  gn__free(g, en->memo, en->capmemo * sizeof *en->memo);
  for (int i = 0; i < en->cap; i++) frac_clear(&en->path[i].pre);
  for (int i = 0; i < en->ntab; i++) {
    for (int k = 0; k < en->tab[i].n; k++) mpz_clear(en->tab[i].w[k]);
    mpz_clear(en->tab[i].sum);
    gn__free(g, en->tab[i].w, (size_t)en->tab[i].n * sizeof *en->tab[i].w);
  }
  gn__free(g, en->path, en->cap * sizeof *en->path);
  gn__free(g, en->w, en->capw * sizeof *en->w);
  gn__free(g, en->tab, en->captab * sizeof *en->tab);
}

/* ------------------------------------------------------------ accumulating */

typedef struct tally { int64_t value; frac sum; uint64_t runs; } tally;
typedef struct acc { tally *t; int n, cap; } acc;

static tally *slot(gn_game *g, acc *a, int64_t v) {
  int lo = 0, hi = a->n;
  while (lo < hi) { int m = (lo + hi) / 2; if (a->t[m].value < v) lo = m + 1; else hi = m; }
  if (lo < a->n && a->t[lo].value == v) return &a->t[lo];
  if (a->n == a->cap) {
    int cap = a->cap ? 2 * a->cap : 16;
    tally *t = gn__realloc(&g->alloc, a->t, a->cap * sizeof *t, cap * sizeof *t);
    if (!t) return NULL;
    a->t = t; a->cap = cap;
  }
  memmove(a->t + lo + 1, a->t + lo, (a->n - lo) * sizeof *a->t);   /* mpz_t moves with its struct */
  a->n++;
  memset(&a->t[lo], 0, sizeof a->t[lo]);
  a->t[lo].value = v;
  a->t[lo].sum.d = 1;
  return &a->t[lo];
}

static void acc_free(gn_game *g, acc *a) {
  for (int i = 0; i < a->n; i++) frac_clear(&a->t[i].sum);
  gn__free(g, a->t, a->cap * sizeof *a->t);
  a->t = NULL; a->n = a->cap = 0;
}

/* ------------------------------------------------------------ merge points */

/*
** A merge point's entries. The walk is depth first, so the paths below a
** merge point met first at depth d (d nodes taken) are all walked before any
** node above d moves: the entry is open while they are, and closed after.
** A later path that reaches an equal state at the same point (same site,
** ctx and orders applied) ends there: the entry's subtree, as a whole, is
** what follows it. Each leaf adds its probability to the innermost open
** entry (or the root); each path that ends at a closed entry F adds a
** reference (F, its probability) there instead, and an entry that closes is
** a reference of its parent with the probability of its own first path. At
** the end, the weight m of each entry is what its references bring
** (m(root) = 1, m(F) += m(E) / P(E) * w for each reference (F, w) of E, in
** the reverse order of closing), and every leaf of E counts m(E) / P(E)
** times its probability.
*/
typedef struct mref { int to; frac w; } mref;

typedef struct mentry {
  uint64_t h;
  uint32_t site;
  int norders, depth, open, closed_at;
  unsigned char *ctx; size_t nctx;
  gn__state st;
  frac pre;                  /* the probability of the path to its first visit */
  acc own;                   /* the leaves under it and no deeper entry */
  mref *ref; int nref, capref;
} mentry;

#define MAXMERGE 200000      /* entries kept in one walk; past it, paths walk on */

static uint64_t mixw(uint64_t h, uint64_t v) {
  h ^= v;
  h *= 0x9E3779B97F4A7C15ull;
  return h ^ (h >> 29);
}

/* Four lanes over 32-byte blocks (a state is kilobytes: the lanes do not
** wait on each other), then the words left one by one. */
static uint64_t hash_bytes(uint64_t h, const void *p, size_t n) {
  const unsigned char *b = p;
  uint64_t w;
  if (n >= 32) {
    uint64_t l[4] = { h, h ^ 0x243F6A8885A308D3ull, h ^ 0x13198A2E03707344ull, h ^ 0xA4093822299F31D0ull };
    for (; n >= 32; n -= 32, b += 32)
      for (int i = 0; i < 4; i++) {
        memcpy(&w, b + 8 * i, 8);
        l[i] = (l[i] ^ w) * 0x9E3779B97F4A7C15ull;
        l[i] ^= l[i] >> 32;
      }
    h = mixw(mixw(mixw(mixw(h, l[0]), l[1]), l[2]), l[3]);
  }
  for (; n >= 8; n -= 8, b += 8) { memcpy(&w, b, 8); h = mixw(h, w); }
  w = 0;
  if (n) { memcpy(&w, b, n); h = mixw(h, w ^ ((uint64_t)n << 56)); }
  return h;
}

uint64_t gn__key_bytes(uint64_t h, const void *p, size_t n) { return hash_bytes(h, p, n); }

/* The ruleset globals a walk that ignores the decks leaves out. */
static int deck_slot(const gn_game *g, int i, int blind) {
  const gn__ruleset *rs = g->sc->rs;
  return blind && i >= rs->deck_rs && i < rs->deck_rs + rs->ndeck_rs;
}

/* One unit's state hashed (gn__state_key). */
static uint64_t unit_key(const gn__ustate *u) { return hash_bytes(0x756e6974ull, u, sizeof *u); }

/* The game's own state is keyed at every merge point, most of its units
** unchanged since the last: their hashes are kept (g->ukey), each computed
** again after a write to its unit. Another state's units are hashed anew,
** the same way. A key only finds candidates (gn__state_same decides). */
static uint64_t units_key(gn_game *g, const gn__state *st, uint64_t h) {
  int n = st->nunits;
  if (st == &g->st && g->nukey != n) {
    gn__free(g, g->ukey, (size_t)g->nukey * sizeof *g->ukey);
    gn__free(g, g->ukey_ok, (size_t)g->nukey);
    g->ukey = gn__calloc(g, n ? (size_t)n : 1, sizeof *g->ukey);
    g->ukey_ok = gn__calloc(g, n ? (size_t)n : 1, 1);
    g->nukey = n ? n : 1;
    if (!g->ukey || !g->ukey_ok) {   /* out of memory: keyed without them */
      gn__free(g, g->ukey, (size_t)g->nukey * sizeof *g->ukey);
      gn__free(g, g->ukey_ok, (size_t)g->nukey);
      g->ukey = NULL; g->ukey_ok = NULL; g->nukey = 0;
    }
  }
  if (st != &g->st || !g->ukey) {
    for (int i = 0; i < n; i++) h = mixw(h, unit_key(&st->u[i]));
    return h;
  }
  for (int i = 0; i < n; i++) {
    if (!g->ukey_ok[i]) { g->ukey[i] = unit_key(&st->u[i]); g->ukey_ok[i] = 1; }
    h = mixw(h, g->ukey[i]);
  }
  return h;
}

uint64_t gn__units_key(gn_game *g) { return units_key(g, &g->st, 0x756e697473ull); }

uint64_t gn__state_key(gn_game *g, const gn__state *st, int blind) {
  uint64_t h = 0x6d65726765ull;
  int head[5] = { st->turn, st->phase, st->active, st->over, st->winner };
  h = hash_bytes(h, head, sizeof head);
  int rs[GN__MAXRS];
  memcpy(rs, st->rs, sizeof rs);
  if (blind)
    for (int i = g->sc->rs->deck_rs; i < g->sc->rs->deck_rs + g->sc->rs->ndeck_rs && i < GN__MAXRS; i++) rs[i] = 0;
  h = hash_bytes(h, rs, sizeof rs);
  h = hash_bytes(h, &st->rng, sizeof st->rng);
  if (!blind)
    for (int s = 0; s < GN__MAXSIDES; s++) {
      h = mixw(h, (uint64_t)st->deckn[s]);
      h = hash_bytes(h, st->deck[s], (size_t)st->deckn[s] * sizeof st->deck[s][0]);
    }
  h = units_key(g, st, h);
  h = hash_bytes(h, st->f, (size_t)st->nformations * sizeof *st->f);
  return hash_bytes(h, st->owner, (size_t)st->nobjectives * sizeof *st->owner);
}

int gn__state_same(const gn_game *g, const gn__state *a, const gn__state *b, int blind) {
  if (a->turn != b->turn || a->phase != b->phase || a->active != b->active || a->over != b->over ||
      a->winner != b->winner || a->nunits != b->nunits || a->nformations != b->nformations ||
      a->nobjectives != b->nobjectives || memcmp(&a->rng, &b->rng, sizeof a->rng))
    return 0;
  for (int i = 0; i < GN__MAXRS; i++)
    if (a->rs[i] != b->rs[i] && !deck_slot(g, i, blind)) return 0;
  if (!blind) {
    if (memcmp(a->deckn, b->deckn, sizeof a->deckn)) return 0;
    for (int s = 0; s < GN__MAXSIDES; s++)
      if (memcmp(a->deck[s], b->deck[s], (size_t)a->deckn[s] * sizeof a->deck[s][0])) return 0;
  }
  return memcmp(a->u, b->u, (size_t)a->nunits * sizeof *a->u) == 0 &&
         memcmp(a->f, b->f, (size_t)a->nformations * sizeof *a->f) == 0 &&
         memcmp(a->owner, b->owner, (size_t)a->nobjectives * sizeof *a->owner) == 0;
}

static void merge_free(gn_game *g, struct gn__enum *en) {
  for (int i = 0; i < en->nme; i++) {
    mentry *e = &en->me[i];
    frac_clear(&e->pre);
    acc_free(g, &e->own);
    for (int k = 0; k < e->nref; k++) frac_clear(&e->ref[k].w);
    gn__free(g, e->ref, (size_t)e->capref * sizeof *e->ref);
  }
  for (int k = 0; k < en->nrref; k++) frac_clear(&en->rref[k].w);
  gn__free(g, en->rref, (size_t)en->caprref * sizeof *en->rref);
  gn__free(g, en->me, (size_t)en->capme * sizeof *en->me);
  gn__free(g, en->mslot, (size_t)en->nmslot * sizeof *en->mslot);
  gn__free(g, en->open, (size_t)en->capopen * sizeof *en->open);
  en->me = NULL; en->nme = en->capme = 0;
  en->mslot = NULL; en->nmslot = 0;
  en->open = NULL; en->nopen = en->capopen = 0;
  en->rref = NULL; en->nrref = en->caprref = 0;
  en->closed = 0;
  gn__pool_free(g, &en->pool);
}

/* A reference (to, w) of the innermost open entry, or of the root. GN_ENOMEM. */
static int add_ref(gn_game *g, struct gn__enum *en, int to, const frac *w) {
  mref **r = &en->rref;
  int *n = &en->nrref, *cap = &en->caprref;
  if (en->nopen) {
    mentry *e = &en->me[en->open[en->nopen - 1]];
    r = &e->ref; n = &e->nref; cap = &e->capref;
  }
  if (*n == *cap) {
    int nc = *cap ? 2 * *cap : 8;
    mref *p = gn__realloc(&g->alloc, *r, (size_t)*cap * sizeof *p, (size_t)nc * sizeof *p);
    if (!p) return gn__error(g, GN_ENOMEM, "out of memory");
    memset(p + *cap, 0, (size_t)(nc - *cap) * sizeof *p);
    *r = p; *cap = nc;
  }
  (*r)[*n].to = to;
  frac_copy(&(*r)[*n].w, w);
  (*n)++;
  return 0;
}

/* Closes the open entries met below depth k + 1 (all: k = -1). GN_ENOMEM. */
static int merge_close(gn_game *g, struct gn__enum *en, int k) {
  while (en->nopen && en->me[en->open[en->nopen - 1]].depth > k) {
    int i = en->open[--en->nopen];
    en->me[i].open = 0;
    en->me[i].closed_at = en->closed++;
    if (add_ref(g, en, i, &en->me[i].pre)) return GN_ENOMEM;
  }
  return 0;
}

/* The index of an entry equal to the game's state at site with ctx, or -1;
** *slot receives where a new one goes. */
static int merge_find(const gn_game *g, const struct gn__enum *en, uint64_t h, uint32_t site, const void *ctx,
                      size_t nctx, int blind, int *slot) {
  if (!en->nmslot) { *slot = -1; return -1; }
  int j = (int)(h & (uint64_t)(en->nmslot - 1));
  for (; en->mslot[j]; j = (j + 1) & (en->nmslot - 1)) {
    const mentry *e = &en->me[en->mslot[j] - 1];
    if (e->h == h && e->site == site && e->nctx == nctx && e->norders == g->norders &&
        (!nctx || memcmp(e->ctx, ctx, nctx) == 0) && gn__state_same(g, &e->st, &g->st, blind))
      return en->mslot[j] - 1;
  }
  *slot = j;
  return -1;
}

/* A new entry for the game's state, open. GN_ENOMEM. */
static int merge_open(gn_game *g, struct gn__enum *en, uint64_t h, uint32_t site, const void *ctx, size_t nctx) {
  if (gn__slots_room(g, &en->mslot, &en->nmslot, en->nme, 256, en->nme ? &en->me[0].h : NULL, sizeof *en->me))
    return gn__error(g, GN_ENOMEM, "out of memory");
  if (en->nme == en->capme) {
    int cap = en->capme ? 2 * en->capme : 64;
    mentry *m = gn__realloc(&g->alloc, en->me, (size_t)en->capme * sizeof *m, (size_t)cap * sizeof *m);
    if (!m) return gn__error(g, GN_ENOMEM, "out of memory");
    en->me = m; en->capme = cap;
  }
  if (en->nopen == en->capopen) {
    int cap = en->capopen ? 2 * en->capopen : 16;
    int *o = gn__realloc(&g->alloc, en->open, (size_t)en->capopen * sizeof *o, (size_t)cap * sizeof *o);
    if (!o) return gn__error(g, GN_ENOMEM, "out of memory");
    en->open = o; en->capopen = cap;
  }
  mentry *e = &en->me[en->nme];
  memset(e, 0, sizeof *e);
  if (!(e->ctx = gn__pool_get(g, &en->pool, nctx)) ||
      gn__state_alloc_in(g, &en->pool, &e->st, g->st.nunits, g->st.nformations, g->st.nobjectives))
    return gn__error(g, GN_ENOMEM, "out of memory");   /* the pool gives it back with the rest */
  if (nctx) memcpy(e->ctx, ctx, nctx);
  e->nctx = nctx;
  gn__state_copy(&e->st, &g->st);
  e->h = h; e->site = site; e->norders = g->norders;
  e->depth = en->depth; e->open = 1; e->closed_at = -1;
  if (en->depth) frac_copy(&e->pre, &en->path[en->depth - 1].pre);
  else frac_one(&e->pre);
  int slot;
  merge_find(g, en, h, site, ctx, nctx, 0, &slot);     /* the empty slot for h */
  en->mslot[slot] = en->nme + 1;
  en->open[en->nopen++] = en->nme++;
  return 0;
}

int gn__enum_merge(gn_game *g, uint32_t site, const void *ctx, size_t nctx) {
  struct gn__enum *en = g->dice.en;
  if (!en || !(en->flags & GN__ODDS_MERGE) || g->dice.mode != GN_DICE_ENUMERATE || g->dice.checking) return 0;
  int blind = (en->flags & GN__ODDS_BLIND) != 0, slot;
  if (blind) en->blind_passed = 1;
  if (!en->probe && en->depth < en->npath) return 0;   /* met before on this path: decided then */
  uint64_t h = mixw(mixw(mixw(gn__state_key(g, &g->st, blind), site), (uint64_t)g->norders), nctx);
  h = hash_bytes(h, ctx, nctx);
  int i = merge_find(g, en, h, site, ctx, nctx, blind, &slot);
  if (i >= 0) {
    if (en->me[i].open) return 0;                  /* met again inside its own subtree */
    en->hit = i;
    return GN__EMERGED;
  }
  if (en->probe || en->nme >= MAXMERGE) return 0;
  return merge_open(g, en, h, site, ctx, nctx);
}

/*
** Resuming a run at the innermost open entry of the order in flight, for a
** rule that can go on from its merge points (see core.h).
**   1) only in a walk that merges, not while estimating or checking
**   2) the innermost open entry met in this order, below the path run so
**      far: the path down to it is fixed while it is open, and its nodes'
**      probabilities are worked out
**   3) the game takes the entry's state (journaled: the walk's restore
**      undoes it), the path goes on from the entry's depth, and the rule
**      receives the entry's site and what it said its code still reads
*/
int gn__enum_resume(gn_game *g, uint32_t *site, void *ctx, size_t nctx) {
  struct gn__enum *en = g->dice.en;
  if (!en || !(en->flags & GN__ODDS_MERGE) || en->probe || g->dice.mode != GN_DICE_ENUMERATE ||   /* 1 */
      g->dice.checking)
    return 0;
  for (int k = en->nopen - 1; k >= 0; k--) {                                                      /* 2 */
    mentry *e = &en->me[en->open[k]];
    if (e->norders > g->norders) continue;
    if (e->norders < g->norders || e->depth < en->depth || e->depth > en->valid || e->nctx > nctx) return 0;
    gn__state_set(g, &e->st);                                                                      /* 3 */
    en->depth = e->depth;
    en->resumed = 1;
    if (en->flags & GN__ODDS_BLIND) en->blind_passed = 1;
    *site = e->site;
    if (e->nctx) memcpy(ctx, e->ctx, e->nctx);
    return 1;
  }
  return 0;
}

int gn__enum_deck_read(gn_game *g) {
  const struct gn__enum *en = g->dice.en;
  if (en && (en->flags & GN__ODDS_BLIND) && en->blind_passed)
    return gn__error(g, GN__EBLIND, "a deck read after a merge point that ignored the decks");
  return 0;
}

static int by_value(const void *x, const void *y) {
  int64_t a = ((const tally *)x)->value, b = ((const tally *)y)->value;
  return (a > b) - (a < b);
}

/*
** The walk's leaves with its entries put back: a (the root's own leaves)
** receives every entry's leaves, each weighted by m(E) / P(E).
**   1) the root's references give their entries' weights
**   2) the entries in the reverse order of closing: E's scale m(E) / P(E)
**      passes to its references and multiplies its leaves
**   3) the leaves gathered, sorted by outcome and added up into a
** All in exact fractions, 128 bits while they hold (frac).
** Returns 0 or GN_ENOMEM.
*/
static int merge_total(gn_game *g, struct gn__enum *en, acc *a, mpz_t t) {
  int n = en->nme, rc = 0;
  if (n == 0) return 0;
  frac *m = gn__calloc(g, (size_t)n, sizeof *m);
  int *by = gn__calloc(g, (size_t)n, sizeof *by);
  if (!m || !by) {
    gn__free(g, m, (size_t)n * sizeof *m);
    gn__free(g, by, (size_t)n * sizeof *by);
    return GN_ENOMEM;
  }
  acc all = { 0 };
  frac s, w;
  memset(&s, 0, sizeof s);
  memset(&w, 0, sizeof w);
  for (int i = 0; i < n; i++) by[en->me[i].closed_at] = i;
  for (int k = 0; k < en->nrref; k++) frac_add(&m[en->rref[k].to], &en->rref[k].w, t);   /* 1 */
  for (int c = n - 1; c >= 0 && !rc; c--) {                                            /* 2 */
    mentry *e = &en->me[by[c]];
    if (!m[by[c]].big && m[by[c]].n == 0) continue;   /* never reached: it weighs nothing */
    frac_copy(&s, &m[by[c]]);
    frac_mulf(&s, &e->pre, 1);
    for (int k = 0; k < e->nref; k++) {
      frac_copy(&w, &e->ref[k].w);
      frac_mulf(&w, &s, 0);
      frac_add(&m[e->ref[k].to], &w, t);
    }
    for (int k = 0; k < e->own.n && !rc; k++) {                /* gathered, sorted below */
      if (all.n == all.cap) {
        int cap = all.cap ? 2 * all.cap : 256;
        tally *nt = gn__realloc(&g->alloc, all.t, (size_t)all.cap * sizeof *nt, (size_t)cap * sizeof *nt);
        if (!nt) { rc = GN_ENOMEM; break; }
        all.t = nt; all.cap = cap;
      }
      tally *d = &all.t[all.n++];
      memset(d, 0, sizeof *d);
      d->value = e->own.t[k].value;
      frac_copy(&d->sum, &e->own.t[k].sum);
      frac_mulf(&d->sum, &s, 0);
    }
  }
  if (!rc) {                          /* 3) into a, each outcome once (no insertion one by one) */
    for (int k = 0; k < a->n; k++) {
      if (all.n == all.cap) {
        int cap = all.cap ? 2 * all.cap : 256;
        tally *nt = gn__realloc(&g->alloc, all.t, (size_t)all.cap * sizeof *nt, (size_t)cap * sizeof *nt);
        if (!nt) { rc = GN_ENOMEM; break; }
        all.t = nt; all.cap = cap;
      }
      all.t[all.n++] = a->t[k];       /* the fraction moves: a gives it up */
    }
  }
  if (!rc) {
    a->n = 0;
    qsort(all.t, (size_t)all.n, sizeof *all.t, by_value);
    int o = 0;
    for (int k = 0; k < all.n; k++) {
      if (o && all.t[o - 1].value == all.t[k].value) {
        frac_add(&all.t[o - 1].sum, &all.t[k].sum, t);
        frac_clear(&all.t[k].sum);
      } else {
        all.t[o++] = all.t[k];
      }
    }
    all.n = o;
    acc_free(g, a);
    *a = all;
    memset(&all, 0, sizeof all);
  }
  acc_free(g, &all);
  frac_clear(&s);
  frac_clear(&w);
  for (int i = 0; i < n; i++) frac_clear(&m[i]);
  gn__free(g, m, (size_t)n * sizeof *m);
  gn__free(g, by, (size_t)n * sizeof *by);
  return rc;
}

/* 95% Wilson score interval for k successes in n trials; [0, 1] when n is 0. */
void gn_wilson(uint64_t k, uint64_t n, double *lo, double *hi) {
  const double z = 1.959963984540054;   /* the normal quantile of 97.5% */
  if (n == 0) { *lo = 0; *hi = 1; return; }
  double p = (double)k / (double)n, nn = (double)n;
  double den = 1 + z * z / nn;
  double c = (p + z * z / (2 * nn)) / den;
  double h = z * sqrt(p * (1 - p) / nn + z * z / (4 * nn * nn)) / den;
  *lo = c - h < 0 ? 0 : c - h;
  *hi = c + h > 1 ? 1 : c + h;
}

/* The exact fractions of a dist and their texts once asked (gn_dist_frac).
** A fraction below 2^-64 is kept as the walk added it (raw) until asked: its
** lowest terms cannot fit 64 bits, and only a caller that reads the fraction
** needs them. */
struct gn__dist_exact {
  int n;
  mpq_t *q;
  char *raw;                  /* 0: q[i] in lowest terms; 1: not yet; 2: q[i] not set (nor
                              ** initialised), the fraction is outcome i's num/den */
  char **text;
  dsplit sp;                  /* the last denominator's split (q_lowest) */
  mpz_t t;                    /* scratch */
};

static void exact_free(struct gn__dist_exact *x) {
  if (!x) return;
  for (int i = 0; i < x->n; i++) {
    if (x->raw[i] != 2) mpq_clear(x->q[i]);
    free(x->text[i]);
  }
  mpz_clears(x->sp.d, x->sp.p, x->t, NULL);
  free(x->q);
  free(x->raw);
  free(x->text);
  free(x);
}

/* Room for n fractions, none set. NULL when out of memory. */
static struct gn__dist_exact *exact_new(int n) {
  struct gn__dist_exact *x = calloc(1, sizeof *x);   /* the caller frees it: gn_dist_free */
  if (!x) return NULL;
  x->q = calloc((size_t)(n ? n : 1), sizeof *x->q);
  x->raw = calloc((size_t)(n ? n : 1), 1);
  x->text = calloc((size_t)(n ? n : 1), sizeof *x->text);
  if (!x->q || !x->raw || !x->text) { free(x->q); free(x->raw); free(x->text); free(x); return NULL; }
  mpz_inits(x->sp.d, x->sp.p, x->t, NULL);
  memset(x->raw, 2, (size_t)(n ? n : 1));
  x->n = n;
  return x;
}

/* Fraction i of d, in lowest terms. Cannot fail. */
static mpq_ptr exact_q(const gn_dist *d, int i) {
  struct gn__dist_exact *x = d->x;
  if (x->raw[i] == 2) {
    mpq_init(x->q[i]);
    mpz_set_ui(mpq_numref(x->q[i]), (unsigned long)d->o[i].num);
    mpz_set_ui(mpq_denref(x->q[i]), (unsigned long)d->o[i].den);
  } else if (x->raw[i]) {
    q_lowest(x->q[i], &x->sp, x->t);
  }
  x->raw[i] = 0;
  return x->q[i];
}

static uint64_t gcd64(uint64_t a, uint64_t b) {
  while (b) { uint64_t t = a % b; a = b; b = t; }
  return a;
}

/* o's p and rounded from its num/den (lowest terms) when both are below
** 2^53, where doubles hold them exactly: IEEE division rounds the quotient
** to nearest, ties to even, as nearest() does, and it is exact when the
** denominator is a power of two. 0 when they are not. */
static int p_small(gn_outcome *o) {
  if (!o->den || o->num >= (1ull << 53) || o->den >= (1ull << 53)) return 0;
  o->p = (double)o->num / (double)o->den;
  o->rounded = (o->den & (o->den - 1)) != 0;
  o->lo = o->hi = o->p;
  return 1;
}

/* Outcome o from f when, in lowest terms, its numerator and denominator are
** below 2^53 (no GMP: the fraction stays o's num/den until asked, exact_q).
** 0 when they are not. */
static int small_outcome(const frac *f, gn_outcome *o) {
  if (f->big || !f->d) return 0;
  u128 g = !(f->n >> 64) && !(f->d >> 64) ? gcd64((uint64_t)f->n, (uint64_t)f->d) : gcd128(f->n, f->d);
  u128 n = f->n / g, d = f->d / g;
  if (n >= ((u128)1 << 53) || d >= ((u128)1 << 53)) return 0;
  o->num = (uint64_t)n;
  o->den = (uint64_t)d;
  return p_small(o);
}

/*
** The outcomes of a, into d (its arrays are the caller's: gn_dist_free).
** Exact: each probability kept exactly (in lowest terms, or for one below
** 2^-64 once asked; gn_dist_frac writes it out when asked), as num/den when
** both fit in 64 bits, and as the nearest double. Returns 0 or GN_ENOMEM.
*/
static int finish(acc *a, gn_dist *d, int exact, uint64_t runs) {
  d->exact = exact;
  d->n = a->n;
  d->runs = runs;
  d->o = a->n > 0 ? calloc((size_t)a->n, sizeof *d->o) : NULL;   /* the caller frees it: gn_dist_free */
  if (a->n > 0 && !d->o) return GN_ENOMEM;
  if (exact && !(d->x = exact_new(a->n))) return GN_ENOMEM;
  double mean = 0, var = 0;
  for (int i = 0; i < a->n; i++) {
    gn_outcome *o = &d->o[i];
    o->value = a->t[i].value;
    if (exact && small_outcome(&a->t[i].sum, o)) {
      /* the fraction is num/den (exact_q) */
    } else if (exact) {
      struct gn__dist_exact *x = d->x;
      mpq_ptr q = x->q[i];
      frac *f = &a->t[i].sum;
      mpq_init(q);
      x->raw[i] = 0;
      frac_tobig(f);
      mpz_swap(mpq_numref(q), f->N);   /* the fraction moves to the dist */
      mpz_swap(mpq_denref(q), f->D);
      const mpz_srcptr nu = mpq_numref(q), de = mpq_denref(q);
      if (mpz_sizeinbase(nu, 2) + 65 <= mpz_sizeinbase(de, 2)) x->raw[i] = 1;   /* < 2^-64: see exact_q */
      else q_lowest(q, &x->sp, x->t);
      if (!x->raw[i] && mpz_sizeinbase(nu, 2) <= 64 && mpz_sizeinbase(de, 2) <= 64) {
        o->num = (uint64_t)mpz_get_ui(nu);
        o->den = (uint64_t)mpz_get_ui(de);
      }
      if (!p_small(o)) {
        int rounded;
        double pn = nearest(q, &rounded);
        o->p = o->den ? (double)o->num / (double)o->den : pn;   /* as the 64-bit fractions always gave it */
        o->rounded = rounded || o->p != pn;
        o->lo = o->hi = o->p;
      }
    } else {
      o->p = (double)a->t[i].runs / (double)runs;
      gn_wilson(a->t[i].runs, runs, &o->lo, &o->hi);
      o->rounded = 1;
    }
    mean += o->p * (double)o->value;
  }
  for (int i = 0; i < d->n; i++) {
    double dv = (double)d->o[i].value - mean;
    var += d->o[i].p * dv * dv;
  }
  d->mean = mean;
  d->stdev = sqrt(var);
  return 0;
}

const char *gn_dist_frac(const gn_dist *d, int i) {
  struct gn__dist_exact *x = d ? d->x : NULL;
  if (!x || i < 0 || i >= x->n) return NULL;
  if (!x->text[i]) {
    mpq_srcptr q = exact_q(d, i);
    const mpz_srcptr nu = mpq_numref(q), de = mpq_denref(q);
    size_t len = mpz_sizeinbase(nu, 10) + mpz_sizeinbase(de, 10) + 3;
    char *s = malloc(len);   /* the dist keeps it: gn_dist_free */
    if (!s) return NULL;
    mpz_get_str(s, 10, nu);
    size_t k = strlen(s);
    s[k++] = '/';
    mpz_get_str(s + k, 10, de);
    x->text[i] = s;
  }
  return x->text[i];
}

mpq_srcptr gn__dist_q(const gn_dist *d, int i) {
  return d->x && i >= 0 && i < d->x->n ? exact_q(d, i) : NULL;
}

/*
** The distribution of fn's outcome (odds_walk, a step each below).
**   1) save the game; switch the dice source to enumerate
**   2) run fn along each path, restoring the game after each; add the leaf's
**      exact probability to its outcome (walk_path, walk_exact)
**   3) a tree not done after EARLY paths is estimated by PROBES random
**      descents; past max_leaves, sample at once (small trees pay nothing)
**      (walk_estimate)
**   4) past max_leaves (or when asked, or when a chance point cannot be
**      enumerated: GN_ETOOBIG), sample instead: run i seeds the generator
**      with gn_seed_child(seed, i); dist->why says why (walk_sample)
**   5) one representative run (the first path) leaves its events in the log
**      (walk_representative), unless GN__ODDS_NOREP
**   6) restore the dice source and the state
*/
int gn_odds(gn_game *g, gn_outcome_fn fn, void *ud, const gn_odds_opts *opts, gn_dist *dist) {
  return gn__odds(g, fn, ud, opts, 0, dist);
}

static int odds_walk(gn_game *g, gn_outcome_fn fn, void *ud, const gn_odds_opts *opts, unsigned flags,
                     gn_dist *dist);

/* A walk that ignored the decks and then met a deck read is walked again
** without ignoring them (unless its start state was merged so: GN__EBLIND
** goes back to the caller). */
int gn__odds(gn_game *g, gn_outcome_fn fn, void *ud, const gn_odds_opts *opts, unsigned flags, gn_dist *dist) {
  int rc = odds_walk(g, fn, ud, opts, flags, dist);
  if (rc == GN__EBLIND && !(flags & GN__ODDS_BLIND_START))   /* else the caller's start state was merged so */
    rc = odds_walk(g, fn, ud, opts, flags & ~GN__ODDS_BLIND, dist);
  return rc;
}

/* What the steps of one odds walk share. */
typedef struct walk {
  gn_game *g;
  gn_outcome_fn fn;
  void *ud;
  gn_odds_opts o;
  unsigned flags;
  gn__savepoint sp;           /* the game before the walk */
  struct gn__enum en;
  acc a;                      /* the outcomes (the root's leaves) */
  mpz_t t;                    /* scratch */
  uint64_t leaves;
  int exact;                  /* 0 once the walk turns to sampling (dist->why says why) */
  gn_dist *dist;
} walk;

/* One run of fn from the saved game, the game restored after it; *v its
** outcome. Returns fn's result. */
static int run_once(walk *w, int64_t *v) {
  w->en.depth = 0;
  w->en.hit = -1;
  w->en.blind_passed = (w->flags & GN__ODDS_BLIND_START) != 0;
  w->en.fixed_seq = 0;
  w->en.resumed = 0;
  int rc = w->fn(w->g, w->ud, v);
  gn__restore(w->g, &w->sp);
  return rc;
}

static void cannot_enumerate(walk *w) {
  w->exact = 0;
  snprintf(w->dist->why, sizeof w->dist->why, "a chance point cannot be enumerated (%s)", gn_errmsg(w->g));
}

/* 2) One path: its leaf's probability goes to its outcome among the leaves
** of the innermost open merge entry (or the root's), or, for a path that
** ended at an entry met before, to a reference to that entry. Returns 0,
** fn's error or GN_ENOMEM; a chance point that cannot be enumerated turns
** the walk to sampling. */
static int walk_path(walk *w) {
  struct gn__enum *en = &w->en;
  int64_t v;
  int rc = run_once(w, &v);
  if (rc == GN_ETOOBIG) { cannot_enumerate(w); return 0; }
  frac one;
  memset(&one, 0, sizeof one);
  frac_one(&one);
  const frac *pp = en->depth ? &en->path[en->depth - 1].pre : &one;
  if (rc == GN__EMERGED) return add_ref(w->g, en, en->hit, pp);   /* the rest is an entry's */
  if (rc) return rc;
  tally *s = slot(w->g, en->nopen ? &en->me[en->open[en->nopen - 1]].own : &w->a, v);
  if (!s) return gn__error(w->g, GN_ENOMEM, "out of memory");
  frac_add(&s->sum, pp, w->t);
  return 0;
}

/* 3) PROBES random descents estimate the tree's paths (dist->est_leaves);
** past the bound the walk turns to sampling. Returns 0 or fn's error. */
static int walk_estimate(walk *w) {
  struct gn__enum *en = &w->en;
  int depth = en->depth, rc = 0;   /* the walk's own, for advance */
  double est = 0;
  int64_t v;
  en->probe = 1;
  gn_rng_seed(&en->rng, w->o.seed ^ 0x6f646473u);
  for (int r = 0; r < PROBES && w->exact && !rc; r++) {
    en->est = 1;
    rc = run_once(w, &v);
    if (rc == GN__EMERGED) rc = 0;   /* an equal state's subtree is walked already */
    if (rc == GN_ETOOBIG) { cannot_enumerate(w); rc = 0; }
    est += en->est;
  }
  en->probe = 0;
  en->depth = depth;
  if (rc) return rc;
  w->dist->est_leaves = est / PROBES;
  if (w->exact && w->dist->est_leaves > (double)w->o.max_leaves) {
    w->exact = 0;
    snprintf(w->dist->why, sizeof w->dist->why, "about %.3g paths (estimated), past the bound of %llu",
             w->dist->est_leaves, (unsigned long long)w->o.max_leaves);
  }
  return 0;
}

/* 2), 3) Every path, the merge entries put back at the end; stops early when
** the walk turns to sampling. Returns 0, fn's error or GN_ENOMEM. */
static int walk_exact(walk *w) {
  int probed = 0, rc;
  for (;;) {
    if ((rc = walk_path(w)) || !w->exact) return rc;
    if (++w->leaves > w->o.max_leaves) {
      w->exact = 0;
      snprintf(w->dist->why, sizeof w->dist->why, "more than %llu paths (the bound)",
               (unsigned long long)w->o.max_leaves);
      return 0;
    }
    if (w->leaves == EARLY && !probed) {
      probed = 1;
      if ((rc = walk_estimate(w)) || !w->exact) return rc;
    }
    int more = advance(&w->en);
    if (merge_close(w->g, &w->en, more ? w->en.npath - 1 : -1)) return gn__error(w->g, GN_ENOMEM, "out of memory");
    if (!more) break;
  }
  if (merge_total(w->g, &w->en, &w->a, w->t)) return gn__error(w->g, GN_ENOMEM, "out of memory");
  return 0;
}

/* 4) o.runs seeded runs of the rules as played. Returns 0, fn's error or
** GN_ENOMEM. */
static int walk_sample(walk *w) {
  gn_game *g = w->g;
  int64_t v;
  acc_free(g, &w->a);
  g->dice.mode = GN_DICE_RNG;
  g->dice.en = NULL;
  for (uint64_t i = 0; i < w->o.runs; i++) {
    gn_rng_seed(&g->st.rng, gn_seed_child(w->o.seed, i));
    int rc = w->fn(g, w->ud, &v);
    gn__restore(g, &w->sp);
    if (rc) return rc;
    tally *s = slot(g, &w->a, v);
    if (!s) return gn__error(g, GN_ENOMEM, "out of memory");
    s->runs++;
  }
  return 0;
}

/* 5) The first path once more, its events kept in the log (quiet: the
** caller's). Cannot fail: a failed run leaves the game as it was. */
static void walk_representative(walk *w, int quiet) {
  gn_game *g = w->g;
  int64_t v;
  g->dice.mode = GN_DICE_ENUMERATE;
  g->dice.en = &w->en;
  g->dice.quiet = quiet;
  w->en.npath = 0; w->en.depth = 0; w->en.valid = 0; w->en.nw = 0;
  w->en.fixed_seq = 0; w->en.resumed = 0;
  if (w->fn(g, w->ud, &v) == 0) {
    gn__savepoint rep = w->sp;
    rep.nev = g->nev;   /* keep the representative run's events */
    gn__restore(g, &rep);
  } else {
    gn__restore(g, &w->sp);
  }
}

static int odds_walk(gn_game *g, gn_outcome_fn fn, void *ud, const gn_odds_opts *opts, unsigned flags,
                     gn_dist *dist) {
  if (!g || !fn || !dist || !g->sc) return GN_EINVAL;
  walk w;
  memset(&w, 0, sizeof w);
  w.g = g; w.fn = fn; w.ud = ud; w.flags = flags; w.dist = dist;
  if (opts) w.o = *opts;
  if (!w.o.max_leaves) w.o.max_leaves = 1000000;
  if (!w.o.runs) w.o.runs = 100000;
  memset(dist, 0, sizeof *dist);
  gn__dicesrc keep = g->dice;
  int cur_order = g->cur_order;   /* fn may apply orders: their index goes too */
  int rc = gn__save(g, &w.sp);                                                    /* 1 */
  if (rc) {   /* nothing has changed yet: there is nothing to restore */
    gn__savepoint_free(g, &w.sp);
    return gn__error(g, rc, "out of memory");
  }
  mpz_init(w.t);
  w.exact = !w.o.force_mc;
  if (!w.exact) snprintf(dist->why, sizeof dist->why, "sampling was asked for");
  g->dice.checking = 0;
  g->dice.quiet = 1;   /* the leaves keep no events; the representative run does */
  g->dice.mode = GN_DICE_ENUMERATE;
  g->dice.en = &w.en;
  w.en.flags = flags;
  if (w.exact) rc = walk_exact(&w);                                               /* 2, 3 */
  w.en.flags = 0;   /* no merge points in the samples nor the representative run */
  if (!rc && !w.exact) rc = walk_sample(&w);                                      /* 4 */
  if (!rc && (rc = finish(&w.a, dist, w.exact, w.exact ? 0 : w.o.runs))) rc = gn__error(g, rc, "out of memory");
  if (!rc) {
    dist->leaves = w.leaves;
    if (!(flags & GN__ODDS_NOREP)) walk_representative(&w, keep.quiet);          /* 5 */
  } else {
    gn__restore(g, &w.sp);
    gn_dist_free(dist);
  }
  g->dice.mode = keep.mode;                                                       /* 6 */
  g->dice.en = keep.en;
  g->dice.checking = keep.checking;
  g->dice.quiet = keep.quiet;
  g->dice.pos = keep.pos;
  g->dice.ntape = keep.ntape;
  g->cur_order = cur_order;
  gn__savepoint_free(g, &w.sp);
  enum_free(g, &w.en);
  acc_free(g, &w.a);
  mpz_clear(w.t);
  return rc;
}

void gn_dist_free(gn_dist *d) {
  if (!d) return;
  exact_free(d->x);
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

/* Fills d with the exact outcomes values[i] (ascending) of probabilities
** ps[i], as gn_odds would; leaves: the paths walked. GN_ENOMEM. */
int gn__dist_exact_frac(gn_dist *d, int n, const int64_t *values, frac *ps, uint64_t leaves) {
  acc a = { 0 };
  int rc = 0;
  memset(d, 0, sizeof *d);
  if (n > 0 && !(a.t = calloc((size_t)n, sizeof *a.t))) return GN_ENOMEM;
  a.n = a.cap = n;
  for (int i = 0; i < n; i++) {
    a.t[i].value = values[i];
    a.t[i].sum = ps[i];   /* moved */
    memset(&ps[i], 0, sizeof ps[i]);
  }
  rc = finish(&a, d, 1, 0);
  d->leaves = leaves;
  for (int i = 0; i < n; i++) frac_clear(&a.t[i].sum);
  free(a.t);
  if (rc) gn_dist_free(d);
  return rc;
}

