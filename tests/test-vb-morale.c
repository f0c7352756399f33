/*
** test-vb-morale.c: Volley & Bayonet morale tests, their results, and rally
** (src/rules/vb/morale.c, rally.c), with scripted dice.
**
** The tests are taken at the end of the phasing side's morale phase by every
** stand touching an enemy stand (in unit order) and by the other side's
** stands within close range of the phasing side's guns. Side fr moves first;
** its army commander "nap" stands at (13, 20); al's "wel" far off at (55, 55).
*/
#include "vb-helpers.h"

#define HEAD                                                                        \
  VB_COMBAT_HEAD("morale test",                                                     \
                 "  - {id: fd, echelon: division, parent: fa, leader: div}\n",       \
                 "  - {id: div, formation: fd, type: leader_division, at: [13, 24], strength: 0}\n", \
                 "55, 55")

static gn_game *game(const char *units, const char *terrain) { return vb_game(HEAD, units, terrain); }

/* The last "morale" event of a unit, or NULL. */
static const gn_event *test_of(gn_game *g, const char *id) {
  int u = unit(g, id);
  for (int i = gn_event_count(g) - 1; i >= 0; i--) {
    const gn_event *e = gn_event_get(g, i);
    if (!strcmp(e->kind, "morale") && e->unit == u) return e;
  }
  return NULL;
}

/* fr stand "a" at (20,20) facing north, al stand "d" touching its front. */
static gn_game *contact(const char *atype, const char *aattrs, const char *dtype, const char *dattrs,
                        const char *terrain) {
  return vb_contact(HEAD, atype, aattrs, 4, dtype, dattrs, 4, NULL, terrain);
}

/* ref. VB-B8: the test passes when 1d6 is at most grade + modifiers (4 passes
** grade 4, 5 fails); ref. VB-B9: a stand in good order that fails is
** disordered. ref. VB-7: a stand with no support gets no "unsupported"
** modifier: the grade is its only modifier. */
static void t_test_and_disorder(void **state) {
  (void)state;
  gn_game *g = contact("infantry_brigade", "", "infantry_brigade", "", NULL);
  script(g, 2, 4, 5);                                 /* a rolls 4, d rolls 5 */
  to_phase(g, "combat");
  assert_int_equal(attr(g, "a", "disorder"), 0);
  assert_int_equal(attr(g, "d", "disorder"), 1);
  const gn_event *e = test_of(g, "d");
  assert_non_null(e);
  assert_int_equal(e->nmods, 1);                      /* ref. VB-7 */
  assert_string_equal(e->mods[0].name, "morale grade");
  assert_int_equal(e->mods[0].value, 4);
  assert_int_equal(gn_dice_script_left(g), 0);
  /* the grade is hidden: the enemy side does not see the test */
  int i = gn_event_count(g) - 1;
  while (i >= 0 && gn_event_get(g, i) != e) i--;
  assert_true(i >= 0);
  assert_int_equal(gn_event_visible(g, i, 1), 1);     /* d's own side (al) */
  assert_int_equal(gn_event_visible(g, i, 0), 0);
  assert_int_equal(gn_event_visible(g, i, GN_UMPIRE), 1);
  gn_game_free(g);
}

/* ref. VB-B9, VB-41: a disordered stand that fails routs: it loses 1 SP and
** makes a full move (16 in for a brigade) straight away from the stand that
** made it test. */
static void t_rout(void **state) {
  (void)state;
  gn_game *g = contact("infantry_brigade", "", "infantry_brigade", "disorder: 1", NULL);
  script(g, 2, 1, 6);
  to_phase(g, "combat");
  gn_unit_view v = view(g, "d");
  assert_int_equal(v.strength, 3);
  assert_int_equal(attr(g, "d", "routed"), 1);
  assert_true(fabs(v.box.c.x - 20) < 1e-9);
  assert_true(fabs(v.box.c.y - 39) < 1e-9);           /* 23 + 16 */
  gn_game_free(g);
}

