/*
** test-ba-valour.c: Belle Alliance valour and its reduction (5.5.1, 5.5.2,
** Tables 15 and 21), FD and its loss (5.4.1 default), disorder states,
** reorganisation (Table 16 default), removal under 3 figures, hidden values.
**
** The firer F stands 7 cm from its target T: close range, first fire +2 in the
** first bound. Each unit of fire (10 figures) inflicts 1 figure for a loss
** total of 10-12, 2 for 13-15, 3 for 16-18.
*/
#include "test-ba.h"

static gn_game *duel(int ffig, int tfig, int tval) {
  char u[512];
  snprintf(u, sizeof u,
           "  - {id: F, side: al, type: infantry, at: [50, 30], facing: 180, strength: %d}\n"
           "  - {id: T, side: fr, type: infantry, at: [50, 20], facing: 0, strength: %d, attrs: {valour: %d}}\n",
           ffig, tfig, tval);
  return ba_game(u, NULL);
}

/* One bound of F firing at T with these dice. */
static void volley(gn_game *g, int a, int b, int c) {
  ba_dice(g, 3, a, b, c);
  ba_ok(g, "fire F at T");
  ba_ok(g, "end");
}

/* ref. BA-5.5.1a, BA-B8: valour is -5..+5 from the scenario (Table 21 by class;
** 0, ordinary line, when not given) and hidden from the enemy, who sees
** formation, disorder and figures. */
static void valour_from_scenario(void **state) {
  (void)state;
  gn_game *g = ba_game(
    "  - {id: G, side: fr, type: infantry, at: [50, 20], facing: 0, strength: 30, attrs: {valour: 5}}\n"
    "  - {id: L, side: fr, type: infantry, at: [90, 20], facing: 0, strength: 30}\n"
    "  - {id: B, side: al, type: infantry, at: [50, 90], facing: 180, strength: 30, attrs: {valour: -5}}\n", NULL);
  assert_int_equal(ba_attr(g, "G", "valour"), 5);
  assert_int_equal(ba_attr(g, "L", "valour"), 0);
  assert_int_equal(ba_attr(g, "B", "valour"), -5);
  int v, fr = gn_side_find(g, "fr"), al = gn_side_find(g, "al");
  assert_int_equal(gn_unit_attr(g, ba_unit(g, "G"), al, "valour", &v), GN_ESTATE);
  assert_int_equal(gn_unit_attr(g, ba_unit(g, "G"), al, "supplies", &v), GN_ESTATE);
  assert_int_equal(gn_unit_attr(g, ba_unit(g, "G"), al, "rest", &v), GN_ESTATE);
  assert_int_equal(gn_unit_attr(g, ba_unit(g, "G"), fr, "valour", &v), GN_OK);
  assert_int_equal(v, 5);
  assert_int_equal(gn_unit_attr(g, ba_unit(g, "G"), al, "formation", &v), GN_OK);
  assert_int_equal(gn_unit_attr(g, ba_unit(g, "G"), al, "disorder", &v), GN_OK);
  gn_unit_view view;
  assert_int_equal(gn_unit_view_get(g, ba_unit(g, "G"), al, &view), GN_OK);
  assert_string_equal(view.status, "line, in order");
  assert_int_equal(view.strength, 30);
  assert_int_equal(gn_unit_view_get(g, ba_unit(g, "G"), fr, &view), GN_OK);
  assert_string_equal(view.status, "line, in order; valour +5, supplies unlimited, not resting");
  gn_game_free(g);
  char text[1024];
  snprintf(text, sizeof text, BA_HEAD "%s",
           "  - {id: G, side: fr, type: infantry, at: [50, 20], strength: 30, attrs: {valour: 6}}\n"
           "  - {id: B, side: al, type: infantry, at: [50, 90], strength: 30}\n");
  g = gn_game_new(NULL);
  assert_int_equal(gn_game_load(g, "t.yaml", text, strlen(text)), GN_ESCENARIO);
  gn_game_free(g);
}

