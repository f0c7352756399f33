/*
** victory.c: the rules of victory a scenario writes (`victory:` and each
** objective's points, docs/scenario.md) and the verdict they give on the
** tallies of a battle. One verdict for every caller: the battle runner, the
** simulator, `battle`, `play` and `show` all score through gn_game_verdict.
**
** The objectives' holders are the game's own state, kept by the rules code
** at each turn's end (gn__objectives_turn_end, with an event for each
** change); the other tallies (each side's strength at the start, now and in
** good order) are counted by the caller (gn_battle_assess); the scoring is
** here.
*/
#include "core.h"

#include <stdio.h>
#include <string.h>

/*
** The rules of victory the scenario leaves out, from the ruleset's data
** (data/rulesets/<id>/victory.yaml, provenance default: no ruleset of the
** three gives victory levels for a scenario; ref. VB-VIC, BA-VIC, IN-VIC).
**   1) each key the scenario does not give: the datum victory.<key>
**   2) decisive at least marginal, when one of them is the data's
*/
int gn__victory_from_data(gn_game *g, gn__scen *sc) {
  static const char *const keys[4] = {"victory.break", "victory.losses", "victory.marginal", "victory.decisive"};
  gn__victory *v = &sc->victory;
  double *out[4] = {&v->brk, &v->losses, &v->marginal, &v->decisive};
  /* 1) */
  for (int k = 0; k < 4; k++) {
    if (v->keys & (1 << k)) continue;
    const gn__datum *d = NULL;
    int lo = 0, hi = sc->ndata;
    while (lo < hi && !d) {
      int mid = lo + (hi - lo) / 2, c = strcmp(sc->data[mid].key, keys[k]);
      if (!c) d = &sc->data[mid];
      else if (c < 0) lo = mid + 1;
      else hi = mid;
    }
    if (!d || d->n != 1)
      return gn__error(g, GN_EDATA, "ruleset '%s': the data has no number %s (the rules of victory)",
                       sc->rs->id, keys[k]);
    *out[k] = d->v[0];
  }
  /* 2) */
  if (v->decisive < v->marginal)
    return gn__error(g, GN_ESCENARIO, "%s: victory: 'decisive' (%g) must be at least 'marginal' (%g%s)",
                     sc->file ? sc->file : "scenario", v->decisive, v->marginal,
                     v->keys & 4 ? "" : ", the ruleset's default");
  return 0;
}

/*
** The objectives at a turn's end (see core.h; ref. VB-VIC, BA-VIC, IN-VIC).
*/
int gn__objectives_turn_end(gn_game *g, int turn, const char *ref) {
  const gn__scen *sc = g->sc;
  gn__state *st = &g->st;
  for (int o = 0; o < sc->nobjectives; o++) {
    const gn__objective *ob = &sc->objective[o];
    /* 1) */
    int near[GN__MAXSIDES] = {0}, holder = -1, sides = 0;
    for (int u = 0; u < sc->nunits; u++) {
      int s = sc->unit[u].side;
      if (st->u[u].removed || s < 0 || s >= GN__MAXSIDES || near[s]) continue;
      if (sc->rs->holds && !sc->rs->holds(g, u)) continue;
      if (gn_point_box_distance(ob->at, st->u[u].box) > ob->radius) continue;
      near[s] = 1;
      holder = s;
      sides++;
    }
    /* 2) */
    if (sides == 1 && holder != st->owner[o]) {
      int was = st->owner[o];
      st->owner[o] = holder;
      GN__SINCE(st, o) = turn;
      if (!gn__event(g, "objective", ref, -1, -1, "%s takes %s%s%s at the end of turn %d", gn_side_name(g, holder),
                     ob->name && ob->name[0] ? ob->name : ob->id, was >= 0 ? " from " : "",
                     was >= 0 ? gn_side_name(g, was) : "", turn))
        return GN_ENOMEM;
    }
    /* 3) */
    if (ob->by > 0 && turn <= ob->by) GN__OWNER_BY(st, o) = st->owner[o];
  }
  return 0;
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

int gn_victory_rules_default(const char *ruleset, gn_victory_rules *out) {
  if (!ruleset || !out) return GN_EINVAL;
  gn_game *g = gn_game_new(NULL);
  if (!g) return GN_ENOMEM;
  int rc = gn_game_use_ruleset(g, ruleset);
  if (!rc) rc = gn_victory_rules_get(g, out);
  gn_game_free(g);
  return rc;
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
