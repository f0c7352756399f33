/*
** move.c: movement (ref. VB-B4), the terrain effects on it (VB-13..VB-18,
** VB-27), command and exhaustion limits (VB-B3, VB-B12), night moves (VB-66)
** and march column, limbering and disorder recovery (VB-B14, VB-B15, VB-B20);
** the combat-phase move of a cavalry breakthrough (VB-B17) is the same move.
** Cavalry skirmishers (VB-9..VB-11) are in skirmish.c.
**
** A move is a straight line of the stand's centre. Terrain along it comes
** from gn_path_crossings on the centre line plus the stand's final footprint.
** Distances and costs are in table units (ref. VB-1: inches, or centimetres
** read with the same numbers under the centimetre option).
*/
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "vb.h"

#define EPS 1e-9
#define MAXX 128      /* crossings of a move held in place; more go to the heap */
#define MAXSEEN 1024  /* features likewise */

/* ref. VB-B4, VB-26: a stand's full move. A cavalry skirmisher has a rate of
** its own (move.rate.cavalry_skirmisher), not the infantry skirmisher's. */
double gn__vb_rate(const gn_game *g, int u) {
  const vb_data *d = gn__vb_data(g);
  const gn__ustate *s = &g->st.u[u];
  int t = gn__vb_type(g, u);
  double r = d->rate[t];
  if (t == VB_T_ART_FOOT && s->vb.weight == 2) r = d->heavy_foot_rate;
  if (gn__vb_is_cav_skirmisher(g, u)) r = d->cav_skirm_rate;                 /* ref. VB-9 */
  if (s->vb.batguns) {                                /* ref. VB-26 */
    if (t == VB_T_INF_BRIGADE && r > d->batgun_rate_inf) r = d->batgun_rate_inf;
    if (gn__vb_is_cavalry(t) && r > d->batgun_rate_cav) r = d->batgun_rate_cav;
  }
  return r;
}

/* The move a stand has this phase: full, halved out of command (ref. VB-B3),
** or the night move (ref. VB-66). */
static double allowance(const gn_game *g, int u, int incmd) {
  const vb_data *d = gn__vb_data(g);
  double r = gn__vb_rate(g, u);
  if (g->st.phase == VB_PH_NIGHT) return r * d->night_factor;
  return incmd ? r : r * d->ooc_move_factor;
}

/* The move left to u this phase if it is (incmd 1) or is not in command. */
static double left_if(const gn_game *g, int u, int incmd) {
  double left = allowance(g, u, incmd) - vb_u(g, u)->move_used / 100.0;
  return left > 0 ? left : 0;
}

double gn__vb_move_left(const gn_game *g, int u) { return left_if(g, u, vb_u(g, u)->in_command); }

/* Command for a move of u: judged when the stand starts moving and held for
** the phase; at night every stand moves its night move (ref. VB-B3, VB-66). */
static int move_incmd(gn_game *g, int u) {
  const gn__ustate *s = &g->st.u[u];
  if (g->st.phase == VB_PH_NIGHT) return 1;
  return s->vb.moved ? s->vb.in_command : gn__vb_in_command(g, u);
}

/* Charges cost (table units) to the stand's move this phase. */
static void spend(gn_game *g, int u, double cost) {
  vb_uw(g, u)->move_used += (int)ceil(cost * 100 - 1e-6);
}

/* ------------------------------------------------------------ path */

typedef struct path {
  double len;         /* length of the centre's path */
  double extra;       /* terrain cost beyond the length */
  int town;           /* passes through or ends in a town (VB-14) */
  int bridge;         /* crosses water at a bridge (VB-13) */
  int river;          /* feature + 1 of a river crossed away from a bridge */
  int prohibited;     /* terrain kind + 1 closed to artillery (VB-27) */
  int cav_dis;        /* terrain kind + 1 that disorders cavalry */
  int village;        /* unit + 1 of an infantry skirmisher holding a village crossed (VB-18) */
  int village_seen;   /* a village crossed at all (VB-16, VB-17) */
  int road;           /* the whole path lies on a road */
  int stream;         /* streams crossed away from bridges */
} path;

static double seg_dist(gn_vec2 p, gn_vec2 a, gn_vec2 b) {
  double dx = b.x - a.x, dy = b.y - a.y, l2 = dx * dx + dy * dy;
  double t = l2 > 0 ? ((p.x - a.x) * dx + (p.y - a.y) * dy) / l2 : 0;
  if (t < 0) t = 0;
  if (t > 1) t = 1;
  return hypot(p.x - a.x - t * dx, p.y - a.y - t * dy);
}

static int on_road(const gn_game *g, gn_vec2 p) {
  const vb_data *d = gn__vb_data(g);
  for (int i = 0; i < g->sc->nterrain; i++) {
    const gn_feature *f = &g->sc->features[i];
    if (f->kind != VB_TR_ROAD) continue;
    for (int k = 0; k + 1 < f->npts; k++)
      if (seg_dist(p, f->pts[k], f->pts[k + 1]) <= d->road_width / 2 + EPS) return 1;
  }
  return 0;
}

static int on_bridge(const gn_game *g, gn_vec2 p) {
  for (int i = 0; i < g->sc->nterrain; i++)
    if (g->sc->features[i].kind == VB_TR_BRIDGE && gn_feature_contains(&g->sc->features[i], p)) return 1;
  return 0;
}

/* ref. VB-18: an infantry skirmisher holding the village feature fi, other
** than the mover: of either side, or only the enemy's under
** move.village.friends_block 0. The seed names infantry skirmishers: a
** cavalry skirmisher does not close a village. -1 if none. */
static int village_holder(const gn_game *g, int u, int fi) {
  const vb_data *d = gn__vb_data(g);
  for (int o = 0; o < g->sc->nunits; o++) {
    if (o == u || !gn__vb_alive(g, o) || !gn__vb_is_inf_skirmisher(g, o)) continue;
    if (!d->village_friends && g->sc->unit[o].side == g->sc->unit[u].side) continue;
    if (gn__vb_box_in_feature(g->st.u[o].box, &g->sc->features[fi])) return o;
  }
  return -1;
}

