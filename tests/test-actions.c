/*
** test-actions.c: every order the rules would accept now (gn_actions_list),
** and where the list must agree with the rules and the table: a V&B stand
** that charged into contact (ref. VB-B23), an Inradic gun's fire, a Belle
** Alliance fire order out of reach when it would be resolved (ref. BA-3.1.1a),
** a Belle Alliance move's directions (ref. BA-2.3.1d), the melee check of a
** Belle Alliance attack as the attacker's side knows it (ref. BA-T8).
** Public API only; run from the repository root.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "grognard.h"

static const char vb_text[] =
  "grognard: 1\nname: actions test\nruleset: vb\n"
  "table: {width: 48, height: 36}\n"
  "date: {year: 1815, month: 6, day: 18, hour: 9}\nturns: 10\n"
  "sides:\n  - {id: french, name: French}\n  - {id: allied, name: Allied}\n"
  "formations:\n"
  "  - {id: fdiv, echelon: division, side: french, leader: fl}\n"
  "  - {id: adiv, echelon: division, side: allied, leader: al}\n"
  "units:\n"
  "  - {id: fl, code: FL, formation: fdiv, type: leader_division, at: [10, 6], strength: 0}\n"
  "  - {id: f1, code: F1, formation: fdiv, type: infantry_brigade, at: [10, 10], strength: 4}\n"
  "  - {id: al, code: AL, formation: adiv, type: leader_division, at: [10, 30], facing: 180, strength: 0}\n"
  "  - {id: a1, code: A1, formation: adiv, type: infantry_brigade, at: [10, 16], facing: 180, strength: 4}\n";

static gn_game *vb_game(void) {
  gn_game *g = gn_game_new(NULL);
  assert_non_null(g);
  assert_int_equal(gn_game_load(g, "t.yaml", vb_text, strlen(vb_text)), GN_OK);
  assert_int_equal(gn_game_start(g, 1), GN_OK);
  return g;
}

static gn_game *file_game(const char *path, uint64_t seed) {
  gn_game *g = gn_game_new(NULL);
  assert_non_null(g);
  if (gn_game_load_file(g, path) != 0) fail_msg("%s: %s", path, gn_errmsg(g));
  assert_int_equal(gn_game_start(g, seed), GN_OK);
  return g;
}

/* The action of unit with verb, or NULL. */
static const gn_action *find(const gn_actions *a, int unit, const char *verb) {
  for (int i = 0; i < a->n; i++)
    if (a->a[i].unit == unit && !strcmp(a->a[i].verb, verb)) return &a->a[i];
  return NULL;
}

/* The target of an action naming unit t, or NULL. */
static const gn_action_target *target(const gn_action *x, int t) {
  for (int k = 0; x && k < x->ntargets; k++)
    if (x->targets[k].unit == t) return &x->targets[k];
  return NULL;
}

/* In the command phase no V&B stand has an order; in the movement phase the
** French brigade may move (a form with its whole move left) or form march
** column, its leader may move; the Allied stands, not on their turn, have
** nothing. Once the brigade has used its whole move, none is left. */
static void actions_follow_the_phase(void **state) {
  (void)state;
  gn_game *g = vb_game();
  gn_actions *a;
  int f1 = gn_unit_find(g, "F1"), fl = gn_unit_find(g, "FL"), a1 = gn_unit_find(g, "A1");
  assert_int_equal(gn_actions_list(g, -1, -1, &a), GN_OK);
  assert_string_equal(a->phase, "command");
  assert_int_equal(a->side, 0);
  assert_int_equal(a->n, 0);
  gn_actions_free(a);
  assert_int_equal(gn_order_apply(g, "end"), GN_OK);
  assert_int_equal(gn_actions_list(g, -1, -1, &a), GN_OK);
  const gn_action *mv = find(a, f1, "move");
  assert_non_null(mv);
  assert_null(mv->order);
  assert_string_equal(mv->form, "move F1 to X,Y");
  assert_true(mv->left > 15.99 && mv->left < 16.01);
  assert_non_null(mv->avoid);
  assert_non_null(strstr(mv->avoid, "VB-B4"));
  const gn_action *march = find(a, f1, "march");
  assert_non_null(march);
  assert_string_equal(march->order, "march F1");
  assert_null(find(a, f1, "fire"));
  assert_non_null(find(a, fl, "leader"));
  assert_null(find(a, a1, "move"));
  /* charge: the one enemy brigade, at its distance; the leader is no target */
  const gn_action *ch = find(a, f1, "charge");
  assert_non_null(ch);
  assert_int_equal(ch->ntargets, 1);
  assert_string_equal(ch->targets[0].order, "charge F1 at A1");
  assert_true(ch->targets[0].distance > 0);
  assert_null(ch->targets[0].dice);   /* its melee comes in the combat phase */
  gn_actions_free(a);
  /* the allied side asked for: not its turn, nothing */
  assert_int_equal(gn_actions_list(g, 1, -1, &a), GN_OK);
  assert_int_equal(a->n, 0);
  gn_actions_free(a);
  assert_int_equal(gn_order_apply(g, "move F1 to 26,10"), GN_OK);
  assert_int_equal(gn_actions_list(g, -1, f1, &a), GN_OK);
  mv = find(a, f1, "move");
  assert_true(mv == NULL || mv->left == 0);
  gn_actions_free(a);
  gn_game_free(g);
}

