/*
** morale.c: when a unit tests its morale, and the test itself (seed 002).
**
** Triggers (each checked where it happens): a casualty from enemy shooting
** (ref. IN-M1, shoot.c), two casualties in one melee (ref. IN-M2, melee.c),
** its own bugler, flag bearer, corporal, NCO or officer killed (ref. IN-M3,
** data roles.m3), a friend routing within 10 in and in sight (ref. IN-M4,
** rout.c), charged by an enemy at least its size (ref. IN-M5, melee.c), and
** attacked in melee in flank or rear by an enemy at least half its size
** (ref. IN-M6, melee.c). Several triggers of one resolution make one test
** [interpretation]; a unit already routing does not test again until its
** next turn (ref. IN-M14).
*/
#include "inradic.h"

#include <stdio.h>
#include <string.h>

/*
** The morale dice of a starting size (ref. IN-M7, IN-B10, IN-B11): one d10
** per full ten figures and one die of the remainder's size (5 -> d5,
** 10 -> d10, 14 -> d10+d4, 21 -> 2d10+1: a one-sided die always shows 1 and
** is written as the constant). *ndice counts the dice; the constant 1 among
** them only when one_is_die [interpretation, data morale.one_is_die, default
** 0: nobody rolls a one-sided die, so the per-die situation modifiers of
** IN-M10 do not count it].
*/
void gn__in_morale_dice(int start, int one_is_die, char *buf, size_t n, int *ndice) {
  int tens = start / 10, rem = start % 10;
  size_t k = 0;
  buf[0] = 0;
#define ADD(...) do { int w_ = gn__snprintf(buf + k, k < n ? n - k : 0, __VA_ARGS__); \
                      if (w_ > 0) k += (size_t)w_; } while (0)
  if (tens == 1) ADD("d10");
  else if (tens > 1) ADD("%dd10", tens);
  if (rem >= 2) ADD("%sd%d", tens ? "+" : "", rem);
  else if (rem == 1) ADD("%s1", tens ? "+" : "");
  if (start <= 0) ADD("0");
#undef ADD
  *ndice = tens + (rem >= 2 || (rem == 1 && one_is_die));
}

/*
** The morale dice under the odds engine: a test reads them only as pass or
** fail, so they are one chance point of two branches, weighted by the throws
** of the dice giving a raw total at most `most` and above it (ref. IN-M7,
** IN-M8). *t receives a total of the branch taken (the highest that passes,
** the lowest that fails). Returns 1 when the throws pass 64 bits (more than
** 170 figures): the caller rolls as in play; else 0 or the engine's error.
*/
static int morale_enum(gn_game *g, int start, int most, const char *spec, const char *purpose, int unit, int *t) {
  int tens = start / 10, rem = start % 10, top = 0, rc;
  if (tens > 17) return 1;
  uint64_t cnt[200] = { 1 }, nxt[200];
  for (int k = 0; k < tens + (rem > 0); k++) {
    int sides = k < tens ? 10 : rem;
    memset(nxt, 0, sizeof nxt);
    for (int x = 0; x <= top; x++)
      for (int f = 1; f <= sides; f++) nxt[x + f] += cnt[x];
    memcpy(cnt, nxt, sizeof cnt);
    top += sides;
  }
  uint64_t pass = 0, all = 0;
  int hi = -1, lo = -1;
  for (int x = 0; x <= top; x++) {
    if (!cnt[x]) continue;
    all += cnt[x];
    if (x <= most) { pass += cnt[x]; hi = x; } else if (lo < 0) lo = x;
  }
  uint64_t w[2] = { all - pass, pass };
  int c = pass != 0;                               /* a sure result is no chance point */
  if (pass != 0 && pass != all && (rc = gn__enum_choose(g, 2, w, all, &c))) return rc;
  *t = c ? hi : lo;
  gn_event *e = gn__event(g, "roll", "IN-M7", unit, -1, "%s: %s -> %d (or any throw alike)", purpose, spec, *t);
  if (!e) return GN_ENOMEM;
  if ((rc = gn__event_spec(g, e, spec))) return rc;
  e->total = *t;
  return 0;
}

/* ORDER: GN_RATING_*: a leader's rating as a test's modifier names it. */
static const char *const leader_words[GN_RATING_COUNT] = {"average leader", "poor leader", "good leader",
                                                          "excellent leader"};

/* What a morale throw needs, told to the table before it (ref. IN-M8): at
** most the figures left, less the modifiers. */
static void say_need(gn_game *g, int remaining, int mods) {
  if (mods)
    gn__chance_say(g, ~0u, "%d or less to pass (%d figure%s left, modifiers %+d; ref. IN-M8)", remaining - mods,
                   remaining, remaining == 1 ? "" : "s", mods);
  else
    gn__chance_say(g, ~0u, "%d or less to pass (the figures left; ref. IN-M8)", remaining);
}

