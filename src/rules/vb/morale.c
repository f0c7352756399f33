/*
** morale.c: morale tests of Volley & Bayonet, their failure (disorder, rout),
** and the morale phase.
**
** ref. VB-B8 [interpretation]: a test is 1d6, passed when the roll is at most
** the grade plus the modifiers (rules index data/rulesets/vb/rules.yaml).
** ref. VB-B8 [interpretation] who tests and when: at the end of a side's
** morale phase (the morale phase comes before combat in both editions' sequence
** of play): every stand of either side touching an enemy stand (a melee follows
** in this combat phase), and every stand of the other side within close range
** of an artillery stand of the phasing side that could fire at it (the 1994
** draft's trigger); battalion guns never trigger a test (VB-25). Musket range
** triggers too only when morale.trigger.musket_range is 1 (the derived QRS).
*/
#include <math.h>
#include <string.h>
#include "vb.h"

#define MAXNEAR 128

/* Stands of side ud->side (or of the other sides, with other) that count:
** on the table, not leaders; with fit, not routed and of a kind that can
** make the enemy test (gn__vb_threatens: unlimbered guns, and muskets when
** they trigger tests). */
typedef struct vb_who { const gn_game *g; int side, other, fit; } vb_who;

static int who(void *ud, int e) {
  const vb_who *w = ud;
  const gn_game *g = w->g;
  int t = gn__vb_type(g, e);
  if ((g->sc->unit[e].side != w->side) != w->other || !gn__vb_alive(g, e) || gn__vb_is_leader(t)) return 0;
  if (!w->fit) return 1;
  const gn__ustate *u = &g->st.u[e];
  if (u->vb.routed) return 0;
  if (gn__vb_is_artillery(t)) return !u->vb.limbered;
  return gn__vb_combat(g)->trigger_musket && (t == VB_T_INF_BRIGADE || t == VB_T_INF_REGIMENT || t == VB_T_SKIRMISHER);
}

/* A stand of another side than ud->side that the guns may make test: on the
** table, not a leader, not routed, not listed yet (why[i] 0). */
typedef struct vb_mark { const gn_game *g; int side; const unsigned char *why; } vb_mark;

static int may_test(void *ud, int i) {
  const vb_mark *mk = ud;
  const gn_game *g = mk->g;
  return !mk->why[i] && g->sc->unit[i].side != mk->side && gn__vb_alive(g, i) && !vb_u(g, i)->routed &&
         !gn__vb_is_leader(gn__vb_type(g, i));
}

/* Ids of the stands within r of unit that w accepts, in ascending order,
** every one: *out is buf (room for MAXNEAR) or a gn__room allocation for
** the count returned (gn__room_free). The grid's filtered search; past its
** buffer or without the grid, every stand near, filtered here. */
static int near_who(gn_game *g, int unit, double r, vb_who *w, int *buf, int **out) {
  gn__frame fr = gn__frame_of(g->st.u[unit].box);
  int n = gn__vb_near_if(g, &fr, r, who, w, buf, MAXNEAR), k = 0;
  *out = buf;
  if (n >= 0) return n;
  int nbuf[MAXNEAR], *near, m = gn__units_near_all(g, unit, r, nbuf, MAXNEAR, &near);
  for (int i = 0; i < m; i++) k += who(w, near[i]);
  int *ids = gn__room(g, buf, MAXNEAR, &k, sizeof *ids);
  n = 0;
  for (int i = 0; i < m && n < k; i++)
    if (who(w, near[i])) ids[n++] = near[i];
  gn__room_free(g, nbuf, near, m, sizeof *near);
  *out = ids;
  return n;
}

/* Enemy stands (alive, not leaders) touching unit, every one: as near_who. */
static int contacts(gn_game *g, int unit, int *buf, int **out) {
  vb_who w = {g, g->sc->unit[unit].side, 1, 0};
  return near_who(g, unit, GN_CONTACT_EPS, &w, buf, out);
}

/* The situation of unit touching the n enemy stands ids. */
static void situation(gn_game *g, int unit, const int *ids, int n, vb_morale_sit *s) {
  const gn__ustate *u = &g->st.u[unit];
  memset(s, 0, sizeof *s);
  /* a cavalry skirmisher tests as the light cavalry it is (ref. VB-5, VB-6) */
  s->type = gn__vb_is_cav_skirmisher(g, unit) ? VB_T_CAV_LIGHT : gn__vb_type(g, unit);
  s->stationary = u->vb.stationary;
  for (int i = 0; i < n; i++) {
    int e = ids[i];
    if (vb_u(g, e)->lancers || gn__vb_type(g, e) == VB_T_CAV_LANCER) s->lancers = 1;
    if (gn__vb_cav_stand(g, e)) s->cavalry = 1;
    if (gn_box_arc(u->box, g->st.u[e].box.c) != GN_ARC_FRONT) s->flank = 1;
  }
  s->works = gn__vb_in_terrain(g, unit, VB_TR_WORKS);
  s->sunken = gn__vb_in_terrain(g, unit, VB_TR_SUNKEN_ROAD);
  s->town = gn__vb_town_of(g, unit) >= 0;
}

