/*
** sim-out.c: the results of a batch: win, draw and loss rates and the rate
** of each level of victory (decisive, marginal) with 95% Wilson intervals, the distributions of losses, of the turn of decision
** and of each objective's final holder, the units that mattered most; as
** JSON, CSV (one line per replication) and text for people.
**
** Every number printed is a function of the rows alone, written with fixed
** formats, so the same batch gives the same bytes on any number of threads
** or processes.
*/
#include "ai.h"
#include "sim.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ text buffer */

typedef struct sb { char *p; size_t n, cap; int oom; } sb;

GN_PRINTF(2, 3) static void put(sb *b, const char *fmt, ...) {
  va_list ap;
  if (b->oom) return;
  for (;;) {
    va_start(ap, fmt);
    int k = vsnprintf(b->p ? b->p + b->n : NULL, b->p ? b->cap - b->n : 0, fmt, ap);
    va_end(ap);
    if (k < 0) { b->oom = 1; return; }
    if (b->p && b->n + (size_t)k < b->cap) { b->n += (size_t)k; return; }
    size_t cap = b->cap ? b->cap : 1024;
    while (cap <= b->n + (size_t)k) cap *= 2;
    char *q = realloc(b->p, cap);
    if (!q) { b->oom = 1; return; }
    b->p = q; b->cap = cap;
  }
}

static char *done(sb *b) {
  if (b->oom) { free(b->p); return NULL; }
  if (!b->p) put(b, "%s", "");
  return b->p;
}

/* A JSON string. */
static void jstr(sb *b, const char *s) {
  put(b, "\"");
  for (; s && *s; s++) {
    unsigned char c = (unsigned char)*s;
    if (c == '"' || c == '\\') put(b, "\\%c", c);
    else if (c < 0x20) put(b, "\\u%04x", c);
    else put(b, "%c", c);
  }
  put(b, "\"");
}

/* A CSV field. */
static void cstr(sb *b, const char *s) {
  if (!strpbrk(s, ",\"\n")) { put(b, "%s", s); return; }
  put(b, "\"");
  for (; *s; s++) put(b, *s == '"' ? "\"\"" : "%c", *s);
  put(b, "\"");
}

/* ------------------------------------------------------------ statistics */

static int cmp64(const void *a, const void *b) {
  int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
  return x < y ? -1 : x > y;
}

typedef struct summary {
  int played, failed, firstrc;
  int wins[GN_BATTLE_MAXSIDES], draws, decisive;
  int level[GN_BATTLE_MAXSIDES][3];     /* [side][GN_LEVEL_*]: its victories of each level */
  double turns_mean, refused_mean, probes_mean;
  int64_t maxrefused;
  struct { double mean, sd; int64_t min, p10, med, p90, max; double broken; } lost[GN_BATTLE_MAXSIDES];
  int men;                              /* 1 when the scale gives men (every battle played says so) */
  struct { double mean; int64_t med; } men_lost[GN_BATTLE_MAXSIDES];
  int maxturn;
  int *decision;                        /* [turn]: battles decided at it */
  int (*owner)[GN_BATTLE_MAXSIDES + 1]; /* [objective][side, none last] */
  int64_t *inflicted;                   /* [unit]: summed */
  int *top;                             /* [unit]: times its side's most effective unit */
} summary;

static void summary_free(summary *m) {
  free(m->decision); free(m->owner); free(m->inflicted); free(m->top);
}

/* 1) The counts over the battles played: wins by side and level, draws,
** decisive results, failures; the means of turns, refusals and probes. */
static void count_results(const gn_sim *s, summary *m) {
  for (int i = 0; i < s->runs; i++) {
    const int64_t *row = SIM_ROW(s, i);
    if (!row[R_PLAYED]) continue;
    m->played++;
    if (row[R_RC]) { if (!m->failed++) m->firstrc = (int)row[R_RC]; }
    if (row[R_WINNER] >= 0 && row[R_WINNER] < s->nsides) {
      m->wins[row[R_WINNER]]++;
      if (row[R_LEVEL] == GN_LEVEL_MARGINAL || row[R_LEVEL] == GN_LEVEL_DECISIVE)
        m->level[row[R_WINNER]][row[R_LEVEL]]++;
    } else m->draws++;
    m->decisive += row[R_DECISIVE] != 0;
    m->turns_mean += (double)row[R_TURNS];
    m->refused_mean += (double)row[R_REFUSED];
    m->probes_mean += (double)row[R_PROBES];
    if (row[R_MAXREFUSED] > m->maxrefused) m->maxrefused = row[R_MAXREFUSED];
    if (row[R_DECISION] > m->maxturn) m->maxturn = (int)row[R_DECISION];
  }
  if (m->played) { m->turns_mean /= m->played; m->refused_mean /= m->played; m->probes_mean /= m->played; }
}

