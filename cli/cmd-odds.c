/*
** cmd-odds.c: grognard odds RULESET CHECK [--PARAM VALUE ...]: the exact
** distribution of one resolution of the rules (gn_check_odds), with the
** modifiers of a representative run and a bar chart.
*/
#include "cli.h"

#include <errno.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define BARWIDTH 40
#define FRACCOL 40        /* longer fractions are listed in full below the table */
#define RUNSMAX 100000000u /* --runs: 10^8 samples take about a minute */

/* The usage, help and rule ids of the checks of one ruleset (or all: NULL),
** or of one check (check not NULL). */
static void list_checks(const char *ruleset, const char *check) {
  for (int r = 0; r < gn_ruleset_count(); r++) {
    const char *id = gn_ruleset_id(r);
    if (ruleset && strcmp(ruleset, id)) continue;
    printf("\n%s (%s):\n", id, gn_ruleset_title(r));
    int n = gn_check_count(id);
    if (n <= 0) printf("  (no checks)\n");
    for (int i = 0; i < n; i++) {
      const char *name, *usage, *help, *refs;
      if (gn_check_info(id, i, &name, &usage, &help, &refs) != 0) continue;
      if (check && strcmp(check, name)) continue;
      printf("  grognard odds %s %s %s\n      %s (ref. %s)\n", id, name, usage, help, refs);
    }
  }
}

static int ruleset_index(const char *id) {
  for (int r = 0; r < gn_ruleset_count(); r++)
    if (!strcmp(gn_ruleset_id(r), id)) return r;
  return -1;
}

/* Index of the check name in the ruleset, or -1. */
static int check_index(const char *ruleset, const char *check, const char **usage) {
  for (int i = 0; i < gn_check_count(ruleset); i++) {
    const char *name, *help, *refs;
    if (gn_check_info(ruleset, i, &name, usage, &help, &refs) == 0 && !strcmp(name, check))
      return i;
  }
  return -1;
}

/* The fraction column: "4/9", or where it is too long for a column, a pointer
** to the full list below the table. */
static void fraction(const gn_dist *d, int i, char *buf, size_t n) {
  const char *fr = gn_dist_frac(d, i);
  size_t len = fr ? strlen(fr) : 0;
  if (len <= FRACCOL) snprintf(buf, n, "%s", fr ? fr : "?");
  else snprintf(buf, n, "(%zu digits, below)", len - 1);
}

/* The text of an outcome: a check's label, or the result of an order (check NULL). */
static const char *label(gn_game *g, const char *check, int64_t v) {
  return check ? gn_check_label(g, check, v) : gn_order_odds_label(g, v);
}

static double pass_p(const gn_dist *d) {
  for (int i = 0; i < d->n; i++)
    if (d->o[i].value == 1) return d->o[i].p;
  return 0;
}

/* The summary of an order's odds: each side's figures and the likeliest outcome. */
static json_t *summary_json(const gn_game *g, const gn_dist *d) {
  cli_odds_sum s;
  json_t *sum = json_object(), *sides = json_array();
  cli_odds_summarize(g, d, &s);
  for (int a = 0; a < s.nsides; a++) {
    if (!s.involved[a]) continue;
    json_array_append_new(sides, json_pack("{s:s, s:f, s:f, s:f, s:f}", "side", gn_side_name(g, a),
                                           "comes_off_better", s.better[a], "routs_or_removes_enemy",
                                           s.routs[a], "mean_strength_lost", s.mean_loss[a],
                                           "loses_unit", s.loses_unit[a]));
  }
  json_object_set_new(sum, "sides", sides);
  if (d->n) {
    json_object_set_new(sum, "likeliest", json_string(gn_order_odds_label(g, d->o[s.likeliest].value)));
    json_object_set_new(sum, "likeliest_p", json_real(d->o[s.likeliest].p));
  }
  return sum;
}