/* Area terrain entered by the path (on_path) or only by the final footprint. */
static void area(const gn_game *g, int u, int fi, double frac, int on_path, path *p) {
  const vb_data *d = gn__vb_data(g);
  int kind = g->sc->features[fi].kind;
  if (kind == VB_TR_WOODS) p->extra += (d->woods_factor - 1) * frac * p->len;
  if (kind == VB_TR_MARSH) p->extra += (d->marsh_factor - 1) * frac * p->len;
  if (kind == VB_TR_TOWN) p->town = 1;
  if (kind == VB_TR_BRIDGE && on_path) p->bridge = 1;   /* a footprint touching one is no crossing */
  if (kind == VB_TR_VILLAGE) {         /* ref. VB-16, VB-17: no cost, no disorder, no benefit */
    p->village_seen = 1;
    int h = village_holder(g, u, fi);
    if (h >= 0 && !p->village) p->village = h + 1;
  }
  if (d->art_prohibited[kind] && !p->prohibited) p->prohibited = kind + 1;
  if (d->cav_disorder[kind] && !p->cav_dis) p->cav_dis = kind + 1;
}

/*
** What the straight move of stand u from box a to box b meets.
**   1) the centre line's crossings: areas by the stretch inside, water lines
**      at the crossing point (a bridge there makes it a bridge crossing)
**   2) areas the final footprint overlaps that the centre line missed
**   3) a march column wholly on a road ignores woods and marsh (ref. VB-B14)
*/
static void analyse(const gn_game *g, int u, gn_box a, gn_box b, path *p) {
  const vb_data *d = gn__vb_data(g);
  gn_crossing xbuf[MAXX], *xs = xbuf;
  char sbuf[MAXSEEN], *seen;          /* features met on the centre line */
  int nseen = g->sc->nterrain;
  seen = gn__room(g, sbuf, MAXSEEN, &nseen, 1);
  memset(seen, 0, (size_t)nseen);
  memset(p, 0, sizeof *p);
  p->len = hypot(b.c.x - a.c.x, b.c.y - a.c.y);
  /* 1) */
  int n = 0;
  if (p->len > EPS) n = gn__crossings(g, a.c, b.c, xbuf, MAXX, &xs);
  for (int i = 0; i < n; i++) {
    int fi = xs[i].feature;
    const gn_feature *f = &g->sc->features[fi];
    if (fi < nseen) seen[fi] = 1;
    if (f->shape == GN_SHAPE_AREA) { area(g, u, fi, xs[i].t_out - xs[i].t_in, 1, p); continue; }
    gn_vec2 at = {a.c.x + xs[i].t_in * (b.c.x - a.c.x), a.c.y + xs[i].t_in * (b.c.y - a.c.y)};
    if (f->kind == VB_TR_RIVER || f->kind == VB_TR_STREAM) {
      if (on_bridge(g, at)) p->bridge = 1;
      else if (f->kind == VB_TR_RIVER) { if (!p->river) p->river = fi + 1; }
      else { p->stream++; p->extra += d->stream_cost * gn__vb_rate(g, u); }
    }
  }
  gn__room_free(g, xbuf, xs, n, sizeof *xs);
  /* 2) */
  for (int fi = 0; fi < g->sc->nterrain; fi++) {
    const gn_feature *f = &g->sc->features[fi];
    if (f->shape != GN_SHAPE_AREA || (fi < nseen && seen[fi])) continue;
    if (gn__vb_box_in_feature(b, f)) area(g, u, fi, 0, 0, p);
  }
  gn__room_free(g, sbuf, seen, nseen, 1);
  /* 3) */
  if (vb_u(g, u)->march && p->len > EPS) {
    p->road = 1;
    int steps = (int)ceil(p->len / 0.5);
    for (int k = 0; k <= steps && p->road; k++) {
      double t = (double)k / steps;
      gn_vec2 q = {a.c.x + t * (b.c.x - a.c.x), a.c.y + t * (b.c.y - a.c.y)};
      if (!on_road(g, q)) p->road = 0;
    }
    if (p->road) {
      p->extra = p->stream ? p->stream * d->stream_cost * gn__vb_rate(g, u) : 0;
      p->prohibited = 0;
      p->cav_dis = 0;
    }
  }
}

/* ref. VB-27: terrain kind + 1 closed to artillery that the straight move of
** stand u from box a to box b passes through or ends in (a march column wholly
** on a road excepted), 0 none. Any move counts: a retreat or a rout too.
** Cannot fail. */
int gn__vb_closed_to_guns(const gn_game *g, int u, gn_box a, gn_box b) {
  path p;
  analyse(g, u, a, b, &p);
  return p.prohibited;
}

/* ref. VB-27: a stand with battalion guns that moved from a to b through
** terrain closed to artillery loses them for good; the event names why.
** Cannot fail. */
void gn__vb_guns_check(gn_game *g, int u, gn_box a, gn_box b, const char *how) {
  if (!vb_u(g, u)->batguns) return;
  int k = gn__vb_closed_to_guns(g, u, a, b);
  if (!k) return;
  vb_uw(g, u)->batguns = 0;
  gn__event(g, "batguns-lost", "VB-27", u, -1, "%s loses its battalion guns for good in %s%s",
            gn__vb_uname(g, u), gn__rs_vb.terrain[k - 1].name, how);
}

/* ------------------------------------------------------------ checks */

static int is_obstacle(const gn_game *g, int o) {
  return gn__vb_alive(g, o) && !gn__vb_is_leader(gn__vb_type(g, o));
}

/* ref. VB-B4: no passing through enemy stands. The stand wheels to its new
** facing first, then goes: the box swept has the new facing (an angled charge
** does not sweep its old flank across the target). The sweep is exact
** (gn__vb_sweep, separating axes): an enemy base overlapped, deeper than the
** contact tolerance, anywhere along the way blocks it; the first met is
** named. Only the enemy stands the grid finds touching the lane the sweep
** stays in (the path, widened on each side and lengthened at each end by the
** radius of the circle that holds the stand however it wheels) are looked
** at; when it finds more than the buffer holds, every stand is. a is the
** present box. */
#define MAXPATH 512
#define LANE_SLACK 1e-3   /* the lane searched is this much wider than the sweep: rounding only */
typedef struct mover { const gn_game *g; int u, side; } mover;

