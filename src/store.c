/*
** store.c: the SQLite game store (design decision 9).
**
** One file holds any number of games. A game is stored as what makes it
** (decision 2): its scenario text, its seed, and its orders in sequence, each
** with the dice results it was given (when they came from a script or the
** table) and the state hash after it. Loading a game replays its orders; the
** hashes prove the replay is the game that was played. The events of each
** order are stored as JSON too, for queries with any SQLite client.
**
** Schema version GN_STORE_SCHEMA lives in PRAGMA user_version; a file of any
** other version is refused with a message naming both.
**
** Each order is committed in its own transaction, in WAL mode with
** synchronous=NORMAL: a process killed at any moment loses at most the order
** in flight (a power failure may lose the last few), and the file stays whole.
**
** Snapshots make resuming a long game cheap: every so many orders (256 unless
** gn_store_snapshot_every says otherwise) the state after the order is stored
** as bytes (snapshot.c) in the order's own transaction. gn_store_resume starts
** from the newest one and replays only the orders after it; a snapshot whose
** state does not hash to the hash recorded with its order is passed over (the
** game is then replayed from the start). gn_store_load and gn_store_verify
** always replay from the start: they give the whole event log, and verify also
** compares every snapshot with the replayed state.
*/
#include "core.h"

#include <jansson.h>
#include <sqlite3.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define GN_STORE_SCHEMA 2
#define GN_STORE_SNAP_EVERY 256   /* orders between snapshots, by default */

/* Prepared statements, kept for the life of the store. ORDER: as sqls[]. */
enum {
  S_GAME, S_LAST, S_NEXT, S_INS_GAME, S_INS_ORDER, S_INS_EVENT,
  S_ORDERS, S_DEL_ORDER, S_DEL_EVENTS, S_LIST, S_INS_SNAP, S_SNAP_LAST, S_SNAPS,
  S_DEL_SNAPS, S_LAST_EVENT, S_EVENTS_BACK, NSTMT
};

static const char *const sqls[NSTMT] = {
  /* S_GAME */
  "SELECT scenario_file, scenario_text, seed, data_hash, start_hash"
  " FROM games WHERE id = ?1",
  /* S_LAST */
  "SELECT seq, hash FROM orders WHERE game = ?1 ORDER BY seq DESC LIMIT 1",
  /* S_NEXT */
  "SELECT coalesce(max(created), 0) + 1 FROM games",
  /* S_INS_GAME */
  "INSERT INTO games (id, created, scenario_name, scenario_file, scenario_text,"
  " ruleset, seed, data_hash, start_hash) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
  /* S_INS_ORDER */
  "INSERT INTO orders (game, seq, text, dice_mode, tape, hash, turn, chances)"
  " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
  /* S_INS_EVENT */
  "INSERT INTO events (game, seq, idx, json) VALUES (?1, ?2, ?3, ?4)",
  /* S_ORDERS */
  "SELECT seq, text, dice_mode, tape, hash, chances FROM orders WHERE game = ?1 ORDER BY seq",
  /* S_DEL_ORDER */
  "DELETE FROM orders WHERE game = ?1 AND seq = ?2",
  /* S_DEL_EVENTS */
  "DELETE FROM events WHERE game = ?1 AND seq = ?2",
  /* S_LIST */
  "SELECT g.id, g.scenario_name, (SELECT count(*) FROM orders o WHERE o.game = g.id)"
  " FROM games g ORDER BY g.created DESC",
  /* S_INS_SNAP */
  "INSERT INTO snapshots (game, seq, events, state) VALUES (?1, ?2, ?3, ?4)",
  /* S_SNAP_LAST */
  "SELECT seq, events, state FROM snapshots WHERE game = ?1 AND events <= ?2 ORDER BY seq DESC LIMIT 1",
  /* S_SNAPS */
  "SELECT seq, state, events FROM snapshots WHERE game = ?1 ORDER BY seq",
  /* S_DEL_SNAPS */
  "DELETE FROM snapshots WHERE game = ?1 AND seq >= ?2",
  /* S_LAST_EVENT */
  "SELECT idx FROM events WHERE game = ?1 AND seq <= ?2 ORDER BY seq DESC, idx DESC LIMIT 1",
  /* S_EVENTS_BACK */
  "SELECT idx, json FROM events WHERE game = ?1 ORDER BY seq DESC, idx DESC",
};

static const char schema[] =
  "CREATE TABLE games (\n"
  "  id TEXT PRIMARY KEY,              -- 'g' followed by created\n"
  "  created INTEGER NOT NULL UNIQUE,  -- creation order, 1, 2, ...\n"
  "  scenario_name TEXT NOT NULL,\n"
  "  scenario_file TEXT NOT NULL,      -- the name its messages use\n"
  "  scenario_text TEXT NOT NULL,      -- the scenario exactly as read\n"
  "  ruleset TEXT NOT NULL,\n"
  "  seed INTEGER NOT NULL,            -- uint64 stored as its int64 bits\n"
  "  data_hash TEXT NOT NULL,          -- hash of the ruleset data it was made with\n"
  "  start_hash TEXT NOT NULL          -- state hash after gn_game_start\n"
  ");\n"
  "CREATE TABLE orders (\n"
  "  game TEXT NOT NULL REFERENCES games(id),\n"
  "  seq INTEGER NOT NULL,             -- 1, 2, ... within the game\n"
  "  text TEXT NOT NULL,\n"
  "  dice_mode TEXT NOT NULL,          -- rng | script | table\n"
  "  tape TEXT,                        -- JSON array of the results given (script, table)\n"
  "  hash TEXT NOT NULL,               -- state hash after the order, 16 hex digits\n"
  "  turn INTEGER NOT NULL,            -- turn after the order\n"
  "  chances INTEGER NOT NULL,         -- results it drew, whatever the source\n"
  "  PRIMARY KEY (game, seq)\n"
  ") WITHOUT ROWID;\n"
  "CREATE TABLE events (\n"
  "  game TEXT NOT NULL REFERENCES games(id),\n"
  "  seq INTEGER NOT NULL,             -- the order that caused it; 0 = the start\n"
  "  idx INTEGER NOT NULL,             -- index in the game's event log\n"
  "  json TEXT NOT NULL,               -- gn_event_json\n"
  "  PRIMARY KEY (game, seq, idx)\n"
  ") WITHOUT ROWID;\n"
  "CREATE TABLE snapshots (\n"
  "  game TEXT NOT NULL REFERENCES games(id),\n"
  "  seq INTEGER NOT NULL,             -- the state after this order\n"
  "  events INTEGER NOT NULL,          -- events logged up to it (the next one's index)\n"
  "  state BLOB NOT NULL,              -- src/snapshot.c\n"
  "  PRIMARY KEY (game, seq)\n"
  ") WITHOUT ROWID;\n";

struct gn_store {
  sqlite3 *db;
  char *path;
  char *msg;                  /* last failure, malloc'd; NULL = none */
  sqlite3_stmt *stmt[NSTMT];
  int snap_every;             /* orders between snapshots; 0 = none */
  int readonly;               /* opened by gn_store_open_readonly: writes are refused */
};

/* ----------------------------------------------------------------- errors */

