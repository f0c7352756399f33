/*
** test-ba-units.c: Belle Alliance tactical units (1.2): splitting, assembly,
** skirmish lines, waggons, formations, reserve slots.
**
** A split part or skirmish line takes a reserve slot of the scenario: a unit
** with `part: 1`, belonging to the nearest unit of its side and type listed
** before it.
*/
#include "test-ba.h"

#define ENEMY "  - {id: E, side: al, type: infantry, at: [150, 110], facing: 180, strength: 30}\n"
#define SLOT(id, type) "  - {id: " id ", side: fr, type: " type ", at: [1, 1], strength: 0, attrs: {part: 1}}\n"

/* ref. BA-1.2.2: a battalion splits in two only with more than 40 figures, and
** only into two parts, except in urban combat. */
static void infantry_split(void **state) {
  (void)state;
  gn_game *g = ba_game(
    "  - {id: A, side: fr, type: infantry, at: [50, 20], facing: 0, strength: 40}\n" SLOT("A.b", "infantry")
    "  - {id: W, side: fr, type: infantry, at: [100, 20], facing: 0, strength: 41}\n" SLOT("W.b", "infantry")
    SLOT("W.c", "infantry") ENEMY, NULL);
  ba_refused(g, "split A", "BA-1.2.2");
  ba_ok(g, "split W");
  assert_int_equal(ba_figures(g, "W"), 21);
  assert_int_equal(ba_figures(g, "W.b"), 20);
  assert_int_equal(ba_removed(g, "W.b"), 0);
  assert_int_equal(ba_attr(g, "W.b", "root"), ba_unit(g, "W") + 1);
  /* side by side, each with its share of the frontage */
  gn_box w = ba_box(g, "W"), b = ba_box(g, "W.b");
  assert_true(w.w + b.w > 19.99 && w.w + b.w < 20.01);
  assert_true(gn_box_distance(w, b) < 1e-6);
  ba_refused(g, "split W 3", "BA-1.2.2");      /* already in two parts */
  gn_game_free(g);
  /* in a village, 30 figures split, into more than two parts */
  g = ba_game(
    "  - {id: A, side: fr, type: infantry, at: [50, 20], facing: 0, strength: 30}\n" SLOT("A.b", "infantry")
    SLOT("A.c", "infantry") ENEMY,
    "  - {id: v, kind: village, area: [[30, 10], [70, 10], [70, 40], [30, 40]]}\n");
  ba_ok(g, "split A 10");
  ba_ok(g, "split A 10");
  assert_int_equal(ba_figures(g, "A"), 10);
  assert_int_equal(ba_figures(g, "A.b"), 10);
  assert_int_equal(ba_figures(g, "A.c"), 10);
  gn_game_free(g);
}

/* ref. BA-1.2.3: a cavalry regiment splits only into whole squadrons. */
static void cavalry_split(void **state) {
  (void)state;
  gn_game *g = ba_game(
    "  - {id: H, side: fr, type: cavalry, at: [50, 20], facing: 0, strength: 48, attrs: {squadrons: 4}}\n" SLOT("H.b", "cavalry")
    "  - {id: S, side: fr, type: cavalry, at: [100, 20], facing: 0, strength: 12, attrs: {squadrons: 1}}\n" SLOT("S.b", "cavalry")
    ENEMY, NULL);
  ba_refused(g, "split S", "BA-1.2.3");
  ba_refused(g, "split H 4", "BA-1.2.3");
  ba_ok(g, "split H 1");
  assert_int_equal(ba_figures(g, "H.b"), 12);
  assert_int_equal(ba_attr(g, "H.b", "squadrons"), 1);
  assert_int_equal(ba_attr(g, "H", "squadrons"), 3);
  assert_int_equal(ba_figures(g, "H"), 36);
  gn_game_free(g);
}

