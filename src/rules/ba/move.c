/*
** move.c: the movement phase (2.3.1 marching, paces; 4.1.1 melee zone) and
** forced action (1.1.1).
**
** Movement is simultaneous: every marching unit advances by one step of
** move.step cm in turn (in unit order) until all have used their allowance,
** so that who reaches melee-zone contact first is decided as on the table.
*/
#include "ba.h"

#include <math.h>
#include <string.h>
#include <stdio.h>

static const double PI = 3.14159265358979323846;

static int side(const gn_game *g, int u) { return g->sc->unit[u].side; }

/* Angle in [0, pi] between two headings. */
static double angle_between(double a, double b) {
  double x = fmod(fabs(a - b), 2 * PI);
  return x > PI ? 2 * PI - x : x;
}

/* The melee zone of a stand b whose facing has cosine cf and sine sf: its
** frontage x zd directly in front. */
static gn_box zone_at(gn_box b, double zd, double cf, double sf) {
  gn_box z = b;
  z.d = zd;
  z.c.x = b.c.x + cf * (b.d / 2 + zd / 2);
  z.c.y = b.c.y + sf * (b.d / 2 + zd / 2);
  return z;
}

static gn_box zone_of(gn_box b, double zd) { return zone_at(b, zd, cos(b.facing), sin(b.facing)); }

/* ref. BA-4.1.1a: the melee zone is the unit's frontage x zone_depth directly in front. */
gn_box gn__ba_zone(const gn_game *g, int u) {
  return zone_of(g->st.u[u].box, BA_D(g)->zone_depth);
}

int gn__ba_zone_contact(const gn_game *g, int u, int v) {
  return gn_box_distance(gn__ba_zone(g, u), g->st.u[v].box) <= GN_CONTACT_EPS;
}

/* The terrain multiplier of formation f for u standing at p: the smallest of the
** areas under p, 1 in the open. Staff figures move as skirmishers, waggons as
** columns. */
static double terrain_factor(const gn_game *g, int u, int f, gn_vec2 p) {
  const ba_data *d = BA_D(g);
  if (gn__ba_arm_of(g, u) == BA_ARM_STAFF) f = BA_FM_SKIRMISH;
  if (gn__ba_arm_of(g, u) == BA_ARM_WAGGON) f = BA_FM_MARCH;
  unsigned set = gn__ba_terrain_at(g, p);
  double m = 1;
  for (int k = 0; k < BA_TR_COUNT; k++)
    if ((set & (1u << k)) && d->terrain_rate[k][f] < m) m = d->terrain_rate[k][f];
  return m;
}

/*
** Movement allowance of u in open ground (ref. BA-2.3.1c, BA-B2); the terrain
** is paid step by step as the unit enters it (gn__ba_phase_movement).
**   1) Table 3 rate of its type, pace and formation
**   2) minus every reduction that applies, added up: obstacles crossed, wheeling
**      (turn beyond wheel_free), rotation (a turn order), splitting, assembly
**      or change of formation this bound, SD, MD
** Never below 0.
*/
double gn__ba_rate(const gn_game *g, int u, int pace, int form, double turn, int crossings) {
  const ba_data *d = BA_D(g);
  const gn__ustate *s = &g->st.u[u];
  double r = d->rate[gn__ba_type_of(g, u)][pace][form];                                /* 1 */
  r -= crossings * d->red_obstacle;                                                /* 2 */
  if (turn > d->wheel_free) r -= d->red_wheel;
  if (s->flags & (BA_F_TURN_L | BA_F_TURN_R)) r -= d->red_rotation;
  if (s->flags & BA_F_CHANGED) r -= d->red_change;
  if (s->ba.disorder == BA_DIS_SD) r -= d->red_sd;
  if (s->ba.disorder == BA_DIS_MD) r -= d->red_md;
  return r > 0 ? r : 0;
}

/* 1 when u in formation f may move other than forwards (ref. BA-2.3.1d):
** 2 backwards and sideways, 1 backwards only, 0 forwards only. */
static int back_ok(const gn_game *g, int u, int f) {
  ba_arm arm = gn__ba_arm_of(g, u);
  if (arm == BA_ARM_STAFF || f == BA_FM_SKIRMISH) return 2;
  if (arm == BA_ARM_ART && f == BA_FM_LINE) return 1;
  return 0;
}

/* ref. BA-2.3.1d: outside forced action only forwards, except unlimbered
** artillery (backwards) and skirmish lines and staff (backwards and sideways). */
int gn__ba_rate_check(const gn_game *g, int u, gn_vec2 dest) {
  const gn__ustate *s = &g->st.u[u];
  int f = s->ba.new_formation ? s->ba.new_formation - 1 : s->ba.formation;
  gn_arc arc = gn_box_arc(s->box, dest);
  int ok = back_ok(g, u, f);
  if (arc == GN_ARC_FRONT || (arc == GN_ARC_REAR && ok >= 1) || ok == 2) return 0;
  return gn__refuse((gn_game *)g, "BA-2.3.1d", "%s may move only forwards (%s)", gn__ba_uid(g, u),
                    arc == GN_ARC_REAR ? "only unlimbered artillery, skirmish lines and staff "
                                         "move backwards"
                                       : "only skirmish lines and staff move sideways");
}

/*
** gn_actions: the march a `move` order gives u this bound: the Table 3 rate
** of its pace and of the formation it will be in, less the reductions it has
** already earned (gn__ba_rate in open ground, before obstacles, wheels and
** terrain, which the movement phase pays step by step); in avoid the
** directions gn__ba_rate_check refuses and the melee-zone halt.
*/
double gn__ba_allowance(gn_game *g, const char *verb, int u, char *avoid, size_t n) {
  if (strcmp(verb, "move")) return -1;
  const gn__ustate *s = &g->st.u[u];
  int f = s->ba.new_formation ? s->ba.new_formation - 1 : s->ba.formation;
  int ok = back_ok(g, u, f);
  snprintf(avoid, n, "%sgoing on past melee-zone contact, where it halts (BA-4.1.1c)",
           ok == 2 ? "" : ok == 1 ? "sideways (BA-2.3.1d); " : "backwards or sideways (BA-2.3.1d); ");
  return gn__ba_rate(g, u, s->ba.pace, f, 0, 0);
}

