/*
** test-vb-days.c: Volley & Bayonet battles of several days: daylight, the
** next day's start, night moves, reassigning divisions, the night's
** recovery of casualties, the exhaustion reset, campaign recovery.
**
** The scenarios open at the last daylight turn with the day's losses so far
** (lost_today) and stands already wiped out (strength 0, wiped).
*/
#include "vb-helpers.h"

static const char NIGHT[] =
  "grognard: 1\nname: vb night test\nruleset: vb\n"
  "table: {width: 120, height: 80}\n"
  "date: {year: 1815, month: 6, day: 18, hour: 20}\nturns: 30\n"
  "options: {days: 2}\n"
  "sides:\n  - {id: french, name: French}\n  - {id: prussians, name: Prussians}\n"
  "formations:\n"
  "  - {id: army, name: Armee, echelon: army, side: french, leader: nap}\n"
  "  - {id: c1, name: I Corps, echelon: corps, parent: army, leader: c1l}\n"
  "  - {id: d1, name: 1st Division, echelon: division, parent: c1, leader: d1l}\n"
  "  - {id: c2, name: II Corps, echelon: corps, parent: army, leader: c2l}\n"
  "  - {id: d2, name: 2nd Division, echelon: division, parent: c2, leader: d2l}\n"
  "  - {id: d3, name: 3rd Division, echelon: division, parent: c2, leader: d3l}\n"
  "  - {id: d4, name: 4th Division, echelon: division, parent: c2, leader: d4l}\n"
  "  - {id: pr, name: Prussians, echelon: army, side: prussians, leader: bl}\n"
  "units:\n"
  "  - {id: nap, code: NAP, formation: army, type: leader_army, at: [110, 5], strength: 0}\n"
  "  - {id: c1l, code: C1L, formation: c1, type: leader_corps, at: [100, 5], strength: 0}\n"
  "  - {id: d1l, code: D1L, formation: d1, type: leader_division, at: [90, 5], strength: 0}\n"
  "  - {id: c2l, code: C2L, formation: c2, type: leader_corps, at: [30, 40], strength: 0}\n"
  "  - {id: d2l, code: D2L, formation: d2, type: leader_division, at: [80, 5], strength: 0}\n"
  "  - {id: d3l, code: D3L, formation: d3, type: leader_division, at: [70, 5], strength: 0}\n"
  "  - {id: d4l, code: D4L, formation: d4, type: leader_division, at: [60, 5], strength: 0}\n"
  "  - {id: a1, code: A1, formation: d1, type: infantry_brigade, at: [30, 46], strength: 3, attrs: {morale: 4, lost_today: 3}}\n"
  "  - {id: a2, code: A2, formation: d1, type: infantry_brigade, at: [10, 20], strength: 4, attrs: {morale: 4, lost_today: 1, disorder: permanent}}\n"
  "  - {id: a3, code: A3, formation: d2, type: infantry_brigade, at: [20, 20], strength: 2, attrs: {morale: 3, lost_today: 1}}\n"
  "  - {id: a4, code: A4, formation: d2, type: infantry_brigade, at: [30, 20], strength: 4, attrs: {morale: 5, lost_today: 5, disorder: disordered}}\n"
  "  - {id: a6, code: A6, formation: d1, type: infantry_brigade, at: [40, 20], strength: 0, attrs: {morale: 4, lost_today: 4}}\n"
  "  - {id: b1, code: B1, formation: d3, type: infantry_brigade, at: [50, 20], strength: 1, attrs: {morale: 4, lost_today: 7, disorder: permanent}}\n"
  "  - {id: c1b, code: C1B, formation: d4, type: infantry_brigade, at: [60, 20], strength: 0, attrs: {lost_today: 4, wiped: surrounded}}\n"
  "  - {id: c2r, code: C2R, formation: d4, type: infantry_regiment, at: [70, 20], strength: 3}\n"
  "  - {id: ar, code: AR, formation: d1, type: artillery_foot, at: [80, 20], strength: 0, attrs: {lost_today: 2, wiped: melee}}\n"
  "  - {id: ar2, code: AR2, formation: d1, type: artillery_foot, at: [90, 20], strength: 0, attrs: {lost_today: 2, wiped: routed}}\n"
  "  - {id: k1, code: K1, formation: d1, type: cavalry_light, at: [10, 30], strength: 2, attrs: {morale: 4, lost_today: 1}}\n"
  "  - {id: k2, code: K2, formation: d1, type: cavalry_light, at: [20, 30], strength: 2, attrs: {morale: 4, lost_today: 1, nation: 1}}\n"
  "  - {id: k3, code: K3, formation: d2, type: cavalry_heavy, at: [40, 30], strength: 2, attrs: {morale: 5, lost_today: 3, disorder: permanent}}\n"
  "  - {id: nm, code: NM, formation: d1, type: infantry_brigade, at: [50, 40], strength: 4}\n"
  "  - {id: fl, code: FL, formation: d1, type: infantry_brigade, at: [50, 56], strength: 4}\n"
  "  - {id: nx, code: NX, formation: d1, type: infantry_brigade, at: [80, 40], strength: 4}\n"
  "  - {id: bl, code: BL, formation: pr, type: leader_army, at: [50, 79], facing: 180, strength: 0}\n"
  "  - {id: p1, code: P1, formation: pr, type: infantry_brigade, at: [50, 75], facing: 180, strength: 4}\n";

static gn_game *load(const char *text, size_t len) { return vb_load("vb-days.yaml", text, len, 11); }

/* Removed stands show as <= -100. */
static int sp(gn_game *g, const char *unit) { return strength_points(g, unit, 1); }

/* The first event whose text holds s (and ref, if given), or NULL. */
static const gn_event *find(gn_game *g, const char *s, const char *ref) {
  for (int i = 0; i < gn_event_count(g); i++) {
    const gn_event *e = gn_event_get(g, i);
    if (strstr(e->text, s) && (!ref || !strcmp(e->ref, ref))) return e;
  }
  return NULL;
}

static void to_night(gn_game *g) {
  ends(g, 12);
  assert_string_equal(gn_game_phase(g), "night");
}

/* ref. VB-66: one full move at night, never closer to the enemy unless
** toward a friend between. ref. VB-67: the army commander shifts a division
** to another corps at night only. */
static void night(void **state) {
  (void)state;
  gn_game *g = load(NIGHT, sizeof NIGHT - 1);
  refused(g, "reassign d1 to c2", "VB-67");            /* by day */
  assert_int_equal(attr(g, "A1", "in_command"), 0);   /* only II Corps' commander near */
  to_night(g);
  ok(g, "move NM to 50,48");                           /* toward FL, which stands between */
  refused(g, "move NM to 50,46", "VB-66");             /* one move only */
  refused(g, "move NX to 80,48", "VB-66");             /* closer, nobody between */
  ok(g, "move NX to 80,32");                           /* away is fine, any side may move */
  ok(g, "move P1 to 50,77");
  refused(g, "reassign d1 to d2", "VB-67");
  refused(g, "reassign d2 to c2", "VB-67");            /* already there */
  ok(g, "reassign d1 to c2");
  const gn_event *e = find(g, "moves 1st Division to II Corps", "VB-67");
  assert_non_null(e);
  int five = 5;
  assert_int_equal(gn_dice_script(g, &five, 1), 0);
  ends(g, 2);
  /* dawn: A1 now answers to II Corps, whose commander stands near */
  assert_int_equal(attr(g, "A1", "in_command"), 1);
  gn_game_free(g);
}

