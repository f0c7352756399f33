/*
** battle.c: one whole battle, AI against AI, and its verdict.
**
** The runner asks the commander of the active side for its orders, then ends
** the phase; in a simultaneous phase (active side -1) each commander writes
** its orders on its own copy of the game, so that neither sees the other's,
** and both lists are then given. Every order goes through one function that
** also credits the enemy strength it took off to the unit that took it (the
** events of the order name who hit whom), and notices the end of each turn.
**
** The verdict, the same at every turn's end and at the end: the tallies of
** each side (strength at the start, now, and in good order) and each
** objective's holder (the game's own, kept by the rules code at each turn's
** end), scored by the scenario's rules of victory (gn_game_verdict).
** The turn of decision is the first turn from whose end the verdict never
** changed again.
*/
#include "ai.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ORDERS 200000
#define MAX_STUCK 4

typedef struct runner {
  gn_game *g;
  const gn_battle_opts *o;
  gn_battle_result *r;
  const ai_doctrine *doc;
  gn_ai *ai[GN_BATTLE_MAXSIDES];
  int nsides;
  int owner[GN_BATTLE_MAXOBJ];
  int since[GN_BATTLE_MAXOBJ];    /* turn from whose end owner[] has held it (0: the start) */
  int owner_by[GN_BATTLE_MAXOBJ]; /* holder at the end of the objective's `by` turn, so far */
  int *before;               /* per unit: strength before the order in flight */
  int *seen, *named;         /* per unit: the order whose events named it last; those named now */
  int (*lead)[2]; int nlead, caplead;   /* [turn, verdict's winner] at each turn's end */
  int turn;                  /* the turn being played */
  int max;                   /* orders at most */
} runner;

/* ------------------------------------------------------------ verdict */

/* Strength the umpire sees on the table (0 when removed) and whether u is
** out of the fight; the umpire's view in *vp when vp is not NULL (its known
** 0 when it could not be read). */
static int strength_view(const gn_game *g, const ai_doctrine *doc, int u, int *broken, int *fights, int *side,
                         gn_unit_view *vp) {
  gn_unit_view v0, *v = vp ? vp : &v0;
  *broken = 0; *fights = 0; *side = -1;
  if (gn_unit_view_get(g, u, GN_UMPIRE, v)) { v->known = 0; return 0; }
  if (!v->known) return 0;
  *fights = doc->fighting(v->type);
  *side = v->side;
  if (v->arrives) return v->strength;   /* a reinforcement still to come: neither lost nor broken */
  *broken = v->removed || doc->broken(g, u, GN_UMPIRE, v);
  return v->removed || v->strength < 0 ? 0 : v->strength;
}

static int strength_of(const gn_game *g, const ai_doctrine *doc, int u, int *broken, int *fights, int *side) {
  return strength_view(g, doc, u, broken, fights, side, NULL);
}

/*
** The verdict (see the head of the file).
**   1) strength, losses, broken units and strength in good order of each
**      side; each objective's holder
**   2) the scoring: gn_game_verdict
*/
static void assess(const gn_game *g, const int *owner, gn_battle_result *r, int *strength);

void gn_battle_assess(const gn_game *g, const int *owner, gn_battle_result *r) {
  assess(g, owner, r, NULL);
}

/* The verdict; each unit's strength (as strength_of reads it) also kept in
** strength[] when it is not NULL (the runner's resync, from the same reading). */
static void assess(const gn_game *g, const int *owner, gn_battle_result *r, int *strength) {
  const ai_doctrine *doc = gn__ai_doctrine_for(gn_game_ruleset(g));
  int good[GN_BATTLE_MAXSIDES] = {0};
  if (!doc) return;
  r->nsides = gn_side_count(g);
  if (r->nsides > GN_BATTLE_MAXSIDES) r->nsides = GN_BATTLE_MAXSIDES;
  r->nunits = gn_unit_count(g);
  r->nobjectives = gn_objective_count(g);
  if (r->nobjectives > GN_BATTLE_MAXOBJ) r->nobjectives = GN_BATTLE_MAXOBJ;
  memset(r->side, 0, sizeof r->side);
  /* 1) */
  for (int u = 0; u < r->nunits; u++) {
    gn_unit_view v;
    int broken, fights, side, s = strength_view(g, doc, u, &broken, &fights, &side, &v);
    if (strength) strength[u] = s;
    if (!fights || side < 0 || side >= r->nsides || !v.known) continue;
    /* a reserve slot never used (Belle Alliance parts, ref. BA-B9) is no unit */
    if (v.strength0 <= 0 && s <= 0) continue;
    gn_battle_side *b = &r->side[side];
    /* men by each unit's arm; -1 for the side when the scale gives none */
    int st0 = v.strength0 > 0 ? v.strength0 : 0, m0 = gn_unit_men(g, u, st0, 0);
    if (m0 < 0) b->men0 = b->men_lost = -1;
    else if (b->men0 >= 0) { b->men0 += m0; b->men_lost += gn_unit_men(g, u, st0 - s, 1); }
    b->strength0 += v.strength0 > 0 ? v.strength0 : 0;
    b->strength += s;
    b->units++;
    if (broken) b->broken++;
    else good[side] += s;
  }
  for (int i = 0; i < r->nobjectives; i++) {
    gn_objective_info o;
    gn_objective_get(g, i, &o);
    r->owner[i] = owner ? owner[i] : o.owner;
    if (!owner) {   /* a game in play: the holders, since when and at their `by` turn, as the game keeps them */
      r->since[i] = o.since;
      r->owner_by[i] = o.by > 0 ? o.owner_by : o.owner;
    }
  }
  if (!owner) r->turns = gn_game_over(g) ? gn_game_turn(g) : gn_game_turn(g) - 1;   /* the turns ended */
  for (int s = 0; s < r->nsides; s++) {
    gn_battle_side *b = &r->side[s];
    b->lost = b->strength0 - b->strength;
  }
  for (int s = 0; s < r->nsides; s++) r->side[s].good = good[s];
  /* 2) - 5) */
  gn_game_verdict(g, r);
}

