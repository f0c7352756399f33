/*
** test-odds.c: odds of orders in a live game (gn_order_odds), the bound on
** the outcome tree with its seeded Monte Carlo fallback, and the rules index
** the library carries (gn_rule_count / gn_rule_get).
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "grognard.h"

/* The V&B fire lesson, played to the French combat phase: F2 has closed to
** musket range of P1, and the field battalion FA stands within close range. */
static gn_game *fire_lesson(void) {
  gn_game *g = gn_game_new(NULL);
  assert_non_null(g);
  if (gn_game_load_file(g, "scenarios/vb-teach-fire.yaml") || gn_game_start(g, 1))
    fail_msg("%s", gn_errmsg(g));
  const char *orders[] = { "end", "move F2 to 26,18", "end", "end", "end" };
  for (int i = 0; i < 5; i++)
    if (gn_order_apply(g, orders[i])) fail_msg("%s: %s", orders[i], gn_errmsg(g));
  return g;
}

static int64_t find(const gn_game *g, const gn_dist *d, const char *label) {
  for (int i = 0; i < d->n; i++)
    if (strcmp(gn_order_odds_label(g, d->o[i].value), label) == 0) return i;
  fail_msg("no outcome '%s'", label);
  return -1;
}

static void two_fires_exactly(void **state) {
  (void)state;
  gn_game *g = fire_lesson();
  uint64_t h = gn_game_hash(g);
  int nev = gn_event_count(g), nord = gn_game_order_count(g);
  gn_dist d;
  /* 2 musket dice hitting on 5-6 and 2 field-gun dice hitting on 4-6 at
  ** close range: no hit at all = (2/3)^2 (1/2)^2 = 1/9 */
  assert_int_equal(gn_order_odds(g, "fire F2 at P1; fire FA at P1", NULL, &d), 0);
  assert_int_equal(d.exact, 1);
  int k = (int)find(g, &d, "no change");
  assert_int_equal((int)d.o[k].num, 1);
  assert_int_equal((int)d.o[k].den, 9);
  double sum = 0;
  for (int i = 0; i < d.n; i++) sum += d.o[i].p;
  assert_true(sum > 1 - 1e-12 && sum < 1 + 1e-12);
  gn_dist_free(&d);
  /* nothing of the question stays in the game */
  assert_true(gn_game_hash(g) == h);
  assert_int_equal(gn_event_count(g), nev);
  assert_int_equal(gn_game_order_count(g), nord);
  /* not even the index of the order in flight: a roll now belongs to the last order */
  int t;
  assert_int_equal(gn_roll(g, "d6", "after the question", "", &t, NULL), 0);
  assert_int_equal(gn_event_get(g, gn_event_count(g) - 1)->order, nord - 1);
  gn_game_free(g);
}

static void bound_falls_back_to_sampling(void **state) {
  (void)state;
  gn_game *g = fire_lesson();
  /* order by order, equal states merged, each order's tree is within 4 leaves */
  gn_odds_opts m = { 4, 4000, 11, 0, 0 };
  gn_dist d, e;
  assert_int_equal(gn_order_odds(g, "fire F2 at P1; fire FA at P1", &m, &d), 0);
  assert_int_equal(d.exact, 1);
  assert_string_equal(gn_dist_frac(&d, (int)find(g, &d, "no change")), "1/9");
  gn_dist_free(&d);
  /* the whole chain walked path by path: the 9 leaves of its tree are too many */
  gn_odds_opts o = { 4, 4000, 11, 0, 1 };
  assert_int_equal(gn_order_odds(g, "fire F2 at P1; fire FA at P1", &o, &d), 0);
  assert_int_equal(d.exact, 0);
  assert_int_equal((int)d.runs, 4000);
  int k = (int)find(g, &d, "no change");
  assert_true(d.o[k].lo < 1.0 / 9 && 1.0 / 9 < d.o[k].hi);   /* the 95% interval holds the truth */
  assert_true(d.o[k].den == 0 && !gn_dist_frac(&d, k));     /* no exact fraction claimed */
  assert_non_null(strstr(d.why, "bound"));                   /* and why */
  assert_int_equal(gn_order_odds(g, "fire F2 at P1; fire FA at P1", &o, &e), 0);
  assert_true(e.o[k].p == d.o[k].p);                         /* same seed, same answer */
  gn_dist_free(&d);
  gn_dist_free(&e);
  gn_game_free(g);
}

