/*
** inradic.c: the Inradic ruleset descriptor (gn__rs_inradic): unit types,
** attributes, terrain, options, orders, odds checks; setup (data tables and
** the initial state), release, views, clock and phase.
*/
#include "inradic.h"

#include <stdio.h>
#include <string.h>

const char *const gn__in_role_names[IN_NROLES + 1] = {
  "privates", "bugler", "flag", "corporal", "nco", "officer", "hero", "staff", "general", NULL
};
const char *const gn__in_quality_names[IN_Q_NAMES + 1] = {
  "peasants", "militia", "irregular", "native", "trained", "well_trained", "veteran", "fanatic",
  "commoners", "fighters", NULL
};
/* ORDER: as gn__in_quality_names: the words of the event texts. */
const char *const gn__in_quality_words[IN_Q_NAMES] = {
  "peasants", "militia", "irregular", "native", "trained", "well trained", "veteran", "fanatic",
  "commoners", "fighters"
};

int gn__in_quality_canon(int q) {
  return q == IN_Q_COMMONERS ? IN_Q_PEASANTS : q == IN_Q_FIGHTERS ? IN_Q_FANATIC : q;
}
const char *const gn__in_weapon_names[IN_W_COUNT + 1] = {
  "none", "musket", "rifle", "bow", "sling", "pistol", "multishot", "mg", "artillery", "explosive",
  NULL
};
static const char *const status_names[] = { "steady", "routing", "halted", NULL };
static const char *const pursuit_names[] = { "none", "may", "pursuing", "decline", NULL };
/* ORDER: GN_RATING_* (gn_rating_name). */
static const char *const rating_names[] = { "average", "poor", "good", "excellent", NULL };

/* Default footprints: a loose group about an inch per figure of frontage. */
static const gn__typedef in_types[IN_T_COUNT] = {
  { "foot", 5.0, 2.0, NULL },
  { "mounted", 5.0, 3.0, NULL },
  { "gun", 2.0, 3.0, NULL },
  { "wagon", 1.5, 3.0, NULL },
};

/* The schema, a row for each member of gn__in_unit, indexed by its slot.
** {name, default, min, max, names, hidden, scenario} */
#define SLOT(m) GN__SLOT(gn__in_unit, m)
static const gn__attrdef in_attrs[GN__NSLOTS(gn__in_unit)] = {
  [SLOT(quality)]           = { "quality", IN_Q_TRAINED, 0, IN_Q_NAMES - 1, gn__in_quality_names, 0, 1 },
  [SLOT(weapon)]            = { "weapon", IN_W_MUSKET, 0, IN_W_COUNT - 1, gn__in_weapon_names, 0, 1 },
  [SLOT(role[IN_PRIVATE])]  = { "privates", -1, -1, 1000, NULL, 0, 1 },
  [SLOT(role[IN_BUGLER])]   = { "bugler", 0, 0, 100, NULL, 0, 1 },
  [SLOT(role[IN_FLAG])]     = { "flag", 0, 0, 100, NULL, 0, 1 },
  [SLOT(role[IN_CORPORAL])] = { "corporal", 0, 0, 100, NULL, 0, 1 },
  [SLOT(role[IN_NCO])]      = { "nco", 0, 0, 100, NULL, 0, 1 },
  [SLOT(role[IN_OFFICER])]  = { "officer", 0, 0, 100, NULL, 0, 1 },
  [SLOT(role[IN_HERO])]     = { "hero", 0, 0, 100, NULL, 0, 1 },
  [SLOT(role[IN_STAFF])]    = { "staff", 0, 0, 100, NULL, 0, 1 },
  [SLOT(role[IN_GENERAL])]  = { "general", 0, 0, 100, NULL, 0, 1 },
  [SLOT(pieces)]            = { "pieces", 0, 0, 50, NULL, 0, 1 },
  [SLOT(ammo)]              = { "ammo", 1, 0, 1, NULL, 1, 1 },   /* hidden: the enemy cannot count rounds */
  [SLOT(status)]            = { "status", IN_S_STEADY, 0, 2, status_names, 0, 0 },
  [SLOT(pursuit)]           = { "pursuit", IN_PU_NONE, 0, 3, pursuit_names, 0, 0 },
  [SLOT(pursue_of)]         = { "pursue_of", 0, 0, 100000, NULL, 0, 0 },
  [SLOT(pursuit_turn)]      = { "pursuit_turn", 0, 0, 100000, NULL, 0, 0 },
  [SLOT(rout_from)]         = { "rout_from", 0, 0, 100000, NULL, 0, 0 },
  [SLOT(rating)]            = { "rating", GN_RATING_AVERAGE, 0, GN_RATING_COUNT - 1, rating_names, 0, 1 },   /* ref. IN-LDR: seen by all */
};

