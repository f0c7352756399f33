/*
** rest.c: rest (5.5.4), the rest formation (1.3.6 default) and supply
** waggons (1.2.4, 5.5.4).
**
** A resting unit stands in rest formation (a line with a resting flag,
** ref. BA-B11). At the end of every bound in which it stayed in rest formation,
** not MD or FD, stationary and untouched, its rest counter (rest) goes up
** by one; 8 bounds refurbish supplies or regain one valour point; a unit
** without supplies refurbishes first, one with rolls left chooses (keeping
** them when it rests for valour); beside an ammunition waggon supplies take 2
** bounds.
*/
#include "ba.h"

static unsigned own(const gn_game *g, int u) { return 1u << g->sc->unit[u].side; }

/* Lets waggon w go of the unit it serves: nobody served, no bounds of service. */
static void free_waggon(gn_game *g, int w) {
  ba_uw(g, w)->serving = 0;
  ba_uw(g, w)->waggon_bounds = 0;
}

/* Frees the waggon serving u, if any. */
static void release_waggon(gn_game *g, int u) {
  for (int w = 0; w < g->sc->nunits; w++)
    if (gn__ba_arm_of(g, w) == BA_ARM_WAGGON && ba_u(g, w)->serving == u + 1)
      free_waggon(g, w);
}

/* The unit's starting valour, that rest never exceeds (ref. BA-B12). */
static int valour0(const gn_game *g, int u) {
  return ba_u0(g, gn__ba_root(g, u))->valour;
}

/* ref. BA-5.5.3k: starting to refurbish, a unit loses what supplies it had
** left; it rests for supplies from now on (supplies 0). */
static int start_refurbishing(gn_game *g, int u) {
  gn__ustate *s = gn__uw(g, u);
  if (s->ba.supplies <= 0) return 0;
  int had = s->ba.supplies;
  s->ba.supplies = 0;
  gn_event *e = gn__event(g, "supplies", "BA-5.5.3k", u, -1, "%s starts refurbishing supplies: "
                          "the %d roll%s it had left %s lost", gn__ba_uid(g, u), had, had == 1 ? "" : "s",
                          had == 1 ? "is" : "are");
  if (!e) return GN_ENOMEM;
  gn__event_hide(e, own(g, u));
  return 0;
}

/* rest UNIT [supplies|valour]: order rest and, unless it is in it, the rest
** formation (ref. BA-5.5.4a, BA-5.5.4b through gn__ba_set_order).
**   1) only fighting units rest
**   2) for valour: refused without supplies (ref. BA-5.5.4f: they must
**      refurbish first)
**   3) the order; what it rests for is kept until it takes the formation;
**      a unit already at rest that is now told to refurbish starts at once
**      (its rolls left are lost, its bounds of rest start again)
*/
int gn__ba_rest_start(gn_game *g, int u, int for_) {
  gn__ustate *s = gn__uw(g, u);
  ba_arm arm = gn__ba_arm_of(g, u);
  if (arm == BA_ARM_WAGGON || arm == BA_ARM_STAFF)                                 /* 1 */
    return gn__refuse(g, "BA-5.5.4a", "only fighting units rest");
  if (for_ == BA_REST_VALOUR && s->ba.supplies == 0)                              /* 2 */
    return gn__refuse(g, "BA-5.5.4f", "%s is without supplies: it must refurbish them before it "
                      "regains valour", gn__ba_uid(g, u));
  int rc = gn__ba_set_order(g, u, BA_O_REST);                                     /* 3 */
  if (rc) return rc;
  s->flags &= ~(BA_F_TURN_L | BA_F_TURN_R | BA_F_REST_SUP | BA_F_REST_VAL);
  if (s->ba.formation == BA_FM_REST) {
    s->ba.new_formation = 0;
    if (for_ == BA_REST_SUPPLIES && s->ba.supplies > 0) {
      s->ba.rest = 0;
      release_waggon(g, u);
      return start_refurbishing(g, u);
    }
    return 0;
  }
  s->ba.new_formation = BA_FM_REST + 1;
  if (for_ == BA_REST_SUPPLIES) s->flags |= BA_F_REST_SUP;
  if (for_ == BA_REST_VALOUR) s->flags |= BA_F_REST_VAL;
  return 0;
}

/*
** u has just taken the rest formation: what it rests for (ref. BA-5.5.4f,
** BA-5.5.3k). The seed forces supplies first only on units without supplies;
** a unit with rolls left chooses, and loses them only when it starts
** refurbishing.
**   1) without supplies (0): it refurbishes
**   2) with rolls left (1-3): as ordered; unordered, it rests for valour
**      while below its starting valour, else it refurbishes
**      [interpretation: the default keeps the rolls whenever valour can be
**      regained]
**   3) unlimited supplies: nothing to refurbish, it rests for valour
*/
int gn__ba_rest_enter(gn_game *g, int u) {
  gn__ustate *s = gn__uw(g, u);
  int sup = s->ba.supplies;
  unsigned f = s->flags;
  s->ba.rest = 0;
  s->flags &= ~(BA_F_REST_SUP | BA_F_REST_VAL);
  if (sup <= 0) return 0;                                                          /* 1, 3 */
  int refurb = (f & BA_F_REST_SUP) ? 1 : (f & BA_F_REST_VAL) ? 0                   /* 2 */
             : s->ba.valour >= valour0(g, u);
  if (refurb) return start_refurbishing(g, u);
  gn_event *e = gn__event(g, "rest", "BA-5.5.4f", u, -1, "%s rests for valour and keeps the %d "
                          "supply roll%s it has left", gn__ba_uid(g, u), sup, sup == 1 ? "" : "s");
  if (!e) return GN_ENOMEM;
  gn__event_hide(e, own(g, u));
  return 0;
}