/* The listing changes nothing: same hash, same events and orders, the last
** refusal's message and rule still there. Bad arguments are refused. */
static void actions_change_nothing(void **state) {
  (void)state;
  gn_game *g = vb_game();
  gn_actions *a;
  char msg[512];
  assert_int_equal(gn_order_apply(g, "end"), GN_OK);
  assert_int_equal(gn_order_apply(g, "fire F1 at A1"), GN_EREFUSED);
  snprintf(msg, sizeof msg, "%s", gn_errmsg(g));
  const char *ref = gn_refusal_ref(g);
  uint64_t h = gn_game_hash(g);
  int events = gn_event_count(g);
  for (int u = -1; u < gn_unit_count(g); u++) {
    assert_int_equal(gn_actions_list(g, -1, u, &a), GN_OK);
    gn_actions_free(a);
  }
  assert_int_equal(gn_game_hash(g), h);
  assert_int_equal(gn_event_count(g), events);
  assert_int_equal(gn_game_order_count(g), 1);
  assert_string_equal(gn_errmsg(g), msg);
  assert_ptr_equal(gn_refusal_ref(g), ref);
  assert_int_equal(gn_actions_list(g, -1, 99, &a), GN_ENOTFOUND);
  assert_null(a);
  assert_int_equal(gn_actions_list(g, 7, -1, &a), GN_ENOTFOUND);
  assert_int_equal(gn_actions_list(g, -1, -2, &a), GN_ENOTFOUND);
  assert_int_equal(gn_actions_list(NULL, -1, -1, &a), GN_EINVAL);
  assert_int_equal(gn_actions_list(g, -1, -1, NULL), GN_EINVAL);
  gn_actions_free(NULL);
  gn_game_free(g);
}

/* A game without a scenario, not started, or over has nothing to order. */
static void actions_before_start(void **state) {
  (void)state;
  gn_game *g = gn_game_new(NULL);
  gn_actions *a;
  assert_int_equal(gn_actions_list(g, -1, 0, &a), GN_ENOTFOUND);   /* no scenario: no unit */
  assert_int_equal(gn_actions_list(g, -1, -1, &a), GN_OK);
  assert_int_equal(a->n, 0);
  gn_actions_free(a);
  assert_int_equal(gn_game_load(g, "t.yaml", vb_text, strlen(vb_text)), GN_OK);
  assert_int_equal(gn_actions_list(g, -1, -1, &a), GN_OK);
  assert_int_equal(a->n, 0);
  gn_actions_free(a);
  gn_game_free(g);
  g = vb_game();                          /* played to its end by the AI */
  gn_battle_opts o;
  gn_battle_result r;
  memset(&o, 0, sizeof o);
  assert_int_equal(gn_battle_run(g, &o, &r), GN_OK);
  gn_battle_result_free(&r);
  assert_int_equal(gn_game_over(g), 1);
  assert_int_equal(gn_actions_list(g, -1, -1, &a), GN_OK);
  assert_int_equal(a->n, 0);
  gn_actions_free(a);
  gn_game_free(g);
}

