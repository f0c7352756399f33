/*
** test-ba-move.c: Belle Alliance marching (2.3.1): paces and rates (Table 3
** default), reductions, directions, forced moves; the melee zone and contact
** (4.1.1).
*/
#include "test-ba.h"

#define FAR_ENEMY "  - {id: E, side: al, type: infantry, at: [190, 115], facing: 180, strength: 30}\n"

static double y_of(gn_game *g, const char *id) { return ba_box(g, id).c.y; }
static int near(double a, double b) { return a > b - 1e-6 && a < b + 1e-6; }

/* ref. BA-2.3.1a, BA-B2: three paces, normal unless ordered: an infantry line
** marches 10, 15 or 20 cm; the pace holds for one bound only. */
static void paces(void **state) {
  (void)state;
  gn_game *g = ba_game(
    "  - {id: N, side: fr, type: infantry, at: [30, 20], facing: 0, strength: 30}\n"
    "  - {id: F, side: fr, type: infantry, at: [60, 20], facing: 0, strength: 30}\n"
    "  - {id: C, side: fr, type: infantry, at: [90, 20], facing: 0, strength: 30}\n"
    "  - {id: G, side: fr, type: foot_artillery, at: [120, 20], facing: 0, strength: 8, attrs: {guns: 4}}\n"
    FAR_ENEMY, NULL);
  assert_int_equal(ba_attr(g, "N", "pace"), 0);
  ba_refused(g, "pace G charge", "BA-2.3.1a");
  assert_int_equal(gn_order_apply(g, "pace N trot"), GN_ESYNTAX);
  ba_ok(g, "move N to 30,60");
  ba_ok(g, "move F to 60,60");
  ba_ok(g, "move C to 90,60");
  ba_ok(g, "pace F fast");
  ba_ok(g, "pace C charge");
  ba_ok(g, "end");
  assert_true(near(y_of(g, "N"), 30));
  assert_true(near(y_of(g, "F"), 35));
  assert_true(near(y_of(g, "C"), 40));
  assert_int_equal(ba_attr(g, "C", "pace"), 0);
  ba_ok(g, "move C to 90,60");
  ba_ok(g, "end");
  assert_true(near(y_of(g, "C"), 50));
  gn_game_free(g);
}

/* ref. BA-2.3.1a: a move told relative to the unit: advance N marches to
** the point N ahead (as far as its rate allows), retire N to the point N
** behind; a BA unit turns with its own order, not 'move ... turn'. */
static void moves_as_told(void **state) {
  (void)state;
  gn_game *g = ba_game(
    "  - {id: N, side: fr, type: infantry, at: [30, 20], facing: 0, strength: 30}\n"
    "  - {id: F, side: fr, type: infantry, at: [60, 20], facing: 0, strength: 30}\n"
    FAR_ENEMY, NULL);
  ba_ok(g, "move N advance 6");
  ba_ok(g, "move F advance 40");                    /* far: as far as its rate allows */
  assert_int_equal(gn_order_apply(g, "move N turn 90"), GN_ESYNTAX);
  ba_ok(g, "end");
  assert_true(near(y_of(g, "N"), 26));
  assert_true(near(y_of(g, "F"), 30));              /* a normal pace: 10 cm, as 'move F to 60,60' */
  gn_game_free(g);
}

