#!/bin/sh
# shellcheck disable=SC2016,SC2317  # checks are passed to check() as words or eval strings
# Checks scripts/refcheck against the fixture tree tests/refcheck/
# (its own rules index, src/a.c and tests/t.c). Prints one TAP line per check,
# "ok - <name>" or "not ok - <name>", and exits 1 if any check failed.

repo=$(cd "$(dirname "$0")/../.." && pwd) || exit 2
refcheck=$repo/scripts/refcheck
fixture=$repo/tests/refcheck
tmp=$(mktemp -d "${TMPDIR:-/tmp}/refcheck.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
failed=0

check() { # check <name> <shell test...>
  name=$1; shift
  if "$@"; then echo "ok - $name"; else echo "not ok - $name"; failed=1; fi
}
has_line() { grep -Eq -- "$1" "$2"; }      # has_line <ERE> <file>
run() { # run <outname> <root> [args...]: stdout, stderr and status into $tmp
  out=$1 root=$2; shift 2
  (cd / && REFCHECK_ROOT=$root "$refcheck" "$@") >"$tmp/$out.out" 2>"$tmp/$out.err"
  echo $? >"$tmp/$out.rc"
}
status() { [ "$(cat "$tmp/$1.rc")" = "$2" ]; }

run full "$fixture"
run quiet "$fixture" --quiet
run tsv "$fixture" --tsv
bad_line=$(grep -n 'VB-99' "$fixture/tests/t.c" | cut -d: -f1)

check "known id cited in src and tests is yes/yes" \
  has_line '^VB-1 +yes +yes +Cited in src and tests$' "$tmp/full.out"
check "NOT IMPLEMENTED marker is reported as gap" \
  has_line '^VB-2 +gap +- +Known gap$' "$tmp/full.out"
check "uncited id is -/-, a citation inside the index does not count" \
  has_line '^VB-3 +- +- +Cited nowhere$' "$tmp/full.out"
check "id list after the tag: first id implemented and tested" \
  has_line '^VB-4 +yes +yes ' "$tmp/full.out"
check "id list: id with an inner hyphen is read whole" \
  has_line '^BA-DICE-1 +yes +- ' "$tmp/full.out"
check "id list: dotted id keeps its dots, final full stop stripped" \
  has_line '^BA-5\.5\.3b +yes +- ' "$tmp/full.out"
check "unknown id makes the exit status 1" status full 1
check "unknown id is printed as path:line message" \
  has_line "^tests/t\\.c:$bad_line: unknown rule id 'VB-99'\$" "$tmp/full.err"
check "per-ruleset totals line" \
  has_line '^x: 6 ids, 4 implemented, 1 gaps, 1 missing, 2 tested$' "$tmp/full.out"
check "summary line" \
  has_line '^refcheck: 6 ids, 4 implemented, 2 tested, 1 unknown$' "$tmp/full.out"

check "--quiet prints only the summary on stdout" \
  [ "$(cat "$tmp/quiet.out")" = "refcheck: 6 ids, 4 implemented, 2 tested, 1 unknown" ]
check "--quiet still prints the problem and exits 1" \
  eval 'has_line "unknown rule id .VB-99." "$tmp/quiet.err" && status quiet 1'

tab=$(printf '\t')
check "--tsv prints one row per id, seven fields each" \
  eval '[ "$(wc -l <"$tmp/tsv.out")" -eq 6 ] &&
        [ "$(awk -F"$tab" "NF != 7" "$tmp/tsv.out" | wc -l)" -eq 0 ]'
check "--tsv row: id, ruleset, impl, test, provenance, title, interpretation" \
  has_line "^VB-2${tab}x${tab}gap${tab}-${tab}seed${tab}Known gap${tab}-\$" "$tmp/tsv.out"

# The same tree without the unknown id must pass.
cp -R "$fixture" "$tmp/clean"
grep -v 'VB-99' "$fixture/tests/t.c" >"$tmp/clean/tests/t.c"
run clean "$tmp/clean"
check "tree without unknown ids exits 0 with no problems" \
  eval 'status clean 0 && [ ! -s "$tmp/clean.err" ] &&
        has_line " 0 unknown\$" "$tmp/clean.out"'

run badopt "$fixture" --bogus
check "unknown option exits 2" status badopt 2

# The repository itself, run from another directory: the fixture is not scanned.
(cd / && "$refcheck" --quiet) >"$tmp/repo.out" 2>&1
check "repository run from another cwd prints the summary, skips the fixture" \
  eval 'has_line "^refcheck: [0-9]+ ids, [0-9]+ implemented, [0-9]+ tested, [0-9]+ unknown\$" "$tmp/repo.out" &&
        ! grep -q "tests/refcheck/" "$tmp/repo.out"'

exit $failed