/* ref. VB-66 (with VB-B1): at night and in the recovery both sides give
** orders, and each ends its own part: `end SIDE` closes that side's (its
** stands then take no order), the phase closes when every side has ended; a
** plain `end` closes it for all. By day `end SIDE` must name the side whose
** turn it is. */
static void night_sides(void **state) {
  (void)state;
  gn_game *g = load(NIGHT, sizeof NIGHT - 1);
  refused(g, "end prussians", "VB-B1");                 /* the French turn */
  assert_int_equal(gn_order_apply(g, "end nobody"), GN_ESYNTAX);
  assert_int_equal(gn_order_apply(g, "end french now"), GN_ESYNTAX);
  ok(g, "end french");                                  /* the French command phase */
  assert_string_equal(gn_game_phase(g), "movement");
  ends(g, 11);
  assert_string_equal(gn_game_phase(g), "night");
  assert_int_equal(gn_side_done(g, gn_side_find(g, "prussians")), 0);
  ok(g, "end prussians");
  assert_string_equal(gn_game_phase(g), "night");       /* the French still at it */
  assert_int_equal(gn_side_done(g, gn_side_find(g, "prussians")), 1);   /* what the library says of it */
  assert_int_equal(gn_side_done(g, gn_side_find(g, "french")), 0);
  assert_non_null(find(g, "Prussians ends its night; the others are still at it", "VB-66"));
  refused(g, "end prussians", "VB-66");
  refused(g, "move P1 to 50,77", "VB-66");              /* the Prussians are done */
  assert_non_null(strstr(gn_errmsg(g), "Prussians has ended its night"));
  ok(g, "move NX to 80,32");                            /* the French are not */
  ok(g, "end french");
  assert_string_equal(gn_game_phase(g), "recovery");
  ok(g, "end french");
  assert_int_equal(gn_side_done(g, gn_side_find(g, "french")), 1);
  refused(g, "recover A2", "VB-58");                    /* the French have ended theirs */
  assert_non_null(strstr(gn_errmsg(g), "French has ended its recovery"));
  int five = 5;
  assert_int_equal(gn_dice_script(g, &five, 1), 0);
  ok(g, "end prussians");
  assert_string_equal(gn_game_phase(g), "command");     /* dawn */
  assert_int_equal(gn_side_done(g, gn_side_find(g, "french")), 0);   /* a phase with a side to act */
  assert_string_equal(gn_game_clock(g).text, "19 June 1815, 9 a.m.");
  gn_game_free(g);
}

/*
** ref. VB-55, VB-56, VB-57, VB-58, VB-59, VB-60, VB-61, VB-62: half the
** day's losses back per stand; odd points paired (nationality first, then
** morale, division, corps), the lower morale stand takes the point, else the
** player's choice; under-strength stands merge; stands wiped out surrounded
** and artillery lost in melee or routed in contact get nothing back.
** ref. VB-63, VB-64, VB-65: the exhaustion reset and the disorder markers.
** ref. VB-52, VB-54: June's first turn is 4 a.m.; a 5 starts at 9 a.m.
*/
static void recovery(void **state) {
  (void)state;
  gn_game *g = load(NIGHT, sizeof NIGHT - 1);
  to_night(g);
  refused(g, "recover A2", "VB-58");                   /* not yet: night moves first */
  ok(g, "end");
  assert_string_equal(gn_game_phase(g), "recovery");
  /* the automatic halves */
  assert_int_equal(sp(g, "A1"), 4);
  assert_int_equal(sp(g, "A2"), 4);
  assert_int_equal(sp(g, "A4"), 6);
  assert_int_equal(sp(g, "A6"), -102);                 /* 2 SP back, off the table until placed (ref. VB-B22) */
  assert_int_equal(sp(g, "B1"), 4);
  assert_int_equal(sp(g, "C1B"), -100);                /* ref. VB-56: surrounded */
  assert_int_equal(sp(g, "AR"), -100);                 /* ref. VB-56: artillery lost in melee */
  assert_int_equal(sp(g, "AR2"), -100);                /* ref. VB-57: routed in contact */
  assert_non_null(find(g, "C1B was wiped out (surrounded) and recovers nothing", "VB-56"));
  assert_non_null(find(g, "AR was wiped out (artillery lost in melee)", "VB-56"));
  assert_non_null(find(g, "AR2 was wiped out (artillery routed in contact)", "VB-57"));
  assert_non_null(find(g, "A1 recovers 1 of the 3 SP it lost today (one odd point pooled)", "VB-55"));
  assert_int_equal(seen_with(g, 1, "recovers"), 0);    /* the night's roster is each side's own */
  assert_int_equal(seen_with(g, 0, "A1 recovers 1 of the 3 SP"), 1);
  /* ref. VB-59: K1 pairs with K3 (same nationality) rather than K2 (same morale and division) */
  assert_non_null(find(g, "odd points of A1 and A2 are pooled", "VB-59"));
  assert_non_null(find(g, "odd points of A3 and A4 are pooled", "VB-59"));
  assert_non_null(find(g, "odd points of K1 and K3 are pooled", "VB-59"));
  refused(g, "recover A4", "VB-60");                   /* A3 has the lower morale */
  refused(g, "recover K3", "VB-60");
  refused(g, "recover B1", "VB-58");                   /* no partner left */
  refused(g, "merge A6 into A4", "VB-62");             /* another division */
  refused(g, "merge A2 into A1", "VB-61");             /* A2 is not under strength */
  refused(g, "fill A6 from A2", "VB-62");              /* a merge is possible: it must merge */
  ok(g, "recover A2");                                 /* equal morale: the player chooses */
  ok(g, "place A6 at 90,3");                           /* ref. VB-B22: behind its division's leader */
  at(g, "A6", 90, 3);
  int five = 5;
  assert_int_equal(gn_dice_script(g, &five, 1), 0);
  ok(g, "end");
  assert_int_equal(sp(g, "A2"), 5);
  assert_int_equal(sp(g, "A1"), 6);                    /* 4 and A6's 2 merged in (ref. VB-62) */
  assert_int_equal(sp(g, "A6"), -100);                 /* placed, then merged all the same */
  assert_int_equal(sp(g, "A3"), 3);                    /* ref. VB-60: the lower morale */
  assert_int_equal(sp(g, "A4"), 6);
  assert_int_equal(sp(g, "K1"), 3);
  assert_int_equal(sp(g, "K2"), 2);
  assert_int_equal(sp(g, "K3"), 3);
  assert_non_null(find(g, "the odd point of K2 has no partner and is lost", "VB-58"));
  assert_non_null(find(g, "A6 (2 SP) merges into A1, now 6 SP", "VB-62"));
  assert_int_equal(seen_with(g, 1, "merges into"), 0);
  assert_int_equal(seen_with(g, 1, "boxes marked"), 0);
  /* markers: fresh d1 clears all (VB-63); exhausted d2 and broken d3: red to yellow */
  assert_int_equal(attr(g, "A2", "disorder"), 0);
  assert_int_equal(attr(g, "A4", "disorder"), 0);
  assert_int_equal(attr(g, "K3", "disorder"), 1);
  assert_int_equal(attr(g, "B1", "disorder"), 1);
  assert_non_null(find(g, "1st Division starts the day fresh, 5 of 17 boxes marked", "VB-63"));
  assert_non_null(find(g, "2nd Division starts the day fresh, 5 of 9 boxes marked", "VB-64"));
  assert_non_null(find(g, "3rd Division was broken and starts the day exhausted", "VB-65"));
  assert_non_null(find(g, "4th Division starts the day fresh, 3 of 4 boxes marked", "VB-64"));
  /* the day's records are cleared; dawn */
  assert_int_equal(attr(g, "A1", "lost_today"), 0);
  assert_string_equal(gn_game_clock(g).text, "19 June 1815, 9 a.m.");
  assert_string_equal(gn_game_phase(g), "command");
  assert_int_equal(gn_game_active_side(g), 0);
  const gn_event *e = find(g, "day 2 begins with the 9:00 turn", "VB-52");
  assert_non_null(e);
  assert_int_equal(e->nmods, 1);
  assert_int_equal(e->mods[0].value, 5);
  assert_non_null(find(g, "start of day 2: the attacker, French, rolls: d6 -> 5", "VB-52"));
  /* ref. VB-65: the 3rd Division starts exhausted, not broken: its first
  ** exhaustion phase of the day, with no new loss, does not break it again */
  int before = count_events(g, "exhaustion", "VB-B12");
  ends(g, 6);
  assert_string_equal(gn_game_phase(g), "command");
  assert_int_equal(gn_game_active_side(g), 1);
  assert_int_equal(count_events(g, "exhaustion", "VB-B12"), before);
  gn_game_free(g);
}

