/*
** vb.h: internals of the Volley & Bayonet ruleset (id "vb").
**
** Two parts share this header:
**   - the sequence of play and movement (vb.c, turn.c, command.c, move.c,
**     skirmish.c, exhaust.c, days.c, recover.c, return.c, campaign.c): schema,
**     sequence of play, command, movement, exhaustion, multi-day battles,
**     campaign recovery;
**   - combat (fire.c, morale.c, melee.c, retreat.c, rally.c, checks.c): the
**     section marked "combat" below.
**
** State: per-unit values live in each unit's gn__vb_unit (vb_unit.h: vb_u, vb_uw),
** per-formation values in g->st.f[i][] indexed by vb_fattr, globals in
** g->st.rs[] indexed by vb_rs. Tables read from data/rulesets/vb/ (yaml) are in
** vb_data, hung on g->sc->rsdata (read-only during play).
*/
#ifndef GN_VB_H
#define GN_VB_H

#include "core.h"

/* ------------------------------------------------------------ unit types */
/* ORDER: as the descriptor's types (vb.c vb_types[]). */
typedef enum vb_type {
  VB_T_INF_BRIGADE,       /* infantry_brigade, 3x3 in */
  VB_T_INF_REGIMENT,      /* infantry_regiment, 3x1.5 in */
  VB_T_SKIRMISHER,        /* skirmisher (infantry; cavalry when skirmish_of >= 0) */
  VB_T_CAV_LIGHT,         /* cavalry_light */
  VB_T_CAV_HEAVY,         /* cavalry_heavy */
  VB_T_CAV_LANCER,        /* cavalry_lancer */
  VB_T_ART_FOOT,          /* artillery_foot (battalion) */
  VB_T_ART_HORSE,         /* artillery_horse (battalion) */
  VB_T_BAT_FOOT,          /* battery_foot (1 SP, ref. VB-19) */
  VB_T_BAT_HORSE,         /* battery_horse */
  VB_T_LDR_DIVISION,      /* leader_division */
  VB_T_LDR_CORPS,         /* leader_corps */
  VB_T_LDR_ARMY,          /* leader_army */
  VB_T_COUNT
} vb_type;

/* ------------------------------------------------------------ unit state */
/* A unit's state (gn__vb_unit, vb_unit.h), to read and, through the journal
** (gn__uw), to write; and its start as the scenario gives it. Cannot fail. */
static inline const gn__vb_unit *vb_u(const gn_game *g, int i) { return &g->st.u[i].vb; }
static inline gn__vb_unit *vb_uw(gn_game *g, int i) { return &gn__uw(g, i)->vb; }
static inline const gn__vb_unit *vb_u0(const gn_game *g, int i) { return &g->sc->unit[i].vb0; }

/* ORDER: rating_names (vb.c), data command.rating.radius. */
enum { VB_RATE_AVERAGE, VB_RATE_POOR, VB_RATE_GOOD, VB_RATE_EXCELLENT };

/* ------------------------------------------------- formation attributes */
/* ORDER: as the descriptor's fattrs. At most GN__MAXFATTR. */
typedef enum vb_fattr {
  VB_F_PARENT,        /* current parent formation + 1 (0: scenario's parent); ref. VB-67 */
  VB_F_MARKS,         /* divisional exhaustion: boxes marked (ref. VB-B12) */
  VB_F_BOXES,         /* divisional exhaustion: boxes on the record */
  VB_F_SP0,           /* non-artillery SP at the start of the battle */
  VB_F_STATE,         /* 0 fresh, 1 exhausted, 2 broken */
  VB_F_RECOVERED,     /* non-artillery SP recovered this night (ref. VB-63, VB-64) */
  VB_NFATTR
} vb_fattr;

enum { VB_FRESH, VB_EXHAUSTED, VB_BROKEN };

/* g->st.u[i].flags, used only during the night's recovery (recover.c):
** bits 0-3 below; bits 4-17 the unit index + 1 of its odd-point mate; bits
** 18-31 the unit index + 1 of a merge or fill partner (so pairing serves
** scenarios of up to 16,382 stands). */
#define VB_FL_ODD   1u    /* an odd casualty pooled for pairing (ref. VB-58) */
#define VB_FL_PICK  2u    /* the player gives the pair's point to this stand */
#define VB_FL_MERGE 4u    /* under strength: merges into the partner (ref. VB-62) */
#define VB_FL_FILL  8u    /* under strength: takes points from the partner (ref. VB-62) */
/* The recovery's marks on a stand as typed fields; gn__vb_pairing_of and
** gn__vb_pairing_flags alone know their places in the flags. */
typedef struct vb_pairing {
  unsigned marks;   /* VB_FL_ODD, VB_FL_PICK, VB_FL_MERGE, VB_FL_FILL */
  int mate;         /* the stand its odd point is paired with, or -1 */
  int partner;      /* the stand it merges into or fills from, or -1 */
} vb_pairing;
static inline vb_pairing gn__vb_pairing_of(unsigned flags) {
  vb_pairing p = {flags & 0xfu, (int)((flags >> 4) & 0x3fffu) - 1, (int)(flags >> 18) - 1};
  return p;
}
static inline unsigned gn__vb_pairing_flags(vb_pairing p) {
  return (p.marks & 0xfu) | (unsigned)(p.mate + 1) << 4 | (unsigned)(p.partner + 1) << 18;
}
#define VB_FL_MAXUNITS 16382

