/*
** ai-vb.c: the Volley & Bayonet doctrine. One side plays its phases in turn
** (command, movement, rally, morale, combat, exhaustion); the commander acts
** in three of them:
**   movement  charge into contact where the odds engine says the melee that
**             follows is good; advance in command towards the objective of
**             the posture, stopping at musket or gun range; artillery limbers
**             to move and unlimbers in range; yellow disorder is reordered
**             away from the enemy; a division worn down retreats; leaders
**             follow their troops so that they stay in command
**   rally     routed stands are rallied by a corps or army commander in reach
**   combat    stands in contact melee if the odds are good (else they fire);
**             others fire at the best target the rules accept
** The distances below are the commander's tactics, not rules: every order
** goes through the real rules, which may refuse it (it is then a probe that
** changed nothing, and the next choice is tried).
*/
#include "ai.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* Tactics (table units, inches). */
#define STANDOFF_INF 1.0     /* formed infantry closes to this from the enemy (musket 2") */
#define STANDOFF_ART 5.0     /* guns stay this far (close range of field guns) */
#define STANDOFF_CAV 3.0     /* cavalry waits here for a charge */
#define UNLIMBER_AT 10.0     /* guns unlimber with an enemy this near */
#define CHARGE_REACH 24.0    /* enemies further than this are not considered for a charge */
#define FIRE_REACH 12.0      /* nor for fire */
#define WORN_DIVISION 0.5    /* a division that lost this share of its SP falls back */
#define LEADER_BEHIND 1.5    /* leaders stand this far behind their troops */
#define LEADER_SLACK 0.5     /* nor do they move for less than this */

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

/* The move a stand has (inches), for the size of the step tried first. */
static double rate(const ai_unit *a) {
  if (cavalry(a) || is_type(a, "leader") || is_type(a, "artillery_horse") || is_type(a, "battery_horse"))
    return 24;
  if (is_type(a, "infantry_regiment") || is_type(a, "skirmisher")) return 12;
  return 16;
}

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

/* Melee dice as the commander reckons them (the dice of VB-B11): a stand
** rolls its SP, at most the data's melee.dice.max; skirmishers and batteries
** one die, artillery battalions two; routed stands none. */
static int melee_dice(const ai_ctx *cx, int u) {
  const ai_unit *a = &cx->u[u];
  if (a->broken) return 0;
  if (is_type(a, "skirmisher") || is_type(a, "battery")) return 1;
  if (is_type(a, "artillery")) return 2;
  if (cx->ai->dice_max == 0) {
    double m = 1e9;
    gn_data_number(cx->g, "melee.dice.max", &m);
    cx->ai->dice_max = m;
  }
  double max = cx->ai->dice_max;
  int s = gn__ai_odds_strength(cx, u);
  return s < 0 ? 0 : s < max ? s : (int)max;
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
          cx->side, cx->u[u].v.id, cx->u[e].v.id, dice[0], dice[1], morale[0], morale[1], p, *gain,
          gn__ai_charge_threshold(cx));
#endif
  return p;
}

/* ------------------------------------------------------------ movement */

