/*
** cmd-serve.c: `grognard serve`, one stored game at a table of devices: a
** web page for each side and one for the umpire, each joined by a link with
** its own code (serve-http.c, serve-api.c; the page is cli/web, built in).
**
** The codes are 16 hex characters from /dev/urandom, kept beside the game in
** the store (a session note of kind "serve-codes"), so that a server
** restarted on the same store gives the same links and the devices rejoin.
** The dice mode is a session note too ("dice"), as `play` keeps it.
*/
#include "serve.h"

#include <arpa/inet.h>
#include <errno.h>
#include <jansson.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A scenario file rather than a game id: it names a .yaml/.yml file. */
static int is_scenario(const char *s) {
  size_t n = strlen(s);
  return (n > 5 && !strcmp(s + n - 5, ".yaml")) || (n > 4 && !strcmp(s + n - 4, ".yml"));
}

/* "ADDR:PORT" -> addr (an IPv4 address, or localhost; at most n - 1
** characters) and port. 0 or -1. */
static int parse_listen(const char *s, char *addr, size_t n, int *port) {
  const char *colon = strrchr(s, ':');
  if (!colon || colon == s || (size_t)(colon - s) >= n) return -1;
  char *end;
  long p = strtol(colon + 1, &end, 10);
  if (!colon[1] || *end || p < 0 || p > 65535) return -1;
  memcpy(addr, s, (size_t)(colon - s));
  addr[colon - s] = 0;
  if (!strcmp(addr, "localhost")) snprintf(addr, n, "127.0.0.1");
  struct in_addr a;
  if (inet_pton(AF_INET, addr, &a) != 1) return -1;
  *port = (int)p;
  return 0;
}

/* A new code from /dev/urandom. 0, or -1 with the reason printed. */
static int new_code(char *code) {
  unsigned char b[SRV_CODELEN / 2];
  FILE *f = fopen("/dev/urandom", "rb");
  if (!f || fread(b, 1, sizeof b, f) != sizeof b) {
    if (f) fclose(f);
    return cli_fail("serve: cannot read /dev/urandom for the join codes: %s", strerror(errno));
  }
  fclose(f);
  for (size_t i = 0; i < sizeof b; i++) snprintf(code + 2 * i, 3, "%02x", b[i]);
  return 0;
}

/* The notes read at the start: the last dice mode and the last codes. */
typedef struct notes { int table; char codes[512]; } notes;

static int read_note(void *ud, int orders, const char *kind, const char *text) {
  notes *n = ud;
  (void)orders;
  if (!strcmp(kind, "dice")) n->table = !strcmp(text, "table");
  if (!strcmp(kind, "serve-codes")) snprintf(n->codes, sizeof n->codes, "%s", text);
  return 0;
}

/* The code of name in a note "french=CODE prussians=CODE umpire=CODE" into
** code; 0, or -1 when it has none. */
static int code_in(const char *note, const char *name, char *code) {
  size_t n = strlen(name);
  for (const char *p = note; *p; p += strcspn(p, " "), p += *p == ' ') {
    if (!strncmp(p, name, n) && p[n] == '=' && strspn(p + n + 1, "0123456789abcdef") == SRV_CODELEN) {
      memcpy(code, p + n + 1, SRV_CODELEN);
      code[SRV_CODELEN] = 0;
      return 0;
    }
  }
  return -1;
}

/*
** The join codes: those kept in the store when every seat has one, else new
** ones, kept there at once. 0, or -1 with the reason printed.
*/
static int codes(srv *s, const char *note) {
  int all = 1;
  for (int k = 0; k <= s->nsides; k++) {
    const char *name = k < s->nsides ? gn_side_id(s->g, k) : "umpire";
    if (code_in(note, name, s->code[k]) != 0) all = 0;
  }
  if (all) return 0;
  char text[512] = "";
  size_t len = 0;
  for (int k = 0; k <= s->nsides; k++) {
    if (new_code(s->code[k]) != 0) return -1;
    len += (size_t)snprintf(text + len, sizeof text - len, "%s%s=%s", k ? " " : "",
                            k < s->nsides ? gn_side_id(s->g, k) : "umpire", s->code[k]);
    if (len >= sizeof text) { cli_fail("serve: the side ids are too long to keep the codes"); return -1; }
  }
  if (gn_store_note(s->st, s->id, gn_game_order_count(s->g), "serve-codes", text) != 0) {
    cli_fail("serve: cannot keep the join codes in the store: %s", gn_store_errmsg(s->st));
    return -1;
  }
  return 0;
}

