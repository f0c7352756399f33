/*
** test-dice.c: dice expressions, the generator, the four dice sources and
** the exact enumeration behind the odds calculator (design decision 3).
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "grognard.h"

static gn_game *ruleset_game(void) {
  gn_game *g = gn_game_new(NULL);
  assert_non_null(g);
  int rc = gn_game_use_ruleset(g, "vb");
  if (rc) fail_msg("gn_game_use_ruleset: %s", gn_errmsg(g));
  return g;
}

/* ------------------------------------------------------------ expressions */

static void parse_ok(void **state) {
  (void)state;
  gn_dice d;
  char buf[64];
  assert_int_equal(gn_dice_parse("3d6", &d, NULL, 0), 0);
  assert_int_equal(d.nterms, 1);
  assert_int_equal(d.term[0].count, 3);
  assert_int_equal(d.term[0].sides, 6);
  assert_int_equal(gn_dice_min(&d), 3);
  assert_int_equal(gn_dice_max(&d), 18);
  assert_int_equal(gn_dice_parse(" d10 + d4 ", &d, NULL, 0), 0);
  assert_int_equal(d.ndice, 2);
  gn_dice_format(&d, buf, sizeof buf);
  assert_string_equal(buf, "d10+d4");
  assert_int_equal(gn_dice_max(&d), 14);
  assert_int_equal(gn_dice_parse("2d6-1", &d, NULL, 0), 0);
  assert_int_equal(d.constant, -1);
  assert_int_equal(gn_dice_min(&d), 1);
  gn_dice_format(&d, buf, sizeof buf);
  assert_string_equal(buf, "2d6-1");
  assert_int_equal(gn_dice_parse("d5", &d, NULL, 0), 0);   /* d5 and d7 are real dice */
  assert_int_equal(d.term[0].sides, 5);
  assert_int_equal(gn_dice_parse("3-4d6+d2", &d, NULL, 0), 0);   /* found by make fuzz */
  gn_dice_format(&d, buf, sizeof buf);
  assert_string_equal(buf, "-4d6+d2+3");
  gn_dice e;
  assert_int_equal(gn_dice_parse(buf, &e, NULL, 0), 0);
  assert_int_equal(gn_dice_min(&e), gn_dice_min(&d));
  assert_int_equal(gn_dice_parse("d7-d4+2", &d, NULL, 0), 0);
  assert_int_equal(gn_dice_min(&d), 1 - 4 + 2);
  assert_int_equal(gn_dice_max(&d), 7 - 1 + 2);
}

/* gn_dice_format behaves as snprintf: cut to the buffer, the whole length
** returned, nothing written when the length is 0. */
static void format_cut(void **state) {
  (void)state;
  gn_dice d;
  char small[4], canary[2] = "x";
  assert_int_equal(gn_dice_parse("d10+d4-2", &d, NULL, 0), 0);
  assert_int_equal(gn_dice_format(&d, small, sizeof small), 8);
  assert_string_equal(small, "d10");
  assert_int_equal(gn_dice_format(&d, canary, 0), 8);
  assert_string_equal(canary, "x");
}

static void parse_errors(void **state) {
  (void)state;
  gn_dice d;
  char err[128];
  assert_int_equal(gn_dice_parse("d1", &d, err, sizeof err), GN_ESYNTAX);
  assert_string_equal(err, "column 1: a die has at least 2 faces, not 1");
  assert_int_equal(gn_dice_parse("3x6", &d, err, sizeof err), GN_ESYNTAX);
  assert_string_equal(err, "column 2: unexpected 'x'");
  assert_int_equal(gn_dice_parse("", &d, err, sizeof err), GN_ESYNTAX);
  assert_string_equal(err, "empty dice expression");
  assert_int_equal(gn_dice_parse("2d", &d, err, sizeof err), GN_ESYNTAX);
  assert_string_equal(err, "column 3: expected the number of faces after 'd'");
  assert_int_equal(gn_dice_parse("0d6", &d, err, sizeof err), GN_ESYNTAX);
  assert_int_equal(gn_dice_parse("65d6", &d, err, sizeof err), GN_ESYNTAX);
  assert_string_equal(err, "more than 64 dice");
  assert_int_equal(gn_dice_parse("d6+", &d, err, sizeof err), GN_ESYNTAX);
}

