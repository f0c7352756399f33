/*
** vb.c: the Volley & Bayonet descriptor (gn__rs_vb): unit schema, terrain,
** options, verbs, odds checks; setup (data tables, initial state), release,
** the view of a unit for each side, clock and phase; and the small helpers
** every VB module shares (vb.h).
*/
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "vb.h"

/* ---------------------------------------------------------------- schema */

/* Footprints (ref. VB-B4 for rates; Part 3.2 for sizes): brigades 3x3 in;
** regiments, skirmishers and artillery 3 wide x 1.5 deep; leaders 1x1.
** ORDER: vb_type. */
static const gn__typedef vb_types[VB_T_COUNT] = {
  {"infantry_brigade", 3, 3, NULL},                  {"infantry_regiment", 3, 1.5, NULL},
  {"skirmisher", 3, 1.5, NULL},                      {"cavalry_light", 3, 3, "light cavalry"},
  {"cavalry_heavy", 3, 3, "heavy cavalry"},          {"cavalry_lancer", 3, 3, "lancers"},
  {"artillery_foot", 3, 1.5, "foot artillery"},      {"artillery_horse", 3, 1.5, "horse artillery"},
  {"battery_foot", 3, 1.5, "foot battery"},          {"battery_horse", 3, 1.5, "horse battery"},
  {"leader_division", 1, 1, "division leader"},      {"leader_corps", 1, 1, "corps leader"},
  {"leader_army", 1, 1, "army commander"},
};

static const char *const disorder_names[] = {"none", "disordered", "permanent", NULL};
static const char *const weight_names[] = {"light", "field", "heavy", NULL};
static const char *const wiped_names[] = {"no", "surrounded", "melee", "routed", NULL};
static const char *const weather_names[] = {"scenario", "clear", "inclement", NULL};
static const char *const next_day_names[] = {"generals", "fight", NULL};
/* ORDER: VB_MEL_* (vb.h). */
static const char *const meleed_names[] = {"no", "fought", "may_break_through", "broke_through", NULL};

/* ORDER: VB_RATE_*. */
static const char *const rating_names[] = {"average", "poor", "good", "excellent", NULL};

/* The schema, a row for each member of gn__vb_unit, indexed by its slot.
** {name, default, min, max, names, hidden, scenario} */
#define SLOT(m) GN__SLOT(gn__vb_unit, m)
static const gn__attrdef vb_attrs[GN__NSLOTS(gn__vb_unit)] = {
  [SLOT(morale)]          = {"morale", 4, 1, 9, NULL, 1, 1},
  [SLOT(disorder)]        = {"disorder", 0, 0, 2, disorder_names, 0, 1},
  [SLOT(routed)]          = {"routed", 0, 0, 1, NULL, 0, 1},
  [SLOT(stationary)]      = {"stationary", 1, 0, 1, NULL, 0, 1},
  [SLOT(march)]           = {"march", 0, 0, 1, NULL, 0, 1},
  [SLOT(limbered)]        = {"limbered", 0, 0, 1, NULL, 0, 1},
  [SLOT(batguns)]         = {"batguns", 0, 0, 1, NULL, 0, 1},
  [SLOT(grenadiers)]      = {"grenadiers", 0, 0, 1, NULL, 0, 1},
  [SLOT(sharpshooters)]   = {"sharpshooters", 0, 0, 1, NULL, 0, 1},
  [SLOT(lancers)]         = {"lancers", 0, 0, 1, NULL, 0, 1},
  [SLOT(weight)]          = {"weight", 1, 0, 2, weight_names, 0, 1},
  [SLOT(nation)]          = {"nation", 0, 0, 99, NULL, 0, 1},
  [SLOT(lost_today)]      = {"lost_today", 0, 0, 999, NULL, 1, 1},
  [SLOT(moved)]           = {"moved", 0, 0, 1, NULL, 0, 0},
  [SLOT(move_used)]       = {"move_used", 0, 0, 1000000, NULL, 1, 0},
  [SLOT(fired)]           = {"fired", 0, 0, 1, NULL, 0, 0},
  [SLOT(meleed)]          = {"meleed", 0, 0, 3, meleed_names, 0, 0},
  [SLOT(skirmish_of)]     = {"skirmish_of", 0, 0, 100000, NULL, 0, 1},
  [SLOT(town_disordered)] = {"town_disordered", 0, 0, 1, NULL, 0, 0},
  [SLOT(wiped)]           = {"wiped", 0, 0, 3, wiped_names, 0, 1},
  [SLOT(in_command)]      = {"in_command", 1, 0, 1, NULL, 0, 0},
  [SLOT(reforming)]       = {"reforming", 0, 0, 100000, NULL, 0, 0},   /* the brigade reformed + 1 */
  [SLOT(town_fire)]       = {"town_fire", 0, 0, 16777215, NULL, 1, 0},   /* 3 bits a town face (fire.c) */
  [SLOT(rally_tried)]     = {"rally_tried", 0, -1000000, 1000000, NULL, 1, 0},
  [SLOT(entry_used)]      = {"entry_used", 0, 0, 1000000, NULL, 1, 0},
  [SLOT(rating)]          = {"rating", 0, 0, 3, rating_names, 0, 1},
};

