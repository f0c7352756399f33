/*
** test-scen.c: scenario files (docs/scenario.md) and ruleset data files.
**
**   - a good scenario loads with the right values: facing convention, defaults,
**     attributes, sides taken from formations;
**   - the bad-input corpus: every tests/bad/<name>.yaml must fail to load with
**     exactly the diagnostics of tests/bad/<name>.expect (one per line). The
**     directory is read at run time: adding a pair adds a case. Run from the
**     repository root (scripts/run-tests does);
**   - ruleset data read from a data directory, good and bad;
**   - every allocation failure during a load returns GN_ENOMEM and leaks
**     nothing, and every size given back to the allocator is the one it gave.
*/
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>

#include "grognard.h"

#define PI 3.14159265358979323846

static const char GOOD[] =
  "grognard: 1\n"
  "name: \"Plancenoit, 18 June 1815\"\n"
  "ruleset: vb\n"
  "table: {width: 72, height: 48, unit: in}\n"
  "date: {year: 1815, month: 6, day: 18, hour: 13, latitude: 50.7}\n"
  "weather: inclement\n"
  "turns: 8\n"
  "options: {open_rosters: true, days: 2}\n"
  "sides:\n"
  "  - {id: french, name: \"Armée du Nord\"}\n"
  "  - {id: prussians}\n"
  "formations:\n"
  "  - {id: nord, echelon: army, side: french, leader: napoleon}\n"
  "  - {id: vi, name: \"VI Corps\", echelon: corps, parent: nord, leader: lobau}\n"
  "  - {id: vi-19, echelon: division, parent: vi}\n"
  "  - {id: iv, echelon: corps, side: prussians, leader: bulow}\n"
  "units:\n"
  "  - {id: napoleon, formation: nord, type: leader_army, at: [36, 2], strength: 0}\n"
  "  - {id: lobau, formation: vi, type: leader_corps, at: [30, 10], facing: 270, strength: 0}\n"
  "  - id: bellair\n"
  "    code: \"19/1\"\n"
  "    name: \"Bellair's brigade\"\n"
  "    side: french\n"
  "    formation: vi-19\n"
  "    type: infantry_brigade\n"
  "    at: [30, 20.5]\n"
  "    facing: 90\n"
  "    strength: 5\n"
  "    width: 4\n"
  "    attrs: {morale: 5, grenadiers: true, disorder: disordered, nation: 3}\n"
  "  - {id: jamin, formation: vi-19, type: infantry_regiment, at: [34, 20], facing: -45,"
  " strength: 2, attrs: {weight: heavy, batguns: 1}}\n"
  "  - {id: bulow, formation: iv, type: leader_corps, at: [50, 40], facing: 180, strength: 0}\n"
  "  - {id: hiller, side: prussians, type: cavalry_light, at: [72, 48], facing: 450, strength: 3}\n"
  "terrain:\n"
  "  - {id: wood1, kind: woods, area: [[10, 10], [20, 10], [20, 18], [10, 18]]}\n"
  "  - {id: lasne, kind: stream, line: [[0, 5], [72, 9]]}\n"
  "objectives:\n"
  "  - {id: plancenoit, name: Plancenoit, at: [40, 30], radius: 3, points: 2, owner: french}\n";

/* ------------------------------------------------------------- helpers */

/* Reads a whole file; NULL when it cannot be read. */
static char *slurp(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  size_t cap = 1 << 12, n = 0;
  char *buf;
  if (len) *len = 0;
  if (!f) return NULL;
  buf = malloc(cap);
  for (;;) {
    n += fread(buf + n, 1, cap - n - 1, f);
    if (n < cap - 1) break;
    cap *= 2;
    buf = realloc(buf, cap);
  }
  fclose(f);
  buf[n] = 0;
  if (len) *len = n;
  return buf;
}

/* Writes text to dir/name. */
static void spit(const char *dir, const char *name, const char *text) {
  char path[512];
  FILE *f;
  snprintf(path, sizeof path, "%s/%s", dir, name);
  f = fopen(path, "wb");
  assert_non_null(f);
  fputs(text, f);
  fclose(f);
}

static gn_game *load_good(void) {
  gn_game *g = gn_game_new(NULL);
  int rc = gn_game_load(g, "good.yaml", GOOD, sizeof GOOD - 1);
  if (rc) {
    for (int i = 0; i < gn_diag_count(g); i++) print_error("%s\n", gn_diag(g, i));
    fail_msg("good scenario: %s", gn_errmsg(g));
  }
  return g;
}

static int unit(const gn_game *g, const char *id) {
  int u = gn_unit_find(g, id);
  if (u < 0) fail_msg("no unit '%s'", id);
  return u;
}

static int attr(const gn_game *g, int u, const char *name) {
  int v = -12345;
  assert_int_equal(gn_unit_attr(g, u, GN_UMPIRE, name, &v), 0);
  return v;
}

/* ------------------------------------------------------------- good input */

