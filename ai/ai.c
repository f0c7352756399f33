/*
** ai.c: the AI commanders' common ground: personality parameters,
** the picture of the field a side sees, orders given if the rules accept them,
** movement by trial, the memo of the rulesets' odds checks, and the
** objectives doctrine.
**
** Determinism: no libc random generator, no clock. The one generator is seeded from
** gn_seed_child(gn_seed_child(game seed, turn), side + 1) at each new turn,
** so a replay with the same seed makes the same choices.
*/
#include "ai.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PI 3.14159265358979323846

/* ------------------------------------------------------------ parameters */

void gn_ai_params_default(gn_ai_params *p) {
  memset(p, 0, sizeof *p);
  strcpy(p->kind, "doctrine");
  p->aggression = 0.5;
  p->caution = 0.5;
}

static int perr(char *err, size_t n, const char *fmt, const char *s) {
  if (err && n) snprintf(err, n, fmt, s);
  return GN_ESYNTAX;
}

/*
** Parses "KIND[:key=value,...]" or "key=value,..." over the defaults.
**   1) the kind before ':' (or the whole text when it has no '=')
**   2) each key=value: aggression and caution, numbers in [0, 1]
*/
int gn_side_ai(const gn_game *g, int side, gn_ai_params *out) {
  gn_ai_params_default(out);
  if (side < 0 || side >= gn_side_count(g)) return GN_ENOTFOUND;
  const char *ai = gn_side_commander(g, side, NULL, NULL);
  if (!ai) return 0;
  if (gn_ai_params_parse(ai, out, NULL, 0)) { gn_ai_params_default(out); return GN_ESCENARIO; }
  return 1;
}

int gn_side_ai_check(const gn_game *g, int side, char *err, size_t errlen) {
  gn_ai_params p;
  char why[160];
  int line, col;
  if (err && errlen) err[0] = 0;
  if (side < 0 || side >= gn_side_count(g)) return GN_ENOTFOUND;
  const char *ai = gn_side_commander(g, side, &line, &col);
  if (!ai || gn_ai_params_parse(ai, &p, why, sizeof why) == 0) return 0;
  if (err && errlen)
    snprintf(err, errlen, "%s:%d:%d: side '%s': ai: %s", gn_game_scenario_file(g), line, col,
             gn_side_id(g, side), why);
  return GN_ESCENARIO;
}

int gn_ai_params_parse(const char *spec, gn_ai_params *p, char *err, size_t errlen) {
  char buf[256], *s, *kv;
  if (!p) return GN_EINVAL;
  gn_ai_params_default(p);
  if (!spec || !*spec) return 0;
  if (strlen(spec) >= sizeof buf) return perr(err, errlen, "AI spec too long: '%.40s...'", spec);
  strcpy(buf, spec);
  s = buf;
  /* 1) */
  char *colon = strchr(s, ':');
  if (colon || !strchr(s, '=')) {
    if (colon) *colon = 0;
    if (strcmp(s, "doctrine") && strcmp(s, "passive"))
      return perr(err, errlen, "unknown AI kind '%s' (kinds: doctrine, passive)", s);
    strcpy(p->kind, s);
    s = colon ? colon + 1 : s + strlen(s);
  }
  /* 2) */
  char *save = NULL;
  for (kv = strtok_r(s, ",", &save); kv; kv = strtok_r(NULL, ",", &save)) {
    char *eq = strchr(kv, '='), *end;
    if (!eq) return perr(err, errlen, "expected key=value in the AI spec, not '%s'", kv);
    *eq = 0;
    double v = strtod(eq + 1, &end);
    if (end == eq + 1 || *end || !(v >= 0 && v <= 1))
      return perr(err, errlen, "'%s' needs a number from 0 to 1", kv);
    if (!strcmp(kv, "aggression")) p->aggression = v;
    else if (!strcmp(kv, "caution")) p->caution = v;
    else return perr(err, errlen, "unknown AI parameter '%s' (aggression, caution)", kv);
  }
  return 0;
}

int gn_ai_params_format(const gn_ai_params *p, char *buf, size_t len) {
  return snprintf(buf, len, "%s:aggression=%.2f,caution=%.2f", p->kind[0] ? p->kind : "doctrine",
                  p->aggression, p->caution);
}

/* ------------------------------------------------------------ life cycle */

int gn__ai_type_fights(const char *type) {
  if (!type) return 0;
  return strncmp(type, "leader", 6) && strcmp(type, "staff") && strcmp(type, "waggon") &&
         strcmp(type, "wagon");
}

const ai_doctrine *gn__ai_doctrine_for(const char *ruleset) {
  static const ai_doctrine *const all[] = {&gn__ai_doctrine_vb, &gn__ai_doctrine_ba, &gn__ai_doctrine_inradic};
  for (size_t i = 0; ruleset && i < sizeof all / sizeof all[0]; i++)
    if (!strcmp(all[i]->ruleset, ruleset)) return all[i];
  return NULL;
}

/*
** The plans of the side's formations.
**   1) each formation's own plan, read from the scenario (a text that is not
**      a plan is none: gn_formation_plan_check reports it)
**   2) the plan that governs each formation: its own, else the nearest
**      formation above it with one
**   3) where each planned formation's units stand at the start (a retire
**      without a place goes back there)
** 0 or GN_ENOMEM.
*/
static int plans_new(gn_ai *ai, const gn_game *g) {
  int nf = ai->nform > 0 ? ai->nform : 1;
  ai->plan = calloc((size_t)nf, sizeof *ai->plan);
  ai->governs = malloc((size_t)nf * sizeof *ai->governs);
  ai->task_at = calloc((size_t)nf, sizeof *ai->task_at);
  ai->broke = calloc((size_t)nf, sizeof *ai->broke);
  ai->fstart = calloc((size_t)nf, sizeof *ai->fstart);
  if (!ai->plan || !ai->governs || !ai->task_at || !ai->broke || !ai->fstart) return GN_ENOMEM;
  for (int f = 0; f < ai->nform; f++) {                                          /* 1 */
    gn_formation_info fi;
    ai->governs[f] = -1;
    if (gn_formation_get(g, f, &fi) || fi.side != ai->side) continue;
    char why[8];
    if (gn__ai_plan_parse(g, gn_formation_plan(g, f, NULL, NULL), &ai->plan[f], why, sizeof why) == GN_ENOMEM)
      return GN_ENOMEM;
  }
  for (int f = 0; f < ai->nform; f++) {                                          /* 2 */
    int k = f, depth = 0;
    while (k >= 0 && !ai->plan[k].n && depth++ <= ai->nform) {
      gn_formation_info up;
      if (gn_formation_get(g, k, &up)) break;
      k = up.parent;
    }
    ai->governs[f] = k >= 0 && k < ai->nform && ai->plan[k].n ? k : -1;
  }
  int *cnt = calloc((size_t)nf, sizeof *cnt);                                    /* 3 */
  if (!cnt) return GN_ENOMEM;
  for (int i = 0; i < gn_unit_count(g); i++) {
    gn_unit_view v;
    if (gn_unit_view_get(g, i, ai->side, &v) || !v.known || v.side != ai->side || v.formation < 0 ||
        v.formation >= ai->nform || !ai->doc->fighting(v.type))
      continue;
    int k = ai->governs[v.formation];
    if (k < 0) continue;
    ai->fstart[k].x += v.box.c.x; ai->fstart[k].y += v.box.c.y; cnt[k]++;
  }
  for (int f = 0; f < ai->nform; f++)
    if (cnt[f]) { ai->fstart[f].x /= cnt[f]; ai->fstart[f].y /= cnt[f]; }
    else ai->fstart[f] = ai->home;
  free(cnt);
  return 0;
}

