/*
** victory.c: the rules of victory a scenario writes (`victory:` and each
** objective's points, docs/scenario.md) and the verdict they give on the
** tallies of a battle. One verdict for every caller: the battle runner, the
** simulator, `battle`, `play` and `show` all score through gn_game_verdict.
**
** The tallies (each side's strength at the start, now and in good order, and
** each objective's holder) are counted by the caller, who knows which units
** fight and which are broken (gn_battle_assess); the scoring is here.
*/
#include "core.h"

#include <stdio.h>
#include <string.h>

/*
** The project's defaults where the scenario has no victory block (provenance
** default: no ruleset of the three gives victory levels for a scenario).
**   break 1/3: an army with less than a third of its starting strength in
**     good order has broken and can no longer hold the field
**   losses 10: a tenth of the enemy army lost is worth one victory point, the
**     same as the smallest objective a designer writes
**   marginal 2, decisive 5: holding one small objective more while losing a
**     little more is a draw; a margin of two such points is a marginal victory
*/
void gn__victory_default(gn__victory *v) {
  memset(v, 0, sizeof *v);
  v->brk = 1.0 / 3.0;
  v->losses = 10;
  v->marginal = 2;
  v->decisive = 5;
}

static void rules_of(const gn__victory *v, gn_victory_rules *out) {
  out->given = v->given;
  out->brk = v->brk;
  out->losses = v->losses;
  out->marginal = v->marginal;
  out->decisive = v->decisive;
}

int gn_victory_rules_get(const gn_game *g, gn_victory_rules *out) {
  if (!g || !out) return GN_EINVAL;
  if (!g->sc) return GN_ESTATE;
  rules_of(&g->sc->victory, out);
  return 0;
}

void gn_victory_rules_default(gn_victory_rules *out) {
  gn__victory v;
  if (!out) return;
  gn__victory_default(&v);
  rules_of(&v, out);
}

static int pct(int part, int whole) { return whole > 0 ? (int)(100.0 * part / whole + 0.5) : 0; }

static const char *level_word(int level) {
  return level == GN_LEVEL_DECISIVE ? "decisive" : level == GN_LEVEL_MARGINAL ? "marginal" : "draw";
}

/* The names of the objectives side s holds, ", "-separated, in buf. */
static void held_by(const gn_game *g, const gn_battle_result *r, int s, char *buf, size_t len) {
  size_t n = 0;
  buf[0] = 0;
  for (int i = 0; i < r->nobjectives && n < len; i++) {
    const gn__objective *o = &g->sc->objective[i];
    if (r->owner[i] != s) continue;
    int k = snprintf(buf + n, len - n, "%s%s", n ? ", " : "", o->name && o->name[0] ? o->name : o->id);
    if (k < 0) break;
    n += (size_t)k;
  }
  if (n >= len && len > 4) strcpy(buf + len - 4, "...");
}

/* Step 1 of the verdict: which of the ns sides broke (broke[], returns how
** many), each side's objective points (an objective counts for its holder
** at its 'by' turn when it has one, and not when held only since after its
** 'from' turn) and its victory points with the enemy's losses. */
static int score(const gn_game *g, gn_battle_result *r, int ns, int *broke) {
  const gn__victory *v = &g->sc->victory;
  int nobj = r->nobjectives < g->sc->nobjectives ? r->nobjectives : g->sc->nobjectives, nbroke = 0;
  for (int s = 0; s < ns; s++) {
    gn_battle_side *b = &r->side[s];
    b->points = 0;
    broke[s] = b->strength0 > 0 && b->good < v->brk * b->strength0;
    nbroke += broke[s];
  }
  for (int i = 0; i < nobj; i++) {
    const gn__objective *o = &g->sc->objective[i];
    int h = o->by > 0 && r->turns >= o->by ? r->owner_by[i] : r->owner[i];
    if (o->from >= 0 && r->since[i] > o->from) continue;
    if (h >= 0 && h < ns && h < GN__MAXSIDES) r->side[h].points += g->sc->objective[i].side_points[h];
  }
  for (int s = 0; s < ns; s++) {
    int e0 = 0, total = 0;
    for (int e = 0; e < ns; e++)
      if (e != s) { e0 += r->side[e].strength0 - r->side[e].strength; total += r->side[e].strength0; }
    double enemy = total > 0 ? (double)e0 / total : 0;
    r->side[s].vp = r->side[s].points + v->losses * enemy;
  }
  return nbroke;
}

