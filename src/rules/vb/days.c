/*
** days.c: daylight and the multi-day battle (rules VB-51 to VB-54, VB-B13,
** VB-66, VB-67): the daylight table, the calendar, the next day's first
** turn (a chance point, also the odds check "day-start"), night and the
** reallocation of divisions. Casualty recovery is in recover.c.
**
** The order of a night: nightfall (turn.c) -> night phase (both sides: one
** move per stand, reassign) -> `end` -> recovery of half the day's losses and
** the recovery phase (choices: recover, merge, fill) -> `end` -> defaults,
** exhaustion reset, the next day's first turn.
*/
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "vb.h"

static const double PI = 3.14159265358979323846;

/* ------------------------------------------------------------ calendar */

/* The date of battle day `day` (1 = the scenario's date). Cannot fail. */
void gn__vb_date(const gn_game *g, int day, int *year, int *month, int *mday) {
  int y = g->sc->year, m = g->sc->month, d = g->sc->day;
  if (m < 1 || m > 12) m = 6;
  if (d < 1) d = 1;
  for (int k = 1; k < day; k++) {
    if (++d > gn__month_days(y, m)) { d = 1; if (++m > 12) { m = 1; y++; } }
  }
  *year = y; *month = m; *mday = d;
}

/* ------------------------------------------------------------ daylight */

/* Sunrise and sunset (solar hours) on the 15th of a month at a latitude,
** standard refraction; clamped at the poles. */
static void sun(int month, double lat, double *rise, double *set) {
  static const int doy15[12] = {15, 46, 74, 105, 135, 166, 196, 227, 258, 288, 319, 349};
  double dec = -23.44 * PI / 180 * cos(2 * PI / 365 * (doy15[month - 1] + 10));
  double phi = lat * PI / 180, h0 = -0.833 * PI / 180;
  double c = (sin(h0) - sin(phi) * sin(dec)) / (cos(phi) * cos(dec));
  if (c > 1) c = 1;
  if (c < -1) c = -1;
  double half = acos(c) * 180 / PI / 15;
  *rise = 12 - half;
  *set = 12 + half;
}

/*
** Daylight of a month (ref. VB-B13, VB-51, VB-54).
**   1) the table of turn.yaml (computed for its latitude, 50.7 N)
**   2) a scenario latitude more than half a degree away shifts the first and
**      last turns by the rounded change of sunrise and sunset
** Cannot fail.
*/
void gn__vb_daylight(const gn_game *g, int month, int *first, int *last) {
  const vb_data *d = gn__vb_data(g);
  if (month < 1 || month > 12) month = 6;
  /* 1) */
  *first = d->first_turn[month - 1];
  *last = d->last_turn[month - 1];
  /* 2) */
  double lat = g->sc->latitude;
  if (lat == 0 || fabs(lat - d->daylight_latitude) <= 0.5) return;
  double r0, s0, r1, s1;
  sun(month, d->daylight_latitude, &r0, &s0);
  sun(month, lat, &r1, &s1);
  *first += (int)lround(r1 - r0);
  *last += (int)lround(s1 - s0);
}

/*
** The first turn of battle day `day` >= 2 (ref. VB-52, VB-53, VB-54).
**   1) the attacker rolls the start die (named in the chance point, for
**      players typing their own dice)
**   2) add 2 for inclement weather, and 1 per day after the second
**   3) first turn = the month's first daylight turn + the total;
**      [interpretation] at latest the last daylight turn (the seed does not
**      say what a start past nightfall means: the day keeps one turn)
** Fails only with the dice source's error.
*/
int gn__vb_day_start(gn_game *g, int month, int day, int inclement, const char *attacker, int *hour) {
  const vb_data *d = gn__vb_data(g);
  int first, last, roll, rc;
  char spec[16], purpose[96];
  /* 1) */
  snprintf(spec, sizeof spec, "d%d", d->start_die);
  if (attacker) snprintf(purpose, sizeof purpose, "start of day %d: the attacker, %s, rolls", day, attacker);
  else snprintf(purpose, sizeof purpose, "start of day %d: the attacker rolls", day);
  /* 2) and 3) reckoned before the roll, so the players are told what it decides */
  int bonus = (inclement ? d->inclement_bonus : 0) + (day > 2 ? (day - 2) * d->later_day_bonus : 0);
  gn__vb_daylight(g, month, &first, &last);
  gn__chance_say(g, ~0u, "the day's first turn is %d:00 plus the roll%s, at latest %d:00 (ref. VB-52)",
                 first + bonus, bonus ? " (weather and later days added)" : "", last);
  if ((rc = gn__roll(g, spec, purpose, "VB-52", -1, &roll, NULL))) return rc;
  int h = first + roll + bonus;
  if (h > last) h = last;
  *hour = h;
  gn_event *e = gn__event(g, "day-start", "VB-52", -1, -1, "day %d begins with the %d:00 turn (first daylight %d:00 + %d)",
                          day, h, first, roll + bonus);
  if (e) {
    gn__event_mod(e, "start die", roll, "VB-52");
    if (inclement) gn__event_mod(e, "inclement weather", d->inclement_bonus, "VB-52");
    if (day > 2) gn__event_mod(e, "later day", (day - 2) * d->later_day_bonus, "VB-53");
  }
  return 0;
}

