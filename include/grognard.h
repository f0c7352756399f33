/*
** grognard.h: the one public header of libgrognard, a rules engine and computer
** moderator for horse-and-musket miniature wargames.
**
** Conventions, declared once:
**   - distances are in the ruleset's table unit (inches for V&B and Inradic,
**     centimetres for Belle Alliance); angles are radians, counter-clockwise
**     from +x; a facing is the direction the front of a stand points to;
**   - time is counted in turns (V&B hours, Belle Alliance bounds);
**   - units, sides and formations are referred to by integer index, never by
**     pointer; returned pointers are borrowed, const, and valid until the next
**     call that changes the game;
**   - functions return 0 (GN_OK) or a negative GN_E* code; the detail of the
**     last failure is in gn_errmsg(game);
**   - the library never prints, never exits, keeps no globals and reads no clock.
*/
#ifndef GROGNARD_H
#define GROGNARD_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define GN_VERSION_MAJOR 0
#define GN_VERSION_MINOR 2
#define GN_VERSION_PATCH 0
#define GN_VERSION "0.2.0"

/* GN_PRINTF(f, a) before a declaration: the function formats like printf, its
** format string is argument f and the values start at argument a (0 for a
** va_list), so the compiler checks every call. Empty where not supported. */
#if defined(__GNUC__) || defined(__clang__)
#define GN_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define GN_PRINTF(f, a)
#endif

/* Returns GN_VERSION of the library actually linked. This function cannot fail. */
const char *gn_version(void);

/* ---------------------------------------------------------------------------
** Errors (one list; it also generates gn_strerror). ORDER: values are stable.
*/
#define GN_ERRNO_MAP(X)                                                     \
  X(NOMEM,    -1,  "out of memory")                                         \
  X(INVAL,    -2,  "invalid argument")                                      \
  X(IO,       -3,  "input/output error")                                    \
  X(PARSE,    -4,  "malformed file")                                        \
  X(SCENARIO, -5,  "invalid scenario")                                      \
  X(DATA,     -6,  "invalid ruleset data")                                  \
  X(RULESET,  -7,  "unknown ruleset")                                       \
  X(SYNTAX,   -8,  "order not understood")                                  \
  X(REFUSED,  -9,  "order refused by the rules")                            \
  X(DICE,     -10, "impossible dice result")                                \
  X(NODICE,   -11, "no dice left in the script")                            \
  X(ABORTED,  -12, "aborted by the dice source")                            \
  X(STATE,    -13, "not possible in the game's present state")              \
  X(NOTFOUND, -14, "not found")                                             \
  X(STORE,    -15, "game store error")                                      \
  X(VERSION,  -16, "store schema version mismatch")                         \
  X(CORRUPT,  -17, "corrupt game")                                          \
  X(DIVERGED, -18, "replay diverged from the recorded state hash")          \
  X(TOOBIG,   -19, "too many outcomes to enumerate")                        \
  X(LIMIT,    -20, "a built-in limit was exceeded")

#define GN__ERRDEF(name, val, msg) GN_E##name = (val),
typedef enum gn_err { GN_OK = 0, GN_ERRNO_MAP(GN__ERRDEF) GN__ELAST } gn_err;
#undef GN__ERRDEF

/* A short English text for an error code; unknown codes give "unknown error". Cannot fail. */
const char *gn_strerror(int err);

/* ---------------------------------------------------------------------------
** Memory. One realloc-style hook (as in Lua): nsize 0 frees and returns NULL.
** Everything a game owns goes through it. What the library hands over to the
** caller (the strings below, a gn_dist's outcomes, a gn_store) comes from the
** C library's malloc instead, so that it may outlive the game it came from
** (and JSON is written by jansson, whose allocator is process-wide): free it
** with gn_string_free, gn_dist_free, gn_store_close.
*/
typedef struct gn_allocator {
  void *(*realloc)(void *ud, void *ptr, size_t osize, size_t nsize);
  void *ud;
} gn_allocator;

/* Frees a string the library returned as owned by the caller (JSON, text). NULL is fine. */
void gn_string_free(char *s);

/* ---------------------------------------------------------------------------
** Geometry (design decision 8). Pure functions of their arguments.
*/
typedef struct gn_vec2 { double x, y; } gn_vec2;

/* A stand: an oriented rectangle. c is the centre, w the frontage (length of
** the front edge), d the depth, facing the direction the front edge looks to. */
typedef struct gn_box { gn_vec2 c; double w, d, facing; } gn_box;

/* Arcs are cut by the stand's two diagonals, extended: the front arc holds the
** front edge, the rear arc the rear edge, the flanks the side edges. */
typedef enum gn_arc { GN_ARC_FRONT, GN_ARC_LEFT, GN_ARC_RIGHT, GN_ARC_REAR } gn_arc;

/* Tolerance under which two edges count as touching (table units). */
#define GN_CONTACT_EPS 1e-6

/* Corners: front-left, front-right, rear-right, rear-left. Cannot fail. */
void gn_box_corners(gn_box b, gn_vec2 out[4]);
/* Edge-to-edge distance between two stands, 0 when they touch or overlap. */
double gn_box_distance(gn_box a, gn_box b);
/* Distance from a point to a stand's nearest edge, 0 inside. */
double gn_point_box_distance(gn_vec2 p, gn_box b);
/* 1 when the interiors overlap by more than GN_CONTACT_EPS, else 0. */
int gn_box_overlap(gn_box a, gn_box b);
/* 1 when the stands touch (distance <= GN_CONTACT_EPS) without overlapping. */
int gn_box_contact(gn_box a, gn_box b);
/* Which arc of b the point p lies in (the centre itself counts as front). */
gn_arc gn_box_arc(gn_box b, gn_vec2 p);
/* 1 when stand t lies in arc of b: its centre or one of its corners does
** (gn_box_arc); else 0. Cannot fail. */
int gn_box_in_arc(gn_box b, gn_arc arc, gn_box t);
/* The point at the middle of the front edge. */
gn_vec2 gn_box_front(gn_box b);

/* Terrain features: areas (closed polygons) and lines (open polylines). */
typedef enum gn_shape { GN_SHAPE_AREA, GN_SHAPE_LINE } gn_shape;
#define GN_FEAT_BLOCKS_LOS 1u   /* an area that blocks sight through it */
typedef struct gn_feature {
  int kind;                 /* ruleset's terrain kind index */
  gn_shape shape;
  unsigned flags;           /* GN_FEAT_* */
  int npts;
  const gn_vec2 *pts;
} gn_feature;

/* 1 when p lies inside an area feature (boundary counts), or within
** GN_CONTACT_EPS of a line feature. */
int gn_feature_contains(const gn_feature *f, gn_vec2 p);

/* Result of a line-of-sight trace from a to b. */
typedef struct gn_los {
  int visible;        /* 1 when nothing blocks */
  int feature;        /* index of the blocking feature, or -1 */
  int box;            /* index of the blocking stand, or -1 */
  double fraction;    /* 0..1 along a->b where the first blocker is met; 1 if visible */
} gn_los;

/* Traces sight from a to b through area features flagged GN_FEAT_BLOCKS_LOS
** (a segment that only touches a boundary, or starts or ends inside the
** feature, is not blocked by it) and through stands (any crossing of a stand's
** interior blocks; stands skip1 and skip2, e.g. the firer and the target, are
** ignored; pass -1 to skip none). Cannot fail. */
gn_los gn_los_trace(gn_vec2 a, gn_vec2 b, const gn_feature *f, int nf,
                    const gn_box *boxes, int nb, int skip1, int skip2);

/* One terrain crossing of a path: for areas the stretch [t_in, t_out] of the
** segment inside it; for lines the point t_in == t_out where it is crossed. */
typedef struct gn_crossing { int feature; double t_in, t_out; } gn_crossing;

/* The crossings of segment a->b, sorted by t_in then feature index. Writes at
** most max entries and returns how many there are in all. Cannot fail. */
int gn_path_crossings(gn_vec2 a, gn_vec2 b, const gn_feature *f, int nf,
                      gn_crossing *out, int max);

