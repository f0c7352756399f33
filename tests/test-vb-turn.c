/*
** test-vb-turn.c: Volley & Bayonet sequence of play, clock, end of the game,
** stationary status, divisional exhaustion, what the enemy sees, the
** centimetre option.
*/
#include "vb-helpers.h"

#define HEAD(hour, extra)                                                   \
  "grognard: 1\nname: vb turn test\nruleset: vb\n"                         \
  "table: {width: 60, height: 40}\n"                                        \
  "date: {year: 1815, month: 6, day: 18, hour: " #hour "}\n" extra         \
  "sides:\n  - {id: french, name: French}\n  - {id: prussians, name: Prussians}\n"

#define FORMS                                                               \
  "formations:\n"                                                           \
  "  - {id: vi, name: VI Corps, echelon: corps, side: french, leader: lobau}\n" \
  "  - {id: simmer, name: Simmer, echelon: division, parent: vi, leader: gsim}\n" \
  "  - {id: iv, name: IV Corps, echelon: corps, side: prussians, leader: bulow}\n" \
  "  - {id: d15, name: 15th Brigade, echelon: division, parent: iv, leader: losthin}\n"

#define UNITS                                                               \
  "units:\n"                                                                \
  "  - {id: lobau, code: L, formation: vi, type: leader_corps, at: [10, 4], strength: 0}\n" \
  "  - {id: gsim, code: GS, formation: simmer, type: leader_division, at: [10, 8], strength: 0}\n" \
  "  - {id: f1, code: F1, formation: simmer, type: infantry_brigade, at: [10, 12], strength: 4, attrs: {morale: 4}}\n" \
  "  - {id: f2, code: F2, formation: simmer, type: infantry_brigade, at: [16, 12], strength: 4, attrs: {morale: 4}}\n" \
  "  - {id: bulow, code: B, formation: iv, type: leader_corps, at: [10, 36], facing: 180, strength: 0}\n" \
  "  - {id: losthin, code: LO, formation: d15, type: leader_division, at: [10, 33], facing: 180, strength: 0}\n" \
  "  - {id: p1, code: P1, formation: d15, type: infantry_brigade, at: [10, 29], facing: 180, strength: 5, attrs: {morale: 5}}\n" \
  "  - {id: pa, code: PA, formation: d15, type: artillery_foot, at: [16, 24], facing: 180, strength: 2, attrs: {morale: 4}}\n"

static gn_game *load(const char *text) { return vb_load("vb-turn.yaml", text, strlen(text), 7); }

/* ref. VB-B1: command, movement, rally, morale, combat, exhaustion, side by
** side; the hour advances after the second side. */
static void sequence_of_play(void **state) {
  (void)state;
  gn_game *g = load(HEAD(13, "turns: 8\n") FORMS UNITS);
  static const char *const ph[6] = {"command", "movement", "rally", "morale", "combat", "exhaustion"};
  assert_string_equal(gn_game_clock(g).text, "18 June 1815, 1 p.m.");
  for (int side = 0; side < 2; side++)
    for (int p = 0; p < 6; p++) {
      assert_string_equal(gn_game_phase(g), ph[p]);
      assert_int_equal(gn_game_active_side(g), side);
      assert_int_equal(gn_game_turn(g), 1);
      ok(g, "end");
    }
  assert_int_equal(gn_game_turn(g), 2);
  assert_int_equal(gn_game_active_side(g), 0);
  assert_string_equal(gn_game_phase(g), "command");
  assert_string_equal(gn_game_clock(g).text, "18 June 1815, 2 p.m.");
  assert_int_equal(gn_order_apply(g, "end now"), GN_ESYNTAX);
  /* orders of the side not active are refused */
  ok(g, "end");
  refused(g, "move P1 to 10,27", "VB-B1");
  gn_game_free(g);
}

/* ref. VB-B1: the turn limit ends the game. */
static void turn_limit(void **state) {
  (void)state;
  gn_game *g = load(HEAD(10, "turns: 1\n") FORMS UNITS);
  ends(g, 11);
  assert_int_equal(gn_game_over(g), 0);
  ok(g, "end");
  assert_int_equal(gn_game_over(g), 1);
  assert_string_equal(last(g, "game-over")->ref, "VB-B1");
  assert_int_equal(gn_order_apply(g, "end"), GN_ESTATE);
  gn_game_free(g);
}

