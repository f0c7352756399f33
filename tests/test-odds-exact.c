/*
** test-odds-exact.c: the odds engine's aggregate chance points against the
** plain walk over every face of every die (the old way, kept by gn_roll with
** faces), fraction for fraction; and beyond the walk's reach, against 10^6
** sampled runs of the rules (every outcome within its 99.9% interval, taken
** family-wide: Bonferroni over the outcomes).
*/
#include <gmp.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "grognard.h"

static gn_game *rules(const char *id) {
  gn_game *g = gn_game_new(NULL);
  assert_non_null(g);
  if (gn_game_use_ruleset(g, id)) fail_msg("%s", gn_errmsg(g));
  return g;
}

static void check(gn_game *g, const char *name, int argc, const char *const *argv, const gn_odds_opts *o,
                  gn_dist *d) {
  int rc = gn_check_odds(g, name, argc, argv, o, d, NULL);
  if (rc) fail_msg("%s: %s", name, gn_errmsg(g));
}

/* The value of the modifier named name in the log of the last check (the
** numbers the rules used), or fails. */
static int mod(gn_game *g, const char *name) {
  for (int i = 0; i < gn_event_count(g); i++) {
    const gn_event *e = gn_event_get(g, i);
    for (int k = 0; k < e->nmods; k++)
      if (!strcmp(e->mods[k].name, name)) return e->mods[k].value;
  }
  fail_msg("no modifier '%s' in the log", name);
  return 0;
}

/* P(value) of d as a GMP fraction (0 when absent). */
static void p_of(const gn_dist *d, int64_t v, mpq_t q) {
  mpq_set_ui(q, 0, 1);
  for (int i = 0; i < d->n; i++)
    if (d->o[i].value == v) {
      assert_non_null(gn_dist_frac(d, i));
      assert_int_equal(mpq_set_str(q, gn_dist_frac(d, i), 10), 0);
      mpq_canonicalize(q);
    }
}

/* The two distributions are the same, fraction for fraction. */
static void same(const gn_dist *a, const gn_dist *b) {
  assert_int_equal(a->exact, 1);
  assert_int_equal(b->exact, 1);
  assert_int_equal(a->n, b->n);
  for (int i = 0; i < a->n; i++) {
    assert_int_equal((int)a->o[i].value, (int)b->o[i].value);
    assert_string_equal(gn_dist_frac(a, i), gn_dist_frac(b, i));
    assert_true(a->o[i].p == b->o[i].p);
  }
}

/* Rolls n d6 with their faces (the walk over face sets) and counts those >= t. */
static int faces_at_least(gn_game *g, int n, int t, int *count) {
  char spec[16];
  int f[64], total, rc;
  snprintf(spec, sizeof spec, "%dd6", n);
  if ((rc = gn_roll(g, spec, "walk", "", &total, f))) return rc;
  *count = 0;
  for (int i = 0; i < n; i++) *count += f[i] >= t;
  return 0;
}

/* ------------------------------------------------------------ V&B fire */

/* The fire rule by hand (ref. VB-B6, VB-B7, VB-B19): hits, then each save on
** the hits left, SP lost. */
typedef struct firem { int n, hit, nsaves, save[2]; } firem;

static int fire_walk(gn_game *g, void *ud, int64_t *out) {
  const firem *m = ud;
  int hits = 0, saved = 0, s, rc;
  if (m->n && (rc = faces_at_least(g, m->n, m->hit, &hits))) return rc;
  for (int k = 0; k < m->nsaves; k++) {
    if (hits - saved == 0) break;
    if ((rc = faces_at_least(g, hits - saved, m->save[k], &s))) return rc;
    saved += s;
  }
  *out = hits - saved;
  return 0;
}

