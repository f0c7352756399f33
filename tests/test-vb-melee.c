/*
** test-vb-melee.c: Volley & Bayonet melee (src/rules/vb/melee.c), with
** scripted dice.
**
** Dice order of a melee: the attacker's ordinary dice, its battalion-gun die,
** its cavalry dice (then the defender's saves against them), then the same
** for the defender; then, on equal losses, the tie dice (attacker, defender).
** Side fr moves first; its army commander "nap" is at (13, 20). In the morale
** phase both stands in contact test; the scripts give them 1s (passes).
*/
#include "vb-helpers.h"

#define HEAD VB_COMBAT_HEAD("melee test", "", "", "55, 55")

static gn_game *game(const char *units, const char *terrain) { return vb_game(HEAD, units, terrain); }

/* The number of events of a kind. */
static int count(gn_game *g, const char *kind) { return count_events(g, kind, NULL); }

/* fr stand "a" at (20,20) facing north, al stand "d" touching its front;
** extra units appended. */
static gn_game *contact(const char *atype, const char *aattrs, int asp, const char *dtype,
                        const char *dattrs, int dsp, const char *extra, const char *terrain) {
  return vb_contact(HEAD, atype, aattrs, asp, dtype, dattrs, dsp, extra, terrain);
}

/* ref. VB-B11: brigades roll their SP in dice, hits on 5-6; the side with more
** casualties loses; the losing defender, in good order, is disordered and
** retreats half its move (8 in) straight away from the winner (ref. VB-35,
** VB-41). Fought at the end of the combat phase. */
static void t_basic(void **state) {
  (void)state;
  gn_game *g = contact("infantry_brigade", "", 4, "infantry_brigade", "", 3, NULL, NULL);
  script(g, 2, 1, 1);
  to_phase(g, "combat");
  script(g, 7, 5, 6, 1, 1, 5, 1, 1);
  ok(g, "end");
  assert_int_equal(view(g, "a").strength, 3);
  assert_int_equal(view(g, "d").strength, 1);
  assert_int_equal(attr(g, "d", "disorder"), 1);
  assert_int_equal(attr(g, "a", "disorder"), 0);
  at(g, "d", 20, 31);
  at(g, "a", 20, 20);
  assert_int_equal(gn_dice_script_left(g), 0);
  gn_game_free(g);
}

/* ref. VB-B11: the melee dice a stand's view gives (gn_unit_view.melee) are
** the dice it rolls: a brigade of 8 SP rolls melee.dice.max (6), as the melee
** event counts them. With the rosters closed, the enemy sees no dice the SP
** give (-1), but a skirmisher's fixed die and a routed stand's none. */
static void t_vb_b11_dice_in_view(void **state) {
  (void)state;
  gn_game *g = contact("infantry_brigade", "", 8, "infantry_brigade", "", 3,
                       "  - {id: s, side: al, formation: aa, type: skirmisher, at: [40, 40], facing: 180, strength: 2}\n"
                       "  - {id: r, side: al, formation: aa, type: infantry_brigade, at: [50, 40], facing: 180, strength: 4, attrs: {routed: true}}\n",
                       NULL);
  static const struct { const char *id; int umpire, enemy; } want[] = {
    {"a", 6, -1}, {"d", 3, -1}, {"s", 1, 1}, {"r", 0, 0},
  };
  for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
    gn_unit_view v;
    int u = unit(g, want[i].id), enemy = !strcmp(want[i].id, "a") ? 1 : 0;
    assert_int_equal(view(g, want[i].id).melee, want[i].umpire);
    assert_int_equal(gn_unit_view_get(g, u, 1 - enemy, &v), 0);      /* its own side */
    assert_int_equal(v.melee, want[i].umpire);
    assert_int_equal(gn_unit_view_get(g, u, enemy, &v), 0);          /* the enemy */
    assert_int_equal(v.melee, want[i].enemy);
  }
  to_phase(g, "combat");
  ok(g, "end");
  int found = 0;
  for (int i = 0; i < gn_event_count(g); i++) {
    const gn_event *e = gn_event_get(g, i);
    if (strcmp(e->kind, "melee")) continue;
    for (int k = 0; k < e->nmods; k++) {
      if (!strcmp(e->mods[k].name, "attacker dice")) { assert_int_equal(e->mods[k].value, 6); found |= 1; }
      if (!strcmp(e->mods[k].name, "defender dice")) { assert_int_equal(e->mods[k].value, 3); found |= 2; }
    }
  }
  assert_int_equal(found, 3);
  gn_game_free(g);
}

