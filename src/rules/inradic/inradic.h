/*
** inradic.h: internals of the Inradic ruleset (id "inradic"), the gentle art
** of imagi-nation gaming: skirmishes of individual figures, playing cards for
** shooting and melee, dice for morale.
**
** The model (docs/rulesets.md, rules index data/rulesets/inradic/rules.yaml):
**   - A scenario unit is a loose group of individual figures. The engine's unit
**     is that group: strength = figures remaining, strength0 = figures at the
**     start (it fixes the morale dice, ref. IN-M7). The stand box is the
**     group's footprint (about one inch of frontage per figure).
**   - Each figure has a role. The scenario gives the count of each role as an
**     attribute: privates, bugler, flag, corporal, nco, officer, hero, staff,
**     general. privates may be left out (or -1): it is then the rest of the
**     unit's strength. With `strength: 0` the roles' sum is the strength;
**     roles that do not add up to the strength are a scenario error.
**   - quality: peasants (also "commoners"), militia, irregular, native,
**     trained, well_trained, veteran, fanatic (also "fighters"). weapon:
**     none, musket, rifle, bow, sling,
**     pistol, multishot (a personal multi-shot weapon: every ordinary figure is
**     a piece), mg (a crewed machine gun), artillery, explosive (thrown bombs).
**     pieces: guns or crewed MGs in an artillery or mg unit (default 1).
**   - Unit types: foot, mounted, gun (an artillery piece or crewed MG with its
**     crew), wagon (an ammunition wagon or pony).
**   - Casualties: each hit removes one figure, privates first, then the other
**     roles in role order (bugler, flag, corporal, ...), unless a hero/leader
**     hit (ref. IN-H1, IN-H2, IN-H3, IN-H4) names the figure.
**   - Ordinary figures are privates, buglers and flag bearers; "leaders"
**     (corporal, nco, officer, hero, staff, general) draw 3 cards each
**     (data roles.leader). A gun or crewed MG unit's figures are its crew:
**     only the pieces draw (one piece in action per 2 crew, at least one).
**   - One list of roles (data roles.rank, ref. IN-B14) says what each role
**     is in the seed's words (a corporal is an NCO; officer, staff and
**     general are officers); M3, the rally and hero hits all read it.
**   - Hits on heroes and leaders (scenario option hero_hits): the attacker's
**     choice is the order's "choose ROLE"; the default is the rolled rank if
**     present, else an ordinary figure (switch heroes.absent_falls_lower: the
**     highest rank present below, heroes.c).
**   - Each side has one 52-card deck (g->st.deck), drawn without replacement
**     and reshuffled when empty; every card is a chance point (gn__draw_card).
**
** State: each unit's gn__in_unit (in_unit.h, in_u, in_uw); per-turn bits in u->flags
** (IN_F_*); the decks in g->st.deck. Numbers from
** the data files data/rulesets/inradic/NAME.yaml live in in_data on g->sc->rsdata.
**
** Sequence of play (ref. IN-B13, turn.c): a game turn is one side turn per
** side in scenario order. A side turn starts with its routing units' retest
** or rally (ref. IN-M14, IN-M15, IN-M16, IN-M17); then the side gives orders (move, charge,
** melee, fire, throw, pursue, halt) in any order, each unit acting once per
** kind; `end` closes the side turn.
*/
#ifndef GN_INRADIC_H
#define GN_INRADIC_H

#include "core.h"

extern const gn__ruleset gn__rs_inradic;

/* ------------------------------------------------------------ unit types */
/* ORDER: as inradic.c in_types[] and the data lists move.* */
typedef enum in_type { IN_T_FOOT, IN_T_MOUNTED, IN_T_GUN, IN_T_WAGON, IN_T_COUNT } in_type;

/* ------------------------------------------------------------ roles */
/* in_role (in_unit.h): the figures' roles, ORDER: gn__in_unit.role[] and the data lists roles.* */
extern const char *const gn__in_role_names[IN_NROLES + 1];

