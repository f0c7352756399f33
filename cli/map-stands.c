/*
** map-stands.c: the stands on the map, the objectives above them, the
** stands that left the table, and the stands' labels. A label (the code; the
** strength and disorder marks as the viewer may know them; an Inradic group's
** officer, flag and hero) is set inside its stand when it fits there at 6
** points or more, else called out beside the stand on a white card with a
** leader line, at the first place that covers no other stand or label
** (Belle Alliance's stands are 3 cm deep: at the map's scale most are).
*/
#include "map-int.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PI 3.14159265358979323846
#define LABEL_MIN 6.0
#define LABEL_MAX 9.0
#define CALLOUT 7.0

typedef struct label {
  int unit, side, inside, roles;
  char l1[48], l2[64];    /* the code; strength and marks ("" none) */
  double size, w, h;      /* the text's size and the box it takes */
  int lines;
  gn_box box;             /* the stand, table units */
  int cut;                /* the page's edge cuts the stand: called out from the part on the page */
  map_rect part;          /* then that part's box on the page */
} label;

/* The short marks of a status text: D (disordered), PD, R (routed), SD/MD/FD. */
static void marks(const char *status, char *buf, size_t n) {
  static const struct { const char *word, *mark; } table[] = {
    {"permanently disordered", "PD"}, {"disordered", "D"}, {"routed", "R"}, {"routing", "R"},
    {"SD", "SD"}, {"MD", "MD"}, {"FD", "FD"},
  };
  char tmp[GN_TEXT_MAX], *save = NULL;
  buf[0] = 0;
  snprintf(tmp, sizeof tmp, "%s", status);
  for (char *w = strtok_r(tmp, ",;", &save); w; w = strtok_r(NULL, ",;", &save)) {
    while (*w == ' ') w++;
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
      if (!strcmp(w, table[i].word)) {
        size_t l = strlen(buf);
        snprintf(buf + l, n - l, "%s%s", l ? " " : "", table[i].mark);
        break;
      }
  }
}

/* A leader or staff stand has no strength to show, known or not. */
static int is_leader(const gn_unit_view *v) {
  return v->type && (!strncmp(v->type, "leader", 6) || !strcmp(v->type, "staff") || v->strength0 == 0);
}

static const char *code_of(const gn_unit_view *v) { return v->code && *v->code ? v->code : v->id; }

static void label_text(map *m, int u, const gn_unit_view *v, label *l) {
  static const struct { const char *attr; int role; } roles[] = {
    {"officer", MAP_ROLE_OFFICER}, {"flag", MAP_ROLE_FLAG}, {"hero", MAP_ROLE_HERO},
  };
  char mk[32];
  marks(v->status, mk, sizeof mk);
  l->unit = u;
  l->side = v->side;
  l->box = v->box;
  snprintf(l->l1, sizeof l->l1, "%s", code_of(v));
  if (v->strength >= 0 && !is_leader(v))
    snprintf(l->l2, sizeof l->l2, "%d%s%s", v->strength, mk[0] ? " " : "", mk);
  else if (v->strength < 0 && !is_leader(v))
    snprintf(l->l2, sizeof l->l2, "?%s%s", mk[0] ? " " : "", mk);
  else
    snprintf(l->l2, sizeof l->l2, "%s", mk);
  l->roles = 0;
  for (size_t k = 0; k < sizeof roles / sizeof roles[0]; k++) {
    int n;
    if (gn_unit_attr(m->g, u, m->viewer, roles[k].attr, &n) == 0 && n > 0) l->roles |= roles[k].role;
  }
  m->roles |= l->roles;
}

static int nroles(int roles) { return !!(roles & 1) + !!(roles & 2) + !!(roles & 4); }

/* The box of the label's text at size, on one or two lines. */
static void label_size(label *l, double size, int lines) {
  map_font f = map_font_of(size);
  f.bold = 1;
  double w1 = map_text_width(&f, l->l1) + nroles(l->roles) * size * 1.1;
  f.bold = 0;
  double w2 = l->l2[0] ? map_text_width(&f, l->l2) : 0;
  l->size = size;
  l->lines = l->l2[0] ? lines : 1;
  l->w = l->lines == 2 ? fmax(w1, w2) : w1 + (l->l2[0] ? size * 0.4 + w2 : 0);
  l->h = l->lines * size * 1.15;
}