/* ---------------------------------------------------------- terrain kinds */
/* ORDER: as the descriptor's terrain (vb.c vb_terrains[]). */
typedef enum vb_terrain {
  VB_TR_WOODS,        /* area, blocks sight */
  VB_TR_TOWN,         /* area, blocks sight */
  VB_TR_VILLAGE,      /* area, does not block sight (ref. VB-16, VB-31) */
  VB_TR_WORKS,        /* area */
  VB_TR_HILL,         /* area, blocks sight */
  VB_TR_MARSH,        /* area, closed to artillery */
  VB_TR_RIVER,        /* line, impassable but at bridges */
  VB_TR_STREAM,       /* line */
  VB_TR_ROAD,         /* line */
  VB_TR_SUNKEN_ROAD,  /* line (ref. VB-30) */
  VB_TR_BRIDGE,       /* area laid over a river or stream (ref. VB-13) */
  VB_TR_COUNT
} vb_terrain;

/* ------------------------------------------------------------- phases */
/* Each side in turn runs COMMAND..EXHAUST; NIGHT and RECOVERY come between
** days. ORDER: vb_phase_names[] in turn.c. */
typedef enum vb_phase {
  VB_PH_COMMAND,
  VB_PH_MOVE,
  VB_PH_RALLY,
  VB_PH_MORALE,
  VB_PH_COMBAT,
  VB_PH_EXHAUST,
  VB_PH_NIGHT,        /* both sides: one full move each, reassign divisions */
  VB_PH_RECOVERY,     /* both sides: recover / merge choices */
  VB_PH_COUNT
} vb_phase;

/* ---------------------------------------------------- ruleset globals */
typedef enum vb_rs {
  VB_RS_DAY,          /* battle day, 1-based */
  VB_RS_HOUR,         /* hour of the current turn, 0..23 */
  VB_RS_FIRST,        /* first daylight turn (hour) of the current day */
  VB_RS_LAST,         /* last daylight turn (hour) of the current day */
  VB_RS_FIRSTSIDE,    /* side that moves first in each turn */
  VB_RS_RECOVERED,    /* recovery of this night already applied (1) */
  VB_RS_ENDED,        /* night, recovery: bit s set once side s has ended it */
  VB_RS_NRS
} vb_rs;

/* ------------------------------------------------------ scenario options */
/* ORDER: as the descriptor's options (vb.c vb_options[]). At most 16. */
typedef enum vb_option {
  VB_OPT_CENTIMETRES,   /* ref. VB-1: the table is measured in cm, same numbers */
  VB_OPT_OPEN_ROSTERS,  /* enemy sees SP */
  VB_OPT_DAYS,          /* days the battle may last (game over at nightfall of the last) */
  VB_OPT_FIRST_SIDE,    /* side that moves first each turn */
  VB_OPT_ATTACKER,      /* side that rolls the next day's start (ref. VB-52) */
  VB_OPT_WEATHER_DAY2,  /* weather of day 2: 0 the scenario's `weather`, 1 clear, 2 inclement (ref. VB-52) */
  VB_OPT_WEATHER_DAY3,  /* the same for day 3 and every later day */
  VB_OPT_NEXT_DAY,      /* ref. VB-73: 0 the generals decide at nightfall (`withdraw`), 1 both fight on */
  VB_OPT_LEADER_LOSSES, /* ref. VB-LDR: 1 leaders near a stand that loses SP to fire or melee may fall */
  VB_OPT_COUNT
} vb_option;

/* ---------------------------------------------------------- cached data */
#define VB_TOWN_MAXFACES 8   /* faces of a town block (its corners): fire out of each, 3 bits a face */

/* The arms of the scale (ref. VB-72) and of the recoveries. ORDER: vb_arm_names. */
typedef enum { VB_ARM_INFANTRY, VB_ARM_CAVALRY, VB_ARM_ARTILLERY, VB_ARM_COUNT } vb_arm;

typedef struct vb_data {
  /* scale.yaml */
  int men_per_sp[VB_ARM_COUNT];             /* ref. VB-72, by arm (vb_arm) */
  int men_per_casualty[VB_ARM_COUNT];
  /* command.yaml */
  double cmd_radius;                        /* ref. VB-B2 */
  int entry_pays;                           /* ref. VB-ARR: the march on at an entry spends move */
  double rating_radius[4];                  /* ref. VB-LDR: added to the command radius, by VB_RATE_* */
  double loss_range;                        /* ref. VB-LDR: a leader this near a stand hit may fall */
  int loss_roll;                            /* ref. VB-LDR: ... on 1d6 at least this */
  double ooc_move_factor;                   /* ref. VB-B3 */
  /* move.yaml */
  double rate[VB_T_COUNT];                  /* ref. VB-B4 */
  double heavy_foot_rate;                   /* heavy foot artillery (weight 2) */
  double cav_skirm_rate;                    /* cavalry skirmishers (ref. VB-B4, VB-9) */
  double batgun_rate_inf, batgun_rate_cav;  /* ref. VB-26 */
  double woods_factor;                      /* cost multiplier of ground in woods */
  double marsh_factor;
  double stream_cost;                       /* fraction of the full move to cross */
  double road_factor;                       /* march column wholly on a road */
  double move_tolerance;                    /* a move may cost this much over what is left */
  double road_width;
  double reform_cost;                       /* ref. VB-11: fraction of the move */
  double skirmish_gap;                      /* spacing of new cavalry skirmishers */
  int skirmish_per_sp;                      /* ref. VB-10: 1 one stand per SP, 0 two stands */
  double disorder_cost;                     /* ref. VB-B20: fraction of the move to rally yellow */
  int art_prohibited[VB_TR_COUNT];          /* ref. VB-27 */
  int cav_disorder[VB_TR_COUNT];            /* terrain that disorders cavalry */
  double night_factor;                      /* ref. VB-66: night move, fraction of a full move */
  double night_screen;                      /* ref. VB-66: half-width of the band a screen covers */
  double march_cost, limber_cost;           /* fractions of the move (ref. VB-B14, VB-B15) */
  int village_friends;                      /* ref. VB-18: 1 friendly skirmishers block too */
  /* fire.yaml, sight */
  int sight_leaders, sight_skirm;           /* ref. VB-B21: 1 leaders / skirmishers block sight */
  /* turn.yaml */
  int first_turn[12], last_turn[12];        /* ref. VB-B13, VB-51, VB-54 */
  double daylight_latitude;                 /* latitude the table was computed for */
  int start_die, inclement_bonus, later_day_bonus;   /* ref. VB-52, VB-53 */
  /* exhaustion.yaml */
  int boxes_num, boxes_den;                 /* boxes = ceil(SP0 * num / den) */
  int broken_num, broken_den;               /* broken when lost >= SP0 * num / den */
  /* recovery.yaml */
  int recover_num, recover_den;             /* ref. VB-55 */
  int min_inf_brigade, min_other;           /* ref. VB-61 */
  int camp_both[2];                         /* ref. VB-68: num, den */
  int camp_holder[2], camp_holder_art[2];   /* ref. VB-69 */
  int camp_rearguard[2];                    /* ref. VB-69 */
  int camp_norear[2], camp_norear_art[2];   /* ref. VB-71 */
  int rearguard_num, rearguard_den;         /* ref. VB-70 */
  double rearguard_gap;                     /* ref. VB-70: stands of one body lie this close */
  int rearguard_disordered;                 /* ref. VB-70: 1 disordered stands count as intact */
  int *led, nled;                           /* per unit: the formation it leads, -1 none */
  void *combat;                             /* the combat tables (vb_combat, combat section) */
} vb_data;