static int print_json(gn_game *g, const char *check, const gn_dist *d, int passfail,
                      const cli_output *out) {
  json_t *root = json_object(), *outs = json_array(), *mods = json_array();
  json_object_set_new(root, "exact", json_boolean(d->exact));
  if (d->exact) json_object_set_new(root, "paths", json_integer((json_int_t)d->leaves));
  if (!d->exact) {
    json_object_set_new(root, "runs", json_integer((json_int_t)d->runs));
    json_object_set_new(root, "why", json_string(d->why));
  }
  for (int i = 0; i < d->n; i++) {
    const gn_outcome *o = &d->o[i];
    json_t *x = json_object();
    json_object_set_new(x, "outcome", json_integer((json_int_t)o->value));
    json_object_set_new(x, "label", json_string(label(g, check, o->value)));
    json_object_set_new(x, "p", json_real(o->p));
    if (gn_dist_frac(d, i)) json_object_set_new(x, "p_exact", json_string(gn_dist_frac(d, i)));
    json_object_set_new(x, "p_rounded", json_boolean(o->rounded));
    if (check) {   /* an order's outcomes are labels, not numbers: no order among them */
      json_object_set_new(x, "p_at_least", json_real(gn_dist_at_least(d, o->value)));
      json_object_set_new(x, "p_at_most", json_real(gn_dist_at_most(d, o->value)));
    }
    if (!d->exact) {
      json_object_set_new(x, "lo", json_real(o->lo));
      json_object_set_new(x, "hi", json_real(o->hi));
    }
    json_array_append_new(outs, x);
  }
  json_object_set_new(root, "outcomes", outs);
  if (check) {
    json_object_set_new(root, "mean", json_real(d->mean));
    json_object_set_new(root, "stdev", json_real(d->stdev));
  } else {
    json_object_set_new(root, "summary", summary_json(g, d));
  }
  for (int i = 0; i < gn_event_count(g); i++) {
    const gn_event *e = gn_event_get(g, i);
    for (int k = 0; k < e->nmods; k++) {
      const char *prov = gn_ref_provenance(g, e->mods[k].ref, e->mods[k].value);
      json_array_append_new(mods, json_pack("{s:s, s:i, s:s, s:s?, s:b}", "name", e->mods[k].name,
                                            "value", e->mods[k].value, "ref", e->mods[k].ref,
                                            "provenance", prov,
                                            "interpretation",
                                            cli_rule_interpretation(e->mods[k].ref, NULL)));
    }
  }
  json_object_set_new(root, "modifiers", mods);
  if (passfail) json_object_set_new(root, "p_pass", json_real(pass_p(d)));
  char *s = json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(15));
  json_decref(root);
  if (!s) return cli_fail("out of memory");
  int rc = cli_output_write(out, s);
  free(s);
  return rc;
}

/* The label column's width: the longest label, at least 5. */
static int label_width(gn_game *g, const char *check, const gn_dist *d) {
  int lw = 5;
  for (int i = 0; i < d->n; i++) {
    int l = (int)strlen(label(g, check, d->o[i].value));
    if (l > lw) lw = l;
  }
  return lw;
}

