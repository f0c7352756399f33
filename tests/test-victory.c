/*
** test-victory.c: the rules of victory a scenario writes (docs/scenario.md,
** victory) and the verdict gn_game_verdict gives: each level reached in a
** scripted game of scenarios/vb-teach-victory.yaml, the project's defaults
** scoring a held key point with close losses as a draw, and the scenario's
** errors. Run from the repository root.
*/
#include <stdlib.h>
#include "vb-helpers.h"

static gn_game *load_file(const char *path) {
  gn_game *g = gn_game_new(NULL);
  assert_non_null(g);
  if (gn_game_load_file(g, path)) {
    for (int i = 0; i < gn_diag_count(g); i++) print_message("%s\n", gn_diag(g, i));
    fail_msg("%s: %s", path, gn_errmsg(g));
  }
  assert_int_equal(gn_game_start(g, 1), GN_OK);
  return g;
}

static int load_text(gn_game *g, const char *text) {
  return gn_game_load(g, "v.yaml", text, strlen(text));
}

/* The verdict on the game as it stands (holders: the game's). */
static void verdict(gn_game *g, gn_battle_result *r) {
  memset(r, 0, sizeof *r);
  gn_battle_assess(g, NULL, r);
}

/* The teaching scenario's rules, per-side points, then a draw, a marginal and
** a decisive French victory, order by order with scripted dice. */
static void levels_in_a_scripted_game(void **state) {
  (void)state;
  gn_game *g = load_file("scenarios/vb-teach-victory.yaml");
  gn_victory_rules vr;
  assert_int_equal(gn_victory_rules_get(g, &vr), 0);
  assert_int_equal(vr.given, 1);
  assert_true(vr.brk == 0.75 && vr.losses == 10 && vr.marginal == 1.5 && vr.decisive == 4);
  gn_objective_info o;
  assert_int_equal(gn_objective_get(g, 1, &o), 0);
  assert_int_equal(o.side_points[0], 3);
  assert_int_equal(o.side_points[1], 2);
  assert_int_equal(o.points, 3);
  gn_battle_result r;
  /* a draw: two points each, nothing lost */
  ok(g, "end");
  ok(g, "move F2 to 26,17");
  script(g, 1, 5);
  ends(g, 3);
  verdict(g, &r);
  assert_int_equal(r.winner, -1);
  assert_int_equal(r.level, GN_LEVEL_DRAW);
  assert_int_equal(r.side[0].points, 2);
  assert_int_equal(r.side[1].points, 2);
  assert_string_equal(r.why, "draw: victory points French 2.0, Prussians 2.0, a margin under 1.5 "
                      "(losses French 0%, Prussians 0%)");
  /* marginal: 2 of the 11 Prussian SP lost, 1.8 victory points */
  script(g, 2, 5, 6);
  ok(g, "fire F2 at P1");
  assert_int_equal(strength_points(g, "P1", 1), 3);
  verdict(g, &r);
  assert_int_equal(r.winner, 0);
  assert_int_equal(r.level, GN_LEVEL_MARGINAL);
  assert_int_equal(r.decisive, 0);
  assert_int_equal(r.side[1].good, 9);
  assert_true(r.side[0].vp > 3.81 && r.side[0].vp < 3.82);
  assert_string_equal(r.why, "marginal: French 3.8 victory points to 2.0 (Ridge crest: 2 objective points; "
                      "losses French 0%, Prussians 18%)");
  /* decisive: PS1 gone, 8 of 11 in good order, under three quarters */
  script(g, 3, 6, 1, 1);
  ok(g, "fire FA at PS1");
  verdict(g, &r);
  assert_int_equal(r.winner, 0);
  assert_int_equal(r.level, GN_LEVEL_DECISIVE);
  assert_int_equal(r.decisive, 1);
  assert_int_equal(r.side[1].good, 8);
  assert_string_equal(r.why, "decisive: French broke Prussians's army: 8 of its 11 are left in good order "
                      "(under 75%)");
  assert_int_equal(gn_dice_script_left(g), 0);
  gn_game_free(g);
}

