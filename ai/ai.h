/*
** ai.h: what the AI commanders, the battle runner and the simulator share.
** The AI is a client of include/grognard.h ONLY: it sees the game
** as its side does (gn_unit_view_get with its side as viewer) and gives orders
** as text through the runner's apply. What is legal it takes from the
** legal-actions list (gn_actions_query: a unit's targets for a verb, its
** move left). An order it would give if the rules allow it goes to apply
** directly: a refusal changes nothing and is the
** answer (a probe refused), as gn_order_check's would have been. The odds
** of a fight come from the rulesets' standalone checks (gn_check_odds),
** through a memo.
**
** Files:
**   ai.c          commanders: parameters, the picture of the field, orders,
**                 movement, the memo of check answers, the objectives doctrine
**   ai-vb.c       Volley & Bayonet doctrine (phases, fire, charge, rally, retreat)
**   ai-ba.c       Belle Alliance doctrine (written orders, fire, attack, rest)
**   ai-inradic.c  Inradic doctrine (fire, charge, melee, pursuit)
**   plan.c        a formation's plan from the scenario: its tasks and triggers
**   battle.c      one whole battle, AI against AI, and its verdict
**   sim.c         seeded batches of battles on threads; sim-out.c their output
*/
#ifndef GN_AI_H
#define GN_AI_H

#include "grognard.h"

/* Build with -DAI_DEBUG to print, on stderr, every order the rules refused and
** every charge weighed with its odds (for tuning the doctrines). */
#define AI_MAXTRY 12         /* positions tried per move (each an order the rules may refuse) */
#define AI_MAXCACHED 512     /* distances are kept for at most this many units */

/* One unit as the AI's side sees it. */
typedef struct ai_unit {
  int id;
  gn_unit_view v;            /* with its status text */
  int mine;                  /* of the AI's side */
  int fighting;              /* a fighting unit: not a leader, staff figure or waggon */
  int broken;                /* routed, removed or in full disorder, as seen */
  int strength;              /* as seen; strength0 (or 1) when hidden */
  double reach;              /* half the diagonal of v.box */
} ai_unit;

/* The name an order gives a unit: its code, as show, the map and the table
** call it (its id when it has none). */
static inline const char *ai_name(const ai_unit *a) { return a->v.code && *a->v.code ? a->v.code : a->v.id; }

typedef enum ai_posture { AI_DEFEND, AI_ATTACK } ai_posture;

typedef struct ai_doctrine ai_doctrine;

/* A formation's plan (plan.c): its tasks in order. */
typedef enum ai_task_kind {   /* ORDER: as plan.c's kinds[] */
  AI_TASK_HOLD, AI_TASK_TAKE, AI_TASK_SCREEN, AI_TASK_MARCH, AI_TASK_ATTACK, AI_TASK_RETIRE
} ai_task_kind;
typedef struct ai_task {
  ai_task_kind kind;
  int has_place;
  gn_vec2 place;
  double radius;             /* within this of place the formation is there */
  int from, until;           /* turns; 0 none */
  int from_min, until_min;   /* by the clock (gn_game_minute); -1 none */
  int when_broken;           /* a retire taken whenever the formation is broken */
} ai_task;
typedef struct ai_plan { int n; ai_task *t; } ai_plan;
/* Reads a plan's text; text NULL: an empty plan. 0; GN_ESYNTAX with the
** reason in err; GN_ENOMEM. The plan is freed with gn__ai_plan_free. */
int gn__ai_plan_parse(const gn_game *g, const char *text, ai_plan *out, char *err, size_t n);
void gn__ai_plan_free(ai_plan *p);

/* Exact answers of the ruleset's standalone odds checks (gn_check_odds),
** kept by their arguments. A check's distribution depends on its arguments
** alone, so one memo may serve every battle a thread plays (sim.c): which
** battle asked first changes nothing. */
typedef struct gn__ai_memo gn__ai_memo;

#define AI_PCACHE 256