/* ------------------------------------------------------ helpers (vb.c) */
extern const gn__ruleset gn__rs_vb;
const vb_data *gn__vb_data(const gn_game *g);
int gn__vb_type(const gn_game *g, int unit);
int gn__vb_is_infantry(int type);          /* brigades, regiments, infantry skirmishers */
int gn__vb_is_cavalry(int type);
int gn__vb_is_artillery(int type);
int gn__vb_is_battery(int type);
/* ref. VB-19: a battery stand: a battery type, or any artillery stand that
** began the scenario with a single SP. foot: 1 when it is foot artillery
** (VB-20), 0 horse. Cannot fail. */
int gn__vb_battery(const gn_game *g, int unit, int *foot);
int gn__vb_is_leader(int type);
/* Cavalry skirmisher (type skirmisher made from a light cavalry brigade). */
int gn__vb_is_cav_skirmisher(const gn_game *g, int unit);
/* 1 when stand u fights as cavalry: a cavalry type or cavalry skirmishers. */
static inline int gn__vb_cav_stand(const gn_game *g, int u) {
  return gn__vb_is_cavalry(gn__vb_type(g, u)) || gn__vb_is_cav_skirmisher(g, u);
}
/* Infantry skirmisher. */
int gn__vb_is_inf_skirmisher(const gn_game *g, int unit);
/* An infantry stand: brigade, regiment or infantry skirmisher; a cavalry
** skirmisher (of type skirmisher) is cavalry, never infantry. */
int gn__vb_infantry(const gn_game *g, int unit);
/* A stand on the table and not removed. */
int gn__vb_alive(const gn_game *g, int unit);
/* "in" or "cm" (ref. VB-1). */
const char *gn__vb_unit_word(const gn_game *g);
/* 1 when the unit's stand overlaps a feature of that terrain kind. */
int gn__vb_in_terrain(const gn_game *g, int unit, int kind);
/* 1 when the box overlaps the (area or line) feature. */
int gn__vb_box_in_feature(gn_box b, const gn_feature *f);
/* Edge distance from the unit to the nearest living enemy stand (leaders
** excluded), or a large number when there is none; the box stands for the
** unit's stand. Looks through the grid, nearest first. Cannot fail. */
double gn__vb_enemy_distance(gn_game *g, int unit, gn_box b);
/* The nearest living enemy stand (leaders excluded) to box b standing for
** the unit's stand, the first in unit order at equal distances, with the
** distance (gn_box_distance(b, its box)) in *dist; -1 and INFINITY when there
** is none. Cannot fail. */
int gn__vb_nearest_enemy(gn_game *g, int unit, gn_box b, double *dist);
/* Ids of the stands on the table whose bases lie within r of box b, in
** ascending order, from the grid; -1 when there are more than max or the grid
** cannot be built (the caller then looks at every stand). */
int gn__vb_near_box(gn_game *g, gn_box b, double r, int *ids, int max);
/* The same for the stand of frame fr, among the stands keep accepts (asked
** before any distance: gn__grid_query_if). */
int gn__vb_near_if(gn_game *g, const gn__frame *fr, double r, gn__grid_keep keep, void *ud, int *ids, int max);
/* Takes the unit off the table: removed, and out of the grid (kept up to
** date as gn__unit_place keeps it, rather than rebuilt). Cannot fail. */
void gn__vb_take_off(gn_game *g, int unit);
/* Men in n SP (ref. VB-72: 1 SP = 500 men) and in n roster casualties (250). */
/* The arm of a unit for the scale and the recoveries: -1 a leader. */
int gn__vb_arm(const gn_game *g, int unit);
/* Men present in sp SP, and men lost in n roster casualties, of an arm
** (ref. VB-72; 0 for a leader, arm -1). Cannot fail. */
int gn__vb_men(const gn_game *g, int arm, int sp);
int gn__vb_casualty_men(const gn_game *g, int arm, int casualties);
/* 1 when some enemy stand touches the unit's stand. */
int gn__vb_in_contact(gn_game *g, int unit);
/* Makes e (may be NULL) visible only to side and the umpire: SP on the roster,
** the exhaustion record and the night's recovery are the side's business. */
void gn__vb_own_event(gn_event *e, int side);
/* Set the disorder level (never lowers it); logs with ref. */
void gn__vb_disorder(gn_game *g, int unit, int level, const char *ref, const char *why);
/* Remove n SP from a unit; records today's losses, marks the division's
** exhaustion record (non-artillery), removes the stand at 0 SP with how it was
** wiped out (wiped value). Returns the SP actually lost. Every loss of SP in
** the ruleset goes through here. Cannot fail (an event is logged if memory allows). */
int gn__vb_lose_sp(gn_game *g, int unit, int n, int wiped, const char *ref, const char *why);

