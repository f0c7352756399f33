/*
** bench-geom.c: times gn_grid_query against a brute-force scan for tables of
** 1,000 and 10,000 stands at the same density, to show that all-pairs contact
** (and short-range) queries over a 10,000-stand table cost about 10x a
** 1,000-stand one with the grid, and about 100x without it (design decision 8).
**
** Each stand is 4 x 2 (frontage x depth) at a random place and facing; the
** table grows with the number of stands so that they cover a fifth of it.
** Every figure is the best of REPEAT runs (the machine may be shared). The
** brute force is timed on at most BRUTEQ queries and its cost per query
** scaled up; the two answers are checked against each other on those queries.
*/
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "grognard.h"

#define REPEAT 5
#define BRUTEQ 1000
#define CELL 8.0
#define PI 3.14159265358979323846

/* Nanoseconds on the monotonic clock. */
static double now_ns(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

/* splitmix64: a fixed stream, so every run places the same stands. */
static uint64_t mix(uint64_t *s)
{
  uint64_t z = (*s += 0x9e3779b97f4a7c15u);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
  return z ^ (z >> 31);
}

static double uni(uint64_t *s, double lo, double hi)
{
  return lo + (hi - lo) * (double)(mix(s) >> 11) * (1.0 / 9007199254740992.0);
}

typedef struct table {
  int n;
  double w, h;
  gn_box *b;
  gn_grid *g;
} table;

/* n stands covering a fifth of a 3:2 table. Exits on out of memory. */
static table make_table(int n, uint64_t seed)
{
  table t;
  int i;
  t.n = n;
  t.h = sqrt(n * 8.0 * 5 / 1.5);
  t.w = 1.5 * t.h;
  t.b = malloc((size_t)n * sizeof *t.b);
  t.g = gn_grid_new(NULL, t.w, t.h, CELL);
  if (!t.b || !t.g) {
    fprintf(stderr, "bench-geom: out of memory\n");
    exit(1);
  }
  for (i = 0; i < n; i++) {
    t.b[i].c.x = uni(&seed, 0, t.w);
    t.b[i].c.y = uni(&seed, 0, t.h);
    t.b[i].w = 4;
    t.b[i].d = 2;
    t.b[i].facing = uni(&seed, 0, 2 * PI);
    if (gn_grid_set(t.g, i, t.b[i]) != 0) {
      fprintf(stderr, "bench-geom: gn_grid_set failed\n");
      exit(1);
    }
  }
  return t;
}

/* Best time in ns per query of q grid queries at range r; *hits gets the total found. */
static double time_grid(const table *t, int q, double r, long *hits)
{
  static int ids[4096];
  double best = INFINITY, t0, dt;
  int k, i;
  for (k = 0; k < REPEAT; k++) {
    *hits = 0;
    t0 = now_ns();
    for (i = 0; i < q; i++)
      *hits += gn_grid_query(t->g, t->b[i], r, ids, 4096);
    dt = (now_ns() - t0) / q;
    if (dt < best)
      best = dt;
  }
  return best;
}

/* Best time in ns per query of q brute-force scans at range r; *hits as above. */
static double time_brute(const table *t, int q, double r, long *hits)
{
  double best = INFINITY, t0, dt;
  int k, i, j;
  for (k = 0; k < REPEAT; k++) {
    *hits = 0;
    t0 = now_ns();
    for (i = 0; i < q; i++)
      for (j = 0; j < t->n; j++)
        *hits += gn_box_distance(t->b[i], t->b[j]) <= r;
    dt = (now_ns() - t0) / q;
    if (dt < best)
      best = dt;
  }
  return best;
}

typedef struct result { double grid, brute; } result;

/* Prints one line for table t at range r and returns the per-query costs. */
static result run(const table *t, const char *what, double r)
{
  result res;
  long gh, gq, bh;
  int q = t->n < BRUTEQ ? t->n : BRUTEQ;
  res.grid = time_grid(t, t->n, r, &gh);
  time_grid(t, q, r, &gq);
  res.brute = time_brute(t, q, r, &bh);
  printf("%6d stands  %-12s grid %8.0f ns/query  brute %10.0f ns/query  "
         "brute/grid %6.1fx  hits/query %.2f%s\n",
         t->n, what, res.grid, res.brute, res.brute / res.grid,
         (double)gh / t->n, gq == bh ? "" : "  MISMATCH");
  return res;
}

int main(void)
{
  table small = make_table(1000, 1), big = make_table(10000, 2);
  const char *what[2] = {"contact", "range 6"};
  double r[2] = {GN_CONTACT_EPS, 6};
  result rs, rb;
  int i;
  printf("bench-geom: stands 4 x 2 covering 1/5 of the table, cell %.0f, best of %d\n",
         CELL, REPEAT);
  printf("  1,000 stands on %.0f x %.0f; 10,000 on %.0f x %.0f\n",
         small.w, small.h, big.w, big.h);
  for (i = 0; i < 2; i++) {
    rs = run(&small, what[i], r[i]);
    rb = run(&big, what[i], r[i]);
    printf("  all pairs, %s: 10,000 vs 1,000 stands costs %.1fx with the grid, "
           "%.1fx brute force\n", what[i], 10 * rb.grid / rs.grid,
           10 * rb.brute / rs.brute);
  }
  gn_grid_free(small.g);
  gn_grid_free(big.g);
  free(small.b);
  free(big.b);
  return 0;
}
