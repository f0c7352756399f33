/*
** ruleset.c: the registry of rule systems (design decision 4). The core
** knows no ruleset's words: each exports one descriptor, listed here.
*/
#include "core.h"

#include <stdio.h>
#include <stdlib.h>
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

int gn__name_is(const char *name, const char *typed) {
  for (;; name++, typed++) {
    int a = (unsigned char)*name, b = (unsigned char)*typed;
    if (a == '-' || a == ' ') a = '_';
    if (b == '-' || b == ' ') b = '_';
    if (a >= 'A' && a <= 'Z') a += 'a' - 'A';
    if (b >= 'A' && b <= 'Z') b += 'a' - 'A';
    if (a != b) return 0;
    if (!a) return 1;
  }
}

int gn__name_find(const char *const *names, const char *typed) {
  for (int i = 0; names && typed && names[i]; i++)
    if (gn__name_is(names[i], typed)) return i;
  return -1;
}

const char *gn__names_list(const char *const *names, int n, char *buf, size_t size) {
  size_t o = 0;
  if (n < 0) for (n = 0; names[n]; n++) {}
  if (size) buf[0] = 0;
  for (int i = 0; i < n && o < size; i++) {
    int w = snprintf(buf + o, size - o, "%s%s", i == 0 ? "" : i == n - 1 ? " or " : ", ", names[i]);
    if (w < 0) break;
    o += (size_t)w;
  }
  return buf;
}

int gn_ruleset_count(void) { return NREG; }
const char *gn_ruleset_id(int i) { return (i >= 0 && i < NREG) ? REGISTRY[i]->id : NULL; }
const char *gn_ruleset_title(int i) { return (i >= 0 && i < NREG) ? REGISTRY[i]->title : NULL; }

/* ---------------------------------------------------------- the schema */

static void attr_info(const gn__attrdef *a, gn_attr_info *out) {
  out->name = a->name; out->def = a->def; out->min = a->min; out->max = a->max;
  out->names = a->names; out->hidden = a->hidden; out->scenario = a->scenario;
}

int gn_ruleset_type(const char *ruleset, int i, const char **name, double *width, double *depth) {
  const gn__ruleset *rs = gn__ruleset_find(ruleset);
  if (!rs) return GN_ERULESET;
  if (i < 0 || i >= rs->ntypes) return GN_ENOTFOUND;
  if (name) *name = rs->types[i].name;
  if (width) *width = rs->types[i].w;
  if (depth) *depth = rs->types[i].d;
  return 0;
}

int gn_ruleset_attr(const char *ruleset, int i, gn_attr_info *out) {
  const gn__ruleset *rs = gn__ruleset_find(ruleset);
  if (!rs) return GN_ERULESET;
  if (i < 0 || i >= rs->nattrs) return GN_ENOTFOUND;
  attr_info(&rs->attrs[i], out);
  return 0;
}

int gn_ruleset_option(const char *ruleset, int i, gn_attr_info *out) {
  const gn__ruleset *rs = gn__ruleset_find(ruleset);
  if (!rs) return GN_ERULESET;
  if (i < 0 || i >= rs->noptions) return GN_ENOTFOUND;
  attr_info(&rs->options[i], out);
  return 0;
}

int gn_ruleset_terrain(const char *ruleset, int i, const char **name, int *line, int *blocks_sight) {
  const gn__ruleset *rs = gn__ruleset_find(ruleset);
  if (!rs) return GN_ERULESET;
  if (i < 0 || i >= rs->nterrain) return GN_ENOTFOUND;
  if (name) *name = rs->terrain[i].name;
  if (line) *line = rs->terrain[i].shape == GN_SHAPE_LINE;
  if (blocks_sight) *blocks_sight = (rs->terrain[i].flags & GN_FEAT_BLOCKS_LOS) != 0;
  return 0;
}

const char *gn_ruleset_unit(const char *ruleset) {
  const gn__ruleset *rs = gn__ruleset_find(ruleset);
  return rs ? rs->unit : NULL;
}

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

/* ------------------------------------------------ odds check options */

int gn__opt_int(gn_game *g, const char *opt, const char *v, int lo, int hi, int *out) {
  char *end;
  long x = v ? strtol(v, &end, 10) : 0;
  if (!v || !*v || *end || x < lo || x > hi)
    return gn__error(g, GN_ESYNTAX, "%s: expected a whole number %d..%d, got '%s'", opt, lo, hi,
                     v ? v : "");
  *out = (int)x;
  return 0;
}

int gn__opt_num(gn_game *g, const char *opt, const char *v, double lo, double hi, const char *what,
                double *out) {
  char *end;
  double x = v ? strtod(v, &end) : 0;
  if (!v || !*v || *end || !(x >= lo && x <= hi))
    return gn__error(g, GN_ESYNTAX, "%s: expected %s, %g..%g, got '%s'", opt, what, lo, hi, v ? v : "");
  *out = x;
  return 0;
}

int gn__opt_name(gn_game *g, const char *opt, const char *v, const char *const *names, int *out) {
  int i = v ? gn__name_find(names, v) : -1;
  char list[512];
  if (i < 0)
    return gn__error(g, GN_ESYNTAX, "%s: unknown value '%s' (values: %s)", opt, v ? v : "",
                     gn__names_list(names, -1, list, sizeof list));
  *out = i;
  return 0;
}

/* ------------------------------------------------------------- words */

int gn__eqi(const char *a, const char *b) {
  for (; *a && *b; a++, b++) {
    int ca = *a >= 'A' && *a <= 'Z' ? *a + 32 : (unsigned char)*a;
    int cb = *b >= 'A' && *b <= 'Z' ? *b + 32 : (unsigned char)*b;
    if (ca != cb) return 0;
  }
  return *a == *b;
}
