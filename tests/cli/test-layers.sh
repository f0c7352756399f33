#!/bin/sh
# shellcheck disable=SC2016  # patterns are single-quoted on purpose
# The layers and the comments, checked by grep over the sources (docs/design.md,
# "Who may call whom"):
#   - the engine (src/) includes nothing of the AI (ai/) or the command (cli/),
#     and calls none of their functions;
#   - the rules (src/rules/) leave the stand grid and the dice source to the core;
#   - the rules name the members of their own unit state, never a raw slot;
#   - comments tell what and why, never the history of the work: no "issue N";
#   - code cites the project's own rules index and docs, not rules-reference.md.
# Each grep is first shown to find a planted line, so a check that passes is
# one that looked. One TAP line per check; exits 1 if any failed.
repo=$(cd "$(dirname "$0")/../.." && pwd) || exit 2
cd "$repo" || exit 2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/grognard-layers.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
failed=0

check() { # check <name> <shell test...>
  name=$1; shift
  if "$@"; then echo "ok - $name"; else echo "not ok - $name"; failed=1; fi
}

# none <name> <ERE> <paths...>: the pattern finds its planted line, and no line
# of the C sources and headers under the paths; what it finds goes to stdout.
none() {
  name=$1 re=$2; shift 2
  printf '%s\n' "$PLANT" >"$tmp/plant.c"
  if ! grep -Eiq -- "$re" "$tmp/plant.c"; then
    echo "not ok - $name (the pattern misses its planted line)"; failed=1; return
  fi
  if grep -rEin --include='*.c' --include='*.h' -- "$re" "$@" >"$tmp/found"; then
    sed 's/^/    /' "$tmp/found"; echo "not ok - $name"; failed=1
  else
    echo "ok - $name"
  fi
}

PLANT='/* the melee tie (issue 12) */'
none 'no "issue N" in src/ include/ ai/ cli/' 'issue [0-9]' src include ai cli

PLANT='#include "../ai/sim.h"'
none 'src/ includes nothing from ai/ or cli/' \
  '^[[:space:]]*#[[:space:]]*include[[:space:]]*[<"]([^">]*/)?(ai|cli)/' src
PLANT='#include "sim.h"'
none 'src/ includes no header of ai/ or cli/ by its bare name' \
  "^[[:space:]]*#[[:space:]]*include[[:space:]]*[<\"]($(cd ai && ls ./*.h | sed 's|^\./||' | tr '\n' '|')$(cd cli && ls ./*.h | sed 's|^\./||' | paste -sd '|'))[\">]" src

PLANT='  if (gn_ai_params_parse(ai, &p, why, sizeof why)) {'
none 'src/ calls nothing of the AI or the simulator (gn_ai_*, gn_sim_*, gn_side_ai)' \
  '\<gn_(ai|sim)_[a-z_]+[[:space:]]*\(|\<gn_side_ai(_check)?[[:space:]]*\(' src

PLANT='  g->grid_dirty = 1;'
none 'the rules leave the stand grid to the core' \
  'grid_dirty|\<gn_grid_(set|remove|new|free)[[:space:]]*\(' src/rules
PLANT='      s->removed = 1;'
none 'the rules take units off and on the table through the core (gn__unit_remove, gn__unit_return)' \
  '([^v]|[[:alnum:]_]v)(->|\.)removed[[:space:]]*=[^=]' src/rules   # v: a gn_unit_view
PLANT='    if (tries > 0 && g->dice.mode == GN_DICE_ENUMERATE) {'
none 'the rules ask the core about the dice source (gn__enumerating), not its fields' \
  '(->|\.)dice\.(mode|checking|script|en|tape|pos)\>' src/rules

# Each ruleset's unit state is its own struct (gn__vb_unit, gn__ba_unit,
# gn__in_unit in src/core.h's union): the rules name its members, never a raw
# slot.
PLANT='  int q = g->st.u[i].attr[IN_A_QUALITY];'
none 'the rules name the members of their unit state, not slots (attr[...])' \
  '(->|\.)attr0?[[:space:]]*\[' src/rules

PLANT='** the grade plus the modifiers (rules-reference 3.7).'
none 'code cites the rules index and docs, not rules-reference.md' 'rules-reference' src include ai cli

# simulate plays battles on several threads, each asking the rules' checks: a
# libc call that keeps hidden state between calls (strtok, rand, localtime...)
# would let one battle's parsing change another's.
PLANT='  for (char *p = strtok(buf, ","); p; p = strtok(NULL, ",")) {'
none 'no libc call with hidden state between calls (strtok_r, not strtok)' \
  '(^|[^_a-z])(strtok|rand|srand|localtime|gmtime|asctime|ctime|drand48|lrand48|tmpnam)[[:space:]]*\(' src ai cli

check 'no src/yaml.h to shadow libyaml'"'"'s <yaml.h>' test ! -e src/yaml.h

exit $failed
