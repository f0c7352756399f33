/*
** test-vb-command.c: Volley & Bayonet command control: the radius, army and
** corps troops, skirmishers, the effects of being out of command.
*/
#include "vb-helpers.h"

/* Distances are edge to edge; leaders are 1 x 1 in, brigades 3 x 3 in,
** skirmishers and artillery 3 wide x 1.5 deep; facing 0 is north (+y). */
static const char SCN[] =
  "grognard: 1\nname: vb command test\nruleset: vb\n"
  "table: {width: 120, height: 80}\n"
  "date: {year: 1815, month: 6, day: 18, hour: 13}\nturns: 8\n"
  "sides:\n  - {id: french, name: French}\n  - {id: prussians, name: Prussians}\n"
  "formations:\n"
  "  - {id: army, name: Armee du Nord, echelon: army, side: french, leader: nap}\n"
  "  - {id: c1, name: I Corps, echelon: corps, parent: army, leader: c1l}\n"
  "  - {id: d1, name: 1st Division, echelon: division, parent: c1, leader: d1l}\n"
  "  - {id: d3, name: 3rd Division, echelon: division, parent: c1, leader: d3l}\n"
  "  - {id: c2, name: II Corps, echelon: corps, parent: army, leader: c2l}\n"
  "  - {id: d2, name: 2nd Division, echelon: division, parent: c2, leader: d2l}\n"
  "  - {id: pr, name: Prussians, echelon: army, side: prussians, leader: bl}\n"
  "units:\n"
  "  - {id: nap, code: NAP, formation: army, type: leader_army, at: [100, 5], strength: 0}\n"
  "  - {id: c1l, code: C1L, formation: c1, type: leader_corps, at: [20, 33], strength: 0}\n"
  "  - {id: d1l, code: D1L, formation: d1, type: leader_division, at: [10, 20], strength: 0}\n"
  "  - {id: d3l, code: D3L, formation: d3, type: leader_division, at: [40, 33], strength: 0}\n"
  "  - {id: c2l, code: C2L, formation: c2, type: leader_corps, at: [80, 5], strength: 0}\n"
  "  - {id: d2l, code: D2L, formation: d2, type: leader_division, at: [80, 33], strength: 0}\n"
  "  - {id: rb, code: RB, formation: d1, type: infantry_brigade, at: [10, 28], strength: 4}\n"
  "  - {id: rb2, code: RB2, formation: d1, type: infantry_brigade, at: [1.5, 20], strength: 4}\n"
  "  - {id: at, code: AT, formation: army, type: infantry_brigade, at: [20, 40], strength: 4}\n"
  "  - {id: at2, code: AT2, formation: army, type: infantry_brigade, at: [80, 40], strength: 4}\n"
  "  - {id: ct1, code: CT1, formation: c1, type: infantry_brigade, at: [40, 40], strength: 4}\n"
  "  - {id: ct2, code: CT2, formation: c2, type: infantry_brigade, at: [44.5, 40], strength: 4}\n"
  "  - {id: ct3, code: CT3, formation: c2, type: infantry_brigade, at: [100, 12], strength: 4}\n"
  "  - {id: sk, code: SK, formation: d2, type: skirmisher, at: [110, 40], strength: 1}\n"
  "  - {id: sk2, code: SK2, formation: d2, type: skirmisher, at: [80, 26], strength: 1}\n"
  "  - {id: art, code: ART, formation: d2, type: artillery_foot, at: [110, 60], strength: 2}\n"
  "  - {id: bl, code: BL, formation: pr, type: leader_army, at: [60, 78], facing: 180, strength: 0}\n"
  "  - {id: p1, code: P1, formation: pr, type: infantry_brigade, at: [60, 75], facing: 180, strength: 5}\n";

static gn_game *load(void) { return vb_load("vb-command.yaml", SCN, sizeof SCN - 1, 3); }

static int incmd(gn_game *g, const char *unit) { return attr(g, unit, "in_command"); }

/* ref. VB-B2: in command within 6 in (edge to edge) of a superior. */
static void radius(void **state) {
  (void)state;
  gn_game *g = load();
  assert_true(gn_unit_distance(g, gn_unit_find(g, "D1L"), gn_unit_find(g, "RB")) == 6.0);
  assert_int_equal(incmd(g, "RB"), 1);
  assert_true(gn_unit_distance(g, gn_unit_find(g, "D1L"), gn_unit_find(g, "RB2")) == 6.5);
  assert_int_equal(incmd(g, "RB2"), 0);
  /* leaders themselves are always in command */
  assert_int_equal(incmd(g, "D1L"), 1);
  gn_game_free(g);
}