/* 1 when a w x h box centred on the stand's centre lies inside the stand. */
static int fits(const map *m, const gn_box *b, double w, double h) {
  double hw = w / 2 / m->s, hh = h / 2 / m->s;   /* table units */
  double fx = cos(b->facing), fy = sin(b->facing);
  for (int k = 0; k < 4; k++) {
    double x = (k & 1) ? hw : -hw, y = (k & 2) ? hh : -hh;
    double depth = x * fx + y * fy, front = -x * fy + y * fx;
    if (fabs(front) > b->w / 2 - 0.5 / m->s || fabs(depth) > b->d / 2 - 0.5 / m->s) return 0;
  }
  return 1;
}

static void fit_inside(const map *m, label *l) {
  double max = m->s >= 20 ? 2 * LABEL_MAX : LABEL_MAX;   /* a true-scale page has room for more */
  for (double size = max; size >= LABEL_MIN; size -= 0.5)
    for (int lines = 2; lines >= 1; lines--) {
      label_size(l, size, lines);
      if (fits(m, &l->box, l->w, l->h)) { l->inside = 1; return; }
    }
  l->inside = 0;
  label_size(l, CALLOUT, 1);
}

static map_rect stand_rect(const map *m, gn_box b) {
  gn_vec2 c[4];
  gn_box_corners(b, c);
  double x0 = 1e18, y0 = 1e18, x1 = -1e18, y1 = -1e18;
  for (int k = 0; k < 4; k++) {
    x0 = fmin(x0, map_px(m, c[k].x)); x1 = fmax(x1, map_px(m, c[k].x));
    y0 = fmin(y0, map_py(m, c[k].y)); y1 = fmax(y1, map_py(m, c[k].y));
  }
  return (map_rect){x0, y0, x1 - x0, y1 - y0};
}

static void draw_stand(map *m, const gn_unit_view *v, int selected) {
  map_canvas *cv = m->cv;
  gn_vec2 c[4];
  map_rgb sc = map_side_rgb[v->side & 3];
  gn_box_corners(v->box, c);
  const char *attrs[] = {"data-unit", code_of(v), "data-side", gn_side_id(m->g, v->side), "title",
                         v->name ? v->name : code_of(v), NULL};
  cv->ops->begin(cv, "unit", attrs, NULL);
  double xy[8];
  for (int k = 0; k < 4; k++) { xy[2 * k] = map_px(m, c[k].x); xy[2 * k + 1] = map_py(m, c[k].y); }
  map_rgb t = {1 - (1 - sc.r) * 0.35, 1 - (1 - sc.g) * 0.35, 1 - (1 - sc.b) * 0.35};
  map_pen p = {t, 1, sc, 1, selected ? 1.6 : 0.8, 0};
  cv->ops->path(cv, xy, 4, 1, &p);
  map_pen front = map_stroke(map_black, 2.0);   /* the front edge: front-left to front-right */
  cv->ops->path(cv, xy, 2, 0, &front);
  cv->ops->end(cv);
}

