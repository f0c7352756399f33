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
#include <string.h>

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

/* What the hero check's faces pick, told to the players before they roll
** (ref. IN-H2, IN-H3, IN-H4). */
static void hero_say(gn_game *g) {
  const in_data *d = in__data(g);
  char buf[160];
  size_t len = 0;
  buf[0] = 0;
  for (int f = 1; f <= 6 && len < sizeof buf; f++) {
    int named = 0;
    len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%d ", f > 1 ? ", " : "", f);
    for (int r = 0; r < IN_NROLES && len < sizeof buf; r++)   /* every role of the face's rank */
      if (d->role_rank[r] == d->hero_face[f - 1])
        len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%s", named++ ? " or " : "", gn__in_role_names[r]);
    if (!named && len < sizeof buf) len += (size_t)snprintf(buf + len, sizeof buf - len, "no one");
  }
  gn__chance_say(g, ~0u, "%s: that figure falls if the target has one, %s (ref. IN-H2, IN-H3, IN-H4)", buf,
                 d->hero_fall_lower ? "else the highest lower one present" : "else an ordinary figure");
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
  if (gn__chance_telling(g)) hero_say(g);   /* only a table of players is told */
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
** One step of a group's hits on a target: one Ace, or all the rest.
**   1) with the option hero_hits, each Ace among the hits makes a hero check
**      (ref. IN-H1) and falls on the figure it names, one step each
**   2) then the other hits fall on ordinary figures, privates first (ref. IN-B5)
** Returns 1 when hits remain for another step, 0 when done, or the hero
** check's error.
*/
int gn__in_hit_step(gn_game *g, int target, in_hits *h, int choice) {
  int k[IN_NROLES], rc;
  if (g->sc->options[IN_OPT_HERO_HITS] && h->aces > 0 && h->hits > 0 && gn__in_alive(g, target)) {   /* 1 */
    in_figs f = gn__in_figs(g, target);
    int role;
    if ((rc = gn__in_hero_check(g, &f, choice, target, &role))) return rc;
    h->lost += gn__in_casualties(g, target, 1, role, k);
    for (int r = 0; r < IN_NROLES; r++) h->killed[r] += k[r];
    h->aces--; h->hits--;
    return 1;
  }
  if (g->sc->options[IN_OPT_HERO_HITS]) h->hits -= h->aces < h->hits ? h->aces : h->hits;
  h->aces = 0;
  if (h->hits > 0 && gn__in_alive(g, target)) {                                  /* 2 */
    h->lost += gn__in_casualties(g, target, h->hits, -1, k);
    for (int r = 0; r < IN_NROLES; r++) h->killed[r] += k[r];
  }
  h->hits = 0;
  return 0;
}

/* A group's hits on a target, every step (gn__in_hit_step): the figures
** lost, or the hero check's error; killed[] receives them by role. */
int gn__in_apply_hits(gn_game *g, int target, int hits, int aces, int choice, int *killed) {
  in_hits h;
  int rc;
  memset(&h, 0, sizeof h);
  h.hits = hits; h.aces = aces;
  while ((rc = gn__in_hit_step(g, target, &h, choice)) == 1) {}
  if (rc < 0) return rc;
  memcpy(killed, h.killed, sizeof h.killed);
  return h.lost;
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
