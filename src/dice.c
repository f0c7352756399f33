/*
** dice.c: dice expressions, the project's random generator, and the chance
** points through which every random draw of every ruleset passes
** (design decision 3). The four sources: rng, script, table, enumerate.
*/
#include "core.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* ------------------------------------------------------- dice expressions */

/* Reads a decimal number at *p (at most 6 digits); -1 if none. */
static int number(const char **p) {
  int v = 0, n = 0;
  while (**p >= '0' && **p <= '9') {
    if (++n > 6) return -2;
    v = v * 10 + (*(*p)++ - '0');
  }
  return n ? v : -1;
}

static void skipspace(const char **p) {
  while (**p == ' ' || **p == '\t') (*p)++;
}

/*
** Parse "3d6", "d10+d4", "2d6-1", "d5".
**   1) a term is [N]dM (N >= 1, M >= 2) or a constant N
**   2) terms are joined by + or -, the first may carry a sign; spaces are
**      allowed between them
**   3) at most GN_DICE_MAXTERMS terms and GN_DICE_MAXDICE dice in all
*/
int gn_dice_parse(const char *text, gn_dice *d, char *err, size_t errlen) {
  const char *p = text;
  int sign = 1;
  memset(d, 0, sizeof *d);
#define FAIL(...) do { if (err) snprintf(err, errlen, __VA_ARGS__); return GN_ESYNTAX; } while (0)
  if (!text) FAIL("no dice expression");
  skipspace(&p);
  if (!*p) FAIL("empty dice expression");
  if (*p == '-' || *p == '+') sign = *p++ == '-' ? -1 : 1;   /* "-d4+3": a leading sign */
  for (;;) {
    const char *start = p;
    skipspace(&p);
    int n = number(&p);
    if (n == -2) FAIL("column %d: number too large", (int)(start - text) + 1);
    if (*p == 'd' || *p == 'D') {
      p++;
      if (n == -1) n = 1;
      int m = number(&p);
      if (m < 0) FAIL("column %d: expected the number of faces after 'd'", (int)(p - text) + 1);
      if (n < 1) FAIL("column %d: at least one die", (int)(start - text) + 1);
      if (m < 2) FAIL("column %d: a die has at least 2 faces, not %d", (int)(start - text) + 1, m);
      if (d->nterms == GN_DICE_MAXTERMS) FAIL("more than %d terms", GN_DICE_MAXTERMS);
      if (d->ndice + n > GN_DICE_MAXDICE) FAIL("more than %d dice", GN_DICE_MAXDICE);
      d->term[d->nterms].count = n;
      d->term[d->nterms].sides = m;
      d->term[d->nterms].sign = sign;
      d->nterms++;
      d->ndice += n;
    } else if (n >= 0) {
      d->constant += sign * n;
      if (d->constant > 999999 || d->constant < -999999) FAIL("the constants add up to more than 999999");
    } else {
      FAIL("column %d: expected dice (like 3d6) or a number", (int)(p - text) + 1);
    }
    skipspace(&p);
    if (!*p) break;
    if (*p == '+') sign = 1;
    else if (*p == '-') sign = -1;
    else FAIL("column %d: unexpected '%c'", (int)(p - text) + 1, *p);
    p++;
  }
#undef FAIL
  return 0;
}

/* Appends the n bytes of s at buf[*k] while they fit in len (the last byte
** kept for the 0); *k counts them all. */
static void put(char *buf, size_t len, size_t *k, const char *s, size_t n) {
  for (size_t i = 0; i < n; i++, (*k)++)
    if (*k + 1 < len) buf[*k] = s[i];
}

/* Appends v in decimal, as "%d" writes it. */
static void put_int(char *buf, size_t len, size_t *k, int v) {
  char d[12];
  int m = sizeof d;
  unsigned u = v < 0 ? 0u - (unsigned)v : (unsigned)v;
  do { d[--m] = (char)('0' + u % 10); u /= 10; } while (u);
  if (v < 0) d[--m] = '-';
  put(buf, len, k, d + m, sizeof d - (size_t)m);
}