/* An enemy stand that blocks mover ud. */
static int enemy_obstacle(void *ud, int o) {
  const mover *m = ud;
  return o != m->u && m->g->sc->unit[o].side != m->side && is_obstacle(m->g, o);
}

static int path_blocked(gn_game *g, int u, gn_box a, gn_box b) {
  double len = hypot(b.c.x - a.c.x, b.c.y - a.c.y), first = INFINITY, lo, hi;
  int near[MAXPATH], hit = -1;
  mover m = {g, u, g->sc->unit[u].side};
  if (len <= EPS) return -1;
  gn_box s = a;
  s.facing = b.facing;
  gn_vec2 dir = {(b.c.x - a.c.x) / len, (b.c.y - a.c.y) / len};
  double R = hypot(a.w, a.d) / 2;     /* the stand, however it wheels, lies within R of its centre */
  gn__frame lane = {{a.c.x + dir.x * len / 2, a.c.y + dir.y * len / 2}, dir, {-dir.y, dir.x}, len / 2 + R, R};
  int n = gn__vb_near_if(g, &lane, LANE_SLACK, enemy_obstacle, &m, near, MAXPATH);
  int all = n < 0;
  for (int i = 0; i < (all ? g->sc->nunits : n); i++) {
    int o = all ? i : near[i];
    if (!enemy_obstacle(&m, o)) continue;
    if (!gn__vb_sweep(s, dir, g->st.u[o].box, GN_CONTACT_EPS, &lo, &hi)) continue;
    if (hi <= EPS || lo >= len) continue;         /* behind it, or beyond the end */
    if (lo < first) { first = lo; hit = o; }
  }
  return hit;
}

/* A stand (not u, not in skip) the box would overlap, or -1: the first in unit
** order of near[0..n) (the stands the grid finds touching the box; every
** stand when n < 0). */
static int overlap_in(const gn_game *g, int u, gn_box b, const int *skip, int nskip, const int *near, int n) {
  for (int i = 0; i < (n < 0 ? g->sc->nunits : n); i++) {
    int o = n < 0 ? i : near[i];
    if (o == u || !is_obstacle(g, o)) continue;
    int k = 0;
    while (k < nskip && skip[k] != o) k++;
    if (k < nskip) continue;
    if (gn_box_overlap(b, g->st.u[o].box)) return o;
  }
  return -1;
}

/* A stand (not u, not in skip) the box would overlap, or -1: the first in unit
** order of those the grid finds touching the box. */
int gn__vb_overlap_any(gn_game *g, int u, gn_box b, const int *skip, int nskip) {
  int near[MAXPATH], n = gn__vb_near_box(g, b, GN_CONTACT_EPS, near, MAXPATH);
  return overlap_in(g, u, b, skip, nskip, near, n);
}

/* An enemy stand touching the box, or -1: the first in unit order of
** near[0..n), the stands the grid found within GN_CONTACT_EPS of it (every
** stand, measured here, when n < 0). */
static int enemy_contact(const gn_game *g, int u, gn_box b, const int *near, int n) {
  int side = g->sc->unit[u].side;
  for (int i = 0; i < (n < 0 ? g->sc->nunits : n); i++) {
    int o = n < 0 ? i : near[i];
    if (g->sc->unit[o].side != side && is_obstacle(g, o) &&
        (n >= 0 || gn_box_distance(b, g->st.u[o].box) <= GN_CONTACT_EPS))
      return o;
  }
  return -1;
}

/* ref. VB-66: friend f lies between the stand's new place and enemy e, and
** the move brings the stand closer to f. */
static int screens(const gn_game *g, gn_box from, gn_box to, int f, int e) {
  const vb_data *d = gn__vb_data(g);
  gn_box fb = g->st.u[f].box;
  if (gn_box_distance(to, fb) >= gn_box_distance(from, fb) - EPS) return 0;
  gn_vec2 A = to.c, B = g->st.u[e].box.c;
  double dx = B.x - A.x, dy = B.y - A.y, l2 = dx * dx + dy * dy;
  if (l2 <= EPS) return 0;
  double t = ((fb.c.x - A.x) * dx + (fb.c.y - A.y) * dy) / l2;
  if (t <= 0 || t >= 1) return 0;
  double lat = fabs((fb.c.x - A.x) * dy - (fb.c.y - A.y) * dx) / sqrt(l2);
  return lat <= d->night_screen + EPS;
}

/* ref. VB-66: an enemy the night move closes on without a screen, or -1. */
static int night_unscreened(const gn_game *g, int u, gn_box from, gn_box to) {
  int side = g->sc->unit[u].side;
  for (int e = 0; e < g->sc->nunits; e++) {
    if (g->sc->unit[e].side == side || !is_obstacle(g, e)) continue;
    gn_box eb = g->st.u[e].box;
    if (gn_box_distance(to, eb) >= gn_box_distance(from, eb) - EPS) continue;
    int ok = 0;
    for (int f = 0; f < g->sc->nunits && !ok; f++)
      if (f != u && g->sc->unit[f].side == side && is_obstacle(g, f) && screens(g, from, to, f, e)) ok = 1;
    if (!ok) return e;
  }
  return -1;
}

/* --------------------------------------------------------------- move */

/* Why a stand moves: an ordinary move (movement phase, night) or the
** combat-phase move of a cavalry breakthrough (ref. VB-B17). */
typedef enum move_kind { MV_MOVE, MV_BREAKTHROUGH } move_kind;

/* Slack on the move's distances (table units): a move that needs at most
** this much more than it has is allowed, and the distance to the enemy must
** change by more than this to count as closing or retiring. Tolerances of the
** arithmetic, not rules. */
#define MOVE_EPS 1e-6

