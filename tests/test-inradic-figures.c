/*
** test-inradic-figures.c: units of individual figures, their roles, casualties
** (ref. IN-B5) and what the enemy may see.
*/
#include "inradic-helpers.h"

/* Privates are the rest of the strength; guns get one piece; steady, full ammunition. */
static void roles_and_defaults(void **state) {
  (void)state;
  gn_game *g = mk("units:\n"
                  "  - {id: r1, side: red, type: foot, at: [50, 40], strength: 10, attrs: {officer: 1, nco: 1}}\n"
                  "  - {id: gun, side: red, type: gun, at: [20, 40], strength: 4, attrs: {weapon: artillery}}\n"
                  "  - {id: b1, side: blue, type: foot, at: [50, 50], facing: 180, strength: 6, attrs: {privates: 5, flag: 1}}\n"
                  "  - {id: b2, side: blue, type: foot, at: [80, 50], strength: 6, attrs: {quality: commoners}}\n"
                  "  - {id: b3, side: blue, type: foot, at: [20, 50], strength: 6, attrs: {quality: fighters}}\n");
  assert_int_equal(attr(g, "r1", "privates"), 8);
  assert_int_equal(attr(g, "r1", "officer"), 1);
  assert_int_equal(strength(g, "r1"), 10);
  assert_int_equal(attr(g, "gun", "pieces"), 1);
  assert_int_equal(attr(g, "gun", "ammo"), 1);
  assert_int_equal(attr(g, "b1", "privates"), 5);
  assert_int_equal(attr(g, "b1", "quality"), 4);    /* trained by default */
  assert_int_equal(attr(g, "b2", "quality"), 0);    /* commoners are peasants */
  assert_int_equal(attr(g, "b3", "quality"), 7);    /* fighters are fanatics */
  gn_game_free(g);
}

/* Roles that do not add up to the strength are a scenario error. */
static void roles_must_add_up(void **state) {
  (void)state;
  char buf[1024];
  snprintf(buf, sizeof buf, "%sunits:\n"
           "  - {id: r1, side: red, type: foot, at: [50, 40], strength: 5, attrs: {privates: 3, nco: 1}}\n"
           "  - {id: b1, side: blue, type: foot, at: [50, 50], strength: 5}\n", HEAD);
  gn_game *g = gn_game_new(NULL);
  int rc = gn_game_load(g, "t.yaml", buf, strlen(buf));
  if (rc == 0) rc = gn_game_start(g, 1);
  assert_int_equal(rc, GN_ESCENARIO);
  assert_non_null(strstr(gn_errmsg(g), "r1"));
  gn_game_free(g);
}

/* ref. IN-M7: a unit's morale dice must be throwable: 640 figures throw
** 64d10, 641 would need a 65th die: the built-in limit (GN_ELIMIT) named
** where the unit is, when the game starts, not an order that fails at its
** first casualty. */
static void morale_dice_limit(void **state) {
  (void)state;
  for (int n = 640; n <= 641; n++) {
    char buf[1024];
    snprintf(buf, sizeof buf, "%sunits:\n"
             "  - {id: r1, side: red, type: foot, at: [50, 40], strength: 5}\n"
             "  - {id: big, side: blue, type: foot, at: [50, 50], strength: %d}\n", HEAD, n);
    gn_game *g = gn_game_new(NULL);
    int rc = gn_game_load(g, "t.yaml", buf, strlen(buf));
    if (rc == 0) rc = gn_game_start(g, 1);
    if (n == 640) {
      assert_int_equal(rc, 0);
    } else {
      assert_int_equal(rc, GN_ELIMIT);
      assert_non_null(strstr(gn_errmsg(g), "t.yaml:"));
      assert_non_null(strstr(gn_errmsg(g), "big"));
      assert_non_null(strstr(gn_errmsg(g), "64d10+1"));
    }
    gn_game_free(g);
  }
}

/* ref. IN-B5: each hit removes one figure, privates first, then the roles in
** order (bugler before flag bearer); losing its bugler the unit tests
** (ref. IN-M3, with IN-M1 in one test); the last figure gone, the unit is off the table. */
static void casualties_in_order(void **state) {
  (void)state;
  gn_game *g = mk("units:\n"
                  "  - {id: r1, side: red, type: foot, at: [50, 40], strength: 10}\n"
                  "  - {id: b1, side: blue, type: foot, at: [50, 50], facing: 180, strength: 3, attrs: {bugler: 1, flag: 1}}\n");
  SCRIPT(g, CARD(6, 0), CARD(7, 0), CARD(2, 0), CARD(3, 0), /* d3 */ 1);
  ok(g, "fire r1 at b1");
  assert_int_equal(attr(g, "b1", "privates"), 0);
  assert_int_equal(attr(g, "b1", "bugler"), 0);
  assert_int_equal(attr(g, "b1", "flag"), 1);
  assert_int_equal(strength(g, "b1"), 1);
  assert_non_null(strstr(last_kind(g, "morale")->text, "IN-M1, IN-M3"));
  ok(g, "end");
  ok(g, "end");
  SCRIPT(g, CARD(6, 1), CARD(2, 1), CARD(3, 1), CARD(4, 1));
  ok(g, "fire r1 at b1");
  gn_unit_view v;
  gn_unit_view_get(g, U(g, "b1"), GN_UMPIRE, &v);
  assert_int_equal(v.removed, 1);
  assert_true(gn_game_over(g) == 0);                /* decided at the end of the side turn */
  ok(g, "end");
  assert_true(gn_game_over(g));
  gn_game_free(g);
}

/* Views: the enemy sees the figures and their roles, not the ammunition left. */
static void enemy_view(void **state) {
  (void)state;
  gn_game *g = mk("units:\n"
                  "  - {id: mg, side: red, type: gun, at: [50, 40], strength: 3, attrs: {weapon: mg, ammo: 0, nco: 1}}\n"
                  "  - {id: b1, side: blue, type: foot, at: [50, 60], facing: 180, strength: 5}\n");
  int v;
  assert_int_equal(gn_unit_attr(g, U(g, "mg"), 1, "nco", &v), 0);
  assert_int_equal(v, 1);
  assert_int_equal(gn_unit_attr(g, U(g, "mg"), 1, "ammo", &v), GN_ESTATE);
  gn_unit_view uv;
  gn_unit_view_get(g, U(g, "mg"), 1, &uv);
  assert_int_equal(uv.strength, 3);
  assert_null(strstr(uv.status, "ammunition"));
  gn_unit_view_get(g, U(g, "mg"), 0, &uv);
  assert_non_null(strstr(uv.status, "out of ammunition"));
  refused(g, "fire mg at b1", "IN-R7");
  gn_game_free(g);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(roles_and_defaults),
    cmocka_unit_test(roles_must_add_up),
    cmocka_unit_test(morale_dice_limit),
    cmocka_unit_test(casualties_in_order),
    cmocka_unit_test(enemy_view),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
