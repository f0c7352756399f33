/*
** serve-http.c: the HTTP side of `grognard serve`, on libmicrohttpd with one
** thread per connection.
**
**   /api/...   the page's API: the join code first (header X-Grognard-Code
**              or ?code=), then serve-api.c; /api/stream is the event stream
**   any other  a file of the page, by exact name from the table built into
**              the command (scripts/embed-web): no file is read at run time,
**              so no request path can reach the disk
**
** A request body is gathered up to SRV_BODYMAX; a larger one (by its
** Content-Length, or as it comes) is answered 413 and not kept.
*/
#include "serve.h"

#include <arpa/inet.h>
#include <errno.h>
#include <jansson.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>

struct srv_http {
  struct MHD_Daemon *d;
};

/* A request in progress: the body gathered so far. */
typedef struct req {
  char *body;
  size_t len;
  int toobig;
} req;

/* One stream connection: the viewer's slot, the last change sent, and the
** part of a message not yet written. */
typedef struct stream {
  srv *s;
  int slot;
  unsigned long gen;
  int opened;
  char *msg;
  size_t len, off;
} stream;

/* The slot whose code is code (compared in constant time), else -1. */
static int slot_of(const srv *s, const char *code) {
  if (!code || strlen(code) != SRV_CODELEN) return -1;
  int found = -1;
  for (int k = 0; k <= s->nsides; k++) {
    unsigned diff = 0;
    for (int i = 0; i < SRV_CODELEN; i++) diff |= (unsigned)(code[i] ^ s->code[k][i]);
    if (diff == 0) found = k;
  }
  return found;
}

static enum MHD_Result queue(struct MHD_Connection *c, int status, const char *type, void *data,
                             size_t len, enum MHD_ResponseMemoryMode mode, int api,
                             long long accepted_ns) {
  struct MHD_Response *r = MHD_create_response_from_buffer(len, data, mode);
  if (!r) {
    if (mode == MHD_RESPMEM_MUST_FREE) free(data);
    return MHD_NO;
  }
  MHD_add_response_header(r, "Content-Type", type);
  MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
  MHD_add_response_header(r, "Cache-Control", api ? "no-store" : "no-cache");
  if (status == MHD_HTTP_METHOD_NOT_ALLOWED) MHD_add_response_header(r, "Allow", api ? "GET, POST" : "GET, HEAD");
  if (accepted_ns) {
    char t[32];
    snprintf(t, sizeof t, "%lld", accepted_ns);
    MHD_add_response_header(r, "X-Grognard-Accepted", t);
  }
  enum MHD_Result rc = MHD_queue_response(c, (unsigned)status, r);
  MHD_destroy_response(r);
  return rc;
}

static enum MHD_Result queue_reply(struct MHD_Connection *c, srv_reply *r) {
  if (!r->body) {   /* out of memory while answering */
    static char oom[] = "{\"error\": \"out of memory\"}";
    return queue(c, MHD_HTTP_INTERNAL_SERVER_ERROR, "application/json; charset=utf-8", oom,
                 sizeof oom - 1, MHD_RESPMEM_PERSISTENT, 1, 0);
  }
  return queue(c, r->status, r->type, r->body, r->len, MHD_RESPMEM_MUST_FREE, 1, r->accepted_ns);
}

static enum MHD_Result queue_error(struct MHD_Connection *c, int status, const char *msg, int api) {
  srv_reply r;
  srv_error(&r, status, NULL, "%s", msg);
  if (!r.body) return queue_reply(c, &r);
  return queue(c, r.status, r.type, r.body, r.len, MHD_RESPMEM_MUST_FREE, api, 0);
}

/* ---------------------------------------------------------------- stream */

