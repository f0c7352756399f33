/*
** test-store.c: the SQLite game store (design decision 9): round trips,
** undo, verify, schema versions, atomic orders, kill -9 in the middle of
** play, determinism of the event log.
**
** The tests play a small V&B scenario written below; the store's file is
** edited with the raw SQLite API where a test needs a damaged or foreign file.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <fcntl.h>
#include <signal.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "grognard.h"
#include "sqlite-helpers.h"

static const char scenario[] =
  "grognard: 1\n"
  "name: Store test\n"
  "ruleset: vb\n"
  "table: {width: 48, height: 36, unit: in}\n"
  "date: {year: 1815, month: 6, day: 18, hour: 9}\n"
  "turns: 1000\n"
  "options: {days: 9}\n"
  "sides:\n"
  "  - {id: french, name: French}\n"
  "  - {id: allied, name: Allied}\n"
  "formations:\n"
  "  - {id: fdiv, echelon: division, side: french, leader: fl}\n"
  "  - {id: adiv, echelon: division, side: allied, leader: al}\n"
  "units:\n"
  "  - {id: fl, code: FL, formation: fdiv, type: leader_division, at: [10, 6], strength: 0}\n"
  "  - {id: f1, code: F1, formation: fdiv, type: infantry_brigade, at: [10, 10], strength: 4}\n"
  "  - {id: f2, code: F2, formation: fdiv, type: infantry_brigade, at: [16, 10], strength: 4}\n"
  "  - {id: al, code: AL, formation: adiv, type: leader_division, at: [10, 30], facing: 180,"
  " strength: 0}\n"
  "  - {id: a1, code: A1, formation: adiv, type: infantry_brigade, at: [10, 16], facing: 180,"
  " strength: 4}\n"
  "  - {id: a2, code: A2, formation: adiv, type: infantry_brigade, at: [16, 26], facing: 180,"
  " strength: 4}\n";

/* The first turn, that most tests play (or the start of it): a move, a fire
** each way (dice), and "end" to end each phase of each side. */
static const char *const orders[] = {
  "end", "move F1 to 10,12", "end", "end", "end", "fire F1 at A1", "end",
  "end", "end", "end", "end", "end", "fire A1 at F1", "end", "end",
};
#define NORDERS ((int)(sizeof orders / sizeof orders[0]))

/* The i-th order of a long game: the first turn, then "end" until the end of
** the ninth day (about a thousand orders). */
static const char *order_at(int i)
{
  return i < NORDERS ? orders[i] : "end";
}

typedef struct fx {
  char dir[64], db[96], scn[96];
} fx;

static int setup(void **state)
{
  fx *f = calloc(1, sizeof *f);
  if (!f) return -1;
  snprintf(f->dir, sizeof f->dir, "/tmp/gn-store-XXXXXX");
  if (!mkdtemp(f->dir)) { free(f); return -1; }
  snprintf(f->db, sizeof f->db, "%s/t.db", f->dir);
  snprintf(f->scn, sizeof f->scn, "%s/t.yaml", f->dir);
  FILE *o = fopen(f->scn, "w");
  if (!o) { free(f); return -1; }
  fputs(scenario, o);
  fclose(o);
  *state = f;
  return 0;
}

static int teardown(void **state)
{
  fx *f = *state;
  const char *ext[] = { "t.db", "t.db-wal", "t.db-shm", "t.yaml", "bad.yaml", "plain.db" };
  for (size_t i = 0; i < sizeof ext / sizeof ext[0]; i++) {
    char p[128];
    snprintf(p, sizeof p, "%s/%s", f->dir, ext[i]);
    unlink(p);
  }
  rmdir(f->dir);
  free(f);
  return 0;
}

/* ------------------------------------------------------------- helpers */

static gn_store *open_ok(const fx *f)
{
  gn_store *st = NULL;
  char err[256];
  int rc = gn_store_open(f->db, &st, err, sizeof err);
  if (rc) fail_msg("gn_store_open: %s", err);
  assert_non_null(st);
  return st;
}

/* A new game in the store, with seed 7. */
static void create_ok(gn_store *st, const fx *f, char id[32])
{
  int rc = gn_store_create(st, f->scn, 7, id, 32);
  if (rc) fail_msg("gn_store_create: %s", gn_store_errmsg(st));
}

static gn_game *load_ok(gn_store *st, const char *id)
{
  gn_game *g = NULL;
  int rc = gn_store_load(st, id, &g);
  if (rc) fail_msg("gn_store_load %s: %s", id, gn_store_errmsg(st));
  assert_non_null(g);
  return g;
}

static void order_ok(gn_store *st, const char *id, gn_game *g, const char *text)
{
  int rc = gn_store_order(st, id, g, text);
  if (rc) fail_msg("gn_store_order '%s': %s", text, gn_store_errmsg(st));
}

/* A new game in the store (create_ok) with its first n orders played
** through it. */
static void stored_game(gn_store *st, const fx *f, char id[32], int n)
{
  create_ok(st, f, id);
  gn_game *g = load_ok(st, id);
  for (int i = 0; i < n; i++)
    order_ok(st, id, g, order_at(i));
  gn_game_free(g);
}

/* The events a resume of game 'g1' must start its log at, the game being m:
** those of the newest snapshot taken before its last two phases began, 0
** when there is none. */
static int resume_first(const fx *f, const gn_game *m)
{
  char sql[160];
  snprintf(sql, sizeof sql, "SELECT coalesce(max(events), 0) FROM snapshots WHERE game = 'g1' AND events <= %d",
           shown_start(m));
  return (int)raw_int(f->db, sql);
}

