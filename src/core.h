/*
** core.h: the internals shared by the core modules and the rulesets.
** Not installed. Internal non-static functions are named gn__module_verb.
**
** A game is split in two:
**   gn__scen   what the scenario and the ruleset data fixed (immutable after
**              load, shared between clones by reference count);
**   gn__state  everything that changes (one flat block per game, copied to
**              roll an order back and to clone).
*/
#ifndef GN_CORE_H
#define GN_CORE_H

#include "grognard.h"
#include <stdarg.h>
#include <stddef.h>
#include <gmp.h>

#define GN__MAXSIDES 4
#define GN__MAXATTR 32       /* ruleset attributes per unit (hash.c: the first 24 always) */
#define GN__MAXFATTR 8       /* ruleset attributes per formation */
#define GN__MAXRS 64         /* ruleset globals in the state */
#define GN__ERRMAX 512
/* Scenario bounds, so that sums and products of the rules stay far from
** INT_MAX whatever a file says (docs/scenario.md). */
#define GN__MAXSTRENGTH 10000  /* strength points or figures of one unit */
#define GN__MAXPOINTS 10000    /* victory points of one objective */
#define GN__MAXLEN 100000      /* table sides, stand sizes, radii (table units) */

/* ------------------------------------------------ per-unit ruleset state */
/* Each ruleset keeps its state of a unit in a struct of ints of its own
** (gn__vb_unit, gn__ba_unit, gn__in_unit), a member for each slot of its
** schema (gn__ruleset.attrs) in the schema's order. The core holds it in a
** union with the raw slots, int attr[GN__MAXATTR]: the generic code (the
** scenario's values, views, the hash, snapshots) walks attr by schema index,
** the rules read and write the members by name, so a value put in the wrong
** slot does not compile. The bytes are those of the raw slots, member for
** slot. */
/* The schema slot of member m of a ruleset's unit struct T, as a constant
** (a schema table is indexed by it); m must be an int, as every slot is. */
#define GN__SLOT(T, m) \
  ((int)(offsetof(T, m) / sizeof(int)) + 0 * (int)sizeof(char[_Generic(((T *)0)->m, int: 1, default: -1)]))
/* The slots a unit struct fills. */
#define GN__NSLOTS(T) ((int)(sizeof(T) / sizeof(int)))
#include "rules/vb/vb_unit.h"
#include "rules/ba/ba_unit.h"
#include "rules/inradic/in_unit.h"
/* The raw slots and each ruleset's view of them, as a member of a unit's
** state (gn__ustate) and of its start in the scenario (gn__unit). */
#define GN__UNIT_SLOTS(attr, vb, ba, in) \
  union { int attr[GN__MAXATTR]; gn__vb_unit vb; gn__ba_unit ba; gn__in_unit in; }

/* ------------------------------------------------------------------ memory */
void *gn__realloc(const gn_allocator *a, void *p, size_t osize, size_t nsize);
void *gn__malloc(gn_game *g, size_t n);                 /* NULL on OOM */
void *gn__calloc(gn_game *g, size_t n, size_t size);    /* NULL on OOM */
void gn__free(gn_game *g, void *p, size_t n);
char *gn__strdup(gn_game *g, const char *s);            /* NULL on OOM */
/* Sets gn_errmsg and returns err. */
GN_PRINTF(3, 4) int gn__error(gn_game *g, int err, const char *fmt, ...);
GN_PRINTF(3, 0) int gn__verror(gn_game *g, int err, const char *fmt, va_list ap);

/* -------------------------------------------------------- ruleset schema */
/* One per-unit attribute of a ruleset ("morale", "valour", "supplies"). */
typedef struct gn__attrdef {
  const char *name;
  int def, min, max;          /* default and bounds for scenario values */
  const char *const *names;   /* enumeration names (NULL-terminated) or NULL */
  int hidden;                 /* 1: the enemy never sees it */
  int scenario;               /* 1: a scenario may set it */
} gn__attrdef;

/* One unit type of a ruleset, with its default footprint. */
typedef struct gn__typedef {
  const char *name;
  double w, d;                /* frontage and depth in table units */
  const char *words;          /* the type as players say it ("heavy cavalry" for
                                 cavalry_heavy); NULL: the name with blanks */
} gn__typedef;

/* One terrain kind. */
typedef struct gn__terraindef {
  const char *name;
  gn_shape shape;
  unsigned flags;             /* GN_FEAT_BLOCKS_LOS... */
} gn__terraindef;

/* Parsed order words. */
#define GN__MAXTOK 24
typedef struct gn__args {
  int n;
  const char *tok[GN__MAXTOK];
  int col[GN__MAXTOK];        /* 1-based column in the order text */
  const char *text;           /* the whole order */
} gn__args;

typedef struct gn__verb {
  const char *word;
  const char *help;           /* "fire UNIT at UNIT" */
  /* Parse, check, then do. Refusals (gn__refuse) should come before any change;
  ** the core rolls the state back on any failure anyway. */
  int (*apply)(gn_game *g, const gn__args *a);
  int when_over;              /* 1: also once the game is over (campaign recovery, reports) */
} gn__verb;

/* A standalone resolution for the odds calculator ("grognard odds vb fire
** --dice 2 --range close"). The game it runs on has the ruleset's data but no
** scenario (gn_game_use_ruleset). */
#define GN__CHECKCX 512
typedef struct gn__check {
  const char *name;           /* "fire" */
  const char *usage;          /* "--dice N --range close|long [--save S]" */
  const char *help;           /* one line: what the outcome is */
  const char *refs;           /* "VB-B5, VB-B6, VB-B7" */
  int passfail;               /* 1: outcome 1 = pass, 0 = fail (p_pass is reported) */
  /* Parse "--name value" pairs into cx (at most GN__CHECKCX bytes, zeroed
  ** before). GN_ESYNTAX with a message on bad parameters. */
  int (*parse)(gn_game *g, int argc, const char *const *argv, void *cx);
  /* Resolve once through the chance points (gn__roll...), logging its
  ** modifiers as events (gn__event + gn__event_mod); *outcome is the result. */
  int (*run)(gn_game *g, const void *cx, int64_t *outcome);
  /* Text of an outcome ("2 hits", "routs"); may be NULL (the number is shown). */
  void (*label)(const void *cx, int64_t outcome, char *buf, size_t n);
} gn__check;

/* An order resolved later in the turn, as the ruleset sees it now (gn_actions). */
typedef struct gn__later {
  int ready;                  /* 1 it would take effect if resolved now, 0 not */
  char why[256];              /* when not: the reason, with its rule id */
  char dice[32];              /* the dice its resolution rolls ("3d6"), "" none */
  int ndice;
} gn__later;

