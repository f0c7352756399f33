/*
** fire.c: fire combat of Volley & Bayonet.
**
** `fire UNIT at TARGET` in the active side's combat phase. What a stand rolls
** (gn__vb_fire_plan) is pure; rolling it (gn__vb_fire_roll) is the one chance
** path shared with the odds check "fire" (checks.c); gn__vb_fire applies it.
** Each group of dice with the same hit number is one aggregate chance point
** (gn__roll_count), the saves another.
*/
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "vb.h"

const vb_combat *gn__vb_combat(const gn_game *g) { return gn__vb_data(g)->combat; }

const char *gn__vb_uname(const gn_game *g, int unit) {
  if (unit < 0 || !g->sc || unit >= g->sc->nunits) return "?";
  const gn__unit *u = &g->sc->unit[unit];
  return u->code ? u->code : u->id ? u->id : "?";
}

void gn__vb_mod(vb_mods *m, const char *name, int value, const char *ref) {
  m->total += value;
  if (m->n >= VB_MAXMODS) return;
  m->name[m->n] = name;
  m->value[m->n] = value;
  m->ref[m->n] = ref;
  m->n++;
}

void gn__vb_mods_put(gn_event *e, const vb_mods *m) {
  if (!e) return;
  for (int i = 0; i < m->n; i++) gn__event_mod(e, m->name[i], m->value[i], m->ref[i]);
}

int gn__vb_count(gn_game *g, int n, int target, const char *purpose, const char *ref,
                 int unit, int *hits) {
  int total = 0, rc;
  while (n > 0) {
    int k = n > GN_DICE_MAXDICE ? GN_DICE_MAXDICE : n, h = 0;
    if ((rc = gn__roll_count(g, k, 6, target, purpose, ref, unit, &h))) return rc;
    total += h;
    n -= k;
  }
  *hits = total;
  return 0;
}

/* ------------------------------------------------------------ geometry */

/* Index of the feature of `kind` under the stand: the one holding its centre,
** else one holding a corner; -1 none. Cannot fail. */
static int feature_under(const gn_game *g, int unit, int kind) {
  gn_box b = g->st.u[unit].box;
  gn_vec2 c[4];
  gn_box_corners(b, c);
  for (int i = 0; i < g->sc->nterrain; i++)
    if (g->sc->features[i].kind == kind && gn_feature_contains(&g->sc->features[i], b.c)) return i;
  for (int i = 0; i < g->sc->nterrain; i++) {
    if (g->sc->features[i].kind != kind) continue;
    for (int k = 0; k < 4; k++)
      if (gn_feature_contains(&g->sc->features[i], c[k])) return i;
  }
  return -1;
}

int gn__vb_town_of(const gn_game *g, int unit) { return feature_under(g, unit, VB_TR_TOWN); }

/* 1 when the target's centre or a corner lies in the firer's front arc. */
static int in_front_arc(gn_box firer, gn_box target) {
  gn_vec2 c[4];
  gn_box_corners(target, c);
  if (gn_box_arc(firer, target.c) == GN_ARC_FRONT) return 1;
  for (int k = 0; k < 4; k++)
    if (gn_box_arc(firer, c[k]) == GN_ARC_FRONT) return 1;
  return 0;
}

/*
** Line of sight from unit to target, centre to centre (ref. VB-B21, VB-31).
**   1) terrain: features flagged as blocking sight, villages never (VB-31)
**   2) stands: every other stand on the table but leaders
** Returns 1 when visible. Cannot fail (falls back to terrain only when the
** table holds more stands than the buffer).
*/
static int can_see(gn_game *g, int unit, int target) {
  gn_feature feats[256];
  gn_box boxes[512];
  int nf = 0, nb = 0;
  for (int i = 0; i < g->sc->nterrain && nf < 256; i++) {       /* 1) */
    const gn_feature *f = &g->sc->features[i];
    if (f->kind == VB_TR_VILLAGE || !(f->flags & GN_FEAT_BLOCKS_LOS)) continue;  /* ref. VB-31 */
    feats[nf++] = *f;
  }
  for (int i = 0; i < g->st.nunits && nb < 512; i++) {           /* 2) */
    if (i == unit || i == target || !gn__vb_alive(g, i)) continue;
    if (gn__vb_is_leader(gn__vb_type(g, i))) continue;
    boxes[nb++] = g->st.u[i].box;
  }
  gn_los r = gn_los_trace(g->st.u[unit].box.c, g->st.u[target].box.c, feats, nf, boxes, nb, -1, -1);
  return r.visible;
}

