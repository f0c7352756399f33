/*
** test-vb-move.c: Volley & Bayonet movement: rates, battalion guns, terrain
** (woods, villages, towns, bridges, streams, roads), march column,
** limbering, disorder recovery, enemy stands, cavalry skirmishers.
*/
#include "vb-helpers.h"

/* Two corps commanders command the army troops near them (ref. VB-2); the
** enemy waits far to the north. Facing 0 is north (+y). */
#define HEAD                                                                \
  "grognard: 1\nname: vb move test\nruleset: vb\n"                         \
  "table: {width: 100, height: 60}\n"                                       \
  "date: {year: 1815, month: 6, day: 18, hour: 13}\nturns: 8\n"            \
  "sides:\n  - {id: french, name: French}\n  - {id: prussians, name: Prussians}\n" \
  "formations:\n"                                                           \
  "  - {id: army, name: Armee, echelon: army, side: french, leader: nap}\n" \
  "  - {id: c1, name: I Corps, echelon: corps, parent: army, leader: c1l}\n" \
  "  - {id: c2, name: II Corps, echelon: corps, parent: army, leader: c2l}\n" \
  "  - {id: pr, name: Prussians, echelon: army, side: prussians, leader: bl}\n" \
  "units:\n"                                                                \
  "  - {id: nap, code: NAP, formation: army, type: leader_army, at: [99, 1], strength: 0}\n" \
  "  - {id: bl, code: BL, formation: pr, type: leader_army, at: [99, 59], facing: 180, strength: 0}\n" \
  "  - {id: p1, code: P1, formation: pr, type: infantry_brigade, at: [95, 56], facing: 180, strength: 4}\n"

/* An army troop of the French at (x, y). */
#define AT(id, type, x, y, more)                                            \
  "  - {id: " #id ", code: " #id ", formation: army, type: " #type ", at: [" #x ", " #y "], strength: 3" more "}\n"

static gn_game *load(const char *text) {
  gn_game *g = vb_load("vb-move.yaml", text, strlen(text), 5);
  if (gn_order_apply(g, "end")) fail_msg("end: %s", gn_errmsg(g));   /* to the movement phase */
  return g;
}

/* The number of events of a kind citing a rule id (NULL: any). */
static int count(gn_game *g, const char *kind, const char *ref) { return count_events(g, kind, ref); }

#define LEADERS \
  "  - {id: c1l, code: C1L, formation: c1, type: leader_corps, at: [47, 26], strength: 0}\n" \
  "  - {id: c2l, code: C2L, formation: c2, type: leader_corps, at: [57, 26], strength: 0}\n"

/* ref. VB-B4, VB-26: full moves by type; battalion guns slow brigades. */
static void rates(void **state) {
  (void)state;
  gn_game *g = load(HEAD LEADERS
    AT(ib, infantry_brigade, 42, 30, "")
    AT(hc, cavalry_heavy, 46, 30, "")
    AT(lc, cavalry_light, 50, 30, "")
    AT(ha, artillery_foot, 54, 30, ", attrs: {weight: heavy, limbered: true}")
    AT(bg, infantry_brigade, 58, 30, ", attrs: {batguns: true}")
    AT(cb, cavalry_light, 62, 30, ", attrs: {batguns: true}"));
  refused(g, "move IB to 42,13.5", "VB-B4");
  ok(g, "move IB to 42,14");
  refused(g, "move HC to 46,9.5", "VB-B4");
  ok(g, "move HC to 46,10");
  refused(g, "move LC to 50,5.5", "VB-B4");
  ok(g, "move LC to 50,6");
  refused(g, "move HA to 54,17.5", "VB-B4");
  ok(g, "move HA to 54,18");
  refused(g, "move BG to 58,17.5", "VB-B4");           /* ref. VB-26: 12, not 16 */
  ok(g, "move BG to 58,18");
  refused(g, "move CB to 62,9.5", "VB-B4");            /* ref. VB-26: 20, not 24 */
  ok(g, "move CB to 62,10");
  /* several legs share the one allowance; a facing may be given */
  gn_game_free(g);
  g = load(HEAD LEADERS AT(ib, infantry_brigade, 42, 30, ""));
  ok(g, "move IB to 42,24 facing 90");
  assert_true(view(g, "IB").box.facing < 1e-9);       /* east = 0 radians */
  ok(g, "move IB to 32,24");
  refused(g, "move IB to 32,23.7", "VB-B4");      /* 0.3 over the move left: past move.tolerance */
  ok(g, "move IB to 32,23.9");                    /* ref. VB-B4: 0.1 over, within move.tolerance */
  refused(g, "move IB to 32,23.6", "VB-B4");      /* nothing left now: 0.3 is past the tolerance */
  gn_game_free(g);
}