/* ref. VB-B11: a melee's body is every stand touching the other body, however
** many: one wide stand against 40 small ones along its front fights all 40
** (no cut at a buffer's size). Dice from the generator; grade 9 passes every
** morale test. */
static void t_body_of_forty(void **state) {
  (void)state;
  char u[8192];
  size_t o = (size_t)snprintf(u, sizeof u, "  - {id: a, side: fr, formation: fa, type: infantry_brigade, at: [30, 20], "
                              "facing: 0, width: 50, strength: 9, attrs: {morale: 9}}\n");
  for (int i = 0; i < 40; i++)
    o += (size_t)snprintf(u + o, sizeof u - o, "  - {id: d%d, side: al, formation: aa, type: infantry_brigade, "
                          "at: [%g, 22], facing: 180, width: 1.2, depth: 1, strength: 1, attrs: {morale: 9}}\n",
                          i, 6.6 + i * 1.2);
  gn_game *g = game(u, NULL);
  to_phase(g, "combat");
  ok(g, "end");
  int found = 0;
  for (int i = 0; i < gn_event_count(g); i++)
    found |= strstr(gn_event_get(g, i)->text, "a (1 stand) meleed d0 (40 stands)") != NULL;
  assert_true(found);
  gn_game_free(g);
}

/* ref. VB-37, VB-38: equal casualties go to the tie roll, 1d6 + highest
** modified morale + tie-break table: attacker grade 4 with grenadiers (+1)
** rolls 2 (7), defender grade 3 rolls 5 (8): the defender wins, the attacker is
** driven back 8 in in disorder. Then equal totals (3+4+1 and 5+3) roll again. */
static void t_vb37_vb38_tie(void **state) {
  (void)state;
  gn_game *g = contact("infantry_brigade", "grenadiers: 1", 4, "infantry_brigade", "morale: 3", 3, NULL, NULL);
  script(g, 2, 1, 1);
  to_phase(g, "combat");
  script(g, 9, 5, 1, 1, 1, 6, 1, 1, 2, 5);
  ok(g, "charge a at d");
  assert_int_equal(view(g, "a").strength, 3);
  assert_int_equal(view(g, "d").strength, 2);
  assert_int_equal(attr(g, "a", "disorder"), 1);
  at(g, "a", 20, 12);
  assert_int_equal(count(g, "tie"), 2);
  const gn_event *e = NULL;
  for (int i = 0; i < gn_event_count(g); i++)
    if (!strcmp(gn_event_get(g, i)->kind, "tie")) { e = gn_event_get(g, i); break; }
  assert_int_equal(named(e, "grenadiers")->value, 1);
  assert_int_equal(named(e, "highest modified morale")->value, 4);
  gn_game_free(g);

  g = contact("infantry_brigade", "grenadiers: 1", 4, "infantry_brigade", "morale: 3", 3, NULL, NULL);
  script(g, 2, 1, 1);
  to_phase(g, "combat");
  script(g, 11, 5, 1, 1, 1, 6, 1, 1, 3, 5, 6, 1);
  ok(g, "charge a at d");
  assert_int_equal(count(g, "tie"), 5);               /* 2 + "roll again" + 2 */
  assert_int_equal(attr(g, "d", "disorder"), 1);      /* the attacker won the re-roll */
  assert_int_equal(attr(g, "a", "disorder"), 0);
  gn_game_free(g);
}