/* Face of a town block that the line from p to q leaves through: the edge it
** crosses first; 0 when it crosses none. Cannot fail. */
static int town_face(const gn_feature *f, gn_vec2 p, gn_vec2 q) {
  int best = 0;
  double bt = 2;
  for (int i = 0; i < f->npts && i < 8; i++) {
    gn_vec2 a = f->pts[i], b = f->pts[(i + 1) % f->npts];
    double rx = q.x - p.x, ry = q.y - p.y, sx = b.x - a.x, sy = b.y - a.y;
    double den = rx * sy - ry * sx;
    if (den == 0) continue;
    double t = ((a.x - p.x) * sy - (a.y - p.y) * sx) / den;
    double u = ((a.x - p.x) * ry - (a.y - p.y) * rx) / den;
    if (t >= 0 && t <= 1 && u >= 0 && u <= 1 && t < bt) { bt = t; best = i; }
  }
  return best;
}

/* ------------------------------------------------------------ the plan */

static void group(vb_fire_plan *p, int dice, int hit, const char *what, const char *ref) {
  if (dice <= 0) return;
  for (int i = 0; i < p->ngroups; i++)
    if (p->hit[i] == hit) { p->dice[i] += dice; return; }
  p->dice[p->ngroups] = dice;
  p->hit[p->ngroups] = hit;
  p->what[p->ngroups] = what;
  p->ref[p->ngroups] = ref;
  p->ngroups++;
}

/* The battalion-gun die at distance d (ref. VB-21, VB-22, VB-24). */
static void batgun_die(const vb_combat *c, vb_fire_plan *p, double d) {
  if (d <= c->batgun_close) group(p, 1, c->hit_light_close, "battalion gun, close", "VB-21");
  else if (d <= c->batgun_long) group(p, 1, c->hit_batgun_long, "battalion gun, long", "VB-24");
}

/* The dice of each stand type at distance d. */
static void dice_at(gn_game *g, int unit, double d, vb_fire_plan *p) {
  const vb_combat *c = gn__vb_combat(g);
  const gn__ustate *u = &g->st.u[unit];
  int t = gn__vb_type(g, unit), guns = u->attr[VB_BATGUNS];
  switch (t) {
  case VB_T_INF_BRIGADE:
  case VB_T_INF_REGIMENT: {
    int n = t == VB_T_INF_BRIGADE ? c->dice_brigade : c->dice_regiment;   /* ref. VB-B5 */
    if (guns && n > 0) { n--; batgun_die(c, p, d); }                    /* ref. VB-22 */
    if (d <= c->range_musket) group(p, n, c->hit_musket, "musket", "VB-B6");
    break;
  }
  case VB_T_SKIRMISHER: {
    int sharp = u->attr[VB_SHARPSHOOTERS];
    if (guns && !gn__vb_is_cav_skirmisher(g, unit)) {
      /* ref. VB-28, VB-29: the gun replaces the single die; its close range is
      ** contact, so at a distance it hits on 6, a sharpshooter 5-6 within 2 in. */
      if (sharp && d <= c->range_musket) group(p, c->dice_skirm, c->hit_sharp, "sharpshooter", "VB-29");
      else if (d <= c->skbg_long) group(p, c->dice_skirm, c->hit_skbg_long, "skirmisher gun", "VB-28");
    } else if (d <= c->range_musket) {
      if (sharp) group(p, c->dice_skirm, c->hit_sharp, "sharpshooter", "VB-29");
      else group(p, c->dice_skirm, c->hit_skirm, "skirmisher", "VB-B6");
    }
    break;
  }
  case VB_T_CAV_LIGHT:
  case VB_T_CAV_HEAVY:
  case VB_T_CAV_LANCER:
    group(p, c->dice_cav, c->hit_musket, "carbine", "VB-B5");
    if (guns) {                                                          /* ref. VB-23 */
      for (int k = 0; k < c->dice_cav_batguns; k++) batgun_die(c, p, d);
    }
    break;
  default:
    if (gn__vb_is_artillery(t)) {
      /* ref. VB-19: a stand that started with 1 SP is a battery, one die. */
      int battery = gn__vb_is_battery(t) || g->sc->unit[unit].strength0 == 1;
      int n = battery ? c->dice_battery : c->dice_art;
      int w = u->attr[VB_WEIGHT];
      double lr = c->range_art[w < 0 ? 0 : w > 2 ? 2 : w];
      if (d <= lr * c->close_frac) {
        if (w == 0) group(p, n, c->hit_light_close, "light guns, close", "VB-21");
        else group(p, n, c->hit_art_close, "guns, close", "VB-B6");
      } else if (d <= lr) {
        group(p, n, c->hit_art_long, "guns, long", "VB-B6");
      }
    }
    break;
  }
}

