/*
** bench-sim.c: battles a second on the V&B scenario (issue 7), AI against AI
** in memory, on one thread and on two, and the speedup; the two batches must
** give the same JSON. Then the moderator's figure (issue 8): every order of a
** whole battle on the largest bundled scenario adjudicated and committed to
** the store one by one, as `grognard play` does (gn_store_order), with the
** 50th and 99th percentile and the worst. Run from the repository root (make
** bench). The targets are printed with "ok" or "MISSED"; the exit status is 1
** only when the batches differ or something fails.
**
**   bench-sim [SCENARIO [RUNS]]   default scenarios/vb-plancenoit.yaml, 200
**   bench-sim spec [RUNS]         the yardstick alone (default 1000,
**                                 as in make bench: a batch's commanders share
**                                 what the odds engine told them, so a short
**                                 batch pays for its warm-up), for profiling:
**                                 no moderator's figure
**   bench-sim batch [RUNS]        the yardstick's batch on one thread alone
**                                 (default 1000): what the per-core figure
**                                 times, nothing else in a profile
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "grognard.h"

static double clk(clockid_t id) {
  struct timespec t;
  clock_gettime(id, &t);
  return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static char *slurp(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *buf = n >= 0 ? malloc((size_t)n + 1) : NULL;
  if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) { free(buf); buf = NULL; }
  fclose(f);
  if (buf) { buf[n] = 0; *len = (size_t)n; }
  return buf;
}

/* One batch on jobs threads: its JSON (owned), its wall and CPU time in seconds. */
static char *batch(const char *path, const char *text, size_t len, int runs, int jobs, double *secs,
                   double *cpu) {
  gn_sim *s;
  char err[256];
  if (gn_sim_new(path, text, len, NULL, &s, err, sizeof err)) {
    fprintf(stderr, "bench-sim: %s\n", err);
    return NULL;
  }
  gn_sim_opts o;
  memset(&o, 0, sizeof o);
  o.seed = 1815; o.runs = runs; o.jobs = jobs;
  double t0 = clk(CLOCK_MONOTONIC), c0 = clk(CLOCK_PROCESS_CPUTIME_ID);
  int rc = gn_sim_run(s, &o);
  *secs = clk(CLOCK_MONOTONIC) - t0;
  *cpu = clk(CLOCK_PROCESS_CPUTIME_ID) - c0;
  char *json = rc ? NULL : gn_sim_json(s);
  gn_sim_free(s);
  return json;
}

/* ------------------------------------------------------------ AI against engine */

/* The orders of one battle, kept as they are given. */
typedef struct tape { char **text; int n, cap; } tape;

static int taped(void *ud, gn_game *g, const char *text) {
  tape *t = ud;
  int rc = gn_order_apply(g, text);
  if (rc) return rc;
  if (t->n == t->cap) {
    int cap = t->cap ? 2 * t->cap : 512;
    char **p = realloc(t->text, (size_t)cap * sizeof *p);
    if (!p) return GN_ENOMEM;
    t->text = p; t->cap = cap;
  }
  if (!(t->text[t->n] = strdup(text))) return GN_ENOMEM;
  t->n++;
  return 0;
}

static gn_game *fresh(const char *path, const char *text, size_t len, uint64_t seed) {
  gn_game *g = gn_game_new(NULL);
  if (g && (gn_game_load(g, path, text, len) || gn_game_start(g, seed))) { gn_game_free(g); g = NULL; }
  return g;
}