/* ref. VB-VIC, BA-VIC, IN-VIC: the defaults are each ruleset's data
** (victory.yaml, provenance default), read through the data loader: the
** same for the three; a scenario's values replace them like any datum, and a
** victory block's keys win over both. */
static void defaults_are_data(void **state) {
  (void)state;
  static const char *const ids[] = {"vb", "ba", "inradic"};
  for (int k = 0; k < 3; k++) {
    gn_victory_rules vr;
    assert_int_equal(gn_victory_rules_default(ids[k], &vr), 0);
    assert_int_equal(vr.given, 0);
    assert_true(fabs(vr.brk - 1.0 / 3.0) < 1e-9 && vr.losses == 10 && vr.marginal == 2 && vr.decisive == 5);
  }
  gn_victory_rules vr;
  assert_int_equal(gn_victory_rules_default("nope", &vr), GN_ERULESET);
  assert_int_equal(gn_victory_rules_default(NULL, &vr), GN_EINVAL);
  gn_game *g = gn_game_new(NULL);
  assert_int_equal(gn_game_use_ruleset(g, "vb"), 0);
  gn_datum_info d;
  int found = 0;
  for (int i = 0; gn_data_get(g, i, &d) == 0; i++)
    if (!strcmp(d.key, "victory.marginal")) {
      found = 1;
      assert_string_equal(d.provenance, "default");
      assert_string_equal(d.ref, "VB-VIC");
      assert_true(d.n == 1 && d.v[0] == 2);
    }
  assert_true(found);
  gn_game_free(g);
  static const char text[] =
    "grognard: 1\nname: data\nruleset: vb\ntable: {width: 48, height: 36}\n"
    "date: {year: 1815, month: 6, day: 18, hour: 14}\nturns: 4\n"
    "sides:\n  - {id: a, name: A}\n  - {id: f, name: F}\n"
    "units:\n"
    "  - {id: a1, side: a, type: infantry_brigade, at: [10, 10], strength: 4, attrs: {morale: 4}}\n"
    "  - {id: f1, side: f, type: infantry_brigade, at: [10, 30], strength: 4, attrs: {morale: 4}}\n"
    "values: {victory.marginal: 4, victory.decisive: 6}\n"
    "victory: {decisive: 7}\n";
  g = gn_game_new(NULL);
  assert_int_equal(load_text(g, text), 0);
  assert_int_equal(gn_victory_rules_get(g, &vr), 0);
  assert_int_equal(vr.given, 1);
  assert_true(vr.marginal == 4 && vr.decisive == 7 && vr.losses == 10);
  gn_game_free(g);
  static const char low[] =
    "grognard: 1\nname: data\nruleset: vb\ntable: {width: 48, height: 36}\n"
    "date: {year: 1815, month: 6, day: 18, hour: 14}\nturns: 4\n"
    "sides:\n  - {id: a, name: A}\n  - {id: f, name: F}\n"
    "units:\n"
    "  - {id: a1, side: a, type: infantry_brigade, at: [10, 10], strength: 4, attrs: {morale: 4}}\n"
    "  - {id: f1, side: f, type: infantry_brigade, at: [10, 30], strength: 4, attrs: {morale: 4}}\n"
    "victory: {decisive: 1}\n";
  g = gn_game_new(NULL);
  assert_int_equal(load_text(g, low), GN_ESCENARIO);
  assert_non_null(strstr(gn_errmsg(g), "'decisive' (1) must be at least 'marginal' (2, the ruleset's default)"));
  gn_game_free(g);
}