void gn__vb_fire_save(gn_game *g, int target, vb_fire_plan *p) {
  const vb_combat *c = gn__vb_combat(g);
  int t = gn__vb_type(g, target), town = gn__vb_town_of(g, target);
  p->save = 0;
  p->save_name = NULL;
  p->save_ref = NULL;
#define OFFER(ok, v, nm, rf) \
  if ((ok) && (v) > 0 && (p->save == 0 || (v) < p->save)) { p->save = (v); p->save_name = nm; p->save_ref = rf; }
  OFFER(gn__vb_in_terrain(g, target, VB_TR_WORKS), c->save_works, "works save", "VB-B7");
  OFFER(gn__vb_in_terrain(g, target, VB_TR_SUNKEN_ROAD), c->save_sunken, "sunken road save", "VB-30");
  OFFER(town >= 0, c->save_town, "town save", "VB-B7");
  /* ref. VB-36: only infantry gets the woods save, and only against fire. */
  OFFER(gn__vb_is_infantry(t) && gn__vb_in_terrain(g, target, VB_TR_WOODS), c->save_woods,
        "woods save", "VB-36");
  if (t == VB_T_SKIRMISHER) {
    /* ref. VB-33: several skirmish stands in one town block lose the open-order save. */
    int crowded = 0;
    for (int i = 0; town >= 0 && i < g->st.nunits; i++)
      if (i != target && gn__vb_alive(g, i) && gn__vb_type(g, i) == VB_T_SKIRMISHER &&
          g->sc->unit[i].side == g->sc->unit[target].side && gn__vb_town_of(g, i) == town)
        crowded = 1;
    OFFER(!crowded, c->save_open, "open order save", "VB-33");
  }
#undef OFFER
}

