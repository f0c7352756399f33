/*
** heroes.c: hits on heroes and leaders, the optional rule of the seed
** (scenario option hero_hits).
**
** Each Ace that scores a hit in shooting or melee gets a d6 (ref. IN-H1)
** [interpretation: an Ace whose hit the cap of a lone fraction removes
** (ref. IN-R3) scores nothing, so it makes no check]. The face names a rank
** (data heroes.face: 1 bugler, 2 flag bearer, 3 NCO, 4 hero, 5 staff officer,
** 6 general, ref. IN-H2); each role's rank is the one list of roles, data
** roles.rank (ref. IN-B14: a corporal is an NCO, a unit officer an officer).
** A figure of the rolled rank present is hit, or, if the attacker wishes, one
** of a lower rank present (ref. IN-H3); ranks above the roll are safe.
** When no figure of the rolled rank is present (ref. IN-H4) [interpretation,
** switch heroes.absent_falls_lower]: by default the Ace hits an ordinary
** figure, since each Ace only "has a chance" and the seed offers a lower
** figure only when the rolled one is there; with the switch on, it falls on
** the highest rank present below the roll (or a lower one the attacker names).
** The attacker's choice comes from the order ("choose ROLE"); without it,
** or when the named role is not eligible, the rolled rank's figure is hit;
** between two roles of one rank, the higher role (NCO before corporal,
** staff before officer).
*/
#include "inradic.h"

#include <stdio.h>

/* ref. IN-H2, IN-H3, IN-H4: the role an Ace showing `face` hits, or -1. */
int gn__in_hero_pick(const gn_game *g, const in_figs *present, int face, int choice) {
  const in_data *d = in__data(g);
  int top = d->hero_face[face - 1], best = -1, have_top = 0;
  for (int r = 0; r < IN_NROLES; r++)
    if (d->role_rank[r] == top && present->n[r] > 0) have_top = 1;
  if (!have_top && !d->hero_fall_lower) return -1;                 /* ref. IN-H4: no one of that rank */
  if (choice >= 0 && choice < IN_NROLES && present->n[choice] > 0 &&
      d->role_rank[choice] >= 1 && d->role_rank[choice] <= top)
    return choice;                                               /* ref. IN-H3: attacker's choice */
  for (int r = 0; r < IN_NROLES; r++) {
    int t = d->role_rank[r];
    if (t < 1 || t > top || present->n[r] <= 0) continue;      /* ref. IN-H4: higher ranks safe */
    if (best < 0 || t > d->role_rank[best] || (t == d->role_rank[best] && r > best)) best = r;
  }
  return best;
}

/*
** One Ace's hero check (ref. IN-H1, IN-H2, IN-H3, IN-H4).
**   1) roll a d6
**   2) pick the role it hits among those present (gn__in_hero_pick)
**   3) log what it did
*/
int gn__in_hero_check(gn_game *g, const in_figs *present, int choice, int unit, int *role) {
  int face, rc, key[7];
  if (in__enumerating(g))                                                          /* faces alike: whom they hit */
    for (int f = 1; f <= 6; f++) key[f] = gn__in_hero_pick(g, present, f, choice);
  if ((rc = gn__in_roll_d6(g, key, "hero and leader check for an Ace", "IN-H2", unit, &face)))   /* 1 */
    return rc;
  *role = gn__in_hero_pick(g, present, face, choice);                                           /* 2 */
  gn_event *e = gn__event(g, "hero", *role >= 0 ? "IN-H3" : "IN-H4", unit, -1,      /* 3 */
                          "%s: Ace hero check %d: %s", unit >= 0 ? gn__in_name(g, unit) : "the target", face,
                          *role >= 0 ? gn__in_role_names[*role] : "no one eligible, an ordinary figure");
  if (!e) return GN_ENOMEM;
  e->total = face;
  return 0;
}

/*
** Apply a group's hits to a target.
**   1) with the option hero_hits, each Ace among the hits makes a hero check
**      (ref. IN-H1) and falls on the figure it names
**   2) the other hits fall on ordinary figures, privates first (ref. IN-B5)
*/
int gn__in_apply_hits(gn_game *g, int target, int hits, int aces, int choice, int *killed) {
  int k[IN_NROLES], done = 0, rc;
  for (int r = 0; r < IN_NROLES; r++) killed[r] = 0;
  if (g->sc->options[IN_OPT_HERO_HITS]) {                                    /* 1 */
    for (int i = 0; i < aces && i < hits && gn__in_alive(g, target); i++) {
      in_figs f = gn__in_figs(g, target);
      int role;
      if ((rc = gn__in_hero_check(g, &f, choice, target, &role))) return rc;
      done += gn__in_casualties(g, target, 1, role, k);
      for (int r = 0; r < IN_NROLES; r++) killed[r] += k[r];
    }
    hits -= aces < hits ? aces : hits;
  }
  if (hits > 0 && gn__in_alive(g, target)) {                                    /* 2 */
    done += gn__in_casualties(g, target, hits, -1, k);
    for (int r = 0; r < IN_NROLES; r++) killed[r] += k[r];
  }
  return done;
}

/* "choose ROLE" at token tok, optional. */
int gn__in_arg_choice(gn_game *g, const gn__args *a, int tok, int *role) {
  *role = -1;
  if (tok >= a->n) return 0;
  if (!gn__arg_is(a, tok, "choose")) return gn__syntax(g, a, tok, "expected 'choose ROLE' or nothing");
  if (tok + 1 >= a->n) return gn__syntax(g, a, tok + 1, "expected a role (bugler, flag, nco, ...)");
  for (int r = 1; r < IN_NROLES; r++)
    if (gn__arg_is(a, tok + 1, gn__in_role_names[r])) { *role = r; break; }
  if (*role < 0) return gn__syntax(g, a, tok + 1, "unknown role '%s'", a->tok[tok + 1]);
  if (tok + 2 < a->n) return gn__syntax(g, a, tok + 2, "unexpected '%s'", a->tok[tok + 2]);
  return 0;
}
