/*
** bench-sim.c: battles a second on the V&B scenario (issue 7), AI against AI
** in memory, on one thread and on two, and the speedup; the two batches must
** give the same JSON. Run from the repository root (make bench).
**
**   bench-sim [SCENARIO [RUNS]]   default scenarios/vb-plancenoit.yaml, 200
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

int main(int argc, char **argv) {
  const char *path = argc > 1 ? argv[1] : "scenarios/vb-plancenoit.yaml";
  int runs = argc > 2 ? atoi(argv[2]) : 200;
  size_t len;
  char *text = slurp(path, &len);
  if (!text || runs < 1) { fprintf(stderr, "bench-sim: cannot read %s\n", path); return 1; }
  double t1, t2, c1, c2;
  char *j1 = batch(path, text, len, runs, 1, &t1, &c1);
  char *j2 = batch(path, text, len, runs, 2, &t2, &c2);
  if (!j1 || !j2) return 1;
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
  free(j1);
  free(j2);
  free(text);
  return same ? 0 : 1;
}
