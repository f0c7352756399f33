/*
** cmd-export.c: `grognard export GAME --as SIDE [--out FILE]`: what one side
** may know of a game, as one JSON object, e.g. to carry a battle's result into
** a campaign or to send a player his own view. It holds the scenario's name,
** the state as that side sees it (gn_state_json) and the events it may see
** (gn_event_json of each event gn_event_visible allows); never the scenario
** text, the orders or anything the side may not know.
*/
#include "play.h"

#include <errno.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

/* The export as a jansson object; NULL on OOM. */
static json_t *export_json(const gn_game *g, int side) {
  json_t *o = json_object(), *events = json_array();
  char *state = gn_state_json(g, side);
  json_t *st = state ? json_loads(state, 0, NULL) : NULL;
  gn_string_free(state);
  if (!o || !events || !st) goto oom;
  json_object_set_new(o, "grognard_export", json_integer(1));
  json_object_set_new(o, "scenario", json_string(gn_game_scenario_name(g)));
  json_object_set_new(o, "ruleset", json_string(gn_game_ruleset(g)));
  json_object_set_new(o, "side", json_string(gn_side_id(g, side)));
  json_object_set_new(o, "side_name", json_string(gn_side_name(g, side)));
  json_object_set_new(o, "state", st);
  st = NULL;
  for (int i = 0; i < gn_event_count(g); i++) {
    if (!gn_event_visible(g, i, side)) continue;
    char *s = gn_event_json(g, i);
    json_t *e = s ? json_loads(s, 0, NULL) : NULL;
    gn_string_free(s);
    if (!e || json_array_append_new(events, e) != 0) goto oom;
  }
  json_object_set_new(o, "events", events);
  return o;
oom:
  json_decref(o);
  json_decref(events);
  json_decref(st);
  return NULL;
}

int cli_export_write(const gn_game *g, int side, const char *path, char *err, size_t n) {
  if (side < 0 || side >= gn_side_count(g)) {
    snprintf(err, n, "an export is for one side of the game");
    return CLI_FAIL;
  }
  json_t *o = export_json(g, side);
  char *text = o ? json_dumps(o, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(10)) : NULL;
  json_decref(o);
  if (!text) { snprintf(err, n, "out of memory"); return CLI_FAIL; }
  int rc = CLI_OK;
  if (!path || !strcmp(path, "-")) {
    puts(text);
  } else {
    FILE *f = fopen(path, "w");
    if (!f || fputs(text, f) < 0 || fputc('\n', f) == EOF) {
      snprintf(err, n, "cannot write %s: %s", path, strerror(errno));
      rc = CLI_FAIL;
    }
    if (f && fclose(f) != 0 && rc == CLI_OK) {
      snprintf(err, n, "cannot write %s: %s", path, strerror(errno));
      rc = CLI_FAIL;
    }
  }
  free(text);
  return rc;
}

static int run_export(cli *c, const cli_cmd *cmd, int argc, char **argv) {
  static const char *const formats[] = { "json", NULL };
  cli_opt opts[] = { { "--as", 1, 0, NULL }, CLI_OUTPUT_OPTS, { NULL, 0, 0, NULL } };
  char *pos[1], err[512];
  int npos, rc, viewer;
  cli_output out;
  gn_store *st;
  gn_game *g;
  if ((rc = cli_args(c, cmd, argc, argv, opts, pos, &npos, 1, 1)) != 0) return rc;
  if (!opts[0].seen) return cli_usage(cmd, "give the side: --as SIDE");
  if ((rc = cli_output_get(cmd, opts + 1, formats, &out)) != CLI_OK) return rc;
  if (cli_game_load(c, pos[0], &st, &g) != CLI_OK) return CLI_FAIL;
  if ((rc = cli_viewer(cmd, g, &opts[0], NULL, &viewer)) == CLI_OK &&
      cli_export_write(g, viewer, out.path, err, sizeof err) != CLI_OK)
    rc = cli_fail("%s", err);
  gn_game_free(g);
  gn_store_close(st);
  return rc;
}

const cli_cmd cli_cmd_export = {
  "export", "GAME --as SIDE [--json | -o FILE]",
  "write what one side may know of a game as JSON (its view and its events)",
  "The file holds the scenario's name, the state as SIDE sees it and the events\n"
  "SIDE may see, and nothing hidden from it: not the enemy's hidden values, not\n"
  "the events only the enemy or the umpire may see, not the scenario text.\n"
  "\noptions:\n"
  "  --as SIDE          the side whose knowledge is exported (required)\n"
  "  --json             JSON on standard output (the default; the only format)\n"
  "  -o, --out FILE     write to FILE ('-': standard output)\n"
  "  --format FMT       json\n",
  run_export,
};