/* ref. VB-51: fighting stops after the month's last daylight turn (June:
** 8 p.m.); on the battle's last day the game is over, else night falls. */
static void nightfall(void **state) {
  (void)state;
  gn_game *g = load(HEAD(20, "turns: 30\n") FORMS UNITS);
  ends(g, 12);
  assert_int_equal(gn_game_over(g), 1);
  assert_string_equal(last(g, "game-over")->ref, "VB-51");
  assert_string_equal(last(g, "nightfall")->ref, "VB-51");
  gn_game_free(g);

  g = load(HEAD(19, "turns: 30\noptions: {days: 2}\n") FORMS UNITS);
  ends(g, 12);
  assert_string_equal(gn_game_clock(g).text, "18 June 1815, 8 p.m.");
  assert_int_equal(gn_game_over(g), 0);
  ends(g, 12);
  assert_int_equal(gn_game_over(g), 0);
  assert_string_equal(gn_game_phase(g), "night");
  assert_int_equal(gn_game_active_side(g), -1);
  assert_string_equal(gn_game_clock(g).text, "18 June 1815, night");
  gn_game_free(g);
}

/* ref. VB-B16, VB-B3: at the end of its movement phase a stand that did not
** move is stationary; one that moved, or is out of command, is not. */
static void stationary(void **state) {
  (void)state;
  gn_game *g = load(HEAD(13, "turns: 8\n") FORMS UNITS);
  ends(g, 1);
  ok(g, "move F1 to 10,14");
  ok(g, "leader GS to 30,8");          /* F2 is 7.2 in from Lobau: out of command */
  ends(g, 1);
  assert_int_equal(attr(g, "F1", "stationary"), 0);
  assert_int_equal(attr(g, "F1", "moved"), 1);
  assert_int_equal(attr(g, "F2", "moved"), 0);
  assert_int_equal(attr(g, "F2", "in_command"), 0);
  assert_int_equal(attr(g, "F2", "stationary"), 0);
  /* the Prussians did not move: still stationary from the start */
  assert_int_equal(attr(g, "P1", "stationary"), 1);
  /* next turn F1 stays put: stationary again */
  ends(g, 10);
  ends(g, 1);
  ok(g, "leader GS to 10,8");
  ends(g, 1);
  assert_int_equal(attr(g, "F1", "stationary"), 1);
  assert_int_equal(attr(g, "F2", "stationary"), 1);
  gn_game_free(g);
}

