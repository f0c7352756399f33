/*
** cmd-battle.c: the commands that let the AI commanders fight:
**   battle    one whole battle, AI against AI, narrated, stored in the store
**   simulate  N seeded battles in memory, on threads (and MPI ranks when
**             built with make MPI=1), with rates, intervals, distributions
*/
#include "cli.h"

#include <errno.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#ifdef GN_MPI
#include <mpi.h>
#endif

/* ------------------------------------------------------------ helpers */

/*
** "--ai A,B": the commanders of the sides, in side order. The text is split
** at commas; a piece with ':' or without '=' starts a new commander, a
** piece "key=value" belongs to the one before ("doctrine:aggression=0.7,
** caution=0.3,passive" is two). One commander given serves every side.
*/
static int ai_specs(const cli_cmd *cmd, const char *text, gn_ai_params *p) {
  char buf[512], spec[GN_BATTLE_MAXSIDES][512], err[160];
  int n = 0;
  memset(p, 0, GN_BATTLE_MAXSIDES * sizeof *p);   /* none given: the scenario's */
  if (!text) return 0;
  for (int k = 0; k < GN_BATTLE_MAXSIDES; k++) gn_ai_params_default(&p[k]);
  if (strlen(text) >= sizeof buf) return cli_usage(cmd, "--ai is too long");
  strcpy(buf, text);
  for (char *save = NULL, *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
    int starts = strchr(t, ':') || !strchr(t, '=') || n == 0;
    if (starts) {
      if (n == GN_BATTLE_MAXSIDES) return cli_usage(cmd, "--ai names more commanders than sides");
      snprintf(spec[n++], sizeof spec[0], "%s", t);
    } else {
      size_t l = strlen(spec[n - 1]);
      snprintf(spec[n - 1] + l, sizeof spec[0] - l, ",%s", t);
    }
  }
  for (int k = 0; k < n; k++)
    if (gn_ai_params_parse(spec[k], &p[k], err, sizeof err)) return cli_usage(cmd, "--ai: %s", err);
  for (int k = n; n == 1 && k < GN_BATTLE_MAXSIDES; k++) p[k] = p[0];
  return 0;
}

static char *read_file(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  char *buf = NULL;
  size_t cap = 0, n = 0;
  if (!f) return NULL;
  for (;;) {
    if (n + 4096 > cap) {
      cap = cap ? 2 * cap : 65536;
      char *q = realloc(buf, cap + 1);
      if (!q) { free(buf); fclose(f); return NULL; }
      buf = q;
    }
    size_t k = fread(buf + n, 1, cap - n, f);
    n += k;
    if (k == 0) break;
  }
  int bad = ferror(f);
  fclose(f);
  if (bad) { free(buf); return NULL; }
  buf[n] = 0;
  *len = n;
  return buf;
}

static const char *word_of(const gn_game *g) { return strcmp(gn_game_ruleset(g), "vb") ? "figures" : "SP"; }

/* "12,500" */
static const char *thousands(long v, char *buf, size_t n) {
  char t[32];
  snprintf(t, sizeof t, "%ld", v < 0 ? -v : v);
  size_t l = strlen(t), k = 0;
  if (v < 0 && k + 1 < n) buf[k++] = '-';
  for (size_t i = 0; i < l && k + 2 < n; i++) {
    buf[k++] = t[i];
    if ((l - i - 1) % 3 == 0 && i + 1 < l) buf[k++] = ',';
  }
  buf[k] = 0;
  return buf;
}

/* ------------------------------------------------------------ battle */

typedef struct narrator {
  gn_store *st;
  const char *id;
  int quiet;
} narrator;

static int store_apply(void *ud, gn_game *g, const char *order) {
  narrator *n = ud;
  int rc = gn_store_order(n->st, n->id, g, order);
  /* a refusal keeps the game's own message; the store's says the same */
  return rc;
}

static void on_order(void *ud, const gn_game *g, const char *order, int first) {
  narrator *n = ud;
  if (n->quiet) return;
  if (!strcmp(order, "end") && gn_event_count(g) == first) return;
  printf("> %s\n", order);
  for (int i = first; i < gn_event_count(g); i++) {
    char *t = gn_event_text(g, i);
    if (t) printf("  %s\n", t);
    gn_string_free(t);
  }
}

