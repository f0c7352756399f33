/*
** valour.c: losses of figures, valour and its reduction (5.5.1, 5.5.2,
** Table 15), disorder states and the loss due to FD (5.4.1 default),
** reorganisation (Table 16 default), removal of units under 3 figures.
*/
#include "ba.h"

#include <stdio.h>

static unsigned own(const gn_game *g, int u) { return 1u << g->sc->unit[u].side; }

/* ref. BA-5.5.2g, BA-5.5.2h, BA-5.5.2i: a unit other than artillery (and the
** waggons and staff figures, which follow the artillery provisions,
** ref. BA-1.2.4b) with fewer than 3 figures leaves the table at once; each part
** of a split unit on its own. */
int gn__ba_check_min(gn_game *g, int u) {
  ba_arm arm = gn__ba_arm_of(g, u);
  gn__ustate *s = gn__uw(g, u);
  if (!gn__ba_on_table(g, u) || (arm != BA_ARM_INF && arm != BA_ARM_CAV)) return 0;
  if (s->strength >= BA_D(g)->min_figures) return 0;
  gn__unit_remove(g, u);
  return gn__event(g, "removed", s->ba.root ? "BA-5.5.2i" : "BA-5.5.2g", u, -1,
                   "%s has %d figures left and is removed", gn__ba_uid(g, u), s->strength) ? 0 : GN_ENOMEM;
}

/*
** Takes n figures from u (5.5.2, Table 15).
**   1) remove the figures
**   2) valour: one point off per full t15.percent of the original figures lost,
**      counted afresh after every loss (ref. BA-5.5.2a, BA-5.5.2b)
**   3) below -5: into FD unless already FD (ref. BA-5.5.2c, BA-5.5.2d); after the
**      FD loss valour is set to -5 (ref. BA-5.5.2e)
**   4) fewer than 3 figures: removed (ref. BA-5.5.2g)
*/
int gn__ba_loss(gn_game *g, int u, int n, const char *why, const char *ref) {
  const ba_data *d = BA_D(g);
  gn__ustate *s = gn__uw(g, u);
  int rc;
  if (n > s->strength) n = s->strength;                                          /* 1 */
  if (n <= 0 || !gn__ba_on_table(g, u)) return 0;
  s->strength -= n;
  if (!gn__event(g, "loss", ref, u, -1, "%s loses %d figures (%s): %d left", gn__ba_uid(g, u), n, why,
                 s->strength))
    return GN_ENOMEM;
  int orig = s->ba.original;                                                          /* 2 */
  if (orig > 0) {
    int lost = orig - s->strength;
    int steps = lost > 0 ? lost * 100 / (orig * d->valour_pct) : 0;
    if (steps > s->ba.vsteps) {
      s->ba.valour -= steps - s->ba.vsteps;
      s->ba.vsteps = steps;
      gn_event *e = gn__event(g, "valour", "BA-5.5.2a", u, -1, "%s has lost %d of %d original "
                              "figures: valour %+d", gn__ba_uid(g, u), lost, orig, s->ba.valour);
      if (!e) return GN_ENOMEM;
      gn__event_hide(e, own(g, u));
    }
  }
  if (s->ba.valour < -5) {                                                        /* 3 */
    if (s->ba.disorder != BA_DIS_FD &&
        (rc = gn__ba_bring_fd(g, u, "valour below -5", "BA-5.5.2c")))
      return rc;
    s->ba.valour = -5;
  }
  return gn__ba_check_min(g, u);                                                      /* 4 */
}

/*
** Brings u into FD (ref. BA-B14, 5.4.1 default).
**   1) a unit already in FD is not brought into it again (ref. BA-5.5.2d)
**   2) FD; rest ends (ref. BA-5.5.4b)
**   3) the loss due to FD: fd.loss_percent of its figures, rounded up, at least
**      fd.loss_min
**   4) then a valour below -5 is set to -5 (ref. BA-5.5.2e)
*/
int gn__ba_bring_fd(gn_game *g, int u, const char *why, const char *ref) {
  const ba_data *d = BA_D(g);
  gn__ustate *s = gn__uw(g, u);
  int rc;
  if (s->ba.disorder == BA_DIS_FD) return 0;                                      /* 1 */
  s->ba.disorder = BA_DIS_FD;                                                     /* 2 */
  s->flags |= BA_F_FD_NOW;
  /* the enemy sees the unit fall into FD, not why (a valour below -5 is hidden) */
  unsigned own = 1u << g->sc->unit[u].side;
  gn_event *e = gn__event(g, "disorder", ref, u, -1, "%s is brought into FD", gn__ba_uid(g, u));
  if (!e) return GN_ENOMEM;
  gn__event_hide(e, ~own);
  if (!(e = gn__event(g, "disorder", ref, u, -1, "%s is brought into FD: %s", gn__ba_uid(g, u), why)))
    return GN_ENOMEM;
  gn__event_hide(e, own);
  if (s->ba.formation == BA_FM_REST && (rc = gn__ba_rest_break(g, u, "FD", "BA-5.5.4b")))
    return rc;
  int n = (s->strength * d->fd_loss_pct + 99) / 100;                             /* 3 */
  if (n < d->fd_loss_min) n = d->fd_loss_min;
  if ((rc = gn__ba_loss(g, u, n, "loss due to FD", "BA-B14"))) return rc;
  if (s->ba.valour < -5) s->ba.valour = -5;                                       /* 4 */
  return 0;
}

