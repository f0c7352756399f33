/*
** test-reach.c: how far a unit's verb reaches, in bands (gn_unit_reach), and
** that the bands are the ones the rules measure with: a target just inside
** the furthest band is accepted (or, for an order resolved after the moves,
** would take effect), one just beyond it is refused with the rule's id.
** V&B fire (ref. VB-B18, VB-B21), a V&B charge (ref. VB-B11); Belle
** Alliance fire (ref. BA-B3, BA-B4, BA-3.1.1a) and attack (ref.
** BA-4.1.1a); Inradic fire (ref. IN-R4, IN-B1), charge (ref. IN-B9) and
** throw (ref. IN-R9). Public API only.
*/
#include "vb-helpers.h"

/* A started game of text with "%s" replaced by y (the target's y). */
static gn_game *load_at(const char *text, double y) {
  char buf[8192], num[32];
  snprintf(num, sizeof num, "%.6f", y);
  snprintf(buf, sizeof buf, text, num);
  gn_game *g = gn_game_new(NULL);
  assert_non_null(g);
  if (gn_game_load(g, "t.yaml", buf, strlen(buf)) || gn_game_start(g, 1)) {
    for (int i = 0; i < gn_diag_count(g); i++) print_message("%s\n", gn_diag(g, i));
    fail_msg("scenario: %s", gn_errmsg(g));
  }
  return g;
}

/* The target's y at which unit a stands d from unit b, edge to edge, in
** text (b due north of a, facing it): measured on a game with b at y0. */
static double y_at(const char *text, const char *a, const char *b, double y0, double d) {
  gn_game *g = load_at(text, y0);
  double now = gn_unit_distance(g, unit(g, a), unit(g, b));
  gn_game_free(g);
  return y0 + d - now;
}

/* The reach of a's verb, which must be known. */
static gn_reach reach_of(gn_game *g, const char *a, const char *verb) {
  gn_reach r;
  int rc = gn_unit_reach(g, unit(g, a), verb, &r);
  if (rc) fail_msg("reach of %s's %s: %d %s", a, verb, rc, gn_errmsg(g));
  return r;
}

static void band_is(const gn_reach *r, int k, double from, double to, const char *name, const char *ref) {
  assert_true(k < r->nbands);
  assert_float_equal(r->band[k].from, from, 1e-9);
  assert_float_equal(r->band[k].to, to, 1e-9);
  assert_string_equal(r->band[k].name, name);
  assert_string_equal(r->band[k].ref, ref);
}

/* ------------------------------------------------------------------ V&B */

#define VB_HEAD VB_COMBAT_HEAD("reach test", "", "", "55, 55")
/* A stand of side fr at (20, 20) facing north, a brigade of al north of it. */
#define VB_PAIR(type, attrs)                                                                       \
  VB_HEAD "  - {id: a, side: fr, formation: fa, type: " type ", at: [20, 20], facing: 0, strength: 4, " \
  "attrs: {" attrs "}}\n"                                                                        \
  "  - {id: t, side: al, formation: aa, type: infantry_brigade, at: [20, %s], facing: 180, strength: 4}\n"

/* fire a at t in the combat phase at distance d: 0 or the refusal's id. */
static const char *vb_fire_at(const char *text, double d) {
  static char ref[32];
  gn_game *g = load_at(text, y_at(text, "a", "t", 30, d));
  script(g, 2, 1, 1);                  /* a morale test the guns may call for: passed */
  to_phase(g, "combat");
  int rc = gn_order_check(g, "fire a at t");
  snprintf(ref, sizeof ref, "%s", rc ? (gn_refusal_ref(g) ? gn_refusal_ref(g) : "?") : "");
  gn_game_free(g);
  return ref;
}