static void on_turn(void *ud, const gn_game *g, int turn, const gn_battle_result *r) {
  (void)ud;
  printf("== end of turn %d (%s):", turn, gn_game_clock(g).text);
  for (int s = 0; s < r->nsides; s++)
    printf("%s %s %d %s (%c%d)", s ? "," : "", gn_side_name(g, s), r->side[s].strength, word_of(g),
           r->side[s].lost < 0 ? '+' : '-', abs(r->side[s].lost));   /* + after a night's recovery */
  for (int i = 0; i < r->nobjectives; i++) {
    gn_objective_info o;
    if (gn_objective_get(g, i, &o)) continue;
    printf("%s %s: %s", i ? "," : "; objectives", o.name && o.name[0] ? o.name : o.id,
           r->owner[i] >= 0 ? gn_side_name(g, r->owner[i]) : "nobody");
  }
  printf("; %s\n", r->winner >= 0 ? gn_side_name(g, r->winner) : "even so far");
}

static void report(const gn_game *g, const char *id, const char *db, const gn_battle_result *r) {
  char a[32], b[32];
  const char *w = word_of(g);
  printf("\n== result after %d turns (%s), %d orders\n", r->turns, gn_game_clock(g).text, r->orders);
  if (r->winner >= 0)
    printf("%s victory to %s: %s\n", r->level == GN_LEVEL_DECISIVE ? "decisive" : "marginal",
           gn_side_name(g, r->winner), r->why);
  else
    printf("%s\n", r->why);
  if (r->winner >= 0) printf("turn of decision: %d\n", r->decision_turn);
  printf("losses:\n");
  for (int s = 0; s < r->nsides; s++) {
    const gn_battle_side *d = &r->side[s];
    if (d->lost < 0)        /* the night's recovery gave back more than the battle took */
      printf("  %-16s gained %d over its %d %s", gn_side_name(g, s), -d->lost, d->strength0, w);
    else
      printf("  %-16s lost %d of %d %s", gn_side_name(g, s), d->lost, d->strength0, w);
    if (d->lost >= 0 && d->men_lost >= 0 && d->men0 >= 0)   /* by each unit's arm: gn_unit_men */
      printf(" (about %s men of %s present)", thousands(d->men_lost, a, sizeof a),
             thousands(d->men0, b, sizeof b));
    printf("; %d of %d units broken\n", d->broken, d->units);
  }
  for (int i = 0; i < r->nobjectives; i++) {
    gn_objective_info o;
    if (!gn_objective_get(g, i, &o))
      printf("objective %s (%d points): %s\n", o.name && o.name[0] ? o.name : o.id, o.points,
             r->owner[i] >= 0 ? gn_side_name(g, r->owner[i]) : "nobody");
  }
  for (int s = 0; s < r->nsides; s++) {
    int best = -1;
    for (int u = 0; u < r->nunits; u++) {
      gn_unit_view v;
      if (!r->inflicted || r->inflicted[u] <= 0 || gn_unit_view_get(g, u, GN_UMPIRE, &v) || v.side != s) continue;
      if (best < 0 || r->inflicted[u] > r->inflicted[best]) best = u;
    }
    gn_unit_view v;
    if (best >= 0 && !gn_unit_view_get(g, best, GN_UMPIRE, &v))
      printf("most effective unit of %s: %s (%s), %d enemy %s\n", gn_side_name(g, s), v.name, v.code && *v.code ? v.code : v.id,
             r->inflicted[best], w);
  }
  int refused = 0, worst = 0, probes = 0;
  for (int s = 0; s < r->nsides; s++) {
    refused += r->ai[s].refused;
    probes += r->ai[s].probes_refused;
    if (r->ai[s].max_refused_turn > worst) worst = r->ai[s].max_refused_turn;
  }
  printf("orders refused: %d (at most %d in a turn); probes the rules refused: %d\n", refused, worst, probes);
  printf("final state hash %016llx\n", (unsigned long long)r->hash);
  /* the hint names the store when it is not the default one */
  char g_[1100];
  if (!strcmp(db, CLI_DEFAULT_DB)) snprintf(g_, sizeof g_, "grognard");
  else snprintf(g_, sizeof g_, "grognard --db %s", db);
  printf("stored as %s in %s: %s log %s | %s replay %s --verify | %s show %s\n", id, db, g_, id, g_, id,
         g_, id);
}

/* The scenario's commanders of the sides given none on the command line,
** judged before any game is stored: 0, or 1 with each problem printed (a
** scenario that does not load is left to gn_store_create to report). */
static int scenario_commanders(const char *path, const gn_ai_params *given) {
  char why[512];
  int bad = 0;
  gn_game *g = gn_game_new(NULL);
  if (g && gn_game_load_file(g, path) == 0)
    for (int s = 0; s < gn_side_count(g) && s < GN_BATTLE_MAXSIDES; s++)
      if (!given[s].kind[0] && gn_side_ai_check(g, s, why, sizeof why)) {
        fprintf(stderr, "%s\n", why);
        bad = 1;
      }
  for (int f = 0; g && f < gn_formation_count(g); f++)
    if (gn_formation_plan_check(g, f, why, sizeof why)) {
      fprintf(stderr, "%s\n", why);
      bad = 1;
    }
  gn_game_free(g);
  return bad;
}