/* Like snprintf: the whole length is returned, what fits (cut, NUL-ended) is
** written; len 0 writes nothing at all. Cannot fail.
** "%s%sd%d" a term (its sign, its count unless 1, its faces), then the
** constant ("%d", "+%d" after terms), written without printf. */
int gn_dice_format(const gn_dice *d, char *buf, size_t len) {
  size_t n = 0;
  for (int i = 0; i < d->nterms; i++) {
    if (d->term[i].sign < 0) put(buf, len, &n, "-", 1);
    else if (i > 0) put(buf, len, &n, "+", 1);
    if (d->term[i].count != 1) put_int(buf, len, &n, d->term[i].count);
    put(buf, len, &n, "d", 1);
    put_int(buf, len, &n, d->term[i].sides);
  }
  if (d->constant || d->nterms == 0) {
    if (d->nterms && d->constant > 0) put(buf, len, &n, "+", 1);
    put_int(buf, len, &n, d->constant);
  }
  if (len) buf[n < len ? n : len - 1] = 0;
  return (int)n;
}

int gn_dice_min(const gn_dice *d) {
  int v = d->constant;
  for (int i = 0; i < d->nterms; i++)
    v += d->term[i].sign > 0 ? d->term[i].count : -d->term[i].count * d->term[i].sides;
  return v;
}

int gn_dice_max(const gn_dice *d) {
  int v = d->constant;
  for (int i = 0; i < d->nterms; i++)
    v += d->term[i].sign > 0 ? d->term[i].count * d->term[i].sides : -d->term[i].count;
  return v;
}

/* The faces of die k of d (k counts dice over all terms). */
static int die_sides(const gn_dice *d, int k) {
  for (int i = 0; i < d->nterms; i++) {
    if (k < d->term[i].count) return d->term[i].sides;
    k -= d->term[i].count;
  }
  return 0;
}

static int dice_total(const gn_dice *d, const int *faces) {
  int t = d->constant, k = 0;
  for (int i = 0; i < d->nterms; i++)
    for (int j = 0; j < d->term[i].count; j++) t += d->term[i].sign * faces[k++];
  return t;
}

/* ------------------------------------------------------------- the rng */