static void refused_question(void **state) {
  (void)state;
  gn_game *g = fire_lesson();
  uint64_t h = gn_game_hash(g);
  gn_dist d;
  assert_int_equal(gn_order_odds(g, "fire F1 at P1", NULL, &d), GN_EREFUSED);   /* out of range */
  assert_non_null(strstr(gn_errmsg(g), "refused"));
  assert_int_equal(gn_order_odds(g, " ; ", NULL, &d), GN_ESYNTAX);
  assert_true(gn_game_hash(g) == h);
  gn_game_free(g);
}

/* An allocator that can fail the n-th allocation, and counts what is live. */
typedef struct failing { long live, calls, fail_at; } failing;

static void *fail_realloc(void *ud, void *p, size_t osize, size_t nsize) {
  failing *c = ud;
  if (nsize == 0) { if (p) c->live -= (long)osize; free(p); return NULL; }
  if (++c->calls == c->fail_at) return NULL;
  void *q = realloc(p, nsize);
  if (q) c->live += (long)nsize - (long)(p ? osize : 0);
  return q;
}

/* Out of memory at any allocation of an odds question leaves the game as it
** was: the same state hash, units, events and orders (the first allocation,
** the save point, once zeroed the whole state). */
static void out_of_memory_leaves_the_game(void **state) {
  (void)state;
  failing c = { 0, 0, -1 };
  gn_allocator a = { fail_realloc, &c };
  gn_game *g = gn_game_new(&a);
  assert_non_null(g);
  if (gn_game_load_file(g, "scenarios/vb-teach-fire.yaml") || gn_game_start(g, 1))
    fail_msg("%s", gn_errmsg(g));
  const char *orders[] = { "end", "move F2 to 26,18", "end", "end", "end" };
  for (int i = 0; i < 5; i++)
    if (gn_order_apply(g, orders[i])) fail_msg("%s: %s", orders[i], gn_errmsg(g));
  uint64_t h = gn_game_hash(g);
  int nu = gn_unit_count(g), nev = gn_event_count(g), nord = gn_game_order_count(g);
  long live = c.live;
  int failures = 0;
  for (long k = 1; k < 400; k++) {
    gn_dist d;
    c.fail_at = c.calls + k;
    int rc = gn_order_odds(g, "fire F2 at P1", NULL, &d);
    c.fail_at = -1;
    assert_true(rc == 0 || rc == GN_ENOMEM);
    assert_true(gn_game_hash(g) == h);
    assert_int_equal(gn_unit_count(g), nu);
    assert_int_equal(gn_event_count(g), nev);
    assert_int_equal(gn_game_order_count(g), nord);
    if (rc == 0) gn_dist_free(&d);
    else failures++;
    if (rc == 0 && c.calls < c.fail_at) break;
  }
  assert_true(failures > 0);
  assert_int_equal(gn_order_apply(g, "fire F2 at P1"), 0);   /* the game still plays */
  assert_true(c.live >= live);
  gn_game_free(g);
  assert_int_equal(c.live, 0);
}

/* A chain asked with the k-th allocation failing, for k over every
** allocation of one answer (about 100 of them, spread): the answer or
** GN_ENOMEM, the game as it was, and nothing left allocated at the end (every
** block given back with the size it was taken with). */
static void chain_out_of_memory(const char *path, const char *const *setup, const char *question) {
  failing c = { 0, 0, -1 };
  gn_allocator a = { fail_realloc, &c };
  gn_game *g = gn_game_new(&a);
  assert_non_null(g);
  if (gn_game_load_file(g, path) || gn_game_start(g, 1)) fail_msg("%s", gn_errmsg(g));
  for (int i = 0; setup[i]; i++)
    if (gn_order_apply(g, setup[i])) fail_msg("%s: %s", setup[i], gn_errmsg(g));
  uint64_t h = gn_game_hash(g);
  gn_dist d;
  long c0 = c.calls;
  if (gn_order_odds(g, question, NULL, &d)) fail_msg("%s: %s", question, gn_errmsg(g));
  int n0 = d.n;
  gn_dist_free(&d);
  long n = c.calls - c0, failures = 0;
  for (long k = 1; k <= n; k += k < 20 ? 1 : n / 100 + 1) {
    c.fail_at = c.calls + k;
    int rc = gn_order_odds(g, question, NULL, &d);
    c.fail_at = -1;
    if (rc != 0 && rc != GN_ENOMEM) fail_msg("%s, allocation %ld failing: %d %s", question, k, rc, gn_errmsg(g));
    assert_true(gn_game_hash(g) == h);
    if (rc == 0) { assert_int_equal(d.n, n0); gn_dist_free(&d); }
    else failures++;
  }
  print_message("%s: %ld allocations, %ld failing ones tried\n", question, n, failures);
  assert_true(failures > 0);
  gn_game_free(g);
  assert_int_equal(c.live, 0);
}

