/*
** sim.c: seeded batches of battles (design decision 10).
**
** Replication i plays the scenario with the seed gn_seed_child(seed, i), AI
** against AI, in memory (no store, no per-order commit), and writes its row
** of results. Threads take the next replication from a shared counter; each
** has its own gn_game; rows are kept by replication index, so the results do
** not depend on the number of threads, nor on how processes share the runs
** (rank, nranks: a process plays the i with i % nranks == rank).
*/
#include "ai.h"
#include "sim.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *dup(const char *s, size_t n) {
  char *d = malloc(n + 1);
  if (d) { memcpy(d, s, n); d[n] = 0; }
  return d;
}

static void copy(char *dst, size_t n, const char *src) {
  snprintf(dst, n, "%s", src ? src : "");
}

/* A game of the batch's scenario, loaded, not started. */
static gn_game *load(const gn_sim *s, char *err, size_t errlen) {
  gn_game *g = gn_game_new(NULL);
  if (!g) { if (err) snprintf(err, errlen, "out of memory"); return NULL; }
  int rc = s->data_dir ? gn_game_set_data_dir(g, s->data_dir) : 0;
  if (!rc) rc = gn_game_load(g, s->name, s->text, s->len);
  if (rc) {
    if (err) snprintf(err, errlen, "%s", gn_diag_count(g) ? gn_diag(g, 0) : gn_errmsg(g));
    gn_game_free(g);
    return NULL;
  }
  return g;
}

/* 1a) The batch keeps its own copies of the scenario's name, text and data
** directory. 0 or GN_ENOMEM. */
static int keep_text(gn_sim *s, const char *name, const char *text, size_t len, const char *data_dir) {
  s->len = len;
  s->name = dup(name ? name : "scenario", strlen(name ? name : "scenario"));
  s->text = dup(text, len);
  s->data_dir = data_dir ? dup(data_dir, strlen(data_dir)) : NULL;
  return !s->name || !s->text || (data_dir && !s->data_dir) ? GN_ENOMEM : 0;
}

/* 1c) The scenario's commanders and the formations' plans read as the
** battles will read them. 0, or GN_ESCENARIO with the reason in err. */
static int check_commanders(const gn_game *g, char *err, size_t errlen) {
  for (int k = 0; k < gn_side_count(g); k++)
    if (gn_side_ai_check(g, k, err, errlen)) return GN_ESCENARIO;
  for (int f = 0; f < gn_formation_count(g); f++)
    if (gn_formation_plan_check(g, f, err, errlen)) return GN_ESCENARIO;
  return 0;
}

/* 1e) The scenario's history and its sources, for the calibration report.
** 0 or GN_ENOMEM (hist.nsources counts the sources kept, for gn_sim_free). */
static int keep_history(gn_sim *s, const gn_game *g) {
  gn_history_get(g, &s->hist);
  if (s->hist.nsources <= 0) return 0;
  int ns = s->hist.nsources;
  s->hist.nsources = 0;
  if (!(s->source = calloc((size_t)ns, sizeof *s->source))) return GN_ENOMEM;
  for (; s->hist.nsources < ns; s->hist.nsources++)
    if (!(s->source[s->hist.nsources] = strdup(gn_history_source(g, s->hist.nsources)))) return GN_ENOMEM;
  return 0;
}

/* 1f) The sides (their names and commanders) and the objectives (their
** names and `by` turns), as many as a row holds. */
static void keep_sides(gn_sim *s, const gn_game *g) {
  s->nsides = gn_side_count(g);
  if (s->nsides > GN_BATTLE_MAXSIDES) s->nsides = GN_BATTLE_MAXSIDES;
  for (int k = 0; k < s->nsides; k++) {
    copy(s->side[k], sizeof s->side[k], gn_side_name(g, k));
    gn_side_ai(g, k, &s->side_ai[k]);
  }
  s->nobj = gn_objective_count(g);
  if (s->nobj > GN_BATTLE_MAXOBJ) s->nobj = GN_BATTLE_MAXOBJ;
  for (int o = 0; o < s->nobj; o++) {
    gn_objective_info oi;
    if (!gn_objective_get(g, o, &oi)) {
      copy(s->obj[o], sizeof s->obj[o], oi.name && oi.name[0] ? oi.name : oi.id);
      s->obj_by[o] = oi.by;
    }
  }
}

/* 1g) Each unit's name, as show gives it, and its side when it fights (-1
** when it does not, or cannot be seen). 0 or GN_ENOMEM. */
static int keep_units(gn_sim *s, const gn_game *g, const ai_doctrine *doc) {
  s->nunits = gn_unit_count(g);
  s->unit = calloc(s->nunits > 0 ? (size_t)s->nunits : 1, sizeof *s->unit);
  s->unit_side = calloc(s->nunits > 0 ? (size_t)s->nunits : 1, sizeof *s->unit_side);
  if (!s->unit || !s->unit_side) return GN_ENOMEM;
  for (int u = 0; u < s->nunits; u++) {
    gn_unit_view v;
    s->unit_side[u] = -1;
    if (gn_unit_view_get(g, u, GN_UMPIRE, &v)) continue;
    copy(s->unit[u], sizeof s->unit[u], v.code && *v.code ? v.code : v.id);
    s->unit_side[u] = doc->fighting(v.type) ? v.side : -1;
  }
  return 0;
}

