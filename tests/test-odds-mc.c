/*
** test-odds-mc.c: for every standalone check of every ruleset, the exact
** distribution agrees with 10^6 seeded Monte Carlo runs of the same code
** within the 99.9% interval (issue 6), and the exact probabilities sum to 1.
** Under the sanitizers (GN_BUILD ending in "san") it runs 10^5 runs instead,
** for time; the interval widens accordingly.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "grognard.h"

#include "odds-examples.h"

static int argc_of(const example *e) {
  int n = 0;
  while (n < 16 && e->args[n]) n++;
  return n;
}

static double p_of(const gn_dist *d, int64_t v) {
  for (int i = 0; i < d->n; i++)
    if (d->o[i].value == v) return d->o[i].p;
  return 0;
}

static void exact_agrees_with_sampling(void **state) {
  (void)state;
  const char *b = getenv("GN_BUILD");
  uint64_t runs = (b && strlen(b) >= 3 && !strcmp(b + strlen(b) - 3, "san")) ? 100000 : 1000000;
  for (int x = 0; x < NEX; x++) {
    const example *e = &EXAMPLES[x];
    gn_game *g = gn_game_new(NULL);
    if (gn_game_use_ruleset(g, e->ruleset)) fail_msg("%s: %s", e->ruleset, gn_errmsg(g));
    gn_dist ex, mc;
    gn_odds_opts eo = { 0, 0, 0, 0, 0 }, mo = { 0, runs, 2026, 1, 0 };
    if (gn_check_odds(g, e->check, argc_of(e), e->args, &eo, &ex, NULL))
      fail_msg("%s %s: %s", e->ruleset, e->check, gn_errmsg(g));
    if (!ex.exact) fail_msg("%s %s: not enumerated exactly", e->ruleset, e->check);
    double sum = 0;
    for (int i = 0; i < ex.n; i++) sum += ex.o[i].p;
    if (fabs(sum - 1) > 1e-9) fail_msg("%s %s: probabilities sum to %.12f", e->ruleset, e->check, sum);
    if (gn_check_odds(g, e->check, argc_of(e), e->args, &mo, &mc, NULL))
      fail_msg("%s %s (Monte Carlo): %s", e->ruleset, e->check, gn_errmsg(g));
    assert_int_equal(mc.exact, 0);
    /* 99.9% two-sided: |p^ - p| <= 3.2905 sqrt(p (1 - p) / n), for every outcome
    ** either distribution has; an outcome the sampler shows must be possible */
    for (int i = 0; i < mc.n; i++) {
      double p = p_of(&ex, mc.o[i].value);
      if (p == 0) fail_msg("%s %s: sampled outcome %lld is impossible", e->ruleset, e->check,
                           (long long)mc.o[i].value);
    }
    for (int i = 0; i < ex.n; i++) {
      double p = ex.o[i].p, q = p_of(&mc, ex.o[i].value);
      double tol = 3.2905 * sqrt(p * (1 - p) / (double)runs) + 1e-12;
      if (fabs(q - p) > tol)
        fail_msg("%s %s: outcome %lld exact %.6f, sampled %.6f (tolerance %.6f)", e->ruleset,
                 e->check, (long long)ex.o[i].value, p, q, tol);
    }
    gn_dist_free(&ex);
    gn_dist_free(&mc);
    gn_game_free(g);
  }
}

/* The 95% Wilson interval (gn_wilson): the values of the score formula for a
** few rates, the rate of 94 of 200 as simulate prints it (40.20% - 53.91%), an
** interval that touches 1 at k = n, the mirror image for n - k, and [0, 1]
** when there are no trials. */
static void wilson_interval(void **state) {
  (void)state;
  const struct { uint64_t k, n; double lo, hi; } W[] = {
    {487, 1000, 0.45612976445064124, 0.5179697312699831},
    {94, 200, 0.40204754873265425, 0.5390831708499817},
    {1, 2, 0.09453120573423074, 0.9054687942657693},
    {1000, 1000, 0.996173241514445, 1},
  };
  double lo, hi, lo2, hi2;
  for (size_t i = 0; i < sizeof W / sizeof *W; i++) {
    gn_wilson(W[i].k, W[i].n, &lo, &hi);
    assert_float_equal(lo, W[i].lo, 1e-15);
    assert_float_equal(hi, W[i].hi, 1e-15);
    gn_wilson(W[i].n - W[i].k, W[i].n, &lo2, &hi2);
    assert_float_equal(lo2, 1 - hi, 1e-12);
    assert_float_equal(hi2, 1 - lo, 1e-12);
  }
  gn_wilson(1000, 1000, &lo, &hi);
  assert_true(hi == 1.0);
  gn_wilson(0, 0, &lo, &hi);
  assert_true(lo == 0.0 && hi == 1.0);
}

/* Every check of every ruleset has at least one example above. */
static void every_check_is_exercised(void **state) {
  (void)state;
  for (int r = 0; r < gn_ruleset_count(); r++) {
    const char *id = gn_ruleset_id(r);
    for (int i = 0; i < gn_check_count(id); i++) {
      const char *name;
      assert_int_equal(gn_check_info(id, i, &name, NULL, NULL, NULL), 0);
      int found = 0;
      for (int x = 0; x < NEX; x++)
        found |= !strcmp(EXAMPLES[x].ruleset, id) && !strcmp(EXAMPLES[x].check, name);
      if (!found) fail_msg("check %s %s has no example in test-odds-mc.c", id, name);
    }
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(wilson_interval),
    cmocka_unit_test(every_check_is_exercised),
    cmocka_unit_test(exact_agrees_with_sampling),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