gn_ai *gn_ai_new(const gn_game *g, int side, const gn_ai_params *p) {
  if (!g || side < 0 || side >= gn_side_count(g)) return NULL;
  const ai_doctrine *doc = gn__ai_doctrine_for(gn_game_ruleset(g));
  if (!doc) return NULL;
  gn_ai *ai = calloc(1, sizeof *ai);
  if (!ai) return NULL;
  ai->side = side;
  ai->doc = doc;
  if (p && p->kind[0]) ai->p = *p;
  else gn_side_ai(g, side, &ai->p);
  ai->rng_turn = -1;
  ai->turn = -1;
  ai->nstart = gn_unit_count(g);
  size_t nu = ai->nstart > 0 ? (size_t)ai->nstart : 1;
  ai->start = calloc(nu, sizeof *ai->start);
  ai->from = calloc(nu, sizeof *ai->from);
  ai->moveturn = calloc(nu, sizeof *ai->moveturn);
  ai->outranged = calloc(nu, sizeof *ai->outranged);
  ai->atk_turn = calloc(nu, sizeof *ai->atk_turn);
  ai->atk_target = calloc(nu, sizeof *ai->atk_target);
  ai->atk_str = calloc(nu, sizeof *ai->atk_str);
  ai->atk_at = calloc(nu, sizeof *ai->atk_at);
  ai->ftype = calloc(nu, sizeof *ai->ftype);
  ai->fights = calloc(nu, sizeof *ai->fights);
  ai->nform = gn_formation_count(g);
  ai->exhausted = calloc(ai->nform > 0 ? (size_t)ai->nform : 1, 1);
  if (!ai->start || !ai->from || !ai->moveturn || !ai->outranged || !ai->atk_turn || !ai->atk_target ||
      !ai->atk_str || !ai->atk_at || !ai->exhausted || !ai->ftype || !ai->fights) {
    gn_ai_free(ai);
    return NULL;
  }
  double sx = 0, sy = 0;
  int n = 0;
  for (int i = 0; i < ai->nstart; i++) {
    gn_unit_view v;
    if (gn_unit_view_get(g, i, side, &v) || !v.known || v.side != side) continue;
    ai->start[i] = v.strength0 > 0 ? v.strength0 : v.strength;
    if (!doc->fighting(v.type)) continue;
    sx += v.box.c.x; sy += v.box.c.y; n++;
  }
  if (n) { ai->home.x = sx / n; ai->home.y = sy / n; ai->home_set = 1; }
  if (plans_new(ai, g)) { gn_ai_free(ai); return NULL; }
  return ai;
}

void gn_ai_free(gn_ai *ai) {
  if (!ai) return;
  if (ai->own_memo) gn__ai_memo_free(ai->memo);
  free(ai->dist);
  free(ai->stamp);
  free(ai->start);
  free(ai->dice0);
  free(ai->from);
  free(ai->moveturn);
  free(ai->outranged);
  free(ai->atk_turn);
  free(ai->atk_target);
  free(ai->atk_str);
  free(ai->atk_at);
  free(ai->exhausted);
  free(ai->ftype);
  free(ai->fights);
  for (int f = 0; ai->plan && f < ai->nform; f++) gn__ai_plan_free(&ai->plan[f]);
  free(ai->plan);
  free(ai->governs);
  free(ai->task_at);
  free(ai->broke);
  free(ai->fstart);
  free(ai);
}

void gn_ai_stats_get(const gn_ai *ai, gn_ai_stats *out) {
  if (out) memset(out, 0, sizeof *out);
  if (ai && out) *out = ai->st;
}

/* ------------------------------------------------------------ helpers */

/* sqrt of the sum of squares, not hypot: the table's numbers are small (no
** overflow to guard against) and hypot's exactness costs several times more. */
double gn__ai_dist(gn_vec2 a, gn_vec2 b) {
  double dx = b.x - a.x, dy = b.y - a.y;
  return sqrt(dx * dx + dy * dy);
}

/* Orders and scenarios give facings as compass bearings: 0 towards +y, 90 towards +x. */
double gn__ai_heading_deg(gn_vec2 a, gn_vec2 b) {
  double d = 90.0 - atan2(b.y - a.y, b.x - a.x) * 180.0 / PI;
  d = fmod(d, 360.0);
  if (d < 0) d += 360.0;
  d = round(d);
  return d >= 360.0 ? 0.0 : d;
}

int gn__ai_stuck(const ai_ctx *cx, int u) {
  if (u >= cx->ai->nstart || !cx->ai->moveturn[u]) return 0;
  return cx->ai->moveturn[u] == gn_game_turn(cx->g) - 1 &&
         gn__ai_dist(cx->u[u].v.box.c, cx->ai->from[u]) < 0.5;
}

double gn__ai_random(ai_ctx *cx) {
  return (double)(gn_rng_next(&cx->ai->rng) >> 11) / 9007199254740992.0;
}

void gn__ai_view(ai_ctx *cx, int u) {
  ai_unit *a = &cx->u[u];
  if (gn_unit_view_get(cx->g, u, cx->side, &a->v) || !a->v.known) {
    a->v.known = 0;
    a->v.status[0] = 0;
  }
  a->reach = 0.5 * sqrt(a->v.box.w * a->v.box.w + a->v.box.d * a->v.box.d);
  cx->vgen++;
}

int gn__ai_seen(const ai_ctx *cx, int u, const char *name, int dflt) {
  int a;
  return gn_unit_attr(cx->g, u, cx->side, name, &a) == 0 ? a : dflt;
}

double gn__ai_unit_losses(const ai_ctx *cx, int u) {
  const ai_unit *a = &cx->u[u];
  int s0 = u < cx->ai->nstart ? cx->ai->start[u] : 0;
  if (s0 <= 0 || a->v.strength < 0) return 0;
  return 1.0 - (double)a->v.strength / s0;
}

/* Forgets the distances kept; after 2^32 epochs the stamps are cleared rather than wrapping. */
static void new_epoch(gn_ai *ai) {
  if (++ai->epoch != 0) return;
  if (ai->stamp) memset(ai->stamp, 0, (size_t)ai->ndist * (size_t)ai->ndist * sizeof *ai->stamp);
  ai->epoch = 1;
}

double gn__ai_distance(ai_ctx *cx, int a, int b) {
  if (a < 0 || b < 0 || a >= cx->n || b >= cx->n || !cx->dist) return gn_unit_distance(cx->g, a, b);
  size_t k = (size_t)(a < b ? a : b) * (size_t)cx->n + (size_t)(a < b ? b : a);
  if (cx->stamp[k] != cx->ai->epoch) {
    cx->dist[k] = gn_unit_distance(cx->g, a, b);
    cx->stamp[k] = cx->ai->epoch;
  }
  return cx->dist[k];
}

/* Half the diagonal of a box: no two boxes whose centres are further apart
** than the sum of theirs overlap or touch. */
static double reach(gn_box b) { return 0.5 * sqrt(b.w * b.w + b.d * b.d); }

double gn__ai_distance_upto(ai_ctx *cx, int a, int b, double r) {
  if (a >= 0 && b >= 0 && a < cx->n && b < cx->n) {
    /* centres further apart than r and the two reaches: r + 1 will do (no
    ** square root taken) */
    const ai_unit *ua = &cx->u[a], *ub = &cx->u[b];
    double dx = ub->v.box.c.x - ua->v.box.c.x, dy = ub->v.box.c.y - ua->v.box.c.y;
    double s = r + ua->reach + ub->reach;
    if (s >= 0 && dx * dx + dy * dy > s * s) return r + 1;
  }
  return gn__ai_distance(cx, a, b);
}

/* An enemy fighting unit the side sees on the table (not broken, when
** skip_broken): one gn__ai_nearest_enemy may name. */
static int enemy_target(const ai_unit *e, int skip_broken) {
  return e->v.known && !e->mine && !e->v.removed && e->fighting && !(skip_broken && e->broken);
}

/* Enemy e at edge distance d as the answer; kept in slot when memo says u
** has one. Returns e. */
static int near_answer(ai_ctx *cx, int memo, size_t slot, int e, double d, double *dist) {
  if (memo) { cx->near_e[slot] = e; cx->near_d[slot] = d; cx->near_stamp[slot] = cx->vgen; }
  if (dist) *dist = d;
  return e;
}