/* ref. VB-39, VB-38: artillery with formed, non-disordered infantry touching
** its rear adds 2 to its tie roll: 4+4+2 = 10 beats 5+4 = 9. Without support
** (the brigade disordered) it would lose: 8 < 9, and ref. VB-40: artillery
** that loses a melee is eliminated, wiped out in melee. */
static void t_vb39_supported_artillery(void **state) {
  (void)state;
  const char *sup = "  - {id: s, side: al, formation: aa, type: infantry_brigade, at: [20, 24.5], facing: 180, strength: 4, attrs: {%s}}\n";
  char extra[256];
  snprintf(extra, sizeof extra, sup, "");
  gn_game *g = contact("infantry_brigade", "", 4, "artillery_foot", "", 2, extra, NULL);
  script(g, 2, 1, 1);
  to_phase(g, "combat");
  script(g, 8, 5, 1, 1, 1, 6, 1, 5, 4);
  ok(g, "charge a at d");
  assert_int_equal(attr(g, "a", "disorder"), 1);
  assert_int_equal(view(g, "d").removed, 0);
  assert_int_equal(named(last(g, "tie"), "supported artillery")->value, 2);
  gn_game_free(g);

  /* ref. VB-39: "touching the back of its base" is any contact: a brigade
  ** covering only the last half inch of the rear edge (neither its middle
  ** nor both corners) supports all the same */
  g = contact("infantry_brigade", "", 4, "artillery_foot", "", 2,
              "  - {id: s, side: al, formation: aa, type: infantry_brigade, at: [22.5, 24.5], facing: 180, strength: 4}\n",
              NULL);
  script(g, 2, 1, 1);
  to_phase(g, "combat");
  script(g, 8, 5, 1, 1, 1, 6, 1, 5, 4);
  ok(g, "charge a at d");
  assert_int_equal(view(g, "d").removed, 0);
  assert_int_equal(named(last(g, "tie"), "supported artillery")->value, 2);
  gn_game_free(g);

  /* a brigade beside the gun, touching its rear corner only, is at its flank */
  g = contact("infantry_brigade", "", 4, "artillery_foot", "", 2,
              "  - {id: s, side: al, formation: aa, type: infantry_brigade, at: [23, 23.1], facing: 180, strength: 4}\n",
              NULL);
  script(g, 2, 1, 1);
  to_phase(g, "combat");
  script(g, 8, 5, 1, 1, 1, 6, 1, 5, 4);
  ok(g, "charge a at d");
  assert_int_equal(view(g, "d").removed, 1);
  gn_game_free(g);

  snprintf(extra, sizeof extra, sup, "disorder: 1");
  g = contact("infantry_brigade", "", 4, "artillery_foot", "", 2, extra, NULL);
  script(g, 2, 1, 1);
  to_phase(g, "combat");
  script(g, 8, 5, 1, 1, 1, 6, 1, 5, 4);
  ok(g, "charge a at d");
  assert_int_equal(view(g, "d").removed, 1);
  assert_int_equal(view(g, "d").strength, 0);
  assert_int_equal(attr(g, "d", "wiped"), 2);
  assert_int_equal(attr(g, "a", "disorder"), 0);
  gn_game_free(g);
}

/* ref. VB-40: an artillery battalion (2 dice) that loses on casualties is
** eliminated even with SP left. */
static void t_vb40_artillery_lost(void **state) {
  (void)state;
  gn_game *g = contact("infantry_brigade", "", 4, "artillery_foot", "", 3, NULL, NULL);
  script(g, 2, 1, 1);
  to_phase(g, "combat");
  script(g, 6, 5, 6, 1, 1, 1, 1);
  ok(g, "end");
  assert_int_equal(view(g, "d").removed, 1);
  assert_int_equal(attr(g, "d", "wiped"), 2);
  gn_game_free(g);
}

/* ref. VB-38 (with VB-6): stationary infantry meleed by cavalry adds 2 to its
** tie roll and takes no -1 morale: cavalry 5+4 = 9, infantry 3+4+2 = 9, roll
** again: 6+4 = 10 against 5+4+2 = 11. */
static void t_stationary_vs_cavalry(void **state) {
  (void)state;
  gn_game *g = contact("cavalry_heavy", "", 4, "infantry_brigade", "stationary: 1", 4, NULL, NULL);
  script(g, 2, 1, 1);
  to_phase(g, "combat");
  script(g, 12, 5, 1, 1, 1, 6, 1, 1, 1, 5, 3, 6, 5);
  ok(g, "charge a at d");
  assert_int_equal(attr(g, "a", "disorder"), 1);
  assert_int_equal(attr(g, "d", "disorder"), 0);
  assert_int_equal(named(last(g, "tie"), "stationary infantry vs cavalry")->value, 2);
  assert_int_equal(gn_dice_script_left(g), 0);
  gn_game_free(g);
}

/* ref. VB-12: skirmishers out of a village, town or works cannot hold: they
** lose even with fewer casualties; infantry skirmishers in a village melee
** normally and hold. */
static void t_vb12_skirmishers(void **state) {
  (void)state;
  gn_game *g = contact("infantry_brigade", "", 4, "skirmisher", "", 2, NULL, NULL);
  script(g, 2, 1, 1);
  to_phase(g, "combat");
  script(g, 5, 1, 1, 1, 1, 6);
  ok(g, "charge a at d");
  assert_int_equal(view(g, "a").strength, 3);
  assert_int_equal(attr(g, "d", "disorder"), 1);      /* ejected all the same */
  assert_int_equal(attr(g, "a", "disorder"), 0);
  gn_game_free(g);

  g = contact("infantry_brigade", "", 4, "skirmisher", "", 2, NULL,
              "terrain:\n  - {id: v, kind: village, area: [[17, 21.5], [23, 21.5], [23, 24], [17, 24]]}\n");
  script(g, 2, 1, 1);
  to_phase(g, "combat");
  script(g, 5, 1, 1, 1, 1, 6);
  ok(g, "charge a at d");
  assert_int_equal(attr(g, "d", "disorder"), 0);      /* holds */
  assert_int_equal(attr(g, "a", "disorder"), 1);
  gn_game_free(g);
}

