/*
** cmd-check.c: check (validate scenario files) and rules (the rules index
** with its coverage).
*/
#include "cli.h"

#include <jansson.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAXRS 16   /* rulesets counted by grognard rules */

/* ----------------------------------------------------------------- check */

/* The sides' commanders (ai:) and the formations' plans (plan:), judged by
** the AI: each that it does not know printed as the scenario's problems
** are. 0 or GN_ESCENARIO. */
static int commanders(const gn_game *g, char *why, size_t n) {
  int rc = 0;
  for (int s = 0; s < gn_side_count(g); s++)
    if (gn_side_ai_check(g, s, why, n)) { fprintf(stderr, "%s\n", why); rc = GN_ESCENARIO; }
  for (int f = 0; f < gn_formation_count(g); f++)
    if (gn_formation_plan_check(g, f, why, n)) { fprintf(stderr, "%s\n", why); rc = GN_ESCENARIO; }
  return rc;
}

/* Checks one file: loads it, its commanders, and starts it. 0 clean, else 1
** (problems printed). */
static int check_one(const char *path) {
  gn_game *g = gn_game_new(NULL);
  if (!g) return cli_fail("out of memory");
  int rc = gn_game_load_file(g, path);
  char why[512];
  if (rc != 0) {
    int n = gn_diag_count(g);
    for (int i = 0; i < n; i++)
      fprintf(stderr, "%s\n", gn_diag(g, i));
    if (n == 0) fprintf(stderr, "%s\n", gn_errmsg(g));
  } else if ((rc = commanders(g, why, sizeof why)) != 0) {
    /* printed */
  } else if ((rc = gn_game_start(g, 1)) != 0) {
    /* the ruleset's setup may name the file (file:line:col: ...) or not */
    const char *m = gn_errmsg(g);
    size_t pl = strlen(path);
    if (!strncmp(m, path, pl) && m[pl] == ':')
      fprintf(stderr, "%s\n", m);
    else
      fprintf(stderr, "%s: %s\n", path, m);
  } else {
    int nw = gn_game_warnings(g);   /* a designer's warnings: not errors */
    for (int i = 0; i < nw; i++) fprintf(stderr, "%s\n", gn_diag(g, i));
    printf("%s: ok (%s, \"%s\", %d sides, %d units, %d turns", path, gn_game_ruleset(g),
           gn_game_scenario_name(g), gn_side_count(g), gn_unit_count(g), gn_game_turn_limit(g));
    printf(nw > 0 ? ", %d warning%s)\n" : ")\n", nw, nw == 1 ? "" : "s");
  }
  gn_game_free(g);
  return rc ? 1 : 0;
}

static int run_check(cli *c, const cli_cmd *cmd, int argc, char **argv) {
  char *pos[CLI_MAXWORDS];
  int npos, rc, bad = 0;
  if ((rc = cli_args(c, cmd, argc, argv, NULL, pos, &npos, 1, CLI_MAXWORDS)) != 0) return rc;
  for (int i = 0; i < npos; i++)
    bad += check_one(pos[i]);
  return bad ? CLI_FAIL : CLI_OK;
}

const cli_cmd cli_cmd_check = {
  "check", "SCENARIO...",
  "validate scenario files; print every problem as file:line:col: message",
  "Each file is loaded and set up for play, as 'grognard new' would do. A\n"
  "clean file prints one line 'file: ok (...)'; problems go to stderr and the\n"
  "exit status is 1 when any file has one. Warnings (file:line:col: warning:\n"
  "...) also go to stderr and leave the status 0: overlapping stands, units out\n"
  "of command at the start, reinforcements entering into enemy stands, units\n"
  "that can never move, objectives no unit can reach in time.\n",
  run_check,
};

/* ----------------------------------------------------------------- rules */

/* "2" or "[2, 0]" into buf. */
static void value_text(const gn_datum_info *d, char *buf, size_t n) {
  size_t k = 0;
  buf[0] = 0;
  for (int i = 0; i < d->n && k < n; i++) {
    int w = snprintf(buf + k, n - k, "%s%g", i ? ", " : d->n > 1 ? "[" : "", d->v[i]);
    if (w > 0) k += (size_t)w;
  }
  if (d->n > 1 && k < n) snprintf(buf + k, n - k, "]");
}

/* A whole number as a JSON integer, else a real. */
static json_t *number(double v) {
  if (v > -9007199254740992.0 && v < 9007199254740992.0 && v == (double)(json_int_t)v)
    return json_integer((json_int_t)v);
  return json_real(v);
}