void gn_battle_result_free(gn_battle_result *r) {
  if (!r) return;
  free(r->inflicted);
  r->inflicted = NULL;
}

/* ------------------------------------------------------------ running */

/* The holders at the end of turn, as the rules code keeps them in the game
** (gn_objective_info: owner, since, owner_by; ref. VB-VIC, BA-VIC,
** IN-VIC), copied into the result for the verdict. */
static void track(runner *rn, int turn) {
  for (int i = 0; i < GN_BATTLE_MAXOBJ; i++) {
    gn_objective_info o;
    if (gn_objective_get(rn->g, i, &o)) break;
    rn->owner[i] = o.owner;
    rn->since[i] = o.since;
    rn->owner_by[i] = o.by > 0 ? o.owner_by : o.owner;
  }
  memcpy(rn->r->since, rn->since, sizeof rn->since);
  memcpy(rn->r->owner_by, rn->owner_by, sizeof rn->owner_by);
  rn->r->turns = turn;
}

/* The turn that has just ended: holders, the verdict so far (every unit's
** strength read again on the way: see credit), the callback. */
static int turn_end(runner *rn, int turn) {
  track(rn, turn);
  assess(rn->g, rn->owner, rn->r, rn->before);
  if (rn->nlead == rn->caplead) {
    int cap = rn->caplead ? 2 * rn->caplead : 64;
    int (*p)[2] = realloc(rn->lead, (size_t)cap * sizeof *p);
    if (!p) return GN_ENOMEM;
    rn->lead = p; rn->caplead = cap;
  }
  rn->lead[rn->nlead][0] = turn;
  rn->lead[rn->nlead++][1] = rn->r->winner;
  if (rn->o->on_turn) rn->o->on_turn(rn->o->ud, rn->g, turn, rn->r);
  return 0;
}

/* Credits the enemy strength the order in flight took off (events from
** first), and keeps each unit's strength as the next order's before. A
** unit's strength changes only with an event of the order that names it
** (a loss, a rout, a removal: as unit or target), so only those are read;
** the whole army is read again at each turn's end (resync). */
static void credit(runner *rn, const char *text, int first) {
  gn_game *g = rn->g;
  int nu = rn->r->nunits, nev = gn_event_count(g), nn = 0;
  int stamp = rn->r->orders;
  for (int i = first; i < nev; i++) {
    const gn_event *e = gn_event_get(g, i);
    int who[2] = {e ? e->unit : -1, e ? e->target : -1};
    for (int k = 0; k < 2; k++)
      if (who[k] >= 0 && who[k] < nu && rn->seen[who[k]] != stamp) {
        rn->seen[who[k]] = stamp;
        rn->named[nn++] = who[k];
      }
  }
  for (int j = 0; j < nn; j++) {
    int v = rn->named[j];
    int broken, fights, side, s = strength_of(g, rn->doc, v, &broken, &fights, &side);
    int lost = rn->before[v] - s;
    rn->before[v] = s;
    if (lost <= 0) continue;
    int by = -1;
    for (int i = nev - 1; i >= first && by < 0; i--) {
      const gn_event *e = gn_event_get(g, i);
      if (!e || e->target != v || e->unit < 0 || e->unit >= nu) continue;
      gn_unit_view a;
      if (!gn_unit_view_get(g, e->unit, GN_UMPIRE, &a) && a.side != side) by = e->unit;
    }
    if (by < 0) {                 /* "fire A at B", "charge A at B": the second word */
      char word[64];
      if (sscanf(text, "%*s %63s", word) == 1) {
        int a = gn_unit_find(g, word);
        gn_unit_view av;
        if (a >= 0 && !gn_unit_view_get(g, a, GN_UMPIRE, &av) && av.side != side) by = a;
      }
    }
    if (by >= 0) rn->r->inflicted[by] += lost;
  }
}

