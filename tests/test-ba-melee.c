/*
** test-ba-melee.c: Belle Alliance melee (4.1, 4.3): attack orders, defenders,
** Table 8 with its groups, Table 11 (default), prisoners (4.1.3 default),
** skirmish lines and soutien, melee without supplies.
**
** Table 11 default: D = attack total - defence total; the loser takes SD (1-3),
** MD (4-6) or FD (7+), is forced back 10 cm and loses ceil(|D|/2) figures per
** unit of melee of the winner; the winner loses 1 per unit of melee of the loser
** while |D| <= 3; the winner takes half the loser's loss as prisoners.
*/
#include "test-ba.h"

static double y_of(gn_game *g, const char *id) { return ba_box(g, id).c.y; }
static int near(double a, double b) { return a > b - 1e-6 && a < b + 1e-6; }

/* The attack and defence events of the first melee from e0. */
static void melee_events(gn_game *g, int e0, int *att, int *def) {
  *att = ba_event(g, e0, "melee", "BA-T8");
  assert_true(*att >= 0);
  *def = ba_event(g, *att + 1, "melee", "BA-T8");
  assert_true(*def >= 0);
}

/* ref. BA-4.1.1b: no attack without attack orders, nor in MD or FD: a unit with
** move orders halts at melee-zone contact and fights no melee; an MD unit may
** not be ordered to attack; one brought into MD before the melee only moves up. */
static void attack_orders(void **state) {
  (void)state;
  gn_game *g = ba_game(
    "  - {id: A, side: fr, type: infantry, at: [50, 20], facing: 0, strength: 30}\n"
    "  - {id: D, side: fr, type: infantry, at: [120, 20], facing: 0, strength: 30, attrs: {disorder: MD}}\n"
    "  - {id: B, side: al, type: infantry, at: [50, 35], facing: 180, strength: 30}\n"
    "  - {id: C, side: al, type: infantry, at: [120, 35], facing: 180, strength: 30}\n", NULL);
  ba_refused(g, "attack D C", "BA-4.1.1b");
  ba_refused(g, "order D attack", "BA-4.1.1b");
  ba_ok(g, "move A to 50,60");
  ba_ok(g, "order D hold");
  ba_dice(g, 3, 1, 1, 1);                /* D's reorganisation: fails */
  int e0 = gn_event_count(g);
  ba_ok(g, "end");
  assert_true(ba_event(g, e0, "contact", "BA-4.1.1c") >= 0);
  assert_int_equal(ba_event(g, e0, "melee", NULL), -1);
  assert_true(near(y_of(g, "A"), 27));
  gn_game_free(g);
  /* bound 1: B fires at A (9: nothing); bound 2: B continues, A is brought into MD
  ** (17: 9 figures, MD), then marches into contact but does not attack */
  g = ba_game(
    "  - {id: A, side: fr, type: infantry, at: [50, 20], facing: 0, strength: 30}\n"
    "  - {id: B, side: al, type: infantry, at: [50, 35], facing: 180, strength: 30}\n", NULL);
  ba_dice(g, 3, 2, 2, 3);
  ba_ok(g, "fire B at A");
  ba_ok(g, "end");
  ba_ok(g, "continue B");
  ba_ok(g, "attack A B");
  ba_dice(g, 3, 6, 6, 5);
  e0 = gn_event_count(g);
  ba_ok(g, "end");
  assert_int_equal(ba_attr(g, "A", "disorder"), 2);
  assert_true(ba_event(g, e0, "noattack", "BA-4.1.1b") >= 0);
  assert_int_equal(ba_event(g, e0, "melee", NULL), -1);
  assert_true(near(y_of(g, "A"), 24));   /* MD: 10 - 6 cm (ref. BA-2.3.1c) */
  gn_game_free(g);
}