/* Steps 1 and 2 of move_stand: the phase and the stand. 0 or a refusal. */
static int check_stand(gn_game *g, int u, const gn__ustate *s, move_kind kind, double len) {
  const char *name = gn__vb_uname(g, u);
  int t = gn__vb_type(g, u), rc;
  int night = g->st.phase == VB_PH_NIGHT;
  /* 1) */
  if (kind == MV_BREAKTHROUGH) {
    if ((rc = gn__vb_need_phase(g, u, VB_PH_COMBAT, "VB-B17", "a breakthrough moves"))) return rc;
  } else if (!night && (rc = gn__vb_need_phase(g, u, VB_PH_MOVE, "VB-B1", "moves"))) {
    return rc;
  }
  /* 2) */
  if (!gn__vb_alive(g, u)) return gn__refuse(g, "VB-B4", "%s is not on the table", name);
  if (s->vb.routed) return gn__refuse(g, "VB-41", "%s is routed: it moves only by the rout rules", name);
  if (s->vb.reforming) return gn__refuse(g, "VB-11", "%s is reforming its brigade this phase", name);
  if (night && s->vb.moved) return gn__refuse(g, "VB-66", "%s has made its one night move", name);
  if (night && gn__vb_side_ended(g, u))
    return gn__refuse(g, "VB-66", "%s has ended its night", g->sc->side[g->sc->unit[u].side].name);
  /* ref. VB-B23: a stand touching an enemy stand (it charged, or was charged)
  ** stays for the melee of the combat phase: moving off would undo the charge */
  if (kind == MV_MOVE && !night && !gn__vb_is_leader(t) && gn__vb_in_contact(g, u))
    return gn__refuse(g, "VB-B23", "%s is in contact with the enemy: it stays for the melee", name);
  if (gn__vb_is_artillery(t) && !s->vb.limbered && len > EPS)
    return gn__refuse(g, "VB-B15", "%s is unlimbered: limber it to move", name);
  return 0;
}

/* Step 4 of move_stand: the path's terrain and its cost against the move
** left. 0 or a refusal. */
static int check_path(gn_game *g, int u, const path *p, double cost, double left, int incmd) {
  const char *name = gn__vb_uname(g, u);
  double tol = gn__vb_data(g)->move_tolerance;
  int t = gn__vb_type(g, u);
  if (p->river) return gn__refuse(g, "VB-B4", "%s cannot cross %s away from a bridge", name,
                                  g->sc->terrain[p->river - 1].id);
  if (p->prohibited && gn__vb_is_artillery(t))
    return gn__refuse(g, "VB-27", "artillery cannot enter %s", gn__rs_vb.terrain[p->prohibited - 1].name);
  if (p->village && !gn__vb_is_leader(t))
    return gn__refuse(g, "VB-18", "cannot move through a village held by the infantry skirmisher %s",
                      gn__vb_uname(g, p->village - 1));
  /* ref. VB-B4: a move over by no more than the measuring tolerance is
  ** accepted (data move.tolerance) [interpretation: tapes at a table are read
  ** to a fraction of an inch] */
  if (cost > left + tol + MOVE_EPS)
    return gn__refuse(g, incmd ? "VB-B4" : "VB-B3", "%s needs %.2f %s of move and has %.2f%s%s", name, cost,
                      gn__vb_unit_word(g), left, incmd ? "" : " (out of command: half move)",
                      tol > 0 ? " (more than the measuring tolerance over)" : "");
  return 0;
}

/* Step 5 of move_stand: not through enemy stands, no overlap at the end, not
** into contact. 0 or a refusal. */
static int check_enemy(gn_game *g, int u, gn_box from, gn_box nb) {
  const char *name = gn__vb_uname(g, u);
  int o = path_blocked(g, u, from, nb);
  if (o >= 0) return gn__refuse(g, "VB-B4", "%s cannot move through the enemy stand %s", name, gn__vb_uname(g, o));
  int near[MAXPATH], n = gn__vb_near_box(g, nb, GN_CONTACT_EPS, near, MAXPATH);   /* both ask the same */
  if ((o = overlap_in(g, u, nb, NULL, 0, near, n)) >= 0)
    return gn__refuse(g, "VB-B4", "%s would end on top of %s", name, gn__vb_uname(g, o));
  if ((o = enemy_contact(g, u, nb, near, n)) >= 0)
    return gn__refuse(g, "VB-B4", "%s would end in contact with %s: closing to contact is a charge", name,
                      gn__vb_uname(g, o));
  return 0;
}

/* Step 6 of move_stand: closing on the enemy. By day the distance matters
** only to a stand out of command or of a division no longer fresh (broken is
** not fresh); at night only behind a friendly screen. 0 or a refusal. */
static int check_closing(gn_game *g, int u, gn_box from, gn_box nb, int incmd, double len) {
  const char *name = gn__vb_uname(g, u);
  int night = g->st.phase == VB_PH_NIGHT;
  if (!night && (!incmd || gn__vb_exhausted(g, u))) {
    double before = gn__vb_enemy_distance(g, u, from), after = gn__vb_enemy_distance(g, u, nb);
    if (after < before - MOVE_EPS) {
      if (!incmd) return gn__refuse(g, "VB-B3", "%s is out of command and may not move closer to the enemy", name);
      if (gn__vb_exhausted(g, u))
        return gn__refuse(g, "VB-B12", "%s belongs to an exhausted division and may not move closer to the enemy", name);
    }
    /* ref. VB-B12: a broken division's stands only retire, away from the enemy */
    if (len > EPS && after <= before + MOVE_EPS && gn__vb_division_state(g, gn__vb_division_of(g, u)) == VB_BROKEN)
      return gn__refuse(g, "VB-B12", "%s belongs to a broken division: it may only move away from the enemy", name);
  }
  int e;
  if (night && (e = night_unscreened(g, u, from, nb)) >= 0)
    return gn__refuse(g, "VB-66", "at night %s may not move closer to %s unless toward a friend between them",
                      name, gn__vb_uname(g, e));
  return 0;
}

