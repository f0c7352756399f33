/*
** ba.h: internals of the Belle Alliance ruleset (id "ba"), Lexnet 2001.
**
** Scale: battalions of figures, centimetres, bounds. Every roll is 3d6
** through gn__roll (ref. BA-DICE-1), so the faces are there for the supply
** rule (ref. BA-5.5.3b) and the odds engine enumerates the 216 outcomes.
**
** Files, by rule chapter:
**   ba.c       the descriptor, schema, data loading, views
**   bound.c    the bound and its phases (1.1.1), the orders verbs
**   units.c    formations, splitting and assembly (1.2)
**   move.c     marching, paces, melee-zone contact (2.3.1, 4.1.1)
**   fire.c     fire (3.1, tables 6, 7, 12)
**   melee.c    melee (4.1, 4.3, tables 8, 11, prisoners 4.1.3)
**   valour.c   valour, losses, FD (5.5.1, 5.5.2, table 15, 21, 5.4.1)
**   supplies.c supplies (5.5.3)
**   rest.c     rest (5.5.4, 1.3.6), supply waggons (1.2.4)
**   staff.c    staff catch roll (table 18)
**   checks.c   the odds checks
**   near.c     screens before exact stand geometry (speed only)
**
** State: per-unit values in each unit's gn__ba_unit (ba_unit.h: ba_u, ba_uw), one-bit
** facts in g->st.u[i].flags (BA_F_*), globals in g->st.rs[] (ba_rs). The
** tables read from data/rulesets/ba/ are in ba_data on g->sc->rsdata.
*/
#ifndef GN_BA_H
#define GN_BA_H

#include "core.h"

#include <math.h>

/* ------------------------------------------------------------ unit types */
/* ORDER: as ba.c's types[]. */
typedef enum ba_type {
  BA_T_INFANTRY,          /* infantry battalion (figures) */
  BA_T_CAV_LIGHT,         /* light cavalry regiment (squadrons) */
  BA_T_CAVALRY,           /* line (medium) cavalry regiment */
  BA_T_CAV_HEAVY,         /* heavy cavalry regiment */
  BA_T_ART_FOOT,          /* foot battery: strength = gunners, attr guns = model guns */
  BA_T_ART_HORSE,         /* horse battery */
  BA_T_WAGGON,            /* supply waggon: one driver figure (ref. BA-1.2.4b) */
  BA_T_STAFF,             /* staff figure */
  BA_T_COUNT
} ba_type;

/* Arms, for the rules that speak of arms rather than types. */
typedef enum ba_arm { BA_ARM_INF, BA_ARM_CAV, BA_ARM_ART, BA_ARM_WAGGON, BA_ARM_STAFF } ba_arm;

/* ------------------------------------------------------------ formations */
/* ORDER: as ba.c's formation names and every per-formation data list. */
typedef enum ba_form {
  BA_FM_LINE,             /* line; for artillery: unlimbered */
  BA_FM_MARCH,            /* column of march; for artillery: limbered */
  BA_FM_SKIRMISH,         /* skirmish line */
  BA_FM_SQUARE,           /* square */
  BA_FM_MASS,             /* battalion mass */
  BA_FM_REST,             /* rest formation (ref. BA-B11) */
  BA_FM_COUNT
} ba_form;

typedef enum ba_dis { BA_DIS_NONE, BA_DIS_SD, BA_DIS_MD, BA_DIS_FD } ba_dis;

/* Scenario options. ORDER: as ba.c's options[]. */
enum { BA_OPT_STAFF_COMMAND, BA_OPT_COUNT };

/* The written order of a unit for this bound (1.1.2). ORDER: ba.c's names. */
typedef enum ba_order {
  BA_O_NONE, BA_O_ATTACK, BA_O_FIRE, BA_O_MOVE, BA_O_REST, BA_O_EVADE, BA_O_COUNT
} ba_order;

typedef enum ba_pace { BA_P_NORMAL, BA_P_FAST, BA_P_CHARGE, BA_P_COUNT } ba_pace;

/* ------------------------------------------------------------ unit state */
/* A unit's state (gn__ba_unit, ba_unit.h), to read and, through the journal
** (gn__uw), to write; and its start as the scenario gives it. Cannot fail. */
static inline const gn__ba_unit *ba_u(const gn_game *g, int i) { return &g->st.u[i].ba; }
static inline gn__ba_unit *ba_uw(gn_game *g, int i) { return &gn__uw(g, i)->ba; }
static inline const gn__ba_unit *ba_u0(const gn_game *g, int i) { return &g->sc->unit[i].ba0; }

