/*
** test-told.c: every change an order makes to the table is told. AI battles
** on every bundled scenario (three seeds each) and random orders are played;
** after every order the whole state of every unit, as the umpire sees it (its
** stand, strength, removal, status and every attribute of the ruleset's
** schema), is compared with the state before it: each unit that changed must
** be listed in the units of an event of that order (a roll does not count:
** it tells the dice, not what they did) whose text names it (its code or its
** name).
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "grognard.h"

#define MAXATTR 32
#define MAXFAIL 40

typedef struct ustate {
  gn_unit_view v;
  char status[256];
  int attr[MAXATTR];
} ustate;

typedef struct watch {
  const char *scenario;
  uint64_t seed;
  int nattr;
  const char *attr[MAXATTR];
  ustate *was, *now;       /* nview x nunits: the umpire's view, then each side's */
  int nunits, nview;
  int orders;              /* orders looked at */
  int changed;             /* unit changes found, all told */
  int nfail;
  char fail[MAXFAIL][1400];
} watch;

/* Viewer k of the watch: the umpire, then side k - 1. */
static int viewer(int k) { return k == 0 ? GN_UMPIRE : k - 1; }

static void take(const gn_game *g, watch *w, ustate *all) {
  for (int k = 0; k < w->nview; k++)
    for (int u = 0; u < w->nunits; u++) {
      ustate *s = &all[k * w->nunits + u];
      assert_int_equal(gn_unit_view_get(g, u, viewer(k), &s->v), 0);
      snprintf(s->status, sizeof s->status, "%s", s->v.status);
      for (int a = 0; a < w->nattr; a++)
        if (gn_unit_attr(g, u, viewer(k), w->attr[a], &s->attr[a])) s->attr[a] = -999;
    }
}

/* What changed in unit u for viewer k, as text; "" when nothing. */
static void diff(const watch *w, int k, int u, char *buf, size_t len) {
  const ustate *a = &w->was[k * w->nunits + u], *b = &w->now[k * w->nunits + u];
  size_t n = 0;
  buf[0] = 0;
#define ADD(...) do { if (n < len) n += (size_t)snprintf(buf + n, len - n, __VA_ARGS__); } while (0)
  if (a->v.box.c.x != b->v.box.c.x || a->v.box.c.y != b->v.box.c.y)
    ADD(" place %.2f,%.2f -> %.2f,%.2f", a->v.box.c.x, a->v.box.c.y, b->v.box.c.x, b->v.box.c.y);
  if (a->v.box.facing != b->v.box.facing) ADD(" facing");
  if (a->v.box.w != b->v.box.w || a->v.box.d != b->v.box.d) ADD(" stand size");
  if (a->v.strength != b->v.strength) ADD(" strength %d -> %d", a->v.strength, b->v.strength);
  if (a->v.removed != b->v.removed) ADD(" removed %d -> %d", a->v.removed, b->v.removed);
  if (a->v.formation != b->v.formation) ADD(" formation");
  for (int k = 0; k < w->nattr; k++)
    if (a->attr[k] != b->attr[k]) ADD(" %s %d -> %d", w->attr[k], a->attr[k], b->attr[k]);
  if (!n && strcmp(a->status, b->status)) ADD(" status '%s' -> '%s'", a->status, b->status);
#undef ADD
}

/* 1 when code appears in text as a word of its own. */
static int names(const char *text, const char *code) {
  size_t n = strlen(code);
  for (const char *p = text; (p = strstr(p, code)) != NULL; p++) {
    int before = p == text || !(p[-1] == '_' || p[-1] == '.' || (p[-1] >= 'A' && p[-1] <= 'Z') ||
                                (p[-1] >= 'a' && p[-1] <= 'z') || (p[-1] >= '0' && p[-1] <= '9'));
    char c = p[n];
    int after = !(c == '_' || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
                  (c == '.' && p[n + 1] >= 'A'));
    if (before && after) return 1;
  }
  return 0;
}

