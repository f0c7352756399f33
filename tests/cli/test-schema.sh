#!/bin/sh
# The scenario schema command and the documentation generated from it.
cd "$(dirname "$0")/../.." || exit 2
B=${GN_BUILD:-build}
fail=0
check() { if eval "$2"; then echo "ok - $1"; else echo "not ok - $1"; fail=1; fi; }
check "schema vb lists unit types, attributes, terrain, options" \
  '"$B/grognard" schema vb | grep -q "^| \`infantry_brigade\` | 3 in | 3 in |" && "$B/grognard" schema vb | grep -q "^### Options"'
check "schema of an unknown ruleset: exit 1" '! "$B/grognard" schema chess 2>/dev/null'
check "docs/rulesets.md is current" 'scripts/gen-rulesets-doc --check'
exit $fail
