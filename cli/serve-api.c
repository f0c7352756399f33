/*
** serve-api.c: the calls of `grognard serve`'s API (docs/serve.md), each
** answered for one viewer: a side's code acts and sees as that side, the
** umpire's sees everything and holds the umpire's powers. The rules are the
** library's: a call adds no legality of its own beyond whose units a side
** may order. Every call holds srv.lock while it reads or changes the game
** and the store; the odds are worked out on a copy of the game, after the
** lock is given back, so that a long enumeration holds up no one.
*/
#include "serve.h"
#include "map.h"
#include "play.h"

#include <errno.h>
#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define JSON_TYPE "application/json; charset=utf-8"
#define ORDER_MAX 1024        /* characters of an order's text */
#define DICE_MAX 1024         /* results given with one order */

int srv_slot_viewer(const srv *s, int slot) { return slot < s->nsides ? slot : GN_UMPIRE; }

/* ------------------------------------------------------------- answers */

/* Fills r with o as JSON (o is released). */
static void reply_json(srv_reply *r, int status, json_t *o) {
  r->status = status;
  r->type = JSON_TYPE;
  r->body = o ? json_dumps(o, JSON_PRESERVE_ORDER | JSON_COMPACT) : NULL;
  r->len = r->body ? strlen(r->body) : 0;
  r->accepted_ns = 0;
  json_decref(o);
}

static void verror(srv_reply *r, int status, const char *ref, int ok_field, const char *fmt, va_list ap) {
  char msg[1024];
  vsnprintf(msg, sizeof msg, fmt, ap);
  json_t *o = json_object();
  if (ok_field) json_object_set_new(o, "ok", json_false());
  json_object_set_new(o, "error", json_string(msg));
  if (ref && *ref) json_object_set_new(o, "ref", json_string(ref));
  reply_json(r, status, o);
}

void srv_error(srv_reply *r, int status, const char *ref, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  verror(r, status, ref, 0, fmt, ap);
  va_end(ap);
}

/* {"ok": false, "error", "ref"}: an order's refusal. */
GN_PRINTF(4, 5) static void refuse(srv_reply *r, int status, const char *ref, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  verror(r, status, ref, 1, fmt, ap);
  va_end(ap);
}

static json_t *side_json(const gn_game *g, int viewer) {
  return viewer >= 0 ? json_string(gn_side_id(g, viewer)) : json_null();
}

/* Event i as the API gives it: gn_event_json with "n" and "text". NULL when
** out of memory. */
static json_t *event_obj(const gn_game *g, int i) {
  char *s = gn_event_json(g, i);
  json_t *e = s ? json_loads(s, 0, NULL) : NULL;
  gn_string_free(s);
  if (!e) return NULL;
  char *t = gn_event_text(g, i);
  json_object_set_new(e, "n", json_integer(i));
  if (t) json_object_set_new(e, "text", json_string(t));
  gn_string_free(t);
  return e;
}

/* The events from..count-1 that viewer may see. NULL when out of memory. */
static json_t *events_from(const gn_game *g, int from, int viewer) {
  json_t *a = json_array();
  if (from < gn_event_first(g)) from = gn_event_first(g);
  for (int i = from; a && i < gn_event_count(g); i++) {
    if (!gn_event_visible(g, i, viewer)) continue;
    json_t *e = event_obj(g, i);
    if (!e || json_array_append_new(a, e)) { json_decref(a); a = NULL; }
  }
  return a;
}

/* ------------------------------------------------------------- changes */

void srv_change_add(srv *s, char *(*fn)(srv *s, int viewer, void *ud), void *ud) {
  srv_change *c = &s->ring[(s->gen + 1) % SRV_RING];
  for (int k = 0; k < SRV_MAXVIEW; k++) {
    free(c->text[k]);
    c->text[k] = NULL;
  }
  for (int k = 0; k <= s->nsides; k++) {
    char bare[48], *j = fn(s, srv_slot_viewer(s, k), ud);
    if (!j) snprintf(bare, sizeof bare, "{\"seq\":%d}", gn_game_order_count(s->g));
    const char *d = j ? j : bare;
    size_t n = strlen(d) + 32;
    if ((c->text[k] = malloc(n)) != NULL) snprintf(c->text[k], n, "event: change\ndata: %s\n\n", d);
    free(j);
  }
  c->gen = ++s->gen;
  pthread_cond_broadcast(&s->changed);
}

