/*
** test-inradic-odds.c: the standalone checks of `grognard odds inradic`, with
** exact fractions: the enumerate source walks every die face, and every
** class of card (a draw of k cards is one aggregate chance point over the
** classes its rule asks for, weighted by the hypergeometric law, cards.c).
*/
#include "inradic-helpers.h"

#include <math.h>
#include <stdlib.h>

/* Runs a check and returns its distribution (exact unless said otherwise). */
static gn_dist run(gn_game **gp, const char *check, int argc, const char *const *argv) {
  gn_game *g = gn_game_new(NULL);
  assert_int_equal(gn_game_use_ruleset(g, "inradic"), 0);
  gn_dist d;
  memset(&d, 0, sizeof d);
  int pf = -1;
  int rc = gn_check_odds(g, check, argc, argv, NULL, &d, &pf);
  if (rc) fail_msg("%s: %s", check, gn_errmsg(g));
  *gp = g;
  return d;
}

/* Asserts that outcome v has the exact probability num/den. */
static void exact(const gn_dist *d, int64_t v, uint64_t num, uint64_t den) {
  assert_int_equal(d->exact, 1);
  for (int i = 0; i < d->n; i++)
    if (d->o[i].value == v) {
      if (d->o[i].num * den != num * d->o[i].den)
        fail_msg("outcome %lld: %llu/%llu, expected %llu/%llu", (long long)v,
                 (unsigned long long)d->o[i].num, (unsigned long long)d->o[i].den,
                 (unsigned long long)num, (unsigned long long)den);
      return;
    }
  if (num != 0) fail_msg("outcome %lld missing", (long long)v);
}

/* ref. IN-M7, IN-M8, IN-B10: 14 figures throw d10+d4; with 11 left a trained
** unit passes on 34 of the 40 throws. The test reads the dice only as pass or
** fail: under the odds engine they are one chance point of two branches. */
static void morale_fourteen(void **state) {
  (void)state;
  gn_game *g;
  const char *argv[] = { "--start", "14", "--remaining", "11", "--quality", "trained" };
  gn_dist d = run(&g, "morale", 6, argv);
  exact(&d, 1, 34, 40);
  exact(&d, 0, 6, 40);
  assert_int_equal(d.leaves, 2);
  assert_string_equal(gn_check_label(g, "morale", 1), "passes");
  gn_dist_free(&d);
  gn_game_free(g);
}

/* ref. IN-M7, IN-B10, IN-B11, IN-M8: for every starting size N from 1 to 40
** the dice top out at exactly N (so a whole trained unit always passes), and
** one figure down it fails only when every die shows its highest face: 1 in
** 10^(N/10) x (N mod 10, or 1). A d14 or 2d7 for 14 would give 1/14 or 1/49,
** not the seed's d10 + d4 (1/40). */
static void morale_every_size(void **state) {
  (void)state;
  for (int n = 1; n <= 40; n++) {
    char sn[8], sr[8];
    snprintf(sn, sizeof sn, "%d", n);
    snprintf(sr, sizeof sr, "%d", n - 1);
    gn_game *g;
    const char *a1[] = { "--start", sn, "--remaining", sn };
    gn_dist d = run(&g, "morale", 4, a1);
    exact(&d, 1, 1, 1);
    gn_dist_free(&d);
    gn_game_free(g);
    uint64_t faces = 1;
    for (int t = 0; t < n / 10; t++) faces *= 10;
    if (n % 10) faces *= (uint64_t)(n % 10);
    const char *a2[] = { "--start", sn, "--remaining", sr };
    d = run(&g, "morale", 4, a2);
    exact(&d, 0, 1, faces);
    exact(&d, 1, faces - 1, faces);
    gn_dist_free(&d);
    gn_game_free(g);
  }
}

/* ref. IN-M9: peasants +2: 5 figures, all left, pass on d5 <= 3. */
static void morale_peasants(void **state) {
  (void)state;
  gn_game *g;
  const char *argv[] = { "--start", "5", "--remaining", "5", "--quality", "peasants" };
  gn_dist d = run(&g, "morale", 6, argv);
  exact(&d, 1, 3, 5);
  gn_dist_free(&d);
  gn_game_free(g);
}