/* --------------------------------------------------------------- the rng */

static void rng_reference(void **state) {
  (void)state;
  /* xoshiro256** from the state {1, 2, 3, 4}: the authors' reference values. */
  gn_rng r = { { 1, 2, 3, 4 } };
  assert_true(gn_rng_next(&r) == 11520u);
  assert_true(gn_rng_next(&r) == 0u);
  assert_true(gn_rng_next(&r) == 1509978240u);
  assert_true(gn_rng_next(&r) == 1215971899390074240ull);
  /* splitmix64 from 0: its first output is 0xe220a8397b1dcdaf. */
  gn_rng_seed(&r, 0);
  assert_true(r.s[0] == 0xe220a8397b1dcdafull);
}

static void rng_stream_pinned(void **state) {
  (void)state;
  /* The stream of seed 42 is part of every saved game: it must never change. */
  gn_rng r;
  gn_rng_seed(&r, 42);
  int d6[12];
  for (int i = 0; i < 12; i++) d6[i] = 1 + (int)gn_rng_below(&r, 6);
  const int expect[12] = { 1, 3, 5, 6, 6, 5, 5, 6, 5, 4, 5, 2 };
  assert_memory_equal(d6, expect, sizeof d6);
}

static void rng_uniform(void **state) {
  (void)state;
  gn_rng r;
  gn_rng_seed(&r, 7);
  int count[7] = { 0 };
  for (int i = 0; i < 600000; i++) count[1 + gn_rng_below(&r, 6)]++;
  double chi = 0;
  for (int f = 1; f <= 6; f++) chi += (count[f] - 100000.0) * (count[f] - 100000.0) / 100000.0;
  assert_true(chi < 20.5);   /* 5 degrees of freedom: p > 0.001 */
  for (uint32_t n = 1; n < 60; n++) assert_true(gn_rng_below(&r, n) < n);
  assert_true(gn_seed_child(1, 0) != gn_seed_child(1, 1));
  assert_true(gn_seed_child(1, 5) == gn_seed_child(1, 5));
}

/* ----------------------------------------------------------- the sources */

static void script_source(void **state) {
  (void)state;
  gn_game *g = ruleset_game();
  int faces[3], total;
  const int s[] = { 1, 1, 4, 9 };
  assert_int_equal(gn_dice_script(g, s, 4), 0);
  assert_int_equal(gn_roll(g, "3d6", "test", "BA-DICE-1", &total, faces), 0);
  assert_int_equal(total, 6);
  assert_int_equal(faces[0], 1);
  assert_int_equal(faces[2], 4);
  assert_int_equal(gn_dice_script_left(g), 1);
  assert_int_equal(gn_roll(g, "d6", "test", "", &total, NULL), GN_EDICE);
  assert_non_null(strstr(gn_errmsg(g), "a d6 cannot show 9"));
  assert_int_equal(gn_roll(g, "d10", "test", "", &total, NULL), 0);
  assert_int_equal(total, 9);
  assert_int_equal(gn_roll(g, "d10", "test", "", &total, NULL), GN_ENODICE);
  /* every roll is logged with its faces and its rule id (after the events of the start) */
  const gn_event *e = NULL;
  for (int i = 0; i < gn_event_count(g) && !e; i++)
    if (!strcmp(gn_event_get(g, i)->kind, "roll")) e = gn_event_get(g, i);
  assert_non_null(e);
  assert_string_equal(e->kind, "roll");
  assert_string_equal(e->ref, "BA-DICE-1");
  assert_int_equal(e->ndice, 3);
  assert_int_equal(e->total, 6);
  gn_game_free(g);
}

typedef struct typed { int calls; char refusal[128]; } typed;