static char *dump(json_t *o) {
  char *t = o ? json_dumps(o, JSON_PRESERVE_ORDER | JSON_COMPACT) : NULL;
  json_decref(o);
  return t;
}

/* An order's change: {"seq", "events"} with the events from *ud. */
static char *order_change(srv *s, int viewer, void *ud) {
  json_t *o = json_object(), *ev = events_from(s->g, *(int *)ud, viewer);
  if (!ev) { json_decref(o); return NULL; }
  json_object_set_new(o, "seq", json_integer(gn_game_order_count(s->g)));
  json_object_set_new(o, "events", ev);
  return dump(o);
}

/* {"seq", KEY: true} (an undo, a reload) or {"seq", "dice": MODE}. */
static char *flag_change(srv *s, int viewer, void *ud) {
  (void)viewer;
  const char *key = ud;
  json_t *o = json_object();
  json_object_set_new(o, "seq", json_integer(gn_game_order_count(s->g)));
  if (!strcmp(key, "dice")) json_object_set_new(o, "dice", json_string(s->table ? "table" : "auto"));
  else json_object_set_new(o, key, json_true());
  return dump(o);
}

/* Loads the game again from the store (after an undo, or when another
** program changed it). 0, or -1 with the game kept as it was. */
static int reload(srv *s) {
  gn_game *g = NULL;
  if (gn_store_load(s->st, s->id, &g) != 0) return -1;
  gn_game_free(s->g);
  s->g = g;
  return 0;
}

/* 1 when the stored game is no longer the one held (another program
** ordered or undid in it): it is then loaded in its place. */
static int changed_elsewhere(srv *s) {
  gn_game *g = NULL;
  if (gn_store_load(s->st, s->id, &g) != 0) return 0;
  if (gn_game_order_count(g) == gn_game_order_count(s->g) && gn_game_hash(g) == gn_game_hash(s->g)) {
    gn_game_free(g);
    return 0;
  }
  gn_game_free(s->g);
  s->g = g;
  return 1;
}

/* ------------------------------------------------------------ reading */

static void session(srv *s, int viewer, srv_reply *r) {
  const gn_game *g = s->g;
  double w = 0, h = 0;
  gn_game_table(g, &w, &h);
  json_t *o = json_object(), *sides = json_array(), *t = json_object();
  json_object_set_new(o, "game", json_string(s->id));
  json_object_set_new(o, "scenario", json_string(gn_game_scenario_name(g)));
  json_object_set_new(o, "ruleset", json_string(gn_game_ruleset(g)));
  json_object_set_new(o, "unit", json_string(gn_game_unit(g)));
  json_object_set_new(o, "role", json_string(viewer == GN_UMPIRE ? "umpire" : "side"));
  json_object_set_new(o, "side", side_json(g, viewer));
  for (int i = 0; i < s->nsides; i++) {
    json_t *e = json_object();
    json_object_set_new(e, "id", json_string(gn_side_id(g, i)));
    json_object_set_new(e, "name", json_string(gn_side_name(g, i)));
    char hex[8];
    cli_map_side_colour(i, hex);
    json_object_set_new(e, "color", json_string(hex));
    json_array_append_new(sides, e);
  }
  json_object_set_new(o, "sides", sides);
  json_object_set_new(t, "width", json_real(w));
  json_object_set_new(t, "height", json_real(h));
  json_object_set_new(o, "table", t);
  reply_json(r, 200, o);
}

static void state(srv *s, int viewer, srv_reply *r) {
  const gn_game *g = s->g;
  char *v = gn_state_json(g, viewer);
  json_t *view = v ? json_loads(v, 0, NULL) : NULL;
  gn_string_free(v);
  if (!view) { srv_error(r, 500, NULL, "out of memory"); return; }
  int active = gn_game_active_side(g);
  json_t *o = json_object();
  json_object_set_new(o, "seq", json_integer(gn_game_order_count(g)));
  json_object_set_new(o, "turn", json_integer(gn_game_turn(g)));
  json_object_set_new(o, "turn_limit", json_integer(gn_game_turn_limit(g)));
  json_object_set_new(o, "phase", json_string(gn_game_phase(g)));
  json_object_set_new(o, "active_side", side_json(g, active));
  json_object_set_new(o, "clock", json_string(gn_game_clock(g).text));
  json_object_set_new(o, "over", json_boolean(gn_game_over(g)));
  json_object_set_new(o, "dice", json_string(s->table ? "table" : "auto"));
  json_object_set_new(o, "view", view);
  reply_json(r, 200, o);
}

