/*
** ba.c: the Belle Alliance descriptor (ruleset id "ba"): unit schema, terrain,
** data loading (the yaml files of data/rulesets/ba into ba_data), views and the small
** geometry helpers the chapters share.
*/
#include "ba.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* ORDER: ba_type. Footprints are the line formation (frontage x depth, cm). */
static const gn__typedef types[] = {
  {"infantry", 20, 3, NULL}, {"light_cavalry", 16, 5, NULL}, {"cavalry", 16, 5, NULL},
  {"heavy_cavalry", 16, 5, NULL}, {"foot_artillery", 12, 6, NULL}, {"horse_artillery", 12, 6, NULL},
  {"waggon", 4, 8, NULL}, {"staff", 2, 2, NULL},
};

/* ORDER: ba_form. */
static const char *const form_names[] = {"line", "march", "skirmish", "square", "mass", "rest", NULL};
static const char *const dis_names[] = {"none", "SD", "MD", "FD", NULL};
static const char *const order_names[] = {"none", "attack", "fire", "move", "rest", "evade", NULL};
static const char *const pace_names[] = {"normal", "fast", "charge", NULL};
/* ORDER: ba_class; each but "none" is a data key t21.<name> (ref. BA-B8). */
static const char *const class_names[] = {
  "none", "senior_guard", "guard", "elite", "veteran", "good_line", "line", "new_line",
  "landwehr", "militia", "levies", NULL,
};

/* ORDER: GN_RATING_* (gn_rating_name). */
static const char *const rating_names[] = {"average", "poor", "good", "excellent", NULL};

/* The schema, a row for each member of gn__ba_unit, indexed by its slot (the
** waggons' names of two of them, serving and waggon_bounds, are the same slots).
** {name, default, min, max, names, hidden, scenario} */
#define SLOT(m) GN__SLOT(gn__ba_unit, m)
static const gn__attrdef attrs[GN__NSLOTS(gn__ba_unit)] = {
  [SLOT(valour)]        = {"valour", BA_VALOUR_UNSET, -5, 5, NULL, 1, 1},   /* unset: from the class (ref. BA-B8) */
  [SLOT(marksmen)]      = {"marksmen", 0, 0, 1, NULL, 0, 1},
  [SLOT(lancers)]       = {"lancers", 0, 0, 1, NULL, 0, 1},
  [SLOT(ammunition)]    = {"ammunition", 0, 0, 1, NULL, 0, 1},
  [SLOT(formation)]     = {"formation", BA_FM_LINE, 0, BA_FM_COUNT - 1, form_names, 0, 1},
  [SLOT(disorder)]      = {"disorder", BA_DIS_NONE, 0, BA_DIS_FD, dis_names, 0, 1},
  [SLOT(supplies)]      = {"supplies", -1, -1, 3, NULL, 1, 1},
  [SLOT(rest)]          = {"rest", 0, 0, 8, NULL, 1, 1},
  [SLOT(squadrons)]     = {"squadrons", 0, 0, 12, NULL, 0, 1},
  [SLOT(guns)]          = {"guns", 0, 0, 24, NULL, 0, 1},
  [SLOT(part)]          = {"part", 0, 0, 1, NULL, 0, 1},
  [SLOT(vsteps)]        = {"vsteps", 0, 0, 5, NULL, 1, 0},
  [SLOT(original)]      = {"original", 0, 0, 100000, NULL, 0, 0},
  [SLOT(root)]          = {"root", 0, 0, 100000, NULL, 0, 0},
  [SLOT(order)]         = {"order", BA_O_NONE, 0, BA_O_COUNT - 1, order_names, 1, 0},
  [SLOT(pace)]          = {"pace", BA_P_NORMAL, 0, BA_P_COUNT - 1, pace_names, 1, 0},
  [SLOT(target)]        = {"target", 0, 0, 100000, NULL, 1, 0},
  [SLOT(target2)]       = {"target2", 0, 0, 100000, NULL, 1, 0},
  [SLOT(split2)]        = {"split2", 0, 0, 100000, NULL, 1, 0},
  [SLOT(dest_x)]        = {"dest_x", 0, -1000000, 1000000, NULL, 1, 0},
  [SLOT(dest_y)]        = {"dest_y", 0, -1000000, 1000000, NULL, 1, 0},
  [SLOT(last_target)]   = {"last_target", 0, 0, 100000, NULL, 1, 0},
  [SLOT(new_formation)] = {"new_formation", 0, 0, BA_FM_COUNT, NULL, 1, 0},
  [SLOT(prisoners)]     = {"prisoners", 0, 0, 100000, NULL, 0, 0},
  [SLOT(troop_class)]   = {"class", BA_C_NONE, 0, BA_C_COUNT - 1, class_names, 1, 1},
  [SLOT(rating)]        = {"rating", GN_RATING_AVERAGE, 0, GN_RATING_COUNT - 1, rating_names, 1, 1},   /* ref. BA-LDR */
};

