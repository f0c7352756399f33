/* libFuzzer target: the scenario loader (YAML, validation, ruleset data). */
#include <stdint.h>
#include "grognard.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  gn_game *g = gn_game_new(NULL);
  if (!g) return 0;
  if (gn_game_load(g, "fuzz.yaml", (const char *)data, size) == 0) gn_game_start(g, 1);
  gn_game_free(g);
  return 0;
}
