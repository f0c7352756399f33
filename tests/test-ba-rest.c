/*
** test-ba-rest.c: Belle Alliance rest (5.5.4) in the rest formation (1.3.6
** default) and supply waggons (1.2.4).
**
** Units that start in rest formation count a bound of rest at the end of every
** bound in which they stayed untouched; a unit that takes the formation during
** the bound starts counting the bound after.
*/
#include "test-ba.h"

#define ENEMY_FAR "  - {id: E, side: al, type: infantry, at: [150, 110], facing: 180, strength: 30}\n"

static void bounds(gn_game *g, int n) {
  for (int i = 0; i < n; i++) ba_ok(g, "end");
}

/* ref. BA-5.5.4a, BA-B11: rest is taken in the rest formation, a line with a
** resting flag: same footprint as the line; a resting unit must change formation
** before it fires or moves. */
static void rest_formation(void **state) {
  (void)state;
  gn_game *g = ba_game(
    "  - {id: U, side: fr, type: infantry, at: [50, 20], facing: 0, strength: 30}\n"
    "  - {id: W, side: fr, type: waggon, at: [100, 20], facing: 0, strength: 1}\n"
    "  - {id: B, side: al, type: infantry, at: [50, 35], facing: 180, strength: 30}\n", NULL);
  ba_refused(g, "rest W", "BA-5.5.4a");
  ba_ok(g, "rest U");
  assert_int_equal(ba_attr(g, "U", "order"), 4);
  ba_refused(g, "fire U at B", "BA-B11");
  ba_ok(g, "end");
  assert_int_equal(ba_attr(g, "U", "formation"), 5);
  gn_box b = ba_box(g, "U");
  assert_true(b.w > 19.99 && b.w < 20.01 && b.d > 2.99 && b.d < 3.01);
  ba_refused(g, "fire U at B", "BA-B11");
  ba_refused(g, "move U to 50,30", "BA-B11");
  ba_ok(g, "formation U line");
  ba_ok(g, "fire U at B");
  gn_game_free(g);
}

/* ref. BA-5.5.4e, BA-5.5.4l: 8 bounds of rest refurbish supplies; the count
** then starts again from 0. ref. BA-5.5.4f, BA-5.5.2f: a unit without supplies
** refurbishes them before it regains valour, which takes 8 more bounds. */
static void eight_bounds(void **state) {
  (void)state;
  gn_game *g = ba_game(
    "  - {id: U, side: fr, type: infantry, at: [50, 20], facing: 0, strength: 30, attrs: {valour: 1, formation: rest, supplies: 0}}\n"
    ENEMY_FAR, NULL);
  bounds(g, 7);
  assert_int_equal(ba_attr(g, "U", "rest"), 7);
  assert_int_equal(ba_attr(g, "U", "supplies"), 0);
  int e0 = gn_event_count(g);
  bounds(g, 1);
  assert_int_equal(ba_attr(g, "U", "supplies"), -1);
  assert_int_equal(ba_attr(g, "U", "rest"), 0);
  assert_true(ba_event(g, e0, "rest", "BA-5.5.4e") >= 0);
  /* ref. BA-B12: at its starting valour and with supplies it gains nothing more */
  bounds(g, 9);
  assert_int_equal(ba_attr(g, "U", "valour"), 1);
  assert_int_equal(ba_attr(g, "U", "rest"), 0);
  gn_game_free(g);
}

