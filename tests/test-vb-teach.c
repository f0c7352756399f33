/*
** test-vb-teach.c: the Volley & Bayonet teaching scenarios (scenarios/vb-teach-*.yaml)
** play out as the comments at their top say, order by order, with the dice the
** comments give (or scripted where they leave them to chance). Run from the
** repository root.
*/
#include <stdlib.h>
#include "vb-helpers.h"

static gn_game *teach(const char *name, uint64_t seed) {
  char path[256];
  snprintf(path, sizeof path, "scenarios/vb-teach-%s.yaml", name);
  gn_game *g = gn_game_new(NULL);
  assert_non_null(g);
  if (gn_game_load_file(g, path)) {
    for (int i = 0; i < gn_diag_count(g); i++) print_message("%s\n", gn_diag(g, i));
    fail_msg("%s: %s", path, gn_errmsg(g));
  }
  assert_int_equal(gn_game_start(g, seed), GN_OK);
  return g;
}

static int sp(gn_game *g, const char *id) { return strength_points(g, id, 1); }

/* The first event whose text holds s, or NULL. */
static const gn_event *find(gn_game *g, const char *s) {
  for (int i = 0; i < gn_event_count(g); i++)
    if (strstr(gn_event_get(g, i)->text, s)) return gn_event_get(g, i);
  return NULL;
}

/* ref. VB-B2, VB-B8, VB-B21, VB-16, VB-31, VB-33, VB-B5, VB-B6, VB-B18: vb-teach-fire. */
static void teach_fire(void **state) {
  (void)state;
  gn_game *g = teach("fire", 1);
  ok(g, "end");
  ok(g, "move F2 to 26,17");
  script(g, 1, 5);                                    /* P1's test: 5 > 4 */
  ends(g, 3);
  assert_string_equal(gn_game_phase(g), "combat");
  assert_int_equal(attr(g, "F2", "in_command"), 1);
  assert_non_null(find(g, "P1 tests morale (within close range of enemy guns)"));
  assert_int_equal(attr(g, "P1", "disorder"), 1);
  refused(g, "fire FA at PS2", "VB-B21");
  script(g, 3, 6, 1, 5);                              /* 1 hit at long range, saved on 5 */
  ok(g, "fire FA at PS1");
  assert_int_equal(mod(last(g, "fire"), "VB-B6")->value, 6);
  assert_int_equal(mod(last(g, "fire"), "VB-33")->value, 5);
  assert_int_equal(sp(g, "PS1"), 1);
  refused(g, "fire FA at P1", "VB-B5");
  script(g, 2, 5, 6);
  ok(g, "fire F2 at P1");
  assert_int_equal(sp(g, "P1"), 3);
  refused(g, "fire F1 at P1", "VB-B18");
  assert_int_equal(seen_with(g, 0, "2 SP lost"), 1);  /* the French see their hits... */
  assert_int_equal(seen_with(g, 0, "left"), 0);       /* ...not the Prussian roster */
  assert_int_equal(seen_with(g, 0, "tests morale"), 0);
  assert_int_equal(gn_dice_script_left(g), 0);
  gn_game_free(g);
}

/* An order the rules forbid: refused with the rule id, and nothing of the game
** changes (state hash, log, orders). */
static void refused_clean(gn_game *g, const char *order, const char *ref) {
  uint64_t h = gn_game_hash(g);
  int nev = gn_event_count(g), nord = gn_game_order_count(g);
  refused(g, order, ref);
  char want[32];
  snprintf(want, sizeof want, "refused (ref. %s)", ref);
  assert_non_null(strstr(gn_errmsg(g), want));
  assert_true(gn_game_hash(g) == h);
  assert_int_equal(gn_event_count(g), nev);
  assert_int_equal(gn_game_order_count(g), nord);
}

