/*
** test-queries.c: the header's lifetime promise for the queries that take a
** const gn_game: a returned pointer stays valid, and its text the same, until
** a call that changes the game. Each result is read, every const query of the
** header is called (on every unit, side, event, order...), and the result is
** read again: the same pointer, the same bytes, the same state hash. Texts
** returned by value (gn_game_clock, a unit view's status) are checked the
** same way. Run on a game of each ruleset, at its start and after some play.
** Public API only.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "grognard.h"

/* Every const query of grognard.h, on everything the game holds. */
static void all_queries(const gn_game *g) {
  size_t len;
  double w, h, x;
  int v;
  (void)gn_dice_mode_get(g); (void)gn_dice_script_left(g);
  (void)gn_errmsg(g); (void)gn_refusal_ref(g);
  for (int i = 0; i < gn_diag_count(g); i++) (void)gn_diag(g, i);
  (void)gn_data_number(g, "no.such.key", &x);
  (void)gn_game_seed(g); (void)gn_game_ruleset(g); (void)gn_game_scenario_name(g);
  (void)gn_game_scenario_file(g); (void)gn_game_scenario_text(g, &len);
  (void)gn_game_turn(g); (void)gn_game_turn_limit(g); (void)gn_game_phase(g);
  (void)gn_game_active_side(g); (void)gn_game_clock(g); (void)gn_game_over(g);
  (void)gn_game_unit(g); (void)gn_game_hash(g); (void)gn_game_table(g, &w, &h);
  for (int i = 0; i < gn_game_order_count(g); i++) {
    (void)gn_game_order_text(g, i);
    (void)gn_game_order_chances(g, i);
  }
  for (int i = 0; i < gn_terrain_count(g); i++) {
    gn_feature f; const char *id, *kind;
    (void)gn_terrain_get(g, i, &f, &id, &kind);
  }
  for (int s = 0; s < gn_side_count(g); s++) {
    int line, col;
    gn_ai_params p;
    char why[256];
    (void)gn_side_find(g, gn_side_id(g, s));
    (void)gn_side_name(g, s);
    (void)gn_side_commander(g, s, &line, &col);
    (void)gn_side_ai(g, s, &p);
    (void)gn_side_ai_check(g, s, why, sizeof why);
  }
  for (int f = 0; f < gn_formation_count(g); f++) {
    gn_formation_info fi;
    (void)gn_formation_get(g, f, &fi);
  }
  for (int i = 0; i < gn_objective_count(g); i++) {
    gn_objective_info oi;
    (void)gn_objective_get(g, i, &oi);
  }
  int n = gn_unit_count(g);
  for (int u = 0; u < n; u++) {
    for (int viewer = GN_UMPIRE; viewer < gn_side_count(g); viewer++) {
      gn_unit_view uv;
      if (gn_unit_view_get(g, u, viewer, &uv) == 0) {
        (void)gn_unit_find(g, uv.id);
        (void)gn_unit_attr(g, u, viewer, "strength", &v);
      }
    }
    (void)gn_unit_distance(g, u, (u + 1) % n);
    (void)gn_unit_los(g, u, (u + 1) % n);
  }
  for (int viewer = GN_UMPIRE; viewer < gn_side_count(g); viewer++) {
    gn_string_free(gn_state_json(g, viewer));
    gn_string_free(gn_state_text(g, viewer));
  }
  for (int i = 0; i < gn_order_verb_count(g); i++) (void)gn_order_help(g, gn_order_verb(g, i));
  for (int i = gn_event_first(g); i < gn_event_count(g); i++) {
    (void)gn_event_get(g, i);
    (void)gn_event_visible(g, i, 0);
    gn_string_free(gn_event_json(g, i));
    gn_string_free(gn_event_text(g, i));
  }
  (void)gn_order_odds_label(g, 0);
  gn_game *c = gn_game_clone(g);
  gn_game_free(c);
  gn_battle_result r;
  memset(&r, 0, sizeof r);
  gn_battle_assess(g, NULL, &r);
  gn_battle_result_free(&r);
  gn_ai *ai = gn_ai_new(g, 0, NULL);
  gn_ai_free(ai);
}

/* One result under test: where it is and a copy of its bytes. */
typedef struct held { const char *what; const char *p; char copy[GN_TEXT_MAX]; } held;