/* ---------------------------------------------------- command.c */
/* Division formation of a unit (following night reassignments), -1 none. */
int gn__vb_division_of(const gn_game *g, int unit);
/* Current parent of formation f (ref. VB-67). */
int gn__vb_fparent(const gn_game *g, int f);
/* 1 when leader (a leader unit) may command unit (ref. VB-2, VB-3, VB-4). */
int gn__vb_can_command(const gn_game *g, int leader, int unit);
/* 1 when unit is within the command radius of a leader who may command it
** (ref. VB-B2). Leaders themselves are always in command. */
int gn__vb_in_command(gn_game *g, int unit);
/* 1 when a gun stand stands in terrain closed to artillery (ref. VB-27),
** the terrain's id in buf (move.c). Cannot fail. */
int gn__vb_stuck(const gn_game *g, int u, char *buf, size_t n);
/* Echelon of the formation a leader commands; -1 if none. */
int gn__vb_leader_echelon(const gn_game *g, int leader);
/* Refreshes in_command of every stand of side. */
void gn__vb_command_refresh(gn_game *g, int side);

/* ---------------------------------------------------- exhaust.c */
/* A division's state (VB_FRESH, VB_EXHAUSTED, VB_BROKEN), VB_FRESH when none. */
int gn__vb_division_state(const gn_game *g, int division);
/* 1 when the unit's division is exhausted or broken (no closing on the enemy,
** no melee initiated; ref. VB-B12). */
int gn__vb_exhausted(const gn_game *g, int unit);
/* Marks the record after a non-artillery loss; logs a state change. */
void gn__vb_exhaust_mark(gn_game *g, int division, int n);
/* End of a side's turn: re-evaluates its divisions. */
int gn__vb_phase_exhaust(gn_game *g, int side);
void gn__vb_exhaust_init(gn_game *g);

/* ---------------------------------------------------- turn.c, days.c, recover.c */
int gn__vb_order_end(gn_game *g, const gn__args *a);
/* Refuses (returns GN_EREFUSED) unless it is `phase` and, when unit >= 0 and a
** side is active, the unit's side is the active one. 0 when allowed. */
int gn__vb_need_phase(gn_game *g, int unit, int phase, const char *ref, const char *what);
/* 1 when unit's side has ended the night or the recovery (turn.c). */
int gn__vb_side_ended(const gn_game *g, int unit);
/* 1 when side has ended the night or the recovery (ref. VB-66). */
int gn__vb_side_done(const gn_game *g, int side);
/* Start of the active side's turn: clears fired and meleed of every
** stand and town_disordered of the side's; refreshes command; first brings on
** the side's reinforcements due (ref. VB-ARR). 0 or an error. */
int gn__vb_turn_start(gn_game *g);
const char *gn__vb_phase_name(const gn_game *g);
/* Daylight for a month 1..12 at the scenario's latitude (ref. VB-B13). */
void gn__vb_daylight(const gn_game *g, int month, int *first, int *last);
/* The next day's first turn: the attacker (a side's name, or NULL) rolls the
** start die (ref. VB-52, VB-53). */
int gn__vb_day_start(gn_game *g, int month, int day, int inclement, const char *attacker, int *hour);
/* Night and recovery (rules VB-55 to VB-67). */
int gn__vb_night_begin(gn_game *g);
/* `end` of the night phase: recovery of the day's casualties, then the
** recovery phase (player choices). */
int gn__vb_night_end(gn_game *g);
/* `end` of the recovery phase: the choices left to defaults, exhaustion
** reset, the next day's first turn. */
int gn__vb_recovery_apply(gn_game *g);
int gn__vb_order_reassign(gn_game *g, const gn__args *a);
/* `withdraw SIDE`: at night, a side's general will not fight another day
** (ref. VB-73): the battle ends. */
int gn__vb_order_withdraw(gn_game *g, const gn__args *a);
/* 1 when battle day `day` (>= 2) has inclement weather (ref. VB-52): the
** options weather_day2, weather_day3 (later days as day 3), else the
** scenario's weather. Cannot fail. */
int gn__vb_inclement(const gn_game *g, int day);
/* The next battle day: date, daylight, first turn roll, first side (days.c). */
int gn__vb_dawn(gn_game *g);
/* Formation by id or name, -1 if none; the formation of echelon ech at or
** above f, -1 if none. */
int gn__vb_formation_find(const gn_game *g, const char *s);
int gn__vb_formation_up(const gn_game *g, int f, int ech);
/* recover.c: the night's half recovery and the recovery phase. */
int gn__vb_recovery_begin(gn_game *g);
int gn__vb_order_recover(gn_game *g, const gn__args *a);
int gn__vb_order_merge(gn_game *g, const gn__args *a);
int gn__vb_order_fill(gn_game *g, const gn__args *a);
/* return.c: stands coming back after the night (ref. VB-B22). */
typedef struct vb_return {
  double enemy;       /* recovery.return.enemy_distance: nearest the enemy a stand comes back */
  double step;        /* recovery.return.step: grid of the default placement's search */
} vb_return;
/* 1 when unit is a stand off the table with SP (wiped out and given points
** back, or routed off the table): it comes back after the night. */
int gn__vb_returning(const gn_game *g, int unit);
/* Reads recovery.return.*. GN_EDATA naming the key or the bad value. */
int gn__vb_return_data(gn_game *g, vb_return *r);
/* `place UNIT at X,Y [facing DEG]`: the recovery phase's placement. */
int gn__vb_order_place(gn_game *g, const gn__args *a);
/* Recovery phase: tells each side its stands that come back. Cannot fail. */
void gn__vb_return_announce(gn_game *g);
/* Dawn: the stands coming back not placed are placed by default, or stay off
** the table today with their SP. Cannot fail. */
void gn__vb_return_dawn(gn_game *g, const vb_return *r);
void gn__vb_date(const gn_game *g, int day, int *year, int *month, int *mday);
/* The odds check "day-start" (row in vb.c's checks). */
int gn__vb_day_start_parse(gn_game *g, int argc, const char *const *argv, void *cx);
int gn__vb_day_start_run(gn_game *g, const void *cx, int64_t *outcome);
void gn__vb_day_start_label(const void *cx, int64_t outcome, char *buf, size_t n);

