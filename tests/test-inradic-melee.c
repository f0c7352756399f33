/*
** test-inradic-melee.c: charges and melee by cards (ref. IN-B6, IN-B7, IN-B9,
** IN-M2, IN-M5, IN-M6), with scripted cards and dice.
*/
#include "inradic-helpers.h"

/* ref. IN-B6, IN-M5, IN-M2: a charge by an enemy at least as large makes the
** target test; standing, both sides draw (10 figures 4 cards, 8 figures 4
** cards) before any figure falls; the side losing 2 tests again. */
static void charge_and_melee(void **state) {
  (void)state;
  gn_game *g = mk("units:\n" RED("a", "foot", 50, 40, 10, "") BLUE("b", "foot", 50, 46, 8, ""));
  int e0 = gn_event_count(g);
  SCRIPT(g, /* b's IN-M5 test, d8 */ 3,
         CARD(6, 0), CARD(7, 0), CARD(2, 0), CARD(3, 0),
         CARD(6, 1), CARD(2, 1), CARD(3, 1), CARD(4, 1),
         /* b's IN-M2 test */ 1);
  ok(g, "charge a at b");
  assert_true(gn_unit_distance(g, U(g, "a"), U(g, "b")) < 1e-6);
  assert_int_equal(strength(g, "b"), 6);
  assert_int_equal(strength(g, "a"), 9);
  assert_int_equal(count_kind(g, e0, "card"), 8);
  int n = 0;
  for (int i = e0; i < gn_event_count(g); i++) {
    const gn_event *e = gn_event_get(g, i);
    if (strcmp(e->kind, "morale")) continue;
    assert_string_equal(e->ref, n == 0 ? "IN-M5" : "IN-M2");
    assert_int_equal(e->unit, U(g, "b"));
    n++;
  }
  assert_int_equal(n, 2);
  refused(g, "melee a with b", "IN-B13");           /* one melee a turn */
  ok(g, "end");
  SCRIPT(g, CARD(2, 2), CARD(3, 2), CARD(4, 2), CARD(5, 2), CARD(2, 3), CARD(3, 3), CARD(4, 3), CARD(5, 3));
  ok(g, "melee b with a");                          /* the next turn: blue attacks, 6 figures draw 4 */
  assert_int_equal(strength(g, "a"), 9);
  gn_game_free(g);
}

/* ref. IN-B7: a defender behind a wall is hit only on 7+; ref. IN-M5: a smaller
** charger causes no test; ref. IN-M2: one casualty causes none. */
static void obstacle_needs_seven(void **state) {
  (void)state;
  gn_game *g = mk("units:\n" RED("a", "foot", 50, 40, 4, "") BLUE("b", "foot", 50, 46, 6, "")
                  "terrain:\n  - {id: w, kind: wall, line: [[40, 44.5], [60, 44.5]]}\n");
  int e0 = gn_event_count(g);
  SCRIPT(g, CARD(6, 0), CARD(7, 0), CARD(2, 1), CARD(3, 1), CARD(4, 1), CARD(5, 1));
  ok(g, "charge a at b");
  const gn_event *m = last_kind(g, "melee");
  assert_int_equal(mod(m, "defender behind an obstacle, on the attacker's value needed"), 1);
  assert_string_equal(m->text, "a scores 1 (cards needing 7 or more), b scores 0 (6 or more)");
  assert_int_equal(strength(g, "b"), 5);
  assert_int_equal(count_kind(g, e0, "morale"), 0);
  gn_game_free(g);
}

/* ref. IN-M5, IN-M11: a militia unit charged by an equal enemy fails (8 + 1 > 8)
** and routs before the melee. */
static void charged_unit_routs(void **state) {
  (void)state;
  gn_game *g = mk("units:\n" RED("a", "foot", 50, 40, 8, "") BLUE("b", "foot", 50, 46, 8, "quality: militia"));
  int e0 = gn_event_count(g);
  SCRIPT(g, /* d8 */ 8, /* a's pursuit die (trained) */ 1);
  ok(g, "charge a at b");
  assert_int_equal(attr(g, "b", "status"), 1);
  assert_int_equal(count_kind(g, e0, "melee"), 0);
  assert_int_equal(count_kind(g, e0, "card"), 0);
  gn_game_free(g);
}