/* Valour a scenario leaves unset (the attribute's default, outside -5..+5): the
** unit's class gives it, else 0 (ba.c's setup, ref. BA-B8). */
#define BA_VALOUR_UNSET 99

/* Table 21 troop classes (ref. BA-B8). ORDER: ba.c's class names and the data
** keys t21.<name>; BA_C_NONE has no row (valour from the scenario, else 0). */
typedef enum ba_class {
  BA_C_NONE, BA_C_SENIOR_GUARD, BA_C_GUARD, BA_C_ELITE, BA_C_VETERAN, BA_C_GOOD_LINE,
  BA_C_LINE, BA_C_NEW_LINE, BA_C_LANDWEHR, BA_C_MILITIA, BA_C_LEVIES, BA_C_COUNT
} ba_class;


/* ------------------------------------------------------------ unit flags */
enum {
  BA_F_MOVED      = 1u << 0,   /* not stationary this bound (ref. BA-1.1.1g) */
  BA_F_FIRED      = 1u << 1,   /* fired this bound */
  BA_F_CFIRED     = 1u << 2,   /* fired in the continued-fire phase (ref. BA-1.1.1d) */
  BA_F_PASSED     = 1u << 3,   /* passed through this bound (ref. BA-1.1.1f) */
  BA_F_ATT        = 1u << 4,   /* attacked (as attacker) this bound */
  BA_F_ATT_LAST   = 1u << 5,
  BA_F_DEF        = 1u << 6,   /* defended in melee this bound */
  BA_F_DEF_LAST   = 1u << 7,
  BA_F_CHANGED    = 1u << 8,   /* split, assembled or changed formation this bound */
  BA_F_CHARGE     = 1u << 9,   /* moved at the charge this bound */
  BA_F_CHARGE_LAST = 1u << 10,
  BA_F_OPPFD      = 1u << 11,  /* brought an opponent into FD this bound */
  BA_F_OPPFD_LAST = 1u << 12,
  BA_F_USED       = 1u << 13,  /* has had its first fire or melee */
  BA_F_FIRED_AT   = 1u << 14,  /* was fired at this bound */
  BA_F_CONT       = 1u << 15,  /* ordered to continue fire (ref. BA-1.1.1c) */
  BA_F_RESTLOST   = 1u << 16,  /* rest interrupted this bound (ref. BA-5.5.4k) */
  BA_F_STOPPED    = 1u << 17,  /* stopped by melee-zone contact (ref. BA-4.1.1c) */
  BA_F_HIDDEN_ATT = 1u << 18,  /* its attack target was hidden when ordered */
  BA_F_FD_NOW     = 1u << 19,  /* brought into FD this bound */
  BA_F_ENGAGED    = 1u << 20,  /* staff: engaged in a melee this bound */
  BA_F_FORCED     = 1u << 21,  /* made a forced move this bound (ref. BA-1.1.1e) */
  BA_F_URBAN      = 1u << 22,  /* a part split off in urban combat */
  BA_F_TURN_L     = 1u << 23,  /* ordered to turn left this bound (both bits: about) */
  BA_F_TURN_R     = 1u << 24,
  BA_F_SERVED     = 1u << 25,  /* waggon: served a resting unit this bound (ref. BA-5.5.4j) */
  BA_F_CANCEL     = 1u << 26,  /* ordered to cancel its attack on melee-zone contact (ref. BA-B20) */
  BA_F_SPREAD     = 1u << 27,  /* has taken its spread-of-rout test this bound (ref. BA-B21) */
  /* what an ordered rest is for, kept until the unit takes the rest formation
  ** (gn__ba_rest_enter); neither: the default (ref. BA-5.5.4f) */
  BA_F_REST_SUP   = 1u << 28,  /* `rest UNIT supplies`: refurbish, losing any rolls left */
  BA_F_REST_VAL   = 1u << 29,  /* `rest UNIT valour`: regain valour, keeping its rolls */
};

/* What `rest UNIT [supplies|valour]` asks for. */
enum { BA_REST_AUTO, BA_REST_SUPPLIES, BA_REST_VALOUR };

