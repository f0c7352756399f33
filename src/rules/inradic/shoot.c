/*
** shoot.c: shooting by playing cards (public source S20, rules-reference
** Part 2.1) with the card values of Part 2.2 (proposed defaults), ammunition
** and jams, resupply from wagons, and thrown explosives.
**
** A shot: the firing group draws cards from its side's deck, one chance point
** each (gn__draw_card); a number card at or above the value needed hits, an
** Ace always hits (and may strike a leader, heroes.c), a picture card misses.
*/
#include "inradic.h"

#include <math.h>
#include <stdio.h>

static int is_gun(int w) { return w == IN_W_MG || w == IN_W_ARTILLERY || w == IN_W_MULTISHOT; }

/* ref. IN-R1, IN-R2: 2 cards per 5 ordinary figures, 2 for a remainder, 3 per
** leader; ref. IN-R3: ordinary figures under five alone score at most their
** number of hits (leaders' cards are never capped). */
static void group_cards(const gn_game *g, const in_figs *f, int *capped, int *free_, int *cap) {
  const in_data *d = in__data(g);
  int o = in__figs_ordinary(g, f), l = in__figs_leaders(g, f);
  int oc = d->per_five * (o / 5) + (o % 5 ? d->remainder : 0);
  *free_ = l * d->leader_cards;
  if (o > 0 && o < 5) { *capped = oc; *cap = o; }
  else { *capped = 0; *free_ += oc; *cap = -1; }
}

int in__melee_cardcount(const gn_game *g, const in_figs *f, int *capped, int *free_, int *cap) {
  group_cards(g, f, capped, free_, cap);
  return *capped + *free_;
}

/*
** Cards of one shot.
**   1) no weapon, thrown explosives, or beyond the weapon's range: none (ref. IN-R4)
**   2) muskets, rifles, bows, slings, pistols: by fives and leaders (ref. IN-R1, IN-R2)
**   3) multi-shot figures: 4 cards each, never capped (ref. IN-R2, IN-R5)
**      [interpretation: each figure carrying a multi-shot weapon is a piece]
**   4) crewed MGs: 4 cards a piece, 8 within half range (ref. IN-R5); guns: 3
**      a piece (ref. IN-R6); pieces in action: at most one per crew_per_piece
**      figures, at least one while a figure is left
*/
int in__fire_cardcount(const gn_game *g, const in_fire *f, int *capped, int *free_, int *cap) {
  const in_data *d = in__data(g);
  int w = f->weapon;
  *capped = *free_ = 0; *cap = -1;
  if (w <= IN_W_NONE || w >= IN_W_EXPLOSIVE || f->range > d->range[w]) return 0;   /* 1 */
  int close = f->range <= d->range[w] / 2;
  if (w == IN_W_MULTISHOT) {                                                        /* 3 */
    *free_ = in__figs_ordinary(g, &f->firer) * d->multishot_cards +
             in__figs_leaders(g, &f->firer) * d->leader_cards;
  } else if (w == IN_W_MG || w == IN_W_ARTILLERY) {                                 /* 4 */
    int crew = in__figs_total(&f->firer), p = crew / d->crew_per_piece;
    if (p < 1 && crew > 0) p = 1;
    if (p > f->pieces) p = f->pieces;
    *free_ = p * (w == IN_W_ARTILLERY ? d->gun_cards : close ? d->mg_close_cards : d->mg_cards);
  } else {                                                                          /* 2 */
    group_cards(g, &f->firer, capped, free_, cap);
  }
  return *capped + *free_;
}

