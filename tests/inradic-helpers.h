/*
** inradic-helpers.h: helpers shared by the Inradic tests (tests/test-inradic-*.c):
** the scenario builder, scripted cards and dice, unit accessors, orders that
** must apply or be refused, event finders. Public API only; each test file
** includes it once.
**
** Every scenario is a 100 x 100 in table, side red (moves first) and side
** blue. Facing is in compass degrees (0 north = +y, 180 south).
*/
#ifndef INRADIC_HELPERS_H
#define INRADIC_HELPERS_H

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

/* Applies an order that must be refused, giving the rule id expected. */
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

/* A unit line of side red facing north, or of side blue facing south. */
#define RED(id, type, x, y, n, attrs) \
  "  - {id: " id ", side: red, type: " type ", at: [" #x ", " #y "], facing: 0, strength: " #n ", attrs: {" attrs "}}\n"
#define BLUE(id, type, x, y, n, attrs) \
  "  - {id: " id ", side: blue, type: " type ", at: [" #x ", " #y "], facing: 180, strength: " #n ", attrs: {" attrs "}}\n"

/* a equals b within 1e-6. */
static inline int near(double a, double b) { return a > b - 1e-6 && a < b + 1e-6; }

#endif