/* Flags that hold only for one bound; cleared at its end. */
#define BA_F_BOUND (BA_F_MOVED | BA_F_FIRED | BA_F_CFIRED | BA_F_PASSED | BA_F_ATT | \
                    BA_F_DEF | BA_F_CHANGED | BA_F_CHARGE | BA_F_OPPFD | BA_F_FIRED_AT | \
                    BA_F_CONT | BA_F_RESTLOST | BA_F_STOPPED | BA_F_HIDDEN_ATT | \
                    BA_F_FD_NOW | BA_F_ENGAGED | BA_F_FORCED | BA_F_TURN_L | \
                    BA_F_TURN_R | BA_F_SERVED | BA_F_CANCEL | BA_F_SPREAD)

/* ------------------------------------------------------------ globals */
/* ORDER: indices into g->st.rs[]. */
enum {
  BA_RS_PENALTY = 0,           /* [side]: staff penalty on all rolls (ref. BA-T18) */
  BA_RS_PEN_UNTIL = 4,         /* [side]: last bound the penalty lasts */
  BA_RS_READY = 8,             /* bit s: side s has marked itself ready in the orders phase */
  BA_RS_NRS = 9
};

/* Phases of a bound (ref. BA-B1). ORDER: ba.c's phase names. */
typedef enum ba_phase {
  BA_PH_ORDERS, BA_PH_CONTINUED, BA_PH_MOVEMENT, BA_PH_FIRE, BA_PH_MELEE,
  BA_PH_MORAL, BA_PH_END, BA_PH_COUNT
} ba_phase;

/* ----------------------------------------------------------- terrain */
/* ORDER: as ba.c's terrain[] and the terrain data lists. */
typedef enum ba_terrain {
  BA_TR_WOODS, BA_TR_VILLAGE, BA_TR_BUILDINGS, BA_TR_HILL, BA_TR_MARSH,
  BA_TR_HEDGE, BA_TR_WALL, BA_TR_STREAM, BA_TR_ROAD, BA_TR_COUNT
} ba_terrain;

/* ------------------------------------------------------------ Table 8 */
/* ORDER: as ba.c's t8 keys (data t8.<key>). */
typedef enum ba_t8 {
  T8_MARCH, T8_SKIRMISH, T8_ART_REST, T8_CAV_SQUARE, T8_CAV_MASS, T8_CAV_INF,
  T8_UNCOVERED, T8_SQUARE_INF, T8_UPHILL, T8_CHANGE, T8_FLANK, T8_REAR,
  T8_OVERREACH, T8_OBSTACLE, T8_COVER1, T8_COVER2, T8_COVER3, T8_FIRED,
  T8_NOSUPPLIES, T8_FIRST, T8_CHARGE, T8_HEAVY_CHARGE, T8_CHARGE_LAST,
  T8_PASSIVE_CAV, T8_HEAVY, T8_LIGHT, T8_ATT_RECENT, T8_DEF_RECENT, T8_OPP_FD,
  T8_MORE50, T8_MORE100, T8_MORE200, T8_HIDDEN, T8_SD, T8_MD, T8_FD, T8_SUPPORT,
  T8_NEIGHBOUR, T8_OFFICER, T8_VALOUR, T8_COUNT
} ba_t8;

/* ------------------------------------------------------- fire factors */
/* Tables 6 (hand weapons) and 7 (artillery). ORDER: ba.c's fire keys. */
typedef enum ba_ff {
  FF_MARKSMEN, FF_FIRST, FF_SPLIT, FF_LONG, FF_CANISTER, FF_DENSE, FF_SKIRMISH,
  FF_COVER1, FF_COVER2, FF_COVER3, FF_FLANK, FF_REAR, FF_COUNT
} ba_ff;

