/*
** shoot.c: shooting by playing cards (ref. IN-R1 to IN-R9, published) with the
** card values the project proposes (IN-B1 to IN-B5, defaults; rules index
** data/rulesets/inradic/rules.yaml), ammunition and jams, resupply from
** wagons, and thrown explosives.
**
** A shot: the firing group draws cards from its side's deck (gn__in_draw: in
** play one chance point a card, for the odds one per draw, cards.c); a number
** card at or above the value needed hits, an Ace always hits (and may strike
** a leader, heroes.c), a picture card misses.
*/
#include "inradic.h"

#include <math.h>
#include <string.h>
#include <stdio.h>

static int is_gun(int w) { return w == IN_W_MG || w == IN_W_ARTILLERY || w == IN_W_MULTISHOT; }

/* ref. IN-R1, IN-R2: 2 cards per 5 ordinary figures, 2 for a remainder, 3 per
** leader; ref. IN-R3: ordinary figures under five alone score at most their
** number of hits (leaders' cards are never capped). */
static void group_cards(const gn_game *g, const in_figs *f, int *capped, int *free_, int *cap) {
  const in_data *d = in__data(g);
  int o = gn__in_figs_ordinary(g, f), l = gn__in_figs_leaders(g, f);
  int oc = d->per_five * (o / 5) + (o % 5 ? d->remainder : 0);
  *free_ = l * d->leader_cards;
  if (o > 0 && o < 5) { *capped = oc; *cap = o; }
  else { *capped = 0; *free_ += oc; *cap = -1; }
}

int gn__in_melee_cardcount(const gn_game *g, const in_figs *f, int *capped, int *free_, int *cap) {
  group_cards(g, f, capped, free_, cap);
  return *capped + *free_;
}

/*
** Cards of one shot.
**   1) no weapon, thrown explosives, or beyond the weapon's range: none (ref. IN-R4)
**   2) muskets, rifles, bows, slings, pistols: by fives and leaders (ref. IN-R1, IN-R2)
**   3) multi-shot figures: 4 cards each, never capped (ref. IN-R2, IN-R5)
**      [interpretation: each figure carrying a multi-shot weapon is a piece]
**   4) crewed MGs: 4 cards a piece, 8 under half range (ref. IN-R5; strictly
**      under, where a hit needs 6 "up to" half range, ref. IN-B1); guns: 3
**      a piece (ref. IN-R6); pieces in action: at most one per crew_per_piece
**      figures, at least one while a figure is left
*/
int gn__in_fire_cardcount(const gn_game *g, const in_fire *f, int *capped, int *free_, int *cap) {
  const in_data *d = in__data(g);
  int w = f->weapon;
  *capped = *free_ = 0; *cap = -1;
  if (w <= IN_W_NONE || w >= IN_W_EXPLOSIVE || f->range > d->range[w]) return 0;   /* 1 */
  int under = f->range < d->range[w] / 2;
  if (w == IN_W_MULTISHOT) {                                                        /* 3 */
    *free_ = gn__in_figs_ordinary(g, &f->firer) * d->multishot_cards +
             gn__in_figs_leaders(g, &f->firer) * d->leader_cards;
  } else if (w == IN_W_MG || w == IN_W_ARTILLERY) {                                 /* 4 */
    int crew = gn__in_figs_total(&f->firer), p = crew / d->crew_per_piece;
    if (p < 1 && crew > 0) p = 1;
    if (p > f->pieces) p = f->pieces;
    *free_ = p * (w == IN_W_ARTILLERY ? d->gun_cards : under ? d->mg_close_cards : d->mg_cards);
  } else {                                                                          /* 2 */
    group_cards(g, &f->firer, capped, free_, cap);
  }
  return *capped + *free_;
}

/* The classes of a draw for hits at `need` (ref. IN-B1, IN-B3): number cards
** that hit, number cards that miss; the Ace apart when it may strike a leader
** (option hero_hits, ref. IN-H1), else one more hit; picture cards apart when
** the caller counts them, else misses. */
static void hit_part(const gn_game *g, int need, int pictures, in_part *p) {
  int key[14], aces = g->sc->options[IN_OPT_HERO_HITS];
  key[0] = -1;
  for (int r = 1; r <= 13; r++)
    key[r] = r == 1 ? (aces ? 0 : 1) : r <= 10 ? (r >= need ? 1 : 2) : (pictures ? 3 : 2);
  gn__in_part_make(p, key);
}

