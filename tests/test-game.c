/*
** test-game.c: the root object: life cycle, allocator hook, orders that
** apply whole or not at all, clones, state hashes, determinism.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "grognard.h"

static const char SCN[] =
  "grognard: 1\n"
  "name: core test\n"
  "ruleset: vb\n"
  "table: {width: 48, height: 36}\n"
  "date: {year: 1815, month: 6, day: 18, hour: 13}\n"
  "turns: 4\n"
  "sides:\n"
  "  - {id: french, name: French}\n"
  "  - {id: prussians, name: Prussians}\n"
  "formations:\n"
  "  - {id: vi, name: VI Corps, echelon: corps, side: french, leader: lobau}\n"
  "  - {id: iv, name: IV Corps, echelon: corps, side: prussians, leader: bulow}\n"
  "units:\n"
  "  - {id: lobau, code: L, side: french, formation: vi, type: leader_corps, at: [10, 10], facing: 0, strength: 0}\n"
  "  - {id: f1, code: F1, side: french, formation: vi, type: infantry_brigade, at: [12, 12], facing: 0, strength: 5, attrs: {morale: 4}}\n"
  "  - {id: bulow, code: B, side: prussians, formation: iv, type: leader_corps, at: [30, 30], facing: 180, strength: 0}\n"
  "  - {id: p1, code: P1, side: prussians, formation: iv, type: infantry_brigade, at: [30, 26], facing: 180, strength: 4, attrs: {morale: 4}}\n";

static gn_game *game(const gn_allocator *a, uint64_t seed) {
  gn_game *g = gn_game_new(a);
  if (!g) return NULL;
  int rc = gn_game_load(g, "core.yaml", SCN, sizeof SCN - 1);
  if (rc == 0) rc = gn_game_start(g, seed);
  if (rc) {
    if (a == NULL) fail_msg("load: %s", gn_errmsg(g));
    gn_game_free(g);
    return NULL;
  }
  return g;
}

static void refused_order_changes_nothing(void **state) {
  (void)state;
  gn_game *g = game(NULL, 1);
  uint64_t h = gn_game_hash(g);
  int nev = gn_event_count(g), nord = gn_game_order_count(g);
  assert_int_equal(gn_order_apply(g, "frobnicate F1"), GN_ESYNTAX);
  assert_non_null(strstr(gn_errmsg(g), "column 1: unknown order 'frobnicate'"));
  assert_int_equal(gn_order_apply(g, "move F9 to 1,1"), GN_ESYNTAX);
  assert_non_null(strstr(gn_errmsg(g), "column 6: no unit 'F9'"));
  assert_int_equal(gn_order_apply(g, "move F1 to 1,x"), GN_ESYNTAX);
  /* a Prussian brigade cannot move in the French movement phase */
  int rc = gn_order_apply(g, "move P1 to 30,20");
  assert_true(rc == GN_EREFUSED || rc == GN_ESTATE);
  assert_true(gn_game_hash(g) == h);
  assert_int_equal(gn_event_count(g), nev);
  assert_int_equal(gn_game_order_count(g), nord);
  gn_game_free(g);
}

static void check_is_pure(void **state) {
  (void)state;
  gn_game *g = game(NULL, 1);
  uint64_t h = gn_game_hash(g);
  assert_int_equal(gn_order_check(g, "end"), 0);
  assert_true(gn_game_hash(g) == h);
  assert_int_equal(gn_game_order_count(g), 0);
  assert_int_equal(gn_order_apply(g, "end"), 0);
  assert_int_equal(gn_game_order_count(g), 1);
  assert_string_equal(gn_game_order_text(g, 0), "end");
  gn_game_free(g);
}

/* Plays a fixed sequence of orders; returns the event log as one JSON text. */
static char *play(uint64_t seed, uint64_t *hash) {
  gn_game *g = game(NULL, seed);
  const char *orders[] = { "end", "move F1 to 14,16", "end", "end", "end", "end", "end", "end",
                           "end", "end", "end", "end", "end", "end" };
  for (size_t i = 0; i < sizeof orders / sizeof *orders; i++) {
    if (gn_game_over(g)) break;
    int rc = gn_order_apply(g, orders[i]);
    if (rc && rc != GN_EREFUSED) fail_msg("order '%s': %s", orders[i], gn_errmsg(g));
  }
  size_t len = 1;
  char *log = calloc(1, 1);
  for (int i = 0; i < gn_event_count(g); i++) {
    char *j = gn_event_json(g, i);
    assert_non_null(j);
    log = realloc(log, len + strlen(j) + 1);
    strcat(log, j);
    strcat(log, "\n");
    len += strlen(j) + 1;
    gn_string_free(j);
  }
  *hash = gn_game_hash(g);
  gn_game_free(g);
  return log;
}

static void same_inputs_same_bytes(void **state) {
  (void)state;
  uint64_t h1, h2;
  char *a = play(42, &h1), *b = play(42, &h2);
  assert_string_equal(a, b);
  assert_true(h1 == h2);
  free(a); free(b);
}

