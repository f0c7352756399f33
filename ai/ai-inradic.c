/*
** ai-inradic.c: the Inradic doctrine. Sides take turns; in its turn each unit
** may move or charge once, fire or throw once, start one melee; pursuit
** orders at any time; routers obey no order (they retest and rally by
** themselves at the start of their side's turn). Per unit:
**   - pursuit: when the die allows a pursuit, take it up if it is worthwhile
**     (an aggressive commander, a fresh unit), else halt; a cautious
**     commander halts a pursuit that has run on after losses
**   - melee: a unit in contact fights on when the odds are good (the
**     ruleset's melee and morale checks)
**   - charge: an enemy in charge reach, when the odds are good
**   - fire: the best target in range and sight (steady, nearest)
**   - move: towards the objective of the posture, then fire if it can
** What is legal comes from the rules alone: targets of fire, charge and
** melee are chosen among those the listing of the unit's verb gives
** (gn__ai_actions); a move to a point it chooses goes to the rules, which
** may refuse it (a refusal changes nothing).
*/
#include "ai.h"

#include <stdio.h>
#include <string.h>

/* Tactics (inches). */
#define STANDOFF 8.0          /* closes to this (half musket range: better cards) */
#define CHARGE_LOOK 20.0      /* enemies this near are weighed for a charge */

enum { PU_NONE, PU_MAY, PU_PURSUING, PU_DECLINE };

static int attr(const gn_game *g, int u, int viewer, const char *name, int dflt) {
  int v;
  return gn_unit_attr(g, u, viewer, name, &v) == 0 ? v : dflt;
}

static int in_fighting(const char *type) { return gn__ai_type_fights(type); }

static int in_broken(const gn_game *g, int u, int viewer, const gn_unit_view *v) {
  return v->removed || attr(g, u, viewer, "status", 0) != 0;
}

/* Fire at the best target the rules accept (the listing of its "fire"):
** steady before routing, nearest first. */
static int fire(ai_ctx *cx, int u) {
  const gn_action *x = gn__ai_actions(cx, u, "fire");
  int best = -1;
  double bs = -1e300;
  for (int k = 0; x && k < x->ntargets; k++) {
    int i = x->targets[k].unit;
    if (i < 0 || i >= cx->n || !cx->u[i].fighting) continue;
    double s = -x->targets[k].distance - (cx->u[i].broken ? 10 : 0);
    if (s > bs) { bs = s; best = i; }
  }
  return best >= 0 && gn__ai_order(cx, "fire %s at %s", ai_name(&cx->u[u]), ai_name(&cx->u[best])) == 0;
}

/* ------------------------------------------------------------ odds of a fight */

/* The figures of u as the melee check counts them: ordinary ones (privates,
** buglers, flag bearers) and leaders (corporals, NCOs, officers, heroes,
** staff and generals, who draw 3 cards each: roles.leader in the data). */
static void figures(const ai_ctx *cx, int u, int *ordinary, int *leaders) {
  static const char *const lead[] = {"corporal", "nco", "officer", "hero", "staff", "general"};
  int s = gn__ai_odds_strength(cx, u), l = 0;
  for (size_t i = 0; i < sizeof lead / sizeof lead[0]; i++) {
    int n = gn__ai_odds_attr(cx, u, lead[i]);
    if (n > 0) l += n;
  }
  if (l > s) l = s;
  *ordinary = s - l;
  *leaders = l;
}

/* The name of u's quality, as the checks take it ("" when unknown). */
static const char *quality(const ai_ctx *cx, int u) {
  gn_attr_info ai;
  int q = gn__ai_odds_attr(cx, u, "quality");
  for (int i = 0; q >= 0 && gn_ruleset_attr("inradic", i, &ai) == 0; i++)
    if (!strcmp(ai.name, "quality") && ai.names) {
      for (int k = 0; ai.names[k]; k++) if (k == q) return ai.names[k];
      break;
    }
  return "";
}