typedef struct gn__ruleset {
  const char *id, *title;
  const char *unit;                       /* "in" or "cm" */
  const gn__typedef *types; int ntypes;
  const gn__attrdef *attrs; int nattrs;
  const char *const *fattrs; int nfattrs; /* per-formation attribute names */
  const gn__terraindef *terrain; int nterrain;
  const gn__verb *verbs; int nverbs;
  const gn__attrdef *options; int noptions;  /* scenario switches ("hero_hits") */
  const gn__check *checks; int nchecks;      /* for grognard odds */
  /* After the scenario is loaded: read the data, build the initial state. */
  int (*setup)(gn_game *g);
  /* Release what setup attached to the scenario (sc->rsdata). */
  void (*release)(gn_game *g, void *rsdata);
  /* Fill what viewer may know of a unit; status text into buf. May hide fields.
  ** Its status reads that unit's state and the scenario, and other units'
  ** states only where view_others says so: an outcome's label names only the
  ** units whose own state changed, and the odds engine keeps the status of a
  ** unit in a state it met before unless view_others. */
  void (*view)(const gn_game *g, int unit, int viewer, gn_unit_view *v, char *buf, size_t n);
  /* Clock text ("18 June 1815, 9 a.m.") and phase name. */
  void (*clock)(const gn_game *g, char *buf, size_t n);
  const char *(*phase)(const gn_game *g);
  /* 1 when unit's stand, on the table, blocks the sight of other stands
  ** through it (gn_unit_los, the one line of sight of every rule and front
  ** end); NULL: every stand on the table does. Cannot fail. */
  int (*blocks_sight)(const gn_game *g, int unit);
  /* For gn_actions (may be NULL). The move unit has left for a verb whose
  ** order ends in a point ("move UNIT to X,Y"), in table units, from the
  ** function the verb's handler spends it with, and the ground it may not
  ** enter (text with rule ids) in avoid; -1 when the verb has no allowance. */
  double (*allowance)(gn_game *g, const char *verb, int unit, char *avoid, size_t n);
  /* For gn_actions (may be NULL): of an order the rules accept now but
  ** resolve later in the turn (a fire order written before the moves), what
  ** its resolution will do, by the tests and dice it uses: 1 with out
  ** filled, 0 when the verb takes effect at once. target is -1 for an order
  ** without one. */
  int (*later)(gn_game *g, const char *verb, int unit, int target, struct gn__later *out);
  /* The most units a scenario may have, a limit of the ruleset's own (the
  ** scenario loader refuses more with GN_ELIMIT); 0: none. */
  int maxunits;
  /* Men that n strength points of unit stand for, by the ruleset's scale and
  ** the unit's arm: present in the ranks (lost 0) or lost as casualties
  ** (lost 1); -1 when the scale gives none. NULL: no scale in men. */
  int (*men)(const gn_game *g, int unit, int n, int lost);
  /* For gn_game_warnings (may be NULL): what the ruleset sees wrong with a
  ** unit on the table at the start that does not stop the game (V&B: out of
  ** command), as text with its rule id into buf; 1 when there is one. */
  int (*warn)(gn_game *g, int unit, char *buf, size_t n);
  /* The time of day of the current turn (or bound), in minutes after midnight
  ** of the scenario's first day (day 2 at 4 a.m. is 1,680), read with the
  ** ruleset's own clock; NULL when the ruleset keeps no time of day (an
  ** arrival by the clock is then refused at load). Cannot fail. */
  int (*minute)(const gn_game *g);
  /* For a reinforcement that came on at an entry (gn__entry_place): what its
  ** march of `marched` table units onto the table costs it under the
  ** ruleset's rules (V&B: spent from its next move); NULL: nothing. Cannot
  ** fail. */
  void (*entered)(gn_game *g, int unit, double marched);
  /* 1 when unit, on the table, holds an objective within whose radius it
  ** stands: a fighting unit in good order (the ruleset's own test; ref.
  ** VB-VIC, BA-VIC, IN-VIC). NULL: every unit on the table. Cannot fail. */
  int (*holds)(const gn_game *g, int unit);
  /* The ruleset globals (g->st.rs[deck_rs .. deck_rs + ndeck_rs)) that say
  ** what the odds engine knows of the decks: an odds walk that may ignore the
  ** decks (gn__enum_merge) ignores them too. 0, 0: none. */
  int deck_rs, ndeck_rs;
  /* For gn_actions and gn_unit_reach (may be NULL): the reach of unit's
  ** verb that names an enemy ("fire UNIT at UNIT"), in table units edge to
  ** edge, from the function its handler refuses a target too far with: the
  ** listing checks no enemy further off. -1 when the verb has no such bound;
  ** -2 when unit may name no target now at any distance. When out is not
  ** NULL, also the bands the rules state for the verb (gn_reach; out comes
  ** zeroed, limit is set by the caller from the return), from the same
  ** functions; a listing passes NULL. Changes nothing; cannot fail. */
  double (*reach)(gn_game *g, const char *verb, int unit, gn_reach *out);
  /* For gn_actions (may be NULL): the odds check (gn__check) that weighs
  ** unit's order of verb at target, as unit's side may know it: 1 with
  ** "CHECK --name value ..." in buf, the arguments the rules would give the
  ** resolution now, leaving out what the side may not know; 0 none.
  ** Changes nothing; cannot fail. */
  int (*odds)(gn_game *g, const char *verb, int unit, int target, char *buf, size_t n);
  /* For gn_side_done (may be NULL: no phase is played by every side at
  ** once): 1 when side has ended its part of the present phase that every
  ** side plays at once (the state its own `end SIDE` sets). Cannot fail. */
  int (*side_done)(const gn_game *g, int side);
  /* 1 when a unit's status (view) also reads other units' states (Belle
  ** Alliance: a unit resting for supplies names the waggon serving it and
  ** its count); 0 when it reads only its own state and the scenario. */
  int view_others;
} gn__ruleset;

/* reach.c: appends the band from..to (table units, edge to edge) to out,
** for a ruleset's reach hook; a band that goes on from the last with the
** same name and rule id lengthens it. NULL out or an empty band: nothing.
** A band past GN_REACH_MAXBANDS is counted, not held (gn_unit_reach then
** fails). Cannot fail. */
void gn__reach_band(gn_reach *out, double from, double to, const char *name, const char *ref);

/* The registry (src/ruleset.c). NULL when unknown. */
const gn__ruleset *gn__ruleset_find(const char *id);
/* 1 when typed names the value name, as players write it: case ignored, '-'
** and ' ' read as '_' (a seed's "Well Trained" and "well-trained" are
** well_trained). Cannot fail. */
int gn__name_is(const char *name, const char *typed);
/* Index of typed in the NULL-terminated names (gn__name_is), or -1. */
int gn__name_find(const char *const *names, const char *typed);
/* 1 when a and b are equal but for the case of ASCII letters. */
int gn__eqi(const char *a, const char *b);
/* Days in a month (1-12) of the Gregorian calendar. Cannot fail. */
int gn__month_days(int year, int month);
/* The English name of a month (1-12), "?" out of range (src/clock.c). Cannot fail. */
const char *gn__month_name(int month);
/* A time of day as designers write it: "7 p.m.", "7:30 a.m.", "7pm",
** "19:00", "noon", "midnight" (case ignored). Minutes after midnight, or -1
** (src/clock.c). */
int gn__clock_minutes(const char *s);
/* Writes "a, b or c" for names[0..n) (n < 0: up to NULL) into buf, cut to
** size. Returns buf. Cannot fail. */
const char *gn__names_list(const char *const *names, int n, char *buf, size_t size);
/* The values of an odds check's options (`grognard odds RULESET CHECK --opt
** V`), one idiom for every ruleset: each fails with GN_ESYNTAX naming the
** option, what it wants and what it got (v NULL: the value is missing). */
int gn__opt_int(gn_game *g, const char *opt, const char *v, int lo, int hi, int *out);
/* what: the kind of number wanted ("a distance in inches"). */
int gn__opt_num(gn_game *g, const char *opt, const char *v, double lo, double hi, const char *what,
                double *out);
/* One of the NULL-terminated names (as gn__name_find reads them). */
int gn__opt_name(gn_game *g, const char *opt, const char *v, const char *const *names, int *out);

