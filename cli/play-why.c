/*
** play-why.c: `why [N]`, the explanation of a resolution. A resolution in the
** log is its chance events (the rolls, or the cards drawn) followed by the
** events that read them: the result with its modifiers, and what followed
** from it (losses, disorder, a rout, supplies spent) up to the next chance
** event or the next event that concerns no unit (a phase announcement).
** Each event is shown with its rule id, its dice, its total and every
** modifier with the rule it comes from, each rule id with where its number
** comes from (seed, published, the project's default, the scenario's values)
** and whether it is an interpretation; then the interpretations in force
** (labelled rules and data switches). Events the viewer may not see are left
** out (the umpire sees all).
*/
#include "play.h"

#include <stdlib.h>
#include <string.h>

static int is_chance(const gn_event *e) {
  return !strcmp(e->kind, "roll") || !strcmp(e->kind, "card");
}

/* An event about no unit (a phase opening, nightfall) ends a resolution. */
static int is_boundary(const gn_event *e) { return e->unit < 0 && e->target < 0; }

/* Where the resolution holding event n starts, before any earlier rolls of
** the same two units are taken in (span's steps 1 and 2). */
static int span_start(const gn_game *g, int n) {
  const gn_event *e = gn_event_get(g, n);
  int start = n;
  if (!is_chance(e)) {                                                           /* 2 */
    for (int i = n - 1; i >= 0; i--) {
      const gn_event *x = gn_event_get(g, i);
      if (x->order != e->order || (is_boundary(x) && !is_chance(x))) break;
      if (is_chance(x)) { start = i; break; }
    }
  }
  if (is_chance(gn_event_get(g, start)))                                         /* 1 */
    while (start > 0) {
      const gn_event *x = gn_event_get(g, start - 1);
      if (!is_chance(x) || x->order != e->order) break;
      start--;
    }
  return start;
}

/* Where the resolution that starts at start and holds event n ends (span's
** step 3): past its chance events and the results that read them. */
static int span_end(const gn_game *g, int n, int start) {
  int order = gn_event_get(g, n)->order, count = gn_event_count(g), end = start;
  while (end < count && is_chance(gn_event_get(g, end))) end++;
  while (end < count) {
    const gn_event *x = gn_event_get(g, end);
    if (x->order != order || is_chance(x) || (end > n && is_boundary(x))) break;
    end++;
  }
  return end <= n ? n + 1 : end;
}

/* The earlier rolls of a resolution between two units (span's step 4): from
** start back over the chance events and events of the first pair of units
** named in [start, end) within n's order. */
static int span_pair_start(const gn_game *g, int n, int start, int end) {
  int order = gn_event_get(g, n)->order, a = -1, b = -1;
  for (int i = start; i < end && a < 0; i++) {
    const gn_event *x = gn_event_get(g, i);
    if (!is_chance(x) && x->unit >= 0 && x->target >= 0) { a = x->unit; b = x->target; }
  }
  while (a >= 0 && start > 0) {
    const gn_event *x = gn_event_get(g, start - 1);
    int pair = (x->unit == a && x->target == b) || (x->unit == b && x->target == a);
    if (x->order != order || !(is_chance(x) || pair)) break;
    start--;
  }
  return start;
}

/*
** The events [*from, *to) of the resolution that holds event n.
**   1) n is a chance event: the resolution starts at the first of the chance
**      events just before it
**   2) else walk back, within n's order and up to a boundary, to the nearest
**      chance event; none: the resolution is n alone (and what follows it)
**   3) it ends at the next chance event after its results, or a boundary,
**      or the end of the order
**   4) a resolution between two units (a melee, a fire) that began with
**      earlier rolls (the melee dice before a tie-break) takes them in too:
**      walk back over chance events and events of the same two units
*/
static void span(const gn_game *g, int n, int *from, int *to) {
  int start = span_start(g, n);                                                  /* 1, 2 */
  int end = span_end(g, n, start);                                               /* 3 */
  *from = span_pair_start(g, n, start, end);                                     /* 4 */
  *to = end;
}

