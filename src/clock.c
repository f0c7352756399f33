/*
** clock.c: times of day as designers write them ("7 p.m.", "day 2, 7 p.m.",
** "19 June 1815, 5 p.m."), read against the scenario's calendar, and the
** time of the present turn by the ruleset's clock (gn__ruleset.minute).
** A time is kept as minutes after midnight of the scenario's first day.
*/
#include "core.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const MONTHS[12] = {
  "January", "February", "March", "April", "May", "June", "July", "August",
  "September", "October", "November", "December"
};

const char *gn__month_name(int month) { return month >= 1 && month <= 12 ? MONTHS[month - 1] : "?"; }

/* A time of day as designers write it: "7 p.m.", "7:30 a.m.", "7pm",
** "19:00", "noon", "midnight" (case ignored). Minutes after midnight, or -1. */
int gn__clock_minutes(const char *s) {
  int h = 0, m = 0, digits = 0;
  if (gn__name_is("noon", s)) return 12 * 60;
  if (gn__name_is("midnight", s)) return 0;
  while (*s >= '0' && *s <= '9' && digits < 3) h = h * 10 + (*s++ - '0'), digits++;
  if (!digits || digits > 2) return -1;
  if (*s == ':') {
    s++;
    if (!(s[0] >= '0' && s[0] <= '5' && s[1] >= '0' && s[1] <= '9')) return -1;
    m = (s[0] - '0') * 10 + (s[1] - '0');
    s += 2;
  }
  while (*s == ' ') s++;
  if (!*s) return h <= 23 ? h * 60 + m : -1;          /* 24-hour clock */
  int pm = (*s == 'p' || *s == 'P'), am = (*s == 'a' || *s == 'A');
  if (!pm && !am) return -1;
  s++;
  if (*s == '.') s++;
  if (*s != 'm' && *s != 'M') return -1;
  s++;
  if (*s == '.') s++;
  if (*s || h < 1 || h > 12) return -1;
  return (h % 12 + (pm ? 12 : 0)) * 60 + m;
}

int gn_game_minute(const gn_game *g) {
  if (!g || !g->sc || !g->sc->rs->minute) return -1;
  if (!g->started) return g->sc->hour * 60;
  return g->sc->rs->minute(g);
}

#define DAYS_MAX 99   /* the latest day a time may name, as an arrival's `day` */

/* The day of the battle (1 the scenario's first) that "day N" or a date
** "D Month YYYY" names; 0 when it names none. */
static int battle_day(const gn__scen *sc, const char *s) {
  char mon[16];
  int n, d, y, used = 0;
  if (sscanf(s, " day %d %n", &n, &used) == 1 && !s[used]) return n >= 1 && n <= DAYS_MAX ? n : 0;
  used = 0;
  if (sscanf(s, " %d %15[A-Za-z] %d %n", &d, mon, &y, &used) != 3 || s[used]) return 0;
  int m = 0;
  for (int i = 0; i < 12 && !m; i++) {
    char abbr[4] = {MONTHS[i][0], MONTHS[i][1], MONTHS[i][2], 0};   /* "Jun" */
    if (gn__eqi(MONTHS[i], mon) || gn__eqi(abbr, mon)) m = i + 1;
  }
  if (!m || sc->month < 1 || sc->day < 1) return 0;
  int cy = sc->year, cm = sc->month, cd = sc->day;
  for (int k = 1; k <= DAYS_MAX; k++) {
    if (cy == y && cm == m && cd == d) return k;
    if (++cd > gn__month_days(cy, cm)) { cd = 1; if (++cm > 12) { cm = 1; cy++; } }
  }
  return 0;
}

int gn_game_clock_parse(const gn_game *g, const char *text, int *minute, char *err, size_t errlen) {
  if (err && errlen) err[0] = 0;
  if (!g || !text || !minute) return GN_EINVAL;
  const gn__scen *sc = g->sc;
  if (!sc) {
    if (err && errlen) snprintf(err, errlen, "no scenario is loaded");
    return GN_ESTATE;
  }
  if (!sc->rs->minute) {
    if (err && errlen) snprintf(err, errlen, "ruleset '%s' keeps no time of day: give the turn", sc->rs->id);
    return GN_ESTATE;
  }
  /* the day before a comma, the time of day after it (else the first day) */
  const char *comma = strrchr(text, ',');
  int day = 1;
  if (comma) {
    char d[64];
    size_t k = (size_t)(comma - text);
    day = 0;
    if (k < sizeof d) {
      memcpy(d, text, k);
      d[k] = 0;
      day = battle_day(sc, d);
    }
    if (!day) {
      if (err && errlen)
        snprintf(err, errlen, "'%.*s' is not a day of the battle: write \"day N\" or its date (the "
                 "first is %d %s %d)", (int)(k < 40 ? k : 40), text, sc->day, gn__month_name(sc->month),
                 sc->year);
      return GN_ESYNTAX;
    }
    text = comma + 1;
  }
  char t[32];
  size_t b = strspn(text, " \t"), len = strlen(text + b);
  while (len && (text[b + len - 1] == ' ' || text[b + len - 1] == '\t')) len--;
  int m = -1;
  if (len < sizeof t) {
    memcpy(t, text + b, len);
    t[len] = 0;
    m = gn__clock_minutes(t);
  }
  if (m < 0) {
    if (err && errlen)
      snprintf(err, errlen, "'%.*s' is not a time of day: write \"7 p.m.\", \"7:30 a.m.\", \"19:00\" "
               "or \"noon\", after \"day 2, \" or a date (\"%d %s %d, \") for a day but the first",
               (int)(len < 40 ? len : 40), text + b, sc->day, gn__month_name(sc->month), sc->year);
    return GN_ESYNTAX;
  }
  *minute = (day - 1) * 24 * 60 + m;
  return 0;
}