static void clone_is_equal_and_independent(void **state) {
  (void)state;
  gn_game *g = game(NULL, 9);
  assert_int_equal(gn_order_apply(g, "end"), 0);
  gn_game *c = gn_game_clone(g);
  assert_non_null(c);
  assert_true(gn_game_hash(c) == gn_game_hash(g));
  assert_int_equal(gn_event_count(c), gn_event_count(g));
  assert_int_equal(gn_order_apply(c, "move F1 to 14,16"), 0);
  assert_true(gn_game_hash(c) != gn_game_hash(g));
  assert_int_equal(gn_order_apply(g, "move F1 to 14,16"), 0);
  assert_true(gn_game_hash(c) == gn_game_hash(g));
  gn_game_free(g);
  /* the clone outlives its source: the scenario is shared by reference */
  gn_unit_view v;
  assert_int_equal(gn_unit_view_get(c, gn_unit_find(c, "F1"), GN_UMPIRE, &v), 0);
  assert_string_equal(v.id, "f1");
  gn_game_free(c);
}

/* Sight between every two units of a and of b is the same. */
static int same_sight(const gn_game *a, const gn_game *b) {
  for (int i = 0; i < gn_unit_count(a); i++)
    for (int j = 0; j < gn_unit_count(a); j++) {
      gn_los x = gn_unit_los(a, i, j), y = gn_unit_los(b, i, j);
      if (x.visible != y.visible || x.box != y.box || x.feature != y.feature || x.fraction != y.fraction)
        return 0;
    }
  return 1;
}

/* A clone has its own grid (copied at the clone, or built when first asked):
** a stand moved in one game is where it was in the other. */
static void clone_grid_is_its_own(void **state) {
  (void)state;
  for (int when = 0; when < 2; when++) {
    gn_game *g = game(NULL, 9), *still = game(NULL, 9), *moved = game(NULL, 9);
    const char *orders[] = { "end", "end", "end", "end", "end", "end", "end", "end" };
    int n = when ? 8 : 1;
    for (int i = 0; i < n; i++) {
      assert_int_equal(gn_order_apply(g, orders[i]), 0);
      assert_int_equal(gn_order_apply(still, orders[i]), 0);
      assert_int_equal(gn_order_apply(moved, orders[i]), 0);
    }
    if (when) (void)gn_unit_los(g, 0, 3);   /* the grid in use before the clone */
    gn_game *c = gn_game_clone(g);
    assert_non_null(c);
    const char *move = "move F1 to 15,14";
    int rc = gn_order_apply(g, move);
    assert_int_equal(gn_order_apply(moved, move), rc);
    assert_true(same_sight(c, still));
    assert_true(same_sight(g, moved));
    gn_game_free(g);
    gn_game_free(still);
    gn_game_free(moved);
    gn_game_free(c);
  }
}

/* Every event of g, its text, dice and modifiers, in one string (malloc). */
static char *events_text(const gn_game *g, int *withmods) {
  size_t cap = 4096, n = 0;
  char *s = malloc(cap);
  s[0] = 0;
  *withmods = 0;
  for (int i = gn_event_first(g); i < gn_event_count(g); i++) {
    const gn_event *e = gn_event_get(g, i);
    if (cap - n < 8192) s = realloc(s, cap *= 2);
    n += (size_t)sprintf(s + n, "%s|%s|%d:", e->text, e->spec, e->ndice);
    for (int d = 0; d < e->ndice; d++) n += (size_t)sprintf(s + n, "%d,", e->dice[d]);
    for (int m = 0; m < e->nmods; m++)
      n += (size_t)sprintf(s + n, "%s%+d%s;", e->mods[m].name, e->mods[m].value, e->mods[m].ref);
    *withmods += (e->nmods > 0) + (e->ndice > 0) * 1000;
  }
  return s;
}

/* A clone's events (texts, dice and modifiers in its own arena) stay as they
** were when the source goes on (refused orders rolled back, the arena used
** again) and when it is freed. */
static void clone_events_outlive_source(void **state) {
  (void)state;
  gn_game *g = gn_game_new(NULL);
  assert_int_equal(gn_game_load_file(g, "scenarios/inradic-skirmish.yaml"), 0);
  assert_int_equal(gn_game_start(g, 42), 0);
  FILE *f = fopen("tests/golden/inradic-skirmish.orders", "r");
  assert_non_null(f);
  char line[512];
  gn_game *c = NULL;
  char *want = NULL;
  int withmods = 0, n = 0;
  while (fgets(line, sizeof line, f)) {
    line[strcspn(line, "\r\n")] = 0;
    if (!line[0] || line[0] == '#') continue;
    gn_order_apply(g, line);
    gn_order_apply(g, "frobnicate");            /* refused: nothing kept */
    if (++n == 15) {
      c = gn_game_clone(g);
      assert_non_null(c);
      want = events_text(g, &withmods);
    }
  }
  fclose(f);
  assert_non_null(c);
  gn_game_free(g);
  char *got = events_text(c, &withmods);
  assert_string_equal(want, got);
  assert_true(withmods > 1000 && withmods % 1000 > 0);   /* events with dice, with modifiers */
  free(want); free(got);
  gn_game_free(c);
}

/* A number of an order as the test generates it: mostly plain decimals
** near 13 or below 1 (up to 31 decimals: 17 and more significant digits,
** leading zeros, a sign, a point first or last), some with an exponent or
** in hexadecimal (those strtod reads). */
static void decimal(uint64_t *r, char *out) {
  static const char *ints[] = { "13", "12", "14", "013", "+13", "00000000000000000000013", "", "1" };
  static const char *other[] = { "1.3e1", "130e-1", "0x1.Ap3", "0XD", "13.25E0", "1.35e+1", "13.e0" };
  *r = *r * 6364136223846793005u + 1442695040888963407u;
  unsigned v = (unsigned)(*r >> 33);
  if (v % 16 == 0) { strcpy(out, other[(v / 16) % 7]); return; }
  char *o = out + sprintf(out, "%s", ints[(v / 16) % 8]);
  if (!strcmp(out, "1")) *o++ = '3';
  if ((v / 128) % 8 || o == out) {
    *o++ = '.';
    int nd = (int)((v / 1024) % 32);
    for (int i = 0; i < nd; i++) {
      *r = *r * 6364136223846793005u + 1442695040888963407u;
      *o++ = (char)('0' + (*r >> 40) % 10);
    }
  }
  *o = 0;
}

