/*
** test-ba-odds.c: the Belle Alliance odds checks (src/rules/ba/checks.c): exact
** distributions over the 216 outcomes of every 3d6, as fractions.
*/
#include "test-ba.h"

/* The exact probability of outcome v as num/den (reduced), or fails. */
static void frac(const gn_dist *d, int64_t v, uint64_t num, uint64_t den) {
  for (int i = 0; i < d->n; i++)
    if (d->o[i].value == v) {
      if (d->o[i].num * den != num * d->o[i].den)
        print_message("outcome %lld: %llu/%llu, want %llu/%llu\n", (long long)v,
                      (unsigned long long)d->o[i].num, (unsigned long long)d->o[i].den,
                      (unsigned long long)num, (unsigned long long)den);
      assert_true(d->o[i].num * den == num * d->o[i].den);
      return;
    }
  if (num) fail_msg("outcome %lld missing", (long long)v);
}

static gn_game *odds_game(void) {
  gn_game *g = gn_game_new(NULL);
  assert_non_null(g);
  assert_int_equal(gn_game_use_ruleset(g, "ba"), GN_OK);
  return g;
}

static void run(gn_game *g, const char *check, int argc, const char *const *argv, gn_dist *d) {
  int pf = -1;
  int rc = gn_check_odds(g, check, argc, argv, NULL, d, &pf);
  if (rc) print_message("%s: %s\n", check, gn_errmsg(g));
  assert_int_equal(rc, GN_OK);
  assert_int_equal(d->exact, 1);
}

/* ref. BA-5.5.3b, BA-5.5.3c: P(at least two ones on 3d6) = 16/216 on the first
** roll; after two rolls: unlimited 625/729, three left 50/729, two left 2/27. */
static void supplies_odds(void **state) {
  (void)state;
  gn_game *g = odds_game();
  gn_dist d;
  const char *one[] = {"--rolls", "1"};
  run(g, "supplies", 2, one, &d);
  assert_int_equal(d.n, 2);
  assert_int_equal((int)d.leaves, 2);       /* 3d6 read for the supplies alone: two classes of throws */
  frac(&d, 3, 16, 216);
  frac(&d, -1, 200, 216);
  assert_string_equal(gn_check_label(g, "supplies", 3), "supplies for 3 more rolls");
  gn_dist_free(&d);
  const char *two[] = {"--rolls", "2"};
  run(g, "supplies", 2, two, &d);
  frac(&d, -1, 625, 729);
  frac(&d, 3, 50, 729);
  frac(&d, 2, 2, 27);
  gn_dist_free(&d);
  /* one roll left: whatever the dice, none after it */
  const char *last[] = {"--rolls", "1", "--start", "1"};
  run(g, "supplies", 4, last, &d);
  assert_int_equal(d.n, 1);
  frac(&d, 0, 1, 1);
  gn_dist_free(&d);
  gn_game_free(g);
}

/* ref. BA-T18: 3-12 20/27, 13-14 1/6, 15-16 2/27, 17-18 1/54. */
static void catch_odds(void **state) {
  (void)state;
  gn_game *g = odds_game();
  gn_dist d;
  run(g, "catch", 0, NULL, &d);
  frac(&d, 0, 20, 27);
  frac(&d, 1, 1, 6);
  frac(&d, 2, 2, 27);
  frac(&d, 3, 1, 54);
  assert_string_equal(gn_check_label(g, "catch", 3), "falls, side -2 on all rolls");
  gn_dist_free(&d);
  gn_game_free(g);
}