/* ORDER: vb_fattr. */
static const char *const vb_fattrs[VB_NFATTR] = {"parent", "marks", "boxes", "sp0", "state", "recovered"};

/* ORDER: vb_terrain. Woods, towns and hills block sight; villages do not
** (ref. VB-16, VB-31). */
static const gn__terraindef vb_terrains[VB_TR_COUNT] = {
  {"woods", GN_SHAPE_AREA, GN_FEAT_BLOCKS_LOS},
  {"town", GN_SHAPE_AREA, GN_FEAT_BLOCKS_LOS},
  {"village", GN_SHAPE_AREA, 0},
  {"works", GN_SHAPE_AREA, 0},
  {"hill", GN_SHAPE_AREA, GN_FEAT_BLOCKS_LOS},
  {"marsh", GN_SHAPE_AREA, 0},
  {"river", GN_SHAPE_LINE, 0},
  {"stream", GN_SHAPE_LINE, 0},
  {"road", GN_SHAPE_LINE, 0},
  {"sunken_road", GN_SHAPE_LINE, 0},
  {"bridge", GN_SHAPE_AREA, 0},
};

/* ORDER: vb_option. */
static const gn__attrdef vb_options[VB_OPT_COUNT] = {
  {"centimetres", 0, 0, 1, NULL, 0, 1},
  {"open_rosters", 0, 0, 1, NULL, 0, 1},
  {"days", 1, 1, 9, NULL, 0, 1},
  {"first_side", 0, 0, GN__MAXSIDES - 1, NULL, 0, 1},
  {"attacker", 0, 0, GN__MAXSIDES - 1, NULL, 0, 1},
  {"weather_day2", 0, 0, 2, weather_names, 0, 1},
  {"weather_day3", 0, 0, 2, weather_names, 0, 1},
  {"next_day", 0, 0, 1, next_day_names, 0, 1},
  {"leader_losses", 0, 0, 1, NULL, 0, 1},
};

static const gn__verb vb_verbs[] = {
  {"end", "end [SIDE] [ends the current phase of the active side; at night and in the recovery each side ends its own, a plain end ends it for all]", gn__vb_order_end, 0},
  {"move", "move UNIT to X,Y [facing DEG; or: towards X,Y (as far as it may) | advance N | retire N | "
           "wheel DEG (about a front corner; right positive) | turn DEG]", gn__vb_order_move, 0},
  {"leader", "leader LEADER to X,Y [facing DEG; or: towards X,Y | advance N | retire N | turn DEG]",
   gn__vb_order_leader, 0},
  {"march", "march UNIT [forms march column]", gn__vb_order_march, 0},
  {"deploy", "deploy UNIT [leaves march column]", gn__vb_order_deploy, 0},
  {"limber", "limber UNIT", gn__vb_order_limber, 0},
  {"unlimber", "unlimber UNIT", gn__vb_order_unlimber, 0},
  {"skirmish", "skirmish UNIT [light cavalry brigade breaks into skirmishers]", gn__vb_order_skirmish, 0},
  {"reform", "reform UNIT UNIT [UNIT...] [cavalry skirmishers reform their brigade]", gn__vb_order_reform, 0},
  {"reorder", "reorder UNIT [removes yellow disorder for half a move]", gn__vb_order_reorder, 0},
  {"reassign", "reassign DIVISION to CORPS [at night]", gn__vb_order_reassign, 0},
  {"recover", "recover UNIT [takes a pooled odd point at night]", gn__vb_order_recover, 0},
  {"merge", "merge UNIT into UNIT [at night, under-strength stand]", gn__vb_order_merge, 0},
  {"fill", "fill UNIT from UNIT [at night, under-strength stand takes points]", gn__vb_order_fill, 0},
  {"place", "place UNIT at X,Y [facing DEG] [in the recovery, a stand coming back (wiped out or routed off the table, with SP): on the table, within the command radius of its division's leader (else corps', army's), on no stand, not nearer the enemy than recovery.return.enemy_distance; not placed: behind its leader at dawn]", gn__vb_order_place, 0},
  {"withdraw", "withdraw SIDE [at night: the side's general will not fight another day; the battle ends (ref. VB-73)]", gn__vb_order_withdraw, 0},
  {"campaign", "campaign held|possession|retreat-rearguard|retreat [SIDE]", gn__vb_order_campaign, 1},
  {"fire", "fire UNIT at UNIT", gn__vb_order_fire, 0},
  {"charge", "charge UNIT at UNIT", gn__vb_order_charge, 0},
  {"rally", "rally UNIT [with LEADER]", gn__vb_order_rally, 0},
  {"breakthrough", "breakthrough UNIT at UNIT [or: breakthrough UNIT to X,Y [facing DEG]; cavalry that won a "
                   "charge this combat phase]", gn__vb_order_breakthrough, 0},
};