/* ref. BA-1.2.4a: a battery splits only by whole model guns, gunners following. */
static void battery_split(void **state) {
  (void)state;
  gn_game *g = ba_game(
    "  - {id: G, side: fr, type: foot_artillery, at: [50, 20], facing: 0, strength: 12, attrs: {guns: 6}}\n" SLOT("G.b", "foot_artillery")
    "  - {id: G1, side: fr, type: foot_artillery, at: [100, 20], facing: 0, strength: 2, attrs: {guns: 1}}\n" SLOT("G1.b", "foot_artillery")
    ENEMY, NULL);
  ba_refused(g, "split G1", "BA-1.2.4a");
  ba_ok(g, "split G 2");
  assert_int_equal(ba_attr(g, "G.b", "guns"), 2);
  assert_int_equal(ba_figures(g, "G.b"), 4);
  assert_int_equal(ba_attr(g, "G", "guns"), 4);
  assert_int_equal(ba_figures(g, "G"), 8);
  gn_game_free(g);
}

/* ref. BA-1.2.4b: a waggon has one driver: it cannot split, it is not removed
** for having fewer than 3 figures; ref. BA-B18: without its driver it cannot
** move, with it it moves as limbered foot artillery (12 cm). */
static void waggons(void **state) {
  (void)state;
  gn_game *g = ba_game(
    "  - {id: W, side: fr, type: waggon, at: [50, 20], facing: 0, strength: 1, attrs: {ammunition: 1}}\n"
    "  - {id: X, side: fr, type: waggon, at: [100, 20], facing: 0, strength: 0}\n" ENEMY, NULL);
  assert_int_equal(ba_removed(g, "W"), 0);
  ba_refused(g, "split W", "BA-1.2.4b");
  ba_refused(g, "move X to 100,40", "BA-B18");
  ba_ok(g, "move W to 50,60");
  ba_ok(g, "end");
  gn_box b = ba_box(g, "W");
  assert_true(b.c.y > 31.99 && b.c.y < 32.01);
  assert_int_equal(ba_attr(g, "W", "ammunition"), 1);
  gn_game_free(g);
}

/* ref. BA-1.2.5: a skirmish line sent out is not a split (no 40-figure minimum);
** its mother is its soutien; rejoining, a common status is computed as for
** assembly (ref. BA-B10). */
static void skirmish_line(void **state) {
  (void)state;
  gn_game *g = ba_game(
    "  - {id: M, side: fr, type: infantry, at: [50, 20], facing: 0, strength: 30, attrs: {valour: 1}}\n" SLOT("L", "infantry")
    "  - {id: B, side: al, type: infantry, at: [50, 45], facing: 180, strength: 30}\n", NULL);
  ba_ok(g, "skirmish M 6");
  assert_int_equal(ba_figures(g, "L"), 6);
  assert_int_equal(ba_figures(g, "M"), 24);
  assert_int_equal(ba_attr(g, "L", "formation"), 2);
  assert_int_equal(ba_attr(g, "M", "formation"), 0);
  gn_box l = ba_box(g, "L");
  assert_true(l.c.y > 32.49 && l.c.y < 32.51);        /* 10 cm ahead of M */
  ba_ok(g, "order L evade");                          /* it has a soutien */
  ba_refused(g, "order M evade", "BA-4.3.1");
  /* B shoots the line: 12 + 2 - skirmish target 3 = 11: 1 figure per unit of fire
  ** of B's 3 */
  ba_dice(g, 3, 4, 4, 4);
  ba_ok(g, "fire B at L");
  ba_ok(g, "end");
  assert_int_equal(ba_figures(g, "L"), 3);
  /* L lost 3 of its 6 original figures (50 %): valour 1 - 2 = -1; M keeps 1 */
  assert_int_equal(ba_attr(g, "L", "valour"), -1);
  assert_int_equal(ba_attr(g, "M", "valour"), 1);
  ba_refused(g, "assemble M L", "BA-1.2.1");          /* not in base contact */
  ba_ok(g, "move L to 50,23");
  ba_ok(g, "end");
  ba_ok(g, "assemble M L");
  assert_int_equal(ba_figures(g, "M"), 27);
  assert_int_equal(ba_attr(g, "M", "original"), 30);
  assert_int_equal(ba_attr(g, "M", "valour"), 0);     /* (24 - 3) / 27 rounded down */
  assert_int_equal(ba_removed(g, "L"), 1);
  assert_int_equal(ba_attr(g, "M", "formation"), 0);
  gn_game_free(g);
}