/* ------------------------------------------------------- ruleset data */
/* One value of data/rulesets/<id>/NAME.yaml: a number or a list of numbers. */
typedef struct gn__datum {
  const char *key;            /* "fire.dice.infantry" */
  int n;                      /* count of numbers */
  double *v;
  const char *provenance;     /* seed | published | default */
  const char *ref;            /* rule id */
  const char *note;
  const char *file; int line;
} gn__datum;

/* Looks a datum up; GN_EDATA with a message naming the key when missing or of
** the wrong shape. */
int gn__data_int(gn_game *g, const char *key, int *out);
int gn__data_num(gn_game *g, const char *key, double *out);
int gn__data_list(gn_game *g, const char *key, int n, int *out);  /* exactly n ints */
const gn__datum *gn__data_find(const gn_game *g, const char *key);

/* A ruleset's data as one table: each row a key of data/rulesets/<id>/NAME.yaml,
** where its numbers go in the ruleset's own struct, their type and count,
** the range every number must lie in, and the rule the value serves.
** A key holding one %s is read once for each of nnames names, the k-th name
** found nstride bytes after names[0] (sizeof (char *) for a plain array of
** names, the element's size for an array of structs with a name field) and
** its value stride bytes after the first. */
typedef enum {
  GN__DT_INT,      /* whole numbers into int */
  GN__DT_WHOLE,    /* whole numbers into double */
  GN__DT_NUM,      /* numbers into double */
  GN__DT_FRAC      /* two whole numbers, numerator at off and denominator (> 0) at off2 */
} gn__dtype;
typedef struct gn__dfield {
  const char *key;
  gn__dtype type;
  size_t off;
  int n;                        /* 1 for one number, else a list of exactly n */
  double lo, hi;                /* every number in [lo, hi] */
  const char *ref;              /* the rule the value serves */
  const char *const *names;     /* NULL, or the names for the key's %s */
  int nnames;
  size_t nstride, stride;
  size_t off2;                  /* GN__DT_FRAC: the denominator */
} gn__dfield;
/* Rows of a gn__dfield table (T: the ruleset's data struct; F: a field or an
** element of one). The _ALL forms take no range. */
#define GN__D_INT(T, key, F, lo, hi, ref) {key, GN__DT_INT, offsetof(T, F), 1, lo, hi, ref, NULL, 0, 0, 0, 0}
#define GN__D_NUM(T, key, F, lo, hi, ref) {key, GN__DT_NUM, offsetof(T, F), 1, lo, hi, ref, NULL, 0, 0, 0, 0}
#define GN__D_INTS(T, key, F, n, lo, hi, ref) {key, GN__DT_INT, offsetof(T, F), n, lo, hi, ref, NULL, 0, 0, 0, 0}
#define GN__D_NUMS(T, key, F, n, lo, hi, ref) {key, GN__DT_NUM, offsetof(T, F), n, lo, hi, ref, NULL, 0, 0, 0, 0}
#define GN__D_FRAC(T, key, NUM, DEN, ref) \
  {key, GN__DT_FRAC, offsetof(T, NUM), 2, 0, GN__DANY, ref, NULL, 0, 0, 0, offsetof(T, DEN)}
#define GN__DANY 1e300
/* A row read once per name (see gn__dfield): names[0..nn) nstride bytes
** apart, values stride bytes apart. */
#define GN__D_EACH(T, type, key, F, n, lo, hi, ref, names, nn, nstride, stride) \
  {key, type, offsetof(T, F), n, lo, hi, ref, names, nn, nstride, stride, 0}
/* Reads every row of t[0..nt) into the struct at base, in order. Fails at
** the first bad row with GN_EDATA, the message naming the ruleset, the key,
** where it is written and the rule. */
int gn__data_table(gn_game *g, const gn__dfield *t, int nt, void *base);

/* ---------------------------------------------------------- the scenario */
typedef struct gn__side {
  const char *id, *name;
  const char *ai;              /* the scenario's commander, as written (ai/ reads it), or NULL */
  int ai_line, ai_col;         /* where that text stands in the file */
} gn__side;

/* When a unit off the table at the start comes on (docs/scenario.md,
** "Reinforcements"): turn 0 means on the table from the start. */
typedef struct gn__arrival {
  int turn;                   /* the first turn it may come on, at the start of its side's turn */
  int roll;                   /* 0: comes on that turn; 2..6: from then on, each turn on 1d6 >= roll */
  int minute;                 /* -1, or by the clock: not before the ruleset's clock (gn__ruleset.
                              ** minute) reads this many minutes after midnight of the first day */
  int entry;                  /* 0: each unit at its own `at`; 1: the group enters at the entry
                              ** point or edge segment e0-e1 in its order of march (gn__entry_place) */
  gn_vec2 e0, e1;             /* the entry: a point (e0 == e1) or a segment of one table edge */
  int edge;                   /* that edge: 0 south (y 0), 1 east, 2 north, 3 west (x 0) */
  int entry_written;          /* 1 when the scenario gave an entry (even a wrong one, reported) */
  int line, col;              /* where the arrival is written */
} gn__arrival;

typedef struct gn__formation {
  const char *id, *name;
  gn_echelon echelon;
  int side, parent, leader;
  gn__arrival arrives;        /* for its units and those of its subordinates */
  const char *plan;           /* its plan as written (`plan:`), NULL none: the AI reads it */
  int plan_line, plan_col;    /* where that text stands in the file */
} gn__formation;

typedef struct gn__unit {
  const char *id, *code, *name;
  int type;                   /* index into ruleset->types */
  int side, formation;
  int strength0;
  int line, col;              /* where the scenario defines it */
  GN__UNIT_SLOTS(attr0, vb0, ba0, in0);  /* initial ruleset state (schema defaults, then the
                              ** scenario's values): attr0 by slot, or the ruleset's struct */
  gn_box box0;                /* initial stand: centre, frontage, depth, facing; for a
                              ** reinforcement, where it enters the table */
  gn__arrival arrives;        /* its own or its nearest formation's; turn 0: on from the start */
  int arrive_group;           /* units that come on together (by one roll): the formation
                              ** that gave the arrival, or nformations + the unit's index */
} gn__unit;

typedef struct gn__terrain {
  const char *id;
  gn_feature f;               /* f.pts owned */
  int line, col;              /* where the scenario defines it */
} gn__terrain;

typedef struct gn__objective {
  const char *id, *name;
  gn_vec2 at;
  double radius;
  int points;
  int side_points[GN__MAXSIDES];  /* what holding it is worth to each side (default: points) */
  int owner0;                 /* side holding it at the start, -1 none */
  int from;                   /* held at the end of every turn from this one on to score, -1 any */
  int by;                     /* scored for its holder at the end of this turn, 0 at the end */
  int line, col;              /* where the scenario defines it */
} gn__objective;

/* The scenario's rules of victory (`victory:`), or the defaults (victory.c). */
/* What happened in the battle the scenario models (`history:`), for the
** calibration report of simulate. */
#define GN__MAXSOURCES 32
typedef struct gn__history {
  int given;
  int winner;                 /* side, -1 a draw */
  int level;                  /* GN_LEVEL_*, -1 not said */
  int men_lost[GN__MAXSIDES]; /* -1 not said */
  int held[32];               /* per objective (at most 32): side at the end, -1 nobody, -2 not said */
  const char *sources[GN__MAXSOURCES];
  int nsources;
} gn__history;