/* The links, on stdout (flushed) and, with --links, as JSON into path. */
static int links(srv *s, const char *host, int port, const char *path) {
  char base[96];
  snprintf(base, sizeof base, "http://%s:%d/", host, port);
  printf("grognard serve: game %s, %s (%s), at %s\n", s->id, gn_game_scenario_name(s->g),
         gn_game_ruleset(s->g), base);
  json_t *o = json_object(), *sides = json_object(), *codes = json_object();
  for (int k = 0; k <= s->nsides; k++) {
    const char *name = k < s->nsides ? gn_side_id(s->g, k) : "umpire";
    char url[160];
    snprintf(url, sizeof url, "%s?code=%s", base, s->code[k]);
    printf("  %-9s %s\n", name, url);
    if (k < s->nsides) json_object_set_new(sides, name, json_string(url));
    else json_object_set_new(o, "umpire", json_string(url));
    json_object_set_new(codes, name, json_string(s->code[k]));
  }
  fflush(stdout);
  json_object_set_new(o, "game", json_string(s->id));
  json_object_set_new(o, "base", json_string(base));
  json_object_set_new(o, "sides", sides);
  json_object_set_new(o, "codes", codes);
  int rc = CLI_OK;
  if (path) {
    char *t = json_dumps(o, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
    rc = t ? cli_write_file(path, t) : cli_fail("out of memory");
    free(t);
  }
  json_decref(o);
  return rc;
}

static void srv_free(srv *s) {
  for (int i = 0; i < SRV_RING; i++)
    for (int k = 0; k < SRV_MAXVIEW; k++) free(s->ring[i].text[k]);
  gn_game_free(s->g);
  gn_store_close(s->st);
  pthread_cond_destroy(&s->changed);
  pthread_mutex_destroy(&s->lock);
  free(s);
}

/*
** grognard serve.
**   1) the options; the store, and the game (made from a SCENARIO, or named)
**   2) the whole game loaded (every event, for /api/events), the dice mode
**      and the codes from its notes
**   3) SIGINT and SIGTERM blocked in every thread, to be waited for here;
**      the server started; the links printed
**   4) the signal: the streams end, the server stops, exit 0
*/
static int run_serve(cli *c, const cli_cmd *cmd, int argc, char **argv) {
  cli_opt opts[] = { { "--listen", 1, 0, NULL }, { "--dice", 1, 0, NULL }, { "--links", 1, 0, NULL },
                     { "--seed", 1, 0, NULL }, { NULL, 0, 0, NULL } };
  char *pos[1], addr[64] = "127.0.0.1";
  int npos, rc, port = 8080, bound = 0;
  uint64_t seed = 1;
  if ((rc = cli_args(c, cmd, argc, argv, opts, pos, &npos, 1, 1)) != 0) return rc;         /* 1 */
  if (opts[0].seen && parse_listen(opts[0].val, addr, sizeof addr, &port) != 0)
    return cli_usage(cmd, "--listen takes ADDR:PORT, an IPv4 address and a port, like 127.0.0.1:8080 (PORT 0:"
                     " any free port), not '%s'",
                     opts[0].val);
  if (opts[1].seen && strcmp(opts[1].val, "auto") && strcmp(opts[1].val, "table"))
    return cli_usage(cmd, "--dice takes auto or table, not '%s'", opts[1].val);
  int scenario = is_scenario(pos[0]);
  if (opts[3].seen && !scenario) return cli_usage(cmd, "--seed goes with a SCENARIO file, not a game");
  if (opts[3].seen && cli_u64(opts[3].val, &seed) != 0)
    return cli_usage(cmd, "--seed needs a whole number from 0 to 2^64-1, not '%s'", opts[3].val);

  srv *s = calloc(1, sizeof *s);
  if (!s) return cli_fail("out of memory");
  pthread_condattr_t ca;
  pthread_condattr_init(&ca);
  pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
  pthread_cond_init(&s->changed, &ca);
  pthread_condattr_destroy(&ca);
  pthread_mutex_init(&s->lock, NULL);
  srv_http *h = NULL;
  rc = CLI_FAIL;
  if (cli_store_open(c, !scenario, &s->st) != CLI_OK) goto done;
  if (scenario) {
    if (gn_store_create(s->st, pos[0], seed, s->id, sizeof s->id) != 0) {
      fprintf(stderr, "%s\n", gn_store_errmsg(s->st));
      goto done;
    }
  } else {
    snprintf(s->id, sizeof s->id, "%s", pos[0]);
  }
  notes n = { 0, "" };                                                                       /* 2 */
  if (gn_store_load(s->st, s->id, &s->g) != 0 || gn_store_notes(s->st, s->id, read_note, &n) != 0) {
    cli_fail("%s", gn_store_errmsg(s->st));
    goto done;
  }
  s->nsides = gn_side_count(s->g);
  if (s->nsides > GN_BATTLE_MAXSIDES) { cli_fail("serve: at most %d sides", GN_BATTLE_MAXSIDES); goto done; }
  s->table = n.table;
  if (opts[1].seen && s->table != !strcmp(opts[1].val, "table")) {
    s->table = !s->table;
    if (gn_store_note(s->st, s->id, gn_game_order_count(s->g), "dice", opts[1].val) != 0) {
      cli_fail("%s", gn_store_errmsg(s->st));
      goto done;
    }
  }
  if (codes(s, n.codes) != 0) goto done;

  sigset_t stop;                                                                             /* 3 */
  sigemptyset(&stop);
  sigaddset(&stop, SIGINT);
  sigaddset(&stop, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &stop, NULL);
  signal(SIGPIPE, SIG_IGN);
  if (srv_http_start(s, addr, port, &h, &bound) != CLI_OK) goto done;
  if (links(s, addr, bound, opts[2].seen ? opts[2].val : NULL) != CLI_OK) goto done;
  int sig = 0;                                                                               /* 4 */
  sigwait(&stop, &sig);
  fprintf(stderr, "grognard serve: %s: stopping\n", sig == SIGINT ? "interrupted" : "terminated");
  rc = CLI_OK;
done:
  srv_http_stop(s, h);
  srv_free(s);
  return rc;
}

const cli_cmd cli_cmd_serve = {
  "serve", "(GAME | SCENARIO [--seed N]) [--listen ADDR:PORT] [--dice auto|table] [--links FILE]",
  "serve a game to the table's devices: a web page per side and for the umpire",
  "Prints one link per side and one for the umpire, each with its own code;\n"
  "a device opens its link in a browser and plays that side, seeing only what\n"
  "that side may know. Every order is stored the moment it is accepted, and\n"
  "told at once to every device. A SCENARIO file makes a new game in the store\n"
  "(as 'new'); a GAME id serves that game, with the codes it had before.\n"
  "Stops cleanly on Ctrl-C (SIGINT) or SIGTERM. See docs/serve.md.\n"
  "\noptions:\n"
  "  --listen ADDR:PORT the address to serve on (default 127.0.0.1:8080: this\n"
  "                     machine only); 0.0.0.0:8080 for the devices of the\n"
  "                     network; port 0: any free port (the links say which)\n"
  "  --dice auto|table  auto: the engine rolls; table: the players roll real\n"
  "                     dice and type them on the page (kept with the game)\n"
  "  --links FILE       also write the links and codes as JSON into FILE\n"
  "  --seed N           with a SCENARIO: the seed of the game's dice (default 1)\n",
  run_serve,
};
