/*
** sqlite-helpers.h: what the store's tests ask of a store's file with a
** connection of their own (cmocka's asserts; include after cmocka.h and
** sqlite3.h).
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

#endif /* GN_SQLITE_HELPERS_H */