/* What a role is in the seed's words (data roles.rank), the hero table's
** numbering: 1 bugler .. 6 general, 0 none. ORDER: the data lists by rank. */
enum { IN_RANK_NONE, IN_RANK_BUGLER, IN_RANK_FLAG, IN_RANK_NCO, IN_RANK_HERO, IN_RANK_OFFICER,
       IN_RANK_GENERAL, IN_NRANKS };

/* Figures of a group by role: what the resolutions take, so that the odds
** checks can call them without a scenario unit. */
typedef struct in_figs { int n[IN_NROLES]; } in_figs;

/* ------------------------------------------------------------ qualities, weapons */
/* ORDER: as gn__in_quality_names and the data lists morale.quality, pursuit.* */
typedef enum in_quality {
  IN_Q_PEASANTS, IN_Q_MILITIA, IN_Q_IRREGULAR, IN_Q_NATIVE, IN_Q_TRAINED, IN_Q_WELL_TRAINED,
  IN_Q_VETERAN, IN_Q_FANATIC, IN_Q_COUNT,
  IN_Q_COMMONERS = IN_Q_COUNT,   /* the seed's other names, read as peasants ... */
  IN_Q_FIGHTERS,                 /* ... and fanatics; setup stores the canonical value */
  IN_Q_NAMES
} in_quality;
extern const char *const gn__in_quality_names[IN_Q_NAMES + 1];
extern const char *const gn__in_quality_words[IN_Q_NAMES];   /* as players read them */
/* A quality name's canonical value (commoners -> peasants, fighters -> fanatic). */
int gn__in_quality_canon(int q);

/* ORDER: as gn__in_weapon_names and the data list shoot.range */
typedef enum in_weapon {
  IN_W_NONE, IN_W_MUSKET, IN_W_RIFLE, IN_W_BOW, IN_W_SLING, IN_W_PISTOL, IN_W_MULTISHOT,
  IN_W_MG, IN_W_ARTILLERY, IN_W_EXPLOSIVE, IN_W_COUNT
} in_weapon;
extern const char *const gn__in_weapon_names[IN_W_COUNT + 1];

/* ------------------------------------------------------------ terrain */
/* ORDER: as inradic.c in_terrain[] and the data lists terrain.* */
typedef enum in_terrain {
  IN_TR_WOODS, IN_TR_ROUGH, IN_TR_HILL, IN_TR_BUILDING, IN_TR_WALL, IN_TR_HEDGE, IN_TR_FENCE,
  IN_TR_RIVER, IN_TR_STREAM, IN_TR_POND, IN_TR_ROAD, IN_TR_COUNT
} in_terrain;

#define IN_PI 3.14159265358979323846

enum { IN_COVER_NONE, IN_COVER_SOFT, IN_COVER_HARD };

/* ------------------------------------------------------------ unit state */
/* A unit's state (gn__in_unit, in_unit.h), to read and, through the journal
** (gn__uw), to write; and its start as the scenario gives it. Cannot fail. */
static inline const gn__in_unit *in_u(const gn_game *g, int i) { return &g->st.u[i].in; }
static inline gn__in_unit *in_uw(gn_game *g, int i) { return &gn__uw(g, i)->in; }
static inline const gn__in_unit *in_u0(const gn_game *g, int i) { return &g->sc->unit[i].in0; }

/* Status: steady; routing (runs each turn until it stops, ref. IN-M14); halted:
** stopped running but not rallied, still broken (ref. IN-M15, IN-M16). */
enum { IN_S_STEADY, IN_S_ROUTING, IN_S_HALTED };

/* Pursuit state of a unit, and the outcomes of the pursuit die (data pursuit.<q>). */
enum {
  IN_PU_NONE,      /* not pursuing; as a die result: may not pursue */
  IN_PU_MAY,       /* may pursue if the player orders it (default: no) */
  IN_PU_MUST,      /* pursues; as a state: pursuing */
  IN_PU_DECLINE    /* pursues unless the player declines (default: yes) */
};
#define IN_PU_PURSUING IN_PU_MUST

