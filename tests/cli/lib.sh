# tests/cli/lib.sh: what the command-line tests share. Source it after setting
# GN_TEST (a word for the temporary folder's name):
#   GN_TEST=cli; . "$(dirname "$0")/lib.sh"
# It finds the grognard to test ($GN_BUILD/grognard, default build/grognard),
# makes a temporary folder $tmp removed at exit, and defines the checks, each
# printing one TAP line ("ok - NAME" or "not ok - NAME"); $failed is 1 after a
# failure.
repo=$(cd "$(dirname "$0")/../.." && pwd) || exit 2
case ${GN_BUILD:-build} in
  /*) exe=$GN_BUILD/grognard ;;
  *) exe=$repo/${GN_BUILD:-build}/grognard ;;
esac
[ -x "$exe" ] || { echo "not ok - $exe is built"; exit 1; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/grognard-${GN_TEST:-test}.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
# Under SAN=1: fontconfig (below cairo's text, for map) keeps its caches to the
# end of the process; they are not ours to free.
printf 'leak:libfontconfig.so\n' >"$tmp/lsan.supp"
LSAN_OPTIONS="suppressions=$tmp/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
export LSAN_OPTIONS
unset GROGNARD_DB
failed=0

check() { # check <name> <shell test...>
  name=$1; shift
  if "$@"; then echo "ok - $name"; else echo "not ok - $name"; failed=1; fi
}
# run <name> [args...]: stdout, stderr and status of grognard into $tmp/<name>.*
run() {
  n=$1; shift
  (cd "$tmp" && "$exe" "$@") >"$tmp/$n.out" 2>"$tmp/$n.err"
  echo $? >"$tmp/$n.rc"
}
status() { [ "$(cat "$tmp/$1.rc")" = "$2" ]; }
out() { grep -Eq -- "$2" "$tmp/$1.out"; }      # out <name> <ERE>: in stdout
err() { grep -Eq -- "$2" "$tmp/$1.err"; }      # err <name> <ERE>: in stderr
quiet() { [ ! -s "$tmp/$1.err" ]; }             # nothing on stderr
same() { cmp -s "$tmp/$1.out" "$tmp/$2.out"; }  # same stdout

# vb_scenario <file> <turns> [<extra top-level line>]: a small V&B scenario, a
# division leader and a brigade a side, facing each other 6" apart.
vb_scenario() {
  cat >"$1" <<EOF
grognard: 1
name: CLI test
ruleset: vb
table: {width: 48, height: 36, unit: in}
date: {year: 1815, month: 6, day: 18, hour: 9}
turns: $2
${3:-}
sides:
  - {id: french, name: French}
  - {id: allied, name: Allied}
formations:
  - {id: fdiv, echelon: division, side: french, leader: fl}
  - {id: adiv, echelon: division, side: allied, leader: al}
units:
  - {id: fl, code: FL, formation: fdiv, type: leader_division, at: [10, 6], strength: 0}
  - {id: f1, code: F1, formation: fdiv, type: infantry_brigade, at: [10, 10], strength: 4}
  - {id: al, code: AL, formation: adiv, type: leader_division, at: [10, 30], facing: 180, strength: 0}
  - {id: a1, code: A1, formation: adiv, type: infantry_brigade, at: [10, 16], facing: 180, strength: 4}
EOF
}