/* Orders read their numbers as strtod would (order.c reads plain decimals
** itself): a move to X,Y puts the stand at exactly strtod's X and Y, on a
** few thousand generated numbers. */
static void order_numbers_as_strtod(void **state) {
  (void)state;
  gn_game *g = game(NULL, 9);
  assert_int_equal(gn_order_apply(g, "end"), 0);   /* the French movement */
  int f1 = gn_unit_find(g, "F1"), moved = 0;
  uint64_t r = 12345;
  for (int i = 0; i < 3000; i++) {
    char x[64], y[64], order[160];
    decimal(&r, x);
    decimal(&r, y);
    snprintf(order, sizeof order, "move F1 to %s,%s", x, y);
    gn_game *c = gn_game_clone(g);
    assert_non_null(c);
    int rc = gn_order_apply(c, order);
    if (rc == 0) {
      gn_unit_view v;
      assert_int_equal(gn_unit_view_get(c, f1, GN_UMPIRE, &v), 0);
      double wx = strtod(x, NULL), wy = strtod(y, NULL);
      if (memcmp(&v.box.c.x, &wx, sizeof wx) || memcmp(&v.box.c.y, &wy, sizeof wy))
        fail_msg("'%s': at %.17g,%.17g, strtod reads %.17g,%.17g", order, v.box.c.x, v.box.c.y, wx, wy);
      moved++;
    }
    gn_game_free(c);
  }
  assert_true(moved > 2500);
  gn_game_free(g);
}

/* A point typed with blanks beside its comma ("14, 15", "14 ,15", "14 , 15")
** is the point "14,15": the same state, byte for byte; a refusal's column
** is where the word starts in the text as typed. */
static void order_point_with_blanks(void **state) {
  (void)state;
  static const char *const typed[] = { "move F1 to 14, 15", "move F1 to 14 ,15", "move  F1  to 14 ,  15 ",
                                       "move F1 to 14,\t15" };
  gn_game *g = game(NULL, 9);
  assert_int_equal(gn_order_apply(g, "end"), 0);
  gn_game *want = gn_game_clone(g);
  assert_non_null(want);
  assert_int_equal(gn_order_apply(want, "move F1 to 14,15"), 0);
  for (size_t i = 0; i < sizeof typed / sizeof typed[0]; i++) {
    gn_game *c = gn_game_clone(g);
    assert_non_null(c);
    if (gn_order_apply(c, typed[i]) != 0) fail_msg("'%s' refused: %s", typed[i], gn_errmsg(c));
    assert_true(gn_game_hash(c) == gn_game_hash(want));
    gn_game_free(c);
  }
  /* a comma at the end is no point: the word after it is joined, then refused */
  assert_int_equal(gn_order_apply(g, "move F1 to 14, north"), GN_ESYNTAX);
  assert_non_null(strstr(gn_errmsg(g), "column 12"));
  gn_game_free(want);
  gn_game_free(g);
}

/* An allocator that counts bytes and can fail the n-th allocation. */
typedef struct counting { long live, calls, fail_at; } counting;

static void *count_realloc(void *ud, void *p, size_t osize, size_t nsize) {
  counting *c = ud;
  if (nsize == 0) { if (p) c->live -= (long)osize; free(p); return NULL; }
  if (++c->calls == c->fail_at) return NULL;
  void *q = realloc(p, nsize);
  if (q) c->live += (long)nsize - (long)(p ? osize : 0);
  return q;
}

static void allocator_hook_balances(void **state) {
  (void)state;
  counting c = { 0, 0, -1 };
  gn_allocator a = { count_realloc, &c };
  gn_game *g = game(&a, 5);
  assert_non_null(g);
  assert_int_equal(gn_order_apply(g, "end"), 0);
  gn_game *k = gn_game_clone(g);
  gn_game_free(g);
  gn_game_free(k);
  assert_int_equal(c.live, 0);   /* every byte the hook gave was given back, sized right */
  assert_true(c.calls > 10);
}

/* The events from..count-1 of g as one string (malloc): kind, units, text. */
static char *events_from(const gn_game *g, int from) {
  size_t cap = 4096, n = 0;
  char *s = malloc(cap);
  s[0] = 0;
  for (int i = from; i < gn_event_count(g); i++) {
    const gn_event *e = gn_event_get(g, i);
    if (cap - n < 8192) s = realloc(s, cap *= 2);
    n += (size_t)sprintf(s + n, "%s|", e->kind);
    for (int k = 0; k < e->nunits; k++) n += (size_t)sprintf(s + n, "%d,", e->units[k]);
    n += (size_t)sprintf(s + n, "|%s\n", e->text);
  }
  return s;
}

