/*
** test-ba-bound.c: the Belle Alliance bound (1.1.1): simultaneous phases,
** continued fire, passing through, forced action, stationary units; the clock.
*/
#include "test-ba.h"
#include <math.h>

/* ref. BA-1.1.1a, BA-B1: "end" resolves the phases in the order of Table 1,
** each finished before the next; then the next bound's orders phase. */
static void phases_in_order(void **state) {
  (void)state;
  static const char *const want[] = {"bound 1: continued fire phase", "bound 1: movement phase",
                                     "bound 1: fire phase", "bound 1: melee phase",
                                     "bound 1: moral consequences phase",
                                     "bound 1: end of bound phase"};
  gn_game *g = ba_game(
    "  - {id: A, side: fr, type: infantry, at: [50, 20], facing: 0, strength: 30}\n"
    "  - {id: B, side: al, type: infantry, at: [50, 90], facing: 180, strength: 30}\n", NULL);
  assert_string_equal(gn_game_phase(g), "orders");
  assert_int_equal(gn_game_active_side(g), -1);   /* simultaneous */
  int e0 = gn_event_count(g), k = 0;
  ba_ok(g, "end");
  for (int i = e0; i < gn_event_count(g); i++) {
    const gn_event *e = gn_event_get(g, i);
    if (strcmp(e->kind, "phase")) continue;
    assert_true(k < 6);
    assert_string_equal(e->text, want[k]);
    assert_string_equal(e->ref, "BA-1.1.1a");
    k++;
  }
  assert_int_equal(k, 6);
  assert_string_equal(gn_game_phase(g), "orders");
  assert_int_equal(gn_game_turn(g), 2);
  gn_game_free(g);
}

/* ref. BA-1.1.1a: each side marks itself ready ("end SIDE") when its orders
** are written; its orders are then final, and the bound resolves only when
** every side is ready. A side ready twice is refused; a plain "end" still
** closes the phase for all. */
static void sides_ready(void **state) {
  (void)state;
  gn_game *g = ba_game(
    "  - {id: A, side: fr, type: infantry, at: [50, 20], facing: 0, strength: 30}\n"
    "  - {id: B, side: al, type: infantry, at: [50, 90], facing: 180, strength: 30}\n", NULL);
  ba_ok(g, "turn A about");
  int e0 = gn_event_count(g);
  assert_int_equal(gn_side_done(g, 0), 0);
  ba_ok(g, "end fr");
  assert_true(ba_event(g, e0, "ready", "BA-1.1.1a") >= 0);
  assert_int_equal(gn_side_done(g, 0), 1);      /* the library says who is ready */
  assert_int_equal(gn_side_done(g, 1), 0);
  assert_int_equal(gn_side_done(g, 2), 0);      /* no such side */
  assert_string_equal(gn_game_phase(g), "orders");
  assert_int_equal(gn_game_turn(g), 1);
  assert_int_equal(gn_order_apply(g, "turn A left"), GN_EREFUSED);
  assert_string_equal(gn_refusal_ref(g), "BA-1.1.1a");
  assert_non_null(strstr(gn_errmsg(g), "its orders for bound 1 are final"));
  assert_int_equal(gn_order_apply(g, "end fr"), GN_EREFUSED);
  ba_ok(g, "turn B left");                      /* the other side still writes */
  ba_ok(g, "end al");
  assert_int_equal(gn_game_turn(g), 2);         /* both ready: the bound resolved */
  assert_string_equal(gn_game_phase(g), "orders");
  assert_int_equal(gn_side_done(g, 0) + gn_side_done(g, 1), 0);   /* a new bound: nobody is ready */
  ba_ok(g, "turn A left");                      /* a new bound: nobody is ready */
  ba_ok(g, "end al");
  ba_ok(g, "end");                              /* the umpire closes it for all */
  assert_int_equal(gn_game_turn(g), 3);
  assert_int_equal(gn_order_apply(g, "end nobody"), GN_ESYNTAX);
  gn_game_free(g);
}

