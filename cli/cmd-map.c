/*
** cmd-map.c: `grognard map GAME [--as SIDE] [--select UNIT] --out FILE`: the
** table drawn with cairo, as SVG, PNG or PDF, to print or to put beside the
** real table. Terrain areas filled by kind and lines stroked, stands as their
** oriented rectangles with the front edge drawn thick, each labelled with its
** code, and its strength and disorder as the viewer may know them;
** objectives with their radius and holder; a scale bar in the table's unit
** and a legend. North (+y) is up.
**
** --select UNIT adds that stand's front arc (its diagonals extended, ref. the
** arcs of gn_box_arc) and a line to every enemy stand its orders may name now
** (gn_actions_list, the rules' own check; an order resolved later in the turn
** only if it would take effect now): no range ring is guessed, since reach
** depends on the ruleset, the phase and the target.
*/
#include "play.h"

#include <cairo.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <math.h>
#include <string.h>

#define MARGIN 36.0
#define TITLE 30.0
#define LEGEND 92.0
#define PI 3.14159265358979323846

typedef struct rgb { double r, g, b; } rgb;

typedef struct kindstyle { const char *kind; rgb c; double width; int dashed; } kindstyle;

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

static const rgb side_rgb[4] = {{0.15, 0.30, 0.75}, {0.80, 0.15, 0.15}, {0.10, 0.55, 0.25}, {0.85, 0.50, 0.05}};

static kindstyle style_of(const char *kind, gn_shape shape) {
  for (size_t i = 0; i < sizeof styles / sizeof styles[0]; i++)
    if (!strcmp(styles[i].kind, kind)) return styles[i];
  kindstyle k = {kind, {0.80, 0.80, 0.80}, shape == GN_SHAPE_LINE ? 0.2 : 0, 0};
  return k;
}

typedef struct mapper {
  cairo_t *cr;
  gn_game *g;
  int viewer;
  double W, H, s, x0, y0;   /* table size, scale (points a table unit), map origin */
} mapper;

static double px(const mapper *m, double x) { return m->x0 + x * m->s; }
static double py(const mapper *m, double y) { return m->y0 + (m->H - y) * m->s; }

static void colour(cairo_t *cr, rgb c, double a) { cairo_set_source_rgba(cr, c.r, c.g, c.b, a); }

static void text_at(cairo_t *cr, double x, double y, double size, const char *t, int centred) {
  cairo_text_extents_t e;
  cairo_set_font_size(cr, size);
  cairo_text_extents(cr, t, &e);
  cairo_move_to(cr, centred ? x - e.width / 2 - e.x_bearing : x, y);
  cairo_show_text(cr, t);
}

/* 1) hills first, 2) other areas, 3) lines on top. */
static void draw_terrain(mapper *m) {
  cairo_t *cr = m->cr;
  for (int pass = 0; pass < 3; pass++)
    for (int i = 0; i < gn_terrain_count(m->g); i++) {
      gn_feature f;
      const char *id, *kind;
      if (gn_terrain_get(m->g, i, &f, &id, &kind) != 0 || f.npts < 2) continue;
      int hill = !strcmp(kind, "hill");
      if ((pass == 0) != (f.shape == GN_SHAPE_AREA && hill)) continue;
      if (pass == 1 && (f.shape != GN_SHAPE_AREA || hill)) continue;
      if (pass == 2 && f.shape != GN_SHAPE_LINE) continue;
      kindstyle k = style_of(kind, f.shape);
      cairo_new_path(cr);
      for (int j = 0; j < f.npts; j++) cairo_line_to(cr, px(m, f.pts[j].x), py(m, f.pts[j].y));
      if (f.shape == GN_SHAPE_AREA) {
        cairo_close_path(cr);
        colour(cr, k.c, 1);
        cairo_fill_preserve(cr);
        colour(cr, (rgb){k.c.r * 0.7, k.c.g * 0.7, k.c.b * 0.7}, 1);
        cairo_set_line_width(cr, 0.6);
        cairo_stroke(cr);
      } else {
        double w = k.width * m->s;
        double dash[] = {3 * w, 2 * w};
        colour(cr, k.c, 1);
        cairo_set_line_width(cr, w < 0.8 ? 0.8 : w);
        cairo_set_dash(cr, dash, k.dashed ? 2 : 0, 0);
        cairo_stroke(cr);
        cairo_set_dash(cr, NULL, 0, 0);
      }
    }
}