/* ref. BA-4.1.1d: an attacker itself attacked in the rear becomes a defender;
** infantry attacked by cavalry defends. One melee each, two rolls. */
static void attacker_defends(void **state) {
  (void)state;
  gn_game *g = ba_game(
    "  - {id: A, side: fr, type: infantry, at: [50, 20], facing: 0, strength: 30}\n"
    "  - {id: B, side: al, type: infantry, at: [50, 28], facing: 180, strength: 30}\n"
    "  - {id: C, side: al, type: infantry, at: [50, 12], facing: 0, strength: 30}\n", NULL);
  ba_ok(g, "attack A B");
  ba_ok(g, "attack C A");
  ba_dice(g, 6, 3, 3, 4, 3, 3, 4);
  int e0 = gn_event_count(g);
  ba_ok(g, "end");
  int d = ba_event(g, e0, "defender", "BA-4.1.1d");
  assert_true(d >= 0);
  assert_int_equal(gn_event_get(g, d)->unit, ba_unit(g, "A"));
  assert_int_equal(ba_events(g, e0, "roll", NULL), 2);
  int att, def;
  melee_events(g, e0, &att, &def);
  assert_int_equal(gn_event_get(g, att)->unit, ba_unit(g, "C"));
  assert_int_equal(ba_mod(g, att, "rear"), 2);
  assert_int_equal(ba_mod(g, def, "rear"), -2);
  assert_int_equal(ba_figures(g, "B"), 30);
  gn_game_free(g);
  g = ba_game(
    "  - {id: A, side: fr, type: infantry, at: [50, 20], facing: 0, strength: 30}\n"
    "  - {id: H, side: al, type: cavalry, at: [50, 29], facing: 180, strength: 24}\n", NULL);
  ba_ok(g, "attack A H");
  ba_ok(g, "attack H A");
  ba_dice(g, 6, 3, 3, 4, 3, 3, 4);
  e0 = gn_event_count(g);
  ba_ok(g, "end");
  melee_events(g, e0, &att, &def);
  assert_int_equal(gn_event_get(g, att)->unit, ba_unit(g, "H"));
  assert_int_equal(gn_event_get(g, ba_event(g, e0, "defender", "BA-4.1.1d"))->unit, ba_unit(g, "A"));
  gn_game_free(g);
}

/* ref. BA-T8, BA-DICE-2, BA-B5, BA-5.5.1e: heavy cavalry charging infantry in
** line. Attack: cavalry against infantry +1, first melee +2, heavy cavalry at the
** charge +2 (its group also holds "attack at the charge" +1, which does not
** count), heavy cavalry +1 = 6. Defence: cavalry against infantry -2, first +2,
** overreaching (20 cm against 16) +2 = 2. 9 + 6 = 15 against 12 + 2 = 14: the
** infantry loses by 1: SD, forced back, 1 figure per unit of melee of the 24
** horsemen (3 units); the cavalry loses 1 per unit of the 30 (3); prisoners 1. */
static void heavy_charge(void **state) {
  (void)state;
  gn_game *g = ba_game(
    "  - {id: H, side: fr, type: heavy_cavalry, at: [50, 10], facing: 0, strength: 24}\n"
    "  - {id: B, side: al, type: infantry, at: [50, 28], facing: 180, strength: 30}\n", NULL);
  ba_ok(g, "attack H B");
  ba_ok(g, "pace H charge");
  ba_dice(g, 6, 3, 3, 3, 4, 4, 4);
  int e0 = gn_event_count(g);
  ba_ok(g, "end");
  int att, def;
  melee_events(g, e0, &att, &def);
  assert_int_equal(ba_mod(g, att, "heavy cavalry or lancers at the charge"), 2);
  assert_int_equal(ba_mod(g, att, "at the charge"), -99);
  assert_int_equal(ba_mod(g, att, "heavy cavalry"), 1);
  assert_string_equal(ba_mod_ref(g, att, "heavy cavalry or lancers at the charge"), "BA-DICE-2");
  assert_int_equal(ba_mod(g, att, "cavalry against infantry"), 1);
  assert_int_equal(ba_mod(g, def, "cavalry against infantry"), -2);
  assert_int_equal(ba_mod(g, def, "overreaching"), 2);
  assert_int_equal(gn_event_get(g, att)->total, 15);
  assert_int_equal(gn_event_get(g, def)->total, 14);
  assert_int_equal(ba_figures(g, "B"), 27);
  assert_int_equal(ba_figures(g, "H"), 21);
  assert_int_equal(ba_attr(g, "B", "disorder"), 1);
  assert_int_equal(ba_attr(g, "H", "prisoners"), 1);
  assert_true(near(y_of(g, "B"), 38));
  /* the heavy cavalry's own column: +1 in defence too (BA-5.5.1e), passive -2 */
  gn_game_free(g);
}