/* ref. BA-1.1.1b: within the orders phase an order may be given again and the
** last one stands; once "end" closes it, what the phases decided stands.
** ref. BA-1.1.1f: F, passed through, may not fire later in the bound; M, which
** went through it, ends clear of it and stays there. */
static void closed_phase_stands(void **state) {
  (void)state;
  gn_game *g = ba_game(
    "  - {id: F, side: fr, type: infantry, at: [50, 20], facing: 0, strength: 30}\n"
    "  - {id: M, side: fr, type: infantry, at: [50, 12], facing: 0, strength: 30}\n"
    "  - {id: B, side: al, type: infantry, at: [50, 40], facing: 180, strength: 30}\n"
    "  - {id: C, side: al, type: infantry, at: [75, 40], facing: 180, strength: 30}\n", NULL);
  ba_ok(g, "fire F at C");
  ba_ok(g, "fire F at B");        /* replaces the first */
  assert_int_equal(ba_attr(g, "F", "target"), ba_unit(g, "B") + 1);
  ba_ok(g, "move M to 50,26");
  ba_ok(g, "pace M fast");
  int e0 = gn_event_count(g);
  ba_ok(g, "end");
  int p = ba_event(g, e0, "passed", "BA-1.1.1f");
  assert_true(p >= 0);
  assert_int_equal(gn_event_get(g, p)->unit, ba_unit(g, "M"));
  assert_int_equal(gn_event_get(g, p)->target, ba_unit(g, "F"));
  assert_true(ba_event(g, e0, "nofire", "BA-1.1.1f") >= 0);
  assert_int_equal(ba_figures(g, "B"), 30);
  assert_false(gn_box_overlap(ba_box(g, "M"), ba_box(g, "F")));
  gn_box m = ba_box(g, "M");
  assert_true(m.c.y > 20);
  ba_ok(g, "end");
  assert_true(ba_box(g, "M").c.x == m.c.x && ba_box(g, "M").c.y == m.c.y);
  gn_game_free(g);
}

/* ref. BA-1.1.1f [interpretation]: passing through a friend is going through
** it; a march that would end on a friend halts where it last stood on none,
** says so, and the friend it went back out of is not passed through (it may
** still fire). */
static void march_never_ends_on_a_friend(void **state) {
  (void)state;
  gn_game *g = ba_game(
    "  - {id: F, side: fr, type: infantry, at: [50, 20], facing: 0, strength: 30}\n"
    "  - {id: M, side: fr, type: infantry, at: [50, 5], facing: 0, strength: 30}\n"
    "  - {id: B, side: al, type: infantry, at: [50, 40], facing: 180, strength: 30}\n", NULL);
  ba_ok(g, "fire F at B");
  ba_ok(g, "move M to 50,19");
  ba_ok(g, "pace M fast");
  int e0 = gn_event_count(g);
  ba_ok(g, "end");
  int h = ba_event(g, e0, "halt", "BA-1.1.1f");
  assert_true(h >= 0);
  assert_int_equal(gn_event_get(g, h)->unit, ba_unit(g, "M"));
  assert_int_equal(gn_event_get(g, h)->target, ba_unit(g, "F"));
  assert_false(gn_box_overlap(ba_box(g, "M"), ba_box(g, "F")));
  assert_true(ba_box(g, "M").c.y > 5);                    /* it moved up to F */
  assert_int_equal(ba_event(g, e0, "passed", "BA-1.1.1f"), -1);
  assert_int_equal(ba_event(g, e0, "nofire", "BA-1.1.1f"), -1);
  int f = ba_event(g, e0, "fire", "BA-DICE-3");           /* F fired */
  assert_true(f >= 0);
  assert_int_equal(gn_event_get(g, f)->unit, ba_unit(g, "F"));
  gn_game_free(g);
}

