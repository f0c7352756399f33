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
  return gn__roll_count(g, n, 6, target, purpose, ref, unit, hits);
}

uint64_t gn__vb_d6_at_least(int target) {
  return target <= 1 ? 6 : target > 6 ? 0 : (uint64_t)(7 - target);
}

/* ------------------------------------------------------------ geometry */

/* Index of the feature of `kind` under the stand: the one holding its centre,
** else one holding a corner; -1 none. Cannot fail. */
static int feature_under(const gn_game *g, int unit, int kind) {
  gn_box b = g->st.u[unit].box;
  gn_vec2 c[4];
  int any = 0;
  for (int i = 0; i < g->sc->nterrain; i++) {
    if (g->sc->features[i].kind != kind) continue;
    if (gn_feature_contains(&g->sc->features[i], b.c)) return i;
    any = 1;
  }
  if (!any) return -1;     /* no feature of the kind: no corners to work out */
  gn_box_corners(b, c);
  for (int i = 0; i < g->sc->nterrain; i++) {
    if (g->sc->features[i].kind != kind) continue;
    for (int k = 0; k < 4; k++)
      if (gn_feature_contains(&g->sc->features[i], c[k])) return i;
  }
  return -1;
}

int gn__vb_town_of(const gn_game *g, int unit) { return feature_under(g, unit, VB_TR_TOWN); }

/*
** The firer sees the target (ref. VB-B21, VB-31): the one line of sight of
** the game (gn_unit_los), centre to centre, through the terrain that blocks
** sight (villages do not, VB-31) and the stands that screen (which ones is
** the ruleset's data: vb_blocks_sight). Cannot fail.
*/
static int can_see(const gn_game *g, int unit, int target) { return gn_unit_los(g, unit, target).visible; }

/* The target in the firer's front arc (ref. VB-B21): its centre or a corner
** there (gn_box_in_arc). Cannot fail. */
static int in_front_arc(gn_box firer, gn_box target) { return gn_box_in_arc(firer, GN_ARC_FRONT, target); }

