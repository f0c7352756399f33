/*
** map-cairo.c: the map's cairo back-end, for PNG (an image at ppp pixels a
** point) and PDF (one or several pages; each page draws the whole map again,
** scaled and moved, clipped to the page). Text is set in the system's sans
** font; the anchor is placed by cairo's own measure of the text.
*/
#include "map-canvas.h"

#include <cairo.h>
#include <cairo-pdf.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PI 3.14159265358979323846

typedef struct cv {
  map_canvas c;
  cairo_surface_t *sf;
  cairo_t *cr;
  int png, pages;
  unsigned char *out;     /* the PDF's bytes, as cairo writes them */
  size_t len, cap;
} cv;

static cairo_status_t collect(void *ud, const unsigned char *data, unsigned int n) {
  cv *k = ud;
  if (k->len + n > k->cap) {
    size_t cap = (k->cap + n) * 2;
    unsigned char *nb = realloc(k->out, cap);
    if (!nb) return CAIRO_STATUS_NO_MEMORY;
    k->out = nb;
    k->cap = cap;
  }
  memcpy(k->out + k->len, data, n);
  k->len += n;
  return CAIRO_STATUS_SUCCESS;
}

static int ok(cv *k) {
  if (!k->c.failed && cairo_status(k->cr) != CAIRO_STATUS_SUCCESS) k->c.failed = 1;
  return !k->c.failed;
}

static void pen_apply(cv *k, const map_pen *p) {
  cairo_t *cr = k->cr;
  if (p->fa > 0) {
    cairo_set_source_rgba(cr, p->fill.r, p->fill.g, p->fill.b, p->fa);
    if (p->sa > 0) cairo_fill_preserve(cr); else cairo_fill(cr);
  }
  if (p->sa > 0) {
    double d[2] = {p->dash, p->dash * 0.7};
    cairo_set_source_rgba(cr, p->stroke.r, p->stroke.g, p->stroke.b, p->sa);
    cairo_set_line_width(cr, p->width);
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
    cairo_set_dash(cr, d, p->dash > 0 ? 2 : 0, 0);
    cairo_stroke(cr);
    cairo_set_dash(cr, NULL, 0, 0);
  }
  cairo_new_path(cr);
}

static void c_path(map_canvas *c, const double *xy, int n, int closed, const map_pen *p) {
  cv *k = (cv *)c;
  if (!ok(k) || n < 2) return;
  cairo_new_path(k->cr);
  for (int i = 0; i < n; i++) cairo_line_to(k->cr, xy[2 * i], xy[2 * i + 1]);
  if (closed) cairo_close_path(k->cr);
  pen_apply(k, p);
}

static void c_circle(map_canvas *c, double x, double y, double r, const map_pen *p) {
  cv *k = (cv *)c;
  if (!ok(k)) return;
  cairo_new_path(k->cr);
  cairo_arc(k->cr, x, y, r, 0, 2 * PI);
  pen_apply(k, p);
}