/* 1c-1g) What the batch learns from its scenario loaded once. 0, or
** GN_ESCENARIO, GN_ERULESET (the reason in err) or GN_ENOMEM. */
static int learn(gn_sim *s, const gn_game *g, char *err, size_t errlen) {
  int rc = check_commanders(g, err, errlen);                                    /* c */
  if (rc) return rc;
  const ai_doctrine *doc = gn__ai_doctrine_for(gn_game_ruleset(g));            /* d */
  if (!doc) {
    if (err) snprintf(err, errlen, "no AI commander for the ruleset '%s'", gn_game_ruleset(g));
    return GN_ERULESET;
  }
  copy(s->ruleset, sizeof s->ruleset, gn_game_ruleset(g));
  copy(s->scenario, sizeof s->scenario, gn_game_scenario_name(g));
  s->word = strcmp(s->ruleset, "vb") ? "figures" : "SP";
  if ((rc = keep_history(s, g))) return rc;                                     /* e */
  keep_sides(s, g);                                                             /* f */
  return keep_units(s, g, doc);                                                 /* g */
}

/*
** A batch for a scenario.
**   1) a) keep the text; b) load it once to c) check its commanders and
**      plans, d) find the ruleset's doctrine and learn e) its history, f) its
**      sides and objectives, g) its units
**   2) the row width
*/
int gn_sim_new(const char *name, const char *text, size_t len, const char *data_dir,
               gn_sim **out, char *err, size_t errlen) {
  if (!out || !text) return GN_EINVAL;
  *out = NULL;
  gn_sim *s = calloc(1, sizeof *s);
  if (!s) return GN_ENOMEM;
  int rc = keep_text(s, name, text, len, data_dir);                             /* 1a */
  gn_game *g = rc ? NULL : load(s, err, errlen);                                /* 1b */
  if (!rc && !g) rc = GN_ESCENARIO;
  if (!rc) rc = learn(s, g, err, errlen);
  gn_game_free(g);
  if (rc) { gn_sim_free(s); return rc; }
  s->width = R_FIELDS + s->nsides * S_FIELDS + s->nobj + s->nunits;            /* 2 */
  *out = s;
  return 0;
}

void gn_sim_free(gn_sim *s) {
  if (!s) return;
  free(s->name); free(s->text); free(s->data_dir);
  free(s->unit); free(s->unit_side);
  free(s->rec);
  for (int i = 0; s->source && i < s->hist.nsources; i++) free(s->source[i]);
  free(s->source);
  free(s);
}

/* ------------------------------------------------------------ running */

typedef struct worker {
  gn_sim *s;
  const gn_sim_opts *o;
  pthread_mutex_t lock;
  int next, done, total, rc;
} worker;

/*
** The thread's copy of the scenario, loaded once, from which each battle is
** cloned and then started (gn_game_clone shares the loaded scenario), instead
** of parsing the YAML again for every battle. Only for a ruleset whose start
** leaves the shared scenario alone: V&B's setup reads its data onto the
** scenario once (when it has none) and changes only the game's own state.
** Belle Alliance's setup replaces the scenario's data and writes starting
** valours into it at every start, and Inradic's attaches new data each time
** without freeing the old (it would leak a table a battle); their battles are
** loaded afresh. NULL: load each battle.
*/
static gn_game *template_for(const gn_sim *s) {
  if (strcmp(s->ruleset, "vb")) return NULL;
  return load(s, NULL, 0);
}

