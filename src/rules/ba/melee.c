/*
** melee.c: melee (4.1 melee zone and attack, 4.3 skirmish lines and soutien),
** Table 8 factors with their exclusive groups, Table 11 result (default) and
** prisoners (4.1.3 default).
**
** Each side of a melee rolls 3d6 (ref. BA-DICE-1) and adds its Table 8 column:
** the attack column for the attacker, the defence column for the defender
** (ref. BA-T8). Within a double-lined group only the largest factor counts
** (ref. BA-DICE-2, groups ref. BA-B5).
*/
#include "ba.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int side(const gn_game *g, int u) { return g->sc->unit[u].side; }

/* The ref shown for a Table 8 factor. */
static const char *t8_ref(int k) {
  switch (k) {
  case T8_LIGHT: return "BA-5.5.1d";
  case T8_HEAVY: return "BA-5.5.1e";
  case T8_VALOUR: return "BA-5.5.1f";
  case T8_NOSUPPLIES: return "BA-5.5.3h";
  default: return "BA-T8";
  }
}

/* The value factor k adds in column col for side s (valour: its own value, at
** most the table's +-5). */
static int t8_value(const ba_data *d, const ba_melee_side *s, int k, int col) {
  if (k == T8_VALOUR) {
    int v = s->f[k], lim = d->t8[k][col];
    return v > lim ? lim : v < -lim ? -lim : v;
  }
  return s->f[k] ? d->t8[k][col] : 0;
}

/*
** Sum of side s's Table 8 column col (0 attack, 1 defence) (ref. BA-T8,
** BA-DICE-2, BA-B5).
**   1) factors outside any group all count
**   2) of each group, only the applicable factor of largest size counts
** e (may be NULL) receives each counted factor.
*/
int gn__ba_t8_sum(const ba_data *d, const ba_melee_side *s, int col, gn_event *e) {
  int sum = 0, best[T8_COUNT + 1];
  for (int i = 0; i <= T8_COUNT; i++) best[i] = -1;
  for (int k = 0; k < T8_COUNT; k++) {
    int v = t8_value(d, s, k, col);
    if (!v) continue;
    int gr = d->t8_group[k];
    if (gr <= 0 || gr > T8_COUNT) {                                               /* 1 */
      sum += v;
      if (e) gn__event_mod(e, gn__ba_t8_word(k), v, t8_ref(k));
      continue;
    }
    if (best[gr] < 0 || abs(v) > abs(t8_value(d, s, best[gr], col))) best[gr] = k;   /* 2 */
  }
  for (int gr = 1; gr <= T8_COUNT; gr++) {
    if (best[gr] < 0) continue;
    int v = t8_value(d, s, best[gr], col);
    sum += v;
    const char *ref = t8_ref(best[gr]);
    if (e) gn__event_mod(e, gn__ba_t8_word(best[gr]), v, strcmp(ref, "BA-T8") ? ref : "BA-DICE-2");
  }
  return sum;
}

static int units_of_melee(const ba_data *d, int figures) {
  return gn__ba_units_of(figures, d->melee_unit, d->fire_remainder[0]);
}

