/*
** checks.c: the standalone resolutions of `grognard odds inradic ...`. Each
** run() calls the function the orders use (gn__in_morale_roll, gn__in_pursuit_roll,
** gn__in_hero_check, gn__in_fire_resolve, gn__in_melee_draw, gn__in_throw_land and
** gn__in_burst_hits), never a copy of the rule. Cards come from full decks.
*/
#include "inradic.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ morale */

/* ORDER: GN_RATING_*. */
static const char *const rating_names[] = { "average", "poor", "good", "excellent", NULL };

/* The morale check: the test, and what may call for it: the figures lost
** in a melee, the figures of a charger (-1: a test in any case). */
typedef struct morale_ck { in_mctx m; int melee_lost, charged_by; } morale_ck;

static int morale_parse(gn_game *g, int argc, const char *const *argv, void *cx) {
  morale_ck *ck = cx;
  in_mctx *m = &ck->m;
  int rc = 0, have = 0;
  m->quality = IN_Q_TRAINED; m->arc = -1; m->unit = -1; m->rating = -1;
  ck->melee_lost = ck->charged_by = -1;
  for (int i = 0; i < argc && !rc; i++) {
    const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
    if (!strcmp(a, "--start")) { rc = gn__opt_int(g, a, v, 1, 200, &m->start); i++; have |= 1; }
    else if (!strcmp(a, "--remaining")) { rc = gn__opt_int(g, a, v, 0, 200, &m->remaining); i++; have |= 2; }
    else if (!strcmp(a, "--quality")) {
      rc = gn__opt_name(g, a, v, gn__in_quality_names, &m->quality);
      m->quality = gn__in_quality_canon(m->quality);
      i++;
    }
    else if (!strcmp(a, "--leader")) {   /* ref. IN-LDR: the rating whose word counts */
      rc = gn__opt_name(g, a, v, rating_names, &m->rating);
      i++;
    }
    else if (!strcmp(a, "--uphill")) m->uphill = 1;
    else if (!strcmp(a, "--soft-cover")) { if (m->cover < IN_COVER_SOFT) m->cover = IN_COVER_SOFT; }
    else if (!strcmp(a, "--hard-cover")) m->cover = IN_COVER_HARD;
    else if (!strcmp(a, "--flank")) m->arc = GN_ARC_LEFT;
    else if (!strcmp(a, "--rear")) m->arc = GN_ARC_REAR;
    else if (!strcmp(a, "--melee-lost")) { rc = gn__opt_int(g, a, v, 0, 200, &ck->melee_lost); i++; }
    else if (!strcmp(a, "--charged-by")) { rc = gn__opt_int(g, a, v, 1, 200, &ck->charged_by); i++; }
    else rc = gn__error(g, GN_ESYNTAX, "morale: unknown parameter '%s'", a);
  }
  if (!rc && have != 3) rc = gn__error(g, GN_ESYNTAX, "morale needs --start N and --remaining R");
  if (!rc && m->remaining > m->start) rc = gn__error(g, GN_ESYNTAX, "more figures remaining than at the start");
  return rc;
}

/* A unit whose losses in the melee (--melee-lost K, ref. IN-M2) or whose
** charger (--charged-by N, in the arc given, ref. IN-M5, IN-M6) call for no
** test stands without a roll. */
static int morale_run(gn_game *g, const void *cx, int64_t *outcome) {
  const morale_ck *ck = cx;
  gn_arc arc = ck->m.arc < 0 ? GN_ARC_FRONT : (gn_arc)ck->m.arc;
  if ((ck->melee_lost >= 0 && !gn__in_melee_calls_test(g, ck->melee_lost)) ||
      (ck->charged_by >= 0 && !gn__in_charge_calls_test(ck->charged_by, ck->m.remaining, arc))) {
    *outcome = 1;
    return 0;
  }
  int pass, total, rc = gn__in_morale_roll(g, &ck->m, "odds", "IN-M8", &pass, &total);
  *outcome = pass;
  return rc;
}

static void morale_label(const void *cx, int64_t o, char *buf, size_t n) {
  (void)cx;
  snprintf(buf, n, "%s", o ? "passes" : "fails: routs");
}

/* ------------------------------------------------------------ pursuit */

typedef struct pcx { int quality; } pcx;

