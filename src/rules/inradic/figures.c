/*
** figures.c: units of individual figures and their roles, casualties, and the
** geometry the rules ask of a group (contact, cover, hills, obstacles).
**
** A unit's figures by role are its gn__in_unit.role[]; the unit's
** strength is their sum. Ordinary figures (privates, buglers, flag bearers)
** fight in fives; leaders draw cards one by one (data roles.leader).
*/
#include "inradic.h"

#include <math.h>
#include <string.h>

in_figs gn__in_figs(const gn_game *g, int unit) {
  in_figs f;
  for (int r = 0; r < IN_NROLES; r++) f.n[r] = in_u(g, unit)->role[r];
  return f;
}

int gn__in_figs_total(const in_figs *f) {
  int t = 0;
  for (int r = 0; r < IN_NROLES; r++) t += f->n[r];
  return t;
}

int gn__in_figs_ordinary(const gn_game *g, const in_figs *f) {
  int t = 0;
  for (int r = 0; r < IN_NROLES; r++) if (!in__data(g)->role_leader[r]) t += f->n[r];
  return t;
}

int gn__in_figs_leaders(const gn_game *g, const in_figs *f) {
  int t = 0;
  for (int r = 0; r < IN_NROLES; r++) if (in__data(g)->role_leader[r]) t += f->n[r];
  return t;
}

/* A zeroed array of n ints (at least one), or NULL when out of memory; free
** with gn__in_ints_free. */
int *gn__in_ints(gn_game *g, int n) { return gn__calloc(g, n > 0 ? (size_t)n : 1, sizeof(int)); }
void gn__in_ints_free(gn_game *g, int *p, int n) { gn__free(g, p, (n > 0 ? (size_t)n : 1) * sizeof(int)); }

/* Off the table: whoever pursued it stops. */
void gn__in_remove(gn_game *g, int unit) {
  gn__unit_remove(g, unit);
  gn__in_pursuit_end(g, unit);
}

/* The roles as a player names them, singular and plural (ORDER: roles). */
const char *const gn__in_role_one[IN_NROLES] = {
  "private", "bugler", "flag bearer", "corporal", "NCO", "officer", "hero", "staff officer", "general"
};
const char *const gn__in_role_many[IN_NROLES] = {
  "privates", "buglers", "flag bearers", "corporals", "NCOs", "officers", "heroes", "staff officers",
  "generals"
};

/* The loss event of a unit: how many figures it lost, which roles, and what
** is left (or that it left the table). */
static void loss_event(gn_game *g, int unit, int named, const int *killed, int done) {
  char roles[256];
  size_t n = 0;
  roles[0] = 0;
  for (int r = 0; r < IN_NROLES && !gn__events_quiet(g); r++) {   /* the text is the event's */
    if (!killed[r] || n >= sizeof roles) continue;
    if (killed[r] == 1)
      n += (size_t)gn__snprintf(roles + n, sizeof roles - n, "%s%s", n ? ", " : "", gn__in_role_one[r]);
    else
      n += (size_t)gn__snprintf(roles + n, sizeof roles - n, "%s%d %s", n ? ", " : "", killed[r], gn__in_role_many[r]);
  }
  const gn__ustate *u = &g->st.u[unit];
  if (u->removed && done == 1)
    gn__event(g, "loss", named >= 0 ? "IN-H3" : "IN-B5", unit, -1, "%s loses its last figure (%s) and leaves the table",
              gn__in_name(g, unit), roles);
  else if (u->removed)
    gn__event(g, "loss", named >= 0 ? "IN-H3" : "IN-B5", unit, -1, "%s loses its last %d figures (%s) and leaves the table",
              gn__in_name(g, unit), done, roles);
  else
    gn__event(g, "loss", named >= 0 ? "IN-H3" : "IN-B5", unit, -1, "%s loses %d figure%s (%s): %d left",
              gn__in_name(g, unit), done, done == 1 ? "" : "s", roles, u->strength);
}

