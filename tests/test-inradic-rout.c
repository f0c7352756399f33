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
  SCRIPT(g, 10);                                    /* its stop-running test fails */
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

/* ref. IN-M14, IN-M15: "must make another morale check at the beginning of
** the next turn to see if they stop running away"; "cannot attempt to rally ...
** while within a charge move of an enemy unit". Within r2's charge move b1
** still tests: passing, it stops but stays halted (no rally); failing, it runs on. */
static void no_rally_near_enemy(void **state) {
  (void)state;
  const char *body = "units:\n" RED("r1", "foot", 50, 40, 10, "") RED("r2", "foot", 44, 68, 5, "")
                     BLUE("b1", "foot", 50, 50, 10, "quality: militia, bugler: 1");
  gn_game *g = mk(body);
  shoot_and_rout(g);
  int e0 = gn_event_count(g);
  SCRIPT(g, 3);                                    /* 3 + 1 <= 8: it stops running */
  ok(g, "end");
  assert_int_equal(count_kind(g, e0, "morale"), 1);
  assert_string_equal(last_kind(g, "morale")->ref, "IN-M14");
  assert_string_equal(last_kind(g, "rout")->ref, "IN-M15");
  assert_non_null(strstr(last_kind(g, "rout")->text, "may not rally"));
  assert_int_equal(attr(g, "b1", "status"), 2);    /* halted, not rallied */
  assert_true(near(box(g, "b1").c.y, 62));
  refused(g, "move b1 to 50,70", "IN-M11");         /* still broken: no orders */
  gn_game_free(g);

  g = mk(body);
  shoot_and_rout(g);
  SCRIPT(g, 10);                                   /* 10 + 1 > 8: it keeps running */
  ok(g, "end");
  assert_int_equal(attr(g, "b1", "status"), 1);
  assert_true(near(box(g, "b1").c.y, 74));
  gn_game_free(g);
}

/* ref. IN-M16, IN-M17: a halted unit rallies once it may: with r2 gone out of
** charge reach, b1 (halted, its bugler present) attempts the rally with a test
** at the start of its next turn and, passing, gathers round its bugler. */
static void halted_rallies_later(void **state) {
  (void)state;
  gn_game *g = mk("units:\n" RED("r1", "foot", 50, 40, 10, "") RED("r2", "foot", 44, 68, 5, "")
                  BLUE("b1", "foot", 50, 50, 10, "quality: militia, bugler: 1"));
  shoot_and_rout(g);
  SCRIPT(g, 3);
  ok(g, "end");                                    /* blue: b1 halts near r2 */
  assert_int_equal(attr(g, "b1", "status"), 2);
  ok(g, "end");                                    /* red's turn */
  ok(g, "move r2 to 40,72");
  int e0 = gn_event_count(g);
  SCRIPT(g, 4);                                    /* 4 + 1 <= 8 */
  ok(g, "end");                                    /* blue: the rally attempt */
  assert_int_equal(count_kind(g, e0, "morale"), 1);
  assert_string_equal(last_kind(g, "morale")->ref, "IN-M17");
  assert_int_equal(attr(g, "b1", "status"), 0);
  assert_string_equal(last_kind(g, "rally")->ref, "IN-M17");
  gn_game_free(g);
}

/* ref. IN-M14, IN-M16: "may only attempt to [rally] providing there is a
** bugler, flag bearer, NCO, or an officer present". Without any, b1 still
** tests each turn to stop running; passing it halts (not rallied), failing it
** runs on, and off the table it is gone. */
static void no_rally_without_leader(void **state) {
  (void)state;
  gn_game *g = mk("units:\n" RED("r1", "foot", 50, 40, 10, "")
                  BLUE("b1", "foot", 50, 50, 10, "quality: militia"));
  shoot_and_rout(g);
  int e0 = gn_event_count(g);
  SCRIPT(g, 10);
  ok(g, "end");
  assert_int_equal(count_kind(g, e0, "morale"), 1);
  assert_string_equal(last_kind(g, "rout")->ref, "IN-M11");   /* the move that follows */
  assert_true(near(box(g, "b1").c.y, 74));
  ok(g, "end");
  SCRIPT(g, 10);
  ok(g, "end");                                    /* 86 */
  ok(g, "end");
  SCRIPT(g, 10);
  ok(g, "end");                                    /* 98 */
  ok(g, "end");
  SCRIPT(g, 10);
  ok(g, "end");                                    /* 110: off the table */
  gn_unit_view v;
  gn_unit_view_get(g, U(g, "b1"), GN_UMPIRE, &v);
  assert_int_equal(v.removed, 1);
  assert_true(gn_game_over(g));                    /* blue has no figure left on the table */
  gn_game_free(g);

  g = mk("units:\n" RED("r1", "foot", 50, 40, 10, "") BLUE("b1", "foot", 50, 50, 10, "quality: militia"));
  shoot_and_rout(g);
  SCRIPT(g, 2);
  ok(g, "end");
  assert_int_equal(attr(g, "b1", "status"), 2);    /* stopped, but no leader to rally it */
  assert_string_equal(last_kind(g, "rout")->ref, "IN-M16");
  assert_true(near(box(g, "b1").c.y, 62));
  ok(g, "end");
  int e1 = gn_event_count(g);
  ok(g, "end");                                    /* halted: no test, no move */
  assert_int_equal(count_kind(g, e1, "morale"), 0);
  assert_true(near(box(g, "b1").c.y, 62));
  gn_game_free(g);
}

/* ref. IN-M16, IN-B14: one list of roles: a corporal is an NCO, so it may
** lead a rally ("a bugler, flag bearer, NCO, or an officer present"). */
static void corporal_rallies(void **state) {
  (void)state;
  gn_game *g = mk("units:\n" RED("r1", "foot", 50, 40, 10, "")
                  BLUE("b1", "foot", 50, 50, 10, "quality: militia, corporal: 1"));
  shoot_and_rout(g);
  SCRIPT(g, 3);
  ok(g, "end");
  assert_int_equal(attr(g, "b1", "status"), 0);
  assert_non_null(strstr(last_kind(g, "rally")->text, "corporal"));
  gn_game_free(g);
}

/* ref. IN-M13: "loose 1 man in five if forced to cross water" [interpretation:
** once per rout move however many crossings]: across two streams b1 (8) loses 1. */
static void water_once_per_move(void **state) {
  (void)state;
  gn_game *g = mk("units:\n" RED("r1", "foot", 50, 40, 10, "") BLUE("b1", "foot", 50, 50, 10, "quality: militia")
                  "terrain:\n  - {id: s1, kind: stream, line: [[0, 55], [100, 55]]}\n"
                  "  - {id: s2, kind: stream, line: [[0, 59], [100, 59]]}\n");
  int e0 = gn_event_count(g);
  shoot_and_rout(g);
  assert_int_equal(strength(g, "b1"), 7);
  int n = 0;
  for (int i = e0; i < gn_event_count(g); i++)
    if (!strcmp(gn_event_get(g, i)->ref, "IN-M13")) n++;
  assert_int_equal(n, 1);
  gn_game_free(g);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(rout_double_move),
    cmocka_unit_test(rout_across_water),
    cmocka_unit_test(retest_next_turn),
    cmocka_unit_test(no_rally_near_enemy),
    cmocka_unit_test(no_rally_without_leader),
    cmocka_unit_test(halted_rallies_later),
    cmocka_unit_test(water_once_per_move),
    cmocka_unit_test(corporal_rallies),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
