/*
** fire.c: fire (3.1): units of fire, split fire, Tables 6, 7 and 12, the
** continued-fire and fire phases.
**
** One firing unit makes one 3d6 roll (ref. BA-DICE-1), also when it splits its
** fire (ref. BA-3.1.2a). Loss factors are added to the roll to read the loss;
** moral factors are then added to that result to read the moral effect
** (ref. BA-DICE-3, Table 12 default ref. BA-B7).
*/
#include "ba.h"

#include <math.h>
#include <stdio.h>
#include <string.h>


/* Loss per unit of fire for a loss total (Table 12 default, ref. BA-B7). */
static int loss_per_unit(const ba_data *d, int l) {
  if (l < d->t12_loss[0]) return 0;
  if (l < d->t12_loss[1]) return 1;
  if (l < d->t12_loss[2]) return 2;
  if (l < d->t12_loss[3]) return 3;
  return 4 + (l - d->t12_loss[3]) / d->t12_step;
}

/*
** Loss and moral effect of one fire from its dice total (ref. BA-DICE-3, BA-B7,
** BA-3.1.1a, BA-3.1.1b). Pure: the same for play and for the odds.
**   1) units of fire: 10 figures (artillery 2 gunners), one remainder of 3 (1)
**   2) L = dice + staff penalty + the loss factors of Table 6 (7)
**   3) loss = Table 12 loss per unit of fire x units of fire
**   4) M = L + the moral factors - target valour; Table 12 moral band
** eloss and emoral (may be NULL, may be the same) receive the modifiers.
*/
void gn__ba_fire_result(const ba_data *d, const ba_fire_in *in, int dice, ba_fire_out *out,
                    gn_event *eloss, gn_event *emoral) {
  int w = in->artillery ? 1 : 0;
  out->units = gn__ba_units_of(in->figures, d->fire_unit[w], d->fire_remainder[w]);    /* 1 */
  int l = dice + in->penalty;                                                      /* 2 */
  if (in->penalty && eloss) gn__event_mod(eloss, "staff fallen", in->penalty, "BA-T18");
  for (int k = 0; k < FF_COUNT; k++)
    if (in->factors[k] && d->ff[w][k][0]) {
      l += d->ff[w][k][0];
      if (eloss)
        gn__event_mod(eloss, gn__ba_ff_word(k), d->ff[w][k][0],
                      k == FF_SPLIT ? "BA-3.1.2b" : w ? "BA-B4" : "BA-B3");   /* the value's own rule id */
    }
  out->loss_total = l;
  out->loss = loss_per_unit(d, l) * out->units;                                    /* 3 */
  int m = l;                                                                       /* 4 */
  for (int k = 0; k < FF_COUNT; k++)
    if (in->factors[k] && d->ff[w][k][1]) {
      m += d->ff[w][k][1];
      if (emoral) gn__event_mod(emoral, gn__ba_ff_word(k), d->ff[w][k][1], w ? "BA-B4" : "BA-B3");
    }
  m -= in->valour;
  if (emoral && in->valour) gn__event_mod(emoral, "target valour", -in->valour, "BA-5.5.1a");
  out->moral_total = m;
  out->moral = m >= d->t12_moral[2] ? BA_DIS_FD : m >= d->t12_moral[1] ? BA_DIS_MD
             : m >= d->t12_moral[0] ? BA_DIS_SD : BA_DIS_NONE;
}

/* What the fire's dice need, told to the players before they roll: the
** lowest 3d6 total that costs each target a loss (Table 12 read with the
** loss factors, ref. BA-B7), reckoned by gn__ba_fire_result itself. */
static void say_need(gn_game *g, int nparts, const ba_fire_in *in, const int *targets) {
  char buf[160];
  size_t n = 0;
  for (int k = 0; k < nparts && n < sizeof buf; k++) {
    ba_fire_out o;
    gn__ba_fire_result(BA_D(g), &in[k], 0, &o, NULL, NULL);
    int t = targets ? targets[k] : -1;
    n += (size_t)snprintf(buf + n, sizeof buf - n, "%s%s%s%d or more", k ? "; " : "",
                          t >= 0 && nparts > 1 ? g->sc->unit[t].code : "", t >= 0 && nparts > 1 ? ": " : "",
                          BA_D(g)->t12_loss[0] - o.loss_total);
  }
  gn__chance_say(g, ~0u, "a loss at a total of %s (Table 12 with the loss factors, ref. BA-B7)", buf);
}