/* The same game in memory only, after n orders. */
static gn_game *memory_game(int n)
{
  gn_game *g = gn_game_new(NULL);
  assert_non_null(g);
  if (gn_game_load(g, "t.yaml", scenario, strlen(scenario)))
    fail_msg("gn_game_load: %s", gn_errmsg(g));
  assert_int_equal(gn_game_start(g, 7), 0);
  for (int i = 0; i < n; i++)
    if (gn_order_apply(g, order_at(i)))
      fail_msg("order %d '%s': %s", i + 1, order_at(i), gn_errmsg(g));
  return g;
}

/* PRAGMA integrity_check's first line. */
static void integrity_ok(const char *db)
{
  sqlite3 *d;
  sqlite3_stmt *s;
  assert_int_equal(sqlite3_open(db, &d), SQLITE_OK);
  assert_int_equal(sqlite3_prepare_v2(d, "PRAGMA integrity_check", -1, &s, NULL), SQLITE_OK);
  assert_int_equal(sqlite3_step(s), SQLITE_ROW);
  assert_string_equal((const char *)sqlite3_column_text(s, 0), "ok");
  sqlite3_finalize(s);
  sqlite3_close(d);
}

/* Every event of a and b, as JSON, byte for byte. */
static void same_log(const gn_game *a, const gn_game *b)
{
  assert_int_equal(gn_event_count(a), gn_event_count(b));
  for (int i = 0; i < gn_event_count(a); i++) {
    char *x = gn_event_json(a, i), *y = gn_event_json(b, i);
    assert_non_null(x);
    assert_non_null(y);
    assert_string_equal(x, y);
    gn_string_free(x);
    gn_string_free(y);
  }
}

/* --------------------------------------------------------------- tests */

/* Create, play, close, reopen, load: the same game. */
#define ROUNDTRIP 40
static void round_trip(void **state)
{
  fx *f = *state;
  char id[32];
  gn_store *st = open_ok(f);
  create_ok(st, f, id);
  assert_string_equal(id, "g1");
  gn_game *g = load_ok(st, id);
  assert_int_equal(gn_game_order_count(g), 0);
  for (int i = 0; i < ROUNDTRIP; i++)
    order_ok(st, id, g, order_at(i));
  uint64_t h = gn_game_hash(g);
  int nev = gn_event_count(g);
  gn_game_free(g);
  gn_store_close(st);

  st = open_ok(f);
  g = load_ok(st, id);
  assert_int_equal(gn_game_order_count(g), ROUNDTRIP);
  assert_int_equal(gn_game_hash(g), h);
  assert_int_equal(gn_event_count(g), nev);
  assert_string_equal(gn_game_order_text(g, 0), orders[0]);
  /* the same as the game played in memory only */
  gn_game *m = memory_game(ROUNDTRIP);
  assert_int_equal(gn_game_hash(m), h);
  same_log(g, m);
  /* the file is in WAL mode with schema version 2 */
  gn_game_free(m);
  gn_game_free(g);
  gn_store_close(st);
  assert_int_equal(raw_int(f->db, "PRAGMA user_version"), 2);
  assert_int_equal(raw_int(f->db, "SELECT count(*) FROM orders"), ROUNDTRIP);
  assert_int_equal(raw_int(f->db, "SELECT count(*) FROM events"), nev);
  sqlite3 *d;
  sqlite3_stmt *s;
  assert_int_equal(sqlite3_open(f->db, &d), SQLITE_OK);
  assert_int_equal(sqlite3_prepare_v2(d, "PRAGMA journal_mode", -1, &s, NULL), SQLITE_OK);
  assert_int_equal(sqlite3_step(s), SQLITE_ROW);
  assert_string_equal((const char *)sqlite3_column_text(s, 0), "wal");
  sqlite3_finalize(s);
  sqlite3_close(d);
}

/* The events table holds each event's JSON, as the replayed game gives it. */
static void events_stored(void **state)
{
  fx *f = *state;
  char id[32];
  gn_store *st = open_ok(f);
  create_ok(st, f, id);
  gn_game *g = load_ok(st, id);
  for (int i = 0; i < NORDERS; i++)
    order_ok(st, id, g, orders[i]);
  gn_store_close(st);
  sqlite3 *d;
  sqlite3_stmt *s;
  int n = 0;
  assert_int_equal(sqlite3_open(f->db, &d), SQLITE_OK);
  assert_int_equal(sqlite3_prepare_v2(d, "SELECT seq, idx, json FROM events WHERE game = 'g1'"
                                      " ORDER BY idx", -1, &s, NULL), SQLITE_OK);
  while (sqlite3_step(s) == SQLITE_ROW) {
    int idx = sqlite3_column_int(s, 1);
    const gn_event *e = gn_event_get(g, idx);
    char *want = gn_event_json(g, idx);
    assert_int_equal(idx, n);
    assert_non_null(e);
    assert_int_equal(sqlite3_column_int(s, 0), e->order + 1);
    assert_string_equal((const char *)sqlite3_column_text(s, 2), want);
    gn_string_free(want);
    n++;
  }
  assert_int_equal(n, gn_event_count(g));
  sqlite3_finalize(s);
  sqlite3_close(d);
  gn_game_free(g);
}

