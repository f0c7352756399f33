/*
** cmd-actions.c: `grognard actions`: every order the rules would accept now
** (gn_actions_list), for the side to act, a side, or one unit.
*/
#include "cli.h"

#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *code_of(const gn_game *g, int u) {
  gn_unit_view v;
  if (gn_unit_view_get(g, u, GN_UMPIRE, &v) != 0) return "?";
  return v.code && *v.code ? v.code : v.id;
}

/* What a player needs to decide on one complete order, in brackets. */
static void target_line(FILE *f, const gn_game *g, const gn_action_target *t) {
  char buf[512];
  size_t k = 0;
#define SAY(...) do { if (k < sizeof buf) k += (size_t)snprintf(buf + k, sizeof buf - k, __VA_ARGS__); } while (0)
  if (t->distance >= 0) SAY("%s%.2f %s", k ? "; " : "", t->distance, gn_game_unit(g));
  if (t->dice) {
    if (!strcmp(t->dice, "card")) SAY("%s%d card%s", k ? "; " : "", t->ndice, t->ndice == 1 ? "" : "s");
    else SAY("%s%s", k ? "; " : "", t->dice);
    if (t->need) SAY(", %d+ counts", t->need);
  }
  if (!t->ready) SAY("%snot now: %s", k ? "; " : "", t->why ? t->why : "");
#undef SAY
  fprintf(f, "    %s%s%s%s\n", t->order, k ? "  (" : "", k ? buf : "", k ? ")" : "");
}

static void actions_print(FILE *f, const gn_game *g, const gn_actions *a) {
  for (int i = 0; i < a->n; i++) {
    const gn_action *x = &a->a[i];
    if (i == 0 || x->unit != a->a[i - 1].unit) fprintf(f, "  %s:\n", code_of(g, x->unit));
    if (x->form) {
      fprintf(f, "    %s", x->form);
      if (x->left >= 0) fprintf(f, "  (%.2f %s left", x->left, gn_game_unit(g));
      if (x->avoid) fprintf(f, "%s%s", x->left >= 0 ? "; not: " : "  (not: ", x->avoid);
      if (x->left >= 0 || x->avoid) fprintf(f, ")");
      fprintf(f, "\n");
      continue;
    }
    for (int k = 0; k < x->ntargets; k++) target_line(f, g, &x->targets[k]);
  }
}

void cli_actions_print(const gn_game *g, const gn_actions *a) { actions_print(stdout, g, a); }

/* How far each verb of unit reaches by the rules (cli_unit_reaches), into
** r and verb (gn_order_verb_count of room each). Their count; -1 out of
** memory (nothing to free). */
static int reaches_of(gn_game *g, int unit, gn_reach **r, const char ***verb) {
  int nv = gn_order_verb_count(g);
  *r = malloc(sizeof **r * (size_t)(nv > 0 ? nv : 1));
  *verb = malloc(sizeof **verb * (size_t)(nv > 0 ? nv : 1));
  if (!*r || !*verb) { free(*r); free((void *)*verb); return -1; }
  return cli_unit_reaches(g, unit, *r, *verb);
}

/* "  reach, by the rules (edge to edge):" and a line a verb: each band with
** its distances and rule id, the arc where the rules have one. */
static void reach_print(FILE *f, gn_game *g, int unit) {
  gn_reach *r;
  const char **verb;
  int n = reaches_of(g, unit, &r, &verb);
  if (n < 0) return;   /* out of memory: the listing stands without it */
  if (n > 0) fprintf(f, "  reach, by the rules (edge to edge):\n");
  for (int i = 0; i < n; i++) {
    fprintf(f, "    %s:", verb[i]);
    for (int k = 0; k < r[i].nbands; k++) {
      const gn_reach_band *b = &r[i].band[k];
      const char *name = strcmp(b->name, verb[i]) ? b->name : NULL;   /* "charge: 0-12 in" */
      double from = round(b->from * 100) / 100, to = round(b->to * 100) / 100;
      if (to <= 0)   /* "contact": a touch, no distance */
        fprintf(f, "%s %s (%s)", k ? "," : "", name ? name : "in contact", b->ref ? b->ref : "");
      else
        fprintf(f, "%s %s%s%g-%g %s (%s)", k ? "," : "", name ? name : "", name ? " " : "", from, to,
                gn_game_unit(g), b->ref ? b->ref : "");
    }
    if (r[i].front_arc) fprintf(f, "; in its front arc (%s)", r[i].arc_ref ? r[i].arc_ref : "");
    if (r[i].limit == -2) fprintf(f, "; no target now");
    fprintf(f, "\n");
  }
  free(r);
  free((void *)verb);
}

