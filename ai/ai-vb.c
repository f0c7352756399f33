/*
** ai-vb.c: the Volley & Bayonet doctrine. One side plays its phases in turn
** (command, movement, rally, morale, combat, exhaustion); the commander acts
** in three of them:
**   movement  charge into contact where the odds engine says the melee that
**             follows is good; advance in command towards the objective of
**             the posture, stopping at musket or gun range; artillery limbers
**             to move and unlimbers in range; yellow disorder is reordered
**             away from the enemy; a division worn down retreats; leaders
**             stay with their own commands; a formation with a plan (plan.c)
**             follows its task: a march goes in column by road
**   rally     routed stands are rallied by a corps or army commander in reach
**   combat    stands in contact melee if the odds are good (else they fire);
**             others fire at the best target the rules accept
** What is legal comes from the rules alone: the commander asks the listing
** of a stand's verb (gn__ai_actions) and chooses among the targets it gives
** (fire, charge, rally), and takes the move a stand has left from it. The
** distances below are the commander's tactics, not rules; a move to a point
** it chooses goes to the rules, which may refuse it (a probe that changed
** nothing, and the next point is tried).
*/
#include "ai.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Tactics (table units, inches). */
#define STANDOFF_INF 1.0     /* formed infantry closes to this from the enemy (musket 2") */
#define STANDOFF_ART 5.0     /* guns stay this far (close range of field guns) */
#define STANDOFF_CAV 3.0     /* cavalry waits here for a charge */
#define UNLIMBER_AT 10.0     /* guns unlimber with an enemy this near */
#define WORN_DIVISION 0.5    /* a division that lost this share of its SP falls back */
#define LEADER_BEHIND 1.5    /* leaders stand this far behind their troops */
#define LEADER_SLACK 0.5     /* nor do they move for less than this */
#define MARCH_DEPLOY 6.0     /* a stand on a march stops marching with an enemy this near */

static int vb_fighting(const char *type) { return gn__ai_type_fights(type); }

static int vb_broken(const gn_game *g, int u, int viewer, const gn_unit_view *v) {
  int r;
  return v->removed || (gn_unit_attr(g, u, viewer, "routed", &r) == 0 && r);
}

/* The typed state of unit u as the side sees it (vb.c's schema: disorder 0
** none, 1 disordered, 2 permanently disordered; routed, march, limbered,
** in_command 0 or 1); never the status text. */
static int disordered(const ai_ctx *cx, int u) { return gn__ai_seen(cx, u, "disorder", 0) >= 1; }
static int limbered(const ai_ctx *cx, int u) { return gn__ai_seen(cx, u, "limbered", 0) == 1; }
static int in_march(const ai_ctx *cx, int u) { return gn__ai_seen(cx, u, "march", 0) == 1; }
static int routed(const ai_ctx *cx, int u) { return gn__ai_seen(cx, u, "routed", 0) == 1; }
static int out_of_command(const ai_ctx *cx, int u) { return gn__ai_seen(cx, u, "in_command", 1) == 0; }

/* 1 when the stand's type name starts with the literal prefix p (the first
** letter decides most: the AI asks this for every stand many times a phase). */
static int type_is(const ai_unit *a, const char *prefix, size_t n) {
  return a->v.type && a->v.type[0] == prefix[0] && !strncmp(a->v.type, prefix, n);
}
#define is_type(a, p) type_is((a), "" p, sizeof(p) - 1)

static int artillery(const ai_unit *a) { return is_type(a, "artillery") || is_type(a, "battery"); }
static int cavalry(const ai_unit *a) { return is_type(a, "cavalry"); }

/* Losses of the formation f of side, as the side knows its own units. */
static double formation_losses(const ai_ctx *cx, int f) {
  double s0 = 0, s = 0;
  for (int i = 0; i < cx->n; i++) {
    const ai_unit *a = &cx->u[i];
    if (!a->mine || !a->fighting || a->v.formation != f || artillery(a)) continue;
    int st0 = i < cx->ai->nstart ? cx->ai->start[i] : 0;
    s0 += st0;
    s += a->v.removed || a->v.strength < 0 ? 0 : a->v.strength;
  }
  return s0 > 0 ? 1.0 - s / s0 : 0;
}