/* ref. VB-B4: moves told as players make them, relative to the stand:
** advance and retire along its facing (kept), turn in place, wheel about the
** front corner on the side it wheels to (at the cost of the outer corner's
** arc), and "towards" a point as far as the move left allows. */
static void moves_as_told(void **state) {
  (void)state;
  gn_game *g = load(HEAD LEADERS AT(ib, infantry_brigade, 42, 30, ""));
  gn_box b0 = view(g, "IB").box;
  ok(g, "move IB advance 4");                     /* facing north: +y */
  assert_float_equal(view(g, "IB").box.c.y, 34, 1e-9);
  assert_float_equal(view(g, "IB").box.facing, b0.facing, 1e-12);
  ok(g, "move IB retire 2");
  assert_float_equal(view(g, "IB").box.c.y, 32, 1e-9);
  assert_float_equal(view(g, "IB").box.c.x, 42, 1e-9);
  ok(g, "move IB turn 90");                       /* east: 0 radians, in place */
  assert_float_equal(view(g, "IB").box.facing, 0, 1e-9);
  assert_float_equal(view(g, "IB").box.c.y, 32, 1e-9);
  gn_vec2 before[4], after[4];
  gn_box_corners(view(g, "IB").box, before);
  double w = view(g, "IB").box.w;
  ok(g, "move IB wheel 90");                      /* to the right: about the front-right corner */
  gn_box_corners(view(g, "IB").box, after);
  assert_float_equal(after[1].x, before[1].x, 1e-9);
  assert_float_equal(after[1].y, before[1].y, 1e-9);
  assert_float_equal(view(g, "IB").box.facing, -3.14159265358979323846 / 2, 1e-9);
  double used = 4 + 2 + w * 3.14159265358979323846 / 2;   /* the wheel costs its outer corner's arc */
  gn_vec2 c = view(g, "IB").box.c;
  ok(g, "move IB towards 42,-100");               /* south, as far as the 16 in allow */
  assert_float_equal(view(g, "IB").box.c.y, c.y - (16 - used), 0.01);   /* moves are kept in hundredths */
  refused(g, "move IB towards 42,-100", "VB-B4"); /* no move left */
  assert_int_equal(gn_order_apply(g, "move IB sideways 3"), GN_ESYNTAX);
  assert_int_equal(gn_order_apply(g, "move IB advance -3"), GN_ESYNTAX);
  gn_game_free(g);
}

/* ref. VB-27, VB-B4: woods cost double; battalion guns entering them are
** lost for good; artillery may not enter. */
static void woods(void **state) {
  (void)state;
  gn_game *g = load(HEAD LEADERS
    AT(bg, infantry_brigade, 44, 30, ", attrs: {batguns: true}")
    AT(ga, artillery_foot, 50, 30, ", attrs: {limbered: true}")
    "terrain:\n  - {id: wood1, kind: woods, area: [[30, 20], [40, 20], [40, 40], [30, 40]]}\n");
  refused(g, "move BG to 34,30", "VB-B4");             /* 4 open + 6 in woods x 2 = 16 > 12 */
  assert_non_null(strstr(gn_errmsg(g), "needs 16.00 in"));
  ok(g, "move BG to 36,30");                           /* 4 + 4 x 2 = 12 */
  assert_int_equal(attr(g, "BG", "batguns"), 0);
  assert_int_equal(count(g, "batguns-lost", "VB-27"), 1);
  refused(g, "move GA to 41,30", "VB-27");             /* its stand would reach into the woods */
  gn_game_free(g);
}

