/*
** actions.c: every order the rules would accept now (gn_actions_list). The
** core knows no ruleset's words, so each verb's help line is read as its
** template ("fire UNIT at UNIT", "order UNIT a|b|c", "move UNIT to X,Y"), and
** every way of filling it is tried through gn_order_check: the verb's own
** handler, with the dice source stopped at the first chance point. The list
** therefore says what the rules say; what a player needs to decide comes from
** the same run (the chance point it stopped at: the dice, the number needed)
** and from the ruleset's hooks that its handlers use themselves (the move
** left, whether an order resolved later would take effect now).
*/
#include "core.h"

#include <ctype.h>
#include <jansson.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WORDMAX GN__MAXTOK

/* What a word of a template stands for. */
typedef enum slot {
  S_WORD,       /* itself */
  S_ACTOR,      /* the unit acting */
  S_ENEMY,      /* each enemy on the table the actor's side may see */
  S_FRIEND,     /* each other unit of the actor's side on the table */
  S_CHOICE,     /* each of "a|b|c" */
  S_POINT_TO,   /* a point to move to: continuous, left to the player */
  S_POINT_AT,   /* a point aimed at: each enemy's centre */
  S_NUMBER      /* a number: left to the player */
} slot;

typedef struct tmpl {
  char buf[256];
  int n;
  const char *w[WORDMAX];
  slot s[WORDMAX];
  int var;      /* index of the enumerated slot, -1 none */
  int open;     /* index of the slot left to the player, -1 none */
} tmpl;

/* 1 when w is a placeholder of a help line: capitals, digits, '_', ',' only. */
static int placeholder(const char *w) {
  if (!isupper((unsigned char)w[0])) return 0;
  for (; *w; w++)
    if (!isupper((unsigned char)*w) && !isdigit((unsigned char)*w) && *w != '_' && *w != ',') return 0;
  return 1;
}

static int unit_word(const char *w) {
  return !strcmp(w, "UNIT") || !strcmp(w, "LEADER") || !strcmp(w, "STAFF") ||
         !strncmp(w, "TARGET", 6) || !strcmp(w, "PART");
}

int gn_order_actor(const gn_game *g, const char *text) {
  if (!g || !text) return GN_EINVAL;
  char verb[64], word[64], help[64];
  const char *s = text + strspn(text, " \t");
  size_t n = strcspn(s, " \t");
  if (!n || n >= sizeof verb) return -1;
  memcpy(verb, s, n);
  verb[n] = 0;
  s += n;
  s += strspn(s, " \t");
  const char *h = gn_order_help(g, verb);   /* "VERB UNIT ...": the unit acts */
  if (!h) return -1;
  h += strcspn(h, " \t");
  h += strspn(h, " \t");
  size_t hn = strcspn(h, " \t:[");
  if (!hn || hn >= sizeof help) return -1;
  memcpy(help, h, hn);
  help[hn] = 0;
  if (!placeholder(help) || !unit_word(help)) return -1;
  n = strcspn(s, " \t");
  if (!n || n >= sizeof word) return GN_ENOTFOUND;
  memcpy(word, s, n);
  word[n] = 0;
  int u = gn_unit_find(g, word);
  return u >= 0 ? u : GN_ENOTFOUND;
}