/* ref. VB-B12: boxes = ceil(SP0/2); all marked at the side's exhaustion
** phase -> exhausted, and its stands may not close on the enemy; 3/4 of SP0
** lost -> broken. The day's losses so far come from the scenario. */
static void exhaustion(void **state) {
  (void)state;
  gn_game *g = load(HEAD(13, "turns: 8\n") FORMS
    "units:\n"
    "  - {id: lobau, code: L, formation: vi, type: leader_corps, at: [10, 4], strength: 0}\n"
    "  - {id: gsim, code: GS, formation: simmer, type: leader_division, at: [10, 8], strength: 0}\n"
    "  - {id: f1, code: F1, formation: simmer, type: infantry_brigade, at: [10, 12], strength: 2, attrs: {morale: 4, lost_today: 2}}\n"
    "  - {id: f2, code: F2, formation: simmer, type: infantry_brigade, at: [16, 12], strength: 4, attrs: {morale: 4, lost_today: 1}}\n"
    "  - {id: bulow, code: B, formation: iv, type: leader_corps, at: [10, 36], facing: 180, strength: 0}\n"
    "  - {id: losthin, code: LO, formation: d15, type: leader_division, at: [10, 33], facing: 180, strength: 0}\n"
    "  - {id: p1, code: P1, formation: d15, type: infantry_brigade, at: [10, 29], facing: 180, strength: 2, attrs: {morale: 5, lost_today: 6}}\n"
    "  - {id: pa, code: PA, formation: d15, type: artillery_foot, at: [16, 24], facing: 180, strength: 2, attrs: {morale: 4}}\n");
  /* Simmer: SP0 = 9, 5 boxes, 3 marked: fresh; move closer is fine */
  ends(g, 1);
  ok(g, "move F1 to 10,13");
  ends(g, 5);
  assert_null(last(g, "exhaustion"));
  /* Prussian 15th: SP0 = 8, 4 boxes, 6 marked = 3/4 of 8: broken */
  ends(g, 6);
  const gn_event *e = last(g, "exhaustion");
  assert_non_null(e);
  assert_string_equal(e->ref, "VB-B12");
  assert_non_null(strstr(e->text, "15th Brigade is broken (6 boxes marked where 4 exhaust it, 8 SP at start)"));
  assert_int_equal(gn_event_visible(g, last_index(g, "exhaustion"), 0), 0);   /* the record is the side's */
  assert_int_equal(gn_event_visible(g, last_index(g, "exhaustion"), 1), 1);
  /* a broken division's stands only retire */
  ends(g, 7);
  refused(g, "move P1 to 12,29", "VB-B12");
  assert_non_null(strstr(gn_errmsg(g), "may only move away from the enemy"));
  ok(g, "move P1 to 10,31");
  gn_game_free(g);

  /* exactly all boxes marked: exhausted; no closing on the enemy, moving away is fine */
  g = load(HEAD(13, "turns: 8\n") FORMS
    "units:\n"
    "  - {id: lobau, code: L, formation: vi, type: leader_corps, at: [10, 4], strength: 0}\n"
    "  - {id: gsim, code: GS, formation: simmer, type: leader_division, at: [10, 8], strength: 0}\n"
    "  - {id: f1, code: F1, formation: simmer, type: infantry_brigade, at: [10, 12], strength: 3, attrs: {morale: 4, lost_today: 3}}\n"
    "  - {id: f2, code: F2, formation: simmer, type: infantry_brigade, at: [16, 12], strength: 2, attrs: {morale: 4, lost_today: 2}}\n"
    "  - {id: bulow, code: B, formation: iv, type: leader_corps, at: [10, 36], facing: 180, strength: 0}\n"
    "  - {id: losthin, code: LO, formation: d15, type: leader_division, at: [10, 33], facing: 180, strength: 0}\n"
    "  - {id: p1, code: P1, formation: d15, type: infantry_brigade, at: [10, 29], facing: 180, strength: 5, attrs: {morale: 5}}\n"
    "  - {id: pa, code: PA, formation: d15, type: artillery_foot, at: [16, 24], facing: 180, strength: 2, attrs: {morale: 4}}\n");
  ends(g, 6);
  e = last(g, "exhaustion");
  assert_non_null(e);
  assert_non_null(strstr(e->text, "Simmer is exhausted (5 boxes marked where 5 exhaust it, 10 SP at start)"));
  ends(g, 7);
  refused(g, "move F1 to 10,13", "VB-B12");
  ok(g, "move F1 to 10,11");
  gn_game_free(g);
}

/* The enemy sees position, type and disorder, not SP nor morale; open
** rosters show SP. */
static void views(void **state) {
  (void)state;
  gn_game *g = load(HEAD(13, "turns: 8\n") FORMS UNITS);
  gn_unit_view v;
  int u = gn_unit_find(g, "P1"), m;
  assert_int_equal(gn_unit_view_get(g, u, 0, &v), 0);
  assert_int_equal(v.strength, -1);
  assert_int_equal(v.strength0, -1);
  assert_string_equal(v.type, "infantry_brigade");
  assert_true(v.box.c.x == 10 && v.box.c.y == 29);
  assert_int_equal(gn_unit_attr(g, u, 0, "morale", &m), GN_ESTATE);
  assert_int_equal(gn_unit_attr(g, u, 0, "disorder", &m), 0);
  assert_int_equal(gn_unit_view_get(g, u, 1, &v), 0);
  assert_int_equal(v.strength, 5);
  assert_int_equal(gn_unit_attr(g, u, 1, "morale", &m), 0);
  assert_int_equal(m, 5);
  gn_game_free(g);
  g = load(HEAD(13, "turns: 8\noptions: {open_rosters: true}\n") FORMS UNITS);
  assert_int_equal(gn_unit_view_get(g, u, 0, &v), 0);
  assert_int_equal(v.strength, 5);
  assert_int_equal(gn_unit_attr(g, u, 0, "morale", &m), GN_ESTATE);
  gn_game_free(g);
}