/* ORDER: as the BA_OPT_* enum. */
static const gn__attrdef options[BA_OPT_COUNT] = {
  {"staff_command", 0, 0, 1, NULL, 0, 1},   /* ref. BA-LDR: staff figures command within a radius */
};

/* ORDER: ba_terrain. */
static const gn__terraindef terrain[] = {
  {"woods", GN_SHAPE_AREA, GN_FEAT_BLOCKS_LOS},
  {"village", GN_SHAPE_AREA, GN_FEAT_BLOCKS_LOS},
  {"buildings", GN_SHAPE_AREA, GN_FEAT_BLOCKS_LOS},
  {"hill", GN_SHAPE_AREA, 0},
  {"marsh", GN_SHAPE_AREA, 0},
  {"hedge", GN_SHAPE_LINE, 0},
  {"wall", GN_SHAPE_LINE, 0},
  {"stream", GN_SHAPE_LINE, 0},
  {"road", GN_SHAPE_LINE, 0},
};

/* ORDER: ba_phase. */
static const char *const phase_names[] = {
  "orders", "continued fire", "movement", "fire", "melee", "moral consequences", "end of bound",
};

/* ORDER: ba_t8 (data keys t8.<key> and t8group.<key>). */
static const char *const t8_keys[] = {
  "column_of_march", "skirmish_line", "artillery_work_rest", "cavalry_vs_square",
  "cavalry_vs_mass", "cavalry_vs_infantry", "not_covered", "square_vs_infantry", "uphill",
  "change_of_formation", "flank", "rear", "overreaching", "obstacle", "cover_1", "cover_2",
  "cover_3", "fire_this_bound", "without_supplies", "first_fire_or_melee", "charge",
  "heavy_charge", "charge_last_bound", "passive_cavalry", "heavy_cavalry", "light_cavalry",
  "attack_recent", "defence_recent", "opponent_fd", "more_50", "more_100", "more_200",
  "hidden_target", "sd", "md", "fd", "support", "neighbour", "officer", "valour",
};

/* ORDER: ba_ff (data keys t6.<key>, t7.<key>). */
static const char *const ff_keys[] = {
  "marksmen", "first_fire", "split_fire", "long_range", "canister", "dense_target",
  "skirmish_target", "cover_1", "cover_2", "cover_3", "flank", "rear",
};

/* ORDER: ba_t8. What players read for each modifier of Table 8 (the data
** keys above are the names the data files use). */
static const char *const t8_words[] = {
  "in column of march", "in skirmish line", "artillery or a unit at work or rest", "cavalry against a square",
  "cavalry against a mass", "cavalry against infantry", "not covered by a skirmish line", "square or mass against infantry", "uphill",
  "formation changed this bound", "flank", "rear", "overreaching", "passing an obstacle", "attack against cover I", "attack against cover II",
  "attack against cover III", "fired this bound", "without supplies", "first fire or melee", "at the charge",
  "heavy cavalry or lancers at the charge", "charged last bound", "passive cavalry", "heavy cavalry", "light cavalry",
  "attacked this or last bound", "defended this or last bound", "opponent put in full disorder lately",
  "at least 1.5 times the figures", "at least twice the figures", "at least three times the figures",
  "hidden target", "slight disorder", "medium disorder", "full disorder", "support", "neighbour", "commanding officer engaged",
  "valour",
};

/* ORDER: ba_ff. What players read for each fire modifier of Tables 6 and 7. */
static const char *const ff_words[] = {
  "marksmen", "first fire", "split fire", "long range", "canister", "dense target (column, square, mass)",
  "target dispersed (skirmishers)", "target in woods", "target in a village", "target in buildings",
  "into the flank", "into the rear",
};

const char *gn__ba_t8_word(int k) { return k >= 0 && k < T8_COUNT ? t8_words[k] : "?"; }
const char *gn__ba_ff_word(int k) { return k >= 0 && k < FF_COUNT ? ff_words[k] : "?"; }