/* 2) Side k's losses over the battles played: mean, sd, min, 10th, 50th and
** 90th percentile, max, and the mean of its units broken. v holds a value
** for each run (scratch). */
static void side_losses(const gn_sim *s, summary *m, int k, int64_t *v) {
  int c = 0;
  double sum = 0, sq = 0, br = 0;
  for (int i = 0; i < s->runs; i++) {
    if (!SIM_ROW(s, i)[R_PLAYED]) continue;
    v[c++] = SIM_SIDE(s, i, k, S_LOST);
    sum += (double)SIM_SIDE(s, i, k, S_LOST);
    br += (double)SIM_SIDE(s, i, k, S_BROKEN);
  }
  if (!c) return;
  qsort(v, (size_t)c, sizeof *v, cmp64);
  double mean = sum / c;
  for (int j = 0; j < c; j++) sq += ((double)v[j] - mean) * ((double)v[j] - mean);
  m->lost[k].mean = mean;
  m->lost[k].sd = c > 1 ? sqrt(sq / (c - 1)) : 0;
  m->lost[k].min = v[0];
  m->lost[k].p10 = v[(c - 1) / 10];
  m->lost[k].med = v[(c - 1) / 2];
  m->lost[k].p90 = v[(c - 1) * 9 / 10];
  m->lost[k].max = v[c - 1];
  m->lost[k].broken = br / c;
}

/* 2b) Men lost by each unit's arm (gn_unit_men): m->men says whether every
** battle played gave them; then each side's mean and median. v as above. */
static void men_losses(const gn_sim *s, summary *m, int64_t *v) {
  m->men = m->played > 0;
  for (int i = 0; i < s->runs; i++)
    for (int k = 0; k < s->nsides; k++)
      if (SIM_ROW(s, i)[R_PLAYED] && SIM_SIDE(s, i, k, S_MEN0) < 0) m->men = 0;
  for (int k = 0; m->men && k < s->nsides; k++) {
    int c = 0;
    double sum = 0;
    for (int i = 0; i < s->runs; i++) {
      if (!SIM_ROW(s, i)[R_PLAYED]) continue;
      v[c++] = SIM_SIDE(s, i, k, S_MEN);
      sum += (double)SIM_SIDE(s, i, k, S_MEN);
    }
    if (!c) continue;
    qsort(v, (size_t)c, sizeof *v, cmp64);
    m->men_lost[k].mean = sum / c;
    m->men_lost[k].med = v[(c - 1) / 2];
  }
}

/* 3b) Battle i's units: each adds the enemy strength it took off to its sum,
** and the first unit of each side with the most is its most effective. */
static void unit_scores(const gn_sim *s, summary *m, int i) {
  int best[GN_BATTLE_MAXSIDES];
  int64_t bv[GN_BATTLE_MAXSIDES];
  for (int k = 0; k < GN_BATTLE_MAXSIDES; k++) { best[k] = -1; bv[k] = 0; }
  for (int u = 0; u < s->nunits; u++) {
    int64_t x = SIM_UNIT(s, i, u);
    int k = s->unit_side[u];
    m->inflicted[u] += x;
    if (k >= 0 && k < GN_BATTLE_MAXSIDES && x > bv[k]) { bv[k] = x; best[k] = u; }
  }
  for (int k = 0; k < GN_BATTLE_MAXSIDES; k++) if (best[k] >= 0) m->top[best[k]]++;
}

/* 3) The turn of decision of each battle won, each objective's final holder
** (nobody last), and the units' scores (3b). Returns 0 or GN_ENOMEM. */
static int decisions(const gn_sim *s, summary *m) {
  if (!(m->decision = calloc((size_t)m->maxturn + 1, sizeof *m->decision))) return GN_ENOMEM;
  for (int i = 0; i < s->runs; i++) {
    const int64_t *row = SIM_ROW(s, i);
    if (!row[R_PLAYED]) continue;
    if (row[R_WINNER] >= 0 && row[R_DECISION] >= 0) m->decision[row[R_DECISION]]++;
    for (int o = 0; o < s->nobj; o++) {
      int64_t h = SIM_OBJ(s, i, o);
      m->owner[o][h >= 0 && h < s->nsides ? h : s->nsides]++;
    }
    unit_scores(s, m, i);
  }
  return 0;
}