static int pursuit_parse(gn_game *g, int argc, const char *const *argv, void *cx) {
  pcx *p = cx;
  p->quality = -1;
  for (int i = 0; i < argc; i += 2) {   /* "--quality Q" pairs */
    if (strcmp(argv[i], "--quality") != 0)
      return gn__error(g, GN_ESYNTAX, "pursuit: unknown parameter '%s'", argv[i]);
    int rc = gn__opt_name(g, argv[i], i + 1 < argc ? argv[i + 1] : NULL, gn__in_quality_names, &p->quality);
    if (rc) return rc;
    p->quality = gn__in_quality_canon(p->quality);
  }
  if (p->quality < 0) return gn__error(g, GN_ESYNTAX, "pursuit needs --quality Q");
  return 0;
}

static int pursuit_run(gn_game *g, const void *cx, int64_t *outcome) {
  int r, rc = gn__in_pursuit_roll(g, ((const pcx *)cx)->quality, -1, &r);
  *outcome = r;
  return rc;
}

static void pursuit_label(const void *cx, int64_t o, char *buf, size_t n) {
  static const char *const t[] = { "may not pursue", "may pursue (player's choice)", "must pursue",
                                   "pursues unless declined" };
  (void)cx;
  snprintf(buf, n, "%s", o >= 0 && o <= 3 ? t[o] : "?");
}

/* ------------------------------------------------------------ hero */

typedef struct hcx { in_figs present; int choice; } hcx;

static int hero_parse(gn_game *g, int argc, const char *const *argv, void *cx) {
  hcx *h = cx;
  h->choice = -1;
  for (int i = 0; i < argc; i++) {
    const char *v = i + 1 < argc ? argv[i + 1] : NULL;
    if (!strcmp(argv[i], "--present") && v) {
      char buf[256];
      if (strlen(v) >= sizeof buf)
        return gn__error(g, GN_ESYNTAX, "--present: list too long (at most %zu characters)", sizeof buf - 1);
      strcpy(buf, v);
      char *save = NULL;    /* strtok_r: checks run on several threads at once (simulate) */
      for (char *s = strtok_r(buf, ",", &save); s; s = strtok_r(NULL, ",", &save)) {
        int r = gn__name_find(gn__in_role_names, s);
        char list[512];
        if (r < 0) return gn__error(g, GN_ESYNTAX, "--present: unknown role '%s' (roles: %s)", s,
                                    gn__names_list(gn__in_role_names, -1, list, sizeof list));
        h->present.n[r]++;
      }
      i++;
    } else if (!strcmp(argv[i], "--choose") && v) {
      int rc = gn__opt_name(g, argv[i], v, gn__in_role_names, &h->choice);
      if (rc) return rc;
      i++;
    } else {
      return gn__error(g, GN_ESYNTAX, "hero: unknown parameter '%s'", argv[i]);
    }
  }
  return 0;
}

static int hero_run(gn_game *g, const void *cx, int64_t *outcome) {
  const hcx *h = cx;
  int role, rc = gn__in_hero_check(g, &h->present, h->choice, -1, &role);
  *outcome = role < 0 ? 0 : role;
  return rc;
}

static void hero_label(const void *cx, int64_t o, char *buf, size_t n) {
  (void)cx;
  if (o <= 0 || o >= IN_NROLES) snprintf(buf, n, "no one important (an ordinary figure)");
  else snprintf(buf, n, "the %s", gn__in_role_names[o]);
}

/* ------------------------------------------------------------ shoot */

static const char *const cover_names[] = { "none", "soft", "hard", NULL };

static int shoot_parse(gn_game *g, int argc, const char *const *argv, void *cx) {
  in_fire *f = cx;
  int rc = 0, have = 0, leaders = 0;
  double r = 0;
  f->side = 0; f->unit = f->target = -1; f->pieces = 1;
  for (int i = 0; i < argc && !rc; i++) {
    const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
    i++;
    if (!strcmp(a, "--figures")) { rc = gn__opt_int(g, a, v, 0, 100, &f->firer.n[IN_PRIVATE]); have |= 1; }
    else if (!strcmp(a, "--weapon")) { rc = gn__opt_name(g, a, v, gn__in_weapon_names, &f->weapon); have |= 2; }
    else if (!strcmp(a, "--range")) {
      char *end;
      r = v ? strtod(v, &end) : -1;
      if (!v || *end || end == v || r < 0 || r > 1000)
        rc = gn__error(g, GN_ESYNTAX, "--range wants a distance in inches, not '%s'", v ? v : "");
      f->range = r;
      have |= 4;
    }
    else if (!strcmp(a, "--cover")) rc = gn__opt_name(g, a, v, cover_names, &f->cover);
    else if (!strcmp(a, "--leaders")) rc = gn__opt_int(g, a, v, 0, 20, &leaders);
    else if (!strcmp(a, "--pieces")) rc = gn__opt_int(g, a, v, 1, 20, &f->pieces);
    else rc = gn__error(g, GN_ESYNTAX, "shoot: unknown parameter '%s'", a);
  }
  f->firer.n[IN_OFFICER] = leaders;
  if (!rc && have != 7) rc = gn__error(g, GN_ESYNTAX, "shoot needs --figures N --weapon W --range R");
  int c1, c2, cap;
  if (!rc && !gn__in_fire_cardcount(g, f, &c1, &c2, &cap))
    rc = gn__error(g, GN_ESYNTAX, "a %s cannot shoot at %.1f in", gn__in_weapon_names[f->weapon], f->range);
  return rc;
}

