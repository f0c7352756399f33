/*
** test-inradic-heroes.c: hits on heroes and leaders, the optional rule
** (ref. IN-H1, IN-H2, IN-H3, IN-H4), and leaders as people (ratings, a
** general's command radius, a leader lost: ref. IN-LDR), with scripted cards
** and dice.
*/
#include "inradic-helpers.h"

/* r1 (5 figures: 2 cards) shoots b1 (10 figures with the given roles): an Ace
** and a miss, so one hit that is an Ace. */
static gn_game *setup_values(int option, const char *roles, const char *values) {
  char body[1024];
  snprintf(body, sizeof body, "%soptions: {hero_hits: %d}\nunits:\n"
           "  - {id: r1, side: red, type: foot, at: [50, 40], facing: 0, strength: 5}\n"
           "  - {id: b1, side: blue, type: foot, at: [50, 50], facing: 180, strength: 10, attrs: {%s}}\n",
           values, option, roles);
  return mk(body);
}

static gn_game *setup(int option, const char *roles) { return setup_values(option, roles, ""); }

/* Fires with the hero die showing face (0: no hero die expected). */
static void fire(gn_game *g, const char *order, int face) {
  SCRIPT(g, CARD(1, 0), CARD(2, 0));
  if (face) SCRIPT(g, face);
  SCRIPT(g, /* b1's morale d10 */ 1);
  ok(g, order);
}

/* ref. IN-H1: with the option, an Ace makes a hero check; without, it kills a private. */
static void option_switch(void **state) {
  (void)state;
  gn_game *g = setup(0, "bugler: 1, nco: 1");
  fire(g, "fire r1 at b1", 0);
  assert_int_equal(attr(g, "b1", "privates"), 7);
  assert_int_equal(attr(g, "b1", "bugler"), 1);
  gn_game_free(g);
  g = setup(1, "bugler: 1, nco: 1");
  fire(g, "fire r1 at b1", 1);
  assert_int_equal(attr(g, "b1", "privates"), 8);
  assert_int_equal(attr(g, "b1", "bugler"), 0);
  assert_string_equal(last_kind(g, "hero")->ref, "IN-H3");
  assert_string_equal(last_kind(g, "morale")->ref, "IN-M1");   /* IN-M1 and IN-M3: one test */
  assert_non_null(strstr(last_kind(g, "morale")->text, "IN-M3"));
  gn_game_free(g);
}

/* ref. IN-H2: the die names the type: 1 bugler, 2 flag bearer, 3 NCO, 4 hero,
** 5 staff officer, 6 general. */
static void die_names_type(void **state) {
  (void)state;
  static const struct { int face; const char *role; } T[] = {
    { 1, "bugler" }, { 2, "flag" }, { 3, "nco" }, { 4, "hero" }, { 5, "staff" }, { 6, "general" },
  };
  for (size_t i = 0; i < sizeof T / sizeof T[0]; i++) {
    char roles[64];
    snprintf(roles, sizeof roles, "%s: 1", T[i].role);
    gn_game *g = setup(1, roles);
    fire(g, "fire r1 at b1", T[i].face);
    assert_int_equal(attr(g, "b1", T[i].role), 0);
    assert_int_equal(attr(g, "b1", "privates"), 9);
    gn_game_free(g);
  }
}

/* ref. IN-H3: the rolled type if present, or a lower type the attacker names;
** a higher type named is not eligible; of two roles of one type, the NCO
** before the corporal. */
static void attacker_choice(void **state) {
  (void)state;
  gn_game *g = setup(1, "bugler: 1, nco: 1, hero: 1");
  fire(g, "fire r1 at b1", 3);
  assert_int_equal(attr(g, "b1", "nco"), 0);
  gn_game_free(g);
  g = setup(1, "bugler: 1, nco: 1, hero: 1");
  fire(g, "fire r1 at b1 choose bugler", 3);
  assert_int_equal(attr(g, "b1", "bugler"), 0);
  assert_int_equal(attr(g, "b1", "nco"), 1);
  gn_game_free(g);
  g = setup(1, "bugler: 1, nco: 1, hero: 1");
  fire(g, "fire r1 at b1 choose hero", 3);
  assert_int_equal(attr(g, "b1", "hero"), 1);
  assert_int_equal(attr(g, "b1", "nco"), 0);
  gn_game_free(g);
  g = setup(1, "corporal: 1, nco: 1");
  fire(g, "fire r1 at b1", 3);
  assert_int_equal(attr(g, "b1", "nco"), 0);
  assert_int_equal(attr(g, "b1", "corporal"), 1);
  gn_game_free(g);
}