static int run_battle(cli *c, const cli_cmd *cmd, int argc, char **argv) {
  cli_opt opts[] = { { "--seed", 1, 0, NULL }, { "--ai", 1, 0, NULL }, { "--quiet", 0, 0, NULL },
                     { NULL, 0, 0, NULL } };
  char *pos[1], id[32], spec[GN_BATTLE_MAXSIDES][96];
  int npos, rc;
  uint64_t seed = 1;
  gn_store *st;
  gn_game *g = NULL;
  gn_battle_opts bo;
  memset(&bo, 0, sizeof bo);
  if ((rc = cli_args(c, cmd, argc, argv, opts, pos, &npos, 1, 1)) != 0) return rc;
  if (opts[0].seen && cli_u64(opts[0].val, &seed) != 0)
    return cli_usage(cmd, "--seed needs a whole number from 0 to 2^64-1, not '%s'", opts[0].val);
  if ((rc = ai_specs(cmd, opts[1].val, bo.ai)) != 0) return rc;
  if (scenario_commanders(pos[0], bo.ai) != 0) return CLI_FAIL;
  if (cli_store_open(c, 0, &st) != CLI_OK) return CLI_FAIL;
  rc = gn_store_create(st, pos[0], seed, id, sizeof id);
  if (rc == GN_ESCENARIO || rc == GN_ELIMIT) { fprintf(stderr, "%s\n", gn_store_errmsg(st)); goto fail; }
  if (rc) { cli_fail("%s", gn_store_errmsg(st)); goto fail; }
  if ((rc = gn_store_load(st, id, &g)) != 0) { cli_fail("%s: %s", id, gn_store_errmsg(st)); goto fail; }
  narrator n = { st, id, opts[2].seen };
  bo.apply = store_apply; bo.apply_ud = &n;
  bo.on_order = on_order; bo.on_turn = on_turn; bo.ud = &n;
  printf("== battle %s: %s (%s), seed %llu\n", id, gn_game_scenario_name(g), gn_game_ruleset(g),
         (unsigned long long)seed);
  for (int s = 0; s < gn_side_count(g) && s < GN_BATTLE_MAXSIDES; s++) {
    gn_ai_params p = bo.ai[s];
    int scen = !p.kind[0] && gn_side_ai(g, s, &p) == 1;
    gn_ai_params_format(&p, spec[s], sizeof spec[s]);
    printf("   %s: %s%s\n", gn_side_name(g, s), spec[s], scen ? " (the scenario's)" : "");
  }
  printf("   %s\n", gn_game_clock(g).text);
  gn_battle_result r;
  rc = gn_battle_run(g, &bo, &r);
  report(g, id, c->db, &r);
  gn_battle_result_free(&r);
  if (rc) {
    cli_fail("the battle stopped early: %s (%s)", gn_strerror(rc), gn_errmsg(g));
    goto fail;
  }
  gn_game_free(g);
  gn_store_close(st);
  return CLI_OK;
fail:
  gn_game_free(g);
  gn_store_close(st);
  return CLI_FAIL;
}

const cli_cmd cli_cmd_battle = {
  "battle", "SCENARIO [--seed N] [--ai A,B] [--quiet]",
  "fight a whole battle, AI against AI, narrated; store it",
  "Each side is led by an AI commander that sees only what its side may see and\n"
  "gives orders as a player types them. Every event is printed (with --quiet\n"
  "one line per turn), then the result: who won and why, losses (V&B: in SP and\n"
  "in men, about 250 men a roster casualty, ref. VB-72), the turn of decision,\n"
  "units broken. The game is stored: log, show and replay --verify work on it.\n"
  "\noptions:\n"
  "  --seed N           the seed of the game's dice (default 1)\n"
  "  --ai A,B           the commanders of the sides in order (one: both);\n"
  "                     doctrine[:aggression=X,caution=Y] (0..1, default 0.5)\n"
  "                     or passive (gives no orders);\n"
  "                     without it, each side's ai: in the scenario, else doctrine\n"
  "  --quiet            one line per turn instead of every event\n",
  run_battle,
};

/* ------------------------------------------------------------ simulate */

typedef struct progress {
  struct timespec t0;
  int tty;
  int last;
} progress;

static double since(const struct timespec *t0) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)(t.tv_sec - t0->tv_sec) + (double)(t.tv_nsec - t0->tv_nsec) / 1e9;
}

