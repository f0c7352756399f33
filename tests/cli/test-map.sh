#!/bin/sh
# shellcheck disable=SC2016  # checks are passed to check() as words
# grognard map: every bundled scenario drawn for each side and the umpire, and
# the SVG read back: text kept as <text>, the rulers labelled in the ruleset's
# unit, one group with data-unit per stand on the table and one with
# data-objective per objective, no hidden strength of the enemy written, the
# scenario's name once; PNG and PDF written; a selected unit's move left and
# targets for its own side only; paper sizes. One TAP line per check.
GN_TEST=map; . "$(dirname "$0")/lib.sh"
scn=$repo/scenarios
db=$tmp/m.db

# labels FILE: one line per stand label, "CODE|its texts", from the SVG.
labels() {
  awk '/<g class="unit-label"/ { match($0, /data-unit="[^"]*"/); code = substr($0, RSTART + 11, RLENGTH - 12);
                                 t = ""; inl = 1; next }
       inl && /<text/ { s = $0; sub(/^<text[^>]*>/, "", s); sub(/<\/text>$/, "", s); t = t " " s }
       inl && /^<\/g>/ { print code "|" t; inl = 0 }' "$1"
}
# texts FILE CLASS: the texts inside the groups of that class.
texts() {
  awk -v cls="class=\"$2\"" 'index($0, "<g " cls) || index($0, "<g " cls) { d = 1; next }
       d && /<g[ >]/ { d++ } d && /^<\/g>/ { d--; next }
       d && /<text/ { s = $0; sub(/^<text[^>]*>/, "", s); sub(/<\/text>$/, "", s); print s }' "$1"
}

for f in "$scn"/*.yaml; do
  sn=$(basename "$f" .yaml)
  gid=$("$exe" --db "$db" new "$f" --seed 1 2>/dev/null)
  [ -n "$gid" ] || { echo "not ok - $sn: a game is made"; failed=1; continue; }
  sides=$("$exe" --db "$db" show "$gid" --json | jq -r '[.units[].side] | unique | .[]')
  for v in $sides umpire; do
    run "$sn-$v" --db "$db" map "$gid" --as "$v" -o "$sn-$v.svg"
    svg=$tmp/$sn-$v.svg
    "$exe" --db "$db" show "$gid" --as "$v" --json >"$tmp/$sn-$v.json"
    j=$tmp/$sn-$v.json
    sname=$(jq -r .scenario "$j")
    onboard=$(jq '[.units[] | select(.removed == false)] | length' "$j")
    nobj=$(jq '.objectives | length' "$j")
    W=$(sed -n 's/^table: *{width: *\([0-9.]*\).*/\1/p' "$f")
    H=$(sed -n 's/^table: *{width: *[0-9.]*, *height: *\([0-9.]*\).*/\1/p' "$f")
    unit=$(jq -r .ruleset "$j" | sed 's/^ba$/cm/; s/^vb$/in/; s/^inradic$/in/')
    check "map of $sn as $v: written, text as <text>" \
      eval 'status "$sn-$v" 0 && [ "$(grep -c "<text" "$svg")" -gt 10 ] && ! grep -q "<path" "$svg"'
    check "map of $sn as $v: the rulers labelled 0, $W and $H $unit" \
      eval 'texts "$svg" grid >"$tmp/grid"; grep -qx 0 "$tmp/grid" && grep -qx "$W" "$tmp/grid" &&
            grep -qx "$H" "$tmp/grid" && grep -qx "$unit" "$tmp/grid"'
    check "map of $sn as $v: one unit group with data-unit and data-side per stand on the table ($onboard)" \
      [ "$(grep -c '^<g class="unit" data-unit="[^"]*" data-side="[^"]*"' "$svg")" = "$onboard" ]
    check "map of $sn as $v: one objective group per objective ($nobj)" \
      [ "$(grep -c '^<g class="objective" data-objective=' "$svg")" = "$nobj" ]
    check "map of $sn as $v: the scenario's name once" [ "$(grep -oF ">$sname<" "$svg" | wc -l)" = 1 ]
    # a stand whose strength this viewer may not know shows '?' and no number;
    # a leader's shows neither
    jq -r '.units[] | select(.removed == false) | "\(.code) \(.strength) \(.strength0) \(.type)"' "$j" \
      >"$tmp/str"
    labels "$svg" >"$tmp/labels"
    bad=$(while read -r code s s0 type; do
            l=$(grep "^$code|" "$tmp/labels" | cut -d'|' -f2 | sed "s/^ *$code//")
            case "$type:$s:$s0" in
              leader*|staff*|*:0|*:0:*) case "$l" in *'?'*) echo "$code '?' on a leader" ;; esac ;;
              *:null:*) case "$l" in *[0-9]*|'') echo "$code:$l" ;; esac ;;
              *) case "$l" in *"$s"*) ;; *) echo "$code: $s not in '$l'" ;; esac ;;
            esac
          done <"$tmp/str")
    check "map of $sn as $v: strengths as the viewer knows them, nothing hidden${bad:+ ($bad)}" [ -z "$bad" ]
    check "map of $sn as $v: valid UTF-8" iconv -f UTF-8 -t UTF-8 "$svg" -o /dev/null
    if command -v xmllint >/dev/null; then
      check "map of $sn as $v: well-formed XML" xmllint --noout "$svg"
    fi
  done
  run "$sn-png" --db "$db" map "$gid" -o "$sn.png"
  run "$sn-pdf" --db "$db" map "$gid" -o "$sn.pdf"
  check "map of $sn: PNG and PDF written" \
    eval 'status "$sn-png" 0 && status "$sn-pdf" 0 && head -c 4 "$tmp/$sn.png" | grep -q PNG &&
          head -c 4 "$tmp/$sn.pdf" | grep -q "%PDF" && [ "$(wc -c <"$tmp/$sn.png")" -gt 10000 ]'