/* ref. IN-M10: per die: 14 figures attacked in the rear (+4) pass on
** d10+d4 <= 7: 18 of 40; a veteran behind hard cover (-2, -6) always passes 5 left. */
static void morale_situation(void **state) {
  (void)state;
  gn_game *g;
  const char *a1[] = { "--start", "14", "--remaining", "11", "--rear" };
  gn_dist d = run(&g, "morale", 5, a1);
  exact(&d, 1, 18, 40);
  gn_dist_free(&d);
  gn_game_free(g);
  const char *a2[] = { "--start", "14", "--remaining", "5", "--quality", "veteran", "--hard-cover", "--uphill" };
  d = run(&g, "morale", 8, a2);
  exact(&d, 1, 40, 40);
  gn_dist_free(&d);
  gn_game_free(g);
}

/* ref. IN-M2, IN-M5, IN-M6: what calls for the test. 14 figures with 11
** left (34 in 40 pass) stand without a roll after losing one figure in a
** melee (it takes two, morale.melee_casualties) and test after losing two;
** charged by 10 figures in front they stand (a test takes a charger at least
** their size), by 11 they test, and by 6 in the flank (half their size) too. */
static void morale_called_for(void **state) {
  (void)state;
  static const struct { const char *opt, *n; int flank; uint64_t pass; } cases[] = {
    {"--melee-lost", "1", 0, 40}, {"--melee-lost", "2", 0, 34}, {"--charged-by", "10", 0, 40},
    {"--charged-by", "11", 0, 34}, {"--charged-by", "5", 1, 40},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    gn_game *g;
    const char *argv[] = { "--start", "14", "--remaining", "11", cases[i].opt, cases[i].n, "--flank" };
    gn_dist d = run(&g, "morale", cases[i].flank ? 7 : 6, argv);
    if (cases[i].flank) {
      exact(&d, 1, 40, 40);        /* 5 is under half of 11 */
      gn_dist_free(&d);
      gn_game_free(g);
      argv[5] = "6";
      d = run(&g, "morale", 7, argv);
      assert_true(d.n == 2);        /* 6 of 11 in the flank: a test, its dice as in the flank */
    } else {
      exact(&d, 1, cases[i].pass, 40);
    }
    gn_dist_free(&d);
    gn_game_free(g);
  }
}

/* ref. IN-LDR: the rating whose word counts: 5 figures with 4 left pass on a
** d5 of 4 or less (4 in 5); a poor leader's +1 makes it 3 or less, an
** excellent one's -2 always passes. An unknown rating is refused. */
static void morale_leader(void **state) {
  (void)state;
  static const struct { const char *rating; uint64_t pass; } T[] = {
    { "average", 4 }, { "poor", 3 }, { "good", 5 }, { "excellent", 5 },
  };
  for (size_t i = 0; i < sizeof T / sizeof T[0]; i++) {
    gn_game *g;
    const char *argv[] = { "--start", "5", "--remaining", "4", "--leader", T[i].rating };
    gn_dist d = run(&g, "morale", 6, argv);
    exact(&d, 1, T[i].pass, 5);
    gn_dist_free(&d);
    gn_game_free(g);
  }
  gn_game *g = gn_game_new(NULL);
  assert_int_equal(gn_game_use_ruleset(g, "inradic"), 0);
  gn_dist d;
  memset(&d, 0, sizeof d);
  const char *bad[] = { "--start", "5", "--remaining", "4", "--leader", "heroic" };
  assert_int_equal(gn_check_odds(g, "morale", 6, bad, NULL, &d, NULL), GN_ESYNTAX);
  assert_non_null(strstr(gn_errmsg(g), "heroic"));
  gn_game_free(g);
}

/* ref. IN-P3, IN-P6, IN-P1: the pursuit die. */
static void pursuit_table(void **state) {
  (void)state;
  gn_game *g;
  const char *a1[] = { "--quality", "trained" };
  gn_dist d = run(&g, "pursuit", 2, a1);
  exact(&d, 0, 1, 2);
  exact(&d, 1, 1, 2);
  gn_dist_free(&d);
  gn_game_free(g);
  const char *a2[] = { "--quality", "fanatic" };
  d = run(&g, "pursuit", 2, a2);
  exact(&d, 2, 5, 6);
  exact(&d, 3, 1, 6);
  gn_dist_free(&d);
  gn_game_free(g);
  const char *a3[] = { "--quality", "peasants" };
  d = run(&g, "pursuit", 2, a3);
  exact(&d, 0, 1, 1);
  assert_int_equal(d.n, 1);
  gn_dist_free(&d);
  gn_game_free(g);
}