/* Step 2 of the verdict: some but not all armies broke; the unbroken side
** with the most victory points wins decisively. */
static void broken_army(const gn_game *g, gn_battle_result *r, int ns, const int *broke) {
  int win = -1, lose = -1;
  for (int s = 0; s < ns; s++) {
    if (broke[s]) { if (lose < 0) lose = s; continue; }
    if (win < 0 || r->side[s].vp > r->side[win].vp) win = s;
  }
  r->winner = win;
  r->level = GN_LEVEL_DECISIVE;
  r->decisive = 1;
  snprintf(r->why, sizeof r->why, "decisive: %s broke %s's army: %d of its %d are left in good order "
           "(under %d%%)", gn_side_name(g, win), gn_side_name(g, lose), r->side[lose].good,
           r->side[lose].strength0, (int)(100 * g->sc->victory.brk + 0.5));
}

/* Step 3 of the verdict: the margin of victory points between the first two
** sides gives the level (every army broke: nbroke). */
static void by_points(const gn_game *g, gn_battle_result *r, int ns, int nbroke) {
  const gn__victory *v = &g->sc->victory;
  int top = 0, next = -1;
  for (int s = 1; s < ns; s++) if (r->side[s].vp > r->side[top].vp) top = s;
  for (int s = 0; s < ns; s++) if (s != top && (next < 0 || r->side[s].vp > r->side[next].vp)) next = s;
  double margin = r->side[top].vp - r->side[next].vp;
  int level = margin >= v->decisive && margin > 0 ? GN_LEVEL_DECISIVE
              : margin >= v->marginal && margin > 0 ? GN_LEVEL_MARGINAL : GN_LEVEL_DRAW;
  char held[120];
  held_by(g, r, top, held, sizeof held);
  const char *n0 = gn_side_name(g, top), *n1 = gn_side_name(g, next);
  int pc0 = pct(r->side[top].strength0 - r->side[top].strength, r->side[top].strength0);
  int pc1 = pct(r->side[next].strength0 - r->side[next].strength, r->side[next].strength0);
  if (level == GN_LEVEL_DRAW) {
    snprintf(r->why, sizeof r->why, "draw: victory points %s %.1f, %s %.1f, a margin under %g "
             "(losses %s %d%%, %s %d%%)%s", n0, r->side[top].vp, n1, r->side[next].vp, v->marginal,
             n0, pc0, n1, pc1, nbroke ? "; every army broke" : "");
    return;
  }
  r->winner = top;
  r->level = level;
  r->decisive = level == GN_LEVEL_DECISIVE;
  snprintf(r->why, sizeof r->why, "%s: %s %.1f victory points to %.1f (%s%s%d objective points; "
           "losses %s %d%%, %s %d%%)", level_word(level), n0, r->side[top].vp, r->side[next].vp,
           held[0] ? held : "", held[0] ? ": " : "", r->side[top].points, n0, pc0, n1, pc1);
}

/*
** The verdict (the steps of gn_game_verdict in grognard.h).
*/
int gn_game_verdict(const gn_game *g, gn_battle_result *r) {
  if (!g || !r) return GN_EINVAL;
  if (!g->sc) return GN_ESTATE;
  int ns = r->nsides < GN_BATTLE_MAXSIDES ? r->nsides : GN_BATTLE_MAXSIDES;
  int broke[GN_BATTLE_MAXSIDES] = {0};
  r->winner = -1;
  r->level = GN_LEVEL_DRAW;
  r->decisive = 0;
  if (ns < 2) { snprintf(r->why, sizeof r->why, "a battle needs two sides"); return 0; }
  int nbroke = score(g, r, ns, broke);                                           /* 1 */
  if (nbroke > 0 && nbroke < ns) broken_army(g, r, ns, broke);                   /* 2 */
  else by_points(g, r, ns, nbroke);                                              /* 3 */
  return 0;
}