/* Illegal orders on vb-teach-fire: moving through the enemy (VB-B4), closing on
** the enemy or unlimbering out of command (VB-B3), firing limbered (VB-B15), out of range
** (VB-B18), without a line of sight (VB-B21), outside the phase (VB-B1): each is
** refused with its rule id and changes nothing. */
static void refusals_change_nothing(void **state) {
  (void)state;
  gn_game *g = teach("fire", 1);
  refused_clean(g, "fire F2 at P1", "VB-B1");
  ok(g, "end");
  refused_clean(g, "move F1 to 22,25", "VB-B4");
  assert_non_null(strstr(gn_errmsg(g), "through the enemy stand"));
  ok(g, "limber FA");
  ok(g, "leader SIM to 40,8");
  refused_clean(g, "move F1 to 18,16", "VB-B3");
  assert_non_null(strstr(gn_errmsg(g), "out of command"));
  refused_clean(g, "unlimber FA", "VB-B3");
  ends(g, 3);                                          /* limbered guns threaten nobody: no test */
  assert_string_equal(gn_game_phase(g), "combat");
  refused_clean(g, "fire FA at P1", "VB-B15");
  refused_clean(g, "fire F1 at P1", "VB-B18");
  refused_clean(g, "fire F2 at PS2", "VB-B21");
  refused_clean(g, "charge F2 at P2", "VB-B11");
  gn_game_free(g);
}

/* vb-teach-fire with PS2 at (35, 21.8), just behind the copse and within reach
** of FA, made heavy guns; `woods` small woods (0.2 in squares far off at the
** bottom left) listed before the copse; without the copse when copse is 0.
** Taken to the combat phase without a move. */
static gn_game *fire_woods(int woods, int copse) {
  FILE *f = fopen("scenarios/vb-teach-fire.yaml", "rb");
  assert_non_null(f);
  static char src[16384];
  size_t n = fread(src, 1, sizeof src - 1, f);
  fclose(f);
  src[n] = 0;
  size_t cap = n + (size_t)woods * 160 + 256, len = 0;
  char *text = malloc(cap);
  assert_non_null(text);
  const char *terrain = strstr(src, "\nterrain:\n"), *ps2 = strstr(src, "at: [38, 24]");
  const char *field = strstr(src, "weight: field"), *cp = strstr(src, "  - {id: copse");
  assert_true(terrain && ps2 && field && cp && field < ps2 && ps2 < terrain && terrain < cp);
  terrain += strlen("\nterrain:\n");
#define PUT(p, q) do { memcpy(text + len, (p), (size_t)((q) - (p))); len += (size_t)((q) - (p)); } while (0)
  PUT(src, field);
  len += (size_t)sprintf(text + len, "weight: heavy");
  PUT(field + strlen("weight: field"), ps2);
  len += (size_t)sprintf(text + len, "at: [35, 21.8]");
  PUT(ps2 + strlen("at: [38, 24]"), terrain);
  for (int i = 0; i < woods; i++) {
    double x = 1 + (i % 40) * 0.5, y = 30 + (i / 40) * 0.5;
    len += (size_t)sprintf(text + len, "  - {id: w%d, kind: woods, area: [[%g, %g], [%g, %g], [%g, %g], [%g, %g]]}\n",
                           i, x, y, x + 0.2, y, x + 0.2, y + 0.2, x, y + 0.2);
  }
  PUT(terrain, cp);
  const char *after = strchr(cp, '\n') + 1;
  if (copse) PUT(cp, after);
  PUT(after, src + n);
#undef PUT
  gn_game *g = gn_game_new(NULL);
  assert_non_null(g);
  if (gn_game_load(g, "fire-woods.yaml", text, len) || gn_game_start(g, 1)) fail_msg("%s", gn_errmsg(g));
  free(text);
  ends(g, 4);
  assert_string_equal(gn_game_phase(g), "combat");
  return g;
}

