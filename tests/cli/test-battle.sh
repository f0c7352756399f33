#!/bin/sh
# The battle and simulate commands (issue 7): a narrated battle stored so that
# log, show and replay --verify work on it; a quiet battle; a batch whose JSON
# is byte-identical for 1, 2 and 4 threads; CSV and the batch in the store;
# usage errors; and, when grognard was built with MPI (make MPI=1) and mpirun
# is there, the same batch on 2 ranks. One TAP line per check.

GN_TEST=battle
. "$(dirname "$0")/lib.sh"

cat >"$tmp/t.yaml" <<'EOF'
grognard: 1
name: Battle test
ruleset: vb
table: {width: 48, height: 36}
date: {year: 1815, month: 6, day: 18, hour: 13}
turns: 4
sides:
  - {id: french, name: French}
  - {id: prussians, name: Prussians}
formations:
  - {id: vi, name: VI Corps, echelon: corps, side: french, leader: lobau}
  - {id: iv, name: IV Corps, echelon: corps, side: prussians, leader: bulow}
units:
  - {id: lobau, side: french, formation: vi, type: leader_corps, at: [20, 8], facing: 0, strength: 0}
  - {id: f1, side: french, formation: vi, type: infantry_brigade, at: [16, 10], facing: 0, strength: 5, attrs: {morale: 4}}
  - {id: f2, side: french, formation: vi, type: infantry_brigade, at: [20, 10], facing: 0, strength: 5, attrs: {morale: 4}}
  - {id: f3, side: french, formation: vi, type: cavalry_heavy, at: [24, 10], facing: 0, strength: 3, attrs: {morale: 5}}
  - {id: bulow, side: prussians, formation: iv, type: leader_corps, at: [20, 28], facing: 180, strength: 0}
  - {id: p1, side: prussians, formation: iv, type: infantry_brigade, at: [16, 26], facing: 180, strength: 5, attrs: {morale: 4}}
  - {id: p2, side: prussians, formation: iv, type: infantry_brigade, at: [20, 26], facing: 180, strength: 5, attrs: {morale: 4}}
objectives:
  - {id: village, name: Plancenoit, at: [20, 18], radius: 3, points: 2}
EOF

# --- battle
run b1 --db b.db battle t.yaml --seed 42
check "battle runs" status b1 0
check "battle narrates orders and events" eval 'out b1 "^> (move|charge) f1 " && out b1 "^  .*\(ref\. VB-"'
check "battle prints each turn" out b1 '^== end of turn 1 \(18 June 1815, 2 p.m.\): French'
check "battle reports the result" out b1 '^== result after 4 turns'
check "battle reports losses in SP and men (VB-72)" out b1 'lost [0-9]+ of 13 SP \(about [0-9,]+ men of 6,500 present\)'
check "battle reports the objective" out b1 '^objective Plancenoit \(2 points\): '
check "battle reports refused orders" out b1 '^orders refused: 0 '
id=$(sed -n 's/^== battle \([^:]*\):.*/\1/p' "$tmp/b1.out")
check "battle names the stored game" [ "$id" = g1 ]
check "battle's hint names the store it used, and its commands work there" eval \
  'out b1 "^stored as g1 in b.db: grognard --db b.db log g1 " && (cd "$tmp" && "$exe" --db b.db log g1 >/dev/null)'
run r1 --db b.db replay g1 --verify
check "the stored battle replays with every hash" out r1 'every state hash matches'
hash=$(sed -n 's/^final state hash \(.*\)/\1/p' "$tmp/b1.out")
check "the replay ends on the battle's hash" out r1 "state hash $hash"
run l1 --db b.db log g1
check "log works on the battle" status l1 0
run s1 --db b.db show g1 --umpire
check "show works on the battle" out s1 'Plancenoit'
run b2 --db b.db battle t.yaml --seed 42 --quiet
check "same seed, same battle" [ "$(sed -n 's/^final state hash //p' "$tmp/b2.out")" = "$hash" ]
check "quiet: one line per turn, no events" sh -c "! grep -q '^> ' '$tmp/b2.out' && grep -q '^== end of turn 4' '$tmp/b2.out'"
run b3 --db b.db battle t.yaml --ai doctrine:aggression=0.9,caution=0.1,passive --quiet
check "--ai names each side's commander" out b3 'French: doctrine:aggression=0.90,caution=0.10'
check "--ai second commander" out b3 'Prussians: passive:aggression=0.50,caution=0.50'
run b4 --db b.db battle t.yaml --ai genius
check "a bad --ai is a usage error" status b4 2
check "a bad --ai says why" err b4 "unknown AI kind 'genius'"
run b5 --db b.db battle nosuch.yaml
check "a missing scenario fails" status b5 1