/* Notes on each card event of a hand just drawn why it hit or missed (ref.
** IN-B1, IN-B3, IN-R3), for players asking 'why': the n card events are the
** last logged, in the order drawn. Cannot fail (a note out of memory is
** noted by the event, as any modifier). */
static void say_cards(gn_game *g, const int *rk, int n, int need, int capped_cards, int cap) {
  int chits = 0;
  for (int i = 0; i < n; i++) {
    gn_event *e = gn__event_back(g, n - 1 - i);
    if (!e || strcmp(e->kind, "card")) return;
    int rank = rk[i], hit = rank == 1 || (rank <= 10 && rank >= need);
    const char *why = rank == 1 ? "a hit: an Ace always hits" : rank > 10 ? "a miss: a picture card"
                    : hit ? "a hit: at or above the value needed" : "a miss: below the value needed";
    const char *ref = rank > 10 ? "IN-B3" : "IN-B1";
    if (hit && i < capped_cards && cap >= 0 && chits++ >= cap) {
      why = "a hit not counted: past what the fraction under five may score";
      ref = "IN-R3";
    }
    gn__event_mod(e, why, 0, ref);
  }
}

/*
** Draw a group's cards and count the hits.
**   1) the capped cards one by one, then the rest, from the side's deck (ref. IN-B4)
**   2) an Ace hits; a number card hits at `need` or more (ref. IN-B1); a
**      picture card misses (ref. IN-B3)
**   3) the first `cap` hits of the capped cards count, in the order drawn (ref. IN-R3)
*/
int gn__in_draw_hits(gn_game *g, int side, int capped_cards, int free_cards, int need, int cap,
                  int pictures, const char *basis, const char *purpose, const char *ref, int unit,
                  in_draw *dr) {
  int rc = 0, chits = 0, fhits = 0, n = capped_cards + free_cards, buf[64];
  int *rk = n <= 64 ? buf : gn__in_ints(g, n);
  in_part p;
  dr->cards = n;
  dr->hits = dr->aces = dr->pictures = dr->capped = 0;
  if (!rk) return gn__error(g, GN_ENOMEM, "out of memory");
  if (in__enumerating(g)) hit_part(g, need, pictures, &p);   /* in play gn__in_draw asks no classes */
  gn__chance_need(g, need, n);   /* what a check stopped at the first card reports */
  gn__chance_say(g, ~0u, "each number card of %d or more hits%s%s%s, an Ace hits%s (ref. IN-B1, IN-B3)", need,
                 basis ? " (" : "", basis ? basis : "", basis ? ")" : "",
                 pictures ? ", two picture cards stop the weapon" : ", a picture card misses");
  for (int i = 0; i < capped_cards && !rc; i++)                                    /* 1 */
    rc = gn__in_draw(g, side, 1, &p, purpose, ref, unit, rk + i);
  if (!rc) rc = gn__in_draw(g, side, free_cards, &p, purpose, ref, unit, rk + capped_cards);
  for (int i = 0; i < n && !rc; i++) {
    int rank = rk[i];
    int ace = rank == 1, hit = ace || (rank <= 10 && rank >= need);                 /* 2 */
    if (rank > 10) dr->pictures++;
    if (!hit) continue;
    if (i < capped_cards && cap >= 0) {                                             /* 3 */
      if (chits >= cap) { dr->capped++; continue; }
      chits++;
    } else {
      fhits++;
    }
    dr->aces += ace;
  }
  dr->hits = chits + fhits;
  if (!rc && !in__enumerating(g)) say_cards(g, rk, n, need, capped_cards, cap);
  if (rk != buf) gn__in_ints_free(g, rk, n);
  return rc;
}