/* The odds checks: the day's start first; the combat rows come from
** GN__VB_COMBAT_CHECKS (vb.h, combat section). */
static const gn__check vb_checks[] = {
  {"day-start", "--month M --day D [--inclement]",
   "hour of the first turn of battle day D (D >= 2)", "VB-52, VB-53, VB-54, VB-B13", 0,
   gn__vb_day_start_parse, gn__vb_day_start_run, gn__vb_day_start_label},
  GN__VB_COMBAT_CHECKS
};

/* ---------------------------------------------------------------- helpers */

const vb_data *gn__vb_data(const gn_game *g) { return g->sc->rsdata; }

int gn__vb_type(const gn_game *g, int unit) { return g->sc->unit[unit].type; }

int gn__vb_is_infantry(int t) {
  return t == VB_T_INF_BRIGADE || t == VB_T_INF_REGIMENT || t == VB_T_SKIRMISHER;
}
int gn__vb_is_cavalry(int t) {
  return t == VB_T_CAV_LIGHT || t == VB_T_CAV_HEAVY || t == VB_T_CAV_LANCER;
}
int gn__vb_is_artillery(int t) { return t >= VB_T_ART_FOOT && t <= VB_T_BAT_HORSE; }
int gn__vb_is_battery(int t) { return t == VB_T_BAT_FOOT || t == VB_T_BAT_HORSE; }

/* ref. VB-19: any artillery that began the battle with 1 SP is a battery,
** whatever type the scenario gave it; a scenario opening in mid-battle gives
** the SP lost so far (lost_today), so a 2-SP battalion now at 1 SP is not. */
int gn__vb_battery(const gn_game *g, int u, int *foot) {
  int t = gn__vb_type(g, u);
  const gn__unit *su = &g->sc->unit[u];
  if (foot) *foot = t == VB_T_BAT_FOOT || t == VB_T_ART_FOOT;
  return gn__vb_is_battery(t) || (gn__vb_is_artillery(t) && su->strength0 + su->vb0.lost_today == 1);
}
int gn__vb_is_leader(int t) { return t >= VB_T_LDR_DIVISION; }

int gn__vb_is_cav_skirmisher(const gn_game *g, int u) {
  return gn__vb_type(g, u) == VB_T_SKIRMISHER && vb_u(g, u)->skirmish_of > 0;
}
int gn__vb_is_inf_skirmisher(const gn_game *g, int u) {
  return gn__vb_type(g, u) == VB_T_SKIRMISHER && vb_u(g, u)->skirmish_of == 0;
}
int gn__vb_infantry(const gn_game *g, int u) {
  return gn__vb_is_infantry(gn__vb_type(g, u)) && !gn__vb_is_cav_skirmisher(g, u);
}

/* Leaders have no SP: they are alive while on the table. */
int gn__vb_alive(const gn_game *g, int u) {
  return !g->st.u[u].removed && (g->st.u[u].strength > 0 || gn__vb_is_leader(gn__vb_type(g, u)));
}

/* ref. VB-1: with the centimetre option the same numbers are read in cm. */
const char *gn__vb_unit_word(const gn_game *g) {
  return g->sc->options[VB_OPT_CENTIMETRES] ? "cm" : "in";
}

int gn__vb_box_in_feature(gn_box b, const gn_feature *f) {
  gn_vec2 c[4];
  gn_box_corners(b, c);
  if (gn_feature_contains(f, b.c)) return 1;
  for (int k = 0; k < 4; k++)
    if (gn_feature_contains(f, c[k])) return 1;
  /* an edge of the stand crossing the feature */
  for (int k = 0; k < 4; k++) {
    gn_crossing x;
    if (gn_path_crossings(c[k], c[(k + 1) % 4], f, 1, &x, 1) > 0) return 1;
  }
  /* a feature wholly inside the stand */
  if (f->npts > 0) {
    gn_feature me = {0, GN_SHAPE_AREA, 0, 4, c};
    if (gn_feature_contains(&me, f->pts[0])) return 1;
  }
  return 0;
}

int gn__vb_in_terrain(const gn_game *g, int unit, int kind) {
  for (int i = 0; i < g->sc->nterrain; i++)
    if (g->sc->features[i].kind == kind && gn__vb_box_in_feature(g->st.u[unit].box, &g->sc->features[i]))
      return 1;
  return 0;
}

void gn__vb_take_off(gn_game *g, int unit) {
  gn__unit_remove(g, unit);
}

int gn__vb_near_box(gn_game *g, gn_box b, double r, int *ids, int max) {
  gn_grid *gr = gn__grid(g);
  if (!gr) return -1;
  int n = gn_grid_query(gr, b, r, ids, max);
  return n > max ? -1 : n;
}

