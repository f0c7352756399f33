/*
** cmd-play.c: `grognard play`, the computer moderator at the table.
**
**   grognard play GAME | SCENARIO [--seed N] [--as SIDE] [--dice auto|table]
**                 [--script FILE [--keep-going]]
**
** The session walks the ruleset's sequence of play: its prompt shows the
** clock, the phase and the side to act; a banner opens each phase with the
** units that may still act. A line holds one or more orders or session
** commands separated by ';'. Each accepted order is committed to the store at
** once (gn_store_order): kill the session at any moment and `grognard play
** GAME` resumes at the same state hash.
*/
#include "play.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Prints the events from..count-1 the viewer may see, numbered for `why N`. */
static void print_events(const play *p, int from) {
  for (int i = from; i < gn_event_count(p->g); i++) {
    if (!gn_event_visible(p->g, i, p->viewer)) continue;
    char *t = gn_event_text(p->g, i);
    if (t) printf("    #%d %s\n", i, t);
    gn_string_free(t);
  }
}

/* In a side's session (--as SIDE): 0 when the order may be that side's, else
** -1 after saying why: another side acts now, or the unit acting in the
** order (gn_order_actor) is another side's. */
static int own_order(play *p, const char *text) {
  if (p->umpire || p->viewer < 0) return 0;
  int active = gn_game_active_side(p->g);
  const char *mine = gn_side_name(p->g, p->viewer);
  if (active >= 0 && active != p->viewer && !gn_game_over(p->g)) {
    printf("  the %s act now: this session gives the orders of the %s only\n",
           gn_side_name(p->g, active), mine);
    return -1;
  }
  if (!strncasecmp(text, "end ", 4)) {   /* end SIDE: only the session's own */
    const char *w = text + 4;
    while (*w == ' ') w++;
    int s = gn_side_find(p->g, w);
    if (s >= 0 && s != p->viewer) {
      printf("  only the %s end their own part: this session gives the orders of the %s only\n",
             gn_side_name(p->g, s), mine);
      return -1;
    }
  }
  int u = gn_order_actor(p->g, text);
  gn_unit_view v;
  if (u >= 0 && gn_unit_view_get(p->g, u, p->viewer, &v) == 0 && v.known && v.side != p->viewer) {
    printf("  %s is a unit of the %s: this session gives the orders of the %s only\n", v.code,
           gn_side_name(p->g, v.side), mine);
    return -1;
  }
  return 0;
}

/*
** Applies one order and commits it.
**   1) through the store: applied whole and committed, or refused with nothing
**      changed (table dice are asked during the apply); when another terminal
**      stored an order first, the game is reloaded and the order given again
**   2) accepted: its number, the events the viewer may see, a new phase's banner
**   3) refused or not understood: the reason with the rule id; a script stops
**      at the first (exit 1) unless --keep-going
*/
static int order(play *p, const char *text) {
  char mine[96];
  if (!p->umpire && p->viewer >= 0 && gn_game_active_side(p->g) < 0 && !strcasecmp(text, "end")) {
    /* a phase every side plays at once (Belle Alliance's written orders, a
    ** V&B night): a side's 'end' ends its own part, 'end SIDE' */
    snprintf(mine, sizeof mine, "end %s", gn_side_id(p->g, p->viewer));
    text = mine;
  }
  if (own_order(p, text)) {
    if (p->script) printf("  (%s:%d)\n", p->script_name, p->lineno);
    p->failed = 1;
    return CLI_FAIL;
  }
  int nev = gn_event_count(p->g), n = gn_game_order_count(p->g);
  int rc = gn_store_order(p->st, p->id, p->g, text);                               /* 1 */
  if (rc == GN_ESTATE && play_sync(p, 1)) {
    /* another terminal stored an order in between: on the game as it now
    ** stands, the order is given again */
    nev = gn_event_count(p->g);
    n = gn_game_order_count(p->g);
    rc = gn_store_order(p->st, p->id, p->g, text);
  }
  play_dice_leftover(p);
  if (rc == 0) {                                                                   /* 2 */
    printf("  order %d: %s\n", n + 1, gn_game_order_text(p->g, n));
    print_events(p, nev);
    play_announce(p, 0);
    return CLI_OK;
  }
  const char *msg = gn_store_errmsg(p->st);                                        /* 3 */
  if (rc == GN_EREFUSED)
    printf("  %s\n", msg);
  else if (rc == GN_ESYNTAX)
    printf("  not understood: %s (type 'help' for the orders)\n", msg);
  else if (rc == GN_EABORTED)
    printf("  not applied: %s\n", msg);
  else
    printf("  not applied: %s\n", msg[0] ? msg : gn_strerror(rc));
  if (p->script) printf("  (%s:%d)\n", p->script_name, p->lineno);
  p->failed = 1;
  return CLI_FAIL;
}

static char *trim(char *s) {
  while (*s == ' ' || *s == '\t') s++;
  size_t n = strlen(s);
  while (n && (s[n - 1] == ' ' || s[n - 1] == '\t')) s[--n] = 0;
  return s;
}

