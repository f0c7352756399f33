/*
** bench-store.c: the game store's figures for the README (issue 2).
**   - apply and commit one order (WAL): 99th percentile under 2 ms
**   - replay (load a game by replaying its orders): at least 100,000 orders/s
**   - resume (from the newest snapshot, replaying only the orders after it):
**     its time against a whole replay of the same game, as a ratio
** Prints the figures; exits 1 when a target is missed.
**
** Usage: bench-store [ORDERS]   (default 5000 orders)
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "grognard.h"

static const char scenario[] =
  "grognard: 1\n"
  "name: Store bench\n"
  "ruleset: vb\n"
  "table: {width: 48, height: 36, unit: in}\n"
  "date: {year: 1815, month: 6, day: 18, hour: 9}\n"
  "turns: 10000\n"
  "options: {days: 9}\n"
  "sides:\n"
  "  - {id: french, name: French}\n"
  "  - {id: allied, name: Allied}\n"
  "formations:\n"
  "  - {id: fdiv, echelon: division, side: french, leader: fl}\n"
  "  - {id: adiv, echelon: division, side: allied, leader: al}\n"
  "units:\n"
  "  - {id: fl, code: FL, formation: fdiv, type: leader_division, at: [10, 6], strength: 0}\n"
  "  - {id: f1, code: F1, formation: fdiv, type: infantry_brigade, at: [10, 10], strength: 4}\n"
  "  - {id: f2, code: F2, formation: fdiv, type: infantry_brigade, at: [16, 10], strength: 4}\n"
  "  - {id: al, code: AL, formation: adiv, type: leader_division, at: [10, 30], facing: 180,"
  " strength: 0}\n"
  "  - {id: a1, code: A1, formation: adiv, type: infantry_brigade, at: [10, 16], facing: 180,"
  " strength: 4}\n"
  "  - {id: a2, code: A2, formation: adiv, type: infantry_brigade, at: [16, 26], facing: 180,"
  " strength: 4}\n";

/* The first turn of each game: a move and a fire each way, then "end" to end
** each phase until the end of the ninth day (about a thousand orders). */
static const char *const turn1[] = {
  "end", "move F1 to 10,12", "end", "end", "end", "fire F1 at A1", "end",
  "end", "end", "end", "end", "end", "fire A1 at F1", "end", "end",
};

static const char *order_at(int i)
{
  return i < (int)(sizeof turn1 / sizeof turn1[0]) ? turn1[i] : "end";
}

static double now(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int cmp(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static int die(const char *what, const char *msg)
{
  fprintf(stderr, "bench-store: %s: %s\n", what, msg);
  return 2;
}

int main(int argc, char **argv)
{
  int n = argc > 1 ? atoi(argv[1]) : 5000;
  char dir[] = "/tmp/gn-bench-XXXXXX", db[64], scn[64], id[32], err[256];
  if (n < 100) n = 100;
  if (!mkdtemp(dir)) return die("mkdtemp", "cannot make a directory");
  snprintf(db, sizeof db, "%s/bench.db", dir);
  snprintf(scn, sizeof scn, "%s/bench.yaml", dir);
  FILE *f = fopen(scn, "w");
  if (!f) return die(scn, "cannot write");
  fputs(scenario, f);
  fclose(f);

  gn_store *st;
  gn_game *g;
  if (gn_store_open(db, &st, err, sizeof err)) return die("open", err);
  if (gn_store_create(st, scn, 42, id, sizeof id)) return die("create", gn_store_errmsg(st));
  if (gn_store_load(st, id, &g)) return die("load", gn_store_errmsg(st));

  /* 1) apply and commit, one order at a time */
  double *t = malloc((size_t)n * sizeof *t);
  if (!t) return die("malloc", "out of memory");
  /* when a game is over, the next one starts */
  char first[32];
  int games = 1;
  snprintf(first, sizeof first, "%s", id);
  for (int i = 0; i < n; i++) {
    double t0 = now();
    int rc = gn_store_order(st, id, g, order_at(gn_game_order_count(g)));
    t[i] = (now() - t0) * 1e3;
    if (rc == GN_ESTATE && gn_game_over(g)) {
      gn_game_free(g);
      if (gn_store_create(st, scn, 42 + (uint64_t)games++, id, sizeof id) ||
          gn_store_load(st, id, &g))
        return die("next game", gn_store_errmsg(st));
      i--;
    } else if (rc) {
      return die("order", gn_store_errmsg(st));
    }
  }
  qsort(t, (size_t)n, sizeof *t, cmp);
  double p50 = t[n / 2], p99 = t[(int)(n * 0.99)], pmax = t[n - 1];
  gn_game_free(g);

  /* 2) replay: load the first (whole) game again and again for a second */
  long long replayed = 0;
  double t0 = now(), el;
  do {
    if (gn_store_load(st, first, &g)) return die("load", gn_store_errmsg(st));
    replayed += gn_game_order_count(g);
    gn_game_free(g);
    el = now() - t0;
  } while (el < 1.0);
  double rate = (double)replayed / el;

  /* 3) verify: replay with a hash check after every order */
  int checked = 0;
  t0 = now();
  if (gn_store_verify(st, first, &checked)) return die("verify", gn_store_errmsg(st));
  double vrate = checked / (now() - t0);

  /* 4) resume vs load of the first game, each the best of a second's runs */
  double best[2] = { 1e9, 1e9 };
  int first_ev = 0;
  for (int k = 0; k < 2; k++) {
    double start = now();
    do {
      t0 = now();
      int rc = k ? gn_store_resume(st, first, &g) : gn_store_load(st, first, &g);
      double dt = now() - t0;
      if (rc) return die(k ? "resume" : "load", gn_store_errmsg(st));
      if (dt < best[k]) best[k] = dt;
      if (k) first_ev = gn_event_first(g);
      gn_game_free(g);
    } while (now() - start < 0.5);
  }
  gn_store_close(st);

  int ok1 = p99 < 2.0, ok2 = rate >= 100000.0;
  printf("store: %d orders in %d games (%d in the first), WAL, synchronous=NORMAL\n",
         n, games, checked);
  printf("  apply+commit one order: p50 %.3f ms, p99 %.3f ms, max %.3f ms"
         "   (target p99 < 2 ms: %s)\n", p50, p99, pmax, ok1 ? "ok" : "MISSED");
  printf("  replay (load):          %.0f orders/s   (target >= 100,000: %s)\n", rate,
         ok2 ? "ok" : "MISSED");
  printf("  verify (hash each):     %.0f orders/s\n", vrate);
  printf("  resume from a snapshot: %.3f ms, load %.3f ms for the same %d-order game"
         " (%.1fx; snapshots every 256 orders; the %d events before the newest stay in the store)\n",
         best[1] * 1e3, best[0] * 1e3, checked, best[0] / best[1], first_ev);

  free(t);
  char p[96];
  const char *files[] = { "bench.db", "bench.db-wal", "bench.db-shm", "bench.yaml" };
  for (int i = 0; i < 4; i++) {
    snprintf(p, sizeof p, "%s/%s", dir, files[i]);
    unlink(p);
  }
  rmdir(dir);
  return ok1 && ok2 ? 0 : 1;
}