/* ref. VB-5: -1 for facing lancers applies to infantry only. */
static void t_vb5_lancers(void **state) {
  (void)state;
  gn_game *g = contact("cavalry_lancer", "", "infantry_brigade", "", NULL);
  script(g, 2, 1, 4);
  to_phase(g, "combat");
  assert_int_equal(attr(g, "d", "disorder"), 1);      /* needs 3 or less */
  assert_int_equal(mod(test_of(g, "d"), "VB-5")->value, -1);
  gn_game_free(g);
  g = contact("cavalry_lancer", "", "cavalry_heavy", "", NULL);
  script(g, 2, 1, 4);
  to_phase(g, "combat");
  assert_int_equal(attr(g, "d", "disorder"), 0);      /* cavalry: no modifier */
  assert_null(mod(test_of(g, "d"), "VB-5"));
  gn_game_free(g);
}

/* ref. VB-5, VB-6, VB-9: a cavalry skirmisher (a skirmish stand of a light
** cavalry brigade) is cavalry: charged by lancers it takes neither the -1 for
** facing lancers nor the -1 for being meleed by cavalry, which are infantry's
** (and artillery's); nor is it ever stationary, as infantry would be. */
static void t_vb5_cavalry_skirmisher(void **state) {
  (void)state;
  gn_game *g = vb_game(VB_COMBAT_HEAD("cavalry skirmisher test", "", "", "20, 35"),
    "  - {id: a, side: fr, formation: fa, type: cavalry_lancer, at: [18.25, 20], facing: 0, strength: 3}\n"
    "  - {id: lc, side: al, formation: aa, type: cavalry_light, at: [20, 30], facing: 180, strength: 2}\n"
    "  - {id: s1, side: al, formation: aa, type: skirmisher, at: [50, 50], strength: 1, attrs: {skirmish_of: 1}}\n"
    "  - {id: s2, side: al, formation: aa, type: skirmisher, at: [50, 50], strength: 1, attrs: {skirmish_of: 1}}\n",
    NULL);
  ends(g, 6);                                         /* fr's turn */
  ok(g, "end");
  ok(g, "skirmish lc");                               /* al's movement: two stands along lc's front */
  at(g, "s2", 18.25, 29.25);
  ok(g, "end");                                       /* in command (wel near), it stays put... */
  assert_int_equal(attr(g, "s2", "in_command"), 1);
  assert_int_equal(attr(g, "s2", "stationary"), 0);  /* ...is stationary only if infantry */
  to_phase(g, "movement");
  ok(g, "charge a at s2");
  script(g, 2, 4, 4);
  to_phase(g, "combat");
  const gn_event *e = test_of(g, "s2");
  assert_non_null(e);
  assert_null(mod(e, "VB-5"));
  assert_null(mod(e, "VB-6"));
  assert_int_equal(e->nmods, 1);                      /* the grade alone */
  assert_int_equal(attr(g, "s2", "disorder"), 0);     /* 4 <= 4 */
  assert_int_equal(gn_dice_script_left(g), 0);
  gn_game_free(g);
}

/* ref. VB-6: meleed by cavalry, -1 for artillery and non-stationary infantry;
** stationary infantry takes nothing. */
static void t_vb6_cavalry(void **state) {
  (void)state;
  gn_game *g = contact("cavalry_heavy", "", "infantry_brigade", "stationary: 1", NULL);
  script(g, 2, 1, 4);
  to_phase(g, "combat");
  assert_int_equal(attr(g, "d", "disorder"), 0);
  assert_null(mod(test_of(g, "d"), "VB-6"));
  gn_game_free(g);
  g = contact("cavalry_heavy", "", "infantry_brigade", "stationary: 0", NULL);
  script(g, 2, 1, 4);
  to_phase(g, "combat");
  assert_int_equal(attr(g, "d", "disorder"), 1);
  assert_int_equal(mod(test_of(g, "d"), "VB-6")->value, -1);
  gn_game_free(g);
  g = contact("cavalry_heavy", "", "artillery_foot", "stationary: 1", NULL);
  script(g, 2, 1, 4);
  to_phase(g, "combat");
  assert_int_equal(attr(g, "d", "disorder"), 1);
  assert_int_equal(mod(test_of(g, "d"), "VB-6")->value, -1);
  gn_game_free(g);
}