/* Brings u into state st, keeping the worse of old and new (ref. BA-B16). MD
** and FD end rest (ref. BA-5.5.4b, BA-5.5.4d). */
int gn__ba_disorder(gn_game *g, int u, int st, const char *why, const char *ref) {
  gn__ustate *s = gn__uw(g, u);
  if (st <= s->ba.disorder || !gn__ba_on_table(g, u)) return 0;
  if (st == BA_DIS_FD) return gn__ba_bring_fd(g, u, why, ref);
  s->ba.disorder = st;
  if (!gn__event(g, "disorder", ref, u, -1, "%s is brought into %s (%s)", gn__ba_uid(g, u),
                 gn__ba_dis_name(st), why))
    return GN_ENOMEM;
  if (st >= BA_DIS_MD && s->ba.formation == BA_FM_REST)
    return gn__ba_rest_break(g, u, gn__ba_dis_name(st), "BA-5.5.4d");
  return 0;
}

/* ref. BA-B15 (Table 16 default): at the end of a bound in which it was neither
** fired at nor in melee, a unit in disorder rolls 3d6 + valour (+ staff penalty,
** + the staff command bonus when a staff figure's command reaches it, ref.
** BA-LDR); reaching reorganise.target it recovers one step (FD to MD, MD to SD,
** SD to none). */
int gn__ba_reorganise(gn_game *g, int u) {
  gn__ustate *s = gn__uw(g, u);
  ba_arm arm = gn__ba_arm_of(g, u);
  if (s->ba.disorder == BA_DIS_NONE || arm == BA_ARM_STAFF || arm == BA_ARM_WAGGON) return 0;
  if (s->flags & (BA_F_FIRED_AT | BA_F_ATT | BA_F_DEF)) return 0;
  int total, faces[3], rc, pen = gn__ba_side_penalty(g, g->sc->unit[u].side);
  int st = gn__ba_commander(g, u), cb = st >= 0 ? BA_D(g)->cmd_bonus : 0;   /* ref. BA-LDR */
  gn__chance_say(g, own(g, u), "%d or more recovers a step (%d, less valour %d%s%s; ref. BA-B15)",
                 BA_D(g)->reorganise - s->ba.valour - pen - cb, BA_D(g)->reorganise, s->ba.valour,
                 pen ? " and the fallen staff's penalty" : "", cb ? " and the staff in command" : "");
  if ((rc = gn__ba_roll(g, "reorganisation", "BA-B15", u, &total, faces))) return rc;
  int t = total + s->ba.valour + pen + cb;
  gn_event *e = gn__event(g, "reorganise", "BA-B15", u, -1, "%s reorganises: %d against %d, %s",
                          gn__ba_uid(g, u), t, BA_D(g)->reorganise,
                          t >= BA_D(g)->reorganise ? "recovers a step" : "no change");
  if (!e) return GN_ENOMEM;
  gn__event_mod(e, "valour", s->ba.valour, "BA-5.5.1a");
  if (pen) gn__event_mod(e, "staff fallen", pen, "BA-T18");
  if (cb) gn__event_mod(e, "staff in command", cb, "BA-LDR");
  gn__event_hide(e, own(g, u));
  e->total = t;
  if (t < BA_D(g)->reorganise) return 0;
  s->ba.disorder--;
  /* the enemy sees the disorder, not the roll with its valour: a word for all */
  e = gn__event(g, "reorganise", "BA-B15", u, -1, "%s recovers a step of disorder: %s", gn__ba_uid(g, u),
                s->ba.disorder == BA_DIS_NONE ? "in order" : gn__ba_dis_name(s->ba.disorder));
  if (!e) return GN_ENOMEM;
  gn__event_hide(e, ~own(g, u));
  return 0;
}