/* A bar on the terminal: done/total, battles a second, time left. */
static void on_progress(void *ud, int done, int total) {
  progress *p = ud;
  if (!p->tty) return;
  int pct = total ? 100 * done / total : 100;
  if (pct == p->last && done != total) return;
  p->last = pct;
  double el = since(&p->t0), rate = el > 0 ? done / el : 0, left = rate > 0 ? (total - done) / rate : 0;
  char bar[31];
  int fill = total ? 30 * done / total : 30;
  for (int i = 0; i < 30; i++) bar[i] = i < fill ? '#' : '.';
  bar[30] = 0;
  fprintf(stderr, "\r[%s] %d/%d  %.1f battles/s  %.0f s left ", bar, done, total, rate, left);
  if (done == total) fputc('\n', stderr);
  fflush(stderr);
}

/* Writes the library's text to path (NULL or "-": standard output) and frees it. */
static int write_out(const char *path, char *text) {
  if (!text) return cli_fail("out of memory");
  int rc = cli_write_file(path, text);
  gn_string_free(text);
  return rc;
}

/* ------------------------------------------------------------ simulate --svg */

/* Side colours, as the map draws them (cmd-map.c). */
static const char *const side_fill[4] = {"#2650bf", "#cc2626", "#1a8c40", "#d98013"};
#define SVG_W 920
#define SVG_X 230          /* where the bars start */
#define SVG_BAR 520.0      /* the longest bar */
#define SVG_BINS 40        /* at most this many bars in a histogram */

/* Text for SVG: <, > and & escaped. */
static void svg_text(FILE *f, const char *s) {
  for (; s && *s; s++) {
    if (*s == '<') fputs("&lt;", f);
    else if (*s == '>') fputs("&gt;", f);
    else if (*s == '&') fputs("&amp;", f);
    else fputc(*s, f);
  }
}

/* The next field of a CSV line at *p (quotes undone) into out; *p moves past
** its comma. 0 at the end of the line. */
static int csv_next(const char **p, char *out, size_t n) {
  const char *s = *p;
  size_t k = 0;
  if (!*s || *s == '\n') return 0;
  int q = *s == '"';
  if (q) s++;
  while (*s && *s != '\n' && (q || *s != ',')) {
    if (q && *s == '"') {
      if (s[1] == '"') s++;
      else { q = 0; s++; continue; }
    }
    if (k + 1 < n) out[k++] = *s;
    s++;
  }
  out[k] = 0;
  if (*s == ',') s++;
  *p = s;
  return 1;
}

/* The losses of side k in every battle, from the CSV (column 9 + 3k); the
** count in *n. NULL when out of memory. */
static long *csv_losses(const char *csv, int k, int *n) {
  size_t cap = 64;
  long *v = malloc(cap * sizeof *v);
  char field[256];
  *n = 0;
  if (!v) return NULL;
  const char *line = strchr(csv, '\n');                       /* skip the header */
  while (line && *++line) {
    const char *p = line;
    for (int col = 0; csv_next(&p, field, sizeof field); col++)
      if (col == 9 + 3 * k) {
        if ((size_t)*n == cap) {
          long *w = realloc(v, 2 * cap * sizeof *v);
          if (!w) { free(v); return NULL; }
          v = w; cap *= 2;
        }
        v[(*n)++] = strtol(field, NULL, 10);
        break;
      }
    line = strchr(line, '\n');
  }
  return v;
}

/* One histogram at y0, 90 pixels high: counts of n values per bin, with the
** mean marked; the label on the left. Returns the height used. */
static int svg_histogram(FILE *f, int y0, const char *label, const char *fill, const long *v, int n,
                         double mean) {
  long lo = 0, hi = 0;
  for (int i = 0; i < n; i++) { if (v[i] > hi) hi = v[i]; if (i == 0 || v[i] < lo) lo = v[i]; }
  if (lo > 0) lo = 0;
  long span = hi - lo + 1, width = (span + SVG_BINS - 1) / SVG_BINS;
  int bins = (int)((span + width - 1) / width), count[SVG_BINS] = {0}, top = 1;
  for (int i = 0; i < n; i++) count[(v[i] - lo) / width]++;
  for (int b = 0; b < bins; b++) if (count[b] > top) top = count[b];
  double bw = SVG_BAR / bins;
  fprintf(f, "<text x=\"10\" y=\"%d\">", y0 + 50);
  svg_text(f, label);
  fprintf(f, "</text>\n");
  for (int b = 0; b < bins; b++) {
    double h = 80.0 * count[b] / top;
    fprintf(f, "<rect class=\"bin\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\">"
               "<title>%ld-%ld: %d</title></rect>\n", SVG_X + b * bw, y0 + 80 - h, bw > 2 ? bw - 1 : bw, h,
            fill, lo + b * width, lo + (b + 1) * width - 1, count[b]);
  }
  double mx = SVG_X + (mean - (double)lo + 0.5) / (double)(bins * width) * SVG_BAR;
  fprintf(f, "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%d\" stroke=\"black\" stroke-dasharray=\"4 2\"/>\n",
          mx, mx, y0, y0 + 82);
  fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"10\">%ld</text>", SVG_X, y0 + 94, lo);
  fprintf(f, "<text x=\"%.0f\" y=\"%d\" font-size=\"10\" text-anchor=\"end\">%ld</text>", SVG_X + SVG_BAR,
          y0 + 94, lo + bins * width - 1);
  fprintf(f, "<text x=\"%.1f\" y=\"%d\" font-size=\"10\">mean %.1f</text>\n", mx + 3, y0 + 10, mean);
  return 104;
}