static void good_header(void **state) {
  (void)state;
  gn_game *g = load_good();
  size_t len = 0;
  assert_int_equal(gn_diag_count(g), 0);
  assert_string_equal(gn_game_scenario_name(g), "Plancenoit, 18 June 1815");
  assert_string_equal(gn_game_ruleset(g), "vb");
  assert_int_equal(gn_game_turn_limit(g), 8);
  /* the text is kept exactly as read */
  assert_string_equal(gn_game_scenario_text(g, &len), GOOD);
  assert_int_equal(len, sizeof GOOD - 1);
  assert_int_equal(gn_side_count(g), 2);
  assert_string_equal(gn_side_id(g, 0), "french");
  assert_string_equal(gn_side_name(g, 0), "Armée du Nord");
  assert_string_equal(gn_side_name(g, 1), "prussians");   /* name defaults to id */
  gn_game_free(g);
}

static void good_formations(void **state) {
  (void)state;
  gn_game *g = load_good();
  gn_formation_info f;
  assert_int_equal(gn_formation_count(g), 4);
  /* vi gives no side: it is its parent's */
  assert_int_equal(gn_formation_get(g, 1, &f), 0);
  assert_string_equal(f.id, "vi");
  assert_string_equal(f.name, "VI Corps");
  assert_int_equal(f.echelon, GN_CORPS);
  assert_int_equal(f.side, 0);
  assert_int_equal(f.parent, 0);
  assert_int_equal(f.leader, unit(g, "lobau"));
  /* vi-19: side from its grandparent, name defaults to id, no leader */
  assert_int_equal(gn_formation_get(g, 2, &f), 0);
  assert_string_equal(f.name, "vi-19");
  assert_int_equal(f.echelon, GN_DIVISION);
  assert_int_equal(f.side, 0);
  assert_int_equal(f.parent, 1);
  assert_int_equal(f.leader, -1);
  assert_int_equal(gn_formation_get(g, 0, &f), 0);
  assert_int_equal(f.parent, -1);
  assert_int_equal(f.echelon, GN_ARMY);
  assert_int_equal(gn_formation_get(g, 3, &f), 0);
  assert_int_equal(f.side, 1);
  gn_game_free(g);
}

static void good_units(void **state) {
  (void)state;
  gn_game *g = load_good();
  gn_unit_view v;
  int u;
  assert_int_equal(gn_unit_count(g), 6);

  /* bellair: code, name, width override, depth from the type */
  u = unit(g, "19/1");
  assert_int_equal(u, unit(g, "BELLAIR"));   /* ids and codes ignore case */
  assert_int_equal(gn_unit_view_get(g, u, GN_UMPIRE, &v), 0);
  assert_string_equal(v.id, "bellair");
  assert_string_equal(v.code, "19/1");
  assert_string_equal(v.name, "Bellair's brigade");
  assert_string_equal(v.type, "infantry_brigade");
  assert_int_equal(v.side, 0);
  assert_int_equal(v.formation, 2);
  assert_true(v.box.c.x == 30 && v.box.c.y == 20.5);
  assert_true(v.box.w == 4 && v.box.d == 3);
  assert_int_equal(v.strength, 5);
  assert_int_equal(v.strength0, 5);

  /* jamin: side from its formation's ancestors; code and name default to id */
  u = unit(g, "jamin");
  assert_int_equal(gn_unit_view_get(g, u, GN_UMPIRE, &v), 0);
  assert_int_equal(v.side, 0);
  assert_string_equal(v.code, "jamin");
  assert_string_equal(v.name, "jamin");
  assert_true(v.box.w == 3 && v.box.d == 1.5);

  /* hiller on the table's far corner: the centre may lie on the edge */
  u = unit(g, "hiller");
  assert_int_equal(gn_unit_view_get(g, u, GN_UMPIRE, &v), 0);
  assert_int_equal(v.side, 1);
  assert_int_equal(v.formation, -1);
  gn_game_free(g);
}

/* Compass degrees (0 = +y, 90 = +x) become radians CCW from +x in [0, 2pi). */
static void good_facing(void **state) {
  (void)state;
  static const struct { const char *id; double rad; } want[] = {
    {"napoleon", PI / 2},        /* facing left out: 0, towards +y */
    {"bellair", 0},              /* 90: towards +x */
    {"bulow", 3 * PI / 2},       /* 180: towards -y */
    {"lobau", PI},               /* 270: towards -x */
    {"jamin", 3 * PI / 4},       /* -45: up and to the left */
    {"hiller", 0},               /* 450 = 90 */
  };
  gn_game *g = load_good();
  for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
    gn_unit_view v;
    assert_int_equal(gn_unit_view_get(g, unit(g, want[i].id), GN_UMPIRE, &v), 0);
    if (fabs(v.box.facing - want[i].rad) > 1e-12)
      fail_msg("%s: facing %.15g, want %.15g", want[i].id, v.box.facing, want[i].rad);
    assert_true(v.box.facing >= 0 && v.box.facing < 2 * PI);
  }
  gn_game_free(g);
}