/* ref. VB-2: army troops answer to the army commander or any corps
** commander, not to a division commander. */
static void army_troops(void **state) {
  (void)state;
  gn_game *g = load();
  assert_int_equal(incmd(g, "AT"), 1);          /* 5 in from the I Corps commander */
  assert_true(gn_unit_distance(g, gn_unit_find(g, "D2L"), gn_unit_find(g, "AT2")) == 5.0);
  assert_int_equal(incmd(g, "AT2"), 0);         /* only a division commander near */
  gn_game_free(g);
}

/* ref. VB-3: corps troops answer to the army commander, their corps
** commander, or any division commander of that corps. */
static void corps_troops(void **state) {
  (void)state;
  gn_game *g = load();
  assert_int_equal(incmd(g, "CT1"), 1);         /* I Corps troops, 3rd Division's commander (I Corps) */
  assert_true(gn_unit_distance(g, gn_unit_find(g, "D3L"), gn_unit_find(g, "CT2")) < 6.0);
  assert_int_equal(incmd(g, "CT2"), 0);         /* II Corps troops, a division commander of I Corps */
  assert_int_equal(incmd(g, "CT3"), 1);         /* II Corps troops, the army commander */
  gn_game_free(g);
}

/* ref. VB-4: skirmishers obey the same command rules: out of the radius
** they are out of command and move half (12 -> 6 in). */
static void skirmishers(void **state) {
  (void)state;
  gn_game *g = load();
  assert_int_equal(incmd(g, "SK2"), 1);
  assert_int_equal(incmd(g, "SK"), 0);
  ok(g, "end");
  refused(g, "move SK to 110,33.5", "VB-B3");
  assert_non_null(strstr(gn_errmsg(g), "needs 6.50 in of move and has 6.00"));
  ok(g, "move SK to 110,34");
  assert_int_equal(attr(g, "SK", "disorder"), 1);
  ok(g, "move SK2 to 80,20");                   /* in command: a full 12 in is allowed */
  gn_game_free(g);
}

/* ref. VB-B3: out of command a stand moves half, is disordered at the end
** of its move, may not close on the enemy, cannot recover from disorder, is
** never stationary; its artillery can neither limber nor unlimber. */
static void out_of_command(void **state) {
  (void)state;
  gn_game *g = load();
  ok(g, "end");
  refused(g, "move RB2 to 1.5,11.5", "VB-B3");    /* 8.5 in away: half of 16 is 8 */
  refused(g, "move RB2 to 1.5,24", "VB-B3");      /* closer to the enemy */
  assert_non_null(strstr(gn_errmsg(g), "may not move closer to the enemy"));
  ok(g, "move RB2 to 1.5,14");
  assert_int_equal(attr(g, "RB2", "disorder"), 1);
  const gn_event *e = gn_event_get(g, gn_event_count(g) - 1);
  assert_string_equal(e->kind, "disorder");
  assert_string_equal(e->ref, "VB-B3");
  refused(g, "reorder RB2", "VB-B3");
  refused(g, "limber ART", "VB-B3");
  /* command is judged when a stand starts moving: a leader arriving later
  ** does not lift the half move of this phase */
  ok(g, "leader D1L to 5,16");
  ok(g, "move RB2 to 1.5,12");
  refused(g, "move RB2 to 1.5,11.7", "VB-B3");   /* past the measuring tolerance (move.tolerance) */
  assert_non_null(strstr(gn_errmsg(g), "needs 0.30 in of move and has 0.00"));
  gn_game_free(g);
}

/* ref. VB-B3: out of command is never stationary. */
static void never_stationary(void **state) {
  (void)state;
  gn_game *g = load();
  ok(g, "end");
  ok(g, "end");
  assert_int_equal(attr(g, "RB2", "moved"), 0);
  assert_int_equal(attr(g, "RB2", "stationary"), 0);
  assert_int_equal(attr(g, "RB", "stationary"), 1);
  assert_int_equal(attr(g, "ART", "stationary"), 0);
  gn_game_free(g);
}


