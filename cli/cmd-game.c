/*
** cmd-game.c: the commands on games in the store: new, order, show, log,
** undo, replay, list.
*/
#include "cli.h"

#include <errno.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------- new */

static int run_new(cli *c, const cli_cmd *cmd, int argc, char **argv) {
  cli_opt opts[] = { { "--seed", 1, 0, NULL }, { NULL, 0, 0, NULL } };
  char *pos[1], id[32];
  int npos, rc;
  uint64_t seed = 1;
  gn_store *st;
  if ((rc = cli_args(c, cmd, argc, argv, opts, pos, &npos, 1, 1)) != 0) return rc;
  if (opts[0].seen && cli_u64(opts[0].val, &seed) != 0)
    return cli_usage(cmd, "--seed needs a whole number from 0 to 2^64-1, not '%s'", opts[0].val);
  if (cli_store_open(c, 0, &st) != CLI_OK) return CLI_FAIL;
  rc = gn_store_create(st, pos[0], seed, id, sizeof id);
  if (rc == GN_ESCENARIO || rc == GN_ELIMIT)
    fprintf(stderr, "%s\n", gn_store_errmsg(st));   /* file:line:col: message lines */
  else if (rc != 0)
    cli_fail("%s", gn_store_errmsg(st));
  else
    printf("%s\n", id);
  gn_store_close(st);
  return rc ? CLI_FAIL : CLI_OK;
}

const cli_cmd cli_cmd_new = {
  "new", "SCENARIO [--seed N]",
  "create a game in the store from a scenario file; print its id",
  "The game is the scenario, the seed and the orders given later: the same\n"
  "three always make the same game. Problems in the scenario are printed as\n"
  "file:line:col: message, and no game is made.\n"
  "\noptions:\n"
  "  --seed N           the seed of the game's dice (default 1)\n",
  run_new,
};

/* ----------------------------------------------------------------- order */

/* Dice typed at the table, read from standard input. */
static int table_dice(void *ud, const gn_chance *ch, const char *refusal, int *faces) {
  (void)ud;
  int need = ch->kind == GN_CHANCE_CARD ? 1 : ch->dice.ndice;
  if (refusal) fprintf(stderr, "  not accepted: %s\n", refusal);
  for (;;) {
    char line[512];
    if (ch->kind == GN_CHANCE_CARD)
      fprintf(stderr, "draw a card (0-51) for %s (ref. %s): ", ch->purpose, ch->ref);
    else if (ch->kind == GN_CHANCE_COUNT)
      fprintf(stderr, "roll %d dice (%s, %d+ counts) for %s (ref. %s): ", need, ch->spec,
              ch->target, ch->purpose, ch->ref);
    else
      fprintf(stderr, "roll %s (%d %s) for %s (ref. %s): ", ch->spec, need,
              need == 1 ? "die" : "dice", ch->purpose, ch->ref);
    fflush(stderr);
    if (!fgets(line, sizeof line, stdin)) return GN_EABORTED;
    int n = 0;
    char *p = line, *end;
    for (;;) {
      while (*p == ' ' || *p == ',' || *p == '\t') p++;
      if (*p == '\n' || !*p) break;
      long v = strtol(p, &end, 10);
      if (end == p) { n = -1; break; }
      if (n < need) faces[n] = (int)v;
      n++;
      p = end;
    }
    if (n == need) return 0;
    fprintf(stderr, "  type %d number%s, separated by spaces\n", need, need == 1 ? "" : "s");
  }
}

/* "3,5 6" -> dice results. Returns the count, or -1 on a bad list. */
static int dice_list(const char *s, int *out, int max) {
  int n = 0;
  char *end;
  for (;;) {
    while (*s == ' ' || *s == ',') s++;
    if (!*s) return n;
    long v = strtol(s, &end, 10);
    if (end == s || n >= max || v < 0 || v > 1000) return -1;
    out[n++] = (int)v;
    s = end;
  }
}

/* Prints the events from..count-1 that viewer may see. */
static void print_events(const gn_game *g, int from, int viewer) {
  for (int i = from; i < gn_event_count(g); i++) {
    if (!gn_event_visible(g, i, viewer)) continue;
    char *t = gn_event_text(g, i);
    if (t) printf("  %s\n", t);
    gn_string_free(t);
  }
}