/* Sets the store's message (the arguments may include the old one) and
** returns err. On OOM the message is lost. */
GN_PRINTF(3, 0) static int vfail(gn_store *st, int err, const char *fmt, va_list ap) {
  va_list again;
  va_copy(again, ap);
  int n = vsnprintf(NULL, 0, fmt, ap);
  char *m = n >= 0 ? malloc((size_t)n + 1) : NULL;
  if (m) vsnprintf(m, (size_t)n + 1, fmt, again);
  va_end(again);
  free(st->msg);
  st->msg = m;
  return err;
}

GN_PRINTF(3, 4) static int fail(gn_store *st, int err, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  err = vfail(st, err, fmt, ap);
  va_end(ap);
  return err;
}

/* A failure of SQLite itself, with its message; a store that cannot be
** written is said so in plain words. */
static int dberr(gn_store *st, const char *what) {
  if ((sqlite3_errcode(st->db) & 0xff) == SQLITE_READONLY)
    return fail(st, GN_ESTORE, "%s: cannot write to the store: the file or its folder is read-only"
                " (the commands that only read it still work: list, log, show, export, replay, map)",
                st->path);
  return fail(st, GN_ESTORE, "%s: %s: %s", st->path, what, sqlite3_errmsg(st->db));
}

/* 0, or GN_ESTORE when the store was opened for reading only. */
static int writable(gn_store *st) {
  return st->readonly ? fail(st, GN_ESTORE, "%s: opened for reading only", st->path) : 0;
}

const char *gn_store_errmsg(const gn_store *st) {
  return st && st->msg ? st->msg : "";
}

/* ------------------------------------------------------------- statements */

/* The statement i, reset and unbound; NULL on failure (message set). */
static sqlite3_stmt *stmt(gn_store *st, int i) {
  if (!st->stmt[i]) {
    if (sqlite3_prepare_v3(st->db, sqls[i], -1, SQLITE_PREPARE_PERSISTENT,
                           &st->stmt[i], NULL) != SQLITE_OK) {
      dberr(st, "cannot prepare a statement");
      return NULL;
    }
  } else {
    sqlite3_reset(st->stmt[i]);
    sqlite3_clear_bindings(st->stmt[i]);
  }
  return st->stmt[i];
}

static int exec(gn_store *st, const char *sql) {
  return sqlite3_exec(st->db, sql, NULL, NULL, NULL) == SQLITE_OK ? 0 : dberr(st, sql);
}

static void rollback(gn_store *st) {
  if (!sqlite3_get_autocommit(st->db))
    sqlite3_exec(st->db, "ROLLBACK", NULL, NULL, NULL);
}

static void hexhash(uint64_t h, char buf[17]) {
  snprintf(buf, 17, "%016llx", (unsigned long long)h);
}

static const char *mode_name(gn_dice_mode m) {
  switch (m) {
  case GN_DICE_RNG: return "rng";
  case GN_DICE_SCRIPT: return "script";
  case GN_DICE_TABLE: return "table";
  case GN_DICE_ENUMERATE: return "enumerate";
  }
  return "?";
}

/* -1 when the name is none of them. */
static int mode_parse(const char *s) {
  if (!strcmp(s, "rng")) return GN_DICE_RNG;
  if (!strcmp(s, "script")) return GN_DICE_SCRIPT;
  if (!strcmp(s, "table")) return GN_DICE_TABLE;
  return -1;
}

/* A hash of the ruleset data the game was set up with: key and numbers of
** every datum, in the scenario's (sorted) order. Cannot fail. */
static uint64_t data_hash(const gn_game *g) {
  uint64_t h = gn__hash_bytes(0x9e3779b97f4a7c15u, g->sc->rs->id, strlen(g->sc->rs->id));
  for (int i = 0; i < g->sc->ndata; i++) {
    const gn__datum *d = &g->sc->data[i];
    h = gn__hash_bytes(h, d->key, strlen(d->key) + 1);
    h = gn__hash_bytes(h, &d->n, sizeof d->n);
    for (int k = 0; k < d->n; k++) {
      char num[40];
      int len = snprintf(num, sizeof num, "%.17g", d->v[k]);
      h = gn__hash_bytes(h, num, (size_t)len + 1);
    }
  }
  return h;
}

/* ------------------------------------------------------------ open, close */

/* The schema version of the file and whether it holds any table. */
static int read_version(gn_store *st, int *version, int *ntables) {
  sqlite3_stmt *s = NULL;
  int rc = sqlite3_prepare_v2(st->db, "PRAGMA user_version", -1, &s, NULL);
  if (rc == SQLITE_OK && sqlite3_step(s) == SQLITE_ROW)
    *version = sqlite3_column_int(s, 0);
  else
    rc = SQLITE_ERROR;
  sqlite3_finalize(s);
  if (rc != SQLITE_OK)
    return dberr(st, "not a grognard store");
  rc = sqlite3_prepare_v2(st->db, "SELECT count(*) FROM sqlite_master", -1, &s, NULL);
  if (rc == SQLITE_OK && sqlite3_step(s) == SQLITE_ROW)
    *ntables = sqlite3_column_int(s, 0);
  else
    rc = SQLITE_ERROR;
  sqlite3_finalize(s);
  return rc == SQLITE_OK ? 0 : dberr(st, "not a grognard store");
}

static int check_version(gn_store *st, int version, int ntables) {
  if (version == GN_STORE_SCHEMA || (version == 0 && ntables == 0))
    return 0;
  if (version == 0)
    return fail(st, GN_EVERSION, "%s: schema version 0 is not a grognard store;"
                " this grognard reads schema version %d", st->path, GN_STORE_SCHEMA);
  return fail(st, GN_EVERSION, "%s: schema version %d was written by %s grognard;"
              " this grognard reads schema version %d", st->path, version,
              version > GN_STORE_SCHEMA ? "a newer" : "an older", GN_STORE_SCHEMA);
}

/*
** Opens the file and makes it a store of this schema version.
**   1) open (create when missing), wait up to 5 s for another writer
**   2) refuse any other schema version before changing the file at all
**   3) WAL mode, synchronous NORMAL, foreign keys on
**   4) an empty file gets the schema and the version, in one transaction
*/
static int open_db(gn_store *st) {
  int version = 0, ntables = 0, rc;

  /* 1) open */
  if (sqlite3_open_v2(st->path, &st->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE,
                      NULL) != SQLITE_OK) {
    if (!st->db) return fail(st, GN_ENOMEM, "out of memory");
    if (access(st->path, F_OK) != 0)
      return fail(st, GN_ESTORE, "%s: cannot create the store there (is the folder missing or"
                  " read-only?): %s", st->path, sqlite3_errmsg(st->db));
    return dberr(st, "cannot open");
  }
  sqlite3_busy_timeout(st->db, 5000);

  /* 2) the version */
  if ((rc = read_version(st, &version, &ntables)) != 0) return rc;
  if ((rc = check_version(st, version, ntables)) != 0) return rc;

  /* 3) the pragmas */
  if ((rc = exec(st, "PRAGMA journal_mode = WAL")) != 0) return rc;
  if ((rc = exec(st, "PRAGMA synchronous = NORMAL")) != 0) return rc;
  if ((rc = exec(st, "PRAGMA foreign_keys = ON")) != 0) return rc;
  if (version == GN_STORE_SCHEMA)
    return 0;

  /* 4) the schema (another process may have made it meanwhile: check again) */
  if ((rc = exec(st, "BEGIN IMMEDIATE")) != 0) return rc;
  if ((rc = read_version(st, &version, &ntables)) == 0 &&
      (rc = check_version(st, version, ntables)) == 0 && version == 0) {
    char sql[64];
    snprintf(sql, sizeof sql, "PRAGMA user_version = %d", GN_STORE_SCHEMA);
    if ((rc = exec(st, schema)) == 0)
      rc = exec(st, sql);
  }
  if (rc == 0)
    rc = exec(st, "COMMIT");
  if (rc != 0)
    rollback(st);
  return rc;
}

