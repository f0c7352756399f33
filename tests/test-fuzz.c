/*
** test-fuzz.c: replays every input kept in tests/fuzz/<target>/ (seeds and
** the crashes `make fuzz` found) through what the fuzz targets exercise, and
** checks the properties they check: no crash, formats that parse back,
** diagnostics that name file:line:col, orders never half-applied.
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

/* Calls fn on the contents of every file in dir; returns how many. */
static int each_file(const char *dir, void (*fn)(const char *path, const char *data, size_t n)) {
  DIR *d = opendir(dir);
  if (!d) fail_msg("cannot open %s (run from the repository root)", dir);
  struct dirent *e;
  int count = 0;
  while ((e = readdir(d))) {
    if (e->d_name[0] == '.') continue;
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
    FILE *f = fopen(path, "rb");
    if (!f) continue;
    char *buf = malloc(1 << 16);
    size_t n = fread(buf, 1, (1 << 16) - 1, f);
    buf[n] = 0;
    fclose(f);
    fn(path, buf, n);
    free(buf);
    count++;
  }
  closedir(d);
  return count;
}

static void one_dice(const char *path, const char *data, size_t n) {
  (void)path; (void)n;
  gn_dice d, e;
  char err[128], buf[256];
  if (gn_dice_parse(data, &d, err, sizeof err) == 0) {
    gn_dice_format(&d, buf, sizeof buf);
    assert_int_equal(gn_dice_parse(buf, &e, err, sizeof err), 0);
    assert_int_equal(gn_dice_min(&d), gn_dice_min(&e));
    assert_int_equal(gn_dice_max(&d), gn_dice_max(&e));
  } else {
    assert_true(err[0] != 0);
  }
}

static void one_scenario(const char *path, const char *data, size_t n) {
  gn_game *g = gn_game_new(NULL);
  int rc = gn_game_load(g, path, data, n);
  if (rc) {
    assert_true(gn_diag_count(g) > 0);
    for (int i = 0; i < gn_diag_count(g); i++)   /* file:line:col: message */
      assert_true(strncmp(gn_diag(g, i), path, strlen(path)) == 0);
  } else {
    gn_game_start(g, 1);
  }
  gn_game_free(g);
}

static char *scenario;
static size_t scenario_len;

static void one_orders(const char *path, const char *data, size_t n) {
  (void)path;
  gn_game *g = gn_game_new(NULL);
  assert_int_equal(gn_game_load(g, "scenario", scenario, scenario_len), 0);
  assert_int_equal(gn_game_start(g, 3), 0);
  char line[512];
  size_t i = 0;
  while (i < n) {
    size_t k = 0;
    while (i < n && data[i] != '\n' && k < sizeof line - 1) line[k++] = data[i++];
    i++;
    line[k] = 0;
    uint64_t h = gn_game_hash(g);
    int before = gn_game_order_count(g);
    if (gn_order_apply(g, line) != 0) {   /* refused: nothing changed */
      assert_true(gn_game_hash(g) == h);
      assert_int_equal(gn_game_order_count(g), before);
    }
  }
  gn_game_free(g);
}

static void dice_corpus(void **state) {
  (void)state;
  assert_true(each_file("tests/fuzz/fuzz-dice", one_dice) >= 1);
}

static void scenario_corpus(void **state) {
  (void)state;
  assert_true(each_file("tests/fuzz/fuzz-scenario", one_scenario) >= 1);
}

static void order_corpus(void **state) {
  (void)state;
  FILE *f = fopen("scenarios/vb-teach-fire.yaml", "rb");
  if (!f) fail_msg("scenarios/vb-teach-fire.yaml is missing");
  scenario = malloc(1 << 20);
  scenario_len = fread(scenario, 1, 1 << 20, f);
  fclose(f);
  assert_true(each_file("tests/fuzz/fuzz-order", one_orders) >= 1);
  free(scenario);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(dice_corpus),
    cmocka_unit_test(scenario_corpus),
    cmocka_unit_test(order_corpus),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