/* The unit a side names by code, when it is its own: its index; else -1
** with r filled (404 no such unit, 403 another side's). */
static int own_unit(srv *s, int viewer, const char *code, srv_reply *r) {
  int u = gn_unit_find(s->g, code);
  gn_unit_view v;
  if (u < 0 || gn_unit_view_get(s->g, u, viewer, &v) != 0 || !v.known) {
    srv_error(r, 404, NULL, "no unit '%s' that %s may see", code,
              viewer == GN_UMPIRE ? "the umpire" : gn_side_id(s->g, viewer));
    return -1;
  }
  if (viewer != GN_UMPIRE && v.side != viewer) {
    srv_error(r, 403, NULL, "%s is a unit of %s: %s may ask only of its own units", code,
              gn_side_id(s->g, v.side), gn_side_id(s->g, viewer));
    return -1;
  }
  return u;
}

static void actions(srv *s, int viewer, const char *unit, srv_reply *r) {
  int u = -1;
  if (unit && (u = own_unit(s, viewer, unit, r)) < 0) return;
  gn_actions *a = NULL;
  int rc = gn_actions_list(s->g, viewer == GN_UMPIRE ? -1 : viewer, u, &a);
  if (rc != 0) { srv_error(r, rc == GN_ENOMEM ? 500 : 404, NULL, "%s", gn_strerror(rc)); return; }
  char *t = gn_actions_json(s->g, a);
  gn_actions_free(a);
  json_t *o = t ? json_loads(t, 0, NULL) : NULL;
  gn_string_free(t);
  if (!o) { srv_error(r, 500, NULL, "out of memory"); return; }
  reply_json(r, 200, o);
}

/* A whole number from a query argument; 0, or -1 when it is none. */
static int int_arg(const char *v, int *out) {
  char *end;
  errno = 0;
  long n = v && *v ? strtol(v, &end, 10) : -1;
  if (!v || !*v || *end || errno || n < 0 || n > 1000000000) return -1;
  *out = (int)n;
  return 0;
}

static void events(srv *s, int viewer, const char *since, srv_reply *r) {
  int from = 0;
  if (since && int_arg(since, &from) != 0) {
    srv_error(r, 400, NULL, "since takes an event number (0 or more), not '%.40s'", since);
    return;
  }
  json_t *o = json_object(), *ev = events_from(s->g, from, viewer);
  if (!ev) { json_decref(o); srv_error(r, 500, NULL, "out of memory"); return; }
  json_object_set_new(o, "next", json_integer(gn_event_count(s->g)));
  json_object_set_new(o, "events", ev);
  reply_json(r, 200, o);
}

/* ---------------------------------------------------------------- orders */

/*
** May viewer give this order? The umpire any; a side one whose acting unit
** (gn_order_actor) is its own, or that names none when its side may act now
** (the side to act, or any side in a simultaneous phase). An order naming no
** unit the rules know goes on to the rules, which refuse it. 0, or -1 with
** r filled (403 and the reason).
*/
static int may_order(srv *s, int viewer, const char *text, srv_reply *r) {
  if (viewer == GN_UMPIRE) return 0;
  const gn_game *g = s->g;
  int actor = gn_order_actor(g, text);
  if (actor >= 0) {
    gn_unit_view v;
    if (gn_unit_view_get(g, actor, GN_UMPIRE, &v) == 0 && v.side != viewer) {
      srv_error(r, 403, NULL, "%s is a unit of %s: %s orders only its own units",
                v.code && *v.code ? v.code : v.id, gn_side_id(g, v.side), gn_side_id(g, viewer));
      return -1;
    }
    return 0;
  }
  int active = gn_game_active_side(g);
  if (actor == -1 && active >= 0 && active != viewer) {
    srv_error(r, 403, NULL, "it is the %s phase of %s: %s may not give '%s' now", gn_game_phase(g),
              gn_side_id(g, active), gn_side_id(g, viewer), text);
    return -1;
  }
  return 0;
}