/*
** The result of a melee from the two totals (Table 11 default ref. BA-B6,
** prisoners ref. BA-B13, BA-5.5.3i). o->att_total and o->def_total hold the
** totals (dice + penalty + Table 8); the rest is filled.
**   1) D = attack total - defence total; D > 0 the attacker wins, D < 0 the
**      defender, D = 0 the attack stalls
**   2) the loser takes SD (|D| up to bands[0]) or MD (up to bands[1]) and is
**      forced back (by the melee phase), or FD (it routs in the next movement phase)
**   3) the loser loses ceil(|D|/2) figures per unit of melee of the winner; the
**      winner loses 1 per unit of melee of the loser while |D| <= winner_loss_max;
**      a stall costs each side 1 per unit of melee of the other
**      [interpretation: "per unit of melee" counts the units that inflict the loss]
**   4) prisoners: the winner takes t11.prisoner_percent of the loser's loss
**      (rounded down; default half) as prisoners; a winner without supplies takes the whole loss as prisoners
**      and kills none; a side without supplies that loses or stalls inflicts nothing
*/
void gn__ba_melee_result(const ba_data *d, const ba_melee_side *att, const ba_melee_side *def,
                     ba_melee_out *o) {
  int D = o->att_total - o->def_total;                                            /* 1 */
  int ad = D < 0 ? -D : D;
  o->diff = D;
  o->winner = D > 0 ? 0 : D < 0 ? 1 : -1;
  o->loss[0] = o->loss[1] = o->prisoners[0] = o->prisoners[1] = 0;
  o->loser_dis = BA_DIS_NONE;
  const ba_melee_side *sd[2] = {att, def};
  int um[2] = {units_of_melee(d, att->figures), units_of_melee(d, def->figures)};
  if (o->winner < 0) {                                                            /* 3 */
    o->loss[0] = def->supplies ? um[1] : 0;
    o->loss[1] = att->supplies ? um[0] : 0;
    for (int s = 0; s < 2; s++)
      if (o->loss[s] > sd[s]->figures) o->loss[s] = sd[s]->figures;
    return;
  }
  int w = o->winner, l = 1 - w;
  o->loser_dis = ad <= d->t11_band[0] ? BA_DIS_SD : ad <= d->t11_band[1] ? BA_DIS_MD   /* 2 */
                                                                         : BA_DIS_FD;
  o->loss[l] = (ad + 1) / 2 * um[w];
  o->loss[w] = ad <= d->t11_winner_max && sd[l]->supplies ? um[l] : 0;
  for (int s = 0; s < 2; s++)   /* no side loses more figures than it fought with */
    if (o->loss[s] > sd[s]->figures) o->loss[s] = sd[s]->figures;
  o->prisoners[w] = sd[w]->supplies ? o->loss[l] * d->prisoner_pct / 100 : o->loss[l];   /* 4 */
}

/* Rolls both sides and resolves; au, du are the principal units or -1. */
int gn__ba_melee_roll(gn_game *g, int au, int du, const ba_melee_side *att,
                  const ba_melee_side *def, ba_melee_out *o) {
  const ba_data *d = BA_D(g);
  int at, dt, rc;
  ba_melee_side a = *att, b = *def;
  /* numbers: 50 %, 100 %, 200 % more participating figures */
  for (int s = 0; s < 2; s++) {
    ba_melee_side *x = s ? &b : &a, *y = s ? &a : &b;
    x->f[T8_MORE50] = 2 * x->figures >= 3 * y->figures && y->figures > 0;
    x->f[T8_MORE100] = x->figures >= 2 * y->figures && y->figures > 0;
    x->f[T8_MORE200] = x->figures >= 3 * y->figures && y->figures > 0;
  }
  if (gn__chance_telling(g))   /* each side is told its own total's base: its factors are hidden */
    gn__chance_say(g, au >= 0 ? 1u << side(g, au) : ~0u,
                   "the higher total wins: attack 3d6 %+d (Table 8 factors and staff, ref. BA-T8)",
                   a.penalty + gn__ba_t8_sum(d, &a, 0, NULL));
  if ((rc = gn__ba_roll(g, "melee attack", "BA-DICE-1", au, &at, o->att_faces))) return rc;
  if (gn__chance_telling(g))
    gn__chance_say(g, du >= 0 ? 1u << side(g, du) : ~0u,
                   "the higher total wins: defence 3d6 %+d (Table 8 factors and staff, ref. BA-T8)",
                   b.penalty + gn__ba_t8_sum(d, &b, 1, NULL));
  if ((rc = gn__ba_roll(g, "melee defence", "BA-DICE-1", du, &dt, o->def_faces))) return rc;
  gn_event *ea = gn__event(g, "melee", "BA-T8", au, du, "attack: 3d6 = %d", at);
  gn_event *ed = gn__event(g, "melee", "BA-T8", du, au, "defence: 3d6 = %d", dt);
  if (!ea || !ed) return GN_ENOMEM;
  if (au >= 0) gn__event_hide(ea, 1u << side(g, au));
  if (du >= 0) gn__event_hide(ed, 1u << side(g, du));
  if (a.penalty) gn__event_mod(ea, "staff fallen", a.penalty, "BA-T18");
  if (b.penalty) gn__event_mod(ed, "staff fallen", b.penalty, "BA-T18");
  o->att_total = at + a.penalty + gn__ba_t8_sum(d, &a, 0, ea);
  o->def_total = dt + b.penalty + gn__ba_t8_sum(d, &b, 1, ed);
  ea->total = o->att_total;
  ed->total = o->def_total;
  gn__ba_melee_result(d, &a, &b, o);
  return 0;
}