/* In the combat phase a brigade within musket range lists its fire with the
** dice the rules roll first and the number a die needs, as the roll of the
** real order then shows. */
static void fire_tells_dice_and_need(void **state) {
  (void)state;
  gn_game *g = vb_game();
  gn_actions *a;
  int f1 = gn_unit_find(g, "F1"), a1 = gn_unit_find(g, "A1");
  assert_int_equal(gn_order_apply(g, "end"), GN_OK);
  assert_int_equal(gn_order_apply(g, "move F1 to 10,12.2"), GN_OK);
  for (int i = 0; i < 8 && strcmp(gn_game_phase(g), "combat"); i++) assert_int_equal(gn_order_apply(g, "end"), GN_OK);
  assert_string_equal(gn_game_phase(g), "combat");
  assert_int_equal(gn_actions_list(g, -1, -1, &a), GN_OK);
  const gn_action_target *t = target(find(a, f1, "fire"), a1);
  assert_non_null(t);
  assert_string_equal(t->order, "fire F1 at A1");
  assert_non_null(t->dice);
  assert_true(t->ndice > 0);
  assert_true(t->need >= 2 && t->need <= 6);
  assert_int_equal(t->ready, 1);
  int n = t->ndice, need = t->need, first = gn_event_count(g);
  gn_actions_free(a);
  assert_int_equal(gn_order_apply(g, "fire F1 at A1"), GN_OK);
  const gn_event *e = gn_event_get(g, first);
  assert_string_equal(e->kind, "roll");
  assert_int_equal(e->ndice, n);
  char want[32];
  snprintf(want, sizeof want, "%d+", need);
  assert_non_null(strstr(e->text, want));
  gn_game_free(g);
}

/* ref. VB-B23: a stand that charged into contact stays for the melee: moving
** it off again, which would undo the charge, is refused, and its actions list
** no move. */
static void vb_charge_holds_contact(void **state) {
  (void)state;
  gn_game *g = file_game("scenarios/vb-plancenoit.yaml", 1);
  gn_actions *a;
  int uhl = gn_unit_find(g, "UHL");
  assert_int_equal(gn_order_apply(g, "end"), GN_OK);
  assert_string_equal(gn_game_phase(g), "movement");
  assert_int_equal(gn_order_apply(g, "charge UHL at BON"), GN_OK);
  assert_int_equal(gn_order_check(g, "move UHL to 26,33"), GN_EREFUSED);
  assert_string_equal(gn_refusal_ref(g), "VB-B23");
  assert_int_equal(gn_order_apply(g, "move UHL to 26,33"), GN_EREFUSED);
  assert_int_equal(gn_actions_list(g, -1, uhl, &a), GN_OK);
  assert_null(find(a, uhl, "move"));
  assert_null(find(a, uhl, "charge"));
  gn_actions_free(a);
  gn_game_free(g);
}

/* Inradic: the gun's fire at FU is listed beside its move, with the cards it
** draws and the value a card needs, and the rules accept it. */
static void inradic_gun_fire_listed(void **state) {
  (void)state;
  gn_game *g = file_game("scenarios/inradic-skirmish.yaml", 1);
  gn_actions *a;
  int gun = gn_unit_find(g, "GUN"), fu = gn_unit_find(g, "FU");
  assert_int_equal(gn_actions_list(g, -1, gun, &a), GN_OK);
  const gn_action_target *t = target(find(a, gun, "fire"), fu);
  assert_non_null(t);
  assert_string_equal(t->order, "fire GUN at FU");
  assert_string_equal(t->dice, "card");
  assert_true(t->ndice > 0);
  assert_true(t->need > 0);
  assert_int_equal(gn_order_check(g, t->order), GN_OK);
  gn_actions_free(a);
  gn_game_free(g);
}

/* The acting unit of an order, read by the verb's help line: what a
** front end taking one side's orders asks. */
static void order_actor(void **state) {
  (void)state;
  gn_game *g = file_game("scenarios/inradic-skirmish.yaml", 1);
  int gun = gn_unit_find(g, "GUN");
  assert_true(gun >= 0);
  assert_int_equal(gn_order_actor(g, "fire GUN at FU"), gun);
  assert_int_equal(gn_order_actor(g, "  fire   gun at FU"), gun);
  assert_int_equal(gn_order_actor(g, "end"), -1);
  assert_int_equal(gn_order_actor(g, "nonsense GUN"), -1);
  assert_int_equal(gn_order_actor(g, "fire NOPE at FU"), GN_ENOTFOUND);
  assert_int_equal(gn_order_actor(g, "fire"), GN_ENOTFOUND);
  assert_int_equal(gn_order_actor(NULL, "end"), GN_EINVAL);
  gn_game_free(g);
}

