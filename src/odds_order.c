/*
** odds_order.c: "what are my chances?" for an order in a live game. The
** order runs under the enumerate source along every path; each leaf's result
** (which units lost what, which changed status) becomes one outcome, named by
** a label. Several orders separated by ';' make a multi-step question; when
** the tree passes the bound, gn_odds samples instead and says so.
*/
#include "core.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define MAXSTEPS 16

typedef struct question {
  char text[1024];
  char *step[MAXSTEPS];
  int nsteps;
  gn__state before;           /* the state the question starts from */
  char (*status0)[96];        /* each unit's status text before */
} question;

/* The label index of text, added if new; -1 on OOM. */
static int label_index(gn_game *g, const char *text) {
  for (int i = 0; i < g->nolabel; i++)
    if (strcmp(g->olabel[i], text) == 0) return i;
  if (g->nolabel == g->capolabel) {
    int cap = g->capolabel ? 2 * g->capolabel : 16;
    char **l = gn__realloc(&g->alloc, g->olabel, g->capolabel * sizeof *l, cap * sizeof *l);
    if (!l) return -1;
    g->olabel = l; g->capolabel = cap;
  }
  if (!(g->olabel[g->nolabel] = gn__strdup(g, text))) return -1;
  return g->nolabel++;
}

void gn__order_odds_clear(gn_game *g) {
  for (int i = 0; i < g->nolabel; i++) gn__free(g, g->olabel[i], strlen(g->olabel[i]) + 1);
  gn__free(g, g->olabel, g->capolabel * sizeof *g->olabel);
  g->olabel = NULL; g->nolabel = g->capolabel = 0;
}

/* Appends to a label, silently cut at its size. */
GN_PRINTF(3, 4) static void cat(char *buf, size_t n, const char *fmt, ...) {
  size_t k = strlen(buf);
  if (k + 1 >= n) return;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf + k, n - k, fmt, ap);
  va_end(ap);
}

/*
** One leaf: apply the steps, then describe what changed.
**   1) apply each order; the first must be accepted (its refusal is the
**      answer), a later one refused in this branch is part of the outcome
**   2) for each unit: strength before -> after, removed, status text
*/
static int leaf(gn_game *g, void *ud, int64_t *outcome) {
  question *q = ud;
  char label[768] = "";
  for (int s = 0; s < q->nsteps; s++) {                                   /* 1 */
    int rc = gn_order_apply(g, q->step[s]);
    if (rc == 0) continue;
    if (s == 0 || (rc != GN_EREFUSED && rc != GN_ESTATE)) return rc;
    cat(label, sizeof label, "order %d refused; ", s + 1);
    break;
  }
  char status[256];
  for (int u = 0; u < g->st.nunits; u++) {                                /* 2 */
    const gn__ustate *a = &q->before.u[u], *b = &g->st.u[u];
    gn_unit_view v;
    gn_unit_view_get(g, u, GN_UMPIRE, &v);
    snprintf(status, sizeof status, "%s", v.status);
    int changed = a->strength != b->strength || a->removed != b->removed ||
                  strncmp(status, q->status0[u], sizeof q->status0[u] - 1) != 0;
    if (!changed) continue;
    cat(label, sizeof label, "%s%s", label[0] && label[strlen(label) - 2] != ';' ? "; " : "", v.code);
    if (a->strength != b->strength) cat(label, sizeof label, " %d->%d", a->strength, b->strength);
    if (b->removed && !a->removed) cat(label, sizeof label, " removed");
    else if (status[0]) cat(label, sizeof label, " (%s)", status);
  }
  if (!label[0]) snprintf(label, sizeof label, "no change");
  int k = label_index(g, label);
  if (k < 0) return gn__error(g, GN_ENOMEM, "out of memory");
  *outcome = k;
  return 0;
}

int gn_order_odds(gn_game *g, const char *orders, const gn_odds_opts *opts, gn_dist *dist) {
  if (!g || !orders || !dist) return GN_EINVAL;
  if (!g->started) return gn__error(g, GN_ESTATE, "the game has not started");
  question *q = gn__calloc(g, 1, sizeof *q);
  if (!q) return gn__error(g, GN_ENOMEM, "out of memory");
  if (strlen(orders) >= sizeof q->text) {
    gn__free(g, q, sizeof *q);
    return gn__error(g, GN_ESYNTAX, "question too long");
  }
  strcpy(q->text, orders);
  for (char *p = q->text, *tok; (tok = strtok_r(p, ";", &p)) != NULL;) {
    while (*tok == ' ') tok++;
    if (!*tok) continue;
    if (q->nsteps == MAXSTEPS) {
      gn__free(g, q, sizeof *q);
      return gn__error(g, GN_ESYNTAX, "at most %d orders in one question", MAXSTEPS);
    }
    q->step[q->nsteps++] = tok;
  }
  int rc = q->nsteps ? gn__state_alloc(g, &q->before, g->st.nunits, g->st.nformations, g->st.nobjectives)
                     : gn__error(g, GN_ESYNTAX, "no order to weigh");
  if (rc == 0 && !(q->status0 = gn__calloc(g, g->st.nunits ? g->st.nunits : 1, sizeof *q->status0)))
    rc = gn__error(g, GN_ENOMEM, "out of memory");
  for (int u = 0; rc == 0 && u < g->st.nunits; u++) {
    gn_unit_view v;
    gn_unit_view_get(g, u, GN_UMPIRE, &v);
    snprintf(q->status0[u], sizeof q->status0[u], "%.*s", (int)sizeof q->status0[u] - 1, v.status);
  }
  if (rc == 0) {
    gn__state_copy(&q->before, &g->st);
    gn__order_odds_clear(g);
    int nev = g->nev;
    rc = gn_odds(g, leaf, q, opts, dist);
    gn__events_truncate(g, nev);   /* a live game's log keeps only what happened */
  }
  if (q->before.u) gn__state_free(g, &q->before);
  gn__free(g, q->status0, (g->st.nunits ? g->st.nunits : 1) * sizeof *q->status0);
  gn__free(g, q, sizeof *q);
  return rc;
}

const char *gn_order_odds_label(const gn_game *g, int64_t outcome) {
  return (outcome >= 0 && outcome < g->nolabel) ? g->olabel[outcome] : "";
}