static const gn__terraindef in_terrain_defs[IN_TR_COUNT] = {
  { "woods", GN_SHAPE_AREA, GN_FEAT_BLOCKS_LOS },
  { "rough", GN_SHAPE_AREA, 0 },
  { "hill", GN_SHAPE_AREA, 0 },
  { "building", GN_SHAPE_AREA, GN_FEAT_BLOCKS_LOS },
  { "wall", GN_SHAPE_LINE, 0 },
  { "hedge", GN_SHAPE_LINE, 0 },
  { "fence", GN_SHAPE_LINE, 0 },
  { "river", GN_SHAPE_LINE, 0 },
  { "stream", GN_SHAPE_LINE, 0 },
  { "pond", GN_SHAPE_AREA, 0 },
  { "road", GN_SHAPE_LINE, 0 },
};

static const gn__attrdef in_options[IN_OPT_COUNT] = {
  { "hero_hits", 0, 0, 1, NULL, 0, 1 },   /* ref. IN-H1: the optional rule */
  { "leader_command", 1, 0, 1, NULL, 0, 1 },   /* ref. IN-LDR: a general's rating reaches his command radius */
};

static const gn__verb in_verbs[] = {
  { "move", "move UNIT to X,Y [facing DEGREES; or: towards X,Y (as far as it may) | advance N | retire N | "
            "wheel DEG (about a front corner; right positive) | turn DEG]: a normal move (ref. IN-B8)",
    gn__in_order_move, 0 },
  { "charge", "charge UNIT at UNIT [choose ROLE]: charge move into contact and melee (ref. IN-M5, IN-B6)",
    gn__in_order_charge, 0 },
  { "melee", "melee UNIT with UNIT [choose ROLE]: a round of melee between units in contact (ref. IN-B6)",
    gn__in_order_melee, 0 },
  { "fire", "fire UNIT at UNIT [choose ROLE]: shoot by cards (ref. IN-R1)", gn__in_order_fire, 0 },
  { "throw", "throw UNIT at X,Y: throw an explosive (ref. IN-R9)", gn__in_order_throw, 0 },
  { "pursue", "pursue UNIT: take up a pursuit the die allowed (ref. IN-P3)", gn__in_order_pursue, 0 },
  { "halt", "halt UNIT: decline or stop a pursuit (ref. IN-P3, IN-P6)", gn__in_order_halt, 0 },
  { "end", "end: end this side's turn (ref. IN-B13)", gn__in_order_end, 0 },
};

/* ------------------------------------------------------------ data */

#define ANY GN__DANY
#define INT(k, f, lo, hi, ref) GN__D_INT(in_data, k, f, lo, hi, ref)
#define NUM(k, f, lo, hi, ref) GN__D_NUM(in_data, k, f, lo, hi, ref)
#define INTS(k, f, n, lo, hi, ref) GN__D_INTS(in_data, k, f, n, lo, hi, ref)
#define NUMS(k, f, n, lo, hi, ref) GN__D_NUMS(in_data, k, f, n, lo, hi, ref)
#define WHOLES(k, f, n, lo, hi, ref) \
  {k, GN__DT_WHOLE, offsetof(in_data, f), n, lo, hi, ref, NULL, 0, 0, 0, 0}

