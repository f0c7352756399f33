#!/bin/sh
# The page of `grognard serve` in Debian's chromium, driven by playwright-core
# (tests/web/browser.mjs): two sides and the umpire play a whole turn of each
# ruleset by tapping, with typed physical dice, live updates, refusals and
# checked screenshots (into $GN_BUILD/web-shots/). One TAP line per check.
# Bounded: the whole run is stopped after GN_WEB_SECONDS (default 420).
repo=$(cd "$(dirname "$0")/../.." && pwd) || exit 2
case ${GN_BUILD:-build} in
  /*) B=$GN_BUILD ;;
  *) B=$repo/${GN_BUILD:-build} ;;
esac
exe=$B/grognard
[ -x "$exe" ] || { echo "not ok - $exe is built"; exit 1; }
# A missing browser or node_modules is a failure, never a skip: CI must run it.
missing=""
[ -x /usr/bin/chromium ] || missing="$missing Debian's chromium (/usr/bin/chromium)"
command -v node >/dev/null 2>&1 || missing="$missing node"
[ -f "$repo/tests/web/node_modules/playwright-core/package.json" ] || missing="$missing tests/web/node_modules (playwright-core)"
if [ -n "$missing" ]; then
  echo "not ok - the browser test needs:$missing; run scripts/install-deps (as root: it installs chromium and runs npm ci in tests/web)"
  exit 1
fi
case ${LSAN_OPTIONS:-} in
  *lsan.supp*) ;;
  *) LSAN_OPTIONS="suppressions=$repo/tests/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"; export LSAN_OPTIONS ;;
esac
tmp=$(mktemp -d "${TMPDIR:-/tmp}/grognard-web.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
unset GROGNARD_DB
# TMPDIR: the browser's fresh profile is made in the test's own folder.
TMPDIR=$tmp timeout -k 10 "${GN_WEB_SECONDS:-420}" \
  node "$repo/tests/web/browser.mjs" "$exe" "$repo/scenarios" "$tmp" "$B/web-shots" "${GN_WEB_ONLY:-}"
rc=$?
[ $rc -eq 124 ] && echo "not ok - the browser test ended within ${GN_WEB_SECONDS:-420} s"
exit $rc