void gn__vb_morale_situation(gn_game *g, int unit, vb_morale_sit *s) {
  int buf[MAXNEAR], *ids, n = contacts(g, unit, buf, &ids);
  situation(g, unit, ids, n, s);
  gn__room_free(g, buf, ids, n, sizeof *ids);
}

/*
** The morale modifiers of a situation.
**   1) facing lancers: infantry only (ref. VB-5)
**   2) meleed by cavalry: artillery and infantry that is not stationary
**      (ref. VB-6)
**   3) no "unsupported" modifier exists any more (ref. VB-7)
**   4) meleed from flank or rear: regimental (3x1.5 in) infantry stands; brigade
**      stands take morale.mod.brigade_flank, 0 by default (ref. VB-8)
**   5) works or a sunken road (ref. VB-30), a town block (ref. VB-B8)
**   6) further modifiers given to the odds check
** Cannot fail.
*/
int gn__vb_morale_mods(gn_game *g, const vb_morale_sit *s, vb_mods *m) {
  const vb_combat *c = gn__vb_combat(g);
  vb_mods local;
  if (!m) m = &local;
  memset(m, 0, sizeof *m);
  int inf = gn__vb_is_infantry(s->type), art = gn__vb_is_artillery(s->type);
  if (s->lancers && inf) gn__vb_mod(m, "facing lancers", c->mod_lancers, "VB-5");           /* 1) */
  if (s->cavalry && (art || (inf && !s->stationary)))                                     /* 2) */
    gn__vb_mod(m, "meleed by cavalry", c->mod_cav_melee, "VB-6");
  /* 3) ref. VB-7: nothing to add. */
  if (s->flank && s->type == VB_T_INF_REGIMENT)                                           /* 4) */
    gn__vb_mod(m, "regiment meleed in flank", c->mod_reg_flank, "VB-8");
  if (s->flank && s->type == VB_T_INF_BRIGADE && c->mod_brig_flank)
    gn__vb_mod(m, "brigade meleed in flank", c->mod_brig_flank, "VB-8");
  if (s->works || s->sunken)                                                              /* 5) */
    gn__vb_mod(m, s->works ? "in works" : "in a sunken road", c->mod_works, "VB-30");
  else if (s->town)
    gn__vb_mod(m, "in a town", c->mod_town, "VB-B8");
  for (int i = 0; i < s->nextra && i < 8; i++) gn__vb_mod(m, "modifier", s->extra[i], "VB-B8");  /* 6) */
  return m->total;
}

/*
** One morale test (ref. VB-B8).
**   1) the modifiers of the situation
**   2) roll 1d6; passed when the roll is at most grade + modifiers
**   3) log a "morale" event with the modifiers
*/
int gn__vb_morale_roll(gn_game *g, int unit, int grade, const vb_morale_sit *s,
                       const char *why, int *passed) {
  vb_mods m;
  char purpose[96];
  int roll, rc;
  int need = grade + gn__vb_morale_mods(g, s, &m);                        /* 1) */
  gn__snprintf(purpose, sizeof purpose, "morale of %s", unit >= 0 ? gn__vb_uname(g, unit) : "stand");
  /* the grade is hidden from the enemy: the roll and the test are its side's */
  unsigned vis = g->roll_vis, own = unit >= 0 ? 1u << g->sc->unit[unit].side : ~0u;
  g->roll_vis = own;
  static const gn_dice d6 = { 1, { { 1, 6, 1 } }, 0, 1 };                   /* 1d6, parsed once */
  gn__chance_say(g, own, "%d or less to pass (ref. VB-B8)", need);
  rc = gn__roll_dice(g, &d6, purpose, "VB-B8", unit, &roll, NULL);          /* 2) */
  g->roll_vis = vis;
  if (rc) return rc;
  *passed = roll <= need;
  gn_event *e = gn__event(g, "morale", "VB-B8", unit, -1, "%s tests morale (%s): rolls %d, needs %d or less: %s",
                          unit >= 0 ? gn__vb_uname(g, unit) : "stand", why ? why : "test", roll, need,
                          *passed ? "passes" : "fails");                   /* 3) */
  if (!e) return GN_ENOMEM;
  if (own != ~0u) gn__event_hide(e, own);
  gn__event_mod(e, "morale grade", grade, "VB-B8");
  gn__vb_mods_put(e, &m);
  return 0;
}

