/*
** turn.c: the sequence of play (ref. VB-B1).
**
** Turns of one hour. In each turn the sides play in turn (first_side option,
** then the others) through command, movement, rally, morale, combat and
** divisional exhaustion; "end" closes the active side's current phase. After
** the last phase of the last side the clock advances an hour. After the last
** daylight turn of the day (ref. VB-51) the game is over on the last day, or
** night falls: a night phase for both sides (days.c), then recovery, then the
** next day's first turn.
*/
#include <string.h>
#include "vb.h"

/* ORDER: vb_phase. */
static const char *const phase_names[VB_PH_COUNT] = {
  "command", "movement", "rally", "morale", "combat", "exhaustion", "night", "recovery",
};

const char *gn__vb_phase_name(const gn_game *g) {
  int p = g->st.phase;
  return p >= 0 && p < VB_PH_COUNT ? phase_names[p] : "?";
}

/* Start of a side's turn: its reinforcements due come on (ref. VB-ARR), then
** per-turn marks and command status (the new stands' too). 0 or an error. */
static int side_begin(gn_game *g, int side) {
  int rc = gn__arrivals(g, side, "VB-ARR");
  if (rc) return rc;
  for (int i = 0; i < g->sc->nunits; i++) {
    gn__ustate *u = gn__uw(g, i);
    u->vb.fired = 0;
    u->vb.meleed = 0;
    if (g->sc->unit[i].side == side) u->vb.town_disordered = 0;
  }
  gn__vb_command_refresh(g, side);
  return 0;
}

static int next_side(const gn_game *g, int side) {
  return (side + 1) % g->sc->nsides;
}

/*
** The clock advances one hour after both sides have played.
**   1) the objectives' holders at the turn's end; turn and hour move on
**   2) the hour just played was the day's last daylight turn (ref. VB-51):
**      game over on the last day, else night falls
**   3) the turn limit of the scenario ends the game
**   4) otherwise the first side starts the new turn
*/
static int advance_hour(gn_game *g) {
  int played = g->st.rs[VB_RS_HOUR], rc;
  /* 1) the objectives' holders at the end of the turn played (ref. VB-VIC) */
  if ((rc = gn__objectives_turn_end(g, g->st.turn, "VB-VIC"))) return rc;
  g->st.turn++;
  g->st.rs[VB_RS_HOUR] = (played + 1) % 24;
  /* 2) ref. VB-51 */
  if (played >= g->st.rs[VB_RS_LAST]) {
    int days = g->sc->options[VB_OPT_DAYS] > 0 ? g->sc->options[VB_OPT_DAYS] : 1;
    gn__event(g, "nightfall", "VB-51", -1, -1, "night falls after the %d:00 turn of day %d",
              played, g->st.rs[VB_RS_DAY]);
    if (g->st.rs[VB_RS_DAY] >= days) {
      g->st.over = 1;
      gn__event(g, "game-over", "VB-51", -1, -1, "the battle ends at nightfall of its last day");
      return 0;
    }
    return gn__vb_night_begin(g);
  }
  /* 3) */
  if (g->sc->turns > 0 && g->st.turn > g->sc->turns) {
    g->st.over = 1;
    gn__event(g, "game-over", "VB-B1", -1, -1, "the turn limit (%d turns) is reached", g->sc->turns);
    return 0;
  }
  /* 4) */
  g->st.phase = VB_PH_COMMAND;
  g->st.active = g->st.rs[VB_RS_FIRSTSIDE];
  return side_begin(g, g->st.active);
}

/* Ends the night or the recovery for one side (who >= 0) or for every side
** (who < 0, the umpire's `end`); *all is 1 once every side has ended. */
static int night_end_side(gn_game *g, int who, int *all) {
  int every = (1 << g->sc->nsides) - 1;
  const char *what = g->st.phase == VB_PH_NIGHT ? "night" : "recovery";
  if (who >= 0 && (g->st.rs[VB_RS_ENDED] >> who) & 1)
    return gn__refuse(g, "VB-66", "%s has already ended its %s", g->sc->side[who].name, what);
  g->st.rs[VB_RS_ENDED] = who < 0 ? every : g->st.rs[VB_RS_ENDED] | 1 << who;
  *all = g->st.rs[VB_RS_ENDED] == every;
  if (who >= 0 && !*all)
    gn__event(g, "end-side", "VB-66", -1, -1, "%s ends its %s; the others are still at it",
              g->sc->side[who].name, what);
  if (*all) g->st.rs[VB_RS_ENDED] = 0;
  return 0;
}

