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

/* A started game of BA_HEAD's table with these units and the scenario's
** options line (NULL: none). */
static gn_game *with_options(const char *units, const char *options) {
  char text[4096];
  snprintf(text, sizeof text, BA_HEAD "%s%s%s%s", units, options ? "options: {" : "", options ? options : "",
           options ? "}\n" : "");
  gn_game *g = gn_game_new(NULL);
  int rc = gn_game_load(g, "t.yaml", text, strlen(text));
  if (rc) print_message("%s\n", gn_errmsg(g));
  assert_int_equal(rc, GN_OK);
  rc = gn_game_start(g, 1);
  if (rc) print_message("%s\n", gn_errmsg(g));
  assert_int_equal(rc, GN_OK);
  return g;
}

/* A (slightly disordered) stands with its back to staff figure S, 35 cm from
** it edge to edge (A's line spans y 58.5..61.5, S's 2 cm square 96.5..98.5);
** the enemy N is far off. Nobody fires or moves: at the end of the bound A
** reorganises on 3+3+3. */
#define RATED(rating)                                                                            \
  "  - {id: A, side: fr, type: infantry, at: [100, 60], facing: 0, strength: 30, attrs: {disorder: SD}}\n" \
  "  - {id: S, side: fr, type: staff, at: [100, 97.5], facing: 0, strength: 1, attrs: {rating: " rating "}}\n" \
  "  - {id: N, side: al, type: infantry, at: [20, 110], facing: 180, strength: 30}\n"

/* A's reorganisation roll of one bound: its event. */
static int reorganise(gn_game *g) {
  ba_dice(g, 3, 3, 3, 3);
  int e0 = gn_event_count(g);
  ba_ok(g, "end");
  assert_int_equal(gn_dice_script_left(g), 0);
  int e = ba_event(g, e0, "reorganise", "BA-B15");
  assert_true(e >= 0);
  return e;
}

/* ref. BA-LDR: with the option staff_command, a staff figure's command radius
** is staff.command.radius (30 cm) plus staff.rating.radius by his rating (good
** +10): A at 35 cm is beyond an average S and within a good one, whose command
** adds staff.command.bonus (+1) to its reorganisation. Without the option the
** rating commands nothing. His own side sees his rating and radius; the enemy
** neither, as it does not see valour. */
static void rating_radius(void **state) {
  (void)state;
  gn_game *g = with_options(RATED("average"), "staff_command: true");
  int e = reorganise(g);
  assert_int_equal(gn_event_get(g, e)->total, 9);
  assert_int_equal(ba_mod(g, e, "staff in command"), -99);
  gn_unit_view v;
  assert_int_equal(gn_unit_view_get(g, ba_unit(g, "S"), gn_side_find(g, "fr"), &v), GN_OK);
  assert_int_equal(v.rating, GN_RATING_AVERAGE);
  assert_true(v.command_radius == 30);
  gn_game_free(g);

  g = with_options(RATED("good"), "staff_command: true");
  e = reorganise(g);
  assert_int_equal(gn_event_get(g, e)->total, 10);
  assert_int_equal(ba_mod(g, e, "staff in command"), 1);
  assert_string_equal(ba_mod_ref(g, e, "staff in command"), "BA-LDR");
  int fr = gn_side_find(g, "fr"), al = gn_side_find(g, "al"), r;
  assert_int_equal(gn_unit_view_get(g, ba_unit(g, "S"), fr, &v), GN_OK);
  assert_int_equal(v.rating, GN_RATING_GOOD);
  assert_true(v.command_radius == 40);
  assert_int_equal(gn_unit_view_get(g, ba_unit(g, "S"), al, &v), GN_OK);
  assert_int_equal(v.rating, -1);
  assert_true(v.command_radius == -1);
  assert_int_equal(gn_unit_attr(g, ba_unit(g, "S"), al, "rating", &r), GN_ESTATE);
  assert_int_equal(gn_unit_attr(g, ba_unit(g, "S"), fr, "rating", &r), GN_OK);
  assert_int_equal(r, GN_RATING_GOOD);
  char *text = gn_state_text(g, fr);
  assert_non_null(strstr(text, "good leader, command 40 cm"));
  gn_string_free(text);
  text = gn_state_text(g, al);
  assert_null(strstr(text, "good leader"));
  gn_string_free(text);
  gn_game_free(g);

  g = with_options(RATED("good"), NULL);
  e = reorganise(g);
  assert_int_equal(gn_event_get(g, e)->total, 9);
  assert_int_equal(ba_mod(g, e, "staff in command"), -99);
  assert_int_equal(gn_unit_view_get(g, ba_unit(g, "S"), GN_UMPIRE, &v), GN_OK);
  assert_true(v.command_radius == -1);
  gn_game_free(g);
}

