/*
** campaign.c: recovery of casualties after a battle fought in a campaign
** (rules VB-68 to VB-71), the rearguard test (VB-70) and the reports in men
** (VB-72).
**
** Losses of a side are counted per class (infantry, cavalry, artillery) as
** the SP its stands had at the start less the SP they have now; cavalry
** skirmish stands count with their brigade. [interpretation] The seed gives a
** fraction of the losses and no rounding: the class recovers its fraction
** rounded down; each stand recovers its share rounded down, and the points
** the rounding leaves are given one by one to the stands with the largest
** remainders (then the first listed).
*/
#include <string.h>
#include "vb.h"

static int cls(const gn_game *g, int u) { return gn__vb_arm(g, u); }

static int is_reserve(const gn_game *g, int u) {
  return gn__vb_type(g, u) == VB_T_SKIRMISHER && vb_u0(g, u)->skirmish_of > 0;
}

/* SP lost in the battle by stand u: its SP at the start of the battle (the
** scenario's plus the losses it gives as already suffered today) less its SP
** now; a light cavalry brigade counts its skirmish stands' SP as present.
** Negative when a brigade reformed with skirmishers of another brigade
** (ref. VB-11) holds more than it began with. */
static int loss_signed(const gn_game *g, int u) {
  if (is_reserve(g, u)) return 0;
  int now = g->st.u[u].strength;
  for (int k = 0; k < g->sc->nunits; k++)
    if (vb_u(g, k)->skirmish_of == u + 1) now += g->st.u[k].strength;
  return g->sc->unit[u].strength0 + vb_u0(g, u)->lost_today - now;
}

static int loss(const gn_game *g, int u) {
  int l = loss_signed(g, u);
  return l > 0 ? l : 0;
}

/* ref. VB-70: a stand that may stand in a rearguard: formed (infantry and
** cavalry, not skirmishers), on the table, neither routed nor in an exhausted
** or broken division, and (unless campaign.rearguard.disordered) in good
** order: "intact" troops. */
static int intact(const gn_game *g, int u) {
  const vb_data *d = gn__vb_data(g);
  return gn__vb_alive(g, u) && !vb_u(g, u)->routed && !gn__vb_exhausted(g, u) &&
         (d->rearguard_disordered || !vb_u(g, u)->disorder);
}

static int formed_type(const gn_game *g, int u) {
  int t = gn__vb_type(g, u);
  return t != VB_T_SKIRMISHER && (gn__vb_is_infantry(t) || gn__vb_is_cavalry(t));
}

/*
** ref. VB-70: the formed stands of side at the start, and the largest "intact
** body" of them now.
**   1) count the formed stands the scenario gives the side
**   2) a body [interpretation]: intact stands each within
**      campaign.rearguard.gap of another stand of the body (edge to edge); its
**      size is its number of stands
** Returns 0, or GN_ENOMEM.
*/
static int formed(gn_game *g, int side, int *start, int *body) {
  const vb_data *d = gn__vb_data(g);
  int n = g->sc->nunits, near[256];
  *start = *body = 0;
  for (int u = 0; u < n; u++)                                                     /* 1) */
    if (g->sc->unit[u].side == side && formed_type(g, u)) (*start)++;
  int *queue = gn__calloc(g, (size_t)(n ? n : 1), sizeof *queue);                 /* 2) */
  unsigned char *seen = gn__calloc(g, (size_t)(n ? n : 1), 1);
  if (!queue || !seen) {
    gn__free(g, queue, (size_t)(n ? n : 1) * sizeof *queue);
    gn__free(g, seen, (size_t)(n ? n : 1));
    return gn__error(g, GN_ENOMEM, "out of memory");
  }
  for (int u = 0; u < n; u++) {
    if (seen[u] || g->sc->unit[u].side != side || !formed_type(g, u) || !intact(g, u)) continue;
    int head = 0, tail = 0;
    queue[tail++] = u;
    seen[u] = 1;
    while (head < tail) {
      int v = queue[head++];
      int k = gn__units_near(g, v, d->rearguard_gap, near, 256), all = k > 256;
      for (int i = 0; i < (all ? n : k); i++) {
        int w = all ? i : near[i];
        if (seen[w] || w == v || g->sc->unit[w].side != side || !formed_type(g, w) || !intact(g, w)) continue;
        if (all && gn_box_distance(g->st.u[v].box, g->st.u[w].box) > d->rearguard_gap) continue;
        seen[w] = 1;
        queue[tail++] = w;
      }
    }
    if (tail > *body) *body = tail;
  }
  gn__free(g, queue, (size_t)(n ? n : 1) * sizeof *queue);
  gn__free(g, seen, (size_t)(n ? n : 1));
  return 0;
}

