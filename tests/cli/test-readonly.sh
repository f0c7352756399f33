#!/bin/sh
# shellcheck disable=SC2016  # checks are passed to check() as words
# A store that may only be read: the commands that only read it (list, log,
# show, export, replay, map) open it read-only and leave the file as it was;
# the commands that write say in plain words why they
# cannot. In a read-only folder (made so for a user other than root when the
# tests run as root: root writes through any permission) the reads still work.
GN_TEST=readonly; . "$(dirname "$0")/lib.sh"

scn=$repo/scenarios/vb-plancenoit.yaml
mkdir "$tmp/ro" && chmod 755 "$tmp" "$tmp/ro"
db=$tmp/ro/g.db
run new --db "$db" new "$scn" --seed 3
run o1 --db "$db" order g1 end
check 'a game made and played' status o1 0

# the reads: the store keeps its bytes, and nothing goes to its write-ahead log
before=$(cksum <"$db")
reads() { # reads <prefix> [runner...]: every reading command, into $tmp/<prefix>-*
  p=$1; shift
  for c in list 'log g1 --umpire' 'show g1' 'export g1 --as french' 'replay g1 --verify'; do
    n=$p-$(echo "$c" | cut -d' ' -f1)
    # shellcheck disable=SC2086  # the command's words
    (cd "$tmp" && "$@" "$exe" --db "$db" $c) >"$tmp/$n.out" 2>"$tmp/$n.err"
    echo $? >"$tmp/$n.rc"
  done
}
reads r
for c in list log show export replay; do check "$c reads the store" status "r-$c" 0; done
check 'replay --verify matches' out r-replay 'every state hash matches'
check 'the reads logged nothing (no write-ahead log, or an empty one)' test ! -s "$db-wal"
check 'the reads left the store as it was' test "$(cksum <"$db")" = "$before"

# as a user who may not write the folder
as_other() { # as_other <command...>: run as nobody (root, through setpriv) or as oneself
  if [ "$(id -u)" = 0 ]; then setpriv --reuid=65534 --regid=65534 --clear-groups "$@"; else "$@"; fi
}
chmod 555 "$tmp/ro"; chmod 444 "$db"
if [ "$(id -u)" != 0 ] || as_other test -r "$exe" 2>/dev/null; then
  reads n as_other
  for c in list log show export replay; do check "$c reads a store in a read-only folder" status "n-$c" 0; done
  check 'the same log as before' cmp -s "$tmp/r-log.out" "$tmp/n-log.out"
  (cd "$tmp" && as_other "$exe" --db "$db" order g1 end) >"$tmp/w.out" 2>"$tmp/w.err"
  echo $? >"$tmp/w.rc"
  check 'an order to a read-only store fails' status w 1
  check 'and says why in plain words' err w 'cannot write to the store: the file or its folder is read-only'
  (cd "$tmp" && as_other "$exe" --db "$tmp/ro/new.db" new "$scn") >"$tmp/c.out" 2>"$tmp/c.err"
  echo $? >"$tmp/c.rc"
  check 'a store cannot be made in a read-only folder' status c 1
  check 'and that is said too' err c 'cannot create the store there \(is the folder missing or read-only\?\)'
else
  echo "ok - # SKIP no other user to run as (the reads above proved nothing is written)"
fi
chmod 755 "$tmp/ro"; chmod 644 "$db"

# a missing store is named as such, and not created by a read
run m --db "$tmp/none.db" list
check 'list on no store fails' status m 1
check 'and names it' err m 'no game store at'
check 'and does not make it' test ! -e "$tmp/none.db"

exit $failed