/* Every value of one ruleset's data with its provenance, rule id and note
** (text, or JSON objects appended to arr). CLI_OK or CLI_FAIL. */
static int values_of(FILE *o, const char *id, const char *datadir, json_t *arr) {
  gn_game *g = gn_game_new(NULL);
  if (!g) return cli_fail("out of memory");
  int rc = datadir ? gn_game_set_data_dir(g, datadir) : 0;
  if (!rc) rc = gn_game_use_ruleset(g, id);
  if (rc) {
    for (int i = 0; i < gn_diag_count(g); i++) fprintf(stderr, "%s\n", gn_diag(g, i));
    if (!gn_diag_count(g)) fprintf(stderr, "grognard: %s\n", gn_errmsg(g));
    gn_game_free(g);
    return CLI_FAIL;
  }
  int count[4] = {0}, n = gn_data_count(g);
  static const char *const provs[4] = {"seed", "published", "default", "scenario"};
  if (!arr) fprintf(o, "== %s: data values (%d)\n%-36s %-14s %-10s %-11s %s\n", id, n, "key", "value",
                   "provenance", "rule", "note");
  for (int i = 0; i < n; i++) {
    gn_datum_info d;
    char val[128];
    if (gn_data_get(g, i, &d)) continue;
    for (int k = 0; k < 4; k++) if (!strcmp(d.provenance, provs[k])) count[k]++;
    if (arr) {
      json_t *row = json_object(), *v = d.n == 1 ? number(d.v[0]) : json_array();
      for (int k = 0; d.n > 1 && k < d.n; k++) json_array_append_new(v, number(d.v[k]));
      json_object_set_new(row, "ruleset", json_string(id));
      json_object_set_new(row, "key", json_string(d.key));
      json_object_set_new(row, "value", v);
      json_object_set_new(row, "provenance", json_string(d.provenance));
      json_object_set_new(row, "ref", json_string(d.ref));
      json_object_set_new(row, "note", d.note ? json_string(d.note) : json_null());
      json_object_set_new(row, "file", json_string(d.file));
      json_object_set_new(row, "line", json_integer(d.line));
      json_array_append_new(arr, row);
      continue;
    }
    value_text(&d, val, sizeof val);
    fprintf(o, "%-36s %-14s %-10s %-11s %s\n", d.key, val, d.provenance, d.ref, d.note ? d.note : "");
  }
  if (!arr)
    fprintf(o, "%s: %d values, %d seed, %d published, %d default\n\n", id, n, count[0], count[1],
           count[2]);
  gn_game_free(g);
  return CLI_OK;
}

/* What `rules` prints: the index, or with --values the data values, for
** one ruleset (want) or all (-1). */
typedef struct rules_job { int want, values, json; const char *datadir; } rules_job;
static int rules_to(FILE *o, void *ud);

static int run_rules(cli *c, const cli_cmd *cmd, int argc, char **argv) {
  static const char *const formats[] = { "text", "json", NULL };
  char *pos[1];
  int npos, rc, want = -1;
  cli_opt opts[] = { { "--values", 0, 0, NULL }, { "--data", 1, 0, NULL }, CLI_OUTPUT_OPTS,
                     { NULL, 0, 0, NULL } };
  cli_output out;
  if ((rc = cli_args(c, cmd, argc, argv, opts, pos, &npos, 0, 1)) != 0) return rc;
  if ((rc = cli_output_get(cmd, opts, formats, &out)) != CLI_OK) return rc;
  int values = cli_opt_get(opts, "--values")->seen, json = !strcmp(out.format, "json");
  const char *datadir = cli_opt_get(opts, "--data")->val;
  if ((json || datadir) && !values) return cli_usage(cmd, "JSON and --data go with --values");
  if (npos == 1) {
    for (int i = 0; i < gn_ruleset_count(); i++)
      if (!strcmp(gn_ruleset_id(i), pos[0])) want = i;
    if (want < 0) {
      fprintf(stderr, "grognard: no ruleset '%s' (rulesets:", pos[0]);
      for (int i = 0; i < gn_ruleset_count(); i++)
        fprintf(stderr, "%s %s", i ? "," : "", gn_ruleset_id(i));
      fprintf(stderr, ")\n");
      return CLI_FAIL;
    }
  }
  rules_job job = { want, values, json, datadir };
  return cli_output_print(&out, rules_to, &job);
}