/*
** Everything the outputs print. Returns 0 or GN_ENOMEM (m is then partly
** filled: summary_free).
**   1) counts: played, failed, wins, draws, decisive; means of turns, refusals
**      of orders given and of probes
**   2) losses per side: mean, sd, min, 10th, 50th, 90th percentile, max;
**      2b) men lost, when the scale gives them
**   3) the turn of decision; each objective's holder; each unit's score and
**      how often it was its side's most effective unit (ties: the first)
*/
static int summarise(const gn_sim *s, summary *m) {
  memset(m, 0, sizeof *m);
  int n = s->runs;
  int64_t *v = malloc((n > 0 ? (size_t)n : 1) * sizeof *v);
  m->owner = calloc(s->nobj > 0 ? (size_t)s->nobj : 1, sizeof *m->owner);
  m->inflicted = calloc(s->nunits > 0 ? (size_t)s->nunits : 1, sizeof *m->inflicted);
  m->top = calloc(s->nunits > 0 ? (size_t)s->nunits : 1, sizeof *m->top);
  if (!v || !m->owner || !m->inflicted || !m->top) { free(v); return GN_ENOMEM; }
  /* 1) */
  count_results(s, m);
  /* 2) */
  for (int k = 0; k < s->nsides; k++) side_losses(s, m, k, v);
  men_losses(s, m, v);
  free(v);
  /* 3) */
  return decisions(s, m);
}

/* Units of side k ordered by total enemy strength taken off (ties: index); at most max. */
static int ranking(const gn_sim *s, const summary *m, int k, int *out, int max) {
  int n = 0;
  for (int u = 0; u < s->nunits; u++) {
    if (s->unit_side[u] != k || (m->inflicted[u] == 0 && m->top[u] == 0)) continue;
    int j = n;
    while (j > 0 && m->inflicted[out[j - 1]] < m->inflicted[u]) j--;
    if (j >= max) continue;
    for (int q = n < max ? n : max - 1; q > j; q--) out[q] = out[q - 1];
    out[j] = u;
    if (n < max) n++;
  }
  return n;
}

#define TOP 5

/* ------------------------------------------------------------ JSON */

static void calib_json(sb *b, const gn_sim *s, const summary *m);
static void calib_text(sb *b, const gn_sim *s, const summary *m);

