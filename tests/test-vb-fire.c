/*
** test-vb-fire.c: Volley & Bayonet fire combat (src/rules/vb/fire.c), with
** scripted dice. Each test names the rule ids it pins.
**
** Every scenario: side fr moves first and has the army commander "nap" at
** (13, 20), side al has "wel" far away at (55, 55); all stands are army troops,
** in command. Facing is in compass degrees (0 north, 90 east).
*/
#include <stdlib.h>
#include <sys/stat.h>
#include <dirent.h>
#include "vb-helpers.h"

#define HEAD VB_COMBAT_HEAD("fire test", "", "", "55, 55")

static gn_game *game(const char *units, const char *terrain) { return vb_game(HEAD, units, terrain); }

static int sp(gn_game *g, const char *id) { return strength_points(g, id, 0); }

/* A gun of side fr at (20,20) facing north, a target brigade of al at
** distance `gap` north of its front edge (edge to edge). */
static gn_game *guns(const char *type, const char *attrs, double gap, const char *target_at) {
  char u[2048];
  /* gun: 3 wide, 1.5 deep, centre y 20 -> front edge y 20.75; brigade 3x3 */
  snprintf(u, sizeof u,
           "  - {id: gun, side: fr, formation: fa, type: %s, at: [20, 20], facing: 0, strength: 2, attrs: {%s}}\n"
           "  - {id: tgt, side: al, formation: aa, type: infantry_brigade, at: [20, %g], facing: 180, strength: 4%s}\n",
           type, attrs, 20.75 + gap + 1.5, target_at ? target_at : "");
  return game(u, NULL);
}

/* ref. VB-21: light artillery at close range hits only on 5-6; field
** artillery keeps 4-6 (ref. VB-B6). Both 2-die battalions at 3 in (close: half
** of 8 in / 10 in). Faces 4 and 6. */
static void t_vb21_light_close(void **state) {
  (void)state;
  gn_game *g = guns("artillery_foot", "weight: light", 3, NULL);
  script(g, 1, 1);                                   /* tgt's morale test: passes */
  to_phase(g, "combat");
  script(g, 2, 4, 6);
  ok(g, "fire gun at tgt");
  assert_int_equal(sp(g, "tgt"), 3);                 /* one hit, not two */
  const gn_event *e = last(g, "fire");
  assert_non_null(e);
  assert_non_null(mod(e, "VB-21"));
  assert_int_equal(mod(e, "VB-21")->value, 5);
  gn_game_free(g);

  g = guns("artillery_foot", "weight: field", 3, NULL);
  script(g, 1, 1);
  to_phase(g, "combat");
  script(g, 2, 4, 6);
  ok(g, "fire gun at tgt");
  assert_int_equal(sp(g, "tgt"), 2);                 /* field guns: both hit */
  assert_int_equal(gn_dice_script_left(g), 0);
  gn_game_free(g);
}

/* ref. VB-B6, VB-B18: field artillery at long range (7 in of 10 in) hits on 6
** only; beyond 10 in it is out of range. No morale test at long range. */
static void t_long_range(void **state) {
  (void)state;
  gn_game *g = guns("artillery_foot", "weight: field", 7, NULL);
  to_phase(g, "combat");
  script(g, 2, 5, 6);
  ok(g, "fire gun at tgt");
  assert_int_equal(sp(g, "tgt"), 3);
  gn_game_free(g);
  g = guns("artillery_foot", "weight: field", 10.5, NULL);
  to_phase(g, "combat");
  refused(g, "fire gun at tgt", "VB-B18");
  gn_game_free(g);
}

/* ref. VB-19: an artillery stand that starts with 1 SP is a battery: one die
** (the battalion rolls two). */
static void t_vb19_battery(void **state) {
  (void)state;
  char u[1024];
  snprintf(u, sizeof u,
           "  - {id: gun, side: fr, formation: fa, type: battery_horse, at: [20, 20], facing: 0, strength: 1, attrs: {weight: field}}\n"
           "  - {id: tgt, side: al, formation: aa, type: infantry_brigade, at: [20, 28.25], facing: 180, strength: 4}\n");
  gn_game *g = game(u, NULL);      /* 6 in: long range */
  to_phase(g, "combat");
  script(g, 2, 6, 6);
  ok(g, "fire gun at tgt");
  assert_int_equal(sp(g, "tgt"), 3);
  assert_int_equal(gn_dice_script_left(g), 1);       /* only one die was rolled */
  gn_game_free(g);
}