/* Steps 3 and 4 of gn__ai_nearest_enemy: the nearest enemy target of u by
** edge distance, into *bd (NO_ENEMY when there is none; then -1). */
#define NO_ENEMY 1e300
static int nearest_scan(ai_ctx *cx, int u, int skip_broken, double *bd) {
  int first = -1;
  double fc = NO_ENEMY;
  for (int i = 0; i < cx->n; i++) {                                             /* 3 */
    const ai_unit *e = &cx->u[i];
    if (!enemy_target(e, skip_broken)) continue;
    double c = gn__ai_dist(cx->u[u].v.box.c, e->v.box.c);
    if (c < fc) { fc = c; first = i; }
  }
  *bd = NO_ENEMY;
  if (first < 0) return -1;
  int best = first;
  *bd = gn__ai_distance(cx, u, first);
  for (int i = 0; i < cx->n; i++) {                                             /* 4 */
    if (i == first || !enemy_target(&cx->u[i], skip_broken)) continue;
    double d = gn__ai_distance_upto(cx, u, i, *bd);
    if (d < *bd || (d == *bd && i < best)) { *bd = d; best = i; }
  }
  return best;
}

/*
** The nearest enemy fighting unit of u, edge to edge, into *dist (NO_ENEMY
** and -1 when there is none). Ties: the lowest index, as a plain scan finds.
**   1) the answer kept since the views last changed (vgen), if any
**   2) skip_broken: the nearest of all, when it is not broken, is the nearest
**      of those not broken (ties too: the lowest index of all is the lowest
**      of fewer)
**   3) the nearest by centres is the first candidate
**   4) then only those that may beat it are measured
**   5) the answer is kept for u
*/
int gn__ai_nearest_enemy(ai_ctx *cx, int u, int skip_broken, double *dist) {
  size_t slot = 2 * (size_t)u + (skip_broken != 0);
  int memo = cx->near_stamp && u >= 0 && u < cx->n;
  if (memo && cx->near_stamp[slot] == cx->vgen) {                               /* 1 */
    if (dist) *dist = cx->near_d[slot];
    return cx->near_e[slot];
  }
  if (skip_broken && memo) {                                                    /* 2 */
    double d0;
    int e0 = gn__ai_nearest_enemy(cx, u, 0, &d0);
    if (e0 < 0 || !cx->u[e0].broken) return near_answer(cx, memo, slot, e0, d0, dist);
  }
  double bd;
  int best = nearest_scan(cx, u, skip_broken, &bd);                             /* 3, 4 */
  return near_answer(cx, memo, slot, best, bd, dist);                           /* 5 */
}

/* ------------------------------------------------------------ orders */

/*
** An order the commander would give if the rules accept it goes straight to
** apply, and a refusal is the answer, as gn_order_check's would have been: apply
** (gn_order_apply, or the runner's door to it) changes nothing when it
** refuses, so "apply, and take a refusal as a failed check" is "check, then
** apply" without the order's work done twice. Such a refusal is a probe's
** (a move tried at one place, then another; a target, then the next) and is
** counted apart (st.probes_refused), not as a refusal of an order given.
**   1) a game already over: refused as the check would (no order, no count)
**   2) apply; GN_EREFUSED or GN_ESYNTAX: a probe refused; another code: a hard error
*/
GN_PRINTF(2, 0) static int vorder(ai_ctx *cx, const char *fmt, va_list ap) {
  char text[512];
  vsnprintf(text, sizeof text, fmt, ap);
  if (cx->err) return cx->err;
  /* 1) */
  if (gn_game_over(cx->g)) return GN_ESTATE;
  /* 2) */
  cx->ai->st.tried++;
  int rc = cx->apply ? cx->apply(cx->ud, cx->g, text) : gn_order_apply(cx->g, text);
  if (rc == GN_EREFUSED || rc == GN_ESYNTAX) {
    cx->ai->st.probes_refused++;
#ifdef AI_DEBUG
    fprintf(stderr, "ai %d: %s: %s\n", cx->side, text, gn_errmsg(cx->g));
#endif
    return rc;
  }
  if (rc) { cx->err = rc; return rc; }
  new_epoch(cx->ai);         /* the order may have moved anyone */
  cx->vgen++;
  cx->ai->st.given++;
  cx->given++;
  return 0;
}

int gn__ai_order(ai_ctx *cx, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int rc = vorder(cx, fmt, ap);
  va_end(ap);
  return rc;
}

const gn_action *gn__ai_actions(ai_ctx *cx, int u, const char *verb) {
  gn_actions_free(cx->acts);
  cx->acts = NULL;
  if (cx->err || gn_game_over(cx->g)) return NULL;
  gn_actions_opts o = {-1, u, verb};
  int rc = gn_actions_query(cx->g, &o, &cx->acts);
  if (rc == GN_ENOTFOUND) return NULL;     /* the ruleset has no such verb */
  if (rc) { cx->err = rc; return NULL; }
  cx->ai->st.listed++;
  return cx->acts->n > 0 ? &cx->acts->a[0] : NULL;
}

int gn__ai_listed_nearest(ai_ctx *cx, int u, const char *verb, double *distance) {
  const gn_action *x = gn__ai_actions(cx, u, verb);
  int best = -1;
  double bd = 1e300;
  for (int k = 0; x && k < x->ntargets; k++) {
    int t = x->targets[k].unit;
    if (t < 0 || t >= cx->n || cx->u[t].broken || !cx->u[t].fighting) continue;
    if (x->targets[k].distance < bd) { bd = x->targets[k].distance; best = t; }
  }
  if (distance) *distance = bd;
  return best;
}

double gn__ai_move_left(ai_ctx *cx, int u, const char *verb) {
  const gn_action *a = gn__ai_actions(cx, u, verb);
  return a && a->left > 0 ? a->left : 0;
}

/* 1 when box b (of unit u) would overlap another fighting unit u sees. */
static int crowded(const ai_ctx *cx, int u, gn_box b) {
  double r = reach(b);
  for (int i = 0; i < cx->n; i++) {
    const ai_unit *o = &cx->u[i];
    if (i == u || !o->v.known || o->v.removed || !o->fighting) continue;
    if (gn__ai_dist(b.c, o->v.box.c) > r + o->reach) continue;
    if (gn_box_overlap(b, o->v.box)) return 1;
  }
  return 0;
}

/* Edge distance from box b to the nearest enemy fighting unit the side sees
** (gn_box_distance), when it is below below; otherwise a number at least
** below, found without measuring the enemies whose boxes cannot be nearer;
** the first distance found below below is returned (enough to know that one
** is). Enemy hint (-1 none) is measured first: the one most likely nearer. */
static double enemy_edge(const ai_ctx *cx, gn_box b, double below, int hint) {
  double best = below, rb = reach(b);
  for (int k = hint >= 0 && hint < cx->n ? -1 : 0; k < cx->n; k++) {
    int i = k < 0 ? hint : k;
    if (k >= 0 && i == hint) continue;
    const ai_unit *e = &cx->u[i];
    if (!e->v.known || e->mine || e->v.removed || !e->fighting) continue;
    if (gn__ai_dist(b.c, e->v.box.c) - rb - e->reach >= best) continue;
    double d = gn_box_distance(b, e->v.box);
    if (d < best) { best = d; break; }
  }
  return best;
}

/* The tolerances of a move (gn__ai_move_toward), in the table unit. */
#define MOVE_MIN 0.05         /* a move or a step shorter than this is not tried */
#define MOVE_ROUNDING 0.01    /* the step is cut by this: orders round to hundredths */
#define MOVE_EDGE_GAP 0.1     /* kept this far inside the table's edge, beyond half the box */
#define MOVE_CLOSER_EPS 1e-6  /* nearer the enemy by more than this is nearer */

