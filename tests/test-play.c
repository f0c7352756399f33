/*
** test-play.c: the library side of the table session: the session notes
** kept beside a stored game (gn_store_note, gn_store_notes). What a unit may
** be ordered now is tests/test-actions.c. Public API only.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "grognard.h"

static const char vb_text[] =
  "grognard: 1\nname: play test\nruleset: vb\n"
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

/* ------------------------------------------------------------ the notes */

typedef struct seen { int n; int orders[8]; char kind[8][16], text[8][64]; } seen;

static int collect(void *ud, int orders, const char *kind, const char *text) {
  seen *s = ud;
  if (s->n < 8) {
    s->orders[s->n] = orders;
    snprintf(s->kind[s->n], 16, "%s", kind);
    snprintf(s->text[s->n], 64, "%s", text);
  }
  s->n++;
  return 0;
}

static int stop_at_first(void *ud, int orders, const char *kind, const char *text) {
  (void)orders; (void)kind; (void)text;
  (*(int *)ud)++;
  return 7;
}

/* A store in a temporary directory with one game; the paths are written into
** dir (the directory), db and the game id into id. */
static void make_store(char *dir, char *db, char *id) {
  strcpy(dir, "/tmp/grognard-test-play.XXXXXX");
  assert_non_null(mkdtemp(dir));
  char scn[300], err[256];
  snprintf(scn, sizeof scn, "%s/t.yaml", dir);
  sprintf(db, "%s/g.db", dir);
  FILE *f = fopen(scn, "w");
  assert_non_null(f);
  fputs(vb_text, f);
  fclose(f);
  gn_store *st;
  assert_int_equal(gn_store_open(db, &st, err, sizeof err), GN_OK);
  assert_int_equal(gn_store_create(st, scn, 5, id, 32), GN_OK);
  gn_store_close(st);
}

static void remove_store(const char *dir) {
  char cmd[400];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
  assert_int_equal(system(cmd), 0);
}

/* Notes come back oldest first with their order counts; a store that never
** had a note has none; the game itself still loads and verifies. */
static void notes_round_trip(void **state) {
  (void)state;
  char dir[64], db[128], id[32], err[256];
  make_store(dir, db, id);
  gn_store *ns;
  assert_int_equal(gn_store_open(db, &ns, err, sizeof err), GN_OK);
  seen s = { 0 };
  assert_int_equal(gn_store_notes(ns, id, collect, &s), GN_OK);
  assert_int_equal(s.n, 0);
  assert_int_equal(gn_store_note(ns, id, 0, "dice", "table"), GN_OK);
  assert_int_equal(gn_store_note(ns, id, 3, "view", "french"), GN_OK);
  assert_int_equal(gn_store_note(ns, id, 3, "umpire-undo", "order 4 'fire F1 at A1' (it drew 2 results)"), GN_OK);
  assert_int_equal(gn_store_notes(ns, id, collect, &s), GN_OK);
  assert_int_equal(s.n, 3);
  assert_int_equal(s.orders[0], 0);
  assert_string_equal(s.kind[0], "dice");
  assert_string_equal(s.text[0], "table");
  assert_int_equal(s.orders[1], 3);
  assert_string_equal(s.kind[1], "view");
  assert_string_equal(s.text[1], "french");
  assert_string_equal(s.kind[2], "umpire-undo");
  assert_string_equal(s.text[2], "order 4 'fire F1 at A1' (it drew 2 results)");
  /* the walk stops when the callback says so, and returns its value */
  int calls = 0;
  assert_int_equal(gn_store_notes(ns, id, stop_at_first, &calls), 7);
  assert_int_equal(calls, 1);
  gn_store_close(ns);
  /* the store is still a store of its own schema, and the game replays */
  gn_store *st;
  int checked = -1;
  assert_int_equal(gn_store_open(db, &st, err, sizeof err), GN_OK);
  assert_int_equal(gn_store_verify(st, id, &checked), GN_OK);
  gn_store_close(st);
  remove_store(dir);
}

