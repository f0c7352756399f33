/*
** yamldoc.c: libyaml's document API behind small integer node ids, typed reads
** with messages that say what was expected, and the diagnostics of one file
** (see yamldoc.h).
**
** Memory: the reader and its diagnostics come from the game's allocator;
** libyaml's document comes from libyaml's own (the C library's malloc), which
** the library cannot hook; it is freed by gn__yaml_close.
*/
#include <yaml.h>          /* libyaml */
#include "yamldoc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One recorded diagnostic: its position, the order it was found in, the text. */
typedef struct ydiag {
  int line, col, seq;
  char *text;
  size_t size;
} ydiag;

struct gn__yaml {
  gn_game *g;
  char *file;
  yaml_document_t doc;
  int loaded;               /* doc holds a document to delete */
  int root;
  ydiag *d; int nd, capd;
  int oom;
};

/* ------------------------------------------------------------- loading */

/* NULL only when out of memory. */
gn__yaml *gn__yaml_open(gn_game *g, const char *file) {
  gn__yaml *y = gn__calloc(g, 1, sizeof *y);
  if (!y) return NULL;
  y->g = g;
  y->file = gn__strdup(g, file ? file : "");
  if (!y->file) { gn__free(g, y, sizeof *y); return NULL; }
  return y;
}

/* Line and column (1-based) of a byte offset, counted in the text. Cannot fail. */
static void offset_pos(const char *text, size_t len, size_t off, int *line, int *col) {
  size_t i;
  *line = 1; *col = 1;
  if (off > len) off = len;
  for (i = 0; i < off; i++) {
    if (text[i] == '\n') { (*line)++; *col = 1; }
    else if (((unsigned char)text[i] & 0xC0) != 0x80) (*col)++;
  }
}

/* Records libyaml's error of p. Returns GN_ENOMEM for libyaml's own
** allocation failures, else GN_EPARSE. */
static int syntax_error(gn__yaml *y, const yaml_parser_t *p, const char *text, size_t len) {
  int line, col;
  const char *problem = p->problem ? p->problem : "malformed YAML";
  if (p->error == YAML_MEMORY_ERROR) { y->oom = 1; return GN_ENOMEM; }
  if (p->error == YAML_READER_ERROR) {
    offset_pos(text, len, p->problem_offset, &line, &col);
    if (p->problem_value != -1)
      gn__yaml_error_at(y, line, col, "%s (byte 0x%02X): the file must be UTF-8 text",
                        problem, (unsigned)p->problem_value & 0xFFu);
    else
      gn__yaml_error_at(y, line, col, "%s: the file must be UTF-8 text", problem);
    return GN_EPARSE;
  }
  line = (int)p->problem_mark.line + 1;
  col = (int)p->problem_mark.column + 1;
  {
    /* A tab where indentation belongs is the commonest cause; say so. */
    const char *hint = "";
    size_t at = p->problem_mark.index;
    if (at < len && text[at] == '\t') hint = "; tabs cannot indent YAML, use spaces";
    if (p->context && (p->context_mark.line != p->problem_mark.line ||
                       p->context_mark.column != p->problem_mark.column))
      gn__yaml_error_at(y, line, col, "%s (%s that starts at line %d, column %d)%s",
                        problem, p->context, (int)p->context_mark.line + 1,
                        (int)p->context_mark.column + 1, hint);
    else if (p->context)
      gn__yaml_error_at(y, line, col, "%s (%s)%s", problem, p->context, hint);
    else
      gn__yaml_error_at(y, line, col, "%s%s", problem, hint);
  }
  return GN_EPARSE;
}

/*
** The nesting of the text, walked as libyaml's events before any tree is
** built: GN_ELIMIT (recorded at the collection that opens one level too
** many) when it passes GN__YAML_MAXDEPTH, GN_ENOMEM, else 0. A syntax error
** ends the walk with 0: the loader reports it.
*/
static int depth_check(gn__yaml *y, const char *text, size_t len) {
  yaml_parser_t p;
  yaml_event_t ev;
  int depth = 0, rc = 0, done = 0;
  if (!yaml_parser_initialize(&p)) { y->oom = 1; return GN_ENOMEM; }
  yaml_parser_set_input_string(&p, (const unsigned char *)text, len);
  while (!done && !rc) {
    if (!yaml_parser_parse(&p, &ev)) {
      if (p.error == YAML_MEMORY_ERROR) { y->oom = 1; rc = GN_ENOMEM; }
      break;
    }
    switch (ev.type) {
    case YAML_SEQUENCE_START_EVENT:
    case YAML_MAPPING_START_EVENT:
      if (++depth > GN__YAML_MAXDEPTH) {
        gn__yaml_error_at(y, (int)ev.start_mark.line + 1, (int)ev.start_mark.column + 1,
                          "nested deeper than %d levels of mappings and lists, the limit for a grognard file",
                          GN__YAML_MAXDEPTH);
        rc = GN_ELIMIT;
      }
      break;
    case YAML_SEQUENCE_END_EVENT:
    case YAML_MAPPING_END_EVENT: depth--; break;
    case YAML_STREAM_END_EVENT: done = 1; break;
    default: break;
    }
    yaml_event_delete(&ev);
  }
  yaml_parser_delete(&p);
  return rc;
}