/* ------------------------------------------------------------ melee odds */

/* Melee dice of stand u as the side may know them: its view's (the rules'
** count, ref. VB-B11). An enemy stand whose SP are hidden, as the commander
** guesses: the mean dice its own stands of that type had when it first saw
** them (else all its own), at least 1; a stand out of the fight, none. */
static int melee_dice(const ai_ctx *cx, int u) {
  const ai_unit *a = &cx->u[u];
  if (a->broken) return 0;
  if (a->v.melee >= 0) return a->v.melee;
  double sum[2] = {0, 0};
  int n[2] = {0, 0};
  for (int i = 0; i < cx->n && i < cx->ai->nstart; i++) {
    const ai_unit *b = &cx->u[i];
    if (!b->mine || !b->fighting || !cx->ai->dice0 || cx->ai->dice0[i] < 0) continue;
    int k = b->v.type && a->v.type && !strcmp(b->v.type, a->v.type) ? 0 : 1;
    sum[k] += cx->ai->dice0[i];
    n[k]++;
  }
  double guess = n[0] ? sum[0] / n[0] : n[1] ? sum[1] / n[1] : 1;
  return guess < 1 ? 1 : (int)lround(guess);
}

/* Keeps the melee dice of the side's own stands first seen on the table
** (the guess for an enemy's hidden dice, melee_dice). 0 or GN_ENOMEM. */
static int dice_seen(ai_ctx *cx) {
  gn_ai *ai = cx->ai;
  if (!ai->dice0) {
    if (!(ai->dice0 = malloc((ai->nstart > 0 ? (size_t)ai->nstart : 1) * sizeof *ai->dice0))) return GN_ENOMEM;
    for (int i = 0; i < ai->nstart; i++) ai->dice0[i] = -1;
  }
  for (int i = 0; i < cx->n && i < cx->ai->nstart; i++) {
    const ai_unit *b = &cx->u[i];
    if (b->mine && cx->ai->dice0[i] < 0 && !b->v.removed && b->v.melee >= 0) cx->ai->dice0[i] = b->v.melee;
  }
  return 0;
}

/* P(the attacker wins) of the melee check with these dice and morale
** (cavalry attacking or not), through the memo; the answers of this battle
** are kept by their packed arguments, not asked of the memo again. */
static double melee_p(ai_ctx *cx, const int dice[2], const int morale[2], int cav) {
  gn_ai *ai = cx->ai;
  uint32_t key = 0;
  size_t slot = 0;
  int packed = dice[0] >= 0 && dice[0] < 256 && dice[1] >= 0 && dice[1] < 256 && morale[0] >= -1 &&
               morale[0] < 127 && morale[1] >= -1 && morale[1] < 127;
  if (packed) {
    key = 0x80000000u | (uint32_t)(cav != 0) | (uint32_t)dice[0] << 1 | (uint32_t)dice[1] << 9 |
          (uint32_t)(morale[0] + 1) << 17 | (uint32_t)(morale[1] + 1) << 24;
    slot = (key * 2654435761u >> 24) & (AI_PCACHE - 1);
    for (int k = 0; k < AI_PCACHE && ai->pkey[slot]; k++, slot = (slot + 1) & (AI_PCACHE - 1))
      if (ai->pkey[slot] == key) return ai->pval[slot];
  }
  char a[4][16];
  for (int k = 0; k < 2; k++) {
    snprintf(a[k], sizeof a[k], "%d", dice[k]);
    snprintf(a[2 + k], sizeof a[2 + k], "%d", morale[k]);
  }
  const char *argv[] = {"--attack-dice", a[0], "--defence-dice", a[1], "--attack-morale", a[2],
                        "--defence-morale", a[3], "--attack-cavalry"};
  double p = gn__ai_check_p(cx, "melee", cav ? 9 : 8, argv, 0);
  if (packed && p >= 0 && !ai->pkey[slot]) { ai->pkey[slot] = key; ai->pval[slot] = p; }
  return p;
}

