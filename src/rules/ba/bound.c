/*
** bound.c: the bound (1.1.1) and the orders of the orders phase.
**
** A bound is simultaneous (ref. BA-1.1.1a): both sides write their orders in
** the orders phase, in any sequence and for any unit; an order given again in
** that phase replaces the first (the orders phase is the one sub-phase that may
** be revised). "end" closes it and resolves the rest of the bound phase by
** phase (Table 1, ref. BA-B1); every phase is finished before the next starts,
** and what a closed phase decided stands (ref. BA-1.1.1b).
*/
#include "ba.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* ------------------------------------------------------------- helpers */

int gn__ba_side_penalty(const gn_game *g, int side) {
  if (side < 0 || side >= 4) return 0;
  return g->st.turn <= g->st.rs[BA_RS_PEN_UNTIL + side] ? g->st.rs[BA_RS_PENALTY + side] : 0;
}

/* What a 3d6 of the rules is read for: its total, and what it leaves of a
** unit's supplies (ref. BA-5.5.3b: gn__ba_supplies_after decides). */
typedef struct ba_read { const ba_data *d; int supplies, total; } ba_read;

static int read_class(const void *ud, const int *faces, int total) {
  const ba_read *r = ud;
  int left = gn__ba_supplies_after(r->d, r->supplies, faces);
  return r->total ? total * 8 + (left + 1) % 8 : left;
}

/* ref. BA-DICE-1: every roll of the rules is 3d6, faces kept. The rules read
** its total and whether it ends unlimited supplies, so the odds engine weighs
** those classes of throws, not the 56 sets of faces. */
int gn__ba_roll(gn_game *g, const char *purpose, const char *ref, int unit, int *total, int faces[3]) {
  ba_read r = { BA_D(g), -1, 1 };
  return gn__roll_class(g, BA_DICE, read_class, &r, sizeof r, purpose, ref, unit, total, faces);
}

/* A 3d6 read only for the supplies it leaves from `supplies` (the supplies
** check). */
int gn__ba_roll_supplies(gn_game *g, int supplies, const char *purpose, const char *ref, int unit,
                         int faces[3]) {
  ba_read r = { BA_D(g), supplies, 0 };
  int total;
  return gn__roll_class(g, BA_DICE, read_class, &r, sizeof r, purpose, ref, unit, &total, faces);
}

/* A unit argument that must be on the table. */
static int unit_arg(gn_game *g, const gn__args *a, int tok, int *u) {
  int rc = gn__arg_unit(g, a, tok, u);
  if (rc) return rc;
  if (!gn__ba_on_table(g, *u)) return gn__refuse(g, "BA-5.5.2g", "%s is not on the table",
                                             g->sc->unit[*u].code);
  return 0;
}

static int enemy_arg(gn_game *g, const gn__args *a, int tok, int u, int *t) {
  int rc = unit_arg(g, a, tok, t);
  if (rc) return rc;
  if (g->sc->unit[*t].side == g->sc->unit[u].side)
    return gn__refuse(g, "BA-3.1.1a", "%s is on the same side as %s", g->sc->unit[*t].code,
                      g->sc->unit[u].code);
  return 0;
}

static int dis(const gn_game *g, int u) { return ba_u(g, u)->disorder; }

/* The formation u will be in when it acts (an ordered change applies first). */
static int form_then(const gn_game *g, int u) {
  int nf = ba_u(g, u)->new_formation;
  return nf ? nf - 1 : ba_u(g, u)->formation;
}

