/*
** test-ba-supplies.c: Belle Alliance supplies (5.5.3): unlimited until a fire or
** melee roll shows two ones, then three more rolls; no fire without them; -2 and
** prisoners only in melee; refurbished only by rest.
**
** F fires at a large, brave target T from 7 cm; low totals inflict nothing.
*/
#include "test-ba.h"

#define F_T                                                                                \
  "  - {id: F, side: fr, type: infantry, at: [50, 20], facing: 0, strength: 30}\n"        \
  "  - {id: T, side: al, type: infantry, at: [50, 30], facing: 180, strength: 500, attrs: {valour: 5}}\n"

static void volley(gn_game *g, int a, int b, int c) {
  ba_dice(g, 3, a, b, c);
  ba_ok(g, "fire F at T");
  ba_ok(g, "end");
}

/* ref. BA-5.5.3a, BA-5.5.3b, BA-5.5.3c: unlimited (-1) at the start; one 1 changes
** nothing; two ones leave supplies for exactly three more rolls (more ones while
** counting down change nothing); then none. ref. BA-5.5.3f: no fire without. */
static void countdown(void **state) {
  (void)state;
  gn_game *g = ba_game(F_T, NULL);
  assert_int_equal(ba_attr(g, "F", "supplies"), -1);
  volley(g, 1, 2, 3);
  assert_int_equal(ba_attr(g, "F", "supplies"), -1);
  int e0 = gn_event_count(g);
  volley(g, 1, 1, 2);
  assert_int_equal(ba_attr(g, "F", "supplies"), 3);
  int s = ba_event(g, e0, "supplies", "BA-5.5.3b");
  assert_true(s >= 0);
  assert_int_equal(gn_event_visible(g, s, gn_side_find(g, "al")), 0);   /* hidden */
  volley(g, 1, 1, 1);
  assert_int_equal(ba_attr(g, "F", "supplies"), 2);
  volley(g, 2, 2, 2);
  assert_int_equal(ba_attr(g, "F", "supplies"), 1);
  volley(g, 2, 2, 2);
  assert_int_equal(ba_attr(g, "F", "supplies"), 0);
  ba_refused(g, "fire F at T", "BA-5.5.3f");
  ba_refused(g, "continue F", "BA-5.5.3f");
  assert_int_equal(ba_figures(g, "T"), 500);
  gn_game_free(g);
}

/* ref. BA-5.5.3d: a roll counts even when only part of the unit fired: the
** second part's target is out of range, the first part's roll still counts. */
static void part_fires(void **state) {
  (void)state;
  gn_game *g = ba_game(
    "  - {id: F, side: fr, type: infantry, at: [50, 20], facing: 0, strength: 30, attrs: {supplies: 2}}\n"
    "  - {id: T, side: al, type: infantry, at: [50, 30], facing: 180, strength: 500, attrs: {valour: 5}}\n"
    "  - {id: FAR, side: al, type: infantry, at: [190, 110], facing: 180, strength: 30}\n", NULL);
  ba_dice(g, 3, 2, 2, 2);
  ba_ok(g, "fire F at T split 10 at FAR");
  ba_ok(g, "end");
  assert_int_equal(ba_attr(g, "F", "supplies"), 1);
  gn_game_free(g);
}

/* ref. BA-5.5.3e, BA-5.5.3l: melee rolls count too, in attack and in defence, and
** cavalry keeps the same count (for its horses). C (cavalry) attacks I with two
** ones and loses (8 against 14): forced back against I2. Then I2 attacks C in the
** rear: C's defence roll uses one of its three. */
static void melee_rolls_count(void **state) {
  (void)state;
  gn_game *g = ba_game(
    "  - {id: C, side: fr, type: cavalry, at: [50, 19], facing: 0, strength: 24}\n"
    "  - {id: I, side: al, type: infantry, at: [50, 28], facing: 180, strength: 30}\n"
    "  - {id: I2, side: al, type: infantry, at: [50, 11], facing: 0, strength: 30}\n", NULL);
  ba_ok(g, "attack C I");
  ba_dice(g, 6, 1, 1, 3, 4, 4, 4);
  ba_ok(g, "end");
  assert_int_equal(ba_attr(g, "C", "supplies"), 3);
  assert_int_equal(ba_attr(g, "I", "supplies"), -1);
  assert_int_equal(ba_attr(g, "C", "disorder"), 2);
  ba_ok(g, "attack I2 C");
  ba_dice(g, 6, 3, 3, 3, 2, 2, 2);
  ba_ok(g, "end");
  assert_int_equal(gn_dice_script_left(g), 0);
  assert_int_equal(ba_attr(g, "C", "supplies"), 2);
  assert_int_equal(ba_attr(g, "I2", "supplies"), -1);
  gn_game_free(g);
}

