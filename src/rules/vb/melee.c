/*
** melee.c: melee of Volley & Bayonet (ref. VB-B11, VB-12, VB-15, VB-22,
** VB-23, VB-30, VB-34 to VB-40) and cavalry breakthrough (VB-B17).
**
** ref. VB-B11 [interpretation] when: moving into contact is the movement
** phase's business (`move`); melee is fought in the combat phase between stands
** that touch. `charge UNIT at TARGET` fights one melee at once; at the end of
** the side's combat phase every stand of that side still touching an enemy
** stand fights (gn__vb_phase_combat). A melee takes in every stand drawn in by
** contact, and every stand of a town block a defender holds (VB-34).
**
** ref. VB-B17 [interpretation] cavalry breakthrough: the melee's result stands
** for the melee morale test (a loser already disordered routs). A cavalry
** stand ordered to `charge` in the combat phase that wins, the stand it
** attacked having routed or been destroyed, is marked VB_MEL_BREAK until the
** phase ends; `breakthrough UNIT at TARGET` then moves it with what its
** movement phase left of its move (gn__vb_move_breakthrough: every movement
** rule) into contact with TARGET and fights one more melee at once, and
** `breakthrough UNIT to X,Y` only moves it. Once per stand per phase; never
** disordered cavalry (melee.breakthrough.disordered); the melees fought when
** the phase ends give none (the phase is over).
*/
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "vb.h"

#define MAXBODY 32   /* stands of a body held in place; a larger body goes to the heap */
#define MAXNEAR 128  /* stands touching one, likewise */

/* The stands of one side of a melee, as many as there are: id is buf until
** it outgrows it. Not to be copied (id may point into it). */
typedef struct body { int n, cap; int *id; int buf[MAXBODY]; } body;

static void body_init(body *b) { b->n = 0; b->cap = MAXBODY; b->id = b->buf; }
static void body_free(gn_game *g, body *b) { gn__room_free(g, b->buf, b->id, b->cap, sizeof *b->id); }

static int has(const body *b, int u) {
  for (int i = 0; i < b->n; i++) if (b->id[i] == u) return 1;
  return 0;
}

/* Adds u to the body. Out of memory, u is left out and the game notes it
** (gn__room): the order fails. */
static void put(gn_game *g, body *b, int u) {
  if (has(b, u)) return;
  if (b->n == b->cap) {
    int cap = b->cap * 2;
    int *id = gn__room(g, NULL, 0, &cap, sizeof *id);
    if (!id) return;
    memcpy(id, b->id, (size_t)b->n * sizeof *id);
    body_free(g, b);
    b->id = id;
    b->cap = cap;
  }
  b->id[b->n++] = u;
}

/* A stand that takes part in melee: on the table, not a leader. */
static int fighter(const gn_game *g, int u) {
  return gn__vb_alive(g, u) && !gn__vb_is_leader(gn__vb_type(g, u));
}

/*
** The two bodies of a melee.
**   1) the attacker and the defender
**   2) repeat until nothing changes: every stand of the defender's side in a
**      town block one of the defenders holds (ref. VB-34); every stand of
**      either side touching a stand of the other body
*/
static void bodies(gn_game *g, int attacker, int defender, body *a, body *d) {
  put(g, a, attacker);                                                 /* 1) */
  put(g, d, defender);
  for (int changed = 1; changed;) {                                    /* 2) */
    int before = a->n + d->n;
    for (int i = 0; i < d->n; i++) {
      int town = gn__vb_town_of(g, d->id[i]);
      if (town < 0) continue;
      for (int u = 0; u < g->st.nunits; u++)
        if (fighter(g, u) && g->sc->unit[u].side == g->sc->unit[defender].side && gn__vb_town_of(g, u) == town)
          put(g, d, u);
    }
    for (int pass = 0; pass < 2; pass++) {
      body *from = pass ? a : d, *to = pass ? d : a;
      int side = g->sc->unit[pass ? defender : attacker].side;
      for (int i = 0; i < from->n; i++) {
        int buf[MAXNEAR], *near, n = gn__units_near_all(g, from->id[i], GN_CONTACT_EPS, buf, MAXNEAR, &near);
        for (int k = 0; k < n; k++)
          if (fighter(g, near[k]) && g->sc->unit[near[k]].side == side) put(g, to, near[k]);
        gn__room_free(g, buf, near, n, sizeof *near);
      }
    }
    changed = a->n + d->n != before;
  }
}

/* Skirmishers that may hold ground: infantry skirmishers in a village, town
** or works (ref. VB-12). */
static int holds_cover(gn_game *g, int u) {
  return gn__vb_is_inf_skirmisher(g, u) &&
         (gn__vb_in_terrain(g, u, VB_TR_VILLAGE) || gn__vb_town_of(g, u) >= 0 ||
          gn__vb_in_terrain(g, u, VB_TR_WORKS));
}

/* ref. VB-39: artillery with a formed (not skirmisher), non-disordered
** infantry stand of its side "touching the back of its base": any contact
** with the rear edge counts, however little of it, by a stand that lies in
** the gun's rear arc (a stand beside the gun touching only its rear corner is
** at its flank, not its back). */
static int supported(gn_game *g, int art) {
  gn_box ab = g->st.u[art].box, rear = ab;
  rear.c.x -= cos(ab.facing) * ab.d / 2;      /* the rear edge, as a base of no depth */
  rear.c.y -= sin(ab.facing) * ab.d / 2;
  rear.d = 0;
  int buf[MAXNEAR], *near, n = gn__units_near_all(g, art, GN_CONTACT_EPS, buf, MAXNEAR, &near), yes = 0;
  for (int k = 0; k < n && !yes; k++) {
    int u = near[k], t = gn__vb_type(g, u);
    if (g->sc->unit[u].side != g->sc->unit[art].side || !gn__vb_alive(g, u)) continue;
    if (t != VB_T_INF_BRIGADE && t != VB_T_INF_REGIMENT) continue;
    if (vb_u(g, u)->disorder || vb_u(g, u)->routed) continue;
    gn_box b = g->st.u[u].box;
    if (gn_box_distance(rear, b) <= GN_CONTACT_EPS && gn_box_arc(ab, b.c) == GN_ARC_REAR) yes = 1;
  }
  gn__room_free(g, buf, near, n, sizeof *near);
  return yes;
}