/*
** How far u's written order reaches (gn__ba_reach).
**   1) fire, continue: its weapon's bands (gn__ba_fire_bands)
**   2) attack: the march of the bound at its pace and formation (the
**      allowance of move, ref. BA-2.3.1c) and its melee zone beyond (ref.
**      BA-4.1.1a): an enemy further off is not reached this bound
** The order is not refused for the distance now: the moves come first.
*/
double gn__ba_reach(gn_game *g, const char *verb, int u, gn_reach *out) {
  if (!out) return -1;
  if (!strcmp(verb, "fire") || !strcmp(verb, "continue")) {                             /* 1 */
    gn__ba_fire_bands(g, u, out);
  } else if (!strcmp(verb, "attack")) {                                                 /* 2 */
    ba_arm arm = gn__ba_arm_of(g, u);
    if (arm != BA_ARM_INF && arm != BA_ARM_CAV) return -1;
    char avoid[256];
    double march = gn__ba_allowance(g, "move", u, avoid, sizeof avoid);
    gn__reach_band(out, 0, march + BA_D(g)->zone_depth, "attack", "BA-4.1.1a");
  }
  return -1;
}

/* Line features (not roads) the segment a->b crosses. */
static int obstacles(const gn_game *g, gn_vec2 a, gn_vec2 b) {
  int n = 0;
  for (int i = 0; i < g->sc->nterrain; i++) {
    const gn_feature *f = &g->sc->features[i];
    if (f->shape == GN_SHAPE_LINE && f->kind != BA_TR_ROAD)
      n += gn_path_crossings(a, b, f, 1, NULL, 0);
  }
  return n;
}

/* b moved dist along the heading whose cosine and sine are ch, sh. */
static gn_box shifted_by(gn_box b, double ch, double sh, double dist) {
  b.c.x += ch * dist;
  b.c.y += sh * dist;
  return b;
}

static int on_board(const gn_game *g, gn_vec2 p) {
  return p.x >= 0 && p.y >= 0 && p.x <= g->sc->width && p.y <= g->sc->height;
}

/* The longest step a march or forced move makes: move.step, or the 0.01 cm a
** step that ends on melee-zone contact takes at least. */
static double reach(const gn_game *g) { return BA_D(g)->step > 0.01 ? BA_D(g)->step : 0.01; }

/* Units that may matter to a marching unit this phase: ids (ascending) of the
** stands that lay, when marching began, within the distance it and any other
** unit can still move, and sc[k] the screen of ids[k] (near.c); n < 0: too
** many, every unit is looked at. */
typedef struct cands { const int *ids; const ba_screen *sc; int n; } cands;

/* The friends marching units entered in the movement phase: (u, j) pairs,
** judged when the march is over (passing). */
typedef struct entered { int *p; int n, cap; } entered;

/* Notes that u entered friend j (once). 0, or GN_ENOMEM. */
static int enter(gn_game *g, entered *en, int u, int j) {
  for (int k = 0; k < en->n; k += 2)
    if (en->p[k] == u && en->p[k + 1] == j) return 0;
  if (en->n + 2 > en->cap) {
    int cap = en->cap ? 2 * en->cap : 16;
    int *p = gn__realloc(&g->alloc, en->p, (size_t)en->cap * sizeof *p, (size_t)cap * sizeof *p);
    if (!p) return gn__error(g, GN_ENOMEM, "out of memory");
    en->p = p;
    en->cap = cap;
  }
  en->p[en->n++] = u;
  en->p[en->n++] = j;
  return 0;
}

/* Marks j passed through by u (ref. BA-1.1.1f): it may not fire later this
** bound and loses its rest (ref. BA-5.5.4c). 0, or GN_ENOMEM. */
static int pass_through(gn_game *g, int u, int j) {
  if (g->st.u[j].flags & BA_F_PASSED) return 0;
  gn__uw(g, j)->flags |= BA_F_PASSED;
  if (!gn__event(g, "passed", "BA-1.1.1f", u, j, "%s passes through %s", gn__ba_uid(g, u), gn__ba_uid(g, j)))
    return GN_ENOMEM;
  if (ba_u(g, j)->formation == BA_FM_REST)
    return gn__ba_rest_break(g, j, "passed through", "BA-5.5.4c");
  return 0;
}

/* One step of u to box nb. Returns 1 when blocked (nothing moves): an enemy
** stand in the way, or a friend that may not be passed through (it fired in
** the continued-fire phase, ref. BA-1.1.1d; forced action passes,
** ref. BA-1.1.1e). A friend the step enters is passed through at once by a
** forced move (en NULL: pass_through); a march notes it in en and is judged
** when it is over (passing). *inside: how many friends the stand now
** overlaps. A staff figure is a single rider, not a unit: it neither passes
** through nor is passed through. cl: the units to look at (their screens and
** us, u's, skip the exact tests that cannot pass), or NULL (those within a
** step, through the grid). The box is written, not the grid: the caller
** places u when its moving is over (place_moved). */
static int step_among(gn_game *g, int u, gn_box nb, const ba_screen *us, int forced, const int *ids,
                      const ba_screen *sc, int n, entered *en, int *inside, int *rc);

static int step_to(gn_game *g, int u, gn_box nb, const ba_screen *us, int forced, const cands *cl,
                   entered *en, int *inside, int *rc) {
  if (cl && cl->n >= 0) return step_among(g, u, nb, us, forced, cl->ids, cl->sc, cl->n, en, inside, rc);
  /* nb is u's stand moved by at most a step: what it overlaps lies that close */
  int buf[256], *ids, n = gn__units_near_all(g, u, reach(g) + GN_CONTACT_EPS, buf, 256, &ids);
  int r = step_among(g, u, nb, us, forced, ids, NULL, n, en, inside, rc);
  gn__room_free(g, buf, ids, n, sizeof *ids);
  return r;
}