/* ---------------------------------------------------- move.c, skirmish.c */
/* `move UNIT to X,Y [facing DEG]`: DEG is a compass bearing (0 north, 90
** east, clockwise), as in scenario files. */
int gn__vb_order_move(gn_game *g, const gn__args *a);
/* The move itself, every rule of `move` applied (phase, allowance, terrain,
** enemy stands, command and exhaustion limits, night): unit's centre straight
** to `to`, facing in radians (CCW from +x, as gn_box) when has_facing.
** Refuses (GN_EREFUSED with the rule id) before changing anything. */
int gn__vb_move_to(gn_game *g, int unit, gn_vec2 to, int has_facing, double facing);
/* The move of a cavalry breakthrough (ref. VB-B17): gn__vb_move_to with every
** rule of `move` (allowance left from the movement phase, terrain, enemy
** stands, command and exhaustion limits) but in the side's combat phase.
** Whether the stand may break through at all is the caller's (melee.c).
** Refuses before changing anything. */
int gn__vb_move_breakthrough(gn_game *g, int unit, gn_vec2 to, int has_facing, double facing);
/* Parses "VERB UNIT to X,Y [facing DEG]" (DEG a compass bearing) into the
** unit, the point and the facing in radians. GN_ESYNTAX with a message. */
int gn__vb_move_parse(gn_game *g, const gn__args *a, int *u, gn_vec2 *to, int *hasf, double *f);
int gn__vb_order_leader(gn_game *g, const gn__args *a);
int gn__vb_order_march(gn_game *g, const gn__args *a);
int gn__vb_order_deploy(gn_game *g, const gn__args *a);
int gn__vb_order_limber(gn_game *g, const gn__args *a);
int gn__vb_order_unlimber(gn_game *g, const gn__args *a);
int gn__vb_order_skirmish(gn_game *g, const gn__args *a);
int gn__vb_order_reform(gn_game *g, const gn__args *a);
/* `reorder UNIT`: removes yellow disorder in the movement phase for half a
** move, in command and out of contact (ref. VB-B20). Rallying routed stands
** is `rally` (combat section). */
int gn__vb_order_reorder(gn_game *g, const gn__args *a);
/* A stand's full move in table units (ref. VB-B4, VB-26). */
double gn__vb_rate(const gn_game *g, int unit);
/* What is left of its move this phase (half out of command, VB-B3). */
double gn__vb_move_left(const gn_game *g, int unit);
/* ref. VB-27: terrain kind + 1 closed to artillery met by the straight move
** of unit from box a to box b, 0 none; gn__vb_guns_check takes its battalion
** guns away for good when it has them (how: " retreating", or ""). */
int gn__vb_closed_to_guns(const gn_game *g, int unit, gn_box a, gn_box b);
void gn__vb_guns_check(gn_game *g, int unit, gn_box a, gn_box b, const char *how);
/* The ruleset's allowance hook (gn__ruleset.allowance) for move and leader. */
double gn__vb_allowance(gn_game *g, const char *verb, int u, char *avoid, size_t n);
/* For gn_actions: how far a verb naming an enemy reaches (fire: its range;
** a movement-phase charge: the most its move could carry it; a combat-phase
** charge: contact). -1 no bound. Cannot fail. */
double gn__vb_reach(gn_game *g, const char *verb, int u, gn_reach *out);
/* A stand (not unit, not listed in skip) that box b would overlap, or -1. */
int gn__vb_overlap_any(gn_game *g, int unit, gn_box b, const int *skip, int nskip);
/* skirmish.c: reforming skirmishers become the brigade they reform (ref. VB-11). */
void gn__vb_reform_finish(gn_game *g, int side);
/* End of a side's movement phase: stationary, reforms, out-of-command disorder. */
void gn__vb_move_end(gn_game *g, int side);
/* Stationary markers of side (-1: all), in command only when command is 1
** (ref. VB-B16); 0 or GN_ENOMEM. */
int gn__vb_stationary_mark(gn_game *g, int side, int command);
/* Start of a side's movement phase: clears per-phase marks. */
void gn__vb_move_begin(gn_game *g, int side);
/* A reinforcement came on at an entry after marching `marched` inches onto
** the table (ruleset hook `entered`, ref. VB-ARR). Cannot fail. */
void gn__vb_entered(gn_game *g, int u, double marched);
/* The command radius of leader l: the data's, widened or narrowed by his
** rating (ref. VB-B2, VB-LDR); the widest any rating gives when l < 0.
** Cannot fail. */
double gn__vb_radius(const gn_game *g, int l);
/* ref. VB-LDR: with the option leader_losses, after the n stands hit[] (of
** one side) lost SP to fire or melee, each leader of their side within
** leader.loss.range of any of them rolls 1d6 once, and falls (leaves the
** table, told to every side) on leader.loss.roll or more. 0 or an error of
** the dice. */
int gn__vb_leader_risk(gn_game *g, const int *hit, int n);

/* ---------------------------------------------------- campaign.c */
enum { VB_CAMP_HELD, VB_CAMP_POSSESSION, VB_CAMP_REARGUARD, VB_CAMP_RETREAT };
/* Campaign recovery at the end of a battle (rules VB-68 to VB-71) for side, which
** is in situation `how`; returns the SP recovered. */
int gn__vb_campaign(gn_game *g, int side, int how);
/* 1 when side has a rearguard now (ref. VB-70), 0 when not; GN_ENOMEM. */
int gn__vb_rearguard(gn_game *g, int side);
int gn__vb_order_campaign(gn_game *g, const gn__args *a);