/* P(u passes a morale test with r figures left), by the ruleset's morale
** check through the memo; arc: the side it is engaged on; why ("--melee-lost"
** after losing n in a melee, "--charged-by" charged by n figures; NULL: a
** test in any case): what may call for no test, as the check decides. 0 when
** none are left. */
static double passes(ai_ctx *cx, int u, int r, gn_arc arc, const char *why, int n) {
  if (r <= 0) return 0;
  int s0 = cx->u[u].v.strength0 > r ? cx->u[u].v.strength0 : r;
  char st[16], rm[16], nb[16];
  snprintf(st, sizeof st, "%d", s0 > 200 ? 200 : s0);
  snprintf(rm, sizeof rm, "%d", r > 200 ? 200 : r);
  snprintf(nb, sizeof nb, "%d", n > 200 ? 200 : n);
  const char *q = quality(cx, u);
  const char *argv[10] = {"--start", st, "--remaining", rm};
  int argc = 4;
  if (why) { argv[argc++] = why; argv[argc++] = nb; }
  if (q[0]) { argv[argc++] = "--quality"; argv[argc++] = q; }
  if (arc == GN_ARC_LEFT || arc == GN_ARC_RIGHT) argv[argc++] = "--flank";
  if (arc == GN_ARC_REAR) argv[argc++] = "--rear";
  double p = gn__ai_check_p(cx, "morale", argc, argv, 1);
  return p < 0 ? 0.5 : p;
}

/* Of the melee check with --count both (100 x the defender's loss + the
** attacker's): out[0] and out[1] how many values of each loss follow, then
** P(the defender loses k) for k from 0, then the same for the attacker (the
** two sides draw from their own decks; a loss past the room is counted at
** the last value). */
static void losses_sum(gn_game *rules, const char *check, const gn_dist *d, void *ud, double *out) {
  int room = (AI_SUMS - 2) / 2;
  (void)rules; (void)check; (void)ud;
  out[0] = out[1] = 1;
  for (int i = 0; i < d->n; i++) {
    int ld = (int)(d->o[i].value / 100), la = (int)(d->o[i].value % 100);
    if (ld >= room) ld = room - 1;
    if (la >= room) la = room - 1;
    if (ld + 1 > out[0]) out[0] = ld + 1;
    if (la + 1 > out[1]) out[1] = la + 1;
    out[2 + ld] += d->o[i].p;
    out[2 + room + la] += d->o[i].p;
  }
  /* packed: the attacker's values right after the defender's */
  memmove(out + 2 + (int)out[0], out + 2 + room, (size_t)out[1] * sizeof *out);
}

/* Step 1 of fight_odds: P(e routs at u's charge, before any melee), where
** the charge calls for a test (the morale check says: charged by sa
** figures, e of sb, u in its arc). 0 for a round of melee. */
static double routs_first(ai_ctx *cx, int e, int sa, int sb, gn_arc arc, int charge) {
  return charge ? 1 - passes(cx, e, sb, arc, "--charged-by", sa) : 0;
}

/* Step 2 of fight_odds: the round's losses of each side from the melee
** check (ordinary figures and leaders), into out as losses_sum packs them.
** 0, or -1 when a side has no figure or the check cannot be asked. */
static int round_losses(ai_ctx *cx, int u, int e, double out[AI_SUMS]) {
  int oa, la, ob, lb;
  figures(cx, u, &oa, &la);
  figures(cx, e, &ob, &lb);
  if ((oa < 1 && la < 1) || (ob < 1 && lb < 1)) return -1;
  char a[4][16];
  snprintf(a[0], sizeof a[0], "%d", oa > 60 ? 60 : oa);
  snprintf(a[1], sizeof a[1], "%d", ob > 60 ? 60 : ob);
  snprintf(a[2], sizeof a[2], "%d", la > 20 ? 20 : la);
  snprintf(a[3], sizeof a[3], "%d", lb > 20 ? 20 : lb);
  const char *argv[] = {"--attackers", a[0], "--defenders", a[1], "--attacker-leaders", a[2],
                        "--defender-leaders", a[3], "--count", "both"};
  return gn__ai_check_sum(cx, "melee", 10, argv, "losses", losses_sum, NULL, out) ? -1 : 0;
}

