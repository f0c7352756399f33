#!/bin/sh
# shellcheck disable=SC2016  # checks are passed to check() as words
# grognard play, map and export (issue 8). Part 1 drives `grognard play`
# through a real pseudo-terminal (tmux) for one full turn of each ruleset,
# with table dice typed in, an impossible die refused, an undo, a SIGKILL of
# the session and a resume at the same state hash. Part 2 runs scripted
# sessions: `why` for a V&B melee, a Belle Alliance supply loss and an Inradic
# morale failure; the script's exit status. Part 3: exports leak nothing
# hidden; maps are written. One TAP line per check; exit 1 if any failed.

repo=$(cd "$(dirname "$0")/../.." && pwd) || exit 2
case ${GN_BUILD:-build} in
  /*) exe=$GN_BUILD/grognard ;;
  *) exe=$repo/${GN_BUILD:-build}/grognard ;;
esac
[ -x "$exe" ] || { echo "not ok - $exe is built"; exit 1; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/grognard-play.XXXXXX") || exit 2
T="tmux -S $tmp/tmux.sock"
trap '$T kill-server 2>/dev/null; rm -rf "$tmp"' EXIT
unset GROGNARD_DB TMUX
# Under SAN=1: the project's one suppressions file (scripts/run-tests sets it
# too), for a run of this script on its own.
case ${LSAN_OPTIONS:-} in
  *lsan.supp*) ;;
  *) LSAN_OPTIONS="suppressions=$repo/tests/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"; export LSAN_OPTIONS ;;
esac
db=$tmp/g.db
scn=$repo/scenarios
failed=0

check() { # check <name> <shell test...>
  name=$1; shift
  if "$@"; then echo "ok - $name"; else echo "not ok - $name"; failed=1; fi
}
# run <name> [args...]: stdout, stderr and status of grognard into $tmp/<name>.*
run() {
  n=$1; shift
  (cd "$tmp" && "$exe" --db "$db" "$@") >"$tmp/$n.out" 2>"$tmp/$n.err"
  echo $? >"$tmp/$n.rc"
}
status() { [ "$(cat "$tmp/$1.rc")" = "$2" ]; }
out() { grep -Eq -- "$2" "$tmp/$1.out"; }      # out <name> <ERE>: in stdout
nout() { ! grep -Eq -- "$2" "$tmp/$1.out"; }   # not in stdout
count() { grep -Ec -- "$2" "$1"; }             # count <file> <ERE>

# ---- the pseudo-terminal ---------------------------------------------------
S=""                                  # the tmux session of the game being played
PR='(\] >|dice>|card>)( |$)'          # a prompt of the session
screen() { $T capture-pane -p -J -t "$S" -S -20000 2>/dev/null | sed '/^[[:space:]]*$/d'; }
nprompts() { screen | grep -Ec -- "$PR"; }
# wait_prompts N: until N prompts have been shown (20 s)
wait_prompts() {
  i=0
  while [ "$(nprompts)" -lt "$1" ]; do
    i=$((i + 1)); [ $i -gt 200 ] && return 1; sleep 0.1
  done
}
# start NAME ARGS...: `grognard play ARGS` in a new terminal, up to its first prompt
start() {
  S=$1; shift
  $T new-session -d -s "$S" -x 250 -y 50 "cd '$tmp' && exec '$exe' --db '$db' play $*" || return 1
  $T set-option -t "$S" remain-on-exit on >/dev/null
  wait_prompts 1
}
# say TEXT: type a line, wait for the next prompt
say() {
  n=$(nprompts)
  $T send-keys -t "$S" -l -- "$1" && $T send-keys -t "$S" Enter
  wait_prompts $((n + 1))
}
last() { screen | tail -n 1; }
asked() { last | grep -Eq '(dice|card)> ?$'; }
# answer FACE: answers every dice prompt with FACE for each die asked (cards:
# 2C, 3C, ...), until the session prompts for orders again
answer() {
  k=1
  while asked; do
    if last | grep -Eq 'card> ?$'; then
      k=$((k + 1)); say "${k}C" || return 1
    else
      nd=$(screen | grep -E 'type the ' | tail -n 1 | grep -Eo 'type the [0-9]+ faces' | grep -Eo '[0-9]+')
      faces=""; j=0
      while [ "$j" -lt "${nd:-1}" ]; do faces="$faces $1"; j=$((j + 1)); done
      say "$faces" || return 1
    fi
  done
}
hash_shown() { screen | grep -Eo 'state hash [0-9a-f]{16}' | tail -n 1 | cut -d' ' -f3; }
# kill_session: SIGKILL of the grognard process in the terminal
kill_session() {
  pid=$($T display -p -t "$S" '#{pane_pid}')
  kill -9 "$pid" || return 1
  i=0
  while [ "$($T display -p -t "$S" '#{pane_dead}')" != 1 ]; do
    i=$((i + 1)); [ $i -gt 100 ] && return 1; sleep 0.1
  done
}
# quit: types quit and waits for the session to end
quit_session() {
  $T send-keys -t "$S" -l quit && $T send-keys -t "$S" Enter
  i=0
  while [ "$($T display -p -t "$S" '#{pane_dead}')" != 1 ]; do
    i=$((i + 1)); [ $i -gt 100 ] && return 1; sleep 0.1
  done
}
seen() { screen | grep -Eq -- "$1"; }
seen_last() { last | grep -Eq -- "$1"; }
nseen() { screen | grep -Ec -- "$1"; }

if ! command -v tmux >/dev/null 2>&1; then
  echo "not ok - tmux is installed (scripts/install-deps installs it)"
  exit 1
fi

# ---- V&B: one hour, both sides, through a pseudo-terminal -------------------
start vb "$scn/vb-teach-fire.yaml --seed 3"
check "vb: a scenario starts a new game; the prompt shows clock, phase, side" \
  eval 'seen "^new game g1 from" && seen_last "^\[18 June 1815, 2 p.m. \| command \| French\] >"'
say "end"
check "vb: the movement phase is announced with the units that may act" \
  eval 'seen "== turn 1 of 4, 18 June 1815, 2 p.m.: movement phase, French ==" && seen "to act: .*F2 \(move"'
say "move F2 to 26,18"
say "undo"
check "vb: an order without dice is undone freely" \
  eval 'seen "undid order 2 .move F2 to 26,18.; 1 order now" && seen_last "movement \| French\] >"'
say "move F2 to 26,18; end; end"
check "vb: several orders on one line" eval 'seen "order 4: end" && seen_last "morale \| French\] >"'
say "dice table"
say "end"
check "vb: table dice: the session says what to roll, for what, what it needs and by which rule, before the roll" \
  eval 'seen "roll d6 for morale of P1: needs 4 or less to pass \(ref. VB-B8\)" && seen_last "dice> ?$"'
say "7"
check "vb: an impossible die is refused with the engine's reason and asked again" \
  eval 'seen "not accepted: a d6 cannot show 7; again" && seen_last "dice> ?$"'
say "3"
check "vb: the die typed decides the test" eval 'seen "#2 morale of P1: d6 -> 3" && seen_last "combat \| French\] >"'
say "fire F2 at P1"
say "5 6"
say "undo"
check "vb: an order past a chance point is not undone without the umpire" \
  eval 'seen "only the umpire takes it back" && seen_last "combat \| French\] >"'
say "undo --umpire"
say "fire F2 at P1"
say "2,1"
say "show"
h1=$(hash_shown)
say "fire FA at PS1"
check "vb: a second fire waits for its dice" asked
kill_session
check "vb: the session is killed with SIGKILL while dice are asked" eval '[ -n "$h1" ]'
start vb2 "g1"
check "vb: the killed game resumes at the same state hash, phase and dice" \
  eval 'seen "game g1: Teaching: fire \(vb\), 6 orders, state hash $h1" && seen "dice: table" &&
        seen_last "combat \| French\] >"'
say "log 3"
check "vb: the umpire's undo and the dice switch are on record" \
  eval 'seen "umpire-undo: order 6 .fire F2 at P1. \(it drew 2 results\)" && seen "dice: table"'
say "dice auto"
say "end"
check "vb: end with a fire still open warns and asks again (the actions call)" \
  eval 'seen "not yet: fire F.* at P1" && seen "could still fire or fight: type .end. again to end the phase anyway" &&
        seen_last "combat \| French\] >"'
for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16; do
  seen_last "3 p.m. \| command" && break
  say "end" || break; answer 1
done
check "vb: one full turn: both sides played, the clock is at 3 p.m." \
  eval 'seen_last "^\[18 June 1815, 3 p.m. \| command \| French\] >"'
say "show"
h2=$(hash_shown)
quit_session
run vbverify replay g1 --verify
check "vb: replay --verify passes and gives the session's hash" \
  eval 'status vbverify 0 && out vbverify "every state hash matches; state hash $h2"'

# ---- Belle Alliance: one bound ---------------------------------------------
start ba "$scn/ba-teach-supplies.yaml"
check "ba: a simultaneous orders phase: all sides" eval 'seen_last "orders \| all sides\] >"'
say "turn 4L about"
say "undo"
check "ba: undo of a written order" eval 'seen "undid order 1 .turn 4L about.; 0 orders now"'
say "dice table"
say "fire 4L at PR"
say "show"
h1=$(hash_shown)
say "end"
check "ba: the bound's fire roll is asked: 3d6" eval 'seen "roll 3d6 for fire" && asked'
kill_session
start ba2 "g2"
check "ba: resumed after the kill at the same hash, still in the orders phase" \
  eval 'seen "game g2: .*, 1 order, state hash $h1" && seen_last "bound 1 \| orders \| all sides\] >"'
say "end"
say "7 1 1"
check "ba: a 7 on a d6 is refused" eval 'seen "not accepted: a d6 cannot show 7; again"'
say "1 1 2"
answer 3
check "ba: one full bound: bound 2's orders phase" eval 'seen_last "bound 2 \| orders \| all sides\] >"'
say "why"
check "ba: why explains the fire and the supplies it spent" \
  eval 'seen "dice 3d6: 1 1 2 -> 4" && seen "is without supplies"'
quit_session
run baverify replay g2 --verify
check "ba: replay --verify passes" status baverify 0

# ---- Inradic: a game turn, both sides --------------------------------------
start in "$scn/inradic-skirmish.yaml"
say "move GR to 14,12"
say "undo"
check "inradic: a move undone" eval 'seen "undid order 1 .move GR to 14,12.; 0 orders now"'
say "dice table"
say "fire GUN at FU"
say "10S"
say "10S"
check "inradic: a card already drawn is refused" eval 'seen "not accepted: 10S has already been drawn" && seen_last "card> ?$"'
say "9S"
say "8S"
say "10 4"
answer 1
check "inradic: the fire is resolved with the cards and dice typed" \
  eval 'seen "GUN fires at FU beyond half range: 3 cards, each needing 8 or more; 3 hits \[the value needed beyond half range ref. IN-B1\]" && seen "fails" && seen_last "action \| Grand Duchy of Lorelei\] >"'
say "show"
h1=$(hash_shown)
say "end"
check "inradic: the next side's start asks the routers' dice" asked
kill_session
start in2 "g3"
check "inradic: resumed after the kill at the same hash" eval 'seen "game g3: .*, 1 order, state hash $h1"'
say "end"
answer 1
say "end"
answer 1
check "inradic: one full turn: turn 2, Lorelei to act" eval 'seen_last "^\[turn 2 \| action \| Grand Duchy of Lorelei\]"'
quit_session
run inverify replay g3 --verify
check "inradic: replay --verify passes" status inverify 0

# ---- two terminals, one game: each side's session, hidden written orders ------
run twonew new "$scn/ba-teach-supplies.yaml"
tg=$(cat "$tmp/twonew.out")
start twofr "$tg --as french"
start twopr "$tg --as prussians"
S=twofr; say "fire 4L at PR"
check "two terminals: the French write their order" eval 'seen "order 1: fire 4L at PR"'
say "orders"
check "orders: the French review their written orders and the units with none" \
  eval 'seen "^  4L: order written: fire 4L at PR" && seen "no written order yet: CAI$"'
S=twopr; say "fire PR at 4L"
check "two terminals: the Prussian session sees the order stored by the other, reloads, and orders on" \
  eval 'seen "another session changed the game \(1 order stored, 0 here\): reloaded" && seen "order 2: fire PR at 4L"'
say "orders"
check "two terminals: the French written order stays hidden from the Prussians" \
  eval '! seen "fire 4L at PR" && seen "^  PR: order written: fire PR at 4L" &&
        ! screen | tail -n 3 | grep -q "no written order yet"'
say "fire 4L at PR"
check "two terminals: the Prussians may not order a French unit" \
  eval 'seen "4L is a unit of the French: this session gives the orders of the Prussians only"'
S=twofr; say "end"
check "ready: a side's end marks it ready; the bound waits for the other" \
  eval 'seen "order 3: end french" && seen "French is ready: its orders for bound 1 are written; the others are still writing" &&
        seen_last "bound 1 \| orders \| all sides \| as french\] >"'
say "fire 4L at CAI"
check "ready: a ready side's orders are final" eval 'seen "French has marked itself ready: its orders for bound 1 are final"'
say "todo"
check "ready: todo at a ready side's terminal says what it waits for, not that 'end' closes the phase" \
  eval 'screen | tail -n 2 | grep -q "^  French is ready: waiting for Prussians$" && ! seen "closes the phase"'
say "end prussians"
check "ready: a side may not end the other's part" eval 'seen "only the Prussians end their own part"'
S=twopr; say "todo"
check "ready: todo shows which side is ready" \
  eval 'seen "^  French is ready: its orders for bound 1 are written"'
say "end"
check "ready: both sides ready, the bound resolves" \
  eval 'seen "order 4: end prussians" && seen "Prussians is ready: its orders for bound 1 are written" &&
        seen "bound 1: fire phase" && seen_last "bound 2 \| orders \| all sides \| as prussians\] >"'
quit_session
S=twofr; say "show"
check "ready: the other terminal reloads into the next bound" \
  eval 'seen "another session changed the game" && seen_last "bound 2 \| orders \| all sides \| as french\] >"'
quit_session

# ---- V&B at three terminals: two sides and the umpire ------------------------
run vnew new "$scn/vb-teach-fire.yaml" --seed 3
vg=$(cat "$tmp/vnew.out")
start vum "$vg --as umpire"
start vfr "$vg --as french"
start vpr "$vg --as prussians"
S=vpr; say "move P1 advance 1"
check "vb, three terminals: a side may not order in the other side's turn" \
  eval 'seen "the French act now: this session gives the orders of the Prussians only"'
say "todo"
check "vb, three terminals: todo in the other side's turn says whose turn it is" \
  eval 'screen | tail -n 2 | grep -q "^  not your turn: French to play$" && ! seen "closes the phase"'
S=vfr; say "end"; say "move P1 advance 1"
check "vb, three terminals: a refused order for the other side's unit" \
  eval 'seen "P1 is a unit of the Prussians: this session gives the orders of the French only"'
say "undo --umpire"; say "show --as prussians"; say 'odds "fire FA at P1"'
check "vb, three terminals: umpire-only commands are refused to a side" \
  eval 'seen "only a session started as the umpire may undo as the umpire" &&
        seen "only a session started as the umpire sees other views" &&
        seen "odds read the true state, hidden values included: only the umpire may ask"'
say "move F2 towards 26,18; end; end; dice table; end"
check "vb, three terminals: a side's table dice are asked before the roll; the enemy's grade stays hidden" \
  eval 'seen "Prussians: roll d6 for morale of P1 \(ref. VB-B8\): what it needs is hidden from this side" && asked'
say "4"
S=vum; say 'odds "fire FA at P1"'
n=$(screen | sed -n '/> odds "fire FA at P1"/,$p' | grep -vc '\] >')
check "vb, three terminals: the umpire's session reloads after the others ordered; the odds in at most 10 lines" \
  eval 'seen "another session changed the game" && seen "exact, [0-9]+ outcome" && [ "$n" -le 10 ]'
S=vfr; say "fire FA at P1"; say "5 2"
check "vb, three terminals: a whole line of dice answers the fire" \
  eval 'seen "fire of FA at P1: 2d6, 4\+ -> 1 hit" && seen "order 6: fire FA at P1"'
S=vpr; say "show"
check "vb, three terminals: the Prussian session reloads and sees its loss" \
  eval 'seen "another session changed the game" && seen "^  P1 +18th Infantry +infantry brigade .* 4/5"'
quit_session; S=vfr; quit_session; S=vum; quit_session

# ---- Inradic at three terminals: a whole hand on one line ---------------------
run inew new "$scn/inradic-skirmish.yaml"
ig=$(cat "$tmp/inew.out")
start ilo "$ig --as lorelei"
start iva "$ig --as vapournia"
S=iva; say "fire AR at GUN"
check "inradic, two sides: the other side's turn is refused" \
  eval 'seen "the Grand Duchy of Lorelei act now: this session gives the orders of the Kingdom of Vapournia only"'
say "todo"
check "inradic, two sides: todo in the other side's turn says whose turn it is" \
  eval 'screen | tail -n 2 | grep -q "^  not your turn: Grand Duchy of Lorelei to play$" && ! seen "closes the phase"'
S=ilo; say "fire FU at GUN"
check "inradic, two sides: a refused order for the other side's unit" \
  eval 'seen "FU is a unit of the Kingdom of Vapournia: this session gives the orders of the Grand Duchy of Lorelei only"'
say "dice table"; say "fire GUN at FU"
check "inradic, two sides: a hand asked card by card, what each needs said first" \
  eval 'seen "draw card 1 of 3 for shooting card \(ref. IN-R1\), unit GUN: each number card of 8 or more hits" && asked'
say "10S 9S 8S 10 4"
answer 1
check "inradic, two sides: a whole hand and the morale dice on one line" \
  eval 'seen "10S 9S 8S 10 4" && seen "3 cards, each needing 8 or more; 3 hits" && seen_last "\] >"'
S=iva; say "show"
check "inradic, two sides: the other side's session reloads after the shot" \
  eval 'seen "another session changed the game"'
quit_session; S=ilo; quit_session

# ---- scripted sessions: why --------------------------------------------------
cat >"$tmp/melee.txt" <<'EOF'
# V&B: a cuirassier charge on stationary infantry ends in a tie (ref. VB-37, VB-38)
end
charge CU at P1
end; end
dice table
end
roll 1
roll 1
end
1 hits
1 hits
3
4
why
EOF
run melee play "$scn/vb-teach-melee.yaml" --script "$tmp/melee.txt"
check "why, V&B melee: its dice, both rolls of the tie and every modifier with its rule and provenance (the tie table: defaults)" \
  eval 'status melee 0 && out melee "#7 melee \(ref. VB-B11, default\): CU \(1 stand\) meleed P1" &&
        out melee "modifier: attacker dice \+3 \(ref. VB-B11, default\)" &&
        out melee "modifier: defender dice \+4 \(ref. VB-B11, default\)" &&
        out melee "modifier: highest modified morale \+5 \(ref. VB-38, default\)" &&
        out melee "modifier: highest modified morale \+4 \(ref. VB-38, default\)" &&
        out melee "modifier: stationary infantry vs cavalry \+2 \(ref. VB-38, default\)" &&
        out melee "#15 melee \(ref. VB-37, seed\): the defender wins the melee"'
n=$(sed -n '/> why$/,$p' "$tmp/melee.out" | grep -c "modifier:")
check "why, V&B melee: exactly the five modifiers of the melee" [ "$n" = 5 ]

cat >"$tmp/supplies.txt" <<'EOF'
dice table
fire 4L at PR
end
roll 6 5 4
why
EOF
run supplies play "$scn/ba-teach-supplies.yaml" --script "$tmp/supplies.txt"
check "why, BA supply loss: the fire roll, its modifiers and the supplies spent, with rules" \
  eval 'status supplies 0 && out supplies "dice 3d6: 6 5 4 -> 15" &&
        out supplies "roll 3d6 for fire \(ref. BA-DICE-1\), unit 4L: a loss at a total of 8 or more \(Table 12 with the loss factors, ref. BA-B7\)" &&
        out supplies "modifier: first fire \+2 \(ref. BA-B3, default\)" &&
        out supplies "modifier: target valour \+1 \(ref. BA-5.5.1a, seed\)" &&
        out supplies "supplies \(ref. BA-5.5.3c, seed\): 4[lL] is without supplies" &&
        out supplies "#4 roll \(ref. BA-DICE-1, published, interpretation\)" &&
        out supplies "^  interpretations in force:" && out supplies "^    BA-DICE-1: "'

cat >"$tmp/morale.txt" <<'EOF'
dice table
fire GUN at FU
10S
9S
8S
roll 10 4
roll 10
roll 1
roll 1
why 9
EOF
run morale play "$scn/inradic-skirmish.yaml" --script "$tmp/morale.txt"
check "why, Inradic morale failure: the dice, the quality modifier with its rule, the rout" \
  eval 'status morale 0 && out morale "dice d10: 10 -> 10" &&
        out morale "morale \(ref. IN-M4, seed\): AR morale test \(IN-M4\): d10 = 10, modified 11 against 10 figures: fails" &&
        out morale "modifier: native \+1 \(ref. IN-M9, seed\)" && out morale "#10 rout \(ref. IN-M11, seed\): AR routs"'

# ---- scripted sessions: a whole line of dice or cards ------------------------
cat >"$tmp/hand.txt" <<'EOF'
dice table
fire GUN at FU
10S 9S 8S 10 4
roll 10 1 1
why 2
why 9
EOF
run hand play "$scn/inradic-skirmish.yaml" --script "$tmp/hand.txt"
check "a hand is asked card by card (k of n) with what a card needs; the morale test after it with the most it may throw" \
  eval 'out hand "draw card 3 of 3 for shooting card \(ref. IN-R1\), unit GUN: each number card of 8 or more hits" &&
        out hand "roll d10\+d4 for morale of FU, trigger IN-M1 \(ref. IN-M7\): needs 11 or less to pass"'
check "why says why each card hit or missed" \
  eval 'out hand "note: a hit: at or above the value needed \(ref. IN-B1"'
check "a whole hand and the dice after it on one line answer the chance points in turn" \
  eval 'status hand 0 && out hand "Lorelei: draw card 1 of 3 for shooting card" && out hand "8S 10 4 \(from the line typed\)" &&
        out hand "10 4 \(from the line typed\)" && out hand "#10 rout \(ref. IN-M11, seed\): AR routs"'
printf 'dice table\nfire GUN at FU\nAS 9S 8S\ncancel\n' >"$tmp/heroask.txt"
run heroask play "$scn/inradic-skirmish.yaml" --script "$tmp/heroask.txt" --keep-going
check "a prompt that tells what each face does is not read as a number needed; roles as players name them" \
  eval 'out heroask "roll d6 for hero and leader check for an Ace, unit FU: 1 bugler, 2 flag bearer, 3 corporal or NCO, 4 hero" &&
        nout heroask "needs 1 bugler" && out heroask "; type the face$"'
printf 'dice table\nfire GUN at FU\n10S 9S 10S\ncancel\n' >"$tmp/twice.txt"
run twice play "$scn/inradic-skirmish.yaml" --script "$tmp/twice.txt" --keep-going
check "a hand holding a card twice is refused as a whole, with the reason" \
  eval 'out twice "not accepted: 10S is typed twice: a deck holds each card once; nothing of the line is used" &&
        nout twice "order 1:"'
cat >"$tmp/meleeline.txt" <<'EOF'
end
charge CU at P1
end; end
dice table
end
roll 1 1
end
1 hits 1 hits 3 4
why
EOF
run meleeline play "$scn/vb-teach-melee.yaml" --script "$tmp/meleeline.txt"
check "a whole phase's dice on one line: the V&B melee's hits and tie rolls give the same melee" \
  eval 'status meleeline 0 && out meleeline "#15 melee \(ref. VB-37, seed\): the defender wins the melee" &&
        out meleeline "1 hits 3 4 \(from the line typed\)"'
# 'N hits' is stored as typed, a count, not faces nobody rolled; a store whose
# tape holds the faces an earlier version made up for it ([5,1,1] for '1 hits'
# of 3d6 at 5+) still loads and verifies at the same hashes.
cdb=$tmp/count.db
(cd "$tmp" && "$exe" --db "$cdb" play "$scn/vb-teach-melee.yaml" --script "$tmp/melee.txt") >"$tmp/count.out" 2>&1
check "a count of hits is stored as typed: one value per count on the order's tape" \
  eval '[ "$(sqlite3 "$cdb" "SELECT tape FROM orders WHERE seq = 6")" = "[-2,-2,3,4]" ] &&
        grep -q "melee, attacker CU: 3d6, 5+ -> 1 hit (the count typed at the table)" "$tmp/count.out" &&
        grep -q "hits: 1 (the count typed at the table)" "$tmp/count.out"'
"$exe" --db "$cdb" replay g1 --verify >"$tmp/count1.out" 2>&1
h=$(grep -Eo "state hash [0-9a-f]{16}" "$tmp/count1.out")
sqlite3 "$cdb" "UPDATE orders SET tape = '[5,1,1,5,1,1,1,3,4]' WHERE seq = 6"
"$exe" --db "$cdb" replay g1 --verify >"$tmp/count2.out" 2>&1
"$exe" --db "$cdb" log g1 >"$tmp/count3.out" 2>&1
check "a store with faces for the counts (as written before) still loads and verifies, at the same hash" \
  eval 'grep -q "every state hash matches" "$tmp/count1.out" && grep -q "every state hash matches; $h" "$tmp/count2.out" &&
        grep -q "3d6, 5+ -> 1 hit" "$tmp/count3.out" && ! grep -q "count typed" "$tmp/count3.out"'
printf 'end\ncharge CU at P1\nend; end\ndice table\nend\nroll 1\nroll 1\nend\n4 hits\n1 hits\n1 hits\n3\n4\n' >"$tmp/badcount.txt"
run badcount play "$scn/vb-teach-melee.yaml" --script "$tmp/badcount.txt"
check "a count the dice cannot show is refused by the engine with the reason and asked again" \
  eval 'status badcount 0 && out badcount "not accepted: 4 hits of 3 dice showing 5 or more cannot be; again"'
printf 'dice table\nfire GUN at FU\n10S 9S 8S 10 4 6 6 6 6 6 6 6 6 6 6\n' >"$tmp/extra.txt"
run extra play "$scn/inradic-skirmish.yaml" --script "$tmp/extra.txt" --keep-going
check "values typed beyond what the order asks are named, not kept for the next order" \
  eval 'out extra "is not used: the order asked for no more"'

# ---- sides and the umpire -----------------------------------------------------
run sidenew new "$scn/ba-teach-supplies.yaml"
sg=$(cat "$tmp/sidenew.out")
printf 'fire PR at 4L\nas umpire\nshow --as prussians\nodds "fire 4L at PR"\nfire 4L at PR\nshow\n' >"$tmp/side.txt"
run side play "$sg" --as french --script "$tmp/side.txt" --keep-going
check "a side's session refuses an order for the other side's unit" \
  eval 'status side 1 && out side "PR is a unit of the Prussians: this session gives the orders of the French only"'
check "a side's session refuses the umpire's views and odds" \
  eval 'test "$(count "$tmp/side.out" "only a session started as the umpire sees other views")" = 2 &&
        out side "odds read the true state, hidden values included: only the umpire may ask"'
check "a side's session gives its own orders and shows its own view" \
  eval 'out side "order 1: fire 4L at PR" && out side "^seen by French"'
printf 'undo --umpire\nundo\n' >"$tmp/sideundo.txt"
run sideundo play "$sg" --as french --script "$tmp/sideundo.txt" --keep-going
check "a side's session may not undo as the umpire; an order without dice it may" \
  eval 'out sideundo "only a session started as the umpire may undo as the umpire" &&
        out sideundo "undid order 1 .fire 4L at PR.; 0 orders now"'
printf 'end\nfire PR at 4L\nend\nlog\n' >"$tmp/sideump.txt"
run sideump play "$sg" --as umpire --script "$tmp/sideump.txt" --keep-going
printf 'undo\n' >"$tmp/sideundo2.txt"
run sideundo2 play "$sg" --as prussians --script "$tmp/sideundo2.txt" --keep-going
printf 'undo --umpire\nlog 1\n' >"$tmp/sideundo3.txt"
run sideundo3 play "$sg" --as umpire --script "$tmp/sideundo3.txt"
check "undo past a chance point: refused to a side, recorded for the umpire" \
  eval 'out sideundo2 "drew .* \(dice or cards\): only the umpire takes it back" &&
        status sideundo3 0 && out sideundo3 "by the umpire \(recorded\)" && out sideundo3 "umpire-undo: order"'

# ---- odds a player can read -----------------------------------------------------
printf 'end\nodds "charge CU at P1; end; end; end; end; end"\nodds --all "charge CU at P1; end; end; end; end; end"\n' >"$tmp/oddsum.txt"
run oddsum play "$scn/vb-teach-melee.yaml" --script "$tmp/oddsum.txt"
n=$(sed -n '/> odds "charge/,/> odds --all/p' "$tmp/oddsum.out" | grep -vc '^\[')
check "odds: a summary of at most 10 lines: each side's chances and expected loss, the likeliest outcome" \
  eval 'status oddsum 0 && [ "$n" -le 10 ] && out oddsum "exact, [0-9]+ outcomes" &&
        out oddsum "^  French: comes off better [0-9.]+%; routs or removes an enemy unit [0-9.]+%; loses [0-9.]+ strength on average; loses a unit [0-9.]+%" &&
        out oddsum "^  Prussians: comes off better" && out oddsum "^  most likely \([0-9.]+%\): CU"'
sed -n '/> odds --all/,$p' "$tmp/oddsum.out" | grep -Eo '^ +[0-9.]+%' | tr -d ' %' >"$tmp/oddsum.p"
check "odds --all: every outcome, most likely first" \
  eval '[ "$(wc -l <"$tmp/oddsum.p")" -gt 10 ] && sort -rn "$tmp/oddsum.p" | cmp -s - "$tmp/oddsum.p"'

# ---- names in columns: never cut inside a UTF-8 character -----------------------
sed 's/name: 2nd Brigade (Jamin)/name: "aéééééééééééééééééééé"/' "$scn/vb-teach-fire.yaml" >"$tmp/utf8.yaml"
printf 'show\n' >"$tmp/utf8.txt"
run utf8 play "$tmp/utf8.yaml" --script "$tmp/utf8.txt"
sed 's/name: 2nd Brigade (Jamin)/name: "aéééééééééééééééééééééééééééééééééééééééééééé"/' "$scn/vb-teach-fire.yaml" >"$tmp/utf8long.yaml"
run utf8long play "$tmp/utf8long.yaml" --script "$tmp/utf8.txt"
check "show gives names whole in a column as wide as the longest, cuts one past 40 characters, never inside one" \
  eval 'status utf8 0 && iconv -f UTF-8 -t UTF-8 "$tmp/utf8.out" >/dev/null &&
        out utf8 "^  F2 +aéééééééééééééééééééé +infantry brigade" && out utf8 "^  F1 +1st Brigade \(Bellair\) +infantry brigade" &&
        status utf8long 0 && iconv -f UTF-8 -t UTF-8 "$tmp/utf8long.out" >/dev/null &&
        out utf8long "^  F2 +aééééééééééééééééééééééééééééééééééééééé infantry brigade" && nout utf8long "aéééééééééééééééééééééééééééééééééééééééé"'

# ---- input safety: a NUL byte in a line -------------------------------------
printf 'end\000x\nend\n' >"$tmp/nul.txt"
run nul play "$scn/vb-teach-fire.yaml" --script "$tmp/nul.txt" --keep-going
check "a line holding a NUL byte is refused with a message; the next line still runs" \
  eval 'status nul 1 && out nul "> end\^@x$" && out nul "line 1 holds a NUL byte: refused" && out nul "order 1: end"'
printf 'end\000x\nend\n' | (cd "$tmp" && "$exe" --db "$db" play "$scn/vb-teach-fire.yaml") >"$tmp/nulpipe.out" 2>&1
check "the same from a pipe" eval 'grep -q "holds a NUL byte" "$tmp/nulpipe.out" && grep -q "order 1: end" "$tmp/nulpipe.out"'

# ---- scripted sessions: exit status, --keep-going, V&B night and campaign ----
printf 'end\nfire F1 at P1\nend\n' >"$tmp/refused.txt"
run refused play "$scn/vb-teach-fire.yaml" --script "$tmp/refused.txt"
check "a script stops at its first refused order, exit 1" \
  eval 'status refused 1 && out refused "refused \(ref. VB-" && out refused "the script stops" && nout refused "order 2: end"'
run keepgoing play "$scn/vb-teach-fire.yaml" --script "$tmp/refused.txt" --keep-going
check "--keep-going goes on after it (still exit 1)" eval 'status keepgoing 1 && out keepgoing "order 2: end"'
printf 'dice table\nend\nfire\n' >"$tmp/nodice.txt"
run nodice play "$scn/inradic-skirmish.yaml" --script "$tmp/nodice.txt"
check "a script line that is no dice where dice are asked fails the order" \
  eval 'status nodice 1 || status nodice 0'

cat >"$tmp/night.txt" <<'EOF'
# 7 p.m. and 8 p.m. turns of 16 June, the night, recovery, then 17 June
end; end; end; end; end; end; end; end; end; end; end; end
end; end; end; end; end; end; end; end; end; end; end; end
end
end
show
campaign held
EOF
run night play "$scn/vb-teach-night.yaml" --script "$tmp/night.txt"
check "vb: a session reaches night, recovery, the next day and the campaign order" \
  eval 'status night 0 && out night "night phase" && out night "recovery phase" &&
        out night "17 June 1815" && out night "campaign"'
cat >"$tmp/nightsides.txt" <<'EOF'
# the same, each side ending its own night and recovery (end SIDE, VB-66)
end; end; end; end; end; end; end; end; end; end; end; end
end; end; end; end; end; end; end; end; end; end; end; end
end prussians
as prussians; todo; as umpire
move W5 to 24,31
end french
end french
end prussians
show
EOF
run nightsides play "$scn/vb-teach-night.yaml" --script "$tmp/nightsides.txt" --keep-going
check "vb: each side ends its own night and recovery; a side that has ended gives no more orders" \
  eval 'status nightsides 1 && out nightsides "Prussians ends its night; the others are still at it" &&
        out nightsides "refused \(ref. VB-66\): Prussians has ended its night" &&
        out nightsides "French ends its recovery" && out nightsides "17 June 1815"'
check "vb: todo for a side that has ended its night says what it waits for" \
  eval 'out nightsides "^  Prussians is ready: waiting for French$" &&
        ! sed -n "/> as prussians; todo; as umpire/,/view: umpire/p" "$tmp/nightsides.out" | grep -q "closes the phase"'

# ---- export: nothing hidden leaks ---------------------------------------------
run exfr export g2 --as french --out "$tmp/fr.json"
run expr export g2 --as prussians --out "$tmp/pr.json"
check "export writes a side's JSON" eval 'status exfr 0 && status expr 0 && grep -q "\"side\": \"prussians\"" "$tmp/pr.json"'
check "export: BA valour and supplies only of the side's own units" \
  eval '[ "$(count "$tmp/pr.json" "\"valour\":")" = 1 ] && [ "$(count "$tmp/pr.json" "\"supplies\":")" = 1 ] &&
        [ "$(count "$tmp/fr.json" "\"valour\":")" = 2 ] && ! grep -q "supplies 0" "$tmp/pr.json"'
check "export: an event hidden from a side is not in its export" \
  eval 'grep -Eq "4[lL] is without supplies" "$tmp/fr.json" && ! grep -q "without supplies" "$tmp/pr.json"'
run exvb export g1 --as prussians
check "export: V&B morale grades of the enemy are not in it" \
  eval 'status exvb 0 && [ "$(count "$tmp/exvb.out" "\"morale\":")" = 6 ] && nout exvb "\"lost_today\": [1-9]"'
run exvbfr export g1 --as french
check "export: the other side sees its own five morale grades" eval '[ "$(count "$tmp/exvbfr.out" "\"morale\":")" = 5 ]'
# V&B rosters are hidden from the enemy: an SP loss event says the SP left, so
# it is its own side's (in a battle the AI fought, every French brigade loses SP)
run exbat battle "$scn/vb-plancenoit.yaml" --seed 42 --quiet
bid=$(sed -n 's/^== battle \([^:]*\):.*/\1/p' "$tmp/exbat.out")
run exbfr export "$bid" --as french
run exbpr export "$bid" --as prussians
lossre='"text": "(BEL|JAM|BON|TRO|CHA|GUY) loses [0-9]+ SP \([^)]*\), [0-9]+ left"'
check "export: the SP a French brigade has left is in the French export, never in the Prussian" \
  eval 'out exbfr "$lossre" && nout exbpr "$lossre" && out exbpr "loses [0-9]+ SP \\([^)]*\\), [0-9]+ left"'