/* ref. BA-B8: a unit's troop class gives its starting valour from Table 21
** (data t21.*: guard +4, senior guard +5, landwehr -2) when the scenario does
** not give valour; a valour given wins; no class and no valour is 0. The class
** is hidden from the enemy like the valour it gives; a split part keeps it. */
static void valour_by_class(void **state) {
  (void)state;
  gn_game *g = ba_game(
    "  - {id: G, side: fr, type: infantry, at: [50, 20], facing: 0, strength: 50, attrs: {class: guard}}\n"
    "  - {id: G.b, side: fr, type: infantry, at: [1, 1], strength: 0, attrs: {part: 1}}\n"
    "  - {id: O, side: fr, type: infantry, at: [90, 20], facing: 0, strength: 30, attrs: {class: senior_guard}}\n"
    "  - {id: H, side: fr, type: infantry, at: [130, 20], facing: 0, strength: 30, attrs: {class: guard, valour: 1}}\n"
    "  - {id: W, side: al, type: infantry, at: [50, 90], facing: 180, strength: 30, attrs: {class: landwehr}}\n"
    "  - {id: N, side: al, type: infantry, at: [90, 90], facing: 180, strength: 30, attrs: {valour: 0, class: none}}\n"
    "  - {id: L, side: al, type: infantry, at: [130, 90], facing: 180, strength: 30}\n", NULL);
  assert_int_equal(ba_attr(g, "G", "valour"), 4);
  assert_int_equal(ba_attr(g, "O", "valour"), 5);
  assert_int_equal(ba_attr(g, "H", "valour"), 1);
  assert_int_equal(ba_attr(g, "W", "valour"), -2);
  assert_int_equal(ba_attr(g, "N", "valour"), 0);
  assert_int_equal(ba_attr(g, "L", "valour"), 0);
  assert_int_equal(ba_attr(g, "G", "class"), 2);      /* guard: the third name */
  int v;
  assert_int_equal(gn_unit_attr(g, ba_unit(g, "G"), gn_side_find(g, "al"), "class", &v), GN_ESTATE);
  ba_ok(g, "split G");
  assert_int_equal(ba_attr(g, "G.b", "class"), 2);
  assert_int_equal(ba_attr(g, "G.b", "valour"), 4);
  gn_game_free(g);
  /* a waggon or a staff figure has no class: the game does not start */
  char text[1024];
  snprintf(text, sizeof text, BA_HEAD "%s",
           "  - {id: C, side: fr, type: waggon, at: [50, 20], strength: 1, attrs: {class: guard}}\n"
           "  - {id: B, side: al, type: infantry, at: [50, 90], strength: 30}\n");
  g = gn_game_new(NULL);
  assert_int_equal(gn_game_load(g, "t.yaml", text, strlen(text)), GN_OK);
  assert_int_equal(gn_game_start(g, 1), GN_ESCENARIO);
  assert_non_null(strstr(gn_errmsg(g), "t.yaml:11:"));
  assert_non_null(strstr(gn_errmsg(g), "ref. BA-B8"));
  gn_game_free(g);
}

/* ref. BA-5.5.2a, BA-5.5.2b, Table 15: -1 valour per full 20 % of the ORIGINAL
** figures lost, recounted after every loss: 30 figures losing 3 a bound. */
static void twenty_percent_steps(void **state) {
  (void)state;
  gn_game *g = duel(10, 30, 2);
  volley(g, 6, 6, 4);                       /* 16 + 2: 3 lost, 10 % */
  assert_int_equal(ba_figures(g, "T"), 27);
  assert_int_equal(ba_attr(g, "T", "valour"), 2);
  volley(g, 6, 6, 6);                       /* 6 lost, 20 % */
  assert_int_equal(ba_attr(g, "T", "valour"), 1);
  int e = ba_event(g, 0, "valour", "BA-5.5.2a");
  assert_true(e >= 0);
  assert_int_equal(gn_event_visible(g, e, gn_side_find(g, "al")), 0);
  volley(g, 6, 6, 6);                       /* 9 lost, 30 % */
  assert_int_equal(ba_attr(g, "T", "valour"), 1);
  volley(g, 6, 6, 6);                       /* 12 lost, 40 % */
  assert_int_equal(ba_figures(g, "T"), 18);
  assert_int_equal(ba_attr(g, "T", "valour"), 0);
  gn_game_free(g);
}

