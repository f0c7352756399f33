/*
** bench-core.c: the core's numbers (issue 2): d6 per second from the
** project's generator, and loading a 1,000-unit scenario. Timing uses the
** clock here, in the benchmark, never in the library. Machines are shared
** and noisy: read the figures as orders of magnitude, or as ratios.
*/
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "grognard.h"

/* CPU time of this process: what the machine's other load does not inflate. */
static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return (double)t.tv_sec + t.tv_nsec * 1e-9;
}

/* A V&B scenario of n units in two armies, on a table big enough to hold them. */
static char *big_scenario(int n, size_t *len) {
  size_t cap = (size_t)n * 200 + 4096;
  char *s = malloc(cap);
  int k = snprintf(s, cap,
                   "grognard: 1\nname: big\nruleset: vb\ntable: {width: 480, height: 480}\n"
                   "date: {year: 1815, month: 6, day: 18, hour: 9}\nturns: 12\n"
                   "sides:\n  - {id: a, name: A}\n  - {id: b, name: B}\nunits:\n");
  for (int i = 0; i < n; i++) {
    int side = i % 2, row = (i / 2) / 100, col = (i / 2) % 100;
    k += snprintf(s + k, cap - k,
                  "  - {id: u%d, side: %s, type: infantry_brigade, at: [%d, %d], facing: %d, strength: 5}\n",
                  i, side ? "b" : "a", 4 + col * 4, side ? 460 - row * 5 : 20 + row * 5, side ? 180 : 0);
  }
  *len = (size_t)k;
  return s;
}

int main(void) {
  /* 1) the generator: d6 per second per core */
  gn_rng r;
  gn_rng_seed(&r, 1);
  const long N = 200000000;
  unsigned sum = 0;
  double t0 = now();
  for (long i = 0; i < N; i++) sum += gn_rng_below(&r, 6);
  double t = now() - t0;
  printf("rng: %.0f million d6 per second of CPU time (goal >= 300) [checksum %u]\n", N / t / 1e6, sum);

  /* 2) loading a 1,000-unit scenario (parse, validate, data, state) */
  size_t len;
  char *text = big_scenario(1000, &len);
  double best = 1e9;
  for (int rep = 0; rep < 10; rep++) {
    gn_game *g = gn_game_new(NULL);
    t0 = now();
    int rc = gn_game_load(g, "big.yaml", text, len);
    if (rc == 0) rc = gn_game_start(g, 1);
    t = now() - t0;
    if (rc) { fprintf(stderr, "load: %s\n", gn_errmsg(g)); return 1; }
    if (t < best) best = t;
    gn_game_free(g);
  }
  printf("load: 1,000-unit scenario in %.1f ms of CPU time (best of 10; goal < 50 ms)\n", best * 1e3);
  free(text);
  return 0;
}