/*
** Sets unit u's written order for this bound (1.1.2). Refuses, before any
** change, what the rules forbid for that order:
**   1) continued fire binds the unit for the bound (ref. BA-1.1.1d)
**   2) FD units make only forced moves (ref. BA-B14); rest is refused in 3)
**   3) attack: not MD/FD (ref. BA-4.1.1b); fire: not MD/FD (ref. BA-3.1.1c), with
**      supplies (ref. BA-5.5.3f); rest: not MD/FD (ref. BA-5.5.4b);
**      evade: a skirmish line near its soutien (ref. BA-4.3.1)
**   4) a unit in rest formation must change formation before it acts (ref. BA-B11)
**   5) set the order; details of another kind of order are dropped
*/
int gn__ba_set_order(gn_game *g, int u, int o) {
  gn__ustate *s = gn__uw(g, u);
  ba_arm arm = gn__ba_arm_of(g, u);
  /* 1) */
  if ((s->flags & BA_F_CONT) && o != BA_O_FIRE)
    return gn__refuse(g, "BA-1.1.1d", "%s continues its fire this bound: it may do nothing else",
                      gn__ba_uid(g, u));
  /* 2) */
  if (dis(g, u) == BA_DIS_FD && o != BA_O_NONE && o != BA_O_REST)
    return gn__refuse(g, "BA-B14", "%s is in FD: it makes only forced moves", gn__ba_uid(g, u));
  /* 3) */
  switch (o) {
  case BA_O_ATTACK:   /* ref. BA-5.5.3g: without supplies a unit still attacks */
    if (arm != BA_ARM_INF && arm != BA_ARM_CAV)
      return gn__refuse(g, "BA-4.1.1b", "only infantry and cavalry attack");
    if (dis(g, u) >= BA_DIS_MD)
      return gn__refuse(g, "BA-4.1.1b", "%s is in %s: it may not attack, only move up to "
                        "melee-zone contact", gn__ba_uid(g, u), gn__ba_dis_name(dis(g, u)));
    break;
  case BA_O_FIRE:
    if (arm == BA_ARM_WAGGON || arm == BA_ARM_STAFF)
      return gn__refuse(g, "BA-3.1.1a", "%s has no weapons to fire", gn__ba_uid(g, u));
    if (dis(g, u) >= BA_DIS_MD)
      return gn__refuse(g, "BA-3.1.1c", "%s is in %s: it may not fire", gn__ba_uid(g, u),
                        gn__ba_dis_name(dis(g, u)));
    if (!gn__ba_has_supplies(g, u))
      return gn__refuse(g, "BA-5.5.3f", "%s is without supplies: it may not fire", gn__ba_uid(g, u));
    break;
  case BA_O_REST:
    if (arm == BA_ARM_WAGGON || arm == BA_ARM_STAFF)
      return gn__refuse(g, "BA-5.5.4a", "only fighting units rest");
    if (dis(g, u) >= BA_DIS_MD)
      return gn__refuse(g, "BA-5.5.4b", "%s is in %s: it may not rest", gn__ba_uid(g, u),
                        gn__ba_dis_name(dis(g, u)));
    break;
  case BA_O_EVADE:
    if (s->ba.formation != BA_FM_SKIRMISH || gn__ba_soutien(g, u) < 0)
      return gn__refuse(g, "BA-4.3.1", "only a skirmish line with a figure within %g cm of its "
                        "soutien may choose to fall back", BA_D(g)->soutien_dist);
    break;
  default: break;
  }
  /* 4) */
  if (o != BA_O_NONE && o != BA_O_REST && form_then(g, u) == BA_FM_REST)
    return gn__refuse(g, "BA-B11", "%s is in rest formation: order another formation first",
                      gn__ba_uid(g, u));
  /* 5) */
  if (o != BA_O_FIRE && o != BA_O_ATTACK && arm != BA_ARM_WAGGON) {   /* a waggon's serving */
    s->ba.target = s->ba.target2 = s->ba.split2 = 0;
    s->flags &= ~BA_F_HIDDEN_ATT;
  }
  if (o != BA_O_FIRE) s->ba.split2 = s->ba.target2 = 0;
  if (o != BA_O_MOVE) s->ba.dest_x = s->ba.dest_y = 0;
  s->ba.order = o;
  return 0;
}

/* --------------------------------------------------------------- verbs */

/* order UNIT attack|fire|move|rest|evade|hold */
static int v_order(gn_game *g, const gn__args *a) {
  int u, rc;
  if ((rc = unit_arg(g, a, 1, &u))) return rc;
  if (a->n != 3) return gn__syntax(g, a, 2, "expected attack, fire, move, rest, evade or hold");
  if (gn__arg_is(a, 2, "hold")) return gn__ba_set_order(g, u, BA_O_NONE);
  for (int o = 1; o < BA_O_COUNT; o++)
    if (gn__arg_is(a, 2, gn__ba_order_name(o))) {
      if (o == BA_O_REST) return gn__ba_rest_start(g, u, BA_REST_AUTO);
      return gn__ba_set_order(g, u, o);
    }
  return gn__syntax(g, a, 2, "expected attack, fire, move, rest, evade or hold, not '%s'",
                    a->tok[2]);
}

/* pace UNIT normal|fast|charge (ref. BA-2.3.1a) */
static int v_pace(gn_game *g, const gn__args *a) {
  int u, rc, p;
  if ((rc = unit_arg(g, a, 1, &u))) return rc;
  if (a->n != 3) return gn__syntax(g, a, 2, "expected normal, fast or charge");
  for (p = 0; p < BA_P_COUNT && !gn__arg_is(a, 2, p == 0 ? "normal" : p == 1 ? "fast" : "charge");
       p++) {}
  if (p == BA_P_COUNT) return gn__syntax(g, a, 2, "expected normal, fast or charge, not '%s'",
                                         a->tok[2]);
  const ba_data *d = BA_D(g);
  int any = 0;
  for (int f = 0; f < BA_FM_COUNT; f++) any |= d->rate[gn__ba_type_of(g, u)][p][f] > 0;
  if (!any) return gn__refuse(g, "BA-2.3.1a", "%s has no %s pace", gn__ba_uid(g, u), a->tok[2]);
  ba_uw(g, u)->pace = p;
  return 0;
}

