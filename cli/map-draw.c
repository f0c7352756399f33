/*
** map-draw.c: the page of the map and cli_map_render. The page, top to
** bottom: the title (the scenario's name, whole, wrapped when long) and a
** line saying when, which phase, who acts and for whom the map is drawn; the
** table with rulers on its four edges in the ruleset's unit, labelled at
** every grid line, so that a player finds X,Y on the real table; the legend;
** the box of the stands off the table. North (+y) is up.
**
** The page is drawn twice: once on a canvas that draws nothing, to learn its
** height (the legend and the off-table box grow with the game), then on the
** back-end asked for.
*/
#include "map-int.h"

#include "cli.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MARGIN 20.0
#define RULE_L 30.0       /* room for the rulers' labels: left, top, right, bottom */
#define RULE_T 16.0
#define RULE_R 30.0
#define RULE_B 18.0
#define MAP_W 900.0       /* the table is fitted into this many points */
#define MAP_H 620.0
#define PNG_PPP 2.0       /* pixels a point of a PNG */

const map_rgb map_side_rgb[4] = {{0.15, 0.30, 0.75}, {0.80, 0.15, 0.15}, {0.10, 0.55, 0.25}, {0.85, 0.50, 0.05}};
const map_rgb map_black = {0, 0, 0}, map_white = {1, 1, 1};

void cli_map_side_colour(int side, char hex[8]) {
  map_rgb c = map_side_rgb[side & 3];
  snprintf(hex, 8, "#%02x%02x%02x", (unsigned)(c.r * 255 + 0.5), (unsigned)(c.g * 255 + 0.5),
           (unsigned)(c.b * 255 + 0.5));
}

double map_px(const map *m, double x) { return m->x0 + x * m->s; }
double map_py(const map *m, double y) { return m->y0 + (m->H - y) * m->s; }

map_font map_font_of(double size) {
  map_font f = {size, MAP_START, 0, 0, 0, {0, 0, 0}};
  return f;
}
map_pen map_stroke(map_rgb c, double width) { return (map_pen){c, 0, c, 1, width, 0}; }
map_pen map_fill(map_rgb c, double a) { return (map_pen){c, a, c, 0, 0, 0}; }

/* The advance of one character of a sans font, in ems (DejaVu Sans, the
** widest common one, so that a text laid out here is never cramped). */
static double advance(unsigned c) {
  if (c >= 0x80) return 0.62;
  if (strchr(" .,:;'!|iIjlft()[]/-", (int)c)) return 0.34;
  if (strchr("mwMW", (int)c)) return 0.92;
  if (c >= 'A' && c <= 'Z') return 0.74;
  if (c >= '0' && c <= '9') return 0.64;
  return 0.60;
}

double map_text_width(const map_font *f, const char *s) {
  double w = 0;
  for (const unsigned char *p = (const unsigned char *)s; *p; p++)
    if ((*p & 0xC0) != 0x80) w += advance(*p);   /* one per character, not per byte */
  return w * f->size * (f->bold ? 1.1 : 1.0);
}

void map_fit_text(const map_font *f, const char *s, double max_w, char *buf, size_t n) {
  snprintf(buf, n, "%s", s);
  if (map_text_width(f, buf) <= max_w && strlen(s) < n) return;
  size_t len = strlen(buf);
  while (len > 0) {
    do len--; while (len > 0 && ((unsigned char)buf[len] & 0xC0) == 0x80);   /* a character's first byte */
    if (len + 4 > n) continue;
    memcpy(buf + len, "...", 4);
    if (map_text_width(f, buf) <= max_w) return;
  }
  snprintf(buf, n, "...");
}

int map_place(map *m, map_rect r, int test_only) {
  for (int i = 0; i < m->nplaced; i++) {
    const map_rect *q = &m->placed[i];
    if (r.x < q->x + q->w && q->x < r.x + r.w && r.y < q->y + q->h && q->y < r.y + r.h) {
      if (test_only) return 0;
      break;
    }
  }
  if (test_only) return 1;
  if (m->nplaced == m->capplaced) {
    int cap = m->capplaced ? m->capplaced * 2 : 64;
    map_rect *nr = realloc(m->placed, sizeof *nr * (size_t)cap);
    if (!nr) { m->oom = 1; return 0; }
    m->placed = nr;
    m->capplaced = cap;
  }
  m->placed[m->nplaced++] = r;
  return 1;
}