/* ref. VB-63, VB-65 [interpretation]: a stand still routed at nightfall has
** the red marker of its rout: at dawn it is no longer routed; in a fresh
** division it is in good order, in a broken one disordered (red to yellow). */
static const char DAWN[] =
  "grognard: 1\nname: vb dawn test\nruleset: vb\n"
  "table: {width: 60, height: 60}\n"
  "date: {year: 1815, month: 6, day: 18, hour: 20}\nturns: 30\n"
  "options: {days: 2}\n"
  "sides:\n  - {id: french}\n  - {id: prussians}\n"
  "formations:\n"
  "  - {id: army, echelon: army, side: french, leader: nap}\n"
  "  - {id: d1, echelon: division, parent: army, leader: d1l}\n"
  "  - {id: d2, echelon: division, parent: army, leader: d2l}\n"
  "  - {id: pr, echelon: army, side: prussians, leader: bl}\n"
  "units:\n"
  "  - {id: nap, formation: army, type: leader_army, at: [30, 2], strength: 0}\n"
  "  - {id: d1l, formation: d1, type: leader_division, at: [10, 2], strength: 0}\n"
  "  - {id: d2l, formation: d2, type: leader_division, at: [50, 2], strength: 0}\n"
  "  - {id: r1, formation: d1, type: infantry_brigade, at: [10, 10], strength: 4, attrs: {routed: 1, disorder: 1}}\n"
  "  - {id: f1, formation: d1, type: infantry_brigade, at: [15, 10], strength: 4}\n"
  "  - {id: r2, formation: d2, type: infantry_brigade, at: [50, 10], strength: 1, attrs: {routed: 1, disorder: 1, lost_today: 4}}\n"
  "  - {id: bl, formation: pr, type: leader_army, at: [30, 58], facing: 180, strength: 0}\n"
  "  - {id: p1, formation: pr, type: infantry_brigade, at: [30, 55], facing: 180, strength: 4}\n";

static void dawn_routed(void **state) {
  (void)state;
  gn_game *g = load(DAWN, sizeof DAWN - 1);
  to_night(g);
  assert_non_null(find(g, "is broken", "VB-B12"));    /* d2: 4 of 5 SP lost */
  int three = 3;
  assert_int_equal(gn_dice_script(g, &three, 1), 0);
  ends(g, 2);
  assert_string_equal(gn_game_clock(g).text, "19 June 1815, 7 a.m.");
  assert_int_equal(attr(g, "r1", "routed"), 0);
  assert_int_equal(attr(g, "r1", "disorder"), 0);
  assert_int_equal(attr(g, "r2", "routed"), 0);
  assert_int_equal(attr(g, "r2", "disorder"), 1);
  ok(g, "end");
  ok(g, "move r1 to 10,12");                          /* it moves again by the ordinary rules */
  gn_game_free(g);
}

/* ref. VB-58, VB-60, VB-62: the defaults when the players just say "end":
** the stand that lost more takes an equal-morale pair's point; under-strength
** stands merge into the first fit stand of the division. */
static void recovery_defaults(void **state) {
  (void)state;
  gn_game *g = load(NIGHT, sizeof NIGHT - 1);
  to_night(g);
  int two = 2;
  assert_int_equal(gn_dice_script(g, &two, 1), 0);
  ends(g, 2);
  assert_int_equal(sp(g, "A1"), 7);                    /* 3 + 1 + the pair's point + A6's 2 */
  assert_int_equal(sp(g, "A2"), 4);
  assert_string_equal(gn_game_clock(g).text, "19 June 1815, 6 a.m.");
  gn_game_free(g);
}

/* ref. VB-51: the battle's last night ends the game; two days: the second
** nightfall does. ref. VB-B13: the daylight table follows the month. */
static void last_day(void **state) {
  (void)state;
  char text[sizeof NIGHT + 64];
  snprintf(text, sizeof text, "%s", NIGHT);
  char *m = strstr(text, "month: 6");
  memcpy(m, "month: 1", 8);                           /* January: last turn 4 p.m. */
  char *h = strstr(text, "hour: 20");
  memcpy(h, "hour: 15", 8);
  gn_game *g = load(text, strlen(text));
  ends(g, 12);
  assert_string_equal(gn_game_clock(g).text, "18 January 1815, 4 p.m.");
  ends(g, 12);
  assert_string_equal(gn_game_phase(g), "night");
  ends(g, 1);
  int six = 6;
  assert_int_equal(gn_dice_script(g, &six, 1), 0);
  ends(g, 1);
  assert_string_equal(gn_game_clock(g).text, "19 January 1815, 2 p.m.");   /* 8 + 6 */
  ends(g, 36);
  assert_int_equal(gn_game_over(g), 1);
  assert_string_equal(gn_event_get(g, gn_event_count(g) - 1)->ref, "VB-51");
  gn_game_free(g);
}