/*
** One fire: a single 3d6 for all its parts (ref. BA-DICE-1, BA-3.1.2a), then
** each part's loss and moral effect (ref. BA-DICE-3). The fire phase and the
** odds check both come here.
**   1) roll 3d6
**   2) per part: a public "fire" event with the loss factors and the loss, and a
**      "moral" event with the moral factors and the target's valour, shown only
**      to the target's side (targets NULL or -1: the odds check, all shown)
** unit is the firer or -1; out[k].faces receive the dice.
*/
int gn__ba_fire_roll(gn_game *g, int unit, int nparts, const ba_fire_in *in, const int *targets,
                 ba_fire_out *out) {
  int total, faces[3];
  if (gn__chance_telling(g)) say_need(g, nparts, in, targets);
  int rc = gn__ba_roll(g, "fire", "BA-DICE-1", unit, &total, faces);                 /* 1 */
  if (rc) return rc;
  for (int k = 0; k < nparts; k++) {                                              /* 2 */
    int t = targets ? targets[k] : -1;
    const char *tid = t >= 0 ? g->sc->unit[t].code : "the target";
    gn_event *e = gn__event(g, "fire", "BA-DICE-3", unit, t, "%s fires at %s: %d figures, "
                            "3d6 = %d", unit >= 0 ? g->sc->unit[unit].code : "a unit", tid,
                            in[k].figures, total);
    gn_event *em = gn__event(g, "moral", "BA-DICE-3", unit, t, "moral factors of the fire at %s",
                             tid);
    if (!e || !em) return GN_ENOMEM;
    if (t >= 0) gn__event_hide(em, 1u << g->sc->unit[t].side);
    gn__ba_fire_result(BA_D(g), &in[k], total, &out[k], e, em);
    out[k].total = total;
    for (int f = 0; f < 3; f++) out[k].faces[f] = faces[f];
    e->total = out[k].loss;
  }
  return 0;
}

/* A firing part: its target and what it found out before the roll. */
typedef struct shot {
  int firer, target, figures, ok;
  ba_fire_in in;
  ba_fire_out out;
} shot;


/* Why u may not fire at all now, or NULL (ref. BA-3.1.1c, BA-5.5.3f, BA-1.1.1f). */
static const char *cannot_fire(const gn_game *g, int u, const char **ref) {
  const gn__ustate *s = &g->st.u[u];
  *ref = "BA-3.1.1c";
  if (s->ba.disorder >= BA_DIS_MD) return "it is in MD or FD";
  *ref = "BA-5.5.3f";
  if (!gn__ba_has_supplies(g, u)) return "it is without supplies";
  *ref = "BA-1.1.1f";
  if (s->flags & BA_F_PASSED) return "it was passed through this bound";
  *ref = "BA-1.1.1d";
  if ((s->flags & BA_F_CFIRED)) return "it fired in the continued-fire phase";
  *ref = "BA-B11";
  if (s->ba.formation == BA_FM_REST) return "it is in rest formation";
  *ref = "BA-3.1.1b";
  if (gn__ba_arm_of(g, u) == BA_ARM_ART && (s->ba.formation != BA_FM_LINE || s->strength < 1))
    return "the battery is limbered or has no gunners";
  return NULL;
}

/* Whether part p may fire at t (range, sight, front arc), and its factors. */
static int aim(const gn_game *g, shot *p, int split, int same_target) {
  const ba_data *d = BA_D(g);
  int u = p->firer, t = p->target;
  const gn__ustate *s = &g->st.u[u], *ts = &g->st.u[t];
  if (!gn__ba_on_table(g, t)) return 0;
  double dist = gn_unit_distance(g, u, t);
  double range = d->range[gn__ba_type_of(g, u)];
  if (dist > range) return 0;
  if (gn_box_arc(s->box, ts->box.c) != GN_ARC_FRONT && s->ba.formation != BA_FM_SKIRMISH)
    return 0;
  if (!gn_unit_los(g, u, t).visible) return 0;   /* the costly test last */
  ba_fire_in *in = &p->in;
  in->artillery = gn__ba_arm_of(g, u) == BA_ARM_ART;
  in->figures = p->figures;
  in->factors[FF_MARKSMEN] = !in->artillery && s->ba.marksmen;          /* ref. BA-5.5.1b */
  in->factors[FF_FIRST] = !(s->flags & BA_F_USED);
  in->factors[FF_SPLIT] = split && !same_target;                         /* ref. BA-3.1.2b */
  in->factors[FF_CANISTER] = in->artillery && dist <= d->canister;
  in->factors[FF_LONG] = dist > range * d->long_frac && !in->factors[FF_CANISTER];
  int tf = ts->ba.formation;
  in->factors[FF_DENSE] = tf == BA_FM_MARCH || tf == BA_FM_SQUARE || tf == BA_FM_MASS;
  in->factors[FF_SKIRMISH] = tf == BA_FM_SKIRMISH;
  int cover = gn__ba_cover_of(g, t);
  in->factors[FF_COVER1] = cover == 1;
  in->factors[FF_COVER2] = cover == 2;
  in->factors[FF_COVER3] = cover >= 3;
  gn_arc arc = gn_box_arc(ts->box, s->box.c);
  in->factors[FF_FLANK] = arc == GN_ARC_LEFT || arc == GN_ARC_RIGHT;
  in->factors[FF_REAR] = arc == GN_ARC_REAR;
  in->valour = ts->ba.valour;
  in->penalty = gn__ba_side_penalty(g, g->sc->unit[u].side);
  return 1;
}