/* ref. IN-H4: ranks above the roll are safe: with only an NCO and a hero, a 2
** hits an ordinary figure. */
static void higher_types_safe(void **state) {
  (void)state;
  gn_game *g = setup(1, "nco: 1, hero: 1");
  fire(g, "fire r1 at b1", 2);
  assert_int_equal(attr(g, "b1", "privates"), 7);
  assert_int_equal(attr(g, "b1", "nco"), 1);
  assert_string_equal(last_kind(g, "hero")->ref, "IN-H4");
  gn_game_free(g);
}

/* ref. IN-H3, IN-H4, switch heroes.absent_falls_lower: "Each Ace drawn has a
** chance"; "if an NCO is present, a roll of 3 means that piece takes a hit (or
** a bugler or flag bearer instead, if the attacker wishes)". By default a
** rolled rank with no figure present hits an ordinary figure, even with a
** bugler there (the lower choice needs the rolled figure present); with the
** switch on, the Ace falls on the highest rank present below. */
static void absent_rank(void **state) {
  (void)state;
  gn_game *g = setup(1, "bugler: 1");
  fire(g, "fire r1 at b1", 3);
  assert_int_equal(attr(g, "b1", "bugler"), 1);
  assert_int_equal(attr(g, "b1", "privates"), 8);
  assert_string_equal(last_kind(g, "hero")->ref, "IN-H4");
  gn_game_free(g);
  g = setup(1, "bugler: 1");                       /* the attacker may not pick the bugler either */
  fire(g, "fire r1 at b1 choose bugler", 3);
  assert_int_equal(attr(g, "b1", "bugler"), 1);
  gn_game_free(g);
  g = setup(1, "officer: 1, hero: 1");              /* a 6 without a general */
  fire(g, "fire r1 at b1", 6);
  assert_int_equal(attr(g, "b1", "officer"), 1);
  assert_int_equal(attr(g, "b1", "hero"), 1);
  gn_game_free(g);

  g = setup_values(1, "bugler: 1", "values: {heroes.absent_falls_lower: 1}\n");
  fire(g, "fire r1 at b1", 3);
  assert_int_equal(attr(g, "b1", "bugler"), 0);
  assert_string_equal(last_kind(g, "hero")->ref, "IN-H3");
  gn_game_free(g);
  g = setup_values(1, "officer: 1, hero: 1", "values: {heroes.absent_falls_lower: 1}\n");
  fire(g, "fire r1 at b1", 6);                      /* the officer (rank 5) before the hero (4) */
  assert_int_equal(attr(g, "b1", "officer"), 0);
  assert_int_equal(attr(g, "b1", "hero"), 1);
  gn_game_free(g);
}

/* ref. IN-B14: one list of roles: a corporal is an NCO for hero hits (a 3 hits
** it), for M3 (its loss calls for a test) and for the rally (it may lead one);
** a staff officer is an officer for M3. */
static void one_list_of_roles(void **state) {
  (void)state;
  gn_game *g = setup(1, "corporal: 1");
  fire(g, "fire r1 at b1", 3);
  assert_int_equal(attr(g, "b1", "corporal"), 0);
  assert_non_null(strstr(last_kind(g, "morale")->text, "IN-M3"));
  gn_game_free(g);
  g = setup(1, "staff: 1");
  fire(g, "fire r1 at b1", 5);
  assert_int_equal(attr(g, "b1", "staff"), 0);
  assert_non_null(strstr(last_kind(g, "morale")->text, "IN-M3"));
  gn_game_free(g);
  g = setup(1, "hero: 1");                          /* the seed's M3 list names no hero */
  fire(g, "fire r1 at b1", 4);
  assert_int_equal(attr(g, "b1", "hero"), 0);
  assert_null(strstr(last_kind(g, "morale")->text, "IN-M3"));
  gn_game_free(g);
}

