/*
** ruleset.c: the registry of rule systems (design decision 4). The core
** knows no ruleset's words: each exports one descriptor, listed here.
*/
#include "core.h"

#include <string.h>

extern const gn__ruleset gn__rs_vb, gn__rs_ba, gn__rs_inradic;

/* ORDER: the order of `grognard rules` and `odds --help`. */
static const gn__ruleset *const REGISTRY[] = { &gn__rs_vb, &gn__rs_ba, &gn__rs_inradic };
#define NREG ((int)(sizeof REGISTRY / sizeof REGISTRY[0]))

const gn__ruleset *gn__ruleset_find(const char *id) {
  for (int i = 0; id && i < NREG; i++)
    if (strcmp(REGISTRY[i]->id, id) == 0) return REGISTRY[i];
  return NULL;
}

int gn_ruleset_count(void) { return NREG; }
const char *gn_ruleset_id(int i) { return (i >= 0 && i < NREG) ? REGISTRY[i]->id : NULL; }
const char *gn_ruleset_title(int i) { return (i >= 0 && i < NREG) ? REGISTRY[i]->title : NULL; }

int gn_check_count(const char *ruleset) {
  const gn__ruleset *rs = gn__ruleset_find(ruleset);
  return rs ? rs->nchecks : GN_ERULESET;
}

int gn_check_info(const char *ruleset, int i, const char **name, const char **usage,
                  const char **help, const char **refs) {
  const gn__ruleset *rs = gn__ruleset_find(ruleset);
  if (!rs) return GN_ERULESET;
  if (i < 0 || i >= rs->nchecks) return GN_ENOTFOUND;
  if (name) *name = rs->checks[i].name;
  if (usage) *usage = rs->checks[i].usage;
  if (help) *help = rs->checks[i].help;
  if (refs) *refs = rs->checks[i].refs;
  return 0;
}

/* The rules index with its coverage, generated at build time (scripts/gen-rules). */
extern const gn_rule_info gn__rules[];
extern const int gn__nrules;

int gn_rule_count(void) { return gn__nrules; }

int gn_rule_get(int i, gn_rule_info *out) {
  if (i < 0 || i >= gn__nrules) return GN_ENOTFOUND;
  *out = gn__rules[i];
  return 0;
}