/*
** Reads a verb's help line as a template; 0 when it is none this listing can
** fill (no unit acting first, two slots to enumerate, or one to enumerate
** and one left to the player), and the verb is then not listed.
**   1) the words up to ':' or '[' (what follows is optional or comment)
**   2) the first placeholder names the unit acting
**   3) a unit after "at"/"with" (or TARGET) is an enemy, any other a friend;
**      X,Y after "to" a move, after "at" an aim; N a number; a|b a choice
*/
static int parse(const char *verb, const char *help, tmpl *t) {
  snprintf(t->buf, sizeof t->buf, "%s", help ? help : verb);                      /* 1 */
  t->buf[strcspn(t->buf, ":[")] = 0;
  t->n = 0;
  t->var = t->open = -1;
  char *save = NULL;   /* strtok_r: listings run on the simulator's threads */
  for (char *p = strtok_r(t->buf, " \t", &save); p; p = strtok_r(NULL, " \t", &save)) {
    if (t->n == WORDMAX) return 0;
    t->w[t->n++] = p;
  }
  if (t->n < 2 || strcmp(t->w[0], verb)) return 0;
  t->s[0] = S_WORD;
  for (int i = 1; i < t->n; i++) {
    const char *w = t->w[i], *prev = t->w[i - 1];
    slot s = S_WORD;
    if (i == 1) {                                                                  /* 2 */
      if (!placeholder(w) || !unit_word(w)) return 0;
      s = S_ACTOR;
    } else if (placeholder(w) && unit_word(w)) {                                   /* 3 */
      s = !strcmp(prev, "at") || !strcmp(prev, "with") || !strncmp(w, "TARGET", 6) ? S_ENEMY : S_FRIEND;
    } else if (!strcmp(w, "X,Y")) {
      s = !strcmp(prev, "at") ? S_POINT_AT : S_POINT_TO;
    } else if (!strcmp(w, "N")) {
      s = S_NUMBER;
    } else if (strchr(w, '|')) {
      s = S_CHOICE;
    } else if (placeholder(w)) {
      return 0;
    }
    t->s[i] = s;
    if (s == S_ENEMY || s == S_FRIEND || s == S_CHOICE || s == S_POINT_AT) {
      if (t->var >= 0) return 0;
      t->var = i;
    } else if (s == S_POINT_TO || s == S_NUMBER) {
      if (t->open >= 0) return 0;
      t->open = i;
    }
  }
  return t->var < 0 || t->open < 0;   /* a target and a point both to choose: not listed */
}

/* The shortest text of x that reads back as x, at most 17 digits: first as
** a plain decimal of at most 6 places (the orders' own numbers, read back by
** the order parser as the integer over a power of ten), written without
** printf; else the shortest %g that strtod reads back. */
static void num(char *buf, size_t n, double x) {
  static const double p10[] = {1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6};
  double ax = x < 0 ? -x : x;
  if (n >= 32 && ax < 1e9) {
    for (int k = 0; k <= 6; k++) {
      double m = floor(ax * p10[k] + 0.5);
      if (m / p10[k] != ax) continue;
      char d[24];
      int nd = 0;
      uint64_t v = (uint64_t)m;
      do { d[nd++] = (char)('0' + v % 10); v /= 10; } while (v || nd <= k);
      size_t j = 0;
      if (x < 0 && m > 0) buf[j++] = '-';
      while (nd > 0) {
        if (nd == k) buf[j++] = '.';
        buf[j++] = d[--nd];
      }
      buf[j] = 0;
      return;
    }
  }
  for (int p = 1; p <= 17; p++) {
    snprintf(buf, n, "%.*g", p, x);
    if (strtod(buf, NULL) == x) return;
  }
}

/* A point as an order writes it: "X,Y", each the shortest exact text. */
static void point(char *buf, size_t n, gn_vec2 c) {
  char x[32], y[32];
  num(x, sizeof x, c.x);
  num(y, sizeof y, c.y);
  size_t a = strlen(x), b = strlen(y);
  if (a + b + 2 > n) { snprintf(buf, n, "%s,%s", x, y); return; }
  memcpy(buf, x, a);
  buf[a] = ',';
  memcpy(buf + a + 1, y, b + 1);
}

/* A unit's name in an order: its code, else its id. */
static const char *uname(const gn_game *g, int u) {
  const gn__unit *su = &g->sc->unit[u];
  return su->code && su->code[0] ? su->code : su->id;
}

/* What a listing learns of the table once, not once per order: each unit's
** centre as an order writes it, and which units each side may see (a
** simultaneous phase lists several sides); both asked on demand. */
typedef struct table {
  char (*at)[64];           /* per unit: its centre, "X,Y", when have[u] */
  double *half;             /* per unit: half its stand's diagonal, when have[u] & 2 */
  signed char *have;        /* per unit: 1 when at[u] is written, | 2 when half[u] */
  signed char *seen;        /* per side x unit: 1 known, 0 not, -1 not yet asked */
  int n, nsides;
} table;

static const char *table_point(const gn_game *g, table *tb, int u) {
  if (!(tb->have[u] & 1)) {
    point(tb->at[u], sizeof tb->at[u], g->st.u[u].box.c);
    tb->have[u] |= 1;
  }
  return tb->at[u];
}

static double table_half(const gn_game *g, table *tb, int u) {
  if (!(tb->have[u] & 2)) {
    gn_box b = g->st.u[u].box;
    tb->half[u] = 0.5 * sqrt(b.w * b.w + b.d * b.d);
    tb->have[u] |= 2;
  }
  return tb->half[u];
}