/*
** The card resolution of one shot.
**   1) cards by weapon and figures (gn__in_fire_cardcount)
**   2) value needed: 6 within half range, 8 beyond (ref. IN-B1), +2 soft and
**      +4 hard cover (ref. IN-B2)
**   3) draw and count (gn__in_draw_hits, ref. IN-B3, IN-R3)
**   4) an MG or gun that drew two picture cards rolls a d6: 4+ out of
**      ammunition, 1-2 jammed; either way it does not fire this turn, so no
**      hits (ref. IN-R7) [interpretation: a 3 has no effect; "two" = two or more]
*/
int gn__in_fire_resolve(gn_game *g, const in_fire *f, in_fire_result *r) {
  const in_data *d = in__data(g);
  int capped, free_, cap, rc;
  r->ammo_roll = r->out_of_ammo = r->jammed = 0;
  r->d.cards = r->d.hits = r->d.aces = r->d.pictures = r->d.capped = 0;
  if (!gn__in_fire_cardcount(g, f, &capped, &free_, &cap)) return 0;                   /* 1 */
  int close = f->range <= d->range[f->weapon] / 2;                                  /* 2 */
  int base = close ? d->need_close : d->need_long, cover = d->cover_need[f->cover];
  const char *range = close ? "within half range" : "beyond half range";
  const char *shelter = f->cover == IN_COVER_HARD ? "hard cover" : "soft cover";
  char basis[64];
  if (f->cover) gn__snprintf(basis, sizeof basis, "%d %s, %s %+d", base, range, shelter, cover);
  else gn__snprintf(basis, sizeof basis, "%s", range);
  r->need = base + cover;
  if ((rc = gn__in_draw_hits(g, f->side, capped, free_, r->need, cap, is_gun(f->weapon), basis,  /* 3 */
                          "shooting card", "IN-R1", f->unit, &r->d)))
    return rc;
  /* the value needed is said as such, with the range it comes from; only
  ** what changes it (cover) or the hits (the cap) are modifiers */
  gn_event *e = gn__event(g, "fire", "IN-R1", f->unit, f->target,
                          "%s fires at %s %s: %d card%s, each needing %d or more; %d hit%s%s",
                          f->unit >= 0 ? gn__in_name(g, f->unit) : "the firer",
                          f->target >= 0 ? gn__in_name(g, f->target) : "the target", range,
                          r->d.cards, r->d.cards == 1 ? "" : "s", r->need, r->d.hits, r->d.hits == 1 ? "" : "s",
                          r->d.capped ? " counted" : "");
  if (!e) return GN_ENOMEM;
  e->total = r->d.hits;
  gn__event_mod(e, close ? "the value needed within half range" : "the value needed beyond half range", 0,
                "IN-B1");
  if (f->cover) gn__event_mod(e, f->cover == IN_COVER_HARD ? "hard cover, on the value needed"
                                                          : "soft cover, on the value needed", cover, "IN-B2");
  if (r->d.capped) gn__event_mod(e, "fraction under five alone", -r->d.capped, "IN-R3");
  if (is_gun(f->weapon) && r->d.pictures >= d->ammo_pictures) {                    /* 4 */
    unsigned old = gn__roll_visibility(g, f->side >= 0 ? 1u << f->side : ~0u);
    int key[7];
    for (int x = 1; x <= 6; x++) key[x] = x >= d->ammo_out_min ? 2 : x <= d->ammo_jam_max ? 1 : 0;
    gn__chance_say(g, ~0u, "%d or more: out of ammunition; %d or less: jammed (ref. IN-R7)", d->ammo_out_min,
                   d->ammo_jam_max);
    rc = gn__in_roll_d6(g, key, "two picture cards: ammunition", "IN-R7", f->unit, &r->ammo_roll);
    gn__roll_visibility(g, old);
    if (rc) return rc;
    r->out_of_ammo = r->ammo_roll >= d->ammo_out_min;
    r->jammed = r->ammo_roll <= d->ammo_jam_max;
    gn_event *a = gn__event(g, "ammo", "IN-R7", f->unit, f->target, "%s: %s",
                            f->unit >= 0 ? gn__in_name(g, f->unit) : "the firer",
                            r->out_of_ammo ? "out of ammunition" : r->jammed ? "jammed for the turn"
                                                                             : "keeps firing");
    if (!a) return GN_ENOMEM;
    a->total = r->ammo_roll;
    if (f->side >= 0) gn__event_hide(a, 1u << f->side);
    if (r->out_of_ammo || r->jammed) r->d.hits = r->d.aces = 0;
  }
  return 0;
}