/*
** The odds of a melee of u against e: P(u's side wins), and the mean gain
** of the exchange (in SP, broken stands and ground, as gn__ai_odds counts it).
**   1) the two bodies: u and its stands touching e; e and its stands touching u
**   2) each body's dice and highest morale; P(the attacker wins) from the
**      ruleset's melee check, exact, through the commander's memo: the same
**      question is put to the odds engine once
**   3) the gain: a win drives the target from its ground (1, more from an
**      objective) and routs it if it was disordered (2); a loss costs us the
**      same; the winner has the better of the SP exchange (1)
** -1 when the odds cannot be evaluated.
*/
static double melee_odds(ai_ctx *cx, int u, int e, double *gain) {
  int dice[2] = {0, 0}, morale[2] = {-100, -100}, cav = cavalry(&cx->u[u]);
  *gain = 0;
  /* 1) */
  for (int i = 0; i < cx->n; i++) {
    const ai_unit *b = &cx->u[i];
    if (!b->v.known || b->v.removed || !b->fighting || b->broken) continue;
    int k;
    if (i == u || i == e) k = i == e;
    else if (b->mine && gn__ai_distance_upto(cx, i, e, 0.01) <= 0.01) k = 0;
    else if (!b->mine && gn__ai_distance_upto(cx, i, u, 0.01) <= 0.01) k = 1;
    else continue;
    /* 2) */
    dice[k] += melee_dice(cx, i);
    int m = gn__ai_odds_attr(cx, i, "morale");
    if (m > morale[k]) morale[k] = m;
  }
  for (int k = 0; k < 2; k++) morale[k] = morale[k] > -100 ? morale[k] : 0;
  double p = melee_p(cx, dice, morale, cav);
  if (p < 0) return -1;
  /* 3) */
  double hold = 0;
  for (int i = 0; i < cx->nobj; i++)
    if (gn_point_box_distance(cx->obj[i].at, cx->u[e].v.box) <= cx->obj[i].radius)
      hold += 2.0 * cx->obj[i].points / (cx->obj[i].points + 1.0);
  double win = 2.0 + hold + (disordered(cx, e) ? 2.0 : 0);
  double lose = 2.0 + (disordered(cx, u) ? 2.0 : 0);
  *gain = p * win - (1 - p) * lose;
#ifdef AI_DEBUG
  fprintf(stderr, "ai %d: melee of %s at %s: dice %d:%d, morale %d:%d, P(win) %.2f, gain %.2f, threshold %.2f\n",
          cx->side, ai_name(&cx->u[u]), ai_name(&cx->u[e]), dice[0], dice[1], morale[0], morale[1], p, *gain,
          gn__ai_charge_threshold(cx));
#endif
  return p;
}

/* ------------------------------------------------------------ movement */

/* Charge into contact when the melee after it looks good: of the targets
** the rules accept, the two nearest are weighed. 1 charged. */
static int try_charge(ai_ctx *cx, int u) {
  const ai_unit *a = &cx->u[u];
  if (artillery(a)) return 0;
  if (!gn__ai_may_charge(cx, u)) return 0;
  if (!cavalry(a) && cx->p->aggression < 0.6 && gn__ai_posture(cx, u) != AI_ATTACK) return 0;
  const gn_action *x = gn__ai_actions(cx, u, "charge");
  int cand[2] = {-1, -1};
  double cd[2] = {1e300, 1e300};
  for (int k = 0; x && k < x->ntargets; k++) {
    int i = x->targets[k].unit;
    double d = x->targets[k].distance;
    if (i < 0 || i >= cx->n || cx->u[i].broken || !cx->u[i].fighting) continue;
    if (d < cd[0]) { cand[1] = cand[0]; cd[1] = cd[0]; cand[0] = i; cd[0] = d; }
    else if (d < cd[1]) { cand[1] = i; cd[1] = d; }
  }
  for (int k = 0; k < 2; k++) {
    int e = cand[k];
    if (e < 0) continue;
    /* the contact now, the melee in the combat phase */
    double gain, p = melee_odds(cx, u, e, &gain);
    if (gn__ai_charge_ok(cx, p, gain, 0) && gn__ai_order(cx, "charge %s at %s", ai_name(a), ai_name(&cx->u[e])) == 0)
      return 1;
  }
  return 0;
}