# --- simulate
run m1 --db m.db simulate t.yaml --runs 12 --seed 7 --jobs 1 --json j1.json --csv c1.csv
check "simulate runs" status m1 0
check "simulate prints rates with intervals" out m1 '^result +count +rate +95% interval'
check "simulate stores the batch (a note on stderr)" err m1 '^grognard: stored as batch b1 in m.db'
check "the old spellings --json FILE and --csv FILE still work, each with a note" eval \
  'err m1 "note: .--json FILE. is the old spelling" && err m1 "note: .--csv FILE. is the old spelling"'
run n1 --db m.db simulate t.yaml --runs 12 --seed 7 --jobs 1 --json --no-store
check "simulate --json: the same JSON on stdout, and nothing else" cmp -s "$tmp/n1.out" "$tmp/j1.json"
run n2 --db m.db simulate t.yaml --runs 12 --seed 7 -o c2.csv --no-store
check "simulate -o FILE.csv: the CSV in the file, nothing on stdout" eval \
  'status n2 0 && cmp -s "$tmp/c1.csv" "$tmp/c2.csv" && [ ! -s "$tmp/n2.out" ]'
run n3 --db m.db simulate t.yaml --runs 2 --no-store --format pdf
check "simulate --format pdf: a usage error naming the formats" eval 'status n3 2 && err n3 "formats: text, json, csv, svg"'
run m2 --db m.db simulate t.yaml --runs 12 --seed 7 --jobs 2 --json j2.json --no-store
run m4 --db m.db simulate t.yaml --runs 12 --seed 7 --jobs 4 --json j4.json --no-store
check "the same JSON for 1 and 2 threads" cmp -s "$tmp/j1.json" "$tmp/j2.json"
check "the same JSON for 1 and 4 threads" cmp -s "$tmp/j1.json" "$tmp/j4.json"
check "CSV: a header and 12 battles" [ "$(wc -l <"$tmp/c1.csv")" -eq 13 ]
check "the progress bar stays off when stderr is not a terminal" sh -c "! grep -q 'battles/s' '$tmp/m1.err'"
run m6 --db m.db simulate t.yaml --runs 12 --seed 7 --jobs 2 --no-store --svg s2.svg
run m7 --db m.db simulate t.yaml --runs 12 --seed 7 --jobs 1 --no-store --svg s1.svg
check "--svg draws the batch: an SVG picture" eval 'status m6 0 && grep -q "^<svg " "$tmp/s2.svg" && tail -n 1 "$tmp/s2.svg" | grep -q "^</svg>"'
check "--svg: a rate bar for each side and the draws, each with its interval" \
  eval '[ "$(grep -c "class=\"rate\"" "$tmp/s2.svg")" = 3 ] &&
        [ "$(grep -Ec ">[0-9.]+% \([0-9.]+-[0-9.]+%\)</text>" "$tmp/s2.svg")" = 3 ]'
check "--svg: a loss histogram for each side, a turn-of-decision chart, the objective's holders" \
  eval 'grep -q "class=\"bin\"" "$tmp/s2.svg" && grep -q "losses (SP) per battle" "$tmp/s2.svg" &&
        grep -q "turn of decision" "$tmp/s2.svg" && [ "$(grep -c "class=\"held\"" "$tmp/s2.svg")" = 3 ]'
