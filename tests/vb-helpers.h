/*
** vb-helpers.h: helpers shared by the Volley & Bayonet tests
** (tests/test-vb-*.c): scenario builders, scripted dice, orders that must
** apply or be refused, unit accessors, event finders. Public API only; each
** test file includes it once.
**
** Distances are in inches; facing is in compass degrees (0 north = +y, 90
** east, 180 south).
*/
#ifndef VB_HELPERS_H
#define VB_HELPERS_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "grognard.h"

/* The head of the 60 x 60 in scenarios of the combat tests, up to the unit
** lines: side fr moves first, its army (fa) commander nap at (13, 20); side
** al's army (aa) commander wel at wel_at ("x, y"). more_forms and more_units
** are further formation lines of side fr (after fa) and their leaders' unit
** lines (after nap), or "". */
#define VB_COMBAT_HEAD(name, more_forms, more_units, wel_at)                      \
  "grognard: 1\nname: " name "\nruleset: vb\n"                                   \
  "table: {width: 60, height: 60}\n"                                             \
  "date: {year: 1815, month: 6, day: 18, hour: 12}\nturns: 4\n"                  \
  "sides:\n  - {id: fr}\n  - {id: al}\n"                                         \
  "formations:\n"                                                                \
  "  - {id: fa, echelon: army, side: fr, leader: nap}\n" more_forms              \
  "  - {id: aa, echelon: army, side: al, leader: wel}\n"                         \
  "units:\n"                                                                     \
  "  - {id: nap, formation: fa, type: leader_army, at: [13, 20], strength: 0}\n" \
  more_units                                                                     \
  "  - {id: wel, formation: aa, type: leader_army, at: [" wel_at "], strength: 0}\n"

/* A game of a whole scenario text (len bytes; name is the file name the
** loader is given), started with seed, its ruleset data read from data_dir
** (NULL: the built-in data). A scenario the loader rejects fails the test with
** its diagnostics. */
static inline gn_game *vb_load_data(const char *name, const char *text, size_t len, uint64_t seed,
                                    const char *data_dir) {
  gn_game *g = gn_game_new(NULL);
  assert_non_null(g);
  if (data_dir) assert_int_equal(gn_game_set_data_dir(g, data_dir), GN_OK);
  if (gn_game_load(g, name, text, len)) {
    for (int i = 0; i < gn_diag_count(g); i++) print_message("%s\n", gn_diag(g, i));
    fail_msg("load: %s", gn_errmsg(g));
  }
  if (gn_game_start(g, seed)) fail_msg("start: %s", gn_errmsg(g));
  return g;
}

/* The same with the built-in ruleset data. */
static inline gn_game *vb_load(const char *name, const char *text, size_t len, uint64_t seed) {
  return vb_load_data(name, text, len, seed, NULL);
}

/* A copy of the V&B data files (the .yaml files of data/rulesets/vb, read from the
** source tree) under a new directory dir (a mkdtemp template, rewritten),
** as dir/vb/NAME.yaml, with the text `from` of file replaced by `to` (it must
** be there). vb_data_remove deletes it. */
static inline void vb_data_copy(char *dir, const char *file, const char *from, const char *to) {
  char path[1024], cmd[1200];
  assert_non_null(mkdtemp(dir));
  snprintf(cmd, sizeof cmd, "mkdir -p %s/vb && cp data/rulesets/vb/*.yaml %s/vb/", dir, dir);
  assert_int_equal(system(cmd), 0);
  snprintf(path, sizeof path, "%s/vb/%s", dir, file);
  FILE *f = fopen(path, "rb");
  assert_non_null(f);
  static char buf[1 << 18];
  size_t n = fread(buf, 1, sizeof buf - 1, f);
  fclose(f);
  buf[n] = 0;
  char *hit = strstr(buf, from);
  if (!hit) fail_msg("%s: no '%s'", file, from);
  assert_non_null(f = fopen(path, "wb"));
  fwrite(buf, 1, (size_t)(hit - buf), f);
  fputs(to, f);
  fputs(hit + strlen(from), f);
  fclose(f);
}

static inline void vb_data_remove(const char *dir) {
  char cmd[1200];
  snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
  assert_int_equal(system(cmd), 0);
}

/* A game (seed 1) of head, unit lines and optional terrain lines. */
static inline gn_game *vb_game(const char *head, const char *units, const char *terrain) {
  char text[8192];
  int n = snprintf(text, sizeof text, "%s%s%s", head, units, terrain ? terrain : "");
  assert_true(n >= 0 && (size_t)n < sizeof text);    /* a longer scenario: make text larger */
  return vb_load("t.yaml", text, strlen(text), 1);
}

/* Appends n dice faces to the script. */
static inline void script_faces(gn_game *g, const int *f, int n) {
  assert_int_equal(gn_dice_script(g, f, n), GN_OK);
}

/* Appends the n dice faces that follow to the script. */
static inline void script(gn_game *g, int n, ...) {
  int f[64];
  va_list ap;
  va_start(ap, n);
  for (int i = 0; i < n; i++) f[i] = va_arg(ap, int);
  va_end(ap);
  script_faces(g, f, n);
}

/* Applies an order that must succeed. */
static inline void ok(gn_game *g, const char *order) {
  int rc = gn_order_apply(g, order);
  if (rc) fail_msg("'%s': %d %s", order, rc, gn_errmsg(g));
}

