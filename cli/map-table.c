/*
** map-table.c: what stands on the map's table, drawn through the canvas:
** terrain (filled by kind, named where it lies), the grid, the selected
** unit's arc, move left and legal targets, arrows for the last phase's
** moves, stands (one group each, data-unit and data-side for a page to
** hit-test), objectives above them, and the stands' labels, inside a stand
** where they fit at a readable size, else called out beside it with a leader
** line. Only the library's views for the viewer are read.
*/
#include "cli.h"
#include "map-int.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PI 3.14159265358979323846
#define LABEL_MIN 6.0     /* smallest text set inside a stand, points */
#define LABEL_MAX 9.0
#define CALLOUT 7.0       /* the size of a called-out label */

typedef struct kindstyle { const char *kind; map_rgb c; double width; int dashed; } kindstyle;

/* Terrain colours by kind name (any ruleset); width: of a line, in table units. */
static const kindstyle styles[] = {
  {"woods", {0.55, 0.74, 0.50}, 0, 0},     {"town", {0.72, 0.62, 0.56}, 0, 0},
  {"building", {0.72, 0.62, 0.56}, 0, 0},  {"village", {0.86, 0.79, 0.66}, 0, 0},
  {"works", {0.76, 0.66, 0.50}, 0, 0},     {"hill", {0.94, 0.88, 0.70}, 0, 0},
  {"marsh", {0.72, 0.86, 0.84}, 0, 0},     {"pond", {0.62, 0.78, 0.92}, 0, 0},
  {"bridge", {0.58, 0.48, 0.38}, 0, 0},    {"rough", {0.86, 0.86, 0.70}, 0, 0},
  {"river", {0.30, 0.50, 0.85}, 0.6, 0},   {"stream", {0.40, 0.62, 0.90}, 0.25, 0},
  {"road", {0.62, 0.52, 0.40}, 0.3, 0},    {"sunken_road", {0.50, 0.40, 0.30}, 0.3, 1},
  {"wall", {0.40, 0.40, 0.40}, 0.2, 0},    {"hedge", {0.30, 0.55, 0.30}, 0.2, 0},
  {"fence", {0.50, 0.45, 0.35}, 0.15, 1},
};

map_rgb map_kind_colour(const char *kind, int line, double *width, int *dashed) {
  for (size_t i = 0; i < sizeof styles / sizeof styles[0]; i++)
    if (!strcmp(styles[i].kind, kind)) {
      if (width) *width = styles[i].width;
      if (dashed) *dashed = styles[i].dashed;
      return styles[i].c;
    }
  if (width) *width = line ? 0.2 : 0;
  if (dashed) *dashed = 0;
  return (map_rgb){0.80, 0.80, 0.80};
}

static map_rgb shade(map_rgb c, double k) { return (map_rgb){c.r * k, c.g * k, c.b * k}; }


/* A feature's points on the page, into xy (2 n doubles, malloc'd); NULL on OOM. */
static double *page_points(map *m, const gn_feature *f) {
  double *xy = malloc(sizeof *xy * 2 * (size_t)f->npts);
  if (!xy) { m->oom = 1; return NULL; }
  for (int j = 0; j < f->npts; j++) {
    xy[2 * j] = map_px(m, f->pts[j].x);
    xy[2 * j + 1] = map_py(m, f->pts[j].y);
  }
  return xy;
}

/* The name a feature is labelled with: its scenario id, '_' read as a space. */
static void feature_name(const char *id, char *buf, size_t n) {
  snprintf(buf, n, "%s", id);
  for (char *p = buf; *p; p++) if (*p == '_') *p = ' ';
}