static int shoot_run(gn_game *g, const void *cx, int64_t *outcome) {
  in_fire_result r;
  gn__in_deck_full(g, 0);
  int rc = gn__in_fire_resolve(g, cx, &r);
  *outcome = r.d.hits;
  return rc;
}

static void shoot_label(const void *cx, int64_t o, char *buf, size_t n) {
  (void)cx;
  snprintf(buf, n, "%lld hit%s", (long long)o, o == 1 ? "" : "s");
}

/* ------------------------------------------------------------ melee */

typedef struct mcx { in_melee m; int count; } mcx;
enum { COUNT_BOTH, COUNT_DEFENDER, COUNT_ATTACKER };
static const char *const count_names[] = { "both", "defender", "attacker", NULL };

static int melee_parse(gn_game *g, int argc, const char *const *argv, void *cx) {
  mcx *c = cx;
  int rc = 0, have = 0;
  c->m.side[0] = 0; c->m.side[1] = 1; c->m.unit[0] = c->m.unit[1] = -1;
  for (int i = 0; i < argc && !rc; i++) {
    const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
    if (!strcmp(a, "--obstacle")) { c->m.obstacle = 1; continue; }
    if (!strcmp(a, "--defender-routing")) { c->m.routing[1] = 1; continue; }
    i++;
    if (!strcmp(a, "--attackers")) { rc = gn__opt_int(g, a, v, 0, 60, &c->m.figs[0].n[IN_PRIVATE]); have |= 1; }
    else if (!strcmp(a, "--defenders")) { rc = gn__opt_int(g, a, v, 0, 60, &c->m.figs[1].n[IN_PRIVATE]); have |= 2; }
    else if (!strcmp(a, "--attacker-leaders")) rc = gn__opt_int(g, a, v, 0, 20, &c->m.figs[0].n[IN_OFFICER]);
    else if (!strcmp(a, "--defender-leaders")) rc = gn__opt_int(g, a, v, 0, 20, &c->m.figs[1].n[IN_OFFICER]);
    else if (!strcmp(a, "--count")) rc = gn__opt_name(g, a, v, count_names, &c->count);
    else rc = gn__error(g, GN_ESYNTAX, "melee: unknown parameter '%s'", a);
  }
  if (!rc && have != 3) rc = gn__error(g, GN_ESYNTAX, "melee needs --attackers N and --defenders M");
  if (!rc && (!gn__in_figs_total(&c->m.figs[0]) || !gn__in_figs_total(&c->m.figs[1])))
    rc = gn__error(g, GN_ESYNTAX, "melee needs at least one figure a side");
  return rc;
}

/* The casualties of one round, as the order takes them: no more than the
** figures there are (ref. IN-B5). */
static int melee_run(gn_game *g, const void *cx, int64_t *outcome) {
  const mcx *c = cx;
  in_melee_result r;
  gn__in_deck_full(g, 0);
  gn__in_deck_full(g, 1);
  int rc = gn__in_melee_draw(g, &c->m, &r);
  int nA = gn__in_figs_total(&c->m.figs[0]), nD = gn__in_figs_total(&c->m.figs[1]);
  int lostD = r.d[0].hits < nD ? r.d[0].hits : nD, lostA = r.d[1].hits < nA ? r.d[1].hits : nA;
  *outcome = c->count == COUNT_DEFENDER ? lostD : c->count == COUNT_ATTACKER ? lostA : 100 * lostD + lostA;
  return rc;
}

static void melee_label(const void *cx, int64_t o, char *buf, size_t n) {
  const mcx *c = cx;
  if (c->count == COUNT_DEFENDER) snprintf(buf, n, "the defender loses %lld", (long long)o);
  else if (c->count == COUNT_ATTACKER) snprintf(buf, n, "the attacker loses %lld", (long long)o);
  else snprintf(buf, n, "the defender loses %lld, the attacker %lld", (long long)(o / 100), (long long)(o % 100));
}