/* Undo: the game equals the one with one order less; then play on. */
static void undo(void **state)
{
  fx *f = *state;
  char id[32];
  gn_store *st = open_ok(f);
  stored_game(st, f, id, 5);
  gn_game *g;
  assert_int_equal(gn_store_undo(st, id, GN_UMPIRE), 0);
  g = load_ok(st, id);
  gn_game *m = memory_game(4);
  assert_int_equal(gn_game_order_count(g), 4);
  assert_int_equal(gn_game_hash(g), gn_game_hash(m));
  same_log(g, m);
  /* undo down to nothing, then one more is refused */
  for (int i = 0; i < 4; i++) assert_int_equal(gn_store_undo(st, id, GN_UMPIRE), 0);
  assert_int_equal(gn_store_undo(st, id, GN_UMPIRE), GN_ESTATE);
  assert_non_null(strstr(gn_store_errmsg(st), "no orders to undo"));
  gn_game_free(g);
  g = load_ok(st, id);
  gn_game_free(m);
  m = memory_game(0);
  assert_int_equal(gn_game_hash(g), gn_game_hash(m));
  /* and play goes on from there */
  order_ok(st, id, g, orders[0]);
  assert_int_equal(gn_store_verify(st, id, NULL), 0);
  gn_game_free(m);
  gn_game_free(g);
  gn_store_close(st);
  assert_int_equal(raw_int(f->db, "SELECT count(*) FROM orders"), 1);
}

/* Verify passes on a sound game and names the first order whose recorded
** hash differs. */
static void verify(void **state)
{
  fx *f = *state;
  char id[32];
  int n = -1;
  gn_store *st = open_ok(f);
  stored_game(st, f, id, 6);
  gn_game *g;
  assert_int_equal(gn_store_verify(st, id, &n), 0);
  assert_int_equal(n, 6);

  raw_sql(f->db, "UPDATE orders SET hash = '0123456789abcdef' WHERE game = 'g1' AND seq = 4");
  assert_int_equal(gn_store_verify(st, id, &n), GN_EDIVERGED);
  assert_int_equal(n, 3);
  assert_non_null(strstr(gn_store_errmsg(st), "order 4"));
  assert_non_null(strstr(gn_store_errmsg(st), "0123456789abcdef"));
  /* load checks the last hash only: the game still loads ... */
  g = load_ok(st, id);
  gn_game_free(g);
  /* ... unless the last one is wrong */
  raw_sql(f->db, "UPDATE orders SET hash = 'ffffffffffffffff' WHERE game = 'g1' AND seq = 6");
  assert_int_equal(gn_store_load(st, id, &g), GN_EDIVERGED);
  assert_null(g);
  /* an order that no longer applies */
  raw_sql(f->db, "UPDATE orders SET text = 'juggle everything' WHERE game = 'g1' AND seq = 2");
  assert_int_equal(gn_store_load(st, id, &g), GN_EDIVERGED);
  assert_non_null(strstr(gn_store_errmsg(st), "order 2 'juggle everything' no longer applies"));
  /* a changed start is caught before any order */
  raw_sql(f->db, "UPDATE games SET start_hash = '0000000000000000'");
  assert_int_equal(gn_store_verify(st, id, &n), GN_EDIVERGED);
  assert_int_equal(n, 0);
  assert_non_null(strstr(gn_store_errmsg(st), "diverged at the start"));
  /* a scenario text that no longer loads, with the loader's diagnostics */
  raw_sql(f->db, "UPDATE games SET scenario_text = 'grognard: 1' || char(10) || 'name: x'");
  assert_int_equal(gn_store_load(st, id, &g), GN_ECORRUPT);
  assert_non_null(strstr(gn_store_errmsg(st), "game g1: its scenario no longer loads: "));
  /* the diagnostics name the copy in the store, not the file it came from */
  assert_non_null(strstr(gn_store_errmsg(st), "[game g1: its stored copy of "));
  assert_non_null(strstr(gn_store_errmsg(st), "t.yaml]:"));
  gn_store_close(st);
}

/* A file of another schema version is refused, naming both versions, and
** left as it was. */
static void schema_version(void **state)
{
  fx *f = *state;
  char err[256];
  gn_store *st = open_ok(f);
  gn_store_close(st);
  raw_sql(f->db, "PRAGMA user_version = 3");
  st = (gn_store *)1;
  assert_int_equal(gn_store_open(f->db, &st, err, sizeof err), GN_EVERSION);
  assert_null(st);
  assert_non_null(strstr(err, "schema version 3"));
  assert_non_null(strstr(err, "newer"));
  assert_non_null(strstr(err, "reads schema version 2"));
  assert_int_equal(raw_int(f->db, "PRAGMA user_version"), 3);
  raw_sql(f->db, "PRAGMA user_version = 1");
  assert_int_equal(gn_store_open(f->db, &st, err, sizeof err), GN_EVERSION);
  assert_non_null(strstr(err, "schema version 1 was written by an older grognard"));
  assert_non_null(strstr(err, "reads schema version 2"));

  /* an SQLite file that is no store: tables but version 0 */
  char plain[128];
  snprintf(plain, sizeof plain, "%s/plain.db", f->dir);
  raw_sql(plain, "CREATE TABLE t (x)");
  assert_int_equal(gn_store_open(plain, &st, err, sizeof err), GN_EVERSION);
  assert_non_null(strstr(err, "schema version 0"));
  assert_non_null(strstr(err, "reads schema version 2"));

  /* a file that is not SQLite at all */
  FILE *o = fopen(plain, "w");
  assert_non_null(o);
  fputs("this is not a database, not even a little bit; it is plain text.\n", o);
  fclose(o);
  assert_int_equal(gn_store_open(plain, &st, err, sizeof err), GN_ESTORE);
  assert_null(st);
  assert_non_null(strstr(err, plain));
}