char *gn_sim_json(const gn_sim *s) {
  summary m;
  sb b = {0};
  if (!s || summarise(s, &m)) { if (s) summary_free(&m); return NULL; }
  double lo, hi;
  put(&b, "{\n  \"scenario\": "); jstr(&b, s->scenario);
  put(&b, ",\n  \"ruleset\": "); jstr(&b, s->ruleset);
  put(&b, ",\n  \"seed\": %llu,\n  \"runs\": %d,\n  \"played\": %d,\n  \"failed\": %d,\n",
      (unsigned long long)s->seed, s->runs, m.played, m.failed);
  put(&b, "  \"ai\": [");
  for (int k = 0; k < s->nsides; k++) { put(&b, k ? ", " : ""); jstr(&b, s->ai[k]); }
  put(&b, "],\n  \"unit\": "); jstr(&b, s->word);
  put(&b, ",\n  \"sides\": [\n");
  for (int k = 0; k < s->nsides; k++) {
    gn_wilson((uint64_t)m.wins[k], (uint64_t)m.played, &lo, &hi);
    put(&b, "    {\"name\": "); jstr(&b, s->side[k]);
    put(&b, ", \"wins\": %d, \"win_rate\": %.4f, \"win_lo\": %.4f, \"win_hi\": %.4f,\n", m.wins[k],
        m.played ? (double)m.wins[k] / m.played : 0, lo, hi);
    for (int l = GN_LEVEL_DECISIVE; l >= GN_LEVEL_MARGINAL; l--) {
      const char *lw = l == GN_LEVEL_DECISIVE ? "decisive" : "marginal";
      gn_wilson((uint64_t)m.level[k][l], (uint64_t)m.played, &lo, &hi);
      put(&b, "     \"%s\": %d, \"%s_rate\": %.4f, \"%s_lo\": %.4f, \"%s_hi\": %.4f,\n", lw, m.level[k][l], lw,
          m.played ? (double)m.level[k][l] / m.played : 0, lw, lo, lw, hi);
    }
    put(&b, "     \"lost\": {\"mean\": %.3f, \"sd\": %.3f, \"min\": %lld, \"p10\": %lld, \"median\": %lld, "
        "\"p90\": %lld, \"max\": %lld}", m.lost[k].mean, m.lost[k].sd, (long long)m.lost[k].min,
        (long long)m.lost[k].p10, (long long)m.lost[k].med, (long long)m.lost[k].p90, (long long)m.lost[k].max);
    if (m.men) put(&b, ",\n     \"men_lost_mean\": %.1f, \"men_lost_median\": %lld", m.men_lost[k].mean,
                   (long long)m.men_lost[k].med);
    put(&b, ",\n     \"units_broken_mean\": %.3f,\n     \"top_units\": [", m.lost[k].broken);
    int top[TOP], nt = ranking(s, &m, k, top, TOP);
    for (int j = 0; j < nt; j++) {
      int u = top[j];
      put(&b, "%s{\"unit\": ", j ? ", " : ""); jstr(&b, s->unit[u]);
      put(&b, ", \"inflicted\": %lld, \"per_battle\": %.3f, \"most_effective\": %d}", (long long)m.inflicted[u],
          m.played ? (double)m.inflicted[u] / m.played : 0, m.top[u]);
    }
    put(&b, "]}%s\n", k + 1 < s->nsides ? "," : "");
  }
  gn_wilson((uint64_t)m.draws, (uint64_t)m.played, &lo, &hi);
  put(&b, "  ],\n  \"draws\": %d, \"draw_rate\": %.4f, \"draw_lo\": %.4f, \"draw_hi\": %.4f,\n", m.draws,
      m.played ? (double)m.draws / m.played : 0, lo, hi);
  put(&b, "  \"decisive\": %d,\n  \"turns_mean\": %.3f,\n", m.decisive, m.turns_mean);
  put(&b, "  \"refused_orders_mean\": %.3f,\n  \"refused_orders_max_turn\": %lld,\n", m.refused_mean,
      (long long)m.maxrefused);
  if (s->hist.given) calib_json(&b, s, &m);
  put(&b, "  \"probes_refused_mean\": %.3f,\n", m.probes_mean);
  put(&b, "  \"decision_turn\": {");
  for (int t = 0, first = 1; t <= m.maxturn; t++)
    if (m.decision[t]) { put(&b, "%s\"%d\": %d", first ? "" : ", ", t, m.decision[t]); first = 0; }
  put(&b, "},\n  \"objectives\": [");
  for (int o = 0; o < s->nobj; o++) {
    put(&b, "%s\n    {\"name\": ", o ? "," : ""); jstr(&b, s->obj[o]);
    put(&b, ", \"held\": {");
    for (int k = 0; k < s->nsides; k++) {
      put(&b, k ? ", " : "");
      jstr(&b, s->side[k]);
      put(&b, ": %d", m.owner[o][k]);
    }
    put(&b, ", \"none\": %d}}", m.owner[o][s->nsides]);
  }
  put(&b, "%s]\n}\n", s->nobj ? "\n  " : "");
  summary_free(&m);
  return done(&b);
}

/* ------------------------------------------------------------ calibration */

/* The simulated battles beside the scenario's history: how often the
** historical result came out (winner, and level when the history gives it),
** each side's median men lost over its historical losses, and how often each
** objective ended with its historical holder. */
typedef struct calib {
  int same;                              /* battles with the historical result */
  double ratio[GN_BATTLE_MAXSIDES];      /* median men lost / historical; -1 not known */
  int held[GN_BATTLE_MAXOBJ];            /* battles ending with the historical holder; -1 not said */
} calib;

static void calibrate(const gn_sim *s, const summary *m, calib *c) {
  const gn_history *h = &s->hist;
  memset(c, 0, sizeof *c);
  for (int i = 0; i < s->runs; i++) {
    const int64_t *row = SIM_ROW(s, i);
    if (!row[R_PLAYED]) continue;
    int w = row[R_WINNER] >= 0 && row[R_WINNER] < s->nsides ? (int)row[R_WINNER] : -1;
    c->same += w == h->winner && (h->level < 0 || w < 0 || row[R_LEVEL] == h->level);
  }
  for (int k = 0; k < s->nsides; k++)
    c->ratio[k] = m->men && h->men_lost[k] > 0 ? (double)m->men_lost[k].med / h->men_lost[k] : -1;
  for (int o = 0; o < s->nobj; o++)
    c->held[o] = h->held[o] == -2 ? -1 : m->owner[o][h->held[o] >= 0 && h->held[o] < s->nsides ? h->held[o] : s->nsides];
}