/* ref. IN-H3, IN-H4: with a bugler and an NCO present an Ace kills the bugler
** on a 1 and the NCO on a 3; a rolled rank absent hits no one important
** (heroes.absent_falls_lower 0); with only a general, 5 in 6 Aces kill no one important. */
static void hero_check(void **state) {
  (void)state;
  gn_game *g;
  const char *a1[] = { "--present", "bugler,nco" };
  gn_dist d = run(&g, "hero", 2, a1);
  exact(&d, 1, 1, 6);                                /* ref. IN-H4: a 2 finds no flag bearer */
  exact(&d, 4, 1, 6);                                /* 4-6 find no one: ordinary figures */
  exact(&d, 0, 4, 6);
  assert_string_equal(gn_check_label(g, "hero", 4), "the nco");
  gn_dist_free(&d);
  gn_game_free(g);
  const char *a2[] = { "--present", "general" };
  d = run(&g, "hero", 2, a2);
  exact(&d, 0, 5, 6);
  exact(&d, 8, 1, 6);
  gn_dist_free(&d);
  gn_game_free(g);
}

/* ref. IN-R1, IN-B1, IN-B4: 2 musketeers at half range draw 2 cards from a full
** deck; 24 cards in 52 hit (Aces and 6-10). They are a fraction under five,
** so their cards come one by one (the cap counts in order): 2 x 2 paths.
** ref. IN-R3: a lone musketeer also draws 2 but hits at most once. */
static void shoot_two_cards(void **state) {
  (void)state;
  gn_game *g;
  const char *a1[] = { "--figures", "2", "--weapon", "musket", "--range", "8" };
  gn_dist d = run(&g, "shoot", 6, a1);
  assert_int_equal(d.leaves, 4);
  exact(&d, 0, 28 * 27, 52 * 51);
  exact(&d, 1, 2 * 24 * 28, 52 * 51);
  exact(&d, 2, 24 * 23, 52 * 51);
  gn_dist_free(&d);
  gn_game_free(g);
  const char *a2[] = { "--figures", "1", "--weapon", "musket", "--range", "12", "--cover", "soft" };
  d = run(&g, "shoot", 8, a2);
  /* beyond half range in soft cover: need 10, so Aces and 10s: 8 cards in 52 */
  exact(&d, 0, 44 * 43, 52 * 51);
  exact(&d, 1, 52 * 51 - 44 * 43, 52 * 51);
  assert_int_equal(d.n, 2);
  gn_dist_free(&d);
  gn_game_free(g);
}

/* ref. IN-R1, IN-B1, IN-B4: 10 musketeers draw 4 cards, enumerated as one
** aggregate draw (5 paths, hits 0..4): P(k hits) = C(24,k) C(28,4-k) / C(52,4). */
static void shoot_aggregate(void **state) {
  (void)state;
  gn_game *g;
  const char *a1[] = { "--figures", "10", "--weapon", "musket", "--range", "8" };
  gn_dist d = run(&g, "shoot", 6, a1);
  assert_int_equal(d.leaves, 5);
  exact(&d, 4, 10626, 270725);
  exact(&d, 0, 20475, 270725);
  exact(&d, 2, 276 * 378, 270725);
  gn_dist_free(&d);
  gn_game_free(g);
}

/* ref. IN-R6, IN-R7, IN-B1: a gun beyond half range draws 3 cards needing 8
** (16 hit cards, 24 misses, 12 pictures); with two pictures and a hit, the
** ammunition d6 leaves the hit only on a 3. Counted by hand (exact
** hypergeometric): 0 hits 401/1105, 1 hit 92/221, 2 hits 216/1105, 3 hits 28/1105. */
static void shoot_gun_ammunition(void **state) {
  (void)state;
  gn_game *g;
  const char *a1[] = { "--figures", "2", "--weapon", "artillery", "--range", "30" };
  gn_dist d = run(&g, "shoot", 6, a1);
  exact(&d, 0, 401, 1105);
  exact(&d, 1, 92, 221);
  exact(&d, 2, 216, 1105);
  exact(&d, 3, 28, 1105);
  gn_dist_free(&d);
  gn_game_free(g);
}