/* A uniform grid over the table, holding stands by id, so that range and
** contact queries cost near O(1) per stand. */
typedef struct gn_grid gn_grid;
/* NULL only when out of memory. a may be NULL (the C library's allocator). */
gn_grid *gn_grid_new(const gn_allocator *a, double width, double height, double cell);
void gn_grid_free(gn_grid *gr);
/* Insert stand id (>= 0) or move it. Returns GN_ENOMEM or GN_EINVAL. */
int gn_grid_set(gn_grid *gr, int id, gn_box b);
void gn_grid_remove(gn_grid *gr, int id);
/* Ids of the stands whose edge-to-edge distance to b is <= r (exact test),
** in ascending order; writes at most max, returns the full count. */
int gn_grid_query(const gn_grid *gr, gn_box b, double r, int *ids, int max);

/* ---------------------------------------------------------------------------
** Dice expressions and chance points (design decision 3).
**
** A dice expression is a sum of terms: NdM (N >= 1 dice of M >= 2 faces, "d6"
** means 1d6), constants, with + and -: "3d6", "d10+d4", "2d6-1", "d5".
*/
#define GN_DICE_MAXTERMS 8
#define GN_DICE_MAXDICE 64
typedef struct gn_dice {
  int nterms;
  struct { int count, sides, sign; } term[GN_DICE_MAXTERMS];  /* sign +1/-1 */
  int constant;
  int ndice;                /* sum of the counts */
} gn_dice;

/* Parses text into d. Returns GN_ESYNTAX with a message in err (may be NULL)
** naming the column. */
int gn_dice_parse(const char *text, gn_dice *d, char *err, size_t errlen);
/* Writes the canonical text of d ("3d6", "d10+d4") into buf, cut to len - 1
** characters, and returns its whole length (as snprintf); len 0 writes nothing. */
int gn_dice_format(const gn_dice *d, char *buf, size_t len);
/* The smallest and largest totals. Cannot fail. */
int gn_dice_min(const gn_dice *d);
int gn_dice_max(const gn_dice *d);

/* The project's random generator: xoshiro256** seeded through splitmix64. Its
** stream never changes: saved games replay identically forever. */
typedef struct gn_rng { uint64_t s[4]; } gn_rng;
void gn_rng_seed(gn_rng *r, uint64_t seed);
uint64_t gn_rng_next(gn_rng *r);
/* Uniform in [0, n), n >= 1, without modulo bias. */
uint32_t gn_rng_below(gn_rng *r, uint32_t n);
/* splitmix64 of (master, i): the seed of replication i of a batch. */
uint64_t gn_seed_child(uint64_t master, uint64_t i);

/* What a chance point asks for. */
typedef enum gn_chance_kind {
  GN_CHANCE_DICE,   /* a dice expression; faces in order of the terms */
  GN_CHANCE_COUNT,  /* n dice of m faces, only the number showing >= target matters */
  GN_CHANCE_CARD    /* one card from a side's deck */
} gn_chance_kind;

typedef struct gn_chance {
  gn_chance_kind kind;
  const char *spec;       /* the dice expression as text ("3d6"); "card" for cards */
  const char *purpose;    /* "fire of 1/II against 2/III", for people */
  const char *ref;        /* rule id, "VB-38" */
  int unit;               /* unit concerned, or -1 */
  gn_dice dice;           /* for DICE and COUNT (COUNT: one term) */
  int target;             /* COUNT: a die showing >= target counts */
  int side;               /* CARD: whose deck */
  /* Filled for the table source (NULL and 0 for the others): what the rule
  ** needs of this draw, as the rules code reckons it, said before the roll. */
  const char *need;       /* "4 or less to pass (ref. VB-B8)", or NULL when the rule gives none */
  unsigned visible;       /* the sides that may know what it needs (bit s); the umpire does */
  int index, count;       /* one of a hand of count draws for one resolution ("card 3 of 7",
                          ** index from 1); 0 and 0 when it is drawn alone */
} gn_chance;

/* A card: 0..51, rank = card % 13 + 1 (1 ace .. 13 king), suit = card / 13. */
#define GN_CARD_RANK(c) ((c) % 13 + 1)
#define GN_CARD_SUIT(c) ((c) / 13)

typedef enum gn_dice_mode {
  GN_DICE_RNG,        /* the game's own generator */
  GN_DICE_SCRIPT,     /* given results, in order */
  GN_DICE_TABLE,      /* players roll real dice and type them */
  GN_DICE_ENUMERATE   /* the odds engine walks every outcome */
} gn_dice_mode;

typedef struct gn_game gn_game;

/* A COUNT chance point may be answered by its count of hits alone, as the
** players typed it ("2 hits"), instead of every die's face: the one value
** GN_DICE_HITS(k), which the order's tape keeps as it is (no faces are made
** up for it). GN_DICE_HITS_OF reads k back. Faces and cards are never
** negative, so the two cannot be mistaken. */
#define GN_DICE_HITS(k) (-1 - (k))
#define GN_DICE_HITS_OF(v) (-1 - (v))

/* The table dice source: called once per chance point. Write the faces (one
** per die, in term order; for a card, its number 0..51; for a COUNT, the
** faces or GN_DICE_HITS(k) in faces[0]) into faces and return
** 0, or return a negative code to abort the order (it is then not applied).
** refusal is NULL on the first call; when the engine refused the last answer
** it calls again with the reason ("a d6 cannot show 7"). */
typedef int (*gn_table_fn)(void *ud, const gn_chance *c, const char *refusal, int *faces);

/* Select the dice source. RNG is the default after gn_game_start. */
int gn_dice_use_rng(gn_game *g);
/* Append results to the script (faces of dice, in order; for a COUNT chance
** point the individual dice too, or its count as the one value
** GN_DICE_HITS(k); for cards the card number) and select it.
** A result that a chance point cannot show is refused then (GN_EDICE). */
int gn_dice_script(gn_game *g, const int *faces, int n);
int gn_dice_use_table(gn_game *g, gn_table_fn fn, void *ud);
gn_dice_mode gn_dice_mode_get(const gn_game *g);
/* Results left in the script. */
int gn_dice_script_left(const gn_game *g);

/* Roll a dice expression at a chance point, through the game's source, and log
** it. faces may be NULL; else it receives d.ndice values. *total receives the sum.
** Under gn_odds a roll without faces may be enumerated by its totals alone.
** Fails with GN_ESYNTAX (bad spec), GN_EDICE / GN_ENODICE / GN_EABORTED from
** the source. */
int gn_roll(gn_game *g, const char *spec, const char *purpose, const char *ref,
            int *total, int *faces);

/* How many of n dice (0..100000) of `sides` faces show >= target, as count
** chance points (GN_CHANCE_COUNT) of at most GN_DICE_MAXDICE dice each; under
** gn_odds, one exact aggregate over 0..n whatever n. Fails as gn_roll, or
** with GN_EINVAL for a bad count. */
int gn_roll_count(gn_game *g, int n, int sides, int target, const char *purpose, const char *ref,
                  int *hits);

/* ---------------------------------------------------------------------------
** Exact odds (decision 3): run fn again and again under the enumerate source,
** once per path through its chance points, and collect the outcome each path
** gives with its exact probability. The game is restored after each run.
*/
typedef int (*gn_outcome_fn)(gn_game *g, void *ud, int64_t *outcome);

typedef struct gn_outcome {
  int64_t value;
  double p;               /* probability (exact: the nearest double to the exact fraction) */
  uint64_t num, den;      /* the exact fraction num/den when both fit in 64 bits; else den = 0;
                          ** any size: gn_dist_frac */
  double lo, hi;          /* 95% Wilson interval (Monte Carlo); = p when exact */
  int rounded;            /* 1 when p is not exactly the probability (rounded, or sampled) */
} gn_outcome;

typedef struct gn_dist {
  int exact;              /* 1 enumerated, 0 Monte Carlo */
  int n;                  /* outcomes, sorted by value */
  gn_outcome *o;          /* owned: gn_dist_free */
  uint64_t leaves;        /* paths walked (exact) */
  uint64_t runs;          /* runs (Monte Carlo) */
  double mean, stdev;
  double est_leaves;      /* the paths estimated before walking (0: not estimated) */
  char why[192];          /* Monte Carlo: why no exact answer ("" when exact) */
  struct gn__dist_exact *x;   /* the library's: the exact fractions (gn_dist_frac) */
} gn_dist;

