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
**   - attack: an enemy in reach, when the melee looks good by the ruleset's
**     melee check, with the Table 8 factors the listing of its attack gives
**     (the rules' own count, less what the side may not know)
**   - fire: the nearest enemy in musket (gun) reach, with supplies
**   - move: towards the objective of the posture, turning first if the goal
**     is not ahead (units move forwards only), stopping out of musket reach
** Waggons carrying ammunition drive to the nearest unit without supplies;
** with staff command, staff figures ride to their disordered units.
** What is legal comes from the rules alone: the targets of fire and attack
** are chosen among those the listing of the unit's verb gives
** (gn__ai_actions). The distances are the commander's tactics; a move to a
** point it chooses goes to the rules, which may refuse it.
*/
#include "ai.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* Tactics (centimetres). */
#define REST_SAFE 60.0       /* rest only with no enemy nearer than this */
#define GUN_REACH 95.0      /* a limbered battery unlimbers for an enemy it sees this near */
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
  return gn__ai_order(cx, "turn %s %s", ai_name(&cx->u[u]), way) == 0;
}

/* 1 when battery u has a target: unlimbered, one the rules would fire at
** this bound (a ready target of its "fire" listing); limbered (it cannot
** fire, so the listing has none ready), an enemy still in the fight that
** it sees (the one line of sight, gn_unit_los) within the reach the
** commander gives its guns: it unlimbers for it, and stays unlimbered while
** the rules give it one. */
static int has_target(ai_ctx *cx, int u, int limbered) {
  if (!limbered) {
    const gn_action *x = gn__ai_actions(cx, u, "fire");
    for (int k = 0; x && k < x->ntargets; k++) {
      int t = x->targets[k].unit;
      if (t >= 0 && t < cx->n && x->targets[k].ready && !cx->u[t].broken) return 1;
    }
    return 0;
  }
  for (int i = 0; i < cx->n; i++) {
    const ai_unit *e = &cx->u[i];
    if (!e->v.known || e->mine || e->v.removed || !e->fighting || e->broken) continue;
    if (gn__ai_distance(cx, u, i) <= GUN_REACH && gn_unit_los(cx->g, u, i).visible) return 1;
  }
  return 0;
}

/* Fire at the nearest enemy the rules accept a fire order at (the listing
** of its "fire"); the target fired at, -1 none. Enemies out of the fight (a
** battery without gunners, a unit in full disorder) are not worth the
** supplies; an order the rules would not carry out this bound (ready 0) is
** not written. */
static int fire(ai_ctx *cx, int u) {
  const ai_unit *a = &cx->u[u];
  const gn_action *x = gn__ai_actions(cx, u, "fire");
  int best = -1;
  double bd = 1e300;
  for (int k = 0; x && k < x->ntargets; k++) {
    const gn_action_target *t = &x->targets[k];
    if (t->unit < 0 || t->unit >= cx->n || !t->ready) continue;
    const ai_unit *e = &cx->u[t->unit];
    if (!e->v.known || !e->fighting || e->broken) continue;
    if (t->distance < bd) { bd = t->distance; best = t->unit; }
  }
  if (best >= 0 && gn__ai_order(cx, "fire %s at %s", ai_name(a), ai_name(&cx->u[best])) == 0) return best;
  return -1;
}

/* ------------------------------------------------------------ attack odds */

#define ODDS_WORDS 48        /* the most words of an odds text read */

/* The words of an odds text (the listing's: "melee --attack a,b --defence c
** ... --defence-figures 20"), copied into buf: the check's name into
** *check, its arguments into argv. Their count, or -1 when they do not fit. */
static int odds_words(const char *odds, char *buf, size_t n, const char **check, const char **argv) {
  size_t len = strlen(odds);
  if (len >= n) return -1;
  memcpy(buf, odds, len + 1);
  int argc = -1;
  for (char *p = buf; *p;) {
    p += strspn(p, " ");
    if (!*p) break;
    char *w = p;
    p += strcspn(p, " ");
    if (*p) *p++ = 0;
    if (argc < 0) *check = w;
    else if (argc < ODDS_WORDS) argv[argc] = w;
    else return -1;
    argc++;
  }
  return argc;
}