done

# The PNG's stands in their sides' colours (the tint 1 - 0.35 (1 - side colour)
# the stands are filled with), and no third side's.
cat >"$tmp/pngcheck.c" <<'EOF2'
#include <cairo.h>
#include <stdio.h>
#include <stdlib.h>
/* pngcheck FILE R,G,B...: "W H" then the count of pixels of each colour (each
** channel within 2, for cairo's rounding). */
int main(int argc, char **argv) {
  cairo_surface_t *s = cairo_image_surface_create_from_png(argv[1]);
  if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS) { printf("bad png\n"); return 1; }
  cairo_surface_flush(s);
  int w = cairo_image_surface_get_width(s), h = cairo_image_surface_get_height(s);
  int stride = cairo_image_surface_get_stride(s);
  unsigned char *d = cairo_image_surface_get_data(s);
  printf("%d %d", w, h);
  for (int a = 2; a < argc; a++) {
    unsigned r, g, b;
    long n = 0;
    if (sscanf(argv[a], "%u,%u,%u", &r, &g, &b) != 3) return 2;
    for (int y = 0; y < h; y++)
      for (int x = 0; x < w; x++) {
        unsigned px = *(unsigned *)(d + y * stride + 4 * x);
        n += abs((int)((px >> 16) & 255) - (int)r) <= 2 && abs((int)((px >> 8) & 255) - (int)g) <= 2 &&
             abs((int)(px & 255) - (int)b) <= 2;
      }
    printf(" %ld", n);
  }
  printf("\n");
  cairo_surface_destroy(s);
  return 0;
}
EOF2
if cc -o "$tmp/pngcheck" "$tmp/pngcheck.c" $(pkg-config --cflags --libs cairo) 2>"$tmp/pngcheck.err"; then
  tints="179,193,233 238,179,179 175,215,188"
  for f in "$scn"/*.yaml; do
    sn=$(basename "$f" .yaml)
    read -r pw ph c0 c1 c2 <<EOF2
$("$tmp/pngcheck" "$tmp/$sn.png" $tints 2>/dev/null)
EOF2
    check "map of $sn: the stands of both sides in their colours, no third side's (${pw:-?}x${ph:-?} pixels)" \
      eval '[ "${c0:-0}" -gt 200 ] && [ "${c1:-0}" -gt 200 ] && [ "${c2:-1}" -eq 0 ]'
  done
else
  echo "not ok - a PNG checker builds with cairo"; sed 's/^/# /' "$tmp/pngcheck.err"; failed=1
fi

# A selected unit: its own side sees its move left and the enemy stands its
# orders may name (the Ducal gun at the Mill Ford, as `actions` lists them);
# the other side sees its arc only.
gid=$("$exe" --db "$db" new "$scn/inradic-skirmish.yaml" --seed 1 2>/dev/null)
run sel-own --db "$db" map "$gid" --as lorelei --select GR -o sel-own.svg
run sel-enemy --db "$db" map "$gid" --as vapournia --select GR -o sel-enemy.svg
check "map --select: the own side sees the move left ring, labelled as an allowance" \
  eval 'status sel-own 0 && grep -q "class=\"selection\"[^>]*data-unit=\"GR\"" "$tmp/sel-own.svg" &&
        grep -q "in of move left" "$tmp/sel-own.svg" && grep -q "<circle" "$tmp/sel-own.svg"'
check "map --select: the other side sees the arc, no move and no targets" \
  eval 'status sel-enemy 0 && grep -q "class=\"selection\"" "$tmp/sel-enemy.svg" &&
        ! grep -q "of move left" "$tmp/sel-enemy.svg" && ! grep -q "class=\"target\"" "$tmp/sel-enemy.svg"'
"$exe" --db "$db" actions "$gid" --as lorelei --json >"$tmp/acts.json" 2>/dev/null
ntarget=$(jq '[.actions[] | select(.unit == "GUN") | .targets[]? | select(.ready != false) | .unit] | unique | length' \
          "$tmp/acts.json")
run sel-gun --db "$db" map "$gid" --as lorelei --select GUN -o sel-gun.svg
check "map --select GUN: one target group per enemy its orders may name now ($ntarget)" \
  [ "$(grep -c 'class="target"' "$tmp/sel-gun.svg")" = "$ntarget" ]

# The bands a selected unit reaches, for its own side only, with the numbers
# of the ruleset's data (the map knows none): the Ducal gun's fire close out
# to half its range and long to its range (shoot.range, ref. IN-R4, IN-B1);
# a V&B heavy battery's close and long (fire.range.heavy, close_fraction,
# ref. VB-B18) and a brigade's muskets (fire.range.musket); a Belle Alliance
# battalion's close and long (fire.range.infantry, long_fraction, ref. BA-B3)
# and its attack. Each band a dashed or solid outline in a group per verb.
# datum FILE KEY: a value of the ruleset's data, a number or a [list].
datum() { awk -v k="key: $2, value: " 'i = index($0, k) { v = substr($0, i + length(k));
            if (v ~ /^\[/) sub(/\].*/, "]", v); else sub(/[,}].*/, "", v); print v }' "$repo/data/rulesets/$1"; }
