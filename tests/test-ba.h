/*
** test-ba.h: helpers shared by the Belle Alliance tests (tests/test-ba-*.c).
** Public API only.
**
** Every scenario is a 200 x 120 cm table, side fr (French) and side al
** (Allies). Facing is in compass degrees (0 north = +y, 180 south). An
** infantry battalion's line is 20 cm wide and 3 cm deep. Scripted dice are
** given as faces, three per 3d6 roll.
*/
#ifndef TEST_BA_H
#define TEST_BA_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "grognard.h"

#define BA_HEAD                                                              \
  "grognard: 1\nname: ba test\nruleset: ba\n"                                \
  "table: {width: 200, height: 120}\n"                                       \
  "date: {year: 1815, month: 6, day: 18, hour: 13}\nturns: 30\n"            \
  "sides:\n  - {id: fr, name: French}\n  - {id: al, name: Allies}\n"         \
  "units:\n"

/* A started game (seed 1) from unit lines and optional terrain lines. */
static inline gn_game *ba_game(const char *units, const char *terrain) {
  size_t len = strlen(BA_HEAD) + strlen(units) + (terrain ? strlen(terrain) : 0) + 16;
  char *text = malloc(len);
  assert_non_null(text);
  snprintf(text, len, BA_HEAD "%s%s%s", units, terrain ? "terrain:\n" : "",
           terrain ? terrain : "");
  gn_game *g = gn_game_new(NULL);
  assert_non_null(g);
  int rc = gn_game_load(g, "t.yaml", text, strlen(text));
  free(text);
  if (rc) {
    print_message("%s\n", gn_errmsg(g));
    for (int i = 0; i < gn_diag_count(g); i++) print_message("%s\n", gn_diag(g, i));
  }
  assert_int_equal(rc, GN_OK);
  rc = gn_game_start(g, 1);
  if (rc) print_message("%s\n", gn_errmsg(g));
  assert_int_equal(rc, GN_OK);
  return g;
}

/* Appends 3d6 faces (or any faces) to the script. */
static inline void ba_dice(gn_game *g, int n, ...) {
  int f[96];
  va_list ap;
  va_start(ap, n);
  for (int i = 0; i < n; i++) f[i] = va_arg(ap, int);
  va_end(ap);
  assert_int_equal(gn_dice_script(g, f, n), GN_OK);
}

static inline void ba_ok(gn_game *g, const char *order) {
  int rc = gn_order_apply(g, order);
  if (rc) print_message("'%s': %s\n", order, gn_errmsg(g));
  assert_int_equal(rc, GN_OK);
}

/* The order is refused, citing rule ref. */
static inline void ba_refused(gn_game *g, const char *order, const char *ref) {
  int rc = gn_order_apply(g, order);
  if (rc != GN_EREFUSED) print_message("'%s': rc %d %s\n", order, rc, gn_errmsg(g));
  assert_int_equal(rc, GN_EREFUSED);
  assert_non_null(gn_refusal_ref(g));
  assert_string_equal(gn_refusal_ref(g), ref);
}

static inline int ba_unit(gn_game *g, const char *id) {
  int u = gn_unit_find(g, id);
  if (u < 0) print_message("no unit %s\n", id);
  assert_true(u >= 0);
  return u;
}

static inline int ba_attr(gn_game *g, const char *id, const char *name) {
  int v = -99;
  assert_int_equal(gn_unit_attr(g, ba_unit(g, id), GN_UMPIRE, name, &v), GN_OK);
  return v;
}

static inline int ba_figures(gn_game *g, const char *id) {
  gn_unit_view v;
  assert_int_equal(gn_unit_view_get(g, ba_unit(g, id), GN_UMPIRE, &v), GN_OK);
  return v.strength;
}

static inline int ba_removed(gn_game *g, const char *id) {
  gn_unit_view v;
  assert_int_equal(gn_unit_view_get(g, ba_unit(g, id), GN_UMPIRE, &v), GN_OK);
  return v.removed;
}

static inline gn_box ba_box(gn_game *g, const char *id) {
  gn_unit_view v;
  assert_int_equal(gn_unit_view_get(g, ba_unit(g, id), GN_UMPIRE, &v), GN_OK);
  return v.box;
}

/* The index of the first event from `from` on of this kind (and ref, if not
** NULL), or -1. */
static inline int ba_event(gn_game *g, int from, const char *kind, const char *ref) {
  for (int i = from; i < gn_event_count(g); i++) {
    const gn_event *e = gn_event_get(g, i);
    if (!strcmp(e->kind, kind) && (!ref || !strcmp(e->ref, ref))) return i;
  }
  return -1;
}

/* How many events from `from` on are of this kind (and ref). */
static inline int ba_events(gn_game *g, int from, const char *kind, const char *ref) {
  int n = 0;
  for (int i = from; i < gn_event_count(g); i++) {
    const gn_event *e = gn_event_get(g, i);
    if (!strcmp(e->kind, kind) && (!ref || !strcmp(e->ref, ref))) n++;
  }
  return n;
}

/* The value of modifier `name` in event i, or -99 when absent. */
static inline int ba_mod(gn_game *g, int i, const char *name) {
  const gn_event *e = gn_event_get(g, i);
  assert_non_null(e);
  for (int k = 0; k < e->nmods; k++)
    if (!strcmp(e->mods[k].name, name)) return e->mods[k].value;
  return -99;
}

/* The rule id of modifier `name` in event i, or "" when absent. */
static inline const char *ba_mod_ref(gn_game *g, int i, const char *name) {
  const gn_event *e = gn_event_get(g, i);
  assert_non_null(e);
  for (int k = 0; k < e->nmods; k++)
    if (!strcmp(e->mods[k].name, name)) return e->mods[k].ref;
  return "";
}

#endif /* TEST_BA_H */
