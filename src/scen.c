/*
** scen.c: the scenario file (docs/scenario.md) into a gn__scen.
**
** The loader reads the whole file whatever it finds: every problem becomes a
** diagnostic "file:line:col: message" and the reading goes on, so a designer
** sees all the mistakes of a file at once. Only a YAML syntax error stops it.
** Anything wrong means nothing is kept: the half-built scenario is freed.
**
** Order of reading: the header (version, name, ruleset, table, date, weather,
** turns, options), sides, formations, units, then the checks that need them
** all (formation parents, sides and leaders; a unit per side), terrain and
** objectives. After a clean structure, the ruleset data (data.c).
*/
#include "yamldoc.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const double PI = 3.14159265358979323846;

/* The state of one load. */
typedef struct loader {
  gn_game *g;
  gn__yaml *y;
  gn__scen *sc;
  const gn__ruleset *rs;      /* NULL when the ruleset is missing or unknown */
  int table_ok;               /* width and height were read */
  int oom;
  int sidenode[GN__MAXSIDES]; /* where each side's id was written */
  /* formations: where their references were written, for later checks */
  int *fside, *fparent, *fleader, *fnode;
  int *fside_given;           /* 1 when 'side' was given and valid */
  int nf;                     /* size of the arrays above */
  struct nidx *fix;           /* formations by id, sorted (nf entries) */
  /* units */
  int *uid, *ucode;           /* nodes of id and code (0 when no code) */
  int nu;
  int limit;                  /* a built-in limit was passed: the load fails with GN_ELIMIT */
  /* values: the scenario's own numbers for ruleset data keys, applied once
  ** the data is loaded (apply_values) */
  struct ovr { const char *key; int n; double *v; int line, col; } *ov;
  int nov, capov;
} loader;

/* A built-in limit passed at node: a problem reported like any other, which
** makes the load fail with GN_ELIMIT rather than GN_ESCENARIO. The message
** names the limit. */
#define past_limit(L, node, ...) ((L)->limit = 1, gn__yaml_error((L)->y, (node), __VA_ARGS__))

/* ------------------------------------------------------------- strings */

/* Interns a copy of s in sc; returns it, or NULL when out of memory. */
static char *intern(gn_game *g, gn__scen *sc, const char *s) {
  char *c;
  if (sc->nstrings == sc->capstrings) {
    int cap = sc->capstrings ? sc->capstrings * 2 : 64;
    char **ns = gn__realloc(&g->alloc, sc->strings, (size_t)sc->capstrings * sizeof *ns,
                            (size_t)cap * sizeof *ns);
    if (!ns) return NULL;
    sc->strings = ns; sc->capstrings = cap;
  }
  if (!(c = gn__strdup(g, s))) return NULL;
  sc->strings[sc->nstrings++] = c;
  return c;
}

/* NULL only when out of memory. */
const char *gn__scen_str(gn_game *g, gn__scen *sc, const char *s) {
  return intern(g, sc, s);
}

/* Interns s for the loader. Never NULL: on OOM it notes it and returns "",
** and the load ends with GN_ENOMEM. */
static const char *keep(loader *L, const char *s) {
  const char *c = intern(L->g, L->sc, s ? s : "");
  if (!c) { L->oom = 1; return ""; }
  return c;
}

/* ASCII letters compared without case. */
static int lc(int c) { return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c; }
static int cmpi(const char *a, const char *b) {
  for (; *a && lc((unsigned char)*a) == lc((unsigned char)*b); a++, b++) {}
  return lc((unsigned char)*a) - lc((unsigned char)*b);
}

/* 1 when s is a valid id: one or more of [A-Za-z0-9_.-]. */
static int ident_ok(const char *s) {
  if (!*s) return 0;
  for (; *s; s++)
    if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') ||
          *s == '_' || *s == '.' || *s == '-'))
      return 0;
  return 1;
}

/* ------------------------------------------------------------- name index */
/* Sorted (key, index) pairs: uniqueness checks and look-ups in O(n log n)
** for battles of thousands of stands. */
typedef struct nidx { const char *key; int i; } nidx;

/* qsort orders: by key (exact, or ignoring case), then by index. Cannot fail. */
static int nidx_cmp(const void *a, const void *b) {
  const nidx *x = a, *z = b;
  int c = strcmp(x->key, z->key);
  return c ? c : (x->i > z->i) - (x->i < z->i);
}

static int nidx_cmpi(const void *a, const void *b) {
  const nidx *x = a, *z = b;
  int c = cmpi(x->key, z->key);
  return c ? c : (x->i > z->i) - (x->i < z->i);
}

/* The entry of the first (lowest index) pair whose key equals key, or -1. */
static int nidx_find(const nidx *ix, int n, const char *key, int nocase) {
  int lo = 0, hi = n;
  while (lo < hi) {
    int mid = lo + (hi - lo) / 2;
    int c = nocase ? cmpi(ix[mid].key, key) : strcmp(ix[mid].key, key);
    if (c < 0) lo = mid + 1; else hi = mid;
  }
  if (lo < n && !(nocase ? cmpi(ix[lo].key, key) : strcmp(ix[lo].key, key))) return lo;
  return -1;
}

/* ------------------------------------------------------------- value readers */

/* A required id under key in map: a string of [A-Za-z0-9_.-]. 0 or -1; an
** invalid id is still stored, for the messages that follow. */
static int read_id(loader *L, int map, int node, const char *what, const char **out) {
  const char *s;
  if (gn__yaml_need(L->y, map, node, "id", what)) return -1;
  if (gn__yaml_str(L->y, node, "id", &s)) return -1;
  *out = keep(L, s);
  if (!ident_ok(s)) {
    gn__yaml_error(L->y, node, "invalid id '%s' for %s: use letters, digits, '_', '.' "
                   "and '-'", s, what);
    return -1;
  }
  return 0;
}

/* An optional string: *out = default when the key is absent. 0 or -1. */
static int read_opt_str(loader *L, int node, const char *key, const char *def,
                        const char **out) {
  const char *s;
  if (!node) { *out = def; return 0; }
  if (gn__yaml_str(L->y, node, key, &s)) return -1;
  *out = keep(L, s);
  return 0;
}

/* A length > 0 (or >= 0 when zero_ok) and at most GN__MAXLEN: a table, a
** stand or a radius larger than that is a mistake, and would overflow the
** rules' arithmetic. 0 or -1. */
static int read_pos(loader *L, int node, const char *key, int zero_ok, double *out) {
  double v;
  if (gn__yaml_num(L->y, node, key, &v)) return -1;
  if (zero_ok ? v < 0 : v <= 0) {
    gn__yaml_error(L->y, node, "'%s' must be %s 0, got %g", key, zero_ok ? ">=" : ">", v);
    return -1;
  }
  if (v > GN__MAXLEN) {
    gn__yaml_error(L->y, node, "'%s' must be at most %d table units, got %g", key, GN__MAXLEN, v);
    return -1;
  }
  *out = v;
  return 0;
}

/* A point [x, y]. 0 or -1. */
static int read_point(loader *L, int node, const char *key, gn_vec2 *p) {
  char got[64];
  if (gn__yaml_kind(L->y, node) != GN__Y_SEQ || gn__yaml_len(L->y, node) != 2) {
    gn__yaml_error(L->y, node, "expected a point [x, y] for '%s', got %s", key,
                   gn__yaml_got(L->y, node, got, sizeof got));
    return -1;
  }
  if (gn__yaml_num(L->y, gn__yaml_item(L->y, node, 0), key, &p->x) |
      gn__yaml_num(L->y, gn__yaml_item(L->y, node, 1), key, &p->y))
    return -1;
  return 0;
}

/* 1 when p lies on the table (edges included), or the table is unknown. */
static int on_table(const loader *L, gn_vec2 p) {
  if (!L->table_ok) return 1;
  return p.x >= 0 && p.y >= 0 && p.x <= L->sc->width && p.y <= L->sc->height;
}

/* A side given by id; *side = its index. 0 or -1 ("unknown side"). */
static int read_side(loader *L, int node, const char *key, int *side) {
  const char *s;
  char hint[96];
  gn__ysuggest sg;
  int i;
  if (gn__yaml_str(L->y, node, key, &s)) return -1;
  for (i = 0; i < L->sc->nsides; i++)
    if (!strcmp(L->sc->side[i].id, s)) { *side = i; return 0; }
  gn__yaml_suggest_init(&sg, s);
  for (i = 0; i < L->sc->nsides; i++) gn__yaml_suggest_add(&sg, L->sc->side[i].id);
  gn__yaml_error(L->y, node, "unknown side '%s'%s", s, gn__yaml_suggest_text(&sg, hint, sizeof hint));
  return -1;
}

/* A value of a ruleset attribute or option (gn__attrdef): a name of its
** enumeration (names[k] is the value k) or a number in [min, max]; for 0..1
** attributes without names, true/false too. 0 or -1. */
static int read_attr(loader *L, int node, const gn__attrdef *a, int *out) {
  const char *s = gn__yaml_text(L->y, node);
  char got[64], list[512], hint[96];
  int numeric = s && gn__yaml_plain(L->y, node) &&
                (*s == '-' || *s == '+' || (*s >= '0' && *s <= '9'));
  if (numeric || !s) return gn__yaml_int(L->y, node, a->name, a->min, a->max, out);
  if (a->names) {
    int k;
    gn__ysuggest sg;
    for (k = 0; a->names[k]; k++)   /* "Well Trained", "well-trained": well_trained */
      if (gn__name_is(a->names[k], s) && k >= a->min && k <= a->max) { *out = k; return 0; }
    gn__yaml_suggest_init(&sg, s);
    for (k = 0; a->names[k]; k++) gn__yaml_suggest_add(&sg, a->names[k]);
    gn__names_list(a->names, -1, list, sizeof list);
    gn__yaml_error(L->y, node, "unknown value %s for '%s' (expected %s)%s",
                   gn__yaml_got(L->y, node, got, sizeof got), a->name, list,
                   gn__yaml_suggest_text(&sg, hint, sizeof hint));
    return -1;
  }
  if (a->min == 0 && a->max == 1) return gn__yaml_bool(L->y, node, a->name, out);
  return gn__yaml_int(L->y, node, a->name, a->min, a->max, out);
}

