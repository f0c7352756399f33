/*
** data.c: the ruleset data (design decision 5: numbers are data).
**
** Every data/rulesets/<id>/<name>.yaml except rules.yaml (the rules index)
** holds values of one ruleset:
**
**   ruleset: vb                  (optional; if given, the directory's id)
**   title: "Fire combat"         (optional)
**   values:
**     - {key: fire.dice.infantry_brigade, value: 2, provenance: default,
**        ref: VB-B5, note: "why this value"}
**
** The files come from the data directory the game was given, else from the
** texts built into the library (embed.h). Keys are unique across a ruleset's
** files; the loaded values are sorted by key for binary search. Problems are
** diagnostics "file:line:col: message", like a scenario's.
*/
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L   /* opendir; the Makefile defines it too */
#endif
#include "yamldoc.h"
#include "embed.h"

#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One file to read. */
typedef struct source {
  char *path;                 /* for messages (owned) */
  char *text; size_t len;     /* owned when read from disk */
  int owned;
  gn__yaml *y;
} source;

/* A value while the files are read: the datum and where it was written. */
typedef struct draft {
  gn__datum d;
  int src, col, seq;
} draft;

typedef struct dload {
  gn_game *g;
  gn__scen *sc;
  source *src; int nsrc, capsrc;
  draft *dr; int ndr, capdr;
  int oom;
} dload;

/* ------------------------------------------------------------- sources */

/* Adds a source; path is copied, text is owned when owned is 1 (and then
** freed by the loader even when this fails). 0 or GN_ENOMEM. */
static int add_source(dload *D, const char *path, char *text, size_t len, int owned) {
  source *s;
  if (D->nsrc == D->capsrc) {
    int cap = D->capsrc ? D->capsrc * 2 : 16;
    source *ns = gn__realloc(&D->g->alloc, D->src, (size_t)D->capsrc * sizeof *ns,
                             (size_t)cap * sizeof *ns);
    if (!ns) { if (owned) gn__free(D->g, text, len + 1); return GN_ENOMEM; }
    D->src = ns; D->capsrc = cap;
  }
  s = &D->src[D->nsrc];
  memset(s, 0, sizeof *s);
  if (!(s->path = gn__strdup(D->g, path))) {
    if (owned) gn__free(D->g, text, len + 1);
    return GN_ENOMEM;
  }
  s->text = text; s->len = len; s->owned = owned;
  D->nsrc++;
  return 0;
}

/* 1 when name is a data file: <something>.yaml, not rules.yaml, not hidden. */
static int is_data_file(const char *name) {
  size_t n = strlen(name);
  return n > 5 && name[0] != '.' && !strcmp(name + n - 5, ".yaml") && strcmp(name, "rules.yaml") &&
         !strchr(name, '/');
}