/*
** Parses the one document of text.
**   0) the nesting is bounded (depth_check)
**   1) the first document (libyaml frees it itself when it fails)
**   2) nothing else may follow
** Returns 0, GN_EPARSE or GN_ELIMIT (recorded) or GN_ENOMEM.
*/
int gn__yaml_parse(gn__yaml *y, const char *text, size_t len) {
  yaml_parser_t p;
  yaml_document_t extra;
  int rc = depth_check(y, text, len);
  if (rc) return rc;
  if (!yaml_parser_initialize(&p)) { y->oom = 1; return GN_ENOMEM; }
  yaml_parser_set_input_string(&p, (const unsigned char *)text, len);
  /* 1) the first document (libyaml frees it itself when it fails) */
  if (!yaml_parser_load(&p, &y->doc)) {
    rc = syntax_error(y, &p, text, len);
    yaml_parser_delete(&p);
    return rc;
  }
  y->loaded = 1;
  if (!yaml_document_get_root_node(&y->doc)) { yaml_parser_delete(&p); return 0; }
  /* 2) nothing else may follow: a second document is an error, and so is a
  **    syntax error after the first one */
  if (!yaml_parser_load(&p, &extra)) {
    rc = syntax_error(y, &p, text, len);
  } else {
    yaml_node_t *r = yaml_document_get_root_node(&extra);
    if (r) {
      gn__yaml_error_at(y, (int)r->start_mark.line + 1, (int)r->start_mark.column + 1,
                        "a second YAML document: the file must hold exactly one");
      rc = GN_EPARSE;
    }
    yaml_document_delete(&extra);
  }
  yaml_parser_delete(&p);
  if (rc == 0) y->root = 1;   /* libyaml's root is always node 1 */
  return rc;
}

/* Cannot fail. */
int gn__yaml_root(const gn__yaml *y) { return y->root; }
int gn__yaml_errors(const gn__yaml *y) { return y->nd; }
int gn__yaml_oom(const gn__yaml *y) { return y->oom; }

/* Orders diagnostics by line, column, then the order they were found in. */
static int diag_cmp(const void *a, const void *b) {
  const ydiag *x = a, *z = b;
  if (x->line != z->line) return x->line < z->line ? -1 : 1;
  if (x->col != z->col) return x->col < z->col ? -1 : 1;
  return (x->seq > z->seq) - (x->seq < z->seq);
}

/* Returns 0 or GN_ENOMEM (a diagnostic lost here or earlier); frees y anyway. */
int gn__yaml_close(gn__yaml *y) {
  int i, oom;
  gn_game *g;
  if (!y) return 0;
  g = y->g;
  oom = y->oom;
  if (y->nd > 1) qsort(y->d, (size_t)y->nd, sizeof *y->d, diag_cmp);
  for (i = 0; i < y->nd; i++) {
    if (!oom && gn__diag_add(g, "%s", y->d[i].text) != 0) oom = 1;
    gn__free(g, y->d[i].text, y->d[i].size);
  }
  gn__free(g, y->d, (size_t)y->capd * sizeof *y->d);
  if (y->loaded) yaml_document_delete(&y->doc);
  gn__free(g, y->file, strlen(y->file) + 1);
  gn__free(g, y, sizeof *y);
  return oom ? GN_ENOMEM : 0;
}

/* ------------------------------------------------------------- nodes */

/* The libyaml node of an id, NULL for 0 or out of range. */
static yaml_node_t *node_of(const gn__yaml *y, int node) {
  if (node <= 0 || !y->loaded) return NULL;
  return yaml_document_get_node((yaml_document_t *)&y->doc, node);
}