/* ref. VB-52, VB-53, VB-54, VB-B13: the odds check "day-start": table first
** turn + 1d6, +2 inclement, +1 per day after the second. */
static void day_start_odds(void **state) {
  (void)state;
  gn_game *g = gn_game_new(NULL);
  assert_int_equal(gn_game_use_ruleset(g, "vb"), 0);
  gn_dist d;
  int pf;
  const char *june2[] = {"--month", "6", "--day", "2"};
  assert_int_equal(gn_check_odds(g, "day-start", 4, june2, NULL, &d, &pf), 0);
  assert_int_equal(d.exact, 1);
  assert_int_equal(d.n, 6);
  assert_int_equal((int)d.o[0].value, 5);
  assert_int_equal((int)d.o[5].value, 10);
  assert_true(d.o[4].num * 6 == d.o[4].den);          /* 9 a.m.: one in six */
  assert_string_equal(gn_check_label(g, "day-start", 9), "9 a.m.");
  gn_dist_free(&d);
  const char *june3[] = {"--month", "6", "--day", "3", "--inclement"};
  assert_int_equal(gn_check_odds(g, "day-start", 5, june3, NULL, &d, &pf), 0);
  assert_int_equal((int)d.o[0].value, 8);              /* 4 + 1 + 2 + 1 */
  assert_int_equal((int)d.o[5].value, 13);
  gn_dist_free(&d);
  const char *dec[] = {"--month", "12", "--day", "5"};
  assert_int_equal(gn_check_odds(g, "day-start", 4, dec, NULL, &d, &pf), 0);
  assert_int_equal((int)d.o[0].value, 12);             /* 8 + 1 + 3 */
  /* 8 + 6 + 3 = 17, past December's last daylight turn: [interpretation]
  ** the day starts at the last daylight turn, 4 p.m. (day_start.die's note) */
  assert_int_equal((int)d.o[d.n - 1].value, 16);
  gn_dist_free(&d);
  const char *bad[] = {"--month", "13"};
  assert_int_equal(gn_check_odds(g, "day-start", 2, bad, NULL, &d, &pf), GN_ESYNTAX);
  gn_game_free(g);
}

/* The bundled historical scenario as a two-day battle: scenarios/vb-plancenoit.yaml
** with `days: 2` (and room in the turn limit), replaying the golden game's orders
** (tests/golden/vb-plancenoit.orders, seed 42) from 5 p.m. to the 8 p.m. turn.
** ref. VB-51: night falls instead of the end; ref. VB-66: a night move;
** ref. VB-55, VB-58: every stand that lost SP gets half back (rounded down),
** at most one more from a pooled odd point; ref. VB-62: Bellair, destroyed and
** back at 2 SP (under the infantry brigade's 3), merges into Jamin of its
** division; ref. VB-52, VB-54: the attacker (the Prussians, option attacker)
** rolls 3: 19 June begins with the 7 a.m. turn, the Prussians first. */
static char *slurp(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) fail_msg("%s is missing (run from the repository root)", path);
  static char buf[65536];
  *len = fread(buf, 1, sizeof buf - 1, f);
  buf[*len] = 0;
  fclose(f);
  return buf;
}

static void replace(char *text, size_t cap, const char *from, const char *to) {
  char *p = strstr(text, from), rest[65536];
  assert_non_null(p);
  snprintf(rest, sizeof rest, "%s", p + strlen(from));
  snprintf(p, cap - (size_t)(p - text), "%s%s", to, rest);
}

static void plancenoit_day2(void **state) {
  (void)state;
  static char text[65536];
  size_t len;
  snprintf(text, sizeof text, "%s", slurp("scenarios/vb-plancenoit.yaml", &len));
  replace(text, sizeof text, "turns: 4\n", "turns: 40\n");
  replace(text, sizeof text, "options: {first_side: 1, attacker: 1}", "options: {first_side: 1, attacker: 1, days: 2}");
  gn_game *g = vb_load("vb-plancenoit.yaml", text, strlen(text), 42);
  FILE *f = fopen("tests/golden/vb-plancenoit.orders", "r");
  assert_non_null(f);
  char line[512];
  while (fgets(line, sizeof line, f)) {
    line[strcspn(line, "\r\n")] = 0;
    if (line[0] && line[0] != '#') ok(g, line);
  }
  fclose(f);
  assert_int_equal(gn_game_over(g), 0);
  assert_string_equal(gn_game_phase(g), "night");
  assert_non_null(find(g, "night falls after the 20:00 turn of day 1", "VB-51"));
  /* the day's losses, as the night finds them */
  int n = gn_unit_count(g), before[64], lost[64], total = 0;
  assert_true(n <= 64);
  for (int u = 0; u < n; u++) {
    gn_unit_view v;
    assert_int_equal(gn_unit_view_get(g, u, GN_UMPIRE, &v), 0);
    before[u] = v.strength;
    assert_int_equal(gn_unit_attr(g, u, GN_UMPIRE, "lost_today", &lost[u]), 0);
    total += lost[u];
  }
  assert_true(total >= 6);
  assert_int_equal(sp(g, "BEL"), -100);                /* destroyed in the 5 p.m. melee */
  ok(g, "move TRO to 8,31");                           /* ref. VB-66: west, away from every enemy */
  ok(g, "end");
  assert_string_equal(gn_game_phase(g), "recovery");
  for (int u = 0; u < n; u++) {
    gn_unit_view v;
    int w;
    assert_int_equal(gn_unit_view_get(g, u, GN_UMPIRE, &v), 0);
    assert_int_equal(gn_unit_attr(g, u, GN_UMPIRE, "wiped", &w), 0);
    if (lost[u] > 0 && !w) assert_int_equal(v.strength, before[u] + lost[u] / 2);
  }
  int three = 3;
  assert_int_equal(gn_dice_script(g, &three, 1), 0);
  ok(g, "end");
  assert_non_null(find(g, "BEL (2 SP) merges into JAM", "VB-62"));
  assert_int_equal(sp(g, "BEL"), -100);
  assert_non_null(find(g, "start of day 2: the attacker, Prussian IV Corps, rolls: d6 -> 3", "VB-52"));
  assert_string_equal(gn_game_clock(g).text, "19 June 1815, 7 a.m.");
  assert_string_equal(gn_game_phase(g), "command");
  assert_int_equal(gn_game_active_side(g), 1);
  for (int u = 0; u < n; u++) {
    int lt;
    assert_int_equal(gn_unit_attr(g, u, GN_UMPIRE, "lost_today", &lt), 0);
    assert_int_equal(lt, 0);
  }
  gn_game_free(g);
}