/* A friend of u that is formed (not staff, waggon, MD, FD or skirmish line) lies
** within dist of u in one of the arcs in mask. */
static int friend_near(const gn_game *g, int u, double dist, unsigned mask) {
  for (int j = 0; j < g->sc->nunits; j++) {
    if (j == u || gn__ba_far(g->st.u[u].box, g->st.u[j].box, dist)) continue;   /* speed only */
    if (!gn__ba_on_table(g, j) || side(g, j) != side(g, u)) continue;
    ba_arm a = gn__ba_arm_of(g, j);
    const gn__ustate *s = &g->st.u[j];
    if (a == BA_ARM_STAFF || a == BA_ARM_WAGGON || s->ba.disorder >= BA_DIS_MD ||
        s->ba.formation == BA_FM_SKIRMISH)
      continue;
    if (gn__ba_apart(g->st.u[u].box, s->box, dist) || gn_unit_distance(g, u, j) > dist) continue;
    if (mask & (1u << gn_box_arc(g->st.u[u].box, s->box.c))) return 1;
  }
  return 0;
}

/* A staff figure engaging with u and in base contact with it, or -1. */
static int officer_of(const gn_game *g, int u) {
  for (int j = 0; j < g->sc->nunits; j++)
    if (gn__ba_on_table(g, j) && gn__ba_arm_of(g, j) == BA_ARM_STAFF &&
        ba_u(g, j)->target == u + 1 && gn_unit_distance(g, u, j) <= BA_D(g)->contact_dist)
      return j;
  return -1;
}

/* 1 when u has a skirmish line in front of it whose soutien it is (ref. BA-4.3.1). */
static int covered(const gn_game *g, int u) {
  for (int j = 0; j < g->sc->nunits; j++)
    if (ba_u(g, j)->root == u + 1 && gn__ba_soutien(g, j) == u) return 1;
  return 0;
}

/* Table 8, arms and formations of u fighting opp (att: u attacks): march,
** skirmish, artillery or rest, cavalry against a square, a mass or foot,
** uncovered infantry, a square or mass against infantry. */
static void arm_factors(const gn_game *g, int u, int opp, int att, int *f) {
  const gn__ustate *x = &g->st.u[u], *y = &g->st.u[opp];
  ba_arm ua = gn__ba_arm_of(g, u), oa = gn__ba_arm_of(g, opp);
  int uf = x->ba.formation, of = y->ba.formation;
  int ucav = ua == BA_ARM_CAV, ocav = oa == BA_ARM_CAV;
  int osq = of == BA_FM_SQUARE, omass = of == BA_FM_MASS;
  int usq = uf == BA_FM_SQUARE, umass = uf == BA_FM_MASS;
  f[T8_MARCH] = uf == BA_FM_MARCH;
  f[T8_SKIRMISH] = uf == BA_FM_SKIRMISH;
  f[T8_ART_REST] = ua == BA_ARM_ART || uf == BA_FM_REST;
  if (att) {
    f[T8_CAV_SQUARE] = ucav && osq;
    f[T8_CAV_MASS] = ucav && omass;
    f[T8_CAV_INF] = ucav && ((oa == BA_ARM_INF && !osq && !omass) || oa == BA_ARM_ART);
  } else {
    f[T8_CAV_SQUARE] = ocav && usq;
    f[T8_CAV_MASS] = ocav && umass;
    f[T8_CAV_INF] = ocav && ((ua == BA_ARM_INF && !usq && !umass) || ua == BA_ARM_ART);
  }
  f[T8_UNCOVERED] = ua == BA_ARM_INF && oa == BA_ARM_INF && uf != BA_FM_SKIRMISH &&
                    gn__ba_cover_of(g, u) == 0 && !covered(g, u);
  f[T8_SQUARE_INF] = (usq || umass) && oa == BA_ARM_INF;
}

