/*
** serve.h: what the files of `grognard serve` share (cmd-serve.c: the
** command, its links and codes; serve-http.c: the HTTP server, its static
** files and the event stream; serve-api.c: the calls of the page's API).
**
** One server holds one stored game. Every thread that touches the game or
** the store holds srv.lock; an order is committed by gn_store_order before
** it is told to anyone. Each change (an order, an undo, the dice mode) is
** written once per viewer into the change ring, under the lock, and the
** stream connections (one thread each) wait on srv.changed and copy their
** viewer's text from the ring.
*/
#ifndef GN_SERVE_H
#define GN_SERVE_H

#include "cli.h"

#include <pthread.h>
#include <stddef.h>

/* One file of the page, built into the command by scripts/embed-web. */
typedef struct cli_web_file {
  const char *name;       /* "/app.js": the request path that serves it */
  const char *type;       /* its media type */
  const unsigned char *data;
  size_t len;
} cli_web_file;
extern const cli_web_file cli_web_files[];   /* ended by a NULL name */
extern const int cli_web_nfiles;

#define SRV_CODELEN 16          /* hex characters of a join code */
#define SRV_MAXVIEW (GN_BATTLE_MAXSIDES + 1)   /* the sides, then the umpire */
#define SRV_RING 1024           /* changes kept for the streams */
#define SRV_BODYMAX (64 * 1024) /* a request body over this: 413 */
#define SRV_KEEPALIVE 15        /* seconds between the stream's comment lines */

/* One change as each viewer is told it: the stream's whole message ("event:
** change", its "data:" line and the blank line), one per viewer slot
** (0..nsides-1 the sides, nsides the umpire), malloc'd; written once, copied
** by each stream. */
typedef struct srv_change {
  unsigned long gen;      /* 1, 2, ... in the order the changes happened */
  char *text[SRV_MAXVIEW];
} srv_change;

typedef struct srv {
  pthread_mutex_t lock;   /* the game, the store, the ring and the mode */
  pthread_cond_t changed; /* broadcast on every change and at shutdown */
  gn_store *st;
  gn_game *g;
  char id[32];
  int nsides;
  int table;              /* 1: physical dice typed at the table; 0: the engine rolls */
  int stopping;           /* set at SIGINT/SIGTERM: the streams end */
  char code[SRV_MAXVIEW][SRV_CODELEN + 1];   /* by viewer slot */
  unsigned long gen;      /* the last change's gen (0: none yet) */
  srv_change ring[SRV_RING];   /* change gen sits at ring[gen % SRV_RING] */
} srv;

/* The viewer a slot stands for: a side index, or GN_UMPIRE for the last. */
int srv_slot_viewer(const srv *s, int slot);

/* serve-api.c. A call's answer: an HTTP status, a media type and a body
** (malloc'd; the HTTP layer frees it). */
typedef struct srv_reply {
  int status;
  const char *type;
  char *body;
  size_t len;
  long long accepted_ns;  /* an order committed: when (CLOCK_MONOTONIC), sent as the header
                          ** X-Grognard-Accepted for the measure of `make bench`; else 0 */
} srv_reply;
/* Answers one call of the API (path after "/api", method "GET" or "POST",
** body NULL for a GET) for the viewer of slot (from the code already
** checked). query looks up an argument of the request's query by name
** (decoded; NULL when absent) through ud. Takes srv.lock itself. Always
** fills r (an error is a 4xx JSON body). */
void srv_api(srv *s, int slot, const char *method, const char *path, const char *body,
             size_t len, const char *(*query)(void *ud, const char *name), void *ud,
             srv_reply *r);
/* Fills r with {"error": msg} (and "ref" when ref is not empty). */
void srv_error(srv_reply *r, int status, const char *ref, const char *fmt, ...) GN_PRINTF(4, 5);
/* Records a change under srv.lock: for each viewer, the message whose data
** is the JSON text made by fn(s, viewer, ud) (malloc'd, freed here; NULL: out
** of memory, that viewer then gets a bare {"seq"}), then wakes the streams. */
void srv_change_add(srv *s, char *(*fn)(srv *s, int viewer, void *ud), void *ud);

/* serve-http.c: serves s on addr:port until stop is set (the caller's signal
** wait). srv_http_start fills *port with the port bound (port 0: the
** system's choice). CLI_OK, or CLI_FAIL with the reason printed. */
typedef struct srv_http srv_http;
int srv_http_start(srv *s, const char *addr, int port, srv_http **out, int *bound);
/* Ends every stream, stops the server and frees it. */
void srv_http_stop(srv *s, srv_http *h);

#endif /* GN_SERVE_H */