/* ref. BA-2.3.1c: reductions add up. U1 (SD) crosses a hedge: 10 - 3 - 3 = 4.
** U2 (MD) wheels 30 degrees: 10 - 6 - 2 = 2. U3 changes formation to march
** column: 15 - 5 = 10. Both disordered units then fail their reorganisation. */
static void reductions(void **state) {
  (void)state;
  gn_game *g = ba_game(
    "  - {id: U1, side: fr, type: infantry, at: [50, 20], facing: 0, strength: 30, attrs: {disorder: SD}}\n"
    "  - {id: U2, side: fr, type: infantry, at: [120, 20], facing: 0, strength: 30, attrs: {disorder: MD}}\n"
    "  - {id: U3, side: fr, type: infantry, at: [170, 20], facing: 0, strength: 30}\n" FAR_ENEMY,
    "  - {id: h, kind: hedge, line: [[30, 23], [70, 23]]}\n");
  ba_ok(g, "move U1 to 50,60");
  ba_ok(g, "move U2 to 130,37.3205");
  ba_ok(g, "formation U3 march");
  ba_ok(g, "move U3 to 170,60");
  ba_dice(g, 6, 1, 1, 1, 1, 1, 1);
  ba_ok(g, "end");
  assert_true(near(y_of(g, "U1"), 24));
  gn_box b = ba_box(g, "U2");
  assert_true(b.c.x > 120.999 && b.c.x < 121.001);
  assert_true(b.c.y > 21.73 && b.c.y < 21.74);
  assert_true(b.facing > 1.0471 && b.facing < 1.0473);   /* now facing the way it went */
  assert_true(near(y_of(g, "U3"), 30));
  gn_game_free(g);
}

/* ref. BA-2.3.1c, BA-2.3.1b, BA-B2: terrain is paid where the unit goes: a column
** of march (15 cm) enters the woods at half rate, 10 cm in the open and 2.5 in the
** woods; a line has no rate of march in woods and halts at their edge. */
static void terrain_cost(void **state) {
  (void)state;
  gn_game *g = ba_game(
    "  - {id: C, side: fr, type: infantry, at: [50, 30], facing: 0, width: 5, depth: 15, strength: 30, attrs: {formation: march}}\n"
    "  - {id: L, side: fr, type: infantry, at: [120, 30], facing: 0, strength: 30}\n" FAR_ENEMY,
    "  - {id: w, kind: woods, area: [[30, 40.5], [140, 40.5], [140, 70], [30, 70]]}\n");
  ba_ok(g, "move C to 50,60");
  ba_ok(g, "move L to 120,60");
  ba_ok(g, "pace L fast");
  ba_ok(g, "end");
  assert_true(near(y_of(g, "C"), 42.5));
  assert_true(near(y_of(g, "L"), 40));
  gn_game_free(g);
}

/* ref. BA-2.3.1d: outside forced action only forwards, except unlimbered
** artillery (backwards) and skirmish lines and staff (backwards and sideways). */
static void directions(void **state) {
  (void)state;
  gn_game *g = ba_game(
    "  - {id: A, side: fr, type: infantry, at: [30, 50], facing: 0, strength: 30}\n"
    "  - {id: K, side: fr, type: infantry, at: [70, 50], facing: 0, strength: 12, attrs: {formation: skirmish}}\n"
    "  - {id: G, side: fr, type: foot_artillery, at: [110, 50], facing: 0, strength: 8, attrs: {guns: 4}}\n"
    "  - {id: L, side: fr, type: foot_artillery, at: [140, 50], facing: 0, strength: 8, attrs: {guns: 4, formation: march}}\n"
    "  - {id: S, side: fr, type: staff, at: [170, 50], facing: 0, strength: 1}\n" FAR_ENEMY, NULL);
  ba_refused(g, "move A to 30,40", "BA-2.3.1d");
  ba_refused(g, "move A to 60,50", "BA-2.3.1d");
  ba_ok(g, "move A to 30,60");
  ba_ok(g, "move K to 70,40");
  ba_ok(g, "move K to 90,50");
  ba_ok(g, "move G to 110,45");
  ba_refused(g, "move G to 130,50", "BA-2.3.1d");
  ba_refused(g, "move L to 140,45", "BA-2.3.1d");
  ba_ok(g, "move S to 190,40");
  ba_ok(g, "end");
  assert_true(ba_box(g, "K").c.x > 84.99);             /* sideways 15 cm */
  assert_true(near(y_of(g, "G"), 46));                 /* backwards 4 cm, unlimbered */
  assert_true(near(ba_box(g, "G").facing, 3.14159265358979323846 / 2));
  gn_game_free(g);
}

