/*
** test-inradic-rout.c: routing and rallying (ref. IN-M11, IN-M12, IN-M13, IN-M14, IN-M15, IN-M16, IN-M17), with scripted
** cards and dice.
*/
#include "inradic-helpers.h"

/* r1 shoots b1 (militia, 10) down to 8 and b1 fails (9 + 1 > 8). */
static void shoot_and_rout(gn_game *g) {
  SCRIPT(g, CARD(6, 0), CARD(7, 0), CARD(2, 0), CARD(3, 0), /* d10 */ 9);
  ok(g, "fire r1 at b1");
  assert_int_equal(attr(g, "b1", "status"), 1);
}

/* ref. IN-M11, IN-M12: the routers run a double move (12 in for foot) straight
** away from the enemy, through woods as through open ground, backs to the enemy. */
static void rout_double_move(void **state) {
  (void)state;
  gn_game *g = mk("units:\n" RED("r1", "foot", 50, 40, 10, "") BLUE("b1", "foot", 50, 50, 10, "quality: militia")
                  "terrain:\n  - {id: w, kind: woods, area: [[40, 55], [60, 55], [60, 58], [40, 58]]}\n");
  shoot_and_rout(g);
  gn_box b = box(g, "b1");
  assert_true(near(b.c.x, 50) && near(b.c.y, 62));
  assert_true(near(b.facing, 3.14159265358979323846 / 2));
  assert_string_equal(last_kind(g, "rout")->ref, "IN-M11");
  refused(g, "fire r1 at b1", "IN-B13");            /* r1 already fired */
  ok(g, "end");
  /* b1 may not act while routing (it is blue's turn now, it failed to stop) */
  gn_game_free(g);
}

/* ref. IN-M13: running across a river costs one figure in five (8 -> 7). */
static void rout_across_water(void **state) {
  (void)state;
  gn_game *g = mk("units:\n" RED("r1", "foot", 50, 40, 10, "") BLUE("b1", "foot", 50, 50, 10, "quality: militia")
                  "terrain:\n  - {id: r, kind: river, line: [[0, 56], [100, 56]]}\n");
  shoot_and_rout(g);
  assert_int_equal(strength(g, "b1"), 7);
  const gn_event *e = last_kind(g, "rout");
  assert_string_equal(e->ref, "IN-M13");
  assert_int_equal(e->total, 1);
  gn_game_free(g);
}

/* ref. IN-M14, IN-M17: at the start of its next turn the router tests again;
** passing (3 + 1 <= 8) it rallies in a close group around its bugler, facing
** the enemy; failing (10 + 1 > 8) it runs another double move. */
static void retest_next_turn(void **state) {
  (void)state;
  const char *body = "units:\n" RED("r1", "foot", 50, 40, 10, "")
                     BLUE("b1", "foot", 50, 50, 10, "quality: militia, bugler: 1");
  gn_game *g = mk(body);
  shoot_and_rout(g);
  SCRIPT(g, 3);
  ok(g, "end");
  assert_int_equal(attr(g, "b1", "status"), 0);
  const gn_event *e = last_kind(g, "rally");
  assert_string_equal(e->ref, "IN-M17");
  assert_non_null(strstr(e->text, "bugler"));
  gn_box b = box(g, "b1");
  assert_true(near(b.c.x, 50) && near(b.c.y, 62));
  assert_true(near(b.w, 3) && near(b.d, 3));        /* 8 figures: a 3 in group */
  assert_true(near(b.facing, -3.14159265358979323846 / 2));
  assert_string_equal(last_kind(g, "morale")->ref, "IN-M14");
  gn_game_free(g);

  g = mk(body);
  shoot_and_rout(g);
  SCRIPT(g, 10);
  ok(g, "end");
  assert_int_equal(attr(g, "b1", "status"), 1);
  b = box(g, "b1");
  assert_true(near(b.c.y, 74));
  refused(g, "move b1 to 50,70", "IN-M11");         /* routers obey no order */
  gn_game_free(g);
}

/* ref. IN-M15: no rally within a charge move of an enemy: no test, it runs on. */
static void no_rally_near_enemy(void **state) {
  (void)state;
  gn_game *g = mk("units:\n" RED("r1", "foot", 50, 40, 10, "") RED("r2", "foot", 44, 68, 5, "")
                  BLUE("b1", "foot", 50, 50, 10, "quality: militia, bugler: 1"));
  shoot_and_rout(g);
  int e0 = gn_event_count(g);
  ok(g, "end");                                    /* no dice: no test */
  assert_int_equal(count_kind(g, e0, "morale"), 0);
  int found = 0;
  for (int i = e0; i < gn_event_count(g); i++)
    if (!strcmp(gn_event_get(g, i)->kind, "rout") && !strcmp(gn_event_get(g, i)->ref, "IN-M15")) found = 1;
  assert_true(found);
  assert_true(near(box(g, "b1").c.y, 74));
  gn_game_free(g);
}

/* ref. IN-M16: without a bugler, flag bearer, NCO or officer (a corporal is
** not enough) a router cannot rally; off the table it is gone. */
static void no_rally_without_leader(void **state) {
  (void)state;
  gn_game *g = mk("units:\n" RED("r1", "foot", 50, 40, 10, "")
                  BLUE("b1", "foot", 50, 50, 10, "quality: militia, corporal: 1"));
  shoot_and_rout(g);
  int e0 = gn_event_count(g);
  ok(g, "end");
  assert_int_equal(count_kind(g, e0, "morale"), 0);
  assert_string_equal(last_kind(g, "rout")->ref, "IN-M11");   /* the move that follows */
  int found = 0;
  for (int i = e0; i < gn_event_count(g); i++)
    if (!strcmp(gn_event_get(g, i)->ref, "IN-M16")) found = 1;
  assert_true(found);
  assert_true(near(box(g, "b1").c.y, 74));
  ok(g, "end");
  ok(g, "end");                                    /* 86 */
  ok(g, "end");
  ok(g, "end");                                    /* 98 */
  ok(g, "end");
  ok(g, "end");                                    /* 110: off the table */
  gn_unit_view v;
  gn_unit_view_get(g, U(g, "b1"), GN_UMPIRE, &v);
  assert_int_equal(v.removed, 1);
  assert_true(gn_game_over(g));                    /* blue has no figure left on the table */
  gn_game_free(g);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(rout_double_move),
    cmocka_unit_test(rout_across_water),
    cmocka_unit_test(retest_next_turn),
    cmocka_unit_test(no_rally_near_enemy),
    cmocka_unit_test(no_rally_without_leader),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
