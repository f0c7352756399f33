/*
** util.c: argument parsing, messages, and opening the store for the commands.
*/
#include "cli.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

int cli_fail(const char *fmt, ...) {
  va_list ap;
  fputs("grognard: ", stderr);
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fputc('\n', stderr);
  return CLI_FAIL;
}

int cli_usage(const cli_cmd *cmd, const char *fmt, ...) {
  va_list ap;
  fprintf(stderr, "grognard %s: ", cmd->name);
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fprintf(stderr, "\nusage: grognard %s %s\n(try 'grognard %s --help')\n", cmd->name,
          cmd->usage, cmd->name);
  return CLI_USAGE;
}

int cli_uses_store(const cli_cmd *cmd) {
  static const char *const storeless[] = { "check", "schema", "rules", NULL };
  for (int i = 0; storeless[i]; i++)
    if (!strcmp(cmd->name, storeless[i])) return 0;
  return 1;
}

void cli_help(const cli_cmd *cmd) {
  printf("usage: grognard %s %s\n\n%s\n%s", cmd->name, cmd->usage, cmd->summary, cmd->help);
  if (cli_uses_store(cmd))
    printf("  --db PATH          the game store (default %s, or $GROGNARD_DB)\n", CLI_DEFAULT_DB);
  printf("  --help             this help\n");
}

void cli_note_old(const cli_cmd *cmd, const char *old, const char *now) {
  fprintf(stderr, "grognard %s: note: '%s' is the old spelling of '%s'; it goes in the next release\n",
          cmd->name, old, now);
}

int cli_output_get(const cli_cmd *cmd, cli_opt *opts, const char *const *formats, cli_output *out) {
  cli_opt *json = cli_opt_get(opts, "--json"), *file = cli_opt_get(opts, "--out"),
          *fmt = cli_opt_get(opts, "--format");
  const char *want = NULL;
  out->format = formats[0];
  out->path = file && file->seen && strcmp(file->val, "-") ? file->val : NULL;
  if (fmt && fmt->seen) {
    want = fmt->val;
  } else if (json && json->seen) {
    want = "json";
  } else if (out->path) {
    const char *dot = strrchr(out->path, '.'), *slash = strrchr(out->path, '/');
    if (dot && (!slash || dot > slash)) {
      for (int i = 0; formats[i]; i++)
        if (!strcasecmp(dot + 1, formats[i])) want = formats[i];
      if (!want && !strcasecmp(dot + 1, "txt")) want = "text";
    }
  }
  if (json && json->seen && want && strcmp(want, "json"))
    return cli_usage(cmd, "--json asks for JSON, --format for %s: give one", want);
  if (!want) return CLI_OK;
  for (int i = 0; formats[i]; i++)
    if (!strcasecmp(want, formats[i])) { out->format = formats[i]; return CLI_OK; }
  char list[256];
  size_t k = 0;
  list[0] = 0;
  for (int i = 0; formats[i] && k < sizeof list; i++)
    k += (size_t)snprintf(list + k, sizeof list - k, "%s%s", i ? ", " : "", formats[i]);
  return cli_usage(cmd, "%s makes no '%s' output (formats: %s)", cmd->name, want, list);
}

int cli_output_machine(const cli_output *o) {
  return o->path != NULL || strcmp(o->format, "text") != 0;
}

int cli_write_file(const char *path, const char *text) {
  size_t n = strlen(text);
  int nl = n == 0 || text[n - 1] != '\n';
  if (!path || !strcmp(path, "-")) {
    fputs(text, stdout);
    if (nl) fputc('\n', stdout);
    return CLI_OK;
  }
  FILE *f = fopen(path, "wb");
  if (!f) return cli_fail("cannot write %s: %s", path, strerror(errno));
  int bad = fwrite(text, 1, n, f) != n || (nl && fputc('\n', f) == EOF);
  int err = errno;
  if (fclose(f) != 0 && !bad) { bad = 1; err = errno; }
  if (bad) return cli_fail("cannot write %s: %s", path, strerror(err));
  return CLI_OK;
}

int cli_output_write(const cli_output *o, const char *text) {
  return cli_write_file(o->path, text);
}

int cli_output_print(const cli_output *o, int (*fill)(FILE *f, void *ud), void *ud) {
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  if (!f) return cli_fail("out of memory");
  int rc = fill(f, ud);
  if (fclose(f) != 0 && rc == CLI_OK) rc = cli_fail("out of memory");
  if (rc == CLI_OK) rc = cli_output_write(o, buf ? buf : "");
  free(buf);
  return rc;
}