/* The file's name as an SQLite URI that opens it immutable (nothing is
** written, not even the shared memory of WAL mode). malloc'd; NULL on OOM. */
static char *immutable_uri(const char *path) {
  static const char hex[] = "0123456789ABCDEF";
  char *u = malloc(3 * strlen(path) + sizeof "file:?immutable=1");
  if (!u) return NULL;
  char *w = u + sprintf(u, "file:");
  for (const unsigned char *c = (const unsigned char *)path; *c; c++) {
    if (*c == '%' || *c == '?' || *c == '#' || *c < 0x21 || *c > 0x7e) {
      *w++ = '%'; *w++ = hex[*c >> 4]; *w++ = hex[*c & 15];
    } else {
      *w++ = (char)*c;
    }
  }
  strcpy(w, "?immutable=1");
  return u;
}

/*
** Opens an existing store for reading only.
**   1) open read-only: the file must exist and is not written (SQLite may
**      make the shared memory of WAL mode beside it, where it can)
**   2) a store in WAL mode needs its shared-memory file: in a folder where
**      that cannot be made, and with no write-ahead log left beside the file
**      (every writer has finished), the file is read as immutable
**   3) it must be a store of this schema version
*/
static int open_db_readonly(gn_store *st) {
  int version = 0, ntables = 0, rc;
  if (sqlite3_open_v2(st->path, &st->db, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK) {   /* 1 */
    if (!st->db) return fail(st, GN_ENOMEM, "out of memory");
    return access(st->path, F_OK) != 0 ? fail(st, GN_ENOTFOUND, "%s: no such store", st->path)
                                       : dberr(st, "cannot open");
  }
  sqlite3_busy_timeout(st->db, 5000);
  if ((rc = read_version(st, &version, &ntables)) != 0) {                            /* 2 */
    char *wal = malloc(strlen(st->path) + 5);
    if (!wal) return fail(st, GN_ENOMEM, "out of memory");
    sprintf(wal, "%s-wal", st->path);
    int logged = access(wal, F_OK) == 0;
    free(wal);
    if (logged) return rc;
    char *uri = immutable_uri(st->path);
    if (!uri) return fail(st, GN_ENOMEM, "out of memory");
    sqlite3_close(st->db);
    st->db = NULL;
    int orc = sqlite3_open_v2(uri, &st->db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, NULL);
    free(uri);
    if (orc != SQLITE_OK) return st->db ? dberr(st, "cannot open") : fail(st, GN_ENOMEM, "out of memory");
    if ((rc = read_version(st, &version, &ntables)) != 0) return rc;
  }
  if (version == 0 && ntables == 0)                                                   /* 3 */
    return fail(st, GN_ESTORE, "%s: an empty file, not a grognard store", st->path);
  return check_version(st, version, ntables);
}

/* A new handle on path (copied); NULL on OOM (err says so). */
static gn_store *store_new(const char *path, char *err, size_t errlen) {
  gn_store *st = calloc(1, sizeof *st);
  if (st) st->path = malloc(strlen(path) + 1);
  if (!st || !st->path) {
    free(st);
    if (err && errlen) snprintf(err, errlen, "out of memory");
    return NULL;
  }
  strcpy(st->path, path);
  st->snap_every = GN_STORE_SNAP_EVERY;
  return st;
}

/* The two ways of opening a store: one argument check, one failure path. */
static int store_open(const char *path, int readonly, gn_store **out, char *err, size_t errlen) {
  if (!out) return GN_EINVAL;
  *out = NULL;
  if (err && errlen) err[0] = '\0';
  if (!path || !*path) {
    if (err && errlen) snprintf(err, errlen, "no store path given");
    return GN_EINVAL;
  }
  gn_store *st = store_new(path, err, errlen);
  if (!st) return GN_ENOMEM;
  st->readonly = readonly;
  int rc = readonly ? open_db_readonly(st) : open_db(st);
  if (rc != 0) {
    if (err && errlen) snprintf(err, errlen, "%s", gn_store_errmsg(st));
    gn_store_close(st);
    return rc;
  }
  *out = st;
  return 0;
}

int gn_store_open_readonly(const char *path, gn_store **out, char *err, size_t errlen) {
  return store_open(path, 1, out, err, errlen);
}

int gn_store_open(const char *path, gn_store **out, char *err, size_t errlen) {
  return store_open(path, 0, out, err, errlen);
}

void gn_store_close(gn_store *st) {
  if (!st) return;
  for (int i = 0; i < NSTMT; i++)
    sqlite3_finalize(st->stmt[i]);
  sqlite3_close(st->db);
  free(st->path);
  free(st->msg);
  free(st);
}

/* ----------------------------------------------------------------- create */

/* Joins the game's diagnostics (or its message) into the store's message. */
static int scenario_fail(gn_store *st, gn_game *g, int rc) {
  int n = gn_diag_count(g);
  if (n == 0)
    return fail(st, rc, "%s", gn_errmsg(g));
  size_t len = 1;
  for (int i = 0; i < n; i++)
    len += strlen(gn_diag(g, i)) + 1;
  char *s = malloc(len);
  if (!s) return fail(st, GN_ENOMEM, "out of memory");
  s[0] = '\0';
  for (int i = 0; i < n; i++) {
    if (i) strcat(s, "\n");
    strcat(s, gn_diag(g, i));
  }
  free(st->msg);
  st->msg = s;
  return rc;
}

/* Stores the events from..nev-1 of g under order seq. */
static int put_events(gn_store *st, const char *id, gn_game *g, int from, int seq) {
  int n = gn_event_count(g);
  for (int i = from; i < n; i++) {
    char *json = gn_event_json(g, i);
    sqlite3_stmt *s = stmt(st, S_INS_EVENT);
    if (!json) return fail(st, GN_ENOMEM, "out of memory");
    if (!s) { gn_string_free(json); return GN_ESTORE; }
    sqlite3_bind_text(s, 1, id, -1, SQLITE_STATIC);
    sqlite3_bind_int(s, 2, seq);
    sqlite3_bind_int(s, 3, i);
    sqlite3_bind_text(s, 4, json, -1, SQLITE_STATIC);
    int rc = sqlite3_step(s);
    sqlite3_reset(s);
    gn_string_free(json);
    if (rc != SQLITE_DONE) return dberr(st, "cannot store an event");
  }
  return 0;
}

/* Stores the state of g as the snapshot after order seq. */
static int put_snapshot(gn_store *st, const char *id, gn_game *g, int seq) {
  unsigned char *blob;
  size_t len;
  int rc = gn__snapshot_write(g, &blob, &len);
  if (rc != 0) return fail(st, rc, "cannot take a snapshot: %s", gn_strerror(rc));
  sqlite3_stmt *s = stmt(st, S_INS_SNAP);
  if (!s) { free(blob); return GN_ESTORE; }
  sqlite3_bind_text(s, 1, id, -1, SQLITE_STATIC);
  sqlite3_bind_int(s, 2, seq);
  sqlite3_bind_int(s, 3, gn_event_count(g));
  sqlite3_bind_blob64(s, 4, blob, (sqlite3_uint64)len, SQLITE_STATIC);
  rc = sqlite3_step(s);
  sqlite3_reset(s);
  free(blob);
  return rc == SQLITE_DONE ? 0 : dberr(st, "cannot store a snapshot");
}

int gn_store_snapshot_every(gn_store *st, int orders) {
  if (!st || orders < 0) return GN_EINVAL;
  st->snap_every = orders;
  return 0;
}

/*
** Creates a game from a scenario file and a seed.
**   1) load the scenario and start the game (every problem goes to the message)
**   2) in one transaction: the next id, the game row, the events of the start
*/
int gn_store_create(gn_store *st, const char *scenario_path, uint64_t seed,
                    char *id, size_t idlen) {
  if (!st || !scenario_path || !id || idlen == 0) return GN_EINVAL;
  id[0] = '\0';
  if (writable(st)) return GN_ESTORE;

  /* 1) the game */
  gn_game *g = gn_game_new(NULL);
  if (!g) return fail(st, GN_ENOMEM, "out of memory");
  int rc = gn_game_load_file(g, scenario_path);
  if (rc != 0) {
    if (rc == GN_EPARSE || rc == GN_EDATA || rc == GN_ERULESET) rc = GN_ESCENARIO;
    rc = scenario_fail(st, g, rc);
    gn_game_free(g);
    return rc;
  }
  if ((rc = gn_game_start(g, seed)) != 0) {
    rc = fail(st, rc, "%s", gn_errmsg(g));
    gn_game_free(g);
    return rc;
  }

  /* 2) the rows */
  size_t textlen = 0;
  const char *text = gn_game_scenario_text(g, &textlen);
  char dh[17], sh[17], buf[32];
  sqlite3_stmt *s;
  hexhash(data_hash(g), dh);
  hexhash(gn_game_hash(g), sh);
  if ((rc = exec(st, "BEGIN IMMEDIATE")) != 0) goto done;
  if (!(s = stmt(st, S_NEXT))) { rc = GN_ESTORE; goto done; }
  if (sqlite3_step(s) != SQLITE_ROW) { rc = dberr(st, "cannot number the game"); goto done; }
  sqlite3_int64 created = sqlite3_column_int64(s, 0);
  sqlite3_reset(s);
  snprintf(buf, sizeof buf, "g%lld", (long long)created);
  if (!(s = stmt(st, S_INS_GAME))) { rc = GN_ESTORE; goto done; }
  sqlite3_bind_text(s, 1, buf, -1, SQLITE_STATIC);
  sqlite3_bind_int64(s, 2, created);
  sqlite3_bind_text(s, 3, gn_game_scenario_name(g), -1, SQLITE_STATIC);
  sqlite3_bind_text(s, 4, scenario_path, -1, SQLITE_STATIC);
  sqlite3_bind_text(s, 5, text, (int)textlen, SQLITE_STATIC);
  sqlite3_bind_text(s, 6, gn_game_ruleset(g), -1, SQLITE_STATIC);
  sqlite3_bind_int64(s, 7, (sqlite3_int64)seed);
  sqlite3_bind_text(s, 8, dh, -1, SQLITE_STATIC);
  sqlite3_bind_text(s, 9, sh, -1, SQLITE_STATIC);
  rc = sqlite3_step(s);
  sqlite3_reset(s);
  if (rc != SQLITE_DONE) { rc = dberr(st, "cannot store the game"); goto done; }
  if ((rc = put_events(st, buf, g, 0, 0)) != 0) goto done;
  rc = exec(st, "COMMIT");
done:
  if (rc != 0)
    rollback(st);
  else
    snprintf(id, idlen, "%s", buf);
  gn_game_free(g);
  return rc;
}

/* ----------------------------------------------------------------- replay */

/* Reads a JSON array of ints; *n = count, *v malloc'd (NULL when empty). */
static int tape_parse(const char *text, int **v, int *n) {
  json_error_t e;
  json_t *a = json_loads(text, 0, &e);
  *v = NULL;
  *n = 0;
  if (!json_is_array(a)) { json_decref(a); return GN_ECORRUPT; }
  size_t len = json_array_size(a);
  if (len > 0 && !(*v = malloc(len * sizeof **v))) { json_decref(a); return GN_ENOMEM; }
  for (size_t i = 0; i < len; i++) {
    json_t *x = json_array_get(a, i);
    if (!json_is_integer(x)) { free(*v); *v = NULL; json_decref(a); return GN_ECORRUPT; }
    (*v)[i] = (int)json_integer_value(x);
  }
  *n = (int)len;
  json_decref(a);
  return 0;
}

/* Writes the tape as a JSON array; NULL on OOM. */
static char *tape_json(const int *v, int n) {
  json_t *a = json_array();
  for (int i = 0; a && i < n; i++)
    if (json_array_append_new(a, json_integer(v[i])) != 0) { json_decref(a); a = NULL; }
  char *s = a ? json_dumps(a, JSON_COMPACT) : NULL;
  json_decref(a);
  return s;
}

static int no_game(gn_store *st, const char *id) {
  return fail(st, GN_ENOTFOUND, "no game '%s' in %s", id, st->path);
}

/* Text copied out of a row, since the statement is reused meanwhile. */
static char *coldup(sqlite3_stmt *s, int col, size_t *len) {
  const unsigned char *t = sqlite3_column_text(s, col);
  int n = sqlite3_column_bytes(s, col);
  char *c = malloc((size_t)n + 1);
  if (!c) return NULL;
  if (n) memcpy(c, t, (size_t)n);
  c[n] = '\0';
  if (len) *len = (size_t)n;
  return c;
}

/* Replays one stored order on g. */
static int replay_order(gn_store *st, const char *id, gn_game *g, sqlite3_stmt *s, int seq) {
  const char *text = (const char *)sqlite3_column_text(s, 1);
  int mode = mode_parse((const char *)sqlite3_column_text(s, 2));
  int rc = 0;
  if (mode < 0)
    return fail(st, GN_ECORRUPT, "game %s: order %d has an unknown dice mode '%s'",
                id, seq, (const char *)sqlite3_column_text(s, 2));
  /* the generator, unless the order was given dice; an empty tape means the
  ** order drew nothing, so the generator (left untouched) replays it as well */
  int n = 0;
  gn_dice_use_rng(g);        /* also empties the script of the order before */
  if (mode != GN_DICE_RNG) {
    int *tape = NULL;
    const char *tj = (const char *)sqlite3_column_text(s, 3);
    if ((rc = tape_parse(tj ? tj : "[]", &tape, &n)) != 0) {
      if (rc == GN_ENOMEM) return fail(st, rc, "out of memory");
      return fail(st, rc, "game %s: order %d has a malformed dice tape", id, seq);
    }
    if (n > 0) rc = gn_dice_script(g, tape, n);
    free(tape);
  }
  if (rc != 0)
    return fail(st, GN_EDIVERGED, "game %s: order %d '%s': its dice no longer fit: %s",
                id, seq, text, gn_errmsg(g));
  if ((rc = gn_order_apply(g, text)) != 0)
    return fail(st, GN_EDIVERGED, "game %s: order %d '%s' no longer applies: %s",
                id, seq, text, gn_errmsg(g));
  if (n > 0 && gn_dice_script_left(g) != 0)
    return fail(st, GN_EDIVERGED, "game %s: order %d '%s' left %d of its recorded dice unused",
                id, seq, text, gn_dice_script_left(g));
  /* the results came from the tape; the order was played with the table's */
  g->orders[g->norders - 1].mode = (gn_dice_mode)mode;
  return 0;
}

static int diverged(gn_store *st, const char *id, int seq, const char *text,
                    const char *want, uint64_t got, const char *dh_want, const gn_game *g) {
  char dh[17], where[64];
  hexhash(data_hash(g), dh);
  if (seq == 0)
    snprintf(where, sizeof where, "the start");
  else
    snprintf(where, sizeof where, "order %d", seq);
  return fail(st, GN_EDIVERGED, "game %s diverged at %s%s%s%s: recorded state hash %s,"
              " replay gives %016llx%s", id, where, seq ? " '" : "", seq ? text : "",
              seq ? "'" : "", want, (unsigned long long)got,
              strcmp(dh, dh_want) ? " (the ruleset data changed since the game was created)" : "");
}

/* Appends stored order seq to g's list without applying it (its state comes
** from a snapshot). */
static int record_order(gn_store *st, const char *id, gn_game *g, sqlite3_stmt *s, int seq) {
  const char *text = (const char *)sqlite3_column_text(s, 1);
  int mode = mode_parse((const char *)sqlite3_column_text(s, 2));
  int *tape = NULL, n = 0, rc;
  if (mode < 0)
    return fail(st, GN_ECORRUPT, "game %s: order %d has an unknown dice mode '%s'",
                id, seq, (const char *)sqlite3_column_text(s, 2));
  if (mode != GN_DICE_RNG) {
    const char *tj = (const char *)sqlite3_column_text(s, 3);
    if ((rc = tape_parse(tj ? tj : "[]", &tape, &n)) != 0) {
      if (rc == GN_ENOMEM) return fail(st, rc, "out of memory");
      return fail(st, rc, "game %s: order %d has a malformed dice tape", id, seq);
    }
  }
  rc = gn__order_record(g, text, (gn_dice_mode)mode, tape, n, sqlite3_column_int(s, 5));
  free(tape);
  return rc ? fail(st, rc, "out of memory") : 0;
}

/* The first event of the phase before the one of the game's last event, by
** the stored log read newest first (each event's turn and phase, as
** gn_event_json writes them), into *from: a resumed game holds the events
** from there on, so that a front end shows the moves of the phase now and
** the one before (the map's arrows) whichever way the game was loaded. 0
** when the log holds no more than those two phases. */
static int shown_from(gn_store *st, const char *id, int *from) {
  sqlite3_stmt *s = stmt(st, S_EVENTS_BACK);
  char phase[64] = "";
  int turn = -1, phases = 0, rc;
  *from = 0;
  if (!s) return GN_ESTORE;
  sqlite3_bind_text(s, 1, id, -1, SQLITE_STATIC);
  while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
    json_t *e = json_loads((const char *)sqlite3_column_text(s, 1), 0, NULL);
    if (!e) { sqlite3_reset(s); return fail(st, GN_ECORRUPT, "game %s: a stored event is not JSON", id); }
    const char *p = json_string_value(json_object_get(e, "phase"));
    int t = (int)json_integer_value(json_object_get(e, "turn"));
    int same = phases && t == turn && !strcmp(p ? p : "", phase);
    if (!same) {
      turn = t;
      snprintf(phase, sizeof phase, "%s", p ? p : "");
    }
    json_decref(e);
    if (!same && ++phases > 2) break;
    *from = sqlite3_column_int(s, 0);
  }
  sqlite3_reset(s);
  if (rc != SQLITE_ROW && rc != SQLITE_DONE) return dberr(st, "cannot read the events");
  if (rc == SQLITE_DONE) *from = 0;   /* the whole log is the last two phases */
  return 0;
}