/* The reaches as JSON: [{"verb", "bands": [{"name", "from", "to", "ref"}],
** "front_arc", "arc_ref", "limit"}]. NULL out of memory. */
static json_t *reach_json(gn_game *g, int unit) {
  gn_reach *r;
  const char **verb;
  int n = reaches_of(g, unit, &r, &verb), bad = n < 0;
  json_t *a = json_array();
  for (int i = 0; a && i < n; i++) {
    json_t *bands = json_array();
    for (int k = 0; bands && k < r[i].nbands; k++) {
      const gn_reach_band *b = &r[i].band[k];
      bad |= json_array_append_new(bands, json_pack("{s:s, s:f, s:f, s:s}", "name", b->name, "from", b->from,
                                                    "to", b->to, "ref", b->ref ? b->ref : "")) != 0;
    }
    json_t *o = json_pack("{s:s, s:o, s:b, s:s?, s:f}", "verb", verb[i], "bands", bands ? bands : json_null(),
                          "front_arc", r[i].front_arc, "arc_ref", r[i].arc_ref, "limit", r[i].limit);
    bad |= !bands || json_array_append_new(a, o) != 0;
  }
  if (n >= 0) { free(r); free((void *)verb); }
  if (bad || !a) { json_decref(a); return NULL; }
  return a;
}

/* The actions' JSON with "reach" (reach_json) added for one unit. NULL out
** of memory. */
static char *actions_json_with_reach(gn_game *g, const gn_actions *a, int unit) {
  char *j = gn_actions_json(g, a);
  json_t *o = j ? json_loads(j, 0, NULL) : NULL, *reach = o ? reach_json(g, unit) : NULL;
  gn_string_free(j);
  char *s = NULL;
  if (o && reach && json_object_set_new(o, "reach", reach) == 0) {
    reach = NULL;
    s = json_dumps(o, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_ENSURE_ASCII);   /* as gn_actions_json */
  }
  json_decref(reach);
  json_decref(o);
  return s;
}

/* The actions as text: the game, phase and side, then each order; for one
** unit, how far its verbs reach. */
typedef struct actions_job { gn_game *g; const gn_actions *a; const char *id; int unit; } actions_job;
static int actions_text(FILE *f, void *ud) {
  const actions_job *j = ud;
  if (gn_game_over(j->g)) fprintf(f, "%s: the game is over\n", j->id);
  else fprintf(f, "%s: %s phase, %s\n", j->id, j->a->phase,
               j->a->side >= 0 ? gn_side_name(j->g, j->a->side) : "all sides");
  actions_print(f, j->g, j->a);
  if (!j->a->n && !gn_game_over(j->g)) fprintf(f, "  no order to give now: 'end' closes the phase\n");
  if (j->unit >= 0) reach_print(f, j->g, j->unit);
  return CLI_OK;
}