/* ref. VB-19, VB-20: an artillery_foot stand that begins the scenario with 1
** SP is a battery whatever its type: one die (not the battalion's two), and
** as a foot battery it fires only when stationary. A battalion that began the
** battle with 2 SP and has 1 left (a scenario opening in mid-battle) stays a
** battalion: 2 dice. */
static void t_vb19_single_sp_artillery(void **state) {
  (void)state;
  char u[1024];
  const char *fmt =
    "  - {id: gun, side: fr, formation: fa, type: artillery_foot, at: [20, 20], facing: 0, strength: %d, attrs: {weight: field%s}}\n"
    "  - {id: tgt, side: al, formation: aa, type: infantry_brigade, at: [20, 28.25], facing: 180, strength: 4}\n";
  snprintf(u, sizeof u, fmt, 1, "");
  gn_game *g = game(u, NULL);      /* 6 in: long range, no morale test */
  to_phase(g, "combat");
  script(g, 2, 6, 6);
  ok(g, "fire gun at tgt");
  assert_int_equal(sp(g, "tgt"), 3);
  assert_int_equal(gn_dice_script_left(g), 1);       /* one die */
  gn_game_free(g);

  snprintf(u, sizeof u, fmt, 1, "");
  g = game(u, NULL);
  ok(g, "end");
  ok(g, "limber gun");                               /* half a move each: it moved, */
  ok(g, "unlimber gun");                             /* so it is not stationary */
  to_phase(g, "combat");
  assert_int_equal(attr(g, "gun", "stationary"), 0);
  refused(g, "fire gun at tgt", "VB-20");
  gn_game_free(g);

  snprintf(u, sizeof u,
           "  - {id: gun, side: fr, formation: fa, type: artillery_foot, at: [20, 20], facing: 0, strength: 1, attrs: {weight: field, lost_today: 1}}\n"
           "  - {id: tgt, side: al, formation: aa, type: infantry_brigade, at: [20, 28.25], facing: 180, strength: 4}\n");
  g = game(u, NULL);
  to_phase(g, "combat");
  script(g, 2, 6, 6);
  ok(g, "fire gun at tgt");
  assert_int_equal(sp(g, "tgt"), 2);                 /* a battalion: two dice */
  gn_game_free(g);
}

/* ref. VB-20: a foot battery fires only when stationary (out of command it is
** never stationary, ref. VB-B3); a horse battery whenever unlimbered. */
static void t_vb20_foot_battery(void **state) {
  (void)state;
  char u[1024];
  snprintf(u, sizeof u,
           "  - {id: foot, side: fr, formation: fa, type: battery_foot, at: [40, 20], facing: 0, strength: 1, attrs: {weight: field}}\n"
           "  - {id: horse, side: fr, formation: fa, type: battery_horse, at: [46, 20], facing: 0, strength: 1, attrs: {weight: field}}\n"
           "  - {id: tgt, side: al, formation: aa, type: infantry_brigade, at: [43, 28.25], facing: 180, strength: 4}\n");
  gn_game *g = game(u, NULL);      /* both batteries 14+ in from nap: out of command */
  to_phase(g, "combat");
  assert_int_equal(attr(g, "foot", "stationary"), 0);
  refused(g, "fire foot at tgt", "VB-20");
  script(g, 1, 6);
  ok(g, "fire horse at tgt");
  assert_int_equal(sp(g, "tgt"), 3);
  gn_game_free(g);
}

