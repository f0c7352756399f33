/*
** test-ai-plans.c: formations following the plans the scenario gives them
** (ai/plan.c; docs/scenario.md, "Plans"), in each ruleset: a task changing
** at its turn or, where the ruleset keeps a time of day, at its time; a
** screen standing back and never charging; a retire falling back, by its
** trigger or when the formation is broken. Each game is scripted: side 0's
** commander plays against a passive enemy, and the test reads where its
** stands went and which orders it gave.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "grognard.h"

#define MAXT 16

/* What side 0 did, turn by turn. */
typedef struct watch {
  int unit;               /* the stand watched */
  int turns;              /* turns played */
  gn_vec2 at[MAXT];       /* where it stood after its side's last orders of each turn */
  double gap[MAXT];       /* then its distance, edge to edge, from the enemy stand named */
  int minute[MAXT];       /* each turn's time by the clock (gn_game_minute) */
  char orders[MAXT][2048];/* side 0's orders of each turn, one a line */
} watch;

static int recorded(void *ud, gn_game *g, const char *order) {
  watch *w = ud;
  int t = gn_game_turn(g);
  if (t >= 0 && t < MAXT) {
    size_t l = strlen(w->orders[t]);
    snprintf(w->orders[t] + l, sizeof w->orders[t] - l, "%s\n", order);
  }
  return gn_order_apply(g, order);
}

static gn_game *game(const char *text) {
  gn_game *g = gn_game_new(NULL);
  assert_non_null(g);
  if (gn_game_load(g, "t.yaml", text, strlen(text))) fail_msg("load: %s", gn_errmsg(g));
  for (int f = 0; f < gn_formation_count(g); f++) {
    char why[256];
    if (gn_formation_plan_check(g, f, why, sizeof why)) fail_msg("plan: %s", why);
  }
  assert_int_equal(gn_game_start(g, 1), 0);
  return g;
}

/* Side 0's commander plays `turns` turns of text against a passive side 1,
** after `before` (NULL: none) has played the game's first moves; the place
** of stand `unit` and its distance from stand `enemy` are kept. */
static void play_after(const char *text, void (*before)(gn_game *g), int turns, const char *unit, const char *enemy,
                       watch *w) {
  gn_game *g = game(text);
  if (before) before(g);
  memset(w, 0, sizeof *w);
  w->unit = gn_unit_find(g, unit);
  int e = gn_unit_find(g, enemy);
  assert_true(w->unit >= 0 && e >= 0);
  gn_ai *ai = gn_ai_new(g, 0, NULL);
  assert_non_null(ai);
  int guard = 0;
  while (!gn_game_over(g) && gn_game_turn(g) <= turns && gn_game_turn(g) < MAXT && guard++ < 10000) {
    int t = gn_game_turn(g), side = gn_game_active_side(g);
    w->minute[t] = gn_game_minute(g);
    if (side == 0 || side == -1) {
      assert_true(gn_ai_play(ai, g, recorded, w) >= 0);
      gn_unit_view v;
      assert_int_equal(gn_unit_view_get(g, w->unit, 0, &v), 0);
      w->at[t] = v.box.c;
      w->gap[t] = gn_unit_distance(g, w->unit, e);
      w->turns = t;
    }
    if (!gn_game_over(g)) assert_int_equal(gn_order_apply(g, "end"), 0);
  }
  gn_ai_free(ai);
  gn_game_free(g);
  if (getenv("PLANS_DEBUG"))   /* PLANS_DEBUG=1: each turn's time, place, gap and orders, to read a failure */
    for (int t = 1; t <= w->turns; t++)
      fprintf(stderr, "turn %d min %d at %.2f,%.2f gap %.2f\n%s", t, w->minute[t], w->at[t].x, w->at[t].y,
              w->gap[t], w->orders[t]);
}

static void play(const char *text, int turns, const char *unit, const char *enemy, watch *w) {
  play_after(text, NULL, turns, unit, enemy, w);
}

static double dist(gn_vec2 a, double x, double y) { return hypot(a.x - x, a.y - y); }

/* Lines of text that begin with prefix. */
static int count_lines(const char *text, const char *prefix) {
  int n = 0;
  for (const char *p = text; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL)
    n += !strncmp(p, prefix, strlen(prefix));
  return n;
}