/* ref. BA-DICE-1, BA-DICE-3, BA-3.1.1a, BA-B7: 30 figures (3 units of fire) with
** first fire +2: L = 3d6 + 2; outcome = loss x 4 + moral. L <= 9 (3d6 <= 7): 35/216
** nothing; 10-12: 3 figures, no moral effect (M < 13); 13-15: 6 figures, SD ... */
static void fire_odds(void **state) {
  (void)state;
  gn_game *g = odds_game();
  gn_dist d;
  const char *a[] = {"--figures", "30", "--factors", "first_fire"};
  run(g, "fire", 4, a, &d);
  frac(&d, 0 * 4 + 0, 35, 216);
  frac(&d, 3 * 4 + 0, 73, 216);
  frac(&d, 6 * 4 + 1, 73, 216);
  frac(&d, 9 * 4 + 2, 31, 216);
  frac(&d, 12 * 4 + 3, 4, 216);
  assert_string_equal(gn_check_label(g, "fire", 6 * 4 + 1), "6 figures lost, SD");
  gn_dist_free(&d);
  /* marksmen add +2 to the loss, valour 5 takes 5 off the moral total: L = 3d6 + 4,
  ** M = 3d6 - 1. 3d6 15-16: 4 a unit, SD (16/216); 17: 4 a unit, MD (3/216); 18:
  ** L 22 is 5 a unit, MD (1/216); never FD */
  const char *b[] = {"--figures", "30", "--factors", "first_fire,marksmen", "--valour", "5"};
  run(g, "fire", 6, b, &d);
  frac(&d, 12 * 4 + 3, 0, 1);
  frac(&d, 12 * 4 + 1, 16, 216);
  frac(&d, 12 * 4 + 2, 3, 216);
  frac(&d, 15 * 4 + 2, 1, 216);
  gn_dist_free(&d);
  /* artillery: 5 gunners are 3 units of fire (BA-3.1.1b) */
  const char *c[] = {"--figures", "5", "--weapon", "artillery"};
  run(g, "fire", 4, c, &d);
  frac(&d, 3 * 4 + 0, 79, 216);    /* 3d6 10-12: 1 a unit, no moral effect */
  gn_dist_free(&d);
  gn_game_free(g);
}

/* ref. BA-T8, BA-B6, BA-DICE-2: two equal sides: a stall (D = 0) is the sum of the
** squared 3d6 counts over 216^2 = 4332/46656; each side wins as often. */
static void melee_odds(void **state) {
  (void)state;
  gn_game *g = odds_game();
  gn_dist d;
  const char *a[] = {"--attack", "first_fire_or_melee", "--defence", "first_fire_or_melee"};
  run(g, "melee", 4, a, &d);
  assert_int_equal((int)d.leaves, 20 * 20);   /* two 3d6 rolls, each by total and two ones or not */
  frac(&d, 0, 4332, 46656);
  assert_true(gn_dist_at_least(&d, 1) > 0.4535 && gn_dist_at_least(&d, 1) < 0.4536);
  assert_true(gn_dist_at_most(&d, -1) > 0.4535 && gn_dist_at_most(&d, -1) < 0.4536);
  assert_string_equal(gn_check_label(g, "melee", 0), "stalls: attacker forced back; losses 3/3");
  gn_dist_free(&d);
  /* an exclusive group: charge (+1) with heavy charge (+2) counts +2 only; D is
  ** then at least 3 - 18 + 2 = -13 */
  const char *b[] = {"--attack", "charge,heavy_charge"};
  run(g, "melee", 2, b, &d);
  assert_int_equal((int)d.o[0].value, -13);
  assert_int_equal((int)d.o[d.n - 1].value, 17);
  gn_dist_free(&d);
  const char *bad[] = {"--attack", "bayonets"};
  gn_dist x;
  assert_int_equal(gn_check_odds(g, "melee", 2, bad, NULL, &x, NULL), GN_ESYNTAX);
  gn_game_free(g);
}

/* A check reading a list of factors keeps no hidden libc state between
** calls: a caller's own strtok walk goes on unharmed across it. simulate asks
** such checks on several threads at once, where a shared tokeniser would let
** one battle's question cut another's list (and the answer, which the
** commander's memo then keeps, would depend on the load). */
static void melee_list_keeps_no_state(void **state) {
  (void)state;
  gn_game *g = odds_game();
  gn_dist d;
  char words[] = "one,two,three";
  char *w = strtok(words, ",");
  assert_string_equal(w, "one");
  const char *a[] = {"--attack", "not_covered,overreaching,cover_1,first_fire_or_melee,support",
                     "--defence", "skirmish_line,first_fire_or_melee"};
  run(g, "melee", 4, a, &d);
  gn_dist_free(&d);
  w = strtok(NULL, ",");
  assert_non_null(w);
  assert_string_equal(w, "two");
  assert_string_equal(strtok(NULL, ","), "three");
  assert_null(strtok(NULL, ","));
  /* a list longer than the parser holds is refused with its limit, not cut */
  char lng[700] = "support";
  while (strlen(lng) < 600) strcat(lng, ",support");
  const char *too[] = {"--attack", lng};
  gn_dist x;
  assert_int_equal(gn_check_odds(g, "melee", 2, too, NULL, &x, NULL), GN_ESYNTAX);
  assert_non_null(strstr(gn_errmsg(g), "--attack: list too long (at most 511 characters)"));
  gn_game_free(g);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(supplies_odds),
    cmocka_unit_test(catch_odds),
    cmocka_unit_test(fire_odds),
    cmocka_unit_test(melee_odds),
    cmocka_unit_test(melee_list_keeps_no_state),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