/* ref. BA-5.5.4f, BA-5.5.2f, BA-B12: T loses 20 % (valour 2 -> 1) and its
** supplies; resting, it first refurbishes (8 bounds), then regains the point (8
** more), then stops at its starting valour. */
static void supplies_then_valour(void **state) {
  (void)state;
  gn_game *g = ba_game(
    "  - {id: F, side: al, type: infantry, at: [50, 30], facing: 180, strength: 20}\n"
    "  - {id: T, side: fr, type: infantry, at: [50, 20], facing: 0, strength: 30, attrs: {valour: 2, supplies: 1}}\n", NULL);
  /* F: 6+6+5 + 2 = 19: 4 x 2 = 8 lost (26 %): valour 1; M = 19 - 2 = 17: MD */
  ba_dice(g, 3, 6, 6, 5);
  ba_ok(g, "fire F at T");
  ba_ok(g, "end");
  assert_int_equal(ba_attr(g, "T", "valour"), 1);
  /* T recovers from MD: 6+6+6 + 1 = 19 >= 11 -> SD, then SD -> in order */
  ba_dice(g, 6, 6, 6, 6, 6, 6, 6);
  bounds(g, 2);
  assert_int_equal(ba_attr(g, "T", "disorder"), 0);
  ba_ok(g, "rest T supplies");
  bounds(g, 1);                     /* takes the formation, loses its last supply */
  assert_int_equal(ba_attr(g, "T", "supplies"), 0);
  bounds(g, 8);
  assert_int_equal(ba_attr(g, "T", "supplies"), -1);
  assert_int_equal(ba_attr(g, "T", "valour"), 1);
  bounds(g, 7);
  assert_int_equal(ba_attr(g, "T", "valour"), 1);
  int e0 = gn_event_count(g);
  bounds(g, 1);
  assert_int_equal(ba_attr(g, "T", "valour"), 2);
  assert_true(ba_event(g, e0, "rest", "BA-5.5.2f") >= 0);
  bounds(g, 8);
  assert_int_equal(ba_attr(g, "T", "valour"), 2);
  gn_game_free(g);
}

/* ref. BA-5.5.4f, BA-5.5.3k: "Units without supplies must refurbish supplies
** before valour points are regained"; "When a unit starts refurbishing
** supplies, it looses any remaining supplies". T (1 roll left) lost a valour
** point: resting for valour it keeps its roll and regains the point in 8
** bounds; a unit without supplies may not rest for valour; told to refurbish
** while at rest, T loses its roll and starts again. */
static void partial_supplies_rest_for_valour(void **state) {
  (void)state;
  gn_game *g = ba_game(
    "  - {id: F, side: al, type: infantry, at: [50, 30], facing: 180, strength: 20}\n"
    "  - {id: T, side: fr, type: infantry, at: [50, 20], facing: 0, strength: 30, attrs: {valour: 2, supplies: 1}}\n"
    "  - {id: Z, side: fr, type: infantry, at: [150, 20], facing: 0, strength: 30, attrs: {supplies: 0}}\n", NULL);
  ba_dice(g, 3, 6, 6, 5);           /* as supplies_then_valour: valour 1, MD */
  ba_ok(g, "fire F at T");
  ba_ok(g, "end");
  ba_dice(g, 6, 6, 6, 6, 6, 6, 6);
  bounds(g, 2);
  assert_int_equal(ba_attr(g, "T", "valour"), 1);
  ba_refused(g, "rest Z valour", "BA-5.5.4f");
  ba_ok(g, "rest T");               /* unordered: below its starting valour, it rests for valour */
  int e0 = gn_event_count(g);
  bounds(g, 1);                     /* takes the formation (no bound of rest, ref. BA-5.5.4m) */
  assert_int_equal(ba_attr(g, "T", "supplies"), 1);
  assert_int_equal(ba_attr(g, "T", "rest"), 0);
  assert_true(ba_event(g, e0, "rest", "BA-5.5.4f") >= 0);
  assert_true(ba_event(g, e0, "supplies", "BA-5.5.3k") < 0);
  bounds(g, 7);
  assert_int_equal(ba_attr(g, "T", "valour"), 1);
  e0 = gn_event_count(g);
  bounds(g, 1);
  assert_int_equal(ba_attr(g, "T", "valour"), 2);
  assert_int_equal(ba_attr(g, "T", "supplies"), 1);
  assert_true(ba_event(g, e0, "rest", "BA-5.5.2f") >= 0);
  bounds(g, 3);
  e0 = gn_event_count(g);
  ba_ok(g, "rest T supplies");      /* already at rest: it starts refurbishing now */
  assert_int_equal(ba_attr(g, "T", "supplies"), 0);
  assert_true(ba_event(g, e0, "supplies", "BA-5.5.3k") >= 0);
  bounds(g, 8);
  assert_int_equal(ba_attr(g, "T", "supplies"), -1);
  gn_game_free(g);

  /* ordered for valour explicitly, at its starting valour: it keeps its 2 rolls, gains nothing */
  g = ba_game("  - {id: T, side: fr, type: infantry, at: [50, 20], facing: 0, strength: 30, attrs: {supplies: 2}}\n"
              ENEMY_FAR, NULL);
  ba_ok(g, "rest T valour");
  bounds(g, 9);
  assert_int_equal(ba_attr(g, "T", "supplies"), 2);
  assert_int_equal(ba_attr(g, "T", "formation"), 5);
  gn_game_free(g);
}