const char *gn__ba_form_name(int f) { return f >= 0 && f < BA_FM_COUNT ? form_names[f] : "?"; }
const char *gn__ba_dis_name(int d) { return d >= 0 && d <= BA_DIS_FD ? dis_names[d] : "?"; }
const char *gn__ba_t8_key(int k) { return k >= 0 && k < T8_COUNT ? t8_keys[k] : "?"; }
const char *gn__ba_ff_key(int k) { return k >= 0 && k < FF_COUNT ? ff_keys[k] : "?"; }
const char *gn__ba_order_name(int o) { return o >= 0 && o < BA_O_COUNT ? order_names[o] : "?"; }
const char *gn__ba_class_name(int c) { return c >= 0 && c < BA_C_COUNT ? class_names[c] : "?"; }

/* gn__ba_type_of, gn__ba_arm_of and gn__ba_on_table are inline in ba.h. */

int gn__ba_root(const gn_game *g, int u) {
  int r = ba_u(g, u)->root;
  return r ? r - 1 : u;
}

double gn__ba_line_frontage(const gn_game *g, int u) {
  int r = gn__ba_root(g, u);
  const gn__unit *su = &g->sc->unit[r];
  const ba_data *d = BA_D(g);
  int f0 = su->ba0.formation;
  double w = su->box0.w / (d->frontage[f0] > 0 ? d->frontage[f0] : 1);
  int orig = ba_u(g, u)->original;
  if (su->strength0 > 0 && orig > 0) w = w * orig / su->strength0;
  return w;
}

gn_box gn__ba_form_box(const gn_game *g, int u, int f) {
  const ba_data *d = BA_D(g);
  gn_box b = g->st.u[u].box;
  ba_arm arm = gn__ba_arm_of(g, u);
  if (arm == BA_ARM_WAGGON || arm == BA_ARM_STAFF) return b;
  b.w = gn__ba_line_frontage(g, u) * d->frontage[f];
  b.d = d->depth[arm][f];
  if (f == BA_FM_SQUARE) b.d = b.w;   /* a square is as deep as it is wide */
  return b;
}

unsigned gn__ba_terrain_at(const gn_game *g, gn_vec2 p) {
  unsigned set = 0;
  for (int i = 0; i < g->sc->nterrain; i++) {
    const gn_feature *f = &g->sc->features[i];
    if (f->shape == GN_SHAPE_AREA && gn_feature_contains(f, p)) set |= 1u << f->kind;
  }
  return set;
}

int gn__ba_cover_of(const gn_game *g, int u) {
  unsigned set = gn__ba_terrain_at(g, g->st.u[u].box.c);
  int c = 0;
  for (int k = 0; k < BA_TR_COUNT; k++)
    if ((set & (1u << k)) && BA_D(g)->cover[k] > c) c = BA_D(g)->cover[k];
  return c;
}

int gn__ba_apart(gn_box a, gn_box b, double gap) {
  double r = 0.5 * (sqrt(a.w * a.w + a.d * a.d) + sqrt(b.w * b.w + b.d * b.d)) + gap;
  double dx = a.c.x - b.c.x, dy = a.c.y - b.c.y;
  return dx * dx + dy * dy > r * r;
}

int gn__ba_in_obstacle(const gn_game *g, int u) {
  gn_vec2 c[4];
  gn_box_corners(g->st.u[u].box, c);
  for (int i = 0; i < g->sc->nterrain; i++) {
    const gn_feature *f = &g->sc->features[i];
    if (f->shape != GN_SHAPE_LINE || f->kind == BA_TR_ROAD) continue;
    for (int e = 0; e < 4; e++)
      if (gn_path_crossings(c[e], c[(e + 1) % 4], f, 1, NULL, 0) > 0) return 1;
  }
  return 0;
}

/* ------------------------------------------------------------ data */

static const char *const arm_keys[] = {"infantry", "cavalry", "artillery", "waggon", "staff"};

#define ANY GN__DANY
#define INT(k, f, lo, hi, ref) GN__D_INT(ba_data, k, f, lo, hi, ref)
#define NUM(k, f, lo, hi, ref) GN__D_NUM(ba_data, k, f, lo, hi, ref)
#define INTS(k, f, n, lo, hi, ref) GN__D_INTS(ba_data, k, f, n, lo, hi, ref)
#define NUMS(k, f, n, lo, hi, ref) GN__D_NUMS(ba_data, k, f, n, lo, hi, ref)
#define EACH(type, k, f, n, lo, hi, ref, names, nn, nstride, stride) \
  GN__D_EACH(ba_data, type, k, f, n, lo, hi, ref, names, nn, nstride, stride)