int gn__vb_near_if(gn_game *g, const gn__frame *fr, double r, gn__grid_keep keep, void *ud, int *ids, int max) {
  gn_grid *gr = gn__grid(g);
  if (!gr) return -1;
  int n = gn__grid_query_if(gr, fr, r, keep, ud, ids, max);
  return n > max ? -1 : n;
}

/* An enemy stand of side ud->side that counts for the distance: on the
** table and not a leader. */
typedef struct vb_foe { const gn_game *g; int side; } vb_foe;

static int foe(void *ud, int i) {
  const vb_foe *f = ud;
  return f->g->sc->unit[i].side != f->side && gn__vb_alive(f->g, i) && !gn__vb_is_leader(gn__vb_type(f->g, i));
}

/* The grid's nearest search (gn__grid_nearest); without the grid, every
** stand in unit order, keeping the first of the nearest. */
int gn__vb_nearest_enemy(gn_game *g, int unit, gn_box b, double *dist) {
  vb_foe f = {g, g->sc->unit[unit].side};
  gn_grid *gr = gn__grid(g);
  int who = -1;
  if (gr) {
    gn__frame fr = gn__frame_of(b);
    return gn__grid_nearest(gr, &fr, foe, &f, dist);
  }
  *dist = INFINITY;
  for (int i = 0; i < g->sc->nunits; i++) {
    if (!foe(&f, i)) continue;
    double dd = gn_box_distance(b, g->st.u[i].box);
    if (dd < *dist) { *dist = dd; who = i; }
  }
  return who;
}

double gn__vb_enemy_distance(gn_game *g, int unit, gn_box b) {
  double d;
  return gn__vb_nearest_enemy(g, unit, b, &d) < 0 ? 1e18 : d;
}

int gn__vb_arm(const gn_game *g, int u) {
  int t = gn__vb_type(g, u);
  if (gn__vb_is_leader(t)) return -1;
  if (gn__vb_is_cavalry(t) || gn__vb_is_cav_skirmisher(g, u)) return VB_ARM_CAVALRY;
  return gn__vb_is_artillery(t) ? VB_ARM_ARTILLERY : VB_ARM_INFANTRY;
}

/* ref. VB-72: an infantry or cavalry SP is 500 men present, a roster
** casualty about 250 men; the data give each arm its own (scale.yaml). */
int gn__vb_men(const gn_game *g, int arm, int sp) {
  return arm < 0 ? 0 : sp * gn__vb_data(g)->men_per_sp[arm];
}
int gn__vb_casualty_men(const gn_game *g, int arm, int n) {
  return arm < 0 ? 0 : n * gn__vb_data(g)->men_per_casualty[arm];
}

/* Any enemy stand (not a leader) touching the unit: the grid asked for enemy
** stands only; without it, every stand. */
int gn__vb_in_contact(gn_game *g, int unit) {
  vb_foe f = {g, g->sc->unit[unit].side};
  gn__frame fr = gn__frame_of(g->st.u[unit].box);
  int ids[64], n = gn__vb_near_if(g, &fr, GN_CONTACT_EPS, foe, &f, ids, 64);
  if (n >= 0) return n > 0;
  for (int i = 0; i < g->sc->nunits; i++)
    if (i != unit && foe(&f, i) && gn_box_distance(g->st.u[unit].box, g->st.u[i].box) <= GN_CONTACT_EPS) return 1;
  return 0;
}

void gn__vb_own_event(gn_event *e, int side) {
  if (e && side >= 0 && side < GN__MAXSIDES) gn__event_hide(e, 1u << side);
}

void gn__vb_disorder(gn_game *g, int unit, int level, const char *ref, const char *why) {
  gn__ustate *u = gn__uw(g, unit);
  if (u->vb.disorder >= level) return;
  u->vb.disorder = level;
  gn__event(g, "disorder", ref, unit, -1, "%s is %s: %s", gn__vb_uname(g, unit),
            level == 2 ? "permanently disordered" : "disordered", why);
}

/*
** Remove n SP from a unit (every loss of the ruleset comes here).
**   1) clamp to the SP the stand has
**   2) count the loss in today's record (ref. VB-55); the "loss" event with
**      the SP left is its own side's (the enemy knows the hits it scored from
**      the fire and melee events, never the roster)
**   3) non-artillery losses mark the division's exhaustion record (ref. VB-B12)
**   4) at 0 SP the stand leaves the table; remember how (ref. VB-56, VB-57)
*/
int gn__vb_lose_sp(gn_game *g, int unit, int n, int wiped, const char *ref, const char *why) {
  gn__ustate *u = gn__uw(g, unit);
  /* 1) */
  if (n > u->strength) n = u->strength;
  if (n <= 0) return 0;
  u->strength -= n;
  /* 2) */
  u->vb.lost_today += n;
  gn__vb_own_event(gn__event(g, "loss", ref, unit, -1, "%s loses %d SP (%s), %d left",
                             gn__vb_uname(g, unit), n, why, u->strength),
                   g->sc->unit[unit].side);
  /* 3) */
  if (!gn__vb_is_artillery(gn__vb_type(g, unit))) {
    int d = gn__vb_division_of(g, unit);
    if (d >= 0) gn__vb_exhaust_mark(g, d, n);
  }
  /* 4) */
  if (u->strength == 0) {
    gn__vb_take_off(g, unit);
    u->vb.wiped = wiped;
    gn__event(g, "eliminated", ref, unit, -1, "%s is eliminated", gn__vb_uname(g, unit));
  }
  return n;
}