/* The side of a unit, as the umpire sees it. */
static int view_side(const gn_game *g, const char *code) {
  gn_unit_view v;
  assert_int_equal(gn_unit_view_get(g, gn_unit_find(g, code), GN_UMPIRE, &v), 0);
  return v.side;
}

/* ref. BA-5.5.2c, BA-5.5.2e, BA-B14: valour -5 losing 20 % falls below -5: FD at
** once; the FD loss (10 % of 24, rounded up: 3) is taken, then valour is -5.
** 11 + 2 = 13: 2 figures per unit of the 30 firers = 6; M = 13 + 5 = 18, MD. */
static void below_minus_five(void **state) {
  (void)state;
  gn_game *g = duel(30, 30, -5);
  int e0 = gn_event_count(g);
  volley(g, 4, 4, 3);
  assert_true(ba_event(g, e0, "disorder", "BA-5.5.2c") >= 0);
  assert_int_equal(ba_attr(g, "T", "disorder"), 3);
  assert_int_equal(ba_figures(g, "T"), 21);
  assert_int_equal(ba_attr(g, "T", "valour"), -5);
  int l = ba_event(g, e0, "loss", "BA-B14");
  assert_true(l >= 0);
  assert_non_null(strstr(gn_event_get(g, l)->text, "loses 3 figures (loss due to FD)"));
  /* the enemy sees the FD, never the hidden valour that caused it */
  int enemy = 1 - view_side(g, "T"), seen = 0;
  for (int i = e0; i < gn_event_count(g); i++) {
    const gn_event *e = gn_event_get(g, i);
    if (strcmp(e->kind, "disorder") || !gn_event_visible(g, i, enemy)) continue;
    seen++;
    assert_null(strstr(e->text, "valour"));
  }
  assert_int_equal(seen, 1);
  gn_game_free(g);
}

/* ref. BA-5.5.2d: brought into FD by valour and, in the same fire, by its moral
** effect: one FD and one FD loss only. 16 + 2 = 18: 3 per unit x 2 = 6; M = 23. */
static void no_double_fd(void **state) {
  (void)state;
  gn_game *g = duel(20, 30, -5);
  int e0 = gn_event_count(g);
  volley(g, 6, 5, 5);
  assert_int_equal(ba_attr(g, "T", "disorder"), 3);
  assert_int_equal(ba_figures(g, "T"), 21);
  assert_int_equal(ba_events(g, e0, "loss", "BA-B14"), 1);
  int side = view_side(g, "T"), fd = 0;
  for (int i = e0; i < gn_event_count(g); i++)   /* its own side reads one FD, with the reason */
    fd += !strcmp(gn_event_get(g, i)->kind, "disorder") && gn_event_visible(g, i, side);
  assert_int_equal(fd, 1);
  assert_int_equal(ba_attr(g, "T", "valour"), -5);
  gn_game_free(g);
}

/* ref. BA-5.5.2f: lost valour does not come back by itself: ten bounds later,
** not resting, the unit still has it (rest: see test-ba-rest.c). */
static void no_regain_without_rest(void **state) {
  (void)state;
  gn_game *g = duel(10, 30, 2);
  volley(g, 6, 6, 6);
  volley(g, 6, 6, 6);
  assert_int_equal(ba_attr(g, "T", "valour"), 1);
  /* T is MD; its reorganisation rolls fail (3 + 1 < 11) */
  for (int i = 0; i < 10; i++) {
    ba_dice(g, 3, 1, 1, 1);
    ba_ok(g, "end");
  }
  assert_int_equal(ba_attr(g, "T", "valour"), 1);
  gn_game_free(g);
}