/* Morale of a unit that lost figures to enemy shooting (ref. IN-M1, IN-M3). */
static int after_casualties(gn_game *g, int unit, int lost, const int *killed, int enemy) {
  unsigned tr = 0;
  if (lost <= 0 || !gn__in_alive(g, unit) || !gn__in_enemies(g, unit, enemy)) return 0;
  tr |= IN_TR_M1;
  for (int r = 0; r < IN_NROLES; r++) if (killed[r] && gn__in_role_m3(g, r)) tr |= IN_TR_M3;
  return gn__in_morale_test(g, unit, tr, enemy, NULL);
}

/*
** How far u's verb reaches, from the numbers its handler refuses with.
**   1) fire: the weapon's range (fire_refusal, ref. IN-R4), close out to
**      half of it and long beyond, where a hit needs more (ref. IN-B1); no
**      weapon that shoots: no target at any distance
**   2) charge: the charge move (gn__in_charge_allowance, ref. IN-B9)
**   3) throw: the throwing range, from the stand to the point (ref. IN-R9)
** A unit fires, charges and throws all round: no arc.
*/
double gn__in_reach(gn_game *g, const char *verb, int u, gn_reach *out) {
  const in_data *d = in__data(g);
  int w = gn__in_weapon(g, u);
  if (!strcmp(verb, "fire")) {                                                          /* 1 */
    if (w <= IN_W_NONE || w >= IN_W_EXPLOSIVE || w >= IN_W_COUNT) return -2;
    gn__reach_band(out, 0, d->range[w] / 2, "close", "IN-B1");
    gn__reach_band(out, d->range[w] / 2, d->range[w], "long", "IN-B1");
    return d->range[w];
  }
  if (!strcmp(verb, "charge")) {                                                        /* 2 */
    double r = gn__in_charge_allowance(g, u);
    if (r <= 0) return -2;
    gn__reach_band(out, 0, r, "charge", "IN-B9");
    return r;
  }
  if (!strcmp(verb, "throw")) {                                                         /* 3 */
    if (w != IN_W_EXPLOSIVE) return -2;
    gn__reach_band(out, 0, d->throw_range, "throw", "IN-R9");
    return d->throw_range;
  }
  return -1;
}

/* Steps 1 and 2 of fire: A, with weapon w, may fire at B; *dist gets the
** distance between them. 0, or the refusal. */
static int fire_refusal(gn_game *g, int A, int B, int w, double *dist) {
  const in_data *d = in__data(g);
  const gn__ustate *u = &g->st.u[A];
  int rc;
  if ((rc = gn__in_may_act(g, A, "fire"))) return rc;                                   /* 1 */
  if (u->flags & IN_F_FIRED) return gn__refuse(g, "IN-B13", "%s has already fired this turn", gn__in_name(g, A));
  if (u->flags & IN_F_JAMMED) return gn__refuse(g, "IN-R7", "%s is jammed for this turn", gn__in_name(g, A));
  if (w == IN_W_EXPLOSIVE) return gn__refuse(g, "IN-R9", "%s throws explosives: use 'throw'", gn__in_name(g, A));
  if (w == IN_W_NONE) return gn__refuse(g, "IN-R4", "%s has no missile weapon", gn__in_name(g, A));
  if (!u->in.ammo)
    return gn__refuse(g, "IN-R7", "%s is out of ammunition until a wagon resupplies it (ref. IN-R8)",
                      gn__in_name(g, A));
  if (gn__in_engaged(g, A)) return gn__refuse(g, "IN-B6", "%s is in melee", gn__in_name(g, A));
  if (!gn__in_alive(g, B) || !gn__in_enemies(g, A, B))                                     /* 2 */
    return gn__refuse(g, "IN-R1", "%s is not an enemy on the table", gn__in_name(g, B));
  *dist = gn_unit_distance(g, A, B);
  if (*dist > d->range[w])
    return gn__refuse(g, "IN-R4", "%s is %.1f in away; a %s reaches %.0f in", gn__in_name(g, B), *dist,
                      gn__in_weapon_names[w], d->range[w]);
  if (!gn_unit_los(g, A, B).visible)
    return gn__refuse(g, "IN-R1", "%s cannot see %s", gn__in_name(g, A), gn__in_name(g, B));
  return 0;
}

