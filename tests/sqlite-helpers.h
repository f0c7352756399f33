/*
** sqlite-helpers.h: what the store's tests ask of a store's file with a
** connection of their own, and of a resumed game's log (cmocka's asserts;
** include after cmocka.h, sqlite3.h and grognard.h).
*/
#ifndef GN_SQLITE_HELPERS_H
#define GN_SQLITE_HELPERS_H

/* Runs one SQL statement on the file. */
static inline void raw_sql(const char *db, const char *sql)
{
  sqlite3 *d;
  char *err = NULL;
  assert_int_equal(sqlite3_open(db, &d), SQLITE_OK);
  sqlite3_busy_timeout(d, 5000);
  if (sqlite3_exec(d, sql, NULL, NULL, &err) != SQLITE_OK)
    fail_msg("%s: %s", sql, err ? err : "?");
  sqlite3_close(d);
}

/* The first column of the first row of a query, as an integer (-1: no row). */
static inline long long raw_int(const char *db, const char *sql)
{
  sqlite3 *d;
  sqlite3_stmt *s;
  long long v = -1;
  assert_int_equal(sqlite3_open(db, &d), SQLITE_OK);
  assert_int_equal(sqlite3_prepare_v2(d, sql, -1, &s, NULL), SQLITE_OK);
  if (sqlite3_step(s) == SQLITE_ROW) v = sqlite3_column_int64(s, 0);
  sqlite3_finalize(s);
  sqlite3_close(d);
  return v;
}

/* The first event of the last two phases of g's log (by each event's turn
** and phase, newest first; 0 when it holds no more): what a resumed game
** must hold in memory, so that a front end shows the moves just made. */
static inline int shown_start(const gn_game *g)
{
  int from = gn_event_count(g), phases = 0, turn = -1;
  const char *phase = NULL;
  for (int i = gn_event_count(g) - 1; i >= gn_event_first(g); i--) {
    const gn_event *e = gn_event_get(g, i);
    if (!phase || e->turn != turn || strcmp(e->phase, phase)) {
      if (++phases > 2) return from;
      turn = e->turn;
      phase = e->phase;
    }
    from = i;
  }
  return 0;
}

#endif /* GN_SQLITE_HELPERS_H */
