/*
** plan.c: a formation's plan, as the scenario writes it (`plan:` of a
** formation, read through gn_formation_plan): a sequence of tasks the
** commander follows for the units of that formation and of the formations
** under it that have no plan of their own.
**
**   plan: "march 30,12 by road; hold 30,12 until turn 4; attack from turn 4; retire when broken"
**
** Tasks are separated by ';'. Each is a verb, a place (X,Y in table units,
** or an objective's id) and triggers:
**   hold PLACE      go there and defend it
**   take PLACE      attack towards it until the formation stands there
**   screen PLACE    stand there, well back from the enemy: fire, no charge
**   march PLACE     go there in march column, by road where a road leads
**   attack [PLACE]  attack: the place, else the doctrine's objective or enemy
**   retire [PLACE]  fall back there (default: where the side started)
**   from turn N / at turn N   the task begins no earlier than turn N
**   until turn N              the task is over at turn N
**   from TIME / at TIME       by the ruleset's clock (V&B, Belle Alliance):
**   until TIME                "7 p.m.", "day 2, 7 a.m.", "19 June 1815, 5 p.m."
**                             (gn_game_clock_parse); Inradic's turns have no
**                             time of day
**   when broken               (retire) taken at once, whatever the task, when
**                             the formation has lost half its strength
** The task in force is the first one not over: a march or a take is over
** when the formation's centre is within the place's radius (an objective's,
** else a twentieth of the table's width), a task with `until` at that turn
** or time;
** the next task begins when the one before is over and its `from` has come
** (until then the formation holds where it stands).
*/
#include "ai.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const kinds[] = {"hold", "take", "screen", "march", "attack", "retire", NULL};

static int perr(char *err, size_t n, const char *fmt, const char *a, const char *b) {
  if (err && n) snprintf(err, n, fmt, a, b);
  return GN_ESYNTAX;
}

/* The next word of *s (at most n - 1 characters), *s moved past it; 0 at the end. */
static int word(const char **s, char *w, size_t n) {
  const char *p = *s + strspn(*s, " \t\n");
  size_t k = strcspn(p, " \t\n");
  *s = p + k;
  if (!k) return 0;
  if (k >= n) k = n - 1;
  memcpy(w, p, k);
  w[k] = 0;
  return 1;
}

/* A place: "X,Y" or an objective's id. 0, or GN_ESYNTAX. */
static int place(const gn_game *g, const char *w, ai_task *t, char *err, size_t n) {
  char *end;
  double x = strtod(w, &end);
  if (end != w && *end == ',') {
    const char *ys = end + 1;
    double y = strtod(ys, &end);
    if (end != ys && !*end && isfinite(x) && isfinite(y)) {
      t->place.x = x; t->place.y = y;
      t->has_place = 1;
      return 0;
    }
  }
  for (int i = 0; i < gn_objective_count(g); i++) {
    gn_objective_info o;
    if (gn_objective_get(g, i, &o) == 0 && o.id && !strcmp(o.id, w)) {
      t->place = o.at;
      t->radius = o.radius;
      t->has_place = 1;
      return 0;
    }
  }
  return perr(err, n, "'%s' is neither a point X,Y nor an objective's id%s", w, "");
}

/* "turn N" (the word "turn" read): N into *out. */
static int turn_arg(const char **s, const char *after, int *out, char *err, size_t n) {
  char w[64], *end;
  if (!word(s, w, sizeof w)) return perr(err, n, "expected a turn number after '%s turn'%s", after, "");
  long v = strtol(w, &end, 10);
  if (*end || v < 1 || v > 100000) return perr(err, n, "'%s' is not a turn number (1 or more)%s", w, "");
  *out = (int)v;
  return 0;
}

/* 1 when w begins a trigger or a task's `by road`: no part of a time. */
static int is_keyword(const char *w) {
  static const char *const kw[] = {"from", "at", "until", "when", "by", NULL};
  for (int i = 0; kw[i]; i++)
    if (!strcmp(kw[i], w)) return 1;
  return 0;
}

#define CLOCK_WORDS 6   /* the most words a time takes: "19 June 1815, 7:30 p.m." is 5 */

