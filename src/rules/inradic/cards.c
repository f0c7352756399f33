/*
** cards.c: drawing playing cards (ref. IN-B4) and rolling the d6s of the
** rules, and the exact odds of each.
**
** In play, under a test script or at the table, every card is a chance point
** of its own (gn__draw_card), exactly as the players draw them. Under the odds
** engine's enumerate source one card per branch would be 52 x 51 x 50 ...
** paths, far too many for a group drawing four cards or more. But a rule only
** asks which class each card falls in (a hit, a miss, an Ace, a picture), and
** suits never matter in Inradic. So a draw of k cards is enumerated as one
** aggregate chance point whose branches are the class counts (k1 .. km),
** weighted by the multivariate hypergeometric law prod C(Nj, kj) / C(N, k);
** the cards that leave the deck are representatives of their classes.
**
** The deck is then known exactly only class by class. g->st.rs keeps, for
** each side, the partition of ranks it is exact for (IN_RS_DECK, set only
** while enumerating, and undone with the state after each path); a later draw
** from that deck must ask for a partition that is no finer, else the run
** answers GN_ETOOBIG and the odds engine samples instead (Monte Carlo), so a
** probability reported as exact always is.
**
** A d6 whose faces a rule reads only by class (the hero check: whom it hits;
** the pursuit die: what it allows; the ammunition die: out, jammed or
** nothing; the deviation die: the direction) is, in the same way, one branch
** per class under the odds engine, and a chance point of its own in play.
*/
#include "inradic.h"

#include <stdio.h>
#include <string.h>

/* Most branches one aggregate draw may have before it gives up (GN_ETOOBIG). */
#define IN_MAXBRANCH 65536

