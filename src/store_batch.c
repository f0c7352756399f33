/*
** store_batch.c: a batch of simulated battles in the game store file. The
** batch lives in two tables of its own, created when first needed:
**
**   batches     one row per batch: scenario, ruleset, seed, runs, the
**               commanders, and the results as gn_sim_json gives them
**   batch_runs  one row per replication: its seed, status, winner, turn of
**               decision, turns, orders, final state hash, losses per side
**
** The file is first opened as a store (gn_store_open: the schema version is
** checked, and an empty file becomes a store), so a batch never lands in a
** file that is not one.
*/
#include "core.h"
#include "../ai/sim.h"

#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char batch_schema[] =
  "CREATE TABLE IF NOT EXISTS batches (\n"
  "  id TEXT PRIMARY KEY,              -- 'b' followed by created\n"
  "  created INTEGER NOT NULL UNIQUE,  -- 1, 2, ...\n"
  "  scenario_name TEXT NOT NULL,\n"
  "  ruleset TEXT NOT NULL,\n"
  "  seed INTEGER NOT NULL,            -- uint64 stored as its int64 bits\n"
  "  runs INTEGER NOT NULL,\n"
  "  ai TEXT NOT NULL,                 -- the commanders, one per side, '; ' between\n"
  "  results TEXT NOT NULL             -- gn_sim_json\n"
  ");\n"
  "CREATE TABLE IF NOT EXISTS batch_runs (\n"
  "  batch TEXT NOT NULL REFERENCES batches(id),\n"
  "  run INTEGER NOT NULL,             -- replication index; its seed is gn_seed_child(seed, run)\n"
  "  seed INTEGER NOT NULL,\n"
  "  status TEXT NOT NULL,             -- 'ok' or the error that stopped it\n"
  "  winner TEXT,                      -- the side's name; NULL when drawn\n"
  "  decisive INTEGER NOT NULL,\n"
  "  decision_turn INTEGER NOT NULL,\n"
  "  turns INTEGER NOT NULL,\n"
  "  orders INTEGER NOT NULL,\n"
  "  hash TEXT NOT NULL,               -- final state hash, 16 hex digits\n"
  "  losses TEXT NOT NULL,             -- JSON array: strength lost per side\n"
  "  PRIMARY KEY (batch, run)\n"
  ") WITHOUT ROWID;\n";

static int fail(char *err, size_t n, int rc, const char *what, sqlite3 *db) {
  if (err && n) snprintf(err, n, "%s: %s", what, db ? sqlite3_errmsg(db) : "out of memory");
  return rc;
}

