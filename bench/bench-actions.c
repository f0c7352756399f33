/*
** bench-actions.c: what the legal-actions list costs (gn_actions_list), per
** bundled scenario, at the points of an AI battle where a side is about to
** give its orders (the first order of each phase). For each scenario: the
** listings made, their mean CPU time, and the mean of the orders they list;
** then the same for a listing of one unit (what a commander asks, unit by
** unit). Run from the repository root (make bench).
**
**   bench-actions [SCENARIO...]    default every .yaml file of scenarios/
**   bench-actions one SCENARIO N   N whole-side listings at the first phase
**                                  alone (for valgrind --tool=callgrind)
*/
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "grognard.h"

#define MAXLISTS 40   /* listings timed per battle */

static double cpu(void) {
  struct timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

typedef struct probe {
  char key[96];
  int lists, units;
  long orders;
  double secs, unit_secs;
  int bad;
} probe;

static long count(const gn_actions *a) {
  long n = 0;
  for (int i = 0; i < a->n; i++) n += a->a[i].form ? 1 : a->a[i].ntargets;
  return n;
}

/* The battle's apply: at the first order of each phase, a listing of the
** side and one of the unit the order names, timed; then the order. */
static int apply(void *ud, gn_game *g, const char *order) {
  probe *p = ud;
  char key[96];
  snprintf(key, sizeof key, "%d %s %d", gn_game_turn(g), gn_game_phase(g), gn_game_active_side(g));
  if (strcmp(key, p->key) && p->lists < MAXLISTS) {
    snprintf(p->key, sizeof p->key, "%s", key);
    gn_actions *a;
    double t0 = cpu();
    int rc = gn_actions_list(g, -1, -1, &a);
    p->secs += cpu() - t0;
    if (rc) { p->bad = 1; return rc; }
    p->orders += count(a);
    p->lists++;
    gn_actions_free(a);
    int u = gn_order_actor(g, order);
    if (u >= 0) {
      t0 = cpu();
      rc = gn_actions_list(g, -1, u, &a);
      p->unit_secs += cpu() - t0;
      if (rc) { p->bad = 1; return rc; }
      p->units++;
      gn_actions_free(a);
    }
  }
  return gn_order_apply(g, order);
}

static int one(const char *path) {
  gn_game *g = gn_game_new(NULL);
  if (!g || gn_game_load_file(g, path) || gn_game_start(g, 1)) {
    fprintf(stderr, "bench-actions: %s: %s\n", path, g ? gn_errmsg(g) : "out of memory");
    gn_game_free(g);
    return 1;
  }
  probe p;
  memset(&p, 0, sizeof p);
  gn_battle_opts o;
  memset(&o, 0, sizeof o);
  o.apply = apply;
  o.apply_ud = &p;
  o.max_orders = 20000;
  gn_battle_result r;
  int rc = gn_battle_run(g, &o, &r);
  if (rc == 0 || rc == GN_ELIMIT) gn_battle_result_free(&r);
  gn_game_free(g);
  if ((rc && rc != GN_ELIMIT) || p.bad) {
    fprintf(stderr, "bench-actions: %s: %s\n", path, gn_strerror(rc));
    return 1;
  }
  const char *base = strrchr(path, '/');
  printf("  %-28s %3d listings: %8.3f ms a side (%5.1f orders), %8.3f ms a unit (%d)\n", base ? base + 1 : path,
         p.lists, p.lists ? p.secs / p.lists * 1e3 : 0, p.lists ? (double)p.orders / p.lists : 0,
         p.units ? p.unit_secs / p.units * 1e3 : 0, p.units);
  return 0;
}

static int cmp(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

int main(int argc, char **argv) {
  if (argc == 4 && !strcmp(argv[1], "one")) {
    gn_game *g = gn_game_new(NULL);
    if (!g || gn_game_load_file(g, argv[2]) || gn_game_start(g, 1)) {
      fprintf(stderr, "bench-actions: %s: %s\n", argv[2], g ? gn_errmsg(g) : "out of memory");
      return 1;
    }
    int n = atoi(argv[3]);
    long orders = 0;
    for (int i = 0; i < n; i++) {
      gn_actions *a;
      if (gn_actions_list(g, -1, -1, &a)) return 1;
      orders += count(a);
      gn_actions_free(a);
    }
    printf("%d listings, %ld orders\n", n, orders);
    gn_game_free(g);
    return 0;
  }
  char *names[128];
  int nn = 0, bad = 0;
  if (argc > 1) {
    for (int i = 1; i < argc && nn < 128; i++) names[nn++] = strdup(argv[i]);
  } else {
    DIR *d = opendir("scenarios");
    struct dirent *de;
    while (d && (de = readdir(d)) && nn < 128) {
      size_t len = strlen(de->d_name);
      if (len <= 5 || strcmp(de->d_name + len - 5, ".yaml")) continue;
      char path[300];
      snprintf(path, sizeof path, "scenarios/%s", de->d_name);
      names[nn++] = strdup(path);
    }
    if (d) closedir(d);
    qsort(names, (size_t)nn, sizeof *names, cmp);
  }
  printf("bench-actions: gn_actions_list at the first order of each phase of an AI battle (seed 1), CPU\n");
  for (int i = 0; i < nn; i++) {
    bad |= one(names[i]);
    free(names[i]);
  }
  return bad;
}