/* ---- a canvas that draws nothing: the measuring pass ---- */
static void n_path(map_canvas *c, const double *xy, int n, int closed, const map_pen *p) {
  (void)c; (void)xy; (void)n; (void)closed; (void)p;
}
static void n_circle(map_canvas *c, double x, double y, double r, const map_pen *p) {
  (void)c; (void)x; (void)y; (void)r; (void)p;
}
static void n_text(map_canvas *c, double x, double y, const map_font *f, const char *s) {
  (void)c; (void)x; (void)y; (void)f; (void)s;
}
static void n_begin(map_canvas *c, const char *cls, const char *const *a, const double *clip) {
  (void)c; (void)cls; (void)a; (void)clip;
}
static void n_end(map_canvas *c) { (void)c; }
static const map_canvas_ops null_ops = {n_path, n_circle, n_text, n_begin, n_end};

/* ---- the title ---- */

/* The clock without the date the scenario's name already gives
** ("Plancenoit, 18 June 1815" at "18 June 1815, 5 p.m.": "5 p.m."). */
static const char *clock_part(const char *name, const char *clock) {
  char date[GN_TEXT_MAX];
  for (const char *comma = strrchr(clock, ','); comma && comma > clock;) {   /* the longest prefix first */
    snprintf(date, sizeof date, "%.*s", (int)(comma - clock), clock);
    if (strstr(name, date)) {
      for (comma++; *comma == ' '; comma++) {}
      return comma;
    }
    while (--comma > clock && *comma != ',') {}
  }
  return clock;
}

/* Sets text in font f from (x, y) in lines no wider than w, broken at
** spaces (a word longer than a line stays whole); returns the y after. */
static double wrapped(map *m, double x, double y, double w, map_font f, const char *text, const char *cls) {
  char line[512];
  const char *p = text;
  m->cv->ops->begin(m->cv, cls, NULL, NULL);
  while (*p) {
    size_t best = 0, k = 0;
    while (p[k]) {
      size_t e = k;
      while (p[e] && p[e] != ' ') e++;
      if (e >= sizeof line) e = sizeof line - 1;
      memcpy(line, p, e);
      line[e] = 0;
      if (best && map_text_width(&f, line) > w) break;
      best = e;
      if (!p[e]) break;
      k = e + 1;
    }
    if (best >= sizeof line) best = sizeof line - 1;
    /* never end a line inside a UTF-8 character */
    while (best > 0 && ((unsigned char)p[best] & 0xC0) == 0x80) best--;
    memcpy(line, p, best);
    line[best] = 0;
    y += f.size * 1.2;
    m->cv->ops->text(m->cv, x, y, &f, line);
    p += best;
    while (*p == ' ') p++;
  }
  m->cv->ops->end(m->cv);
  return y;
}

static double title(map *m) {
  gn_game *g = m->g;
  double w = m->pw - 2 * MARGIN, y = MARGIN - 4;
  const char *name = gn_game_scenario_name(g);
  map_font f = map_font_of(15);
  f.bold = 1;
  while (f.size > 10 && map_text_width(&f, name) > w) f.size -= 0.5;
  y = wrapped(m, MARGIN, y, w, f, name, "title");
  char sub[GN_TEXT_MAX * 3], act[GN_TEXT_MAX] = "";
  gn_text clock = gn_game_clock(g);
  int side = gn_game_active_side(g), turn = gn_game_turn(g), limit = gn_game_turn_limit(g);
  const char *who = m->viewer == GN_UMPIRE ? "the umpire" : gn_side_name(g, m->viewer);
  if (side >= 0) snprintf(act, sizeof act, ", %s to act", gn_side_name(g, side));
  if (gn_game_over(g))
    snprintf(sub, sizeof sub, "%s: the game is over after turn %d of %d; as seen by %s",
             clock_part(name, clock.text), turn > limit ? limit : turn, limit, who);
  else
    snprintf(sub, sizeof sub, "%s: turn %d of %d, %s phase%s; as seen by %s", clock_part(name, clock.text), turn,
             limit, gn_game_phase(g), act, who);
  map_font s = map_font_of(9.5);
  return wrapped(m, MARGIN, y + 1, w, s, sub, "subtitle") + 4;
}

/* ---- the rulers ---- */

