#!/bin/sh
# grognard serve killed mid-game (SIGKILL) and started again on the same
# store: same codes, nothing lost, replay --verify (tests/serve/restart.js).
GN_TEST=serve-restart
. "$(dirname "$0")/lib.sh"
command -v node >/dev/null 2>&1 || { echo "not ok - node is installed (scripts/install-deps)"; exit 1; }
command -v sqlite3 >/dev/null 2>&1 || { echo "not ok - sqlite3 is installed (scripts/install-deps)"; exit 1; }
node "$repo/tests/serve/restart.js" "$tmp" "$repo/scenarios/vb-plancenoit.yaml"