typedef struct gn_odds_opts {
  uint64_t max_leaves;    /* bound on the outcome tree; 0 = 1,000,000 */
  uint64_t runs;          /* Monte Carlo runs when the bound is passed; 0 = 100,000 */
  uint64_t seed;          /* Monte Carlo seed */
  int force_mc;           /* 1: sample even if enumerable */
  int walk;               /* 1: a chain of orders walked path by path, equal states
                          ** not merged at the orders' boundaries (to compare) */
} gn_odds_opts;

/* Fills dist. Every probability of an exact result is a fraction of any size
** (gn_dist_frac). A few random descents estimate the tree first; it falls
** back to seeded Monte Carlo when the estimate or the walk passes max_leaves,
** or when a chance point cannot be enumerated (dist->exact = 0, the reason in
** dist->why). Fails with fn's error, or GN_ENOMEM. */
int gn_odds(gn_game *g, gn_outcome_fn fn, void *ud, const gn_odds_opts *opts, gn_dist *dist);
void gn_dist_free(gn_dist *d);
/* The exact probability of outcome i of an exact dist, "num/den" in lowest
** terms, any size (thousands of digits for hundreds of dice). Written out on
** the first call for i, then kept by the dist: the pointer is valid until
** gn_dist_free. Since the first call writes into the dist, two threads must
** not ask one dist at once. NULL when the dist was sampled, i is out of range,
** or out of memory. */
const char *gn_dist_frac(const gn_dist *d, int i);
/* P(outcome <= v) and P(outcome >= v). */
double gn_dist_at_most(const gn_dist *d, int64_t v);
double gn_dist_at_least(const gn_dist *d, int64_t v);
/* The 95% Wilson score interval of a rate of k successes in n trials (k <= n),
** into [*lo, *hi]: the interval gn_outcome gives a sampled probability, and the
** one a batch of battles gives each result (gn_sim_*). [0, 1] when n is 0.
** This function cannot fail. */
void gn_wilson(uint64_t k, uint64_t n, double *lo, double *hi);

/* ---------------------------------------------------------------------------
** Games: scenario + ruleset data + seed + orders (decision 2).
*/

/* A new, empty game. a may be NULL. NULL only when out of memory. */
gn_game *gn_game_new(const gn_allocator *a);
/* Releases the game and everything it owns. NULL is fine. */
void gn_game_free(gn_game *g);
/* The detail of the last failure ("scn.yaml:14:7: unknown unit type 'infnatry'"),
** or "" when there was none. Never NULL for a non-NULL game. */
const char *gn_errmsg(const gn_game *g);

/* Where ruleset data files are read from (data/rulesets/<id>/NAME.yaml). Without
** it, the data built into the library is used. */
int gn_game_set_data_dir(gn_game *g, const char *dir);

/* Loads a scenario (YAML text; name is used in messages). On failure every
** problem found is kept as a diagnostic, and the game stays empty. */
int gn_game_load(gn_game *g, const char *name, const char *text, size_t len);
int gn_game_load_file(gn_game *g, const char *path);
/* Diagnostics of the last load ("file:line:col: message"). */
int gn_diag_count(const gn_game *g);
/* A designer's warnings on a game just started (no order yet), problems that
** do not stop it: stands that overlap, units out of command at the start (a
** ruleset that has command), reinforcements entering into an enemy stand,
** units that cannot move at all, objectives no unit can reach in the turns
** the scenario gives. Each is one line in gn_diag, "file:line:col: warning:
** ...", unit by unit, then the objectives. Returns their count; GN_ESTATE
** when the game is not started or has orders, GN_ENOMEM. */
int gn_game_warnings(gn_game *g);
const char *gn_diag(const gn_game *g, int i);

/* Loads only a ruleset's data, with no scenario: enough for the standalone
** odds checks. GN_ERULESET when unknown, GN_EDATA on bad data. */
int gn_game_use_ruleset(gn_game *g, const char *ruleset);
/* One number of the ruleset data the game was set up with
** (the files of data/rulesets/ID, e.g. "melee.dice.max"); a list gives its first.
** GN_ENOTFOUND when the key is missing. For commanders and tools that
** reckon as the rules do without copying their numbers. */
int gn_data_number(const gn_game *g, const char *key, double *out);

/* One value of the ruleset data the game plays with, borrowed from the game
** (valid until its scenario is unloaded). provenance is "seed", "published",
** "default" (the data files' labels) or "scenario" (the scenario's `values:`
** replaced it); ref is the rule id it belongs to; note may be NULL. */
typedef struct gn_datum_info {
  const char *key;
  int n;                   /* count of numbers, 1 or more */
  const double *v;
  const char *provenance;
  const char *ref;
  const char *note;
  const char *file; int line;   /* where it is written */
} gn_datum_info;
/* Where a modifier or table value of rule id `ref` comes from in this game:
** the provenance every data value of that rule shares ("seed", "published",
** "default", "scenario"); when they differ, that of the values holding the
** number `value` if they agree, else "mixed"; a rule with no data value: the
** rules index's provenance of the rule. NULL for an empty or unknown id.
** Cannot fail. */
const char *gn_ref_provenance(const gn_game *g, const char *ref, int value);
/* Count of the data values (0 with no scenario or ruleset loaded). Cannot fail. */
int gn_data_count(const gn_game *g);
/* The i-th value in key order. GN_ENOTFOUND when i is out of range. */
int gn_data_get(const gn_game *g, int i, gn_datum_info *out);

/* Sets up the loaded scenario for play and seeds the generator. GN_ESTATE if
** no scenario is loaded or the game has already started. */
int gn_game_start(gn_game *g, uint64_t seed);

/* A deep copy of the whole game (state, log, dice source); NULL on OOM. */
gn_game *gn_game_clone(const gn_game *g);

uint64_t gn_game_seed(const gn_game *g);
const char *gn_game_ruleset(const gn_game *g);      /* "vb", "ba", "inradic" */
const char *gn_game_scenario_name(const gn_game *g);
/* The name the scenario was loaded under (gn_game_load's name, or the path),
** which its messages begin with; NULL before a scenario is loaded. */
const char *gn_game_scenario_file(const gn_game *g);
const char *gn_game_scenario_text(const gn_game *g, size_t *len);
int gn_game_turn(const gn_game *g);                  /* 1-based */
int gn_game_turn_limit(const gn_game *g);
const char *gn_game_phase(const gn_game *g);         /* ruleset's phase name */
int gn_game_active_side(const gn_game *g);           /* -1 when simultaneous */
/* A text returned by value: the query writes nothing in the game, and the
** text lives as long as the struct (in a call's argument, to the end of the
** full expression: printf("%s\n", gn_game_clock(g).text)). */
#define GN_TEXT_MAX 256
typedef struct gn_text { char text[GN_TEXT_MAX]; } gn_text;
gn_text gn_game_clock(const gn_game *g);             /* "18 June 1815, 9 a.m." */
/* The time of the present turn (or bound) by the ruleset's clock, in minutes
** after midnight of the scenario's first day (day 2 at 7 a.m. is 1,860); the
** starting hour before the game starts; -1 when the ruleset keeps no time of
** day (Inradic: its turns have none) or no scenario is loaded. Cannot fail. */
int gn_game_minute(const gn_game *g);
/* A time as designers write it, read against the scenario's calendar, into
** *minute (as gn_game_minute counts): a time of day ("7 p.m.", "7:30 a.m.",
** "19:00", "noon") on the first day, or after a day and a comma: "day 2,
** 7 p.m." or a date of the battle "19 June 1815, 7 p.m." (the month may be
** cut to three letters). GN_ESYNTAX with the valid forms in err; GN_ESTATE
** when no scenario is loaded or its ruleset keeps no time of day; GN_EINVAL. */
int gn_game_clock_parse(const gn_game *g, const char *text, int *minute, char *err, size_t errlen);
int gn_game_over(const gn_game *g);                  /* 1 when the game has ended */
/* In a phase every side plays at once (gn_game_active_side -1): 1 when side
** has ended its part and waits for the others (a Belle Alliance side ready,
** its written orders final; a V&B side that has ended its night or its
** recovery), as its `end SIDE` left it; else 0, and 0 for a bad side.
** Cannot fail. */
int gn_side_done(const gn_game *g, int side);
/* Orders applied so far. */
int gn_game_order_count(const gn_game *g);
const char *gn_game_order_text(const gn_game *g, int i);
/* How many dice, counts or cards order i drew (0: it met no chance point). */
int gn_game_order_chances(const gn_game *g, int i);
/* The ruleset's table unit: "in" or "cm" ("" without a scenario). */
const char *gn_game_unit(const gn_game *g);

