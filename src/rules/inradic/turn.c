/*
** turn.c: the sequence of play and movement (ref. IN-B8, IN-B9, IN-B13:
** defaults of the rules index data/rulesets/inradic/rules.yaml; the published
** text gives no turn sequence, so IN-B13 is the project's).
**
** A game turn is one side turn per side, in scenario order. A side turn:
**   1) start: the side's per-turn marks are cleared, first-turn-only
**      pursuits lapse (ref. IN-P2), its routing units retest or run on
**      (ref. IN-M14, IN-M15, IN-M16, IN-M17)
**   2) orders, in any order: each unit may move or charge once, fire or
**      throw once, start one melee; pursuit orders at any time
**   3) `end`: open pursuits fall to their default, wagons resupply
**      (ref. IN-R8), the next side begins
** The game ends when a side has no figure left on the table, or after the
** scenario's last turn (most steady figures on the table wins).
*/
#include "inradic.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* ref. IN-B13: only the side whose turn it is gives orders; routers obey none (ref. IN-M11). */
int gn__in_may_act(gn_game *g, int unit, const char *verb) {
  if (!gn__in_alive(g, unit)) return gn__refuse(g, "IN-B13", "%s is not on the table", gn__in_name(g, unit));
  if (gn__in_side(g, unit) != g->st.active)
    return gn__refuse(g, "IN-B13", "%s cannot %s: it is %s's turn", gn__in_name(g, unit), verb,
                      g->sc->side[g->st.active].name);
  if (gn__in_routing(g, unit))
    return gn__refuse(g, "IN-M11", "%s is routing and obeys no order", gn__in_name(g, unit));
  return 0;
}

/* Length of a->b with stretches in difficult terrain counted move.difficult_cost
** times (ref. IN-B8: half speed in woods and rough ground). */
static double path_cost(const gn_game *g, gn_vec2 a, gn_vec2 b) {
  const in_data *d = in__data(g);
  gn_crossing xbuf[64], *x;
  double len = hypot(b.x - a.x, b.y - a.y), in = 0, lo = 0, hi = -1;
  int n = gn__crossings(g, a, b, xbuf, 64, &x);
  /* crossings are sorted by t_in: merge overlapping stretches */
  for (int i = 0; i < n; i++) {
    const gn_feature *f = &g->sc->features[x[i].feature];
    if (f->shape != GN_SHAPE_AREA || !d->tr_difficult[f->kind]) continue;
    if (x[i].t_in > hi) { if (hi > lo) in += hi - lo; lo = x[i].t_in; hi = x[i].t_out; }
    else if (x[i].t_out > hi) hi = x[i].t_out;
  }
  if (hi > lo) in += hi - lo;
  gn__room_free(g, xbuf, x, n, sizeof *x);
  return len * (1 + (d->difficult_cost - 1) * in);
}

/* gn_actions: the normal move `move` spends (all of it, or none once the unit
** has moved this turn) and what gn__in_order_move keeps a unit from. */
double gn__in_allowance(gn_game *g, const char *verb, int u, char *avoid, size_t n) {
  if (strcmp(verb, "move")) return -1;
  snprintf(avoid, n, "other units; contact with an enemy, which is a charge (IN-B9); off the "
           "table (IN-B8); and difficult terrain counts double (IN-B8)");
  return g->st.u[u].flags & IN_F_MOVED ? 0 : gn__in_move_allowance(g, u);
}

/* The cost of a straight move from a unit's place to p (gn__furthest's measure). */
typedef struct costq { const gn_game *g; gn_vec2 from; } costq;
static double cost_to(void *ud, gn_vec2 p) {
  const costq *q = ud;
  return path_cost(q->g, q->from, p);
}

