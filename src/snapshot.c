/*
** snapshot.c: the state of a game as bytes, for the store's snapshots
** (decision 9: loading replays the orders; snapshots only make it faster).
**
** A snapshot holds exactly what the state hash covers (hash.c): the clock,
** the ruleset globals, the generator, the decks, every unit, every
** formation's values and the objectives' owners. Nothing else is needed to
** play on: the scenario and the ruleset data come from the stored scenario
** text, the orders from the orders table.
**
** The bytes are fixed whatever the machine: integers little-endian, doubles
** as their IEEE-754 bits, so a file written on one machine resumes on any
** other. Layout (version 2):
**
**   "GNSNAP02"                         8 bytes
**   u32 x 7   units, formations, objectives, and the sizes the state was
**             built with: attributes per unit and per formation, ruleset
**             globals, sides
**   i32 x 5   turn, phase, active side, over, winner
**   i32 x R   ruleset globals
**   u64 x 4   the generator
**   per side  i32 cards left, i32 x 52 the deck
**   per unit  f64 x 5 (centre x, y, frontage, depth, facing),
**             i32 strength, i32 removed, u32 flags, i32 x A attributes
**   per formation  i32 x F
**   per objective  i32 owner; then per objective i32 the turn from whose
**                  end it has been held; then per objective i32 its holder
**                  at its `by` turn
**   u64       the state hash of all the above
*/
#include "core.h"

#include <stdlib.h>
#include <string.h>

static const char magic[8] = { 'G', 'N', 'S', 'N', 'A', 'P', '0', '2' };

/* The size of a snapshot of a game of these counts. */
static size_t snap_size(int nu, int nf, int no) {
  return 8 + 7 * 4 + 5 * 4 + GN__MAXRS * 4 + 4 * 8 + GN__MAXSIDES * 53 * 4 +
         (size_t)nu * (5 * 8 + 3 * 4 + GN__MAXATTR * 4) + (size_t)nf * GN__MAXFATTR * 4 +
         (size_t)no * 3 * 4 + 8;
}

/* ------------------------------------------------------------------ write */

typedef struct wbuf { unsigned char *p; } wbuf;

static void put64(wbuf *w, uint64_t v) {
  for (int i = 0; i < 8; i++) *w->p++ = (unsigned char)(v >> (8 * i));
}

static void put32(wbuf *w, uint32_t v) {
  for (int i = 0; i < 4; i++) *w->p++ = (unsigned char)(v >> (8 * i));
}

static void puti(wbuf *w, int v) { put32(w, (uint32_t)v); }

static void putd(wbuf *w, double d) {
  uint64_t u;
  memcpy(&u, &d, sizeof u);
  put64(w, u);
}

/*
** The snapshot of g's state, in *out (malloc'd, freed by the caller) of *len
** bytes. Fails with GN_ESTATE when the game has not started, GN_ENOMEM.
*/
int gn__snapshot_write(const gn_game *g, unsigned char **out, size_t *len) {
  const gn__state *st = &g->st;
  *out = NULL;
  *len = 0;
  if (!g->sc || !g->started) return GN_ESTATE;
  size_t n = snap_size(st->nunits, st->nformations, st->nobjectives);
  unsigned char *buf = malloc(n);
  if (!buf) return GN_ENOMEM;
  wbuf w = { buf };
  memcpy(w.p, magic, sizeof magic);
  w.p += sizeof magic;
  puti(&w, st->nunits); puti(&w, st->nformations); puti(&w, st->nobjectives);
  puti(&w, GN__MAXATTR); puti(&w, GN__MAXFATTR); puti(&w, GN__MAXRS); puti(&w, GN__MAXSIDES);
  puti(&w, st->turn); puti(&w, st->phase); puti(&w, st->active);
  puti(&w, st->over); puti(&w, st->winner);
  for (int i = 0; i < GN__MAXRS; i++) puti(&w, st->rs[i]);
  for (int i = 0; i < 4; i++) put64(&w, st->rng.s[i]);
  for (int s = 0; s < GN__MAXSIDES; s++) {
    puti(&w, st->deckn[s]);
    for (int k = 0; k < 52; k++) puti(&w, st->deck[s][k]);
  }
  for (int i = 0; i < st->nunits; i++) {
    const gn__ustate *u = &st->u[i];
    putd(&w, u->box.c.x); putd(&w, u->box.c.y);
    putd(&w, u->box.w); putd(&w, u->box.d); putd(&w, u->box.facing);
    puti(&w, u->strength); puti(&w, u->removed); put32(&w, u->flags);
    for (int k = 0; k < GN__MAXATTR; k++) puti(&w, u->attr[k]);
  }
  for (int f = 0; f < st->nformations; f++)
    for (int k = 0; k < GN__MAXFATTR; k++) puti(&w, st->f[f][k]);
  for (int o = 0; o < 3 * st->nobjectives; o++) puti(&w, st->owner[o]);
  put64(&w, gn__state_hash(g));
  *out = buf;
  *len = n;
  return 0;
}

