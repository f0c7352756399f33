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

/* Checks one file: loads it and starts it. 0 clean, else 1 (problems printed). */
static int check_one(const char *path)
{
  gn_game *g = gn_game_new(NULL);
  if (!g) return cli_fail("out of memory");
  int rc = gn_game_load_file(g, path);
  if (rc != 0) {
    int n = gn_diag_count(g);
    for (int i = 0; i < n; i++)
      fprintf(stderr, "%s\n", gn_diag(g, i));
    if (n == 0) fprintf(stderr, "%s\n", gn_errmsg(g));
  } else if ((rc = gn_game_start(g, 1)) != 0) {
    fprintf(stderr, "%s: %s\n", path, gn_errmsg(g));
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

/* The source tree's scripts/refcheck: $GROGNARD_SRC, else the tree the
** command was built in (build/grognard or build/san/grognard), else ".".
** Writes the path into buf; 0 when found. */
static int find_refcheck(char *buf, size_t n)
{
  const char *src = getenv("GROGNARD_SRC");
  if (src && *src) {
    snprintf(buf, n, "%s/scripts/refcheck", src);
    return access(buf, X_OK);
  }
  char exe[PATH_MAX];
  ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (len > 0) {
    exe[len] = '\0';
    for (int up = 1; up <= 3; up++) {
      char *slash = strrchr(exe, '/');
      if (!slash) break;
      *slash = '\0';
      snprintf(buf, n, "%s/scripts/refcheck", exe);
      if (access(buf, X_OK) == 0) return 0;
    }
  }
  snprintf(buf, n, "./scripts/refcheck");
  return access(buf, X_OK);
}

/* Splits a line into up to max tab-separated fields (in place). */
static int fields(char *line, char **f, int max)
{
  int n = 0;
  line[strcspn(line, "\n")] = '\0';
  while (n < max) {
    f[n++] = line;
    char *tab = strchr(line, '\t');
    if (!tab) break;
    *tab = '\0';
    line = tab + 1;
  }
  return n;
}

static int run_rules(cli *c, const cli_cmd *cmd, int argc, char **argv)
{
  char *pos[1], path[PATH_MAX + 32], line[1024];
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
  if (find_refcheck(path, sizeof path) != 0) {
    if (npos == 0) {
      for (int i = 0; i < gn_ruleset_count(); i++)
        printf("%-8s %s\n", gn_ruleset_id(i), gn_ruleset_title(i));
    }
    return cli_fail("the rules index needs the source tree's scripts/refcheck;"
                    " set GROGNARD_SRC to the source tree");
  }

  FILE *p = NULL;
  char cmdline[PATH_MAX + 64];
  snprintf(cmdline, sizeof cmdline, "'%s' --tsv 2>/dev/null", path);
  if (strchr(path, '\'') || !(p = popen(cmdline, "r")))
    return cli_fail("cannot run %s", path);

  /* id, ruleset, implemented, tested, provenance, title */
  int n[MAXRS] = {0}, impl[MAXRS] = {0}, gap[MAXRS] = {0},
      tested[MAXRS] = {0};
  char cur[32] = "";
  int headers = 0;
  while (fgets(line, sizeof line, p)) {
    char *f[6];
    if (fields(line, f, 6) != 6) continue;
    int r = -1;
    for (int i = 0; i < gn_ruleset_count() && i < MAXRS; i++)
      if (!strcmp(gn_ruleset_id(i), f[1])) r = i;
    if (r < 0 || (want >= 0 && r != want)) continue;
    if (strcmp(cur, f[1])) {
      snprintf(cur, sizeof cur, "%s", f[1]);
      printf("%s== %s: %s\n%-12s %-5s %-5s %-10s %s\n", headers++ ? "\n" : "", f[1],
             gn_ruleset_title(r), "id", "impl", "test", "provenance", "title");
    }
    n[r]++;
    impl[r] += !strcmp(f[2], "yes");
    gap[r] += !strcmp(f[2], "gap");
    tested[r] += !strcmp(f[3], "yes");
    printf("%-12s %-5s %-5s %-10s %s\n", f[0], f[2], f[3], f[4], f[5]);
  }
  pclose(p);   /* its exit status tells of citation problems: not ours to report */
  if (headers == 0)
    return cli_fail("%s printed no rules", path);
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
  "It runs the source tree's scripts/refcheck --tsv (found next to the command,\n"
  "in the current directory, or under $GROGNARD_SRC).\n",
  run_rules,
};