#define BY_TYPE(type, k, f, n, lo, hi, ref, stride) \
  EACH(type, k, f, n, lo, hi, ref, &types[0].name, BA_T_COUNT, sizeof types[0], stride)
#define BY_TERRAIN(type, k, f, n, lo, hi, ref, stride) \
  EACH(type, k, f, n, lo, hi, ref, &terrain[0].name, BA_TR_COUNT, sizeof terrain[0], stride)
#define BY_NAME(type, k, f, n, lo, hi, ref, names, nn, stride) \
  EACH(type, k, f, n, lo, hi, ref, names, nn, sizeof(char *), stride)

/* Every value of data/rulesets/ba, in the order it is read. */
static const gn__dfield data_table[] = {
  /* formations and footprints; rates of march */
  NUMS("formation.frontage", frontage, BA_FM_COUNT, 0, ANY, "BA-B17"),
  BY_NAME(GN__DT_NUM, "formation.depth.%s", depth, BA_FM_COUNT, 0, ANY, "BA-B17", arm_keys, 5,
          sizeof(double[BA_FM_COUNT])),
  BY_TYPE(GN__DT_NUM, "rate.%s.normal", rate[0][BA_P_NORMAL], BA_FM_COUNT, 0, ANY, "BA-B2",
          sizeof(double[BA_P_COUNT][BA_FM_COUNT])),
  BY_TYPE(GN__DT_NUM, "rate.%s.fast", rate[0][BA_P_FAST], BA_FM_COUNT, 0, ANY, "BA-B2",
          sizeof(double[BA_P_COUNT][BA_FM_COUNT])),
  BY_TYPE(GN__DT_NUM, "rate.%s.charge", rate[0][BA_P_CHARGE], BA_FM_COUNT, 0, ANY, "BA-B2",
          sizeof(double[BA_P_COUNT][BA_FM_COUNT])),
  BY_TERRAIN(GN__DT_NUM, "terrain.%s.rate", terrain_rate, BA_FM_COUNT, 0, ANY, "BA-B2",
             sizeof(double[BA_FM_COUNT])),
  BY_TERRAIN(GN__DT_INT, "terrain.%s.cover", cover, 1, 0, 3, "BA-T8", sizeof(int)),
  NUM("move.reduce.obstacle", red_obstacle, -ANY, ANY, "BA-2.3.1c"),
  NUM("move.reduce.wheel", red_wheel, -ANY, ANY, "BA-2.3.1c"),
  NUM("move.reduce.rotation", red_rotation, -ANY, ANY, "BA-2.3.1c"),
  NUM("move.reduce.change", red_change, -ANY, ANY, "BA-2.3.1c"),
  NUM("move.reduce.sd", red_sd, -ANY, ANY, "BA-2.3.1c"),
  NUM("move.reduce.md", red_md, -ANY, ANY, "BA-2.3.1c"),
  NUM("move.wheel_free_degrees", wheel_free, 0, 360, "BA-2.3.1c"),   /* to radians after */
  NUM("move.step", step, 0, ANY, "BA-1.1.1a"),                       /* and > 0 */
  NUM("melee.zone_depth", zone_depth, 0, ANY, "BA-4.1.1a"),
  NUM("melee.soutien_distance", soutien_dist, 0, ANY, "BA-4.3.1"),
  NUM("melee.support_distance", support_dist, 0, ANY, "BA-T8"),
  NUM("melee.neighbour_distance", neighbour_dist, 0, ANY, "BA-T8"),
  NUM("contact.distance", contact_dist, 0, ANY, "BA-1.2.1"),
  NUM("melee.forced_back", forced_back, 0, ANY, "BA-B6"),
  NUM("skirmish.ahead", skirmish_ahead, 0, ANY, "BA-1.2.5"),
  NUM("melee.overreach", overreach, -ANY, ANY, "BA-T8"),
  /* units of fire */
  INT("fire.unit.hand", fire_unit[0], 1, ANY, "BA-3.1.1a"),
  INT("fire.remainder.hand", fire_remainder[0], 0, ANY, "BA-3.1.1a"),
  INT("fire.unit.artillery", fire_unit[1], 1, ANY, "BA-3.1.1b"),
  INT("fire.remainder.artillery", fire_remainder[1], 0, ANY, "BA-3.1.1b"),
  BY_TYPE(GN__DT_NUM, "fire.range.%s", range, 1, 0, ANY, "BA-B3", sizeof(double)),
  NUM("fire.canister", canister, 0, ANY, "BA-B4"),
  NUM("fire.long_fraction", long_frac, 0, 1, "BA-B3"),
  /* Tables 6 and 7 */
  BY_NAME(GN__DT_INT, "t6.%s", ff[0], 2, -ANY, ANY, "BA-B3", ff_keys, FF_COUNT, sizeof(int[2])),
  BY_NAME(GN__DT_INT, "t7.%s", ff[1], 2, -ANY, ANY, "BA-B4", ff_keys, FF_COUNT, sizeof(int[2])),
  /* Table 12 */
  INTS("t12.loss_from", t12_loss, 4, -ANY, ANY, "BA-B7"),
  INT("t12.loss_step", t12_step, 1, ANY, "BA-B7"),
  INTS("t12.moral_from", t12_moral, 3, -ANY, ANY, "BA-B7"),
  /* Table 8 and its groups (one row per key, as the data files give them) */
  BY_NAME(GN__DT_INT, "t8.%s", t8, 2, -ANY, ANY, "BA-T8", t8_keys, T8_COUNT, sizeof(int[2])),
  BY_NAME(GN__DT_INT, "t8group.%s", t8_group, 1, -ANY, ANY, "BA-B5", t8_keys, T8_COUNT, sizeof(int)),
  /* Table 11 */
  INTS("t11.bands", t11_band, 2, -ANY, ANY, "BA-B6"),
  INT("t11.winner_loss_max", t11_winner_max, 0, ANY, "BA-B6"),
  INT("t11.prisoner_percent", prisoner_pct, 0, 100, "BA-B13"),
  INT("melee.unit", melee_unit, 1, ANY, "BA-B6"),
  /* valour, FD, supplies, rest */
  INT("t15.percent", valour_pct, 1, ANY, "BA-5.5.2a"),
  INT("fd.loss_percent", fd_loss_pct, 0, 100, "BA-B14"),
  INT("fd.loss_min", fd_loss_min, 0, ANY, "BA-B14"),
  INT("valour.min_figures", min_figures, 0, ANY, "BA-5.5.2g"),
  INT("reorganise.target", reorganise, -ANY, ANY, "BA-B15"),
  INT("supplies.rolls", supply_rolls, 0, ANY, "BA-5.5.3c"),
  INT("supplies.ones", supply_ones, 0, ANY, "BA-5.5.3b"),
  INT("rest.bounds", rest_bounds, 0, ANY, "BA-5.5.4e"),
  INT("rest.waggon_bounds", rest_waggon, 0, ANY, "BA-5.5.4g"),
  /* splitting */
  INT("split.infantry_more_than", split_min_inf, 0, ANY, "BA-1.2.2"),
  INT("split.urban_parts", urban_parts, 0, ANY, "BA-1.2.2"),
  /* Table 21 by troop class (not "none") */
  BY_NAME(GN__DT_INT, "t21.%s", t21[1], 1, -5, 5, "BA-B8", class_names + 1, BA_C_COUNT - 1,
          sizeof(int)),
  /* spread of rout */
  NUM("rout.spread_distance", spread_dist, 0, ANY, "BA-B21"),
  INT("rout.spread_hold", spread_hold, -ANY, ANY, "BA-B21"),
  /* staff */
  INTS("t18.falls_from", t18, 3, -ANY, ANY, "BA-T18"),
  INTS("t18.penalty", t18_pen, 3, -ANY, ANY, "BA-T18"),
  NUM("staff.command.radius", cmd_radius, 0, ANY, "BA-LDR"),
  NUMS("staff.rating.radius", rating_radius, GN_RATING_COUNT, -ANY, ANY, "BA-LDR"),
  INT("staff.command.bonus", cmd_bonus, -ANY, ANY, "BA-LDR"),
  INT("bound.minutes", minutes, 0, ANY, "BA-B19"),
  INT("victory.figures_per_point", figures_per_vp, -ANY, ANY, "BA-B9"),   /* below 1 counts as 1 */
};

