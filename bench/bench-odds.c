/*
** bench-odds.c: the odds engine's numbers.
**   1) every single-resolution question of tests/odds-examples.h answered
**      exactly (goal: under 1 ms each), against 10^6 Monte Carlo runs of the
**      same question (goal: at least 100x faster)
**   2) the large questions: V&B fire and melee at the sizes the checks allow,
**      Belle Alliance supplies over many rolls (goal: exact, under 1 ms)
**   3) a whole-order question on every bundled scenario, with everything
**      that follows (goal: exact, under 100 ms), each with the summary a
**      player reads at the table (cli/odds-summary.c, as 'grognard odds')
** Shared, noisy machines: CPU time of the process, best of several runs.
*/
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "grognard.h"
#include "../cli/cli.h"
#include "../tests/odds-examples.h"

/* CPU time of the process: the machine's other work does not count. */
static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return (double)t.tv_sec + t.tv_nsec * 1e-9;
}

/* 2) ruleset, check, arguments (NULL-ended) */
static const example LARGE[] = {
  { "vb", "melee", { "--attack-dice", "12", "--defence-dice", "12", "--attack-cavalry", "--sunken", NULL } },
  { "vb", "melee", { "--attack-dice", "640", "--defence-dice", "640", "--attack-cavalry", "--sunken", NULL } },
  { "ba", "supplies", { "--rolls", "3", NULL } },
  { "ba", "supplies", { "--rolls", "8", NULL } },
  { "ba", "supplies", { "--rolls", "8", "--start", "3", NULL } },
  { "vb", "fire", { "--dice", "64", "--range", "close", "--weapon", "musket", "--save", "works,open", NULL } },
  { "vb", "fire", { "--dice", "194", "--range", "close", "--weapon", "musket", NULL } },
  { "vb", "fire", { "--dice", "640", "--range", "close", "--weapon", "musket", NULL } },
  { "vb", "fire", { "--dice", "640", "--range", "close", "--weapon", "musket", "--save", "works,open", NULL } },
  { "inradic", "morale", { "--start", "200", "--remaining", "130", "--quality", "trained", NULL } },
};

/* 3) a scenario, the orders that set the question up, the question; a
** scenario line may be replaced (from, to: the same length) to bring two
** units together. One question at least per bundled scenario. */
typedef struct whole { const char *path, *from, *to; const char *setup[8]; const char *question; } whole;
static const whole WHOLE[] = {
  { "scenarios/vb-plancenoit.yaml", NULL, NULL, { "end", NULL }, "charge I15 at GUY; end; end; end; end; end" },
  { "scenarios/vb-teach-fire.yaml", NULL, NULL, { "end", "move F2 to 26,18", "end", "end", "end", NULL },
    "fire F2 at P1; fire FA at P1" },
  { "scenarios/vb-teach-melee.yaml", NULL, NULL, { "end", NULL }, "charge CU at P1; end; end; end; end; end" },
  { "scenarios/vb-teach-melee.yaml", NULL, NULL, { "end", NULL }, "charge LA at PB; end; end; end; end; end" },
  { "scenarios/vb-teach-night.yaml", NULL, NULL, { "end", NULL }, "charge L2 at R2; end; end; end; end; end" },
  { "scenarios/vb-teach-retreat.yaml", NULL, NULL, { "end", "end", "end", "end", NULL }, "charge F1 at P1" },
  { "scenarios/vb-teach-retreat.yaml", NULL, NULL, { "end", "end", "end", "end", NULL },
    "charge F1 at P1; charge F2 at P3; charge F3 at P4" },
  { "scenarios/vb-teach-river.yaml", "at: [45, 8], facing: 270", "at: [29,18], facing: 270", { "end", NULL },
    "charge D1 at P1; end; end; end; end; end" },
  { "scenarios/vb-teach-town.yaml", NULL, NULL, { "end", NULL }, "charge F3 at R1; end; end; end; end; end" },
  { "scenarios/vb-teach-victory.yaml", NULL, NULL, { "end", NULL }, "charge F1 at P1; end; end; end; end; end" },
  { "scenarios/vb-wavre.yaml", NULL, NULL, { "end", NULL }, "charge DUP at KW2; end; end; end; end; end" },
  { "scenarios/ba-hougoumont.yaml", "at: [85, 22], facing: 0, width: 18", "at: [85, 71], facing: 0, width: 18",
    { NULL }, "attack GLC L1A; end; end; end" },
  { "scenarios/ba-teach-rest.yaml", "at: [60, 75], facing: 180", "at: [60, 29], facing: 180", { NULL },
    "attack 2G FR; end; end; end" },
  { "scenarios/ba-teach-supplies.yaml", NULL, NULL, { "fire 4L at PR", "end", NULL }, "attack 4L PR; end; end; end" },
  { "scenarios/ba-teach-valour.yaml", NULL, NULL, { NULL }, "attack LW VET; end; end; end" },
  { "scenarios/inradic-skirmish.yaml", "at: [33, 32], facing: 180, width: 3", "at: [14, 15], facing: 180, width: 3",
    { NULL }, "charge GR at ZE" },
  { "scenarios/inradic-teach-pursuit.yaml", NULL, NULL, { NULL }, "charge ZE at RB; end" },
  { "scenarios/inradic-teach-pursuit.yaml", NULL, NULL, { NULL }, "charge TC at PK; end; end" },
  { "scenarios/inradic-teach-rout.yaml", NULL, NULL, { NULL }, "fire VT at ML; end" },
};

