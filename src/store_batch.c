/*
** store_batch.c: a batch of simulated battles in the game store file. The
** batch lives in two tables of its own, created when first needed:
**
**   batches     one row per batch: scenario, ruleset, seed, runs, the
**               commanders, and the results as JSON
**   batch_runs  one row per replication: its seed, status, winner, turn of
**               decision, turns, orders, final state hash, losses per side
**
** The store knows a batch only as gn_store_batch says it; the simulator
** (ai/sim-out.c, gn_sim_save) fills that from its own records.
*/
#include "core.h"

#include <sqlite3.h>
#include <stdio.h>
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
  "  results TEXT NOT NULL             -- JSON, as the simulator gives it\n"
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

/* Inserts the per-replication rows. 0 or an SQLite code. */
static int put_runs(sqlite3 *db, const gn_store_batch *b, const char *id) {
  sqlite3_stmt *st = NULL;
  int rc = sqlite3_prepare_v2(db, "INSERT INTO batch_runs (batch, run, seed, status, winner, decisive,"
                              " decision_turn, turns, orders, hash, losses)"
                              " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)", -1, &st, NULL);
  for (int i = 0; rc == SQLITE_OK && i < b->nrun; i++) {
    const gn_store_run *r = &b->run[i];
    char hash[17], losses[256];
    size_t n = 0;
    snprintf(hash, sizeof hash, "%016llx", (unsigned long long)r->hash);
    n += (size_t)snprintf(losses, sizeof losses, "[");
    for (int k = 0; k < b->nsides && n < sizeof losses; k++)
      n += (size_t)snprintf(losses + n, sizeof losses - n, "%s%lld", k ? "," : "", (long long)r->lost[k]);
    if (n < sizeof losses) snprintf(losses + n, sizeof losses - n, "]");
    sqlite3_reset(st);
    sqlite3_bind_text(st, 1, id, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int(st, 2, r->run);
    sqlite3_bind_int64(st, 3, (sqlite3_int64)r->seed);
    sqlite3_bind_text(st, 4, r->rc ? gn_strerror(r->rc) : "ok", -1, SQLITE_STATIC);
    if (r->winner >= 0 && r->winner < b->nsides && b->side[r->winner])
      sqlite3_bind_text(st, 5, b->side[r->winner], -1, SQLITE_TRANSIENT);
    else
      sqlite3_bind_null(st, 5);
    sqlite3_bind_int(st, 6, r->decisive);
    sqlite3_bind_int(st, 7, r->decision_turn);
    sqlite3_bind_int(st, 8, r->turns);
    sqlite3_bind_int(st, 9, r->orders);
    sqlite3_bind_text(st, 10, hash, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 11, losses, -1, SQLITE_TRANSIENT);
    rc = sqlite3_step(st) == SQLITE_DONE ? SQLITE_OK : SQLITE_ERROR;
  }
  sqlite3_finalize(st);
  return rc;
}

/*
** Saves the batch.
**   1) the store must be open for writing; the batch must be whole
**   2) in one transaction: the tables if missing, the next id, the batch
**      row, the replication rows
*/
int gn_store_save_batch(gn_store *store, const gn_store_batch *b, char *id, size_t idlen) {
  sqlite3_stmt *st = NULL;
  char bid[32] = "";
  int rc;
  if (id && idlen) id[0] = 0;
  if (!store || !b || !b->scenario || !b->ruleset || !b->ai || !b->results || b->nrun < 0 ||
      (b->nrun && !b->run) || b->nsides < 0 || b->nsides > GN_BATTLE_MAXSIDES)
    return GN_EINVAL;
  if ((rc = gn__store_writable(store))) return rc;                                /* 1 */
  sqlite3 *db = gn__store_db(store);
  if (sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK ||          /* 2 */
      sqlite3_exec(db, batch_schema, NULL, NULL, NULL) != SQLITE_OK) {
    rc = gn__store_dberr(store, "cannot make the batch tables");
    goto out;
  }
  sqlite3_int64 created = 1;
  if (sqlite3_prepare_v2(db, "SELECT coalesce(max(created), 0) + 1 FROM batches", -1, &st, NULL) == SQLITE_OK &&
      sqlite3_step(st) == SQLITE_ROW)
    created = sqlite3_column_int64(st, 0);
  sqlite3_finalize(st);
  st = NULL;
  snprintf(bid, sizeof bid, "b%lld", (long long)created);
  if (sqlite3_prepare_v2(db, "INSERT INTO batches (id, created, scenario_name, ruleset, seed, runs, ai, results)"
                         " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)", -1, &st, NULL) != SQLITE_OK) {
    rc = gn__store_dberr(store, "cannot store the batch");
    goto out;
  }
  sqlite3_bind_text(st, 1, bid, -1, SQLITE_STATIC);
  sqlite3_bind_int64(st, 2, created);
  sqlite3_bind_text(st, 3, b->scenario, -1, SQLITE_STATIC);
  sqlite3_bind_text(st, 4, b->ruleset, -1, SQLITE_STATIC);
  sqlite3_bind_int64(st, 5, (sqlite3_int64)b->seed);
  sqlite3_bind_int(st, 6, b->runs);
  sqlite3_bind_text(st, 7, b->ai, -1, SQLITE_STATIC);
  sqlite3_bind_text(st, 8, b->results, -1, SQLITE_STATIC);
  if (sqlite3_step(st) != SQLITE_DONE || put_runs(db, b, bid) != SQLITE_OK ||
      sqlite3_exec(db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK) {
    rc = gn__store_dberr(store, "cannot store the batch");
    goto out;
  }
  rc = 0;
  if (id && idlen) snprintf(id, idlen, "%s", bid);
out:
  sqlite3_finalize(st);
  if (rc && !sqlite3_get_autocommit(db)) sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
  return rc;
}