/* step_to among the units ids[0..n) (with their screens sc, or NULL). */
static int step_among(gn_game *g, int u, gn_box nb, const ba_screen *us, int forced, const int *ids,
                      const ba_screen *sc, int n, entered *en, int *inside, int *rc) {
  int over[64], nover = 0;
  *rc = 0;
  *inside = 0;
  for (int k = 0; k < n; k++) {
    int j = ids[k];
    if ((sc ? gn__ba_screened(nb.c, us, g->st.u[j].box.c, &sc[k], 0)
            : gn__ba_apart(nb, g->st.u[j].box, 0)) ||
        !gn__ba_on_table(g, j) || !gn_box_overlap(nb, g->st.u[j].box))
      continue;
    if (side(g, j) != side(g, u)) return 1;
    if ((g->st.u[j].flags & BA_F_CFIRED) && !forced) return 1;
    if (nover >= 0 && nover < 64) over[nover++] = j;   /* the friends it overlaps, for below */
    else nover = -1;
  }
  /* the friends passed through: those just found (or, past 64, found again) */
  for (int k = 0; k < (nover >= 0 ? nover : n) && gn__ba_arm_of(g, u) != BA_ARM_STAFF; k++) {
    int j = nover >= 0 ? over[k] : ids[k];
    if (nover < 0 && (!gn__ba_on_table(g, j) || side(g, j) != side(g, u) ||
                      gn__ba_apart(nb, g->st.u[j].box, 0) || !gn_box_overlap(nb, g->st.u[j].box)))
      continue;
    if (gn__ba_arm_of(g, j) == BA_ARM_STAFF) continue;
    (*inside)++;
    if ((*rc = en ? enter(g, en, u, j) : pass_through(g, u, j))) return 1;
  }
  gn__ustate *s = gn__uw(g, u);
  s->box = nb;
  s->flags |= BA_F_MOVED;
  return 0;
}

/* Puts u's stand, moved by step_to, in the grid. */
static void place_moved(gn_game *g, int u) { gn__unit_place(g, u, g->st.u[u].box); }

/* Tells where u went from stand `from`: the distance, both places and the
** facing it ends with; nothing when it neither moved nor turned. GN_ENOMEM. */
static int tell_move(gn_game *g, int u, gn_box from, const char *ref) {
  gn_box to = g->st.u[u].box;
  if (to.c.x == from.c.x && to.c.y == from.c.y && to.facing == from.facing) return 0;
  double dist = hypot(to.c.x - from.c.x, to.c.y - from.c.y);
  gn_event *e;
  if (dist == 0)
    e = gn__event(g, "move", ref, u, -1, "%s turns at %.2f,%.2f to face %.1f", gn__ba_uid(g, u), to.c.x, to.c.y,
                  gn__compass(to.facing));
  else
    e = gn__event(g, "move", ref, u, -1, "%s moves %.1f cm from %.2f,%.2f to %.2f,%.2f facing %.1f%s",
                  gn__ba_uid(g, u), dist, from.c.x, from.c.y, to.c.x, to.c.y, gn__compass(to.facing),
                  g->st.u[u].removed ? ", off the table" : "");
  return e ? 0 : GN_ENOMEM;
}

/*
** A forced move (forced back, rout) of u: dist cm along heading
** (ref. BA-1.1.1e, BA-2.3.1b).
**   1) where its formation (a resting or working unit: its line) has no rate
**      of march in the terrain it stands in, the unit is brought into FD
**   2) it moves in steps, through friends of any kind; an enemy stops it
**   3) leaving the table takes it off for good
*/
int gn__ba_forced_move(gn_game *g, int u, double heading, double dist, const char *why) {
  const ba_data *d = BA_D(g);
  gn__ustate *s = gn__uw(g, u);
  gn_box start = s->box;
  int rc, inside, f = s->ba.formation == BA_FM_REST ? BA_FM_LINE : s->ba.formation;
  if (gn__ba_arm_of(g, u) != BA_ARM_STAFF && gn__ba_arm_of(g, u) != BA_ARM_WAGGON &&     /* 1 */
      terrain_factor(g, u, f, s->box.c) <= 0 && s->ba.disorder != BA_DIS_FD &&
      (rc = gn__ba_bring_fd(g, u, "forced to move where its formation has no rate of march",
                        "BA-2.3.1b")))
    return rc;
  if (!gn__ba_on_table(g, u)) return 0;
  if (s->ba.formation == BA_FM_REST && (rc = gn__ba_rest_break(g, u, "forced to move",
                                                                 "BA-5.5.4c")))
    return rc;
  s->flags |= BA_F_FORCED | BA_F_MOVED;
  gn_event *e = gn__event(g, "forced", "BA-1.1.1e", u, -1, "%s: %s, %.1f cm", gn__ba_uid(g, u), why, dist);
  if (!e) return GN_ENOMEM;
  /* 2) nothing else moves meanwhile: what a step can meet lies within the
  **    whole distance (and a step) of where the unit stands now */
  int ids[256];
  ba_screen sc[256], us = gn__ba_screen(s->box);
  cands cl = {ids, sc, gn__units_near(g, u, dist + reach(g) + 2 * GN_CONTACT_EPS, ids, 256)};
  for (int k = 0; k < cl.n && cl.n <= 256; k++) sc[k] = gn__ba_screen(g->st.u[ids[k]].box);
  double ch = cos(heading), sh = sin(heading), left = dist;
  rc = 0;
  while (left > 1e-9) {
    double seg = left < d->step ? left : d->step;
    gn_box nb = shifted_by(s->box, ch, sh, seg);
    if (!on_board(g, nb.c)) {                                                     /* 3 */
      gn__unit_remove(g, u);
      if (!gn__event(g, "removed", "BA-1.1.1e", u, -1, "%s leaves the table", gn__ba_uid(g, u)))
        rc = GN_ENOMEM;
      break;
    }
    if (step_to(g, u, nb, &us, 1, cl.n <= 256 ? &cl : NULL, NULL, &inside, &rc)) break;
    left -= seg;
  }
  place_moved(g, u);
  return rc ? rc : tell_move(g, u, start, "BA-1.1.1e");
}