static int table_dice(void *ud, const gn_chance *c, const char *refusal, int *faces) {
  typed *t = ud;
  t->calls++;
  if (refusal) snprintf(t->refusal, sizeof t->refusal, "%s", refusal);
  assert_int_equal(c->kind, GN_CHANCE_DICE);
  faces[0] = t->calls == 1 ? 7 : 3;   /* a player types 7 for a d6 first */
  return 0;
}

static void table_source(void **state) {
  (void)state;
  gn_game *g = ruleset_game();
  typed t = { 0, "" };
  int total;
  assert_int_equal(gn_dice_use_table(g, table_dice, &t), 0);
  assert_int_equal(gn_roll(g, "d6", "morale of 1/II", "VB-B8", &total, NULL), 0);
  assert_int_equal(t.calls, 2);
  assert_string_equal(t.refusal, "a d6 cannot show 7");
  assert_int_equal(total, 3);
  gn_game_free(g);
}

static void rng_source_repeatable(void **state) {
  (void)state;
  int a[20], b[20];
  for (int run = 0; run < 2; run++) {
    gn_game *g = ruleset_game();
    for (int i = 0; i < 20; i++) assert_int_equal(gn_roll(g, "d10+d4", "x", "", run ? &b[i] : &a[i], NULL), 0);
    gn_game_free(g);
  }
  assert_memory_equal(a, b, sizeof a);
}

/* ------------------------------------------------------------ enumeration */

static int two_ones_3d6(gn_game *g, void *ud, int64_t *out) {
  (void)ud;
  int f[3], t, ones = 0;
  int rc = gn_roll(g, "3d6", "supplies", "BA-5.5.3b", &t, f);
  if (rc) return rc;
  for (int i = 0; i < 3; i++) ones += f[i] == 1;
  *out = ones >= 2;
  return 0;
}

static int d10d4(gn_game *g, void *ud, int64_t *out) {
  (void)ud;
  int t;
  int rc = gn_roll(g, "d10+d4", "morale", "IN-M7", &t, NULL);
  *out = t;
  return rc;
}

static void assert_sums_to_one(const gn_dist *d) {
  uint64_t num = 0, den = d->o[0].den;
  for (int i = 0; i < d->n; i++) {
    assert_true(d->o[i].den != 0);
    assert_true(den % d->o[i].den == 0);
    num += d->o[i].num * (den / d->o[i].den);
  }
  assert_true(num == den);
}

static void enumerate_hand_counts(void **state) {
  (void)state;
  gn_game *g = ruleset_game();
  gn_dist d;
  assert_int_equal(gn_odds(g, two_ones_3d6, NULL, NULL, &d), 0);
  assert_int_equal(d.exact, 1);
  assert_int_equal((int)d.leaves, 56);    /* 3d6 as 56 sorted face sets, weighted */
  assert_int_equal(d.n, 2);
  /* P(at least two ones on 3d6) = 16/216 = 2/27 */
  assert_int_equal((int)d.o[1].value, 1);
  assert_int_equal((int)d.o[1].num, 2);
  assert_int_equal((int)d.o[1].den, 27);
  assert_sums_to_one(&d);
  gn_dist_free(&d);
  assert_int_equal(gn_odds(g, d10d4, NULL, NULL, &d), 0);
  assert_int_equal(d.n, 13);               /* totals 2..14 */
  assert_sums_to_one(&d);
  double le11 = gn_dist_at_most(&d, 11);   /* P(d10+d4 <= 11) = 34/40 */
  assert_true(le11 > 0.85 - 1e-12 && le11 < 0.85 + 1e-12);
  assert_true(d.mean > 8.0 - 1e-12 && d.mean < 8.0 + 1e-12);   /* 5.5 + 2.5 */
  gn_dist_free(&d);
  gn_game_free(g);
}