/* The cause of unit's failed test, given the n enemy stands ids touching it:
** the middle of those stands; without contact, of the enemy stands that make
** it test; else the nearest enemy stand; else its own front. */
static gn_vec2 cause(gn_game *g, int unit, const int *ids, int n) {
  gn_vec2 p = {0, 0};
  for (int i = 0; i < n; i++) { p.x += g->st.u[ids[i]].box.c.x; p.y += g->st.u[ids[i]].box.c.y; }
  if (n == 0) {       /* no contact: the enemy stands that make it test */
    vb_who w = {g, g->sc->unit[unit].side, 1, 0};
    int buf[MAXNEAR], *near, m = near_who(g, unit, gn__vb_threat_range(g), &w, buf, &near);
    for (int k = 0; k < m; k++)
      if (gn__vb_threatens(g, near[k], unit)) { p.x += g->st.u[near[k]].box.c.x; p.y += g->st.u[near[k]].box.c.y; n++; }
    gn__room_free(g, buf, near, m, sizeof *near);
  }
  if (n == 0) {       /* else the nearest enemy stand */
    double d;
    int e = gn__vb_nearest_enemy(g, unit, g->st.u[unit].box, &d);
    if (e < 0) return gn_box_front(g->st.u[unit].box);   /* nobody: retire to the rear */
    return g->st.u[e].box.c;
  }
  p.x /= n;
  p.y /= n;
  return p;
}

gn_vec2 gn__vb_cause(gn_game *g, int unit) {
  int buf[MAXNEAR], *ids, n = contacts(g, unit, buf, &ids);
  gn_vec2 p = cause(g, unit, ids, n);
  gn__room_free(g, buf, ids, n, sizeof *ids);
  return p;
}

/*
** A stand routs.
**   1) artillery that routs is eliminated; in contact with the enemy it is
**      wiped out and recovers nothing overnight (ref. VB-57, wiped 3)
**   2) it is routed (and at least disordered), and loses morale.rout.sp_loss
**      SP (ref. VB-B9); a stand already routed loses nothing more
**   3) it moves a full move away from the cause (ref. VB-B9, VB-41); a
**      defender ejected from the town block `town` (-1 none) at least until
**      clear of it (ref. VB-35)
*/
int gn__vb_rout_from(gn_game *g, int unit, gn_vec2 cause, const char *ref, int town) {
  const vb_combat *c = gn__vb_combat(g);
  gn__ustate *u = gn__uw(g, unit);
  if (gn__vb_is_artillery(gn__vb_type(g, unit))) {                          /* 1) */
    int wiped = gn__vb_in_contact(g, unit) ? 3 : 0;
    gn__event(g, "rout", "VB-57", unit, -1, "%s routs: artillery that routs is lost%s", gn__vb_uname(g, unit),
              wiped ? " (in contact: wiped out)" : "");
    gn__vb_lose_sp(g, unit, u->strength, wiped, "VB-57", "artillery routs");
    return 0;
  }
  int already = u->vb.routed;                                               /* 2) */
  u->vb.routed = 1;
  if (u->vb.disorder < 1) u->vb.disorder = 1;
  gn__event(g, "rout", ref, unit, -1, "%s routs", gn__vb_uname(g, unit));
  if (!already && c->rout_sp > 0) gn__vb_lose_sp(g, unit, c->rout_sp, 0, "VB-B9", "rout");
  if (!gn__vb_alive(g, unit)) return 0;
  return gn__vb_retreat_from(g, unit, cause, 1, town);                      /* 3) */
}

int gn__vb_rout(gn_game *g, int unit, gn_vec2 cause, const char *ref) {
  return gn__vb_rout_from(g, unit, cause, ref, -1);
}

/*
** A failed test (ref. VB-B9).
**   1) a stand in good order becomes disordered (yellow)
**   2) a disordered stand (yellow or red) routs
*/
int gn__vb_morale_fail(gn_game *g, int unit, gn_vec2 cause) {
  if (vb_u(g, unit)->disorder == 0 && !vb_u(g, unit)->routed) {
    gn__vb_disorder(g, unit, 1, "VB-B9", "failed morale");                 /* 1) */
    return 0;
  }
  return gn__vb_rout(g, unit, cause, "VB-B9");                              /* 2) */
}