/*
** One morale test.
**   1) the dice by the STARTING figure count (ref. IN-M7)
**   2) roll them (every face logged); under the odds engine only pass or
**      fail (morale_enum)
**   3) the quality modifier, once (ref. IN-M9); the rating of the leader
**      whose word counts, once (ref. IN-LDR, leaders.c)
**   4) the situation modifiers, once per die (ref. IN-M10, IN-B12): uphill of
**      the engaging enemy, soft or hard cover (the better only), the enemy on
**      the flank or in the rear
**   5) pass when the total is at most the figures remaining (ref. IN-M8)
*/
int gn__in_morale_roll(gn_game *g, const in_mctx *m, const char *why, const char *ref, int *pass,
                    int *total) {
  const in_data *d = in__data(g);
  char spec[48];
  int k, t, rc;
  gn__in_morale_dice(m->start, d->one_is_die, spec, sizeof spec, &k);                /* 1 */
  char purpose[96] = "";   /* the roll's event and the table's prompt */
  if (!gn__events_quiet(g)) {
    if (m->unit >= 0) gn__snprintf(purpose, sizeof purpose, "morale of %s, trigger %s", gn__in_name(g, m->unit), why);
    else gn__snprintf(purpose, sizeof purpose, "morale (%s)", why);
  }
  int qm = d->quality_mod[m->quality];                                            /* 3 */
  int lm = m->rating >= 0 && m->rating < GN_RATING_COUNT ? d->rating_morale[m->rating] : 0;   /* ref. IN-LDR */
  int sm = 0;                                                                     /* 4 */
  int up = m->uphill ? d->uphill * k : 0;
  int cv = m->cover == IN_COVER_HARD ? d->hard * k : m->cover == IN_COVER_SOFT ? d->soft * k : 0;
  int fl = (m->arc == GN_ARC_LEFT || m->arc == GN_ARC_RIGHT) ? d->flank * k : 0;
  int rr = m->arc == GN_ARC_REAR ? d->rear * k : 0;
  sm = up + cv + fl + rr;
  /* the +1 of a one-figure remainder past ten (21 -> 2d10+1) is the project's
  ** construction (ref. IN-B10), not a die of IN-M7: the dice are rolled and
  ** logged without it and it is added as its own modifier */
  int one = m->start > 10 && m->start % 10 == 1;
  char dspec[48];
  gn__snprintf(dspec, sizeof dspec, "%s", spec);
  if (one) dspec[strlen(dspec) - 2] = 0;
  rc = 1;                                                                         /* 2 */
  if (in__enumerating(g) && m->start > 0) {
    rc = morale_enum(g, m->start, m->remaining - qm - lm - sm, spec, purpose, m->unit, &t);
    if (rc == 0) t -= one;
  }
  if (rc == 1) {
    say_need(g, m->remaining, one + qm + lm + sm);
    rc = gn__roll(g, dspec, purpose, "IN-M7", m->unit, &t, NULL);
  }
  if (rc) return rc;
  *total = t + one + qm + lm + sm;
  *pass = *total <= m->remaining;                                                 /* 5 */
  gn_event *e = gn__event(g, "morale", ref, m->unit, -1,
                          "%s morale test (%s): %s = %d, modified %d against %d figure%s: %s",
                          m->unit >= 0 ? gn__in_name(g, m->unit) : "the unit's", why, dspec, t, *total,
                          m->remaining, m->remaining == 1 ? "" : "s", *pass ? "passes" : "fails");
  if (!e) return GN_ENOMEM;
  e->total = *total;
  if (one) gn__event_mod(e, "one-figure remainder", 1, "IN-B10");
  if (qm) gn__event_mod(e, gn__in_quality_words[m->quality], qm, "IN-M9");
  if (lm) gn__event_mod(e, leader_words[m->rating], lm, "IN-LDR");
  if (up) gn__event_mod(e, "uphill of the enemy", up, "IN-M10");
  if (cv) gn__event_mod(e, m->cover == IN_COVER_HARD ? "hard cover" : "soft cover", cv, "IN-M10");
  if (fl) gn__event_mod(e, "attacked in the flank", fl, "IN-M10");
  if (rr) gn__event_mod(e, "attacked in the rear", rr, "IN-M10");
  return 0;
}

static const char *const trigger_ids[] = { "IN-M1", "IN-M2", "IN-M3", "IN-M4", "IN-M5", "IN-M6" };

/*
** A triggered test of a unit on the table.
**   1) a unit routing or gone does not test
**   2) its situation against the engaging enemy (none for a friend's rout)
**   3) roll (gn__in_morale_roll)
**   4) failure: it routs (rout.c), with pursuit and friends' tests
*/
int gn__in_morale_test(gn_game *g, int unit, unsigned triggers, int enemy, int *routed) {
  char why[64];
  size_t k = 0;
  const char *ref = "IN-M8";
  if (routed) *routed = 0;
  if (!triggers || !gn__in_alive(g, unit) || gn__in_routing(g, unit)) return 0;         /* 1 */
  why[0] = 0;
  for (int i = 0; i < 6; i++) {
    if (!(triggers & (1u << i))) continue;
    if (ref[4] == '8') ref = trigger_ids[i];
    if (gn__events_quiet(g)) continue;   /* the text is the events' */
    int w = gn__snprintf(why + k, sizeof why - k, "%s%s", k ? ", " : "", trigger_ids[i]);
    if (w > 0 && (size_t)w < sizeof why - k) k += (size_t)w;
  }
  const gn__ustate *u = &g->st.u[unit];
  in_mctx m;                                                                      /* 2 */
  m.start = g->sc->unit[unit].strength0;
  m.remaining = u->strength;
  m.quality = gn__in_quality(g, unit);
  m.unit = unit;
  m.uphill = gn__in_uphill(g, unit, enemy);
  m.cover = gn__in_cover(g, unit, enemy >= 0 ? &g->st.u[enemy].box.c : NULL);
  m.arc = enemy >= 0 ? (int)gn_box_arc(u->box, g->st.u[enemy].box.c) : -1;
  m.rating = gn__in_leader_rating(g, unit, NULL);
  int pass, total, rc;
  if ((rc = gn__in_morale_roll(g, &m, why, ref, &pass, &total))) return rc;         /* 3 */
  if (pass) return 0;
  if (routed) *routed = 1;
  return gn__in_rout(g, unit, enemy);                                                /* 4 */
}
