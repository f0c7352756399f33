/*
** test-inradic-figures.c: units of individual figures, their roles, casualties
** (ref. IN-B5) and what the enemy may see.
*/
/* ---- shared helpers (each test file carries its own copy) ---- */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "grognard.h"

/* A card number for the dice script: rank 1 (Ace) .. 13 (King), suit 0..3. */
#define CARD(rank, suit) ((suit) * 13 + (rank) - 1)

static const char HEAD[] =
  "grognard: 1\nname: t\nruleset: inradic\ntable: {width: 100, height: 100}\n"
  "date: {year: 1791, month: 5, day: 4, hour: 10}\nturns: 10\n"
  "sides:\n  - {id: red, name: Red}\n  - {id: blue, name: Blue}\n";

/* A started game of HEAD + body (options, units, terrain). */
static inline gn_game *mk(const char *body) {
  char buf[8192];
  snprintf(buf, sizeof buf, "%s%s", HEAD, body);
  gn_game *g = gn_game_new(NULL);
  assert_non_null(g);
  if (gn_game_load(g, "t.yaml", buf, strlen(buf)) || gn_game_start(g, 1)) {
    for (int i = 0; i < gn_diag_count(g); i++) print_error("%s\n", gn_diag(g, i));
    fail_msg("scenario: %s", gn_errmsg(g));
  }
  return g;
}

#define SCRIPT(g, ...) do { int v_[] = { __VA_ARGS__ }; \
    assert_int_equal(gn_dice_script(g, v_, (int)(sizeof v_ / sizeof v_[0])), 0); } while (0)

static inline int U(gn_game *g, const char *id) {
  int u = gn_unit_find(g, id);
  assert_true(u >= 0);
  return u;
}

static inline int attr(gn_game *g, const char *unit, const char *name) {
  int v = -99;
  assert_int_equal(gn_unit_attr(g, U(g, unit), GN_UMPIRE, name, &v), 0);
  return v;
}

static inline int strength(gn_game *g, const char *unit) {
  gn_unit_view v;
  assert_int_equal(gn_unit_view_get(g, U(g, unit), GN_UMPIRE, &v), 0);
  return v.removed ? 0 : v.strength;
}

static inline gn_box box(gn_game *g, const char *unit) {
  gn_unit_view v;
  assert_int_equal(gn_unit_view_get(g, U(g, unit), GN_UMPIRE, &v), 0);
  return v.box;
}

/* Applies an order that must succeed and use up the script exactly. */
static inline void ok(gn_game *g, const char *order) {
  int rc = gn_order_apply(g, order);
  if (rc) fail_msg("'%s': %s", order, gn_errmsg(g));
  assert_int_equal(gn_dice_script_left(g), 0);
}

/* Applies an order that must be refused citing ref. */
static inline void refused(gn_game *g, const char *order, const char *ref) {
  int rc = gn_order_apply(g, order);
  if (rc != GN_EREFUSED) fail_msg("'%s' gave %d: %s", order, rc, gn_errmsg(g));
  assert_string_equal(gn_refusal_ref(g), ref);
}

/* Events of a kind since event index from. */
static inline int count_kind(gn_game *g, int from, const char *kind) {
  int n = 0;
  for (int i = from; i < gn_event_count(g); i++)
    if (strcmp(gn_event_get(g, i)->kind, kind) == 0) n++;
  return n;
}

/* The last event of a kind (fails the test if none). */
static inline const gn_event *last_kind(gn_game *g, const char *kind) {
  for (int i = gn_event_count(g) - 1; i >= 0; i--)
    if (strcmp(gn_event_get(g, i)->kind, kind) == 0) return gn_event_get(g, i);
  fail_msg("no '%s' event", kind);
  return NULL;
}

/* The value of a named modifier of an event, or -999. */
static inline int mod(const gn_event *e, const char *name) {
  for (int i = 0; i < e->nmods; i++) if (strcmp(e->mods[i].name, name) == 0) return e->mods[i].value;
  return -999;
}
/* ---- end of shared helpers ---- */