/* The nearest enemy on the table to u, or -1. */
static int nearest_enemy(const gn_game *g, int u) {
  int best = -1;
  double bd = HUGE_VAL;
  for (int j = 0; j < g->sc->nunits; j++) {
    if (!gn__ba_on_table(g, j) || side(g, j) == side(g, u)) continue;
    ba_arm a = gn__ba_arm_of(g, j);
    if (a == BA_ARM_STAFF || a == BA_ARM_WAGGON) continue;
    double dd = gn_unit_distance(g, u, j);
    if (dd < bd) { bd = dd; best = j; }
  }
  return best;
}

/* The k-th unit of cl (every unit when cl->n < 0), or -1 past the end. */
static int cand(const gn_game *g, const cands *cl, int k) {
  if (cl->n >= 0) return k < cl->n ? cl->ids[k] : -1;
  return k < g->sc->nunits ? k : -1;
}

/* 1 when j is an enemy stand of u that a melee zone can touch (not a staff figure). */
static int zone_enemy(const gn_game *g, int u, int j) {
  return gn__ba_on_table(g, j) && side(g, j) != side(g, u) && gn__ba_arm_of(g, j) != BA_ARM_STAFF;
}

/* A marching unit of this phase. Its facing stays as it is while it marches:
** what follows from it is worked out once, when marching begins. */
typedef struct mover {
  int u;
  double heading;
  double ch, sh;    /* cosine and sine of the heading */
  double cf, sf;    /* cosine and sine of the facing */
  ba_screen sc, zsc;   /* screens of its stand and of its melee zone (near.c) */
  double left;      /* allowance left, cm of open ground */
  double togo;      /* distance to the destination (HUGE_VAL for an attack) */
  int done;
  int zquiet;       /* rounds left in which its zone surely meets no enemy (zone_quiet) */
  cands near;       /* the units it may meet (into the phase's pool) */
  gn_box clear;     /* where it last stood on no friend (passing) */
} mover;

/* 1 when j (the k-th unit of cl) is surely more than gap from the box z whose
** screen is zs, so that no exact test of gap or less can pass (as gn__ba_apart). */
static int far_from(const gn_game *g, gn_box z, const ba_screen *zs, const cands *cl, int k,
                    int j, double gap) {
  if (cl->n >= 0 && cl->sc) return gn__ba_screened(z.c, zs, g->st.u[j].box.c, &cl->sc[k], gap);
  return gn__ba_apart(z, g->st.u[j].box, gap);
}

/* The gap between the melee zone of x standing at b and the nearest enemy stand
** it may meet (ref. BA-4.1.1a), when it is below cap; else HUGE_VAL. */
static double zone_gap(const gn_game *g, const mover *x, gn_box b, double cap) {
  gn_box z = zone_at(b, BA_D(g)->zone_depth, x->cf, x->sf);
  double best = HUGE_VAL;
  for (int k = 0, j; (j = cand(g, &x->near, k)) >= 0; k++) {
    if (far_from(g, z, &x->zsc, &x->near, k, j, cap) || !zone_enemy(g, x->u, j)) continue;
    double dd = gn_box_distance(z, g->st.u[j].box);
    if (dd < best) best = dd;
  }
  return best < cap ? best : HUGE_VAL;
}

/* The first enemy stand it may meet (lowest index) that x's melee zone
** touches, or -1 (ref. BA-4.1.1a). */
static int zone_touch(const gn_game *g, const mover *x) {
  gn_box z = zone_at(g->st.u[x->u].box, BA_D(g)->zone_depth, x->cf, x->sf);   /* gn__ba_zone */
  for (int k = 0, j; (j = cand(g, &x->near, k)) >= 0; k++)
    if (!far_from(g, z, &x->zsc, &x->near, k, j, 2 * GN_CONTACT_EPS) && zone_enemy(g, x->u, j) &&
        gn_box_distance(z, g->st.u[j].box) <= GN_CONTACT_EPS)   /* as gn__ba_zone_contact */
      return j;
  return -1;
}

/*
** Rounds of marching, from this one, in which the melee zone of x surely
** touches no enemy stand it may meet and comes no nearer one than a step, so
** that zone_gap and zone_touch could find nothing (speed only): in a round x
** and an enemy move at most a step each (reach), and those tests look a step
** ahead with a cap of a step. From the grown bounding boxes (near.c).
*/
static int zone_quiet(const gn_game *g, const mover *x) {
  gn_box z = zone_at(g->st.u[x->u].box, BA_D(g)->zone_depth, x->cf, x->sf);
  double rch = reach(g), gap = HUGE_VAL;
  if (x->near.n < 0 || !x->near.sc) return 0;
  for (int k = 0; k < x->near.n; k++) {
    int j = x->near.ids[k];
    if (side(g, j) == side(g, x->u) || gn__ba_arm_of(g, j) == BA_ARM_STAFF) continue;
    gn_vec2 c = g->st.u[j].box.c;
    double gx = fabs(z.c.x - c.x) - (x->zsc.ex + x->near.sc[k].ex);
    double gy = fabs(z.c.y - c.y) - (x->zsc.ey + x->near.sc[k].ey);
    if ((gx > gy ? gx : gy) < gap) gap = gx > gy ? gx : gy;
  }
  gap -= 2 * rch + GN_CONTACT_EPS;   /* what is left after this round's look ahead */
  if (gap <= 0) return 0;
  double q = ceil(gap / (2 * rch));  /* then 2 steps nearer a round: q - 1 more rounds */
  return q < 1e6 ? (int)q : 1000000;
}