static void draw_objectives(map *m) {
  map_canvas *cv = m->cv;
  map_rect names[64];   /* the objectives' names set so far */
  int nnames = 0;
  for (int i = 0; i < gn_objective_count(m->g); i++) {
    gn_objective_info o;
    if (gn_objective_get(m->g, i, &o) != 0) continue;
    map_rgb c = o.owner >= 0 ? map_side_rgb[o.owner & 3] : (map_rgb){0.35, 0.35, 0.35};
    double x = map_px(m, o.at.x), y = map_py(m, o.at.y);
    char text[160], pts[16];
    snprintf(pts, sizeof pts, "%d", o.points);
    snprintf(text, sizeof text, "%s (%d)", o.name, o.points);
    const char *attrs[] = {"data-objective", o.id, "data-points", pts, "data-holder",
                           o.owner >= 0 ? gn_side_id(m->g, o.owner) : "", "title", text, NULL};
    cv->ops->begin(cv, "objective", attrs, NULL);
    if (o.radius > 0) {
      map_pen r = {c, 0, c, 0.9, 0.9, 3};
      cv->ops->circle(cv, x, y, o.radius * m->s, &r);
    }
    double d[8] = {x, y - 6, x + 6, y, x, y + 6, x - 6, y};
    map_pen p = {c, 1, map_white, 1, 1.0, 0};
    cv->ops->path(cv, d, 4, 1, &p);
    map_font f = map_font_of(8);
    f.bold = 1;
    f.halo = 1;
    f.colour = (map_rgb){c.r * 0.7, c.g * 0.7, c.b * 0.7};
    /* the name east of the diamond, else west, north or south: the first
    ** place that covers no stand or label */
    double w = map_text_width(&f, text);
    double at[6][2] = {{x + 8, y + 3}, {x - 8 - w, y + 3}, {x - w / 2, y - 9}, {x - w / 2, y + 15},
                       {x + 8, y + 14}, {x - 8 - w, y + 14}};
    int k = -1;
    for (int q = 0; q < 6 && k < 0; q++)
      if (map_place(m, (map_rect){at[q][0], at[q][1] - 9, w, 11}, 1)) k = q;
    for (int q = 0; q < 6 && k < 0; q++) {   /* else at least clear of the other objectives' names */
      map_rect r = {at[q][0], at[q][1] - 9, w, 11};
      int clear = 1;
      for (int j = 0; j < nnames; j++)
        clear &= !(r.x < names[j].x + names[j].w && names[j].x < r.x + r.w && r.y < names[j].y + names[j].h &&
                   names[j].y < r.y + r.h);
      if (clear) k = q;
    }
    if (k < 0) k = 0;
    if (nnames < 64) names[nnames++] = (map_rect){at[k][0], at[k][1] - 9, w, 11};
    cv->ops->text(cv, at[k][0], at[k][1], &f, text);
    map_place(m, (map_rect){x - 6, y - 6, 12, 12}, 0);
    map_place(m, (map_rect){at[k][0], at[k][1] - 9, w, 11}, 0);
    cv->ops->end(cv);
  }
}

/* 1 when an event of an order (not of the start), that the viewer may see,
** concerns unit u: the stand was in play. */
static int seen_in_play(const map *m, int u) {
  for (int i = gn_event_count(m->g) - 1; i >= gn_event_first(m->g); i--) {
    const gn_event *e = gn_event_get(m->g, i);
    if (!e || e->order < 0) break;
    if (!gn_event_visible(m->g, i, m->viewer)) continue;
    for (int k = 0; k < e->nunits; k++)
      if (e->units[k] == u) return 1;
  }
  return 0;
}

/* A stand that left the table during play, where it left it, as far as the
** viewer saw it go: a cross with its code. Stands yet to arrive, and those
** never in play (a scenario's reserve), have no place on the table. */
static void draw_removed(map *m, int u, const gn_unit_view *v) {
  if (v->arrives > 0 || v->box.c.x < 0 || v->box.c.y < 0 || v->box.c.x > m->W || v->box.c.y > m->H) return;
  if (!seen_in_play(m, u)) return;
  map_canvas *cv = m->cv;
  map_rgb c = map_side_rgb[v->side & 3];
  double x = map_px(m, v->box.c.x), y = map_py(m, v->box.c.y), r = 4;
  const char *attrs[] = {"data-unit", code_of(v), "data-side", gn_side_id(m->g, v->side), "title",
                         v->name ? v->name : code_of(v), NULL};
  cv->ops->begin(cv, "removed", attrs, NULL);
  map_pen p = map_stroke(c, 1.5);
  double a[4] = {x - r, y - r, x + r, y + r}, b[4] = {x - r, y + r, x + r, y - r};
  cv->ops->path(cv, a, 2, 0, &p);
  cv->ops->path(cv, b, 2, 0, &p);
  map_font f = map_font_of(6);
  f.italic = 1;
  f.halo = 1;
  f.colour = c;
  cv->ops->text(cv, x + r + 1.5, y + 2, &f, code_of(v));
  cv->ops->end(cv);
  m->removed_marks++;
}

