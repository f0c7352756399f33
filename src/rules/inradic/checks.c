/*
** checks.c: the standalone resolutions of `grognard odds inradic ...`. Each
** run() calls the function the orders use (in__morale_roll, in__pursuit_roll,
** in__hero_check, in__fire_resolve), never a copy of the rule.
*/
#include "inradic.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Index of word in a NULL-terminated list, or -1. */
static int lookup(const char *const *names, const char *w) {
  for (int i = 0; names[i]; i++) if (strcmp(names[i], w) == 0) return i;
  return -1;
}

static int want_int(gn_game *g, const char *name, const char *v, int lo, int hi, int *out) {
  char *end;
  long l = v ? strtol(v, &end, 10) : 0;
  if (!v || *end || end == v || l < lo || l > hi)
    return gn__error(g, GN_ESYNTAX, "%s wants a whole number %d..%d, not '%s'", name, lo, hi, v ? v : "");
  *out = (int)l;
  return 0;
}

static int want_enum(gn_game *g, const char *name, const char *v, const char *const *names, int *out) {
  int i = v ? lookup(names, v) : -1;
  if (i < 0) return gn__error(g, GN_ESYNTAX, "%s: unknown value '%s'", name, v ? v : "");
  *out = i;
  return 0;
}

/* ------------------------------------------------------------ morale */

static int morale_parse(gn_game *g, int argc, const char *const *argv, void *cx) {
  in_mctx *m = cx;
  int rc = 0, have = 0;
  m->quality = IN_Q_TRAINED; m->arc = -1; m->unit = -1;
  for (int i = 0; i < argc && !rc; i++) {
    const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
    if (!strcmp(a, "--start")) { rc = want_int(g, a, v, 1, 200, &m->start); i++; have |= 1; }
    else if (!strcmp(a, "--remaining")) { rc = want_int(g, a, v, 0, 200, &m->remaining); i++; have |= 2; }
    else if (!strcmp(a, "--quality")) {
      rc = want_enum(g, a, v, in_quality_names, &m->quality);
      m->quality = in__quality_canon(m->quality);
      i++;
    }
    else if (!strcmp(a, "--uphill")) m->uphill = 1;
    else if (!strcmp(a, "--soft-cover")) { if (m->cover < IN_COVER_SOFT) m->cover = IN_COVER_SOFT; }
    else if (!strcmp(a, "--hard-cover")) m->cover = IN_COVER_HARD;
    else if (!strcmp(a, "--flank")) m->arc = GN_ARC_LEFT;
    else if (!strcmp(a, "--rear")) m->arc = GN_ARC_REAR;
    else rc = gn__error(g, GN_ESYNTAX, "morale: unknown parameter '%s'", a);
  }
  if (!rc && have != 3) rc = gn__error(g, GN_ESYNTAX, "morale needs --start N and --remaining R");
  if (!rc && m->remaining > m->start) rc = gn__error(g, GN_ESYNTAX, "more figures remaining than at the start");
  return rc;
}

static int morale_run(gn_game *g, const void *cx, int64_t *outcome) {
  int pass, total, rc = in__morale_roll(g, cx, "odds", "IN-M8", &pass, &total);
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
  for (int i = 0; i < argc; i++) {
    if (strcmp(argv[i], "--quality") != 0)
      return gn__error(g, GN_ESYNTAX, "pursuit: unknown parameter '%s'", argv[i]);
    int rc = want_enum(g, argv[i], i + 1 < argc ? argv[i + 1] : NULL, in_quality_names, &p->quality);
    if (rc) return rc;
    p->quality = in__quality_canon(p->quality);
    i++;
  }
  if (p->quality < 0) return gn__error(g, GN_ESYNTAX, "pursuit needs --quality Q");
  return 0;
}