/*
** The units each mover may meet while marching (step 5 of the phase): all that
** stand within its own allowance + the largest allowance of any mover + the
** melee zone + two steps; nothing farther can come into contact, overlap or
** the melee zone this phase (forced moves are over when marching begins).
** Fills mv[i].near from two pools (*pool of *cap ints, *spool of *scap
** screens, owned by the caller), and each mover's trigonometry and screens.
** GN_ENOMEM.
*/
static int gather(gn_game *g, mover *mv, int nm, int **pool, size_t *cap, ba_screen **spool,
                  size_t *scap) {
  const ba_data *d = BA_D(g);
  int n = g->sc->nunits;
  double most = 0;
  size_t used = 0;
  for (int m = 0; m < nm; m++) if (mv[m].left > most) most = mv[m].left;
  size_t nn = (size_t)(n > 0 ? n : 1), nmm = (size_t)(nm > 0 ? nm : 1);
  ba_sweep sw;
  int rc = gn__ba_sweep_make(g, &sw);
  if (rc) return rc;
  int *tmp = gn__malloc(g, nn * sizeof *tmp);
  size_t *off = gn__malloc(g, nmm * sizeof *off);
  if (!tmp || !off) rc = gn__error(g, GN_ENOMEM, "out of memory");
  for (int m = 0; m < nm && !rc; m++) {
    mover *x = &mv[m];
    gn_box b = g->st.u[x->u].box;
    x->ch = cos(x->heading);
    x->sh = sin(x->heading);
    x->cf = cos(b.facing);
    x->sf = sin(b.facing);
    x->sc = sw.sc[x->u];
    x->zsc = gn__ba_screen(zone_at(b, d->zone_depth, x->cf, x->sf));
    double r = x->left + most + d->zone_depth + 2 * reach(g) + GN_CONTACT_EPS;
    /* those within r, and perhaps a few beyond it, which can meet nothing either */
    int k = gn__ba_sweep_near(g, &sw, x->u, r, tmp);
    off[m] = used;
    x->near.n = k;
    if (used + (size_t)k > *cap) {
      size_t nc = (*cap ? *cap * 2 : 256);
      while (nc < used + (size_t)k) nc *= 2;
      int *np = gn__realloc(&g->alloc, *pool, *cap * sizeof **pool, nc * sizeof **pool);
      if (!np) { rc = gn__error(g, GN_ENOMEM, "out of memory"); break; }
      *pool = np;
      *cap = nc;
    }
    if (used + (size_t)k > *scap) {
      ba_screen *ns = gn__realloc(&g->alloc, *spool, *scap * sizeof **spool, *cap * sizeof **spool);
      if (!ns) { rc = gn__error(g, GN_ENOMEM, "out of memory"); break; }
      *spool = ns;
      *scap = *cap;
    }
    for (int i = 0; i < k; i++) {
      (*pool)[used + i] = tmp[i];
      (*spool)[used + i] = sw.sc[tmp[i]];
    }
    used += (size_t)k;
  }
  for (int m = 0; m < nm && !rc; m++) {
    mv[m].near.ids = *pool + off[m];
    mv[m].near.sc = *spool + off[m];
  }
  gn__ba_sweep_free(g, &sw);
  gn__free(g, off, nmm * sizeof *off);
  gn__free(g, tmp, nn * sizeof *tmp);
  return rc;
}

/* 1 when u attacks this bound and was ordered to cancel on contact (ref. BA-B20). */
static int cancels(const gn_game *g, int u) {
  const gn__ustate *s = &g->st.u[u];
  return s->ba.order == BA_O_ATTACK && (s->flags & BA_F_CANCEL);
}

/* ref. BA-B20: u, at melee-zone contact with j, cancels its attack: it halts
** and makes no melee this bound, and j is not halted (4.1.1, 4.1.2).
** [interpretation: the choice, made at the table when contact comes, is
** written in the orders phase as `cancel UNIT`] */
static int cancel_attack(gn_game *g, int u, int j) {
  ba_uw(g, u)->order = BA_O_NONE;
  return gn__event(g, "cancel", "BA-B20", u, j, "%s reaches melee-zone contact with %s and "
                   "cancels its attack: it halts, %s does not", gn__ba_uid(g, u), gn__ba_uid(g, j), gn__ba_uid(g, j))
         ? 0 : GN_ENOMEM;
}

/* cancel UNIT [off] (ref. BA-B20): written with an attack order in the orders
** phase; "off" withdraws it. */
int gn__ba_v_cancel(gn_game *g, const gn__args *a) {
  int u, rc, off = 0;
  if ((rc = gn__arg_unit(g, a, 1, &u))) return rc;
  if (a->n > 2) {
    if (!gn__arg_is(a, 2, "off")) return gn__syntax(g, a, 2, "expected 'off' or nothing");
    off = 1;
  }
  if (a->n > 3) return gn__syntax(g, a, 3, "unexpected '%s'", a->tok[3]);
  if (!gn__ba_on_table(g, u))
    return gn__refuse(g, "BA-5.5.2g", "%s is not on the table", gn__ba_uid(g, u));
  if (!off && ba_u(g, u)->order != BA_O_ATTACK)
    return gn__refuse(g, "BA-B20", "%s has no attack order to cancel: give it `attack %s "
                      "TARGET` first", gn__ba_uid(g, u), gn__ba_uid(g, u));
  gn__ustate *s = gn__uw(g, u);
  if (off) s->flags &= ~BA_F_CANCEL;
  else s->flags |= BA_F_CANCEL;
  return 0;
}

/* Step 5 of the phase: every mover steps in turn until none can (the caller
** then places them in the grid). */
static int march(gn_game *g, mover *mv, int nm, entered *en) {
  const ba_data *d = BA_D(g);
  int rc = 0, inside;
  for (int active = nm, guard = 0; active > 0 && guard < 100000; guard++) {
    active = 0;
    for (int m = 0; m < nm; m++) {
      mover *x = &mv[m];
      gn__ustate *s = gn__uw(g, x->u);
      if (x->done || x->left <= 1e-9 || x->togo <= 1e-9 || (s->flags & BA_F_STOPPED) ||
          !gn__ba_on_table(g, x->u)) {
        x->done = 1;
        continue;
      }
      /* terrain is paid where the step goes: a factor of 0.5 costs twice the
      ** distance; a formation with no rate of march there stops at its edge */
      double seg = x->togo < d->step ? x->togo : d->step;
      double tf = terrain_factor(g, x->u, s->ba.formation,
                                 shifted_by(s->box, x->ch, x->sh, seg).c);
      if (tf <= 0) { x->done = 1; continue; }
      if (x->left * tf < seg) seg = x->left * tf;
      if (x->zquiet == 0) x->zquiet = zone_quiet(g, x);
      int quiet = x->zquiet > 0;   /* zone_gap would give HUGE_VAL, zone_touch -1 */
      if (quiet) x->zquiet--;
      double dz = quiet ? HUGE_VAL : zone_gap(g, x, s->box, seg);
      if (dz < seg && zone_gap(g, x, shifted_by(s->box, x->ch, x->sh, seg), dz) < dz)
        seg = dz > 0.01 ? dz : 0.01;               /* end the step on contact */
      gn_box nb = shifted_by(s->box, x->ch, x->sh, seg);
      if (!on_board(g, nb.c) || step_to(g, x->u, nb, &x->sc, 0, &x->near, en, &inside, &rc)) {
        if (rc) return rc;
        x->done = 1;
        continue;
      }
      if (!inside) x->clear = nb;
      x->left -= seg / tf;
      x->togo -= seg;
      active++;
      int j = quiet ? -1 : zone_touch(g, x);
      if (j >= 0) {
        s->flags |= BA_F_STOPPED;
        x->done = 1;
        if (cancels(g, x->u)) {
          if ((rc = cancel_attack(g, x->u, j))) return rc;
          continue;
        }
        gn__uw(g, j)->flags |= BA_F_STOPPED;
        if (!gn__event(g, "contact", "BA-4.1.1c", x->u, j, "%s reaches melee-zone contact with "
                       "%s: both halt", gn__ba_uid(g, x->u), gn__ba_uid(g, j)))
          return GN_ENOMEM;
      }
    }
  }
  return 0;
}