/* --------------------------------------------------------------- data */
typedef struct ba_data {
  /* geometry and movement (ref. BA-B2, BA-B17, BA-2.3.1c) */
  double frontage[BA_FM_COUNT], depth[5][BA_FM_COUNT];    /* depth[ba_arm] */
  double rate[BA_T_COUNT][BA_P_COUNT][BA_FM_COUNT];   /* cm per bound, 0 none */
  double terrain_rate[BA_TR_COUNT][BA_FM_COUNT];      /* multiplier, 0 none */
  int cover[BA_TR_COUNT];                             /* 0..3 */
  double red_obstacle, red_wheel, red_rotation, red_change, red_sd, red_md;
  double wheel_free;                                  /* radians turned without a wheel */
  double step;                                        /* simulation step, cm */
  double zone_depth, soutien_dist, support_dist, neighbour_dist, contact_dist;
  double forced_back, skirmish_ahead, overreach;
  /* fire (ref. BA-3.1.1a, BA-3.1.1b, BA-B3, BA-B4, BA-B7) */
  int fire_unit[2], fire_remainder[2];                /* [0] hand weapons, [1] artillery */
  double range[BA_T_COUNT], canister, long_frac;
  int ff[2][FF_COUNT][2];                             /* [weapon][factor][loss, moral] */
  int t12_loss[4], t12_step, t12_moral[3];
  /* melee (ref. BA-T8, BA-B5, BA-B6) */
  int t8[T8_COUNT][2], t8_group[T8_COUNT];
  int t11_band[2], t11_winner_max, prisoner_pct;
  int melee_unit;
  /* valour, FD, supplies, rest (5.5) */
  int valour_pct, fd_loss_pct, fd_loss_min, min_figures;
  int supply_rolls, supply_ones;
  int rest_bounds, rest_waggon;
  int reorganise;
  /* splitting (ref. BA-1.2.2) */
  int split_min_inf, urban_parts;
  /* Table 21 (ref. BA-B8): starting valour of each class ([BA_C_NONE] unused) */
  int t21[BA_C_COUNT];
  /* spread of rout (ref. BA-B21) */
  double spread_dist;
  int spread_hold;
  /* staff (ref. BA-T18) */
  int t18[3];                                         /* lowest totals of the fall bands */
  int t18_pen[3];
  /* staff command (ref. BA-LDR, option staff_command) */
  double cmd_radius, rating_radius[GN_RATING_COUNT];  /* cm; added by GN_RATING_* */
  int cmd_bonus;                                      /* on reorganisation and spread of rout */
  int minutes;                                        /* per bound (ref. BA-B19) */
  int figures_per_vp;
} ba_data;

#define BA_D(g) ((const ba_data *)(g)->sc->rsdata)

/* ------------------------------------------------------------- ba.c */
/* The three below are asked for every unit near every step of a bound: inline. */
static inline int gn__ba_type_of(const gn_game *g, int u) { return g->sc->unit[u].type; }
static inline ba_arm gn__ba_arm_of(const gn_game *g, int u) {
  switch (gn__ba_type_of(g, u)) {
  case BA_T_INFANTRY: return BA_ARM_INF;
  case BA_T_CAV_LIGHT: case BA_T_CAVALRY: case BA_T_CAV_HEAVY: return BA_ARM_CAV;
  case BA_T_ART_FOOT: case BA_T_ART_HORSE: return BA_ARM_ART;
  case BA_T_WAGGON: return BA_ARM_WAGGON;
  default: return BA_ARM_STAFF;
  }
}
const char *gn__ba_form_name(int f);
const char *gn__ba_dis_name(int d);
const char *gn__ba_t8_key(int k);
const char *gn__ba_ff_key(int k);
/* The same modifiers as players read them ("first fire", "light cover"). */
const char *gn__ba_t8_word(int k);
const char *gn__ba_ff_word(int k);
const char *gn__ba_order_name(int o);
const char *gn__ba_class_name(int c);
/* Unit u as events name it: its code. */
static inline const char *gn__ba_uid(const gn_game *g, int u) { return g->sc->unit[u].code; }
/* 1 when unit u is on the table (not removed, not an unused slot). */
static inline int gn__ba_on_table(const gn_game *g, int u) {
  const gn__ustate *s = &g->st.u[u];
  return !s->removed && !(s->ba.part && !s->ba.root);
}
/* The unit a part belongs to (itself when it is an original). */
int gn__ba_root(const gn_game *g, int u);
/* Line frontage of u for its present share of figures. */
double gn__ba_line_frontage(const gn_game *g, int u);
/* Footprint of u in formation f, keeping centre and facing. */
gn_box gn__ba_form_box(const gn_game *g, int u, int f);
/* Terrain under a point: the area kinds covering it, as a bit set. */
unsigned gn__ba_terrain_at(const gn_game *g, gn_vec2 p);
/* Highest cover level of the areas under a unit's centre. */
int gn__ba_cover_of(const gn_game *g, int u);
/* 1 when stands a and b are surely more than gap apart (each lies within half
** its diagonal of its centre): a cheap test before an exact one. Pure. */
int gn__ba_apart(gn_box a, gn_box b, double gap);
/* 1 when the stand of u crosses a line obstacle. */
int gn__ba_in_obstacle(const gn_game *g, int u);