/* ------------------------------------------------------------------ data */

/* ORDER: vb_arm. */
static const char *const vb_arm_names[VB_ARM_COUNT] = {"infantry", "cavalry", "artillery"};

#define ANY GN__DANY
#define INT(k, f, lo, hi, ref) GN__D_INT(vb_data, k, f, lo, hi, ref)
#define NUM(k, f, lo, hi, ref) GN__D_NUM(vb_data, k, f, lo, hi, ref)
#define INTS(k, f, n, lo, hi, ref) GN__D_INTS(vb_data, k, f, n, lo, hi, ref)
#define FRAC(k, num, den, ref) GN__D_FRAC(vb_data, k, num, den, ref)
#define PAIR(k, f, ref) GN__D_FRAC(vb_data, k, f[0], f[1], ref)
#define BY_ARM(k, f, ref) GN__D_EACH(vb_data, GN__DT_INT, k, f, 1, 0, ANY, ref, vb_arm_names, \
                                     VB_ARM_COUNT, sizeof(char *), sizeof(int))

/* data/rulesets/vb/{scale,command,move,turn,exhaustion,recovery}.yaml, in
** the order they are read; the ranges are what the procedures divide by,
** roll or scale with. */
static const gn__dfield data_table[] = {
  BY_ARM("scale.men_per_sp.%s", men_per_sp, "VB-72"),
  BY_ARM("scale.men_per_casualty.%s", men_per_casualty, "VB-72"),
  NUM("command.radius", cmd_radius, 0, ANY, "VB-B2"),
  INT("arrival.entry_pays", entry_pays, 0, 1, "VB-ARR"),
  GN__D_NUMS(vb_data, "command.rating.radius", rating_radius, 4, -ANY, ANY, "VB-LDR"),
  NUM("leader.loss.range", loss_range, 0, ANY, "VB-LDR"),
  INT("leader.loss.roll", loss_roll, 1, ANY, "VB-LDR"),
  NUM("command.out_of_command.move_factor", ooc_move_factor, 0, ANY, "VB-B3"),
  GN__D_EACH(vb_data, GN__DT_NUM, "move.rate.%s", rate, 1, 0, ANY, "VB-B4", &vb_types[0].name,
             VB_T_COUNT, sizeof vb_types[0], sizeof(double)),
  NUM("move.rate.heavy_foot_artillery", heavy_foot_rate, 0, ANY, "VB-B4"),
  NUM("move.rate.cavalry_skirmisher", cav_skirm_rate, 0, ANY, "VB-9"),
  NUM("move.batguns.infantry", batgun_rate_inf, 0, ANY, "VB-26"),
  NUM("move.batguns.cavalry", batgun_rate_cav, 0, ANY, "VB-26"),
  NUM("move.woods.factor", woods_factor, 1, ANY, "VB-B4"),
  NUM("move.marsh.factor", marsh_factor, 1, ANY, "VB-B4"),
  NUM("move.stream.cost", stream_cost, 0, ANY, "VB-B4"),
  NUM("move.road.factor", road_factor, 0, ANY, "VB-B14"),    /* and > 0 */
  NUM("move.tolerance", move_tolerance, 0, ANY, "VB-B4"),
  NUM("move.road.width", road_width, 0, ANY, "VB-B14"),
  NUM("move.reform.cost", reform_cost, 0, ANY, "VB-11"),
  NUM("move.skirmish.gap", skirmish_gap, 0, ANY, "VB-10"),
  INT("move.skirmish.per_sp", skirmish_per_sp, 0, 1, "VB-10"),
  NUM("move.reorder.cost", disorder_cost, 0, ANY, "VB-B20"),
  INTS("move.artillery_prohibited", art_prohibited, VB_TR_COUNT, 0, 1, "VB-27"),
  INTS("move.cavalry_disordered", cav_disorder, VB_TR_COUNT, 0, 1, "VB-B4"),
  NUM("move.night.factor", night_factor, 0, ANY, "VB-66"),
  NUM("move.night.screen", night_screen, 0, ANY, "VB-66"),
  NUM("move.march.cost", march_cost, 0, ANY, "VB-B14"),
  NUM("move.limber.cost", limber_cost, 0, ANY, "VB-B15"),
  INT("move.village.friends_block", village_friends, 0, 1, "VB-18"),
  INT("sight.leaders_block", sight_leaders, 0, 1, "VB-B21"),
  INT("sight.skirmishers_block", sight_skirm, 0, 1, "VB-B21"),
  INTS("daylight.first", first_turn, 12, -ANY, ANY, "VB-B13"),
  INTS("daylight.last", last_turn, 12, -ANY, ANY, "VB-51"),
  NUM("daylight.latitude", daylight_latitude, -90, 90, "VB-B13"),
  INT("day_start.die", start_die, 2, ANY, "VB-52"),
  INT("day_start.inclement", inclement_bonus, -ANY, ANY, "VB-52"),
  INT("day_start.later_day", later_day_bonus, -ANY, ANY, "VB-53"),
  FRAC("exhaustion.boxes", boxes_num, boxes_den, "VB-B12"),
  FRAC("exhaustion.broken", broken_num, broken_den, "VB-B12"),
  FRAC("recovery.fraction", recover_num, recover_den, "VB-55"),
  INT("recovery.min.infantry_brigade", min_inf_brigade, 0, ANY, "VB-61"),
  INT("recovery.min.other", min_other, 0, ANY, "VB-61"),
  PAIR("campaign.both", camp_both, "VB-68"),
  PAIR("campaign.holder", camp_holder, "VB-69"),
  PAIR("campaign.holder_artillery", camp_holder_art, "VB-69"),
  PAIR("campaign.rearguard", camp_rearguard, "VB-69"),
  PAIR("campaign.no_rearguard", camp_norear, "VB-71"),
  PAIR("campaign.no_rearguard_artillery", camp_norear_art, "VB-71"),
  FRAC("campaign.rearguard_size", rearguard_num, rearguard_den, "VB-70"),
  NUM("campaign.rearguard_gap", rearguard_gap, 0, ANY, "VB-70"),
  INT("campaign.rearguard_disordered", rearguard_disordered, 0, 1, "VB-70"),
};