static int hold(held *hs, int n, const char *what, const char *p) {
  if (!p) return n;
  hs[n].what = what;
  hs[n].p = p;
  snprintf(hs[n].copy, sizeof hs[n].copy, "%s", p);
  return n + 1;
}

/*
** Reads every result, calls every query, reads them again.
**   1) the texts returned by value: the clock, each unit's status for each viewer
**   2) the pointers: names, phase, orders, verbs, events' texts, errors
**   3) all the queries; then each pointer is the same and so is its text,
**      and the state hash is unchanged
*/
static void promise_holds(const gn_game *g) {
  enum { MAXHELD = 4096 };
  held *hs = calloc(MAXHELD, sizeof *hs);
  assert_non_null(hs);
  int n = 0, nu = gn_unit_count(g), ns = gn_side_count(g);
  uint64_t hash = gn_game_hash(g);
  gn_text clock = gn_game_clock(g);                                         /* 1 */
  gn_unit_view *views = calloc((size_t)nu * (size_t)(ns + 1) + 1, sizeof *views);
  assert_non_null(views);
  for (int u = 0; u < nu; u++)
    for (int viewer = GN_UMPIRE; viewer < ns; viewer++)
      (void)gn_unit_view_get(g, u, viewer, &views[u * (ns + 1) + viewer + 1]);
  n = hold(hs, n, "scenario name", gn_game_scenario_name(g));               /* 2 */
  n = hold(hs, n, "phase", gn_game_phase(g));
  n = hold(hs, n, "error message", gn_errmsg(g));
  n = hold(hs, n, "table unit", gn_game_unit(g));
  for (int s = 0; s < ns; s++) {
    n = hold(hs, n, "side id", gn_side_id(g, s));
    n = hold(hs, n, "side name", gn_side_name(g, s));
  }
  for (int i = 0; i < gn_game_order_count(g) && n < MAXHELD - 8; i++)
    n = hold(hs, n, "order text", gn_game_order_text(g, i));
  for (int i = 0; i < gn_order_verb_count(g) && n < MAXHELD - 8; i++) {
    n = hold(hs, n, "verb", gn_order_verb(g, i));
    n = hold(hs, n, "verb help", gn_order_help(g, gn_order_verb(g, i)));
  }
  for (int i = gn_event_first(g); i < gn_event_count(g) && n < MAXHELD - 8; i++) {
    const gn_event *e = gn_event_get(g, i);
    n = hold(hs, n, "event text", e->text);
    n = hold(hs, n, "event kind", e->kind);
  }
  all_queries(g);                                                          /* 3 */
  all_queries(g);
  assert_string_equal(gn_game_clock(g).text, clock.text);
  for (int u = 0; u < nu; u++)
    for (int viewer = GN_UMPIRE; viewer < ns; viewer++) {
      gn_unit_view again;
      const gn_unit_view *before = &views[u * (ns + 1) + viewer + 1];
      (void)gn_unit_view_get(g, u, viewer, &again);
      assert_string_equal(before->status, again.status);
    }
  for (int i = 0; i < n; i++) {
    if (strncmp(hs[i].p, hs[i].copy, sizeof hs[i].copy - 1) != 0)
      fail_msg("the %s changed under the queries: '%s', was '%s'", hs[i].what, hs[i].p, hs[i].copy);
  }
  assert_true(gn_game_hash(g) == hash);
  free(views);
  free(hs);
}

/* The clock read between a unit's view and its status: the status is the
** unit's, not the clock's text. */
static void clock_after_view(const gn_game *g) {
  gn_unit_view v, again;
  for (int u = 0; u < gn_unit_count(g); u++) {
    assert_int_equal(gn_unit_view_get(g, u, GN_UMPIRE, &v), 0);
    gn_text clock = gn_game_clock(g);
    assert_int_equal(gn_unit_view_get(g, u, GN_UMPIRE, &again), 0);
    assert_string_equal(v.status, again.status);
    if (v.status[0]) assert_string_not_equal(v.status, clock.text);
  }
}

/* A started game of the scenario, with up to `orders` orders of its AI
** commanders played. */
static gn_game *played(const char *path, int orders) {
  gn_game *g = gn_game_new(NULL);
  assert_non_null(g);
  assert_int_equal(gn_game_load_file(g, path), 0);
  assert_int_equal(gn_game_start(g, 7), 0);
  if (orders > 0) {
    gn_battle_opts o;
    gn_battle_result r;
    memset(&o, 0, sizeof o);
    o.max_orders = orders;
    int rc = gn_battle_run(g, &o, &r);
    assert_true(rc == 0 || rc == GN_ELIMIT);
    gn_battle_result_free(&r);
  }
  return g;
}