/* Physical dice: the results given with the order, handed to the chance
** points in turn; at the first that wants more than were given, what it
** wants is kept and the order aborted (nothing is applied). */
typedef struct feed {
  const gn_game *g;
  const int *faces;
  int n, used;
  int asked;                /* 1: a chance point wanted more */
  int refused;              /* 1: the engine refused a result given (why: refusal) */
  char refusal[256];
  gn_chance_kind kind;
  int count, target, side, unit;
  char spec[64], purpose[256], ref[32];
} feed;

static int feed_dice(void *ud, const gn_chance *c, const char *refusal, int *faces) {
  feed *f = ud;
  if (refusal) {
    f->refused = 1;
    snprintf(f->refusal, sizeof f->refusal, "%s", refusal);
    return GN_EABORTED;
  }
  int k = c->kind == GN_CHANCE_CARD ? 1 : c->dice.ndice;
  if (f->used + k > f->n) {
    f->asked = 1;
    f->kind = c->kind;
    f->count = k;
    f->target = c->target;
    f->side = c->side;
    f->unit = c->unit;
    snprintf(f->spec, sizeof f->spec, "%s", c->spec ? c->spec : "");
    snprintf(f->purpose, sizeof f->purpose, "%s", c->purpose ? c->purpose : "");
    snprintf(f->ref, sizeof f->ref, "%s", c->ref ? c->ref : "");
    return GN_EABORTED;
  }
  memcpy(faces, f->faces + f->used, (size_t)k * sizeof *faces);
  f->used += k;
  return 0;
}

/* {"ok": false, "need": {...}}: what the order's next chance point wants. */
static void need_reply(const feed *f, srv_reply *r) {
  json_t *o = json_object(), *n = json_object();
  const char *who = NULL;
  gn_unit_view v;
  if (f->kind == GN_CHANCE_CARD) who = gn_side_id(f->g, f->side);
  else if (f->unit >= 0 && gn_unit_view_get(f->g, f->unit, GN_UMPIRE, &v) == 0) who = gn_side_id(f->g, v.side);
  json_object_set_new(n, "kind", json_string(f->kind == GN_CHANCE_CARD ? "card" : "dice"));
  json_object_set_new(n, "spec", json_string(f->spec));
  json_object_set_new(n, "n", json_integer(f->count));
  json_object_set_new(n, "purpose", json_string(f->purpose));
  json_object_set_new(n, "ref", json_string(f->ref));
  json_object_set_new(n, "who", who ? json_string(who) : json_null());
  if (f->kind == GN_CHANCE_COUNT) {
    char t[32];
    snprintf(t, sizeof t, "%d or more", f->target);
    json_object_set_new(n, "need", json_string(t));
  } else {
    json_object_set_new(n, "need", json_null());
  }
  json_object_set_new(n, "given", json_integer(f->used));
  json_object_set_new(o, "ok", json_false());
  json_object_set_new(o, "need", n);
  reply_json(r, 200, o);
}

/* The order's body: {"order": TEXT, "check": BOOL, "dice": [INT...]}. 0, or
** -1 with r filled (400). *o is to be released by the caller. */
static int order_body(const char *body, size_t len, json_t **o, const char **text, int *check,
                      int *faces, int *nfaces, srv_reply *r) {
  json_error_t e;
  *o = json_loadb(body, len, 0, &e);
  if (!*o || !json_is_object(*o)) {
    if (*o) srv_error(r, 400, NULL, "the body must be a JSON object {\"order\": TEXT, ...}");
    else srv_error(r, 400, NULL, "malformed JSON at line %d, column %d: %s", e.line, e.column, e.text);
    return -1;
  }
  json_t *t = json_object_get(*o, "order"), *c = json_object_get(*o, "check"),
         *d = json_object_get(*o, "dice");
  if (!json_is_string(t) || !*json_string_value(t)) {
    srv_error(r, 400, NULL, "\"order\" must be the order's text, like \"end\"");
    return -1;
  }
  if (strlen(json_string_value(t)) > ORDER_MAX || strchr(json_string_value(t), '\n')) {
    srv_error(r, 400, NULL, "an order is one line of at most %d characters", ORDER_MAX);
    return -1;
  }
  if (c && !json_is_boolean(c)) {
    srv_error(r, 400, NULL, "\"check\" must be true or false");
    return -1;
  }
  if (d && !json_is_array(d) && !json_is_null(d)) {
    srv_error(r, 400, NULL, "\"dice\" must be an array of the results typed, like [3, 5]");
    return -1;
  }
  *nfaces = 0;
  if (json_is_array(d)) {
    if (json_array_size(d) > DICE_MAX) {
      srv_error(r, 400, NULL, "at most %d results go with one order", DICE_MAX);
      return -1;
    }
    size_t i;
    json_t *v;
    json_array_foreach(d, i, v) {
      if (!json_is_integer(v) || json_integer_value(v) < 0 || json_integer_value(v) > 1000) {
        srv_error(r, 400, NULL, "result %zu of \"dice\" is not a die's face or a card's number", i + 1);
        return -1;
      }
      faces[(*nfaces)++] = (int)json_integer_value(v);
    }
  }
  *text = json_string_value(t);
  *check = c && json_is_true(c);
  return 0;
}