/* ref. IN-B6, IN-B7, IN-R3: one figure against one, 2 cards each, at most one
** hit each, decks apart: each falls with 158/221 (1 - C(28,2)/C(52,2)); with
** the defender behind an obstacle the attacker needs 7: 415/663. A routing
** defender draws nothing. */
static void melee_one_on_one(void **state) {
  (void)state;
  gn_game *g;
  const char *a1[] = { "--attackers", "1", "--defenders", "1" };
  gn_dist d = run(&g, "melee", 4, a1);
  exact(&d, 101, 24964, 48841);
  exact(&d, 0, 63 * 63, 221 * 221);
  assert_int_equal(d.n, 4);
  assert_string_equal(gn_check_label(g, "melee", 101), "the defender loses 1, the attacker 1");
  gn_dist_free(&d);
  gn_game_free(g);
  const char *a2[] = { "--attackers", "1", "--defenders", "1", "--obstacle", "--count", "defender" };
  d = run(&g, "melee", 7, a2);
  exact(&d, 1, 415, 663);
  gn_dist_free(&d);
  gn_game_free(g);
  const char *a3[] = { "--attackers", "9", "--defenders", "9", "--defender-routing", "--count", "attacker" };
  d = run(&g, "melee", 7, a3);
  exact(&d, 0, 1, 1);
  gn_dist_free(&d);
  gn_game_free(g);
}

/* ref. IN-R9: one figure 4 in away, aimed at: the card is a dud 12 times in
** 52, deviates (7-10: 3 in or more, out of the burst) 16 times, lands on it
** 24 times; then the figure's 2 cards come from the 51 left (23 hit cards
** after an Ace or a 6, 24 after 2-5): hit with 366/1105. Behind hard cover, never. */
static void throw_one_figure(void **state) {
  (void)state;
  gn_game *g;
  const char *a1[] = { "--figures", "1", "--width", "1" };
  gn_dist d = run(&g, "throw", 4, a1);
  exact(&d, 1, 366, 1105);
  exact(&d, 0, 739, 1105);
  assert_string_equal(gn_check_label(g, "throw", 1), "1 figure hit");
  gn_dist_free(&d);
  gn_game_free(g);
  const char *a2[] = { "--figures", "6", "--hard-cover" };
  d = run(&g, "throw", 3, a2);
  exact(&d, 0, 1, 1);
  gn_dist_free(&d);
  gn_game_free(g);
}

/* ref. IN-R9, IN-B4: figures in a burst, enumerated as one draw of all their
** cards and then how the hits fall among them, agree with the figure by
** figure draws of play (sampled) and sum to 1. */
static void throw_many_figures(void **state) {
  (void)state;
  gn_game *g;
  const char *a1[] = { "--figures", "12", "--distance", "3", "--width", "4" };
  gn_dist d = run(&g, "throw", 6, a1);
  double sum = 0;
  for (int i = 0; i < d.n; i++) sum += d.o[i].p;
  assert_true(sum > 1 - 1e-12 && sum < 1 + 1e-12);
  gn_odds_opts mo = { 0, 200000, 7, 1, 0 };
  gn_dist m;
  assert_int_equal(gn_check_odds(g, "throw", 6, a1, &mo, &m, NULL), 0);
  for (int i = 0; i < d.n; i++) {
    double q = 0, p = d.o[i].p;
    for (int k = 0; k < m.n; k++) if (m.o[k].value == d.o[i].value) q = m.o[k].p;
    double tol = 3.9 * sqrt(p * (1 - p) / 200000) + 1e-9;
    if (fabs(q - p) > tol) fail_msg("%lld figures hit: exact %.5f, sampled %.5f", (long long)d.o[i].value, p, q);
  }
  gn_dist_free(&m);
  gn_dist_free(&d);
  gn_game_free(g);
}

/* In a live game an order's odds come exact from the aggregate draws, and the
** game is untouched; a second order drawing from the same deck for another
** value needed (the deck known only by the classes of the first draw) is
** sampled instead, never reported exact. */
static void live_game_orders(void **state) {
  (void)state;
  gn_game *g = mk("units:\n" RED("r1", "foot", 50, 40, 10, "") RED("r2", "foot", 20, 40, 10, "")
                  BLUE("b1", "foot", 50, 50, 10, "") BLUE("b2", "foot", 20, 54, 10, ""));
  uint64_t h = gn_game_hash(g);
  gn_dist d;
  assert_int_equal(gn_order_odds(g, "fire r1 at b1", NULL, &d), 0);
  assert_int_equal(d.exact, 1);
  double sum = 0;
  for (int i = 0; i < d.n; i++) sum += d.o[i].p;
  assert_true(sum > 1 - 1e-12 && sum < 1 + 1e-12);
  gn_dist_free(&d);
  assert_true(gn_game_hash(g) == h);
  gn_odds_opts o = { 0, 2000, 1, 0, 0 };
  assert_int_equal(gn_order_odds(g, "fire r1 at b1; fire r2 at b2", &o, &d), 0);
  assert_int_equal(d.exact, 0);
  gn_dist_free(&d);
  assert_true(gn_game_hash(g) == h);
  gn_game_free(g);
}