/* 1 when a log event of kind from first on names unit. */
static int logged(const gn_game *g, int first, const char *kind, int unit) {
  for (int i = first; i < gn_event_count(g); i++) {
    const gn_event *e = gn_event_get(g, i);
    if (!strcmp(e->kind, kind) && e->unit == unit) return 1;
  }
  return 0;
}

/* ref. BA-3.1.1a: a fire order is written before the moves and resolved in
** the fire phase. The battery's fire at GLC, behind the wood, is accepted
** but marked not ready (out of range, sight and arc now), and indeed does not
** fire when the bound is resolved at once; its fire at JAG is ready, and fires. */
static void ba_fire_ready_as_resolved(void **state) {
  (void)state;
  for (int k = 0; k < 2; k++) {
    gn_game *g = file_game("scenarios/ba-hougoumont.yaml", 1);
    gn_actions *a;
    int bat = gn_unit_find(g, "BAT"), glc = gn_unit_find(g, "GLC"), jag = gn_unit_find(g, "JAG");
    assert_int_equal(gn_actions_list(g, -1, bat, &a), GN_OK);
    const gn_action *fire = find(a, bat, "fire");
    const gn_action_target *tg = target(fire, glc), *tj = target(fire, jag);
    assert_non_null(tg);
    assert_non_null(tj);
    assert_int_equal(tg->ready, 0);
    assert_non_null(strstr(tg->why, "BA-3.1.1a"));
    assert_int_equal(tj->ready, 1);
    assert_null(tj->why);
    assert_string_equal(tj->dice, "3d6");   /* the fire phase's one roll (ref. BA-DICE-1) */
    assert_int_equal(tj->ndice, 3);
    int first = gn_event_count(g);
    assert_int_equal(gn_order_apply(g, k ? tj->order : tg->order), GN_OK);
    gn_actions_free(a);
    assert_int_equal(gn_order_apply(g, "end"), GN_OK);
    assert_int_equal(logged(g, first, "nofire", bat), !k);
    assert_int_equal(logged(g, first, "fire", bat), k);
    gn_game_free(g);
  }
}

/* ref. BA-2.3.1d: the move form names what the move may not do, for the
** formation the unit is in: a line battalion may not go backwards or
** sideways, a skirmish line may go any way; both halt at melee-zone contact
** (ref. BA-4.1.1c). */
static void ba_move_avoid_by_formation(void **state) {
  (void)state;
  gn_game *g = file_game("scenarios/ba-hougoumont.yaml", 1);
  gn_actions *a;
  int l1a = gn_unit_find(g, "L1A"), glc = gn_unit_find(g, "GLC");
  assert_int_equal(gn_actions_list(g, -1, l1a, &a), GN_OK);
  const gn_action *mv = find(a, l1a, "move");
  assert_non_null(mv);
  assert_non_null(mv->avoid);
  assert_string_equal(mv->avoid, "backwards or sideways (BA-2.3.1d); going on past melee-zone "
                                 "contact, where it halts (BA-4.1.1c)");
  assert_int_equal(gn_order_check(g, "move L1A to 85,10"), GN_EREFUSED);   /* backwards */
  gn_actions_free(a);
  assert_int_equal(gn_actions_list(g, -1, glc, &a), GN_OK);
  mv = find(a, glc, "move");
  assert_non_null(mv);
  assert_non_null(mv->avoid);
  assert_string_equal(mv->avoid, "going on past melee-zone contact, where it halts (BA-4.1.1c)");
  gn_actions_free(a);
  gn_game_free(g);
}

/* The odds of u's attack on t as u's side may know them: the melee check's
** text the listing gives with the target, or "" when none. */
static void attack_odds(gn_game *g, const char *u, const char *t, char *out, size_t n) {
  gn_actions_opts o = {-1, gn_unit_find(g, u), "attack"};
  gn_actions *a;
  assert_int_equal(gn_actions_query(g, &o, &a), GN_OK);
  const gn_action_target *x = target(find(a, o.unit, "attack"), gn_unit_find(g, t));
  assert_non_null(x);
  snprintf(out, n, "%s", x->odds ? x->odds : "");
  gn_actions_free(a);
}

