/*
** checks.c: the odds checks of the Volley & Bayonet combat rules
** (`grognard odds vb fire|morale|melee|tie ...`). Each parse builds the same
** structure the real order builds from the table; each run calls the same
** resolution function as the order (gn__vb_fire_roll, gn__vb_morale_roll,
** gn__vb_melee_roll, gn__vb_tie_roll).
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "vb.h"

/* ------------------------------------------------------------ parsing */

static int is(const char *a, const char *b) { return strcmp(a, b) == 0; }

/* The value after argv[*i]; GN_ESYNTAX when missing. */
static int value(gn_game *g, int argc, const char *const *argv, int *i, const char **v) {
  if (*i + 1 >= argc) return gn__error(g, GN_ESYNTAX, "%s needs a value", argv[*i]);
  *v = argv[++*i];
  return 0;
}

/* A comma-separated list of at most max integers in [lo, hi]. */
static int ints(gn_game *g, const char *name, const char *v, int lo, int hi, int *out, int max, int *n) {
  char buf[128];
  *n = 0;
  if (strlen(v) >= sizeof buf) return gn__error(g, GN_ESYNTAX, "%s: list too long", name);
  strcpy(buf, v);
  char *save = NULL;    /* strtok_r: checks run on several threads at once (simulate) */
  for (char *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
    if (*n >= max) return gn__error(g, GN_ESYNTAX, "%s: at most %d values", name, max);
    int rc = gn__opt_int(g, name, tok, lo, hi, &out[*n]);
    if (rc) return rc;
    (*n)++;
  }
  if (*n == 0) return gn__error(g, GN_ESYNTAX, "%s: expected a list of numbers", name);
  return 0;
}

static int unknown(gn_game *g, const char *arg) {
  return gn__error(g, GN_ESYNTAX, "unknown parameter '%s'", arg);
}

/* --------------------------------------------------------------- fire */

static const char *const weapons[] = {"musket", "light", "field", "heavy", "batgun", "skirmisher",
                                      "sharpshooter", "skirmish-gun", NULL};   /* ORDER: VB_W_* */

/* The options of a fire check: --dice N, --range close|long, --weapon W,
** --save LIST (kept as written). GN_ESYNTAX naming the option. */
static int fire_options(gn_game *g, int argc, const char *const *argv, int *dice, int *close,
                        int *weapon, const char **save) {
  const char *v = NULL;
  int rc;
  for (int i = 0; i < argc; i++) {
    if (is(argv[i], "--dice")) {
      if ((rc = value(g, argc, argv, &i, &v)) || (rc = gn__opt_int(g, "--dice", v, 0, 640, dice))) return rc;
    } else if (is(argv[i], "--range")) {
      if ((rc = value(g, argc, argv, &i, &v))) return rc;
      if (is(v, "close")) *close = 1;
      else if (is(v, "long")) *close = 0;
      else return gn__error(g, GN_ESYNTAX, "--range: close or long, got '%s'", v);
    } else if (is(argv[i], "--weapon")) {
      if ((rc = value(g, argc, argv, &i, &v))) return rc;
      for (int k = 0; weapons[k]; k++) if (is(v, weapons[k])) *weapon = k;
      char list[256];
      if (*weapon < 0)
        return gn__error(g, GN_ESYNTAX, "--weapon: unknown weapon '%s' (weapons: %s)", v,
                         gn__names_list(weapons, -1, list, sizeof list));
    } else if (is(argv[i], "--save")) {
      if ((rc = value(g, argc, argv, &i, save))) return rc;
    } else {
      return unknown(g, argv[i]);
    }
  }
  return 0;
}

/* The saving throws of --save, a comma-separated list rolled in that order
** (at most two), added to p. GN_ESYNTAX. */
static int fire_saves(gn_game *g, const char *save, vb_fire_plan *p) {
  static const struct { const char *word, *name, *ref; } kinds[] = {
    {"woods", "saves on (woods)", "VB-36"},       {"works", "saves on (works)", "VB-B7"},
    {"sunken", "saves on (sunken road)", "VB-30"}, {"town", "saves on (town)", "VB-B7"},
    {"open", "saves on (open order)", "VB-33"},
  };
  const vb_combat *c = gn__vb_combat(g);
  const int value_of[] = {c->save_woods, c->save_works, c->save_sunken, c->save_town, c->save_open};
  char buf[64];
  if (strlen(save) >= sizeof buf) return gn__error(g, GN_ESYNTAX, "--save: too long");
  strcpy(buf, save);
  char *rest = NULL;    /* strtok_r: checks run on several threads at once (simulate) */
  for (char *w = strtok_r(buf, ",", &rest); w; w = strtok_r(NULL, ",", &rest)) {
    int k = p->nsaves, j = 0;
    if (k >= 2) return gn__error(g, GN_ESYNTAX, "--save: at most two saving throws");
    while (j < 5 && !is(w, kinds[j].word)) j++;
    if (j == 5) return gn__error(g, GN_ESYNTAX, "--save: woods, works, sunken, town or open, got '%s'", w);
    p->save[k] = value_of[j];
    p->save_name[k] = kinds[j].name;
    p->save_ref[k] = kinds[j].ref;
    p->nsaves++;
  }
  return 0;
}

