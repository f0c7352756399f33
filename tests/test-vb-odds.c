/*
** test-vb-odds.c: the exact odds of the Volley & Bayonet combat checks
** (src/rules/vb/checks.c): `grognard odds vb fire|morale|melee|tie`. Each check
** runs the same resolution function as the order; the engine enumerates its
** chance points (hit counts as aggregates) and gives exact fractions, which
** these tests compare with the ones worked out by hand in the comments.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "grognard.h"

static gn_game *vb(void) {
  gn_game *g = gn_game_new(NULL);
  assert_non_null(g);
  int rc = gn_game_use_ruleset(g, "vb");
  if (rc) print_message("%s\n", gn_errmsg(g));
  assert_int_equal(rc, GN_OK);
  return g;
}

/* Runs a check given as one string of words; returns the distribution. */
static gn_dist odds(gn_game *g, const char *check, const char *args, int *passfail) {
  char buf[512];
  const char *argv[32];
  int argc = 0;
  snprintf(buf, sizeof buf, "%s", args);
  for (char *t = strtok(buf, " "); t; t = strtok(NULL, " ")) argv[argc++] = t;
  gn_dist d;
  memset(&d, 0, sizeof d);
  int rc = gn_check_odds(g, check, argc, argv, NULL, &d, passfail);
  if (rc) print_message("%s %s: %s\n", check, args, gn_errmsg(g));
  assert_int_equal(rc, GN_OK);
  assert_int_equal(d.exact, 1);
  return d;
}

/* P(outcome == v) is exactly num/den. */
static void prob(const gn_dist *d, int64_t v, uint64_t num, uint64_t den) {
  for (int i = 0; i < d->n; i++) {
    if (d->o[i].value != v) continue;
    assert_true(d->o[i].den != 0);
    if (d->o[i].num * den != num * d->o[i].den)
      print_message("P(%lld) = %llu/%llu, expected %llu/%llu\n", (long long)v, (unsigned long long)d->o[i].num,
                    (unsigned long long)d->o[i].den, (unsigned long long)num, (unsigned long long)den);
    assert_true(d->o[i].num * den == num * d->o[i].den);
    return;
  }
  assert_int_equal(num, 0);                 /* absent outcome: probability 0 */
}

/* ref. VB-B5, VB-B6: two musket dice hitting on 5-6: P(0) = 16/36, P(1) =
** 16/36, P(2) = 4/36. ref. VB-21: light guns at close range are the same;
** field guns at close range hit on 4-6: 9/36, 18/36, 9/36. */
static void t_fire_hits(void **state) {
  (void)state;
  gn_game *g = vb();
  int pf = -1;
  gn_dist d = odds(g, "fire", "--dice 2 --range close --weapon musket", &pf);
  assert_int_equal(pf, 0);
  assert_int_equal(d.n, 3);
  prob(&d, 0, 16, 36);
  prob(&d, 1, 16, 36);
  prob(&d, 2, 4, 36);
  assert_string_equal(gn_check_label(g, "fire", 2), "2 SP lost");
  gn_dist_free(&d);
  d = odds(g, "fire", "--dice 2 --range close --weapon light", NULL);
  prob(&d, 0, 16, 36);
  prob(&d, 1, 16, 36);
  prob(&d, 2, 4, 36);
  gn_dist_free(&d);
  d = odds(g, "fire", "--dice 2 --range close --weapon field", NULL);
  prob(&d, 0, 9, 36);
  prob(&d, 1, 18, 36);
  prob(&d, 2, 9, 36);
  gn_dist_free(&d);
  d = odds(g, "fire", "--dice 3 --range long --weapon heavy", NULL);   /* 6 only */
  prob(&d, 0, 125, 216);
  prob(&d, 3, 1, 216);
  gn_dist_free(&d);
  gn_game_free(g);
}

/* ref. VB-36, VB-B7: one field die at close range on infantry in woods: a hit
** (1/2) not saved (4/6): 1/3. ref. VB-33: in a town with the open-order save
** too: 1/2 * 3/6 * 4/6 = 1/6. ref. VB-30: sunken road as works, 1/2 * 3/6. */
static void t_fire_saves(void **state) {
  (void)state;
  gn_game *g = vb();
  gn_dist d = odds(g, "fire", "--dice 1 --range close --weapon field --save woods", NULL);
  prob(&d, 1, 1, 3);
  prob(&d, 0, 2, 3);
  gn_dist_free(&d);
  d = odds(g, "fire", "--dice 1 --range close --weapon field --save town,open", NULL);
  prob(&d, 1, 1, 6);
  gn_dist_free(&d);
  d = odds(g, "fire", "--dice 1 --range close --weapon field --save sunken", NULL);
  prob(&d, 1, 1, 4);
  gn_dist_free(&d);
  gn_game_free(g);
}

/* Bad parameters are syntax errors naming them. */
static void t_fire_errors(void **state) {
  (void)state;
  gn_game *g = vb();
  gn_dist d;
  const char *a1[] = {"--dice", "2", "--range", "long", "--weapon", "musket"};
  assert_int_equal(gn_check_odds(g, "fire", 6, a1, NULL, &d, NULL), GN_ESYNTAX);
  const char *a2[] = {"--dice", "2", "--range", "close", "--weapon", "musket", "--save", "moat"};
  assert_int_equal(gn_check_odds(g, "fire", 8, a2, NULL, &d, NULL), GN_ESYNTAX);
  assert_non_null(strstr(gn_errmsg(g), "moat"));
  gn_game_free(g);
}