int gn__yaml_kind(const gn__yaml *y, int node) {
  const yaml_node_t *n = node_of(y, node);
  if (!n) return GN__Y_NONE;
  switch (n->type) {
  case YAML_SCALAR_NODE: return GN__Y_SCALAR;
  case YAML_SEQUENCE_NODE: return GN__Y_SEQ;
  case YAML_MAPPING_NODE: return GN__Y_MAP;
  default: return GN__Y_NONE;
  }
}

int gn__yaml_line(const gn__yaml *y, int node) {
  const yaml_node_t *n = node_of(y, node);
  return n ? (int)n->start_mark.line + 1 : 1;
}

int gn__yaml_col(const gn__yaml *y, int node) {
  const yaml_node_t *n = node_of(y, node);
  return n ? (int)n->start_mark.column + 1 : 1;
}

const char *gn__yaml_text(const gn__yaml *y, int node) {
  const yaml_node_t *n = node_of(y, node);
  if (!n || n->type != YAML_SCALAR_NODE) return NULL;
  return (const char *)n->data.scalar.value;
}

int gn__yaml_plain(const gn__yaml *y, int node) {
  const yaml_node_t *n = node_of(y, node);
  return n && n->type == YAML_SCALAR_NODE && n->data.scalar.style == YAML_PLAIN_SCALAR_STYLE;
}

int gn__yaml_len(const gn__yaml *y, int node) {
  const yaml_node_t *n = node_of(y, node);
  if (!n) return 0;
  if (n->type == YAML_SEQUENCE_NODE)
    return (int)(n->data.sequence.items.top - n->data.sequence.items.start);
  if (n->type == YAML_MAPPING_NODE)
    return (int)(n->data.mapping.pairs.top - n->data.mapping.pairs.start);
  return 0;
}

int gn__yaml_item(const gn__yaml *y, int node, int i) {
  const yaml_node_t *n = node_of(y, node);
  if (!n || n->type != YAML_SEQUENCE_NODE || i < 0 || i >= gn__yaml_len(y, node)) return 0;
  return n->data.sequence.items.start[i];
}

int gn__yaml_key(const gn__yaml *y, int node, int i) {
  const yaml_node_t *n = node_of(y, node);
  if (!n || n->type != YAML_MAPPING_NODE || i < 0 || i >= gn__yaml_len(y, node)) return 0;
  return n->data.mapping.pairs.start[i].key;
}

int gn__yaml_value(const gn__yaml *y, int node, int i) {
  const yaml_node_t *n = node_of(y, node);
  if (!n || n->type != YAML_MAPPING_NODE || i < 0 || i >= gn__yaml_len(y, node)) return 0;
  return n->data.mapping.pairs.start[i].value;
}

int gn__yaml_get(const gn__yaml *y, int map, const char *key) {
  int i, n = gn__yaml_len(y, map);
  if (gn__yaml_kind(y, map) != GN__Y_MAP) return 0;
  for (i = 0; i < n; i++) {
    const char *t = gn__yaml_text(y, gn__yaml_key(y, map, i));
    if (t && !strcmp(t, key)) return gn__yaml_value(y, map, i);
  }
  return 0;
}

/* 1 for a plain scalar that YAML reads as null: empty, ~, null. */
static int is_null(const gn__yaml *y, int node) {
  const char *s = gn__yaml_text(y, node);
  if (!s || !gn__yaml_plain(y, node)) return 0;
  return !*s || !strcmp(s, "~") || !strcmp(s, "null") || !strcmp(s, "Null") ||
         !strcmp(s, "NULL");
}

/* Writes what node holds, quoted and cut to about 40 bytes. Cannot fail. */
const char *gn__yaml_got(const gn__yaml *y, int node, char *buf, size_t n) {
  const char *s = gn__yaml_text(y, node);
  size_t i, o = 0, max;
  char q;
  switch (gn__yaml_kind(y, node)) {
  case GN__Y_SEQ: snprintf(buf, n, "a list"); return buf;
  case GN__Y_MAP: snprintf(buf, n, "a mapping"); return buf;
  case GN__Y_NONE: snprintf(buf, n, "nothing"); return buf;
  default: break;
  }
  if (gn__yaml_plain(y, node) && !*s) { snprintf(buf, n, "nothing"); return buf; }
  q = gn__yaml_plain(y, node) ? '\'' : '"';
  max = n < 48 ? n - 8 : 40;
  buf[o++] = q;
  for (i = 0; s[i] && o < max; i++)
    buf[o++] = ((unsigned char)s[i] < 0x20 || s[i] == 0x7f) ? '?' : s[i];
  if (s[i]) {
    /* do not cut a UTF-8 sequence in two */
    while (o > 1 && ((unsigned char)s[i] & 0xC0) == 0x80) { o--; i--; }
    buf[o++] = '.'; buf[o++] = '.'; buf[o++] = '.';
  }
  buf[o++] = q;
  buf[o] = 0;
  return buf;
}