/* The box u would have at the move's end, its centre still to set: turned to
** facing_deg (a compass bearing) when how has AI_MOVE_FACE. */
static gn_box moved_box(const gn_unit_view *v, int how, double facing_deg) {
  gn_box nb = v->box;
  if (how & AI_MOVE_FACE) {           /* as the order will turn it: radians from +x */
    double r = fmod(90.0 - facing_deg, 360.0);
    nb.facing = (r < 0 ? r + 360.0 : r) * PI / 180.0;
  }
  return nb;
}

/* The point f of the way along unit vector (ux, uy) from c, len long, and lat
** to its left; brought back within len of c and within margin of the table's
** edges. */
static gn_vec2 move_point(const ai_ctx *cx, gn_vec2 c, double ux, double uy, double len, double f, double lat,
                          double margin) {
  gn_vec2 p = {c.x + ux * len * f - uy * lat, c.y + uy * len * f + ux * lat};
  double out = gn__ai_dist(p, c);
  if (out > len) { p.x = c.x + (p.x - c.x) * len / out; p.y = c.y + (p.y - c.y) * len / out; }
  if (p.x < margin) p.x = margin;
  if (p.y < margin) p.y = margin;
  if (p.x > cx->w - margin) p.x = cx->w - margin;
  if (p.y > cx->h - margin) p.y = cx->h - margin;
  return p;
}

/* 1 when the flags rule out box nb for u without asking the rules: nearer
** than near to enemy nearest (AI_MOVE_NOT_CLOSER), or overlapping a unit
** (AI_MOVE_CLEAR). */
static int ruled_out(const ai_ctx *cx, int u, int how, gn_box nb, double near, int nearest) {
  if ((how & AI_MOVE_NOT_CLOSER) && enemy_edge(cx, nb, near - MOVE_CLOSER_EPS, nearest) < near - MOVE_CLOSER_EPS)
    return 1;
  return (how & AI_MOVE_CLEAR) && crowded(cx, u, nb);
}

/* Orders u from c to p (with its facing when how has AI_MOVE_FACE); when the
** rules accept, the start of the move is remembered. As gn__ai_order. */
static int give_move(ai_ctx *cx, const char *verb, int u, gn_vec2 c, gn_vec2 p, int how, double facing_deg) {
  const char *id = ai_name(&cx->u[u]);   /* by its code, as every order names a unit */
  int rc = how & AI_MOVE_FACE ? gn__ai_order(cx, "%s %s to %.2f,%.2f facing %.0f", verb, id, p.x, p.y, facing_deg)
                              : gn__ai_order(cx, "%s %s to %.2f,%.2f", verb, id, p.x, p.y);
  if (rc == 0 && u < cx->ai->nstart) { cx->ai->from[u] = c; cx->ai->moveturn[u] = gn_game_turn(cx->g); }
  return rc;
}

/* 1 when the last refusal was by one of the rules that end the tries
** (cx->stop_ref); cx->stopped then names it. */
static int stop_rule(ai_ctx *cx) {
  const char *why = cx->stop_ref[0] || cx->stop_ref[1] ? gn_refusal_ref(cx->g) : NULL;
  for (int r = 0; r < 2 && why; r++)
    if (cx->stop_ref[r] && !strcmp(why, cx->stop_ref[r])) { cx->stopped = cx->stop_ref[r]; return 1; }
  return 0;
}

/*
** Move u towards goal.
**   1) the full step along the line (no further than the goal, and
**      MOVE_ROUNDING short of the step: the order's coordinates are rounded to
**      hundredths), kept on the table
**   2) if the rules refuse (too far for the ground, a friend in the way):
**      shorter steps, and side-steps of one and two frontages (brought back
**      within the step), in the order of the table below; positions the
**      flags rule out are not asked
**   3) the first position the rules accept is the order given; at most
**      AI_MAXTRY tried, none after a refusal by a rule of cx->stop_ref
*/
int gn__ai_move_toward(ai_ctx *cx, const char *verb, int u, gn_vec2 goal, double step, int how,
                       double facing_deg) {
  static const double try_[][2] = {   /* share of the step, side-step in frontages */
    {1.0, 0}, {0.7, 0}, {0.7, 1}, {0.7, -1}, {0.45, 0}, {0.45, 1}, {0.45, -1},
    {0.45, 2}, {0.45, -2}, {0.25, 0}, {0.25, 1}, {0.25, -1}, {0.1, 0},
  };
  const gn_unit_view *v = &cx->u[u].v;
  gn_vec2 c = v->box.c;
  cx->stopped = NULL;
  double d = gn__ai_dist(c, goal);
  if (d < MOVE_MIN || step <= MOVE_MIN) return GN_EREFUSED;
  double len = d < step - MOVE_ROUNDING ? d : step - MOVE_ROUNDING;                /* 1 */
  double ux = (goal.x - c.x) / d, uy = (goal.y - c.y) / d;
  double w = v->box.w > 0 ? v->box.w : 1;
  double margin = (v->box.w > v->box.d ? v->box.w : v->box.d) / 2 + MOVE_EDGE_GAP;
  double near = 0;
  int nearest = how & AI_MOVE_NOT_CLOSER ? gn__ai_nearest_enemy(cx, u, 0, &near) : -1;
  gn_box nb = moved_box(v, how, facing_deg);
  int tries = 0;
  for (size_t k = 0; k < sizeof try_ / sizeof try_[0] && tries < AI_MAXTRY; k++) {     /* 1, 2 */
    gn_vec2 p = move_point(cx, c, ux, uy, len, try_[k][0], try_[k][1] * w, margin);
    if (gn__ai_dist(p, c) < MOVE_MIN) continue;
    nb.c = p;
    if (ruled_out(cx, u, how, nb, near, nearest)) continue;
    tries++;
    if (give_move(cx, verb, u, c, p, how, facing_deg) == 0) return 0;           /* 3 */
    if (cx->err) return cx->err;
    if (stop_rule(cx)) return GN_EREFUSED;
  }
  return GN_EREFUSED;
}

/* ------------------------------------------------------------ check memo */

#define MEMO_KEY 480      /* a key: ruleset, check, tag and a listing's odds words */

typedef struct memo_entry { uint64_t h; char key[MEMO_KEY]; double v[AI_SUMS]; } memo_entry;

struct gn__ai_memo {
  char *data_dir;
  gn_game *rules;            /* a game holding only the ruleset's data */
  char ruleset[16];
  memo_entry *e; int n, cap;
  int *slot; int nslot;      /* open addressing by hash: index + 1, 0 empty; nslot a power of 2 */
};

gn__ai_memo *gn__ai_memo_new(const char *data_dir) {
  gn__ai_memo *m = calloc(1, sizeof *m);
  if (m && data_dir && !(m->data_dir = malloc(strlen(data_dir) + 1))) { free(m); return NULL; }
  if (m && data_dir) strcpy(m->data_dir, data_dir);
  return m;
}

void gn__ai_memo_free(gn__ai_memo *m) {
  if (!m) return;
  gn_game_free(m->rules);
  free(m->data_dir);
  free(m->e);
  free(m->slot);
  free(m);
}

void gn__ai_use_memo(gn_ai *ai, gn__ai_memo *m) {
  if (!ai || !m) return;
  if (ai->own_memo) gn__ai_memo_free(ai->memo);
  ai->memo = m;
  ai->own_memo = 0;
}

static uint64_t fnv(const char *s) {
  uint64_t h = 1469598103934665603u;
  while (*s) { h ^= (unsigned char)*s++; h *= 1099511628211u; }
  return h;
}

/* The entry kept for key (hash h), or NULL. */
static const memo_entry *memo_find(const gn__ai_memo *m, uint64_t h, const char *key) {
  if (!m->nslot) return NULL;
  for (size_t i = (size_t)h & (size_t)(m->nslot - 1);; i = (i + 1) & (size_t)(m->nslot - 1)) {
    int k = m->slot[i] - 1;
    if (k < 0) return NULL;
    if (m->e[k].h == h && !strcmp(m->e[k].key, key)) return &m->e[k];
  }
}