/* ref. BA-LDR, BA-T18: a staff figure who falls on his catch roll is lost to
** his side, and every side is told; that he was a good leader only his own. */
#define LED                                                                               \
  "  - {id: A, side: fr, type: infantry, at: [50, 20], facing: 0, strength: 30}\n"      \
  "  - {id: S, name: Reille, side: fr, type: staff, at: [70, 10], facing: 0, strength: 1, attrs: {rating: good}}\n" \
  "  - {id: B, side: al, type: infantry, at: [50, 28], facing: 180, strength: 30}\n"

static void leader_lost(void **state) {
  (void)state;
  gn_game *g = with_options(LED, "staff_command: true");
  ba_ok(g, "move S to 50,17");
  ba_ok(g, "end");
  ba_ok(g, "engage S A");
  ba_ok(g, "attack A B");
  ba_dice(g, 9, 3, 3, 4, 3, 3, 4, 6, 4, 4);          /* the melee, then the catch roll: 14 */
  int e0 = gn_event_count(g);
  ba_ok(g, "end");
  assert_int_equal(ba_removed(g, "S"), 1);
  int fr = gn_side_find(g, "fr"), al = gn_side_find(g, "al");
  int e = ba_event(g, e0, "leader-lost", "BA-LDR");
  assert_true(e >= 0);
  assert_int_equal(gn_event_get(g, e)->unit, ba_unit(g, "S"));
  assert_non_null(strstr(gn_event_get(g, e)->text, "Reille, S, is lost to French"));
  assert_int_equal(gn_event_visible(g, e, fr), 1);
  assert_int_equal(gn_event_visible(g, e, al), 1);
  int r = ba_event(g, e + 1, "leader-lost", "BA-LDR");
  assert_true(r > e);
  assert_non_null(strstr(gn_event_get(g, r)->text, "good leader"));
  assert_int_equal(gn_event_visible(g, r, fr), 1);
  assert_int_equal(gn_event_visible(g, r, al), 0);
  gn_unit_view v;
  assert_int_equal(gn_unit_view_get(g, ba_unit(g, "S"), fr, &v), GN_OK);
  assert_int_equal(v.removed, 1);
  gn_game_free(g);
}

/* ref. BA-LDR, BA-B21: the spread of rout of spread_of_rout with a staff
** figure S between A and D, within his command of both: each test adds
** staff.command.bonus (+1): A's 6 becomes 7, still below 8, and it routs;
** D's 13 becomes 14. */
static void spread_under_command(void **state) {
  (void)state;
  gn_game *g = with_options(ROUT "  - {id: S, side: fr, type: staff, at: [50, 14], facing: 0, strength: 1}\n",
                            "staff_command: true");
  ba_ok(g, "fire N at R");
  ba_dice(g, 12, 6, 6, 6, 1, 2, 3, 4, 4, 4, 1, 1, 1);
  int e0 = gn_event_count(g);
  ba_ok(g, "end");
  assert_int_equal(gn_dice_script_left(g), 0);
  int a = ba_event(g, e0, "spread", "BA-B21");
  assert_int_equal(gn_event_get(g, a)->unit, ba_unit(g, "A"));
  assert_int_equal(ba_mod(g, a, "staff in command"), 1);
  assert_int_equal(gn_event_get(g, a)->total, 7);
  assert_int_equal(ba_attr(g, "A", "disorder"), 3);
  int d = ba_event(g, a + 1, "spread", "BA-B21");
  assert_int_equal(gn_event_get(g, d)->unit, ba_unit(g, "D"));
  assert_int_equal(gn_event_get(g, d)->total, 14);
  gn_game_free(g);
}

/* ref. BA-LDR: a rating belongs to a staff figure; on a battalion the game
** refuses to start, naming the unit and the rule. */
static void rating_only_on_staff(void **state) {
  (void)state;
  static const char units[] =
    "  - {id: A, side: fr, type: infantry, at: [50, 20], facing: 0, strength: 30, attrs: {rating: good}}\n"
    "  - {id: B, side: al, type: infantry, at: [50, 90], facing: 180, strength: 30}\n";
  char text[2048];
  snprintf(text, sizeof text, BA_HEAD "%s", units);
  gn_game *g = gn_game_new(NULL);
  assert_int_equal(gn_game_load(g, "t.yaml", text, strlen(text)), GN_OK);
  assert_int_equal(gn_game_start(g, 1), GN_ESCENARIO);
  assert_non_null(strstr(gn_errmsg(g), "unit 'A' (infantry): only a staff figure has a rating"));
  assert_non_null(strstr(gn_errmsg(g), "ref. BA-LDR"));
  gn_game_free(g);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(spread_of_rout),
    cmocka_unit_test(survives),
    cmocka_unit_test(falls),
    cmocka_unit_test(no_roll_when_not_engaged),
    cmocka_unit_test(rating_radius),
    cmocka_unit_test(leader_lost),
    cmocka_unit_test(spread_under_command),
    cmocka_unit_test(rating_only_on_staff),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
