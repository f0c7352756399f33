#!/bin/sh
# shellcheck disable=SC2016  # checks are passed to check() as words
# The bash completion (scripts/completion/grognard.bash) loads and completes
# commands, options, game ids and unit codes; the zsh one parses (when zsh is
# installed).
GN_TEST=completion
. "$(dirname "$0")/lib.sh"
comp=$repo/scripts/completion
command -v bash >/dev/null 2>&1 || { echo "not ok - bash is installed"; exit 1; }
mkdir -p "$tmp/bin" && ln -s "$exe" "$tmp/bin/grognard"
(cd "$tmp" && "$exe" new "$repo/scenarios/vb-plancenoit.yaml" >/dev/null)
# complete WORDS...: the completions of the last word (may be empty) of
# "grognard WORDS...", one a line, sorted.
complete_words() {
  (cd "$tmp" && PATH="$tmp/bin:$PATH" bash -c '
    . "$0" || exit 1
    COMP_WORDS=(grognard "$@"); COMP_CWORD=$#
    _grognard; printf "%s\n" "${COMPREPLY[@]}" | sort' "$comp/grognard.bash" "$@")
}
check "the bash completion loads and registers grognard" \
  eval '(cd "$tmp" && bash -c ". \"$comp/grognard.bash\" && complete -p grognard" | grep -q _grognard)'
check "commands: 'grognard or' completes to order" eval '[ "$(complete_words or)" = order ]'
check "commands: every command of --help" \
  eval '[ "$(complete_words "" | grep -c .)" -ge "$("$exe" --help | awk "/^commands:/{on=1;next} /^\$/{on=0} on" | grep -c .)" ]'
check "options of a command: 'grognard show --j' completes to --json" eval '[ "$(complete_words show --j)" = --json ]'
check "game ids: 'grognard show ' offers g1" eval 'complete_words show "" | grep -qx g1'
check "unit codes: 'grognard order g1 move SL' offers SL1 to SL4" \
  eval '[ "$(complete_words order g1 move SL | tr "\n" " ")" = "SL1 SL2 SL3 SL4 " ]'
check "sides: 'grognard show g1 --as pr' offers prussians" eval 'complete_words show g1 --as pr | grep -qx prussians'
check "rulesets: 'grognard schema ' offers vb, ba, inradic" \
  eval '[ "$(complete_words schema "" | tr "\n" " ")" = "ba inradic vb " ]'
check "scenario files: 'grognard check scen' offers the folder" \
  eval '(cd "$repo" && PATH="$tmp/bin:$PATH" bash -c ". scripts/completion/grognard.bash; COMP_WORDS=(grognard check scenarios/vb-teach-f); COMP_CWORD=2; _grognard; printf \"%s\n\" \"\${COMPREPLY[@]}\"") | grep -qx scenarios/vb-teach-fire.yaml'
if command -v zsh >/dev/null 2>&1; then
  check "the zsh completion parses" zsh -n "$comp/_grognard"
  # zcomplete WORDS...: what _grognard offers for the last word (compadd and
  # _files stand in for zsh's, printing their words; zsh itself filters them)
  cat >"$tmp/z.zsh" <<'ZSH'
compadd() { local a; for a in "$@"; do [[ $a == -- ]] || print -r -- "$a"; done }
_files() { print -r -- FILES "$@" }
fpath=("$ZCOMP" $fpath)
autoload -Uz _grognard
words=(grognard "$@"); CURRENT=${#words}; PREFIX=${words[CURRENT]}
_grognard
ZSH
  zcomplete() { (cd "$tmp" && PATH="$tmp/bin:$PATH" ZCOMP=$comp zsh "$tmp/z.zsh" "$@"); }
  check "zsh: the commands, the options of one, the games, the unit codes" \
    eval 'zcomplete or | grep -qx order && zcomplete show --j | grep -qx -- --json &&
          zcomplete show "" | grep -qx g1 && zcomplete order g1 move SL | grep -qx SL3'
else
  echo "ok - # SKIP zsh is not installed: the zsh completion is not parsed"
fi
exit $failed
