/*
** test-ba-staff.c: Belle Alliance staff figures: engaging a melee (Table 8
** "engaging of commanding officer") and the catch roll of Table 18 with its
** side-wide penalty.
**
** A attacks B from melee-zone contact, led by staff figure S standing in base
** contact behind it. A: first +2, not covered -2, officer +4 = +4; B: first +2,
** not covered -2 = 0. Dice 10 against 10: B loses by 4 (MD, forced back).
*/
#include "test-ba.h"

#define UNITS                                                                            \
  "  - {id: A, side: fr, type: infantry, at: [50, 20], facing: 0, strength: 30}\n"      \
  "  - {id: S, side: fr, type: staff, at: [70, 10], facing: 0, strength: 1}\n"          \
  "  - {id: B, side: al, type: infantry, at: [50, 28], facing: 180, strength: 30}\n"

/* Bound 1: S moves into base contact behind A. Bound 2: S engages, A attacks;
** then S's catch roll with the given dice. */
static gn_game *engage(int c1, int c2, int c3) {
  gn_game *g = ba_game(UNITS, NULL);
  ba_ok(g, "move S to 50,17");
  ba_ok(g, "end");
  ba_ok(g, "engage S A");
  ba_ok(g, "attack A B");
  ba_dice(g, 9, 3, 3, 4, 3, 3, 4, c1, c2, c3);
  ba_ok(g, "end");
  return g;
}

/* ref. BA-T18, BA-T8: 3-12 the staff figure survives and is placed at once in
** base contact with the nearest own unit; the officer counted +4 in the melee. */
static void survives(void **state) {
  (void)state;
  gn_game *g = engage(3, 4, 5);
  int a = ba_event(g, 0, "melee", "BA-T8");
  assert_int_equal(ba_mod(g, a, "commanding officer engaged"), 4);
  assert_int_equal(gn_event_get(g, a)->total, 14);
  assert_int_equal(ba_attr(g, "B", "disorder"), 2);
  int c = ba_event(g, 0, "catch", "BA-T18");
  assert_true(c >= 0);
  assert_non_null(strstr(gn_event_get(g, c)->text, "survives"));
  assert_int_equal(ba_removed(g, "S"), 0);
  gn_box s = ba_box(g, "S"), u = ba_box(g, "A");
  assert_true(gn_box_distance(s, u) < 1e-6);
  gn_game_free(g);
}

/* ref. BA-T18: 13-14 falls, no penalty; 15-16 falls and the side has -1 on all
** rolls for the rest of this bound and all of the next; 17-18 -2. A's fire in the
** next bound shows it; the bound after, it is gone. */
static void falls(void **state) {
  (void)state;
  gn_game *g = engage(6, 4, 4);                      /* 14 */
  assert_int_equal(ba_removed(g, "S"), 1);
  ba_dice(g, 3, 2, 2, 2);
  ba_ok(g, "fire A at B");
  int e0 = gn_event_count(g);
  ba_ok(g, "end");
  assert_int_equal(ba_mod(g, ba_event(g, e0, "fire", "BA-DICE-3"), "staff fallen"), -99);
  gn_game_free(g);
  g = engage(6, 5, 5);                               /* 16: -1 */
  assert_int_equal(ba_removed(g, "S"), 1);
  ba_dice(g, 3, 2, 2, 2);
  ba_ok(g, "fire A at B");
  e0 = gn_event_count(g);
  ba_ok(g, "end");
  assert_int_equal(ba_mod(g, ba_event(g, e0, "fire", "BA-DICE-3"), "staff fallen"), -1);
  gn_game_free(g);
  g = engage(6, 6, 5);                               /* 17: -2 */
  ba_dice(g, 3, 2, 2, 2);
  ba_ok(g, "fire A at B");
  e0 = gn_event_count(g);
  ba_ok(g, "end");
  int f = ba_event(g, e0, "fire", "BA-DICE-3");
  assert_int_equal(ba_mod(g, f, "staff fallen"), -2);
  assert_string_equal(ba_mod_ref(g, f, "staff fallen"), "BA-T18");
  /* B, in MD and fired at, does not reorganise; next bound the penalty is over */
  ba_dice(g, 3, 2, 2, 2);
  ba_ok(g, "fire A at B");
  e0 = gn_event_count(g);
  ba_ok(g, "end");
  assert_int_equal(ba_mod(g, ba_event(g, e0, "fire", "BA-DICE-3"), "staff fallen"), -99);
  gn_game_free(g);
}

