/*
** play-cmds.c: the session's own commands (anything that is not an order):
** help, show, log, why, dice, as, undo, odds, todo, orders, map, export, quit; the
** phase banner; notes; reloading after an undo.
*/
#include "play.h"

#include <stdlib.h>
#include <string.h>

/* ORDER: as `help` lists them. */
const char *const play_command_names[] = {
  "help", "show", "log", "why", "todo", "orders", "dice", "as", "undo", "odds", "map", "export", "quit",
  "exit", NULL,
};

const char *play_viewer_name(const play *p) {
  if (p->viewer == GN_UMPIRE) return "umpire";
  const char *s = gn_side_id(p->g, p->viewer);
  return s ? s : "?";
}

void play_note(play *p, const char *kind, const char *text) {
  if (gn_store_note(p->st, p->id, gn_game_order_count(p->g), kind, text) != 0)
    printf("  warning: the session note was not saved: %s\n", gn_store_errmsg(p->st));
}

int play_reload(play *p) {
  gn_game *g = NULL;
  if (gn_store_load(p->st, p->id, &g) != 0) {
    printf("  cannot reload game %s: %s\n", p->id, gn_store_errmsg(p->st));
    return CLI_FAIL;
  }
  gn_game_free(p->g);
  p->g = g;
  play_dice_apply(p);
  return CLI_OK;
}

typedef struct stored { const char *id; int orders; } stored;

static int stored_count(void *ud, const char *id, const char *scenario, int orders) {
  stored *s = ud;
  (void)scenario;
  if (!strcmp(id, s->id)) s->orders = orders;
  return 0;
}

int play_sync(play *p, int force) {
  stored s = { p->id, -1 };
  if (gn_store_list(p->st, stored_count, &s) != 0 || s.orders < 0) return 0;
  if (!force && s.orders == gn_game_order_count(p->g)) return 0;
  int before = gn_game_order_count(p->g);
  uint64_t hash = gn_game_hash(p->g);
  if (play_reload(p) != CLI_OK) return 0;
  if (gn_game_order_count(p->g) == before && gn_game_hash(p->g) == hash) return 0;
  printf("  another session changed the game (%d order%s stored, %d here): reloaded\n",
         gn_game_order_count(p->g), gn_game_order_count(p->g) == 1 ? "" : "s", before);
  play_announce(p, 1);
  return 1;
}

/* ---------------------------------------------------------------- banner */

/* The sides whose units are listed as still to act: the side to act, or in a
** simultaneous phase the viewer's side (the umpire: every side). */
static int lists_side(const play *p, int side) {
  int active = gn_game_active_side(p->g);
  if (active >= 0) return side == active && (p->viewer == GN_UMPIRE || p->viewer == side);
  return p->viewer == GN_UMPIRE || p->viewer == side;
}

/* 1 in a phase where orders are written for later (Belle Alliance's orders
** phase, every side at once): its orders are reviewed with 'orders'. */
static int writing(const play *p) {
  return gn_game_active_side(p->g) < 0 && !gn_game_over(p->g) && !strcmp(gn_game_ruleset(p->g), "ba") &&
         !strcmp(gn_game_phase(p->g), "orders");
}

/* 1 when event e is of kind, of the present phase, and the viewer may see it. */
static int now(const play *p, int i, const gn_event *e, const char *kind) {
  return e && e->kind && !strcmp(e->kind, kind) && e->turn == gn_game_turn(p->g) &&
         e->phase && !strcmp(e->phase, gn_game_phase(p->g)) && gn_event_visible(p->g, i, p->viewer);
}

