/*
** order.c: orders as text a player types. An order applies whole or not at
** all (design decision 7): the game is saved before it and restored on any
** failure, refusal or dice problem alike.
*/
#include "core.h"
#include "yamldoc.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ORDERMAX 512

static int blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

/* Splits text into words (in buf) separated by spaces and tabs. Blanks
** beside a comma do not split: "27, 10" and "27 ,10" are the point "27,10",
** as players type it. A word's column is where it starts in text. */
static int tokenize(gn_game *g, const char *text, char *buf, gn__args *a) {
  size_t len = strlen(text);
  if (len >= ORDERMAX) return gn__error(g, GN_ESYNTAX, "order too long (%zu characters; at most %d)", len, ORDERMAX - 1);
  memset(a, 0, sizeof *a);
  a->text = text;
  const char *r = text;
  char *w = buf;
  for (;;) {
    while (blank(*r)) r++;
    if (!*r) break;
    if (a->n == GN__MAXTOK) return gn__error(g, GN_ESYNTAX, "order has more than %d words", GN__MAXTOK);
    a->col[a->n] = (int)(r - text) + 1;
    a->tok[a->n++] = w;
    for (;;) {
      while (*r && !blank(*r)) *w++ = *r++;
      const char *q = r;
      while (blank(*q)) q++;
      if (*q && (w[-1] == ',' || *q == ',')) { r = q; continue; }   /* "27, 10" */
      break;
    }
    *w++ = 0;
  }
  if (a->n == 0) return gn__error(g, GN_ESYNTAX, "empty order");
  return 0;
}

/* ASCII letters folded to lower case (orders and verbs are ASCII words; no
** locale's tolower). */
static inline int fold(char c) { return c >= 'A' && c <= 'Z' ? c + 32 : (unsigned char)c; }

int gn__arg_is(const gn__args *a, int tok, const char *word) {
  return tok >= 0 && tok < a->n && gn__eqi(a->tok[tok], word);
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
  if (g->quiet) {
    g->refusal_ref = (char *)ref;
    return GN_EREFUSED;
  }
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
  if (u < 0) {   /* the closest code, when one is near: a typo */
    gn__ysuggest sg;
    char hint[96];
    gn__yaml_suggest_init(&sg, a->tok[tok]);
    for (int i = 0; g->sc && i < g->sc->nunits; i++)
      if (g->sc->unit[i].code) gn__yaml_suggest_add(&sg, g->sc->unit[i].code);
    return gn__syntax(g, a, tok, "no unit '%s'%s", a->tok[tok], gn__yaml_suggest_text(&sg, hint, sizeof hint));
  }
  *unit = u;
  return 0;
}