int gn__vb_inclement(const gn_game *g, int day) {
  int w = g->sc->options[day >= 3 ? VB_OPT_WEATHER_DAY3 : VB_OPT_WEATHER_DAY2];
  return w == 0 ? g->sc->weather != 0 : w == 2;
}

/*
** `withdraw SIDE` (ref. VB-73): whether to fight a second or a third day is
** the opposing generals' decision; at nightfall one of them declines.
**   1) the night phase, a side that has not ended its night
**   2) the scenario leaves the decision to the generals (option next_day)
**   3) the battle ends now: no recovery of the day, no next day (campaign
**      recovery, `campaign`, may follow)
*/
int gn__vb_order_withdraw(gn_game *g, const gn__args *a) {
  int side, rc;
  if (a->n != 2) return gn__syntax(g, a, a->n < 2 ? a->n : 2, "expected: withdraw SIDE");
  if ((side = gn_side_find(g, a->tok[1])) < 0) return gn__syntax(g, a, 1, "no side '%s'", a->tok[1]);
  /* 1) */
  if ((rc = gn__vb_need_phase(g, -1, VB_PH_NIGHT, "VB-73", "the decision not to fight another day is made")))
    return rc;
  if ((g->st.rs[VB_RS_ENDED] >> side) & 1)
    return gn__refuse(g, "VB-73", "%s has already ended its night", g->sc->side[side].name);
  /* 2) */
  if (g->sc->options[VB_OPT_NEXT_DAY] == 1)
    return gn__refuse(g, "VB-73", "the scenario has both sides fight on (option next_day: fight)");
  /* 3) */
  gn__event(g, "withdraw", "VB-73", -1, -1, "%s will not fight another day (its general's decision): the battle ends",
            g->sc->side[side].name);
  g->st.over = 1;
  gn__event(g, "game-over", "VB-73", -1, -1, "the battle ends at the night of day %d", g->st.rs[VB_RS_DAY]);
  return 0;
}

/* ------------------------------------------------ odds check: day-start */

typedef struct daycx { int month, day, inclement; } daycx;

int gn__vb_day_start_parse(gn_game *g, int argc, const char *const *argv, void *cx) {
  daycx *c = cx;
  c->month = 6; c->day = 2;
  for (int i = 0; i < argc; i++) {
    const char *k = argv[i];
    if (strcmp(k, "--inclement") == 0) { c->inclement = 1; continue; }
    int *dst = strcmp(k, "--month") == 0 ? &c->month : strcmp(k, "--day") == 0 ? &c->day : NULL;
    if (!dst) return gn__error(g, GN_ESYNTAX, "day-start: unknown parameter '%s'", k);
    if (i + 1 >= argc) return gn__error(g, GN_ESYNTAX, "day-start: %s needs a value", k);
    char *end;
    long v = strtol(argv[++i], &end, 10);
    if (*end || end == argv[i]) return gn__error(g, GN_ESYNTAX, "day-start: %s: not a number '%s'", k, argv[i]);
    *dst = (int)v;
  }
  if (c->month < 1 || c->month > 12) return gn__error(g, GN_ESYNTAX, "day-start: --month must be 1..12");
  if (c->day < 2 || c->day > 99) return gn__error(g, GN_ESYNTAX, "day-start: --day must be 2 or more");
  return 0;
}

int gn__vb_day_start_run(gn_game *g, const void *cx, int64_t *outcome) {
  const daycx *c = cx;
  int hour, rc = gn__vb_day_start(g, c->month, c->day, c->inclement, NULL, &hour);
  if (!rc) *outcome = hour;
  return rc;
}

void gn__vb_day_start_label(const void *cx, int64_t h, char *buf, size_t n) {
  (void)cx;
  if (h == 12) snprintf(buf, n, "noon");
  else snprintf(buf, n, "%d %s", (int)(h % 12 ? h % 12 : 12), h < 12 ? "a.m." : "p.m.");
}

/* --------------------------------------------------------------- night */

/* Nightfall on a day that is not the last: both sides play the night. */
int gn__vb_night_begin(gn_game *g) {
  g->st.phase = VB_PH_NIGHT;
  g->st.active = -1;
  for (int i = 0; i < g->sc->nunits; i++) {
    gn__ustate *u = gn__uw(g, i);
    u->vb.moved = u->vb.move_used = u->vb.reforming = u->vb.town_disordered = 0;
  }
  gn__event(g, "night", "VB-66", -1, -1, "night: every stand may make one full move; divisions may change corps");
  return 0;
}