/* ref. BA-1.2.1: only parts of the same original unit assemble, in base
** contact. ref. BA-B10: figures and originals add, valour is the figure-weighted
** mean rounded down, disorder the worst, supplies the fewest, rest restarts. */
static void assembly(void **state) {
  (void)state;
  gn_game *g = ba_game(
    "  - {id: A, side: fr, type: infantry, at: [50, 20], facing: 0, strength: 45, attrs: {valour: 2}}\n" SLOT("A.b", "infantry")
    "  - {id: C, side: fr, type: infantry, at: [50, 4], facing: 0, strength: 45}\n" SLOT("C.b", "infantry")
    ENEMY, NULL);
  ba_ok(g, "split A 15");
  ba_refused(g, "assemble A C", "BA-1.2.1");
  ba_refused(g, "assemble A.b C", "BA-1.2.1");
  ba_ok(g, "end");
  /* A 30 and A.b 15, both at valour 2: back to 45 at valour 2 (the original survives) */
  ba_ok(g, "assemble A.b A");
  assert_int_equal(ba_figures(g, "A"), 45);
  assert_int_equal(ba_attr(g, "A", "original"), 45);
  assert_int_equal(ba_attr(g, "A", "valour"), 2);
  assert_int_equal(ba_removed(g, "A.b"), 1);
  /* the slot is free again: A splits once more */
  ba_ok(g, "end");
  ba_ok(g, "split A 15");
  assert_int_equal(ba_removed(g, "A.b"), 0);
  gn_game_free(g);
}

/* ref. BA-B10: the common status of parts that differ. A.b (12 figures) is shot
** into MD and loses 4 (a third of its 12: valour 2 - 1 = 1); A keeps 30 at 2. */
static void assembly_status(void **state) {
  (void)state;
  gn_game *g = ba_game(
    "  - {id: A, side: fr, type: infantry, at: [50, 20], facing: 0, strength: 42, attrs: {valour: 2, supplies: 3}}\n"
    SLOT("A.b", "infantry")
    "  - {id: B, side: al, type: infantry, at: [57, 35], facing: 180, width: 10, strength: 10}\n", NULL);
  ba_ok(g, "split A 12");
  assert_int_equal(ba_attr(g, "A.b", "original"), 12);
  assert_int_equal(ba_attr(g, "A.b", "supplies"), 3);
  ba_ok(g, "end");
  /* bound 2: B (10 figures, one unit of fire) fires at A.b, 6+6+5 + first 2 = 19:
  ** 4 lost; M = 19 - valour 2 = 17: MD */
  ba_dice(g, 3, 6, 6, 5);
  ba_ok(g, "fire B at A.b");
  ba_ok(g, "end");
  assert_int_equal(ba_figures(g, "A.b"), 8);
  assert_int_equal(ba_attr(g, "A.b", "valour"), 1);   /* 4 of 12 = 33 %: one step */
  assert_int_equal(ba_attr(g, "A.b", "disorder"), 2);
  assert_int_equal(ba_figures(g, "A"), 30);
  assert_int_equal(ba_attr(g, "A", "disorder"), 0);   /* ref. BA-1.2.6: its own status */
  /* A.b is MD and not fired at in bound 3: reorganisation roll 1+1+2 + 1 < 11 */
  ba_dice(g, 3, 1, 1, 2);
  ba_ok(g, "end");
  ba_ok(g, "assemble A A.b");
  assert_int_equal(ba_figures(g, "A"), 38);
  assert_int_equal(ba_attr(g, "A", "original"), 42);
  assert_int_equal(ba_attr(g, "A", "valour"), 1);     /* (30*2 + 8*1) / 38 = 1.79 -> 1 */
  assert_int_equal(ba_attr(g, "A", "disorder"), 2);
  assert_int_equal(ba_attr(g, "A", "supplies"), 3);
  gn_game_free(g);
}