/* formation UNIT line|march|skirmish|square|mass|rest (artillery: limbered|unlimbered) */
static int v_formation(gn_game *g, const gn__args *a) {
  int u, rc, f = -1;
  if ((rc = unit_arg(g, a, 1, &u))) return rc;
  if (a->n != 3) return gn__syntax(g, a, 2, "expected a formation");
  ba_arm arm = gn__ba_arm_of(g, u);
  if (gn__arg_is(a, 2, "limbered")) f = BA_FM_MARCH;
  else if (gn__arg_is(a, 2, "unlimbered")) f = BA_FM_LINE;
  else
    for (int k = 0; k < BA_FM_COUNT; k++) if (gn__arg_is(a, 2, gn__ba_form_name(k))) f = k;
  if (f < 0) return gn__syntax(g, a, 2, "expected line, march, skirmish, square, mass, rest, "
                               "limbered or unlimbered, not '%s'", a->tok[2]);
  /* ref. BA-B17: which arm may take which formation */
  if (arm == BA_ARM_WAGGON || arm == BA_ARM_STAFF)
    return gn__refuse(g, "BA-B17", "%s has no formations", gn__ba_uid(g, u));
  if (arm == BA_ARM_ART && f != BA_FM_LINE && f != BA_FM_MARCH)
    return gn__refuse(g, "BA-B17", "a battery is limbered or unlimbered");
  if (arm != BA_ARM_ART && (gn__arg_is(a, 2, "limbered") || gn__arg_is(a, 2, "unlimbered")))
    return gn__refuse(g, "BA-B17", "only a battery limbers or unlimbers; %s forms line, march, "
                      "skirmish%s or rest", gn__ba_uid(g, u), arm == BA_ARM_CAV ? "" : ", square, mass");
  if (arm == BA_ARM_CAV && (f == BA_FM_SQUARE || f == BA_FM_MASS))
    return gn__refuse(g, "BA-B17", "cavalry forms no %s", gn__ba_form_name(f));
  if (g->st.u[u].flags & BA_F_CONT)
    return gn__refuse(g, "BA-1.1.1d", "%s continues its fire this bound: it may not change "
                      "formation", gn__ba_uid(g, u));
  if (f == BA_FM_REST) return gn__ba_rest_start(g, u, BA_REST_AUTO);   /* refuses MD and FD (ref. BA-5.5.4b) */
  if (dis(g, u) == BA_DIS_FD)
    return gn__refuse(g, "BA-B14", "%s is in FD: it makes only forced moves", gn__ba_uid(g, u));
  gn__ustate *s = gn__uw(g, u);
  s->ba.new_formation = f == s->ba.formation ? 0 : f + 1;
  if (s->ba.order == BA_O_REST) s->ba.order = BA_O_NONE;
  return 0;
}

/* move UNIT to X,Y (ref. BA-2.3.1d) */
static int v_move(gn_game *g, const gn__args *a) {
  int u, rc;
  gn__dest d;
  if ((rc = unit_arg(g, a, 1, &u))) return rc;
  /* to and towards are alike here: a march goes as far as its rate allows;
  ** advance and retire name the point N ahead or back (gn__arg_dest) */
  if ((rc = gn__arg_dest(g, a, 2, g->st.u[u].box, &d))) return rc;
  if (!strcmp(d.how, "wheel") || !strcmp(d.how, "turn"))
    return gn__syntax(g, a, 2, "a Belle Alliance unit turns with 'turn UNIT left|right|about'");
  if (d.hasf && (!strcmp(d.how, "to") || !strcmp(d.how, "towards")))
    return gn__syntax(g, a, 4, "a march ends facing the way it went: no 'facing' here");
  gn_vec2 p = d.to;
  if (gn__ba_arm_of(g, u) == BA_ARM_WAGGON && g->st.u[u].strength < 1)
    return gn__refuse(g, "BA-B18", "waggon %s has lost its driver: it cannot move", gn__ba_uid(g, u));
  if ((rc = gn__ba_set_order(g, u, BA_O_MOVE))) return rc;
  if ((rc = gn__ba_rate_check(g, u, p))) return rc;
  ba_uw(g, u)->dest_x = (int)lround(p.x * 1000);
  ba_uw(g, u)->dest_y = (int)lround(p.y * 1000);
  return 0;
}