/* The part of u's original unit (not a skirmish line) nearest to u, or -1. */
static int nearest_part(const gn_game *g, int u) {
  int best = -1, r = gn__ba_root(g, u);
  double bd = HUGE_VAL;
  for (int i = 0; i < g->sc->nunits; i++) {
    if (i == u || !gn__ba_on_table(g, i) || gn__ba_root(g, i) != r ||
        ba_u(g, i)->formation == BA_FM_SKIRMISH)
      continue;
    double dd = gn_unit_distance(g, u, i);
    if (dd < bd) { bd = dd; best = i; }
  }
  return best;
}

/* How far stand b must go along heading h to come within half the contact
** distance of stand q (bisection; the gap shrinks as b nears q's centre). Pure. */
static double approach(const gn_game *g, gn_box b, double h, gn_box q) {
  double lo = 0, hi = hypot(q.c.x - b.c.x, q.c.y - b.c.y), near = BA_D(g)->contact_dist / 2;
  if (gn_box_distance(b, q) <= near) return 0;
  double ch = cos(h), sh = sin(h);
  for (int k = 0; k < 40; k++) {
    double mid = (lo + hi) / 2;
    if (gn_box_distance(shifted_by(b, ch, sh, mid), q) <= near) hi = mid;
    else lo = mid;
  }
  return hi;
}

/*
** ref. BA-B22: parts split in urban combat re-assemble once it is over
** (gn__ba_urban_over). [default: a part in base contact with another part of
** its unit assembles with it in the movement phase; one that is not marches to
** the nearest part instead of its orders (step 4). Parts in FD, in continued
** fire or at rest wait.]
*/
static int reassemble(gn_game *g) {
  int rc;
  for (int u = 0; u < g->sc->nunits; u++) {
    if (!gn__ba_urban_over(g, u) || !gn__ba_may_change(g, u)) continue;
    int q = nearest_part(g, u);
    if (q < 0 || !gn__ba_may_change(g, q) || gn_unit_distance(g, u, q) > BA_D(g)->contact_dist)
      continue;
    if (!gn__event(g, "reassemble", "BA-B22", u, q, "urban combat is over: %s re-assembles "
                   "with %s", gn__ba_uid(g, u), gn__ba_uid(g, q)))
      return GN_ENOMEM;
    if ((rc = gn__ba_assemble(g, q, u))) return rc;
  }
  return 0;
}

/*
** The movement phase.
**   1) changes of formation ordered (a unit entering rest formation starts rest,
**      one leaving it loses its rest) and turns (rotation)
**   2) routs: FD units make a forced move at the fast rate directly away from the
**      nearest enemy (ref. BA-B14)
**   3) parts split in urban combat that is over, in base contact with another
**      part of their unit, assemble (ref. BA-B22)
**   4) marching units: move orders to their point, attack orders towards the
**      target; an urban part of 3) not in contact towards the nearest part of its
**      unit, whatever its orders (ref. BA-B22); each faces the way it goes when
**      that is forward (wheeling; an attacker or a part re-assembling always)
**   5) all step together, move.step cm each in turn (a step ends where the melee
**      zone would first touch an enemy); a unit whose melee zone touches an enemy stand stops,
**      and that enemy stops too (ref. BA-4.1.1c) unless the unit is an attacker
**      ordered to cancel its attack (ref. BA-B20); enemy stands are never entered
**   6) a march may not end on a friend; friends gone through are passed
**      through (passing, ref. BA-1.1.1f)
**   7) every unit that moved or turned (but by a forced move, told as it is
**      made) is told: from, to, the distance and its facing
** Units that continue fire do not move (ref. BA-1.1.1d).
*/
static int movement(gn_game *g);

/* The friend u's stand overlaps (the lowest index), or -1: neither a staff
** figure (a single rider) nor a skirmish line (open order: a unit may stand
** among skirmishers, its own or another's), and u not one of those either. */
static int on_friend(gn_game *g, int u) {
  if (gn__ba_arm_of(g, u) == BA_ARM_STAFF || !gn__ba_on_table(g, u) ||
      ba_u(g, u)->formation == BA_FM_SKIRMISH)
    return -1;
  int buf[64], *ids, n = gn__units_near_all(g, u, GN_CONTACT_EPS, buf, 64, &ids), hit = -1;
  for (int k = 0; k < n; k++) {
    int j = ids[k];
    if (j != u && gn__ba_on_table(g, j) && side(g, j) == side(g, u) &&
        gn__ba_arm_of(g, j) != BA_ARM_STAFF && ba_u(g, j)->formation != BA_FM_SKIRMISH &&
        gn_box_overlap(g->st.u[u].box, g->st.u[j].box) &&
        (hit < 0 || j < hit))
      hit = j;
  }
  gn__room_free(g, buf, ids, n, sizeof *ids);
  return hit;
}

