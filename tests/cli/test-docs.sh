#!/bin/sh
# shellcheck disable=SC2016  # checks are passed to check() as words
# The documentation is tested: every command it shows runs.
#   1) every command in the ```sh blocks of README.md and docs/*.md and in the
#      EXAMPLES of docs/grognard.1 runs, in the order shown, against the
#      bundled scenarios in a fresh store (one per document), and succeeds;
#      a command written with the comment "# exit N: TEXT" must exit N with
#      TEXT on stderr, as the document says. Lines of an sh block that are not
#      grognard commands must be make targets, the benchmarks, `man`,
#      `export NAME=VALUE` (set for the commands after it) or `printf ... > FILE`
#      (a file the commands after it read).
#   2) each command that offers --json prints JSON on stdout and nothing else
#      (jq parses the whole of it).
#   3) the man page and each command's --help name the same options.
GN_TEST=docs
. "$(dirname "$0")/lib.sh"
cd "$repo" || exit 2
if command -v jq >/dev/null 2>&1; then json_ok() { jq -e . >/dev/null 2>&1 <"$1"; }
else json_ok() { python3 -m json.tool "$1" >/dev/null 2>&1; }   # jq comes with scripts/install-deps
fi

# ---- 1) the commands of the documents ---------------------------------------

# sh_commands FILE: the commands of FILE's ```sh blocks, one a line, lines
# ending in \ joined.
sh_commands() {
  awk '/^```sh[ \t]*$/ { on = 1; next } /^```/ { on = 0; next }
       on { if (cont != "") { $0 = cont " " $0; cont = "" }
            if ($0 ~ /\\$/) { sub(/\\$/, ""); cont = $0; next }
            if ($0 ~ /^[ \t]*(#|$)/) next
            print }' "$1"
}
# man_commands: the "$ " lines of the man page's EXAMPLES, roff escapes undone.
man_commands() {
  awk '/^\.SH EXAMPLES/ { on = 1; next } /^\.SH/ { on = 0 } on && /^\$ / { sub(/^\$ /, ""); print }' \
    docs/grognard.1 | sed -e 's/\\-/-/g' -e 's/\\(dq/"/g' -e "s/\\\\(aq/'/g"
}

# A fresh folder per document: the scenarios, build/grognard and grognard on
# the PATH, its own store.
bin=$tmp/bin
mkdir -p "$bin" && ln -s "$exe" "$bin/grognard"
ran=0
# run_doc NAME: runs the commands on stdin, in order, in a folder of its own.
run_doc() {
  d=$tmp/doc-$1
  mkdir -p "$d/build" && ln -s "$repo/scenarios" "$d/scenarios" && ln -s "$exe" "$d/build/grognard"
  bad=0; n=0   # a document may show no grognard command (benchmarks.md: make bench)
  while IFS= read -r line; do
    cmd=$(printf '%s\n' "$line" | sed 's/[ \t]*#.*$//')   # no comment (nor # in a command)
    want=0; text=
    case $line in *"# exit "[0-9]*) want=$(printf '%s\n' "$line" | sed 's/.*# exit \([0-9]*\).*/\1/')
                                      text=$(printf '%s\n' "$line" | sed -n 's/.*# exit [0-9]*: *//p') ;; esac
    case $cmd in
      make|make\ *|man\ *) continue ;;
      build/bench/*) continue ;;   # the benchmarks: make bench runs them
      printf\ *\>*) (cd "$d" && sh -c "$cmd") || bad=1; continue ;;   # a file the next commands read
      export\ *=*) v=${cmd#export }; eval "export ${v%%=*}=\"$(cd "$d" && HOME=$d eval "echo ${v#*=}")\""; continue ;;
      grognard\ *|build/grognard\ *) ;;
      *) echo "    $1: '$cmd' is neither a grognard command nor make, man or export"; bad=1; continue ;;
    esac
    n=$((n + 1))
    (cd "$d" && PATH="$bin:$PATH" HOME=$d sh -c "$cmd" </dev/null >"$d/out" 2>"$d/err")
    rc=$?
    if [ "$rc" != "$want" ] || { [ -n "$text" ] && ! grep -qF -- "$text" "$d/err"; }; then
      echo "    $1: '$cmd' exited $rc (want $want${text:+, with '$text'})"
      sed 's/^/      | /' "$d/err" | head -n 5
      bad=1
    fi
  done
  unset GROGNARD_DB
  ran=$((ran + n))
  [ "$bad" -eq 0 ]
}

for f in README.md docs/*.md; do
  [ -n "$(sh_commands "$f")" ] || continue
  name=$(basename "$f" .md)
  sh_commands "$f" >"$tmp/$name.cmds"
  check "every command of $f runs as it says ($(wc -l <"$tmp/$name.cmds") lines)" run_doc "$name" <"$tmp/$name.cmds"
done

# The transcripts: ```console blocks, where "$ " starts a command, "> " a line
# of its input (a `play` session's lines) and any other line, but blanks and
# "...", is what the command prints. Each document's transcripts run in order
# in a fresh folder of their own, each command with its input; a command must
# exit 0 (or as its "# exit N" comment says) and print every line shown (blanks
# squeezed; a line shown may be part of a longer line printed).
console_records() {
  awk '/^```console[ \t]*$/ { on = 1; next } /^```/ { on = 0; next }
       !on { next }
       cont != "" { $0 = cont " " $0; cont = ""
                    if ($0 ~ /\\$/) { sub(/\\$/, ""); cont = $0; next }
                    print "C " $0; next }
       /^\$ / { sub(/^\$ /, "")
                if ($0 ~ /\\$/) { sub(/\\$/, ""); cont = $0; next }
                print "C " $0; next }
       /^> / { sub(/^> /, ""); print "I " $0; next }
       /^[ \t]*(\.\.\.)?[ \t]*$/ { next }
       { print "O " $0 }' "$1"
}
squeeze() { sed -e 's/[[:space:]][[:space:]]*/ /g' -e 's/^ //' -e 's/ $//' "$1"; }
# console_one DIR: runs $cmd with DIR/in as its input; checks DIR/want.
console_one() {
  [ -n "$cmd" ] || return 0
  c=$(printf '%s\n' "$cmd" | sed 's/[ \t]*#.*$//'); want=0
  case $cmd in *"# exit "[0-9]*) want=$(printf '%s\n' "$cmd" | sed 's/.*# exit \([0-9]*\).*/\1/') ;; esac
  case $c in
    grognard\ *) ;;
    *) echo "    '$c': a transcript shows grognard commands only"; return 1 ;;
  esac
  n=$((n + 1))
  (cd "$1" && PATH="$bin:$PATH" HOME=$1 sh -c "$c" <"$1/in" >"$1/out" 2>&1)
  rc=$?
  ok=0
  [ "$rc" = "$want" ] || { echo "    '$c' exited $rc (want $want)"; sed 's/^/      | /' "$1/out" | head -n 5; ok=1; }
  squeeze "$1/out" >"$1/out.n"
  squeeze "$1/want" | while IFS= read -r w; do
    grep -qF -- "$w" "$1/out.n" || echo "    '$c' did not print: $w"
  done >"$1/missing"
  [ -s "$1/missing" ] && { cat "$1/missing"; ok=1; }
  return $ok
}
# run_console NAME: the records on stdin, in a fresh folder.
run_console() {
  d=$tmp/console-$1
  mkdir -p "$d/build" && ln -s "$repo/scenarios" "$d/scenarios" && ln -s "$exe" "$d/build/grognard"
  bad=0; n=0; cmd=; : >"$d/in"; : >"$d/want"
  while IFS= read -r rec; do
    case $rec in
      C\ *) console_one "$d" || bad=1; cmd=${rec#C }; : >"$d/in"; : >"$d/want" ;;
      I\ *) printf '%s\n' "${rec#I }" >>"$d/in" ;;
      O\ *) printf '%s\n' "${rec#O }" >>"$d/want" ;;
    esac
  done
  console_one "$d" || bad=1
  ran=$((ran + n))
  [ "$bad" -eq 0 ]
}
for f in README.md docs/*.md; do
  console_records "$f" >"$tmp/console.recs"
  [ -s "$tmp/console.recs" ] || continue
  check "every transcript of $f runs and prints what it shows ($(grep -c '^C ' "$tmp/console.recs") commands)" \
    run_console "$(basename "$f" .md)" <"$tmp/console.recs"
done
# stray_transcripts: "$ grognard" lines outside ```sh and ```console blocks,
# which no test would run.
stray_transcripts() {
  awk '/^```(sh|console)[ \t]*$/ { fenced = 1; ok = 1; next }
       /^```/ { fenced = !fenced; ok = 0; next }
       fenced && !ok && /^[ \t]*\$ grognard/ { print FILENAME ":" FNR ": " $0 }' README.md docs/*.md
}
check "every shown '\$ grognard' line is in a \`\`\`console block, where this test runs it" \
  eval '[ -z "$(stray_transcripts | tee /dev/stderr)" ]'

# The commands named in running text (`grognard log --json`, `grognard rules
# RULESET --values`): each names a command there is and only options that
# command's --help gives.
inline_commands() {
  grep -oh '`grognard [a-z][^`]*`' README.md docs/*.md | tr -d '`' | sort -u
}
inline_bad() {
  all=$("$exe" --help | awk '/^commands:/ { on = 1; next } /^$/ { on = 0 } on { print $1 }')
  inline_commands | while IFS= read -r line; do
    # shellcheck disable=SC2086  # the words of the command
    set -- $line
    c=$2
    case " $(echo $all) " in *" $c "*) ;; *) echo "$line: no command '$c'"; continue ;; esac
    for w in "$@"; do
      case $w in
        --*) "$exe" "$c" --help 2>&1 | grep -qE -- "(^|[[ ,])${w%%=*}([] =,]|$)" ||
               echo "$line: '$c' has no option $w" ;;
      esac
    done
  done
}
check "every command named in the text is a command with those options ($(inline_commands | wc -l) named)" \
  eval '[ -z "$(inline_bad | tee /dev/stderr)" ]'

man_commands >"$tmp/man.cmds"
check "every example of docs/grognard.1 runs as it says ($(wc -l <"$tmp/man.cmds") lines)" run_doc man <"$tmp/man.cmds"
check "the README walks through a game: new, end, move, show, odds, order with dice, log, undo, replay" \
  eval '(for w in " new " " order g1 end" " order g1 .move " " show " " odds g1 " " --dice " " log " " undo " "replay g1 --verify"; do
          grep -Eq -- "$w" "$tmp/README.cmds" || exit 1; done)'
check "the documents name no unit the bundled scenarios lack (19/1, 3/II)" \
  eval '! grep -n "19/1\|3/II" README.md docs/grognard.1 docs/play.md docs/simulate.md'
# every scenario of docs/scenario.md (a ```yaml block starting "grognard: 1") loads
awk -v dir="$tmp" '/^```yaml[ \t]*$/ { on = 1; n++; f = dir "/scen-" n ".yaml"; next }
  /^```/ { on = 0; next } on { print > f }' docs/scenario.md
bad=""; rulesets=""
for f in "$tmp"/scen-*.yaml; do
  head -n 1 "$f" | grep -q '^grognard: 1' || continue
  "$exe" check "$f" >"$tmp/scen.out" 2>"$tmp/scen.err" || { bad="$bad $(basename "$f")"; cat "$tmp/scen.err"; }
  rulesets="$rulesets $(sed -n 's/^.*: ok (\([a-z]*\),.*/\1/p' "$tmp/scen.out")"