half() { awk -v a="$1" -v f="$2" 'BEGIN { printf "%g", a * f }'; }
igun=$(datum inradic/shoot.yaml shoot.range | tr -d '[]' | cut -d, -f9 | tr -d ' ')
check "map --select GUN: its fire's bands from the data, close to $(half "$igun" 0.5) in and long to $igun in" \
  eval 'texts "$tmp/sel-gun.svg" reach-labels | grep -qx "fire, close: $(half "$igun" 0.5) in" &&
        texts "$tmp/sel-gun.svg" reach-labels | grep -qx "fire, long: $igun in" &&
        [ "$(grep -c "class=\"reach\" data-verb=\"fire\"" "$tmp/sel-gun.svg")" = 1 ]'
check "map --select: the other side is not told how far a unit reaches" \
  eval '! grep -q "class=\"reach" "$tmp/sel-enemy.svg"'
vgid=$("$exe" --db "$db" new "$scn/vb-plancenoit.yaml" --seed 1 2>/dev/null)
heavy=$(datum vb/fire.yaml fire.range.heavy) frac=$(datum vb/fire.yaml fire.range.close_fraction)
musket=$(datum vb/fire.yaml fire.range.musket)
run sel-res --db "$db" map "$vgid" --as prussians --select RES -o sel-res.svg
run sel-sl2 --db "$db" map "$vgid" --umpire --select SL2 -o sel-sl2.svg
check "map --select RES (V&B heavy guns): fire close to $(half "$heavy" "$frac") in, long to $heavy in; SL2's muskets close to $musket in" \
  eval 'status sel-res 0 && texts "$tmp/sel-res.svg" reach-labels | grep -qx "fire, close: $(half "$heavy" "$frac") in" &&
        texts "$tmp/sel-res.svg" reach-labels | grep -qx "fire, long: $heavy in" &&
        texts "$tmp/sel-sl2.svg" reach-labels | grep -qx "fire, close: $musket in" &&
        [ "$(texts "$tmp/sel-sl2.svg" reach-labels | wc -l)" = 1 ]'
