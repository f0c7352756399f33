/*
** melee.c: charges and melee by cards (ref. IN-B6, IN-B7: defaults of the
** rules index data/rulesets/inradic/rules.yaml): every figure in contact fights, drawing cards as for shooting
** (2 per five ordinary figures, 2 for a remainder, 3 per leader); a number
** card of 6 or more hits, 7 against a defender behind an obstacle; an Ace
** hits and may strike a leader; picture cards miss; both sides draw before
** any casualty is removed.
*/
#include "inradic.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

unsigned gn__in_charge_calls_test(int charger, int target, gn_arc arc) {
  unsigned tr = 0;
  if (charger >= target) tr |= IN_TR_M5;
  if (arc != GN_ARC_FRONT && 2 * charger >= target) tr |= IN_TR_M6;
  return tr;
}

int gn__in_melee_calls_test(const gn_game *g, int lost) { return lost >= in__data(g)->melee_casualties; }

/* The morale test a melee's casualties call for (ref. IN-M2: two casualties;
** ref. IN-M3: a leader lost, m3); none for a unit no longer on the table. */
static unsigned after_melee(const gn_game *g, int unit, int lost, int m3) {
  unsigned tr = 0;
  if (!gn__in_alive(g, unit)) return 0;
  if (gn__in_melee_calls_test(g, lost)) tr |= IN_TR_M2;
  if (m3) tr |= IN_TR_M3;
  return tr;
}

static const char *who(const gn_game *g, const in_melee *m, int i) {
  return m->unit[i] >= 0 ? gn__in_name(g, m->unit[i]) : i ? "the defender" : "the attacker";
}

/*
** Both sides' cards in one round of melee (ref. IN-B6, IN-B7).
**   1) every figure fights: cards as for shooting, 2 per five ordinary
**      figures, 2 for a remainder, 3 per leader; a fraction under five alone
**      scores at most its figures (ref. IN-R3)
**   2) the attacker needs 6, or 7 when the defender is behind an obstacle;
**      the defender needs 6
**   3) a routing group draws nothing [interpretation: its figures are
**      running, ref. IN-M11]
**   4) both draw before any figure falls
** Fails as gn__in_draw.
*/
int gn__in_melee_draw(gn_game *g, const in_melee *m, in_melee_result *r) {
  const in_data *d = in__data(g);
  static const char *const purpose[2] = { "melee card (attacker)", "melee card (defender)" };
  int rc;
  r->need[0] = m->obstacle ? d->melee_need_obstacle : d->melee_need;                /* 2 */
  r->need[1] = d->melee_need;
  char basis[64];
  gn__snprintf(basis, sizeof basis, "%d, defender behind an obstacle %+d", r->need[1], r->need[0] - r->need[1]);
  for (int i = 0; i < 2; i++) {
    int capped, free_, cap;
    in_draw *dr = &r->d[i];
    dr->cards = dr->hits = dr->aces = dr->pictures = dr->capped = 0;
    if (m->routing[i]) continue;                                                  /* 3 */
    gn__in_melee_cardcount(g, &m->figs[i], &capped, &free_, &cap);                   /* 1 */
    if ((rc = gn__in_draw_hits(g, m->side[i], capped, free_, r->need[i], cap, 0,      /* 4 */
                               i == 0 && m->obstacle ? basis : NULL, purpose[i], "IN-B6", m->unit[i], dr)))
      return rc;
  }
  /* each side's value needed is said as such; the obstacle that raises the
  ** attacker's and the cap on a fraction's hits are the modifiers */
  char side[2][48];
  for (int i = 0; i < 2; i++)
    if (m->routing[i]) gn__snprintf(side[i], sizeof side[i], "0 (routing: no card)");
    else gn__snprintf(side[i], sizeof side[i], "%d (%s%d or more)", r->d[i].hits, i ? "" : "cards needing ",
                      r->need[i]);
  gn_event *e = gn__event(g, "melee", "IN-B6", m->unit[0], m->unit[1], "%s scores %s, %s scores %s",
                          who(g, m, 0), side[0], who(g, m, 1), side[1]);
  if (!e) return GN_ENOMEM;
  if (m->obstacle)
    gn__event_mod(e, "defender behind an obstacle, on the attacker's value needed", r->need[0] - r->need[1], "IN-B7");
  if (r->d[0].capped || r->d[1].capped)
    gn__event_mod(e, "fraction under five alone", -(r->d[0].capped + r->d[1].capped), "IN-R3");
  return 0;
}