struct gn_ai {
  int side;
  gn_ai_params p;
  const ai_doctrine *doc;
  gn_rng rng;
  int rng_turn;              /* turn the generator was seeded for */
  gn_ai_stats st;
  int turn, turn_refused;    /* refusals counted in this turn */
  gn_vec2 home;              /* centroid of its fighting units at the start */
  int home_set;
  int *start;                /* per unit: strength at the start (own units) */
  int *dice0;                /* per unit: its melee dice (gn_unit_view.melee) when first seen
                                on the table (own units, V&B; ai-vb.c), -1 not yet */
  int nstart;
  gn_vec2 *from;             /* per unit: where it stood when last ordered to move */
  int *moveturn;             /* per unit: the turn of that order, 0 none */
  double *outranged;         /* per unit: a distance its fire was refused from as out of range, 0 none */
  /* per unit: its last attack order (Belle Alliance): the turn (0 none), the
  ** target, where it stood and its and the target's strengths then */
  int *atk_turn, *atk_target, *atk_str;
  gn_vec2 *atk_at;
  double *dist;              /* the pictures' distance cache (ai_ctx.dist) */
  unsigned *stamp, epoch;    /* epoch: bumped by each picture and each order given */
  int ndist;
  gn__ai_memo *memo;         /* the check answers (borrowed when own_memo is 0) */
  /* the V&B melee's P(win) this battle, by its packed arguments (ai-vb.c):
  ** the memo's answers without building its key; 0 an empty slot */
  uint32_t pkey[AI_PCACHE];
  double pval[AI_PCACHE];
  unsigned char *exhausted;  /* per formation: a move of its stands refused as exhausted (V&B, VB-B12) */
  /* per unit: the type text last asked whether it fights, and the answer
  ** (the same text, the same answer: asked again only when it changes) */
  const char **ftype;
  unsigned char *fights;
  int nform;
  int own_memo;
  /* plans: per formation its plan (parsed from the scenario's text; empty
  ** when it has none or the text is not one), the formation whose plan
  ** governs it (itself or the nearest above with one, -1 none), the task
  ** in force (index), whether it has broken, and where its units stood at
  ** the start */
  ai_plan *plan;
  int *governs, *task_at;
  unsigned char *broke;      /* per formation with a plan: broken once, kept to the end */
  gn_vec2 *fstart;
};

/* The picture of the field for one call of gn_ai_play. */
typedef struct ai_ctx {
  gn_game *g;
  gn_ai *ai;
  int side;
  const gn_ai_params *p;
  gn_ai_apply_fn apply; void *ud;
  int err;                   /* first hard error from apply */
  int given;
  int n; ai_unit *u;         /* every unit, indexed by unit id */
  double *dist;              /* n x n edge distances, valid where stamp == ai->epoch */
  unsigned *stamp;           /* (the commander's; NULL past AI_MAXCACHED units) */
  double w, h;               /* table */
  double my, my0, en, en0;   /* fighting strength now and at the start, as seen */
  gn_vec2 my_c, en_c;        /* centroids of own and enemy fighting units */
  int nobj; gn_objective_info obj[GN_BATTLE_MAXOBJ];
  ai_posture posture;
  double drive;              /* the will to attack, 0..1 */
  double ratio;              /* own strength / enemy strength, as seen, at most 3 */
  int needy;                 /* 1 when the side does not lead on objective points */
  double urgency;            /* 0 at the first turn .. 1 at the last */
  /* the nearest enemy of each unit (gn__ai_nearest_enemy), [2 u + skip_broken],
  ** valid where near_stamp == vgen; vgen moves with each order given and each
  ** view read again */
  int *near_e; double *near_d; unsigned *near_stamp, vgen;
  /* gn__ai_move_toward tries no further place after a refusal by one of these
  ** rules (NULL: none) and says which in stopped (NULL when it did not stop so) */
  const char *stop_ref[2], *stopped;
  gn_actions *acts;          /* the last listing asked (gn__ai_actions), owned */
  /* per formation with a plan: the task in force this call (NULL none),
  ** the centre of its units on the table and whether it is broken */
  const ai_task **ftask;
  gn_vec2 *fcentre;
} ai_ctx;

struct ai_doctrine {
  const char *ruleset;
  /* 1 when a unit of this type fights (counts for strength and objectives). */
  int (*fighting)(const char *type);
  /* 1 when the unit is out of the fight as viewer sees it. */
  int (*broken)(const gn_game *g, int u, int viewer, const gn_unit_view *v);
  /* Gives the orders of the present phase. */
  int (*play)(ai_ctx *cx);
  /* 0 when play would give no order in the present phase (the picture of
  ** the field is then not drawn); NULL: it may give some in any. */
  int (*acts)(const gn_game *g, int side);
};