/* A refused order changes neither the game nor the file; so does a failed
** commit (an SQLite trigger refuses the row after the order was applied). */
static void atomic_orders(void **state)
{
  fx *f = *state;
  char id[32];
  gn_store *st = open_ok(f);
  create_ok(st, f, id);
  gn_game *g = load_ok(st, id);
  order_ok(st, id, g, orders[0]);
  uint64_t h = gn_game_hash(g);
  int nev = gn_event_count(g);

  assert_int_equal(gn_store_order(st, id, g, "juggle everything"), GN_ESYNTAX);
  assert_non_null(strstr(gn_store_errmsg(st), "unknown order 'juggle'"));
  assert_int_equal(gn_game_hash(g), h);
  assert_int_equal(gn_game_order_count(g), 1);
  assert_int_equal(raw_int(f->db, "SELECT count(*) FROM orders"), 1);

  raw_sql(f->db, "CREATE TRIGGER no_orders BEFORE INSERT ON orders"
                 " BEGIN SELECT RAISE(ABORT, 'disk says no'); END");
  assert_int_equal(gn_store_order(st, id, g, orders[1]), GN_ESTORE);
  assert_non_null(strstr(gn_store_errmsg(st), "disk says no"));
  assert_int_equal(gn_game_hash(g), h);
  assert_int_equal(gn_game_order_count(g), 1);
  assert_int_equal(gn_event_count(g), nev);
  assert_int_equal(raw_int(f->db, "SELECT count(*) FROM orders"), 1);
  assert_int_equal(raw_int(f->db, "SELECT count(*) FROM events WHERE seq = 2"), 0);

  raw_sql(f->db, "DROP TRIGGER no_orders");
  order_ok(st, id, g, orders[1]);
  gn_game *m = memory_game(2);
  assert_int_equal(gn_game_hash(g), gn_game_hash(m));
  same_log(g, m);
  assert_int_equal(gn_store_verify(st, id, NULL), 0);
  gn_game_free(m);
  gn_game_free(g);
  gn_store_close(st);
}

/* A game loaded before someone else played on is refused, not forked. */
static void stale_game(void **state)
{
  fx *f = *state;
  char id[32];
  gn_store *st = open_ok(f);
  create_ok(st, f, id);
  gn_game *a = load_ok(st, id), *b = load_ok(st, id);
  order_ok(st, id, a, orders[0]);
  assert_int_equal(gn_store_order(st, id, b, orders[0]), GN_ESTATE);
  assert_non_null(strstr(gn_store_errmsg(st), "1 orders stored, 0 here"));
  assert_int_equal(raw_int(f->db, "SELECT count(*) FROM orders"), 1);
  gn_game_free(a);
  gn_game_free(b);
  gn_store_close(st);
}

/* Ids count up from g1; list gives the newest first; unknown ids and bad
** scenarios are clear errors. */
static int collect(void *ud, const char *id, const char *scenario_name, int n)
{
  char *buf = ud;
  size_t len = strlen(buf);
  snprintf(buf + len, 256 - len, "%s:%s:%d;", id, scenario_name, n);
  return 0;
}

static int stop_at_first(void *ud, const char *id, const char *scenario_name, int n)
{
  (void)id; (void)scenario_name; (void)n;
  ++*(int *)ud;
  return 42;
}

static void ids_and_errors(void **state)
{
  fx *f = *state;
  char id[32], buf[256] = "";
  gn_store *st = open_ok(f);
  gn_game *g = NULL;
  create_ok(st, f, id);
  assert_string_equal(id, "g1");
  create_ok(st, f, id);
  assert_string_equal(id, "g2");
  g = load_ok(st, "g1");
  order_ok(st, "g1", g, orders[0]);
  gn_game_free(g);
  assert_int_equal(gn_store_list(st, collect, buf), 0);
  assert_string_equal(buf, "g2:Store test:0;g1:Store test:1;");
  int calls = 0;
  assert_int_equal(gn_store_list(st, stop_at_first, &calls), 42);
  assert_int_equal(calls, 1);

  g = (gn_game *)1;
  assert_int_equal(gn_store_load(st, "g9", &g), GN_ENOTFOUND);
  assert_null(g);
  char want[160];
  snprintf(want, sizeof want, "no game 'g9' in %s", f->db);
  assert_string_equal(gn_store_errmsg(st), want);
  assert_int_equal(gn_store_undo(st, "g9", GN_UMPIRE), GN_ENOTFOUND);
  assert_int_equal(gn_store_verify(st, "g9", NULL), GN_ENOTFOUND);

  char bad[128];
  snprintf(bad, sizeof bad, "%s/bad.yaml", f->dir);
  FILE *o = fopen(bad, "w");
  assert_non_null(o);
  fputs("grognard: 1\nname: Bad\nruleset: vb\ntable: {width: 48, height: 36}\n"
        "date: {year: 1815, month: 6, day: 18, hour: 9}\nturns: 5\n"
        "sides: [{id: a}, {id: b}]\nunits:\n"
        "  - {id: u1, side: a, type: infnatry, at: [1, 1], strength: 4}\n", o);
  fclose(o);
  assert_int_equal(gn_store_create(st, bad, 1, id, sizeof id), GN_ESCENARIO);
  assert_string_equal(id, "");
  snprintf(want, sizeof want, "%s:9:", bad);
  assert_non_null(strstr(gn_store_errmsg(st), want));
  assert_non_null(strstr(gn_store_errmsg(st), "infnatry"));
  assert_int_equal(raw_int(f->db, "SELECT count(*) FROM games"), 2);
  gn_store_close(st);
}