/* ref. BA-1.1.1c: only a unit that fired last bound may continue, only at that
** target, and it fires in the continued-fire phase, before any movement. */
static void continued_fire(void **state) {
  (void)state;
  gn_game *g = ba_game(
    "  - {id: A, side: fr, type: infantry, at: [50, 20], facing: 0, strength: 30}\n"
    "  - {id: B, side: al, type: infantry, at: [50, 30], facing: 180, strength: 30}\n", NULL);
  ba_refused(g, "continue A", "BA-1.1.1c");
  ba_dice(g, 3, 2, 2, 3);        /* 7 + 2 = 9: nothing */
  ba_ok(g, "fire A at B");
  ba_ok(g, "end");
  assert_int_equal(ba_attr(g, "A", "last_target"), ba_unit(g, "B") + 1);
  ba_dice(g, 3, 5, 5, 3);        /* 13: 2 a unit, SD */
  ba_ok(g, "continue A");
  int e0 = gn_event_count(g);
  ba_ok(g, "end");
  int roll = ba_event(g, e0, "roll", NULL), mv = ba_event(g, e0, "phase", NULL);
  while (mv >= 0 && strcmp(gn_event_get(g, mv)->text, "bound 2: movement phase"))
    mv = ba_event(g, mv + 1, "phase", NULL);
  assert_true(roll >= 0 && mv >= 0);
  assert_true(roll < mv);
  assert_int_equal(ba_figures(g, "B"), 24);
  /* bound 3: A fired in bound 2, so it may continue again; not after a bound
  ** without fire; B, in SD and not fired at, makes a reorganisation roll (3: fails) */
  ba_dice(g, 3, 1, 1, 1);
  ba_ok(g, "end");
  assert_int_equal(ba_attr(g, "B", "disorder"), 1);
  ba_refused(g, "continue A", "BA-1.1.1c");
  gn_game_free(g);
}

/* ref. BA-1.1.1d: a unit that continues fire may not move, fire again or be
** passed through: a friend marching into it stops short of it. */
static void continued_fire_binds(void **state) {
  (void)state;
  gn_game *g = ba_game(
    "  - {id: A, side: fr, type: infantry, at: [50, 20], facing: 0, strength: 30}\n"
    "  - {id: M, side: fr, type: infantry, at: [50, 5], facing: 0, strength: 30}\n"
    "  - {id: B, side: al, type: infantry, at: [50, 30], facing: 180, strength: 30}\n"
    "  - {id: C, side: al, type: infantry, at: [75, 30], facing: 180, strength: 30}\n", NULL);
  ba_dice(g, 3, 2, 2, 3);
  ba_ok(g, "fire A at B");
  ba_ok(g, "end");
  ba_ok(g, "continue A");
  ba_refused(g, "move A to 50,25", "BA-1.1.1d");
  ba_refused(g, "fire A at C", "BA-1.1.1d");
  ba_refused(g, "formation A square", "BA-1.1.1d");
  ba_refused(g, "split A", "BA-1.1.1d");
  ba_ok(g, "move M to 50,19");
  ba_ok(g, "pace M fast");
  ba_dice(g, 3, 2, 2, 3);
  int e0 = gn_event_count(g);
  ba_ok(g, "end");
  assert_int_equal(ba_event(g, e0, "passed", NULL), -1);
  assert_false(gn_box_overlap(ba_box(g, "M"), ba_box(g, "A")));
  assert_true(ba_box(g, "M").c.y > 11.9 && ba_box(g, "M").c.y < 17.1);
  gn_game_free(g);
}

/* ref. BA-1.1.1e: forced action is always allowed: R, in FD, routs through A
** although A fired in the continued-fire phase; A counts as passed through.
** Bound 1: N brings R (valour -2) into FD. Bound 2: A continues, R routs 15 cm
** (fast rate of a line) straight away from N. */
static void forced_action_passes(void **state) {
  (void)state;
  gn_game *g = ba_game(
    "  - {id: A, side: fr, type: infantry, at: [50, 20], facing: 0, strength: 30}\n"
    "  - {id: R, side: fr, type: infantry, at: [45, 28], facing: 0, width: 10, strength: 20, attrs: {valour: -2}}\n"
    "  - {id: N, side: al, type: infantry, at: [45, 50], facing: 180, strength: 30}\n"
    "  - {id: E, side: al, type: infantry, at: [80, 40], facing: 180, width: 10, strength: 30}\n", NULL);
  /* A at E: 5 + 2 - long 2 = 5: nothing. N at R: 18 + 2 - 2 = 18: 3 x 3 = 9;
  ** M = 18 + 2 = 20: FD, FD loss 2 of 11. A, 8 cm from R, holds against the
  ** spread of rout (ref. BA-B21): 12 + valour 0 >= 8 */
  ba_dice(g, 9, 2, 2, 1, 6, 6, 6, 4, 4, 4);
  ba_ok(g, "fire A at E");
  ba_ok(g, "fire N at R");
  ba_ok(g, "end");
  assert_int_equal(ba_attr(g, "R", "disorder"), 3);
  assert_int_equal(ba_figures(g, "R"), 9);
  ba_ok(g, "continue A");
  /* continued fire 2+2+2 - 2 = 4; R's reorganisation roll 3 - 4 < 11 */
  ba_dice(g, 6, 2, 2, 2, 1, 1, 1);
  int e0 = gn_event_count(g);
  ba_ok(g, "end");
  int f = ba_event(g, e0, "forced", "BA-1.1.1e");
  assert_true(f >= 0);
  assert_int_equal(gn_event_get(g, f)->unit, ba_unit(g, "R"));
  int p = ba_event(g, e0, "passed", "BA-1.1.1f");
  assert_true(p > f);
  assert_int_equal(gn_event_get(g, p)->target, ba_unit(g, "A"));
  gn_box b = ba_box(g, "R");
  assert_true(b.c.x > 44.9 && b.c.x < 45.1);
  assert_true(b.c.y > 12.9 && b.c.y < 13.1);
  assert_int_equal(ba_attr(g, "R", "disorder"), 3);
  gn_game_free(g);
}