/* Each game has its own notes; a game that is not there, a file that is not
** there, and bad arguments are refused. */
static void notes_refused(void **state) {
  (void)state;
  char dir[64], db[128], id[32], err[256], missing[160];
  make_store(dir, db, id);
  gn_store *ns, *ro;
  assert_int_equal(gn_store_open(db, &ns, err, sizeof err), GN_OK);
  assert_int_equal(gn_store_note(ns, "g99", 0, "dice", "table"), GN_ENOTFOUND);
  assert_non_null(strstr(gn_store_errmsg(ns), "no game 'g99'"));
  snprintf(missing, sizeof missing, "%s/none.db", dir);
  assert_int_equal(gn_store_open_readonly(missing, &ro, err, sizeof err), GN_ENOTFOUND);
  assert_null(ro);
  assert_int_equal(access(missing, F_OK), -1);   /* not created */
  assert_int_equal(gn_store_note(NULL, id, 0, "dice", "table"), GN_EINVAL);
  assert_int_equal(gn_store_note(ns, id, -1, "dice", "table"), GN_EINVAL);
  assert_int_equal(gn_store_note(ns, id, 0, NULL, "table"), GN_EINVAL);
  assert_int_equal(gn_store_notes(ns, id, NULL, NULL), GN_EINVAL);
  seen s = { 0 };
  assert_int_equal(gn_store_note(ns, id, 1, "undo", "order 1 'end'"), GN_OK);
  assert_int_equal(gn_store_notes(ns, "g99", collect, &s), GN_ENOTFOUND);
  assert_int_equal(s.n, 0);
  gn_store_close(ns);
  /* a store opened for reading gives its notes and takes none */
  assert_int_equal(gn_store_open_readonly(db, &ro, err, sizeof err), GN_OK);
  assert_int_equal(gn_store_note(ro, id, 1, "undo", "order 1 'end'"), GN_ESTORE);
  assert_non_null(strstr(gn_store_errmsg(ro), "opened for reading only"));
  assert_int_equal(gn_store_notes(ro, id, collect, &s), GN_OK);
  assert_int_equal(s.n, 1);
  gn_store_close(ro);
  remove_store(dir);
}

/* ------------------------------------------- what a chance point needs */

/* A table that answers from a list and keeps what each chance point told. */
typedef struct table {
  const int *answers; int nanswers, next;
  int n;
  struct { char purpose[96], need[192]; unsigned visible; int index, count; } asked[16];
} table;

static int answer(void *ud, const gn_chance *c, const char *refusal, int *faces) {
  table *t = ud;
  assert_null(refusal);
  if (t->n < 16) {
    snprintf(t->asked[t->n].purpose, 96, "%s", c->purpose);
    snprintf(t->asked[t->n].need, 192, "%s", c->need ? c->need : "");
    t->asked[t->n].visible = c->visible;
    t->asked[t->n].index = c->index;
    t->asked[t->n].count = c->count;
  }
  t->n++;
  int k = c->kind == GN_CHANCE_CARD ? 1 : c->dice.ndice;
  for (int i = 0; i < k; i++) {
    if (t->next == t->nanswers) return GN_EABORTED;
    faces[i] = t->answers[t->next++];
  }
  return 0;
}

static gn_game *file_game(const char *path) {
  gn_game *g = gn_game_new(NULL);
  assert_non_null(g);
  if (gn_game_load_file(g, path) != 0) fail_msg("%s: %s", path, gn_errmsg(g));
  assert_int_equal(gn_game_start(g, 1), GN_OK);
  return g;
}

/* The last event's text that holds word, or "". */
static const char *last_text(const gn_game *g, const char *word) {
  for (int i = gn_event_count(g) - 1; i >= gn_event_first(g); i--)
    if (strstr(gn_event_get(g, i)->text, word)) return gn_event_get(g, i)->text;
  return "";
}

/* ref. VB-B8: the table is told before the roll what the morale test needs,
** the number the rule then tests the roll against, and only the stand's own
** side may know it (the grade is hidden). */
static void need_vb_morale(void **state) {
  (void)state;
  gn_game *g = file_game("scenarios/vb-teach-fire.yaml");
  for (int i = 0; i < 3; i++) assert_int_equal(gn_order_apply(g, "end"), GN_OK);
  static const int five[] = { 5 };
  table t = { five, 1, 0, 0, {{"", "", 0, 0, 0}} };
  assert_int_equal(gn_dice_use_table(g, answer, &t), GN_OK);
  assert_int_equal(gn_order_apply(g, "end"), GN_OK);
  assert_int_equal(t.n, 1);
  assert_string_equal(t.asked[0].purpose, "morale of P1");
  assert_string_equal(t.asked[0].need, "4 or less to pass (ref. VB-B8)");
  assert_int_equal(t.asked[0].visible, 1u << gn_side_find(g, "prussians"));
  assert_int_equal(t.asked[0].count, 0);
  assert_non_null(strstr(last_text(g, "tests morale"), "rolls 5, needs 4 or less: fails"));
  gn_game_free(g);
}