static int run_actions(cli *c, const cli_cmd *cmd, int argc, char **argv) {
  static const char *const formats[] = { "text", "json", NULL };
  cli_opt opts[] = { { "--as", 1, 0, NULL }, CLI_OUTPUT_OPTS, { NULL, 0, 0, NULL } };
  cli_output out;
  char *pos[2];
  int npos, rc, side = -1, unit = -1;
  gn_store *st;
  gn_game *g;
  gn_actions *a = NULL;
  if ((rc = cli_args(c, cmd, argc, argv, opts, pos, &npos, 1, 2)) != 0) return rc;
  if ((rc = cli_output_get(cmd, opts + 1, formats, &out)) != CLI_OK) return rc;
  if (cli_game_resume(c, pos[0], &st, &g) != CLI_OK) return CLI_FAIL;
  if ((rc = cli_viewer(cmd, g, &opts[0], NULL, &side)) != CLI_OK) goto done;
  if (npos > 1 && (unit = gn_unit_find(g, pos[1])) < 0) {
    char hint[128];
    cli_unit_suggest(g, side, pos[1], hint, sizeof hint);
    rc = cli_fail("no unit '%s' in game %s%s", pos[1], pos[0], hint);
    goto done;
  }
  if (unit >= 0 && side >= 0) {
    gn_unit_view v;
    if (gn_unit_view_get(g, unit, side, &v) != 0 || v.side != side) {
      rc = cli_fail("%s is not a unit of %s", pos[1], gn_side_id(g, side));
      goto done;
    }
  }
  if ((rc = gn_actions_list(g, side, unit, &a)) != 0) {
    rc = cli_fail("%s", gn_strerror(rc));
    goto done;
  }
  if (!strcmp(out.format, "json") && unit >= 0) {
    char *j = actions_json_with_reach(g, a, unit);
    rc = j ? cli_output_write(&out, j) : cli_fail("out of memory");
    free(j);
  } else if (!strcmp(out.format, "json")) {
    char *j = gn_actions_json(g, a);
    rc = j ? cli_output_write(&out, j) : cli_fail("out of memory");
    gn_string_free(j);
  } else {
    actions_job job = { g, a, pos[0], unit };
    rc = cli_output_print(&out, actions_text, &job);
  }
done:
  gn_actions_free(a);
  gn_game_free(g);
  gn_store_close(st);
  return rc;
}

const cli_cmd cli_cmd_actions = {
  "actions", "GAME [UNIT] [--as SIDE] [--json | -o FILE] [--format text|json]",
  "every order the rules would accept now, with what a player needs to decide",
  "Lists, for the side to act (every side in a simultaneous phase), or SIDE,\n"
  "or one UNIT, each order the rules would accept now, found by the rules' own\n"
  "check (as 'order --check'). Each complete order is given with the distance\n"
  "to its target, the dice it rolls first and the number needed where the rule\n"
  "has one; an order the rules accept now but resolve later in the turn (a\n"
  "Belle Alliance fire order) is marked 'not now' when it would not take\n"
  "effect if resolved now. A move is continuous: its form (\"move UHL to X,Y\")\n"
  "comes with the move left and the ground the unit may not enter; ask\n"
  "'order GAME ORDER --check' about a given point. For one UNIT it also says\n"
  "how far each of its verbs reaches by the rules (the bands the map's\n"
  "--select draws: fire close and long, a charge's move, with their rule ids\n"
  "and the front arc where the rules have one).\n"
  "\noptions:\n"
  "  --as SIDE          the actions of SIDE's units (targets it cannot see are left out)\n"
  "  --json             as JSON: {\"side\", \"phase\", \"actions\": [{\"unit\", \"verb\",\n"
  "                     \"order\" | \"form\" | \"targets\": [{\"order\", \"unit\", \"distance\",\n"
  "                     \"dice\", \"count\", \"need\", \"ready\", \"why\"}], \"left\", \"avoid\"}]};\n"
  "                     for one UNIT also \"reach\": [{\"verb\", \"bands\": [{\"name\",\n"
  "                     \"from\", \"to\", \"ref\"}], \"front_arc\", \"arc_ref\", \"limit\"}]\n"
  "  -o, --out FILE     write to FILE, in the format of its extension ('-': stdout)\n"
  "  --format FMT       the format when FILE does not say it: text, json\n",
  run_actions,
};