/*
** The written orders of the present phase, of the viewer's side (the umpire:
** every side), then the units of those sides that have none yet.
**   orders: with 1, prints the orders; the units without are always listed
*/
static void review(play *p, int orders) {
  int n = gn_unit_count(p->g), shown = 0;
  unsigned char *has = calloc((size_t)n + 1, 1);
  if (!has) { printf("  out of memory\n"); return; }
  for (int i = gn_event_first(p->g); i < gn_event_count(p->g); i++) {
    const gn_event *e = gn_event_get(p->g, i);
    if (now(p, i, e, "ready")) { printf("  %s\n", e->text); continue; }
    if (!now(p, i, e, "written")) continue;
    if (e->unit >= 0 && e->unit < n) has[e->unit] = 1;
    if (orders) { printf("  %s\n", e->text); shown++; }
  }
  if (orders && !shown) printf("  no order written yet this bound\n");
  int none = 0, done = p->viewer >= 0 && gn_side_done(p->g, p->viewer);
  for (int u = 0; u < n && !done; u++) {   /* a side ready gives no more orders */
    gn_unit_view v;
    if (gn_unit_view_get(p->g, u, p->viewer, &v) != 0 || !v.known || v.removed || has[u] ||
        (p->viewer != GN_UMPIRE && v.side != p->viewer))
      continue;
    printf("%s%s", none++ ? ", " : "  no written order yet: ", v.code && *v.code ? v.code : v.id);
  }
  if (none) printf("\n");
  free(has);
}

static int orders_cmd(play *p) {
  if (!writing(p)) {
    printf("  orders are written only in Belle Alliance's orders phase; now: %s\n", gn_game_phase(p->g));
    return CLI_FAIL;
  }
  printf("  the orders written this bound, as %s may read them:\n", play_viewer_name(p));
  review(p, 1);
  return CLI_OK;
}

/*
** When the viewer's side has nothing to order because it is not its part of
** the phase, says so and what it waits for, from the game's own state: 1
** after saying it, 0 when the side may order now (or the viewer is the
** umpire).
**   1) a phase with a side to act that is not the viewer's: its turn
**   2) a phase every side plays at once that the viewer's side has ended
**      (`end` at its terminal, gn_side_done): the sides still at it
*/
static int not_yours(const play *p) {
  int active = gn_game_active_side(p->g), me = p->viewer;
  if (me < 0 || gn_game_over(p->g)) return 0;
  if (active >= 0) {                                                               /* 1 */
    if (active == me) return 0;
    printf("  not your turn: %s to play\n", gn_side_name(p->g, active));
    return 1;
  }
  if (!gn_side_done(p->g, me)) return 0;                                           /* 2 */
  int n = gn_side_count(p->g), left = 0, k = 0;
  for (int s = 0; s < n; s++) left += s != me && !gn_side_done(p->g, s);
  printf("  %s is ready: waiting for ", gn_side_name(p->g, me));
  for (int s = 0; s < n; s++) {
    if (s == me || gn_side_done(p->g, s)) continue;
    k++;
    printf("%s%s", k == 1 ? "" : k == left ? " and " : ", ", gn_side_name(p->g, s));
  }
  printf("%s\n", left ? "" : "the phase to close");
  return 1;
}

/* Lists the units that may still act, with the order words the rules would
** accept now (gn_actions_list): a move with no distance left (it could only
** turn in place) does not count as something still to do. The check costs
** a rules run per unit, verb and target: big armies are not listed unless
** asked (`todo`). A side whose part it is not is told what it waits for. */
static void todo(play *p, int asked) {
  int n = gn_unit_count(p->g), shown = 0, mine = 0;
  if (gn_game_over(p->g)) {
    if (asked) printf("  the game is over: no order is left to give\n");
    return;
  }
  if (not_yours(p)) return;
  for (int u = 0; u < n; u++) {
    gn_unit_view v;
    if (gn_unit_view_get(p->g, u, GN_UMPIRE, &v) == 0 && !v.removed && lists_side(p, v.side)) mine++;
  }
  if (mine > 80 && !asked) {
    printf("  (%d units on the table: type 'todo' for those that may still act)\n", mine);
    return;
  }
  gn_actions *a = NULL;
  int side = gn_game_active_side(p->g) < 0 && p->viewer != GN_UMPIRE ? p->viewer : -1;
  if (gn_actions_list(p->g, side, -1, &a) != 0) {
    printf("  (the actions could not be listed: out of memory)\n");
    return;
  }
  for (int i = 0; i < a->n;) {
    int u = a->a[i].unit, words = 0;
    gn_unit_view v;
    gn_unit_view_get(p->g, u, GN_UMPIRE, &v);
    for (; i < a->n && a->a[i].unit == u; i++) {
      const gn_action *x = &a->a[i];
      if (!lists_side(p, v.side) || (x->form && x->left == 0)) continue;
      printf("%s%s", words ? " " : shown ? ", " : "  to act: ", words ? "" : v.code && *v.code ? v.code : v.id);
      printf("%s%s", words ? "" : " (", x->verb);
      words++;
    }
    if (words) { printf(")"); shown++; }
  }
  gn_actions_free(a);
  if (shown) printf("\n");
  else if (asked || mine) printf("  no unit has an order to give now: 'end' closes the phase\n");
  if (writing(p)) review(p, 0);
}