/* ref. VB-B8: grade 4 passes on 1-4: 4/6. ref. VB-5: lancers -1 for infantry
** (3/6), none for cavalry (4/6). ref. VB-6: meleed by cavalry -1 unless the
** infantry is stationary. ref. VB-8: a regiment meleed in flank -2 (2/6); a
** brigade 0. ref. VB-30: works +1 (5/6). Further modifiers add up. ref. VB-7:
** there is no "unsupported" switch. */
static void t_morale(void **state) {
  (void)state;
  static const struct { const char *args; uint64_t num; } rows[] = {
    {"--grade 4", 4},
    {"--grade 4 --lancers", 3},
    {"--grade 4 --lancers --type cavalry", 4},
    {"--grade 4 --cavalry", 3},
    {"--grade 4 --cavalry --stationary", 4},
    {"--grade 4 --cavalry --type artillery --stationary", 3},
    {"--grade 4 --flank --type regiment", 2},
    {"--grade 4 --flank --type infantry", 4},
    {"--grade 4 --works", 5},
    {"--grade 4 --sunken", 5},
    {"--grade 5 --modifiers -1,-1,+1", 4},
    {"--grade 6 --modifiers +2", 6},
  };
  gn_game *g = vb();
  for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
    int pf = -1;
    gn_dist d = odds(g, "morale", rows[i].args, &pf);
    assert_int_equal(pf, 1);
    prob(&d, 1, rows[i].num, 6);
    prob(&d, 0, 6 - rows[i].num, 6);
    gn_dist_free(&d);
  }
  assert_string_equal(gn_check_label(g, "morale", 1), "passes");
  gn_dist d;
  const char *bad[] = {"--grade", "4", "--unsupported"};
  assert_int_equal(gn_check_odds(g, "morale", 3, bad, NULL, &d, NULL), GN_ESYNTAX);
  gn_game_free(g);
}

/* ref. VB-37, VB-38: the tie roll, 1d6 + morale + table, equal totals rolled
** again. Morale 4 with grenadiers (+1) against 3: A wins on a - b >= -1 (26 of
** 36), ties on a - b = -2 (4), so 26/32 = 13/16. Equal sides: 1/2. ref. VB-39:
** supported artillery +2: morale 4 against 6 is then even. Stationary
** infantry against cavalry +2 to side B: 4 vs 4+2 loses 13/16 the other way. */
static void t_tie(void **state) {
  (void)state;
  gn_game *g = vb();
  int pf = -1;
  gn_dist d = odds(g, "tie", "--morale 4,3 --grenadiers", &pf);
  assert_int_equal(pf, 1);
  prob(&d, 1, 13, 16);
  prob(&d, 0, 3, 16);
  assert_int_equal((int)d.leaves, 2);   /* who wins: one chance point of two branches, no faces */
  assert_string_equal(gn_check_label(g, "tie", 1), "side A wins");
  gn_dist_free(&d);
  d = odds(g, "tie", "--morale 4,4", NULL);
  prob(&d, 1, 1, 2);
  gn_dist_free(&d);
  d = odds(g, "tie", "--morale 4,6 --supported-artillery", NULL);
  prob(&d, 1, 1, 2);
  gn_dist_free(&d);
  d = odds(g, "tie", "--morale 5,4 --b-stationary-vs-cavalry", NULL);   /* 5 vs 6: B +1 */
  prob(&d, 1, 10, 31);
  gn_dist_free(&d);
  gn_game_free(g);
}

/* ref. VB-B11, VB-37: 2 dice against 1, hits on 5-6, equal morale.
** Attacker hits 0/1/2 with 4/9, 4/9, 1/9; defender 0/1 with 2/3, 1/3. The
** attacker inflicts more: 8/27 + 2/27 + 1/27 = 11/27; equal: 8/27 + 4/27 =
** 12/27, won half the time: 17/27 in all. With +1 on the attacker's tie roll
** it wins a tie 21/31 (a >= b of a - b != -1): 11/27 + 12/27 * 21/31 = 593/837.
** ref. VB-30: one cavalry die against one infantry die in a sunken road: the
** cavalry hits 1/3, saved half the time: 1/6; wins 1/6 * 2/3 + (5/6 * 2/3 +
** 1/6 * 1/3) / 2 = 5/12. */
static void t_melee(void **state) {
  (void)state;
  gn_game *g = vb();
  int pf = -1;
  gn_dist d = odds(g, "melee", "--attack-dice 2 --defence-dice 1", &pf);
  assert_int_equal(pf, 0);
  prob(&d, 0, 17, 27);
  prob(&d, 1, 10, 27);
  assert_string_equal(gn_check_label(g, "melee", 0), "attacker wins");
  gn_dist_free(&d);
  d = odds(g, "melee", "--attack-dice 2 --defence-dice 1 --attack-morale 5 --defence-morale 4", NULL);
  prob(&d, 0, 593, 837);
  gn_dist_free(&d);
  d = odds(g, "melee", "--attack-dice 2 --defence-dice 1 --attack-tie 1", NULL);
  prob(&d, 0, 593, 837);
  gn_dist_free(&d);
  d = odds(g, "melee", "--attack-dice 1 --defence-dice 1 --attack-cavalry --sunken", NULL);
  prob(&d, 0, 5, 12);
  gn_dist_free(&d);
  gn_game_free(g);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(t_fire_hits),
    cmocka_unit_test(t_fire_saves),
    cmocka_unit_test(t_fire_errors),
    cmocka_unit_test(t_morale),
    cmocka_unit_test(t_tie),
    cmocka_unit_test(t_melee),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