/* A time by the ruleset's clock (gn_game_clock_parse) at *s: the longest
** run of at most CLOCK_WORDS words before the next trigger that reads as
** one ("7 p.m.", "day 2, 7 a.m.", "19 June 1815, 5 p.m."), *s moved past it. A run with a word
** ending in ',' names a day: unless a run through the time after it reads,
** the reason is the day's or that time's. 0, or GN_ESYNTAX with the forms a
** trigger takes. */
static int clock_arg(const gn_game *g, const char **s, const char *after, int *out, char *err, size_t n) {
  char text[256] = "", why[200] = "", whyday[200] = "";
  const char *p = *s, *best = NULL;
  int comma = -1, bestk = -1;
  for (int k = 0; k < CLOCK_WORDS; k++) {
    char w[64];
    const char *q = p;
    if (!word(&q, w, sizeof w) || is_keyword(w)) break;
    p = q;
    size_t len = strlen(text), wl = strlen(w);
    snprintf(text + len, sizeof text - len, "%s%s", len ? " " : "", w);
    if (comma < 0 && w[wl - 1] == ',') comma = k;
    char *reason = !k ? why : comma >= 0 && !whyday[0] && k > comma ? whyday : NULL;
    int m;
    if (gn_game_clock_parse(g, text, &m, reason, reason ? sizeof why : 0) == 0) {
      *out = m; best = p; bestk = k;
    }
  }
  if (best && (comma < 0 || bestk > comma)) { *s = best; return 0; }
  if (comma >= 0 && !whyday[0]) {   /* the day, and no word after it */
    int m;
    gn_game_clock_parse(g, text, &m, whyday, sizeof whyday);
  }
  if (err && n)
    snprintf(err, n, "after '%s' expected 'turn N' or a time of day ('%s 7 p.m.', '%s 7:30 a.m.', "
             "'%s 19:00', '%s day 2, 7 a.m.' or '%s 19 June 1815, 5 p.m.'): %s",
             after, after, after, after, after, after, comma >= 0 ? whyday : why);
  return GN_ESYNTAX;
}

/* The trigger after from/at/until: "turn N" into *turn, or (where the
** ruleset keeps a time of day: gn_game_minute) a time into *minute. */
static int trigger(const gn_game *g, const char **s, const char *after, int *turn, int *minute, char *err,
                   size_t n) {
  const char *p = *s;
  char w[64];
  if (word(&p, w, sizeof w) && !strcmp(w, "turn")) {
    *s = p;
    return turn_arg(s, after, turn, err, n);
  }
  if (gn_game_minute(g) < 0) {
    if (err && n)
      snprintf(err, n, "expected 'turn N' after '%s' (ruleset '%s' keeps no time of day: its plans go "
               "by turn, as '%s turn 4')", after, gn_game_ruleset(g), after);
    return GN_ESYNTAX;
  }
  return clock_arg(g, s, after, minute, err, n);
}

/* The words of a task after its verb: its place and triggers. */
static int task_words(const gn_game *g, const char *p, ai_task *t, const char *text, char *err, size_t n) {
  char w[64];
  int rc;
  while (word(&p, w, sizeof w)) {
    if (!strcmp(w, "from") || !strcmp(w, "at")) {
      if ((rc = trigger(g, &p, w, &t->from, &t->from_min, err, n))) return rc;
    } else if (!strcmp(w, "until")) {
      if ((rc = trigger(g, &p, w, &t->until, &t->until_min, err, n))) return rc;
    } else if (!strcmp(w, "when")) {
      if (!word(&p, w, sizeof w) || strcmp(w, "broken")) return perr(err, n, "expected 'when broken'%s%s", "", "");
      t->when_broken = 1;
    } else if (!strcmp(w, "by")) {
      if (!word(&p, w, sizeof w) || strcmp(w, "road")) return perr(err, n, "expected 'by road'%s%s", "", "");
      if (t->kind != AI_TASK_MARCH) return perr(err, n, "only a march goes 'by road'%s%s", "", "");
    } else if (!t->has_place) {
      if ((rc = place(g, w, t, err, n))) return rc;
    } else {
      return perr(err, n, "unexpected '%s' in task '%s'", w, text);
    }
  }
  return 0;
}

