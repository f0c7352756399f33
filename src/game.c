/*
** game.c: the root object. Memory, errors, the game's life cycle, the state
** block and its save points, and the unit accessors of the public API.
*/
#include "core.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

const char *gn_version(void) { return GN_VERSION; }

/* ref. design decision 2: one X-macro list gives the codes and their texts. */
const char *gn_strerror(int err) {
  switch (err) {
  case GN_OK: return "success";
#define GN__ERRSTR(name, val, msg) case GN_E##name: return msg;
  GN_ERRNO_MAP(GN__ERRSTR)
#undef GN__ERRSTR
  default: return "unknown error";
  }
}

void gn_string_free(char *s) { free(s); }

/* ------------------------------------------------------------------ memory */

static void *stdrealloc(void *ud, void *p, size_t osize, size_t nsize) {
  (void)ud; (void)osize;
  if (nsize == 0) { free(p); return NULL; }
  return realloc(p, nsize);
}

/* Returns NULL when out of memory, or when freeing (nsize 0). */
void *gn__realloc(const gn_allocator *a, void *p, size_t osize, size_t nsize) {
  if (a == NULL || a->realloc == NULL) return stdrealloc(NULL, p, osize, nsize);
  return a->realloc(a->ud, p, osize, nsize);
}

void *gn__malloc(gn_game *g, size_t n) {
  return gn__realloc(&g->alloc, NULL, 0, n ? n : 1);
}

void *gn__calloc(gn_game *g, size_t n, size_t size) {
  if (size && n > SIZE_MAX / size) return NULL;
  void *p = gn__malloc(g, n * size);
  if (p) memset(p, 0, (n * size) != 0 ? n * size : 1);
  return p;
}

void gn__free(gn_game *g, void *p, size_t n) {
  if (p) gn__realloc(&g->alloc, p, n, 0);
}

char *gn__strdup(gn_game *g, const char *s) {
  size_t n = strlen(s) + 1;
  char *d = gn__malloc(g, n);
  if (d) memcpy(d, s, n);
  return d;
}

/* Frees a string made by gn__strdup. */
static void strfree(gn_game *g, char *s) {
  if (s) gn__free(g, s, strlen(s) + 1);
}

int gn__verror(gn_game *g, int err, const char *fmt, va_list ap) {
  vsnprintf(g->err, sizeof g->err, fmt, ap);
  return err;
}

int gn__error(gn_game *g, int err, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  gn__verror(g, err, fmt, ap);
  va_end(ap);
  return err;
}

const char *gn_errmsg(const gn_game *g) { return g ? g->err : "no game"; }

/* ------------------------------------------------------------- diagnostics */