/* ref. BA-5.5.4m [interpretation]: the bound in which the unit takes the rest
** formation is no bound of rest ("it must be stationary"): ordered to rest in
** bound 1, it has 0 bounds at the end of bound 1 and 8 (refurbished) at the
** end of bound 9. */
static void forming_bound_does_not_count(void **state) {
  (void)state;
  gn_game *g = ba_game("  - {id: T, side: fr, type: infantry, at: [50, 20], facing: 0, strength: 30, attrs: {supplies: 0}}\n"
                       ENEMY_FAR, NULL);
  ba_ok(g, "rest T");
  bounds(g, 1);
  assert_int_equal(ba_attr(g, "T", "formation"), 5);
  assert_int_equal(ba_attr(g, "T", "rest"), 0);
  bounds(g, 7);
  assert_int_equal(ba_attr(g, "T", "rest"), 7);
  assert_int_equal(ba_attr(g, "T", "supplies"), 0);
  bounds(g, 1);
  assert_int_equal(ba_attr(g, "T", "supplies"), -1);
  gn_game_free(g);
}

/* ref. BA-5.5.4b: no rest in MD or FD; FD ends rest. ref. BA-5.5.4d: fire that
** brings only SD does not interrupt it, fire that brings MD does. */
static void disorder_and_fire(void **state) {
  (void)state;
  gn_game *g = ba_game(
    "  - {id: M, side: fr, type: infantry, at: [50, 20], facing: 0, strength: 30, attrs: {disorder: MD}}\n"
    "  - {id: R, side: fr, type: infantry, at: [120, 20], facing: 0, strength: 30, attrs: {formation: rest, supplies: 0}}\n"
    "  - {id: F, side: al, type: infantry, at: [120, 30], facing: 180, strength: 10}\n", NULL);
  ba_refused(g, "rest M", "BA-5.5.4b");
  /* M's reorganisation fails each bound (1+1+1) */
  ba_dice(g, 3, 1, 1, 1);
  bounds(g, 1);
  assert_int_equal(ba_attr(g, "R", "rest"), 1);
  /* F: 4+4+4 + 2 = 14 (rest -2 does not apply to fire): 2 lost, M = 14: SD: rest goes on */
  ba_dice(g, 6, 4, 4, 4, 1, 1, 1);
  ba_ok(g, "fire F at R");
  bounds(g, 1);
  assert_int_equal(ba_attr(g, "R", "disorder"), 1);
  assert_int_equal(ba_attr(g, "R", "rest"), 2);
  /* F again: 6+5+5 = 16: 3 lost, M 16: MD: rest interrupted and lost */
  ba_dice(g, 6, 6, 5, 5, 1, 1, 1);
  ba_ok(g, "fire F at R");
  int e0 = gn_event_count(g);
  bounds(g, 1);
  assert_int_equal(ba_attr(g, "R", "disorder"), 2);
  assert_int_equal(ba_attr(g, "R", "rest"), 0);
  assert_true(ba_event(g, e0, "rest", "BA-5.5.4d") >= 0);
  gn_game_free(g);
  /* FD ends rest too */
  g = ba_game(
    "  - {id: R, side: fr, type: infantry, at: [120, 20], facing: 0, strength: 30, attrs: {formation: rest, supplies: 0, valour: -3}}\n"
    "  - {id: F, side: al, type: infantry, at: [120, 30], facing: 180, strength: 10}\n", NULL);
  bounds(g, 1);
  ba_dice(g, 3, 6, 6, 6);           /* 20: 4 lost, M 23: FD */
  ba_ok(g, "fire F at R");
  e0 = gn_event_count(g);
  bounds(g, 1);
  assert_int_equal(ba_attr(g, "R", "disorder"), 3);
  assert_int_equal(ba_attr(g, "R", "rest"), 0);
  assert_true(ba_event(g, e0, "rest", "BA-5.5.4b") >= 0);
  gn_game_free(g);
}

