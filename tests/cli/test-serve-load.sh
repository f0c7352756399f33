#!/bin/sh
# grognard serve under load: 50 loopback clients watching the event stream
# while several give orders at once; no order lost or applied twice, replay
# --verify passes, within 60 s (tests/serve/load.js).
GN_TEST=serve-load
. "$(dirname "$0")/lib.sh"
command -v node >/dev/null 2>&1 || { echo "not ok - node is installed (scripts/install-deps)"; exit 1; }
vb_scenario "$tmp/long.yaml" 30
node "$repo/tests/serve/load.js" "$tmp" "$tmp/long.yaml"