/* A test of unit in its present situation, with its result applied. The
** stands touching it are found once: the roll moves nobody. */
int gn__vb_morale_test(gn_game *g, int unit, const char *why, int *passed) {
  vb_morale_sit s;
  int ok, buf[MAXNEAR], *ids, n = contacts(g, unit, buf, &ids);
  situation(g, unit, ids, n, &s);
  int rc = gn__vb_morale_roll(g, unit, vb_u(g, unit)->morale, &s, why, &ok);
  if (!rc && passed) *passed = ok;
  if (!rc && !ok) rc = gn__vb_morale_fail(g, unit, cause(g, unit, ids, n));
  gn__room_free(g, buf, ids, n, sizeof *ids);
  return rc;
}

/*
** The stands in contact with an enemy stand (gn__vb_in_contact), marked 1 in
** why, for a game of two sides, with half the grid queries: contact is
** symmetric (the grid settles the exact edge-to-edge distance, symmetric to
** the last bit), so each pair is found from its first side's stand.
**   1) every stand of side 0 on the table, not a leader (routed ones too):
**      the enemy stands touching it (on the table, not leaders) and itself
**      are marked
** Returns 0, marking nothing, when it cannot answer (not two sides, no grid,
** a query past its buffer): the caller then asks stand by stand.
*/
static int contacts_of_two(gn_game *g, unsigned char *why) {
  int n = g->st.nunits;
  if (g->sc->nsides != 2 || !gn__grid(g)) return 0;
  vb_who foes = {g, 0, 1, 0};
  for (int j = 0; j < n; j++) {                                          /* 1) */
    if (g->sc->unit[j].side != 0 || !gn__vb_alive(g, j) || gn__vb_is_leader(gn__vb_type(g, j))) continue;
    gn__frame fr = gn__frame_of(g->st.u[j].box);
    int near[MAXNEAR], m = gn__vb_near_if(g, &fr, GN_CONTACT_EPS, who, &foes, near, MAXNEAR);
    if (m < 0) { memset(why, 0, (size_t)n); return 0; }
    if (m > 0) why[j] = 1;
    for (int q = 0; q < m; q++) why[near[q]] = 1;
  }
  return 1;
}

/*
** End of side's morale phase: the tests (ref. VB-B8, reading above).
**   1) list, in unit order, the stands of either side touching an enemy stand,
**      then the other side's stands within close range of this side's guns
**      (gn__vb_threatens; ref. VB-25); each stand once; never leaders nor
**      routed stands; stands sharing a town block each test (ref. VB-34).
**      The threatened are found from the guns (few), the grid asked for the
**      stands within the longest close range of each
**   2) test them in that order (a stand gone meanwhile does not test)
*/
int gn__vb_phase_morale(gn_game *g, int side) {
  int n = g->st.nunits, rc = 0, k = 0;
  int *list = gn__calloc(g, (size_t)(n ? n : 1), sizeof *list);
  unsigned char *why = gn__calloc(g, (size_t)(n ? n : 1), 1);
  if (!list || !why) { rc = gn__error(g, GN_ENOMEM, "out of memory"); goto done; }
  if (!contacts_of_two(g, why)) {                                        /* 1) */
    for (int i = 0; i < n; i++) {
      if (!gn__vb_alive(g, i) || vb_u(g, i)->routed || gn__vb_is_leader(gn__vb_type(g, i))) continue;
      if (gn__vb_in_contact(g, i)) { list[k++] = i; why[i] = 1; }
    }
  } else {
    for (int i = 0; i < n; i++)
      if (why[i] == 1 && !vb_u(g, i)->routed) list[k++] = i;
      else why[i] = 0;
  }
  vb_who w = {g, side, 0, 1};
  vb_mark mk = {g, side, why};
  double reach = gn__vb_threat_range(g);
  for (int j = 0; j < n; j++) {       /* from each stand that can threaten: distances are symmetric */
    if (!who(&w, j)) continue;
    gn__frame fr = gn__frame_of(g->st.u[j].box);
    int near[MAXNEAR], m = gn__vb_near_if(g, &fr, reach, may_test, &mk, near, MAXNEAR);
    for (int q = 0; q < (m < 0 ? n : m); q++) {       /* past the buffer, every stand */
      int i = m < 0 ? q : near[q];
      if (may_test(&mk, i) && gn__vb_threatens(g, j, i)) why[i] = 2;
    }
  }
  for (int i = 0; i < n; i++)
    if (why[i] == 2) list[k++] = i;
  for (int i = 0; i < k; i++) {                                          /* 2) */
    int u = list[i];
    if (!gn__vb_alive(g, u) || vb_u(g, u)->routed) continue;
    if ((rc = gn__vb_morale_test(g, u, why[u] == 1 ? "in contact with the enemy" :
                                 "within close range of enemy guns", NULL)))
      break;
  }
done:
  gn__free(g, list, (size_t)(n ? n : 1) * sizeof *list);
  gn__free(g, why, (size_t)(n ? n : 1));
  return rc;
}
