/*
** event.c: the event log. Every resolution appends typed events carrying the
** rule id, the dice and the modifiers; they render as text and as JSON.
*/
#include "core.h"

#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Event i of the log (i < number of slots allocated). */
static gn__ev *at(const gn_game *g, int i) { return &g->evb[i / GN__EVBLOCK][i % GN__EVBLOCK]; }

/* Makes room for one more event: a new block when the last is full. Events
** never move, so a rule may hold one event while it logs another. */
static int grow(gn_game *g) {
  if (g->nev < g->nevb * GN__EVBLOCK) return 0;
  /* the block first: the list of blocks only ever holds as many as it counts */
  gn__ev *blk = gn__malloc(g, GN__EVBLOCK * sizeof *blk);
  if (!blk) return GN_ENOMEM;
  gn__ev **b = gn__realloc(&g->alloc, g->evb, g->nevb * sizeof *b, (g->nevb + 1) * sizeof *b);
  if (!b) { gn__free(g, blk, GN__EVBLOCK * sizeof *blk); return GN_ENOMEM; }
  g->evb = b;
  b[g->nevb++] = blk;
  return 0;
}

void gn__events_free(gn_game *g) {
  gn__events_truncate(g, 0);
  for (int i = 0; i < g->nevb; i++) gn__free(g, g->evb[i], GN__EVBLOCK * sizeof **g->evb);
  gn__free(g, g->evb, g->nevb * sizeof *g->evb);
  for (int i = 0; i < g->ntext_blocks; i++) gn__free(g, g->text_blocks[i], GN__TEXTBLK);
  gn__free(g, g->text_blocks, g->ntext_blocks * sizeof *g->text_blocks);
  g->evb = NULL; g->nevb = 0;
  g->text_blocks = NULL; g->ntext_blocks = g->text_block = 0; g->text_used = 0;
}

/* n bytes of the text arena (n <= GN__TEXTBLK): the events' texts go one
** after another in blocks that never move and are kept for reuse, so logging
** costs no malloc and a rollback is moving the mark back. NULL on OOM. */
static char *text_alloc(gn_game *g, size_t n) {
  if (g->ntext_blocks == 0 || g->text_used + n > GN__TEXTBLK) {
    int next = g->ntext_blocks == 0 ? 0 : g->text_block + 1;
    if (next == g->ntext_blocks) {
      char *blk = gn__malloc(g, GN__TEXTBLK);   /* first, as in grow */
      if (!blk) return NULL;
      char **b = gn__realloc(&g->alloc, g->text_blocks, g->ntext_blocks * sizeof *b, (g->ntext_blocks + 1) * sizeof *b);
      if (!b) { gn__free(g, blk, GN__TEXTBLK); return NULL; }
      g->text_blocks = b;
      b[g->ntext_blocks++] = blk;
    }
    g->text_block = next;
    g->text_used = 0;
  }
  char *p = g->text_blocks[g->text_block] + g->text_used;
  g->text_used += (unsigned)n;
  return p;
}

/* n bytes of the arena aligned for any of the event's arrays (ints,
** modifiers); NULL on OOM. */
static void *data_alloc(gn_game *g, size_t n) {
  g->text_used = (g->text_used + 7u) & ~7u;   /* at most GN__TEXTBLK, a multiple of 8 */
  return text_alloc(g, n);
}

/* The events logged after v, if any, begin where the arena is now: what was
** just taken for v is kept when the log goes back to one of them (their own
** texts then stay taken until the log goes back further). Cannot fail. */
static void keep_for(gn_game *g, const gn__ev *v) {
  for (int j = v->e.seq - g->evfirst + 1; j < g->nev; j++) {
    gn__ev *w = at(g, j);
    w->mark_block = g->text_block;
    w->mark_used = g->text_used;
  }
}

static const int nodice[1];
static const gn_mod nomods[1];

/* A copy of s in the arena; NULL on OOM. */
static char *text_dup(gn_game *g, const char *s) {
  size_t n = strlen(s) + 1;
  char *p = text_alloc(g, n);
  if (p) memcpy(p, s, n);
  return p;
}

/* ------------------------------------------------------------ event texts */