/* ref. BA-5.5.4c, BA-5.5.4k: a resting unit must stay untouched: attacked, it
** loses all its rest (defending at -2, Table 8 "units at rest"); passed through,
** too. */
static void attacked_or_passed(void **state) {
  (void)state;
  gn_game *g = ba_game(
    "  - {id: R, side: fr, type: infantry, at: [50, 20], facing: 0, strength: 30, attrs: {formation: rest, supplies: 0}}\n"
    "  - {id: P, side: fr, type: infantry, at: [120, 20], facing: 0, strength: 30, attrs: {formation: rest, supplies: 0}}\n"
    "  - {id: Q, side: fr, type: infantry, at: [120, 11], facing: 0, strength: 30}\n"
    "  - {id: A, side: al, type: infantry, at: [50, 28], facing: 180, strength: 30}\n", NULL);
  bounds(g, 3);
  assert_int_equal(ba_attr(g, "R", "rest"), 3);
  assert_int_equal(ba_attr(g, "P", "rest"), 3);
  ba_ok(g, "attack A R");
  ba_ok(g, "move Q to 120,30");
  ba_ok(g, "pace Q fast");
  ba_dice(g, 6, 2, 2, 3, 5, 5, 5);  /* A 7 + 0 against R 15 + 0 - 2: A loses by 6 */
  int e0 = gn_event_count(g);
  bounds(g, 1);
  int d = ba_event(g, e0, "melee", "BA-T8");
  d = ba_event(g, d + 1, "melee", "BA-T8");
  assert_int_equal(ba_mod(g, d, "artillery or a unit at work or rest"), -2);
  assert_int_equal(ba_attr(g, "R", "rest"), 0);
  assert_int_equal(ba_attr(g, "P", "rest"), 0);
  int r = ba_event(g, e0, "rest", "BA-5.5.4c");
  assert_true(r >= 0);
  assert_int_equal(ba_events(g, e0, "rest", "BA-5.5.4c"), 2);
  gn_game_free(g);
}

/* ref. BA-5.5.4g, BA-5.5.4h, BA-1.2.4b: beside a waggon with ammunition, supplies
** take 2 bounds; regaining valour still takes 8. ref. BA-5.5.4i: a waggon without
** ammunition gives nothing. */
static void waggon_two_bounds(void **state) {
  (void)state;
  gn_game *g = ba_game(
    "  - {id: U, side: fr, type: infantry, at: [50, 20], facing: 0, strength: 30, attrs: {formation: rest, supplies: 0}}\n"
    "  - {id: W, side: fr, type: waggon, at: [50, 14], facing: 0, strength: 1, attrs: {ammunition: 1}}\n"
    "  - {id: V, side: fr, type: infantry, at: [120, 20], facing: 0, strength: 30, attrs: {formation: rest, supplies: 0}}\n"
    "  - {id: X, side: fr, type: waggon, at: [120, 14], facing: 0, strength: 1}\n" ENEMY_FAR, NULL);
  bounds(g, 1);
  assert_int_equal(ba_attr(g, "W", "target"), ba_unit(g, "U") + 1);   /* serving U */
  int e0 = gn_event_count(g);
  bounds(g, 1);
  assert_int_equal(ba_attr(g, "U", "supplies"), -1);
  assert_int_equal(ba_attr(g, "W", "target"), 0);
  assert_true(ba_event(g, e0, "rest", "BA-5.5.4g") >= 0);
  assert_int_equal(ba_attr(g, "V", "supplies"), 0);
  bounds(g, 6);
  assert_int_equal(ba_attr(g, "V", "supplies"), -1);
  gn_game_free(g);
}

