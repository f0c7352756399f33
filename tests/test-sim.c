/*
** test-sim.c: seeded batches of battles (issue 7, design decision 10): the
** results do not depend on the number of threads nor on how processes share
** the runs; replication i uses the seed gn_seed_child(S, i); the outputs; the
** batch in the store file.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>
#include <sqlite3.h>

#include "grognard.h"
#include <jansson.h>
#include <math.h>

static const char IN[] =
  "grognard: 1\n"
  "name: Sim test\n"
  "ruleset: inradic\n"
  "table: {width: 48, height: 36}\n"
  "date: {year: 1880, month: 6, day: 18, hour: 13}\n"
  "turns: 8\n"
  "sides:\n"
  "  - {id: red, name: Redland}\n"
  "  - {id: blue, name: Blueland}\n"
  "units:\n"
  "  - {id: r1, side: red, type: foot, at: [12, 6], facing: 0, strength: 10, attrs: {quality: trained, weapon: musket, nco: 1}}\n"
  "  - {id: r2, side: red, type: foot, at: [24, 6], facing: 0, strength: 10, attrs: {quality: veteran, weapon: musket, officer: 1}}\n"
  "  - {id: b1, side: blue, type: foot, at: [12, 30], facing: 180, strength: 10, attrs: {quality: trained, weapon: musket, nco: 1}}\n"
  "  - {id: b2, side: blue, type: foot, at: [24, 30], facing: 180, strength: 12, attrs: {quality: militia, weapon: musket, flag: 1}}\n"
  "objectives:\n"
  "  - {id: well, name: The Well, at: [24, 18], radius: 3, points: 1}\n";

static const char VB[] =
  "grognard: 1\n"
  "name: Sim test V&B\n"
  "ruleset: vb\n"
  "table: {width: 48, height: 36}\n"
  "date: {year: 1815, month: 6, day: 18, hour: 13}\n"
  "turns: 3\n"
  "sides:\n"
  "  - {id: french, name: French}\n"
  "  - {id: prussians, name: Prussians}\n"
  "formations:\n"
  "  - {id: vi, name: VI Corps, echelon: corps, side: french, leader: lobau}\n"
  "  - {id: iv, name: IV Corps, echelon: corps, side: prussians, leader: bulow}\n"
  "units:\n"
  "  - {id: lobau, side: french, formation: vi, type: leader_corps, at: [20, 8], facing: 0, strength: 0}\n"
  "  - {id: f1, side: french, formation: vi, type: infantry_brigade, at: [16, 10], facing: 0, strength: 5, attrs: {morale: 4}}\n"
  "  - {id: f2, side: french, formation: vi, type: infantry_brigade, at: [20, 10], facing: 0, strength: 5, attrs: {morale: 4}}\n"
  "  - {id: bulow, side: prussians, formation: iv, type: leader_corps, at: [20, 28], facing: 180, strength: 0}\n"
  "  - {id: p1, side: prussians, formation: iv, type: infantry_brigade, at: [16, 26], facing: 180, strength: 5, attrs: {morale: 4}}\n"
  "  - {id: p2, side: prussians, formation: iv, type: infantry_brigade, at: [20, 26], facing: 180, strength: 4, attrs: {morale: 3}}\n"
  "objectives:\n"
  "  - {id: village, name: Plancenoit, at: [20, 18], radius: 3, points: 2}\n";

static gn_sim *sim(const char *text) {
  gn_sim *s = NULL;
  char err[256];
  int rc = gn_sim_new("t.yaml", text, strlen(text), NULL, &s, err, sizeof err);
  if (rc) fail_msg("gn_sim_new: %s", err);
  return s;
}

/* The JSON of a batch of runs played with jobs threads, by ranks nranks. */
static char *batch(const char *text, int runs, int jobs) {
  gn_sim *s = sim(text);
  gn_sim_opts o;
  memset(&o, 0, sizeof o);
  o.seed = 2024; o.runs = runs; o.jobs = jobs;
  assert_int_equal(gn_sim_run(s, &o), 0);
  char *j = gn_sim_json(s);
  assert_non_null(j);
  gn_sim_free(s);
  return j;
}

static void bad_scenario(void **state) {
  (void)state;
  gn_sim *s = (gn_sim *)1;
  char err[256] = "";
  const char bad[] = "grognard: 1\nname: x\nruleset: nosuch\n";
  assert_int_equal(gn_sim_new("bad.yaml", bad, sizeof bad - 1, NULL, &s, err, sizeof err), GN_ESCENARIO);
  assert_null(s);
  assert_string_equal(err, "bad.yaml:1:1: missing required key 'table' in the scenario");
}