/* ref. BA-5.5.2g: a unit other than artillery with fewer than 3 figures is
** removed at once; ref. BA-5.5.2h: artillery is not. */
static void under_three_removed(void **state) {
  (void)state;
  gn_game *g = ba_game(
    "  - {id: F, side: al, type: infantry, at: [50, 30], facing: 180, strength: 10}\n"
    "  - {id: T, side: fr, type: infantry, at: [50, 20], facing: 0, strength: 5}\n"
    "  - {id: F2, side: al, type: infantry, at: [120, 30], facing: 180, strength: 10}\n"
    "  - {id: G, side: fr, type: foot_artillery, at: [120, 20], facing: 0, width: 8, strength: 2, attrs: {guns: 1}}\n", NULL);
  ba_dice(g, 6, 6, 6, 4, 6, 6, 4);          /* 18: 3 figures each */
  ba_ok(g, "fire F at T");
  ba_ok(g, "fire F2 at G");
  int e0 = gn_event_count(g);
  ba_ok(g, "end");
  int r = ba_event(g, e0, "removed", "BA-5.5.2g");
  assert_true(r >= 0);
  assert_int_equal(gn_event_get(g, r)->unit, ba_unit(g, "T"));
  assert_int_equal(ba_removed(g, "T"), 1);
  gn_unit_view v;
  assert_int_equal(gn_unit_view_get(g, ba_unit(g, "T"), GN_UMPIRE, &v), GN_OK);
  assert_string_equal(v.status, "");        /* the caller says "removed", once */
  assert_int_equal(ba_figures(g, "G"), 0);
  assert_int_equal(ba_removed(g, "G"), 0);
  gn_game_free(g);
}

/* ref. BA-5.5.2i: each part of a split unit on its own: a part made with 2
** figures leaves at once; a part of 3 losing 1 leaves, the other part stays. */
static void split_parts_removed(void **state) {
  (void)state;
  gn_game *g = ba_game(
    "  - {id: A, side: fr, type: infantry, at: [50, 20], facing: 0, strength: 50}\n"
    "  - {id: A.b, side: fr, type: infantry, at: [1, 1], strength: 0, attrs: {part: 1}}\n"
    "  - {id: F, side: al, type: infantry, at: [68, 30], facing: 180, width: 6, strength: 3}\n", NULL);
  int e0 = gn_event_count(g);
  ba_ok(g, "split A 2");
  assert_true(ba_event(g, e0, "removed", "BA-5.5.2i") >= 0);
  assert_int_equal(ba_removed(g, "A.b"), 1);
  assert_int_equal(ba_figures(g, "A"), 48);
  gn_game_free(g);
  g = ba_game(
    "  - {id: A, side: fr, type: infantry, at: [50, 20], facing: 0, strength: 50}\n"
    "  - {id: A.b, side: fr, type: infantry, at: [1, 1], strength: 0, attrs: {part: 1}}\n"
    "  - {id: F, side: al, type: infantry, at: [68, 30], facing: 180, width: 6, strength: 3}\n", NULL);
  ba_ok(g, "split A 3");
  ba_ok(g, "end");
  ba_dice(g, 3, 4, 4, 4);                   /* 12 + 2: 2 figures from F's one unit */
  ba_ok(g, "fire F at A.b");
  e0 = gn_event_count(g);
  ba_ok(g, "end");
  assert_true(ba_event(g, e0, "removed", "BA-5.5.2i") >= 0);
  assert_int_equal(ba_removed(g, "A.b"), 1);
  assert_int_equal(ba_removed(g, "A"), 0);
  assert_int_equal(ba_figures(g, "A"), 47);
  gn_game_free(g);
}

