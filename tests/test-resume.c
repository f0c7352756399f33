/*
** test-resume.c: a game resumed from a store snapshot plays on exactly like
** the game replayed from the start (design decision 9, store snapshots).
**
** Each golden game (tests/golden/NAME.orders on scenarios/NAME.yaml, the three
** rulesets) is played through the store, with a snapshot every few orders.
** After every order the game is dropped and resumed from the store
** (gn_store_resume), and the next order is given to the resumed game, so
** that each order is played once on a state read from a snapshot or replayed
** from one. After each, the state hash, the event count and every event held
** in memory (JSON and text) must be those of the same orders played in memory,
** and the store's event log must stay numbered without a gap. At the end a
** full load gives the whole log of the game in memory, and verify passes.
** The same for the first orders of an AI battle on every bundled scenario.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "grognard.h"
#include "sqlite-helpers.h"

#define GOLDEN "tests/golden"
#define MAXORDERS 512

typedef struct golden {
  unsigned long long seed;
  int n;
  char *order[MAXORDERS];
} golden;

/* Reads tests/golden/NAME.orders: the seed and the orders. */
static void golden_read(const char *name, golden *gd)
{
  char path[256], line[512];
  snprintf(path, sizeof path, GOLDEN "/%s.orders", name);
  FILE *f = fopen(path, "r");
  if (!f) fail_msg("%s is missing (run from the repository root)", path);
  memset(gd, 0, sizeof *gd);
  if (!fgets(line, sizeof line, f) || sscanf(line, "# seed %llu", &gd->seed) != 1)
    fail_msg("%s: the first line must be '# seed N'", path);
  while (fgets(line, sizeof line, f)) {
    line[strcspn(line, "\r\n")] = 0;
    if (!line[0] || line[0] == '#') continue;
    if (gd->n == MAXORDERS) fail_msg("%s: more than %d orders", path, MAXORDERS);
    gd->order[gd->n++] = strdup(line);
  }
  fclose(f);
  assert_true(gd->n > 0);
}

static void golden_free(golden *gd)
{
  for (int i = 0; i < gd->n; i++) free(gd->order[i]);
}

/* Events [gn_event_first(a), count) of a are those of b, byte for byte. */
static void same_events(const gn_game *a, const gn_game *b, const char *what)
{
  for (int i = gn_event_first(a); i < gn_event_count(a); i++) {
    char *x = gn_event_json(a, i), *y = gn_event_json(b, i);
    char *s = gn_event_text(a, i), *t = gn_event_text(b, i);
    if (!x || !y || strcmp(x, y)) fail_msg("%s: event %d: %s / %s", what, i, x ? x : "NULL", y ? y : "NULL");
    if (!s || !t || strcmp(s, t)) fail_msg("%s: event %d: %s / %s", what, i, s ? s : "NULL", t ? t : "NULL");
    assert_int_equal(gn_event_visible(a, i, 0), gn_event_visible(b, i, 0));
    assert_int_equal(gn_event_visible(a, i, 1), gn_event_visible(b, i, 1));
    gn_string_free(x); gn_string_free(y); gn_string_free(s); gn_string_free(t);
  }
}