static int strp_cmp(const void *a, const void *b) {
  return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Reads a whole file into a new NUL-terminated buffer. 0, GN_EIO or GN_ENOMEM. */
static int read_file(gn_game *g, const char *path, char **out, size_t *len) {
  FILE *f = fopen(path, "rb");
  size_t cap = 4096, n = 0;
  char *buf;
  int err;
  if (!f) return GN_EIO;
  if (!(buf = gn__malloc(g, cap))) { fclose(f); return GN_ENOMEM; }
  for (;;) {
    n += fread(buf + n, 1, cap - n - 1, f);
    if (n < cap - 1) break;
    {
      char *nb = gn__realloc(&g->alloc, buf, cap, cap * 2);
      if (!nb) { gn__free(g, buf, cap); fclose(f); return GN_ENOMEM; }
      buf = nb; cap *= 2;
    }
  }
  err = ferror(f);
  fclose(f);
  if (err) { gn__free(g, buf, cap); return GN_EIO; }
  /* shrink to n + 1 so that the size is known when freeing */
  {
    char *nb = gn__realloc(&g->alloc, buf, cap, n + 1);
    if (!nb) { gn__free(g, buf, cap); return GN_ENOMEM; }
    buf = nb;
  }
  buf[n] = 0;
  *out = buf; *len = n;
  return 0;
}

/* The files of <datadir>/<id>/, in name order. 0, GN_EIO (a diagnostic says
** which) or GN_ENOMEM. */
static int sources_dir(dload *D, const char *datadir, const char *id) {
  gn_game *g = D->g;
  size_t dlen = strlen(datadir) + strlen(id) + 2;
  char *dir = gn__malloc(g, dlen), **names = NULL;
  int n = 0, cap = 0, i, rc = 0;
  DIR *d;
  struct dirent *e;
  if (!dir) return GN_ENOMEM;
  snprintf(dir, dlen, "%s/%s", datadir, id);
  if (!(d = opendir(dir))) {
    rc = gn__diag_add(g, "%s: cannot read the data directory of ruleset '%s': %s", dir, id,
                      strerror(errno));
    gn__free(g, dir, dlen);
    return rc ? rc : GN_EIO;
  }
  /* 1) the names, sorted: readdir's order is the file system's */
  while ((e = readdir(d))) {
    char *c;
    if (!is_data_file(e->d_name)) continue;
    if (n == cap) {
      int nc = cap ? cap * 2 : 16;
      char **nn = gn__realloc(&g->alloc, names, (size_t)cap * sizeof *nn, (size_t)nc * sizeof *nn);
      if (!nn) { rc = GN_ENOMEM; break; }
      names = nn; cap = nc;
    }
    if (!(c = gn__strdup(g, e->d_name))) { rc = GN_ENOMEM; break; }
    names[n++] = c;
  }
  closedir(d);
  if (!rc && n > 1) qsort(names, (size_t)n, sizeof *names, strp_cmp);
  /* 2) each file's text */
  for (i = 0; i < n && !rc; i++) {
    size_t plen = dlen + strlen(names[i]) + 1, len;
    char *path = gn__malloc(g, plen), *text;
    if (!path) { rc = GN_ENOMEM; break; }
    snprintf(path, plen, "%s/%s", dir, names[i]);
    rc = read_file(g, path, &text, &len);
    if (rc == GN_EIO) {
      rc = gn__diag_add(g, "%s: cannot read the file", path);
      if (!rc) rc = GN_EIO;
    } else if (!rc) {
      rc = add_source(D, path, text, len, 1);
    }
    gn__free(g, path, plen);
  }
  for (i = 0; i < n; i++) gn__free(g, names[i], strlen(names[i]) + 1);
  gn__free(g, names, (size_t)cap * sizeof *names);
  gn__free(g, dir, dlen);
  return rc;
}

/* The built-in files of ruleset id (already sorted by path). 0 or GN_ENOMEM. */
static int sources_embedded(dload *D, const char *id) {
  size_t idl = strlen(id);
  int i, rc;
  char path[512];
  for (i = 0; i < gn__nembedded; i++) {
    const struct gn__embed *e = &gn__embedded[i];
    if (strncmp(e->path, id, idl) || e->path[idl] != '/' || !is_data_file(e->path + idl + 1))
      continue;
    snprintf(path, sizeof path, "data/rulesets/%s", e->path);
    if ((rc = add_source(D, path, (char *)e->text, strlen(e->text), 0))) return rc;
  }
  return 0;
}

/* ------------------------------------------------------------- one file */

/* Appends a draft; NULL when out of memory. */
static draft *add_draft(dload *D) {
  if (D->ndr == D->capdr) {
    int cap = D->capdr ? D->capdr * 2 : 64;
    draft *nd = gn__realloc(&D->g->alloc, D->dr, (size_t)D->capdr * sizeof *nd,
                            (size_t)cap * sizeof *nd);
    if (!nd) return NULL;
    D->dr = nd; D->capdr = cap;
  }
  memset(&D->dr[D->ndr], 0, sizeof D->dr[0]);
  return &D->dr[D->ndr++];
}

/* Interned copy for the loader; "" and D->oom on OOM. */
static const char *dkeep(dload *D, const char *s) {
  const char *c = gn__scen_str(D->g, D->sc, s);
  if (!c) { D->oom = 1; return ""; }
  return c;
}

/* 1 when s is a key: one or more of [A-Za-z0-9_.-]. */
static int key_ok(const char *s) {
  if (!*s) return 0;
  for (; *s; s++)
    if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') ||
          *s == '_' || *s == '.' || *s == '-'))
      return 0;
  return 1;
}

