/*
** dice.c: dice expressions, the project's random generator, and the chance
** points through which every random draw of every ruleset passes
** (design decision 3). The four sources: rng, script, table, enumerate.
*/
#include "core.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
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
    static const char *const rank[] = { "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K" };
    snprintf(why, n, "%s%c has already been drawn from that deck", rank[GN_CARD_RANK(v) - 1],
             "CDHS"[GN_CARD_SUIT(v)]);
    return -1;
  }
  int sides = die_sides(&c->dice, k);
  if (v < 1 || v > sides) {
    snprintf(why, n, "a d%d cannot show %d", sides, v);
    return -1;
  }
  return 0;
}

/* The chance point as the table is asked it: what the rule said it needs
** (gn__chance_say), who may see that, and its place in a hand. */
static gn_chance told(const gn_game *g, const gn_chance *c) {
  const gn__dicesrc *d = &g->dice;
  gn_chance t = *c;
  t.need = d->needtext[0] ? d->needtext : NULL;
  t.visible = d->needtext[0] ? g->roll_vis & d->needvis : g->roll_vis;
  if (d->needn > 1 && d->handi < d->needn) { t.index = d->handi + 1; t.count = d->needn; }
  return t;
}

/* After a chance point is answered: the need said for it is spent, unless a
** hand (gn__chance_need of several) still has draws to come. */
static void answered(gn_game *g) {
  gn__dicesrc *d = &g->dice;
  if (d->needn > 1 && ++d->handi < d->needn) return;
  d->needtext[0] = 0;
  d->handi = 0;
  if (d->needn > 1) d->needn = 0;
}

/* A count of hits given for COUNT chance point c of n dice (GN_DICE_HITS):
** 0 when it can be (0..n, all of them when every face hits, none when no
** face can), else -1 with the reason in why. */
static int check_count(const gn_chance *c, int n, int v, char *why, size_t len) {
  int k = GN_DICE_HITS_OF(v), sides = c->dice.term[0].sides;
  int lo = c->target <= 1 ? n : 0, hi = c->target > sides ? 0 : n;
  if (k >= lo && k <= hi) return 0;
  snprintf(why, len, "%d hit%s of %d %s showing %d or more cannot be", k, k == 1 ? "" : "s", n,
           n == 1 ? "die" : "dice", c->target);
  return -1;
}

/*
** Answers a chance point of n values (dice faces or one card) from the game's
** source, without logging. A COUNT answered by its count of hits gives the
** one value GN_DICE_HITS(k) in out[0].
**   1) while checking an order, stop here: all before passed
**   2) rng: draw; script: take and check; table: ask until acceptable
**   3) put the results on the tape: the faces, or the count as it was given
*/
static int draw(gn_game *g, const gn_chance *c, int n, int *out) {
  gn__dicesrc *d = &g->dice;
  char why[160];
  if (d->checking) {                                              /* 1 */
    d->stopped = 1;
    d->stopkind = c->kind;
    snprintf(d->stopspec, sizeof d->stopspec, "%s", c->spec);
    d->stopn = c->kind == GN_CHANCE_CARD ? (d->needn > 0 ? d->needn : 1) : c->dice.ndice;
    d->stoptarget = c->kind == GN_CHANCE_COUNT ? c->target : d->need;
    return GN__ECHECKED;
  }
  switch (d->mode) {                                              /* 2 */
  case GN_DICE_RNG:
  case GN_DICE_ENUMERATE:   /* enumerate draws are made by the callers */
    for (int k = 0; k < n; k++) {
      if (c->kind == GN_CHANCE_CARD) out[k] = -1;
      else out[k] = 1 + (int)gn_rng_below(&g->st.rng, (uint32_t)die_sides(&c->dice, k));
    }
    break;
  case GN_DICE_SCRIPT:
    if (c->kind == GN_CHANCE_COUNT && d->pos < d->nscript && d->script[d->pos] < 0) {   /* a count */
      if (check_count(c, n, d->script[d->pos], why, sizeof why))
        return gn__error(g, GN_EDICE, "scripted result refused at %s (%s, ref. %s): %s",
                         c->spec, c->purpose, c->ref, why);
      out[0] = d->script[d->pos++];
      n = 1;
      break;
    }
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
    gn_chance asked = told(g, c);
    for (int attempt = 0;; attempt++) {
      if (attempt == 100)
        return gn__error(g, GN_EDICE, "too many impossible results at %s (%s)", c->spec, c->purpose);
      int rc = d->table(d->tableud, &asked, refusal, out);
      if (rc < 0) return gn__error(g, GN_EABORTED, "dice entry abandoned at %s (%s)", c->spec, c->purpose);
      if (c->kind == GN_CHANCE_COUNT && out[0] < 0) {   /* the count of hits, as typed */
        if (check_count(c, n, out[0], why, sizeof why) == 0) { n = 1; break; }
        refusal = why;
        continue;
      }
      int k = 0;
      while (k < n && !check_value(g, c, k, out[k], why, sizeof why)) k++;
      if (k == n) break;
      refusal = why;
    }
    break;
  }
  }
  answered(g);
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