/* The next ';' of s outside quotes ("odds \"fire A at B; charge A at B\""), or NULL. */
static char *next_semi(char *s) {
  char q = 0;
  for (; *s; s++) {
    if (q) { if (*s == q) q = 0; }
    else if (*s == '"' || *s == '\'') q = *s;
    else if (*s == ';') return s;
  }
  return NULL;
}

/* One line: its parts separated by ';', each a session command or an order.
** After a part fails, the rest of the line is not run. */
static void line(play *p, char *text) {
  char *part = text;
  play_sync(p, 0);
  while (part && !p->quit) {
    char *semi = next_semi(part);
    if (semi) *semi++ = 0;
    char *s = trim(part);
    part = semi;
    if (!*s) continue;
    int rc, warned = p->end_warned;
    p->end_warned = 0;
    if (play_command(p, s, &rc)) {
      if (rc != CLI_OK) p->failed = 1;
    } else if (!strcasecmp(s, "end") && !warned && p->tty && play_end_warning(p)) {
      /* at the table, an 'end' with fire or melee still open is asked again */
      p->end_warned = 1;
      break;
    } else {
      rc = order(p, s);
    }
    if (rc != CLI_OK && part && *trim(part)) {
      printf("  (the rest of the line is not run: %s)\n", trim(part));
      break;
    }
  }
}

static void prompt(const play *p, char *buf, size_t n) {
  int side = gn_game_active_side(p->g);
  const char *who = side >= 0 ? gn_side_name(p->g, side) : "all sides";
  if (gn_game_over(p->g))
    snprintf(buf, n, "[%s | game over%s%s] > ", gn_game_clock(p->g).text,
             p->viewer == GN_UMPIRE ? "" : " | as ", p->viewer == GN_UMPIRE ? "" : play_viewer_name(p));
  else
    snprintf(buf, n, "[%s | %s | %s%s%s] > ", gn_game_clock(p->g).text, gn_game_phase(p->g), who,
             p->viewer == GN_UMPIRE ? "" : " | as ", p->viewer == GN_UMPIRE ? "" : play_viewer_name(p));
}

/* The notes that set how a resumed session stands: the last dice source and view. */
static int resume_note(void *ud, int orders, const char *kind, const char *text) {
  play *p = ud;
  (void)orders;
  if (!strcmp(kind, "dice")) p->table = !strcmp(text, "table");
  if (!strcmp(kind, "view")) {
    int s = gn_side_find(p->g, text);
    p->viewer = s >= 0 ? s : GN_UMPIRE;
  }
  return 0;
}

/* A scenario file rather than a game id: it names a .yaml/.yml file. */
static int is_scenario(const char *s) {
  size_t n = strlen(s);
  return (n > 5 && !strcmp(s + n - 5, ".yaml")) || (n > 4 && !strcmp(s + n - 4, ".yml"));
}

/* Step 1 of the session: a scenario makes a new game in the store (seed),
** a game id resumes one; p->id names it. CLI_OK or CLI_FAIL. */
static int open_game(play *p, const char *what, int scenario, uint64_t seed) {
  if (cli_store_open(p->c, !scenario, &p->st) != CLI_OK) return CLI_FAIL;
  if (!scenario) {
    snprintf(p->id, sizeof p->id, "%s", what);
    return CLI_OK;
  }
  if (gn_store_create(p->st, what, seed, p->id, sizeof p->id)) {
    fprintf(stderr, "%s\n", gn_store_errmsg(p->st));
    return CLI_FAIL;
  }
  printf("new game %s from %s (seed %llu)\n", p->id, what, (unsigned long long)seed);
  return CLI_OK;
}

/* Step 3 of the session: --as SIDE (a session started as a side plays that
** side only; without --as, or as the umpire, it holds the umpire's powers,
** one terminal for the table) and --dice override the notes, and are noted.
** as, dice: the options' values or NULL. CLI_OK or CLI_FAIL. */
static int session_options(play *p, const char *as, const char *dice) {
  p->umpire = 1;
  if (as) {
    int s = strcmp(as, "umpire") ? gn_side_find(p->g, as) : GN_UMPIRE;
    if (s < 0 && strcmp(as, "umpire")) return cli_fail("no side '%s' in this game", as);
    p->umpire = s == GN_UMPIRE;
    if (s != p->viewer) { p->viewer = s; play_note(p, "view", play_viewer_name(p)); }
  }
  if (dice && p->table != !strcmp(dice, "table")) {
    p->table = !p->table;
    play_note(p, "dice", p->table ? "table" : "auto");
  }
  play_dice_apply(p);
  return CLI_OK;
}