double map_grid_step(const map *m) {
  static const double in[] = {1, 2, 3, 6, 12, 24, 48}, cm[] = {5, 10, 20, 25, 50, 100, 200};
  const double *steps = !strcmp(m->unit, "cm") ? cm : in;
  double side = fmax(m->W, m->H);
  for (int i = 0; i < 7; i++)
    if (side / steps[i] <= 12) return steps[i];
  return steps[6];
}

/* The rulers' labelled step: the grid's, or at a true scale every inch or
** every 5 cm. */
static double ruler_step(const map *m) {
  if (m->s >= 20) return !strcmp(m->unit, "cm") ? 5 : 1;
  return map_grid_step(m);
}

static void tick(map *m, double x1, double y1, double x2, double y2, double w) {
  double xy[4] = {x1, y1, x2, y2};
  map_pen p = map_stroke(map_black, w);
  m->cv->ops->path(m->cv, xy, 2, 0, &p);
}

/* Ticks on the four edges of the window (wx0, wy0)-(wx1, wy1) of the table
** (the whole table, or one page of a true-scale map): long ones labelled at
** every grid line, short ones at every inch or centimetre (5 cm when those
** would be closer than 3 points). */
static void rulers(map *m, double wx0, double wy0, double wx1, double wy1) {
  map_canvas *cv = m->cv;
  int cm = !strcmp(m->unit, "cm");
  double step = ruler_step(m), minor = cm && m->s < 3 ? 5 : 1;
  double L = map_px(m, wx0), T = map_py(m, wy1), R = map_px(m, wx1), B = map_py(m, wy0);
  char buf[32];
  cv->ops->begin(cv, "grid", NULL, NULL);
  map_pen edge = map_stroke(map_black, 1.0);
  double box[8] = {L, T, R, T, R, B, L, B};
  cv->ops->path(cv, box, 4, 1, &edge);
  if (minor * m->s >= 3) {
    for (double x = ceil(wx0 / minor - 1e-9) * minor; x <= wx1 + 1e-9; x += minor) {
      tick(m, map_px(m, x), B, map_px(m, x), B + 3, 0.5);
      tick(m, map_px(m, x), T, map_px(m, x), T - 3, 0.5);
    }
    for (double y = ceil(wy0 / minor - 1e-9) * minor; y <= wy1 + 1e-9; y += minor) {
      tick(m, L, map_py(m, y), L - 3, map_py(m, y), 0.5);
      tick(m, R, map_py(m, y), R + 3, map_py(m, y), 0.5);
    }
  }
  map_font f = map_font_of(7.5);
  f.anchor = MAP_MIDDLE;
  for (int k = (int)ceil(wx0 / step - 1e-9); k * step <= wx1 + 1e-9; k++) {
    double x = k * step, px = map_px(m, x);
    tick(m, px, B, px, B + 6, 0.8);
    tick(m, px, T, px, T - 6, 0.8);
    snprintf(buf, sizeof buf, "%g", x);
    cv->ops->text(cv, px, B + 14, &f, buf);
    cv->ops->text(cv, px, T - 8, &f, buf);
  }
  for (int k = (int)ceil(wy0 / step - 1e-9); k * step <= wy1 + 1e-9; k++) {
    double y = k * step, py = map_py(m, y);
    tick(m, L, py, L - 6, py, 0.8);
    tick(m, R, py, R + 6, py, 0.8);
    snprintf(buf, sizeof buf, "%g", y);
    f.anchor = MAP_END;
    cv->ops->text(cv, L - 8, py + 2.7, &f, buf);
    f.anchor = MAP_START;
    cv->ops->text(cv, R + 8, py + 2.7, &f, buf);
  }
  /* the unit, in the south-west corner, and north */
  map_font u = map_font_of(7.5);
  u.bold = 1;
  u.anchor = MAP_END;
  cv->ops->text(cv, L - 8, B + 14, &u, m->unit);
  u.anchor = MAP_START;
  cv->ops->text(cv, R + 14, T - 8, &u, "N \xe2\x86\x91");
  cv->ops->end(cv);
}

/* ---- the legend and the off-table box ---- */

typedef struct flow { map *m; double x, y, left, right; } flow;

/* Room for an item w points wide on the line, or on the next one. */
static double flow_take(flow *fl, double w) {
  if (fl->x > fl->left && fl->x + w > fl->right) { fl->x = fl->left; fl->y += 13; }
  double x = fl->x;
  fl->x += w + 14;
  return x;
}