/* Table 8, the ground between u and opp (att: u attacks): uphill, a change
** of formation, flank or rear, overreach, an obstacle, the defender's cover. */
static void ground_factors(const gn_game *g, int u, int opp, int att, int *f) {
  const gn__ustate *x = &g->st.u[u], *y = &g->st.u[opp];
  unsigned hill = 1u << BA_TR_HILL;
  f[T8_UPHILL] = att && (gn__ba_terrain_at(g, y->box.c) & hill) && !(gn__ba_terrain_at(g, x->box.c) & hill);
  f[T8_CHANGE] = (x->flags & BA_F_CHANGED) != 0;
  gn_arc arc = att ? gn_box_arc(y->box, x->box.c) : gn_box_arc(x->box, y->box.c);
  f[T8_FLANK] = arc == GN_ARC_LEFT || arc == GN_ARC_RIGHT;
  f[T8_REAR] = arc == GN_ARC_REAR;
  f[T8_OVERREACH] = x->box.w >= y->box.w + BA_D(g)->overreach;
  f[T8_OBSTACLE] = gn__ba_in_obstacle(g, u);
  int cover = att ? gn__ba_cover_of(g, opp) : 0;
  f[T8_COVER1] = cover == 1;
  f[T8_COVER2] = cover == 2;
  f[T8_COVER3] = cover >= 3;
}

/* Table 8, what u has done and how it stands (att: u attacks): fired,
** supplies, first melee, charges, cavalry types, recent melees, disorder. */
static void state_factors(const gn_game *g, int u, int att, int *f) {
  const gn__ustate *x = &g->st.u[u];
  int ucav = gn__ba_arm_of(g, u) == BA_ARM_CAV;
  f[T8_FIRED] = (x->flags & BA_F_FIRED) != 0;
  f[T8_NOSUPPLIES] = !gn__ba_has_supplies(g, u);                    /* ref. BA-5.5.3h */
  f[T8_FIRST] = !(x->flags & BA_F_USED);
  int charge = att && (x->flags & BA_F_CHARGE);
  int heavy = gn__ba_type_of(g, u) == BA_T_CAV_HEAVY || (ucav && x->ba.lancers);
  f[T8_CHARGE] = charge;
  f[T8_HEAVY_CHARGE] = charge && heavy;
  f[T8_CHARGE_LAST] = (x->flags & BA_F_CHARGE_LAST) != 0;
  f[T8_PASSIVE_CAV] = ucav && !att;
  f[T8_HEAVY] = gn__ba_type_of(g, u) == BA_T_CAV_HEAVY;             /* ref. BA-5.5.1e */
  f[T8_LIGHT] = gn__ba_type_of(g, u) == BA_T_CAV_LIGHT;             /* ref. BA-5.5.1d */
  f[T8_ATT_RECENT] = (x->flags & (BA_F_ATT | BA_F_ATT_LAST)) != 0;
  f[T8_DEF_RECENT] = (x->flags & (BA_F_DEF | BA_F_DEF_LAST)) != 0;
  f[T8_OPP_FD] = (x->flags & (BA_F_OPPFD | BA_F_OPPFD_LAST)) != 0;
  f[T8_HIDDEN] = att && (x->flags & BA_F_HIDDEN_ATT);
  f[T8_SD] = x->ba.disorder == BA_DIS_SD;
  f[T8_MD] = x->ba.disorder == BA_DIS_MD;
  f[T8_FD] = x->ba.disorder == BA_DIS_FD;
}