/*
** ref. VB-B22 (a default): stands coming back after the night. The scenario
** opens at the last daylight turn; the French face north, the Prussians
** south. A6 (1st Division), B2 (2nd Division, no leader: its corps
** commander's) and C3 (3rd Division, whose leader stands between two
** Prussian brigades) were wiped out today, 6 SP lost each: 3 come back. Y0's
** formation has no leader at all. X0 was wiped out surrounded (nothing back).
** R1, disordered and touching P9, routs off the south edge in the French
** morale phase of the 8 p.m. turn (dice 6 for it, 1 for P9). F1 stands
** directly behind the 1st Division's leader D1L (10, 12). The batteries G1
** (wiped out) and G2 lost 1 SP each: their odd points are pooled, and the
** point goes to G1, listed first (ref. VB-58), at the end of the recovery.
*/
static const char RETURN[] =
  "grognard: 1\nname: vb return test\nruleset: vb\n"
  "table: {width: 60, height: 40}\n"
  "date: {year: 1815, month: 6, day: 18, hour: 20}\nturns: 30\n"
  "options: {days: 2}\n"
  "sides:\n  - {id: french, name: French}\n  - {id: prussians, name: Prussians}\n"
  "formations:\n"
  "  - {id: army, echelon: army, side: french, leader: nap}\n"
  "  - {id: c1, echelon: corps, parent: army, leader: c1l}\n"
  "  - {id: d1, echelon: division, parent: c1, leader: d1l}\n"
  "  - {id: d2, echelon: division, parent: c1}\n"
  "  - {id: d3, echelon: division, parent: army, leader: d3l}\n"
  "  - {id: lone, echelon: division, side: french}\n"
  "  - {id: pr, echelon: army, side: prussians, leader: bl}\n"
  "units:\n"
  "  - {id: nap, code: NAP, formation: army, type: leader_army, at: [30, 2], strength: 0}\n"
  "  - {id: c1l, code: C1L, formation: c1, type: leader_corps, at: [30, 12], strength: 0}\n"
  "  - {id: d1l, code: D1L, formation: d1, type: leader_division, at: [10, 12], strength: 0}\n"
  "  - {id: d3l, code: D3L, formation: d3, type: leader_division, at: [45, 30], strength: 0}\n"
  "  - {id: f1, code: F1, formation: d1, type: infantry_brigade, at: [10, 10], strength: 4}\n"
  "  - {id: a6, code: A6, formation: d1, type: infantry_brigade, at: [20, 20], strength: 0, attrs: {lost_today: 6}}\n"
  "  - {id: b2, code: B2, formation: d2, type: infantry_brigade, at: [30, 20], strength: 0, attrs: {lost_today: 6}}\n"
  "  - {id: c3, code: C3, formation: d3, type: infantry_brigade, at: [40, 20], strength: 0, attrs: {lost_today: 6}}\n"
  "  - {id: x0, code: X0, formation: d1, type: infantry_brigade, at: [20, 25], strength: 0, attrs: {lost_today: 4, wiped: surrounded}}\n"
  "  - {id: y0, code: Y0, formation: lone, type: infantry_brigade, at: [50, 15], strength: 0, attrs: {lost_today: 6}}\n"
  "  - {id: r1, code: R1, formation: d1, type: infantry_brigade, at: [55, 3], strength: 4, attrs: {disorder: disordered}}\n"
  "  - {id: g1, code: G1, formation: d1, type: battery_foot, at: [20, 30], strength: 0, attrs: {lost_today: 1}}\n"
  "  - {id: g2, code: G2, formation: d1, type: battery_foot, at: [25, 4], strength: 1, attrs: {lost_today: 1}}\n"
  "  - {id: bl, code: BL, formation: pr, type: leader_army, at: [5, 38], facing: 180, strength: 0}\n"
  "  - {id: q1, code: Q1, formation: pr, type: infantry_brigade, at: [45, 34], facing: 180, strength: 4}\n"
  "  - {id: q2, code: Q2, formation: pr, type: infantry_brigade, at: [45, 26], facing: 180, strength: 4}\n"
  "  - {id: p9, code: P9, formation: pr, type: infantry_brigade, at: [55, 6], facing: 180, strength: 4}\n";

/* To the recovery phase: R1 routs off the table on the way. */
static gn_game *to_recovery(void) {
  gn_game *g = load(RETURN, sizeof RETURN - 1);
  refused(g, "place A6 at 10,7", "VB-B22");             /* by day */
  assert_non_null(strstr(gn_errmsg(g), "only in the recovery phase"));
  script(g, 2, 6, 1);                                  /* R1 fails its test, P9 passes */
  to_night(g);
  assert_int_equal(gn_dice_script_left(g), 0);
  assert_non_null(find(g, "R1 leaves the table", "VB-41"));
  assert_int_equal(sp(g, "R1"), -103);                 /* off the table with 3 SP */
  refused(g, "place R1 at 10,7", "VB-B22");             /* not at night either */
  ok(g, "end");
  assert_string_equal(gn_game_phase(g), "recovery");
  /* ref. VB-55: 3 of 6 back, off the table; R1 routed off keeps its 3 */
  assert_int_equal(sp(g, "A6"), -103);
  assert_int_equal(sp(g, "B2"), -103);
  assert_int_equal(sp(g, "C3"), -103);
  assert_int_equal(sp(g, "Y0"), -103);
  assert_int_equal(sp(g, "R1"), -103);
  assert_int_equal(sp(g, "X0"), -100);
  assert_non_null(find(g, "A6 (3 SP) is off the table and comes back at dawn", "VB-B22"));
  assert_non_null(find(g, "R1 (3 SP) is off the table and comes back at dawn", "VB-B22"));
  assert_int_equal(seen_with(g, 1, "comes back"), 0);  /* the French's own business */
  return g;
}

/* ref. VB-B22: `place` in the recovery phase, each condition refused with
** the rule id, then a good spot; the stands not placed come back by default
** at dawn. */
static void return_place(void **state) {
  (void)state;
  gn_game *g = to_recovery();
  refused(g, "place F1 at 20,10", "VB-B22");           /* on the table */
  assert_non_null(strstr(gn_errmsg(g), "F1 is on the table"));
  refused(g, "place D1L at 20,10", "VB-B22");          /* a leader */
  refused(g, "place X0 at 20,10", "VB-B22");           /* nothing back */
  assert_non_null(strstr(gn_errmsg(g), "X0 has no SP to come back with"));
  refused(g, "place G1 at 20,10", "VB-B22");           /* its SP comes only at dawn */
  assert_non_null(strstr(gn_errmsg(g), "G1 has no SP yet: it comes back only if its pooled point goes to it"));
  refused(g, "place Y0 at 50,15", "VB-B22");           /* no leader of its chain */
  assert_non_null(strstr(gn_errmsg(g), "Y0 has no leader of its division, corps or army on the table"));
  refused(g, "place A6 at 10,1", "VB-B22");            /* y from -0.5 */
  assert_non_null(strstr(gn_errmsg(g), "A6 would stand partly off the table"));
  refused(g, "place A6 at 10,21", "VB-B22");           /* 7 in from D1L */
  assert_non_null(strstr(gn_errmsg(g), "A6 would be out of the command radius (6 in) of D1L"));
  ok(g, "place A6 at 10,20");                          /* 6 in: just within */
  at(g, "A6", 10, 20);
  refused(g, "place A6 at 14,9", "VB-B22");            /* placed: on the table now */
  refused(g, "place R1 at 11,18", "VB-B22");           /* on A6 */
  assert_non_null(strstr(gn_errmsg(g), "R1 would stand on A6"));
  refused(g, "place R1 at 11,9", "VB-B22");            /* on F1 */
  assert_non_null(strstr(gn_errmsg(g), "R1 would stand on F1"));
  refused(g, "place C3 at 50,30", "VB-B22");           /* 2.24 in from Q1 */
  assert_non_null(strstr(gn_errmsg(g), "C3 would be 2.24 in from the enemy, nearer than 6"));
  assert_int_equal(gn_order_apply(g, "place R1 at 14,9 facing"), GN_ESYNTAX);
  assert_int_equal(gn_order_apply(g, "place R1 to 14,9"), GN_ESYNTAX);
  ok(g, "place R1 at 14,9 facing 90");                 /* 2.24 in from D1L, facing east */
  at(g, "R1", 14, 9);
  assert_true(fabs(view(g, "R1").box.facing) < 1e-9);
  assert_int_equal(seen_with(g, 0, "R1 comes back at 14.00,9.00, by D1L"), 1);
  assert_int_equal(seen_with(g, 1, "R1 comes back"), 0);
  ok(g, "place B2 at 30,18");                           /* by the corps commander, C1L (30, 12) */
  at(g, "B2", 30, 18);
  ok(g, "end french");
  refused(g, "place C3 at 45,20", "VB-B22");
  assert_non_null(strstr(gn_errmsg(g), "French has ended its recovery"));
  script(g, 1, 5);
  ok(g, "end prussians");
  assert_string_equal(gn_game_clock(g).text, "19 June 1815, 9 a.m.");
  at(g, "A6", 10, 20);                                 /* where they were placed */
  at(g, "R1", 14, 9);
  at(g, "B2", 30, 18);
  assert_int_equal(sp(g, "C3"), -103);                 /* no room by D3L */
  assert_int_equal(sp(g, "Y0"), -103);                 /* no leader */
  gn_game_free(g);
}