/* Orders of any turn that begin with prefix. */
static int count_all(const watch *w, const char *prefix) {
  int n = 0;
  for (int t = 0; t < MAXT; t++) n += count_lines(w->orders[t], prefix);
  return n;
}

/* ------------------------------------------------------------ V&B */

static const char VB[] =
  "grognard: 1\nname: plan\nruleset: vb\ntable: {width: 48, height: 36}\n"
  "date: {year: 1815, month: 6, day: 18, hour: %d}\nturns: 8\n"
  "options: {open_rosters: true}\n"
  "sides:\n  - {id: french, name: French}\n  - {id: prussians, name: Prussians}\n"
  "formations:\n"
  "  - {id: d1, name: 1st Division, echelon: division, side: french, leader: fl,\n"
  "     plan: \"%s\"}\n"
  "  - {id: iv, name: IV Corps, echelon: corps, side: prussians, leader: bulow}\n"
  "units:\n"
  "  - {id: fl, side: french, formation: d1, type: leader_division, at: [20, 6], facing: 0, strength: 0}\n"
  "  - {id: f1, side: french, formation: d1, type: infantry_brigade, at: [20, 8], facing: 0, strength: 5, attrs: {morale: 4}}\n"
  "%s"
  "  - {id: bulow, side: prussians, formation: iv, type: leader_corps, at: [20, 34], facing: 180, strength: 0}\n"
  "  - {id: p1, side: prussians, formation: iv, type: infantry_brigade, at: [20, %d], facing: 180, strength: 3, attrs: {morale: 3}}\n";

static void vb_text(char *buf, size_t n, int hour, const char *plan, const char *more, int enemy_y) {
  snprintf(buf, n, VB, hour, plan, more, enemy_y);
}

/* "hold 20,8 until 4 p.m.; attack from 4 p.m.": the brigade stands at its
** place while the clock reads before 4 p.m. and goes for the enemy at the
** turn of 4 p.m.: turn 4 when the battle begins at 1 p.m., turn 3 when it
** begins at 2 p.m. (a V&B turn is an hour). The clock, not the turn,
** decides. */
static void vb_task_changes_at_its_time(void **state) {
  (void)state;
  for (int hour = 13; hour <= 14; hour++) {
    char text[4096];
    watch w;
    vb_text(text, sizeof text, hour, "hold 20,8 until 4 p.m.; attack from 4 p.m.", "", 26);
    play(text, 5, "f1", "p1", &w);
    int change = 16 - hour + 1;
    for (int t = 1; t < change; t++) {
      assert_true(w.minute[t] < 16 * 60);
      if (dist(w.at[t], 20, 8) > 48.0 / 20) fail_msg("start %d h, turn %d: f1 left its place", hour, t);
    }
    assert_int_equal(w.minute[change], 16 * 60);
    if (!(w.at[change].y > w.at[change - 1].y + 3))
      fail_msg("start %d h: at 4 p.m. (turn %d) f1 went from y %g to %g", hour, change,
               w.at[change - 1].y, w.at[change].y);
    assert_true(count_lines(w.orders[change], "move f1 ") + count_lines(w.orders[change], "charge f1 ") >= 1);
  }
}

/* "screen 20,24", a place 2 in short of the enemy: the brigade goes
** forward, stands two and a half times as far back from the enemy as it
** would otherwise (a V&B infantry stand closes to 1 in), and never charges;
** "take 20,24" on the same table charges. */
static void vb_screen(void **state) {
  (void)state;
  char text[4096];
  watch w;
  vb_text(text, sizeof text, 13, "screen 20,24", "", 27);
  play(text, 5, "f1", "p1", &w);
  assert_int_equal(count_all(&w, "charge "), 0);
  assert_true(w.gap[5] < 8);                             /* it went forward to screen */
  for (int t = 1; t <= 5; t++)
    if (w.gap[t] < 2.4) fail_msg("turn %d: the screen stood %g in from the enemy", t, w.gap[t]);
  vb_text(text, sizeof text, 13, "take 20,24", "", 27);
  play(text, 5, "f1", "p1", &w);
  assert_true(count_all(&w, "charge f1 at p1") >= 1);
}