/* The step of u towards its goal, short of the enemy by its standoff. A
** stand out of command has half its move and may not close on the enemy
** (VB-B3): positions nearer the enemy are not tried. Its status says so from
** the last time it moved; the rules judge command again when it starts to
** move, so a stand the rules find out of command (a VB-B3 refusal) tries
** again as one. A stand of a division the rules found exhausted (a VB-B12
** refusal, remembered for the battle) tries no place nearer the enemy. */
static void advance(ai_ctx *cx, int u, int ooc) {
  const ai_unit *a = &cx->u[u];
  double de;
  int e = gn__ai_nearest_enemy(cx, u, 0, &de);
  double standoff = artillery(a) ? STANDOFF_ART : cavalry(a) ? STANDOFF_CAV : STANDOFF_INF;
  standoff *= gn__ai_unit_standoff(cx, u);
  gn_vec2 goal = gn__ai_goal(cx, u);
  double step = gn__ai_move_left(cx, u, "move");
  if (e >= 0) {
    double room = de - standoff;
    gn_vec2 c = a->v.box.c, ec = cx->u[e].v.box.c;
    /* moving towards the enemy: keep the standoff */
    double gx = goal.x - c.x, gy = goal.y - c.y, ex = ec.x - c.x, ey = ec.y - c.y;
    if (gx * ex + gy * ey > 0) step = room < step ? room : step;
  }
  if (step < 0.25) return;
  double face = gn__ai_heading_deg(a->v.box.c, e >= 0 ? cx->u[e].v.box.c : goal);
  int f = a->v.formation, exh = f >= 0 && f < cx->ai->nform && cx->ai->exhausted[f];
  cx->stop_ref[0] = ooc ? NULL : "VB-B3";
  cx->stop_ref[1] = exh || f < 0 || f >= cx->ai->nform ? NULL : "VB-B12";
  gn__ai_move_toward(cx, "move", u, goal, step,
                     AI_MOVE_FACE | AI_MOVE_CLEAR | (ooc || exh ? AI_MOVE_NOT_CLOSER : 0), face);
  const char *why = cx->stopped;
  cx->stop_ref[0] = cx->stop_ref[1] = NULL;
  cx->stopped = NULL;
  if (why && !strcmp(why, "VB-B3")) advance(cx, u, 1);
  else if (why) { cx->ai->exhausted[f] = 1; advance(cx, u, ooc); }
}

/* Fall back towards home, away from the enemy; out of command (as advance
** finds it), half the move and no place nearer the enemy (VB-B3). */
static void fall_back(ai_ctx *cx, int u, int ooc) {
  const ai_unit *a = &cx->u[u];
  double de;
  int e = gn__ai_nearest_enemy(cx, u, 0, &de);
  if (e < 0 || de > 8) return;
  gn_vec2 c = a->v.box.c, ec = cx->u[e].v.box.c;
  double dx = c.x - ec.x, dy = c.y - ec.y, l = hypot(dx, dy);
  if (l < 1e-9) return;
  double step = gn__ai_move_left(cx, u, "move");
  if (step <= 0) return;
  gn_vec2 goal = {c.x + dx / l * step, c.y + dy / l * step};
  cx->stop_ref[0] = ooc ? NULL : "VB-B3";
  gn__ai_move_toward(cx, "move", u, goal, step, AI_MOVE_FACE | AI_MOVE_CLEAR | (ooc ? AI_MOVE_NOT_CLOSER : 0),
                     gn__ai_heading_deg(c, ec));
  const char *why = cx->stopped;
  cx->stop_ref[0] = NULL;
  cx->stopped = NULL;
  if (why) fall_back(cx, u, 1);
}