/* Terrain features of the scenario. */
int gn_terrain_count(const gn_game *g);
/* Feature i (its points are borrowed), its scenario id and its kind's name. */
int gn_terrain_get(const gn_game *g, int i, gn_feature *f, const char **id, const char **kind);

/* A 64-bit hash of the whole game state (units, clock, decks, generator); the
** same inputs give the same hash on every build. Cannot fail. */
uint64_t gn_game_hash(const gn_game *g);

/* ---------------------------------------------------------------------------
** Sides, formations and units.
*/
#define GN_UMPIRE (-1)     /* the viewer who sees everything */

int gn_side_count(const gn_game *g);
const char *gn_side_id(const gn_game *g, int side);
const char *gn_side_name(const gn_game *g, int side);
/* The side's commander as the scenario writes it (`ai:`), NULL when it names
** none or side is not a side of g; *line and *col (either may be NULL) get
** where it stands in the file (0 when NULL is returned). */
const char *gn_side_commander(const gn_game *g, int side, int *line, int *col);
/* Side index by id or name; GN_ENOTFOUND. */
int gn_side_find(const gn_game *g, const char *id);

typedef enum gn_echelon { GN_ARMY, GN_CORPS, GN_DIVISION, GN_BRIGADE } gn_echelon;
int gn_formation_count(const gn_game *g);
typedef struct gn_formation_info {
  const char *id, *name;
  gn_echelon echelon;
  int side;
  int parent;       /* formation index, -1 at the top */
  int leader;       /* unit index of its commander, or -1 */
} gn_formation_info;
int gn_formation_get(const gn_game *g, int f, gn_formation_info *out);
/* The formation's plan as the scenario writes it (`plan:`, the AI's tasks
** for it: docs/scenario.md), NULL when it has none or f is not a formation
** of g; *line and *col (either may be NULL) get where it stands in the file
** (0 when NULL is returned). The library keeps the text; the AI reads it. */
const char *gn_formation_plan(const gn_game *g, int f, int *line, int *col);

int gn_unit_count(const gn_game *g);
/* Unit index by scenario id or short code (case-insensitive); GN_ENOTFOUND. */
int gn_unit_find(const gn_game *g, const char *id_or_code);

/* What a viewer may know of a unit. Fields it may not know are -1 (numbers)
** or NULL (text); known is 0 when the viewer sees nothing of the unit. */
typedef struct gn_unit_view {
  int known;
  const char *id, *code, *name, *type;
  int side;
  int formation;        /* index, -1 if none */
  gn_box box;
  int strength;         /* SP or figures as this viewer sees them, -1 unknown */
  int strength0;        /* at the start */
  int removed;          /* 1 when off the table (destroyed, routed away, or not yet come on) */
  int arrives;          /* a reinforcement not yet on the table: the turn it is due (its own
                           side and the umpire know it; the enemy sees 0); else 0. For an
                           arrival by the clock, the first turn it may come on (2) */
  int arrives_clock;    /* an arrival by the clock: its time in minutes after midnight of the
                           battle's first day (day 2 at 7 a.m. is 1,860), known as arrives; else 0 */
  int melee;            /* the dice the unit brings to a melee now as this viewer may know them
                           (V&B, ref. VB-B11: a stand's SP up to melee.dice.max, the fixed dice
                           of skirmishers and guns, none routed); -1 unknown (an enemy's SP
                           hidden), off the table, before the start, or where the ruleset
                           counts none */
  int rating;           /* a leader's rating as the scenario's `rating` names it: GN_RATING_*;
                           -1 for a unit that is no rated leader or whose rating the viewer may
                           not know (the ruleset says who may: docs/scenario.md) */
  double command_radius;  /* the reach of a leader's command, in table units, his rating
                           counted (V&B command, Belle Alliance staff command, Inradic staff
                           officers and generals); -1 when he has none or the viewer may not
                           know it */
  char status[GN_TEXT_MAX];   /* the ruleset's short status text ("disordered, stationary"),
                                 held in the view itself: it stays as long as the view */
} gn_unit_view;
/* A leader's rating (gn_unit_view.rating), in the order of the scenario's
** names: average, poor, good, excellent. */
enum { GN_RATING_AVERAGE, GN_RATING_POOR, GN_RATING_GOOD, GN_RATING_EXCELLENT, GN_RATING_COUNT };
/* The scenario's name of rating r ("good"); NULL when r is no rating. */
const char *gn_rating_name(int r);
int gn_unit_view_get(const gn_game *g, int unit, int viewer, gn_unit_view *out);
/* A named attribute of the unit's ruleset schema ("morale", "valour"), as this
** viewer may know it. GN_ENOTFOUND (no such attribute) or GN_ESTATE (hidden). */
int gn_unit_attr(const gn_game *g, int unit, int viewer, const char *name, int *value);
/* The men that n of the unit's strength points (or figures) stand for, by
** the ruleset's scale and the unit's arm (V&B, ref. VB-72 and data
** scale.men_per_sp.ARM, scale.men_per_casualty.ARM): present in the ranks
** when lost is 0, lost as casualties when lost is 1; 0 for a leader. -1 when
** the ruleset's scale gives no men or the unit is unknown. Cannot fail. */
int gn_unit_men(const gn_game *g, int unit, int n, int lost);
/* Edge-to-edge distance between two units' stands. */
double gn_unit_distance(const gn_game *g, int a, int b);
/* Line of sight between two units' centres: the one the rules of every
** ruleset use. Blocked by terrain whose kind blocks sight and by the other
** stands on the table that the ruleset says screen (V&B: not leaders, as its
** data sight.leaders_block and sight.skirmishers_block say). Cannot fail. */
gn_los gn_unit_los(const gn_game *g, int a, int b);

/* The state as JSON for a viewer (units, clock, objectives); owned by the
** caller (gn_string_free). NULL only when out of memory. */
char *gn_state_json(const gn_game *g, int viewer);
/* The state as text for a viewer. */
char *gn_state_text(const gn_game *g, int viewer);

/* ---------------------------------------------------------------------------
** Orders and events (decision 7).
**
** An order is text a player can type ("fire 1/II at 3/IV", "move 2/I to 10,14",
** "end"). It applies whole or not at all: on refusal the state is untouched.
*/

/* Applies an order. GN_ESYNTAX (not understood) and GN_EREFUSED (the rules
** forbid it; gn_errmsg names the rule id) leave the game untouched; so do dice
** source failures. */
int gn_order_apply(gn_game *g, const char *text);
/* Would the order be accepted now? Same codes, changes nothing, rolls nothing. */
int gn_order_check(gn_game *g, const char *text);
/* The rule id of the last refusal, or NULL. */
const char *gn_refusal_ref(const gn_game *g);
/* The order words this ruleset understands, for help and completion. */
int gn_order_verb_count(const gn_game *g);
const char *gn_order_verb(const gn_game *g, int i);      /* NULL out of range */
/* One line of help for a verb, or NULL. */
const char *gn_order_help(const gn_game *g, const char *verb);

/* A modifier applied to a resolution. */
typedef struct gn_mod { const char *name; int value; const char *ref; } gn_mod;