/* Fails each allocation in turn while g (left as it was) applies `order`;
** the order either fails whole with GN_ENOMEM (the state hash and the events
** as before it) or applies as it does with memory enough (the same hash, the
** same events). Never a crash or a leak. Returns how many failed. */
static int order_out_of_memory(counting *c, const gn_game *g, const char *order) {
  gn_game *ref = gn_game_clone(g);
  assert_non_null(ref);
  uint64_t h0 = gn_game_hash(ref);
  int e0 = gn_event_count(ref);
  long c0 = c->calls;
  assert_int_equal(gn_order_apply(ref, order), 0);
  long n = c->calls - c0;
  uint64_t h1 = gn_game_hash(ref);
  int e1 = gn_event_count(ref);
  char *want = events_from(ref, e0);
  gn_game_free(ref);
  int failed = 0;
  for (long k = 1; k <= n; k++) {
    long live0 = c->live;
    gn_game *t = gn_game_clone(g);
    assert_non_null(t);
    c->fail_at = c->calls + k;
    int rc = gn_order_apply(t, order);
    c->fail_at = -1;
    if (rc) {
      if (rc != GN_ENOMEM) fail_msg("'%s', allocation %ld of %ld failed: %s", order, k, n, gn_errmsg(t));
      if (gn_game_hash(t) != h0 || gn_event_count(t) != e0)
        fail_msg("'%s', allocation %ld of %ld failed: refused but the game changed", order, k, n);
      failed++;
    } else {
      char *got = events_from(t, e0);
      if (gn_game_hash(t) != h1 || gn_event_count(t) != e1 || strcmp(got, want))
        fail_msg("'%s', allocation %ld of %ld failed: accepted, but not as with memory enough "
                 "(%d events, %d wanted)", order, k, n, gn_event_count(t) - e0, e1 - e0);
      free(got);
    }
    gn_game_free(t);
    if (c->live != live0) fail_msg("'%s', allocation %ld of %ld failed: %ld bytes not given back", order, k, n, c->live - live0);
  }
  free(want);
  return failed;
}

static void out_of_memory_everywhere(void **state) {
  (void)state;
  counting probe = { 0, 0, -1 };
  gn_allocator pa = { count_realloc, &probe };
  gn_game *g = game(&pa, 5);
  gn_order_apply(g, "end");
  gn_game_free(g);
  long total = probe.calls;
  for (long k = 1; k <= total; k++) {   /* fail each allocation in turn: never a crash or a leak */
    counting c = { 0, 0, k };
    gn_allocator a = { count_realloc, &c };
    g = game(&a, 5);
    if (g) {
      uint64_t h0 = gn_game_hash(g);
      int e0 = gn_event_count(g);
      int rc = gn_order_apply(g, "end");
      assert_true(rc == 0 || rc == GN_ENOMEM);
      if (rc) {   /* failed whole: nothing of it is left */
        assert_true(gn_game_hash(g) == h0);
        assert_int_equal(gn_event_count(g), e0);
        assert_int_equal(gn_game_order_count(g), 0);
      }
      gn_game_free(g);
    }
    assert_int_equal(c.live, 0);
  }
}

/* The golden games (tests/golden), every order with each of its allocations
** failed in turn, as order_out_of_memory says. An event that cannot be
** recorded fails its order: no order commits without its events. */
static void golden_orders_out_of_memory(void **state) {
  (void)state;
  static const char *const names[] = { "vb-plancenoit", "ba-hougoumont", "inradic-skirmish" };
  for (int i = 0; i < 3; i++) {
    char path[128], scen[128], line[512];
    snprintf(path, sizeof path, "tests/golden/%s.orders", names[i]);
    snprintf(scen, sizeof scen, "scenarios/%s.yaml", names[i]);
    FILE *f = fopen(path, "r");
    if (!f) fail_msg("%s is missing (run from the repository root)", path);
    unsigned long long seed = 0;
    if (!fgets(line, sizeof line, f) || sscanf(line, "# seed %llu", &seed) != 1) fail_msg("%s: no seed", path);
    counting c = { 0, 0, -1 };
    gn_allocator a = { count_realloc, &c };
    gn_game *g = gn_game_new(&a);
    assert_non_null(g);
    if (gn_game_load_file(g, scen) || gn_game_start(g, seed)) fail_msg("%s: %s", scen, gn_errmsg(g));
    int orders = 0, failed = 0;
    while (fgets(line, sizeof line, f)) {
      line[strcspn(line, "\r\n")] = 0;
      if (!line[0] || line[0] == '#') continue;
      failed += order_out_of_memory(&c, g, line);
      if (gn_order_apply(g, line)) fail_msg("%s: '%s': %s", path, line, gn_errmsg(g));
      orders++;
    }
    fclose(f);
    gn_game_free(g);
    assert_int_equal(c.live, 0);
    print_message("%s: %d orders, %d failed for want of memory\n", names[i], orders, failed);
    assert_true(failed > 0);
  }
}

/* A start that runs out of memory leaves the game unstarted and usable: the
** same start tried again gives the game a start without a failure gives
** (V&B's data tables were kept half read and never read again). */
static void start_out_of_memory_then_again(void **state) {
  (void)state;
  gn_game *r = game(NULL, 5);
  uint64_t want = gn_game_hash(r);
  int nev = gn_event_count(r);
  gn_game_free(r);
  int failed = 0;
  for (long k = 1;; k++) {
    counting c = { 0, 0, -1 };
    gn_allocator a = { count_realloc, &c };
    gn_game *g = gn_game_new(&a);
    assert_non_null(g);
    assert_int_equal(gn_game_load(g, "core.yaml", SCN, sizeof SCN - 1), 0);
    c.fail_at = c.calls + k;
    int rc = gn_game_start(g, 5);
    int hit = c.calls >= c.fail_at;
    c.fail_at = -1;
    if (rc) {
      assert_int_equal(rc, GN_ENOMEM);
      failed++;
      assert_int_equal(gn_game_start(g, 5), 0);
    }
    assert_true(gn_game_hash(g) == want);   /* (a grid that failed is built when next asked) */
    assert_int_equal(gn_event_count(g), nev);
    gn_game_free(g);
    assert_int_equal(c.live, 0);
    if (!hit) break;
  }
  assert_true(failed >= 3);   /* V&B's data, its leaders, its combat tables */
}