/*
** Where a battle's time goes: the AI (its thinking: checks, odds, the
** picture of the field, plus the runner's bookkeeping) or the engine (the
** orders themselves).
**   1) each battle played AI against AI alone (gn_battle_run), its orders
**      kept, timed (CPU)
**   2) the same orders replayed on a fresh game of the same seed, timed: the
**      engine's share; the final hashes must agree
**   3) the AI's share is the difference, against the batch's time a battle
**      (batch_ms: its commanders share their memo of check answers) and
**      against a battle played alone (each commander asks its own)
** Returns 0, or 1 when something failed.
*/
static int breakdown(const char *path, const char *text, size_t len, int runs, double batch_ms) {
  double tb = 0, tr = 0, orders = 0, given = 0, probes = 0;
  int bad = 0;
  for (int i = 0; i < runs && !bad; i++) {
    uint64_t seed = gn_seed_child(1815, (uint64_t)i);
    tape t = {0};
    gn_battle_opts o;
    gn_battle_result r;
    memset(&o, 0, sizeof o);
    o.apply = taped; o.apply_ud = &t;
    /* 1) */
    gn_game *g = fresh(path, text, len, seed);
    double c0 = clk(CLOCK_PROCESS_CPUTIME_ID);
    bad = !g || gn_battle_run(g, &o, &r) != 0;
    tb += clk(CLOCK_PROCESS_CPUTIME_ID) - c0;
    uint64_t h = r.hash;
    for (int k = 0; k < GN_BATTLE_MAXSIDES; k++) {
      given += r.ai[k].given; probes += r.ai[k].probes_refused;
    }
    gn_battle_result_free(&r);
    gn_game_free(g);
    /* 2) */
    g = bad ? NULL : fresh(path, text, len, seed);
    c0 = clk(CLOCK_PROCESS_CPUTIME_ID);
    for (int k = 0; g && k < t.n && !bad; k++) bad = gn_order_apply(g, t.text[k]) != 0;
    tr += clk(CLOCK_PROCESS_CPUTIME_ID) - c0;
    if (!bad && (!g || gn_game_hash(g) != h)) bad = 1;
    orders += t.n;
    gn_game_free(g);
    for (int k = 0; k < t.n; k++) free(t.text[k]);
    free(t.text);
  }
  if (bad) { fprintf(stderr, "bench-sim: the replay of a battle differs or failed\n"); return 1; }
  /* 3) */
  double eng = tr / runs * 1e3, alone = tb / runs * 1e3;
  printf("  where the time goes (%d battles, %.0f orders each, CPU): in the batch %.2f ms a battle: the engine's"
         " orders %.2f ms (%.0f%%), the AI and the runner %.2f ms (%.0f%%); a battle alone %.2f ms\n", runs,
         orders / runs, batch_ms, eng, 100 * eng / batch_ms, batch_ms - eng, 100 * (batch_ms - eng) / batch_ms,
         alone);
  printf("    the AI's orders a battle: %.0f given, %.0f probes the rules refused (nothing changed)\n", given / runs,
         probes / runs);
  return 0;
}

/* ------------------------------------------------------------ orders at the table */

typedef struct timed { gn_store *st; const char *id; double *t; int n, cap; } timed;

/* The battle's door for every order: through the store, timed. */
static int timed_order(void *ud, gn_game *g, const char *text) {
  timed *w = ud;
  double t0 = clk(CLOCK_MONOTONIC);
  int rc = gn_store_order(w->st, w->id, g, text);
  double dt = (clk(CLOCK_MONOTONIC) - t0) * 1000;
  if (rc == 0 && w->n < w->cap) w->t[w->n++] = dt;
  return rc;
}

static int cmpd(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

/* The scenario of scenarios/ with the most units. */
static int largest(char *path, size_t n) {
  static const char *const all[] = {
    "scenarios/vb-plancenoit.yaml", "scenarios/ba-hougoumont.yaml", "scenarios/inradic-skirmish.yaml",
  };
  int best = -1;
  for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) {
    size_t len;
    char *text = slurp(all[i], &len);
    gn_game *g = text ? gn_game_new(NULL) : NULL;
    if (g && gn_game_load(g, all[i], text, len) == 0 && gn_unit_count(g) > best) {
      best = gn_unit_count(g);
      snprintf(path, n, "%s", all[i]);
    }
    gn_game_free(g);
    free(text);
  }
  return best;
}