#define GN_EVENT_MAXDICE 64     /* at most this many results and modifiers on one event */
#define GN_EVENT_MAXMODS 16
/* An event of the log. Its strings, dice, modifiers and units are held by the
** game (borrowed, like the event): e->dice[k] for k < e->ndice, e->mods[k] for
** k < e->nmods, e->units[k] for k < e->nunits. Every change an order makes to
** a unit (place, facing, strength, figures and roles, formation, disorder,
** rout, rest, supplies, valour, removal) is told by an event of that order
** whose units list the unit and whose text names it; a roll event lists the
** unit it is rolled for. A change the enemy may not know is told in an event
** only the owner sees (and, where the enemy sees that something happened, in
** another without the hidden number). */
typedef struct gn_event {
  int seq;                 /* 0-based over the game */
  int order;               /* index of the order that caused it */
  int turn;
  const char *phase;
  const char *kind;        /* "roll", "fire", "morale", "move", "rout"... */
  const char *ref;         /* rule id or "" */
  int unit, target;        /* unit indices or -1 */
  int nunits;              /* the units the event concerns: every unit whose state it */
  const int *units;        /* changed, and the one acting; unit and target come first */
  unsigned visible;        /* bit s: side s may see it; the umpire sees all */
  const char *text;        /* one line for people */
  const char *spec;        /* dice expression of a roll, or "" */
  int ndice;
  int total;
  const int *dice;         /* ndice results (faces, or the card drawn) */
  int nmods;
  const gn_mod *mods;      /* nmods modifiers */
} gn_event;

/* Events are numbered from 0, the first of the game's start. */
int gn_event_count(const gn_game *g);
/* The first event held in memory: 0, unless the game was resumed from a
** snapshot (gn_store_resume), which keeps only the events of the orders
** replayed after it (at least those of the phase now and the one before);
** the earlier ones are in the store (gn_store_load). */
int gn_event_first(const gn_game *g);
/* Borrowed; NULL when i is out of range or before gn_event_first. */
const gn_event *gn_event_get(const gn_game *g, int i);
/* 1 when viewer may see event i. */
int gn_event_visible(const gn_game *g, int i, int viewer);
/* One event as a JSON object / as a line of text; owned by the caller. In the
** JSON, "order" numbers the orders from 1 as people count them (the event's
** gn_event.order + 1), 0 for the events of the start. */
char *gn_event_json(const gn_game *g, int i);
char *gn_event_text(const gn_game *g, int i);

/* ---------------------------------------------------------------------------
** Rulesets and their rules index (decision 6).
*/
int gn_ruleset_count(void);
const char *gn_ruleset_id(int i);
const char *gn_ruleset_title(int i);

/* A ruleset's scenario schema, for people writing scenarios (grognard schema).
** Each returns GN_ERULESET (unknown ruleset) or GN_ENOTFOUND (i past the end). */
typedef struct gn_attr_info {
  const char *name;
  int def, min, max;          /* default and bounds */
  const char *const *names;   /* value names (NULL-terminated) or NULL */
  int hidden;                 /* 1: the enemy never sees it */
  int scenario;               /* 1: a scenario may set it (else the engine keeps it) */
} gn_attr_info;
int gn_ruleset_type(const char *ruleset, int i, const char **name, double *width, double *depth);
int gn_ruleset_attr(const char *ruleset, int i, gn_attr_info *out);
int gn_ruleset_option(const char *ruleset, int i, gn_attr_info *out);
/* A terrain kind: its name, 1 for a line (else an area), and whether it blocks sight. */
int gn_ruleset_terrain(const char *ruleset, int i, const char **name, int *line, int *blocks_sight);
const char *gn_ruleset_unit(const char *ruleset);      /* "in" or "cm"; NULL when unknown */

/* One rule of the project's rules index (data/rulesets/<id>/rules.yaml), with
** its coverage as of the build: implemented (a `ref. ID` in the code or data),
** a known gap (`ref. ID NOT IMPLEMENTED`), tested (a `ref. ID` in the tests). */
typedef struct gn_rule_info {
  const char *id, *ruleset, *title, *provenance;   /* provenance: seed|published|default */
  int implemented, gap, tested;
  int interpretation;      /* 1: the rule is a labelled reading of an ambiguous text */
} gn_rule_info;
int gn_rule_count(void);
/* Rule i (0 <= i < gn_rule_count()); GN_ENOTFOUND out of range. */
int gn_rule_get(int i, gn_rule_info *out);

/* Standalone checks of a ruleset for the odds calculator ("fire", "morale"). */
int gn_check_count(const char *ruleset);
/* Name, usage line, help line and rule ids of check i; GN_ENOTFOUND. */
int gn_check_info(const char *ruleset, int i, const char **name, const char **usage,
                  const char **help, const char **refs);
/* Exact (or Monte Carlo) distribution of a check with its "--param value"
** arguments. g must have the ruleset (gn_game_use_ruleset). The events of one
** representative run (its modifiers) are left in g's log. passfail receives
** 1 when outcome 1 means "pass". */
int gn_check_odds(gn_game *g, const char *check, int argc, const char *const *argv,
                  const gn_odds_opts *opts, gn_dist *dist, int *passfail);
/* Text for an outcome of the last check run on g ("2 hits"); owned by g. */
const char *gn_check_label(gn_game *g, const char *check, int64_t outcome);

/* Every outcome of one order, or of several separated by ';' ("does this
** brigade survive three volleys and then a charge?"), from the game's present
** state, without changing the game. Each outcome is one distinct result: the
** units whose strength or status the orders changed, as text
** (gn_order_odds_label). The probabilities use the true state: it is the
** umpire's view. Fails with the first order's refusal or syntax error. */
int gn_order_odds(gn_game *g, const char *orders, const gn_odds_opts *opts, gn_dist *dist);
/* The text of an outcome of the last gn_order_odds on g; owned by g. */
const char *gn_order_odds_label(const gn_game *g, int64_t outcome);

/* ---------------------------------------------------------------------------
** Objectives, AI commanders, whole battles and seeded simulation.
** The AI is a client of this header only: it sees the game as its side does.
*/

/* The table's width and height in table units. GN_ESTATE without a scenario. */
int gn_game_table(const gn_game *g, double *width, double *height);

#define GN_BATTLE_MAXSIDES 4
typedef struct gn_objective_info {
  const char *id, *name;  /* name: the id when the scenario gives none */
  gn_vec2 at;
  double radius;
  int points;             /* the most it is worth to any side */
  int side_points[GN_BATTLE_MAXSIDES];  /* what holding it is worth to each side */
  int owner0;             /* side holding it at the start, -1 none */
  int owner;              /* side the game state records as holding it, -1 none: the rules
                          ** code moves it at each turn's end, with an "objective" event
                          ** (ref. VB-VIC, BA-VIC, IN-VIC) */
  int since;              /* the turn from whose end owner has held it, 0 the start */
  int owner_by;           /* an objective with `by`: its holder at the end of that turn (so far:
                          ** of the last turn up to it); else as owner0 */
  int from;               /* scores only if held at the end of every turn from this one, -1 any */
  int by;                 /* scores for the side holding it at the end of this turn, 0 the end */
} gn_objective_info;
int gn_objective_count(const gn_game *g);
/* GN_ENOTFOUND when i is out of range. */
int gn_objective_get(const gn_game *g, int i, gn_objective_info *out);

/* An AI commander's kind and personality. */
#define GN_AI_KINDLEN 16
typedef struct gn_ai_params {
  char kind[GN_AI_KINDLEN];   /* "doctrine" (the default) or "passive" (only ends phases) */
  double aggression;          /* 0..1: appetite for attack (default 0.5) */
  double caution;             /* 0..1: weight of its own losses and risks (default 0.5) */
} gn_ai_params;
/* The defaults. Cannot fail. */
void gn_ai_params_default(gn_ai_params *p);
/* Parses "doctrine", "doctrine:aggression=0.7,caution=0.3", "passive", or
** "aggression=0.7" (kind doctrine) over the defaults. GN_ESYNTAX with the
** reason in err. */
int gn_ai_params_parse(const char *spec, gn_ai_params *p, char *err, size_t errlen);
/* Canonical text of p ("doctrine:aggression=0.70,caution=0.30"); its length. */
int gn_ai_params_format(const gn_ai_params *p, char *buf, size_t len);
/* The commander the scenario names for a side (the side's `ai:`), else the
** defaults: 1 when the scenario names one, 0 when not, GN_ENOTFOUND when side
** is not a side of g, GN_ESCENARIO (and the defaults) when its text is not
** one (gn_side_ai_check says why). gn_ai_new and the battles use it for a
** side given no commander of its own. */
int gn_side_ai(const gn_game *g, int side, gn_ai_params *out);
/* Whether the side's `ai:` text names a commander the AI knows: 0 when it
** does or the side names none; GN_ESCENARIO with "file:line:col: side 'id':
** ai: reason" in err when not; GN_ENOTFOUND when side is not a side of g.
** The engine keeps the text as read; the AI judges it (gn_sim_new and the
** grognard commands check, battle and simulate call this). */
int gn_side_ai_check(const gn_game *g, int side, char *err, size_t errlen);
/* 0 when formation f's plan (gn_formation_plan) is one the AI follows, or
** it has none; GN_ESCENARIO with "FILE:LINE:COL: formation 'ID': plan:
** reason" in err when not; GN_ENOTFOUND when f is not a formation of g;
** GN_ENOMEM. The commanders follow a formation's plan (docs/scenario.md,
** "Plans"); one that is not a plan they ignore. */
int gn_formation_plan_check(const gn_game *g, int f, char *err, size_t errlen);