/* Keeps an answer (out of memory: not kept, which changes nothing but time). */
static void memo_keep(gn__ai_memo *m, uint64_t h, const char *key, const double *v) {
  if (m->n == m->cap) {
    int cap = m->cap ? 2 * m->cap : 64;
    memo_entry *e = realloc(m->e, (size_t)cap * sizeof *e);
    if (!e) return;
    m->e = e; m->cap = cap;
  }
  if (2 * (m->n + 1) > m->nslot) {    /* at most half full */
    int ns = m->nslot ? 2 * m->nslot : 128;
    int *sl = calloc((size_t)ns, sizeof *sl);
    if (!sl) return;
    for (int k = 0; k < m->n; k++) {
      size_t i = (size_t)m->e[k].h & (size_t)(ns - 1);
      while (sl[i]) i = (i + 1) & (size_t)(ns - 1);
      sl[i] = k + 1;
    }
    free(m->slot);
    m->slot = sl; m->nslot = ns;
  }
  memo_entry *e = &m->e[m->n];
  e->h = h;
  strcpy(e->key, key);
  memcpy(e->v, v, sizeof e->v);
  size_t i = (size_t)h & (size_t)(m->nslot - 1);
  while (m->slot[i]) i = (i + 1) & (size_t)(m->nslot - 1);
  m->slot[i] = ++m->n;
}

/*
** A summary of a check's distribution, from the memo.
**   1) the key: ruleset, check, the summary's tag and the arguments; an
**      answer kept is returned
**   2) the ruleset's game is made the first time (again if the ruleset changed)
**   3) the odds engine enumerates the check; fn sums it up (it may read the
**      outcomes' labels, gn_check_label on rules); the answer is kept
*/
int gn__ai_check_sum(ai_ctx *cx, const char *check, int argc, const char *const *argv, const char *tag,
                     gn__ai_sum_fn fn, void *ud, double out[AI_SUMS]) {
  gn_ai *ai = cx->ai;
  const char *rs = gn_game_ruleset(cx->g);
  if (!ai->memo && (ai->memo = gn__ai_memo_new(NULL)) != NULL) ai->own_memo = 1;
  gn__ai_memo *m = ai->memo;
  if (!m || !rs) return -1;
  /* 1) */
  char key[MEMO_KEY];
  size_t k = (size_t)snprintf(key, sizeof key, "%s %s %s", rs, check, tag);
  for (int i = 0; i < argc && k < sizeof key; i++) k += (size_t)snprintf(key + k, sizeof key - k, " %s", argv[i]);
  if (k >= sizeof key) return -1;
  uint64_t h = fnv(key);
  if (m->rules && !strcmp(m->ruleset, rs)) {
    const memo_entry *e = memo_find(m, h, key);
    if (e) { memcpy(out, e->v, sizeof e->v); return 0; }
  }
  /* 2) */
  if (!m->rules || strcmp(m->ruleset, rs)) {
    gn_game_free(m->rules);
    m->n = 0;
    if (m->slot) memset(m->slot, 0, (size_t)m->nslot * sizeof *m->slot);
    snprintf(m->ruleset, sizeof m->ruleset, "%s", rs);
    if (!(m->rules = gn_game_new(NULL))) return -1;
    if ((m->data_dir && gn_game_set_data_dir(m->rules, m->data_dir)) || gn_game_use_ruleset(m->rules, rs)) {
      gn_game_free(m->rules);
      m->rules = NULL;
      return -1;
    }
  }
  /* 3) */
  gn_odds_opts o = {0, 0, 1, 0, 0};
  gn_dist d;
  if (gn_check_odds(m->rules, check, argc, argv, &o, &d, NULL)) return -1;
  double v[AI_SUMS] = {0};
  fn(m->rules, check, &d, ud, v);
  gn_dist_free(&d);
  memo_keep(m, h, key, v);
  memcpy(out, v, sizeof v);
  return 0;
}

/* P(outcome == *ud). */
static void sum_p_eq(gn_game *rules, const char *check, const gn_dist *d, void *ud, double *out) {
  int64_t v = *(const int64_t *)ud;
  (void)rules; (void)check;
  for (int i = 0; i < d->n; i++)
    if (d->o[i].value == v) out[0] = d->o[i].p;
}

double gn__ai_check_p(ai_ctx *cx, const char *check, int argc, const char *const *argv, int64_t v) {
  char tag[32];
  double out[AI_SUMS];
  snprintf(tag, sizeof tag, "=%lld", (long long)v);
  return gn__ai_check_sum(cx, check, argc, argv, tag, sum_p_eq, &v, out) ? -1 : out[0];
}

int gn__ai_odds_strength(const ai_ctx *cx, int u) {
  const ai_unit *a = &cx->u[u];
  if (!a->v.known) return -1;
  if (a->v.strength >= 0) return a->v.strength;
  return a->fighting ? a->strength : -1;
}

int gn__ai_odds_attr(const ai_ctx *cx, int u, const char *name) {
  int a;
  int rc = gn_unit_attr(cx->g, u, cx->side, name, &a);
  if (rc == 0) return a;
  if (rc != GN_ESTATE) return -1;
  /* hidden from the side: the ruleset's usual value, never the true one */
  gn_attr_info in;
  for (int i = 0; gn_ruleset_attr(cx->ai->doc->ruleset, i, &in) == 0; i++)
    if (!strcmp(in.name, name))
      return in.def >= in.min && in.def <= in.max ? in.def : (in.min + in.max) / 2;
  return -1;
}

double gn__ai_charge_threshold(const ai_ctx *cx) {
  double odds = cx->ratio > 1 ? cx->ratio - 1 : 0;
  double t = 0.55 + 0.35 * cx->p->caution - 0.35 * cx->p->aggression - 0.1 * odds -
             (cx->needy ? 0.35 * cx->urgency : 0);
  return t < 0.1 ? 0.1 : t > 0.9 ? 0.9 : t;
}

int gn__ai_charge_ok(const ai_ctx *cx, double p, double gain, double slack) {
  return p >= 0 && p >= gn__ai_charge_threshold(cx) - slack && gain > (cx->needy ? -2.5 * cx->urgency : 0);
}

double gn__ai_standoff_factor(const ai_ctx *cx) {
  double f = (1.0 + cx->p->caution - cx->p->aggression) * (cx->needy ? 1.0 - cx->urgency : 1.0);
  return f < 0 ? 0 : f;
}

/* ------------------------------------------------------------ doctrine */

/* Who holds objective i as this side sees it: fighting units in good order
** within its radius, of one side only; else the game's record. */
static int holder(const ai_ctx *cx, int i) {
  const gn_objective_info *o = &cx->obj[i];
  int present[GN_BATTLE_MAXSIDES] = {0}, sides = 0, who = -1;
  for (int k = 0; k < cx->n; k++) {
    const ai_unit *a = &cx->u[k];
    if (!a->v.known || a->v.removed || !a->fighting || a->broken) continue;
    if (a->v.side < 0 || a->v.side >= GN_BATTLE_MAXSIDES) continue;
    if (gn_point_box_distance(o->at, a->v.box) > o->radius) continue;
    if (!present[a->v.side]++) { sides++; who = a->v.side; }
  }
  return sides == 1 ? who : o->owner;
}

/* Perpendicular offset of u from the side's axis, to keep a line abreast. */
static gn_vec2 abreast(const ai_ctx *cx, int u, gn_vec2 goal) {
  gn_vec2 c = cx->u[u].v.box.c;
  double ax = goal.x - cx->my_c.x, ay = goal.y - cx->my_c.y, l = hypot(ax, ay);
  if (l < 1e-9) return goal;
  ax /= l; ay /= l;
  double lat = (c.x - cx->my_c.x) * -ay + (c.y - cx->my_c.y) * ax;
  gn_vec2 r = {goal.x + -ay * lat * 0.85, goal.y + ax * lat * 0.85};
  return r;
}