/* Steps 4 to 6 of fire: the hits r of A's weapon w land on B (choice: the
** role its player takes first), and for artillery on every unit next to it;
** then the morale of each that lost figures. Fails with GN_ENOMEM or the
** dice source's error. */
static int land_fire(gn_game *g, int A, int B, int w, int choice, const in_fire_result *r) {
  const in_data *d = in__data(g);
  int nu = g->st.nunits, nn = 0, rc;
  int *near = gn__in_ints(g, nu), *lost = gn__in_ints(g, nu), *killed = gn__in_ints(g, nu * IN_NROLES);
  if (!near || !lost || !killed) { rc = gn__error(g, GN_ENOMEM, "out of memory"); goto done; }
  if (w == IN_W_ARTILLERY && r->d.hits > 0) {
    nn = gn__units_near(g, B, d->adjacent, near, nu);
    if (nn > nu) nn = nu;
  }
  lost[B] = gn__in_apply_hits(g, B, r->d.hits, r->d.aces, choice, killed + B * IN_NROLES); /* 4 */
  if (lost[B] < 0) { rc = lost[B]; goto done; }   /* a hero check's dice failed: no half order */
  for (int i = 0; i < nn; i++) {                                                      /* 5 */
    int v = near[i];
    if (v == A || v == B || !gn__in_alive(g, v)) continue;
    lost[v] = gn__in_casualties(g, v, r->d.hits, -1, killed + v * IN_NROLES);
    gn_event *e = gn__event(g, "fire", "IN-R6", A, v, "%s next to the target loses %d", gn__in_name(g, v), lost[v]);
    if (!e) { rc = GN_ENOMEM; goto done; }
    e->total = lost[v];
  }
  rc = after_casualties(g, B, lost[B], killed + B * IN_NROLES, A);                    /* 6 */
  for (int i = 0; i < nn && !rc; i++)
    if (near[i] != A && near[i] != B) rc = after_casualties(g, near[i], lost[near[i]], killed + near[i] * IN_NROLES, A);
done:
  gn__in_ints_free(g, near, nu);
  gn__in_ints_free(g, lost, nu);
  gn__in_ints_free(g, killed, nu * IN_NROLES);
  return rc;
}

/*
** fire UNIT at UNIT [choose ROLE]
**   1) the firer may act, has a weapon that shoots, ammunition, is not in melee
**   2) the target is an enemy in sight and in range (ref. IN-R4)
**   3) resolve the cards (gn__in_fire_resolve); out of ammunition or jammed
**   4) hits on the target, Aces through the hero check (ref. IN-H1)
**   5) artillery: every unit next to the target takes the same hits (ref. IN-R6)
**   6) morale of those who lost figures (ref. IN-M1, IN-M3)
*/
int gn__in_order_fire(gn_game *g, const gn__args *a) {
  int A, B, choice, rc;
  double dist = 0;
  if ((rc = gn__arg_unit(g, a, 1, &A))) return rc;
  if (!gn__arg_is(a, 2, "at")) return gn__syntax(g, a, 2, "expected 'at'");
  if ((rc = gn__arg_unit(g, a, 3, &B))) return rc;
  if ((rc = gn__in_arg_choice(g, a, 4, &choice))) return rc;
  int w = gn__in_weapon(g, A);
  if ((rc = fire_refusal(g, A, B, w, &dist))) return rc;                                /* 1, 2 */
  gn__ustate *u = gn__uw(g, A);
  in_fire f = { gn__in_side(g, A), A, B, gn__in_figs(g, A), w, u->in.pieces, dist,             /* 3 */
                gn__in_cover(g, B, &u->box.c) };
  in_fire_result r;
  if ((rc = gn__in_fire_resolve(g, &f, &r))) return rc;
  u->flags |= IN_F_FIRED;
  if (r.out_of_ammo) u->in.ammo = 0;
  if (r.jammed) u->flags |= IN_F_JAMMED;
  return land_fire(g, A, B, w, choice, &r);                                           /* 4-6 */
}