/* ref. IN-M6, IN-M10: a unit half the target's size in its flank makes it test
** (+1 a die), in its rear (+2 a die); a third of its size does not. */
static void flank_and_rear(void **state) {
  (void)state;
  gn_game *g = mk("units:\n"
                  "  - {id: a, side: red, type: foot, at: [60, 50], facing: 270, strength: 4}\n"
                  BLUE("b", "foot", 50, 50, 8, ""));
  SCRIPT(g, /* d8 */ 5, CARD(2, 0), CARD(3, 0), CARD(2, 1), CARD(3, 1), CARD(4, 1), CARD(5, 1));
  ok(g, "charge a at b");
  const gn_event *m = last_kind(g, "morale");
  assert_string_equal(m->ref, "IN-M6");
  assert_int_equal(mod(m, "attacked in the flank"), 1);
  assert_int_equal(m->total, 6);
  gn_box ab = box(g, "a");
  assert_true(ab.c.x > 53.49 && ab.c.x < 53.51);   /* against b's flank edge */
  gn_game_free(g);

  g = mk("units:\n"
         "  - {id: a, side: red, type: foot, at: [50, 60], facing: 180, strength: 4}\n"
         BLUE("b", "foot", 50, 50, 8, ""));
  SCRIPT(g, /* d8 */ 5, CARD(2, 0), CARD(3, 0), CARD(2, 1), CARD(3, 1), CARD(4, 1), CARD(5, 1));
  ok(g, "charge a at b");
  m = last_kind(g, "morale");
  assert_int_equal(mod(m, "attacked in the rear"), 2);
  assert_int_equal(m->total, 7);
  gn_game_free(g);

  g = mk("units:\n"
         "  - {id: a, side: red, type: foot, at: [60, 50], facing: 270, strength: 3}\n"
         BLUE("b", "foot", 50, 50, 8, ""));
  int e0 = gn_event_count(g);
  SCRIPT(g, CARD(2, 0), CARD(3, 0), CARD(2, 1), CARD(3, 1), CARD(4, 1), CARD(5, 1));
  ok(g, "charge a at b");
  assert_int_equal(count_kind(g, e0, "morale"), 0);
  gn_game_free(g);
}

/* ref. IN-M6: "Attacked (melee) in the flank or rear by an enemy half (or
** larger) own size" is any attack: when a's melee goes on in b's flank the
** next turn, b tests again before the round (a charge is not needed). */
static void melee_continues_in_flank(void **state) {
  (void)state;
  gn_game *g = mk("units:\n"
                  "  - {id: a, side: red, type: foot, at: [60, 50], facing: 270, strength: 4}\n"
                  BLUE("b", "foot", 50, 50, 8, ""));
  SCRIPT(g, /* d8 */ 5, CARD(2, 0), CARD(3, 0), CARD(2, 1), CARD(3, 1), CARD(4, 1), CARD(5, 1));
  ok(g, "charge a at b");
  ok(g, "end");
  ok(g, "end");
  int e0 = gn_event_count(g);
  SCRIPT(g, /* d8 */ 4, CARD(2, 2), CARD(3, 2), CARD(2, 3), CARD(3, 3), CARD(4, 3), CARD(5, 3));
  ok(g, "melee a with b");
  assert_int_equal(count_kind(g, e0, "morale"), 1);
  const gn_event *m = last_kind(g, "morale");
  assert_string_equal(m->ref, "IN-M6");
  assert_int_equal(mod(m, "attacked in the flank"), 1);
  assert_int_equal(m->total, 5);
  assert_int_equal(count_kind(g, e0, "melee"), 1);  /* b stood: the round is fought */
  gn_game_free(g);
}

/* ref. IN-B9, IN-B6: charge reach is 1.5 moves (foot 9 in); guns do not
** charge; melee needs contact. */
static void charge_limits(void **state) {
  (void)state;
  gn_game *g = mk("units:\n" RED("a", "foot", 50, 40, 8, "") RED("g", "gun", 30, 40, 4, "weapon: artillery")
                  BLUE("b", "foot", 50, 51.5, 8, "") BLUE("c", "foot", 30, 46, 8, ""));
  refused(g, "charge a at b", "IN-B9");             /* 9.5 in */
  refused(g, "charge g at c", "IN-B9");
  refused(g, "melee a with b", "IN-B6");
  gn_game_free(g);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(charge_and_melee),
    cmocka_unit_test(obstacle_needs_seven),
    cmocka_unit_test(charged_unit_routs),
    cmocka_unit_test(flank_and_rear),
    cmocka_unit_test(melee_continues_in_flank),
    cmocka_unit_test(charge_limits),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