/* Step 7 of move_stand, after the stand is placed: the disorder the move
** earns (towns, bridges, broken ground, out of command) and the battalion
** guns (ref. VB-27). Cannot fail. */
static void move_disorder(gn_game *g, int u, gn__ustate *s, const path *p, gn_box from, gn_box nb, int incmd) {
  int t = gn__vb_type(g, u);
  int night = g->st.phase == VB_PH_NIGHT;
  if (p->town && !s->vb.march) {                                /* ref. VB-14, VB-15 */
    if (!s->vb.town_disordered) gn__vb_disorder(g, u, 1, "VB-14", "moved through a town out of march column");
    s->vb.town_disordered = 1;
  }
  if (p->bridge && !s->vb.march)                                /* ref. VB-13 */
    gn__vb_disorder(g, u, 1, "VB-13", "crossed a bridge out of march column");
  if (p->cav_dis && gn__vb_is_cavalry(t) && !s->vb.march)
    gn__vb_disorder(g, u, 1, "VB-B4", "cavalry in broken ground");
  gn__vb_guns_check(g, u, from, nb, "");                        /* ref. VB-27 */
  if (!night && !incmd)                                         /* ref. VB-B3 */
    gn__vb_disorder(g, u, 1, "VB-B3", "moved out of command");
}

/* ", of which 8.00 in for the ground" when difficult ground added to a move's
** cost, else "". Cannot fail. */
static gn_text terrain_words(double extra, const char *unit) {
  gn_text t = { "" };
  if (extra > 0) gn__snprintf(t.text, sizeof t.text, ", of which %.2f %s for difficult ground", extra, unit);
  return t;
}

/*
** Move stand u straight to `to` (facing in radians when has_facing).
**   1) the phase: the side's movement phase, or the night; a breakthrough in
**      the side's combat phase (ref. VB-B17)
**   2) the stand: on the table, not routed, not reforming, by day not in
**      contact with the enemy; artillery limbered; one move at night
**   3) the move it has: full, halved out of command, minus what it spent
**   4) the path's terrain and cost; rivers, closed terrain, held villages
**   5) enemy stands: not through them, not into contact, no overlap at the end
**   6) closing on the enemy: not out of command, not exhausted (by day);
**      at night only behind a friendly screen
**   7) move, spend, and the disorder it earns
** A wheel costs at least the arc its outer front corner goes (arc, else 0).
** Returns 0, or the refusal of the first step the move fails.
*/
static int move_stand(gn_game *g, int u, gn_vec2 to, int has_facing, double facing, move_kind kind,
                      double arc) {
  const vb_data *d = gn__vb_data(g);
  gn__ustate *s = gn__uw(g, u);
  const char *name = gn__vb_uname(g, u);
  int t = gn__vb_type(g, u), rc;
  int night = g->st.phase == VB_PH_NIGHT;
  gn_box from = s->box, nb = s->box;
  nb.c = to;
  if (has_facing) nb.facing = facing;
  double len = hypot(to.x - from.c.x, to.y - from.c.y);
  /* 1) and 2) */
  if ((rc = check_stand(g, u, s, kind, len))) return rc;
  /* 3) */
  int incmd = move_incmd(g, u);
  if (!night) s->vb.in_command = incmd;
  double left = left_if(g, u, incmd);
  /* 4) */
  path p;
  analyse(g, u, from, nb, &p);
  double cost = (p.road ? p.len / d->road_factor : p.len) + p.extra;
  if (cost < arc) cost = arc;
  if ((rc = check_path(g, u, &p, cost, left, incmd))) return rc;
  /* 5) and 6) */
  if (!gn__vb_is_leader(t)) {
    if ((rc = check_enemy(g, u, from, nb))) return rc;
    if ((rc = check_closing(g, u, from, nb, incmd, len))) return rc;
  }
  /* 7) */
  gn__unit_place(g, u, nb);
  spend(g, u, cost);
  s->vb.moved = 1;
  s->vb.stationary = 0;
  gn_event *ev = gn__event(g, "move", night ? "VB-66" : kind == MV_BREAKTHROUGH ? "VB-B17" : "VB-B4", u, -1,
                           "%s %s %.2f %s from %.2f,%.2f to %.2f,%.2f facing %.1f (cost %.2f of %.2f%s)", name,
                           kind == MV_BREAKTHROUGH ? "breaks through" : "moves", p.len, gn__vb_unit_word(g),
                           from.c.x, from.c.y, nb.c.x, nb.c.y, gn__compass(nb.facing), cost, left,
                           terrain_words(p.extra, gn__vb_unit_word(g)).text);
  if (ev && p.road) gn__event_mod(ev, "march column on a road", 0, "VB-B14");
  if (ev && p.extra > 0) gn__event_mod(ev, "difficult ground", 0, "VB-B4");   /* its cost is in the text */
  if (ev && !incmd) gn__event_mod(ev, "out of command: half move", 0, "VB-B3");
  if (ev && p.village_seen && !p.village) gn__event_mod(ev, "village: no disorder", 0, "VB-17");
  if (!gn__vb_is_leader(t)) move_disorder(g, u, s, &p, from, nb, incmd);
  return 0;
}

int gn__vb_move_to(gn_game *g, int u, gn_vec2 to, int has_facing, double facing) {
  return move_stand(g, u, to, has_facing, facing, MV_MOVE, 0);
}

/* ref. VB-B17: the same move, every rule of `move` but the phase. */
int gn__vb_move_breakthrough(gn_game *g, int u, gn_vec2 to, int has_facing, double facing) {
  return move_stand(g, u, to, has_facing, facing, MV_BREAKTHROUGH, 0);
}

/* What a straight move of u to p would cost (gn__furthest's measure). */
typedef struct costq { gn_game *g; int u; gn_box from; } costq;
static double cost_to(void *ud, gn_vec2 p) {
  costq *q = ud;
  gn_box b = q->from;
  path pa;
  b.c = p;
  analyse(q->g, q->u, q->from, b, &pa);
  return (pa.road ? pa.len / gn__vb_data(q->g)->road_factor : pa.len) + pa.extra;
}