/* Part 1 of the simulate SVG from y: win and draw rates of the ns sides,
** each bar with its 95% interval. Returns the next y. */
static int svg_results(FILE *f, json_t *j, json_t *sides, int ns, int y) {
  fprintf(f, "<text x=\"10\" y=\"%d\" font-weight=\"bold\">result (bar: rate; line: 95%% interval)</text>\n", y);
  y += 10;
  for (int k = 0; k <= ns; k++) {
    json_t *sd = k < ns ? json_array_get(sides, (size_t)k) : NULL;
    double p = json_real_value(k < ns ? json_object_get(sd, "win_rate") : json_object_get(j, "draw_rate"));
    double lo = json_real_value(k < ns ? json_object_get(sd, "win_lo") : json_object_get(j, "draw_lo"));
    double hi = json_real_value(k < ns ? json_object_get(sd, "win_hi") : json_object_get(j, "draw_hi"));
    fprintf(f, "<text x=\"10\" y=\"%d\">", y + 14);
    svg_text(f, k < ns ? json_string_value(json_object_get(sd, "name")) : "drawn");
    fprintf(f, "</text>\n<rect class=\"rate\" x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"18\" fill=\"%s\"/>\n",
            SVG_X, y, p * SVG_BAR, k < ns ? side_fill[k % 4] : "#888888");
    fprintf(f, "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%d\" stroke=\"black\"/>\n", SVG_X + lo * SVG_BAR,
            SVG_X + hi * SVG_BAR, y + 9, y + 9);
    fprintf(f, "<text x=\"%.1f\" y=\"%d\">%.1f%% (%.1f-%.1f%%)</text>\n", SVG_X + SVG_BAR + 8, y + 14,
            100 * p, 100 * lo, 100 * hi);
    y += 24;
  }
  return y;
}

/* Part 3 of the simulate SVG from y: battles decided at each turn (dec: turn
** to count). Returns the next y. */
static int svg_decision(FILE *f, json_t *dec, int y) {
  const char *key;
  json_t *val;
  int maxturn = 0, topturn = 1;
  json_object_foreach(dec, key, val) {
    int t = atoi(key), c = (int)json_integer_value(val);
    if (t > maxturn) maxturn = t;
    if (c > topturn) topturn = c;
  }
  fprintf(f, "<text x=\"10\" y=\"%d\" font-weight=\"bold\">turn of decision (battles won, by the turn "
             "from which the verdict held)</text>\n", y);
  y += 10;
  for (int t = 1; t <= maxturn; t++) {
    char k[16];
    snprintf(k, sizeof k, "%d", t);
    int c = (int)json_integer_value(json_object_get(dec, k));
    double bw = SVG_BAR / maxturn, bh = 90.0 * c / topturn;
    fprintf(f, "<rect class=\"turn\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"#4a6fa5\">"
               "<title>turn %d: %d</title></rect>\n", SVG_X + (t - 1) * bw, y + 90 - bh, bw - 2, bh, t, c);
    fprintf(f, "<text x=\"%.1f\" y=\"%d\" font-size=\"10\" text-anchor=\"middle\">%d</text>\n",
            SVG_X + (t - 0.5) * bw, y + 104, t);
    if (c) fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"10\" text-anchor=\"middle\">%d</text>\n",
                   SVG_X + (t - 0.5) * bw, y + 88 - bh, c);
  }
  fprintf(f, "<text x=\"10\" y=\"%d\">turn</text>\n", y + 104);
  return y + 120;
}