static const char *const LEVEL_WORD[3] = {"draw", "marginal", "decisive"};

static void result_text(const gn_sim *s, char *buf, size_t n) {
  const gn_history *h = &s->hist;
  if (h->winner < 0) snprintf(buf, n, "drawn");
  else snprintf(buf, n, "%s victory to %s", h->level > 0 ? LEVEL_WORD[h->level] : "a",
                h->winner < s->nsides ? s->side[h->winner] : "?");
}

static void calib_json(sb *b, const gn_sim *s, const summary *m) {
  calib c;
  double lo, hi;
  char res[160];
  calibrate(s, m, &c);
  result_text(s, res, sizeof res);
  gn_wilson((uint64_t)c.same, (uint64_t)m->played, &lo, &hi);
  put(b, "  \"history\": {\n    \"result\": "); jstr(b, res);
  put(b, ", \"simulated\": %d, \"rate\": %.4f, \"lo\": %.4f, \"hi\": %.4f,\n    \"losses\": [", c.same,
      m->played ? (double)c.same / m->played : 0, lo, hi);
  for (int k = 0, first = 1; k < s->nsides; k++) {
    if (s->hist.men_lost[k] < 0) continue;
    put(b, "%s{\"side\": ", first ? "" : ", "); jstr(b, s->side[k]);
    put(b, ", \"men_lost\": %d", s->hist.men_lost[k]);
    if (c.ratio[k] >= 0) put(b, ", \"simulated_median\": %lld, \"ratio\": %.3f", (long long)m->men_lost[k].med, c.ratio[k]);
    put(b, "}");
    first = 0;
  }
  put(b, "],\n    \"held\": [");
  for (int o = 0, first = 1; o < s->nobj; o++) {
    if (c.held[o] < 0) continue;
    int hh = s->hist.held[o];
    put(b, "%s{\"objective\": ", first ? "" : ", "); jstr(b, s->obj[o]);
    put(b, ", \"holder\": "); jstr(b, hh >= 0 && hh < s->nsides ? s->side[hh] : "nobody");
    put(b, ", \"simulated\": %d, \"rate\": %.4f}", c.held[o], m->played ? (double)c.held[o] / m->played : 0);
    first = 0;
  }
  put(b, "],\n    \"sources\": [");
  for (int i = 0; i < s->hist.nsources; i++) { put(b, i ? ", " : ""); jstr(b, s->source[i]); }
  put(b, "]\n  },\n");
}

static void calib_text(sb *b, const gn_sim *s, const summary *m) {
  calib c;
  double lo, hi;
  char res[160];
  calibrate(s, m, &c);
  result_text(s, res, sizeof res);
  gn_wilson((uint64_t)c.same, (uint64_t)m->played, &lo, &hi);
  put(b, "\nagainst history\n  result: %s; simulated %d of %d (%.1f%%, 95%% %.1f%% - %.1f%%)\n", res, c.same,
      m->played, m->played ? 100.0 * c.same / m->played : 0, 100 * lo, 100 * hi);
  for (int k = 0; k < s->nsides; k++) {
    if (s->hist.men_lost[k] < 0) continue;
    put(b, "  %-14.14s lost %8d men in history", s->side[k], s->hist.men_lost[k]);
    if (c.ratio[k] >= 0) put(b, "; simulated median %8lld (ratio %.2f)", (long long)m->men_lost[k].med, c.ratio[k]);
    put(b, "\n");
  }
  for (int o = 0; o < s->nobj; o++) {
    if (c.held[o] < 0) continue;
    int hh = s->hist.held[o];
    char when[32];
    if (s->obj_by[o] > 0) snprintf(when, sizeof when, "at turn %d", s->obj_by[o]);
    else snprintf(when, sizeof when, "at the end");
    put(b, "  %s held by %s %s; simulated %d of %d (%.1f%%)\n", s->obj[o],
        hh >= 0 && hh < s->nsides ? s->side[hh] : "nobody", when, c.held[o], m->played,
        m->played ? 100.0 * c.held[o] / m->played : 0);
  }
  for (int i = 0; i < s->hist.nsources; i++) put(b, "  source: %s\n", s->source[i]);
}