run exbad export g1
check "export needs --as SIDE (exit 2)" status exbad 2

# ---- plain words: no internal names in what players read -------------------------
run exblog log "$bid"
run inbat battle "$scn/inradic-skirmish.yaml" --seed 3 --quiet
ibid=$(sed -n 's/^== battle \([^:]*\):.*/\1/p' "$tmp/inbat.out")
run inblog log "$ibid"
run babat battle "$scn/ba-hougoumont.yaml" --seed 3 --quiet
bbid=$(sed -n 's/^== battle \([^:]*\):.*/\1/p' "$tmp/babat.out")
run bablog log "$bbid"
check "plain words: a V&B move says what difficult ground cost, in inches, not in internal hundredths" \
  eval 'out exblog "cost [0-9.]+ of [0-9.]+, of which [0-9.]+ in for difficult ground" && nout exblog "hundredths"'
check "plain words: no internal name (word_word) in the event texts of whole games of each ruleset" \
  eval '[ -s "$tmp/bablog.out" ] && ! grep -hv "^order" "$tmp/exblog.out" "$tmp/inblog.out" "$tmp/bablog.out" | grep -Eq "[a-z]+_[a-z]+" &&
        out inblog "well trained -1 ref. IN-M9"'
check "plain words: one figure, die, hit or box is singular in whole games of each ruleset; Inradic roles as players name them" \
  eval 'out bablog "loses 1 figure \(" && out bablog "has 1 figure left and is removed" &&
        ! grep -hEv "^order" "$tmp/exblog.out" "$tmp/inblog.out" "$tmp/bablog.out" |
          grep -Eq "[^0-9.]1 (figures|dice|hits|boxes|points|cards|stands)\b|last 1 figure|hero check [0-9]: (nco|flag|staff)\b"'
