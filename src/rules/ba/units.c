/*
** units.c: tactical units, their splitting and assembly (1.2), skirmish lines
** and their soutien (1.2.5, 4.3), units of fire and melee (3.1.1).
**
** A game has a fixed list of units, so a part made by splitting, or a skirmish
** line sent out, takes a reserve slot that the scenario lists: a unit with
** `part: 1` is a slot of the nearest unit of its side and type listed before
** it (ref. BA-B9). An unused slot is off the table (root 0); a used one
** holds its original unit + 1 in root.
*/
#include "ba.h"

#include <math.h>
#include <stdio.h>


int gn__ba_units_of(int figures, int unit, int remainder) {
  if (figures <= 0 || unit <= 0) return 0;
  return figures / unit + (figures % unit >= remainder && figures % unit > 0 ? 1 : 0);
}

/* The original unit a reserve slot belongs to, from the scenario: the nearest
** non-slot unit of the same side and type listed before it; -1 if none. */
static int slot_owner(const gn_game *g, int s) {
  const gn__unit *su = g->sc->unit;
  for (int j = s - 1; j >= 0; j--)
    if (!su[j].ba0.part && su[j].side == su[s].side && su[j].type == su[s].type) return j;
  return -1;
}

/* Takes every slot off the table; a slot with no owner is a scenario error. */
int gn__ba_setup_parts(gn_game *g) {
  for (int i = 0; i < g->sc->nunits; i++) {
    if (!ba_u0(g, i)->part) continue;
    if (slot_owner(g, i) < 0)
      return gn__error(g, GN_ESCENARIO, "%s:%d:%d: reserve slot '%s' (part: 1) has no unit of "
                       "its side and type listed before it (ref. BA-B9)", g->sc->file,
                       g->sc->unit[i].line, g->sc->unit[i].col, gn__ba_uid(g, i));
    gn__ustate *s = gn__uw(g, i);
    gn__unit_remove(g, i);
    s->strength = 0;
    s->ba.root = 0;
    s->ba.original = 0;
  }
  return 0;
}

/* 1 when slot i is a free reserve slot of original unit r. */
static int slot_free(const gn_game *g, int i, int r) {
  return ba_u0(g, i)->part && !ba_u(g, i)->root && slot_owner(g, i) == r;
}

/* The reserve slot to use for a part of original unit r: `want` when given (it
** must be a free slot of r), else the first free one. Refuses when there is none. */
static int take_slot(gn_game *g, int r, int want, int *slot) {
  if (want >= 0) {
    if (!slot_free(g, want, r))
      return gn__refuse(g, "BA-B9", "%s is not a free reserve slot (part: 1) of %s", gn__ba_uid(g, want),
                        gn__ba_uid(g, r));
    *slot = want;
    return 0;
  }
  for (int i = 0; i < g->sc->nunits; i++)
    if (slot_free(g, i, r)) { *slot = i; return 0; }
  return gn__refuse(g, "BA-B9", "the scenario lists no free reserve slot (part: 1) for %s",
                    gn__ba_uid(g, r));
}

/* Parts of original unit r now on the table, r itself included. */
static int parts_on_table(const gn_game *g, int r) {
  int n = 0;
  for (int i = 0; i < g->sc->nunits; i++)
    if (gn__ba_on_table(g, i) && gn__ba_root(g, i) == r &&
        ba_u(g, i)->formation != BA_FM_SKIRMISH) n++;
  return n;
}

/* 1 when urban terrain (village, buildings) lies under u's centre (ref. BA-1.2.2). */
static int in_urban(const gn_game *g, int u) {
  return (gn__ba_terrain_at(g, g->st.u[u].box.c) &
          ((1u << BA_TR_VILLAGE) | (1u << BA_TR_BUILDINGS))) != 0;
}

int gn__ba_may_change(const gn_game *g, int u) {
  const gn__ustate *s = &g->st.u[u];
  return !(s->flags & BA_F_CONT) && s->ba.disorder != BA_DIS_FD &&
         s->ba.formation != BA_FM_REST;
}

/* Common refusals for a unit about to split, assemble or send out skirmishers
** (the refusing side of gn__ba_may_change). */
static int may_change(gn_game *g, int u) {
  const gn__ustate *s = &g->st.u[u];
  if (s->flags & BA_F_CONT)
    return gn__refuse(g, "BA-1.1.1d", "%s continues its fire this bound: it may not move",
                      gn__ba_uid(g, u));
  if (s->ba.disorder == BA_DIS_FD)
    return gn__refuse(g, "BA-B14", "%s is in FD: it makes only forced moves", gn__ba_uid(g, u));
  if (s->ba.formation == BA_FM_REST)
    return gn__refuse(g, "BA-B11", "%s is in rest formation", gn__ba_uid(g, u));
  return 0;
}

