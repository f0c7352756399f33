/*
** store_play.c: the notes a table session keeps beside a stored game:
** switches of the dice source, changes of viewer, undos, and above all
** the umpire's undos of orders that drew dice, which must stay on record.
**
** They live in the same SQLite file as the games, in a table of their own
** made when first needed (CREATE TABLE IF NOT EXISTS), so a store written
** before it existed keeps working and the store's schema version is not
** touched. Each call opens its own connection (WAL mode lets it sit beside
** the session's open store) and commits at once.
*/
#include "grognard.h"

#include <sqlite3.h>
#include <stdio.h>
#include <string.h>

static const char notes_schema[] =
  "CREATE TABLE IF NOT EXISTS session_notes (\n"
  "  game TEXT NOT NULL REFERENCES games(id),\n"
  "  seq INTEGER NOT NULL,             -- 1, 2, ... within the game\n"
  "  orders INTEGER NOT NULL,          -- the game's order count at the note\n"
  "  kind TEXT NOT NULL,               -- dice | view | undo | umpire-undo\n"
  "  text TEXT NOT NULL,\n"
  "  PRIMARY KEY (game, seq)\n"
  ") WITHOUT ROWID";

static int say(char *err, size_t errlen, int rc, const char *fmt, const char *a, const char *b) {
  if (err && errlen) snprintf(err, errlen, fmt, a, b);
  return rc;
}

/*
** Opens the store file for notes.
**   1) open (never create: a missing file is an error), wait up to 5 s for a writer
**   2) it must hold the game (GN_ENOTFOUND), so it is a grognard store
** Returns 0 or a GN_E* code with the reason in err; *db is closed on failure.
*/
static int open_notes(const char *path, const char *game, sqlite3 **db, char *err, size_t errlen) {
  sqlite3_stmt *s = NULL;
  *db = NULL;
  if (!path || !game) return say(err, errlen, GN_EINVAL, "no store path or game given%s%s", "", "");
  if (sqlite3_open_v2(path, db, SQLITE_OPEN_READWRITE, NULL) != SQLITE_OK) {    /* 1 */
    int rc = say(err, errlen, GN_ESTORE, "%s: cannot open: %s", path,
                 *db ? sqlite3_errmsg(*db) : "out of memory");
    sqlite3_close(*db);
    *db = NULL;
    return rc;
  }
  sqlite3_busy_timeout(*db, 5000);
  int rc = sqlite3_prepare_v2(*db, "SELECT 1 FROM games WHERE id = ?1", -1, &s, NULL);   /* 2 */
  if (rc == SQLITE_OK) {
    sqlite3_bind_text(s, 1, game, -1, SQLITE_STATIC);
    rc = sqlite3_step(s);
  }
  sqlite3_finalize(s);
  if (rc == SQLITE_ROW) return 0;
  rc = rc == SQLITE_DONE ? say(err, errlen, GN_ENOTFOUND, "no game '%s' in %s", game, path)
                         : say(err, errlen, GN_ESTORE, "%s: not a grognard store: %s", path,
                               sqlite3_errmsg(*db));
  sqlite3_close(*db);
  *db = NULL;
  return rc;
}

/*
** Adds one note.
**   1) open the store; make the notes table if it is not there
**   2) in one transaction: the next seq of the game, the row
*/
int gn_store_note(const char *path, const char *game, int orders, const char *kind,
                  const char *text, char *err, size_t errlen) {
  sqlite3 *db;
  sqlite3_stmt *s = NULL;
  if (!kind || !text || orders < 0) return say(err, errlen, GN_EINVAL, "bad note%s%s", "", "");
  int rc = open_notes(path, game, &db, err, errlen);                              /* 1 */
  if (rc) return rc;
  if (sqlite3_exec(db, notes_schema, NULL, NULL, NULL) != SQLITE_OK ||
      sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK) {
    rc = say(err, errlen, GN_ESTORE, "%s: cannot note: %s", path, sqlite3_errmsg(db));
    sqlite3_close(db);
    return rc;
  }
  rc = sqlite3_prepare_v2(db,                                                     /* 2 */
    "INSERT INTO session_notes (game, seq, orders, kind, text) VALUES"
    " (?1, (SELECT coalesce(max(seq), 0) + 1 FROM session_notes WHERE game = ?1), ?2, ?3, ?4)",
    -1, &s, NULL);
  if (rc == SQLITE_OK) {
    sqlite3_bind_text(s, 1, game, -1, SQLITE_STATIC);
    sqlite3_bind_int(s, 2, orders);
    sqlite3_bind_text(s, 3, kind, -1, SQLITE_STATIC);
    sqlite3_bind_text(s, 4, text, -1, SQLITE_STATIC);
    rc = sqlite3_step(s);
  }
  sqlite3_finalize(s);
  if (rc == SQLITE_DONE && sqlite3_exec(db, "COMMIT", NULL, NULL, NULL) == SQLITE_OK) {
    sqlite3_close(db);
    return 0;
  }
  rc = say(err, errlen, GN_ESTORE, "%s: cannot note: %s", path, sqlite3_errmsg(db));
  sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
  sqlite3_close(db);
  return rc;
}

int gn_store_notes(const char *path, const char *game,
                   int (*fn)(void *ud, int orders, const char *kind, const char *text),
                   void *ud, char *err, size_t errlen) {
  sqlite3 *db;
  sqlite3_stmt *s = NULL;
  if (!fn) return say(err, errlen, GN_EINVAL, "no callback given%s%s", "", "");
  int rc = open_notes(path, game, &db, err, errlen);
  if (rc) return rc;
  rc = sqlite3_prepare_v2(db, "SELECT orders, kind, text FROM session_notes WHERE game = ?1"
                          " ORDER BY seq", -1, &s, NULL);
  if (rc != SQLITE_OK) {
    /* no notes table yet: no notes */
    int none = strstr(sqlite3_errmsg(db), "no such table") != NULL;
    rc = none ? 0 : say(err, errlen, GN_ESTORE, "%s: cannot read the notes: %s", path, sqlite3_errmsg(db));
    sqlite3_close(db);
    return rc;
  }
  sqlite3_bind_text(s, 1, game, -1, SQLITE_STATIC);
  int r = 0;
  while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
    r = fn(ud, sqlite3_column_int(s, 0), (const char *)sqlite3_column_text(s, 1),
           (const char *)sqlite3_column_text(s, 2));
    if (r) break;
  }
  if (!r && rc != SQLITE_DONE)
    r = say(err, errlen, GN_ESTORE, "%s: cannot read the notes: %s", path, sqlite3_errmsg(db));
  sqlite3_finalize(s);
  sqlite3_close(db);
  return r;
}