static void legend_text(flow *fl, double sw, const char *text) {
  map_font f = map_font_of(8);
  double x = flow_take(fl, sw + map_text_width(&f, text));
  fl->m->cv->ops->text(fl->m->cv, x + sw, fl->y, &f, text);
  fl->x = fmax(fl->x, x + sw + map_text_width(&f, text) + 14);
}

static void legend_swatch(flow *fl, map_rgb c, int line, const char *text) {
  map_font f = map_font_of(8);
  double x = flow_take(fl, 16 + map_text_width(&f, text));
  if (line) {
    double xy[4] = {x, fl->y - 3, x + 12, fl->y - 3};
    map_pen p = map_stroke(c, 2.2);
    fl->m->cv->ops->path(fl->m->cv, xy, 2, 0, &p);
  } else {
    double xy[8] = {x, fl->y - 7, x + 12, fl->y - 7, x + 12, fl->y + 1, x, fl->y + 1};
    map_pen p = {c, 1, (map_rgb){c.r * 0.7, c.g * 0.7, c.b * 0.7}, 1, 0.5, 0};
    fl->m->cv->ops->path(fl->m->cv, xy, 4, 1, &p);
  }
  fl->m->cv->ops->text(fl->m->cv, x + 16, fl->y, &f, text);
}

/* The legend's colours: each side's, then each kind of terrain once. */
static void legend_swatches(map *m, flow *fl) {
  char buf[256];
  for (int s = 0; s < gn_side_count(m->g); s++) {
    map_rgb c = map_side_rgb[s & 3];
    legend_swatch(fl, (map_rgb){1 - (1 - c.r) * 0.35, 1 - (1 - c.g) * 0.35, 1 - (1 - c.b) * 0.35}, 0,
                  gn_side_name(m->g, s));
  }
  const char *seen[64];
  int nseen = 0;
  for (int i = 0; i < gn_terrain_count(m->g); i++) {
    gn_feature f;
    const char *id, *kind;
    if (gn_terrain_get(m->g, i, &f, &id, &kind) != 0) continue;
    int dup = 0;
    for (int k = 0; k < nseen; k++) dup |= !strcmp(seen[k], kind);
    if (dup) continue;
    if (nseen < 64) seen[nseen++] = kind;
    snprintf(buf, sizeof buf, "%s", kind);
    for (char *p = buf; *p; p++) if (*p == '_') *p = ' ';
    legend_swatch(fl, map_kind_colour(kind, f.shape == GN_SHAPE_LINE, NULL, NULL), f.shape == GN_SHAPE_LINE, buf);
  }
}

/* The legend's symbols: a stand's front edge and label, and those the map
** shows: objectives, moves, marks of stands gone, Inradic roles. */
static void legend_symbols(map *m, flow *fl) {
  map_canvas *cv = m->cv;
  fl->x = fl->left;
  fl->y += 14;
  map_font f = map_font_of(8);
  /* the symbols */
  double x = flow_take(fl, 0);
  fl->x = x;
  double fe[4] = {x, fl->y - 3, x + 12, fl->y - 3};
  map_pen fp = map_stroke(map_black, 2);
  cv->ops->path(cv, fe, 2, 0, &fp);
  fl->x = x + 16;
  legend_text(fl, 0, !strcmp(gn_game_ruleset(m->g), "ba")
                          ? "front edge of a stand; label: code, strength (? not known to you), SD, MD or FD its disorder"
                          : "front edge of a stand; label: code, strength (? not known to you), D disordered, "
                            "PD permanently disordered, R routed");
  if (gn_objective_count(m->g) > 0) {
    x = flow_take(fl, 12 + map_text_width(&f, "objective (points), in its holder's colour"));
    double d[8] = {x + 5, fl->y - 8, x + 10, fl->y - 3, x + 5, fl->y + 2, x, fl->y - 3};
    map_pen p = map_fill((map_rgb){0.35, 0.35, 0.35}, 1);
    cv->ops->path(cv, d, 4, 1, &p);
    cv->ops->text(cv, x + 14, fl->y, &f, "objective (points), in its holder's colour");
  }
  if (m->nmoves > 0) {
    x = flow_take(fl, 18 + map_text_width(&f, "a move of this phase or the last"));
    double a[4] = {x, fl->y - 3, x + 11, fl->y - 3}, h[6] = {x + 15, fl->y - 3, x + 10, fl->y - 6, x + 10, fl->y};
    map_pen p = map_stroke((map_rgb){0.3, 0.3, 0.3}, 1.4);
    map_pen hp = map_fill((map_rgb){0.3, 0.3, 0.3}, 1);
    cv->ops->path(cv, a, 2, 0, &p);
    cv->ops->path(cv, h, 3, 1, &hp);
    cv->ops->text(cv, x + 18, fl->y, &f, "a move of this phase or the last");
  }
  if (m->removed_marks > 0) {
    x = flow_take(fl, 12 + map_text_width(&f, "where a stand left the table"));
    double a[4] = {x, fl->y - 7, x + 8, fl->y + 1}, b[4] = {x, fl->y + 1, x + 8, fl->y - 7};
    map_pen p = map_stroke((map_rgb){0.3, 0.3, 0.3}, 1.4);
    cv->ops->path(cv, a, 2, 0, &p);
    cv->ops->path(cv, b, 2, 0, &p);
    cv->ops->text(cv, x + 12, fl->y, &f, "where a stand left the table");
  }
  static const struct { int role; const char *name; } roles[] = {
    {MAP_ROLE_OFFICER, "officer"}, {MAP_ROLE_FLAG, "flag"}, {MAP_ROLE_HERO, "hero"}};
  for (int r = 0; r < 3; r++)
    if (m->roles & roles[r].role) {
      x = flow_take(fl, 12 + map_text_width(&f, roles[r].name));
      map_role_symbol(m, roles[r].role, x + 4, fl->y - 3, 8);
      cv->ops->text(cv, x + 12, fl->y, &f, roles[r].name);
    }
}