/* ref. BA-5.5.1d, BA-5.5.1f: light cavalry -2 in attack and in defence; valour is
** added to both columns. LC (valour +3) attacks B (valour -2); then infantry
** attacks light cavalry LD, which also counts as passive cavalry. */
static void light_cavalry_and_valour(void **state) {
  (void)state;
  gn_game *g = ba_game(
    "  - {id: LC, side: fr, type: light_cavalry, at: [50, 19], facing: 0, strength: 20, attrs: {valour: 3}}\n"
    "  - {id: B, side: al, type: infantry, at: [50, 28], facing: 180, strength: 30, attrs: {valour: -2}}\n"
    "  - {id: I, side: fr, type: infantry, at: [130, 20], facing: 0, strength: 30}\n"
    "  - {id: LD, side: al, type: light_cavalry, at: [130, 29], facing: 180, strength: 20}\n", NULL);
  ba_ok(g, "attack LC B");
  ba_ok(g, "attack I LD");
  /* LC: +1 +2 -2 +3 = 4, 10 + 4 = 14; B: -2 +2 -2 +2 (overreaching) +1 (30 against
  ** 20 is 50 % more) = 1, 10 + 1 = 11. I: +2 +2 +1 = 5; LD: first +2, light -2,
  ** passive -2 = -2, 10 - 2 = 8 */
  ba_dice(g, 12, 3, 3, 4, 3, 3, 4, 3, 3, 4, 3, 3, 4);
  int e0 = gn_event_count(g);
  ba_ok(g, "end");
  int att, def;
  melee_events(g, e0, &att, &def);
  assert_int_equal(ba_mod(g, att, "light cavalry"), -2);
  assert_string_equal(ba_mod_ref(g, att, "light cavalry"), "BA-5.5.1d");
  assert_string_equal(ba_mod_ref(g, att, "valour"), "BA-5.5.1f");
  assert_int_equal(ba_mod(g, att, "valour"), 3);
  assert_int_equal(ba_mod(g, def, "valour"), -2);
  assert_int_equal(gn_event_get(g, att)->total, 14);
  assert_int_equal(gn_event_get(g, def)->total, 11);
  int att2, def2;
  melee_events(g, def + 1, &att2, &def2);
  assert_int_equal(ba_mod(g, def2, "light cavalry"), -2);
  assert_int_equal(ba_mod(g, def2, "passive cavalry"), -2);
  assert_int_equal(gn_event_get(g, def2)->total, 8);
  /* the valour modifiers are hidden from the other side */
  assert_int_equal(gn_event_visible(g, def, gn_side_find(g, "fr")), 0);
  assert_int_equal(gn_event_visible(g, def, gn_side_find(g, "al")), 1);
  gn_game_free(g);
}