/* ref. VB-B19: the hits a fire scores are public; the SP left on the target's
** roster are not: the "loss" event is its own side's (and the umpire's). */
static void t_loss_hidden(void **state) {
  (void)state;
  gn_game *g = guns("artillery_foot", "weight: field", 7, NULL);
  to_phase(g, "combat");
  script(g, 2, 6, 6);
  ok(g, "fire gun at tgt");
  assert_int_equal(sp(g, "tgt"), 2);
  int f = last_index(g, "fire"), l = last_index(g, "loss");
  assert_true(f >= 0 && l > f);
  assert_non_null(strstr(gn_event_get(g, f)->text, "2 SP lost"));
  assert_int_equal(gn_event_visible(g, f, 0), 1);
  assert_int_equal(gn_event_visible(g, l, 0), 0);    /* fr fired: it does not see al's roster */
  assert_int_equal(gn_event_visible(g, l, 1), 1);
  assert_int_equal(gn_event_visible(g, l, GN_UMPIRE), 1);
  assert_int_equal(seen_with(g, 0, "left"), 0);
  assert_int_equal(seen_with(g, 1, "2 left"), 1);
  gn_game_free(g);
}

/* ref. VB-B15: limbered artillery does not fire. */
static void t_limbered(void **state) {
  (void)state;
  gn_game *g = guns("artillery_horse", "weight: field, limbered: 1", 7, NULL);
  to_phase(g, "combat");
  refused(g, "fire gun at tgt", "VB-B15");
  gn_game_free(g);
}

/* An infantry stand at gap in north of "tgt" (a brigade facing south). */
static gn_game *line(const char *type, const char *attrs, double depth, double gap) {
  char u[2048];
  snprintf(u, sizeof u,
           "  - {id: inf, side: fr, formation: fa, type: %s, at: [20, 20], facing: 0, strength: 4, attrs: {%s}}\n"
           "  - {id: tgt, side: al, formation: aa, type: infantry_brigade, at: [20, %.6f], facing: 180, strength: 4}\n",
           type, attrs, 20 + depth / 2 + gap + 1.5);
  return game(u, NULL);
}

/* ref. VB-22, VB-24, VB-25: a brigade with battalion guns rolls its 2 dice, one of
** them a light gun die: at 3 in only the gun reaches (hits on 6); at 1.5 in
** the musket die and the gun die (close range: 5-6, ref. VB-21) roll together.
** Within the guns' close range the target takes no morale test (VB-25): no
** die is scripted for it. */
static void t_vb22_batguns(void **state) {
  (void)state;
  gn_game *g = line("infantry_brigade", "batguns: 1", 3, 3);
  to_phase(g, "combat");
  script(g, 2, 5, 6);
  ok(g, "fire inf at tgt");
  assert_int_equal(sp(g, "tgt"), 4);                 /* one die, a 5 misses at long range */
  assert_int_equal(gn_dice_script_left(g), 1);
  assert_int_equal(mod(last(g, "fire"), "VB-24")->value, 6);
  gn_game_free(g);

  g = line("infantry_brigade", "batguns: 1", 3, 1.5);
  to_phase(g, "combat");
  script(g, 2, 5, 4);
  ok(g, "fire inf at tgt");
  assert_int_equal(sp(g, "tgt"), 3);
  assert_int_equal(gn_dice_script_left(g), 0);
  gn_game_free(g);

  g = line("infantry_brigade", "batguns: 1", 3, 4.5);   /* ref. VB-24: beyond 4 in */
  to_phase(g, "combat");
  refused(g, "fire inf at tgt", "VB-B18");
  gn_game_free(g);

  g = line("infantry_brigade", "", 3, 3);               /* no guns: muskets reach 2 in */
  to_phase(g, "combat");
  refused(g, "fire inf at tgt", "VB-B18");
  gn_game_free(g);
}

/* ref. VB-23: cavalry with battalion guns has one fire die; without, none. */
static void t_vb23_cavalry_guns(void **state) {
  (void)state;
  gn_game *g = line("cavalry_light", "batguns: 1", 3, 1);
  to_phase(g, "combat");
  script(g, 1, 5);
  ok(g, "fire inf at tgt");
  assert_int_equal(sp(g, "tgt"), 3);                 /* close range: 5-6 */
  gn_game_free(g);
  g = line("cavalry_light", "", 3, 1);
  to_phase(g, "combat");
  refused(g, "fire inf at tgt", "VB-B5");
  gn_game_free(g);
}