/* Chains through every kind of room the odds engine takes: the states kept at
** order boundaries and inside an Inradic melee (pools), the last order's
** labels (kept past 64 leaves in the Belle Alliance bounds), the outcomes'
** fractions. */
static void out_of_memory_in_chains(void **state) {
  (void)state;
  const char *none[] = { NULL }, *ret[] = { "end", "end", "end", "end", NULL }, *ba[] = { "fire 4L at PR", "end", NULL };
  chain_out_of_memory("scenarios/inradic-teach-pursuit.yaml", none, "charge ZE at RB; end");
  chain_out_of_memory("scenarios/vb-teach-retreat.yaml", ret, "charge F1 at P1; charge F2 at P3");
  chain_out_of_memory("scenarios/ba-teach-supplies.yaml", ba, "attack 4L PR; end; end");
}

static void rules_index_in_the_library(void **state) {
  (void)state;
  int n = gn_rule_count(), vb = 0, seen37 = 0;
  assert_true(n > 200);
  for (int i = 0; i < n; i++) {
    gn_rule_info r;
    assert_int_equal(gn_rule_get(i, &r), 0);
    assert_true(!strcmp(r.provenance, "seed") || !strcmp(r.provenance, "published") ||
                !strcmp(r.provenance, "default"));
    vb += !strcmp(r.ruleset, "vb");
    if (!strcmp(r.id, "VB-37")) {
      seen37 = 1;
      assert_int_equal(r.implemented, 1);   /* melee ties: implemented and pinned */
      assert_int_equal(r.tested, 1);
    }
  }
  assert_true(vb >= 72);
  assert_int_equal(seen37, 1);
  gn_rule_info r;
  assert_int_equal(gn_rule_get(n, &r), GN_ENOTFOUND);
}

/* Every ruleset's checks read their option values one way: a value out of
** range, not a number or not one of the names is refused with GN_ESYNTAX,
** naming the option, what it wants and what it got. */
static void check_options_one_idiom(void **state) {
  (void)state;
  static const struct { const char *rs, *check; const char *argv[4]; int argc; const char *want; } bad[] = {
    {"vb", "fire", {"--dice", "x", "--range", "close"}, 4, "--dice: expected a whole number 0..640, got 'x'"},
    {"ba", "fire", {"--figures", "0"}, 2, "--figures: expected a whole number 1..10000, got '0'"},
    {"ba", "fire", {"--figures"}, 1, "--figures: expected a whole number 1..10000, got ''"},
    {"inradic", "morale", {"--start", "5", "--quality", "brave"}, 4, "--quality: unknown value 'brave'"},
    {"inradic", "throw", {"--figures", "3", "--width", "99"}, 4,
     "--width: expected a distance in inches, 0.5..60, got '99'"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    gn_game *g = gn_game_new(NULL);
    gn_dist d;
    assert_int_equal(gn_game_use_ruleset(g, bad[i].rs), 0);
    memset(&d, 0, sizeof d);
    int rc = gn_check_odds(g, bad[i].check, bad[i].argc, bad[i].argv, NULL, &d, NULL);
    if (rc != GN_ESYNTAX || !strstr(gn_errmsg(g), bad[i].want))
      fail_msg("%s %s: status %d, '%s'; want '%s'", bad[i].rs, bad[i].check, rc, gn_errmsg(g), bad[i].want);
    gn_game_free(g);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(two_fires_exactly),
    cmocka_unit_test(bound_falls_back_to_sampling),
    cmocka_unit_test(refused_question),
    cmocka_unit_test(out_of_memory_leaves_the_game),
    cmocka_unit_test(out_of_memory_in_chains),
    cmocka_unit_test(rules_index_in_the_library),
    cmocka_unit_test(check_options_one_idiom),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
