/*
** leaders.c: leaders as people (ref. IN-LDR, the project's labelled
** defaults: the seed rates units by quality, not their leaders).
**
** A unit's `rating` (average, poor, good, excellent) is its leader's: the
** highest leader figure it starts with (corporal, NCO, officer, hero, staff
** officer, general; data roles.leader). While a figure of that role lives,
** the rating adds leader.rating.morale pips to the unit's morale tests (more
** is worse, as the quality modifiers of IN-M9). A staff officer or general
** also speaks for the friends his command radius reaches (leader.command.radius
** plus leader.rating.radius by rating; option leader_command): a unit tests
** with the best rating that reaches it. Every side is told when a leader
** figure falls (the hero check of IN-H2 or the casualties of IN-B5).
*/
#include "inradic.h"

#include <stdio.h>

int gn__in_leader_role(const gn_game *g, int unit) {
  const in_data *d = in__data(g);
  const gn__in_unit *a0 = in_u0(g, unit);
  for (int r = IN_NROLES - 1; r > 0; r--)
    if (d->role_leader[r] && a0->role[r] > 0) return r;
  return -1;
}

int gn__in_leader_alive(const gn_game *g, int unit) {
  int r = gn__in_leader_role(g, unit);
  return r >= 0 && gn__in_alive(g, unit) && in_u(g, unit)->role[r] > 0;
}

double gn__in_command_radius(const gn_game *g, int unit) {
  const in_data *d = in__data(g);
  int r = gn__in_leader_role(g, unit), rating = in_u(g, unit)->rating;
  if (!g->sc->options[IN_OPT_LEADER_COMMAND] || (r != IN_STAFF && r != IN_GENERAL)) return -1;
  double radius = d->cmd_radius + (rating >= 0 && rating < GN_RATING_COUNT ? d->rating_radius[rating] : 0);
  return radius > 0 ? radius : 0;
}

/*
** ref. IN-LDR [interpretation]: whose rating counts in unit's morale test.
**   1) its own leader, while a figure of his role lives
**   2) each staff officer or general of its side, alive and not routing,
**      whose command radius reaches it, edge to edge
**   3) the best of them for morale (the fewest pips); none: -1
*/
int gn__in_leader_rating(const gn_game *g, int unit, int *from) {
  const in_data *d = in__data(g);
  int best = -1, who = -1;
  if (gn__in_leader_alive(g, unit)) { best = in_u(g, unit)->rating; who = unit; }        /* 1 */
  if (g->sc->options[IN_OPT_LEADER_COMMAND])                                                     /* 2 */
    for (int j = 0; j < g->st.nunits; j++) {
      if (j == unit || gn__in_enemies(g, unit, j) || !gn__in_leader_alive(g, j) || gn__in_routing(g, j)) continue;
      double r = gn__in_command_radius(g, j);
      if (r < 0 || gn_unit_distance(g, unit, j) > r + GN_CONTACT_EPS) continue;
      int rt = in_u(g, j)->rating;
      if (best < 0 || d->rating_morale[rt] < d->rating_morale[best]) { best = rt; who = j; }   /* 3 */
    }
  if (from) *from = who;
  return best;
}

int gn__in_leader_lost(gn_game *g, int unit, const int *killed) {
  const in_data *d = in__data(g);
  int rated = gn__in_leader_role(g, unit);
  for (int r = 1; r < IN_NROLES; r++) {
    if (!killed[r] || !d->role_leader[r]) continue;
    int gone = r == rated && in_u(g, unit)->role[r] == 0;
    int rt = in_u(g, unit)->rating;
    char with[64] = "";
    if (gone && rt != GN_RATING_AVERAGE) snprintf(with, sizeof with, "; its %s leader is lost", gn_rating_name(rt));
    char count[16] = "its";
    if (killed[r] > 1) snprintf(count, sizeof count, "%d", killed[r]);
    gn_event *e = gn__event(g, "leader-lost", "IN-LDR", unit, -1, "%s loses %s %s%s", gn__in_name(g, unit),
                            count, gn__in_role_names[r], with);
    if (!e) return GN_ENOMEM;
    e->total = killed[r];
  }
  return 0;
}