/* ref. BA-2.3.1b: forced to move where its formation has no rate of march (a
** unit at rest counts as a line; no line moves in woods) the unit is brought
** into FD. A attacks R, resting in the woods: 12 - 2 = 10 against 8 + 0: R loses
** by 2 (SD), is forced back and so into FD, with the FD loss. */
static void forced_no_rate_fd(void **state) {
  (void)state;
  gn_game *g = ba_game(
    "  - {id: A, side: fr, type: infantry, at: [50, 20], facing: 0, strength: 30}\n"
    "  - {id: R, side: al, type: infantry, at: [50, 28], facing: 180, strength: 30, attrs: {formation: rest}}\n",
    "  - {id: w, kind: woods, area: [[30, 25], [70, 25], [70, 45], [30, 45]]}\n");
  ba_ok(g, "attack A R");
  ba_dice(g, 6, 4, 4, 4, 3, 3, 2);
  int e0 = gn_event_count(g);
  ba_ok(g, "end");
  assert_true(ba_event(g, e0, "disorder", "BA-2.3.1b") >= 0);
  assert_int_equal(ba_attr(g, "R", "disorder"), 3);
  assert_int_equal(ba_figures(g, "R"), 30 - 3 - 3);   /* melee 1 x 3 units, FD 10 % of 27 */
  assert_int_equal(ba_figures(g, "A"), 27);
  gn_game_free(g);
}

/* ref. BA-4.1.1a, BA-4.1.1c: movement is simultaneous, 1 cm at a time; when A's
** melee zone (5 cm deep) touches B, both halt for the rest of the phase. A
** charges 20 cm at B, B marches 10 at A: after 9 steps of A and 8 of B, A's
** front is exactly 5 cm from B's. */
static void zone_contact(void **state) {
  (void)state;
  gn_game *g = ba_game(
    "  - {id: A, side: fr, type: infantry, at: [50, 20], facing: 0, strength: 30}\n"
    "  - {id: B, side: al, type: infantry, at: [50, 45], facing: 180, strength: 30}\n", NULL);
  ba_ok(g, "move A to 50,60");
  ba_ok(g, "pace A charge");
  ba_ok(g, "move B to 50,0");
  int e0 = gn_event_count(g);
  ba_ok(g, "end");
  int c = ba_event(g, e0, "contact", "BA-4.1.1c");
  assert_true(c >= 0);
  assert_true(near(y_of(g, "A"), 29));
  assert_true(near(y_of(g, "B"), 37));
  assert_true(near((y_of(g, "B") - 1.5) - (y_of(g, "A") + 1.5), 5));
  /* a unit 5.5 cm away is not in contact: A moves up the last half centimetre */
  gn_game_free(g);
  g = ba_game(
    "  - {id: A, side: fr, type: infantry, at: [50, 20], facing: 0, strength: 30}\n"
    "  - {id: B, side: al, type: infantry, at: [50, 28.5], facing: 180, strength: 30}\n", NULL);
  ba_ok(g, "move A to 50,60");
  e0 = gn_event_count(g);
  ba_ok(g, "end");
  assert_true(ba_event(g, e0, "contact", "BA-4.1.1c") >= 0);
  assert_true(near(y_of(g, "A"), 20.5));
  gn_game_free(g);
}

static double x_of(gn_game *g, const char *id) { return ba_box(g, id).c.x; }

/* A attacks B, which marches west across A's front: A heads north at its
** normal 10 cm; B, a line facing west (its stand y 30..50), at its normal 10 cm.
** A's melee zone first touches B in A's fourth step (after 3.5 cm), when B has
** made three. */
#define CROSSING                                                                       \
  "  - {id: A, side: fr, type: infantry, at: [50, 20], facing: 0, strength: 30}\n"   \
  "  - {id: B, side: al, type: infantry, at: [50, 40], facing: 270, strength: 30}\n"

