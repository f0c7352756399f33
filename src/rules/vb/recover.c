/*
** recover.c: the night's recovery of casualties (rules VB-55 to VB-65).
**
** At the end of the night phase every stand recovers half (recovery.yaml) of
** the SP it lost that day, rounded down; the odd points are pooled in pairs
** of stands of the same side and class (infantry, cavalry, artillery), the
** partner chosen by nationality, then morale, then division, then corps, and
** each pair recovers one point. The recovery phase then takes the players'
** choices: `recover UNIT` (which stand of an equal-morale pair takes the
** point), `merge UNIT into UNIT` and `fill UNIT from UNIT` (under-strength
** stands). Its `end` applies the choices, a default for the rest, the
** exhaustion reset and dawn. Its events are each side's own (the roster and
** the exhaustion record are not the enemy's to see).
*/
#include <stdio.h>
#include "vb.h"

/* Stand class for pairing: 0 infantry, 1 cavalry, 2 artillery, -1 leader. */
static int tclass(const gn_game *g, int u) {
  int t = gn__vb_type(g, u);
  if (gn__vb_is_leader(t)) return -1;
  if (gn__vb_is_cavalry(t) || gn__vb_is_cav_skirmisher(g, u)) return 1;
  return gn__vb_is_artillery(t) ? 2 : 0;
}

/* ref. VB-61: minimum starting strength, 0 when the type has none. */
static int minimum(const gn_game *g, int u) {
  const vb_data *d = gn__vb_data(g);
  int t = gn__vb_type(g, u);
  if (t == VB_T_INF_BRIGADE) return d->min_inf_brigade;
  if (t == VB_T_INF_REGIMENT || gn__vb_is_cavalry(t)) return d->min_other;
  return 0;
}

/* The division, or for corps and army troops their own formation. */
static int group_of(const gn_game *g, int u) {
  int dv = gn__vb_division_of(g, u);
  return dv >= 0 ? dv : g->sc->unit[u].formation;
}

/* Who receives a stand's recovered SP: itself, or for a light cavalry brigade
** broken into skirmishers its first skirmisher on the table. */
static int recipient(const gn_game *g, int u) {
  if (gn__vb_type(g, u) != VB_T_CAV_LIGHT || g->st.u[u].removed != 1) return u;
  for (int k = 0; k < g->sc->nunits; k++)
    if (vb_u(g, k)->skirmish_of == u + 1 && gn__vb_alive(g, k)) return k;
  return u;
}

/* Gives n SP to u (or its recipient). A stand wiped out today gets them off
** the table: it comes back at dawn (return.c). Cannot fail. */
static void give(gn_game *g, int u, int n) {
  int r = recipient(g, u);
  gn__uw(g, r)->strength += n;   /* a stand off the table stays off until placed (return.c, ref. VB-B22) */
  int dv = gn__vb_division_of(g, u);
  if (dv >= 0 && !gn__vb_is_artillery(gn__vb_type(g, u))) gn__fw(g, dv)[VB_F_RECOVERED] += n;
}

/* ---------------------------------------------------------------- pairs */

/* ref. VB-59: how well v suits u as a partner (higher is better). */
static int suit(const gn_game *g, int u, int v) {
  const gn__ustate *a = &g->st.u[u], *b = &g->st.u[v];
  int du = gn__vb_division_of(g, u), dv = gn__vb_division_of(g, v);
  int cu = gn__vb_formation_up(g, g->sc->unit[u].formation, GN_CORPS);
  int cv = gn__vb_formation_up(g, g->sc->unit[v].formation, GN_CORPS);
  return 8 * (a->vb.nation == b->vb.nation) + 4 * (a->vb.morale == b->vb.morale) +
         2 * (du >= 0 && du == dv) + (cu >= 0 && cu == cv);
}

/* The mate of u's odd point, -1 if none. */
static int partner(const gn_game *g, int u) { return gn__vb_pairing_of(g->st.u[u].flags).mate; }

/* u's odd point is paired with v's. */
static void set_mate(gn_game *g, int u, int v) {
  vb_pairing p = gn__vb_pairing_of(g->st.u[u].flags);
  p.mate = v;
  gn__uw(g, u)->flags = gn__vb_pairing_flags(p);
}

