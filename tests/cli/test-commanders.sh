#!/bin/sh
# A side's commander (`ai:` in the scenario) and a formation's plan (`plan:`)
# are kept by the engine as written and judged by the AI: `check`, `battle`
# and `simulate` name each one the AI does not know at its line and column,
# and store nothing; a commander given on the command line (--ai) stands in
# for the scenario's.
GN_TEST=commanders; . "$(dirname "$0")/lib.sh"

bad=$repo/tests/ai/side-bad-ai.yaml
same_as_expect() { sed "s|^$repo/||" "$tmp/$1.err" | cmp -s - "$repo/tests/ai/side-bad-ai.expect"; }
run check check "$bad"
check 'check refuses unknown commanders' status check 1
check 'and names them where they stand' same_as_expect check
run battle --db "$tmp/g.db" battle "$bad" --quiet
check 'battle refuses them' status battle 1
check 'and says the same' same_as_expect battle
check 'and stores no game' test ! -e "$tmp/g.db"
run sim simulate "$bad" --runs 2 --no-store
check 'simulate refuses them' status sim 1
check 'naming the first' err sim "side-bad-ai.yaml:8:36: side 'french': ai: 'aggression' needs a number from 0 to 1"
run given --db "$tmp/g.db" battle "$bad" --ai passive,passive --quiet
check 'commanders given on the command line stand in for them' status given 0
check 'and the battle is stored' out given 'stored as g1'
plan=$repo/tests/ai/formation-bad-plan.yaml
plan_as_expect() { sed "s|^$repo/||" "$tmp/$1.err" | cmp -s - "$repo/tests/ai/formation-bad-plan.expect"; }
run pcheck check "$plan"
check 'check refuses plans the AI cannot follow' status pcheck 1
check 'and names them where they stand' plan_as_expect pcheck
run pbattle --db "$tmp/p.db" battle "$plan" --quiet
check 'battle refuses them' status pbattle 1
check 'and says the same' plan_as_expect pbattle
check 'and stores no game' test ! -e "$tmp/p.db"
run psim simulate "$plan" --runs 2 --no-store
check 'simulate refuses them' status psim 1
check 'naming the first' err psim "formation-bad-plan.yaml:11:53: formation 'd1': plan: 'the' is neither a point X,Y nor an objective's id"
exit $failed
