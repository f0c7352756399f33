/*
** cmd-check.c: check (validate scenario files) and rules (the rules index
** with its coverage).
*/
#include "cli.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAXRS 16   /* rulesets counted by grognard rules */

/* ----------------------------------------------------------------- check */

/* The sides' commanders (ai:), judged by the AI: each that it does not know
** printed as the scenario's problems are. 0 or GN_ESCENARIO. */
static int commanders(const gn_game *g, char *why, size_t n)
{
  int rc = 0;
  for (int s = 0; s < gn_side_count(g); s++)
    if (gn_side_ai_check(g, s, why, n)) { fprintf(stderr, "%s\n", why); rc = GN_ESCENARIO; }
  return rc;
}

/* Checks one file: loads it, its commanders, and starts it. 0 clean, else 1
** (problems printed). */
static int check_one(const char *path)
{
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
    printf("%s: ok (%s, \"%s\", %d sides, %d units, %d turns)\n", path, gn_game_ruleset(g),
           gn_game_scenario_name(g), gn_side_count(g), gn_unit_count(g), gn_game_turn_limit(g));
  }
  gn_game_free(g);
  return rc ? 1 : 0;
}

static int run_check(cli *c, const cli_cmd *cmd, int argc, char **argv)
{
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
  "exit status is 1 when any file has one.\n",
  run_check,
};

/* ----------------------------------------------------------------- rules */

static int run_rules(cli *c, const cli_cmd *cmd, int argc, char **argv)
{
  char *pos[1];
  int npos, rc, want = -1;
  if ((rc = cli_args(c, cmd, argc, argv, NULL, pos, &npos, 0, 1)) != 0) return rc;
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
      printf("%s== %s: %s\n%-12s %-5s %-5s %-10s %s\n", headers++ ? "\n" : "", ri.ruleset,
             gn_ruleset_title(r), "id", "impl", "test", "provenance", "title");
    }
    n[r]++;
    impl[r] += ri.implemented;
    gap[r] += ri.gap;
    tested[r] += ri.tested;
    printf("%-12s %-5s %-5s %-10s %s\n", ri.id, ri.implemented ? "yes" : ri.gap ? "gap" : "-",
           ri.tested ? "yes" : "-", ri.provenance, ri.title);
  }
  if (headers == 0) return cli_fail("the rules index is empty");
  printf("\n");
  for (int r = 0; r < gn_ruleset_count() && r < MAXRS; r++)
    if (want < 0 || r == want)
      printf("%s: %d ids, %d implemented, %d gaps (NOT IMPLEMENTED), %d missing, %d tested\n",
             gn_ruleset_id(r), n[r], impl[r], gap[r], n[r] - impl[r] - gap[r], tested[r]);
  return CLI_OK;
}

const cli_cmd cli_cmd_rules = {
  "rules", "[RULESET]",
  "list the rule ids with their titles, provenance and coverage",
  "For each rule id of the rules index (data/rulesets/<id>/rules.yaml): whether\n"
  "the code implements it (yes, gap: a known NOT IMPLEMENTED, -: missing),\n"
  "whether a test pins it, and where the rule comes from (seed: the seed text,\n"
  "published: a published source, default: the project's labelled default).\n"
  "The coverage is that of the sources the library was built from.\n",
  run_rules,
};

/* ---------------------------------------------------------------- schema */

/* "3 to 6 (default 4)" or "`none`, `disordered` (default `none`)". */
static void attr_range(const gn_attr_info *a, char *buf, size_t n)
{
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

/* One ruleset's schema as a Markdown section. */
static void schema_of(const char *id, const char *title)
{
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
  printf("\n");
}

static int run_schema(cli *c, const cli_cmd *cmd, int argc, char **argv)
{
  char *pos[1];
  int npos, rc, found = 0;
  if ((rc = cli_args(c, cmd, argc, argv, NULL, pos, &npos, 0, 1)) != 0) return rc;
  for (int i = 0; i < gn_ruleset_count(); i++) {
    if (npos == 1 && strcmp(gn_ruleset_id(i), pos[0])) continue;
    schema_of(gn_ruleset_id(i), gn_ruleset_title(i));
    found = 1;
  }
  if (!found) return cli_fail("no ruleset '%s'", pos[0]);
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