/* ------------------------------------------------------------- diagnostics */

/* Appends one formatted diagnostic at (line, col). On OOM sets y->oom. */
GN_PRINTF(4, 0) static void vrecord(gn__yaml *y, int line, int col, const char *fmt, va_list ap) {
  va_list aq;
  int head, body;
  size_t size;
  char *t;
  if (y->nd == y->capd) {
    int cap = y->capd ? y->capd * 2 : 16;
    ydiag *nd = gn__realloc(&y->g->alloc, y->d, (size_t)y->capd * sizeof *nd,
                            (size_t)cap * sizeof *nd);
    if (!nd) { y->oom = 1; return; }
    y->d = nd; y->capd = cap;
  }
  head = snprintf(NULL, 0, "%s:%d:%d: ", y->file, line, col);
  va_copy(aq, ap);
  body = vsnprintf(NULL, 0, fmt, aq);
  va_end(aq);
  if (head < 0 || body < 0) { y->oom = 1; return; }
  size = (size_t)head + (size_t)body + 1;
  t = gn__malloc(y->g, size);
  if (!t) { y->oom = 1; return; }
  snprintf(t, size, "%s:%d:%d: ", y->file, line, col);
  vsnprintf(t + head, size - (size_t)head, fmt, ap);
  y->d[y->nd].line = line;
  y->d[y->nd].col = col;
  y->d[y->nd].seq = y->nd;
  y->d[y->nd].text = t;
  y->d[y->nd].size = size;
  y->nd++;
}

/* Cannot fail (OOM is remembered). */
void gn__yaml_error(gn__yaml *y, int node, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vrecord(y, gn__yaml_line(y, node), gn__yaml_col(y, node), fmt, ap);
  va_end(ap);
}

void gn__yaml_error_at(gn__yaml *y, int line, int col, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vrecord(y, line, col, fmt, ap);
  va_end(ap);
}

/* ------------------------------------------------------------- typed reads */

/* Parses a decimal integer (optional sign) into *v. 0, -1 not an integer,
** -2 too large for a long long. */
static int parse_int(const char *s, long long *v) {
  int neg = 0;
  unsigned long long acc = 0;
  const char *p = s;
  if (*p == '+' || *p == '-') neg = *p++ == '-';
  if (!*p) return -1;
  for (; *p; p++) {
    if (*p < '0' || *p > '9') return -1;
    if (acc > (unsigned long long)LLONG_MAX / 10) return -2;
    acc = acc * 10 + (unsigned)(*p - '0');
    if (acc > (unsigned long long)LLONG_MAX) return -2;
  }
  *v = neg ? -(long long)acc : (long long)acc;
  return 0;
}

/* Exact powers of ten: every one up to 1e22 is a double without rounding. */
#define DIGMAX 64   /* digits of a number, all told */
static const double pow10tab[23] = {
  1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
  1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22
};

/* Parses a decimal number without the C library (whose strtod follows the
** locale): digits, an optional fraction, an optional exponent. With at most
** 15 significant digits and a scale within 1e+-22, one multiplication or
** division of exact doubles gives the correctly rounded value. Returns 0,
** -1 not a number, -2 too many digits or out of range. */
static int parse_num(const char *s, double *v) {
  char dig[DIGMAX];
  int nd = 0, nfrac = 0, seen = 0, e10, first, last, i, neg = 0;
  long long m = 0;
  const char *p = s;
  /* 1) sign, integer part and fraction: all digits in one row */
  if (*p == '+' || *p == '-') neg = *p++ == '-';
  for (; *p >= '0' && *p <= '9'; p++, seen = 1) {
    if (nd == DIGMAX) return -2;
    dig[nd++] = *p;
  }
  if (*p == '.')
    for (p++; *p >= '0' && *p <= '9'; p++, seen = 1, nfrac++) {
      if (nd == DIGMAX) return -2;
      dig[nd++] = *p;
    }
  if (!seen) return -1;
  e10 = -nfrac;
  /* 2) exponent */
  if (*p == 'e' || *p == 'E') {
    long long x;
    int r = parse_int(p + 1, &x);
    if (r == -1) return -1;
    if (r == -2 || x > 400 || x < -400) return -2;
    e10 += (int)x;
  } else if (*p) return -1;
  /* 3) significant digits: leading zeros change nothing, trailing ones scale */
  for (first = 0; first < nd && dig[first] == '0'; first++) {}
  for (last = nd; last > first && dig[last - 1] == '0'; last--) e10++;
  if (first == last) { *v = neg ? -0.0 : 0.0; return 0; }
  if (last - first > 15 || e10 > 22 || e10 < -22) return -2;
  for (i = first; i < last; i++) m = m * 10 + (dig[i] - '0');
  *v = e10 >= 0 ? (double)m * pow10tab[e10] : (double)m / pow10tab[-e10];
  if (neg) *v = -*v;
  return 0;
}

