/*
** test-inradic-pursuit.c: the pursuit table (ref. IN-P1, IN-P2, IN-P3, IN-P4, IN-P5, IN-P6), with scripted dice.
*/
#include "inradic-helpers.h"

/* Red unit a (quality q) charges blue militia b (8 each); b fails its test
** (8 + 1 > 8) and routs north to 50,58; then a's pursuit die, if any. */
static gn_game *rout_b(const char *q) {
  char body[1024];
  snprintf(body, sizeof body, "units:\n"
           "  - {id: a, side: red, type: foot, at: [50, 40], facing: 0, strength: 8, attrs: {quality: %s}}\n"
           "  - {id: b, side: blue, type: foot, at: [50, 46], facing: 180, strength: 8, attrs: {quality: militia, bugler: 1}}\n",
           q);
  return mk(body);
}

/* ref. IN-P1: peasants never pursue: no die, no pursuit. */
static void peasants_never(void **state) {
  (void)state;
  gn_game *g = rout_b("peasants");
  int e0 = gn_event_count(g);
  SCRIPT(g, 8);
  ok(g, "charge a at b");
  assert_int_equal(attr(g, "a", "pursuit"), 0);
  assert_string_equal(last_kind(g, "pursuit")->ref, "IN-P1");
  assert_int_equal(count_kind(g, e0, "roll"), 1);   /* only b's morale */
  refused(g, "pursue a", "IN-P1");
  gn_game_free(g);
}

/* ref. IN-P2: militia may pursue on a 1, and only for the first game turn. */
static void militia_first_turn(void **state) {
  (void)state;
  gn_game *g = rout_b("militia");
  SCRIPT(g, 8, /* pursuit die */ 2);
  ok(g, "charge a at b");
  assert_int_equal(attr(g, "a", "pursuit"), 0);
  gn_game_free(g);

  g = rout_b("militia");
  SCRIPT(g, 8, /* pursuit die */ 1);
  ok(g, "charge a at b");
  assert_int_equal(attr(g, "a", "pursuit"), 1);
  ok(g, "pursue a");
  assert_int_equal(attr(g, "a", "pursuit"), 2);
  assert_true(near(box(g, "a").c.y, 56));           /* in contact behind b */
  int e0 = gn_event_count(g);
  SCRIPT(g, 8);                                     /* ref. IN-M14: pursued, b still tests: 8 + 1 > 8 */
  ok(g, "end");                                     /* it fails and runs on to 70 */
  assert_true(near(box(g, "b").c.y, 70));
  assert_int_equal(count_kind(g, e0, "morale"), 1);
  assert_string_equal(last_kind(g, "morale")->ref, "IN-M14");
  assert_true(near(box(g, "a").c.y, 68));
  ok(g, "end");                                     /* turn 2: the militia give up */
  assert_int_equal(attr(g, "a", "pursuit"), 0);
  assert_string_equal(last_kind(g, "pursuit")->ref, "IN-P2");
  gn_game_free(g);
}

/* ref. IN-P3: trained troops may pursue on 4-6; they may decline; an open
** pursuit not taken lapses at the end of the turn. */
static void trained_four_up(void **state) {
  (void)state;
  gn_game *g = rout_b("trained");
  SCRIPT(g, 8, 3);
  ok(g, "charge a at b");
  assert_int_equal(attr(g, "a", "pursuit"), 0);
  gn_game_free(g);

  g = rout_b("trained");
  SCRIPT(g, 8, 4);
  ok(g, "charge a at b");
  assert_int_equal(attr(g, "a", "pursuit"), 1);
  ok(g, "halt a");
  assert_int_equal(attr(g, "a", "pursuit"), 0);
  gn_game_free(g);

  g = rout_b("trained");
  SCRIPT(g, 8, 6);
  ok(g, "charge a at b");
  SCRIPT(g, 3);                                     /* b is not pursued: it tests, and rallies */
  ok(g, "end");
  assert_int_equal(attr(g, "a", "pursuit"), 0);
  assert_int_equal(attr(g, "b", "status"), 0);
  gn_game_free(g);
}

/* ref. IN-P4: well-trained troops may pursue on 2-6. */
static void well_trained_two_up(void **state) {
  (void)state;
  gn_game *g = rout_b("well_trained");
  SCRIPT(g, 8, 2);
  ok(g, "charge a at b");
  assert_int_equal(attr(g, "a", "pursuit"), 1);
  gn_game_free(g);
  g = rout_b("well_trained");
  SCRIPT(g, 8, 1);
  ok(g, "charge a at b");
  assert_int_equal(attr(g, "a", "pursuit"), 0);
  gn_game_free(g);
}

