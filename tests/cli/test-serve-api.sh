#!/bin/sh
# shellcheck disable=SC2016  # checks are passed to check() as words
# grognard serve: its usage and start-up refusals, then every call of its
# API for both sides and the umpire, and the requests it refuses
# (tests/serve/api.js, with node's own http module).
GN_TEST=serve-api
. "$(dirname "$0")/lib.sh"
command -v node >/dev/null 2>&1 || { echo "not ok - node is installed (scripts/install-deps)"; exit 1; }

run help serve --help
check "serve --help names its options" eval 'status help 0 && out help -- "--listen ADDR:PORT" && out help -- "--links FILE"'
run badlisten serve x.yaml --listen nonsense
check "--listen without ADDR:PORT: usage, status 2" eval 'status badlisten 2 && err badlisten "ADDR:PORT"'
run badport serve x.yaml --listen 127.0.0.1:70000
check "--listen with a port past 65535: status 2" status badport 2
run v6 serve x.yaml --listen "[::1]:0"
check "--listen with an address that is not IPv4: status 2" eval 'status v6 2 && err v6 "IPv4"'
run baddice serve x.yaml --dice loaded
check "--dice neither auto nor table: status 2" status baddice 2
run seedgame serve g1 --seed 3
check "--seed with a game id: status 2" eval 'status seedgame 2 && err seedgame "SCENARIO"'
run nostore serve g1
check "a game id without a store: status 1, nothing served" eval 'status nostore 1 && [ ! -s "$tmp/nostore.out" ]'
run badscen serve "$repo/tests/bad/$(ls "$repo/tests/bad" | grep '\.yaml$' | head -n 1)"
check "a scenario with problems: status 1 with file:line:col" eval 'status badscen 1 && err badscen ":[0-9]+:[0-9]+:"'

# a port already taken: refused with the reason
# (started as plain commands, so that $! is grognard itself; a background
# command of sh ignores SIGINT, so these two are stopped with SIGTERM; the
# API test stops its servers with SIGINT too)
cd "$tmp" || exit 2
"$exe" serve "$repo/scenarios/vb-plancenoit.yaml" --listen 127.0.0.1:0 --links "$tmp/l1.json" >"$tmp/s1.out" 2>&1 &
pid=$!
i=0; while [ ! -s "$tmp/l1.json" ] && [ $i -lt 300 ]; do sleep 0.1; i=$((i + 1)); done
port=$(sed -n 's|.*"base": "http://127.0.0.1:\([0-9]*\)/".*|\1|p' "$tmp/l1.json")
run taken serve g1 --listen "127.0.0.1:$port"
check "a port already taken: status 1 with the reason" eval 'status taken 1 && err taken "cannot listen on 127.0.0.1:$port"'
kill -TERM $pid; wait $pid; rc=$?
check "SIGTERM: status 0" [ "$rc" = 0 ]
"$exe" serve g1 --listen 127.0.0.1:0 --links "$tmp/l2.json" >"$tmp/s2.out" 2>&1 &
pid=$!
i=0; while [ ! -s "$tmp/l2.json" ] && [ $i -lt 300 ]; do sleep 0.1; i=$((i + 1)); done
kill -TERM $pid; wait $pid
check "served again: the same codes" eval '[ "$(sed -n "/codes/,\$p" "$tmp/l1.json")" = "$(sed -n "/codes/,\$p" "$tmp/l2.json")" ]'

code=$(sed -n 's|.*"french": "\([0-9a-f]\{16\}\)".*|\1|p' "$tmp/l1.json")
ucode=$(sed -n 's|.*"umpire": "\([0-9a-f]\{16\}\)".*|\1|p' "$tmp/l1.json")
printf 'log\n' | "$exe" play g1 --as french >"$tmp/flog.out" 2>&1
printf 'log\n' | "$exe" play g1 --as umpire >"$tmp/ulog.out" 2>&1
check "a side's play log shows no join code; the umpire's shows them" \
  eval '[ -n "$code" ] && ! grep -q "$code" "$tmp/flog.out" && ! grep -q "$ucode" "$tmp/flog.out" &&
        grep -q "serve-codes: (the umpire.s)" "$tmp/flog.out" && grep -q "$ucode" "$tmp/ulog.out"'

vb_scenario "$tmp/over.yaml" 1
mkdir -p "$tmp/api"
node "$repo/tests/serve/api.js" "$tmp/api" "$repo" "$tmp/over.yaml" || failed=1
exit $failed
