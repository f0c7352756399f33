/*
** cmd-map.c: `grognard map GAME [--as SIDE | --umpire] [--select UNIT]
** [-o FILE] [--paper a4|letter] [--true-scale]`: the table as the viewer may see it, drawn
** by map-draw.c (cli_map_render) as SVG, PNG or PDF, to print or to put
** beside the real table; and the play session's `map` command
** (cli_map_write).
*/
#include "cli.h"
#include "map.h"
#include "play.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Writes n bytes to path (NULL or "-": standard output), whole or not at
** all for a file. CLI_OK, or CLI_FAIL with the reason in err. */
static int put_bytes(const char *path, const char *data, size_t len, char *err, size_t n) {
  if (!path || !strcmp(path, "-")) {
    if (fwrite(data, 1, len, stdout) != len || fflush(stdout) != 0) {
      snprintf(err, n, "standard output: %s", strerror(errno));
      return CLI_FAIL;
    }
    return CLI_OK;
  }
  FILE *f = fopen(path, "wb");
  if (!f) { snprintf(err, n, "%s: %s", path, strerror(errno)); return CLI_FAIL; }
  int bad = fwrite(data, 1, len, f) != len;
  bad |= fclose(f) != 0;
  if (bad) {
    snprintf(err, n, "%s: %s", path, strerror(errno));
    remove(path);
    return CLI_FAIL;
  }
  return CLI_OK;
}

static int write_map(gn_game *g, const cli_map_opts *o, const char *path, char *err, size_t n) {
  char *data;
  size_t len;
  if (cli_map_render(g, o, &data, &len, NULL, err, n) != CLI_OK) return CLI_FAIL;
  int rc = put_bytes(path, data, len, err, n);
  free(data);
  return rc;
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
  cli_map_opts o = {viewer, select, CLI_MAP_SVG, CLI_MAP_A4, 0};
  if (cli_map_format_parse(format, &o.format) != 0) {
    snprintf(err, n, "the map is drawn as svg, png or pdf, not %s", format);
    return CLI_FAIL;
  }
  return write_map(g, &o, path, err, n);
}

static int run_map(cli *c, const cli_cmd *cmd, int argc, char **argv) {
  static const char *const formats[] = { "svg", "png", "pdf", NULL };
  cli_opt opts[] = { { "--as", 1, 0, NULL }, { "--umpire", 0, 0, NULL }, { "--select", 1, 0, NULL },
                     CLI_OUTPUT_OPTS, { "--paper", 1, 0, NULL }, { "--true-scale", 0, 0, NULL },
                     { NULL, 0, 0, NULL } };
  char *pos[1], err[512];
  int npos, rc, viewer, sel = -1;
  cli_output out;
  cli_map_opts mo = {GN_UMPIRE, -1, CLI_MAP_SVG, CLI_MAP_A4, 0};
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
  cli_opt *paper = cli_opt_get(opts, "--paper");
  if (paper->seen && cli_map_paper_parse(paper->val, &mo.paper) != 0)
    return cli_usage(cmd, "--paper is a4 or letter, not '%s'", paper->val);
  if (opts[0].seen && opts[1].seen) return cli_usage(cmd, "give --as SIDE or --umpire, not both");
  cli_map_format_parse(out.format, &mo.format);
  mo.true_scale = cli_opt_get(opts, "--true-scale")->seen;
  if (mo.true_scale && mo.format != CLI_MAP_PDF)
    return cli_usage(cmd, "--true-scale makes a PDF of several pages: give -o FILE.pdf");
  if (cli_game_view(c, pos[0], &st, &g) != CLI_OK) return CLI_FAIL;
  if ((rc = cli_viewer(cmd, g, &opts[0], &opts[1], &viewer)) != CLI_OK) goto done;
  mo.viewer = viewer;
  if (opts[2].seen && (sel = gn_unit_find(g, opts[2].val)) < 0) {
    char hint[128];
    cli_unit_suggest(g, viewer, opts[2].val, hint, sizeof hint);
    rc = cli_fail("no unit '%s' in game %s%s", opts[2].val, pos[0], hint);
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
  mo.select = sel;
  if (write_map(g, &mo, out.path, err, sizeof err) != CLI_OK)
    rc = cli_fail("%s", err);
  else if (out.path && strcmp(out.path, "-"))
    fprintf(stderr, "grognard: map written to %s\n", out.path);
done:
  gn_game_free(g);
  gn_store_close(st);
  return rc;
}

const cli_cmd cli_cmd_map = {
  "map", "GAME [--as SIDE | --umpire] [--select UNIT] [-o FILE.svg|.png|.pdf] [--format svg|png|pdf] "
         "[--paper a4|letter] [--true-scale]",
  "draw the table: terrain, stands, objectives, grid, legend (SVG, PNG, PDF)",
  "A printable map, north up, on white: the table with rulers on its edges in\n"
  "the ruleset's unit (a grid to find X,Y on the real table), terrain named,\n"
  "stands as their rectangles with the front edge thick, labelled with their\n"
  "code, strength and disorder as the viewer may know them (? where hidden;\n"
  "called out beside a stand too thin to hold it), objectives above them,\n"
  "arrows for the moves of this phase and the last, and a box of the stands\n"
  "off the table. SVG keeps its text as text; each stand is a group with\n"
  "data-unit and data-side, each objective one with data-objective.\n"
  "\noptions:\n"
  "  --as SIDE          what SIDE may see ('umpire', the default: everything)\n"
  "  --umpire           everything\n"
  "  --select UNIT      UNIT's front arc; for the viewer's own unit also the\n"
  "                     move it has left and the enemy stands its orders may\n"
  "                     name now (as 'grognard actions' lists them)\n"
  "  -o, --out FILE     write to FILE: .svg, .png or .pdf, by its extension\n"
  "                     (without it: SVG on standard output)\n"
  "  --format FMT       svg, png or pdf, when FILE does not say it\n"
  "  --paper PAPER      a PDF's page: a4 (the default) or letter, the map\n"
  "                     turned and fitted to it\n"
  "  --true-scale       a PDF: after the whole map, the table at its real size\n"
  "                     over as many pages as it needs, each with its rulers\n"
  "                     and a line saying which piece of the table it is\n",
  run_map,
};