/* The newest snapshot of a game taken when at most maxev events were
** logged: *seq = 0 when there is none, or when its count of events is not
** the stored log's up to its order; *blob is malloc'd. */
static int last_snapshot(gn_store *st, const char *id, int maxev, int *seq, int *nev,
                         unsigned char **blob, size_t *len) {
  sqlite3_stmt *s = stmt(st, S_SNAP_LAST);
  *seq = *nev = 0;
  *blob = NULL;
  *len = 0;
  if (!s) return GN_ESTORE;
  sqlite3_bind_text(s, 1, id, -1, SQLITE_STATIC);
  sqlite3_bind_int(s, 2, maxev);
  int rc = sqlite3_step(s);
  if (rc == SQLITE_ROW) {
    int n = sqlite3_column_bytes(s, 2);
    const void *p = sqlite3_column_blob(s, 2);
    if (n > 0 && !(*blob = malloc((size_t)n))) { sqlite3_reset(s); return fail(st, GN_ENOMEM, "out of memory"); }
    if (n > 0) memcpy(*blob, p, (size_t)n);
    *len = (size_t)n;
    *seq = sqlite3_column_int(s, 0);
    *nev = sqlite3_column_int(s, 1);
  }
  sqlite3_reset(s);
  if (rc != SQLITE_ROW && rc != SQLITE_DONE) return dberr(st, "cannot read the snapshots");
  if (rc == SQLITE_DONE) return 0;
  /* its count of events must be the log's up to its order, or the events
  ** logged after it would be numbered out of line: else it is not used */
  if (!(s = stmt(st, S_LAST_EVENT))) return GN_ESTORE;
  sqlite3_bind_text(s, 1, id, -1, SQLITE_STATIC);
  sqlite3_bind_int(s, 2, *seq);
  rc = sqlite3_step(s);
  int logged = rc == SQLITE_ROW ? sqlite3_column_int(s, 0) + 1 : 0;
  sqlite3_reset(s);
  if (rc != SQLITE_ROW && rc != SQLITE_DONE) return dberr(st, "cannot read the events");
  if (logged != *nev) {
    free(*blob);
    *blob = NULL;
    *len = 0;
    *seq = *nev = 0;
  }
  return 0;
}

