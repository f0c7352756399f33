/*
** yamldoc.h: a thin wrapper over libyaml's document API for the files the library
** reads (scenarios, ruleset data), and the loader of the ruleset data (data.c).
**
** Why a wrapper: every problem of a file must be reported with file:line:col,
** all of them, not only the first. The wrapper loads a text into a document,
** hands out nodes as small integers (0 = none), reads typed values with
** messages that say what was expected ("expected a number for 'strength', got
** 'five'"), checks mappings against a list of known keys (unknown keys are
** errors, with a "did you mean" suggestion), and collects the diagnostics of
** one file; gn__yaml_close sends them to the game (gn__diag_add), sorted by
** line and column.
**
** Users include "yamldoc.h" and never see libyaml's types; the functions are
** gn__yaml_* (yamldoc.c). The file is not named yaml.h, so that <yaml.h>
** always means libyaml's.
**
** Nesting is bounded: a document deeper than GN__YAML_MAXDEPTH collections is
** refused (GN_ELIMIT) with the position where the limit is passed, before any
** tree is built (libyaml's time grows with the square of the depth).
*/
#ifndef GN_YAML_H
#define GN_YAML_H

#include <limits.h>
#include "core.h"

typedef struct gn__yaml gn__yaml;

/* The deepest nesting of mappings and sequences a file may have. A scenario
** needs about 6; the bound only stops a hostile or broken file early. */
#define GN__YAML_MAXDEPTH 64

/* Node kinds. A node id is an int; 0 means "no node" and has kind NONE. */
enum { GN__Y_NONE, GN__Y_SCALAR, GN__Y_SEQ, GN__Y_MAP };

/* ------------------------------------------------------------- loading */
/* A reader for one file; file is the name diagnostics begin with (copied).
** NULL only when out of memory. */
gn__yaml *gn__yaml_open(gn_game *g, const char *file);
/* Parses text (len bytes, need not end in NUL) as one YAML document. Returns 0,
** GN_EPARSE after recording the syntax error (libyaml's line, column and
** problem) or a second document in the text, GN_ELIMIT after recording where
** the nesting passes GN__YAML_MAXDEPTH, or GN_ENOMEM. After an error the root
** is 0. Call at most once per reader. */
int gn__yaml_parse(gn__yaml *y, const char *text, size_t len);
/* The root node, 0 when the text held no document (empty, or comments only). */
int gn__yaml_root(const gn__yaml *y);
/* Diagnostics recorded so far. Cannot fail. */
int gn__yaml_errors(const gn__yaml *y);
/* 1 after any allocation failed inside the reader (diagnostics may be lost). */
int gn__yaml_oom(const gn__yaml *y);
/* Sends the diagnostics to the game, sorted by position (ties keep the order
** they were found in), and frees the reader. y may be NULL. Returns 0, or
** GN_ENOMEM when a diagnostic could not be kept (here or earlier). */
int gn__yaml_close(gn__yaml *y);

/* ------------------------------------------------------------- nodes */
int gn__yaml_kind(const gn__yaml *y, int node);
/* 1-based position of a node's first character; 1 for node 0. */
int gn__yaml_line(const gn__yaml *y, int node);
int gn__yaml_col(const gn__yaml *y, int node);
/* A scalar's text (NUL-terminated), NULL when node is not a scalar. */
const char *gn__yaml_text(const gn__yaml *y, int node);
/* 1 when node is a plain (unquoted) scalar. */
int gn__yaml_plain(const gn__yaml *y, int node);
/* Items of a sequence, pairs of a mapping; 0 for other nodes. */
int gn__yaml_len(const gn__yaml *y, int node);
/* Item i of a sequence, or 0. */
int gn__yaml_item(const gn__yaml *y, int node, int i);
/* Key and value of pair i of a mapping, or 0. */
int gn__yaml_key(const gn__yaml *y, int node, int i);
int gn__yaml_value(const gn__yaml *y, int node, int i);
/* The value of key in a mapping (the first, if repeated), or 0 when node is
** not a mapping or has no such key. Unchecked: see gn__yaml_map. */
int gn__yaml_get(const gn__yaml *y, int map, const char *key);
/* What a node holds, for "got ..." in messages: 'five', "5" (quoted),
** a list, a mapping, nothing. Writes into buf (n >= 8); returns buf. */
const char *gn__yaml_got(const gn__yaml *y, int node, char *buf, size_t n);