/* 0, or -1 after a diagnostic. */
int gn__yaml_int(gn__yaml *y, int node, const char *key, int min, int max, int *out) {
  char got[64];
  long long v;
  int r;
  const char *s = gn__yaml_text(y, node);
  if (!s || !gn__yaml_plain(y, node) || (r = parse_int(s, &v)) == -1) {
    gn__yaml_error(y, node, "expected an integer for '%s', got %s", key,
                   gn__yaml_got(y, node, got, sizeof got));
    return -1;
  }
  if (r == -2 || v < min || v > max) {
    /* the number as written (a plain integer: no quoting needed) */
    if (min == INT_MIN && max == INT_MAX)
      gn__yaml_error(y, node, "'%s' is too large, got %.40s", key, s);
    else if (max == INT_MAX)
      gn__yaml_error(y, node, "'%s' must be >= %d, got %.40s", key, min, s);
    else if (min == INT_MIN)
      gn__yaml_error(y, node, "'%s' must be <= %d, got %.40s", key, max, s);
    else
      gn__yaml_error(y, node, "'%s' must be %d..%d, got %.40s", key, min, max, s);
    return -1;
  }
  *out = (int)v;
  return 0;
}

/* 0, or -1 after a diagnostic. */
int gn__yaml_num(gn__yaml *y, int node, const char *key, double *out) {
  char got[64];
  double v;
  int r = -1;
  const char *s = gn__yaml_text(y, node);
  if (s && gn__yaml_plain(y, node)) r = parse_num(s, &v);
  if (r == -2) {
    gn__yaml_error(y, node, "number for '%s' has more than 15 significant digits or is "
                   "out of range, got %s", key, gn__yaml_got(y, node, got, sizeof got));
    return -1;
  }
  if (r != 0) {
    gn__yaml_error(y, node, "expected a number for '%s', got %s", key,
                   gn__yaml_got(y, node, got, sizeof got));
    return -1;
  }
  *out = v;
  return 0;
}

/* 0, or -1 after a diagnostic. */
int gn__yaml_bool(gn__yaml *y, int node, const char *key, int *out) {
  char got[64];
  const char *s = gn__yaml_text(y, node);
  if (s && gn__yaml_plain(y, node)) {
    if (!strcmp(s, "true") || !strcmp(s, "True") || !strcmp(s, "TRUE")) { *out = 1; return 0; }
    if (!strcmp(s, "false") || !strcmp(s, "False") || !strcmp(s, "FALSE")) { *out = 0; return 0; }
  }
  gn__yaml_error(y, node, "expected true or false for '%s', got %s", key,
                 gn__yaml_got(y, node, got, sizeof got));
  return -1;
}

/* 0, or -1 after a diagnostic. */
int gn__yaml_str(gn__yaml *y, int node, const char *key, const char **out) {
  char got[64];
  const char *s = gn__yaml_text(y, node);
  if (!s || !*s || is_null(y, node)) {
    gn__yaml_error(y, node, "expected a string for '%s', got %s", key,
                   gn__yaml_got(y, node, got, sizeof got));
    return -1;
  }
  *out = s;
  return 0;
}

/* 0, or -1 after a diagnostic. */
int gn__yaml_seq(gn__yaml *y, int node, const char *key) {
  char got[64];
  if (gn__yaml_kind(y, node) == GN__Y_SEQ) return 0;
  gn__yaml_error(y, node, "expected a list for '%s', got %s", key,
                 gn__yaml_got(y, node, got, sizeof got));
  return -1;
}

