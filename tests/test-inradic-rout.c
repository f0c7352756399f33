/*
** test-inradic-rout.c: routing and rallying (ref. IN-M11, IN-M12, IN-M13, IN-M14, IN-M15, IN-M16, IN-M17), with scripted
** cards and dice.
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

#define RED(id, type, x, y, n, attrs) \
  "  - {id: " id ", side: red, type: " type ", at: [" #x ", " #y "], facing: 0, strength: " #n ", attrs: {" attrs "}}\n"
#define BLUE(id, type, x, y, n, attrs) \
  "  - {id: " id ", side: blue, type: " type ", at: [" #x ", " #y "], facing: 180, strength: " #n ", attrs: {" attrs "}}\n"

static int near(double a, double b) { return a > b - 1e-6 && a < b + 1e-6; }

/* r1 shoots b1 (militia, 10) down to 8 and b1 fails (9 + 1 > 8). */
static void shoot_and_rout(gn_game *g) {
  SCRIPT(g, CARD(6, 0), CARD(7, 0), CARD(2, 0), CARD(3, 0), /* d10 */ 9);
  ok(g, "fire r1 at b1");
  assert_int_equal(attr(g, "b1", "status"), 1);
}

/* ref. IN-M11, IN-M12: the routers run a double move (12 in for foot) straight
** away from the enemy, through woods as through open ground, backs to the enemy. */
static void rout_double_move(void **state) {
  (void)state;
  gn_game *g = mk("units:\n" RED("r1", "foot", 50, 40, 10, "") BLUE("b1", "foot", 50, 50, 10, "quality: militia")
                  "terrain:\n  - {id: w, kind: woods, area: [[40, 55], [60, 55], [60, 58], [40, 58]]}\n");
  shoot_and_rout(g);
  gn_box b = box(g, "b1");
  assert_true(near(b.c.x, 50) && near(b.c.y, 62));
  assert_true(near(b.facing, 3.14159265358979323846 / 2));
  assert_string_equal(last_kind(g, "rout")->ref, "IN-M11");
  refused(g, "fire r1 at b1", "IN-B13");            /* r1 already fired */
  ok(g, "end");
  /* b1 may not act while routing (it is blue's turn now, it failed to stop) */
  gn_game_free(g);
}

/* ref. IN-M13: running across a river costs one figure in five (8 -> 7). */
static void rout_across_water(void **state) {
  (void)state;
  gn_game *g = mk("units:\n" RED("r1", "foot", 50, 40, 10, "") BLUE("b1", "foot", 50, 50, 10, "quality: militia")
                  "terrain:\n  - {id: r, kind: river, line: [[0, 56], [100, 56]]}\n");
  shoot_and_rout(g);
  assert_int_equal(strength(g, "b1"), 7);
  const gn_event *e = last_kind(g, "rout");
  assert_string_equal(e->ref, "IN-M13");
  assert_int_equal(e->total, 1);
  gn_game_free(g);
}

/* ref. IN-M14, IN-M17: at the start of its next turn the router tests again;
** passing (3 + 1 <= 8) it rallies in a close group around its bugler, facing
** the enemy; failing (10 + 1 > 8) it runs another double move. */
static void retest_next_turn(void **state) {
  (void)state;
  const char *body = "units:\n" RED("r1", "foot", 50, 40, 10, "")
                     BLUE("b1", "foot", 50, 50, 10, "quality: militia, bugler: 1");
  gn_game *g = mk(body);
  shoot_and_rout(g);
  SCRIPT(g, 3);
  ok(g, "end");
  assert_int_equal(attr(g, "b1", "status"), 0);
  const gn_event *e = last_kind(g, "rally");
  assert_string_equal(e->ref, "IN-M17");
  assert_non_null(strstr(e->text, "bugler"));
  gn_box b = box(g, "b1");
  assert_true(near(b.c.x, 50) && near(b.c.y, 62));
  assert_true(near(b.w, 3) && near(b.d, 3));        /* 8 figures: a 3 in group */
  assert_true(near(b.facing, -3.14159265358979323846 / 2));
  assert_string_equal(last_kind(g, "morale")->ref, "IN-M14");
  gn_game_free(g);

  g = mk(body);
  shoot_and_rout(g);
  SCRIPT(g, 10);
  ok(g, "end");
  assert_int_equal(attr(g, "b1", "status"), 1);
  b = box(g, "b1");
  assert_true(near(b.c.y, 74));
  refused(g, "move b1 to 50,70", "IN-M11");         /* routers obey no order */
  gn_game_free(g);
}

/* ref. IN-M15: no rally within a charge move of an enemy: no test, it runs on. */
static void no_rally_near_enemy(void **state) {
  (void)state;
  gn_game *g = mk("units:\n" RED("r1", "foot", 50, 40, 10, "") RED("r2", "foot", 44, 68, 5, "")
                  BLUE("b1", "foot", 50, 50, 10, "quality: militia, bugler: 1"));
  shoot_and_rout(g);
  int e0 = gn_event_count(g);
  ok(g, "end");                                    /* no dice: no test */
  assert_int_equal(count_kind(g, e0, "morale"), 0);
  int found = 0;
  for (int i = e0; i < gn_event_count(g); i++)
    if (!strcmp(gn_event_get(g, i)->kind, "rout") && !strcmp(gn_event_get(g, i)->ref, "IN-M15")) found = 1;
  assert_true(found);
  assert_true(near(box(g, "b1").c.y, 74));
  gn_game_free(g);
}

/* ref. IN-M16: without a bugler, flag bearer, NCO or officer (a corporal is
** not enough) a router cannot rally; off the table it is gone. */
static void no_rally_without_leader(void **state) {
  (void)state;
  gn_game *g = mk("units:\n" RED("r1", "foot", 50, 40, 10, "")
                  BLUE("b1", "foot", 50, 50, 10, "quality: militia, corporal: 1"));
  shoot_and_rout(g);
  int e0 = gn_event_count(g);
  ok(g, "end");
  assert_int_equal(count_kind(g, e0, "morale"), 0);
  assert_string_equal(last_kind(g, "rout")->ref, "IN-M11");   /* the move that follows */
  int found = 0;
  for (int i = e0; i < gn_event_count(g); i++)
    if (!strcmp(gn_event_get(g, i)->ref, "IN-M16")) found = 1;
  assert_true(found);
  assert_true(near(box(g, "b1").c.y, 74));
  ok(g, "end");
  ok(g, "end");                                    /* 86 */
  ok(g, "end");
  ok(g, "end");                                    /* 98 */
  ok(g, "end");
  ok(g, "end");                                    /* 110: off the table */
  gn_unit_view v;
  gn_unit_view_get(g, U(g, "b1"), GN_UMPIRE, &v);
  assert_int_equal(v.removed, 1);
  assert_true(gn_game_over(g));                    /* blue has no figure left on the table */
  gn_game_free(g);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(rout_double_move),
    cmocka_unit_test(rout_across_water),
    cmocka_unit_test(retest_next_turn),
    cmocka_unit_test(no_rally_near_enemy),
    cmocka_unit_test(no_rally_without_leader),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