/* Appends c to buf[*k] while room is left (the last byte kept for the 0). */
static void put_char(char *buf, size_t n, size_t *k, char c) {
  if (*k + 1 < n) buf[*k] = c;
  (*k)++;
}

/* Appends the len bytes at s, as many as there is room for. */
static void put_mem(char *buf, size_t n, size_t *k, const char *s, size_t len) {
  if (*k + len < n) memcpy(buf + *k, s, len);
  else if (*k + 1 < n) memcpy(buf + *k, s, n - 1 - *k);
  *k += len;
}

/* Appends the string s, as much as there is room for. */
static void put_str(char *buf, size_t n, size_t *k, const char *s) { put_mem(buf, n, k, s, strlen(s)); }

/* The decimal digits of v, most significant first. */
static void put_uint(char *buf, size_t n, size_t *k, unsigned long long v) {
  if (v < 10 && *k + 1 < n) { buf[(*k)++] = (char)('0' + v); return; }
  if (v < 100 && *k + 2 < n) {
    buf[*k] = (char)('0' + v / 10);
    buf[*k + 1] = (char)('0' + v % 10);
    *k += 2;
    return;
  }
  char d[24];
  int m = sizeof d;
  do { d[--m] = (char)('0' + v % 10); v /= 10; } while (v);
  put_mem(buf, n, k, d + m, sizeof d - (size_t)m);
}

/* The rounding error of a * b (b below 2^26, a * b finite and below 2^1000):
** a * b = p + the result, exactly (Dekker's product: a split in two halves
** of 26 bits whose products with b are exact). Gives what fma(a, b, -p)
** gives, without a library call. Cannot fail. */
static double product_error(double a, double b, double p) {
  double c = 134217729.0 * a, hi = c - (c - a), lo = a - hi;   /* 2^27 + 1 */
  return (hi * b - p) + lo * b;
}

/*
** x with prec decimals, as printf's "%.<prec>f" writes it under the default
** rounding: the exact binary value rounded to nearest, ties to even. Returns
** 0 when it cannot be sure (not finite, x * 10^prec of 10^12 or more, more
** than 6 decimals), and writes nothing.
**   1) X = |x| * 10^prec exactly, as p + e: the product rounded and its
**      error (product_error gives it exactly)
**   2) k = floor(p) (p is not negative: the conversion truncates); the
**      exact fraction of X is (p - k) + e, compared with one half by the
**      sign of ((p - k) - 0.5) + e, which is exact where it matters and
**      never changes sign in rounding; a tie goes to even
**   3) the sign (printf writes "-0.00" for a small negative), the integer
**      digits, the point and prec decimals
*/
static int put_fixed(char *buf, size_t n, size_t *k, double x, int prec) {
  static const double pow10[] = {1, 10, 100, 1000, 10000, 100000, 1000000};
  double a = fabs(x);
  if (!isfinite(x) || prec < 0 || prec > 6) return 0;
  double p = a * pow10[prec];                                             /* 1) */
  if (!(p < 1e12)) return 0;    /* ulp(p) <= 2^-12: the fraction below is sound */
  double e = product_error(a, pow10[prec], p);
  unsigned long long q = (unsigned long long)p, scale = (unsigned long long)pow10[prec];
  double f = (double)q, s = (p - f - 0.5) + e;                             /* 2) */
  if (s > 0 || (s == 0 && (q & 1))) q++;
  if (signbit(x)) put_char(buf, n, k, '-');                               /* 3) */
  put_uint(buf, n, k, q / scale);
  if (prec == 0) return 1;
  put_char(buf, n, k, '.');
  unsigned long long r = q % scale;
  for (unsigned long long d = scale / 10; d; d /= 10) put_char(buf, n, k, (char)('0' + r / d % 10));
  return 1;
}