static void vb_fire_against_walk(void **state) {
  (void)state;
  gn_game *g = rules("vb");
  static const char *const saves[] = { NULL, "works", "works,open", "woods" };
  static const char *const names[][2] = { { NULL, NULL }, { "saves on (works)", NULL },
                                          { "saves on (works)", "saves on (open order)" },
                                          { "saves on (woods)", NULL } };
  gn_odds_opts big = { 10000000, 0, 0, 0, 0 };
  for (int n = 0; n <= 6; n++)
    for (int s = 0; s < 4; s++) {
      if (s == 2 && n > 4) continue;   /* the walk: 4d6 with two saves is 10^5 paths */
      char dice[8];
      snprintf(dice, sizeof dice, "%d", n);
      const char *argv[] = { "--dice", dice, "--range", "close", "--weapon", "musket", "--save", saves[s] };
      gn_dist a, b;
      check(g, "fire", saves[s] ? 8 : 6, argv, NULL, &a);
      firem m = { n, 0, 0, { 0, 0 } };
      if (n) m.hit = mod(g, "hits on (musket)");
      for (int k = 0; k < 2 && names[s][k]; k++) m.save[m.nsaves++] = mod(g, names[s][k]);
      assert_int_equal(gn_odds(g, fire_walk, &m, &big, &b), 0);
      same(&a, &b);
      assert_true(a.leaves <= (uint64_t)n + 1 && b.leaves >= a.leaves);
      gn_dist_free(&a);
      gn_dist_free(&b);
    }
  gn_game_free(g);
}

/* ----------------------------------------------------------- V&B melee */

/* Melee by hand (ref. VB-B11, VB-30): the attacker's foot and horse dice hit
** on 5+ (data/rulesets/vb/melee.yaml, melee.hit), the horse's hits saved on
** sunken 4+ by the defender's road; more casualties loses. Equal: one pair of
** tie dice (equal morales, no modifiers): 0, 1, or 2 when the tie dice are
** equal too (then each side wins half the time, by symmetry). */
typedef struct meleem { int foot, horse, def, sunken; } meleem;

static int melee_walk(gn_game *g, void *ud, int64_t *out) {
  const meleem *m = ud;
  int ha = 0, hc = 0, hd = 0, sv = 0, rc, a, b;
  if (m->foot && (rc = faces_at_least(g, m->foot, 5, &ha))) return rc;
  if (m->horse && (rc = faces_at_least(g, m->horse, 5, &hc))) return rc;
  if (hc && m->sunken && (rc = faces_at_least(g, hc, m->sunken, &sv))) return rc;
  if (m->def && (rc = faces_at_least(g, m->def, 5, &hd))) return rc;
  int lost1 = ha + hc - sv, lost0 = hd;
  if (lost0 != lost1) { *out = lost0 > lost1; return 0; }
  if ((rc = gn_roll(g, "d6", "tie", "", &a, NULL)) || (rc = gn_roll(g, "d6", "tie", "", &b, NULL))) return rc;
  *out = a == b ? 2 : a < b;
  return 0;
}

static void vb_melee_against_walk(void **state) {
  (void)state;
  gn_game *g = rules("vb");
  mpq_t w0, w1, tie, half;
  mpq_inits(w0, w1, tie, half, NULL);
  mpq_set_ui(half, 1, 2);
  static const meleem cases[] = { { 1, 0, 1, 0 }, { 3, 0, 2, 0 }, { 0, 3, 3, 4 }, { 2, 2, 4, 4 }, { 0, 4, 0, 4 },
                                  { 4, 0, 0, 0 }, { 0, 0, 3, 0 } };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const meleem *m = &cases[i];
    char ad[8], dd[8];
    snprintf(ad, sizeof ad, "%d", m->horse ? m->horse : m->foot);
    snprintf(dd, sizeof dd, "%d", m->def);
    if (m->horse && m->foot) continue;   /* the check has one kind of attacker */
    const char *argv[] = { "--attack-dice", ad, "--defence-dice", dd, "--attack-cavalry", "--sunken" };
    int argc = m->horse ? (m->sunken ? 6 : 5) : 4;
    gn_dist a, b;
    check(g, "melee", argc, argv, NULL, &a);
    if (m->sunken) assert_int_equal(mod(g, "sunken road save"), m->sunken);
    assert_int_equal(gn_odds(g, melee_walk, (void *)m, NULL, &b), 0);
    p_of(&b, 0, w0);
    p_of(&b, 1, w1);
    p_of(&b, 2, tie);
    mpq_mul(tie, tie, half);
    mpq_add(w0, w0, tie);
    mpq_add(w1, w1, tie);
    mpq_t c0, c1;
    mpq_inits(c0, c1, NULL);
    p_of(&a, 0, c0);
    p_of(&a, 1, c1);
    assert_true(mpq_equal(c0, w0));
    assert_true(mpq_equal(c1, w1));
    mpq_clears(c0, c1, NULL);
    gn_dist_free(&a);
    gn_dist_free(&b);
  }
  mpq_clears(w0, w1, tie, half, NULL);
  gn_game_free(g);
}