/* The value of key "k" in the JSON object of unit `id` in a state export, as
** text ("" when absent). */
static const char *json_field(const char *json, const char *id, const char *k, char *buf, size_t n) {
  char key[64];
  snprintf(key, sizeof key, "\"id\": \"%s\"", id);
  const char *u = strstr(json, key), *end = u ? strstr(u + 1, "\"id\": ") : NULL;
  snprintf(key, sizeof key, "\"%s\": ", k);
  const char *v = u ? strstr(u, key) : NULL;
  buf[0] = 0;
  if (!v || (end && v > end)) return buf;
  v += strlen(key);
  size_t l = strcspn(v, ",\n");
  snprintf(buf, n, "%.*s", (int)(l < n ? l : n - 1), v);
  return buf;
}

/* ref. VB-B22: nobody places: at dawn each stand comes back at the first good
** spot of the square rings around the spot directly behind its leader (its
** division's, else its corps'), in unit order; C3 finds none by D3L, hemmed
** in by Q1 and Q2, and stays off the table with its SP; Y0 has no leader.
** The next day's export has them where they came back. */
static void return_default(void **state) {
  (void)state;
  gn_game *g = to_recovery();
  script(g, 1, 5);
  ends(g, 1);
  assert_string_equal(gn_game_clock(g).text, "19 June 1815, 9 a.m.");
  /* A6: behind D1L is (10, 10), on F1; rings 1 and 2 overlap F1; ring 3 first: 3 steps back */
  at(g, "A6", 10, 7);
  /* B2: behind C1L, free */
  at(g, "B2", 30, 10);
  /* R1 (after A6 in unit order): (10, 7) is A6's; of ring 3 the nearest, 3 steps left */
  at(g, "R1", 7, 10);
  assert_true(fabs(view(g, "R1").box.facing - view(g, "D1L").box.facing) < 1e-9);
  /* G1 (3 x 1.5 in), back with the pooled point at the end of the recovery:
  ** every spot of rings 0 and 1 and the back of ring 2 is on F1, A6 or R1;
  ** the nearest free one is 2 steps forward, over D1L (leaders do not count) */
  assert_non_null(find(g, "the pooled point of G1 and G2 goes to G1", "VB-58"));
  at(g, "G1", 10, 12.75);
  assert_int_equal(sp(g, "G1"), 1);
  assert_int_equal(sp(g, "A6"), 3);
  assert_int_equal(sp(g, "R1"), 3);
  assert_int_equal(attr(g, "A6", "stationary"), 0);    /* it came there in the night */
  assert_int_equal(attr(g, "F1", "stationary"), 1);
  assert_int_equal(sp(g, "C3"), -103);
  assert_int_equal(sp(g, "Y0"), -103);
  assert_non_null(find(g, "A6 (3 SP) comes back at 10.00,7.00, behind D1L", "VB-B22"));
  assert_non_null(find(g, "B2 (3 SP) comes back at 30.00,10.00, behind C1L", "VB-B22"));
  assert_non_null(find(g, "C3 (3 SP) finds no room near D3L and stays off the table today, its SP kept", "VB-B22"));
  assert_non_null(find(g, "Y0 (3 SP) has no leader on the table to come back to", "VB-B22"));
  /* the other side sees the stands come back on the table at dawn, not their SP */
  assert_int_equal(seen_with(g, 1, "A6 comes back at 10.00,7.00 facing"), 1);
  assert_int_equal(seen_with(g, 1, "SP)"), 0);
  assert_int_equal(seen_with(g, 1, "stays off the table"), 0);
  /* the next day's scenario, as the French export it */
  char *json = gn_state_json(g, 0), buf[32];
  assert_non_null(json);
  assert_string_equal(json_field(json, "a6", "x", buf, sizeof buf), "10.0");
  assert_string_equal(json_field(json, "a6", "y", buf, sizeof buf), "7.0");
  assert_string_equal(json_field(json, "a6", "removed", buf, sizeof buf), "false");
  assert_string_equal(json_field(json, "r1", "x", buf, sizeof buf), "7.0");
  assert_string_equal(json_field(json, "c3", "removed", buf, sizeof buf), "true");
  assert_string_equal(json_field(json, "c3", "strength", buf, sizeof buf), "3");
  gn_string_free(json);
  /* they move by the ordinary rules */
  ok(g, "end");
  ok(g, "move A6 to 10,5");
  refused(g, "move C3 to 40,20", "VB-B4");             /* still off the table */
  gn_game_free(g);
}

static const char CAMP[] =
  "grognard: 1\nname: vb campaign test\nruleset: vb\n"
  "table: {width: 60, height: 40}\n"
  "date: {year: 1815, month: 6, day: 18, hour: 19}\nturns: 30\n"
  "sides:\n  - {id: french, name: French}\n  - {id: prussians, name: Prussians}\n"
  "formations:\n"
  "  - {id: army, name: Armee, echelon: army, side: french, leader: nap}\n"
  "  - {id: pr, name: Prussians, echelon: army, side: prussians, leader: bl}\n"
  "units:\n"
  "  - {id: nap, code: NAP, formation: army, type: leader_army, at: [30, 2], strength: 0}\n"
  "  - {id: f1, code: F1, formation: army, type: infantry_brigade, at: [10, 10], strength: 3, attrs: {lost_today: 3%s}}\n"
  "  - {id: f2, code: F2, formation: army, type: cavalry_light, at: [20, 10], strength: 1, attrs: {lost_today: 2%s}}\n"
  "  - {id: fa, code: FA, formation: army, type: artillery_foot, at: [30, 10], strength: 1, attrs: {lost_today: 1}}\n"
  "  - {id: bl, code: BL, formation: pr, type: leader_army, at: [30, 38], facing: 180, strength: 0}\n"
  "  - {id: p1, code: P1, formation: pr, type: infantry_brigade, at: [10, 30], facing: 180, strength: 2, attrs: {lost_today: 4}}\n"
  "  - {id: p2, code: P2, formation: pr, type: infantry_brigade, at: [20, 30], facing: 180, strength: 4}\n"
  "  - {id: p3, code: P3, formation: pr, type: infantry_brigade, at: [30, 30], facing: 180, strength: 4}\n"
  "  - {id: p4, code: P4, formation: pr, type: infantry_brigade, at: [40, 30], facing: 180, strength: 4}\n"
  "  - {id: pa, code: PA, formation: pr, type: artillery_foot, at: [50, 30], facing: 180, strength: 0, attrs: {lost_today: 2}}\n";