/* Sets the label's text (bold code, roles, then strength) with its top-left
** corner at (x, y). */
static void draw_label_text(map *m, const label *l, double x, double y) {
  map_canvas *cv = m->cv;
  map_font f = map_font_of(l->size);
  f.bold = 1;
  f.halo = 1;   /* readable over the arrows and arcs drawn across the stand */
  double w1 = map_text_width(&f, l->l1), rw = nroles(l->roles) * l->size * 1.1;
  double line1 = l->lines == 2 ? x + (l->w - w1 - rw) / 2 : x, base = y + l->size * 0.95;
  cv->ops->text(cv, line1, base, &f, l->l1);
  double rx = line1 + w1 + l->size * 0.55;
  for (int r = 1; r <= 4; r <<= 1)
    if (l->roles & r) { map_role_symbol(m, r, rx, base - l->size * 0.35, l->size * 0.95); rx += l->size * 1.1; }
  if (!l->l2[0]) return;
  f.bold = 0;
  f.colour = strchr(l->l2, 'D') || strchr(l->l2, 'R') ? (map_rgb){0.75, 0.3, 0} : map_black;
  if (l->lines == 2) {
    f.anchor = MAP_MIDDLE;
    cv->ops->text(cv, x + l->w / 2, base + l->size * 1.1, &f, l->l2);
  } else {
    cv->ops->text(cv, rx + (l->roles ? 0 : l->size * 0.4 - l->size * 0.55), base, &f, l->l2);
  }
}

/* The piece of the table the page shows, on the page. */
static map_rect window_rect(const map *m) {
  return (map_rect){map_px(m, m->wx0), map_py(m, m->wy1), (m->wx1 - m->wx0) * m->s, (m->wy1 - m->wy0) * m->s};
}

/* Where a called-out label goes: around the stand (the part of it on the
** page when the page's edge cuts it) at growing distances, behind it first
** (its front is where the fighting is); the first place within the page's
** piece of the table covering nothing placed, else the first candidate. */
static map_rect callout_place(map *m, const label *l) {
  map_rect sr = l->cut ? l->part : stand_rect(m, l->box), best = {0, 0, 0, 0}, wr = window_rect(m);
  double cx = sr.x + sr.w / 2, cy = sr.y + sr.h / 2;
  double back = l->box.facing + PI;   /* table angle; page y is down */
  for (int ring = 0; ring < 4; ring++)
    for (int k = 0; k < 8; k++) {
      static const int order[8] = {0, 1, 7, 2, 6, 3, 5, 4};
      double a = back + order[k] * PI / 4;
      double dx = cos(a), dy = -sin(a);
      double rx = sr.w / 2 + l->w / 2 + 3 + ring * 10, ry = sr.h / 2 + l->h / 2 + 3 + ring * 8;
      map_rect r = {cx + dx * rx - l->w / 2 - 2, cy + dy * ry - l->h / 2 - 1, l->w + 4, l->h + 2};
      if (ring == 0 && k == 0) best = r;
      if (r.x < wr.x || r.y < wr.y || r.x + r.w > wr.x + wr.w || r.y + r.h > wr.y + wr.h) continue;
      if (map_place(m, r, 1)) return r;
    }
  return best;
}

static void draw_callout(map *m, const label *l) {
  map_canvas *cv = m->cv;
  map_rect r = callout_place(m, l);
  map_place(m, r, 0);
  map_rgb sc = map_side_rgb[l->side & 3];
  const char *attrs[] = {"data-unit", l->l1, NULL};
  cv->ops->begin(cv, "unit-label", attrs, NULL);
  double sx = l->cut ? l->part.x + l->part.w / 2 : map_px(m, l->box.c.x);
  double sy = l->cut ? l->part.y + l->part.h / 2 : map_py(m, l->box.c.y);
  double tx = fmin(fmax(sx, r.x), r.x + r.w), ty = fmin(fmax(sy, r.y), r.y + r.h);
  double line[4] = {sx, sy, tx, ty};
  map_pen lp = map_stroke(sc, 0.6);
  cv->ops->path(cv, line, 2, 0, &lp);
  double card[8] = {r.x, r.y, r.x + r.w, r.y, r.x + r.w, r.y + r.h, r.x, r.y + r.h};
  map_pen cp = {map_white, 0.9, sc, 1, 0.6, 0};
  cv->ops->path(cv, card, 4, 1, &cp);
  draw_label_text(m, l, r.x + 2, r.y + 1);
  cv->ops->end(cv);
}

