/*
** play-odds.c: the odds of orders as a player reads them. gn_order_odds gives
** every distinct outcome with its chance; a player wants a few lines, as a
** wargame's attack dialog gives them: for each side its chance to come off
** better, to rout or remove an enemy unit, to lose one, and what it loses on
** average; the full table, most likely first, on request (odds --all).
**
** The summary reads the outcomes' labels (gn_order_odds_label): each unit the
** orders changed, "CODE a->b (status, ...)" or "CODE a->b removed", units
** separated by "; "; a part that names no unit ("order 2 refused") is passed
** over.
*/
#include "play.h"

#include <stdlib.h>
#include <string.h>

#define MAXS GN_BATTLE_MAXSIDES

/* What one outcome does to each side. */
typedef struct effect { double loss[MAXS]; int lost_unit[MAXS]; int seen[MAXS]; } effect;

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
  if (u < 0 || gn_unit_view_get(g, u, GN_UMPIRE, &v) != 0 || v.side < 0 || v.side >= MAXS) return;
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

static int by_chance(const void *a, const void *b) {
  const gn_outcome *x = a, *y = b;
  return x->p < y->p ? 1 : x->p > y->p ? -1 : (x->value > y->value) - (x->value < y->value);
}

/* The whole table, most likely first. */
static void full(FILE *f, const gn_game *g, const gn_dist *d) {
  gn_outcome *o = malloc((size_t)(d->n ? d->n : 1) * sizeof *o);
  if (!o) { fprintf(f, "  out of memory\n"); return; }
  memcpy(o, d->o, (size_t)d->n * sizeof *o);
  qsort(o, (size_t)d->n, sizeof *o, by_chance);
  for (int i = 0; i < d->n; i++) {
    fprintf(f, "  %6.2f%%  %s", 100 * o[i].p, gn_order_odds_label(g, o[i].value));
    if (d->exact && o[i].frac) fprintf(f, "  (%s)", o[i].frac);
    fprintf(f, "\n");
  }
  free(o);
}

/*
** The summary: at most 3 + the number of sides lines.
**   1) each outcome's effect on each side, weighted by its chance
**   2) a side comes off better when it loses less strength than every other
**      side in the outcome; it routs or removes an enemy unit when another
**      side loses a unit that way
**   3) the most likely outcome
*/
static void summary(FILE *f, const gn_game *g, const gn_dist *d) {
  int ns = gn_side_count(g) < MAXS ? gn_side_count(g) : MAXS, any = 0;
  double better[MAXS] = {0}, routs[MAXS] = {0}, loses[MAXS] = {0}, mean[MAXS] = {0};
  int involved[MAXS] = {0}, best = 0;
  for (int i = 0; i < d->n; i++) {                                                 /* 1 */
    effect e;
    double w = d->o[i].p;
    read_label(g, gn_order_odds_label(g, d->o[i].value), &e);
    if (d->o[i].p > d->o[best].p) best = i;
    for (int s = 0; s < ns; s++) {
      involved[s] |= e.seen[s];
      mean[s] += w * e.loss[s];
      if (e.lost_unit[s]) loses[s] += w;
      int ahead = 1, enemy_lost = 0;                                               /* 2 */
      for (int t = 0; t < ns; t++) {
        if (t == s) continue;
        if (e.loss[t] <= e.loss[s]) ahead = 0;
        if (e.lost_unit[t]) enemy_lost = 1;
      }
      if (ahead) better[s] += w;
      if (enemy_lost) routs[s] += w;
    }
  }
  for (int s = 0; s < ns; s++) any |= involved[s];
  if (!any) {
    fprintf(f, "  no outcome changes a unit's strength or state\n");
    return;
  }
  for (int s = 0; s < ns; s++) {
    if (!involved[s]) continue;
    fprintf(f, "  %s: comes off better %.1f%%; routs or removes an enemy unit %.1f%%;"
           " loses %.2f strength on average; loses a unit %.1f%%\n", gn_side_name(g, s),
           100 * better[s], 100 * routs[s], mean[s], 100 * loses[s]);
  }
  fprintf(f, "  most likely (%.1f%%): %s\n", 100 * d->o[best].p,                         /* 3 */
         gn_order_odds_label(g, d->o[best].value));
}

int play_odds_write(FILE *f, gn_game *g, const char *orders, int all, int *exact) {
  gn_dist d = { 0 };
  gn_odds_opts o = { 0, 0, 1, 0, 0 };
  if (gn_order_odds(g, orders, &o, &d) != 0) {
    fprintf(f, "  %s\n", gn_errmsg(g));
    return CLI_FAIL;
  }
  if (exact) *exact = d.exact;
  fprintf(f, "  %s: %s, %d outcome%s%s\n", orders, d.exact ? "exact" : "Monte Carlo estimate", d.n,
          d.n == 1 ? "" : "s", all ? "" : " (odds --all \"...\" lists every one)");
  if (!d.exact) fprintf(f, "  (%s)\n", d.why);
  if (all) full(f, g, &d);
  else summary(f, g, &d);
  gn_dist_free(&d);
  return CLI_OK;
}

int play_odds(play *p, const char *orders, int all) {
  int rc = play_odds_write(stdout, p->g, orders, all, NULL);
  play_dice_apply(p);   /* the odds run leaves the source as it found it; make sure */
  return rc;
}