/* Step 4 of the session: the banner, then lines until quit or the end of
** the input (a script stops at its first refused order unless it keeps
** going). CLI_FAIL when a script's order was refused. */
static int session(play *p) {
  printf("game %s: %s (%s), %d order%s, state hash %016llx\n", p->id, gn_game_scenario_name(p->g),
         gn_game_ruleset(p->g), gn_game_order_count(p->g), gn_game_order_count(p->g) == 1 ? "" : "s",
         (unsigned long long)gn_game_hash(p->g));
  printf("dice: %s; view: %s; type 'help' for the commands, 'quit' to stop (the game is saved"
         " after every order)\n", p->table ? "table (you roll)" : "auto (the engine rolls)",
         play_viewer_name(p));
  play_announce(p, 1);
  play_input_begin(p);
  char buf[PLAY_LINEMAX], pr[GN_TEXT_MAX + 256];
  while (!p->quit) {
    prompt(p, pr, sizeof pr);
    if (!play_read(p, pr, buf, sizeof buf)) break;
    line(p, buf);
    fflush(stdout);
    if (p->failed && p->script && !p->keep_going) {
      printf("the script stops at its first refused order (use --keep-going to go on)\n");
      break;
    }
  }
  play_input_end(p);
  return p->script && p->failed ? CLI_FAIL : CLI_OK;
}

/*
** The session.
**   1) options; a scenario makes a new game in the store, a game id resumes one
**   2) load it (a replay of its orders); the notes give its dice source and view
**   3) the options given now override them (and are noted)
**   4) the banner, then lines until quit or the end of the input
*/
static int run_play(cli *c, const cli_cmd *cmd, int argc, char **argv) {
  cli_opt opts[] = { { "--seed", 1, 0, NULL }, { "--as", 1, 0, NULL }, { "--dice", 1, 0, NULL },
                     { "--script", 1, 0, NULL }, { "--keep-going", 0, 0, NULL },
                     { NULL, 0, 0, NULL } };
  char *pos[1];
  int npos, rc;
  uint64_t seed = 1;
  play p;
  memset(&p, 0, sizeof p);
  p.c = c;
  p.viewer = GN_UMPIRE;
  p.seen_turn = -1;
  /* 1) */
  if ((rc = cli_args(c, cmd, argc, argv, opts, pos, &npos, 1, 1)) != 0) return rc;
  if (opts[0].seen && cli_u64(opts[0].val, &seed) != 0)
    return cli_usage(cmd, "--seed needs a whole number from 0 to 2^64-1, not '%s'", opts[0].val);
  if (opts[2].seen && strcmp(opts[2].val, "auto") && strcmp(opts[2].val, "table"))
    return cli_usage(cmd, "--dice takes auto or table, not '%s'", opts[2].val);
  if (opts[4].seen && !opts[3].seen) return cli_usage(cmd, "--keep-going goes with --script");
  int scenario = is_scenario(pos[0]);
  if (opts[0].seen && !scenario) return cli_usage(cmd, "--seed goes with a SCENARIO file, not a game");
  if (opts[3].seen) {
    if (!(p.script = fopen(opts[3].val, "r")))
      return cli_fail("cannot read the script %s: %s", opts[3].val, strerror(errno));
    p.script_name = opts[3].val;
    p.keep_going = opts[4].seen;
  }
  if ((rc = open_game(&p, pos[0], scenario, seed)) != CLI_OK) goto done;
  /* 2) */
  if (gn_store_load(p.st, p.id, &p.g) != 0 || gn_store_notes(p.st, p.id, resume_note, &p) != 0) {
    rc = cli_fail("%s", gn_store_errmsg(p.st));
    goto done;
  }
  /* 3), 4) */
  if ((rc = session_options(&p, opts[1].seen ? opts[1].val : NULL, opts[2].seen ? opts[2].val : NULL)) == CLI_OK)
    rc = session(&p);
done:
  if (p.script) fclose(p.script);
  gn_game_free(p.g);
  gn_store_close(p.st);
  return rc;
}

const cli_cmd cli_cmd_play = {
  "play", "GAME | SCENARIO [--seed N] [--as SIDE] [--dice auto|table] [--script FILE [--keep-going]]",
  "play a game at the table: orders, dice, views, explanations, undo",
  "A session at the table. The prompt shows the clock, the phase and the side\n"
  "to act; type orders (several on a line, separated by ';') and session\n"
  "commands (type 'help' in the session). Every order is saved the moment it is\n"
  "accepted: stop or kill the session at any time and 'grognard play GAME'\n"
  "resumes exactly there. A SCENARIO file (.yaml) starts a new game in the store.\n"
  "See docs/play.md.\n"
  "\noptions:\n"
  "  --seed N           with a SCENARIO: the seed of the new game (default 1)\n"
  "  --as SIDE          play SIDE: its orders only, what it may know only, no\n"
  "                     umpire powers; 'umpire' (or no --as): everything\n"
  "  --dice auto|table  the engine rolls, or the players roll and type the dice\n"
  "  --script FILE      read the session's lines from FILE (dice too: 'roll 3 5 1'),\n"
  "                     echoing each; exit 1 at the first refused order\n"
  "  --keep-going       with --script: go on after a refused order (still exit 1)\n",
  run_play,
};