/* ref. BA-B16: a unit takes the worse of its old and new disorder: MD hit for
** SD stays MD. ref. BA-B15: reorganisation, 3d6 + valour >= 11, one step a bound,
** only in a bound in which it was not fired at nor in melee. */
static void disorder_and_reorganisation(void **state) {
  (void)state;
  gn_game *g = ba_game(
    "  - {id: F, side: al, type: infantry, at: [50, 30], facing: 180, strength: 10}\n"
    "  - {id: T, side: fr, type: infantry, at: [50, 20], facing: 0, strength: 30, attrs: {disorder: MD, valour: 1}}\n"
    "  - {id: U, side: fr, type: infantry, at: [120, 20], facing: 0, strength: 30, attrs: {disorder: FD, valour: 1}}\n", NULL);
  /* F: 4+4+4 + 2 = 14: 2 figures, M = 14 - 1 = 13: SD on T, which stays MD; U routs
  ** away from F (fast rate 15 cm) and reorganises: 4+4+2 + 1 = 11: FD -> MD */
  ba_dice(g, 6, 4, 4, 4, 4, 4, 2);
  ba_ok(g, "fire F at T");
  int e0 = gn_event_count(g);
  ba_ok(g, "end");
  assert_int_equal(ba_attr(g, "T", "disorder"), 2);
  assert_int_equal(ba_figures(g, "T"), 28);
  assert_int_equal(ba_attr(g, "U", "disorder"), 2);
  int r = ba_event(g, e0, "reorganise", "BA-B15");
  assert_true(r >= 0);
  assert_int_equal(gn_event_get(g, r)->unit, ba_unit(g, "U"));
  assert_int_equal(gn_event_get(g, r)->total, 11);
  assert_true(ba_event(g, e0, "forced", "BA-1.1.1e") >= 0);
  /* next bound nobody fires: T 3+3+3 + 1 = 10 fails; U 6+2+2 + 1 = 11: MD -> SD */
  ba_dice(g, 6, 3, 3, 3, 6, 2, 2);
  ba_ok(g, "end");
  assert_int_equal(ba_attr(g, "T", "disorder"), 2);
  assert_int_equal(ba_attr(g, "U", "disorder"), 1);
  gn_game_free(g);
}

/* ref. BA-B15, BA-5.5.1a: a unit of valour 0 reorganises on the dice alone:
** its event lists no valour modifier (a 0 would read as a bare note). */
static void reorganise_at_valour_zero(void **state) {
  (void)state;
  gn_game *g = ba_game(
    "  - {id: F, side: al, type: infantry, at: [150, 110], facing: 180, strength: 30}\n"
    "  - {id: V, side: fr, type: infantry, at: [50, 20], facing: 0, strength: 30, attrs: {disorder: SD, valour: 0}}\n", NULL);
  ba_dice(g, 3, 4, 4, 3);
  int e0 = gn_event_count(g);
  ba_ok(g, "end");
  int r = ba_event(g, e0, "reorganise", "BA-B15");
  assert_true(r >= 0);
  assert_string_equal(gn_event_get(g, r)->text, "V reorganises: 11 against 11, recovers a step");
  assert_int_equal(gn_event_get(g, r)->nmods, 0);
  assert_int_equal(ba_attr(g, "V", "disorder"), 0);
  gn_game_free(g);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(valour_from_scenario),
    cmocka_unit_test(valour_by_class),
    cmocka_unit_test(twenty_percent_steps),
    cmocka_unit_test(below_minus_five),
    cmocka_unit_test(no_double_fd),
    cmocka_unit_test(no_regain_without_rest),
    cmocka_unit_test(under_three_removed),
    cmocka_unit_test(split_parts_removed),
    cmocka_unit_test(disorder_and_reorganisation),
    cmocka_unit_test(reorganise_at_valour_zero),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