static int count_hits(gn_game *g, void *ud, int64_t *out) {
  int n = *(int *)ud, hits = 0;
  /* the core's aggregate chance point is reached through a ruleset check in
  ** the rulesets' tests; here: n separate d6 at 5+ */
  for (int i = 0; i < n; i++) {
    int t, rc = gn_roll(g, "d6", "hit", "", &t, NULL);
    if (rc) return rc;
    hits += t >= 5;
  }
  *out = hits;
  return 0;
}

static void enumerate_hits_and_bound(void **state) {
  (void)state;
  gn_game *g = ruleset_game();
  gn_dist d;
  int n = 2;
  assert_int_equal(gn_odds(g, count_hits, &n, NULL, &d), 0);
  assert_int_equal(d.n, 3);
  assert_int_equal((int)d.o[0].num, 4);   /* 16/36 */
  assert_int_equal((int)d.o[0].den, 9);
  assert_int_equal((int)d.o[2].num, 1);   /* 4/36 */
  assert_int_equal((int)d.o[2].den, 9);
  gn_dist_free(&d);
  /* 10 dice = 60,466,176 leaves: past a bound of 10,000 the engine samples */
  n = 10;
  gn_odds_opts o = { 10000, 20000, 99, 0, 0 };
  assert_int_equal(gn_odds(g, count_hits, &n, &o, &d), 0);
  assert_int_equal(d.exact, 0);
  assert_int_equal((int)d.runs, 20000);
  double mean = d.mean, p3 = 0, lo = 0, hi = 0;
  for (int i = 0; i < d.n; i++)
    if (d.o[i].value == 3) { p3 = d.o[i].p; lo = d.o[i].lo; hi = d.o[i].hi; }
  assert_true(lo < p3 && p3 < hi);
  assert_true(lo < 0.2601 && 0.2601 < hi);  /* exact P(3 hits) = 0.26012... */
  gn_dist_free(&d);
  assert_int_equal(gn_odds(g, count_hits, &n, &o, &d), 0);   /* same seed, same answer */
  assert_true(d.mean == mean);
  gn_dist_free(&d);
  gn_game_free(g);
}

static int two_ranks(gn_game *g, void *ud, int64_t *out) {
  (void)ud;
  /* two d13: P(both show 1) = 1/169 */
  int a, b, rc;
  if ((rc = gn_roll(g, "d13", "rank", "", &a, NULL))) return rc;
  if ((rc = gn_roll(g, "d13", "rank", "", &b, NULL))) return rc;
  *out = (a == 1) + (b == 1);
  return 0;
}

static void enumerate_restores_game(void **state) {
  (void)state;
  gn_game *g = ruleset_game();
  uint64_t h = gn_game_hash(g);
  int before = gn_event_count(g);
  gn_dist d;
  assert_int_equal(gn_odds(g, two_ranks, NULL, NULL, &d), 0);
  assert_int_equal((int)d.o[2].num, 1);
  assert_int_equal((int)d.o[2].den, 169);
  gn_dist_free(&d);
  assert_true(gn_game_hash(g) == h);                  /* the state is untouched */
  assert_int_equal(gn_event_count(g), before + 2);    /* one representative run */
  assert_int_equal(gn_dice_mode_get(g), GN_DICE_RNG);
  gn_game_free(g);
}

/* An aggregate count whose weights pass 64 bits (30 d6 at 5+: 6^30) is one
** node of exact fractions all the same: V&B fire of 30 dice, hits on 5-6
** (ref. VB-B6). */
static void enumerate_big_count(void **state) {
  (void)state;
  gn_game *g = ruleset_game();
  const char *args[] = { "--dice", "30", "--range", "close", "--weapon", "musket" };
  gn_dist d;
  assert_int_equal(gn_check_odds(g, "fire", 6, args, NULL, &d, NULL), 0);
  assert_int_equal(d.exact, 1);
  assert_int_equal(d.n, 31);
  assert_int_equal((int)d.leaves, 31);
  double sum = 0, p0 = 1;
  for (int i = 0; i < d.n; i++) { sum += d.o[i].p; assert_non_null(gn_dist_frac(&d, i)); }
  assert_string_equal(gn_dist_frac(&d, 0), "1073741824/205891132094649");       /* (2/3)^30 */
  assert_string_equal(gn_dist_frac(&d, 30), "1/205891132094649");               /* (1/3)^30 */
  assert_string_equal(gn_dist_frac(&d, 15), "564765655040/22876792454961");     /* C(30,15) 2^15 / 3^30 */
  for (int i = 0; i < 30; i++) p0 *= 2.0 / 3.0;
  assert_true(sum > 1 - 1e-12 && sum < 1 + 1e-12);
  assert_true(d.mean > 10 - 1e-9 && d.mean < 10 + 1e-9);        /* 30 x 1/3 */
  assert_int_equal((int)d.o[0].value, 0);
  assert_true(d.o[0].p > p0 * (1 - 1e-12) && d.o[0].p < p0 * (1 + 1e-12));
  gn_dist_free(&d);
  gn_game_free(g);
}

