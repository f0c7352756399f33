/*
** sim.h: the batch of battles shared by sim.c (running) and sim-out.c
** (results as JSON, CSV and text). Client of grognard.h only.
**
** Each replication is one row of int64 values (ORDER: the R_* fields, then
** per side the S_* fields, then per objective its holder, then per unit the
** enemy strength it took off). A row is all zeros until its battle is played,
** so rows played by several processes can be summed into one table.
*/
#ifndef GN_SIM_H
#define GN_SIM_H

#include "grognard.h"

enum {
  R_PLAYED, R_SEED, R_RC, R_WINNER, R_DECISIVE, R_DECISION, R_TURNS, R_ORDERS, R_HASH,
  R_REFUSED, R_MAXREFUSED, R_PROBES, R_LEVEL, R_FIELDS
};
enum { S_STRENGTH0, S_STRENGTH, S_LOST, S_BROKEN, S_POINTS, S_MEN0, S_MEN, S_FIELDS };   /* S_MEN0 -1: no men */

struct gn_sim {
  char *name, *text, *data_dir;
  size_t len;
  char ruleset[16];
  char scenario[128];
  int nsides, nobj, nunits;
  char side[GN_BATTLE_MAXSIDES][64];
  gn_ai_params side_ai[GN_BATTLE_MAXSIDES];   /* the scenario's commanders (gn_side_ai) */
  char obj[GN_BATTLE_MAXOBJ][64];
  int obj_by[GN_BATTLE_MAXOBJ];     /* an objective's `by` turn (its holder then is the one that
                                     ** scores and the one recorded), 0 the end */
  char (*unit)[64];          /* units by their codes (ids where a unit has none), as show calls them */
  int *unit_side;
  const char *word;          /* "SP" or "figures" */
  gn_history hist;           /* the scenario's history (hist.given 0: none) */
  char **source;             /* its sources, hist.nsources of them */
  /* the batch */
  uint64_t seed;
  int runs;
  char ai[GN_BATTLE_MAXSIDES][64];
  int width;
  int64_t *rec;              /* runs x width */
};

#define SIM_ROW(s, i) ((s)->rec + (size_t)(i) * (size_t)(s)->width)
#define SIM_SIDE(s, i, k, f) SIM_ROW(s, i)[R_FIELDS + (k) * S_FIELDS + (f)]
#define SIM_OBJ(s, i, o) SIM_ROW(s, i)[R_FIELDS + (s)->nsides * S_FIELDS + (o)]
#define SIM_UNIT(s, i, u) SIM_ROW(s, i)[R_FIELDS + (s)->nsides * S_FIELDS + (s)->nobj + (u)]

#endif /* GN_SIM_H */