/* The short marks of a status text: D (disordered), PD, R (routed), SD/MD/FD. */
static void marks(const char *status, char *buf, size_t n) {
  buf[0] = 0;
  if (!status) return;
  static const struct { const char *word, *mark; } table[] = {
    {"permanently disordered", "PD"}, {"disordered", "D"}, {"routed", "R"}, {"routing", "R"},
    {"SD", "SD"}, {"MD", "MD"}, {"FD", "FD"},
  };
  char tmp[256];
  snprintf(tmp, sizeof tmp, "%s", status);
  for (char *w = strtok(tmp, ",;"); w; w = strtok(NULL, ",;")) {
    while (*w == ' ') w++;
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
      if (!strcmp(w, table[i].word)) {
        size_t l = strlen(buf);
        snprintf(buf + l, n - l, "%s%s", l ? " " : "", table[i].mark);
        break;
      }
  }
}

static void draw_unit(mapper *m, const gn_unit_view *v, int selected) {
  cairo_t *cr = m->cr;
  gn_vec2 c[4];
  rgb sc = side_rgb[v->side & 3];
  gn_box_corners(v->box, c);
  cairo_new_path(cr);
  for (int k = 0; k < 4; k++) cairo_line_to(cr, px(m, c[k].x), py(m, c[k].y));
  cairo_close_path(cr);
  colour(cr, (rgb){1 - (1 - sc.r) * 0.35, 1 - (1 - sc.g) * 0.35, 1 - (1 - sc.b) * 0.35}, 1);
  cairo_fill_preserve(cr);
  colour(cr, sc, 1);
  cairo_set_line_width(cr, selected ? 1.6 : 0.8);
  cairo_stroke(cr);
  /* the front edge: front-left to front-right */
  cairo_move_to(cr, px(m, c[0].x), py(m, c[0].y));
  cairo_line_to(cr, px(m, c[1].x), py(m, c[1].y));
  cairo_set_source_rgb(cr, 0, 0, 0);
  cairo_set_line_width(cr, 2.0);
  cairo_stroke(cr);
  /* labels: the code, then strength and marks as the viewer knows them */
  double size = fmin(v->box.w, v->box.d) * m->s * 0.42;
  size = size < 4.5 ? 4.5 : size > 9 ? 9 : size;
  double x = px(m, v->box.c.x), y = py(m, v->box.c.y);
  char line2[64] = "", mk[32];
  marks(v->status, mk, sizeof mk);
  if (v->strength > 0 || (v->strength == 0 && v->strength0 > 0))
    snprintf(line2, sizeof line2, "%d%s%s", v->strength, mk[0] ? " " : "", mk);
  else if (v->strength < 0)
    snprintf(line2, sizeof line2, "?%s%s", mk[0] ? " " : "", mk);
  else
    snprintf(line2, sizeof line2, "%s", mk);
  cairo_set_source_rgb(cr, 0, 0, 0);
  text_at(cr, x, line2[0] ? y - 0.1 * size : y + 0.35 * size, size, v->code && *v->code ? v->code : v->id, 1);
  if (line2[0]) {
    if (mk[0]) cairo_set_source_rgb(cr, 0.75, 0.35, 0);
    text_at(cr, x, y + 0.95 * size, size * 0.85, line2, 1);
  }
}

static void draw_objectives(mapper *m) {
  cairo_t *cr = m->cr;
  for (int i = 0; i < gn_objective_count(m->g); i++) {
    gn_objective_info o;
    if (gn_objective_get(m->g, i, &o) != 0) continue;
    rgb c = o.owner >= 0 ? side_rgb[o.owner & 3] : (rgb){0.35, 0.35, 0.35};
    double x = px(m, o.at.x), y = py(m, o.at.y), dash[] = {3, 2};
    if (o.radius > 0) {
      cairo_new_path(cr);
      cairo_arc(cr, x, y, o.radius * m->s, 0, 2 * PI);
      colour(cr, c, 0.9);
      cairo_set_line_width(cr, 0.8);
      cairo_set_dash(cr, dash, 2, 0);
      cairo_stroke(cr);
      cairo_set_dash(cr, NULL, 0, 0);
    }
    cairo_new_path(cr);   /* a diamond */
    cairo_move_to(cr, x, y - 5);
    cairo_line_to(cr, x + 5, y);
    cairo_line_to(cr, x, y + 5);
    cairo_line_to(cr, x - 5, y);
    cairo_close_path(cr);
    colour(cr, c, 1);
    cairo_fill(cr);
    cairo_set_source_rgb(cr, 0, 0, 0);
    char label[160];
    snprintf(label, sizeof label, "%s (%d)", o.name, o.points);
    text_at(cr, x + 7, y + 3, 7, label, 0);
  }
}