typedef struct gn__victory {
  int given;                  /* 1: the scenario has a victory block */
  int keys;                   /* the keys it gives: bit 0 break, 1 losses, 2 marginal, 3 decisive
                              ** (the others come from the ruleset's data victory.*) */
  double brk;                 /* an army with less than this fraction of its start in good order broke */
  double losses;              /* victory points for inflicting the loss of a whole army */
  double marginal, decisive;  /* victory-point margins of a marginal and a decisive victory */
} gn__victory;

/* A slot of the units' name index: hash 0 is an empty slot. */
typedef struct gn__name { uint32_t hash; int unit; uint32_t key; } gn__name;   /* key: at namepool[key] */

typedef struct gn__scen {
  int refs;
  const gn__ruleset *rs;
  char *name, *file;
  char *text; size_t textlen; /* the scenario exactly as read */
  double width, height;
  int year, month, day, hour; /* start date and hour (24h) */
  double latitude;
  int weather;                /* 0 clear, 1 inclement */
  int turns;                  /* turn limit, 0 none */
  int nsides; gn__side side[GN__MAXSIDES];
  int nformations; gn__formation *formation;
  int nunits; gn__unit *unit;
  int nterrain; gn__terrain *terrain;
  gn_feature *features;       /* nterrain copies of terrain[i].f, for geometry calls */
  int nobjectives; gn__objective *objective;
  gn__victory victory;
  gn__history history;
  int options[16];            /* ruleset switches, indexed as rs->options */
  int ndata; gn__datum *data; /* ruleset data, sorted by key */
  void *rsdata;               /* ruleset's cached tables (setup/release) */
  const char *tunit;          /* the table unit in play: rs->unit, unless setup says otherwise */
  gn__name *names; int nnames;   /* codes and ids, case-folded: a hash table (gn_unit_find) */
  char *namepool; size_t npool;  /* the names folded, one after another */
  char **strings; int nstrings, capstrings;  /* every string above, owned */
} gn__scen;

/* Frees the name index of sc (game.c). Cannot fail. */
void gn__scen_names_free(gn_game *g, gn__scen *sc);

/* Intern a copy of s in sc (owned by sc). NULL on OOM. */
const char *gn__scen_str(gn_game *g, gn__scen *sc, const char *s);

/* ------------------------------------------------------------ the state */
typedef struct gn__ustate {
  gn_box box;
  int strength;               /* SP or figures */
  int removed;                /* off the table: 1 gone (routed, destroyed, left),
                              ** GN__ARRIVING a reinforcement not yet come on */
  unsigned flags;             /* ruleset bits */
  GN__UNIT_SLOTS(attr, vb, ba, in);  /* the ruleset's state: attr by schema slot (generic
                              ** code), or the ruleset's own struct (the rules) */
} gn__ustate;

#define GN__ARRIVING 2

/* Of objective o in state st: the turn from whose end its holder has held it
** throughout (0: since the start), and the holder at the end of its `by`
** turn (so far: at the end of the last turn up to it). */
#define GN__SINCE(st, o) ((st)->owner[(st)->nobjectives + (o)])
#define GN__OWNER_BY(st, o) ((st)->owner[2 * (st)->nobjectives + (o)])

typedef struct gn__state {
  int turn, phase, active, over, winner;
  int rs[GN__MAXRS];          /* ruleset globals (day, hour, ...) */
  gn_rng rng;
  int deck[GN__MAXSIDES][52]; /* cards still in each side's deck */
  int deckn[GN__MAXSIDES];
  int nunits, nformations, nobjectives;
  const gn__ustate *u;        /* nunits; read here, write through gn__uw() */
  const int (*f)[GN__MAXFATTR];   /* nformations; write through gn__fw() */
  int *owner;                 /* 3 x nobjectives: the side holding each objective (-1 none), then
                              ** GN__SINCE and GN__OWNER_BY (victory.c keeps them; ref. VB-VIC,
                              ** BA-VIC, IN-VIC) */
} gn__state;

/* ------------------------------------------------------------ events */
#define GN__EVBLOCK 256
#define GN__TEXTBLK 65536
typedef struct gn__ev {
  gn_event e;                 /* e.text, e.spec, e.dice and e.mods live in the game's text arena */
  gn_game *g;                 /* the game whose arena holds them (gn__event_mod) */
  int mark_block;             /* the text arena's mark before this event's text: */
  unsigned mark_used;         /* its block and the bytes used in it */
  int mcap;                   /* room at e.mods */
  int ucap;                   /* room at e.units: uin, or a copy in the arena */
  int uin[2];                 /* the first two units (the event's unit and target) */
} gn__ev;

/* ---------------------------------------------------------- dice sources */
typedef struct gn__enum gn__enum;     /* odds.c */

typedef struct gn__dicesrc {
  gn_dice_mode mode;
  int checking;               /* gn_order_check: the first chance point stops the run */
  int quiet;                  /* odds runs: events go to a scratch event, not the log */
  int *script; int nscript, capscript, pos;
  gn_table_fn table; void *tableud;
  gn__enum *en;               /* ENUMERATE: the path being walked */
  /* The tape: every result drawn by the order in flight, for the store. */
  int *tape; int ntape, captape;
  /* What the chance point that stopped a check asks for (gn_actions tells a
  ** player the dice an order will roll): set by draw while checking. */
  int stopped;                /* 1 when the last check stopped at a chance point */
  gn_chance_kind stopkind;
  char stopspec[32];          /* "4d6", "card" */
  int stopn, stoptarget;      /* dice (or cards) and, for a count, the number needed */
  /* gn__chance_need: what the rule needs of the next chance point. */
  int need, needn;
  int handi;                  /* of a hand of needn draws (needn > 1): how many are drawn */
  char needtext[192];         /* gn__chance_say: the need said to the table, "" none */
  unsigned needvis;           /* the sides that may know it */
} gn__dicesrc;

/* Returned by a chance point while checking an order: everything before it passed. */
#define GN__ECHECKED (-1000)
/* Returned by gn__enum_merge: this odds run ends here, the rest of it is known
** from an equal state met before; the rules pass it up like any failure. */
#define GN__EMERGED (-1001)
/* Returned by gn__enum_deck_read: a deck read after a merge point that took
** states equal whatever their decks held; the odds engine walks again
** without ignoring the decks. */
#define GN__EBLIND (-1002)

/* ------------------------------------------------------------ the game */
/* A save point: what an order or an odds run may change, to go back to it.
** Units are not copied: the first write to a unit after a save point goes
** through gn__uw, which journals the unit as it was; going back replays the
** journal backwards. The rest of the state (small) is copied. */
typedef struct gn__savepoint {
  gn__state st;               /* all but the units; st.f == NULL until first used */
  int nev, norders, scriptpos, ntape;
  int jmark, fjmark;          /* the journals' lengths at the save point */
  int open;
} gn__savepoint;

typedef struct gn__jentry { int unit; gn__ustate was; } gn__jentry;
typedef struct gn__fjentry { int f; int was[GN__MAXFATTR]; } gn__fjentry;

#define GN__ORDBLK 16384
typedef struct gn__block { char *p; size_t cap; } gn__block;
typedef struct gn__order {
  char *text;                 /* in the orders' arena (order.c) */
  gn_dice_mode mode;          /* how its dice were given */
  int ntape; int *tape;       /* its results, when they came from the table or a script (arena) */
  int nchance;                /* results it drew, whatever the source */
  int blk; size_t pos;        /* the arena's mark before this order's text */
} gn__order;

