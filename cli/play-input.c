/*
** play-input.c: where the session's lines come from. On a terminal, libedit:
** line editing, history, and tab completion of order words, session commands,
** unit codes and side ids. From a script (--script FILE) or a pipe: plain
** lines, echoed after the prompt so that the output reads like the session.
*/
#include "play.h"

#include <editline/readline.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

/* libedit's completion hooks take no user data: the session being edited.
** Set by play_input_begin, cleared by play_input_end; one session per process. */
static play *editing;

/* ------------------------------------------------------------ completion */

#define MAXWORDS 1024

typedef struct words { const char *w[MAXWORDS]; char own[MAXWORDS][32]; int n; } words;

static void add(words *ws, const char *w) {
  if (!w || !*w || ws->n >= MAXWORDS) return;
  for (int i = 0; i < ws->n; i++)
    if (!strcmp(ws->w[i], w)) return;
  ws->w[ws->n++] = w;
}

/* Adds one lowercase literal word of a help line ("to", "attack"). */
static void add_literal(words *ws, const char *p, size_t len) {
  if (len == 0 || len >= 32 || ws->n >= MAXWORDS) return;
  for (size_t i = 0; i < len; i++)
    if (!((p[i] >= 'a' && p[i] <= 'z') || (i > 0 && p[i] == '-'))) return;
  memcpy(ws->own[ws->n], p, len);
  ws->own[ws->n][len] = 0;
  add(ws, ws->own[ws->n]);
}

/* 1 when the bracketed text [b, e) is syntax ("[facing DEG]"): it holds a
** placeholder in capitals. Else it is an explanation ("[forms march column]"). */
static int syntax_group(const char *b, const char *e) {
  for (const char *p = b; p < e; p++)
    if (p[0] >= 'A' && p[0] <= 'Z' && p + 1 < e && p[1] >= 'A' && p[1] <= 'Z') return 1;
  return 0;
}

/* Adds the literal words of a verb's help: the words of its syntax (before
** any ':'), leaving out placeholders and bracketed explanations. */
static void add_help_words(words *ws, const char *help) {
  const char *end = help + strcspn(help, ":");
  for (const char *p = help; p < end;) {
    if (*p == '[') {
      const char *close = memchr(p, ']', (size_t)(end - p));
      if (!close) close = end;
      if (!syntax_group(p, close)) { p = close; continue; }
      p++;
      continue;
    }
    size_t len = strcspn(p, " []|,:");
    if (p + len > end) len = (size_t)(end - p);
    add_literal(ws, p, len);
    p += len ? len : 1;
  }
}

/* Every word the session understands now. */
static void gather(const play *p, words *ws) {
  ws->n = 0;
  for (int i = 0; play_command_names[i]; i++) add(ws, play_command_names[i]);
  add(ws, "umpire");
  add(ws, "auto");
  add(ws, "table");
  add(ws, "--umpire");
  add(ws, "--as");
  if (!p || !p->g) return;
  for (int i = 0; i < gn_order_verb_count(p->g); i++) {
    add(ws, gn_order_verb(p->g, i));
    const char *h = gn_order_help(p->g, gn_order_verb(p->g, i));
    if (h) add_help_words(ws, h);
  }
  for (int s = 0; s < gn_side_count(p->g); s++) add(ws, gn_side_id(p->g, s));
  for (int u = 0; u < gn_unit_count(p->g); u++) {
    gn_unit_view v;
    if (gn_unit_view_get(p->g, u, p->viewer, &v) == 0 && v.known && !v.removed)
      add(ws, v.code && *v.code ? v.code : v.id);
  }
}

static char *generate(const char *text, int state) {
  static words ws;
  static int next;
  if (!state) { gather(editing, &ws); next = 0; }
  size_t len = strlen(text);
  while (next < ws.n) {
    const char *w = ws.w[next++];
    if (!strncasecmp(w, text, len)) {
      char *s = malloc(strlen(w) + 1);
      if (s) strcpy(s, w);
      return s;
    }
  }
  return NULL;
}

static char **complete(const char *text, int start, int end) {
  (void)start; (void)end;
  rl_attempted_completion_over = 1;   /* no file names */
  return rl_completion_matches(text, generate);
}

void play_input_begin(play *p) {
  p->tty = !p->script && isatty(STDIN_FILENO) && isatty(STDOUT_FILENO);
  if (!p->tty) return;
  editing = p;
  rl_readline_name = "grognard";
  rl_attempted_completion_function = complete;
  using_history();
}

void play_input_end(play *p) {
  if (p->tty) clear_history();
  editing = NULL;
}

/* ----------------------------------------------------------------- lines */

/* Reads a line from f into buf without its end: 1, or 0 at the end of the
** file, or -1 for a line holding a NUL byte (read to its end, so the next
** line is read whole). A line longer than the buffer is cut. */
static int get_line(FILE *f, char *buf, size_t n) {
  size_t len = 0;
  int ch, nul = 0, any = 0;
  while ((ch = fgetc(f)) != EOF) {
    any = 1;
    if (ch == '\n') break;
    if (ch == 0) {   /* shown as ^@ in the echo of the refused line */
      nul = 1;
      if (len + 3 < n) { buf[len++] = '^'; buf[len++] = '@'; }
    } else if (len + 1 < n) {
      buf[len++] = (char)ch;
    }
  }
  if (!any) return 0;
  buf[len] = 0;
  if (len && buf[len - 1] == '\r') buf[--len] = 0;
  return nul ? -1 : 1;
}

int play_read(play *p, const char *prompt, char *buf, size_t n) {
  if (p->eof) return 0;
  if (p->tty) {
    fflush(stdout);
    char *line = readline(prompt);
    if (!line) { p->eof = 1; fputc('\n', stdout); return 0; }
    snprintf(buf, n, "%s", line);
    const char *s = line;
    while (*s == ' ' || *s == '\t') s++;
    if (*s) add_history(line);
    free(line);
    return 1;
  }
  /* a script or a pipe: skip blank lines and # comments of a script */
  FILE *f = p->script ? p->script : stdin;
  for (;;) {
    int got = get_line(f, buf, n);
    if (!got) { p->eof = 1; return 0; }
    p->lineno++;
    if (got < 0) {
      printf("%s%s\n  line %d holds a NUL byte: refused, nothing of it is run\n", prompt, buf, p->lineno);
      p->failed = 1;
      continue;
    }
    const char *s = buf;
    while (*s == ' ' || *s == '\t') s++;
    if (p->script && (*s == 0 || *s == '#')) continue;
    printf("%s%s\n", prompt, buf);
    fflush(stdout);
    return 1;
  }
}