/* One entry of 'values'. Problems are recorded in y. 0 or GN_ENOMEM. */
static int read_value(dload *D, int si, int it) {
  static const char *const keys[] = {"key", "value", "provenance", "ref", "note", "source", NULL};
  gn__yaml *y = D->src[si].y;
  int v[6], bad = 0, i, n = 0;
  const char *key = NULL, *prov = NULL, *ref = NULL, *note = NULL, *s;
  double *vals = NULL;
  char got[64];
  draft *dr;

  if (gn__yaml_map(y, it, "value entry", keys, v)) return 0;
  /* 1) key */
  if (gn__yaml_need(y, it, v[0], "key", "value entry") || gn__yaml_str(y, v[0], "key", &key)) {
    bad = 1; key = NULL;
  } else if (!key_ok(key)) {
    gn__yaml_error(y, v[0], "invalid key '%s': use letters, digits, '_', '.' and '-'", key);
    bad = 1;
  }
  /* 2) value: a number or a list of numbers */
  if (gn__yaml_need(y, it, v[1], "value", "value entry")) bad = 1;
  else if (gn__yaml_kind(y, v[1]) == GN__Y_SEQ) {
    n = gn__yaml_len(y, v[1]);
    if (n == 0) {
      gn__yaml_error(y, v[1], "expected a number or a list of numbers for 'value', got an "
                     "empty list");
      bad = 1;
    }
  } else if (gn__yaml_kind(y, v[1]) == GN__Y_SCALAR) {
    n = 1;
  } else {
    gn__yaml_error(y, v[1], "expected a number or a list of numbers for 'value', got %s",
                   gn__yaml_got(y, v[1], got, sizeof got));
    bad = 1;
  }
  if (n > 0) {
    if (!(vals = gn__malloc(D->g, (size_t)n * sizeof *vals))) return GN_ENOMEM;
    for (i = 0; i < n; i++)
      if (gn__yaml_num(y, n == 1 && gn__yaml_kind(y, v[1]) == GN__Y_SCALAR ? v[1]
                       : gn__yaml_item(y, v[1], i), "value", &vals[i]))
        bad = 1;
  }
  /* 3) provenance and rule id */
  if (gn__yaml_need(y, it, v[2], "provenance", "value entry") ||
      gn__yaml_str(y, v[2], "provenance", &prov)) {
    bad = 1;
  } else if (strcmp(prov, "seed") && strcmp(prov, "published") && strcmp(prov, "default")) {
    gn__yaml_error(y, v[2], "'provenance' must be seed, published or default, got '%s'", prov);
    bad = 1;
  }
  if (gn__yaml_need(y, it, v[3], "ref", "value entry") || gn__yaml_str(y, v[3], "ref", &ref)) {
    bad = 1;
  } else if (strpbrk(ref, " \t\r\n,")) {
    gn__yaml_error(y, v[3], "'ref' must be one rule id such as VB-21, got '%s'", ref);
    bad = 1;
  }
  if (v[4] && gn__yaml_str(y, v[4], "note", &note)) bad = 1;
  if (v[5] && gn__yaml_str(y, v[5], "source", &s)) bad = 1;
  if (bad) {
    gn__free(D->g, vals, (size_t)n * sizeof *vals);
    return 0;
  }
  /* 4) keep it */
  if (!(dr = add_draft(D))) { gn__free(D->g, vals, (size_t)n * sizeof *vals); return GN_ENOMEM; }
  dr->d.key = dkeep(D, key);
  dr->d.n = n;
  dr->d.v = vals;
  dr->d.provenance = dkeep(D, prov);
  dr->d.ref = dkeep(D, ref);
  dr->d.note = note ? dkeep(D, note) : NULL;
  dr->d.file = dkeep(D, D->src[si].path);
  dr->d.line = gn__yaml_line(y, v[0]);
  dr->col = gn__yaml_col(y, v[0]);
  dr->src = si;
  dr->seq = D->ndr - 1;
  return 0;
}

