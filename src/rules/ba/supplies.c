/*
** supplies.c: supplies (5.5.3). Unlimited until a fire or melee roll shows
** two ones; then enough for the next three such rolls.
*/
#include "ba.h"

/*
** Supplies after one fire or melee roll (ref. BA-5.5.3b, BA-5.5.3c). Pure.
**   1) unlimited (-1): a roll with at least supplies.ones dice showing one
**      leaves supplies for supplies.rolls more rolls (this roll itself is
**      resolved as usual) [interpretation: "two dice showing one" = at least two]
**   2) counting down: every roll uses one, whatever its dice (more ones change
**      nothing)
**   3) without supplies (0): stays 0
*/
int gn__ba_supplies_after(const ba_data *d, int supplies, const int faces[3]) {
  if (supplies < 0) {                                                             /* 1 */
    int ones = (faces[0] == 1) + (faces[1] == 1) + (faces[2] == 1);
    return ones >= d->supply_ones ? d->supply_rolls : -1;
  }
  return supplies > 0 ? supplies - 1 : 0;                                         /* 2, 3 */
}

/* Counts one fire or melee roll of u against its supplies (5.5.3):
** it counts even when only part of the unit fired or fought (ref. BA-5.5.3d),
** for attack and defence alike (ref. BA-5.5.3e), and for cavalry the same
** count stands for fresh horses (ref. BA-5.5.3l). */
int gn__ba_supply_roll(gn_game *g, int u, const int faces[3]) {
  gn__ustate *s = gn__uw(g, u);
  int old = s->ba.supplies, now = gn__ba_supplies_after(BA_D(g), old, faces);
  s->ba.supplies = now;
  if (old == now) return 0;
  gn_event *e;
  if (old < 0)
    e = gn__event(g, "supplies", "BA-5.5.3b", u, -1, "%s rolled %d-%d-%d: supplies for %d more "
                  "rolls", g->sc->unit[u].code, faces[0], faces[1], faces[2], now);
  else if (now)
    e = gn__event(g, "supplies", "BA-5.5.3c", u, -1, "%s: supplies for %d more rolls",
                  g->sc->unit[u].code, now);
  else
    e = gn__event(g, "supplies", "BA-5.5.3c", u, -1, "%s is without supplies", g->sc->unit[u].code);
  if (!e) return GN_ENOMEM;
  gn__event_hide(e, 1u << g->sc->unit[u].side);
  return 0;
}

/* ref. BA-5.5.3a: unlimited (-1) or rolls left; 0 is "without supplies". */
int gn__ba_has_supplies(const gn_game *g, int u) { return ba_u(g, u)->supplies != 0; }