/* ------------------------------------------------------------- diagnostics */
/* Records "file:line:col: message" at node's position (1:1 for node 0). The
** message is printf-style, without a final newline. Cannot fail (on OOM the
** reader remembers it; see gn__yaml_close). */
GN_PRINTF(3, 4) void gn__yaml_error(gn__yaml *y, int node, const char *fmt, ...);
GN_PRINTF(4, 5) void gn__yaml_error_at(gn__yaml *y, int line, int col, const char *fmt, ...);

/* ------------------------------------------------------------- typed reads */
/* Each reader takes the key the node was found under (for messages), returns 0
** and stores the value, or records a diagnostic and returns -1 (leaving *out
** untouched). Numbers and booleans must be plain scalars. */

/* An integer in [min, max] (decimal, optional sign). Messages:
** "expected an integer for 'turns', got 'x'", "'month' must be 1..12, got 13". */
int gn__yaml_int(gn__yaml *y, int node, const char *key, int min, int max, int *out);
/* A finite decimal number (integer, fraction, exponent), read exactly the same
** on every machine and locale; at most 15 significant digits. */
int gn__yaml_num(gn__yaml *y, int node, const char *key, double *out);
/* true/false (also True, TRUE, False, FALSE). */
int gn__yaml_bool(gn__yaml *y, int node, const char *key, int *out);
/* A non-empty scalar; not a plain null (~, null). */
int gn__yaml_str(gn__yaml *y, int node, const char *key, const char **out);
/* Checks that node is a sequence ("expected a list for 'units', got ..."). */
int gn__yaml_seq(gn__yaml *y, int node, const char *key);

/* Checks a mapping against its known keys: keys is NULL-terminated; vals[i]
** receives the value node of keys[i], or 0 when absent. Unknown keys, keys
** that are not scalars and repeated keys are recorded ("unknown key 'strenght'
** in unit (did you mean 'strength'?)"); what names the mapping in messages
** ("unit", "'table'", "the scenario"). Returns 0 when node is a mapping (even
** with bad keys), -1 after "expected a mapping for <what>, got ...". */
int gn__yaml_map(gn__yaml *y, int node, const char *what, const char *const *keys,
                 int *vals);
/* Records "missing required key 'id' in unit" at map when val is 0; returns
** -1 then, else 0. */
int gn__yaml_need(gn__yaml *y, int map, int val, const char *key, const char *what);

/* ------------------------------------------------------------- suggestions */
/* Edit distance between two words (optimal string alignment: insertions,
** deletions, substitutions and swaps of neighbours cost 1; a change of case
** alone costs 0). Cannot fail. */
int gn__yaml_distance(const char *a, const char *b);

/* Picks the closest candidate to a misspelt word, if it is close enough. */
typedef struct gn__ysuggest { const char *word, *best; int d; } gn__ysuggest;
void gn__yaml_suggest_init(gn__ysuggest *s, const char *word);
void gn__yaml_suggest_add(gn__ysuggest *s, const char *cand);
/* " (did you mean 'strength'?)" or "" when no candidate was close. */
const char *gn__yaml_suggest_text(const gn__ysuggest *s, char *buf, size_t n);

/* ------------------------------------------------------------- data.c */
/* Loads the ruleset data of sc->rs into sc->data (sorted by key): the files
** <g->datadir>/<id>/<name>.yaml (name order, rules.yaml excepted) when a data
** directory was set, else the texts built into the library (embed.h). Every
** problem is a diagnostic of the game. Returns 0, GN_EDATA (problems found;
** sc->data is left empty), GN_EIO (directory unreadable; also a diagnostic) or
** GN_ENOMEM. */
int gn__data_load(gn_game *g, gn__scen *sc);
/* Frees sc->data (the strings belong to sc's interned strings). Cannot fail. */
void gn__data_free(gn_game *g, gn__scen *sc);

#endif /* GN_YAML_H */
