/*
** test-inradic-heroes.c: hits on heroes and leaders, the optional rule
** (ref. IN-H1, IN-H2, IN-H3, IN-H4), with scripted cards and dice.
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
** 5 staff officer, 6 general; the check's event names it as players do
** (the scenario's "nco" is the NCO). */
static void die_names_type(void **state) {
  (void)state;
  static const struct { int face; const char *role, *words; } T[] = {
    { 1, "bugler", "bugler" }, { 2, "flag", "flag bearer" }, { 3, "nco", "NCO" }, { 4, "hero", "hero" },
    { 5, "staff", "staff officer" }, { 6, "general", "general" },
  };
  for (size_t i = 0; i < sizeof T / sizeof T[0]; i++) {
    char roles[64];
    snprintf(roles, sizeof roles, "%s: 1", T[i].role);
    gn_game *g = setup(1, roles);
    fire(g, "fire r1 at b1", T[i].face);
    assert_int_equal(attr(g, "b1", T[i].role), 0);
    assert_int_equal(attr(g, "b1", "privates"), 9);
    char want[64];
    snprintf(want, sizeof want, "b1: Ace hero check %d: %s", T[i].face, T[i].words);
    assert_string_equal(last_kind(g, "hero")->text, want);
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

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(option_switch),
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