/* Verify: the next stored snapshot's order (INT_MAX when none is left). */
static int next_snapshot(sqlite3_stmt *s) {
  return sqlite3_step(s) == SQLITE_ROW ? sqlite3_column_int(s, 0) : 0x7fffffff;
}

/* Verify: 0 when the snapshot in the current row of s is g's state, with
** g's count of events. */
static int same_snapshot(gn_store *st, const char *id, gn_game *g, sqlite3_stmt *s, int seq) {
  unsigned char *blob;
  size_t len;
  int rc = gn__snapshot_write(g, &blob, &len);
  if (rc != 0) return fail(st, rc, "cannot take a snapshot: %s", gn_strerror(rc));
  int same = (size_t)sqlite3_column_bytes(s, 1) == len &&
             memcmp(sqlite3_column_blob(s, 1), blob, len) == 0;
  free(blob);
  if (!same)
    return fail(st, GN_EDIVERGED, "game %s: the snapshot after order %d is not"
                " the state the replay gives", id, seq);
  if (sqlite3_column_int(s, 2) != gn_event_count(g))
    return fail(st, GN_EDIVERGED, "game %s: the snapshot after order %d counts %d events"
                " before it, the replay %d", id, seq, sqlite3_column_int(s, 2), gn_event_count(g));
  return 0;
}