/* ------------------------------------------------------------ throw */

typedef struct tcx { int figures, hard; double distance, width; } tcx;

static int throw_parse(gn_game *g, int argc, const char *const *argv, void *cx) {
  tcx *t = cx;
  int rc = 0, have = 0;
  t->distance = 4; t->width = 5;
  for (int i = 0; i < argc && !rc; i++) {
    const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
    if (!strcmp(a, "--hard-cover")) { t->hard = 1; continue; }
    i++;
    if (!strcmp(a, "--figures")) { rc = gn__opt_int(g, a, v, 1, 60, &t->figures); have = 1; }
    else if (!strcmp(a, "--distance"))
      rc = gn__opt_num(g, a, v, 0.1, in__data(g)->throw_range, "a distance in inches", &t->distance);
    else if (!strcmp(a, "--width")) rc = gn__opt_num(g, a, v, 0.5, 60, "a distance in inches", &t->width);
    else rc = gn__error(g, GN_ESYNTAX, "throw: unknown parameter '%s'", a);
  }
  if (!rc && !have) rc = gn__error(g, GN_ESYNTAX, "throw needs --figures N");
  return rc;
}

/* A thrower at 0,0 facing north (+y) throws at the centre of a group of
** `figures` in a box `width` in wide and 2 in deep, `distance` in ahead,
** facing it; the outcome is the figures of that group hit (as the order). */
static int throw_run(gn_game *g, const void *cx, int64_t *outcome) {
  const tcx *t = cx;
  gn_vec2 from = { 0, 0 }, aim = { 0, t->distance }, at;
  gn_box box = { aim, t->width, 2, -IN_PI / 2 };
  int dud, hits = 0, rc;
  gn__in_deck_full(g, 0);
  *outcome = 0;
  if ((rc = gn__in_throw_land(g, 0, -1, from, IN_PI / 2, aim, &at, &dud)) || dud) return rc;
  if (t->hard || gn_point_box_distance(at, box) > in__data(g)->burst) return 0;
  rc = gn__in_burst_hits(g, 0, box, t->figures, at, -1, &hits);
  *outcome = hits < t->figures ? hits : t->figures;
  return rc;
}

static void throw_label(const void *cx, int64_t o, char *buf, size_t n) {
  (void)cx;
  snprintf(buf, n, "%lld figure%s hit", (long long)o, o == 1 ? "" : "s");
}

const gn__check gn__in_checks[IN_NCHECKS] = {
  { "morale",
    "--start N --remaining R [--quality Q] [--leader RATING] [--uphill] [--soft-cover] [--hard-cover] [--flank] "
    "[--rear] [--melee-lost K | --charged-by C]",
    "does a unit that started with N figures and has R left pass a morale test (after losing K in a "
    "melee, or charged by C figures: tested only when they call for one)?",
    "IN-M2, IN-M5, IN-M6, IN-M7, IN-M8, IN-M9, IN-M10, IN-B10, IN-LDR", 1, morale_parse, morale_run, morale_label },
  { "pursuit", "--quality Q", "what the pursuit die allows a unit of quality Q",
    "IN-P1, IN-P2, IN-P3, IN-P4, IN-P5, IN-P6", 0, pursuit_parse, pursuit_run, pursuit_label },
  { "hero", "[--present bugler,nco,...] [--choose ROLE]", "whom an Ace kills among the figures present",
    "IN-H2, IN-H3, IN-H4", 0, hero_parse, hero_run, hero_label },
  { "shoot", "--figures N --weapon W --range R [--cover none|soft|hard] [--leaders L] [--pieces P]",
    "hits from one shot's card draw, from a full deck",
    "IN-R1, IN-R2, IN-R3, IN-R4, IN-R5, IN-R6, IN-R7, IN-B1, IN-B2, IN-B3", 0, shoot_parse, shoot_run,
    shoot_label },
  { "melee",
    "--attackers N --defenders M [--attacker-leaders L] [--defender-leaders K] [--obstacle] "
    "[--defender-routing] [--count both|defender|attacker]",
    "figures lost in one round of melee (both: 100 x the defender's + the attacker's), from full decks",
    "IN-B6, IN-B7, IN-R3, IN-B1, IN-B3, IN-B5", 0, melee_parse, melee_run, melee_label },
  { "throw", "--figures N [--distance D] [--width W] [--hard-cover]",
    "figures hit of a group of N (W in wide, 2 in deep) when an explosive is thrown at its centre from D in",
    "IN-R9, IN-B4", 0, throw_parse, throw_run, throw_label },
};