static void bad_options(void **state) {
  (void)state;
  gn_sim *s = sim(IN);
  gn_sim_opts o;
  memset(&o, 0, sizeof o);
  assert_int_equal(gn_sim_run(s, &o), GN_EINVAL);            /* no runs */
  o.runs = 2; o.nranks = 2; o.rank = 2;
  assert_int_equal(gn_sim_run(s, &o), GN_EINVAL);            /* no such rank */
  gn_sim_free(s);
}

/* Byte-identical JSON for 1, 2 and 4 threads (Inradic and V&B). */
static void jobs_do_not_matter(void **state) {
  (void)state;
  const char *texts[2] = {IN, VB};
  for (int k = 0; k < 2; k++) {
    char *j1 = batch(texts[k], 24, 1), *j2 = batch(texts[k], 24, 2), *j4 = batch(texts[k], 24, 4);
    assert_string_equal(j1, j2);
    assert_string_equal(j1, j4);
    assert_non_null(strstr(j1, "\"runs\": 24,\n  \"played\": 24,\n  \"failed\": 0,"));
    gn_string_free(j1); gn_string_free(j2); gn_string_free(j4);
  }
}

/* Two processes' rows summed (as MPI_Reduce does) equal one process's. */
static void ranks_merge(void **state) {
  (void)state;
  char *whole = batch(IN, 20, 1);
  gn_sim *part[2];
  size_t n[2];
  for (int r = 0; r < 2; r++) {
    gn_sim_opts o;
    memset(&o, 0, sizeof o);
    o.seed = 2024; o.runs = 20; o.jobs = 1; o.rank = r; o.nranks = 2;
    part[r] = sim(IN);
    assert_int_equal(gn_sim_run(part[r], &o), 0);
    gn_sim_records(part[r], &n[r]);
  }
  assert_true(n[0] == n[1] && n[0] > 0);
  int64_t *a = gn_sim_records(part[0], NULL), *b = gn_sim_records(part[1], NULL);
  for (size_t i = 0; i < n[0]; i++) a[i] += b[i];
  gn_sim_merged(part[0]);
  char *merged = gn_sim_json(part[0]);
  assert_string_equal(merged, whole);
  gn_string_free(merged);
  gn_string_free(whole);
  gn_sim_free(part[0]);
  gn_sim_free(part[1]);
}

/* ------------------------------------------------- the bundled scenarios */

/* A bundled scenario's text (the suite runs from the repository root). */
static char *scenario_text(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) fail_msg("%s is missing (run from the repository root)", path);
  char *t = NULL;
  size_t cap = 0;
  *len = 0;
  for (;;) {
    if (*len + 4096 + 1 > cap) {
      cap = cap ? 2 * cap : 16384;
      char *q = realloc(t, cap);
      assert_non_null(q);
      t = q;
    }
    size_t k = fread(t + *len, 1, cap - *len - 1, f);
    if (!k) break;
    *len += k;
  }
  fclose(f);
  t[*len] = 0;
  return t;
}

/* The batch's every output (JSON, CSV, text), joined; the batch is freed. */
static char *outputs(gn_sim *s) {
  char *j = gn_sim_json(s), *c = gn_sim_csv(s), *t = gn_sim_text(s);
  assert_non_null(j); assert_non_null(c); assert_non_null(t);
  size_t n = strlen(j) + strlen(c) + strlen(t) + 1;
  char *all = malloc(n);
  assert_non_null(all);
  snprintf(all, n, "%s%s%s", j, c, t);
  gn_string_free(j); gn_string_free(c); gn_string_free(t);
  gn_sim_free(s);
  return all;
}

/* Runs battles of the scenario at path (seed 3), played by one call with
** jobs threads; or, with alone, each by a call of its own (rank i of runs
** ranks: a fresh memo of check answers and a fresh copy of the scenario
** for every battle), the rows summed from the last battle to the first. */
static char *bundled(const char *path, int runs, int jobs, int alone) {
  size_t len;
  char *text = scenario_text(path, &len), err[256];
  gn_sim *part[16];
  assert_true(runs <= 16);
  int nparts = alone ? runs : 1;
  for (int r = 0; r < nparts; r++) {
    gn_sim_opts o;
    memset(&o, 0, sizeof o);
    o.seed = 3; o.runs = runs; o.jobs = jobs;
    if (alone) { o.rank = r; o.nranks = runs; }
    part[r] = NULL;
    if (gn_sim_new(path, text, len, NULL, &part[r], err, sizeof err)) fail_msg("%s: %s", path, err);
    assert_int_equal(gn_sim_run(part[r], &o), 0);
  }
  size_t n;
  int64_t *sum = gn_sim_records(part[0], &n);
  for (int r = nparts - 1; r > 0; r--) {
    size_t m;
    const int64_t *rec = gn_sim_records(part[r], &m);
    assert_true(m == n);
    for (size_t i = 0; i < n; i++) sum[i] += rec[i];
    gn_sim_free(part[r]);
  }
  gn_sim_merged(part[0]);
  free(text);
  return outputs(part[0]);
}