int gn__vb_stand_dice(const gn_game *g, int u, int *by_sp) {
  const vb_combat *c = gn__vb_combat(g);
  const gn__ustate *st = &g->st.u[u];
  int t = gn__vb_type(g, u), in_town = gn__vb_town_of(g, u) >= 0;
  if (by_sp) *by_sp = 0;
  if (st->vb.routed) return 0;
  if (in_town && !st->vb.march && (gn__vb_is_cavalry(t) || gn__vb_is_artillery(t))) return 0;
  if (t == VB_T_SKIRMISHER) return c->mdice_skirm;
  if (gn__vb_is_artillery(t)) return gn__vb_battery(g, u, NULL) ? c->mdice_battery : c->mdice_art;
  if (by_sp) *by_sp = 1;
  return st->strength < c->mdice_max ? st->strength : c->mdice_max;
}

/* Step 1 of a side of the melee: stand u's melee dice (ref. VB-B11), added to
** s's dice, battalion-gun dice (ref. VB-22) or cavalry dice. */
static void stand_mdice(gn_game *g, int u, vb_melee_side *s) {
  const gn__ustate *st = &g->st.u[u];
  int t = gn__vb_type(g, u), n = gn__vb_stand_dice(g, u, NULL);
  if (gn__vb_cav_stand(g, u)) s->cav_dice += n;
  else if (n > 0 && st->vb.batguns && (t == VB_T_INF_BRIGADE || t == VB_T_INF_REGIMENT)) {
    s->gun_dice += 1;
    s->dice += n - 1;
  } else s->dice += n;
}

/* Step 3 of a side of the melee: stand u's morale with its modifiers now
** (ref. VB-38). */
static int modified_morale(gn_game *g, int u) {
  vb_morale_sit ms;
  gn__vb_morale_situation(g, u, &ms);
  return vb_u(g, u)->morale + gn__vb_morale_mods(g, &ms, NULL);
}

/*
** One body as a side of the melee resolution.
**   1) dice per stand (ref. VB-B11): brigades, regiments and cavalry their SP
**      up to melee.dice.max; skirmishers, batteries, artillery battalions their
**      fixed dice; routed stands none; cavalry and artillery in a town none
**      (ref. VB-15); infantry battalion guns make one die a light gun die
**      (ref. VB-22, close range VB-21); cavalry battalion guns add nothing
**      (ref. VB-23); a skirmisher's gun hits as melee dice do (ref. VB-28)
**   2) the sunken-road save against cavalry, when every stand of the body is
**      in one (ref. VB-30); woods give no save in melee (ref. VB-36)
**   3) the highest modified morale (ref. VB-38)
**   4) the tie-break table: grenadiers, stationary infantry meleed by
**      cavalry (defender only), supported artillery (ref. VB-38, VB-39)
**   5) skirmishers out of cover cannot hold (ref. VB-12; defender only)
*/
static void side_of(gn_game *g, const body *b, const body *foe, int defending, vb_melee_side *s) {
  const vb_combat *c = gn__vb_combat(g);
  int all_sunken = b->n > 0, gren = 0, statinf = 0, supp = 0, foe_cav = 0, skirm_only = b->n > 0;
  memset(s, 0, sizeof *s);
  s->hit = c->mhit;
  s->gun_hit = c->hit_light_close;
  s->morale = -1000;
  for (int i = 0; i < foe->n; i++) if (gn__vb_cav_stand(g, foe->id[i])) foe_cav = 1;
  for (int i = 0; i < b->n; i++) {
    int u = b->id[i], t = gn__vb_type(g, u);
    const gn__ustate *st = &g->st.u[u];
    if (!gn__vb_in_terrain(g, u, VB_TR_SUNKEN_ROAD)) all_sunken = 0;
    if (!(gn__vb_type(g, u) == VB_T_SKIRMISHER && !holds_cover(g, u))) skirm_only = 0;
    stand_mdice(g, u, s);                                                     /* 1) */
    int mm = modified_morale(g, u);                                           /* 3) */
    if (mm > s->morale) s->morale = mm;
    /* 4) */
    if (st->vb.grenadiers) gren = 1;
    if (defending && foe_cav && st->vb.stationary && gn__vb_infantry(g, u)) statinf = 1;
    if (gn__vb_is_artillery(t) && supported(g, u)) supp = 1;
  }
  if (s->morale == -1000) s->morale = 0;
  if (all_sunken) s->save_vs_cav = c->msave_sunken_cav;                      /* 2) */
  if (gren) gn__vb_mod(&s->tie, "grenadiers", c->tie_gren, "VB-38");
  if (statinf) gn__vb_mod(&s->tie, "stationary infantry vs cavalry", c->tie_stat_cav, "VB-38");
  if (supp) gn__vb_mod(&s->tie, "supported artillery", c->tie_supported, "VB-39");
  s->cannot_hold = defending && skirm_only && c->skirm_cannot_hold;         /* 5) */
}