/* ref. BA-1.1.1g: a unit is not stationary when any part of it moved: the
** skirmish line L of M marches, so M's rest does not count and is lost. */
static void part_moving_not_stationary(void **state) {
  (void)state;
  gn_game *g = ba_game(
    "  - {id: M, side: fr, type: infantry, at: [50, 20], facing: 0, strength: 30, attrs: {supplies: 2}}\n"
    "  - {id: L, side: fr, type: infantry, at: [1, 1], strength: 0, attrs: {part: 1}}\n"
    "  - {id: B, side: al, type: infantry, at: [50, 110], facing: 180, strength: 30}\n", NULL);
  ba_ok(g, "skirmish M 5");
  ba_ok(g, "rest M");
  ba_ok(g, "end");
  assert_int_equal(ba_attr(g, "M", "formation"), 5);
  assert_int_equal(ba_attr(g, "M", "supplies"), 0);
  ba_ok(g, "end");
  assert_int_equal(ba_attr(g, "M", "rest"), 1);
  ba_ok(g, "move L to 50,40");
  int e0 = gn_event_count(g);
  ba_ok(g, "end");
  assert_true(ba_event(g, e0, "rest", "BA-1.1.1g") >= 0);
  assert_int_equal(ba_attr(g, "M", "rest"), 0);
  gn_game_free(g);
}

/* ref. BA-B19: one bound is 5 minutes on the scenario clock. */
static void clock(void **state) {
  (void)state;
  gn_game *g = ba_game(
    "  - {id: A, side: fr, type: infantry, at: [50, 20], facing: 0, strength: 30}\n"
    "  - {id: B, side: al, type: infantry, at: [50, 90], facing: 180, strength: 30}\n", NULL);
  assert_string_equal(gn_game_clock(g).text, "18 June 1815, 13:00, bound 1");
  ba_ok(g, "end");
  assert_string_equal(gn_game_clock(g).text, "18 June 1815, 13:05, bound 2");
  gn_game_free(g);
}

/* ref. BA-ARR: a reinforcement is off the table until the bound of its
** arrival begins, then stands at its entry. */
static void reinforcements(void **state) {
  (void)state;
  gn_game *g = ba_game(
    "  - {id: A, side: fr, type: infantry, at: [50, 20], facing: 0, strength: 30}\n"
    "  - {id: R, side: fr, type: infantry, at: [10, 20], facing: 90, strength: 30, arrives: 3}\n"
    "  - {id: B, side: al, type: infantry, at: [50, 90], facing: 180, strength: 30}\n", NULL);
  assert_int_equal(ba_removed(g, "R"), 1);
  ba_ok(g, "end");
  assert_int_equal(gn_game_turn(g), 2);
  assert_int_equal(ba_removed(g, "R"), 1);
  int e0 = gn_event_count(g);
  ba_ok(g, "end");
  assert_int_equal(gn_game_turn(g), 3);
  assert_int_equal(ba_removed(g, "R"), 0);
  assert_true(ba_event(g, e0, "arrival", "BA-ARR") >= 0);
  gn_box b = ba_box(g, "R");
  assert_true(b.c.x == 10 && b.c.y == 20);
  ba_ok(g, "move R to 20,20");
  gn_game_free(g);
}