/* Per-side-turn bits in gn__ustate.flags, cleared when the unit's side begins its turn. */
#define IN_F_MOVED   1u
#define IN_F_FIRED   2u
#define IN_F_FOUGHT  4u
#define IN_F_CHARGED 8u
#define IN_F_JAMMED  16u   /* ref. IN-R7: jammed for the turn */
#define IN_F_HALT_TRIED 32u  /* a fanatic tried to halt its pursuit (ref. IN-P6) */

/* Ruleset globals (g->st.rs): g->st.turn and g->st.active carry the sequence of
** play; rs[IN_RS_DECK + 2 * side] and the next hold, only while the odds
** engine enumerates, the partition of ranks each side's deck is known for
** (cards.c); in play they stay 0. */
#define IN_RS_DECK 0

/* Scenario options. ORDER: as inradic.c in_options[]. */
enum {
  IN_OPT_HERO_HITS,
  IN_OPT_LEADER_COMMAND,   /* ref. IN-LDR: 1 a staff officer's or general's rating reaches
                              friends within his command radius; 0 his own unit only */
  IN_OPT_COUNT
};

/* ------------------------------------------------------------ data */
typedef struct in_data {
  /* cards (shoot.yaml) */
  int per_five, remainder, leader_cards, multishot_cards, mg_cards, mg_close_cards, gun_cards;
  int crew_per_piece;
  int need_close, need_long, cover_need[3];
  double range[IN_W_COUNT];
  int ammo_pictures, ammo_out_min, ammo_jam_max;
  double resupply_range, adjacent;
  int throw_on_target_max, deviation[6], burst_cards, picture_dud;
  double burst, throw_range;
  /* melee (melee.yaml) */
  int melee_need, melee_need_obstacle;
  int entry_is_move;                   /* ref. IN-ARR: coming on at an entry is the turn's move */
  double contact;
  /* morale (morale.yaml) */
  int quality_mod[IN_Q_COUNT];
  int uphill, soft, hard, flank, rear;
  int one_is_die;         /* morale.one_is_die: a remainder of 1 counts as a die (ref. IN-B10) */
  double friend_rout_range;
  int melee_casualties;
  int rout_factor, water_per;
  /* movement (move.yaml) */
  double move[IN_T_COUNT], charge_factor, difficult_cost, cover_reach;
  double move_tolerance;      /* a move may cost this much over the unit's move (ref. IN-B8) */
  /* pursuit (pursuit.yaml) */
  int pursuit[IN_Q_COUNT][6], pursuit_first_only[IN_Q_COUNT], pursuit_halt_min[IN_Q_COUNT];
  /* roles (roles.yaml): role_rank is the one list of what each role is in the
  ** seed's words (IN_RANK_*); M3, rally and hero hits read their lists by rank */
  int hero_face[6], role_rank[IN_NROLES], role_leader[IN_NROLES], m3_rank[IN_NRANKS],
      rally_rank[IN_NRANKS], hero_fall_lower;
  /* leaders as people (roles.yaml, ref. IN-LDR): by GN_RATING_* */
  int rating_morale[GN_RATING_COUNT];
  double cmd_radius, rating_radius[GN_RATING_COUNT];
  /* terrain (terrain.yaml) */
  int tr_cover[IN_TR_COUNT], tr_difficult[IN_TR_COUNT], tr_water[IN_TR_COUNT],
      tr_obstacle[IN_TR_COUNT], tr_hill[IN_TR_COUNT];
} in_data;

/* The data of the game's scenario (set up by inradic.c). */
static inline const in_data *in__data(const gn_game *g) { return (const in_data *)g->sc->rsdata; }
/* A reinforcement came on at an entry (ruleset hook `entered`, ref. IN-ARR).
** Cannot fail. */
void gn__in_entered(gn_game *g, int u, double marched);
/* 1 when unit u holds an objective within whose radius it stands (ref. IN-VIC). */
int gn__in_holds(const gn_game *g, int u);