/* ref. IN-H1, IN-M1, IN-M3, IN-M4, IN-M11: the whole of a volley with hero
** hits on (cards, the Aces' d6s, the target's test, its rout and a friend's
** test, each a class-wise chance point) enumerated exactly agrees, outcome by
** outcome, with 200,000 runs of play's own draws, card by card and face by face. */
static void live_game_exact_agrees(void **state) {
  (void)state;
  gn_game *g = mk("options: {hero_hits: 1}\nunits:\n" RED("r1", "foot", 50, 40, 12, "officer: 1, hero: 1")
                  BLUE("b1", "foot", 50, 50, 10, "flag: 1, nco: 1, quality: militia")
                  BLUE("b2", "foot", 58, 50, 6, "quality: peasants"));
  gn_dist d, m;
  assert_int_equal(gn_order_odds(g, "fire r1 at b1", NULL, &d), 0);
  assert_int_equal(d.exact, 1);
  int n = d.n;
  char **lab = calloc((size_t)n, sizeof *lab);
  for (int i = 0; i < n; i++) lab[i] = strdup(gn_order_odds_label(g, d.o[i].value));
  gn_odds_opts mo = { 0, 200000, 11, 1, 0 };
  assert_int_equal(gn_order_odds(g, "fire r1 at b1", &mo, &m), 0);
  assert_int_equal(m.exact, 0);
  for (int k = 0; k < m.n; k++) {
    const char *l = gn_order_odds_label(g, m.o[k].value);
    int found = -1;
    for (int i = 0; i < n; i++) if (!strcmp(lab[i], l)) found = i;
    if (found < 0) fail_msg("sampled outcome '%s' is impossible", l);
    double p = d.o[found].p, q = m.o[k].p, tol = 4.5 * sqrt(p * (1 - p) / 200000) + 1e-9;
    if (fabs(p - q) > tol) fail_msg("'%s': exact %.5f, sampled %.5f", l, p, q);
  }
  for (int i = 0; i < n; i++) free(lab[i]);
  free(lab);
  gn_dist_free(&d);
  gn_dist_free(&m);
  gn_game_free(g);
}

/* A check with bad parameters is a syntax error; beyond range cannot shoot (ref. IN-R4). */
static void bad_parameters(void **state) {
  (void)state;
  gn_game *g = gn_game_new(NULL);
  assert_int_equal(gn_game_use_ruleset(g, "inradic"), 0);
  gn_dist d;
  memset(&d, 0, sizeof d);
  const char *a1[] = { "--figures", "2", "--weapon", "bow", "--range", "13" };
  assert_int_equal(gn_check_odds(g, "shoot", 6, a1, NULL, &d, NULL), GN_ESYNTAX);
  const char *a2[] = { "--start", "5" };
  assert_int_equal(gn_check_odds(g, "morale", 2, a2, NULL, &d, NULL), GN_ESYNTAX);
  const char *a3[] = { "--attackers", "4" };
  assert_int_equal(gn_check_odds(g, "melee", 2, a3, NULL, &d, NULL), GN_ESYNTAX);
  const char *a4[] = { "--figures", "4", "--distance", "9" };
  assert_int_equal(gn_check_odds(g, "throw", 4, a4, NULL, &d, NULL), GN_ESYNTAX);
  assert_int_equal(gn_check_count("inradic"), 6);
  gn_game_free(g);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(morale_fourteen),
    cmocka_unit_test(morale_every_size),
    cmocka_unit_test(morale_peasants),
    cmocka_unit_test(morale_situation),
    cmocka_unit_test(morale_called_for),
    cmocka_unit_test(morale_leader),
    cmocka_unit_test(pursuit_table),
    cmocka_unit_test(hero_check),
    cmocka_unit_test(shoot_two_cards),
    cmocka_unit_test(shoot_aggregate),
    cmocka_unit_test(shoot_gun_ammunition),
    cmocka_unit_test(melee_one_on_one),
    cmocka_unit_test(throw_one_figure),
    cmocka_unit_test(throw_many_figures),
    cmocka_unit_test(live_game_orders),
    cmocka_unit_test(live_game_exact_agrees),
    cmocka_unit_test(bad_parameters),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