/* ------------------------------------------------------------- bound.c */
#define BA_NVERBS 15
extern const gn__verb gn__ba_verbs[BA_NVERBS];
int gn__ba_end_bound(gn_game *g);
/* Sets u's written order for the bound, refusing what the rules forbid. */
int gn__ba_set_order(gn_game *g, int u, int o);
const char *gn__ba_phase_name(const gn_game *g);
/* 1 when side has marked itself ready in the orders phase (ref. BA-1.1.1a). */
int gn__ba_side_ready(const gn_game *g, int side);
void gn__ba_clock(const gn_game *g, char *buf, size_t n);
int gn__ba_minute(const gn_game *g);
/* 1 when unit u holds an objective within whose radius it stands (ref. BA-VIC). */
int gn__ba_holds(const gn_game *g, int u);
/* The roll penalty of u's side now (ref. BA-T18). */
int gn__ba_side_penalty(const gn_game *g, int side);
/* Roll 3d6 for unit u (ref. BA-DICE-1): faces[3], *total. */
/* ref. BA-DICE-1: the one throw of the rules. */
#define BA_DICE "3d6"
int gn__ba_roll(gn_game *g, const char *purpose, const char *ref, int unit, int *total, int faces[3]);
/* A 3d6 read only for the supplies it leaves from `supplies` (the supplies check). */
int gn__ba_roll_supplies(gn_game *g, int supplies, const char *purpose, const char *ref, int unit,
                         int faces[3]);

/* ------------------------------------------------------------- units.c */
/* want: the reserve slot to use, or -1 for the first free one. */
int gn__ba_split(gn_game *g, int u, int n, int want, int *part);
int gn__ba_assemble(gn_game *g, int a, int b);
int gn__ba_skirmish_out(gn_game *g, int u, int n, int want, int *line);
/* The soutien of a skirmish line, or -1 (ref. BA-4.3.1). */
int gn__ba_soutien(const gn_game *g, int line);
int gn__ba_units_of(int figures, int unit, int remainder);
/* 1 when u may split, assemble or send out skirmishers now (the refusals of
** gn__ba_split and gn__ba_assemble for its state: continued fire, FD, rest). Pure. */
int gn__ba_may_change(const gn_game *g, int u);
/* 1 when u is a part split off in urban combat that must now re-assemble: no
** part of its original unit stands in a village or buildings (ref. BA-B22). Pure. */
int gn__ba_urban_over(const gn_game *g, int u);
int gn__ba_setup_parts(gn_game *g);

/* ------------------------------------------------------------- move.c */
int gn__ba_phase_movement(gn_game *g);
/* A forced move of u by dist along heading (ref. BA-1.1.1e, BA-2.3.1b). */
int gn__ba_forced_move(gn_game *g, int u, double heading, double dist, const char *why);
/* 1 when u's melee zone touches v's stand (ref. BA-4.1.1a). */
int gn__ba_zone_contact(const gn_game *g, int u, int v);
gn_box gn__ba_zone(const gn_game *g, int u);
/* Movement allowance of u this bound (ref. BA-2.3.1c). */
double gn__ba_rate(const gn_game *g, int u, int pace, int form, double turn, int crossings);
int gn__ba_rate_check(const gn_game *g, int u, gn_vec2 dest);
/* The ruleset's gn_actions hooks (gn__ruleset.allowance, .later). */
double gn__ba_allowance(gn_game *g, const char *verb, int u, char *avoid, size_t n);
int gn__ba_later(gn_game *g, const char *verb, int u, int t, gn__later *out);
/* The reach hook (gn__ruleset.reach): fire and continue, the bands of the
** unit's weapon (gn__ba_fire_bands); attack, the march of the bound into
** melee-zone contact. Every order is written before the moves and resolved
** after them, so none is refused for its distance now: -1. Cannot fail. */
double gn__ba_reach(gn_game *g, const char *verb, int u, gn_reach *out);
/* The bands of u's fire (ref. BA-B3, BA-B4): canister, close, long, by the
** range and the long-range fraction the fire phase aims with, and the front
** arc but for a skirmish line. Cannot fail. */
void gn__ba_fire_bands(const gn_game *g, int u, gn_reach *out);
/* 1 when neither u nor a skirmish line of u moved this bound (ref. BA-1.1.1g). */
int gn__ba_stationary(const gn_game *g, int u);
/* The verb "cancel UNIT [off]" (ref. BA-B20); in bound.c's verb table. */
int gn__ba_v_cancel(gn_game *g, const gn__args *a);