/* "hold 20,16 until turn 3; retire 20,2 from turn 3": from turn 3 the
** brigade falls back towards its place, never charging; "retire when
** broken" is taken at once by a division one of whose two brigades is
** routed (half its strength lost, as its side counts it). */
static void vb_retire(void **state) {
  (void)state;
  char text[4096];
  watch w;
  vb_text(text, sizeof text, 13, "hold 20,16 until turn 3; retire 20,2 from turn 3", "", 30);
  play(text, 5, "f1", "p1", &w);
  assert_true(w.at[2].y > 13);                           /* it went to hold 20,16 */
  assert_true(w.at[3].y < w.at[2].y - 2);                /* and from turn 3 falls back */
  assert_true(w.at[5].y < w.at[3].y || dist(w.at[5], 20, 2) <= 48.0 / 20);
  assert_int_equal(count_all(&w, "charge "), 0);
  vb_text(text, sizeof text, 13, "attack; retire 20,2 when broken",
          "  - {id: f2, side: french, formation: d1, type: infantry_brigade, at: [24, 8], facing: 0, strength: 5, attrs: {morale: 4, routed: true}}\n",
          18);
  play(text, 3, "f1", "p1", &w);
  assert_int_equal(count_all(&w, "charge "), 0);
  assert_true(w.at[3].y < 8 - 2);                        /* away from the enemy, towards 20,2 */
}

/* ------------------------------------------------------------ Belle Alliance */

static const char BA[] =
  "grognard: 1\nname: plan\nruleset: ba\ntable: {width: 240, height: 180}\n"
  "date: {year: 1815, month: 6, day: 18, hour: %d}\nturns: %d\n"
  "sides:\n  - {id: french, name: French}\n  - {id: british, name: British}\n"
  "formations:\n"
  "  - {id: fd, name: French division, echelon: division, side: french, plan: \"%s\"}\n"
  "  - {id: bd, name: British division, echelon: division, side: british}\n"
  "%s"
  "units:\n"
  "  - {id: f1, side: french, formation: fd, type: infantry, at: [120, 40], facing: 0, strength: 30, attrs: {valour: 1}}\n"
  "%s"
  "  - {id: b1, side: british, formation: bd, type: infantry, at: [120, %d], facing: 180, strength: 30, attrs: {valour: 1}}\n";

static void ba_text(char *buf, size_t n, int turns, const char *plan, const char *terrain, const char *more,
                    int enemy_y) {
  snprintf(buf, n, BA, 13, turns, plan, terrain, more, enemy_y);
}

/* "hold 120,40 until 13:20; attack from 13:20": a bound is 5 minutes
** (BA-B19), so from 1 p.m. the battalion stands until bound 5 and then goes
** for the enemy; written "1:30 p.m." it goes at bound 7. */
static void ba_task_changes_at_its_time(void **state) {
  (void)state;
  static const struct { const char *time; int minute, bound; } at[] = {
    {"13:20", 13 * 60 + 20, 5}, {"1:30 p.m.", 13 * 60 + 30, 7},
  };
  for (size_t i = 0; i < sizeof at / sizeof at[0]; i++) {
    char text[4096], plan[128];
    watch w;
    snprintf(plan, sizeof plan, "hold 120,40 until %s; attack from %s", at[i].time, at[i].time);
    ba_text(text, sizeof text, 12, plan, "", "", 140);
    play(text, at[i].bound + 2, "f1", "b1", &w);
    int change = at[i].bound;
    for (int t = 1; t < change; t++) {
      assert_true(w.minute[t] < at[i].minute);
      if (dist(w.at[t], 120, 40) > 240.0 / 20) fail_msg("bound %d: f1 left its place", t);
    }
    assert_int_equal(w.minute[change], at[i].minute);
    assert_int_equal(count_lines(w.orders[change - 1], "move f1 "), 0);
    assert_int_equal(count_lines(w.orders[change], "move f1 "), 1);
    if (!(w.at[change + 1].y > w.at[change - 1].y + 5))
      fail_msg("at %s (bound %d) f1 went from y %g to %g", at[i].time, change, w.at[change - 1].y,
               w.at[change + 1].y);
  }
}

