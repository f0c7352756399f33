/*
** checks.c: the standalone resolutions of `grognard odds ba ...`. Each run()
** calls the function the orders use (gn__ba_fire_roll, gn__ba_melee_roll,
** gn__ba_supplies_after, gn__ba_catch_draw), never a copy of the rule.
*/
#include "ba.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Sets f[k] = 1 for each comma-separated name of list among names[0..n). */
static int factor_list(gn_game *g, const char *opt, const char *list, const char *(*name)(int),
                       int n, int *f) {
  char buf[512];
  if (!list) return gn__error(g, GN_ESYNTAX, "%s: expected a list of factors", opt);
  if (strlen(list) >= sizeof buf)
    return gn__error(g, GN_ESYNTAX, "%s: list too long (at most %zu characters)", opt, sizeof buf - 1);
  strcpy(buf, list);
  char *save = NULL;    /* strtok_r: checks run on several threads at once (simulate) */
  for (char *p = strtok_r(buf, ",", &save); p; p = strtok_r(NULL, ",", &save)) {
    int k;
    for (k = 0; k < n && strcmp(name(k), p); k++) {}
    if (k == n) {
      char all[900];
      size_t o = 0;
      for (int i = 0; i < n && o < sizeof all; i++)
        o += snprintf(all + o, sizeof all - o, "%s%s", i ? ", " : "", name(i));
      return gn__error(g, GN_ESYNTAX, "%s: unknown factor '%s' (factors: %s)", opt, p, all);
    }
    f[k] = 1;
  }
  return 0;
}

/* ----------------------------------------------------------------- fire */

typedef struct fire_cx { ba_fire_in in; } fire_cx;

static int fire_parse(gn_game *g, int argc, const char *const *argv, void *cx) {
  fire_cx *c = cx;
  int rc, have = 0;
  for (int i = 0; i < argc; i += 2) {
    const char *k = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
    if (!strcmp(k, "--figures")) { if ((rc = gn__opt_int(g, k, v, 1, 10000, &c->in.figures))) return rc;
                                   have = 1; }
    else if (!strcmp(k, "--weapon")) {
      if (v && !strcmp(v, "artillery")) c->in.artillery = 1;
      else if (v && !strcmp(v, "hand")) c->in.artillery = 0;
      else return gn__error(g, GN_ESYNTAX, "--weapon: expected hand or artillery");
    } else if (!strcmp(k, "--factors")) {
      if ((rc = factor_list(g, k, v, gn__ba_ff_key, FF_COUNT, c->in.factors))) return rc;
    } else if (!strcmp(k, "--valour")) { if ((rc = gn__opt_int(g, k, v, -5, 5, &c->in.valour))) return rc; }
    else if (!strcmp(k, "--penalty")) { if ((rc = gn__opt_int(g, k, v, -2, 0, &c->in.penalty))) return rc; }
    else return gn__error(g, GN_ESYNTAX, "unknown parameter '%s'", k);
  }
  if (!have) return gn__error(g, GN_ESYNTAX, "--figures N is required");
  return 0;
}

/* Outcome: loss x 4 + moral effect (0 none, 1 SD, 2 MD, 3 FD). */
static int fire_run(gn_game *g, const void *cx, int64_t *outcome) {
  const fire_cx *c = cx;
  ba_fire_out o;
  int rc = gn__ba_fire_roll(g, -1, 1, &c->in, NULL, &o);
  if (rc) return rc;
  *outcome = (int64_t)o.loss * 4 + o.moral;
  return 0;
}

static void fire_label(const void *cx, int64_t v, char *buf, size_t n) {
  (void)cx;
  snprintf(buf, n, "%lld figures lost, %s", (long long)(v / 4),
           v % 4 ? gn__ba_dis_name((int)(v % 4)) : "no moral effect");
}

/* ---------------------------------------------------------------- melee */

typedef struct melee_cx { ba_melee_side a, d; const ba_data *data; } melee_cx;

static int side_opt(gn_game *g, const char *k, const char *v, const char *who, ba_melee_side *s,
                    int *done) {
  char name[40];
  int rc;
  *done = 1;
  snprintf(name, sizeof name, "--%s", who);
  if (!strcmp(k, name)) return factor_list(g, k, v, gn__ba_t8_key, T8_VALOUR, s->f);
  snprintf(name, sizeof name, "--%s-valour", who);
  if (!strcmp(k, name)) return gn__opt_int(g, k, v, -5, 5, &s->f[T8_VALOUR]);
  snprintf(name, sizeof name, "--%s-figures", who);
  if (!strcmp(k, name)) return gn__opt_int(g, k, v, 1, 10000, &s->figures);
  snprintf(name, sizeof name, "--%s-penalty", who);
  if (!strcmp(k, name)) return (rc = gn__opt_int(g, k, v, -2, 0, &s->penalty));
  *done = 0;
  return 0;
}

static int melee_parse(gn_game *g, int argc, const char *const *argv, void *cx) {
  melee_cx *c = cx;
  c->a.figures = c->d.figures = 30;
  for (int i = 0; i < argc; i += 2) {
    const char *k = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
    int done, rc;
    if ((rc = side_opt(g, k, v, "attack", &c->a, &done))) return rc;
    if (done) continue;
    if ((rc = side_opt(g, k, v, "defence", &c->d, &done))) return rc;
    if (!done) return gn__error(g, GN_ESYNTAX, "unknown parameter '%s'", k);
  }
  c->a.supplies = !c->a.f[T8_NOSUPPLIES];
  c->d.supplies = !c->d.f[T8_NOSUPPLIES];
  c->data = BA_D(g);
  return 0;
}