/*
** Every ruleset's bundled battle gives the same bytes (JSON, CSV, text)
**   1) on 1 and 4 threads, whichever thread plays which battle and finishes
**      first;
**   2) with each battle played alone, without the answers its thread's memo
**      kept from the battles before it or the V&B copy of the scenario it
**      was cloned from: what a battle gives cannot depend on the battles
**      that thread happened to play before it.
*/
static void bundled_any_threads(void **state) {
  (void)state;
  static const struct { const char *path; int runs; } scn[] = {
    {"scenarios/ba-hougoumont.yaml", 6}, {"scenarios/vb-plancenoit.yaml", 4},
    {"scenarios/inradic-skirmish.yaml", 6},
  };
  for (size_t k = 0; k < sizeof scn / sizeof scn[0]; k++) {
    char *one = bundled(scn[k].path, scn[k].runs, 1, 0);
    char *four = bundled(scn[k].path, scn[k].runs, 4, 0);                        /* 1 */
    char *alone = bundled(scn[k].path, scn[k].runs, 1, 1);                       /* 2 */
    char head[64];
    snprintf(head, sizeof head, "\"runs\": %d,\n  \"played\": %d,\n  \"failed\": 0,", scn[k].runs, scn[k].runs);
    assert_non_null(strstr(one, head));
    assert_string_equal(one, four);
    assert_string_equal(one, alone);
    free(one); free(four); free(alone);
  }
}

/* CSV: a header and one line per battle; battle i has seed gn_seed_child(S, i). */
static void csv_rows_and_seeds(void **state) {
  (void)state;
  gn_sim *s = sim(IN);
  gn_sim_opts o;
  memset(&o, 0, sizeof o);
  o.seed = 99; o.runs = 6; o.jobs = 2;
  gn_ai_params_parse("doctrine:aggression=0.8", &o.ai[0], NULL, 0);
  gn_ai_params_parse("doctrine:caution=0.9", &o.ai[1], NULL, 0);
  assert_int_equal(gn_sim_run(s, &o), 0);
  char *csv = gn_sim_csv(s);
  assert_non_null(csv);
  assert_int_equal(strncmp(csv, "run,seed,status,winner,decisive,decision_turn,turns,orders,hash,Redland_lost,"
                           "Redland_broken,Redland_points,Blueland_lost,Blueland_broken,Blueland_points,The Well\n",
                           139), 0);
  int lines = 0;
  for (char *p = csv; *p; p++) lines += *p == '\n';
  assert_int_equal(lines, 7);
  char *line = strchr(csv, '\n') + 1;
  for (int i = 0; i < 6; i++) {
    int run;
    unsigned long long seed;
    assert_int_equal(sscanf(line, "%d,%llu,ok,", &run, &seed), 2);
    assert_int_equal(run, i);
    assert_true(seed == gn_seed_child(99, (uint64_t)i));
    line = strchr(line, '\n') + 1;
  }
  char *json = gn_sim_json(s);
  assert_non_null(strstr(json, "\"ai\": [\"doctrine:aggression=0.80,caution=0.50\", "
                               "\"doctrine:aggression=0.50,caution=0.90\"]"));
  char *text = gn_sim_text(s);
  assert_non_null(strstr(text, "95% interval"));
  gn_string_free(csv); gn_string_free(json); gn_string_free(text);
  gn_sim_free(s);
}

static int count(sqlite3 *db, const char *sql) {
  sqlite3_stmt *st;
  int n = -1;
  if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW)
    n = sqlite3_column_int(st, 0);
  sqlite3_finalize(st);
  return n;
}