/* ref. VB-B21: the copse hides PS2 from FA however many other woods the
** scenario lists before it (here 300, past any block of features the trace
** might keep), and the rule answers as gn_unit_los does; without the copse
** the same shot is allowed. */
static void fire_behind_many_woods(void **state) {
  (void)state;
  static const int woods[] = {0, 255, 256, 300};
  for (size_t i = 0; i < sizeof woods / sizeof woods[0]; i++) {
    gn_game *g = fire_woods(woods[i], 1);
    gn_los l = gn_unit_los(g, unit(g, "FA"), unit(g, "PS2"));
    gn_feature ft;
    const char *id, *kind;
    assert_int_equal(l.visible, 0);
    assert_int_equal(gn_terrain_get(g, l.feature, &ft, &id, &kind), GN_OK);
    assert_string_equal(id, "copse");
    refused_clean(g, "fire FA at PS2", "VB-B21");
    gn_game_free(g);
    g = fire_woods(woods[i], 0);
    assert_int_equal(gn_unit_los(g, unit(g, "FA"), unit(g, "PS2")).visible, 1);
    assert_int_equal(gn_order_check(g, "fire FA at PS2"), GN_OK);
    gn_game_free(g);
  }
}

/* ref. VB-37, VB-38, VB-39, VB-6: vb-teach-melee, both melees forced to a tie. */
static void teach_melee(void **state) {
  (void)state;
  gn_game *g = teach("melee", 1);
  ok(g, "end");
  ok(g, "charge CU at P1");
  ok(g, "charge LA at PB");
  script(g, 4, 1, 1, 1, 1);                           /* CU, LA, P1, PB test and pass */
  ends(g, 3);
  assert_string_equal(gn_game_phase(g), "combat");
  /* CU 5,1,1 against P1 5,1,1,1: 1 hit each, a tie: CU 6 + 5 = 11 beats P1 1 + 4 + 2 = 7.
  ** LA 1,1 against PB 1: no hits, a tie: LA 3 + 5 = 8 loses to PB 4 + (4 - 1) + 2 = 9
  ** (its grade less 1 for being meleed by cavalry, VB-6, and 2 for its support). */
  script(g, 13, 5, 1, 1, 5, 1, 1, 1, 6, 1, 1, 1, 1, 3);
  script(g, 1, 4);
  ok(g, "end");
  assert_string_equal(gn_game_phase(g), "exhaustion");
  assert_int_equal(count_events(g, "tie", "VB-38"), 4);
  assert_non_null(find(g, "the attacker wins the melee"));
  assert_non_null(find(g, "the defender wins the melee"));
  int stat = 0, supp = 0;
  for (int i = 0; i < gn_event_count(g); i++) {
    const gn_event *e = gn_event_get(g, i);
    if (strcmp(e->kind, "tie")) continue;
    if (named(e, "stationary infantry vs cavalry")) stat = named(e, "stationary infantry vs cavalry")->value;
    if (named(e, "supported artillery")) supp = named(e, "supported artillery")->value;
  }
  assert_int_equal(stat, 2);
  assert_int_equal(supp, 2);
  assert_int_equal(attr(g, "P1", "disorder"), 1);     /* lost the tie */
  assert_int_equal(attr(g, "LA", "disorder"), 1);     /* driven back */
  assert_int_equal(view(g, "PB").removed, 0);         /* supported guns held */
  assert_int_equal(gn_dice_script_left(g), 0);
  gn_game_free(g);
}

/* ref. VB-51, VB-66, VB-67, VB-55, VB-58, VB-60, VB-61, VB-62, VB-63, VB-56, VB-52,
** VB-54: vb-teach-night. */
static void teach_night(void **state) {
  (void)state;
  gn_game *g = teach("night", 1);
  ends(g, 24);                                        /* the 7 p.m. and 8 p.m. turns */
  assert_string_equal(gn_game_phase(g), "night");
  ok(g, "move L1 to 10,12");                          /* away from the enemy */
  refused(g, "move R2 to 20,20", "VB-66");            /* closer, nobody between */
  ok(g, "reassign lefol to iv");
  ok(g, "end");
  assert_string_equal(gn_game_phase(g), "recovery");
  assert_int_equal(sp(g, "PE1"), 2);                  /* 1 + half of 3 */
  assert_int_equal(sp(g, "LA"), -100);                /* ref. VB-56: lost in melee */
  ok(g, "recover L1");                                /* L1 and L2: equal morale, our pick */
  refused(g, "recover PE1", "VB-60");                 /* PE2 has the lower morale */
  ok(g, "merge PE1 into PE2");
  script(g, 1, 5);
  ok(g, "end");
  assert_int_equal(sp(g, "L1"), 5);                   /* 3 + 1 + the pooled point */
  assert_int_equal(sp(g, "L2"), 4);
  assert_int_equal(sp(g, "PE1"), -100);
  assert_int_equal(sp(g, "PE2"), 7);                  /* 3 + 1 + the pooled point + PE1's 2 */
  assert_int_equal(attr(g, "L2", "disorder"), 0);     /* a fresh division's markers go */
  assert_non_null(find(g, "start of day 2: the attacker, French, rolls: d6 -> 5"));
  assert_string_equal(gn_game_clock(g).text, "17 June 1815, 9 a.m.");
  gn_game_free(g);
}