/* The selected stand's front arc and the enemy stands its orders may name
** now, as gn_actions_list gives them. */
static void draw_select(mapper *m, int sel) {
  cairo_t *cr = m->cr;
  gn_unit_view v;
  if (gn_unit_view_get(m->g, sel, m->viewer, &v) != 0 || !v.known || v.removed) return;
  gn_vec2 c[4], o = v.box.c;
  gn_box_corners(v.box, c);
  double far = (m->W + m->H) * 2;
  gn_vec2 e[2];
  for (int k = 0; k < 2; k++) {   /* the diagonals through the front corners, extended */
    double dx = c[k].x - o.x, dy = c[k].y - o.y, len = hypot(dx, dy);
    e[k] = (gn_vec2){o.x + dx / len * far, o.y + dy / len * far};
  }
  cairo_save(cr);
  cairo_rectangle(cr, m->x0, m->y0, m->W * m->s, m->H * m->s);
  cairo_clip(cr);
  cairo_new_path(cr);
  cairo_move_to(cr, px(m, o.x), py(m, o.y));
  cairo_line_to(cr, px(m, e[0].x), py(m, e[0].y));
  cairo_line_to(cr, px(m, e[1].x), py(m, e[1].y));
  cairo_close_path(cr);
  colour(cr, side_rgb[v.side & 3], 0.08);
  cairo_fill(cr);
  double dash[] = {4, 3};
  cairo_set_dash(cr, dash, 2, 0);
  colour(cr, side_rgb[v.side & 3], 0.8);
  cairo_set_line_width(cr, 0.8);
  for (int k = 0; k < 2; k++) {
    cairo_move_to(cr, px(m, o.x), py(m, o.y));
    cairo_line_to(cr, px(m, e[k].x), py(m, e[k].y));
  }
  cairo_stroke(cr);
  cairo_set_dash(cr, NULL, 0, 0);
  /* the targets: the enemy units its orders may name now (gn_actions_list,
  ** the rules' own check), an order resolved later only if it would take
  ** effect now; labelled with the verbs */
  gn_actions *acts = NULL;
  gn_vec2 f = gn_box_front(v.box);
  /* a side sees the orders open to its own units only, as `actions --as` */
  int own = m->viewer == GN_UMPIRE || v.side == m->viewer;
  if (!own || gn_actions_list(m->g, -1, sel, &acts) != 0) acts = NULL;
  for (int t = 0; acts && t < gn_unit_count(m->g); t++) {
    gn_unit_view tv;
    if (gn_unit_view_get(m->g, t, m->viewer, &tv) != 0 || !tv.known || tv.removed || tv.side == v.side)
      continue;
    char words[64] = "";
    for (int i = 0; i < acts->n; i++)
      for (int k = 0; k < acts->a[i].ntargets; k++) {
        const gn_action_target *at = &acts->a[i].targets[k];
        if (at->unit != t || !at->ready) continue;
        size_t l = strlen(words);
        snprintf(words + l, sizeof words - l, "%s%s", l ? ", " : "", acts->a[i].verb);
        break;
      }
    if (!words[0]) continue;
    cairo_move_to(cr, px(m, f.x), py(m, f.y));
    cairo_line_to(cr, px(m, tv.box.c.x), py(m, tv.box.c.y));
    cairo_set_source_rgba(cr, 0.0, 0.55, 0.1, 0.9);
    cairo_set_line_width(cr, 1.2);
    cairo_stroke(cr);
    text_at(cr, (px(m, f.x) + px(m, tv.box.c.x)) / 2 + 3, (py(m, f.y) + py(m, tv.box.c.y)) / 2, 6.5,
            words, 0);
  }
  gn_actions_free(acts);
  cairo_restore(cr);
}

/* A round length for the scale bar: about a quarter of the table. */
static double bar_length(double width) {
  static const double nice[] = {1, 2, 5, 6, 10, 12, 20, 24, 25, 50, 100, 200, 500, 1000};
  double want = width / 4, best = nice[0];
  for (size_t i = 0; i < sizeof nice / sizeof nice[0]; i++)
    if (nice[i] <= want) best = nice[i];
  return best;
}