/*
** The tie roll (ref. VB-37, VB-38): no automatic tie-breaker.
**   1) each side rolls 1d6 (the attacker first) and adds its highest modified
**      morale and its tie-break modifiers
**   2) the higher total wins; equal totals roll again. Under the enumerate
**      dice source the roll and its re-rolls are one chance point of two
**      branches, who wins, weighted by the pairs of dice whose totals differ
**      each way: the same distribution as rolling until they differ, in two
**      branches instead of 36 faces and a re-roll (a representative pair of
**      each way is logged); nothing after the tie reads the faces.
*/
int gn__vb_tie_roll(gn_game *g, int unit, int target, const vb_melee_side s[2], int *winner) {
  int base[2], roll[2], rc;
  for (int k = 0; k < 2; k++) base[k] = s[k].morale + s[k].tie.total;
  for (int tries = 0;; tries++) {
    if (gn__enumerating(g)) {                                                        /* 2) */
      uint64_t w[2] = {0, 0};   /* pairs of dice whose totals differ: the attacker's higher, lower */
      int pa[2] = {0, 0}, pb[2] = {0, 0}, ch;
      for (int a = 1; a <= 6; a++)
        for (int b = 1; b <= 6; b++) {
          if (a + base[0] == b + base[1]) continue;
          int k = a + base[0] > b + base[1] ? 0 : 1;
          if (!w[k]++) { pa[k] = a; pb[k] = b; }
        }
      if ((rc = gn__enum_choose(g, 2, w, w[0] + w[1], &ch))) return rc;
      roll[0] = pa[ch];
      roll[1] = pb[ch];
    } else {                                                                         /* 1) */
      if (tries >= 1000) return gn__error(g, GN_ELIMIT, "melee tie: 1000 equal rolls");
      for (int k = 0; k < 2; k++) {   /* each side may know its own total's base: morale is hidden */
        int who = k ? target : unit;
        gn__chance_say(g, who >= 0 ? 1u << g->sc->unit[who].side : ~0u,
                       "the higher total wins: this d6 + %d (highest modified morale %d, modifiers %+d; ref. VB-38)",
                       base[k], s[k].morale, s[k].tie.total);
        if ((rc = gn__roll(g, "1d6", k ? "melee tie, defender" : "melee tie, attacker", "VB-38", who,
                           &roll[k], NULL)))
          return rc;
      }
    }
    int t0 = roll[0] + base[0], t1 = roll[1] + base[1];
    for (int k = 0; k < 2; k++) {
      int who = k ? target : unit;
      gn_event *e = gn__event(g, "tie", "VB-38", who, k ? unit : target,
                              "melee tie, %s: %d + morale %d + %d = %d", k ? "defender" : "attacker",
                              roll[k], s[k].morale, s[k].tie.total, k ? t1 : t0);
      if (!e) return GN_ENOMEM;
      if (who >= 0) gn__event_hide(e, 1u << g->sc->unit[who].side);   /* morale is hidden */
      gn__event_mod(e, "highest modified morale", s[k].morale, "VB-38");
      gn__vb_mods_put(e, &s[k].tie);
    }
    if (t0 != t1) { *winner = t0 > t1 ? 0 : 1; return 0; }
    if (!gn__event(g, "tie", "VB-37", unit, target, "equal totals: roll again")) return GN_ENOMEM;
  }
}

/*
** Resolve a melee between two sides (ref. VB-B11).
**   1) each side rolls its dice: hits on melee.hit, battalion-gun dice on
**      their close-range number (ref. VB-22), cavalry dice apart
**   2) hits of cavalry may be saved (sunken road, ref. VB-30)
**   3) more casualties loses; skirmishers that cannot hold lose (ref. VB-12);
**      equal casualties: the tie roll (ref. VB-37, VB-38)
**   4) log a "melee" event
** Under the odds engine 1) and 2) are one chance point per side over the
** casualties it inflicts (a cavalry die inflicts one when it hits and is not
** saved); when the caller reads only the winner (lost NULL), one chance point
** over which side inflicts more (their two distributions compared).
*/
/* Steps 1 and 2 of a melee under the odds engine: the hits each side
** inflicts (saves taken off), or when only the winner is read (want_lost 0)
** a representative pair saying which side inflicts more. Fails with the
** odds engine's error. */
static int enum_hits(gn_game *g, const vb_melee_side s[2], int want_lost, int hits[2]) {
  int ng[2] = {3, 3}, n[2][3], rc;
  uint64_t a[2][3], t[2] = {36, 36};
  for (int k = 0; k < 2; k++) {
    int sv = s[1 - k].save_vs_cav;
    n[k][0] = s[k].dice; a[k][0] = 6 * gn__vb_d6_at_least(s[k].hit);
    n[k][1] = s[k].gun_dice; a[k][1] = 6 * gn__vb_d6_at_least(s[k].gun_hit);
    n[k][2] = s[k].cav_dice;
    a[k][2] = gn__vb_d6_at_least(s[k].hit) * (sv > 0 ? 6 - gn__vb_d6_at_least(sv) : 6);
  }
  if (!want_lost && s[1].cannot_hold) {
    hits[0] = hits[1] = 0;
  } else if (!want_lost) {
    const int *np[2] = {n[0], n[1]};
    const uint64_t *ap[2] = {a[0], a[1]};
    int cmp;
    if ((rc = gn__enum_compare(g, ng, np, ap, t, &cmp))) return rc;
    hits[0] = cmp > 0; hits[1] = cmp < 0;   /* a representative pair */
  } else {
    for (int k = 0; k < 2; k++)
      if ((rc = gn__enum_successes(g, ng[k], n[k], a[k], t[k], &hits[k]))) return rc;
  }
  return 0;
}