/* ref. VB-13, VB-B14, VB-B4, VB-B2, VB-B20: vb-teach-river (no dice). */
static void teach_river(void **state) {
  (void)state;
  gn_game *g = teach("river", 1);
  ok(g, "end");
  ok(g, "move D1 to 30,18");
  assert_int_equal(attr(g, "D1", "disorder"), 1);
  ok(g, "move M1 to 26,18");
  assert_int_equal(attr(g, "M1", "disorder"), 0);
  assert_non_null(strstr(last(g, "move")->text, "moves 14.00 in from 12.00,18.00 to 26.00,18.00 facing 90.0 (cost 9.33 of 16.00)"));
  refused(g, "move R1 to 28,27", "VB-B4");
  refused(g, "leader HUL to 26,23", "VB-B4");
  ok(g, "leader HUL to 28,16");
  ends(g, 12);
  assert_string_equal(gn_game_phase(g), "movement");
  assert_int_equal(gn_game_active_side(g), 0);
  assert_int_equal(attr(g, "D1", "in_command"), 1);
  assert_int_equal(attr(g, "M1", "in_command"), 1);
  ok(g, "reorder D1");
  assert_int_equal(attr(g, "D1", "disorder"), 0);
  refused(g, "move D1 to 34,18", "VB-B4");
  ok(g, "move D1 to 32,18");
  refused(g, "move M1 to 38.5,18", "VB-B4");
  ok(g, "move M1 to 38,18");
  assert_int_equal(attr(g, "M1", "disorder"), 0);
  assert_int_equal(attr(g, "M1", "move_used"), 1600);
  assert_int_equal(gn_event_count(g) > 0, 1);
  gn_game_free(g);
}

/* The town fight up to the melee: FC into La Haye, F1 charges R2, both test. */
static gn_game *town_to_melee(void) {
  gn_game *g = teach("town", 1);
  ok(g, "end");
  ok(g, "move FC to 12,20");
  assert_int_equal(attr(g, "FC", "disorder"), 1);
  ok(g, "charge F1 at R2");
  assert_int_equal(attr(g, "F1", "disorder"), 1);
  assert_int_equal(count_events(g, "disorder", "VB-14"), 2);
  ends(g, 2);
  script(g, 2, 1, 1);
  ok(g, "end");
  assert_string_equal(gn_game_phase(g), "combat");
  return g;
}

