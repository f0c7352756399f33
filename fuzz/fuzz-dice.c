/* libFuzzer target: the dice-expression parser. */
#include <stdint.h>
#include <string.h>
#include "grognard.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char text[256], err[128], buf[256];
  gn_dice d;
  if (size >= sizeof text) size = sizeof text - 1;
  memcpy(text, data, size);
  text[size] = 0;
  if (gn_dice_parse(text, &d, err, sizeof err) == 0) {
    gn_dice_format(&d, buf, sizeof buf);
    gn_dice e;
    if (gn_dice_parse(buf, &e, err, sizeof err) != 0) __builtin_trap();   /* format must parse */
    if (gn_dice_min(&d) != gn_dice_min(&e) || gn_dice_max(&d) != gn_dice_max(&e)) __builtin_trap();
  }
  return 0;
}