/* Orders with dice given by a script are stored with their tape and replay
** to the same game; the game's generator stream is untouched by them. */
/* Snapshots: every so many orders the state is stored; resuming starts from
** the newest and replays the rest, the generator included; verify compares
** each snapshot with the replay; undo drops the snapshots after the order
** undone; a damaged snapshot is passed over. */
static void snapshots(void **state)
{
  fx *f = *state;
  char id[32];
  gn_store *st = open_ok(f);
  assert_int_equal(gn_store_snapshot_every(st, -1), GN_EINVAL);
  assert_int_equal(gn_store_snapshot_every(st, 3), 0);
  stored_game(st, f, id, 4);
  gn_game *g;
  assert_int_equal(raw_int(f->db, "SELECT count(*) FROM snapshots"), 1);
  assert_int_equal(raw_int(f->db, "SELECT seq FROM snapshots"), 3);

  /* resumed after order 4: the state and the orders of the game, the events
  ** from the newest snapshot's before the last two phases began on (there is
  ** none yet: the move of the phase before is held) */
  gn_game *m = memory_game(4);
  assert_int_equal(gn_store_resume(st, id, &g), 0);
  assert_int_equal(gn_game_hash(g), gn_game_hash(m));
  assert_int_equal(gn_game_order_count(g), 4);
  assert_string_equal(gn_game_order_text(g, 1), "move F1 to 10,12");
  long long first = resume_first(f, m);
  assert_int_equal(gn_event_first(g), first);
  assert_true(gn_event_first(g) <= shown_start(m));
  assert_int_equal(gn_event_count(g), gn_event_count(m));
  assert_null(gn_event_get(g, (int)first - 1));
  assert_null(gn_event_get(g, -2147483647 - 1));      /* no overflow below the first */
  assert_null(gn_event_get(g, gn_event_count(g)));
  assert_int_equal(gn_event_visible(g, (int)first - 1, GN_UMPIRE), 0);
  for (int i = (int)first; i < gn_event_count(m); i++) {
    char *x = gn_event_json(g, i), *y = gn_event_json(m, i);
    assert_string_equal(x, y);
    gn_string_free(x);
    gn_string_free(y);
  }
  gn_game_free(m);

  /* played on from there (both fires draw from the restored generator): the
  ** game of the orders played in memory, event for event */
  for (int i = 4; i < NORDERS; i++)
    order_ok(st, id, g, order_at(i));
  m = memory_game(NORDERS);
  assert_int_equal(gn_game_hash(g), gn_game_hash(m));
  gn_game_free(g);
  g = load_ok(st, id);
  same_log(g, m);
  gn_game_free(g);
  assert_int_equal(raw_int(f->db, "SELECT max(idx) + 1 - count(*) FROM events"), 0);
  assert_int_equal(raw_int(f->db, "SELECT count(*) FROM snapshots"), NORDERS / 3);
  int n = -1;
  assert_int_equal(gn_store_verify(st, id, &n), 0);
  assert_int_equal(n, NORDERS);
  assert_int_equal(gn_store_resume(st, id, &g), 0);
  assert_int_equal(gn_event_first(g), resume_first(f, m));
  assert_true(gn_event_first(g) > 0);                 /* from a snapshot */
  assert_true(gn_event_first(g) <= shown_start(m));
  assert_int_equal(gn_game_hash(g), gn_game_hash(m));
  gn_game_free(g);
  gn_game_free(m);

  /* undo drops the snapshot after the order undone */
  assert_int_equal(gn_store_undo(st, id, GN_UMPIRE), 0);
  assert_int_equal(raw_int(f->db, "SELECT max(seq) FROM snapshots"), NORDERS - 3);
  m = memory_game(NORDERS - 1);
  assert_int_equal(gn_store_resume(st, id, &g), 0);
  assert_int_equal(gn_game_hash(g), gn_game_hash(m));
  gn_game_free(g);

  /* a damaged snapshot (one byte of a unit changed; then cut short) is passed
  ** over by resume, and named by verify */
  char sql[256];
  snprintf(sql, sizeof sql, "UPDATE snapshots SET state = substr(state, 1, 900) || x'7f' ||"
           " substr(state, 902) WHERE seq = %d", NORDERS - 3);
  raw_sql(f->db, sql);
  snprintf(sql, sizeof sql, "SELECT events FROM snapshots WHERE seq = %d", NORDERS - 3);
  int damaged = (int)raw_int(f->db, sql), want = resume_first(f, m);
  for (int k = 0; k < 2; k++) {
    assert_int_equal(gn_store_resume(st, id, &g), 0);
    assert_int_equal(gn_game_hash(g), gn_game_hash(m));
    assert_int_equal(gn_event_first(g), want == damaged ? 0 : want);   /* passed over: from the start */
    gn_game_free(g);
    assert_int_equal(gn_store_verify(st, id, &n), GN_EDIVERGED);
    snprintf(sql, sizeof sql, "the snapshot after order %d", NORDERS - 3);
    assert_non_null(strstr(gn_store_errmsg(st), sql));
    raw_sql(f->db, "UPDATE snapshots SET state = x'00' WHERE seq = (SELECT max(seq) FROM snapshots)");
  }
  gn_game_free(m);

  /* none at all when asked */
  assert_int_equal(gn_store_snapshot_every(st, 0), 0);
  stored_game(st, f, id, 7);
  assert_int_equal(raw_int(f->db, "SELECT count(*) FROM snapshots WHERE game = 'g2'"), 0);
  gn_store_close(st);
}