/* ------------------------------------------------------------ CSV */

char *gn_sim_csv(const gn_sim *s) {
  sb b = {0};
  if (!s) return NULL;
  put(&b, "run,seed,status,winner,decisive,decision_turn,turns,orders,hash");
  for (int k = 0; k < s->nsides; k++) {
    put(&b, ","); cstr(&b, s->side[k]); put(&b, "_lost,"); cstr(&b, s->side[k]); put(&b, "_broken,");
    cstr(&b, s->side[k]); put(&b, "_points");
  }
  for (int o = 0; o < s->nobj; o++) { put(&b, ","); cstr(&b, s->obj[o]); }
  put(&b, "\n");
  for (int i = 0; i < s->runs; i++) {
    const int64_t *row = SIM_ROW(s, i);
    if (!row[R_PLAYED]) continue;
    put(&b, "%d,%llu,%s,", i, (unsigned long long)row[R_SEED], row[R_RC] ? gn_strerror((int)row[R_RC]) : "ok");
    cstr(&b, row[R_WINNER] >= 0 && row[R_WINNER] < s->nsides ? s->side[row[R_WINNER]] : "draw");
    put(&b, ",%lld,%lld,%lld,%lld,%016llx", (long long)row[R_DECISIVE], (long long)row[R_DECISION],
        (long long)row[R_TURNS], (long long)row[R_ORDERS], (unsigned long long)row[R_HASH]);
    for (int k = 0; k < s->nsides; k++)
      put(&b, ",%lld,%lld,%lld", (long long)SIM_SIDE(s, i, k, S_LOST), (long long)SIM_SIDE(s, i, k, S_BROKEN),
          (long long)SIM_SIDE(s, i, k, S_POINTS));
    for (int o = 0; o < s->nobj; o++) {
      int64_t h = SIM_OBJ(s, i, o);
      put(&b, ",");
      cstr(&b, h >= 0 && h < s->nsides ? s->side[h] : "");
    }
    put(&b, "\n");
  }
  return done(&b);
}

/* ------------------------------------------------------------ text */