struct gn_game {
  gn_allocator alloc;
  char err[GN__ERRMAX];
  char *refusal_ref;          /* static string from rules code, or NULL */
  int quiet;                  /* a listing checks orders (gn_actions): refusals set their rule id
                              ** and code but write no message, which nobody reads */
  char *datadir;
  char **diag; int ndiag, capdiag;
  gn__scen *sc;               /* NULL until a scenario is loaded */
  gn__state st;
  int started;
  uint64_t seed;
  gn__dicesrc dice;
  gn__ev **evb; int nev, nevb; /* the log, in blocks of GN__EVBLOCK: an event never moves */
  int evfirst;                /* public index of evb's first event (0 unless resumed) */
  char **text_blocks;         /* the events' texts: an arena of blocks of GN__TEXTBLK */
  int ntext_blocks;
  int text_block;             /* the block being filled */
  unsigned text_used;         /* bytes used in it */
  gn__order *orders; int norders, caporders;
  gn__block *order_blocks;    /* the orders' texts and tapes: an arena of blocks */
  int norder_blocks;
  int order_block;            /* the block being filled */
  size_t order_used;          /* bytes used in it */
  int cur_order;              /* index of the order in flight */
  gn_grid *grid;              /* stands by unit index: the core's alone (gn__unit_place) */
  int grid_dirty;             /* 1: rebuilt whole at the next gn__grid */
  unsigned roll_vis;          /* visibility of the roll events logged now (~0u: all) */
  gn__savepoint order_save;   /* the game before the order in flight */
  gn__jentry *jnl; int njnl, capjnl;   /* units as they were before writes under a save point */
  unsigned *ustamp;           /* per unit: the epoch it was last journaled in */
  uint64_t *ukey;             /* per unit: its state's hash in gn__state_key (odds.c), */
  unsigned char *ukey_ok;     /* valid where set: cleared by every write (gn__uw, gn__restore) */
  int nukey;
  gn__fjentry *fjnl; int nfjnl, capfjnl;   /* formations, likewise */
  unsigned *fstamp;
  unsigned epoch;             /* bumped by every save point and every return to one */
  int depth;                  /* save points open */
  char checklabel[128];       /* gn_check_label's text */
  gn__ev quiet_ev;            /* what gn__event returns while the dice source is quiet */
  int quiet_dice[GN_EVENT_MAXDICE];
  gn_mod quiet_mods[GN_EVENT_MAXMODS];
  int evoom;                  /* an event, or its dice, modifiers or units, or a rule's list
                              ** (gn__room), found no memory: the order in flight fails whole
                              ** (sticky until the next order) */
  const void *lastcheck;      /* the gn__check of the last gn_check_odds */
  char **olabel; int nolabel, capolabel;   /* outcomes of the last gn_order_odds */
  int *olslot; int nolslot;   /* the labels by hash: open addressing, index + 1, 0 empty */
  _Alignas(max_align_t) unsigned char checkcx[GN__CHECKCX];   /* its parameters */
};

/* Opens a save point: notes the state (units through the journal). GN_ENOMEM. */
int gn__save(gn_game *g, gn__savepoint *sp);
/* Goes back to the save point, which stays open. Cannot fail. */
void gn__restore(gn_game *g, const gn__savepoint *sp);
/* Closes the save point (keeping what happened since). Cannot fail. */
void gn__release(gn_game *g, gn__savepoint *sp);
void gn__savepoint_free(gn_game *g, gn__savepoint *sp);
/* Unit i of the state, to write: journaled first when a save point is open.
** Every write to a unit's state goes through here. Cannot fail (the journal
** has room for every unit once per epoch, reserved when the epoch began). */
gn__ustate *gn__uw(gn_game *g, int i);
/* Formation f's values, to write: journaled like units. Cannot fail. */
int *gn__fw(gn_game *g, int f);
/* Sets the visibility of the roll events that follow; returns the old one. */
unsigned gn__roll_visibility(gn_game *g, unsigned sides);

/* ------------------------------------------------------------ game.c */
int gn__state_alloc(gn_game *g, gn__state *st, int nunits, int nformations, int nobjectives);
void gn__state_free(gn_game *g, gn__state *st);
/* Room for many states (and other blocks) given back all at once: the odds
** engine keeps tens of thousands of states in one walk, and a malloc and a
** free for each cost more than the rules it runs. */
typedef struct gn__pool { struct gn__chunk { char *p; size_t size; } *chunk; int n, cap; size_t used; } gn__pool;
/* n bytes, zeroed, aligned for any object, alive until gn__pool_free; NULL
** on OOM. */
void *gn__pool_get(gn_game *g, gn__pool *p, size_t n);
void gn__pool_free(gn_game *g, gn__pool *p);
/* Open addressing over n entries (a slot holds an entry's index + 1, 0 is
** empty) whose 64-bit hashes lie at base + i * stride: room for one entry
** more, the slots doubled (at least min, a power of two) and every entry
** placed again when they would be over half full. base may be NULL when n
** is 0. Returns 0, or GN_ENOMEM with the slots as they were. */
int gn__slots_room(gn_game *g, int **slot, int *nslot, int n, int min, const void *base, size_t stride);
/* gn__state_alloc in pool p (never gn__state_free). */
int gn__state_alloc_in(gn_game *g, gn__pool *p, gn__state *st, int nunits, int nformations, int nobjectives);
/* dst must have the same sizes (allocated by gn__state_alloc). Cannot fail. */
void gn__state_copy(gn__state *dst, const gn__state *src);
/* 1 when a and b are the same state, bit for bit. Cannot fail. */
int gn__state_equal(const gn__state *a, const gn__state *b);
/* Puts the game in state x (same sizes) through the journal, so that an open
** save point can go back. Cannot fail. */
void gn__state_set(gn_game *g, const gn__state *x);
GN_PRINTF(2, 3) int gn__diag_add(gn_game *g, const char *fmt, ...);
void gn__diag_clear(gn_game *g);
/* The stand grid (g->grid, grid.c) belongs to the core: the rules change a
** unit's place on the table only through these three, which keep it in step
** (the journal's undo and a snapshot's load do the same). */
/* Unit move: updates the box and the grid. Cannot fail. */
void gn__unit_place(gn_game *g, int unit, gn_box b);
/* Takes the unit off the table, and out of the grid. Cannot fail. */
void gn__unit_remove(gn_game *g, int unit);
/* Puts a unit that was off the table back on it at b. Cannot fail. */
void gn__unit_return(gn_game *g, int unit, gn_box b);
/* Reinforcements of side due at the start of its turn come on at their entry
** stands (gn__unit.arrives; ref is the ruleset's rule id for arrivals):
**   1) the groups of side still off the table whose turn has come
**   2) a group with a roll rolls 1d6 once a turn (a chance point); below the
**      roll it waits for the next turn
**   3) its units are placed at their entry stands, one "arrival" event naming
**      them all, seen by every side
** 0, GN_ENOMEM, or a dice source's error. */
int gn__arrivals(gn_game *g, int side, const char *ref);