/* ------------------------------------------------------ BA supplies */

/* Supplies by hand (ref. BA-5.5.3b, BA-5.5.3c): unlimited until a roll shows
** two ones or more, then 3 rolls; every roll after that uses one. */
static int supplies_walk(gn_game *g, void *ud, int64_t *out) {
  int k = *(const int *)ud, s = -1, f[3], t, rc;
  for (int r = 0; r < k; r++) {
    if ((rc = gn_roll(g, "3d6", "walk", "", &t, f))) return rc;
    if (s < 0) s = (f[0] == 1) + (f[1] == 1) + (f[2] == 1) >= 2 ? 3 : -1;
    else if (s > 0) s--;
  }
  *out = s;
  return 0;
}

static void ba_supplies_against_walk(void **state) {
  (void)state;
  gn_game *g = rules("ba");
  for (int k = 1; k <= 3; k++) {
    char rolls[16];
    snprintf(rolls, sizeof rolls, "%d", k);
    const char *argv[] = { "--rolls", rolls };
    gn_dist a, b;
    check(g, "supplies", 2, argv, NULL, &a);
    assert_int_equal(gn_odds(g, supplies_walk, &k, NULL, &b), 0);
    same(&a, &b);
    assert_true(a.leaves <= (uint64_t)k + 1);
    gn_dist_free(&a);
    gn_dist_free(&b);
  }
  gn_game_free(g);
}

/* ------------------------------------------- beyond the walk: sampling */

/* Every outcome of the exact d within its interval from m's 10^6 runs: the
** normal bound at z = 4.42 (two-sided 10^-5 each: 99.9% for up to 100
** outcomes together) plus one run for the discreteness. */
static void within(const gn_dist *d, const gn_dist *m) {
  assert_int_equal(d->exact, 1);
  assert_int_equal(m->exact, 0);
  double n = (double)m->runs, z = 4.42;
  assert_true(d->n <= 1000);
  for (int i = 0; i < d->n; i++) {
    double p = d->o[i].p, q = 0;
    for (int k = 0; k < m->n; k++) if (m->o[k].value == d->o[i].value) q = m->o[k].p;
    double tol = z * sqrt(p * (1 - p) / n) + 1 / n;
    if (fabs(q - p) > tol)
      fail_msg("outcome %lld: exact %.9f, sampled %.9f (tolerance %.2g)", (long long)d->o[i].value, p, q, tol);
  }
  for (int k = 0; k < m->n; k++) {   /* nothing sampled that cannot happen */
    int found = 0;
    for (int i = 0; i < d->n; i++) found |= d->o[i].value == m->o[k].value;
    assert_true(found);
  }
}