/* ref. BA-5.5.4h: the waggon shortens refurbishing only: T, with unlimited supplies
** and a valour point lost (4 of 20 figures), still needs 8 bounds beside it. */
static void waggon_not_for_valour(void **state) {
  (void)state;
  gn_game *g = ba_game(
    "  - {id: F, side: al, type: infantry, at: [50, 30], facing: 180, strength: 10}\n"
    "  - {id: T, side: fr, type: infantry, at: [50, 20], facing: 0, strength: 20, attrs: {valour: 5}}\n"
    "  - {id: W, side: fr, type: waggon, at: [50, 14], facing: 0, strength: 1, attrs: {ammunition: 1}}\n",
    NULL);
  ba_dice(g, 3, 6, 6, 6);           /* 18 + 2 = 20: 4 lost; M 20 - 5 = 15: SD */
  ba_ok(g, "fire F at T");
  ba_ok(g, "end");
  assert_int_equal(ba_attr(g, "T", "valour"), 4);
  ba_ok(g, "rest T");
  ba_dice(g, 3, 6, 6, 6);           /* forms rest; reorganises from SD */
  bounds(g, 1);
  assert_int_equal(ba_attr(g, "T", "disorder"), 0);
  bounds(g, 2);
  assert_int_equal(ba_attr(g, "T", "rest"), 2);
  assert_int_equal(ba_attr(g, "T", "valour"), 4);
  assert_int_equal(ba_attr(g, "W", "target"), 0);
  bounds(g, 6);
  assert_int_equal(ba_attr(g, "T", "valour"), 5);
  gn_game_free(g);
}

/* ref. BA-5.5.4j: one unit at a time per waggon: U1 takes it first and is done
** after 2 bounds; U2 gets it only in the next bound and needs 2 bounds served by
** it as well (its 2 bounds of waiting count towards the 8 only): done after 4. */
static void waggon_one_at_a_time(void **state) {
  (void)state;
  gn_game *g = ba_game(
    "  - {id: U1, side: fr, type: infantry, at: [40, 20], facing: 0, width: 16, strength: 30, attrs: {formation: rest, supplies: 0}}\n"
    "  - {id: U2, side: fr, type: infantry, at: [60, 20], facing: 0, width: 16, strength: 30, attrs: {formation: rest, supplies: 0}}\n"
    "  - {id: W, side: fr, type: waggon, at: [50, 14], facing: 0, strength: 1, attrs: {ammunition: 1}}\n" ENEMY_FAR, NULL);
  bounds(g, 2);
  assert_int_equal(ba_attr(g, "U1", "supplies"), -1);
  assert_int_equal(ba_attr(g, "U2", "supplies"), 0);
  assert_int_equal(ba_attr(g, "U2", "rest"), 2);
  assert_int_equal(ba_attr(g, "W", "target"), 0);      /* free, but not again this bound */
  bounds(g, 1);
  assert_int_equal(ba_attr(g, "W", "target"), ba_unit(g, "U2") + 1);
  assert_int_equal(ba_attr(g, "W", "rest"), 1);        /* one bound of service */
  assert_int_equal(ba_attr(g, "U2", "supplies"), 0);
  int e0 = gn_event_count(g);
  bounds(g, 1);
  assert_int_equal(ba_attr(g, "U2", "supplies"), -1);
  int r = ba_event(g, e0, "rest", "BA-5.5.4g");
  assert_true(r >= 0);
  assert_non_null(strstr(gn_event_get(g, r)->text, "after 4 bounds of rest, 2 of them served by W"));
  assert_int_equal(ba_attr(g, "W", "target"), 0);
  assert_int_equal(ba_attr(g, "W", "rest"), 0);
  gn_game_free(g);
}