/* Where a feature's name goes: an area's centre of mass (of its outline's
** vertices), a line's point halfway along it, with the line's direction. */
static gn_vec2 label_point(const gn_feature *f, double *angle) {
  gn_vec2 c = {0, 0};
  *angle = 0;
  if (f->shape == GN_SHAPE_AREA) {
    for (int j = 0; j < f->npts; j++) { c.x += f->pts[j].x / f->npts; c.y += f->pts[j].y / f->npts; }
    return c;
  }
  double total = 0, run = 0;
  for (int j = 1; j < f->npts; j++) total += hypot(f->pts[j].x - f->pts[j - 1].x, f->pts[j].y - f->pts[j - 1].y);
  for (int j = 1; j < f->npts; j++) {
    double l = hypot(f->pts[j].x - f->pts[j - 1].x, f->pts[j].y - f->pts[j - 1].y);
    if (run + l >= total / 2 && l > 0) {
      double t = (total / 2 - run) / l;
      *angle = atan2(f->pts[j].y - f->pts[j - 1].y, f->pts[j].x - f->pts[j - 1].x);
      return (gn_vec2){f->pts[j - 1].x + t * (f->pts[j].x - f->pts[j - 1].x),
                       f->pts[j - 1].y + t * (f->pts[j].y - f->pts[j - 1].y)};
    }
    run += l;
  }
  return f->pts[0];
}

/* 1) hills, 2) other areas, 3) lines, 4) bridges, over the water they
** cross, 5) the grid. */
void map_terrain(map *m) {
  map_canvas *cv = m->cv;
  double clip[4] = {m->x0, m->y0, m->W * m->s, m->H * m->s};
  cv->ops->begin(cv, "terrain", NULL, clip);
  for (int pass = 0; pass < 4; pass++)
    for (int i = 0; i < gn_terrain_count(m->g); i++) {
      gn_feature f;
      const char *id, *kind;
      if (gn_terrain_get(m->g, i, &f, &id, &kind) != 0 || f.npts < 2) continue;
      int area = f.shape == GN_SHAPE_AREA;
      int want = !area ? 2 : !strcmp(kind, "hill") ? 0 : !strcmp(kind, "bridge") ? 3 : 1;
      if (pass != want) continue;
      double width;
      int dashed;
      map_rgb c = map_kind_colour(kind, !area, &width, &dashed);
      double *xy = page_points(m, &f);
      if (!xy) break;
      map_pen p = area ? (map_pen){c, 1, shade(c, 0.7), 1, 0.6, 0}
                       : (map_pen){c, 0, c, 1, fmax(width * m->s, 0.8), dashed ? 3 * width * m->s : 0};
      cv->ops->path(cv, xy, f.npts, area, &p);
      free(xy);
    }
  /* the grid: thin lines every step, so that a square can be found on the table */
  double step = map_grid_step(m);
  map_pen gp = map_stroke((map_rgb){0.55, 0.55, 0.55}, 0.35);
  gp.sa = 0.6;
  for (double x = step; x < m->W - 1e-9; x += step) {
    double xy[4] = {map_px(m, x), map_py(m, 0), map_px(m, x), map_py(m, m->H)};
    cv->ops->path(cv, xy, 2, 0, &gp);
  }
  for (double y = step; y < m->H - 1e-9; y += step) {
    double xy[4] = {map_px(m, 0), map_py(m, y), map_px(m, m->W), map_py(m, y)};
    cv->ops->path(cv, xy, 2, 0, &gp);
  }
  cv->ops->end(cv);
}

/* Each feature's name (the mill, the copse, the ford), set where it covers
** no stand, label or objective already on the map: at its centre, else a
** little aside; where no place is free, at its centre over what is there. */
void map_terrain_names(map *m) {
  map_canvas *cv = m->cv;
  cv->ops->begin(cv, "terrain-names", NULL, NULL);
  for (int i = 0; i < gn_terrain_count(m->g); i++) {
    gn_feature f;
    const char *id, *kind;
    char name[96];
    double angle;
    if (gn_terrain_get(m->g, i, &f, &id, &kind) != 0 || f.npts < 2) continue;
    feature_name(id, name, sizeof name);
    gn_vec2 p = label_point(&f, &angle);
    map_font ft = map_font_of(7.5);
    ft.italic = 1;
    ft.halo = 1;
    ft.anchor = MAP_MIDDLE;
    ft.colour = shade(map_kind_colour(kind, f.shape == GN_SHAPE_LINE, NULL, NULL), 0.45);
    double w = map_text_width(&ft, name), h = ft.size * 1.2;
    double x = map_px(m, p.x), y = map_py(m, p.y) + (f.shape == GN_SHAPE_LINE ? -4 : ft.size * 0.35);
    static const double off[][2] = {{0, 0}, {0, -10}, {0, 10}, {-1, 0}, {1, 0}, {0, -20}, {0, 20},
                                    {-1, -10}, {1, -10}, {-1, 10}, {1, 10}, {0, -30}, {0, 30},
                                    {-1, -20}, {1, -20}, {-1, 20}, {1, 20}, {0, -40}, {0, 40}};
    double bx = x, by = y;
    for (size_t k = 0; k < sizeof off / sizeof off[0]; k++) {
      double cx = x + off[k][0] * (w * 0.6 + 4), cy = y + off[k][1];
      map_rect r = {cx - w / 2, cy - ft.size, w, h};
      if (r.x < m->x0 || r.x + r.w > m->x0 + m->W * m->s || r.y < m->y0 || r.y + r.h > m->y0 + m->H * m->s)
        continue;
      if (map_place(m, r, 1)) { bx = cx; by = cy; break; }
    }
    map_place(m, (map_rect){bx - w / 2, by - ft.size, w, h}, 0);
    const char *attrs[] = {"data-terrain", id, "data-kind", kind, NULL};
    cv->ops->begin(cv, "terrain-name", attrs, NULL);
    cv->ops->text(cv, bx, by, &ft, name);
    cv->ops->end(cv);
  }
  cv->ops->end(cv);
}