/* Rolls the expression in ud, reading only its total. */
static int total_of(gn_game *g, void *ud, int64_t *out) {
  int t, rc = gn_roll(g, (const char *)ud, "total", "", &t, NULL);
  *out = t;
  return rc;
}

/* A roll whose faces nobody reads is enumerated by its totals when its face
** sets would be too many: 20d6 is 101 totals, not 6^20 paths; 12d6-3d4+2
** mixes terms and signs. Exact fractions while 6^20 fits in 64 bits. */
static void enumerate_totals(void **state) {
  (void)state;
  gn_game *g = ruleset_game();
  gn_dist d;
  assert_int_equal(gn_odds(g, total_of, "20d6", NULL, &d), 0);
  assert_int_equal(d.exact, 1);
  assert_int_equal((int)d.leaves, 101);
  assert_int_equal((int)d.o[0].value, 20);
  assert_true(d.o[0].num == 1 && d.o[0].den == 3656158440062976ull);   /* 6^20 */
  assert_true(d.mean > 70 - 1e-9 && d.mean < 70 + 1e-9);
  assert_sums_to_one(&d);
  gn_dist_free(&d);
  assert_int_equal(gn_odds(g, total_of, "12d6-3d4+2", NULL, &d), 0);
  assert_int_equal(d.exact, 1);
  assert_int_equal((int)d.o[0].value, 12 - 12 + 2);
  assert_int_equal((int)d.o[d.n - 1].value, 72 - 3 + 2);
  assert_true(d.mean > 36.5 - 1e-9 && d.mean < 36.5 + 1e-9);            /* 42 - 7.5 + 2 */
  assert_sums_to_one(&d);
  gn_dist_free(&d);
  /* past 64 bits (30d10): GMP counts, every total with its fraction */
  assert_int_equal(gn_odds(g, total_of, "30d10", NULL, &d), 0);
  assert_int_equal(d.exact, 1);
  assert_int_equal((int)d.leaves, 271);
  assert_string_equal(gn_dist_frac(&d, 0), "1/1000000000000000000000000000000");
  assert_true(d.o[0].den == 0 && d.o[0].rounded);
  assert_string_equal(gn_dist_frac(&d, 1), "3/100000000000000000000000000000");    /* 30 ways */
  assert_true(d.mean > 165 - 1e-6 && d.mean < 165 + 1e-6);
  assert_true(d.stdev > 15.732 && d.stdev < 15.733);                     /* sqrt(30 x 8.25) */
  gn_dist_free(&d);
  /* terms each small, their product of face sets not (8 x 210 x 715) */
  assert_int_equal(gn_odds(g, total_of, "7d2+4d7+9d5+1", NULL, &d), 0);
  assert_int_equal(d.exact, 1);
  assert_int_equal((int)d.leaves, 68);                                   /* totals 21..88 */
  assert_true(d.mean > 54.5 - 1e-9 && d.mean < 54.5 + 1e-9);
  assert_sums_to_one(&d);
  gn_dist_free(&d);
  /* a small roll keeps its face sets: d10+d4 is 40 paths (14 totals) */
  assert_int_equal(gn_odds(g, total_of, "d10+d4", NULL, &d), 0);
  assert_int_equal((int)d.leaves, 40);
  gn_dist_free(&d);
  gn_game_free(g);
}