/* The table of outcomes: chance, fraction or interval, at least, at most;
** then the fractions too long for their column, what is rounded, and the
** mean. */
static void print_table(FILE *f, gn_game *g, const char *check, const gn_dist *d, int lw,
                        int passfail) {
  int fw = 13;   /* the fraction column: as wide as its longest entry */
  for (int i = 0; d->exact && i < d->n; i++) {
    char fr[64];
    fraction(d, i, fr, sizeof fr);
    if ((int)strlen(fr) > fw) fw = (int)strlen(fr);
  }
  fprintf(f, "%8s  %-*s  %9s  %-*s  %9s  %9s\n", "outcome", lw, "label", "p", fw,
          d->exact ? "fraction" : "95% interval", "at least", "at most");
  for (int i = 0; i < d->n; i++) {
    const gn_outcome *o = &d->o[i];
    char extra[64];
    if (d->exact)
      fraction(d, i, extra, sizeof extra);
    else
      snprintf(extra, sizeof extra, "%.4f-%.4f", o->lo, o->hi);
    fprintf(f, "%8lld  %-*s  %9.6f  %-*s  %9.6f  %9.6f\n", (long long)o->value, lw,
            label(g, check, o->value), o->p, fw, extra, gn_dist_at_least(d, o->value),
            gn_dist_at_most(d, o->value));
  }
  int longfrac = 0, rounded = 0;
  for (int i = 0; d->exact && i < d->n; i++) {
    longfrac |= gn_dist_frac(d, i) && strlen(gn_dist_frac(d, i)) > FRACCOL;
    rounded |= d->o[i].p != 0 && d->o[i].p != 1;
  }
  if (longfrac) {
    fprintf(f, "\nexact fractions:\n");
    for (int i = 0; i < d->n; i++)
      if (gn_dist_frac(d, i) && strlen(gn_dist_frac(d, i)) > FRACCOL)
        fprintf(f, "%8lld  %s\n", (long long)d->o[i].value, gn_dist_frac(d, i));
  }
  if (rounded) fprintf(f, "\n(p, at least, at most: rounded to 6 decimals; the fractions are exact)\n");
  else if (!d->exact) fprintf(f, "\n(p: estimates from the runs, rounded to 6 decimals)\n");
  fprintf(f, "\nmean %.4f, stdev %.4f", d->mean, d->stdev);
  if (passfail) fprintf(f, ", p(pass) %.6f", pass_p(d));
  fprintf(f, "\n");
}

/* The modifiers of a representative run of a check (the game's events after
** the last walk), each with its rule, and the interpretations they rest on. */
static void print_modifiers(FILE *f, gn_game *g) {
  fprintf(f, "\nmodifiers of a representative run:\n");
  int nmods = 0, nrefs = 0, cap = 0;
  for (int i = 0; i < gn_event_count(g); i++) cap += 1 + gn_event_get(g, i)->nmods;
  const char **refs = malloc((size_t)cap * sizeof *refs);
  for (int i = 0; i < gn_event_count(g); i++) {
    const gn_event *e = gn_event_get(g, i);
    char lab[128];
    if (refs) refs[nrefs++] = e->ref;
    for (int k = 0; k < e->nmods; k++, nmods++) {
      cli_ref_label(g, e->mods[k].ref, 1, e->mods[k].value, lab, sizeof lab);
      fprintf(f, "  %+3d  %-32s %s\n", e->mods[k].value, e->mods[k].name, lab[0] ? lab : "ref. -");
      if (refs) refs[nrefs++] = e->mods[k].ref;
    }
  }
  if (!nmods) fprintf(f, "  none\n");
  if (refs) cli_interpretations(f, g, refs, nrefs, "");
  free(refs);
}

/* A bar a outcome, scaled to the likeliest. */
static void print_bars(FILE *f, gn_game *g, const char *check, const gn_dist *d, int lw) {
  double pmax = 0;
  for (int i = 0; i < d->n; i++)
    if (d->o[i].p > pmax) pmax = d->o[i].p;
  fprintf(f, "\n");
  for (int i = 0; i < d->n; i++) {
    int w = pmax > 0 ? (int)(d->o[i].p / pmax * BARWIDTH + 0.5) : 0;
    fprintf(f, "  %-*s |", lw, label(g, check, d->o[i].value));
    for (int k = 0; k < w; k++) fputc('#', f);
    fprintf(f, " %.1f%%\n", 100 * d->o[i].p);
  }
}