/* ref. VB-1: under the centimetre option every distance of the data is read
** in centimetres with the same numbers. */
static void centimetres(void **state) {
  (void)state;
  gn_game *g = load(HEAD(13, "turns: 8\noptions: {centimetres: true}\n") FORMS UNITS);
  ends(g, 1);
  refused(g, "move F2 to 16,28.5", "VB-B4");          /* 16.5: more than 16 */
  assert_non_null(strstr(gn_errmsg(g), "needs 16.50 cm of move and has 16.00"));
  ok(g, "move F2 to 16,16");
  assert_non_null(strstr(last(g, "move")->text, "moves 4.00 cm"));
  assert_string_equal(gn_game_unit(g), "cm");          /* and the table says so (maps, reports) */
  gn_game_free(g);
}

/* ref. VB-B12: the stands of a broken division retire; a routed one is not
** rallied (refused before any die is rolled). */
static void broken_no_rally(void **state) {
  (void)state;
  gn_game *g = load(HEAD(13, "turns: 8\n") FORMS
    "units:\n"
    "  - {id: lobau, code: L, formation: vi, type: leader_corps, at: [10, 4], strength: 0}\n"
    "  - {id: gsim, code: GS, formation: simmer, type: leader_division, at: [10, 8], strength: 0}\n"
    "  - {id: f1, code: F1, formation: simmer, type: infantry_brigade, at: [10, 12], strength: 4, attrs: {morale: 4}}\n"
    "  - {id: bulow, code: B, formation: iv, type: leader_corps, at: [10, 36], facing: 180, strength: 0}\n"
    "  - {id: losthin, code: LO, formation: d15, type: leader_division, at: [10, 33], facing: 180, strength: 0}\n"
    "  - {id: p1, code: P1, formation: d15, type: infantry_brigade, at: [10, 31], facing: 180, strength: 2, attrs: {morale: 5, lost_today: 6, routed: 1, disorder: 1}}\n");
  ends(g, 12);                        /* both turns: the 15th is found broken */
  const gn_event *e = last(g, "exhaustion");
  assert_non_null(e);
  assert_non_null(strstr(e->text, "is broken"));
  ends(g, 8);                         /* the French turn, then Prussian command and movement */
  refused(g, "rally P1 with B", "VB-B12");
  assert_non_null(strstr(gn_errmsg(g), "broken division"));
  gn_game_free(g);
}