/* One file: {ruleset, title, values}; ruleset and title may be left out (the
** directory names the ruleset), but a ruleset given must be the right one.
** 0 or GN_ENOMEM. */
static int read_source(dload *D, int si) {
  static const char *const keys[] = {"ruleset", "title", "values", NULL};
  source *S = &D->src[si];
  int v[3], root, i, rc;
  const char *s;
  if (!(S->y = gn__yaml_open(D->g, S->path))) return GN_ENOMEM;
  rc = gn__yaml_parse(S->y, S->text, S->len);
  if (rc == GN_ENOMEM) return rc;
  if (rc == GN_EPARSE || rc == GN_ELIMIT) return 0;   /* recorded */
  if (!(root = gn__yaml_root(S->y))) {
    gn__yaml_error_at(S->y, 1, 1, "the file is empty: expected a data file mapping "
                      "(ruleset, title, values)");
    return 0;
  }
  if (gn__yaml_map(S->y, root, "the data file", keys, v)) return 0;
  if (v[0] && !gn__yaml_str(S->y, v[0], "ruleset", &s) && strcmp(s, D->sc->rs->id))
    gn__yaml_error(S->y, v[0], "'ruleset' is '%s' but the file holds data of ruleset '%s'",
                   s, D->sc->rs->id);
  if (v[1]) gn__yaml_str(S->y, v[1], "title", &s);
  if (gn__yaml_need(S->y, root, v[2], "values", "the data file") ||
      gn__yaml_seq(S->y, v[2], "values"))
    return 0;
  for (i = 0; i < gn__yaml_len(S->y, v[2]); i++)
    if ((rc = read_value(D, si, gn__yaml_item(S->y, v[2], i)))) return rc;
  return 0;
}

/* ------------------------------------------------------------- the whole */

static int draft_cmp(const void *a, const void *b) {
  const draft *x = a, *z = b;
  int c = strcmp(x->d.key, z->d.key);
  return c ? c : (x->seq > z->seq) - (x->seq < z->seq);
}

/* Frees the loader's sources and drafts (the drafts' values unless kept). */
static void dload_free(dload *D, int keep_values) {
  int i;
  for (i = 0; i < D->nsrc; i++) {
    gn__free(D->g, D->src[i].path, strlen(D->src[i].path) + 1);
    if (D->src[i].owned) gn__free(D->g, D->src[i].text, D->src[i].len + 1);
  }
  gn__free(D->g, D->src, (size_t)D->capsrc * sizeof *D->src);
  if (!keep_values)
    for (i = 0; i < D->ndr; i++)
      gn__free(D->g, D->dr[i].d.v, (size_t)D->dr[i].d.n * sizeof(double));
  gn__free(D->g, D->dr, (size_t)D->capdr * sizeof *D->dr);
}

