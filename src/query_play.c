/*
** query_play.c: what the table session asks between orders: which
** order words a unit may be given now. The core knows no ruleset's words, so
** the answer comes from the ruleset itself: each verb's help line is read as
** a template ("fire UNIT at UNIT", "move UNIT to X,Y", "order UNIT a|b|c"),
** filled in with plausible words, and tried through gn_order_check, which
** applies the real rules and stops at the first chance point.
*/
#include "core.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#define WORDMAX 24
#define STEP 0.1      /* table units: the probe's move */

/* A unit's name in an order: its code, else its id. */
static const char *uname(const gn_game *g, int u) {
  const gn__unit *su = &g->sc->unit[u];
  return su->code && su->code[0] ? su->code : su->id;
}

/* The nearest unit on the table to u: of another side (enemy) or of its own
** (friend, u itself excluded); -1 when none. */
static int nearest(const gn_game *g, int u, int enemy) {
  int best = -1, side = g->sc->unit[u].side;
  double bd = 0;
  for (int i = 0; i < g->sc->nunits; i++) {
    if (i == u || g->st.u[i].removed) continue;
    if ((g->sc->unit[i].side != side) != enemy) continue;
    double d = gn_box_distance(g->st.u[u].box, g->st.u[i].box);
    if (best < 0 || d < bd) { best = i; bd = d; }
  }
  return best;
}

/* 1 when w is a placeholder of a help line: capitals, digits, '_' only. */
static int placeholder(const char *w) {
  if (!isupper((unsigned char)w[0])) return 0;
  for (; *w; w++)
    if (!isupper((unsigned char)*w) && !isdigit((unsigned char)*w) && *w != '_') return 0;
  return 1;
}

static int is_unit_word(const char *w) {
  return !strcmp(w, "UNIT") || !strcmp(w, "LEADER") || !strcmp(w, "STAFF") ||
         !strcmp(w, "TARGET") || !strcmp(w, "PART") || !strcmp(w, "TARGET2");
}

/*
** Builds the probe order of one verb for unit u into out; 0 when the help
** line is no template this probe can fill (then the verb is skipped).
**   1) the template: the help up to ':' or '[' (the optional part), in words
**   2) the first placeholder must name a unit: that is the actor
**   3) later words: a unit after "at"/"with" (or TARGET) is the nearest
**      enemy, any other unit the nearest friend; a point after "at" is the
**      nearest enemy's position, else a step of STEP straight ahead; N is 1,
**      degrees 0;
**      "a|b|c" takes a; any other placeholder cannot be guessed
*/
static int probe(const gn_game *g, const char *verb, const char *help, int u, char *out, size_t n) {
  char tmpl[256], *w[WORDMAX];
  int nw = 0, actor = 0;
  size_t k = 0;
  /* 1) */
  snprintf(tmpl, sizeof tmpl, "%s", help ? help : verb);
  tmpl[strcspn(tmpl, ":[")] = 0;
  for (char *p = strtok(tmpl, " \t"); p && nw < WORDMAX; p = strtok(NULL, " \t")) w[nw++] = p;
  if (nw < 2) return 0;
  k = (size_t)snprintf(out, n, "%s", verb);
  for (int i = 1; i < nw && k < n; i++) {
    const char *prev = w[i - 1], *word = w[i];
    char buf[64];
    if (!actor) {                                                          /* 2 */
      if (!placeholder(word) || !is_unit_word(word)) return 0;
      snprintf(buf, sizeof buf, "%s", uname(g, u));
      actor = 1;
    } else if (placeholder(word) && is_unit_word(word)) {                  /* 3 */
      int enemy = !strcmp(prev, "at") || !strcmp(prev, "with") || !strncmp(word, "TARGET", 6);
      int t = nearest(g, u, enemy);
      if (t < 0) return 0;
      snprintf(buf, sizeof buf, "%s", uname(g, t));
    } else if (!strcmp(word, "X,Y")) {
      /* a short step ahead: a stand with no move left cannot make it */
      gn_box b = g->st.u[u].box;
      gn_vec2 p = { b.c.x + STEP * cos(b.facing), b.c.y + STEP * sin(b.facing) };
      if (!strcmp(prev, "at")) {
        int t = nearest(g, u, 1);
        if (t < 0) return 0;
        p = g->st.u[t].box.c;
      }
      snprintf(buf, sizeof buf, "%.4g,%.4g", p.x, p.y);
    } else if (!strcmp(word, "N")) {
      snprintf(buf, sizeof buf, "1");
    } else if (!strcmp(word, "DEG") || !strcmp(word, "DEGREES")) {
      snprintf(buf, sizeof buf, "0");
    } else if (placeholder(word)) {
      return 0;
    } else {
      snprintf(buf, sizeof buf, "%.*s", (int)strcspn(word, "|"), word);
    }
    k += (size_t)snprintf(out + k, n - k, " %s", buf);
  }
  return actor && k < n;
}

int gn_unit_orders(gn_game *g, int unit, char *buf, size_t len) {
  if (!g || !buf || len == 0) return GN_EINVAL;
  buf[0] = 0;
  if (!g->sc || !g->started) return 0;
  if (unit < 0 || unit >= g->sc->nunits) return GN_ENOTFOUND;
  if (g->st.over || g->st.u[unit].removed) return 0;
  char keep[GN__ERRMAX], order[512];
  char *keepref = g->refusal_ref;
  memcpy(keep, g->err, sizeof keep);
  const gn__ruleset *rs = g->sc->rs;
  int count = 0;
  size_t k = 0;
  for (int i = 0; i < rs->nverbs; i++) {
    if (!probe(g, rs->verbs[i].word, rs->verbs[i].help, unit, order, sizeof order)) continue;
    if (gn_order_check(g, order) != 0) continue;
    int w = snprintf(buf + k, len - k, "%s%s", k ? " " : "", rs->verbs[i].word);
    if (w < 0 || (size_t)w >= len - k) { buf[k] = 0; break; }   /* keep whole words only */
    k += (size_t)w;
    count++;
  }
  memcpy(g->err, keep, sizeof keep);
  g->refusal_ref = keepref;
  return count;
}