done
check "every scenario of docs/scenario.md loads:${bad:- yes}" [ -z "$bad" ]
check "docs/scenario.md has a complete example for each ruleset (has:$rulesets)" \
  eval '(for r in $("$exe" schema | sed -n "s/^## \`\([a-z]*\)\`.*/\1/p"); do
          case " $rulesets " in *" $r "*) ;; *) exit 1 ;; esac; done)'
check "the ruleset tables of docs/scenario.md and docs/rulesets.md are grognard schema's" \
  env GN_BUILD="${GN_BUILD:-build}" scripts/gen-rulesets-doc --check
check "docs/ refer to no file outside the repository (rules-reference.md)" \
  eval '! grep -rn "rules-reference" README.md docs'

# ---- 2) --json: JSON on stdout and nothing else ----------------------------
j=$tmp/json
mkdir -p "$j"
(cd "$j" && "$exe" new "$repo/scenarios/vb-plancenoit.yaml" --seed 3 >/dev/null &&
  "$exe" order g1 end >/dev/null && "$exe" order g1 "move SL3 to 24,26" >/dev/null)
# json_args COMMAND: a use of COMMAND with --json on the game above.
json_args() {
  case $1 in
    show) echo "show g1 --json --as prussians" ;;
    log) echo "log g1 --json" ;;
    actions) echo "actions g1 --json" ;;
    order) echo "order g1 end --json" ;;
    rules) echo "rules vb --values --json" ;;
    export) echo "export g1 --as prussians --json" ;;
    odds) echo "odds vb fire --dice 2 --range close --weapon musket --json" ;;
    simulate) echo "simulate $repo/scenarios/vb-teach-fire.yaml --runs 3 --json --no-store" ;;
    *) return 1 ;;
  esac
}
cmds=$("$exe" --help | awk '/^commands:/ { on = 1; next } /^$/ { on = 0 } on { print $1 }')
bad=""
for c in $cmds; do
  "$exe" "$c" --help | grep -q -- '--json' || continue
  if ! a=$(json_args "$c"); then bad="$bad $c(no example in test-docs.sh)"; continue; fi
  # shellcheck disable=SC2086  # the words of the example
  (cd "$j" && "$exe" $a >"$j/$c.json" 2>"$j/$c.err") && json_ok "$j/$c.json" || bad="$bad $c"