/* ------------------------------------------------------------ cards.c */
/* A partition of the ranks (1 Ace .. 13 King) into classes: what a rule asks
** of a card (a hit, a miss, an Ace, a picture). cls[rank] is 0..n-1. */
typedef struct in_part { int n; signed char cls[14]; } in_part;
/* Ranks with equal key[rank] (1..13) share a class. Cannot fail. */
void gn__in_part_make(in_part *p, const int key[14]);
/* Draw k cards from side's deck (ref. IN-B4); ranks[] receives their ranks.
** In play, k chance points of one card; under the odds engine, one aggregate
** chance point over the classes of p (read only then). Fails with the dice source's error,
** GN_ETOOBIG (enumerating: the deck is not known finely enough, or too many
** branches: the engine samples instead) or GN_ENOMEM. */
int gn__in_draw(gn_game *g, int side, int k, const in_part *p, const char *purpose, const char *ref,
             int unit, int *ranks);
/* A d6 that the rule reads only by key[face] (faces 1..6): in play a chance
** point of its own (gn__roll), under the odds engine one branch per class;
** *face gets the face (a representative of its class). Fails with the dice
** source's error or GN_ENOMEM. */
int gn__in_roll_d6(gn_game *g, const int key[7], const char *purpose, const char *ref, int unit, int *face);
/* 1 while the odds engine enumerates (the aggregate chance points apply). */
static inline int in__enumerating(const gn_game *g) { return gn__enumerating(g); }
/* A full deck for a side, known card by card. */
void gn__in_deck_full(gn_game *g, int side);
/* C(n, r), 0 when r < 0 or r > n; exact for n <= 62. */
uint64_t gn__in_binom(int n, int r);

/* ------------------------------------------------------------ figures.c */
/* The figures of a unit by role. Cannot fail. */
in_figs gn__in_figs(const gn_game *g, int unit);
int gn__in_figs_total(const in_figs *f);
/* Ordinary figures (privates, buglers, flags) and leaders (data roles.leader). */
int gn__in_figs_ordinary(const gn_game *g, const in_figs *f);
int gn__in_figs_leaders(const gn_game *g, const in_figs *f);
/* Removes n casualties from a unit, privates first (ref. IN-B5); named is a
** role to take first (a hero hit), or -1. killed[] (may be NULL) gets the
** count per role. Removes the unit when none is left. Returns the casualties. */
int gn__in_casualties(gn_game *g, int unit, int n, int named, int *killed);
int gn__in_quality(const gn_game *g, int unit);
int gn__in_weapon(const gn_game *g, int unit);
int gn__in_routing(const gn_game *g, int unit);
int gn__in_side(const gn_game *g, int unit);
/* 1 when the unit is on the table with figures left. */
int gn__in_alive(const gn_game *g, int unit);
int gn__in_enemies(const gn_game *g, int a, int b);
/* Normal move and charge move of a unit (ref. IN-B8, IN-B9); 0 for types that cannot charge. */
double gn__in_move_allowance(const gn_game *g, int unit);
/* The ruleset's gn_actions hook (gn__ruleset.allowance). */
double gn__in_allowance(gn_game *g, const char *verb, int u, char *avoid, size_t n);
double gn__in_charge_allowance(const gn_game *g, int unit);
/* The reach hook (gn__ruleset.reach), shoot.c: fire, by the weapon's range
** and half range (ref. IN-R4, IN-B1); a charge, by its charge move (ref.
** IN-B9); a throw, by the throwing range (ref. IN-R9). -2 when the unit has
** no weapon for the verb. Cannot fail. */
double gn__in_reach(gn_game *g, const char *verb, int u, gn_reach *out);
/* 1 when the two stands touch (data melee.contact). */
int gn__in_in_contact(const gn_game *g, int a, int b);
/* 1 when the unit touches an enemy. */
int gn__in_engaged(const gn_game *g, int unit);
/* Cover of a unit: areas it stands in, and lines crossed near it by the line
** from `from` (pass NULL for areas only). IN_COVER_*. */
int gn__in_cover(const gn_game *g, int unit, const gn_vec2 *from);
/* 1 when a line obstacle lies between attacker and defender near the defender,
** or the defender stands in an obstacle area (building). */
int gn__in_obstacle(const gn_game *g, int attacker, int defender);
/* 1 when unit stands on a hill and enemy does not (ref. IN-M10). */
int gn__in_uphill(const gn_game *g, int unit, int enemy);
/* Nearest enemy on the table (centre to centre), or -1. */
int gn__in_nearest_enemy(const gn_game *g, int unit);
/* Scratch arrays of ints for a resolution (NULL on OOM). */
int *gn__in_ints(gn_game *g, int n);
void gn__in_ints_free(gn_game *g, int *p, int n);
/* Removes a unit from the table. */
void gn__in_remove(gn_game *g, int unit);
/* A unit's short name for texts. */
const char *gn__in_name(const gn_game *g, int unit);

