/*
** map-int.h: what the map's drawing files share (map-draw.c: the page, its
** title, grid, legend and off-table box; map-table.c: what stands on the
** table). Not for other files: they use map.h.
*/
#ifndef GN_CLI_MAP_INT_H
#define GN_CLI_MAP_INT_H

#include "map.h"
#include "map-canvas.h"

/* A rectangle on the page (x, y its top-left corner), for label placing. */
typedef struct map_rect { double x, y, w, h; } map_rect;

/* Roles marked on a stand (Inradic groups): bit flags. */
enum { MAP_ROLE_OFFICER = 1, MAP_ROLE_FLAG = 2, MAP_ROLE_HERO = 4 };

typedef struct map {
  map_canvas *cv;
  gn_game *g;
  int viewer, sel;
  double W, H;            /* the table, table units */
  double s, x0, y0;       /* points a table unit; the table's north-west corner */
  double pw, ph;          /* the page */
  double wx0, wy0, wx1, wy1;   /* the piece of the table this page shows (table units): all of it,
                                  but on a true-scale page */
  const char *unit;       /* "in" or "cm" */
  map_rect *placed;       /* labels and stands already on the page */
  int nplaced, capplaced;
  int oom;
  int nmoves;             /* arrows drawn for the last phase's moves */
  int roles;              /* roles marked on some stand (for the legend) */
  int removed_marks;      /* removed stands marked on the table */
  double sel_left;        /* the selected unit's move left, -1 none shown */
  int sel_targets;        /* enemy stands its orders may name now, as drawn */
  int sel_bands;          /* bands of its reach drawn */
  char ring_text[96];     /* the label of its move-left ring, drawn over the stands */
  double ring_x, ring_y, ring_r;
  map_rgb ring_colour;
} map;

extern const map_rgb map_side_rgb[4];
extern const map_rgb map_black, map_white;

/* map-table.c */
/* Terrain areas and lines, then the grid lines. */
void map_terrain(map *m);
/* The terrain's names, where they cover nothing placed (after the stands). */
void map_terrain_names(map *m);
/* The selected unit's arc, move left and legal targets (below the stands). */
void map_selection(map *m);
/* The label of the selected unit's move-left ring (after the stands). */
void map_selection_label(map *m);
/* The labels of the selected unit's bands of reach (after the stands). */
void map_selection_reach_labels(map *m);
/* Arrows for the moves of the phase now and the one before (visible events). */
void map_moves(map *m);
/* The stands (groups with data-unit), where stands left the table, the last
** moves (map_moves), objectives above them, then every label, inside a stand
** where it fits, else called out beside it. */
void map_stands(map *m);
/* The colour of a terrain kind; line: its width in table units (0 area). */
map_rgb map_kind_colour(const char *kind, int line, double *width, int *dashed);
/* Small symbols: a flag, an officer's mark, a hero's star, at (x, y) (the
** symbol's centre), size s points. */
void map_role_symbol(map *m, int role, double x, double y, double s);

/* map-draw.c */
/* The grid's step in the table's unit: a round number giving 6 to 12
** squares across the longer side. */
double map_grid_step(const map *m);
/* Page point of a table point. */
double map_px(const map *m, double x);
double map_py(const map *m, double y);
/* Remembers r as taken; 1 when it overlaps nothing taken so far. */
int map_place(map *m, map_rect r, int test_only);
/* Copies the first characters of s that fit in max_w points at font f into
** buf (n bytes), never cutting inside a UTF-8 character; "..." marks a cut. */
void map_fit_text(const map_font *f, const char *s, double max_w, char *buf, size_t n);
/* A font with the map's defaults: size, black, no halo, start anchor. */
map_font map_font_of(double size);
/* A stroke-only and a fill-only pen. */
map_pen map_stroke(map_rgb c, double width);
map_pen map_fill(map_rgb c, double a);

#endif /* GN_CLI_MAP_INT_H */
