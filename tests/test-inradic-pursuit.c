/*
** test-inradic-pursuit.c: the pursuit table (ref. IN-P1, IN-P2, IN-P3, IN-P4, IN-P5, IN-P6), with scripted dice.
*/
/* ---- shared helpers (each test file carries its own copy) ---- */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "grognard.h"

/* A card number for the dice script: rank 1 (Ace) .. 13 (King), suit 0..3. */
#define CARD(rank, suit) ((suit) * 13 + (rank) - 1)

static const char HEAD[] =
  "grognard: 1\nname: t\nruleset: inradic\ntable: {width: 100, height: 100}\n"
  "date: {year: 1791, month: 5, day: 4, hour: 10}\nturns: 10\n"
  "sides:\n  - {id: red, name: Red}\n  - {id: blue, name: Blue}\n";

/* A started game of HEAD + body (options, units, terrain). */
static inline gn_game *mk(const char *body) {
  char buf[8192];
  snprintf(buf, sizeof buf, "%s%s", HEAD, body);
  gn_game *g = gn_game_new(NULL);
  assert_non_null(g);
  if (gn_game_load(g, "t.yaml", buf, strlen(buf)) || gn_game_start(g, 1)) {
    for (int i = 0; i < gn_diag_count(g); i++) print_error("%s\n", gn_diag(g, i));
    fail_msg("scenario: %s", gn_errmsg(g));
  }
  return g;
}

#define SCRIPT(g, ...) do { int v_[] = { __VA_ARGS__ }; \
    assert_int_equal(gn_dice_script(g, v_, (int)(sizeof v_ / sizeof v_[0])), 0); } while (0)

static inline int U(gn_game *g, const char *id) {
  int u = gn_unit_find(g, id);
  assert_true(u >= 0);
  return u;
}

static inline int attr(gn_game *g, const char *unit, const char *name) {
  int v = -99;
  assert_int_equal(gn_unit_attr(g, U(g, unit), GN_UMPIRE, name, &v), 0);
  return v;
}

static inline int strength(gn_game *g, const char *unit) {
  gn_unit_view v;
  assert_int_equal(gn_unit_view_get(g, U(g, unit), GN_UMPIRE, &v), 0);
  return v.removed ? 0 : v.strength;
}

static inline gn_box box(gn_game *g, const char *unit) {
  gn_unit_view v;
  assert_int_equal(gn_unit_view_get(g, U(g, unit), GN_UMPIRE, &v), 0);
  return v.box;
}

/* Applies an order that must succeed and use up the script exactly. */
static inline void ok(gn_game *g, const char *order) {
  int rc = gn_order_apply(g, order);
  if (rc) fail_msg("'%s': %s", order, gn_errmsg(g));
  assert_int_equal(gn_dice_script_left(g), 0);
}

/* Applies an order that must be refused citing ref. */
static inline void refused(gn_game *g, const char *order, const char *ref) {
  int rc = gn_order_apply(g, order);
  if (rc != GN_EREFUSED) fail_msg("'%s' gave %d: %s", order, rc, gn_errmsg(g));
  assert_string_equal(gn_refusal_ref(g), ref);
}

/* Events of a kind since event index from. */
static inline int count_kind(gn_game *g, int from, const char *kind) {
  int n = 0;
  for (int i = from; i < gn_event_count(g); i++)
    if (strcmp(gn_event_get(g, i)->kind, kind) == 0) n++;
  return n;
}

/* The last event of a kind (fails the test if none). */
static inline const gn_event *last_kind(gn_game *g, const char *kind) {
  for (int i = gn_event_count(g) - 1; i >= 0; i--)
    if (strcmp(gn_event_get(g, i)->kind, kind) == 0) return gn_event_get(g, i);
  fail_msg("no '%s' event", kind);
  return NULL;
}

/* The value of a named modifier of an event, or -999. */
static inline int mod(const gn_event *e, const char *name) {
  for (int i = 0; i < e->nmods; i++) if (strcmp(e->mods[i].name, name) == 0) return e->mods[i].value;
  return -999;
}
/* ---- end of shared helpers ---- */