/* "march 180,80 by road": a road runs from near the battalion east, then
** north to the place. The battalion takes march formation and keeps to the
** road until it is there, then holds it. */
static void ba_march_by_road(void **state) {
  (void)state;
  char text[4096];
  watch w;
  ba_text(text, sizeof text, 20, "march 180,80 by road; hold 180,80",
          "terrain:\n  - {id: road, kind: road, line: [[120, 30], [180, 30], [180, 80]]}\n", "", 170);
  gn_game *g = game(text);
  int f1 = gn_unit_find(g, "f1");
  gn_ai *ai = gn_ai_new(g, 0, NULL);
  assert_non_null(ai);
  memset(&w, 0, sizeof w);
  int marched = 0, there = 0;
  for (int b = 0; b < 16 && !gn_game_over(g); b++) {
    assert_true(gn_ai_play(ai, g, recorded, &w) >= 0);
    gn_unit_view v;
    assert_int_equal(gn_unit_view_get(g, f1, 0, &v), 0);
    double dx = v.box.c.x - 180, dy = v.box.c.y - 80;
    if (sqrt(dx * dx + dy * dy) > 240.0 / 20) {
      double off = fabs(v.box.c.y - 30) < fabs(v.box.c.x - 180) ? fabs(v.box.c.y - 30) : fabs(v.box.c.x - 180);
      if (v.box.c.x > 125) {                   /* once on the road: on it */
        if (off > 0.5) fail_msg("bound %d: f1 at %g,%g, %g off the road", b + 1, v.box.c.x, v.box.c.y, off);
        marched++;
      }
    } else there = 1;
    if (!gn_game_over(g)) assert_int_equal(gn_order_apply(g, "end"), 0);
  }
  assert_true(marched >= 4);
  assert_true(there);
  /* in march formation from the first bound until there, then back in line */
  assert_int_equal(strncmp(w.orders[1], "formation f1 march\n", 19), 0);
  assert_int_equal(count_all(&w, "formation f1 march"), 1);
  gn_ai_free(ai);
  gn_game_free(g);
}

/* "screen 120,130", a place 10 cm short of the enemy: the battalion goes
** forward, stands two and a half times as far back as it would otherwise
** (12 cm for infantry), never attacks; "take 120,130" attacks. */
static void ba_screen(void **state) {
  (void)state;
  char text[4096];
  watch w;
  ba_text(text, sizeof text, 12, "screen 120,130", "", "", 140);
  play(text, 10, "f1", "b1", &w);
  assert_int_equal(count_all(&w, "attack "), 0);
  assert_true(w.gap[10] < 60);                            /* it went forward to screen */
  for (int t = 1; t <= 10; t++)
    if (w.gap[t] < 25) fail_msg("bound %d: the screen stood %g cm from the enemy", t, w.gap[t]);
  ba_text(text, sizeof text, 12, "take 120,80", "", "", 90);
  play(text, 6, "f1", "b1", &w);
  assert_true(count_all(&w, "attack f1 b1") >= 1);
}

/* Retire from a bound, then when broken (half the division in full
** disorder, as its side sees it). */
static void ba_retire(void **state) {
  (void)state;
  char text[4096];
  watch w;
  ba_text(text, sizeof text, 12, "hold 120,80 until 13:15; retire 120,10 from 13:15", "", "", 170);
  play(text, 8, "f1", "b1", &w);
  assert_true(w.at[3].y > 55);                            /* it went to hold 120,80 */
  assert_true(w.at[8].y < w.at[4].y - 10);                /* and from bound 4 falls back */
  assert_int_equal(count_all(&w, "attack "), 0);
  ba_text(text, sizeof text, 12, "attack; retire 120,10 when broken", "",
          "  - {id: f2, side: french, formation: fd, type: infantry, at: [160, 40], facing: 0, strength: 30, attrs: {valour: 1, disorder: FD}}\n",
          100);
  play(text, 6, "f1", "b1", &w);
  assert_int_equal(count_all(&w, "attack "), 0);
  assert_true(w.at[6].y < 40 - 10);                       /* away from the enemy, towards 120,10 */
}

/* ------------------------------------------------------------ Inradic */

