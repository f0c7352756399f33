/*
** ai-ba.c: the Belle Alliance doctrine. A bound is simultaneous: in the
** orders phase each side writes an order for each unit, then "end" resolves
** the bound. The battle runner lets each commander write its orders on its
** own copy of the game (so neither sees the other's), then gives them both.
** Per unit, in this order of preference:
**   - a unit in full disorder only makes forced moves: nothing to write
**   - rest: a unit without supplies, or one that lost valour, out of the
**     enemy's reach, rests (rest refurbishes supplies, then valour; next to
**     an ammunition waggon the supplies come in two bounds)
**   - attack: an enemy in reach, when the odds engine says the melee is good
**   - fire: the nearest enemy in musket (gun) reach, with supplies
**   - move: towards the objective of the posture, turning first if the goal
**     is not ahead (units move forwards only), stopping out of musket reach
** Waggons carrying ammunition drive to the nearest unit without supplies.
** The distances are the commander's tactics; the rules accept or refuse every order.
*/
#include "ai.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* Tactics (centimetres). */
#define REST_SAFE 60.0       /* rest only with no enemy nearer than this */
#define FIRE_REACH_HAND 24.0 /* fire with muskets at enemies this near */
#define FIRE_REACH_CAV 9.0   /* carbines */
#define FIRE_REACH_GUN 95.0  /* guns */
#define ATTACK_REACH_INF 20.0
#define ATTACK_REACH_CAV 45.0
#define STANDOFF_INF 12.0    /* infantry halts this far from the enemy and fires */
#define STANDOFF_GUN 40.0
#define STEP 60.0            /* the longest move tried (the rules cut it to the rate) */

enum { FM_LINE, FM_MARCH, FM_SKIRMISH, FM_SQUARE, FM_MASS, FM_REST };
enum { DIS_NONE, DIS_SD, DIS_MD, DIS_FD };

static int ba_fighting(const char *type) { return gn__ai_type_fights(type); }

static int attr(const gn_game *g, int u, int viewer, const char *name, int dflt) {
  int v;
  return gn_unit_attr(g, u, viewer, name, &v) == 0 ? v : dflt;
}

/* Out of the fight: removed, in full disorder, or a battery whose gunners are
** all lost (its guns stay on the table, ref. BA-5.5.2g, but cannot fire). */
static int ba_broken(const gn_game *g, int u, int viewer, const gn_unit_view *v) {
  return v->removed || v->strength == 0 || attr(g, u, viewer, "disorder", 0) >= DIS_FD;
}

static int is_type(const ai_unit *a, const char *t) { return a->v.type && strstr(a->v.type, t) != NULL; }
static int artillery(const ai_unit *a) { return is_type(a, "artillery"); }
static int cavalry(const ai_unit *a) { return is_type(a, "cavalry"); }

/* Turns u so that goal is ahead (its front arc). 1 when it turned. */
static int face_goal(ai_ctx *cx, int u, gn_vec2 goal) {
  const gn_unit_view *v = &cx->u[u].v;
  double want = atan2(goal.y - v->box.c.y, goal.x - v->box.c.x);
  double diff = remainder(want - v->box.facing, 2 * 3.14159265358979323846);
  if (fabs(diff) <= 0.8) return 0;
  const char *way = fabs(diff) > 2.4 ? "about" : diff > 0 ? "left" : "right";
  return gn__ai_order(cx, "turn %s %s", v->id, way) == 0;
}

static double fire_reach(const ai_unit *a) {
  return artillery(a) ? FIRE_REACH_GUN : cavalry(a) ? FIRE_REACH_CAV : FIRE_REACH_HAND;
}

/* 1 when an enemy still in the fight stands in u's reach and in its sight:
** a battery unlimbers for it, and stays unlimbered while it is there. */
static int has_target(ai_ctx *cx, int u) {
  for (int i = 0; i < cx->n; i++) {
    const ai_unit *e = &cx->u[i];
    if (!e->v.known || e->mine || e->v.removed || !e->fighting || e->broken) continue;
    if (gn__ai_distance(cx, u, i) <= fire_reach(&cx->u[u]) && gn_unit_los(cx->g, u, i).visible) return 1;
  }
  return 0;
}