/*
** The stream's content, asked for by the connection's thread whenever it
** may write.
**   1) the rest of a message begun
**   2) at the opening: the reconnection delay and a comment, so that the
**      client knows at once that the stream is open
**   3) the next change after the last one sent, as this viewer is told it;
**      a stream more than SRV_RING changes behind ends (the page reconnects
**      and reads what it missed from /api/events)
**   4) nothing new for SRV_KEEPALIVE seconds: a comment line
**   5) the server is stopping: the end of the stream
*/
static ssize_t stream_read(void *cls, uint64_t pos, char *buf, size_t max) {
  stream *t = cls;
  srv *s = t->s;
  (void)pos;
  if (t->off >= t->len) {                                                         /* 1 */
    free(t->msg);
    t->msg = NULL;
    t->len = t->off = 0;
    pthread_mutex_lock(&s->lock);
    struct timespec until;
    clock_gettime(CLOCK_MONOTONIC, &until);
    until.tv_sec += SRV_KEEPALIVE;
    while (!t->msg) {
      if (s->stopping) break;                                                     /* 5 */
      if (!t->opened) {                                                           /* 2 */
        t->opened = 1;
        t->msg = strdup("retry: 2000\n: grognard event stream\n\n");
        break;
      }
      if (s->gen > t->gen) {                                                      /* 3 */
        if (s->gen - t->gen > SRV_RING) break;
        t->gen++;
        const char *m = s->ring[t->gen % SRV_RING].text[t->slot];
        t->msg = strdup(m ? m : "event: change\ndata: {}\n\n");
        break;
      }
      if (pthread_cond_timedwait(&s->changed, &s->lock, &until) == ETIMEDOUT && s->gen <= t->gen &&
          !s->stopping) {
        t->msg = strdup(": keep-alive\n\n");                                      /* 4 */
        break;
      }
    }
    pthread_mutex_unlock(&s->lock);
    if (!t->msg) return MHD_CONTENT_READER_END_OF_STREAM;
    t->len = strlen(t->msg);
  }
  size_t n = t->len - t->off < max ? t->len - t->off : max;
  memcpy(buf, t->msg + t->off, n);
  t->off += n;
  return (ssize_t)n;
}

static void stream_free(void *cls) {
  stream *t = cls;
  free(t->msg);
  free(t);
}

static enum MHD_Result open_stream(srv *s, struct MHD_Connection *c, int slot) {
  stream *t = calloc(1, sizeof *t);
  if (!t) return queue_error(c, MHD_HTTP_INTERNAL_SERVER_ERROR, "out of memory", 1);
  t->s = s;
  t->slot = slot;
  /* a message is small and wanted at once: no waiting to fill a segment */
  const union MHD_ConnectionInfo *ci = MHD_get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);
  int one = 1;
  if (ci) setsockopt(ci->connect_fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  pthread_mutex_lock(&s->lock);
  t->gen = s->gen;   /* the changes from now on */
  pthread_mutex_unlock(&s->lock);
  struct MHD_Response *r = MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, 4096, stream_read, t,
                                                             stream_free);
  if (!r) { free(t); return MHD_NO; }
  MHD_add_response_header(r, "Content-Type", "text/event-stream; charset=utf-8");
  MHD_add_response_header(r, "Cache-Control", "no-store");
  MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
  enum MHD_Result rc = MHD_queue_response(c, MHD_HTTP_OK, r);
  MHD_destroy_response(r);
  return rc;
}

/* --------------------------------------------------------------- routing */

static const char *query_arg(void *ud, const char *name) {
  return MHD_lookup_connection_value(ud, MHD_GET_ARGUMENT_KIND, name);
}

static enum MHD_Result api(srv *s, struct MHD_Connection *c, const char *url, const char *method,
                           req *q) {
  const char *code = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "X-Grognard-Code");
  if (!code) code = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "code");
  int slot = slot_of(s, code);
  if (slot < 0)
    return queue_error(c, MHD_HTTP_FORBIDDEN, code ? "this code opens no seat at this table: join with"
                                                     " the link the server printed"
                                                   : "no code given: join with the link the server"
                                                     " printed (or send X-Grognard-Code)", 1);
  if (q->toobig)
    return queue_error(c, MHD_HTTP_CONTENT_TOO_LARGE, "the request body is over 64 KiB", 1);
  int get = !strcmp(method, "GET") || !strcmp(method, "HEAD"), post = !strcmp(method, "POST");
  if (!strcmp(url, "/api/stream")) {
    if (!get) return queue_error(c, MHD_HTTP_METHOD_NOT_ALLOWED, "the stream is read with GET", 1);
    return open_stream(s, c, slot);
  }
  if (!get && !post)
    return queue_error(c, MHD_HTTP_METHOD_NOT_ALLOWED, "the API takes GET and POST only", 1);
  srv_reply r;
  srv_api(s, slot, post ? "POST" : "GET", url + 4, post ? (q->body ? q->body : "") : NULL,
          q->len, query_arg, c, &r);
  return queue_reply(c, &r);
}

static enum MHD_Result file(struct MHD_Connection *c, const char *url, const char *method) {
  if (strcmp(method, "GET") && strcmp(method, "HEAD"))
    return queue_error(c, MHD_HTTP_METHOD_NOT_ALLOWED, "the page's files are read with GET", 0);
  const char *name = strcmp(url, "/") ? url : "/index.html";
  for (int i = 0; i < cli_web_nfiles; i++)
    if (!strcmp(cli_web_files[i].name, name))
      return queue(c, MHD_HTTP_OK, cli_web_files[i].type, (void *)cli_web_files[i].data,
                   cli_web_files[i].len, MHD_RESPMEM_PERSISTENT, 0, 0);
  return queue_error(c, MHD_HTTP_NOT_FOUND, cli_web_nfiles ? "no such file"
                     : "no such file (this grognard was built without its page: cli/web was empty)", 0);
}