static char *slurp(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *s = malloc((size_t)n + 1);
  if (s && fread(s, 1, (size_t)n, f) != (size_t)n) { free(s); s = NULL; }
  fclose(f);
  if (s) { s[n] = 0; *len = (size_t)n; }
  return s;
}

/* The scenario's text with from replaced by to (when given). */
static char *scenario(const whole *w, size_t *len) {
  char *s = slurp(w->path, len);
  if (!s || !w->from) return s;
  char *at = strstr(s, w->from);
  if (!at || strlen(w->to) != strlen(w->from)) { free(s); return NULL; }
  memcpy(at, w->to, strlen(w->to));
  return s;
}

/* The best time of reps runs of a check; leaves and exactness of the last. */
static double check_time(gn_game *g, const example *e, int reps, gn_dist *d) {
  int argc = 0;
  while (argc < 16 && e->args[argc]) argc++;
  gn_odds_opts eo = { 0, 0, 0, 0, 0 };
  double best = 1e9;
  for (int rep = 0; rep < reps; rep++) {
    if (rep) gn_dist_free(d);
    double t0 = now();
    if (gn_check_odds(g, e->check, argc, e->args, &eo, d, NULL)) { fprintf(stderr, "%s\n", gn_errmsg(g)); exit(1); }
    double t = now() - t0;
    if (t < best) best = t;
  }
  return best;
}

