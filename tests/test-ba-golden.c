/*
** test-ba-golden.c: the Belle Alliance golden game. Replays
** tests/golden/ba-hougoumont.orders (first line "# seed N", then one order a
** line; other lines starting with '#' are comments) on
** scenarios/ba-hougoumont.yaml and compares the final gn_game_hash with
** tests/golden/ba-hougoumont.hash.
**
** The hash pins the whole state: a change of any rule, datum or dice path that
** touches the game shows up here. When such a change is deliberate, regenerate
** the hash and review the game's log:
**   GN_GOLDEN_WRITE=1 build/tests/test-ba-golden
** (run from the repository root), then commit the new .hash with the change.
*/
#include <stdlib.h>

#include "test-ba.h"

#define SCENARIO "scenarios/ba-hougoumont.yaml"
#define ORDERS "tests/golden/ba-hougoumont.orders"
#define HASH "tests/golden/ba-hougoumont.hash"

/* Replays the golden orders; returns the game (every order must apply). */
static gn_game *replay(int *norders) {
  FILE *f = fopen(ORDERS, "r");
  if (!f) fail_msg("%s is missing (run from the repository root)", ORDERS);
  char line[512];
  unsigned long long seed = 0;
  if (!fgets(line, sizeof line, f) || sscanf(line, "# seed %llu", &seed) != 1)
    fail_msg("%s: the first line must be '# seed N'", ORDERS);
  gn_game *g = gn_game_new(NULL);
  if (gn_game_load_file(g, SCENARIO)) fail_msg("%s: %s", SCENARIO, gn_errmsg(g));
  assert_int_equal(gn_game_start(g, seed), 0);
  int n = 0, lineno = 1;
  while (fgets(line, sizeof line, f)) {
    lineno++;
    line[strcspn(line, "\r\n")] = 0;
    if (!line[0] || line[0] == '#') continue;
    int rc = gn_order_apply(g, line);
    if (rc) fail_msg("%s:%d: '%s': %s", ORDERS, lineno, line, gn_errmsg(g));
    n++;
  }
  fclose(f);
  *norders = n;
  return g;
}

/* The whole action replays to the recorded hash; the game ends after bound 24. */
static void golden_hash(void **state) {
  (void)state;
  int n;
  gn_game *g = replay(&n);
  uint64_t h = gn_game_hash(g);
  assert_true(n > 0);
  assert_int_equal(gn_game_order_count(g), n);
  assert_int_equal(gn_game_over(g), 1);
  assert_int_equal(gn_game_turn(g), 24);
  if (getenv("GN_GOLDEN_WRITE")) {
    FILE *f = fopen(HASH, "w");
    assert_non_null(f);
    fprintf(f, "%016llx\n", (unsigned long long)h);
    fclose(f);
    print_message("wrote %s: %016llx\n", HASH, (unsigned long long)h);
  }
  FILE *f = fopen(HASH, "r");
  if (!f) fail_msg("%s is missing: GN_GOLDEN_WRITE=1 writes it", HASH);
  unsigned long long want = 0;
  assert_int_equal(fscanf(f, "%llx", &want), 1);
  fclose(f);
  if (h != want) fail_msg("final hash %016llx, recorded %016llx", (unsigned long long)h, want);
  gn_game_free(g);
}

/* The same inputs give the same game: a second replay and a clone agree; the
** game used the rules it is meant to show (fire, melee, a catch roll, rest). */
static void golden_deterministic(void **state) {
  (void)state;
  int n1, n2;
  gn_game *a = replay(&n1), *b = replay(&n2);
  assert_int_equal(n1, n2);
  assert_true(gn_game_hash(a) == gn_game_hash(b));
  assert_int_equal(gn_event_count(a), gn_event_count(b));
  gn_game *c = gn_game_clone(a);
  assert_non_null(c);
  assert_true(gn_game_hash(c) == gn_game_hash(a));
  assert_true(ba_events(a, 0, "fire", "BA-DICE-3") > 10);
  assert_true(ba_events(a, 0, "melee", "BA-B6") >= 5);
  assert_int_equal(ba_events(a, 0, "catch", "BA-T18"), 1);
  assert_true(ba_event(a, 0, "rest", "BA-5.5.2f") >= 0);
  gn_game_free(a);
  gn_game_free(b);
  gn_game_free(c);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(golden_hash),
    cmocka_unit_test(golden_deterministic),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