/*
** What unit would roll firing at target now.
**   1) the firer: a stand of the active side with fire dice, not routed
**      (ref. VB-B9); artillery unlimbered (ref. VB-B15), a foot battery
**      stationary (ref. VB-20); cavalry and artillery in a town have no dice
**      (ref. VB-15)
**   2) the target: an enemy stand on the table, not a leader
**   3) not in contact (that is melee, ref. VB-B11)
**   4) the target in the firer's front arc, unless the firer holds a town
**      (ref. VB-B21, VB-32), and in sight (ref. VB-B21, VB-31)
**   5) the dice by stand type, weapon and range (ref. VB-B5, VB-B6, VB-B18,
**      VB-19, VB-21..VB-24, VB-28, VB-29); none in range: refused
**   6) from a town block: a quarter of the dice out of each face, never more
**      than all its dice in the phase (ref. VB-32)
**   7) the target's save (gn__vb_fire_save)
** Does NOT check: phase and side (the order handler), fired already (same).
*/
int gn__vb_fire_plan(gn_game *g, int unit, int target, vb_fire_plan *p) {
  const vb_combat *c = gn__vb_combat(g);
  const gn__ustate *u = &g->st.u[unit];
  int t = gn__vb_type(g, unit);
  memset(p, 0, sizeof *p);
  p->face = -1;
  /* 1) */
  if (!gn__vb_alive(g, unit)) return gn__refuse(g, "VB-B5", "%s is not on the table", gn__vb_uname(g, unit));
  if (gn__vb_is_leader(t)) return gn__refuse(g, "VB-B5", "leaders have no fire dice");
  if (u->attr[VB_ROUTED]) return gn__refuse(g, "VB-B9", "%s is routed and cannot fire", gn__vb_uname(g, unit));
  if (gn__vb_is_artillery(t) && u->attr[VB_LIMBERED])
    return gn__refuse(g, "VB-B15", "%s is limbered", gn__vb_uname(g, unit));
  if (t == VB_T_BAT_FOOT && !u->attr[VB_STATIONARY])
    return gn__refuse(g, "VB-20", "a foot battery fires only when stationary");
  int town = gn__vb_town_of(g, unit);
  if (town >= 0 && !u->attr[VB_MARCH] && (gn__vb_is_cavalry(t) || gn__vb_is_artillery(t)))
    return gn__refuse(g, "VB-15", "cavalry and artillery in a town have no fire dice");
  /* 2) */
  if (target < 0 || target >= g->st.nunits || !gn__vb_alive(g, target))
    return gn__refuse(g, "VB-B5", "the target is not on the table");
  if (g->sc->unit[target].side == g->sc->unit[unit].side)
    return gn__refuse(g, "VB-B5", "%s is a friend", gn__vb_uname(g, target));
  if (gn__vb_is_leader(gn__vb_type(g, target)))
    return gn__refuse(g, "VB-B5", "leaders are not targets");
  /* 3) */
  gn_box fb = u->box, tb = g->st.u[target].box;
  double d = gn_box_distance(fb, tb);
  if (d <= GN_CONTACT_EPS) return gn__refuse(g, "VB-B11", "the stands touch: that is melee");
  /* 4) */
  if (town < 0 && !in_front_arc(fb, tb))
    return gn__refuse(g, "VB-B21", "%s is not in the front arc of %s", gn__vb_uname(g, target),
                      gn__vb_uname(g, unit));
  if (!can_see(g, unit, target))
    return gn__refuse(g, "VB-B21", "%s cannot see %s", gn__vb_uname(g, unit), gn__vb_uname(g, target));
  /* 5) */
  dice_at(g, unit, d, p);
  if (p->ngroups == 0)
    return gn__refuse(g, "VB-B18", "%s is out of range (%.2f %s)", gn__vb_uname(g, target), d,
                      gn__vb_unit_word(g));
  /* 6) ref. VB-32 */
  if (town >= 0) {
    vb_fire_plan all;
    int total = 0;
    memset(&all, 0, sizeof all);
    dice_at(g, unit, 0, &all);                /* every die the stand has */
    for (int i = 0; i < all.ngroups; i++) total += all.dice[i];
    int per = (total + c->town_div - 1) / c->town_div, used = u->attr[VB_TOWNFIRE] >> 8;
    p->face = town_face(&g->sc->features[town], fb.c, tb.c);
    if (u->attr[VB_TOWNFIRE] & (1 << p->face))
      return gn__refuse(g, "VB-32", "%s has already fired out of that face of the town", gn__vb_uname(g, unit));
    int left = total - used;
    if (per > left) per = left;
    if (per <= 0) return gn__refuse(g, "VB-32", "%s has fired all its dice this phase", gn__vb_uname(g, unit));
    for (int i = 0; i < p->ngroups; i++) {    /* keep the first `per` dice */
      if (p->dice[i] > per) p->dice[i] = per;
      per -= p->dice[i];
    }
    while (p->ngroups > 0 && p->dice[p->ngroups - 1] == 0) p->ngroups--;
  }
  /* 7) */
  gn__vb_fire_save(g, target, p);
  return 0;
}

/*
** Roll a fire plan.
**   1) each group: how many of its dice reach the hit number (ref. VB-B6)
**   2) each hit may be saved: one die per hit (ref. VB-B7)
**   3) SP lost = hits not saved, one per hit (ref. VB-B19); log the event
** Fails only with the dice source's errors.
*/
int gn__vb_fire_roll(gn_game *g, int unit, int target, const vb_fire_plan *p, int *lost) {
  char purpose[96];
  int hits = 0, saved = 0, rc, dice = 0;
  vb_mods m = {0};
  if (unit >= 0) snprintf(purpose, sizeof purpose, "fire of %s at %s", gn__vb_uname(g, unit), gn__vb_uname(g, target));
  else snprintf(purpose, sizeof purpose, "fire");
  for (int i = 0; i < p->ngroups; i++) {                   /* 1) */
    int h;
    if ((rc = gn__vb_count(g, p->dice[i], p->hit[i], purpose, p->ref[i], unit, &h))) return rc;
    hits += h;
    dice += p->dice[i];
    gn__vb_mod(&m, p->what[i], p->hit[i], p->ref[i]);
  }
  m.total = 0;
  if (p->save > 0 && hits > 0) {                           /* 2) */
    snprintf(purpose, sizeof purpose, "%s", p->save_name);
    if ((rc = gn__vb_count(g, hits, p->save, purpose, p->save_ref, target, &saved))) return rc;
  }
  if (p->save > 0) gn__vb_mod(&m, p->save_name, p->save, p->save_ref);
  *lost = hits - saved;                                    /* 3) */
  gn_event *e = gn__event(g, "fire", "VB-B19", unit, target, "%s fires at %s: %d dice, %d hits, %d saved, %d SP lost",
                          unit >= 0 ? gn__vb_uname(g, unit) : "firer",
                          target >= 0 ? gn__vb_uname(g, target) : "target", dice, hits, saved, *lost);
  if (!e) return GN_ENOMEM;
  gn__vb_mods_put(e, &m);
  return 0;
}