/* fire UNIT at TARGET [split N at TARGET2] (ref. BA-3.1.2a) */
static int v_fire(gn_game *g, const gn__args *a) {
  int u, t, t2 = -1, n = 0, rc;
  if ((rc = unit_arg(g, a, 1, &u))) return rc;
  if (!gn__arg_is(a, 2, "at")) return gn__syntax(g, a, 2, "expected 'at'");
  if ((rc = enemy_arg(g, a, 3, u, &t))) return rc;
  if (a->n > 4) {
    if (!gn__arg_is(a, 4, "split")) return gn__syntax(g, a, 4, "expected 'split N at TARGET2'");
    if ((rc = gn__arg_int(g, a, 5, &n))) return rc;
    if (!gn__arg_is(a, 6, "at")) return gn__syntax(g, a, 6, "expected 'at'");
    if ((rc = enemy_arg(g, a, 7, u, &t2))) return rc;
    if (a->n > 8) return gn__syntax(g, a, 8, "split fire has at most two parts");
  }
  if (g->st.u[u].flags & BA_F_CONT)
    return gn__refuse(g, "BA-1.1.1d", "%s continues its fire this bound: it may not fire again",
                      gn__ba_uid(g, u));
  if ((rc = gn__ba_set_order(g, u, BA_O_FIRE))) return rc;
  if (t2 >= 0) {
    int art = gn__ba_arm_of(g, u) == BA_ARM_ART;
    int whole = art ? ba_u(g, u)->guns : g->st.u[u].strength;
    if (n < 1 || n >= whole)
      return gn__refuse(g, "BA-3.1.2a", "split fire: the second part must be 1 to %d %s",
                        whole - 1, art ? "guns (a battery splits fire only between guns)"
                                       : "figures");
  }
  gn__ustate *s = gn__uw(g, u);
  s->ba.target = t + 1;
  s->ba.target2 = t2 >= 0 ? t2 + 1 : 0;
  s->ba.split2 = t2 >= 0 ? n : 0;
  return 0;
}

/* continue UNIT: fire again at last bound's target in the continued-fire phase */
static int v_continue(gn_game *g, const gn__args *a) {
  int u, rc;
  if ((rc = unit_arg(g, a, 1, &u))) return rc;
  if (a->n > 2) return gn__syntax(g, a, 2, "unexpected '%s'", a->tok[2]);
  gn__ustate *s = gn__uw(g, u);
  int t = s->ba.last_target - 1;
  /* ref. BA-1.1.1c: only at the target it fired at in the preceding bound */
  if (t < 0 || !gn__ba_on_table(g, t))
    return gn__refuse(g, "BA-1.1.1c", "%s did not fire last bound at a target still on the "
                      "table", gn__ba_uid(g, u));
  if (s->ba.new_formation || s->flags & (BA_F_MOVED | BA_F_CHANGED | BA_F_TURN_L | BA_F_TURN_R))
    return gn__refuse(g, "BA-1.1.1d", "%s moves this bound: it cannot continue fire", gn__ba_uid(g, u));
  s->flags &= ~BA_F_CONT;
  if ((rc = gn__ba_set_order(g, u, BA_O_FIRE))) return rc;
  s->flags |= BA_F_CONT;
  s->ba.target = t + 1;
  return 0;
}

/* attack UNIT TARGET (ref. BA-4.1.1b) */
static int v_attack(gn_game *g, const gn__args *a) {
  int u, t, rc;
  if ((rc = unit_arg(g, a, 1, &u))) return rc;
  if ((rc = enemy_arg(g, a, 2, u, &t))) return rc;
  if (a->n > 3) return gn__syntax(g, a, 3, "unexpected '%s'", a->tok[3]);
  if ((rc = gn__ba_set_order(g, u, BA_O_ATTACK))) return rc;
  gn__ustate *s = gn__uw(g, u);
  s->ba.target = t + 1;
  /* Table 8 "attack against hidden target": not in sight when ordered */
  if (!gn_unit_los(g, u, t).visible) s->flags |= BA_F_HIDDEN_ATT;
  else s->flags &= ~BA_F_HIDDEN_ATT;
  return 0;
}

/* Reads an optional "as SLOT" at token tok (a reserve slot to use); *slot -1 if absent. */
static int as_slot(gn_game *g, const gn__args *a, int tok, int *slot) {
  *slot = -1;
  if (a->n <= tok) return 0;
  if (!gn__arg_is(a, tok, "as")) return gn__syntax(g, a, tok, "expected 'as SLOT' or nothing");
  int rc = gn__arg_unit(g, a, tok + 1, slot);
  if (rc) return rc;
  if (a->n > tok + 2) return gn__syntax(g, a, tok + 2, "unexpected '%s'", a->tok[tok + 2]);
  return 0;
}

/* split UNIT [N] [as SLOT] (ref. BA-1.2.2, BA-1.2.3, BA-1.2.4a) */
static int v_split(gn_game *g, const gn__args *a) {
  int u, n = 0, rc, part, slot, k = 2;
  if ((rc = unit_arg(g, a, 1, &u))) return rc;
  if (a->n > 2 && !gn__arg_is(a, 2, "as")) {
    if ((rc = gn__arg_int(g, a, 2, &n))) return rc;
    k = 3;
  }
  if ((rc = as_slot(g, a, k, &slot))) return rc;
  return gn__ba_split(g, u, n, slot, &part);
}