/* ==================================================================== */
/* ---- combat ---- */
/*
** Fire, morale, melee, retreats and rally: fire.c, morale.c, melee.c,
** retreat.c, rally.c, checks.c.
**
** Hooks called by turn.c when a side ends the phase (after its orders):
**   gn__vb_phase_morale(g, side)  end of side's morale phase: the tests
**   gn__vb_phase_combat(g, side)  end of side's combat phase: the melees of
**                                 stands still in contact, then clears marks
** Order handlers listed in the verb table of vb.c: fire, charge, rally.
**   fire UNIT at TARGET     combat phase, active side (ref. VB-B5..)
**   charge UNIT at TARGET   movement phase: UNIT moves straight into contact
**                           with TARGET (the movement rules of `move` apply);
**                           the melee is fought in the combat phase.
**                           Combat phase: UNIT already touches TARGET; the
**                           melee is fought at once
**   rally UNIT [with LEADER]  rally phase: a routed stand, corps or army
**                           commander within the command radius
**   breakthrough UNIT at TARGET | to X,Y [facing DEG]
**                           combat phase: cavalry that won a `charge` whose
**                           target routed or was destroyed moves with the
**                           rest of its move into contact with TARGET and
**                           fights once more, or only moves (ref. VB-B17)
** Data: fire.yaml, morale.yaml, melee.yaml read by gn__vb_combat_setup into
** vb_combat, hung on vb_data.combat, freed by gn__vb_combat_release.
** Losses of SP go through gn__vb_lose_sp (vb.c) so that recovery and
** exhaustion see them; artillery lost in melee has wiped 2, artillery
** routing in contact 3, a stand that cannot retreat at all 1 (surrounded).
*/

/* Values of meleed, cleared at the end of the combat phase (ref. VB-B11,
** VB-B17). */
enum {
  VB_MEL_NONE,        /* not in melee this phase */
  VB_MEL_FOUGHT,      /* fought (either side, any stand of the bodies) */
  VB_MEL_BREAK,       /* the cavalry that charged and won, its target routed
                         or destroyed, with move left: it may break through */
  VB_MEL_BROKE        /* made its breakthrough this phase */
};

typedef struct vb_combat {
  /* fire.yaml */
  int dice_brigade, dice_regiment, dice_skirm, dice_cav, dice_cav_batguns;
  int dice_art, dice_battery;
  double range_musket, range_art[3], close_frac;     /* range_art by weight */
  double batgun_close, batgun_long, skbg_long;
  int hit_musket, hit_skirm, hit_sharp, hit_art_close, hit_light_close, hit_art_long;
  int hit_batgun_long, hit_skbg_long;
  int save_works, save_sunken, save_town, save_woods, save_open;
  int town_div;
  int town_garrison;                                  /* ref. VB-32: 1 the garrison's total, 0 each stand's */
  /* morale.yaml */
  int mod_lancers, mod_cav_melee, mod_reg_flank, mod_brig_flank, mod_works, mod_town;
  int trigger_musket, rout_sp, rally_roll;
  double rout_move;
  /* melee.yaml */
  int mdice_max, mdice_skirm, mdice_battery, mdice_art, mhit, msave_sunken_cav;
  int tie_gren, tie_stat_cav, tie_supported, skirm_cannot_hold, terrain_sp;
  int blocked_eliminated;
  double loser_move, dev_step, dev_max;
  int disordering[VB_TR_COUNT];                       /* ref. VB-43 */
  int bt_disordered;                                  /* ref. VB-B17: disordered cavalry may break through */
  int eject_clear;                                    /* ref. VB-35: 1 ejected defenders leave the town block */
} vb_combat;

const vb_combat *gn__vb_combat(const gn_game *g);
/* A stand's short name for messages (code, else id). Cannot fail. */
const char *gn__vb_uname(const gn_game *g, int unit);

/* Modifiers gathered before the event they go on exists. */
#define VB_MAXMODS 8
typedef struct vb_mods {
  int n, total;
  const char *name[VB_MAXMODS];   /* static strings */
  const char *ref[VB_MAXMODS];
  int value[VB_MAXMODS];
} vb_mods;
void gn__vb_mod(vb_mods *m, const char *name, int value, const char *ref);
void gn__vb_mods_put(gn_event *e, const vb_mods *m);
/* How many faces of a d6 reach target (6 at 1 or less, 0 past 6). */
uint64_t gn__vb_d6_at_least(int target);
/* How many of n d6 show >= target, in chunks the dice source takes. */
int gn__vb_count(gn_game *g, int n, int target, const char *purpose, const char *ref,
                 int unit, int *hits);

/* ---------------------------------------------------------- fire.c */
/* Weapons, for hit numbers. ORDER: VB_W_LIGHT..VB_W_HEAVY follow weight. */
enum { VB_W_MUSKET, VB_W_LIGHT, VB_W_FIELD, VB_W_HEAVY, VB_W_BATGUN, VB_W_SKIRMISHER,
       VB_W_SHARPSHOOTER, VB_W_SKIRMISH_GUN };
/* The lowest face that hits for a weapon at close (1) or long (0) range, with
** its name and rule; 0 when the weapon has no such range band. Cannot fail. */
int gn__vb_hit(const vb_combat *c, int weapon, int close, const char **what, const char **ref);
/* What one fire rolls: dice grouped by hit number, and the target's save. */
typedef struct vb_fire_plan {
  int ngroups;
  int dice[2], hit[2];
  const char *what[2], *ref[2];   /* "musket", "VB-B6" */
  int nsaves;                     /* saving throws, rolled in turn on the hits left */
  int save[2];                    /* lowest face that saves */
  const char *save_name[2], *save_ref[2];
  int face;                       /* town face fired out of, -1 not in a town */
  unsigned bands;                 /* VB_BAND_* of the dice: at close range, at long */
} vb_fire_plan;
enum { VB_BAND_CLOSE = 1, VB_BAND_LONG = 2 };