/* ref. VB-28: a skirmisher's battalion gun replaces its die and hits on 6 out
** to 4 in; without it the skirmisher reaches 2 in. ref. VB-29: a sharpshooter
** with the gun hits on 5-6 within 2 in and on 6 between 2 and 4 in. */
static void t_vb28_vb29_skirmish_guns(void **state) {
  (void)state;
  gn_game *g = line("skirmisher", "batguns: 1", 1.5, 3);
  to_phase(g, "combat");
  script(g, 1, 5);
  ok(g, "fire inf at tgt");
  assert_int_equal(sp(g, "tgt"), 4);
  assert_int_equal(mod(last(g, "fire"), "VB-28")->value, 6);
  gn_game_free(g);

  g = line("skirmisher", "", 1.5, 3);
  to_phase(g, "combat");
  refused(g, "fire inf at tgt", "VB-B18");
  gn_game_free(g);

  g = line("skirmisher", "batguns: 1, sharpshooters: 1", 1.5, 1.5);
  to_phase(g, "combat");
  script(g, 1, 5);
  ok(g, "fire inf at tgt");
  assert_int_equal(sp(g, "tgt"), 3);                 /* 5 hits within 2 in */
  assert_int_equal(mod(last(g, "fire"), "VB-29")->value, 5);
  gn_game_free(g);

  g = line("skirmisher", "batguns: 1, sharpshooters: 1", 1.5, 3);
  to_phase(g, "combat");
  script(g, 1, 5);
  ok(g, "fire inf at tgt");
  assert_int_equal(sp(g, "tgt"), 4);                 /* 5 misses at 2-4 in */
  gn_game_free(g);

  g = line("skirmisher", "", 1.5, 1.5);              /* ref. VB-B6: plain skirmisher 6 */
  to_phase(g, "combat");
  script(g, 1, 5);
  ok(g, "fire inf at tgt");
  assert_int_equal(sp(g, "tgt"), 4);
  gn_game_free(g);
}

/* Two field guns 3 in from a target that stands in terrain (area or line). */
static gn_game *covered(const char *tgt_type, const char *terrain) {
  char u[2048];
  snprintf(u, sizeof u,
           "  - {id: gun, side: fr, formation: fa, type: artillery_foot, at: [20, 20], facing: 0, strength: 2, attrs: {weight: field}}\n"
           "  - {id: tgt, side: al, formation: aa, type: %s, at: [20, 25.25], facing: 180, strength: 4}\n",
           tgt_type);
  return game(u, terrain);
}

/* ref. VB-36: infantry in woods save each hit on 5-6 against fire; cavalry in
** woods does not. ref. VB-B7, VB-B19: each hit not saved costs 1 SP. */
static void t_vb36_woods(void **state) {
  (void)state;
  const char *woods = "terrain:\n  - {id: w, kind: woods, area: [[15, 22.5], [25, 22.5], [25, 30], [15, 30]]}\n";
  gn_game *g = covered("infantry_brigade", woods);
  script(g, 1, 1);                                   /* its morale test */
  to_phase(g, "combat");
  script(g, 4, 5, 6, 5, 1);                          /* 2 hits; saves: 5 saves, 1 fails */
  ok(g, "fire gun at tgt");
  assert_int_equal(sp(g, "tgt"), 3);
  assert_int_equal(mod(last(g, "fire"), "VB-36")->value, 5);
  gn_game_free(g);

  g = covered("cavalry_heavy", woods);
  script(g, 1, 1);
  to_phase(g, "combat");
  script(g, 4, 5, 6, 5, 1);
  ok(g, "fire gun at tgt");
  assert_int_equal(sp(g, "tgt"), 2);                 /* no save */
  assert_int_equal(gn_dice_script_left(g), 2);
  gn_game_free(g);
}

/* ref. VB-30: a sunken road saves against fire as works do (4-6); ref. VB-B7
** works. */
static void t_vb30_sunken_road_fire(void **state) {
  (void)state;
  gn_game *g = covered("infantry_brigade",
                       "terrain:\n  - {id: r, kind: sunken_road, line: [[10, 25.25], [30, 25.25]]}\n");
  script(g, 1, 1);
  to_phase(g, "combat");
  script(g, 4, 5, 6, 4, 3);
  ok(g, "fire gun at tgt");
  assert_int_equal(sp(g, "tgt"), 3);
  assert_int_equal(mod(last(g, "fire"), "VB-30")->value, 4);
  gn_game_free(g);

  g = covered("infantry_brigade", "terrain:\n  - {id: k, kind: works, area: [[15, 23], [25, 23], [25, 28], [15, 28]]}\n");
  script(g, 1, 1);
  to_phase(g, "combat");
  script(g, 4, 5, 6, 4, 4);
  ok(g, "fire gun at tgt");
  assert_int_equal(sp(g, "tgt"), 4);
  gn_game_free(g);
}