/* ref. VB-14, VB-15, VB-34, VB-35, VB-B9, VB-45, VB-B7, VB-32, VB-42: vb-teach-town. */
static void teach_town(void **state) {
  (void)state;
  gn_game *g = town_to_melee();
  script(g, 9, 5, 1, 1, 1, 5, 6, 1, 1, 1);
  ok(g, "charge F1 at R2");
  assert_non_null(find(g, "F1 (1 stand) meleed R2 (2 stands)"));
  assert_non_null(find(g, "the defender wins the melee"));
  assert_int_equal(attr(g, "F1", "routed"), 1);
  assert_int_equal(sp(g, "F1"), 1);                   /* 2 in the melee, 1 for the rout */
  assert_int_equal(sp(g, "R1"), 2);                   /* the body's loss, to the strongest */
  assert_int_equal(sp(g, "R2"), 2);
  assert_int_equal(attr(g, "FA", "disorder"), 1);     /* the rout passed through it */
  at(g, "R1", 22.5, 19);                              /* the garrison holds */
  at(g, "R2", 26, 18.5);
  script(g, 2, 6, 1);
  script(g, 1, 3);                                    /* R1's town save: 3 fails */
  ok(g, "fire FA at R1");
  assert_int_equal(mod(last(g, "fire"), "VB-B7")->value, 4);
  assert_int_equal(sp(g, "R1"), 1);
  ends(g, 6);
  assert_string_equal(gn_game_phase(g), "combat");
  assert_int_equal(gn_game_active_side(g), 1);
  script(g, 1, 1);
  ok(g, "fire R1 at F3");
  assert_non_null(strstr(last(g, "fire")->text, "1 die,"));
  script(g, 1, 1);
  ok(g, "fire R1 at F2");
  refused(g, "fire R1 at F3", "VB-32");
  ends(g, 3);
  assert_string_equal(gn_game_phase(g), "movement");
  refused(g, "reorder FC", "VB-15");
  assert_int_equal(gn_dice_script_left(g), 0);
  gn_game_free(g);

  g = town_to_melee();
  script(g, 9, 5, 6, 5, 6, 1, 1, 1, 1, 1);
  ok(g, "charge F1 at R2");
  assert_non_null(find(g, "the attacker wins the melee"));
  assert_int_equal(sp(g, "R2"), -100);
  assert_int_equal(sp(g, "R1"), 1);
  assert_int_equal(attr(g, "R1", "disorder"), 1);     /* ejected */
  assert_non_null(mod(last(g, "retreat"), "VB-42"));  /* turned to keep clear of F2 */
  assert_true(gn_unit_distance(g, unit(g, "R1"), unit(g, "F1")) > 5);
  gn_game_free(g);
}

/* ref. VB-41, VB-44, VB-45, VB-50, VB-B9, VB-47, VB-48: vb-teach-retreat. */
static void teach_retreat(void **state) {
  (void)state;
  gn_game *g = teach("retreat", 1);
  ends(g, 3);
  script(g, 6, 1, 1, 1, 1, 1, 1);
  ok(g, "end");
  assert_string_equal(gn_game_phase(g), "combat");
  script(g, 8, 5, 6, 1, 1, 1, 1, 1, 1);
  ok(g, "charge F1 at P1");
  assert_int_equal(sp(g, "P1"), 2);
  assert_int_equal(attr(g, "P1", "disorder"), 1);
  assert_int_equal(attr(g, "P2", "disorder"), 1);     /* VB-44, VB-45 */
  assert_true(view(g, "P1").box.c.y > view(g, "P2").box.c.y + 3 - 1e-6);   /* wholly through it */
  script(g, 8, 5, 6, 1, 1, 1, 1, 1, 1);
  ok(g, "charge F2 at P3");
  assert_int_equal(attr(g, "PK", "disorder"), 0);     /* VB-50 */
  assert_true(gn_unit_distance(g, unit(g, "P3"), unit(g, "PK")) < 1e-6);
  script(g, 8, 5, 6, 1, 1, 1, 1, 1, 1);
  ok(g, "charge F3 at P4");
  assert_int_equal(attr(g, "P4", "routed"), 1);
  assert_int_equal(sp(g, "P4"), 1);                   /* 2 in the melee, 1 for the rout */
  assert_int_equal(attr(g, "P5", "routed"), 1);       /* VB-47 */
  assert_int_equal(sp(g, "P5"), 3);
  assert_true(view(g, "P5").box.c.y > view(g, "P4").box.c.y);   /* ahead of it, VB-48 */
  assert_int_equal(count_events(g, "retreat", "VB-48"), 1);
  gn_unit_view v;
  assert_int_equal(gn_unit_view_get(g, unit(g, "P5"), 0, &v), 0);
  assert_int_equal(v.strength, -1);                   /* the French do not see the roster */
  assert_int_equal(gn_dice_script_left(g), 0);
  gn_game_free(g);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(teach_fire),
    cmocka_unit_test(teach_melee),
    cmocka_unit_test(teach_night),
    cmocka_unit_test(teach_river),
    cmocka_unit_test(teach_town),
    cmocka_unit_test(teach_retreat),
    cmocka_unit_test(refusals_change_nothing),
    cmocka_unit_test(fire_behind_many_woods),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