/* u merges into (how VB_FL_MERGE) or fills from (VB_FL_FILL) v, in place of
** any such order before. */
static void set_partner(gn_game *g, int u, int v, unsigned how) {
  vb_pairing p = gn__vb_pairing_of(g->st.u[u].flags);
  p.marks = (p.marks & ~(VB_FL_MERGE | VB_FL_FILL)) | how;
  p.partner = v;
  gn__uw(g, u)->flags = gn__vb_pairing_flags(p);
}

/* Pairs the odd points: greedy over the stands in scenario order, each taking
** its best-suited later free stand of the same side and class (ref. VB-58,
** VB-59). Deterministic; cannot fail. */
static void pair_all(gn_game *g) {
  int n = g->sc->nunits < VB_FL_MAXUNITS ? g->sc->nunits : VB_FL_MAXUNITS;
  for (int u = 0; u < n; u++) {
    if (!(g->st.u[u].flags & VB_FL_ODD) || partner(g, u) >= 0) continue;
    int best = -1, bs = -1;
    for (int v = u + 1; v < n; v++) {
      if (!(g->st.u[v].flags & VB_FL_ODD) || partner(g, v) >= 0) continue;
      if (g->sc->unit[v].side != g->sc->unit[u].side || tclass(g, v) != tclass(g, u)) continue;
      int s = suit(g, u, v);
      if (s > bs) { bs = s; best = v; }
    }
    if (best < 0) continue;
    set_mate(g, u, best);
    set_mate(g, best, u);
  }
}

/* ref. VB-58, VB-60: which stand of the pair (u, v) takes the point. */
static int winner(const gn_game *g, int u, int v) {
  const gn__ustate *a = &g->st.u[u], *b = &g->st.u[v];
  if (a->vb.morale != b->vb.morale) return a->vb.morale < b->vb.morale ? u : v;
  if (a->flags & VB_FL_PICK) return u;
  if (b->flags & VB_FL_PICK) return v;
  if (a->vb.lost_today != b->vb.lost_today) return a->vb.lost_today > b->vb.lost_today ? u : v;
  return u < v ? u : v;
}

/* SP of u once the pooled points are given. */
static int projected(const gn_game *g, int u) {
  int s = g->st.u[u].strength;
  for (int k = 0; k < g->sc->nunits; k++) {
    if (!(g->st.u[k].flags & VB_FL_ODD)) continue;
    int p = partner(g, k);
    if (p > k && recipient(g, winner(g, k, p)) == u) s++;
  }
  return s;
}

/*
** Night recovery, first part (ref. VB-55, VB-56, VB-57, VB-58).
**   1) each stand that lost SP today: none back if it was wiped out
**      surrounded, or is artillery lost in melee or routed in contact
**   2) else half its loss rounded down; an odd remainder is pooled
**   3) the recovery phase: both sides give their choices; each is told of
**      its stands off the table that come back (ref. VB-B22)
** Cannot fail.
*/
int gn__vb_recovery_begin(gn_game *g) {
  const vb_data *d = gn__vb_data(g);
  for (int f = 0; f < g->sc->nformations; f++) gn__fw(g, f)[VB_F_RECOVERED] = 0;
  for (int u = 0; u < g->sc->nunits; u++) {
    gn__ustate *s = gn__uw(g, u);
    int lost = s->vb.lost_today;
    s->flags = 0;
    if (lost <= 0 || tclass(g, u) < 0) continue;
    /* 1) */
    if (s->vb.wiped) {
      gn__vb_own_event(gn__event(g, "recover", s->vb.wiped == 3 ? "VB-57" : "VB-56", u, -1,
                                 "%s was wiped out (%s) and recovers nothing", gn__vb_uname(g, u),
                                 s->vb.wiped == 1 ? "surrounded" : s->vb.wiped == 2 ? "artillery lost in melee"
                                                                                                : "artillery routed in contact"),
                       g->sc->unit[u].side);
      continue;
    }
    /* 2) */
    int rec = lost * d->recover_num / d->recover_den;
    if (rec > 0) give(g, u, rec);
    if ((lost * d->recover_num) % d->recover_den) s->flags |= VB_FL_ODD;
    gn__vb_own_event(gn__event(g, "recover", "VB-55", u, -1, "%s recovers %d of the %d SP it lost today%s",
                               gn__vb_uname(g, u), rec, lost, (s->flags & VB_FL_ODD) ? " (one odd point pooled)" : ""),
                     g->sc->unit[u].side);
  }
  /* 3) */
  pair_all(g);
  for (int u = 0; u < g->sc->nunits; u++) {
    if (!(g->st.u[u].flags & VB_FL_ODD)) continue;
    int p = partner(g, u);
    if (p > u)
      gn__vb_own_event(gn__event(g, "recover-pair", "VB-59", u, p, "odd points of %s and %s are pooled: one SP to recover",
                                 gn__vb_uname(g, u), gn__vb_uname(g, p)),
                       g->sc->unit[u].side);
  }
  gn__vb_return_announce(g);
  g->st.phase = VB_PH_RECOVERY;
  g->st.active = -1;
  return 0;
}