/* The events from..count-1 that viewer may see, as one JSON array, to the
** output (o NULL: standard output). CLI_FAIL when out of memory or the file
** cannot be written. */
static int events_json(const gn_game *g, int from, int viewer, const cli_output *o) {
  json_t *a = json_array();
  for (int i = from; a && i < gn_event_count(g); i++) {
    if (!gn_event_visible(g, i, viewer)) continue;
    char *s = gn_event_json(g, i);
    json_t *e = s ? json_loads(s, 0, NULL) : NULL;
    gn_string_free(s);
    if (!e || json_array_append_new(a, e) != 0) { json_decref(a); a = NULL; }
  }
  char *out = a ? json_dumps(a, JSON_INDENT(2) | JSON_PRESERVE_ORDER) : NULL;
  json_decref(a);
  if (!out) return cli_fail("out of memory");
  int rc = o ? cli_output_write(o, out) : cli_write_file(NULL, out);
  free(out);
  return rc;
}

#define ORDER_RETRIES 8   /* times an order is checked again after another process ordered */

/* order --check --json: the rules' answer as one JSON object on stdout,
** {"game", "order", "accepted", "refusal", "ref"}; the exit status is the
** same as without --json (0 accepted, 1 refused). */
static int check_json(const gn_game *g, const char *id, const char *text, int rc) {
  const char *ref = rc ? gn_refusal_ref(g) : NULL;
  json_t *o = json_object();
  json_object_set_new(o, "game", json_string(id));
  json_object_set_new(o, "order", json_string(text));
  json_object_set_new(o, "accepted", json_boolean(rc == 0));
  json_object_set_new(o, "refusal", rc ? json_string(gn_errmsg(g)) : json_null());
  json_object_set_new(o, "ref", ref && *ref ? json_string(ref) : json_null());
  char *t = json_dumps(o, JSON_INDENT(2));
  json_decref(o);
  if (!t) return cli_fail("out of memory");
  printf("%s\n", t);
  free(t);
  return rc == 0 ? CLI_OK : CLI_FAIL;
}

static int run_order(cli *c, const cli_cmd *cmd, int argc, char **argv) {
  cli_opt opts[] = { { "--dice", 1, 0, NULL }, { "--table", 0, 0, NULL },
                     { "--as", 1, 0, NULL }, { "--check", 0, 0, NULL },
                     { "--json", 0, 0, NULL }, { NULL, 0, 0, NULL } };
  char *pos[CLI_MAXWORDS];
  int npos, rc, viewer, dice[256], ndice = 0, table = 0;
  gn_store *st;
  gn_game *g;
  if ((rc = cli_args(c, cmd, argc, argv, opts, pos, &npos, 2, CLI_MAXWORDS)) != 0) return rc;
  if (opts[0].seen && opts[1].seen) return cli_usage(cmd, "give --dice or --table, not both");
  if (opts[1].seen) { cli_note_old(cmd, "--table", "--dice table"); table = 1; }
  /* --dice auto (the engine rolls), table (typed at the terminal), or the results */
  if (opts[0].seen && !strcmp(opts[0].val, "table")) table = 1;
  else if (opts[0].seen && strcmp(opts[0].val, "auto") &&
           (ndice = dice_list(opts[0].val, dice, 256)) <= 0)
    return cli_usage(cmd, "--dice takes auto, table or the results like 3,5,6 (at most 256), not '%s'",
                     opts[0].val);

  /* the order: the words after GAME, joined by spaces */
  char text[1024] = "";
  size_t len = 0;
  for (int i = 1; i < npos; i++) {
    int n = snprintf(text + len, sizeof text - len, "%s%s", i > 1 ? " " : "", pos[i]);
    if (n < 0 || (size_t)n >= sizeof text - len)
      return cli_fail("order too long: more than %zu characters", sizeof text - 1);
    len += (size_t)n;
  }

  /* apply and store; when another process ordered in between, load the
  ** stored state and check the order again on it */
  int nev = 0, n = 0;
  for (int attempt = 0;; attempt++) {
    if (cli_game_resume(c, pos[0], &st, &g) != CLI_OK) return CLI_FAIL;
    if ((rc = cli_viewer(cmd, g, &opts[2], NULL, &viewer)) != CLI_OK) goto done;
    if (ndice > 0 && gn_dice_script(g, dice, ndice) != 0) {
      rc = cli_fail("%s", gn_errmsg(g));
      goto done;
    }
    if (table) gn_dice_use_table(g, table_dice, NULL);
    if (opts[3].seen) {   /* the rules' check: adjudicates nothing, stores nothing */
      rc = gn_order_check(g, text);
      if (opts[4].seen) rc = check_json(g, pos[0], text, rc);
      else if (rc == 0) printf("%s: accepted now: %s\n", pos[0], text);
      else rc = cli_fail("%s: %s", pos[0], gn_errmsg(g));
      goto done;
    }
    nev = gn_event_count(g);
    n = gn_game_order_count(g);
    int e = gn_store_order(st, pos[0], g, text);
    if (e == 0) break;
    if (e != GN_ESTATE || attempt == ORDER_RETRIES) {
      rc = cli_fail("%s: %s", pos[0], gn_store_errmsg(st));
      goto done;
    }
    fprintf(stderr, "grognard: note: %s changed in the store while this order was checked (another "
                    "process ordered); checking it again on the stored state\n", pos[0]);
    gn_game_free(g);
    gn_store_close(st);
  }
  if (opts[4].seen) {
    if (events_json(g, nev, viewer, NULL) != CLI_OK) { rc = CLI_FAIL; goto done; }
  } else {
    printf("%s: order %d: %s\n", pos[0], n + 1, gn_game_order_text(g, n));
    print_events(g, nev, viewer);
  }
  if (opts[0].seen && gn_dice_script_left(g) > 0)
    fprintf(stderr, "grognard: warning: %d of the dice given were not needed\n",
            gn_dice_script_left(g));
  rc = CLI_OK;
done:
  gn_game_free(g);
  gn_store_close(st);
  return rc;
}