/*
** move UNIT to X,Y [facing DEGREES], or as players make it (gn__arg_dest):
** towards X,Y, advance N, retire N, wheel DEG, turn DEG
**   1) the unit may act, has not moved, is not pursuing or in melee
**   2) the path, difficult terrain counted double, fits its normal move
**      (ref. IN-B8), over by at most the measuring tolerance (data
**      move.tolerance [interpretation]); towards: the furthest point of the
**      line that fits; a wheel costs at least its outer front corner's arc
**   3) it ends on the table, on no other unit, touching no enemy (that is a charge)
** The facing is in compass degrees (0 north, 90 east), as in the scenario file;
** without it the unit faces the way it moved (advance and retire keep it).
*/
int gn__in_order_move(gn_game *g, const gn__args *a) {
  int A, rc;
  gn__dest dest;
  if ((rc = gn__arg_unit(g, a, 1, &A))) return rc;
  if ((rc = gn__arg_dest(g, a, 2, g->st.u[A].box, &dest))) return rc;
  gn_vec2 p = dest.to;
  int face = dest.hasf;
  if ((rc = gn__in_may_act(g, A, "move"))) return rc;                                  /* 1 */
  gn__ustate *u = gn__uw(g, A);
  if (u->flags & IN_F_MOVED) return gn__refuse(g, "IN-B13", "%s has already moved this turn", gn__in_name(g, A));
  if (u->in.pursuit == IN_PU_PURSUING)
    return gn__refuse(g, "IN-P3", "%s is pursuing: halt it first", gn__in_name(g, A));
  if (gn__in_engaged(g, A)) return gn__refuse(g, "IN-B6", "%s is in melee", gn__in_name(g, A));
  double allow = gn__in_move_allowance(g, A);                                         /* 2 */
  if (dest.towards) {
    costq q = { g, u->box.c };
    double t = gn__furthest(u->box.c, p, cost_to, &q, allow);
    p.x = u->box.c.x + (p.x - u->box.c.x) * t;
    p.y = u->box.c.y + (p.y - u->box.c.y) * t;
  }
  double cost = path_cost(g, u->box.c, p);
  if (cost < dest.arc) cost = dest.arc;
  if (cost > allow + in__data(g)->move_tolerance + 1e-9)
    return gn__refuse(g, "IN-B8", "the move costs %.1f in; %s moves %.0f in", cost, gn__in_name(g, A), allow);
  gn_box b = u->box;                                                                 /* 3 */
  if (face) b.facing = dest.facing;
  else if (hypot(p.x - b.c.x, p.y - b.c.y) > 1e-9) b.facing = atan2(p.y - b.c.y, p.x - b.c.x);
  b.c = p;
  if (p.x < 0 || p.y < 0 || p.x > g->sc->width || p.y > g->sc->height)
    return gn__refuse(g, "IN-B8", "%.1f,%.1f is off the table", p.x, p.y);
  for (int i = 0; i < g->st.nunits; i++) {
    if (i == A || !gn__in_alive(g, i)) continue;
    if (gn_box_overlap(b, g->st.u[i].box))
      return gn__refuse(g, "IN-B8", "%s would stand on %s", gn__in_name(g, A), gn__in_name(g, i));
    if (gn__in_enemies(g, A, i) && gn_box_distance(b, g->st.u[i].box) <= in__data(g)->contact)
      return gn__refuse(g, "IN-B9", "moving into contact with %s is a charge", gn__in_name(g, i));
  }
  gn_vec2 from = u->box.c;
  gn__unit_place(g, A, b);
  u->flags |= IN_F_MOVED;
  gn_event *e = gn__event(g, "move", "IN-B8", A, -1, "%s moves %.1f in from %.1f,%.1f to %.1f,%.1f facing %.1f "
                          "(%.1f of %.0f in)", gn__in_name(g, A), hypot(p.x - from.x, p.y - from.y), from.x,
                          from.y, p.x, p.y, gn__compass(b.facing), cost, allow);
  return e ? 0 : GN_ENOMEM;
}

/* ref. IN-VIC: a unit holds an objective when it is no wagon and is steady. */
int gn__in_holds(const gn_game *g, int u) {
  return gn__in_alive(g, u) && !gn__in_routing(g, u) && g->sc->unit[u].type != IN_T_WAGON;
}

/* ref. IN-ARR [interpretation]: a unit that came on at an entry marched onto
** the table: with arrival.entry_is_move that march is its move of the turn
** (IN-B13), else it may still move. */
void gn__in_entered(gn_game *g, int u, double marched) {
  (void)marched;
  if (in__data(g)->entry_is_move) gn__uw(g, u)->flags |= IN_F_MOVED;
}

