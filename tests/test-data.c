/*
** test-data.c: every number of the ruleset data is visible with its origin
** (design decision 5): each value of the yaml files of data/rulesets/<id> has a
** provenance (seed, published or default), belongs to a rule id of its
** ruleset's index, and a default says why (its note). A scenario's `values:`
** replaces a value for one game and is labelled "scenario".
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "grognard.h"

/* 1 when id is a rule id of ruleset rs in the rules index. */
static int known_rule(const char *rs, const char *id) {
  gn_rule_info ri;
  for (int i = 0; gn_rule_get(i, &ri) == 0; i++)
    if (!strcmp(ri.ruleset, rs) && !strcmp(ri.id, id)) return 1;
  return 0;
}

/* Every built-in value of every ruleset: provenance, rule id, and a note for a default. */
static void every_value_has_provenance(void **state) {
  (void)state;
  for (int r = 0; r < gn_ruleset_count(); r++) {
    const char *rs = gn_ruleset_id(r);
    gn_game *g = gn_game_new(NULL);
    assert_non_null(g);
    assert_int_equal(gn_game_use_ruleset(g, rs), 0);
    int n = gn_data_count(g), bad = 0;
    assert_true(n > 0);
    for (int i = 0; i < n; i++) {
      gn_datum_info d;
      assert_int_equal(gn_data_get(g, i, &d), 0);
      int prov = d.provenance && (!strcmp(d.provenance, "seed") || !strcmp(d.provenance, "published") ||
                                  !strcmp(d.provenance, "default"));
      if (!prov) { print_error("%s: %s has provenance '%s'\n", rs, d.key, d.provenance); bad++; }
      if (!d.ref || !known_rule(rs, d.ref)) { print_error("%s: %s has rule id '%s', not in the index\n", rs, d.key, d.ref); bad++; }
      if (prov && !strcmp(d.provenance, "default") && (!d.note || !*d.note)) {
        print_error("%s:%d: default %s says not why (no note)\n", d.file, d.line, d.key);
        bad++;
      }
      if (i > 0) {
        gn_datum_info p;
        gn_data_get(g, i - 1, &p);
        assert_true(strcmp(p.key, d.key) < 0);     /* in key order, each once */
      }
    }
    assert_int_equal(bad, 0);
    assert_int_equal(gn_data_get(g, n, &(gn_datum_info){0}), GN_ENOTFOUND);
    gn_game_free(g);
  }
}

/* A scenario's values: replace the data's for that game, keep the rule id and
** say "scenario"; the data of another game stays as it was. */
static void scenario_values(void **state) {
  (void)state;
  static const char text[] =
    "grognard: 1\nname: t\nruleset: inradic\ntable: {width: 100, height: 100}\n"
    "date: {year: 1791, month: 5, day: 4, hour: 10}\nturns: 10\n"
    "sides:\n  - {id: red, name: Red}\n  - {id: blue, name: Blue}\n"
    "units:\n  - {id: r1, side: red, type: foot, at: [50, 40], strength: 5}\n"
    "  - {id: b1, side: blue, type: foot, at: [50, 60], strength: 5}\n"
    "values:\n  morale.uphill: -2\n  heroes.face: [1, 2, 3, 4, 5, 5]\n";
  gn_game *g = gn_game_new(NULL);
  assert_int_equal(gn_game_load(g, "t.yaml", text, sizeof text - 1), 0);
  double v = 0;
  assert_int_equal(gn_data_number(g, "morale.uphill", &v), 0);
  assert_true(v == -2);
  int found = 0;
  for (int i = 0; i < gn_data_count(g); i++) {
    gn_datum_info d;
    gn_data_get(g, i, &d);
    if (!strcmp(d.key, "heroes.face")) {
      found = 1;
      assert_string_equal(d.provenance, "scenario");
      assert_string_equal(d.ref, "IN-H2");
      assert_int_equal(d.n, 6);
      assert_true(d.v[5] == 5);
      assert_string_equal(d.file, "t.yaml");
      assert_string_equal(d.note, "the scenario's value, in place of the ruleset's 1, 2, 3, 4, 5, 6 (seed)");
    }
    if (!strcmp(d.key, "morale.rear")) assert_string_equal(d.provenance, "seed");
  }
  assert_true(found);
  /* the game records the values it plays with: in its log from the start */
  assert_int_equal(gn_game_start(g, 1), 0);
  int logged = 0;
  for (int i = 0; i < gn_event_count(g); i++) {
    const gn_event *e = gn_event_get(g, i);
    if (strcmp(e->kind, "values")) continue;
    logged++;
    if (strstr(e->text, "heroes.face")) {
      assert_string_equal(e->ref, "IN-H2");
      assert_non_null(strstr(e->text, "this game plays heroes.face = 1, 2, 3, 4, 5, 5: the scenario's value"));
    }
  }
  assert_int_equal(logged, 2);
  gn_game_free(g);
  g = gn_game_new(NULL);
  assert_int_equal(gn_game_use_ruleset(g, "inradic"), 0);
  assert_int_equal(gn_data_number(g, "morale.uphill", &v), 0);
  assert_true(v == -1);
  gn_game_free(g);
}