const cli_cmd cli_cmd_order = {
  "order", "GAME ORDER... [--dice auto|table|LIST] [--as SIDE] [--check] [--json]",
  "apply one order to a game and store it; print the events it caused",
  "The order is the words after GAME (quote it or not: \"fire 1/II at 3/IV\").\n"
  "It applies whole or not at all: an order the rules forbid is refused with\n"
  "the rule id, and neither the game nor the store changes (exit status 1).\n"
  "When another process orders in the same game meanwhile, the order is checked\n"
  "again on the stored state (a note on stderr says so).\n"
  "\noptions:\n"
  "  --dice auto|table|LIST  auto: the engine rolls (the default); table: ask for\n"
  "                     each roll on the terminal (dice at the table); LIST: the\n"
  "                     results to use, in order (\"3,5,6\"), e.g. the players'\n"
  "                     own dice; the order is refused if too few\n"
  "  --as SIDE          print only the events SIDE may see (default: all)\n"
  "  --check            only ask the rules: exit 0 when they would accept the\n"
  "                     order now, 1 with the refusal and its rule id if not;\n"
  "                     nothing is rolled, applied or stored\n"
  "  --json             the events as a JSON array of event objects (as log\n"
  "                     --json gives them: kind, rule id, text, dice, \"units\":\n"
  "                     the codes of the units each event changed or concerns);\n"
  "                     with --check, the answer as one object: game, order,\n"
  "                     accepted, refusal and ref (null when accepted)\n",
  run_order,
};

/* ------------------------------------------------------------------ show */

/* The state as text, then the standing (the umpire's). */
typedef struct show_ctx { const gn_game *g; int viewer; } show_ctx;

static int show_text(FILE *f, void *ud) {
  const show_ctx *sc = ud;
  char *s = gn_state_text(sc->g, sc->viewer);
  if (!s) return cli_fail("out of memory");
  fputs(s, f);
  gn_string_free(s);
  cli_standing(sc->g, sc->viewer, f);
  return CLI_OK;
}

static int run_show(cli *c, const cli_cmd *cmd, int argc, char **argv) {
  static const char *const formats[] = { "text", "json", NULL };
  cli_opt opts[] = { { "--as", 1, 0, NULL }, { "--umpire", 0, 0, NULL },
                     CLI_OUTPUT_OPTS, { NULL, 0, 0, NULL } };
  char *pos[1];
  int npos, rc, viewer;
  cli_output out;
  gn_store *st;
  gn_game *g;
  if ((rc = cli_args(c, cmd, argc, argv, opts, pos, &npos, 1, 1)) != 0) return rc;
  if (opts[0].seen && opts[1].seen) return cli_usage(cmd, "give --as SIDE or --umpire, not both");
  if ((rc = cli_output_get(cmd, opts, formats, &out)) != CLI_OK) return rc;
  if (cli_game_view(c, pos[0], &st, &g) != CLI_OK) return CLI_FAIL;
  if ((rc = cli_viewer(cmd, g, &opts[0], &opts[1], &viewer)) == CLI_OK) {
    if (strcmp(out.format, "json")) {
      show_ctx sc = { g, viewer };
      rc = cli_output_print(&out, show_text, &sc);
    } else {
      char *s = gn_state_json(g, viewer);
      rc = s ? cli_output_write(&out, s) : cli_fail("out of memory");
      gn_string_free(s);
    }
  }
  gn_game_free(g);
  gn_store_close(st);
  return rc;
}