/* Every value of data/rulesets/inradic, in the order it is read; the counts
** the procedures divide by are at least 1, a role's rank one of the ranks.
** pursuit.<quality> in the order of in_quality. */
static const gn__dfield data_table[] = {
  INT("shoot.cards.per_five", per_five, 0, ANY, "IN-R1"),
  INT("shoot.cards.remainder", remainder, -ANY, ANY, "IN-R1"),
  INT("shoot.cards.leader", leader_cards, -ANY, ANY, "IN-R2"),
  INT("shoot.cards.multishot", multishot_cards, -ANY, ANY, "IN-R2"),
  INT("shoot.cards.mg", mg_cards, -ANY, ANY, "IN-R5"),
  INT("shoot.cards.mg_close", mg_close_cards, -ANY, ANY, "IN-R5"),
  INT("shoot.cards.artillery", gun_cards, -ANY, ANY, "IN-R6"),
  INT("shoot.crew_per_piece", crew_per_piece, 1, ANY, "IN-R6"),
  INT("shoot.need.close", need_close, 1, ANY, "IN-B1"),
  INT("shoot.need.long", need_long, -ANY, ANY, "IN-B1"),
  INTS("shoot.need.cover", cover_need, 3, -ANY, ANY, "IN-B2"),
  WHOLES("shoot.range", range, IN_W_COUNT, 0, ANY, "IN-R4"),
  INT("shoot.ammo.pictures", ammo_pictures, -ANY, ANY, "IN-R7"),
  INT("shoot.ammo.out_min", ammo_out_min, -ANY, ANY, "IN-R7"),
  INT("shoot.ammo.jam_max", ammo_jam_max, -ANY, ANY, "IN-R7"),
  NUM("shoot.ammo.resupply_range", resupply_range, -ANY, ANY, "IN-R8"),
  NUM("shoot.artillery.adjacent", adjacent, -ANY, ANY, "IN-R6"),
  INT("throw.on_target_max", throw_on_target_max, -ANY, ANY, "IN-R9"),
  INTS("throw.deviation", deviation, 6, 0, 3, "IN-R9"),   /* 0 short, 1 left, 2 right, 3 long */
  NUM("throw.burst", burst, -ANY, ANY, "IN-R9"),
  INT("throw.cards", burst_cards, -ANY, ANY, "IN-R9"),
  NUM("throw.range", throw_range, -ANY, ANY, "IN-R9"),
  INT("throw.picture_dud", picture_dud, -ANY, ANY, "IN-R9"),
  INT("melee.need", melee_need, -ANY, ANY, "IN-B7"),
  INT("arrival.entry_is_move", entry_is_move, 0, 1, "IN-ARR"),
  INT("melee.need_obstacle", melee_need_obstacle, -ANY, ANY, "IN-B7"),
  NUM("melee.contact", contact, -ANY, ANY, "IN-B6"),
  INTS("morale.quality", quality_mod, IN_Q_COUNT, -ANY, ANY, "IN-M9"),
  INT("morale.uphill", uphill, -ANY, ANY, "IN-M10"),
  INT("morale.soft_cover", soft, -ANY, ANY, "IN-M10"),
  INT("morale.hard_cover", hard, -ANY, ANY, "IN-M10"),
  INT("morale.flank", flank, -ANY, ANY, "IN-M10"),
  INT("morale.rear", rear, -ANY, ANY, "IN-M10"),
  NUM("morale.friend_rout_range", friend_rout_range, -ANY, ANY, "IN-M4"),
  INT("morale.melee_casualties", melee_casualties, -ANY, ANY, "IN-M2"),
  INT("rout.move_factor", rout_factor, 1, ANY, "IN-M11"),
  INT("rout.water_per", water_per, 1, ANY, "IN-M13"),
  WHOLES("move.normal", move, IN_T_COUNT, 0, ANY, "IN-B8"),
  NUM("move.charge_factor", charge_factor, -ANY, ANY, "IN-B9"),
  NUM("move.tolerance", move_tolerance, 0, ANY, "IN-B8"),
  NUM("move.difficult_cost", difficult_cost, -ANY, ANY, "IN-B8"),
  NUM("terrain.cover_reach", cover_reach, -ANY, ANY, "IN-B2"),
  INTS("pursuit.peasants", pursuit[0], 6, -ANY, ANY, "IN-P1"),
  INTS("pursuit.militia", pursuit[1], 6, -ANY, ANY, "IN-P2"),
  INTS("pursuit.irregular", pursuit[2], 6, -ANY, ANY, "IN-P2"),
  INTS("pursuit.native", pursuit[3], 6, -ANY, ANY, "IN-P2"),
  INTS("pursuit.trained", pursuit[4], 6, -ANY, ANY, "IN-P3"),
  INTS("pursuit.well_trained", pursuit[5], 6, -ANY, ANY, "IN-P4"),
  INTS("pursuit.veteran", pursuit[6], 6, -ANY, ANY, "IN-P5"),
  INTS("pursuit.fanatic", pursuit[7], 6, -ANY, ANY, "IN-P6"),
  INTS("pursuit.first_turn_only", pursuit_first_only, IN_Q_COUNT, -ANY, ANY, "IN-P2"),
  INTS("pursuit.halt_min", pursuit_halt_min, IN_Q_COUNT, -ANY, ANY, "IN-P6"),
  INTS("heroes.face", hero_face, 6, -ANY, ANY, "IN-H2"),
  INT("heroes.absent_falls_lower", hero_fall_lower, -ANY, ANY, "IN-H4"),
  INTS("roles.rank", role_rank, IN_NROLES, 0, IN_NRANKS - 1, "IN-B14"),
  INTS("roles.leader", role_leader, IN_NROLES, -ANY, ANY, "IN-R2"),
  INTS("roles.m3", m3_rank, IN_NRANKS, -ANY, ANY, "IN-M3"),
  INTS("roles.rally", rally_rank, IN_NRANKS, -ANY, ANY, "IN-M16"),
  INT("morale.one_is_die", one_is_die, -ANY, ANY, "IN-B10"),
  INTS("leader.rating.morale", rating_morale, GN_RATING_COUNT, -ANY, ANY, "IN-LDR"),
  NUM("leader.command.radius", cmd_radius, 0, ANY, "IN-LDR"),
  NUMS("leader.rating.radius", rating_radius, GN_RATING_COUNT, -ANY, ANY, "IN-LDR"),
  INTS("terrain.cover", tr_cover, IN_TR_COUNT, -ANY, ANY, "IN-B2"),
  INTS("terrain.difficult", tr_difficult, IN_TR_COUNT, -ANY, ANY, "IN-B8"),
  INTS("terrain.water", tr_water, IN_TR_COUNT, -ANY, ANY, "IN-M13"),
  INTS("terrain.obstacle", tr_obstacle, IN_TR_COUNT, -ANY, ANY, "IN-B7"),
  INTS("terrain.hill", tr_hill, IN_TR_COUNT, -ANY, ANY, "IN-M10"),
};