/* ref. VB-LDR [interpretation]: a leader's rating widens or narrows his
** command radius (data command.rating.radius: average 0, poor -2, good +2,
** excellent +4): RB2, 6.5 in from its division leader, is out of command of
** an average leader and in command of a good one; RB, 6 in away, falls out
** of a poor one's. The enemy sees the rating. */
static void rating_radius(void **state) {
  (void)state;
  char text[sizeof SCN + 64];
  snprintf(text, sizeof text, "%s", SCN);
  char *p = strstr(text, "type: leader_division, at: [10, 20], strength: 0}");
  assert_non_null(p);
  char good[sizeof SCN + 64];
  snprintf(good, sizeof good, "%.*s%s%s", (int)(p - text), text,
           "type: leader_division, at: [10, 20], strength: 0, attrs: {rating: good}}",
           p + strlen("type: leader_division, at: [10, 20], strength: 0}"));
  gn_game *g = vb_load("vb-command.yaml", good, strlen(good), 3);
  assert_int_equal(incmd(g, "RB2"), 1);                 /* 6.5 in: within 6 + 2 */
  int r = -1;
  assert_int_equal(gn_unit_attr(g, gn_unit_find(g, "D1L"), 1, "rating", &r), 0);
  assert_int_equal(r, 2);                               /* good, seen by the enemy */
  gn_game_free(g);
  char poor[sizeof SCN + 64];
  snprintf(poor, sizeof poor, "%.*s%s%s", (int)(p - text), text,
           "type: leader_division, at: [10, 20], strength: 0, attrs: {rating: poor}}",
           p + strlen("type: leader_division, at: [10, 20], strength: 0}"));
  g = vb_load("vb-command.yaml", poor, strlen(poor), 3);
  assert_int_equal(incmd(g, "RB"), 0);                  /* 6 in: beyond 6 - 2 */
  assert_int_equal(incmd(g, "RB2"), 0);
  gn_game_free(g);
}

/* ref. VB-LDR [interpretation]: with the option leader_losses, a leader
** within 1 in of a stand that loses SP to fire rolls 1d6 and falls on a 6:
** he leaves the table, every side is told, and a stand of his division
** beyond the reach of any other commander falls out of command. */
static void leader_lost(void **state) {
  (void)state;
  static const char text[] =
    "grognard: 1\nname: vb leader test\nruleset: vb\n"
    "table: {width: 60, height: 40}\n"
    "date: {year: 1815, month: 6, day: 18, hour: 13}\nturns: 8\n"
    "options: {leader_losses: true}\n"
    "sides:\n  - {id: french, name: French}\n  - {id: prussians, name: Prussians}\n"
    "formations:\n"
    "  - {id: vi, name: VI Corps, echelon: corps, side: french, leader: lobau}\n"
    "  - {id: iv, name: IV Corps, echelon: corps, side: prussians, leader: bulow}\n"
    "  - {id: d15, name: 15th Brigade, echelon: division, parent: iv, leader: losthin}\n"
    "units:\n"
    "  - {id: lobau, code: L, formation: vi, type: leader_corps, at: [10, 14], strength: 0}\n"
    "  - {id: f1, code: F1, formation: vi, type: infantry_brigade, at: [10, 17], strength: 4, attrs: {morale: 4}}\n"
    "  - {id: bulow, code: B, formation: iv, type: leader_corps, at: [50, 38], facing: 180, strength: 0}\n"
    "  - {id: losthin, code: LO, formation: d15, type: leader_division, at: [10, 23.5], facing: 180, strength: 0}\n"
    "  - {id: p1, code: P1, formation: d15, type: infantry_brigade, at: [10, 21.5], facing: 180, strength: 5, attrs: {morale: 5}}\n"
    "  - {id: p2, code: P2, formation: d15, type: infantry_brigade, at: [16, 26], facing: 180, strength: 4, attrs: {morale: 4}}\n";
  gn_game *g = vb_load("vb-leader.yaml", text, sizeof text - 1, 3);
  assert_int_equal(incmd(g, "P2"), 1);
  to_phase(g, "combat");                                 /* the French turn's combat phase */
  script(g, 3, 6, 6, 6);                                 /* two hits; Losthin's roll: 6 */
  ok(g, "fire F1 at P1");
  assert_true(view(g, "LO").removed);
  assert_int_equal(count_events(g, "leader-lost", "VB-LDR"), 1);
  const gn_event *e = last(g, "leader-lost");
  assert_string_equal(e->text, "LO falls beside P1 (rolled 6, 6+)");
  int at = -1;
  for (int i = 0; i < gn_event_count(g); i++) if (gn_event_get(g, i) == e) at = i;
  assert_int_equal(gn_event_visible(g, at, 0), 1);
  assert_int_equal(gn_event_visible(g, at, 1), 1);
  for (int i = 0; i < 6 && gn_game_active_side(g) == 0; i++) ok(g, "end");
  assert_int_equal(gn_game_active_side(g), 1);
  assert_int_equal(incmd(g, "P2"), 0);                   /* Bulow is far off */
  gn_game_free(g);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(radius),
    cmocka_unit_test(rating_radius),
    cmocka_unit_test(leader_lost),
    cmocka_unit_test(army_troops),
    cmocka_unit_test(corps_troops),
    cmocka_unit_test(skirmishers),
    cmocka_unit_test(out_of_command),
    cmocka_unit_test(never_stationary),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