/* ref. IN-P5: veterans may always pursue (no die) and stop at will; a pursued
** router cannot rally (ref. IN-M15) and does not fight back in melee. */
static void veterans_always(void **state) {
  (void)state;
  gn_game *g = rout_b("veteran");
  int e0 = gn_event_count(g);
  SCRIPT(g, 8);
  ok(g, "charge a at b");
  assert_int_equal(count_kind(g, e0, "roll"), 1);
  assert_int_equal(attr(g, "a", "pursuit"), 1);
  ok(g, "pursue a");
  SCRIPT(g, 8);                                     /* b fails to stop */
  ok(g, "end");
  ok(g, "end");
  e0 = gn_event_count(g);
  SCRIPT(g, CARD(6, 0), CARD(7, 0), CARD(2, 0), CARD(3, 0));
  ok(g, "melee a with b");
  assert_int_equal(count_kind(g, e0, "card"), 4);   /* b draws none */
  assert_int_equal(strength(g, "b"), 6);
  ok(g, "halt a");
  assert_int_equal(attr(g, "a", "pursuit"), 0);
  gn_game_free(g);
}

/* ref. IN-P6: fanatics pursue at once on 2-6 and halt only on 5-6 (one try a
** turn); on a 1 they may decline, else they pursue at the end of the turn. */
static void fanatics(void **state) {
  (void)state;
  gn_game *g = rout_b("fanatic");
  SCRIPT(g, 8, 2);
  ok(g, "charge a at b");
  assert_int_equal(attr(g, "a", "pursuit"), 2);
  assert_true(near(box(g, "a").c.y, 56));
  SCRIPT(g, 4);
  ok(g, "halt a");
  assert_int_equal(attr(g, "a", "pursuit"), 2);
  refused(g, "halt a", "IN-P6");                    /* one try per side turn [interpretation] */
  SCRIPT(g, 8);                                     /* b fails to stop */
  ok(g, "end");
  ok(g, "end");
  SCRIPT(g, 5);
  ok(g, "halt a");
  assert_int_equal(attr(g, "a", "pursuit"), 0);
  gn_game_free(g);

  g = rout_b("fanatic");
  SCRIPT(g, 8, 1);
  ok(g, "charge a at b");
  assert_int_equal(attr(g, "a", "pursuit"), 3);
  SCRIPT(g, 8);                                     /* b fails to stop */
  ok(g, "end");                                     /* not declined: it pursues */
  assert_int_equal(attr(g, "a", "pursuit"), 2);
  gn_game_free(g);

  g = rout_b("fanatic");
  SCRIPT(g, 8, 1);
  ok(g, "charge a at b");
  ok(g, "halt a");                                  /* declined, no die */
  assert_int_equal(attr(g, "a", "pursuit"), 0);
  gn_game_free(g);
}

/* ref. IN-P6, IN-M15: the pursued router runs 12 in each turn with its pursuer
** behind it; when it runs off the table the pursuit ends. */
static void pursuit_ends_off_table(void **state) {
  (void)state;
  gn_game *g = rout_b("fanatic");
  SCRIPT(g, 8, 6);
  ok(g, "charge a at b");
  for (int i = 0; i < 5; i++) {
    if (i % 2 == 0) SCRIPT(g, 8);                   /* blue's turns: b tests and fails to stop */
    ok(g, "end");
    assert_int_equal(attr(g, "a", "pursuit"), 2);
  }
  assert_true(near(box(g, "b").c.y, 94));
  assert_true(near(box(g, "a").c.y, 92));
  ok(g, "end");
  SCRIPT(g, 8);
  ok(g, "end");                                     /* b runs to 106: off the table */
  assert_int_equal(attr(g, "a", "pursuit"), 0);
  assert_int_equal(attr(g, "a", "pursue_of"), 0);
  assert_true(gn_game_over(g));
  gn_game_free(g);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(peasants_never),
    cmocka_unit_test(militia_first_turn),
    cmocka_unit_test(trained_four_up),
    cmocka_unit_test(well_trained_two_up),
    cmocka_unit_test(veterans_always),
    cmocka_unit_test(fanatics),
    cmocka_unit_test(pursuit_ends_off_table),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
