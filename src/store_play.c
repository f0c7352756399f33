/*
** store_play.c: the notes a table session keeps beside a stored game:
** switches of the dice source, changes of viewer, undos, and above all
** the umpire's undos of orders that drew dice, which must stay on record.
**
** They live in the same SQLite file as the games, in a table of their own
** made when first needed (CREATE TABLE IF NOT EXISTS), so a store written
** before it existed keeps working and the store's schema version is not
** touched. They go through the session's own store handle; each note is
** committed at once.
*/
#include "core.h"

#include <sqlite3.h>
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

/* 0 when the store holds the game; GN_ENOTFOUND or GN_ESTORE (message set). */
static int has_game(gn_store *st, const char *game) {
  sqlite3_stmt *s = NULL;
  int rc = sqlite3_prepare_v2(gn__store_db(st), "SELECT 1 FROM games WHERE id = ?1", -1, &s, NULL);
  if (rc == SQLITE_OK) {
    sqlite3_bind_text(s, 1, game, -1, SQLITE_STATIC);
    rc = sqlite3_step(s);
  }
  sqlite3_finalize(s);
  if (rc == SQLITE_ROW) return 0;
  if (rc == SQLITE_DONE) return gn__store_fail(st, GN_ENOTFOUND, "no game '%s' in %s", game, gn__store_path(st));
  return gn__store_dberr(st, "cannot read the games");
}

int gn__store_note_add(gn_store *st, const char *game, int orders, const char *kind, const char *text) {
  sqlite3 *db = gn__store_db(st);
  sqlite3_stmt *s = NULL;
  if (sqlite3_exec(db, notes_schema, NULL, NULL, NULL) != SQLITE_OK) return gn__store_dberr(st, "cannot note");
  int rc = sqlite3_prepare_v2(db,
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
  return rc == SQLITE_DONE ? 0 : gn__store_dberr(st, "cannot note");
}

/*
** Adds one note.
**   1) the store is open for writing and holds the game
**   2) in one transaction: the notes table if missing, the row
*/
int gn_store_note(gn_store *st, const char *game, int orders, const char *kind, const char *text) {
  if (!st) return GN_EINVAL;
  if (!game || !kind || !text || orders < 0) return gn__store_fail(st, GN_EINVAL, "bad note");
  int rc;
  if ((rc = gn__store_writable(st)) || (rc = has_game(st, game))) return rc;        /* 1 */
  sqlite3 *db = gn__store_db(st);
  if (sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK)            /* 2 */
    return gn__store_dberr(st, "cannot note");
  if ((rc = gn__store_note_add(st, game, orders, kind, text)) == 0 &&
      sqlite3_exec(db, "COMMIT", NULL, NULL, NULL) == SQLITE_OK)
    return 0;
  if (!rc) rc = gn__store_dberr(st, "cannot note");
  if (!sqlite3_get_autocommit(db)) sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
  return rc;
}

int gn_store_notes(gn_store *st, const char *game,
                   int (*fn)(void *ud, int orders, const char *kind, const char *text), void *ud) {
  sqlite3_stmt *s = NULL;
  if (!st) return GN_EINVAL;
  if (!game || !fn) return gn__store_fail(st, GN_EINVAL, "no game or no callback given");
  int rc = has_game(st, game);
  if (rc) return rc;
  sqlite3 *db = gn__store_db(st);
  rc = sqlite3_prepare_v2(db, "SELECT orders, kind, text FROM session_notes WHERE game = ?1"
                          " ORDER BY seq", -1, &s, NULL);
  if (rc != SQLITE_OK) {
    /* no notes table yet: no notes */
    if (strstr(sqlite3_errmsg(db), "no such table")) return 0;
    return gn__store_dberr(st, "cannot read the notes");
  }
  sqlite3_bind_text(s, 1, game, -1, SQLITE_STATIC);
  int r = 0;
  while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
    r = fn(ud, sqlite3_column_int(s, 0), (const char *)sqlite3_column_text(s, 1),
           (const char *)sqlite3_column_text(s, 2));
    if (r) break;
  }
  if (!r && rc != SQLITE_DONE) r = gn__store_dberr(st, "cannot read the notes");
  sqlite3_finalize(s);
  return r;
}