/* ref. VB-16, VB-17, VB-18, VB-27: villages block neither sight nor
** movement; stands pass without disorder and keep their battalion guns; a
** village held by an infantry skirmisher, of either side, is closed. Woods and towns
** block sight. */
static void villages(void **state) {
  (void)state;
  gn_game *g = load(HEAD LEADERS
    AT(vb, infantry_brigade, 44, 30, ", attrs: {batguns: true}")
    AT(va, artillery_foot, 50, 30, ", attrs: {limbered: true}")
    AT(vc, infantry_brigade, 60, 30, "")
    "  - {id: psk, code: PSK, formation: pr, type: skirmisher, at: [70, 42], facing: 180, strength: 1}\n"
    "  - {id: ob1, code: OB1, formation: pr, type: infantry_brigade, at: [20, 30], facing: 180, strength: 3}\n"
    "  - {id: ob2, code: OB2, formation: pr, type: infantry_brigade, at: [20, 50], facing: 180, strength: 3}\n"
    "terrain:\n"
    "  - {id: vil1, kind: village, area: [[34, 26], [40, 26], [40, 34], [34, 34]]}\n"
    "  - {id: vil2, kind: village, area: [[62, 36], [74, 36], [74, 46], [62, 46]]}\n"
    "  - {id: wood1, kind: woods, area: [[44, 34], [48, 34], [48, 40], [44, 40]]}\n");
  /* sight: across the village from VB to OB1 is clear; across the woods not */
  assert_int_equal(gn_unit_los(g, gn_unit_find(g, "VB"), gn_unit_find(g, "OB1")).visible, 1);
  assert_int_equal(gn_unit_los(g, gn_unit_find(g, "VC"), gn_unit_find(g, "OB2")).visible, 0);
  ok(g, "move VB to 32,30");                           /* through the village: 12 with guns */
  assert_int_equal(attr(g, "VB", "disorder"), 0);
  assert_int_equal(attr(g, "VB", "batguns"), 1);
  ok(g, "move VA to 38,30");                           /* artillery ends on the village */
  assert_int_equal(attr(g, "VA", "disorder"), 0);
  refused(g, "move VC to 64,40", "VB-18");             /* the enemy skirmisher holds vil2 */
  gn_game_free(g);

  /* ref. VB-18: "units may not move through a village which is occupied by
  ** an infantry skirmisher": the text names no side, so a French skirmisher
  ** in vil1 closes it to French stands too (move.village.friends_block 1) */
  g = load(HEAD LEADERS
    AT(vb, infantry_brigade, 44, 30, ", attrs: {batguns: true}")
    AT(fsk, skirmisher, 37, 27, "")
    "terrain:\n"
    "  - {id: vil1, kind: village, area: [[34, 26], [40, 26], [40, 34], [34, 34]]}\n");
  refused(g, "move VB to 32,30", "VB-18");
  assert_non_null(strstr(gn_errmsg(g), "fsk"));
  gn_game_free(g);
}

/* ref. VB-14, VB-15: out of march column a town disorders, once a turn
** however many blocks; cavalry may stop in it and stays disordered; a
** march column passes freely. */
static void towns(void **state) {
  (void)state;
  gn_game *g = load(HEAD
    "  - {id: c1l, code: C1L, formation: c1, type: leader_corps, at: [38, 37], strength: 0}\n"
    "  - {id: c2l, code: C2L, formation: c2, type: leader_corps, at: [58, 37], strength: 0}\n"
    AT(ti, infantry_brigade, 42, 33, "")
    AT(tc, cavalry_light, 44, 40, "")
    AT(tm, infantry_brigade, 56, 33, ", attrs: {march: true}")
    "terrain:\n"
    "  - {id: town1, kind: town, area: [[30, 28], [36, 28], [36, 46], [30, 46]]}\n"
    "  - {id: town2, kind: town, area: [[60, 28], [66, 28], [66, 38], [60, 38]]}\n");
  ok(g, "move TI to 33,33");                           /* into town1 */
  assert_int_equal(attr(g, "TI", "disorder"), 1);
  assert_int_equal(count(g, "disorder", "VB-14"), 1);
  ok(g, "move TI to 28,33");                           /* through and out: no second disorder */
  assert_int_equal(count(g, "disorder", "VB-14"), 1);
  ok(g, "move TC to 33,40");                           /* cavalry stops in the town */
  assert_int_equal(attr(g, "TC", "disorder"), 1);
  refused(g, "reorder TC", "VB-15");
  ok(g, "move TM to 70,33");                           /* march column through town2 */
  assert_int_equal(attr(g, "TM", "disorder"), 0);
  gn_game_free(g);
}