/*
** A move as players make it (ref. VB-B4; gn__arg_dest reads the words):
**   1) to X,Y, advance, retire, wheel, turn: the point it gives, every rule of
**      move_stand applied
**   2) towards X,Y: the furthest point of the line whose cost fits the move
**      the stand has left (terrain and roads reckoned as move_stand does)
*/
static int move_as_told(gn_game *g, int u, const gn__args *a) {
  gn__dest d;
  int rc;
  if ((rc = gn__arg_dest(g, a, 2, g->st.u[u].box, &d))) return rc;
  if (d.towards) {                                                                  /* 2 */
    costq q = { g, u, g->st.u[u].box };
    double t = gn__furthest(q.from.c, d.to, cost_to, &q, left_if(g, u, move_incmd(g, u)));
    if (t <= 0 && hypot(d.to.x - q.from.c.x, d.to.y - q.from.c.y) > EPS)
      return gn__refuse(g, "VB-B4", "%s has no move left to go towards %.2f,%.2f", gn__vb_uname(g, u),
                        d.to.x, d.to.y);
    d.to.x = q.from.c.x + (d.to.x - q.from.c.x) * t;
    d.to.y = q.from.c.y + (d.to.y - q.from.c.y) * t;
  }
  return move_stand(g, u, d.to, d.hasf, d.facing, MV_MOVE, d.arc);                  /* 1 */
}

/* Parses "VERB UNIT to X,Y [facing DEG]"; DEG is a compass bearing (0 north,
** 90 east) as in scenario files. */
int gn__vb_move_parse(gn_game *g, const gn__args *a, int *u, gn_vec2 *to, int *hasf, double *f) {
  int rc;
  if ((rc = gn__arg_unit(g, a, 1, u))) return rc;
  if (!gn__arg_is(a, 2, "to")) return gn__syntax(g, a, 2, "expected 'to'");
  if ((rc = gn__arg_point(g, a, 3, to))) return rc;
  *hasf = 0;
  if (a->n > 4) {
    double deg;
    if (!gn__arg_is(a, 4, "facing")) return gn__syntax(g, a, 4, "expected 'facing' or the end of the order");
    if ((rc = gn__arg_num(g, a, 5, &deg))) return rc;
    if (a->n > 6) return gn__syntax(g, a, 6, "unexpected '%s'", a->tok[6]);
    *hasf = 1;
    double r = fmod(90.0 - deg, 360.0);      /* compass degrees, as in scenarios */
    if (r < 0) r += 360.0;
    *f = r * 3.14159265358979323846 / 180.0;
  }
  return 0;
}

int gn__vb_order_move(gn_game *g, const gn__args *a) {
  int u, rc;
  if ((rc = gn__arg_unit(g, a, 1, &u))) return rc;
  return move_as_told(g, u, a);
}

int gn__vb_order_leader(gn_game *g, const gn__args *a) {
  int u, rc;
  if ((rc = gn__arg_unit(g, a, 1, &u))) return rc;
  if (!gn__vb_is_leader(gn__vb_type(g, u)))
    return gn__syntax(g, a, 1, "'%s' is not a leader (use 'move')", a->tok[1]);
  return move_as_told(g, u, a);
}

/* ------------------------------------------------ formation changes */

/* Common checks of an order that spends part of a unit's move in place. */
static int in_place(gn_game *g, const gn__args *a, int *u, const char *ref, const char *what) {
  int rc;
  if ((rc = gn__arg_unit(g, a, 1, u))) return rc;
  if (a->n > 2) return gn__syntax(g, a, 2, "unexpected '%s'", a->tok[2]);
  if ((rc = gn__vb_need_phase(g, *u, VB_PH_MOVE, "VB-B1", what))) return rc;
  if (!gn__vb_alive(g, *u)) return gn__refuse(g, ref, "%s is not on the table", gn__vb_uname(g, *u));
  if (gn__vb_is_leader(gn__vb_type(g, *u))) return gn__refuse(g, ref, "leaders have no formation");
  if (vb_u(g, *u)->routed) return gn__refuse(g, "VB-41", "%s is routed", gn__vb_uname(g, *u));
  vb_uw(g, *u)->in_command = gn__vb_in_command(g, *u);
  return 0;
}

static int pay(gn_game *g, int u, double frac, const char *ref) {
  double cost = frac * gn__vb_rate(g, u), left = gn__vb_move_left(g, u);
  if (cost > left + 1e-6)
    return gn__refuse(g, ref, "%s needs %.2f %s of move and has %.2f", gn__vb_uname(g, u), cost,
                      gn__vb_unit_word(g), left);
  spend(g, u, cost);
  vb_uw(g, u)->moved = 1;
  vb_uw(g, u)->stationary = 0;
  return 0;
}

/* ref. VB-B14: march column (artillery limbers with it). */
static int set_march(gn_game *g, const gn__args *a, int on) {
  int u, rc;
  if ((rc = in_place(g, a, &u, "VB-B14", on ? "forming march column" : "deploying"))) return rc;
  gn__ustate *s = gn__uw(g, u);
  if (s->vb.march == on)
    return gn__refuse(g, "VB-B14", "%s is %s in march column", gn__vb_uname(g, u), on ? "already" : "not");
  if (gn__vb_is_artillery(gn__vb_type(g, u)) && !s->vb.in_command && !s->vb.limbered)
    return gn__refuse(g, "VB-B3", "out-of-command artillery cannot limber");
  if ((rc = pay(g, u, gn__vb_data(g)->march_cost, "VB-B14"))) return rc;
  s->vb.march = on;
  if (on && gn__vb_is_artillery(gn__vb_type(g, u))) s->vb.limbered = 1;
  gn__event(g, "formation", "VB-B14", u, -1, "%s %s", gn__vb_uname(g, u),
            on ? "forms march column" : "deploys from march column");
  return 0;
}

int gn__vb_order_march(gn_game *g, const gn__args *a) { return set_march(g, a, 1); }
int gn__vb_order_deploy(gn_game *g, const gn__args *a) { return set_march(g, a, 0); }