static const char IN[] =
  "grognard: 1\nname: plan\nruleset: inradic\ntable: {width: 48, height: 36}\n"
  "date: {year: 1791, month: 5, day: 4, hour: 10}\nturns: 10\n"
  "sides:\n  - {id: red, name: Redland}\n  - {id: blue, name: Blueland}\n"
  "formations:\n"
  "  - {id: rc, name: Red company, echelon: brigade, side: red, plan: \"%s\"}\n"
  "  - {id: bc, name: Blue company, echelon: brigade, side: blue}\n"
  "units:\n"
  "  - {id: r1, side: red, formation: rc, type: foot, at: [24, 6], facing: 0, strength: 10, attrs: {quality: trained, weapon: musket, nco: 1}}\n"
  "%s"
  "  - {id: b1, side: blue, formation: bc, type: foot, at: [24, %d], facing: 180, strength: 6, attrs: {quality: militia, weapon: musket}}\n";

static void in_text(char *buf, size_t n, const char *plan, const char *more, int enemy_y) {
  snprintf(buf, n, IN, plan, more, enemy_y);
}

/* "hold 24,6 until turn 3; attack from turn 3": Inradic turns have no time
** of day, so its plans go by turn. The company stands at its place for two
** turns and goes for the enemy from turn 3. */
static void inradic_task_changes_at_its_turn(void **state) {
  (void)state;
  char text[4096];
  watch w;
  in_text(text, sizeof text, "hold 24,6 until turn 3; attack from turn 3", "", 30);
  play(text, 4, "r1", "b1", &w);
  for (int t = 1; t < 3; t++) {
    assert_int_equal(w.minute[t], -1);
    if (dist(w.at[t], 24, 6) > 48.0 / 20) fail_msg("turn %d: r1 left its place", t);
  }
  if (!(w.at[3].y > w.at[2].y + 3)) fail_msg("turn 3: r1 went from y %g to %g", w.at[2].y, w.at[3].y);
}

/* "screen 24,30", a place 4 in short of the enemy: the company goes
** forward, stands two and a half times as far back as it would otherwise
** (20 in, past the enemy's musket), never charges; "take 24,30" closes to
** 8 in. */
static void inradic_screen(void **state) {
  (void)state;
  char text[4096];
  watch w;
  in_text(text, sizeof text, "screen 24,30", "", 34);
  play(text, 5, "r1", "b1", &w);
  assert_int_equal(count_all(&w, "charge "), 0);
  assert_true(w.gap[5] < 23);
  for (int t = 1; t <= 5; t++)
    if (w.gap[t] < 19) fail_msg("turn %d: the screen stood %g in from the enemy", t, w.gap[t]);
  in_text(text, sizeof text, "take 24,30", "", 34);
  play(text, 5, "r1", "b1", &w);
  double nearest = 1e9;
  for (int t = 1; t <= w.turns; t++) nearest = w.gap[t] < nearest ? w.gap[t] : nearest;
  assert_true(nearest <= 8.5);                           /* a take closes to 8 in and fires */
}

/* Red passes its first turn; blue's b2 shoots the militia r2 down by two
** figures and it fails its morale test (9 + 1 > 8) and routs: half of the
** company's twenty figures are then in a routing unit, as red sees it. */
static void rout_r2(gn_game *g) {
  static const int script[] = { 5, 6, 1, 2, 9 };   /* cards 6, 7, 2, 3 of the first suit; the d10 */
  assert_int_equal(gn_order_apply(g, "end"), 0);
  assert_int_equal(gn_dice_script(g, script, 5), 0);
  if (gn_order_apply(g, "fire b2 at r2")) fail_msg("fire b2 at r2: %s", gn_errmsg(g));
  int status = -1;
  assert_int_equal(gn_unit_attr(g, gn_unit_find(g, "r2"), GN_UMPIRE, "status", &status), 0);
  assert_int_equal(status, 1);                             /* routing */
  assert_int_equal(gn_dice_use_rng(g), 0);                 /* the game's own dice from here */
  assert_int_equal(gn_order_apply(g, "end"), 0);
}