#undef ANY
#undef INT
#undef NUM
#undef INTS
#undef NUMS
#undef EACH
#undef BY_TYPE
#undef BY_TERRAIN
#undef BY_NAME

/* Loads every table of data/rulesets/ba into d. GN_EDATA names the key. */
static int load_data(gn_game *g, ba_data *d) {
  int rc = gn__data_table(g, data_table, (int)(sizeof data_table / sizeof data_table[0]), d);
  if (rc) return rc;
  if (d->step <= 0) return gn__error(g, GN_EDATA, "ruleset ba: move.step must be > 0");
  d->wheel_free = d->wheel_free * 3.14159265358979323846 / 180.0;
  if (d->figures_per_vp < 1) d->figures_per_vp = 1;
  return 0;
}

/* Why a unit of arm arm with strength figures and scenario attributes a
** has a count its arm cannot have (a waggon's driver, a staff figure, a
** battery's guns), or NULL; *ref gets the rule. */
static const char *count_problem(ba_arm arm, int strength, const gn__ba_unit *a, const char **ref) {
  *ref = "BA-1.2.4b";
  if (arm == BA_ARM_WAGGON && strength > 1)
    return "a supply waggon has one driver (strength 1, or 0 without him)";
  *ref = "BA-T18";
  if (arm == BA_ARM_STAFF && strength != 1)
    return "a staff figure is one figure (strength 1)";
  *ref = "BA-1.2.4a";
  if (arm == BA_ARM_ART && a->guns < 1)
    return "a battery needs its model guns (attrs: {guns: N})";
  if (arm != BA_ARM_ART && a->guns) return "only a battery has model guns";
  return NULL;
}