/* ref. BA-5.5.4k: rest interrupted before it is complete is lost, whatever was
** done: 6 bounds, then the unit turns, then it must start again. */
static void interrupted(void **state) {
  (void)state;
  gn_game *g = ba_game(
    "  - {id: U, side: fr, type: infantry, at: [50, 20], facing: 0, strength: 30, attrs: {formation: rest, supplies: 0}}\n"
    ENEMY_FAR, NULL);
  bounds(g, 6);
  assert_int_equal(ba_attr(g, "U", "rest"), 6);
  ba_ok(g, "formation U line");
  int e0 = gn_event_count(g);
  bounds(g, 1);
  assert_int_equal(ba_attr(g, "U", "rest"), 0);
  assert_true(ba_event(g, e0, "rest", "BA-5.5.4a") >= 0);
  ba_ok(g, "rest U");
  bounds(g, 8);
  assert_int_equal(ba_attr(g, "U", "supplies"), 0);
  assert_int_equal(ba_attr(g, "U", "rest"), 7);
  bounds(g, 1);
  assert_int_equal(ba_attr(g, "U", "supplies"), -1);
  gn_game_free(g);
}

/* The umpire's (and the own side's) view of every unit, as `grognard show GAME
** --umpire` prints it: figures now and original, valour, disorder, supplies
** (ref. BA-5.5.3a unlimited, BA-5.5.3c rolls left, none), rest progress and what
** the unit rests for (ref. BA-5.5.4e supplies or valour, BA-5.5.4f supplies
** first, BA-5.5.4g the waggon serving it); the enemy sees none of the hidden part. */
static const char *status(gn_game *g, const char *id, int viewer) {
  static gn_unit_view v;
  assert_int_equal(gn_unit_view_get(g, ba_unit(g, id), viewer, &v), GN_OK);
  return v.status;
}