/*
** One request, called by libmicrohttpd several times:
**   1) first, with the headers only: a body announced over SRV_BODYMAX is
**      refused at once (413), before any of it is read
**   2) then with each piece of the body: gathered, up to SRV_BODYMAX
**   3) last, with no more body: the answer
*/
static enum MHD_Result handle(void *cls, struct MHD_Connection *c, const char *url,
                              const char *method, const char *version, const char *upload,
                              size_t *upsize, void **con_cls) {
  srv *s = cls;
  req *q = *con_cls;
  (void)version;
  if (!q) {                                                                       /* 1 */
    if (!(q = calloc(1, sizeof *q))) return MHD_NO;
    *con_cls = q;
    const char *cl = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Content-Length");
    if (cl && strtoull(cl, NULL, 10) > SRV_BODYMAX) {
      q->toobig = 1;
      return queue_error(c, MHD_HTTP_CONTENT_TOO_LARGE, "the request body is over 64 KiB",
                         !strncmp(url, "/api/", 5));
    }
    return MHD_YES;
  }
  if (*upsize) {                                                                  /* 2 */
    if (!q->toobig && q->len + *upsize > SRV_BODYMAX) {
      q->toobig = 1;
      free(q->body);
      q->body = NULL;
      q->len = 0;
    }
    if (!q->toobig) {
      char *b = realloc(q->body, q->len + *upsize + 1);
      if (!b) return MHD_NO;
      memcpy(b + q->len, upload, *upsize);
      q->body = b;
      q->len += *upsize;
      b[q->len] = 0;
    }
    *upsize = 0;
    return MHD_YES;
  }
  if (!strncmp(url, "/api/", 5) || !strcmp(url, "/api")) return api(s, c, url, method, q);  /* 3 */
  return file(c, url, method);
}

static void completed(void *cls, struct MHD_Connection *c, void **con_cls,
                      enum MHD_RequestTerminationCode why) {
  (void)cls; (void)c; (void)why;
  req *q = *con_cls;
  if (q) { free(q->body); free(q); }
  *con_cls = NULL;
}

/* The request's path decoded as libmicrohttpd does (%XX), except that a
** decoded NUL would cut the name short ("/%00/etc/passwd" would read as "/",
** the page): a path holding %00 is left undecoded, so that it names no file
** of the page (404) and no call. */
static size_t unescape(void *cls, struct MHD_Connection *c, char *uri) {
  (void)cls; (void)c;
  if (strstr(uri, "%00")) return strlen(uri);
  return MHD_http_unescape(uri);
}

int srv_http_start(srv *s, const char *addr, int port, srv_http **out, int *bound) {
  struct sockaddr_in sa;
  memset(&sa, 0, sizeof sa);
  sa.sin_family = AF_INET;
  sa.sin_port = htons((uint16_t)port);
  if (inet_pton(AF_INET, addr, &sa.sin_addr) != 1)
    return cli_fail("serve: '%s' is not an IPv4 address like 127.0.0.1", addr);
  srv_http *h = calloc(1, sizeof *h);
  if (!h) return cli_fail("out of memory");
  h->d = MHD_start_daemon(MHD_USE_THREAD_PER_CONNECTION | MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_POLL,
                          0, NULL,
                          NULL, handle, s, MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&sa,
                          MHD_OPTION_NOTIFY_COMPLETED, completed, NULL,
                          MHD_OPTION_UNESCAPE_CALLBACK, unescape, NULL,
                          MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)120, MHD_OPTION_END);
  if (!h->d) {
    free(h);
    return cli_fail("serve: cannot listen on %s:%d (%s)", addr, port,
                    errno ? strerror(errno) : "the port is taken or not allowed");
  }
  const union MHD_DaemonInfo *i = MHD_get_daemon_info(h->d, MHD_DAEMON_INFO_BIND_PORT);
  *bound = i ? i->port : port;
  *out = h;
  return CLI_OK;
}

void srv_http_stop(srv *s, srv_http *h) {
  if (!h) return;
  pthread_mutex_lock(&s->lock);
  s->stopping = 1;
  pthread_cond_broadcast(&s->changed);
  pthread_mutex_unlock(&s->lock);
  MHD_stop_daemon(h->d);
  free(h);
}