/* After an order: every unit that changed is told by an event from first on
** (for the umpire, one whose text names it; for a side, one it may see). */
static void check_order(watch *w, const gn_game *g, const char *order, int first) {
  take(g, w, w->now);
  w->orders++;
  for (int k = 0; k < w->nview; k++)
    for (int u = 0; u < w->nunits; u++) {
      char what[1024];
      diff(w, k, u, what, sizeof what);
      if (!what[0]) continue;
      if (k > 0 && w->was[k * w->nunits + u].v.removed && w->now[k * w->nunits + u].v.removed)
        continue;   /* a side sees nothing of a stand off the table */
      if (k == 0) w->changed++;
      const ustate *now = &w->now[u];   /* the umpire's: the code and name */
      int told = 0;
      for (int i = first; i < gn_event_count(g) && !told; i++) {
        const gn_event *e = gn_event_get(g, i);
        if (!strcmp(e->kind, "roll") || !strcmp(e->kind, "card")) continue;
        if (!gn_event_visible(g, i, viewer(k))) continue;
        for (int j = 0; j < e->nunits; j++)
          if (e->units[j] == u && (k > 0 || names(e->text, now->v.code) || strstr(e->text, now->v.name)))
            told = 1;
      }
      if (!told && w->nfail < MAXFAIL)
        snprintf(w->fail[w->nfail++], sizeof w->fail[0], "%s seed %llu order %d '%s': %s untold to %s:%s",
                 w->scenario, (unsigned long long)w->seed, gn_game_order_count(g), order, now->v.code,
                 k ? gn_side_id(g, k - 1) : "the umpire", what);
      else if (!told)
        w->nfail++;
    }
  ustate *t = w->was; w->was = w->now; w->now = t;
}

static void on_order(void *ud, const gn_game *g, const char *order, int first) {
  check_order(ud, g, order, first);
}

static gn_game *start(const char *path, uint64_t seed, watch *w) {
  gn_game *g = gn_game_new(NULL);
  assert_non_null(g);
  if (gn_game_load_file(g, path)) fail_msg("%s: %s", path, gn_errmsg(g));
  assert_int_equal(gn_game_start(g, seed), 0);
  memset(w, 0, sizeof *w);
  w->scenario = path;
  w->seed = seed;
  w->nunits = gn_unit_count(g);
  w->nview = 1 + gn_side_count(g);
  gn_attr_info ai;
  for (int k = 0; w->nattr < MAXATTR && gn_ruleset_attr(gn_game_ruleset(g), k, &ai) == 0; k++)
    if (ai.scenario) w->attr[w->nattr++] = ai.name;   /* the table's, not the engine's bookkeeping */
  w->was = calloc((size_t)(w->nview * w->nunits), sizeof *w->was);
  w->now = calloc((size_t)(w->nview * w->nunits), sizeof *w->now);
  assert_true(w->was && w->now);
  take(g, w, w->was);
  return g;
}

/* ---------------------------------------------------------- random orders */

static uint32_t below(gn_rng *r, uint32_t n) { return gn_rng_below(r, n); }

/* A random order from the help line of a verb: UNIT-like words become units
** (the first one of the side to act when one acts), X,Y a point near the
** first unit, a|b|c one of the words, N a small number; optional parts in
** brackets and the words after a colon are left out. */
static int random_order(gn_game *g, gn_rng *r, char *buf, size_t len) {
  int nv = gn_order_verb_count(g);
  const char *verb = gn_order_verb(g, (int)below(r, (uint32_t)nv));
  const char *help = gn_order_help(g, verb);
  if (!help) return 0;
  char words[512];
  snprintf(words, sizeof words, "%s", help);
  words[strcspn(words, ":[")] = 0;
  int nu = gn_unit_count(g), side = gn_game_active_side(g), first = -1;
  size_t n = 0;
  int k = 0;
  for (char *t = strtok(words, " "); t; t = strtok(NULL, " "), k++) {
    char piece[128];
    if (k == 0) {
      snprintf(piece, sizeof piece, "%s", t);
    } else if (!strcmp(t, "UNIT") || !strcmp(t, "LEADER") || !strcmp(t, "STAFF") || !strcmp(t, "TARGET") ||
               !strcmp(t, "TARGET2") || !strcmp(t, "PART")) {
      int u = -1;
      for (int tries = 0; tries < 20; tries++) {
        u = (int)below(r, (uint32_t)nu);
        gn_unit_view v;
        gn_unit_view_get(g, u, GN_UMPIRE, &v);
        if (v.removed) continue;
        if (first < 0 && side >= 0 && v.side != side) continue;
        break;
      }
      if (first < 0) first = u;
      gn_unit_view v;
      gn_unit_view_get(g, u, GN_UMPIRE, &v);
      snprintf(piece, sizeof piece, "%s", v.code);
    } else if (!strcmp(t, "X,Y")) {
      gn_unit_view v;
      gn_unit_view_get(g, first >= 0 ? first : 0, GN_UMPIRE, &v);
      double reach = !strcmp(gn_game_unit(g), "cm") ? 40 : 16;
      double dx = ((double)below(r, 2001) / 1000 - 1) * reach, dy = ((double)below(r, 2001) / 1000 - 1) * reach;
      snprintf(piece, sizeof piece, "%.2f,%.2f", v.box.c.x + dx, v.box.c.y + dy);
    } else if (strchr(t, '|')) {
      char alt[128], *a[16];
      int na = 0;
      snprintf(alt, sizeof alt, "%s", t);
      for (char *s = alt, *e; s && na < 16; s = e) {
        e = strchr(s, '|');
        if (e) *e++ = 0;
        a[na++] = s;
      }
      snprintf(piece, sizeof piece, "%s", a[below(r, (uint32_t)na)]);
    } else if (!strcmp(t, "N")) {
      snprintf(piece, sizeof piece, "%u", 1 + below(r, 6));
    } else if (!strcmp(t, "SIDE") || !strcmp(t, "DIVISION") || !strcmp(t, "CORPS") || !strcmp(t, "ROLE")) {
      return 0;
    } else {
      snprintf(piece, sizeof piece, "%s", t);
    }
    n += (size_t)snprintf(buf + n, n < len ? len - n : 0, "%s%s", k ? " " : "", piece);
  }
  return n > 0 && n < len;
}

