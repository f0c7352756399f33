/*
** play-odds.c: the session's 'odds "ORDER"': the orders' chances from the
** present state in a few lines, or with --all every outcome, most likely
** first (the same text as 'grognard odds GAME "ORDER"': odds-summary.c).
*/
#include "play.h"

int play_odds(play *p, const char *orders, int all) {
  gn_dist d = { 0 };
  gn_odds_opts o = { 0, 0, 1, 0, 0 };
  if (gn_order_odds(p->g, orders, &o, &d) != 0) {
    printf("  %s\n", gn_errmsg(p->g));
    play_dice_apply(p);
    return CLI_FAIL;
  }
  printf("  %s: %s, %d outcome%s%s\n", orders, d.exact ? "exact" : "Monte Carlo estimate", d.n,
         d.n == 1 ? "" : "s", all ? "" : " (odds --all \"...\" lists every one)");
  if (!d.exact) printf("  (%s)\n", d.why);
  int rc = CLI_OK;
  if (all) rc = cli_odds_full(stdout, p->g, &d);
  else cli_odds_summary(stdout, p->g, &d);
  gn_dist_free(&d);
  play_dice_apply(p);   /* the odds run leaves the source as it found it; make sure */
  return rc;
}
