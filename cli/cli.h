/*
** cli.h: what the grognard command's files share. The command is a client of
** include/grognard.h only (no core.h): it parses arguments, calls the library
** and prints. Exit status: CLI_OK done, CLI_FAIL refused or failed (message on
** stderr), CLI_USAGE bad usage.
*/
#ifndef GN_CLI_H
#define GN_CLI_H

#include "grognard.h"

#include <stdio.h>

#define CLI_OK 0
#define CLI_FAIL 1
#define CLI_USAGE 2
#define CLI_HELPED (-1)   /* cli_args printed the help: exit CLI_OK */

#define CLI_DEFAULT_DB "./grognard.db"
#define CLI_MAXWORDS 64   /* positional arguments of one command */

/* What every command gets: the options common to all of them. */
typedef struct cli {
  const char *db;         /* the store: --db, else $GROGNARD_DB, else CLI_DEFAULT_DB */
} cli;

/* One command. usage follows "grognard NAME "; help lists its options. */
typedef struct cli_cmd {
  const char *name;
  const char *usage;      /* "GAME [--as SIDE | --umpire] [--json]" */
  const char *summary;    /* one line for grognard --help */
  const char *help;       /* what it does and its options, lines ending in \n */
  int (*run)(cli *c, const struct cli_cmd *cmd, int argc, char **argv);
} cli_cmd;

/* One option of a command: "--json" (arg 0) or "--as SIDE" (arg 1). cli_args
** sets seen and, for arg 1, val (the last one given). */
typedef struct cli_opt {
  const char *name;
  int arg;
  int seen;
  const char *val;
} cli_opt;

/* Parses argv[0..argc) of a command: its options (opts, ended by a NULL name;
** "--name value" or "--name=value"), --db PATH and --help anywhere, and up to
** maxpos positional arguments into pos (a lone "--" ends the options). Returns
** 0, CLI_HELPED after printing the help, or CLI_USAGE after printing the usage
** (unknown option, missing value, too many or too few positionals: at least
** minpos). */
int cli_args(cli *c, const cli_cmd *cmd, int argc, char **argv, cli_opt *opts,
             char **pos, int *npos, int minpos, int maxpos);
/* The option of that name in opts (it must be there). */
cli_opt *cli_opt_get(cli_opt *opts, const char *name);

/*
** The output options of the commands that make a document (show, log, odds,
** simulate, export, map), one convention for all:
**   --json          JSON on standard output, and nothing else there
**   -o, --out FILE  the main output into FILE ('-': standard output), in the
**                   format --format names, else the one of FILE's extension
**   --format FMT    one of the formats the command makes
** Human text goes to standard output only when no machine format was asked
** for; progress and notes go to standard error. Put CLI_OUTPUT_OPTS in the
** command's options and pass them to cli_output_get.
*/
#define CLI_OUTPUT_OPTS { "--json", 0, 0, NULL }, { "--out", 1, 0, NULL }, { "--format", 1, 0, NULL }
#define CLI_OUTPUT_HELP \
  "  --json             JSON on standard output (and nothing else)\n" \
  "  -o, --out FILE     write to FILE, in the format of its extension ('-': stdout)\n" \
  "  --format FMT       the format when FILE does not say it:"
typedef struct cli_output {
  const char *format;     /* "text", "json", "csv", "svg", "png" or "pdf" */
  const char *path;       /* NULL: standard output */
} cli_output;
/* Reads --json, --out and --format from opts into out; formats lists what
** the command makes (NULL-terminated), its default first. CLI_OK, or
** CLI_USAGE (printed) for a format it does not make or --json with another. */
int cli_output_get(const cli_cmd *cmd, cli_opt *opts, const char *const *formats, cli_output *out);
/* 1 when the output is JSON on standard output, or when it goes to a file:
** the human text then stays off standard output. */
int cli_output_machine(const cli_output *o);
/* Writes text (a newline added when it has none) to the output. CLI_OK, or
** CLI_FAIL with the system's reason. */
int cli_output_write(const cli_output *o, const char *text);
/* Writes to the output what fill prints on the stream it is given (made in
** memory first, so that a file is written whole or not at all). CLI_OK, fill's
** own failure, or CLI_FAIL. */
int cli_output_print(const cli_output *o, int (*fill)(FILE *f, void *ud), void *ud);
/* Writes text to path ("-": standard output). CLI_OK or CLI_FAIL (the
** system's reason printed). */
int cli_write_file(const char *path, const char *text);
/* The note for an old spelling that still works for this release:
** "grognard CMD: note: 'OLD' is the old spelling of 'NEW'". */
void cli_note_old(const cli_cmd *cmd, const char *old, const char *now);

/* "grognard: <message>\n" on stderr; returns CLI_FAIL. */
GN_PRINTF(1, 2) int cli_fail(const char *fmt, ...);
/* "grognard NAME: <message>\n" and the usage line on stderr; returns CLI_USAGE. */
GN_PRINTF(2, 3) int cli_usage(const cli_cmd *cmd, const char *fmt, ...);
/* 0 for the commands that never open the game store (check, schema, rules):
** their help does not offer --db and they refuse it. */
int cli_uses_store(const cli_cmd *cmd);
/* Prints the command's full help on stdout. */
void cli_help(const cli_cmd *cmd);