/* The label of the selected unit's ring, over the stands: on the ring's
** north, south, west or east side, the first place that covers nothing. */
void map_selection_label(map *m) {
  if (m->sel_left <= 0 || !m->ring_text[0]) return;
  map_font f = map_font_of(8);
  f.halo = 1;
  f.bold = 1;
  f.colour = m->ring_colour;
  double w = map_text_width(&f, m->ring_text), h = f.size * 1.2;
  double at[4][2] = {{m->ring_x - w / 2, m->ring_y - m->ring_r - 3}, {m->ring_x - w / 2, m->ring_y + m->ring_r + h},
                     {m->ring_x - m->ring_r - w - 3, m->ring_y + h / 3}, {m->ring_x + m->ring_r + 3, m->ring_y + h / 3}};
  int k = 0;
  for (int i = 0; i < 4; i++) {
    map_rect r = {at[i][0], at[i][1] - f.size, w, h};
    if (r.x < m->x0 || r.y < m->y0 || r.x + r.w > m->x0 + m->W * m->s || r.y + r.h > m->y0 + m->H * m->s) continue;
    if (map_place(m, r, 1)) { k = i; break; }
  }
  map_place(m, (map_rect){at[k][0], at[k][1] - f.size, w, h}, 0);
  m->cv->ops->begin(m->cv, "selection-label", NULL, NULL);
  m->cv->ops->text(m->cv, at[k][0], at[k][1], &f, m->ring_text);
  m->cv->ops->end(m->cv);
}

void map_role_symbol(map *m, int role, double x, double y, double s) {
  map_canvas *cv = m->cv;
  if (role == MAP_ROLE_FLAG) {          /* a pole and a pennant */
    double pole[4] = {x - s * 0.35, y + s * 0.5, x - s * 0.35, y - s * 0.5};
    double flag[6] = {x - s * 0.35, y - s * 0.5, x + s * 0.45, y - s * 0.28, x - s * 0.35, y - s * 0.05};
    map_pen p = map_stroke(map_black, 0.7);
    cv->ops->path(cv, pole, 2, 0, &p);
    map_pen f = {{0.85, 0.1, 0.1}, 1, map_black, 1, 0.4, 0};
    cv->ops->path(cv, flag, 3, 1, &f);
  } else if (role == MAP_ROLE_HERO) {   /* a five-pointed star */
    double xy[20];
    for (int k = 0; k < 10; k++) {
      double r = (k % 2 ? 0.22 : 0.5) * s, a = -PI / 2 + k * PI / 5;
      xy[2 * k] = x + r * cos(a);
      xy[2 * k + 1] = y + r * sin(a);
    }
    map_pen p = {{0.95, 0.75, 0.1}, 1, map_black, 1, 0.4, 0};
    cv->ops->path(cv, xy, 10, 1, &p);
  } else {                              /* an officer: a gorget, a crescent-like bar */
    double xy[8] = {x - s * 0.45, y - s * 0.15, x + s * 0.45, y - s * 0.15, x + s * 0.25, y + s * 0.3,
                    x - s * 0.25, y + s * 0.3};
    map_pen p = {{0.2, 0.2, 0.2}, 1, map_black, 1, 0.4, 0};
    cv->ops->path(cv, xy, 4, 1, &p);
  }
}