const cli_cmd cli_cmd_show = {
  "show", "GAME [--as SIDE | --umpire] [--json | -o FILE] [--format text|json]",
  "print the state of a game as a viewer may see it",
  "\noptions:\n"
  "  --as SIDE          what SIDE may know (hidden values of the enemy are left out;\n"
  "                     'umpire': everything)\n"
  "  --umpire           everything (the default)\n"
  CLI_OUTPUT_HELP " text, json\n",
  run_show,
};

/* ------------------------------------------------------------------- log */

static void log_text(const gn_game *g, int viewer, FILE *f) {
  int last = -2;
  for (int i = 0; i < gn_event_count(g); i++) {
    const gn_event *e = gn_event_get(g, i);
    if (!gn_event_visible(g, i, viewer)) continue;
    if (e->order != last) {
      last = e->order;
      if (e->order < 0)
        fprintf(f, "start:\n");
      else
        fprintf(f, "order %d: %s\n", e->order + 1, gn_game_order_text(g, e->order));
    }
    char *t = gn_event_text(g, i);
    if (t) fprintf(f, "  turn %d, %s: %s\n", e->turn, e->phase ? e->phase : "", t);
    gn_string_free(t);
  }
}

static int run_log(cli *c, const cli_cmd *cmd, int argc, char **argv) {
  static const char *const formats[] = { "text", "json", NULL };
  cli_opt opts[] = { { "--as", 1, 0, NULL }, { "--umpire", 0, 0, NULL },
                     CLI_OUTPUT_OPTS, { NULL, 0, 0, NULL } };
  char *pos[1];
  int npos, rc, viewer;
  cli_output out;
  gn_store *st;
  gn_game *g;
  if ((rc = cli_args(c, cmd, argc, argv, opts, pos, &npos, 1, 1)) != 0) return rc;
  if (opts[0].seen && opts[1].seen) return cli_usage(cmd, "give --as SIDE or --umpire, not both");
  if ((rc = cli_output_get(cmd, opts, formats, &out)) != CLI_OK) return rc;
  if (cli_game_load(c, pos[0], &st, &g) != CLI_OK) return CLI_FAIL;
  if ((rc = cli_viewer(cmd, g, &opts[0], &opts[1], &viewer)) == CLI_OK) {
    if (!strcmp(out.format, "json")) {
      rc = events_json(g, 0, viewer, &out);
    } else if (!out.path) {
      log_text(g, viewer, stdout);
    } else {
      FILE *f = fopen(out.path, "w");
      if (!f) {
        rc = cli_fail("cannot write %s: %s", out.path, strerror(errno));
      } else {
        log_text(g, viewer, f);
        if ((ferror(f) | fclose(f)) != 0) rc = cli_fail("cannot write %s: %s", out.path, strerror(errno));
      }
    }
  }
  gn_game_free(g);
  gn_store_close(st);
  return rc;
}

const cli_cmd cli_cmd_log = {
  "log", "GAME [--as SIDE | --umpire] [--json | -o FILE] [--format text|json]",
  "print the event log of a game: every roll, modifier and rule id",
  "Events are grouped by the order that caused them. Orders are numbered from\n"
  "1, as 'order' prints them; in the JSON an event's \"order\" is that number,\n"
  "0 for the events of the start.\n"
  "\noptions:\n"
  "  --as SIDE          only the events SIDE may see ('umpire': every event)\n"
  "  --umpire           every event (the default)\n"
  CLI_OUTPUT_HELP " text, json (a JSON array of event objects; each lists in\n"
  "                     \"units\" the codes of the units it changed or concerns)\n",
  run_log,
};

/* ------------------------------------------------------------------ undo */