static uint64_t splitmix64(uint64_t *x) {
  uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

void gn_rng_seed(gn_rng *r, uint64_t seed) {
  uint64_t x = seed;
  for (int i = 0; i < 4; i++) r->s[i] = splitmix64(&x);
}

static inline uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

/* xoshiro256** (Blackman and Vigna), written here so a save's stream never
** changes with a library upgrade. Cannot fail. */
uint64_t gn_rng_next(gn_rng *r) {
  uint64_t *s = r->s;
  uint64_t result = rotl(s[1] * 5, 7) * 9;
  uint64_t t = s[1] << 17;
  s[2] ^= s[0]; s[3] ^= s[1]; s[1] ^= s[2]; s[0] ^= s[3];
  s[2] ^= t;
  s[3] = rotl(s[3], 45);
  return result;
}

/* Lemire's multiply-and-reject: uniform in [0, n) without modulo bias. */
uint32_t gn_rng_below(gn_rng *r, uint32_t n) {
  if (n <= 1) return 0;
  uint64_t m = (uint64_t)(uint32_t)(gn_rng_next(r) >> 32) * n;
  uint32_t low = (uint32_t)m;
  if (low < n) {
    uint32_t t = (uint32_t)(-n) % n;
    while (low < t) {
      m = (uint64_t)(uint32_t)(gn_rng_next(r) >> 32) * n;
      low = (uint32_t)m;
    }
  }
  return (uint32_t)(m >> 32);
}

uint64_t gn_seed_child(uint64_t master, uint64_t i) {
  uint64_t x = master ^ splitmix64(&i);
  return splitmix64(&x);
}

/* ------------------------------------------------------------ the sources */

int gn_dice_use_rng(gn_game *g) {
  if (!g) return GN_EINVAL;
  g->dice.mode = GN_DICE_RNG;
  return 0;
}

int gn_dice_script(gn_game *g, const int *faces, int n) {
  if (!g || n < 0 || (n && !faces)) return GN_EINVAL;
  gn__dicesrc *d = &g->dice;
  if (d->mode != GN_DICE_SCRIPT) { d->nscript = 0; d->pos = 0; }
  if (d->nscript + n > d->capscript) {
    int cap = d->capscript ? d->capscript : 64;
    while (cap < d->nscript + n) cap *= 2;
    int *s = gn__realloc(&g->alloc, d->script, d->capscript * sizeof *s, cap * sizeof *s);
    if (!s) return gn__error(g, GN_ENOMEM, "out of memory");
    d->script = s; d->capscript = cap;
  }
  if (n) memcpy(d->script + d->nscript, faces, n * sizeof *faces);
  d->nscript += n;
  d->mode = GN_DICE_SCRIPT;
  return 0;
}

int gn_dice_use_table(gn_game *g, gn_table_fn fn, void *ud) {
  if (!g || !fn) return GN_EINVAL;
  g->dice.mode = GN_DICE_TABLE;
  g->dice.table = fn;
  g->dice.tableud = ud;
  return 0;
}

gn_dice_mode gn_dice_mode_get(const gn_game *g) { return g->dice.mode; }
int gn_dice_script_left(const gn_game *g) { return g->dice.nscript - g->dice.pos; }

unsigned gn__roll_visibility(gn_game *g, unsigned sides) {
  unsigned old = g->roll_vis;
  g->roll_vis = sides;
  return old;
}

/* Appends results to the tape of the order in flight. */
static int tape(gn_game *g, const int *v, int n) {
  gn__dicesrc *d = &g->dice;
  if (d->ntape + n > d->captape) {
    int cap = d->captape ? d->captape : 64;
    while (cap < d->ntape + n) cap *= 2;
    int *t = gn__realloc(&g->alloc, d->tape, d->captape * sizeof *t, cap * sizeof *t);
    if (!t) return gn__error(g, GN_ENOMEM, "out of memory");
    d->tape = t; d->captape = cap;
  }
  memcpy(d->tape + d->ntape, v, n * sizeof *v);
  d->ntape += n;
  return 0;
}

/* Checks one answer of a script or the table against the chance point.
** Writes the reason into why; 0 when acceptable. */
static int check_value(const gn_game *g, const gn_chance *c, int k, int v, char *why, size_t n) {
  if (c->kind == GN_CHANCE_CARD) {
    if (v < 0 || v > 51) {
      snprintf(why, n, "a card is a number 0..51, not %d", v);
      return -1;
    }
    for (int i = 0; i < g->st.deckn[c->side]; i++)
      if (g->st.deck[c->side][i] == v) return 0;
    snprintf(why, n, "card %d has already been drawn from that deck", v);
    return -1;
  }
  int sides = die_sides(&c->dice, k);
  if (v < 1 || v > sides) {
    snprintf(why, n, "a d%d cannot show %d", sides, v);
    return -1;
  }
  return 0;
}

/*
** Answers a chance point of n values (dice faces or one card) from the game's
** source, without logging.
**   1) while checking an order, stop here: all before passed
**   2) rng: draw; script: take and check; table: ask until acceptable
**   3) put the results on the tape
*/
static int draw(gn_game *g, const gn_chance *c, int n, int *out) {
  gn__dicesrc *d = &g->dice;
  char why[160];
  if (d->checking) return GN__ECHECKED;                           /* 1 */
  switch (d->mode) {                                              /* 2 */
  case GN_DICE_RNG:
  case GN_DICE_ENUMERATE:   /* enumerate draws are made by the callers */
    for (int k = 0; k < n; k++) {
      if (c->kind == GN_CHANCE_CARD) out[k] = -1;
      else out[k] = 1 + (int)gn_rng_below(&g->st.rng, (uint32_t)die_sides(&c->dice, k));
    }
    break;
  case GN_DICE_SCRIPT:
    if (d->nscript - d->pos < n)
      return gn__error(g, GN_ENODICE, "the dice script is empty at %s (%s, ref. %s)",
                       c->spec, c->purpose, c->ref);
    for (int k = 0; k < n; k++)
      if (check_value(g, c, k, d->script[d->pos + k], why, sizeof why))
        return gn__error(g, GN_EDICE, "scripted result refused at %s (%s, ref. %s): %s",
                         c->spec, c->purpose, c->ref, why);
    memcpy(out, d->script + d->pos, n * sizeof *out);
    d->pos += n;
    break;
  case GN_DICE_TABLE: {
    const char *refusal = NULL;
    for (int attempt = 0;; attempt++) {
      if (attempt == 100)
        return gn__error(g, GN_EDICE, "too many impossible results at %s (%s)", c->spec, c->purpose);
      int rc = d->table(d->tableud, c, refusal, out);
      if (rc < 0) return gn__error(g, GN_EABORTED, "dice entry abandoned at %s (%s)", c->spec, c->purpose);
      int k = 0;
      while (k < n && !check_value(g, c, k, out[k], why, sizeof why)) k++;
      if (k == n) break;
      refusal = why;
    }
    break;
  }
  }
  return tape(g, out, n);                                        /* 3 */
}

/* Logs a roll event. */
static int log_roll(gn_game *g, const gn_chance *c, const int *faces, int n, int total) {
  gn_event *e = gn__event(g, "roll", c->ref, c->unit, -1, "%s: %s -> %d", c->purpose, c->spec, total);
  if (!e || gn__event_spec(g, e, c->spec) || gn__event_dice(g, e, faces, n)) return GN_ENOMEM;
  e->total = total;
  if (g->roll_vis != ~0u) gn__event_hide(e, g->roll_vis);
  return 0;
}

/* The next non-decreasing sequence of k faces 1..m after f; 0 after the last. */
static int multiset_next(int *f, int k, int m) {
  int i = k - 1;
  while (i >= 0 && f[i] == m) i--;
  if (i < 0) return 0;
  f[i]++;
  for (int j = i + 1; j < k; j++) f[j] = f[i];
  return 1;
}

/* The number of orders of the sorted faces f: k! / (c1! c2! ...). */
static uint64_t arrangements(const int *f, int k) {
  unsigned __int128 w = 1;
  int left = k;
  for (int i = 0; i < k;) {
    int j = i;
    while (j < k && f[j] == f[i]) j++;
    for (int t = 0; t < j - i; t++) w = w * (unsigned)(left - t) / (unsigned)(t + 1);   /* C(left, c) */
    left -= j - i;
    i = j;
  }
  return (uint64_t)w;
}

#define MULTISETS_MAX 2048

/*
** Under ENUMERATE: the faces of one term of k dice of m faces.
**   1) one die: a node of m equal branches
**   2) several: one node over the sorted face sets (multisets), each weighted
**      by its number of orders, so 3d6 is 56 branches rather than 216; dice
**      of one roll are alike, and the rules read counts and sums, not order
**   3) too many sets, or m^k past 64 bits: a node per die, as in 1)
*/
static int enum_term(gn_game *g, int k, int m, int *f) {
  int rc, choice;
  unsigned __int128 total = 1;
  for (int i = 0; i < k && total <= UINT64_MAX; i++) total *= (unsigned)m;
  unsigned __int128 sets = 1;   /* C(m + k - 1, k) */
  for (int i = 1; i <= k && sets <= MULTISETS_MAX; i++) sets = sets * (unsigned)(m - 1 + i) / (unsigned)i;
  if (k == 1 || sets > MULTISETS_MAX || total > UINT64_MAX) {          /* 1, 3 */
    for (int i = 0; i < k; i++) {
      if ((rc = gn__enum_choose(g, m, NULL, 0, &choice))) return rc;
      f[i] = choice + 1;
    }
    return 0;
  }
  if (gn__enum_known(g)) {                                              /* 2 */
    rc = gn__enum_choose(g, (int)sets, NULL, (uint64_t)total, &choice);  /* weights known */
  } else {
    uint64_t w[MULTISETS_MAX];
    int n = 0;
    for (int i = 0; i < k; i++) f[i] = 1;
    do w[n++] = arrangements(f, k); while (multiset_next(f, k, m));
    rc = gn__enum_choose(g, n, w, (uint64_t)total, &choice);
  }
  if (rc) return rc;
  /* unrank: at each place, skip the faces whose sets of the rest come before */
  for (int i = 0, lo = 1; i < k; i++) {
    int rest = k - i - 1;
    for (int v = lo; v <= m; v++) {
      uint64_t c = 1;   /* sets of rest faces >= v: C(m - v + rest, rest) */
      for (int t = 1; t <= rest; t++) c = c * (uint64_t)(m - v + t) / (uint64_t)t;
      if ((uint64_t)choice < c || v == m) { f[i] = lo = v; break; }
      choice -= (int)c;
    }
  }
  return 0;
}

/* The paths enum_term gives k dice of m faces: m for one die, their face
** sets, or m^k when it needs a node per die; past UINT64_MAX it stops
** counting. Cannot fail. */
static unsigned __int128 term_paths(int k, int m) {
  unsigned __int128 total = 1, sets = 1;
  for (int i = 0; i < k && total <= UINT64_MAX; i++) total *= (unsigned)m;
  for (int i = 1; i <= k && sets <= MULTISETS_MAX; i++) sets = sets * (unsigned)(m - 1 + i) / (unsigned)i;
  return k > 1 && sets <= MULTISETS_MAX && total <= UINT64_MAX ? sets : total;
}

#define SUMS_MAX 2048

/*
** Under ENUMERATE, for a roll whose caller reads only the total: one node
** over the totals, when the faces would take more than MULTISETS_MAX paths
** (20d6, or 7d2+4d7+9d5). Returns 1 (not used: few enough paths, or the
** totals span more than SUMS_MAX), else 0 or the error of the choice.
**   1) the number of ways to throw each total, by adding the dice one at a
**      time (a sliding sum); exact counts while m1^k1 m2^k2 ... fits in 64
**      bits, else probabilities (the leaves keep no fraction)
**   2) one node over the totals lo..hi
**   3) faces that make the chosen total, the lowest first, for the log
*/
static int enum_sum(gn_game *g, const gn_dice *dx, int *f) {
  int lo = gn_dice_min(dx), hi = gn_dice_max(dx), span = hi - lo + 1, rc, c;
  unsigned __int128 paths = 1;
  for (int t = 0; t < dx->nterms && paths <= MULTISETS_MAX; t++)
    paths *= term_paths(dx->term[t].count, dx->term[t].sides);
  if (paths <= MULTISETS_MAX || span > SUMS_MAX) return 1;
  unsigned __int128 prod = 1;
  for (int t = 0; t < dx->nterms; t++)
    for (int i = 0; i < dx->term[t].count && prod <= UINT64_MAX; i++) prod *= (unsigned)dx->term[t].sides;
  int exact = prod <= UINT64_MAX;
  if (gn__enum_known(g)) {
    rc = gn__enum_choose(g, span, NULL, exact ? (uint64_t)prod : 0, &c);
  } else {                                                                       /* 1 */
    uint64_t w[SUMS_MAX], nw[SUMS_MAX];
    double p[SUMS_MAX], np[SUMS_MAX];
    int n = 1;            /* partial totals so far: n of them, the lowest first */
    w[0] = 1; p[0] = 1;
    for (int t = 0; t < dx->nterms; t++)   /* a subtracted die spreads the totals alike */
      for (int i = 0; i < dx->term[t].count; i++) {
        int m = dx->term[t].sides, nn = n + m - 1;
        for (int j = 0; j < nn; j++) {     /* k*m <= span: the plain sums are cheap */
          uint64_t ws = 0;
          double ps = 0;
          for (int x = 0; x < m; x++)
            if (j - x >= 0 && j - x < n) { ws += w[j - x]; ps += p[j - x]; }
          nw[j] = ws; np[j] = ps / m;
        }
        n = nn;
        memcpy(w, nw, n * sizeof *w);
        memcpy(p, np, n * sizeof *p);
      }
    rc = exact ? gn__enum_choose(g, span, w, (uint64_t)prod, &c)                  /* 2 */
               : gn__enum_choose_p(g, span, p, &c);
  }
  if (rc) return rc;
  int rest = lo + c - dx->constant, k = 0;                                      /* 3 */
  int rmin = gn_dice_min(dx) - dx->constant, rmax = gn_dice_max(dx) - dx->constant;
  for (int t = 0; t < dx->nterms; t++)
    for (int i = 0; i < dx->term[t].count; i++, k++) {
      int m = dx->term[t].sides, sg = dx->term[t].sign;
      rmin -= sg > 0 ? 1 : -m;           /* the rest without this die */
      rmax -= sg > 0 ? m : -1;
      int v = 1;
      while (v < m && (rest - sg * v > rmax || rest - sg * v < rmin)) v++;
      f[k] = v;
      rest -= sg * v;
    }
  return 0;
}

int gn__roll_dice(gn_game *g, const gn_dice *dx, const char *purpose, const char *ref,
                  int unit, int *total, int *faces) {
  int f[GN_DICE_MAXDICE];
  char spec[64] = "";
  if (!g->dice.quiet) gn_dice_format(dx, spec, sizeof spec);   /* odds runs log nothing */
  gn_chance c = { GN_CHANCE_DICE, spec, purpose ? purpose : "roll", ref ? ref : "", unit, *dx, 0, 0 };
  int rc;
  if (g->dice.mode == GN_DICE_ENUMERATE && !g->dice.checking) {
    /* the caller reads only the total: one node over the totals when the
    ** faces would need too many */
    if (faces || (rc = enum_sum(g, dx, f)) == 1) {
      for (int t = 0, k = 0; t < dx->nterms; k += dx->term[t].count, t++)
        if ((rc = enum_term(g, dx->term[t].count, dx->term[t].sides, f + k))) return rc;
    } else if (rc) {
      return rc;
    }
  } else if ((rc = draw(g, &c, dx->ndice, f))) {
    return rc;
  }
  int t = dice_total(dx, f);
  if ((rc = log_roll(g, &c, f, dx->ndice, t))) return rc;
  if (faces) memcpy(faces, f, dx->ndice * sizeof *f);
  if (total) *total = t;
  return 0;
}

int gn__roll(gn_game *g, const char *spec, const char *purpose, const char *ref,
             int unit, int *total, int *faces) {
  gn_dice d;
  char err[128];
  if (gn_dice_parse(spec, &d, err, sizeof err))
    return gn__error(g, GN_ESYNTAX, "dice '%s': %s", spec, err);
  return gn__roll_dice(g, &d, purpose, ref, unit, total, faces);
}

int gn_roll(gn_game *g, const char *spec, const char *purpose, const char *ref,
            int *total, int *faces) {
  if (!g) return GN_EINVAL;
  return gn__roll(g, spec, purpose, ref, -1, total, faces);
}

/* Binomial weights C(n,k) s^k f^(n-k) for k = 0..n; GN_ETOOBIG on overflow. */
static int binomial(int n, uint64_t s, uint64_t f, uint64_t *w, uint64_t *sum) {
  unsigned __int128 tot = 0;
  for (int k = 0; k <= n; k++) {
    unsigned __int128 c = 1;
    for (int i = 0; i < k; i++) c = c * (unsigned)(n - i) / (unsigned)(i + 1);
    for (int i = 0; i < k; i++) c *= s;
    for (int i = 0; i < n - k; i++) c *= f;
    if (c > UINT64_MAX) return GN_ETOOBIG;
    w[k] = (uint64_t)c;
    tot += c;
  }
  if (tot > UINT64_MAX) return GN_ETOOBIG;
  *sum = (uint64_t)tot;
  return 0;
}

/* Binomial probabilities C(n,k) p^k (1-p)^(n-k), p = s / (s + f), for k = 0..n,
** when the exact weights pass 64 bits. Cannot fail. */
static void binomial_p(int n, uint64_t s, uint64_t f, double *p) {
  double ps = (double)s / (double)(s + f), pf = (double)f / (double)(s + f), c = 1;
  for (int k = 0; k <= n; k++) {
    p[k] = c * pow(ps, k) * pow(pf, n - k);
    c = c * (double)(n - k) / (double)(k + 1);
  }
}

/*
** How many of n dice of m faces show >= target (ref. the caller's rule).
**   1) under ENUMERATE: one node whose branches are the counts 0..n, with
**      binomial weights, so the tree stays small (an aggregate chance point);
**      weights past 64 bits (more than 24 d6) become probabilities
**   2) otherwise: roll the n dice as one chance point and count
*/
int gn__roll_count(gn_game *g, int n, int m, int target, const char *purpose,
                   const char *ref, int unit, int *hits) {
  if (n < 0 || n > GN_DICE_MAXDICE || m < 2) return gn__error(g, GN_EINVAL, "bad dice count");
  if (n == 0) { *hits = 0; return 0; }
  gn_dice d = { 1, { { n, m, 1 } }, 0, n };
  char spec[64];   /* gn_dice_format's "NdM" ("dM" for one die), written here */
  size_t len = 0;
  if (n != 1) put_int(spec, sizeof spec, &len, n);
  spec[len++] = 'd';
  put_int(spec, sizeof spec, &len, m);
  spec[len] = 0;
  gn_chance c = { GN_CHANCE_COUNT, spec, purpose ? purpose : "roll", ref ? ref : "", unit, d, target, 0 };
  int f[GN_DICE_MAXDICE], rc, k = 0;
  if (g->dice.mode == GN_DICE_ENUMERATE && !g->dice.checking) {   /* 1 */
    uint64_t w[GN_DICE_MAXDICE + 1], sum;
    int s = target > m ? 0 : m - (target < 1 ? 1 : target) + 1;
    if (binomial(n, (uint64_t)s, (uint64_t)(m - s), w, &sum) == 0) {
      rc = gn__enum_choose(g, n + 1, w, sum, &k);
    } else {
      double p[GN_DICE_MAXDICE + 1];
      binomial_p(n, (uint64_t)s, (uint64_t)(m - s), p);
      rc = gn__enum_choose_p(g, n + 1, p, &k);
    }
    if (rc) return rc;
    for (int i = 0; i < n; i++) f[i] = i < k ? m : 1;
  } else {                                                         /* 2 */
    if ((rc = draw(g, &c, n, f))) return rc;
    for (int i = 0; i < n; i++) k += f[i] >= target;
  }
  gn_event *e = gn__event(g, "roll", c.ref, unit, -1, "%s: %s, %d+ -> %d hit%s", c.purpose, spec,
                          target, k, k == 1 ? "" : "s");
  if (!e || gn__event_dice(g, e, f, n)) return GN_ENOMEM;
  e->spec = "count";
  e->total = k;
  if (g->roll_vis != ~0u) gn__event_hide(e, g->roll_vis);
  *hits = k;
  return 0;
}

int gn__dice_enumerating(const gn_game *g) {
  return g->dice.mode == GN_DICE_ENUMERATE && !g->dice.checking;
}

void gn__deck_reset(gn__state *st, int side) {
  for (int i = 0; i < 52; i++) st->deck[side][i] = i;
  st->deckn[side] = 52;
}

static const char *const RANKS[] = { "?", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K" };
static const char SUITS[] = "CDHS";

/*
** One card from a side's deck, without replacement (ref. the caller's rule).
**   1) an empty deck is reshuffled: all 52 cards back
**   2) the card: a uniform choice among those left (enumerate: one branch each)
**   3) it leaves the deck (the last card takes its place)
*/
int gn__draw_card(gn_game *g, int side, const char *purpose, const char *ref, int unit, int *card) {
  if (side < 0 || side >= GN__MAXSIDES) return gn__error(g, GN_EINVAL, "no deck for side %d", side);
  gn__state *st = &g->st;
  if (st->deckn[side] == 0) gn__deck_reset(st, side);                  /* 1 */
  gn_chance c = { GN_CHANCE_CARD, "card", purpose ? purpose : "card", ref ? ref : "", unit,
                  { 0, { { 0, 0, 0 } }, 0, 0 }, 0, side };
  int idx = -1, v, rc;
  if (g->dice.mode == GN_DICE_ENUMERATE && !g->dice.checking) {         /* 2 */
    if ((rc = gn__enum_choose(g, st->deckn[side], NULL, 0, &idx))) return rc;
  } else if (g->dice.mode == GN_DICE_RNG && !g->dice.checking) {
    idx = (int)gn_rng_below(&st->rng, (uint32_t)st->deckn[side]);
    if ((rc = tape(g, &st->deck[side][idx], 1))) return rc;
  } else {
    if ((rc = draw(g, &c, 1, &v))) return rc;
    for (int i = 0; i < st->deckn[side]; i++) if (st->deck[side][i] == v) idx = i;
  }
  v = st->deck[side][idx];
  st->deck[side][idx] = st->deck[side][--st->deckn[side]];               /* 3 */
  gn_event *e = gn__event(g, "card", c.ref, unit, -1, "%s: %s%c", c.purpose, RANKS[GN_CARD_RANK(v)],
                          SUITS[GN_CARD_SUIT(v)]);
  if (!e || gn__event_dice(g, e, &v, 1)) return GN_ENOMEM;
  e->spec = "card";
  e->total = GN_CARD_RANK(v);
  if (g->roll_vis != ~0u) gn__event_hide(e, g->roll_vis);
  *card = v;
  return 0;
}