/* The selected stand's front arc: its diagonals through the front corners,
** extended to the table's edge, shaded. */
static void selection_arc(map *m, const gn_unit_view *v, map_rgb sc) {
  gn_vec2 c[4], o = v->box.c;
  gn_box_corners(v->box, c);
  double far = (m->W + m->H) * 2;
  double xy[6] = {map_px(m, o.x), map_py(m, o.y)};
  for (int k = 0; k < 2; k++) {
    double dx = c[k].x - o.x, dy = c[k].y - o.y, len = hypot(dx, dy);
    xy[2 + 2 * k] = map_px(m, o.x + dx / len * far);
    xy[3 + 2 * k] = map_py(m, o.y + dy / len * far);
  }
  map_pen arc = {sc, 0.08, sc, 0.8, 0.8, 4};
  m->cv->ops->path(m->cv, xy, 3, 1, &arc);
}

/* The ring of the move the selected stand has left, from its centre (the
** most any of its actions has: an allowance, as gn_actions gives it), and
** the text its label will carry. */
static void selection_ring(map *m, const gn_unit_view *v, map_rgb sc, const gn_actions *acts) {
  double left = -1;
  for (int i = 0; acts && i < acts->n; i++)
    if (acts->a[i].left > left) left = acts->a[i].left;
  m->sel_left = left;
  if (left <= 0) return;
  gn_vec2 o = v->box.c;
  map_pen ring = {sc, 0.05, sc, 0.9, 1.2, 5};
  m->cv->ops->circle(m->cv, map_px(m, o.x), map_py(m, o.y), left * m->s, &ring);
  snprintf(m->ring_text, sizeof m->ring_text, "%s: %g %s of move left (an allowance)",
           v->code && *v->code ? v->code : v->id, round(left * 10) / 10, m->unit);
  m->ring_x = map_px(m, o.x);
  m->ring_y = map_py(m, o.y);
  m->ring_r = left * m->s;
  m->ring_colour = shade(sc, 0.8);
}

/* A green line from the selected stand's front to each enemy stand its
** orders may name now (gn_actions: the rules' own check; an order resolved
** later in the turn only if it would take effect now), with the verbs. */
static void selection_targets(map *m, const gn_unit_view *v, const gn_actions *acts) {
  map_canvas *cv = m->cv;
  gn_vec2 front = gn_box_front(v->box);
  for (int t = 0; acts && t < gn_unit_count(m->g); t++) {
    gn_unit_view tv;
    if (gn_unit_view_get(m->g, t, m->viewer, &tv) != 0 || !tv.known || tv.removed || tv.side == v->side) continue;
    char words[96] = "";
    for (int i = 0; i < acts->n; i++)
      for (int k = 0; k < acts->a[i].ntargets; k++) {
        const gn_action_target *at = &acts->a[i].targets[k];
        if (at->unit != t || !at->ready) continue;
        size_t l = strlen(words);
        if (!strstr(words, acts->a[i].verb))
          snprintf(words + l, sizeof words - l, "%s%s", l ? ", " : "", acts->a[i].verb);
        break;
      }
    if (!words[0]) continue;
    const char *ta[] = {"data-unit", tv.code && *tv.code ? tv.code : tv.id, NULL};
    cv->ops->begin(cv, "target", ta, NULL);
    double l[4] = {map_px(m, front.x), map_py(m, front.y), map_px(m, tv.box.c.x), map_py(m, tv.box.c.y)};
    map_pen p = map_stroke((map_rgb){0.0, 0.55, 0.1}, 1.2);
    cv->ops->path(cv, l, 2, 0, &p);
    cv->ops->circle(cv, l[2], l[3], fmax(tv.box.w, tv.box.d) * m->s * 0.6 + 2, &p);
    map_font f = map_font_of(6.5);
    f.halo = 1;
    f.colour = (map_rgb){0.0, 0.4, 0.05};
    cv->ops->text(cv, (l[0] + l[2]) / 2 + 3, (l[1] + l[3]) / 2, &f, words);
    cv->ops->end(cv);
    m->sel_targets++;
  }
}

