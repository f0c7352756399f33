/*
** bench-turns.c: what one full turn of each ruleset costs the engine
** (issues 3, 4 and 5), applied through gn_order_apply on a game in memory.
**
**   Volley & Bayonet  one turn for 2 x 40 stands < 100 us; the cost of a
**                     turn for 10,000 stands at most 12x that for 1,000
**   Belle Alliance    one bound for 2 x 60 battalions < 200 us
**   Inradic           one turn for 2 x 60 figures in 6 units < 50 us
**
** A full turn is every unit of both sides acting once as a player would
** (moving, and firing where a target is in range) plus every "end" of both
** sides. The scenarios are written here as YAML text: two armies facing each
** other close enough for some fire.
**
** How it is measured:
**   1) the scenario is loaded and started (seed 1815)
**   2) a recording pass plays the first turn on a clone: the orders come from
**      scripted commanders (V&B: the same orders at every size; Belle
**      Alliance), then, for comparison, from the AI commanders of the library
**      (the only ones for Inradic); every order that applies is kept as text,
**      with the state hash at the end of the turn
**   3) a timed pass clones the started game (untimed), then applies the
**      recorded orders with gn_order_apply (timed); its final hash must be
**      the recording's, so the engine did the same work
**   4) step 3 is repeated and the best time kept: the machines are shared
**      and noisy (2 cores)
** The commanders' thinking (their gn_order_check calls, the AI's odds) is in
** step 2 only: the figures are the engine applying the orders.
**
**   bench-turns [vb|ba|inradic|scale]...   default: all of them
*/
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "grognard.h"

#define SEED 1815
#define BUDGET 1.0          /* seconds of timed passes per figure (at least MINREPS) */
#define MINREPS 3
#define MAXREPS 2000
#define LONGPASS 10.0       /* a pass this long is repeated only twice */