/* Red unit a (quality q) charges blue militia b (8 each); b fails its test
** (8 + 1 > 8) and routs north to 50,58; then a's pursuit die, if any. */
static gn_game *rout_b(const char *q) {
  char body[1024];
  snprintf(body, sizeof body, "units:\n"
           "  - {id: a, side: red, type: foot, at: [50, 40], facing: 0, strength: 8, attrs: {quality: %s}}\n"
           "  - {id: b, side: blue, type: foot, at: [50, 46], facing: 180, strength: 8, attrs: {quality: militia, bugler: 1}}\n",
           q);
  return mk(body);
}

static int near(double a, double b) { return a > b - 1e-6 && a < b + 1e-6; }

/* ref. IN-P1: peasants never pursue: no die, no pursuit. */
static void peasants_never(void **state) {
  (void)state;
  gn_game *g = rout_b("peasants");
  int e0 = gn_event_count(g);
  SCRIPT(g, 8);
  ok(g, "charge a at b");
  assert_int_equal(attr(g, "a", "pursuit"), 0);
  assert_string_equal(last_kind(g, "pursuit")->ref, "IN-P1");
  assert_int_equal(count_kind(g, e0, "roll"), 1);   /* only b's morale */
  refused(g, "pursue a", "IN-P1");
  gn_game_free(g);
}

/* ref. IN-P2: militia may pursue on a 1, and only for the first game turn. */
static void militia_first_turn(void **state) {
  (void)state;
  gn_game *g = rout_b("militia");
  SCRIPT(g, 8, /* pursuit die */ 2);
  ok(g, "charge a at b");
  assert_int_equal(attr(g, "a", "pursuit"), 0);
  gn_game_free(g);

  g = rout_b("militia");
  SCRIPT(g, 8, /* pursuit die */ 1);
  ok(g, "charge a at b");
  assert_int_equal(attr(g, "a", "pursuit"), 1);
  ok(g, "pursue a");
  assert_int_equal(attr(g, "a", "pursuit"), 2);
  assert_true(near(box(g, "a").c.y, 56));           /* in contact behind b */
  ok(g, "end");                                     /* b is pursued: it runs on to 70 */
  assert_true(near(box(g, "b").c.y, 70));
  assert_true(near(box(g, "a").c.y, 68));
  ok(g, "end");                                     /* turn 2: the militia give up */
  assert_int_equal(attr(g, "a", "pursuit"), 0);
  assert_string_equal(last_kind(g, "pursuit")->ref, "IN-P2");
  gn_game_free(g);
}

/* ref. IN-P3: trained troops may pursue on 4-6; they may decline; an open
** pursuit not taken lapses at the end of the turn. */
static void trained_four_up(void **state) {
  (void)state;
  gn_game *g = rout_b("trained");
  SCRIPT(g, 8, 3);
  ok(g, "charge a at b");
  assert_int_equal(attr(g, "a", "pursuit"), 0);
  gn_game_free(g);

  g = rout_b("trained");
  SCRIPT(g, 8, 4);
  ok(g, "charge a at b");
  assert_int_equal(attr(g, "a", "pursuit"), 1);
  ok(g, "halt a");
  assert_int_equal(attr(g, "a", "pursuit"), 0);
  gn_game_free(g);

  g = rout_b("trained");
  SCRIPT(g, 8, 6);
  ok(g, "charge a at b");
  SCRIPT(g, 3);                                     /* b is not pursued: it tests, and rallies */
  ok(g, "end");
  assert_int_equal(attr(g, "a", "pursuit"), 0);
  assert_int_equal(attr(g, "b", "status"), 0);
  gn_game_free(g);
}

/* ref. IN-P4: well-trained troops may pursue on 2-6. */
static void well_trained_two_up(void **state) {
  (void)state;
  gn_game *g = rout_b("well_trained");
  SCRIPT(g, 8, 2);
  ok(g, "charge a at b");
  assert_int_equal(attr(g, "a", "pursuit"), 1);
  gn_game_free(g);
  g = rout_b("well_trained");
  SCRIPT(g, 8, 1);
  ok(g, "charge a at b");
  assert_int_equal(attr(g, "a", "pursuit"), 0);
  gn_game_free(g);
}