/* The core scenario with, first in its terrain, `woods` small woods far off
** (past 1024 features, a move's list of the features it met no longer fits
** its buffer), then `roads` roads across F1's way north (y = 12.5 + k / 20)
** and a stream at y = 19.5, the crossing after the roads. */
static gn_game *crossings_game(const gn_allocator *a, int woods, int roads) {
  size_t cap = sizeof SCN + 256 + (size_t)(woods + roads) * 112, o = sizeof SCN - 1;
  char *t = malloc(cap);
  assert_non_null(t);
  memcpy(t, SCN, o);
  o += (size_t)snprintf(t + o, cap - o, "terrain:\n");
  for (int i = 0; i < woods; i++) {
    double x = 36 + (i % 100) * 0.11, y = 1 + (i / 100) * 0.11;
    o += (size_t)snprintf(t + o, cap - o, "  - {id: w%d, kind: woods, area: [[%g, %g], [%g, %g], [%g, %g]]}\n",
                          i, x, y, x + 0.05, y, x, y + 0.05);
  }
  for (int i = 0; i < roads; i++)
    o += (size_t)snprintf(t + o, cap - o, "  - {id: r%d, kind: road, line: [[2, %g], [22, %g]]}\n", i,
                          12.5 + i / 20.0, 12.5 + i / 20.0);
  o += (size_t)snprintf(t + o, cap - o, "  - {id: brook, kind: stream, line: [[2, 19.5], [22, 19.5]]}\n");
  gn_game *g = gn_game_new(a);
  if (!g) { free(t); return NULL; }
  int rc = gn_game_load(g, "crossings.yaml", t, o);
  free(t);
  if (!rc) rc = gn_game_start(g, 3);
  if (!rc) rc = gn_order_apply(g, "end");          /* to the French movement phase */
  if (rc) {
    if (!a) fail_msg("crossings: %s", gn_errmsg(g));
    gn_game_free(g);
    return NULL;
  }
  return g;
}

/* ref. VB-B4: a move pays for every stream it fords, however many other
** lines it crosses first: F1 (16 in) going 8.5 in north over 129 roads and
** then the stream (half a move) is refused as it is over the stream alone,
** and 7.9 in is allowed in both. */
static void move_counts_every_crossing(void **state) {
  (void)state;
  static const int roads[] = {0, 127, 128, 129, 300};
  for (size_t i = 0; i < sizeof roads / sizeof roads[0]; i++) {
    gn_game *g = crossings_game(NULL, 0, roads[i]);
    assert_int_equal(gn_order_apply(g, "move F1 to 12,20.5"), GN_EREFUSED);
    assert_int_equal(gn_order_apply(g, "move F1 to 12,19.9"), GN_OK);
    gn_game_free(g);
  }
  gn_game *g = crossings_game(NULL, 1100, 129);
  assert_int_equal(gn_order_apply(g, "move F1 to 12,20.5"), GN_EREFUSED);
  assert_int_equal(gn_order_apply(g, "move F1 to 12,19.9"), GN_OK);
  gn_game_free(g);
}

/* A move whose lists (features met, crossings) outgrow their buffers takes
** them from the game's allocator: each allocation of the order failed in
** turn fails the order whole (GN_ENOMEM; state, events and orders as they
** were) and the same order then applies as it does without a failure. */
static void lists_out_of_memory_fail_whole(void **state) {
  (void)state;
  gn_game *r = crossings_game(NULL, 1100, 129);
  uint64_t before = gn_game_hash(r);
  int nev0 = gn_event_count(r);
  assert_int_equal(gn_order_apply(r, "move F1 to 12,19.9"), GN_OK);
  uint64_t after = gn_game_hash(r);
  int nev1 = gn_event_count(r);
  gn_game_free(r);
  int failed = 0;
  for (long k = 1;; k++) {
    counting c = { 0, 0, -1 };
    gn_allocator a = { count_realloc, &c };
    gn_game *g = crossings_game(&a, 1100, 129);
    assert_non_null(g);
    assert_true(gn_game_hash(g) == before);
    c.fail_at = c.calls + k;
    int rc = gn_order_apply(g, "move F1 to 12,19.9");
    int hit = c.calls >= c.fail_at;
    c.fail_at = -1;
    if (rc) {
      assert_int_equal(rc, GN_ENOMEM);
      assert_true(gn_game_hash(g) == before);
      assert_int_equal(gn_event_count(g), nev0);
      assert_int_equal(gn_game_order_count(g), 1);
      failed++;
      assert_int_equal(gn_order_apply(g, "move F1 to 12,19.9"), GN_OK);
    }
    assert_true(gn_game_hash(g) == after);
    assert_int_equal(gn_event_count(g), nev1);
    assert_int_equal(gn_game_order_count(g), 2);
    gn_game_free(g);
    assert_int_equal(c.live, 0);
    if (!hit) break;
  }
  assert_true(failed >= 2);   /* the features met and the crossings, at least */
}

