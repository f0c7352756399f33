/*
** main.c: the grognard command: global options, dispatch, help and version.
**
**   grognard [--db PATH] COMMAND [ARGS...]
**
** Exit status: 0 done, 1 refused or failed (message on stderr), 2 bad usage.
*/
#include "cli.h"

#include <jansson.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ORDER: as grognard --help lists them. */
static const cli_cmd *const commands[] = {
  &cli_cmd_check, &cli_cmd_schema, &cli_cmd_rules, &cli_cmd_new, &cli_cmd_play, &cli_cmd_actions, &cli_cmd_order, &cli_cmd_show,
  &cli_cmd_log, &cli_cmd_undo, &cli_cmd_replay, &cli_cmd_list, &cli_cmd_map, &cli_cmd_export,
  &cli_cmd_serve,
  &cli_cmd_odds,
  &cli_cmd_battle, &cli_cmd_simulate,   /* cmd-battle.c */
};
#define NCOMMANDS ((int)(sizeof commands / sizeof commands[0]))

static const cli_cmd *find(const char *name) {
  for (int i = 0; i < NCOMMANDS; i++)
    if (!strcmp(commands[i]->name, name))
      return commands[i];
  return NULL;
}

static void usage_all(FILE *f) {
  fprintf(f, "usage: grognard [--db PATH] COMMAND [ARGS...]\n"
             "       grognard help COMMAND | --help | --version\n");
}

static void help_all(void) {
  usage_all(stdout);
  printf("\nA rules engine and computer moderator for horse-and-musket miniature wargames.\n"
         "\ncommands:\n");
  for (int i = 0; i < NCOMMANDS; i++)
    printf("  %-8s %s\n", commands[i]->name, commands[i]->summary);
  printf("\noptions:\n"
         "  --db PATH   the game store (default %s, or $GROGNARD_DB)\n"
         "  --help      this help; 'grognard help COMMAND' for a command's\n"
         "  --version   the version of grognard and of its libraries\n"
         "\nin every command: --json prints JSON on stdout and nothing else; -o FILE writes to\n"
         "FILE in the format of its extension (--format when it does not say); notes go to\n"
         "stderr; --as SIDE|umpire, --seed N, --dice auto|table|LIST mean the same everywhere.\n"
         "\nexit status: 0 done, 1 refused or failed (message on stderr), 2 bad usage.\n",
         CLI_DEFAULT_DB);
}

static void version(void) {
  printf("grognard %s (libgrognard %s, SQLite %s, jansson %s)\n", GN_VERSION, gn_version(),
         sqlite3_libversion(), JANSSON_VERSION);
}

/* grognard help [COMMAND] */
static int help(int argc, char **argv) {
  if (argc < 2) { help_all(); return CLI_OK; }
  const cli_cmd *cmd = find(argv[1]);
  if (!cmd) {
    fprintf(stderr, "grognard: no command '%s' (try 'grognard --help')\n", argv[1]);
    return CLI_USAGE;
  }
  cli_help(cmd);
  return CLI_OK;
}

int main(int argc, char **argv) {
  cli c = { getenv("GROGNARD_DB") };
  int i = 1;
  if (!c.db || !*c.db) c.db = CLI_DEFAULT_DB;

  /* the options before the command */
  for (; i < argc && argv[i][0] == '-'; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) { help_all(); return CLI_OK; }
    if (!strcmp(a, "--version")) { version(); return CLI_OK; }
    if (!strcmp(a, "--db")) {
      if (++i >= argc) { fprintf(stderr, "grognard: --db needs a PATH\n"); usage_all(stderr); return CLI_USAGE; }
      c.db = argv[i];
    } else if (!strncmp(a, "--db=", 5)) {
      c.db = a + 5;
    } else {
      fprintf(stderr, "grognard: unknown option '%s'\n", a);
      usage_all(stderr);
      return CLI_USAGE;
    }
  }
  if (i >= argc) {
    fprintf(stderr, "grognard: no command given\n");
    usage_all(stderr);
    return CLI_USAGE;
  }
  if (!strcmp(argv[i], "help"))
    return help(argc - i, argv + i);
  const cli_cmd *cmd = find(argv[i]);
  if (!cmd) {
    fprintf(stderr, "grognard: no command '%s' (try 'grognard --help')\n", argv[i]);
    usage_all(stderr);
    return CLI_USAGE;
  }
  int rc = cmd->run(&c, cmd, argc - i - 1, argv + i + 1);
  if (fflush(stdout) != 0 || ferror(stdout)) {
    fprintf(stderr, "grognard: cannot write the output\n");
    return CLI_FAIL;
  }
  return rc == CLI_HELPED ? CLI_OK : rc;
}