/*
** Step 6 of the movement phase: passing through friends (ref. BA-1.1.1f)
** [interpretation: to pass through a friend is to go through it; a march may
** not end on a formed friend; skirmish lines, in open order, are no bar].
**   1) a mover whose stand ends on a friend goes back to where it last stood
**      on none (its start at worst), and says so; again while any does, as
**      one going back may uncover another's
**   2) a friend a mover entered counts as passed through (marked, its rest
**      lost, ref. BA-5.5.4c) when the mover ends clear of it and beyond its
**      centre, along its heading; one it went back out of does not
*/
static int passing(gn_game *g, mover *mv, int nm, entered *en) {
  for (int round = 0, again = 1; again && round <= nm; round++) {                   /* 1 */
    again = 0;
    for (int m = 0; m < nm; m++) {
      int u = mv[m].u, j = on_friend(g, u);
      gn_box b = g->st.u[u].box, c = mv[m].clear;
      if (j < 0 || (b.c.x == c.c.x && b.c.y == c.c.y && b.facing == c.facing)) continue;
      gn__uw(g, u)->box = c;
      place_moved(g, u);
      again = 1;
      if (!gn__event(g, "halt", "BA-1.1.1f", u, j, "%s may not end its move on %s: it halts at %.2f,%.2f",
                     gn__ba_uid(g, u), gn__ba_uid(g, j), c.c.x, c.c.y))
        return GN_ENOMEM;
    }
  }
  for (int k = 0; k < en->n; k += 2) {                                             /* 2 */
    int u = en->p[k], j = en->p[k + 1], m = 0, rc;
    while (m < nm && mv[m].u != u) m++;
    if (m == nm) continue;
    gn_box b = g->st.u[u].box, f = g->st.u[j].box;
    double ahead = (b.c.x - f.c.x) * mv[m].ch + (b.c.y - f.c.y) * mv[m].sh;
    if (!gn_box_overlap(b, f) && ahead > 0 && (rc = pass_through(g, u, j))) return rc;
  }
  return 0;
}

int gn__ba_phase_movement(gn_game *g) {
  int n = g->sc->nunits;
  gn_box *was = gn__malloc(g, (size_t)(n > 0 ? n : 1) * sizeof *was);
  if (!was) return gn__error(g, GN_ENOMEM, "out of memory");
  for (int u = 0; u < n; u++) was[u] = g->st.u[u].box;
  int rc = movement(g);
  for (int u = 0; u < n && !rc; u++)   /* 7 */
    if (!(g->st.u[u].flags & BA_F_FORCED) && (gn__ba_on_table(g, u) || g->st.u[u].removed))
      rc = tell_move(g, u, was[u], "BA-B2");
  gn__free(g, was, (size_t)(n > 0 ? n : 1) * sizeof *was);
  return rc;
}

/* Step 1 of the movement phase for u: the change of formation it ordered (a
** unit entering rest formation starts rest, one leaving it loses its rest,
** ref. BA-B17, BA-5.5.4a), then its turn (rotation). Fails with GN_ENOMEM or
** the error of starting or breaking rest. */
static int form_and_turn(gn_game *g, int u) {
  gn__ustate *s = gn__uw(g, u);
  int rc;
  if (s->ba.new_formation) {
    int from = s->ba.formation, to = s->ba.new_formation - 1;
    s->ba.new_formation = 0;
    if (from == BA_FM_REST && (rc = gn__ba_rest_break(g, u, "leaves rest formation", "BA-5.5.4a")))
      return rc;
    s->ba.formation = to;
    gn__unit_place(g, u, gn__ba_form_box(g, u, to));
    s->flags |= BA_F_MOVED | BA_F_CHANGED;
    if (!gn__event(g, "formation", "BA-B17", u, -1, "%s forms %s", gn__ba_uid(g, u), gn__ba_form_name(to)))
      return GN_ENOMEM;
    if (to == BA_FM_REST && (rc = gn__ba_rest_enter(g, u))) return rc;
  }
  if (s->flags & (BA_F_TURN_L | BA_F_TURN_R)) {
    double t = (s->flags & BA_F_TURN_L) && (s->flags & BA_F_TURN_R) ? PI
               : (s->flags & BA_F_TURN_L) ? PI / 2 : -PI / 2;
    gn_box b = s->box;
    b.facing = fmod(b.facing + t + 2 * PI, 2 * PI);
    gn__unit_place(g, u, b);
    s->flags |= BA_F_MOVED;
  }
  return 0;
}

/* Step 2 of the movement phase for u in FD (ref. BA-B14): it faces away from
** the nearest enemy and makes a forced move at its fast rate (the normal rate
** where it has no fast one). Does nothing with no enemy on the table. Fails
** with the error of the forced move. */
static int rout_away(gn_game *g, int u) {
  const ba_data *d = BA_D(g);
  gn__ustate *s = gn__uw(g, u);
  int e = nearest_enemy(g, u);
  if (e < 0) return 0;
  gn_vec2 a = g->st.u[e].box.c, b = s->box.c;
  double h = atan2(b.y - a.y, b.x - a.x);
  int f = s->ba.formation == BA_FM_REST ? BA_FM_LINE : s->ba.formation;
  double dist = d->rate[gn__ba_type_of(g, u)][BA_P_FAST][f];
  if (dist <= 0) dist = d->rate[gn__ba_type_of(g, u)][BA_P_NORMAL][f];
  gn_box nb = s->box;
  nb.facing = fmod(h + 2 * PI, 2 * PI);
  gn__unit_place(g, u, nb);
  return gn__ba_forced_move(g, u, h, dist, "routs");
}

/* Where a unit marches in step 4 of the movement phase, and why. */
enum { GOAL_NONE, GOAL_POINT, GOAL_PART, GOAL_TARGET };