/* Fills slot p as a part of u holding figs figures (and sub squadrons or
** guns), taking its share of the original figures; u keeps the rest. The part
** keeps u's valour, disorder and supplies (ref. BA-1.2.6). */
static void make_part(gn_game *g, int u, int p, int figs, int sub) {
  gn__ustate *a = gn__uw(g, u), *b = gn__uw(g, p);
  const gn__ba_unit *k = &a->ba;
  b->ba = (gn__ba_unit){.valour = k->valour, .marksmen = k->marksmen, .lancers = k->lancers,
                        .formation = k->formation, .disorder = k->disorder, .supplies = k->supplies,
                        .vsteps = k->vsteps, .troop_class = k->troop_class, .part = 1};
  b->ba.root = gn__ba_root(g, u) + 1;
  int porig = (int)lround((double)a->ba.original * figs / a->strength);
  if (porig < figs) porig = figs;
  if (porig > a->ba.original - 1) porig = a->ba.original - 1;
  b->ba.original = porig;
  a->ba.original -= porig;
  b->strength = figs;
  a->strength -= figs;
  if (gn__ba_arm_of(g, u) == BA_ARM_CAV) { b->ba.squadrons = sub; a->ba.squadrons -= sub; }
  if (gn__ba_arm_of(g, u) == BA_ARM_ART) { b->ba.guns = sub; a->ba.guns -= sub; }
  b->flags = BA_F_MOVED | BA_F_CHANGED | (a->flags & BA_F_USED);
  a->flags |= BA_F_MOVED | BA_F_CHANGED;
}

/*
** Split unit u (ref. BA-1.2.2, BA-1.2.3, BA-1.2.4a, BA-1.2.4b, BA-1.2.6).
**   1) the unit may move (not in continued fire, FD or rest)
**   2) what may split, and into what: an infantry battalion in two if it has more
**      than 40 figures, or into several parts in urban combat; a cavalry regiment
**      by whole squadrons; a battery by whole model guns; a waggon never
**   3) a free reserve slot of its original unit (want, or the first free one)
**   4) the part takes its figures and share; both count as split this bound
**      (Table 8 and movement, ref. BA-1.1.1g)
**   5) the part stands beside u's right flank; frontages shrink in proportion
**   6) a part under 3 figures leaves the table (ref. BA-5.5.2i)
** n: figures (cavalry: squadrons, artillery: guns) of the new part; 0 = half.
** Parts split in urban combat are marked (BA_F_URBAN): they must re-assemble
** once it is over (ref. BA-B22, gn__ba_urban_over and the movement phase).
*/
int gn__ba_split(gn_game *g, int u, int n, int want, int *part) {
  const ba_data *d = BA_D(g);
  gn__ustate *s = gn__uw(g, u);
  int rc, figs, sub = 0, urban = 0;
  *part = -1;
  if ((rc = may_change(g, u))) return rc;                                  /* 1 */
  switch (gn__ba_arm_of(g, u)) {                                               /* 2 */
  case BA_ARM_INF:
    urban = in_urban(g, u);
    if (!urban) {
      if (s->strength <= d->split_min_inf)
        return gn__refuse(g, "BA-1.2.2", "%s has %d figures: a battalion splits only with more "
                          "than %d (or in urban combat)", gn__ba_uid(g, u), s->strength, d->split_min_inf);
      if (parts_on_table(g, gn__ba_root(g, u)) > 1)
        return gn__refuse(g, "BA-1.2.2", "a battalion splits into two parts only (outside urban "
                          "combat)");
    } else if (parts_on_table(g, gn__ba_root(g, u)) >= d->urban_parts) {
      return gn__refuse(g, "BA-1.2.2", "at most %d parts in urban combat", d->urban_parts);
    }
    figs = n ? n : s->strength / 2;
    if (figs < 1 || figs >= s->strength)
      return gn__refuse(g, "BA-1.2.2", "the part must hold 1 to %d figures", s->strength - 1);
    break;
  case BA_ARM_CAV: {
    int sq = s->ba.squadrons;
    sub = n ? n : sq / 2;
    if (sq < 2 || sub < 1 || sub >= sq)
      return gn__refuse(g, "BA-1.2.3", "%s has %d squadron(s): a regiment splits only into parts "
                        "of whole squadrons", gn__ba_uid(g, u), sq);
    figs = s->strength * sub / sq;
    break;
  }
  case BA_ARM_ART: {
    int guns = s->ba.guns;
    sub = n ? n : guns / 2;
    if (guns < 2 || sub < 1 || sub >= guns)
      return gn__refuse(g, "BA-1.2.4a", "%s has %d model gun(s): a battery splits only by whole "
                        "guns", gn__ba_uid(g, u), guns);
    figs = s->strength * sub / guns;
    break;
  }
  default:
    return gn__refuse(g, "BA-1.2.4b", "%s cannot split (a waggon has one driver)", gn__ba_uid(g, u));
  }
  int p;                                                                   /* 3 */
  if ((rc = take_slot(g, gn__ba_root(g, u), want, &p))) return rc;
  int before = s->strength;
  gn_box box = s->box;
  make_part(g, u, p, figs, sub);                                           /* 4 */
  if (urban) gn__uw(g, p)->flags |= BA_F_URBAN;
  double w0 = box.w, wu = w0 * s->strength / before, wp = w0 - wu;        /* 5 */
  double cs = cos(box.facing), sn = sin(box.facing);
  /* the right of a stand facing `facing` lies at facing - 90 degrees */
  gn_vec2 right = {sn, -cs};
  gn_box bu = box, bp = box;
  bu.w = wu; bp.w = wp;
  bu.c.x = box.c.x - right.x * (w0 - wu) / 2; bu.c.y = box.c.y - right.y * (w0 - wu) / 2;
  bp.c.x = box.c.x + right.x * (w0 - wp) / 2; bp.c.y = box.c.y + right.y * (w0 - wp) / 2;
  gn__unit_place(g, u, bu);
  gn__unit_return(g, p, bp);
  gn_event *e = gn__event(g, "split", gn__ba_arm_of(g, u) == BA_ARM_INF ? "BA-1.2.2"
                          : gn__ba_arm_of(g, u) == BA_ARM_CAV ? "BA-1.2.3" : "BA-1.2.4a", u, p,
                          "%s splits: %s takes %d figures to %.2f,%.2f, %d stay at %.2f,%.2f (facing %.1f)",
                          gn__ba_uid(g, u), gn__ba_uid(g, p), figs, bp.c.x, bp.c.y, s->strength, bu.c.x, bu.c.y,
                          gn__compass(box.facing));
  if (!e) return GN_ENOMEM;
  *part = p;
  if ((rc = gn__ba_check_min(g, u)) || (rc = gn__ba_check_min(g, p))) return rc;   /* 6 */
  return 0;
}