/* Without a victory block: the project's defaults. A side keeping the key
** point (2 points) with losses of 20% against 15% has a margin of 1.5 victory
** points, under the default 2: a draw; taking a second objective as well is
** a marginal victory; a margin of 5 decisive. */
static void defaults_can_score_a_draw(void **state) {
  (void)state;
  gn_game *g = gn_game_new(NULL);
  static const char text[] =
    "grognard: 1\nname: defaults\nruleset: vb\ntable: {width: 48, height: 36}\n"
    "date: {year: 1815, month: 6, day: 18, hour: 14}\nturns: 4\n"
    "sides:\n  - {id: a, name: Anglo-allied}\n  - {id: f, name: French}\n"
    "units:\n"
    "  - {id: a1, side: a, type: infantry_brigade, at: [10, 10], strength: 20, attrs: {morale: 4}}\n"
    "  - {id: f1, side: f, type: infantry_brigade, at: [10, 30], strength: 20, attrs: {morale: 4}}\n"
    "objectives:\n"
    "  - {id: farm, at: [10, 12], radius: 3, points: 2, owner: a}\n"
    "  - {id: wood, at: [30, 12], radius: 3, points: 2}\n"
    "  - {id: mill, at: [30, 30], radius: 3, points: 3}\n";
  assert_int_equal(load_text(g, text), 0);
  gn_victory_rules vr;
  assert_int_equal(gn_victory_rules_get(g, &vr), 0);
  assert_int_equal(vr.given, 0);
  assert_true(fabs(vr.brk - 1.0 / 3.0) < 1e-9 && vr.losses == 10 && vr.marginal == 2 && vr.decisive == 5);
  gn_battle_result r;
  memset(&r, 0, sizeof r);
  r.nsides = 2;
  r.nobjectives = 3;
  r.side[0].strength0 = 20; r.side[0].strength = 16; r.side[0].good = 16;   /* 20% lost */
  r.side[1].strength0 = 20; r.side[1].strength = 17; r.side[1].good = 17;   /* 15% lost */
  r.owner[0] = 0; r.owner[1] = -1; r.owner[2] = -1;
  assert_int_equal(gn_game_verdict(g, &r), 0);
  assert_int_equal(r.winner, -1);
  assert_int_equal(r.level, GN_LEVEL_DRAW);
  assert_true(r.side[0].vp == 3.5 && r.side[1].vp == 2.0);
  r.owner[1] = 0;                                    /* margin 3.5: marginal */
  assert_int_equal(gn_game_verdict(g, &r), 0);
  assert_int_equal(r.winner, 0);
  assert_int_equal(r.level, GN_LEVEL_MARGINAL);
  r.owner[2] = 0;                                    /* margin 6.5: decisive */
  assert_int_equal(gn_game_verdict(g, &r), 0);
  assert_int_equal(r.level, GN_LEVEL_DECISIVE);
  r.side[1].good = 6;                                /* under a third in good order: broken */
  r.owner[1] = r.owner[2] = -1;
  assert_int_equal(gn_game_verdict(g, &r), 0);
  assert_int_equal(r.winner, 0);
  assert_int_equal(r.level, GN_LEVEL_DECISIVE);
  r.side[0].good = 6;                                /* both broke: scored on points */
  assert_int_equal(gn_game_verdict(g, &r), 0);
  assert_int_equal(r.level, GN_LEVEL_DRAW);
  assert_non_null(strstr(r.why, "every army broke"));
  assert_int_equal(gn_game_verdict(g, NULL), GN_EINVAL);
  gn_game_free(g);
  gn_game *e = gn_game_new(NULL);
  assert_int_equal(gn_game_verdict(e, &r), GN_ESTATE);
  assert_int_equal(gn_victory_rules_get(e, &vr), GN_ESTATE);
  gn_game_free(e);
}