/*
** Where unit u should go.
**   0) a task of its formation's plan with a place: there (a march: the
**      place itself; the others: the formation's shape kept about it); a
**      retire without one: where the formation started; waiting: where it
**      stands
**   1) a garrison (the first good unit inside an objective its side holds)
**      stays there whatever the posture
**   2) attack: the nearest objective not held, else the nearest enemy
**   3) defend: the nearest objective held, its enemy-facing edge; else stay
*/
int gn__ai_garrison(const ai_ctx *cx, int u) {
  const ai_unit *a = &cx->u[u];
  if (!a->mine || !a->fighting || a->broken || a->v.removed || cx->p->caution < 0.2) return 0;
  for (int i = 0; i < cx->nobj; i++) {
    if (holder(cx, i) != cx->side || gn_point_box_distance(cx->obj[i].at, a->v.box) > cx->obj[i].radius)
      continue;
    int first = 1;
    for (int k = 0; k < u && first; k++) {
      const ai_unit *b = &cx->u[k];
      if (b->mine && b->fighting && !b->broken && !b->v.removed &&
          gn_point_box_distance(cx->obj[i].at, b->v.box) <= cx->obj[i].radius) first = 0;
    }
    if (first) return 1;
  }
  return 0;
}

gn_vec2 gn__ai_goal(ai_ctx *cx, int u) {
  const ai_unit *a = &cx->u[u];
  gn_vec2 c = a->v.box.c;
  int best = -1;
  double bd = 1e300;
  /* 0) */
  const ai_task *t = gn__ai_task(cx, u);
  if (t && (t->has_place || t->kind != AI_TASK_ATTACK)) {
    int f = cx->ai->governs[a->v.formation];
    if (!t->has_place && t->kind == AI_TASK_RETIRE) {
      gn_vec2 r = cx->ai->fstart[f];
      r.x += c.x - cx->fcentre[f].x; r.y += c.y - cx->fcentre[f].y;
      return r;
    }
    if (!t->has_place) return c;
    if (t->kind == AI_TASK_MARCH) return t->place;
    gn_vec2 r = t->place;   /* the formation's shape kept about the place */
    r.x += 0.85 * (c.x - cx->fcentre[f].x); r.y += 0.85 * (c.y - cx->fcentre[f].y);
    return r;
  }
  /* 1) */
  if (!t && gn__ai_garrison(cx, u)) return c;
  if (gn__ai_posture(cx, u) == AI_ATTACK) {
    /* 2) */
    for (int i = 0; i < cx->nobj; i++) {
      if (holder(cx, i) == cx->side) continue;
      double d = gn__ai_dist(c, cx->obj[i].at) / (cx->obj[i].points > 0 ? sqrt(cx->obj[i].points) : 1);
      if (d < bd) { bd = d; best = i; }
    }
    if (best >= 0) return abreast(cx, u, cx->obj[best].at);
    int e = gn__ai_nearest_enemy(cx, u, 1, NULL);
    return e >= 0 ? cx->u[e].v.box.c : c;
  }
  /* 3) */
  for (int i = 0; i < cx->nobj; i++) {
    if (holder(cx, i) != cx->side) continue;
    double d = gn__ai_dist(c, cx->obj[i].at);
    if (d < bd) { bd = d; best = i; }
  }
  if (best < 0) return c;
  gn_vec2 at = cx->obj[best].at;
  double ex = cx->en_c.x - at.x, ey = cx->en_c.y - at.y, l = hypot(ex, ey);
  if (l > 1e-9) { at.x += ex / l * cx->obj[best].radius * 0.5; at.y += ey / l * cx->obj[best].radius * 0.5; }
  return abreast(cx, u, at);
}

/* "Hold where it stands": a formation waiting for its next task's turn. */
static const ai_task wait_here = {.kind = AI_TASK_HOLD, .from_min = -1, .until_min = -1};

/* The present turn and time by the clock (gn_game_minute, -1 none), that a
** plan's triggers are read against. */
typedef struct plan_time { int turn, minute; } plan_time;

/* 1 when task t's `from` (turn and time) has come. */
static int task_begun(const ai_task *t, plan_time now) {
  return now.turn >= t->from && (t->from_min < 0 || (now.minute >= 0 && now.minute >= t->from_min));
}

/* 1 when its `until` (turn or time) has come. */
static int task_ended(const ai_task *t, plan_time now) {
  return (t->until && now.turn >= t->until) || (t->until_min >= 0 && now.minute >= t->until_min);
}

/* 1 when task t of a formation whose units' centre is c (n units on the
** table) is over now. */
static int task_over(const ai_task *t, gn_vec2 c, int n, plan_time now) {
  if (task_ended(t, now)) return 1;
  if ((t->kind == AI_TASK_MARCH || t->kind == AI_TASK_TAKE) && n && gn__ai_dist(c, t->place) <= t->radius) return 1;
  return 0;
}

/* Step 1 of plans_now: for each formation with a plan, the centre of the
** units it governs that are on the table (cx->fcentre, their count in cnt)
** and their strength at the start and now, unbroken (s0[2 f], s0[2 f + 1]),
** as the side knows its own units; a reinforcement not yet come on counts
** in neither. */
static void plan_centres(ai_ctx *cx, double *s0, int *cnt) {
  gn_ai *ai = cx->ai;
  for (int i = 0; i < cx->n; i++) {
    const ai_unit *a = &cx->u[i];
    if (!a->mine || !a->fighting || a->v.formation < 0 || a->v.formation >= ai->nform) continue;
    if (a->v.removed && a->v.arrives > 0) continue;   /* not yet come on: neither there nor lost */
    int k = ai->governs[a->v.formation];
    if (k < 0) continue;
    s0[2 * k] += i < ai->nstart ? ai->start[i] : 0;
    s0[2 * k + 1] += a->v.removed || a->v.strength < 0 ? 0 : a->broken ? 0 : a->v.strength;
    if (a->v.removed) continue;
    cx->fcentre[k].x += a->v.box.c.x; cx->fcentre[k].y += a->v.box.c.y; cnt[k]++;
  }
  for (int f = 0; f < ai->nform; f++) {
    if (!ai->plan[f].n || ai->governs[f] != f) continue;
    if (cnt[f]) { cx->fcentre[f].x /= cnt[f]; cx->fcentre[f].y /= cnt[f]; }
    else cx->fcentre[f] = ai->fstart[f];
  }
}

/* The index of the task after task at of plan pl that is not a `when
** broken` (pl->n when none). */
static int next_task(const ai_plan *pl, int at) {
  int next = at + 1;
  while (next < pl->n && pl->t[next].when_broken) next++;
  return next;
}

/* Step 3 of plans_now: formation f's task in force, its units' centre c
** (n of them on the table): the first task not over whose `from` has come;
** a task over whose next has not begun, or one not yet begun: hold where it
** stands (the index stays, so the next begins at its turn or time). NULL
** when the plan is done. */
static const ai_task *plan_task(gn_ai *ai, int f, gn_vec2 c, int n, plan_time now) {
  const ai_plan *pl = &ai->plan[f];
  int at = ai->task_at[f];
  while (at < pl->n && pl->t[at].when_broken) at++;
  for (int next = next_task(pl, at); at < pl->n && next < pl->n; next = next_task(pl, at)) {
    if (!task_over(&pl->t[at], c, n, now) || !task_begun(&pl->t[next], now)) break;
    at = next;
  }
  ai->task_at[f] = at;
  if (at >= pl->n) return NULL;
  const ai_task *t = &pl->t[at];
  int waiting = !task_begun(t, now) || (task_over(t, c, n, now) && (t->until || t->until_min >= 0));
  return waiting ? &wait_here : t;
}