enum { R_LOAD, R_VERIFY, R_RESUME };

/* A replay in progress (replay and its steps). */
typedef struct replayer {
  gn_store *st;
  const char *id;
  int how, every;             /* R_*; every: R_VERIFY, each order's hash checked */
  int *checked;               /* R_VERIFY: orders that matched */
  char *file, *text;          /* the game row */
  size_t textlen;
  uint64_t seed;
  char dh_want[17], sh_want[17], lasthash[17];
  gn_game *g;
  unsigned char *blob;        /* the snapshot resumed from */
  size_t bloblen;
  int seq, snap, snapnev;     /* orders read; the snapshot's order and events */
  int nextsnap;               /* R_VERIFY: the next stored snapshot's order */
  sqlite3_stmt *ss;           /* R_VERIFY: the stored snapshots */
  int passover;               /* the snapshot cannot be used: replay from the start */
} replayer;

/* 1) The game row: scenario, seed, data and start hashes. */
static int game_row(replayer *r) {
  sqlite3_stmt *s = stmt(r->st, S_GAME);
  if (!s) return GN_ESTORE;
  sqlite3_bind_text(s, 1, r->id, -1, SQLITE_STATIC);
  int rc = sqlite3_step(s);
  if (rc == SQLITE_DONE) { sqlite3_reset(s); return no_game(r->st, r->id); }
  if (rc != SQLITE_ROW) { sqlite3_reset(s); return dberr(r->st, "cannot read the game"); }
  r->file = coldup(s, 0, NULL);
  r->text = coldup(s, 1, &r->textlen);
  r->seed = (uint64_t)sqlite3_column_int64(s, 2);
  snprintf(r->dh_want, sizeof r->dh_want, "%s", (const char *)sqlite3_column_text(s, 3));
  snprintf(r->sh_want, sizeof r->sh_want, "%s", (const char *)sqlite3_column_text(s, 4));
  sqlite3_reset(s);
  return r->file && r->text ? 0 : fail(r->st, GN_ENOMEM, "out of memory");
}

/* 2) The game at its start; R_VERIFY checks its hash and opens the snapshots. */
static int game_start(replayer *r) {
  gn_store *st = r->st;
  int rc;
  if (!(r->g = gn_game_new(NULL))) return fail(st, GN_ENOMEM, "out of memory");
  if ((rc = gn_game_load(r->g, r->file, r->text, r->textlen)) != 0) {
    /* the messages name the copy in the store, not the file (which may have
    ** changed since, or be gone): loaded again under that name */
    char *where = sqlite3_mprintf("%s[game %s: its stored copy of %s]", st->path, r->id, r->file);
    gn_game *h = where ? gn_game_new(NULL) : NULL;
    if (h && gn_game_load(h, where, r->text, r->textlen) != 0) scenario_fail(st, h, rc);
    else scenario_fail(st, r->g, rc);
    gn_game_free(h);
    sqlite3_free(where);
    return fail(st, GN_ECORRUPT, "game %s: its scenario no longer loads: %s", r->id, gn_store_errmsg(st));
  }
  if ((rc = gn_game_start(r->g, r->seed)) != 0)
    return fail(st, GN_ECORRUPT, "game %s: cannot start: %s", r->id, gn_errmsg(r->g));
  if (!r->every) return 0;
  char h[17];
  hexhash(gn_game_hash(r->g), h);
  if (strcmp(h, r->sh_want)) return diverged(st, r->id, 0, "", r->sh_want, gn_game_hash(r->g), r->dh_want, r->g);
  if (!(r->ss = stmt(st, S_SNAPS))) return GN_ESTORE;
  sqlite3_bind_text(r->ss, 1, r->id, -1, SQLITE_STATIC);
  r->nextsnap = next_snapshot(r->ss);
  return 0;
}

/* 3) The snapshot to resume from: the newest taken before the phase before
**    the last one began (shown_from), so that the events of those two
**    phases are replayed into memory; none when the ruleset data changed
**    since the game was created (the orders before it might no longer replay
**    to it, and load would say so: resume replays from the start to say the
**    same). */
static int resume_point(replayer *r) {
  char dh[17];
  int from, rc;
  if (r->how != R_RESUME) return 0;
  hexhash(data_hash(r->g), dh);
  if (strcmp(dh, r->dh_want)) return 0;
  if ((rc = shown_from(r->st, r->id, &from)) != 0) return rc;
  return last_snapshot(r->st, r->id, from, &r->snap, &r->snapnev, &r->blob, &r->bloblen);
}

/* 4) One stored order, the current row of s: listed up to the snapshot (whose
**    state is then taken), replayed after it, checked under R_VERIFY. 0 to go
**    on, 1 when the snapshot must be passed over, else the error. */
static int one_order(replayer *r, sqlite3_stmt *s) {
  gn_store *st = r->st;
  int rc, seq = ++r->seq;
  if (sqlite3_column_int(s, 0) != seq) return fail(st, GN_ECORRUPT, "game %s: order %d is missing", r->id, seq);
  const char *want = (const char *)sqlite3_column_text(s, 4);
  if (seq <= r->snap) {
    if ((rc = record_order(st, r->id, r->g, s, seq)) != 0) return rc;
    if (seq == r->snap) {
      char h[17];
      if (gn__snapshot_read(r->g, r->blob, r->bloblen) != 0 ||
          (hexhash(gn_game_hash(r->g), h), strcmp(h, want)))
        return 1;
      gn__events_rebase(r->g, r->snapnev);
      snprintf(r->lasthash, sizeof r->lasthash, "%s", want);
    }
    return 0;
  }
  if ((rc = replay_order(st, r->id, r->g, s, seq)) != 0) return rc;
  if (!r->every) {
    snprintf(r->lasthash, sizeof r->lasthash, "%s", want);
    return 0;
  }
  char h[17];
  uint64_t got = gn_game_hash(r->g);
  hexhash(got, h);
  if (strcmp(h, want))
    return diverged(st, r->id, seq, (const char *)sqlite3_column_text(s, 1), want, got, r->dh_want, r->g);
  while (r->nextsnap < seq) r->nextsnap = next_snapshot(r->ss);
  if (r->nextsnap == seq) {
    if ((rc = same_snapshot(st, r->id, r->g, r->ss, seq)) != 0) return rc;
    r->nextsnap = next_snapshot(r->ss);
  }
  if (r->checked) *r->checked = seq;
  return 0;
}