int play_end_warning(play *p) {
  gn_actions *a = NULL;
  int n = 0;
  /* a simultaneous phase (Belle Alliance's written orders) writes what the
  ** units will do: nothing is fired or fought at its end that is not written */
  if (gn_game_over(p->g) || gn_game_active_side(p->g) < 0 ||
      gn_actions_list(p->g, -1, -1, &a) != 0)
    return 0;
  for (int i = 0; i < a->n; i++) {
    const gn_action *x = &a->a[i];
    gn_unit_view v, t;
    if (gn_unit_view_get(p->g, x->unit, GN_UMPIRE, &v) != 0 || !lists_side(p, v.side)) continue;
    for (int k = 0; k < x->ntargets; k++) {
      const gn_action_target *y = &x->targets[k];
      if (!y->ready || !y->dice || y->unit < 0 || gn_unit_view_get(p->g, y->unit, p->viewer, &t) != 0 ||
          !t.known || t.side == v.side)
        continue;
      printf("%s%s", n ? "; " : "  not yet: ", y->order);
      n++;
      break;   /* one target a unit and verb is enough to say it */
    }
  }
  gn_actions_free(a);
  if (n) printf("\n  %d unit%s could still fire or fight: type 'end' again to end the phase anyway\n",
                n, n == 1 ? "" : "s");
  return n;
}

void play_announce(play *p, int force) {
  const char *phase = gn_game_phase(p->g);
  int turn = gn_game_turn(p->g), side = gn_game_active_side(p->g), over = gn_game_over(p->g);
  if (!force && turn == p->seen_turn && side == p->seen_side && over == p->seen_over &&
      !strcmp(phase, p->seen_phase))
    return;
  p->seen_turn = turn;
  p->seen_side = side;
  p->seen_over = over;
  snprintf(p->seen_phase, sizeof p->seen_phase, "%s", phase);
  if (over) {
    printf("== the game is over: %s ==\n", gn_game_clock(p->g).text);
    return;
  }
  printf("== turn %d of %d, %s: %s phase, %s ==\n", turn, gn_game_turn_limit(p->g),
         gn_game_clock(p->g).text, phase, side >= 0 ? gn_side_name(p->g, side) : "all sides");
  todo(p, 0);
}

/* --------------------------------------------------------------- commands */

static int help(play *p, char *arg) {
  if (arg && *arg) {
    const char *h = gn_order_help(p->g, arg);
    if (!h) { printf("  no order '%s'\n", arg); return CLI_FAIL; }
    printf("  %s\n", h);
    return CLI_OK;
  }
  printf("session commands (several on a line with orders, separated by ';'):\n"
         "  help [ORDER]         this help, or one order's\n"
         "  show [--as SIDE]     the state as the view (or SIDE) may see it\n"
         "  log [N|all]          the events of the last N orders (default 10) and the notes\n"
         "  why [N]              explain the last resolution, or event #N: dice, modifiers, rules\n"
         "  todo                 the units that may still act, with the order words the rules accept now\n"
         "  orders               Belle Alliance: review the orders written this bound, who has none,\n"
         "                       and which sides are ready ('end' at a side's terminal: that side is)\n"
         "  dice auto|table      the engine rolls, or you roll and type the dice (kept on record)\n"
         "  as SIDE|umpire       show only what SIDE may know, or everything\n"
         "  undo [--umpire]      take back the last order; past a roll only with --umpire (recorded)\n"
         "  odds [--all] \"ORDER[; ...]\"  the chances of the orders from here, in a few lines\n"
         "                       (--all: every outcome, most likely first; umpire)\n"
         "  map FILE [UNIT]      draw the table (.svg, .png or .pdf) as the view may see it\n"
         "  export FILE [--as SIDE]  what a side may know, as JSON (for a campaign)\n"
         "  quit                 stop (everything is already saved)\n"
         "at a dice prompt: the faces (\"3 5 1\" or \"3,5,1\"), a card (QH, 10S, AS),\n"
         "'N hits' for a count, or 'cancel' to drop the order\n"
         "orders of %s:\n", gn_game_ruleset(p->g));
  for (int i = 0; i < gn_order_verb_count(p->g); i++) {
    const char *h = gn_order_help(p->g, gn_order_verb(p->g, i));
    printf("  %s\n", h ? h : gn_order_verb(p->g, i));
  }
  return CLI_OK;
}