static void load_twice_refused(void **state) {
  (void)state;
  gn_game *g = game(NULL, 1);
  assert_int_equal(gn_game_load(g, "x", SCN, sizeof SCN - 1), GN_ESTATE);
  assert_int_equal(gn_game_start(g, 2), GN_ESTATE);
  gn_game_free(g);
  gn_game *e = gn_game_new(NULL);
  assert_int_equal(gn_order_apply(e, "end"), GN_ESTATE);
  assert_int_equal(gn_game_start(e, 1), GN_ESTATE);
  gn_game_free(e);
  gn_game_free(NULL);
}

/* Units are found by code first, then by id, case-folded, on a large field
** (gn_unit_find searches sorted indexes). */
static void find_units_by_code_and_id(void **state) {
  (void)state;
  gn_game *g = game(NULL, 1);
  assert_int_equal(gn_unit_find(g, "f1"), gn_unit_find(g, "F1"));
  assert_int_equal(gn_unit_find(g, "lobau"), gn_unit_find(g, "L"));
  assert_int_equal(gn_unit_find(g, "LOBAU"), 0);
  assert_int_equal(gn_unit_find(g, "nobody"), GN_ENOTFOUND);
  assert_int_equal(gn_unit_find(g, ""), GN_ENOTFOUND);
  gn_game_free(g);
  /* 3,000 units: every code and every id is found */
  size_t cap = 3000 * 120 + 1024, k = 0;
  char *t = malloc(cap);
  k += (size_t)snprintf(t + k, cap - k, "grognard: 1\nname: many\nruleset: vb\ntable: {width: 400, height: 400}\n"
                        "date: {year: 1815, month: 6, day: 18, hour: 9}\nturns: 2\n"
                        "sides:\n  - {id: a, name: A}\n  - {id: b, name: B}\nunits:\n");
  for (int i = 0; i < 3000; i++)
    k += (size_t)snprintf(t + k, cap - k, "  - {id: u%d, code: C%d, side: %s, type: infantry_brigade, at: [%d, %d], strength: 4}\n",
                          i, (i * 7919) % 3000, i % 2 ? "b" : "a", 2 + (i % 99) * 4, 2 + (i / 99) * 4 + (i % 2) * 200);
  g = gn_game_new(NULL);
  if (gn_game_load(g, "many.yaml", t, k)) fail_msg("%s", gn_errmsg(g));
  for (int i = 0; i < 3000; i++) {
    char id[16], code[16];
    snprintf(id, sizeof id, "U%d", i);
    snprintf(code, sizeof code, "c%d", (i * 7919) % 3000);
    assert_int_equal(gn_unit_find(g, id), i);
    assert_int_equal(gn_unit_find(g, code), i);
  }
  gn_game_free(g);
  free(t);
}

/* Table dice that give out after a number of chance points: dice show 1,
** cards are offered 0, 1, 2... until one is still in the deck. */
typedef struct giveout { int left, card; } giveout;

static int give_out(void *ud, const gn_chance *c, const char *refusal, int *faces) {
  giveout *t = ud;
  if (!refusal) {                          /* a new chance point */
    if (t->left-- == 0) return -1;
    t->card = 0;
  }
  if (c->kind == GN_CHANCE_CARD) { faces[0] = t->card++; return 0; }
  for (int i = 0; i < c->dice.ndice; i++) faces[i] = 1;
  return 0;
}

/* Whole or not at all, where it is hardest: a fire whose dice give out after
** it has already taken figures off (the morale test comes after the
** casualties) must leave no trace, wherever it stops; with enough dice it
** applies. The save point journals each unit at its first write. */
static void rollback_at_every_chance_point(void **state) {
  (void)state;
  gn_game *g = gn_game_new(NULL);
  if (gn_game_load_file(g, "scenarios/inradic-skirmish.yaml") || gn_game_start(g, 42)) fail_msg("%s", gn_errmsg(g));
  uint64_t h = gn_game_hash(g);
  int nev = gn_event_count(g), applied = -1, lost = 0;
  for (int k = 0; k <= 64 && applied < 0; k++) {
    gn_game *c = gn_game_clone(g);
    giveout t = { k, 0 };
    assert_non_null(c);
    assert_int_equal(gn_dice_use_table(c, give_out, &t), 0);
    int rc = gn_order_apply(c, "fire GUN at FU");
    if (rc == 0) {
      applied = k;
      gn_unit_view v;
      gn_unit_view_get(c, gn_unit_find(c, "FU"), GN_UMPIRE, &v);
      lost = v.strength0 - v.strength;
    } else {
      assert_int_equal(rc, GN_EABORTED);
      assert_true(gn_game_hash(c) == h);
      assert_int_equal(gn_event_count(c), nev);
      assert_int_equal(gn_game_order_count(c), 0);
    }
    gn_game_free(c);
  }
  /* the fire took a figure, and its last chance point (the morale test) came
  ** after: the run that stopped there had written, and left no trace */
  assert_true(applied > 1);
  assert_true(lost >= 1);
  gn_game_free(g);
}

static void some_orders_after_the_end(void **state) {
  (void)state;
  gn_game *g = gn_game_new(NULL);
  if (gn_game_load_file(g, "scenarios/vb-teach-fire.yaml") || gn_game_start(g, 4)) fail_msg("%s", gn_errmsg(g));
  for (int i = 0; i < 400 && !gn_game_over(g); i++)
    if (gn_order_apply(g, "end")) fail_msg("end: %s", gn_errmsg(g));
  assert_int_equal(gn_game_over(g), 1);
  assert_int_equal(gn_order_apply(g, "end"), GN_ESTATE);           /* play has stopped */
  assert_non_null(strstr(gn_errmsg(g), "the game is over"));
  assert_int_equal(gn_order_apply(g, "campaign held"), 0);          /* the campaign goes on (VB-68) */
  gn_game_free(g);
}