/* Returns 0, GN_EDATA, GN_EIO or GN_ENOMEM (see yaml.h). */
int gn__data_load(gn_game *g, gn__scen *sc) {
  dload D;
  int rc, i, nerr = 0;
  memset(&D, 0, sizeof D);
  D.g = g; D.sc = sc;
  /* 1) the files */
  rc = g->datadir ? sources_dir(&D, g->datadir, sc->rs->id) : sources_embedded(&D, sc->rs->id);
  /* 2) each file's values */
  for (i = 0; i < D.nsrc && !rc; i++) rc = read_source(&D, i);
  /* 3) keys unique across the files */
  if (!rc && D.ndr > 1) {
    qsort(D.dr, (size_t)D.ndr, sizeof *D.dr, draft_cmp);
    for (i = 1; i < D.ndr; i++) {
      int first = i - 1;
      if (strcmp(D.dr[i].d.key, D.dr[i - 1].d.key)) continue;
      while (first > 0 && !strcmp(D.dr[first - 1].d.key, D.dr[i].d.key)) first--;
      gn__yaml_error_at(D.src[D.dr[i].src].y, D.dr[i].d.line, D.dr[i].col,
                        "duplicate key '%s' (first at %s:%d)", D.dr[i].d.key,
                        D.dr[first].d.file, D.dr[first].d.line);
    }
  }
  /* 4) the diagnostics, file by file */
  for (i = 0; i < D.nsrc; i++) {
    int crc;
    if (!D.src[i].y) continue;
    nerr += gn__yaml_errors(D.src[i].y);
    if (gn__yaml_oom(D.src[i].y) && !rc) rc = GN_ENOMEM;
    crc = gn__yaml_close(D.src[i].y);
    D.src[i].y = NULL;
    if (crc && !rc) rc = crc;
  }
  if (!rc && D.oom) rc = GN_ENOMEM;
  if (!rc && nerr) rc = GN_EDATA;
  if (rc) {
    dload_free(&D, 0);
    if (rc == GN_ENOMEM) return gn__error(g, rc, "out of memory");
    return rc;
  }
  /* 5) keep the values, sorted by key */
  if (D.ndr > 0) {
    if (!(sc->data = gn__malloc(g, (size_t)D.ndr * sizeof *sc->data))) {
      dload_free(&D, 0);
      return gn__error(g, GN_ENOMEM, "out of memory");
    }
    for (i = 0; i < D.ndr; i++) sc->data[i] = D.dr[i].d;
    sc->ndata = D.ndr;
  }
  dload_free(&D, 1);
  return 0;
}

/* Cannot fail. */
void gn__data_free(gn_game *g, gn__scen *sc) {
  int i;
  for (i = 0; i < sc->ndata; i++)
    gn__free(g, sc->data[i].v, (size_t)sc->data[i].n * sizeof *sc->data[i].v);
  gn__free(g, sc->data, (size_t)sc->ndata * sizeof *sc->data);
  sc->data = NULL;
  sc->ndata = 0;
}

/* ------------------------------------------------------------- look-ups */

/* NULL when the key is missing or no scenario is loaded. Cannot fail. */
const gn__datum *gn__data_find(const gn_game *g, const char *key) {
  const gn__scen *sc = g->sc;
  int lo = 0, hi;
  if (!sc || !key) return NULL;
  hi = sc->ndata;
  while (lo < hi) {
    int mid = lo + (hi - lo) / 2, c = strcmp(sc->data[mid].key, key);
    if (c == 0) return &sc->data[mid];
    if (c < 0) lo = mid + 1; else hi = mid;
  }
  return NULL;
}

/* The datum of key holding exactly n numbers, or NULL after GN_EDATA with a
** message naming the key (and where it is written, when the shape is wrong). */
static const gn__datum *need(gn_game *g, const char *key, int n, const char *what) {
  const gn__datum *d = gn__data_find(g, key);
  if (!d) {
    gn__error(g, GN_EDATA, "ruleset data has no key '%s'%s%s", key,
              g->sc ? " for ruleset " : "", g->sc ? g->sc->rs->id : "");
    return NULL;
  }
  if (d->n != n) {
    if (d->n == 1)
      gn__error(g, GN_EDATA, "data key '%s' (%s:%d) is one number, expected %s", key, d->file,
                d->line, what);
    else
      gn__error(g, GN_EDATA, "data key '%s' (%s:%d) is a list of %d numbers, expected %s",
                key, d->file, d->line, d->n, what);
    return NULL;
  }
  return d;
}