/* victory.c. The rules of victory the scenario does not give (sc->victory.
** keys) from the ruleset's data victory.* (sc's data, just loaded). 0, or
** GN_EDATA with the message set when a key is missing. */
int gn__victory_from_data(gn_game *g, gn__scen *sc);
/* The objectives at the end of turn `turn`, by the rules code of the ruleset
** (ref is its rule id, VB-VIC, BA-VIC or IN-VIC):
**   1) each objective goes to the only side with a unit that holds
**      (gn__ruleset.holds) within its radius; with no side or several it
**      stays with its last holder
**   2) a change of holder is told to every side in an "objective" event, and
**      GN__SINCE becomes this turn
**   3) an objective with `by` records its holder while turn <= by
** 0 or GN_ENOMEM. */
int gn__objectives_turn_end(gn_game *g, int turn, const char *ref);
/* A clock arrival's time (minutes after midnight of the first day) as
** players read it: "7 p.m.", "day 2, 6:30 a.m.". Cannot fail. */
void gn__clock_text(int minute, char *buf, size_t n);
/* Where the n units ids[] of one arrival group (all with the same entry a)
** stand once they have come on at their entry, in their order of march
** (ref. VB-ARR, BA-ARR, IN-ARR; docs/scenario.md, "Reinforcements"):
**   1) along the entry, from e0 towards e1, stands side by side in ranks as
**      wide as the segment (a point: one stand a rank, centred on it)
**   2) the first rank deepest in the table and the last with its rear on the
**      edge, each stand facing inwards
**   3) each stand's march onto the table: the distance from the edge to its
**      front, in marched[] (NULL: not wanted)
** Returns the depth of the whole group from the edge. Cannot fail. */
double gn__entry_place(const gn__scen *sc, const gn__arrival *a, const int *ids, int n, gn_box *out,
                       double *marched);
/* Ids of units whose stands lie within r of unit's stand (itself excluded). */
int gn__units_near(gn_game *g, int unit, double r, int *ids, int max);
gn_grid *gn__grid(gn_game *g);
/* Room for *n elements of size bytes, for the lists whose length the rules
** cannot bound (stands near, terrain crossed): buf (room for cap) when they
** fit, else an allocation of the game's. Out of memory, it is buf all the
** same, *n cut to cap, and the game notes it (g->evoom): the order in flight
** then fails whole with GN_ENOMEM, so a list cut short never decides
** anything. Never NULL. */
void *gn__room(const gn_game *g, void *buf, int cap, int *n, size_t size);
/* Gives back what gn__room gave for n (nothing when it gave buf). Cannot fail. */
void gn__room_free(const gn_game *g, const void *buf, void *p, int n, size_t size);
/* Every crossing of a->b with the scenario's terrain (gn_path_crossings):
** *out is buf (room for cap) or a gn__room allocation for the count
** returned, to give back with gn__room_free. Cannot fail (out of memory:
** as gn__room). */
int gn__crossings(const gn_game *g, gn_vec2 a, gn_vec2 b, gn_crossing *buf, int cap, gn_crossing **out);
/* gn__units_near, every one: *out is buf (room for cap) or a gn__room
** allocation for the count returned (gn__room_free). Cannot fail (out of
** memory: as gn__room). */
int gn__units_near_all(gn_game *g, int unit, double r, int *buf, int cap, int **out);
/* A copy of a grid, its lists in the same order (grid.c). NULL on OOM. */
gn_grid *gn__grid_clone(const gn_grid *src, const gn_allocator *a);

/* ------------------------------------------------------------ geom.c */
/* The compass bearing of an internal facing, as players read and type it
** (0 towards +y, clockwise, 0 <= result < 360, to a tenth). Cannot fail. */
double gn__compass(double radians);
/* A stand's frame: centre, unit facing f, unit left l, half depth and half
** frontage. Computed once, it spares the trigonometry of each query. */
typedef struct gn__frame { gn_vec2 c, f, l; double hd, hw; } gn__frame;
/* The frame of b. Cannot fail. */
gn__frame gn__frame_of(gn_box b);
/* gn_box_distance(a, b) from their frames: exactly the same double. Cannot fail. */
double gn__frame_distance(const gn__frame *a, const gn__frame *b);
/* The radius of the circle about the centre that holds the stand. Cannot fail. */
double gn__frame_radius(const gn__frame *fr);
/* gn__frame_distance(a, b) <= r, to the last bit, most pairs settled by the
** circles of radii ra, rb (gn__frame_radius) without it. Cannot fail. */
int gn__frame_within(const gn__frame *a, double ra, const gn__frame *b, double rb, double r);
/* gn_box_distance(a, b) <= r, the same way. Cannot fail. */
int gn__box_within(gn_box a, gn_box b, double r);

/* ------------------------------------------------------------ grid.c */
/* A filter for the grid searches below: 1 to look at stand id. */
typedef int (*gn__grid_keep)(void *ud, int id);
/* gn_grid_query for the stand of frame fr, among the ids keep accepts (all
** when NULL), asked before any distance. Cannot fail. */
int gn__grid_query_if(const gn_grid *gr, const gn__frame *fr, double r, gn__grid_keep keep,
                      void *ud, int *ids, int max);
/* The nearest stand to fr that keep accepts, edge to edge (gn_box_distance to
** the last bit; the least id at equal distances): its id and *dist, or -1 and
** INFINITY. Cannot fail. */
int gn__grid_nearest(const gn_grid *gr, const gn__frame *fr, gn__grid_keep keep, void *ud,
                     double *dist);

/* ------------------------------------------------------------ scen.c */
/* Parses a scenario text into a new gn__scen; every problem goes to the
** game's diagnostics. Loads the ruleset data too. */
int gn__scen_load(gn_game *g, const char *name, const char *text, size_t len, gn__scen **out);
void gn__scen_release(gn_game *g, gn__scen *sc);

/* ------------------------------------------------------------ dice.c */
/* A chance point: draws through the game's source, appends to the tape, and
** logs a "roll" event (unless quiet). faces receives the dice. The dice of one
** term are alike: under ENUMERATE they come sorted (one branch per set of faces,
** weighted by its orders). A rule that gives one die a meaning of its own must
** roll it as a term or a chance point of its own. A roll whose faces are not
** asked for (faces NULL) and whose face sets would be too many (20d6) is
** enumerated by its totals instead; its logged faces are then one throw that
** makes the total. */
int gn__roll(gn_game *g, const char *spec, const char *purpose, const char *ref,
             int unit, int *total, int *faces);
int gn__roll_dice(gn_game *g, const gn_dice *d, const char *purpose, const char *ref,
                  int unit, int *total, int *faces);
/* A roll that its rule reads only through a class of its faces (cls: any int
** per class, from the faces and the total), such as "the total, and whether
** two ones show": played as gn__roll; under ENUMERATE one branch per class,
** weighted by its throws, its faces one throw of the class. The classes are
** worked out once per odds run for the same spec, cls and udlen bytes of ud. */
typedef int (*gn__classfn)(const void *ud, const int *faces, int total);
int gn__roll_class(gn_game *g, const char *spec, gn__classfn cls, const void *ud, size_t udlen,
                   const char *purpose, const char *ref, int unit, int *total, int *faces);
/* How many of n (0..GN__MAXCOUNT) dice of m faces show >= target; enumerated
** as one aggregate (binomial, exact at any size) under ENUMERATE; otherwise
** rolled as chance points of at most GN_DICE_MAXDICE dice each. */
#define GN__MAXCOUNT 100000
int gn__roll_count(gn_game *g, int n, int m, int target, const char *purpose,
                   const char *ref, int unit, int *hits);
/* Under ENUMERATE only: one chance point over the total successes of groups of
** independent dice (group i: n[i] dice, each a success with weight a[i] out
** of t), for a rule that reads only that total (hits left after saves: a die
** that hits and is not saved is one success). *k receives the total. */
#define GN__MAXGROUPS 8
int gn__enum_successes(gn_game *g, int ng, const int *n, const uint64_t *a, uint64_t t, int *k);
/* Under ENUMERATE only: one chance point comparing two such totals, for a rule
** that reads only which is larger: *cmp is -1 (the first is smaller), 0, 1. */
int gn__enum_compare(gn_game *g, const int ng[2], const int *const n[2], const uint64_t *const a[2],
                     const uint64_t t[2], int *cmp);