/* ref. VB-33: a skirmisher in the open has its open-order save (5-6); in a
** town block it has the town save and the open-order save, unless another
** skirmish stand shares the block. */
static void t_vb33_open_order(void **state) {
  (void)state;
  const char *town = "terrain:\n  - {id: t, kind: town, area: [[14, 23], [26, 23], [26, 30], [14, 30]]}\n";
  char u[2048];
  gn_game *g = covered("skirmisher", NULL);
  script(g, 1, 1);
  to_phase(g, "combat");
  script(g, 3, 6, 1, 5);                             /* 1 hit, open order saves it */
  ok(g, "fire gun at tgt");
  assert_int_equal(sp(g, "tgt"), 4);
  assert_int_equal(mod(last(g, "fire"), "VB-33")->value, 5);
  gn_game_free(g);

  /* alone in the town: town save 3 fails, open order 5 saves */
  g = covered("skirmisher", town);
  script(g, 1, 1);
  to_phase(g, "combat");
  script(g, 4, 6, 1, 3, 5);
  ok(g, "fire gun at tgt");
  assert_int_equal(sp(g, "tgt"), 4);
  gn_game_free(g);

  /* two skirmishers in the block: only the town save */
  snprintf(u, sizeof u,
           "  - {id: gun, side: fr, formation: fa, type: artillery_foot, at: [20, 20], facing: 0, strength: 2, attrs: {weight: field}}\n"
           "  - {id: tgt, side: al, formation: aa, type: skirmisher, at: [20, 25.25], facing: 180, strength: 4}\n"
           "  - {id: sk2, side: al, formation: aa, type: skirmisher, at: [20, 28], facing: 180, strength: 4}\n");
  g = game(u, town);
  script(g, 1, 1);                                   /* tgt tests; sk2 is beyond close range */
  to_phase(g, "combat");
  script(g, 4, 6, 1, 3, 5);
  ok(g, "fire gun at tgt");
  assert_int_equal(sp(g, "tgt"), 3);
  assert_int_equal(gn_dice_script_left(g), 1);       /* no open-order throw */
  assert_null(mod(last(g, "fire"), "VB-33"));
  gn_game_free(g);
}

/* ref. VB-32: a garrison fires a quarter of its dice (rounded up) out of each
** face of its town block, never more than all its dice in the phase. A 2-die
** brigade: one die north, one die east, then nothing more. ref. VB-15:
** cavalry in a town has no fire dice. */
static void t_vb32_town_faces(void **state) {
  (void)state;
  const char *town = "terrain:\n  - {id: t, kind: town, area: [[18, 18], [22, 18], [22, 22], [18, 22]]}\n";
  char u[2048];
  snprintf(u, sizeof u,
           "  - {id: inf, side: fr, formation: fa, type: infantry_brigade, at: [20, 20], facing: 0, strength: 4}\n"
           "  - {id: n, side: al, formation: aa, type: infantry_brigade, at: [20, 23.6], facing: 180, strength: 4}\n"
           "  - {id: n2, side: al, formation: aa, type: infantry_brigade, at: [23.2, 23.6], facing: 180, strength: 4}\n"
           "  - {id: e, side: al, formation: aa, type: infantry_brigade, at: [23.6, 19], facing: 270, strength: 4}\n"
           "  - {id: s, side: al, formation: aa, type: infantry_brigade, at: [20, 16.4], facing: 0, strength: 4}\n");
  gn_game *g = game(u, town);
  to_phase(g, "combat");
  script(g, 1, 6);
  ok(g, "fire inf at n");                            /* north face */
  assert_int_equal(sp(g, "n"), 3);
  assert_int_equal(gn_dice_script_left(g), 0);
  refused(g, "fire inf at n2", "VB-32");             /* same face again */
  script(g, 1, 6);
  ok(g, "fire inf at e");                            /* east face: all round, no arc */
  assert_int_equal(sp(g, "e"), 3);
  refused(g, "fire inf at s", "VB-32");              /* all its dice are spent */
  gn_game_free(g);

  snprintf(u, sizeof u,
           "  - {id: cav, side: fr, formation: fa, type: cavalry_light, at: [20, 20], facing: 0, strength: 3, attrs: {batguns: 1}}\n"
           "  - {id: n, side: al, formation: aa, type: infantry_brigade, at: [20, 23.6], facing: 180, strength: 4}\n");
  g = game(u, town);
  to_phase(g, "combat");
  refused(g, "fire cav at n", "VB-15");
  gn_game_free(g);
}