/* ref. BA-5.5.3g, BA-5.5.3h, BA-5.5.3i: without supplies a unit may attack and be
** attacked, with -2 in either column; losing, it inflicts nothing. X (none) attacks
** Y: 12 - 2 (first +2, not covered -2, without supplies -2) = 10 against 12 + 0:
** X loses by 2, SD, 1 x 3 figures; Y loses nothing and takes 1 prisoner. Z attacks
** W, which is without supplies: W's defence shows the -2. */
static void melee_without_supplies(void **state) {
  (void)state;
  gn_game *g = ba_game(
    "  - {id: X, side: fr, type: infantry, at: [50, 20], facing: 0, strength: 30, attrs: {supplies: 0}}\n"
    "  - {id: Y, side: al, type: infantry, at: [50, 28], facing: 180, strength: 30}\n"
    "  - {id: Z, side: fr, type: infantry, at: [130, 20], facing: 0, strength: 30}\n"
    "  - {id: W, side: al, type: infantry, at: [130, 28], facing: 180, strength: 30, attrs: {supplies: 0}}\n", NULL);
  ba_ok(g, "attack X Y");
  ba_ok(g, "attack Z W");
  ba_dice(g, 12, 4, 4, 4, 4, 4, 4, 3, 3, 4, 3, 3, 4);
  int e0 = gn_event_count(g);
  ba_ok(g, "end");
  assert_int_equal(ba_figures(g, "X"), 27);
  assert_int_equal(ba_figures(g, "Y"), 30);
  assert_int_equal(ba_attr(g, "Y", "prisoners"), 1);
  assert_int_equal(ba_attr(g, "X", "disorder"), 1);
  int a1 = ba_event(g, e0, "melee", "BA-T8");
  int d1 = ba_event(g, a1 + 1, "melee", "BA-T8");
  int a2 = ba_event(g, d1 + 1, "melee", "BA-T8");
  int d2 = ba_event(g, a2 + 1, "melee", "BA-T8");
  assert_int_equal(ba_mod(g, d2, "without supplies"), -2);
  assert_int_equal(ba_mod(g, a2, "without supplies"), -99);
  assert_string_equal(ba_mod_ref(g, d2, "without supplies"), "BA-5.5.3h");
  gn_game_free(g);
}

/* ref. BA-5.5.3j: without supplies a unit stays so until it rests;
** ref. BA-5.5.3k: starting to refurbish, a unit loses the supplies it still had. */
static void refurbish_only_by_rest(void **state) {
  (void)state;
  gn_game *g = ba_game(
    "  - {id: N, side: fr, type: infantry, at: [50, 20], facing: 0, strength: 30, attrs: {supplies: 0}}\n"
    "  - {id: K, side: fr, type: infantry, at: [100, 20], facing: 0, strength: 30, attrs: {supplies: 2}}\n"
    "  - {id: E, side: al, type: infantry, at: [150, 110], facing: 180, strength: 30}\n", NULL);
  for (int i = 0; i < 9; i++) ba_ok(g, "end");
  assert_int_equal(ba_attr(g, "N", "supplies"), 0);
  ba_ok(g, "rest K");
  int e0 = gn_event_count(g);
  ba_ok(g, "end");
  assert_int_equal(ba_attr(g, "K", "supplies"), 0);
  assert_true(ba_event(g, e0, "supplies", "BA-5.5.3k") >= 0);
  gn_game_free(g);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(countdown),
    cmocka_unit_test(part_fires),
    cmocka_unit_test(melee_rolls_count),
    cmocka_unit_test(melee_without_supplies),
    cmocka_unit_test(refurbish_only_by_rest),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