static const char *const RANK[] = { "?", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K" };
static const char SUIT[] = "CDHS";

/* Ranks with equal keys share a class; classes are numbered in rank order of
** their first member. Cannot fail. */
void gn__in_part_make(in_part *p, const int key[14]) {
  p->n = 0;
  p->cls[0] = 0;
  for (int r = 1; r <= 13; r++) {
    int c = -1;
    for (int s = 1; s < r && c < 0; s++) if (key[s] == key[r]) c = p->cls[s];
    p->cls[r] = (signed char)(c >= 0 ? c : p->n++);
  }
}

/* ------------------------------------------------------------ the deck's exactness */

/* The partition side's deck is exact for; 0 when it is exact card by card. */
static int part_get(const gn_game *g, int side, in_part *p) {
  unsigned lo = (unsigned)g->st.rs[IN_RS_DECK + 2 * side], hi = (unsigned)g->st.rs[IN_RS_DECK + 2 * side + 1];
  if (!(hi & 0x40000000u)) return 0;
  p->n = 0;
  for (int r = 1; r <= 13; r++) {
    unsigned v = r <= 7 ? lo >> (4 * (r - 1)) : hi >> (4 * (r - 8));
    p->cls[r] = (signed char)(v & 15u);
    if (p->cls[r] + 1 > p->n) p->n = p->cls[r] + 1;
  }
  return 1;
}

static void part_set(gn_game *g, int side, const in_part *p) {
  unsigned lo = 0, hi = 0x40000000u;
  for (int r = 1; r <= 13; r++) {
    if (r <= 7) lo |= (unsigned)p->cls[r] << (4 * (r - 1));
    else hi |= (unsigned)p->cls[r] << (4 * (r - 8));
  }
  g->st.rs[IN_RS_DECK + 2 * side] = (int)lo;
  g->st.rs[IN_RS_DECK + 2 * side + 1] = (int)hi;
}

static void part_clear(gn_game *g, int side) {
  g->st.rs[IN_RS_DECK + 2 * side] = g->st.rs[IN_RS_DECK + 2 * side + 1] = 0;
}

/* 1 when every class of e lies inside one class of p (e refines p). */
static int refines(const in_part *e, const in_part *p) {
  for (int r = 1; r <= 13; r++)
    for (int s = r + 1; s <= 13; s++)
      if (e->cls[r] == e->cls[s] && p->cls[r] != p->cls[s]) return 0;
  return 1;
}

void gn__in_deck_full(gn_game *g, int side) {
  gn__deck_reset(&g->st, side);
  part_clear(g, side);
}

/* ------------------------------------------------------------ counting */

uint64_t gn__in_binom(int n, int r) {
  if (r < 0 || r > n) return 0;
  if (r > n - r) r = n - r;
  uint64_t c = 1;
  for (int i = 0; i < r; i++) c = c * (uint64_t)(n - i) / (uint64_t)(i + 1);
  return c;
}

/* The compositions k1 + .. + km = k with kj <= N[j], in lexicographic order:
** walk() visits them; it counts them, writes their weights, or stops at one. */
typedef struct walker {
  int m, N[13], kv[13];
  int64_t count, stop;   /* stop: index to keep in kv, -1 none */
  uint64_t *w;           /* weights out, or NULL */
} walker;

static int walk(walker *wk, int j, int left) {
  if (!wk->w && wk->stop < 0 && wk->count > IN_MAXBRANCH) return 1;   /* counting: enough */
  if (j == wk->m - 1) {
    if (left > wk->N[j]) return 0;
    wk->kv[j] = left;
    if (wk->w) {
      uint64_t x = 1;
      for (int i = 0; i < wk->m; i++) x *= gn__in_binom(wk->N[i], wk->kv[i]);
      wk->w[wk->count] = x;
    }
    return wk->count++ == wk->stop;
  }
  for (int x = 0; x <= left && x <= wk->N[j]; x++) {
    wk->kv[j] = x;
    if (walk(wk, j + 1, left - x)) return 1;
  }
  return 0;
}

/*
** One aggregate chance point of `take` cards from a deck holding N[j] cards
** of class j: *kv receives the class counts of the branch this path takes.
**   1) count the branches; past IN_MAXBRANCH: GN_ETOOBIG
**   2) a new node gets its weights prod C(Nj, kj) (they sum to C(N, take))
**   3) the branch chosen, found again by its index
** Fails with GN_ETOOBIG, GN_ENOMEM or the odds engine's error.
*/
static int choose(gn_game *g, walker *wk, int deckn, int take) {
  int rc, c;
  wk->count = 0; wk->stop = -1; wk->w = NULL;                                   /* 1 */
  walk(wk, 0, take);
  if (wk->count > IN_MAXBRANCH) return gn__error(g, GN_ETOOBIG, "a draw of %d cards has too many branches", take);
  int n = (int)wk->count;
  uint64_t wsum = gn__in_binom(deckn, take), *w = NULL;
  if (!gn__enum_known(g)) {                                                     /* 2 */
    if (!(w = gn__malloc(g, (size_t)n * sizeof *w))) return GN_ENOMEM;
    wk->count = 0; wk->w = w;
    walk(wk, 0, take);
    wk->w = NULL;
  }
  rc = gn__enum_choose(g, n, w, wsum, &c);
  if (w) gn__free(g, w, (size_t)n * sizeof *w);
  if (rc) return rc;
  wk->count = 0; wk->stop = c;                                                  /* 3 */
  walk(wk, 0, take);
  return 0;
}

/*
** Draw k cards from side's deck; ranks[] receives each card's rank (1..13).
**   1) not enumerating: k chance points of one card each (gn__draw_card), in order
**   2) enumerating: the deck must be known at least as finely as p
**      (else GN_ETOOBIG); an empty deck is reshuffled and known card by card
**   3) one aggregate chance point for the cards left in the deck (the rest
**      after a reshuffle); ranks come class by class
**   4) representatives leave the deck: of each class, the first cards found
**   5) the deck is now exact for p only
** Fails with the dice source's error, GN_ETOOBIG or GN_ENOMEM.
*/
int gn__in_draw(gn_game *g, int side, int k, const in_part *p, const char *purpose, const char *ref,
             int unit, int *ranks) {
  int rc, card;
  if (!in__enumerating(g)) {                                                    /* 1 */
    if (k > 1 && g->dice.needn <= 1) gn__chance_need(g, 0, k);   /* a hand: "card 3 of 7" */
    for (int i = 0; i < k; i++) {
      if ((rc = gn__draw_card(g, side, purpose, ref, unit, &card))) return rc;
      ranks[i] = GN_CARD_RANK(card);
    }
    return 0;
  }
  if (side < 0 || side >= GN__MAXSIDES) return gn__error(g, GN_EINVAL, "no deck for side %d", side);
  if ((rc = gn__enum_deck_read(g))) return rc;
  gn__state *st = &g->st;
  int done = 0;
  while (done < k) {
    in_part e;                                                                  /* 2 */
    if (st->deckn[side] == 0) gn__in_deck_full(g, side);
    if (part_get(g, side, &e) && !refines(&e, p))
      return gn__error(g, GN_ETOOBIG, "the deck is known only by the classes of an earlier draw");
    int take = k - done < st->deckn[side] ? k - done : st->deckn[side];
    walker wk;                                                                  /* 3 */
    memset(&wk, 0, sizeof wk);
    wk.m = p->n;
    for (int i = 0; i < st->deckn[side]; i++) wk.N[p->cls[GN_CARD_RANK(st->deck[side][i])]]++;
    if ((rc = choose(g, &wk, st->deckn[side], take))) return rc;
    for (int j = 0; j < p->n; j++) {                                            /* 4 */
      for (int x = 0; x < wk.kv[j]; x++) {
        int i = 0;
        while (p->cls[GN_CARD_RANK(st->deck[side][i])] != j) i++;
        card = st->deck[side][i];
        st->deck[side][i] = st->deck[side][--st->deckn[side]];
        ranks[done++] = GN_CARD_RANK(card);
        gn_event *ev = gn__event(g, "card", ref ? ref : "", unit, -1, "%s: %s%c (one of its class)",
                                 purpose ? purpose : "card", RANK[GN_CARD_RANK(card)], SUIT[GN_CARD_SUIT(card)]);
        if (!ev || gn__event_dice(g, ev, &card, 1)) return GN_ENOMEM;
        ev->spec = "card";
        ev->total = GN_CARD_RANK(card);
        if (g->roll_vis != ~0u) gn__event_hide(ev, g->roll_vis);
      }
    }
    part_set(g, side, p);                                                       /* 5 */
  }
  return 0;
}

/*
** A d6 that the rule reads only by class, key[face] (faces 1..6).
**   1) in play: a chance point of its own (gn__roll), as always
**   2) under the odds engine: one branch per class, weighted by its faces;
**      *face is the lowest face of the class taken
** Fails with the dice source's error or GN_ENOMEM.
*/
int gn__in_roll_d6(gn_game *g, const int key[7], const char *purpose, const char *ref, int unit, int *face) {
  if (!in__enumerating(g)) return gn__roll(g, "d6", purpose, ref, unit, face, NULL);   /* 1 */
  int rep[6], n = 0, c, rc;                                                       /* 2 */
  uint64_t w[6];
  for (int f = 1; f <= 6; f++) {
    int j = 0;
    while (j < n && key[rep[j]] != key[f]) j++;
    if (j == n) { rep[n] = f; w[n++] = 0; }
    w[j]++;
  }
  if ((rc = gn__enum_choose(g, n, w, 6, &c))) return rc;
  *face = rep[c];
  gn_event *e = gn__event(g, "roll", ref ? ref : "", unit, -1, "%s: d6 -> %d (or any face alike)",
                          purpose ? purpose : "roll", *face);
  if (!e || gn__event_dice(g, e, face, 1)) return GN_ENOMEM;
  e->spec = "d6";
  e->total = *face;
  if (g->roll_vis != ~0u) gn__event_hide(e, g->roll_vis);
  return 0;
}