/* One conversion of format: spec ('%', 's', 'c', 'd', 'i', 'u' or 'f'), with
** a '+' flag (plus) and for 'f' a precision (prec), its argument taken from
** *ap, written at *k. 0, or -1 for a conversion format does not take. */
static int convert(char *buf, size_t n, size_t *k, char spec, int plus, int prec, va_list *ap) {
  switch (spec) {
  case '%':
    if (plus) return -1;
    put_char(buf, n, k, '%');
    return 0;
  case 's': {
    const char *s = va_arg(*ap, const char *);
    if (plus || !s) return -1;
    put_str(buf, n, k, s);
    return 0;
  }
  case 'c': {
    char ch = (char)va_arg(*ap, int);
    if (plus || !ch) return -1;   /* a 0 would end the text early: vsnprintf's way */
    put_char(buf, n, k, ch);
    return 0;
  }
  case 'd': case 'i': {
    int v = va_arg(*ap, int);
    if (v < 0) put_char(buf, n, k, '-');
    else if (plus) put_char(buf, n, k, '+');
    put_uint(buf, n, k, v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v);
    return 0;
  }
  case 'u':
    if (plus) return -1;
    put_uint(buf, n, k, va_arg(*ap, unsigned));
    return 0;
  case 'f':
    return plus || prec < 0 || !put_fixed(buf, n, k, va_arg(*ap, double), prec) ? -1 : 0;
  default:
    return -1;
  }
}

/*
** vsnprintf for the conversions event texts use: %s, %d, %i, %u, %c, %%,
** %+d and %.Nf, byte for byte what vsnprintf writes. Returns -1, having
** consumed some of ap, at the first conversion it does not take (the caller
** then formats again with vsnprintf from a fresh ap); else the length, as
** vsnprintf.
*/
static int format(char *buf, size_t n, const char *fmt, va_list ap) GN_PRINTF(3, 0);
static int format(char *buf, size_t n, const char *fmt, va_list ap) {
  size_t k = 0;
  va_list cp;
  va_copy(cp, ap);
  for (const char *c = fmt; *c; c++) {
    if (*c != '%') {                    /* the run of plain text up to the next %, copied as read */
      size_t end = n ? n - 1 : 0;
      for (; *c && *c != '%'; c++, k++)
        if (k < end) buf[k] = *c;
      if (!*c) break;
    }
    c++;
    int plus = 0, prec = -1;
    if (*c == '+') { plus = 1; c++; }
    if (*c == '.' && c[1] >= '0' && c[1] <= '9' && c[2] == 'f') { prec = c[1] - '0'; c += 2; }
    if (convert(buf, n, &k, *c, plus, prec, &cp)) { va_end(cp); return -1; }
  }
  va_end(cp);
  if (n) buf[k < n ? k : n - 1] = 0;
  return (int)k;
}

/* format, or vsnprintf for a conversion format does not know: the length the
** whole text would have, as vsnprintf gives it. */
GN_PRINTF(3, 0) static int vformat(char *buf, size_t n, const char *fmt, va_list ap) {
  va_list cp;
  va_copy(cp, ap);
  int k = format(buf, n, fmt, cp);
  va_end(cp);
  return k >= 0 ? k : vsnprintf(buf, n, fmt, ap);
}

int gn__snprintf(char *buf, size_t n, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int k = vformat(buf, n, fmt, ap);
  va_end(ap);
  return k;
}

#define EVTEXT 512   /* an event's text is cut to 511 bytes */