/* Of the melee check's outcomes, each as the rules resolve it for the
** figures asked (its label, Table 11's result: "attacker wins by 9: loser
** FD, losses 0/15, prisoners 7"; "stalls: ...; losses 3/3"): out[0]
** P(the exchange favours the attacker), out[1] its mean gain: figures taken
** off less figures lost, a loser in full disorder 2, and a target driven
** off 1 and the worth of its ground (*ud); out[2] 1 when a label did not
** read. */
static void exchange_sum(gn_game *rules, const char *check, const gn_dist *d, void *ud, double *out) {
  double hold = *(const double *)ud;
  for (int i = 0; i < d->n; i++) {
    const char *l = gn_check_label(rules, check, d->o[i].value), *s = l ? strstr(l, "losses ") : NULL;
    int la, ld;
    if (!s || sscanf(s, "losses %d/%d", &la, &ld) != 2) { out[2] = 1; continue; }
    int won = !strncmp(l, "attacker wins", 13), lost = !strncmp(l, "defender wins", 13);
    int fd = strstr(l, "loser FD") != NULL;
    double x = ld - la + (won ? 1.0 + hold + (fd ? 2.0 : 0) : 0) - (lost && fd ? 2.0 : 0);
    if (x > 0) out[0] += d->o[i].p;
    out[1] += d->o[i].p * x;
  }
}

/* The worth of the ground e stands on: the objectives within whose radius it is. */
static double ground_of(const ai_ctx *cx, int e) {
  double hold = 0;
  for (int i = 0; i < cx->nobj; i++)
    if (gn_point_box_distance(cx->obj[i].at, cx->u[e].v.box) <= cx->obj[i].radius)
      hold += 2.0 * cx->obj[i].points / (cx->obj[i].points + 1.0);
  return hold;
}

/*
** The odds of u attacking e: P(the exchange favours us), and its mean gain.
**   1) the check of the listing of u's attack on e (odds: each side's
**      Table 8 factors and figures as the rules count them now, what u's
**      side may not know of the enemy left out), with the enemy's valour
**      where the side sees it
**   2) the ruleset's melee check, through the commander's memo (each
**      question is put to the odds engine once, exactly), every outcome as
**      the rules resolve it (exchange_sum): the rules, not the commander,
**      turn a result into losses
** -1 when they cannot be evaluated.
*/
static double attack_odds(ai_ctx *cx, int u, int e, const char *odds, double *gain) {
  char buf[2048], val[16], tag[48];
  const char *check = NULL, *argv[ODDS_WORDS + 2];
  *gain = 0;
  if (!odds) return -1;
  int argc = odds_words(odds, buf, sizeof buf, &check, argv);                      /* 1 */
  int v;
  if (argc < 0 || !check) return -1;
  if (gn_unit_attr(cx->g, e, cx->side, "valour", &v) == 0) {
    snprintf(val, sizeof val, "%d", v < -5 ? -5 : v > 5 ? 5 : v);
    argv[argc++] = "--defence-valour";
    argv[argc++] = val;
  }
  double hold = ground_of(cx, e), out[AI_SUMS];                                    /* 2 */
  snprintf(tag, sizeof tag, "exchange %.4f", hold);
  if (gn__ai_check_sum(cx, check, argc, argv, tag, exchange_sum, &hold, out) || out[2] != 0) return -1;
  *gain = out[1];
#ifdef AI_DEBUG
  fprintf(stderr, "ai %d: attack of %s on %s: %s: P(good) %.2f, gain %.2f, threshold %.2f\n", cx->side,
          ai_name(&cx->u[u]), ai_name(&cx->u[e]), odds, out[0], out[1], gn__ai_charge_threshold(cx));
#else
  (void)u;
#endif
  return out[0];
}

/* ------------------------------------------------------------ orders */