/*
** strtod(s, end), its plain decimals ("12", "-3.25") without it: the digits
** as a whole number m < 2^53 with k <= 22 decimals are exactly m / 10^k, and
** that one division rounds as strtod does (both round the exact value to
** nearest). Anything else (exponents, hexadecimal, inf, nan, long digit
** strings, leading spaces) goes to strtod. Cannot fail.
*/
static double num(const char *s, char **end) {
  static const double pow10[] = {1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
                                 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
  const char *p = s;
  int neg = *p == '-', digits = 0, k = -1;
  if (*p == '-' || *p == '+') p++;
  uint64_t m = 0;
  for (;; p++) {
    if (*p >= '0' && *p <= '9') {
      if (m >= (UINT64_C(1) << 53) / 10) return strtod(s, end);
      m = m * 10 + (uint64_t)(*p - '0');
      digits++;
      if (k >= 0) k++;
    } else if (*p == '.' && k < 0) {
      k = 0;
    } else {
      break;
    }
  }
  if (!digits || k > 22 || *p == 'e' || *p == 'E' || *p == 'x' || *p == 'X') return strtod(s, end);
  double x = (double)m / pow10[k < 0 ? 0 : k];
  *end = (char *)p;
  return neg ? -x : x;
}

int gn__arg_num(gn_game *g, const gn__args *a, int tok, double *v) {
  if (tok >= a->n) return gn__syntax(g, a, tok, "expected a number");
  char *end;
  double d = num(a->tok[tok], &end);
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
  double x = num(s, &end);
  if (end == s || *end != ',') return gn__syntax(g, a, tok, "expected a point X,Y, not '%s'", s);
  const char *s2 = end + 1;
  double y = num(s2, &end);
  if (end == s2 || *end || x != x || y != y || x > 1e6 || x < -1e6 || y > 1e6 || y < -1e6)
    return gn__syntax(g, a, tok, "expected a point X,Y, not '%s'", s);
  p->x = x; p->y = y;
  return 0;
}

#define DEG (3.14159265358979323846 / 180.0)

int gn__arg_dest(gn_game *g, const gn__args *a, int tok, gn_box b, gn__dest *d) {
  int rc;
  double v;
  memset(d, 0, sizeof *d);
  d->to = b.c;
  d->facing = b.facing;
  if (tok >= a->n) return gn__syntax(g, a, tok, "expected 'to X,Y', 'towards X,Y', 'advance N', 'retire N', "
                                     "'wheel DEG' or 'turn DEG'");
  const char *w = a->tok[tok];
  if (gn__arg_is(a, tok, "to") || gn__arg_is(a, tok, "towards")) {
    d->how = gn__arg_is(a, tok, "to") ? "to" : "towards";
    d->towards = d->how[2] == 'w';
    if ((rc = gn__arg_point(g, a, tok + 1, &d->to))) return rc;
    if (a->n > tok + 2) {
      if (!gn__arg_is(a, tok + 2, "facing")) return gn__syntax(g, a, tok + 2, "expected 'facing DEG' or the end of the order");
      if ((rc = gn__arg_num(g, a, tok + 3, &v))) return rc;
      if (a->n > tok + 4) return gn__syntax(g, a, tok + 4, "unexpected '%s'", a->tok[tok + 4]);
      double r = fmod(90.0 - v, 360.0);   /* compass degrees, as in scenarios */
      if (r < 0) r += 360.0;
      d->hasf = 1;
      d->facing = r * DEG;
    }
    return 0;
  }
  if ((rc = gn__arg_num(g, a, tok + 1, &v))) return rc;
  if (a->n > tok + 2) return gn__syntax(g, a, tok + 2, "unexpected '%s'", a->tok[tok + 2]);
  gn_vec2 f = { cos(b.facing), sin(b.facing) };
  if (gn__arg_is(a, tok, "advance") || gn__arg_is(a, tok, "retire")) {
    if (v < 0) return gn__syntax(g, a, tok + 1, "a distance is not negative");
    d->how = gn__arg_is(a, tok, "advance") ? "advance" : "retire";
    double s = d->how[0] == 'a' ? v : -v;
    d->to.x = b.c.x + s * f.x;
    d->to.y = b.c.y + s * f.y;
    d->hasf = 1;
    return 0;
  }
  if (gn__arg_is(a, tok, "turn") || gn__arg_is(a, tok, "wheel")) {
    if (v < -360 || v > 360) return gn__syntax(g, a, tok + 1, "at most 360 degrees either way");
    d->how = gn__arg_is(a, tok, "turn") ? "turn" : "wheel";
    d->hasf = 1;
    d->facing = b.facing - v * DEG;   /* compass: to the right is clockwise */
    if (d->how[0] == 'w' && v != 0) {
      gn_vec2 c[4];
      gn_box_corners(b, c);           /* front-left, front-right, ... */
      gn_vec2 piv = v > 0 ? c[1] : c[0];
      double ang = -v * DEG, dx = b.c.x - piv.x, dy = b.c.y - piv.y;
      d->to.x = piv.x + dx * cos(ang) - dy * sin(ang);
      d->to.y = piv.y + dx * sin(ang) + dy * cos(ang);
      d->arc = b.w * fabs(v) * DEG;
    }
    return 0;
  }
  return gn__syntax(g, a, tok, "expected 'to X,Y', 'towards X,Y', 'advance N', 'retire N', 'wheel DEG' or "
                    "'turn DEG', not '%s'", w);
}

double gn__furthest(gn_vec2 from, gn_vec2 to, double (*cost)(void *ud, gn_vec2 p), void *ud, double fits) {
  double lo = 0, hi = 1;
  gn_vec2 p = to;
  if (cost(ud, p) <= fits) return 1;
  for (int i = 0; i < 40; i++) {   /* 2^-40 of the line: far below a measuring tape's reach */
    double t = (lo + hi) / 2;
    p.x = from.x + (to.x - from.x) * t;
    p.y = from.y + (to.y - from.y) * t;
    if (cost(ud, p) <= fits) lo = t; else hi = t;
  }
  return lo;
}

const char *gn__verb_list(const gn_game *g, char *buf, size_t size) {
  size_t n = 0;
  buf[0] = 0;
  for (int i = 0; i < g->sc->rs->nverbs && n < size; i++)
    n += (size_t)snprintf(buf + n, size - n, "%s%s", i ? ", " : "", g->sc->rs->verbs[i].word);
  return buf;
}

/* The ruleset's verb for a word: exact, else a unique prefix. */
static const gn__verb *find_verb(const gn_game *g, const char *w, int *ambiguous) {
  const gn__ruleset *rs = g->sc->rs;
  const gn__verb *hit = NULL;
  size_t n = strlen(w);
  *ambiguous = 0;
  int w0 = fold(w[0]);
  for (int i = 0; i < rs->nverbs; i++)
    if (fold(rs->verbs[i].word[0]) == w0 && gn__eqi(rs->verbs[i].word, w)) return &rs->verbs[i];
  for (int i = 0; i < rs->nverbs; i++) {
    const char *v = rs->verbs[i].word;
    size_t k = 0;
    while (k < n && v[k] && fold(v[k]) == fold(w[k])) k++;
    if (k == n) { if (hit) *ambiguous = 1; hit = &rs->verbs[i]; }
  }
  return *ambiguous ? NULL : hit;
}

/* n bytes (n a multiple of 8) of the orders' arena: texts and tapes one
** after another in blocks that never move and are kept for reuse, so that
** recording an order costs no malloc and taking orders back is moving the
** mark back (gn__orders_truncate). A block holds GN__ORDBLK bytes, or one
** larger piece. NULL on OOM. */
static void *order_alloc(gn_game *g, size_t n) {
  if (g->norder_blocks == 0 || g->order_used + n > g->order_blocks[g->order_block].cap) {
    int next = g->norder_blocks == 0 ? 0 : g->order_block + 1;
    size_t cap = n > GN__ORDBLK ? n : GN__ORDBLK;
    if (next < g->norder_blocks && g->order_blocks[next].cap < n) {   /* a kept block too small: replace it */
      char *b = gn__malloc(g, cap);
      if (!b) return NULL;
      gn__free(g, g->order_blocks[next].p, g->order_blocks[next].cap);
      g->order_blocks[next].p = b; g->order_blocks[next].cap = cap;
    } else if (next == g->norder_blocks) {
      char *p = gn__malloc(g, cap);
      if (!p) return NULL;
      gn__block *b = gn__realloc(&g->alloc, g->order_blocks, g->norder_blocks * sizeof *b, (g->norder_blocks + 1) * sizeof *b);
      if (!b) { gn__free(g, p, cap); return NULL; }
      g->order_blocks = b;
      b[g->norder_blocks].p = p;
      b[g->norder_blocks].cap = cap;
      g->norder_blocks++;
    }
    g->order_block = next;
    g->order_used = 0;
  }
  void *p = g->order_blocks[g->order_block].p + g->order_used;
  g->order_used += n;
  return p;
}

/* Appends an order to the game's list: its text, how its dice were given,
** the results it was given (tape, when not from the generator) and how many
** it drew in all. Text and tape go to the orders' arena. GN_ENOMEM (message
** set), nothing appended. */
int gn__order_record(gn_game *g, const char *text, gn_dice_mode mode, const int *tape,
                     int ntape, int nchance) {
  if (g->norders == g->caporders) {
    int cap = g->caporders ? 2 * g->caporders : 64;
    gn__order *o = gn__realloc(&g->alloc, g->orders, g->caporders * sizeof *o, cap * sizeof *o);
    if (!o) return gn__error(g, GN_ENOMEM, "out of memory");
    g->orders = o; g->caporders = cap;
  }
  if (mode == GN_DICE_RNG) ntape = 0;
  size_t len = strlen(text) + 1, at = (len + 7) & ~(size_t)7;
  int blk = g->order_block;                       /* the arena's mark before this order */
  size_t pos = g->order_used;
  char *p = order_alloc(g, (at + (size_t)ntape * sizeof *tape + 7) & ~(size_t)7);
  if (!p) return gn__error(g, GN_ENOMEM, "out of memory");
  gn__order *o = &g->orders[g->norders];
  memcpy(p, text, len);
  o->text = p;
  o->mode = mode;
  o->nchance = nchance;
  o->ntape = ntape;
  o->tape = ntape ? (int *)(p + at) : NULL;
  if (ntape) memcpy(o->tape, tape, (size_t)ntape * sizeof *tape);
  o->blk = blk; o->pos = pos;
  g->norders++;
  return 0;
}

void gn__orders_truncate(gn_game *g, int n) {
  if (n < 0) n = 0;
  if (g->norders <= n) return;
  g->order_block = g->orders[n].blk;   /* the arena goes back to where order n began */
  g->order_used = g->orders[n].pos;
  g->norders = n;
}

void gn__orders_free(gn_game *g) {
  gn__orders_truncate(g, 0);
  for (int i = 0; i < g->norder_blocks; i++) gn__free(g, g->order_blocks[i].p, g->order_blocks[i].cap);
  gn__free(g, g->order_blocks, g->norder_blocks * sizeof *g->order_blocks);
  gn__free(g, g->orders, g->caporders * sizeof *g->orders);
  g->order_blocks = NULL; g->norder_blocks = g->order_block = 0; g->order_used = 0;
  g->orders = NULL; g->caporders = 0;
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
**   4) on any failure (an event that could not be recorded is one: the order
**      and its events go together), or when only checking, restore the
**      save point
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
    char list[400];
    return gn__error(g, GN_ESYNTAX, "column 1: %s order '%s' (orders: %s)",
                     amb ? "ambiguous" : "unknown", a.tok[0], gn__verb_list(g, list, sizeof list));
  }
  if (g->st.over && !v->when_over) return gn__error(g, GN_ESTATE, "the game is over");
  if ((rc = gn__save(g, &g->order_save))) return gn__error(g, rc, "out of memory");            /* 3 */
  g->dice.ntape = 0;
  g->dice.stopped = 0;
  g->dice.need = g->dice.needn = g->dice.handi = 0;
  g->dice.needtext[0] = 0;
  g->cur_order = g->norders;
  g->dice.checking = check;
  g->evoom = 0;
  rc = v->apply(g, &a);
  g->dice.checking = 0;
  if (g->evoom) rc = gn__error(g, GN_ENOMEM, "out of memory");   /* a lost event or list */
  if (check && rc == GN__ECHECKED) rc = 0;
  if (rc || check) {                                                                      /* 4 */
    char keep[GN__ERRMAX];
    memcpy(keep, g->err, sizeof keep);
    gn__restore(g, &g->order_save);
    gn__release(g, &g->order_save);
    memcpy(g->err, keep, sizeof keep);
    g->cur_order = g->norders - 1;
    if (rc > 0) rc = GN_ESTATE;
    return rc;
  }
  if ((rc = record(g, text))) gn__restore(g, &g->order_save);                                    /* 5 */
  gn__release(g, &g->order_save);
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
    if (gn__eqi(g->sc->rs->verbs[i].word, verb)) return g->sc->rs->verbs[i].help;
  return NULL;
}
