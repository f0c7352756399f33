/*
** odds-examples.h: one question (at least) per standalone check of every
** ruleset, shared by tests/test-odds-mc.c and bench/bench-odds.c.
*/
#ifndef GN_ODDS_EXAMPLES_H
#define GN_ODDS_EXAMPLES_H

typedef struct example { const char *ruleset, *check; const char *args[16]; } example;

/* One question per check at least; NULL ends the arguments. ORDER: none. */
static const example EXAMPLES[] = {
  { "vb", "fire", { "--dice", "3", "--range", "close", "--weapon", "musket", NULL } },
  { "vb", "fire", { "--dice", "2", "--range", "close", "--weapon", "light", "--save", "woods", NULL } },
  { "vb", "fire", { "--dice", "2", "--range", "long", "--weapon", "heavy", "--save", "works", NULL } },
  { "vb", "morale", { "--grade", "4", "--lancers", "--flank", NULL } },
  { "vb", "melee", { "--attack-dice", "4", "--defence-dice", "3", "--attack-morale", "4", "--defence-morale", "5", NULL } },
  { "vb", "tie", { "--morale", "4,3", "--grenadiers", NULL } },
  { "vb", "day-start", { "--month", "6", "--day", "3", "--inclement", NULL } },
  { "ba", "fire", { "--figures", "36", NULL } },
  { "ba", "melee", { "--attack-valour", "2", "--defence-valour", "-1", NULL } },
  { "ba", "supplies", { "--rolls", "2", NULL } },
  { "ba", "catch", { NULL } },
  { "inradic", "morale", { "--start", "14", "--remaining", "9", "--quality", "trained", "--flank", NULL } },
  { "inradic", "pursuit", { "--quality", "trained", NULL } },
  { "inradic", "hero", { "--present", "bugler,nco,hero", NULL } },
  { "inradic", "shoot", { "--figures", "4", "--weapon", "musket", "--range", "10", NULL } },
  { "inradic", "melee", { "--attackers", "8", "--attacker-leaders", "1", "--defenders", "6", "--obstacle", NULL } },
  { "inradic", "throw", { "--figures", "8", "--distance", "4", NULL } },
};
#define NEX ((int)(sizeof EXAMPLES / sizeof EXAMPLES[0]))

#endif