/*
** Draw a group's cards and count the hits.
**   1) draw each card from the side's deck (ref. IN-B4)
**   2) an Ace hits; a number card hits at `need` or more (ref. IN-B1); a
**      picture card misses (ref. IN-B3)
**   3) the first `cap` hits of the capped cards count, in the order drawn (ref. IN-R3)
*/
int in__draw_hits(gn_game *g, int side, int capped_cards, int free_cards, int need, int cap,
                  const char *purpose, const char *ref, int unit, in_draw *dr) {
  int rc, card, chits = 0, fhits = 0;
  dr->cards = capped_cards + free_cards;
  dr->hits = dr->aces = dr->pictures = dr->capped = 0;
  for (int i = 0; i < dr->cards; i++) {
    if ((rc = gn__draw_card(g, side, purpose, ref, unit, &card))) return rc;        /* 1 */
    int rank = GN_CARD_RANK(card);
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
  return 0;
}

/*
** The card resolution of one shot.
**   1) cards by weapon and figures (in__fire_cardcount)
**   2) value needed: 6 within half range, 8 beyond (ref. IN-B1), +2 soft and
**      +4 hard cover (ref. IN-B2)
**   3) draw and count (in__draw_hits, ref. IN-B3, IN-R3)
**   4) an MG or gun that drew two picture cards rolls a d6: 4+ out of
**      ammunition, 1-2 jammed; either way it does not fire this turn, so no
**      hits (ref. IN-R7) [interpretation: a 3 has no effect; "two" = two or more]
*/
int in__fire_resolve(gn_game *g, const in_fire *f, in_fire_result *r) {
  const in_data *d = in__data(g);
  int capped, free_, cap, rc;
  r->ammo_roll = r->out_of_ammo = r->jammed = 0;
  r->d.cards = r->d.hits = r->d.aces = r->d.pictures = r->d.capped = 0;
  if (!in__fire_cardcount(g, f, &capped, &free_, &cap)) return 0;                   /* 1 */
  int close = f->range <= d->range[f->weapon] / 2;                                  /* 2 */
  r->need = (close ? d->need_close : d->need_long) + d->cover_need[f->cover];
  if ((rc = in__draw_hits(g, f->side, capped, free_, r->need, cap, "shooting card", "IN-R1",  /* 3 */
                          f->unit, &r->d)))
    return rc;
  gn_event *e = gn__event(g, "fire", "IN-R1", f->unit, f->target, "%d cards, %d hits (need %d+%s)",
                          r->d.cards, r->d.hits, r->need, r->d.capped ? ", capped" : "");
  if (!e) return GN_ENOMEM;
  e->total = r->d.hits;
  gn__event_mod(e, close ? "within half range" : "beyond half range",
                close ? d->need_close : d->need_long, "IN-B1");
  if (f->cover) gn__event_mod(e, f->cover == IN_COVER_HARD ? "hard cover" : "soft cover",
                              d->cover_need[f->cover], "IN-B2");
  if (r->d.capped) gn__event_mod(e, "fraction under five alone", -r->d.capped, "IN-R3");
  if (is_gun(f->weapon) && r->d.pictures >= d->ammo_pictures) {                    /* 4 */
    unsigned old = gn__roll_visibility(g, f->side >= 0 ? 1u << f->side : ~0u);
    rc = gn__roll(g, "d6", "two picture cards: ammunition", "IN-R7", f->unit, &r->ammo_roll, NULL);
    gn__roll_visibility(g, old);
    if (rc) return rc;
    r->out_of_ammo = r->ammo_roll >= d->ammo_out_min;
    r->jammed = r->ammo_roll <= d->ammo_jam_max;
    gn_event *a = gn__event(g, "ammo", "IN-R7", f->unit, f->target, "%s",
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
  if (lost <= 0 || !in__alive(g, unit) || !in__enemies(g, unit, enemy)) return 0;
  tr |= IN_TR_M1;
  for (int r = 0; r < IN_NROLES; r++) if (killed[r] && in__data(g)->role_m3[r]) tr |= IN_TR_M3;
  return in__morale_test(g, unit, tr, enemy, NULL);
}

/*
** fire UNIT at UNIT [choose ROLE]
**   1) the firer may act, has a weapon that shoots, ammunition, is not in melee
**   2) the target is an enemy in sight and in range (ref. IN-R4)
**   3) resolve the cards (in__fire_resolve); out of ammunition or jammed
**   4) hits on the target, Aces through the hero check (ref. IN-H1)
**   5) artillery: every unit next to the target takes the same hits (ref. IN-R6)
**   6) morale of those who lost figures (ref. IN-M1, IN-M3)
*/
int in__order_fire(gn_game *g, const gn__args *a) {
  const in_data *d = in__data(g);
  int A, B, choice, rc;
  if ((rc = gn__arg_unit(g, a, 1, &A))) return rc;
  if (!gn__arg_is(a, 2, "at")) return gn__syntax(g, a, 2, "expected 'at'");
  if ((rc = gn__arg_unit(g, a, 3, &B))) return rc;
  if ((rc = in__arg_choice(g, a, 4, &choice))) return rc;
  if ((rc = in__may_act(g, A, "fire"))) return rc;                                   /* 1 */
  gn__ustate *u = &g->st.u[A];
  int w = in__weapon(g, A);
  if (u->flags & IN_F_FIRED) return gn__refuse(g, "IN-B13", "%s has already fired this turn", in__name(g, A));
  if (u->flags & IN_F_JAMMED) return gn__refuse(g, "IN-R7", "%s is jammed for this turn", in__name(g, A));
  if (w == IN_W_EXPLOSIVE) return gn__refuse(g, "IN-R9", "%s throws explosives: use 'throw'", in__name(g, A));
  if (w == IN_W_NONE) return gn__refuse(g, "IN-R4", "%s has no missile weapon", in__name(g, A));
  if (!u->attr[IN_A_AMMO])
    return gn__refuse(g, "IN-R7", "%s is out of ammunition until a wagon resupplies it (ref. IN-R8)",
                      in__name(g, A));
  if (in__engaged(g, A)) return gn__refuse(g, "IN-B6", "%s is in melee", in__name(g, A));
  if (!in__alive(g, B) || !in__enemies(g, A, B))                                     /* 2 */
    return gn__refuse(g, "IN-R1", "%s is not an enemy on the table", in__name(g, B));
  double dist = gn_unit_distance(g, A, B);
  if (dist > d->range[w])
    return gn__refuse(g, "IN-R4", "%s is %.1f in away; a %s reaches %.0f in", in__name(g, B), dist,
                      in_weapon_names[w], d->range[w]);
  if (!gn_unit_los(g, A, B).visible)
    return gn__refuse(g, "IN-R1", "%s cannot see %s", in__name(g, A), in__name(g, B));
  in_fire f = { in__side(g, A), A, B, in__figs(g, A), w, u->attr[IN_A_PIECES], dist,     /* 3 */
                in__cover(g, B, &u->box.c) };
  in_fire_result r;
  if ((rc = in__fire_resolve(g, &f, &r))) return rc;
  u->flags |= IN_F_FIRED;
  if (r.out_of_ammo) u->attr[IN_A_AMMO] = 0;
  if (r.jammed) u->flags |= IN_F_JAMMED;
  int nu = g->st.nunits, nn = 0;
  int *near = in__ints(g, nu), *lost = in__ints(g, nu), *killed = in__ints(g, nu * IN_NROLES);
  if (!near || !lost || !killed) { rc = gn__error(g, GN_ENOMEM, "out of memory"); goto done; }
  if (w == IN_W_ARTILLERY && r.d.hits > 0) {
    nn = gn__units_near(g, B, d->adjacent, near, nu);
    if (nn > nu) nn = nu;
  }
  lost[B] = in__apply_hits(g, B, r.d.hits, r.d.aces, choice, killed + B * IN_NROLES);   /* 4 */
  if (lost[B] < 0) { rc = lost[B]; goto done; }   /* a hero check's dice failed: no half order */
  for (int i = 0; i < nn; i++) {                                                      /* 5 */
    int v = near[i];
    if (v == A || v == B || !in__alive(g, v)) continue;
    lost[v] = in__casualties(g, v, r.d.hits, -1, killed + v * IN_NROLES);
    gn_event *e = gn__event(g, "fire", "IN-R6", A, v, "%s next to the target loses %d", in__name(g, v), lost[v]);
    if (!e) { rc = GN_ENOMEM; goto done; }
    e->total = lost[v];
  }
  rc = after_casualties(g, B, lost[B], killed + B * IN_NROLES, A);                    /* 6 */
  for (int i = 0; i < nn && !rc; i++)
    if (near[i] != A && near[i] != B) rc = after_casualties(g, near[i], lost[near[i]], killed + near[i] * IN_NROLES, A);
done:
  in__ints_free(g, near, nu);
  in__ints_free(g, lost, nu);
  in__ints_free(g, killed, nu * IN_NROLES);
  return rc;
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

/*
** throw UNIT at X,Y: a thrown explosive (ref. IN-R9).
**   1) the thrower has explosives, may act, has not fired; the point is within throw range
**   2) one card: a picture is a dud (data throw.picture_dud; 0: draw again)
**   3) Ace to 6 lands on the point; above, a d6 deviation (short, left, left,
**      right, right, long) by half the card value, rounded down
**   4) every figure within the burst radius draws 2 cards and is hit by any
**      hit card at the close-range value, unless its unit is in hard cover
**   5) casualties, then morale of enemies who lost figures (ref. IN-M1)
*/
int in__order_throw(gn_game *g, const gn__args *a) {
  const in_data *d = in__data(g);
  int A, rc, card, rank;
  gn_vec2 p;
  if ((rc = gn__arg_unit(g, a, 1, &A))) return rc;
  if (!gn__arg_is(a, 2, "at")) return gn__syntax(g, a, 2, "expected 'at'");
  if ((rc = gn__arg_point(g, a, 3, &p))) return rc;
  if (a->n > 4) return gn__syntax(g, a, 4, "unexpected '%s'", a->tok[4]);
  if ((rc = in__may_act(g, A, "throw"))) return rc;                                    /* 1 */
  gn__ustate *u = &g->st.u[A];
  if (in__weapon(g, A) != IN_W_EXPLOSIVE)
    return gn__refuse(g, "IN-R9", "%s carries no explosives", in__name(g, A));
  if (u->flags & IN_F_FIRED) return gn__refuse(g, "IN-B13", "%s has already thrown this turn", in__name(g, A));
  double reach = gn_point_box_distance(p, u->box);
  if (reach > d->throw_range)
    return gn__refuse(g, "IN-R9", "the point is %.1f in away; a throw reaches %.0f in", reach, d->throw_range);
  u->flags |= IN_F_FIRED;
  int side = in__side(g, A);
  for (;;) {                                                                           /* 2 */
    if ((rc = gn__draw_card(g, side, "explosive card", "IN-R9", A, &card))) return rc;
    rank = GN_CARD_RANK(card);
    if (rank <= 10) break;
    if (d->picture_dud) {
      return gn__event(g, "throw", "IN-R9", A, -1, "the explosive fails to explode") ? 0 : GN_ENOMEM;
    }
  }
  gn_vec2 at = p;
  if (rank > d->throw_on_target_max) {                                                 /* 3 */
    int face;
    if ((rc = gn__roll(g, "d6", "explosive deviation", "IN-R9", A, &face, NULL))) return rc;
    double dx = p.x - u->box.c.x, dy = p.y - u->box.c.y, len = sqrt(dx * dx + dy * dy);
    if (len < 1e-9) { dx = cos(u->box.facing); dy = sin(u->box.facing); len = 1; }
    dx /= len; dy /= len;
    static const char *const dir[] = { "short", "left", "right", "long" };
    int k = d->deviation[face - 1];
    double ux = k == 0 ? -dx : k == 1 ? -dy : k == 2 ? dy : dx;
    double uy = k == 0 ? -dy : k == 1 ? dx : k == 2 ? -dx : dy;
    at.x += ux * (rank / 2); at.y += uy * (rank / 2);
    gn_event *e = gn__event(g, "throw", "IN-R9", A, -1, "deviates %s by %d in", dir[k], rank / 2);
    if (!e) return GN_ENOMEM;
  }
  gn_event *e = gn__event(g, "throw", "IN-R9", A, -1, "bursts at %.1f,%.1f", at.x, at.y);
  if (!e) return GN_ENOMEM;
  int nu = g->st.nunits;
  int *lost = in__ints(g, nu), *killed = in__ints(g, nu * IN_NROLES);
  if (!lost || !killed) { rc = gn__error(g, GN_ENOMEM, "out of memory"); goto done; }
  for (int i = 0; i < nu; i++) {                                                        /* 4 */
    if (!in__alive(g, i) || gn_point_box_distance(at, g->st.u[i].box) > d->burst) continue;
    if (in__cover(g, i, &at) == IN_COVER_HARD) continue;
    int n = g->st.u[i].strength, hits = 0;
    for (int k = 0; k < n; k++) {
      gn_vec2 fp = figure_at(g->st.u[i].box, k, n);
      double fx = fp.x - at.x, fy = fp.y - at.y;
      if (sqrt(fx * fx + fy * fy) > d->burst) continue;
      in_draw dr;
      if ((rc = in__draw_hits(g, side, 0, d->burst_cards, d->need_close, -1, "burst card", "IN-R9", i, &dr)))
        goto done;
      hits += dr.hits > 0;
    }
    lost[i] = in__casualties(g, i, hits, -1, killed + i * IN_NROLES);                  /* 5 */
    e = gn__event(g, "throw", "IN-R9", A, i, "%s loses %d to the burst", in__name(g, i), lost[i]);
    if (!e) { rc = GN_ENOMEM; goto done; }
    e->total = lost[i];
  }
  for (int i = 0; i < nu && !rc; i++)
    if (lost[i]) rc = after_casualties(g, i, lost[i], killed + i * IN_NROLES, A);
done:
  in__ints_free(g, lost, nu);
  in__ints_free(g, killed, nu * IN_NROLES);
  return rc;
}

/*
** Resupply at the end of a side's turn (ref. IN-R8): an out-of-ammunition
** MG or gun of the side with a wagon of the side within resupply range that
** did not move this turn (it spent the turn there) has ammunition again.
*/
int in__resupply(gn_game *g, int side) {
  const in_data *d = in__data(g);
  for (int i = 0; i < g->st.nunits; i++) {
    if (!in__alive(g, i) || in__side(g, i) != side || g->st.u[i].attr[IN_A_AMMO]) continue;
    for (int w = 0; w < g->st.nunits; w++) {
      if (w == i || !in__alive(g, w) || in__side(g, w) != side) continue;
      if (g->sc->unit[w].type != IN_T_WAGON || (g->st.u[w].flags & IN_F_MOVED)) continue;
      if (gn_unit_distance(g, i, w) > d->resupply_range) continue;
      g->st.u[i].attr[IN_A_AMMO] = 1;
      gn_event *e = gn__event(g, "ammo", "IN-R8", i, w, "%s resupplied by %s", in__name(g, i), in__name(g, w));
      if (!e) return GN_ENOMEM;
      gn__event_hide(e, 1u << side);
      break;
    }
  }
  return 0;
}