extern const ai_doctrine gn__ai_doctrine_vb, gn__ai_doctrine_ba, gn__ai_doctrine_inradic;
const ai_doctrine *gn__ai_doctrine_for(const char *ruleset);

/* ------------------------------------------------------------ ai.c */
/* Gives the order through apply if the rules accept it (no separate check: a
** refusal changes nothing and is counted as a probe refused). 0 given;
** GN_EREFUSED or GN_ESYNTAX when refused; GN_ESTATE when the game is over;
** another negative code is a hard error (kept in cx->err). */
GN_PRINTF(2, 3) int gn__ai_order(ai_ctx *cx, const char *fmt, ...);
/* Moves unit u towards goal, at most step, along the straight line, trying
** shorter moves and small side-steps until the rules accept one. verb is
** "move" or the ruleset's word; how is a set of AI_MOVE_* flags: FACE adds
** "facing DEG" (a compass bearing, as orders take it); CLEAR skips, without
** trying them, the positions where u would overlap another fighting
** unit it sees; NOT_CLOSER those where u would be nearer (edge to edge) the
** nearest enemy than now. 0 moved, GN_EREFUSED when nothing passed. */
#define AI_MOVE_FACE 1
#define AI_MOVE_CLEAR 2
#define AI_MOVE_NOT_CLOSER 4
int gn__ai_move_toward(ai_ctx *cx, const char *verb, int u, gn_vec2 goal, double step, int how,
                       double facing_deg);
/* What the rules accept now for own unit u with verb: the listing of that
** unit and verb (gn_actions_query), the one source of what is legal; the
** commander chooses among its targets (for a verb with a point to choose, the
** action gives the move left). NULL when the rules accept none. Valid until
** the next call (the commander's listing is kept in cx->acts). A hard error
** (out of memory) is kept in cx->err, and NULL returned. */
const gn_action *gn__ai_actions(ai_ctx *cx, int u, const char *verb);
/* The nearest fighting, unbroken enemy among the targets the rules list for
** u's verb (its distance in *distance, NULL allowed), or -1 when none. */
int gn__ai_listed_nearest(ai_ctx *cx, int u, const char *verb, double *distance);
/* The move own unit u has left for verb ("move", "leader"), from the
** listing's allowance; 0 when the rules accept no such order now. */
double gn__ai_move_left(ai_ctx *cx, int u, const char *verb);
/* A memo for the checks of ruleset games; data_dir as gn_game_set_data_dir
** (NULL: the built-in data). NULL only when out of memory. */
gn__ai_memo *gn__ai_memo_new(const char *data_dir);
void gn__ai_memo_free(gn__ai_memo *m);
/* The commander asks its checks through m (borrowed; it must outlive ai). */
void gn__ai_use_memo(gn_ai *ai, gn__ai_memo *m);
/* A summary (AI_SUMS numbers) of the distribution of the ruleset's check
** with "--param value" arguments, exact, from the commander's memo: fn makes
** it the first time the question is asked (from the outcomes and, through
** gn_check_label on rules, their labels). tag names fn and whatever of ud
** the summary depends on (the memo's key is the ruleset, the check, tag and
** the arguments). 0, or -1 when it cannot be evaluated. */
#define AI_SUMS 64
typedef void (*gn__ai_sum_fn)(gn_game *rules, const char *check, const gn_dist *d, void *ud, double *out);
int gn__ai_check_sum(ai_ctx *cx, const char *check, int argc, const char *const *argv, const char *tag,
                     gn__ai_sum_fn fn, void *ud, double out[AI_SUMS]);