/* Steps 1 and 2 of a melee with dice: side k's hits, and of its cavalry's
** hits those the foe saves in a sunken road (ref. VB-30). Fails with the
** dice source's error. */
static int roll_hits(gn_game *g, int unit, int target, const vb_melee_side s[2], int k,
                     int *hits, int *saved) {
  static const char *const who[2] = {"attacker", "defender"};
  char purpose[96];
  int u = k ? target : unit, h, cav, rc;
  snprintf(purpose, sizeof purpose, "melee, %s %s", who[k], u >= 0 ? gn__vb_uname(g, u) : "");
  if ((rc = gn__vb_count(g, s[k].dice, s[k].hit, purpose, "VB-B11", u, &h))) return rc;
  *hits += h;
  if ((rc = gn__vb_count(g, s[k].gun_dice, s[k].gun_hit, purpose, "VB-22", u, &h))) return rc;
  *hits += h;
  if ((rc = gn__vb_count(g, s[k].cav_dice, s[k].hit, purpose, "VB-B11", u, &cav))) return rc;
  *hits += cav;
  if (cav > 0 && s[1 - k].save_vs_cav > 0)                                  /* 2) */
    return gn__vb_count(g, cav, s[1 - k].save_vs_cav, "sunken road save against cavalry", "VB-30",
                        k ? unit : target, saved);
  return 0;
}

int gn__vb_melee_roll(gn_game *g, int unit, int target, const vb_melee_side s[2],
                      int *winner, int lostp[2]) {
  int hits[2] = {0, 0}, saved[2] = {0, 0}, rc, lostv[2], *lost = lostp ? lostp : lostv;
  static const char *const who[2] = {"attacker", "defender"};
  if (gn__enumerating(g)) {                                                 /* 1), 2) */
    if ((rc = enum_hits(g, s, lostp != NULL, hits))) return rc;
  } else {
    for (int k = 0; k < 2; k++)
      if ((rc = roll_hits(g, unit, target, s, k, &hits[k], &saved[k]))) return rc;
  }
  lost[1] = hits[0] - saved[0];
  lost[0] = hits[1] - saved[1];
  int tie = 0;                                                              /* 3) */
  if (s[1].cannot_hold) *winner = 0;
  else if (lost[0] != lost[1]) *winner = lost[0] > lost[1] ? 1 : 0;
  else tie = 1;
  gn_event *e = gn__event(g, "melee", "VB-B11", unit, target,
                          "melee: attacker loses %d SP, defender %d SP%s", lost[0], lost[1],
                          s[1].cannot_hold ? " (skirmishers out of cover cannot hold)" : tie ? ": a tie" : "");
  if (!e) return GN_ENOMEM;                                                 /* 4) */
  gn__event_mod(e, "attacker dice", s[0].dice + s[0].gun_dice + s[0].cav_dice, "VB-B11");
  gn__event_mod(e, "defender dice", s[1].dice + s[1].gun_dice + s[1].cav_dice, "VB-B11");
  if (s[0].save_vs_cav || s[1].save_vs_cav)
    gn__event_mod(e, "sunken road save", s[0].save_vs_cav ? s[0].save_vs_cav : s[1].save_vs_cav, "VB-30");
  if (tie && (rc = gn__vb_tie_roll(g, unit, target, s, winner))) return rc;
  if (!gn__event(g, "melee", tie ? "VB-37" : "VB-B11", unit, target, "the %s wins the melee", who[*winner]))
    return GN_ENOMEM;
  return 0;
}

static gn_vec2 centre(const gn_game *g, const body *b);

/* Deal n SP of losses to a body, each to the stand with the most SP left
** (ties: the first in the body); artillery lost in melee is wiped 2, a stand
** that loses its last SP with no way to retreat from the enemy body foe is
** wiped out surrounded, 1 (ref. VB-56). */
static void casualties(gn_game *g, const body *b, int n, const body *foe) {
  int lbuf[2 * MAXBODY], nb = 2 * b->n, *left = gn__room(g, lbuf, 2 * MAXBODY, &nb, sizeof *left);
  int *take = left + nb / 2, m = nb / 2;
  for (int i = 0; i < m; i++) { left[i] = g->st.u[b->id[i]].strength; take[i] = 0; }
  for (; n > 0; n--) {
    int best = -1;
    for (int i = 0; i < m; i++) if (left[i] > 0 && (best < 0 || left[i] > left[best])) best = i;
    if (best < 0) break;
    left[best]--;
    take[best]++;
  }
  gn_vec2 away = centre(g, foe);
  for (int i = 0; i < m; i++) {
    if (take[i] <= 0) continue;
    int u = b->id[i], wiped = 0;
    if (gn__vb_is_artillery(gn__vb_type(g, u))) wiped = 2;
    else if (left[i] == 0 && gn__vb_surrounded(g, u, away)) wiped = 1;
    gn__vb_lose_sp(g, u, take[i], wiped, "VB-B11", wiped == 1 ? "melee, surrounded" : "melee");
  }
  gn__room_free(g, lbuf, left, nb, sizeof *left);
}

static gn_vec2 centre(const gn_game *g, const body *b) {
  gn_vec2 p = {0, 0};
  int n = 0;
  for (int i = 0; i < b->n; i++) {
    if (!gn__vb_alive(g, b->id[i])) continue;
    p.x += g->st.u[b->id[i]].box.c.x;
    p.y += g->st.u[b->id[i]].box.c.y;
    n++;
  }
  if (n) { p.x /= n; p.y /= n; }
  return p;
}