/* ref. BA-B20: an attacker ordered to cancel its attack halts at melee-zone
** contact and makes no melee, and the unit it reached is not halted: B marches
** its whole 10 cm. Without the order both halt there (ref. BA-4.1.1c). */
static void cancel_on_contact(void **state) {
  (void)state;
  gn_game *g = ba_game(CROSSING, NULL);
  ba_refused(g, "cancel A", "BA-B20");            /* no attack order yet */
  ba_ok(g, "attack A B");
  ba_ok(g, "cancel A");
  ba_ok(g, "move B to 10,40");
  int e0 = gn_event_count(g);
  ba_ok(g, "end");
  int c = ba_event(g, e0, "cancel", "BA-B20");
  assert_true(c >= 0);
  assert_int_equal(gn_event_get(g, c)->unit, ba_unit(g, "A"));
  assert_int_equal(gn_event_get(g, c)->target, ba_unit(g, "B"));
  assert_int_equal(ba_event(g, e0, "contact", "BA-4.1.1c"), -1);
  assert_int_equal(ba_events(g, e0, "melee", NULL), 0);
  assert_true(near(y_of(g, "A"), 23.5));
  assert_true(near(x_of(g, "B"), 40));
  gn_game_free(g);
  /* the same without `cancel` (or with it withdrawn): both halt, A melees B */
  g = ba_game(CROSSING, NULL);
  ba_ok(g, "attack A B");
  ba_ok(g, "cancel A");
  ba_ok(g, "cancel A off");
  ba_ok(g, "move B to 10,40");
  /* A, from B's rear: 5 + 2 = 7 against 18 - 2 = 16: A loses by 9 and takes FD
  ** (no forced back), so B stands where it halted */
  ba_dice(g, 6, 1, 2, 2, 6, 6, 6);
  e0 = gn_event_count(g);
  ba_ok(g, "end");
  assert_int_equal(ba_event(g, e0, "cancel", "BA-B20"), -1);
  assert_true(ba_event(g, e0, "contact", "BA-4.1.1c") >= 0);
  assert_true(ba_event(g, e0, "melee", "BA-B6") >= 0);
  assert_true(near(y_of(g, "A"), 23.5));
  assert_true(near(x_of(g, "B"), 47));
  assert_int_equal(ba_attr(g, "A", "disorder"), 3);
  gn_game_free(g);
}

/* ref. BA-B20: an attacker already in melee-zone contact when the bound begins
** cancels there: no melee (no dice are rolled). */
static void cancel_in_contact(void **state) {
  (void)state;
  gn_game *g = ba_game(
    "  - {id: A, side: fr, type: infantry, at: [50, 20], facing: 0, strength: 30}\n"
    "  - {id: B, side: al, type: infantry, at: [50, 28], facing: 180, strength: 30}\n", NULL);
  ba_ok(g, "attack A B");
  ba_ok(g, "cancel A");
  assert_int_equal(gn_order_apply(g, "cancel A on"), GN_ESYNTAX);
  int e0 = gn_event_count(g);
  ba_ok(g, "end");
  assert_true(ba_event(g, e0, "cancel", "BA-B20") >= 0);
  assert_int_equal(ba_events(g, e0, "melee", NULL), 0);
  assert_int_equal(ba_events(g, e0, "roll", NULL), 0);
  assert_int_equal(ba_figures(g, "B"), 30);
  gn_game_free(g);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(paces),
    cmocka_unit_test(moves_as_told),
    cmocka_unit_test(reductions),
    cmocka_unit_test(terrain_cost),
    cmocka_unit_test(directions),
    cmocka_unit_test(forced_no_rate_fd),
    cmocka_unit_test(zone_contact),
    cmocka_unit_test(cancel_on_contact),
    cmocka_unit_test(cancel_in_contact),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