static void print_text(FILE *f, gn_game *g, const char *ruleset, const char *check, int argc,
                       char **argv, const gn_dist *d, int passfail, uint64_t seed) {
  /* 1) what was asked and how it was computed */
  fprintf(f, "%s%s%s", ruleset, check ? " " : "", check ? check : "");
  for (int i = 0; i < argc; i++) fprintf(f, " %s", argv[i]);
  if (d->exact)
    fprintf(f, ": exact, %llu path%s\n\n", (unsigned long long)d->leaves, d->leaves == 1 ? "" : "s");
  else
    fprintf(f, ": Monte Carlo, %llu runs, seed %llu (95%% Wilson intervals)\n  not exact: %s\n\n",
            (unsigned long long)d->runs, (unsigned long long)seed, d->why);
  /* 2) the table */
  int lw = label_width(g, check, d);
  print_table(f, g, check, d, lw, passfail);
  /* 3) the modifiers of a representative run (an order's are in its log) */
  if (check) print_modifiers(f, g);
  else fprintf(f, "\n(the modifiers of each roll are in the game's log once the order is given: grognard log)\n");
  /* 4) the bar chart, scaled to the likeliest outcome */
  print_bars(f, g, check, d, lw);
}

/*
** The text of an order's odds: what was asked and how it was worked out,
** the summary a player reads (odds-summary.c), and with full every outcome
** with its chance, most likely first. The outcomes are labels: no mean and no
** "at least" over them.
*/
static int print_order_text(FILE *f, gn_game *g, const char *id, const char *orders, const gn_dist *d,
                            int full, uint64_t seed) {
  fprintf(f, "%s %s: ", id, orders);
  if (d->exact)
    fprintf(f, "exact, %llu path%s", (unsigned long long)d->leaves, d->leaves == 1 ? "" : "s");
  else
    fprintf(f, "Monte Carlo, %llu runs, seed %llu", (unsigned long long)d->runs, (unsigned long long)seed);
  fprintf(f, ", %d outcome%s\n", d->n, d->n == 1 ? "" : "s");
  if (!d->exact) fprintf(f, "  not exact: %s\n", d->why);
  cli_odds_summary(f, g, d);
  if (!full) {
    fprintf(f, "(--full lists every outcome with its chance)\n");
    return CLI_OK;
  }
  fprintf(f, "\nevery outcome, most likely first%s:\n",
          d->exact ? " (percentages rounded; the fractions are exact)" : " (estimates from the runs)");
  return cli_odds_full(f, g, d);
}

/* The chart as an SVG picture: one bar per outcome with its label and percentage. */
static int write_svg(const char *path, gn_game *g, const char *check, const gn_dist *d) {
  FILE *f = path ? fopen(path, "w") : stdout;
  if (!f) return cli_fail("cannot write %s: %s", path, strerror(errno));
  double pmax = 0;
  for (int i = 0; i < d->n; i++)
    if (d->o[i].p > pmax) pmax = d->o[i].p;
  int h = 40 + 24 * d->n;
  fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"760\" height=\"%d\" "
             "font-family=\"sans-serif\" font-size=\"12\">\n", h);
  fprintf(f, "<rect width=\"760\" height=\"%d\" fill=\"white\"/>\n", h);
  fprintf(f, "<text x=\"10\" y=\"20\" font-weight=\"bold\">%s</text>\n",
          d->exact ? "exact probabilities" : "Monte Carlo estimates (95% Wilson intervals)");
  for (int i = 0; i < d->n; i++) {
    const gn_outcome *o = &d->o[i];
    int y = 34 + 24 * i;
    double w = pmax > 0 ? o->p / pmax * 380 : 0;
    fprintf(f, "<text x=\"10\" y=\"%d\">", y + 14);
    for (const char *c = label(g, check, o->value); *c; c++) {   /* escape the label */
      if (*c == '<') fputs("&lt;", f); else if (*c == '&') fputs("&amp;", f); else fputc(*c, f);
    }
    fprintf(f, "</text>\n<rect x=\"300\" y=\"%d\" width=\"%.1f\" height=\"18\" fill=\"#4a6fa5\"/>\n", y, w);
    if (!d->exact && pmax > 0)
      fprintf(f, "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%d\" stroke=\"black\"/>\n",
              300 + o->lo / pmax * 380, 300 + o->hi / pmax * 380, y + 9, y + 9);
    fprintf(f, "<text x=\"%.1f\" y=\"%d\">%.1f%%</text>\n", 306 + w, y + 14, 100 * o->p);
  }
  fprintf(f, "</svg>\n");
  if (f == stdout) return CLI_OK;
  if (fclose(f) != 0) return cli_fail("cannot write %s: %s", path, strerror(errno));
  return CLI_OK;
}