/* ref. VB-13, VB-B4: a bridge is free in march column, else it disorders;
** rivers are crossed only at bridges; a stream (ford) costs half a move. */
static void bridges_and_streams(void **state) {
  (void)state;
  gn_game *g = load(HEAD
    "  - {id: c1l, code: C1L, formation: c1, type: leader_corps, at: [44, 42], strength: 0}\n"
    "  - {id: c2l, code: C2L, formation: c2, type: leader_corps, at: [76, 34], strength: 0}\n"
    AT(brd, infantry_brigade, 46, 38, "")
    AT(brm, infantry_brigade, 46, 45, ", attrs: {march: true}")
    AT(br2, infantry_brigade, 40, 30, "")
    AT(st, infantry_brigade, 76, 30, "")
    "terrain:\n"
    "  - {id: river1, kind: river, line: [[50, 10], [50, 58]]}\n"
    "  - {id: bridge1, kind: bridge, area: [[49, 36], [51, 36], [51, 47], [49, 47]]}\n"
    "  - {id: stream1, kind: stream, line: [[80, 10], [80, 58]]}\n");
  ok(g, "move BRD to 54,38");
  assert_int_equal(attr(g, "BRD", "disorder"), 1);
  assert_int_equal(count(g, "disorder", "VB-13"), 1);
  ok(g, "move BRM to 54,45");
  assert_int_equal(attr(g, "BRM", "disorder"), 0);
  refused(g, "move BR2 to 54,30", "VB-B4");
  assert_non_null(strstr(gn_errmsg(g), "cannot cross river1 away from a bridge"));
  refused(g, "move ST to 84.5,30", "VB-B4");           /* 8.5 + 8 > 16 */
  ok(g, "move ST to 84,30");
  gn_game_free(g);
}

/* ref. VB-B14: march column: forming costs half a move; wholly on a road it
** goes half as far again. */
static void march_column(void **state) {
  (void)state;
  gn_game *g = load(HEAD
    "  - {id: c1l, code: C1L, formation: c1, type: leader_corps, at: [14, 8], strength: 0}\n"
    "  - {id: c2l, code: C2L, formation: c2, type: leader_corps, at: [20, 14], strength: 0}\n"
    AT(rm, infantry_brigade, 10, 5, ", attrs: {march: true}")
    AT(rn, infantry_brigade, 10, 10, "")
    AT(rf, infantry_brigade, 20, 10, "")
    "terrain:\n  - {id: road1, kind: road, line: [[2, 5], [98, 5]]}\n");
  refused(g, "move RM to 34.5,5", "VB-B4");            /* 24.5 / 1.5 > 16 */
  ok(g, "move RM to 34,5");
  assert_true(view(g, "RM").box.c.x == 34);
  refused(g, "move RN to 26.5,10", "VB-B4");           /* off the road: 16.5 > 16 */
  ok(g, "march RF");
  assert_int_equal(attr(g, "RF", "march"), 1);
  assert_int_equal(attr(g, "RF", "moved"), 1);
  ok(g, "deploy RF");
  refused(g, "march RF", "VB-B14");                    /* half + half: nothing left */
  refused(g, "deploy RF", "VB-B14");
  gn_game_free(g);
}