/* Pure: what unit would roll at target now; refuses (GN_EREFUSED, rule id)
** when the rules forbid it. Changes nothing. */
int gn__vb_fire_plan(gn_game *g, int unit, int target, vb_fire_plan *p);
/* How far unit's fire reaches (ref. VB-B18): the plan refuses every target
** further off, edge to edge; -1 when it has no fire dice. Cannot fail. */
double gn__vb_fire_reach(gn_game *g, int unit);
/* The bands of unit's fire into out (ref. VB-B18): each stretch of
** distance over which dice_at gives the same dice, named by the range its
** dice are at (close, long), and whether the target must be in the front
** arc (not from a town, VB-B21, VB-32). Cannot fail. */
void gn__vb_fire_bands(gn_game *g, int unit, gn_reach *out);
/* The saves of a stand against fire: the best of its cover, then the
** open-order save of skirmishers (ref. VB-B7, VB-30, VB-33, VB-36). */
void gn__vb_fire_save(gn_game *g, int target, vb_fire_plan *p);
/* Rolls a plan (unit/target may be -1 for the odds checks): the SP lost in
** *lost, one "fire" event with the modifiers. Fails only with the dice
** source's errors. */
int gn__vb_fire_roll(gn_game *g, int unit, int target, const vb_fire_plan *p, int *lost);
/* 1 when target is within close range of unit's fire for the morale test:
** artillery (and, with morale.trigger.musket_range, muskets), never
** battalion guns (ref. VB-25); in arc and sight. */
int gn__vb_threatens(gn_game *g, int unit, int target);
/* The longest distance at which gn__vb_threatens can be 1. Cannot fail. */
double gn__vb_threat_range(const gn_game *g);
/* Town block (feature index) a stand stands in, -1 none. */
int gn__vb_town_of(const gn_game *g, int unit);
/* Stand u's melee dice now (ref. VB-B11, VB-15: melee.dice.*): its SP up to
** melee.dice.max for a brigade, regiment or cavalry (*by_sp then 1, else 0;
** by_sp may be NULL), the fixed dice of skirmishers and guns, none routed
** or for cavalry and guns in a town (src/rules/vb/melee.c). Cannot fail. */
int gn__vb_stand_dice(const gn_game *g, int u, int *by_sp);

/* ---------------------------------------------------------- morale.c */
/* The situation a morale test (or a tie roll's modified morale) reads. */
typedef struct vb_morale_sit {
  int type;                 /* vb_type of the testing stand */
  int stationary;
  int lancers;              /* facing enemy lancers */
  int cavalry;              /* meleed by cavalry */
  int flank;                /* meleed from flank or rear */
  int works, sunken, town;  /* standing in works, a sunken road, a town */
  int nextra, extra[8];     /* further modifiers (odds checks) */
} vb_morale_sit;
/* The situation of unit in the present state. Cannot fail. */
void gn__vb_morale_situation(gn_game *g, int unit, vb_morale_sit *s);
/* Total of the modifiers, gathered into m (may be NULL). Cannot fail. */
int gn__vb_morale_mods(gn_game *g, const vb_morale_sit *s, vb_mods *m);
/* One test: 1d6 <= grade + modifiers. Logs a "morale" event. */
int gn__vb_morale_roll(gn_game *g, int unit, int grade, const vb_morale_sit *s,
                       const char *why, int *passed);
/* The result of a failed test: disorder, or rout (artillery: eliminated). */
int gn__vb_morale_fail(gn_game *g, int unit, gn_vec2 cause);
/* Rout: 1 SP, routed, a full move away from cause (ref. VB-B9, VB-57). */
int gn__vb_rout(gn_game *g, int unit, gn_vec2 cause, const char *ref);
/* The same for a defender ejected from the town block `town` (a feature
** index, -1 none): it routs at least until clear of it (ref. VB-35). */
int gn__vb_rout_from(gn_game *g, int unit, gn_vec2 cause, const char *ref, int town);
/* Centre of the enemy stands that make unit test or retreat. Cannot fail. */
gn_vec2 gn__vb_cause(gn_game *g, int unit);

/* ---------------------------------------------------------- melee.c */
/* One side of a melee, as the resolution reads it. */
typedef struct vb_melee_side {
  int dice, hit;            /* dice hitting on `hit` (infantry, artillery) */
  int gun_dice, gun_hit;    /* battalion-gun dice (ref. VB-22) */
  int cav_dice;             /* cavalry dice, hit on melee.hit; saved by save_vs_cav */
  int save_vs_cav;          /* lowest face saving a cavalry hit on this side, 0 none */
  int morale;               /* highest modified morale (ref. VB-38) */
  vb_mods tie;              /* tie-break modifiers (ref. VB-38, VB-39) */
  int cannot_hold;          /* skirmishers out of cover (ref. VB-12) */
} vb_melee_side;
/* Resolves dice, saves and the tie: *winner 0 (side s[0], the attacker) or 1;
** lost[k] the SP side k loses (lost NULL: the caller reads the winner alone,
** which the odds engine then asks as one question). Logs a "melee" event. */
int gn__vb_melee_roll(gn_game *g, int unit, int target, const vb_melee_side s[2],
                      int *winner, int lost[2]);
/* The tie roll (ref. VB-37, VB-38): equal totals roll again. */
int gn__vb_tie_roll(gn_game *g, int unit, int target, const vb_melee_side s[2], int *winner);