/* Returns NULL when out of memory (the game's error is set, and noted:
** the order in flight fails whole, as when a modifier finds no memory). */
gn_event *gn__event(gn_game *g, const char *kind, const char *ref, int unit, int target,
                    const char *fmt, ...) {
  if (g->dice.quiet) {   /* an odds run: the rules still fill an event, nobody keeps it */
    gn_event *q = &g->quiet_ev.e;
    q->nmods = q->ndice = q->total = 0;
    q->text = q->spec = q->phase = "";
    q->kind = kind; q->ref = ref ? ref : ""; q->unit = unit; q->target = target;
    q->visible = ~0u;
    q->nunits = 0;
    q->units = g->quiet_ev.uin;
    if (unit >= 0) g->quiet_ev.uin[q->nunits++] = unit;
    if (target >= 0 && target != unit) g->quiet_ev.uin[q->nunits++] = target;
    g->quiet_ev.ucap = 2;
    q->dice = g->quiet_dice;
    q->mods = g->quiet_mods;
    g->quiet_ev.g = g;
    g->quiet_ev.mcap = GN_EVENT_MAXMODS;
    return q;
  }
  if (g->evoom || grow(g)) { g->evoom = 1; gn__error(g, GN_ENOMEM, "out of memory"); return NULL; }
  gn__ev *v = at(g, g->nev);
  gn_event *e = &v->e;
  v->g = g;
  v->mark_block = g->text_block; v->mark_used = g->text_used;
  v->mcap = 0;
  /* the text, at most EVTEXT - 1 bytes, formatted in place in the arena */
  char *t = text_alloc(g, EVTEXT);
  if (!t) { g->evoom = 1; gn__error(g, GN_ENOMEM, "out of memory"); return NULL; }
  va_list ap;
  va_start(ap, fmt);
  int len = vformat(t, EVTEXT, fmt, ap);
  va_end(ap);
  if (len < 0) { t[0] = 0; len = 0; }   /* an encoding error: no text */
  if (len > EVTEXT - 1) len = EVTEXT - 1;
  g->text_used -= EVTEXT - (unsigned)len - 1;   /* give back what the text did not take */
  e->text = t;
  e->seq = g->evfirst + g->nev;
  e->order = g->cur_order;
  e->turn = g->st.turn;
  e->phase = gn_game_phase(g);
  e->kind = kind;
  e->ref = ref ? ref : "";
  e->unit = unit;
  e->target = target;
  e->nunits = 0;
  e->units = v->uin;
  v->ucap = 2;
  if (unit >= 0) v->uin[e->nunits++] = unit;
  if (target >= 0 && target != unit) v->uin[e->nunits++] = target;
  e->visible = ~0u;
  e->spec = "";
  e->ndice = e->nmods = e->total = 0;
  e->dice = nodice;
  e->mods = nomods;
  g->nev++;
  return e;
}

int gn__event_dice(gn_game *g, gn_event *e, const int *d, int n) {
  gn__ev *v = (gn__ev *)e;
  if (n > GN_EVENT_MAXDICE) n = GN_EVENT_MAXDICE;
  if (n < 0) n = 0;
  int *p = v == &g->quiet_ev ? g->quiet_dice : n ? data_alloc(g, (size_t)n * sizeof *p) : (int *)nodice;
  if (!p) { g->evoom = 1; return gn__error(g, GN_ENOMEM, "out of memory"); }
  if (v != &g->quiet_ev) keep_for(g, v);
  if (n) memcpy(p, d, (size_t)n * sizeof *p);
  e->dice = p;
  e->ndice = n;
  return 0;
}

/* Room for the modifiers of v: 4 at its first, GN_EVENT_MAXMODS past them
** (the first 4 copied). 0, or -1 with g->evoom set. */
static int mods_room(gn__ev *v) {
  gn_game *g = v->g;
  int cap = v->mcap ? GN_EVENT_MAXMODS : 4;
  gn_mod *m = data_alloc(g, (size_t)cap * sizeof *m);
  if (!m) { g->evoom = 1; gn__error(g, GN_ENOMEM, "out of memory"); return -1; }
  keep_for(g, v);
  if (v->e.nmods) memcpy(m, v->e.mods, (size_t)v->e.nmods * sizeof *m);
  v->e.mods = m;
  v->mcap = cap;
  return 0;
}

void gn__event_mod(gn_event *e, const char *name, int value, const char *ref) {
  gn__ev *v = (gn__ev *)e;
  if (e->nmods == GN_EVENT_MAXMODS) return;
  if (e->nmods == v->mcap && mods_room(v)) return;
  gn_mod *m = (gn_mod *)&e->mods[e->nmods];
  m->name = name;
  m->value = value;
  m->ref = ref ? ref : "";
  e->nmods++;
}

void gn__event_hide(gn_event *e, unsigned sides) { e->visible = sides; }

gn_event *gn__event_back(gn_game *g, int k) {
  if (g->dice.quiet || k < 0 || k >= g->nev) return NULL;
  gn_event *e = &at(g, g->nev - 1 - k)->e;
  return e->order == g->cur_order ? e : NULL;
}