static int rules_to(FILE *o, void *ud) {
  const rules_job *job = ud;
  int rc, want = job->want, values = job->values, json = job->json;
  const char *datadir = job->datadir;
  if (values) {
    json_t *arr = json ? json_array() : NULL;
    rc = CLI_OK;
    for (int i = 0; i < gn_ruleset_count() && rc == CLI_OK; i++)
      if (want < 0 || i == want) rc = values_of(o, gn_ruleset_id(i), datadir, arr);
    if (arr && rc == CLI_OK) {
      char *t = json_dumps(arr, JSON_INDENT(2) | JSON_REAL_PRECISION(17));
      if (t) { fprintf(o, "%s\n", t); free(t); } else rc = cli_fail("out of memory");
    }
    json_decref(arr);
    return rc;
  }
  /* the index with its coverage as of this build (gn_rule_get) */
  int n[MAXRS] = {0}, impl[MAXRS] = {0}, gap[MAXRS] = {0}, tested[MAXRS] = {0};
  int headers = 0, cur = -1;
  for (int i = 0; i < gn_rule_count(); i++) {
    gn_rule_info ri;
    if (gn_rule_get(i, &ri) != 0) continue;
    int r = -1;
    for (int k = 0; k < gn_ruleset_count() && k < MAXRS; k++)
      if (!strcmp(gn_ruleset_id(k), ri.ruleset)) r = k;
    if (r < 0 || (want >= 0 && r != want)) continue;
    if (r != cur) {
      cur = r;
      fprintf(o, "%s== %s: %s\n%-12s %-5s %-5s %-10s %s\n", headers++ ? "\n" : "", ri.ruleset,
             gn_ruleset_title(r), "id", "impl", "test", "provenance", "title (* an interpretation)");
    }
    n[r]++;
    impl[r] += ri.implemented;
    gap[r] += ri.gap;
    tested[r] += ri.tested;
    fprintf(o, "%-12s %-5s %-5s %-10s %s%s\n", ri.id, ri.implemented ? "yes" : ri.gap ? "gap" : "-",
           ri.tested ? "yes" : "-", ri.provenance, ri.interpretation ? "* " : "", ri.title);
  }
  if (headers == 0) return cli_fail("the rules index is empty");
  fprintf(o, "\n");
  for (int r = 0; r < gn_ruleset_count() && r < MAXRS; r++)
    if (want < 0 || r == want)
      fprintf(o, "%s: %d ids, %d implemented, %d gaps (NOT IMPLEMENTED), %d missing, %d tested\n",
             gn_ruleset_id(r), n[r], impl[r], gap[r], n[r] - impl[r] - gap[r], tested[r]);
  return CLI_OK;
}

const cli_cmd cli_cmd_rules = {
  "rules", "[RULESET] [--values [--data DIR]] [--json | -o FILE] [--format text|json]",
  "list the rule ids with their titles, provenance and coverage; or every data value",
  "For each rule id of the rules index (data/rulesets/<id>/rules.yaml): whether\n"
  "the code implements it (yes, gap: a known NOT IMPLEMENTED, -: missing),\n"
  "whether a test pins it, and where the rule comes from (seed: the seed text,\n"
  "published: a published source, default: the project's labelled default);\n"
  "a title marked * is an interpretation of an ambiguous text.\n"
  "The coverage is that of the sources the library was built from.\n"
  "\noptions:\n"
  "  --values     every number of the ruleset data instead (data/rulesets/<id>/*.yaml):\n"
  "               key, value, provenance (seed, published, default), rule id, note.\n"
  "               A scenario's values: key replaces any of them for one game.\n"
  "  --data DIR   read the data files from DIR/<id>/ instead of the built-in ones\n"
  CLI_OUTPUT_HELP " text, json (JSON: the values, with --values, as\n"
  "                     an array of objects)\n",
  run_rules,
};

/* ---------------------------------------------------------------- schema */

/* "3 to 6 (default 4)" or "`none`, `disordered` (default `none`)". */
static void attr_range(const gn_attr_info *a, char *buf, size_t n) {
  size_t k = 0;
  if (a->names) {
    buf[0] = 0;
    for (int i = 0; a->names[i] && k < n; i++)
      k += snprintf(buf + k, n - k, "%s`%s`", i ? ", " : "", a->names[i]);
    if (k < n && a->def >= 0 && a->def <= a->max && a->names[a->def])
      snprintf(buf + k, n - k, " (default `%s`)", a->names[a->def]);
  } else if (a->min == 0 && a->max == 1) {
    snprintf(buf, n, "`true`, `false` (default `%s`)", a->def ? "true" : "false");
  } else if (a->def < a->min || a->def > a->max) {   /* the rules set it at the start */
    snprintf(buf, n, "%d to %d (default: set by the rules)", a->min, a->max);
  } else {
    snprintf(buf, n, "%d to %d (default %d)", a->min, a->max, a->def);
  }
}