/* The nearest enemy the unit may fire at, as the rules allow; -1 none. Enemies out
** of the fight (a battery without gunners, a unit in full disorder) are not
** worth the supplies. */
static int fire(ai_ctx *cx, int u) {
  const ai_unit *a = &cx->u[u];
  double reach = fire_reach(a);
  int best[3] = {-1, -1, -1};
  double bd[3] = {1e300, 1e300, 1e300};
  for (int i = 0; i < cx->n; i++) {
    const ai_unit *e = &cx->u[i];
    if (!e->v.known || e->mine || e->v.removed || !e->fighting || e->broken) continue;
    double d = gn__ai_distance(cx, u, i);
    if (d > reach) continue;
    for (int k = 0; k < 3; k++)
      if (d < bd[k]) {
        for (int j = 2; j > k; j--) { bd[j] = bd[j - 1]; best[j] = best[j - 1]; }
        bd[k] = d; best[k] = i;
        break;
      }
  }
  for (int k = 0; k < 3; k++)
    if (best[k] >= 0 && gn_unit_los(cx->g, u, best[k]).visible &&
        gn__ai_order(cx, "fire %s at %s", a->v.id, cx->u[best[k]].v.id) == 0)
      return best[k];
  return -1;
}

/* Attack the nearest enemy in reach when the odds are good. 1 attacked. */
static int attack(ai_ctx *cx, int u, int e, double de) {
  const ai_unit *a = &cx->u[u];
  if (artillery(a) || e < 0) return 0;
  if (de > (cavalry(a) ? ATTACK_REACH_CAV : ATTACK_REACH_INF)) return 0;
  if (cx->posture != AI_ATTACK && cx->p->aggression < 0.6 && de > 5) return 0;
  char order[128];
  snprintf(order, sizeof order, "attack %s %s", a->v.id, cx->u[e].v.id);
  if (gn__ai_check(cx, "%s", order)) return 0;
  const char *seq[] = {order};
  double gain, p = gn__ai_odds(cx, seq, 1, u, e, &gain);
  if (!gn__ai_charge_ok(cx, p, gain, 0)) return 0;
  if (gn__ai_order(cx, "%s", order)) return 0;
  if (cavalry(a)) gn__ai_order(cx, "pace %s charge", a->v.id);
  return 1;
}

/* The step of u towards its goal, short of the enemy by its standoff. 1 when
** it was given an order (a move, a turn, a formation). */
static int advance(ai_ctx *cx, int u, int e, double de) {
  const ai_unit *a = &cx->u[u];
  int given = cx->given;
  gn_vec2 goal = gn__ai_goal(cx, u);
  double standoff = (artillery(a) ? STANDOFF_GUN : STANDOFF_INF) * gn__ai_standoff_factor(cx);
  double step = STEP;
  if (e >= 0) {
    gn_vec2 c = a->v.box.c, ec = cx->u[e].v.box.c;
    if ((goal.x - c.x) * (ec.x - c.x) + (goal.y - c.y) * (ec.y - c.y) > 0)
      step = de - standoff < step ? de - standoff : step;
  }
  if (step < 1 || gn__ai_dist(a->v.box.c, goal) < 1) return 0;
  int form = attr(cx->g, u, cx->side, "formation", FM_LINE);
  if (artillery(a) && form != FM_MARCH) return gn__ai_order(cx, "formation %s limbered", a->v.id) == 0;
  /* ordered to move last bound and still where it was: the ground stopped
  ** that formation (woods, a wall); try the other */
  if (!artillery(a) && gn__ai_stuck(cx, u) && (form == FM_LINE || form == FM_MARCH))
    gn__ai_order(cx, "formation %s %s", a->v.id, form == FM_LINE ? "march" : "line");
  face_goal(cx, u, goal);
  gn__ai_move_toward(cx, "move", u, goal, step, 0, 0);
  return cx->given > given;
}