/* ref. BA-DICE-2, BA-B5, BA-B6, BA-B13: 30 figures against 10 in square: of the
** numbers group only "200 % more" (+4) counts. Attack: first +2, not covered -2,
** overreaching +2, +4 = 6: 6 + 6 = 12. Defence: square against infantry -2, first
** +2, not covered -2 = -2: 18 - 2 = 16. The attacker loses by 4: MD, forced back,
** 2 figures per unit of melee of the square (1); the square loses none (|D| > 3)
** and takes half the loss, 1 figure, as prisoners. */
static void numbers_group(void **state) {
  (void)state;
  gn_game *g = ba_game(
    "  - {id: A, side: fr, type: infantry, at: [50, 20], facing: 0, strength: 30}\n"
    "  - {id: S, side: al, type: infantry, at: [50, 26], facing: 180, width: 7, depth: 7, strength: 10, attrs: {formation: square}}\n",
    NULL);
  ba_ok(g, "attack A S");
  ba_dice(g, 6, 1, 2, 3, 6, 6, 6);
  int e0 = gn_event_count(g);
  ba_ok(g, "end");
  int att, def;
  melee_events(g, e0, &att, &def);
  assert_int_equal(ba_mod(g, att, "at least three times the figures"), 4);
  assert_int_equal(ba_mod(g, att, "at least twice the figures"), -99);
  assert_int_equal(ba_mod(g, att, "at least 1.5 times the figures"), -99);
  assert_int_equal(ba_mod(g, def, "square or mass against infantry"), -2);
  assert_int_equal(gn_event_get(g, att)->total, 12);
  assert_int_equal(gn_event_get(g, def)->total, 16);
  assert_int_equal(ba_figures(g, "A"), 28);
  assert_int_equal(ba_figures(g, "S"), 10);
  assert_int_equal(ba_attr(g, "A", "disorder"), 2);
  assert_int_equal(ba_attr(g, "S", "prisoners"), 1);
  assert_true(near(y_of(g, "A"), 10));
  gn_game_free(g);
}

/* ref. BA-5.5.3g, BA-5.5.3h, BA-5.5.3i, BA-B6, BA-B13: X is without supplies: it
** may still attack, with -2; winning by 11 it brings Y into FD (Table 11 default:
** no forced back) and takes the whole loss, 6 x 3 = 18 figures, as prisoners. Then a stall: both lose 1 per unit of
** melee of the other and the attacker is forced back. */
static void no_supplies_and_stall(void **state) {
  (void)state;
  gn_game *g = ba_game(
    "  - {id: X, side: fr, type: infantry, at: [50, 20], facing: 0, strength: 30, attrs: {supplies: 0}}\n"
    "  - {id: Y, side: al, type: infantry, at: [50, 28], facing: 180, strength: 30}\n"
    "  - {id: X2, side: fr, type: infantry, at: [130, 20], facing: 0, strength: 30}\n"
    "  - {id: Y2, side: al, type: infantry, at: [130, 28], facing: 180, strength: 30}\n", NULL);
  ba_refused(g, "fire X at Y", "BA-5.5.3f");
  ba_ok(g, "attack X Y");
  ba_ok(g, "attack X2 Y2");
  ba_dice(g, 12, 6, 6, 6, 1, 2, 2, 3, 3, 4, 4, 3, 3);
  int e0 = gn_event_count(g);
  ba_ok(g, "end");
  int att, def;
  melee_events(g, e0, &att, &def);
  assert_int_equal(ba_mod(g, att, "without supplies"), -2);
  assert_string_equal(ba_mod_ref(g, att, "without supplies"), "BA-5.5.3h");
  assert_int_equal(gn_event_get(g, att)->total, 16);
  assert_int_equal(gn_event_get(g, def)->total, 5);
  assert_int_equal(ba_attr(g, "X", "prisoners"), 18);
  assert_int_equal(ba_attr(g, "Y", "disorder"), 3);
  assert_int_equal(ba_figures(g, "Y"), 30 - 18 - 2);  /* then the FD loss, 10 % of 12 */
  assert_true(near(y_of(g, "Y"), 28));                /* FD: not forced back, it routs next bound */
  assert_int_equal(ba_figures(g, "X"), 30);
  assert_int_equal(ba_figures(g, "X2"), 27);
  assert_int_equal(ba_figures(g, "Y2"), 27);
  assert_true(near(y_of(g, "X2"), 10));
  assert_true(near(y_of(g, "Y2"), 28));
  assert_int_equal(ba_attr(g, "X2", "disorder"), 0);
  gn_game_free(g);
}