/* Reads a mapping of ruleset attributes (unit attrs or scenario options) into
** vals[] (indexed as defs). what: "attribute" / "option"; only defs with
** scenario set are accepted when scen_only. Problems are recorded. */
static void read_attrs(loader *L, int node, const char *key, const gn__attrdef *defs,
                       int ndefs, int scen_only, const char *what, int *vals) {
  char got[64], hint[96];
  int i, k, n, seen[GN__MAXATTR > 16 ? GN__MAXATTR : 16];
  if (gn__yaml_kind(L->y, node) != GN__Y_MAP) {
    gn__yaml_error(L->y, node, "expected a mapping for '%s', got %s", key,
                   gn__yaml_got(L->y, node, got, sizeof got));
    return;
  }
  if (!L->rs) return;   /* nothing to check against */
  memset(seen, 0, sizeof seen);
  n = gn__yaml_len(L->y, node);
  for (i = 0; i < n; i++) {
    int kn = gn__yaml_key(L->y, node, i), vn = gn__yaml_value(L->y, node, i);
    const char *name = gn__yaml_text(L->y, kn);
    if (!name) {
      gn__yaml_error(L->y, kn, "expected a name in '%s', got %s", key,
                     gn__yaml_got(L->y, kn, got, sizeof got));
      continue;
    }
    for (k = 0; k < ndefs && strcmp(defs[k].name, name); k++) {}
    if (k == ndefs) {
      gn__ysuggest sg;
      gn__yaml_suggest_init(&sg, name);
      for (k = 0; k < ndefs; k++)
        if (!scen_only || defs[k].scenario) gn__yaml_suggest_add(&sg, defs[k].name);
      {
        const char *names[GN__MAXATTR > 16 ? GN__MAXATTR : 16];
        char list[1024];
        int m = 0;
        for (k = 0; k < ndefs && m < (int)(sizeof names / sizeof names[0]); k++)
          if (!scen_only || defs[k].scenario) names[m++] = defs[k].name;
        gn__names_list(names, m, list, sizeof list);
        gn__yaml_error(L->y, kn, "unknown %s '%s' for ruleset '%s'%s; %ss of %s: %s", what, name,
                       L->rs->id, gn__yaml_suggest_text(&sg, hint, sizeof hint), what, L->rs->id,
                       m ? list : "none");
      }
      continue;
    }
    if (scen_only && !defs[k].scenario) {
      gn__yaml_error(L->y, kn, "%s '%s' cannot be set by a scenario", what, name);
      continue;
    }
    if (seen[k]) {
      gn__yaml_error(L->y, kn, "duplicate %s '%s' (first at line %d)", what, name, seen[k]);
      continue;
    }
    seen[k] = gn__yaml_line(L->y, kn);
    read_attr(L, vn, &defs[k], &vals[k]);
  }
}

/* ------------------------------------------------------------- the header */