/* ref. IN-B1, IN-B3: a hand of cards is told card by card as "k of n", with
** the value a number card needs to hit; the morale test after it is told the
** most it may throw (ref. IN-M8), and passes on it. */
static void need_inradic_hand(void **state) {
  (void)state;
  gn_game *g = file_game("scenarios/inradic-skirmish.yaml");
  static const int answers[] = { 48, 47, 46, 10, 1, 10, 1, 1 };   /* 10S 9S 8S; d10+d4 10 1; then d10, d6, d8 */
  table t = { answers, 8, 0, 0, {{"", "", 0, 0, 0}} };
  assert_int_equal(gn_dice_use_table(g, answer, &t), GN_OK);
  assert_int_equal(gn_order_apply(g, "fire GUN at FU"), GN_OK);
  assert_true(t.n >= 4);
  for (int k = 0; k < 3; k++) {
    assert_int_equal(t.asked[k].index, k + 1);
    assert_int_equal(t.asked[k].count, 3);
    assert_string_equal(t.asked[k].need, "each number card of 8 or more hits (beyond half range), an Ace hits, "
                                         "two picture cards stop the weapon (ref. IN-B1, IN-B3)");
  }
  assert_string_equal(t.asked[3].purpose, "morale of FU, trigger IN-M1");
  assert_string_equal(t.asked[3].need, "11 or less to pass (the figures left; ref. IN-M8)");
  assert_int_equal(t.asked[3].count, 0);
  assert_non_null(strstr(last_text(g, "FU morale test"), "modified 11 against 11 figures: passes"));
  gn_game_free(g);
}

/* ref. IN-H2: an Ace among the hits makes a hero check (the skirmish has
** hero_hits), and the table is told what each face of its d6 strikes before
** it rolls. The answers run out after the check: the order is not applied. */
static void need_inradic_hero(void **state) {
  (void)state;
  gn_game *g = file_game("scenarios/inradic-skirmish.yaml");
  static const int answers[] = { 39, 47, 46, 3 };   /* AS 9S 8S; the hero check's d6 */
  table t = { answers, 4, 0, 0, {{"", "", 0, 0, 0}} };
  assert_int_equal(gn_dice_use_table(g, answer, &t), GN_OK);
  assert_int_not_equal(gn_order_apply(g, "fire GUN at FU"), GN_OK);
  int k = 3;
  while (k < t.n && k < 16 && !strstr(t.asked[k].purpose, "hero")) k++;
  assert_true(k < t.n && k < 16);
  assert_non_null(strstr(t.asked[k].need, "that figure falls if the target has one"));
  assert_non_null(strstr(t.asked[k].need, "ref. IN-H2"));
  gn_game_free(g);
}

/* ref. BA-B7: the fire's 3d6 is told the lowest total that costs the target
** a loss, Table 12 read with the loss factors; a total one below it costs
** nothing. */
static void need_ba_fire(void **state) {
  (void)state;
  gn_game *g = file_game("scenarios/ba-teach-supplies.yaml");
  static const int dice[] = { 1, 2, 4 };   /* 7: one below the 8 the table is told */
  table t = { dice, 3, 0, 0, {{"", "", 0, 0, 0}} };
  assert_int_equal(gn_order_apply(g, "fire 4L at PR"), GN_OK);
  assert_int_equal(gn_dice_use_table(g, answer, &t), GN_OK);
  assert_int_equal(gn_order_apply(g, "end"), GN_OK);
  assert_true(t.n >= 1);
  assert_string_equal(t.asked[0].need, "a loss at a total of 8 or more (Table 12 with the loss factors, ref. BA-B7)");
  assert_non_null(strstr(last_text(g, "fires at PR"), "3d6 = 7"));
  for (int i = gn_event_count(g) - 1; i >= 0; i--)
    if (strstr(gn_event_get(g, i)->text, "fires at PR")) { assert_int_equal(gn_event_get(g, i)->total, 0); break; }
  gn_game_free(g);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(notes_round_trip),
    cmocka_unit_test(notes_refused),
    cmocka_unit_test(need_vb_morale),
    cmocka_unit_test(need_inradic_hand),
    cmocka_unit_test(need_inradic_hero),
    cmocka_unit_test(need_ba_fire),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