/* skirmish UNIT N [as SLOT]: send N figures out as a skirmish line (ref. BA-1.2.5) */
static int v_skirmish(gn_game *g, const gn__args *a) {
  int u, n, rc, line, slot;
  if ((rc = unit_arg(g, a, 1, &u))) return rc;
  if ((rc = gn__arg_int(g, a, 2, &n))) return rc;
  if ((rc = as_slot(g, a, 3, &slot))) return rc;
  return gn__ba_skirmish_out(g, u, n, slot, &line);
}

/* assemble UNIT UNIT (ref. BA-1.2.1) */
static int v_assemble(gn_game *g, const gn__args *a) {
  int u, v, rc;
  if ((rc = unit_arg(g, a, 1, &u)) || (rc = unit_arg(g, a, 2, &v))) return rc;
  if (a->n > 3) return gn__syntax(g, a, 3, "unexpected '%s'", a->tok[3]);
  return gn__ba_assemble(g, u, v);
}

/* rest UNIT [supplies|valour] (ref. BA-5.5.4a, BA-5.5.4f) */
static int v_rest(gn_game *g, const gn__args *a) {
  int u, rc, for_ = BA_REST_AUTO;
  if ((rc = unit_arg(g, a, 1, &u))) return rc;
  if (a->n > 2) {
    if (gn__arg_is(a, 2, "supplies")) for_ = BA_REST_SUPPLIES;
    else if (gn__arg_is(a, 2, "valour")) for_ = BA_REST_VALOUR;
    else return gn__syntax(g, a, 2, "expected supplies, valour or nothing, not '%s'", a->tok[2]);
  }
  if (a->n > 3) return gn__syntax(g, a, 3, "unexpected '%s'", a->tok[3]);
  return gn__ba_rest_start(g, u, for_);
}

/* turn UNIT left|right|about (ref. BA-2.3.1c: rotation) */
static int v_turn(gn_game *g, const gn__args *a) {
  int u, rc;
  unsigned f;
  if ((rc = unit_arg(g, a, 1, &u))) return rc;
  if (gn__arg_is(a, 2, "left")) f = BA_F_TURN_L;
  else if (gn__arg_is(a, 2, "right")) f = BA_F_TURN_R;
  else if (gn__arg_is(a, 2, "about")) f = BA_F_TURN_L | BA_F_TURN_R;
  else return gn__syntax(g, a, 2, "expected left, right or about");
  if (a->n > 3) return gn__syntax(g, a, 3, "unexpected '%s'", a->tok[3]);
  gn__ustate *s = gn__uw(g, u);
  if (s->flags & BA_F_CONT)
    return gn__refuse(g, "BA-1.1.1d", "%s continues its fire this bound: it may not turn",
                      gn__ba_uid(g, u));
  if (dis(g, u) == BA_DIS_FD)
    return gn__refuse(g, "BA-B14", "%s is in FD: it makes only forced moves", gn__ba_uid(g, u));
  if (form_then(g, u) == BA_FM_REST)
    return gn__refuse(g, "BA-B11", "%s is in rest formation: order another formation first",
                      gn__ba_uid(g, u));
  s->flags = (s->flags & ~(BA_F_TURN_L | BA_F_TURN_R)) | f;
  return 0;
}

/* engage STAFF UNIT: a staff figure joins the unit's melee (Table 8, ref. BA-T18) */
static int v_engage(gn_game *g, const gn__args *a) {
  int st, u, rc;
  if ((rc = unit_arg(g, a, 1, &st)) || (rc = unit_arg(g, a, 2, &u))) return rc;
  if (a->n > 3) return gn__syntax(g, a, 3, "unexpected '%s'", a->tok[3]);
  if (gn__ba_arm_of(g, st) != BA_ARM_STAFF)
    return gn__refuse(g, "BA-T8", "%s is not a staff figure", gn__ba_uid(g, st));
  if (g->sc->unit[u].side != g->sc->unit[st].side || gn__ba_arm_of(g, u) == BA_ARM_STAFF)
    return gn__refuse(g, "BA-T8", "a staff figure engages with a unit of its own side");
  ba_uw(g, st)->target = u + 1;
  return 0;
}