/* ref. BA-4.3.1: a skirmish line with a figure within 15 cm of its soutien may
** choose to be forced back when attacked: no melee, no roll. Without that
** choice it fights, with the soutien factor +2. */
static void skirmish_evades(void **state) {
  (void)state;
  const char *units =
    "  - {id: A, side: fr, type: infantry, at: [50, 33], facing: 0, strength: 30}\n"
    "  - {id: M, side: al, type: infantry, at: [50, 50], facing: 180, strength: 30}\n"
    "  - {id: L, side: al, type: infantry, at: [1, 1], strength: 0, attrs: {part: 1}}\n";
  gn_game *g = ba_game(units, NULL);
  ba_ok(g, "skirmish M 6");
  ba_ok(g, "order L evade");
  ba_ok(g, "attack A L");
  int e0 = gn_event_count(g);
  ba_ok(g, "end");
  assert_true(ba_event(g, e0, "evade", "BA-4.3.1") >= 0);
  assert_int_equal(ba_events(g, e0, "roll", NULL), 0);
  assert_true(near(y_of(g, "L"), 47.5));
  assert_int_equal(ba_figures(g, "L"), 6);
  gn_game_free(g);
  g = ba_game(units, NULL);
  ba_ok(g, "skirmish M 6");
  ba_ok(g, "attack A L");
  ba_dice(g, 6, 3, 3, 4, 3, 3, 4);
  e0 = gn_event_count(g);
  ba_ok(g, "end");
  int att, def;
  melee_events(g, e0, &att, &def);
  assert_int_equal(ba_mod(g, def, "support"), 2);
  assert_int_equal(ba_mod(g, def, "in skirmish line"), -4);
  assert_int_equal(ba_mod(g, att, "not covered by a skirmish line"), -2);
  gn_game_free(g);
}

/* ref. BA-4.1.1b, BA-3.1.1a: a large battle: units listed after the 512th fire,
** march and melee like any other (the phases once looked only at the first
** 512). 520 filler units stand far off; A (fire) and X (attack) come last. */
static void many_units(void **state) {
  (void)state;
  static char units[520 * 120 + 1024];
  int k = 0;
  for (int i = 0; i < 520; i++)
    k += snprintf(units + k, sizeof units - k, "  - {id: f%d, side: %s, type: staff, at: [%d, %d], strength: 1}\n",
                  i, i % 2 ? "al" : "fr", 2 + (i % 90) * 2, 100 + (i / 90) * 3);
  snprintf(units + k, sizeof units - k, "%s",
           "  - {id: A, side: fr, type: infantry, at: [50, 20], facing: 0, strength: 30}\n"
           "  - {id: B, side: al, type: infantry, at: [50, 30], facing: 180, strength: 30}\n"
           "  - {id: X, side: fr, type: infantry, at: [130, 20], facing: 0, strength: 30}\n"
           "  - {id: Y, side: al, type: infantry, at: [130, 35], facing: 180, strength: 30}\n");
  gn_game *g = ba_game(units, NULL);
  assert_true(ba_unit(g, "A") >= 512);
  ba_ok(g, "fire A at B");
  ba_ok(g, "attack X Y");
  ba_dice(g, 9, 4, 4, 4, 6, 6, 6, 1, 1, 2);   /* fire 12 + 2: 2 x 3; X 18 against Y 4 */
  int e0 = gn_event_count(g);
  ba_ok(g, "end");
  assert_int_equal(ba_figures(g, "B"), 24);
  assert_true(ba_event(g, e0, "contact", "BA-4.1.1c") >= 0);
  int att, def;
  melee_events(g, e0, &att, &def);
  assert_int_equal(gn_event_get(g, att)->unit, ba_unit(g, "X"));
  assert_true(ba_figures(g, "Y") < 30);
  assert_int_equal(gn_dice_script_left(g), 0);
  gn_game_free(g);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(attack_orders),
    cmocka_unit_test(attacker_defends),
    cmocka_unit_test(heavy_charge),
    cmocka_unit_test(light_cavalry_and_valour),
    cmocka_unit_test(numbers_group),
    cmocka_unit_test(no_supplies_and_stall),
    cmocka_unit_test(skirmish_evades),
    cmocka_unit_test(many_units),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
