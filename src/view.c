/*
** view.c: the state as a viewer may see it. The umpire
** sees everything; a side sees its own units exactly and the enemy only as the
** ruleset's view hook allows. The mechanism is here; each ruleset fills it.
*/
#include "core.h"

#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


/* 1 when the viewer may read attribute k of unit u. */
static int attr_visible(const gn_game *g, int u, int k, int viewer) {
  const gn__attrdef *a = &g->sc->rs->attrs[k];
  return viewer == GN_UMPIRE || viewer == g->sc->unit[u].side || !a->hidden;
}

static json_t *unit_json(const gn_game *g, int u, int viewer) {
  gn_unit_view v;
  if (gn_unit_view_get(g, u, viewer, &v) || !v.known) return NULL;
  json_t *o = json_object();
  json_object_set_new(o, "id", json_string(v.id));
  json_object_set_new(o, "code", json_string(v.code));
  json_object_set_new(o, "name", json_string(v.name));
  json_object_set_new(o, "type", json_string(v.type));
  json_object_set_new(o, "side", json_string(g->sc->side[v.side].id));
  if (v.formation >= 0) json_object_set_new(o, "formation", json_string(g->sc->formation[v.formation].id));
  json_object_set_new(o, "x", json_real(v.box.c.x));
  json_object_set_new(o, "y", json_real(v.box.c.y));
  json_object_set_new(o, "facing", json_real(gn__compass(v.box.facing)));
  json_object_set_new(o, "strength", v.strength >= 0 ? json_integer(v.strength) : json_null());
  json_object_set_new(o, "strength0", v.strength0 >= 0 ? json_integer(v.strength0) : json_null());
  json_object_set_new(o, "removed", json_boolean(v.removed));
  if (v.arrives) json_object_set_new(o, "arrives", json_integer(v.arrives));
  if (v.arrives_clock) {
    char t[40];
    gn__clock_text(v.arrives_clock, t, sizeof t);
    json_object_set_new(o, "arrives_at", json_string(t));
  }
  if (v.rating >= 0) json_object_set_new(o, "rating", json_string(gn_rating_name(v.rating)));
  if (v.command_radius >= 0) json_object_set_new(o, "command_radius", json_real(v.command_radius));
  json_object_set_new(o, "status", json_string(v.status));
  json_t *at = json_object();
  const gn__ruleset *rs = g->sc->rs;
  for (int k = 0; k < rs->nattrs; k++)
    if (attr_visible(g, u, k, viewer)) json_object_set_new(at, rs->attrs[k].name, json_integer(g->st.u[u].attr[k]));
  json_object_set_new(o, "attrs", at);
  return o;
}

char *gn_state_json(const gn_game *g, int viewer) {
  if (!g || !g->sc) return NULL;
  json_t *o = json_object();
  json_object_set_new(o, "scenario", json_string(g->sc->name));
  json_object_set_new(o, "ruleset", json_string(g->sc->rs->id));
  json_object_set_new(o, "viewer", viewer == GN_UMPIRE ? json_string("umpire")
                                   : json_string(gn_side_id(g, viewer) ? gn_side_id(g, viewer) : "?"));
  json_object_set_new(o, "clock", json_string(gn_game_clock(g).text));
  json_object_set_new(o, "turn", json_integer(g->st.turn));
  json_object_set_new(o, "turns", json_integer(g->sc->turns));
  json_object_set_new(o, "phase", json_string(gn_game_phase(g)));
  json_object_set_new(o, "active_side", g->st.active >= 0 && g->st.active < g->sc->nsides
                                            ? json_string(g->sc->side[g->st.active].id) : json_null());
  json_object_set_new(o, "over", json_boolean(g->st.over));
  char hash[24];
  snprintf(hash, sizeof hash, "%016llx", (unsigned long long)gn__state_hash(g));
  if (viewer == GN_UMPIRE) json_object_set_new(o, "hash", json_string(hash));
  json_t *units = json_array();
  for (int u = 0; u < g->sc->nunits; u++) {
    json_t *j = unit_json(g, u, viewer);
    if (j) json_array_append_new(units, j);
  }
  json_object_set_new(o, "units", units);
  json_t *obj = json_array();
  for (int i = 0; i < g->sc->nobjectives; i++) {
    int ow = g->st.owner[i];
    json_array_append_new(obj, json_pack("{s:s, s:s, s:o}", "id", g->sc->objective[i].id, "name",
                                         g->sc->objective[i].name,
                                         "owner", ow >= 0 ? json_string(g->sc->side[ow].id) : json_null()));
  }
  json_object_set_new(o, "objectives", obj);
  char *s = json_dumps(o, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(10));
  json_decref(o);
  return s;
}

/* A growing text buffer (malloc: the caller frees it with gn_string_free). */
typedef struct sbuf { char *s; size_t n, cap; int oom; } sbuf;