/* Every unit's strength read again (at each turn's end: see credit). */
static void resync(runner *rn) {
  for (int v = 0; v < rn->r->nunits; v++) {
    int broken, fights, side;
    rn->before[v] = strength_of(rn->g, rn->doc, v, &broken, &fights, &side);
  }
}

/* Applies one order to the real game: the one door every order goes
** through (so the strengths credit() kept after the last one still hold). */
static int give(void *ud, gn_game *g, const char *text) {
  runner *rn = ud;
  int first = gn_event_count(g);
  if (rn->r->orders >= rn->max) return GN_ELIMIT;
  int rc = rn->o->apply ? rn->o->apply(rn->o->apply_ud, g, text) : gn_order_apply(g, text);
  if (rc) return rc;
  rn->r->orders++;
  credit(rn, text, first);
  if (rn->o->on_order) rn->o->on_order(rn->o->ud, g, text, first);
  int t = gn_game_turn(g);
  if (t != rn->turn || gn_game_over(g)) {
    int ended = rn->turn;
    rn->turn = t;
    if ((rc = turn_end(rn, ended))) return rc;
  }
  return 0;
}

/* A list of order texts written on a copy. */
typedef struct plan { char **text; int n, cap; } plan;

static int plan_apply(void *ud, gn_game *g, const char *text) {
  plan *p = ud;
  int rc = gn_order_apply(g, text);
  if (rc) return rc;
  if (p->n == p->cap) {
    int cap = p->cap ? 2 * p->cap : 32;
    char **t = realloc(p->text, (size_t)cap * sizeof *t);
    if (!t) return GN_ENOMEM;
    p->text = t; p->cap = cap;
  }
  if (!(p->text[p->n] = malloc(strlen(text) + 1))) return GN_ENOMEM;
  strcpy(p->text[p->n++], text);
  return 0;
}

/* A simultaneous phase: each side plans on its own copy, then all is given. */
static int simultaneous(runner *rn) {
  plan pl[GN_BATTLE_MAXSIDES];
  int rc = 0;
  memset(pl, 0, sizeof pl);
  for (int s = 0; s < rn->nsides && !rc; s++) {
    gn_game *c = gn_game_clone(rn->g);
    if (!c) { rc = GN_ENOMEM; break; }
    int n = gn_ai_play(rn->ai[s], c, plan_apply, &pl[s]);
    if (n < 0) rc = n;
    gn_game_free(c);
  }
  for (int s = 0; s < rn->nsides && !rc; s++)
    for (int i = 0; i < pl[s].n && !rc; i++) {
      int k = give(rn, rn->g, pl[s].text[i]);
      if (k == GN_EREFUSED || k == GN_ESYNTAX) {       /* the other side's orders changed things */
        gn_ai *ai = rn->ai[s];
        ai->st.refused++;
        if (++ai->turn_refused > ai->st.max_refused_turn) ai->st.max_refused_turn = ai->turn_refused;
      } else if (k) rc = k;
    }
  for (int s = 0; s < rn->nsides; s++) {
    for (int i = 0; i < pl[s].n; i++) free(pl[s].text[i]);
    free(pl[s].text);
  }
  return rc;
}

/* 1) The runner's tables per unit, a commander per side (memo, when given,
** shared by them), the holders as the scenario says, the first turn and the
** bound on orders. 0 or GN_ENOMEM (runner_end frees what was made). */
static int runner_start(runner *rn, gn__ai_memo *memo) {
  gn_game *g = rn->g;
  gn_battle_result *r = rn->r;
  rn->nsides = gn_side_count(g);
  if (rn->nsides > GN_BATTLE_MAXSIDES) rn->nsides = GN_BATTLE_MAXSIDES;
  r->nunits = gn_unit_count(g);
  size_t nu = r->nunits > 0 ? (size_t)r->nunits : 1;
  r->inflicted = calloc(nu, sizeof *r->inflicted);
  rn->before = calloc(nu, sizeof *rn->before);
  rn->seen = calloc(nu, sizeof *rn->seen);
  rn->named = calloc(nu, sizeof *rn->named);
  if (!r->inflicted || !rn->before || !rn->seen || !rn->named) return GN_ENOMEM;
  resync(rn);
  for (int s = 0; s < rn->nsides; s++) {
    const gn_ai_params *p = rn->o->ai[s].kind[0] ? &rn->o->ai[s] : NULL;
    if (!(rn->ai[s] = gn_ai_new(g, s, p))) return GN_ENOMEM;
    if (memo) gn__ai_use_memo(rn->ai[s], memo);
  }
  for (int i = 0; i < GN_BATTLE_MAXOBJ; i++) {
    gn_objective_info oi;
    rn->owner[i] = rn->owner_by[i] = gn_objective_get(g, i, &oi) ? -1 : oi.owner;
  }
  rn->turn = gn_game_turn(g);
  rn->max = rn->o->max_orders > 0 ? rn->o->max_orders : MAX_ORDERS;
  return 0;
}