/* ref. VB-30: a sunken road saves against cavalry in melee (4-6), not against
** infantry. ref. VB-36: woods give no save in melee. */
static void t_vb30_vb36_melee_saves(void **state) {
  (void)state;
  const char *road = "terrain:\n  - {id: r, kind: sunken_road, line: [[10, 23.5], [30, 23.5]]}\n";
  gn_game *g = contact("cavalry_heavy", "", 4, "infantry_brigade", "", 4, NULL, road);
  script(g, 2, 1, 1);
  to_phase(g, "combat");
  /* cavalry 2 hits, saves 4 and 1: 1 lost; infantry 2 hits: the cavalry loses */
  script(g, 10, 5, 6, 1, 1, 4, 1, 5, 5, 1, 1);
  ok(g, "charge a at d");
  assert_int_equal(view(g, "d").strength, 3);
  assert_int_equal(view(g, "a").strength, 2);
  assert_int_equal(attr(g, "a", "disorder"), 1);
  gn_game_free(g);

  g = contact("infantry_brigade", "", 4, "infantry_brigade", "", 4, NULL, road);
  script(g, 2, 1, 1);
  to_phase(g, "combat");
  script(g, 8, 5, 6, 1, 1, 5, 1, 1, 1);
  ok(g, "charge a at d");
  /* no save against infantry: 2 SP lost; then its retreat crosses the
  ** sunken road behind it, disordering terrain: 1 SP more (ref. VB-43) */
  assert_int_equal(view(g, "d").strength, 1);
  assert_int_equal(gn_dice_script_left(g), 0);
  gn_game_free(g);

  g = contact("infantry_brigade", "", 4, "infantry_brigade", "", 4, NULL,
              "terrain:\n  - {id: w, kind: woods, area: [[15, 21.5], [25, 21.5], [25, 30], [15, 30]]}\n");
  script(g, 2, 1, 1);
  to_phase(g, "combat");
  script(g, 8, 5, 6, 1, 1, 5, 1, 1, 1);
  ok(g, "charge a at d");
  assert_int_equal(view(g, "d").strength, 1);         /* 2 SP, no save; 1 more retreating through the woods (ref. VB-43) */
  assert_int_equal(gn_dice_script_left(g), 0);
  gn_game_free(g);
}

/* ref. VB-34, VB-35: two regiments in one town block are one body in melee:
** their dice roll together, losses go to the stronger stand first, and when
** the attacker wins all surviving defenders are ejected (6 in, half a
** regiment's move). ref. VB-15: cavalry in a town has no melee dice. */
static void t_vb34_vb35_town(void **state) {
  (void)state;
  const char *town = "terrain:\n  - {id: t, kind: town, area: [[14, 21.5], [26, 21.5], [26, 26], [14, 26]]}\n";
  const char *d2 = "  - {id: d2, side: al, formation: aa, type: infantry_regiment, at: [23.2, 22.25], facing: 180, strength: 2}\n";
  gn_game *g = contact("infantry_brigade", "", 4, "infantry_regiment", "", 2, d2, town);
  script(g, 2, 1, 1);                                 /* d2 does not touch a: no test */
  to_phase(g, "combat");
  script(g, 8, 5, 6, 5, 1, 1, 1, 1, 1);
  ok(g, "charge a at d");
  assert_int_equal(view(g, "d").removed, 1);          /* 2 hits of 3 */
  assert_int_equal(view(g, "d2").strength, 1);
  assert_int_equal(attr(g, "d2", "disorder"), 1);
  /* ejected straight away from a's centre (20,20), 6 in */
  double dx = 3.2, dy = 2.25, n = sqrt(dx * dx + dy * dy);
  at(g, "d2", 23.2 + 6 * dx / n, 22.25 + 6 * dy / n);
  assert_int_equal(attr(g, "d2", "meleed"), 1);
  gn_game_free(g);

  g = contact("infantry_brigade", "", 4, "cavalry_light", "", 3, NULL,
              "terrain:\n  - {id: t, kind: town, area: [[14, 21.5], [26, 21.5], [26, 30], [14, 30]]}\n");
  script(g, 2, 1, 1);
  to_phase(g, "combat");
  script(g, 4, 1, 1, 1, 5);
  ok(g, "charge a at d");
  assert_int_equal(attr(g, "d", "disorder"), 1);      /* 1 hit against none */
  assert_int_equal(gn_dice_script_left(g), 0);        /* the cavalry rolled nothing */
  gn_game_free(g);
}