done
check "every --json prints JSON and nothing else on stdout:${bad:- all parse}" [ -z "$bad" ]
(cd "$j" && "$exe" odds g1 "move SL3 to 23,26" --json >"$j/oo.json" 2>/dev/null)
check "odds GAME ORDER --json too" json_ok "$j/oo.json"

# ---- 3) the man page and --help agree --------------------------------------
# man_opts COMMAND: the options of COMMAND's synopsis in the man page (the
# line after its .TP, and .TQ lines), -o read as --out.
man_opts() {
  awk -v want="$1" '
    /^\.SH / { sec = $0; next }
    sec !~ /COMMANDS/ { next }
    /^\.RS/ { depth++ } /^\.RE/ { depth-- }
    (/^\.TP/ && depth == 0) || (/^\.TQ/ && cur == want) { head = 1; next }
    head { h = $0; gsub(/\\f[BIRP]|^\.[BIR]+ |"/, "", h); split(h, w, " "); cur = w[1]; head = 0
           if (cur == want) print }' docs/grognard.1 |
    sed 's/\\-/-/g' | grep -o -- '-\{1,2\}[a-z][a-z-]*' | sed 's/^-o$/--out/' | grep -- '^--' | sort -u
}
help_opts() { "$exe" "$1" --help | sed -n '/^options:/,$p' | grep -o '^ *-[a-z], --[a-z][a-z-]*\|^ *--[a-z][a-z-]*' |
               grep -o -- '--[a-z][a-z-]*' | grep -v '^--help$\|^--db$' | sort -u; }
bad=""
for c in $cmds; do
  m=$(man_opts "$c" | grep -v '^--help$\|^--db$')
  h=$(help_opts "$c")
  [ "$m" = "$h" ] || bad="$bad $c(man: $(echo $m) | help: $(echo $h))"
done
check "the man page and --help name the same options for every command:${bad:- yes}" [ -z "$bad" ]
check "every command has an entry in the man page" \
  eval '(for c in $cmds; do grep -Eq "^\.(B|BI|BR) \"?$c( |\"|$)|^\\\\fB$c\\\\fR" docs/grognard.1 || { echo "    no entry: $c"; exit 1; }; done)'
check "the man page gives the store's schema version the code writes" \
  eval 'v=$(sed -n "s/^#define GN_STORE_SCHEMA \([0-9]*\).*/\1/p" src/*.h src/*.c | head -n 1);
        grep -q "schema version $v in" docs/grognard.1'
check "the man page names every table of the store" \
  eval '(for t in $(sed -n "s/^ *\"CREATE TABLE \(IF NOT EXISTS \)\{0,1\}\([a-z_]*\).*/\2/p" src/store*.c | sort -u); do
          grep -q "^\.BR\{0,1\} $t\b" docs/grognard.1 || { echo "    table $t not in the man page"; exit 1; }; done)'
check "$ran documented commands ran" [ "$ran" -gt 20 ]
exit $failed