/* ------------------------------------------------------------ shoot.c */
/* What a shot needs, without the scenario (so the odds check shares it). */
typedef struct in_fire {
  int side;            /* whose deck */
  int unit, target;    /* for events, or -1 */
  in_figs firer;
  int weapon, pieces;
  double range;        /* edge-to-edge distance */
  int cover;           /* IN_COVER_* of the target */
} in_fire;

typedef struct in_draw {
  int cards, hits, aces, pictures, capped;   /* aces: counted hits that are Aces */
} in_draw;

typedef struct in_fire_result {
  in_draw d;
  int need;          /* number card needed */
  int ammo_roll;     /* the d6 of ref. IN-R7, 0 when not rolled */
  int out_of_ammo, jammed;
} in_fire_result;

/* The cards a group draws (ref. IN-R1, IN-R2, IN-R5, IN-R6): those of the
** ordinary figures when they are a fraction under five fighting alone (their
** hits capped at *cap figures, ref. IN-R3) and the rest. Returns the total,
** 0 when the weapon cannot fire at that range. */
int gn__in_fire_cardcount(const gn_game *g, const in_fire *f, int *capped_cards, int *free_cards,
                       int *cap);
/* The same count for melee, where every figure fights (ref. IN-B6). */
int gn__in_melee_cardcount(const gn_game *g, const in_figs *f, int *capped_cards, int *free_cards,
                        int *cap);
/* Draw a group's cards and count hits (ref. IN-B1, IN-B3, IN-R3); cards of the
** capped part score at most cap hits (cap < 0: none); pictures: 1 when the
** caller counts picture cards (d->pictures, ref. IN-R7), else they are only
** misses; basis: how the value needed is reached ("8 beyond half range,
** soft cover +2"), told to the table before the draw with the value, or
** NULL. Fails as gn__in_draw. */
int gn__in_draw_hits(gn_game *g, int side, int capped_cards, int free_cards, int need, int cap,
                  int pictures, const char *basis, const char *purpose, const char *ref, int unit,
                  in_draw *d);
/* The whole card resolution of one shot (ref. IN-R1, IN-R2, IN-R3, IN-R4, IN-R5,
** IN-R6, IN-R7, IN-B1, IN-B2, IN-B3). */
int gn__in_fire_resolve(gn_game *g, const in_fire *f, in_fire_result *r);
int gn__in_order_fire(gn_game *g, const gn__args *a);
/* Where a thrown explosive bursts (ref. IN-R9), thrown from `from` (facing:
** the thrower's, used when the point is under its feet) at `aim`: *dud 1 when
** it fails to explode, else *at is the burst. Fails with the dice source's error. */
int gn__in_throw_land(gn_game *g, int side, int unit, gn_vec2 from, double facing, gn_vec2 aim,
                   gn_vec2 *at, int *dud);
/* How many of a group's n figures (standing in box) a burst at `at` hits
** (ref. IN-R9). Fails as gn__in_draw. */
int gn__in_burst_hits(gn_game *g, int side, gn_box box, int n, gn_vec2 at, int unit, int *hits);
int gn__in_order_throw(gn_game *g, const gn__args *a);
/* Out-of-ammunition guns next to a wagon that stayed put: resupplied (ref. IN-R8). */
int gn__in_resupply(gn_game *g, int side);