int gn__vb_rearguard(gn_game *g, int side) {
  const vb_data *d = gn__vb_data(g);
  int start, body;
  if (formed(g, side, &start, &body)) return GN_ENOMEM;
  return start > 0 && body * d->rearguard_den >= start * d->rearguard_num;
}

/* The fraction of losses of class c a side recovers in situation how. */
static const int *fraction(const vb_data *d, int how, int c) {
  switch (how) {
  case VB_CAMP_HELD: return d->camp_both;                                  /* ref. VB-68 */
  case VB_CAMP_POSSESSION: return c == 2 ? d->camp_holder_art : d->camp_holder;  /* ref. VB-69 */
  case VB_CAMP_REARGUARD: return d->camp_rearguard;                        /* ref. VB-69 */
  default: return c == 2 ? d->camp_norear_art : d->camp_norear;            /* ref. VB-71 */
  }
}

/* 1 when stand u of side is of class c and takes a share of its recovery
** (reserves do not). */
static int shares(const gn_game *g, int u, int side, int c) {
  return g->sc->unit[u].side == side && cls(g, u) == c && !is_reserve(g, u);
}

/* Step 2 of campaign recovery, side's class c at fraction fr: each stand's
** share in share[], rounded down, then one SP more by largest remainder while
** the total is below want, one less by smallest while above (SP moved
** between brigades by reforming). Returns the total shared. */
static int share_out(const gn_game *g, int side, int c, const int *fr, int want, int *share) {
  int got = 0, n = g->sc->nunits;
  for (int u = 0; u < n; u++) {
    if (!shares(g, u, side, c)) continue;
    share[u] = loss(g, u) * fr[0] / fr[1];
    got += share[u];
  }
  while (got < want) {
    int best = -1, br = -1;
    for (int u = 0; u < n; u++) {
      if (!shares(g, u, side, c)) continue;
      int l = loss(g, u), rem = (l * fr[0]) % fr[1];
      if (share[u] >= l) continue;
      if (rem > br) { br = rem; best = u; }
    }
    if (best < 0) break;
    share[best]++;
    got++;
  }
  while (got > want) {
    int best = -1, br = 0;
    for (int u = 0; u < n; u++) {
      if (!shares(g, u, side, c) || share[u] <= 0) continue;
      int rem = (loss(g, u) * fr[0]) % fr[1];
      if (best < 0 || rem < br) { br = rem; best = u; }
    }
    if (best < 0) break;
    share[best]--;
    got--;
  }
  return got;
}

/* Step 3 of campaign recovery, side's class c: each stand gets its share
** back, a stand with none left returning to the table; told to its side. */
static void give_back(gn_game *g, int side, int c, const char *ref, const int *share) {
  for (int u = 0; u < g->sc->nunits; u++) {
    if (!shares(g, u, side, c)) continue;
    int r = share[u];
    if (r <= 0) continue;
    int back = g->st.u[u].removed == 1 && g->st.u[u].strength == 0;
    if (back) gn__unit_return(g, u, g->st.u[u].box);
    gn__uw(g, u)->strength += r;
    gn__vb_own_event(gn__event(g, "campaign", ref, u, -1, "%s gets %d SP back%s: %d SP",
                               gn__vb_uname(g, u), r, back ? " and returns to the table" : "",
                               g->st.u[u].strength),
                     side);
  }
}