/* The legend's notes: the grid, and what the selection shows. */
static void legend_notes(map *m, flow *fl) {
  char buf[640];
  map_font f = map_font_of(8);
  fl->x = fl->left;
  fl->y += 13;
  snprintf(buf, sizeof buf, "Grid every %g %s; 0,0 is the south-west corner, x runs east, y north; the table is %g x %g %s.",
           map_grid_step(m), m->unit, m->W, m->H, m->unit);
  legend_text(fl, 0, buf);
  if (m->sel >= 0) {
    gn_unit_view v;
    if (gn_unit_view_get(m->g, m->sel, m->viewer, &v) == 0 && v.known) {
      fl->x = fl->left;
      fl->y += 13;
      int own = m->viewer == GN_UMPIRE || v.side == m->viewer;
      const char *code = v.code && *v.code ? v.code : v.id;
      if (!own)
        snprintf(buf, sizeof buf, "Selected %s: its front arc shaded (another side's orders are not shown).", code);
      else
        snprintf(buf, sizeof buf, "Selected %s: its front arc shaded; %s; %s%s.", code,
                 m->sel_left > 0 ? "the ring is the move it has left, from its centre (an allowance: terrain, "
                                   "wheels and other stands may cost more)" : "no move left now",
                 m->sel_targets > 0 ? "green: the enemy stands its orders may name now"
                                    : "no enemy stand its orders may name now",
                 m->sel_bands > 0 ? "; the outlines are how far its fire, charges, attacks and throws reach by the rules, edge to "
                                    "edge, each named (a stand within may still be out of sight), within its "
                                    "front arc where the rules say so" : "");
      fl->y = wrapped(m, fl->left, fl->y - 9.6, fl->right - fl->left, f, buf, "selection-note");
    }
  }
}

static double legend(map *m, double y) {
  map_canvas *cv = m->cv;
  flow fl = {m, MARGIN, y + 10, MARGIN, m->pw - MARGIN};
  cv->ops->begin(cv, "legend", NULL, NULL);
  legend_swatches(m, &fl);
  legend_symbols(m, &fl);
  legend_notes(m, &fl);
  cv->ops->end(cv);
  return fl.y + 6;
}