static void c_text(map_canvas *c, double x, double y, const map_font *f, const char *s) {
  cv *k = (cv *)c;
  cairo_t *cr = k->cr;
  if (!ok(k) || !*s) return;
  cairo_select_font_face(cr, "sans-serif", f->italic ? CAIRO_FONT_SLANT_ITALIC : CAIRO_FONT_SLANT_NORMAL,
                         f->bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size(cr, f->size);
  cairo_text_extents_t e;
  cairo_text_extents(cr, s, &e);
  double w = e.x_advance;
  if (f->anchor == MAP_MIDDLE) x -= w / 2;
  else if (f->anchor == MAP_END) x -= w;
  cairo_new_path(cr);
  cairo_move_to(cr, x, y);
  if (f->halo) {
    cairo_text_path(cr, s);
    cairo_set_source_rgba(cr, 1, 1, 1, 0.85);
    cairo_set_line_width(cr, f->size * 0.3);
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
    cairo_stroke(cr);
    cairo_move_to(cr, x, y);
  }
  cairo_set_source_rgb(cr, f->colour.r, f->colour.g, f->colour.b);
  cairo_show_text(cr, s);
  cairo_new_path(cr);
}

static void c_begin(map_canvas *c, const char *cls, const char *const *attrs, const double *clip) {
  cv *k = (cv *)c;
  (void)cls;
  (void)attrs;
  cairo_save(k->cr);
  if (clip) {
    cairo_new_path(k->cr);
    cairo_rectangle(k->cr, clip[0], clip[1], clip[2], clip[3]);
    cairo_clip(k->cr);
  }
}

static void c_end(map_canvas *c) { cairo_restore(((cv *)c)->cr); }

static const map_canvas_ops cairo_ops = {c_path, c_circle, c_text, c_begin, c_end};

map_canvas *map_cairo_new(int png, double w, double h, double ppp, char *err, size_t n) {
  cv *k = calloc(1, sizeof *k);
  if (!k) { snprintf(err, n, "out of memory"); return NULL; }
  k->c.ops = &cairo_ops;
  k->png = png;
  if (png) k->sf = cairo_image_surface_create(CAIRO_FORMAT_RGB24, (int)ceil(w * ppp), (int)ceil(h * ppp));
  else k->sf = cairo_pdf_surface_create_for_stream(collect, k, w, h);
  cairo_status_t st = cairo_surface_status(k->sf);
  if (st != CAIRO_STATUS_SUCCESS) {
    snprintf(err, n, "cannot draw the map: %s", cairo_status_to_string(st));
    cairo_surface_destroy(k->sf);
    free(k);
    return NULL;
  }
  k->cr = cairo_create(k->sf);
  if (png) {
    cairo_scale(k->cr, ppp, ppp);
    cairo_set_source_rgb(k->cr, 1, 1, 1);   /* printable: white paper */
    cairo_paint(k->cr);
  }
  return &k->c;
}

void map_cairo_page(map_canvas *c, double pw, double ph, double zoom, double dx, double dy) {
  cv *k = (cv *)c;
  if (k->png) return;
  if (k->pages++ > 0) {
    cairo_restore(k->cr);
    cairo_show_page(k->cr);
  }
  cairo_pdf_surface_set_size(k->sf, pw, ph);
  cairo_save(k->cr);
  cairo_identity_matrix(k->cr);
  cairo_new_path(k->cr);
  cairo_rectangle(k->cr, 0, 0, pw, ph);
  cairo_clip(k->cr);
  cairo_translate(k->cr, dx, dy);
  cairo_scale(k->cr, zoom, zoom);
}

char *map_cairo_finish(map_canvas *c, size_t *len, char *err, size_t n) {
  cv *k = (cv *)c;
  if (!k->png && k->pages > 0) cairo_restore(k->cr);
  cairo_status_t st = cairo_status(k->cr);
  cairo_destroy(k->cr);
  k->cr = NULL;
  if (st == CAIRO_STATUS_SUCCESS && k->png) st = cairo_surface_write_to_png_stream(k->sf, collect, k);
  cairo_surface_finish(k->sf);
  if (st == CAIRO_STATUS_SUCCESS) st = cairo_surface_status(k->sf);
  cairo_surface_destroy(k->sf);
  k->sf = NULL;
  cairo_debug_reset_static_data();   /* no cairo object is left: drop its font caches */
  char *out = (char *)k->out;
  if (st != CAIRO_STATUS_SUCCESS || k->c.failed || !out) {
    snprintf(err, n, "cannot draw the map: %s",
             st != CAIRO_STATUS_SUCCESS ? cairo_status_to_string(st) : "out of memory");
    free(out);
    free(k);
    return NULL;
  }
  *len = k->len;
  free(k);
  return out;
}

void map_cairo_free(map_canvas *c) {
  cv *k = (cv *)c;
  if (!k) return;
  if (k->cr) cairo_destroy(k->cr);
  if (k->sf) cairo_surface_destroy(k->sf);
  free(k->out);
  free(k);
}