/* End of the night: stationary for those that stayed put (the markers
** placed and taken away told), then recovery. */
int gn__vb_night_end(gn_game *g) {
  int rc = gn__vb_stationary_mark(g, -1, 0);   /* no command at night */
  return rc ? rc : gn__vb_recovery_begin(g);
}

int gn__vb_formation_find(const gn_game *g, const char *s) {
  for (int f = 0; f < g->sc->nformations; f++)
    if (gn__eqi(g->sc->formation[f].id, s)) return f;
  for (int f = 0; f < g->sc->nformations; f++)
    if (g->sc->formation[f].name && gn__eqi(g->sc->formation[f].name, s)) return f;
  return -1;
}

/* The formation of echelon `ech` above (or at) f, -1 if none. */
int gn__vb_formation_up(const gn_game *g, int f, int ech) {
  for (int guard = 0; f >= 0 && guard < 64; guard++) {
    if ((int)g->sc->formation[f].echelon == ech) return f;
    f = gn__vb_fparent(g, f);
  }
  return -1;
}

/*
** `reassign DIVISION to CORPS` (ref. VB-67).
**   1) at night only
**   2) a division and a corps of the same side and army
**   3) the army has a commander on the table to order it
**   4) the division's parent becomes the corps
*/
int gn__vb_order_reassign(gn_game *g, const gn__args *a) {
  int rc;
  if (a->n != 4 || !gn__arg_is(a, 2, "to")) return gn__syntax(g, a, a->n < 3 ? a->n : 2, "expected 'reassign DIVISION to CORPS'");
  int dv = gn__vb_formation_find(g, a->tok[1]), cp = gn__vb_formation_find(g, a->tok[3]);
  if (dv < 0) return gn__syntax(g, a, 1, "no formation '%s'", a->tok[1]);
  if (cp < 0) return gn__syntax(g, a, 3, "no formation '%s'", a->tok[3]);
  /* 1) */
  if ((rc = gn__vb_need_phase(g, -1, VB_PH_NIGHT, "VB-67", "divisions change corps"))) return rc;
  /* 2) */
  const gn__formation *D = &g->sc->formation[dv], *C = &g->sc->formation[cp];
  if (D->echelon != GN_DIVISION) return gn__refuse(g, "VB-67", "%s is not a division", D->name);
  if (C->echelon != GN_CORPS) return gn__refuse(g, "VB-67", "%s is not a corps", C->name);
  if (D->side != C->side) return gn__refuse(g, "VB-67", "%s and %s are not on the same side", D->name, C->name);
  int army = gn__vb_formation_up(g, dv, GN_ARMY);
  if (army != gn__vb_formation_up(g, cp, GN_ARMY))
    return gn__refuse(g, "VB-67", "%s and %s are not in the same army", D->name, C->name);
  if (gn__vb_fparent(g, dv) == cp) return gn__refuse(g, "VB-67", "%s is already in %s", D->name, C->name);
  /* 3) */
  int ldr = army >= 0 ? g->sc->formation[army].leader : -1;
  if (ldr < 0 || !gn__vb_alive(g, ldr))
    return gn__refuse(g, "VB-67", "only the army commander may shift divisions, and there is none");
  if (gn__vb_side_ended(g, ldr)) return gn__refuse(g, "VB-66", "%s has ended its night", g->sc->side[D->side].name);
  /* 4) */
  gn__fw(g, dv)[VB_F_PARENT] = cp + 1;
  gn__event(g, "reassign", "VB-67", ldr, -1, "%s moves %s to %s", gn__vb_uname(g, ldr), D->name, C->name);
  return 0;
}

/*
** Dawn: the next battle day begins (ref. VB-52, VB-53).
**   1) the day and its date, the month's daylight
**   2) the attacker's roll fixes the first turn (option attacker), with the
**      day's own weather (ref. VB-52)
**   3) the first side starts its command phase
*/
int gn__vb_dawn(gn_game *g) {
  int y, m, d, hour, rc, first, last;
  /* 1) */
  int day = g->st.rs[VB_RS_DAY] + 1;
  gn__vb_date(g, day, &y, &m, &d);
  gn__vb_daylight(g, m, &first, &last);
  /* 2) */
  int att = g->sc->options[VB_OPT_ATTACKER] < g->sc->nsides ? g->sc->options[VB_OPT_ATTACKER] : 0;
  const gn__side *as = &g->sc->side[att];
  if ((rc = gn__vb_day_start(g, m, day, gn__vb_inclement(g, day), as->name ? as->name : as->id, &hour))) return rc;
  g->st.rs[VB_RS_DAY] = day;
  g->st.rs[VB_RS_HOUR] = hour;
  g->st.rs[VB_RS_FIRST] = first;
  g->st.rs[VB_RS_LAST] = last;
  /* 3) */
  g->st.phase = VB_PH_COMMAND;
  g->st.active = g->st.rs[VB_RS_FIRSTSIDE];
  return gn__vb_turn_start(g);
}