/* Resumes game id and checks it is the game m of memory, its events from
** gn_event_first on included; expect_first: the first event held (-1: any). */
static void resume_same(gn_store *st, const char *id, const gn_game *m, int expect_first)
{
  gn_game *g = NULL;
  if (gn_store_resume(st, id, &g)) fail_msg("gn_store_resume: %s", gn_store_errmsg(st));
  assert_int_equal(gn_game_hash(g), gn_game_hash(m));
  assert_int_equal(gn_game_order_count(g), gn_game_order_count(m));
  assert_int_equal(gn_event_count(g), gn_event_count(m));
  if (expect_first >= 0) assert_int_equal(gn_event_first(g), expect_first);
  for (int i = gn_event_first(g); i < gn_event_count(g); i++) {
    char *x = gn_event_json(g, i), *y = gn_event_json(m, i);
    assert_string_equal(x, y);
    gn_string_free(x);
    gn_string_free(y);
  }
  gn_game_free(g);
}

/* The orders of the game the damage is done to: its last two phases begin
** after the snapshot after order 6, so that a resume starts from it. */
#define DAMAGE_N 10

/* Damaged, foreign or misplaced snapshots (edited in the file with SQL): a
** resume never crashes and never gives another game; it passes the snapshot
** over and replays from the start. Layout (src/snapshot.c): the unit count at
** byte 8, the first card of the first deck at 348, the first unit at 1192. */
static void snapshot_damage(void **state)
{
  fx *f = *state;
  char id[32], id2[32], sql[512];
  gn_store *st = open_ok(f);
  assert_int_equal(gn_store_snapshot_every(st, 3), 0);
  stored_game(st, f, id, DAMAGE_N);
  gn_game *g;
  /* another game of the same scenario, another seed: same counts, other state */
  if (gn_store_create(st, f->scn, 8, id2, sizeof id2)) fail_msg("%s", gn_store_errmsg(st));
  g = load_ok(st, id2);
  for (int i = 0; i < DAMAGE_N; i++)
    order_ok(st, id2, g, order_at(i));
  gn_game_free(g);
  gn_game *m = memory_game(DAMAGE_N);
  int first = (int)raw_int(f->db, "SELECT events FROM snapshots WHERE game = 'g1' AND seq = 6");
  assert_true(first > 0);
  assert_int_equal(resume_first(f, m), first);   /* the snapshot a resume starts from */
  resume_same(st, id, m, first);
  raw_sql(f->db, "CREATE TABLE keep AS SELECT * FROM snapshots WHERE game = 'g1' AND seq = 6");

  static const char *const damage[] = {
    /* the snapshot of the other game after the same order */
    "UPDATE snapshots SET state = (SELECT state FROM snapshots WHERE game = 'g2' AND seq = 6)"
    " WHERE game = 'g1' AND seq = 6",
    /* one byte of a unit's attributes changed */
    "UPDATE snapshots SET state = substr(state, 1, 1300) || x'09' || substr(state, 1302)"
    " WHERE game = 'g1' AND seq = 6",
    /* the first unit's x not a number */
    "UPDATE snapshots SET state = substr(state, 1, 1192) || x'000000000000f87f' ||"
    " substr(state, 1201) WHERE game = 'g1' AND seq = 6",
    /* a card out of range; a deck of -1 cards */
    "UPDATE snapshots SET state = substr(state, 1, 348) || x'40000000' || substr(state, 353)"
    " WHERE game = 'g1' AND seq = 6",
    "UPDATE snapshots SET state = substr(state, 1, 344) || x'ffffffff' || substr(state, 349)"
    " WHERE game = 'g1' AND seq = 6",
    /* the wrong count of units; a byte too many; cut short; empty; not a blob */
    "UPDATE snapshots SET state = substr(state, 1, 8) || x'07000000' || substr(state, 13)"
    " WHERE game = 'g1' AND seq = 6",
    "UPDATE snapshots SET state = state || x'00' WHERE game = 'g1' AND seq = 6",
    "UPDATE snapshots SET state = substr(state, 1, 40) WHERE game = 'g1' AND seq = 6",
    "UPDATE snapshots SET state = x'' WHERE game = 'g1' AND seq = 6",
    "UPDATE snapshots SET state = 'GNSNAP01' WHERE game = 'g1' AND seq = 6",
    /* the count of events before it wrong, either way */
    "UPDATE snapshots SET events = events - 2 WHERE game = 'g1' AND seq = 6",
    "UPDATE snapshots SET events = events + 2 WHERE game = 'g1' AND seq = 6",
    "UPDATE snapshots SET events = -5 WHERE game = 'g1' AND seq = 6",
    /* after an order the game does not have */
    "UPDATE snapshots SET seq = 99 WHERE game = 'g1' AND seq = 6",
  };
  for (size_t k = 0; k < sizeof damage / sizeof damage[0]; k++) {
    raw_sql(f->db, damage[k]);
    resume_same(st, id, m, -1);
    int n = -1;
    assert_int_equal(gn_store_verify(st, id, &n), GN_EDIVERGED);
    assert_non_null(strstr(gn_store_errmsg(st), "snapshot after order"));
    /* whatever was passed over, the game plays on with its log numbered
    ** without a gap, and is the game of memory */
    g = NULL;
    assert_int_equal(gn_store_resume(st, id, &g), 0);
    order_ok(st, id, g, order_at(DAMAGE_N));
    gn_game *m8 = memory_game(DAMAGE_N + 1);
    assert_int_equal(gn_game_hash(g), gn_game_hash(m8));
    gn_game_free(g);
    assert_int_equal(raw_int(f->db, "SELECT max(idx) + 1 - count(*) FROM events WHERE game = 'g1'"), 0);
    g = load_ok(st, id);
    same_log(g, m8);
    gn_game_free(g);
    gn_game_free(m8);
    assert_int_equal(gn_store_undo(st, id, GN_UMPIRE), 0);
    snprintf(sql, sizeof sql, "DELETE FROM snapshots WHERE game = 'g1' AND seq >= 6;"
             " INSERT INTO snapshots SELECT * FROM keep");
    raw_sql(f->db, sql);
    resume_same(st, id, m, first);
  }

  /* a game whose ruleset data changed since it was created (its recorded data
  ** hash is not the data's now) is replayed from the start, as load does, so
  ** that an order that no longer replays is reported, not played on */
  raw_sql(f->db, "UPDATE games SET data_hash = '0123456789abcdef' WHERE id = 'g1'");
  resume_same(st, id, m, 0);
  gn_game_free(m);
  gn_store_close(st);
}

