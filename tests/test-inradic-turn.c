/*
** test-inradic-turn.c: the sequence of play and movement (ref. IN-B13, IN-B8, IN-B9).
*/
#include "inradic-helpers.h"
#include <math.h>

/* ref. IN-B13: red then blue in each turn; only the side to act gives orders;
** each unit fires once a side turn; at the turn limit the side with more
** steady figures wins. */
static void sequence_of_play(void **state) {
  (void)state;
  gn_game *g = mk("units:\n" RED("r1", "foot", 50, 40, 10, "") BLUE("b1", "foot", 50, 50, 5, ""));
  assert_int_equal(gn_game_active_side(g), 0);
  assert_int_equal(gn_game_turn(g), 1);
  refused(g, "fire b1 at r1", "IN-B13");
  SCRIPT(g, CARD(2, 0), CARD(3, 0), CARD(4, 0), CARD(5, 0));
  ok(g, "fire r1 at b1");
  refused(g, "fire r1 at b1", "IN-B13");
  ok(g, "end");
  assert_int_equal(gn_game_active_side(g), 1);
  assert_int_equal(gn_game_turn(g), 1);
  ok(g, "end");
  assert_int_equal(gn_game_active_side(g), 0);
  assert_int_equal(gn_game_turn(g), 2);
  SCRIPT(g, CARD(2, 1), CARD(3, 1), CARD(4, 1), CARD(5, 1));
  ok(g, "fire r1 at b1");                           /* a new turn */
  for (int i = 0; i < 17; i++) ok(g, "end");
  assert_int_equal(gn_game_turn(g), 10);
  assert_false(gn_game_over(g));
  ok(g, "end");
  assert_true(gn_game_over(g));
  assert_string_equal(gn_game_clock(g).text, "turn 10, won by Red");
  assert_int_equal(gn_order_apply(g, "end"), GN_ESTATE);
  gn_game_free(g);
}

/* ref. IN-B8: normal moves: foot 6 in, mounted 12, guns 3, wagons 6; woods
** and rough ground cost double. */
static void movement(void **state) {
  (void)state;
  gn_game *g = mk("units:\n" RED("f", "foot", 10, 10, 5, "") RED("m", "mounted", 30, 10, 5, "")
                  RED("g", "gun", 50, 10, 3, "weapon: artillery") RED("w", "wagon", 70, 10, 1, "weapon: none")
                  RED("f2", "foot", 10, 60, 5, "") BLUE("b1", "foot", 90, 90, 5, "")
                  "terrain:\n  - {id: wd, kind: woods, area: [[0, 63], [20, 63], [20, 80], [0, 80]]}\n");
  refused(g, "move f to 10,16.5", "IN-B8");
  ok(g, "move f to 10,16");
  refused(g, "move f to 10,17", "IN-B13");          /* once a turn */
  refused(g, "move m to 30,22.5", "IN-B8");
  ok(g, "move m to 30,22");
  refused(g, "move g to 50,13.5", "IN-B8");
  ok(g, "move g to 50,13");
  ok(g, "move w to 70,16");
  refused(g, "move f2 to 10,65", "IN-B8");          /* 3 in the open + 2 in woods = 7 */
  ok(g, "move f2 to 10,64.5 facing 90");            /* 3 + 1.5 x 2 = 6 */
  gn_box b = box(g, "f2");
  assert_true(near(b.c.y, 64.5) && near(b.facing, 0));
  assert_string_equal(last_kind(g, "move")->ref, "IN-B8");
  gn_game_free(g);
}

/* ref. IN-B8: moves as players make them: advance and retire keep the
** facing; a move over by the measuring tolerance (move.tolerance, 0.2 in)
** passes; towards a point goes as far as the move allows, difficult terrain
** counted double; turn in place. */
static void moves_as_told(void **state) {
  (void)state;
  gn_game *g = mk("units:\n" RED("f", "foot", 10, 10, 5, "") RED("m", "mounted", 30, 10, 5, "")
                  RED("g", "gun", 50, 10, 3, "weapon: artillery") RED("w", "wagon", 70, 10, 1, "weapon: none")
                  RED("f2", "foot", 10, 60, 5, "") RED("f3", "foot", 80, 10, 5, "") BLUE("b1", "foot", 90, 90, 5, "")
                  "terrain:\n  - {id: wd, kind: woods, area: [[0, 63], [20, 63], [20, 80], [0, 80]]}\n");
  double f0 = box(g, "f").facing;
  ok(g, "move f advance 6.1");                        /* 0.1 over its 6 in: within the tolerance */
  assert_true(near(box(g, "f").c.y, 16.1) && near(box(g, "f").facing, f0));
  refused(g, "move f3 advance 6.3", "IN-B8");         /* 0.3 over: past it */
  ok(g, "move m towards 30,90");                      /* as far as 12 in go */
  assert_true(near(box(g, "m").c.y, 22) && near(box(g, "m").c.x, 30));
  ok(g, "move g turn 90");
  assert_true(near(box(g, "g").facing, 0) && near(box(g, "g").c.y, 10));
  ok(g, "move w retire 3");
  assert_true(near(box(g, "w").c.y, 7) && near(box(g, "w").facing, f0));
  ok(g, "move f2 towards 10,90");                     /* 3 in the open, then 1.5 in the woods */
  assert_true(near(box(g, "f2").c.y, 64.5));
  gn_game_free(g);
}