/* ref. BA-B22: a part split off in urban combat must re-assemble afterwards.
** [default: urban combat is over for a unit when none of its parts on the table,
** the original included, stands in a village or buildings] */
int gn__ba_urban_over(const gn_game *g, int u) {
  if (!gn__ba_on_table(g, u) || !(g->st.u[u].flags & BA_F_URBAN)) return 0;
  int r = gn__ba_root(g, u), others = 0;
  for (int i = 0; i < g->sc->nunits; i++) {
    if (!gn__ba_on_table(g, i) || gn__ba_root(g, i) != r ||
        ba_u(g, i)->formation == BA_FM_SKIRMISH)
      continue;
    if (in_urban(g, i)) return 0;
    if (i != u) others++;
  }
  return others > 0;
}

/* ref. BA-4.3.1: a skirmish line's soutien is its mother unit, while one of its
** figures is within soutien_distance of it. */
int gn__ba_soutien(const gn_game *g, int line) {
  const gn__ustate *s = &g->st.u[line];
  if (!gn__ba_on_table(g, line) || s->ba.formation != BA_FM_SKIRMISH || !s->ba.root)
    return -1;
  int m = s->ba.root - 1;
  if (!gn__ba_on_table(g, m) || ba_u(g, m)->formation == BA_FM_SKIRMISH) return -1;
  return gn_box_distance(s->box, g->st.u[m].box) <= BA_D(g)->soutien_dist ? m : -1;
}