/* Figures on the table per side; steady ones only when steady is set. */
static void figures(const gn_game *g, int steady, int *n) {
  for (int s = 0; s < GN__MAXSIDES; s++) n[s] = 0;
  for (int i = 0; i < g->st.nunits; i++)
    if (gn__in_alive(g, i) && (!steady || !gn__in_routing(g, i))) n[gn__in_side(g, i)] += g->st.u[i].strength;
}

/* A side with no figure left on the table (routers still count: they may
** rally) has lost. */
void gn__in_check_over(gn_game *g) {
  int n[GN__MAXSIDES], standing = 0, last = -1;
  figures(g, 0, n);
  for (int i = 0; i < g->st.nunits; i++)   /* reinforcements to come: the side still stands */
    if (g->st.u[i].removed == GN__ARRIVING) n[gn__in_side(g, i)] += g->st.u[i].strength;
  for (int s = 0; s < g->sc->nsides; s++) if (n[s] > 0) { standing++; last = s; }
  if (standing <= 1) { g->st.over = 1; g->st.winner = last; }
}

/* At the turn limit: the side with the most steady figures wins; a tie is drawn. */
static void final_count(gn_game *g) {
  int n[GN__MAXSIDES], best = -1, tie = 0;
  figures(g, 1, n);
  for (int s = 0; s < g->sc->nsides; s++) {
    if (best < 0 || n[s] > n[best]) { best = s; tie = 0; }
    else if (n[s] == n[best]) tie = 1;
  }
  g->st.over = 1;
  g->st.winner = tie ? -1 : best;
}

/*
** end: the active side's turn is over (ref. IN-B13).
**   1) open pursuits fall to their default
**   2) the side's wagons resupply its guns (ref. IN-R8)
**   3) the next side; after the last side the objectives' holders at the
**      turn's end (ref. IN-VIC), then a new game turn, or the end
**   4) the new side's marks are cleared (a jam lifted is told); its reinforcements due come on (ref. IN-ARR); first-turn pursuits lapse (ref.
**      IN-P2), its routers retest or run (ref. IN-M14)
**   5) is the game over?
*/
int gn__in_order_end(gn_game *g, const gn__args *a) {
  int rc, side = g->st.active;
  if (a->n > 1) return gn__syntax(g, a, 1, "unexpected '%s'", a->tok[1]);
  if ((rc = gn__in_pursuit_defaults(g))) return rc;                                    /* 1 */
  if ((rc = gn__in_resupply(g, side))) return rc;                                      /* 2 */
  int next = side + 1;                                                              /* 3 */
  if (next >= g->sc->nsides) {
    if ((rc = gn__objectives_turn_end(g, g->st.turn, "IN-VIC"))) return rc;   /* ref. IN-VIC */
    if (g->sc->turns > 0 && g->st.turn >= g->sc->turns) {
      final_count(g);
      return gn__event(g, "turn", "IN-B13", -1, -1, "the last turn is over") ? 0 : GN_ENOMEM;
    }
    next = 0;
    g->st.turn++;
  }
  g->st.active = next;
  if (!gn__event(g, "turn", "IN-B13", -1, -1, "turn %d: %s to act", g->st.turn, g->sc->side[next].name))
    return GN_ENOMEM;
  for (int i = 0; i < g->st.nunits; i++) {                                          /* 4 */
    if (gn__in_side(g, i) != next) continue;
    if ((g->st.u[i].flags & IN_F_JAMMED) && gn__in_alive(g, i) &&   /* all see a gun not firing */
        !gn__event(g, "ammo", "IN-R7", i, -1, "%s is no longer jammed", gn__in_name(g, i)))
      return GN_ENOMEM;
    gn__uw(g, i)->flags = 0;
  }
  if ((rc = gn__arrivals(g, next, "IN-ARR"))) return rc;   /* its reinforcements due come on */
  if ((rc = gn__in_pursuit_expire(g))) return rc;
  if ((rc = gn__in_rally_phase(g, next))) return rc;
  gn__in_check_over(g);                                                                /* 5 */
  return 0;
}