/*
** `end [SIDE]`: close the orders phase and resolve the bound (ref. BA-1.1.1a).
**   1) a plain end closes it for every side at once (the umpire's)
**   2) end SIDE: that side marks itself ready, its written orders final (told
**      to every side, as players at the table say so); once every side is
**      ready the bound resolves
*/
static int v_end(gn_game *g, const gn__args *a) {
  if (a->n > 2) return gn__syntax(g, a, 2, "unexpected '%s'", a->tok[2]);
  if (a->n == 2) {                                                                  /* 2 */
    int s = gn_side_find(g, a->tok[1]);
    if (s < 0) return gn__syntax(g, a, 1, "no side '%s'", a->tok[1]);
    if (g->st.phase != BA_PH_ORDERS) return gn__error(g, GN_ESTATE, "not in the orders phase");
    unsigned ready = (unsigned)g->st.rs[BA_RS_READY], all = (1u << g->sc->nsides) - 1;
    if (ready & (1u << s))
      return gn__refuse(g, "BA-1.1.1a", "%s is already ready for bound %d", g->sc->side[s].name, g->st.turn);
    ready |= 1u << s;
    g->st.rs[BA_RS_READY] = (int)ready;
    if (!gn__event(g, "ready", "BA-1.1.1a", -1, -1, "%s is ready: its orders for bound %d are written%s",
                   g->sc->side[s].name, g->st.turn, ready == all ? "" : "; the others are still writing"))
      return GN_ENOMEM;
    if (ready != all) return 0;
  }
  g->st.rs[BA_RS_READY] = 0;                                                        /* 1 */
  return gn__ba_end_bound(g);
}

/* ref. BA-1.1.1a: the side's `end SIDE` in the orders phase. */
int gn__ba_side_ready(const gn_game *g, int side) {
  return g->st.phase == BA_PH_ORDERS && ((unsigned)g->st.rs[BA_RS_READY] >> side) & 1;
}

/* Refuses a written order for a unit whose side has marked itself ready
** (ref. BA-1.1.1a: its orders for the bound are final). */
static int not_ready(gn_game *g, const gn__args *a) {
  int u = a->n > 1 ? gn_unit_find(g, a->tok[1]) : -1;
  if (u < 0 || !((unsigned)g->st.rs[BA_RS_READY] & (1u << g->sc->unit[u].side))) return 0;
  return gn__refuse(g, "BA-1.1.1a", "%s has marked itself ready: its orders for bound %d are final",
                    g->sc->side[g->sc->unit[u].side].name, g->st.turn);
}

/*
** A written order, once accepted, is told to its own side only (the enemy
** does not read another side's orders): the order as given, each unit by its
** code, and every unit it names listed in the event (a split or a skirmish
** line puts its part on the table now).
*/
static int written(gn_game *g, const gn__args *a, int rc) {
  if (rc) return rc;
  char text[512];
  size_t n = 0;
  int ids[GN__MAXTOK], u = -1;
  gn_event *e;
  for (int k = 0; k < a->n; k++) {   /* the words, a unit's as its code (the text is shorter than text) */
    ids[k] = k ? gn_unit_find(g, a->tok[k]) : -1;
    if (ids[k] >= 0 && u < 0) u = ids[k];
    const char *w = ids[k] >= 0 ? gn__ba_uid(g, ids[k]) : a->tok[k];
    size_t len = strlen(w);
    if (n + len + 2 > sizeof text) break;
    if (k) text[n++] = ' ';
    memcpy(text + n, w, len);
    n += len;
  }
  text[n] = 0;
  if (u < 0) return 0;
  if (!(e = gn__event(g, "written", "BA-1.1.1a", u, -1, "%s: order written: %s", gn__ba_uid(g, u), text)))
    return GN_ENOMEM;
  for (int k = 2; k < a->n; k++) gn__event_unit(g, e, ids[k]);
  gn__event_hide(e, 1u << g->sc->unit[u].side);
  return 0;
}

#define WRITTEN(name, verb) \
  static int name(gn_game *g, const gn__args *a) { \
    int rc = not_ready(g, a); \
    return rc ? rc : written(g, a, verb(g, a)); \
  }
WRITTEN(w_order, v_order)
WRITTEN(w_pace, v_pace)
WRITTEN(w_formation, v_formation)
WRITTEN(w_move, v_move)
WRITTEN(w_fire, v_fire)
WRITTEN(w_continue, v_continue)
WRITTEN(w_attack, v_attack)
WRITTEN(w_split, v_split)
WRITTEN(w_skirmish, v_skirmish)
WRITTEN(w_assemble, v_assemble)
WRITTEN(w_rest, v_rest)
WRITTEN(w_turn, v_turn)
WRITTEN(w_engage, v_engage)
WRITTEN(w_cancel, gn__ba_v_cancel)
#undef WRITTEN