/*
** The losing body (ref. VB-35, VB-40, VB-B11).
**   1) artillery that loses a melee is eliminated (ref. VB-40), wiped 2
**   2) the others, the farthest from the winners first: a stand in good order
**      is disordered and retreats melee.loser.move of its move (the attacker
**      "driven back in disorder"); a stand already disordered routs
**      (ref. VB-B9)
**   3) ref. VB-35 [interpretation] defenders "ejected from the town": with
**      melee.town.eject_clear 1 a defender of a town block retreats at least
**      until its base is clear of the block, not only the ordinary half move
**      (or a router's full move) that a large block could hold; 0: the
**      ordinary retreat or rout.
*/
static int losers(gn_game *g, const body *lose, const body *win, int defenders) {
  const vb_combat *c = gn__vb_combat(g);
  gn_vec2 from = centre(g, win);
  int obuf[MAXBODY], no = lose->n, *order = gn__room(g, obuf, MAXBODY, &no, sizeof *order), n = 0, rc = 0;
  for (int i = 0; i < no; i++) {
    int u = lose->id[i];
    if (!gn__vb_alive(g, u)) continue;
    if (gn__vb_is_artillery(gn__vb_type(g, u))) {                                   /* 1) */
      gn__event(g, "eliminated", "VB-40", u, -1, "%s loses the melee: artillery is eliminated", gn__vb_uname(g, u));
      gn__vb_lose_sp(g, u, g->st.u[u].strength, 2, "VB-40", "artillery loses a melee");
      continue;
    }
    order[n++] = u;
  }
  for (int i = 1; i < n; i++)                                                       /* 2) */
    for (int j = i; j > 0; j--) {
      gn_vec2 a = g->st.u[order[j - 1]].box.c, b = g->st.u[order[j]].box.c;
      double da = hypot(a.x - from.x, a.y - from.y), db = hypot(b.x - from.x, b.y - from.y);
      if (db > da) { int t = order[j]; order[j] = order[j - 1]; order[j - 1] = t; }
    }
  for (int i = 0; i < n && !rc; i++) {
    int u = order[i];
    if (!gn__vb_alive(g, u)) continue;
    int town = defenders && c->eject_clear ? gn__vb_town_of(g, u) : -1;            /* 3) */
    if (vb_u(g, u)->disorder || vb_u(g, u)->routed) {
      rc = gn__vb_rout_from(g, u, from, "VB-B11", town);
    } else {
      gn__vb_disorder(g, u, 1, "VB-35", "lost the melee");
      if (c->loser_move > 0 || town >= 0) rc = gn__vb_retreat_from(g, u, from, 0, town);
    }
  }
  gn__room_free(g, obuf, order, no, sizeof *order);
  return rc;
}

/* Under the odds engine a melee met before any chance point of the run sees
** the same state in every run of the walk (gn__enum_fixed): its bodies and
** sides are worked out once per walk and kept (gn__enum_memo: a cache). */
typedef struct melee_kept { int attacker, defender, n[2]; vb_melee_side s[2]; } melee_kept;

static void kept_key(int attacker, int defender, uint64_t seq, uint64_t key[4]) {
  key[0] = 0x76626d656c656500ull;   /* "vbmelee" */
  key[1] = seq;
  key[2] = (uint64_t)(unsigned)attacker;
  key[3] = (uint64_t)(unsigned)defender;
}

/* 1 with the bodies and sides the walk kept for this melee. */
static int sides_kept(gn_game *g, int attacker, int defender, uint64_t seq, body b[2], vb_melee_side s[2]) {
  uint64_t key[4];
  size_t size = 0;
  kept_key(attacker, defender, seq, key);
  const melee_kept *m = gn__enum_memo_get(g, key, &size);
  if (!m || size < sizeof *m || m->attacker != attacker || m->defender != defender ||
      size != sizeof *m + (size_t)(m->n[0] + m->n[1]) * sizeof(int))
    return 0;
  const int *id = (const int *)(m + 1);
  for (int k = 0; k < 2; k++)
    for (int i = 0; i < m->n[k]; i++) put(g, &b[k], *id++);
  s[0] = m->s[0];
  s[1] = m->s[1];
  return 1;
}

/* Keeps the bodies and sides for the rest of the walk; out of memory, not. */
static void sides_keep(gn_game *g, int attacker, int defender, uint64_t seq, const body b[2],
                       const vb_melee_side s[2]) {
  uint64_t key[4];
  size_t size = sizeof(melee_kept) + (size_t)(b[0].n + b[1].n) * sizeof(int);
  melee_kept *m = gn__malloc(g, size);
  if (!m) return;
  memset(m, 0, sizeof *m);
  m->attacker = attacker; m->defender = defender;
  m->n[0] = b[0].n; m->n[1] = b[1].n;
  m->s[0] = s[0]; m->s[1] = s[1];
  memcpy(m + 1, b[0].id, (size_t)b[0].n * sizeof(int));
  memcpy((int *)(m + 1) + b[0].n, b[1].id, (size_t)b[1].n * sizeof(int));
  kept_key(attacker, defender, seq, key);
  (void)gn__enum_memo_put(g, key, m, size);   /* a cache */
  gn__free(g, m, size);
}

