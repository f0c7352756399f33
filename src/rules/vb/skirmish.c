/*
** skirmish.c: cavalry skirmishers (ref. VB-9, VB-10, VB-11).
**
** The engine's unit list is fixed by the scenario, so the skirmish stands a
** light cavalry brigade can put out are declared in the scenario right after
** it with `skirmish_of: 1`; setup (vb.c) takes them off the table and links
** them to the brigade. Breaking down puts them on the table in a row along
** the brigade's front; reforming takes them off again and puts the brigade
** back with their SP.
*/
#include <math.h>
#include <stdio.h>
#include "vb.h"

#define MAXS 16   /* skirmish stands held in place; a larger line goes to the heap */

static int break_down(gn_game *g, int b, int n, const int *res, gn_box *place);

/*
** `skirmish UNIT`: a light cavalry brigade breaks into skirmishers.
**   1) the side's movement phase, before the brigade has moved (ref. VB-9)
**   2) how many stands: one per SP, or two (data move.skirmish.per_sp, ref. VB-10)
**   3) enough reserve stands, and room for the row along the brigade's front
**   4) place them, share out the SP, take the brigade off; no move is spent
*/
int gn__vb_order_skirmish(gn_game *g, const gn__args *a) {
  const vb_data *d = gn__vb_data(g);
  int b, rc, nres = 0;
  /* 1) */
  if ((rc = gn__arg_unit(g, a, 1, &b))) return rc;
  if (a->n > 2) return gn__syntax(g, a, 2, "unexpected '%s'", a->tok[2]);
  if ((rc = gn__vb_need_phase(g, b, VB_PH_MOVE, "VB-9", "breaking into skirmishers"))) return rc;
  gn__ustate *s = gn__uw(g, b);
  const char *name = gn__vb_uname(g, b);
  if (gn__vb_type(g, b) != VB_T_CAV_LIGHT || !gn__vb_alive(g, b))
    return gn__refuse(g, "VB-9", "only a light cavalry brigade on the table can break into skirmishers");
  if (s->vb.routed) return gn__refuse(g, "VB-41", "%s is routed", name);
  if (s->vb.moved || s->vb.move_used)
    return gn__refuse(g, "VB-9", "%s has already moved: it breaks down only at the start of its move", name);
  /* 2) */
  int n = d->skirmish_per_sp ? s->strength : (s->strength < 2 ? s->strength : 2);
  /* 3) */
  for (int i = 0; i < g->sc->nunits; i++)
    nres += vb_u(g, i)->skirmish_of == b + 1 && g->st.u[i].removed == 1;
  if (nres < n)
    return gn__refuse(g, "VB-10", "%s needs %d skirmish stands and the scenario gives it %d free", name, n, nres);
  int rbuf[MAXS], mr = n, mp = n, *res = gn__room(g, rbuf, MAXS, &mr, sizeof *res);
  gn_box pbuf[MAXS], *place = gn__room(g, pbuf, MAXS, &mp, sizeof *place);
  rc = mr < n || mp < n ? GN_ENOMEM : 0;
  for (int i = 0, k = 0; i < g->sc->nunits && k < mr; i++)
    if (vb_u(g, i)->skirmish_of == b + 1 && g->st.u[i].removed == 1) res[k++] = i;
  if (!rc) rc = break_down(g, b, n, res, place);
  gn__room_free(g, rbuf, res, mr, sizeof *res);
  gn__room_free(g, pbuf, place, mp, sizeof *place);
  return rc;
}