/* The result in the format asked for: text, json or svg; the old --svg FILE
** draws the chart besides. */
static int emit(gn_game *g, const char *name, const char *check, int argc, char **argv,
                const gn_dist *d, int passfail, uint64_t seed, int full, const cli_output *out,
                const char *svg) {
  int rc = CLI_OK;
  if (!strcmp(out->format, "json")) {
    rc = print_json(g, check, d, passfail, out);
  } else if (!strcmp(out->format, "svg")) {
    rc = write_svg(out->path, g, check, d);
  } else {
    FILE *f = out->path ? fopen(out->path, "w") : stdout;
    if (!f) return cli_fail("cannot write %s: %s", out->path, strerror(errno));
    if (check) print_text(f, g, name, check, argc, argv, d, passfail, seed);
    else rc = print_order_text(f, g, name, argv[0], d, full, seed);
    if (f != stdout && (ferror(f) | fclose(f)) != 0 && rc == CLI_OK)
      rc = cli_fail("cannot write %s: %s", out->path, strerror(errno));
  }
  if (rc == CLI_OK && svg) rc = write_svg(svg, g, check, d);
  return rc;
}

static int seen_id(void *ud, const char *id, const char *scenario, int orders) {
  (void)scenario; (void)orders;
  if (!strcmp(id, ((const char **)ud)[0])) ((const char **)ud)[1] = id;
  return 0;
}

/* 1 when the store holds a game of that id (quietly 0 when there is no store). */
static int game_exists(cli *c, const char *id) {
  gn_store *st;
  const char *look[2] = { id, NULL };
  if (gn_store_open_readonly(c->db, &st, NULL, 0) != 0) return 0;
  gn_store_list(st, seen_id, look);
  gn_store_close(st);
  return look[1] != NULL;
}

/* grognard odds GAME "ORDER[; ORDER...]": every outcome of the orders now. */
static int run_order_odds(cli *c, const char *id, const char *orders, const gn_odds_opts *o,
                          int full, const cli_output *out, const char *svg) {
  gn_store *st;
  gn_game *g;
  gn_dist d = { 0 };
  int rc = cli_game_load(c, id, &st, &g);
  if (rc != CLI_OK) return rc;
  if ((rc = gn_order_odds(g, orders, o, &d)) == GN_ESYNTAX) {
    rc = cli_fail("%s", gn_errmsg(g));
    rc = CLI_FAIL;
  } else if (rc != 0) {
    rc = cli_fail("%s", gn_errmsg(g));
  } else {
    rc = emit(g, id, NULL, 1, (char **)&orders, &d, 0, o->seed, full, out, svg);
  }
  gn_dist_free(&d);
  gn_game_free(g);
  gn_store_close(st);
  return rc;
}

/* What the command line asked: the words besides our options go to the
** check as its parameters (--PARAM VALUE), or make up the order. */
typedef struct odds_args {
  char *pos[2], *params[CLI_MAXWORDS];
  int npos, nparams, full;
  const char *svg;          /* the old --svg FILE */
  gn_odds_opts o;
} odds_args;