/* An enemy reads through gn_unit_attr no more than the view shows: V&B
** hides the enemy's strength points (and its morale, a hidden attribute). */
static void attr_follows_the_view(void **state) {
  (void)state;
  gn_game *g = game(NULL, 1);
  int p1 = gn_unit_find(g, "P1"), v = -1;
  gn_unit_view uv;
  assert_int_equal(gn_unit_view_get(g, p1, 0, &uv), 0);
  assert_int_equal(uv.strength, -1);                                   /* the view hides it */
  assert_int_equal(gn_unit_attr(g, p1, 0, "strength", &v), GN_ESTATE); /* so does the attribute */
  assert_int_equal(gn_unit_attr(g, p1, 0, "morale", &v), GN_ESTATE);
  assert_int_equal(gn_unit_attr(g, p1, 1, "strength", &v), 0);
  assert_int_equal(v, 4);
  assert_int_equal(gn_unit_attr(g, p1, GN_UMPIRE, "strength", &v), 0);
  assert_int_equal(gn_unit_attr(g, p1, 0, "disorder", &v), 0);         /* not hidden */
  assert_int_equal(gn_unit_attr(g, p1, 0, "no_such_thing", &v), GN_ENOTFOUND);
  gn_game_free(g);
}

/* A V&B game of n units far from the sight line (20,20)-(20,60), except
** units 0 and 1 at its ends, unit 1100 in its middle and, when crowd is set,
** units 500..899 stacked on it at y = 30..49. */
static gn_game *sight_line(int n, int crowd) {
  size_t cap = (size_t)n * 128 + 1024, k = 0;
  char *t = malloc(cap);
  k += (size_t)snprintf(t + k, cap - k,
                        "grognard: 1\nname: many\nruleset: vb\ntable: {width: 480, height: 480}\n"
                        "date: {year: 1815, month: 6, day: 18, hour: 13}\nturns: 4\n"
                        "sides:\n  - {id: a, name: A}\n  - {id: b, name: B}\nunits:\n");
  for (int i = 0; i < n; i++) {
    double x = 10 + (i % 100) * 4, y = 400 + (i / 100) * 6;   /* far from the sight line */
    if (i == 0) { x = 20; y = 20; }
    if (i == 1) { x = 20; y = 60; }
    if (i == 1100) { x = 20; y = 40; }                          /* in between */
    if (crowd && i >= 500 && i < 900) { x = 20; y = 30 + i % 20; }
    k += (size_t)snprintf(t + k, cap - k, "  - {id: u%d, side: %s, type: infantry_brigade, at: [%g, %g], "
                          "strength: 4}\n", i, i % 2 ? "b" : "a", x, y);
  }
  gn_game *g = gn_game_new(NULL);
  if (gn_game_load(g, "many.yaml", t, k) || gn_game_start(g, 1)) fail_msg("%s", gn_errmsg(g));
  free(t);
  return g;
}

/* Line of sight counts every stand on the table, not only the first
** thousand: the only stand between the two is unit 1100. With 400 stands
** on the line (more than the grid's answer holds) the nearest, first by
** index, blocks: unit 500, entered at y = 28.5. */
static void los_sees_every_stand(void **state) {
  (void)state;
  gn_game *g = sight_line(1102, 0);
  gn_los r = gn_unit_los(g, 0, 1);
  assert_int_equal(r.visible, 0);
  assert_int_equal(r.box, 1100);
  assert_true(r.fraction > 0.3 && r.fraction < 0.7);
  r = gn_unit_los(g, 0, 1100);                                  /* the blocker itself is the target */
  assert_int_equal(r.visible, 1);
  gn_game_free(g);
  g = sight_line(1102, 1);
  r = gn_unit_los(g, 0, 1);
  assert_int_equal(r.visible, 0);
  assert_int_equal(r.box, 500);
  assert_true(r.fraction > 8.5 / 40 - 1e-12 && r.fraction < 8.5 / 40 + 1e-12);
  gn_game_free(g);
}

/* A small generator for test positions. */
static int rnd(unsigned long long *x, int n) {
  *x = *x * 6364136223846793005ull + 1442695040888963407ull;
  return (int)((*x >> 33) % (unsigned long long)n);
}