/* ref. BA-5.5.4k: interrupted rest loses every bound of rest done so far. */
int gn__ba_rest_break(gn_game *g, int u, const char *why, const char *ref) {
  gn__ustate *s = gn__uw(g, u);
  if (s->ba.formation != BA_FM_REST) return 0;
  int had = s->ba.rest;
  s->ba.rest = 0;
  release_waggon(g, u);
  if (s->flags & BA_F_RESTLOST) return 0;
  s->flags |= BA_F_RESTLOST;
  gn_event *e = gn__event(g, "rest", ref, u, -1, "%s: rest interrupted (%s); %d bound(s) of rest "
                          "lost", gn__ba_uid(g, u), why, had);
  if (!e) return GN_ENOMEM;
  gn__event_hide(e, own(g, u));
  return 0;
}

/* ref. BA-5.5.4g, BA-5.5.4i, BA-5.5.4j, BA-1.2.4b: an ammunition waggon with its
** driver, in base contact with u, serving nobody else (nor having served another
** unit earlier in this bound). */
int gn__ba_waggon_for(const gn_game *g, int u) {
  for (int w = 0; w < g->sc->nunits; w++) {
    const gn__ustate *s = &g->st.u[w];
    if (gn__ba_arm_of(g, w) != BA_ARM_WAGGON || !gn__ba_on_table(g, w) || !s->ba.ammunition ||
        s->strength < 1)
      continue;
    if (s->ba.serving && s->ba.serving != u + 1) continue;
    if (!s->ba.serving && (s->flags & BA_F_SERVED)) continue;
    if (gn_unit_distance(g, u, w) <= BA_D(g)->contact_dist) return w;
  }
  return -1;
}

/* Why u's rest does not count this bound, or NULL (ref. BA-5.5.4b, BA-5.5.4c). */
static const char *unrested(const gn_game *g, int u, const char **ref) {
  const gn__ustate *s = &g->st.u[u];
  *ref = "BA-5.5.4b";
  if (s->ba.disorder >= BA_DIS_MD) return "in MD or FD";
  *ref = "BA-5.5.4c";
  if (s->flags & BA_F_FIRED) return "fired";
  if (s->flags & (BA_F_ATT | BA_F_DEF)) return "in melee";
  if (s->flags & BA_F_PASSED) return "passed through";
  *ref = "BA-1.1.1g";
  if (!gn__ba_stationary(g, u)) return "not stationary";
  return NULL;
}

/*
** End of bound: rest (5.5.4).
**   1) waggons let go of units no longer resting, refurbishing or in contact
**   2) each unit in rest formation: a bound that broke a condition interrupts
**      the rest (ref. BA-5.5.4k); the bound in which it took the formation
**      does not count towards the 8 (ref. BA-5.5.4m) [interpretation: the
**      unit moved to form up, so it was not yet "stationary without carrying
**      out any activities"; the rest counts from the next bound]
**   3) a refurbishing unit takes a free ammunition waggon in base contact, one
**      unit per waggon (ref. BA-5.5.4j); the waggon counts the bounds it has
**      served that unit
**   4) the counter goes up; a unit without supplies (0) refurbishes them
**      first (ref. BA-5.5.4f), one with rolls left or unlimited rests for
**      valour (gn__ba_rest_enter): rest.bounds of
**      rest, or rest.waggon_bounds of them served by one waggon
**      (ref. BA-5.5.4g, BA-5.5.4h) [interpretation: the shorter time is the time spent beside the
**      waggon that serves it, so a waggon refits one unit per rest.waggon_bounds;
**      bounds rested while waiting for it still count towards rest.bounds];
**      then one valour point per rest.bounds (ref. BA-5.5.2f), never above the
**      starting valour (ref. BA-B12); after each benefit the counter starts at 0
**      (ref. BA-5.5.4l)
*/
/* Step 1: waggons serving a unit that no longer rests without supplies
** beside them are freed. */
static void release_waggons(gn_game *g) {
  const ba_data *d = BA_D(g);
  for (int w = 0; w < g->sc->nunits; w++) {
    gn__ustate *ws = gn__uw(g, w);
    if (gn__ba_arm_of(g, w) != BA_ARM_WAGGON || !ws->ba.serving) continue;
    int u = ws->ba.serving - 1;
    const char *ref;
    if (!gn__ba_on_table(g, w) || !gn__ba_on_table(g, u) || ba_u(g, u)->formation != BA_FM_REST ||
        ba_u(g, u)->supplies != 0 || unrested(g, u, &ref) ||
        gn_unit_distance(g, u, w) > d->contact_dist)
      free_waggon(g, w);
  }
}