/* ------------------------------------------------------------ small tools */

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void die(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fputs("bench-turns: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  exit(1);
}

/* A growing text. Exits when out of memory. */
typedef struct text { char *s; size_t n, cap; } text;

static void put(text *t, const char *fmt, ...) {
  for (;;) {
    va_list ap;
    va_start(ap, fmt);
    size_t room = t->cap - t->n;
    int k = t->cap ? vsnprintf(t->s + t->n, room, fmt, ap) : -1;
    va_end(ap);
    if (k >= 0 && (size_t)k < room) { t->n += (size_t)k; return; }
    size_t cap = t->cap ? 2 * t->cap : 65536;
    while (k >= 0 && cap - t->n <= (size_t)k) cap *= 2;
    char *s = realloc(t->s, cap);
    if (!s) die("out of memory");
    t->s = s; t->cap = cap;
  }
}

/* A started game of a scenario text; exits with the diagnostics on failure. */
static gn_game *start(const char *name, const text *t) {
  gn_game *g = gn_game_new(NULL);
  if (!g) die("out of memory");
  if (gn_game_load(g, name, t->s, t->n)) {
    for (int i = 0; i < gn_diag_count(g) && i < 10; i++) fprintf(stderr, "%s\n", gn_diag(g, i));
    die("%s: %s", name, gn_errmsg(g));
  }
  if (gn_game_start(g, SEED)) die("%s: start: %s", name, gn_errmsg(g));
  return g;
}

/* ------------------------------------------------------------ recorded orders */

typedef struct rec { char **o; int n, cap; } rec;

static void rec_free(rec *r) {
  for (int i = 0; i < r->n; i++) free(r->o[i]);
  free(r->o);
  memset(r, 0, sizeof *r);
}

/* Applies an order to the recording game; keeps its text when it applies. */
static int give(gn_game *g, rec *r, const char *order) {
  int rc = gn_order_apply(g, order);
  if (rc) return rc;
  if (r->n == r->cap) {
    int cap = r->cap ? 2 * r->cap : 256;
    char **o = realloc(r->o, (size_t)cap * sizeof *o);
    if (!o) die("out of memory");
    r->o = o; r->cap = cap;
  }
  size_t len = strlen(order) + 1;
  if (!(r->o[r->n] = malloc(len))) die("out of memory");
  memcpy(r->o[r->n++], order, len);
  return 0;
}

static int givef(gn_game *g, rec *r, const char *fmt, ...) {
  char order[256];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(order, sizeof order, fmt, ap);
  va_end(ap);
  return give(g, r, order);
}

/* "12 move, 30 fire, 12 end": the recorded orders by verb. */
static void rec_summary(const rec *r, char *buf, size_t len) {
  char verb[16][16];
  int count[16], nv = 0;
  size_t k = 0;
  for (int i = 0; i < r->n; i++) {
    char w[16];
    sscanf(r->o[i], "%15s", w);
    int j = 0;
    while (j < nv && strcmp(verb[j], w)) j++;
    if (j == nv) {
      if (nv == 16) continue;
      strcpy(verb[nv], w);
      count[nv++] = 0;
    }
    count[j]++;
  }
  buf[0] = 0;
  for (int j = 0; j < nv && k < len; j++)
    k += (size_t)snprintf(buf + k, len - k, "%s%d %s", j ? ", " : "", count[j], verb[j]);
}

/* A commander: gives its orders for the present phase (both sides' in a
** simultaneous phase) through give(), never "end". */
typedef void (*commander)(void *ud, gn_game *g, rec *r);

/*
** The orders of one full turn of g, as a player would give them.
**   1) the commander's orders for the phase, then "end", until the turn
**      number changes (or the game ends)
**   2) the state hash after the turn, for the timed passes to match
*/
static uint64_t record_turn(const gn_game *g0, commander play, void *ud, rec *r) {
  gn_game *g = gn_game_clone(g0);
  if (!g) die("out of memory");
  int turn = gn_game_turn(g);
  /* 1) */
  for (int guard = 0; !gn_game_over(g) && gn_game_turn(g) == turn; guard++) {
    if (guard > 100) die("the turn does not end (phase %s)", gn_game_phase(g));
    play(ud, g, r);
    if (give(g, r, "end")) die("end refused in phase %s: %s", gn_game_phase(g), gn_errmsg(g));
  }
  /* 2) */
  uint64_t h = gn_game_hash(g);
  gn_game_free(g);
  return h;
}

/* One timed pass: the recorded orders applied to a fresh clone of g0. */
static double replay(const gn_game *g0, const rec *r, uint64_t hash) {
  gn_game *c = gn_game_clone(g0);
  if (!c) die("out of memory");
  int bad = -1, rc = 0;
  double t0 = now();
  for (int i = 0; i < r->n && bad < 0; i++)
    if ((rc = gn_order_apply(c, r->o[i]))) bad = i;
  double t = now() - t0;
  if (bad >= 0) die("replay: '%s' gave %d: %s", r->o[bad], rc, gn_errmsg(c));
  if (gn_game_hash(c) != hash) die("replay: the state hash differs from the recording's");
  gn_game_free(c);
  return t;
}

/* Best time of the timed passes: at least MINREPS, for about BUDGET seconds;
** only two when a pass takes longer than LONGPASS. */
static double best_of(const gn_game *g0, const rec *r, uint64_t hash, int *reps) {
  double best = INFINITY, spent = 0;
  int k = 0;
  while (k < (best > LONGPASS ? 2 : MINREPS) || (spent < BUDGET && k < MAXREPS)) {
    double t = replay(g0, r, hash);
    spent += t;
    if (t < best) best = t;
    k++;
  }
  *reps = k;
  return best;
}

/* ------------------------------------------------------------ the field */

/* Every unit as the umpire sees it, and a grid of one side's stands. */
typedef struct field {
  int n;
  gn_unit_view *v;
  gn_grid *grid;          /* stands of the enemy of the side playing */
  int *ids;               /* grid query buffer */
} field;

static int has(const char *s, const char *word) { return s && strstr(s, word) != NULL; }

/* Looks at the table for side: every unit, and the enemy's stands in a grid. */
static void look(field *f, const gn_game *g, int side) {
  double w, h;
  f->n = gn_unit_count(g);
  f->v = realloc(f->v, (size_t)f->n * sizeof *f->v);
  f->ids = realloc(f->ids, (size_t)f->n * sizeof *f->ids);
  if (!f->v || !f->ids) die("out of memory");
  gn_grid_free(f->grid);
  gn_game_table(g, &w, &h);
  if (!(f->grid = gn_grid_new(NULL, w, h, 8))) die("out of memory");
  for (int i = 0; i < f->n; i++) {
    gn_unit_view *v = &f->v[i];
    if (gn_unit_view_get(g, i, GN_UMPIRE, v)) die("unit %d: no view", i);
    if (v->side != side && !v->removed && gn_grid_set(f->grid, i, v->box)) die("grid");
  }
}

static void field_free(field *f) {
  free(f->v); free(f->ids);
  gn_grid_free(f->grid);
}

/* Enemy stands within r of unit u, nearest first (at most max); their count. */
static int enemies_near(field *f, int u, double r, int *out, int max) {
  int n = gn_grid_query(f->grid, f->v[u].box, r, f->ids, f->n);
  if (n > f->n) n = f->n;
  int k = 0;
  double d[64];
  for (int i = 0; i < n; i++) {
    int e = f->ids[i];
    double de = gn_box_distance(f->v[u].box, f->v[e].box);
    if (k == max && de >= d[max - 1]) continue;
    int j = k < max ? k++ : max - 1;
    while (j > 0 && d[j - 1] > de) { d[j] = d[j - 1]; out[j] = out[j - 1]; j--; }
    d[j] = de; out[j] = e;
  }
  return k;
}

/* ------------------------------------------------------------ Volley & Bayonet */

/*
** The V&B field: each side an army commander and divisions of a commander,
** three infantry brigades and a foot battery (VB_DIV fighting stands), in one
** line, brigades 3.5 in apart; the divisions VB_ROW abreast, rows of them in
** sectors VB_SECTOR deep, each sector a line of each side facing the other
** VB_GAP apart (front edge to front edge). Commanders stand 1 in behind the
** line, within command radius of their stands.
*/
#define VB_DIV 4
#define VB_PITCH 3.5
#define VB_DIVW (VB_DIV * VB_PITCH + 2.0)
#define VB_ROW 25
#define VB_GAP 9.5
#define VB_SECTOR 40.0
#define VB_FRONT 14.0     /* side 0's front edge from the sector's bottom */
#define VB_ADVANCE 8.0    /* a stand advances at most this far... */
#define VB_CLOSE 1.0      /* ...and stops this far from the nearest enemy */
#define VB_REACH 12.0     /* targets looked for within this (heavy guns) */

/* Scenario text: nfight fighting stands a side (a multiple of VB_DIV). */
static void vb_scenario(text *t, int nfight) {
  int ndiv = nfight / VB_DIV, across = ndiv < VB_ROW ? ndiv : VB_ROW;
  int rows = (ndiv + across - 1) / across;
  double width = across * VB_DIVW + 4, height = rows * VB_SECTOR;
  put(t, "grognard: 1\nname: bench %d a side\nruleset: vb\ntable: {width: %g, height: %g}\n"
         "date: {year: 1815, month: 6, day: 18, hour: 9}\nturns: 4\n"
         "sides:\n  - {id: s0}\n  - {id: s1}\nformations:\n", nfight, width, height);
  for (int s = 0; s < 2; s++) {
    put(t, "  - {id: a%d, echelon: army, side: s%d, leader: ca%d}\n", s, s, s);
    for (int d = 0; d < ndiv; d++) put(t, "  - {id: d%d_%d, echelon: division, parent: a%d, leader: cd%d_%d}\n",
                                       s, d, s, s, d);
  }
  put(t, "units:\n");
  for (int s = 0; s < 2; s++) {
    double dir = s ? -1 : 1;      /* side 0 faces north (+y), side 1 south */
    put(t, "  - {id: ca%d, formation: a%d, type: leader_army, at: [%g, %g], strength: 0}\n", s, s,
        width / 2, VB_FRONT + (s ? VB_GAP : 0) - dir * 7);
    for (int d = 0; d < ndiv; d++) {
      int row = d / across, col = d % across;
      double front = row * VB_SECTOR + VB_FRONT + (s ? VB_GAP : 0);
      double x0 = 2 + col * VB_DIVW + 1 + VB_PITCH / 2;
      put(t, "  - {id: cd%d_%d, formation: d%d_%d, type: leader_division, at: [%g, %g], facing: %d, strength: 0}\n",
          s, d, s, d, x0 + 1.5 * VB_PITCH, front - dir * 4.5, s ? 180 : 0);
      for (int k = 0; k < VB_DIV; k++) {
        int gun = k == 2;   /* the battery in the line, third from the left */
        double depth = gun ? 1.5 : 3;
        put(t, "  - {id: u%d_%d_%d, formation: d%d_%d, type: %s, at: [%g, %g], facing: %d, strength: %d, "
               "attrs: {morale: %d}}\n", s, d, k, s, d, gun ? "artillery_foot" : "infantry_brigade",
            x0 + k * VB_PITCH, front - dir * depth / 2, s ? 180 : 0, gun ? 2 : 4, 3 + (d + k) % 3);
      }
    }
  }
}

static int vb_leader(const gn_unit_view *v) { return !strncmp(v->type, "leader", 6); }
static int vb_gun(const gn_unit_view *v) { return !strncmp(v->type, "artillery", 9) || !strncmp(v->type, "battery", 7); }

static gn_vec2 ahead(gn_box b, double step) {
  gn_vec2 p = {b.c.x + step * cos(b.facing), b.c.y + step * sin(b.facing)};
  return p;
}

/*
** Movement: every brigade advances straight ahead, VB_ADVANCE at most and
** stopping VB_CLOSE short of the nearest enemy; the guns stay unlimbered;
** each commander first moves as far as his troops will, so that they start
** their moves in command. A refused move is tried again at half the step.
*/
static void vb_movement(field *f, gn_game *g, rec *r, int side) {
  int nf = gn_formation_count(g);
  double *step = calloc((size_t)f->n, sizeof *step);
  double *sum = calloc((size_t)nf + 1, sizeof *sum);
  int *cnt = calloc((size_t)nf + 1, sizeof *cnt);
  if (!step || !sum || !cnt) die("out of memory");
  for (int u = 0; u < f->n; u++) {
    const gn_unit_view *v = &f->v[u];
    if (v->side != side || v->removed || vb_leader(v) || vb_gun(v) || has(v->status, "routed")) continue;
    int e;
    double s = VB_ADVANCE;
    if (enemies_near(f, u, VB_ADVANCE + VB_CLOSE, &e, 1)) {
      double d = gn_box_distance(v->box, f->v[e].box) - VB_CLOSE;
      if (d < s) s = d;
    }
    if (s < 0.1) continue;
    step[u] = s;
    int k = v->formation >= 0 ? v->formation : nf;
    sum[k] += s; cnt[k]++;
    sum[nf] += s; cnt[nf]++;
  }
  for (int k = 0; k < nf; k++) {                          /* the commanders first */
    gn_formation_info fi;
    if (gn_formation_get(g, k, &fi) || fi.side != side || fi.leader < 0) continue;
    int all = fi.echelon == GN_ARMY;
    double s = all ? (cnt[nf] ? sum[nf] / cnt[nf] : 0) : (cnt[k] ? sum[k] / cnt[k] : 0);
    if (s < 0.1 || f->v[fi.leader].removed) continue;
    gn_vec2 p = ahead(f->v[fi.leader].box, s);
    givef(g, r, "leader %s to %.2f,%.2f", f->v[fi.leader].id, p.x, p.y);
  }
  for (int u = 0; u < f->n; u++) {
    if (step[u] <= 0) continue;
    for (double s = step[u]; s >= 0.1; s /= 2) {
      gn_vec2 p = ahead(f->v[u].box, s);
      if (givef(g, r, "move %s to %.2f,%.2f", f->v[u].id, p.x, p.y) == 0) break;
    }
  }
  free(step); free(sum); free(cnt);
}

/* Combat: every stand fires at the nearest enemy the rules let it fire at. */
static void vb_combat(field *f, gn_game *g, rec *r, int side) {
  for (int u = 0; u < f->n; u++) {
    const gn_unit_view *v = &f->v[u];
    if (v->side != side || v->removed || vb_leader(v) || has(v->status, "routed")) continue;
    int e[4], n = enemies_near(f, u, VB_REACH, e, 4);
    for (int k = 0; k < n; k++)
      if (!f->v[e[k]].removed && !vb_leader(&f->v[e[k]]) &&
          givef(g, r, "fire %s at %s", v->id, f->v[e[k]].id) == 0)
        break;
  }
}

static void vb_play(void *ud, gn_game *g, rec *r) {
  field *f = ud;
  const char *ph = gn_game_phase(g);
  int side = gn_game_active_side(g);
  if (strcmp(ph, "movement") && strcmp(ph, "combat")) return;
  look(f, g, side);
  if (!strcmp(ph, "movement")) vb_movement(f, g, r, side);
  else vb_combat(f, g, r, side);
}

/* ------------------------------------------------------------ AI commanders */

typedef struct aiplay { gn_ai *ai[2]; rec *r; } aiplay;

static int ai_give(void *ud, gn_game *g, const char *order) { return give(g, ud, order); }

/* The library's commanders: the active side's, or both in a simultaneous phase. */
static void ai_play(void *ud, gn_game *g, rec *r) {
  aiplay *p = ud;
  int active = gn_game_active_side(g);
  for (int s = 0; s < 2; s++)
    if (active < 0 || active == s) {
      int n = gn_ai_play(p->ai[s], g, ai_give, r);
      if (n < 0) die("AI of side %d: %s", s, gn_strerror(n));
    }
}

/* ------------------------------------------------------------ Belle Alliance */

/*
** The Belle Alliance field: each side two lines of battalions in line, 30
** abreast (20 cm frontage, 4 cm apart), the second line 15 cm behind the
** first; the first lines 18 cm apart, in musket range (25 cm).
*/
#define BA_ABREAST 30
#define BA_PITCH 24.0
#define BA_GAP 18.0
#define BA_SECOND 15.0

static void ba_scenario(text *t, int nbat) {
  int lines = (nbat + BA_ABREAST - 1) / BA_ABREAST;
  double width = BA_ABREAST * BA_PITCH + 20, mid = 40 + lines * BA_SECOND;
  put(t, "grognard: 1\nname: bench %d battalions a side\nruleset: ba\ntable: {width: %g, height: %g}\n"
         "date: {year: 1815, month: 6, day: 18, hour: 11}\nturns: 12\n"
         "sides:\n  - {id: s0}\n  - {id: s1}\nunits:\n", nbat, width, 2 * mid);
  for (int s = 0; s < 2; s++) {
    double dir = s ? 1 : -1;    /* away from the middle */
    for (int i = 0; i < nbat; i++) {
      int line = i / BA_ABREAST, col = i % BA_ABREAST;
      double y = mid + dir * (BA_GAP / 2 + 1.5 + line * BA_SECOND);
      put(t, "  - {id: b%d_%d, side: s%d, type: infantry, at: [%g, %g], facing: %d, strength: %d, "
             "attrs: {valour: %d}}\n", s, i, s, 10 + col * BA_PITCH + BA_PITCH / 2, y,
          s ? 180 : 0, 20 + (i * 7) % 13, (i % 5) - 1);
    }
  }
}

/*
** The scripted Belle Alliance commanders, the same at every run: in each
** side's first line, one battalion in three attacks the battalion facing it,
** one fires at it, one moves up 4 cm; the second line moves up 6 cm. Orders
** the rules refuse are skipped (none on this field).
*/
static void ba_play(void *ud, gn_game *g, rec *r) {
  const int *nbat = ud;
  if (strcmp(gn_game_phase(g), "orders")) return;
  for (int s = 0; s < 2; s++) {
    double dir = s ? -1 : 1;    /* towards the middle */
    for (int i = 0; i < *nbat; i++) {
      gn_unit_view v;
      char id[32];
      snprintf(id, sizeof id, "b%d_%d", s, i);
      int u = gn_unit_find(g, id);
      if (u < 0 || gn_unit_view_get(g, u, GN_UMPIRE, &v) || v.removed) continue;
      if (i < BA_ABREAST && i % 3 == 0) givef(g, r, "attack %s b%d_%d", id, 1 - s, i);
      else if (i < BA_ABREAST && i % 3 == 1) givef(g, r, "fire %s at b%d_%d", id, 1 - s, i);
      else givef(g, r, "move %s to %.1f,%.1f", id, v.box.c.x, v.box.c.y + dir * (i < BA_ABREAST ? 4 : 6));
    }
  }
}

/* ------------------------------------------------------------ Inradic */

/*
** The Inradic field: each side six units of ten figures (five of muskets, one
** of rifles; an officer, an NCO and a flag here and there), 8 in apart, the
** two lines 14 in apart (musket range 16 in).
*/
static void in_scenario(text *t, int nunits, int figures) {
  double width = nunits * 8 + 8;
  put(t, "grognard: 1\nname: bench %d units a side\nruleset: inradic\ntable: {width: %g, height: 48}\n"
         "date: {year: 1791, month: 5, day: 4, hour: 10}\nturns: 8\n"
         "sides:\n  - {id: s0}\n  - {id: s1}\nunits:\n", nunits, width);
  static const char *const quality[] = {"trained", "veteran", "well_trained", "militia"};
  for (int s = 0; s < 2; s++)
    for (int i = 0; i < nunits; i++)
      put(t, "  - {id: f%d_%d, side: s%d, type: foot, at: [%d, %g], facing: %d, strength: %d, "
             "attrs: {quality: %s, weapon: %s, nco: 1%s}}\n", s, i, s, 8 + i * 8, s ? 31.0 : 17.0,
          s ? 180 : 0, figures, quality[(i + s) % 4], i == 5 ? "rifle" : "musket",
          i % 3 == 0 ? ", officer: 1, flag: 1" : "");
}

/* ------------------------------------------------------------ the figures */

typedef struct figure {
  double best;          /* seconds, best pass */
  int reps, orders, units;
  char what[256];       /* the orders by verb */
} figure;

/* Records one turn of the scenario with the commander, then times it. */
static figure measure(const char *name, const text *t, commander play, void *ud) {
  figure fg;
  rec r = {0};
  gn_game *g = start(name, t);
  uint64_t h = record_turn(g, play, ud, &r);
  fg.best = best_of(g, &r, h, &fg.reps);
  fg.orders = r.n;
  fg.units = gn_unit_count(g);
  rec_summary(&r, fg.what, sizeof fg.what);
  rec_free(&r);
  gn_game_free(g);
  return fg;
}

static figure measure_ai(const char *name, const text *t) {
  gn_game *g = start(name, t);
  aiplay p;
  for (int s = 0; s < 2; s++)
    if (!(p.ai[s] = gn_ai_new(g, s, NULL))) die("out of memory");
  gn_game_free(g);
  figure fg = measure(name, t, ai_play, &p);
  for (int s = 0; s < 2; s++) gn_ai_free(p.ai[s]);
  return fg;
}

static void show(const char *what, const figure *f) {
  printf("  %s: %.1f us a turn, %.2f us an order (best of %d passes; %d units; %d orders: %s)\n", what,
         f->best * 1e6, f->best * 1e6 / f->orders, f->reps, f->units, f->orders, f->what);
}

static int goal(int ok, const char *line) {
  printf("  goal %s: %s\n", line, ok ? "met" : "MISSED");
  return ok ? 0 : 1;
}

static int want(int argc, char **argv, const char *what) {
  if (argc < 2) return 1;
  for (int i = 1; i < argc; i++)
    if (!strcmp(argv[i], what)) return 1;
  return 0;
}

int main(int argc, char **argv) {
  int missed = 0;
  double load[3] = {-1, -1, -1};
  FILE *la = fopen("/proc/loadavg", "r");
  if (la) {
    if (fscanf(la, "%lf %lf %lf", &load[0], &load[1], &load[2]) != 3) load[0] = load[1] = load[2] = -1;
    fclose(la);
  }
  printf("bench-turns: one full turn applied with gn_order_apply to a fresh clone of a started game "
         "(orders recorded in an untimed first pass)\n");
  printf("  machine: %ld cores online, load average %.2f %.2f %.2f; machines are shared and noisy: "
         "each figure is the best of several passes\n", sysconf(_SC_NPROCESSORS_ONLN), load[0], load[1], load[2]);

  if (want(argc, argv, "vb")) {
    text t = {0};
    field f = {0};
    vb_scenario(&t, 40);
    figure fg = measure("vb-2x40.yaml", &t, vb_play, &f);
    printf("Volley & Bayonet (issue 3): 40 stands a side (10 divisions of 3 brigades and a battery) and "
           "11 commanders; scripted orders (brigades advance and fire, guns fire, commanders follow)\n");
    show("2 x 40 stands", &fg);
    missed += goal(fg.best < 100e-6, "one turn for 2 x 40 stands under 100 us");
    figure fa = measure_ai("vb-2x40.yaml", &t);
    show("for comparison, the same field with the AI commanders' orders", &fa);
    field_free(&f);
    free(t.s);
  }
  if (want(argc, argv, "scale")) {
    figure fg[2];
    const int n[2] = {500, 5000};
    printf("Volley & Bayonet (issue 3), scaling: the same field and orders, 1,000 and 10,000 stands "
           "(plus a commander for 4), sectors of 25 divisions abreast\n");
    for (int i = 0; i < 2; i++) {
      text t = {0};
      field f = {0};
      char name[64];
      vb_scenario(&t, n[i]);
      snprintf(name, sizeof name, "vb-%d.yaml", 2 * n[i]);
      fg[i] = measure(name, &t, vb_play, &f);
      snprintf(name, sizeof name, "%d stands", 2 * n[i]);
      show(name, &fg[i]);
      field_free(&f);
      free(t.s);
    }
    double ratio = fg[1].best / fg[0].best;
    printf("  a turn for 10,000 stands costs %.1fx one for 1,000\n", ratio);
    missed += goal(ratio <= 12, "a turn for 10,000 stands at most 12x one for 1,000");
  }
  if (want(argc, argv, "ba")) {
    text t = {0};
    int nbat = 60;
    ba_scenario(&t, nbat);
    figure fg = measure("ba-2x60.yaml", &t, ba_play, &nbat);
    printf("Belle Alliance (issue 4): 60 infantry battalions a side in two lines; scripted orders "
           "(in the first lines one battalion in three attacks, one fires, one moves up; the second "
           "lines move up)\n");
    show("2 x 60 battalions", &fg);
    missed += goal(fg.best < 200e-6, "one bound for 2 x 60 battalions under 200 us");
    figure fa = measure_ai("ba-2x60.yaml", &t);
    show("for comparison, the same field with the AI commanders' orders", &fa);
    free(t.s);
  }
  if (want(argc, argv, "inradic")) {
    text t = {0};
    in_scenario(&t, 6, 10);
    figure fg = measure_ai("inradic-2x6.yaml", &t);
    printf("Inradic (issue 5): 6 units of 10 figures a side; orders of the AI commanders\n");
    show("2 x 60 figures in 6 units", &fg);
    missed += goal(fg.best < 50e-6, "one turn for 2 x 60 figures in 6 units under 50 us");
    free(t.s);
  }
  return missed ? 1 : 0;
}