check "map --select: the legend says what the outlines are" \
  eval 'texts "$tmp/sel-res.svg" legend | grep -q "the outlines are how far its fire, charges, attacks and throws reach by the rules"'
bgid=$("$exe" --db "$db" new "$scn/ba-hougoumont.yaml" --seed 1 2>/dev/null)
brange=$(datum ba/fire.yaml fire.range.infantry) blong=$(datum ba/fire.yaml fire.long_fraction)
run sel-nas --db "$db" map "$bgid" --as allies --select NAS -o sel-nas.svg
check "map --select NAS (Belle Alliance): fire close to $(half "$brange" "$blong") cm, long to $brange cm, and its attack" \
  eval 'status sel-nas 0 && texts "$tmp/sel-nas.svg" reach-labels | grep -qx "fire, close: $(half "$brange" "$blong") cm" &&
        texts "$tmp/sel-nas.svg" reach-labels | grep -qx "fire, long: $brange cm" &&
        texts "$tmp/sel-nas.svg" reach-labels | grep -q "^attack: [0-9.]* cm\$" &&
        ! grep -q "data-verb=\"continue\"" "$tmp/sel-nas.svg"'
run sel-res-png --db "$db" map "$vgid" --as prussians --select RES -o sel-res.png
run sel-res-pdf --db "$db" map "$vgid" --as prussians --select RES -o sel-res.pdf
check "map --select: PNG and PDF with the bands written" \
  eval 'status sel-res-png 0 && status sel-res-pdf 0 && head -c 4 "$tmp/sel-res.png" | grep -q PNG &&
        head -c 4 "$tmp/sel-res.pdf" | grep -q "%PDF"'

# Paper: A4 (the default) and Letter, turned as the map is.
run pa4 --db "$db" map "$gid" -o a4.pdf
run plet --db "$db" map "$gid" -o letter.pdf --paper letter
run pbad --db "$db" map "$gid" -o x.pdf --paper a3
check "map --paper: an A4 page by default, Letter when asked, a3 refused (exit 2)" \
  eval 'status pa4 0 && status plet 0 && status pbad 2 &&
        grep -aq "MediaBox \[ *0 0 595.2[0-9]* 841.8[0-9]* *\]\|MediaBox \[ *0 0 841.8[0-9]* 595.2[0-9]* *\]" "$tmp/a4.pdf" &&
        grep -aq "MediaBox \[ *0 0 612 792 *\]\|MediaBox \[ *0 0 792 612 *\]" "$tmp/letter.pdf"'

# True scale: after the whole map, the 48 x 36 in table at 72 points an inch
# on A4 pages, at least as many as its area needs and not twice as many.
pgid=$("$exe" --db "$db" new "$scn/vb-plancenoit.yaml" --seed 1 2>/dev/null)
run true --db "$db" map "$pgid" -o true.pdf --true-scale
run truesvg --db "$db" map "$pgid" -o true.svg --true-scale
pages=$(grep -ac '/Type /Page\b' "$tmp/true.pdf")
a4=$(grep -aoc 'MediaBox \[ *0 0 \(841.89 595.28\|595.28 841.89\) *\]' "$tmp/true.pdf")
need=$(awk 'BEGIN { a = 48 * 36 / (595.28 / 72 * 841.89 / 72); n = int(a); if (n < a) n++; print n + 1 }')
check "map --true-scale: $pages A4 pages for a 48 x 36 in table (at least $need, fewer than $((2 * need)))" \
  eval 'status true 0 && [ "$pages" -ge "$need" ] && [ "$pages" -lt $((2 * need)) ] && [ "$a4" = "$pages" ]'