/* ---------------------------------------------------------------- reach */

/* The colours of the reaches, by the order their verbs come in. */
static const map_rgb reach_rgb[] = {{0.78, 0.12, 0.08}, {0.50, 0.18, 0.68}, {0.85, 0.45, 0.00}, {0.10, 0.45, 0.60}};

/* The point of the outline of the points within r of stand b (its edges
** pushed out by r, rounded at the corners) in the direction a (radians):
** the stand's corner furthest that way, moved r along it. */
static gn_vec2 outline_at(gn_box b, double r, double a) {
  gn_vec2 c[4], d = {cos(a), sin(a)};
  gn_box_corners(b, c);
  int k = 0;
  for (int i = 1; i < 4; i++)
    if (c[i].x * d.x + c[i].y * d.y > c[k].x * d.x + c[k].y * d.y) k = i;
  return (gn_vec2){c[k].x + r * d.x, c[k].y + r * d.y};
}

/* Keeps the points of poly (n of them, 2 doubles each) on the left of the
** line through o along d, cutting the edges that cross it, into out; the
** count. (One step of Sutherland and Hodgman's clipping.) */
static int keep_left(const double *poly, int n, gn_vec2 o, gn_vec2 d, double *out) {
  int k = 0;
  for (int i = 0; i < n; i++) {
    const double *p = poly + 2 * i, *q = poly + 2 * ((i + 1) % n);
    double sp = d.x * (p[1] - o.y) - d.y * (p[0] - o.x), sq = d.x * (q[1] - o.y) - d.y * (q[0] - o.x);
    if (sp >= 0) { out[2 * k] = p[0]; out[2 * k + 1] = p[1]; k++; }
    if ((sp >= 0) != (sq >= 0)) {
      double t = sp / (sp - sq);
      out[2 * k] = p[0] + t * (q[0] - p[0]);
      out[2 * k + 1] = p[1] + t * (q[1] - p[1]);
      k++;
    }
  }
  return k;
}

#define ARC_STEPS 16                       /* points on each rounded corner's quarter */
#define OUTLINE_MAX (4 * (ARC_STEPS + 1) + 8)

/* The outline of the points within r of stand b, clipped to its front arc
** when arc (the cone of its diagonals through the front corners), as page
** points into xy (OUTLINE_MAX points); the count. */
static int band_outline(const map *m, gn_box b, double r, int arc, double *xy) {
  double t[2 * OUTLINE_MAX], u[2 * OUTLINE_MAX];
  gn_vec2 c[4];
  gn_box_corners(b, c);
  int n = 0;
  for (int k = 0; k < 4; k++)          /* corners front-left, front-right, rear-right, rear-left */
    for (int j = 0; j <= ARC_STEPS; j++) {
      double a = b.facing + (PI / 2) - k * (PI / 2) - j * (PI / 2) / ARC_STEPS;
      t[2 * n] = c[k].x + r * cos(a);
      t[2 * n + 1] = c[k].y + r * sin(a);
      n++;
    }
  if (arc) {
    gn_vec2 o = b.c, dr = {c[1].x - o.x, c[1].y - o.y}, dl = {o.x - c[0].x, o.y - c[0].y};
    n = keep_left(t, n, o, dr, u);   /* left of the front-right diagonal */
    n = keep_left(u, n, o, dl, t);   /* right of the front-left one */
  }
  for (int i = 0; i < n; i++) {
    xy[2 * i] = map_px(m, t[2 * i]);
    xy[2 * i + 1] = map_py(m, t[2 * i + 1]);
  }
  return n;
}