/* 4) The orders, then what their end says: a snapshot after an order the
**    game has not is passed over; R_VERIFY wants no stored snapshot left. */
static int orders(replayer *r) {
  sqlite3_stmt *s = stmt(r->st, S_ORDERS);
  int rc;
  if (!s) return GN_ESTORE;
  sqlite3_bind_text(s, 1, r->id, -1, SQLITE_STATIC);
  while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
    int k = one_order(r, s);
    if (k == 1) { r->passover = 1; rc = 0; break; }
    if (k != 0) { rc = k; break; }
  }
  if (rc == SQLITE_DONE)
    rc = 0;
  else if (rc > 0)
    rc = dberr(r->st, "cannot read the orders");
  sqlite3_reset(s);
  if (r->ss) sqlite3_reset(r->ss);
  if (rc == 0 && r->seq < r->snap)
    r->passover = 1;
  if (rc == 0 && r->every && r->nextsnap != 0x7fffffff)
    rc = fail(r->st, GN_EDIVERGED, "game %s: a snapshot after order %d, but %d orders", r->id,
              r->nextsnap, r->seq);
  return rc;
}

/* 5) The state hash after the last order (the start's when there is none) is
**    the one recorded (R_VERIFY checked each already). */
static int last_hash(replayer *r) {
  char h[17];
  const char *want = r->seq > 0 ? r->lasthash : r->sh_want;
  uint64_t got = gn_game_hash(r->g);
  hexhash(got, h);
  if (!strcmp(h, want)) return 0;
  return diverged(r->st, r->id, r->seq, r->seq ? gn_game_order_text(r->g, r->seq - 1) : "", want, got,
                  r->dh_want, r->g);
}

/*
** Rebuilds a game from the store.
**   1) read the game row
**   2) a new game: load the stored scenario text, start it with the stored seed
**   3) R_RESUME: the newest snapshot, K (none, or the ruleset data changed
**      since the game was created: K = 0)
**   4) the orders: those up to K are listed, not applied, and the state after
**      K is the snapshot's, which must hash to the hash recorded with order
**      K; any other is replayed with the dice it was given. R_VERIFY compares
**      the state hash after the start and after each order with the recorded
**      one, and each snapshot with the state
**   5) the others compare the last hash (the start's when there is no order);
**      hand back the game with the generator as its dice source
** A snapshot that cannot be used (corrupt, of another build, not the
** recorded state, after an order the game has not, or counting other events
** than the log's) is passed over: the game is replayed from the start.
** Fails with GN_ENOTFOUND, GN_ECORRUPT, GN_EDIVERGED, GN_ESTORE, GN_ENOMEM.
*/
static int replay(gn_store *st, const char *id, int how, gn_game **out, int *checked) {
  replayer r = {.st = st, .id = id, .how = how, .every = how == R_VERIFY, .checked = checked,
                .nextsnap = 0x7fffffff};
  int rc;
  *out = NULL;
  if (checked) *checked = 0;
  if ((rc = game_row(&r)) == 0 && (rc = game_start(&r)) == 0 &&              /* 1, 2 */
      (rc = resume_point(&r)) == 0)                                          /* 3 */
    rc = orders(&r);                                                         /* 4 */
  if (rc == 0 && r.passover) {           /* from the start, without the snapshot */
    gn_game_free(r.g);
    r.g = NULL;
    rc = replay(st, id, R_LOAD, out, checked);
  } else if (rc == 0 && (r.every || (rc = last_hash(&r)) == 0)) {           /* 5 */
    gn_dice_use_rng(r.g);
    *out = r.g;
    r.g = NULL;
  }
  gn_game_free(r.g);
  free(r.blob);
  free(r.file);
  free(r.text);
  return rc;
}

int gn_store_load(gn_store *st, const char *id, gn_game **out) {
  if (!out) return GN_EINVAL;
  *out = NULL;
  if (!st || !id) return GN_EINVAL;
  return replay(st, id, R_LOAD, out, NULL);
}

int gn_store_resume(gn_store *st, const char *id, gn_game **out) {
  if (!out) return GN_EINVAL;
  *out = NULL;
  if (!st || !id) return GN_EINVAL;
  return replay(st, id, R_RESUME, out, NULL);
}

int gn_store_verify(gn_store *st, const char *id, int *orders_checked) {
  gn_game *g = NULL;
  if (orders_checked) *orders_checked = 0;
  if (!st || !id) return GN_EINVAL;
  int rc = replay(st, id, R_VERIFY, &g, orders_checked);
  gn_game_free(g);
  return rc;
}

/* ------------------------------------------------------------------ order */

/* The last stored order of a game: *seq (0 when none) and its hash. */
static int last_order(gn_store *st, const char *id, int *seq, char hash[17]) {
  sqlite3_stmt *s = stmt(st, S_LAST);
  if (!s) return GN_ESTORE;
  sqlite3_bind_text(s, 1, id, -1, SQLITE_STATIC);
  int rc = sqlite3_step(s);
  *seq = 0;
  hash[0] = '\0';
  if (rc == SQLITE_ROW) {
    *seq = sqlite3_column_int(s, 0);
    snprintf(hash, 17, "%s", (const char *)sqlite3_column_text(s, 1));
  }
  sqlite3_reset(s);
  return rc == SQLITE_ROW || rc == SQLITE_DONE ? 0 : dberr(st, "cannot read the orders");
}

/* 1 when the game exists; negative on failure. */
static int game_exists(gn_store *st, const char *id, char start_hash[17]) {
  sqlite3_stmt *s = stmt(st, S_GAME);
  if (!s) return GN_ESTORE;
  sqlite3_bind_text(s, 1, id, -1, SQLITE_STATIC);
  int rc = sqlite3_step(s);
  if (rc == SQLITE_ROW && start_hash)
    snprintf(start_hash, 17, "%s", (const char *)sqlite3_column_text(s, 4));
  sqlite3_reset(s);
  if (rc == SQLITE_ROW) return 1;
  if (rc == SQLITE_DONE) return no_game(st, id);
  return dberr(st, "cannot read the game");
}