check "map --true-scale is for a PDF (exit 2 for an SVG)" status truesvg 2

# The frame on the <svg> element: each stand's rectangle is centred where
# (x0 + x scale, y0 + (height - y) scale) puts its centre.
"$exe" --db "$db" show "$pgid" --json | jq -r '.units[] | select(.removed == false) | "\(.code) \(.x) \(.y)"' >"$tmp/at"
"$exe" --db "$db" map "$pgid" -o "$tmp/frame.svg" 2>/dev/null
off=$(awk -v svg="$tmp/frame.svg" '
  BEGIN { while ((getline l < svg) > 0) {
            if (l ~ /^<svg/) { split(l, a, "\""); for (i = 1; i < length(a); i++) f[a[i]] = a[i + 1] }
            if (l ~ /^<g class="unit"/) { match(l, /data-unit="[^"]*"/); u = substr(l, RSTART + 11, RLENGTH - 12); want = 1; continue }
            if (want && l ~ /^<polygon/) { match(l, /points="[^"]*"/); n = split(substr(l, RSTART + 8, RLENGTH - 9), p, "[ ,]");
                                          cx[u] = (p[1] + p[3] + p[5] + p[7]) / 4; cy[u] = (p[2] + p[4] + p[6] + p[8]) / 4; want = 0 } }
          s = f[" data-scale="]; x0 = f[" data-x0="]; y0 = f[" data-y0="]; h = f[" data-height="] }
  { dx = x0 + $2 * s - cx[$1]; dy = y0 + (h - $3) * s - cy[$1]; if (dx * dx + dy * dy > 0.05 || !($1 in cx)) print $1 }' "$tmp/at")
check "map: the frame on the <svg> element puts every stand where it is${off:+ (not: $off)}" \
  eval '[ -z "$off" ] && [ -s "$tmp/at" ] && grep -q "data-scale=" "$tmp/frame.svg"'

# True scale: every stand is labelled on each page it lies on, a stand cut by
# a page's edge on every page it is cut across (the text of each page read
# back with pdftotext; the stands' boxes from the whole map's SVG frame).
if command -v pdftotext >/dev/null 2>&1; then
  awk '/^<svg/ { split($0, a, "\""); for (i = 1; i < length(a); i++) f[a[i]] = a[i + 1]
                 s = f[" data-scale="]; x0 = f[" data-x0="]; y0 = f[" data-y0="]; h = f[" data-height="] }
       /^<g class="unit"/ { match($0, /data-unit="[^"]*"/); u = substr($0, RSTART + 11, RLENGTH - 12); want = 1; next }
       want && /^<polygon/ { match($0, /points="[^"]*"/); n = split(substr($0, RSTART + 8, RLENGTH - 9), p, "[ ,]")
                             lx = 1e9; hx = -1e9; ly = 1e9; hy = -1e9
                             for (i = 1; i < n; i += 2) { x = (p[i] - x0) / s; y = h - (p[i + 1] - y0) / s
                               if (x < lx) lx = x; if (x > hx) hx = x; if (y < ly) ly = y; if (y > hy) hy = y }
                             print u, lx, hx, ly, hy; want = 0 }' "$tmp/frame.svg" >"$tmp/boxes"
  missing="" cut=0
  for pg in $(seq 2 "$pages"); do
    pdftotext -f "$pg" -l "$pg" "$tmp/true.pdf" "$tmp/page.txt" 2>/dev/null
    win=$(sed -n 's/.*: x \([0-9.]*\) to \([0-9.]*\), y \([0-9.]*\) to \([0-9.]*\) in$/\1 \2 \3 \4/p' "$tmp/page.txt" | head -n 1)
    [ -n "$win" ] || { missing="$missing page$pg:no-window"; continue; }
    for code in $(awk -v w="$win" 'BEGIN { split(w, a, " ") }
                   $3 > a[1] + 0.01 && $2 < a[2] - 0.01 && $5 > a[3] + 0.01 && $4 < a[4] - 0.01 { print $1 }' "$tmp/boxes"); do
      grep -qw "$code" "$tmp/page.txt" || missing="$missing $code@$pg"
    done
    cut=$((cut + $(awk -v w="$win" 'BEGIN { split(w, a, " ") }
                   $3 > a[1] + 0.01 && $2 < a[2] - 0.01 && $5 > a[3] + 0.01 && $4 < a[4] - 0.01 &&
                   ($2 < a[1] || $3 > a[2] || $4 < a[3] || $5 > a[4]) { n++ } END { print n + 0 }' "$tmp/boxes")))
  done
  check "map --true-scale: each stand labelled on every page it lies on, $cut cut by a page's edge${missing:+ (not:$missing)}" \
    eval '[ -z "$missing" ] && [ "$cut" -gt 0 ]'
else
  echo "ok - map --true-scale: each stand labelled on every page it lies on # SKIP no pdftotext"
fi

# Long names in UTF-8: the title wrapped whole, never cut; a side's name whole
# in the legend; a reinforcement's long name cut in the off-table box only
# between characters (the whole line in its tooltip).
cat >"$tmp/utf8.yaml" <<'EOF2'
grognard: 1
name: "Schlacht bei Königsgrätz-Überlingen an der Großen Brücke über die Donau, am Morgen des 18. Juni 1815, gegen die Vereinigten Fürstentümer am Rhein und ihre Verbündeten aus Übersee, nach den Berichten der Augenzeugen"
ruleset: vb
table: {width: 48, height: 36, unit: in}
date: {year: 1815, month: 6, day: 18, hour: 9}
turns: 4
sides:
  - {id: french, name: "Armée du Nord de l'Empereur, Grande Armée Impériale"}
  - {id: allied, name: "Großherzogtum Lörelei-Übersee und die Vereinigten Fürstentümer am Rhein"}
formations:
  - {id: fdiv, echelon: division, side: french, leader: fl}
  - {id: adiv, echelon: division, side: allied, leader: al}
units:
  - {id: fl, code: FL, formation: fdiv, type: leader_division, at: [10, 6], strength: 0}
  - {id: f1, code: F1, name: "1ère brigade de la Garde Impériale, grenadiers à pied du général Friant, réserve générale", formation: fdiv, type: infantry_brigade, at: [10, 10], strength: 4, arrives: 3}
  - {id: f2, code: F2, formation: fdiv, type: infantry_brigade, at: [20, 10], strength: 4}
  - {id: al, code: AL, formation: adiv, type: leader_division, at: [10, 30], facing: 180, strength: 0}
  - {id: a1, code: A1, name: "Königlich-Großherzogliches Füsilier-Regiment „Übersee“ Nr. 1", formation: adiv, type: infantry_brigade, at: [10, 16], facing: 180, strength: 4}
EOF2
ugid=$("$exe" --db "$db" new "$tmp/utf8.yaml" --seed 1 2>"$tmp/utf8.err")
run utf8 --db "$db" map "$ugid" --as french -o utf8.svg
u=$tmp/utf8.svg
uname=$(sed -n 's/^name: "\(.*\)"$/\1/p' "$tmp/utf8.yaml")
check "long UTF-8 names: the map is valid UTF-8 and well-formed" \
  eval 'status utf8 0 && iconv -f UTF-8 -t UTF-8 "$u" -o /dev/null && { ! command -v xmllint >/dev/null || xmllint --noout "$u"; }'
check "long UTF-8 names: the title wrapped over lines, whole" \
  eval '[ "$(texts "$u" title | wc -l)" -ge 2 ] && [ "$(texts "$u" title | tr "\n" " " | sed "s/ \$//")" = "$uname" ]'
check "long UTF-8 names: each side's name whole in the legend" \
  eval 'texts "$u" legend | grep -qxF "Großherzogtum Lörelei-Übersee und die Vereinigten Fürstentümer am Rhein" &&
        texts "$u" legend | grep -qxF "Armée du Nord de l'"'"'Empereur, Grande Armée Impériale"'
check "long UTF-8 names: the reinforcement in the off-table box, cut between characters, whole in its tooltip" \
  eval 'texts "$u" offtable | grep -q "^F1 arrives on turn 3: 1ère brigade.*\\.\\.\\.\$" &&
        grep -q "<title>F1 arrives on turn 3: 1ère brigade.*réserve générale</title>" "$u"'

exit $failed