/*
** POST /api/order.
**   1) the body; the game over; whose order it is (may_order)
**   2) check: the rules' answer, nothing changes
**   3) the dice source: the engine's, or the results given (physical dice)
**   4) gn_store_order: applied and committed whole, or not at all
**   5) committed: the events this viewer may see, and the change told to
**      every stream; else the refusal, what the dice wanted, or why a
**      result given cannot be
*/
static void order(srv *s, int viewer, const char *body, size_t len, srv_reply *r) {
  int *faces = malloc(DICE_MAX * sizeof *faces), nfaces = 0, check = 0;
  json_t *o = NULL;
  const char *text = NULL;
  if (!faces) { srv_error(r, 500, NULL, "out of memory"); return; }
  if (order_body(body, len, &o, &text, &check, faces, &nfaces, r) != 0) goto done;       /* 1 */
  if (gn_game_over(s->g)) { refuse(r, 409, NULL, "the game is over"); goto done; }
  if (may_order(s, viewer, text, r) != 0) goto done;
  if (check) {                                                                           /* 2 */
    int rc = gn_order_check(s->g, text);
    if (rc == 0) {
      json_t *a = json_object();
      json_object_set_new(a, "ok", json_true());
      reply_json(r, 200, a);
    } else {
      refuse(r, 200, gn_refusal_ref(s->g), "%s", gn_errmsg(s->g));
    }
    goto done;
  }
  feed f = { s->g, faces, nfaces, 0, 0, 0, "", GN_CHANCE_DICE, 0, 0, -1, -1, "", "", "" };   /* 3 */
  if (!s->table && nfaces > 0) {
    srv_error(r, 400, NULL, "the engine rolls the dice in this game (dice auto): send no \"dice\"");
    goto done;
  }
  if (s->table) gn_dice_use_table(s->g, feed_dice, &f);
  else gn_dice_use_rng(s->g);
  int nev = gn_event_count(s->g);
  int rc = gn_store_order(s->st, s->id, s->g, text);                                      /* 4 */
  gn_dice_use_rng(s->g);   /* the feed lives no longer than this call */
  if (rc == 0) {                                                                          /* 5 */
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    json_t *a = json_object(), *ev = events_from(s->g, nev, viewer);
    json_object_set_new(a, "ok", json_true());
    json_object_set_new(a, "seq", json_integer(gn_game_order_count(s->g)));
    json_object_set_new(a, "events", ev ? ev : json_array());
    if (f.used < nfaces) json_object_set_new(a, "unused", json_integer(nfaces - f.used));
    reply_json(r, 200, a);
    r->accepted_ns = (long long)now.tv_sec * 1000000000LL + now.tv_nsec;
    srv_change_add(s, order_change, &nev);
  } else if (f.refused) {
    srv_error(r, 400, NULL, "%s", f.refusal);
  } else if (f.asked) {
    need_reply(&f, r);
  } else {
    char msg[1024], ref[32];
    snprintf(msg, sizeof msg, "%s", gn_store_errmsg(s->st));
    snprintf(ref, sizeof ref, "%s", gn_refusal_ref(s->g) ? gn_refusal_ref(s->g) : "");
    if (rc == GN_ESTATE && changed_elsewhere(s)) {
      refuse(r, 409, NULL, "the game changed in the store meanwhile (another program); it is loaded"
                           " again: look, and give the order again");
      srv_change_add(s, flag_change, "reload");
    } else {
      refuse(r, 409, rc == GN_EREFUSED ? ref : NULL, "%s", msg);
    }
  }
done:
  json_decref(o);
  free(faces);
}