static int run_undo(cli *c, const cli_cmd *cmd, int argc, char **argv) {
  char *pos[1], last[1024] = "";
  int npos, rc;
  gn_store *st;
  gn_game *g = NULL;
  cli_opt opts[] = { { "--umpire", 0, 0, NULL }, { NULL, 0, 0, NULL } };
  if ((rc = cli_args(c, cmd, argc, argv, opts, pos, &npos, 1, 1)) != 0) return rc;
  if (cli_store_open(c, 1, &st) != CLI_OK) return CLI_FAIL;
  /* the text of the order undone, when the game still loads */
  if (gn_store_resume(st, pos[0], &g) == 0 && gn_game_order_count(g) > 0)
    snprintf(last, sizeof last, "%s", gn_game_order_text(g, gn_game_order_count(g) - 1));
  gn_game_free(g);
  g = NULL;
  /* without --umpire the undo is a player's: the store refuses it past a
  ** chance point (any side stands for a player there) */
  if (gn_store_undo(st, pos[0], opts[0].seen ? GN_UMPIRE : 0) != 0) {
    rc = cli_fail("%s", gn_store_errmsg(st));
  } else if (gn_store_resume(st, pos[0], &g) != 0) {
    rc = cli_fail("order undone, but %s", gn_store_errmsg(st));
  } else {
    int n = gn_game_order_count(g);
    printf("%s: undid order %d%s%s%s%s; now %d order%s, turn %d, %s\n", pos[0], n + 1,
           *last ? " '" : "", last, *last ? "'" : "", opts[0].seen ? " as the umpire (recorded)" : "",
           n, n == 1 ? "" : "s", gn_game_turn(g), gn_game_phase(g));
    rc = CLI_OK;
  }
  gn_game_free(g);
  gn_store_close(st);
  return rc;
}

const cli_cmd cli_cmd_undo = {
  "undo", "GAME [--umpire]",
  "remove the last order of a game and rebuild its state by replay",
  "An order that drew dice or cards is past a chance point: only the umpire\n"
  "takes it back (--umpire). Every undo is recorded beside the game, in the same\n"
  "transaction as the undo (see 'log' in a play session).\n"
  "\noptions:\n"
  "  --umpire   take the order back as the umpire, whatever it drew\n",
  run_undo,
};

/* ---------------------------------------------------------------- replay */

static int run_replay(cli *c, const cli_cmd *cmd, int argc, char **argv) {
  cli_opt opts[] = { { "--verify", 0, 0, NULL }, { NULL, 0, 0, NULL } };
  char *pos[1];
  int npos, rc, n = 0;
  gn_store *st;
  gn_game *g = NULL;
  if ((rc = cli_args(c, cmd, argc, argv, opts, pos, &npos, 1, 1)) != 0) return rc;
  if (cli_store_read(c, &st) != CLI_OK) return CLI_FAIL;
  if (opts[0].seen && gn_store_verify(st, pos[0], &n) != 0) {
    rc = cli_fail("%s (%d order%s matched before)", gn_store_errmsg(st), n, n == 1 ? "" : "s");
  } else if (gn_store_load(st, pos[0], &g) != 0) {
    rc = cli_fail("%s", gn_store_errmsg(st));
  } else {
    n = gn_game_order_count(g);
    printf("%s: %d order%s replayed%s; state hash %016llx\n", pos[0], n, n == 1 ? "" : "s",
           opts[0].seen ? ", every state hash matches" : "",
           (unsigned long long)gn_game_hash(g));
    rc = CLI_OK;
  }
  gn_game_free(g);
  gn_store_close(st);
  return rc;
}

const cli_cmd cli_cmd_replay = {
  "replay", "GAME [--verify]",
  "replay a game from scratch and print its order count and state hash",
  "\noptions:\n"
  "  --verify           compare the state hash after the start and after every\n"
  "                     order with the recorded one; exit 1 at the first that differs\n",
  run_replay,
};

/* ------------------------------------------------------------------ list */

static int list_one(void *ud, const char *id, const char *scenario, int orders) {
  (void)ud;
  printf("%-6s %5d order%s  %s\n", id, orders, orders == 1 ? " " : "s", scenario);
  return 0;
}

static int run_list(cli *c, const cli_cmd *cmd, int argc, char **argv) {
  char *pos[1];
  int npos, rc;
  gn_store *st;
  if ((rc = cli_args(c, cmd, argc, argv, NULL, pos, &npos, 0, 0)) != 0) return rc;
  if (cli_store_read(c, &st) != CLI_OK) return CLI_FAIL;
  rc = gn_store_list(st, list_one, NULL) ? cli_fail("%s", gn_store_errmsg(st)) : CLI_OK;
  gn_store_close(st);
  return rc;
}

const cli_cmd cli_cmd_list = {
  "list", "",
  "list the games in the store, newest first",
  "",
  run_list,
};