/* The batch in the store file: its own tables, ids b1, b2; still a store. */
static void store_batch(void **state) {
  (void)state;
  char path[] = "/tmp/grognard-test-sim-XXXXXX";
  int fd = mkstemp(path);
  assert_true(fd >= 0);
  close(fd);
  unlink(path);
  gn_sim *s = sim(IN);
  gn_sim_opts o;
  memset(&o, 0, sizeof o);
  o.seed = 5; o.runs = 4; o.jobs = 1;
  assert_int_equal(gn_sim_run(s, &o), 0);
  char id[32], err[256];
  gn_store *bs = NULL;
  assert_int_equal(gn_store_open(path, &bs, err, sizeof err), 0);
  assert_int_equal(gn_sim_save(s, bs, id, sizeof id), 0);
  assert_string_equal(id, "b1");
  assert_int_equal(gn_sim_save(s, bs, id, sizeof id), 0);
  assert_string_equal(id, "b2");
  gn_store_close(bs);
  sqlite3 *db;
  assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
  assert_int_equal(count(db, "SELECT count(*) FROM batches"), 2);
  assert_int_equal(count(db, "SELECT count(*) FROM batch_runs WHERE batch = 'b2'"), 4);
  assert_int_equal(count(db, "SELECT runs FROM batches WHERE id = 'b1'"), 4);
  assert_int_equal(count(db, "SELECT count(*) FROM batch_runs WHERE seed = 0"), 0);
  sqlite3_close(db);
  gn_store *st = NULL;
  assert_int_equal(gn_store_open(path, &st, err, sizeof err), 0);
  gn_store_close(st);
  gn_sim_free(s);
  unlink(path);
  char wal[64];
  snprintf(wal, sizeof wal, "%s-wal", path); unlink(wal);
  snprintf(wal, sizeof wal, "%s-shm", path); unlink(wal);
}

/* The calibration report: the scenario's history beside the simulated
** battles (the rate of the historical result, the ratio of median men lost
** to the historical losses, the rate of the historical holder), in JSON and
** text; the counts agree with the batch's own. */
static void calibration(void **state) {
  (void)state;
  char text[4096];
  snprintf(text, sizeof text, "%s%s", VB,
           "history:\n  result: prussians\n  level: marginal\n  losses: {french: 1000, prussians: 500}\n"
           "  held: {village: prussians}\n  sources: [\"A public history of the battle\"]\n");
  gn_sim *s = sim(text);
  gn_sim_opts o;
  memset(&o, 0, sizeof o);
  o.seed = 2024; o.runs = 24; o.jobs = 1;
  assert_int_equal(gn_sim_run(s, &o), 0);
  char *j = gn_sim_json(s), *t = gn_sim_text(s);
  json_error_t err;
  json_t *root = json_loads(j, 0, &err);
  if (!root) fail_msg("JSON: %s", err.text);
  json_t *h = json_object_get(root, "history");
  assert_non_null(h);
  assert_string_equal(json_string_value(json_object_get(h, "result")), "marginal victory to Prussians");
  json_t *p = json_array_get(json_object_get(root, "sides"), 1);
  assert_int_equal(json_integer_value(json_object_get(h, "simulated")),
                   json_integer_value(json_object_get(p, "marginal")));
  json_t *l0 = json_array_get(json_object_get(h, "losses"), 0);
  assert_int_equal(json_integer_value(json_object_get(l0, "men_lost")), 1000);
  double med = (double)json_integer_value(json_object_get(json_array_get(json_object_get(root, "sides"), 0),
                                                          "men_lost_median"));
  assert_true(fabs(json_real_value(json_object_get(l0, "ratio")) - med / 1000) < 1e-3);
  json_t *held = json_array_get(json_object_get(h, "held"), 0);
  json_t *vil = json_object_get(json_array_get(json_object_get(root, "objectives"), 0), "held");
  assert_int_equal(json_integer_value(json_object_get(held, "simulated")),
                   json_integer_value(json_object_get(vil, "Prussians")));
  assert_string_equal(json_string_value(json_array_get(json_object_get(h, "sources"), 0)),
                      "A public history of the battle");
  assert_non_null(strstr(t, "against history\n  result: marginal victory to Prussians; simulated "));
  assert_non_null(strstr(t, "source: A public history of the battle"));
  json_decref(root);
  free(j); free(t);
  gn_sim_free(s);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(bad_scenario),
    cmocka_unit_test(bad_options),
    cmocka_unit_test(jobs_do_not_matter),
    cmocka_unit_test(ranks_merge),
    cmocka_unit_test(bundled_any_threads),
    cmocka_unit_test(csv_rows_and_seeds),
    cmocka_unit_test(store_batch),
    cmocka_unit_test(calibration),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
