/*
** cmd-actions.c: `grognard actions`: every order the rules would accept now
** (gn_actions_list), for the side to act, a side, or one unit.
*/
#include "cli.h"

#include <stdio.h>
#include <string.h>

static const char *code_of(const gn_game *g, int u) {
  gn_unit_view v;
  if (gn_unit_view_get(g, u, GN_UMPIRE, &v) != 0) return "?";
  return v.code && *v.code ? v.code : v.id;
}

/* What a player needs to decide on one complete order, in brackets. */
static void target_line(const gn_game *g, const gn_action_target *t) {
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
  printf("    %s%s%s%s\n", t->order, k ? "  (" : "", k ? buf : "", k ? ")" : "");
}

void cli_actions_print(const gn_game *g, const gn_actions *a) {
  for (int i = 0; i < a->n; i++) {
    const gn_action *x = &a->a[i];
    if (i == 0 || x->unit != a->a[i - 1].unit) printf("  %s:\n", code_of(g, x->unit));
    if (x->form) {
      printf("    %s", x->form);
      if (x->left >= 0) printf("  (%.2f %s left", x->left, gn_game_unit(g));
      if (x->avoid) printf("%s%s", x->left >= 0 ? "; not: " : "  (not: ", x->avoid);
      if (x->left >= 0 || x->avoid) printf(")");
      printf("\n");
      continue;
    }
    for (int k = 0; k < x->ntargets; k++) target_line(g, &x->targets[k]);
  }
}

static int run_actions(cli *c, const cli_cmd *cmd, int argc, char **argv) {
  cli_opt opts[] = { { "--as", 1, 0, NULL }, { "--json", 0, 0, NULL }, { NULL, 0, 0, NULL } };
  char *pos[2];
  int npos, rc, side = -1, unit = -1;
  gn_store *st;
  gn_game *g;
  gn_actions *a = NULL;
  if ((rc = cli_args(c, cmd, argc, argv, opts, pos, &npos, 1, 2)) != 0) return rc;
  if (cli_game_resume(c, pos[0], &st, &g) != CLI_OK) return CLI_FAIL;
  if ((rc = cli_viewer(cmd, g, &opts[0], NULL, &side)) != CLI_OK) goto done;
  if (npos > 1 && (unit = gn_unit_find(g, pos[1])) < 0) {
    rc = cli_fail("no unit '%s' in game %s", pos[1], pos[0]);
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
  if (opts[1].seen) {
    rc = cli_put(gn_actions_json(g, a));
  } else {
    if (gn_game_over(g)) printf("%s: the game is over\n", pos[0]);
    else printf("%s: %s phase, %s\n", pos[0], a->phase, a->side >= 0 ? gn_side_name(g, a->side) : "all sides");
    cli_actions_print(g, a);
    if (!a->n && !gn_game_over(g)) printf("  no order to give now: 'end' closes the phase\n");
    rc = CLI_OK;
  }
done:
  gn_actions_free(a);
  gn_game_free(g);
  gn_store_close(st);
  return rc;
}

const cli_cmd cli_cmd_actions = {
  "actions", "GAME [UNIT] [--as SIDE] [--json]",
  "every order the rules would accept now, with what a player needs to decide",
  "Lists, for the side to act (every side in a simultaneous phase), or SIDE,\n"
  "or one UNIT, each order the rules would accept now, found by the rules' own\n"
  "check (as 'order --check'). Each complete order is given with the distance\n"
  "to its target, the dice it rolls first and the number needed where the rule\n"
  "has one; an order the rules accept now but resolve later in the turn (a\n"
  "Belle Alliance fire order) is marked 'not now' when it would not take\n"
  "effect if resolved now. A move is continuous: its form (\"move UHL to X,Y\")\n"
  "comes with the move left and the ground the unit may not enter; ask\n"
  "'order GAME ORDER --check' about a given point.\n"
  "\noptions:\n"
  "  --as SIDE          the actions of SIDE's units (targets it cannot see are left out)\n"
  "  --json             as JSON: {\"side\", \"phase\", \"actions\": [{\"unit\", \"verb\",\n"
  "                     \"order\" | \"form\" | \"targets\": [{\"order\", \"unit\", \"distance\",\n"
  "                     \"dice\", \"count\", \"need\", \"ready\", \"why\"}], \"left\", \"avoid\"}]}\n",
  run_actions,
};
