/* libFuzzer target: the order parser and handlers, on the bundled V&B
** teaching scenario; every input line is one order. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "grognard.h"

static char *scenario;
static size_t scenario_len;

static void load_once(void) {
  if (scenario) return;
  FILE *f = fopen(getenv("GN_FUZZ_SCENARIO") ? getenv("GN_FUZZ_SCENARIO") : "scenarios/vb-teach-fire.yaml", "rb");
  if (!f) abort();
  scenario = malloc(1 << 20);
  scenario_len = fread(scenario, 1, 1 << 20, f);
  fclose(f);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  load_once();
  gn_game *g = gn_game_new(NULL);
  if (!g || gn_game_load(g, "fuzz", scenario, scenario_len) || gn_game_start(g, 3)) abort();
  char line[512];
  size_t i = 0;
  while (i < size) {
    size_t n = 0;
    while (i < size && data[i] != '\n' && n < sizeof line - 1) line[n++] = (char)data[i++];
    i++;
    line[n] = 0;
    uint64_t h = gn_game_hash(g);
    int orders = gn_game_order_count(g);
    int rc = gn_order_apply(g, line);
    if (rc && (gn_game_hash(g) != h || gn_game_order_count(g) != orders)) __builtin_trap();   /* half-applied */
  }
  gn_game_free(g);
  return 0;
}