/* How the AI (and the battle runner) applies an order: return 0 or the
** negative code of gn_order_apply. */
typedef int (*gn_ai_apply_fn)(void *ud, gn_game *g, const char *order);

typedef struct gn_ai gn_ai;
/* An AI for one side of g. Its randomness, if any, comes from
** gn_seed_child(gn_game_seed(g), turn). NULL when out of memory or side is
** not a side of g. */
/* p NULL or of an empty kind: the scenario's commander for the side (gn_side_ai). */
gn_ai *gn_ai_new(const gn_game *g, int side, const gn_ai_params *p);
void gn_ai_free(gn_ai *ai);
/* Gives the side's orders for the game's present phase, never "end", each
** through apply (NULL: gn_order_apply). An order it would give if the rules
** allow it (a move tried at one place, then nearer; a target, then the next)
** goes to apply directly, and GN_EREFUSED or GN_ESYNTAX is taken as the
** answer, as from gn_order_check: apply must change nothing when it refuses
** (gn_order_apply and gn_store_order do not), so the game only ever gets
** orders the rules accepted. Returns the number of orders given, or a
** negative code other than GN_EREFUSED/GN_ESYNTAX that apply returned. */
int gn_ai_play(gn_ai *ai, gn_game *g, gn_ai_apply_fn apply, void *ud);

typedef struct gn_ai_stats {
  int given;              /* orders it gave and saw accepted (in a simultaneous phase, on
                          ** its own copy of the game: see refused) */
  int refused;            /* orders it had decided on that the game then refused (a
                          ** simultaneous phase: the other side's orders came first) */
  int max_refused_turn;   /* most such refusals in one turn */
  int tried;              /* orders sent to apply: given + probes_refused */
  int probes_refused;     /* of those, refused by the rules: probes, nothing changed */
  int listed;             /* listings of what the rules accept it asked (gn_actions_query) */
} gn_ai_stats;
void gn_ai_stats_get(const gn_ai *ai, gn_ai_stats *out);

/* One battle, AI against AI, to its end. */
#define GN_BATTLE_MAXOBJ 32
typedef struct gn_battle_result gn_battle_result;
typedef struct gn_battle_opts {
  gn_ai_params ai[GN_BATTLE_MAXSIDES];  /* per side; a zeroed entry: the scenario's (gn_side_ai) */
  int max_orders;                       /* safety bound; 0 = 200,000 */
  gn_ai_apply_fn apply; void *apply_ud; /* NULL: gn_order_apply (in memory) */
  /* After each order applied (order text; its events are first_event..count-1). */
  void (*on_order)(void *ud, const gn_game *g, const char *order, int first_event);
  /* After each turn ends, with the state of the battle so far. */
  void (*on_turn)(void *ud, const gn_game *g, int turn, const gn_battle_result *sofar);
  void *ud;
} gn_battle_opts;

typedef struct gn_battle_side {
  int strength0, strength;  /* SP or figures of its fighting units at the start, at the end */
  int lost;                 /* strength0 - strength */
  int men0, men_lost;       /* men present at the start and lost, by the ruleset's scale and
                               each unit's arm (gn_unit_men), -1 when it gives none */
  int units, broken;        /* fighting units; those routed, removed or in full disorder at the end */
  int points;               /* objective points held at the end (its own values) */
  int good;                 /* strength of its fighting units in good order at the end */
  double vp;                /* victory points: objective points and the losses it inflicted */
} gn_battle_side;

/* The levels of a result, from the scenario's `victory:` (gn_victory_rules). */
enum { GN_LEVEL_DRAW = 0, GN_LEVEL_MARGINAL = 1, GN_LEVEL_DECISIVE = 2 };

struct gn_battle_result {
  int winner;               /* side, -1 drawn */
  int level;                /* GN_LEVEL_*: draw when winner is -1 */
  int decisive;             /* 1: level is GN_LEVEL_DECISIVE */
  char why[240];            /* one sentence: why that side won, or why drawn */
  int decision_turn;        /* first turn from whose end the result never changed; 0 drawn */
  int turns;                /* turns played */
  int orders;               /* orders applied */
  int nsides, nobjectives, nunits;
  gn_battle_side side[GN_BATTLE_MAXSIDES];
  int owner[GN_BATTLE_MAXOBJ];   /* holder of each objective at the end, -1 none */
  int since[GN_BATTLE_MAXOBJ];   /* turn from whose end that holder held it throughout, 0 the start */
  int owner_by[GN_BATTLE_MAXOBJ];/* holder at the end of the objective's `by` turn, once turns reaches it */
  int *inflicted;           /* per unit: enemy SP/figures it took off; owned (gn_battle_result_free) */
  uint64_t hash;            /* final state hash */
  gn_ai_stats ai[GN_BATTLE_MAXSIDES];
};

/* Plays g (started, with a scenario) to the end: turn limit, nightfall of the
** last day or the ruleset's own end. GN_ELIMIT when max_orders is reached,
** GN_ESTATE when a phase cannot be ended; apply's errors. r is filled in any
** case (gn_battle_result_free it). */
int gn_battle_run(gn_game *g, const gn_battle_opts *o, gn_battle_result *r);
/* The verdict on g as it stands (holders as tracked by the caller in owner[],
** may be NULL for the scenario's): the tallies of each side, then
** gn_game_verdict. Used by gn_battle_run; r->inflicted untouched. */
void gn_battle_assess(const gn_game *g, const int *owner, gn_battle_result *r);

/* What happened in the battle the scenario models (`history:` in
** docs/scenario.md): simulate's calibration report sets it beside the
** simulated battles. */
typedef struct gn_history {
  int given;                /* 1: the scenario has a history block */
  int winner;               /* side that won, -1 a draw */
  int level;                /* GN_LEVEL_* of the result, -1 when not said */
  int men_lost[GN_BATTLE_MAXSIDES];   /* per side, -1 when not said */
  int held[GN_BATTLE_MAXOBJ];         /* per objective: side holding it at the end, -1
                                         nobody, -2 not said */
  int nsources;             /* gn_history_source(g, 0..nsources-1) */
} gn_history;
/* The scenario's history (given 0 when it has none). GN_EINVAL when g or out
** is NULL, GN_ESTATE without a scenario. */
int gn_history_get(const gn_game *g, gn_history *out);
/* Source i of the history, as written; NULL out of range. Cannot fail. */
const char *gn_history_source(const gn_game *g, int i);

/* The scenario's rules of victory (`victory:` in docs/scenario.md), or the
** project's defaults where it gives none. */
typedef struct gn_victory_rules {
  int given;                /* 1: the scenario has a victory block */
  double brk;               /* an army keeping less than this fraction of its
                            ** starting strength in good order has broken */
  double losses;            /* victory points for the loss of a whole enemy army
                            ** (in proportion: a tenth of it lost, a tenth of these) */
  double marginal;          /* victory-point margin of a marginal victory; less is a draw */
  double decisive;          /* victory-point margin of a decisive victory */
} gn_victory_rules;
/* GN_ESTATE without a scenario. */
int gn_victory_rules_get(const gn_game *g, gn_victory_rules *out);
/* The defaults of a ruleset (given 0): its built-in data victory.* (data/
** rulesets/ID/victory.yaml). GN_ERULESET when unknown, GN_ENOMEM. */
int gn_victory_rules_default(const char *ruleset, gn_victory_rules *out);
/* Scores the tallies in r (nsides, each side's strength0, strength and good,
** owner[] of each objective) by the scenario's rules of victory:
**   1) each side's points (its values of the objectives it holds: one with
**      `by` N, once turns >= N, held as owner_by says; one with `from` N
**      only if since <= N) and
**      victory points (those, plus its share of `losses` for the enemy
**      strength lost: against two or more enemies, their losses together)
**   2) an army below `break` is broken; if one side's army broke and none
**      of the others', the best of those others wins decisively
**   3) else the side with the most victory points wins by its margin over
**      the next: decisive at `decisive`, marginal at `marginal`, else drawn
** Fills points, vp, winner, level, decisive and why. GN_EINVAL when g or r
** is NULL, GN_ESTATE without a scenario. */
int gn_game_verdict(const gn_game *g, gn_battle_result *r);
void gn_battle_result_free(gn_battle_result *r);

