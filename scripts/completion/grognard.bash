# bash completion for grognard: commands, their options, scenario files,
# game ids of the store and unit codes of a game. Everything is asked of
# grognard itself (--help, list, show), so it follows the command it
# completes. Installed by `make install` into share/bash-completion/completions.

# The --db given on the line, as options for grognard ("--db PATH" or nothing).
_grognard_db() {
  local i
  for ((i = 1; i < ${#COMP_WORDS[@]} - 1; i++)); do
    case ${COMP_WORDS[i]} in
      --db) echo "--db ${COMP_WORDS[i+1]}"; return ;;
      --db=*) echo "--db ${COMP_WORDS[i]#--db=}"; return ;;
    esac
  done
}

_grognard() {
  local cur prev cmd i game db
  cur=${COMP_WORDS[COMP_CWORD]}
  prev=${COMP_WORDS[COMP_CWORD-1]}
  db=$(_grognard_db)
  # the command: the first word after the global options
  for ((i = 1; i < COMP_CWORD; i++)); do
    case ${COMP_WORDS[i]} in
      --db) ((i++)) ;;
      -*) ;;
      *) cmd=${COMP_WORDS[i]}; break ;;
    esac
  done
  if [[ -z $cmd ]]; then
    if [[ $prev == --db ]]; then COMPREPLY=($(compgen -f -- "$cur")); return; fi
    local cmds
    cmds=$(grognard --help 2>/dev/null | awk '/^commands:/ { on = 1; next } /^$/ { on = 0 } on { print $1 }')
    COMPREPLY=($(compgen -W "$cmds help --db --help --version" -- "$cur"))
    return
  fi
  # the first argument after the command: a game (or a scenario file)
  for ((i = i + 1; i < COMP_CWORD; i++)); do
    case ${COMP_WORDS[i]} in -*) ;; *) game=${COMP_WORDS[i]}; break ;; esac
  done
  case $prev in
    --db|--script|-o|--out|--svg|--csv|--links) COMPREPLY=($(compgen -f -- "$cur")); return ;;
    --as) if [[ -n $game ]]; then
            COMPREPLY=($(compgen -W "umpire $(grognard $db show "$game" --json 2>/dev/null |
                        sed -n 's/.*"side": *"\([^"]*\)".*/\1/p' | sort -u)" -- "$cur"))
          fi; return ;;
    --select) if [[ -n $game ]]; then
                COMPREPLY=($(compgen -W "$(_grognard_units "$game")" -- "$cur"))
              fi; return ;;
    --dice) COMPREPLY=($(compgen -W "auto table" -- "$cur")); return ;;
    --format) COMPREPLY=($(compgen -W "text json csv svg png pdf" -- "$cur")); return ;;
  esac
  if [[ $cur == -* ]]; then
    COMPREPLY=($(compgen -W "$(grognard "$cmd" --help 2>/dev/null | sed -n '/^options:/,$p' |
                 grep -o -- '--[a-z][a-z-]*' | sort -u)" -- "$cur"))
    return
  fi
  case $cmd in
    check|new|battle|simulate)
      COMPREPLY=($(compgen -f -X '!*.yaml' -- "$cur") $(compgen -d -- "$cur")) ;;
    play|serve)
      if [[ -z $game ]]; then
        COMPREPLY=($(compgen -W "$(grognard $db list 2>/dev/null | awk '{ print $1 }')" -- "$cur")
                   $(compgen -f -X '!*.yaml' -- "$cur") $(compgen -d -- "$cur"))
      fi ;;
    order|show|log|undo|replay|map|export|odds|actions)
      if [[ -z $game ]]; then
        local words
        words=$(grognard $db list 2>/dev/null | awk '{ print $1 }')
        [[ $cmd == odds ]] && words="$words $(_grognard_rulesets)"
        COMPREPLY=($(compgen -W "$words" -- "$cur"))
      elif [[ $cmd == order || $cmd == odds ]]; then
        COMPREPLY=($(compgen -W "$(_grognard_units "$game")" -- "$cur"))
      fi ;;
    rules|schema) COMPREPLY=($(compgen -W "$(_grognard_rulesets)" -- "$cur")) ;;
    help) COMPREPLY=($(compgen -W "$(grognard --help 2>/dev/null |
                       awk '/^commands:/ { on = 1; next } /^$/ { on = 0 } on { print $1 }')" -- "$cur")) ;;
  esac
}

# The ids of the rulesets.
_grognard_rulesets() { grognard schema 2>/dev/null | sed -n 's/^## `\([a-z0-9_]*\)`.*/\1/p'; }

# The unit codes of a game, from its umpire's view.
_grognard_units() {
  grognard $(_grognard_db) show "$1" 2>/dev/null | awk '$1 == "code" && $2 == "name" { on = 1; next } /^$/ { on = 0 } on { print $1 }'
}

complete -o filenames -F _grognard grognard