cli_opt *cli_opt_get(cli_opt *opts, const char *name) {
  for (; opts->name; opts++)
    if (!strcmp(opts->name, name))
      return opts;
  return NULL;
}

/* The option a names (up to '=' when it gives a value): -o is --out, --db the
** store's for a command that uses one. 0 with *out, or the usage failure
** naming the option as it was typed. */
static int match_opt(const cli_cmd *cmd, cli_opt *opts, const char *a, cli_opt *dbopt, cli_opt **out) {
  const char *eq = strchr(a, '=');
  size_t len = eq ? (size_t)(eq - a) : strlen(a);
  const char *typed = a;   /* the option as given, for the messages */
  size_t tlen = len;
  *out = NULL;
  if (len == 2 && a[1] == 'o') { a = "--out"; len = 5; }   /* -o FILE: --out FILE */
  if (len == 4 && !strncmp(a, "--db", 4) && cli_uses_store(cmd)) {
    *out = dbopt;
    return 0;
  }
  for (cli_opt *p = opts; p && p->name; p++)
    if (strlen(p->name) == len && !strncmp(p->name, a, len)) { *out = p; return 0; }
  if (len == 4 && !strncmp(a, "--db", 4))
    return cli_usage(cmd, "%s does not use the game store: no --db", cmd->name);
  return cli_usage(cmd, "unknown option '%.*s'", (int)tlen, typed);
}

/* Option o's value: after '=' (eq) or the next argument (argv[*i + 1]). 0,
** or the usage failure of a value missing or given to a flag. */
static int opt_value(const cli_cmd *cmd, cli_opt *o, const char *eq, int argc, char **argv, int *i) {
  if (!o->arg) {
    if (eq) return cli_usage(cmd, "option '%s' takes no value", o->name);
  } else if (eq) {
    o->val = eq + 1;
  } else if (*i + 1 < argc) {
    o->val = argv[++*i];
  } else {
    return cli_usage(cmd, "option '%s' needs a value", o->name);
  }
  o->seen = 1;
  return 0;
}

int cli_args(cli *c, const cli_cmd *cmd, int argc, char **argv, cli_opt *opts,
             char **pos, int *npos, int minpos, int maxpos) {
  int n = 0, dashdash = 0, rc;
  cli_opt dbopt = { "--db", 1, 0, NULL };
  for (int i = 0; i < argc; i++) {
    const char *a = argv[i];
    if (dashdash || a[0] != '-' || a[1] == '\0' || (a[1] >= '0' && a[1] <= '9')) {
      if (n >= maxpos) return cli_usage(cmd, "unexpected argument '%s'", a);
      pos[n++] = argv[i];
      continue;
    }
    if (!strcmp(a, "--")) { dashdash = 1; continue; }
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) { cli_help(cmd); return CLI_HELPED; }
    cli_opt *o;
    if ((rc = match_opt(cmd, opts, a, &dbopt, &o))) return rc;
    if ((rc = opt_value(cmd, o, strchr(a, '='), argc, argv, &i))) return rc;
    if (o == &dbopt) c->db = o->val;
  }
  if (n < minpos) return cli_usage(cmd, "missing argument");
  *npos = n;
  return 0;
}

int cli_store_open(cli *c, int must_exist, gn_store **st) {
  char err[1024];
  struct stat sb;
  *st = NULL;
  if (stat(c->db, &sb) != 0) {
    if (errno != ENOENT) return cli_fail("cannot open %s: %s", c->db, strerror(errno));
    if (must_exist)
      return cli_fail("no game store at %s (create a game with 'grognard new SCENARIO')", c->db);
  } else if (S_ISREG(sb.st_mode) && sb.st_size == 0) {
    /* SQLite would take an empty file for a new database: most likely a
    ** wrong path (or a file truncated by accident), not a store to fill */
    return cli_fail("%s is an empty file, not a game store (remove it to start a new store there, "
                    "or give another --db)", c->db);
  }
  if (gn_store_open(c->db, st, err, sizeof err) != 0)
    return cli_fail("%s", err);
  return CLI_OK;
}

int cli_store_read(cli *c, gn_store **st) {
  char err[1024];
  int rc = gn_store_open_readonly(c->db, st, err, sizeof err);
  if (rc == GN_ENOTFOUND)
    return cli_fail("no game store at %s (create a game with 'grognard new SCENARIO')", c->db);
  if (rc != 0)
    return cli_fail("%s", err);
  return CLI_OK;
}

/* The ids of the store's games, newest first, for a message ("g3, g2, g1"). */
typedef struct idlist { char text[160]; size_t len; int n; } idlist;