/* A fight's two sides for exchange: the units, their strengths, where u
** stands of e, and what routing e is worth. */
typedef struct fight { int u, e, sa, sb; gn_arc arc; double routed; } fight;

/* Step 3 of fight_odds: of the round's losses (out, from round_losses),
** P(the exchange favours u) and its mean gain in *gain: each side tests its
** morale with the figures left where its losses call for a test (the morale
** check says; a side with none left is gone); figures taken off less
** figures lost, a routed target f->routed, a routed unit of ours -2. */
static double exchange(ai_ctx *cx, const fight *f, const double *out, double *gain) {
  int nd = (int)out[0], na = (int)out[1];
  const double *pd = out + 2, *pa = out + 2 + nd;
  double qd[AI_SUMS], qa[AI_SUMS];     /* P(routs) after losing k */
  for (int k = 0; k < nd; k++) qd[k] = 1 - passes(cx, f->e, f->sb - k, f->arc, "--melee-lost", k);
  for (int k = 0; k < na; k++) qa[k] = 1 - passes(cx, f->u, f->sa - k, GN_ARC_FRONT, "--melee-lost", k);
  double p = 0, g = 0;
  for (int i = 0; i < nd; i++)
    for (int j = 0; j < na; j++) {
      double pij = pd[i] * pa[j];
      if (pij <= 0) continue;
      for (int c = 0; c < 4; c++) {
        int dr = c & 1, ar = c >> 1;
        double pc = pij * (dr ? qd[i] : 1 - qd[i]) * (ar ? qa[j] : 1 - qa[j]);
        double x = (i < f->sb ? i : f->sb) - (j < f->sa ? j : f->sa) + (dr ? f->routed : 0) - (ar ? 2.0 : 0);
        if (x > 0) p += pc;
        g += pc * x;
      }
    }
  *gain = g;
  return p;
}

/*
** The odds of u fighting e (a charge, or a round of melee in contact):
** P(the exchange favours us) and its mean gain, from the ruleset's checks
** through the memo (each question asked of the odds engine once).
**   1) a charge: e may rout before the melee, where the charge calls for a
**      test (routs_first)
**   2) the round: each side's losses from the melee check (round_losses)
**   3) the gain (exchange): figures taken off less figures lost; a routed
**      target 2 and its ground (1 and the worth of an objective); a routed
**      unit of ours -2
** -1 when they cannot be evaluated. (The obstacle, cover and hill factors
** are left out: a commander's reckoning, not the rules'.)
*/
static double fight_odds(ai_ctx *cx, int u, int e, int charge, double *gain) {
  fight f = {u, e, gn__ai_odds_strength(cx, u), gn__ai_odds_strength(cx, e),
             gn_box_arc(cx->u[e].v.box, cx->u[u].v.box.c), 0};
  *gain = 0;
  if (f.sa < 1 || f.sb < 1) return -1;
  double hold = 0;
  for (int i = 0; i < cx->nobj; i++)
    if (gn_point_box_distance(cx->obj[i].at, cx->u[e].v.box) <= cx->obj[i].radius)
      hold += 2.0 * cx->obj[i].points / (cx->obj[i].points + 1.0);
  f.routed = 3.0 + hold;               /* 2 for the rout, 1 and the objective for the ground */
  double f0 = routs_first(cx, e, f.sa, f.sb, f.arc, charge);                       /* 1 */
  double out[AI_SUMS], g;
  if (round_losses(cx, u, e, out)) return -1;                                      /* 2 */
  double p = exchange(cx, &f, out, &g);                                            /* 3 */
  *gain = f0 * f.routed + (1 - f0) * g;
  p = f0 + (1 - f0) * p;
#ifdef AI_DEBUG
  fprintf(stderr, "ai %d: %s of %s at %s: P(routs first) %.2f, P(good) %.2f, gain %.2f, threshold %.2f\n",
          cx->side, charge ? "charge" : "melee", ai_name(&cx->u[u]), ai_name(&cx->u[e]), f0, p, *gain,
          gn__ai_charge_threshold(cx));
#endif
  return p;
}