static gn_game *camp(const char *routed) {
  char text[sizeof CAMP + 64];
  snprintf(text, sizeof text, CAMP, routed, routed);
  return load(text, strlen(text));
}

/* ref. VB-68, VB-72: both sides hold the field: two thirds back; reports in
** men (a roster casualty is 250 men). [interpretation] (campaign.both's
** note) each class's two thirds rounded down, each stand its share rounded
** down: the cavalry's 2 lost give 1 back (4/3), the infantry's 3 give 2. */
static void campaign_held(void **state) {
  (void)state;
  gn_game *g = camp("");
  ok(g, "campaign held");
  assert_int_equal(gn_game_over(g), 1);
  assert_int_equal(sp(g, "F1"), 5);
  assert_int_equal(sp(g, "F2"), 2);
  assert_int_equal(sp(g, "FA"), 1);
  assert_int_equal(sp(g, "P1"), 4);
  assert_int_equal(sp(g, "PA"), 1);
  assert_non_null(find(g, "French recovers 2 of 3 infantry SP lost (250 of 750 men written off as casualties; 500 men back)", "VB-68"));
  gn_game_free(g);
}

/* ref. VB-69, VB-70: the holder gets 2/3 and all its guns; the loser,
** covered by a rearguard (a quarter of its formed stands intact), half. */
static void campaign_possession(void **state) {
  (void)state;
  gn_game *g = camp("");
  ok(g, "campaign possession french");
  assert_int_equal(sp(g, "F1"), 5);
  assert_int_equal(sp(g, "F2"), 2);
  assert_int_equal(sp(g, "FA"), 2);
  assert_int_equal(sp(g, "P1"), 4);
  assert_int_equal(sp(g, "PA"), 1);
  assert_non_null(find(g, "Prussians retreats covered by a rearguard", "VB-70"));
  gn_game_free(g);
}

/* ref. VB-70, VB-71: no rearguard when the formed stands are all routed; the
** loser then gets a third of its foot and horse and no guns. */
static void campaign_retreat(void **state) {
  (void)state;
  gn_game *g = camp(", routed: true");
  refused(g, "campaign retreat-rearguard french", "VB-70");
  assert_non_null(strstr(gn_errmsg(g), "largest intact body of formed stands has 0 of the 2"));
  assert_int_equal(gn_order_apply(g, "campaign retreat"), GN_ESYNTAX);
  ok(g, "campaign retreat french");
  assert_int_equal(sp(g, "F1"), 4);
  assert_int_equal(sp(g, "F2"), 1);
  assert_int_equal(sp(g, "FA"), 1);
  assert_int_equal(sp(g, "P1"), 4);
  assert_int_equal(sp(g, "PA"), 2);
  assert_non_null(find(g, "French retreats without a rearguard", "VB-70"));
  assert_non_null(find(g, "French recovers 1 of 3 infantry SP lost", "VB-71"));
  gn_game_free(g);
}

/* Eight French brigades, seven spread 10 in apart; the eighth (%s) placed by
** the test. */
static const char RG[] =
  "grognard: 1\nname: vb rearguard test\nruleset: vb\n"
  "table: {width: 60, height: 40}\n"
  "date: {year: 1815, month: 6, day: 18, hour: 19}\nturns: 30\n"
  "sides:\n  - {id: french, name: French}\n  - {id: prussians, name: Prussians}\n"
  "formations:\n"
  "  - {id: army, name: Armee, echelon: army, side: french, leader: nap}\n"
  "  - {id: pr, name: Prussians, echelon: army, side: prussians, leader: bl}\n"
  "units:\n"
  "  - {id: nap, code: NAP, formation: army, type: leader_army, at: [30, 2], strength: 0}\n"
  "  - {id: f1, code: F1, formation: army, type: infantry_brigade, at: [5, 10], strength: 3, attrs: {lost_today: 1}}\n"
  "  - {id: f2, code: F2, formation: army, type: infantry_brigade, at: [15, 10], strength: 4}\n"
  "  - {id: f3, code: F3, formation: army, type: infantry_brigade, at: [25, 10], strength: 4}\n"
  "  - {id: f4, code: F4, formation: army, type: infantry_brigade, at: [35, 10], strength: 4}\n"
  "  - {id: f5, code: F5, formation: army, type: infantry_brigade, at: [45, 10], strength: 4}\n"
  "  - {id: f6, code: F6, formation: army, type: infantry_brigade, at: [55, 10], strength: 4}\n"
  "  - {id: f7, code: F7, formation: army, type: infantry_brigade, at: [5, 20], strength: 4}\n"
  "%s"
  "  - {id: bl, code: BL, formation: pr, type: leader_army, at: [30, 38], facing: 180, strength: 0}\n"
  "  - {id: p1, code: P1, formation: pr, type: infantry_brigade, at: [10, 30], facing: 180, strength: 4}\n";

/* ref. VB-70: a rearguard is "an intact body of formed troops" of at least a
** quarter of the formed stands at the start (2 of 8 here): stands each within
** campaign.rearguard_gap (3 in) of another form a body, and disordered stands
** are not intact (campaign.rearguard_disordered 0). Eight stands scattered 10
** in apart are no body; two 1 in apart are; not if one is disordered. */
static void campaign_rearguard_body(void **state) {
  (void)state;
  static const struct { const char *f8; int rearguard; } c[] = {
    {"  - {id: f8, code: F8, formation: army, type: infantry_brigade, at: [15, 20], strength: 4}\n", 0},
    {"  - {id: f8, code: F8, formation: army, type: infantry_brigade, at: [9, 10], strength: 4}\n", 1},
    {"  - {id: f8, code: F8, formation: army, type: infantry_brigade, at: [9, 10], strength: 4, attrs: {disorder: disordered}}\n", 0},
  };
  for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
    char text[sizeof RG + 256];
    snprintf(text, sizeof text, RG, c[i].f8);
    gn_game *g = load(text, strlen(text));
    if (c[i].rearguard) {
      ok(g, "campaign retreat-rearguard french");
      assert_non_null(find(g, "French retreats covered by a rearguard", "VB-70"));
    } else {
      refused(g, "campaign retreat-rearguard french", "VB-70");
      assert_non_null(strstr(gn_errmsg(g), "has 1 of the 8"));
    }
    gn_game_free(g);
  }
}

/* NIGHT with its options line replaced by `options`. */
static gn_game *night_with(const char *options) {
  char text[sizeof NIGHT + 256];
  const char *at = strstr(NIGHT, "options: {days: 2}\n");
  assert_non_null(at);
  int n = snprintf(text, sizeof text, "%.*s%s%s", (int)(at - NIGHT), NIGHT, options,
                   at + strlen("options: {days: 2}\n"));
  assert_true(n >= 0 && (size_t)n < sizeof text);    /* options longer than the room kept for them */
  return load(text, strlen(text));
}