#undef ANY
#undef INT
#undef NUM
#undef INTS
#undef NUMS
#undef WHOLES

/* Reads the tables; every key is in a data/rulesets/inradic/NAME.yaml file. */
static int load_data(gn_game *g, in_data *d) {
  return gn__data_table(g, data_table, (int)(sizeof data_table / sizeof data_table[0]), d);
}

/*
** Setup after the scenario is loaded.
**   1) read the data tables onto sc->rsdata, once: a clone started again
**      shares the scenario and finds them there
**   2) each unit: privates default to the rest of its strength (or the
**      strength to the sum of its roles); check that they agree, and that
**      its morale dice can be thrown (at most 640 figures, ref. IN-M7)
**   3) quality names commoners and fighters are peasants and fanatics; guns
**      and crewed MGs have at least one piece; steady, not pursuing
**   4) a rating only on a unit with a leader figure (ref. IN-LDR)
*/
static int setup(gn_game *g) {
  gn__scen *sc = g->sc;
  if (!sc->rsdata) {                                                          /* 1 */
    in_data *d = gn__calloc(g, 1, sizeof *d);
    if (!d) return gn__error(g, GN_ENOMEM, "out of memory");
    int rc = load_data(g, d);
    if (rc) { gn__free(g, d, sizeof *d); return rc; }
    sc->rsdata = d;
  }
  for (int i = 0; i < sc->nunits; i++) {                                      /* 2 */
    gn__ustate *u = gn__uw(g, i);
    int others = 0;
    for (int r = 1; r < IN_NROLES; r++) others += u->in.role[r];
    if (u->in.role[IN_PRIVATE] < 0) {
      if (sc->unit[i].strength0 <= 0)
        return gn__error(g, GN_ESCENARIO, "unit %s: give its strength or its privates", sc->unit[i].id);
      u->in.role[IN_PRIVATE] = sc->unit[i].strength0 - others;
    }
    int sum = others + u->in.role[IN_PRIVATE];
    if (sc->unit[i].strength0 <= 0) sc->unit[i].strength0 = sum;
    if (u->in.role[IN_PRIVATE] < 0 || sum != sc->unit[i].strength0)
      return gn__error(g, GN_ESCENARIO, "unit %s: its roles make %d figures, its strength is %d",
                       sc->unit[i].id, sum, sc->unit[i].strength0);
    int nd;                                    /* ref. IN-M7: its morale dice must be rollable */
    char spec[48];
    gn__in_morale_dice(sum, 1, spec, sizeof spec, &nd);
    if (nd > GN_DICE_MAXDICE)
      return gn__error(g, GN_ELIMIT, "%s:%d:%d: unit '%s': %d figures would throw %s for morale, past the "
                       "limit of %d dice a roll holds (%d figures)", sc->file, sc->unit[i].line,
                       sc->unit[i].col, sc->unit[i].id, sum, spec, GN_DICE_MAXDICE, 10 * GN_DICE_MAXDICE);
    u->strength = sum;
    u->in.quality = gn__in_quality_canon(u->in.quality);
    int w = u->in.weapon;                                            /* 3 */
    if ((w == IN_W_MG || w == IN_W_ARTILLERY) && u->in.pieces < 1) u->in.pieces = 1;
    u->in.status = IN_S_STEADY;
    u->in.pursuit = IN_PU_NONE;
    u->in.pursue_of = 0;
    if (u->in.rating != GN_RATING_AVERAGE && gn__in_leader_role(g, i) < 0)   /* 4 */
      return gn__error(g, GN_ESCENARIO, "%s:%d:%d: unit '%s': a rating is its leader's, and it has no leader "
                       "figure (corporal, nco, officer, hero, staff or general) (ref. IN-LDR)", sc->file,
                       sc->unit[i].line, sc->unit[i].col, sc->unit[i].id);
    if (sum <= 0) gn__unit_remove(g, i);
  }
  g->st.winner = -1;
  return 0;
}

