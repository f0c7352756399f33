/*
** test-inradic-odds.c: the standalone checks of `grognard odds inradic`, with
** exact fractions: the enumerate source walks every die face and every card.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "grognard.h"

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
** unit passes on 34 of the 40 throws. */
static void morale_fourteen(void **state) {
  (void)state;
  gn_game *g;
  const char *argv[] = { "--start", "14", "--remaining", "11", "--quality", "trained" };
  gn_dist d = run(&g, "morale", 6, argv);
  exact(&d, 1, 34, 40);
  exact(&d, 0, 6, 40);
  assert_int_equal(d.leaves, 40);
  assert_string_equal(gn_check_label(g, "morale", 1), "passes");
  gn_dist_free(&d);
  gn_game_free(g);
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
** on 1-2 and the NCO on 3-6; with only a general, 5 in 6 Aces kill no one important. */
static void hero_check(void **state) {
  (void)state;
  gn_game *g;
  const char *a1[] = { "--present", "bugler,nco" };
  gn_dist d = run(&g, "hero", 2, a1);
  exact(&d, 1, 1, 3);
  exact(&d, 4, 2, 3);
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
** deck (52 x 51 paths); 24 cards in 52 hit. ref. IN-R3: a lone musketeer also
** draws 2 but hits at most once. */
static void shoot_two_cards(void **state) {
  (void)state;
  gn_game *g;
  const char *a1[] = { "--figures", "2", "--weapon", "musket", "--range", "8" };
  gn_dist d = run(&g, "shoot", 6, a1);
  assert_int_equal(d.leaves, 52 * 51);
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
  assert_int_equal(gn_check_count("inradic"), 4);
  gn_game_free(g);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(morale_fourteen),
    cmocka_unit_test(morale_peasants),
    cmocka_unit_test(morale_situation),
    cmocka_unit_test(pursuit_table),
    cmocka_unit_test(hero_check),
    cmocka_unit_test(shoot_two_cards),
    cmocka_unit_test(bad_parameters),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