/* --help, after the words before it: the command's, a ruleset's checks or one check's. */
static int odds_help(const cli_cmd *cmd, const odds_args *a) {
  const char *usage = "";
  if (a->npos == 0) {
    cli_help(cmd);
    list_checks(NULL, NULL);
  } else if (ruleset_index(a->pos[0]) < 0) {
    return cli_usage(cmd, "no ruleset '%s'", a->pos[0]);
  } else if (a->npos == 2 && check_index(a->pos[0], a->pos[1], &usage) < 0) {
    return cli_usage(cmd, "ruleset %s has no check '%s'", a->pos[0], a->pos[1]);
  } else {
    list_checks(a->pos[0], a->npos == 2 ? a->pos[1] : NULL);
  }
  return CLI_HELPED;
}

/* --runs N, --seed S or --db PATH, with its value at argv[*i + 1]. */
static int odds_value_opt(cli *c, const cli_cmd *cmd, int argc, char **argv, int *i, odds_args *a) {
  const char *opt = argv[*i];
  uint64_t v;
  if (*i + 1 >= argc) return cli_usage(cmd, "option '%s' needs a value", opt);
  const char *val = argv[++*i];
  if (!strcmp(opt, "--db")) { c->db = val; return CLI_OK; }
  if (!strcmp(opt, "--runs") && (cli_u64(val, &v) != 0 || v == 0 || v > RUNSMAX))
    return cli_usage(cmd, "option '--runs' needs a whole number from 1 to %u, not '%s'", RUNSMAX, val);
  if (cli_u64(val, &v) != 0) return cli_usage(cmd, "option '%s' needs a whole number, not '%s'", opt, val);
  if (!strcmp(opt, "--runs")) { a->o.runs = v; a->o.force_mc = 1; } else { a->o.seed = v; }
  return CLI_OK;
}

/* Reads the command line into a and outopts (--json, -o, --format). */
static int odds_read_args(cli *c, const cli_cmd *cmd, int argc, char **argv, odds_args *a,
                          cli_opt *outopts) {
  for (int i = 0; i < argc; i++) {
    const char *w = argv[i];
    int rc = CLI_OK;
    if (!strcmp(w, "--help") || !strcmp(w, "-h")) return odds_help(cmd, a);
    if (!strcmp(w, "--json")) {
      outopts[0].seen = 1;
    } else if (!strcmp(w, "--full") || !strcmp(w, "--all")) {   /* --all: the session's word */
      a->full = 1;
    } else if (!strcmp(w, "--out") || !strcmp(w, "-o") || !strcmp(w, "--format")) {
      if (i + 1 >= argc) return cli_usage(cmd, "option '%s' needs a value", w);
      cli_opt *x = &outopts[!strcmp(w, "--format") ? 2 : 1];
      x->seen = 1;
      x->val = argv[++i];
    } else if (!strcmp(w, "--svg")) {   /* the old spelling of -o FILE.svg, drawn besides the text */
      if (i + 1 >= argc) return cli_usage(cmd, "option '--svg' needs a file name");
      a->svg = argv[++i];
      cli_note_old(cmd, "--svg FILE", "-o FILE.svg");
    } else if (!strcmp(w, "--runs") || !strcmp(w, "--seed") || !strcmp(w, "--db")) {
      rc = odds_value_opt(c, cmd, argc, argv, &i, a);
    } else if (w[0] == '-' || a->npos == 2) {
      if (a->npos < 2) return cli_usage(cmd, "give RULESET and CHECK before the check's options");
      if (a->nparams >= CLI_MAXWORDS) return cli_usage(cmd, "too many arguments");
      a->params[a->nparams++] = argv[i];
    } else {
      a->pos[a->npos++] = argv[i];
    }
    if (rc != CLI_OK) return rc;
  }
  return CLI_OK;
}

/* ", name, name..." of the ruleset's checks, on stderr. */
static void list_check_names(const char *ruleset) {
  for (int i = 0; i < gn_check_count(ruleset); i++) {
    const char *name, *u, *h, *r;
    if (gn_check_info(ruleset, i, &name, &u, &h, &r) == 0) fprintf(stderr, "%s %s", i ? "," : "", name);
  }
}