/* 0 when the session may take view v; else -1 after saying why: a side's
** session sees as its side only. */
static int may_view(const play *p, int v) {
  if (p->umpire || v == p->viewer) return 0;
  printf("  this session plays the %s: only a session started as the umpire sees other views"
         " (grognard play GAME --as umpire)\n", gn_side_name(p->g, p->viewer));
  return -1;
}

/* Parses "--as SIDE" (or "umpire") out of arg into *viewer; -1 on a bad one. */
static int as_option(play *p, char *arg, int *viewer) {
  *viewer = p->viewer;
  if (!arg || !*arg) return 0;
  if (strncmp(arg, "--as", 4)) { printf("  unexpected '%s'\n", arg); return -1; }
  char *s = arg + 4;
  while (*s == ' ' || *s == '=') s++;
  if (!strcmp(s, "umpire")) *viewer = GN_UMPIRE;
  else if ((*viewer = gn_side_find(p->g, s)) < 0) { printf("  no side '%s'\n", s); return -1; }
  return may_view(p, *viewer);
}

static int show(play *p, char *arg) {
  int viewer;
  if (as_option(p, arg, &viewer)) return CLI_FAIL;
  char *t = gn_state_text(p->g, viewer);
  if (!t) { printf("  out of memory\n"); return CLI_FAIL; }
  fputs(t, stdout);
  gn_string_free(t);
  cli_standing(p->g, viewer, stdout);
  printf("%d order%s; dice: %s", gn_game_order_count(p->g), gn_game_order_count(p->g) == 1 ? "" : "s",
         p->table ? "table" : "auto");
  if (viewer == GN_UMPIRE) printf("; state hash %016llx", (unsigned long long)gn_game_hash(p->g));
  printf("\n");
  return CLI_OK;
}

/* The notes made while the game had between lo and hi orders. */
typedef struct noterange { int lo, hi, viewer; } noterange;

/* A note in the range; the join codes of `grognard serve` are the umpire's
** alone: a side's session says only that they are kept. */
static int print_note(void *ud, int orders, const char *kind, const char *text) {
  const noterange *r = ud;
  if (orders < r->lo || orders > r->hi) return 0;
  if (!strcmp(kind, "serve-codes") && r->viewer != GN_UMPIRE) text = "(the umpire's)";
  printf("  [after order %d] %s: %s\n", orders, kind, text);
  return 0;
}

static int log_cmd(play *p, char *arg) {
  int n = gn_game_order_count(p->g), last = 10;
  if (arg && *arg) {
    if (!strcmp(arg, "all")) last = n;
    else if ((last = atoi(arg)) <= 0) { printf("  log takes a number of orders or 'all'\n"); return CLI_FAIL; }
  }
  int first = n - last < 0 ? 0 : n - last, cur = -2;
  for (int i = gn_event_first(p->g); i < gn_event_count(p->g); i++) {
    const gn_event *e = gn_event_get(p->g, i);
    if (!e || e->order < first || !gn_event_visible(p->g, i, p->viewer)) continue;
    if (e->order != cur) {
      cur = e->order;
      printf("order %d: %s\n", cur + 1, gn_game_order_text(p->g, cur));
    }
    char *t = gn_event_text(p->g, i);
    if (t) printf("  #%d turn %d, %s: %s\n", i, e->turn, e->phase ? e->phase : "", t);
    gn_string_free(t);
  }
  noterange r = { first, n, p->viewer };
  printf("session notes:\n");
  if (gn_store_notes(p->st, p->id, print_note, &r) != 0)
    printf("  cannot read the notes: %s\n", gn_store_errmsg(p->st));
  return CLI_OK;
}