/* What the rest of a round of melee reads besides the table, for the odds
** engine's merge points (gn__enum_merge): the units, the attacker's choice
** of role, the hits still to fall on the defender [0] and the attacker [1]
** with what they took (the roles folded into m3: a loss that calls for a
** test, ref. IN-M3), and the morale triggers due. */
typedef struct melee_rest { int A, D, choice, m3[2]; in_hits h[2]; unsigned tr[2]; } melee_rest;

/* The merge points of a round, in the order it meets them. */
enum { MR_DRAWN = 0x494d0001, MR_DEFENDER_HIT, MR_ATTACKER_HIT, MR_DEFENDER_TESTED, MR_DONE, MR_ACE };

/* Under the odds engine: hits at least the target's figures take them all,
** whichever figures the Aces would strike, so its hero checks (ref. IN-H1)
** cannot change the result and are not asked. */
static void all_fall(const gn_game *g, int unit, in_hits *h) {
  int n = g->st.u[unit].strength;
  if (in__enumerating(g) && h->hits >= n) { h->hits = n; h->aces = 0; }
}

/* The hits on side i of the round (0: the defender), step by step, a merge
** point after each Ace; then the morale test they call for. */
static int hits_on(gn_game *g, melee_rest *x, int i) {
  int unit = i ? x->A : x->D, rc;
  for (;;) {
    int more = gn__in_hit_step(g, unit, &x->h[i], i ? -1 : x->choice);
    if (more < 0) return more;   /* a hero check's dice failed: the order is rolled back */
    for (int r = 0; r < IN_NROLES; r++) if (x->h[i].killed[r] && gn__in_role_m3(g, r)) x->m3[i] = 1;
    memset(x->h[i].killed, 0, sizeof x->h[i].killed);
    if (!more) break;
    if ((rc = gn__enum_merge(g, MR_ACE + (uint32_t)i, x, sizeof *x))) return rc;
  }
  x->tr[i] = after_melee(g, unit, x->h[i].lost, x->m3[i]);
  x->h[i].lost = x->m3[i] = 0;
  return 0;
}

/*
** The rest of a round of melee from one of its merge points (at), with what
** it still reads (x); the round's procedure is resolve's:
**   2) hits on the defender, Aces through the hero check (ref. IN-H1); then
**      on the attacker
**   3) morale: the defender first, then the attacker (ref. IN-M2, IN-M3)
** A merge point after each step: the odds engine walks what follows once for
** equal states, and resumes a run there (gn__enum_resume) instead of
** replaying the order from its start.
*/
static int rest(gn_game *g, melee_rest *x, uint32_t at) {
  int rc;
  switch (at) {
  case MR_DRAWN:
  case MR_ACE:                                                                         /* 2 */
    if ((rc = hits_on(g, x, 0))) return rc;
    x->choice = -1;
    if ((rc = gn__enum_merge(g, MR_DEFENDER_HIT, x, sizeof *x))) return rc;
    /* fall through */
  case MR_DEFENDER_HIT:
  case MR_ACE + 1:
    if ((rc = hits_on(g, x, 1))) return rc;
    if ((rc = gn__enum_merge(g, MR_ATTACKER_HIT, x, sizeof *x))) return rc;
    /* fall through */
  case MR_ATTACKER_HIT:                                                                /* 3 */
    if ((rc = gn__in_morale_test(g, x->D, x->tr[0], x->A, NULL))) return rc;
    x->tr[0] = 0;
    if ((rc = gn__enum_merge(g, MR_DEFENDER_TESTED, x, sizeof *x))) return rc;
    /* fall through */
  case MR_DEFENDER_TESTED:
    if ((rc = gn__in_morale_test(g, x->A, x->tr[1], x->D, NULL))) return rc;
    return gn__enum_merge(g, MR_DONE, NULL, 0);
  default:                                                                             /* MR_DONE */
    return 0;
  }
}