/* ------------------------------------------------------------ melee.c */
/* What one round of melee needs, without the scenario (so the odds check
** shares it): [0] the attacker, [1] the defender. */
typedef struct in_melee {
  int side[2];         /* whose decks */
  int unit[2];         /* for events, or -1 */
  in_figs figs[2];
  int routing[2];      /* a routing group draws no card */
  int obstacle;        /* the defender is behind an obstacle (ref. IN-B7) */
} in_melee;
typedef struct in_melee_result {
  in_draw d[2];        /* d[0]: the attacker's cards (hits on the defender) */
  int need[2];         /* number card each side needs */
} in_melee_result;
/* Both sides' cards of one round, before any figure falls (ref. IN-B6, IN-B7, IN-R3). */
int gn__in_melee_draw(gn_game *g, const in_melee *m, in_melee_result *r);
int gn__in_order_charge(gn_game *g, const gn__args *a);
int gn__in_order_melee(gn_game *g, const gn__args *a);

/* ------------------------------------------------------------ morale.c */
typedef struct in_mctx {
  int start, remaining, quality;
  int uphill, cover, arc;   /* arc: GN_ARC_* of the engaging enemy, -1 none */
  int unit;                 /* for events, or -1 */
  int rating;               /* the rating of the leader whose word counts (IN-LDR), -1 none */
} in_mctx;

/* ------------------------------------------------------------ leaders.c */
/* ref. IN-LDR: the role unit's rating belongs to (its highest leader figure
** at the start: corporal up to general), or -1 when it has none. Pure. */
int gn__in_leader_role(const gn_game *g, int unit);
/* 1 when unit is on the table with a figure of its rated leader's role. Pure. */
int gn__in_leader_alive(const gn_game *g, int unit);
/* The command radius of unit's leader, his rating counted: only a staff
** officer or general commands beyond his own unit, with the option
** leader_command; else -1. Pure. */
double gn__in_command_radius(const gn_game *g, int unit);
/* The rating whose word counts in unit's morale tests (ref. IN-LDR): the best
** of its own leader's, alive, and of the staff officers and generals of its
** side not routing whose command radius reaches it; -1 when there is none.
** *from (may be NULL) gets the unit whose leader gives it. Pure. */
int gn__in_leader_rating(const gn_game *g, int unit, int *from);
/* Tells every side that unit lost killed[r] figures of each leader role
** (ref. IN-LDR); after its rated leader's last figure, that his rating is
** gone with him. GN_ENOMEM. */
int gn__in_leader_lost(gn_game *g, int unit, const int *killed);

/* Morale dice of a starting size: "d10+d4" into buf; *ndice = dice counted by
** the per-die modifiers, the +1 of a remainder of one figure among them only
** when one_is_die (ref. IN-M7, IN-B10, IN-B11). */
void gn__in_morale_dice(int start, int one_is_die, char *buf, size_t n, int *ndice);
/* The tests (IN_TR_M5, IN_TR_M6 bits) a charge of `charger` figures calls
** for in a target of `target` figures, charged in its arc (ref. IN-M5: at
** least its size; IN-M6: half its size in its flank or rear); 0 none. Cannot
** fail. */
unsigned gn__in_charge_calls_test(int charger, int target, gn_arc arc);
/* 1 when a unit that lost `lost` figures in one round of melee tests its
** morale for them (ref. IN-M2: morale.melee_casualties or more). Cannot fail. */
int gn__in_melee_calls_test(const gn_game *g, int lost);
/* Roll one morale test; *pass 1 or 0, *total the modified total (ref. IN-M7, IN-M8, IN-M9, IN-M10). */
int gn__in_morale_roll(gn_game *g, const in_mctx *m, const char *why, const char *ref, int *pass,
                    int *total);
/* Why a unit tests (bits), for one test per resolution. */
#define IN_TR_M1 1u
#define IN_TR_M2 2u
#define IN_TR_M3 4u
#define IN_TR_M4 8u
#define IN_TR_M5 16u
#define IN_TR_M6 32u
/* A triggered test of a scenario unit; on failure it routs (with pursuit by
** the units in contact and the tests of friends who see it). enemy is the
** engaging enemy or -1. *routed (may be NULL) is set to 1 on a rout. */
int gn__in_morale_test(gn_game *g, int unit, unsigned triggers, int enemy, int *routed);