/*
** The task in force for each formation with a plan.
**   1) the centre of the units it governs that are on the table, and their
**      losses (plan_centres)
**   2) broken (half its strength lost, now or before: a formation that
**      rallies keeps to its retire): its `retire when broken`, if any
**   3) else the first task not over, its turn or time come (plan_task)
** 0 or GN_ENOMEM.
*/
static int plans_now(ai_ctx *cx) {
  gn_ai *ai = cx->ai;
  int nf = ai->nform > 0 ? ai->nform : 1;
  plan_time now = {gn_game_turn(cx->g), gn_game_minute(cx->g)};
  cx->ftask = calloc((size_t)nf, sizeof *cx->ftask);
  cx->fcentre = calloc((size_t)nf, sizeof *cx->fcentre);
  double *s0 = calloc((size_t)nf * 2, sizeof *s0);
  int *cnt = calloc((size_t)nf, sizeof *cnt);
  if (!cx->ftask || !cx->fcentre || !s0 || !cnt) { free(s0); free(cnt); return GN_ENOMEM; }
  plan_centres(cx, s0, cnt);                                                      /* 1 */
  for (int f = 0; f < ai->nform; f++) {
    const ai_plan *pl = &ai->plan[f];
    if (!pl->n || ai->governs[f] != f) continue;
    if (s0[2 * f] > 0 && s0[2 * f + 1] <= 0.5 * s0[2 * f]) ai->broke[f] = 1;       /* 2 */
    for (int k = 0; ai->broke[f] && k < pl->n && !cx->ftask[f]; k++)
      if (pl->t[k].when_broken) cx->ftask[f] = &pl->t[k];
    if (!cx->ftask[f]) cx->ftask[f] = plan_task(ai, f, cx->fcentre[f], cnt[f], now);   /* 3 */
  }
  free(s0);
  free(cnt);
  return 0;
}

const ai_task *gn__ai_task(const ai_ctx *cx, int u) {
  if (!cx->ftask || u < 0 || u >= cx->n) return NULL;
  int f = cx->u[u].v.formation;
  if (f < 0 || f >= cx->ai->nform || cx->ai->governs[f] < 0) return NULL;
  return cx->ftask[cx->ai->governs[f]];
}

ai_posture gn__ai_posture(const ai_ctx *cx, int u) {
  const ai_task *t = gn__ai_task(cx, u);
  if (!t) return cx->posture;
  return t->kind == AI_TASK_TAKE || t->kind == AI_TASK_ATTACK ? AI_ATTACK : AI_DEFEND;
}

int gn__ai_may_charge(const ai_ctx *cx, int u) {
  const ai_task *t = gn__ai_task(cx, u);
  return !t || (t->kind != AI_TASK_SCREEN && t->kind != AI_TASK_MARCH && t->kind != AI_TASK_RETIRE);
}

int gn__ai_must_move(ai_ctx *cx, int u) {
  const ai_task *t = gn__ai_task(cx, u);
  if (!t || t == &wait_here) return 0;
  if (t->kind == AI_TASK_ATTACK || t->kind == AI_TASK_TAKE) return 1;
  return gn__ai_dist(cx->u[u].v.box.c, gn__ai_goal(cx, u)) > t->radius;
}

double gn__ai_unit_standoff(const ai_ctx *cx, int u) {
  const ai_task *t = gn__ai_task(cx, u);
  return gn__ai_standoff_factor(cx) * (t && t->kind == AI_TASK_SCREEN ? 2.5 : 1);
}

/* The nearest point to p on segment [a, b], at parameter *t (0 at a). */
static gn_vec2 seg_near(gn_vec2 p, gn_vec2 a, gn_vec2 b, double *t) {
  double dx = b.x - a.x, dy = b.y - a.y, l2 = dx * dx + dy * dy;
  double k = l2 > 0 ? ((p.x - a.x) * dx + (p.y - a.y) * dy) / l2 : 0;
  k = k < 0 ? 0 : k > 1 ? 1 : k;
  *t = k;
  gn_vec2 r = {a.x + k * dx, a.y + k * dy};
  return r;
}

/* The nearest point to p on polyline f: its segment and place on it. */
static double line_near(const gn_feature *f, gn_vec2 p, int *seg, double *t, gn_vec2 *at) {
  double best = 1e300;
  for (int i = 0; i + 1 < f->npts; i++) {
    double k;
    gn_vec2 q = seg_near(p, f->pts[i], f->pts[i + 1], &k);
    double d = gn__ai_dist(p, q);
    if (d < best) { best = d; *seg = i; *t = k; *at = q; }
  }
  return best;
}

/*
** The way of u to goal by road.
**   1) the road (a line of kind "road") with the least way off it at both
**      ends, if that is less than a third of the straight way
**   2) off the road: to the nearest point of it
**   3) on it: to the next vertex towards the point nearest the goal, then
**      off the road to the goal
*/
int gn__ai_road_next(ai_ctx *cx, int u, gn_vec2 goal, gn_vec2 *next) {
  gn_vec2 c = cx->u[u].v.box.c;
  double direct = gn__ai_dist(c, goal), best = 1e300;
  gn_feature road = {0};
  int sa = 0, sb = 0;
  double ta = 0, tb = 0;
  gn_vec2 pa = c, pb = goal;
  int nt = gn_terrain_count(cx->g);
  for (int i = 0; i < nt; i++) {                                                  /* 1 */
    gn_feature f;
    const char *id, *kind;
    if (gn_terrain_get(cx->g, i, &f, &id, &kind) || f.shape != GN_SHAPE_LINE || strcmp(kind, "road") || f.npts < 2)
      continue;
    int s1, s2;
    double t1, t2;
    gn_vec2 q1, q2;
    double off = line_near(&f, c, &s1, &t1, &q1) + line_near(&f, goal, &s2, &t2, &q2);
    if (off < best) { best = off; road = f; sa = s1; ta = t1; pa = q1; sb = s2; tb = t2; pb = q2; }
  }
  if (best >= direct / 3) return 0;
  double tol = 0.05 + 0.25 * (cx->u[u].v.box.w < cx->u[u].v.box.d ? cx->u[u].v.box.w : cx->u[u].v.box.d);
  if (gn__ai_dist(c, pa) > tol) { *next = pa; return 1; }                         /* 2 */
  if (gn__ai_dist(c, pb) <= tol) return 0;                                        /* 3 */
  if (sa == sb) { *next = pb; return 1; }
  int fwd = sa < sb || (sa == sb && ta < tb);
  *next = road.pts[fwd ? sa + 1 : sa];
  if (gn__ai_dist(c, *next) <= tol) *next = road.pts[fwd ? (sa + 2 < road.npts ? sa + 2 : sa + 1) : (sa > 0 ? sa - 1 : 0)];
  return 1;
}

/* The drive to attack (picture, step 3): aggression, plus the odds of
** numbers, less caution times the share of own strength lost, plus or minus
** a push by the lead on objectives. */
#define DRIVE_EN_FLOOR 0.5      /* enemy strength counted at least this */
#define DRIVE_RATIO_CAP 3       /* odds of numbers counted up to 3 to 1 */
#define DRIVE_RATIO_W 0.25      /* weight of the odds of numbers above even */
#define DRIVE_LOSS_W 1.5        /* weight of caution times the share lost */
#define DRIVE_OBJ_PUSH 0.25     /* for the side that does not lead on objectives; against the other */
#define DRIVE_ATTACK 0.5        /* attack from this drive up */

/* 0) The commander's working memory for this call: the units, the nearest
** enemy kept per unit, the distances kept for the commander (up to
** AI_MAXCACHED units), a new epoch for them, the table. 0 or GN_ENOMEM. */
static int picture_start(ai_ctx *cx) {
  gn_ai *ai = cx->ai;
  cx->n = gn_unit_count(cx->g);
  size_t nu = cx->n > 0 ? (size_t)cx->n : 1;
  if (!(cx->u = calloc(nu, sizeof *cx->u))) return GN_ENOMEM;
  cx->near_e = malloc(2 * nu * sizeof *cx->near_e);
  cx->near_d = malloc(2 * nu * sizeof *cx->near_d);
  cx->near_stamp = calloc(2 * nu, sizeof *cx->near_stamp);
  if (!cx->near_e || !cx->near_d || !cx->near_stamp) return GN_ENOMEM;
  cx->vgen = 1;
  if (cx->n <= AI_MAXCACHED && cx->n > ai->ndist) {
    size_t nn = (size_t)cx->n * (size_t)cx->n;
    free(ai->dist); free(ai->stamp);
    ai->dist = malloc(nn * sizeof *ai->dist);
    ai->stamp = calloc(nn, sizeof *ai->stamp);
    ai->ndist = ai->dist && ai->stamp ? cx->n : 0;
  }
  if (cx->n <= ai->ndist) { cx->dist = ai->dist; cx->stamp = ai->stamp; }
  new_epoch(ai);
  gn_game_table(cx->g, &cx->w, &cx->h);
  return 0;
}