/* Outcome: D = attack total - defence total (Table 11 reads it). */
static int melee_run(gn_game *g, const void *cx, int64_t *outcome) {
  const melee_cx *c = cx;
  ba_melee_out o;
  int rc = gn__ba_melee_roll(g, -1, -1, &c->a, &c->d, &o);
  if (rc) return rc;
  *outcome = o.diff;
  return 0;
}

static void melee_label(const void *cx, int64_t v, char *buf, size_t n) {
  const melee_cx *c = cx;
  ba_melee_out o;
  memset(&o, 0, sizeof o);
  o.att_total = (int)v;
  gn__ba_melee_result(c->data, &c->a, &c->d, &o);
  if (o.winner < 0) {
    snprintf(buf, n, "stalls: attacker forced back; losses %d/%d", o.loss[0], o.loss[1]);
    return;
  }
  snprintf(buf, n, "%s wins by %d: loser %s%s, losses %d/%d, prisoners %d",
           o.winner ? "defender" : "attacker", v < 0 ? (int)-v : (int)v, gn__ba_dis_name(o.loser_dis),
           o.loser_dis < BA_DIS_FD ? " and forced back" : "", o.loss[0], o.loss[1],
           o.prisoners[o.winner]);
}

/* ------------------------------------------------------------- supplies */

typedef struct supplies_cx { int rolls, start; const ba_data *data; } supplies_cx;

static int supplies_parse(gn_game *g, int argc, const char *const *argv, void *cx) {
  supplies_cx *c = cx;
  int rc;
  c->rolls = 1;
  c->start = -1;
  for (int i = 0; i < argc; i += 2) {
    const char *k = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
    if (!strcmp(k, "--rolls")) { if ((rc = gn__opt_int(g, k, v, 0, 8, &c->rolls))) return rc; }
    else if (!strcmp(k, "--start")) { if ((rc = gn__opt_int(g, k, v, -1, 3, &c->start))) return rc; }
    else return gn__error(g, GN_ESYNTAX, "unknown parameter '%s'", k);
  }
  c->data = BA_D(g);
  return 0;
}

/* Outcome: supplies after K fire or melee rolls: -1 unlimited, else rolls left. */
static int supplies_run(gn_game *g, const void *cx, int64_t *outcome) {
  const supplies_cx *c = cx;
  int s = c->start, faces[3], rc;
  for (int k = 0; k < c->rolls; k++) {
    if ((rc = gn__ba_roll_supplies(g, s, "fire or melee roll", "BA-5.5.3b", -1, faces))) return rc;
    s = gn__ba_supplies_after(BA_D(g), s, faces);
  }
  *outcome = s;
  return 0;
}

static void supplies_label(const void *cx, int64_t v, char *buf, size_t n) {
  (void)cx;
  if (v < 0) snprintf(buf, n, "unlimited supplies");
  else if (v == 0) snprintf(buf, n, "without supplies");
  else snprintf(buf, n, "supplies for %lld more rolls", (long long)v);
}

/* ---------------------------------------------------------------- catch */

static int catch_parse(gn_game *g, int argc, const char *const *argv, void *cx) {
  (void)cx; (void)argv;
  if (argc) return gn__error(g, GN_ESYNTAX, "catch takes no parameters");
  return 0;
}

/* Outcome: Table 18 band (0 survives, 1 falls, 2 falls -1, 3 falls -2). */
static int catch_run(gn_game *g, const void *cx, int64_t *outcome) {
  (void)cx;
  int total, band, rc = gn__ba_catch_draw(g, -1, &band, &total);
  if (rc) return rc;
  *outcome = band;
  return 0;
}

static void catch_label(const void *cx, int64_t v, char *buf, size_t n) {
  (void)cx;
  static const char *const t[] = {"survives", "falls", "falls, side -1 on all rolls",
                                  "falls, side -2 on all rolls"};
  snprintf(buf, n, "%s", v >= 0 && v <= 3 ? t[v] : "?");
}

/* ORDER: BA_NCHECKS entries. */
const gn__check gn__ba_checks[BA_NCHECKS] = {
  {"fire", "--figures N [--weapon hand|artillery] [--factors a,b,...] [--valour V] [--penalty P]",
   "loss in figures and moral effect of one fire (Tables 6, 7, 12)",
   "BA-DICE-1, BA-DICE-3, BA-3.1.1a, BA-3.1.1b, BA-B7", 0, fire_parse, fire_run, fire_label},
  {"melee", "[--attack a,b,...] [--defence a,b,...] [--attack-valour V] [--defence-valour V] "
            "[--attack-figures N] [--defence-figures N]",
   "attack total minus defence total, read on Table 11",
   "BA-DICE-1, BA-DICE-2, BA-T8, BA-B6", 0, melee_parse, melee_run, melee_label},
  {"supplies", "--rolls K [--start S]",
   "supplies left after K fire or melee rolls (-1 unlimited, 0 without)",
   "BA-5.5.3b, BA-5.5.3c", 0, supplies_parse, supplies_run, supplies_label},
  {"catch", "", "Table 18 band of a staff figure's catch roll", "BA-T18", 0, catch_parse,
   catch_run, catch_label},
};