/*
** One round of melee between units in contact.
**   1) both sides' cards (gn__in_melee_draw), the obstacle seen from the attacker
**   2) hits on the defender, then on the attacker, and 3) morale: rest
*/
static int resolve(gn_game *g, int A, int D, int choice) {
  in_melee m = { { gn__in_side(g, A), gn__in_side(g, D) }, { A, D }, { gn__in_figs(g, A), gn__in_figs(g, D) },
                 { gn__in_routing(g, A), gn__in_routing(g, D) }, gn__in_obstacle(g, A, D) };
  in_melee_result r;
  melee_rest x;
  int rc;
  memset(&x, 0, sizeof x);
  if ((rc = gn__in_melee_draw(g, &m, &r))) return rc;                                  /* 1 */
  x.A = A; x.D = D; x.choice = choice;
  x.h[0].hits = r.d[0].hits; x.h[0].aces = r.d[0].aces;
  x.h[1].hits = r.d[1].hits; x.h[1].aces = r.d[1].aces;
  all_fall(g, D, &x.h[0]);
  all_fall(g, A, &x.h[1]);
  if ((rc = gn__enum_merge(g, MR_DRAWN, &x, sizeof x))) return rc;
  return rest(g, &x, MR_DRAWN);                                                        /* 2, 3 */
}

/* Under the odds engine, a run resumed at a merge point of the round this
** order fights: 1 and *rc the rest's result, else 0 (the order runs whole). */
static int resumed(gn_game *g, int *rc) {
  melee_rest x;
  uint32_t at;
  memset(&x, 0, sizeof x);
  if (!gn__enum_resume(g, &at, &x, sizeof x)) return 0;
  *rc = rest(g, &x, at);
  return 1;
}

/* Places A touching the edge of B that faces it. */
static gn_arc place_in_contact(gn_game *g, int A, int B) {
  gn_box a = g->st.u[A].box, b = g->st.u[B].box;
  gn_arc arc = gn_box_arc(b, a.c);
  double fx = cos(b.facing), fy = sin(b.facing), lx = -fy, ly = fx, off;
  switch (arc) {
  case GN_ARC_FRONT:
    off = b.d / 2 + a.d / 2;
    a.c.x = b.c.x + fx * off; a.c.y = b.c.y + fy * off; a.facing = b.facing + IN_PI;
    break;
  case GN_ARC_REAR:
    off = b.d / 2 + a.d / 2;
    a.c.x = b.c.x - fx * off; a.c.y = b.c.y - fy * off; a.facing = b.facing;
    break;
  case GN_ARC_LEFT:
    off = b.w / 2 + a.d / 2;
    a.c.x = b.c.x + lx * off; a.c.y = b.c.y + ly * off; a.facing = atan2(-ly, -lx);
    break;
  default:
    off = b.w / 2 + a.d / 2;
    a.c.x = b.c.x - lx * off; a.c.y = b.c.y - ly * off; a.facing = atan2(ly, lx);
    break;
  }
  gn__unit_place(g, A, a);
  return arc;
}