/* A count of n dice of m faces at target, read as its hits. */
typedef struct countq { int n, m, target; } countq;

static int count_of(gn_game *g, void *ud, int64_t *out) {
  const countq *q = ud;
  int h, rc = gn_roll_count(g, q->n, q->m, q->target, "count", "", &h);
  *out = h;
  return rc;
}

/* Counts of d4, d8 and d10 at targets every die makes (1 and below) or none
** makes (past the faces): one outcome, certain, at every size, including the
** sizes whose weights (m^n) pass 64 and 128 bits. */
static void count_sure_and_impossible(void **state) {
  (void)state;
  gn_game *g = ruleset_game();
  static const int sides[] = { 4, 8, 10 }, sizes[] = { 1, 21, 22, 40, 43, 64, 65, 200 };
  static const int targets[] = { -3, 0, 1, 11, 9, 100 };
  for (int s = 0; s < 3; s++)
    for (int z = 0; z < 8; z++)
      for (int t = 0; t < 6; t++) {
        countq q = { sizes[z], sides[s], targets[t] };
        int sure = q.target <= 1, none = q.target > q.m;
        if (!sure && !none) continue;
        gn_dist d;
        assert_int_equal(gn_odds(g, count_of, &q, NULL, &d), 0);
        assert_int_equal(d.exact, 1);
        assert_int_equal(d.n, 1);
        assert_int_equal((int)d.o[0].value, sure ? q.n : 0);
        assert_string_equal(gn_dist_frac(&d, 0), "1/1");
        assert_true(d.o[0].p == 1 && d.o[0].num == 1 && d.o[0].den == 1 && !d.o[0].rounded);
        gn_dist_free(&d);
      }
  /* and between: 40 d8 at 5+ (even odds: C(40,20) / 2^40 for 20), 64 d10 at
  ** 8+ (weights 3^k 7^(64-k) over 10^64), 200 d4 at 3+ */
  countq a = { 40, 8, 5 }, b = { 64, 10, 8 }, c = { 200, 4, 3 };
  gn_dist d;
  assert_int_equal(gn_odds(g, count_of, &a, NULL, &d), 0);
  assert_int_equal(d.n, 41);
  assert_string_equal(gn_dist_frac(&d, 20), "34461632205/274877906944");
  assert_true(d.o[20].num == 34461632205ull && d.o[20].den == 274877906944ull);
  gn_dist_free(&d);
  assert_int_equal(gn_odds(g, count_of, &b, NULL, &d), 0);
  assert_int_equal(d.n, 65);
  assert_string_equal(gn_dist_frac(&d, 10), "1206959152770341281632950415317194290233552090619074183807763/"
                                    "312500000000000000000000000000000000000000000000000000000000000");
  assert_true(d.o[10].den == 0);
  gn_dist_free(&d);
  assert_int_equal(gn_odds(g, count_of, &c, NULL, &d), 0);
  assert_int_equal(d.n, 201);
  assert_string_equal(gn_dist_frac(&d, 100), "11318564332012910145675522134685520484313073709426667105165/"
                                     "200867255532373784442745261542645325315275374222849104412672");
  gn_dist_free(&d);
  /* at the table: 70 dice are two chance points (64 and 6), counted alike */
  int faces[70], h;
  for (int i = 0; i < 70; i++) faces[i] = 1 + i % 8;
  assert_int_equal(gn_dice_script(g, faces, 70), 0);
  assert_int_equal(gn_roll_count(g, 70, 8, 5, "count", "", &h), 0);
  assert_int_equal(h, 34);   /* 5..8 of each 1..8: 8 x 4, then 65..70 show 1..6: 2 */
  assert_int_equal(gn_dice_script_left(g), 0);
  gn_game_free(g);
}

