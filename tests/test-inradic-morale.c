/*
** test-inradic-morale.c: when units test morale and the test itself
** (ref. IN-M1, IN-M2, IN-M3, IN-M4, IN-M5, IN-M6, IN-M7, IN-M8, IN-M9, IN-M10, IN-B10, IN-B11, IN-B12), with scripted cards and dice.
*/
#include "inradic-helpers.h"

/* The spec of the last morale roll. */
static const char *morale_spec(gn_game *g) {
  for (int i = gn_event_count(g) - 1; i >= 0; i--) {
    const gn_event *e = gn_event_get(g, i);
    if (!strcmp(e->kind, "roll") && !strcmp(e->ref, "IN-M7")) return e->spec;
  }
  fail_msg("no morale roll");
  return NULL;
}

/* ref. IN-M7, IN-M8, IN-B10: a unit that started with 14 figures throws d10+d4
** even with 11 left; 7 + 4 = 11 <= 11 passes. */
static void dice_by_starting_size(void **state) {
  (void)state;
  gn_game *g = mk("units:\n" RED("r1", "foot", 50, 40, 10, "") BLUE("b1", "foot", 50, 50, 14, ""));
  SCRIPT(g, CARD(6, 0), CARD(7, 0), CARD(8, 0), CARD(2, 0), /* d10, d4 */ 7, 4);
  ok(g, "fire r1 at b1");
  assert_int_equal(strength(g, "b1"), 11);
  assert_string_equal(morale_spec(g), "d10+d4");
  const gn_event *m = last_kind(g, "morale");
  assert_int_equal(m->total, 11);
  assert_int_equal(attr(g, "b1", "status"), 0);
  gn_game_free(g);
}

/* ref. IN-B10, IN-B11: a d10 per ten figures and one die of the remainder;
** odd dice are rolled as they are; a remainder of one past ten is the
** constant +1, not a die: 11 rolls d10 and adds 1 under IN-B10. */
static void dice_for_any_size(void **state) {
  (void)state;
  static const struct { int n; const char *spec; int faces; } T[] = {
    { 5, "d5", 1 }, { 7, "d7", 1 }, { 10, "d10", 1 }, { 11, "d10", 1 }, { 25, "2d10+d5", 3 }, { 20, "2d10", 2 },
  };
  for (size_t i = 0; i < sizeof T / sizeof T[0]; i++) {
    char body[512];
    snprintf(body, sizeof body, "units:\n" RED("r1", "foot", 50, 40, 1, "")
             "  - {id: b1, side: blue, type: foot, at: [50, 50], facing: 180, strength: %d}\n", T[i].n);
    gn_game *g = mk(body);
    SCRIPT(g, CARD(6, 0), CARD(2, 0));
    for (int k = 0; k < T[i].faces; k++) SCRIPT(g, 1);
    ok(g, "fire r1 at b1");
    assert_string_equal(morale_spec(g), T[i].spec);
    const gn_event *m = last_kind(g, "morale");
    assert_int_equal(mod(m, "one-figure remainder"), T[i].n == 11 ? 1 : -999);
    for (int k = 0; k < m->nmods; k++)
      if (!strcmp(m->mods[k].name, "one-figure remainder")) assert_string_equal(m->mods[k].ref, "IN-B10");
    gn_game_free(g);
  }
}

/* ref. IN-B10, IN-M10, switch morale.one_is_die: "-1 each die if uphill of an
** engaging enemy". A unit of 21 throws 2d10+1; by default the +1 is no die, so
** uphill counts twice (-2); with morale.one_is_die 1 it counts three times. */
static void one_is_not_a_die(void **state) {
  (void)state;
  static const char *const v[2] = { "", "values: {morale.one_is_die: 1}\n" };
  for (int i = 0; i < 2; i++) {
    char body[1024];
    snprintf(body, sizeof body, "%sunits:\n" RED("r1", "foot", 50, 40, 1, "")
             BLUE("b1", "foot", 50, 50, 21, "")
             "terrain:\n  - {id: h, kind: hill, area: [[40, 45], [60, 45], [60, 55], [40, 55]]}\n", v[i]);
    gn_game *g = mk(body);
    SCRIPT(g, CARD(1, 0), CARD(10, 0), /* 2d10 */ 6, 2);
    ok(g, "fire r1 at b1");
    const gn_event *m = last_kind(g, "morale");
    assert_int_equal(mod(m, "uphill of the enemy"), i ? -3 : -2);
    assert_int_equal(mod(m, "one-figure remainder"), 1);
    assert_int_equal(m->total, 6 + 2 + 1 + (i ? -3 : -2));
    assert_string_equal(morale_spec(g), "2d10");
    gn_game_free(g);
  }
}