/* ------------------------------------------------------------- fire.c */
typedef struct ba_fire_in {
  int artillery;              /* 1: Table 7, else Table 6 */
  int figures;                /* figures (artillery: gunners) firing */
  int factors[FF_COUNT];      /* 1 when the factor applies */
  int valour;                 /* target valour */
  int penalty;                /* staff penalty on the roll (<= 0) */
} ba_fire_in;
typedef struct ba_fire_out {
  int units, total, loss_total, loss, moral_total, moral;   /* moral: ba_dis */
  int faces[3];
} ba_fire_out;
/* Loss and moral effect from a roll (ref. BA-DICE-3, BA-B7); no dice. */
void gn__ba_fire_result(const ba_data *d, const ba_fire_in *in, int dice, ba_fire_out *out,
                    gn_event *eloss, gn_event *emoral);
/* Rolls one fire for its nparts (1 or 2) parts and resolves each (ref. BA-DICE-1,
** BA-DICE-3, BA-3.1.2a); targets may be NULL (odds checks). */
int gn__ba_fire_roll(gn_game *g, int unit, int nparts, const ba_fire_in *in, const int *targets,
                 ba_fire_out *out);
int gn__ba_phase_fire(gn_game *g, int continued);

/* ------------------------------------------------------------- melee.c */
typedef struct ba_melee_side {
  int f[T8_COUNT];            /* 1 when the Table 8 factor applies (valour: its value) */
  int figures;
  int supplies;               /* 0: without supplies (ref. BA-5.5.3i) */
  int penalty;
} ba_melee_side;
typedef struct ba_melee_out {
  int att_total, def_total, diff;
  int att_faces[3], def_faces[3];
  int winner;                 /* 0 attacker, 1 defender, -1 stalled */
  int loser_dis;              /* ba_dis the loser takes */
  int loss[2];                /* figures lost by attacker, defender (killed and prisoners) */
  int prisoners[2];           /* prisoners taken BY attacker, defender */
} ba_melee_out;
/* Sum of a side's Table 8 column with the exclusive groups (ref. BA-DICE-2). */
int gn__ba_t8_sum(const ba_data *d, const ba_melee_side *s, int col, gn_event *e);
/* Table 11 and 4.1.3 from two totals (ref. BA-B6, BA-B13). */
void gn__ba_melee_result(const ba_data *d, const ba_melee_side *att, const ba_melee_side *def,
                     ba_melee_out *o);
int gn__ba_melee_roll(gn_game *g, int au, int du, const ba_melee_side *att,
                  const ba_melee_side *def, ba_melee_out *o);
int gn__ba_phase_melee(gn_game *g);
/* For gn_actions: the melee check of u's attack on t as u's side may know
** it ("melee --attack ... --defence ..."), 1; 0 for another verb. */
int gn__ba_order_odds(gn_game *g, const char *verb, int u, int t, char *buf, size_t n);

/* ------------------------------------------------------------- valour.c */
/* Removes n figures from u: valour, FD, removal (5.5.2, see valour.c). */
int gn__ba_loss(gn_game *g, int u, int n, const char *why, const char *ref);
/* Brings u into disorder state s (the worse of old and new). */
int gn__ba_disorder(gn_game *g, int u, int s, const char *why, const char *ref);
int gn__ba_bring_fd(gn_game *g, int u, const char *why, const char *ref);
int gn__ba_reorganise(gn_game *g, int u);
/* Removes u when it has fewer figures than the minimum (5.5.2, see valour.c). */
int gn__ba_check_min(gn_game *g, int u);

/* ------------------------------------------------------------- supplies.c */
/* Supplies after one fire or melee roll with these faces (ref. BA-5.5.3b, c). */
int gn__ba_supplies_after(const ba_data *d, int supplies, const int faces[3]);
int gn__ba_supply_roll(gn_game *g, int u, const int faces[3]);
int gn__ba_has_supplies(const gn_game *g, int u);