/* 1 when a burst card of this rank hits a figure (ref. IN-R9): an Ace, or a
** number card at the close-range value. */
static int burst_hit(const in_data *d, int rank) { return rank == 1 || (rank <= 10 && rank >= d->need_close); }

/* The classes of a burst card: hit or miss. */
static void burst_part(const in_data *d, in_part *p) {
  int key[14];
  key[0] = -1;
  for (int r = 1; r <= 13; r++) key[r] = burst_hit(d, r);
  gn__in_part_make(p, key);
}

/* The classes of the thrown card: what it does to the throw (a picture; on
** target; each deviation distance) and, since the burst cards come from the
** same deck after it, whether it would hit as a burst card. */
static void throw_part(const in_data *d, in_part *p) {
  int key[14];
  key[0] = -1;
  for (int r = 1; r <= 13; r++) {
    int what = r > 10 ? 100 : r <= d->throw_on_target_max ? 0 : 1 + r / 2;
    key[r] = 2 * what + burst_hit(d, r);
  }
  gn__in_part_make(p, key);
}

/*
** Where a thrown explosive bursts (ref. IN-R9).
**   1) one card: a picture is a dud (data throw.picture_dud; 0: draw again)
**   2) Ace to throw.on_target_max lands on the point aimed at
**   3) above, a d6 for the direction (data throw.deviation: short, left, left,
**      right, right, long, seen along the throw) and half the card's value,
**      rounded down, in inches
*/
int gn__in_throw_land(gn_game *g, int side, int unit, gn_vec2 from, double facing, gn_vec2 aim,
                   gn_vec2 *at, int *dud) {
  const in_data *d = in__data(g);
  in_part tp;
  int rc, rank;
  throw_part(d, &tp);
  *dud = 0;
  *at = aim;
  for (;;) {                                                                           /* 1 */
    gn__chance_say(g, ~0u, "a number card lands (half its value in inches off), a picture card %s (ref. IN-R9)",
                   d->picture_dud ? "fails to explode" : "is drawn again");
    if ((rc = gn__in_draw(g, side, 1, &tp, "explosive card", "IN-R9", unit, &rank))) return rc;
    if (rank <= 10) break;
    if (d->picture_dud) {
      *dud = 1;
      return gn__event(g, "throw", "IN-R9", unit, -1, "%s: the explosive fails to explode",
                       unit >= 0 ? gn__in_name(g, unit) : "the thrower") ? 0 : GN_ENOMEM;
    }
  }
  if (rank > d->throw_on_target_max) {                                                 /* 2, 3 */
    int face, key[7];
    static const char *const dir[] = { "short", "left", "right", "long" };
    for (int f = 1; f <= 6; f++) key[f] = d->deviation[f - 1];
    gn__chance_say(g, ~0u, "the way it goes, seen along the throw: 1 %s, 2 %s, 3 %s, 4 %s, 5 %s, 6 %s; %d in off"
                   " (ref. IN-R9)", dir[key[1]], dir[key[2]], dir[key[3]], dir[key[4]],
                   dir[key[5]], dir[key[6]], rank / 2);
    if ((rc = gn__in_roll_d6(g, key, "explosive deviation", "IN-R9", unit, &face))) return rc;
    double dx = aim.x - from.x, dy = aim.y - from.y, len = sqrt(dx * dx + dy * dy);
    if (len < 1e-9) { dx = cos(facing); dy = sin(facing); len = 1; }
    dx /= len; dy /= len;
    int k = d->deviation[face - 1];
    double ux = k == 0 ? -dx : k == 1 ? -dy : k == 2 ? dy : dx;
    double uy = k == 0 ? -dy : k == 1 ? dx : k == 2 ? -dx : dy;
    at->x += ux * (rank / 2); at->y += uy * (rank / 2);
    if (!gn__event(g, "throw", "IN-R9", unit, -1, "%s: the explosive deviates %s by %d in",
                   unit >= 0 ? gn__in_name(g, unit) : "the thrower", dir[k], rank / 2))
      return GN_ENOMEM;
  }
  return gn__event(g, "throw", "IN-R9", unit, -1, "%s: the explosive bursts at %.1f,%.1f",
                   unit >= 0 ? gn__in_name(g, unit) : "the thrower", at->x, at->y) ? 0 : GN_ENOMEM;
}