/* Each band the selected unit's verbs reach, furthest first so that the
** nearer lie on top: its outline (edge to edge from the stand, as the rules
** measure), clipped to the front arc where the rules have one, dashed in
** its verb's colour. */
static void selection_bands(map *m, const gn_unit_view *v) {
  int nv = gn_order_verb_count(m->g);
  gn_reach *r = malloc(sizeof *r * (size_t)(nv > 0 ? nv : 1));
  const char **verb = malloc(sizeof *verb * (size_t)(nv > 0 ? nv : 1));
  if (!r || !verb) { m->oom = 1; free(r); free((void *)verb); return; }
  int n = cli_unit_reaches(m->g, m->sel, r, verb);
  for (int i = n - 1; i >= 0; i--) {
    map_rgb c = reach_rgb[i % 4];
    const char *attrs[] = {"data-verb", verb[i], NULL};
    m->cv->ops->begin(m->cv, "reach", attrs, NULL);
    for (int k = r[i].nbands - 1; k >= 0; k--) {
      double xy[2 * OUTLINE_MAX];
      if (r[i].band[k].to * m->s < 1.5) continue;   /* contact: nothing to draw */
      int np = band_outline(m, v->box, r[i].band[k].to, r[i].front_arc, xy);
      map_pen p = {c, 0.04, c, 0.9, 1.0, k == r[i].nbands - 1 ? 0 : 3};
      m->cv->ops->path(m->cv, xy, np, 1, &p);
      m->sel_bands++;
    }
    m->cv->ops->end(m->cv);
  }
  free(r);
  free((void *)verb);
}

/* The labels of the selected unit's bands, over the stands: the verb, the
** band's name and its distance ("fire, long: 4 in"), on the band's outline
** straight ahead of the stand, else a little to either side, where it
** covers nothing already on the map. */
void map_selection_reach_labels(map *m) {
  gn_unit_view v;
  if (m->sel_bands <= 0 || gn_unit_view_get(m->g, m->sel, m->viewer, &v) != 0) return;
  int nv = gn_order_verb_count(m->g);
  gn_reach *r = malloc(sizeof *r * (size_t)(nv > 0 ? nv : 1));
  const char **verb = malloc(sizeof *verb * (size_t)(nv > 0 ? nv : 1));
  if (!r || !verb) { m->oom = 1; free(r); free((void *)verb); return; }
  int n = cli_unit_reaches(m->g, m->sel, r, verb);
  static const double turn[] = {0, 0.35, -0.35, 0.7, -0.7, 1.05, -1.05};
  m->cv->ops->begin(m->cv, "reach-labels", NULL, NULL);
  for (int i = 0; i < n; i++)
    for (int k = 0; k < r[i].nbands; k++) {
      const gn_reach_band *b = &r[i].band[k];
      if (b->to * m->s < 1.5) continue;
      char text[96];
      if (!strcmp(b->name, verb[i])) snprintf(text, sizeof text, "%s: %g %s", verb[i], round(b->to * 10) / 10, m->unit);
      else snprintf(text, sizeof text, "%s, %s: %g %s", verb[i], b->name, round(b->to * 10) / 10, m->unit);
      map_font f = map_font_of(6.5);
      f.halo = 1;
      f.bold = 1;
      f.anchor = MAP_MIDDLE;
      f.colour = shade(reach_rgb[i % 4], 0.85);
      double w = map_text_width(&f, text), h = f.size * 1.2, x = 0, y = 0;
      for (size_t j = 0; j < sizeof turn / sizeof turn[0]; j++) {
        gn_vec2 p = outline_at(v.box, b->to, v.box.facing + turn[j]);
        x = map_px(m, p.x);
        y = map_py(m, p.y) + f.size * 0.35;
        map_rect rc = {x - w / 2, y - f.size, w, h};
        if (map_place(m, rc, 1)) break;
        if (j + 1 == sizeof turn / sizeof turn[0]) {   /* nowhere free: straight ahead */
          p = outline_at(v.box, b->to, v.box.facing);
          x = map_px(m, p.x);
          y = map_py(m, p.y) + f.size * 0.35;
        }
      }
      map_place(m, (map_rect){x - w / 2, y - f.size, w, h}, 0);
      m->cv->ops->text(m->cv, x, y, &f, text);
    }
  m->cv->ops->end(m->cv);
  free(r);
  free((void *)verb);
}