/* The order of `odds GAME ORDER...`: its words joined (quoted or not). */
static int odds_of_game(cli *c, const odds_args *a, const cli_output *out) {
  char text[1024];
  size_t len = 0;
  for (int i = 0; i <= a->nparams; i++) {
    const char *w = i ? a->params[i - 1] : a->pos[1];
    int n = snprintf(text + len, sizeof text - len, "%s%s", i ? " " : "", w);
    if (n < 0 || (size_t)n >= sizeof text - len)
      return cli_fail("order too long: at most %zu characters", sizeof text - 1);
    len += (size_t)n;
  }
  return run_order_odds(c, a->pos[0], text, &a->o, a->full, out, a->svg);
}

/* `odds RULESET CHECK --PARAM VALUE...`: the check's distribution. */
static int odds_of_check(const cli_cmd *cmd, odds_args *a, const cli_output *out) {
  const char *usage = "";
  int rc, passfail = 0;
  if (check_index(a->pos[0], a->pos[1], &usage) < 0) {
    fprintf(stderr, "grognard: ruleset %s has no check '%s' (checks:", a->pos[0], a->pos[1]);
    list_check_names(a->pos[0]);
    fprintf(stderr, ")\n");
    return CLI_FAIL;
  }
  (void)cmd;
  gn_game *g = gn_game_new(NULL);
  gn_dist d = { 0 };
  if (!g) return cli_fail("out of memory");
  if ((rc = gn_game_use_ruleset(g, a->pos[0])) != 0) {
    rc = cli_fail("%s", gn_errmsg(g));
  } else if ((rc = gn_check_odds(g, a->pos[1], a->nparams, (const char *const *)a->params, &a->o,
                                 &d, &passfail)) == GN_ESYNTAX) {
    fprintf(stderr, "grognard odds %s %s: %s\nusage: grognard odds %s %s %s\n", a->pos[0], a->pos[1],
            gn_errmsg(g), a->pos[0], a->pos[1], usage);
    rc = CLI_USAGE;
  } else if (rc != 0) {
    rc = cli_fail("%s", gn_errmsg(g));
  } else {
    rc = emit(g, a->pos[0], a->pos[1], a->nparams, a->params, &d, passfail, a->o.seed, 0, out, a->svg);
  }
  gn_dist_free(&d);
  gn_game_free(g);
  return rc;
}

/*
** grognard odds:
**   1) our options; every other word goes to the check (--PARAM VALUE)
**   2) a game and its order, or the ruleset and the check, each named
**      with the valid ones when it is not there
**   3) the distribution, in the format asked for
*/
static int run_odds(cli *c, const cli_cmd *cmd, int argc, char **argv) {
  static const char *const formats[] = { "text", "json", "svg", NULL };
  cli_opt outopts[] = { CLI_OUTPUT_OPTS, { NULL, 0, 0, NULL } };
  cli_output out;
  odds_args a = { .o = { 0, 0, 1, 0, 0 } };
  int rc;

  if ((rc = odds_read_args(c, cmd, argc, argv, &a, outopts)) != CLI_OK) return rc;     /* 1 */
  if ((rc = cli_output_get(cmd, outopts, formats, &out)) != CLI_OK) return rc;
  if (a.npos == 1 && ruleset_index(a.pos[0]) >= 0) {   /* odds RULESET: which checks it has */
    fprintf(stderr, "grognard odds: give a check of %s:", a.pos[0]);
    list_check_names(a.pos[0]);
    fprintf(stderr, "\n(try 'grognard odds %s --help' for their parameters)\n", a.pos[0]);
    return CLI_USAGE;
  }
  if (a.npos < 2) return cli_usage(cmd, "missing %s", a.npos ? "CHECK" : "RULESET");
  if (ruleset_index(a.pos[0]) < 0 && game_exists(c, a.pos[0])) return odds_of_game(c, &a, &out); /* 2 */
  if (a.full) return cli_usage(cmd, "--full is for a game's orders (a check's table is always whole)");
  if (ruleset_index(a.pos[0]) < 0) {
    fprintf(stderr, "grognard: no ruleset '%s' and no such game in %s (rulesets:", a.pos[0], c->db);
    for (int r = 0; r < gn_ruleset_count(); r++) fprintf(stderr, "%s %s", r ? "," : "", gn_ruleset_id(r));
    fprintf(stderr, ")\n");
    return CLI_FAIL;
  }
  return odds_of_check(cmd, &a, &out);                                                   /* 3 */
}