/* ref. IN-M8: a total one above the figures left fails, and the unit routs. */
static void one_over_fails(void **state) {
  (void)state;
  gn_game *g = mk("units:\n" RED("r1", "foot", 50, 40, 10, "") BLUE("b1", "foot", 50, 50, 10, ""));
  SCRIPT(g, CARD(6, 0), CARD(7, 0), CARD(2, 0), CARD(3, 0), /* d10 */ 9);
  ok(g, "fire r1 at b1");
  assert_int_equal(strength(g, "b1"), 8);
  assert_int_equal(last_kind(g, "morale")->total, 9);
  assert_int_equal(attr(g, "b1", "status"), 1);
  gn_game_free(g);
}

/* ref. IN-M9: quality modifiers, once on the total. */
static void quality_modifiers(void **state) {
  (void)state;
  static const struct { const char *q; int mod; } T[] = {
    { "peasants", 2 }, { "militia", 1 }, { "irregular", 1 }, { "native", 1 }, { "trained", -999 },
    { "well_trained", -1 }, { "veteran", -2 }, { "fanatic", -3 },
  };
  for (size_t i = 0; i < sizeof T / sizeof T[0]; i++) {
    char body[512];
    snprintf(body, sizeof body, "units:\n" RED("r1", "foot", 50, 40, 1, "")
             "  - {id: b1, side: blue, type: foot, at: [50, 50], facing: 180, strength: 14, attrs: {quality: %s}}\n",
             T[i].q);
    gn_game *g = mk(body);
    SCRIPT(g, CARD(6, 0), CARD(2, 0), /* d10, d4 */ 5, 3);
    ok(g, "fire r1 at b1");
    const gn_event *m = last_kind(g, "morale");
    char word[32];   /* the modifier is named as players read it: "well trained" */
    snprintf(word, sizeof word, "%s", T[i].q);
    for (char *c = word; *c; c++) if (*c == '_') *c = ' ';
    assert_int_equal(mod(m, word), T[i].mod);
    assert_int_equal(m->total, 8 + (T[i].mod == -999 ? 0 : T[i].mod));   /* once, not per die */
    gn_game_free(g);
  }
}

/* ref. IN-M10, IN-B12: situation modifiers count once per die (14 figures: 2
** dice): uphill -2, woods -2, building -6, shot from the flank +2, from the
** rear +4; the quality modifier stays once (veteran -2). */
static void situation_per_die(void **state) {
  (void)state;
  static const struct { const char *extra, *shooter, *name; int mod; } T[] = {
    { "terrain:\n  - {id: h, kind: hill, area: [[40, 45], [60, 45], [60, 55], [40, 55]]}\n",
      RED("r1", "foot", 50, 40, 1, ""), "uphill of the enemy", -2 },
    { "terrain:\n  - {id: w, kind: woods, area: [[45, 47], [55, 47], [55, 53], [45, 53]]}\n",
      RED("r1", "foot", 50, 40, 1, ""), "soft cover", -2 },
    { "terrain:\n  - {id: b, kind: building, area: [[45, 47], [55, 47], [55, 53], [45, 53]]}\n",
      RED("r1", "foot", 50, 40, 1, ""), "hard cover", -6 },
    { "", "  - {id: r1, side: red, type: foot, at: [38, 50], facing: 90, strength: 1}\n",
      "attacked in the flank", 2 },
    { "", "  - {id: r1, side: red, type: foot, at: [50, 60], facing: 180, strength: 1}\n",
      "attacked in the rear", 4 },
  };
  for (size_t i = 0; i < sizeof T / sizeof T[0]; i++) {
    char body[1024];
    snprintf(body, sizeof body, "units:\n%s" BLUE("b1", "foot", 50, 50, 14, "quality: veteran") "%s",
             T[i].shooter, T[i].extra);
    gn_game *g = mk(body);
    /* cards that hit even in hard cover at long range: an Ace and a 10 (capped at 1) */
    SCRIPT(g, CARD(1, 0), CARD(10, 0), /* d10, d4 */ 6, 2);
    ok(g, "fire r1 at b1");
    const gn_event *m = last_kind(g, "morale");
    assert_int_equal(mod(m, T[i].name), T[i].mod);
    assert_int_equal(mod(m, "veteran"), -2);
    assert_int_equal(m->total, 8 - 2 + T[i].mod);
    gn_game_free(g);
  }
}