/* ref. IN-H1, IN-R3 [interpretation]: "Any Ace card drawn ... has a chance"
** is read as any Ace that scores: a lone figure draws 2 cards but scores at
** most 1 hit, so of two Aces only the first makes a hero check. */
static void capped_ace_no_check(void **state) {
  (void)state;
  gn_game *g = mk("options: {hero_hits: 1}\nunits:\n"
                  "  - {id: r1, side: red, type: foot, at: [50, 40], facing: 0, strength: 1}\n"
                  "  - {id: b1, side: blue, type: foot, at: [50, 50], facing: 180, strength: 10, attrs: {bugler: 1, nco: 1}}\n");
  int e0 = gn_event_count(g);
  SCRIPT(g, CARD(1, 0), CARD(1, 1), /* one hero die */ 1, /* b1's morale d10 */ 1);
  ok(g, "fire r1 at b1");
  assert_int_equal(count_kind(g, e0, "hero"), 1);
  assert_int_equal(attr(g, "b1", "bugler"), 0);
  assert_int_equal(strength(g, "b1"), 9);
  gn_game_free(g);
}

/* ref. IN-H1: the hero check is a chance point of the order; when its die
** cannot be had (the script runs dry, the players give up), the whole fire is
** refused and nothing of it stays: no casualty, no card gone. */
static void hero_die_missing(void **state) {
  (void)state;
  gn_game *g = setup(1, "bugler: 1, nco: 1");
  uint64_t h = gn_game_hash(g);
  SCRIPT(g, CARD(1, 0), CARD(2, 0));        /* an Ace, then no die for the check */
  assert_int_equal(gn_order_apply(g, "fire r1 at b1"), GN_ENODICE);
  assert_true(gn_game_hash(g) == h);
  assert_int_equal(attr(g, "b1", "privates"), 8);
  assert_int_equal(attr(g, "b1", "bugler"), 1);
  gn_game_free(g);
}

/* The event index of the last event of kind and ref, or -1. */
static int last_index(gn_game *g, const char *kind, const char *ref) {
  for (int i = gn_event_count(g) - 1; i >= 0; i--)
    if (!strcmp(gn_event_get(g, i)->kind, kind) && !strcmp(gn_event_get(g, i)->ref, ref)) return i;
  return -1;
}

/* ref. IN-LDR, IN-H2: an Ace's hero check of 6 kills b1's general; every side
** is told his unit has lost him, and with him its excellent leader: b1's
** morale test that follows counts no rating, and the views give none. */
static void leader_lost(void **state) {
  (void)state;
  gn_game *g = setup(1, "general: 1, rating: excellent");
  gn_unit_view v;
  assert_int_equal(gn_unit_view_get(g, U(g, "b1"), 0, &v), 0);   /* red, the enemy, sees it */
  assert_int_equal(v.rating, GN_RATING_EXCELLENT);
  assert_true(near(v.command_radius, 10));                        /* 6 in + 4 for excellent */
  fire(g, "fire r1 at b1", 6);
  assert_int_equal(attr(g, "b1", "general"), 0);
  int e = last_index(g, "leader-lost", "IN-LDR");
  assert_true(e >= 0);
  assert_int_equal(gn_event_get(g, e)->unit, U(g, "b1"));
  assert_string_equal(gn_event_get(g, e)->text, "b1 loses its general; its excellent leader is lost");
  assert_int_equal(gn_event_visible(g, e, 0), 1);
  assert_int_equal(gn_event_visible(g, e, 1), 1);
  assert_int_equal(mod(last_kind(g, "morale"), "excellent leader"), -999);
  assert_int_equal(gn_unit_view_get(g, U(g, "b1"), GN_UMPIRE, &v), 0);
  assert_int_equal(v.rating, -1);
  assert_true(v.command_radius == -1);
  gn_game_free(g);
}

/* ref. IN-LDR: b1's own good officer takes a pip off its morale test (d10 of
** 9, modified 8 against 9 figures: passes); a poor one adds one (10 against 9:
** fails). The rating is on the table for both sides; an officer commands only
** his own unit (no command radius). */
static void rating_in_morale(void **state) {
  (void)state;
  gn_game *g = setup(0, "officer: 1, rating: good");
  SCRIPT(g, CARD(1, 0), CARD(2, 0), 9);
  ok(g, "fire r1 at b1");
  const gn_event *m = last_kind(g, "morale");
  assert_int_equal(mod(m, "good leader"), -1);
  assert_int_equal(m->total, 8);
  assert_non_null(strstr(m->text, "passes"));
  gn_unit_view v;
  assert_int_equal(gn_unit_view_get(g, U(g, "b1"), 0, &v), 0);
  assert_int_equal(v.rating, GN_RATING_GOOD);
  assert_true(v.command_radius == -1);
  gn_game_free(g);
  g = setup(0, "officer: 1, rating: poor");
  SCRIPT(g, CARD(1, 0), CARD(2, 0), 9);
  ok(g, "fire r1 at b1");
  m = last_kind(g, "morale");
  assert_int_equal(mod(m, "poor leader"), 1);
  assert_int_equal(m->total, 10);
  assert_non_null(strstr(m->text, "fails"));
  gn_game_free(g);
}