/* 1 when u's attack on e last bound came to nothing: u has not moved, and
** neither it nor e lost a figure (the ground or a formation stopped it
** short of the melee zone). The odds weigh the melee, not the approach, so
** u then advances instead (a move, a change of formation) until it has
** moved from there. */
static int attack_stalled(const ai_ctx *cx, int u, int e) {
  const gn_ai *ai = cx->ai;
  if (u >= ai->nstart || !ai->atk_turn[u] || ai->atk_target[u] != e) return 0;
  int strength = cx->u[u].v.strength * 10000 + cx->u[e].v.strength;
  return ai->atk_turn[u] < gn_game_turn(cx->g) && gn__ai_dist(cx->u[u].v.box.c, ai->atk_at[u]) < 0.5 &&
         ai->atk_str[u] == strength;
}

/* Attack the nearest enemy the rules accept an attack on (the listing of
** its "attack"), when it is in the commander's reach and the odds are good.
** 1 attacked. */
static int attack(ai_ctx *cx, int u) {
  const ai_unit *a = &cx->u[u];
  if (artillery(a)) return 0;
  if (!gn__ai_may_charge(cx, u)) return 0;
  double de;
  int e = gn__ai_listed_nearest(cx, u, "attack", &de);
  if (e < 0 || de > (cavalry(a) ? ATTACK_REACH_CAV : ATTACK_REACH_INF)) return 0;
  if (gn__ai_posture(cx, u) != AI_ATTACK && cx->p->aggression < 0.6 && de > 5) return 0;
  if (attack_stalled(cx, u, e)) return 0;
  /* cavalry attacks at the charge: its pace first, so that the rules count
  ** the charge among its factors; back to normal if it does not attack */
  int paced = cavalry(a) && gn__ai_order(cx, "pace %s charge", ai_name(a)) == 0;
  const gn_action *x = gn__ai_actions(cx, u, "attack");
  const char *odds = NULL;
  for (int k = 0; x && k < x->ntargets; k++)
    if (x->targets[k].unit == e) odds = x->targets[k].odds;
  double gain, p = attack_odds(cx, u, e, odds, &gain);
  if (!gn__ai_charge_ok(cx, p, gain, 0) || gn__ai_order(cx, "attack %s %s", ai_name(a), ai_name(&cx->u[e]))) {
    if (paced) gn__ai_order(cx, "pace %s normal", ai_name(a));
    return 0;
  }
  if (u < cx->ai->nstart) {
    cx->ai->atk_turn[u] = gn_game_turn(cx->g);
    cx->ai->atk_target[u] = e;
    cx->ai->atk_at[u] = a->v.box.c;
    cx->ai->atk_str[u] = a->v.strength * 10000 + cx->u[e].v.strength;
  }
  return 1;
}

