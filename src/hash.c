/*
** hash.c: the state hash (design decision 2). The state is read field by
** field as 64-bit words, in a fixed order and byte order, so the same game
** gives the same hash on every build; a replay compares it after every order.
*/
#include "core.h"

#include <string.h>

/* One word into the hash (a multiply-xorshift mix). */
static inline uint64_t mix(uint64_t h, uint64_t w) {
  h ^= w + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2);
  h *= 0xBF58476D1CE4E5B9ull;
  return h ^ (h >> 31);
}

static inline uint64_t dbits(double d) {
  uint64_t u;
  if (d == 0) d = 0;   /* -0 and +0 hash alike */
  memcpy(&u, &d, sizeof u);
  return u;
}

uint64_t gn__hash_bytes(uint64_t h, const void *p, size_t n) {
  const unsigned char *b = p;
  for (size_t i = 0; i < n; i++) h = mix(h, b[i]);
  return h;
}

/* Attribute slots hashed word by word (GN__MAXATTR was 24 when the hash was
** fixed); a later slot is mixed in only when it is set, with its index, so a
** game that never uses one keeps the hash it was stored with. */
enum { HASHATTR = 24 };

static uint64_t ints(uint64_t h, const int *v, int n) {
  for (int i = 0; i < n; i++) h = mix(h, (uint64_t)(int64_t)v[i]);
  return h;
}

uint64_t gn__state_hash(const gn_game *g) {
  const gn__state *st = &g->st;
  uint64_t h = 0x6772676E61726431ull;   /* "grgnard1" */
  h = mix(h, (uint64_t)st->turn); h = mix(h, (uint64_t)st->phase);
  h = mix(h, (uint64_t)(int64_t)st->active); h = mix(h, (uint64_t)st->over);
  h = mix(h, (uint64_t)(int64_t)st->winner);
  h = ints(h, st->rs, GN__MAXRS);
  for (int i = 0; i < 4; i++) h = mix(h, st->rng.s[i]);
  for (int s = 0; s < GN__MAXSIDES; s++) {
    h = mix(h, (uint64_t)st->deckn[s]);
    h = ints(h, st->deck[s], st->deckn[s]);
  }
  for (int i = 0; i < st->nunits; i++) {
    const gn__ustate *u = &st->u[i];
    h = mix(h, dbits(u->box.c.x)); h = mix(h, dbits(u->box.c.y));
    h = mix(h, dbits(u->box.w)); h = mix(h, dbits(u->box.d)); h = mix(h, dbits(u->box.facing));
    h = mix(h, (uint64_t)(int64_t)u->strength); h = mix(h, (uint64_t)u->removed);
    h = mix(h, (uint64_t)u->flags);
    h = ints(h, u->attr, HASHATTR);
    for (int k = HASHATTR; k < GN__MAXATTR; k++)
      if (u->attr[k]) { h = mix(h, (uint64_t)k); h = mix(h, (uint64_t)(int64_t)u->attr[k]); }
  }
  for (int i = 0; i < st->nformations; i++) h = ints(h, st->f[i], GN__MAXFATTR);
  h = ints(h, st->owner, 3 * st->nobjectives);   /* holders, since when, at their `by` turn */
  return h;
}

uint64_t gn_game_hash(const gn_game *g) { return g ? gn__state_hash(g) : 0; }