/*
** Campaign recovery of one side (ref. VB-68, VB-69, VB-71, VB-72).
**   1) per class: the total loss and the total to recover (rounded down)
**   2) each stand its share rounded down; the rest by largest remainder
**   3) stands recovering SP come back on the table; report in men
** Returns the SP recovered, or GN_ENOMEM.
*/
int gn__vb_campaign(gn_game *g, int side, int how) {
  static const char *const cname[3] = {"infantry", "cavalry", "artillery"};
  static const char *const refs[4] = {"VB-68", "VB-69", "VB-69", "VB-71"};
  int total = 0, n = g->sc->nunits;
  int *share = gn__calloc(g, n ? n : 1, sizeof *share);
  if (!share) return gn__error(g, GN_ENOMEM, "out of memory");
  for (int c = 0; c < 3; c++) {
    const int *fr = fraction(gn__vb_data(g), how, c);                        /* 1) */
    int lost = 0;
    for (int u = 0; u < n; u++)
      if (g->sc->unit[u].side == side && cls(g, u) == c) lost += loss_signed(g, u);
    if (lost < 0) lost = 0;
    int got = share_out(g, side, c, fr, lost * fr[0] / fr[1], share);       /* 2) */
    give_back(g, side, c, refs[how], share);                                 /* 3) */
    if (lost == 0) continue;
    gn_event *e = gn__event(g, "campaign", refs[how], -1, -1,
                            "%s recovers %d of %d %s SP lost (%d of %d men written off as casualties; %d men back)",
                            g->sc->side[side].name, got, lost, cname[c], gn__vb_casualty_men(g, c, lost - got),
                            gn__vb_casualty_men(g, c, lost), gn__vb_casualty_men(g, c, got));
    if (e) gn__event_mod(e, "recovered share (per cent)", fr[0] * 100 / fr[1], refs[how]);
    total += got;
  }
  gn__free(g, share, (n ? n : 1) * sizeof *share);
  return total;
}

/*
** `campaign held | possession SIDE | retreat-rearguard SIDE | retreat SIDE`:
** the battle ends and both sides recover their losses.
**   1) parse; the named side holds (possession) or retreats (the others)
**   2) a retreating side claiming a rearguard must have one (ref. VB-70);
**      under `possession` the loser's rearguard is tested
**   3) recover for every side; the game is over
*/
int gn__vb_order_campaign(gn_game *g, const gn__args *a) {
  int held = gn__arg_is(a, 1, "held");
  int poss = gn__arg_is(a, 1, "possession"), rg = gn__arg_is(a, 1, "retreat-rearguard");
  int rt = gn__arg_is(a, 1, "retreat");
  int side = -1;
  /* 1) */
  if (!held && !poss && !rg && !rt)
    return gn__syntax(g, a, 1, "expected held, possession SIDE, retreat-rearguard SIDE or retreat SIDE");
  if (held && a->n != 2) return gn__syntax(g, a, 2, "'campaign held' takes no side");
  if (!held) {
    if (a->n != 3) return gn__syntax(g, a, a->n < 3 ? 2 : 3, "expected one side");
    if ((side = gn_side_find(g, a->tok[2])) < 0) return gn__syntax(g, a, 2, "no side '%s'", a->tok[2]);
  }
  int how[GN__MAXSIDES], rc;
  for (int s = 0; s < g->sc->nsides; s++) {
    if (held) how[s] = VB_CAMP_HELD;
    else if (poss) {
      if (s == side) { how[s] = VB_CAMP_POSSESSION; continue; }
      if ((rc = gn__vb_rearguard(g, s)) < 0) return rc;
      how[s] = rc ? VB_CAMP_REARGUARD : VB_CAMP_RETREAT;
    } else how[s] = s == side ? (rg ? VB_CAMP_REARGUARD : VB_CAMP_RETREAT) : VB_CAMP_POSSESSION;
  }
  /* 2) */
  if (rg) {
    if ((rc = gn__vb_rearguard(g, side)) < 0) return rc;
    if (!rc) {
      int start, body;
      if ((rc = formed(g, side, &start, &body))) return rc;
      return gn__refuse(g, "VB-70", "%s has no rearguard: its largest intact body of formed stands has %d of the %d at the start",
                        g->sc->side[side].name, body, start);
    }
  }
  /* 3) */
  for (int s = 0; s < g->sc->nsides; s++) {
    static const char *const words[4] = {"holds the field with the enemy", "holds the field",
                                         "retreats covered by a rearguard", "retreats without a rearguard"};
    gn__event(g, "campaign", how[s] == VB_CAMP_REARGUARD || how[s] == VB_CAMP_RETREAT ? "VB-70" : "VB-68", -1, -1,
              "%s %s", g->sc->side[s].name, words[how[s]]);
    int got = gn__vb_campaign(g, s, how[s]);
    if (got < 0) return got;
  }
  g->st.over = 1;
  return 0;
}