/* 1 when v is a whole number an int can hold. */
static int is_int(double v) {
  return v == floor(v) && v >= (double)INT_MIN && v <= (double)INT_MAX;
}

/* 0 or GN_EDATA (missing, a list, or not a whole number). */
int gn__data_int(gn_game *g, const char *key, int *out) {
  const gn__datum *d = need(g, key, 1, "one integer");
  if (!d) return GN_EDATA;
  if (!is_int(d->v[0]))
    return gn__error(g, GN_EDATA, "data key '%s' (%s:%d) is %g, expected an integer", key,
                     d->file, d->line, d->v[0]);
  *out = (int)d->v[0];
  return 0;
}

/* One key of a table row into dst: its numbers, their type, their range;
** a fraction's denominator goes to den. 0 or GN_EDATA. */
static int load_key(gn_game *g, const gn__dfield *f, const char *key, char *dst, char *den) {
  char what[48];
  const char *rs = g->sc && g->sc->rs ? g->sc->rs->id : "?";
  int whole = f->type != GN__DT_NUM;
  if (f->n == 1) snprintf(what, sizeof what, whole ? "one integer" : "one number");
  else snprintf(what, sizeof what, "a list of %d %s", f->n, whole ? "integers" : "numbers");
  const gn__datum *d = need(g, key, f->n, what);
  if (!d) return GN_EDATA;
  for (int i = 0; i < f->n; i++) {
    double v = d->v[i];
    if (whole && !is_int(v))
      return gn__error(g, GN_EDATA, "ruleset %s: data key '%s' (%s:%d, ref. %s): %s%g is not a whole "
                       "number", rs, key, d->file, d->line, f->ref, f->n > 1 ? "an item, " : "", v);
    if (f->type == GN__DT_FRAC && i == 1 ? v <= 0 : (v < f->lo || v > f->hi)) {
      if (f->type == GN__DT_FRAC)
        return gn__error(g, GN_EDATA, "ruleset %s: data key '%s' (%s:%d, ref. %s): the denominator "
                         "must be positive, got %g", rs, key, d->file, d->line, f->ref, v);
      if (f->hi >= GN__DANY)
        return gn__error(g, GN_EDATA, "ruleset %s: data key '%s' (%s:%d, ref. %s): %g is less than %g",
                         rs, key, d->file, d->line, f->ref, v, f->lo);
      if (f->lo <= -GN__DANY)
        return gn__error(g, GN_EDATA, "ruleset %s: data key '%s' (%s:%d, ref. %s): %g is more than %g",
                         rs, key, d->file, d->line, f->ref, v, f->hi);
      return gn__error(g, GN_EDATA, "ruleset %s: data key '%s' (%s:%d, ref. %s): %g is not in %g..%g",
                       rs, key, d->file, d->line, f->ref, v, f->lo, f->hi);
    }
  }
  for (int i = 0; i < f->n; i++) {
    switch (f->type) {
    case GN__DT_INT: ((int *)(void *)dst)[i] = (int)d->v[i]; break;
    case GN__DT_FRAC: *(int *)(void *)(i ? den : dst) = (int)d->v[i]; break;
    default: ((double *)(void *)dst)[i] = d->v[i]; break;
    }
  }
  return 0;
}