/* ref. VB-B18, VB-B21: a brigade's muskets reach 2 in, at close range; with
** battalion guns a long band out to 4 in (ref. VB-24); field guns close to
** 5 in and long to 10. The target must be in the front arc. Just inside the
** last band the fire is accepted, just beyond it refused for its range. */
static void vb_fire_bands(void **state) {
  (void)state;
  static const char *const text[] = {VB_PAIR("infantry_brigade", ""), VB_PAIR("infantry_brigade", "batguns: 1"),
                                     VB_PAIR("artillery_foot", "weight: field")};
  for (int k = 0; k < 3; k++) {
    gn_game *g = load_at(text[k], 40);
    gn_reach r = reach_of(g, "a", "fire");
    assert_int_equal(r.front_arc, 1);
    assert_string_equal(r.arc_ref, "VB-B21");
    if (k == 0) {
      assert_int_equal(r.nbands, 1);
      band_is(&r, 0, 0, 2, "close", "VB-B18");
    } else if (k == 1) {
      assert_int_equal(r.nbands, 2);
      band_is(&r, 0, 0, 2, "close", "VB-B18");
      band_is(&r, 1, 2, 4, "long", "VB-B18");
    } else {
      assert_int_equal(r.nbands, 2);
      band_is(&r, 0, 0, 5, "close", "VB-B18");
      band_is(&r, 1, 5, 10, "long", "VB-B18");
    }
    double last = r.band[r.nbands - 1].to;
    assert_float_equal(r.limit, last, 1e-9);
    gn_game_free(g);
    assert_string_equal(vb_fire_at(text[k], last - 0.05), "");
    assert_string_equal(vb_fire_at(text[k], last + 0.05), "VB-B18");
  }
}

/* ref. VB-B11: a charge in the movement phase reaches as far as the listing
** checks (its move left and the stand's turn); in the combat phase only a
** stand in contact. A move states no reach: its allowance is the action's. */
static void vb_charge_reach(void **state) {
  (void)state;
  gn_game *g = load_at(VB_PAIR("infantry_brigade", ""), 40);
  to_phase(g, "movement");
  gn_reach r = reach_of(g, "a", "charge");
  assert_int_equal(r.nbands, 1);
  band_is(&r, 0, 0, r.limit, "charge", "VB-B11");
  assert_true(r.limit > 0);
  r = reach_of(g, "a", "move");
  assert_int_equal(r.nbands, 0);
  assert_float_equal(r.limit, -1, 0);
  to_phase(g, "combat");
  r = reach_of(g, "a", "charge");
  assert_int_equal(r.nbands, 1);
  band_is(&r, 0, 0, GN_CONTACT_EPS, "contact", "VB-B11");
  gn_game_free(g);
  g = load_at(VB_PAIR("leader_division", ""), 40);   /* a leader charges no one, in either phase */
  static const char *const phases[] = { "movement", "combat" };
  for (int i = 0; i < 2; i++) {
    to_phase(g, phases[i]);
    r = reach_of(g, "a", "charge");
    assert_int_equal(r.nbands, 0);
    assert_float_equal(r.limit, -2, 0);
  }
  gn_game_free(g);
}

/* Arguments: a verb the ruleset lacks, a unit it has not, a game not
** started; a unit off the table has no reach. */
static void reach_arguments(void **state) {
  (void)state;
  gn_reach r;
  gn_game *g = load_at(VB_PAIR("infantry_brigade", ""), 40);
  assert_int_equal(gn_unit_reach(g, unit(g, "a"), "shoot", &r), GN_ENOTFOUND);
  assert_non_null(strstr(gn_errmsg(g), "no verb 'shoot' in vb (verbs: "));   /* the valid words listed */
  assert_non_null(strstr(gn_errmsg(g), "fire"));
  assert_non_null(strstr(gn_errmsg(g), "charge"));
  assert_int_equal(gn_unit_reach(g, 99, "fire", &r), GN_ENOTFOUND);
  assert_int_equal(gn_unit_reach(g, -1, "fire", &r), GN_ENOTFOUND);
  assert_int_equal(gn_unit_reach(NULL, 0, "fire", &r), GN_EINVAL);
  assert_int_equal(gn_unit_reach(g, 0, NULL, &r), GN_EINVAL);
  assert_int_equal(gn_unit_reach(g, 0, "fire", NULL), GN_EINVAL);
  gn_game_free(g);
  g = gn_game_new(NULL);
  assert_int_equal(gn_unit_reach(g, 0, "fire", &r), GN_ESTATE);
  gn_game_free(g);
}

/* ------------------------------------------------------------------- BA */

