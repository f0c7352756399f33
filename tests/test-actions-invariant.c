/*
** test-actions-invariant.c: the legal-actions list and the rules agree, over
** AI battles on every bundled scenario (each .yaml file of scenarios/), three
** seeds each. At a sample of points (phase starts, and every so many orders), before
** the commander's next order:
**   1) every order gn_actions_list offers is accepted by gn_order_check (a
**      form with its point or number at a probe: the unit's own place, 1);
**   2) every order naming an own unit and an enemy unit its side can see, for
**      each verb whose help reads "VERB UNIT at|with UNIT" or "VERB UNIT
**      TARGET", that the list does not offer is refused by gn_order_check;
**   3) neither changes the game (its hash);
**   4) a listing of one unit and one verb (gn_actions_query) gives exactly
**      that unit's action of that verb in the whole list, for every verb of
**      each unit the list names (it has none when the list has none).
** Public API only; run from the repository root.
*/
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "grognard.h"

#define SEEDS 3
#define MAXSAMPLES 24       /* per battle */
#define EVERY_ORDERS 40     /* a sample every this many orders, besides phase starts */

typedef struct run {
  const char *scen;
  uint64_t seed;
  int samples, orders, phases;
  char key[96];             /* turn, phase and side of the last order seen */
  long listed, refused;     /* orders checked either way, over the run */
  long queries;             /* listings of one unit and one verb compared */
} run;