static void check_scenario(const char *path) {
  for (int orders = 0; orders <= 40; orders += 40) {
    gn_game *g = played(path, orders);
    promise_holds(g);
    clock_after_view(g);
    /* after a refused order too: its message and rule are results as well */
    (void)gn_order_apply(g, "no-such-verb X");
    promise_holds(g);
    gn_game_free(g);
  }
}

static void vb_queries(void **state) { (void)state; check_scenario("scenarios/vb-plancenoit.yaml"); }
static void ba_queries(void **state) { (void)state; check_scenario("scenarios/ba-hougoumont.yaml"); }
static void inradic_queries(void **state) { (void)state; check_scenario("scenarios/inradic-skirmish.yaml"); }

/* Times as designers write them, read against the scenario's calendar
** (gn_game_clock_parse), and the time of the present turn (gn_game_minute):
** Wavre begins 18 June 1815 at 4 p.m.; Inradic's turns have no time of day. */
static void clock_times(void **state) {
  (void)state;
  gn_game *g = played("scenarios/vb-wavre.yaml", 0);
  static const struct { const char *text; int minute; } good[] = {
    {"7 p.m.", 19 * 60}, {"7:30 a.m.", 7 * 60 + 30}, {"19:00", 19 * 60}, {"noon", 12 * 60},
    {"day 2, 7 a.m.", 24 * 60 + 7 * 60}, {"19 June 1815, 5 p.m.", 24 * 60 + 17 * 60},
    {"18 Jun 1815, 9 p.m.", 21 * 60}, {" day 1 ,  6pm ", 18 * 60},
  };
  for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
    int m = -1;
    char why[256];
    if (gn_game_clock_parse(g, good[i].text, &m, why, sizeof why)) fail_msg("'%s': %s", good[i].text, why);
    assert_int_equal(m, good[i].minute);
  }
  static const struct { const char *text, *why; } bad[] = {
    {"7 o'clock", "is not a time of day: write \"7 p.m.\""},
    {"13 p.m.", "is not a time of day"},
    {"17 June 1815, 5 p.m.", "is not a day of the battle: write \"day N\" or its date (the first is 18 June 1815)"},
    {"day 0, 5 p.m.", "is not a day of the battle"},
    {"Sunday, 5 p.m.", "is not a day of the battle"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    int m = -1;
    char why[256];
    assert_int_equal(gn_game_clock_parse(g, bad[i].text, &m, why, sizeof why), GN_ESYNTAX);
    if (!strstr(why, bad[i].why)) fail_msg("'%s': %s", bad[i].text, why);
    assert_int_equal(m, -1);
  }
  assert_int_equal(gn_game_minute(g), 16 * 60);
  assert_int_equal(gn_order_apply(g, "end"), 0);
  while (gn_game_turn(g) == 1) assert_int_equal(gn_order_apply(g, "end"), 0);
  assert_int_equal(gn_game_minute(g), 17 * 60);
  gn_game_free(g);
  g = played("scenarios/ba-hougoumont.yaml", 0);      /* 11 a.m., a bound is 5 minutes (BA-B19) */
  assert_int_equal(gn_game_minute(g), 11 * 60);
  assert_int_equal(gn_order_apply(g, "end"), 0);
  while (gn_game_turn(g) == 1) assert_int_equal(gn_order_apply(g, "end"), 0);
  assert_int_equal(gn_game_minute(g), 11 * 60 + 5);
  gn_game_free(g);
  g = played("scenarios/inradic-skirmish.yaml", 0);
  int m = 5;
  char why[256];
  assert_int_equal(gn_game_minute(g), -1);
  assert_int_equal(gn_game_clock_parse(g, "7 p.m.", &m, why, sizeof why), GN_ESTATE);
  assert_non_null(strstr(why, "ruleset 'inradic' keeps no time of day"));
  assert_int_equal(m, 5);
  gn_game_free(g);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(clock_times),
    cmocka_unit_test(vb_queries),
    cmocka_unit_test(ba_queries),
    cmocka_unit_test(inradic_queries),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