/*
** Casualties (ref. IN-B5: each hit removes one figure).
**   1) a named role (a hero/leader hit, ref. IN-H3) goes first, if present
**   2) then privates, then the other roles in role order
**   3) the unit leaves the table when no figure is left
**   4) a loss event names the unit, the figures and roles lost, and what is left
**   5) every side is told of each leader figure lost (ref. IN-LDR)
*/
int gn__in_casualties(gn_game *g, int unit, int n, int named, int *killed) {
  gn__ustate *u = gn__uw(g, unit);
  int done = 0, k[IN_NROLES] = {0};
  if (named >= 0 && n > 0 && u->in.role[named] > 0) {                           /* 1 */
    u->in.role[named]--;
    k[named]++;
    done++;
  }
  for (int r = 0; r < IN_NROLES && done < n; r++) {                              /* 2 */
    while (done < n && u->in.role[r] > 0) {
      u->in.role[r]--;
      k[r]++;
      done++;
    }
  }
  u->strength -= done;
  if (u->strength <= 0) { u->strength = 0; gn__in_remove(g, unit); }                /* 3 */
  if (done) loss_event(g, unit, named, k, done);                                 /* 4 */
  if (done) (void)gn__in_leader_lost(g, unit, k);   /* 5: out of memory sets g->evoom, as the loss event */
  if (killed) memcpy(killed, k, sizeof k);
  return done;
}

int gn__in_quality(const gn_game *g, int unit) { return in_u(g, unit)->quality; }
int gn__in_weapon(const gn_game *g, int unit) { return in_u(g, unit)->weapon; }
/* Routing or halted: broken, not yet rallied. */
int gn__in_routing(const gn_game *g, int unit) { return in_u(g, unit)->status != IN_S_STEADY; }
int gn__in_side(const gn_game *g, int unit) { return g->sc->unit[unit].side; }
int gn__in_alive(const gn_game *g, int unit) {
  return !g->st.u[unit].removed && g->st.u[unit].strength > 0;
}
int gn__in_enemies(const gn_game *g, int a, int b) { return gn__in_side(g, a) != gn__in_side(g, b); }
const char *gn__in_name(const gn_game *g, int unit) { return g->sc->unit[unit].code; }

/* ref. IN-B8: normal move by unit type. */
double gn__in_move_allowance(const gn_game *g, int unit) {
  return in__data(g)->move[g->sc->unit[unit].type];
}

/* ref. IN-B9: a charge is 1.5 normal moves; guns and wagons do not charge. */
double gn__in_charge_allowance(const gn_game *g, int unit) {
  int t = g->sc->unit[unit].type;
  if (t != IN_T_FOOT && t != IN_T_MOUNTED) return 0;
  return in__data(g)->move[t] * in__data(g)->charge_factor;
}

int gn__in_in_contact(const gn_game *g, int a, int b) {
  return gn_box_distance(g->st.u[a].box, g->st.u[b].box) <= in__data(g)->contact;
}

int gn__in_engaged(const gn_game *g, int unit) {
  for (int i = 0; i < g->st.nunits; i++)
    if (i != unit && gn__in_alive(g, i) && gn__in_enemies(g, unit, i) && gn__in_in_contact(g, unit, i)) return 1;
  return 0;
}

/* Line features crossed by the line of attack close to the unit (within
** terrain.cover_reach of its stand): the best value of tab[]. The line is
** traced from the unit outward, so the crossings near it come first. */
static int lines_near(const gn_game *g, int unit, gn_vec2 from, const int *tab) {
  gn_crossing xbuf[32], *x;
  gn_vec2 c = g->st.u[unit].box.c;
  int n = gn__crossings(g, c, from, xbuf, 32, &x);
  int best = 0;
  for (int i = 0; i < n; i++) {
    const gn_feature *f = &g->sc->features[x[i].feature];
    if (f->shape != GN_SHAPE_LINE || tab[f->kind] <= best) continue;
    gn_vec2 p = { c.x + (from.x - c.x) * x[i].t_in, c.y + (from.y - c.y) * x[i].t_in };
    if (gn_point_box_distance(p, g->st.u[unit].box) <= in__data(g)->cover_reach) best = tab[f->kind];
  }
  gn__room_free(g, xbuf, x, n, sizeof *x);
  return best;
}

/* Best value of tab[] over the area features holding the unit's centre. */
static int areas_at(const gn_game *g, gn_vec2 c, const int *tab) {
  int best = 0;
  for (int i = 0; i < g->sc->nterrain; i++) {
    const gn_feature *f = &g->sc->features[i];
    if (f->shape == GN_SHAPE_AREA && tab[f->kind] > best && gn_feature_contains(f, c)) best = tab[f->kind];
  }
  return best;
}

/* Under the odds engine every path asks the terrain the same questions
** again: a question about a stand's box and a point is answered once per
** odds run (gn__enum_memo: a cache, no state). The key holds the box's
** centre; the data, the whole question, checked before the answer is used. */
typedef struct geo_q { double box[5], from[2]; int has_from, what, answer; } geo_q;