/* ref. VB-ARR: reinforcements are off the table (not seen, not near any
** stand) until the start of their side's turn of arrival, then stand at
** their entry; with a roll they come on from their turn on 1d6 >= roll, the
** whole group on one roll. */
static void reinforcements(void **state) {
  (void)state;
  gn_game *g = load(HEAD(13, "turns: 8\n")
    "formations:\n"
    "  - {id: vi, name: VI Corps, echelon: corps, side: french, leader: lobau}\n"
    "  - {id: simmer, name: Simmer, echelon: division, parent: vi, leader: gsim}\n"
    "  - {id: iv, name: IV Corps, echelon: corps, side: prussians, leader: bulow}\n"
    "  - {id: d15, name: 15th Brigade, echelon: division, parent: iv, leader: losthin}\n"
    "  - {id: d16, name: 16th Brigade, echelon: division, parent: iv, leader: hiller, arrives: {turn: 2, roll: 4}}\n"
    UNITS
    "  - {id: p2, code: P2, formation: d15, type: infantry_brigade, at: [30, 39], facing: 180, strength: 4, attrs: {morale: 4}, arrives: 3}\n"
    "  - {id: hiller, code: HI, formation: d16, type: leader_division, at: [50, 39], facing: 180, strength: 0}\n"
    "  - {id: p16, code: P16, formation: d16, type: infantry_brigade, at: [50, 36], facing: 180, strength: 5, attrs: {morale: 4}}\n");
  assert_int_equal(view(g, "P2").removed, 1);
  assert_int_equal(view(g, "P16").removed, 1);
  assert_int_equal(view(g, "P2").arrives, 3);   /* the umpire and its side know when */
  gn_unit_view ev;
  assert_int_equal(gn_unit_view_get(g, unit(g, "P2"), 1, &ev), GN_OK);
  assert_int_equal(ev.arrives, 3);
  assert_int_equal(gn_unit_view_get(g, unit(g, "P2"), 0, &ev), GN_OK);
  assert_int_equal(ev.arrives, 0);               /* the enemy does not */
  gn_battle_result r;
  memset(&r, 0, sizeof r);
  gn_battle_assess(g, NULL, &r);                 /* still to come: neither lost nor broken */
  assert_int_equal(r.side[1].lost, 0);
  assert_int_equal(r.side[1].broken, 0);
  assert_int_equal(r.side[1].strength0, 5 + 2 + 4 + 5);
  ends(g, 6);                                  /* French turn 1 */
  assert_int_equal(count_events(g, "arrival", "VB-ARR"), 0);
  ends(g, 6);                                  /* Prussian turn 1 */
  script(g, 1, 3);                             /* 16th Brigade: 3, needs 4 */
  ends(g, 6);                                  /* French turn 2; the Prussian turn 2 begins */
  assert_int_equal(gn_game_turn(g), 2);
  assert_int_equal(view(g, "P16").removed, 1);
  assert_int_equal(view(g, "HI").removed, 1);
  assert_int_equal(count_events(g, "arrival", "VB-ARR"), 1);
  assert_non_null(strstr(last(g, "arrival")->text, "rolled 3, needed 4"));
  ends(g, 6);                                  /* Prussian turn 2 */
  script(g, 1, 5);
  ends(g, 6);                                  /* French turn 3; Prussian turn 3: P2 on time, the 16th on a 5 */
  assert_int_equal(gn_game_turn(g), 3);
  assert_int_equal(gn_game_active_side(g), 1);
  assert_int_equal(view(g, "P2").removed, 0);
  assert_int_equal(view(g, "P2").arrives, 0);
  at(g, "P2", 30, 39);
  assert_int_equal(view(g, "P16").removed, 0);
  at(g, "P16", 50, 36);
  at(g, "HI", 50, 39);
  const gn_event *e = last(g, "arrival");
  assert_string_equal(e->ref, "VB-ARR");
  assert_int_equal(e->nunits, 2);
  assert_non_null(strstr(e->text, "16th Brigade comes on the table: HI, P16"));
  assert_int_equal(gn_event_visible(g, last_index(g, "arrival"), 0), 1);
  ok(g, "end");
  refused(g, "move P2 to 30,35", "VB-B3");    /* command is judged for the new stands too */
  ok(g, "move P16 to 50,33");                 /* in command: moves on from its entry */
  gn_game_free(g);
}

/* ref. VB-72: men by arm: an infantry or cavalry SP is 500 men present and a
** roster casualty about 250 (seed); an artillery SP the project's 200
** gunners and drivers, a casualty 100 (default); a leader none. A scenario
** counting its cavalry at 300 sabres a SP sets it in its values, and the
** battle report sums each unit by its arm. */
static void men_by_arm(void **state) {
  (void)state;
  gn_game *g = load(HEAD(13, "turns: 8\n") FORMS UNITS
    "  - {id: h1, code: H1, side: prussians, type: cavalry_light, at: [40, 30], facing: 180, strength: 2, attrs: {morale: 5}}\n");
  assert_int_equal(gn_unit_men(g, unit(g, "P1"), 5, 0), 2500);
  assert_int_equal(gn_unit_men(g, unit(g, "P1"), 2, 1), 500);
  assert_int_equal(gn_unit_men(g, unit(g, "H1"), 2, 0), 1000);
  assert_int_equal(gn_unit_men(g, unit(g, "PA"), 2, 0), 400);
  assert_int_equal(gn_unit_men(g, unit(g, "PA"), 1, 1), 100);
  assert_int_equal(gn_unit_men(g, unit(g, "LO"), 1, 0), 0);
  assert_int_equal(gn_unit_men(g, 999, 1, 0), -1);
  gn_battle_result r;
  memset(&r, 0, sizeof r);
  gn_battle_assess(g, NULL, &r);
  assert_int_equal(r.side[1].men0, 5 * 500 + 2 * 200 + 2 * 500);
  assert_int_equal(r.side[1].men_lost, 0);
  gn_game_free(g);
  g = load(HEAD(13, "turns: 8\nvalues:\n  scale.men_per_sp.cavalry: 300\n  scale.men_per_casualty.cavalry: 150\n")
           FORMS UNITS
    "  - {id: h1, code: H1, side: prussians, type: cavalry_light, at: [40, 30], facing: 180, strength: 2, attrs: {morale: 5}}\n");
  assert_int_equal(gn_unit_men(g, unit(g, "H1"), 2, 0), 600);
  assert_int_equal(gn_unit_men(g, unit(g, "H1"), 1, 1), 150);
  assert_int_equal(gn_unit_men(g, unit(g, "P1"), 1, 0), 500);
  gn_game_free(g);
}