GN_PRINTF(2, 3) static void put(sbuf *b, const char *fmt, ...) {
  char tmp[512];
  va_list ap;
  va_start(ap, fmt);
  int k = vsnprintf(tmp, sizeof tmp, fmt, ap);
  va_end(ap);
  if (k < 0 || b->oom) return;
  if ((size_t)k >= sizeof tmp) k = sizeof tmp - 1;
  if (b->n + k + 1 > b->cap) {
    size_t cap = b->cap ? b->cap * 2 : 1024;
    while (cap < b->n + k + 1) cap *= 2;
    char *s = realloc(b->s, cap);
    if (!s) { b->oom = 1; return; }
    b->s = s; b->cap = cap;
  }
  memcpy(b->s + b->n, tmp, (size_t)k + 1);
  b->n += k;
}

/* s in a column of cols characters: cut after cols characters, never inside
** a UTF-8 sequence, and padded with blanks; out holds at least 4 * cols + 1
** bytes (n). */
static const char *column(char *out, size_t n, const char *s, int cols) {
  size_t o = 0;
  int c = 0;
  while (*s && c < cols) {
    size_t len = 1;
    while ((s[len] & 0xC0) == 0x80) len++;   /* the continuation bytes of this character */
    if (o + len + 1 > n) break;
    memcpy(out + o, s, len);
    o += len;
    s += len;
    c++;
  }
  while (c++ < cols && o + 1 < n) out[o++] = ' ';
  out[o] = 0;
  return out;
}

/* A unit type as players read it: "infantry brigade", not the schema's
** "infantry_brigade"; out holds n bytes. */
static const char *type_words(char *out, size_t n, const char *type) {
  snprintf(out, n, "%s", type ? type : "");
  for (char *c = out; *c; c++) if (*c == '_') *c = ' ';
  return out;
}

char *gn_state_text(const gn_game *g, int viewer) {
  if (!g || !g->sc) return NULL;
  sbuf b = { 0 };
  /* past the last turn the game says so, never "turn 5 of 4" */
  char turn[48];
  if (g->st.turn > g->sc->turns) snprintf(turn, sizeof turn, "all %d turns played", g->sc->turns);
  else snprintf(turn, sizeof turn, "turn %d of %d", g->st.turn, g->sc->turns);
  put(&b, "%s (%s), %s; %s, %s%s%s\n", g->sc->name, g->sc->rs->id, gn_game_clock(g).text,
      turn, gn_game_phase(g),
      g->st.active >= 0 && g->st.active < g->sc->nsides ? ", " : "",
      g->st.active >= 0 && g->st.active < g->sc->nsides ? g->sc->side[g->st.active].name : "");
  if (g->st.over) put(&b, "the game is over\n");
  put(&b, "seen by %s\n", viewer == GN_UMPIRE ? "the umpire" : gn_side_name(g, viewer) ? gn_side_name(g, viewer) : "?");
  for (int s = 0; s < g->sc->nsides; s++) {
    put(&b, "\n%s\n", g->sc->side[s].name);
    put(&b, "  %-10s %-20s %-18s %7s %7s %6s %5s  %s\n", "code", "name", "type", "x", "y", "facing",
        "str", "status");
    for (int u = 0; u < g->sc->nunits; u++) {
      gn_unit_view v;
      if (g->sc->unit[u].side != s || gn_unit_view_get(g, u, viewer, &v) || !v.known) continue;
      char str[24], off[64], t[40];
      if (v.arrives_clock) {
        gn__clock_text(v.arrives_clock, t, sizeof t);
        snprintf(off, sizeof off, "arrives %s ", t);
      } else if (v.arrives) snprintf(off, sizeof off, "arrives turn %d ", v.arrives);
      else snprintf(off, sizeof off, "%s", v.removed ? "removed " : "");
      if (v.strength >= 0) snprintf(str, sizeof str, "%d/%d", v.strength, v.strength0);
      else snprintf(str, sizeof str, "?");
      char name[4 * 20 + 1], type[64];
      char led[80] = "";   /* a rated leader as the viewer knows him; an average one says nothing */
      if (v.rating > GN_RATING_AVERAGE && v.command_radius >= 0)
        snprintf(led, sizeof led, "%s%s leader, command %g %s", v.status[0] ? ", " : "", gn_rating_name(v.rating),
                 v.command_radius, gn_game_unit(g));
      else if (v.rating > GN_RATING_AVERAGE)
        snprintf(led, sizeof led, "%s%s leader", v.status[0] ? ", " : "", gn_rating_name(v.rating));
      put(&b, "  %-10s %s %-18s %7.2f %7.2f %6.1f %5s  %s%s%s\n", v.code, column(name, sizeof name, v.name, 20),
          type_words(type, sizeof type, v.type), v.box.c.x, v.box.c.y, gn__compass(v.box.facing), str, off, v.status,
          led);
    }
  }
  for (int i = 0; i < g->sc->nobjectives; i++) {
    if (i == 0) put(&b, "\nobjectives\n");
    int ow = g->st.owner[i];
    put(&b, "  %-16s held by %s\n", g->sc->objective[i].name, ow >= 0 ? g->sc->side[ow].name : "nobody");
  }
  if (b.oom) { free(b.s); return NULL; }
  return b.s;
}