/* Steps 3 (the room) and 4 of `skirmish`: brigade b into its n reserve
** stands res[], placed at place[] (room for n). */
static int break_down(gn_game *g, int b, int n, const int *res, gn_box *place) {
  const vb_data *d = gn__vb_data(g);
  gn__ustate *s = gn__uw(g, b);
  const char *name = gn__vb_uname(g, b);
  double fx = cos(s->box.facing), fy = sin(s->box.facing);    /* front */
  double rx = fy, ry = -fx;                                    /* right */
  for (int k = 0; k < n; k++) {
    gn_box p = g->st.u[res[k]].box;
    double w = g->sc->rs->types[VB_T_SKIRMISHER].w, dd = g->sc->rs->types[VB_T_SKIRMISHER].d;
    double off = (k - (n - 1) / 2.0) * (w + d->skirmish_gap);
    double fwd = (s->box.d - dd) / 2;
    p.w = w; p.d = dd;
    p.c.x = s->box.c.x + off * rx + fwd * fx;
    p.c.y = s->box.c.y + off * ry + fwd * fy;
    p.facing = s->box.facing;
    int o = gn__vb_overlap_any(g, b, p, NULL, 0);
    if (o >= 0) return gn__refuse(g, "VB-10", "no room for the skirmish line: %s is in the way", gn__vb_uname(g, o));
    place[k] = p;
  }
  /* 4) */
  int sp = s->strength;
  for (int k = 0; k < n; k++) {
    gn__ustate *r = gn__uw(g, res[k]);
    r->strength = d->skirmish_per_sp ? 1 : sp / n + (k < sp % n);
    r->vb.disorder = s->vb.disorder;
    r->vb.morale = s->vb.morale;
    r->vb.in_command = s->vb.in_command;
    r->vb.moved = r->vb.move_used = r->vb.stationary = r->vb.march = 0;
    r->vb.reforming = 0;
    gn__unit_return(g, res[k], place[k]);
  }
  s->strength = 0;
  gn__unit_remove(g, b);
  gn__event(g, "skirmish", "VB-10", b, -1, "%s breaks into %d skirmish stands (%s, data move.skirmish.per_sp = %d)",
            name, n, d->skirmish_per_sp ? "one per SP" : "two stands", d->skirmish_per_sp);
  return 0;
}

/*
** `reform UNIT UNIT [UNIT...]`: cavalry skirmishers reform a brigade.
**   1) the side's movement phase; two or more cavalry skirmishers
**   2) the brigade reformed is the first stand's, off the table; the stands may
**      come from several broken-down brigades (two or more skirmishers "may
**      combine to reform a brigade"), all of its morale grade and type
**   3) together: each within one stand's width and gap of another listed stand
**   4) each pays half its move (ref. VB-11); room for the brigade at the
**      lowest-numbered stand
**   5) mark each with the brigade; it appears at the end of the movement phase
*/
int gn__vb_order_reform(gn_game *g, const gn__args *a) {
  const vb_data *d = gn__vb_data(g);
  int st[GN__MAXTOK], n = 0, rc;     /* one a word of the order */
  /* 1) */
  if (a->n < 3) return gn__syntax(g, a, a->n, "expected two or more skirmish stands");
  for (int k = 1; k < a->n; k++) {
    if ((rc = gn__arg_unit(g, a, k, &st[n]))) return rc;
    for (int j = 0; j < n; j++)
      if (st[j] == st[n]) return gn__syntax(g, a, k, "'%s' is listed twice", a->tok[k]);
    n++;
  }
  if ((rc = gn__vb_need_phase(g, st[0], VB_PH_MOVE, "VB-11", "reforming"))) return rc;
  int b = vb_u(g, st[0])->skirmish_of - 1;
  if (b < 0) return gn__refuse(g, "VB-11", "%s is not a cavalry skirmisher", gn__vb_uname(g, st[0]));
  if (g->st.u[b].removed != 1) return gn__refuse(g, "VB-11", "%s is already on the table", gn__vb_uname(g, b));
  for (int k = 0; k < n; k++) {
    gn__ustate *r = gn__uw(g, st[k]);
    const char *nm = gn__vb_uname(g, st[k]);
    if (!gn__vb_is_cav_skirmisher(g, st[k]) || !gn__vb_alive(g, st[k]))
      return gn__refuse(g, "VB-11", "%s is not a cavalry skirmisher on the table", nm);
    if (g->sc->unit[st[k]].side != g->sc->unit[b].side) return gn__refuse(g, "VB-11", "%s is not ours", nm);
    /* 2) */
    int ob = r->vb.skirmish_of - 1;
    if (r->vb.morale != vb_u(g, b)->morale || gn__vb_type(g, ob) != gn__vb_type(g, b))
      return gn__refuse(g, "VB-11", "%s is not of the morale grade and type of %s", nm, gn__vb_uname(g, b));
    if (r->vb.routed) return gn__refuse(g, "VB-41", "%s is routed", nm);
    if (r->vb.reforming) return gn__refuse(g, "VB-11", "%s is already reforming", nm);
  }
  /* 3) */
  double reach = g->sc->rs->types[VB_T_SKIRMISHER].w + d->skirmish_gap + 1e-6;
  for (int k = 1; k < n; k++) {
    int near = 0;
    for (int j = 0; j < n && !near; j++)
      if (j != k && gn_box_distance(g->st.u[st[k]].box, g->st.u[st[j]].box) <= reach) near = 1;
    if (!near) return gn__refuse(g, "VB-11", "%s is not moving together with the others", gn__vb_uname(g, st[k]));
  }
  /* 4) */
  for (int k = 0; k < n; k++) {
    double cost = d->reform_cost * gn__vb_rate(g, st[k]);
    if (cost > gn__vb_move_left(g, st[k]) + 1e-6)
      return gn__refuse(g, "VB-11", "%s has not half its move left", gn__vb_uname(g, st[k]));
  }
  int at = st[0];                      /* the brigade appears at the lowest-numbered stand */
  for (int k = 1; k < n; k++) if (st[k] < at) at = st[k];
  gn_box bb = g->st.u[b].box;
  bb.c = g->st.u[at].box.c;
  bb.facing = g->st.u[at].box.facing;
  bb.w = g->sc->rs->types[gn__vb_type(g, b)].w;
  bb.d = g->sc->rs->types[gn__vb_type(g, b)].d;
  int o = gn__vb_overlap_any(g, b, bb, st, n);
  if (o >= 0) return gn__refuse(g, "VB-11", "no room for the brigade: %s is in the way", gn__vb_uname(g, o));
  /* 5) */
  for (int k = 0; k < n; k++) {
    gn__ustate *r = gn__uw(g, st[k]);
    r->vb.move_used += (int)ceil(d->reform_cost * gn__vb_rate(g, st[k]) * 100 - 1e-6);
    r->vb.moved = 1;
    r->vb.reforming = b + 1;
  }
  gn__event(g, "reform", "VB-11", b, -1, "%d skirmish stands reform %s at the end of the movement phase",
            n, gn__vb_uname(g, b));
  return 0;
}