/* ref. BA-1.2.6: each split part has its own valour, disorder and supplies. */
static void parts_apart(void **state) {
  (void)state;
  gn_game *g = ba_game(
    "  - {id: A, side: fr, type: infantry, at: [50, 20], facing: 0, strength: 50}\n" SLOT("A.b", "infantry")
    "  - {id: B, side: al, type: infantry, at: [45, 45], facing: 180, width: 10, strength: 30}\n", NULL);
  ba_ok(g, "split A 25");
  ba_ok(g, "end");
  /* A (left part) fires with two ones: its supplies start to run out, not A.b's */
  ba_dice(g, 3, 1, 1, 4);
  ba_ok(g, "fire A at B");
  ba_ok(g, "end");
  assert_int_equal(ba_attr(g, "A", "supplies"), 3);
  assert_int_equal(ba_attr(g, "A.b", "supplies"), -1);
  gn_game_free(g);
}

/* ref. BA-B9: a reserve slot must follow a unit of its side and type; a unit
** with no free slot cannot split. */
static void slots(void **state) {
  (void)state;
  char text[2048];
  snprintf(text, sizeof text, BA_HEAD "%s",
           SLOT("X", "infantry")
           "  - {id: A, side: fr, type: infantry, at: [50, 20], facing: 0, strength: 50}\n" ENEMY);
  gn_game *g = gn_game_new(NULL);
  assert_int_equal(gn_game_load(g, "t.yaml", text, strlen(text)), GN_OK);
  assert_int_equal(gn_game_start(g, 1), GN_ESCENARIO);
  assert_non_null(strstr(gn_errmsg(g), "reserve slot 'X'"));
  gn_game_free(g);
  g = ba_game("  - {id: A, side: fr, type: infantry, at: [50, 20], facing: 0, strength: 50}\n" ENEMY, NULL);
  ba_refused(g, "split A", "BA-B9");
  gn_game_free(g);
  g = ba_game("  - {id: A, side: fr, type: infantry, at: [50, 20], facing: 0, strength: 50}\n"
              SLOT("A.b", "infantry") ENEMY, NULL);
  gn_unit_view v;
  assert_int_equal(gn_unit_view_get(g, ba_unit(g, "A.b"), GN_UMPIRE, &v), GN_OK);
  assert_int_equal(v.removed, 1);
  assert_string_equal(v.status, "(reserve slot, not in use)");
  gn_game_free(g);
}

/* ref. BA-B17: formations by arm; a change is made in the movement phase. */
static void formations(void **state) {
  (void)state;
  gn_game *g = ba_game(
    "  - {id: A, side: fr, type: infantry, at: [50, 20], facing: 0, strength: 30}\n"
    "  - {id: H, side: fr, type: heavy_cavalry, at: [100, 20], facing: 0, strength: 24}\n"
    "  - {id: G, side: fr, type: horse_artillery, at: [150, 20], facing: 0, strength: 8, attrs: {guns: 4}}\n"
    ENEMY, NULL);
  ba_refused(g, "formation H square", "BA-B17");
  ba_refused(g, "formation G skirmish", "BA-B17");
  ba_refused(g, "formation A limbered", "BA-B17");    /* only a battery limbers */
  ba_refused(g, "formation H unlimbered", "BA-B17");
  assert_int_equal(gn_order_apply(g, "formation A wedge"), GN_ESYNTAX);
  ba_ok(g, "formation A square");
  ba_ok(g, "formation G limbered");
  assert_int_equal(ba_attr(g, "A", "formation"), 0);   /* not yet */
  ba_ok(g, "end");
  assert_int_equal(ba_attr(g, "A", "formation"), 3);
  gn_box b = ba_box(g, "A");
  assert_true(b.w > 6.99 && b.w < 7.01 && b.d > 6.99 && b.d < 7.01);
  assert_int_equal(ba_attr(g, "G", "formation"), 1);
  gn_unit_view v;
  assert_int_equal(gn_unit_view_get(g, ba_unit(g, "G"), gn_side_find(g, "al"), &v), GN_OK);
  assert_string_equal(v.status, "limbered, in order");
  gn_game_free(g);
}