char *gn_sim_text(const gn_sim *s) {
  summary m;
  sb b = {0};
  if (!s || summarise(s, &m)) { if (s) summary_free(&m); return NULL; }
  double lo, hi;
  put(&b, "%s (%s): %d battles, seed %llu\n", s->scenario, s->ruleset, m.played, (unsigned long long)s->seed);
  for (int k = 0; k < s->nsides; k++) put(&b, "  %s: %s\n", s->side[k], s->ai[k]);
  if (m.failed) put(&b, "  %d battles stopped early (first: %s)\n", m.failed, gn_strerror(m.firstrc));
  put(&b, "\nresult          count   rate   95%% interval\n");
  for (int k = 0; k < s->nsides; k++) {
    gn_wilson((uint64_t)m.wins[k], (uint64_t)m.played, &lo, &hi);
    put(&b, "%-14.14s %6d  %5.1f%%  %5.1f%% - %5.1f%%\n", s->side[k], m.wins[k],
        m.played ? 100.0 * m.wins[k] / m.played : 0, 100 * lo, 100 * hi);
    for (int l = GN_LEVEL_DECISIVE; l >= GN_LEVEL_MARGINAL; l--) {
      gn_wilson((uint64_t)m.level[k][l], (uint64_t)m.played, &lo, &hi);
      put(&b, "  %-12s %6d  %5.1f%%  %5.1f%% - %5.1f%%\n", l == GN_LEVEL_DECISIVE ? "decisive" : "marginal",
          m.level[k][l], m.played ? 100.0 * m.level[k][l] / m.played : 0, 100 * lo, 100 * hi);
    }
  }
  gn_wilson((uint64_t)m.draws, (uint64_t)m.played, &lo, &hi);
  put(&b, "%-14s %6d  %5.1f%%  %5.1f%% - %5.1f%%\n", "drawn", m.draws,
      m.played ? 100.0 * m.draws / m.played : 0, 100 * lo, 100 * hi);
  put(&b, "decisive victories: %d; turns played: %.1f on average\n", m.decisive, m.turns_mean);
  put(&b, "orders refused: %.2f a battle (at most %lld in a turn); probes the rules refused: %.1f a battle\n",
      m.refused_mean, (long long)m.maxrefused, m.probes_mean);
  put(&b, "\nlosses (%s)       mean     sd   min  10%%  50%%  90%%  max", s->word);
  put(&b, m.men ? "   men (mean)\n" : "\n");
  for (int k = 0; k < s->nsides; k++) {
    put(&b, "%-14.14s %8.2f %6.2f %5lld %4lld %4lld %4lld %4lld", s->side[k], m.lost[k].mean, m.lost[k].sd,
        (long long)m.lost[k].min, (long long)m.lost[k].p10, (long long)m.lost[k].med, (long long)m.lost[k].p90,
        (long long)m.lost[k].max);
    if (m.men) put(&b, "   %8.0f", m.men_lost[k].mean);
    put(&b, "\n");
  }
  put(&b, "\nturn of decision:");
  for (int t = 0; t <= m.maxturn; t++) if (m.decision[t]) put(&b, " %d:%d", t, m.decision[t]);
  put(&b, "\n");
  for (int o = 0; o < s->nobj; o++) {
    if (s->obj_by[o] > 0) put(&b, "%s held at turn %d by:", s->obj[o], s->obj_by[o]);
    else put(&b, "%s held at the end by:", s->obj[o]);
    for (int k = 0; k < s->nsides; k++) put(&b, " %s %d,", s->side[k], m.owner[o][k]);
    put(&b, " nobody %d\n", m.owner[o][s->nsides]);
  }
  put(&b, "\nunits that mattered most (enemy %s taken off in all; times the most effective of its side)\n", s->word);
  for (int k = 0; k < s->nsides; k++) {
    int top[TOP], nt = ranking(s, &m, k, top, TOP);
    put(&b, "  %s:", s->side[k]);
    for (int j = 0; j < nt; j++) put(&b, "%s %s %lld (%d)", j ? "," : "", s->unit[top[j]],
                                     (long long)m.inflicted[top[j]], m.top[top[j]]);
    put(&b, nt ? "\n" : " none\n");
  }
  if (s->hist.given) calib_text(&b, s, &m);
  summary_free(&m);
  return done(&b);
}

/*
** Stores the batch (gn_store_save_batch).
**   1) the results as JSON, the commanders joined by "; "
**   2) one gn_store_run per replication played, from its record
*/
int gn_sim_save(const gn_sim *s, gn_store *st, char *id, size_t idlen) {
  if (id && idlen) id[0] = 0;
  if (!s || !st || !s->rec) return GN_EINVAL;
  char ai[GN_BATTLE_MAXSIDES * 72] = "";
  for (int k = 0; k < s->nsides; k++) {                                        /* 1 */
    size_t n = strlen(ai);
    snprintf(ai + n, sizeof ai - n, "%s%s", k ? "; " : "", s->ai[k]);
  }
  char *json = gn_sim_json(s);
  gn_store_run *run = calloc(s->runs > 0 ? (size_t)s->runs : 1, sizeof *run);
  if (!json || !run) { gn_string_free(json); free(run); return GN_ENOMEM; }
  gn_store_batch b = {.scenario = s->scenario, .ruleset = s->ruleset, .seed = s->seed,
                      .runs = s->runs, .nsides = s->nsides, .ai = ai, .results = json, .run = run};
  for (int k = 0; k < s->nsides; k++) b.side[k] = s->side[k];
  for (int i = 0; i < s->runs; i++) {                                          /* 2 */
    const int64_t *row = SIM_ROW(s, i);
    if (!row[R_PLAYED]) continue;
    gn_store_run *r = &run[b.nrun++];
    r->run = i;
    r->seed = (uint64_t)row[R_SEED];
    r->rc = (int)row[R_RC];
    r->winner = row[R_WINNER] >= 0 && row[R_WINNER] < s->nsides ? (int)row[R_WINNER] : -1;
    r->decisive = (int)row[R_DECISIVE];
    r->decision_turn = (int)row[R_DECISION];
    r->turns = (int)row[R_TURNS];
    r->orders = (int)row[R_ORDERS];
    r->hash = (uint64_t)row[R_HASH];
    for (int k = 0; k < s->nsides; k++) r->lost[k] = SIM_SIDE(s, i, k, S_LOST);
  }
  int rc = gn_store_save_batch(st, &b, id, idlen);
  free(run);
  gn_string_free(json);
  return rc;
}