/* "hold 24,14 until turn 3; retire 24,2 from turn 3"; and "attack; retire
** 24,2 when broken", taken by a company half of whose figures rout: r1 falls
** back instead of going for the enemy (which it does while r2 stands). */
static void inradic_retire(void **state) {
  (void)state;
  char text[4096];
  watch w;
  in_text(text, sizeof text, "hold 24,14 until turn 3; retire 24,2 from turn 3", "", 34);
  play(text, 5, "r1", "b1", &w);
  assert_true(w.at[2].y > 11);
  assert_true(w.at[4].y < w.at[2].y - 3);
  assert_int_equal(count_all(&w, "charge "), 0);
  const char *more =
    "  - {id: r2, side: red, formation: rc, type: foot, at: [8, 12], facing: 0, strength: 10, attrs: {quality: militia, weapon: musket}}\n"
    "  - {id: b2, side: blue, formation: bc, type: foot, at: [8, 18], facing: 180, strength: 10, attrs: {quality: trained, weapon: musket}}\n";
  in_text(text, sizeof text, "attack; retire 24,2 when broken", more, 30);
  play_after(text, rout_r2, 4, "r1", "b1", &w);
  assert_int_equal(count_all(&w, "charge "), 0);
  for (int t = 2; t <= w.turns; t++)
    if (w.at[t].y > 6 + 0.5) fail_msg("turn %d: r1 went forward to y %g", t, w.at[t].y);
  assert_true(dist(w.at[w.turns], 24, 2) <= 48.0 / 20);    /* it fell back to 24,2 */
  play(text, 4, "r1", "b1", &w);                            /* r2 standing: r1 attacks */
  assert_true(w.at[w.turns].y > 6 + 3);
}

/* A time where the ruleset keeps none, and times the reader does not know,
** are refused with the forms a trigger takes. */
static void clock_trigger_errors(void **state) {
  (void)state;
  char text[4096], why[512];
  in_text(text, sizeof text, "attack from 7 p.m.", "", 30);
  gn_game *g = gn_game_new(NULL);
  assert_int_equal(gn_game_load(g, "t.yaml", text, strlen(text)), 0);
  assert_int_equal(gn_formation_plan_check(g, 0, why, sizeof why), GN_ESCENARIO);
  if (!strstr(why, "expected 'turn N' after 'from' (ruleset 'inradic' keeps no time of day: its plans go by "
              "turn, as 'from turn 4')"))
    fail_msg("%s", why);
  gn_game_free(g);
  static const char *const bad[][2] = {
    {"attack from half past 7", "after 'from' expected 'turn N' or a time of day ('from 7 p.m.', "
                              "'from 7:30 a.m.', 'from 19:00', 'from day 2, 7 a.m.' or 'from 19 June 1815, 5 p.m.')"},
    {"hold 20,8 until 25:00", "'25:00' is not a time of day"},
    {"hold 20,8 until 17 June 1815, 5 p.m.", "is not a day of the battle"},
    {"hold 20,8 from 5 p.m. until 4 p.m.", "ends before it begins"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    vb_text(text, sizeof text, 13, bad[i][0], "", 26);
    g = gn_game_new(NULL);
    assert_int_equal(gn_game_load(g, "t.yaml", text, strlen(text)), 0);
    assert_int_equal(gn_formation_plan_check(g, 0, why, sizeof why), GN_ESCENARIO);
    if (!strstr(why, bad[i][1]) || !strstr(why, "formation 'd1': plan:")) fail_msg("'%s': %s", bad[i][0], why);
    gn_game_free(g);
  }
  static const char *const good[] = {
    "hold 20,8 until 4 p.m.; attack from 4 p.m.", "attack at day 2, 7 a.m.", "attack from 19 June 1815, 9 a.m.",
    "hold 20,8 from 14:00 until 18 Jun 1815, 5 p.m.", "attack from 3 p.m. 20,20",
  };
  for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
    vb_text(text, sizeof text, 13, good[i], "", 26);
    g = gn_game_new(NULL);
    assert_int_equal(gn_game_load(g, "t.yaml", text, strlen(text)), 0);
    if (gn_formation_plan_check(g, 0, why, sizeof why)) fail_msg("'%s': %s", good[i], why);
    gn_game_free(g);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(vb_task_changes_at_its_time),
    cmocka_unit_test(vb_screen),
    cmocka_unit_test(vb_retire),
    cmocka_unit_test(ba_task_changes_at_its_time),
    cmocka_unit_test(ba_march_by_road),
    cmocka_unit_test(ba_screen),
    cmocka_unit_test(ba_retire),
    cmocka_unit_test(inradic_task_changes_at_its_turn),
    cmocka_unit_test(inradic_screen),
    cmocka_unit_test(inradic_retire),
    cmocka_unit_test(clock_trigger_errors),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
