#!/bin/sh
# test-snapshot.sh: a long game through the command line, across the store's
# snapshots (every 256 orders): order, show and undo resume from the newest
# snapshot; log still prints the whole game; replay --verify checks each
# snapshot against the replay. TAP lines.
GN_TEST=snapshot; . "$(dirname "$0")/lib.sh"

vb_scenario "$tmp/long.yaml" 1000 "options: {days: 9}"

run new new long.yaml --seed 5
bad=0
i=0
while [ $i -lt 258 ]; do
  case $i in
    1) o="move F1 to 10,12" ;;
    5) o="fire F1 at A1" ;;
    *) o=end ;;
  esac
  (cd "$tmp" && "$exe" order g1 $o) >/dev/null 2>&1 || bad=$((bad + 1))
  i=$((i + 1))
done
check "258 orders, one process each" eval '[ $bad = 0 ]'
run show1 show g1 --json
run log1 log g1 --json
check "log still prints the game from its first event" eval 'status log1 0 && out log1 "\"seq\": ?0[,}]"'
run verify replay g1 --verify
check "replay --verify: every hash and snapshot matches" eval 'status verify 0 && out verify "258 orders replayed, every state hash matches"'
run undo1 undo g1
run undo2 undo g1
run undo3 undo g1
check "undo back across a snapshot" eval 'status undo3 0 && out undo3 "now 255 orders"'
run order2 order g1 end
run order3 order g1 end
run order4 order g1 end
run show2 show g1 --json
check "the same game after undoing and replaying the orders" eval 'status show2 0 && same show1 show2'
if command -v sqlite3 >/dev/null 2>&1; then
  n=$(sqlite3 "$tmp/grognard.db" "SELECT count(*) FROM snapshots WHERE game = 'g1'")
  check "one snapshot in the store, after order 256" eval '[ "$n" = 1 ]'
  sqlite3 "$tmp/grognard.db" "UPDATE snapshots SET state = x'00'"
  run show3 show g1 --json
  check "a damaged snapshot is passed over" eval 'status show3 0 && same show1 show3'
  run verify2 replay g1 --verify
  check "replay --verify names a damaged snapshot: exit 1" eval 'status verify2 1 && err verify2 "snapshot after order 256"'
else
  echo "ok - one snapshot in the store # SKIP no sqlite3 command"
  echo "ok - a damaged snapshot is passed over # SKIP no sqlite3 command"
  echo "ok - replay --verify names a damaged snapshot # SKIP no sqlite3 command"
fi

# The map of a game resumed from its snapshot (as `map` loads it) draws the
# moves made before the snapshot in the phase the arrows show: a French
# movement phase met after order 240 is filled with moves of the division
# leader up to order 256, after which the store takes its snapshot, and one
# more after it; then the phase ends.
run new2 new long.yaml --seed 5
n=0 moves=0 bad=0
while [ $n -lt 258 ]; do
  o=end
  if [ $n -ge 240 ] && [ $n -lt 257 ] && { [ $moves -gt 0 ] ||
       [ "$(cd "$tmp" && "$exe" show g2 --json | jq -r '.phase + " " + .active_side')" = "movement french" ]; }; then
    o="move FL to 10,$((6 + (moves + 1) % 2))"
    moves=$((moves + 1))
  fi
  (cd "$tmp" && "$exe" order g2 $o) >/dev/null 2>&1 || bad=$((bad + 1))
  n=$((n + 1))
done
run map2 map g2 --umpire -o resumed.svg
arrows=$(grep -c '^<g class="move" data-unit="FL"' "$tmp/resumed.svg")
check "the map after a resume: an arrow for each of the $moves moves of the phase, before and after the snapshot ($arrows)" \
  eval '[ $bad = 0 ] && status map2 0 && [ "$moves" -ge 3 ] && [ "$arrows" = "$moves" ]'

exit $failed