/* ref. BA-T18: only a staff figure engaged in the melee (or with a unit brought
** into FD) rolls; one standing by does not. */
static void no_roll_when_not_engaged(void **state) {
  (void)state;
  gn_game *g = ba_game(UNITS, NULL);
  ba_ok(g, "move S to 50,17");
  ba_ok(g, "end");
  ba_ok(g, "attack A B");
  ba_dice(g, 6, 3, 3, 4, 3, 3, 4);
  int e0 = gn_event_count(g);
  ba_ok(g, "end");
  assert_int_equal(ba_event(g, e0, "catch", NULL), -1);
  assert_int_equal(gn_dice_script_left(g), 0);
  gn_game_free(g);
}

/* R is brought into FD by fire (valour -2, as in test-ba-bound.c: N's 18 at
** long range, loss 9 of 20, moral FD, FD loss 2). A stands 5 cm from R, D 9 cm
** from A but 17 from R, F far off; N is the enemy. */
#define ROUT                                                                                   \
  "  - {id: A, side: fr, type: infantry, at: [50, 20], facing: 0, strength: 30}\n"            \
  "  - {id: R, side: fr, type: infantry, at: [45, 28], facing: 0, width: 10, strength: 20, "  \
  "attrs: {valour: -2}}\n"                                                                     \
  "  - {id: D, side: fr, type: infantry, at: [50, 8], facing: 0, strength: 30, attrs: {valour: 1}}\n" \
  "  - {id: F, side: fr, type: infantry, at: [150, 20], facing: 0, strength: 30}\n"          \
  "  - {id: N, side: al, type: infantry, at: [45, 50], facing: 180, strength: 30}\n"

/* ref. BA-B21: in the moral consequences phase a unit within 10 cm of a friend
** brought into FD this bound tests once: 3d6 + valour below 8 and the rout
** spreads to it (FD, with the loss due to FD); a unit so routed spreads it in
** turn. A: 1+2+3 = 6 + 0 < 8, FD, loses 3 of 30. D, near A only: 4+4+4 + 1 =
** 13, holds. F is too far to test. A then fails its reorganisation (3 < 11). */
static void spread_of_rout(void **state) {
  (void)state;
  gn_game *g = ba_game(ROUT, NULL);
  ba_ok(g, "fire N at R");
  ba_dice(g, 12, 6, 6, 6, 1, 2, 3, 4, 4, 4, 1, 1, 1);
  int e0 = gn_event_count(g);
  ba_ok(g, "end");
  assert_int_equal(ba_attr(g, "R", "disorder"), 3);
  assert_int_equal(ba_events(g, e0, "spread", "BA-B21"), 2);
  int a = ba_event(g, e0, "spread", "BA-B21");
  assert_int_equal(gn_event_get(g, a)->unit, ba_unit(g, "A"));
  assert_int_equal(gn_event_get(g, a)->target, ba_unit(g, "R"));
  assert_int_equal(gn_event_get(g, a)->total, 6);
  assert_int_equal(ba_mod(g, a, "valour"), 0);
  assert_int_equal(ba_attr(g, "A", "disorder"), 3);
  assert_int_equal(ba_figures(g, "A"), 27);
  int d = ba_event(g, a + 1, "spread", "BA-B21");
  assert_int_equal(gn_event_get(g, d)->unit, ba_unit(g, "D"));
  assert_int_equal(gn_event_get(g, d)->target, ba_unit(g, "A"));
  assert_int_equal(gn_event_get(g, d)->total, 13);
  assert_int_equal(ba_attr(g, "D", "disorder"), 0);
  assert_int_equal(ba_attr(g, "F", "disorder"), 0);
  /* the spread test is the side's own business: the enemy does not see it */
  assert_int_equal(gn_event_visible(g, a, gn_side_find(g, "al")), 0);
  /* next bound A and R rout (ref. BA-B14); nobody new is brought into FD, so
  ** nobody tests again */
  ba_dice(g, 6, 1, 1, 1, 1, 1, 1);
  e0 = gn_event_count(g);
  ba_ok(g, "end");
  assert_int_equal(ba_events(g, e0, "spread", "BA-B21"), 0);
  gn_game_free(g);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(spread_of_rout),
    cmocka_unit_test(survives),
    cmocka_unit_test(falls),
    cmocka_unit_test(no_roll_when_not_engaged),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