static void draw_frame(mapper *m, int sel) {
  cairo_t *cr = m->cr;
  double mw = m->W * m->s, mh = m->H * m->s, y = m->y0 + mh;
  char buf[512];
  /* title */
  int side = gn_game_active_side(m->g);
  snprintf(buf, sizeof buf, "%s: %s, turn %d, %s%s%s", gn_game_scenario_name(m->g), gn_game_clock(m->g).text,
           gn_game_turn(m->g), gn_game_over(m->g) ? "game over" : gn_game_phase(m->g),
           side >= 0 ? ", " : "", side >= 0 ? gn_side_name(m->g, side) : "");
  cairo_set_source_rgb(cr, 0, 0, 0);
  text_at(cr, MARGIN, MARGIN + 4, 11, buf, 0);
  snprintf(buf, sizeof buf, "as seen by %s", m->viewer == GN_UMPIRE ? "the umpire" : gn_side_name(m->g, m->viewer));
  text_at(cr, MARGIN, MARGIN + 17, 8, buf, 0);
  /* the table's edge */
  cairo_rectangle(cr, m->x0, m->y0, mw, mh);
  cairo_set_line_width(cr, 1);
  cairo_stroke(cr);
  /* scale bar */
  const char *unit = gn_game_unit(m->g);
  double L = bar_length(m->W), bx = m->x0, by = y + 18;
  int steps = L >= 10 ? 5 : (int)L;
  for (int k = 0; k < steps; k++) {
    cairo_rectangle(cr, bx + k * L / steps * m->s, by, L / steps * m->s, 4);
    if (k % 2 == 0) cairo_fill(cr); else { cairo_set_line_width(cr, 0.6); cairo_stroke(cr); }
  }
  text_at(cr, bx, by + 13, 7, "0", 1);
  snprintf(buf, sizeof buf, "%g %s", L, unit);
  text_at(cr, bx + L * m->s, by + 13, 7, buf, 1);
  snprintf(buf, sizeof buf, "table %g x %g %s; north up", m->W, m->H, unit);
  text_at(cr, bx + L * m->s + 30, by + 6, 7, buf, 0);
  /* legend: sides, terrain kinds present, symbols */
  double lx = m->x0, ly = y + 44;
  for (int s = 0; s < gn_side_count(m->g); s++) {
    colour(cr, side_rgb[s & 3], 1);
    cairo_rectangle(cr, lx, ly - 6, 10, 7);
    cairo_fill(cr);
    cairo_set_source_rgb(cr, 0, 0, 0);
    text_at(cr, lx + 14, ly, 7.5, gn_side_name(m->g, s), 0);
    lx += 18 + 5.0 * (double)strlen(gn_side_name(m->g, s));
  }
  cairo_move_to(cr, lx, ly - 2);
  cairo_line_to(cr, lx + 12, ly - 2);
  cairo_set_line_width(cr, 2);
  cairo_stroke(cr);
  text_at(cr, lx + 16, ly, 7.5, "front edge;  label: code, strength (? hidden), D disordered, R routed", 0);
  lx = m->x0;
  ly += 14;
  const char *seen[32];
  int nseen = 0;
  for (int i = 0; i < gn_terrain_count(m->g) && nseen < 32; i++) {
    gn_feature f;
    const char *id, *kind;
    if (gn_terrain_get(m->g, i, &f, &id, &kind) != 0) continue;
    int dup = 0;
    for (int k = 0; k < nseen; k++) dup |= !strcmp(seen[k], kind);
    if (dup) continue;
    seen[nseen++] = kind;
    kindstyle k = style_of(kind, f.shape);
    colour(cr, k.c, 1);
    if (f.shape == GN_SHAPE_AREA) {
      cairo_rectangle(cr, lx, ly - 6, 10, 7);
      cairo_fill(cr);
    } else {
      cairo_move_to(cr, lx, ly - 2);
      cairo_line_to(cr, lx + 10, ly - 2);
      cairo_set_line_width(cr, 2);
      cairo_stroke(cr);
    }
    cairo_set_source_rgb(cr, 0, 0, 0);
    text_at(cr, lx + 14, ly, 7.5, kind, 0);
    lx += 22 + 5.0 * (double)strlen(kind);
    if (lx > m->x0 + mw - 60) { lx = m->x0; ly += 12; }
  }
  if (gn_objective_count(m->g) > 0) {
    cairo_set_source_rgb(cr, 0.35, 0.35, 0.35);
    cairo_move_to(cr, lx + 5, ly - 7);
    cairo_line_to(cr, lx + 9, ly - 3);
    cairo_line_to(cr, lx + 5, ly + 1);
    cairo_line_to(cr, lx + 1, ly - 3);
    cairo_close_path(cr);
    cairo_fill(cr);
    cairo_set_source_rgb(cr, 0, 0, 0);
    text_at(cr, lx + 14, ly, 7.5, "objective (points), coloured by its holder", 0);
  }
  if (sel >= 0) {
    ly += 12;
    gn_unit_view v;
    gn_unit_view_get(m->g, sel, m->viewer, &v);
    snprintf(buf, sizeof buf, "selected %s: shaded, its front arc (diagonals extended); green lines: "
             "enemy stands its orders may name now", v.code ? v.code : "?");
    text_at(cr, m->x0, ly, 7.5, buf, 0);
  }
}