/* The stands the viewer knows of that are not on the table: destroyed,
** routed away, or still to come. */
static double offtable(map *m, double y) {
  map_canvas *cv = m->cv;
  char line[320];
  map_font f = map_font_of(8), h = map_font_of(8.5);
  h.bold = 1;
  double colw = fmax(250, (m->pw - 2 * MARGIN - 8) / 2), x = MARGIN, top = y + 14, yy = top;
  int ncol = (int)fmax(1, floor((m->pw - 2 * MARGIN - 8) / colw)), col = 0, any = 0;
  cv->ops->begin(cv, "offtable", NULL, NULL);
  cv->ops->text(cv, MARGIN + 4, y + 10, &h, "Off the table");
  double maxy = top;
  for (int u = 0; u < gn_unit_count(m->g); u++) {
    gn_unit_view v;
    if (gn_unit_view_get(m->g, u, m->viewer, &v) != 0 || !v.known || !v.removed) continue;
    const char *code = v.code && *v.code ? v.code : v.id;
    char why[GN_TEXT_MAX + 32];
    if (v.arrives > 0) snprintf(why, sizeof why, "arrives on turn %d", v.arrives);
    else if (v.strength == 0 && v.strength0 > 0) snprintf(why, sizeof why, "eliminated");
    else if (v.status[0]) snprintf(why, sizeof why, "%s", v.status);
    else snprintf(why, sizeof why, "left the table");
    snprintf(line, sizeof line, "%s %s: %s", code, why, v.name ? v.name : "");
    char fitted[320];
    map_fit_text(&f, line, colw - 14, fitted, sizeof fitted);
    const char *attrs[] = {"data-unit", code, "data-side", gn_side_id(m->g, v.side), "title", line, NULL};
    cv->ops->begin(cv, "offtable-unit", attrs, NULL);
    map_pen sw = map_fill(map_side_rgb[v.side & 3], 1);
    double xy[8] = {x + 4 + col * colw, yy + 4, x + 10 + col * colw, yy + 4, x + 10 + col * colw, yy + 10,
                    x + 4 + col * colw, yy + 10};
    cv->ops->path(cv, xy, 4, 1, &sw);
    cv->ops->text(cv, x + 14 + col * colw, yy + 11, &f, fitted);
    cv->ops->end(cv);
    any = 1;
    yy += 11;
    maxy = fmax(maxy, yy);
    if (yy > top + 11 * 8) { yy = top; if (++col >= ncol) { col = 0; top = maxy; yy = top; } }
  }
  if (!any) {
    map_font i = f;
    i.italic = 1;
    cv->ops->text(cv, x + 4, yy + 11, &i, "none");
    maxy = yy + 11;
  }
  double bottom = maxy + 6;
  map_pen bp = map_stroke((map_rgb){0.5, 0.5, 0.5}, 0.6);
  double box[8] = {MARGIN, y, m->pw - MARGIN, y, m->pw - MARGIN, bottom, MARGIN, bottom};
  cv->ops->path(cv, box, 4, 1, &bp);
  cv->ops->end(cv);
  return bottom;
}

/* The whole page; returns its height. */
static double page(map *m) {
  m->wx0 = m->wy0 = 0;
  m->wx1 = m->W;
  m->wy1 = m->H;
  m->nplaced = 0;
  m->nmoves = 0;
  m->roles = 0;
  m->removed_marks = 0;
  m->sel_left = -1;
  m->sel_targets = 0;
  m->sel_bands = 0;
  m->ring_text[0] = 0;
  double y = title(m);
  m->x0 = MARGIN + RULE_L;
  m->y0 = y + RULE_T;
  map_terrain(m);
  map_selection(m);
  map_stands(m);
  map_selection_label(m);
  map_selection_reach_labels(m);
  map_terrain_names(m);
  rulers(m, 0, 0, m->W, m->H);
  y = legend(m, map_py(m, 0) + RULE_B);
  y = offtable(m, y + 4);
  return y + MARGIN;
}

/* One page of a map at the table's true size: the window (wx0, wy0)-(wx1,
** wy1) of the table with its rulers, under a line saying which piece of the
** table it is, so that the pages can be laid out side by side. */
static void tile(map *m, double wx0, double wy0, double wx1, double wy1, int row, int rows, int col, int cols) {
  char head[GN_TEXT_MAX * 2];
  m->wx0 = wx0;
  m->wy0 = wy0;
  m->wx1 = wx1;
  m->wy1 = wy1;
  m->nplaced = 0;
  m->nmoves = 0;
  m->sel_left = -1;
  m->sel_targets = 0;
  m->sel_bands = 0;
  m->ring_text[0] = 0;
  map_font f = map_font_of(9);
  snprintf(head, sizeof head, "%s: at true scale, row %d of %d (north first), column %d of %d (west first): "
           "x %g to %g, y %g to %g %s", gn_game_scenario_name(m->g), row, rows, col, cols, wx0, wx1, wy0, wy1, m->unit);
  double y = wrapped(m, MARGIN, MARGIN - 6, m->pw - 2 * MARGIN, f, head, "title");
  m->x0 = MARGIN + RULE_L - wx0 * m->s;
  m->y0 = y + 4 + RULE_T - (m->H - wy1) * m->s;
  double clip[4] = {map_px(m, wx0), map_py(m, wy1), (wx1 - wx0) * m->s, (wy1 - wy0) * m->s};
  m->cv->ops->begin(m->cv, "tile", NULL, clip);
  map_terrain(m);
  map_selection(m);
  map_stands(m);
  map_selection_label(m);
  map_selection_reach_labels(m);
  map_terrain_names(m);
  m->cv->ops->end(m->cv);
  rulers(m, wx0, wy0, wx1, wy1);
}