/* The number of ways to throw each total of dx (lowest first), exactly. */
static int fill_sums(const void *ud, int span, mpz_t *w) {
  const gn_dice *dx = ud;
  mpz_t *nw = malloc((size_t)span * sizeof *nw);
  if (!nw) return GN_ENOMEM;
  for (int j = 0; j < span; j++) mpz_init(nw[j]);
  int n = 1;
  mpz_set_ui(w[0], 1);
  for (int t = 0; t < dx->nterms; t++)
    for (int i = 0; i < dx->term[t].count; i++) {
      int m = dx->term[t].sides, nn = n + m - 1;
      for (int j = 0; j < nn; j++) {
        mpz_set_ui(nw[j], 0);
        for (int x = 0; x < m; x++)
          if (j - x >= 0 && j - x < n) mpz_add(nw[j], nw[j], w[j - x]);
      }
      n = nn;
      for (int j = 0; j < n; j++) mpz_set(w[j], nw[j]);
    }
  for (int j = 0; j < span; j++) mpz_clear(nw[j]);
  free(nw);
  return 0;
}

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
  if (prod > UINT64_MAX) {   /* exact counts past 64 bits: GMP, once per odds run */
    uint64_t key[4] = { 3, gn__hash_bytes(1, dx, sizeof *dx), gn__hash_bytes(2, dx, sizeof *dx), (uint64_t)span };
    rc = gn__enum_choose_tab(g, key, span, fill_sums, dx, &c);
  } else if (gn__enum_known(g)) {
    rc = gn__enum_choose(g, span, NULL, (uint64_t)prod, &c);
  } else {                                                                       /* 1 */
    uint64_t w[SUMS_MAX], nw[SUMS_MAX];
    int n = 1;            /* partial totals so far: n of them, the lowest first */
    w[0] = 1;
    for (int t = 0; t < dx->nterms; t++)   /* a subtracted die spreads the totals alike */
      for (int i = 0; i < dx->term[t].count; i++) {
        int m = dx->term[t].sides, nn = n + m - 1;
        for (int j = 0; j < nn; j++) {     /* k*m <= span: the plain sums are cheap */
          uint64_t ws = 0;
          for (int x = 0; x < m; x++)
            if (j - x >= 0 && j - x < n) ws += w[j - x];
          nw[j] = ws;
        }
        n = nn;
        memcpy(w, nw, n * sizeof *w);
      }
    rc = gn__enum_choose(g, span, w, (uint64_t)prod, &c);                         /* 2 */
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
  gn_chance c = { GN_CHANCE_DICE, spec, purpose ? purpose : "roll", ref ? ref : "", unit, *dx, 0, 0, NULL, 0, 0, 0 };
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

#define CLASS_TUPLES 4096   /* the most ordered throws a class roll weighs one by one */

/*
** A roll the rule reads only through a class of its faces (cls).
**   1) not enumerating, or more than CLASS_TUPLES throws: a plain roll
**   2) under ENUMERATE: every ordered throw is weighed once; one node over
**      the classes (in the order the throws first show them), each weighted
**      by its throws; the faces are the first throw of the class taken
**   3) logged as a roll
*/
int gn__roll_class(gn_game *g, const char *spec, gn__classfn cls, const void *ud, size_t udlen,
                   const char *purpose, const char *ref, int unit, int *total, int *faces) {
  gn_dice dx;
  char err[128];
  if (gn_dice_parse(spec, &dx, err, sizeof err)) return gn__error(g, GN_ESYNTAX, "dice '%s': %s", spec, err);
  uint64_t tuples = 1;
  for (int t = 0; t < dx.nterms && tuples <= CLASS_TUPLES; t++)
    for (int i = 0; i < dx.term[t].count && tuples <= CLASS_TUPLES; i++) tuples *= (uint64_t)dx.term[t].sides;
  if (!gn__enumerating(g) || tuples > CLASS_TUPLES)                                /* 1 */
    return gn__roll_dice(g, &dx, purpose, ref, unit, total, faces);
  int f[GN_DICE_MAXDICE], n = dx.ndice, nc = 0, c, rc;                             /* 2 */
  struct { int nc, rep[CLASS_TUPLES]; uint64_t w[CLASS_TUPLES]; } cl;
  uint64_t key[4] = { 4, gn__hash_bytes(1, spec, strlen(spec)), (uint64_t)(uintptr_t)cls, gn__hash_bytes(2, ud, udlen) };
  size_t have;
  const int *memo = gn__enum_memo_get(g, key, &have);
  int *rep = cl.rep;
  uint64_t *w = cl.w;
  if (memo) {                   /* nc, then rep[nc], then w[nc] (8-byte aligned) */
    nc = memo[0];
    rep = (int *)memo + 2;
    w = (uint64_t *)(void *)((int *)memo + 2 + nc + (nc & 1));
  } else {
    int id[CLASS_TUPLES];
    for (int k = 0; k < n; k++) f[k] = 1;
    for (uint64_t x = 0; x < tuples; x++) {
      int v = cls(ud, f, dice_total(&dx, f)), j = 0;
      while (j < nc && id[j] != v) j++;
      if (j == nc) { id[nc] = v; rep[nc] = (int)x; w[nc++] = 0; }
      w[j]++;
      for (int k = n - 1; k >= 0 && ++f[k] > die_sides(&dx, k); k--) f[k] = 1;   /* the next throw */
    }
    size_t size = (size_t)(2 + nc + (nc & 1)) * sizeof(int) + (size_t)nc * sizeof(uint64_t);
    int *blob = malloc(size);
    if (!blob) return gn__error(g, GN_ENOMEM, "out of memory");
    blob[0] = nc; blob[1] = 0;
    memcpy(blob + 2, rep, (size_t)nc * sizeof *rep);
    memcpy(blob + 2 + nc + (nc & 1), w, (size_t)nc * sizeof *w);
    rc = gn__enum_memo_put(g, key, blob, size);
    free(blob);
    if (rc) return rc;
  }
  if ((rc = gn__enum_choose(g, nc, w, tuples, &c))) return rc;
  for (int k = n - 1, x = rep[c]; k >= 0; k--) {   /* the class's first throw, digit by digit */
    f[k] = 1 + x % die_sides(&dx, k);
    x /= die_sides(&dx, k);
  }
  char text[64] = "";
  if (!g->dice.quiet) gn_dice_format(&dx, text, sizeof text);
  gn_chance ch = { GN_CHANCE_DICE, text, purpose ? purpose : "roll", ref ? ref : "", unit, dx, 0, 0, NULL, 0, 0, 0 };
  int t = dice_total(&dx, f);                                                       /* 3 */
  if ((rc = log_roll(g, &ch, f, n, t))) return rc;
  if (faces) memcpy(faces, f, (size_t)n * sizeof *f);
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

/* ------------------------------------------------- counts of successes */

/* Logs a count roll: its dice (or a representative arrangement), or none
** when the table gave only the count (n 0), and its hits. */
static int count_event(gn_game *g, const gn_chance *c, const char *spec, const int *f, int n, int k, int *hits) {
  gn_event *e = gn__event(g, "roll", c->ref, c->unit, -1, "%s: %s, %d+ -> %d hit%s%s", c->purpose, spec,
                          c->target, k, k == 1 ? "" : "s", n ? "" : " (the count typed at the table)");
  if (!e || gn__event_dice(g, e, f, n)) return GN_ENOMEM;
  e->spec = "count";
  e->total = k;
  if (g->roll_vis != ~0u) gn__event_hide(e, g->roll_vis);
  *hits = k;
  return 0;
}


/*
** Binomial weights C(n,k) s^k f^(n-k) for k = 0..n and their sum (s + f)^n,
** when every one fits in 64 bits; GN_ETOOBIG otherwise (the caller then asks
** for GMP weights). Each product is checked before it is made, so a sure
** (f = 0) or impossible (s = 0) target with many dice never wraps.
*/
static int binomial(int n, uint64_t s, uint64_t f, uint64_t *w, uint64_t *sum) {
  uint64_t tot = 0, c = 1;   /* c = C(n, k) */
  for (int k = 0; k <= n; k++) {
    uint64_t x = c;
    for (int i = 0; i < k && x; i++) if (__builtin_mul_overflow(x, s, &x)) return GN_ETOOBIG;
    for (int i = 0; i < n - k && x; i++) if (__builtin_mul_overflow(x, f, &x)) return GN_ETOOBIG;
    w[k] = x;
    if (__builtin_add_overflow(tot, x, &tot)) return GN_ETOOBIG;
    if (k < n) {   /* C(n, k+1) = C(n, k) (n - k) / (k + 1), exact in 128 bits */
      unsigned __int128 y = (unsigned __int128)c * (unsigned)(n - k) / (unsigned)(k + 1);
      if (y > UINT64_MAX) return GN_ETOOBIG;
      c = (uint64_t)y;
    }
  }
  *sum = tot;
  return 0;
}

/* Groups of independent dice: group i has n[i] dice, each a success with
** weight a[i] out of t (the same t for every group). */
typedef struct succq { int ng; int n[GN__MAXGROUPS]; uint64_t a[GN__MAXGROUPS], t; } succq;

/* w[k] = C(n,k) s^k f^(n-k), k = 0..n (f^(n-k) first, in place). */
static void binom_z(int n, uint64_t s, uint64_t f, mpz_t *w) {
  mpz_t c, sp;
  mpz_init_set_ui(c, 1);
  mpz_init_set_ui(sp, 1);
  mpz_set_ui(w[n], 1);
  for (int k = n - 1; k >= 0; k--) mpz_mul_ui(w[k], w[k + 1], (unsigned long)f);
  for (int k = 0; k <= n; k++) {
    mpz_mul(w[k], w[k], c);
    mpz_mul(w[k], w[k], sp);
    mpz_mul_ui(sp, sp, (unsigned long)s);
    mpz_mul_ui(c, c, (unsigned long)(n - k));
    mpz_divexact_ui(c, c, (unsigned long)(k + 1));
  }
  mpz_clears(c, sp, NULL);
}

/* The weights of the total successes of q: one binomial, or their
** convolution. w has total + 1 entries. Cannot fail. */
static int fill_succ(const void *ud, int n, mpz_t *w) {
  const succq *q = ud;
  int total = 0;
  for (int i = 0; i < q->ng; i++) total += q->n[i];
  if (n != total + 1) return GN_EINVAL;
  if (q->ng == 0) { mpz_set_ui(w[0], 1); return 0; }
  binom_z(q->n[0], q->a[0], q->t - q->a[0], w);
  int have = q->n[0];
  for (int i = 1; i < q->ng; i++) {
    int m = q->n[i];
    mpz_t *b = malloc((size_t)(m + 1) * sizeof *b), *r = malloc((size_t)(have + m + 1) * sizeof *r);
    if (!b || !r) { free(b); free(r); return GN_ENOMEM; }
    for (int k = 0; k <= m; k++) mpz_init(b[k]);
    for (int k = 0; k <= have + m; k++) mpz_init(r[k]);
    binom_z(m, q->a[i], q->t - q->a[i], b);
    for (int x = 0; x <= have; x++)
      if (mpz_sgn(w[x])) for (int y = 0; y <= m; y++) mpz_addmul(r[x + y], w[x], b[y]);
    have += m;
    for (int k = 0; k <= have; k++) mpz_swap(w[k], r[k]);
    for (int k = 0; k <= m; k++) mpz_clear(b[k]);
    for (int k = 0; k <= have; k++) mpz_clear(r[k]);
    free(b); free(r);
  }
  return 0;
}

/* A 64-bit key of q for the odds run's table of weights. */
static uint64_t succ_hash(const succq *q, uint64_t h) {
  h = gn__hash_bytes(h, &q->ng, sizeof q->ng);
  h = gn__hash_bytes(h, q->n, (size_t)q->ng * sizeof q->n[0]);
  h = gn__hash_bytes(h, q->a, (size_t)q->ng * sizeof q->a[0]);
  return gn__hash_bytes(h, &q->t, sizeof q->t);
}

/* Lowest terms for the weights of each group: fewer digits to carry. */
static void succ_reduce(succq *q) {
  uint64_t g = q->t;
  for (int i = 0; i < q->ng; i++) {
    uint64_t a = q->a[i], b = g;
    while (b) { uint64_t r = a % b; a = b; b = r; }
    g = a;
  }
  if (g > 1) { q->t /= g; for (int i = 0; i < q->ng; i++) q->a[i] /= g; }
}

int gn__enum_successes(gn_game *g, int ng, const int *n, const uint64_t *a, uint64_t t, int *k) {
  succq q;
  int total = 0;
  if (ng < 0 || ng > GN__MAXGROUPS || t == 0) return gn__error(g, GN_EINVAL, "bad groups of dice");
  memset(&q, 0, sizeof q);
  for (int i = 0; i < ng; i++) {
    if (n[i] <= 0) continue;
    if (a[i] > t) return gn__error(g, GN_EINVAL, "bad groups of dice");
    q.n[q.ng] = n[i]; q.a[q.ng] = a[i]; q.ng++;
    total += n[i];
  }
  q.t = t;
  if (total == 0) { *k = 0; return 0; }
  if (gn__enum_known(g)) return gn__enum_choose(g, total + 1, NULL, 0, k);   /* replayed: weighed before */
  succ_reduce(&q);
  if (q.ng == 1 && total <= GN_DICE_MAXDICE) {   /* the usual case: 64-bit weights */
    uint64_t w[GN_DICE_MAXDICE + 1], sum;
    if (binomial(total, q.a[0], q.t - q.a[0], w, &sum) == 0) return gn__enum_choose(g, total + 1, w, sum, k);
  }
  uint64_t key[4] = { 1, succ_hash(&q, 1), succ_hash(&q, 2), (uint64_t)total };
  return gn__enum_choose_tab(g, key, total + 1, fill_succ, &q, k);
}

/* Two sides' successes compared: branch 0 the first has fewer, 1 equal, 2 more. */
typedef struct cmpq { succq s[2]; int tot[2]; } cmpq;

static int fill_cmp(const void *ud, int n, mpz_t *w) {
  const cmpq *q = ud;
  if (n != 3) return GN_EINVAL;
  mpz_t *x[2] = { NULL, NULL };
  int rc = 0;
  for (int s = 0; s < 2 && !rc; s++) {
    if (!(x[s] = malloc((size_t)(q->tot[s] + 1) * sizeof *x[s]))) { rc = GN_ENOMEM; break; }
    for (int k = 0; k <= q->tot[s]; k++) mpz_init(x[s][k]);
    rc = fill_succ(&q->s[s], q->tot[s] + 1, x[s]);
  }
  if (!rc) {
    mpz_t below;   /* weight of the second side's totals below k */
    mpz_init(below);
    for (int k = 0; k <= q->tot[0]; k++) {
      if (k > 0 && k - 1 <= q->tot[1]) mpz_add(below, below, x[1][k - 1]);
      mpz_addmul(w[2], x[0][k], below);                          /* the first has more */
      if (k <= q->tot[1]) mpz_addmul(w[1], x[0][k], x[1][k]);     /* equal */
    }
    mpz_clear(below);
    mpz_t all0, all1;   /* fewer: everything else */
    mpz_inits(all0, all1, NULL);
    for (int k = 0; k <= q->tot[0]; k++) mpz_add(all0, all0, x[0][k]);
    for (int k = 0; k <= q->tot[1]; k++) mpz_add(all1, all1, x[1][k]);
    mpz_mul(w[0], all0, all1);
    mpz_sub(w[0], w[0], w[1]);
    mpz_sub(w[0], w[0], w[2]);
    mpz_clears(all0, all1, NULL);
  }
  for (int s = 0; s < 2; s++) {
    if (!x[s]) continue;
    for (int k = 0; k <= q->tot[s]; k++) mpz_clear(x[s][k]);
    free(x[s]);
  }
  return rc;
}

int gn__enum_compare(gn_game *g, const int ng[2], const int *const n[2], const uint64_t *const a[2],
                     const uint64_t t[2], int *cmp) {
  cmpq q;
  memset(&q, 0, sizeof q);
  for (int s = 0; s < 2; s++) {
    if (ng[s] < 0 || ng[s] > GN__MAXGROUPS || t[s] == 0) return gn__error(g, GN_EINVAL, "bad groups of dice");
    for (int i = 0; i < ng[s]; i++) {
      if (n[s][i] <= 0) continue;
      if (a[s][i] > t[s]) return gn__error(g, GN_EINVAL, "bad groups of dice");
      q.s[s].n[q.s[s].ng] = n[s][i]; q.s[s].a[q.s[s].ng] = a[s][i]; q.s[s].ng++;
      q.tot[s] += n[s][i];
    }
    q.s[s].t = t[s];
    succ_reduce(&q.s[s]);
  }
  uint64_t key[4] = { 2, succ_hash(&q.s[0], 3), succ_hash(&q.s[1], 4), (uint64_t)q.tot[0] << 32 | (uint64_t)q.tot[1] };
  int c, rc = gn__enum_choose_tab(g, key, 3, fill_cmp, &q, &c);
  if (!rc) *cmp = c - 1;
  return rc;
}

/* One physical chance point of at most GN_DICE_MAXDICE dice: draw, count, log. */
static int count_draw(gn_game *g, int n, int m, int target, const char *purpose, const char *ref,
                      int unit, int *hits) {
  gn_dice d = { 1, { { n, m, 1 } }, 0, n };
  char spec[64];   /* gn_dice_format's "NdM" ("dM" for one die), written here */
  size_t len = 0;
  if (n != 1) put_int(spec, sizeof spec, &len, n);
  spec[len++] = 'd';
  put_int(spec, sizeof spec, &len, m);
  spec[len] = 0;
  gn_chance c = { GN_CHANCE_COUNT, spec, purpose ? purpose : "roll", ref ? ref : "", unit, d, target, 0, NULL, 0, 0, 0 };
  int f[GN_DICE_MAXDICE], rc, k = 0;
  if ((rc = draw(g, &c, n, f))) return rc;
  if (f[0] < 0) return count_event(g, &c, spec, f, 0, GN_DICE_HITS_OF(f[0]), hits);   /* typed as a count */
  for (int i = 0; i < n; i++) k += f[i] >= target;
  return count_event(g, &c, spec, f, n, k, hits);
}

/*
** How many of n dice of m faces show >= target (ref. the caller's rule).
**   1) under ENUMERATE: one node whose branches are the counts 0..n, with
**      binomial weights (GMP ones past 64 bits), whatever n
**   2) otherwise: chance points of at most GN_DICE_MAXDICE dice, each rolled
**      and counted (what the players roll and type at the table)
*/
int gn__roll_count(gn_game *g, int n, int m, int target, const char *purpose,
                   const char *ref, int unit, int *hits) {
  if (n < 0 || n > GN__MAXCOUNT || m < 2) return gn__error(g, GN_EINVAL, "bad dice count");
  if (n == 0) { *hits = 0; return 0; }
  if (g->dice.mode == GN_DICE_ENUMERATE && !g->dice.checking) {   /* 1 */
    int s = target > m ? 0 : m - (target < 1 ? 1 : target) + 1, k, rc;
    uint64_t a = (uint64_t)s;
    if ((rc = gn__enum_successes(g, 1, &n, &a, (uint64_t)m, &k))) return rc;
    int f[GN_DICE_MAXDICE], nf = n < GN_DICE_MAXDICE ? n : GN_DICE_MAXDICE;
    for (int i = 0; i < nf; i++) f[i] = i < k ? m : 1;
    char spec[64];
    size_t len = 0;
    if (n != 1) put_int(spec, sizeof spec, &len, n);
    spec[len++] = 'd';
    put_int(spec, sizeof spec, &len, m);
    spec[len] = 0;
    gn_chance c = { GN_CHANCE_COUNT, spec, purpose ? purpose : "roll", ref ? ref : "", unit,
                    { 1, { { nf, m, 1 } }, 0, nf }, target, 0, NULL, 0, 0, 0 };
    return count_event(g, &c, spec, f, nf, k, hits);
  }
  int total = 0, rc;                                                /* 2 */
  while (n > 0) {
    int k = n > GN_DICE_MAXDICE ? GN_DICE_MAXDICE : n, h = 0;
    if ((rc = count_draw(g, k, m, target, purpose, ref, unit, &h))) return rc;
    total += h;
    n -= k;
  }
  *hits = total;
  return 0;
}

void gn__chance_need(gn_game *g, int need, int count) {
  g->dice.need = need;
  g->dice.needn = count;
  g->dice.handi = 0;
}

int gn__events_quiet(const gn_game *g) { return g->dice.quiet != 0; }

int gn__chance_telling(const gn_game *g) {
  return g->dice.mode == GN_DICE_TABLE && !g->dice.checking && !g->dice.quiet;
}

void gn__chance_say(gn_game *g, unsigned sides, const char *fmt, ...) {
  gn__dicesrc *d = &g->dice;
  if (!gn__chance_telling(g)) return;   /* nobody is asked */
  d->needvis = sides;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(d->needtext, sizeof d->needtext, fmt, ap);
  va_end(ap);
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
                  { 0, { { 0, 0, 0 } }, 0, 0 }, 0, side, NULL, 0, 0, 0 };
  int idx = -1, v, rc;
  if (g->dice.mode == GN_DICE_ENUMERATE && !g->dice.checking) {         /* 2 */
    if ((rc = gn__enum_choose(g, st->deckn[side], NULL, 0, &idx))) return rc;
  } else if (g->dice.mode == GN_DICE_RNG && !g->dice.checking) {
    idx = (int)gn_rng_below(&st->rng, (uint32_t)st->deckn[side]);
    if ((rc = tape(g, &st->deck[side][idx], 1))) return rc;
    answered(g);
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

int gn__enumerating(const gn_game *g) {
  return g->dice.mode == GN_DICE_ENUMERATE && !g->dice.checking;
}

int gn_roll_count(gn_game *g, int n, int sides, int target, const char *purpose, const char *ref,
                  int *hits) {
  if (!g || !hits) return GN_EINVAL;
  return gn__roll_count(g, n, sides, target, purpose, ref, -1, hits);
}