/* Why formation f is closed to arm (ref. BA-B17), or NULL. */
static const char *formation_problem(ba_arm arm, int f, const char **ref) {
  *ref = "BA-B17";
  if (arm == BA_ARM_ART && f != BA_FM_LINE && f != BA_FM_MARCH && f != BA_FM_REST)
    return "a battery is unlimbered (line), limbered (march) or at rest";
  if (arm == BA_ARM_CAV && (f == BA_FM_SQUARE || f == BA_FM_MASS))
    return "cavalry forms no square or mass";
  return NULL;
}

/* Why scenario attributes a give arm what only another arm has
** (squadrons, ammunition, lances, a troop class, marksmen), or NULL; *ref
** gets the rule. */
static const char *kit_problem(ba_arm arm, const gn__ba_unit *a, const char **ref) {
  *ref = "BA-1.2.3";
  if (arm != BA_ARM_CAV && a->squadrons) return "only a cavalry regiment has squadrons";
  *ref = "BA-5.5.4i";
  if (arm != BA_ARM_WAGGON && a->ammunition) return "only a supply waggon carries ammunition";
  *ref = "BA-T8";
  if (arm != BA_ARM_CAV && a->lancers) return "only cavalry carries lances";
  *ref = "BA-B8";
  if ((arm == BA_ARM_WAGGON || arm == BA_ARM_STAFF) && a->troop_class != BA_C_NONE)
    return "a waggon or a staff figure has no troop class (Table 21 is for fighting units)";
  *ref = "BA-5.5.1c";
  if (arm != BA_ARM_INF && arm != BA_ARM_CAV && a->marksmen)
    return "marksmen are infantry or cavalry (hand weapons, Table 6)";
  *ref = "BA-LDR";
  if (arm != BA_ARM_STAFF && a->rating != GN_RATING_AVERAGE)
    return "only a staff figure has a rating (a battalion's quality is its valour and class)";
  return NULL;
}

/* Why unit i of the scenario is impossible for these rules, or NULL; *ref gets
** the rule (ref. BA-B9: what a scenario says of a unit).
**   1) its counts (figures, guns)
**   2) its formation
**   3) what it carries
**   4) bounds of rest only in the rest formation (ref. BA-5.5.4a) */
static const char *unit_problem(const gn_game *g, int i, const char **ref) {
  const gn__unit *su = &g->sc->unit[i];
  const gn__ba_unit *a = &su->ba0;
  ba_arm arm = gn__ba_arm_of(g, i);
  int f = a->formation;
  const char *why;
  if (a->part) return NULL;   /* a reserve slot takes its unit's values when used */
  if ((why = count_problem(arm, su->strength0, a, ref))) return why;           /* 1 */
  if ((why = formation_problem(arm, f, ref))) return why;                       /* 2 */
  if ((why = kit_problem(arm, a, ref))) return why;                             /* 3 */
  *ref = "BA-5.5.4a";                                                           /* 4 */
  if (a->rest && f != BA_FM_REST) return "bounds of rest need the rest formation";
  return NULL;
}