#define BA_TEXT(type, attrs)                                                                      \
  "grognard: 1\nname: ba reach\nruleset: ba\ntable: {width: 200, height: 200}\n"                  \
  "date: {year: 1815, month: 6, day: 18, hour: 13}\nturns: 30\n"                                 \
  "sides:\n  - {id: fr, name: French}\n  - {id: al, name: Allies}\nunits:\n"                     \
  "  - {id: a, side: fr, type: " type ", at: [100, 20], facing: 0, strength: 30" attrs "}\n"      \
  "  - {id: t, side: al, type: infantry, at: [100, %s], facing: 180, strength: 30}\n"

/* Whether a's fire order at t, at distance d, would take effect if the fire
** phase came now (gn_actions' ready, from the fire phase's own aim). */
static int ba_ready_at(const char *text, double d) {
  gn_game *g = load_at(text, y_at(text, "a", "t", 100, d));
  gn_actions *a;
  gn_actions_opts o = {-1, unit(g, "a"), "fire"};
  assert_int_equal(gn_actions_query(g, &o, &a), GN_OK);
  int ready = -1;
  for (int i = 0; i < a->n; i++)
    for (int k = 0; k < a->a[i].ntargets; k++)
      if (a->a[i].targets[k].unit == unit(g, "t")) ready = a->a[i].targets[k].ready;
  gn_actions_free(a);
  gn_game_free(g);
  return ready;
}

/* ref. BA-B3, BA-B4, BA-3.1.1a: infantry fires close out to half its range
** (fire.range.infantry, fire.long_fraction) and long beyond; a battery
** fires canister out to fire.canister, then close and long. The orders are
** written before the moves, so none is refused now for its distance (limit
** -1); at resolution a target just inside the last band is fired at, one
** just beyond it not. */
static void ba_fire_bands(void **state) {
  (void)state;
  static const char *const text[] = {BA_TEXT("infantry", ""), BA_TEXT("foot_artillery", ", attrs: {guns: 4}")};
  for (int k = 0; k < 2; k++) {
    gn_game *g = load_at(text[k], 150);
    gn_reach r = reach_of(g, "a", "fire");
    double range, half, can;
    assert_int_equal(gn_data_number(g, k ? "fire.range.foot_artillery" : "fire.range.infantry", &range), GN_OK);
    assert_int_equal(gn_data_number(g, "fire.long_fraction", &half), GN_OK);
    assert_int_equal(gn_data_number(g, "fire.canister", &can), GN_OK);
    half *= range;
    assert_float_equal(r.limit, -1, 0);
    assert_int_equal(r.front_arc, 1);
    assert_string_equal(r.arc_ref, "BA-3.1.1a");
    if (!k) {
      assert_int_equal(r.nbands, 2);
      band_is(&r, 0, 0, half, "close", "BA-B3");
      band_is(&r, 1, half, range, "long", "BA-B3");
    } else {
      assert_int_equal(r.nbands, 3);
      band_is(&r, 0, 0, can, "canister", "BA-B4");
      band_is(&r, 1, can, half, "close", "BA-B4");
      band_is(&r, 2, half, range, "long", "BA-B4");
    }
    gn_game_free(g);
    assert_int_equal(ba_ready_at(text[k], range - 0.5), 1);
    assert_int_equal(ba_ready_at(text[k], range + 0.5), 0);
  }
}

/* ref. BA-4.1.1a: an attack reaches this bound as far as the unit marches
** (the move's allowance) and its melee zone (melee.zone_depth) beyond; a
** skirmish line fires all round. */
static void ba_attack_reach(void **state) {
  (void)state;
  gn_game *g = load_at(BA_TEXT("infantry", ""), 150);
  gn_reach r = reach_of(g, "a", "attack");
  gn_actions *a;
  gn_actions_opts o = {-1, unit(g, "a"), "move"};
  assert_int_equal(gn_actions_query(g, &o, &a), GN_OK);
  assert_int_equal(a->n, 1);
  double zone;
  assert_int_equal(gn_data_number(g, "melee.zone_depth", &zone), GN_OK);
  assert_int_equal(r.nbands, 1);
  band_is(&r, 0, 0, a->a[0].left + zone, "attack", "BA-4.1.1a");
  assert_float_equal(r.limit, -1, 0);
  gn_actions_free(a);
  gn_game_free(g);
  g = load_at(BA_TEXT("infantry", ", attrs: {formation: skirmish}"), 150);
  r = reach_of(g, "a", "fire");
  assert_int_equal(r.front_arc, 0);
  assert_null(r.arc_ref);
  assert_int_equal(r.nbands, 2);
  gn_game_free(g);
}