const cli_cmd cli_cmd_odds = {
  "odds", "RULESET CHECK [--PARAM VALUE ...] | GAME \"ORDER[; ORDER...]\" [--full]  [--json | -o FILE] [--format text|json|svg] [--runs N] [--seed S]",
  "the exact odds of one resolution of the rules, with its modifiers",
  "Runs the same code as the game along every path through its dice and\n"
  "prints each outcome with its exact probability (and fraction), the chance\n"
  "of at least and at most that outcome, the mean and standard deviation, the\n"
  "modifiers of a representative run with their rule ids and where each number\n"
  "comes from (seed, published, the project's default, the scenario's values),\n"
  "the interpretations in force (labelled rules and data switches), and a bar chart.\n"
  "When there are too many paths it samples instead (Monte Carlo) and prints\n"
  "95% Wilson intervals. 'grognard odds --help' lists every check of every\n"
  "ruleset; 'grognard odds RULESET --help' those of one ruleset, and\n"
  "'grognard odds RULESET CHECK --help' that check.\n"
  "With a GAME from the store and an order (or several separated by ';', for\n"
  "questions like 'three volleys and then a charge'), it weighs every outcome\n"
  "of that order from the game's present state without changing the game;\n"
  "each outcome names the units it changes. It prints a few lines, as the\n"
  "session's 'odds' does: each side's chance to come off better, to rout or\n"
  "remove an enemy unit, to lose a unit, its expected loss, and the likeliest\n"
  "outcome; --full lists every outcome with its chance, most likely first.\n"
  "It uses the true state: it is an umpire's tool.\n"
  "\noptions:\n"
  "  --PARAM VALUE      the check's parameters (see the list of checks)\n"
  "  --json             {\"exact\", \"paths\", \"outcomes\": [{\"outcome\", \"label\", \"p\",\n"
  "                     \"p_exact\" (\"num/den\", exact results), \"p_rounded\",\n"
  "                     \"p_at_least\", \"p_at_most\"}], \"mean\", \"stdev\",\n"
  "                     \"modifiers\": [{\"name\", \"value\", \"ref\", \"provenance\",\n"
  "                     \"interpretation\"}], \"p_pass\"};\n"
  "                     sampled: \"runs\", \"why\" and per outcome \"lo\", \"hi\";\n"
  "                     a game's orders: no \"p_at_least\", \"p_at_most\", \"mean\",\n"
  "                     \"stdev\" but \"summary\": {\"sides\": [{\"side\",\n"
  "                     \"comes_off_better\", \"routs_or_removes_enemy\",\n"
  "                     \"mean_strength_lost\", \"loses_unit\"}], \"likeliest\", \"likeliest_p\"}\n"
  "  --full, --all      a game's orders: every outcome, most likely first\n"
  "  -o, --out FILE     write to FILE, in the format of its extension: .json,\n"
  "                     .svg (the chart as a picture), else text ('-': stdout)\n"
  "  --format FMT       the format when FILE does not say it: text, json, svg\n"
  "  --runs N           sample N runs (Monte Carlo, 1 to 10^8) instead of enumerating\n"
  "  --seed S           the seed of the samples (default 1)\n",
  run_odds,
};