/* Privates are the rest of the strength; guns get one piece; steady, full ammunition. */
static void roles_and_defaults(void **state) {
  (void)state;
  gn_game *g = mk("units:\n"
                  "  - {id: r1, side: red, type: foot, at: [50, 40], strength: 10, attrs: {officer: 1, nco: 1}}\n"
                  "  - {id: gun, side: red, type: gun, at: [20, 40], strength: 4, attrs: {weapon: artillery}}\n"
                  "  - {id: b1, side: blue, type: foot, at: [50, 50], facing: 180, strength: 6, attrs: {privates: 5, flag: 1}}\n"
                  "  - {id: b2, side: blue, type: foot, at: [80, 50], strength: 6, attrs: {quality: commoners}}\n"
                  "  - {id: b3, side: blue, type: foot, at: [20, 50], strength: 6, attrs: {quality: fighters}}\n");
  assert_int_equal(attr(g, "r1", "privates"), 8);
  assert_int_equal(attr(g, "r1", "officer"), 1);
  assert_int_equal(strength(g, "r1"), 10);
  assert_int_equal(attr(g, "gun", "pieces"), 1);
  assert_int_equal(attr(g, "gun", "ammo"), 1);
  assert_int_equal(attr(g, "b1", "privates"), 5);
  assert_int_equal(attr(g, "b1", "quality"), 4);    /* trained by default */
  assert_int_equal(attr(g, "b2", "quality"), 0);    /* commoners are peasants */
  assert_int_equal(attr(g, "b3", "quality"), 7);    /* fighters are fanatics */
  gn_game_free(g);
}

/* Roles that do not add up to the strength are a scenario error. */
static void roles_must_add_up(void **state) {
  (void)state;
  char buf[1024];
  snprintf(buf, sizeof buf, "%sunits:\n"
           "  - {id: r1, side: red, type: foot, at: [50, 40], strength: 5, attrs: {privates: 3, nco: 1}}\n"
           "  - {id: b1, side: blue, type: foot, at: [50, 50], strength: 5}\n", HEAD);
  gn_game *g = gn_game_new(NULL);
  int rc = gn_game_load(g, "t.yaml", buf, strlen(buf));
  if (rc == 0) rc = gn_game_start(g, 1);
  assert_int_equal(rc, GN_ESCENARIO);
  assert_non_null(strstr(gn_errmsg(g), "r1"));
  gn_game_free(g);
}

/* ref. IN-B5: each hit removes one figure, privates first, then the roles in
** order (bugler before flag bearer); losing its bugler the unit tests
** (ref. IN-M3, with IN-M1 in one test); the last figure gone, the unit is off the table. */
static void casualties_in_order(void **state) {
  (void)state;
  gn_game *g = mk("units:\n"
                  "  - {id: r1, side: red, type: foot, at: [50, 40], strength: 10}\n"
                  "  - {id: b1, side: blue, type: foot, at: [50, 50], facing: 180, strength: 3, attrs: {bugler: 1, flag: 1}}\n");
  SCRIPT(g, CARD(6, 0), CARD(7, 0), CARD(2, 0), CARD(3, 0), /* d3 */ 1);
  ok(g, "fire r1 at b1");
  assert_int_equal(attr(g, "b1", "privates"), 0);
  assert_int_equal(attr(g, "b1", "bugler"), 0);
  assert_int_equal(attr(g, "b1", "flag"), 1);
  assert_int_equal(strength(g, "b1"), 1);
  assert_non_null(strstr(last_kind(g, "morale")->text, "IN-M1, IN-M3"));
  ok(g, "end");
  ok(g, "end");
  SCRIPT(g, CARD(6, 1), CARD(2, 1), CARD(3, 1), CARD(4, 1));
  ok(g, "fire r1 at b1");
  gn_unit_view v;
  gn_unit_view_get(g, U(g, "b1"), GN_UMPIRE, &v);
  assert_int_equal(v.removed, 1);
  assert_true(gn_game_over(g) == 0);                /* decided at the end of the side turn */
  ok(g, "end");
  assert_true(gn_game_over(g));
  gn_game_free(g);
}

/* Views: the enemy sees the figures and their roles, not the ammunition left. */
static void enemy_view(void **state) {
  (void)state;
  gn_game *g = mk("units:\n"
                  "  - {id: mg, side: red, type: gun, at: [50, 40], strength: 3, attrs: {weapon: mg, ammo: 0, nco: 1}}\n"
                  "  - {id: b1, side: blue, type: foot, at: [50, 60], facing: 180, strength: 5}\n");
  int v;
  assert_int_equal(gn_unit_attr(g, U(g, "mg"), 1, "nco", &v), 0);
  assert_int_equal(v, 1);
  assert_int_equal(gn_unit_attr(g, U(g, "mg"), 1, "ammo", &v), GN_ESTATE);
  gn_unit_view uv;
  gn_unit_view_get(g, U(g, "mg"), 1, &uv);
  assert_int_equal(uv.strength, 3);
  assert_null(strstr(uv.status, "ammunition"));
  gn_unit_view_get(g, U(g, "mg"), 0, &uv);
  assert_non_null(strstr(uv.status, "out of ammunition"));
  refused(g, "fire mg at b1", "IN-R7");
  gn_game_free(g);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(roles_and_defaults),
    cmocka_unit_test(roles_must_add_up),
    cmocka_unit_test(casualties_in_order),
    cmocka_unit_test(enemy_view),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