int gn__diag_add(gn_game *g, const char *fmt, ...) {
  char buf[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  if (g->ndiag == g->capdiag) {
    int cap = g->capdiag ? 2 * g->capdiag : 16;
    char **d = gn__realloc(&g->alloc, g->diag, g->capdiag * sizeof *d, cap * sizeof *d);
    if (!d) return GN_ENOMEM;
    g->diag = d; g->capdiag = cap;
  }
  if (!(g->diag[g->ndiag] = gn__strdup(g, buf))) return GN_ENOMEM;
  g->ndiag++;
  return 0;
}

void gn__diag_clear(gn_game *g) {
  for (int i = 0; i < g->ndiag; i++) strfree(g, g->diag[i]);
  g->ndiag = 0;
}

int gn_diag_count(const gn_game *g) { return g->ndiag; }
const char *gn_diag(const gn_game *g, int i) {
  return (i >= 0 && i < g->ndiag) ? g->diag[i] : NULL;
}

/* --------------------------------------------------------------- the state */

int gn__state_alloc(gn_game *g, gn__state *st, int nu, int nf, int no) {
  memset(st, 0, sizeof *st);
  st->nunits = nu; st->nformations = nf; st->nobjectives = no;
  st->u = gn__calloc(g, nu ? nu : 1, sizeof *st->u);
  st->f = gn__calloc(g, nf ? nf : 1, sizeof *st->f);
  st->owner = gn__calloc(g, no ? 3 * (size_t)no : 1, sizeof *st->owner);   /* owner, since, by */
  if (!st->u || !st->f || !st->owner) { gn__state_free(g, st); return GN_ENOMEM; }
  return 0;
}

void gn__state_free(gn_game *g, gn__state *st) {
  gn__free(g, (void *)st->u, (st->nunits ? st->nunits : 1) * sizeof *st->u);
  gn__free(g, (void *)st->f, (st->nformations ? st->nformations : 1) * sizeof *st->f);
  gn__free(g, st->owner, (st->nobjectives ? 3 * (size_t)st->nobjectives : 1) * sizeof *st->owner);
  st->u = NULL; st->f = NULL; st->owner = NULL;
}

#define POOL_CHUNK ((size_t)1 << 18)

void *gn__pool_get(gn_game *g, gn__pool *p, size_t n) {
  const size_t al = _Alignof(max_align_t);
  n = (n + al - 1) / al * al;
  if (!n) n = al;
  if (!p->n || p->used + n > p->chunk[p->n - 1].size) {
    if (p->n == p->cap) {
      int cap = p->cap ? 2 * p->cap : 8;
      struct gn__chunk *c = gn__realloc(&g->alloc, p->chunk, (size_t)p->cap * sizeof *c, (size_t)cap * sizeof *c);
      if (!c) return NULL;
      p->chunk = c; p->cap = cap;
    }
    size_t size = n > POOL_CHUNK ? n : POOL_CHUNK;
    if (!(p->chunk[p->n].p = gn__malloc(g, size))) return NULL;
    p->chunk[p->n++].size = size;
    p->used = 0;
  }
  char *r = p->chunk[p->n - 1].p + p->used;
  p->used += n;
  memset(r, 0, n);
  return r;
}

void gn__pool_free(gn_game *g, gn__pool *p) {
  for (int i = 0; i < p->n; i++) gn__free(g, p->chunk[i].p, p->chunk[i].size);
  gn__free(g, p->chunk, (size_t)p->cap * sizeof *p->chunk);
  memset(p, 0, sizeof *p);
}

int gn__slots_room(gn_game *g, int **slot, int *nslot, int n, int min, const void *base, size_t stride) {
  if (2 * (n + 1) <= *nslot) return 0;
  int ns = *nslot ? 2 * *nslot : min;
  int *sl = gn__calloc(g, (size_t)ns, sizeof *sl);
  if (!sl) return GN_ENOMEM;
  for (int i = 0; i < n; i++) {
    uint64_t h;
    memcpy(&h, (const char *)base + (size_t)i * stride, sizeof h);
    int j = (int)(h & (uint64_t)(ns - 1));
    while (sl[j]) j = (j + 1) & (ns - 1);
    sl[j] = i + 1;
  }
  gn__free(g, *slot, (size_t)*nslot * sizeof **slot);
  *slot = sl;
  *nslot = ns;
  return 0;
}

int gn__state_alloc_in(gn_game *g, gn__pool *p, gn__state *st, int nu, int nf, int no) {
  memset(st, 0, sizeof *st);
  st->nunits = nu; st->nformations = nf; st->nobjectives = no;
  st->u = gn__pool_get(g, p, (size_t)nu * sizeof *st->u);
  st->f = gn__pool_get(g, p, (size_t)nf * sizeof *st->f);
  st->owner = gn__pool_get(g, p, 3 * (size_t)no * sizeof *st->owner);
  return st->u && st->f && st->owner ? 0 : GN_ENOMEM;
}

/* Everything but the units (the clock, globals, generator, decks, formations,
** objectives); dst's arrays have src's sizes. */
static void copy_rest(gn__state *dst, const gn__state *src) {
  const gn__ustate *u = dst->u;
  const int (*f)[GN__MAXFATTR] = dst->f;
  int *owner = dst->owner, nu = dst->nunits, nf = dst->nformations;
  size_t n = sizeof *dst;
  __asm__("" : "+r"(n));   /* a size the compiler cannot see: the library's memcpy, not "rep movs" */
  memcpy(dst, src, n);
  dst->u = u; dst->f = f; dst->owner = owner; dst->nunits = nu; dst->nformations = nf;
  memcpy(owner, src->owner, 3 * (size_t)src->nobjectives * sizeof *owner);
}

void gn__state_copy(gn__state *dst, const gn__state *src) {
  copy_rest(dst, src);
  dst->nunits = src->nunits;
  dst->nformations = src->nformations;
  memcpy((void *)dst->u, src->u, src->nunits * sizeof *dst->u);
  memcpy((void *)dst->f, src->f, src->nformations * sizeof *dst->f);
}

/* Room in the journals for every unit and formation once more (an epoch's worth). */
static int journal_reserve(gn_game *g) {
  int nu = g->st.nunits, nf = g->st.nformations;
  if (!g->ustamp && nu && !(g->ustamp = gn__calloc(g, (size_t)nu, sizeof *g->ustamp))) return GN_ENOMEM;
  if (!g->fstamp && nf && !(g->fstamp = gn__calloc(g, (size_t)nf, sizeof *g->fstamp))) return GN_ENOMEM;
  if (g->njnl + nu > g->capjnl) {
    int cap = g->capjnl ? g->capjnl : 16;
    while (cap < g->njnl + nu) cap *= 2;
    gn__jentry *j = gn__realloc(&g->alloc, g->jnl, (size_t)g->capjnl * sizeof *j, (size_t)cap * sizeof *j);
    if (!j) return GN_ENOMEM;
    g->jnl = j; g->capjnl = cap;
  }
  if (g->nfjnl + nf > g->capfjnl) {
    int cap = g->capfjnl ? g->capfjnl : 16;
    while (cap < g->nfjnl + nf) cap *= 2;
    gn__fjentry *j = gn__realloc(&g->alloc, g->fjnl, (size_t)g->capfjnl * sizeof *j, (size_t)cap * sizeof *j);
    if (!j) return GN_ENOMEM;
    g->fjnl = j; g->capfjnl = cap;
  }
  return 0;
}

int *gn__fw(gn_game *g, int f) {
  int *r = (int *)g->st.f[f];
  if (g->depth > 0 && g->fstamp[f] != g->epoch) {
    g->fjnl[g->nfjnl].f = f;
    memcpy(g->fjnl[g->nfjnl].was, r, sizeof g->fjnl[0].was);
    g->nfjnl++;
    g->fstamp[f] = g->epoch;
  }
  return r;
}

gn__ustate *gn__uw(gn_game *g, int i) {
  gn__ustate *u = (gn__ustate *)&g->st.u[i];
  if (g->ukey_ok) g->ukey_ok[i] = 0;
  if (g->depth > 0 && g->ustamp[i] != g->epoch) {   /* first write since the epoch began */
    g->jnl[g->njnl].unit = i;
    g->jnl[g->njnl].was = *u;
    g->njnl++;
    g->ustamp[i] = g->epoch;
  }
  return u;
}

/* A new epoch; after 2^32 of them the stamps start again from clean. */
static void new_epoch(gn_game *g) {
  if (++g->epoch != 0) return;
  if (g->ustamp) memset(g->ustamp, 0, (size_t)g->st.nunits * sizeof *g->ustamp);
  if (g->fstamp) memset(g->fstamp, 0, (size_t)g->st.nformations * sizeof *g->fstamp);
  g->epoch = 1;
}

/*
** Open a save point.
**   1) the small part of the state is copied; units go to the journal as
**      they are first written (gn__uw)
**   2) a new epoch, with room in the journal for each unit once
*/
int gn__save(gn_game *g, gn__savepoint *sp) {
  if (!sp->st.owner) {                                                   /* 1 */
    int rc = gn__state_alloc(g, &sp->st, 0, 0, g->st.nobjectives);
    if (rc) return rc;
  }
  if (journal_reserve(g)) return GN_ENOMEM;                              /* 2 */
  copy_rest(&sp->st, &g->st);
  sp->nev = g->nev;
  sp->norders = g->norders;
  sp->scriptpos = g->dice.pos;
  sp->ntape = g->dice.ntape;
  sp->jmark = g->njnl;
  sp->fjmark = g->nfjnl;
  sp->open = 1;
  g->depth++;
  new_epoch(g);
  return 0;
}

/* 1 when a unit in state b stands where it stood in state a, both on the
** table: the grid need not hear of the change. */
static int same_place(const gn__ustate *a, const gn__ustate *b) {
  return !a->removed && !b->removed && memcmp(&a->box, &b->box, sizeof a->box) == 0;
}

/*
** Back to an open save point.
**   1) the journal backwards to the mark: each unit as it was (and in the grid)
**   2) the rest of the state, the log, the orders, the dice script
**   3) a new epoch: the next write to any unit is journaled again
*/
void gn__restore(gn_game *g, const gn__savepoint *sp) {
  while (g->njnl > sp->jmark) {                                          /* 1 */
    const gn__jentry *e = &g->jnl[--g->njnl];
    int placed = same_place(&g->st.u[e->unit], &e->was);
    *(gn__ustate *)&g->st.u[e->unit] = e->was;
    if (g->ukey_ok) g->ukey_ok[e->unit] = 0;
    if (g->grid && !g->grid_dirty && !placed) {
      if (e->was.removed) gn_grid_remove(g->grid, e->unit);
      else if (gn_grid_set(g->grid, e->unit, e->was.box)) g->grid_dirty = 1;
    }
  }
  while (g->nfjnl > sp->fjmark) {
    const gn__fjentry *e = &g->fjnl[--g->nfjnl];
    memcpy((int *)g->st.f[e->f], e->was, sizeof e->was);
  }
  copy_rest(&g->st, &sp->st);                                            /* 2 */
  gn__events_truncate(g, sp->nev);
  gn__orders_truncate(g, sp->norders);
  g->dice.pos = sp->scriptpos;
  g->dice.ntape = sp->ntape;
  new_epoch(g);                                                          /* 3 */
}

/* What happened since the save point stays; the journal empties with the
** last open save point. */
void gn__release(gn_game *g, gn__savepoint *sp) {
  if (!sp->open) return;
  sp->open = 0;
  if (--g->depth == 0) g->njnl = g->nfjnl = 0;
}

void gn__savepoint_free(gn_game *g, gn__savepoint *sp) {
  gn__release(g, sp);
  if (sp->st.owner) gn__state_free(g, &sp->st);
}

/* ------------------------------------------------------------------ orders */

int gn_game_order_count(const gn_game *g) { return g->norders; }
const char *gn_game_order_text(const gn_game *g, int i) {
  return (i >= 0 && i < g->norders) ? g->orders[i].text : NULL;
}

int gn_game_order_chances(const gn_game *g, int i) {
  return (i >= 0 && i < g->norders) ? g->orders[i].nchance : 0;
}

const char *gn_game_unit(const gn_game *g) {
  if (!g->sc) return "";
  return g->sc->tunit ? g->sc->tunit : g->sc->rs->unit;
}

int gn_terrain_count(const gn_game *g) { return g->sc ? g->sc->nterrain : 0; }

int gn_terrain_get(const gn_game *g, int i, gn_feature *f, const char **id, const char **kind) {
  if (!g->sc || i < 0 || i >= g->sc->nterrain) return GN_ENOTFOUND;
  const gn__terrain *t = &g->sc->terrain[i];
  if (f) *f = g->sc->features[i];
  if (id) *id = t->id;
  if (kind) *kind = g->sc->rs->terrain[t->f.kind].name;
  return 0;
}

/* -------------------------------------------------------------- life cycle */

gn_game *gn_game_new(const gn_allocator *a) {
  gn_allocator al = { stdrealloc, NULL };
  if (a && a->realloc) al = *a;
  gn_game *g = gn__realloc(&al, NULL, 0, sizeof *g);
  if (!g) return NULL;
  memset(g, 0, sizeof *g);
  g->alloc = al;
  g->roll_vis = ~0u;
  g->cur_order = -1;
  return g;
}

static void game_clear(gn_game *g) {
  gn__order_odds_clear(g);
  gn__events_truncate(g, 0);
  gn__orders_truncate(g, 0);
  gn__savepoint_free(g, &g->order_save);
  gn__free(g, g->jnl, (size_t)g->capjnl * sizeof *g->jnl);
  gn__free(g, g->ustamp, (size_t)g->st.nunits * sizeof *g->ustamp);
  gn__free(g, g->fjnl, (size_t)g->capfjnl * sizeof *g->fjnl);
  gn__free(g, g->fstamp, (size_t)g->st.nformations * sizeof *g->fstamp);
  g->jnl = NULL; g->njnl = g->capjnl = 0; g->ustamp = NULL; g->depth = 0;
  g->fjnl = NULL; g->nfjnl = g->capfjnl = 0; g->fstamp = NULL;
  gn__free(g, g->ukey, (size_t)g->nukey * sizeof *g->ukey);
  gn__free(g, g->ukey_ok, (size_t)g->nukey);
  g->ukey = NULL; g->ukey_ok = NULL; g->nukey = 0;
  if (g->st.u) gn__state_free(g, &g->st);
  if (g->sc) gn__scen_release(g, g->sc);
  g->sc = NULL;
  gn_grid_free(g->grid);
  g->grid = NULL;
  g->started = 0;
}

void gn_game_free(gn_game *g) {
  if (!g) return;
  game_clear(g);
  gn__diag_clear(g);
  gn__free(g, g->diag, g->capdiag * sizeof *g->diag);
  gn__events_free(g);
  gn__orders_free(g);
  gn__free(g, g->dice.script, g->dice.capscript * sizeof(int));
  gn__free(g, g->dice.tape, g->dice.captape * sizeof(int));
  strfree(g, g->datadir);
  gn_allocator al = g->alloc;
  gn__realloc(&al, g, sizeof *g, 0);
}

int gn_game_set_data_dir(gn_game *g, const char *dir) {
  char *d = dir ? gn__strdup(g, dir) : NULL;
  if (dir && !d) return gn__error(g, GN_ENOMEM, "out of memory");
  strfree(g, g->datadir);
  g->datadir = d;
  return 0;
}

/* Builds the initial state from the scenario. */
static int state_init(gn_game *g) {
  gn__scen *sc = g->sc;
  int rc = gn__state_alloc(g, &g->st, sc->nunits, sc->nformations, sc->nobjectives);
  if (rc) return gn__error(g, rc, "out of memory");
  for (int i = 0; i < sc->nunits; i++) {
    gn__ustate *u = gn__uw(g, i);
    u->box = sc->unit[i].box0;
    u->strength = sc->unit[i].strength0;
    memcpy(u->attr, sc->unit[i].attr0, sizeof u->attr);
    if (sc->unit[i].arrives.turn > 0) u->removed = GN__ARRIVING;   /* a reinforcement */
  }
  for (int i = 0; i < sc->nobjectives; i++) {
    g->st.owner[i] = GN__OWNER_BY(&g->st, i) = sc->objective[i].owner0;
    GN__SINCE(&g->st, i) = 0;
  }
  for (int s = 0; s < GN__MAXSIDES; s++) gn__deck_reset(&g->st, s);
  g->st.turn = 1;
  g->grid_dirty = 1;
  return 0;
}

/* Case-folded comparison of two names. */
static int cmpi(const char *a, const char *b) {
  for (;; a++, b++) {
    int ca = *a >= 'A' && *a <= 'Z' ? *a + 32 : (unsigned char)*a;
    int cb = *b >= 'A' && *b <= 'Z' ? *b + 32 : (unsigned char)*b;
    if (ca != cb || !ca) return ca - cb;
  }
}

/* The hash of a name folded as cmpi folds it: h * 31 + c over the bytes (a
** short chain per byte), then mixed so that the low bits index the table;
** never 0, which marks an empty slot. */
static uint32_t name_hash(const char *s) {
  uint32_t h = 0;
  for (; *s; s++) h = h * 31u + (uint32_t)(*s >= 'A' && *s <= 'Z' ? *s + 32 : (unsigned char)*s);
  h ^= h >> 16;
  h *= 0x45d9f3bu;
  h ^= h >> 16;
  return h ? h : 1;
}

/* 1 when the folded key k and the name s are the same name (s folded as
** cmpi folds it). */
static int same_name(const char *k, const char *s) {
  for (; *k; k++, s++)
    if (*k != (*s >= 'A' && *s <= 'Z' ? *s + 32 : *s)) return 0;
  return *s == 0;
}

/* Puts unit u under name (unless the name is there already: a unit whose code
** is its id), its folded copy appended to the pool at *at. Cannot fail: the
** table and the pool have room. */
static void name_put(gn__scen *sc, const char *name, int u, size_t *at) {
  uint32_t h = name_hash(name), mask = (uint32_t)sc->nnames - 1;
  for (uint32_t i = h & mask;; i = (i + 1) & mask) {
    gn__name *e = &sc->names[i];
    if (e->hash == h && same_name(sc->namepool + e->key, name)) return;
    if (e->hash != 0) continue;
    e->hash = h; e->unit = u; e->key = (uint32_t)*at;
    for (const char *c = name;; c++) {
      sc->namepool[(*at)++] = (char)(*c >= 'A' && *c <= 'Z' ? *c + 32 : *c);
      if (!*c) break;
    }
    return;
  }
}

/* The index gn_unit_find looks names up in: every code, then every id (the
** scenario checks that no code is another unit's id, and that codes and ids
** are unique without case). A hash table at most half full, whose slots
** point into one pool of the names folded: a look-up touches the slot and
** the pool, not the units. GN_ENOMEM.
**   1) the names: codes and ids (one when a code is its id), their bytes
**   2) the table and the pool; codes first, then ids */
static int index_units(gn_game *g, gn__scen *sc) {
  size_t keys = 0, bytes = 0, at = 0, m = 8;
  for (int i = 0; i < sc->nunits; i++) {                                   /* 1 */
    keys++; bytes += strlen(sc->unit[i].code) + 1;
    if (cmpi(sc->unit[i].code, sc->unit[i].id)) { keys++; bytes += strlen(sc->unit[i].id) + 1; }
  }
  while (m < 2 * keys) m *= 2;                                             /* 2 */
  if (bytes > UINT32_MAX) return GN_ENOMEM;
  sc->names = gn__calloc(g, m, sizeof *sc->names);
  sc->namepool = gn__malloc(g, bytes);
  if (!sc->names || !sc->namepool) {
    gn__free(g, sc->names, m * sizeof *sc->names);
    gn__free(g, sc->namepool, bytes ? bytes : 1);
    sc->names = NULL; sc->namepool = NULL;
    return GN_ENOMEM;
  }
  sc->nnames = (int)m;
  sc->npool = bytes;
  for (int i = 0; i < sc->nunits; i++) name_put(sc, sc->unit[i].code, i, &at);
  for (int i = 0; i < sc->nunits; i++) name_put(sc, sc->unit[i].id, i, &at);
  return 0;
}

void gn__scen_names_free(gn_game *g, gn__scen *sc) {
  gn__free(g, sc->names, (size_t)sc->nnames * sizeof *sc->names);
  gn__free(g, sc->namepool, sc->npool ? sc->npool : 1);
  sc->names = NULL; sc->namepool = NULL;
  sc->nnames = 0; sc->npool = 0;
}

int gn_game_load(gn_game *g, const char *name, const char *text, size_t len) {
  if (!g || !text) return GN_EINVAL;
  if (g->sc) return gn__error(g, GN_ESTATE, "a scenario is already loaded");
  gn__diag_clear(g);
  g->err[0] = 0;
  gn__scen *sc = NULL;
  int rc = gn__scen_load(g, name ? name : "scenario", text, len, &sc);
  if (rc) {
    if (g->ndiag && !g->err[0]) gn__error(g, rc, "%s", g->diag[0]);
    else if (!g->err[0]) gn__error(g, rc, "%s: %s", name, gn_strerror(rc));
    return rc;
  }
  g->sc = sc;
  if ((rc = index_units(g, sc)) || (rc = state_init(g))) {
    game_clear(g);
    return gn__error(g, rc, "out of memory");
  }
  return 0;
}

int gn_game_load_file(gn_game *g, const char *path) {
  if (!g || !path) return GN_EINVAL;
  FILE *f = fopen(path, "rb");
  if (!f) return gn__error(g, GN_EIO, "%s: cannot open: %s", path, strerror(errno));
  errno = 0;   /* a read error's reason is the one fread leaves */
  size_t cap = 1 << 16, n = 0;
  char *buf = gn__malloc(g, cap);
  while (buf) {
    size_t r = fread(buf + n, 1, cap - n, f);
    n += r;
    if (n < cap) break;
    char *nb = gn__realloc(&g->alloc, buf, cap, cap * 2);
    if (!nb) { gn__free(g, buf, cap); buf = NULL; break; }
    buf = nb; cap *= 2;
  }
  int err = ferror(f) ? (errno ? errno : EIO) : 0;
  fclose(f);
  if (!buf) return gn__error(g, GN_ENOMEM, "out of memory");
  if (err) { gn__free(g, buf, cap); return gn__error(g, GN_EIO, "%s: cannot read: %s", path, strerror(err)); }
  int rc = gn_game_load(g, path, buf, n);
  gn__free(g, buf, cap);
  return rc;
}

int gn_game_use_ruleset(gn_game *g, const char *ruleset) {
  if (!g || !ruleset) return GN_EINVAL;
  if (g->sc) return gn__error(g, GN_ESTATE, "a scenario is already loaded");
  const gn__ruleset *rs = gn__ruleset_find(ruleset);
  if (!rs) return gn__error(g, GN_ERULESET, "unknown ruleset '%s'", ruleset);
  /* a scenario of two sides, one stand each, far apart: enough to hold the data */
  char text[640];
  int n = snprintf(text, sizeof text,
                   "grognard: 1\nname: \"%s\"\nruleset: %s\ntable: {width: 100, height: 100}\n"
                   "date: {year: 1815, month: 6, day: 18, hour: 12}\nturns: 1\n"
                   "sides:\n  - {id: a, name: A}\n  - {id: b, name: B}\nunits:\n"
                   "  - {id: a1, side: a, type: %s, at: [10, 10], strength: 10}\n"
                   "  - {id: b1, side: b, type: %s, at: [90, 90], strength: 10}\n",
                   rs->title, rs->id, rs->types[0].name, rs->types[0].name);
  gn__diag_clear(g);
  gn__scen *sc = NULL;
  int rc = gn__scen_load(g, rs->id, text, (size_t)n, &sc);
  if (rc) {
    if (g->ndiag) gn__error(g, rc, "%s", g->diag[0]);
    return rc;
  }
  g->sc = sc;
  if ((rc = index_units(g, sc)) || (rc = state_init(g))) { game_clear(g); return gn__error(g, rc, "out of memory"); }
  return gn_game_start(g, 0);
}

int gn_game_start(gn_game *g, uint64_t seed) {
  if (!g) return GN_EINVAL;
  if (!g->sc) return gn__error(g, GN_ESTATE, "no scenario is loaded");
  if (g->started) return gn__error(g, GN_ESTATE, "the game has already started");
  g->seed = seed;
  gn_rng_seed(&g->st.rng, seed);
  g->dice.mode = GN_DICE_RNG;
  if (g->sc->rs->setup) {
    g->evoom = 0;
    int rc = g->sc->rs->setup(g);
    if (g->evoom) rc = gn__error(g, GN_ENOMEM, "out of memory");   /* a lost event or list */
    if (rc) return rc;
  }
  /* the numbers this game plays with in place of the ruleset data's (the
  ** scenario's values:), in its log from the start */
  for (int i = 0; i < g->sc->ndata; i++) {
    const gn__datum *d = &g->sc->data[i];
    char val[96];
    size_t k = 0;
    if (strcmp(d->provenance, "scenario")) continue;
    for (int j = 0; j < d->n && k < sizeof val; j++) {
      int w = snprintf(val + k, sizeof val - k, "%s%g", j ? ", " : "", d->v[j]);
      if (w > 0) k += (size_t)w;
    }
    if (k >= sizeof val) memcpy(val + sizeof val - 4, "...", 4);
    if (!gn__event(g, "values", d->ref, -1, -1, "this game plays %s = %s%s%s", d->key, val,
                   d->note ? ": " : "", d->note ? d->note : ""))
      return gn__error(g, GN_ENOMEM, "out of memory");
  }
  g->grid_dirty = 1;
  if (!gn__grid(g)) return gn__error(g, GN_ENOMEM, "out of memory");   /* now: clones copy it */
  g->started = 1;
  return 0;
}

/* Copies an int array of the dice source. */
static int *intdup(gn_game *g, const int *p, int n, int cap) {
  if (!cap) return NULL;
  int *d = gn__malloc(g, cap * sizeof *d);
  if (d && n) memcpy(d, p, n * sizeof *d);
  return d;
}

gn_game *gn_game_clone(const gn_game *src) {
  if (!src) return NULL;
  gn_game *g = gn_game_new(&src->alloc);
  if (!g) return NULL;
  memcpy(g->err, src->err, sizeof g->err);
  g->started = src->started;
  g->seed = src->seed;
  g->roll_vis = src->roll_vis;
  g->cur_order = src->cur_order;
  if (src->datadir && !(g->datadir = gn__strdup(g, src->datadir))) goto oom;
  if (src->sc) {
    g->sc = src->sc;
    g->sc->refs++;
    if (gn__state_alloc(g, &g->st, src->st.nunits, src->st.nformations, src->st.nobjectives))
      goto oom;
    gn__state_copy(&g->st, &src->st);
  }
  g->dice = src->dice;
  g->dice.en = NULL;
  g->dice.script = intdup(g, src->dice.script, src->dice.nscript, src->dice.capscript);
  g->dice.tape = intdup(g, src->dice.tape, src->dice.ntape, src->dice.captape);
  if ((src->dice.capscript && !g->dice.script) || (src->dice.captape && !g->dice.tape)) {
    g->dice.capscript = g->dice.captape = 0;
    goto oom;
  }
  if (g->dice.mode == GN_DICE_ENUMERATE) g->dice.mode = GN_DICE_RNG;
  g->evfirst = src->evfirst;
  for (int i = 0; i < src->nev; i++)
    if (gn__event_copy(g, src, i)) goto oom;
  for (int i = 0; i < src->norders; i++) {
    const gn__order *o = &src->orders[i];
    if (gn__order_record(g, o->text, o->mode, o->tape, o->ntape, o->nchance)) goto oom;
  }
  /* the grid as it is (the same lists in the same order), else built when asked */
  g->grid = src->grid && !src->grid_dirty ? gn__grid_clone(src->grid, &g->alloc) : NULL;
  g->grid_dirty = g->grid == NULL;
  return g;
oom:
  gn_game_free(g);
  return NULL;
}

/* --------------------------------------------------------------- accessors */

uint64_t gn_game_seed(const gn_game *g) { return g->seed; }
const char *gn_game_ruleset(const gn_game *g) { return g->sc ? g->sc->rs->id : NULL; }
const char *gn_game_scenario_name(const gn_game *g) { return g->sc ? g->sc->name : NULL; }
const char *gn_game_scenario_file(const gn_game *g) { return g->sc ? g->sc->file : NULL; }
const char *gn_game_scenario_text(const gn_game *g, size_t *len) {
  if (!g->sc) return NULL;
  if (len) *len = g->sc->textlen;
  return g->sc->text;
}
int gn_game_turn(const gn_game *g) { return g->st.turn; }
int gn_game_turn_limit(const gn_game *g) { return g->sc ? g->sc->turns : 0; }
int gn_game_active_side(const gn_game *g) { return g->st.active; }
int gn_game_over(const gn_game *g) { return g->st.over; }

int gn_side_done(const gn_game *g, int side) {
  if (!g->sc || side < 0 || side >= g->sc->nsides || g->st.active >= 0 || g->st.over ||
      !g->sc->rs->side_done)
    return 0;
  return g->sc->rs->side_done(g, side) ? 1 : 0;
}

const char *gn_game_phase(const gn_game *g) {
  if (!g->sc || !g->sc->rs->phase) return "";
  return g->sc->rs->phase(g);
}

gn_text gn_game_clock(const gn_game *g) {
  gn_text t;
  t.text[0] = 0;
  if (g->sc && g->sc->rs->clock) g->sc->rs->clock(g, t.text, sizeof t.text);
  else if (g->sc) snprintf(t.text, sizeof t.text, "turn %d", g->st.turn);
  return t;
}

/* ------------------------------------------------------- sides and units */

int gn_side_count(const gn_game *g) { return g->sc ? g->sc->nsides : 0; }
const char *gn_side_id(const gn_game *g, int s) {
  return (g->sc && s >= 0 && s < g->sc->nsides) ? g->sc->side[s].id : NULL;
}
const char *gn_side_name(const gn_game *g, int s) {
  return (g->sc && s >= 0 && s < g->sc->nsides) ? g->sc->side[s].name : NULL;
}

const char *gn_side_commander(const gn_game *g, int s, int *line, int *col) {
  const gn__side *sd = g->sc && s >= 0 && s < g->sc->nsides ? &g->sc->side[s] : NULL;
  if (line) *line = sd && sd->ai ? sd->ai_line : 0;
  if (col) *col = sd && sd->ai ? sd->ai_col : 0;
  return sd ? sd->ai : NULL;
}

const char *gn_formation_plan(const gn_game *g, int f, int *line, int *col) {
  const gn__formation *fo = g && g->sc && f >= 0 && f < g->sc->nformations ? &g->sc->formation[f] : NULL;
  if (line) *line = fo && fo->plan ? fo->plan_line : 0;
  if (col) *col = fo && fo->plan ? fo->plan_col : 0;
  return fo ? fo->plan : NULL;
}

int gn_side_find(const gn_game *g, const char *id) {
  for (int s = 0; g->sc && s < g->sc->nsides; s++)
    if (gn__eqi(g->sc->side[s].id, id) || gn__eqi(g->sc->side[s].name, id)) return s;
  return GN_ENOTFOUND;
}

int gn_formation_count(const gn_game *g) { return g->sc ? g->sc->nformations : 0; }

int gn_formation_get(const gn_game *g, int f, gn_formation_info *out) {
  if (!g->sc || f < 0 || f >= g->sc->nformations) return GN_ENOTFOUND;
  const gn__formation *fm = &g->sc->formation[f];
  out->id = fm->id; out->name = fm->name; out->echelon = fm->echelon;
  out->side = fm->side; out->parent = fm->parent; out->leader = fm->leader;
  return 0;
}

int gn_unit_count(const gn_game *g) { return g->sc ? g->sc->nunits : 0; }

/* A code first, then an id (the index holds each name once): one probe of
** the hash table as a rule. */
int gn_unit_find(const gn_game *g, const char *s) {
  if (!g->sc || !s || !g->sc->names) return GN_ENOTFOUND;
  const gn__scen *sc = g->sc;
  uint32_t h = name_hash(s), mask = (uint32_t)sc->nnames - 1;
  for (uint32_t i = h & mask;; i = (i + 1) & mask) {
    const gn__name *e = &sc->names[i];
    if (e->hash == 0) return GN_ENOTFOUND;
    if (e->hash == h && same_name(sc->namepool + e->key, s)) return e->unit;
  }
}

const char *gn_rating_name(int r) {
  static const char *const names[GN_RATING_COUNT] = {"average", "poor", "good", "excellent"};
  return r >= 0 && r < GN_RATING_COUNT ? names[r] : NULL;
}

int gn_unit_view_get(const gn_game *g, int unit, int viewer, gn_unit_view *v) {
  if (!g->sc || unit < 0 || unit >= g->sc->nunits) return GN_ENOTFOUND;
  const gn__unit *su = &g->sc->unit[unit];
  const gn__ustate *u = &g->st.u[unit];
  memset(v, 0, offsetof(gn_unit_view, status));   /* the text: only its end */
  v->status[0] = 0;
  v->known = 1;
  v->id = su->id; v->code = su->code; v->name = su->name;
  v->type = g->sc->rs->types[su->type].name;
  v->side = su->side; v->formation = su->formation;
  v->box = u->box;
  v->strength = u->strength; v->strength0 = su->strength0;
  v->removed = u->removed != 0;
  v->melee = -1;
  v->rating = -1;
  v->command_radius = -1;
  if (u->removed == GN__ARRIVING && (viewer == GN_UMPIRE || viewer == su->side)) {
    v->arrives = su->arrives.turn;
    if (su->arrives.minute > 0) v->arrives_clock = su->arrives.minute;
  }
  if (g->sc->rs->view) g->sc->rs->view(g, unit, viewer, v, v->status, sizeof v->status);
  return 0;
}

/*
** A unit's attribute as a viewer may know it.
**   1) the umpire and the unit's own side know everything
**   2) an enemy knows nothing of a unit the ruleset's view hides, no hidden
**      attribute, and the strength only when the view shows it
** Fails with GN_ENOTFOUND (no such unit or attribute) or GN_ESTATE (hidden).
*/
int gn_unit_attr(const gn_game *g, int unit, int viewer, const char *name, int *value) {
  if (!g->sc || unit < 0 || unit >= g->sc->nunits || !name) return GN_ENOTFOUND;
  const gn__ruleset *rs = g->sc->rs;
  int own = viewer == GN_UMPIRE || viewer == g->sc->unit[unit].side;              /* 1 */
  gn_unit_view v = { 0 };
  int i;
  for (i = 0; i < rs->nattrs && strcmp(rs->attrs[i].name, name) != 0; i++) {}
  if (i == rs->nattrs && strcmp(name, "strength") != 0) return GN_ENOTFOUND;
  if (!own) {                                                                     /* 2 */
    if (i < rs->nattrs && rs->attrs[i].hidden) return GN_ESTATE;
    if (gn_unit_view_get(g, unit, viewer, &v) || !v.known) return GN_ESTATE;
    if (i == rs->nattrs && v.strength < 0) return GN_ESTATE;
  }
  *value = i < rs->nattrs ? g->st.u[unit].attr[i] : g->st.u[unit].strength;
  return 0;
}

/* ---------------------------------------------------------- geometry glue */

gn_grid *gn__grid(gn_game *g) {
  if (!g->sc) return NULL;
  if (!g->grid) {
    double cell = g->sc->width > 200 ? 20 : 6;
    if (!(g->grid = gn_grid_new(&g->alloc, g->sc->width, g->sc->height, cell))) return NULL;
    g->grid_dirty = 1;
  }
  if (g->grid_dirty) {
    for (int i = 0; i < g->st.nunits; i++) {
      if (g->st.u[i].removed) gn_grid_remove(g->grid, i);
      else if (gn_grid_set(g->grid, i, g->st.u[i].box)) return NULL;
    }
    g->grid_dirty = 0;
  }
  return g->grid;
}

void gn__unit_place(gn_game *g, int unit, gn_box b) {
  gn__uw(g, unit)->box = b;
  if (g->grid && !g->grid_dirty && gn_grid_set(g->grid, unit, b)) g->grid_dirty = 1;
}

void gn__unit_remove(gn_game *g, int unit) {
  gn__uw(g, unit)->removed = 1;
  if (g->grid && !g->grid_dirty) gn_grid_remove(g->grid, unit);
}

void gn__unit_return(gn_game *g, int unit, gn_box b) {
  gn__uw(g, unit)->removed = 0;
  gn__unit_place(g, unit, b);
}

/* 1 when unit is a reinforcement of side, still off the table, whose turn
** has come, or for an arrival by the clock, whose time the ruleset's clock
** has reached. */
static int due(const gn_game *g, int unit, int side) {
  const gn__unit *su = &g->sc->unit[unit];
  if (su->side != side || g->st.u[unit].removed != GN__ARRIVING || su->arrives.turn <= 0 ||
      g->st.turn < su->arrives.turn)
    return 0;
  return su->arrives.minute <= 0 || !g->sc->rs->minute || g->sc->rs->minute(g) >= su->arrives.minute;
}

void gn__clock_text(int minute, char *buf, size_t n) {
  int day = minute / (24 * 60) + 1, h = minute / 60 % 24, m = minute % 60;
  char t[24];
  if (h == 12 && !m) snprintf(t, sizeof t, "noon");
  else if (h == 0 && !m) snprintf(t, sizeof t, "midnight");
  else if (m) snprintf(t, sizeof t, "%d:%02d %s", h % 12 ? h % 12 : 12, m, h < 12 ? "a.m." : "p.m.");
  else snprintf(t, sizeof t, "%d %s", h % 12 ? h % 12 : 12, h < 12 ? "a.m." : "p.m.");
  if (day > 1) snprintf(buf, n, "day %d, %s", day, t);
  else snprintf(buf, n, "%s", t);
}

/* 1 when a unit before unit of its group is still due: the group waits (its
** roll failed this turn), and unit is decided with it. */
static int waiting(const gn_game *g, int unit, int side) {
  for (int k = 0; k < unit; k++)
    if (g->sc->unit[k].arrive_group == g->sc->unit[unit].arrive_group && due(g, k, side)) return 1;
  return 0;
}

/* A unit as players call it at the table: its code, else its id (as show,
** the map and the rules' events do). */
static const char *unit_word(const gn__scen *sc, int unit) {
  return sc->unit[unit].code && sc->unit[unit].code[0] ? sc->unit[unit].code : sc->unit[unit].id;
}

/* An arriving group by its formation's name (formations have no code), a
** unit arriving alone by its code. */
static const char *group_name(const gn__scen *sc, int unit) {
  int grp = sc->unit[unit].arrive_group;
  return grp < sc->nformations ? sc->formation[grp].name : unit_word(sc, unit);
}

double gn__entry_place(const gn__scen *sc, const gn__arrival *a, const int *ids, int n, gn_box *out,
                       double *marched) {
  /* the inward normal of the edge and the way along the segment */
  static const double nx[4] = {0, -1, 0, 1}, ny[4] = {1, 0, -1, 0};
  int e = a->edge >= 0 && a->edge < 4 ? a->edge : 0;
  gn_vec2 in = {nx[e], ny[e]};
  double len = hypot(a->e1.x - a->e0.x, a->e1.y - a->e0.y);
  gn_vec2 t = len > 0 ? (gn_vec2){(a->e1.x - a->e0.x) / len, (a->e1.y - a->e0.y) / len}
                      : (gn_vec2){-in.y, in.x};
  double facing = atan2(in.y, in.x), depth = 0;
  int start = 0;
  /* 1) ranks: as many stands side by side as the segment holds (one at least) */
  while (start < n) {
    int end = start;
    double used = 0, rank = 0;
    while (end < n) {
      double w = sc->unit[ids[end]].box0.w;
      if (end > start && used + w > len + 1e-9) break;
      used += w;
      end++;
    }
    for (int k = start; k < end; k++)
      if (sc->unit[ids[k]].box0.d > rank) rank = sc->unit[ids[k]].box0.d;
    /* 2) this rank's place along the edge: from e0, or centred when it overhangs */
    double along = used <= len ? 0 : (len - used) / 2;
    for (int k = start; k < end; k++) {
      const gn_box *b0 = &sc->unit[ids[k]].box0;
      out[k].w = b0->w;
      out[k].d = b0->d;
      out[k].facing = facing;
      out[k].c.x = a->e0.x + t.x * (along + b0->w / 2);
      out[k].c.y = a->e0.y + t.y * (along + b0->w / 2);
      along += b0->w;
    }
    /* each earlier rank moves one rank deeper */
    for (int k = 0; k < start; k++) {
      out[k].c.x += in.x * rank;
      out[k].c.y += in.y * rank;
      if (marched) marched[k] += rank;
    }
    for (int k = start; k < end; k++) {
      out[k].c.x += in.x * (sc->unit[ids[k]].box0.d / 2);
      out[k].c.y += in.y * (sc->unit[ids[k]].box0.d / 2);
      if (marched) marched[k] = sc->unit[ids[k]].box0.d;
    }
    depth += rank;
    start = end;
  }
  /* 3) marched[] holds each stand's front from the edge (its depth, plus the
  **    ranks that came on behind it) */
  return depth;
}

int gn__arrivals(gn_game *g, int side, const char *ref) {
  const gn__scen *sc = g->sc;
  int rc;
  for (int i = 0; i < sc->nunits; i++) {
    /* 1) the first unit of a group due decides for the group */
    if (!due(g, i, side) || waiting(g, i, side)) continue;
    int grp = sc->unit[i].arrive_group, need = sc->unit[i].arrives.roll, n = 0, *ids;
    /* 2) the roll for a delay */
    if (need > 0) {
      int total = 0;
      char what[160];
      gn__snprintf(what, sizeof what, "does %s come on? (%d+)", group_name(sc, i), need);
      gn__chance_say(g, ~0u, "%d or more to come on this turn (ref. %s)", need, ref);
      if ((rc = gn__roll(g, "1d6", what, ref, i, &total, NULL))) return rc;
      if (total < need) {
        if (!gn__event(g, "arrival", ref, i, -1, "%s does not come on this turn (rolled %d, needed %d)",
                       group_name(sc, i), total, need))
          return GN_ENOMEM;
        continue;
      }
    }
    /* 3) every unit of the group comes on, in the scenario's order: at its
    **    own place, or at the entry in its order of march */
    for (int j = i; j < sc->nunits; j++) n += sc->unit[j].arrive_group == grp && due(g, j, side);
    size_t size = (size_t)n * (sizeof *ids + sizeof(gn_box) + sizeof(double));
    char *mem = gn__malloc(g, size);
    if (!mem) {
      g->evoom = 1;
      return gn__error(g, GN_ENOMEM, "out of memory");
    }
    gn_box *box = (gn_box *)mem;
    double *marched = (double *)(mem + (size_t)n * sizeof *box);
    ids = (int *)(mem + (size_t)n * (sizeof *box + sizeof *marched));
    n = 0;
    for (int j = i; j < sc->nunits; j++)
      if (sc->unit[j].arrive_group == grp && due(g, j, side)) {
        box[n] = sc->unit[j].box0;
        marched[n] = 0;
        ids[n++] = j;
      }
    const gn__arrival *a = &sc->unit[i].arrives;
    if (a->entry) gn__entry_place(sc, a, ids, n, box, marched);
    /* 4) an entry held by another stand: the group waits for a turn it is clear */
    int block = -1, by = -1;
    for (int k = 0; a->entry && k < n && block < 0; k++)
      for (int o = 0; o < sc->nunits && block < 0; o++)
        if (!g->st.u[o].removed && gn_box_overlap(box[k], g->st.u[o].box)) { block = k; by = o; }
    if (block >= 0) {
      rc = gn__event(g, "arrival", ref, i, -1, "%s cannot come on this turn: %s stands on its entry",
                     group_name(sc, i), unit_word(sc, by)) ? 0 : GN_ENOMEM;
      gn__free(g, mem, size);
      if (rc) return rc;
      continue;
    }
    for (int k = 0; k < n; k++) {
      gn__unit_return(g, ids[k], box[k]);
      if (a->entry && sc->rs->entered) sc->rs->entered(g, ids[k], marched[k]);
    }
    char what[160];
    gn__snprintf(what, sizeof what, "%s comes on the table", group_name(sc, i));
    rc = gn__event_list(g, "arrival", ref, ~0u, what, ids, n);
    gn__free(g, mem, size);
    if (rc) return rc;
  }
  return 0;
}

int gn__units_near(gn_game *g, int unit, double r, int *ids, int max) {
  gn_grid *gr = gn__grid(g);
  int n = 0;
  if (gr) {
    int tmp[512];
    int total = gn_grid_query(gr, g->st.u[unit].box, r, tmp, 512);
    if (total <= 512) {
      for (int i = 0; i < total; i++)
        if (tmp[i] != unit && !g->st.u[tmp[i]].removed) { if (n < max) ids[n] = tmp[i]; n++; }
      return n;
    }
  }
  for (int i = 0; i < g->st.nunits; i++) {   /* no grid or too many: plain scan */
    if (i == unit || g->st.u[i].removed) continue;
    if (gn_box_distance(g->st.u[unit].box, g->st.u[i].box) <= r) { if (n < max) ids[n] = i; n++; }
  }
  return n;
}

void *gn__room(const gn_game *g, void *buf, int cap, int *n, size_t size) {
  if (*n <= cap) return buf;
  gn_game *w = (gn_game *)g;   /* the memory flag and message only: no state */
  void *p = (size_t)*n <= SIZE_MAX / size ? gn__realloc(&g->alloc, NULL, 0, (size_t)*n * size) : NULL;
  if (p) return p;
  w->evoom = 1;
  gn__error(w, GN_ENOMEM, "out of memory");
  *n = cap;
  return buf;
}

void gn__room_free(const gn_game *g, const void *buf, void *p, int n, size_t size) {
  if (p && p != buf) gn__realloc(&g->alloc, p, (size_t)n * size, 0);
}

int gn__crossings(const gn_game *g, gn_vec2 a, gn_vec2 b, gn_crossing *buf, int cap, gn_crossing **out) {
  const gn_feature *f = g->sc->features;
  int nf = g->sc->nterrain, n = gn_path_crossings(a, b, f, nf, buf, cap);
  *out = buf;
  if (n <= cap) return n;
  if ((*out = gn__room(g, buf, cap, &n, sizeof **out)) != buf) gn_path_crossings(a, b, f, nf, *out, n);
  return n;
}

int gn__units_near_all(gn_game *g, int unit, double r, int *buf, int cap, int **out) {
  int n = gn__units_near(g, unit, r, buf, cap);
  *out = buf;
  if (n <= cap) return n;
  if ((*out = gn__room(g, buf, cap, &n, sizeof **out)) != buf) gn__units_near(g, unit, r, *out, n);
  return n;
}

int gn_unit_men(const gn_game *g, int unit, int n, int lost) {
  if (!g || !g->sc || !g->started || unit < 0 || unit >= g->sc->nunits || !g->sc->rs->men) return -1;
  return g->sc->rs->men(g, unit, n, lost != 0);
}

double gn_unit_distance(const gn_game *g, int a, int b) {
  if (!g->sc || a < 0 || b < 0 || a >= g->st.nunits || b >= g->st.nunits) return HUGE_VAL;
  return gn_box_distance(g->st.u[a].box, g->st.u[b].box);
}

/* Sight from pa to pb through the stands boxes[0..nb) (ids[k] the unit of
** box k, a and b not counted), merged into r: a blocker counts when it lies
** strictly nearer than the one r holds. Cannot fail. */
static void los_merge(gn_los *r, gn_vec2 pa, gn_vec2 pb, const gn_box *boxes, const int *ids,
                      int nb, int a, int b) {
  int ia = -1, ib = -1;
  for (int k = 0; k < nb; k++) {
    if (ids[k] == a) ia = k;
    if (ids[k] == b) ib = k;
  }
  gn_los s = gn_los_trace(pa, pb, NULL, 0, boxes, nb, ia, ib);
  if (!s.visible && (r->visible || s.fraction < r->fraction)) {
    *r = s;
    r->box = ids[s.box];
  }
}

/* 1 when unit's stand may block sight: on the table, and a stand the ruleset
** says screens (gn__ruleset.blocks_sight). Cannot fail. */
static int screens(const gn_game *g, int unit) {
  if (g->st.u[unit].removed) return 0;
  return !g->sc->rs->blocks_sight || g->sc->rs->blocks_sight(g, unit);
}

/* screens as the grid's filter (ud: the game). */
static int screens_ud(void *ud, int unit) { return screens(ud, unit); }

/*
** Line of sight between two units' centres (gn_los_trace), whatever the
** number of units: the one line of sight of the rules of every ruleset, the
** map and the commanders. Cannot fail.
**   1) the terrain alone: the features whose kind blocks sight
**   2) the stands: those the grid finds on the sight line (the segment as a
**      stand of no depth) that screen (the ruleset says which), in unit
**      order as gn_los_trace takes them; the terrain wins a tie, as in
**      gn_los_trace. A unit off the table blocks nothing: the grid may still
**      hold it (it leaves the grid only when the grid is rebuilt), so that
**      sight would otherwise depend on the grid's history and differ between
**      a game replayed and one resumed
**   3) without the grid, or with more on the line than a block holds: every
**      stand on the table, a block at a time
*/
gn_los gn_unit_los(const gn_game *g, int a, int b) {
  gn_los none = { 0, -1, -1, 0 };
  if (!g->sc || a < 0 || b < 0 || a >= g->st.nunits || b >= g->st.nunits) return none;
  gn_vec2 pa = g->st.u[a].box.c, pb = g->st.u[b].box.c;
  gn_los r = gn_los_trace(pa, pb, g->sc->features, g->sc->nterrain, NULL, 0, -1, -1);   /* 1 */
  gn_box boxes[256];
  int ids[256];
  gn_grid *gr = gn__grid((gn_game *)g);   /* a cache: building it changes no state */
  if (gr) {                                                                              /* 2 */
    double dx = pb.x - pa.x, dy = pb.y - pa.y, len = sqrt(dx * dx + dy * dy);
    /* the line as a stand of no depth, its frame straight from its direction
    ** (no trigonometry); a point when the centres meet */
    gn__frame line = { { (pa.x + pb.x) / 2, (pa.y + pb.y) / 2 }, { 1, 0 }, { 0, 1 }, 0, 0 };
    if (len > 0) {
      line.f = (gn_vec2){ dy / len, -dx / len };
      line.l = (gn_vec2){ dx / len, dy / len };
      line.hw = len / 2;
    }
    int n = gn__grid_query_if(gr, &line, GN_CONTACT_EPS, screens_ud, (void *)g, ids, 256);
    if (n <= 256) {
      for (int k = 0; k < n; k++) boxes[k] = g->st.u[ids[k]].box;
      los_merge(&r, pa, pb, boxes, ids, n, a, b);
      return r;
    }
  }
  for (int i = 0; i < g->st.nunits;) {                                                   /* 3 */
    int nb = 0;
    for (; i < g->st.nunits && nb < 256; i++) {
      if (!screens(g, i)) continue;
      ids[nb] = i;
      boxes[nb++] = g->st.u[i].box;
    }
    los_merge(&r, pa, pb, boxes, ids, nb, a, b);
  }
  return r;
}

/* ------------------------------------------------- states for the odds */

/* 1 when a and b are the same state (units, formations, objectives and the
** rest, bit for bit). Cannot fail. */
int gn__state_equal(const gn__state *a, const gn__state *b) {
  if (a->turn != b->turn || a->phase != b->phase || a->active != b->active || a->over != b->over ||
      a->winner != b->winner || a->nunits != b->nunits || a->nformations != b->nformations ||
      a->nobjectives != b->nobjectives)
    return 0;
  if (memcmp(a->rs, b->rs, sizeof a->rs) || memcmp(&a->rng, &b->rng, sizeof a->rng) ||
      memcmp(a->deckn, b->deckn, sizeof a->deckn))
    return 0;
  for (int s = 0; s < GN__MAXSIDES; s++)
    if (memcmp(a->deck[s], b->deck[s], (size_t)a->deckn[s] * sizeof a->deck[s][0])) return 0;
  return memcmp(a->u, b->u, (size_t)a->nunits * sizeof *a->u) == 0 &&
         memcmp(a->f, b->f, (size_t)a->nformations * sizeof *a->f) == 0 &&
         memcmp(a->owner, b->owner, 3 * (size_t)a->nobjectives * sizeof *a->owner) == 0;
}

/* Puts the game in state x (same sizes): the units and formations that
** differ through the journal (and the grid), then the rest, so that an open
** save point can still go back. Cannot fail. */
void gn__state_set(gn_game *g, const gn__state *x) {
  for (int i = 0; i < g->st.nunits; i++) {
    if (memcmp(&g->st.u[i], &x->u[i], sizeof x->u[i]) == 0) continue;
    int placed = same_place(&g->st.u[i], &x->u[i]);
    *gn__uw(g, i) = x->u[i];
    if (g->grid && !g->grid_dirty && !placed) {
      if (x->u[i].removed) gn_grid_remove(g->grid, i);
      else if (gn_grid_set(g->grid, i, x->u[i].box)) g->grid_dirty = 1;
    }
  }
  for (int f = 0; f < g->st.nformations; f++)
    if (memcmp(g->st.f[f], x->f[f], sizeof x->f[f])) memcpy(gn__fw(g, f), x->f[f], sizeof x->f[f]);
  copy_rest(&g->st, x);
}
