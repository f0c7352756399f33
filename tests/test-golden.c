/*
** test-golden.c: the golden games. Each tests/golden/NAME.orders replays on
** scenarios/NAME.yaml and must reach the state hash in tests/golden/NAME.hash;
** a second replay and a clone must agree with the first. Adding a game is
** adding its two files.
**
** The .orders file: the first line "# seed N"; then one order a line; other
** lines starting with '#' are comments, except these checks of the end state:
**   # expect over                   the game has ended
**   # expect turn N                 it is turn N
**   # expect events KIND REF >= N   at least N events of that kind and rule id
**   # expect events KIND REF == N   exactly N
**
** The hash pins the whole state: a change of any rule, datum or dice path
** that touches the game shows up here. When such a change is deliberate,
** regenerate the hashes and review the games' logs:
**   GN_GOLDEN_WRITE=1 build/tests/test-golden
** (from the repository root), then commit the new .hash files with the change.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "grognard.h"

#define GOLDEN "tests/golden"

/* Replays NAME; checks the expectations when check is set. */
static gn_game *replay(const char *name, int check) {
  char path[256], scen[256], line[512];
  snprintf(path, sizeof path, GOLDEN "/%s.orders", name);
  snprintf(scen, sizeof scen, "scenarios/%s.yaml", name);
  FILE *f = fopen(path, "r");
  if (!f) fail_msg("%s is missing (run from the repository root)", path);
  unsigned long long seed = 0;
  if (!fgets(line, sizeof line, f) || sscanf(line, "# seed %llu", &seed) != 1)
    fail_msg("%s: the first line must be '# seed N'", path);
  gn_game *g = gn_game_new(NULL);
  if (gn_game_load_file(g, scen)) fail_msg("%s: %s", scen, gn_errmsg(g));
  assert_int_equal(gn_game_start(g, seed), 0);
  char expect[32][512];
  int nexpect = 0, n = 0, lineno = 1;
  while (fgets(line, sizeof line, f)) {
    lineno++;
    line[strcspn(line, "\r\n")] = 0;
    if (!strncmp(line, "# expect ", 9) && nexpect < 32) {
      snprintf(expect[nexpect++], sizeof expect[0], "%s", line + 9);
      continue;
    }
    if (!line[0] || line[0] == '#') continue;
    if (gn_order_apply(g, line)) fail_msg("%s:%d: '%s': %s", path, lineno, line, gn_errmsg(g));
    n++;
  }
  fclose(f);
  assert_true(n > 0);
  assert_int_equal(gn_game_order_count(g), n);
  for (int i = 0; check && i < nexpect; i++) {
    char kind[32], ref[32], op[3];
    int v, count = 0;
    if (!strcmp(expect[i], "over")) {
      if (!gn_game_over(g)) fail_msg("%s: the game has not ended", name);
    } else if (sscanf(expect[i], "turn %d", &v) == 1) {
      if (gn_game_turn(g) != v) fail_msg("%s: turn %d, expected %d", name, gn_game_turn(g), v);
    } else if (sscanf(expect[i], "events %31s %31s %2s %d", kind, ref, op, &v) == 4) {
      for (int k = 0; k < gn_event_count(g); k++) {
        const gn_event *e = gn_event_get(g, k);
        count += !strcmp(e->kind, kind) && !strcmp(e->ref, ref);
      }
      if (strcmp(op, ">=") == 0 ? count < v : count != v)
        fail_msg("%s: %d events %s %s, expected %s %d", name, count, kind, ref, op, v);
    } else {
      fail_msg("%s: cannot read '# expect %s'", name, expect[i]);
    }
  }
  return g;
}

/* Calls fn for each NAME.orders of the folder; returns how many. */
static int each_game(void (*fn)(const char *name)) {
  DIR *d = opendir(GOLDEN);
  if (!d) fail_msg(GOLDEN " is missing (run from the repository root)");
  struct dirent *e;
  int n = 0;
  while ((e = readdir(d))) {
    size_t len = strlen(e->d_name);
    if (len < 8 || strcmp(e->d_name + len - 7, ".orders")) continue;
    char name[200];
    snprintf(name, sizeof name, "%.*s", (int)(len - 7), e->d_name);
    fn(name);
    n++;
  }
  closedir(d);
  return n;
}

static void one_hash(const char *name) {
  char path[256];
  gn_game *g = replay(name, 1);
  unsigned long long h = gn_game_hash(g);
  snprintf(path, sizeof path, GOLDEN "/%s.hash", name);
  if (getenv("GN_GOLDEN_WRITE")) {
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fprintf(f, "%016llx\n", h);
    fclose(f);
    print_message("wrote %s: %016llx\n", path, h);
  }
  FILE *f = fopen(path, "r");
  if (!f) fail_msg("%s is missing: GN_GOLDEN_WRITE=1 writes it", path);
  unsigned long long want = 0;
  assert_int_equal(fscanf(f, "%llx", &want), 1);
  fclose(f);
  if (h != want) fail_msg("%s: final hash %016llx, recorded %016llx", name, h, want);
  gn_game_free(g);
}

static void one_repeat(const char *name) {
  gn_game *a = replay(name, 0), *b = replay(name, 0);
  assert_true(gn_game_hash(a) == gn_game_hash(b));
  assert_int_equal(gn_event_count(a), gn_event_count(b));
  for (int i = 0; i < gn_event_count(a); i++) {   /* the logs agree byte for byte */
    char *x = gn_event_json(a, i), *y = gn_event_json(b, i);
    assert_string_equal(x, y);
    gn_string_free(x);
    gn_string_free(y);
  }
  gn_game *c = gn_game_clone(a);
  assert_non_null(c);
  assert_true(gn_game_hash(c) == gn_game_hash(a));
  gn_game_free(a);
  gn_game_free(b);
  gn_game_free(c);
}

/* Every golden game replays to its recorded hash and meets its expectations. */
static void golden_hashes(void **state) {
  (void)state;
  assert_true(each_game(one_hash) >= 3);   /* one per ruleset at least */
}

/* The same inputs give the same game, event for event. */
static void golden_deterministic(void **state) {
  (void)state;
  assert_true(each_game(one_repeat) >= 3);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(golden_hashes),
    cmocka_unit_test(golden_deterministic),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
