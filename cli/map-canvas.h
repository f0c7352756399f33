/*
** map-canvas.h: the small drawing interface the map is drawn through, with
** two back-ends: map-svg.c writes SVG directly (text stays <text>, groups
** carry the attributes a page hit-tests) and map-cairo.c draws with cairo
** (PNG, PDF). Coordinates are output units (points), y down. A back-end that
** fails (out of memory, cairo's error) sets failed and draws no more.
*/
#ifndef GN_CLI_MAP_CANVAS_H
#define GN_CLI_MAP_CANVAS_H

#include <stddef.h>

typedef struct map_rgb { double r, g, b; } map_rgb;

/* How a shape is painted: filled when fa > 0, stroked when sa > 0 (width in
** points; dash > 0: dashes of that length). */
typedef struct map_pen {
  map_rgb fill;
  double fa;
  map_rgb stroke;
  double sa, width, dash;
} map_pen;

enum map_anchor { MAP_START, MAP_MIDDLE, MAP_END };

/* How a text is set: its size in points, where x is (start, middle or end of
** the text), weight, slant, colour, and a white halo that keeps it readable
** over terrain and stands. y is the baseline. */
typedef struct map_font {
  double size;
  int anchor, bold, italic, halo;
  map_rgb colour;
} map_font;

typedef struct map_canvas map_canvas;
typedef struct map_canvas_ops {
  /* A polyline of n points (xy[2k], xy[2k+1]), closed into a polygon when closed is 1. */
  void (*path)(map_canvas *c, const double *xy, int n, int closed, const map_pen *p);
  void (*circle)(map_canvas *c, double x, double y, double r, const map_pen *p);
  /* UTF-8 text on one line. */
  void (*text)(map_canvas *c, double x, double y, const map_font *f, const char *s);
  /* A group: cls its class; attrs name/value pairs ending with NULL ("title"
  ** is a tooltip, the other names attributes: "data-unit"); clip (x, y, w, h)
  ** or NULL clips what is drawn until the matching end. */
  void (*begin)(map_canvas *c, const char *cls, const char *const *attrs, const double *clip);
  void (*end)(map_canvas *c);
} map_canvas_ops;

struct map_canvas {
  const map_canvas_ops *ops;
  int failed;
};

/* The width the map lays a text out with (points): the same estimate for every
** back-end, so that every output has the same layout. Cannot fail. */
double map_text_width(const map_font *f, const char *s);

/* map-svg.c: an SVG canvas of w x h points writing into memory, attrs (or
** NULL) written as they are into the <svg> element. NULL on OOM. */
map_canvas *map_svg_new(double w, double h, const char *attrs);
/* Ends the document and hands over its text (*len bytes, malloc'd); frees the
** canvas. NULL when it failed. */
char *map_svg_finish(map_canvas *c, size_t *len);
/* Frees a canvas that is not finished. NULL is fine. */
void map_svg_free(map_canvas *c);

/* map-cairo.c: a cairo canvas. png: one page of w x h points at ppp pixels a
** point; else a PDF of pages pw x ph points, the drawing scaled by zoom and
** moved by (dx, dy) on each (map_cairo_page). NULL with the reason in err. */
map_canvas *map_cairo_new(int png, double w, double h, double ppp, char *err, size_t n);
/* PDF: starts (or, when not the first, ends the last and starts) a page of
** pw x ph points on which the drawing is scaled by zoom and moved by dx, dy,
** clipped to the page. */
void map_cairo_page(map_canvas *c, double pw, double ph, double zoom, double dx, double dy);
/* Ends the document and hands over its bytes (malloc'd); frees the canvas.
** NULL with the reason in err. */
char *map_cairo_finish(map_canvas *c, size_t *len, char *err, size_t n);
void map_cairo_free(map_canvas *c);

#endif /* GN_CLI_MAP_CANVAS_H */