/* ORDER: BA_NVERBS entries. */
const gn__verb gn__ba_verbs[BA_NVERBS] = {
  {"order", "order UNIT attack|fire|move|rest|evade|hold: the unit's written order for this "
            "bound (attack: may melee; evade: a skirmish line falls back when attacked)", w_order, 0},
  {"pace", "pace UNIT normal|fast|charge: its pace for this bound (default normal)", w_pace, 0},
  {"formation", "formation UNIT line|march|skirmish|square|mass|rest|limbered|unlimbered: "
                "change formation in the movement phase", w_formation, 0},
  {"move", "move UNIT to X,Y: march towards X,Y (cm) as far as its rate allows [or: advance N | "
           "retire N, straight ahead or back]", w_move, 0},
  {"fire", "fire UNIT at TARGET [split N at TARGET2]: fire in the fire phase; N figures "
           "(artillery: guns) at the second target", w_fire, 0},
  {"continue", "continue UNIT: fire again at last bound's target in the continued-fire phase; "
               "the unit then does nothing else this bound", w_continue, 0},
  {"attack", "attack UNIT TARGET: advance on the target and melee it on melee-zone contact",
   w_attack, 0},
  {"split", "split UNIT [N] [as SLOT]: split off a part of N figures (cavalry: squadrons, "
            "artillery: guns; default half) into a reserve slot of the scenario", w_split, 0},
  {"skirmish", "skirmish UNIT N [as SLOT]: send N figures ahead as a skirmish line; the unit "
               "is its soutien", w_skirmish, 0},
  {"assemble", "assemble UNIT PART: join a part or skirmish line of the same original unit "
               "in base contact", w_assemble, 0},
  {"rest", "rest UNIT [supplies|valour]: take rest formation and rest (8 bounds: supplies or one "
   "valour point; a unit with supply rolls left chooses, and keeps them resting for valour)",
   w_rest, 0},
  {"turn", "turn UNIT left|right|about: rotate in the movement phase", w_turn, 0},
  {"engage", "engage STAFF UNIT: the staff figure leads the unit in melee (+4, catch roll)",
   w_engage, 0},
  {"cancel", "cancel UNIT [off]: an attacker cancels its attack on melee-zone contact: it halts "
             "without melee and the unit it reached is not halted (off: withdraw)", w_cancel, 0},
  {"end", "end [SIDE]: close the orders phase and resolve the bound; end SIDE: that side is ready, "
          "and the bound resolves when every side is", v_end, 0},
};

/* ------------------------------------------------------------ the bound */

static int phase_event(gn_game *g, int p) {
  g->st.phase = p;
  return gn__event(g, "phase", "BA-1.1.1a", -1, -1, "bound %d: %s phase", g->st.turn,
                   gn__ba_phase_name(g)) ? 0 : GN_ENOMEM;
}

/* Bookkeeping that closes a bound: this bound's facts become last bound's. */
static void close_bound(gn_game *g) {
  for (int i = 0; i < g->st.nunits; i++) {
    gn__ustate *s = gn__uw(g, i);
    unsigned f = s->flags;
    unsigned last = 0;
    if (f & BA_F_ATT) last |= BA_F_ATT_LAST;
    if (f & BA_F_DEF) last |= BA_F_DEF_LAST;
    if (f & BA_F_CHARGE) last |= BA_F_CHARGE_LAST;
    if (f & BA_F_OPPFD) last |= BA_F_OPPFD_LAST;
    s->flags = (f & ~(BA_F_BOUND | BA_F_ATT_LAST | BA_F_DEF_LAST | BA_F_CHARGE_LAST |
                      BA_F_OPPFD_LAST)) | last;
    /* ref. BA-1.1.1c: remember the target fired at, for continued fire */
    s->ba.last_target = (f & BA_F_FIRED) ? s->ba.target : 0;
    if (gn__ba_arm_of(g, i) != BA_ARM_WAGGON) s->ba.target = 0;
    s->ba.target2 = s->ba.split2 = 0;
    s->ba.dest_x = s->ba.dest_y = 0;
    s->ba.new_formation = 0;
    s->ba.pace = BA_P_NORMAL;         /* ref. BA-2.3.1a: normal unless ordered */
    if (s->ba.order != BA_O_REST) s->ba.order = BA_O_NONE;
  }
}

/* Victory points of side s: figures the enemy lost (killed, wounded and
** prisoners) per figures_per_point, plus objectives held (ref. BA-B9). */
static int side_points(const gn_game *g, int s) {
  int lost = 0, pts = 0;
  for (int i = 0; i < g->sc->nunits; i++) {
    const gn__ustate *u = &g->st.u[i];
    if (g->sc->unit[i].side == s || u->ba.root) continue;
    /* an original unit and its parts: original figures minus what is left */
    int left = 0;
    for (int j = 0; j < g->sc->nunits; j++)
      if (gn__ba_root(g, j) == i && gn__ba_on_table(g, j)) left += g->st.u[j].strength;
    lost += g->sc->unit[i].strength0 - left;
  }
  pts = lost / BA_D(g)->figures_per_vp;
  for (int o = 0; o < g->sc->nobjectives; o++)
    if (g->st.owner[o] == s) pts += g->sc->objective[o].points;
  return pts;
}

