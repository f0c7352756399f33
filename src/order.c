/*
** order.c: orders as text a player types. An order applies whole or not at
** all (design decision 7): the game is saved before it and restored on any
** failure, refusal or dice problem alike.
*/
#include "core.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ORDERMAX 512

/* Splits text into words (in buf) separated by spaces and tabs. */
static int tokenize(gn_game *g, const char *text, char *buf, gn__args *a) {
  size_t len = strlen(text);
  if (len >= ORDERMAX) return gn__error(g, GN_ESYNTAX, "order too long (%zu characters; at most %d)", len, ORDERMAX - 1);
  memcpy(buf, text, len + 1);
  memset(a, 0, sizeof *a);
  a->text = text;
  for (char *p = buf; *p;) {
    while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n') *p++ = 0;
    if (!*p) break;
    if (a->n == GN__MAXTOK) return gn__error(g, GN_ESYNTAX, "order has more than %d words", GN__MAXTOK);
    a->col[a->n] = (int)(p - buf) + 1;
    a->tok[a->n++] = p;
    while (*p && *p != ' ' && *p != '\t' && *p != '\r' && *p != '\n') p++;
  }
  if (a->n == 0) return gn__error(g, GN_ESYNTAX, "empty order");
  return 0;
}

static int eqi(const char *a, const char *b) {
  for (; *a && *b; a++, b++)
    if (tolower((unsigned char)*a) != tolower((unsigned char)*b)) return 0;
  return *a == *b;
}

int gn__arg_is(const gn__args *a, int tok, const char *word) {
  return tok >= 0 && tok < a->n && eqi(a->tok[tok], word);
}

int gn__syntax(gn_game *g, const gn__args *a, int tok, const char *fmt, ...) {
  char buf[256];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  int col = tok < a->n ? a->col[tok] : (int)strlen(a->text) + 1;
  return gn__error(g, GN_ESYNTAX, "column %d: %s", col, buf);
}

int gn__refuse(gn_game *g, const char *ref, const char *fmt, ...) {
  char buf[400];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  g->refusal_ref = (char *)ref;
  if (ref && ref[0]) return gn__error(g, GN_EREFUSED, "refused (ref. %s): %s", ref, buf);
  return gn__error(g, GN_EREFUSED, "refused: %s", buf);
}

const char *gn_refusal_ref(const gn_game *g) { return g->refusal_ref; }

int gn__arg_unit(gn_game *g, const gn__args *a, int tok, int *unit) {
  if (tok >= a->n) return gn__syntax(g, a, tok, "expected a unit");
  int u = gn_unit_find(g, a->tok[tok]);
  if (u < 0) return gn__syntax(g, a, tok, "no unit '%s'", a->tok[tok]);
  *unit = u;
  return 0;
}

int gn__arg_num(gn_game *g, const gn__args *a, int tok, double *v) {
  if (tok >= a->n) return gn__syntax(g, a, tok, "expected a number");
  char *end;
  double d = strtod(a->tok[tok], &end);
  if (*end || end == a->tok[tok] || d != d || d > 1e9 || d < -1e9)
    return gn__syntax(g, a, tok, "expected a number, not '%s'", a->tok[tok]);
  *v = d;
  return 0;
}

int gn__arg_int(gn_game *g, const gn__args *a, int tok, int *v) {
  if (tok >= a->n) return gn__syntax(g, a, tok, "expected a whole number");
  char *end;
  long l = strtol(a->tok[tok], &end, 10);
  if (*end || end == a->tok[tok] || l > 1000000000L || l < -1000000000L)
    return gn__syntax(g, a, tok, "expected a whole number, not '%s'", a->tok[tok]);
  *v = (int)l;
  return 0;
}

int gn__arg_point(gn_game *g, const gn__args *a, int tok, gn_vec2 *p) {
  if (tok >= a->n) return gn__syntax(g, a, tok, "expected a point X,Y");
  const char *s = a->tok[tok];
  char *end;
  double x = strtod(s, &end);
  if (end == s || *end != ',') return gn__syntax(g, a, tok, "expected a point X,Y, not '%s'", s);
  const char *s2 = end + 1;
  double y = strtod(s2, &end);
  if (end == s2 || *end || x != x || y != y || x > 1e6 || x < -1e6 || y > 1e6 || y < -1e6)
    return gn__syntax(g, a, tok, "expected a point X,Y, not '%s'", s);
  p->x = x; p->y = y;
  return 0;
}

/* The ruleset's verb for a word: exact, else a unique prefix. */
static const gn__verb *find_verb(const gn_game *g, const char *w, int *ambiguous) {
  const gn__ruleset *rs = g->sc->rs;
  const gn__verb *hit = NULL;
  size_t n = strlen(w);
  *ambiguous = 0;
  for (int i = 0; i < rs->nverbs; i++)
    if (eqi(rs->verbs[i].word, w)) return &rs->verbs[i];
  for (int i = 0; i < rs->nverbs; i++) {
    const char *v = rs->verbs[i].word;
    size_t k = 0;
    while (k < n && v[k] && tolower((unsigned char)v[k]) == tolower((unsigned char)w[k])) k++;
    if (k == n) { if (hit) *ambiguous = 1; hit = &rs->verbs[i]; }
  }
  return *ambiguous ? NULL : hit;
}