/* -------------------------------------------------------------- Inradic */

#define IN_TEXT(attrs)                                                                            \
  "grognard: 1\nname: t\nruleset: inradic\ntable: {width: 100, height: 100}\n"                   \
  "date: {year: 1791, month: 5, day: 4, hour: 10}\nturns: 10\n"                                  \
  "sides:\n  - {id: red, name: Red}\n  - {id: blue, name: Blue}\nunits:\n"                       \
  "  - {id: a, side: red, type: foot, at: [50, 20], facing: 0, strength: 10, attrs: {" attrs "}}\n" \
  "  - {id: t, side: blue, type: foot, at: [50, %s], facing: 180, strength: 10}\n"

/* gn_order_check of order at distance d: "" or the refusal's id. */
static const char *in_check_at(const char *text, const char *order, double d) {
  static char ref[32];
  gn_game *g = load_at(text, y_at(text, "a", "t", 60, d));
  int rc = gn_order_check(g, order);
  snprintf(ref, sizeof ref, "%s", rc ? (gn_refusal_ref(g) ? gn_refusal_ref(g) : "?") : "");
  gn_game_free(g);
  return ref;
}

/* ref. IN-R4, IN-B1: a musket reaches shoot.range's 16 in, close out to
** half of it (a hit needs less) and long beyond, all round; just beyond
** the range the fire is refused. ref. IN-B9: a charge reaches the charge
** move, and no further. */
static void inradic_fire_and_charge(void **state) {
  (void)state;
  const char *text = IN_TEXT("weapon: musket");
  gn_game *g = load_at(text, 60);
  gn_reach r = reach_of(g, "a", "fire");
  assert_int_equal(r.nbands, 2);
  band_is(&r, 0, 0, 8, "close", "IN-B1");
  band_is(&r, 1, 8, 16, "long", "IN-B1");
  assert_float_equal(r.limit, 16, 1e-9);
  assert_int_equal(r.front_arc, 0);
  assert_null(r.arc_ref);
  gn_reach c = reach_of(g, "a", "charge");
  assert_int_equal(c.nbands, 1);
  assert_true(c.limit > 0);
  band_is(&c, 0, 0, c.limit, "charge", "IN-B9");
  gn_reach t = reach_of(g, "a", "throw");
  assert_int_equal(t.nbands, 0);        /* no explosives */
  assert_float_equal(t.limit, -2, 0);
  gn_game_free(g);
  assert_string_equal(in_check_at(text, "fire a at t", 15.9), "");
  assert_string_equal(in_check_at(text, "fire a at t", 16.1), "IN-R4");
  assert_string_equal(in_check_at(text, "charge a at t", c.limit - 0.1), "");
  assert_string_equal(in_check_at(text, "charge a at t", c.limit + 0.1), "IN-B9");
}

/* ref. IN-R9: a figure with explosives throws out to throw.range, and no
** further; it does not fire. */
static void inradic_throw(void **state) {
  (void)state;
  gn_game *g = load_at(IN_TEXT("weapon: explosive"), 60);
  gn_reach r = reach_of(g, "a", "throw");
  double range;
  assert_int_equal(gn_data_number(g, "throw.range", &range), GN_OK);
  assert_int_equal(r.nbands, 1);
  band_is(&r, 0, 0, range, "throw", "IN-R9");
  r = reach_of(g, "a", "fire");
  assert_int_equal(r.nbands, 0);
  assert_float_equal(r.limit, -2, 0);
  gn_game_free(g);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(vb_fire_bands),
    cmocka_unit_test(vb_charge_reach),
    cmocka_unit_test(reach_arguments),
    cmocka_unit_test(ba_fire_bands),
    cmocka_unit_test(ba_attack_reach),
    cmocka_unit_test(inradic_fire_and_charge),
    cmocka_unit_test(inradic_throw),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
