/*
** odds-summary.c: the odds of orders as a player reads them, shared by
** 'grognard odds GAME "ORDER"' and the session's 'odds "ORDER"'.
** gn_order_odds gives every distinct outcome with its chance; a player wants
** a few lines, as a wargame's attack dialog gives them: for each side its
** chance to come off better, to rout or remove an enemy unit, to lose one,
** and what it loses on average; the full table, most likely first, on request.
**
** The summary reads the outcomes' labels (gn_order_odds_label): each unit the
** orders changed, "CODE a->b (status, ...)" or "CODE a->b removed", units
** separated by "; "; a part that names no unit ("order 2 refused") is passed
** over.
*/
#include "cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What one outcome does to each side. */
typedef struct effect {
  double loss[CLI_ODDS_MAXSIDES];
  int lost_unit[CLI_ODDS_MAXSIDES], seen[CLI_ODDS_MAXSIDES];
} effect;

/* Reads one unit's part of a label ("CU 3->1 (disordered)") into e. */
static void read_part(const gn_game *g, const char *s, size_t len, effect *e) {
  char code[64], part[512];
  if (len >= sizeof part) len = sizeof part - 1;
  memcpy(part, s, len);
  part[len] = 0;
  size_t cl = strcspn(part, " ");
  if (cl == 0 || cl >= sizeof code) return;
  memcpy(code, part, cl);
  code[cl] = 0;
  int u = gn_unit_find(g, code);
  gn_unit_view v;
  if (u < 0 || gn_unit_view_get(g, u, GN_UMPIRE, &v) != 0 || v.side < 0 || v.side >= CLI_ODDS_MAXSIDES)
    return;
  e->seen[v.side] = 1;
  const char *arrow = strstr(part + cl, "->");
  if (arrow) {
    const char *a = arrow;
    while (a > part + cl && (a[-1] >= '0' && a[-1] <= '9')) a--;
    e->loss[v.side] += atof(a) - atof(arrow + 2);
  }
  if (strstr(part + cl, "removed") || strstr(part + cl, "rout")) e->lost_unit[v.side] = 1;
}

static void read_label(const gn_game *g, const char *label, effect *e) {
  memset(e, 0, sizeof *e);
  while (*label) {
    size_t len = strcspn(label, ";");
    read_part(g, label, len, e);
    label += len;
    while (*label == ';' || *label == ' ') label++;
  }
}

/*
** The figures of the summary.
**   1) each outcome's effect on each side, weighted by its chance
**   2) a side comes off better when it loses less strength than every other
**      side in the outcome; it routs or removes an enemy unit when another
**      side loses a unit that way
**   3) the most likely outcome (the first of equal chances)
*/
void cli_odds_summarize(const gn_game *g, const gn_dist *d, cli_odds_sum *s) {
  int ns = gn_side_count(g);
  memset(s, 0, sizeof *s);
  s->nsides = ns < CLI_ODDS_MAXSIDES ? (ns > 0 ? ns : 0) : CLI_ODDS_MAXSIDES;
  for (int i = 0; i < d->n; i++) {                                                 /* 1 */
    effect e;
    double w = d->o[i].p;
    read_label(g, gn_order_odds_label(g, d->o[i].value), &e);
    if (d->o[i].p > d->o[s->likeliest].p) s->likeliest = i;                        /* 3 */
    for (int a = 0; a < s->nsides; a++) {
      s->involved[a] |= e.seen[a];
      s->mean_loss[a] += w * e.loss[a];
      if (e.lost_unit[a]) s->loses_unit[a] += w;
      int ahead = 1, enemy_lost = 0;                                               /* 2 */
      for (int b = 0; b < s->nsides; b++) {
        if (b == a) continue;
        if (e.loss[b] <= e.loss[a]) ahead = 0;
        if (e.lost_unit[b]) enemy_lost = 1;
      }
      if (ahead) s->better[a] += w;
      if (enemy_lost) s->routs[a] += w;
    }
  }
  for (int a = 0; a < s->nsides; a++) s->any |= s->involved[a];
}

void cli_odds_summary(FILE *f, const gn_game *g, const gn_dist *d) {
  cli_odds_sum s;
  cli_odds_summarize(g, d, &s);
  if (!s.any || d->n == 0) {
    fprintf(f, "  no outcome changes a unit's strength or state\n");
    return;
  }
  for (int a = 0; a < s.nsides; a++) {
    if (!s.involved[a]) continue;
    fprintf(f, "  %s: comes off better %.1f%%; routs or removes an enemy unit %.1f%%;"
               " loses %.2f strength on average; loses a unit %.1f%%\n", gn_side_name(g, a),
            100 * s.better[a], 100 * s.routs[a], s.mean_loss[a], 100 * s.loses_unit[a]);
  }
  fprintf(f, "  most likely (%.1f%%): %s\n", 100 * d->o[s.likeliest].p,
          gn_order_odds_label(g, d->o[s.likeliest].value));
}

/* An outcome and its place in the dist, for the list likeliest first. */
typedef struct ranked { double p; int64_t value; int i; } ranked;

static int by_chance(const void *a, const void *b) {
  const ranked *x = a, *y = b;
  return x->p < y->p ? 1 : x->p > y->p ? -1 : (x->value > y->value) - (x->value < y->value);
}

int cli_odds_full(FILE *f, const gn_game *g, const gn_dist *d) {
  ranked *o = malloc((size_t)(d->n ? d->n : 1) * sizeof *o);
  if (!o) { fputs("grognard: out of memory\n", stderr); return CLI_FAIL; }   /* bench-odds links this file alone */
  for (int i = 0; i < d->n; i++) { o[i].p = d->o[i].p; o[i].value = d->o[i].value; o[i].i = i; }
  qsort(o, (size_t)d->n, sizeof *o, by_chance);
  for (int i = 0; i < d->n; i++) {
    const char *fr = d->exact ? gn_dist_frac(d, o[i].i) : NULL;
    fprintf(f, "  %6.2f%%  %s", 100 * o[i].p, gn_order_odds_label(g, o[i].value));
    if (fr) fprintf(f, "  (%s)", fr);
    fprintf(f, "\n");
  }
  free(o);
  return CLI_OK;
}