/* 1 when unit's side has ended the night or the recovery (its stands then
** take no more orders until the next phase). */
int gn__vb_side_ended(const gn_game *g, int unit) {
  return g->st.active < 0 && unit >= 0 && (g->st.rs[VB_RS_ENDED] >> g->sc->unit[unit].side) & 1;
}

/* ref. VB-66: the side's own `end SIDE` in the night or the recovery. */
int gn__vb_side_done(const gn_game *g, int side) {
  return g->st.active < 0 && (g->st.rs[VB_RS_ENDED] >> side) & 1;
}

/*
** `end [SIDE]`: closes the current phase (ref. VB-B1).
**   1) at most one word after "end": the side ending; by day it must be the
**      side whose turn it is
**   2) daytime phases: the phase's closing work, then the next phase; after
**      exhaustion the next side, or the next hour after the last side
**   3) night and recovery phases (both sides play): a side's `end` ends its
**      part, and the phase closes when every side has ended (ref. VB-66); a
**      plain `end` closes it for all (the umpire's); then days.c
*/
int gn__vb_order_end(gn_game *g, const gn__args *a) {
  int rc = 0;
  /* 1) */
  int who = -1, all;
  if (a->n > 2) return gn__syntax(g, a, 2, "unexpected '%s'", a->tok[2]);
  if (a->n == 2 && (who = gn_side_find(g, a->tok[1])) < 0)
    return gn__syntax(g, a, 1, "no side '%s'", a->tok[1]);
  int side = g->st.active;
  if (who >= 0 && side >= 0 && who != side)
    return gn__refuse(g, "VB-B1", "it is %s's turn, not %s's", g->sc->side[side].name,
                      g->sc->side[who].name);
  /* 2) */
  switch (g->st.phase) {
  case VB_PH_COMMAND:
    gn__vb_move_begin(g, side);
    g->st.phase = VB_PH_MOVE;
    break;
  case VB_PH_MOVE:
    gn__vb_move_end(g, side);
    g->st.phase = VB_PH_RALLY;
    break;
  case VB_PH_RALLY:
    g->st.phase = VB_PH_MORALE;
    break;
  case VB_PH_MORALE:
    if ((rc = gn__vb_phase_morale(g, side))) return rc;
    g->st.phase = VB_PH_COMBAT;
    break;
  case VB_PH_COMBAT:
    if ((rc = gn__vb_phase_combat(g, side))) return rc;
    g->st.phase = VB_PH_EXHAUST;
    break;
  case VB_PH_EXHAUST:
    if ((rc = gn__vb_phase_exhaust(g, side))) return rc;
    if (next_side(g, side) == g->st.rs[VB_RS_FIRSTSIDE]) return advance_hour(g);
    g->st.active = next_side(g, side);
    g->st.phase = VB_PH_COMMAND;
    if ((rc = side_begin(g, g->st.active))) return rc;
    break;
  /* 3) */
  case VB_PH_NIGHT:
    if ((rc = night_end_side(g, who, &all)) || !all) return rc;
    return gn__vb_night_end(g);
  case VB_PH_RECOVERY:
    if ((rc = night_end_side(g, who, &all)) || !all) return rc;
    return gn__vb_recovery_apply(g);
  default:
    return gn__error(g, GN_ESTATE, "unknown phase %d", g->st.phase);
  }
  return rc;
}

/* Refuses an order outside the given phase or of a side not active. */
int gn__vb_need_phase(gn_game *g, int unit, int phase, const char *ref, const char *what) {
  if (g->st.phase != phase)
    return gn__refuse(g, ref, "%s only in the %s phase (now: %s)", what, phase_names[phase],
                      gn__vb_phase_name(g));
  if (unit >= 0 && g->st.active >= 0 && g->sc->unit[unit].side != g->st.active)
    return gn__refuse(g, ref, "%s belongs to %s, and it is %s's turn", gn__vb_uname(g, unit),
                      g->sc->side[g->sc->unit[unit].side].name, g->sc->side[g->st.active].name);
  if (gn__vb_side_ended(g, unit))
    return gn__refuse(g, ref, "%s has ended its %s", g->sc->side[g->sc->unit[unit].side].name,
                      phase_names[phase]);
  return 0;
}

int gn__vb_turn_start(gn_game *g) { return side_begin(g, g->st.active); }