/* Setup: reads the data, then fills the engine's attributes (ref. BA-B9):
**   1) load data/rulesets/ba into a ba_data on sc->rsdata, once: a clone
**      started again shares the scenario and finds it there
**   2) every unit must be possible (unit_problem): GN_ESCENARIO naming the
**      file, line and column of the first that is not
**   3) every unit: original figures, unlimited supplies unless the scenario says
**      otherwise (ref. BA-5.5.3a), reserve slots off the table (units.c)
**   4) starting valour (ref. BA-B8, BA-5.5.1a): the scenario's when it gives one;
**      else Table 21 for the unit's class; else 0. The scenario's record takes the
**      value too, as the starting valour that rest never exceeds (ref. BA-B12).
*/
static int setup(gn_game *g) {
  /* 1) */
  if (!g->sc->rsdata) {
    ba_data *d = gn__calloc(g, 1, sizeof *d);
    if (!d) return gn__error(g, GN_ENOMEM, "out of memory");
    int rc = load_data(g, d);
    if (rc) { gn__free(g, d, sizeof *d); return rc; }
    g->sc->rsdata = d;
  }
  const ba_data *d = g->sc->rsdata;
  /* 2) */
  for (int i = 0; i < g->sc->nunits; i++) {
    const char *ref, *why = unit_problem(g, i, &ref);
    const gn__unit *su = &g->sc->unit[i];
    if (why)
      return gn__error(g, GN_ESCENARIO, "%s:%d:%d: unit '%s' (%s): %s (ref. %s)", g->sc->file,
                       su->line, su->col, su->id, types[su->type].name, why, ref);
  }
  /* 3) */
  for (int i = 0; i < g->sc->nunits; i++) ba_uw(g, i)->original = gn__uw(g, i)->strength;
  /* 4) the scenario's record is written the first time only: once set, the
  **    starting valour is no longer BA_VALOUR_UNSET */
  for (int i = 0; i < g->sc->nunits; i++) {
    gn__ba_unit *a0 = &g->sc->unit[i].ba0;
    if (a0->valour == BA_VALOUR_UNSET)
      a0->valour = a0->troop_class != BA_C_NONE ? d->t21[a0->troop_class] : 0;
    ba_uw(g, i)->valour = a0->valour;
  }
  g->st.phase = BA_PH_ORDERS;
  g->st.active = -1;   /* simultaneous bounds (ref. BA-1.1.1a) */
  return gn__ba_setup_parts(g);
}

static void release(gn_game *g, void *rsdata) {
  if (rsdata) gn__free(g, rsdata, sizeof(ba_data));
}

/* Appends printf text to buf at *k (never past n). */
GN_PRINTF(4, 5) static void add(char *buf, size_t n, int *k, const char *fmt, ...) {
  if (*k < 0 || (size_t)*k >= n) return;
  va_list ap;
  va_start(ap, fmt);
  int w = vsnprintf(buf + *k, n - *k, fmt, ap);
  va_end(ap);
  *k = w < 0 ? (int)n : *k + w;
}

/* The waggon serving u, or -1 (ref. BA-5.5.4j). */
static int serving_waggon(const gn_game *g, int u) {
  for (int w = 0; w < g->sc->nunits; w++)
    if (gn__ba_arm_of(g, w) == BA_ARM_WAGGON && ba_u(g, w)->serving == u + 1) return w;
  return -1;
}

/* A fighting unit's hidden state, for its own side and the umpire: valour,
** supplies (unlimited / N rolls left / none, ref. BA-5.5.3a, BA-5.5.3c), and
** rest: its progress and what it rests for (ref. BA-5.5.4e, BA-5.5.4f,
** BA-5.5.4g), as rest.c counts them. */
static void own_state(const gn_game *g, int unit, char *buf, size_t n, int *k) {
  const gn__ustate *u = &g->st.u[unit];
  const ba_data *d = BA_D(g);
  int sup = u->ba.supplies;
  add(buf, n, k, "; valour %+d, supplies ", u->ba.valour);
  if (sup < 0) add(buf, n, k, "unlimited");
  else if (sup == 0) add(buf, n, k, "none");
  else add(buf, n, k, "%d roll%s left", sup, sup == 1 ? "" : "s");
  if (u->ba.formation != BA_FM_REST) {
    if (u->ba.order == BA_O_REST)
      add(buf, n, k, ", rest ordered (forms for rest this bound)");
    else add(buf, n, k, ", not resting");
    return;
  }
  int v0 = ba_u0(g, gn__ba_root(g, unit))->valour;
  if (sup == 0) {
    add(buf, n, k, ", resting for supplies %d/%d bounds", u->ba.rest, d->rest_bounds);
    int w = serving_waggon(g, unit);
    if (w >= 0)
      add(buf, n, k, " (%s has served it %d/%d)", g->sc->unit[w].code,
          ba_u(g, w)->waggon_bounds, d->rest_waggon);
  } else if (u->ba.valour < v0) {
    add(buf, n, k, ", resting for a valour point %d/%d bounds", u->ba.rest, d->rest_bounds);
  } else {
    add(buf, n, k, ", resting with nothing to regain");
  }
}