static void beyond_the_walk(void **state) {
  (void)state;
  gn_odds_opts mc = { 0, 1000000, 7, 1, 0 };
  gn_dist d, m;
  gn_game *g = rules("vb");
  const char *fire[] = { "--dice", "120", "--range", "close", "--weapon", "musket", "--save", "works" };
  check(g, "fire", 8, fire, NULL, &d);
  assert_int_equal((int)d.leaves, 121);
  check(g, "fire", 8, fire, &mc, &m);
  within(&d, &m);
  gn_dist_free(&d);
  gn_dist_free(&m);
  const char *melee[] = { "--attack-dice", "60", "--defence-dice", "70", "--attack-cavalry", "--sunken" };
  check(g, "melee", 6, melee, NULL, &d);
  check(g, "melee", 6, melee, &mc, &m);
  within(&d, &m);
  gn_dist_free(&d);
  gn_dist_free(&m);
  gn_game_free(g);
  g = rules("ba");
  const char *sup[] = { "--rolls", "8" };
  check(g, "supplies", 2, sup, NULL, &d);
  check(g, "supplies", 2, sup, &mc, &m);
  within(&d, &m);
  gn_dist_free(&d);
  gn_dist_free(&m);
  gn_game_free(g);
}

/* Twelve d6 rolled one by one, their total: 6^12 paths. */
static int twelve_d6(gn_game *g, void *ud, int64_t *out) {
  (void)ud;
  int t, sum = 0, rc;
  for (int i = 0; i < 12; i++) {
    if ((rc = gn_roll(g, "d6", "one die", "", &t, NULL))) return rc;
    sum += t;
  }
  *out = sum;
  return 0;
}

/* A tree far past the bound is estimated after its first 4,096 paths and
** sampled at once, with the reason; it is not walked to the bound first. */
static void estimate_before_walking(void **state) {
  (void)state;
  gn_game *g = rules("vb");
  gn_odds_opts o = { 0, 2000, 3, 0, 0 };
  gn_dist d;
  assert_int_equal(gn_odds(g, twelve_d6, NULL, &o, &d), 0);
  assert_int_equal(d.exact, 0);
  assert_int_equal((int)d.leaves, 4096);
  assert_true(d.est_leaves > 1e8 && d.est_leaves < 1e11);   /* 6^12 = 2.2e9 */
  assert_non_null(strstr(d.why, "estimated"));
  assert_int_equal((int)d.runs, 2000);
  gn_dist_free(&d);
  gn_game_free(g);
}

/* ------------------------------------- chains of orders: merged states */

/* A started game of a bundled scenario, its text with `from` replaced by
** `to` (from NULL: as it is), after some orders. */
static gn_game *played_as(const char *path, const char *from, const char *to, const char *const *orders) {
  gn_game *g = gn_game_new(NULL);
  assert_non_null(g);
  FILE *f = fopen(path, "rb");
  assert_non_null(f);
  char *text = calloc(1, 1 << 16);
  assert_non_null(text);
  size_t n = fread(text, 1, (1 << 16) - 1024, f);
  fclose(f);
  if (from) {
    char *at = strstr(text, from);
    if (!at) fail_msg("%s: no '%s'", path, from);
    size_t fl = strlen(from), tl = strlen(to);
    memmove(at + tl, at + fl, n - (size_t)(at - text) - fl + 1);
    memcpy(at, to, tl);
    n = n - fl + tl;
  }
  if (gn_game_load(g, path, text, n) || gn_game_start(g, 1)) fail_msg("%s: %s", path, gn_errmsg(g));
  free(text);
  for (int i = 0; orders[i]; i++)
    if (gn_order_apply(g, orders[i])) fail_msg("%s: %s", orders[i], gn_errmsg(g));
  return g;
}