/* ref. VB-31, VB-B21: a village between firer and target does not block the
** line of sight; woods do; a target outside the front arc cannot be fired on. */
static void t_vb31_sight_and_arc(void **state) {
  (void)state;
  gn_game *g = covered("infantry_brigade",
                       "terrain:\n  - {id: v, kind: village, area: [[18, 21.5], [22, 21.5], [22, 23], [18, 23]]}\n");
  script(g, 1, 1);
  to_phase(g, "combat");
  script(g, 2, 6, 6);
  ok(g, "fire gun at tgt");
  assert_int_equal(sp(g, "tgt"), 2);
  gn_game_free(g);

  g = covered("infantry_brigade",
              "terrain:\n  - {id: w, kind: woods, area: [[18, 21.5], [22, 21.5], [22, 23], [18, 23]]}\n");
  to_phase(g, "combat");          /* no morale test: the guns cannot see it */
  refused(g, "fire gun at tgt", "VB-B21");
  gn_game_free(g);

  char u[1024];
  snprintf(u, sizeof u,
           "  - {id: gun, side: fr, formation: fa, type: artillery_foot, at: [20, 20], facing: 0, strength: 2, attrs: {weight: field}}\n"
           "  - {id: tgt, side: al, formation: aa, type: infantry_brigade, at: [20, 15], facing: 0, strength: 4}\n");
  g = game(u, NULL);
  to_phase(g, "combat");
  refused(g, "fire gun at tgt", "VB-B21");
  gn_game_free(g);
}

/* The gun of guns() with a stand of its own side, `what`, at (20, 24) between it
** and the target 7 in off (long range: no morale test). With data_dir, the
** ruleset data are read from there. */
static gn_game *screened(const char *what, const char *data_dir) {
  char u[2048], text[8192];
  snprintf(u, sizeof u,
           "  - {id: gun, side: fr, formation: fa, type: artillery_foot, at: [20, 20], facing: 0, strength: 2, attrs: {weight: field}}\n"
           "  - {id: mid, side: fr, formation: fa, type: %s, at: [20, 24], facing: 0, strength: %d}\n"
           "  - {id: tgt, side: al, formation: aa, type: infantry_brigade, at: [20, 29.25], facing: 180, strength: 4}\n",
           what, strncmp(what, "leader", 6) ? 1 : 0);
  snprintf(text, sizeof text, "%s%s", HEAD, u);
  gn_game *g = gn_game_new(NULL);
  assert_non_null(g);
  if (data_dir) assert_int_equal(gn_game_set_data_dir(g, data_dir), 0);
  if (gn_game_load(g, "t.yaml", text, strlen(text)) || gn_game_start(g, 1)) fail_msg("%s", gn_errmsg(g));
  to_phase(g, "combat");
  return g;
}

/* The rule and gn_unit_los give one answer: the order is accepted exactly
** when the line of sight is clear, and a blocked line names the stand. */
static void same_sight(gn_game *g, int visible) {
  gn_los l = gn_unit_los(g, unit(g, "gun"), unit(g, "tgt"));
  assert_int_equal(l.visible, visible);
  assert_int_equal(l.box, visible ? -1 : unit(g, "mid"));
  if (visible) assert_int_equal(gn_order_check(g, "fire gun at tgt"), GN_OK);
  else refused(g, "fire gun at tgt", "VB-B21");
}

