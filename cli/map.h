/*
** map.h: the map of the table as a viewer sees it, drawn into memory for any
** front end (`grognard map`, `grognard serve`'s /api/map.svg, play's `map`).
** One drawing (map-draw.c) goes to two back-ends: a direct SVG writer
** (map-svg.c: text stays text, stands and objectives are groups a page can
** hit-test) and cairo (map-cairo.c: PNG, PDF).
**
** Only what the library's views give the viewer is drawn (gn_unit_view,
** gn_event_visible, gn_actions_list for the viewer's own units): the map adds
** no rule of its own.
*/
#ifndef GN_CLI_MAP_H
#define GN_CLI_MAP_H

#include "grognard.h"

#include <stddef.h>

typedef enum cli_map_format { CLI_MAP_SVG, CLI_MAP_PNG, CLI_MAP_PDF } cli_map_format;
typedef enum cli_map_paper { CLI_MAP_FIT, CLI_MAP_A4, CLI_MAP_LETTER } cli_map_paper;

typedef struct cli_map_opts {
  int viewer;             /* GN_UMPIRE or a side index */
  int select;             /* a unit index to show the move, arc and targets of; -1 none */
  cli_map_format format;
  cli_map_paper paper;    /* PDF: the page; CLI_MAP_FIT: a page the size of the drawing */
  int true_scale;         /* PDF: the table at its real size, over as many pages as it needs */
} cli_map_opts;

/* Where the table lies in the output: a table point (x, y) is at
** (x0 + x * scale, y0 + (height - y) * scale) in the output's own units
** (SVG and PDF: points; PNG: pixels), north up. For a PDF over several pages:
** the first page's. */
typedef struct cli_map_frame {
  double width, height;   /* the table, in the ruleset's unit */
  double scale;           /* output units per table unit */
  double x0, y0;          /* the table's north-west corner in the output */
} cli_map_frame;

/* Draws the map for o->viewer into *data (malloc'd, *len bytes; the caller
** frees it) and fills *frame (may be NULL). g is not changed (the selected
** unit's actions are listed, which rolls nothing). CLI_OK; CLI_FAIL with the
** reason in err (no table, a selected unit the viewer cannot see, out of
** memory, cairo's failure). */
int cli_map_render(gn_game *g, const cli_map_opts *o, char **data, size_t *len, cli_map_frame *frame,
                   char *err, size_t n);
/* The colour the map draws side's stands and objectives in, as "#rrggbb"
** into hex (8 bytes), so that a front end colours a side as the map does.
** Cannot fail. */
void cli_map_side_colour(int side, char hex[8]);
/* "svg", "png", "pdf" -> *out; -1 for any other name. */
int cli_map_format_parse(const char *name, cli_map_format *out);
/* "a4", "letter" -> *out; -1 for any other name. */
int cli_map_paper_parse(const char *name, cli_map_paper *out);

#endif /* GN_CLI_MAP_H */