/* Inserts the per-replication rows. 0 or an SQLite code. */
static int put_runs(sqlite3 *db, const gn_sim *s, const char *id) {
  sqlite3_stmt *st = NULL;
  int rc = sqlite3_prepare_v2(db, "INSERT INTO batch_runs (batch, run, seed, status, winner, decisive,"
                              " decision_turn, turns, orders, hash, losses)"
                              " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)", -1, &st, NULL);
  for (int i = 0; rc == SQLITE_OK && i < s->runs; i++) {
    const int64_t *row = SIM_ROW(s, i);
    if (!row[R_PLAYED]) continue;
    char hash[17], losses[256];
    size_t n = 0;
    snprintf(hash, sizeof hash, "%016llx", (unsigned long long)row[R_HASH]);
    n += (size_t)snprintf(losses, sizeof losses, "[");
    for (int k = 0; k < s->nsides && n < sizeof losses; k++)
      n += (size_t)snprintf(losses + n, sizeof losses - n, "%s%lld", k ? "," : "",
                            (long long)SIM_SIDE(s, i, k, S_LOST));
    if (n < sizeof losses) snprintf(losses + n, sizeof losses - n, "]");
    sqlite3_reset(st);
    sqlite3_bind_text(st, 1, id, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int(st, 2, i);
    sqlite3_bind_int64(st, 3, row[R_SEED]);
    sqlite3_bind_text(st, 4, row[R_RC] ? gn_strerror((int)row[R_RC]) : "ok", -1, SQLITE_STATIC);
    if (row[R_WINNER] >= 0 && row[R_WINNER] < s->nsides)
      sqlite3_bind_text(st, 5, s->side[row[R_WINNER]], -1, SQLITE_TRANSIENT);
    else
      sqlite3_bind_null(st, 5);
    sqlite3_bind_int64(st, 6, row[R_DECISIVE]);
    sqlite3_bind_int64(st, 7, row[R_DECISION]);
    sqlite3_bind_int64(st, 8, row[R_TURNS]);
    sqlite3_bind_int64(st, 9, row[R_ORDERS]);
    sqlite3_bind_text(st, 10, hash, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 11, losses, -1, SQLITE_TRANSIENT);
    rc = sqlite3_step(st) == SQLITE_DONE ? SQLITE_OK : SQLITE_ERROR;
  }
  sqlite3_finalize(st);
  return rc;
}

/*
** Saves the batch.
**   1) the file must be (or become) a store of this schema version
**   2) in one transaction: the tables if missing, the next id, the batch
**      row, the replication rows
*/
int gn_store_save_batch(const char *path, const gn_sim *s, char *id, size_t idlen, char *err, size_t errlen) {
  gn_store *store = NULL;
  sqlite3 *db = NULL;
  sqlite3_stmt *st = NULL;
  char bid[32] = "", ai[4 * 72] = "";
  int rc;
  if (!path || !s || !s->rec) return GN_EINVAL;
  /* 1) */
  if ((rc = gn_store_open(path, &store, err, errlen))) return rc;
  gn_store_close(store);
  char *json = gn_sim_json(s);
  if (!json) return fail(err, errlen, GN_ENOMEM, "batch", NULL);
  /* 2) */
  rc = GN_ESTORE;
  if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE, NULL) != SQLITE_OK) {
    fail(err, errlen, rc, path, db);
    goto out;
  }
  sqlite3_busy_timeout(db, 5000);
  if (sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK ||
      sqlite3_exec(db, batch_schema, NULL, NULL, NULL) != SQLITE_OK) {
    fail(err, errlen, rc, "batch tables", db);
    goto out;
  }
  sqlite3_int64 created = 1;
  if (sqlite3_prepare_v2(db, "SELECT coalesce(max(created), 0) + 1 FROM batches", -1, &st, NULL) == SQLITE_OK &&
      sqlite3_step(st) == SQLITE_ROW)
    created = sqlite3_column_int64(st, 0);
  sqlite3_finalize(st);
  st = NULL;
  snprintf(bid, sizeof bid, "b%lld", (long long)created);
  for (int k = 0; k < s->nsides; k++) {
    size_t n = strlen(ai);
    snprintf(ai + n, sizeof ai - n, "%s%s", k ? "; " : "", s->ai[k]);
  }
  if (sqlite3_prepare_v2(db, "INSERT INTO batches (id, created, scenario_name, ruleset, seed, runs, ai, results)"
                         " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)", -1, &st, NULL) != SQLITE_OK) {
    fail(err, errlen, rc, "batch", db);
    goto out;
  }
  sqlite3_bind_text(st, 1, bid, -1, SQLITE_STATIC);
  sqlite3_bind_int64(st, 2, created);
  sqlite3_bind_text(st, 3, s->scenario, -1, SQLITE_STATIC);
  sqlite3_bind_text(st, 4, s->ruleset, -1, SQLITE_STATIC);
  sqlite3_bind_int64(st, 5, (sqlite3_int64)s->seed);
  sqlite3_bind_int(st, 6, s->runs);
  sqlite3_bind_text(st, 7, ai, -1, SQLITE_STATIC);
  sqlite3_bind_text(st, 8, json, -1, SQLITE_STATIC);
  if (sqlite3_step(st) != SQLITE_DONE || put_runs(db, s, bid) != SQLITE_OK ||
      sqlite3_exec(db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK) {
    fail(err, errlen, rc, "batch", db);
    goto out;
  }
  rc = 0;
  if (id && idlen) snprintf(id, idlen, "%s", bid);
out:
  sqlite3_finalize(st);
  if (rc && db) sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
  sqlite3_close(db);
  free(json);
  return rc;
}