/* The Table 8 factors of u fighting opp (ref. BA-T8). att: u attacks; others:
** further attackers beside it.
**   1) arms and formations, the ground, u's own state
**   2) friends: support behind (a skirmish line's soutien), neighbours on a
**      flank (or further attackers), an officer; u's valour (ref. BA-5.5.1f)
**   3) figures, supplies and the side's penalty */
static void side_factors(const gn_game *g, int u, int opp, int att, int others,
                         ba_melee_side *s) {
  const ba_data *d = BA_D(g);
  const gn__ustate *x = &g->st.u[u];
  int *f = s->f;
  memset(s, 0, sizeof *s);
  arm_factors(g, u, opp, att, f);                                               /* 1 */
  ground_factors(g, u, opp, att, f);
  state_factors(g, u, att, f);
  f[T8_SUPPORT] = x->ba.formation == BA_FM_SKIRMISH                             /* 2 */
                  ? gn__ba_soutien(g, u) >= 0
                  : friend_near(g, u, d->support_dist, 1u << GN_ARC_REAR);
  f[T8_NEIGHBOUR] = others > 0 || friend_near(g, u, d->neighbour_dist,
                                              (1u << GN_ARC_LEFT) | (1u << GN_ARC_RIGHT));
  f[T8_OFFICER] = officer_of(g, u) >= 0;
  f[T8_VALOUR] = x->ba.valour;                                  /* ref. BA-5.5.1f */
  s->figures = x->strength;                                                     /* 3 */
  s->supplies = gn__ba_has_supplies(g, u);
  s->penalty = gn__ba_side_penalty(g, side(g, u));
}

/* Appends " NAME a,b,..." (the factors of s set, not valour nor the "more
** by" factors, which the roll reads from the figures) to buf at *k. */
static void factor_words(const ba_melee_side *s, const char *name, char *buf, size_t n, size_t *k) {
  int first = 1;
  for (int i = 0; i < T8_VALOUR; i++) {
    if (!s->f[i] || i == T8_MORE50 || i == T8_MORE100 || i == T8_MORE200 || *k >= n) continue;
    *k += (size_t)snprintf(buf + *k, n - *k, "%s%s", first ? " " : ",", first ? name : "");
    if (*k < n) *k += (size_t)snprintf(buf + *k, n - *k, "%s%s", first ? " " : "", gn__ba_t8_key(i));
    first = 0;
  }
}

/*
** The melee check of u's attack on t, for gn_actions: the Table 8 factors
** of each side as side_factors counts them now (ref. BA-T8), u's valour and
** both sides' figures and penalties. What u's side may not know of t is left
** out (ref. BA-5.5.1a): its supplies, and what its own written orders of
** this bound set (a staff figure engaged, a change of formation). 0 for any
** other verb, or when the text does not fit.
*/
int gn__ba_order_odds(gn_game *g, const char *verb, int u, int t, char *buf, size_t n) {
  if (strcmp(verb, "attack") || t < 0 || !gn__ba_on_table(g, u) || !gn__ba_on_table(g, t)) return 0;
  ba_melee_side a, d;
  side_factors(g, u, t, 1, 0, &a);
  side_factors(g, t, u, 0, 0, &d);
  d.f[T8_NOSUPPLIES] = d.f[T8_OFFICER] = d.f[T8_CHANGE] = 0;
  if (a.figures < 1 || d.figures < 1) return 0;
  int va = a.f[T8_VALOUR] < -5 ? -5 : a.f[T8_VALOUR] > 5 ? 5 : a.f[T8_VALOUR];
  size_t k = (size_t)snprintf(buf, n, "melee");
  factor_words(&a, "--attack", buf, n, &k);
  factor_words(&d, "--defence", buf, n, &k);
  if (k < n)
    k += (size_t)snprintf(buf + k, n - k, " --attack-valour %d --attack-figures %d --defence-figures %d"
                          " --attack-penalty %d --defence-penalty %d", va, a.figures, d.figures, a.penalty,
                          d.penalty);
  return k < n;
}

/* Shares loss figures among units in proportion to their figures. */
static void share(const gn_game *g, const int *us, int n, int loss, int *out) {
  int tot = 0, given = 0;
  for (int i = 0; i < n; i++) tot += g->st.u[us[i]].strength;
  for (int i = 0; i < n; i++) {
    out[i] = tot ? loss * g->st.u[us[i]].strength / tot : 0;
    given += out[i];
  }
  for (int i = 0; given < loss && n > 0; i = (i + 1) % n) { out[i]++; given++; }
}

/* Moves u back dist cm directly away from unit from (forced back, 4.2). */
static int force_back(gn_game *g, int u, int from) {
  gn_vec2 a = g->st.u[from].box.c, b = g->st.u[u].box.c;
  return gn__ba_forced_move(g, u, atan2(b.y - a.y, b.x - a.x), BA_D(g)->forced_back, "forced back");
}