/* ref. VB-8: a regimental (3x1.5 in) infantry stand meleed in the flank takes
** -2; a brigade stand takes nothing. */
static void t_vb8_flank(void **state) {
  (void)state;
  const char *fmt =
    "  - {id: a, side: fr, formation: fa, type: infantry_brigade, at: [%g, 26], facing: 270, strength: 4}\n"
    "  - {id: d, side: al, formation: aa, type: %s, at: [20, 26], facing: 180, strength: 4}\n";
  char u[1024];
  snprintf(u, sizeof u, fmt, 23.0, "infantry_regiment");   /* a touches d's right flank */
  gn_game *g = game(u, NULL);
  script(g, 2, 1, 3);
  to_phase(g, "combat");
  assert_int_equal(attr(g, "d", "disorder"), 1);           /* needs 2 or less */
  assert_int_equal(mod(test_of(g, "d"), "VB-8")->value, -2);
  assert_null(mod(test_of(g, "a"), "VB-8"));               /* a meets d with its front */
  gn_game_free(g);
  snprintf(u, sizeof u, fmt, 23.0, "infantry_brigade");
  g = game(u, NULL);
  script(g, 2, 1, 3);
  to_phase(g, "combat");
  assert_int_equal(attr(g, "d", "disorder"), 0);
  assert_null(mod(test_of(g, "d"), "VB-8"));
  gn_game_free(g);
}

/* ref. VB-30: a sunken road counts as works for morale (+1); works +1. */
static void t_vb30_works_morale(void **state) {
  (void)state;
  gn_game *g = contact("infantry_brigade", "", "infantry_brigade", "",
                       "terrain:\n  - {id: r, kind: sunken_road, line: [[10, 23.5], [30, 23.5]]}\n");
  script(g, 2, 1, 5);
  to_phase(g, "combat");
  assert_int_equal(attr(g, "d", "disorder"), 0);           /* 5 <= 4 + 1 */
  assert_int_equal(mod(test_of(g, "d"), "VB-30")->value, 1);
  gn_game_free(g);
  g = contact("infantry_brigade", "", "infantry_brigade", "",
              "terrain:\n  - {id: w, kind: works, area: [[17, 21.5], [23, 21.5], [23, 25], [17, 25]]}\n");
  script(g, 2, 1, 5);
  to_phase(g, "combat");
  assert_int_equal(attr(g, "d", "disorder"), 0);
  gn_game_free(g);
}

/* ref. VB-25: a stand within close range of an enemy's battalion guns takes no
** test for it; within close range of enemy artillery it tests. */
static void t_vb25_batguns_no_test(void **state) {
  (void)state;
  const char *fmt =
    "  - {id: a, side: fr, formation: fa, type: %s, at: [20, 20], facing: 0, strength: 4, attrs: {%s}}\n"
    "  - {id: d, side: al, formation: aa, type: infantry_brigade, at: [20, 24.5], facing: 180, strength: 4}\n";
  char u[1024];
  snprintf(u, sizeof u, fmt, "infantry_brigade", "batguns: 1");  /* 1.5 in apart */
  gn_game *g = game(u, NULL);
  script(g, 1, 6);
  to_phase(g, "combat");
  assert_null(test_of(g, "d"));
  assert_int_equal(gn_dice_script_left(g), 1);
  gn_game_free(g);
  snprintf(u, sizeof u, fmt, "artillery_foot", "weight: light");  /* light close range 4 in */
  g = game(u, NULL);
  script(g, 1, 6);
  to_phase(g, "combat");
  assert_non_null(test_of(g, "d"));
  assert_int_equal(attr(g, "d", "disorder"), 1);
  assert_int_equal(gn_dice_script_left(g), 0);
  gn_game_free(g);
}