/* gn_unit_los (through the grid, or block by block) gives what one
** gn_los_trace over every stand and the terrain gives, on a crowded table. */
static void los_matches_brute_force(void **state) {
  (void)state;
  enum { N = 1500 };
  size_t cap = (size_t)N * 128 + 2048, k = 0;
  char *t = malloc(cap);
  unsigned long long x = 12345;
#define RND(n) rnd(&x, n)
  k += (size_t)snprintf(t + k, cap - k,
                        "grognard: 1\nname: crowd\nruleset: vb\ntable: {width: 1000, height: 1000}\n"
                        "date: {year: 1815, month: 6, day: 18, hour: 13}\nturns: 4\n"
                        "sides:\n  - {id: a, name: A}\n  - {id: b, name: B}\n"
                        "terrain:\n  - {id: w1, kind: woods, area: [[300, 300], [700, 300], [700, 700], [300, 700]]}\n"
                        "units:\n");
  for (int i = 0; i < N; i++)
  {
    int px = RND(1000), py = RND(1000), pf = RND(360);
    k += (size_t)snprintf(t + k, cap - k, "  - {id: u%d, side: %s, type: infantry_brigade, at: [%d, %d], "
                          "facing: %d, strength: 4}\n", i, i % 2 ? "b" : "a", px, py, pf);
  }
  gn_game *g = gn_game_new(NULL);
  if (gn_game_load(g, "crowd.yaml", t, k) || gn_game_start(g, 1)) fail_msg("%s", gn_errmsg(g));
  gn_box *boxes = malloc(N * sizeof *boxes);
  for (int i = 0; i < N; i++) {
    gn_unit_view v;
    assert_int_equal(gn_unit_view_get(g, i, GN_UMPIRE, &v), 0);
    boxes[i] = v.box;
  }
  gn_feature f;
  assert_int_equal(gn_terrain_get(g, 0, &f, NULL, NULL), 0);
  int blocked = 0, visible = 0;
  for (int q = 0; q < 600; q++) {
    int a = RND(N);
    int b = RND(N);
    gn_los want = gn_los_trace(boxes[a].c, boxes[b].c, &f, 1, boxes, N, a, b);
    gn_los got = gn_unit_los(g, a, b);
    if (got.visible != want.visible || got.box != want.box || got.feature != want.feature ||
        got.fraction != want.fraction)
      fail_msg("%d -> %d: got (%d, box %d, feature %d, %g), want (%d, box %d, feature %d, %g)", a, b,
               got.visible, got.box, got.feature, got.fraction, want.visible, want.box, want.feature,
               want.fraction);
    blocked += !want.visible;
    visible += want.visible;
  }
#undef RND
  assert_true(blocked > 50 && visible > 20);
  free(boxes);
  gn_game_free(g);
  free(t);
}

/* gn_data_number: the ruleset's numbers, as the rules read them (a list
** gives its first); a missing key or a game with no ruleset: GN_ENOTFOUND. */
static void data_number(void **state) {
  (void)state;
  gn_game *g = gn_game_new(NULL);
  double v = -1;
  assert_non_null(g);
  assert_int_equal(gn_data_number(g, "melee.dice.max", &v), GN_ENOTFOUND);
  assert_int_equal(gn_game_use_ruleset(g, "vb"), 0);
  assert_int_equal(gn_data_number(g, "melee.dice.max", &v), 0);
  assert_true(v == 6.0);
  assert_int_equal(gn_data_number(g, "exhaustion.boxes", &v), 0);
  assert_true(v == 1.0);
  assert_int_equal(gn_data_number(g, "melee.dice.maximum", &v), GN_ENOTFOUND);
  assert_true(v == 1.0);
  gn_game_free(g);
}

/* A game loaded once and cloned before it starts: each clone's start runs
** the ruleset's setup again on the shared scenario, which must find the data
** it loaded the first time (no second copy, no leak: the SAN build checks)
** and give the same game. */
static void clones_start_alike(void **state) {
  (void)state;
  static const char *const files[] = { "scenarios/vb-plancenoit.yaml", "scenarios/ba-hougoumont.yaml",
                                       "scenarios/inradic-skirmish.yaml" };
  for (int k = 0; k < 3; k++) {
    gn_game *g = gn_game_new(NULL);
    assert_non_null(g);
    if (gn_game_load_file(g, files[k])) fail_msg("%s: %s", files[k], gn_errmsg(g));
    gn_game *c1 = gn_game_clone(g), *c2 = gn_game_clone(g);
    assert_non_null(c1);
    assert_non_null(c2);
    assert_int_equal(gn_game_start(g, 9), 0);
    assert_int_equal(gn_game_start(c1, 9), 0);
    assert_int_equal(gn_game_start(c2, 10), 0);
    assert_true(gn_game_hash(c1) == gn_game_hash(g));
    assert_int_equal(gn_order_apply(c1, "end"), 0);
    assert_int_equal(gn_order_apply(g, "end"), 0);
    assert_true(gn_game_hash(c1) == gn_game_hash(g));
    gn_game_free(g);
    gn_game_free(c2);
    gn_game_free(c1);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(refused_order_changes_nothing),
    cmocka_unit_test(check_is_pure),
    cmocka_unit_test(same_inputs_same_bytes),
    cmocka_unit_test(data_number),
    cmocka_unit_test(clones_start_alike),
    cmocka_unit_test(clone_is_equal_and_independent),
    cmocka_unit_test(clone_grid_is_its_own),
    cmocka_unit_test(order_numbers_as_strtod),
    cmocka_unit_test(order_point_with_blanks),
    cmocka_unit_test(clone_events_outlive_source),
    cmocka_unit_test(allocator_hook_balances),
    cmocka_unit_test(out_of_memory_everywhere),
    cmocka_unit_test(golden_orders_out_of_memory),
    cmocka_unit_test(load_twice_refused),
    cmocka_unit_test(start_out_of_memory_then_again),
    cmocka_unit_test(move_counts_every_crossing),
    cmocka_unit_test(lists_out_of_memory_fail_whole),
    cmocka_unit_test(some_orders_after_the_end),
    cmocka_unit_test(find_units_by_code_and_id),
    cmocka_unit_test(rollback_at_every_chance_point),
    cmocka_unit_test(attr_follows_the_view),
    cmocka_unit_test(los_sees_every_stand),
    cmocka_unit_test(los_matches_brute_force),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