/* Position of figure k of a unit's n figures: ranks of one figure per inch of
** frontage, front rank first. */
static gn_vec2 figure_at(gn_box b, int k, int n) {
  int files = (int)floor(b.w + 0.5);
  if (files < 1) files = 1;
  int ranks = (n + files - 1) / files;
  if (ranks < 1) ranks = 1;
  double x = -b.w / 2 + (k % files + 0.5) * b.w / files;
  double y = b.d / 2 - (k / files + 0.5) * b.d / ranks;
  double fx = cos(b.facing), fy = sin(b.facing);
  gn_vec2 p = { b.c.x + fy * x + fx * y, b.c.y - fx * x + fy * y };
  return p;
}

/* Of h hit cards among m figures holding c cards each, the ways exactly j
** figures hold at least one (inclusion-exclusion): they sum to C(m c, h). */
static uint64_t spread(int m, int c, int h, int j) {
  __int128 s = 0;
  for (int i = 0; i <= j; i++) {
    __int128 t = (__int128)gn__in_binom(j, i) * (__int128)gn__in_binom((j - i) * c, h);
    s += i % 2 ? -t : t;
  }
  return (uint64_t)((__int128)gn__in_binom(m, j) * s);
}

/*
** The figures of a group that a burst hits (ref. IN-R9).
**   1) the figures within the burst radius of `at`
**   2) in play: each draws throw.cards cards from the thrower's deck, in
**      turn; any card that hits at the close-range value hits the figure
**   3) enumerating, when the deck holds all their cards: one draw of them
**      all, then one chance point for how the hit cards fall among the
**      figures (its branches: the number of figures hit)
**   4) enumerating, else: figure by figure, as in play
*/
int gn__in_burst_hits(gn_game *g, int side, gn_box box, int n, gn_vec2 at, int unit, int *hits) {
  const in_data *d = in__data(g);
  int m = 0, c = d->burst_cards, rc = 0, rk[52];
  in_part bp;
  burst_part(d, &bp);
  *hits = 0;
  if (c < 1 || c > 52) return gn__error(g, GN_EDATA, "throw.cards must be 1..52");
  for (int k = 0; k < n; k++) {                                                         /* 1 */
    gn_vec2 fp = figure_at(box, k, n);
    double fx = fp.x - at.x, fy = fp.y - at.y;
    if (sqrt(fx * fx + fy * fy) <= d->burst) m++;
  }
  int deckn = g->st.deckn[side] ? g->st.deckn[side] : 52;
  if (in__enumerating(g) && m * c <= deckn && m > 1) {                                  /* 3 */
    int t = m * c, *all = gn__in_ints(g, t), h = 0, j;
    if (!all) return gn__error(g, GN_ENOMEM, "out of memory");
    rc = gn__in_draw(g, side, t, &bp, "burst card", "IN-R9", unit, all);
    for (int i = 0; i < t && !rc; i++) h += burst_hit(d, all[i]);
    gn__in_ints_free(g, all, t);
    if (rc || h == 0) return rc;
    uint64_t w[53];
    for (j = 0; j <= m; j++) w[j] = spread(m, c, h, j);
    if ((rc = gn__enum_choose(g, m + 1, w, gn__in_binom(t, h), &j))) return rc;
    *hits = j;
    return 0;
  }
  for (int k = 0; k < m && !rc; k++) {                                                  /* 2, 4 */
    gn__chance_say(g, ~0u, "a figure in the blast falls if one of its %d card%s is an Ace or a number card of %d or more"
                   " (ref. IN-R9)", c, c == 1 ? "" : "s", d->need_close);
    if ((rc = gn__in_draw(g, side, c, &bp, "burst card", "IN-R9", unit, rk))) break;
    int any = 0;
    for (int i = 0; i < c; i++) any |= burst_hit(d, rk[i]);
    *hits += any;
  }
  return rc;
}