int main(int argc, char **argv) {
  int bad = 0, quick = argc > 1 && !strcmp(argv[1], "quick");
  printf("1) the checks' examples\n");                                               /* 1 */
  printf("%-8s %-10s %10s %10s %10s %9s\n", "ruleset", "check", "leaves", "exact ms", "1e6 MC ms", "ratio");
  for (size_t x = 0; x < sizeof EXAMPLES / sizeof EXAMPLES[0]; x++) {
    const example *e = &EXAMPLES[x];
    int n = 0;
    while (n < 16 && e->args[n]) n++;
    gn_game *g = gn_game_new(NULL);
    if (gn_game_use_ruleset(g, e->ruleset)) { fprintf(stderr, "%s\n", gn_errmsg(g)); return 1; }
    gn_dist d;
    gn_odds_opts mo = { 0, quick ? 10000 : 1000000, 1, 1, 0 };
    double best = check_time(g, e, 20, &d);
    uint64_t leaves = d.leaves;
    gn_dist_free(&d);
    double t0 = now();
    if (gn_check_odds(g, e->check, n, e->args, &mo, &d, NULL)) { fprintf(stderr, "%s\n", gn_errmsg(g)); return 1; }
    double mc = (now() - t0) * (quick ? 100 : 1);
    gn_dist_free(&d);
    gn_game_free(g);
    double ratio = mc / best;
    printf("%-8s %-10s %10llu %10.3f %10.1f %8.0fx%s\n", e->ruleset, e->check, (unsigned long long)leaves,
           best * 1e3, mc * 1e3, ratio, best > 1e-3 || ratio < 100 ? "  MISSES A GOAL" : "");
    bad |= best > 1e-3 || ratio < 100;
  }
  printf("goals: exact under 1 ms; at least 100x faster than 10^6 Monte Carlo runs\n\n");

  printf("2) large single resolutions (goal: exact, under 1 ms)\n");                 /* 2 */
  printf("%-8s %-70s %7s %10s\n", "ruleset", "question", "paths", "exact ms");
  for (size_t x = 0; x < sizeof LARGE / sizeof LARGE[0]; x++) {
    const example *e = &LARGE[x];
    gn_game *g = gn_game_new(NULL);
    if (gn_game_use_ruleset(g, e->ruleset)) { fprintf(stderr, "%s\n", gn_errmsg(g)); return 1; }
    gn_dist d;
    double best = check_time(g, e, 10, &d);
    char q[256] = "";
    snprintf(q, sizeof q, "%s", e->check);
    for (int k = 0; k < 16 && e->args[k]; k++) { strcat(q, " "); strcat(q, e->args[k]); }
    int miss = !d.exact || best > 1e-3;
    printf("%-8s %-70s %7llu %10.3f%s%s\n", e->ruleset, q, (unsigned long long)d.leaves, best * 1e3,
           d.exact ? "" : "  (sampled)", miss ? "  MISSES A GOAL" : "");
    bad |= miss;
    gn_dist_free(&d);
    gn_game_free(g);
  }
  printf("\n3) whole orders with what follows, every bundled scenario (goal: exact, under 100 ms)\n");   /* 3 */
  printf("%-28s %-52s %8s %8s %10s\n", "scenario", "question", "outcomes", "paths", "exact ms");
  for (size_t x = 0; x < sizeof WHOLE / sizeof WHOLE[0]; x++) {
    const whole *w = &WHOLE[x];
    size_t len;
    char *text = scenario(w, &len);
    if (!text) { fprintf(stderr, "%s: cannot read\n", w->path); return 1; }
    gn_game *g = gn_game_new(NULL);
    if (gn_game_load(g, w->path, text, len) || gn_game_start(g, 1)) { fprintf(stderr, "%s\n", gn_errmsg(g)); return 1; }
    free(text);
    for (int k = 0; w->setup[k]; k++)
      if (gn_order_apply(g, w->setup[k])) { fprintf(stderr, "%s: %s\n", w->setup[k], gn_errmsg(g)); return 1; }
    gn_dist d = { 0 };
    double best = 1e9;
    for (int rep = 0; rep < 5 && (rep == 0 || best < 1.0); rep++) {
      if (rep) gn_dist_free(&d);
      double t0 = now();
      if (gn_order_odds(g, w->question, NULL, &d)) { fprintf(stderr, "%s: %s\n", w->question, gn_errmsg(g)); return 1; }
      double t = now() - t0;
      if (t < best) best = t;
    }
    const char *name = strrchr(w->path, '/') ? strrchr(w->path, '/') + 1 : w->path;
    int miss = !d.exact || best > 0.1;
    printf("%-28s %-52s %8d %8llu %10.1f%s%s\n", name, w->question, d.n, (unsigned long long)d.leaves, best * 1e3,
           d.exact ? "" : "  (sampled)", miss ? "  MISSES A GOAL" : "");
    cli_odds_summary(stdout, g, &d);   /* what the table reads */
    bad |= miss;
    gn_dist_free(&d);
    gn_game_free(g);
  }
  DIR *dir = opendir("scenarios");                  /* every bundled scenario has its question */
  for (struct dirent *e; dir && (e = readdir(dir)) != NULL;) {
    size_t n = strlen(e->d_name);
    if (n < 6 || strcmp(e->d_name + n - 5, ".yaml")) continue;
    int found = 0;
    for (size_t x = 0; x < sizeof WHOLE / sizeof WHOLE[0]; x++)
      found |= strcmp(strrchr(WHOLE[x].path, '/') + 1, e->d_name) == 0;
    if (!found) { printf("scenarios/%s: no whole-order question  MISSES A GOAL\n", e->d_name); bad = 1; }
  }
  if (dir) closedir(dir);
  return bad;
}