/* What viewer may know (ref. BA-5.5.1a: valour, supplies and rest are hidden
** from the enemy, and so are a staff figure's rating and command radius, ref.
** BA-LDR; formation, disorder and figures are on the table). A removed
** unit has no status of its own (the caller says "removed"). */
static void view(const gn_game *g, int unit, int viewer, gn_unit_view *v, char *buf, size_t n) {
  const gn__ustate *u = &g->st.u[unit];
  int own = viewer == GN_UMPIRE || viewer == g->sc->unit[unit].side;
  int k = 0;
  if (u->ba.original > 0) v->strength0 = u->ba.original;
  if (own && g->sc->rsdata && gn__ba_arm_of(g, unit) == BA_ARM_STAFF) {   /* ref. BA-LDR: hidden as valour is */
    v->rating = u->ba.rating;
    v->command_radius = gn__ba_command_radius(g, unit);
  }
  if (!gn__ba_on_table(g, unit)) {
    v->removed = 1;
    add(buf, n, &k, "%s", u->ba.part && !u->ba.root ? "(reserve slot, not in use)"
                                                                 : "");
    return;
  }
  ba_arm arm = gn__ba_arm_of(g, unit);
  const char *fm = arm == BA_ARM_ART ? (u->ba.formation == BA_FM_MARCH ? "limbered"
                                         : u->ba.formation == BA_FM_REST ? "at rest"
                                                                               : "unlimbered")
                   : arm == BA_ARM_WAGGON || arm == BA_ARM_STAFF ? ""
                   : form_names[u->ba.formation];
  add(buf, n, &k, "%s%s%s", fm, *fm ? ", " : "",
      u->ba.disorder ? dis_names[u->ba.disorder] : "in order");
  if (arm == BA_ARM_WAGGON) {
    add(buf, n, &k, "%s", u->ba.ammunition ? ", ammunition" : "");
    int s = u->ba.serving - 1;
    if (own && s >= 0)
      add(buf, n, &k, ", serving %s (%d/%d bounds)", g->sc->unit[s].code,
          u->ba.waggon_bounds, BA_D(g)->rest_waggon);
  }
  if (own && (arm == BA_ARM_INF || arm == BA_ARM_CAV || arm == BA_ARM_ART))
    own_state(g, unit, buf, n, &k);
}

/* For gn_game_warnings: a staff figure rated other than average while the
** scenario has no staff command, where his rating counts for nothing (ref.
** BA-LDR). */
static int warn(gn_game *g, int unit, char *buf, size_t n) {
  int r = ba_u(g, unit)->rating;
  if (g->sc->options[BA_OPT_STAFF_COMMAND] || gn__ba_arm_of(g, unit) != BA_ARM_STAFF || r == GN_RATING_AVERAGE)
    return 0;
  snprintf(buf, n, "is rated '%s', which counts only with options: {staff_command: true} (BA-LDR)",
           gn_rating_name(r));
  return 1;
}

const gn__ruleset gn__rs_ba = {
  .id = "ba", .title = "Belle Alliance", .unit = "cm",
  .types = types, .ntypes = (int)(sizeof types / sizeof types[0]),
  .attrs = attrs, .nattrs = (int)(sizeof attrs / sizeof attrs[0]),
  .terrain = terrain, .nterrain = (int)(sizeof terrain / sizeof terrain[0]),
  .verbs = gn__ba_verbs, .nverbs = BA_NVERBS,
  .options = options, .noptions = BA_OPT_COUNT,
  .checks = gn__ba_checks, .nchecks = BA_NCHECKS,
  .setup = setup, .release = release, .view = view, .view_others = 1,
  .clock = gn__ba_clock, .phase = gn__ba_phase_name,
  .blocks_sight = NULL,   /* every stand on the table blocks sight, staff and waggons too */
  .allowance = gn__ba_allowance, .later = gn__ba_later, .odds = gn__ba_order_odds,
  .reach = gn__ba_reach,
  .minute = gn__ba_minute,
  .warn = warn,
  .holds = gn__ba_holds,
  .side_done = gn__ba_side_ready,
};

const char *gn__ba_phase_name(const gn_game *g) {
  int p = g->st.phase;
  return p >= 0 && p < BA_PH_COUNT ? phase_names[p] : "?";
}