/* cairo's writer to standard output. */
static cairo_status_t to_stdout(void *ud, const unsigned char *data, unsigned int len) {
  (void)ud;
  return fwrite(data, 1, len, stdout) == len ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR;
}

int cli_map_write(gn_game *g, int viewer, int select, const char *path, char *err, size_t n) {
  const char *ext = strrchr(path, '.');
  if (!ext || (strcmp(ext, ".svg") && strcmp(ext, ".png") && strcmp(ext, ".pdf"))) {
    snprintf(err, n, "%s: the map is written as .svg, .png or .pdf", path);
    return CLI_FAIL;
  }
  return cli_map_write_as(g, viewer, select, path, ext + 1, err, n);
}

int cli_map_write_as(gn_game *g, int viewer, int select, const char *path, const char *format,
                     char *err, size_t n) {
  mapper m = {0};
  int kind = !strcmp(format, "svg") ? 0 : !strcmp(format, "png") ? 1 : !strcmp(format, "pdf") ? 2 : -1;
  if (kind < 0) { snprintf(err, n, "the map is drawn as svg, png or pdf, not %s", format); return CLI_FAIL; }
  if (!path) path = "standard output";
  int out = !strcmp(path, "standard output");
  if (gn_game_table(g, &m.W, &m.H) != 0 || m.W <= 0 || m.H <= 0) {
    snprintf(err, n, "the game has no table");
    return CLI_FAIL;
  }
  /* about 10 x 7 inches of map: a landscape page with its legend */
  m.s = fmin(720 / m.W, 500 / m.H);
  m.g = g;
  m.viewer = viewer;
  m.x0 = MARGIN;
  m.y0 = MARGIN + TITLE;
  double pw = m.W * m.s + 2 * MARGIN, ph = m.y0 + m.H * m.s + LEGEND + MARGIN / 2;
  cairo_surface_t *sf;
  if (kind == 0) sf = out ? cairo_svg_surface_create_for_stream(to_stdout, NULL, pw, ph)
                          : cairo_svg_surface_create(path, pw, ph);
  else if (kind == 2) sf = out ? cairo_pdf_surface_create_for_stream(to_stdout, NULL, pw, ph)
                               : cairo_pdf_surface_create(path, pw, ph);
  else sf = cairo_image_surface_create(CAIRO_FORMAT_RGB24, (int)ceil(pw * 2), (int)ceil(ph * 2));
  if (cairo_surface_status(sf) != CAIRO_STATUS_SUCCESS) {
    snprintf(err, n, "%s: %s", path, cairo_status_to_string(cairo_surface_status(sf)));
    cairo_surface_destroy(sf);
    return CLI_FAIL;
  }
  m.cr = cairo_create(sf);
  if (kind == 1) cairo_scale(m.cr, 2, 2);
  cairo_select_font_face(m.cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_source_rgb(m.cr, 1, 1, 1);   /* printable: white paper */
  cairo_paint(m.cr);
  draw_terrain(&m);
  draw_objectives(&m);
  if (select >= 0) draw_select(&m, select);
  for (int u = 0; u < gn_unit_count(g); u++) {
    gn_unit_view v;
    if (gn_unit_view_get(g, u, viewer, &v) != 0 || !v.known || v.removed) continue;
    draw_unit(&m, &v, u == select);
  }
  draw_frame(&m, select);
  cairo_status_t st = cairo_status(m.cr);
  cairo_destroy(m.cr);
  if (st == CAIRO_STATUS_SUCCESS && kind == 1)
    st = out ? cairo_surface_write_to_png_stream(sf, to_stdout, NULL) : cairo_surface_write_to_png(sf, path);
  cairo_surface_finish(sf);
  if (st == CAIRO_STATUS_SUCCESS) st = cairo_surface_status(sf);
  cairo_surface_destroy(sf);
  cairo_debug_reset_static_data();   /* no cairo object is left: drop its font caches */
  if (st != CAIRO_STATUS_SUCCESS) {
    snprintf(err, n, "%s: %s", path, cairo_status_to_string(st));
    return CLI_FAIL;
  }
  return CLI_OK;
}

static int run_map(cli *c, const cli_cmd *cmd, int argc, char **argv) {
  static const char *const formats[] = { "svg", "png", "pdf", NULL };
  cli_opt opts[] = { { "--as", 1, 0, NULL }, { "--umpire", 0, 0, NULL }, { "--select", 1, 0, NULL },
                     CLI_OUTPUT_OPTS, { NULL, 0, 0, NULL } };
  char *pos[1], err[512];
  int npos, rc, viewer, sel = -1;
  cli_output out;
  gn_store *st;
  gn_game *g;
  if ((rc = cli_args(c, cmd, argc, argv, opts, pos, &npos, 1, 1)) != 0) return rc;
  if (opts[3].seen) return cli_usage(cmd, "the map is a picture: give -o FILE.svg|.png|.pdf or --format");
  if ((rc = cli_output_get(cmd, opts + 3, formats, &out)) != CLI_OK) return rc;
  if (out.path && !cli_opt_get(opts, "--format")->seen) {
    const char *ext = strrchr(out.path, '.');
    if (!ext || (strcmp(ext, ".svg") && strcmp(ext, ".png") && strcmp(ext, ".pdf")))
      return cli_usage(cmd, "%s: give a file ending in .svg, .png or .pdf, or --format", out.path);
  }
  if (opts[0].seen && opts[1].seen) return cli_usage(cmd, "give --as SIDE or --umpire, not both");
  if (cli_game_view(c, pos[0], &st, &g) != CLI_OK) return CLI_FAIL;
  if ((rc = cli_viewer(cmd, g, &opts[0], &opts[1], &viewer)) != CLI_OK) goto done;
  if (opts[2].seen && (sel = gn_unit_find(g, opts[2].val)) < 0) {
    rc = cli_fail("no unit '%s' in game %s", opts[2].val, pos[0]);
    goto done;
  }
  if (sel >= 0) {
    gn_unit_view v;
    if (gn_unit_view_get(g, sel, viewer, &v) != 0 || !v.known) {
      rc = cli_fail("%s cannot see unit '%s'", viewer == GN_UMPIRE ? "the umpire" : gn_side_id(g, viewer),
                    opts[2].val);
      goto done;
    }
  }
  if (cli_map_write_as(g, viewer, sel, out.path, out.format, err, sizeof err) != CLI_OK)
    rc = cli_fail("%s", err);
  else if (out.path)
    fprintf(stderr, "grognard: map written to %s\n", out.path);
done:
  gn_game_free(g);
  gn_store_close(st);
  return rc;
}

const cli_cmd cli_cmd_map = {
  "map", "GAME [--as SIDE | --umpire] [--select UNIT] [-o FILE.svg|.png|.pdf] [--format svg|png|pdf]",
  "draw the table: terrain, stands, objectives, scale and legend (SVG, PNG, PDF)",
  "A printable map (white background, a scale bar in the table's unit, a\n"
  "legend), north up. Stands are drawn as their rectangles with the front edge\n"
  "thick, labelled with their code, strength and disorder as the viewer may\n"
  "know them (? where hidden).\n"
  "\noptions:\n"
  "  --as SIDE          what SIDE may see ('umpire', the default: everything)\n"
  "  --umpire           everything\n"
  "  --select UNIT      shade UNIT's front arc and draw lines to the enemy stands\n"
  "                     its orders may name now (as 'grognard actions' lists them)\n"
  "  -o, --out FILE     write to FILE: .svg, .png or .pdf, by its extension\n"
  "                     (without it: SVG on standard output)\n"
  "  --format FMT       svg, png or pdf, when FILE does not say it\n",
  run_map,
};