static void show_event(FILE *f, const gn_game *g, const gn_event *e) {
  char lab[128];
  cli_ref_label(g, e->ref, 0, 0, lab, sizeof lab);
  fprintf(f, "  #%d %s%s%s%s: %s\n", e->seq, e->kind, lab[0] ? " (" : "", lab, lab[0] ? ")" : "",
         e->text);
  if (e->ndice > 0) {
    char card[8];
    if (!strcmp(e->spec, "card")) {
      fprintf(f, "      card drawn: %s\n", play_card_name(e->dice[0], card));
    } else {
      int count = !strcmp(e->spec, "count");
      fprintf(f, "      dice%s%s:", e->spec[0] && !count ? " " : "", count ? "" : e->spec);
      for (int k = 0; k < e->ndice; k++) fprintf(f, " %d", e->dice[k]);
      fprintf(f, " -> %d%s\n", e->total, count ? " counted (dice at or above the number needed)" : "");
    }
  }
  for (int k = 0; k < e->nmods; k++) {
    cli_ref_label(g, e->mods[k].ref, 1, e->mods[k].value, lab, sizeof lab);
    if (e->mods[k].value)
      fprintf(f, "      modifier: %s %+d%s%s%s\n", e->mods[k].name, e->mods[k].value,
              lab[0] ? " (" : "", lab, lab[0] ? ")" : "");
    else   /* a modifier of 0 is a note of what applied */
      fprintf(f, "      note: %s%s%s%s\n", e->mods[k].name, lab[0] ? " (" : "", lab, lab[0] ? ")" : "");
  }
  if (e->ndice == 0 && !strcmp(e->spec, "count")) fprintf(f, "      hits: %d (the count typed at the table)\n", e->total);
  else if (e->ndice == 0 && e->total != 0) fprintf(f, "      total: %d\n", e->total);
}

/* The last chance event the viewer may see, else the last visible event
** with modifiers; -1 when none. */
static int last_resolution(const gn_game *g, int viewer) {
  int mods = -1;
  for (int i = gn_event_count(g) - 1; i >= 0; i--) {
    if (!gn_event_visible(g, i, viewer)) continue;
    const gn_event *e = gn_event_get(g, i);
    if (is_chance(e)) return i;
    if (e->nmods > 0 && mods < 0) mods = i;
  }
  return mods;
}

int play_why_write(FILE *f, const gn_game *g, int viewer, int n) {
  const char *name = viewer == GN_UMPIRE ? "umpire" : gn_side_id(g, viewer);
  if (!name) name = "?";
  if (n < 0 && (n = last_resolution(g, viewer)) < 0) {
    fprintf(f, "nothing to explain yet: no roll and no modifier in the log%s%s\n",
           viewer == GN_UMPIRE ? "" : " that ", viewer == GN_UMPIRE ? "" : name);
    return 0;
  }
  if (n >= gn_event_count(g)) {
    fprintf(f, "no event %d (the log has %d, numbered from 0)\n", n, gn_event_count(g));
    return -1;
  }
  if (!gn_event_visible(g, n, viewer)) {
    fprintf(f, "event %d is hidden from %s\n", n, name);
    return -1;
  }
  int from, to;
  span(g, n, &from, &to);
  const gn_event *e = gn_event_get(g, n);
  if (e->order >= 0)
    fprintf(f, "why: order %d '%s', turn %d, %s phase\n", e->order + 1,
           gn_game_order_text(g, e->order), e->turn, e->phase ? e->phase : "?");
  else
    fprintf(f, "why: the start of the game\n");
  int shown = 0, hidden = 0, nrefs = 0, cap = 0;
  for (int i = from; i < to; i++) cap += 1 + gn_event_get(g, i)->nmods;
  const char **refs = malloc((size_t)cap * sizeof *refs);
  for (int i = from; i < to; i++) {
    if (!gn_event_visible(g, i, viewer)) { hidden++; continue; }
    const gn_event *x = gn_event_get(g, i);
    show_event(f, g, x);
    shown++;
    if (!refs) continue;
    refs[nrefs++] = x->ref;
    for (int k = 0; k < x->nmods; k++) refs[nrefs++] = x->mods[k].ref;
  }
  if (refs) cli_interpretations(f, g, refs, nrefs, "  ");
  else fprintf(f, "  (out of memory: the interpretations in force are not listed)\n");
  free(refs);
  if (!shown) fprintf(f, "  (nothing of it is visible to %s)\n", name);
  if (hidden)
    fprintf(f, "  (%d event%s of this resolution hidden from %s)\n", hidden, hidden == 1 ? "" : "s",
           name);
  return 0;
}

int play_why(play *p, int n) { return play_why_write(stdout, p->g, p->viewer, n); }
