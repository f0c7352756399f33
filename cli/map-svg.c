/*
** map-svg.c: the map's SVG back-end. Writes SVG 1.1 text directly into a
** growing buffer: every text is a <text> element (searchable, selectable),
** every group a <g> with the class and data- attributes the drawing gives
** (a web page finds a stand by data-unit). Numbers are written with two
** decimals: a hundredth of a point is below what any screen shows.
*/
#include "map-canvas.h"

#include "grognard.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct svg {
  map_canvas c;
  char *buf;
  size_t len, cap;
  int clips;              /* clip paths made so far: each gets its own id */
} svg;

GN_PRINTF(2, 3) static void put(svg *s, const char *fmt, ...) {
  if (s->c.failed) return;
  for (;;) {
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(s->buf + s->len, s->cap - s->len, fmt, ap);
    va_end(ap);
    if (k < 0) { s->c.failed = 1; return; }
    if ((size_t)k < s->cap - s->len) { s->len += (size_t)k; return; }
    size_t cap = s->cap * 2 + (size_t)k + 1;
    char *nb = realloc(s->buf, cap);
    if (!nb) { s->c.failed = 1; return; }
    s->buf = nb;
    s->cap = cap;
  }
}

/* Text and attribute values with &, <, >, " escaped; bytes below 0x20 (none
** should come) written as spaces, which XML allows. */
static void put_escaped(svg *s, const char *t) {
  for (; *t; t++) {
    switch (*t) {
    case '&': put(s, "&amp;"); break;
    case '<': put(s, "&lt;"); break;
    case '>': put(s, "&gt;"); break;
    case '"': put(s, "&quot;"); break;
    default: put(s, "%c", (unsigned char)*t < 0x20 ? ' ' : *t);
    }
  }
}

static void put_rgb(svg *s, const char *what, map_rgb c, double a) {
  put(s, " %s=\"#%02x%02x%02x\"", what, (int)(c.r * 255 + 0.5), (int)(c.g * 255 + 0.5), (int)(c.b * 255 + 0.5));
  if (a < 1) put(s, " %s-opacity=\"%.2f\"", what, a);
}

static void put_pen(svg *s, const map_pen *p) {
  if (p->fa > 0) put_rgb(s, "fill", p->fill, p->fa);
  else put(s, " fill=\"none\"");
  if (p->sa > 0) {
    put_rgb(s, "stroke", p->stroke, p->sa);
    put(s, " stroke-width=\"%.2f\" stroke-linejoin=\"round\"", p->width);
    if (p->dash > 0) put(s, " stroke-dasharray=\"%.2f %.2f\"", p->dash, p->dash * 0.7);
  }
}

static void s_path(map_canvas *c, const double *xy, int n, int closed, const map_pen *p) {
  svg *s = (svg *)c;
  if (n < 2) return;
  put(s, "<%s points=\"", closed ? "polygon" : "polyline");
  for (int k = 0; k < n; k++) put(s, "%s%.2f,%.2f", k ? " " : "", xy[2 * k], xy[2 * k + 1]);
  put(s, "\"");
  put_pen(s, p);
  put(s, "/>\n");
}

static void s_circle(map_canvas *c, double x, double y, double r, const map_pen *p) {
  svg *s = (svg *)c;
  put(s, "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"%.2f\"", x, y, r);
  put_pen(s, p);
  put(s, "/>\n");
}

static void s_text(map_canvas *c, double x, double y, const map_font *f, const char *t) {
  static const char *const anchor[] = {"start", "middle", "end"};
  svg *s = (svg *)c;
  put(s, "<text x=\"%.2f\" y=\"%.2f\" font-size=\"%.2f\"", x, y, f->size);
  if (f->anchor != MAP_START) put(s, " text-anchor=\"%s\"", anchor[f->anchor]);
  if (f->bold) put(s, " font-weight=\"bold\"");
  if (f->italic) put(s, " font-style=\"italic\"");
  put_rgb(s, "fill", f->colour, 1);
  if (f->halo) put(s, " stroke=\"#ffffff\" stroke-width=\"%.2f\" stroke-opacity=\"0.85\" paint-order=\"stroke\""
                   " stroke-linejoin=\"round\"", f->size * 0.3);
  put(s, ">");
  put_escaped(s, t);
  put(s, "</text>\n");
}

static void s_begin(map_canvas *c, const char *cls, const char *const *attrs, const double *clip) {
  svg *s = (svg *)c;
  const char *title = NULL;
  if (clip) {
    s->clips++;
    put(s, "<clipPath id=\"clip%d\"><rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\"/></clipPath>\n",
        s->clips, clip[0], clip[1], clip[2], clip[3]);
  }
  put(s, "<g");
  if (cls) put(s, " class=\"%s\"", cls);
  if (clip) put(s, " clip-path=\"url(#clip%d)\"", s->clips);
  for (int k = 0; attrs && attrs[k] && attrs[k + 1]; k += 2) {
    if (!strcmp(attrs[k], "title")) { title = attrs[k + 1]; continue; }
    put(s, " %s=\"", attrs[k]);
    put_escaped(s, attrs[k + 1]);
    put(s, "\"");
  }
  put(s, ">\n");
  if (title) {
    put(s, "<title>");
    put_escaped(s, title);
    put(s, "</title>\n");
  }
}

static void s_end(map_canvas *c) { put((svg *)c, "</g>\n"); }

static const map_canvas_ops svg_ops = {s_path, s_circle, s_text, s_begin, s_end};

map_canvas *map_svg_new(double w, double h, const char *attrs) {
  svg *s = calloc(1, sizeof *s);
  if (!s) return NULL;
  s->c.ops = &svg_ops;
  s->cap = 1 << 16;
  if (!(s->buf = malloc(s->cap))) { free(s); return NULL; }
  s->buf[0] = 0;
  put(s, "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"%.2fpt\" height=\"%.2fpt\""
         " viewBox=\"0 0 %.2f %.2f\" font-family=\"DejaVu Sans, Verdana, Arial, sans-serif\"%s%s>\n"
         "<rect x=\"0\" y=\"0\" width=\"%.2f\" height=\"%.2f\" fill=\"#ffffff\"/>\n", w, h, w, h,
      attrs ? " " : "", attrs ? attrs : "", w, h);
  return &s->c;
}

char *map_svg_finish(map_canvas *c, size_t *len) {
  svg *s = (svg *)c;
  put(s, "</svg>\n");
  if (s->c.failed) { map_svg_free(c); return NULL; }
  char *out = s->buf;
  *len = s->len;
  free(s);
  return out;
}

void map_svg_free(map_canvas *c) {
  if (!c) return;
  free(((svg *)c)->buf);
  free(c);
}