/* Part 4 of the simulate SVG from y: each of the nobj objectives' final
** holder as shares of the battles (grey: nobody). */
static void svg_objectives(FILE *f, json_t *objs, int nobj, json_t *sides, int ns, int y) {
  const char *key;
  json_t *val;
  fprintf(f, "<text x=\"10\" y=\"%d\" font-weight=\"bold\">objectives: final holder (share of the "
             "battles; grey: nobody)</text>\n", y);
  y += 10;
  for (int o = 0; o < nobj; o++) {
    json_t *ob = json_array_get(objs, (size_t)o), *held = json_object_get(ob, "held");
    double total = 0, x = SVG_X;
    json_object_foreach(held, key, val) total += (double)json_integer_value(val);
    fprintf(f, "<text x=\"10\" y=\"%d\">", y + 14);
    svg_text(f, json_string_value(json_object_get(ob, "name")));
    fprintf(f, "</text>\n");
    for (int k = 0; k <= ns && total > 0; k++) {
      json_t *sd = json_array_get(sides, (size_t)k);
      int c = (int)json_integer_value(json_object_get(held, k < ns ? json_string_value(json_object_get(sd, "name"))
                                                                  : "none"));
      double w = c / total * SVG_BAR;
      fprintf(f, "<rect class=\"held\" x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"18\" fill=\"%s\">"
                 "<title>%d</title></rect>\n", x, y, w, k < ns ? side_fill[k % 4] : "#bbbbbb", c);
      x += w;
    }
    y += 24;
  }
}

/*
** simulate --svg FILE: the distributions of the batch drawn by hand, as
** `odds --svg` does (cmd-odds.c), from the batch's JSON and CSV:
**   1) win and draw rates, each bar with its 95% interval
**   2) per side, the histogram of its losses, the mean marked
**   3) the turn of decision: battles decided at each turn
**   4) each objective's final holder, as shares of the battles
** Fails (CLI_FAIL, with the message) when the file cannot be written.
*/
static int write_sim_svg(const char *path, gn_sim *sim) {
  char *js = gn_sim_json(sim), *csv = gn_sim_csv(sim);
  json_t *j = js ? json_loads(js, 0, NULL) : NULL;
  gn_string_free(js);
  if (!j || !csv) { json_decref(j); gn_string_free(csv); return cli_fail("out of memory"); }
  json_t *sides = json_object_get(j, "sides"), *dec = json_object_get(j, "decision_turn"),
         *objs = json_object_get(j, "objectives");
  int ns = (int)json_array_size(sides), nobj = (int)json_array_size(objs);
  const char *word = json_string_value(json_object_get(j, "unit"));
  int h = 70 + 24 * (ns + 1) + 30 + 104 * ns + 30 + 130 + (nobj ? 30 + 24 * nobj : 0) + 20;
  FILE *f = path ? fopen(path, "w") : stdout;
  if (!f) {
    int e = errno;
    json_decref(j);
    gn_string_free(csv);
    return cli_fail("cannot write %s: %s", path, strerror(e));
  }
  fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
             "font-family=\"sans-serif\" font-size=\"12\">\n<rect width=\"%d\" height=\"%d\" fill=\"white\"/>\n",
          SVG_W, h, SVG_W, h);
  fprintf(f, "<text x=\"10\" y=\"22\" font-size=\"16\" font-weight=\"bold\">");
  svg_text(f, json_string_value(json_object_get(j, "scenario")));
  fprintf(f, " (%s): %d battles, seed %llu</text>\n", json_string_value(json_object_get(j, "ruleset")),
          (int)json_integer_value(json_object_get(j, "played")),
          (unsigned long long)json_integer_value(json_object_get(j, "seed")));
  int y = svg_results(f, j, sides, ns, 50);                                       /* 1 */
  y += 20;                                                                        /* 2 */
  fprintf(f, "<text x=\"10\" y=\"%d\" font-weight=\"bold\">losses (%s) per battle</text>\n", y, word ? word : "");
  y += 6;
  for (int k = 0; k < ns; k++) {
    json_t *sd = json_array_get(sides, (size_t)k);
    int n;
    long *v = csv_losses(csv, k, &n);
    if (!v) { if (f != stdout) fclose(f); json_decref(j); gn_string_free(csv); return cli_fail("out of memory"); }
    y += svg_histogram(f, y, json_string_value(json_object_get(sd, "name")), side_fill[k % 4], v, n,
                       json_real_value(json_object_get(json_object_get(sd, "lost"), "mean")));
    free(v);
  }
  y = svg_decision(f, dec, y + 20);                                               /* 3 */
  if (nobj) svg_objectives(f, objs, nobj, sides, ns, y + 20);                     /* 4 */
  fprintf(f, "</svg>\n");
  json_decref(j);
  gn_string_free(csv);
  if (f == stdout) return CLI_OK;
  if (fclose(f) != 0) return cli_fail("cannot write %s: %s", path, strerror(errno));
  return CLI_OK;
}