/* What a task's words must agree on, and its radius where no objective gave one. */
static int task_check(const gn_game *g, ai_task *t, const char *text, char *err, size_t n) {
  if (!t->has_place && t->kind != AI_TASK_ATTACK && t->kind != AI_TASK_RETIRE)
    return perr(err, n, "task '%s' needs a place (X,Y or an objective's id)%s", text, "");
  if (t->when_broken && t->kind != AI_TASK_RETIRE) return perr(err, n, "only a retire is taken 'when broken'%s%s", "", "");
  if ((t->until && t->from && t->until <= t->from) ||
      (t->until_min >= 0 && t->from_min >= 0 && t->until_min <= t->from_min))
    return perr(err, n, "task '%s' ends before it begins%s", text, "");
  if (t->radius <= 0) {
    double w0 = 0, h0 = 0;
    gn_game_table(g, &w0, &h0);
    t->radius = w0 > 0 ? w0 / 20 : 1;
  }
  return 0;
}

/*
** One task of text [s, e). 0, or GN_ESYNTAX.
**   1) its text, on its own
**   2) the verb
**   3) its place and triggers
**   4) what they must agree on
*/
static int task(const gn_game *g, const char *s, const char *e, ai_task *t, char *err, size_t n) {
  char buf[256], w[64];
  size_t len = (size_t)(e - s);                                                   /* 1 */
  if (len >= sizeof buf) return perr(err, n, "a task is too long: '%.40s...'%s", s, "");
  memcpy(buf, s, len);
  buf[len] = 0;
  const char *p = buf;
  memset(t, 0, sizeof *t);
  t->from_min = t->until_min = -1;
  if (!word(&p, w, sizeof w)) return perr(err, n, "an empty task%s%s", "", "");   /* 2 */
  int k = 0;
  while (kinds[k] && strcmp(kinds[k], w)) k++;
  if (!kinds[k])
    return perr(err, n, "unknown task '%s' (tasks: hold, take, screen, march, attack, retire)%s", w, "");
  t->kind = (ai_task_kind)k;
  int rc = task_words(g, p, t, buf, err, n);                                      /* 3 */
  return rc ? rc : task_check(g, t, buf, err, n);                                 /* 4 */
}

int gn__ai_plan_parse(const gn_game *g, const char *text, ai_plan *out, char *err, size_t n) {
  memset(out, 0, sizeof *out);
  if (!text) return 0;
  int cap = 1;
  for (const char *p = text; *p; p++) cap += *p == ';';
  out->t = calloc((size_t)cap, sizeof *out->t);
  if (!out->t) return GN_ENOMEM;
  const char *s = text;
  for (;;) {
    const char *e = s + strcspn(s, ";");
    if (s + strspn(s, " \t\n") < e) {
      int rc = task(g, s, e, &out->t[out->n], err, n);
      if (rc) { gn__ai_plan_free(out); return rc; }
      out->n++;
    }
    if (!*e) break;
    s = e + 1;
  }
  if (!out->n) { gn__ai_plan_free(out); return perr(err, n, "the plan has no task%s%s", "", ""); }
  return 0;
}

void gn__ai_plan_free(ai_plan *p) {
  if (!p) return;
  free(p->t);
  p->t = NULL;
  p->n = 0;
}

int gn_formation_plan_check(const gn_game *g, int f, char *err, size_t errlen) {
  int line, col;
  char why[200];
  if (err && errlen) err[0] = 0;
  if (!g || f < 0 || f >= gn_formation_count(g)) return GN_ENOTFOUND;
  const char *text = gn_formation_plan(g, f, &line, &col);
  ai_plan p;
  int rc = gn__ai_plan_parse(g, text, &p, why, sizeof why);
  gn__ai_plan_free(&p);
  if (rc == 0) return 0;
  if (rc == GN_ENOMEM) return rc;
  gn_formation_info fi;
  gn_formation_get(g, f, &fi);
  if (err && errlen)
    snprintf(err, errlen, "%s:%d:%d: formation '%s': plan: %s", gn_game_scenario_file(g), line, col, fi.id, why);
  return GN_ESCENARIO;
}