/* A count of hits given as a count (GN_DICE_HITS), as players type "2 hits":
** taken as it is, logged without faces and kept on the tape as one value;
** a count the dice cannot show is refused; faces still answer as before. */
static int two_hits(void *ud, const gn_chance *c, const char *refusal, int *faces) {
  typed *t = ud;
  t->calls++;
  if (refusal) snprintf(t->refusal, sizeof t->refusal, "%s", refusal);
  assert_int_equal(c->kind, GN_CHANCE_COUNT);
  faces[0] = GN_DICE_HITS(t->calls == 1 ? 4 : 2);   /* 4 hits of 3 dice first */
  return 0;
}

static void count_typed_as_count(void **state) {
  (void)state;
  gn_game *g = ruleset_game();
  int h;
  const int s[] = { GN_DICE_HITS(1), 6, 1, 5 };
  assert_int_equal(gn_dice_script(g, s, 4), 0);
  assert_int_equal(gn_roll_count(g, 3, 6, 5, "fire", "VB-B6", &h), 0);
  assert_int_equal(h, 1);
  const gn_event *e = gn_event_get(g, gn_event_count(g) - 1);
  assert_int_equal(e->ndice, 0);
  assert_int_equal(e->total, 1);
  assert_string_equal(e->spec, "count");
  assert_non_null(strstr(e->text, "1 hit (the count typed at the table)"));
  assert_int_equal(gn_roll_count(g, 3, 6, 5, "fire", "VB-B6", &h), 0);   /* faces, as before */
  assert_int_equal(h, 2);
  assert_int_equal(gn_event_get(g, gn_event_count(g) - 1)->ndice, 3);
  const int bad[] = { GN_DICE_HITS(4) };
  assert_int_equal(gn_dice_script(g, bad, 1), 0);
  assert_int_equal(gn_roll_count(g, 3, 6, 5, "fire", "VB-B6", &h), GN_EDICE);
  assert_non_null(strstr(gn_errmsg(g), "4 hits of 3 dice showing 5 or more cannot be"));
  const int sure[] = { GN_DICE_HITS(2) };   /* every die hits at 1+: two of three cannot be */
  assert_int_equal(gn_dice_script(g, sure, 1), 0);
  assert_int_equal(gn_roll_count(g, 3, 6, 1, "fire", "VB-B6", &h), GN_EDICE);
  typed t = { 0, "" };
  assert_int_equal(gn_dice_use_table(g, two_hits, &t), 0);
  assert_int_equal(gn_roll_count(g, 3, 6, 5, "fire", "VB-B6", &h), 0);
  assert_int_equal(h, 2);
  assert_int_equal(t.calls, 2);
  assert_string_equal(t.refusal, "4 hits of 3 dice showing 5 or more cannot be");
  gn_game_free(g);
}

/* An order given a count keeps it on its tape as typed: one result drawn,
** all of the script used (tests/cli/test-play.sh replays such a store). */
static void count_on_the_tape(void **state) {
  (void)state;
  gn_game *g = gn_game_new(NULL);
  assert_non_null(g);
  if (gn_game_load_file(g, "scenarios/vb-teach-fire.yaml")) fail_msg("%s", gn_errmsg(g));
  assert_int_equal(gn_game_start(g, 1), 0);
  for (int i = 0; i < 4; i++) assert_int_equal(gn_order_apply(g, "end"), 0);   /* to combat; P1's morale rolled */
  const int hits[] = { GN_DICE_HITS(0) };   /* no hit: no save follows */
  assert_int_equal(gn_dice_script(g, hits, 1), 0);
  assert_int_equal(gn_order_apply(g, "fire FA at P1"), 0);
  int o = gn_game_order_count(g) - 1;
  assert_int_equal(gn_game_order_chances(g, o), 1);
  assert_int_equal(gn_dice_script_left(g), 0);
  gn_game_free(g);
}

static void strerror_list(void **state) {
  (void)state;
  assert_string_equal(gn_strerror(GN_OK), "success");
  assert_string_equal(gn_strerror(GN_ENOMEM), "out of memory");
  assert_string_equal(gn_strerror(GN_EREFUSED), "order refused by the rules");
  assert_string_equal(gn_strerror(12345), "unknown error");
  assert_string_equal(gn_version(), GN_VERSION);
}