/* ref. VB-57: artillery that routs in contact with the enemy is lost, wiped
** out (it recovers nothing overnight); out of contact it is lost too, but not
** wiped out. */
static void t_vb57_artillery_rout(void **state) {
  (void)state;
  gn_game *g = contact("infantry_brigade", "", "artillery_foot", "disorder: 1", NULL);
  script(g, 2, 1, 6);
  to_phase(g, "combat");
  gn_unit_view v = view(g, "d");
  assert_int_equal(v.removed, 1);
  assert_int_equal(v.strength, 0);
  assert_int_equal(attr(g, "d", "wiped"), 3);
  gn_game_free(g);
  /* al guns in close range of fr guns (both light, 3 in apart) */
  char u[1024];
  snprintf(u, sizeof u,
           "  - {id: a, side: fr, formation: fa, type: artillery_foot, at: [20, 20], facing: 0, strength: 2, attrs: {weight: light}}\n"
           "  - {id: d, side: al, formation: aa, type: artillery_foot, at: [20, 24.5], facing: 180, strength: 2, attrs: {disorder: 1}}\n");
  g = game(u, NULL);
  script(g, 1, 6);
  to_phase(g, "combat");
  assert_int_equal(view(g, "d").removed, 1);
  assert_int_equal(attr(g, "d", "wiped"), 0);
  gn_game_free(g);
}

/* ref. VB-34: stands sharing a town block test morale separately. */
static void t_vb34_town_separate(void **state) {
  (void)state;
  char u[1024];
  snprintf(u, sizeof u,
           "  - {id: a, side: fr, formation: fa, type: artillery_foot, at: [20, 20], facing: 0, strength: 2, attrs: {weight: field}}\n"
           "  - {id: d, side: al, formation: aa, type: infantry_regiment, at: [17.5, 23.5], facing: 180, strength: 2}\n"
           "  - {id: d2, side: al, formation: aa, type: infantry_regiment, at: [21, 23.5], facing: 180, strength: 2}\n");
  gn_game *g = game(u, "terrain:\n  - {id: t, kind: town, area: [[15, 22], [25, 22], [25, 27], [15, 27]]}\n");
  script(g, 2, 6, 2);
  to_phase(g, "combat");
  assert_int_equal(attr(g, "d", "disorder"), 1);          /* 6 > 4 + 1 (town) */
  assert_int_equal(attr(g, "d2", "disorder"), 0);
  assert_int_equal(named(test_of(g, "d2"), "in a town")->value, 1);
  gn_game_free(g);
}

/* ref. VB-B10: a corps or army commander within the command radius rallies a
** routed stand in the rally phase when 1d6 is at most its grade; it stays
** permanently disordered (red). A failed try leaves it routed, and one try per
** phase. A division commander cannot rally it. */
static void t_rally(void **state) {
  (void)state;
  const char *u =
    "  - {id: r, side: fr, formation: fd, type: infantry_brigade, at: [18, 24], facing: 0, strength: 3, attrs: {routed: 1, disorder: 1}}\n"
    "  - {id: r2, side: fr, formation: fd, type: infantry_brigade, at: [18, 27], facing: 0, strength: 3, attrs: {routed: 1, disorder: 1}}\n"
    "  - {id: far, side: fr, formation: fa, type: infantry_brigade, at: [40, 40], facing: 0, strength: 3, attrs: {routed: 1, disorder: 1}}\n"
    "  - {id: ok, side: fr, formation: fa, type: infantry_brigade, at: [18, 36], facing: 0, strength: 3}\n";
  gn_game *g = game(u, NULL);
  refused(g, "rally r", "VB-B1");                           /* command phase */
  to_phase(g, "rally");
  refused(g, "rally r with div", "VB-B10");
  refused(g, "rally far", "VB-B10");
  refused(g, "rally far with nap", "VB-B2");
  refused(g, "rally ok", "VB-B10");
  script(g, 2, 4, 5);
  ok(g, "rally r with nap");
  assert_int_equal(attr(g, "r", "routed"), 0);
  assert_int_equal(attr(g, "r", "disorder"), 2);
  ok(g, "rally r2");
  assert_int_equal(attr(g, "r2", "routed"), 1);             /* 5 > 4 */
  refused(g, "rally r2", "VB-B10");
  gn_game_free(g);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(t_test_and_disorder),
    cmocka_unit_test(t_rout),
    cmocka_unit_test(t_vb5_lancers),
    cmocka_unit_test(t_vb5_cavalry_skirmisher),
    cmocka_unit_test(t_vb6_cavalry),
    cmocka_unit_test(t_vb8_flank),
    cmocka_unit_test(t_vb30_works_morale),
    cmocka_unit_test(t_vb25_batguns_no_test),
    cmocka_unit_test(t_vb57_artillery_rout),
    cmocka_unit_test(t_vb34_town_separate),
    cmocka_unit_test(t_rally),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