/* A batch of seeded battles (decision 10): replication i uses the seed
** gn_seed_child(seed, i); the results do not depend on jobs or ranks. */
typedef struct gn_sim gn_sim;
typedef struct gn_sim_opts {
  uint64_t seed;
  int runs;
  int jobs;                               /* threads; 0 or 1 = one */
  gn_ai_params ai[GN_BATTLE_MAXSIDES];
  int rank, nranks;                       /* run only i % nranks == rank; nranks 0 = all */
  /* Called (serialised) after each battle with the count done by this process. */
  void (*progress)(void *ud, int done, int total);
  void *ud;
} gn_sim_opts;

/* A batch for a scenario text. On failure err receives the reason (the
** scenario's first diagnostic); GN_ESCENARIO, GN_ENOMEM. */
int gn_sim_new(const char *name, const char *text, size_t len, const char *data_dir,
               gn_sim **out, char *err, size_t errlen);
void gn_sim_free(gn_sim *s);
/* Runs the battles (in memory, no store). GN_EINVAL on bad options; a battle
** that fails is counted in "failed" and does not stop the batch. */
int gn_sim_run(gn_sim *s, const gn_sim_opts *o);
/* The raw results: runs x width int64 values, zero for runs this process did
** not play; for merging batches run by several processes (sum them
** element-wise, e.g. MPI_Reduce), then gn_sim_merged. */
int64_t *gn_sim_records(gn_sim *s, size_t *count);
/* Marks every run as played (after the records were summed in). */
void gn_sim_merged(gn_sim *s);
/* The results as JSON, CSV (one line per replication) or text for people;
** owned by the caller (gn_string_free). NULL only when out of memory. */
char *gn_sim_json(const gn_sim *s);
char *gn_sim_csv(const gn_sim *s);
char *gn_sim_text(const gn_sim *s);

/* ---------------------------------------------------------------------------
** The game store (decision 9): one SQLite file holds any number of games with
** their orders, events, snapshots and per-turn state hashes, in WAL mode;
** each order is committed in its own transaction.
*/
typedef struct gn_store gn_store;

/* Opens or creates a store. On failure *out is NULL and err (if given)
** receives the reason; GN_EVERSION names both schema versions. */
int gn_store_open(const char *path, gn_store **out, char *err, size_t errlen);
/* Opens an existing store for reading only: the file is not written, and a
** store in a read-only folder can be read (there, when no writer has left a
** write-ahead log beside it, the file is read as immutable). The
** calls that write (create, order, undo, notes, batches) fail with GN_ESTORE.
** GN_ENOTFOUND when there is no such file; GN_EVERSION; GN_ESTORE. */
int gn_store_open_readonly(const char *path, gn_store **out, char *err, size_t errlen);
void gn_store_close(gn_store *st);
const char *gn_store_errmsg(const gn_store *st);

/* Creates a game from a scenario file and a seed; writes its id (at most 31
** characters) into id. Scenario problems come back as GN_ESCENARIO with the
** diagnostics in the store's message. */
int gn_store_create(gn_store *st, const char *scenario_path, uint64_t seed,
                    char *id, size_t idlen);
/* Loads a game by replaying its orders from the start: the whole game, with
** its whole event log. *out is owned by the caller. */
int gn_store_load(gn_store *st, const char *id, gn_game **out);
/* Loads a game to play on: from its newest snapshot taken before the phase
** before the last one began (by the events' turn and phase), replaying only
** the orders after it (a snapshot that does not hash to the recorded state
** is passed over). The same state, orders and event numbering as
** gn_store_load, but the event log in memory starts at gn_event_first(*out):
** it holds every event of the last two phases, what a front end shows of
** the moves just made. */
int gn_store_resume(gn_store *st, const char *id, gn_game **out);
/* Every how many orders gn_store_order stores a snapshot of the state
** (default 256; 0: never). Applies to this handle only. */
int gn_store_snapshot_every(gn_store *st, int orders);
/* Applies one order to g (loaded from this store) and commits it with its
** events and state hash in one transaction. On any failure neither the game
** nor the file changes. */
int gn_store_order(gn_store *st, const char *id, gn_game *g, const char *text);
/* Takes back the last order of a game, as asker: GN_UMPIRE or a side index.
** An order that drew dice or cards is past a chance point: only the umpire
** takes it back (GN_EREFUSED for a side, the order's text in the message).
** The undo is noted in the same transaction (gn_store_notes: kind "undo", or
** "umpire-undo" naming the results drawn): on any failure neither the order
** nor the notes change. GN_ESTATE when there is no order; GN_ENOTFOUND. */
int gn_store_undo(gn_store *st, const char *id, int asker);
/* Replays the game from scratch and compares the state hash after every order
** with the one recorded, and every snapshot with the replayed state;
** GN_EDIVERGED names the first order that differs. */
int gn_store_verify(gn_store *st, const char *id, int *orders_checked);
/* Lists game ids, newest first: calls fn for each. */
int gn_store_list(gn_store *st, int (*fn)(void *ud, const char *id, const char *scenario,
                                          int orders), void *ud);

/* ---------------------------------------------------------------------------
** Legal actions (src/actions.c): every order the rules would accept now, for
** the side to act or one unit, with what a player needs to decide. The list
** is made by the rules' own check (gn_order_check: each verb's handler run
** with the dice source stopped at its first chance point), so whatever it
** lists the rules accept, and a target it does not list they refuse.
** Each verb's help line is its template: a unit after "at" or "with" (or
** TARGET) is each enemy on the table the acting side may see, any other unit
** each friend on the table, "a|b|c" each word; what is in [...] is left out.
** A point after "to" (a move) is continuous: the action gives the move left
** and the ground the unit may not enter, and gn_order_check answers a given
** point. A point after "at" (a throw) is tried at each enemy. Orders that
** name no unit acting ("end", a V&B "reassign" or "campaign") and orders for
** units off the table (a V&B "place" in the recovery) are not listed.
*/

/* One complete order of an action. */
typedef struct gn_action_target {
  const char *order;      /* the complete order ("fire 2/I at 5/III") */
  int unit;               /* the unit it names besides the actor, -1 none */
  const char *choice;     /* the word chosen among the verb's alternatives, or NULL */
  double distance;        /* edge to edge to that unit's stand, table units; -1 none */
  const char *dice;       /* what its first chance point draws ("4d6", "3d6", "card"), NULL
                          ** when it draws nothing now (a charge's melee comes later) */
  int ndice;              /* how many dice or cards it draws there; 0 with dice NULL */
  int need;               /* a die or card counts at this value or more; 0 when the rule
                          ** has no such number (a total read on a table) */
  int ready;              /* 1; 0 when the rules accept the order now but resolve it later
                          ** in the turn and it would not take effect if resolved now */
  const char *why;        /* when ready is 0: why not, with the rule id; else NULL */
  /* The ruleset's odds check that weighs this order as the acting side may
  ** know it, as `grognard odds RULESET` takes it: the check's name and its
  ** "--name value" words, separated by spaces (Belle Alliance attack:
  ** "melee --attack a,b --defence c ..." with each side's Table 8 factors
  ** as the rules count them now; what the side may not know of the enemy,
  ** its valour, supplies and written orders, left out). NULL when the
  ** ruleset gives none for the verb. gn_check_odds answers it. */
  const char *odds;
} gn_action_target;