/* The pages of the table at its true size (72 points an inch), each as much
** of it as fits on the paper in whole units, in the orientation that needs
** fewer pages. */
static void tiles(map *m, double paper_w, double paper_h) {
  double s = !strcmp(m->unit, "cm") ? 72 / 2.54 : 72, head = 24;
  double best_w = 0, best_h = 0;
  int best = -1;
  for (int turn = 0; turn < 2; turn++) {
    double pw = turn ? paper_h : paper_w, ph = turn ? paper_w : paper_h;
    double ww = floor((pw - 2 * MARGIN - RULE_L - RULE_R) / s), wh = floor((ph - 2 * MARGIN - head - RULE_T - RULE_B) / s);
    if (ww < 1 || wh < 1) continue;
    int pages = (int)(ceil(m->W / ww) * ceil(m->H / wh));
    if (best < 0 || pages < best) { best = pages; best_w = pw; best_h = ph; }
  }
  if (best < 0) return;
  m->s = s;
  m->pw = best_w;
  double ww = floor((best_w - 2 * MARGIN - RULE_L - RULE_R) / s), wh = floor((best_h - 2 * MARGIN - head - RULE_T - RULE_B) / s);
  int cols = (int)ceil(m->W / ww - 1e-9), rows = (int)ceil(m->H / wh - 1e-9);
  for (int r = 0; r < rows; r++)
    for (int c = 0; c < cols; c++) {
      double wy1 = m->H - r * wh, wy0 = fmax(0, wy1 - wh), wx0 = c * ww, wx1 = fmin(m->W, wx0 + ww);
      map_cairo_page(m->cv, best_w, best_h, 1, 0, 0);
      tile(m, wx0, wy0, wx1, wy1, r + 1, rows, c + 1, cols);
    }
}

int cli_map_format_parse(const char *name, cli_map_format *out) {
  static const char *const names[] = {"svg", "png", "pdf"};
  for (int i = 0; i < 3; i++)
    if (name && !strcmp(name, names[i])) { *out = (cli_map_format)i; return 0; }
  return -1;
}

int cli_map_paper_parse(const char *name, cli_map_paper *out) {
  if (name && !strcmp(name, "a4")) { *out = CLI_MAP_A4; return 0; }
  if (name && !strcmp(name, "letter")) { *out = CLI_MAP_LETTER; return 0; }
  return -1;
}

/* What cannot be drawn, with the reason in err: no table, no such viewer, a
** selected unit the viewer cannot see. CLI_OK or CLI_FAIL; fills m's table. */
static int render_check(gn_game *g, const cli_map_opts *o, map *m, char *err, size_t n) {
  if (gn_game_table(g, &m->W, &m->H) != 0 || m->W <= 0 || m->H <= 0) {
    snprintf(err, n, "the game has no table");
    return CLI_FAIL;
  }
  if (o->viewer != GN_UMPIRE && (o->viewer < 0 || o->viewer >= gn_side_count(g))) {
    snprintf(err, n, "no side %d to draw the map for", o->viewer);
    return CLI_FAIL;
  }
  if (o->select >= 0) {
    gn_unit_view v;
    if (gn_unit_view_get(g, o->select, o->viewer, &v) != 0 || !v.known) {
      snprintf(err, n, "%s cannot see that unit", o->viewer == GN_UMPIRE ? "the umpire" : gn_side_id(g, o->viewer));
      return CLI_FAIL;
    }
  }
  return CLI_OK;
}

/* Where the first page put the table on the output (cli_map_frame's terms). */
typedef struct placed { double s, x0, y0, zoom, dx, dy; } placed;