static int why(play *p, char *arg) {
  int n = -1;
  if (arg && *arg) {
    char *end;
    long v = strtol(arg[0] == '#' ? arg + 1 : arg, &end, 10);
    if (*end || v < 0) { printf("  why takes an event number (#N in the log)\n"); return CLI_FAIL; }
    n = (int)v;
  }
  return play_why(p, n) == 0 ? CLI_OK : CLI_FAIL;
}

static int dice(play *p, char *arg) {
  if (!arg || !*arg) {
    printf("  dice: %s\n", p->table ? "table (you roll and type the dice)" : "auto (the engine rolls)");
    return CLI_OK;
  }
  int table;
  if (!strcmp(arg, "table")) table = 1;
  else if (!strcmp(arg, "auto")) table = 0;
  else { printf("  dice takes auto or table\n"); return CLI_FAIL; }
  if (table != p->table) {
    p->table = table;
    play_dice_apply(p);
    play_note(p, "dice", table ? "table" : "auto");
  }
  printf("  dice: %s from order %d on\n", table ? "table" : "auto", gn_game_order_count(p->g) + 1);
  return CLI_OK;
}

static int as(play *p, char *arg) {
  int v;
  if (!arg || !*arg) { printf("  view: %s\n", play_viewer_name(p)); return CLI_OK; }
  if (!strcmp(arg, "umpire")) v = GN_UMPIRE;
  else if ((v = gn_side_find(p->g, arg)) < 0) {
    printf("  no side '%s' (sides:", arg);
    for (int s = 0; s < gn_side_count(p->g); s++) printf(" %s", gn_side_id(p->g, s));
    printf(", or umpire)\n");
    return CLI_FAIL;
  }
  if (may_view(p, v)) return CLI_FAIL;
  if (v != p->viewer) {
    p->viewer = v;
    play_note(p, "view", play_viewer_name(p));
  }
  printf("  view: %s%s\n", play_viewer_name(p),
         v == GN_UMPIRE ? " (everything)" : " (its own units exactly, the enemy as the rules allow)");
  return CLI_OK;
}

/*
** undo [--umpire]: takes back the last order.
**   1) the store takes it back as the umpire (--umpire, in an umpire's
**      session) or as a player; it refuses a player an order that drew dice
**      or cards, and records the undo in the same transaction
**   2) the game is rebuilt by replay
*/
static int undo(play *p, char *arg) {
  int umpire = arg && !strcmp(arg, "--umpire");
  if (arg && *arg && !umpire) { printf("  undo takes only --umpire\n"); return CLI_FAIL; }
  if (umpire && !p->umpire) {
    printf("  only a session started as the umpire may undo as the umpire"
           " (grognard play GAME --as umpire)\n");
    return CLI_FAIL;
  }
  int n = gn_game_order_count(p->g);
  if (n == 0) { printf("  nothing to undo\n"); return CLI_FAIL; }
  char text[600];
  snprintf(text, sizeof text, "%s", gn_game_order_text(p->g, n - 1));
  int chances = gn_game_order_chances(p->g, n - 1);
  int asker = umpire ? GN_UMPIRE : p->viewer >= 0 ? p->viewer : 0;
  int rc = gn_store_undo(p->st, p->id, asker);                                     /* 1 */
  if (rc == GN_EREFUSED) {
    printf("  %s;\n  the umpire takes it back with 'undo --umpire' (the undo is recorded)\n",
           gn_store_errmsg(p->st));
    return CLI_FAIL;
  }
  if (rc != 0) {
    printf("  cannot undo: %s\n", gn_store_errmsg(p->st));
    return CLI_FAIL;
  }
  if (play_reload(p) != CLI_OK) return CLI_FAIL;                                   /* 2 */
  printf("  undid order %d '%s'%s; %d order%s now\n", n, text,
         chances > 0 ? " by the umpire (recorded)" : "", n - 1, n - 1 == 1 ? "" : "s");
  play_announce(p, 1);
  return CLI_OK;
}

static char *unquote(char *s) {
  size_t n = strlen(s);
  if (n >= 2 && ((s[0] == '"' && s[n - 1] == '"') || (s[0] == '\'' && s[n - 1] == '\''))) {
    s[n - 1] = 0;
    return s + 1;
  }
  return s;
}