/* ---------------------------------------------------------------- orders */

/* `recover UNIT`: this stand of its pair takes the point (ref. VB-58, VB-60). */
int gn__vb_order_recover(gn_game *g, const gn__args *a) {
  int u, rc;
  if ((rc = gn__arg_unit(g, a, 1, &u))) return rc;
  if (a->n > 2) return gn__syntax(g, a, 2, "unexpected '%s'", a->tok[2]);
  if ((rc = gn__vb_need_phase(g, u, VB_PH_RECOVERY, "VB-58", "pooled points are given"))) return rc;
  int p = (g->st.u[u].flags & VB_FL_ODD) ? partner(g, u) : -1;
  if (p < 0) return gn__refuse(g, "VB-58", "%s has no pooled odd point to recover", gn__vb_uname(g, u));
  if (vb_u(g, u)->morale > vb_u(g, p)->morale)
    return gn__refuse(g, "VB-60", "the point goes to %s, the stand of lower morale", gn__vb_uname(g, p));
  gn__uw(g, p)->flags &= ~VB_FL_PICK;
  gn__uw(g, u)->flags |= VB_FL_PICK;
  gn__vb_own_event(gn__event(g, "recover-pick", "VB-58", u, p, "the pooled point of %s and %s goes to %s",
                             gn__vb_uname(g, u), gn__vb_uname(g, p), gn__vb_uname(g, u)),
                   g->sc->unit[u].side);
  return 0;
}

/* ref. VB-62: a stand u may merge into: same side, division (or formation)
** and class, on the table, of similar or lower morale. */
static int merge_ok(const gn_game *g, int u, int v) {
  return v != u && g->sc->unit[v].side == g->sc->unit[u].side && !g->st.u[v].removed && g->st.u[v].strength > 0 &&
         group_of(g, v) == group_of(g, u) && tclass(g, v) == tclass(g, u) &&
         vb_u(g, v)->morale <= vb_u(g, u)->morale;
}

/* The default stand to merge into: not itself under strength if possible,
** then the highest morale, then the first. -1 if none. */
static int merge_target(const gn_game *g, int u) {
  int best = -1, bk = -1;
  for (int v = 0; v < g->sc->nunits; v++) {
    if (!merge_ok(g, u, v)) continue;
    int k = 16 * (projected(g, v) >= minimum(g, v)) + vb_u(g, v)->morale;
    if (k > bk) { bk = k; best = v; }
  }
  return best;
}

/* Parses "VERB A WORD B" for merge/fill and checks A is under strength. */
static int under_order(gn_game *g, const gn__args *a, const char *word, int *u, int *v) {
  int rc;
  if (a->n != 4 || !gn__arg_is(a, 2, word))
    return gn__syntax(g, a, a->n < 3 ? a->n : 2, "expected '%s UNIT %s UNIT'", a->tok[0], word);
  if ((rc = gn__arg_unit(g, a, 1, u)) || (rc = gn__arg_unit(g, a, 3, v))) return rc;
  if ((rc = gn__vb_need_phase(g, *u, VB_PH_RECOVERY, "VB-62", "under-strength stands are settled"))) return rc;
  int m = minimum(g, *u), s = projected(g, *u);
  if (g->st.u[*u].strength <= 0 || m == 0 || s >= m)
    return gn__refuse(g, "VB-61", "%s is not under its minimum strength (%d SP, minimum %d)", gn__vb_uname(g, *u), s, m);
  return 0;
}