int gn__vb_threatens(gn_game *g, int unit, int target) {
  const vb_combat *c = gn__vb_combat(g);
  const gn__ustate *u = &g->st.u[unit];
  int t = gn__vb_type(g, unit);
  if (!gn__vb_alive(g, unit) || !gn__vb_alive(g, target) || u->attr[VB_ROUTED]) return 0;
  double d = gn_box_distance(u->box, g->st.u[target].box), close;
  if (gn__vb_is_artillery(t)) {
    int w = u->attr[VB_WEIGHT];
    if (u->attr[VB_LIMBERED]) return 0;
    close = c->range_art[w < 0 ? 0 : w > 2 ? 2 : w] * c->close_frac;
  } else if (c->trigger_musket && (t == VB_T_INF_BRIGADE || t == VB_T_INF_REGIMENT || t == VB_T_SKIRMISHER)) {
    close = c->range_musket;
  } else {
    return 0;     /* ref. VB-25: battalion guns never make the enemy test */
  }
  if (d > close) return 0;
  if (gn__vb_town_of(g, unit) < 0 && !in_front_arc(u->box, g->st.u[target].box)) return 0;
  return can_see(g, unit, target);
}

/*
** Fire one stand at a target and apply the result.
**   1) the plan (refusals before any change)
**   2) roll it
**   3) mark the firer (once per phase; from a town, the face and the dice)
**   4) the target loses the SP (ref. VB-B19)
*/
int gn__vb_fire(gn_game *g, int unit, int target, int *hits) {
  vb_fire_plan p;
  int rc, lost;
  if ((rc = gn__vb_fire_plan(g, unit, target, &p))) return rc;      /* 1) */
  if ((rc = gn__vb_fire_roll(g, unit, target, &p, &lost))) return rc;  /* 2) */
  gn__ustate *u = &g->st.u[unit];                                   /* 3) */
  if (p.face >= 0) {
    int dice = 0;
    for (int i = 0; i < p.ngroups; i++) dice += p.dice[i];
    u->attr[VB_TOWNFIRE] = ((u->attr[VB_TOWNFIRE] >> 8) + dice) << 8 | (u->attr[VB_TOWNFIRE] & 0xff) | 1 << p.face;
  } else {
    u->attr[VB_FIRED] = 1;
  }
  if (lost > 0) gn__vb_lose_sp(g, target, lost, 0, "VB-B19", "fire");   /* 4) */
  if (hits) *hits = lost;
  return 0;
}

/* `fire UNIT at TARGET`: the active side's combat phase; once per phase
** (from a town, once per face, ref. VB-32). */
int gn__vb_order_fire(gn_game *g, const gn__args *a) {
  int unit, target, rc, tok = 2;
  if (a->n < 3) return gn__syntax(g, a, a->n, "expected: fire UNIT at TARGET");
  if ((rc = gn__arg_unit(g, a, 1, &unit))) return rc;
  if (gn__arg_is(a, 2, "at")) tok = 3;
  if (a->n != tok + 1) return gn__syntax(g, a, a->n > tok + 1 ? tok + 1 : a->n, "expected: fire UNIT at TARGET");
  if ((rc = gn__arg_unit(g, a, tok, &target))) return rc;
  if (g->st.phase != VB_PH_COMBAT) return gn__refuse(g, "VB-B1", "fire only in the combat phase");
  if (g->sc->unit[unit].side != g->st.active)
    return gn__refuse(g, "VB-B1", "%s does not belong to the side whose turn it is", gn__vb_uname(g, unit));
  if (g->st.u[unit].attr[VB_FIRED] || g->st.u[unit].attr[VB_MELEED])
    return gn__refuse(g, "VB-B5", "%s has already fired or fought this phase", gn__vb_uname(g, unit));
  return gn__vb_fire(g, unit, target, NULL);
}