/* The melee of t_vb35_ejected: a (fr) at (20,20) against d (al) at (20,23)
** with attributes dattrs, both brigades of 4 SP, d inside a town block whose
** far edge is at y `far`; the data from data_dir (NULL: built in). a wins 2
** hits to none. */
static gn_game *town_melee(const char *data_dir, const char *dattrs, double far) {
  char text[8192];
  snprintf(text, sizeof text,
           "%s  - {id: a, side: fr, formation: fa, type: infantry_brigade, at: [20, 20], facing: 0, strength: 4}\n"
           "  - {id: d, side: al, formation: aa, type: infantry_brigade, at: [20, 23], facing: 180, strength: 4, attrs: {%s}}\n"
           "terrain:\n  - {id: t, kind: town, area: [[10, 21.6], [30, 21.6], [30, %g], [10, %g]]}\n",
           HEAD, dattrs, far, far);
  gn_game *g = vb_load_data("t.yaml", text, strlen(text), 1, data_dir);
  script(g, 2, 1, 1);
  to_phase(g, "combat");
  script(g, 8, 5, 6, 1, 1, 1, 1, 1, 1);
  ok(g, "charge a at d");
  assert_int_equal(gn_dice_script_left(g), 0);
  return g;
}

/* ref. VB-35: "all surviving defending stands are ejected from the town":
** ejected is out of the block (melee.town.eject_clear 1, the default): d goes
** on until its base clears the block's far edge (y 40: 18.5 in and a hair),
** not the ordinary half move (8 in) that would leave it inside; a disordered
** defender routs out of it too. With the switch at 0 they make the ordinary
** retreat and rout. */
static void t_vb35_ejected(void **state) {
  (void)state;
  gn_game *g = town_melee(NULL, "", 40);
  assert_int_equal(attr(g, "d", "disorder"), 1);
  gn_unit_view v = view(g, "d");
  assert_true(fabs(v.box.c.x - 20) < 1e-9);
  assert_true(v.box.c.y - 1.5 >= 40 && v.box.c.y - 1.5 < 40.01);   /* its trailing edge just past y 40 */
  gn_game_free(g);

  /* already disordered, d routs: past its full move (16 in) when the block
  ** is deeper still */
  g = town_melee(NULL, "disorder: disordered", 50);
  assert_int_equal(attr(g, "d", "routed"), 1);
  v = view(g, "d");
  assert_true(v.box.c.y - 1.5 >= 50 && v.box.c.y - 1.5 < 50.01);
  gn_game_free(g);

  char dir[] = "/tmp/gn-eject-XXXXXX";
  vb_data_copy(dir, "melee.yaml", "key: melee.town.eject_clear, value: 1", "key: melee.town.eject_clear, value: 0");
  g = town_melee(dir, "", 40);
  at(g, "d", 20, 31);
  gn_game_free(g);
  g = town_melee(dir, "disorder: disordered", 50);
  at(g, "d", 20, 39);                                /* the full move, inside the block */
  gn_game_free(g);
  vb_data_remove(dir);
}

/* ref. VB-22: an infantry brigade's battalion gun is one of its melee dice, a
** light gun die at close range (5-6, ref. VB-21), rolled apart; ref. VB-23:
** cavalry battalion guns add no melee die. */
static void t_vb22_vb23_guns_in_melee(void **state) {
  (void)state;
  gn_game *g = contact("infantry_brigade", "batguns: 1", 4, "infantry_brigade", "", 4, NULL, NULL);
  script(g, 2, 1, 1);
  to_phase(g, "combat");
  script(g, 8, 5, 1, 1, 6, 1, 1, 1, 1);
  ok(g, "charge a at d");
  assert_int_equal(view(g, "d").strength, 2);
  assert_int_equal(gn_dice_script_left(g), 0);
  gn_game_free(g);

  g = contact("cavalry_heavy", "batguns: 1", 4, "infantry_brigade", "", 4, NULL, NULL);
  script(g, 2, 1, 1);
  to_phase(g, "combat");
  script(g, 8, 5, 5, 1, 1, 1, 1, 1, 1);
  ok(g, "charge a at d");
  assert_int_equal(view(g, "d").strength, 2);
  assert_int_equal(gn_dice_script_left(g), 0);        /* 4 dice, not 5 */
  gn_game_free(g);
}

/* `charge` in the movement phase moves the stand straight into contact (the
** movement rules apply: ref. VB-B4); the melee follows in the combat phase
** (ref. VB-B11). In the combat phase it needs contact. */
static void t_charge_move(void **state) {
  (void)state;
  char u[1024];
  snprintf(u, sizeof u,
           "  - {id: a, side: fr, formation: fa, type: infantry_brigade, at: [20, 20], facing: 0, strength: 4}\n"
           "  - {id: d, side: al, formation: aa, type: infantry_brigade, at: [20, 29], facing: 180, strength: 3}\n"
           "  - {id: far, side: al, formation: aa, type: infantry_brigade, at: [45, 50], facing: 180, strength: 3}\n");
  gn_game *g = game(u, NULL);
  to_phase(g, "movement");
  refused(g, "charge a at far", "VB-B4");             /* beyond its 16 in */
  ok(g, "charge a at d");
  assert_true(gn_unit_distance(g, unit(g, "a"), unit(g, "d")) < 1e-9);
  at(g, "a", 20, 26);
  to_phase(g, "rally");
  script(g, 2, 1, 1);
  to_phase(g, "combat");
  refused(g, "charge a at far", "VB-B11");
  script(g, 7, 5, 6, 1, 1, 1, 1, 1);
  ok(g, "end");
  assert_int_equal(view(g, "d").strength, 1);
  assert_int_equal(attr(g, "d", "disorder"), 1);
  gn_game_free(g);
}