int gn__vb_fire_check_parse(gn_game *g, int argc, const char *const *argv, void *cxp) {
  const vb_combat *c = gn__vb_combat(g);
  vb_fire_plan *p = cxp;
  int dice = -1, close = -1, weapon = -1, rc;
  const char *save = NULL;
  if ((rc = fire_options(g, argc, argv, &dice, &close, &weapon, &save))) return rc;
  if (dice < 0 || close < 0 || weapon < 0) return gn__error(g, GN_ESYNTAX, "fire needs --dice, --range and --weapon");
  memset(p, 0, sizeof *p);
  p->face = -1;
  const char *what, *ref;
  int hit = gn__vb_hit(c, weapon, close, &what, &ref);
  if (hit <= 0)
    return gn__error(g, GN_ESYNTAX, "a %s has no %s range", weapons[weapon], close ? "close" : "long");
  if (dice > 0) {
    p->ngroups = 1;
    p->dice[0] = dice;
    p->hit[0] = hit;
    p->what[0] = what;
    p->ref[0] = ref;
  }
  return save ? fire_saves(g, save, p) : 0;
}

int gn__vb_fire_check_run(gn_game *g, const void *cx, int64_t *outcome) {
  int lost, rc = gn__vb_fire_roll(g, -1, -1, cx, &lost);
  if (!rc) *outcome = lost;
  return rc;
}

void gn__vb_fire_check_label(const void *cx, int64_t outcome, char *buf, size_t n) {
  (void)cx;
  snprintf(buf, n, "%lld SP lost", (long long)outcome);
}

/* ------------------------------------------------------------- morale */

typedef struct morale_cx { int grade; vb_morale_sit s; } morale_cx;

int gn__vb_morale_check_parse(gn_game *g, int argc, const char *const *argv, void *cxp) {
  morale_cx *m = cxp;
  const char *v = NULL;
  int rc;
  m->grade = -1;
  m->s.type = VB_T_INF_BRIGADE;
  for (int i = 0; i < argc; i++) {
    const char *a = argv[i];
    if (is(a, "--grade")) {
      if ((rc = value(g, argc, argv, &i, &v)) || (rc = gn__opt_int(g, a, v, 1, 9, &m->grade))) return rc;
    } else if (is(a, "--modifiers")) {
      if ((rc = value(g, argc, argv, &i, &v)) || (rc = ints(g, a, v, -9, 9, m->s.extra, 8, &m->s.nextra)))
        return rc;
    } else if (is(a, "--type")) {
      if ((rc = value(g, argc, argv, &i, &v))) return rc;
      if (is(v, "infantry")) m->s.type = VB_T_INF_BRIGADE;
      else if (is(v, "regiment")) m->s.type = VB_T_INF_REGIMENT;
      else if (is(v, "skirmisher")) m->s.type = VB_T_SKIRMISHER;
      else if (is(v, "cavalry")) m->s.type = VB_T_CAV_LIGHT;
      else if (is(v, "artillery")) m->s.type = VB_T_ART_FOOT;
      else return gn__error(g, GN_ESYNTAX, "--type: infantry, regiment, skirmisher, cavalry or artillery");
    } else if (is(a, "--stationary")) m->s.stationary = 1;
    else if (is(a, "--lancers")) m->s.lancers = 1;
    else if (is(a, "--cavalry")) m->s.cavalry = 1;
    else if (is(a, "--flank")) m->s.flank = 1;
    else if (is(a, "--works")) m->s.works = 1;
    else if (is(a, "--sunken")) m->s.sunken = 1;
    else if (is(a, "--town")) m->s.town = 1;
    else return unknown(g, a);
  }
  if (m->grade < 0) return gn__error(g, GN_ESYNTAX, "morale needs --grade");
  return 0;
}

int gn__vb_morale_check_run(gn_game *g, const void *cxp, int64_t *outcome) {
  const morale_cx *m = cxp;
  int passed, rc = gn__vb_morale_roll(g, -1, m->grade, &m->s, "odds check", &passed);
  if (!rc) *outcome = passed;
  return rc;
}

void gn__vb_morale_check_label(const void *cx, int64_t outcome, char *buf, size_t n) {
  (void)cx;
  snprintf(buf, n, "%s", outcome ? "passes" : "fails");
}

/* -------------------------------------------------------------- melee */

typedef struct melee_cx { vb_melee_side s[2]; } melee_cx;