static void scripted_dice(void **state)
{
  fx *f = *state;
  char id[32];
  gn_store *st = open_ok(f);
  create_ok(st, f, id);
  gn_game *g = load_ok(st, id);
  int faces[64];
  for (int i = 0; i < 64; i++) faces[i] = 1 + (i * 5) % 6;
  for (int i = 0; i < NORDERS; i++) {
    assert_int_equal(gn_dice_script(g, faces, 64), 0);
    order_ok(st, id, g, orders[i]);
    assert_int_equal(gn_dice_use_rng(g), 0);
  }
  uint64_t h = gn_game_hash(g);
  gn_game_free(g);
  assert_int_equal(raw_int(f->db, "SELECT count(*) FROM orders WHERE dice_mode = 'script'"
                                  " AND tape LIKE '[%]'"), NORDERS);
  assert_int_equal(gn_store_verify(st, id, NULL), 0);
  g = load_ok(st, id);
  assert_int_equal(gn_game_hash(g), h);
  assert_int_equal(gn_dice_mode_get(g), GN_DICE_RNG);
  gn_game_free(g);
  gn_store_close(st);
}

/* The same game run twice gives the same event log, byte for byte. */
static void determinism(void **state)
{
  (void)state;
  gn_game *a = memory_game(3 * NORDERS), *b = memory_game(3 * NORDERS);
  assert_true(gn_event_count(a) > 0);
  assert_int_equal(gn_game_hash(a), gn_game_hash(b));
  same_log(a, b);
  gn_game_free(a);
  gn_game_free(b);
}

/*
** kill -9 during play: a child applies orders in a loop, starting a new game
** when its game is over, and tells the parent after each commit; the parent
** kills it at some moment, then checks the file, every game, and the count of
** transactions. Eight kills at different moments, each one continuing the
** newest game.
*/
static int newest(void *ud, const char *id, const char *scenario_name, int n)
{
  (void)scenario_name; (void)n;
  snprintf(ud, 32, "%s", id);
  return 1;
}

static void child_play(const fx *f, int fd)
{
  gn_store *st = NULL;
  gn_game *g = NULL;
  char id[32];
  if (gn_store_open(f->db, &st, NULL, 0) || gn_store_list(st, newest, id) != 1 ||
      gn_store_load(st, id, &g))
    _exit(3);
  for (;;) {
    int i = gn_game_order_count(g), rc = gn_store_order(st, id, g, order_at(i));
    if (rc == GN_ESTATE && gn_game_over(g)) {
      gn_game_free(g);
      g = NULL;
      if (gn_store_create(st, f->scn, 7, id, sizeof id) || gn_store_load(st, id, &g)) _exit(4);
    } else if (rc) {
      fprintf(stderr, "child: order %d: %s\n", i + 1, gn_store_errmsg(st));
      _exit(5);
    }
    if (write(fd, "x", 1) != 1) _exit(6);
  }
}

/* Checks every game of the store; returns its transactions: orders plus
** games made after the first. */
static int check_games(const fx *f)
{
  gn_store *st = open_ok(f);
  char id[32];
  int total = 0, ngames = (int)raw_int(f->db, "SELECT count(*) FROM games");
  for (int k = 1; k <= ngames; k++) {
    int checked = -1;
    snprintf(id, sizeof id, "g%d", k);
    if (gn_store_verify(st, id, &checked)) fail_msg("verify %s: %s", id, gn_store_errmsg(st));
    gn_game *g = load_ok(st, id), *m = memory_game(checked);
    assert_int_equal(gn_game_order_count(g), checked);
    assert_int_equal(gn_game_hash(g), gn_game_hash(m));
    gn_game_free(m);
    gn_game_free(g);
    total += checked;
  }
  gn_store_close(st);
  return total + ngames - 1;
}