/* Face of a town block that the line from p to q leaves through: the edge it
** crosses first; 0 when it crosses none. Cannot fail. */
static int town_face(const gn_feature *f, gn_vec2 p, gn_vec2 q) {
  int best = 0;
  double bt = 2;
  for (int i = 0; i < f->npts && i < VB_TOWN_MAXFACES; i++) {
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

int gn__vb_hit(const vb_combat *c, int weapon, int close, const char **what, const char **ref) {
#define HIT(v, w, r) do { *what = (w); *ref = (r); return (v); } while (0)
  switch (weapon) {
  case VB_W_MUSKET: if (close) HIT(c->hit_musket, "hits on (musket)", "VB-B6"); break;
  case VB_W_LIGHT:                                                          /* ref. VB-21 */
    if (close) HIT(c->hit_light_close, "hits on (light guns, close)", "VB-21");
    HIT(c->hit_art_long, "hits on (guns, long)", "VB-B6");
  case VB_W_FIELD:
  case VB_W_HEAVY:
    if (close) HIT(c->hit_art_close, "hits on (guns, close)", "VB-B6");
    HIT(c->hit_art_long, "hits on (guns, long)", "VB-B6");
  case VB_W_BATGUN:                                     /* ref. VB-21, VB-22, VB-24 */
    if (close) HIT(c->hit_light_close, "hits on (battalion gun, close)", "VB-21");
    HIT(c->hit_batgun_long, "hits on (battalion gun, long)", "VB-24");
  case VB_W_SKIRMISHER: if (close) HIT(c->hit_skirm, "hits on (skirmisher)", "VB-B6"); break;
  case VB_W_SHARPSHOOTER: if (close) HIT(c->hit_sharp, "hits on (sharpshooter)", "VB-29"); break;
  case VB_W_SKIRMISH_GUN:                 /* ref. VB-28: its close range is contact */
    if (!close) HIT(c->hit_skbg_long, "hits on (skirmisher gun, long)", "VB-28");
    break;
  }
#undef HIT
  *what = NULL;
  *ref = NULL;
  return 0;
}

/* Adds n dice of a weapon at a range band to the plan. */
static void arm(const vb_combat *c, vb_fire_plan *p, int n, int weapon, int close) {
  const char *what, *ref;
  int hit = gn__vb_hit(c, weapon, close, &what, &ref);
  if (hit > 0 && n > 0) {
    group(p, n, hit, what, ref);
    p->bands |= close ? VB_BAND_CLOSE : VB_BAND_LONG;
  }
}

/* The battalion-gun die at distance d (ref. VB-22, VB-24). */
static void batgun_die(const vb_combat *c, vb_fire_plan *p, double d) {
  if (d <= c->batgun_close) arm(c, p, 1, VB_W_BATGUN, 1);
  else if (d <= c->batgun_long) arm(c, p, 1, VB_W_BATGUN, 0);
}

/* The dice of each stand type at distance d. */
static void dice_at(gn_game *g, int unit, double d, vb_fire_plan *p) {
  const vb_combat *c = gn__vb_combat(g);
  const gn__ustate *u = &g->st.u[unit];
  int t = gn__vb_type(g, unit), guns = u->vb.batguns;
  switch (t) {
  case VB_T_INF_BRIGADE:
  case VB_T_INF_REGIMENT: {
    int n = t == VB_T_INF_BRIGADE ? c->dice_brigade : c->dice_regiment;   /* ref. VB-B5 */
    if (guns && n > 0) { n--; batgun_die(c, p, d); }                    /* ref. VB-22 */
    if (d <= c->range_musket) arm(c, p, n, VB_W_MUSKET, 1);
    break;
  }
  case VB_T_SKIRMISHER: {
    int sharp = u->vb.sharpshooters;
    if (guns && !gn__vb_is_cav_skirmisher(g, unit)) {
      /* ref. VB-28, VB-29: the gun replaces the single die; its close range is
      ** contact, so at a distance it hits on 6, a sharpshooter 5-6 within 2 in. */
      if (sharp && d <= c->range_musket) arm(c, p, c->dice_skirm, VB_W_SHARPSHOOTER, 1);
      else if (d <= c->skbg_long) arm(c, p, c->dice_skirm, VB_W_SKIRMISH_GUN, 0);
    } else if (d <= c->range_musket) {
      arm(c, p, c->dice_skirm, sharp ? VB_W_SHARPSHOOTER : VB_W_SKIRMISHER, 1);
    }
    break;
  }
  case VB_T_CAV_LIGHT:
  case VB_T_CAV_HEAVY:
  case VB_T_CAV_LANCER:
    if (d <= c->range_musket) arm(c, p, c->dice_cav, VB_W_MUSKET, 1);     /* ref. VB-B5 */
    if (guns)                                                            /* ref. VB-23 */
      for (int k = 0; k < c->dice_cav_batguns; k++) batgun_die(c, p, d);
    break;
  default:
    if (gn__vb_is_artillery(t)) {
      /* ref. VB-19: a stand that started with 1 SP is a battery, one die. */
      int battery = gn__vb_battery(g, unit, NULL);
      int n = battery ? c->dice_battery : c->dice_art;
      int w = u->vb.weight;
      w = w < 0 ? 0 : w > 2 ? 2 : w;
      double lr = c->range_art[w];
      if (d <= lr * c->close_frac) arm(c, p, n, VB_W_LIGHT + w, 1);
      else if (d <= lr) arm(c, p, n, VB_W_LIGHT + w, 0);
    }
    break;
  }
}

void gn__vb_fire_save(gn_game *g, int target, vb_fire_plan *p) {
  const vb_combat *c = gn__vb_combat(g);
  int t = gn__vb_type(g, target), town = gn__vb_town_of(g, target);
  int best = 0;
  const char *name = NULL, *ref = NULL;
  p->nsaves = 0;
#define OFFER(ok, v, nm, rf) \
  if ((ok) && (v) > 0 && (best == 0 || (v) < best)) { best = (v); name = nm; ref = rf; }
  /* 1) cover: the best one counts */
  OFFER(gn__vb_in_terrain(g, target, VB_TR_WORKS), c->save_works, "saves on (works)", "VB-B7");
  OFFER(gn__vb_in_terrain(g, target, VB_TR_SUNKEN_ROAD), c->save_sunken, "saves on (sunken road)", "VB-30");
  OFFER(town >= 0, c->save_town, "saves on (town)", "VB-B7");
  /* ref. VB-36: only infantry gets the woods save, and only against fire. */
  OFFER(gn__vb_infantry(g, target) && gn__vb_in_terrain(g, target, VB_TR_WOODS), c->save_woods,
        "saves on (woods)", "VB-36");
#undef OFFER
  if (best > 0) {
    p->save[p->nsaves] = best;
    p->save_name[p->nsaves] = name;
    p->save_ref[p->nsaves] = ref;
    p->nsaves++;
  }
  /* 2) ref. VB-33 [interpretation]: open order is a save of its own, on top of
  ** cover; several skirmish stands in one town block lose it. */
  if (t == VB_T_SKIRMISHER && c->save_open > 0) {
    int crowded = 0;
    for (int i = 0; town >= 0 && i < g->st.nunits; i++)
      if (i != target && gn__vb_alive(g, i) && gn__vb_type(g, i) == VB_T_SKIRMISHER &&
          g->sc->unit[i].side == g->sc->unit[target].side && gn__vb_town_of(g, i) == town)
        crowded = 1;
    if (!crowded) {
      p->save[p->nsaves] = c->save_open;
      p->save_name[p->nsaves] = "saves on (open order)";
      p->save_ref[p->nsaves] = "VB-33";
      p->nsaves++;
    }
  }
}

/* The dice a stand fired out of each face 0..7 of its town block this phase
** (ref. VB-32; a stand has at most 7 fire dice, fire.dice.*). The unit's
** town_fire slot keeps it 3 bits a face; these two alone read and write
** that slot's layout. */
typedef struct townfire { unsigned char face[VB_TOWN_MAXFACES]; } townfire;

static townfire townfire_of(const gn__ustate *u) {
  townfire t;
  for (int f = 0; f < VB_TOWN_MAXFACES; f++)
    t.face[f] = (unsigned char)(((unsigned)u->vb.town_fire >> (3 * f)) & 7u);
  return t;
}

static void townfire_put(gn__ustate *u, townfire t) {
  unsigned v = 0;
  for (int f = 0; f < VB_TOWN_MAXFACES; f++) v |= (unsigned)(t.face[f] & 7u) << (3 * f);
  u->vb.town_fire = (int)v;
}

static int townfire_total(townfire t) {
  int n = 0;
  for (int f = 0; f < VB_TOWN_MAXFACES; f++) n += t.face[f];
  return n;
}

/* Every fire die a stand of a town garrison has this phase: none routed, none
** for cavalry out of march column or artillery in a town (ref. VB-15; in
** march column artillery is limbered). Cannot fail. */
static int stand_dice(gn_game *g, int unit) {
  const gn__ustate *u = &g->st.u[unit];
  int t = gn__vb_type(g, unit), total = 0;
  if (!gn__vb_alive(g, unit) || gn__vb_is_leader(t) || u->vb.routed) return 0;
  if (gn__vb_is_artillery(t) || (!u->vb.march && gn__vb_is_cavalry(t))) return 0;         /* limbered or VB-15 */
  vb_fire_plan all;
  memset(&all, 0, sizeof all);
  dice_at(g, unit, 0, &all);
  for (int i = 0; i < all.ngroups; i++) total += all.dice[i];
  return total;
}

/*
** What unit would roll firing at target now.
**   1) the firer: a stand on the table with fire dice, not routed
**      (ref. VB-B9); artillery unlimbered (ref. VB-B15), a foot battery
**      stationary (ref. VB-20); cavalry and artillery in a town have no dice
**      (ref. VB-15)
**   2) the target: an enemy stand on the table, not a leader
**   3) not in contact (that is melee, ref. VB-B11)
**   4) the target in the firer's front arc, unless the firer holds a town
**      (ref. VB-B21, VB-32), and in sight (ref. VB-B21, VB-31)
**   5) the dice by stand type, weapon and range (ref. VB-B5, VB-B6, VB-B18,
**      VB-19, VB-21..VB-24, VB-28, VB-29); none in range: refused
**   6) from a town block: "one quarter of their total fire dice" out of each
**      face, the garrison's total (every stand of the side in the block,
**      shared by them) or, under fire.town.garrison 0, each stand's own; never
**      more than a stand's own dice in the phase (ref. VB-32)
**   7) the target's save (gn__vb_fire_save)
** Does NOT check: phase and side (the order handler), fired already (same).
*/
/* Step 1 of a fire plan: unit may fire at all; town gets the town block it
** holds, or -1. 0, or the refusal. */
static int firer_check(gn_game *g, int unit, int *town) {
  const gn__ustate *u = &g->st.u[unit];
  int t = gn__vb_type(g, unit), foot;
  if (!gn__vb_alive(g, unit)) return gn__refuse(g, "VB-B5", "%s is not on the table", gn__vb_uname(g, unit));
  if (gn__vb_is_leader(t)) return gn__refuse(g, "VB-B5", "leaders have no fire dice");
  if (u->vb.routed) return gn__refuse(g, "VB-B9", "%s is routed and cannot fire", gn__vb_uname(g, unit));
  if (gn__vb_is_artillery(t) && u->vb.limbered)
    return gn__refuse(g, "VB-B15", "%s is limbered", gn__vb_uname(g, unit));
  if (gn__vb_battery(g, unit, &foot) && foot && !u->vb.stationary)
    return gn__refuse(g, "VB-20", "a foot battery fires only when stationary");
  *town = gn__vb_town_of(g, unit);
  if (*town >= 0 && !u->vb.march && (gn__vb_is_cavalry(t) || gn__vb_is_artillery(t)))
    return gn__refuse(g, "VB-15", "cavalry and artillery in a town have no fire dice");
  return 0;
}

/* Steps 2 to 4 of a fire plan: target is an enemy stand, not a leader, not in
** contact, in the front arc (unless unit holds a town) and in sight; *d gets
** the distance between them. 0, or the refusal. */
static int target_check(gn_game *g, int unit, int target, int town, double *d) {
  if (target < 0 || target >= g->st.nunits || !gn__vb_alive(g, target))                   /* 2 */
    return gn__refuse(g, "VB-B5", "the target is not on the table");
  if (g->sc->unit[target].side == g->sc->unit[unit].side)
    return gn__refuse(g, "VB-B5", "%s is a friend", gn__vb_uname(g, target));
  if (gn__vb_is_leader(gn__vb_type(g, target)))
    return gn__refuse(g, "VB-B5", "leaders are not targets");
  gn_box fb = g->st.u[unit].box, tb = g->st.u[target].box;                               /* 3 */
  *d = gn_box_distance(fb, tb);
  if (*d <= GN_CONTACT_EPS) return gn__refuse(g, "VB-B11", "the stands touch: that is melee");
  if (town < 0 && !in_front_arc(fb, tb))                                                 /* 4 */
    return gn__refuse(g, "VB-B21", "%s is not in the front arc of %s", gn__vb_uname(g, target),
                      gn__vb_uname(g, unit));
  if (!can_see(g, unit, target))
    return gn__refuse(g, "VB-B21", "%s cannot see %s", gn__vb_uname(g, unit), gn__vb_uname(g, target));
  return 0;
}

/* Step 6 of a fire plan (ref. VB-32): unit fires out of town block town at
** target; p's dice are cut to the quarter of the garrison's (or the stand's
** own) dice left for that face this phase, and never more than the stand's
** own dice left. 0, or the refusal. */
static int town_share(gn_game *g, int unit, int target, int town, vb_fire_plan *p) {
  const vb_combat *c = gn__vb_combat(g);
  const gn__ustate *u = &g->st.u[unit];
  p->face = town_face(&g->sc->features[town], u->box.c, g->st.u[target].box.c);
  int own = stand_dice(g, unit), own_used = townfire_total(townfire_of(u));
  int per, face_used;
  if (c->town_garrison) {
    /* the garrison's total: every stand of the side in this block */
    int total = 0;
    face_used = 0;
    for (int i = 0; i < g->st.nunits; i++) {
      if (g->sc->unit[i].side != g->sc->unit[unit].side || gn__vb_town_of(g, i) != town) continue;
      total += stand_dice(g, i);
      face_used += townfire_of(&g->st.u[i]).face[p->face];
    }
    per = (total + c->town_div - 1) / c->town_div;
  } else {
    face_used = townfire_of(u).face[p->face];
    per = (own + c->town_div - 1) / c->town_div;
  }
  if (!c->town_garrison && face_used > 0)
    return gn__refuse(g, "VB-32", "%s has already fired out of that face of the town", gn__vb_uname(g, unit));
  if (own - own_used <= 0) return gn__refuse(g, "VB-32", "%s has fired all its dice this phase", gn__vb_uname(g, unit));
  per -= face_used;
  if (per <= 0)
    return gn__refuse(g, "VB-32", "the garrison has fired its quarter out of that face of the town this phase");
  if (per > own - own_used) per = own - own_used;
  for (int i = 0; i < p->ngroups; i++) {    /* keep the first `per` dice */
    if (p->dice[i] > per) p->dice[i] = per;
    per -= p->dice[i];
  }
  while (p->ngroups > 0 && p->dice[p->ngroups - 1] == 0) p->ngroups--;
  return 0;
}

int gn__vb_fire_plan(gn_game *g, int unit, int target, vb_fire_plan *p) {
  int town = -1, rc;
  double d = 0;
  memset(p, 0, sizeof *p);
  p->face = -1;
  if ((rc = firer_check(g, unit, &town))) return rc;                                     /* 1 */
  if ((rc = target_check(g, unit, target, town, &d))) return rc;                         /* 2-4 */
  vb_fire_plan any;                                                                       /* 5 */
  memset(&any, 0, sizeof any);
  dice_at(g, unit, 0, &any);
  if (any.ngroups == 0) return gn__refuse(g, "VB-B5", "%s has no fire dice", gn__vb_uname(g, unit));
  dice_at(g, unit, d, p);
  if (p->ngroups == 0)
    return gn__refuse(g, "VB-B18", "%s is out of range (%.2f %s)", gn__vb_uname(g, target), d,
                      gn__vb_unit_word(g));
  if (town >= 0 && (rc = town_share(g, unit, target, town, p))) return rc;               /* 6 */
  gn__vb_fire_save(g, target, p);                                                         /* 7 */
  return 0;
}

/*
** Roll a fire plan.
**   1) each group: how many of its dice reach the hit number (ref. VB-B6)
**   2) each saving throw in turn: one die per hit not yet saved (ref. VB-B7)
**   3) SP lost = hits not saved, one per hit (ref. VB-B19); log the event
** Under the odds engine, 1) and 2) are one chance point over the SP lost: a
** die of group i is a hit not saved with weight (faces >= its hit number)
** x (faces under each save) out of 6^(1 + saves), each die on its own, which
** is what rolling the hits and then the saves on them gives.
** Fails only with the dice source's errors.
*/
int gn__vb_fire_roll(gn_game *g, int unit, int target, const vb_fire_plan *p, int *lost) {
  char purpose[96];
  int hits = 0, saved = 0, rc, dice = 0;
  vb_mods m = {0};
  if (unit >= 0) gn__snprintf(purpose, sizeof purpose, "fire of %s at %s", gn__vb_uname(g, unit), gn__vb_uname(g, target));
  else gn__snprintf(purpose, sizeof purpose, "fire");
  int one = gn__enumerating(g);
  uint64_t a[2], t = 6;
  for (int k = 0; k < p->nsaves; k++) t *= 6;
  for (int i = 0; i < p->ngroups; i++) {                   /* 1) */
    int h;
    if (one) {
      a[i] = gn__vb_d6_at_least(p->hit[i]);
      for (int k = 0; k < p->nsaves; k++) a[i] *= 6 - gn__vb_d6_at_least(p->save[k]);
    } else {
      if ((rc = gn__vb_count(g, p->dice[i], p->hit[i], purpose, p->ref[i], unit, &h))) return rc;
      hits += h;
    }
    dice += p->dice[i];
    gn__vb_mod(&m, p->what[i], p->hit[i], p->ref[i]);
  }
  if (one && (rc = gn__enum_successes(g, p->ngroups, p->dice, a, t, &hits))) return rc;
  for (int k = 0; k < p->nsaves; k++) {                    /* 2) */
    int sv = 0;
    if (!one && hits - saved > 0) {
      gn__snprintf(purpose, sizeof purpose, "%s", p->save_name[k]);
      if ((rc = gn__vb_count(g, hits - saved, p->save[k], purpose, p->save_ref[k], target, &sv))) return rc;
    }
    saved += sv;
    gn__vb_mod(&m, p->save_name[k], p->save[k], p->save_ref[k]);
  }
  *lost = hits - saved;                                    /* 3) */
  gn_event *e = gn__event(g, "fire", "VB-B19", unit, target, "%s fires at %s: %d %s, %d %s, %d saved, %d SP lost",
                          unit >= 0 ? gn__vb_uname(g, unit) : "firer",
                          target >= 0 ? gn__vb_uname(g, target) : "target", dice, dice == 1 ? "die" : "dice",
                          hits, hits == 1 ? "hit" : "hits", saved, *lost);
  if (!e) return GN_ENOMEM;
  gn__vb_mods_put(e, &m);
  return 0;
}

double gn__vb_threat_range(const gn_game *g) {
  const vb_combat *c = gn__vb_combat(g);
  double r = 0;
  for (int w = 0; w < 3; w++) if (c->range_art[w] * c->close_frac > r) r = c->range_art[w] * c->close_frac;
  if (c->trigger_musket && c->range_musket > r) r = c->range_musket;
  return r;
}

int gn__vb_threatens(gn_game *g, int unit, int target) {
  const vb_combat *c = gn__vb_combat(g);
  const gn__ustate *u = &g->st.u[unit];
  int t = gn__vb_type(g, unit);
  if (!gn__vb_alive(g, unit) || !gn__vb_alive(g, target) || u->vb.routed) return 0;
  double close;
  if (gn__vb_is_artillery(t)) {
    int w = u->vb.weight;
    if (u->vb.limbered) return 0;                                        /* ref. VB-B15 */
    int foot;
    if (gn__vb_battery(g, unit, &foot) && foot && !u->vb.stationary) return 0;         /* ref. VB-20 */
    if (gn__vb_town_of(g, unit) >= 0 && !u->vb.march) return 0;           /* ref. VB-15 */
    close = c->range_art[w < 0 ? 0 : w > 2 ? 2 : w] * c->close_frac;
  } else if (c->trigger_musket && (t == VB_T_INF_BRIGADE || t == VB_T_INF_REGIMENT || t == VB_T_SKIRMISHER)) {
    close = c->range_musket;
  } else {
    return 0;     /* ref. VB-25: battalion guns never make the enemy test */
  }
  if (!gn__box_within(u->box, g->st.u[target].box, close)) return 0;
  if (gn__vb_town_of(g, unit) < 0 && !in_front_arc(u->box, g->st.u[target].box)) return 0;
  return can_see(g, unit, target);
}

/*
** Fire one stand at a target and apply the result.
**   1) the plan (refusals before any change)
**   2) roll it
**   3) mark the firer (once per phase; from a town, the face and the dice)
**   4) the target loses the SP (ref. VB-B19); its last SP lost with no way
**      to retreat from the firer, it is wiped out surrounded (ref. VB-56);
**      a leader beside it may fall (ref. VB-LDR)
*/
int gn__vb_fire(gn_game *g, int unit, int target, int *hits) {
  vb_fire_plan p;
  int rc, lost;
  if ((rc = gn__vb_fire_plan(g, unit, target, &p))) return rc;      /* 1) */
  if ((rc = gn__vb_fire_roll(g, unit, target, &p, &lost))) return rc;  /* 2) */
  gn__ustate *u = gn__uw(g, unit);                                   /* 3) */
  if (p.face >= 0) {
    int dice = 0;
    for (int i = 0; i < p.ngroups; i++) dice += p.dice[i];
    townfire t = townfire_of(u);
    t.face[p.face] = (unsigned char)(t.face[p.face] + dice);
    townfire_put(u, t);
  } else {
    u->vb.fired = 1;
  }
  if (lost > 0) {                                                    /* 4) */
    int wiped = lost >= g->st.u[target].strength && gn__vb_surrounded(g, target, g->st.u[unit].box.c);
    gn__vb_lose_sp(g, target, lost, wiped, "VB-B19", wiped ? "fire, surrounded" : "fire");
    if ((rc = gn__vb_leader_risk(g, &target, 1))) return rc;   /* ref. VB-LDR */
  }
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
  if (vb_u(g, unit)->fired || vb_u(g, unit)->meleed)
    return gn__refuse(g, "VB-B5", "%s has already fired or fought this phase", gn__vb_uname(g, unit));
  return gn__vb_fire(g, unit, target, NULL);
}

/*
** How far unit's fire reaches, edge to edge (ref. VB-B18): the furthest of
** the range bands dice_at compares a distance with at which it gives the
** stand a die. dice_at gives none past every band, so the plan refuses every
** target further off (VB-B18); -1 when the stand has no fire dice at any
** distance. Cannot fail.
*/
/* The distances dice_at compares with, ORDER: as its tests. */
#define VB_EDGES(c)                                                                          \
  { (c)->range_musket, (c)->batgun_close, (c)->batgun_long, (c)->skbg_long,                 \
    (c)->range_art[0], (c)->range_art[1], (c)->range_art[2],                               \
    (c)->range_art[0] * (c)->close_frac, (c)->range_art[1] * (c)->close_frac,              \
    (c)->range_art[2] * (c)->close_frac }

double gn__vb_fire_reach(gn_game *g, int unit) {
  const vb_combat *c = gn__vb_combat(g);
  const double band[] = VB_EDGES(c);
  double r = -1;
  for (size_t i = 0; i < sizeof band / sizeof band[0]; i++) {
    vb_fire_plan p;
    if (band[i] <= r) continue;
    memset(&p, 0, sizeof p);
    dice_at(g, unit, band[i], &p);
    if (p.ngroups > 0) r = band[i];
  }
  return r;
}

/*
** The bands of unit's fire (ref. VB-B18).
**   1) the distances dice_at compares with, nearest first: between two of
**      them its dice do not change, so the dice at the further one are the
**      dice of the whole stretch
**   2) each stretch with dice is a band named by their range: close, long,
**      or both (a battalion gun's long die beside muskets); stretches with
**      the same name are one band
**   3) the front arc, but from a town block, which fires out of its faces
**      all round (ref. VB-B21, VB-32)
*/
void gn__vb_fire_bands(gn_game *g, int unit, gn_reach *out) {
  const vb_combat *c = gn__vb_combat(g);
  double edge[] = VB_EDGES(c);                                                          /* 1 */
  size_t n = sizeof edge / sizeof edge[0];
  for (size_t i = 1; i < n; i++)   /* insertion sort: ten numbers */
    for (size_t k = i; k > 0 && edge[k] < edge[k - 1]; k--) {
      double t = edge[k];
      edge[k] = edge[k - 1];
      edge[k - 1] = t;
    }
  double from = 0;
  for (size_t i = 0; i < n; i++) {                                                      /* 2 */
    if (edge[i] <= from) continue;
    vb_fire_plan p;
    memset(&p, 0, sizeof p);
    dice_at(g, unit, edge[i], &p);
    if (p.ngroups > 0)
      gn__reach_band(out, from, edge[i], p.bands == VB_BAND_CLOSE ? "close" : p.bands == VB_BAND_LONG ? "long"
                                                                                            : "close and long",
                     "VB-B18");
    from = edge[i];
  }
  if (gn__vb_town_of(g, unit) < 0) {                                                    /* 3 */
    out->front_arc = 1;
    out->arc_ref = "VB-B21";
  }
}

/* ------------------------------------------------------------ data */

#define INT(k, f, lo, hi, ref) GN__D_INT(vb_combat, k, f, lo, hi, ref)
#define NUM(k, f, lo, hi, ref) GN__D_NUM(vb_combat, k, f, lo, hi, ref)

/* fire.yaml, morale.yaml and melee.yaml, in the order they are read, each
** value in the range the procedures roll and count with (a die's 1 to 6
** and 7 for never). */
static const gn__dfield combat_table[] = {
  /* fire.yaml */
  INT("fire.dice.infantry_brigade", dice_brigade, 0, 7, "VB-B5"),
  INT("fire.dice.infantry_regiment", dice_regiment, 0, 7, "VB-B5"),
  INT("fire.dice.skirmisher", dice_skirm, 0, 7, "VB-B5"),
  INT("fire.dice.cavalry", dice_cav, 0, 7, "VB-B5"),
  INT("fire.dice.cavalry_batguns", dice_cav_batguns, 0, 7, "VB-23"),
  INT("fire.dice.artillery_battalion", dice_art, 0, 7, "VB-B5"),
  INT("fire.dice.battery", dice_battery, 0, 7, "VB-19"),
  NUM("fire.range.musket", range_musket, 0, 1000, "VB-B18"),
  NUM("fire.range.light", range_art[0], 0, 1000, "VB-B18"),
  NUM("fire.range.field", range_art[1], 0, 1000, "VB-B18"),
  NUM("fire.range.heavy", range_art[2], 0, 1000, "VB-B18"),
  NUM("fire.range.close_fraction", close_frac, 0, 1, "VB-B18"),
  NUM("fire.range.batgun_close", batgun_close, 0, 1000, "VB-24"),
  NUM("fire.range.batgun_long", batgun_long, 0, 1000, "VB-24"),
  NUM("fire.range.skirmish_batgun_long", skbg_long, 0, 1000, "VB-28"),
  INT("fire.hit.musket", hit_musket, 1, 7, "VB-B6"),
  INT("fire.hit.skirmisher", hit_skirm, 1, 7, "VB-B6"),
  INT("fire.hit.sharpshooter", hit_sharp, 1, 7, "VB-29"),
  INT("fire.hit.artillery_close", hit_art_close, 1, 7, "VB-B6"),
  INT("fire.hit.light_close", hit_light_close, 1, 7, "VB-21"),
  INT("fire.hit.artillery_long", hit_art_long, 1, 7, "VB-B6"),
  INT("fire.hit.batgun_long", hit_batgun_long, 1, 7, "VB-24"),
  INT("fire.hit.skirmish_batgun_long", hit_skbg_long, 1, 7, "VB-28"),
  INT("fire.save.works", save_works, 0, 7, "VB-B7"),
  INT("fire.save.sunken_road", save_sunken, 0, 7, "VB-30"),
  INT("fire.save.town", save_town, 0, 7, "VB-B7"),
  INT("fire.save.woods", save_woods, 0, 7, "VB-36"),
  INT("fire.save.open_order", save_open, 0, 7, "VB-33"),
  INT("fire.town.faces_divisor", town_div, 1, 8, "VB-32"),
  INT("fire.town.garrison", town_garrison, 0, 1, "VB-32"),
  /* morale.yaml */
  INT("morale.mod.lancers", mod_lancers, -6, 6, "VB-5"),
  INT("morale.mod.cavalry_melee", mod_cav_melee, -6, 6, "VB-6"),
  INT("morale.mod.regimental_flank", mod_reg_flank, -6, 6, "VB-8"),
  INT("morale.mod.brigade_flank", mod_brig_flank, -6, 6, "VB-8"),
  INT("morale.mod.works", mod_works, -6, 6, "VB-30"),
  INT("morale.mod.town", mod_town, -6, 6, "VB-B8"),
  INT("morale.trigger.musket_range", trigger_musket, 0, 1, "VB-B8"),
  INT("morale.rout.sp_loss", rout_sp, 0, 6, "VB-B9"),
  NUM("morale.rout.move", rout_move, 0, 4, "VB-B9"),
  INT("rally.roll", rally_roll, 0, 1, "VB-B10"),
  /* melee.yaml */
  INT("melee.dice.max", mdice_max, 1, 64, "VB-B11"),
  INT("melee.dice.skirmisher", mdice_skirm, 0, 64, "VB-B11"),
  INT("melee.dice.battery", mdice_battery, 0, 64, "VB-B11"),
  INT("melee.dice.artillery_battalion", mdice_art, 0, 64, "VB-B11"),
  INT("melee.hit", mhit, 1, 7, "VB-B11"),
  INT("melee.save.sunken_road_cavalry", msave_sunken_cav, 0, 7, "VB-30"),
  INT("melee.tie.grenadiers", tie_gren, -6, 6, "VB-38"),
  INT("melee.tie.stationary_vs_cavalry", tie_stat_cav, -6, 6, "VB-38"),
  INT("melee.tie.supported_artillery", tie_supported, -6, 6, "VB-39"),
  NUM("melee.loser.move", loser_move, 0, 4, "VB-B11"),
  INT("melee.skirmisher_cannot_hold", skirm_cannot_hold, 0, 1, "VB-12"),
  NUM("retreat.deviation_step", dev_step, 1, 90, "VB-42"),
  NUM("retreat.deviation_max", dev_max, 0, 90, "VB-42"),
  INT("retreat.terrain_sp", terrain_sp, 0, 6, "VB-43"),
  INT("retreat.blocked_eliminated", blocked_eliminated, 0, 1, "VB-42"),
  GN__D_INTS(vb_combat, "retreat.disordering", disordering, VB_TR_COUNT, -GN__DANY, GN__DANY, "VB-43"),
};

#undef INT
#undef NUM

/*
** Reads fire.yaml, morale.yaml and melee.yaml into a vb_combat hung on
** d->combat. Fails with GN_ENOMEM, or GN_EDATA naming the first bad key.
*/
int gn__vb_combat_setup(gn_game *g, vb_data *d) {
  vb_combat *c = gn__calloc(g, 1, sizeof *c);
  if (!c) return gn__error(g, GN_ENOMEM, "out of memory");
  d->combat = c;
  int rc = gn__data_table(g, combat_table, (int)(sizeof combat_table / sizeof combat_table[0]), c);
  if (rc) return rc;
  if (c->dice_cav + c->dice_cav_batguns > 7)     /* the town-fire record's 3 bits a face */
    return gn__error(g, GN_EDATA, "fire.dice.cavalry + fire.dice.cavalry_batguns: %d is more than 7",
                     c->dice_cav + c->dice_cav_batguns);
  return 0;
}

void gn__vb_combat_release(gn_game *g, vb_data *d) {
  if (!d || !d->combat) return;
  gn__free(g, d->combat, sizeof(vb_combat));
  d->combat = NULL;
}