/*
** Send n figures of u ahead as a skirmish line (ref. BA-1.2.5).
**   1) the unit may move; it is infantry or cavalry
**   2) not a split: no figure minimum of 1.2.2, but both keep 3 figures (ref. BA-5.5.2g)
**   3) a free reserve slot (want, or the first free one); the line keeps u's
**      status (ref. BA-1.2.6)
**   4) it stands skirmish.ahead in front of u, in skirmish formation
*/
int gn__ba_skirmish_out(gn_game *g, int u, int n, int want, int *line) {
  const ba_data *d = BA_D(g);
  gn__ustate *s = gn__uw(g, u);
  int rc;
  *line = -1;
  if ((rc = may_change(g, u))) return rc;                                  /* 1 */
  if (gn__ba_arm_of(g, u) != BA_ARM_INF && gn__ba_arm_of(g, u) != BA_ARM_CAV)
    return gn__refuse(g, "BA-1.2.5", "only infantry and cavalry send out skirmishers");
  if (s->ba.formation == BA_FM_SKIRMISH)
    return gn__refuse(g, "BA-1.2.5", "%s is itself a skirmish line", gn__ba_uid(g, u));
  if (n < d->min_figures || s->strength - n < d->min_figures)                 /* 2 */
    return gn__refuse(g, "BA-5.5.2g", "the line and its soutien must each keep %d figures",
                      d->min_figures);
  int p;                                                                   /* 3 */
  if ((rc = take_slot(g, gn__ba_root(g, u), want, &p))) return rc;
  make_part(g, u, p, n, 0);
  gn__uw(g, u)->flags &= ~BA_F_CHANGED;    /* the mother did not change formation */
  gn__ustate *l = gn__uw(g, p);
  l->ba.root = u + 1;
  l->ba.formation = BA_FM_SKIRMISH;
  l->flags &= ~BA_F_CHANGED;
  gn_box b = s->box;                                                       /* 4 */
  double cs = cos(b.facing), sn = sin(b.facing);
  gn_box lb = gn__ba_form_box(g, p, BA_FM_SKIRMISH);
  lb.facing = b.facing;
  lb.c.x = b.c.x + cs * (b.d / 2 + d->skirmish_ahead + lb.d / 2);
  lb.c.y = b.c.y + sn * (b.d / 2 + d->skirmish_ahead + lb.d / 2);
  gn__unit_return(g, p, lb);
  gn__unit_place(g, u, gn__ba_form_box(g, u, s->ba.formation));
  *line = p;
  return gn__event(g, "skirmish", "BA-1.2.5", u, p, "%s sends %d figures ahead as skirmish "
                   "line %s, to %.2f,%.2f facing %.1f", gn__ba_uid(g, u), n, gn__ba_uid(g, p), lb.c.x, lb.c.y,
                   gn__compass(lb.facing)) ? 0 : GN_ENOMEM;
}

/*
** Assemble parts a and b of the same original unit
** (ref. BA-1.2.1, BA-1.2.5, BA-B10).
**   1) same original unit, in base contact, both may move
**   2) the survivor is the original (else the first listed); the other slot is freed
**   3) common status: figures and originals add, valour is the figure-weighted
**      mean rounded down, disorder the worst, supplies the fewest, rest restarts
*/
int gn__ba_assemble(gn_game *g, int a, int b) {
  int rc;
  if (a == b || gn__ba_root(g, a) != gn__ba_root(g, b))                            /* 1 */
    return gn__refuse(g, "BA-1.2.1", "only parts of the same original unit assemble");
  if (gn_unit_distance(g, a, b) > BA_D(g)->contact_dist)
    return gn__refuse(g, "BA-1.2.1", "%s and %s must be in base contact to assemble",
                      gn__ba_uid(g, a), gn__ba_uid(g, b));
  if ((rc = may_change(g, a)) || (rc = may_change(g, b))) return rc;
  if (ba_u(g, a)->root && (!ba_u(g, b)->root || b < a)) {                  /* 2 */
    int t = a; a = b; b = t;
  }
  gn__ustate *x = gn__uw(g, a), *y = gn__uw(g, b);
  int skirm = y->ba.formation == BA_FM_SKIRMISH || x->ba.formation == BA_FM_SKIRMISH;
  int n = x->strength + y->strength;                                       /* 3 */
  double mean = n > 0 ? ((double)x->ba.valour * x->strength +
                         (double)y->ba.valour * y->strength) / n : x->ba.valour;
  x->ba.valour = (int)floor(mean);
  if (y->ba.disorder > x->ba.disorder) x->ba.disorder = y->ba.disorder;
  int sa = x->ba.supplies, sb = y->ba.supplies;
  x->ba.supplies = sa < 0 ? sb : sb < 0 ? sa : sa < sb ? sa : sb;
  x->ba.original += y->ba.original;
  x->strength = n;
  x->ba.squadrons += y->ba.squadrons;
  x->ba.guns += y->ba.guns;
  x->ba.prisoners += y->ba.prisoners;
  int lost = x->ba.original - x->strength;
  x->ba.vsteps = lost > 0 ? lost * 100 / (x->ba.original * BA_D(g)->valour_pct) : 0;
  x->ba.rest = 0;
  x->flags |= BA_F_MOVED | (skirm ? 0 : BA_F_CHANGED) | (y->flags & BA_F_USED);
  if (x->ba.formation == BA_FM_SKIRMISH) x->ba.formation = y->ba.formation;
  gn__unit_place(g, a, gn__ba_form_box(g, a, x->ba.formation));
  y->ba = (gn__ba_unit){.part = 1};
  y->strength = 0;
  gn__unit_remove(g, b);
  y->flags = 0;
  return gn__event(g, "assemble", skirm ? "BA-1.2.5" : "BA-1.2.1", a, b,
                   "%s and %s assemble: %d figures, %s, %s at %.2f,%.2f", gn__ba_uid(g, a), gn__ba_uid(g, b), n,
                   gn__ba_dis_name(x->ba.disorder), gn__ba_uid(g, a), g->st.u[a].box.c.x,
                   g->st.u[a].box.c.y) ? 0 : GN_ENOMEM;
}