void gn__event_unit(gn_game *g, gn_event *e, int u) {
  if (!e || u < 0) return;
  gn__ev *v = (gn__ev *)e;
  for (int k = 0; k < e->nunits; k++)
    if (e->units[k] == u) return;
  if (v == &g->quiet_ev) return;   /* an odds run: nobody reads its units */
  if (e->nunits == v->ucap) {      /* room for twice as many, in the arena */
    int cap = 2 * v->ucap;
    int *p = data_alloc(g, (size_t)cap * sizeof *p);
    if (!p) { g->evoom = 1; gn__error(g, GN_ENOMEM, "out of memory"); return; }
    keep_for(g, v);
    memcpy(p, e->units, (size_t)e->nunits * sizeof *p);
    e->units = p;
    v->ucap = cap;
  }
  ((int *)e->units)[e->nunits++] = u;
}

int gn__event_list(gn_game *g, const char *kind, const char *ref, unsigned visible, const char *what,
                   const int *units, int n) {
  char buf[EVTEXT];
  for (int k = 0; k < n;) {
    int first = k;
    size_t len = (size_t)gn__snprintf(buf, sizeof buf, "%s: ", what);
    for (; k < n; k++) {   /* as many codes as the text holds; the rest in the next event */
      const char *c = g->sc->unit[units[k]].code;
      if (k > first && len + strlen(c) + 2 >= sizeof buf) break;
      len += (size_t)gn__snprintf(buf + len, sizeof buf - len, "%s%s", k > first ? ", " : "", c);
    }
    gn_event *e = gn__event(g, kind, ref, -1, -1, "%s", buf);
    if (!e) return GN_ENOMEM;
    for (int j = first; j < k; j++) gn__event_unit(g, e, units[j]);
    if (visible != ~0u) gn__event_hide(e, visible);
  }
  return 0;
}

void gn__events_truncate(gn_game *g, int n) {
  if (n < 0) n = 0;
  if (g->nev <= n) return;
  const gn__ev *v = at(g, n);   /* the arena goes back to where event n began */
  g->text_block = v->mark_block;
  g->text_used = v->mark_used;
  g->nev = n;
}

void gn__events_rebase(gn_game *g, int first) {
  gn__events_truncate(g, 0);
  g->evfirst = first < 0 ? 0 : first;
}

int gn__event_spec(gn_game *g, gn_event *e, const char *spec) {
  if (e == &g->quiet_ev.e) return 0;
  const char *p = text_dup(g, spec);
  if (!p) { g->evoom = 1; return gn__error(g, GN_ENOMEM, "out of memory"); }
  keep_for(g, (gn__ev *)e);
  e->spec = p;
  return 0;
}

int gn__event_copy(gn_game *g, const gn_game *src, int i) {
  if (grow(g)) return GN_ENOMEM;
  const gn__ev *s = at(src, i);
  gn__ev *d = at(g, g->nev);
  *d = *s;
  d->g = g;
  d->mark_block = g->text_block; d->mark_used = g->text_used;
  if (!(d->e.text = text_dup(g, s->e.text))) return GN_ENOMEM;
  if (s->e.spec[0] && !(d->e.spec = text_dup(g, s->e.spec))) return GN_ENOMEM;
  if (s->e.ndice) {
    int *p = data_alloc(g, (size_t)s->e.ndice * sizeof *p);
    if (!p) return GN_ENOMEM;
    memcpy(p, s->e.dice, (size_t)s->e.ndice * sizeof *p);
    d->e.dice = p;
  }
  if (s->e.units == s->uin) {
    d->e.units = d->uin;
  } else {
    int *p = data_alloc(g, (size_t)s->ucap * sizeof *p);
    if (!p) return GN_ENOMEM;
    memcpy(p, s->e.units, (size_t)s->e.nunits * sizeof *p);
    d->e.units = p;
  }
  if (s->e.nmods) {
    gn_mod *m = data_alloc(g, (size_t)s->mcap * sizeof *m);
    if (!m) return GN_ENOMEM;
    memcpy(m, s->e.mods, (size_t)s->e.nmods * sizeof *m);
    d->e.mods = m;
  }
  g->nev++;
  return 0;
}

/* Public indices count from the game's first event; a game resumed from a
** snapshot holds in memory only those from g->evfirst on. */
int gn_event_count(const gn_game *g) { return g->evfirst + g->nev; }

int gn_event_first(const gn_game *g) { return g->evfirst; }