static void kill9(void **state)
{
  fx *f = *state;
  char id[32];
  gn_store *st = open_ok(f);
  create_ok(st, f, id);
  gn_store_close(st);
  int committed = 0;
  for (int round = 0; round < 8; round++) {
    int fds[2];
    assert_int_equal(pipe(fds), 0);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
      close(fds[0]);
      child_play(f, fds[1]);
    }
    close(fds[1]);
    /* wait for a first commit, then let it run a few milliseconds */
    char c;
    assert_int_equal(read(fds[0], &c, 1), 1);
    struct timespec ts = { 0, (long)(1 + 5 * round) * 1000000L + 137000L * round };
    nanosleep(&ts, NULL);
    assert_int_equal(kill(pid, SIGKILL), 0);
    int status;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    if (!WIFSIGNALED(status) || WTERMSIG(status) != SIGKILL)
      fail_msg("the child was not killed: it %s %d", WIFEXITED(status) ? "exited with" : "got signal",
               WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status));
    int told = 1;
    char buf[4096];
    ssize_t n;
    while ((n = read(fds[0], buf, sizeof buf)) > 0) told += (int)n;
    close(fds[0]);

    integrity_ok(f->db);
    int now = check_games(f);
    /* the transaction in flight may have been committed before it could tell */
    if (now != committed + told && now != committed + told + 1)
      fail_msg("round %d: %d transactions in the file, %d before and %d told", round, now,
               committed, told);
    committed = now;
  }
  assert_true(committed >= 8);
  print_message("kill9: %d transactions over %lld games survived 8 kills\n", committed,
                raw_int(f->db, "SELECT count(*) FROM games"));
}

/* Counts the notes of a kind (a callback of gn_store_notes). */
typedef struct notecount { const char *kind; int n; char last[256]; } notecount;
static int count_note(void *ud, int orders, const char *kind, const char *text)
{
  notecount *c = ud;
  (void)orders;
  if (!strcmp(kind, c->kind)) { c->n++; snprintf(c->last, sizeof c->last, "%s", text); }
  return 0;
}

/* Only the umpire takes back an order that drew dice; the undo and its
** record are one transaction: a fault injected between them (a trigger that
** refuses the note) leaves the order in place and no note. */
static void undo_umpire_recorded(void **state)
{
  fx *f = *state;
  char id[32];
  gn_store *st = open_ok(f);
  stored_game(st, f, id, 6);                 /* the sixth order fires: it drew dice */
  gn_game *g = load_ok(st, id);
  assert_true(gn_game_order_chances(g, 5) > 0);
  gn_game_free(g);
  /* a side is refused, nothing changes */
  assert_int_equal(gn_store_undo(st, id, 0), GN_EREFUSED);
  assert_non_null(strstr(gn_store_errmsg(st), "order 6 'fire F1 at A1' drew"));
  assert_non_null(strstr(gn_store_errmsg(st), "only the umpire takes it back"));
  g = load_ok(st, id);
  assert_int_equal(gn_game_order_count(g), 6);
  gn_game_free(g);
  assert_int_equal(gn_store_undo(st, id, -7), GN_EINVAL);
  /* the fault: the note cannot be written; the undo goes back with it */
  assert_int_equal(gn_store_note(st, id, 6, "dice", "table"), 0);
  raw_sql(f->db, "CREATE TRIGGER fault BEFORE INSERT ON session_notes WHEN NEW.kind LIKE '%undo'"
                 " BEGIN SELECT RAISE(ABORT, 'injected fault'); END");
  assert_int_equal(gn_store_undo(st, id, GN_UMPIRE), GN_ESTORE);
  assert_non_null(strstr(gn_store_errmsg(st), "injected fault"));
  g = load_ok(st, id);
  assert_int_equal(gn_game_order_count(g), 6);
  gn_game_free(g);
  notecount c = { "umpire-undo", 0, "" };
  assert_int_equal(gn_store_notes(st, id, count_note, &c), 0);
  assert_int_equal(c.n, 0);
  /* without the fault: the order goes and its record stays */
  raw_sql(f->db, "DROP TRIGGER fault");
  assert_int_equal(gn_store_undo(st, id, GN_UMPIRE), 0);
  g = load_ok(st, id);
  assert_int_equal(gn_game_order_count(g), 5);
  gn_game_free(g);
  assert_int_equal(gn_store_notes(st, id, count_note, &c), 0);
  assert_int_equal(c.n, 1);
  assert_string_equal(c.last, "order 6 'fire F1 at A1' (it drew 2 results)");
  /* an order without dice: any side takes it back, and that is noted too */
  g = load_ok(st, id);
  assert_int_equal(gn_game_order_chances(g, 4), 0);
  gn_game_free(g);
  assert_int_equal(gn_store_undo(st, id, 1), 0);
  notecount u = { "undo", 0, "" };
  assert_int_equal(gn_store_notes(st, id, count_note, &u), 0);
  assert_int_equal(u.n, 1);
  assert_string_equal(u.last, "order 5 'end'");
  gn_store_close(st);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown(round_trip, setup, teardown),
    cmocka_unit_test_setup_teardown(events_stored, setup, teardown),
    cmocka_unit_test_setup_teardown(undo, setup, teardown),
    cmocka_unit_test_setup_teardown(undo_umpire_recorded, setup, teardown),
    cmocka_unit_test_setup_teardown(verify, setup, teardown),
    cmocka_unit_test_setup_teardown(schema_version, setup, teardown),
    cmocka_unit_test_setup_teardown(snapshots, setup, teardown),
    cmocka_unit_test_setup_teardown(snapshot_damage, setup, teardown),
    cmocka_unit_test_setup_teardown(atomic_orders, setup, teardown),
    cmocka_unit_test_setup_teardown(stale_game, setup, teardown),
    cmocka_unit_test_setup_teardown(ids_and_errors, setup, teardown),
    cmocka_unit_test_setup_teardown(scripted_dice, setup, teardown),
    cmocka_unit_test_setup_teardown(determinism, setup, teardown),
    cmocka_unit_test_setup_teardown(kill9, setup, teardown),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
