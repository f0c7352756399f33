#!/bin/sh
# grognard serve: every call of its API for both sides and the umpire, and
# the requests it refuses (tests/serve/api.js, with node's own http module).
GN_TEST=serve-api
. "$(dirname "$0")/lib.sh"
command -v node >/dev/null 2>&1 || { echo "not ok - node is installed (scripts/install-deps)"; exit 1; }
vb_scenario "$tmp/over.yaml" 1
node "$repo/tests/serve/api.js" "$tmp" "$repo" "$tmp/over.yaml"