/* Step 3 for u, refitting (refurb 1): the waggon that serves it counts one
** more bound for it (ref. BA-5.5.4j); -1 when none does (ref. BA-5.5.4h: a
** waggon never serves rest for valour). */
static int serve(gn_game *g, int u, int refurb) {
  int w = refurb ? gn__ba_waggon_for(g, u) : -1;
  if (w >= 0) {
    gn__ustate *ws = gn__uw(g, w);
    if (ws->ba.serving != u + 1) free_waggon(g, w);
    ws->ba.serving = u + 1;
    ws->ba.waggon_bounds++;
    ws->flags |= BA_F_SERVED;
  }
  return w;
}

/* Step 4, the benefit of u's rest once it is long enough: supplies
** refurbished (ref. BA-5.5.3j, BA-5.5.4e, by waggon BA-5.5.4g) or one valour
** point (ref. BA-5.5.2f); the counter starts again at 0. GN_ENOMEM. */
static int benefit(gn_game *g, int u, int w, int refurb, int by_waggon) {
  const ba_data *d = BA_D(g);
  gn__ustate *s = gn__uw(g, u);
  gn_event *e;
  int rested = s->ba.rest;
  s->ba.rest = 0;
  if (refurb) {   /* ref. BA-5.5.3j: the only way supplies come back */
    s->ba.supplies = -1;
    if (w >= 0) free_waggon(g, w);
    if (by_waggon)
      e = gn__event(g, "rest", "BA-5.5.4g", u, w, "%s has refurbished its supplies after %d "
                    "bounds of rest, %d of them served by %s", gn__ba_uid(g, u), rested,
                    d->rest_waggon, gn__ba_uid(g, w));
    else
      e = gn__event(g, "rest", "BA-5.5.4e", u, -1, "%s has refurbished its supplies after %d "
                    "bounds of rest", gn__ba_uid(g, u), rested);
  } else {
    s->ba.valour++;
    e = gn__event(g, "rest", "BA-5.5.2f", u, -1, "%s regains a valour point after %d bounds of "
                  "rest: valour %+d", gn__ba_uid(g, u), rested, s->ba.valour);
  }
  if (!e) return GN_ENOMEM;
  gn__event_hide(e, own(g, u));
  return 0;
}

/* Step 4 for u, resting, served by waggon w (or -1): nothing to regain
** restarts the count (ref. BA-B12); else the count goes up and, once long
** enough, brings the benefit. GN_ENOMEM. */
static int count_rest(gn_game *g, int u, int w, int refurb) {
  const ba_data *d = BA_D(g);
  gn__ustate *s = gn__uw(g, u);
  gn_event *e;
  if (!refurb && s->ba.valour >= valour0(g, u)) {
    if (s->ba.rest) {
      s->ba.rest = 0;
      if (!(e = gn__event(g, "rest", "BA-B12", u, -1, "%s rests with nothing to regain: its rest "
                          "count starts again", gn__ba_uid(g, u))))
        return GN_ENOMEM;
      gn__event_hide(e, own(g, u));
    }
    return 0;
  }
  s->ba.rest++;
  int by_waggon = w >= 0 && ba_u(g, w)->waggon_bounds >= d->rest_waggon;
  if (s->ba.rest < d->rest_bounds && !by_waggon) {
    if (!(e = gn__event(g, "rest", "BA-5.5.4e", u, w, "%s rests: %d of %d bounds%s%s", gn__ba_uid(g, u),
                        s->ba.rest, d->rest_bounds, w >= 0 ? ", served by " : "",
                        w >= 0 ? gn__ba_uid(g, w) : "")))
      return GN_ENOMEM;
    gn__event_hide(e, own(g, u));
    return 0;
  }
  return benefit(g, u, w, refurb, by_waggon);
}

int gn__ba_rest_bound(gn_game *g) {
  int n = g->sc->nunits, rc;
  release_waggons(g);                                                             /* 1 */
  for (int u = 0; u < n; u++) {
    gn__ustate *s = gn__uw(g, u);
    if (!gn__ba_on_table(g, u) || s->ba.formation != BA_FM_REST) continue;
    const char *ref, *why = unrested(g, u, &ref);                                 /* 2 */
    if (why) {   /* ref. BA-5.5.4m: the bound it took the formation in is no bound of rest */
      if (!(s->flags & BA_F_CHANGED) && (rc = gn__ba_rest_break(g, u, why, ref))) return rc;
      continue;
    }
    int refurb = s->ba.supplies == 0;         /* ref. BA-5.5.4f: 1-3 rolls left rest for valour */
    int w = serve(g, u, refurb);                                                  /* 3 */
    if ((rc = count_rest(g, u, w, refurb))) return rc;                            /* 4 */
  }
  return 0;
}