#undef ANY
#undef INT
#undef NUM
#undef INTS
#undef FRAC
#undef PAIR
#undef BY_ARM

/* Reads data/rulesets/vb/{scale,command,move,turn,exhaustion,recovery}.yaml.
** Fails with GN_EDATA naming the key. */
static int load_data(gn_game *g, vb_data *d) {
  int rc = gn__data_table(g, data_table, (int)(sizeof data_table / sizeof data_table[0]), d);
  if (rc) return rc;
  if (d->road_factor <= 0)   /* a march column on a road divides by it */
    return gn__error(g, GN_EDATA, "vb data: move.road.factor must be > 0");
  return 0;
}

/* ------------------------------------------------------------- sight */

/* Which stands block the sight of others (ref. VB-B21), for gn_unit_los:
** every stand on the table but the dead, and leaders and skirmishers as the
** data say (sight.leaders_block, sight.skirmishers_block). Before the start
** (no data read yet) every stand on the table blocks. Cannot fail. */
/* The men n SP of unit stand for (ref. VB-72), by its arm: leaders none. */
static int vb_men(const gn_game *g, int unit, int n, int lost) {
  int arm = gn__vb_arm(g, unit);
  return lost ? gn__vb_casualty_men(g, arm, n) : gn__vb_men(g, arm, n);
}

/* At the start: a gun stand in terrain closed to artillery (ref. VB-27), or
** a stand out of command (ref. VB-B2), which may not move nearer the enemy. */
static int vb_warn(gn_game *g, int unit, char *buf, size_t n) {
  char where[64];
  if (gn__vb_stuck(g, unit, where, sizeof where)) {
    snprintf(buf, n, "can never move: its guns stand in '%s', terrain closed to artillery (VB-27)", where);
    return 1;
  }
  if (gn__vb_is_leader(gn__vb_type(g, unit)) || !gn__vb_alive(g, unit) || gn__vb_in_command(g, unit))
    return 0;
  snprintf(buf, n, "is out of command at the start: no leader who may command it is within reach "
           "(VB-B2), so it may not move nearer the enemy (VB-B3)");
  return 1;
}

static int vb_blocks_sight(const gn_game *g, int unit) {
  const vb_data *d = g->sc->rsdata;
  if (!gn__vb_alive(g, unit)) return 0;
  if (!d) return 1;
  int t = gn__vb_type(g, unit);
  if (gn__vb_is_leader(t)) return d->sight_leaders;
  if (t == VB_T_SKIRMISHER) return d->sight_skirm;
  return 1;
}

/* ------------------------------------------------------------- setup */

/* ref. VB-9: reserve skirmish stands are declared in the scenario after their
** light cavalry brigade with skirmish_of: 1; link them and take them off. */
static int link_skirmishers(gn_game *g) {
  int brigade = -1;
  for (int i = 0; i < g->sc->nunits; i++) {
    gn__ustate *u = gn__uw(g, i);
    int t = gn__vb_type(g, i);
    if (t == VB_T_CAV_LIGHT) brigade = i;
    if (t != VB_T_SKIRMISHER || u->vb.skirmish_of == 0) continue;
    if (brigade < 0 || g->sc->unit[brigade].side != g->sc->unit[i].side)
      return gn__error(g, GN_ESCENARIO, "%s: skirmish_of needs a light cavalry brigade listed before it",
                       g->sc->unit[i].id);
    u->vb.skirmish_of = brigade + 1;
    u->vb.morale = vb_u(g, brigade)->morale;
    gn__unit_remove(g, i);
    u->strength = 0;
  }
  return 0;
}