/* An order whose outcome is weighed first (charge: 1 for a charge, 0 for a
** round of melee), then given (the rules may still refuse it). 1 given. */
static int weighed(ai_ctx *cx, int u, int e, const char *order, double slack, int charge) {
  double gain, p = fight_odds(cx, u, e, charge, &gain);
  if (!gn__ai_charge_ok(cx, p, gain, slack)) return 0;
  return gn__ai_order(cx, "%s", order) == 0;
}

static void pursuit(ai_ctx *cx, int u) {
  const ai_unit *a = &cx->u[u];
  int pu = attr(cx->g, u, cx->side, "pursuit", PU_NONE);
  double losses = gn__ai_unit_losses(cx, u);
  if (pu == PU_MAY) {
    int go = cx->p->aggression >= cx->p->caution * 0.8 && losses < 0.5;
    if (go) { if (gn__ai_order(cx, "pursue %s", ai_name(a)) == 0) return; }
    gn__ai_order(cx, "halt %s", ai_name(a));
  } else if (pu == PU_PURSUING && cx->p->caution > 0.6 && losses > 0.3) {
    gn__ai_order(cx, "halt %s", ai_name(a));
  }
}

static void act(ai_ctx *cx, int u) {
  const ai_unit *a = &cx->u[u];
  char order[160];
  pursuit(cx, u);
  if (attr(cx->g, u, cx->side, "pursuit", PU_NONE) == PU_PURSUING) return;
  double de;
  int e = gn__ai_nearest_enemy(cx, u, 1, &de);
  /* in contact: a melee the rules accept, with the nearest */
  int m = gn__ai_listed_nearest(cx, u, "melee", NULL);
  if (m >= 0) {
    snprintf(order, sizeof order, "melee %s with %s", ai_name(a), ai_name(&cx->u[m]));
    weighed(cx, u, m, order, 0.15, 0);
    return;
  }
  /* charge: the nearest the rules accept a charge at, within the commander's look */
  ai_posture posture = gn__ai_posture(cx, u);
  int ch = e >= 0 && gn__ai_may_charge(cx, u) && (posture == AI_ATTACK || cx->p->aggression >= 0.6)
             ? gn__ai_listed_nearest(cx, u, "charge", NULL) : -1;
  if (ch >= 0 && gn__ai_distance(cx, u, ch) <= CHARGE_LOOK) {
    snprintf(order, sizeof order, "charge %s at %s", ai_name(a), ai_name(&cx->u[ch]));
    if (weighed(cx, u, ch, order, 0, 1)) return;
  }
  /* fire, then close in and fire; a unit retiring goes first and fires after */
  const ai_task *t = gn__ai_task(cx, u);
  int retiring = t && t->kind == AI_TASK_RETIRE && gn__ai_must_move(cx, u);
  if (!retiring && fire(cx, u) && (posture == AI_DEFEND || de <= STANDOFF)) return;
  if (!retiring && posture == AI_DEFEND && e >= 0 && de <= 2 * STANDOFF && !gn__ai_must_move(cx, u)) {
    fire(cx, u);
    return;
  }
  gn_vec2 goal = gn__ai_goal(cx, u);
  double step = gn__ai_move_left(cx, u, "move");
  if (e >= 0) {
    gn_vec2 c = a->v.box.c, ec = cx->u[e].v.box.c;
    double standoff = STANDOFF * gn__ai_unit_standoff(cx, u);
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
  "inradic", in_fighting, in_broken, in_play, NULL,
};