/* Charge into contact when the melee after it looks good. 1 charged. */
static int try_charge(ai_ctx *cx, int u) {
  const ai_unit *a = &cx->u[u];
  if (artillery(a)) return 0;
  if (!cavalry(a) && cx->p->aggression < 0.6 && cx->posture != AI_ATTACK) return 0;
  int cand[2] = {-1, -1};
  double cd[2] = {1e300, 1e300};
  for (int i = 0; i < cx->n; i++) {
    const ai_unit *e = &cx->u[i];
    if (!e->v.known || e->mine || e->v.removed || !e->fighting || e->broken) continue;
    double reach = CHARGE_REACH < rate(a) ? CHARGE_REACH : rate(a);
    double d = gn__ai_distance_upto(cx, u, i, reach);
    if (d > reach) continue;
    if (d < cd[0]) { cand[1] = cand[0]; cd[1] = cd[0]; cand[0] = i; cd[0] = d; }
    else if (d < cd[1]) { cand[1] = i; cd[1] = d; }
  }
  for (int k = 0; k < 2; k++) {
    int e = cand[k];
    if (e < 0) continue;
    /* the contact now, the melee in the combat phase */
    double gain, p = melee_odds(cx, u, e, &gain);
    if (gn__ai_charge_ok(cx, p, gain, 0) && gn__ai_order(cx, "charge %s at %s", a->v.id, cx->u[e].v.id) == 0)
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
  standoff *= gn__ai_standoff_factor(cx);
  gn_vec2 goal = gn__ai_goal(cx, u);
  double step = ooc ? rate(a) / 2 : rate(a);
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
  double step = ooc ? rate(a) / 2 : rate(a);
  gn_vec2 goal = {c.x + dx / l * step, c.y + dy / l * step};
  cx->stop_ref[0] = ooc ? NULL : "VB-B3";
  gn__ai_move_toward(cx, "move", u, goal, step, AI_MOVE_FACE | AI_MOVE_CLEAR | (ooc ? AI_MOVE_NOT_CLOSER : 0),
                     gn__ai_heading_deg(c, ec));
  const char *why = cx->stopped;
  cx->stop_ref[0] = NULL;
  cx->stopped = NULL;
  if (why) fall_back(cx, u, 1);
}

/* One stand's movement phase. */
static void move_unit(ai_ctx *cx, int u) {
  const ai_unit *a = &cx->u[u];
  double de;
  int e = gn__ai_nearest_enemy(cx, u, 0, &de);
  /* a worn division gives ground (see VB-B12: exhausted, it may not close
  ** on the enemy anyway), all but the garrison of an objective */
  double worn = WORN_DIVISION * (1.5 - cx->p->caution);
  if (formation_losses(cx, a->v.formation) >= worn && !gn__ai_garrison(cx, u)) {
    if (artillery(a) && !limbered(cx, u)) gn__ai_order(cx, "limber %s", a->v.id);
    fall_back(cx, u, out_of_command(cx, u));
    return;
  }
  int ooc = out_of_command(cx, u);
  /* a plain disorder is reordered away (ref. VB-B20); a permanent one stays */
  if (gn__ai_seen(cx, u, "disorder", 0) == 1 && de > 1.0 && !ooc)
    gn__ai_order(cx, "reorder %s", a->v.id);
  if (in_march(cx, u) && e >= 0 && de < 12) gn__ai_order(cx, "deploy %s", a->v.id);
  if (artillery(a)) {
    int limb = limbered(cx, u);
    if (e >= 0 && de <= UNLIMBER_AT) {
      if (limb) gn__ai_order(cx, "unlimber %s", a->v.id);
      return;
    }
    if (cx->posture == AI_DEFEND && !limb) return;
    if (!limb && gn__ai_order(cx, "limber %s", a->v.id)) return;
  }
  if (!ooc && try_charge(cx, u)) return;
  advance(cx, u, ooc);
}

/* Leaders follow the stands of their formation, a little behind them (not
** for a step shorter than LEADER_SLACK). */
static void move_leaders(ai_ctx *cx) {
  int nf = gn_formation_count(cx->g);
  for (int f = 0; f < nf; f++) {
    gn_formation_info fi;
    if (gn_formation_get(cx->g, f, &fi) || fi.side != cx->side || fi.leader < 0) continue;
    if (fi.leader >= cx->n || !cx->u[fi.leader].mine || cx->u[fi.leader].v.removed) continue;
    double sx = 0, sy = 0;
    int n = 0;
    for (int i = 0; i < cx->n; i++) {
      const ai_unit *a = &cx->u[i];
      if (!a->mine || !a->fighting || a->v.removed) continue;
      /* a stand of f or of a formation under it */
      int k = a->v.formation, depth = 0;
      while (k >= 0 && k != f && depth++ < 8) {
        gn_formation_info up;
        if (gn_formation_get(cx->g, k, &up)) break;
        k = up.parent;
      }
      if (k != f) continue;
      sx += a->v.box.c.x; sy += a->v.box.c.y; n++;
    }
    if (!n) continue;
    gn_vec2 at = {sx / n, sy / n};
    double ex = cx->en_c.x - at.x, ey = cx->en_c.y - at.y, l = hypot(ex, ey);
    if (l > 1e-9) { at.x -= ex / l * LEADER_BEHIND; at.y -= ey / l * LEADER_BEHIND; }
    if (gn__ai_dist(at, cx->u[fi.leader].v.box.c) < LEADER_SLACK) continue;
    gn__ai_move_toward(cx, "leader", fi.leader, at, rate(&cx->u[fi.leader]), 0, 0);
  }
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

/* 1 when a corps or army commander of the side stands within the command
** radius of u, edge to edge, as the rules measure it (VB-B2, VB-B10); 1 too
** when the ruleset gives no radius. */
static int rallier_near(ai_ctx *cx, int u) {
  double radius;
  if (gn_data_number(cx->g, "command.radius", &radius)) return 1;
  for (int i = 0; i < cx->n; i++) {
    const ai_unit *l = &cx->u[i];
    if (!l->mine || l->v.removed || !(is_type(l, "leader_corps") || is_type(l, "leader_army"))) continue;
    if (gn__ai_distance(cx, i, u) <= radius + GN_CONTACT_EPS) return 1;
  }
  return 0;
}

/* Routed stands are rallied: "rally X" lets the rules take a corps or army
** commander in reach (naming one would be refused whenever that is); not
** asked when no such commander is in reach. */
static int rally(ai_ctx *cx) {
  for (int u = 0; u < cx->n && !cx->err; u++) {
    const ai_unit *a = &cx->u[u];
    if (!a->mine || a->v.removed || !routed(cx, u) || !rallier_near(cx, u)) continue;
    gn__ai_order(cx, "rally %s", a->v.id);
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

/* 1 when unit u stands in a town (the centre of its stand in a town area):
** a stand there fires all round (VB-32). */
static int in_town(const ai_ctx *cx, int u) {
  int n = gn_terrain_count(cx->g);
  for (int i = 0; i < n; i++) {
    gn_feature f;
    const char *id, *kind;
    if (!gn_terrain_get(cx->g, i, &f, &id, &kind) && f.shape == GN_SHAPE_AREA && !strcmp(kind, "town") &&
        gn_feature_contains(&f, cx->u[u].v.box.c))
      return 1;
  }
  return 0;
}

/* The longest reach of u's fire as the ruleset's numbers give it (ref.
** VB-B18, VB-22, VB-23, VB-28: the musket, a battalion gun's long range, a
** skirmisher's gun; guns by their weight): targets further off are not tried
** (the rules would refuse them). FIRE_REACH when a number is missing. */
static double fire_range(ai_ctx *cx, int u) {
  static const char *const key[6] = {"fire.range.musket", "fire.range.batgun_long",
                                     "fire.range.skirmish_batgun_long", "fire.range.light",
                                     "fire.range.field", "fire.range.heavy"};
  gn_ai *ai = cx->ai;
  const ai_unit *a = &cx->u[u];
  if (!ai->range_read) {
    for (int k = 0; k < 6; k++)
      if (gn_data_number(cx->g, key[k], &ai->range[k])) ai->range[k] = -1;
    ai->range_read = 1;
  }
  double r;
  if (artillery(a)) {
    int w;
    if (gn_unit_attr(cx->g, u, cx->side, "weight", &w)) return FIRE_REACH;
    r = ai->range[3 + (w < 0 ? 0 : w > 2 ? 2 : w)];
  } else {
    int guns = 0;
    if (gn_unit_attr(cx->g, u, cx->side, "batguns", &guns)) return FIRE_REACH;
    r = ai->range[0];
    double g = !guns ? 0 : is_type(a, "skirmisher") ? ai->range[2] : ai->range[1];
    if (g < 0) return FIRE_REACH;
    if (g > r) r = g;
  }
  return r < 0 || r > FIRE_REACH ? FIRE_REACH : r;
}

/* The fire target: nearest first; the disordered and routed preferred, and
** for a side that must take ground, the enemy on an objective. Out of a
** town, only targets in the front arc (VB-B21: the rules refuse the others).
** Targets no nearer than one the rules put out of range of u (VB-B18,
** remembered for the battle) are not tried, nor those touching u (VB-B11:
** that is melee), and after two refusals for
** sight (VB-B21: friends in the way) the stand gives up. Limbered guns
** (VB-B15), and cavalry and artillery in a town (VB-15), have no fire. A
** target is looked at again just before the order (another stand's fire
** may have driven it off the table). */
static int fire_best(ai_ctx *cx, int u) {
  int order[8], n = 0, blind = 0, town = in_town(cx, u);
  double score[8], dist[8];
  double *out = u < cx->ai->nstart ? &cx->ai->outranged[u] : NULL;
  const ai_unit *a = &cx->u[u];
  if ((artillery(a) && limbered(cx, u)) || (town && !in_march(cx, u) && (artillery(a) || cavalry(a))))
    return 0;
  double range = fire_range(cx, u) + 1e-6;
  for (int i = 0; i < cx->n; i++) {
    const ai_unit *e = &cx->u[i];
    if (!e->v.known || e->mine || e->v.removed || !e->fighting) continue;
    double d = gn__ai_distance_upto(cx, u, i, range);
    if (d > range || d <= GN_CONTACT_EPS || (out && *out > 0 && d >= *out)) continue;
    if (!town && !gn_box_in_arc(cx->u[u].v.box, GN_ARC_FRONT, e->v.box)) continue;
    double s = -d + (disordered(cx, i) ? 1.5 : 0) + (e->broken ? 1.0 : 0) +
               (cx->needy && on_objective(cx, i) ? 3.0 : 0);
    int k = n < 8 ? n++ : 7;
    if (k == 7 && n == 8 && s <= score[7]) continue;
    while (k > 0 && score[k - 1] < s) {
      score[k] = score[k - 1]; order[k] = order[k - 1]; dist[k] = dist[k - 1]; k--;
    }
    score[k] = s; order[k] = i; dist[k] = d;
  }
  for (int k = 0; k < n && k < 4 && blind < 2; k++) {
    if (out && *out > 0 && dist[k] >= *out) continue;
    gn__ai_view(cx, order[k]);
    if (!cx->u[order[k]].v.known || cx->u[order[k]].v.removed) continue;
    if (gn__ai_order(cx, "fire %s at %s", cx->u[u].v.id, cx->u[order[k]].v.id) == 0) {
      gn__ai_view(cx, order[k]);      /* it may be gone: the next stand need not ask */
      return 1;
    }
    const char *why = gn_refusal_ref(cx->g);
    if (why && !strcmp(why, "VB-B18") && out && (*out <= 0 || dist[k] < *out)) *out = dist[k];
    if (why && !strcmp(why, "VB-B21")) blind++;
  }
  return 0;
}

/* 1 when some enemy may touch u (edge to edge within 0.01): the boxes'
** lower bound says no for the others without measuring them. */
static int touching(ai_ctx *cx, int u) {
  for (int i = 0; i < cx->n; i++) {
    const ai_unit *e = &cx->u[i];
    if (!e->v.known || e->mine || e->v.removed || !e->fighting) continue;
    if (gn__ai_distance_upto(cx, u, i, 0.01) <= 0.01) return 1;
  }
  return 0;
}

static int combat(ai_ctx *cx) {
  for (int u = 0; u < cx->n && !cx->err; u++) {
    const ai_unit *a = &cx->u[u];
    if (!a->mine || !a->fighting || a->broken) continue;
    double de = 1e300;
    int e = -1;
    if (touching(cx, u)) e = gn__ai_nearest_enemy(cx, u, 0, &de);
    if (e >= 0 && de <= 0.01) {
      double gain, p = melee_odds(cx, u, e, &gain);
      if (gn__ai_charge_ok(cx, p, gain, 0.1) && gn__ai_order(cx, "charge %s at %s", a->v.id, cx->u[e].v.id) == 0)
        continue;
    }
    fire_best(cx, u);
  }
  return 0;
}

static int vb_play(ai_ctx *cx) {
  const char *ph = gn_game_phase(cx->g);
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