/*
** A melee between attacker and defender, who touch.
**   1) the two bodies (contact, town blocks: ref. VB-34)
**   2) each body as a side: dice, saves, morale, tie-break table
**   3) the resolution (dice, tie)
**   4) each body loses its SP; a leader beside a body that lost may fall
**   5) every stand of both bodies has fought this phase
**   6) the loser: eliminated, driven back, ejected or routed (ref. VB-35, VB-40)
*/
int gn__vb_melee(gn_game *g, int attacker, int defender, int *winner) {
  body b[2];
  vb_melee_side s[2];
  int w, lost[2], rc;
  uint64_t seq;
  int fixed = gn__enum_fixed(g, &seq);
  body_init(&b[0]);
  body_init(&b[1]);
  if (!fixed || !sides_kept(g, attacker, defender, seq, b, s)) {
    bodies(g, attacker, defender, &b[0], &b[1]);                                      /* 1) */
    side_of(g, &b[0], &b[1], 0, &s[0]);                                               /* 2) */
    side_of(g, &b[1], &b[0], 1, &s[1]);
    if (fixed) sides_keep(g, attacker, defender, seq, b, s);
  }
  gn__event(g, "melee", "VB-B11", attacker, defender, "%s (%d stand%s) meleed %s (%d stand%s)",
            gn__vb_uname(g, attacker), b[0].n, b[0].n == 1 ? "" : "s",
            gn__vb_uname(g, defender), b[1].n, b[1].n == 1 ? "" : "s");
  if ((rc = gn__vb_melee_roll(g, attacker, defender, s, &w, lost))) goto done;       /* 3) */
  casualties(g, &b[0], lost[0], &b[1]);                                               /* 4) */
  casualties(g, &b[1], lost[1], &b[0]);
  for (int k = 0; k < 2; k++)   /* a leader beside a body that lost may fall, ref. VB-LDR */
    if (lost[k] > 0 && (rc = gn__vb_leader_risk(g, b[k].id, b[k].n))) goto done;
  for (int k = 0; k < 2; k++)                                                         /* 5) */
    for (int i = 0; i < b[k].n; i++) vb_uw(g, b[k].id[i])->meleed = 1;
  if ((rc = losers(g, &b[1 - w], &b[w], w == 0))) goto done;                          /* 6) */
  if (winner) *winner = w;
done:
  body_free(g, &b[0]);
  body_free(g, &b[1]);
  return rc;
}

/* The stand u would melee: an enemy stand that has not fought this phase.
** 0 when allowed. */
static int may_target(gn_game *g, int u, int e) {
  if (e < 0 || e >= g->st.nunits || !fighter(g, e)) return gn__refuse(g, "VB-B11", "no enemy stand to melee");
  if (g->sc->unit[e].side == g->sc->unit[u].side) return gn__refuse(g, "VB-B11", "%s is a friend", gn__vb_uname(g, e));
  if (vb_u(g, e)->meleed) return gn__refuse(g, "VB-B11", "%s has already fought this phase", gn__vb_uname(g, e));
  return 0;
}

/* Refusals common to `charge` and the end-of-phase melees; 0 when allowed. */
static int may_attack(gn_game *g, int u, int e) {
  int rc;
  if (!fighter(g, u)) return gn__refuse(g, "VB-B11", "%s cannot fight", gn__vb_uname(g, u));
  if (vb_u(g, u)->routed) return gn__refuse(g, "VB-B9", "%s is routed", gn__vb_uname(g, u));
  if (gn__vb_exhausted(g, u))
    return gn__refuse(g, "VB-B12", "%s belongs to an exhausted division and may not start a melee", gn__vb_uname(g, u));
  if (vb_u(g, u)->meleed || vb_u(g, u)->fired)
    return gn__refuse(g, "VB-B11", "%s has already fired or fought this phase", gn__vb_uname(g, u));
  if ((rc = may_target(g, u, e))) return rc;
  if (!gn_box_contact(g->st.u[u].box, g->st.u[e].box) && gn_box_distance(g->st.u[u].box, g->st.u[e].box) > GN_CONTACT_EPS)
    return gn__refuse(g, "VB-B11", "%s does not touch %s: move into contact first", gn__vb_uname(g, u),
                      gn__vb_uname(g, e));
  return 0;
}

/* A charging stand stops this short of the target before the last step into
** contact (table units): a tolerance of the geometry, not a rule. */
#define GAP 1e-3

/* Where a charge's ordinary move ends: just short of contact (GAP). */
static double stop(double lo) { return lo > GAP ? lo - GAP : 0; }

/*
** The movement-phase charge: UNIT moves straight into contact with TARGET; a
** breakthrough (`through`) moves the same way in the combat phase (ref. VB-B17).
**   1) the target: an enemy stand on the table, not yet touching the charger
**   2) the charger turns to face the target's centre and slides along that
**      line until its base touches the target's (exact sweep)
**   3) the move up to just short of contact is an ordinary `move`: every
**      movement rule applies there (phase, allowance, terrain, command and
**      exhaustion limits on closing; ref. VB-B3, VB-B4, VB-B12); a
**      breakthrough's is gn__vb_move_breakthrough, the same rules in the
**      combat phase
**   4) the last step into contact; it may not end on another stand
** The melee of a charge is fought in the combat phase (gn__vb_phase_combat),
** a breakthrough's at once (the caller's).
*/
static int charge_move(gn_game *g, int unit, int target, int through) {
  gn_box ub = g->st.u[unit].box, tb;
  int rc;
  /* 1) */
  if (target < 0 || target >= g->st.nunits || !fighter(g, target))
    return gn__refuse(g, "VB-B11", "no enemy stand to charge");
  if (g->sc->unit[target].side == g->sc->unit[unit].side)
    return gn__refuse(g, "VB-B11", "%s is a friend", gn__vb_uname(g, target));
  if (gn__vb_is_leader(gn__vb_type(g, unit))) return gn__refuse(g, "VB-B11", "leaders do not charge");
  tb = g->st.u[target].box;
  if (gn_box_distance(ub, tb) <= GN_CONTACT_EPS)
    return gn__refuse(g, "VB-B11", "%s already touches %s: the melee comes in the combat phase",
                      gn__vb_uname(g, unit), gn__vb_uname(g, target));
  /* 2) */
  gn_vec2 u = {tb.c.x - ub.c.x, tb.c.y - ub.c.y};
  double len = hypot(u.x, u.y), lo, hi;
  u.x /= len;
  u.y /= len;
  gn_box turned = ub;
  turned.facing = atan2(u.y, u.x);
  if (turned.facing < 0) turned.facing += 2 * 3.14159265358979323846;
  if (!gn__vb_sweep(turned, u, tb, 0, &lo, &hi) || hi < 0)
    return gn__refuse(g, "VB-B11", "%s cannot reach %s", gn__vb_uname(g, unit), gn__vb_uname(g, target));
  if (lo < 0) lo = 0;
  /* 3) */
  gn_vec2 to = {ub.c.x + u.x * stop(lo), ub.c.y + u.y * stop(lo)};
  rc = through ? gn__vb_move_breakthrough(g, unit, to, 1, turned.facing) : gn__vb_move_to(g, unit, to, 1, turned.facing);
  if (rc) return rc;
  /* 4) */
  turned.c.x = ub.c.x + u.x * lo;
  turned.c.y = ub.c.y + u.y * lo;
  for (int o = 0; o < g->st.nunits; o++)
    if (o != unit && o != target && fighter(g, o) && gn_box_overlap(turned, g->st.u[o].box))
      return gn__refuse(g, "VB-B4", "%s would end on top of %s", gn__vb_uname(g, unit), gn__vb_uname(g, o));
  gn__unit_place(g, unit, turned);
  if (!gn__event(g, through ? "breakthrough" : "charge", through ? "VB-B17" : "VB-B11", unit, target,
                 "%s %s into contact with %s, at %.2f,%.2f facing %.1f", gn__vb_uname(g, unit),
                 through ? "breaks through" : "charges", gn__vb_uname(g, target), turned.c.x, turned.c.y,
                 gn__compass(turned.facing)))
    return GN_ENOMEM;
  return 0;
}