/* simulate's arguments but the old spelling "--json FILE" ("-" or a name
** ending in .json: JSON into that file besides the report; "--json" alone is
** JSON on stdout), at most max of them into args. Returns that FILE or NULL. */
static const char *old_json(const cli_cmd *cmd, int argc, char **argv, char **args, int max, int *nargs) {
  const char *oldjson = NULL;
  *nargs = 0;
  for (int i = 0; i < argc && *nargs < max; i++) {
    const char *nx = i + 1 < argc ? argv[i + 1] : NULL;
    size_t l = nx ? strlen(nx) : 0;
    if (!strcmp(argv[i], "--json") && nx && (!strcmp(nx, "-") || (l > 5 && !strcmp(nx + l - 5, ".json")))) {
      oldjson = argv[++i];
      cli_note_old(cmd, "--json FILE", "-o FILE.json");
      continue;
    }
    args[(*nargs)++] = argv[i];
  }
  return oldjson;
}

/* --runs (needed), --seed and --jobs of simulate, checked. 0 or the usage
** failure. */
static int sim_counts(const cli_cmd *cmd, const cli_opt *r, const cli_opt *s, const cli_opt *j,
                      uint64_t *runs, uint64_t *seed, uint64_t *jobs) {
  if (!r->seen || cli_u64(r->val, runs) != 0 || *runs < 1 || *runs > 100000000)
    return cli_usage(cmd, "--runs N is needed (1 to 100,000,000)");
  if (s->seen && cli_u64(s->val, seed) != 0)
    return cli_usage(cmd, "--seed needs a whole number from 0 to 2^64-1, not '%s'", s->val);
  if (j->seen && (cli_u64(j->val, jobs) != 0 || *jobs < 1 || *jobs > 256))
    return cli_usage(cmd, "--jobs needs a number from 1 to 256");
  return 0;
}

/* simulate's main output, the report as text or the format asked for, then
** the time it took on stderr. */
static int sim_report(gn_sim *sim, const cli_output *out, double secs, uint64_t runs, uint64_t jobs,
                      int nranks) {
  int rc;
  if (!strcmp(out->format, "json")) rc = write_out(out->path, gn_sim_json(sim));
  else if (!strcmp(out->format, "csv")) rc = write_out(out->path, gn_sim_csv(sim));
  else if (!strcmp(out->format, "svg")) rc = write_sim_svg(out->path, sim);
  else rc = write_out(out->path, gn_sim_text(sim));
  fprintf(stderr, "grognard: %llu battles in %.1f s (%.1f a second, %d %s", (unsigned long long)runs, secs,
          secs > 0 ? (double)runs / secs : 0.0, (int)jobs, jobs == 1 ? "thread" : "threads");
  if (nranks > 1) fprintf(stderr, " on each of %d MPI ranks", nranks);
  fprintf(stderr, ")\n");
  return rc;
}

/* The batch stored in the game store (--db). CLI_OK or CLI_FAIL. */
static int sim_store(cli *c, gn_sim *sim) {
  char id[32];
  int src, rc = CLI_OK;
  gn_store *st = NULL;
  if (cli_store_open(c, 0, &st) != CLI_OK) rc = CLI_FAIL;
  else if ((src = gn_sim_save(sim, st, id, sizeof id)) != 0)
    rc = cli_fail("%s", src == GN_ESTORE ? gn_store_errmsg(st) : gn_strerror(src));
  else fprintf(stderr, "grognard: stored as batch %s in %s\n", id, c->db);
  gn_store_close(st);
  return rc;
}

static int run_simulate(cli *c, const cli_cmd *cmd, int argc, char **argv) {
  static const char *const formats[] = { "text", "json", "csv", "svg", NULL };
  cli_opt opts[] = { { "--runs", 1, 0, NULL }, { "--seed", 1, 0, NULL }, { "--jobs", 1, 0, NULL },
                     { "--ai", 1, 0, NULL }, { "--csv", 1, 0, NULL }, { "--mpi", 0, 0, NULL },
                     { "--no-store", 0, 0, NULL }, { "--svg", 1, 0, NULL }, CLI_OUTPUT_OPTS,
                     { NULL, 0, 0, NULL } };
  enum { O_RUNS, O_SEED, O_JOBS, O_AI, O_CSV, O_MPI, O_NOSTORE, O_SVG };
  char *pos[1], err[512], *args[CLI_MAXWORDS * 2];
  const char *oldjson = NULL;
  int npos, rc, rank = 0, nranks = 1, nargs = 0;
  uint64_t seed = 1, runs = 0, jobs = 1;
  cli_output out;
  gn_sim_opts so;
  memset(&so, 0, sizeof so);
  oldjson = old_json(cmd, argc, argv, args, (int)(sizeof args / sizeof args[0]), &nargs);
  if ((rc = cli_args(c, cmd, nargs, args, opts, pos, &npos, 1, 1)) != 0) return rc;
  if ((rc = cli_output_get(cmd, opts + O_SVG + 1, formats, &out)) != CLI_OK) return rc;
  if (opts[O_CSV].seen) cli_note_old(cmd, "--csv FILE", "-o FILE.csv");
  if (opts[O_SVG].seen) cli_note_old(cmd, "--svg FILE", "-o FILE.svg");
  if ((rc = sim_counts(cmd, &opts[O_RUNS], &opts[O_SEED], &opts[O_JOBS], &runs, &seed, &jobs)) != 0) return rc;
  if ((rc = ai_specs(cmd, opts[O_AI].val, so.ai)) != 0) return rc;
#ifdef GN_MPI
  if (opts[O_MPI].seen) {
    MPI_Init(NULL, NULL);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &nranks);
  }