int gn__vb_order_merge(gn_game *g, const gn__args *a) {
  int u, v, rc;
  if ((rc = under_order(g, a, "into", &u, &v))) return rc;
  if (!merge_ok(g, u, v))
    return gn__refuse(g, "VB-62", "%s may merge only into a stand of its division, of its kind and of similar or lower morale",
                      gn__vb_uname(g, u));
  set_partner(g, u, v, VB_FL_MERGE);
  gn__vb_own_event(gn__event(g, "merge-order", "VB-62", u, v, "%s will merge into %s", gn__vb_uname(g, u),
                             gn__vb_uname(g, v)),
                   g->sc->unit[u].side);
  return 0;
}

int gn__vb_order_fill(gn_game *g, const gn__args *a) {
  int u, v, rc;
  if ((rc = under_order(g, a, "from", &u, &v))) return rc;
  int t = merge_target(g, u);
  if (t >= 0) return gn__refuse(g, "VB-62", "%s must merge into a stand such as %s", gn__vb_uname(g, u), gn__vb_uname(g, t));
  if (v == u || g->sc->unit[v].side != g->sc->unit[u].side || group_of(g, v) != group_of(g, u) ||
      g->st.u[v].strength <= minimum(g, u) - projected(g, u))
    return gn__refuse(g, "VB-62", "%s cannot spare the points %s needs", gn__vb_uname(g, v), gn__vb_uname(g, u));
  set_partner(g, u, v, VB_FL_FILL);
  gn__vb_own_event(gn__event(g, "fill-order", "VB-62", u, v, "%s will take points from %s", gn__vb_uname(g, u),
                             gn__vb_uname(g, v)),
                   g->sc->unit[u].side);
  return 0;
}

/* ---------------------------------------------------------------- end */

/* Every side sees a stand leave the table; how (merged into which stand, or
** disbanded) is told to its own side only. */
static void leaves(gn_game *g, int u) {
  gn__event(g, "removed", "VB-62", u, -1, "%s leaves the table in the night", gn__vb_uname(g, u));
}

static void merge(gn_game *g, int u, int v) {
  gn__uw(g, v)->strength += gn__uw(g, u)->strength;
  gn__vb_own_event(gn__event(g, "merge", "VB-62", u, v, "%s (%d SP) merges into %s, now %d SP", gn__vb_uname(g, u),
                             g->st.u[u].strength, gn__vb_uname(g, v), g->st.u[v].strength),
                   g->sc->unit[u].side);
  gn__uw(g, u)->strength = 0;
  gn__unit_remove(g, u);
  leaves(g, u);
}

/* ref. VB-61, VB-62: a stand under its minimum after recovery. */
static void settle(gn_game *g, int u) {
  unsigned fl = g->st.u[u].flags;
  int p = gn__vb_pairing_of(fl).partner;
  if ((fl & VB_FL_MERGE) && p >= 0 && merge_ok(g, u, p)) { merge(g, u, p); return; }
  if ((fl & VB_FL_FILL) && p >= 0 && g->st.u[p].strength > 1) {
    int need = minimum(g, u) - g->st.u[u].strength;
    if (need > g->st.u[p].strength - 1) need = g->st.u[p].strength - 1;
    gn__uw(g, p)->strength -= need;
    gn__uw(g, u)->strength += need;
    gn__vb_own_event(gn__event(g, "fill", "VB-62", u, p, "%s takes %d SP from %s", gn__vb_uname(g, u), need,
                               gn__vb_uname(g, p)),
                     g->sc->unit[u].side);
    return;
  }
  int t = merge_target(g, u);
  if (t >= 0) { merge(g, u, t); return; }
  gn__vb_own_event(gn__event(g, "disband", "VB-62", u, -1, "%s (%d SP) is disbanded: no stand of its division can take it",
                             gn__vb_uname(g, u), g->st.u[u].strength),
                   g->sc->unit[u].side);
  gn__uw(g, u)->strength = 0;
  gn__unit_remove(g, u);
  leaves(g, u);
}