static void release(gn_game *g, void *rsdata) {
  gn__free(g, rsdata, sizeof(in_data));
}

/* ------------------------------------------------------------ views */

/* What a viewer may know: the figures on the table and their roles are
** visible to all, and so is their leader's rating and command radius (ref.
** IN-LDR); ammunition left only to the owner and the umpire. */
static void view(const gn_game *g, int unit, int viewer, gn_unit_view *v, char *buf, size_t n) {
  const gn__ustate *u = &g->st.u[unit];
  int own = viewer == GN_UMPIRE || viewer == g->sc->unit[unit].side;
  size_t k = 0;
  if (g->sc->rsdata && gn__in_leader_alive(g, unit)) {   /* the data once set up */
    v->rating = u->in.rating;
    v->command_radius = gn__in_command_radius(g, unit);
  }
  buf[0] = 0;
#define ADD(...) do { int w_ = gn__snprintf(buf + k, k < n ? n - k : 0, __VA_ARGS__); \
                      if (w_ > 0) k += (size_t)w_; } while (0)
  if (u->removed) { ADD("off the table"); return; }
  ADD("%s", status_names[u->in.status]);
  if (u->in.pursuit != IN_PU_NONE && u->in.pursue_of > 0)
    ADD(", %s %s", u->in.pursuit == IN_PU_PURSUING ? "pursuing" : "may pursue",
        g->sc->unit[u->in.pursue_of - 1].code);
  if (u->flags & IN_F_JAMMED) ADD(", not firing");
  if (own && !u->in.ammo) ADD(", out of ammunition");
  for (int r = 1; r < IN_NROLES; r++)
    if (u->in.role[r])
      ADD(", %d %s", u->in.role[r], u->in.role[r] == 1 ? gn__in_role_one[r] : gn__in_role_many[r]);
#undef ADD
}

/* The turn is all the clock Inradic keeps (no time of day); the side to act
** is told beside the clock wherever it is shown, so it is not repeated. */
static void clock(const gn_game *g, char *buf, size_t n) {
  if (g->st.over && g->st.winner >= 0 && g->st.winner < g->sc->nsides)
    snprintf(buf, n, "turn %d, won by %s", g->st.turn, g->sc->side[g->st.winner].name);
  else if (g->st.over)
    snprintf(buf, n, "turn %d, drawn", g->st.turn);
  else
    snprintf(buf, n, "turn %d", g->st.turn);
}

static const char *phase(const gn_game *g) { return g->st.over ? "over" : "action"; }

const gn__ruleset gn__rs_inradic = {
  "inradic", "Inradic, the gentle art of imagi-nation gaming", "in",
  in_types, IN_T_COUNT,
  in_attrs, GN__NSLOTS(gn__in_unit),
  NULL, 0,
  in_terrain_defs, IN_TR_COUNT,
  in_verbs, (int)(sizeof in_verbs / sizeof in_verbs[0]),
  in_options, IN_OPT_COUNT,
  gn__in_checks, IN_NCHECKS,
  setup, release, view, clock, phase,
  NULL,   /* sight: every unit on the table blocks it */
  gn__in_allowance, NULL,
  0,
  NULL,   /* men: the scale is figures, not men */
  NULL,   /* warn: no command to judge at the start */
  NULL,   /* minute: turns have no time of day, so arrivals are written by turn */
  gn__in_entered,
  gn__in_holds,
  IN_RS_DECK, 2 * GN__MAXSIDES,   /* what the odds engine knows of each side's deck */
  gn__in_reach,
  NULL,   /* odds: none given with an order */
  NULL,   /* side_done: the sides always take turns */
  0,      /* view_others: a status reads only its unit */
};