/* ref. BA-B9, BA-1.2.4b, BA-1.2.4a, BA-1.2.3, BA-B17, BA-5.5.4i, BA-5.5.1c,
** BA-5.5.4a: a
** unit the rules cannot have is refused when the game starts (and by `grognard
** check`), naming the file, line and column and the rule; nothing is half set up. */
static void impossible_units(void **state) {
  (void)state;
  static const struct { const char *unit, *ref; } bad[] = {
    {"{id: W, side: fr, type: waggon, at: [50, 20], strength: 2}", "BA-1.2.4b"},
    {"{id: S, side: fr, type: staff, at: [50, 20], strength: 3}", "BA-T18"},
    {"{id: G, side: fr, type: foot_artillery, at: [50, 20], strength: 8}", "BA-1.2.4a"},
    {"{id: G, side: fr, type: foot_artillery, at: [50, 20], strength: 8, attrs: {guns: 4, formation: square}}", "BA-B17"},
    {"{id: C, side: fr, type: cavalry, at: [50, 20], strength: 24, attrs: {formation: square}}", "BA-B17"},
    {"{id: I, side: fr, type: infantry, at: [50, 20], strength: 30, attrs: {squadrons: 2}}", "BA-1.2.3"},
    {"{id: I, side: fr, type: infantry, at: [50, 20], strength: 30, attrs: {guns: 2}}", "BA-1.2.4a"},
    {"{id: I, side: fr, type: infantry, at: [50, 20], strength: 30, attrs: {ammunition: 1}}", "BA-5.5.4i"},
    {"{id: I, side: fr, type: infantry, at: [50, 20], strength: 30, attrs: {lancers: 1}}", "BA-T8"},
    {"{id: G, side: fr, type: foot_artillery, at: [50, 20], strength: 8, attrs: {guns: 4, marksmen: 1}}", "BA-5.5.1c"},
    {"{id: I, side: fr, type: infantry, at: [50, 20], strength: 30, attrs: {rest: 3}}", "BA-5.5.4a"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    char text[2048], ref[32];
    snprintf(text, sizeof text, BA_HEAD "  - %s\n%s", bad[i].unit, ENEMY);
    gn_game *g = gn_game_new(NULL);
    assert_int_equal(gn_game_load(g, "t.yaml", text, strlen(text)), GN_OK);
    assert_int_equal(gn_game_start(g, 1), GN_ESCENARIO);
    snprintf(ref, sizeof ref, "(ref. %s)", bad[i].ref);
    if (!strstr(gn_errmsg(g), ref) || strncmp(gn_errmsg(g), "t.yaml:11:5: unit ", 18))
      fail_msg("%s: %s", bad[i].unit, gn_errmsg(g));
    gn_game_free(g);
  }
  /* what the rules allow: a waggon without its driver, a battery at rest, a
  ** unit at rest for valour with supply rolls left (ref. BA-5.5.4f) */
  gn_game *g = ba_game(
    "  - {id: W, side: fr, type: waggon, at: [50, 20], strength: 0}\n"
    "  - {id: G, side: fr, type: foot_artillery, at: [100, 20], strength: 8, attrs: {guns: 4, formation: rest, supplies: 0}}\n"
    "  - {id: I, side: fr, type: infantry, at: [150, 20], strength: 30, attrs: {formation: rest, supplies: 2}}\n"
    ENEMY, NULL);
  gn_unit_view v;
  assert_int_equal(gn_unit_view_get(g, ba_unit(g, "G"), GN_UMPIRE, &v), GN_OK);
  assert_string_equal(v.status, "at rest, in order; valour +0, supplies none, resting for supplies 0/8 bounds");
  gn_game_free(g);
}

/* A battalion of 30 whose centre stands in a village (y 10..20.5) splits there;
** each part marches out north at its normal 10 cm a bound (a line has no rate
** in a village; the first step takes the centre out of it). A keeps 20 figures,
** centre x 46.667; A.b takes 10, centre x 56.667. */
#define URBAN_UNITS                                                                          \
  "  - {id: A, side: fr, type: infantry, at: [50, 20], facing: 0, strength: 30}\n"          \
  SLOT("A.b", "infantry") ENEMY
#define VILLAGE "  - {id: v, kind: village, area: [[30, 10], [70, 10], [70, 20.5], [30, 20.5]]}\n"

/* ref. BA-B22: parts split in urban combat re-assemble once no part of the
** battalion stands in the village any more: A.b and A, side by side in base
** contact, assemble at the start of the next movement phase; while A is still
** in the village, A.b (outside) does not. */
static void urban_reassembly(void **state) {
  (void)state;
  gn_game *g = ba_game(URBAN_UNITS, VILLAGE);
  ba_ok(g, "split A 10");
  ba_ok(g, "end");
  gn_box a = ba_box(g, "A"), b = ba_box(g, "A.b");
  ba_ok(g, "move A.b to 56.6667,100");              /* only A.b leaves the village */
  int e0 = gn_event_count(g);
  ba_ok(g, "end");
  assert_true(ba_box(g, "A.b").c.y > 29.99 && ba_box(g, "A.b").c.y < 30.01);
  ba_ok(g, "end");                                /* A is still in the village */
  assert_int_equal(ba_events(g, e0, "reassemble", "BA-B22"), 0);
  assert_int_equal(ba_removed(g, "A.b"), 0);
  ba_ok(g, "move A to 46.6667,100");                /* now A leaves it too, beside A.b */
  ba_ok(g, "end");
  assert_int_equal(ba_events(g, e0, "reassemble", "BA-B22"), 0);
  e0 = gn_event_count(g);
  ba_ok(g, "end");
  int r = ba_event(g, e0, "reassemble", "BA-B22");
  assert_true(r >= 0);
  assert_true(ba_event(g, r, "assemble", "BA-1.2.1") > r);
  assert_int_equal(ba_removed(g, "A.b"), 1);
  assert_int_equal(ba_figures(g, "A"), 30);
  assert_true(a.w + b.w > 19.99 && ba_box(g, "A").w > 19.99 && ba_box(g, "A").w < 20.01);
  gn_game_free(g);
}

/* ref. BA-B22: a part of an urban split that is out of base contact once urban
** combat is over marches to the nearest part of its battalion whatever its
** orders (here: on north), comes into base contact, and assembles next bound. */
static void urban_rejoin_march(void **state) {
  (void)state;
  gn_game *g = ba_game(URBAN_UNITS, VILLAGE);
  ba_ok(g, "split A 10");
  ba_ok(g, "end");
  ba_ok(g, "move A.b to 56.6667,100");
  ba_ok(g, "end");                                /* A.b at y 30 */
  ba_ok(g, "move A.b to 56.6667,100");
  ba_ok(g, "move A to 46.6667,100");
  ba_ok(g, "end");                                /* A.b at y 40, A at y 30: 7 cm apart */
  assert_true(gn_box_distance(ba_box(g, "A"), ba_box(g, "A.b")) > 6.99);
  ba_ok(g, "move A.b to 56.6667,110");             /* gives way to the re-assembly */
  int e0 = gn_event_count(g);
  ba_ok(g, "end");
  int r = ba_event(g, e0, "reassemble", "BA-B22");
  assert_true(r >= 0);
  assert_int_equal(gn_event_get(g, r)->unit, ba_unit(g, "A.b"));
  assert_int_equal(gn_event_get(g, r)->target, ba_unit(g, "A"));
  assert_true(gn_box_distance(ba_box(g, "A"), ba_box(g, "A.b")) <= 1);
  assert_int_equal(ba_removed(g, "A.b"), 0);
  ba_ok(g, "end");
  assert_int_equal(ba_removed(g, "A.b"), 1);
  assert_int_equal(ba_figures(g, "A"), 30);
  gn_game_free(g);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(urban_reassembly),
    cmocka_unit_test(urban_rejoin_march),
    cmocka_unit_test(infantry_split),
    cmocka_unit_test(cavalry_split),
    cmocka_unit_test(battery_split),
    cmocka_unit_test(waggons),
    cmocka_unit_test(skirmish_line),
    cmocka_unit_test(assembly),
    cmocka_unit_test(assembly_status),
    cmocka_unit_test(parts_apart),
    cmocka_unit_test(slots),
    cmocka_unit_test(formations),
    cmocka_unit_test(impossible_units),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