/* ref. BA-T8, BA-5.5.1a: a Belle Alliance attack target carries the melee
** check that weighs it, with each side's Table 8 factors as the rules count
** them now; the check runs on those words; the enemy's supplies and valour,
** hidden from the attacker's side, are not in it (the same text whatever
** they are), while a unit's own are. */
static void ba_attack_odds_as_the_side_knows(void **state) {
  (void)state;
  FILE *f = fopen("scenarios/ba-hougoumont.yaml", "rb");
  assert_non_null(f);
  static char text[2][65536];
  size_t len = fread(text[0], 1, sizeof text[0] - 1, f);
  fclose(f);
  text[0][len] = 0;
  const char *l1a = strstr(text[0], "strength: 25, attrs: {valour: 1}}");
  assert_non_null(l1a);
  snprintf(text[1], sizeof text[1], "%.*s%s%s", (int)(l1a - text[0]), text[0],
           "strength: 25, attrs: {valour: -2, supplies: 0}}", l1a + strlen("strength: 25, attrs: {valour: 1}}"));
  char seen[2][4096], own[4096];
  for (int k = 0; k < 2; k++) {
    gn_game *g = gn_game_new(NULL);
    assert_int_equal(gn_game_load(g, "hougoumont.yaml", text[k], strlen(text[k])), GN_OK);
    assert_int_equal(gn_game_start(g, 1), GN_OK);
    attack_odds(g, "GLC", "L1A", seen[k], sizeof seen[k]);
    assert_int_equal(strncmp(seen[k], "melee --attack ", 15), 0);
    assert_null(strstr(seen[k], "--defence-valour"));
    attack_odds(g, "L1A", "GLC", own, sizeof own);
    const char *d = strstr(own, " --defence");
    assert_non_null(d);
    assert_int_equal(strstr(own, "without_supplies") != NULL && strstr(own, "without_supplies") < d, k);
    assert_non_null(strstr(own, k ? "--attack-valour -2" : "--attack-valour 1"));
    /* the check takes the words as they are */
    char buf[4096], *argv[64], *save = NULL;
    int argc = 0;
    snprintf(buf, sizeof buf, "%s", seen[k]);
    strtok_r(buf, " ", &save);
    for (char *w = strtok_r(NULL, " ", &save); w && argc < 64; w = strtok_r(NULL, " ", &save)) argv[argc++] = w;
    gn_game *rules = gn_game_new(NULL);
    assert_int_equal(gn_game_use_ruleset(rules, "ba"), GN_OK);
    gn_odds_opts oo = {0, 0, 1, 0, 0};
    gn_dist dist;
    assert_int_equal(gn_check_odds(rules, "melee", argc, (const char *const *)argv, &oo, &dist, NULL), GN_OK);
    assert_true(dist.n > 1);
    gn_dist_free(&dist);
    gn_game_free(rules);
    gn_game_free(g);
  }
  assert_string_equal(seen[0], seen[1]);
}

/* The JSON names the side, the phase and each action by unit code. */
static void actions_as_json(void **state) {
  (void)state;
  gn_game *g = vb_game();
  gn_actions *a;
  assert_int_equal(gn_order_apply(g, "end"), GN_OK);
  assert_int_equal(gn_actions_list(g, -1, -1, &a), GN_OK);
  char *s = gn_actions_json(g, a);
  assert_non_null(s);
  assert_non_null(strstr(s, "\"side\": \"french\""));
  assert_non_null(strstr(s, "\"phase\": \"movement\""));
  assert_non_null(strstr(s, "\"form\": \"move F1 to X,Y\""));
  assert_non_null(strstr(s, "\"order\": \"march F1\""));
  assert_non_null(strstr(s, "\"order\": \"charge F1 at A1\""));
  assert_non_null(strstr(s, "\"unit\": \"A1\""));
  gn_string_free(s);
  gn_actions_free(a);
  gn_game_free(g);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(actions_follow_the_phase),
    cmocka_unit_test(actions_change_nothing),
    cmocka_unit_test(actions_before_start),
    cmocka_unit_test(fire_tells_dice_and_need),
    cmocka_unit_test(vb_charge_holds_contact),
    cmocka_unit_test(inradic_gun_fire_listed),
    cmocka_unit_test(ba_fire_ready_as_resolved),
    cmocka_unit_test(ba_move_avoid_by_formation),
    cmocka_unit_test(ba_attack_odds_as_the_side_knows),
    cmocka_unit_test(actions_as_json),
    cmocka_unit_test(order_actor),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