/* ref. VB-B15, VB-B20: artillery limbers to move (half a move); yellow
** disorder is removed for half a move, not red, not in contact. */
static void limber_and_reorder(void **state) {
  (void)state;
  gn_game *g = load(HEAD LEADERS
    AT(ga, artillery_foot, 44, 30, "")
    AT(dy, infantry_brigade, 50, 30, ", attrs: {disorder: disordered}")
    AT(dr, infantry_brigade, 54, 30, ", attrs: {disorder: permanent}")
    "  - {id: pc, code: PC, formation: pr, type: infantry_brigade, at: [54, 34], facing: 180, strength: 3}\n");
  refused(g, "move GA to 44,25", "VB-B15");
  ok(g, "limber GA");
  refused(g, "move GA to 44,21.5", "VB-B4");           /* 8.5 > 16 - 8 */
  ok(g, "move GA to 44,22");
  refused(g, "unlimber GA", "VB-B15");                 /* no move left */
  ok(g, "reorder DY");
  assert_int_equal(attr(g, "DY", "disorder"), 0);
  refused(g, "move DY to 50,21.5", "VB-B4");           /* half of 16 spent */
  refused(g, "reorder DR", "VB-B20");
  assert_non_null(strstr(gn_errmsg(g), "permanently disordered"));
  gn_game_free(g);
}

/* ref. VB-B4: no passing through enemy stands, no ending on a stand, no
** ending in contact with the enemy (that is a charge). */
static void enemy_stands(void **state) {
  (void)state;
  gn_game *g = load(HEAD LEADERS
    AT(ea, infantry_brigade, 44, 30, "")
    AT(eb, infantry_brigade, 50, 30, "")
    "  - {id: pe, code: PE, formation: pr, type: infantry_brigade, at: [44, 38], facing: 180, strength: 3}\n");
  refused(g, "move EA to 44,42", "VB-B4");
  assert_non_null(strstr(gn_errmsg(g), "through the enemy stand"));
  refused(g, "move EA to 44,35", "VB-B4");
  assert_non_null(strstr(gn_errmsg(g), "in contact with"));
  refused(g, "move EA to 48,30", "VB-B4");
  assert_non_null(strstr(gn_errmsg(g), "on top of"));
  ok(g, "move EA to 44,34.9");
  gn_game_free(g);
}

/* ref. VB-9, VB-10, VB-11: a light cavalry brigade breaks into one
** skirmisher per SP at the start of its move, at no cost; two or more of
** them reform it for half their move, at the end of the movement phase. */
static void cavalry_skirmishers(void **state) {
  (void)state;
  gn_game *g = load(HEAD LEADERS
    AT(lc, cavalry_light, 50, 30, ", attrs: {morale: 5}")
    "  - {id: s1, code: S1, formation: army, type: skirmisher, at: [1, 1], strength: 1, attrs: {skirmish_of: 1}}\n"
    "  - {id: s2, code: S2, formation: army, type: skirmisher, at: [1, 1], strength: 1, attrs: {skirmish_of: 1}}\n"
    "  - {id: s3, code: S3, formation: army, type: skirmisher, at: [1, 1], strength: 1, attrs: {skirmish_of: 1}}\n"
    AT(lc2, cavalry_light, 40, 30, "")
    "  - {id: s4, code: S4, formation: army, type: skirmisher, at: [1, 1], strength: 1, attrs: {skirmish_of: 1}}\n"
    AT(lc3, cavalry_light, 60, 30, ""));
  assert_int_equal(view(g, "S1").removed, 1);
  assert_int_equal(attr(g, "S1", "morale"), 5);
  refused(g, "skirmish LC2", "VB-10");                 /* 3 SP, only one reserve stand */
  ok(g, "move LC3 to 60,29");
  refused(g, "skirmish LC3", "VB-9");                  /* it has moved */
  ok(g, "skirmish LC");
  assert_int_equal(view(g, "LC").removed, 1);
  gn_unit_view v1 = view(g, "S1"), v2 = view(g, "S2"), v3 = view(g, "S3");
  assert_int_equal(v1.removed + v2.removed + v3.removed, 0);
  assert_int_equal(v1.strength + v2.strength + v3.strength, 3);
  assert_int_equal(v2.strength, 1);
  assert_true(v1.box.c.x == 46.5 && v2.box.c.x == 50 && v3.box.c.x == 53.5);
  assert_true(v2.box.c.y == 30.75);                    /* front edges in line with the brigade's */
  const gn_event *e = gn_event_get(g, gn_event_count(g) - 1);
  assert_string_equal(e->ref, "VB-10");
  assert_non_null(strstr(e->text, "one per SP"));
  ok(g, "move S3 to 53.5,26");                         /* the free break-down spent nothing */
  assert_int_equal(gn_order_apply(g, "reform S1"), GN_ESYNTAX);
  ok(g, "reform S1 S2");
  refused(g, "move S1 to 46.5,20", "VB-11");           /* reforming: no more moving */
  ok(g, "end");
  gn_unit_view lc = view(g, "LC");
  assert_int_equal(lc.removed, 0);
  assert_int_equal(lc.strength, 2);
  assert_true(lc.box.c.x == 46.5 && lc.box.c.y == 30.75);
  assert_int_equal(view(g, "S1").removed, 1);
  assert_int_equal(view(g, "S3").removed, 0);
  gn_game_free(g);
}