/* ---------------------------------------------------------- retreat.c */
/* The stretch [*lo, *hi] of s over which box a moved by u*s (u a unit vector)
** meets box b: touching counts; with shrink > 0 only overlaps deeper than
** shrink. Returns 0 when they never meet. Cannot fail. */
int gn__vb_sweep(gn_box a, gn_vec2 u, gn_box b, double shrink, double *lo, double *hi);

/* ---------------------------------------------------------- checks.c */
int gn__vb_fire_check_parse(gn_game *g, int argc, const char *const *argv, void *cx);
int gn__vb_fire_check_run(gn_game *g, const void *cx, int64_t *outcome);
void gn__vb_fire_check_label(const void *cx, int64_t outcome, char *buf, size_t n);
int gn__vb_morale_check_parse(gn_game *g, int argc, const char *const *argv, void *cx);
int gn__vb_morale_check_run(gn_game *g, const void *cx, int64_t *outcome);
void gn__vb_morale_check_label(const void *cx, int64_t outcome, char *buf, size_t n);
int gn__vb_melee_check_parse(gn_game *g, int argc, const char *const *argv, void *cx);
int gn__vb_melee_check_run(gn_game *g, const void *cx, int64_t *outcome);
void gn__vb_melee_check_label(const void *cx, int64_t outcome, char *buf, size_t n);
int gn__vb_tie_check_parse(gn_game *g, int argc, const char *const *argv, void *cx);
int gn__vb_tie_check_run(gn_game *g, const void *cx, int64_t *outcome);
void gn__vb_tie_check_label(const void *cx, int64_t outcome, char *buf, size_t n);

#define GN__VB_COMBAT_CHECKS                                                              \
  {"fire", "--dice N --range close|long --weapon musket|light|field|heavy|batgun|"        \
           "skirmisher|sharpshooter|skirmish-gun [--save woods|works|sunken|town|open[,open]]",                \
   "SP lost by the target", "VB-B5, VB-B6, VB-B7, VB-21, VB-30, VB-33, VB-36", 0,          \
   gn__vb_fire_check_parse, gn__vb_fire_check_run, gn__vb_fire_check_label},             \
  {"morale", "--grade G [--modifiers -1,+1,...] [--type infantry|regiment|skirmisher|cavalry|" \
             "artillery] [--stationary] [--lancers] [--cavalry] [--flank] [--works] "     \
             "[--sunken] [--town]",                                                        \
   "1 passes, 0 fails (1d6 <= grade + modifiers)", "VB-B8, VB-5, VB-6, VB-7, VB-8, VB-30", 1, \
   gn__vb_morale_check_parse, gn__vb_morale_check_run, gn__vb_morale_check_label},       \
  {"melee", "--attack-dice A --defence-dice D [--attack-morale M] [--defence-morale M] "  \
            "[--attack-tie N] [--defence-tie N] [--attack-cavalry] [--sunken]",             \
   "0 the attacker wins, 1 the defender wins", "VB-B11, VB-30, VB-37, VB-38", 0,           \
   gn__vb_melee_check_parse, gn__vb_melee_check_run, gn__vb_melee_check_label},          \
  {"tie", "--morale A,B [--grenadiers] [--supported-artillery] [--stationary-vs-cavalry] " \
          "[--b-grenadiers] [--b-supported-artillery] [--b-stationary-vs-cavalry]",         \
   "1 side A wins the tie roll, 0 side B", "VB-37, VB-38, VB-39", 1,                       \
   gn__vb_tie_check_parse, gn__vb_tie_check_run, gn__vb_tie_check_label},

/* Fire unit at target and apply it; *hits (may be NULL) the SP lost. Refuses
** (GN_EREFUSED) before any change; else fails only with the dice source. */
int gn__vb_fire(gn_game *g, int unit, int target, int *hits);
/* Melee of two touching stands (and all drawn in); *winner (may be NULL) 0
** attacker, 1 defender. Fails only with the dice source or GN_ENOMEM. */
int gn__vb_melee(gn_game *g, int attacker, int defender, int *winner);
/* A morale test of unit now, its failure applied; *passed may be NULL. */
int gn__vb_morale_test(gn_game *g, int unit, const char *why, int *passed);
/* Retreat (routed 0) or rout (1) away from the point `away`, with everything
** it passes (rules VB-41 to VB-50). Fails only with GN_ENOMEM. */
int gn__vb_retreat(gn_game *g, int unit, gn_vec2 away, int routed);
/* ref. VB-56: 1 when unit could not retreat away from `away` at all (enemy
** on every way it may take, ref. VB-42): a stand that loses its last SP so is
** wiped out surrounded. Cannot fail. */
int gn__vb_surrounded(gn_game *g, int unit, gn_vec2 away);
/* The same for a stand ejected from the town block `town` (a feature index;
** -1 none): it goes at least until its base is clear of it (ref. VB-35). */
int gn__vb_retreat_from(gn_game *g, int unit, gn_vec2 away, int routed, int town);
/* leader tries to rally a routed unit (ref. VB-B10); no checks of reach. */
int gn__vb_rally(gn_game *g, int leader, int unit);
/* Phase hooks (see above). Fail only with the dice source or GN_ENOMEM. */
int gn__vb_phase_morale(gn_game *g, int side);
int gn__vb_phase_combat(gn_game *g, int side);
int gn__vb_order_fire(gn_game *g, const gn__args *a);
int gn__vb_order_charge(gn_game *g, const gn__args *a);
int gn__vb_order_rally(gn_game *g, const gn__args *a);
int gn__vb_order_breakthrough(gn_game *g, const gn__args *a);
int gn__vb_combat_setup(gn_game *g, vb_data *d);
/* After gn__vb_combat_setup: the melee data it does not read (melee.c). GN_EDATA. */
int gn__vb_melee_setup(gn_game *g, vb_data *d);
void gn__vb_combat_release(gn_game *g, vb_data *d);
/* ---- end of combat section ---- */

#endif /* GN_VB_H */