static void order_unit(ai_ctx *cx, int u) {
  const ai_unit *a = &cx->u[u];
  int dis = attr(cx->g, u, cx->side, "disorder", 0);
  if (dis >= DIS_FD) return;
  int supplies = attr(cx->g, u, cx->side, "supplies", -1);
  int form = attr(cx->g, u, cx->side, "formation", FM_LINE);
  double de;
  int e = gn__ai_nearest_enemy(cx, u, 1, &de);
  int lost_valour = gn__ai_unit_losses(cx, u) >= 0.2;
  /* rest */
  if (form == FM_REST) {
    if (de > REST_SAFE / 2) return;          /* rest goes on without a new order */
    gn__ai_order(cx, "formation %s line", a->v.id);
  } else if ((supplies == 0 || (lost_valour && cx->p->caution >= 0.5)) && de > REST_SAFE &&
             dis < DIS_MD) {
    if (gn__ai_order(cx, "rest %s", a->v.id) == 0) return;
  }
  /* attack, fire, move */
  if (attack(cx, u, e, de)) return;
  if (artillery(a)) {
    /* a battery unlimbers for a target in sight, fires while it has one and
    ** limbers to move only when it has none (it used to limber and unlimber
    ** in turn, bound after bound, when its target was out of sight) */
    int target = has_target(cx, u);
    if (form == FM_MARCH && target) { gn__ai_order(cx, "formation %s unlimbered", a->v.id); return; }
    if (form != FM_MARCH && target) {
      if (supplies != 0 && dis < DIS_MD) fire(cx, u);
      return;
    }
  } else if (supplies != 0 && dis < DIS_MD) {
    /* attacking, a unit closes to its standoff before it spends supplies on
    ** long-range fire (it fires from where it stands when it cannot close);
    ** defending, it fires at what comes */
    double standoff = STANDOFF_INF * gn__ai_standoff_factor(cx);
    if (cx->posture == AI_ATTACK && e >= 0 && de > standoff + 1) {
      if (advance(cx, u, e, de)) return;
      fire(cx, u);
      return;
    }
    if (fire(cx, u) >= 0) return;
  }
  /* defending: take post at the goal, and hold it once the enemy is near */
  if (cx->posture == AI_DEFEND && e >= 0 && de < STANDOFF_INF * 2 &&
      gn__ai_dist(a->v.box.c, gn__ai_goal(cx, u)) < 10)
    return;
  advance(cx, u, e, de);
}

/* Ammunition waggons drive to the nearest unit without supplies. */
static void waggons(ai_ctx *cx) {
  for (int w = 0; w < cx->n && !cx->err; w++) {
    const ai_unit *a = &cx->u[w];
    if (!a->mine || a->v.removed || !is_type(a, "waggon")) continue;
    if (attr(cx->g, w, cx->side, "ammunition", 0) != 1) continue;
    int best = -1;
    double bd = 1e300;
    for (int u = 0; u < cx->n; u++) {
      const ai_unit *b = &cx->u[u];
      if (!b->mine || !b->fighting || b->v.removed) continue;
      if (attr(cx->g, u, cx->side, "supplies", -1) != 0) continue;
      double d = gn__ai_distance(cx, w, u);
      if (d < bd) { bd = d; best = u; }
    }
    if (best < 0 || bd < 0.5) continue;
    gn_vec2 goal = cx->u[best].v.box.c;
    face_goal(cx, w, goal);
    gn__ai_move_toward(cx, "move", w, goal, bd, 0, 0);
  }
}

static int ba_play(ai_ctx *cx) {
  const char *ph = gn_game_phase(cx->g);
  if (!ph || strcmp(ph, "orders")) return 0;
  for (int u = 0; u < cx->n && !cx->err; u++) {
    const ai_unit *a = &cx->u[u];
    if (!a->mine || !a->fighting || a->v.removed) continue;
    order_unit(cx, u);
  }
  waggons(cx);
  return 0;
}

static int ba_acts(const gn_game *g, int side) {
  const char *ph = gn_game_phase(g);
  (void)side;
  return ph && !strcmp(ph, "orders");
}

const ai_doctrine gn__ai_doctrine_ba = {
  "ba", ba_fighting, ba_broken, ba_play, ba_acts, "end", 0,
};