/* Copies the V&B data files (the yaml files of data/rulesets/vb) into dir/vb, fire.yaml
** with `from` replaced by `to`. */
static void data_copy(const char *dir, const char *from, const char *to) {
  char path[512];
  snprintf(path, sizeof path, "%s/vb", dir);
  assert_int_equal(mkdir(path, 0700), 0);
  DIR *d = opendir("data/rulesets/vb");
  assert_non_null(d);
  struct dirent *e;
  int replaced = 0;
  while ((e = readdir(d))) {
    size_t len = strlen(e->d_name);
    if (len < 6 || strcmp(e->d_name + len - 5, ".yaml")) continue;
    char src[512], *buf = malloc(1 << 20);
    assert_non_null(buf);
    snprintf(src, sizeof src, "data/rulesets/vb/%s", e->d_name);
    FILE *f = fopen(src, "rb");
    assert_non_null(f);
    size_t n = fread(buf, 1, (1 << 20) - 1, f);
    fclose(f);
    buf[n] = 0;
    snprintf(path, sizeof path, "%s/vb/%s", dir, e->d_name);
    assert_non_null(f = fopen(path, "wb"));
    char *hit = !strcmp(e->d_name, "fire.yaml") ? strstr(buf, from) : NULL;
    if (hit) {
      fwrite(buf, 1, (size_t)(hit - buf), f);
      fputs(to, f);
      fputs(hit + strlen(from), f);
      replaced = 1;
    } else {
      fwrite(buf, 1, n, f);
    }
    fclose(f);
    free(buf);
  }
  closedir(d);
  assert_int_equal(replaced, 1);
}

/* ref. VB-B21: which stands block sight is the ruleset's data, and the fire
** rule asks the game's one line of sight (gn_unit_los): a leader between gun
** and target does not block it (sight.leaders_block 0), a brigade or a
** skirmisher does; with sight.leaders_block set to 1 the leader blocks, for
** the rule and gn_unit_los alike. */
static void t_b21_one_sight(void **state) {
  (void)state;
  static const struct { const char *what; int visible; } c[] = {
    {"leader_division", 1}, {"infantry_brigade", 0}, {"skirmisher", 0}};
  for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
    gn_game *g = screened(c[i].what, NULL);
    same_sight(g, c[i].visible);
    gn_game_free(g);
  }
  char dir[] = "/tmp/gn-sight-XXXXXX";
  assert_non_null(mkdtemp(dir));
  data_copy(dir, "key: sight.leaders_block, value: 0", "key: sight.leaders_block, value: 1");
  gn_game *g = screened("leader_division", dir);
  same_sight(g, 0);
  gn_game_free(g);
  char cmd[600];
  snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
  assert_int_equal(system(cmd), 0);
}

/* The garrison of town_garrison(): four 1-die regiments in one block, with a
** brigade of al in musket range north of each and one east of the block. */
static gn_game *town_garrison(const char *data_dir) {
  static const char units[] =
    "  - {id: r1, side: fr, formation: fa, type: infantry_regiment, at: [18.6, 20], facing: 0, strength: 2}\n"
    "  - {id: r2, side: fr, formation: fa, type: infantry_regiment, at: [21.8, 20], facing: 0, strength: 2}\n"
    "  - {id: r3, side: fr, formation: fa, type: infantry_regiment, at: [25, 20], facing: 0, strength: 2}\n"
    "  - {id: r4, side: fr, formation: fa, type: infantry_regiment, at: [28.2, 20], facing: 0, strength: 2}\n"
    "  - {id: n1, side: al, formation: aa, type: infantry_brigade, at: [18.6, 23.6], facing: 180, strength: 4}\n"
    "  - {id: n2, side: al, formation: aa, type: infantry_brigade, at: [21.8, 23.6], facing: 180, strength: 4}\n"
    "  - {id: n3, side: al, formation: aa, type: infantry_brigade, at: [25, 23.6], facing: 180, strength: 4}\n"
    "  - {id: e, side: al, formation: aa, type: infantry_brigade, at: [32.8, 20], facing: 270, strength: 4}\n"
    "terrain:\n  - {id: t, kind: town, area: [[17, 18], [31, 18], [31, 22], [17, 22]]}\n";
  char text[8192];
  snprintf(text, sizeof text, "%s%s", HEAD, units);
  gn_game *g = gn_game_new(NULL);
  assert_non_null(g);
  if (data_dir) assert_int_equal(gn_game_set_data_dir(g, data_dir), 0);
  if (gn_game_load(g, "t.yaml", text, strlen(text)) || gn_game_start(g, 1)) fail_msg("%s", gn_errmsg(g));
  to_phase(g, "combat");
  return g;
}