/* 0 for a mapping (bad keys recorded), -1 after "expected a mapping". */
int gn__yaml_map(gn__yaml *y, int node, const char *what, const char *const *keys,
                 int *vals) {
  char got[64], hint[96];
  int i, k, n;
  for (k = 0; keys[k]; k++) vals[k] = 0;
  if (gn__yaml_kind(y, node) != GN__Y_MAP) {
    gn__yaml_error(y, node, "expected a mapping for %s, got %s", what,
                   gn__yaml_got(y, node, got, sizeof got));
    return -1;
  }
  n = gn__yaml_len(y, node);
  for (i = 0; i < n; i++) {
    int kn = gn__yaml_key(y, node, i);
    const char *name = gn__yaml_text(y, kn);
    if (!name) {
      gn__yaml_error(y, kn, "expected a key name in %s, got %s", what,
                     gn__yaml_got(y, kn, got, sizeof got));
      continue;
    }
    for (k = 0; keys[k] && strcmp(keys[k], name); k++) {}
    if (keys[k]) {
      if (vals[k]) {
        int j, first = 0;
        for (j = 0; j < i && !first; j++) {
          const char *t = gn__yaml_text(y, gn__yaml_key(y, node, j));
          if (t && !strcmp(t, name)) first = gn__yaml_key(y, node, j);
        }
        gn__yaml_error(y, kn, "duplicate key '%s' in %s (first at line %d)", name, what,
                       gn__yaml_line(y, first));
        continue;
      }
      vals[k] = gn__yaml_value(y, node, i);
    } else {
      gn__ysuggest s;
      gn__yaml_suggest_init(&s, name);
      for (k = 0; keys[k]; k++) gn__yaml_suggest_add(&s, keys[k]);
      gn__yaml_error(y, kn, "unknown key '%s' in %s%s", name, what,
                     gn__yaml_suggest_text(&s, hint, sizeof hint));
    }
  }
  return 0;
}

/* -1 after "missing required key" when val is 0, else 0. */
int gn__yaml_need(gn__yaml *y, int map, int val, const char *key, const char *what) {
  if (val) return 0;
  gn__yaml_error(y, map, "missing required key '%s' in %s", key, what);
  return -1;
}

/* ------------------------------------------------------------- suggestions */

#define DMAX 64   /* longer words are never compared */

static int lower(int c) { return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c; }

/* Optimal string alignment distance, case ignored. Cannot fail. */
int gn__yaml_distance(const char *a, const char *b) {
  int la = (int)strlen(a), lb = (int)strlen(b);
  int r0[DMAX + 1], r1[DMAX + 1], r2[DMAX + 1];
  int *pp = r0, *prev = r1, *cur = r2, *t;
  int i, j;
  if (la > DMAX || lb > DMAX) return DMAX * 2;
  for (j = 0; j <= lb; j++) prev[j] = j;
  for (i = 1; i <= la; i++) {
    cur[0] = i;
    for (j = 1; j <= lb; j++) {
      int cost = lower((unsigned char)a[i - 1]) != lower((unsigned char)b[j - 1]);
      int v = prev[j] + 1;
      if (cur[j - 1] + 1 < v) v = cur[j - 1] + 1;
      if (prev[j - 1] + cost < v) v = prev[j - 1] + cost;
      if (i > 1 && j > 1 && lower((unsigned char)a[i - 1]) == lower((unsigned char)b[j - 2]) &&
          lower((unsigned char)a[i - 2]) == lower((unsigned char)b[j - 1]) && pp[j - 2] + 1 < v)
        v = pp[j - 2] + 1;
      cur[j] = v;
    }
    t = pp; pp = prev; prev = cur; cur = t;
  }
  return prev[lb];
}

void gn__yaml_suggest_init(gn__ysuggest *s, const char *word) {
  s->word = word; s->best = NULL; s->d = 0;
}

/* Keeps cand when it is the closest so far and close enough: one edit for
** words up to 3 letters, two up to 6, three beyond. Cannot fail. */
void gn__yaml_suggest_add(gn__ysuggest *s, const char *cand) {
  int len = (int)strlen(s->word);
  int lim = len <= 3 ? 1 : len <= 6 ? 2 : 3;
  int d = gn__yaml_distance(s->word, cand);
  if (d > lim || d >= len) return;
  if (!s->best || d < s->d) { s->best = cand; s->d = d; }
}

const char *gn__yaml_suggest_text(const gn__ysuggest *s, char *buf, size_t n) {
  if (!s->best) { if (n) buf[0] = 0; return buf; }
  snprintf(buf, n, " (did you mean '%s'?)", s->best);
  return buf;
}