/*
** A march to the place of its task, by road where a road leads there: a
** march column wholly on a road moves further for its move (VB-B14).
**   1) guns limber and infantry and cavalry form march column first (the
**      rules refuse what they refuse: the stand then goes as it is)
**   2) leg by leg, each to the next vertex of the road's way (or straight
**      on when no road serves), while the listing gives it move left and
**      the rules accept a leg (a leg the rules find too long is tried
**      shorter)
*/
static void march(ai_ctx *cx, int u) {
  const ai_unit *a = &cx->u[u];
  const ai_task *t = gn__ai_task(cx, u);
  if (artillery(a) && !limbered(cx, u)) gn__ai_order(cx, "limber %s", ai_name(a));               /* 1 */
  else if (!artillery(a) && !in_march(cx, u)) gn__ai_order(cx, "march %s", ai_name(a));
  for (int leg = 0; leg < 8 && !cx->err; leg++) {                                             /* 2 */
    gn__ai_view(cx, u);
    gn_vec2 c = a->v.box.c, to = t->place;
    if (gn__ai_dist(c, t->place) < 0.1) return;
    gn__ai_road_next(cx, u, t->place, &to);
    double d = gn__ai_dist(c, to);
    if (d < 0.05 || gn__ai_move_left(cx, u, "move") < 0.05) return;
    if (gn__ai_move_toward(cx, "move", u, to, d + 0.02, 0, 0)) return;
  }
}

/* One stand's movement phase. */
static void move_unit(ai_ctx *cx, int u) {
  const ai_unit *a = &cx->u[u];
  const ai_task *task = gn__ai_task(cx, u);
  double de;
  int e = gn__ai_nearest_enemy(cx, u, 0, &de);
  if (task && task->kind == AI_TASK_MARCH && (e < 0 || de > MARCH_DEPLOY)) {
    march(cx, u);
    return;
  }
  /* a worn division gives ground (see VB-B12: exhausted, it may not close
  ** on the enemy anyway), all but the garrison of an objective; under a
  ** plan, its retire says when */
  double worn = WORN_DIVISION * (1.5 - cx->p->caution);
  if (!task && formation_losses(cx, a->v.formation) >= worn && !gn__ai_garrison(cx, u)) {
    if (artillery(a) && !limbered(cx, u)) gn__ai_order(cx, "limber %s", ai_name(a));
    fall_back(cx, u, out_of_command(cx, u));
    return;
  }
  int ooc = out_of_command(cx, u);
  /* a plain disorder is reordered away (ref. VB-B20); a permanent one stays */
  if (gn__ai_seen(cx, u, "disorder", 0) == 1 && de > 1.0 && !ooc)
    gn__ai_order(cx, "reorder %s", ai_name(a));
  if (in_march(cx, u) && ((e >= 0 && de < 12) || task)) gn__ai_order(cx, "deploy %s", ai_name(a));
  if (artillery(a)) {
    int limb = limbered(cx, u);
    if (e >= 0 && de <= UNLIMBER_AT) {
      if (limb) gn__ai_order(cx, "unlimber %s", ai_name(a));
      return;
    }
    if (gn__ai_posture(cx, u) == AI_DEFEND && !limb && !gn__ai_must_move(cx, u)) return;
    if (!limb && gn__ai_order(cx, "limber %s", ai_name(a))) return;
  }
  if (!ooc && try_charge(cx, u)) return;
  advance(cx, u, ooc);
}