const gn_event *gn_event_get(const gn_game *g, int i) {
  if (i < g->evfirst || i - g->evfirst >= g->nev) return NULL;
  return &at(g, i - g->evfirst)->e;
}

int gn_event_visible(const gn_game *g, int i, int viewer) {
  const gn_event *e = gn_event_get(g, i);
  if (!e) return 0;
  if (viewer == GN_UMPIRE) return 1;
  if (viewer < 0 || viewer >= 32) return 0;
  return (e->visible >> viewer) & 1u;
}

/* The unit's code, or "-". */
static const char *ucode(const gn_game *g, int u) {
  return (g->sc && u >= 0 && u < g->sc->nunits) ? g->sc->unit[u].code : "-";
}

char *gn_event_json(const gn_game *g, int i) {
  const gn_event *e = gn_event_get(g, i);
  if (!e) return NULL;
  json_t *o = json_object();
  json_object_set_new(o, "seq", json_integer(e->seq));
  json_object_set_new(o, "order", json_integer(e->order + 1));   /* 1-based, 0: the start */
  json_object_set_new(o, "turn", json_integer(e->turn));
  json_object_set_new(o, "phase", json_string(e->phase ? e->phase : ""));
  json_object_set_new(o, "kind", json_string(e->kind));
  json_object_set_new(o, "ref", json_string(e->ref));
  if (e->unit >= 0) json_object_set_new(o, "unit", json_string(ucode(g, e->unit)));
  if (e->target >= 0) json_object_set_new(o, "target", json_string(ucode(g, e->target)));
  json_t *us = json_array();
  for (int k = 0; k < e->nunits; k++) json_array_append_new(us, json_string(ucode(g, e->units[k])));
  json_object_set_new(o, "units", us);
  json_object_set_new(o, "text", json_string(e->text));
  if (e->ndice) {
    json_t *d = json_array();
    for (int k = 0; k < e->ndice; k++) json_array_append_new(d, json_integer(e->dice[k]));
    json_object_set_new(o, "spec", json_string(e->spec));
    json_object_set_new(o, "dice", d);
    json_object_set_new(o, "total", json_integer(e->total));
  }
  if (e->nmods) {
    json_t *m = json_array();
    for (int k = 0; k < e->nmods; k++)
      json_array_append_new(m, json_pack("{s:s, s:i, s:s}", "name", e->mods[k].name, "value",
                                         e->mods[k].value, "ref", e->mods[k].ref));
    json_object_set_new(o, "modifiers", m);
  }
  if (e->visible != ~0u) {
    json_t *v = json_array();
    for (int s = 0; g->sc && s < g->sc->nsides; s++)
      if ((e->visible >> s) & 1u) json_array_append_new(v, json_string(g->sc->side[s].id));
    json_object_set_new(o, "visible_to", v);
  }
  char *s = json_dumps(o, JSON_COMPACT | JSON_PRESERVE_ORDER | JSON_ENSURE_ASCII);
  json_decref(o);
  return s;
}

char *gn_event_text(const gn_game *g, int i) {
  const gn_event *e = gn_event_get(g, i);
  if (!e) return NULL;
  char buf[1024];
  int n = snprintf(buf, sizeof buf, "%s", e->text);
  if (e->nmods) {
    n += snprintf(buf + n, n < (int)sizeof buf ? sizeof buf - n : 0, " [");
    for (int k = 0; k < e->nmods && n < (int)sizeof buf; k++) {   /* a modifier of 0 is a note: no "+0" */
      char v[16] = "";
      if (e->mods[k].value) snprintf(v, sizeof v, " %+d", e->mods[k].value);
      n += snprintf(buf + n, sizeof buf - n, "%s%s%s%s%s", k ? ", " : "", e->mods[k].name, v,
                    e->mods[k].ref[0] ? " ref. " : "", e->mods[k].ref);
    }
    if (n < (int)sizeof buf) n += snprintf(buf + n, sizeof buf - n, "]");
  }
  if (e->ref[0] && n < (int)sizeof buf) snprintf(buf + n, sizeof buf - n, " (ref. %s)", e->ref);
  char *s = malloc(strlen(buf) + 1);
  if (s) strcpy(s, buf);
  return s;
}