/*
** Orders at the table.
**   1) the largest bundled scenario, a new game in a fresh store file
**   2) AI against AI to the end, every order through gn_store_order, timed
**   3) percentiles
** Returns 0, or 1 when something failed.
*/
static int table_orders(void) {
  char path[256], db[64] = "/tmp/bench-sim-XXXXXX", err[256], id[32];
  int units = largest(path, sizeof path);
  int fd = mkstemp(db);
  if (units < 0 || fd < 0) { fprintf(stderr, "bench-sim: no bundled scenario\n"); return 1; }
  close(fd);
  gn_store *st;
  gn_game *g = NULL;
  timed w = {0};
  int rc = gn_store_open(db, &st, err, sizeof err);
  if (!rc) rc = gn_store_create(st, path, 1815, id, sizeof id);
  if (!rc) rc = gn_store_load(st, id, &g);
  if (rc) { fprintf(stderr, "bench-sim: %s\n", err); unlink(db); return 1; }
  w.st = st; w.id = id; w.cap = 100000;
  w.t = malloc((size_t)w.cap * sizeof *w.t);
  gn_battle_opts o;
  gn_battle_result r;
  memset(&o, 0, sizeof o);
  o.apply = timed_order; o.apply_ud = &w;
  rc = w.t ? gn_battle_run(g, &o, &r) : GN_ENOMEM;
  if (!rc && w.n > 0) {
    qsort(w.t, (size_t)w.n, sizeof *w.t, cmpd);
    double p99 = w.t[(int)(w.n * 0.99)];
    printf("  orders at the table: %s (%d units), %d orders adjudicated and committed one by one:\n"
           "    p50 %.2f ms, p99 %.2f ms, worst %.2f ms   (target p99 < 10 ms: %s)\n",
           path, units, w.n, w.t[w.n / 2], p99, w.t[w.n - 1], p99 < 10 ? "ok" : "MISSED");
    gn_battle_result_free(&r);
  } else if (rc) {
    fprintf(stderr, "bench-sim: the battle stopped: %s\n", gn_strerror(rc));
  }
  free(w.t);
  gn_game_free(g);
  gn_store_close(st);
  unlink(db);
  char wal[80];
  snprintf(wal, sizeof wal, "%s-wal", db); unlink(wal);
  snprintf(wal, sizeof wal, "%s-shm", db); unlink(wal);
  return rc != 0;
}

/* The yardstick: two V&B armies of 20 brigade stands (two divisions
** of 10 and their leaders each) facing each other across a 72 x 48 in table,
** 12 daylight turns. Written into buf. */
static size_t spec_scenario(char *buf, size_t n) {
  size_t k = (size_t)snprintf(buf, n,
    "grognard: 1\nname: 2 x 20 stands, 12 turns\nruleset: vb\ntable: {width: 72, height: 48}\n"
    "date: {year: 1815, month: 6, day: 18, hour: 6}\nturns: 12\n"
    "sides:\n  - {id: blue, name: Blue}\n  - {id: red, name: Red}\n"
    "formations:\n"
    "  - {id: bc, name: Blue corps, echelon: corps, side: blue, leader: bl}\n"
    "  - {id: b1, name: Blue 1st, echelon: division, parent: bc, leader: bl1}\n"
    "  - {id: b2, name: Blue 2nd, echelon: division, parent: bc, leader: bl2}\n"
    "  - {id: rc, name: Red corps, echelon: corps, side: red, leader: rl}\n"
    "  - {id: r1, name: Red 1st, echelon: division, parent: rc, leader: rl1}\n"
    "  - {id: r2, name: Red 2nd, echelon: division, parent: rc, leader: rl2}\n"
    "units:\n"
    "  - {id: bl, formation: bc, type: leader_corps, at: [36, 4], facing: 0, strength: 0}\n"
    "  - {id: bl1, formation: b1, type: leader_division, at: [18, 6], facing: 0, strength: 0}\n"
    "  - {id: bl2, formation: b2, type: leader_division, at: [54, 6], facing: 0, strength: 0}\n"
    "  - {id: rl, formation: rc, type: leader_corps, at: [36, 44], facing: 180, strength: 0}\n"
    "  - {id: rl1, formation: r1, type: leader_division, at: [18, 42], facing: 180, strength: 0}\n"
    "  - {id: rl2, formation: r2, type: leader_division, at: [54, 42], facing: 180, strength: 0}\n");
  for (int side = 0; side < 2 && k < n; side++)
    for (int i = 0; i < 20 && k < n; i++)
      k += (size_t)snprintf(buf + k, n - k,
        "  - {id: %c%d, formation: %c%d, type: infantry_brigade, at: [%.1f, %d], facing: %d, strength: 4,"
        " attrs: {morale: 4}}\n", side ? 'r' : 'b', i, side ? 'r' : 'b', i < 10 ? 1 : 2, 4.5 + 3.3 * i,
        side ? 34 : 14, side ? 180 : 0);
  return k < n ? k : 0;
}