/* 1 when a is a valid attacker now: attack order, target in its melee zone, not
** MD or FD (ref. BA-4.1.1b). */
static int attacking(const gn_game *g, int a) {
  const gn__ustate *s = &g->st.u[a];
  int t = s->ba.target - 1;
  return gn__ba_on_table(g, a) && s->ba.order == BA_O_ATTACK && t >= 0 && gn__ba_on_table(g, t) &&
         s->ba.disorder < BA_DIS_MD && gn__ba_zone_contact(g, a, t);
}

/* Applies one side's result to its units. */
static int land(gn_game *g, const int *us, int n, int loss, int prisoners, int dis, int from,
                int back) {
  int pbuf[64], np = n, *part = gn__room(g, pbuf, 64, &np, sizeof *part), rc = 0;
  if (np < n) return GN_ENOMEM;
  share(g, us, n, loss, part);
  for (int i = 0; i < n && !rc; i++) {
    int u = us[i];
    if (!gn__ba_on_table(g, u)) continue;
    if (part[i] > 0 && (rc = gn__ba_loss(g, u, part[i], prisoners ? "melee (prisoners among them)"
                                                              : "melee", "BA-B6")))
      break;
    if (gn__ba_on_table(g, u) && dis && (rc = gn__ba_disorder(g, u, dis, "melee", "BA-B6"))) break;
    if (gn__ba_on_table(g, u) && back) rc = force_back(g, u, from);
  }
  gn__room_free(g, pbuf, part, np, sizeof *part);
  return rc;
}

/*
** The melee phase; all melees are simultaneous (4.1.1).
**   1) attackers: attack orders, target in the melee zone, not MD or FD
**      (ref. BA-4.1.1b); an attacker itself attacked in flank or rear, or infantry
**      attacked by cavalry, becomes a defender (ref. BA-4.1.1d); of two units
**      attacking each other frontally the first listed attacks
**   2) per target: a skirmish line ordered to evade, with its soutien near, is
**      forced back instead (ref. BA-4.3.1)
**   3) Table 8 for the first attacker (the others count as neighbours) and the
**      defender; both roll; Table 11
**   4) supplies counted for every unit that fought (ref. BA-5.5.3e), rest lost
**      (ref. BA-5.5.4c); losses, prisoners, disorder, forced back
** Any number of units. Fails with GN_ENOMEM or the dice source's error.
*/
static int melees(gn_game *g, int *valid);
static int one_melee(gn_game *g, int t, const int *att, int na, int *valid);

int gn__ba_phase_melee(gn_game *g) {
  int n = g->sc->nunits;
  int *valid = gn__calloc(g, (size_t)(n > 0 ? n : 1), sizeof *valid);
  if (!valid) return gn__error(g, GN_ENOMEM, "out of memory");
  int rc = melees(g, valid);
  gn__free(g, valid, (size_t)(n > 0 ? n : 1) * sizeof *valid);
  return rc;
}

/* Step 1 b): 1 when the valid attacker a must defend instead: it is attacked
** by a valid attacker in flank or rear, or is infantry attacked by cavalry,
** or it and its attacker attack each other frontally and the attacker is
** listed first (ref. BA-4.1.1d); GN_ENOMEM when the event cannot be noted. */
static int defends(gn_game *g, const int *valid, int a) {
  for (int e = 0; e < g->sc->nunits; e++) {
    if (!valid[e] || ba_u(g, e)->target - 1 != a) continue;
    gn_arc arc = gn_box_arc(g->st.u[a].box, g->st.u[e].box.c);
    int flank = arc != GN_ARC_FRONT;
    int bycav = gn__ba_arm_of(g, a) == BA_ARM_INF && gn__ba_arm_of(g, e) == BA_ARM_CAV;
    int mutual = ba_u(g, a)->target - 1 == e && e < a;
    if (flank || bycav || mutual) {
      if (!gn__event(g, "defender", "BA-4.1.1d", a, e, "%s is attacked by %s%s: it defends",
                     gn__ba_uid(g, a), gn__ba_uid(g, e), flank ? " in flank or rear" : bycav ? " (cavalry)" : ""))
        return GN_ENOMEM;
      return 1;
    }
  }
  return 0;
}