int gn__vb_melee_check_parse(gn_game *g, int argc, const char *const *argv, void *cxp) {
  const vb_combat *c = gn__vb_combat(g);
  melee_cx *m = cxp;
  int dice[2] = {-1, -1}, morale[2] = {4, 4}, tie[2] = {0, 0}, cav = 0, sunken = 0, rc;
  const char *v = NULL;
  for (int i = 0; i < argc; i++) {
    const char *a = argv[i];
    int k = strncmp(a, "--defence", 9) == 0;
    if (is(a, "--attack-dice") || is(a, "--defence-dice")) {
      if ((rc = value(g, argc, argv, &i, &v)) || (rc = gn__opt_int(g, a, v, 0, 640, &dice[k]))) return rc;
    } else if (is(a, "--attack-morale") || is(a, "--defence-morale")) {
      if ((rc = value(g, argc, argv, &i, &v)) || (rc = gn__opt_int(g, a, v, -20, 20, &morale[k]))) return rc;
    } else if (is(a, "--attack-tie") || is(a, "--defence-tie")) {
      if ((rc = value(g, argc, argv, &i, &v)) || (rc = gn__opt_int(g, a, v, -20, 20, &tie[k]))) return rc;
    } else if (is(a, "--attack-cavalry")) cav = 1;
    else if (is(a, "--sunken")) sunken = 1;
    else return unknown(g, a);
  }
  if (dice[0] < 0 || dice[1] < 0) return gn__error(g, GN_ESYNTAX, "melee needs --attack-dice and --defence-dice");
  for (int k = 0; k < 2; k++) {
    vb_melee_side *s = &m->s[k];
    memset(s, 0, sizeof *s);
    s->hit = c->mhit;
    s->gun_hit = c->hit_light_close;
    if (k == 0 && cav) s->cav_dice = dice[k];
    else s->dice = dice[k];
    s->morale = morale[k];
    if (tie[k]) gn__vb_mod(&s->tie, "tie-break modifiers", tie[k], "VB-38");
  }
  if (sunken) m->s[1].save_vs_cav = c->msave_sunken_cav;
  return 0;
}

int gn__vb_melee_check_run(gn_game *g, const void *cxp, int64_t *outcome) {
  const melee_cx *m = cxp;
  int w, rc = gn__vb_melee_roll(g, -1, -1, m->s, &w, NULL);   /* the winner alone is read */
  if (!rc) *outcome = w;
  return rc;
}

void gn__vb_melee_check_label(const void *cx, int64_t outcome, char *buf, size_t n) {
  (void)cx;
  snprintf(buf, n, "%s", outcome ? "defender wins" : "attacker wins");
}

/* ---------------------------------------------------------------- tie */

int gn__vb_tie_check_parse(gn_game *g, int argc, const char *const *argv, void *cxp) {
  const vb_combat *c = gn__vb_combat(g);
  melee_cx *m = cxp;
  int mor[2], n = 0, rc;
  int gren[2] = {0, 0}, supp[2] = {0, 0}, stat[2] = {0, 0};
  const char *v = NULL;
  for (int i = 0; i < argc; i++) {
    const char *a = argv[i];
    int k = strncmp(a, "--b-", 4) == 0;
    const char *w = k ? a + 4 : a + 2;
    if (is(a, "--morale")) {
      if ((rc = value(g, argc, argv, &i, &v)) || (rc = ints(g, a, v, -20, 20, mor, 2, &n))) return rc;
      if (n != 2) return gn__error(g, GN_ESYNTAX, "--morale: two numbers, A,B");
    } else if (strncmp(a, "--", 2) == 0 && is(w, "grenadiers")) gren[k] = 1;
    else if (strncmp(a, "--", 2) == 0 && is(w, "supported-artillery")) supp[k] = 1;
    else if (strncmp(a, "--", 2) == 0 && is(w, "stationary-vs-cavalry")) stat[k] = 1;
    else return unknown(g, a);
  }
  if (n != 2) return gn__error(g, GN_ESYNTAX, "tie needs --morale A,B");
  for (int k = 0; k < 2; k++) {
    vb_melee_side *s = &m->s[k];
    memset(s, 0, sizeof *s);
    s->morale = mor[k];
    if (gren[k]) gn__vb_mod(&s->tie, "grenadiers", c->tie_gren, "VB-38");
    if (stat[k]) gn__vb_mod(&s->tie, "stationary infantry vs cavalry", c->tie_stat_cav, "VB-38");
    if (supp[k]) gn__vb_mod(&s->tie, "supported artillery", c->tie_supported, "VB-39");
  }
  return 0;
}

int gn__vb_tie_check_run(gn_game *g, const void *cxp, int64_t *outcome) {
  const melee_cx *m = cxp;
  int w, rc = gn__vb_tie_roll(g, -1, -1, m->s, &w);
  if (!rc) *outcome = w == 0;
  return rc;
}

void gn__vb_tie_check_label(const void *cx, int64_t outcome, char *buf, size_t n) {
  (void)cx;
  snprintf(buf, n, "%s", outcome ? "side A wins" : "side B wins");
}

_Static_assert(sizeof(melee_cx) <= GN__CHECKCX && sizeof(morale_cx) <= GN__CHECKCX &&
               sizeof(vb_fire_plan) <= GN__CHECKCX, "odds check contexts must fit GN__CHECKCX");