/* Where a label set inside its stand (or the part of it on the page) lies on the page. */
static map_rect inside_rect(const map *m, const label *l) {
  double x = l->cut ? l->part.x + l->part.w / 2 : map_px(m, l->box.c.x);
  double y = l->cut ? l->part.y + l->part.h / 2 : map_py(m, l->box.c.y);
  return (map_rect){x - l->w / 2, y - l->h / 2, l->w, l->h};
}

/* On a page showing a piece of the table: a stand the page's edge cuts is
** labelled on each page it lies on, called out from the part of it there
** (its box clipped to the page's piece); a stand off the page is not
** labelled there. 1 when the label is on this page. */
static int on_page(const map *m, label *l) {
  l->cut = 0;
  if (m->wx0 <= 0 && m->wy0 <= 0 && m->wx1 >= m->W && m->wy1 >= m->H) return 1;   /* the whole table */
  map_rect sr = stand_rect(m, l->box), wr = window_rect(m);
  double x0 = fmax(sr.x, wr.x), y0 = fmax(sr.y, wr.y), x1 = fmin(sr.x + sr.w, wr.x + wr.w),
         y1 = fmin(sr.y + sr.h, wr.y + wr.h);
  if (x1 <= x0 || y1 <= y0) return 0;
  int inside = x0 == sr.x && y0 == sr.y && x1 == sr.x + sr.w && y1 == sr.y + sr.h;
  if (inside) return 1;
  l->cut = 1;
  l->part = (map_rect){x0, y0, x1 - x0, y1 - y0};
  double max = m->s >= 20 ? 2 * LABEL_MAX : LABEL_MAX;
  for (double size = max; size >= LABEL_MIN; size -= 0.5)   /* inside the part, as fit_inside */
    for (int lines = 2; lines >= 1; lines--) {
      label_size(l, size, lines);
      if (l->w <= l->part.w - 2 && l->h <= l->part.h - 2) { l->inside = 1; return 1; }
    }
  l->inside = 0;
  label_size(l, CALLOUT, 1);
  return 1;
}

void map_stands(map *m) {
  int n = gn_unit_count(m->g), nl = 0;
  label *ls = calloc((size_t)(n > 0 ? n : 1), sizeof *ls);
  if (!ls) { m->oom = 1; return; }
  /* 1) the stands on the table */
  m->cv->ops->begin(m->cv, "stands", NULL, NULL);
  for (int u = 0; u < n; u++) {
    gn_unit_view v;
    if (gn_unit_view_get(m->g, u, m->viewer, &v) != 0 || !v.known || v.removed) continue;
    draw_stand(m, &v, u == m->sel);
    label_text(m, u, &v, &ls[nl]);
    fit_inside(m, &ls[nl]);
    map_place(m, stand_rect(m, v.box), 0);
    if (on_page(m, &ls[nl])) nl++;
  }
  /* 2) where stands left the table, over the stands there now */
  for (int u = 0; u < n; u++) {
    gn_unit_view v;
    if (gn_unit_view_get(m->g, u, m->viewer, &v) == 0 && v.known && v.removed) draw_removed(m, u, &v);
  }
  m->cv->ops->end(m->cv);
  /* 3) the last moves, 4) the objectives, 5) the labels, over them all */
  map_moves(m);
  draw_objectives(m);
  /* a label inside its stand that would cover another's (stands stacked, a
  ** leader on a brigade) is called out instead */
  for (int i = 0; i < nl; i++)
    for (int k = 0; k < i && ls[i].inside; k++) {
      map_rect a = inside_rect(m, &ls[i]), b = inside_rect(m, &ls[k]);
      if (ls[k].inside && a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h) {
        ls[i].inside = 0;
        label_size(&ls[i], CALLOUT, 1);
      }
    }
  m->cv->ops->begin(m->cv, "labels", NULL, NULL);
  for (int i = 0; i < nl; i++)
    if (ls[i].inside) {
      const char *attrs[] = {"data-unit", ls[i].l1, NULL};
      m->cv->ops->begin(m->cv, "unit-label", attrs, NULL);
      map_rect r = inside_rect(m, &ls[i]);
      draw_label_text(m, &ls[i], r.x, r.y);
      m->cv->ops->end(m->cv);
    }
  for (int i = 0; i < nl; i++)
    if (!ls[i].inside) draw_callout(m, &ls[i]);
  m->cv->ops->end(m->cv);
  free(ls);
}