/*
** After a combat-phase `charge` of unit at target (ref. VB-B17): may the
** winner break through?
**   1) the attacker won, and it is a cavalry stand (not a cavalry
**      skirmisher) still on the table, not routed
**   2) the stand it attacked routed or was destroyed (the melee's result is
**      the melee morale test here)
**   3) a disordered winner only when melee.breakthrough.disordered is 1;
**      and only with some move left from its movement phase
**   4) mark it VB_MEL_BREAK (cleared when the phase ends) and say so
** Fails only with GN_ENOMEM.
*/
static int mark_breakthrough(gn_game *g, int unit, int target, int winner) {
  gn__ustate *s = gn__uw(g, unit);
  if (winner != 0 || !gn__vb_is_cavalry(gn__vb_type(g, unit)) || !gn__vb_alive(g, unit) ||     /* 1) */
      s->vb.routed)
    return 0;
  int destroyed = !gn__vb_alive(g, target);                                                     /* 2) */
  if (!destroyed && !vb_u(g, target)->routed) return 0;
  if (s->vb.disorder && !gn__vb_combat(g)->bt_disordered) return 0;                            /* 3) */
  if (gn__vb_move_left(g, unit) <= 0) return 0;
  s->vb.meleed = VB_MEL_BREAK;                                                                  /* 4) */
  if (!gn__event(g, "breakthrough", "VB-B17", unit, target, "%s may break through: %s %s; %.2f %s of move left",
                 gn__vb_uname(g, unit), gn__vb_uname(g, target), destroyed ? "is destroyed" : "routs",
                 gn__vb_move_left(g, unit), gn__vb_unit_word(g)))
    return GN_ENOMEM;
  return 0;
}

/* `charge UNIT at TARGET`: in the movement phase the move into contact; in
** the combat phase (UNIT touching TARGET) the melee at once, after which
** winning cavalry may break through (ref. VB-B17). */
int gn__vb_order_charge(gn_game *g, const gn__args *a) {
  int unit, target, rc, tok = 2;
  if (a->n < 3) return gn__syntax(g, a, a->n, "expected: charge UNIT at TARGET");
  if ((rc = gn__arg_unit(g, a, 1, &unit))) return rc;
  if (gn__arg_is(a, 2, "at")) tok = 3;
  if (a->n != tok + 1) return gn__syntax(g, a, a->n > tok + 1 ? tok + 1 : a->n, "expected: charge UNIT at TARGET");
  if ((rc = gn__arg_unit(g, a, tok, &target))) return rc;
  if (g->st.phase == VB_PH_MOVE) return charge_move(g, unit, target, 0);
  if (g->st.phase != VB_PH_COMBAT)
    return gn__refuse(g, "VB-B1", "charge in the movement phase (into contact) or the combat phase (melee)");
  if (g->sc->unit[unit].side != g->st.active)
    return gn__refuse(g, "VB-B1", "%s does not belong to the side whose turn it is", gn__vb_uname(g, unit));
  if ((rc = may_attack(g, unit, target))) return rc;
  int w;
  if ((rc = gn__vb_melee(g, unit, target, &w))) return rc;
  return mark_breakthrough(g, unit, target, w);
}

/*
** May unit break through now (ref. VB-B17)? 0 when it may.
**   1) the side's combat phase
**   2) cavalry only
**   3) once per stand per phase
**   4) not disordered, unless melee.breakthrough.disordered
**   5) it has some move left from its movement phase
**   6) it won a combat-phase charge whose target routed or was destroyed
*/
static int may_break(gn_game *g, int unit) {
  const gn__ustate *s = &g->st.u[unit];
  const char *name = gn__vb_uname(g, unit);
  int rc;
  if ((rc = gn__vb_need_phase(g, unit, VB_PH_COMBAT, "VB-B17", "a breakthrough"))) return rc;     /* 1) */
  if (!gn__vb_is_cavalry(gn__vb_type(g, unit)))                                                  /* 2) */
    return gn__refuse(g, "VB-B17", "%s is not cavalry: only cavalry breaks through", name);
  if (s->vb.meleed == VB_MEL_BROKE)                                                              /* 3) */
    return gn__refuse(g, "VB-B17", "%s has already broken through this phase", name);
  if (s->vb.disorder && !gn__vb_combat(g)->bt_disordered)                                        /* 4) */
    return gn__refuse(g, "VB-B17", "%s is disordered: disordered cavalry does not break through", name);
  if (gn__vb_move_left(g, unit) <= 0)                                                            /* 5) */
    return gn__refuse(g, "VB-B17", "%s has no move left: it used all of it in its movement phase", name);
  if (s->vb.meleed != VB_MEL_BREAK || !gn__vb_alive(g, unit) || s->vb.routed)                     /* 6) */
    return gn__refuse(g, "VB-B17", "%s has won no charge this phase whose target routed or was destroyed", name);
  return 0;
}

