/*
** warn.c: a designer's warnings on a scenario (gn_game_warnings): what does
** not stop a game but is most likely a mistake of the file. Run on a game
** just started, so that each ruleset's view of the table is the one play
** begins with.
*/
#include "core.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

GN_PRINTF(4, 5) static int warn(gn_game *g, int line, int col, const char *fmt, ...) {
  char buf[512];
  va_list ap;
  int k = snprintf(buf, sizeof buf, "%s:%d:%d: warning: ", g->sc->file, line, col);
  va_start(ap, fmt);
  vsnprintf(buf + k, sizeof buf - (size_t)k, fmt, ap);
  va_end(ap);
  return gn__diag_add(g, "%s", buf) ? GN_ENOMEM : 1;
}

/* On the table from the start, with strength (a V&B leader, strength 0, may
** share a stand's place). */
static int counts(const gn_game *g, int u) {
  return g->sc->unit[u].arrives.turn == 0 && g->sc->unit[u].strength0 > 0;
}

/*
** One unit's warnings.
**   1) its stand overlaps another's, both on the table at the start
**   2) a reinforcement whose entry stand overlaps an enemy stand
**   3) what the ruleset sees (out of command, cannot move)
*/
static int unit_warnings(gn_game *g, int u, const gn_box *place, int *n) {
  const gn__scen *sc = g->sc;
  const gn__unit *su = &sc->unit[u];
  int rc;
  /* 1) and 2): the stands on the table near its place (the grid; a plain
  **    scan past the buffer's room or without a grid) */
  gn_grid *gr = gn__grid(g);
  int buf[64], *ids = buf, nids = 0, all = 0;
  if (gr && (nids = gn_grid_query(gr, place[u], 0, buf, 64)) > 64) nids = 0, gr = NULL;
  if (!gr) all = 1, nids = sc->nunits;
  for (int k = 0; k < nids; k++) {
    int v = all ? k : ids[k];
    const gn__unit *sv = &sc->unit[v];
    if (v == u || sv->strength0 <= 0 || su->strength0 <= 0 || !gn_box_overlap(place[u], place[v])) continue;
    if (counts(g, u) && counts(g, v) && v > u)
      rc = warn(g, su->line, su->col, "unit '%s' overlaps unit '%s' (line %d): stands may not share ground",
                su->id, sv->id, sv->line);
    else if (su->arrives.turn > 0 && counts(g, v) && sv->side != su->side)
      rc = warn(g, su->line, su->col, "reinforcement '%s' enters on turn %d into enemy stand '%s' (line %d)",
                su->id, su->arrives.turn, sv->id, sv->line);
    else
      continue;
    if (rc < 0) return rc;
    (*n)++;
  }
  /* 3) */
  char why[384];
  if (sc->rs->warn && su->arrives.turn == 0 && sc->rs->warn(g, u, why, sizeof why)) {
    if ((rc = warn(g, su->line, su->col, "unit '%s' %s", su->id, why)) < 0) return rc;
    (*n)++;
  }
  return 0;
}

/*
** An objective nobody can reach: for each unit with strength, the turns its
** move needs to come within the objective's radius in a straight line, from
** its turn of arrival, at the ruleset's allowance at the start (a unit with
** none, such as an unlimbered gun, is left out); none within the scenario's
** turns is a warning.
*/
static int objective_warnings(gn_game *g, const gn_box *place, int *n) {
  const gn__scen *sc = g->sc;
  if (!sc->rs->allowance || sc->turns <= 0) return 0;
  for (int o = 0; o < sc->nobjectives; o++) {
    const gn__objective *ob = &sc->objective[o];
    double best = 1e300;
    int who = -1;
    for (int u = 0; u < sc->nunits; u++) {
      char avoid[512];
      if (sc->unit[u].strength0 <= 0) continue;
      double d = gn_point_box_distance(ob->at, place[u]) - ob->radius;
      double a = sc->rs->allowance(g, "move", u, avoid, sizeof avoid);
      if (d <= 0) { best = 0; who = u; break; }
      if (a <= 0) continue;
      int start = sc->unit[u].arrives.turn > 0 ? sc->unit[u].arrives.turn : 1;
      double t = start - 1 + ceil(d / a);
      if (t < best) { best = t; who = u; }
    }
    if (best <= sc->turns) continue;
    int rc = who < 0
      ? warn(g, ob->line, ob->col, "objective '%s': no unit can move towards it", ob->id)
      : warn(g, ob->line, ob->col, "objective '%s': no unit can reach it in the %d turns (the nearest, '%s', "
             "needs %.0f)", ob->id, sc->turns, sc->unit[who].id, best);
    if (rc < 0) return rc;
    (*n)++;
  }
  return 0;
}

/* Where each unit stands at the start or, a reinforcement, once it has come
** on: its own place, or its group's place at the entry (gn__entry_place).
** NULL only when out of memory. */
static gn_box *places(gn_game *g) {
  const gn__scen *sc = g->sc;
  size_t n = sc->nunits > 0 ? (size_t)sc->nunits : 1;
  gn_box *place = gn__malloc(g, n * (sizeof *place * 2 + sizeof(int)));
  if (!place) return NULL;
  gn_box *tmp = place + n;
  int *ids = (int *)(tmp + n);
  for (int u = 0; u < sc->nunits; u++) place[u] = sc->unit[u].box0;
  for (int u = 0; u < sc->nunits; u++) {
    int first = sc->unit[u].arrives.entry, m = 0;
    for (int j = 0; j < u && first; j++) first = sc->unit[j].arrive_group != sc->unit[u].arrive_group;
    if (!first) continue;
    for (int j = u; j < sc->nunits; j++)
      if (sc->unit[j].arrive_group == sc->unit[u].arrive_group) ids[m++] = j;
    gn__entry_place(sc, &sc->unit[u].arrives, ids, m, tmp, NULL);
    for (int k = 0; k < m; k++) place[ids[k]] = tmp[k];
  }
  return place;
}

int gn_game_warnings(gn_game *g) {
  if (!g) return GN_ESTATE;
  if (!g->sc || !g->started || g->norders > 0)
    return gn__error(g, GN_ESTATE, "warnings are for a game just started, before any order");
  gn__diag_clear(g);
  int n = 0, rc = 0;
  size_t size = (g->sc->nunits > 0 ? (size_t)g->sc->nunits : 1) * (sizeof(gn_box) * 2 + sizeof(int));
  gn_box *place = places(g);
  if (!place) return gn__error(g, GN_ENOMEM, "out of memory");
  for (int u = 0; u < g->sc->nunits && !rc; u++) rc = unit_warnings(g, u, place, &n);
  if (!rc) rc = objective_warnings(g, place, &n);
  gn__free(g, place, size);
  if (rc) return gn__error(g, rc, "out of memory");
  return n;
}