static int add_id(void *ud, const char *id, const char *scenario, int orders) {
  idlist *l = ud;
  (void)scenario; (void)orders;
  if (l->n++ == 8) { snprintf(l->text + l->len, sizeof l->text - l->len, ", ..."); l->len = sizeof l->text; }
  if (l->len < sizeof l->text) {
    int w = snprintf(l->text + l->len, sizeof l->text - l->len, "%s%s", l->n > 1 ? ", " : "", id);
    l->len = w < 0 || (size_t)w >= sizeof l->text - l->len ? sizeof l->text : l->len + (size_t)w;
  }
  return 0;
}

static int game_open(cli *c, const char *id, gn_store **st, gn_game **g, int resume, int write) {
  *g = NULL;
  if ((write ? cli_store_open(c, 1, st) : cli_store_read(c, st)) != CLI_OK) return CLI_FAIL;
  int rc = (resume ? gn_store_resume : gn_store_load)(*st, id, g);
  if (rc == GN_ENOTFOUND) {   /* say which games there are */
    idlist l = { "", 0, 0 };
    char msg[512];
    snprintf(msg, sizeof msg, "%s", gn_store_errmsg(*st));
    gn_store_list(*st, add_id, &l);
    if (l.n) cli_fail("%s (its games: %s; 'grognard list' shows them)", msg, l.text);
    else cli_fail("%s (it holds no game yet: 'grognard new SCENARIO' makes one)", msg);
    gn_store_close(*st);
    *st = NULL;
    return CLI_FAIL;
  }
  if (rc != 0) {
    cli_fail("%s", gn_store_errmsg(*st));
    gn_store_close(*st);
    *st = NULL;
    return CLI_FAIL;
  }
  return CLI_OK;
}

int cli_game_load(cli *c, const char *id, gn_store **st, gn_game **g) {
  return game_open(c, id, st, g, 0, 0);
}

int cli_game_resume(cli *c, const char *id, gn_store **st, gn_game **g) {
  return game_open(c, id, st, g, 1, 1);
}

int cli_game_view(cli *c, const char *id, gn_store **st, gn_game **g) {
  return game_open(c, id, st, g, 1, 0);
}

int cli_viewer(const cli_cmd *cmd, const gn_game *g, cli_opt *as, cli_opt *umpire, int *viewer) {
  *viewer = GN_UMPIRE;
  if (as->seen && umpire && umpire->seen)
    return cli_usage(cmd, "give --as SIDE or --umpire, not both");
  if (!as->seen) return CLI_OK;
  int s = gn_side_find(g, as->val);
  if (s >= 0) { *viewer = s; return CLI_OK; }
  if (!strcmp(as->val, "umpire")) return CLI_OK;   /* --as umpire, as in play */
  fprintf(stderr, "grognard: no side '%s' in this game (sides:", as->val);
  for (int i = 0; i < gn_side_count(g); i++)
    fprintf(stderr, "%s %s", i ? "," : "", gn_side_id(g, i));
  fprintf(stderr, "; or umpire)\n");
  return CLI_FAIL;
}

int cli_u64(const char *s, uint64_t *out) {
  char *end;
  if (!s || *s < '0' || *s > '9') return -1;
  errno = 0;
  unsigned long long v = strtoull(s, &end, 10);   /* decimal: "010" is ten, "08" eight */
  if (errno || *end) return -1;
  *out = (uint64_t)v;
  return 0;
}

int cli_put(char *s) {
  if (!s) return cli_fail("out of memory");
  fputs(s, stdout);
  if (*s && s[strlen(s) - 1] != '\n') fputc('\n', stdout);
  gn_string_free(s);
  return CLI_OK;
}

/* ------------------------------------------------------ provenance labels */

/* The rules index entry of ref, or NULL. */
static int rule_of(const char *ref, gn_rule_info *ri) {
  for (int i = 0; ref && gn_rule_get(i, ri) == 0; i++)
    if (!strcmp(ri->id, ref)) return 1;
  return 0;
}

int cli_rule_interpretation(const char *ref, const char **title) {
  gn_rule_info ri;
  if (!rule_of(ref, &ri)) return 0;
  if (title) *title = ri.title;
  return ri.interpretation;
}

void cli_ref_label(const gn_game *g, const char *ref, int mod, int value, char *buf, size_t n) {
  gn_rule_info ri;
  const char *prov = mod ? gn_ref_provenance(g, ref, value) : rule_of(ref, &ri) ? ri.provenance : NULL;
  buf[0] = 0;
  if (!ref || !*ref) return;
  snprintf(buf, n, "ref. %s%s%s%s", ref, prov ? ", " : "", prov ? prov : "",
           cli_rule_interpretation(ref, NULL) ? ", interpretation" : "");
}