/* gn_dice_format as snprintf wrote it: a term's sign, its count unless 1,
** "d" and its faces; the constant, "+" before it after terms. */
static int format_by_snprintf(const gn_dice *d, char *buf, size_t len) {
  size_t n = 0;
  if (len) buf[0] = 0;
  for (int i = 0; i < d->nterms; i++) {
    const char *op = d->term[i].sign < 0 ? "-" : i ? "+" : "";
    char cnt[16] = "";
    if (d->term[i].count != 1) snprintf(cnt, sizeof cnt, "%d", d->term[i].count);
    int w = snprintf(n < len ? buf + n : NULL, n < len ? len - n : 0, "%s%sd%d", op, cnt, d->term[i].sides);
    n += (size_t)w;
  }
  if (d->constant || d->nterms == 0) {
    int w = snprintf(n < len ? buf + n : NULL, n < len ? len - n : 0, d->nterms && d->constant > 0 ? "+%d" : "%d",
                     d->constant);
    n += (size_t)w;
  }
  return (int)n;
}

/* The same bytes and length as snprintf on random expressions: any counts,
** faces and constants (INT_MIN, INT_MAX, negative), buffers cut anywhere. */
static void format_as_snprintf(void **state) {
  (void)state;
  uint64_t r = 7;
  for (int t = 0; t < 200000; t++) {
    int v[2 * GN_DICE_MAXTERMS + 4];
    for (size_t k = 0; k < sizeof v / sizeof *v; k++) {
      r = r * 6364136223846793005u + 1442695040888963407u;
      uint32_t x = (uint32_t)(r >> 32);
      switch (x % 6) {
      case 0: v[k] = INT_MIN; break;
      case 1: v[k] = INT_MAX; break;
      case 2: v[k] = (int)x; break;
      case 3: v[k] = -(int)(x % 100); break;
      default: v[k] = (int)(x % 100);
      }
    }
    gn_dice d;
    memset(&d, 0, sizeof d);
    d.nterms = (int)((unsigned)v[0] % (GN_DICE_MAXTERMS + 1));
    for (int i = 0; i < d.nterms; i++) {
      d.term[i].count = v[1 + 2 * i];
      d.term[i].sides = v[2 + 2 * i];
      d.term[i].sign = v[3 + 2 * i] & 1 ? -1 : 1;
    }
    d.constant = v[2 * GN_DICE_MAXTERMS + 1];
    size_t len = (unsigned)v[2 * GN_DICE_MAXTERMS + 2] % 3 ? 200 : (unsigned)v[2 * GN_DICE_MAXTERMS + 3] % 40;
    char a[256], b[256];
    memset(a, '#', sizeof a);
    memset(b, '#', sizeof b);
    assert_int_equal(gn_dice_format(&d, a, len), format_by_snprintf(&d, b, len));
    assert_memory_equal(a, b, sizeof a);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(format_as_snprintf),
    cmocka_unit_test(parse_ok),
    cmocka_unit_test(parse_errors),
    cmocka_unit_test(format_cut),
    cmocka_unit_test(rng_reference),
    cmocka_unit_test(rng_stream_pinned),
    cmocka_unit_test(rng_uniform),
    cmocka_unit_test(script_source),
    cmocka_unit_test(table_source),
    cmocka_unit_test(rng_source_repeatable),
    cmocka_unit_test(enumerate_hand_counts),
    cmocka_unit_test(enumerate_hits_and_bound),
    cmocka_unit_test(enumerate_restores_game),
    cmocka_unit_test(enumerate_big_count),
    cmocka_unit_test(enumerate_totals),
    cmocka_unit_test(count_sure_and_impossible),
    cmocka_unit_test(count_typed_as_count),
    cmocka_unit_test(count_on_the_tape),
    cmocka_unit_test(strerror_list),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