/* One ruleset's schema as a Markdown section. CLI_FAIL (said on stderr)
** when its victory defaults cannot be read. */
static int schema_of(const char *id, const char *title) {
  const char *name, *unit = gn_ruleset_unit(id);
  double w, d;
  gn_attr_info a;
  char range[256];
  int line, blocks;
  printf("## `%s`: %s\n\nTable unit: `%s`.\n\n### Unit types (`type:`)\n\n", id, title, unit);
  printf("| type | frontage | depth |\n|---|---|---|\n");
  for (int i = 0; gn_ruleset_type(id, i, &name, &w, &d) == 0; i++)
    printf("| `%s` | %g %s | %g %s |\n", name, w, unit, d, unit);
  printf("\n### Unit attributes (`attrs:`)\n\n| attribute | values | enemy sees it |\n|---|---|---|\n");
  for (int i = 0; gn_ruleset_attr(id, i, &a) == 0; i++) {
    if (!a.scenario) continue;
    attr_range(&a, range, sizeof range);
    printf("| `%s` | %s | %s |\n", a.name, range, a.hidden ? "no" : "yes");
  }
  printf("\n### Terrain kinds (`terrain:`)\n\n| kind | shape | blocks sight |\n|---|---|---|\n");
  for (int i = 0; gn_ruleset_terrain(id, i, &name, &line, &blocks) == 0; i++)
    printf("| `%s` | %s | %s |\n", name, line ? "line" : "area", blocks ? "yes" : "no");
  printf("\n### Options (`options:`)\n\n");
  int any = 0;
  for (int i = 0; gn_ruleset_option(id, i, &a) == 0; i++) {
    if (!any++) printf("| option | values |\n|---|---|\n");
    attr_range(&a, range, sizeof range);
    printf("| `%s` | %s |\n", a.name, range);
  }
  if (!any) printf("none\n");
  gn_victory_rules vr;
  int rc;
  if ((rc = gn_victory_rules_default(id, &vr)) != 0)
    return cli_fail("ruleset '%s': cannot read the defaults of victory: %s", id, gn_strerror(rc));
  printf("\n### Victory (`victory:`)\n\n| key | values | default |\n|---|---|---|\n");
  printf("| `break` | a fraction 0 to 1 of the army's starting strength in good order | %.3g |\n", vr.brk);
  printf("| `losses` | victory points 0 to 10000 for the loss of the whole enemy army | %g |\n", vr.losses);
  printf("| `marginal` | victory-point margin of a marginal victory, 0 to 10000 | %g |\n", vr.marginal);
  printf("| `decisive` | victory-point margin of a decisive victory, at least `marginal` | %g |\n", vr.decisive);
  printf("\n");
  return CLI_OK;
}

static int run_schema(cli *c, const cli_cmd *cmd, int argc, char **argv) {
  char *pos[1];
  int npos, rc, found = 0;
  if ((rc = cli_args(c, cmd, argc, argv, NULL, pos, &npos, 0, 1)) != 0) return rc;
  for (int i = 0; i < gn_ruleset_count(); i++) {
    if (npos == 1 && strcmp(gn_ruleset_id(i), pos[0])) continue;
    if (schema_of(gn_ruleset_id(i), gn_ruleset_title(i)) != CLI_OK) return CLI_FAIL;
    found = 1;
  }
  if (!found) {
    fprintf(stderr, "grognard: no ruleset '%s' (rulesets:", pos[0]);
    for (int i = 0; i < gn_ruleset_count(); i++)
      fprintf(stderr, "%s %s", i ? "," : "", gn_ruleset_id(i));
    fprintf(stderr, ")\n");
    return CLI_FAIL;
  }
  return CLI_OK;
}

const cli_cmd cli_cmd_schema = {
  "schema", "[RULESET]",
  "what a scenario of a ruleset may say: unit types, attributes, terrain, options",
  "Prints, as Markdown, each ruleset's unit types with their footprints, the\n"
  "unit attributes a scenario may set (values, default, whether the enemy sees\n"
  "them), the terrain kinds and the scenario options. docs/rulesets.md is this\n"
  "output; docs/scenario.md explains the rest of the format.\n",
  run_schema,
};