static int table_seen(const gn_game *g, table *tb, int side, int u) {
  signed char *s = &tb->seen[(size_t)side * (size_t)tb->n + (size_t)u];
  if (*s < 0) {
    gn_unit_view v;
    *s = (signed char)(gn_unit_view_get(g, u, side, &v) == 0 && v.known);
  }
  return *s;
}

/* The order of template t for actor u, with fill for slot var and the
** player's placeholder (form) or a probe value (else) at slot open. */
static int build(const gn_game *g, const tmpl *t, int u, const char *fill, int form, char *out,
                 size_t n) {
  size_t k = 0;
  char probe[96];
  for (int i = 0; i < t->n; i++) {
    const char *w = t->w[i];
    if (t->s[i] == S_ACTOR) {
      w = uname(g, u);
    } else if (i == t->var) {
      w = fill;
    } else if (i == t->open) {
      if (form) w = t->w[i];
      else if (t->s[i] == S_NUMBER) w = "1";
      else {   /* a move to where the stand is: open to it at all, at no cost */
        point(probe, sizeof probe, g->st.u[u].box.c);
        w = probe;
      }
    }
    size_t len = strlen(w);
    if (k + (i ? 1 : 0) + len + 1 > n) return 0;
    if (i) out[k++] = ' ';
    memcpy(out + k, w, len);
    k += len;
  }
  out[k] = 0;
  return 1;
}

/* ---------------------------------------------------------------- the list */

typedef struct acts {
  gn_actions *out;
  int cap;
  gn_action_target *t;      /* targets of the action being built */
  int nt, capt;
} acts;

static char *dup(const char *s) {
  if (!s) return NULL;
  size_t n = strlen(s) + 1;
  char *p = malloc(n);
  if (p) memcpy(p, s, n);
  return p;
}

static void target_free(gn_action_target *t) {
  free((char *)t->order);
  free((char *)t->choice);
  free((char *)t->dice);
  free((char *)t->why);
  free((char *)t->odds);
}

void gn_actions_free(gn_actions *a) {
  if (!a) return;
  for (int i = 0; i < a->n; i++) {
    gn_action *x = (gn_action *)&a->a[i];
    for (int k = 0; k < x->ntargets; k++) target_free((gn_action_target *)&x->targets[k]);
    free((void *)x->targets);
    free((char *)x->form);
    free((char *)x->avoid);
  }
  free((void *)a->a);
  free((char *)a->phase);
  free(a);
}

/* Checks one order; on acceptance appends it as a target of the action
** being built. GN_ENOMEM, else 0 (refused or not). */
static int try(gn_game *g, acts *ac, const char *verb, const char *order, int u, int unit,
               const char *choice) {
  if (gn_order_check(g, order) != 0) return 0;
  const gn__dicesrc *d = &g->dice;
  if (ac->nt == ac->capt) {
    int cap = ac->capt ? 2 * ac->capt : 8;
    gn_action_target *p = realloc(ac->t, (size_t)cap * sizeof *p);
    if (!p) return GN_ENOMEM;
    ac->t = p;
    ac->capt = cap;
  }
  gn_action_target *t = &ac->t[ac->nt];
  memset(t, 0, sizeof *t);
  t->unit = unit;
  t->distance = unit >= 0 ? gn_unit_distance(g, u, unit) : -1;
  t->ready = 1;
  t->order = dup(order);
  int bad = !t->order;
  if (choice && !(t->choice = dup(choice))) bad = 1;
  if (d->stopped) {
    t->ndice = d->stopn;
    t->need = d->stoptarget;
    if (!(t->dice = dup(d->stopspec))) bad = 1;
  }
  const gn__ruleset *rs = g->sc->rs;
  gn__later lt;
  memset(&lt, 0, sizeof lt);
  if (rs->later && rs->later(g, verb, u, unit, &lt)) {
    if (!lt.ready) {
      t->ready = 0;
      if (!(t->why = dup(lt.why))) bad = 1;
    }
    if (lt.dice[0] && !t->dice) {
      t->ndice = lt.ndice;
      if (!(t->dice = dup(lt.dice))) bad = 1;
    }
  }
  char odds[4096];
  if (rs->odds && unit >= 0 && rs->odds(g, verb, u, unit, odds, sizeof odds) && !(t->odds = dup(odds))) bad = 1;
  ac->nt++;
  return bad ? GN_ENOMEM : 0;
}