static int odds(play *p, char *arg) {
  int all = arg && !strncmp(arg, "--all", 5) && (arg[5] == ' ' || arg[5] == '\t');
  if (all) arg += 6;
  while (arg && (*arg == ' ' || *arg == '\t')) arg++;
  if (!arg || !*arg) {
    printf("  odds [--all] \"ORDER\": the chances of the order from here (--all: every outcome)\n");
    return CLI_FAIL;
  }
  if (p->viewer != GN_UMPIRE) {
    printf("  odds read the true state, hidden values included: only the umpire may ask"
           " ('as umpire')\n");
    return CLI_FAIL;
  }
  return play_odds(p, unquote(arg), all);
}

static int map(play *p, char *arg) {
  char err[512], *file = arg, *unit = NULL;
  if (!file || !*file) { printf("  map FILE.svg|.png|.pdf [UNIT]\n"); return CLI_FAIL; }
  char *sp = strpbrk(file, " \t");
  if (sp) {
    *sp = 0;
    unit = sp + 1;
    while (*unit == ' ' || *unit == '\t') unit++;
  }
  int sel = -1;
  if (unit && *unit && (sel = gn_unit_find(p->g, unit)) < 0) {
    char hint[128];
    cli_unit_suggest(p->g, p->viewer, unit, hint, sizeof hint);
    printf("  no unit '%s'%s\n", unit, hint);
    return CLI_FAIL;
  }
  if (cli_map_write(p->g, p->viewer, sel, file, err, sizeof err) != CLI_OK) {
    printf("  %s\n", err);
    return CLI_FAIL;
  }
  printf("  map of the table as %s sees it: %s\n", play_viewer_name(p), file);
  return CLI_OK;
}

static int export(play *p, char *arg) {
  char err[512], *file = arg, *rest = NULL;
  if (!file || !*file) { printf("  export FILE [--as SIDE]\n"); return CLI_FAIL; }
  char *sp = strpbrk(file, " \t");
  if (sp) { *sp = 0; rest = sp + 1; while (*rest == ' ') rest++; }
  int viewer;
  if (as_option(p, rest, &viewer)) return CLI_FAIL;
  if (viewer == GN_UMPIRE) {
    printf("  export is for a side: 'export FILE --as SIDE' (or 'as SIDE' first)\n");
    return CLI_FAIL;
  }
  if (cli_export_write(p->g, viewer, file, err, sizeof err) != CLI_OK) {
    printf("  %s\n", err);
    return CLI_FAIL;
  }
  printf("  what %s may know is in %s\n", gn_side_id(p->g, viewer), file);
  return CLI_OK;
}

int play_command(play *p, char *line, int *rc) {
  char word[32];
  size_t n = strcspn(line, " \t");
  if (n == 0 || n >= sizeof word) return 0;
  memcpy(word, line, n);
  word[n] = 0;
  char *arg = line + n;
  while (*arg == ' ' || *arg == '\t') arg++;
  if (!strcmp(word, "help")) *rc = help(p, arg);
  else if (!strcmp(word, "show")) *rc = show(p, arg);
  else if (!strcmp(word, "log")) *rc = log_cmd(p, arg);
  else if (!strcmp(word, "why")) *rc = why(p, arg);
  else if (!strcmp(word, "todo")) { todo(p, 1); *rc = CLI_OK; }
  else if (!strcmp(word, "orders")) *rc = orders_cmd(p);
  else if (!strcmp(word, "dice")) *rc = dice(p, arg);
  else if (!strcmp(word, "as")) *rc = as(p, arg);
  else if (!strcmp(word, "undo")) *rc = undo(p, arg);
  else if (!strcmp(word, "odds")) *rc = odds(p, arg);
  else if (!strcmp(word, "map")) *rc = map(p, arg);
  else if (!strcmp(word, "export")) *rc = export(p, arg);
  else if (!strcmp(word, "quit") || !strcmp(word, "exit")) { p->quit = 1; *rc = CLI_OK; }
  else if (!strcmp(word, "roll")) { printf("  no dice are asked now ('dice table' lets you roll)\n"); *rc = CLI_FAIL; }
  else return 0;
  return 1;
}