/* P(outcome == v) of the ruleset's check with "--param value" arguments,
** exact, from the commander's memo (asked of the odds engine the first time).
** -1 when it cannot be evaluated. */
double gn__ai_check_p(ai_ctx *cx, const char *check, int argc, const char *const *argv, int64_t v);
/* Strength and a named attribute of unit u for the odds of a fight, as the
** commander's side sees them (gn_unit_view_get, gn_unit_attr with the side
** as viewer). What the ruleset hides from the side is never read: a hidden
** strength (V&B rosters) is the picture's estimate (ai_unit.strength: the
** mean starting strength of its own fighting units), a hidden attribute
** (V&B morale grade, Belle Alliance valour and supplies) the ruleset
** schema's default, or the middle of its range when the default is a
** marker. -1 when unknown (no such attribute, a unit not seen). */
int gn__ai_odds_strength(const ai_ctx *cx, int u);
int gn__ai_odds_attr(const ai_ctx *cx, int u, const char *name);
/* The threshold of P(good) above which this commander charges: lower with
** aggression, numbers, and time running out for a side that must attack. */
double gn__ai_charge_threshold(const ai_ctx *cx);
/* 1 when odds p and mean gain are good enough to charge: p above the
** threshold and a gain above 0 (a side that must attack accepts a loss in
** the exchange as time runs out: down to -2.5 SP at the last turn). */
int gn__ai_charge_ok(const ai_ctx *cx, double p, double gain, double slack);
/* The share of a standoff distance kept now (less as time runs out for a
** side that must attack). */
double gn__ai_standoff_factor(const ai_ctx *cx);
/* Edge distance between units a and b (gn_unit_distance), asked of the
** engine once per order given (the picture keeps it). */
double gn__ai_distance(ai_ctx *cx, int a, int b);
/* The same when it is at most r; otherwise a number above r, found without
** the engine when the centres are far enough apart (the boxes in the
** picture say so). */
double gn__ai_distance_upto(ai_ctx *cx, int a, int b, double r);
/* Nearest enemy fighting unit on the table not broken (skip_broken) of u, and
** its edge distance; -1 none. */
int gn__ai_nearest_enemy(ai_ctx *cx, int u, int skip_broken, double *dist);
/* 1 when u is the garrison of an objective its side holds: the first good
** unit of the side inside it (a commander with caution 0.2 or more keeps one). */
int gn__ai_garrison(const ai_ctx *cx, int u);
/* The task of its formation's plan that own unit u follows now (plan.c),
** NULL when it has none (the doctrine alone decides). */
const ai_task *gn__ai_task(const ai_ctx *cx, int u);
/* The posture of unit u: its task's (take and attack: attack; the others:
** defend), else the side's. */
ai_posture gn__ai_posture(const ai_ctx *cx, int u);
/* 0 when u's task forbids starting a fight (screen, march, retire). */
int gn__ai_may_charge(const ai_ctx *cx, int u);
/* 1 when u's task sends it somewhere it is not (guns limber for it). */
int gn__ai_must_move(ai_ctx *cx, int u);
/* The standoff share for u: the side's, kept at two and a half times for a screen. */
double gn__ai_unit_standoff(const ai_ctx *cx, int u);
/* The next point of u's way to goal by road (the nearest road that passes
** near both ends; X,Y of its vertices in turn): 1 with *next, 0 when no
** road serves (go straight). */
int gn__ai_road_next(ai_ctx *cx, int u, gn_vec2 goal, gn_vec2 *next);
/* Where the doctrine sends unit u: its task's place, else an objective to
** take or hold, or the enemy. */
gn_vec2 gn__ai_goal(ai_ctx *cx, int u);
/* 1 when own unit u was ordered to move last turn and has not moved since
** (the ground or a formation stopped it). */
int gn__ai_stuck(const ai_ctx *cx, int u);
/* Compass bearing in whole degrees from a to b (0 towards +y, 90 towards +x). */
double gn__ai_heading_deg(gn_vec2 a, gn_vec2 b);
double gn__ai_dist(gn_vec2 a, gn_vec2 b);
/* Uniform in [0, 1) from the commander's generator. */
double gn__ai_random(ai_ctx *cx);
/* Loss fraction of own unit u since the start. */
double gn__ai_unit_losses(const ai_ctx *cx, int u);
/* Reads unit u's view again (after it moved), with its status text. */
void gn__ai_view(ai_ctx *cx, int u);
/* A named attribute of the ruleset schema of unit u ("disorder", "routed",
** "limbered") as the commander's side sees it (gn_unit_attr with the side as
** viewer): the typed state, never the status text. dflt when the side may
** not know it or the ruleset has no such attribute. */
int gn__ai_seen(const ai_ctx *cx, int u, const char *name, int dflt);

/* ------------------------------------------------------------ battle.c */
/* gn_battle_run with the commanders asking their checks through memo
** (borrowed; NULL: each commander its own). */
int gn__battle_run(gn_game *g, const gn_battle_opts *o, gn_battle_result *r, gn__ai_memo *memo);
/* Type filter shared by the doctrines: leaders, staff, waggons do not fight. */
int gn__ai_type_fights(const char *type);

#endif /* GN_AI_H */
