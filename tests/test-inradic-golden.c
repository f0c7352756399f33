/*
** test-inradic-golden.c: a golden game of Inradic. tests/golden/inradic-*.orders
** holds the seed ("# seed 42"), the scenario ("# scenario PATH") and one order
** a line; the game is replayed with the engine's own dice and cards, every
** order must be accepted, and the final gn_game_hash must equal the one
** recorded in the .hash file beside it (16 hex digits).
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

static void replay(const char *orders_path, const char *hash_path) {
  FILE *f = fopen(orders_path, "r");
  if (!f) fail_msg("cannot open %s (run the tests from the repository root)", orders_path);
  char line[512], scen[256] = "";
  unsigned long long seed = 0;
  int have_seed = 0, n = 0;
  gn_game *g = NULL;
  while (fgets(line, sizeof line, f)) {
    line[strcspn(line, "\r\n")] = 0;
    if (sscanf(line, "# seed %llu", &seed) == 1) { have_seed = 1; continue; }
    if (sscanf(line, "# scenario %255s", scen) == 1) continue;
    if (line[0] == '#' || line[0] == 0) continue;
    if (!g) {
      assert_true(have_seed);
      assert_true(scen[0]);
      g = gn_game_new(NULL);
      if (gn_game_load_file(g, scen) || gn_game_start(g, seed)) fail_msg("%s: %s", scen, gn_errmsg(g));
    }
    int rc = gn_order_apply(g, line);
    if (rc) fail_msg("%s: order %d '%s': %s", orders_path, n + 1, line, gn_errmsg(g));
    n++;
  }
  fclose(f);
  assert_non_null(g);
  assert_true(n > 10);
  char got[32];
  snprintf(got, sizeof got, "%016llx", (unsigned long long)gn_game_hash(g));
  FILE *h = fopen(hash_path, "r");
  if (!h) fail_msg("cannot open %s; this run's hash is %s", hash_path, got);
  char want[64] = "";
  if (!fgets(want, sizeof want, h)) want[0] = 0;
  fclose(h);
  want[strcspn(want, "\r\n ")] = 0;
  if (strcmp(want, got)) fail_msg("%s: final hash %s, recorded %s", orders_path, got, want);
  gn_game_free(g);
}

/* The skirmish at the Mill Ford (scenarios/inradic-skirmish.yaml). */
static void skirmish(void **state) {
  (void)state;
  replay("tests/golden/inradic-skirmish.orders", "tests/golden/inradic-skirmish.hash");
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(skirmish),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