/* Appends the action built so far (when it has a target or is a form). */
static int push(gn_game *g, acts *ac, const gn__verb *v, int u, const char *form) {
  gn_actions *o = ac->out;
  if (o->n == ac->cap) {
    int cap = ac->cap ? 2 * ac->cap : 16;
    gn_action *p = realloc((void *)o->a, (size_t)cap * sizeof *p);
    if (!p) return GN_ENOMEM;
    o->a = p;
    ac->cap = cap;
  }
  gn_action *x = (gn_action *)&o->a[o->n++];
  memset(x, 0, sizeof *x);
  x->unit = u;
  x->verb = v->word;
  x->left = -1;
  x->targets = ac->t;
  x->ntargets = ac->nt;
  ac->t = NULL;
  ac->nt = ac->capt = 0;
  if (form) {
    if (!(x->form = dup(form))) return GN_ENOMEM;
    const gn__ruleset *rs = g->sc->rs;
    char avoid[2048] = "";
    if (rs->allowance) x->left = rs->allowance(g, v->word, u, avoid, sizeof avoid);
    if (strlen(avoid) == sizeof avoid - 1) memcpy(avoid + sizeof avoid - 4, "...", 3);   /* cut: say so */
    if (avoid[0] && !(x->avoid = dup(avoid))) return GN_ENOMEM;
  } else if (x->ntargets == 1 && x->targets[0].unit < 0 && !x->targets[0].choice) {
    x->order = x->targets[0].order;
  }
  return 0;
}

/* 1 when the stands of units a and b are more than r apart edge to edge:
** their centres further apart than r and both half-diagonals say so
** without measuring. */
static int far(const gn_game *g, table *tb, int a, int b, double r) {
  gn_box ba = g->st.u[a].box, bb = g->st.u[b].box;
  double dx = ba.c.x - bb.c.x, dy = ba.c.y - bb.c.y;
  double s = r + table_half(g, tb, a) + table_half(g, tb, b);
  if (dx * dx + dy * dy > s * s) return 1;
  return gn_box_distance(ba, bb) > r;
}

/*
** The actions of unit u with verb v.
**   1) a template with a slot to enumerate: each enemy / friend / choice /
**      enemy's centre, each order checked; enemies further than the reach
**      the ruleset gives for the verb (a distance past which its handler
**      refuses every target) are not checked
**   2) a point or number left to the player: the order with a probe value
**      (its own place, at no cost; 1) checked, the form listed
**   3) else the one order checked
*/
static int unit_verb(gn_game *g, acts *ac, table *tb, const gn__verb *v, const tmpl *t, int u) {
  char order[512], fill[96];
  int rc, side = g->sc->unit[u].side;
  if (t->var >= 0) {                                                              /* 1 */
    slot s = t->s[t->var];
    if (s == S_CHOICE) {
      const char *w = t->w[t->var];
      while (*w) {
        size_t len = strcspn(w, "|");
        snprintf(fill, sizeof fill, "%.*s", (int)len, w);
        if (build(g, t, u, fill, 0, order, sizeof order) &&
            (rc = try(g, ac, v->word, order, u, -1, fill)))
          return rc;
        w += len + (w[len] == '|');
      }
    } else {
      const gn__ruleset *rs = g->sc->rs;
      double reach = s != S_FRIEND && rs->reach ? rs->reach(g, v->word, u, NULL) : -1;
      if (reach == -2) return 0;   /* no target at any distance */
      for (int o = 0; o < g->sc->nunits; o++) {
        if (o == u || g->st.u[o].removed) continue;
        int enemy = g->sc->unit[o].side != side;
        if (enemy != (s != S_FRIEND)) continue;
        if (reach >= 0 && far(g, tb, u, o, reach)) continue;
        if (enemy && !table_seen(g, tb, side, o)) continue;
        const char *f = s == S_POINT_AT ? table_point(g, tb, o) : uname(g, o);
        if (build(g, t, u, f, 0, order, sizeof order) && (rc = try(g, ac, v->word, order, u, o, NULL)))
          return rc;
      }
    }
    return ac->nt ? push(g, ac, v, u, NULL) : 0;
  }
  if (!build(g, t, u, NULL, 0, order, sizeof order)) return 0;
  if ((rc = try(g, ac, v->word, order, u, -1, NULL))) return rc;
  if (!ac->nt) return 0;
  if (t->open >= 0) {                                                             /* 2 */
    char form[512];
    for (int k = 0; k < ac->nt; k++) target_free(&ac->t[k]);
    ac->nt = 0;
    if (!build(g, t, u, NULL, 1, form, sizeof form)) return 0;
    return push(g, ac, v, u, form);
  }
  return push(g, ac, v, u, NULL);                                                 /* 3 */
}