/*
** The bands of u's fire, as aim measures them (ref. BA-B3, BA-B4).
**   1) the range of its type; none: no band
**   2) artillery: canister out to fire.canister, where the long-range factor
**      does not count (ref. BA-B4)
**   3) close out to the long-range fraction of the range, long beyond it
**   4) the front arc, but for a unit in skirmish formation (aim)
*/
void gn__ba_fire_bands(const gn_game *g, int u, gn_reach *out) {
  const ba_data *d = BA_D(g);
  double range = d->range[gn__ba_type_of(g, u)];                                        /* 1 */
  if (range <= 0) return;
  int art = gn__ba_arm_of(g, u) == BA_ARM_ART;
  const char *ref = art ? "BA-B4" : "BA-B3";
  double can = art ? fmin(d->canister, range) : 0, half = range * d->long_frac;
  gn__reach_band(out, 0, can, "canister", "BA-B4");                                   /* 2 */
  gn__reach_band(out, can, fmax(can, half), "close", ref);                             /* 3 */
  gn__reach_band(out, fmax(can, half), range, "long", ref);
  if (ba_u(g, u)->formation != BA_FM_SKIRMISH) {                                        /* 4 */
    out->front_arc = 1;
    out->arc_ref = "BA-3.1.1a";
  }
}

/*
** gn_actions: what a fire order of u at t (continue: at its last target)
** will do in the fire phase: the one roll of gn__ba_fire_roll, and whether
** it would fire if the phase came now, by the phase's own tests in its
** order: the firer may fire (cannot_fire), the target is in range, sight and
** front arc (aim). The moves of the bound come first, so a target out of
** reach now may be in reach then, and the other way round.
*/
int gn__ba_later(gn_game *g, const char *verb, int u, int t, gn__later *out) {
  if (!strcmp(verb, "continue")) t = ba_u(g, u)->last_target - 1;
  else if (strcmp(verb, "fire")) return 0;
  if (t < 0) return 0;
  gn_dice dx;
  snprintf(out->dice, sizeof out->dice, "%s", BA_DICE);
  out->ndice = gn_dice_parse(BA_DICE, &dx, NULL, 0) == 0 ? dx.ndice : 0;
  const char *ref, *no = cannot_fire(g, u, &ref);
  out->ready = 0;
  if (no) {
    snprintf(out->why, sizeof out->why, "ref. %s: %s", ref, no);
    return 1;
  }
  shot p = {.firer = u, .target = t, .figures = g->st.u[u].strength};
  if (!aim(g, &p, 0, 0)) {
    snprintf(out->why, sizeof out->why, "ref. BA-3.1.1a: %s is not in range, sight and front arc now", gn__ba_uid(g, t));
    return 1;
  }
  out->ready = 1;
  return 1;
}

/*
** The continued-fire phase (continued = 1) or the fire phase (0).
**   1) the firers: units continuing fire, or units with fire orders
**   2) all conditions are fixed before any roll (3.1.1): a unit that may not
**      fire, or a part whose target is out of range, sight or arc, does not fire
**      and takes no new target; the other part of a split fire still fires
**   3) one roll per firer for both parts; supplies are counted (ref. BA-5.5.3b,
**      BA-5.5.3c, BA-5.5.3d, BA-5.5.3e)
**   4) then losses and moral effects land, all together (fire is simultaneous)
** Any number of units. Fails with GN_ENOMEM or the dice source's error.
*/
static int fires(gn_game *g, int continued, shot *sh);

int gn__ba_phase_fire(gn_game *g, int continued) {
  size_t m = 2 * (size_t)(g->sc->nunits > 0 ? g->sc->nunits : 1);   /* two parts a firer */
  shot *sh = gn__malloc(g, m * sizeof *sh);
  if (!sh) return gn__error(g, GN_ENOMEM, "out of memory");
  int rc = fires(g, continued, sh);
  gn__free(g, sh, m * sizeof *sh);
  return rc;
}