/* Opens the store; must_exist: a missing file is an error rather than created.
** Returns CLI_OK or CLI_FAIL (message printed). */
int cli_store_open(cli *c, int must_exist, gn_store **st);
/* Opens an existing store for reading only (gn_store_open_readonly): the
** commands that only read (log, show, export, replay, list, map) work on a
** store in a read-only folder. CLI_OK or CLI_FAIL (message printed). */
int cli_store_read(cli *c, gn_store **st);
/* Opens the store for reading and loads a game, with its whole event log.
** CLI_OK or CLI_FAIL (message printed). */
int cli_game_load(cli *c, const char *id, gn_store **st, gn_game **g);
/* Opens the store to write and loads a game from its newest snapshot
** (gn_store_resume): for commands that play on and need the state and the
** orders but not the events before the snapshot. */
int cli_game_resume(cli *c, const char *id, gn_store **st, gn_game **g);
/* The same on a store opened for reading only (show, map). */
int cli_game_view(cli *c, const char *id, gn_store **st, gn_game **g);
/* The viewer from --as SIDE / --umpire (GN_UMPIRE when neither). CLI_OK,
** CLI_FAIL (unknown side) or CLI_USAGE (both given). */
int cli_viewer(const cli_cmd *cmd, const gn_game *g, cli_opt *as, cli_opt *umpire, int *viewer);
/* Parses an unsigned 64-bit decimal number; 0 or -1. */
int cli_u64(const char *s, uint64_t *out);
/* Prints a string the library returned and frees it; CLI_FAIL when NULL (OOM). */
int cli_put(char *s);

/* "ref. BA-B3, default" or "ref. IN-H4, seed, interpretation": a rule id with
** where it comes from and whether it is a labelled interpretation. For a
** modifier (mod 1), where its number comes from in this game
** (gn_ref_provenance with the modifier's value); else the rule's own
** provenance in the rules index. "" when ref is empty. */
void cli_ref_label(const gn_game *g, const char *ref, int mod, int value, char *buf, size_t n);
/* " (did you mean GR, GR2?)" for a word that names no unit: the codes of the
** units viewer may see whose code or id is within two letters of it, or
** begins with it (case aside), at most four; "" when none. Cannot fail. */
void cli_unit_suggest(const gn_game *g, int viewer, const char *word, char *buf, size_t n);
/* The reaches unit's verbs state (gn_unit_reach, the rules' own numbers),
** into r and verb (room for every verb of the ruleset, gn_order_verb_count):
** those with a band, less one that repeats another's bands (a Belle Alliance
** continued fire reaches as its fire does). Their count. Cannot fail. */
int cli_unit_reaches(gn_game *g, int unit, gn_reach *r, const char **verb);
/* 1 when rule id ref is labelled an interpretation in the rules index. */
int cli_rule_interpretation(const char *ref, const char **title);
/* The verdict on a game as it stands, for the umpire: "standing: " and the
** reason gn_game_verdict gives on the game's own tallies and objective
** holders (gn_battle_assess), one line into f. A side's viewer gets nothing
** (the tallies read strengths it may not see). Cannot fail. */
void cli_standing(const gn_game *g, int viewer, FILE *f);
/* Prints, under a heading, the interpretations in force among the rule ids
** refs[0..n): each such rule with its title, and each data switch of those
** rules (a value whose note starts with "switch") with its value now. */
void cli_interpretations(FILE *f, const gn_game *g, const char *const *refs, int n, const char *indent);

/* odds-summary.c: the odds of orders (gn_order_odds) as a player reads them,
** for 'odds GAME "ORDER"' and the session's 'odds'. */
#define CLI_ODDS_MAXSIDES GN_BATTLE_MAXSIDES
typedef struct cli_odds_sum {
  int nsides, any, likeliest;          /* likeliest: an index into the outcomes */
  int involved[CLI_ODDS_MAXSIDES];     /* some outcome changes one of the side's units */
  double better[CLI_ODDS_MAXSIDES];    /* loses less strength than every other side */
  double routs[CLI_ODDS_MAXSIDES];     /* another side loses a unit (routed or removed) */
  double loses_unit[CLI_ODDS_MAXSIDES];
  double mean_loss[CLI_ODDS_MAXSIDES]; /* strength lost on average */
} cli_odds_sum;
/* Each side's figures over the outcomes of d. Cannot fail. */
void cli_odds_summarize(const gn_game *g, const gn_dist *d, cli_odds_sum *s);
/* The summary in a few lines, each indented by two spaces. */
void cli_odds_summary(FILE *f, const gn_game *g, const gn_dist *d);
/* Every outcome, most likely first, with its percentage and exact fraction.
** CLI_OK, or CLI_FAIL after saying out of memory. */
int cli_odds_full(FILE *f, const gn_game *g, const gn_dist *d);

/* The commands, one file per group (cmd-check.c, cmd-game.c, cmd-odds.c,
** cmd-battle.c). ORDER: the order of grognard --help (main.c). */
extern const cli_cmd cli_cmd_check, cli_cmd_schema, cli_cmd_rules, cli_cmd_new, cli_cmd_order,
  cli_cmd_show, cli_cmd_log, cli_cmd_undo, cli_cmd_replay, cli_cmd_list, cli_cmd_odds,
  cli_cmd_battle, cli_cmd_simulate,
  cli_cmd_play, cli_cmd_map, cli_cmd_export,   /* cmd-play.c, cmd-map.c, cmd-export.c */
  cli_cmd_actions,                              /* cmd-actions.c */
  cli_cmd_serve;                                /* cmd-serve.c */
/* Prints a list of actions, one complete order (or form) a line, by unit. */
void cli_actions_print(const gn_game *g, const gn_actions *a);

#endif /* GN_CLI_H */