/* Random orders for a game: up to tries orders offered a phase, the accepted
** ones checked, then "end"; until the game ends or steps run out. */
static void random_play(gn_game *g, watch *w, uint64_t seed, int steps) {
  gn_rng r;
  gn_rng_seed(&r, seed);
  for (int s = 0; s < steps && !gn_game_over(g); s++) {
    for (int t = 0; t < 40; t++) {
      char order[512];
      if (!random_order(g, &r, order, sizeof order) || !strncmp(order, "end", 3)) continue;
      int first = gn_event_count(g);
      if (gn_order_apply(g, order) == 0) check_order(w, g, order, first);
    }
    int first = gn_event_count(g);
    if (gn_order_apply(g, "end") != 0) {
      /* a phase each side ends on its own (V&B night and recovery) */
      int done = 0;
      for (int sd = 0; sd < gn_side_count(g); sd++) {
        char o[64];
        snprintf(o, sizeof o, "end %s", gn_side_id(g, sd));
        if (gn_order_apply(g, o) == 0) { check_order(w, g, o, first); first = gn_event_count(g); done = 1; }
      }
      if (!done) break;
    } else {
      check_order(w, g, "end", first);
    }
  }
}

/* ------------------------------------------------------------------ tests */

static int scenario_names(char names[][128], int max) {
  DIR *d = opendir("scenarios");
  if (!d) fail_msg("scenarios/ is missing (run from the repository root)");
  int n = 0;
  struct dirent *de;
  while ((de = readdir(d)) && n < max) {
    size_t l = strlen(de->d_name);
    if (l > 5 && !strcmp(de->d_name + l - 5, ".yaml")) snprintf(names[n++], 128, "scenarios/%s", de->d_name);
  }
  closedir(d);
  qsort(names, (size_t)n, 128, (int (*)(const void *, const void *))strcmp);
  return n;
}

/* AI battles, three seeds a scenario. */
static void battles_tell_every_change(void **state) {
  (void)state;
  char names[64][128];
  int n = scenario_names(names, 64), failed = 0, orders = 0, changed = 0;
  assert_true(n >= 10);
  for (int i = 0; i < n; i++)
    for (uint64_t seed = 1; seed <= 3; seed++) {
      watch w;
      gn_game *g = start(names[i], seed, &w);
      gn_battle_opts o;
      gn_battle_result r;
      memset(&o, 0, sizeof o);
      o.on_order = on_order;
      o.ud = &w;
      int rc = gn_battle_run(g, &o, &r);
      if (rc) fail_msg("%s seed %llu: %s", names[i], (unsigned long long)seed, gn_errmsg(g));
      gn_battle_result_free(&r);
      for (int k = 0; k < w.nfail && k < MAXFAIL; k++) print_message("%s\n", w.fail[k]);
      failed += w.nfail;
      orders += w.orders;
      changed += w.changed;
      free(w.was);
      free(w.now);
      gn_game_free(g);
    }
  print_message("%d orders, %d unit changes\n", orders, changed);
  assert_true(changed > 1000);
  assert_int_equal(failed, 0);
}

/* Random orders: whatever the rules accept is told too. */
static void random_orders_tell_every_change(void **state) {
  (void)state;
  char names[64][128];
  int n = scenario_names(names, 64), failed = 0, orders = 0, changed = 0;
  for (int i = 0; i < n; i++)
    for (uint64_t seed = 1; seed <= 3; seed++) {
      watch w;
      gn_game *g = start(names[i], seed, &w);
      random_play(g, &w, seed * 7919 + (uint64_t)i, 60);
      for (int k = 0; k < w.nfail && k < MAXFAIL; k++) print_message("%s\n", w.fail[k]);
      failed += w.nfail;
      orders += w.orders;
      changed += w.changed;
      free(w.was);
      free(w.now);
      gn_game_free(g);
    }
  print_message("%d orders, %d unit changes\n", orders, changed);
  assert_true(changed > 300);
  assert_int_equal(failed, 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(battles_tell_every_change),
    cmocka_unit_test(random_orders_tell_every_change),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