/* ref. VB-B15 (and VB-B3: out of command, artillery can neither limber nor unlimber). */
static int set_limber(gn_game *g, const gn__args *a, int on) {
  int u, rc;
  if ((rc = in_place(g, a, &u, "VB-B15", on ? "limbering" : "unlimbering"))) return rc;
  gn__ustate *s = gn__uw(g, u);
  if (!gn__vb_is_artillery(gn__vb_type(g, u)))
    return gn__refuse(g, "VB-B15", "%s is not artillery", gn__vb_uname(g, u));
  if (s->vb.limbered == on)
    return gn__refuse(g, "VB-B15", "%s is %s limbered", gn__vb_uname(g, u), on ? "already" : "not");
  if (!on && s->vb.march) return gn__refuse(g, "VB-B14", "deploy from march column first");
  if (!s->vb.in_command)
    return gn__refuse(g, "VB-B3", "%s is out of command: it can neither limber nor unlimber", gn__vb_uname(g, u));
  if ((rc = pay(g, u, gn__vb_data(g)->limber_cost, "VB-B15"))) return rc;
  s->vb.limbered = on;
  gn__event(g, "formation", "VB-B15", u, -1, "%s %s", gn__vb_uname(g, u), on ? "limbers" : "unlimbers");
  return 0;
}

int gn__vb_order_limber(gn_game *g, const gn__args *a) { return set_limber(g, a, 1); }
int gn__vb_order_unlimber(gn_game *g, const gn__args *a) { return set_limber(g, a, 0); }

/* ref. VB-B20: yellow disorder removed for half a move, in command and out
** of contact; red stays (VB-B3: never out of command; VB-15: never for
** cavalry or artillery in a town). */
int gn__vb_order_reorder(gn_game *g, const gn__args *a) {
  int u, rc;
  if ((rc = in_place(g, a, &u, "VB-B20", "reordering"))) return rc;
  gn__ustate *s = gn__uw(g, u);
  int t = gn__vb_type(g, u);
  const char *name = gn__vb_uname(g, u);
  if (s->vb.disorder == 0) return gn__refuse(g, "VB-B20", "%s is not disordered", name);
  if (s->vb.disorder == 2) return gn__refuse(g, "VB-B20", "%s is permanently disordered today", name);
  if (!s->vb.in_command) return gn__refuse(g, "VB-B3", "%s is out of command and cannot recover from disorder", name);
  if (gn__vb_in_contact(g, u)) return gn__refuse(g, "VB-B20", "%s is in contact with the enemy", name);
  if ((gn__vb_is_cavalry(t) || gn__vb_is_artillery(t)) && gn__vb_in_terrain(g, u, VB_TR_TOWN))
    return gn__refuse(g, "VB-15", "cavalry and artillery stay disordered while in a town");
  double cost = gn__vb_data(g)->disorder_cost * gn__vb_rate(g, u);
  if (cost > gn__vb_move_left(g, u) + 1e-6)
    return gn__refuse(g, "VB-B20", "%s has not half its move left", name);
  spend(g, u, cost);
  s->vb.disorder = 0;
  gn__event(g, "reorder", "VB-B20", u, -1, "%s removes its disorder marker", name);
  return 0;
}

/* ------------------------------------------------ phase edges */

void gn__vb_move_begin(gn_game *g, int side) {
  for (int i = 0; i < g->sc->nunits; i++) {
    if (g->sc->unit[i].side != side) continue;
    gn__ustate *s = gn__uw(g, i);
    s->vb.moved = 0;
    s->vb.move_used = s->vb.entry_used;               /* a march onto the table, ref. VB-ARR */
    s->vb.entry_used = 0;
    s->vb.reforming = 0;
  }
  gn__vb_command_refresh(g, side);
}

/* ref. VB-ARR [interpretation]: a stand that came on at an entry marched from
** the edge to where it stands; with arrival.entry_pays that march is spent
** from its move in its side's next movement phase, as a move from the edge
** would be (a column's head has marched furthest). */
void gn__vb_entered(gn_game *g, int u, double marched) {
  if (!gn__vb_data(g)->entry_pays || marched <= 0) return;
  vb_uw(g, u)->entry_used = (int)ceil(marched * 100 - 1e-6);
}

/*
** End of a side's movement phase.
**   1) reforming cavalry skirmishers become their brigade (ref. VB-11)
**   2) command status from the final positions
**   3) stationary: infantry and artillery that did not move, in command,
**      not routed (ref. VB-B16, VB-B3); the markers placed and taken away
**      are told
*/
void gn__vb_move_end(gn_game *g, int side) {
  gn__vb_reform_finish(g, side);                                          /* 1) */
  gn__vb_command_refresh(g, side);                                        /* 2) */
  if (gn__vb_stationary_mark(g, side, 1)) g->evoom = 1;                   /* 3) */
}

/*
** Marks stationary the infantry and artillery of side (-1: every side) that
** did not move this turn and are not routed, and in command when command is
** 1; takes the mark from the others; tells the markers placed and taken away
** (ref. VB-B16). 0, or GN_ENOMEM with nothing changed.
*/
int gn__vb_stationary_mark(gn_game *g, int side, int command) {
  int n = g->sc->nunits, non = 0, noff = 0;
  int *list = gn__malloc(g, 2 * (size_t)(n > 0 ? n : 1) * sizeof *list);
  if (!list) return gn__error(g, GN_ENOMEM, "out of memory");
  int *on = list, *off = list + n;
  for (int i = 0; i < n; i++) {
    if ((side >= 0 && g->sc->unit[i].side != side) || !gn__vb_alive(g, i)) continue;
    const gn__ustate *s = &g->st.u[i];
    int can = gn__vb_infantry(g, i) || gn__vb_is_artillery(gn__vb_type(g, i));
    int now = can && !s->vb.moved && (!command || s->vb.in_command) && !s->vb.routed;
    if (now == s->vb.stationary) continue;
    vb_uw(g, i)->stationary = now;
    if (now) on[non++] = i;
    else off[noff++] = i;
  }
  gn__event_list(g, "stationary", "VB-B16", ~0u, "stationary", on, non);
  gn__event_list(g, "stationary", "VB-B16", ~0u, "no longer stationary", off, noff);
  gn__free(g, list, 2 * (size_t)(n > 0 ? n : 1) * sizeof *list);
  return 0;
}