/*
** charge UNIT at UNIT [choose ROLE]
**   1) the charger may act, has not moved or fought, is foot or mounted, is not in melee
**   2) the target is an enemy in sight within a charge move (ref. IN-B9)
**   3) the charger moves into contact with the target's edge that faces it
**   4) the target tests when the charger is at least its size (ref. IN-M5),
**      or at least half its size in its flank or rear (ref. IN-M6): one test
**   5) a target that stands fights a round of melee
*/
int gn__in_order_charge(gn_game *g, const gn__args *a) {
  int A, B, choice, rc;
  if ((rc = gn__arg_unit(g, a, 1, &A))) return rc;
  if (!gn__arg_is(a, 2, "at")) return gn__syntax(g, a, 2, "expected 'at'");
  if ((rc = gn__arg_unit(g, a, 3, &B))) return rc;
  if ((rc = gn__in_arg_choice(g, a, 4, &choice))) return rc;
  if (resumed(g, &rc)) return rc;   /* the odds engine goes on from a merge point of its melee */
  if ((rc = gn__in_may_act(g, A, "charge"))) return rc;                                 /* 1 */
  gn__ustate *u = gn__uw(g, A);
  if (u->flags & (IN_F_MOVED | IN_F_FOUGHT))
    return gn__refuse(g, "IN-B13", "%s has already moved or fought this turn", gn__in_name(g, A));
  if (u->in.pursuit == IN_PU_PURSUING)
    return gn__refuse(g, "IN-P3", "%s is pursuing: halt it first", gn__in_name(g, A));
  double reach = gn__in_charge_allowance(g, A);
  if (reach <= 0) return gn__refuse(g, "IN-B9", "%s cannot charge", gn__in_name(g, A));
  if (gn__in_engaged(g, A)) return gn__refuse(g, "IN-B6", "%s is already in melee", gn__in_name(g, A));
  if (!gn__in_alive(g, B) || !gn__in_enemies(g, A, B))                                      /* 2 */
    return gn__refuse(g, "IN-B9", "%s is not an enemy on the table", gn__in_name(g, B));
  double dist = gn_unit_distance(g, A, B);
  if (dist > reach)
    return gn__refuse(g, "IN-B9", "%s is %.1f in away; a charge reaches %.1f in", gn__in_name(g, B), dist, reach);
  if (!gn_unit_los(g, A, B).visible)
    return gn__refuse(g, "IN-B9", "%s cannot see %s", gn__in_name(g, A), gn__in_name(g, B));
  gn_box from = u->box;
  gn_arc arc = place_in_contact(g, A, B);                                             /* 3 */
  u->flags |= IN_F_MOVED | IN_F_CHARGED | IN_F_FOUGHT;
  gn_box to = g->st.u[A].box;
  gn_event *e = gn__event(g, "charge", "IN-B9", A, B,
                          "%s charges %s in the %s, %.1f in from %.1f,%.1f to %.1f,%.1f facing %.1f",
                          gn__in_name(g, A), gn__in_name(g, B),
                          arc == GN_ARC_FRONT ? "front" : arc == GN_ARC_REAR ? "rear" : "flank",
                          hypot(to.c.x - from.c.x, to.c.y - from.c.y), from.c.x, from.c.y, to.c.x, to.c.y,
                          gn__compass(to.facing));
  if (!e) return GN_ENOMEM;
  int routed = 0;                                                                     /* 4 */
  unsigned tr = gn__in_charge_calls_test(u->strength, g->st.u[B].strength, arc);
  if ((rc = gn__in_morale_test(g, B, tr, A, &routed))) return rc;
  if (routed || !gn__in_alive(g, B) || !gn__in_alive(g, A)) return 0;
  return resolve(g, A, B, choice);                                                    /* 5 */
}

/*
** melee UNIT with UNIT [choose ROLE]: another round between units in contact.
**   1) the attacker may act and has not fought this turn; the target is an
**      enemy in contact
**   2) attacked in its flank or rear by an enemy at least half its size, the
**      target tests first (ref. IN-M6): the seed's "attacked (melee)" is any
**      attack, not only the charge [interpretation: each round so attacked
**      tests, as each charge does]
**   3) a target that stands fights the round
*/
int gn__in_order_melee(gn_game *g, const gn__args *a) {
  int A, B, choice, rc;
  if ((rc = gn__arg_unit(g, a, 1, &A))) return rc;
  if (!gn__arg_is(a, 2, "with")) return gn__syntax(g, a, 2, "expected 'with'");
  if ((rc = gn__arg_unit(g, a, 3, &B))) return rc;
  if ((rc = gn__in_arg_choice(g, a, 4, &choice))) return rc;
  if (resumed(g, &rc)) return rc;   /* the odds engine goes on from a merge point of its melee */
  if ((rc = gn__in_may_act(g, A, "melee"))) return rc;                                  /* 1 */
  if (g->st.u[A].flags & IN_F_FOUGHT)
    return gn__refuse(g, "IN-B13", "%s has already fought this turn", gn__in_name(g, A));
  if (!gn__in_alive(g, B) || !gn__in_enemies(g, A, B) || !gn__in_in_contact(g, A, B))
    return gn__refuse(g, "IN-B6", "%s is not an enemy in contact with %s", gn__in_name(g, B), gn__in_name(g, A));
  gn__uw(g, A)->flags |= IN_F_FOUGHT;
  gn_arc arc = gn_box_arc(g->st.u[B].box, g->st.u[A].box.c);                          /* 2 */
  int routed = 0;
  if (arc != GN_ARC_FRONT && 2 * g->st.u[A].strength >= g->st.u[B].strength &&
      (rc = gn__in_morale_test(g, B, IN_TR_M6, A, &routed)))
    return rc;
  if (routed || !gn__in_alive(g, B) || !gn__in_alive(g, A)) return 0;
  return resolve(g, A, B, choice);                                                    /* 3 */
}