/*
** Step 1 of the phase: valid[a] = 1 for each unit that attacks.
**   a) attack order, target in the melee zone, not MD or FD (ref. BA-4.1.1b)
**   b) a unit that must defend instead does not attack (ref. BA-4.1.1d)
**   c) a unit ordered to attack in MD or FD is noted as unable to
** Fails only with GN_ENOMEM.
*/
static int choose_attackers(gn_game *g, int *valid) {
  int n = g->sc->nunits, rc;
  for (int a = 0; a < n; a++) valid[a] = attacking(g, a);                        /* a) */
  for (int a = 0; a < n; a++) {                                                  /* b) */
    if (!valid[a]) continue;
    if ((rc = defends(g, valid, a)) < 0) return rc;
    if (rc) valid[a] = 0;
  }
  for (int a = 0; a < n; a++) {                                                  /* c) */
    const gn__ustate *s = &g->st.u[a];
    if (!valid[a] && gn__ba_on_table(g, a) && s->ba.order == BA_O_ATTACK &&
        s->ba.disorder >= BA_DIS_MD && !gn__event(g, "noattack", "BA-4.1.1b", a, -1,
                                                        "%s is in %s: it may not attack", gn__ba_uid(g, a),
                                                        gn__ba_dis_name(s->ba.disorder)))
      return GN_ENOMEM;
  }
  return 0;
}

/* 1 when a is a valid attacker of t still on the table. */
static int attacks(const gn_game *g, const int *valid, int a, int t) {
  return valid[a] && ba_u(g, a)->target - 1 == t && gn__ba_on_table(g, a);
}

/* The melee phase with valid[] (one int per unit, zeroed) to work in: step 1,
** then one melee per target (steps 2 to 4). */
static int melees(gn_game *g, int *valid) {
  int n = g->sc->nunits, rc;
  if ((rc = choose_attackers(g, valid))) return rc;                             /* 1 */
  for (int t = 0; t < n; t++) {
    int na = 0;
    for (int a = 0; a < n; a++) na += attacks(g, valid, a, t);
    if (!na || !gn__ba_on_table(g, t)) continue;
    int abuf[64], *att = gn__room(g, abuf, 64, &na, sizeof *att);
    for (int a = 0, k = 0; a < n && k < na; a++)
      if (attacks(g, valid, a, t)) att[k++] = a;
    rc = one_melee(g, t, att, na, valid);
    gn__room_free(g, abuf, att, na, sizeof *att);
    if (rc) return rc;
  }
  return 0;
}

/* Step 4 of the phase, first part: every unit that fought has fought (flags,
** supplies counted, ref. BA-5.5.3e, BA-5.5.3g), a defender at rest loses its
** rest (ref. BA-5.5.4c), and the staff with either leader is engaged.
** Fails with the dice source's error. */
static int mark_fought(gn_game *g, int t, gn__ustate *ts, const int *att, int na, const ba_melee_out *o) {
  int rc;
  for (int i = 0; i < na; i++) {
    gn__ustate *s = gn__uw(g, att[i]);
    s->flags |= BA_F_ATT | BA_F_USED;
    if ((rc = gn__ba_supply_roll(g, att[i], o->att_faces))) return rc;
  }
  ts->flags |= BA_F_DEF | BA_F_USED;   /* with or without supplies (ref. BA-5.5.3g) */
  if ((rc = gn__ba_supply_roll(g, t, o->def_faces))) return rc;
  if (ts->ba.formation == BA_FM_REST &&
      (rc = gn__ba_rest_break(g, t, "attacked", "BA-5.5.4c")))
    return rc;
  for (int j = 0; j < g->sc->nunits; j++)
    if (gn__ba_arm_of(g, j) == BA_ARM_STAFF && gn__ba_on_table(g, j)) {
      int w = ba_u(g, j)->target - 1;
      if ((w == t || w == att[0]) && officer_of(g, w) == j) gn__uw(g, j)->flags |= BA_F_ENGAGED;
    }
  return 0;
}