static void umpire_view(void **state) {
  (void)state;
  gn_game *g = ba_game(
    "  - {id: U, side: fr, type: infantry, at: [50, 20], facing: 0, strength: 30, attrs: {formation: rest, supplies: 0}}\n"
    "  - {id: W, side: fr, type: waggon, at: [50, 14], facing: 0, strength: 1, attrs: {ammunition: 1}}\n"
    "  - {id: T, side: fr, type: infantry, at: [100, 20], facing: 0, strength: 30, attrs: {valour: 2, supplies: 2}}\n"
    "  - {id: K, side: fr, type: infantry, at: [140, 20], facing: 0, strength: 30, attrs: {supplies: 1, disorder: SD}}\n"
    "  - {id: V, side: fr, type: infantry, at: [180, 20], facing: 0, strength: 20, attrs: {valour: 1}}\n"
    "  - {id: F, side: al, type: infantry, at: [180, 30], facing: 180, strength: 10}\n", NULL);
  int al = gn_side_find(g, "al");
  assert_string_equal(status(g, "U", GN_UMPIRE),
                      "rest, in order; valour +0, supplies none, resting for supplies 0/8 bounds");
  assert_string_equal(status(g, "T", GN_UMPIRE),
                      "line, in order; valour +2, supplies 2 rolls left, not resting");
  assert_string_equal(status(g, "K", GN_UMPIRE),
                      "line, SD; valour +0, supplies 1 roll left, not resting");
  assert_string_equal(status(g, "F", GN_UMPIRE),
                      "line, in order; valour +0, supplies unlimited, not resting");
  assert_string_equal(status(g, "U", al), "rest, in order");
  /* F shoots V: 6+6+6 + 2 = 20: 4 lost of 20 (20 %), valour 0; M 20 - 1 = 19: FD,
  ** FD loss 2 (6 of 20 lost, still one step); T is ordered to rest; K's reorganisation roll 1+1+1 fails */
  ba_dice(g, 6, 6, 6, 6, 1, 1, 1);
  ba_ok(g, "fire F at V");
  ba_ok(g, "rest T");
  assert_string_equal(status(g, "T", GN_UMPIRE), "line, in order; valour +2, supplies 2 rolls "
                      "left, rest ordered (forms for rest this bound)");
  /* The odds of the bound: every outcome's label names U as it will be, its
  ** status read afresh, with the count of the waggon serving it (a status
  ** that reads another unit: view_others) */
  gn_dist d;
  assert_int_equal(gn_order_odds(g, "end", NULL, &d), GN_OK);
  assert_true(d.n > 1);
  for (int i = 0; i < d.n; i++)
    assert_non_null(strstr(gn_order_odds_label(g, d.o[i].value), "U (rest, in order; valour +0, supplies none, "
                                                                 "resting for supplies 1/8 bounds (W has served it 1/2))"));
  gn_dist_free(&d);
  ba_ok(g, "end");
  gn_unit_view v;
  assert_int_equal(gn_unit_view_get(g, ba_unit(g, "V"), GN_UMPIRE, &v), GN_OK);
  assert_int_equal(v.strength, 14);
  assert_int_equal(v.strength0, 20);
  assert_string_equal(v.status, "line, FD; valour +0, supplies unlimited, not resting");
  assert_string_equal(status(g, "U", GN_UMPIRE), "rest, in order; valour +0, supplies none, "
                      "resting for supplies 1/8 bounds (W has served it 1/2)");
  assert_string_equal(status(g, "W", GN_UMPIRE), "in order, ammunition, serving U (1/2 bounds)");
  assert_string_equal(status(g, "W", al), "in order, ammunition");
  assert_string_equal(status(g, "T", GN_UMPIRE),
                      "rest, in order; valour +2, supplies none, resting for supplies 0/8 bounds");
  gn_game_free(g);
  /* with supplies and a valour point lost: resting for valour; at its starting
  ** valour: nothing to regain */
  g = ba_game(
    "  - {id: F, side: al, type: infantry, at: [50, 30], facing: 180, strength: 10}\n"
    "  - {id: T, side: fr, type: infantry, at: [50, 20], facing: 0, strength: 20, attrs: {valour: 5}}\n"
    "  - {id: R, side: fr, type: infantry, at: [150, 20], facing: 0, strength: 20, attrs: {formation: rest}}\n",
    NULL);
  ba_dice(g, 3, 6, 6, 6);           /* 18 + 2 = 20: 4 lost; M 20 - 5 = 15: SD */
  ba_ok(g, "fire F at T");
  ba_ok(g, "end");
  ba_ok(g, "rest T");
  ba_dice(g, 3, 6, 6, 6);           /* forms rest; reorganises from SD */
  bounds(g, 2);
  assert_string_equal(status(g, "T", GN_UMPIRE), "rest, in order; valour +4, supplies unlimited, "
                      "resting for a valour point 1/8 bounds");
  assert_string_equal(status(g, "R", GN_UMPIRE), "rest, in order; valour +0, supplies unlimited, "
                      "resting with nothing to regain");
  gn_game_free(g);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(rest_formation),
    cmocka_unit_test(eight_bounds),
    cmocka_unit_test(supplies_then_valour),
    cmocka_unit_test(partial_supplies_rest_for_valour),
    cmocka_unit_test(forming_bound_does_not_count),
    cmocka_unit_test(disorder_and_fire),
    cmocka_unit_test(attacked_or_passed),
    cmocka_unit_test(waggon_two_bounds),
    cmocka_unit_test(waggon_not_for_valour),
    cmocka_unit_test(waggon_one_at_a_time),
    cmocka_unit_test(interrupted),
    cmocka_unit_test(umpire_view),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