/* What one unit may do with one verb. */
typedef struct gn_action {
  int unit;
  const char *verb;
  /* An order complete without a choice ("march 2/I"): order is it and
  ** targets[0] holds its dice. Else order is NULL and the targets are the
  ** complete orders, or, for a point or a number to choose, form is the order
  ** with its placeholder ("move 2/I to X,Y") and ntargets is 0. */
  const char *order;
  const char *form;       /* the order to complete, or NULL */
  int ntargets;
  const gn_action_target *targets;
  double left;            /* the move it has left (table units), -1 when not a move */
  const char *avoid;      /* the ground it may not enter, with rule ids, or NULL */
} gn_action;

typedef struct gn_actions {
  int side;               /* the side listed; -1: every side (a simultaneous phase) */
  const char *phase;      /* the ruleset's phase name */
  int n;
  const gn_action *a;     /* by unit index, then in the ruleset's order of verbs */
} gn_actions;

/* Lists the actions of side (-1: the side to act, every side in a
** simultaneous phase), or of one unit (unit >= 0: side is then ignored), into
** *out, owned by the caller (gn_actions_free). A game over, or not started,
** has no actions (n 0). Changes nothing, rolls nothing, leaves gn_errmsg as
** it was. GN_EINVAL; GN_ENOTFOUND when there is no such unit or side;
** GN_ENOMEM (then *out is NULL). */
int gn_actions_list(gn_game *g, int side, int unit, gn_actions **out);
/* What gn_actions_query lists: a side's units (or one unit) with every verb,
** or with one. A listing of one unit and one verb checks only the orders of
** that verb (each enemy it may name, within the reach the ruleset gives the
** verb): what a commander asks before it chooses, cheaply enough to ask it
** for each unit in turn. */
typedef struct gn_actions_opts {
  int side;               /* -1: the side to act (every side in a simultaneous phase) */
  int unit;               /* >= 0: this unit alone (side is then ignored); -1: the side's */
  const char *verb;       /* this verb alone (the ruleset's word, exact); NULL: every verb */
} gn_actions_opts;
/* The list asked by opts, as gn_actions_list (which is gn_actions_query with
** side and unit and every verb). Fails as it does, and with GN_ENOTFOUND
** for a verb the ruleset does not have. */
int gn_actions_query(gn_game *g, const gn_actions_opts *opts, gn_actions **out);
void gn_actions_free(gn_actions *a);
/* The list as JSON: {"side", "phase", "actions": [{"unit": CODE, "verb",
** "order" | "form", "targets": [...], "left", "avoid"...}]}; owned by the
** caller (gn_string_free). NULL only when out of memory. */
char *gn_actions_json(const gn_game *g, const gn_actions *a);
/* ---------------------------------------------------------------------------
** Reach (src/reach.c): how far a unit's verb that names an enemy reaches,
** as the rules state it now, in bands (V&B fire: close, long; Belle
** Alliance artillery: canister, close, long; an Inradic charge: its charge
** move). The numbers come from the ruleset's own hook, the one the verb's
** handler and gn_actions_query measure with, so a front end draws ranges
** without knowing any. A band says how far; a target within it may still be
** refused for another reason (sight, the arc, what the unit has done). The
** reach reads the unit's own state and data (its weapon, its move left),
** which an enemy may not know: a front end shows it to the unit's side and
** the umpire.
*/
#define GN_REACH_MAXBANDS 8     /* more bands than any ruleset states for one verb */

/* One band of a reach: targets from..to (table units, edge to edge from the
** unit's stand; from exclusive, 0 at the first band). */
typedef struct gn_reach_band {
  double from, to;
  char name[32];          /* the rule's word for it: "close", "long", "canister", "charge" */
  const char *ref;        /* the rule id that states it */
} gn_reach_band;

typedef struct gn_reach {
  /* The distance past which the verb's handler refuses every target now
  ** (what gn_actions_query checks up to); -1 when it refuses none for its
  ** distance now (a Belle Alliance order written before the moves, resolved
  ** after them: its bands then say how far it will reach when resolved);
  ** -2 when the unit may name no target now at any distance. */
  double limit;
  int nbands;             /* 0: the verb states no reach (a move: gn_action.left) */
  gn_reach_band band[GN_REACH_MAXBANDS];   /* nearest first, each from where the last ends */
  /* 1 when a target must lie in the unit's front arc (gn_box_in_arc,
  ** GN_ARC_FRONT: the stand's diagonals extended), with the rule id; 0 all
  ** round (arc_ref NULL). */
  int front_arc;
  const char *arc_ref;
} gn_reach;

/* The reach of unit's verb (the ruleset's word, exact: "fire", "charge")
** into *out. A verb that names no enemy, a ruleset that states no reach for
** it, or a unit off the table: nbands 0 and limit -1. Changes nothing, rolls
** nothing. GN_EINVAL (NULL argument), GN_ESTATE (not started),
** GN_ENOTFOUND (no such unit or verb). */
int gn_unit_reach(gn_game *g, int unit, const char *verb, gn_reach *out);

/* The unit an order text names as the one acting: the word after the verb,
** where the verb's help line puts a unit there ("fire UNIT at UNIT"). The
** unit's index; -1 when the verb has no acting unit ("end") or is unknown;
** GN_ENOTFOUND when the word names no unit; GN_EINVAL. Changes nothing.
** A front end that takes one side's orders asks it whose unit acts. */
int gn_order_actor(const gn_game *g, const char *text);

/* ---------------------------------------------------------------------------
** The table session: the notes a session keeps beside a stored game
** (src/store_play.c).
*/

/* A note of a table session on a stored game: what happened besides orders.
** Kinds: "dice" (the source switched; text "auto" or "table"), "view" (text a
** side id or "umpire"), "undo" (an order without dice taken back),
** "umpire-undo" (an order that drew dice taken back by the umpire); the last
** two are written by gn_store_undo itself. Notes live
** in the store's file, in a table of their own made when first needed;
** orders is the game's order count when the note was made, and the note is
** committed at once. GN_ENOTFOUND (no such game), GN_EINVAL, GN_ESTORE; the
** reason in gn_store_errmsg. */
int gn_store_note(gn_store *st, const char *game, int orders, const char *kind,
                  const char *text);
/* Calls fn for each note of game, oldest first. A store without notes has
** none (returns 0); fn returning non-zero stops the walk and is returned. */
int gn_store_notes(gn_store *st, const char *game,
                   int (*fn)(void *ud, int orders, const char *kind, const char *text),
                   void *ud);

/* ---------------------------------------------------------------------------
** Batches of simulated battles in the store: a batch row (scenario, seed,
** commanders, results as JSON) and one row per replication, in tables of
** their own made when first needed. The simulator (gn_sim_save) fills these.
*/
typedef struct gn_store_run {
  int run;                  /* replication index; its seed is gn_seed_child(batch seed, run) */
  uint64_t seed;
  int rc;                   /* 0, or the GN_E* error that stopped it */
  int winner;               /* side index, -1 when drawn */
  int decisive, decision_turn, turns, orders;
  uint64_t hash;            /* final state hash */
  int64_t lost[GN_BATTLE_MAXSIDES];   /* strength lost per side */
} gn_store_run;

typedef struct gn_store_batch {
  const char *scenario, *ruleset;
  uint64_t seed;
  int runs;                 /* replications asked for */
  int nsides;               /* at most GN_BATTLE_MAXSIDES */
  const char *side[GN_BATTLE_MAXSIDES];   /* side names, for the winner */
  const char *ai;           /* the commanders, one per side, '; ' between */
  const char *results;      /* the results as JSON */
  int nrun;                 /* the replications played, in run[] */
  const gn_store_run *run;
} gn_store_batch;

/* Stores a batch in one transaction; writes its id ("b1", "b2"...) into id.
** GN_EINVAL, GN_ESTORE (reason in gn_store_errmsg). */
int gn_store_save_batch(gn_store *st, const gn_store_batch *b, char *id, size_t idlen);
/* Stores a simulated batch (gn_sim_run) through gn_store_save_batch: its JSON
** and its replications. GN_EINVAL, GN_ENOMEM, GN_ESTORE. */
int gn_sim_save(const gn_sim *s, gn_store *st, char *id, size_t idlen);

#ifdef __cplusplus
}
#endif
#endif /* GROGNARD_H */