/*
** `breakthrough UNIT at TARGET` or `breakthrough UNIT to X,Y [facing DEG]`
** (ref. VB-B17).
**   1) parse
**   2) the stand may break through (may_break)
**   3) `to`: the move, every movement rule applied (no contact: that is a
**      charge); the stand has broken through
**   4) `at`: an enemy stand that has not fought this phase; not from an
**      exhausted division (ref. VB-B12); the move into contact as a charge's
**      (none if it touches already); the stand has broken through; the melee
**      at once, which gives no further breakthrough
*/
int gn__vb_order_breakthrough(gn_game *g, const gn__args *a) {
  static const char usage[] = "expected: breakthrough UNIT at TARGET | breakthrough UNIT to X,Y [facing DEG]";
  int unit, target, rc;
  /* 1) */
  if (a->n < 4) return gn__syntax(g, a, a->n, usage);
  if (gn__arg_is(a, 2, "to")) {
    gn_vec2 to;
    int hasf;
    double f = 0;
    if ((rc = gn__vb_move_parse(g, a, &unit, &to, &hasf, &f))) return rc;
    if ((rc = may_break(g, unit))) return rc;                                                     /* 2) */
    if ((rc = gn__vb_move_breakthrough(g, unit, to, hasf, f))) return rc;                         /* 3) */
    vb_uw(g, unit)->meleed = VB_MEL_BROKE;
    if (!gn__event(g, "breakthrough", "VB-B17", unit, -1, "%s breaks through without a new melee",
                   gn__vb_uname(g, unit)))
      return GN_ENOMEM;
    return 0;
  }
  if (!gn__arg_is(a, 2, "at")) return gn__syntax(g, a, 2, usage);
  if (a->n != 4) return gn__syntax(g, a, 4, usage);
  if ((rc = gn__arg_unit(g, a, 1, &unit))) return rc;
  if ((rc = gn__arg_unit(g, a, 3, &target))) return rc;
  if ((rc = may_break(g, unit))) return rc;                                                       /* 2) */
  if ((rc = may_target(g, unit, target))) return rc;                                              /* 4) */
  if (gn__vb_exhausted(g, unit))
    return gn__refuse(g, "VB-B12", "%s belongs to an exhausted division and may not start a melee", gn__vb_uname(g, unit));
  if (gn_box_distance(g->st.u[unit].box, g->st.u[target].box) > GN_CONTACT_EPS &&
      (rc = charge_move(g, unit, target, 1)))
    return rc;
  if ((rc = gn__vb_melee(g, unit, target, NULL))) return rc;
  vb_uw(g, unit)->meleed = VB_MEL_BROKE;
  return 0;
}

/* ref. VB-B17, VB-35: the switches of melee.yaml. GN_EDATA. */
int gn__vb_melee_setup(gn_game *g, vb_data *d) {
  vb_combat *c = d->combat;
  int v;
  if (gn__data_int(g, "melee.breakthrough.disordered", &v)) return GN_EDATA;
  if (v < 0 || v > 1) return gn__error(g, GN_EDATA, "melee.breakthrough.disordered: %d is not 0 or 1", v);
  c->bt_disordered = v;
  if (gn__data_int(g, "melee.town.eject_clear", &v)) return GN_EDATA;
  if (v < 0 || v > 1) return gn__error(g, GN_EDATA, "melee.town.eject_clear: %d is not 0 or 1", v);
  c->eject_clear = v;
  return 0;
}

/*
** End of side's combat phase.
**   1) every stand of side still touching an enemy stand fights, in unit
**      order, against the first such enemy (ref. VB-B11); stands that may not
**      start a melee (routed, exhausted division, fired) do not
**   2) the phase's marks are cleared (fired, fought, town faces, rally tries)
*/
int gn__vb_phase_combat(gn_game *g, int side) {
  int rc;
  for (int u = 0; u < g->st.nunits; u++) {                                         /* 1) */
    if (g->sc->unit[u].side != side || !fighter(g, u)) continue;
    const gn__ustate *st = &g->st.u[u];
    if (st->vb.routed || st->vb.meleed || st->vb.fired || gn__vb_exhausted(g, u)) continue;
    int buf[MAXNEAR], *near, n = gn__units_near_all(g, u, GN_CONTACT_EPS, buf, MAXNEAR, &near), e = -1;
    for (int k = 0; k < n; k++) {
      int v = near[k];
      if (g->sc->unit[v].side == side || !fighter(g, v) || vb_u(g, v)->meleed) continue;
      if (e < 0 || v < e) e = v;
    }
    gn__room_free(g, buf, near, n, sizeof *near);
    if (e >= 0 && (rc = gn__vb_melee(g, u, e, NULL))) return rc;
  }
  for (int u = 0; u < g->st.nunits; u++) {                                         /* 2) */
    gn__ustate *st = gn__uw(g, u);
    if (st->vb.meleed == VB_MEL_BREAK && gn__vb_alive(g, u))         /* its own side was told it may */
      gn__vb_own_event(gn__event(g, "breakthrough", "VB-B17", u, -1, "%s may no longer break through",
                                 gn__vb_uname(g, u)),
                       g->sc->unit[u].side);
    st->vb.fired = st->vb.meleed = st->vb.town_fire = st->vb.rally_tried = 0;
  }
  return 0;
}