/* ref. IN-M1: no casualty from shooting, no test; a routing unit does not test again. */
static void no_casualty_no_test(void **state) {
  (void)state;
  gn_game *g = mk("units:\n" RED("r1", "foot", 50, 40, 5, "") RED("r2", "foot", 60, 40, 5, "")
                  BLUE("b1", "foot", 50, 50, 10, "quality: peasants"));
  int e0 = gn_event_count(g);
  SCRIPT(g, CARD(2, 0), CARD(12, 0));
  ok(g, "fire r1 at b1");
  assert_int_equal(count_kind(g, e0, "morale"), 0);
  gn_game_free(g);
  g = mk("units:\n" RED("r1", "foot", 50, 40, 5, "") RED("r2", "foot", 60, 48, 5, "")
         BLUE("b1", "foot", 50, 50, 10, "quality: peasants"));
  SCRIPT(g, CARD(6, 0), CARD(2, 0), /* d10 */ 8);   /* 8 + 2 > 9: routs 12 in, to 50,62 */
  ok(g, "fire r1 at b1");
  assert_int_equal(attr(g, "b1", "status"), 1);
  assert_true(box(g, "b1").c.y > 61.9 && box(g, "b1").c.y < 62.1);
  e0 = gn_event_count(g);
  SCRIPT(g, CARD(8, 1), CARD(2, 1));               /* 13 in: beyond half range */
  ok(g, "fire r2 at b1");
  assert_int_equal(strength(g, "b1"), 8);
  assert_int_equal(count_kind(g, e0, "morale"), 0);
  gn_game_free(g);
}

/* ref. IN-M3, IN-H1: a unit that sees its own flag bearer killed tests, even
** for one casualty in melee (no IN-M2). */
static void leader_killed(void **state) {
  (void)state;
  gn_game *g = mk("options: {hero_hits: 1}\nunits:\n" RED("a", "foot", 50, 40, 4, "")
                  BLUE("b", "foot", 50, 46, 6, "flag: 1"));
  SCRIPT(g, CARD(1, 0), CARD(2, 0),                           /* a: an Ace and a miss */
         CARD(2, 1), CARD(3, 1), CARD(4, 1), CARD(5, 1),      /* b: four misses */
         /* hero d6 */ 2, /* b's morale d6 */ 2);
  ok(g, "charge a at b");
  assert_int_equal(attr(g, "b", "flag"), 0);
  assert_int_equal(attr(g, "b", "privates"), 5);
  const gn_event *m = last_kind(g, "morale");
  assert_string_equal(m->ref, "IN-M3");
  assert_int_equal(m->unit, U(g, "b"));
  gn_game_free(g);
  /* the same hit on a private: no test */
  g = mk("units:\n" RED("a", "foot", 50, 40, 4, "") BLUE("b", "foot", 50, 46, 6, "flag: 1"));
  int e0 = gn_event_count(g);
  SCRIPT(g, CARD(1, 0), CARD(2, 0), CARD(2, 1), CARD(3, 1), CARD(4, 1), CARD(5, 1));
  ok(g, "charge a at b");
  assert_int_equal(attr(g, "b", "flag"), 1);
  assert_int_equal(count_kind(g, e0, "morale"), 0);
  gn_game_free(g);
}

/* ref. IN-M4: a friend within 10 in and in sight tests when a unit routs; one
** farther away, or behind a building, does not. */
static void friend_routs(void **state) {
  (void)state;
  gn_game *g = mk("units:\n" RED("r1", "foot", 50, 40, 10, "")
                  BLUE("b1", "foot", 50, 50, 10, "quality: militia") BLUE("b2", "foot", 60, 50, 10, "")
                  BLUE("b3", "foot", 70, 50, 10, "") BLUE("b4", "foot", 40, 50, 10, "")
                  "terrain:\n  - {id: h, kind: building, area: [[43, 48], [47, 48], [47, 52], [43, 52]]}\n");
  int e0 = gn_event_count(g);
  SCRIPT(g, CARD(6, 0), CARD(7, 0), CARD(8, 0), CARD(2, 0), /* b1 d10 */ 9, /* b2 d10 */ 1);
  ok(g, "fire r1 at b1");
  assert_int_equal(attr(g, "b1", "status"), 1);
  assert_int_equal(count_kind(g, e0, "morale"), 2);
  const gn_event *m = last_kind(g, "morale");
  assert_string_equal(m->ref, "IN-M4");
  assert_int_equal(m->unit, U(g, "b2"));
  assert_int_equal(attr(g, "b2", "status"), 0);
  gn_game_free(g);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(dice_by_starting_size),
    cmocka_unit_test(dice_for_any_size),
    cmocka_unit_test(one_is_not_a_die),
    cmocka_unit_test(one_over_fails),
    cmocka_unit_test(quality_modifiers),
    cmocka_unit_test(situation_per_die),
    cmocka_unit_test(no_casualty_no_test),
    cmocka_unit_test(leader_killed),
    cmocka_unit_test(friend_routs),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