/* Step 4, the goal of u: an urban part whose combat is over marches to the
** nearest part of its unit, its written order giving way (*q that part,
** ref. BA-B22); a move order to its point; an attack order towards its
** target, unless u is already in contact with it (then it cancels its attack
** if so ordered, ref. BA-B20, and does not march). Returns the GOAL_* with
** *to set, or GOAL_NONE; *rc holds GN_ENOMEM or the error of cancelling. */
static int march_goal(gn_game *g, int u, gn_vec2 *to, int *q, int *rc) {
  gn__ustate *s = gn__uw(g, u);
  int o = s->ba.order;
  *q = -1;
  *rc = 0;
  if (gn__ba_urban_over(g, u) && gn__ba_may_change(g, u) && (*q = nearest_part(g, u)) >= 0) {
    *to = g->st.u[*q].box.c;
    s->ba.order = BA_O_MOVE;         /* its written order gives way (ref. BA-B22) */
    s->ba.target = s->ba.target2 = s->ba.split2 = 0;
    if (!gn__event(g, "reassemble", "BA-B22", u, *q, "urban combat is over: %s marches to "
                   "re-assemble with %s", gn__ba_uid(g, u), gn__ba_uid(g, *q)))
      *rc = GN_ENOMEM;
    return *rc ? GOAL_NONE : GOAL_PART;
  }
  if (o == BA_O_MOVE && (s->ba.dest_x || s->ba.dest_y)) {
    to->x = s->ba.dest_x / 1000.0; to->y = s->ba.dest_y / 1000.0;
    return GOAL_POINT;
  }
  if (o == BA_O_ATTACK && s->ba.target && gn__ba_on_table(g, s->ba.target - 1)) {
    int t = s->ba.target - 1;
    if (gn__ba_zone_contact(g, u, t)) {                                   /* already in contact */
      if (cancels(g, u)) *rc = cancel_attack(g, u, t);
      return GOAL_NONE;
    }
    *to = g->st.u[t].box.c;
    return GOAL_TARGET;
  }
  return GOAL_NONE;
}

/* Step 4 of the movement phase for u: its goal, the facing it takes (it
** wheels to face the way it goes when that is forward; an attacker or a part
** re-assembling always), and its move this bound as a mover in *m.
** Returns 1 when u marches, 0 when it does not, or a negative error. */
static int ready_mover(gn_game *g, int u, mover *m) {
  gn__ustate *s = gn__uw(g, u);
  gn_vec2 to;
  int q, rc, goal = march_goal(g, u, &to, &q, &rc);
  if (goal == GOAL_NONE) return rc;
  gn_vec2 c = s->box.c;
  double dist = hypot(to.x - c.x, to.y - c.y);
  if (dist < 1e-9) return 0;
  double h = atan2(to.y - c.y, to.x - c.x), turn = 0;
  gn_box b = s->box;
  if (gn_box_arc(b, to) == GN_ARC_FRONT || goal != GOAL_POINT) {   /* wheel to face it */
    turn = angle_between(b.facing, h);
    b.facing = fmod(h + 2 * PI, 2 * PI);
  }
  double len = gn__ba_rate(g, u, s->ba.pace, s->ba.formation, turn,
                           obstacles(g, c, to));
  if (len <= 0) return 0;
  gn__unit_place(g, u, b);
  if (turn > 0) s->flags |= BA_F_MOVED;
  if (s->ba.pace == BA_P_CHARGE) s->flags |= BA_F_CHARGE;
  double togo = goal == GOAL_PART ? approach(g, b, h, g->st.u[q].box)
              : goal == GOAL_POINT ? dist : HUGE_VAL;
  *m = (mover){.u = u, .heading = h, .left = len, .togo = togo, .clear = b};
  return 1;
}

/* Steps 5 and 6 of the movement phase for the nm movers mv[]: they march
** together, are placed in the grid, and pass through friends. Fails with
** GN_ENOMEM or the error of a step. */
static int march_all(gn_game *g, mover *mv, int nm) {
  int *pool = NULL;                                                               /* 5 */
  ba_screen *spool = NULL;
  size_t cap = 0, scap = 0;
  int rc = gather(g, mv, nm, &pool, &cap, &spool, &scap);
  entered en = {NULL, 0, 0};
  if (!rc) {
    rc = march(g, mv, nm, &en);
    for (int m = 0; m < nm; m++) place_moved(g, mv[m].u);
  }
  if (!rc) rc = passing(g, mv, nm, &en);                                          /* 6 */
  gn__free(g, en.p, (size_t)en.cap * sizeof *en.p);
  gn__free(g, spool, scap * sizeof *spool);
  gn__free(g, pool, cap * sizeof *pool);
  return rc;
}

/* Steps 1 to 6 of the movement phase (step 7 is the caller's). */
static int movement(gn_game *g) {
  int n = g->sc->nunits, rc;
  for (int u = 0; u < n; u++)                                                     /* 1 */
    if (gn__ba_on_table(g, u) && !(g->st.u[u].flags & BA_F_CONT) && (rc = form_and_turn(g, u)))
      return rc;
  for (int u = 0; u < n; u++) {                                                   /* 2 */
    const gn__ustate *s = &g->st.u[u];
    if (gn__ba_on_table(g, u) && s->ba.disorder == BA_DIS_FD && !(s->flags & BA_F_FD_NOW) &&
        (rc = rout_away(g, u)))
      return rc;
  }
  if ((rc = reassemble(g))) return rc;                                           /* 3 */
  mover *mv = gn__malloc(g, (size_t)(n > 0 ? n : 1) * sizeof *mv);                 /* 4 */
  if (!mv) return gn__error(g, GN_ENOMEM, "out of memory");
  int nm = 0;
  rc = 0;
  for (int u = 0; u < n && !rc; u++) {
    const gn__ustate *s = &g->st.u[u];
    if (!gn__ba_on_table(g, u) || (s->flags & (BA_F_CONT | BA_F_FORCED)) ||
        s->ba.disorder == BA_DIS_FD)
      continue;
    int r = ready_mover(g, u, &mv[nm]);
    if (r > 0) nm++;
    else rc = r;
  }
  if (!rc) rc = march_all(g, mv, nm);                                             /* 5, 6 */
  gn__free(g, mv, (size_t)(n > 0 ? n : 1) * sizeof *mv);
  return rc;
}

int gn__ba_stationary(const gn_game *g, int u) {
  if (g->st.u[u].flags & BA_F_MOVED) return 0;
  for (int j = 0; j < g->sc->nunits; j++)
    if (j != u && gn__ba_on_table(g, j) && ba_u(g, j)->root == u + 1 &&
        ba_u(g, j)->formation == BA_FM_SKIRMISH && (g->st.u[j].flags & BA_F_MOVED))
      return 0;
  return 1;
}