/* ref. VB-B11: a charge at an angle wheels to face its target and goes in;
** the path is swept with the new facing, so the target itself does not bar it. */
static void t_charge_angled(void **state) {
  (void)state;
  char u[1024];
  snprintf(u, sizeof u,
           "  - {id: a, side: fr, formation: fa, type: cavalry_heavy, at: [20, 20], facing: 0, strength: 3}\n"
           "  - {id: d, side: al, formation: aa, type: infantry_brigade, at: [24, 26], facing: 180, strength: 4}\n");
  gn_game *g = game(u, NULL);
  to_phase(g, "movement");
  ok(g, "charge a at d");
  assert_true(gn_unit_distance(g, unit(g, "a"), unit(g, "d")) < 1e-9);
  gn_game_free(g);
}

/* ---- ref. VB-B17: cavalry breakthrough ---- */

/* Stand "a" (fr, at (20,20) facing north) of atype with aattrs, 3 SP; "d" (al,
** infantry brigade, 4 SP, dattrs) touching its front; "e" (al, infantry
** brigade, 4 SP, eattrs) at (32,20) facing west, 9 in east of a, touching
** nothing; "f" (al, infantry brigade, 3 SP) far away at (45,50). */
static gn_game *breakthrough_game(const char *atype, const char *aattrs, const char *dattrs, const char *eattrs) {
  char extra[512];
  snprintf(extra, sizeof extra,
           "  - {id: e, side: al, formation: aa, type: infantry_brigade, at: [32, 20], facing: 270, strength: 4, attrs: {%s}}\n"
           "  - {id: f, side: al, formation: aa, type: infantry_brigade, at: [45, 50], facing: 180, strength: 3}\n",
           eattrs);
  return contact(atype, aattrs, 3, "infantry_brigade", dattrs, 4, extra, NULL);
}

/* The combat phase of breakthrough_game after the morale tests of a and d
** (both pass on 1s), and `charge a at d` fought at once: a's 3 dice 5, 6, 1
** (2 hits) against d's 4 dice, all 1s. d loses 2 SP, and 1 more if it routs. */
static void won_charge(gn_game *g) {
  script(g, 2, 1, 1);
  to_phase(g, "combat");
  script(g, 7, 5, 6, 1, 1, 1, 1, 1);
  ok(g, "charge a at d");
  assert_int_equal(view(g, "d").strength, 2 - (attr(g, "d", "routed") ? 1 : 0));
  assert_int_equal(view(g, "a").strength, 3);
}

/* ref. VB-B17: light cavalry (3 SP) charges the disordered brigade d in the
** combat phase and wins 2 hits to none: d, already disordered, routs (1 SP
** more, 1 left) a full move away. The cavalry is marked able to break through
** with all its 24 in. A breakthrough at f, too far, is refused by the movement
** rule (VB-B4) and changes nothing. `breakthrough a at e` turns it east and
** moves it 9 in into contact with e (ending at (29,20), 9 in of its move
** spent) and fights at once: the cavalry's 3 dice 6, 5, 5 (3 hits) against
** e's 4 dice 5, 1, 1, 1 (1 hit). e (4 SP, 1 left) in good order is disordered
** and retreats half a move (8 in) straight east; the cavalry has 2 SP and has
** broken through. At the end of the phase the marks are cleared. */
static void t_vb_b17_breakthrough(void **state) {
  (void)state;
  gn_game *g = breakthrough_game("cavalry_light", "", "disorder: 1", "");
  won_charge(g);
  assert_int_equal(attr(g, "d", "routed"), 1);
  assert_int_equal(view(g, "d").strength, 1);
  assert_int_equal(attr(g, "a", "meleed"), 2);                /* may_break_through */
  assert_non_null(strstr(view(g, "a").status, "may break through"));
  const gn_event *ev = last(g, "breakthrough");
  assert_non_null(ev);
  assert_string_equal(ev->ref, "VB-B17");
  assert_non_null(strstr(ev->text, "24.00 in of move left"));
  assert_int_equal(gn_dice_script_left(g), 0);

  refused(g, "breakthrough a at f", "VB-B4");
  assert_non_null(strstr(gn_errmsg(g), "has 24.00"));
  at(g, "a", 20, 20);
  assert_int_equal(attr(g, "a", "move_used"), 0);
  assert_int_equal(attr(g, "a", "meleed"), 2);
  script(g, 7, 6, 5, 5, 5, 1, 1, 1);
  ok(g, "breakthrough a at e");
  at(g, "a", 29, 20);
  assert_true(gn_unit_distance(g, unit(g, "a"), unit(g, "e")) > 1);  /* e fell back */
  assert_int_equal(attr(g, "a", "move_used"), 900);
  assert_int_equal(view(g, "a").strength, 2);
  assert_int_equal(attr(g, "a", "disorder"), 0);
  assert_int_equal(attr(g, "a", "meleed"), 3);                /* broke_through */
  assert_int_equal(view(g, "e").strength, 1);
  assert_int_equal(attr(g, "e", "disorder"), 1);
  assert_int_equal(attr(g, "e", "routed"), 0);
  assert_int_equal(attr(g, "e", "meleed"), 1);
  at(g, "e", 40, 20);
  assert_int_equal(count_events(g, "breakthrough", "VB-B17"), 2);   /* the mark, the move into contact */
  assert_int_equal(count_events(g, "move", "VB-B17"), 1);
  assert_non_null(strstr(last(g, "melee")->text, "attacker wins"));
  assert_int_equal(gn_dice_script_left(g), 0);

  ok(g, "end");
  assert_int_equal(attr(g, "a", "meleed"), 0);
  assert_int_equal(attr(g, "e", "meleed"), 0);
  gn_game_free(g);
}