void cli_interpretations(FILE *f, const gn_game *g, const char *const *refs, int n, const char *indent) {
  int shown = 0;
  for (int i = 0; i < n; i++) {
    const char *title;
    int dup = 0;
    for (int j = 0; j < i; j++) dup |= !strcmp(refs[j], refs[i]);
    if (dup || !refs[i][0]) continue;
    if (cli_rule_interpretation(refs[i], &title)) {
      if (!shown++) fprintf(f, "%sinterpretations in force:\n", indent);
      fprintf(f, "%s  %s: %s\n", indent, refs[i], title);
    }
    for (int k = 0; k < gn_data_count(g); k++) {
      gn_datum_info d;
      if (gn_data_get(g, k, &d) || strcmp(d.ref, refs[i]) || !d.note || strncmp(d.note, "switch", 6))
        continue;
      if (!shown++) fprintf(f, "%sinterpretations in force:\n", indent);
      fprintf(f, "%s  %s = %g (%s, %s)\n", indent, d.key, d.v[0], d.provenance, refs[i]);
    }
  }
}

/* The edit distance of a and b, case aside, stopping past 3 (words longer
** than 31 letters count as far). */
static int edits(const char *a, const char *b) {
  size_t la = strlen(a), lb = strlen(b);
  if (la > 31 || lb > 31) return 4;
  int d[32][32];
  for (size_t i = 0; i <= la; i++) d[i][0] = (int)i;
  for (size_t j = 0; j <= lb; j++) d[0][j] = (int)j;
  for (size_t i = 1; i <= la; i++)
    for (size_t j = 1; j <= lb; j++) {
      int same = tolower((unsigned char)a[i - 1]) == tolower((unsigned char)b[j - 1]);
      int v = d[i - 1][j - 1] + !same;
      if (d[i - 1][j] + 1 < v) v = d[i - 1][j] + 1;
      if (d[i][j - 1] + 1 < v) v = d[i][j - 1] + 1;
      d[i][j] = v;
    }
  return d[la][lb];
}

int cli_unit_reaches(gn_game *g, int unit, gn_reach *r, const char **verb) {
  int n = 0;
  for (int i = 0; i < gn_order_verb_count(g); i++) {
    const char *w = gn_order_verb(g, i);
    if (!w || gn_unit_reach(g, unit, w, &r[n]) != 0 || r[n].nbands == 0) continue;
    int same = 0;
    for (int k = 0; k < n && !same; k++) {
      same = r[k].nbands == r[n].nbands;
      for (int b = 0; same && b < r[n].nbands; b++)
        same = r[k].band[b].to == r[n].band[b].to && !strcmp(r[k].band[b].name, r[n].band[b].name);
    }
    if (!same) verb[n++] = w;
  }
  return n;
}

void cli_unit_suggest(const gn_game *g, int viewer, const char *word, char *buf, size_t n) {
  size_t k = 0, wl = strlen(word);
  int found = 0;
  if (n) buf[0] = 0;
  for (int best = 0; best <= 3 && !found; best++)   /* the nearest first: prefixes count as 1 */
    for (int u = 0; u < gn_unit_count(g) && found < 4; u++) {
      gn_unit_view v;
      if (gn_unit_view_get(g, u, viewer, &v) != 0 || !v.known) continue;
      const char *code = v.code && *v.code ? v.code : v.id;
      int dc = edits(word, code), di = v.id ? edits(word, v.id) : 4;
      int pre = wl && (!strncasecmp(code, word, wl) || (v.id && !strncasecmp(v.id, word, wl)));
      int d = pre ? 1 : dc < di ? dc : di;
      if (d != best || d > 2) continue;
      k += (size_t)snprintf(buf + k, k < n ? n - k : 0, "%s%s", found ? ", " : " (did you mean ", code);
      found++;
    }
  if (found && k < n) snprintf(buf + k, n - k, "?)");
}

void cli_standing(const gn_game *g, int viewer, FILE *f) {
  if (viewer != GN_UMPIRE || gn_objective_count(g) < 0) return;
  gn_battle_result r;
  memset(&r, 0, sizeof r);
  gn_battle_assess(g, NULL, &r);
  if (r.nsides >= 2) fprintf(f, "standing%s: %s\n", gn_game_over(g) ? " at the end" : " now", r.why);
}