static int cmpstr(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* Each outcome of a chain as "label=fraction", sorted: the label numbers
** depend on the order in which outcomes are met, the labels do not. */
static char **outcomes(gn_game *g, const gn_dist *d) {
  char **l = calloc((size_t)d->n + 1, sizeof *l);
  assert_non_null(l);
  for (int i = 0; i < d->n; i++) {
    const char *t = gn_order_odds_label(g, d->o[i].value);
    const char *fr = gn_dist_frac(d, i);
    assert_non_null(fr);
    l[i] = malloc(strlen(t) + strlen(fr) + 2);
    sprintf(l[i], "%s=%s", t, fr);
  }
  qsort(l, (size_t)d->n, sizeof *l, cmpstr);
  return l;
}


/* The chain answered order by order with equal states merged gives every
** outcome with the same fraction as the walk over every path of the whole
** chain, in fewer paths. */
static void chain_as(const char *path, const char *from, const char *to, const char *const *setup,
                     const char *question) {
  gn_game *g = played_as(path, from, to, setup);
  gn_odds_opts walk = { 10000000, 0, 0, 0, 1 };
  gn_dist m, w;
  uint64_t h = gn_game_hash(g);
  if (gn_order_odds(g, question, NULL, &m)) fail_msg("%s: %s", question, gn_errmsg(g));
  char **a = outcomes(g, &m);
  if (gn_order_odds(g, question, &walk, &w)) fail_msg("%s: %s", question, gn_errmsg(g));
  char **b = outcomes(g, &w);
  assert_int_equal(m.exact, 1);
  assert_int_equal(w.exact, 1);
  assert_int_equal(m.n, w.n);
  for (int i = 0; i < m.n; i++) assert_string_equal(a[i], b[i]);
  print_message("%s: %d outcomes, %llu paths merged, %llu walked\n", question, m.n,
                (unsigned long long)m.leaves, (unsigned long long)w.leaves);
  assert_true(gn_game_hash(g) == h);   /* the game is as it was */
  for (int i = 0; i < m.n; i++) free(a[i]);
  for (int i = 0; i < w.n; i++) free(b[i]);
  free(a); free(b);
  gn_dist_free(&m);
  gn_dist_free(&w);
  gn_game_free(g);
}

static void chain(const char *path, const char *const *setup, const char *question) {
  chain_as(path, NULL, NULL, setup, question);
}

static void chains_merged_as_walked(void **state) {
  (void)state;
  const char *vb_melee[] = { "end", NULL };
  chain("scenarios/vb-teach-melee.yaml", vb_melee, "charge CU at P1; end; end; end; end; end");
  const char *vb_fire[] = { "end", "move F2 to 26,18", "end", "end", "end", NULL };
  chain("scenarios/vb-teach-fire.yaml", vb_fire, "fire F2 at P1; fire FA at P1; fire F1 at P1");
  const char *ba[] = { "fire 4L at PR", "end", NULL };
  chain("scenarios/ba-teach-supplies.yaml", ba, "attack 4L PR; end; end");
  const char *in[] = { NULL };
  chain("scenarios/inradic-teach-pursuit.yaml", in, "charge TC at PK; end; end");
  /* two melees of separate brigades (725 outcomes, the last order's leaves
  ** labelled as they end; merged, the second melee's bodies and sides are
  ** worked out once per walk, before its first chance point, and walked,
  ** after the first melee's dice, every time), and a chain whose second
  ** order is refused in every branch ("order 2 refused; ...") */
  const char *ret[] = { "end", "end", "end", "end", NULL };
  chain("scenarios/vb-teach-retreat.yaml", ret, "charge F1 at P1; charge F2 at P3");
  chain("scenarios/vb-teach-retreat.yaml", ret, "charge F1 at P1; charge F1 at P1; charge F2 at P3");
}

/* Inside one Inradic order: equal states merged at the melee's steps (after
** the cards, after each Ace's hero check, after the casualties, after each
** morale test) give every outcome with the walk's fraction. Hero hits on
** (Aces strike leaders); one order, chains, and a chain whose second order
** draws from a deck the first one drew from (the merge that left the decks
** out is taken back: the answer is still the walk's). */
static void orders_merged_as_walked(void **state) {
  (void)state;
  const char *none[] = { NULL };
  const char *p = "scenarios/inradic-teach-pursuit.yaml", *t = "turns: 4\n", *h = "turns: 4\noptions: {hero_hits: 1}\n";
  chain_as(p, t, h, none, "charge ZE at RB");
  chain_as(p, t, h, none, "charge TC at PK");
  chain_as(p, t, h, none, "charge ZE at RB; end");
  chain(p, none, "charge ZE at RB; fire TC at PK");
  chain(p, none, "charge ZE at RB; end; fire PK at TC");
}

/* "GR 12->7 (...); ZE 6->0 removed": the final strengths of GR and ZE. */
static int strengths(const char *label) {
  int gr = 12, ze = 6, a, b;
  const char *x = strstr(label, "GR ");
  if (x && sscanf(x, "GR %d->%d", &a, &b) == 2) gr = b;
  x = strstr(label, "ZE ");
  if (x && sscanf(x, "ZE %d->%d", &a, &b) == 2) ze = b;
  return gr * 100 + ze;
}

/* The skirmish's charge of the grenadiers into the zealots (hero hits on):
** 4,152 outcomes, exact, within the 99.9% intervals (family-wide over the
** final strengths of both units) of 10^6 runs of the rules as played, which
** roll every hero check (10^5 under the sanitizers, ten times slower). */
static void big_charge_against_samples(void **state) {
  (void)state;
#if defined(__SANITIZE_ADDRESS__)
  const uint64_t runs = 100000;
#else
  const uint64_t runs = 1000000;
#endif
  const char *none[] = { NULL };
  gn_game *g = played_as("scenarios/inradic-skirmish.yaml", "at: [33, 32], facing: 180, width: 3",
                         "at: [14, 15], facing: 180, width: 3", none);
  gn_odds_opts mc = { 0, runs, 11, 1, 0 };
  gn_dist d, m;
  enum { K = 1400 };
  static double pe[K], pm[K];
  memset(pe, 0, sizeof pe);
  memset(pm, 0, sizeof pm);
  if (gn_order_odds(g, "charge GR at ZE", NULL, &d)) fail_msg("%s", gn_errmsg(g));
  assert_int_equal(d.exact, 1);
  assert_int_equal(d.n, 4152);
  print_message("charge GR at ZE: %d outcomes exact over %llu paths\n", d.n, (unsigned long long)d.leaves);
  for (int i = 0; i < d.n; i++) pe[strengths(gn_order_odds_label(g, d.o[i].value))] += d.o[i].p;
  if (gn_order_odds(g, "charge GR at ZE", &mc, &m)) fail_msg("%s", gn_errmsg(g));
  assert_int_equal(m.exact, 0);
  for (int i = 0; i < m.n; i++) pm[strengths(gn_order_odds_label(g, m.o[i].value))] += m.o[i].p;
  int groups = 0;
  for (int k = 0; k < K; k++) groups += pe[k] > 0;
  double n = (double)runs, z = 4.42;   /* 10^-5 two-sided each: 99.9% for up to 100 groups */
  assert_true(groups <= 100);
  for (int k = 0; k < K; k++) {
    if (pe[k] == 0 && pm[k] > 0) fail_msg("GR %d, ZE %d sampled, impossible exactly", k / 100, k % 100);
    double tol = z * sqrt(pe[k] * (1 - pe[k]) / n) + 1 / n;
    if (fabs(pm[k] - pe[k]) > tol)
      fail_msg("GR %d, ZE %d: exact %.9f, sampled %.9f (tolerance %.2g)", k / 100, k % 100, pe[k], pm[k], tol);
  }
  gn_dist_free(&d);
  gn_dist_free(&m);
  gn_game_free(g);
}

/* The double nearest to q, ties to even, worked out in rationals. */
static double nearest_q(const mpq_t q) {
  double lo = mpq_get_d(q), hi = nextafter(lo, 2.0);
  mpq_t x, dl, dh;
  mpq_inits(x, dl, dh, NULL);
  mpq_set_d(x, lo);
  mpq_sub(dl, q, x);
  mpq_set_d(x, hi);
  mpq_sub(dh, x, q);
  int c = mpq_cmp(dl, dh);
  mpq_clears(x, dl, dh, NULL);
  uint64_t bits;
  memcpy(&bits, &lo, sizeof bits);
  return c < 0 ? lo : c > 0 ? hi : (bits & 1) ? hi : lo;
}

/* Large single resolutions: each fraction in lowest terms, its double the
** nearest to it, "rounded" exactly when they differ, and the fractions sum
** to 1 (the fractions are reduced by the denominator's small primes and
** the double found in integers, not by gcd and rational subtraction). */
static void fractions_lowest_and_nearest(void **state) {
  (void)state;
  static const char *const fire[][8] = {
    { "--dice", "640", "--range", "close", "--weapon", "musket", NULL },
    { "--dice", "640", "--range", "close", "--weapon", "musket", "--save", "works,open" },
    { "--dice", "7", "--range", "close", "--weapon", "musket", "--save", "works" },
  };
  gn_game *g = rules("vb");
  for (int k = 0; k < 3; k++) {
    int argc = 0;
    while (argc < 8 && fire[k][argc]) argc++;
    gn_dist d;
    check(g, "fire", argc, fire[k], NULL, &d);
    mpq_t q, sum;
    mpz_t gcd;
    mpq_inits(q, sum, NULL);
    mpz_init(gcd);
    for (int i = 0; i < d.n; i++) {
      assert_int_equal(mpq_set_str(q, gn_dist_frac(&d, i), 10), 0);
      mpz_gcd(gcd, mpq_numref(q), mpq_denref(q));
      assert_int_equal(mpz_cmp_ui(gcd, 1), 0);
      double p = nearest_q(q);
      if (d.o[i].p != p) fail_msg("%s outcome %d: %a, nearest %a", fire[k][1], i, d.o[i].p, p);
      mpq_t x;
      mpq_init(x);
      mpq_set_d(x, p);
      assert_int_equal(d.o[i].rounded, !mpq_equal(x, q));
      mpq_clear(x);
      mpq_add(sum, sum, q);
    }
    assert_int_equal(mpq_cmp_ui(sum, 1, 1), 0);
    mpq_clears(q, sum, NULL);
    mpz_clear(gcd);
    gn_dist_free(&d);
  }
  gn_game_free(g);
}

/* A fraction is written out only when asked (gn_dist_frac), once: the same
** text on a second call, the 64-bit num/den when they fit; none for an
** outcome out of range, nor for a sampled dist. */
static void fractions_on_demand(void **state) {
  (void)state;
  static const char *const two[] = { "--dice", "2", "--range", "close", "--weapon", "musket" };
  gn_game *g = rules("vb");
  gn_dist d;
  check(g, "fire", 6, two, NULL, &d);
  assert_int_equal(d.exact, 1);
  for (int i = 0; i < d.n; i++) {
    const char *fr = gn_dist_frac(&d, i);
    char want[64];
    assert_non_null(fr);
    assert_ptr_equal(fr, gn_dist_frac(&d, i));
    snprintf(want, sizeof want, "%llu/%llu", (unsigned long long)d.o[i].num, (unsigned long long)d.o[i].den);
    assert_string_equal(fr, want);
  }
  assert_null(gn_dist_frac(&d, -1));
  assert_null(gn_dist_frac(&d, d.n));
  gn_dist_free(&d);
  assert_null(gn_dist_frac(&d, 0));   /* freed: empty */
  gn_odds_opts mc = { 0, 1000, 5, 1, 0 };
  check(g, "fire", 6, two, &mc, &d);
  assert_int_equal(d.exact, 0);
  assert_null(gn_dist_frac(&d, 0));
  gn_dist_free(&d);
  gn_game_free(g);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(fractions_on_demand),
    cmocka_unit_test(vb_fire_against_walk),
    cmocka_unit_test(vb_melee_against_walk),
    cmocka_unit_test(ba_supplies_against_walk),
    cmocka_unit_test(beyond_the_walk),
    cmocka_unit_test(chains_merged_as_walked),
    cmocka_unit_test(orders_merged_as_walked),
    cmocka_unit_test(fractions_lowest_and_nearest),
    cmocka_unit_test(big_charge_against_samples),
    cmocka_unit_test(estimate_before_walking),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