/* End of the movement phase: each brigade with stands reforming it comes back
** at the place of the lowest-numbered of them with their SP; the stands become
** its reserve stands, whichever brigade they broke down from (ref. VB-11). */
void gn__vb_reform_finish(gn_game *g, int side) {
  for (int b = 0; b < g->sc->nunits; b++) {
    if (g->sc->unit[b].side != side || gn__vb_type(g, b) != VB_T_CAV_LIGHT) continue;
    int first = -1, sp = 0, dis = 0, n = 0;
    for (int k = 0; k < g->sc->nunits; k++) {
      if (vb_u(g, k)->reforming != b + 1 || !gn__vb_alive(g, k)) continue;
      gn__ustate *r = gn__uw(g, k);
      if (first < 0) first = k;
      sp += r->strength;
      if (r->vb.disorder > dis) dis = r->vb.disorder;
      r->strength = 0;
      gn__unit_remove(g, k);
      r->vb.reforming = 0;
      r->vb.skirmish_of = b + 1;
      n++;
    }
    if (first < 0) continue;
    gn__ustate *s = gn__uw(g, b);
    gn_box bb = s->box;
    bb.c = g->st.u[first].box.c;
    bb.facing = g->st.u[first].box.facing;
    s->strength = sp;
    s->vb.disorder = dis;
    s->vb.moved = 1;
    gn__unit_return(g, b, bb);
    gn__event(g, "reform", "VB-11", b, -1, "%s reforms from %d skirmish stands", gn__vb_uname(g, b), n);
    gn__vb_own_event(gn__event(g, "strength", "VB-11", b, -1, "%s has %d SP", gn__vb_uname(g, b), sp), side);
  }
}
