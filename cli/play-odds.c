/*
** play-odds.c: the session's 'odds "ORDER"': the orders' chances from the
** present state in a few lines, or with --all every outcome, most likely
** first (the same text as 'grognard odds GAME "ORDER"': odds-summary.c).
*/
#include "play.h"

int play_odds_write(FILE *f, gn_game *g, const char *orders, int all, int *exact) {
  gn_dist d = { 0 };
  gn_odds_opts o = { 0, 0, 1, 0, 0 };
  if (gn_order_odds(g, orders, &o, &d) != 0) {
    fprintf(f, "  %s\n", gn_errmsg(g));
    return CLI_FAIL;
  }
  if (exact) *exact = d.exact;
  fprintf(f, "  %s: %s, %d outcome%s%s\n", orders, d.exact ? "exact" : "Monte Carlo estimate", d.n,
          d.n == 1 ? "" : "s", all ? "" : " (odds --all \"...\" lists every one)");
  if (!d.exact) fprintf(f, "  (%s)\n", d.why);
  int rc = CLI_OK;
  if (all) rc = cli_odds_full(f, g, &d);
  else cli_odds_summary(f, g, &d);
  gn_dist_free(&d);
  return rc;
}

int play_odds(play *p, const char *orders, int all) {
  int rc = play_odds_write(stdout, p->g, orders, all, NULL);
  play_dice_apply(p);   /* the odds run leaves the source as it found it; make sure */
  return rc;
}