/*
** Leaders stay with their own commands, a little behind (not for a step
** shorter than LEADER_SLACK).
**   1) the stands of the leader's formation itself, when it has some on the
**      table (a division's brigades)
**   2) else the formation directly under it with the most stands on the
**      table (a corps commander with his largest division, an army
**      commander with his largest corps), not the centre of all its troops,
**      which may lie in no one's command (columns far up a road)
*/
static void move_leaders(ai_ctx *cx) {
  int nf = gn_formation_count(cx->g);
  double *sum = calloc((size_t)(nf > 0 ? nf : 1) * 3, sizeof *sum);
  if (!sum) { cx->err = GN_ENOMEM; return; }
  for (int f = 0; f < nf && !cx->err; f++) {
    gn_formation_info fi;
    if (gn_formation_get(cx->g, f, &fi) || fi.side != cx->side || fi.leader < 0) continue;
    if (fi.leader >= cx->n || !cx->u[fi.leader].mine || cx->u[fi.leader].v.removed) continue;
    memset(sum, 0, (size_t)nf * 3 * sizeof *sum);
    double ox = 0, oy = 0;
    int own = 0;
    for (int i = 0; i < cx->n; i++) {
      const ai_unit *a = &cx->u[i];
      if (!a->mine || !a->fighting || a->v.removed) continue;
      if (a->v.formation == f) { ox += a->v.box.c.x; oy += a->v.box.c.y; own++; continue; }  /* 1 */
      int k = a->v.formation, child = -1, depth = 0;                                       /* 2 */
      while (k >= 0 && k != f && depth++ < nf) {
        gn_formation_info up;
        if (gn_formation_get(cx->g, k, &up)) { k = -1; break; }
        child = k;
        k = up.parent;
      }
      if (k != f || child < 0) continue;
      sum[3 * child] += a->v.box.c.x; sum[3 * child + 1] += a->v.box.c.y; sum[3 * child + 2] += 1;
    }
    gn_vec2 at;
    if (own) {
      at.x = ox / own; at.y = oy / own;
    } else {
      int best = -1;
      for (int c = 0; c < nf; c++)
        if (sum[3 * c + 2] > 0 && (best < 0 || sum[3 * c + 2] > sum[3 * best + 2])) best = c;
      if (best < 0) continue;
      at.x = sum[3 * best] / sum[3 * best + 2]; at.y = sum[3 * best + 1] / sum[3 * best + 2];
    }
    double ex = cx->en_c.x - at.x, ey = cx->en_c.y - at.y, l = hypot(ex, ey);
    if (l > 1e-9) { at.x -= ex / l * LEADER_BEHIND; at.y -= ey / l * LEADER_BEHIND; }
    if (gn__ai_dist(at, cx->u[fi.leader].v.box.c) < LEADER_SLACK) continue;
    gn__ai_move_toward(cx, "leader", fi.leader, at, gn__ai_move_left(cx, fi.leader, "leader"), 0, 0);
  }
  free(sum);
}

static int movement(ai_ctx *cx) {
  for (int u = 0; u < cx->n && !cx->err; u++) {
    const ai_unit *a = &cx->u[u];
    if (!a->mine || !a->fighting || a->broken) continue;
    int given = cx->given;
    move_unit(cx, u);
    /* the picture of this stand changed if it was given an order: read it again */
    if (cx->given != given) gn__ai_view(cx, u);
  }
  move_leaders(cx);
  return 0;
}

/* ------------------------------------------------------------ rally */

/* Routed stands are rallied: "rally X" lets the rules take a corps or army
** commander in reach (naming one would be refused whenever that is); asked
** only when the rules list it. */
static int rally(ai_ctx *cx) {
  for (int u = 0; u < cx->n && !cx->err; u++) {
    const ai_unit *a = &cx->u[u];
    if (!a->mine || a->v.removed || !routed(cx, u)) continue;
    const gn_action *x = gn__ai_actions(cx, u, "rally");
    if (x && x->order) gn__ai_order(cx, "%s", x->order);
  }
  return 0;
}