/* ref. VB-B17: `breakthrough UNIT to X,Y` exploits without a new melee: the
** cavalry moves 10 in north with the rest of its move; the same order again is
** refused (once per phase). An order with neither `at` nor `to` is a syntax
** error. */
static void t_vb_b17_breakthrough_to(void **state) {
  (void)state;
  gn_game *g = breakthrough_game("cavalry_light", "", "disorder: 1", "");
  won_charge(g);
  assert_int_equal(gn_order_apply(g, "breakthrough a e"), GN_ESYNTAX);
  assert_int_equal(gn_order_apply(g, "breakthrough a at"), GN_ESYNTAX);
  ok(g, "breakthrough a to 20,30");
  at(g, "a", 20, 30);
  assert_int_equal(attr(g, "a", "move_used"), 1000);
  assert_int_equal(attr(g, "a", "meleed"), 3);
  assert_int_equal(count_events(g, "melee", NULL), 3);      /* only the charge's */
  refused(g, "breakthrough a to 20,32", "VB-B17");
  assert_non_null(strstr(gn_errmsg(g), "already broken through"));
  refused(g, "breakthrough a at e", "VB-B17");
  at(g, "a", 20, 30);
  gn_game_free(g);
}

/* ref. VB-B17: a breakthrough is refused when the defender only fell back
** disordered (it was in good order), when the winner is infantry, when the
** cavalry is disordered (melee.breakthrough.disordered 0), outside the combat
** phase, and for a stand that fought no melee. */
static void t_vb_b17_refused(void **state) {
  (void)state;
  gn_game *g = breakthrough_game("cavalry_light", "", "", "");
  won_charge(g);
  assert_int_equal(attr(g, "d", "routed"), 0);
  assert_int_equal(attr(g, "d", "disorder"), 1);
  assert_int_equal(view(g, "d").strength, 2);
  assert_int_equal(attr(g, "a", "meleed"), 1);
  refused(g, "breakthrough a at e", "VB-B17");
  assert_non_null(strstr(gn_errmsg(g), "won no charge"));
  at(g, "a", 20, 20);
  assert_int_equal(view(g, "e").strength, 4);
  gn_game_free(g);

  g = breakthrough_game("infantry_brigade", "", "disorder: 1", "");
  won_charge(g);
  assert_int_equal(attr(g, "d", "routed"), 1);
  assert_int_equal(attr(g, "a", "meleed"), 1);
  refused(g, "breakthrough a at e", "VB-B17");
  assert_non_null(strstr(gn_errmsg(g), "not cavalry"));
  gn_game_free(g);

  g = breakthrough_game("cavalry_light", "disorder: 1", "disorder: 1", "");
  won_charge(g);
  assert_int_equal(attr(g, "d", "routed"), 1);
  assert_int_equal(attr(g, "a", "meleed"), 1);
  refused(g, "breakthrough a at e", "VB-B17");
  assert_non_null(strstr(gn_errmsg(g), "disordered"));
  gn_game_free(g);

  g = breakthrough_game("cavalry_light", "", "disorder: 1", "");
  to_phase(g, "movement");
  refused(g, "breakthrough a at e", "VB-B17");
  gn_game_free(g);
}