static void geo_key(const geo_q *q, uint64_t key[4]) {
  uint64_t b[7];
  memcpy(b, q->box, sizeof q->box);
  memcpy(b + 5, q->from, sizeof q->from);
  key[0] = 0x67656f0000000000ull | (uint64_t)q->what << 8 | (uint64_t)q->has_from;
  key[1] = b[0];
  key[2] = b[1];
  key[3] = b[2] ^ (b[3] << 1) ^ (b[4] << 2) ^ (b[5] << 3) ^ (b[6] << 4);
}

static void geo_make(const gn_game *g, int unit, const gn_vec2 *from, int what, geo_q *q) {
  gn_box b = g->st.u[unit].box;
  memset(q, 0, sizeof *q);
  q->box[0] = b.c.x; q->box[1] = b.c.y; q->box[2] = b.w; q->box[3] = b.d; q->box[4] = b.facing;
  if (from) { q->from[0] = from->x; q->from[1] = from->y; q->has_from = 1; }
  q->what = what;
}

/* 1 with *answer when the odds run has answered q before. */
static int geo_get(const gn_game *g, const geo_q *q, int *answer) {
  uint64_t key[4];
  size_t size = 0;
  geo_key(q, key);
  const geo_q *m = gn__enum_memo_get(g, key, &size);
  if (!m || size != sizeof *m || memcmp(m->box, q->box, sizeof q->box) || memcmp(m->from, q->from, sizeof q->from) ||
      m->has_from != q->has_from || m->what != q->what)
    return 0;
  *answer = m->answer;
  return 1;
}

static void geo_put(const gn_game *g, geo_q *q, int answer) {
  uint64_t key[4];
  size_t size = 0;
  geo_key(q, key);
  q->answer = answer;
  if (!gn__enum_memo_get(g, key, &size)) (void)gn__enum_memo_put((gn_game *)g, key, q, sizeof *q);   /* a cache */
}

/* Cover (ref. IN-B2, IN-M10): the unit's area (woods soft, building hard) or
** a wall, hedge or fence crossed close to it by the line of attack. */
int gn__in_cover(const gn_game *g, int unit, const gn_vec2 *from) {
  const in_data *d = in__data(g);
  geo_q q;
  int c;
  geo_make(g, unit, from, 1, &q);
  if (gn__enumerating(g) && geo_get(g, &q, &c)) return c;
  c = areas_at(g, g->st.u[unit].box.c, d->tr_cover);
  if (from) { int l = lines_near(g, unit, *from, d->tr_cover); if (l > c) c = l; }
  if (gn__enumerating(g)) geo_put(g, &q, c);
  return c;
}

/* ref. IN-B7: a defender behind an obstacle (a wall, hedge or fence between
** it and the attacker, or a building it holds). */
int gn__in_obstacle(const gn_game *g, int attacker, int defender) {
  const in_data *d = in__data(g);
  geo_q q;
  int o;
  geo_make(g, defender, &g->st.u[attacker].box.c, 2, &q);
  if (gn__enumerating(g) && geo_get(g, &q, &o)) return o;
  o = areas_at(g, g->st.u[defender].box.c, d->tr_obstacle) ||
      lines_near(g, defender, g->st.u[attacker].box.c, d->tr_obstacle) > 0;
  if (gn__enumerating(g)) geo_put(g, &q, o);
  return o;
}

/* ref. IN-M10: uphill of the engaging enemy = on a hill the enemy is not on.
** [interpretation: one height of hill] */
int gn__in_uphill(const gn_game *g, int unit, int enemy) {
  const in_data *d = in__data(g);
  if (enemy < 0) return 0;
  return areas_at(g, g->st.u[unit].box.c, d->tr_hill) && !areas_at(g, g->st.u[enemy].box.c, d->tr_hill);
}

int gn__in_nearest_enemy(const gn_game *g, int unit) {
  int best = -1;
  double bd = 0;
  gn_vec2 c = g->st.u[unit].box.c;
  for (int i = 0; i < g->st.nunits; i++) {
    if (i == unit || !gn__in_alive(g, i) || !gn__in_enemies(g, unit, i)) continue;
    double dx = g->st.u[i].box.c.x - c.x, dy = g->st.u[i].box.c.y - c.y;
    double dd = dx * dx + dy * dy;
    if (best < 0 || dd < bd) { best = i; bd = dd; }
  }
  return best;
}