/* Plays gd's orders on scenario file scen through the store with a snapshot
** every `every` orders, resuming after each order; compares with the game in
** memory. */
static void resume_orders(const char *name, const char *scen, const golden *gdp, int every)
{
  const golden gd = *gdp;
  char dir[64], db[128], id[32], what[160];
  snprintf(dir, sizeof dir, "/tmp/gn-resume-XXXXXX");
  if (!mkdtemp(dir)) fail_msg("mkdtemp");
  snprintf(db, sizeof db, "%s/t.db", dir);

  /* the game in memory, and its hash and event count after each order */
  static uint64_t hash[MAXORDERS + 1];
  static int nev[MAXORDERS + 1], shown[MAXORDERS + 1];
  gn_game *m = gn_game_new(NULL);
  if (gn_game_load_file(m, scen)) fail_msg("%s: %s", scen, gn_errmsg(m));
  assert_int_equal(gn_game_start(m, gd.seed), 0);
  hash[0] = gn_game_hash(m);
  nev[0] = gn_event_count(m);
  shown[0] = 0;
  for (int i = 0; i < gd.n; i++) {
    if (gn_order_apply(m, gd.order[i])) fail_msg("%s: '%s': %s", name, gd.order[i], gn_errmsg(m));
    hash[i + 1] = gn_game_hash(m);
    nev[i + 1] = gn_event_count(m);
    shown[i + 1] = shown_start(m);
  }

  gn_store *st = NULL;
  char err[256];
  if (gn_store_open(db, &st, err, sizeof err)) fail_msg("gn_store_open: %s", err);
  assert_int_equal(gn_store_snapshot_every(st, every), 0);
  if (gn_store_create(st, scen, gd.seed, id, sizeof id)) fail_msg("create: %s", gn_store_errmsg(st));
  gn_game *g = NULL;
  int resumed_from_snapshot = 0;
  for (int i = 0; i <= gd.n; i++) {
    snprintf(what, sizeof what, "%s (snapshot every %d), resumed after order %d", name, every, i);
    if (gn_store_resume(st, id, &g)) fail_msg("%s: %s", what, gn_store_errmsg(st));
    resumed_from_snapshot += gn_event_first(g) > 0;
    if (gn_game_hash(g) != hash[i]) fail_msg("%s: hash differs", what);
    assert_int_equal(gn_game_order_count(g), i);
    assert_int_equal(gn_event_count(g), nev[i]);
    assert_true(gn_event_first(g) <= nev[i]);
    if (gn_event_first(g) > shown[i])   /* the last two phases held, however it was loaded */
      fail_msg("%s: events from %d held, the last two phases start at %d", what, gn_event_first(g), shown[i]);
    assert_null(gn_event_get(g, gn_event_first(g) - 1));
    assert_null(gn_event_get(g, nev[i]));
    for (int k = 0; k < i; k++) {
      assert_string_equal(gn_game_order_text(g, k), gn_game_order_text(m, k));
      assert_int_equal(gn_game_order_chances(g, k), gn_game_order_chances(m, k));
    }
    if (i == gd.n) break;
    snprintf(what, sizeof what, "%s (snapshot every %d), order %d '%s' after a resume", name,
             every, i + 1, gd.order[i]);
    if (gn_store_order(st, id, g, gd.order[i])) fail_msg("%s: %s", what, gn_store_errmsg(st));
    if (gn_game_hash(g) != hash[i + 1]) fail_msg("%s: hash differs", what);
    assert_int_equal(gn_event_count(g), nev[i + 1]);
    same_events(g, m, what);
    gn_game_free(g);
    g = NULL;
  }
  if (gd.n >= 4 * every) assert_true(resumed_from_snapshot > 0);
  assert_int_equal(gn_game_over(g), gn_game_over(m));
  assert_int_equal(gn_game_turn(g), gn_game_turn(m));
  same_events(g, m, name);
  gn_game_free(g);

  /* the store's log: numbered from 0 without a gap, the game's own */
  assert_int_equal(raw_int(db, "SELECT count(*) FROM events"), nev[gd.n]);
  assert_int_equal(raw_int(db, "SELECT max(idx) + 1 FROM events"), nev[gd.n]);
  assert_true(raw_int(db, "SELECT count(*) FROM snapshots") >= gd.n / every);
  gn_game *l = NULL;
  if (gn_store_load(st, id, &l)) fail_msg("load: %s", gn_store_errmsg(st));
  assert_int_equal(gn_event_first(l), 0);
  assert_int_equal(gn_event_count(l), nev[gd.n]);
  same_events(l, m, name);
  gn_game_free(l);
  int checked = -1;
  if (gn_store_verify(st, id, &checked)) fail_msg("verify: %s", gn_store_errmsg(st));
  assert_int_equal(checked, gd.n);

  gn_store_close(st);
  gn_game_free(m);
  const char *ext[] = { "t.db", "t.db-wal", "t.db-shm" };
  for (size_t i = 0; i < sizeof ext / sizeof ext[0]; i++) {
    char p[160];
    snprintf(p, sizeof p, "%s/%s", dir, ext[i]);
    unlink(p);
  }
  rmdir(dir);
}

/* Golden game NAME. */
static void resume_all(const char *name, int every)
{
  golden gd;
  char scen[256];
  golden_read(name, &gd);
  snprintf(scen, sizeof scen, "scenarios/%s.yaml", name);
  resume_orders(name, scen, &gd, every);
  golden_free(&gd);
}

static void vb_plancenoit(void **state) { (void)state; resume_all("vb-plancenoit", 7); resume_all("vb-plancenoit", 1); }
static void ba_hougoumont(void **state) { (void)state; resume_all("ba-hougoumont", 7); resume_all("ba-hougoumont", 1); }
static void inradic_skirmish(void **state) { (void)state; resume_all("inradic-skirmish", 7); resume_all("inradic-skirmish", 1); }

/* on_order: the orders of an AI battle, as given. */
static void note_order(void *ud, const gn_game *g, const char *order, int first_event)
{
  golden *gd = ud;
  (void)g; (void)first_event;
  if (gd->n < MAXORDERS) gd->order[gd->n++] = strdup(order);
}

/* Every bundled scenario: the first orders of a battle the AI plays on it (all
** its verbs and phases that come up, nights and recoveries included), through
** the store with a snapshot every 5 orders, resumed after each. */
static void ai_battles(void **state)
{
  (void)state;
  DIR *d = opendir("scenarios");
  if (!d) fail_msg("scenarios/ is missing (run from the repository root)");
  struct dirent *de;
  int played = 0;
  while ((de = readdir(d))) {
    size_t len = strlen(de->d_name);
    if (len < 6 || strcmp(de->d_name + len - 5, ".yaml")) continue;
    char scen[300];
    snprintf(scen, sizeof scen, "scenarios/%s", de->d_name);
    golden gd;
    memset(&gd, 0, sizeof gd);
    gd.seed = 11;
    gn_game *g = gn_game_new(NULL);
    if (gn_game_load_file(g, scen)) fail_msg("%s: %s", scen, gn_errmsg(g));
    assert_int_equal(gn_game_start(g, gd.seed), 0);
    gn_battle_opts o;
    memset(&o, 0, sizeof o);
    o.max_orders = MAXORDERS;
    o.on_order = note_order;
    o.ud = &gd;
    gn_battle_result r;
    int rc = gn_battle_run(g, &o, &r);
    if (rc && rc != GN_ELIMIT) fail_msg("%s: battle: %s", scen, gn_strerror(rc));
    gn_battle_result_free(&r);
    gn_game_free(g);
    assert_true(gd.n > 0);
    resume_orders(de->d_name, scen, &gd, 5);
    golden_free(&gd);
    played++;
  }
  closedir(d);
  assert_true(played >= 3);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(vb_plancenoit),
    cmocka_unit_test(ba_hougoumont),
    cmocka_unit_test(inradic_skirmish),
    cmocka_unit_test(ai_battles),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