/* ------------------------------------------------------------- rest.c */
int gn__ba_rest_break(gn_game *g, int u, const char *why, const char *ref);
/* rest UNIT [supplies|valour]: order rest and the rest formation; for is a
** BA_REST_* (ref. BA-5.5.4a, BA-5.5.4f). */
int gn__ba_rest_start(gn_game *g, int u, int for_);
/* u has just taken rest formation: refurbishing starts (ref. BA-5.5.3k). */
int gn__ba_rest_enter(gn_game *g, int u);
int gn__ba_rest_bound(gn_game *g);
/* The ammunition waggon in base contact with u that may serve it, or -1. */
int gn__ba_waggon_for(const gn_game *g, int u);

/* ------------------------------------------------------------- staff.c */
/* Table 18 band of a total: 0 survives, 1 falls, 2 falls -1, 3 falls -2. */
int gn__ba_catch_result(const ba_data *d, int total);
int gn__ba_catch_draw(gn_game *g, int staff, int *band, int *total);
int gn__ba_catch_roll(gn_game *g, int staff);
/* ref. BA-LDR: the command radius of staff figure st, his rating counted;
** -1 without the option staff_command or for another unit. Pure. */
double gn__ba_command_radius(const gn_game *g, int st);
/* ref. BA-LDR: with the option staff_command, a staff figure on the table who
** commands u (his formation or one above u's; either in none: his side) and
** stands within his command radius of it, the nearest; else -1. Pure. */
int gn__ba_commander(const gn_game *g, int u);
/* Spread of rout in the moral consequences phase (ref. BA-B21, see staff.c). */
int gn__ba_spread_rout(gn_game *g);
int gn__ba_phase_moral(gn_game *g);

/* ------------------------------------------------------------- near.c */
/* What a stand's size and facing say about where it can reach: half extents
** of its bounding box on the table axes (grown by GN_CONTACT_EPS) and its
** diagonal. True while the stand only moves (see near.c). */
typedef struct ba_screen { double ex, ey, diag; } ba_screen;
ba_screen gn__ba_screen(gn_box b);
/* 1 when stands centred at a and b with screens sa, sb are surely more than
** gap apart: their grown bounding boxes are, or gn__ba_apart would say so
** (the same expression, to the last bit). Where it says 1, no exact test of a
** distance at most gap (or of an overlap, gap 0) can pass. Pure. */
static inline int gn__ba_screened(gn_vec2 a, const ba_screen *sa, gn_vec2 b, const ba_screen *sb,
                                  double gap) {
  double dx = a.x - b.x, dy = a.y - b.y;
  if (fabs(dx) - (sa->ex + sb->ex) > gap || fabs(dy) - (sa->ey + sb->ey) > gap) return 1;
  double r = 0.5 * (sa->diag + sb->diag) + gap;
  return dx * dx + dy * dy > r * r;
}

/* 1 when stands a and b are surely more than gap apart, from their centres
** and sizes alone (no square root, no screen): where it says 1, so does
** gn__ba_apart(a, b, gap), with GN_CONTACT_EPS to spare. Pure. */
static inline int gn__ba_far(gn_box a, gn_box b, double gap) {
  double r = 0.5 * (fabs(a.w) + fabs(a.d) + fabs(b.w) + fabs(b.d)) + gap + GN_CONTACT_EPS;
  return fabs(a.c.x - b.c.x) > r || fabs(a.c.y - b.c.y) > r;
}

/* The units on the table, not removed, sorted by centre x with their screens
** (sc[unit id]), to find neighbours without the grid. True until a unit moves. */
typedef struct ba_sweep {
  int n, cap;           /* units held; units of the game */
  int *order;           /* ids by centre x */
  double *x;            /* their centre x, ascending */
  ba_screen *sc;        /* [unit id] */
  double maxex;         /* the largest ex held */
} ba_sweep;
int gn__ba_sweep_make(gn_game *g, ba_sweep *sw);
void gn__ba_sweep_free(gn_game *g, ba_sweep *sw);
int gn__ba_sweep_near(const gn_game *g, const ba_sweep *sw, int u, double r, int *ids);

/* ------------------------------------------------------------- checks.c */
#define BA_NCHECKS 4
extern const gn__check gn__ba_checks[BA_NCHECKS];

#endif /* GN_BA_H */