/* ------------------------------------------------------------ combat */

/* 1 when enemy unit e stands on an objective: the ground a needy side must clear. */
static int on_objective(const ai_ctx *cx, int e) {
  for (int i = 0; i < cx->nobj; i++)
    if (gn_point_box_distance(cx->obj[i].at, cx->u[e].v.box) <= cx->obj[i].radius) return 1;
  return 0;
}

/* The fire target, among those the rules accept: nearest first; the
** disordered and routed preferred, and for a side that must take ground, the
** enemy on an objective. */
static int fire_best(ai_ctx *cx, int u) {
  const gn_action *x = gn__ai_actions(cx, u, "fire");
  int best = -1;
  double bs = -1e300;
  for (int k = 0; x && k < x->ntargets; k++) {
    int i = x->targets[k].unit;
    if (i < 0 || i >= cx->n) continue;
    const ai_unit *e = &cx->u[i];
    double s = -x->targets[k].distance + (disordered(cx, i) ? 1.5 : 0) + (e->broken ? 1.0 : 0) +
               (cx->needy && on_objective(cx, i) ? 3.0 : 0);
    if (s > bs) { bs = s; best = i; }
  }
  if (best < 0 || gn__ai_order(cx, "fire %s at %s", ai_name(&cx->u[u]), ai_name(&cx->u[best]))) return 0;
  gn__ai_view(cx, best);      /* it may be gone: the next stand need not ask */
  return 1;
}

/* The melee of a stand in contact, in the combat phase: of the targets the
** rules accept for its charge, the best odds (melee_odds asks no listing, so
** the one read here stays valid); 1 when it charged. */
static int melee_best(ai_ctx *cx, int u) {
  const gn_action *x = gn__ai_actions(cx, u, "charge");
  int best = -1;
  double bp = -1;
  for (int k = 0; x && k < x->ntargets; k++) {
    int e = x->targets[k].unit;
    double gain = 0, p = e >= 0 && e < cx->n ? melee_odds(cx, u, e, &gain) : -1;
    if (gn__ai_charge_ok(cx, p, gain, 0.1) && p > bp) { bp = p; best = e; }
  }
  return best >= 0 && gn__ai_order(cx, "charge %s at %s", ai_name(&cx->u[u]), ai_name(&cx->u[best])) == 0;
}

static int combat(ai_ctx *cx) {
  for (int u = 0; u < cx->n && !cx->err; u++) {
    const ai_unit *a = &cx->u[u];
    if (!a->mine || !a->fighting || a->broken) continue;
    if (melee_best(cx, u)) continue;
    fire_best(cx, u);
  }
  return 0;
}

static int vb_play(ai_ctx *cx) {
  const char *ph = gn_game_phase(cx->g);
  if (dice_seen(cx)) return GN_ENOMEM;
  if (!ph || gn_game_active_side(cx->g) != cx->side) return 0;
  if (!strcmp(ph, "movement")) return movement(cx);
  if (!strcmp(ph, "rally")) return rally(cx);
  if (!strcmp(ph, "combat")) return combat(cx);
  return 0;
}

/* 1 when some unit on the table is routed as the side sees it (the marker is
** on the table for both sides): without one, the rally phase has no order to
** give and no view of the field is drawn for it. */
static int any_routed(const gn_game *g, int side) {
  int n = gn_unit_count(g);
  for (int u = 0; u < n; u++) {
    int r;
    if (gn_unit_attr(g, u, side, "routed", &r) || r) return 1;
  }
  return 0;
}

static int vb_acts(const gn_game *g, int side) {
  const char *ph = gn_game_phase(g);
  if (!ph || gn_game_active_side(g) != side) return 0;
  if (!strcmp(ph, "rally")) return any_routed(g, side);
  return !strcmp(ph, "movement") || !strcmp(ph, "combat");
}

const ai_doctrine gn__ai_doctrine_vb = {
  "vb", vb_fighting, vb_broken, vb_play, vb_acts,
};