static int pursuit_run(gn_game *g, const void *cx, int64_t *outcome) {
  int r, rc = in__pursuit_roll(g, ((const pcx *)cx)->quality, -1, &r);
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
      snprintf(buf, sizeof buf, "%s", v);
      for (char *s = strtok(buf, ","); s; s = strtok(NULL, ",")) {
        int r = lookup(in_role_names, s);
        if (r < 0) return gn__error(g, GN_ESYNTAX, "--present: unknown role '%s'", s);
        h->present.n[r]++;
      }
      i++;
    } else if (!strcmp(argv[i], "--choose") && v) {
      int rc = want_enum(g, argv[i], v, in_role_names, &h->choice);
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
  int role, rc = in__hero_check(g, &h->present, h->choice, -1, &role);
  *outcome = role < 0 ? 0 : role;
  return rc;
}

static void hero_label(const void *cx, int64_t o, char *buf, size_t n) {
  (void)cx;
  if (o <= 0 || o >= IN_NROLES) snprintf(buf, n, "no one important (an ordinary figure)");
  else snprintf(buf, n, "the %s", in_role_names[o]);
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
    if (!strcmp(a, "--figures")) { rc = want_int(g, a, v, 0, 100, &f->firer.n[IN_PRIVATE]); have |= 1; }
    else if (!strcmp(a, "--weapon")) { rc = want_enum(g, a, v, in_weapon_names, &f->weapon); have |= 2; }
    else if (!strcmp(a, "--range")) {
      char *end;
      r = v ? strtod(v, &end) : -1;
      if (!v || *end || end == v || r < 0 || r > 1000)
        rc = gn__error(g, GN_ESYNTAX, "--range wants a distance in inches, not '%s'", v ? v : "");
      f->range = r;
      have |= 4;
    }
    else if (!strcmp(a, "--cover")) rc = want_enum(g, a, v, cover_names, &f->cover);
    else if (!strcmp(a, "--leaders")) rc = want_int(g, a, v, 0, 20, &leaders);
    else if (!strcmp(a, "--pieces")) rc = want_int(g, a, v, 1, 20, &f->pieces);
    else rc = gn__error(g, GN_ESYNTAX, "shoot: unknown parameter '%s'", a);
  }
  f->firer.n[IN_OFFICER] = leaders;
  if (!rc && have != 7) rc = gn__error(g, GN_ESYNTAX, "shoot needs --figures N --weapon W --range R");
  int c1, c2, cap;
  if (!rc && !in__fire_cardcount(g, f, &c1, &c2, &cap))
    rc = gn__error(g, GN_ESYNTAX, "a %s cannot shoot at %.1f in", in_weapon_names[f->weapon], f->range);
  return rc;
}

static int shoot_run(gn_game *g, const void *cx, int64_t *outcome) {
  in_fire_result r;
  gn__deck_reset(&g->st, 0);   /* a full deck */
  int rc = in__fire_resolve(g, cx, &r);
  *outcome = r.d.hits;
  return rc;
}

static void shoot_label(const void *cx, int64_t o, char *buf, size_t n) {
  (void)cx;
  snprintf(buf, n, "%lld hit%s", (long long)o, o == 1 ? "" : "s");
}

const gn__check in_checks[IN_NCHECKS] = {
  { "morale",
    "--start N --remaining R [--quality Q] [--uphill] [--soft-cover] [--hard-cover] [--flank] [--rear]",
    "does a unit that started with N figures and has R left pass a morale test?",
    "IN-M7, IN-M8, IN-M9, IN-M10, IN-B10", 1, morale_parse, morale_run, morale_label },
  { "pursuit", "--quality Q", "what the pursuit die allows a unit of quality Q",
    "IN-P1, IN-P2, IN-P3, IN-P4, IN-P5, IN-P6", 0, pursuit_parse, pursuit_run, pursuit_label },
  { "hero", "[--present bugler,nco,...] [--choose ROLE]", "whom an Ace kills among the figures present",
    "IN-H2, IN-H3, IN-H4", 0, hero_parse, hero_run, hero_label },
  { "shoot", "--figures N --weapon W --range R [--cover none|soft|hard] [--leaders L] [--pieces P]",
    "hits from one shot's card draw, from a full deck",
    "IN-R1, IN-R2, IN-R3, IN-R4, IN-R5, IN-R6, IN-R7, IN-B1, IN-B2, IN-B3", 0, shoot_parse, shoot_run,
    shoot_label },
};