/* ref. BA-ARR: an arrival by the clock comes on at the first bound whose time
** has reached it (13:00 start, bound.minutes 5: 13:07 is reached at the 13:10
** bound, the third). */
static void reinforcements_by_clock(void **state) {
  (void)state;
  gn_game *g = ba_game(
    "  - {id: A, side: fr, type: infantry, at: [50, 20], facing: 0, strength: 30}\n"
    "  - {id: R, side: fr, type: infantry, at: [10, 20], facing: 90, strength: 30, arrives: {time: \"1:07 p.m.\"}}\n"
    "  - {id: B, side: al, type: infantry, at: [50, 90], facing: 180, strength: 30}\n", NULL);
  gn_unit_view v;
  assert_int_equal(gn_unit_view_get(g, gn_unit_find(g, "R"), GN_UMPIRE, &v), GN_OK);
  assert_int_equal(v.arrives_clock, 13 * 60 + 7);
  ba_ok(g, "end");
  assert_string_equal(gn_game_clock(g).text, "18 June 1815, 13:05, bound 2");
  assert_int_equal(ba_removed(g, "R"), 1);
  int e0 = gn_event_count(g);
  ba_ok(g, "end");
  assert_string_equal(gn_game_clock(g).text, "18 June 1815, 13:10, bound 3");
  assert_int_equal(ba_removed(g, "R"), 0);
  assert_true(ba_event(g, e0, "arrival", "BA-ARR") >= 0);
  gn_game_free(g);
}


/* ref. BA-ARR [interpretation]: a reinforcement that comes on at a point of
** the table edge stands with its rear on the edge, centred on the point and
** facing in; a bound being five minutes, it enters formed at the start of its
** bound and marches on from there with its whole move. */
static void reinforcements_at_entry(void **state) {
  (void)state;
  gn_game *g = ba_game(
    "  - {id: A, side: fr, type: infantry, at: [50, 20], facing: 0, strength: 30}\n"
    "  - {id: R, side: fr, type: infantry, strength: 30, arrives: {turn: 2, entry: [0, 40]}}\n"
    "  - {id: B, side: al, type: infantry, at: [50, 90], facing: 180, strength: 30}\n", NULL);
  ba_ok(g, "end");
  assert_int_equal(ba_removed(g, "R"), 0);
  gn_box b = ba_box(g, "R");
  assert_true(fabs(b.c.x - 1.5) < 1e-9 && fabs(b.c.y - 40) < 1e-9);   /* 20 cm wide, 3 deep */
  assert_true(fabs(cos(b.facing) - 1) < 1e-9);                        /* facing east, in */
  gn_game_free(g);
}


/* ref. BA-VIC: at the end of each bound an objective goes to the only side
** with a unit that holds within its radius (not staff or waggons, figures
** left, not in full disorder), told to every side. */
static void objective_holders(void **state) {
  (void)state;
  gn_game *g = ba_game(
    "  - {id: A, side: fr, type: infantry, at: [50, 20], facing: 0, strength: 30}\n"
    "  - {id: B, side: al, type: infantry, at: [50, 90], facing: 180, strength: 30}\n",
    "  []\nobjectives:\n  - {id: mill, at: [50, 30], radius: 10, points: 2, owner: al}\n");
  gn_objective_info o;
  assert_int_equal(gn_objective_get(g, 0, &o), 0);
  assert_int_equal(o.owner, 1);
  int e0 = gn_event_count(g);
  ba_ok(g, "end");
  assert_int_equal(gn_objective_get(g, 0, &o), 0);
  assert_int_equal(o.owner, 0);
  assert_int_equal(o.since, 1);
  int e = ba_event(g, e0, "objective", "BA-VIC");
  assert_true(e >= 0);
  assert_int_equal(gn_event_visible(g, e, 1), 1);
  gn_game_free(g);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(phases_in_order),
    cmocka_unit_test(sides_ready),
    cmocka_unit_test(closed_phase_stands),
    cmocka_unit_test(march_never_ends_on_a_friend),
    cmocka_unit_test(continued_fire),
    cmocka_unit_test(continued_fire_binds),
    cmocka_unit_test(forced_action_passes),
    cmocka_unit_test(part_moving_not_stationary),
    cmocka_unit_test(clock),
    cmocka_unit_test(reinforcements),
    cmocka_unit_test(reinforcements_by_clock),
    cmocka_unit_test(reinforcements_at_entry),
    cmocka_unit_test(objective_holders),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