/* A game of ruleset rs whose scenario sets values (a "values:" block). */
static gn_game *with_values(const char *rs, const char *type, const char *values, int *rc) {
  char text[1024];
  snprintf(text, sizeof text,
           "grognard: 1\nname: t\nruleset: %s\ntable: {width: 200, height: 200}\n"
           "date: {year: 1815, month: 6, day: 18, hour: 13}\nturns: 4\n"
           "sides:\n  - {id: red, name: Red}\n  - {id: blue, name: Blue}\n"
           "units:\n  - {id: r1, side: red, type: %s, at: [50, 40], strength: 5}\n"
           "  - {id: b1, side: blue, type: %s, at: [50, 160], strength: 5}\n"
           "values:\n%s", rs, type, type, values);
  gn_game *g = gn_game_new(NULL);
  assert_non_null(g);
  *rc = gn_game_load(g, "t.yaml", text, strlen(text));
  if (!*rc) *rc = gn_game_start(g, 1);
  return g;
}

/* The data table refuses a value out of its range or not whole where whole
** numbers are wanted (the scenario reader refuses a list of the wrong
** count), naming the key, where it was
** written and the rule it serves; a value in range is taken. */
static void data_table_ranges(void **state) {
  (void)state;
  static const struct { const char *rs, *type, *values, *want; } bad[] = {
    {"ba", "infantry", "  t21.guard: 9\n",
     "ruleset ba: data key 't21.guard' (t.yaml:14, ref. BA-B8): 9 is not in -5..5"},
    {"ba", "infantry", "  melee.unit: 1.5\n",
     "ruleset ba: data key 'melee.unit' (t.yaml:14, ref. BA-B6): 1.5 is not a whole number"},
    {"ba", "infantry", "  t11.prisoner_percent: 101\n",
     "ruleset ba: data key 't11.prisoner_percent' (t.yaml:14, ref. BA-B13): 101 is not in 0..100"},
    {"vb", "infantry_brigade", "  fire.hit.musket: 8\n",
     "ruleset vb: data key 'fire.hit.musket' (t.yaml:14, ref. VB-B6): 8 is not in 1..7"},
    {"vb", "infantry_brigade", "  exhaustion.boxes: [1, 0]\n",
     "ruleset vb: data key 'exhaustion.boxes' (t.yaml:14, ref. VB-B12): the denominator must be "
     "positive, got 0"},
    {"vb", "infantry_brigade", "  move.woods.factor: 0.5\n",
     "ruleset vb: data key 'move.woods.factor' (t.yaml:14, ref. VB-B4): 0.5 is less than 1"},
    {"inradic", "foot", "  rout.move_factor: 0\n",
     "ruleset inradic: data key 'rout.move_factor' (t.yaml:14, ref. IN-M11): 0 is less than 1"},
    {"inradic", "foot", "  shoot.range: [0, 16, 16.5, 12, 12, 10, 14, 20, 40, 0]\n",
     "ruleset inradic: data key 'shoot.range' (t.yaml:14, ref. IN-R4): an item, 16.5 is not a whole number"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    int rc;
    gn_game *g = with_values(bad[i].rs, bad[i].type, bad[i].values, &rc);
    if (rc != GN_EDATA) fail_msg("%s: status %d, want GN_EDATA: %s", bad[i].values, rc, gn_errmsg(g));
    if (!strstr(gn_errmsg(g), bad[i].want)) fail_msg("got '%s', want '%s'", gn_errmsg(g), bad[i].want);
    gn_game_free(g);
  }
  int rc;
  gn_game *g = with_values("ba", "infantry", "  t21.guard: 5\n", &rc);
  assert_int_equal(rc, 0);
  gn_game_free(g);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(every_value_has_provenance),
    cmocka_unit_test(scenario_values),
    cmocka_unit_test(data_table_ranges),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