/* ref. IN-LDR: a general's rating reaches the friends within his command
** radius (6 in, +2 good): b1, with no leader of its own, stands 7 in from the
** general's unit g1. A good general reaches it (-1 on its test), an average
** one does not (and would add nothing), nor does a good one with the option
** leader_command off. */
static gn_game *commanded(const char *rating, int command) {
  char body[1024];
  snprintf(body, sizeof body, "options: {leader_command: %d}\nunits:\n"
           "  - {id: r1, side: red, type: foot, at: [50, 40], facing: 0, strength: 5}\n"
           "  - {id: b1, side: blue, type: foot, at: [50, 50], facing: 180, strength: 10}\n"
           "  - {id: g1, side: blue, type: foot, at: [62, 50], facing: 180, strength: 2, "
           "attrs: {general: 1, rating: %s}}\n", command, rating);
  gn_game *g = mk(body);
  assert_true(near(gn_unit_distance(g, U(g, "b1"), U(g, "g1")), 7));
  SCRIPT(g, CARD(1, 0), CARD(2, 0), 9);
  ok(g, "fire r1 at b1");
  return g;
}

static void command_radius(void **state) {
  (void)state;
  gn_game *g = commanded("good", 1);
  const gn_event *m = last_kind(g, "morale");
  assert_int_equal(mod(m, "good leader"), -1);
  assert_int_equal(m->total, 8);
  gn_unit_view v;
  assert_int_equal(gn_unit_view_get(g, U(g, "g1"), 0, &v), 0);
  assert_true(near(v.command_radius, 8));
  gn_game_free(g);
  g = commanded("average", 1);
  m = last_kind(g, "morale");
  assert_int_equal(m->nmods, 0);
  assert_int_equal(m->total, 9);
  assert_int_equal(gn_unit_view_get(g, U(g, "g1"), 0, &v), 0);
  assert_true(near(v.command_radius, 6));
  gn_game_free(g);
  g = commanded("good", 0);
  m = last_kind(g, "morale");
  assert_int_equal(mod(m, "good leader"), -999);
  assert_int_equal(m->total, 9);
  gn_game_free(g);
}

/* ref. IN-LDR: a rating is a leader figure's; a unit without one refuses to
** start, naming the unit and the rule. */
static void rating_needs_leader(void **state) {
  (void)state;
  char buf[1024];
  snprintf(buf, sizeof buf, "%sunits:\n"
           "  - {id: r1, side: red, type: foot, at: [50, 40], facing: 0, strength: 5}\n"
           "  - {id: b1, side: blue, type: foot, at: [50, 50], facing: 180, strength: 10, attrs: {bugler: 1, rating: good}}\n",
           HEAD);
  gn_game *g = gn_game_new(NULL);
  assert_int_equal(gn_game_load(g, "t.yaml", buf, strlen(buf)), 0);
  assert_int_equal(gn_game_start(g, 1), GN_ESCENARIO);
  assert_non_null(strstr(gn_errmsg(g), "unit 'b1': a rating is its leader's"));
  assert_non_null(strstr(gn_errmsg(g), "ref. IN-LDR"));
  gn_game_free(g);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(option_switch),
    cmocka_unit_test(leader_lost),
    cmocka_unit_test(rating_in_morale),
    cmocka_unit_test(command_radius),
    cmocka_unit_test(rating_needs_leader),
    cmocka_unit_test(hero_die_missing),
    cmocka_unit_test(die_names_type),
    cmocka_unit_test(attacker_choice),
    cmocka_unit_test(higher_types_safe),
    cmocka_unit_test(absent_rank),
    cmocka_unit_test(one_list_of_roles),
    cmocka_unit_test(capped_ace_no_check),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