/* 1 when chance points are being enumerated by the odds engine (not while an
** order is only checked). */
int gn__enumerating(const gn_game *g);
/* Draws one card from side's deck (reshuffled when empty). */
int gn__draw_card(gn_game *g, int side, const char *purpose, const char *ref,
                  int unit, int *card);
/* Tells the dice source what the rule needs of the chance points that follow:
** count dice or cards, each counting at need or more (a number the chance point
** itself does not carry, as for cards). Resolution calls it on its way; a
** check stopped at the next chance point reports it (gn_actions). Cannot fail. */
void gn__chance_need(gn_game *g, int need, int count);
/* What the rule needs of the next chance point (or of the whole hand that
** gn__chance_need opened), in words for the players who roll it, with the
** rule id: "4 or less to pass (ref. VB-B8)"; sides (bit s) may know it, as
** they may the numbers it holds (~0u: everyone). Written only when the dice
** come from the table (the only source that shows it); the chance point
** after it takes it (gn_chance.need). Cannot fail. */
GN_PRINTF(3, 4) void gn__chance_say(gn_game *g, unsigned sides, const char *fmt, ...);
/* 1 when the players are asked the next chance point and told what it needs
** (the table source, not a check): a rule may skip reckoning a need nobody
** reads. Cannot fail. */
int gn__chance_telling(const gn_game *g);
/* 1 while events are not kept (odds runs: gn__event fills a scratch event
** without its text): a rule may skip making a text only an event reads.
** Cannot fail. */
int gn__events_quiet(const gn_game *g);
/* Restores a full deck for a side. */
void gn__deck_reset(gn__state *st, int side);

/* ------------------------------------------------------------ odds.c */
/* Under ENUMERATE: the next choice among n outcomes of weights w[] (sum wsum).
** Returns the index of the outcome this path takes. */
int gn__enum_choose(gn_game *g, int n, const uint64_t *w, uint64_t wsum, int *choice);
/* Fills w[0..n-1] (initialised, zero) with a chance point's exact weights;
** returns 0 or a GN_E* code. */
typedef int (*gn__wfill)(const void *ud, int n, mpz_t *w);
/* Under ENUMERATE: the same for weights of any size. key names the weights
** (the same key, the same weights): fill runs once per odds run for a key. */
int gn__enum_choose_tab(gn_game *g, const uint64_t key[4], int n, gn__wfill fill, const void *ud,
                        int *choice);
/* 1 when the next gn__enum_choose replays a node of the path (its weights are
** known: w may be NULL), 0 when it meets a new one. */
int gn__enum_known(const gn_game *g);

/* What a chance point worked out once in an odds run, kept for the rest of
** it under key: NULL when absent (size receives the size). put copies the
** data; GN_ENOMEM. Outside an odds run get finds nothing and put keeps nothing. */
const void *gn__enum_memo_get(const gn_game *g, const uint64_t key[4], size_t *size);
int gn__enum_memo_put(gn_game *g, const uint64_t key[4], const void *data, size_t size);
/* 1 in a walk that merges (GN__ODDS_MERGE: the engine's own questions, whose
** runs apply the same orders) while the run has met no chance point and did
** not resume at a merge point: every run of the walk starts from the same
** state and the code up to here is the same, so what the rules work out now
** is the same in each run and may be kept for the walk (gn__enum_memo_put)
** under a key with *seq, the count of such questions earlier in this run.
** 0 in play, samples, checks and walks that do not merge (gn_odds, and a
** chain walked to compare: opts.walk). */
int gn__enum_fixed(gn_game *g, uint64_t *seq);
/*
** A merge point, inside an order, for the odds engine: the rest of the run
** depends only on the state and on nctx bytes of ctx (what the rule's code
** still holds: the hits to apply, the morale tests due; zero its padding) and
** site (a constant naming the point). Paths that reach an equal state at the
** same site with the same ctx are walked once: the first walks on, the
** others end here with GN__EMERGED (pass it up: the order is rolled back as
** on any failure). Outside an odds walk that merges (gn__odds with
** GN__ODDS_MERGE), and in play, it returns 0 and does nothing. When the walk
** allows it (GN__ODDS_BLIND), states are equal whatever their decks hold;
** a deck read later in the run then fails with GN__EBLIND (the engine walks
** again without that). Fails with GN_ENOMEM.
*/
int gn__enum_merge(gn_game *g, uint32_t site, const void *ctx, size_t nctx);
/*
** Called by a rule at the start of an order whose procedure has merge points
** (before any change or chance point): 1 when the odds engine resumes this
** run at one of them instead of replaying the order from its start. The game
** then holds the state met there, *site is the point's site, and ctx receives
** the bytes given there (at most nctx; none for a point given none): the rule
** goes on from just after that point. 0 otherwise (in play, outside a walk
** that merges, or no merge point of this order to resume at): the order runs
** from its start. A point the rule can resume at must be one where what
** follows reads only the state, site and ctx, as gn__enum_merge asks, up to
** the end of the order. Cannot fail.
*/
int gn__enum_resume(gn_game *g, uint32_t *site, void *ctx, size_t nctx);
/* Called by a rule before it reads a deck under the odds engine: GN__EBLIND
** when the run has passed a merge point that ignored the decks, else 0. */
int gn__enum_deck_read(gn_game *g);
/* gn_odds with flags: GN__ODDS_MERGE, merge points take effect (fn's outcome
** depends only on the state its order leaves, not on anything fn counts);
** GN__ODDS_BLIND, besides, fn's outcome reads no deck. */
#define GN__ODDS_MERGE 1u
#define GN__ODDS_BLIND 2u
/* With GN__ODDS_BLIND: the start state stands for states merged whatever
** their decks held (a chain's earlier order): any deck read fails. */
#define GN__ODDS_BLIND_START 4u
/* No representative run at the end: the caller keeps none of its events
** (a step of a chain of orders). */
#define GN__ODDS_NOREP 8u
/* A key of a state and whether two are the same, the decks (and the
** ruleset's globals that describe them) left out when blind. Cannot fail. */
uint64_t gn__state_key(gn_game *g, const gn__state *st, int blind);
/* n bytes at p hashed on from h, eight bytes at a time (the odds engine's
** keys, held in memory only: gn__hash_bytes is the stable, stored one).
** Cannot fail. */
uint64_t gn__key_bytes(uint64_t h, const void *p, size_t n);
/* A key of the game's units' states alone (each unit's hash kept until it
** is written). Cannot fail. */
uint64_t gn__units_key(gn_game *g);
int gn__state_same(const gn_game *g, const gn__state *a, const gn__state *b, int blind);
int gn__odds(gn_game *g, gn_outcome_fn fn, void *ud, const gn_odds_opts *opts, unsigned flags,
             gn_dist *dist);
/* The exact probability of outcome i of an exact dist, in lowest terms; NULL
** when sampled or i is out of range. Borrowed: valid until gn_dist_free. */
mpq_srcptr gn__dist_q(const gn_dist *d, int i);
/* Frees the outcome labels of the last gn_order_odds (odds_order.c). */
void gn__order_odds_clear(gn_game *g);