/* Objectives with times, in a battle of passive commanders (nobody moves):
** the holders are read at each turn's end. x (`from: 0`, the A's at the
** start) is the B's from turn 1: held too late, it scores for nobody; y
** (`from: 1`) is the B's from turn 1 and scores; z (`by: 1`, the B's at the
** start) is the A's at the end of turn 1 and scores for them. */
static void timed_objectives(void **state) {
  (void)state;
  static const char text[] =
    "grognard: 1\nname: times\nruleset: vb\ntable: {width: 48, height: 36}\n"
    "date: {year: 1815, month: 6, day: 18, hour: 14}\nturns: 3\n"
    "sides:\n  - {id: a, name: A, ai: passive}\n  - {id: b, name: B, ai: passive}\n"
    "units:\n"
    "  - {id: a1, side: a, type: infantry_brigade, at: [10, 10], strength: 4, attrs: {morale: 4}}\n"
    "  - {id: b1, side: b, type: infantry_brigade, at: [30, 30], strength: 4, attrs: {morale: 4}}\n"
    "  - {id: b2, side: b, type: infantry_brigade, at: [40, 30], strength: 4, attrs: {morale: 4}}\n"
    "objectives:\n"
    "  - {id: x, at: [30, 30], radius: 3, points: 2, owner: a, from: 0}\n"
    "  - {id: y, at: [40, 30], radius: 3, points: 3, from: 1}\n"
    "  - {id: z, at: [10, 10], radius: 3, points: 4, owner: b, by: 1}\n";
  gn_game *g = gn_game_new(NULL);
  assert_int_equal(load_text(g, text), 0);
  assert_int_equal(gn_game_start(g, 5), 0);
  gn_objective_info o;
  assert_int_equal(gn_objective_get(g, 0, &o), 0);
  assert_int_equal(o.from, 0);
  assert_int_equal(o.by, 0);
  assert_int_equal(gn_objective_get(g, 2, &o), 0);
  assert_int_equal(o.from, -1);
  assert_int_equal(o.by, 1);
  gn_battle_result r;
  assert_int_equal(gn_battle_run(g, NULL, &r), 0);
  assert_int_equal(r.turns, 3);
  assert_int_equal(r.owner[0], 1);
  assert_int_equal(r.since[0], 1);
  assert_int_equal(r.owner[1], 1);
  assert_int_equal(r.since[1], 1);
  assert_int_equal(r.owner[2], 0);
  assert_int_equal(r.owner_by[2], 0);
  assert_int_equal(r.side[0].points, 4);
  assert_int_equal(r.side[1].points, 3);
  assert_int_equal(r.level, GN_LEVEL_DRAW);
  /* ref. VB-VIC: the holders are the game's, moved by the rules code at the
  ** turn's end and told to every side; the battle's verdict reads them */
  assert_int_equal(gn_objective_get(g, 0, &o), 0);
  assert_int_equal(o.owner, 1);
  assert_int_equal(o.since, 1);
  assert_int_equal(gn_objective_get(g, 2, &o), 0);
  assert_int_equal(o.owner_by, 0);
  int told = -1, n = 0;
  for (int i = 0; i < gn_event_count(g); i++) {
    const gn_event *e = gn_event_get(g, i);
    if (strcmp(e->kind, "objective")) continue;
    n++;
    if (strstr(e->text, " x ")) told = i;
  }
  assert_int_equal(n, 3);                        /* x, y and z change hands once each */
  assert_true(told >= 0);
  assert_string_equal(gn_event_get(g, told)->ref, "VB-VIC");
  assert_string_equal(gn_event_get(g, told)->text, "B takes x from A at the end of turn 1");
  assert_int_equal(gn_event_visible(g, told, 0), 1);
  assert_int_equal(gn_event_visible(g, told, 1), 1);
  gn_battle_result_free(&r);
  gn_game_free(g);
}

/* A victory block or per-side points the loader cannot use: exact errors. */
static void bad_victory(void **state) {
  (void)state;
  static const char head[] =
    "grognard: 1\nname: bad\nruleset: vb\ntable: {width: 48, height: 36}\n"
    "date: {year: 1815, month: 6, day: 18, hour: 14}\nturns: 4\n"
    "sides:\n  - {id: a, name: A}\n  - {id: f, name: F}\n"
    "units:\n"
    "  - {id: a1, side: a, type: infantry_brigade, at: [10, 10], strength: 4, attrs: {morale: 4}}\n"
    "  - {id: f1, side: f, type: infantry_brigade, at: [10, 30], strength: 4, attrs: {morale: 4}}\n";
  static const struct { const char *tail, *want; } cases[] = {
    {"victory: {break: 1.5}\n", "'break' must be a fraction from 0 to 1, got 1.5"},
    {"victory: {marginal: 3, decisive: 2}\n", "'decisive' (2) must be at least 'marginal' (3)"},
    {"victory: {losses: -1}\n", "'losses' must be from 0 to 10000 victory points, got -1"},
    {"victory: {draw: 1}\n", "draw"},
    {"objectives:\n  - {id: o, at: [5, 5], radius: 2, points: {a: 2, x: 1}}\n", "unknown side 'x'"},
    {"objectives:\n  - {id: o, at: [5, 5], radius: 2, by: 5}\n", "'by' turn 5 is past the scenario's 4 turns"},
    {"objectives:\n  - {id: o, at: [5, 5], radius: 2, from: 1, by: 2}\n", "not both"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    char text[1024];
    snprintf(text, sizeof text, "%s%s", head, cases[i].tail);
    gn_game *g = gn_game_new(NULL);
    assert_int_equal(load_text(g, text), GN_ESCENARIO);
    int found = 0;
    for (int k = 0; k < gn_diag_count(g); k++) found |= strstr(gn_diag(g, k), cases[i].want) != NULL;
    if (!found) fail_msg("case %zu: no '%s' in %s", i, cases[i].want, gn_diag_count(g) ? gn_diag(g, 0) : "");
    gn_game_free(g);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(levels_in_a_scripted_game),
    cmocka_unit_test(defaults_can_score_a_draw),
    cmocka_unit_test(defaults_are_data),
    cmocka_unit_test(timed_objectives),
    cmocka_unit_test(bad_victory),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