/* 1 when units of side are listed: the side asked, or the side to act (every
** side in a simultaneous phase). */
static int listed(const gn_game *g, int side, int asked) {
  if (asked >= 0) return side == asked;
  return g->st.active < 0 || side == g->st.active;
}

int gn_actions_list(gn_game *g, int side, int unit, gn_actions **out) {
  gn_actions_opts o;
  memset(&o, 0, sizeof o);
  o.side = side;
  o.unit = unit;
  return gn_actions_query(g, &o, out);
}

/* 1) The arguments: unit and side in range (-1: any), and the verb asked
** (NULL: every verb) one of the ruleset's, into *only. 0 or GN_ENOTFOUND. */
static int query_args(const gn_game *g, const gn_actions_opts *opt, const gn__verb **only) {
  int side = opt->side, unit = opt->unit;
  *only = NULL;
  if (unit >= (g->sc ? g->sc->nunits : 0)) return GN_ENOTFOUND;
  if (unit < -1 || side < -1 || (g->sc && side >= g->sc->nsides)) return GN_ENOTFOUND;
  if (!opt->verb) return 0;
  for (int i = 0; g->sc && i < g->sc->rs->nverbs && !*only; i++)
    if (!strcmp(g->sc->rs->verbs[i].word, opt->verb)) *only = &g->sc->rs->verbs[i];
  return *only ? 0 : GN_ENOTFOUND;
}

/* 2) The table of g's units with nothing asked yet. 0 or GN_ENOMEM (then
** nothing is held). */
static int table_new(const gn_game *g, table *tb) {
  tb->n = g->sc->nunits;
  tb->nsides = g->sc->nsides;
  size_t nflags = (size_t)tb->n * (size_t)(1 + tb->nsides);
  tb->at = malloc((size_t)tb->n * sizeof *tb->at);
  tb->half = malloc((size_t)tb->n * sizeof *tb->half);
  tb->have = malloc(nflags);
  if (!tb->at || !tb->half || !tb->have) {
    free(tb->at); free(tb->half); free(tb->have);
    return GN_ENOMEM;
  }
  tb->seen = tb->have + tb->n;
  memset(tb->have, 0, (size_t)tb->n);
  memset(tb->seen, -1, nflags - (size_t)tb->n);
  return 0;
}

static void table_free(table *tb) {
  free(tb->at); free(tb->half); free(tb->have);
}

/* 3) Each unit listed (the one asked, or those of the sides listed), each
** verb asked whose help line is a template: its actions (unit_verb) into ac.
** 0 or the first error. */
static int list_units(gn_game *g, acts *ac, table *tb, const gn_actions_opts *opt, const gn__verb *only) {
  const gn__ruleset *rs = g->sc->rs;
  int rc = 0;
  tmpl ts[2];   /* the one verb asked: its template read once */
  int tsok = only && parse(only->word, only->help, &ts[0]);
  for (int u = 0; u < g->sc->nunits && !rc; u++) {
    if (opt->unit >= 0 ? u != opt->unit : !listed(g, g->sc->unit[u].side, opt->side)) continue;
    if (g->st.u[u].removed) continue;
    for (int i = 0; i < rs->nverbs && !rc; i++) {
      const gn__verb *v = &rs->verbs[i];
      if (only && v != only) continue;
      if (only ? !tsok : !parse(v->word, v->help, &ts[1])) continue;
      rc = unit_verb(g, ac, tb, v, only ? &ts[0] : &ts[1], u);
    }
  }
  return rc;
}