int gn__data_table(gn_game *g, const gn__dfield *t, int nt, void *base) {
  char key[128], *b = base;
  int rc;
  for (int r = 0; r < nt; r++) {
    const gn__dfield *f = &t[r];
    if (!f->names) {
      if ((rc = load_key(g, f, f->key, b + f->off, b + f->off2))) return rc;
      continue;
    }
    for (int k = 0; k < f->nnames; k++) {
      const char *name = *(const char *const *)(const void *)((const char *)f->names + (size_t)k * f->nstride);
      snprintf(key, sizeof key, f->key, name);
      if ((rc = load_key(g, f, key, b + f->off + (size_t)k * f->stride, NULL))) return rc;
    }
  }
  return 0;
}

/* The first number of a datum (a list gives its first). 0, or GN_ENOTFOUND when
** the key is missing (or g, out NULL); *out untouched then. */
int gn_data_number(const gn_game *g, const char *key, double *out) {
  const gn__datum *d = g && out ? gn__data_find(g, key) : NULL;
  if (!d || d->n < 1) return GN_ENOTFOUND;
  *out = d->v[0];
  return 0;
}

const char *gn_ref_provenance(const gn_game *g, const char *ref, int value) {
  const char *all = NULL, *held[2] = {NULL, NULL};
  int mixed = 0, hmixed[2] = {0, 0};
  if (!ref || !*ref) return NULL;
  /* 1) the data values of the rule, and those holding the number: [0] as it
  **    is, [1] as a whole multiple (a modifier counted once per die) */
  for (int i = 0; g && g->sc && i < g->sc->ndata; i++) {
    const gn__datum *d = &g->sc->data[i];
    if (strcmp(d->ref, ref)) continue;
    if (!all) all = d->provenance; else if (strcmp(all, d->provenance)) mixed = 1;
    for (int j = 0; j < 2; j++)
      for (int k = 0; k < d->n; k++) {
        double v = d->v[k], q = v != 0 ? (double)value / v : 0;
        if (j == 0 ? v != (double)value : !(q >= 1 && q <= 1000 && q == (double)(int)q)) continue;
        if (!held[j]) held[j] = d->provenance; else if (strcmp(held[j], d->provenance)) hmixed[j] = 1;
        break;
      }
  }
  if (all && !mixed) return all;
  if (all) {
    if (held[0]) return hmixed[0] ? "mixed" : held[0];
    return held[1] && !hmixed[1] ? held[1] : "mixed";
  }
  /* 2) no data value: the rule's own provenance */
  gn_rule_info ri;
  for (int i = 0; gn_rule_get(i, &ri) == 0; i++)
    if (!strcmp(ri.id, ref)) return ri.provenance;
  return NULL;
}

int gn_data_count(const gn_game *g) { return g && g->sc ? g->sc->ndata : 0; }

int gn_data_get(const gn_game *g, int i, gn_datum_info *out) {
  if (!out || i < 0 || i >= gn_data_count(g)) return GN_ENOTFOUND;
  const gn__datum *d = &g->sc->data[i];
  out->key = d->key; out->n = d->n; out->v = d->v; out->provenance = d->provenance;
  out->ref = d->ref; out->note = d->note; out->file = d->file; out->line = d->line;
  return 0;
}

int gn__data_num(gn_game *g, const char *key, double *out) {
  const gn__datum *d = need(g, key, 1, "one number");
  if (!d) return GN_EDATA;
  *out = d->v[0];
  return 0;
}

/* Exactly n integers. 0 or GN_EDATA (missing, another count, not whole). */
int gn__data_list(gn_game *g, const char *key, int n, int *out) {
  char what[48];
  const gn__datum *d;
  int i;
  snprintf(what, sizeof what, "a list of %d integers", n);
  if (!(d = need(g, key, n, what))) return GN_EDATA;
  for (i = 0; i < n; i++)
    if (!is_int(d->v[i]))
      return gn__error(g, GN_EDATA, "data key '%s' (%s:%d): item %d is %g, expected an "
                       "integer", key, d->file, d->line, i + 1, d->v[i]);
  for (i = 0; i < n; i++) out[i] = (int)d->v[i];
  return 0;
}