/* One replication into its row. Cannot fail: a failure is recorded in R_RC. */
static void play(gn_sim *s, const gn_sim_opts *o, int i, gn__ai_memo *memo, const gn_game *tmpl) {
  int64_t *row = SIM_ROW(s, i);
  uint64_t seed = gn_seed_child(o->seed, (uint64_t)i);
  gn_battle_opts bo;
  gn_battle_result r;
  memset(&bo, 0, sizeof bo);
  memset(&r, 0, sizeof r);
  memcpy(bo.ai, o->ai, sizeof bo.ai);
  row[R_PLAYED] = 1;
  row[R_SEED] = (int64_t)seed;
  gn_game *g = tmpl ? gn_game_clone(tmpl) : load(s, NULL, 0);
  int rc = g ? gn_game_start(g, seed) : GN_ENOMEM;
  if (!rc) rc = gn__battle_run(g, &bo, &r, memo);
  row[R_RC] = rc;
  row[R_WINNER] = r.winner;
  row[R_DECISIVE] = r.decisive;
  row[R_LEVEL] = r.level;
  row[R_DECISION] = r.decision_turn;
  row[R_TURNS] = r.turns;
  row[R_ORDERS] = r.orders;
  row[R_HASH] = (int64_t)r.hash;
  for (int k = 0; k < GN_BATTLE_MAXSIDES; k++) {
    row[R_REFUSED] += r.ai[k].refused;
    row[R_PROBES] += r.ai[k].probes_refused;
    if (r.ai[k].max_refused_turn > row[R_MAXREFUSED]) row[R_MAXREFUSED] = r.ai[k].max_refused_turn;
  }
  for (int k = 0; k < s->nsides; k++) {
    SIM_SIDE(s, i, k, S_STRENGTH0) = r.side[k].strength0;
    SIM_SIDE(s, i, k, S_STRENGTH) = r.side[k].strength;
    SIM_SIDE(s, i, k, S_LOST) = r.side[k].lost;
    SIM_SIDE(s, i, k, S_BROKEN) = r.side[k].broken;
    SIM_SIDE(s, i, k, S_POINTS) = r.side[k].points;
    SIM_SIDE(s, i, k, S_MEN0) = r.side[k].men0;
    SIM_SIDE(s, i, k, S_MEN) = r.side[k].men_lost;
  }
  for (int ob = 0; ob < s->nobj; ob++)   /* the holder that scores: at its `by` turn, else at the end */
    SIM_OBJ(s, i, ob) = s->obj_by[ob] > 0 && r.turns >= s->obj_by[ob] ? r.owner_by[ob] : r.owner[ob];
  for (int u = 0; u < s->nunits && r.inflicted && u < r.nunits; u++) SIM_UNIT(s, i, u) = r.inflicted[u];
  gn_battle_result_free(&r);
  gn_game_free(g);
}

static int mine(const gn_sim_opts *o, int i) {
  return o->nranks <= 1 || i % o->nranks == o->rank;
}

/* A thread's loop. Its commanders share one memo of check answers: those
** depend on the question alone, so the results do not depend on which
** thread played which battle (without memory, each commander keeps its own).
** Its battles are cloned from its own copy of the scenario (template_for). */
static void *work(void *arg) {
  worker *w = arg;
  gn__ai_memo *memo = gn__ai_memo_new(w->s->data_dir);
  gn_game *tmpl = template_for(w->s);
  for (;;) {
    pthread_mutex_lock(&w->lock);
    while (w->next < w->s->runs && !mine(w->o, w->next)) w->next++;
    int i = w->next < w->s->runs ? w->next++ : -1;
    pthread_mutex_unlock(&w->lock);
    if (i < 0) { gn__ai_memo_free(memo); gn_game_free(tmpl); return NULL; }
    play(w->s, w->o, i, memo, tmpl);
    pthread_mutex_lock(&w->lock);
    w->done++;
    if (w->o->progress) w->o->progress(w->o->ud, w->done, w->total);
    pthread_mutex_unlock(&w->lock);
  }
}

/*
** Runs the batch.
**   1) the options and a zeroed table of rows
**   2) J threads (the calling one included) play the replications
*/
int gn_sim_run(gn_sim *s, const gn_sim_opts *o) {
  if (!s || !o || o->runs < 1 || o->jobs < 0 || o->jobs > 256 || o->nranks < 0 ||
      (o->nranks > 0 && (o->rank < 0 || o->rank >= o->nranks)))
    return GN_EINVAL;
  /* 1) */
  free(s->rec);
  s->runs = o->runs;
  s->seed = o->seed;
  for (int k = 0; k < GN_BATTLE_MAXSIDES; k++) {
    gn_ai_params p = o->ai[k];
    if (!p.kind[0] && k < s->nsides) p = s->side_ai[k];   /* the scenario's */
    if (!p.kind[0]) gn_ai_params_default(&p);
    gn_ai_params_format(&p, s->ai[k], sizeof s->ai[k]);
  }
  s->rec = calloc((size_t)s->runs * (size_t)s->width, sizeof *s->rec);
  if (!s->rec) return GN_ENOMEM;
  /* 2) */
  worker w;
  memset(&w, 0, sizeof w);
  w.s = s; w.o = o;
  for (int i = 0; i < s->runs; i++) w.total += mine(o, i);
  if (pthread_mutex_init(&w.lock, NULL)) return GN_ENOMEM;
  int jobs = o->jobs > 1 ? o->jobs : 1, started = 0;
  pthread_t th[256];
  for (int j = 1; j < jobs; j++)
    if (pthread_create(&th[started], NULL, work, &w) == 0) started++;
  work(&w);
  for (int j = 0; j < started; j++) pthread_join(th[j], NULL);
  pthread_mutex_destroy(&w.lock);
  return 0;
}

int64_t *gn_sim_records(gn_sim *s, size_t *count) {
  if (count) *count = s && s->rec ? (size_t)s->runs * (size_t)s->width : 0;
  return s ? s->rec : NULL;
}

void gn_sim_merged(gn_sim *s) {
  if (!s || !s->rec) return;
  for (int i = 0; i < s->runs; i++)
    if (SIM_ROW(s, i)[R_PLAYED] > 1) SIM_ROW(s, i)[R_PLAYED] = 1;
}