/* The page as SVG, the frame written on the <svg> element for a page that
** reads the SVG alone. CLI_OK, or CLI_FAIL (out of memory). */
static int render_svg(map *m, char **data, size_t *len, placed *at, char *err, size_t n) {
  char attrs[256];
  snprintf(attrs, sizeof attrs, "data-width=\"%g\" data-height=\"%g\" data-scale=\"%.6g\" data-x0=\"%.2f\" "
           "data-y0=\"%.2f\" data-table-unit=\"%s\"", m->W, m->H, m->s, m->x0, m->y0, m->unit);
  m->cv = map_svg_new(m->pw, m->ph, attrs);
  if (!m->cv) { snprintf(err, n, "out of memory"); return CLI_FAIL; }
  page(m);
  *at = (placed){m->s, m->x0, m->y0, 1, 0, 0};
  int failed = m->oom || m->cv->failed;
  *data = map_svg_finish(m->cv, len);
  if (failed || !*data) {
    free(*data);
    *data = NULL;
    snprintf(err, n, "out of memory");
    return CLI_FAIL;
  }
  return CLI_OK;
}

/* The page through cairo: a PNG at PNG_PPP pixels a point, or a PDF with the
** page fitted to the paper asked (turned as the map is), and with
** --true-scale the table at its real size after it. CLI_OK, or CLI_FAIL with
** cairo's reason in err. */
static int render_cairo(map *m, const cli_map_opts *o, char **data, size_t *len, placed *at, char *err, size_t n) {
  double pw = m->pw, ph = m->ph, zoom = 1, dx = 0, dy = 0;
  if (o->format == CLI_MAP_PNG) zoom = PNG_PPP;
  else if (o->paper != CLI_MAP_FIT) {
    pw = o->paper == CLI_MAP_A4 ? 595.28 : 612;
    ph = o->paper == CLI_MAP_A4 ? 841.89 : 792;
    if (m->pw > m->ph) { double t = pw; pw = ph; ph = t; }
    zoom = fmin((pw - 36) / m->pw, (ph - 36) / m->ph);
    dx = (pw - m->pw * zoom) / 2;
    dy = (ph - m->ph * zoom) / 2;
  }
  int png = o->format == CLI_MAP_PNG;
  m->cv = map_cairo_new(png, png ? m->pw : pw, png ? m->ph : ph, PNG_PPP, err, n);
  if (!m->cv) return CLI_FAIL;
  map_cairo_page(m->cv, pw, ph, zoom, dx, dy);
  page(m);
  *at = (placed){m->s, m->x0, m->y0, zoom, dx, dy};
  if (o->format == CLI_MAP_PDF && o->true_scale)
    tiles(m, o->paper == CLI_MAP_LETTER ? 612 : 595.28, o->paper == CLI_MAP_LETTER ? 792 : 841.89);
  if (m->oom) m->cv->failed = 1;
  *data = map_cairo_finish(m->cv, len, err, n);
  return *data ? CLI_OK : CLI_FAIL;
}

/*
** The map for o->viewer.
**   1) what cannot be drawn is refused
**   2) the page measured on a canvas that draws nothing (its height grows
**      with the legend and the off-table box)
**   3) drawn as SVG, or through cairo as PNG or PDF
**   4) the frame: where the first page put the table
*/
int cli_map_render(gn_game *g, const cli_map_opts *o, char **data, size_t *len, cli_map_frame *frame,
                   char *err, size_t n) {
  map m = {0};
  map_canvas null = {&null_ops, 0};
  *data = NULL;
  *len = 0;
  if (render_check(g, o, &m, err, n) != CLI_OK) return CLI_FAIL;                   /* 1 */
  m.g = g;
  m.viewer = o->viewer;
  m.sel = o->select;
  m.unit = gn_game_unit(g);
  m.s = fmin(MAP_W / m.W, MAP_H / m.H);                                             /* 2 */
  m.pw = 2 * MARGIN + RULE_L + RULE_R + m.W * m.s;
  m.cv = &null;
  m.ph = page(&m);
  placed at;                                                                        /* 3 */
  int rc = o->format == CLI_MAP_SVG ? render_svg(&m, data, len, &at, err, n)
                                    : render_cairo(&m, o, data, len, &at, err, n);
  free(m.placed);
  if (rc != CLI_OK) return rc;
  if (frame)                                                                        /* 4 */
    *frame = (cli_map_frame){m.W, m.H, at.s * at.zoom, at.dx + at.x0 * at.zoom, at.dy + at.y0 * at.zoom};
  return CLI_OK;
}