#else
  if (opts[O_MPI].seen) return cli_fail("this grognard was built without MPI (build it with make MPI=1)");
#endif
  size_t len;
  char *text = read_file(pos[0], &len);
  gn_sim *sim = NULL;
  if (!text) { rc = cli_fail("cannot read %s: %s", pos[0], strerror(errno)); goto out; }
  if ((rc = gn_sim_new(pos[0], text, len, NULL, &sim, err, sizeof err)) != 0) {
    rc = rc == GN_ESCENARIO ? (fprintf(stderr, "%s\n", err), CLI_FAIL) : cli_fail("%s: %s", pos[0], err);
    goto out;
  }
  progress pg = { {0, 0}, rank == 0 && isatty(2), -1 };
  clock_gettime(CLOCK_MONOTONIC, &pg.t0);
  so.seed = seed; so.runs = (int)runs; so.jobs = (int)jobs;
  so.rank = rank; so.nranks = nranks;
  so.progress = on_progress; so.ud = &pg;
  if ((rc = gn_sim_run(sim, &so)) != 0) { rc = cli_fail("simulate: %s", gn_strerror(rc)); goto out; }
  double secs = since(&pg.t0);
#ifdef GN_MPI
  if (opts[O_MPI].seen) {
    size_t n;
    int64_t *rec = gn_sim_records(sim, &n);
    if (rank == 0) MPI_Reduce(MPI_IN_PLACE, rec, (int)n, MPI_INT64_T, MPI_SUM, 0, MPI_COMM_WORLD);
    else MPI_Reduce(rec, NULL, (int)n, MPI_INT64_T, MPI_SUM, 0, MPI_COMM_WORLD);
    gn_sim_merged(sim);
  }
#endif
  rc = CLI_OK;
  if (rank != 0) goto out;
  rc = sim_report(sim, &out, secs, runs, jobs, nranks);
  if (rc == CLI_OK && oldjson) rc = write_out(oldjson, gn_sim_json(sim));
  if (rc == CLI_OK && opts[O_CSV].seen) rc = write_out(opts[O_CSV].val, gn_sim_csv(sim));
  if (rc == CLI_OK && opts[O_SVG].seen) rc = write_sim_svg(opts[O_SVG].val, sim);
  if (rc == CLI_OK && !opts[O_NOSTORE].seen) rc = sim_store(c, sim);
out:
  gn_sim_free(sim);
  free(text);
#ifdef GN_MPI
  if (opts[O_MPI].seen) MPI_Finalize();
#endif
  return rc;
}

const cli_cmd cli_cmd_simulate = {
  "simulate", "SCENARIO --runs N [--seed S] [--jobs J] [--ai A,B] [--json | -o FILE] [--format text|json|csv|svg] [--no-store] [--mpi]",
  "run N seeded battles, AI against AI; print rates, intervals, distributions",
  "Battle i uses the seed splitmix64(S, i), so the results are the same for any\n"
  "number of threads (and MPI ranks). Battles run in memory; the batch (its\n"
  "results and one row per battle) is stored in the store's batches tables.\n"
  "Printed: win, draw and loss rates with 95% Wilson intervals; losses (mean,\n"
  "sd, percentiles); the turn of decision; each objective's final holder; the\n"
  "units that mattered most. A progress bar on a terminal (standard error).\nThe old spellings --json FILE, --csv FILE and --svg FILE still work for this\nrelease: they write that file besides the report.\n"
  "\noptions:\n"
  "  --runs N           how many battles\n"
  "  --seed S           the master seed (default 1)\n"
  "  --jobs J           threads (default 1)\n"
  "  --ai A,B           the commanders, as for 'grognard battle'\n"
  "  --json             the results as JSON on standard output (nothing else)\n"
  "  -o, --out FILE     write to FILE, in the format of its extension: .json\n"
  "                     (the results), .csv (one line per battle), .svg (the\n"
  "                     distributions drawn: results with their intervals,\n"
  "                     losses, turn of decision, objectives), else the report\n"
  "  --format FMT       the format when FILE does not say it: text, json, csv, svg\n"
  "  --no-store         do not store the batch\n"
  "  --mpi              share the runs across MPI ranks (mpirun -np K; make MPI=1)\n",
  run_simulate,
};