static void undo(srv *s, int viewer, srv_reply *r) {
  if (gn_store_undo(s->st, s->id, viewer) != 0) {
    refuse(r, 409, NULL, "%s", gn_store_errmsg(s->st));
    return;
  }
  if (reload(s) != 0) {
    srv_error(r, 500, NULL, "the order was taken back, but the game does not load: %s",
              gn_store_errmsg(s->st));
    return;
  }
  json_t *a = json_object();
  json_object_set_new(a, "ok", json_true());
  json_object_set_new(a, "seq", json_integer(gn_game_order_count(s->g)));
  reply_json(r, 200, a);
  srv_change_add(s, flag_change, "undo");
}

static void dice(srv *s, int viewer, const char *body, size_t len, srv_reply *r) {
  if (viewer != GN_UMPIRE) { srv_error(r, 403, NULL, "only the umpire sets how dice are rolled"); return; }
  json_t *o = json_loadb(body, len, 0, NULL), *m = o ? json_object_get(o, "mode") : NULL;
  const char *mode = json_is_string(m) ? json_string_value(m) : "";
  if (strcmp(mode, "auto") && strcmp(mode, "table")) {
    json_decref(o);
    srv_error(r, 400, NULL, "the body is {\"mode\": \"auto\"} or {\"mode\": \"table\"}");
    return;
  }
  int table = !strcmp(mode, "table");
  json_decref(o);
  mode = table ? "table" : "auto";
  if (table != s->table) {
    if (gn_store_note(s->st, s->id, gn_game_order_count(s->g), "dice", mode) != 0) {
      srv_error(r, 500, NULL, "%s", gn_store_errmsg(s->st));
      return;
    }
    s->table = table;
    srv_change_add(s, flag_change, "dice");
  }
  json_t *a = json_object();
  json_object_set_new(a, "ok", json_true());
  json_object_set_new(a, "dice", json_string(mode));
  reply_json(r, 200, a);
}

/* -------------------------------------------------------- odds and why */

/* {"lines": [...]} from text written to a memory stream, one line each,
** with its leading blanks kept (they indent). */
static json_t *lines_json(const char *text) {
  json_t *a = json_array();
  while (a && text && *text) {
    size_t n = strcspn(text, "\n");
    json_array_append_new(a, json_stringn(text, n));
    text += n + (text[n] == '\n');
  }
  return a;
}

static void odds(srv *s, int viewer, const char *text, srv_reply *r) {
  if (!text || !*text || strlen(text) > ORDER_MAX) {
    pthread_mutex_unlock(&s->lock);
    srv_error(r, 400, NULL, "odds takes ?order=TEXT, an order of at most %d characters", ORDER_MAX);
    return;
  }
  if (viewer != GN_UMPIRE) {
    pthread_mutex_unlock(&s->lock);
    srv_error(r, 403, NULL, "the odds read the true state, hidden values included (the enemy's morale):"
                            " only the umpire may ask, as in play");
    return;
  }
  gn_game *g = gn_game_clone(s->g);
  pthread_mutex_unlock(&s->lock);   /* the work on the copy holds up no one */
  if (!g) { srv_error(r, 500, NULL, "out of memory"); return; }
  char *buf = NULL;
  size_t n = 0;
  int exact = 0, rc = CLI_FAIL;
  FILE *f = open_memstream(&buf, &n);
  if (f) {
    rc = play_odds_write(f, g, text, 0, &exact);
    fclose(f);
  }
  if (!buf) srv_error(r, 500, NULL, "out of memory");
  else if (rc != CLI_OK) refuse(r, 409, gn_refusal_ref(g), "%s", gn_errmsg(g));
  else {
    json_t *o = json_object();
    json_object_set_new(o, "lines", lines_json(buf));
    json_object_set_new(o, "exact", json_boolean(exact));
    reply_json(r, 200, o);
  }
  free(buf);
  gn_game_free(g);
}