/* ref. VB-B17: cavalry that spent its whole move (24 in) in the movement
** phase charging into contact from 24 in away wins in the combat phase with
** d routing, but has no move left to break through. (A stand in contact may
** not first move off and charge back, ref. VB-B23.) */
static void t_vb_b17_no_move_left(void **state) {
  (void)state;
  char u[1024];
  double dy = 28 + depth("cavalry_light") / 2 + depth("infantry_brigade") / 2;
  snprintf(u, sizeof u,
           "  - {id: a, side: fr, formation: fa, type: cavalry_light, at: [20, 4], facing: 0, strength: 3}\n"
           "  - {id: d, side: al, formation: aa, type: infantry_brigade, at: [20, %g], facing: 180, "
           "strength: 4, attrs: {disorder: 1}}\n"
           "  - {id: e, side: al, formation: aa, type: infantry_brigade, at: [32, %g], facing: 270, strength: 4}\n",
           dy, dy);
  /* HEAD with the army leader by a's start, so that a is in command */
  gn_game *g = vb_game("grognard: 1\nname: melee test\nruleset: vb\n"
                       "table: {width: 60, height: 60}\n"
                       "date: {year: 1815, month: 6, day: 18, hour: 12}\nturns: 4\n"
                       "sides:\n  - {id: fr}\n  - {id: al}\n"
                       "formations:\n"
                       "  - {id: fa, echelon: army, side: fr, leader: nap}\n"
                       "  - {id: aa, echelon: army, side: al, leader: wel}\n"
                       "units:\n"
                       "  - {id: nap, formation: fa, type: leader_army, at: [15, 4], strength: 0}\n"
                       "  - {id: wel, formation: aa, type: leader_army, at: [55, 55], strength: 0}\n",
                       u, NULL);
  refused(g, "move a to 20,8", "VB-B1");   /* still the command phase */
  to_phase(g, "movement");
  ok(g, "charge a at d");
  at(g, "a", 20, 28);
  assert_int_equal(attr(g, "a", "move_used"), 2400);
  refused(g, "move a to 20,26", "VB-B23");
  won_charge(g);
  assert_int_equal(attr(g, "d", "routed"), 1);
  assert_int_equal(attr(g, "a", "meleed"), 1);                /* not marked */
  refused(g, "breakthrough a at e", "VB-B17");
  assert_non_null(strstr(gn_errmsg(g), "no move left"));
  gn_game_free(g);
}

/* ref. VB-B17: at most one breakthrough per stand per phase: the cavalry
** breaks through into e, disordered, which routs (cavalry 6, 5, 5 against e's
** 4 dice of 1s: 3 SP and 1 for the rout, e is destroyed); it may not break
** through a second time, at f or anywhere. */
static void t_vb_b17_twice(void **state) {
  (void)state;
  gn_game *g = breakthrough_game("cavalry_light", "", "disorder: 1", "disorder: 1");
  won_charge(g);
  script(g, 7, 6, 5, 5, 1, 1, 1, 1);
  ok(g, "breakthrough a at e");
  assert_int_equal(view(g, "e").removed, 1);
  assert_int_equal(view(g, "a").strength, 3);
  assert_int_equal(attr(g, "a", "meleed"), 3);
  assert_int_equal(count_events(g, "breakthrough", "VB-B17"), 2);   /* no new mark */
  refused(g, "breakthrough a at f", "VB-B17");
  assert_non_null(strstr(gn_errmsg(g), "already broken through"));
  refused(g, "breakthrough a to 25,25", "VB-B17");
  assert_int_equal(gn_dice_script_left(g), 0);
  gn_game_free(g);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(t_basic),
    cmocka_unit_test(t_vb_b11_dice_in_view),
    cmocka_unit_test(t_body_of_forty),
    cmocka_unit_test(t_vb37_vb38_tie),
    cmocka_unit_test(t_vb39_supported_artillery),
    cmocka_unit_test(t_vb40_artillery_lost),
    cmocka_unit_test(t_stationary_vs_cavalry),
    cmocka_unit_test(t_vb12_skirmishers),
    cmocka_unit_test(t_vb30_vb36_melee_saves),
    cmocka_unit_test(t_vb34_vb35_town),
    cmocka_unit_test(t_vb35_ejected),
    cmocka_unit_test(t_vb22_vb23_guns_in_melee),
    cmocka_unit_test(t_charge_move),
    cmocka_unit_test(t_charge_angled),
    cmocka_unit_test(t_vb_b17_breakthrough),
    cmocka_unit_test(t_vb_b17_breakthrough_to),
    cmocka_unit_test(t_vb_b17_refused),
    cmocka_unit_test(t_vb_b17_no_move_left),
    cmocka_unit_test(t_vb_b17_twice),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