/* Appends to avoid (at k of n) the ids of the features of which keep(g, u,
** fi) says 1, after head, or nothing when there are none. */
static size_t features(const gn_game *g, int u, int (*keep)(const gn_game *, int, int), const char *head,
                       const char *ref, char *avoid, size_t k, size_t n) {
  int any = 0;
  for (int fi = 0; fi < g->sc->nterrain; fi++) {
    if (!keep(g, u, fi)) continue;
    if (k < n) k += (size_t)snprintf(avoid + k, n - k, "%s%s", any ? ", " : k ? "; " : "", any ? "" : head);
    if (k < n) k += (size_t)snprintf(avoid + k, n - k, "%s", g->sc->terrain[fi].id);
    any = 1;
  }
  if (any && k < n) k += (size_t)snprintf(avoid + k, n - k, " (%s)", ref);
  return k;
}

static int is_river(const gn_game *g, int u, int fi) { (void)u; return g->sc->features[fi].kind == VB_TR_RIVER; }
static int is_held_village(const gn_game *g, int u, int fi) {
  return g->sc->features[fi].kind == VB_TR_VILLAGE && village_holder(g, u, fi) >= 0;
}
static int is_closed_to_guns(const gn_game *g, int u, int fi) {
  (void)u;
  return g->sc->features[fi].shape == GN_SHAPE_AREA && gn__vb_data(g)->art_prohibited[g->sc->features[fi].kind];
}

/* A gun stand whose centre lies in terrain closed to artillery (ref. VB-27):
** every move it tries ends there, so it can never move. The terrain's id into
** buf; 1 when so. Cannot fail. */
int gn__vb_stuck(const gn_game *g, int u, char *buf, size_t n) {
  if (!gn__vb_is_artillery(gn__vb_type(g, u))) return 0;
  for (int fi = 0; fi < g->sc->nterrain; fi++)
    if (is_closed_to_guns(g, u, fi) && gn_feature_contains(&g->sc->features[fi], g->st.u[u].box.c)) {
      snprintf(buf, n, "%s", g->sc->terrain[fi].id);
      return 1;
    }
  return 0;
}

/*
** gn_actions: the move a stand has left for `move` and `leader` (the same
** command and allowance move_stand spends from), and the ground its steps
** 2) and 4) to 6) keep it from: the scenario's rivers away from a bridge,
** villages an infantry skirmisher holds, terrain closed to artillery; enemy
** stands; the enemy's nearness where command, exhaustion or night limit it.
*/
double gn__vb_allowance(gn_game *g, const char *verb, int u, char *avoid, size_t n) {
  if (strcmp(verb, "move") && strcmp(verb, "leader")) return -1;
  int t = gn__vb_type(g, u), incmd = move_incmd(g, u), night = g->st.phase == VB_PH_NIGHT;
  if (gn__vb_is_artillery(t) && !vb_u(g, u)->limbered) {           /* ref. VB-B15, as step 2) */
    snprintf(avoid, n, "any move: it is unlimbered and only turns in place; limber it first (VB-B15)");
    return 0;
  }
  size_t k = features(g, u, is_river, "the rivers away from a bridge: ", "VB-B4", avoid, 0, n);
#define SAY(...) do { if (k < n) k += (size_t)snprintf(avoid + k, n - k, __VA_ARGS__); } while (0)
  if (!gn__vb_is_leader(t)) {
    SAY("%senemy stands, through or into contact: that is a charge (VB-B4)", k ? "; " : "");
    k = features(g, u, is_held_village, "villages held by an infantry skirmisher: ", "VB-18", avoid, k, n);
    if (gn__vb_is_artillery(t)) k = features(g, u, is_closed_to_guns, "terrain closed to artillery: ", "VB-27", avoid, k, n);
    if (night) SAY("; nearer an enemy, unless toward a friend between them (VB-66)");
    else if (!incmd) SAY("; nearer the enemy: out of command (VB-B3)");
    else if (gn__vb_exhausted(g, u)) SAY("; nearer the enemy: exhausted division (VB-B12)");
  }
#undef SAY
  return left_if(g, u, incmd);
}

/*
** The reach of a verb naming an enemy, for gn_actions: no target further
** off, edge to edge, is accepted.
**   1) fire: the stand's range (gn__vb_fire_reach)
**   2) a charge: none for a leader or a stand off the table (no target at
**      any distance: VB-B11 lets only fighting stands melee); in the combat
**      phase, the melee, in contact only (VB-B11)
**   3) a charge in the movement phase: its move into contact is an ordinary
**      move (VB-B11), so the stand's centre travels at most the move left in
**      command (VB-B3), stretched for a march column by the road factor
**      (VB-B14); turning to face the target moves its edges at most its
**      diagonal
*/
double gn__vb_reach(gn_game *g, const char *verb, int u, gn_reach *out) {
  if (!strcmp(verb, "fire")) {                                                  /* 1 */
    double r = gn__vb_fire_reach(g, u);
    if (out) gn__vb_fire_bands(g, u, out);
    return r < 0 ? -2 : r;
  }
  if (strcmp(verb, "charge")) return -1;
  if (!gn__vb_alive(g, u) || gn__vb_is_leader(gn__vb_type(g, u))) return -2;   /* 2 */
  if (g->st.phase == VB_PH_COMBAT) {
    gn__reach_band(out, 0, GN_CONTACT_EPS, "contact", "VB-B11");
    return GN_CONTACT_EPS;
  }
  if (g->st.phase != VB_PH_MOVE) return -1;
  const gn_box b = g->st.u[u].box;                                              /* 3 */
  double f = vb_u(g, u)->march ? gn__vb_data(g)->road_factor : 1;
  double r = left_if(g, u, 1) * (f > 1 ? f : 1) + sqrt(b.w * b.w + b.d * b.d) + GN_CONTACT_EPS;
  gn__reach_band(out, 0, r, "charge", "VB-B11");
  return r;
}