/*
** Exhaustion and disorder at dawn (ref. VB-63, VB-64, VB-65).
**   1) stands: not exhausted -> every marker off; exhausted or broken ->
**      yellow off, red to yellow (corps and army troops: as exhausted, an
**      [interpretation]: the seed speaks only of divisions). A stand still
**      routed at nightfall carries the red marker of the rout (the
**      reading: yellow = disordered, red = routed or rallied from a rout):
**      it is no longer routed at dawn, in good order or disordered as above
**   2) records: fresh and exhausted divisions start fresh less the SP
**      recovered; an exhausted one keeps at least one box empty; broken ones
**      start exhausted, their record one mark short of breaking
** The stands' changes are told in three lists: no longer routed, in good
** order, disordered (red to yellow).
*/
static void exhaustion_reset(gn_game *g) {
  int n = g->sc->nunits, nrally = 0, ngood = 0, nyellow = 0;
  int *list = gn__malloc(g, 3 * (size_t)(n > 0 ? n : 1) * sizeof *list);
  if (!list) { g->evoom = 1; gn__error(g, GN_ENOMEM, "out of memory"); return; }
  int *rally = list, *good = list + n, *yellow = list + 2 * n;
  for (int u = 0; u < n; u++) {                                            /* 1) */
    int dv = gn__vb_division_of(g, u);
    const gn__ustate *s = &g->st.u[u];
    int red = s->vb.disorder == 2 || s->vb.routed;
    int dis = dv >= 0 && gn__vb_division_state(g, dv) == VB_FRESH ? 0 : red ? 1 : 0;
    if (dis == s->vb.disorder && !s->vb.routed) continue;
    if (gn__vb_alive(g, u)) {
      if (s->vb.routed) rally[nrally++] = u;
      if (dis != s->vb.disorder) {
        if (dis) yellow[nyellow++] = u;
        else good[ngood++] = u;
      }
    }
    gn__ustate *w = gn__uw(g, u);
    w->vb.disorder = dis;
    w->vb.routed = 0;
  }
  gn__event_list(g, "dawn", "VB-63", ~0u, "dawn: no longer routed", rally, nrally);
  gn__event_list(g, "dawn", "VB-63", ~0u, "dawn: in good order", good, ngood);
  gn__event_list(g, "dawn", "VB-64", ~0u, "dawn: disordered", yellow, nyellow);
  gn__free(g, list, 3 * (size_t)(n > 0 ? n : 1) * sizeof *list);
  for (int f = 0; f < g->sc->nformations; f++) {                         /* 2) */
    int *r = gn__fw(g, f);
    if (g->sc->formation[f].echelon != GN_DIVISION || r[VB_F_SP0] <= 0) continue;
    int was = r[VB_F_STATE];
    if (was == VB_BROKEN) {
      /* ref. VB-65 [interpretation]: the record keeps its marks but is left
      ** one short of the breaking point, so the division is not found broken
      ** again at its first exhaustion phase without a new loss. */
      const vb_data *d = gn__vb_data(g);
      int brink = (r[VB_F_SP0] * d->broken_num + d->broken_den - 1) / d->broken_den - 1;
      if (r[VB_F_MARKS] > brink) r[VB_F_MARKS] = brink > 0 ? brink : 0;
      r[VB_F_STATE] = VB_EXHAUSTED;
      gn__vb_own_event(gn__event(g, "exhaustion", "VB-65", -1, -1, "%s was broken and starts the day exhausted",
                                 g->sc->formation[f].name),
                       g->sc->formation[f].side);
      continue;
    }
    r[VB_F_MARKS] -= r[VB_F_RECOVERED];
    if (r[VB_F_MARKS] < 0) r[VB_F_MARKS] = 0;
    if (was == VB_EXHAUSTED && r[VB_F_BOXES] > 0 && r[VB_F_MARKS] >= r[VB_F_BOXES]) r[VB_F_MARKS] = r[VB_F_BOXES] - 1;
    r[VB_F_STATE] = VB_FRESH;
    gn__vb_own_event(gn__event(g, "exhaustion", was == VB_EXHAUSTED ? "VB-64" : "VB-63", -1, -1,
                               "%s starts the day fresh, %d of %d boxes marked", g->sc->formation[f].name,
                               r[VB_F_MARKS], r[VB_F_BOXES]),
                     g->sc->formation[f].side);
  }
}