/* ref. IN-B8, IN-B9: a move may not end on another unit, off the table, or in
** contact with an enemy (that is a charge); mounted troops charge 18 in. */
static void move_limits(void **state) {
  (void)state;
  gn_game *g = mk("units:\n" RED("f", "foot", 50, 40, 5, "") RED("f2", "foot", 50, 35, 5, "")
                  RED("m", "mounted", 20, 40, 5, "") BLUE("b1", "foot", 50, 46, 5, "")
                  BLUE("b2", "foot", 20, 60, 5, "") RED("e", "foot", 97, 40, 5, ""));
  refused(g, "move f to 50,44", "IN-B9");
  refused(g, "move f2 to 50,39", "IN-B8");
  refused(g, "move e to 101,40", "IN-B8");
  SCRIPT(g, /* b2 test: d5 */ 1, CARD(2, 0), CARD(3, 0), CARD(2, 1), CARD(3, 1));
  ok(g, "charge m at b2");                          /* 17.5 in: within 18 */
  gn_game_free(g);
}

/* ref. IN-ARR: a reinforcement is off the table until its side's turn of
** arrival begins, then stands at its entry; its side is not beaten while it
** is still to come. */
static void reinforcements(void **state) {
  (void)state;
  gn_game *g = mk("units:\n" RED("r1", "foot", 50, 40, 10, "")
                  "  - {id: b2, side: blue, type: foot, at: [50, 95], facing: 180, strength: 5, arrives: 2}\n");
  assert_int_equal(gn_game_active_side(g), 0);
  gn_unit_view v;
  assert_int_equal(gn_unit_view_get(g, U(g, "b2"), GN_UMPIRE, &v), 0);
  assert_int_equal(v.removed, 1);
  ok(g, "end");
  assert_false(gn_game_over(g));
  ok(g, "end");
  ok(g, "end");                                  /* blue's turn 2 begins */
  assert_int_equal(gn_game_turn(g), 2);
  assert_int_equal(gn_game_active_side(g), 1);
  assert_int_equal(gn_unit_view_get(g, U(g, "b2"), GN_UMPIRE, &v), 0);
  assert_int_equal(v.removed, 0);
  assert_true(v.box.c.x == 50 && v.box.c.y == 95);
  const gn_event *e = last_kind(g, "arrival");
  assert_non_null(e);
  assert_string_equal(e->ref, "IN-ARR");
  ok(g, "move b2 to 50,90");
  gn_game_free(g);
}


/* ref. IN-ARR [interpretation]: a group that comes on at an edge segment
** stands side by side along it from its first end in its order of march,
** rear on the edge, facing in; coming on is its move of the turn
** (arrival.entry_is_move). A group whose entry is held waits. */
static void reinforcements_at_entry(void **state) {
  (void)state;
  gn_game *g = mk("formations:\n"
                  "  - {id: col, echelon: brigade, side: blue, arrives: {turn: 2, entry: [[40, 100], [60, 100]]}}\n"
                  "units:\n" RED("r1", "foot", 50, 40, 10, "")
                  "  - {id: b2, formation: col, type: foot, strength: 5}\n"
                  "  - {id: b3, formation: col, type: foot, strength: 5}\n"
                  "  - {id: b4, side: blue, type: foot, strength: 5, arrives: {turn: 2, entry: [[40, 100], [60, 100]]}}\n");
  ok(g, "end");
  ok(g, "end");
  ok(g, "end");                                  /* blue's turn 2 begins */
  assert_int_equal(gn_game_active_side(g), 1);
  gn_unit_view v;
  assert_int_equal(gn_unit_view_get(g, U(g, "b2"), GN_UMPIRE, &v), 0);
  assert_int_equal(v.removed, 0);
  assert_true(near(v.box.c.x, 42.5) && near(v.box.c.y, 99));   /* 5 in wide, 2 deep */
  assert_true(near(sin(v.box.facing), -1));
  assert_int_equal(gn_unit_view_get(g, U(g, "b3"), GN_UMPIRE, &v), 0);
  assert_true(near(v.box.c.x, 47.5) && near(v.box.c.y, 99));   /* beside it */
  assert_int_equal(gn_unit_view_get(g, U(g, "b4"), GN_UMPIRE, &v), 0);
  assert_int_equal(v.removed, 1);                                /* b2 stands on its entry */
  assert_non_null(strstr(last_kind(g, "arrival")->text, "b4 cannot come on this turn: b2 stands on its entry"));
  assert_int_equal(gn_order_apply(g, "move b2 to 42.5,95"), GN_EREFUSED);
  assert_string_equal(gn_refusal_ref(g), "IN-B13");              /* it has moved */
  gn_game_free(g);
}


/* ref. IN-VIC: when the last side ends its turn, an objective goes to the
** only side with a steady unit (not a wagon) within its radius, told to all. */
static void objective_holders(void **state) {
  (void)state;
  gn_game *g = mk("objectives:\n  - {id: well, at: [50, 45], radius: 5, points: 2, owner: blue}\n"
                  "units:\n" RED("r1", "foot", 50, 40, 10, "")
                  "  - {id: b2, side: blue, type: foot, at: [50, 95], facing: 180, strength: 5}\n");
  gn_objective_info o;
  ok(g, "end");
  assert_int_equal(gn_objective_get(g, 0, &o), 0);
  assert_int_equal(o.owner, 1);                  /* not before the turn's end */
  ok(g, "end");
  assert_int_equal(gn_objective_get(g, 0, &o), 0);
  assert_int_equal(o.owner, 0);
  assert_int_equal(o.since, 1);
  const gn_event *e = last_kind(g, "objective");
  assert_non_null(e);
  assert_string_equal(e->ref, "IN-VIC");
  assert_string_equal(e->text, "Red takes well from Blue at the end of turn 1");
  gn_game_free(g);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(sequence_of_play),
    cmocka_unit_test(movement),
    cmocka_unit_test(moves_as_told),
    cmocka_unit_test(move_limits),
    cmocka_unit_test(reinforcements),
    cmocka_unit_test(reinforcements_at_entry),
    cmocka_unit_test(objective_holders),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