/* ref. VB-32: "the troops occupying a town may fire one quarter of their total
** fire dice ... out of each face": four 1-die regiments in one block are a
** garrison of 4 dice, 1 die out of each face between them (fire.town.garrison
** 1, the default), not 1 die each. With fire.town.garrison 0 (the quarter of
** each stand's own dice) each regiment fires its die out of the north face. */
static void t_vb32_town_garrison(void **state) {
  (void)state;
  gn_game *g = town_garrison(NULL);
  script(g, 1, 6);
  ok(g, "fire r1 at n1");                            /* north face: the garrison's 1 die */
  assert_int_equal(sp(g, "n1"), 3);
  refused(g, "fire r2 at n2", "VB-32");
  assert_non_null(strstr(gn_errmsg(g), "garrison"));
  refused(g, "fire r3 at n3", "VB-32");
  script(g, 1, 6);
  ok(g, "fire r4 at e");                             /* east face: another die */
  assert_int_equal(sp(g, "e"), 3);
  refused(g, "fire r2 at n2", "VB-32");              /* the north face stays spent */
  assert_int_equal(gn_dice_script_left(g), 0);
  gn_game_free(g);

  char dir[] = "/tmp/gn-town-XXXXXX";
  assert_non_null(mkdtemp(dir));
  data_copy(dir, "key: fire.town.garrison, value: 1", "key: fire.town.garrison, value: 0");
  g = town_garrison(dir);
  script(g, 3, 6, 6, 6);
  ok(g, "fire r1 at n1");
  ok(g, "fire r2 at n2");
  ok(g, "fire r3 at n3");
  assert_int_equal(sp(g, "n1") + sp(g, "n2") + sp(g, "n3"), 9);
  refused(g, "fire r1 at n2", "VB-32");              /* its one die is spent */
  gn_game_free(g);
  char cmd[600];
  snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
  assert_int_equal(system(cmd), 0);
}

/* Each stand fires once per combat phase; only in the combat phase; not at
** a stand it touches (that is melee, ref. VB-B11); routed stands do not fire
** (ref. VB-B9). */
static void t_once_and_phase(void **state) {
  (void)state;
  gn_game *g = guns("artillery_foot", "weight: field", 7, NULL);
  refused(g, "fire gun at tgt", "VB-B1");
  to_phase(g, "combat");
  script(g, 2, 1, 1);
  ok(g, "fire gun at tgt");
  refused(g, "fire gun at tgt", "VB-B5");
  gn_game_free(g);

  g = line("infantry_brigade", "routed: 1", 3, 1);
  to_phase(g, "combat");
  refused(g, "fire inf at tgt", "VB-B9");
  gn_game_free(g);

  g = line("infantry_brigade", "", 3, 0);
  script(g, 2, 1, 1);                                /* both test: in contact */
  to_phase(g, "combat");
  refused(g, "fire inf at tgt", "VB-B11");
  gn_game_free(g);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(t_vb21_light_close),
    cmocka_unit_test(t_long_range),
    cmocka_unit_test(t_vb19_battery),
    cmocka_unit_test(t_vb19_single_sp_artillery),
    cmocka_unit_test(t_vb20_foot_battery),
    cmocka_unit_test(t_limbered),
    cmocka_unit_test(t_loss_hidden),
    cmocka_unit_test(t_vb22_batguns),
    cmocka_unit_test(t_vb23_cavalry_guns),
    cmocka_unit_test(t_vb28_vb29_skirmish_guns),
    cmocka_unit_test(t_vb36_woods),
    cmocka_unit_test(t_vb30_sunken_road_fire),
    cmocka_unit_test(t_vb33_open_order),
    cmocka_unit_test(t_vb32_town_faces),
    cmocka_unit_test(t_vb32_town_garrison),
    cmocka_unit_test(t_vb31_sight_and_arc),
    cmocka_unit_test(t_b21_one_sight),
    cmocka_unit_test(t_once_and_phase),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