/* The selected stand: its front arc; for the viewer's own units (all for
** the umpire) also the bands its verbs reach, the ring of its move left and
** a line to every enemy stand its orders may name now. A side is not told
** what the enemy's orders could be, nor how far they reach. */
void map_selection(map *m) {
  gn_unit_view v;
  if (m->sel < 0 || gn_unit_view_get(m->g, m->sel, m->viewer, &v) != 0 || !v.known || v.removed) return;
  map_rgb sc = map_side_rgb[v.side & 3];
  double clip[4] = {m->x0, m->y0, m->W * m->s, m->H * m->s};
  const char *attrs[] = {"data-unit", v.code && *v.code ? v.code : v.id, NULL};
  m->cv->ops->begin(m->cv, "selection", attrs, clip);
  selection_arc(m, &v, sc);
  gn_actions *acts = NULL;
  int own = m->viewer == GN_UMPIRE || v.side == m->viewer;
  if (own) selection_bands(m, &v);
  if (!own || gn_actions_list(m->g, -1, m->sel, &acts) != 0) acts = NULL;
  selection_ring(m, &v, sc, acts);
  selection_targets(m, &v, acts);
  gn_actions_free(acts);
  m->cv->ops->end(m->cv);
}

/* Reads "from X,Y to X,Y" in an event's text: where the rules say a stand
** moved (moves, routs, retreats, pursuits all write it so). 1 when found. */
static int from_to(const char *text, gn_vec2 *a, gn_vec2 *b) {
  for (const char *p = strstr(text, " from "); p; p = strstr(p + 1, " from ")) {
    int used = 0;
    if (sscanf(p, " from %lf,%lf to %lf,%lf%n", &a->x, &a->y, &b->x, &b->y, &used) == 4 && used > 0) return 1;
  }
  return 0;
}

/* Arrows from where to where each stand moved in the phase now and in the one
** before it, as the events the viewer may see tell it. */
void map_moves(map *m) {
  map_canvas *cv = m->cv;
  int last = gn_event_count(m->g) - 1, first = gn_event_first(m->g);
  int turn = -1, phases = 0;
  const char *phase = NULL;
  int from = last + 1;
  for (int i = last; i >= first; i--) {   /* the events of the last two phases */
    const gn_event *e = gn_event_get(m->g, i);
    if (!e) break;
    if (!phase || e->turn != turn || strcmp(e->phase, phase)) {
      if (++phases > 2) break;
      turn = e->turn;
      phase = e->phase;
    }
    from = i;
  }
  double clip[4] = {m->x0, m->y0, m->W * m->s, m->H * m->s};
  cv->ops->begin(cv, "moves", NULL, clip);
  for (int i = from; i <= last; i++) {
    const gn_event *e = gn_event_get(m->g, i);
    gn_vec2 a, b;
    gn_unit_view v;
    if (!e || !gn_event_visible(m->g, i, m->viewer) || !from_to(e->text, &a, &b) || e->unit < 0) continue;
    if (gn_unit_view_get(m->g, e->unit, m->viewer, &v) != 0 || !v.known) continue;
    double x1 = map_px(m, a.x), y1 = map_py(m, a.y), x2 = map_px(m, b.x), y2 = map_py(m, b.y);
    double len = hypot(x2 - x1, y2 - y1);
    if (len < 2) continue;   /* a turn on the spot: nothing to point at */
    const char *attrs[] = {"data-unit", v.code && *v.code ? v.code : v.id, "title", e->text, NULL};
    cv->ops->begin(cv, "move", attrs, NULL);
    map_rgb c = shade(map_side_rgb[v.side & 3], 0.75);
    double ux = (x2 - x1) / len, uy = (y2 - y1) / len, h = fmin(7, len / 2);
    double line[4] = {x1, y1, x2 - ux * h * 0.8, y2 - uy * h * 0.8};
    map_pen p = {c, 0, c, 0.85, 1.4, 0};
    cv->ops->path(cv, line, 2, 0, &p);
    double head[6] = {x2, y2, x2 - ux * h - uy * h * 0.45, y2 - uy * h + ux * h * 0.45,
                      x2 - ux * h + uy * h * 0.45, y2 - uy * h - ux * h * 0.45};
    map_pen hp = map_fill(c, 0.85);
    cv->ops->path(cv, head, 3, 1, &hp);
    map_pen dot = map_fill(c, 0.85);
    cv->ops->circle(cv, x1, y1, 1.6, &dot);
    cv->ops->end(cv);
    m->nmoves++;
  }
  cv->ops->end(cv);
}