/* ------------------------------------------------------------ rout.c */
/* A failed test (ref. IN-M11): the unit routs from enemy (or -1): friends who
** see it test (ref. IN-M4), it runs (gn__in_rout_move), enemies in contact may pursue. */
int gn__in_rout(gn_game *g, int unit, int enemy);
/* The unit routs now: a double move away (ref. IN-M11, IN-M12, IN-M13), from `from` (an
** enemy, or -1 for the nearest), then its pursuers follow. */
int gn__in_rout_move(gn_game *g, int unit, int from);
/* Start of a side turn: each router retests or keeps running (ref. IN-M14, IN-M15, IN-M16, IN-M17). */
int gn__in_rally_phase(gn_game *g, int side);
/* 1 when some enemy pursues the unit (ref. IN-M15). */
int gn__in_pursued(const gn_game *g, int unit);
/* 1 when losing a figure of this role calls for a test (ref. IN-M3, data roles.m3 by rank). */
int gn__in_role_m3(const gn_game *g, int role);
/* The role that leads a rally, or -1 (ref. IN-M16). */
int gn__in_rally_leader(const gn_game *g, const in_figs *f);

/* ------------------------------------------------------------ pursuit.c */
/* Roll the pursuit die for a quality: *result IN_PU_* (ref. IN-P1, IN-P2, IN-P3, IN-P4, IN-P5, IN-P6). */
int gn__in_pursuit_roll(gn_game *g, int quality, int unit, int *result);
/* A unit has routed from contact: the enemies touching it may pursue. */
int gn__in_pursuit_offer(gn_game *g, int router, const int *contacts, int ncontacts);
/* Pursuers follow their router after its rout move. */
void gn__in_pursuit_follow(gn_game *g, int router);
/* The router left the table or rallied: its pursuers stop. */
void gn__in_pursuit_end(gn_game *g, int router);
/* End of a side turn: offers not taken fall to their default. */
int gn__in_pursuit_defaults(gn_game *g);
/* Start of a side turn: first-turn-only pursuits end (ref. IN-P2). */
int gn__in_pursuit_expire(gn_game *g);
int gn__in_order_pursue(gn_game *g, const gn__args *a);
int gn__in_order_halt(gn_game *g, const gn__args *a);

/* ------------------------------------------------------------ heroes.c */
/* Roll an Ace's hero check against the figures present; *role the figure hit
** or -1 (ref. IN-H1, IN-H2, IN-H3, IN-H4). choice: the attacker's preferred role or -1. */
int gn__in_hero_check(gn_game *g, const in_figs *present, int choice, int unit, int *role);
/* The role an Ace of face `face` hits among those present (pure). */
int gn__in_hero_pick(const gn_game *g, const in_figs *present, int face, int choice);
/* Hits still to fall on a unit and what they took so far (gn__in_hit_step). */
typedef struct in_hits { int hits, aces, lost, killed[IN_NROLES]; } in_hits;
/* One step of hits on target: an Ace through the hero check (with the option
** hero_hits), or all the rest at once. 1 when more steps remain, 0 when done,
** or a negative code when a hero check's chance point failed. */
int gn__in_hit_step(gn_game *g, int target, in_hits *h, int choice);
/* Apply a group's hits to a target, Aces first through the hero check when
** the option is on. killed[] receives the roles lost. Returns casualties, or
** a negative code when a hero check's chance point failed. */
int gn__in_apply_hits(gn_game *g, int target, int hits, int aces, int choice, int *killed);
/* Parse "choose ROLE" at token tok (optional); *role -1 when absent. */
int gn__in_arg_choice(gn_game *g, const gn__args *a, int tok, int *role);

/* ------------------------------------------------------------ turn.c */
int gn__in_order_end(gn_game *g, const gn__args *a);
int gn__in_order_move(gn_game *g, const gn__args *a);
/* Refuse unless the unit belongs to the side whose turn it is and may act. */
int gn__in_may_act(gn_game *g, int unit, const char *verb);
/* Over when a side has no figure left on the table. */
void gn__in_check_over(gn_game *g);

/* ------------------------------------------------------------ checks.c */
#define IN_NCHECKS 6
extern const gn__check gn__in_checks[IN_NCHECKS];

#endif /* GN_INRADIC_H */