/* ref. IN-P5: veterans may always pursue (no die) and stop at will; a pursued
** router cannot rally (ref. IN-M15) and does not fight back in melee. */
static void veterans_always(void **state) {
  (void)state;
  gn_game *g = rout_b("veteran");
  int e0 = gn_event_count(g);
  SCRIPT(g, 8);
  ok(g, "charge a at b");
  assert_int_equal(count_kind(g, e0, "roll"), 1);
  assert_int_equal(attr(g, "a", "pursuit"), 1);
  ok(g, "pursue a");
  ok(g, "end");
  ok(g, "end");
  e0 = gn_event_count(g);
  SCRIPT(g, CARD(6, 0), CARD(7, 0), CARD(2, 0), CARD(3, 0));
  ok(g, "melee a with b");
  assert_int_equal(count_kind(g, e0, "card"), 4);   /* b draws none */
  assert_int_equal(strength(g, "b"), 6);
  ok(g, "halt a");
  assert_int_equal(attr(g, "a", "pursuit"), 0);
  gn_game_free(g);
}

/* ref. IN-P6: fanatics pursue at once on 2-6 and halt only on 5-6 (one try a
** turn); on a 1 they may decline, else they pursue at the end of the turn. */
static void fanatics(void **state) {
  (void)state;
  gn_game *g = rout_b("fanatic");
  SCRIPT(g, 8, 2);
  ok(g, "charge a at b");
  assert_int_equal(attr(g, "a", "pursuit"), 2);
  assert_true(near(box(g, "a").c.y, 56));
  SCRIPT(g, 4);
  ok(g, "halt a");
  assert_int_equal(attr(g, "a", "pursuit"), 2);
  refused(g, "halt a", "IN-P6");
  ok(g, "end");
  ok(g, "end");
  SCRIPT(g, 5);
  ok(g, "halt a");
  assert_int_equal(attr(g, "a", "pursuit"), 0);
  gn_game_free(g);

  g = rout_b("fanatic");
  SCRIPT(g, 8, 1);
  ok(g, "charge a at b");
  assert_int_equal(attr(g, "a", "pursuit"), 3);
  ok(g, "end");                                     /* not declined: it pursues */
  assert_int_equal(attr(g, "a", "pursuit"), 2);
  gn_game_free(g);

  g = rout_b("fanatic");
  SCRIPT(g, 8, 1);
  ok(g, "charge a at b");
  ok(g, "halt a");                                  /* declined, no die */
  assert_int_equal(attr(g, "a", "pursuit"), 0);
  gn_game_free(g);
}

/* ref. IN-P6, IN-M15: the pursued router runs 12 in each turn with its pursuer
** behind it; when it runs off the table the pursuit ends. */
static void pursuit_ends_off_table(void **state) {
  (void)state;
  gn_game *g = rout_b("fanatic");
  SCRIPT(g, 8, 6);
  ok(g, "charge a at b");
  for (int i = 0; i < 5; i++) {
    ok(g, "end");
    assert_int_equal(attr(g, "a", "pursuit"), 2);
  }
  assert_true(near(box(g, "b").c.y, 94));
  assert_true(near(box(g, "a").c.y, 92));
  ok(g, "end");
  ok(g, "end");                                     /* b runs to 106: off the table */
  assert_int_equal(attr(g, "a", "pursuit"), 0);
  assert_int_equal(attr(g, "a", "pursue_of"), 0);
  assert_true(gn_game_over(g));
  gn_game_free(g);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(peasants_never),
    cmocka_unit_test(militia_first_turn),
    cmocka_unit_test(trained_four_up),
    cmocka_unit_test(well_trained_two_up),
    cmocka_unit_test(veterans_always),
    cmocka_unit_test(fanatics),
    cmocka_unit_test(pursuit_ends_off_table),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