/* Applies an order that must be refused, giving the rule id expected. */
static inline void refused(gn_game *g, const char *order, const char *ref) {
  int rc = gn_order_apply(g, order);
  if (rc != GN_EREFUSED) fail_msg("'%s' gave %d (%s), expected a refusal", order, rc, gn_errmsg(g));
  assert_non_null(gn_refusal_ref(g));
  assert_string_equal(gn_refusal_ref(g), ref);
}

/* n orders "end". */
static inline void ends(gn_game *g, int n) {
  for (int i = 0; i < n; i++) ok(g, "end");
}

/* "end" until the phase is reached (at most 12 times). */
static inline void to_phase(gn_game *g, const char *phase) {
  for (int i = 0; i < 12 && strcmp(gn_game_phase(g), phase); i++) {
    int rc = gn_order_apply(g, "end");
    if (rc) print_message("end: %s\n", gn_errmsg(g));
    assert_int_equal(rc, GN_OK);
  }
  assert_string_equal(gn_game_phase(g), phase);
}

/* The index of a unit by id (or code); it must exist. */
static inline int unit(gn_game *g, const char *id) {
  int u = gn_unit_find(g, id);
  assert_true(u >= 0);
  return u;
}

/* What the umpire sees of a unit. */
static inline gn_unit_view view(gn_game *g, const char *id) {
  gn_unit_view v;
  assert_int_equal(gn_unit_view_get(g, unit(g, id), GN_UMPIRE, &v), GN_OK);
  return v;
}

/* A unit's attribute as the umpire sees it. */
static inline int attr(gn_game *g, const char *id, const char *name) {
  int v = -99;
  assert_int_equal(gn_unit_attr(g, unit(g, id), GN_UMPIRE, name, &v), GN_OK);
  return v;
}

/* A unit's strength points; with mark_removed, a removed stand shows as
** -strength - 100 (so <= -100). */
static inline int strength_points(gn_game *g, const char *id, int mark_removed) {
  gn_unit_view v = view(g, id);
  return mark_removed && v.removed ? -v.strength - 100 : v.strength;
}

/* A unit's centre is (x, y) within 1e-9. */
static inline void at(gn_game *g, const char *id, double x, double y) {
  gn_unit_view v = view(g, id);
  if (fabs(v.box.c.x - x) > 1e-9 || fabs(v.box.c.y - y) > 1e-9)
    print_message("%s at %.12g,%.12g, expected %.12g,%.12g\n", id, v.box.c.x, v.box.c.y, x, y);
  assert_true(fabs(v.box.c.x - x) < 1e-9 && fabs(v.box.c.y - y) < 1e-9);
}

/* The number of events of a kind citing rule id `rule` (NULL: any). */
static inline int count_events(gn_game *g, const char *kind, const char *rule) {
  int n = 0;
  for (int i = 0; i < gn_event_count(g); i++) {
    const gn_event *e = gn_event_get(g, i);
    if (!strcmp(e->kind, kind) && (!rule || !strcmp(e->ref, rule))) n++;
  }
  return n;
}

/* The last event of a kind, or NULL. */
static inline const gn_event *last(gn_game *g, const char *kind) {
  for (int i = gn_event_count(g) - 1; i >= 0; i--) {
    const gn_event *e = gn_event_get(g, i);
    if (!strcmp(e->kind, kind)) return e;
  }
  return NULL;
}

/* The index of the last event of a kind, or -1. */
static inline int last_index(gn_game *g, const char *kind) {
  for (int i = gn_event_count(g) - 1; i >= 0; i--)
    if (!strcmp(gn_event_get(g, i)->kind, kind)) return i;
  return -1;
}

/* The number of events side `viewer` may see whose text holds s. */
static inline int seen_with(gn_game *g, int viewer, const char *s) {
  int n = 0;
  for (int i = 0; i < gn_event_count(g); i++)
    if (gn_event_visible(g, i, viewer) && strstr(gn_event_get(g, i)->text, s)) n++;
  return n;
}

/* A modifier of an event (may be NULL) by rule id, or NULL. */
static inline const gn_mod *mod(const gn_event *e, const char *rule) {
  for (int i = 0; e && i < e->nmods; i++)
    if (!strcmp(e->mods[i].ref, rule)) return &e->mods[i];
  return NULL;
}

/* A modifier of an event (may be NULL) by name, or NULL. */
static inline const gn_mod *named(const gn_event *e, const char *name) {
  for (int i = 0; e && i < e->nmods; i++)
    if (!strcmp(e->mods[i].name, name)) return &e->mods[i];
  return NULL;
}

/* The depth of a stand of a type: brigades and cavalry 3 in, others 1.5 in. */
static inline double depth(const char *type) {
  return strstr(type, "brigade") || strstr(type, "cavalry") ? 3 : 1.5;
}

/* A game (seed 1) of head with fr stand "a" (asp SP) at (20,20) facing north
** and al stand "d" (dsp SP) touching its front, facing south; then the extra
** unit lines and the terrain lines (either may be NULL). */
static inline gn_game *vb_contact(const char *head, const char *atype, const char *aattrs, int asp,
                                  const char *dtype, const char *dattrs, int dsp, const char *extra,
                                  const char *terrain) {
  char u[4096];
  snprintf(u, sizeof u,
           "  - {id: a, side: fr, formation: fa, type: %s, at: [20, 20], facing: 0, strength: %d, attrs: {%s}}\n"
           "  - {id: d, side: al, formation: aa, type: %s, at: [20, %g], facing: 180, strength: %d, attrs: {%s}}\n%s",
           atype, asp, aattrs, dtype, 20 + depth(atype) / 2 + depth(dtype) / 2, dsp, dattrs, extra ? extra : "");
  return vb_game(head, u, terrain);
}

#endif