/* Step 4, second part: the prisoners each side takes (ref. BA-B13).
** Fails only with GN_ENOMEM. */
static int take_prisoners(gn_game *g, int t, int a0, const ba_melee_out *o) {
  for (int s = 0; s < 2; s++)
    if (o->prisoners[s]) {
      int who = s == 0 ? a0 : t;
      ba_uw(g, who)->prisoners += o->prisoners[s];
      if (!gn__event(g, "prisoners", "BA-B13", who, s == 0 ? t : a0, "%s takes %d prisoners",
                     gn__ba_uid(g, who), o->prisoners[s]))
        return GN_ENOMEM;
    }
  return 0;
}

/* Step 4, last part: losses, disorder and forced back on each side by
** Table 11 (ref. BA-B6). A stalled attack forces the attackers back; the
** loser takes the disorder and, short of FD, is forced back (FD alone: it
** routs next bound); a unit the loss brings to FD marks its victors.
** Fails with GN_ENOMEM or the error of a loss. */
static int land_result(gn_game *g, int t, gn__ustate *ts, const int *att, int na, const ba_melee_out *o) {
  int rc, dlist[1] = {t};
  if (o->winner < 0) {
    if ((rc = land(g, att, na, o->loss[0], 0, BA_DIS_NONE, t, 1)) ||
        (rc = land(g, dlist, 1, o->loss[1], 0, BA_DIS_NONE, att[0], 0)))
      return rc;
    return 0;
  }
  int lfd = o->loser_dis == BA_DIS_FD;
  int back = !lfd;   /* Table 11 default: SD or MD and forced back; FD alone (it routs next bound) */
  if (o->winner == 0) {
    int was = ts->ba.disorder;
    if ((rc = land(g, att, na, o->loss[0], 0, BA_DIS_NONE, t, 0)) ||
        (rc = land(g, dlist, 1, o->loss[1], o->prisoners[0], o->loser_dis, att[0], back)))
      return rc;
    if (lfd && was != BA_DIS_FD)
      for (int i = 0; i < na; i++) gn__uw(g, att[i])->flags |= BA_F_OPPFD;
  } else {
    int was = ba_u(g, att[0])->disorder;
    if ((rc = land(g, dlist, 1, o->loss[1], 0, BA_DIS_NONE, att[0], 0)) ||
        (rc = land(g, att, na, o->loss[0], o->prisoners[1], o->loser_dis, t, back)))
      return rc;
    if (lfd && was != BA_DIS_FD) ts->flags |= BA_F_OPPFD;
  }
  return 0;
}

/* The melee of the na units att[] attacking t (steps 2 to 4 of the phase);
** they are no longer valid attackers after it. Fails with GN_ENOMEM or the
** dice source's error. */
static int one_melee(gn_game *g, int t, const int *att, int na, int *valid) {
  int rc;
  for (int i = 0; i < na; i++) valid[att[i]] = 0;
  gn__ustate *ts = gn__uw(g, t);
  if (ts->ba.order == BA_O_EVADE && gn__ba_soutien(g, t) >= 0) {                     /* 2 */
    if (!gn__event(g, "evade", "BA-4.3.1", t, att[0], "skirmish line %s falls back before %s",
                   gn__ba_uid(g, t), gn__ba_uid(g, att[0])))
      return GN_ENOMEM;
    if ((rc = force_back(g, t, att[0]))) return rc;
    return 0;
  }
  ba_melee_side as, ds;                                                         /* 3 */
  side_factors(g, att[0], t, 1, na - 1, &as);
  side_factors(g, t, att[0], 0, 0, &ds);
  for (int i = 1; i < na; i++) as.figures += g->st.u[att[i]].strength;
  ba_melee_out o;
  if ((rc = gn__ba_melee_roll(g, att[0], t, &as, &ds, &o))) return rc;
  gn_event *e = gn__event(g, "melee", "BA-B6", att[0], t, "%s attacks %s: %d against %d, %s",
                          gn__ba_uid(g, att[0]), gn__ba_uid(g, t), o.att_total, o.def_total,
                          o.winner == 0 ? "the attacker wins" : o.winner == 1
                          ? "the defender holds" : "the attack stalls");
  if (!e) return GN_ENOMEM;
  e->total = o.diff;
  if ((rc = mark_fought(g, t, ts, att, na, &o))) return rc;                     /* 4 */
  if ((rc = take_prisoners(g, t, att[0], &o))) return rc;
  return land_result(g, t, ts, att, na, &o);
}