static void why(srv *s, int viewer, const char *arg, srv_reply *r) {
  int n;
  if (int_arg(arg, &n) != 0) {
    srv_error(r, 400, NULL, "why takes ?event=N, an event number (the \"n\" of an event)");
    return;
  }
  if (n >= gn_event_count(s->g) || n < gn_event_first(s->g)) {
    srv_error(r, 404, NULL, "no event %d (the log has %d, numbered from 0)", n, gn_event_count(s->g));
    return;
  }
  if (!gn_event_visible(s->g, n, viewer)) {
    srv_error(r, 403, NULL, "event %d is hidden from %s", n, gn_side_id(s->g, viewer));
    return;
  }
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  if (f) {
    play_why_write(f, s->g, viewer, n);
    fclose(f);
  }
  if (!buf) { srv_error(r, 500, NULL, "out of memory"); return; }
  json_t *o = json_object();
  json_object_set_new(o, "lines", lines_json(buf));
  free(buf);
  reply_json(r, 200, o);
}

/* ------------------------------------------------------------------ map */

/*
** GET /api/map.svg[?select=CODE] and /api/map.json: the map as the viewer
** sees it, from `grognard map`'s own drawing (cli_map_render), and where the
** table lies in it. select: a unit the viewer may select (a side: its own).
** The drawing is made on a copy of the game, after the lock is given back.
*/
static void map(srv *s, int viewer, const char *select, int json, srv_reply *r) {
  int u = -1;
  if (select && *select && (u = own_unit(s, viewer, select, r)) < 0) {
    pthread_mutex_unlock(&s->lock);
    return;
  }
  gn_game *g = gn_game_clone(s->g);
  pthread_mutex_unlock(&s->lock);
  if (!g) { srv_error(r, 500, NULL, "out of memory"); return; }
  cli_map_opts o = { viewer, u, CLI_MAP_SVG, CLI_MAP_FIT, 0 };
  cli_map_frame f;
  char *data = NULL, err[256];
  size_t len = 0;
  if (cli_map_render(g, &o, &data, &len, &f, err, sizeof err) != CLI_OK) {
    srv_error(r, 500, NULL, "the map cannot be drawn: %s", err);
  } else if (json) {
    json_t *a = json_object();
    json_object_set_new(a, "width", json_real(f.width));
    json_object_set_new(a, "height", json_real(f.height));
    json_object_set_new(a, "scale", json_real(f.scale));
    json_object_set_new(a, "x0", json_real(f.x0));
    json_object_set_new(a, "y0", json_real(f.y0));
    reply_json(r, 200, a);
  } else {
    r->status = 200;
    r->type = "image/svg+xml; charset=utf-8";
    r->body = data;
    r->len = len;
    r->accepted_ns = 0;
    data = NULL;
  }
  free(data);
  gn_game_free(g);
}

/* -------------------------------------------------------------- routing */

typedef enum { GET, POST } method;
static const struct route { const char *path; method m; } routes[] = {
  { "/session", GET }, { "/state", GET }, { "/actions", GET }, { "/events", GET },
  { "/odds", GET }, { "/why", GET }, { "/order", POST }, { "/undo", POST }, { "/dice", POST },
  { "/map.svg", GET }, { "/map.json", GET },
};
#define NROUTES ((int)(sizeof routes / sizeof routes[0]))

void srv_api(srv *s, int slot, const char *meth, const char *path, const char *body, size_t len,
             const char *(*query)(void *ud, const char *name), void *ud, srv_reply *r) {
  int viewer = srv_slot_viewer(s, slot), k = 0;
  while (k < NROUTES && strcmp(routes[k].path, path)) k++;
  if (k == NROUTES) { srv_error(r, 404, NULL, "no call /api%.60s", path); return; }
  if ((routes[k].m == POST) != !strcmp(meth, "POST")) {
    srv_error(r, 405, NULL, "/api%s is called with %s", path, routes[k].m == POST ? "POST" : "GET");
    return;
  }
  pthread_mutex_lock(&s->lock);
  switch (k) {
  case 0: session(s, viewer, r); break;
  case 1: state(s, viewer, r); break;
  case 2: actions(s, viewer, query(ud, "unit"), r); break;
  case 3: events(s, viewer, query(ud, "since"), r); break;
  case 4: odds(s, viewer, query(ud, "order"), r); return;   /* gives the lock back itself */
  case 5: why(s, viewer, query(ud, "event"), r); break;
  case 6: order(s, viewer, body, len, r); break;
  case 7: undo(s, viewer, r); break;
  case 8: dice(s, viewer, body, len, r); break;
  case 9: map(s, viewer, query(ud, "select"), 0, r); return;    /* give the lock back themselves */
  case 10: map(s, viewer, NULL, 1, r); return;
  }
  pthread_mutex_unlock(&s->lock);
}