/* Step 5 of the recovery's end: the day's records (SP lost today, a side's
** own; how a stand was lost, seen by all) are cleared, and told. */
static int clear_day(gn_game *g) {
  int n = g->sc->nunits, nwiped = 0;
  int *list = gn__malloc(g, 2 * (size_t)(n > 0 ? n : 1) * sizeof *list);
  if (!list) return gn__error(g, GN_ENOMEM, "out of memory");
  int *wiped = list, *lost = list + n;
  for (int s = 0; s < g->sc->nsides; s++) {
    int nlost = 0;
    for (int u = 0; u < n; u++)
      if (g->sc->unit[u].side == s && vb_u(g, u)->lost_today) lost[nlost++] = u;
    gn__event_list(g, "dawn", "VB-55", 1u << s, "dawn: the day's losses are written off the rosters of",
                   lost, nlost);
  }
  for (int u = 0; u < n; u++) {
    if (vb_u(g, u)->wiped) wiped[nwiped++] = u;
    gn__ustate *w = gn__uw(g, u);
    w->vb.lost_today = 0;
    w->vb.wiped = 0;
    w->flags = 0;
  }
  gn__event_list(g, "dawn", "VB-55", ~0u, "dawn: no longer counted as lost today", wiped, nwiped);
  gn__free(g, list, 2 * (size_t)(n > 0 ? n : 1) * sizeof *list);
  return g->evoom ? GN_ENOMEM : 0;
}

/*
** `end` of the recovery phase.
**   1) each pooled pair gives its point: lower morale first, else the
**      player's pick, else the stand that lost more (ref. VB-58, VB-60)
**   2) stands under their minimum merge, fill or disband (ref. VB-61, VB-62),
**      those still off the table too
**   3) stands off the table with SP not placed by their side come back by
**      default, or stay off today (ref. VB-B22)
**   4) exhaustion and disorder reset (ref. VB-63, VB-64, VB-65)
**   5) the day's records are cleared; dawn
** Fails with GN_EDATA (recovery.return.*) before any change, or with the dice
** source's error (dawn's roll).
*/
int gn__vb_recovery_apply(gn_game *g) {
  vb_return ret;
  int rc;
  if ((rc = gn__vb_return_data(g, &ret))) return rc;
  /* 1) */
  int n = g->sc->nunits;
  for (int u = 0; u < n; u++) {
    if (!(g->st.u[u].flags & VB_FL_ODD)) continue;
    int p = partner(g, u);
    if (p < 0) {
      gn__vb_own_event(gn__event(g, "recover", "VB-58", u, -1, "the odd point of %s has no partner and is lost",
                                 gn__vb_uname(g, u)),
                       g->sc->unit[u].side);
      continue;
    }
    if (p < u) continue;
    int w = winner(g, u, p);
    give(g, w, 1);
    gn_event *e = gn__event(g, "recover", "VB-58", w, w == u ? p : u, "the pooled point of %s and %s goes to %s",
                            gn__vb_uname(g, u), gn__vb_uname(g, p), gn__vb_uname(g, w));
    gn__vb_own_event(e, g->sc->unit[u].side);
    if (e && vb_u(g, u)->morale != vb_u(g, p)->morale) gn__event_mod(e, "lower morale", 0, "VB-60");
  }
  for (int u = 0; u < n; u++) gn__uw(g, u)->flags &= ~(unsigned)VB_FL_ODD;   /* given: no longer pending */
  /* 2) */
  for (int u = 0; u < n; u++) {
    int m = minimum(g, u);
    if (m > 0 && g->st.u[u].strength > 0 && g->st.u[u].strength < m) settle(g, u);
  }
  /* 3) */
  gn__vb_return_dawn(g, &ret);
  /* 4) */
  exhaustion_reset(g);
  /* 5) */
  if ((rc = clear_day(g))) return rc;
  for (int f = 0; f < g->sc->nformations; f++) gn__fw(g, f)[VB_F_RECOVERED] = 0;
  return gn__vb_dawn(g);
}