check "--svg: the same picture for 1 and 2 threads" cmp -s "$tmp/s1.svg" "$tmp/s2.svg"
run m8 --db m.db simulate t.yaml --runs 2 --no-store --svg /nonexistent/dir/s.svg
check "--svg to a file that cannot be written fails (exit 1)" eval 'status m8 1 && err m8 "cannot write /nonexistent/dir/s.svg"'
run m5 --db m.db simulate t.yaml --seed 7
check "simulate needs --runs" status m5 2

# --- MPI: the same batch on 2 ranks. A grognard built without MPI has one
# built beside it (make MPI=1 B=build/mpi, incremental) when mpicc is there.
mexe=$exe
if "$exe" simulate "$tmp/t.yaml" --runs 1 --mpi --no-store 2>&1 | grep -q 'built without MPI'; then
  mexe=""
  if command -v mpicc >/dev/null 2>&1 && command -v mpirun >/dev/null 2>&1; then
    mb=${GN_MPI_BUILD:-${GN_BUILD:-build}/mpi}   # under SAN=1 its own folder: objects never mix
    if make -C "$repo" -s MPI=1 B="$mb" "$mb/grognard" >"$tmp/mpimake.out" 2>&1; then
      case $mb in /*) mexe=$mb/grognard ;; *) mexe=$repo/$mb/grognard ;; esac
    else
      echo "not ok - make MPI=1 builds grognard with Open MPI"; sed 's/^/# /' "$tmp/mpimake.out"; failed=1
    fi
  fi
fi
if [ -z "$mexe" ] || ! command -v mpirun >/dev/null 2>&1; then
  echo "ok - # SKIP no mpirun (or no mpicc to build grognard with MPI: make MPI=1)"
else
  (cd "$tmp" && mpirun --allow-run-as-root --oversubscribe -np 2 "$mexe" --db mpi.db simulate t.yaml \
     --runs 12 --seed 7 --mpi --json jm.json --csv cm.csv --no-store) >"$tmp/mpi.out" 2>"$tmp/mpi.err"
  check "mpirun -np 2 gives the JSON of one thread" cmp -s "$tmp/j1.json" "$tmp/jm.json"
  check "mpirun -np 2 gives the CSV of one thread" cmp -s "$tmp/c1.csv" "$tmp/cm.csv"
  check "mpirun -np 2: each rank plays its share" grep -q "on each of 2 MPI ranks" "$tmp/mpi.err"
fi

# a battle across a night: the recovery may give a side back more SP than the
# day took; the report says so instead of printing a negative loss
run night --db n.db battle "$repo/scenarios/vb-teach-night.yaml" --seed 3
check "battle through a night: gains after recovery are not negative losses" \
  eval 'status night 0 && out night "recovers" && ! grep -Eq -- "\(--|lost -" "$tmp/night.out" &&
        out night "(\(\+[0-9]+\)|gained [0-9]+ over its)"'

# --- the bundled two-day battle: check is clean, and simulate sets it beside its history
run wcheck check "$repo/scenarios/vb-wavre.yaml"
check "vb-wavre: check is clean (no error, no warning)" eval \
  'status wcheck 0 && out wcheck "vb-wavre.yaml: ok \(vb, .*, 9 turns\)$" && [ ! -s "$tmp/wcheck.err" ]'
run wsim simulate "$repo/scenarios/vb-wavre.yaml" --runs 4 --seed 1 --jobs 1 --no-store
check "vb-wavre: simulate reports against history, the Prussians' task of the 18th at its turn" eval \
  'status wsim 0 && out wsim "^against history" &&
   out wsim "Wavre held on the 18th held by Prussian III Corps at turn 5; simulated [0-9]+ of 4" &&
   out wsim "source: P. Hofschroer, 1815: The Waterloo Campaign"'

# --- the standing in show: the verdict on the game as it stands, the umpire's only
run vnew --db v.db new "$repo/scenarios/vb-teach-victory.yaml" --seed 1
run vshow --db v.db show g1
check "show ends with the standing (the umpire's verdict on the game as it stands)" \
  out vshow '^standing now: draw: victory points French 2.0, Prussians 2.0, a margin under 1.5'
run vside --db v.db show g1 --as french
check "show --as SIDE gives no standing (it reads strengths the side may not see)" \
  eval 'status vside 0 && ! out vside "^standing"'

[ $failed -eq 0 ]