/*
** ref. VB-ARR [interpretation]: a formation that comes on at an entry point
** of the table edge stands in column in its order of march, the head deepest
** and the last stand's rear on the edge, facing in; each stand spends from
** its next move the march from the edge to its front (arrival.entry_pays).
** A group whose edge segment is held by another stand waits, and says so.
*/
static void reinforcements_at_entry(void **state) {
  (void)state;
  gn_game *g = load(HEAD(13, "turns: 8\n") FORMS
    "  - {id: d16, name: 16th Brigade, echelon: division, parent: iv, leader: hiller, arrives: {turn: 2, entry: [50, 40]}}\n"
    UNITS
    "  - {id: hiller, code: HI, formation: d16, type: leader_division, strength: 0}\n"
    "  - {id: p16, code: P16, formation: d16, type: infantry_brigade, strength: 5, attrs: {morale: 4}}\n"
    "  - {id: p17, code: P17, formation: d16, type: infantry_brigade, strength: 4, attrs: {morale: 4}}\n"
    "  - {id: p2, code: P2, formation: d15, type: cavalry_light, strength: 2, attrs: {morale: 4}, arrives: {turn: 2, entry: [[0, 30], [0, 40]]}}\n"
    "  - {id: fx, code: FX, formation: simmer, type: infantry_brigade, at: [1.5, 31], facing: 270, strength: 2, attrs: {morale: 4}}\n");
  assert_int_equal(view(g, "P16").removed, 1);
  ends(g, 6);                                  /* French turn 1 */
  ends(g, 6);                                  /* Prussian turn 1 */
  ends(g, 6);                                  /* French turn 2; the Prussian turn 2 begins */
  assert_int_equal(gn_game_active_side(g), 1);
  /* the column, head first: HI (1 in deep), P16, P17 with its rear on the edge */
  at(g, "P17", 50, 38.5);
  at(g, "P16", 50, 35.5);
  at(g, "HI", 50, 33.5);
  assert_true(fabs(sin(view(g, "P16").box.facing) + 1) < 1e-9);   /* facing south, in */
  /* P2's west-edge segment is held by the French stand FX: it waits */
  assert_int_equal(view(g, "P2").removed, 1);
  assert_int_equal(count_events(g, "arrival", "VB-ARR"), 2);
  const gn_event *came = NULL, *waits = NULL;
  for (int i = 0; i < gn_event_count(g); i++) {
    const gn_event *e = gn_event_get(g, i);
    if (strstr(e->text, "16th Brigade comes on the table: HI, P16, P17")) came = e;
    if (strstr(e->text, "P2 cannot come on this turn: FX stands on its entry")) waits = e;
  }
  assert_non_null(came);
  assert_non_null(waits);
  ok(g, "end");                                /* command; the movement phase */
  /* P16 marched 6 in onto the table: 10 of its 16 are left */
  refused(g, "move P16 to 50,25", "VB-B4");
  ok(g, "move P16 to 50,26");
  refused(g, "move P17 to 36.5,38.5", "VB-B4");  /* 3 in spent: 13 left */
  ok(g, "move P17 to 37.5,38.5");
  gn_game_free(g);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(sequence_of_play),
    cmocka_unit_test(turn_limit),
    cmocka_unit_test(nightfall),
    cmocka_unit_test(stationary),
    cmocka_unit_test(exhaustion),
    cmocka_unit_test(broken_no_rally),
    cmocka_unit_test(views),
    cmocka_unit_test(centimetres),
    cmocka_unit_test(reinforcements),
    cmocka_unit_test(reinforcements_at_entry),
    cmocka_unit_test(men_by_arm),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