/* The step of u towards its goal, short of the enemy by its standoff. 1 when
** it was given an order (a move, a turn, a formation). */
static int advance(ai_ctx *cx, int u, int e, double de) {
  const ai_unit *a = &cx->u[u];
  int given = cx->given;
  gn_vec2 goal = gn__ai_goal(cx, u);
  double standoff = (artillery(a) ? STANDOFF_GUN : STANDOFF_INF) * gn__ai_unit_standoff(cx, u);
  double step = STEP;
  if (e >= 0) {
    gn_vec2 c = a->v.box.c, ec = cx->u[e].v.box.c;
    if ((goal.x - c.x) * (ec.x - c.x) + (goal.y - c.y) * (ec.y - c.y) > 0)
      step = de - standoff < step ? de - standoff : step;
  }
  if (step < 1 || gn__ai_dist(a->v.box.c, goal) < 1) return 0;
  int form = attr(cx->g, u, cx->side, "formation", FM_LINE);
  if (artillery(a) && form != FM_MARCH) return gn__ai_order(cx, "formation %s limbered", ai_name(a)) == 0;
  const ai_task *t = gn__ai_task(cx, u);
  if (t && t->kind == AI_TASK_MARCH) {   /* in march formation, by road where a road leads */
    if (!artillery(a) && form != FM_MARCH && gn__ai_order(cx, "formation %s march", ai_name(a)) == 0) return 1;
    gn__ai_road_next(cx, u, goal, &goal);
  }
  /* ordered to move last bound and still where it was: the ground stopped
  ** that formation (woods, a wall); try the other */
  if (!artillery(a) && gn__ai_stuck(cx, u) && (form == FM_LINE || form == FM_MARCH))
    gn__ai_order(cx, "formation %s %s", ai_name(a), form == FM_LINE ? "march" : "line");
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
    gn__ai_order(cx, "formation %s line", ai_name(a));
  } else if ((supplies == 0 || (lost_valour && cx->p->caution >= 0.5)) && de > REST_SAFE &&
             dis < DIS_MD) {
    if (gn__ai_order(cx, "rest %s", ai_name(a)) == 0) return;
  }
  /* attack, fire, move */
  if (attack(cx, u)) return;
  if (artillery(a)) {
    /* a battery unlimbers for a target in sight, fires while it has one and
    ** limbers to move only when it has none (it used to limber and unlimber
    ** in turn, bound after bound, when its target was out of sight) */
    int target = has_target(cx, u, form == FM_MARCH);
    if (form == FM_MARCH && target) { gn__ai_order(cx, "formation %s unlimbered", ai_name(a)); return; }
    if (form != FM_MARCH && target) {
      if (supplies != 0 && dis < DIS_MD) fire(cx, u);
      return;
    }
  } else if (supplies != 0 && dis < DIS_MD) {
    /* attacking, a unit closes to its standoff before it spends supplies on
    ** long-range fire (it fires from where it stands when it cannot close);
    ** defending, it fires at what comes */
    double standoff = STANDOFF_INF * gn__ai_unit_standoff(cx, u);
    if (gn__ai_posture(cx, u) == AI_ATTACK && e >= 0 && de > standoff + 1) {
      if (advance(cx, u, e, de)) return;
      fire(cx, u);
      return;
    }
    if (fire(cx, u) >= 0) return;
  }
  /* defending: take post at the goal, and hold it once the enemy is near */
  if (gn__ai_posture(cx, u) == AI_DEFEND && e >= 0 && de < STANDOFF_INF * 2 &&
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

/* 1 when staff figure st answers for unit u as the commander reads the
** formations: the same formation, or either in none (the commander's rule of
** thumb; whether his command reaches is the rules' alone). */
static int answers_to(const ai_ctx *cx, int st, int u) {
  int fs = cx->u[st].v.formation, f = cx->u[u].v.formation;
  return fs < 0 || f < 0 || fs == f;
}

/* Staff figures whose command reaches a radius (the side's view gives it
** only when the scenario has staff command, docs/scenario.md) ride to the
** nearest of their own disordered units beyond it, to stand half their
** radius from it on their own side of it, so that it reorganises under
** command. Without staff command they stay where they are. */
static void staff(ai_ctx *cx) {
  for (int st = 0; st < cx->n && !cx->err; st++) {
    const ai_unit *a = &cx->u[st];
    if (!a->mine || a->v.removed || !is_type(a, "staff") || a->v.command_radius < 0) continue;
    int best = -1;
    double bd = 1e300;
    for (int u = 0; u < cx->n; u++) {
      const ai_unit *b = &cx->u[u];
      if (!b->mine || !b->fighting || b->v.removed || !answers_to(cx, st, u)) continue;
      if (attr(cx->g, u, cx->side, "disorder", 0) == DIS_NONE) continue;
      double d = gn__ai_distance(cx, st, u);
      if (d < bd) { bd = d; best = u; }
    }
    if (best < 0 || bd <= a->v.command_radius) continue;
    gn_vec2 from = cx->u[best].v.box.c, at = a->v.box.c;
    double dx = at.x - from.x, dy = at.y - from.y, l = sqrt(dx * dx + dy * dy);
    double keep = a->v.command_radius / 2 + cx->u[best].reach;
    gn_vec2 goal = { from.x + dx / l * keep, from.y + dy / l * keep };
    gn__ai_move_toward(cx, "move", st, goal, gn__ai_dist(at, goal), 0, 0);   /* staff ride any way */
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
  staff(cx);
  return 0;
}

static int ba_acts(const gn_game *g, int side) {
  const char *ph = gn_game_phase(g);
  (void)side;
  return ph && !strcmp(ph, "orders");
}

const ai_doctrine gn__ai_doctrine_ba = {
  "ba", ba_fighting, ba_broken, ba_play, ba_acts,
};
