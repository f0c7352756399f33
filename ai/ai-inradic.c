/*
** ai-inradic.c: the Inradic doctrine. Sides take turns; in its turn each unit
** may move or charge once, fire or throw once, start one melee; pursuit
** orders at any time; routers obey no order (they retest and rally by
** themselves at the start of their side's turn). Per unit:
**   - pursuit: when the die allows a pursuit, take it up if it is worthwhile
**     (an aggressive commander, a fresh unit), else halt; a cautious
**     commander halts a pursuit that has run on after losses
**   - melee: a unit in contact fights on when the odds engine says so
**   - charge: an enemy in charge reach, when the odds are good
**   - fire: the best target in range and sight (steady, nearest)
**   - move: towards the objective of the posture, then fire if it can
** The rules accept or refuse every order (a refusal changes nothing).
*/
#include "ai.h"

#include <stdio.h>
#include <string.h>

/* Tactics (inches). */
#define STANDOFF 8.0          /* closes to this (half musket range: better cards) */
#define CHARGE_LOOK 20.0      /* enemies this near are weighed for a charge */
#define STEP 12.0             /* the longest move tried (the rules cut it to the unit's) */

enum { PU_NONE, PU_MAY, PU_PURSUING, PU_DECLINE };

static int attr(const gn_game *g, int u, int viewer, const char *name, int dflt) {
  int v;
  return gn_unit_attr(g, u, viewer, name, &v) == 0 ? v : dflt;
}

static int in_fighting(const char *type) { return gn__ai_type_fights(type); }

static int in_broken(const gn_game *g, int u, int viewer, const gn_unit_view *v) {
  return v->removed || attr(g, u, viewer, "status", 0) != 0;
}

/* Fire at the best target the rules accept: steady before routing, nearest first. */
static int fire(ai_ctx *cx, int u) {
  int cand[4] = {-1, -1, -1, -1};
  double cs[4] = {-1e300, -1e300, -1e300, -1e300};
  for (int i = 0; i < cx->n; i++) {
    const ai_unit *e = &cx->u[i];
    if (!e->v.known || e->mine || e->v.removed || !e->fighting) continue;
    double s = -gn__ai_distance(cx, u, i) - (e->broken ? 10 : 0);
    for (int k = 0; k < 4; k++)
      if (s > cs[k]) {
        for (int j = 3; j > k; j--) { cs[j] = cs[j - 1]; cand[j] = cand[j - 1]; }
        cs[k] = s; cand[k] = i;
        break;
      }
  }
  for (int k = 0; k < 4; k++)
    if (cand[k] >= 0 && gn__ai_order(cx, "fire %s at %s", cx->u[u].v.id, cx->u[cand[k]].v.id) == 0) return 1;
  return 0;
}

/* An order whose outcome the odds engine weighs first. 1 given. */
static int weighed(ai_ctx *cx, int u, int e, const char *order, double slack) {
  if (gn__ai_check(cx, "%s", order)) return 0;
  const char *seq[] = {order};
  double gain, p = gn__ai_odds(cx, seq, 1, u, e, &gain);
  if (!gn__ai_charge_ok(cx, p, gain, slack)) return 0;
  return gn__ai_order(cx, "%s", order) == 0;
}

static void pursuit(ai_ctx *cx, int u) {
  const ai_unit *a = &cx->u[u];
  int pu = attr(cx->g, u, cx->side, "pursuit", PU_NONE);
  double losses = gn__ai_unit_losses(cx, u);
  if (pu == PU_MAY) {
    int go = cx->p->aggression >= cx->p->caution * 0.8 && losses < 0.5;
    if (go) { if (gn__ai_order(cx, "pursue %s", a->v.id) == 0) return; }
    gn__ai_order(cx, "halt %s", a->v.id);
  } else if (pu == PU_PURSUING && cx->p->caution > 0.6 && losses > 0.3) {
    gn__ai_order(cx, "halt %s", a->v.id);
  }
}

static void act(ai_ctx *cx, int u) {
  const ai_unit *a = &cx->u[u];
  char order[160];
  pursuit(cx, u);
  if (attr(cx->g, u, cx->side, "pursuit", PU_NONE) == PU_PURSUING) return;
  double de;
  int e = gn__ai_nearest_enemy(cx, u, 1, &de);
  /* in contact: melee */
  if (e >= 0 && de <= 0.05) {
    snprintf(order, sizeof order, "melee %s with %s", a->v.id, cx->u[e].v.id);
    weighed(cx, u, e, order, 0.15);
    return;
  }
  /* charge */
  if (e >= 0 && de <= CHARGE_LOOK && (cx->posture == AI_ATTACK || cx->p->aggression >= 0.6)) {
    snprintf(order, sizeof order, "charge %s at %s", a->v.id, cx->u[e].v.id);
    if (weighed(cx, u, e, order, 0)) return;
  }
  /* fire, then close in and fire */
  if (fire(cx, u) && (cx->posture == AI_DEFEND || de <= STANDOFF)) return;
  if (cx->posture == AI_DEFEND && e >= 0 && de <= 2 * STANDOFF) { fire(cx, u); return; }
  gn_vec2 goal = gn__ai_goal(cx, u);
  double step = STEP;
  if (e >= 0) {
    gn_vec2 c = a->v.box.c, ec = cx->u[e].v.box.c;
    double standoff = STANDOFF * gn__ai_standoff_factor(cx);
    if ((goal.x - c.x) * (ec.x - c.x) + (goal.y - c.y) * (ec.y - c.y) > 0)
      step = de - standoff < step ? de - standoff : step;
  }
  if (step >= 0.5 && gn__ai_move_toward(cx, "move", u, goal, step, 0, 0) == 0)
    gn__ai_view(cx, u);
  fire(cx, u);
}

/* Every own unit offered a pursuit decides on it. */
static void pursuits(ai_ctx *cx) {
  for (int u = 0; u < cx->n && !cx->err; u++) {
    const ai_unit *a = &cx->u[u];
    if (!a->mine || !a->fighting || a->v.removed) continue;
    if (attr(cx->g, u, cx->side, "pursuit", PU_NONE) == PU_MAY) pursuit(cx, u);
  }
}

/*
** The side's orders.
**   1) not its turn: only pursuits (an enemy it beat off in the enemy's turn
**      may be pursued at any time, ref. IN-P3)
**   2) its turn: each unit acts, then every pursuit its own fire and melee
**      opened is decided before the turn ends (an open "may" lapses at the end)
*/
static int in_play(ai_ctx *cx) {
  if (gn_game_active_side(cx->g) != cx->side) { pursuits(cx); return 0; }     /* 1 */
  for (int u = 0; u < cx->n && !cx->err; u++) {                                /* 2 */
    const ai_unit *a = &cx->u[u];
    if (!a->mine || !a->fighting || a->broken) continue;
    act(cx, u);
  }
  pursuits(cx);
  return 0;
}

const ai_doctrine gn__ai_doctrine_inradic = {
  "inradic", in_fighting, in_broken, in_play, NULL, NULL, 0,
};