/*
** The descriptor's setup, at gn_game_start.
**   1) read the data tables into vb_data (sc->rsdata); the combat tables too;
**      which formation each leader leads (on failure the part read goes, so
**      that a start tried again reads all)
**   2) unit defaults derived from the type (lancers, stationary); a stand
**      given with 0 SP was wiped out earlier that day and is off the table
**      (a scenario that opens in mid-battle gives lost_today and wiped)
**   3) link cavalry skirmisher reserves
**   4) the clock: day 1, the scenario's hour, the month's daylight
**   5) divisional exhaustion records
*/
static void vb_release(gn_game *g, void *rsdata);

static int vb_setup(gn_game *g) {
  gn__scen *sc = g->sc;
  int rc;
  for (int i = 0; i < sc->nterrain; i++)   /* the fire out of each face is kept 3 bits a face */
    if (sc->terrain[i].f.kind == VB_TR_TOWN && sc->terrain[i].f.npts > VB_TOWN_MAXFACES)
      return gn__error(g, GN_ELIMIT, "%s:%d:%d: town block '%s' has %d faces, past the limit of %d faces a "
                       "town block holds (ref. VB-32)", sc->file, sc->terrain[i].line, sc->terrain[i].col,
                       sc->terrain[i].id, sc->terrain[i].f.npts, VB_TOWN_MAXFACES);
  sc->tunit = gn__vb_unit_word(g);   /* ref. VB-1: the table is in cm with the option */
  /* 1) */
  if (!sc->rsdata) {
    vb_data *d = gn__calloc(g, 1, sizeof *d);
    if (!d) return gn__error(g, GN_ENOMEM, "out of memory");
    sc->rsdata = d;
    if ((rc = load_data(g, d))) goto undo;
    if (!(d->led = gn__calloc(g, (size_t)(sc->nunits ? sc->nunits : 1), sizeof *d->led))) {
      rc = gn__error(g, GN_ENOMEM, "out of memory");
      goto undo;
    }
    d->nled = sc->nunits ? sc->nunits : 1;
    for (int i = 0; i < d->nled; i++) d->led[i] = -1;
    for (int f = sc->nformations - 1; f >= 0; f--)     /* the first formation a unit leads */
      if (sc->formation[f].leader >= 0 && sc->formation[f].leader < sc->nunits) d->led[sc->formation[f].leader] = f;
    if ((rc = gn__vb_combat_setup(g, d))) goto undo;
    if ((rc = gn__vb_melee_setup(g, d))) goto undo;
  }
  /* 2) */
  for (int i = 0; i < sc->nunits; i++) {
    gn__ustate *u = gn__uw(g, i);
    int t = gn__vb_type(g, i);
    if (t == VB_T_CAV_LANCER) u->vb.lancers = 1;
    if (gn__vb_is_leader(t) || gn__vb_is_cavalry(t)) u->vb.stationary = 0;
    if (!gn__vb_is_leader(t) && u->strength == 0) gn__unit_remove(g, i);
  }
  /* 3) */
  if ((rc = link_skirmishers(g))) return rc;
  /* 4) */
  int first, last;
  g->st.rs[VB_RS_DAY] = 1;
  g->st.rs[VB_RS_HOUR] = sc->hour;
  gn__vb_daylight(g, sc->month, &first, &last);
  g->st.rs[VB_RS_FIRST] = first;
  g->st.rs[VB_RS_LAST] = last;
  g->st.rs[VB_RS_FIRSTSIDE] = sc->options[VB_OPT_FIRST_SIDE] < sc->nsides ?
                              sc->options[VB_OPT_FIRST_SIDE] : 0;
  g->st.phase = VB_PH_COMMAND;
  g->st.active = g->st.rs[VB_RS_FIRSTSIDE];
  /* 5) */
  gn__vb_exhaust_init(g);
  return gn__vb_turn_start(g);   /* turn 1: no reinforcement is due yet */
undo:   /* the data half loaded goes: a start tried again loads it whole */
  vb_release(g, sc->rsdata);
  sc->rsdata = NULL;
  return rc;
}

static void vb_release(gn_game *g, void *rsdata) {
  vb_data *d = rsdata;
  if (!d) return;
  gn__vb_combat_release(g, d);
  if (d->led) gn__free(g, d->led, (size_t)d->nled * sizeof *d->led);
  gn__free(g, d, sizeof *d);
}

/* -------------------------------------------------------------- views */