/* ref. VB-11: skirmishers of two broken-down brigades reform one brigade:
** two or more cavalry skirmishers "may combine to reform a brigade". One stand
** of each brigade reforms the first stand's brigade, with both SP; the other
** brigade stays off the table and the stands become the new brigade's. */
static void skirmishers_of_two_brigades(void **state) {
  (void)state;
  gn_game *g = load(HEAD LEADERS
    "  - {id: la, code: LA, formation: army, type: cavalry_light, at: [50, 30], strength: 2}\n"
    "  - {id: s1a, code: S1A, formation: army, type: skirmisher, at: [1, 1], strength: 1, attrs: {skirmish_of: 1}}\n"
    "  - {id: s1b, code: S1B, formation: army, type: skirmisher, at: [1, 1], strength: 1, attrs: {skirmish_of: 1}}\n"
    "  - {id: lb, code: LB, formation: army, type: cavalry_light, at: [40, 30], strength: 2}\n"
    "  - {id: s2a, code: S2A, formation: army, type: skirmisher, at: [1, 1], strength: 1, attrs: {skirmish_of: 1}}\n"
    "  - {id: s2b, code: S2B, formation: army, type: skirmisher, at: [1, 1], strength: 1, attrs: {skirmish_of: 1}}\n");
  ok(g, "skirmish LA");
  ok(g, "skirmish LB");
  at(g, "S1A", 48.25, 30.75);                          /* edges 3.5 in apart: moving together */
  at(g, "S2B", 41.75, 30.75);
  /* ref. VB-9, VB-B4: a cavalry skirmisher moves as light cavalry, 24 in (no
  ** source gives it the infantry skirmisher's 12 in) */
  refused(g, "move S1B to 51.75,6.25", "VB-B4");
  ok(g, "move S1B to 51.75,6.75");
  ok(g, "reform S2B S1A");
  assert_non_null(strstr(last(g, "reform")->text, "reform LB"));
  ok(g, "end");
  gn_unit_view lb = view(g, "LB"), la = view(g, "LA");
  assert_int_equal(lb.removed, 0);
  assert_int_equal(lb.strength, 2);                    /* one brigade of 2 SP, not two of 1 */
  assert_true(lb.box.c.x == 48.25 && lb.box.c.y == 30.75);   /* at the lowest-numbered stand */
  assert_int_equal(la.removed, 1);
  assert_int_equal(la.strength, 0);
  assert_int_equal(view(g, "S1A").removed, 1);
  assert_int_equal(view(g, "S2B").removed, 1);
  assert_int_equal(strength_points(g, "S1B", 0) + strength_points(g, "S2A", 0), 2);
  at(g, "S1B", 51.75, 6.75);
  assert_int_equal(attr(g, "S1A", "skirmish_of"), unit(g, "LB") + 1);   /* now the brigade's reserve */
  assert_int_equal(count(g, "reform", "VB-11"), 2);
  gn_game_free(g);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(rates),
    cmocka_unit_test(moves_as_told),
    cmocka_unit_test(woods),
    cmocka_unit_test(villages),
    cmocka_unit_test(towns),
    cmocka_unit_test(bridges_and_streams),
    cmocka_unit_test(march_column),
    cmocka_unit_test(limber_and_reorder),
    cmocka_unit_test(enemy_stands),
    cmocka_unit_test(cavalry_skirmishers),
    cmocka_unit_test(skirmishers_of_two_brigades),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
