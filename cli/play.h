/*
** play.h: what the files of `grognard play` share (cmd-play.c, play-cmds.c,
** play-dice.c, play-why.c, play-input.c) and the map and export helpers the
** session calls (cmd-map.c, cmd-export.c).
**
** A session holds one stored game. Every order is committed to the store the
** moment it is accepted (gn_store_order), so a session killed at any moment
** resumes where it stopped; what is not an order (the dice source, the view,
** undos) is kept as session notes in the same file (gn_store_note).
*/
#ifndef GN_PLAY_H
#define GN_PLAY_H

#include "cli.h"

#include <stdio.h>

#define PLAY_LINEMAX 2048

typedef struct play {
  cli *c;
  gn_store *st;
  gn_game *g;
  char id[32];
  int viewer;               /* GN_UMPIRE or a side index */
  int umpire;               /* 1: the session was started as the umpire (no --as,
                               or --as umpire): umpire powers are open to it */
  int table;                /* 1: dice typed at the table, 0: the engine rolls */
  /* input */
  FILE *script;             /* --script FILE, else NULL */
  const char *script_name;
  int lineno;               /* of the script */
  int tty;                  /* line editing on a terminal (libedit) */
  int keep_going;           /* --keep-going: a refused scripted order does not stop */
  int failed;               /* an order was refused or a command failed (exit status) */
  int quit;
  int end_warned;           /* the last line was an 'end' held back by a warning */
  int eof;                  /* the input ended (also while dice were asked) */
  char pending[PLAY_LINEMAX]; /* the rest of a line of dice or cards typed for
                                 an earlier chance point of the order in hand */
  /* the phase last announced, to announce the next */
  int seen_turn, seen_side, seen_over;
  char seen_phase[64];
} play;

/* play-input.c: reads one line (without its newline) into buf; 0 at the end
** of the input. A script's lines and piped input are echoed after the prompt,
** so the output reads like the session at the table. */
int play_read(play *p, const char *prompt, char *buf, size_t n);
/* Line editing with history and tab completion of order words, session
** commands and unit codes; only on a terminal. */
void play_input_begin(play *p);
void play_input_end(play *p);

/* play-dice.c: the table dice source (gn_table_fn; ud is the play). */
int play_table_dice(void *ud, const gn_chance *c, const char *refusal, int *faces);
/* After an order: says which values of a line typed were not needed, and
** forgets them (the next order asks afresh). */
void play_dice_leftover(play *p);
/* Sets the game's dice source from p->table. */
void play_dice_apply(play *p);
/* A card's name ("QH", "10S"); buf of 4 bytes at least. */
const char *play_card_name(int card, char *buf);
/* Parses what a player typed for chance point c ("3 5 1", "3,5,1", "QH",
** "2 hits", each optionally after "roll") into faces; the whole text must
** answer c and nothing more. 0, or -1 with the reason in why. The values are not checked against the dice: the engine does
** that, and says why it refuses. */
int play_dice_parse(const char *s, const gn_chance *c, int *faces, char *why, size_t n);

/* play-odds.c: the odds of orders from the present state (the umpire's view):
** a summary of a few lines, or with all every outcome, most likely first.
** CLI_OK, or CLI_FAIL after printing the refusal. */
int play_odds(play *p, const char *orders, int all);
/* The same for any front end: writes to f, on g (its dice source is left to
** the caller), and sets *exact (may be NULL) to 1 when the odds are exact. */
int play_odds_write(FILE *f, gn_game *g, const char *orders, int all, int *exact);

/* play-why.c: explains event n (or the last resolution when n < 0): its
** rolls, modifiers with their rule ids, and outcome, as the viewer may see
** them. 0, or -1 after printing why it cannot. */
int play_why(play *p, int n);
/* The same for any front end: writes to f what viewer may see of event n. */
int play_why_write(FILE *f, const gn_game *g, int viewer, int n);

/* play-cmds.c: runs a session command if word is one (returns 1, with *rc
** CLI_OK or CLI_FAIL), else 0 (the line is an order). */
int play_command(play *p, char *line, int *rc);
/* The names of the session commands, NULL-terminated (for completion). */
extern const char *const play_command_names[];
/* Prints the banner of the present turn and phase when it changed (force: always). */
void play_announce(play *p, int force);
/* Reloads the game from the store (after an undo). CLI_OK or CLI_FAIL. */
int play_reload(play *p);
/* Reloads the game when another process (another player's terminal) has
** stored orders or undone some since it was loaded (force: whenever the
** stored game differs), saying so. 1 when it reloaded. */
int play_sync(play *p, int force);
/* Before 'end' in a phase with a side to act: lists the orders by which its
** units could still fire or fight an enemy now (the actions call: a target
** ready that draws dice now; a charge, whose melee comes later, is a move),
** and returns how many; 0 when none. */
int play_end_warning(play *p);
/* Adds a session note; prints a warning when it cannot. */
void play_note(play *p, const char *kind, const char *text);
/* The viewer's name ("umpire" or the side's id). */
const char *play_viewer_name(const play *p);

/* cmd-map.c: draws the table as viewer sees it into path (.svg, .png or
** .pdf), with the arcs and reach of unit select (-1 none). CLI_OK, or
** CLI_FAIL with the reason in err. */
int cli_map_write(gn_game *g, int viewer, int select, const char *path, char *err, size_t n);
/* The same in format "svg", "png" or "pdf" whatever path's name (NULL:
** standard output). */
int cli_map_write_as(gn_game *g, int viewer, int select, const char *path, const char *format,
                     char *err, size_t n);
/* cmd-export.c: writes what side may know of the game as JSON into path
** (NULL or "-": stdout). CLI_OK, or CLI_FAIL with the reason in err. */
int cli_export_write(const gn_game *g, int side, const char *path, char *err, size_t n);

#endif /* GN_PLAY_H */