/* ref. VB-52: "if there is inclement weather, add two to the die": the
** weather is each day's (options weather_day2, weather_day3; `scenario`
** keeps the scenario's weather). Day 2 inclement: 4 + 5 + 2 = 11 a.m.; day 3
** clear: 4 + 5 + 1 (ref. VB-53) = 10 a.m. A scenario in inclement weather
** with a clear second day: 4 + 5 = 9 a.m. */
static void weather_by_day(void **state) {
  (void)state;
  int five = 5;
  gn_game *g = night_with("options: {days: 3, weather_day2: inclement}\n");
  to_night(g);
  assert_int_equal(gn_dice_script(g, &five, 1), 0);
  ends(g, 2);
  assert_string_equal(gn_game_clock(g).text, "19 June 1815, 11 a.m.");
  assert_non_null(named(last(g, "day-start"), "inclement weather"));
  for (int i = 0; i < 120 && strcmp(gn_game_phase(g), "night"); i++) ok(g, "end");
  assert_string_equal(gn_game_phase(g), "night");
  assert_int_equal(gn_dice_script(g, &five, 1), 0);
  ends(g, 2);
  assert_string_equal(gn_game_clock(g).text, "20 June 1815, 10 a.m.");
  assert_null(named(last(g, "day-start"), "inclement weather"));
  gn_game_free(g);

  char text[sizeof NIGHT + 256];
  snprintf(text, sizeof text, "weather: inclement\noptions: {days: 2, weather_day2: clear}\n");
  g = night_with(text);
  to_night(g);
  assert_int_equal(gn_dice_script(g, &five, 1), 0);
  ends(g, 2);
  assert_string_equal(gn_game_clock(g).text, "19 June 1815, 9 a.m.");
  gn_game_free(g);
}

/* ref. VB-73: "the decision as to whether to continue fighting for a second
** (or even a third) day is made by the opposing generals": at night either
** side may `withdraw`, and the battle ends there (campaign recovery may
** follow); not by day; not when the scenario has both fight on (option
** next_day: fight). */
static void generals_decide(void **state) {
  (void)state;
  gn_game *g = load(NIGHT, sizeof NIGHT - 1);
  refused(g, "withdraw prussians", "VB-73");              /* by day */
  to_night(g);
  assert_int_equal(gn_order_apply(g, "withdraw"), GN_ESYNTAX);
  assert_int_equal(gn_order_apply(g, "withdraw nobody"), GN_ESYNTAX);
  ok(g, "withdraw prussians");
  assert_int_equal(gn_game_over(g), 1);
  assert_non_null(find(g, "Prussians will not fight another day", "VB-73"));
  ok(g, "campaign retreat prussians");
  gn_game_free(g);

  g = night_with("options: {days: 2, next_day: fight}\n");
  to_night(g);
  refused(g, "withdraw prussians", "VB-73");
  assert_int_equal(gn_game_over(g), 0);
  gn_game_free(g);
}


/*
** ref. VB-ARR: arrivals by the clock, read with the ruleset's own clock. With
** the battle opening at 8 p.m. of 18 June: a brigade due at 11 p.m. (in the
** night, when there are no turns) and one due at 9 a.m. of day 2 come on at
** the start of the Prussian turn of the second day's 9 a.m. (June's 4 a.m.
** plus the attacker's 1d6 of 5); one due at 10 a.m. waits for that hour. The
** views say the time each is due, to its side and the umpire only.
*/
static void arrivals_by_clock(void **state) {
  (void)state;
  char text[sizeof NIGHT + 600];
  snprintf(text, sizeof text, "%s%s", NIGHT,
           "  - {id: p2, code: P2, formation: pr, type: infantry_brigade, at: [40, 79], facing: 180, strength: 4, arrives: {time: \"11 p.m.\"}}\n"
           "  - {id: p3, code: P3, formation: pr, type: infantry_brigade, at: [60, 79], facing: 180, strength: 4, arrives: {time: \"9 a.m.\", day: 2}}\n"
           "  - {id: p4, code: P4, formation: pr, type: infantry_brigade, at: [70, 79], facing: 180, strength: 4, arrives: {time: \"10:00\", day: 2}}\n");
  gn_game *g = load(text, strlen(text));
  gn_unit_view v = view(g, "P3");
  assert_int_equal(v.removed, 1);
  assert_int_equal(v.arrives, 2);                       /* never before the second turn */
  assert_int_equal(v.arrives_clock, 24 * 60 + 9 * 60);  /* day 2, 9 a.m. */
  assert_int_equal(gn_unit_view_get(g, gn_unit_find(g, "P3"), 0, &v), GN_OK);
  assert_int_equal(v.arrives_clock, 0);                 /* the French do not know */
  char *txt = gn_state_text(g, GN_UMPIRE);
  assert_non_null(txt);
  assert_non_null(strstr(txt, "arrives day 2, 9 a.m."));
  assert_non_null(strstr(txt, "arrives 11 p.m."));
  gn_string_free(txt);
  ok(g, "end");                                         /* the 8 p.m. turn: no arrival */
  for (int i = 0; i < 12 && strcmp(gn_game_phase(g), "night"); i++) ok(g, "end");
  assert_string_equal(gn_game_phase(g), "night");
  assert_int_equal(view(g, "P2").removed, 1);           /* 11 p.m. is night: no turn to come on in */
  ok(g, "end");                                         /* the night */
  assert_string_equal(gn_game_phase(g), "recovery");
  int five = 5;
  assert_int_equal(gn_dice_script(g, &five, 1), 0);
  ok(g, "end");                                         /* the recovery; dawn */
  assert_string_equal(gn_game_clock(g).text, "19 June 1815, 9 a.m.");
  assert_int_equal(gn_game_active_side(g), 0);
  assert_int_equal(view(g, "P2").removed, 1);           /* the Prussian turn has not begun */
  for (int i = 0; i < 12 && gn_game_active_side(g) == 0; i++) ok(g, "end");
  assert_int_equal(gn_game_active_side(g), 1);
  assert_int_equal(view(g, "P2").removed, 0);
  assert_int_equal(view(g, "P3").removed, 0);
  assert_int_equal(view(g, "P4").removed, 1);           /* due at 10 a.m. */
  assert_int_equal(view(g, "P4").arrives_clock, 24 * 60 + 10 * 60);
  at(g, "P3", 60, 79);
  const gn_event *e = find(g, "P3 comes on the table", "VB-ARR");
  assert_non_null(e);
  for (int i = 0; i < 12 && gn_game_active_side(g) == 1; i++) ok(g, "end");
  assert_string_equal(gn_game_clock(g).text, "19 June 1815, 10 a.m.");
  for (int i = 0; i < 12 && gn_game_active_side(g) == 0; i++) ok(g, "end");
  assert_int_equal(view(g, "P4").removed, 0);           /* on time */
  gn_game_free(g);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(night),
    cmocka_unit_test(night_sides),
    cmocka_unit_test(arrivals_by_clock),
    cmocka_unit_test(recovery),
    cmocka_unit_test(recovery_defaults),
    cmocka_unit_test(dawn_routed),
    cmocka_unit_test(last_day),
    cmocka_unit_test(return_place),
    cmocka_unit_test(return_default),
    cmocka_unit_test(plancenoit_day2),
    cmocka_unit_test(day_start_odds),
    cmocka_unit_test(campaign_held),
    cmocka_unit_test(campaign_possession),
    cmocka_unit_test(campaign_retreat),
    cmocka_unit_test(campaign_rearguard_body),
    cmocka_unit_test(weather_by_day),
    cmocka_unit_test(generals_decide),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