/* One scenario's batches on 1 and 2 threads. 0, or 1 when they differ or fail. */
static int sim_bench(const char *path, const char *text, size_t len, int runs, int yardstick) {
  double t1, t2, c1, c2;
  char *j1 = batch(path, text, len, runs, 1, &t1, &c1);
  char *j2 = batch(path, text, len, runs, 2, &t2, &c2);
  if (!j1 || !j2) { free(j1); free(j2); return 1; }
  int same = strcmp(j1, j2) == 0;
  long cores = sysconf(_SC_NPROCESSORS_ONLN);
  printf("bench-sim: %s, %d battles, AI against AI, in memory (%ld cores online)\n", path, runs, cores);
  /* per core: battles over the CPU time they took (other processes on the
  ** machine slow the wall clock, not this) */
  printf("  1 thread : %7.1f battles/s (%.2f s wall, %.2f s CPU)  %.1f battles/s per core\n", runs / t1, t1, c1,
         runs / c1);
  printf("  2 threads: %7.1f battles/s (%.2f s wall, %.2f s CPU)  speedup %.2f (CPU busy %.2f of 2 cores)\n",
         runs / t2, t2, c2, t1 / t2, c2 / t2);
  printf("  same JSON for 1 and 2 threads: %s\n", same ? "yes" : "NO");
  if (yardstick)   /* the 1,000 a second is for its 2 x 20 stands, 12 turns */
    printf("  targets: 1,000 V&B battles/s per core: %s; 2 threads at least 1.8x one: %s\n",
           runs / c1 >= 1000 ? "ok" : "MISSED", t1 / t2 >= 1.8 ? "ok" : "MISSED");
  else
    printf("  target: 2 threads at least 1.8x one: %s\n", t1 / t2 >= 1.8 ? "ok" : "MISSED");
  free(j1);
  free(j2);
  int bad = breakdown(path, text, len, runs / 4 > 0 ? runs / 4 : 1, c1 / runs * 1e3);
  return !same || bad;
}

int main(int argc, char **argv) {
  if (argc > 1 && !strcmp(argv[1], "batch")) {
    static char spec[16384];
    size_t n = spec_scenario(spec, sizeof spec);
    int runs = argc > 2 ? atoi(argv[2]) : 1000;
    double t, c;
    char *j = n && runs > 0 ? batch("2 x 20 V&B stands, 12 turns (generated)", spec, n, runs, 1, &t, &c) : NULL;
    if (!j) { fprintf(stderr, "bench-sim: the batch failed\n"); return 1; }
    unsigned long long h = 1469598103934665603ull;   /* FNV-1a of the JSON: same results, same hash */
    for (const char *p = j; *p; p++) h = (h ^ (unsigned char)*p) * 1099511628211ull;
    printf("bench-sim batch: %d battles on 1 thread: %.2f s CPU, %.1f battles/s per core, %.3f ms a battle;"
           " results %016llx\n", runs, c, runs / c, c / runs * 1e3, h);
    free(j);
    return 0;
  }
  if (argc > 1 && !strcmp(argv[1], "spec")) {
    static char spec[16384];
    size_t n = spec_scenario(spec, sizeof spec);
    int runs = argc > 2 ? atoi(argv[2]) : 1000;
    if (!n || runs < 1) { fprintf(stderr, "bench-sim: bad runs\n"); return 1; }
    return sim_bench("2 x 20 V&B stands, 12 turns (generated)", spec, n, runs, 1);
  }
  const char *path = argc > 1 ? argv[1] : "scenarios/vb-plancenoit.yaml";
  int runs = argc > 2 ? atoi(argv[2]) : 200;
  size_t len;
  char *text = slurp(path, &len);
  if (!text || runs < 1) { fprintf(stderr, "bench-sim: cannot read %s\n", path); return 1; }
  int bad = sim_bench(path, text, len, runs, 0);
  free(text);
  if (argc <= 1) {   /* the yardstick */
    static char spec[16384];
    size_t n = spec_scenario(spec, sizeof spec);
    bad |= !n || sim_bench("2 x 20 V&B stands, 12 turns (generated)", spec, n, 1000, 1);
  }
  bad |= table_orders();
  return bad;
}