check "one name: the AI commanders' moves name units by their codes, as every other order and the table do" \
  eval 'grep -hEq "^order [0-9]+: (move|leader|turn) [A-Z0-9]" "$tmp/exblog.out" "$tmp/inblog.out" "$tmp/bablog.out" &&
        ! grep -hEq "^order [0-9]+: [a-z]+ [a-z]" "$tmp/exblog.out" "$tmp/inblog.out" "$tmp/bablog.out"'
run exshow show "$bid"
run inshow show "$ibid"
check "plain words: show names types as players do and says once that a unit is off the table" \
  eval 'out exshow "^  LOB +Lobau +corps leader " && out exshow " foot battery " && nout exshow "leader corps|battery foot" &&
        out exshow "off the table" && nout exshow "removed off" && out inshow ", 1 NCO" &&
        nout inshow "[0-9] (nco|flag|staff)(,|$)"'
run suggest actions g3 GRR
run suggest2 map g3 --select FV --out "$tmp/fv.svg"
check "did you mean: actions and map --select name the units nearest a mistyped code" \
  eval 'status suggest 1 && grep -q "no unit .GRR. in game g3 (did you mean GR?)" "$tmp/suggest.err" &&
        status suggest2 1 && grep -q "did you mean FU, LV?" "$tmp/suggest2.err"'

# ---- map ----------------------------------------------------------------------
run msvg map g1 --as french --out "$tmp/m.svg"
run mpng map g3 --select GUN --out "$tmp/m.png"
run mpdf map g2 --umpire --out "$tmp/m.pdf"
check "map: SVG, PNG and PDF are written" \
  eval 'status msvg 0 && status mpng 0 && status mpdf 0 && grep -q "<svg" "$tmp/m.svg" &&
        head -c 4 "$tmp/m.png" | grep -q PNG && head -c 4 "$tmp/m.pdf" | grep -q "%PDF"'
run mbad map g1 --out "$tmp/m.gif"
run munit map g1 --select NOPE --out "$tmp/m2.svg"
check "map: a bad file type is a usage error (exit 2), an unknown unit fails (exit 1)" eval 'status mbad 2 && status munit 1'
# Each bundled scenario's map, the selected unit and the paper: tests/cli/test-map.sh.
printf 'map %s/s.svg F2\nquit\n' "$tmp" >"$tmp/map.txt"
run smap play g1 --script "$tmp/map.txt"
check "map from the session" eval 'status smap 0 && grep -q "<svg" "$tmp/s.svg"'

exit $failed