int gn__month_days(int year, int month) {
  static const int d[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  if (month == 2 && ((year % 4 == 0 && year % 100 != 0) || year % 400 == 0)) return 29;
  return d[month - 1];
}

/* table: {width, height, unit}. Problems are recorded; cannot fail otherwise. */
static void read_table(loader *L, int node) {
  static const char *const keys[] = {"width", "height", "unit", NULL};
  int v[3], ok = 1;
  const char *unit;
  if (gn__yaml_map(L->y, node, "'table'", keys, v)) return;
  if (gn__yaml_need(L->y, node, v[0], "width", "'table'") ||
      read_pos(L, v[0], "width", 0, &L->sc->width))
    ok = 0;
  if (gn__yaml_need(L->y, node, v[1], "height", "'table'") ||
      read_pos(L, v[1], "height", 0, &L->sc->height))
    ok = 0;
  L->table_ok = ok;
  if (v[2] && !gn__yaml_str(L->y, v[2], "unit", &unit) && L->rs && strcmp(unit, L->rs->unit))
    gn__yaml_error(L->y, v[2], "table unit '%s' does not match ruleset '%s', which measures "
                   "in '%s'", unit, L->rs->id, L->rs->unit);
}

/* date: {year, month, day, hour, latitude}. Problems are recorded. */
static void read_date(loader *L, int node) {
  static const char *const keys[] = {"year", "month", "day", "hour", "latitude", NULL};
  int v[5], year = 0, month = 0, day = 0;
  gn__scen *sc = L->sc;
  sc->latitude = 50.0;
  if (gn__yaml_map(L->y, node, "'date'", keys, v)) return;
  if (!gn__yaml_need(L->y, node, v[0], "year", "'date'") &&
      !gn__yaml_int(L->y, v[0], "year", 1, 9999, &year))
    sc->year = year;
  if (!gn__yaml_need(L->y, node, v[1], "month", "'date'") &&
      !gn__yaml_int(L->y, v[1], "month", 1, 12, &month))
    sc->month = month;
  if (!gn__yaml_need(L->y, node, v[2], "day", "'date'") &&
      !gn__yaml_int(L->y, v[2], "day", 1, 31, &day)) {
    if (year && month && day > gn__month_days(year, month))
      gn__yaml_error(L->y, v[2], "'day' must be 1..%d for %s %d, got %d",
                     gn__month_days(year, month), gn__month_name(month), year, day);
    sc->day = day;
  }
  if (!gn__yaml_need(L->y, node, v[3], "hour", "'date'"))
    gn__yaml_int(L->y, v[3], "hour", 0, 23, &sc->hour);
  if (v[4] && !gn__yaml_num(L->y, v[4], "latitude", &sc->latitude) &&
      (sc->latitude < -66 || sc->latitude > 66))
    gn__yaml_error(L->y, v[4], "'latitude' must be -66..66 (daylight is not defined in "
                   "polar days), got %g", sc->latitude);
}

/* ------------------------------------------------------------- sides */

/* sides: 2..GN__MAXSIDES of {id, name, ai}; ai is the side's AI commander
** when none is given on the command line ("doctrine:aggression=0.7,
** caution=0.3", as --ai takes it). Problems are recorded. */
static void read_sides(loader *L, int node) {
  static const char *const keys[] = {"id", "name", "ai", NULL};
  gn__scen *sc = L->sc;
  int i, j, n, v[3];
  if (gn__yaml_seq(L->y, node, "sides")) return;
  n = gn__yaml_len(L->y, node);
  if (n < 2) gn__yaml_error(L->y, node, "a scenario needs 2 to %d sides, got %d", GN__MAXSIDES, n);
  if (n > GN__MAXSIDES)
    past_limit(L, gn__yaml_item(L->y, node, GN__MAXSIDES), "side %d of %d: past the limit of %d sides "
               "a game holds", GN__MAXSIDES + 1, n, GN__MAXSIDES);
  for (i = 0; i < n; i++) {
    int it = gn__yaml_item(L->y, node, i);
    const char *id = NULL, *name;
    if (gn__yaml_map(L->y, it, "side", keys, v)) continue;
    if (read_id(L, it, v[0], "side", &id)) continue;
    for (j = 0; j < sc->nsides && strcmp(sc->side[j].id, id); j++) {}
    if (j < sc->nsides) {
      gn__yaml_error(L->y, v[0], "duplicate side id '%s'", id);
      continue;
    }
    if (read_opt_str(L, v[1], "name", id, &name)) name = id;
    const char *ai = NULL;     /* kept as written: the AI judges it (gn_side_ai_check) */
    if (v[2] && read_opt_str(L, v[2], "ai", NULL, &ai)) ai = NULL;
    if (sc->nsides < GN__MAXSIDES) {
      sc->side[sc->nsides].id = id;
      sc->side[sc->nsides].name = name;
      sc->side[sc->nsides].ai = ai;
      sc->side[sc->nsides].ai_line = ai ? gn__yaml_line(L->y, v[2]) : 0;
      sc->side[sc->nsides].ai_col = ai ? gn__yaml_col(L->y, v[2]) : 0;
      L->sidenode[sc->nsides] = v[0];
      sc->nsides++;
    }
  }
}

/* ------------------------------------------------------------- formations */

/* ORDER: gn_echelon. */
static const char *const ECHELONS[] = {"army", "corps", "division", "brigade", NULL};

/* 1 when p lies on table edge e: 0 south (y 0), 1 east (x width), 2 north
** (y height), 3 west (x 0). */
static int on_edge(const gn__scen *sc, gn_vec2 p, int e) {
  const double eps = 1e-9;
  if (p.x < -eps || p.y < -eps || p.x > sc->width + eps || p.y > sc->height + eps) return 0;
  double off = e == 0 ? p.y : e == 1 ? p.x - sc->width : e == 2 ? p.y - sc->height : p.x;
  return fabs(off) <= eps;
}

/* 'entry' of an arrival: a point [x, y] or a segment [[x, y], [x, y]] of one
** table edge. 0 or -1. */
static int read_entry(loader *L, int node, gn__arrival *a) {
  char got[64];
  int first = gn__yaml_kind(L->y, node) == GN__Y_SEQ && gn__yaml_len(L->y, node) == 2
                  ? gn__yaml_item(L->y, node, 0) : 0;
  if (first && gn__yaml_kind(L->y, first) == GN__Y_SEQ) {
    if (read_point(L, first, "entry", &a->e0) ||
        read_point(L, gn__yaml_item(L->y, node, 1), "entry", &a->e1))
      return -1;
  } else if (first) {
    if (read_point(L, node, "entry", &a->e0)) return -1;
    a->e1 = a->e0;
  } else {
    gn__yaml_error(L->y, node, "expected a point [x, y] or an edge segment [[x, y], [x, y]] for "
                   "'entry', got %s", gn__yaml_got(L->y, node, got, sizeof got));
    return -1;
  }
  if (!L->table_ok) return 0;
  int e = 0;   /* both ends on one edge (a corner lies on two) */
  while (e < 4 && !(on_edge(L->sc, a->e0, e) && on_edge(L->sc, a->e1, e))) e++;
  if (e == 4) {
    gn__yaml_error(L->y, node, "'entry' must lie on one edge of the %g x %g table (x 0 or %g, "
                   "or y 0 or %g)", L->sc->width, L->sc->height, L->sc->width, L->sc->height);
    return -1;
  }
  a->entry = 1;
  a->edge = e;
  return 0;
}


/* 'arrives' of a formation or a unit: a turn, {turn: N, roll: K}, or by the
** ruleset's clock {time: "7 p.m.", day: D, roll: K}, each with an optional
** entry (docs/scenario.md, "Reinforcements"). Turn 1 and the starting hour
** are the start: such units are placed on the table. A clock arrival may come
** on from turn 2; it is due at the first turn (or bound) whose clock has
** reached its time. 0 or -1. */
static int read_arrival(loader *L, int node, gn__arrival *a) {
  static const char *const keys[] = {"turn", "roll", "time", "day", "entry", NULL};
  int v[5], day = 1;
  const char *t;
  memset(a, 0, sizeof *a);
  a->minute = -1;
  a->line = gn__yaml_line(L->y, node);
  a->col = gn__yaml_col(L->y, node);
  if (gn__yaml_kind(L->y, node) != GN__Y_MAP)
    return gn__yaml_int(L->y, node, "arrives", 2, 10000, &a->turn);
  if (gn__yaml_map(L->y, node, "arrives", keys, v)) return -1;
  if (v[1] && gn__yaml_int(L->y, v[1], "roll", 2, 6, &a->roll)) return -1;
  a->entry_written = v[4] != 0;
  if (v[4] && read_entry(L, v[4], a)) return -1;
  if (!v[2]) {
    if (v[3]) { gn__yaml_error(L->y, v[3], "'day' of 'arrives' goes with 'time'"); return -1; }
    if (gn__yaml_need(L->y, node, v[0], "turn", "arrives (or give 'time')") ||
        gn__yaml_int(L->y, v[0], "turn", 2, 10000, &a->turn))
      return -1;
    return 0;
  }
  if (v[0]) { gn__yaml_error(L->y, v[0], "'arrives' takes 'turn' or 'time', not both"); return -1; }
  if (L->rs && !L->rs->minute) {
    gn__yaml_error(L->y, v[2], "ruleset '%s' keeps no time of day: write the arrival as its turn "
                   "('arrives: N')", L->rs->id);
    return -1;
  }
  if (v[3] && gn__yaml_int(L->y, v[3], "day", 1, 99, &day)) return -1;
  if (gn__yaml_str(L->y, v[2], "time", &t)) return -1;
  int m = gn__clock_minutes(t);
  if (m < 0) {
    gn__yaml_error(L->y, v[2], "'time' must be a time of day such as \"7 p.m.\", \"7:30 a.m.\" or "
                   "\"19:00\", got '%s'", t);
    return -1;
  }
  a->minute = (day - 1) * 24 * 60 + m;
  if (a->minute <= L->sc->hour * 60) {
    gn__yaml_error(L->y, v[2], "'time' %s of day %d is not after the start (%d:00 of day 1): place "
                   "the units on the table", t, day, L->sc->hour);
    return -1;
  }
  a->turn = 2;
  return 0;
}

/* Reads the formations; parents, inherited sides and leaders come later.
** Problems are recorded; returns 0 or GN_ENOMEM. */
static int read_formations(loader *L, int node) {
  static const char *const keys[] = {"id", "name", "echelon", "side", "parent", "leader",
                                     "arrives", "plan", NULL};
  gn__scen *sc = L->sc;
  int i, n, v[8];
  char got[64], hint[96];
  if (!node || gn__yaml_seq(L->y, node, "formations")) return 0;
  n = gn__yaml_len(L->y, node);
  if (n == 0) return 0;
  if (!(sc->formation = gn__calloc(L->g, (size_t)n, sizeof *sc->formation))) return GN_ENOMEM;
  sc->nformations = n;
  L->nf = n;
  if (!(L->fside = gn__calloc(L->g, (size_t)n * 5, sizeof *L->fside))) return GN_ENOMEM;
  L->fparent = L->fside + n; L->fleader = L->fside + 2 * n;
  L->fnode = L->fside + 3 * n; L->fside_given = L->fside + 4 * n;
  for (i = 0; i < n; i++) {
    gn__formation *f = &sc->formation[i];
    int it = gn__yaml_item(L->y, node, i), e;
    const char *s;
    f->id = f->name = ""; f->side = f->parent = f->leader = -1; f->echelon = GN_BRIGADE;
    f->arrives.minute = -1;
    L->fnode[i] = it;
    if (gn__yaml_map(L->y, it, "formation", keys, v)) continue;
    if (!read_id(L, it, v[0], "formation", &f->id) &&
        read_opt_str(L, v[1], "name", f->id, &f->name))
      f->name = f->id;
    if (!gn__yaml_need(L->y, it, v[2], "echelon", "formation") &&
        !gn__yaml_str(L->y, v[2], "echelon", &s)) {
      gn__ysuggest sg;
      gn__yaml_suggest_init(&sg, s);
      for (e = 0; ECHELONS[e] && strcmp(ECHELONS[e], s); e++) gn__yaml_suggest_add(&sg, ECHELONS[e]);
      if (ECHELONS[e]) f->echelon = (gn_echelon)e;
      else
        gn__yaml_error(L->y, v[2], "'echelon' must be army, corps, division or brigade, "
                       "got %s%s", gn__yaml_got(L->y, v[2], got, sizeof got),
                       gn__yaml_suggest_text(&sg, hint, sizeof hint));
    }
    if (v[3] && !read_side(L, v[3], "side", &f->side)) L->fside_given[i] = 1;
    if (!v[3] && !v[4])
      gn__yaml_error(L->y, it, "missing required key 'side' in formation (or give a 'parent')");
    L->fside[i] = v[3]; L->fparent[i] = v[4]; L->fleader[i] = v[5];
    if (v[6]) read_arrival(L, v[6], &f->arrives);
    /* the plan is kept as written: the AI reads and judges it (gn_formation_plan_check) */
    if (v[7] && !read_opt_str(L, v[7], "plan", NULL, &f->plan) && f->plan) {
      f->plan_line = gn__yaml_line(L->y, v[7]);
      f->plan_col = gn__yaml_col(L->y, v[7]);
    }
  }
  return 0;
}

/* Step 1 of linking formations: ids are unique (ix sorted by id). */
static void unique_formations(loader *L, const nidx *ix, int n) {
  for (int i = 1; i < n; i++)
    if (*ix[i].key && !strcmp(ix[i].key, ix[i - 1].key)) {
      int first = ix[i - 1].i;
      for (int j = i - 1; j > 0 && !strcmp(ix[j - 1].key, ix[i].key); j--) first = ix[j - 1].i;
      gn__yaml_error(L->y, L->fnode[ix[i].i], "duplicate formation id '%s' (first at line %d)",
                     ix[i].key, gn__yaml_line(L->y, L->fnode[first]));
    }
}

/* Step 2 of linking formations: each parent named exists and ranks above
** its formation (ix sorted by id). */
static void link_parents(loader *L, const nidx *ix, int n) {
  gn__scen *sc = L->sc;
  char hint[96];
  for (int i = 0; i < n; i++) {
    gn__formation *f = &sc->formation[i];
    const char *p;
    int k;
    if (!L->fparent[i] || gn__yaml_str(L->y, L->fparent[i], "parent", &p)) continue;
    if ((k = nidx_find(ix, n, p, 0)) < 0) {
      gn__ysuggest sg;
      gn__yaml_suggest_init(&sg, p);
      for (int j = 0; j < n; j++) gn__yaml_suggest_add(&sg, sc->formation[j].id);
      gn__yaml_error(L->y, L->fparent[i], "unknown parent formation '%s'%s", p,
                     gn__yaml_suggest_text(&sg, hint, sizeof hint));
      continue;
    }
    f->parent = ix[k].i;
    if (sc->formation[f->parent].echelon >= f->echelon)
      gn__yaml_error(L->y, L->fparent[i], "parent '%s' of %s '%s' is a %s: a parent must rank "
                     "above it", p, ECHELONS[f->echelon], f->id,
                     ECHELONS[sc->formation[f->parent].echelon]);
  }
}

/* Step 3 of linking formations: no cycles, each reported once, at the member
** of the cycle listed first, with the chain of ids. */
static void formation_cycles(loader *L, int n) {
  const gn__scen *sc = L->sc;
  for (int i = 0; i < n; i++) {
    int p = sc->formation[i].parent, steps = 0, min = i;
    while (p >= 0 && p != i && steps < n) {
      if (p < min) min = p;
      p = sc->formation[p].parent; steps++;
    }
    if (p != i || min != i) continue;
    char chain[256];
    size_t o = 0;
    int q = i;
    do {
      int w = snprintf(chain + o, sizeof chain - o, "%s -> ", sc->formation[q].id);
      if (w < 0 || (size_t)w >= sizeof chain - o) { o = sizeof chain - 1; break; }
      o += (size_t)w;
      q = sc->formation[q].parent;
    } while (q != i);
    if (o < sizeof chain - 1) snprintf(chain + o, sizeof chain - o, "%s", sc->formation[i].id);
    gn__yaml_error(L->y, L->fparent[i], "formations form a cycle: %s", chain);
  }
}

/* Step 4 of linking formations: sides inherited from the nearest ancestor
** that gives one; where a formation gives its own, it must be its parent's. */
static void formation_sides(loader *L, int n) {
  gn__scen *sc = L->sc;
  for (int i = 0; i < n; i++) {
    gn__formation *f = &sc->formation[i];
    int p = f->parent, steps = 0;
    if (L->fside_given[i]) continue;
    while (p >= 0 && !L->fside_given[p] && steps < n) { p = sc->formation[p].parent; steps++; }
    if (p >= 0 && L->fside_given[p]) f->side = sc->formation[p].side;
  }
  for (int i = 0; i < n; i++) {
    gn__formation *f = &sc->formation[i];
    int ps = f->parent >= 0 ? sc->formation[f->parent].side : -1;
    if (L->fside_given[i] && ps >= 0 && ps != f->side)
      gn__yaml_error(L->y, L->fside[i], "formation '%s' is on side '%s' but its parent '%s' "
                     "is on side '%s'", f->id, sc->side[f->side].id,
                     sc->formation[f->parent].id, sc->side[ps].id);
  }
}

/* Parents: they exist, rank above, and make no cycle; then sides flow down
** from parents to formations that give none, and must agree where both are
** given. Keeps the sorted index in L->fix. Returns 0 or GN_ENOMEM. */
static int link_formations(loader *L) {
  gn__scen *sc = L->sc;
  int n = sc->nformations;
  nidx *ix;
  if (n == 0) return 0;
  if (!(ix = L->fix = gn__malloc(L->g, (size_t)n * sizeof *ix))) return GN_ENOMEM;
  for (int i = 0; i < n; i++) { ix[i].key = sc->formation[i].id; ix[i].i = i; }
  qsort(ix, (size_t)n, sizeof *ix, nidx_cmp);
  unique_formations(L, ix, n);                                                   /* 1 */
  link_parents(L, ix, n);                                                        /* 2 */
  formation_cycles(L, n);                                                        /* 3 */
  formation_sides(L, n);                                                         /* 4 */
  return 0;
}

/* Leaders name units of the formation's side; run after the units, with
** uix their ids sorted without case. Problems are recorded. */
static void check_leaders(loader *L, const nidx *uix) {
  gn__scen *sc = L->sc;
  int i, k;
  char hint[96];
  for (i = 0; i < sc->nformations; i++) {
    gn__formation *f = &sc->formation[i];
    const char *s;
    if (!L->fleader[i] || gn__yaml_str(L->y, L->fleader[i], "leader", &s)) continue;
    if ((k = nidx_find(uix, sc->nunits, s, 1)) < 0 || strcmp(uix[k].key, s)) {
      gn__ysuggest sg;
      int j;
      gn__yaml_suggest_init(&sg, s);
      for (j = 0; j < sc->nunits && sc->nunits <= 2000; j++)
        gn__yaml_suggest_add(&sg, sc->unit[j].id);
      gn__yaml_error(L->y, L->fleader[i], "leader '%s' of formation '%s' is not a unit%s",
                     s, f->id, gn__yaml_suggest_text(&sg, hint, sizeof hint));
      continue;
    }
    f->leader = uix[k].i;
    if (f->side >= 0 && sc->unit[f->leader].side >= 0 && sc->unit[f->leader].side != f->side)
      gn__yaml_error(L->y, L->fleader[i], "leader '%s' of formation '%s' is on side '%s', the "
                     "formation on side '%s'", s, f->id, sc->side[sc->unit[f->leader].side].id,
                     sc->side[f->side].id);
  }
}

/* ------------------------------------------------------------- units */

enum { U_ID, U_CODE, U_NAME, U_SIDE, U_FORMATION, U_TYPE, U_AT, U_FACING, U_STRENGTH,
       U_WIDTH, U_DEPTH, U_ATTRS, U_ARRIVES, U_NKEYS };

/* The index of formation id s, or -1 after "unknown formation". */
static int find_formation(loader *L, int node, const char *s) {
  gn__scen *sc = L->sc;
  gn__ysuggest sg;
  char hint[96];
  int j = L->fix ? nidx_find(L->fix, sc->nformations, s, 0) : -1;
  if (j >= 0) return L->fix[j].i;
  gn__yaml_suggest_init(&sg, s);
  for (j = 0; j < sc->nformations; j++) gn__yaml_suggest_add(&sg, sc->formation[j].id);
  gn__yaml_error(L->y, node, "unknown formation '%s'%s", s,
                 gn__yaml_suggest_text(&sg, hint, sizeof hint));
  return -1;
}

/* Step 1 of a unit: its id, code and name. */
static void unit_names(loader *L, int it, const int *v, gn__unit *u) {
  const char *s;
  if (!read_id(L, it, v[U_ID], "unit", &u->id)) {
    u->code = u->name = u->id;
    if (read_opt_str(L, v[U_NAME], "name", u->id, &u->name)) u->name = u->id;
  }
  if (v[U_CODE] && !gn__yaml_str(L->y, v[U_CODE], "code", &s)) {
    if (strpbrk(s, " \t\r\n"))
      gn__yaml_error(L->y, v[U_CODE], "code '%s' contains a space: a code is one word a "
                     "player types", s);
    else
      u->code = keep(L, s);
  }
}

/* Step 2 of a unit: side and formation; the formation gives the side, and
** both must agree. */
static void unit_side(loader *L, int it, const int *v, gn__unit *u) {
  const gn__scen *sc = L->sc;
  const char *s;
  int side = -1;
  if (v[U_SIDE]) read_side(L, v[U_SIDE], "side", &side);
  if (v[U_FORMATION] && !gn__yaml_str(L->y, v[U_FORMATION], "formation", &s) &&
      (u->formation = find_formation(L, v[U_FORMATION], s)) >= 0) {
    int fs = sc->formation[u->formation].side;
    if (side >= 0 && fs >= 0 && side != fs)
      gn__yaml_error(L->y, v[U_SIDE], "unit '%s' is on side '%s' but its formation '%s' is on "
                     "side '%s'", u->id, sc->side[side].id, s, sc->side[fs].id);
    if (side < 0) side = fs;
  }
  if (!v[U_SIDE] && !v[U_FORMATION])
    gn__yaml_error(L->y, it, "missing required key 'side' in unit (or give a 'formation')");
  u->side = side;
}

/* Step 3 of a unit: its type among the ruleset's (an unknown one named with
** a suggestion and the list of types) and its footprint, the type's unless
** width or depth is given. */
static void unit_type(loader *L, int it, const int *v, gn__unit *u) {
  const gn__ruleset *rs = L->rs;
  const char *s;
  char hint[96];
  int k;
  if (!gn__yaml_need(L->y, it, v[U_TYPE], "type", "unit") &&
      !gn__yaml_str(L->y, v[U_TYPE], "type", &s) && rs) {
    for (k = 0; k < rs->ntypes && strcmp(rs->types[k].name, s); k++) {}
    if (k < rs->ntypes) {
      u->type = k;
      u->box0.w = rs->types[k].w;
      u->box0.d = rs->types[k].d;
    } else {
      gn__ysuggest sg;
      gn__yaml_suggest_init(&sg, s);
      for (k = 0; k < rs->ntypes; k++) gn__yaml_suggest_add(&sg, rs->types[k].name);
      char list[1024];
      size_t o = 0;
      list[0] = 0;
      for (k = 0; k < rs->ntypes && o < sizeof list; k++) {
        int w = snprintf(list + o, sizeof list - o, "%s%s", k ? ", " : "", rs->types[k].name);
        if (w < 0) break;
        o += (size_t)w;
      }
      gn__yaml_error(L->y, v[U_TYPE], "unknown unit type '%s' for ruleset '%s'%s; its types: %s", s,
                     rs->id, gn__yaml_suggest_text(&sg, hint, sizeof hint), list);
    }
  }
  if (v[U_WIDTH]) read_pos(L, v[U_WIDTH], "width", 0, &u->box0.w);
  if (v[U_DEPTH]) read_pos(L, v[U_DEPTH], "depth", 0, &u->box0.d);
}

/* Step 4 of a unit (index idx): a reinforcement by its own arrival, else by
** its nearest formation's. */
static void unit_arrival(loader *L, const int *v, gn__unit *u, int idx) {
  const gn__scen *sc = L->sc;
  u->arrive_group = sc->nformations + idx;
  if (v[U_ARRIVES]) {
    read_arrival(L, v[U_ARRIVES], &u->arrives);
    return;
  }
  int f = u->formation, steps = 0;
  u->arrives.minute = -1;
  while (f >= 0 && !sc->formation[f].arrives.turn && steps++ < sc->nformations)
    f = sc->formation[f].parent;
  if (f >= 0 && sc->formation[f].arrives.turn) { u->arrives = sc->formation[f].arrives; u->arrive_group = f; }
}

/* Step 5 of a unit: its place, the centre on the table (a reinforcement at
** its arrival's entry until it comes on, when it gives no 'at'); its facing
** from compass degrees to radians counter-clockwise from +x. */
static void unit_place(loader *L, int it, const int *v, gn__unit *u) {
  const gn__scen *sc = L->sc;
  double facing = 0;
  gn_vec2 at = {0, 0};
  if (u->arrives.entry_written && !v[U_AT]) at = u->arrives.e0;   /* a wrong entry is reported */
  else if (!gn__yaml_need(L->y, it, v[U_AT], "at", "unit") && !read_point(L, v[U_AT], "at", &at)) {
    if (!on_table(L, at))
      gn__yaml_error(L->y, v[U_AT], "unit '%s' is off the table: its centre (%g, %g) is "
                     "outside the %g x %g table", u->id, at.x, at.y, sc->width, sc->height);
  }
  u->box0.c = at;
  if (v[U_FACING]) gn__yaml_num(L->y, v[U_FACING], "facing", &facing);
  double a = fmod(90.0 - facing, 360.0);
  if (a < 0) a += 360.0;
  u->box0.facing = a * PI / 180.0;
  if (u->box0.facing >= 2 * PI) u->box0.facing = 0;
}

/* One unit: item `it` of the list into u (index idx). Problems are recorded;
** u always ends with defined fields.
**   1) names  2) side and formation  3) type and footprint  4) arrival
**   5) place  6) strength  7) attributes the scenario may set */
static void read_unit(loader *L, int it, gn__unit *u, int idx) {
  static const char *const keys[] = {"id", "code", "name", "side", "formation", "type", "at",
                                     "facing", "strength", "width", "depth", "attrs", "arrives",
                                     NULL};
  const gn__ruleset *rs = L->rs;
  int v[U_NKEYS];

  u->id = u->code = u->name = "";
  u->type = -1; u->side = -1; u->formation = -1;
  u->line = gn__yaml_line(L->y, it); u->col = gn__yaml_col(L->y, it);
  if (rs)
    for (int k = 0; k < rs->nattrs && k < GN__MAXATTR; k++) u->attr0[k] = rs->attrs[k].def;
  if (gn__yaml_map(L->y, it, "unit", keys, v)) return;
  L->uid[idx] = v[U_ID];
  L->ucode[idx] = v[U_CODE];
  unit_names(L, it, v, u);                                                       /* 1 */
  unit_side(L, it, v, u);                                                        /* 2 */
  unit_type(L, it, v, u);                                                        /* 3 */
  unit_arrival(L, v, u, idx);                                                    /* 4 */
  unit_place(L, it, v, u);                                                       /* 5 */
  if (!gn__yaml_need(L->y, it, v[U_STRENGTH], "strength", "unit"))               /* 6 */
    gn__yaml_int(L->y, v[U_STRENGTH], "strength", 0, GN__MAXSTRENGTH, &u->strength0);
  if (v[U_ATTRS])                                                                /* 7 */
    read_attrs(L, v[U_ATTRS], "attrs", rs ? rs->attrs : NULL,
               rs ? (rs->nattrs < GN__MAXATTR ? rs->nattrs : GN__MAXATTR) : 0, 1,
               "attribute", u->attr0);
}

/* Reports the clashes among sorted pairs: exact repeats and (when the look-up
** ignores case) keys that differ only in case. noun: "unit id", "code".
** nodes[i] (else alt[i]) is where unit i's key was written. Cannot fail. */
static void report_clashes(loader *L, const nidx *ix, int n, const int *nodes,
                           const int *alt, const char *noun) {
  int i, start = 0;
  for (i = 1; i < n; i++) {
    int a, b;
    if (cmpi(ix[i].key, ix[i - 1].key)) { start = i; continue; }
    if (!*ix[i].key) continue;
    a = ix[start].i; b = ix[i].i;
    {
      int nb = nodes[b] ? nodes[b] : alt[b];
      int line = gn__yaml_line(L->y, nodes[a] ? nodes[a] : alt[a]);
      if (!strcmp(ix[i].key, ix[start].key))
        gn__yaml_error(L->y, nb, "duplicate %s '%s' (first at line %d)", noun, ix[i].key, line);
      else
        gn__yaml_error(L->y, nb, "%s '%s' differs from '%s' (line %d) only in case; they are "
                       "matched without case", noun, ix[i].key, ix[start].key, line);
    }
  }
}

/* Each group that enters at an entry fits the table: its ranks, one behind
** the other from the edge, are no deeper than the table. Problems are
** recorded; returns 0 or GN_ENOMEM. */
static int entries_fit(loader *L) {
  gn__scen *sc = L->sc;
  int n = sc->nunits, *ids;
  gn_box *box;
  if (!L->table_ok) return 0;
  if (!(ids = gn__malloc(L->g, (size_t)n * sizeof *ids))) return GN_ENOMEM;
  if (!(box = gn__malloc(L->g, (size_t)n * sizeof *box))) {
    gn__free(L->g, ids, (size_t)n * sizeof *ids);
    return GN_ENOMEM;
  }
  for (int i = 0; i < n; i++) {
    const gn__arrival *a = &sc->unit[i].arrives;
    int first = 1, m = 0;
    if (!a->entry) continue;
    for (int j = 0; j < i && first; j++) first = sc->unit[j].arrive_group != sc->unit[i].arrive_group;
    if (!first) continue;
    for (int j = i; j < n; j++)
      if (sc->unit[j].arrive_group == sc->unit[i].arrive_group) ids[m++] = j;
    double depth = gn__entry_place(sc, a, ids, m, box, NULL);
    double room = a->edge == 0 || a->edge == 2 ? sc->height : sc->width;
    if (depth > room)
      gn__yaml_error_at(L->y, a->line, a->col, "the %d units entering at this entry stand %g deep "
                        "in their order of march, deeper than the table (%g): give a longer edge "
                        "segment or split the group", m, depth, room);
  }
  gn__free(L->g, box, (size_t)n * sizeof *box);
  gn__free(L->g, ids, (size_t)n * sizeof *ids);
  return 0;
}

/* Units: each one, then unique ids and codes, a unit per side, leaders.
** Problems are recorded; returns 0 or GN_ENOMEM. */
static int read_units(loader *L, int node) {
  gn__scen *sc = L->sc;
  int i, n, k;
  nidx *ix;
  if (gn__yaml_seq(L->y, node, "units")) return 0;
  n = gn__yaml_len(L->y, node);
  if (n > 0) {
    if (!(sc->unit = gn__calloc(L->g, (size_t)n, sizeof *sc->unit))) return GN_ENOMEM;
    sc->nunits = n;
    if (!(L->uid = gn__calloc(L->g, (size_t)n * 2, sizeof *L->uid))) return GN_ENOMEM;
    L->ucode = L->uid + n;
    L->nu = n;
  }
  if (L->rs && L->rs->maxunits && n > L->rs->maxunits)
    past_limit(L, gn__yaml_item(L->y, node, L->rs->maxunits), "unit %d of %d: past the limit of %d units "
               "a game of ruleset '%s' holds", L->rs->maxunits + 1, n, L->rs->maxunits, L->rs->id);
  for (i = 0; i < n; i++) read_unit(L, gn__yaml_item(L->y, node, i), &sc->unit[i], i);
  if ((k = entries_fit(L))) return k;
  /* A unit per side; an empty list is a blank table (gn_game_use_ruleset).
  ** Not checked when a unit's side is unknown: that was reported already. */
  for (i = 0; i < n && sc->unit[i].side >= 0; i++) {}
  if (n > 0 && i == n)
    for (k = 0; k < sc->nsides; k++) {
      for (i = 0; i < n && sc->unit[i].side != k; i++) {}
      if (i == n) gn__yaml_error(L->y, L->sidenode[k], "side '%s' has no units", sc->side[k].id);
    }
  if (n == 0) {
    check_leaders(L, NULL);
    return 0;
  }
  if (!(ix = gn__malloc(L->g, (size_t)n * sizeof *ix))) return GN_ENOMEM;
  /* ids: unique, also without case (gn_unit_find ignores it) */
  for (i = 0; i < n; i++) { ix[i].key = sc->unit[i].id; ix[i].i = i; }
  qsort(ix, (size_t)n, sizeof *ix, nidx_cmpi);
  report_clashes(L, ix, n, L->uid, L->uid, "unit id");
  check_leaders(L, ix);
  /* a code must not be another unit's id */
  for (i = 0; i < n; i++) {
    int j;
    if (!L->ucode[i] || sc->unit[i].code == sc->unit[i].id) continue;
    if ((j = nidx_find(ix, n, sc->unit[i].code, 1)) >= 0 && ix[j].i != i)
      gn__yaml_error(L->y, L->ucode[i], "code '%s' of unit '%s' is the id of unit '%s' "
                     "(line %d)", sc->unit[i].code, sc->unit[i].id, sc->unit[ix[j].i].id,
                     sc->unit[ix[j].i].line);
  }
  /* codes given: unique without case (a code left out is the id, checked above) */
  for (i = k = 0; i < n; i++)
    if (L->ucode[i] && sc->unit[i].code != sc->unit[i].id) {
      ix[k].key = sc->unit[i].code; ix[k].i = i; k++;
    }
  qsort(ix, (size_t)k, sizeof *ix, nidx_cmpi);
  report_clashes(L, ix, k, L->ucode, L->uid, "code");
  gn__free(L->g, ix, (size_t)n * sizeof *ix);
  return 0;
}

/* ------------------------------------------------------------- terrain */

/* The key node named name in map, or 0. Cannot fail. */
static int key_node(const loader *L, int map, const char *name) {
  int i;
  for (i = 0; i < gn__yaml_len(L->y, map); i++) {
    const char *t = gn__yaml_text(L->y, gn__yaml_key(L->y, map, i));
    if (t && !strcmp(t, name)) return gn__yaml_key(L->y, map, i);
  }
  return 0;
}

/* terrain: features of the ruleset's kinds, their points in sc->terrain and
** sc->features. Problems are recorded; returns 0 or GN_ENOMEM. */
/* Step 1 of a terrain feature: its kind among the ruleset's, or -1 (an
** unknown one named with a suggestion). */
static int terrain_kind(loader *L, int it, int vkind) {
  const gn__ruleset *rs = L->rs;
  const char *s;
  char hint[96];
  int k;
  if (gn__yaml_need(L->y, it, vkind, "kind", "terrain feature") ||
      gn__yaml_str(L->y, vkind, "kind", &s) || !rs)
    return -1;
  for (k = 0; k < rs->nterrain && strcmp(rs->terrain[k].name, s); k++) {}
  if (k < rs->nterrain) return k;
  gn__ysuggest sg;
  gn__yaml_suggest_init(&sg, s);
  for (k = 0; k < rs->nterrain; k++) gn__yaml_suggest_add(&sg, rs->terrain[k].name);
  gn__yaml_error(L->y, vkind, "unknown terrain kind '%s' for ruleset '%s'%s", s, rs->id,
                 gn__yaml_suggest_text(&sg, hint, sizeof hint));
  return -1;
}

/* Step 2 of a terrain feature: its key, 'area' (v[2]) or 'line' (v[3]), must
** match the kind's shape. Returns the node of its points with *shape, or 0
** when neither or both are given. */
static int terrain_shape(loader *L, int it, const int *v, int kind, gn_shape *shape) {
  const gn__ruleset *rs = L->rs;
  if (v[2] && v[3]) {
    gn__yaml_error(L->y, v[3], "a terrain feature is an 'area' or a 'line', not both");
    return 0;
  }
  if (!v[2] && !v[3]) {
    if (kind >= 0)
      gn__yaml_error(L->y, it, "missing required key '%s' in terrain feature (kind '%s')",
                     rs->terrain[kind].shape == GN_SHAPE_AREA ? "area" : "line",
                     rs->terrain[kind].name);
    else
      gn__yaml_error(L->y, it, "missing required key 'area' or 'line' in terrain feature");
    return 0;
  }
  *shape = v[2] ? GN_SHAPE_AREA : GN_SHAPE_LINE;
  if (kind >= 0 && rs->terrain[kind].shape != *shape) {
    gn__yaml_error(L->y, key_node(L, it, *shape == GN_SHAPE_AREA ? "area" : "line"),
                   "terrain kind '%s' is %s: give its points under '%s', not '%s'",
                   rs->terrain[kind].name,
                   rs->terrain[kind].shape == GN_SHAPE_AREA ? "an area" : "a line",
                   rs->terrain[kind].shape == GN_SHAPE_AREA ? "area" : "line",
                   *shape == GN_SHAPE_AREA ? "area" : "line");
  }
  return v[2] ? v[2] : v[3];
}

/* Step 3 of a terrain feature: the list of points pts of its shape into t
** (an area at least 3, a line at least 2). 1 when they are missing or too
** few (recorded), 0, or GN_ENOMEM. */
static int terrain_points(loader *L, int pts, gn_shape shape, gn__terrain *t) {
  const char *word = shape == GN_SHAPE_AREA ? "area" : "line";
  char got[64];
  if (gn__yaml_kind(L->y, pts) != GN__Y_SEQ) {
    gn__yaml_error(L->y, pts, "expected a list of points [[x, y], ...] for '%s', got %s", word,
                   gn__yaml_got(L->y, pts, got, sizeof got));
    return 1;
  }
  int np = gn__yaml_len(L->y, pts);
  if (np < (shape == GN_SHAPE_AREA ? 3 : 2)) {
    gn__yaml_error(L->y, pts, "%s needs at least %d points, got %d",
                   shape == GN_SHAPE_AREA ? "an area" : "a line",
                   shape == GN_SHAPE_AREA ? 3 : 2, np);
    return 1;
  }
  gn_vec2 *p = gn__calloc(L->g, (size_t)np, sizeof *p);
  if (!p) return GN_ENOMEM;
  t->f.pts = p;
  t->f.npts = np;
  for (int j = 0; j < np; j++) read_point(L, gn__yaml_item(L->y, pts, j), word, &p[j]);
  return 0;
}

/* Terrain feature i, item it of the list: its id (unique), then
** 1) kind  2) shape  3) points. Problems are recorded; 0 or GN_ENOMEM. */
static int read_feature(loader *L, int it, int i) {
  static const char *const keys[] = {"id", "kind", "area", "line", NULL};
  const gn__ruleset *rs = L->rs;
  gn__scen *sc = L->sc;
  gn__terrain *t = &sc->terrain[i];
  int v[4], rc;
  gn_shape shape;
  t->id = "";
  t->f.kind = -1;
  t->line = gn__yaml_line(L->y, it); t->col = gn__yaml_col(L->y, it);
  if (gn__yaml_map(L->y, it, "terrain feature", keys, v)) return 0;
  if (!read_id(L, it, v[0], "terrain feature", &t->id))
    for (int j = 0; j < i; j++)
      if (!strcmp(sc->terrain[j].id, t->id)) {
        gn__yaml_error(L->y, v[0], "duplicate terrain id '%s'", t->id);
        break;
      }
  int kind = terrain_kind(L, it, v[1]);                                          /* 1 */
  int pts = terrain_shape(L, it, v, kind, &shape);                               /* 2 */
  if (!pts) return 0;
  if ((rc = terrain_points(L, pts, shape, t))) return rc < 0 ? rc : 0;           /* 3 */
  t->f.kind = kind;
  t->f.shape = shape;
  t->f.flags = kind >= 0 ? rs->terrain[kind].flags : 0;
  sc->features[i] = t->f;
  return 0;
}

static int read_terrain(loader *L, int node) {
  gn__scen *sc = L->sc;
  int n, rc;
  if (!node || gn__yaml_seq(L->y, node, "terrain")) return 0;
  n = gn__yaml_len(L->y, node);
  if (n == 0) return 0;
  if (!(sc->terrain = gn__calloc(L->g, (size_t)n, sizeof *sc->terrain))) return GN_ENOMEM;
  sc->nterrain = n;
  if (!(sc->features = gn__calloc(L->g, (size_t)n, sizeof *sc->features))) return GN_ENOMEM;
  for (int i = 0; i < n; i++)
    if ((rc = read_feature(L, gn__yaml_item(L->y, node, i), i))) return rc;
  return 0;
}

/* ------------------------------------------------------------- objectives */

/* An objective's points: a number (the same to every side) or a mapping of
** side ids to what holding it is worth to that side. Problems are recorded. */
static void read_points(loader *L, int node, gn__objective *o) {
  int i, n, side, pts;
  if (gn__yaml_kind(L->y, node) != GN__Y_MAP) {
    gn__yaml_int(L->y, node, "points", 0, GN__MAXPOINTS, &o->points);
    for (i = 0; i < GN__MAXSIDES; i++) o->side_points[i] = o->points;
    return;
  }
  o->points = 0;
  for (i = 0; i < GN__MAXSIDES; i++) o->side_points[i] = 0;
  n = gn__yaml_len(L->y, node);
  for (i = 0; i < n; i++) {
    int k = gn__yaml_key(L->y, node, i), val = gn__yaml_value(L->y, node, i);
    if (read_side(L, k, "points", &side) || gn__yaml_int(L->y, val, "points", 0, GN__MAXPOINTS, &pts)) continue;
    o->side_points[side] = pts;
    if (pts > o->points) o->points = pts;
  }
}

/* objectives. Problems are recorded; returns 0 or GN_ENOMEM. */
static int read_objectives(loader *L, int node) {
  static const char *const keys[] = {"id", "name", "at", "radius", "points", "owner", "from", "by", NULL};
  gn__scen *sc = L->sc;
  int i, j, n, v[8];
  if (!node || gn__yaml_seq(L->y, node, "objectives")) return 0;
  n = gn__yaml_len(L->y, node);
  if (n == 0) return 0;
  if (n > GN_BATTLE_MAXOBJ)   /* a battle's result holds each objective's holder */
    past_limit(L, gn__yaml_item(L->y, node, GN_BATTLE_MAXOBJ), "objective %d of %d: past the limit of %d "
               "objectives a game holds", GN_BATTLE_MAXOBJ + 1, n, GN_BATTLE_MAXOBJ);
  if (!(sc->objective = gn__calloc(L->g, (size_t)n, sizeof *sc->objective))) return GN_ENOMEM;
  sc->nobjectives = n;
  for (i = 0; i < n; i++) {
    gn__objective *o = &sc->objective[i];
    int it = gn__yaml_item(L->y, node, i);
    o->id = o->name = ""; o->owner0 = -1; o->points = 1; o->from = -1; o->by = 0;
    o->line = gn__yaml_line(L->y, it); o->col = gn__yaml_col(L->y, it);
    if (gn__yaml_map(L->y, it, "objective", keys, v)) continue;
    if (!read_id(L, it, v[0], "objective", &o->id)) {
      for (j = 0; j < i; j++)
        if (!strcmp(sc->objective[j].id, o->id)) {
          gn__yaml_error(L->y, v[0], "duplicate objective id '%s'", o->id);
          break;
        }
      if (read_opt_str(L, v[1], "name", o->id, &o->name)) o->name = o->id;
    }
    if (!gn__yaml_need(L->y, it, v[2], "at", "objective") &&
        !read_point(L, v[2], "at", &o->at) && !on_table(L, o->at))
      gn__yaml_error(L->y, v[2], "objective '%s' is off the table: (%g, %g) is outside the "
                     "%g x %g table", o->id, o->at.x, o->at.y, sc->width, sc->height);
    if (!gn__yaml_need(L->y, it, v[3], "radius", "objective"))
      read_pos(L, v[3], "radius", 0, &o->radius);
    if (v[4]) read_points(L, v[4], o);
    else for (j = 0; j < GN__MAXSIDES; j++) o->side_points[j] = o->points;
    if (v[5]) read_side(L, v[5], "owner", &o->owner0);
    if (v[6] && !gn__yaml_int(L->y, v[6], "from", 0, 10000, &o->from) && sc->turns > 0 && o->from > sc->turns)
      gn__yaml_error(L->y, v[6], "objective '%s': 'from' turn %d is past the scenario's %d turns", o->id,
                     o->from, sc->turns);
    if (v[7] && !gn__yaml_int(L->y, v[7], "by", 1, 10000, &o->by) && sc->turns > 0 && o->by > sc->turns)
      gn__yaml_error(L->y, v[7], "objective '%s': 'by' turn %d is past the scenario's %d turns", o->id,
                     o->by, sc->turns);
    if (v[6] && v[7])
      gn__yaml_error(L->y, v[7], "objective '%s': give 'from' (hold to the end) or 'by' (held at that "
                     "turn), not both", o->id);
  }
  return 0;
}

/* ------------------------------------------------------------- victory */

/* victory: {break, losses, marginal, decisive}: the scenario's rules of
** victory over the ruleset data's victory.* (gn__victory_from_data). Problems are
** recorded. */
static void read_victory(loader *L, int node) {
  static const char *const keys[] = {"break", "losses", "marginal", "decisive", NULL};
  gn__victory *vr = &L->sc->victory;
  int v[4];
  double *out[4] = {&vr->brk, &vr->losses, &vr->marginal, &vr->decisive};
  if (gn__yaml_map(L->y, node, "victory", keys, v)) return;
  vr->given = 1;
  for (int k = 0; k < 4; k++) {
    double x;
    if (!v[k] || gn__yaml_num(L->y, v[k], keys[k], &x)) continue;
    if (k == 0 && !(x >= 0 && x <= 1))
      gn__yaml_error(L->y, v[k], "'break' must be a fraction from 0 to 1, got %g", x);
    else if (k > 0 && !(x >= 0 && x <= GN__MAXPOINTS))
      gn__yaml_error(L->y, v[k], "'%s' must be from 0 to %d victory points, got %g", keys[k], GN__MAXPOINTS, x);
    else { *out[k] = x; vr->keys |= 1 << k; }
  }
  if (vr->keys & 12 && (vr->keys & 12) != 12) return;   /* checked against the data's (victory.c) */
  if (vr->decisive < vr->marginal)
    gn__yaml_error(L->y, node, "victory: 'decisive' (%g) must be at least 'marginal' (%g)", vr->decisive,
                   vr->marginal);
}

/* ------------------------------------------------------------- values */

/* values: {KEY: NUMBER or [NUMBERS], ...}: the numbers this scenario plays
** with in place of the ruleset data's (a group that owns a published book
** overrides the project's defaults). Read here; checked against the data and
** applied by apply_values. Problems are recorded in L->y; 0 or GN_ENOMEM. */
static int read_values(loader *L, int node) {
  char got[64];
  if (gn__yaml_kind(L->y, node) != GN__Y_MAP) {
    gn__yaml_error(L->y, node, "expected a mapping of data keys to numbers for 'values', got %s",
                   gn__yaml_got(L->y, node, got, sizeof got));
    return 0;
  }
  for (int i = 0; i < gn__yaml_len(L->y, node); i++) {
    int kn = gn__yaml_key(L->y, node, i), vn = gn__yaml_value(L->y, node, i), n, bad = 0, k;
    const char *key = gn__yaml_text(L->y, kn);
    if (!key) {
      gn__yaml_error(L->y, kn, "expected a data key in 'values', got %s",
                     gn__yaml_got(L->y, kn, got, sizeof got));
      continue;
    }
    for (k = 0; k < L->nov && strcmp(L->ov[k].key, key); k++) {}
    if (k < L->nov) {
      gn__yaml_error(L->y, kn, "duplicate data key '%s' in 'values' (first at line %d)", key,
                     L->ov[k].line);
      continue;
    }
    int seq = gn__yaml_kind(L->y, vn) == GN__Y_SEQ;
    n = seq ? gn__yaml_len(L->y, vn) : 1;
    if (n < 1 || (!seq && gn__yaml_kind(L->y, vn) != GN__Y_SCALAR)) {
      gn__yaml_error(L->y, vn, "expected a number or a list of numbers for '%s', got %s", key,
                     gn__yaml_got(L->y, vn, got, sizeof got));
      continue;
    }
    double *v = gn__malloc(L->g, (size_t)n * sizeof *v);
    if (!v) return GN_ENOMEM;
    for (int j = 0; j < n; j++)
      if (gn__yaml_num(L->y, seq ? gn__yaml_item(L->y, vn, j) : vn, key, &v[j])) bad = 1;
    if (!bad && L->nov == L->capov) {
      int cap = L->capov ? L->capov * 2 : 8;
      struct ovr *no = gn__realloc(&L->g->alloc, L->ov, (size_t)L->capov * sizeof *no,
                                   (size_t)cap * sizeof *no);
      if (!no) { gn__free(L->g, v, (size_t)n * sizeof *v); return GN_ENOMEM; }
      L->ov = no; L->capov = cap;
    }
    if (bad) { gn__free(L->g, v, (size_t)n * sizeof *v); continue; }
    const char *kc = intern(L->g, L->sc, key);
    if (!kc) { gn__free(L->g, v, (size_t)n * sizeof *v); return GN_ENOMEM; }
    L->ov[L->nov++] = (struct ovr){ kc, n, v, gn__yaml_line(L->y, kn), gn__yaml_col(L->y, kn) };
  }
  return 0;
}

/* Puts the scenario's values in place of the data's: each key must be a
** datum of the ruleset, with as many numbers. The datum keeps its rule id and
** takes provenance "scenario". 0, GN_ESCENARIO (diagnostics say which) or
** GN_ENOMEM; nothing is changed on failure. */
static int apply_values(loader *L) {
  gn__scen *sc = L->sc;
  gn__datum **at = NULL;
  int rc = 0, bad = 0;
  if (!L->nov) return 0;
  if (!(at = gn__calloc(L->g, (size_t)L->nov, sizeof *at))) return GN_ENOMEM;
  for (int i = 0; i < L->nov && !rc; i++) {
    const struct ovr *o = &L->ov[i];
    int lo = 0, hi = sc->ndata;
    while (lo < hi) {
      int mid = lo + (hi - lo) / 2, c = strcmp(sc->data[mid].key, o->key);
      if (c == 0) { at[i] = &sc->data[mid]; break; }
      if (c < 0) lo = mid + 1; else hi = mid;
    }
    if (!at[i]) {
      gn__ysuggest sg;
      char hint[96];
      gn__yaml_suggest_init(&sg, o->key);
      for (int k = 0; k < sc->ndata; k++) gn__yaml_suggest_add(&sg, sc->data[k].key);
      rc = gn__diag_add(L->g, "%s:%d:%d: unknown data key '%s' for ruleset '%s'%s", sc->file,
                        o->line, o->col, o->key, sc->rs->id,
                        gn__yaml_suggest_text(&sg, hint, sizeof hint));
      bad = 1;
    } else if (at[i]->n != o->n) {
      rc = gn__diag_add(L->g, "%s:%d:%d: data key '%s' holds %d number%s (%s:%d), the scenario "
                        "gives %d", sc->file, o->line, o->col, o->key, at[i]->n,
                        at[i]->n == 1 ? "" : "s", at[i]->file, at[i]->line, o->n);
      bad = 1;
    }
  }
  if (!rc && bad) rc = GN_ESCENARIO;
  for (int i = 0; i < L->nov && !rc; i++) {
    gn__datum *d = at[i];
    char note[160];
    size_t k = 0;
    k += (size_t)snprintf(note, sizeof note, "the scenario's value, in place of the ruleset's ");
    for (int j = 0; j < d->n && k < sizeof note; j++) {
      int w = snprintf(note + k, sizeof note - k, "%s%g", j ? ", " : "", d->v[j]);
      if (w > 0) k += (size_t)w;
    }
    if (k < sizeof note) k += (size_t)snprintf(note + k, sizeof note - k, " (%s)", d->provenance);
    if (k >= sizeof note) memcpy(note + sizeof note - 5, "...)", 5);   /* a long list, cut */
    const char *kept = intern(L->g, sc, note);
    if (!kept) { rc = GN_ENOMEM; break; }
    d->note = kept;
    gn__free(L->g, d->v, (size_t)d->n * sizeof *d->v);
    d->v = L->ov[i].v;
    L->ov[i].v = NULL;
    d->provenance = "scenario";
    d->file = sc->file;
    d->line = L->ov[i].line;
  }
  gn__free(L->g, at, (size_t)L->nov * sizeof *at);
  return rc;
}

/* ------------------------------------------------------------- the whole */

enum { K_VERSION, K_NAME, K_RULESET, K_TABLE, K_DATE, K_WEATHER, K_TURNS, K_OPTIONS,
       K_SIDES, K_FORMATIONS, K_UNITS, K_TERRAIN, K_OBJECTIVES, K_VALUES, K_VICTORY, K_HISTORY, K_N };


/* history: what happened, as the designer's sources tell it (docs/scenario.md,
** "History"). Needs the sides and objectives read. Problems are recorded. */
/* History's result and level: a draw has level draw, a victory marginal or
** decisive. */
static void history_result(loader *L, int node, const int *v, gn__history *h) {
  static const char *const levels[] = {"draw", "marginal", "decisive", NULL};
  const char *s;
  int k;
  if (!gn__yaml_need(L->y, node, v[0], "result", "history") && !gn__yaml_str(L->y, v[0], "result", &s) &&
      strcmp(s, "draw"))
    read_side(L, v[0], "result", &h->winner);
  if (!v[1] || gn__yaml_str(L->y, v[1], "level", &s)) return;
  for (k = 0; levels[k] && strcmp(levels[k], s); k++) {}
  if (levels[k]) h->level = k;
  else gn__yaml_error(L->y, v[1], "'level' must be draw, marginal or decisive, got '%s'", s);
  if (levels[k] && (k == GN_LEVEL_DRAW) != (h->winner < 0))
    gn__yaml_error(L->y, v[1], "level '%s' does not fit the result: a draw has level draw, a victory "
                   "marginal or decisive", s);
}

/* History's 'held': each objective's id to the side holding it at the end,
** or nobody. */
static void history_held(loader *L, int node, gn__history *h) {
  const gn__scen *sc = L->sc;
  const char *s;
  if (gn__yaml_kind(L->y, node) != GN__Y_MAP) {
    gn__yaml_error(L->y, node, "'held' must map each objective's id to the side holding it at the end "
                   "(or nobody)");
    return;
  }
  for (int i = 0; i < gn__yaml_len(L->y, node); i++) {
    int key = gn__yaml_key(L->y, node, i), val = gn__yaml_value(L->y, node, i), o;
    if (gn__yaml_str(L->y, key, "held", &s)) continue;
    for (o = 0; o < sc->nobjectives && o < 32 && strcmp(sc->objective[o].id, s); o++) {}
    if (o >= sc->nobjectives || o >= 32) {
      gn__yaml_error(L->y, key, "unknown objective '%s' in 'held'", s);
      continue;
    }
    if (!gn__yaml_str(L->y, val, "held", &s) && !strcmp(s, "nobody")) h->held[o] = -1;
    else read_side(L, val, "held", &h->held[o]);
  }
}

/* The scenario's history: result and level, men lost per side, objectives
** held at the end, sources. Problems are recorded. */
static void read_history(loader *L, int node) {
  static const char *const keys[] = {"result", "level", "losses", "held", "sources", NULL};
  gn__scen *sc = L->sc;
  gn__history *h = &sc->history;
  int v[5], i;
  const char *s;
  h->winner = -1; h->level = -1;
  for (i = 0; i < GN__MAXSIDES; i++) h->men_lost[i] = -1;
  for (i = 0; i < 32; i++) h->held[i] = -2;
  if (gn__yaml_map(L->y, node, "history", keys, v)) return;
  h->given = 1;
  history_result(L, node, v, h);
  if (v[2] && gn__yaml_kind(L->y, v[2]) != GN__Y_MAP)
    gn__yaml_error(L->y, v[2], "'losses' must map each side's id to its men lost");
  else if (v[2])
    for (i = 0; i < gn__yaml_len(L->y, v[2]); i++) {
      int side, key = gn__yaml_key(L->y, v[2], i);
      if (read_side(L, key, "losses", &side)) continue;
      gn__yaml_int(L->y, gn__yaml_value(L->y, v[2], i), "losses", 0, 100000000, &h->men_lost[side]);
    }
  if (v[3]) history_held(L, v[3], h);
  if (v[4] && gn__yaml_seq(L->y, v[4], "sources")) return;
  for (i = 0; v[4] && i < gn__yaml_len(L->y, v[4]); i++) {
    int it = gn__yaml_item(L->y, v[4], i);
    if (i >= GN__MAXSOURCES) {
      past_limit(L, it, "source %d: past the limit of %d sources a history holds", i + 1, GN__MAXSOURCES);
      break;
    }
    if (!gn__yaml_str(L->y, it, "sources", &s)) h->sources[h->nsources++] = keep(L, s);
  }
}

/* The scenario's ruleset: one the library knows, else a suggestion. */
static void read_ruleset(loader *L, int node) {
  const char *s;
  char hint[96];
  if (gn__yaml_str(L->y, node, "ruleset", &s)) return;
  if (!(L->rs = gn__ruleset_find(s))) {
    gn__ysuggest sg;
    gn__yaml_suggest_init(&sg, s);
    for (int i = 0; i < gn_ruleset_count(); i++) gn__yaml_suggest_add(&sg, gn_ruleset_id(i));
    gn__yaml_error(L->y, node, "unknown ruleset '%s'%s", s,
                   gn__yaml_suggest_text(&sg, hint, sizeof hint));
  }
  L->sc->rs = L->rs;
}

/* Step 1 of a scenario, its header: format version, name, ruleset, table,
** date, weather, turns and the ruleset's options (v: the root's keys). */
static void read_header(loader *L, int root, const int *v) {
  gn__yaml *y = L->y;
  gn__scen *sc = L->sc;
  const char *s;
  int i;
  if (!gn__yaml_need(y, root, v[K_VERSION], "grognard", "the scenario") &&
      !gn__yaml_int(y, v[K_VERSION], "grognard", INT_MIN, INT_MAX, &i) && i != 1)
    gn__yaml_error(y, v[K_VERSION], "unsupported scenario format version %d (this library "
                   "reads version 1)", i);
  if (!gn__yaml_need(y, root, v[K_NAME], "name", "the scenario") &&
      !gn__yaml_str(y, v[K_NAME], "name", &s))
    sc->name = intern(L->g, sc, s);
  if (!sc->name) { L->oom = 1; sc->name = sc->file; }
  if (!gn__yaml_need(y, root, v[K_RULESET], "ruleset", "the scenario")) read_ruleset(L, v[K_RULESET]);
  if (!gn__yaml_need(y, root, v[K_TABLE], "table", "the scenario")) read_table(L, v[K_TABLE]);
  if (!gn__yaml_need(y, root, v[K_DATE], "date", "the scenario")) read_date(L, v[K_DATE]);
  else sc->latitude = 50.0;
  if (v[K_WEATHER] && !gn__yaml_str(y, v[K_WEATHER], "weather", &s)) {
    if (!strcmp(s, "clear")) sc->weather = 0;
    else if (!strcmp(s, "inclement")) sc->weather = 1;
    else gn__yaml_error(y, v[K_WEATHER], "'weather' must be clear or inclement, got '%s'", s);
  }
  if (!gn__yaml_need(y, root, v[K_TURNS], "turns", "the scenario"))
    gn__yaml_int(y, v[K_TURNS], "turns", 1, 10000, &sc->turns);
  if (L->rs)
    for (i = 0; i < L->rs->noptions && i < 16; i++) sc->options[i] = L->rs->options[i].def;
  if (v[K_OPTIONS])
    read_attrs(L, v[K_OPTIONS], "options", L->rs ? L->rs->options : NULL,
               L->rs ? (L->rs->noptions < 16 ? L->rs->noptions : 16) : 0, 0, "option",
               sc->options);
}

/* Reads everything; problems are recorded in L->y. Returns 0 or GN_ENOMEM. */
static int read_scenario(loader *L) {
  static const char *const keys[] = {"grognard", "name", "ruleset", "table", "date",
                                     "weather", "turns", "options", "sides", "formations",
                                     "units", "terrain", "objectives", "values", "victory",
                                     "history", NULL};
  gn__yaml *y = L->y;
  gn__scen *sc = L->sc;
  int root = gn__yaml_root(y), v[K_N], rc;

  if (!root) {
    gn__yaml_error_at(y, 1, 1, "the file is empty: expected a scenario mapping "
                      "(grognard, name, ruleset, table, date, turns, sides, units)");
    return 0;
  }
  if (gn__yaml_map(y, root, "the scenario", keys, v)) return 0;
  read_header(L, root, v);                                                       /* 1 */
  /* 2) sides, formations, units and the checks between them */
  if (!gn__yaml_need(y, root, v[K_SIDES], "sides", "the scenario")) read_sides(L, v[K_SIDES]);
  if ((rc = read_formations(L, v[K_FORMATIONS]))) return rc;
  if ((rc = link_formations(L))) return rc;
  if (!gn__yaml_need(y, root, v[K_UNITS], "units", "the scenario") &&
      (rc = read_units(L, v[K_UNITS])))
    return rc;
  /* 3) terrain and objectives */
  if ((rc = read_terrain(L, v[K_TERRAIN]))) return rc;
  if ((rc = read_objectives(L, v[K_OBJECTIVES]))) return rc;
  memset(&sc->victory, 0, sizeof sc->victory);   /* the rest from the data, once it is read */
  if (v[K_VICTORY]) read_victory(L, v[K_VICTORY]);
  if (v[K_HISTORY]) read_history(L, v[K_HISTORY]);
  /* 4) the scenario's own values for ruleset data (applied after the data) */
  return v[K_VALUES] ? read_values(L, v[K_VALUES]) : 0;
}

/* Frees everything sc holds and sc itself. Cannot fail. */
static void scen_free(gn_game *g, gn__scen *sc) {
  int i;
  if (sc->rsdata && sc->rs && sc->rs->release) sc->rs->release(g, sc->rsdata);
  gn__data_free(g, sc);
  gn__free(g, sc->formation, (size_t)sc->nformations * sizeof *sc->formation);
  gn__free(g, sc->unit, (size_t)sc->nunits * sizeof *sc->unit);
  gn__scen_names_free(g, sc);
  for (i = 0; i < sc->nterrain; i++)
    gn__free(g, (void *)sc->terrain[i].f.pts, (size_t)sc->terrain[i].f.npts * sizeof(gn_vec2));
  gn__free(g, sc->terrain, (size_t)sc->nterrain * sizeof *sc->terrain);
  gn__free(g, sc->features, (size_t)sc->nterrain * sizeof *sc->features);
  gn__free(g, sc->objective, (size_t)sc->nobjectives * sizeof *sc->objective);
  for (i = 0; i < sc->nstrings; i++) gn__free(g, sc->strings[i], strlen(sc->strings[i]) + 1);
  gn__free(g, sc->strings, (size_t)sc->capstrings * sizeof *sc->strings);
  gn__free(g, sc->text, sc->textlen + 1);
  gn__free(g, sc, sizeof *sc);
}

/* Returns 0, GN_ESCENARIO (problems are diagnostics), GN_ELIMIT (the same,
** one of them a built-in limit passed), GN_EDATA / GN_EIO (the
** ruleset data; diagnostics too) or GN_ENOMEM. Nothing is kept on failure. */
int gn__scen_load(gn_game *g, const char *name, const char *text, size_t len, gn__scen **out) {
  loader L;
  int rc, nerr, crc;
  *out = NULL;
  memset(&L, 0, sizeof L);
  L.g = g;
  if (!(L.sc = gn__calloc(g, 1, sizeof *L.sc))) return gn__error(g, GN_ENOMEM, "out of memory");
  L.sc->refs = 1;
  L.sc->latitude = 50.0;
  if (!(L.sc->name = L.sc->file = intern(g, L.sc, name))) { rc = GN_ENOMEM; goto done; }
  if (!(L.sc->text = gn__malloc(g, len + 1))) { rc = GN_ENOMEM; goto done; }
  memcpy(L.sc->text, text, len);
  L.sc->text[len] = 0;
  L.sc->textlen = len;
  if (!(L.y = gn__yaml_open(g, name))) { rc = GN_ENOMEM; goto done; }
  rc = gn__yaml_parse(L.y, text, len);
  if (rc == GN_EPARSE) rc = 0;
  else if (rc == 0) rc = read_scenario(&L);
  if (L.oom || gn__yaml_oom(L.y)) rc = GN_ENOMEM;
done:
  nerr = L.y ? gn__yaml_errors(L.y) : 0;
  crc = gn__yaml_close(L.y);
  if (!rc && crc) rc = crc;
  if (!rc && nerr) rc = L.limit ? GN_ELIMIT : GN_ESCENARIO;
  gn__free(g, L.fside, (size_t)L.nf * 5 * sizeof *L.fside);
  gn__free(g, L.fix, (size_t)L.nf * sizeof *L.fix);
  gn__free(g, L.uid, (size_t)L.nu * 2 * sizeof *L.uid);
  /* the ruleset data, once the structure is sound */
  if (!rc && (rc = gn__data_load(g, L.sc)) == 0 && L.oom) rc = GN_ENOMEM;
  if (!rc) rc = apply_values(&L);
  if (!rc) rc = gn__victory_from_data(g, L.sc);
  for (int i = 0; i < L.nov; i++) gn__free(g, L.ov[i].v, (size_t)L.ov[i].n * sizeof(double));
  gn__free(g, L.ov, (size_t)L.capov * sizeof *L.ov);
  if (rc) {
    scen_free(g, L.sc);
    if (rc == GN_ENOMEM) gn__error(g, rc, "out of memory");
    return rc;
  }
  *out = L.sc;
  return 0;
}

/* Drops one reference; the last frees everything. sc may be NULL. */
void gn__scen_release(gn_game *g, gn__scen *sc) {
  if (!sc || --sc->refs > 0) return;
  scen_free(g, sc);
}
