/*
** test-ba-teach.c: the Belle Alliance teaching scenarios (scenarios/ba-teach-*.yaml)
** play out as their comments say, with scripted dice. Run from the repository root.
*/
#include "test-ba.h"

static gn_game *load(const char *path) {
  gn_game *g = gn_game_new(NULL);
  assert_non_null(g);
  int rc = gn_game_load_file(g, path);
  if (rc) print_message("%s: %s\n", path, gn_errmsg(g));
  assert_int_equal(rc, GN_OK);
  assert_int_equal(gn_game_start(g, 7), GN_OK);
  return g;
}

/* ref. BA-5.5.3c, BA-5.5.3f, BA-5.5.3g, BA-5.5.4g: the last roll of supplies, then
** no fire; attack still allowed; back to the caisson, 2 bounds of rest refill. */
static void teach_supplies(void **state) {
  (void)state;
  gn_game *g = load("scenarios/ba-teach-supplies.yaml");
  int pr = gn_side_find(g, "prussians");
  int v;
  assert_int_equal(gn_unit_attr(g, ba_unit(g, "4L"), pr, "supplies", &v), GN_ESTATE);
  ba_dice(g, 3, 3, 3, 3);              /* 9 + 2: 1 figure per unit of fire, 3 */
  ba_ok(g, "fire 4L at PR");
  ba_ok(g, "end");
  assert_int_equal(ba_figures(g, "PR"), 27);
  assert_int_equal(ba_attr(g, "4L", "supplies"), 0);
  ba_refused(g, "fire 4L at PR", "BA-5.5.3f");
  assert_int_equal(gn_order_check(g, "attack 4L PR"), GN_OK);
  ba_ok(g, "turn 4L about");
  ba_ok(g, "end");
  ba_ok(g, "move 4L to 60,16");
  ba_ok(g, "end");
  ba_ok(g, "move 4L to 60,16");
  ba_ok(g, "end");
  assert_true(gn_unit_distance(g, ba_unit(g, "4L"), ba_unit(g, "CAI")) < 1.0);
  ba_ok(g, "rest 4L");
  ba_ok(g, "end");                     /* takes the rest formation */
  ba_ok(g, "end");
  assert_int_equal(ba_attr(g, "4L", "supplies"), 0);
  ba_ok(g, "end");
  assert_int_equal(ba_attr(g, "4L", "supplies"), -1);
  gn_game_free(g);
}

/* ref. BA-5.5.4g, BA-5.5.4i, BA-5.5.4j, BA-5.5.4e: as the scenario's comment says. */
static void teach_rest(void **state) {
  (void)state;
  gn_game *g = load("scenarios/ba-teach-rest.yaml");
  ba_ok(g, "rest 1G");
  ba_ok(g, "rest 2G");
  ba_ok(g, "rest 3G");
  ba_ok(g, "end");
  ba_ok(g, "end");
  assert_int_equal(ba_attr(g, "AMM", "target"), ba_unit(g, "1G") + 1);
  ba_ok(g, "end");
  assert_int_equal(ba_attr(g, "1G", "supplies"), -1);
  assert_int_equal(ba_attr(g, "2G", "supplies"), 0);
  ba_ok(g, "end");
  assert_int_equal(ba_attr(g, "AMM", "target"), ba_unit(g, "2G") + 1);
  assert_int_equal(ba_attr(g, "2G", "supplies"), 0);
  ba_ok(g, "end");
  assert_int_equal(ba_attr(g, "2G", "supplies"), -1);
  for (int i = 0; i < 3; i++) ba_ok(g, "end");
  assert_int_equal(ba_attr(g, "3G", "supplies"), 0);
  ba_ok(g, "end");
  assert_int_equal(ba_attr(g, "3G", "supplies"), -1);
  gn_game_free(g);
}

/* ref. BA-5.5.2a, BA-5.5.2c, BA-5.5.2e, BA-B14: 20 % lost -> -5; 40 % -> FD, the
** FD loss, valour -5; then the rout. */
static void teach_valour(void **state) {
  (void)state;
  gn_game *g = load("scenarios/ba-teach-valour.yaml");
  ba_dice(g, 3, 4, 4, 3);              /* 11 + 2 = 13: 2 x 3 = 6 lost; M 17: MD */
  ba_ok(g, "fire VET at LW");
  ba_ok(g, "end");
  assert_int_equal(ba_figures(g, "LW"), 24);
  assert_int_equal(ba_attr(g, "LW", "valour"), -5);
  assert_int_equal(ba_attr(g, "LW", "disorder"), 2);
  ba_dice(g, 3, 5, 4, 4);              /* 13: 6 more (40 %): -6 -> FD, loss 2, -5 */
  ba_ok(g, "continue VET");
  int e0 = gn_event_count(g);
  ba_ok(g, "end");
  assert_true(ba_event(g, e0, "disorder", "BA-5.5.2c") >= 0);
  assert_int_equal(ba_attr(g, "LW", "disorder"), 3);
  assert_int_equal(ba_figures(g, "LW"), 16);
  assert_int_equal(ba_attr(g, "LW", "valour"), -5);
  ba_refused(g, "rest LW", "BA-5.5.4b");
  ba_refused(g, "formation LW rest", "BA-5.5.4b");
  ba_refused(g, "fire LW at VET", "BA-B14");
  ba_dice(g, 3, 1, 1, 1);              /* it routs, then fails to reorganise */
  e0 = gn_event_count(g);
  ba_ok(g, "end");
  assert_true(ba_event(g, e0, "forced", "BA-1.1.1e") >= 0);
  assert_true(ba_box(g, "LW").c.y > 44.9);
  gn_game_free(g);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(teach_supplies),
    cmocka_unit_test(teach_rest),
    cmocka_unit_test(teach_valour),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