static void good_attributes(void **state) {
  (void)state;
  gn_game *g = load_good();
  int b = unit(g, "bellair"), j = unit(g, "jamin"), h = unit(g, "hiller");
  /* given: a number, a boolean, an enumeration name */
  assert_int_equal(attr(g, b, "morale"), 5);
  assert_int_equal(attr(g, b, "grenadiers"), 1);
  assert_int_equal(attr(g, b, "disorder"), 1);
  assert_int_equal(attr(g, b, "nation"), 3);
  assert_int_equal(attr(g, j, "weight"), 2);
  assert_int_equal(attr(g, j, "batguns"), 1);
  /* defaults of the ruleset's schema */
  assert_int_equal(attr(g, b, "weight"), 1);
  assert_int_equal(attr(g, h, "morale"), 4);
  assert_int_equal(attr(g, h, "grenadiers"), 0);
  assert_int_equal(attr(g, j, "disorder"), 0);
  gn_game_free(g);
}

/* Every ruleset's schema of unit attributes: each slot of the ruleset's unit
** state has its row (a name, each name once, bounds in order), at most 32
** slots, as the scenario loader, the views and the hash walk them. */
static void schema_rows_complete(void **state) {
  (void)state;
  for (int r = 0; r < gn_ruleset_count(); r++) {
    const char *rs = gn_ruleset_id(r), *names[64];
    gn_attr_info a;
    int n = 0;
    for (; gn_ruleset_attr(rs, n, &a) == 0; n++) {
      if (!a.name || !*a.name) fail_msg("%s: schema slot %d has no row", rs, n);
      assert_true(n < 32);
      assert_true(a.min <= a.max);
      for (int k = 0; k < n; k++)
        if (!strcmp(names[k], a.name)) fail_msg("%s: attribute %s in slots %d and %d", rs, a.name, k, n);
      names[n] = a.name;
    }
    assert_true(n > 0);
    assert_int_equal(gn_ruleset_attr(rs, n, &a), GN_ENOTFOUND);
  }
}

/* The complete example of docs/scenario.md loads as it stands. */
static void doc_example_loads(void **state) {
  (void)state;
  char *doc = slurp("docs/scenario.md", NULL), *start, *end;
  gn_game *g = gn_game_new(NULL);
  int rc;
  if (!doc) fail_msg("cannot read docs/scenario.md (run from the repository root)");
  start = strstr(doc, "## A complete example");
  assert_non_null(start);
  start = strstr(start, "```yaml\n");
  assert_non_null(start);
  start += 8;
  end = strstr(start, "```");
  assert_non_null(end);
  rc = gn_game_load(g, "docs/scenario.md", start, (size_t)(end - start));
  for (int i = 0; i < gn_diag_count(g); i++) print_error("%s\n", gn_diag(g, i));
  assert_int_equal(rc, 0);
  assert_int_equal(gn_side_count(g), 2);
  assert_int_equal(gn_unit_count(g), 13);
  assert_int_equal(gn_formation_count(g), 6);
  gn_game_free(g);
  free(doc);
}

/* units: [] is a blank table (gn_game_use_ruleset relies on it). */
static void blank_table(void **state) {
  (void)state;
  static const char text[] =
    "grognard: 1\nname: Blank\nruleset: vb\ntable: {width: 10, height: 10}\n"
    "date: {year: 1812, month: 2, day: 29, hour: 0}\nturns: 1\n"
    "sides: [{id: a}, {id: b}]\nunits: []\n";
  gn_game *g = gn_game_new(NULL);
  assert_int_equal(gn_game_load(g, "blank.yaml", text, sizeof text - 1), 0);
  assert_int_equal(gn_unit_count(g), 0);
  gn_game_free(g);
}

/* ------------------------------------------------------------- bad input */