static void add(char *buf, size_t n, const char *w) {
  size_t l = strlen(buf), k = strlen(w);
  if (l + 2 + k + 1 > n) return;
  if (l) { buf[l++] = ','; buf[l++] = ' '; }
  memcpy(buf + l, w, k + 1);
}

/* The enemy sees position, type and the disorder marker, never the roster SP
** nor the morale grade (hidden attr), unless the scenario opens the rosters;
** a leader's rating and command radius every side sees (ref. VB-LDR); nor the
** melee dice a stand's SP give it (ref. VB-B11). */
static void vb_view(const gn_game *g, int unit, int viewer, gn_unit_view *v, char *buf, size_t n) {
  const gn__ustate *u = &g->st.u[unit];
  int own = viewer == GN_UMPIRE || viewer == g->sc->unit[unit].side;
  int open = own || g->sc->options[VB_OPT_OPEN_ROSTERS];
  if (!open) {
    v->strength = -1;
    v->strength0 = -1;
  }
  if (g->sc->rsdata && gn__vb_is_leader(gn__vb_type(g, unit))) {   /* ref. VB-LDR: seen by all; the data once set up */
    v->rating = u->vb.rating;
    v->command_radius = gn__vb_radius(g, unit);
  }
  buf[0] = 0;
  if (u->removed) { add(buf, n, "off the table"); return; }
  if (gn__vb_data(g)) {                                    /* the data is read at the start */
    int by_sp, dice = gn__vb_stand_dice(g, unit, &by_sp);  /* hidden with the SP they count */
    v->melee = open || !by_sp ? dice : -1;
  }
  if (u->vb.routed) add(buf, n, "routed");
  if (u->vb.disorder == 1) add(buf, n, "disordered");
  if (u->vb.disorder == 2) add(buf, n, "permanently disordered");
  if (u->vb.stationary) add(buf, n, "stationary");
  if (u->vb.march) add(buf, n, "march column");
  if (u->vb.limbered) add(buf, n, "limbered");
  if (own && u->vb.meleed == VB_MEL_BREAK) add(buf, n, "may break through");
  if (own && !u->vb.in_command) add(buf, n, "out of command");
}

/* ref. VB-VIC: a stand holds an objective when it is not a leader and not
** routed (removed stands are off the table). */
static int vb_holds(const gn_game *g, int u) {
  return !gn__vb_is_leader(gn__vb_type(g, u)) && !vb_u(g, u)->routed;
}

/* The hour of the current turn in minutes after midnight of the first day:
** day D of the battle starts (D - 1) * 24 hours after it; at night, the last
** daylight turn's hour (the night has no turns, ref. VB-51). */
static int vb_minute(const gn_game *g) {
  return (g->st.rs[VB_RS_DAY] - 1) * 24 * 60 + g->st.rs[VB_RS_HOUR] * 60;
}

/* "18 June 1815, 1 p.m."; at night "18 June 1815, night". */
static void vb_clock(const gn_game *g, char *buf, size_t n) {
  static const char *const months[12] = {"January", "February", "March", "April", "May", "June",
    "July", "August", "September", "October", "November", "December"};
  int y, m, d;
  gn__vb_date(g, g->st.rs[VB_RS_DAY], &y, &m, &d);
  int h = g->st.rs[VB_RS_HOUR];
  if (g->st.phase >= VB_PH_NIGHT) { snprintf(buf, n, "%d %s %d, night", d, months[m - 1], y); return; }
  if (h == 0) snprintf(buf, n, "%d %s %d, midnight", d, months[m - 1], y);
  else if (h == 12) snprintf(buf, n, "%d %s %d, noon", d, months[m - 1], y);
  else snprintf(buf, n, "%d %s %d, %d %s", d, months[m - 1], y, h % 12, h < 12 ? "a.m." : "p.m.");
}

const gn__ruleset gn__rs_vb = {
  "vb", "Volley & Bayonet (with the official modifications)", "in",
  vb_types, VB_T_COUNT,
  vb_attrs, GN__NSLOTS(gn__vb_unit),
  vb_fattrs, VB_NFATTR,
  vb_terrains, VB_TR_COUNT,
  vb_verbs, (int)(sizeof vb_verbs / sizeof vb_verbs[0]),
  vb_options, VB_OPT_COUNT,
  vb_checks, (int)(sizeof vb_checks / sizeof vb_checks[0]),
  vb_setup, vb_release, vb_view, vb_clock, gn__vb_phase_name,
  vb_blocks_sight,
  gn__vb_allowance, NULL,
  VB_FL_MAXUNITS,   /* the recovery's pairs keep a unit's index in 14 bits of its flags */
  vb_men,
  vb_warn,
  vb_minute,
  gn__vb_entered,
  vb_holds,
  0, 0,   /* no decks */
  gn__vb_reach,
  NULL,   /* odds: the V&B commanders weigh a melee by the melee check's dice and morale */
  gn__vb_side_done,
  0,   /* view_others: a status reads only its unit */
};