/*
** throw UNIT at X,Y: a thrown explosive (ref. IN-R9).
**   1) the thrower has explosives, may act, has not fired; the point is within throw range
**   2) where it bursts (gn__in_throw_land); a dud does nothing
**   3) every unit within the burst radius, unless in hard cover: its figures
**      there draw (gn__in_burst_hits) and those hit fall
**   4) morale of enemies who lost figures (ref. IN-M1)
*/
int gn__in_order_throw(gn_game *g, const gn__args *a) {
  const in_data *d = in__data(g);
  int A, rc, dud;
  gn_vec2 p, at;
  if ((rc = gn__arg_unit(g, a, 1, &A))) return rc;
  if (!gn__arg_is(a, 2, "at")) return gn__syntax(g, a, 2, "expected 'at'");
  if ((rc = gn__arg_point(g, a, 3, &p))) return rc;
  if (a->n > 4) return gn__syntax(g, a, 4, "unexpected '%s'", a->tok[4]);
  if ((rc = gn__in_may_act(g, A, "throw"))) return rc;                                    /* 1 */
  gn__ustate *u = gn__uw(g, A);
  if (gn__in_weapon(g, A) != IN_W_EXPLOSIVE)
    return gn__refuse(g, "IN-R9", "%s carries no explosives", gn__in_name(g, A));
  if (u->flags & IN_F_FIRED) return gn__refuse(g, "IN-B13", "%s has already thrown this turn", gn__in_name(g, A));
  double reach = gn_point_box_distance(p, u->box);
  if (reach > d->throw_range)
    return gn__refuse(g, "IN-R9", "the point is %.1f in away; a throw reaches %.0f in", reach, d->throw_range);
  u->flags |= IN_F_FIRED;
  int side = gn__in_side(g, A);
  if ((rc = gn__in_throw_land(g, side, A, u->box.c, u->box.facing, p, &at, &dud)) || dud) return rc;  /* 2 */
  int nu = g->st.nunits;
  int *lost = gn__in_ints(g, nu), *killed = gn__in_ints(g, nu * IN_NROLES);
  if (!lost || !killed) { rc = gn__error(g, GN_ENOMEM, "out of memory"); goto done; }
  for (int i = 0; i < nu; i++) {                                                        /* 3 */
    if (!gn__in_alive(g, i) || gn_point_box_distance(at, g->st.u[i].box) > d->burst) continue;
    if (gn__in_cover(g, i, &at) == IN_COVER_HARD) continue;
    int hits;
    if ((rc = gn__in_burst_hits(g, side, g->st.u[i].box, g->st.u[i].strength, at, i, &hits))) goto done;
    lost[i] = gn__in_casualties(g, i, hits, -1, killed + i * IN_NROLES);
    gn_event *e = gn__event(g, "throw", "IN-R9", A, i, "%s loses %d to the burst", gn__in_name(g, i), lost[i]);
    if (!e) { rc = GN_ENOMEM; goto done; }
    e->total = lost[i];
  }
  for (int i = 0; i < nu && !rc; i++)                                                   /* 4 */
    if (lost[i]) rc = after_casualties(g, i, lost[i], killed + i * IN_NROLES, A);
done:
  gn__in_ints_free(g, lost, nu);
  gn__in_ints_free(g, killed, nu * IN_NROLES);
  return rc;
}

/*
** Resupply at the end of a side's turn (ref. IN-R8): an out-of-ammunition
** MG or gun of the side with a wagon of the side within resupply range that
** did not move this turn (it spent the turn there) has ammunition again.
*/
int gn__in_resupply(gn_game *g, int side) {
  const in_data *d = in__data(g);
  for (int i = 0; i < g->st.nunits; i++) {
    if (!gn__in_alive(g, i) || gn__in_side(g, i) != side || in_u(g, i)->ammo) continue;
    for (int w = 0; w < g->st.nunits; w++) {
      if (w == i || !gn__in_alive(g, w) || gn__in_side(g, w) != side) continue;
      if (g->sc->unit[w].type != IN_T_WAGON || (g->st.u[w].flags & IN_F_MOVED)) continue;
      if (gn_unit_distance(g, i, w) > d->resupply_range) continue;
      in_uw(g, i)->ammo = 1;
      gn_event *e = gn__event(g, "ammo", "IN-R8", i, w, "%s resupplied by %s", gn__in_name(g, i), gn__in_name(g, w));
      if (!e) return GN_ENOMEM;
      gn__event_hide(e, 1u << side);
      break;
    }
  }
  return 0;
}