/*
** The list asked by o.
**   1) the arguments; an empty list when the game has not started or is over
**   2) the table's names, centres and sight, made once for the listing
**   3) each unit listed, each verb asked whose help line is a template: its
**      actions (unit_verb)
**   4) the message and refusal the checks left are put back as they were
*/
int gn_actions_query(gn_game *g, const gn_actions_opts *opt, gn_actions **out) {
  if (!out) return GN_EINVAL;
  *out = NULL;
  if (!g || !opt) return GN_EINVAL;                                               /* 1 */
  const gn__verb *only;
  int rc = query_args(g, opt, &only);
  if (rc) return rc;
  int side = opt->side, unit = opt->unit;
  gn_actions *o = calloc(1, sizeof *o);
  if (!o) return GN_ENOMEM;
  o->side = unit >= 0 ? g->sc->unit[unit].side : side >= 0 ? side : g->sc ? g->st.active : -1;
  o->phase = dup(g->sc && g->started ? gn_game_phase(g) : "");
  if (!o->phase) { free(o); return GN_ENOMEM; }
  if (!g->sc || !g->started || g->st.over) { *out = o; return 0; }
  table tb;                                                                       /* 2 */
  if (table_new(g, &tb)) { gn_actions_free(o); return GN_ENOMEM; }
  char keep[GN__ERRMAX];
  char *keepref = g->refusal_ref;
  memcpy(keep, g->err, sizeof keep);
  acts ac = { o, 0, NULL, 0, 0 };
  g->quiet = 1;
  rc = list_units(g, &ac, &tb, opt, only);                                        /* 3 */
  for (int k = 0; k < ac.nt; k++) target_free(&ac.t[k]);
  free(ac.t);
  table_free(&tb);
  g->quiet = 0;
  memcpy(g->err, keep, sizeof keep);                                              /* 4 */
  g->refusal_ref = keepref;
  if (rc) { gn_actions_free(o); return rc; }
  *out = o;
  return 0;
}

/* ---------------------------------------------------------------- JSON */

static int jset(json_t *o, const char *k, json_t *v) { return v ? json_object_set_new(o, k, v) : -1; }

/* What a player needs to decide an order, into o: the dice it rolls, the
** number needed, and whether it would take effect now (why not). 0, or
** non-zero when out of memory. */
static int chance_json(json_t *o, const gn_action_target *t) {
  int bad = 0;
  if (t->dice) {
    bad |= jset(o, "dice", json_string(t->dice));
    bad |= jset(o, "count", json_integer(t->ndice));
  }
  if (t->need) bad |= jset(o, "need", json_integer(t->need));
  if (!t->ready) {
    bad |= jset(o, "ready", json_false());
    bad |= jset(o, "why", json_string(t->why ? t->why : ""));
  }
  return bad;
}

static json_t *target_json(const gn_game *g, const gn_action_target *t) {
  json_t *o = json_object();
  if (!o) return NULL;
  int bad = jset(o, "order", json_string(t->order));
  if (t->unit >= 0) bad |= jset(o, "unit", json_string(uname(g, t->unit)));
  if (t->choice) bad |= jset(o, "choice", json_string(t->choice));
  if (t->distance >= 0) bad |= jset(o, "distance", json_real(t->distance));
  if (t->odds) bad |= jset(o, "odds", json_string(t->odds));
  bad |= chance_json(o, t);
  if (bad) { json_decref(o); return NULL; }
  return o;
}

char *gn_actions_json(const gn_game *g, const gn_actions *a) {
  if (!g || !a || !g->sc) return NULL;
  json_t *root = json_object(), *list = json_array();
  int bad = !root || !list;
  if (!bad) {
    bad |= jset(root, "side", a->side >= 0 ? json_string(g->sc->side[a->side].id) : json_null());
    bad |= jset(root, "phase", json_string(a->phase));
  }
  for (int i = 0; i < a->n && !bad; i++) {
    const gn_action *x = &a->a[i];
    json_t *o = json_object();
    if (!o) { bad = 1; break; }
    bad |= jset(o, "unit", json_string(uname(g, x->unit)));
    bad |= jset(o, "verb", json_string(x->verb));
    if (x->order) {
      const gn_action_target *t = &x->targets[0];
      bad |= jset(o, "order", json_string(x->order));
      bad |= chance_json(o, t);
    } else if (x->form) {
      bad |= jset(o, "form", json_string(x->form));
    } else {
      json_t *ts = json_array();
      if (!ts) bad = 1;
      for (int k = 0; k < x->ntargets && !bad; k++) {
        json_t *t = target_json(g, &x->targets[k]);
        bad |= !t || json_array_append_new(ts, t);
      }
      bad |= jset(o, "targets", ts);
    }
    if (x->left >= 0) bad |= jset(o, "left", json_real(x->left));
    if (x->avoid) bad |= jset(o, "avoid", json_string(x->avoid));
    bad |= !o || json_array_append_new(list, o);
  }
  if (!bad) bad = json_object_set(root, "actions", list);
  json_decref(list);
  char *s = bad ? NULL : json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_ENSURE_ASCII);
  json_decref(root);
  return s;
}