/* ref. BA-VIC: a unit holds an objective when it is no staff figure or
** waggon, has figures left and is not in full disorder. */
int gn__ba_holds(const gn_game *g, int u) {
  ba_arm arm = gn__ba_arm_of(g, u);
  return gn__ba_on_table(g, u) && arm != BA_ARM_STAFF && arm != BA_ARM_WAGGON && g->st.u[u].strength > 0 &&
         ba_u(g, u)->disorder != BA_DIS_FD;
}

/*
** Resolve the bound after the orders phase (Table 1, ref. BA-B1, BA-1.1.1a).
**   1) close the orders phase: what was ordered now stands (ref. BA-1.1.1b)
**   2) continued fire (ref. BA-1.1.1c, BA-1.1.1d)
**   3) movement: formation changes, turns, marching, attacks, routs
**   4) fire
**   5) melee
**   6) moral consequences: catch rolls of staff figures (ref. BA-T18)
**   7) end of bound: rest (ref. BA-5.5.4e), reorganisation (ref. BA-B15),
**      objectives' holders (ref. BA-VIC), this bound's facts become last
**      bound's, next bound or game over
** Each phase is finished before the next starts.
*/
int gn__ba_end_bound(gn_game *g) {
  int rc;
  if (g->st.phase != BA_PH_ORDERS) return gn__error(g, GN_ESTATE, "not in the orders phase");
  if ((rc = phase_event(g, BA_PH_CONTINUED))) return rc;            /* 1, 2 */
  if ((rc = gn__ba_phase_fire(g, 1))) return rc;
  if ((rc = phase_event(g, BA_PH_MOVEMENT))) return rc;             /* 3 */
  if ((rc = gn__ba_phase_movement(g))) return rc;
  if ((rc = phase_event(g, BA_PH_FIRE))) return rc;                 /* 4 */
  if ((rc = gn__ba_phase_fire(g, 0))) return rc;
  if ((rc = phase_event(g, BA_PH_MELEE))) return rc;                /* 5 */
  if ((rc = gn__ba_phase_melee(g))) return rc;
  if ((rc = phase_event(g, BA_PH_MORAL))) return rc;                /* 6 */
  if ((rc = gn__ba_phase_moral(g))) return rc;
  if ((rc = phase_event(g, BA_PH_END))) return rc;                  /* 7 */
  if ((rc = gn__ba_rest_bound(g))) return rc;
  for (int i = 0; i < g->st.nunits; i++)
    if (gn__ba_on_table(g, i) && (rc = gn__ba_reorganise(g, i))) return rc;
  if ((rc = gn__objectives_turn_end(g, g->st.turn, "BA-VIC"))) return rc;
  close_bound(g);
  g->st.phase = BA_PH_ORDERS;
  if (g->sc->turns > 0 && g->st.turn >= g->sc->turns) {
    int p0 = side_points(g, 0), p1 = g->sc->nsides > 1 ? side_points(g, 1) : 0;
    g->st.over = 1;
    g->st.winner = p0 > p1 ? 0 : p1 > p0 ? 1 : -1;
    gn_event *e = gn__event(g, "end", "BA-B9", -1, -1, "the game ends after bound %d: %s %d, "
                            "%s %d points", g->st.turn, g->sc->side[0].id, p0,
                            g->sc->nsides > 1 ? g->sc->side[1].id : "-", p1);
    return e ? 0 : GN_ENOMEM;
  }
  g->st.turn++;
  /* the new bound: reinforcements due come on at their entry (ref. BA-ARR) */
  for (int side = 0; side < g->sc->nsides; side++) {
    if ((rc = gn__arrivals(g, side, "BA-ARR"))) return rc;
  }
  return 0;
}

/* The time of the current bound in minutes after midnight of the first day:
** the scenario's hour and bound.minutes a bound (ref. BA-B19). */
int gn__ba_minute(const gn_game *g) {
  int per = g->sc->rsdata ? BA_D(g)->minutes : 5;
  return g->sc->hour * 60 + (g->st.turn - 1) * per;
}

/* "18 June 1815, 13:05, bound 2" (ref. BA-B19: one bound is bound.minutes). */
void gn__ba_clock(const gn_game *g, char *buf, size_t n) {
  static const char *const months[] = {"January", "February", "March", "April", "May", "June",
                                       "July", "August", "September", "October", "November",
                                       "December"};
  const gn__scen *sc = g->sc;
  int per = sc->rsdata ? BA_D(g)->minutes : 5;
  int mins = sc->hour * 60 + (g->st.turn - 1) * per;
  int day = sc->day + mins / (24 * 60);
  mins %= 24 * 60;
  int m = sc->month >= 1 && sc->month <= 12 ? sc->month - 1 : 0;
  snprintf(buf, n, "%d %s %d, %02d:%02d, bound %d", day, months[m], sc->year, mins / 60,
           mins % 60, g->st.turn);
}