/*
** Applies one order and commits it.
**   1) begin (a write lock: no other writer until commit)
**   2) g must be the game as stored: same order count, same last hash
**   3) apply the order to g; a refusal changes nothing anywhere
**   4) store the order (text, dice mode, tape, hash, turn) and its events,
**      and a snapshot of the state after it every snap_every orders
**   5) commit; on any failure after 3), roll the file back, and put g back
**      to the save point the core took before the order
*/
int gn_store_order(gn_store *st, const char *id, gn_game *g, const char *text) {
  if (!st || !id || !g || !text) return GN_EINVAL;
  if (writable(st)) return GN_ESTORE;
  int rc, seq, n = gn_game_order_count(g), nev = gn_event_count(g);
  char want[17], have[17], start[17];
  char *tape = NULL;

  /* 1) begin */
  if ((rc = exec(st, "BEGIN IMMEDIATE")) != 0) return rc;

  /* 2) the same game */
  if ((rc = game_exists(st, id, start)) < 0) goto fail;
  if ((rc = last_order(st, id, &seq, want)) != 0) goto fail;
  if (seq == 0) memcpy(want, start, sizeof want);
  hexhash(gn_game_hash(g), have);   /* the state now: after its last order */
  if (seq != n || strcmp(want, have)) {
    rc = fail(st, GN_ESTATE, "game %s in %s is not the game given (%d orders stored, %d here);"
              " load it again", id, st->path, seq, n);
    goto fail;
  }

  /* 3) apply, under a save point of our own: a failed commit takes it back */
  gn__savepoint sp = { 0 };
  if (gn__save(g, &sp)) { rc = fail(st, GN_ENOMEM, "out of memory"); goto fail; }
  if ((rc = gn_order_apply(g, text)) != 0) {
    gn__savepoint_free(g, &sp);
    rc = fail(st, rc, "%s", gn_errmsg(g));
    goto fail;
  }

  /* 4) store */
  const gn__order *o = &g->orders[n];
  sqlite3_stmt *s = stmt(st, S_INS_ORDER);
  if (!s) { rc = GN_ESTORE; goto undo; }
  if (o->mode != GN_DICE_RNG && !(tape = tape_json(o->tape, o->ntape))) {
    rc = fail(st, GN_ENOMEM, "out of memory");
    goto undo;
  }
  hexhash(gn_game_hash(g), have);   /* hashed here, not by every order in memory */
  sqlite3_bind_text(s, 1, id, -1, SQLITE_STATIC);
  sqlite3_bind_int(s, 2, n + 1);
  sqlite3_bind_text(s, 3, gn_game_order_text(g, n), -1, SQLITE_STATIC);
  sqlite3_bind_text(s, 4, mode_name(o->mode), -1, SQLITE_STATIC);
  if (tape) sqlite3_bind_text(s, 5, tape, -1, SQLITE_STATIC);
  sqlite3_bind_text(s, 6, have, -1, SQLITE_STATIC);
  sqlite3_bind_int(s, 7, gn_game_turn(g));
  sqlite3_bind_int(s, 8, o->nchance);
  rc = sqlite3_step(s);
  sqlite3_reset(s);
  if (rc != SQLITE_DONE) { rc = dberr(st, "cannot store the order"); goto undo; }
  if ((rc = put_events(st, id, g, nev, n + 1)) != 0) goto undo;
  if (st->snap_every > 0 && (n + 1) % st->snap_every == 0 &&
      (rc = put_snapshot(st, id, g, n + 1)) != 0)
    goto undo;

  /* 5) commit */
  if ((rc = exec(st, "COMMIT")) != 0) goto undo;
  gn__savepoint_free(g, &sp);
  free(tape);
  return 0;

undo:
  rollback(st);
  gn__restore(g, &sp);
  gn__savepoint_free(g, &sp);
  g->cur_order = g->norders - 1;
  free(tape);
  return rc;
fail:
  rollback(st);
  return rc;
}

/* ------------------------------------------------------------- undo, list */

/* The text and the results drawn of order seq of game id (text malloc'd).
** 0, or GN_ESTORE with the message set. */
static int order_row(gn_store *st, const char *id, int seq, char **text, int *chances) {
  sqlite3_stmt *s = NULL;
  int rc = sqlite3_prepare_v2(st->db, "SELECT text, chances FROM orders WHERE game = ?1 AND seq = ?2",
                              -1, &s, NULL);
  if (rc == SQLITE_OK) {
    sqlite3_bind_text(s, 1, id, -1, SQLITE_STATIC);
    sqlite3_bind_int(s, 2, seq);
    rc = sqlite3_step(s);
  }
  if (rc == SQLITE_ROW) {
    *text = coldup(s, 0, NULL);
    *chances = sqlite3_column_int(s, 1);
    rc = *text ? 0 : fail(st, GN_ENOMEM, "out of memory");
  } else {
    rc = dberr(st, "cannot read the order");
  }
  sqlite3_finalize(s);
  return rc;
}

/*
** Takes back the last order of a game, as asker (GN_UMPIRE or a side).
**   1) the last order; one that drew dice or cards is past a chance point:
**      only the umpire takes it back
**   2) its snapshots, events and row go
**   3) the undo is noted ("undo", or "umpire-undo" with the results it drew)
** 1 to 3 are one transaction: the order never goes without its record.
*/
int gn_store_undo(gn_store *st, const char *id, int asker) {
  if (!st || !id) return GN_EINVAL;
  if (asker < GN_UMPIRE) return fail(st, GN_EINVAL, "an undo is asked by the umpire or a side, not %d", asker);
  if (writable(st)) return GN_ESTORE;
  int rc, seq, chances = 0;
  char hash[17], *text = NULL, note[GN_TEXT_MAX + 96];
  sqlite3_stmt *s;
  if ((rc = exec(st, "BEGIN IMMEDIATE")) != 0) return rc;
  if ((rc = game_exists(st, id, NULL)) < 0) goto done;
  if ((rc = last_order(st, id, &seq, hash)) != 0) goto done;
  if (seq == 0) {
    rc = fail(st, GN_ESTATE, "game %s has no orders to undo", id);
    goto done;
  }
  if ((rc = order_row(st, id, seq, &text, &chances)) != 0) goto done;           /* 1 */
  if (chances > 0 && asker != GN_UMPIRE) {
    rc = fail(st, GN_EREFUSED, "order %d '%s' drew %d result%s (dice or cards): only the umpire"
              " takes it back", seq, text, chances, chances == 1 ? "" : "s");
    goto done;
  }
  static const int del[3] = { S_DEL_SNAPS, S_DEL_EVENTS, S_DEL_ORDER };            /* 2 */
  for (int k = 0; k < 3; k++) {
    if (!(s = stmt(st, del[k]))) { rc = GN_ESTORE; goto done; }
    sqlite3_bind_text(s, 1, id, -1, SQLITE_STATIC);
    sqlite3_bind_int(s, 2, seq);
    rc = sqlite3_step(s);
    sqlite3_reset(s);
    if (rc != SQLITE_DONE) { rc = dberr(st, "cannot remove the order"); goto done; }
  }
  if (chances > 0)                                                                  /* 3 */
    snprintf(note, sizeof note, "order %d '%.*s' (it drew %d result%s)", seq, GN_TEXT_MAX, text,
             chances, chances == 1 ? "" : "s");
  else
    snprintf(note, sizeof note, "order %d '%.*s'", seq, GN_TEXT_MAX, text);
  if ((rc = gn__store_note_add(st, id, seq - 1, chances > 0 ? "umpire-undo" : "undo", note)) != 0)
    goto done;
  rc = exec(st, "COMMIT");
done:
  if (rc != 0) rollback(st);
  free(text);
  return rc;
}

int gn_store_list(gn_store *st, int (*fn)(void *ud, const char *id, const char *scenario,
                                          int orders), void *ud) {
  if (!st || !fn) return GN_EINVAL;
  sqlite3_stmt *s = stmt(st, S_LIST);
  if (!s) return GN_ESTORE;
  int rc;
  while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
    char *gid = coldup(s, 0, NULL), *name = coldup(s, 1, NULL);
    int n = sqlite3_column_int(s, 2), r = 0;
    if (gid && name)
      r = fn(ud, gid, name, n);
    else
      r = fail(st, GN_ENOMEM, "out of memory");
    free(gid);
    free(name);
    if (r != 0) { sqlite3_reset(s); return r; }
  }
  sqlite3_reset(s);
  return rc == SQLITE_DONE ? 0 : dberr(st, "cannot list the games");
}

/* ------------------------------------------- for store_play.c, store_batch.c */

sqlite3 *gn__store_db(gn_store *st) {
  return st->db;
}

const char *gn__store_path(const gn_store *st) {
  return st->path;
}

int gn__store_writable(gn_store *st) {
  return writable(st);
}

int gn__store_dberr(gn_store *st, const char *what) {
  return dberr(st, what);
}

int gn__store_fail(gn_store *st, int err, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  err = vfail(st, err, fmt, ap);
  va_end(ap);
  return err;
}