/* Appends an order to the game's list: its text, how its dice were given,
** the results it was given (tape, when not from the generator) and how many
** it drew in all. GN_ENOMEM (message set), nothing appended. */
int gn__order_record(gn_game *g, const char *text, gn_dice_mode mode, const int *tape,
                     int ntape, int nchance) {
  if (g->norders == g->caporders) {
    int cap = g->caporders ? 2 * g->caporders : 64;
    gn__order *o = gn__realloc(&g->alloc, g->orders, g->caporders * sizeof *o, cap * sizeof *o);
    if (!o) return gn__error(g, GN_ENOMEM, "out of memory");
    g->orders = o; g->caporders = cap;
  }
  gn__order *o = &g->orders[g->norders];
  memset(o, 0, sizeof *o);
  if (!(o->text = gn__strdup(g, text))) return gn__error(g, GN_ENOMEM, "out of memory");
  o->mode = mode;
  o->nchance = nchance;
  if (mode != GN_DICE_RNG && ntape) {
    o->tape = gn__malloc(g, ntape * sizeof *o->tape);
    if (!o->tape) { gn__free(g, o->text, strlen(o->text) + 1); o->text = NULL;
                    return gn__error(g, GN_ENOMEM, "out of memory"); }
    memcpy(o->tape, tape, ntape * sizeof *o->tape);
    o->ntape = ntape;
  }
  g->norders++;
  return 0;
}

/* Records the order that has just been applied. */
static int record(gn_game *g, const char *text) {
  return gn__order_record(g, text, g->dice.mode, g->dice.tape, g->dice.ntape, g->dice.ntape);
}

/*
** Apply (or, with check set, only test) one order.
**   1) the game must have started and not be over
**   2) split the text into words; find the ruleset's verb
**   3) save the game; run the verb with an empty tape
**   4) on any failure, or when only checking, restore the save point
**   5) else record the order with its tape (the store hashes the state)
*/
static int apply(gn_game *g, const char *text, int check) {
  char buf[ORDERMAX];
  gn__args a;
  int rc, amb;
  if (!g || !text) return GN_EINVAL;
  g->refusal_ref = NULL;
  g->err[0] = 0;
  if (!g->sc || !g->started) return gn__error(g, GN_ESTATE, "the game has not started");   /* 1 */
  if ((rc = tokenize(g, text, buf, &a))) return rc;                                       /* 2 */
  const gn__verb *v = find_verb(g, a.tok[0], &amb);
  if (!v) {
    char list[400] = "";
    size_t n = 0;
    for (int i = 0; i < g->sc->rs->nverbs && n < sizeof list; i++)
      n += snprintf(list + n, sizeof list - n, "%s%s", i ? ", " : "", g->sc->rs->verbs[i].word);
    return gn__error(g, GN_ESYNTAX, "column 1: %s order '%s' (orders: %s)",
                     amb ? "ambiguous" : "unknown", a.tok[0], list);
  }
  if (g->st.over && !v->when_over) return gn__error(g, GN_ESTATE, "the game is over");
  if ((rc = gn__save(g, &g->osp))) return gn__error(g, rc, "out of memory");            /* 3 */
  g->dice.ntape = 0;
  g->cur_order = g->norders;
  g->dice.checking = check;
  rc = v->apply(g, &a);
  g->dice.checking = 0;
  if (check && rc == GN__ECHECKED) rc = 0;
  if (rc || check) {                                                                      /* 4 */
    char keep[GN__ERRMAX];
    memcpy(keep, g->err, sizeof keep);
    gn__restore(g, &g->osp);
    gn__release(g, &g->osp);
    memcpy(g->err, keep, sizeof keep);
    g->cur_order = g->norders - 1;
    if (rc > 0) rc = GN_ESTATE;
    return rc;
  }
  if ((rc = record(g, text))) gn__restore(g, &g->osp);                                    /* 5 */
  gn__release(g, &g->osp);
  return rc;
}

int gn_order_apply(gn_game *g, const char *text) { return apply(g, text, 0); }
int gn_order_check(gn_game *g, const char *text) { return apply(g, text, 1); }

int gn_order_verb_count(const gn_game *g) { return g->sc ? g->sc->rs->nverbs : 0; }

const char *gn_order_verb(const gn_game *g, int i) {
  return (g->sc && i >= 0 && i < g->sc->rs->nverbs) ? g->sc->rs->verbs[i].word : NULL;
}

const char *gn_order_help(const gn_game *g, const char *verb) {
  if (!g->sc) return NULL;
  for (int i = 0; i < g->sc->rs->nverbs; i++)
    if (eqi(g->sc->rs->verbs[i].word, verb)) return g->sc->rs->verbs[i].help;
  return NULL;
}