static int strp_cmp(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Loads path and compares its diagnostics with the lines of expect. Returns
** 1 when they match; else prints both and returns 0. */
static int check_bad(const char *path, const char *expect_path) {
  size_t len;
  char *text = slurp(path, &len), *want = slurp(expect_path, NULL);
  gn_game *g = gn_game_new(NULL);
  int ok = 1, rc, n = 0;
  if (!text || !want) {
    print_error("%s: cannot read it or its .expect file\n", path);
    free(text); free(want); gn_game_free(g);
    return 0;
  }
  rc = gn_game_load(g, path, text, len);
  const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
  int want_rc = strncmp(base, "limit-", 6) ? GN_ESCENARIO : GN_ELIMIT;   /* a built-in limit passed */
  if (rc != want_rc) {
    print_error("%s: load returned %d (%s), want %s\n", path, rc, gn_strerror(rc),
                want_rc == GN_ELIMIT ? "GN_ELIMIT" : "GN_ESCENARIO");
    ok = 0;
  }
  if (gn_unit_count(g) != 0 || gn_game_ruleset(g) != NULL) {
    print_error("%s: the game is not empty after a failed load\n", path);
    ok = 0;
  }
  /* line by line */
  for (char *line = want, *next; *line; line = next) {
    next = strchr(line, '\n');
    if (next) *next++ = 0; else next = line + strlen(line);
    if (!*line) continue;
    const char *got = gn_diag(g, n);
    if (!got || strcmp(got, line)) {
      print_error("%s: diagnostic %d\n   want: %s\n    got: %s\n", path, n + 1, line,
                  got ? got : "(none)");
      ok = 0;
    }
    n++;
  }
  if (gn_diag_count(g) != n) {
    print_error("%s: %d diagnostics, want %d\n", path, gn_diag_count(g), n);
    ok = 0;
  }
  if (!ok)
    for (int i = 0; i < gn_diag_count(g); i++) print_error("   | %s\n", gn_diag(g, i));
  if (ok && strcmp(gn_errmsg(g), gn_diag(g, 0))) {
    print_error("%s: gn_errmsg is '%s', want the first diagnostic\n", path, gn_errmsg(g));
    ok = 0;
  }
  gn_game_free(g);
  free(text);
  free(want);
  return ok;
}

/* Runs check on every DIR/<name>.yaml with its DIR/<name>.expect, in name
** order; the number of cases in *n, the number that failed returned. */
static int run_corpus(const char *dir, int (*check)(const char *, const char *), int *n) {
  DIR *d = opendir(dir);
  struct dirent *e;
  char **names = NULL;
  int failed = 0;
  *n = 0;
  if (!d) fail_msg("cannot open %s (run from the repository root)", dir);
  while ((e = readdir(d))) {
    size_t l = strlen(e->d_name);
    if (l > 5 && !strcmp(e->d_name + l - 5, ".yaml")) {
      names = realloc(names, (size_t)(*n + 1) * sizeof *names);
      names[(*n)++] = strdup(e->d_name);
    }
  }
  closedir(d);
  qsort(names, (size_t)*n, sizeof *names, strp_cmp);
  for (int i = 0; i < *n; i++) {
    char path[512], expect[512];
    snprintf(path, sizeof path, "%s/%s", dir, names[i]);
    snprintf(expect, sizeof expect, "%s/%.*s.expect", dir, (int)strlen(names[i]) - 5, names[i]);
    if (!check(path, expect)) failed++;
    free(names[i]);
  }
  free(names);
  return failed;
}

static void bad_corpus(void **state) {
  (void)state;
  int n, failed = run_corpus("tests/bad", check_bad, &n);
  print_message("bad corpus: %d cases, %d failed\n", n, failed);
  assert_true(n >= 30);
  assert_int_equal(failed, 0);
}

/* ------------------------------------------------------------- warnings */

/* Loads and starts path; its warnings (gn_game_warnings) must be the lines
** of expect, in order. 1 when they match. */
static int check_warn(const char *path, const char *expect_path) {
  char *want = slurp(expect_path, NULL);
  gn_game *g = gn_game_new(NULL);
  int ok = 1, n = 0;
  if (!want || gn_game_load_file(g, path) || gn_game_start(g, 1)) {
    print_error("%s: cannot load, start or read its .expect: %s\n", path, gn_errmsg(g));
    free(want); gn_game_free(g);
    return 0;
  }
  int nw = gn_game_warnings(g);
  for (char *line = want, *next; *line; line = next) {
    next = strchr(line, '\n');
    if (next) *next++ = 0; else next = line + strlen(line);
    if (!*line) continue;
    const char *got = gn_diag(g, n);
    if (!got || strcmp(got, line)) {
      print_error("%s: warning %d\n   want: %s\n    got: %s\n", path, n + 1, line, got ? got : "(none)");
      ok = 0;
    }
    n++;
  }
  if (nw != n || gn_diag_count(g) != n) {
    print_error("%s: %d warnings, want %d\n", path, nw, n);
    ok = 0;
  }
  gn_game_free(g);
  free(want);
  return ok;
}

/* The warnings corpus: every tests/warn/<name>.yaml loads and starts, with
** exactly the warnings of tests/warn/<name>.expect (none.expect is empty). */
static void warn_corpus(void **state) {
  (void)state;
  int n, failed = run_corpus("tests/warn", check_warn, &n);
  print_message("warnings corpus: %d cases, %d failed\n", n, failed);
  assert_true(n >= 6);
  assert_int_equal(failed, 0);
  /* only on a game just started */
  gn_game *g = gn_game_new(NULL);
  assert_int_equal(gn_game_warnings(g), GN_ESTATE);
  assert_int_equal(gn_game_load_file(g, "tests/warn/overlap.yaml"), GN_OK);
  assert_int_equal(gn_game_start(g, 1), GN_OK);
  assert_int_equal(gn_game_warnings(g), 1);
  assert_int_equal(gn_order_apply(g, "end"), GN_OK);
  assert_int_equal(gn_game_warnings(g), GN_ESTATE);
  gn_game_free(g);
}

/* ------------------------------------------------------------- ruleset data */

typedef struct tmpdir { char root[64], vb[96]; } tmpdir;

static int data_setup(void **state) {
  tmpdir *t = calloc(1, sizeof *t);
  snprintf(t->root, sizeof t->root, "/tmp/gn-scen-XXXXXX");
  if (!mkdtemp(t->root)) { free(t); return -1; }
  snprintf(t->vb, sizeof t->vb, "%s/vb", t->root);
  if (mkdir(t->vb, 0700)) { free(t); return -1; }
  *state = t;
  return 0;
}

static int data_teardown(void **state) {
  tmpdir *t = *state;
  DIR *d = opendir(t->vb);
  struct dirent *e;
  while (d && (e = readdir(d))) {
    char path[512];
    if (e->d_name[0] == '.') continue;
    snprintf(path, sizeof path, "%s/%s", t->vb, e->d_name);
    unlink(path);
  }
  if (d) closedir(d);
  rmdir(t->vb);
  rmdir(t->root);
  free(t);
  return 0;
}

static void clear_dir(const tmpdir *t) {
  DIR *d = opendir(t->vb);
  struct dirent *e;
  while ((e = readdir(d))) {
    char path[512];
    if (e->d_name[0] == '.') continue;
    snprintf(path, sizeof path, "%s/%s", t->vb, e->d_name);
    unlink(path);
  }
  closedir(d);
}

/* Loads GOOD with data from t; returns the load's code. */
static int load_with_data(const tmpdir *t, gn_game **out) {
  gn_game *g = gn_game_new(NULL);
  assert_int_equal(gn_game_set_data_dir(g, t->root), 0);
  int rc = gn_game_load(g, "good.yaml", GOOD, sizeof GOOD - 1);
  *out = g;
  return rc;
}

static void expect_diags(const gn_game *g, const char *const *want, int n) {
  int ok = gn_diag_count(g) == n;
  for (int i = 0; ok && i < n; i++) ok = !strcmp(gn_diag(g, i), want[i]);
  if (!ok) {
    for (int i = 0; i < n; i++) print_error("want | %s\n", want[i]);
    for (int i = 0; i < gn_diag_count(g); i++) print_error(" got | %s\n", gn_diag(g, i));
    fail_msg("diagnostics differ");
  }
}

/* The rules of victory a data directory must give (ref. VB-VIC). */
static const char VICTORY_DATA[] =
  "values:\n"
  "  - {key: victory.break, value: 0.25, provenance: default, ref: VB-VIC}\n"
  "  - {key: victory.losses, value: 10, provenance: default, ref: VB-VIC}\n"
  "  - {key: victory.marginal, value: 2, provenance: default, ref: VB-VIC}\n"
  "  - {key: victory.decisive, value: 5, provenance: default, ref: VB-VIC}\n";

static void data_dir_good(void **state) {
  tmpdir *t = *state;
  gn_game *g;
  clear_dir(t);
  spit(t->vb, "b.yaml",
       "ruleset: vb\ntitle: B\nvalues:\n"
       "  - {key: b.one, value: 2, provenance: default, ref: VB-B5, note: \"why\"}\n"
       "  - {key: a.list, value: [5, 6], provenance: seed, ref: VB-21, source: S31}\n");
  spit(t->vb, "a.yaml",   /* ruleset and title may be left out */
       "values:\n  - {key: c.half, value: 0.5, provenance: published, ref: VB-1}\n");
  spit(t->vb, "rules.yaml", "this is the rules index, not data: [\n");
  spit(t->vb, "notes.txt", "not yaml at all: [\n");
  assert_int_equal(load_with_data(t, &g), GN_EDATA);   /* no rules of victory */
  assert_string_equal(gn_errmsg(g), "ruleset 'vb': the data has no number victory.break (the rules of victory)");
  gn_game_free(g);
  spit(t->vb, "victory.yaml", VICTORY_DATA);
  assert_int_equal(load_with_data(t, &g), 0);
  assert_int_equal(gn_diag_count(g), 0);
  gn_victory_rules vr;
  assert_int_equal(gn_victory_rules_get(g, &vr), 0);
  assert_true(vr.brk == 0.25);                          /* the directory's, not the built-in */
  gn_game_free(g);
}

static void data_dir_bad(void **state) {
  tmpdir *t = *state;
  gn_game *g;
  char want[8][512];
  const char *w[8];
  clear_dir(t);
  spit(t->vb, "a.yaml",
       "ruleset: vb\nvalues:\n"
       "  - {key: fire.x, value: 2, provenance: default, ref: VB-B5}\n"
       "  - {key: fire.y, value: two, provenance: guess, ref: VB-B5}\n"
       "  - {key: fire.z, value: [1, [2]], provenance: seed}\n");
  spit(t->vb, "b.yaml",
       "ruleset: ba\ntitel: B\nvalues:\n"
       "  - {key: fire.x, value: 3, provenance: default, ref: \"VB-B5, VB-B6\"}\n");
  spit(t->vb, "c.yaml", "values: [\n");
  assert_int_equal(load_with_data(t, &g), GN_EDATA);
  /* every problem of every file, file by file; b.yaml's fire.x has a bad ref,
  ** so it is not kept and is no duplicate of a.yaml's */
  snprintf(want[0], 512, "%s/vb/a.yaml:4:26: expected a number for 'value', got 'two'", t->root);
  snprintf(want[1], 512, "%s/vb/a.yaml:4:43: 'provenance' must be seed, published or default, "
           "got 'guess'", t->root);
  snprintf(want[2], 512, "%s/vb/a.yaml:5:5: missing required key 'ref' in value entry", t->root);
  snprintf(want[3], 512, "%s/vb/a.yaml:5:30: expected a number for 'value', got a list", t->root);
  snprintf(want[4], 512, "%s/vb/b.yaml:1:10: 'ruleset' is 'ba' but the file holds data of "
           "ruleset 'vb'", t->root);
  snprintf(want[5], 512, "%s/vb/b.yaml:2:1: unknown key 'titel' in the data file (did you "
           "mean 'title'?)", t->root);
  snprintf(want[6], 512, "%s/vb/b.yaml:4:55: 'ref' must be one rule id such as VB-21, got "
           "'VB-B5, VB-B6'", t->root);
  snprintf(want[7], 512, "%s/vb/c.yaml:2:1: did not find expected node content (while parsing "
           "a flow node)", t->root);
  for (int i = 0; i < 8; i++) w[i] = want[i];
  expect_diags(g, w, 8);
  assert_int_equal(gn_unit_count(g), 0);
  gn_game_free(g);

  /* keys are unique across files */
  clear_dir(t);
  spit(t->vb, "a.yaml", "values:\n  - {key: k, value: 1, provenance: seed, ref: VB-1}\n");
  spit(t->vb, "b.yaml", "values:\n  - {key: j, value: 1, provenance: seed, ref: VB-1}\n"
                        "  - {key: k, value: 2, provenance: seed, ref: VB-1}\n");
  assert_int_equal(load_with_data(t, &g), GN_EDATA);
  snprintf(want[0], 512, "%s/vb/b.yaml:3:11: duplicate key 'k' (first at %s/vb/a.yaml:2)",
           t->root, t->root);
  expect_diags(g, w, 1);
  gn_game_free(g);

  /* a value without provenance is refused: every number says where it comes from */
  clear_dir(t);
  spit(t->vb, "a.yaml", "values:\n  - {key: k, value: 1, ref: VB-1}\n");
  assert_int_equal(load_with_data(t, &g), GN_EDATA);
  snprintf(want[0], 512, "%s/vb/a.yaml:2:5: missing required key 'provenance' in value entry", t->root);
  expect_diags(g, w, 1);
  gn_game_free(g);
}

static void data_dir_missing(void **state) {
  tmpdir *t = *state;
  gn_game *g = gn_game_new(NULL);
  char dir[128], want[256];
  const char *w[1] = {want};
  snprintf(dir, sizeof dir, "%s/nothing-here", t->root);
  assert_int_equal(gn_game_set_data_dir(g, dir), 0);
  assert_int_equal(gn_game_load(g, "good.yaml", GOOD, sizeof GOOD - 1), GN_EIO);
  snprintf(want, sizeof want, "%s/vb: cannot read the data directory of ruleset 'vb': %s", dir,
           strerror(ENOENT));
  expect_diags(g, w, 1);
  gn_game_free(g);
}

/* ------------------------------------------------------------- memory */

/* An allocator that keeps each block's size in a header, checks that every
** free and realloc names that size, counts what is live, and fails the n-th
** allocation (0: never). */
typedef struct strict { long calls, fail_at; size_t live; int bad_size; } strict;

static void *strict_realloc(void *ud, void *p, size_t osize, size_t nsize) {
  strict *s = ud;
  size_t *h = p ? (size_t *)p - 2 : NULL;
  if (h && h[0] != osize) s->bad_size = 1;
  if (nsize == 0) {
    if (h) { s->live -= h[0]; free(h); }
    return NULL;
  }
  if (++s->calls == s->fail_at) return NULL;
  size_t *q = realloc(h, nsize + 2 * sizeof(size_t));
  if (!q) return NULL;
  if (h) s->live -= q[0];
  q[0] = nsize;
  s->live += nsize;
  return q + 2;
}

/* Loads text under a strict allocator failing at call k of the load (0:
** none), with ruleset data from datadir (NULL: built in); returns the code. */
static int strict_load(const char *name, const char *text, size_t len, long k,
                       const char *datadir, strict *s) {
  gn_allocator a = {strict_realloc, s};
  memset(s, 0, sizeof *s);
  gn_game *g = gn_game_new(&a);
  if (!g) return GN_ENOMEM;
  if (datadir && gn_game_set_data_dir(g, datadir)) { gn_game_free(g); return GN_ENOMEM; }
  s->fail_at = k ? s->calls + k : 0;
  int rc = gn_game_load(g, name, text, len);
  gn_game_free(g);
  return rc;
}

/* Fails each allocation of a load in turn: GN_ENOMEM every time, until the
** load gets through with `last`; never a leak or a wrong size. */
static void fail_each(const char *name, const char *text, size_t len, const char *datadir,
                      int last) {
  strict s;
  long k;
  assert_int_equal(strict_load(name, text, len, 0, datadir, &s), last);
  assert_int_equal(s.bad_size, 0);
  assert_int_equal(s.live, 0);
  for (k = 1;; k++) {
    int rc = strict_load(name, text, len, k, datadir, &s);
    if (s.bad_size || s.live)
      fail_msg("%s, allocation %ld: bad size %d, %zu bytes leaked", name, k, s.bad_size, s.live);
    if (rc == last) break;
    if (rc != GN_ENOMEM) fail_msg("%s, allocation %ld failed: got %d, want GN_ENOMEM", name, k, rc);
  }
  assert_true(k > 10);
}

static void every_allocation_failure(void **state) {
  tmpdir *t = *state;
  size_t len;
  char *bad = slurp("tests/bad/many-errors.yaml", &len);
  /* built-in data */
  fail_each("good.yaml", GOOD, sizeof GOOD - 1, NULL, 0);
  /* data read from a directory */
  clear_dir(t);
  spit(t->vb, "a.yaml", "values:\n  - {key: k, value: [1, 2], provenance: seed, ref: VB-1}\n");
  spit(t->vb, "b.yaml", "values:\n  - {key: j, value: 1, provenance: seed, ref: VB-1}\n");
  spit(t->vb, "victory.yaml", VICTORY_DATA);
  fail_each("good.yaml", GOOD, sizeof GOOD - 1, t->root, 0);
  /* a scenario full of problems */
  assert_non_null(bad);
  fail_each("tests/bad/many-errors.yaml", bad, len, NULL, GN_ESCENARIO);
  free(bad);
}

/* The error paths of the corpus give every block back with its size too. */
static void bad_corpus_sizes(void **state) {
  (void)state;
  DIR *d = opendir("tests/bad");
  struct dirent *e;
  int n = 0;
  if (!d) fail_msg("cannot open tests/bad (run from the repository root)");
  while ((e = readdir(d))) {
    size_t l = strlen(e->d_name), len;
    char path[512], *text;
    strict s;
    if (l <= 5 || strcmp(e->d_name + l - 5, ".yaml")) continue;
    snprintf(path, sizeof path, "tests/bad/%s", e->d_name);
    text = slurp(path, &len);
    assert_non_null(text);
    assert_int_equal(strict_load(path, text, len, 0, NULL, &s), strncmp(e->d_name, "limit-", 6) ? GN_ESCENARIO : GN_ELIMIT);
    if (s.bad_size || s.live) fail_msg("%s: bad size %d, %zu bytes leaked", path, s.bad_size, s.live);
    free(text);
    n++;
  }
  closedir(d);
  assert_true(n >= 30);
}

/* A V&B scenario of n infantry brigades, half a side, on a grid. */
static char *vb_units(int n, size_t *len) {
  size_t cap = 512 + (size_t)n * 96, o = 0;
  char *t = malloc(cap);
  assert_non_null(t);
  o += (size_t)snprintf(t + o, cap - o, "grognard: 1\nname: many\nruleset: vb\ntable: {width: 1000, height: 1000}\n"
                        "date: {year: 1815, month: 6, day: 18, hour: 13}\nturns: 1\nsides: [{id: a}, {id: b}]\nunits:\n");
  for (int i = 0; i < n; i++)
    o += (size_t)snprintf(t + o, cap - o, "  - {id: u%d, side: %s, type: infantry_brigade, at: [%d, %d], strength: 1}\n",
                          i, i % 2 ? "b" : "a", 5 + (i % 150) * 6, 5 + (i / 150) * 6);
  *len = o;
  return t;
}

/* An Inradic scenario whose first unit has `figures` figures. */
static char *inradic_figures(int figures, size_t *len) {
  char *t = malloc(1024);
  assert_non_null(t);
  *len = (size_t)snprintf(t, 1024, "grognard: 1\nname: crowd\nruleset: inradic\ntable: {width: 48, height: 48}\n"
                          "date: {year: 1791, month: 5, day: 4, hour: 10}\nturns: 8\nsides: [{id: a}, {id: b}]\nunits:\n"
                          "  - {id: crowd, side: a, type: foot, at: [14, 8], strength: %d, attrs: {weapon: musket}}\n"
                          "  - {id: few, side: b, type: foot, at: [14, 34], strength: 6, attrs: {weapon: musket}}\n",
                          figures);
  return t;
}

/* The limits a scenario may pass, just below and just past each: 4 sides and
** 32 objectives (tests/bad/limit-*.yaml), a V&B game's 16382 units (its
** casualty recovery keeps a unit's index in 14 bits), an Inradic unit's 640
** figures (64 morale dice a roll), a V&B town block's 8 faces (the dice fired
** out of each kept 3 bits a face). Past one, the load (or the start, for the
** limits a ruleset counts) fails with GN_ELIMIT and a located message naming
** the limit. */
static void limits_just_past(void **state) {
  (void)state;
  size_t len;
  char *t = vb_units(16382, &len);
  gn_game *g = gn_game_new(NULL);
  assert_int_equal(gn_game_load(g, "many.yaml", t, len), GN_OK);
  assert_int_equal(gn_unit_count(g), 16382);
  gn_game_free(g);
  free(t);
  t = vb_units(16383, &len);
  g = gn_game_new(NULL);
  assert_int_equal(gn_game_load(g, "many.yaml", t, len), GN_ELIMIT);
  assert_int_equal(gn_diag_count(g), 1);
  assert_string_equal(gn_diag(g, 0), "many.yaml:16391:5: unit 16383 of 16383: past the limit of 16382 units "
                                     "a game of ruleset 'vb' holds");
  assert_int_equal(gn_unit_count(g), 0);
  gn_game_free(g);
  free(t);

  t = inradic_figures(640, &len);
  g = gn_game_new(NULL);
  assert_int_equal(gn_game_load(g, "crowd.yaml", t, len), GN_OK);
  assert_int_equal(gn_game_start(g, 1), GN_OK);
  gn_game_free(g);
  free(t);
  t = inradic_figures(641, &len);
  g = gn_game_new(NULL);
  assert_int_equal(gn_game_load(g, "crowd.yaml", t, len), GN_OK);
  assert_int_equal(gn_game_start(g, 1), GN_ELIMIT);
  assert_string_equal(gn_errmsg(g), "crowd.yaml:9:5: unit 'crowd': 641 figures would throw 64d10+1 for morale, "
                                    "past the limit of 64 dice a roll holds (640 figures)");
  gn_game_free(g);
  free(t);

  for (int corners = 8; corners <= 9; corners++) {   /* a V&B town block's faces */
    char town[2048];
    int o = snprintf(town, sizeof town, "grognard: 1\nname: town\nruleset: vb\ntable: {width: 60, height: 60}\n"
                     "date: {year: 1815, month: 6, day: 18, hour: 13}\nturns: 1\nsides: [{id: a}, {id: b}]\nunits:\n"
                     "  - {id: u, side: a, type: infantry_brigade, at: [10, 10], strength: 4}\n"
                     "  - {id: v, side: b, type: infantry_brigade, at: [50, 50], strength: 4}\n"
                     "terrain:\n  - {id: burg, kind: town, area: [");
    for (int k = 0; k < corners; k++)
      o += snprintf(town + o, sizeof town - (size_t)o, "%s[%.3f, %.3f]", k ? ", " : "",
                    30 + 5 * cos(2 * 3.14159265358979 * k / corners), 30 + 5 * sin(2 * 3.14159265358979 * k / corners));
    o += snprintf(town + o, sizeof town - (size_t)o, "]}\n");
    g = gn_game_new(NULL);
    assert_int_equal(gn_game_load(g, "town.yaml", town, (size_t)o), GN_OK);
    if (corners == 8) {
      assert_int_equal(gn_game_start(g, 1), GN_OK);
    } else {
      assert_int_equal(gn_game_start(g, 1), GN_ELIMIT);
      assert_string_equal(gn_errmsg(g), "town.yaml:12:5: town block 'burg' has 9 faces, past the limit of 8 faces "
                                        "a town block holds (ref. VB-32)");
    }
    gn_game_free(g);
  }
}

/* Loads text as a scenario; the return code, the first diagnostic in msg. */
static int load_text(const char *name, const char *text, size_t len, char *msg, size_t n) {
  gn_game *g = gn_game_new(NULL);
  assert_non_null(g);
  int rc = gn_game_load(g, name, text, len);
  snprintf(msg, n, "%s", gn_diag_count(g) ? gn_diag(g, 0) : "");
  gn_game_free(g);
  return rc;
}

/* Nesting past the limit (64 levels of mappings and lists) is refused where
** it passes the limit, before any tree is built: a million levels cost no
** more than sixty-five. 64 levels are read (and fail only as a scenario). */
static void deep_nesting(void **state) {
  (void)state;
  char msg[512];
  size_t n = 100000, len = 2 * n + 1;
  char *text = malloc(len + 2000000);
  assert_non_null(text);
  memset(text, '[', n);                                   /* [[[ ... ]]] */
  memset(text + n, ']', n);
  text[2 * n] = '\n';
  clock_t t0 = clock();
  assert_int_equal(load_text("flow.yaml", text, len, msg, sizeof msg), GN_ELIMIT);
  assert_string_equal(msg, "flow.yaml:1:65: nested deeper than 64 levels of mappings and lists, "
                           "the limit for a grognard file");
  len = 0;                                                /* - - - ... x: a million levels */
  for (int i = 0; i < 1000000; i++) { text[len++] = '-'; text[len++] = ' '; }
  memcpy(text + len, "x\n", 2);
  len += 2;
  assert_int_equal(load_text("block.yaml", text, len, msg, sizeof msg), GN_ELIMIT);
  assert_string_equal(msg, "block.yaml:1:129: nested deeper than 64 levels of mappings and lists, "
                           "the limit for a grognard file");
  assert_true((double)(clock() - t0) / CLOCKS_PER_SEC < 5.0);
  len = 0;                                                /* a: {a: ... }: 64 levels */
  for (int i = 0; i < 64; i++) len += (size_t)sprintf(text + len, "{a: ");
  len += (size_t)sprintf(text + len, "1");
  for (int i = 0; i < 64; i++) text[len++] = '}';
  text[len++] = '\n';
  assert_int_equal(load_text("deep.yaml", text, len, msg, sizeof msg), GN_ESCENARIO);
  assert_null(strstr(msg, "nested"));
  assert_non_null(strstr(msg, "deep.yaml:1:1: "));
  free(text);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(deep_nesting),
    cmocka_unit_test(good_header),
    cmocka_unit_test(schema_rows_complete),
    cmocka_unit_test(good_formations),
    cmocka_unit_test(good_units),
    cmocka_unit_test(good_facing),
    cmocka_unit_test(good_attributes),
    cmocka_unit_test(blank_table),
    cmocka_unit_test(doc_example_loads),
    cmocka_unit_test(bad_corpus),
    cmocka_unit_test(warn_corpus),
    cmocka_unit_test(bad_corpus_sizes),
    cmocka_unit_test(limits_just_past),
    cmocka_unit_test(data_dir_good),
    cmocka_unit_test(data_dir_bad),
    cmocka_unit_test(data_dir_missing),
    cmocka_unit_test(every_allocation_failure),
  };
  return cmocka_run_group_tests(tests, data_setup, data_teardown);
}