/* ------------------------------------------------------------ event.c */
/* snprintf, byte for byte, without printf for the conversions event texts
** use (%s %d %i %u %c %% %+d %.Nf); others go to vsnprintf. Cannot fail. */
GN_PRINTF(3, 4) int gn__snprintf(char *buf, size_t n, const char *fmt, ...);
/* Appends an event of the order in flight; text is printf-style (cut to 511
** bytes). Its units are unit and target (those >= 0); gn__event_unit adds
** more. Returns the event (to add dice with gn__event_dice and modifiers
** with gn__event_mod; it stays where it is while others are logged) or NULL
** on OOM: the game's error is set and so is g->evoom, which fails the order
** in flight whole, so a caller may go on without the event. */
GN_PRINTF(6, 7) gn_event *gn__event(gn_game *g, const char *kind, const char *ref, int unit, int target,
                    const char *fmt, ...);
/* Adds unit u to the units of e (once; u < 0 and e NULL are ignored). Cannot
** fail: out of memory, it sets g->evoom like gn__event_mod. */
void gn__event_unit(gn_game *g, gn_event *e, int u);
/* Adds a modifier to an event (at most GN_EVENT_MAXMODS). Cannot fail: when
** no memory is left for it, the game notes it (g->evoom) and the order in
** flight fails with GN_ENOMEM (the next gn__event does too). */
void gn__event_mod(gn_event *e, const char *name, int value, const char *ref);
/* The k-th last event logged (0: the last), when the order in flight logged
** it, for a rule that says afterwards what a draw meant; else NULL (an odds
** run keeps none). Cannot fail. */
gn_event *gn__event_back(gn_game *g, int k);
/* Sets the results of an event (at most GN_EVENT_MAXDICE kept): a copy in the
** game's arena. GN_ENOMEM (and g->evoom set). */
int gn__event_dice(gn_game *g, gn_event *e, const int *v, int n);
/* Events about several units at once ("stationary: I10, I11"): the text
** what, a colon and the units' codes, as many events as the codes need (an
** event's text is cut at 511 bytes); each lists its units. visible as for
** gn__event_hide (~0u: everyone). GN_ENOMEM (g->evoom set). */
int gn__event_list(gn_game *g, const char *kind, const char *ref, unsigned visible, const char *what,
                   const int *units, int n);
/* Makes an event visible only to the umpire and the listed side(s). */
void gn__event_hide(gn_event *e, unsigned sides);
void gn__events_truncate(gn_game *g, int n);
void gn__events_free(gn_game *g);
/* Copies a dice expression into the event's own block (e->spec). GN_ENOMEM
** (and g->evoom set). */
int gn__event_spec(gn_game *g, gn_event *e, const char *spec);
/* Drops every event held in memory; the next one logged is number first
** (a game resumed from a snapshot taken after first events). */
void gn__events_rebase(gn_game *g, int first);
/* Copies event i of src to the end of g's log. GN_ENOMEM. */
int gn__event_copy(gn_game *g, const gn_game *src, int i);

/* ------------------------------------------------------------ order.c */
/* Appends an order to the list without applying it (the store resuming a
** game from a snapshot). GN_ENOMEM, nothing appended. */
int gn__order_record(gn_game *g, const char *text, gn_dice_mode mode, const int *tape,
                     int ntape, int nchance);
/* Drops the orders from n on (their arena space is reused). Cannot fail. */
void gn__orders_truncate(gn_game *g, int n);
/* Frees the orders and their arena. Cannot fail. */
void gn__orders_free(gn_game *g);
/* The ruleset's verbs, "fire, move, ..." into buf (cut at size), for a
** message that lists the valid words. Returns buf. Cannot fail. */
const char *gn__verb_list(const gn_game *g, char *buf, size_t size);
/* Refuses an order: sets the message "refused (ref. ID): ..." and returns GN_EREFUSED. */
GN_PRINTF(3, 4) int gn__refuse(gn_game *g, const char *ref, const char *fmt, ...);
GN_PRINTF(4, 5) int gn__syntax(gn_game *g, const gn__args *a, int tok, const char *fmt, ...);
/* Argument helpers: each returns 0 or GN_ESYNTAX (with message). */
int gn__arg_unit(gn_game *g, const gn__args *a, int tok, int *unit);
int gn__arg_int(gn_game *g, const gn__args *a, int tok, int *v);
int gn__arg_num(gn_game *g, const gn__args *a, int tok, double *v);
int gn__arg_point(gn_game *g, const gn__args *a, int tok, gn_vec2 *p);  /* "x,y" */
int gn__arg_is(const gn__args *a, int tok, const char *word);          /* 1 if matches */

/* Where a move told as players make it takes a stand (the words of an order
** from tok on; b is the stand now). Angles are compass degrees (0 north, 90
** east; positive turns to the right), as in scenario files:
**   to X,Y [facing DEG]       that point; facing kept unless given (hasf)
**   towards X,Y [facing DEG]  the same point with towards set: the ruleset
**                             goes as far along the line as its move allows
**   advance N, retire N       N straight ahead, or N back with the facing kept
**   wheel DEG                 about its front corner on the side it wheels to;
**                             arc is the distance the other front corner goes
**   turn DEG                  about its centre, in place
** GN_ESYNTAX (message set) for anything else. */
typedef struct gn__dest {
  gn_vec2 to;
  int hasf; double facing;    /* radians, when hasf */
  int towards;                /* 1: as far as the move allows towards `to` */
  double arc;                 /* a wheel: the outer front corner's arc, else 0 */
  const char *how;            /* "to", "towards", "advance", "retire", "wheel", "turn" */
} gn__dest;
int gn__arg_dest(gn_game *g, const gn__args *a, int tok, gn_box b, gn__dest *d);
/* The furthest point of the segment from -> to (a fraction t in 0..1) whose
** cost fits: cost(ud, point) is non-decreasing along it; 0 when even a step
** costs too much. Cannot fail. */
double gn__furthest(gn_vec2 from, gn_vec2 to, double (*cost)(void *ud, gn_vec2 p), void *ud, double fits);

/* ------------------------------------------------------------ snapshot.c */
/* The state as portable bytes (malloc'd: free()). GN_ESTATE, GN_ENOMEM. */
int gn__snapshot_write(const gn_game *g, unsigned char **out, size_t *len);
/* Sets the state from such bytes. GN_ECORRUPT (message set); the state is
** then not to be trusted: discard the game. */
int gn__snapshot_read(gn_game *g, const void *data, size_t len);

/* ------------------------------------------------------------ store.c */
/* What store_play.c and store_batch.c share with store.c: the connection,
** the file's name, and the store's message. */
struct sqlite3;
struct sqlite3 *gn__store_db(gn_store *st);
const char *gn__store_path(const gn_store *st);
/* 0, or GN_ESTORE (message set) when the store was opened for reading only. */
int gn__store_writable(gn_store *st);
/* GN_ESTORE with "PATH: what: SQLite's reason" (plain words for a read-only file). */
int gn__store_dberr(gn_store *st, const char *what);
/* Sets the store's message and returns err. */
GN_PRINTF(3, 4) int gn__store_fail(gn_store *st, int err, const char *fmt, ...);
/* store_play.c: adds a session note inside the caller's transaction (the
** notes table made if missing). 0, or GN_ESTORE with the message set. */
int gn__store_note_add(gn_store *st, const char *game, int orders, const char *kind, const char *text);

/* ------------------------------------------------------------ hash.c */
uint64_t gn__hash_bytes(uint64_t h, const void *p, size_t n);
uint64_t gn__state_hash(const gn_game *g);

#endif /* GN_CORE_H */