static int cmp(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* The unit's code, else its id. */
static const char *code(const gn_game *g, int u) {
  gn_unit_view v;
  gn_unit_view_get(g, u, GN_UMPIRE, &v);
  return v.code && *v.code ? v.code : v.id;
}

/* The order of a form: X,Y the unit's own place, N 1. */
static void complete(const gn_game *g, const gn_action *x, char *out, size_t n) {
  gn_unit_view v;
  gn_unit_view_get(g, x->unit, GN_UMPIRE, &v);
  char pt[96];
  snprintf(pt, sizeof pt, "%.17g,%.17g", v.box.c.x, v.box.c.y);
  const char *f = x->form, *p = strstr(f, "X,Y");
  const char *put = pt;
  if (!p) { p = strstr(f, " N"); if (p) p++; put = "1"; }
  assert_non_null(p);
  snprintf(out, n, "%.*s%s%s", (int)(p - f), f, put, p + (put == pt ? 3 : 1));
}

/* 1 when the verb's template names an actor and an enemy: "V UNIT at|with
** UNIT" or "V UNIT TARGET"; *joint receives the word between ("" none). */
static int target_verb(const gn_game *g, const char *verb, const char **joint) {
  const char *h = gn_order_help(g, verb);
  char buf[256], *w[8];
  int n = 0;
  if (!h) return 0;
  snprintf(buf, sizeof buf, "%s", h);
  buf[strcspn(buf, ":[")] = 0;
  for (char *p = strtok(buf, " "); p && n < 8; p = strtok(NULL, " ")) w[n++] = p;
  if (n == 4 && (!strcmp(w[2], "at") || !strcmp(w[2], "with")) && strcmp(w[3], "X,Y")) {
    *joint = !strcmp(w[2], "at") ? " at " : " with ";
    return 1;
  }
  if (n == 3 && !strncmp(w[2], "TARGET", 6)) { *joint = " "; return 1; }
  return 0;
}

/* The checks 1) to 3) on g as it stands. */
static void check_now(run *r, gn_game *g) {
  uint64_t h = gn_game_hash(g);
  gn_actions *a;
  assert_int_equal(gn_actions_list(g, -1, -1, &a), GN_OK);
  size_t cap = 64, n = 0;
  char **seen = malloc(cap * sizeof *seen);
  assert_non_null(seen);
  for (int i = 0; i < a->n; i++) {                                                       /* 1 */
    const gn_action *x = &a->a[i];
    char order[600];
    int nt = x->form ? 1 : x->ntargets;
    for (int k = 0; k < nt; k++) {
      if (x->form) complete(g, x, order, sizeof order);
      else snprintf(order, sizeof order, "%s", x->targets[k].order);
      if (gn_order_check(g, order) != GN_OK)
        fail_msg("%s seed %llu, turn %d %s: listed but refused: '%s': %s", r->scen,
                 (unsigned long long)r->seed, gn_game_turn(g), gn_game_phase(g), order, gn_errmsg(g));
      r->listed++;
      if (n == cap) { seen = realloc(seen, (cap *= 2) * sizeof *seen); assert_non_null(seen); }
      seen[n++] = strdup(order);
    }
  }
  qsort(seen, n, sizeof *seen, cmp);
  for (int v = 0; v < gn_order_verb_count(g); v++) {                                    /* 2 */
    const char *verb = gn_order_verb(g, v), *joint;
    if (!target_verb(g, verb, &joint)) continue;
    for (int u = 0; u < gn_unit_count(g); u++) {
      gn_unit_view uv;
      gn_unit_view_get(g, u, GN_UMPIRE, &uv);
      if (uv.removed || (a->side >= 0 && uv.side != a->side)) continue;
      for (int t = 0; t < gn_unit_count(g); t++) {
        gn_unit_view tv;
        gn_unit_view_get(g, t, uv.side, &tv);
        if (!tv.known || tv.removed || tv.side == uv.side) continue;
        char order[256];
        snprintf(order, sizeof order, "%s %s%s%s", verb, code(g, u), joint, code(g, t));
        const char *key = order;
        if (bsearch(&key, seen, n, sizeof *seen, cmp)) continue;
        if (gn_order_check(g, order) == GN_OK)
          fail_msg("%s seed %llu, turn %d %s: accepted but not listed: '%s'", r->scen,
                   (unsigned long long)r->seed, gn_game_turn(g), gn_game_phase(g), order);
        r->refused++;
      }
    }
  }
  assert_int_equal(gn_game_hash(g), h);                                                  /* 3 */
  for (int i = 0; i < a->n; i++) {                                                       /* 4 */
    if (i > 0 && a->a[i - 1].unit == a->a[i].unit) continue;
    int u = a->a[i].unit;
    for (int v = 0; v < gn_order_verb_count(g); v++) {
      const char *verb = gn_order_verb(g, v);
      const gn_action *whole = NULL;
      for (int k = i; k < a->n && a->a[k].unit == u; k++)
        if (!strcmp(a->a[k].verb, verb)) whole = &a->a[k];
      gn_actions_opts o = {-1, u, verb};
      gn_actions *q;
      assert_int_equal(gn_actions_query(g, &o, &q), GN_OK);
      if (q->n != (whole ? 1 : 0))
        fail_msg("%s seed %llu, turn %d %s: %s %s: %d actions alone, %d in the whole list", r->scen,
                 (unsigned long long)r->seed, gn_game_turn(g), gn_game_phase(g), code(g, u), verb, q->n, whole ? 1 : 0);
      if (whole) {
        const gn_action *x = &q->a[0];
        assert_int_equal(x->ntargets, whole->ntargets);
        assert_true((x->form == NULL) == (whole->form == NULL));
        if (x->form) assert_string_equal(x->form, whole->form);
        for (int k = 0; k < x->ntargets; k++) assert_string_equal(x->targets[k].order, whole->targets[k].order);
      }
      gn_actions_free(q);
      r->queries++;
    }
  }
  assert_int_equal(gn_game_hash(g), h);
  for (size_t i = 0; i < n; i++) free(seen[i]);
  free(seen);
  gn_actions_free(a);
  r->samples++;
}

/* The battle's apply: checks at the sample points, then the order. */
static int apply(void *ud, gn_game *g, const char *order) {
  run *r = ud;
  char key[96];
  snprintf(key, sizeof key, "%d %s %d", gn_game_turn(g), gn_game_phase(g), gn_game_active_side(g));
  int start = strcmp(key, r->key) != 0;
  if (start) {
    snprintf(r->key, sizeof r->key, "%s", key);
    r->phases++;
  }
  if (r->samples < MAXSAMPLES &&
      ((start && (r->phases <= 8 || r->phases % 5 == 0)) || (r->orders > 0 && r->orders % EVERY_ORDERS == 0)))
    check_now(r, g);
  int rc = gn_order_apply(g, order);
  if (rc == 0) r->orders++;
  return rc;
}

static void every_scenario(void **state) {
  (void)state;
  DIR *d = opendir("scenarios");
  if (!d) fail_msg("scenarios/ is missing (run from the repository root)");
  char *names[64];
  int nn = 0;
  struct dirent *de;
  while ((de = readdir(d)) && nn < 64) {
    size_t len = strlen(de->d_name);
    if (len > 5 && !strcmp(de->d_name + len - 5, ".yaml")) names[nn++] = strdup(de->d_name);
  }
  closedir(d);
  qsort(names, (size_t)nn, sizeof *names, cmp);
  assert_true(nn >= 3);
  long listed = 0, refused = 0, queries = 0;
  for (int i = 0; i < nn; i++) {
    char path[300];
    snprintf(path, sizeof path, "scenarios/%s", names[i]);
    for (uint64_t seed = 1; seed <= SEEDS; seed++) {
      gn_game *g = gn_game_new(NULL);
      if (gn_game_load_file(g, path)) fail_msg("%s: %s", path, gn_errmsg(g));
      assert_int_equal(gn_game_start(g, seed), GN_OK);
      run r;
      memset(&r, 0, sizeof r);
      r.scen = names[i];
      r.seed = seed;
      gn_battle_opts o;
      memset(&o, 0, sizeof o);
      o.max_orders = 3000;
      o.apply = apply;
      o.apply_ud = &r;
      gn_battle_result res;
      int rc = gn_battle_run(g, &o, &res);
      /* GN_ELIMIT: the battle reached o.max_orders, the bound that keeps this test short */
      if (rc && rc != GN_ELIMIT) fail_msg("%s seed %llu: battle: %s", path, (unsigned long long)seed, gn_strerror(rc));
      gn_battle_result_free(&res);
      if (r.samples == 0) fail_msg("%s seed %llu: no point sampled", path, (unsigned long long)seed);
      listed += r.listed;
      refused += r.refused;
      queries += r.queries;
      gn_game_free(g);
    }
    free(names[i]);
  }
  print_message("%ld listed orders accepted, %ld unlisted orders refused, %ld one-verb listings agreed\n",
                listed, refused, queries);
  assert_true(listed > 1000);
  assert_true(refused > 1000);
  assert_true(queries > 1000);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(every_scenario),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