/* Step 2 for firer u, not refused: its one or two parts (a split's second
** part takes its figures, or for a battery the figures of its guns) aimed,
** those that can fire written from p[0]. Returns how many (0 to 2). */
static int aim_parts(gn_game *g, int u, shot *p) {
  const gn__ustate *s = &g->st.u[u];
  int t1 = s->ba.target - 1, t2 = s->ba.target2 - 1, split = t2 >= 0;
  int f2 = 0;
  if (split) {
    f2 = s->ba.split2;
    if (gn__ba_arm_of(g, u) == BA_ARM_ART && s->ba.guns > 0)
      f2 = s->strength * f2 / s->ba.guns;
    if (f2 > s->strength) f2 = s->strength;
  }
  p[0] = (shot){.firer = u, .target = t1, .figures = s->strength - f2};
  p[0].ok = aim(g, &p[0], split, t1 == t2);
  int k = p[0].ok ? 1 : 0;
  if (split) {
    p[k] = (shot){.firer = u, .target = t2, .figures = f2};
    p[k].ok = aim(g, &p[k], 1, t1 == t2);
    if (p[k].ok) k++;
  }
  return k;
}

/* Step 3 for firer u with its k parts p[]: one roll for them all, u marked
** as having fired (a unit at rest loses its rest, ref. BA-5.5.4c), supplies
** counted. Fails with GN_ENOMEM or the dice source's error. */
static int roll_parts(gn_game *g, int u, int continued, shot *p, int k) {
  ba_fire_in in[2];
  ba_fire_out out[2];
  int tg[2], rc;
  for (int i = 0; i < k; i++) { in[i] = p[i].in; tg[i] = p[i].target; }
  if ((rc = gn__ba_fire_roll(g, u, k, in, tg, out))) return rc;
  for (int i = 0; i < k; i++) p[i].out = out[i];
  gn__ustate *s = gn__uw(g, u);
  s->flags |= BA_F_FIRED | BA_F_USED | (continued ? BA_F_CFIRED : 0);
  if (s->ba.formation == BA_FM_REST && (rc = gn__ba_rest_break(g, u, "fires", "BA-5.5.4c")))
    return rc;
  return gn__ba_supply_roll(g, u, out[0].faces);
}

/* Step 4: the ns shots sh[] land, losses then moral effects. Fails with the
** error of a loss or a disorder. */
static int land_shots(gn_game *g, const shot *sh, int ns) {
  int rc;
  for (int i = 0; i < ns; i++) {
    const shot *p = &sh[i];
    if (!gn__ba_on_table(g, p->target)) continue;
    gn__uw(g, p->target)->flags |= BA_F_FIRED_AT;
    if (p->out.loss > 0 && (rc = gn__ba_loss(g, p->target, p->out.loss, "fire", "BA-B7"))) return rc;
    if (gn__ba_on_table(g, p->target) && p->out.moral > BA_DIS_NONE &&
        (rc = gn__ba_disorder(g, p->target, p->out.moral, "fire", "BA-B7")))
      return rc;
  }
  return 0;
}

/* The phase, with room in sh for two parts per unit. */
static int fires(gn_game *g, int continued, shot *sh) {
  int n = g->sc->nunits, rc;
  int ns = 0;
  for (int u = 0; u < n; u++) {                                                   /* 1 */
    gn__ustate *s = gn__uw(g, u);
    if (!gn__ba_on_table(g, u) || s->ba.order != BA_O_FIRE || !s->ba.target) continue;
    if (!!(s->flags & BA_F_CONT) != continued) continue;
    const char *ref, *why = cannot_fire(g, u, &ref);                             /* 2 */
    if (why) {
      if (!gn__event(g, "nofire", ref, u, -1, "%s does not fire: %s", gn__ba_uid(g, u), why))
        return GN_ENOMEM;
      continue;
    }
    int k = aim_parts(g, u, &sh[ns]);
    if (k == 0) {
      if (!gn__event(g, "nofire", "BA-3.1.1a", u, s->ba.target - 1, "%s does not fire: no "
                     "target in range, sight and arc", gn__ba_uid(g, u)))
        return GN_ENOMEM;
      continue;
    }
    if ((rc = roll_parts(g, u, continued, &sh[ns], k))) return rc;                /* 3 */
    ns += k;
  }
  return land_shots(g, sh, ns);                                                   /* 4 */
}