/* ------------------------------------------------------------------- read */

typedef struct rbuf { const unsigned char *p; } rbuf;

static uint64_t get64(rbuf *r) {
  uint64_t v = 0;
  for (int i = 0; i < 8; i++) v |= (uint64_t)*r->p++ << (8 * i);
  return v;
}

static uint32_t get32(rbuf *r) {
  uint32_t v = 0;
  for (int i = 0; i < 4; i++) v |= (uint32_t)*r->p++ << (8 * i);
  return v;
}

static int geti(rbuf *r) { return (int)(int32_t)get32(r); }

static double getd(rbuf *r) {
  uint64_t u = get64(r);
  double d;
  memcpy(&d, &u, sizeof d);
  return d;
}

/*
** Sets g's state from a snapshot.
**   1) the header: the magic, then the counts and sizes, which must be the
**      game's own (the snapshot of another scenario, or of a build with
**      other sizes, is refused), then the length
**   2) the values, each unit placed through gn__unit_place (the grid follows)
**   3) the hash of the state now must be the one written with it
** Fails with GN_ECORRUPT (message set); after a failure in 3) the state is
** the snapshot's, not trustworthy: the caller discards the game.
*/
int gn__snapshot_read(gn_game *g, const void *data, size_t len) {
  gn__state *st = &g->st;
  rbuf r = { data };
  if (!g->sc || !g->started) return gn__error(g, GN_ESTATE, "the game has not started");

  /* 1) header */
  if (len < sizeof magic + 7 * 4 || memcmp(r.p, magic, sizeof magic))
    return gn__error(g, GN_ECORRUPT, "not a snapshot of this version");
  r.p += sizeof magic;
  int want[7] = { st->nunits, st->nformations, st->nobjectives, GN__MAXATTR, GN__MAXFATTR,
                  GN__MAXRS, GN__MAXSIDES };
  static const char *const what[7] = { "units", "formations", "objectives",
    "attributes per unit", "attributes per formation", "ruleset globals", "sides" };
  for (int k = 0; k < 7; k++) {
    int have = geti(&r);
    if (have != want[k])
      return gn__error(g, GN_ECORRUPT, "the snapshot has %d %s, the game %d", have, what[k],
                       want[k]);
  }
  if (len != snap_size(st->nunits, st->nformations, st->nobjectives))
    return gn__error(g, GN_ECORRUPT, "the snapshot is %zu bytes, not %zu", len,
                     snap_size(st->nunits, st->nformations, st->nobjectives));

  /* 2) values */
  st->turn = geti(&r); st->phase = geti(&r); st->active = geti(&r);
  st->over = geti(&r); st->winner = geti(&r);
  for (int i = 0; i < GN__MAXRS; i++) st->rs[i] = geti(&r);
  for (int i = 0; i < 4; i++) st->rng.s[i] = get64(&r);
  for (int s = 0; s < GN__MAXSIDES; s++) {
    int n = geti(&r);
    st->deckn[s] = n >= 0 && n <= 52 ? n : 0;
    if (n < 0 || n > 52) return gn__error(g, GN_ECORRUPT, "the snapshot has a deck of %d cards", n);
    for (int k = 0; k < 52; k++)
      if ((st->deck[s][k] = geti(&r)) < 0 || st->deck[s][k] > 51)
        return gn__error(g, GN_ECORRUPT, "the snapshot has a card %d", st->deck[s][k]);
  }
  for (int i = 0; i < st->nunits; i++) {
    gn_box b;
    b.c.x = getd(&r); b.c.y = getd(&r);
    b.w = getd(&r); b.d = getd(&r); b.facing = getd(&r);
    gn__unit_place(g, i, b);
    gn__ustate *u = gn__uw(g, i);
    u->strength = geti(&r); u->removed = geti(&r); u->flags = get32(&r);
    for (int k = 0; k < GN__MAXATTR; k++) u->attr[k] = geti(&r);
  }
  for (int f = 0; f < st->nformations; f++) {
    int *v = gn__fw(g, f);
    for (int k = 0; k < GN__MAXFATTR; k++) v[k] = geti(&r);
  }
  for (int o = 0; o < 3 * st->nobjectives; o++) st->owner[o] = geti(&r);
  g->grid_dirty = 1;

  /* 3) the hash */
  uint64_t h = get64(&r);
  if (h != gn__state_hash(g))
    return gn__error(g, GN_ECORRUPT, "the snapshot does not match its hash");
  return 0;
}