/* 2a) One phase's orders: the active side's and then the other sides'
** answers to them (Inradic: a pursuit at any time), or, with no active side,
** every side's planned apart. 0 or the first error. */
static int phase_orders(runner *rn) {
  gn_game *g = rn->g;
  int side = gn_game_active_side(g);
  if (side < 0) return simultaneous(rn);
  if (side >= rn->nsides) return 0;
  int n = gn_ai_play(rn->ai[side], g, give, rn);
  if (n < 0) return n;
  for (int s = 0; s < rn->nsides && !gn_game_over(g); s++)
    if (s != side && (n = gn_ai_play(rn->ai[s], g, give, rn)) < 0) return n;
  return 0;
}

/* 2) Until the game is over: each phase's orders (2a), then "end". Stops
** at the turn limit (3). GN_ELIMIT past the bound on orders; GN_ESTATE when a
** phase could not be ended MAX_STUCK times running; or an order's error. */
static int play_out(runner *rn) {
  gn_game *g = rn->g;
  int limit = gn_game_turn_limit(g), stuck = 0;
  while (!gn_game_over(g)) {
    if (rn->r->orders >= rn->max) return GN_ELIMIT;
    if (limit > 0 && gn_game_turn(g) > limit) return 0;                 /* 3 */
    int rc = phase_orders(rn);
    if (rc) return rc;
    if (gn_game_over(g)) return 0;
    int k = give(rn, g, "end");
    if (k == GN_EREFUSED || k == GN_ESYNTAX) {
      if (++stuck >= MAX_STUCK) return GN_ESTATE;
      continue;
    }
    if (k) return k;
    stuck = 0;
  }
  return 0;
}

/* 4) The last turn's end when none was seen, the verdict, the turn of
** decision (the first turn from whose end the winner led to the end), the
** final hash. rc is the error so far, returned unless it is 0 and closing
** the turn fails. */
static int verdict(runner *rn, int rc) {
  gn_battle_result *r = rn->r;
  if (rn->nlead == 0) {
    int k = turn_end(rn, rn->turn);
    if (k && !rc) rc = k;
  }
  track(rn, r->turns);
  gn_battle_assess(rn->g, rn->owner, r);
  r->decision_turn = 0;
  if (r->winner >= 0) {
    int k = rn->nlead;
    while (k > 0 && rn->lead[k - 1][1] == r->winner) k--;
    r->decision_turn = k < rn->nlead ? rn->lead[k][0] : r->turns;
  }
  r->hash = gn_game_hash(rn->g);
  return rc;
}

/* The commanders' counts into the result; the commanders and the runner's
** tables freed. */
static void runner_end(runner *rn) {
  for (int s = 0; s < GN_BATTLE_MAXSIDES; s++) {
    if (rn->ai[s]) gn_ai_stats_get(rn->ai[s], &rn->r->ai[s]);
    gn_ai_free(rn->ai[s]);
  }
  free(rn->before);
  free(rn->seen);
  free(rn->named);
  free(rn->lead);
}

/*
** Play g to its end.
**   1) a commander per side; the holders start as the scenario says
**   2) until the game is over: the active side's orders and then the other
**      sides' answers to them (or both sides' orders, planned apart), then
**      "end"; a phase that cannot be ended is an error
**   3) the turn limit ends it even if the ruleset did not
**   4) the verdict, the turn of decision, the final hash
*/
int gn_battle_run(gn_game *g, const gn_battle_opts *o, gn_battle_result *r) {
  return gn__battle_run(g, o, r, NULL);
}

int gn__battle_run(gn_game *g, const gn_battle_opts *o, gn_battle_result *r, gn__ai_memo *memo) {
  runner rn;
  gn_battle_opts dflt;
  if (!r) return GN_EINVAL;
  memset(r, 0, sizeof *r);
  if (!g || gn_game_turn(g) < 1) return GN_EINVAL;
  if (!o) { memset(&dflt, 0, sizeof dflt); o = &dflt; }
  memset(&rn, 0, sizeof rn);
  rn.g = g; rn.o = o; rn.r = r;
  if (!(rn.doc = gn__ai_doctrine_for(gn_game_ruleset(g)))) return GN_ERULESET;
  int rc = runner_start(&rn, memo);                                       /* 1 */
  if (!rc) rc = verdict(&rn, play_out(&rn));                              /* 2, 3, 4 */
  runner_end(&rn);
  return rc;
}