/* Whether unit a (index i) fights: asked of the doctrine when its type is new
** (kept for the units there at the start). */
static int unit_fights(gn_ai *ai, int i, const ai_unit *a) {
  if (i < ai->nstart && a->v.type && a->v.type == ai->ftype[i]) return ai->fights[i];
  int f = ai->doc->fighting(a->v.type);
  if (i < ai->nstart) { ai->ftype[i] = a->v.type; ai->fights[i] = (unsigned char)(f != 0); }
  return f;
}

/* 1a) Every unit as this side sees it: own, fighting, broken. Returns the
** mean starting strength of own fighting units (1 when there are none). */
static double see_units(ai_ctx *cx) {
  gn_ai *ai = cx->ai;
  double avg = 0;
  int nmine = 0;
  for (int i = 0; i < cx->n; i++) {
    ai_unit *a = &cx->u[i];
    a->id = i;
    gn__ai_view(cx, i);
    if (!a->v.known) continue;
    a->mine = a->v.side == ai->side;
    a->fighting = unit_fights(ai, i, a);
    a->broken = a->v.removed || ai->doc->broken(cx->g, i, ai->side, &a->v);
    if (a->mine && a->fighting) { avg += a->v.strength0 > 0 ? a->v.strength0 : 0; nmine++; }
  }
  return nmine ? avg / nmine : 1;
}

/* 1b) Each fighting unit's strength (a hidden one counted at avg), each side's
** strength now (the broken not counted) and at the start, and the centroids
** of the units on the table (none of the enemy's: the mirror of own). */
static void weigh_units(ai_ctx *cx, double avg) {
  double mx = 0, my = 0, ex = 0, ey = 0;
  int nmine = 0, nen = 0;
  for (int i = 0; i < cx->n; i++) {
    ai_unit *a = &cx->u[i];
    if (!a->v.known || !a->fighting) continue;
    int s0 = a->v.strength0 >= 0 ? a->v.strength0 : (int)lround(avg);
    a->strength = a->v.removed ? 0 : a->v.strength >= 0 ? a->v.strength : s0;
    if (a->mine) {
      cx->my += a->broken ? 0 : a->strength; cx->my0 += s0;
      if (!a->v.removed) { mx += a->v.box.c.x; my += a->v.box.c.y; nmine++; }
    } else {
      cx->en += a->broken ? 0 : a->strength; cx->en0 += s0;
      if (!a->v.removed) { ex += a->v.box.c.x; ey += a->v.box.c.y; nen++; }
    }
  }
  if (nmine) { cx->my_c.x = mx / nmine; cx->my_c.y = my / nmine; } else cx->my_c = cx->ai->home;
  if (nen) { cx->en_c.x = ex / nen; cx->en_c.y = ey / nen; }
  else { cx->en_c.x = cx->w - cx->my_c.x; cx->en_c.y = cx->h - cx->my_c.y; }
}

/* 2) The objectives (at most GN_BATTLE_MAXOBJ) and the points this side and
** the others hold. */
static void objectives(ai_ctx *cx, int *mine, int *theirs) {
  cx->nobj = gn_objective_count(cx->g);
  if (cx->nobj > GN_BATTLE_MAXOBJ) cx->nobj = GN_BATTLE_MAXOBJ;
  for (int i = 0; i < cx->nobj; i++) gn_objective_get(cx->g, i, &cx->obj[i]);
  *mine = *theirs = 0;
  for (int i = 0; i < cx->nobj; i++) {
    int h = holder(cx, i);
    if (h == cx->ai->side) *mine += cx->obj[i].points;
    else if (h >= 0) *theirs += cx->obj[i].points;
  }
}

/* 3) The odds of numbers, the need and urgency of objectives, the drive and
** the posture it gives. */
static void posture(ai_ctx *cx, int mine, int theirs) {
  double ratio = cx->my / (cx->en > DRIVE_EN_FLOOR ? cx->en : DRIVE_EN_FLOOR);
  if (ratio > DRIVE_RATIO_CAP) ratio = DRIVE_RATIO_CAP;
  int limit = gn_game_turn_limit(cx->g), turn = gn_game_turn(cx->g);
  cx->ratio = ratio;
  cx->needy = cx->nobj > 0 && mine <= theirs;
  cx->urgency = limit > 1 ? (double)(turn - 1) / (limit - 1) : 0;
  if (cx->urgency > 1) cx->urgency = 1;
  if (cx->urgency < 0) cx->urgency = 0;
  double lossf = cx->my0 > 0 ? 1.0 - cx->my / cx->my0 : 0;
  cx->drive = cx->p->aggression + DRIVE_RATIO_W * (ratio - 1) - DRIVE_LOSS_W * cx->p->caution * lossf +
              (mine <= theirs ? DRIVE_OBJ_PUSH : -DRIVE_OBJ_PUSH);
  cx->posture = cx->drive >= DRIVE_ATTACK ? AI_ATTACK : AI_DEFEND;
}

/*
** The picture of the field and the posture. 0, or GN_ENOMEM, or plans_now's
** error.
**   0) the working memory of this call
**   1) every unit as this side sees it; strength and centroids
**   2) objectives and who holds them
**   3) drive = aggression + odds of numbers - caution x own losses, plus a
**      push for the side that does not lead on objectives; attack at 0.5
**   4) each formation's plan in force (plans_now)
*/
static int picture(ai_ctx *cx) {
  int rc = picture_start(cx);                                                   /* 0 */
  if (rc) return rc;
  weigh_units(cx, see_units(cx));                                               /* 1 */
  int mine, theirs;
  objectives(cx, &mine, &theirs);                                               /* 2 */
  posture(cx, mine, theirs);                                                    /* 3 */
  return plans_now(cx);                                                         /* 4 */
}

/*
** Orders for the side's present phase.
**   1) a passive commander gives none
**   2) a new turn reseeds the generator and the refusal count
**   3) the picture of the field, then the ruleset's doctrine (not even the
**      picture in a phase where the doctrine gives no order)
*/
int gn_ai_play(gn_ai *ai, gn_game *g, gn_ai_apply_fn apply, void *ud) {
  if (!ai || !g) return GN_EINVAL;
  /* 1) */
  if (!strcmp(ai->p.kind, "passive") || gn_game_over(g)) return 0;
  /* 2) */
  int t = gn_game_turn(g);
  if (t != ai->turn) {
    ai->turn = t;
    ai->turn_refused = 0;
    gn_rng_seed(&ai->rng, gn_seed_child(gn_seed_child(gn_game_seed(g), (uint64_t)t), (uint64_t)ai->side + 1));
  }
  /* 3) */
  if (ai->doc->acts && !ai->doc->acts(g, ai->side)) return 0;
  ai_ctx cx;
  memset(&cx, 0, sizeof cx);
  cx.g = g; cx.ai = ai; cx.side = ai->side; cx.p = &ai->p; cx.apply = apply; cx.ud = ud;
  int rc = picture(&cx);
  if (rc == 0) rc = ai->doc->play(&cx);
  gn_actions_free(cx.acts);
  free(cx.ftask); free(cx.fcentre);
  free(cx.u);
  free(cx.near_e); free(cx.near_d); free(cx.near_stamp);
  if (cx.err) return cx.err;
  if (rc < 0 && rc != GN_EREFUSED && rc != GN_ESYNTAX) return rc;
  return cx.given;
}
