/*
** play-dice.c: dice at the table. With `dice table` the engine asks, at each
** chance point, which dice to roll and for what (the chance point's spec,
** purpose and rule id); the players roll their own dice and type the faces
** ("3 5 1", "3,5,1"), a card ("QH", "10S", "AS"), or for a count of hits
** just "2 hits". The engine checks every answer against the dice and refuses
** an impossible one with its reason; the session then asks again. In a
** script the answers are the script's next lines ("roll 3 5 1" or "3 5 1").
**
** Cards: rank A 2..10 J Q K, suit C D H S (clubs, diamonds, hearts, spades);
** card number = 13 x suit + rank - 1, as GN_CARD_RANK/GN_CARD_SUIT read it.
*/
#include "play.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const char ranks[][3] = {"A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"};
static const char suits[] = "CDHS";

const char *play_card_name(int card, char *buf) {
  if (card < 0 || card > 51) { strcpy(buf, "?"); return buf; }
  snprintf(buf, 4, "%s%c", ranks[GN_CARD_RANK(card) - 1], suits[GN_CARD_SUIT(card)]);
  return buf;
}

/* "QH" -> 37; -1 when it is no card. */
static int card_parse(const char *s, size_t len) {
  if (len < 2 || len > 3) return -1;
  const char *su = strchr(suits, toupper((unsigned char)s[len - 1]));
  if (!su || !*su) return -1;
  int rank = -1;
  if (len == 2) {
    int ch = toupper((unsigned char)s[0]);
    if (ch == 'A') rank = 1;
    else if (ch == 'J') rank = 11;
    else if (ch == 'Q') rank = 12;
    else if (ch == 'K') rank = 13;
    else if (ch == 'T') rank = 10;
    else if (ch >= '2' && ch <= '9') rank = ch - '0';
  } else if (s[0] == '1' && s[1] == '0') {
    rank = 10;
  }
  return rank < 0 ? -1 : (int)(su - suits) * 13 + rank - 1;
}

static const char *skip(const char *s) {
  while (*s == ' ' || *s == '\t' || *s == ',') s++;
  return s;
}

/* The length of the token at s (up to a blank or a comma). */
static size_t toklen(const char *s) { return strcspn(s, " \t,"); }

static int is_hits(const char *s, size_t len) {
  return (len == 3 && !strncasecmp(s, "hit", 3)) || (len == 4 && !strncasecmp(s, "hits", 4));
}

static int is_number(const char *s, size_t len) {
  size_t i = (len > 1 && s[0] == '-') ? 1 : 0;
  if (i == len) return 0;
  for (; i < len; i++)
    if (!isdigit((unsigned char)s[i])) return 0;
  return 1;
}

/*
** Checks a whole line of answers before any of it is used: every token is a
** number, 'hits' after a number, or a card, and no card comes twice (one deck
** holds each card once). 0, or -1 with the reason in why.
*/
static int check_line(const char *s, char *why, size_t n) {
  int seen[52] = {0}, prev_number = 0;
  for (s = skip(s); *s; s = skip(s)) {
    size_t len = toklen(s);
    int card = card_parse(s, len);
    if (is_number(s, len)) prev_number = 1;
    else if (is_hits(s, len) && prev_number) prev_number = 0;
    else if (card >= 0) {
      char name[4];
      if (seen[card]++) {
        snprintf(why, n, "%s is typed twice: a deck holds each card once", play_card_name(card, name));
        return -1;
      }
      prev_number = 0;
    } else {
      snprintf(why, n, "'%.*s' is neither a die's face, 'N hits' nor a card (like QH, 10S, AS)",
               (int)(len > 40 ? 40 : len), s);
      return -1;
    }
    s += len;
  }
  return 0;
}

/*
** Takes the answer to chance point c from the front of s into faces and sets
** *rest to what is left for the next chance points of the same order.
**   card: one card; dice: as many numbers as dice; a count of hits: the faces
**   or 'N hits', given to the engine as the count itself (GN_DICE_HITS).
** 0, or -1 with the reason in why.
*/
static int take(const char *s, const gn_chance *c, int *faces, const char **rest, char *why, size_t n) {
  int need = c->kind == GN_CHANCE_CARD ? 1 : c->dice.ndice;
  s = skip(s);
  if (!strncasecmp(s, "roll", 4) && (s[4] == ' ' || s[4] == '\t' || !s[4])) s = skip(s + 4);
  if (c->kind == GN_CHANCE_CARD) {
    size_t len = toklen(s);
    int card = card_parse(s, len);
    if (card < 0) {
      snprintf(why, n, "type a card: rank A 2..10 J Q K and suit C D H S, like QH, 10S or AS");
      return -1;
    }
    faces[0] = card;
    *rest = skip(s + len);
    return 0;
  }
  if (c->kind == GN_CHANCE_COUNT && is_number(s, toklen(s))) {
    const char *w = skip(s + toklen(s));
    if (is_hits(w, toklen(w))) {
      long hits = strtol(s, NULL, 10);
      if (hits < 0 || hits > 1000) {
        snprintf(why, n, "%ld hits cannot be", hits);
        return -1;
      }
      faces[0] = GN_DICE_HITS((int)hits);   /* the count as typed: the engine checks it */
      *rest = skip(w + toklen(w));
      return 0;
    }
  }
  int k = 0;
  for (; k < need; k++) {
    s = skip(s);
    size_t len = toklen(s);
    if (!*s || !is_number(s, len)) break;
    long v = strtol(s, NULL, 10);
    faces[k] = v < -1000 ? -1000 : v > 1000 ? 1000 : (int)v;
    s += len;
  }
  if (k != need) {
    snprintf(why, n, "%s needs %d number%s, not %d%s", c->spec, need, need == 1 ? "" : "s", k,
             c->kind == GN_CHANCE_COUNT ? " (or type 'N hits')" : "");
    return -1;
  }
  *rest = skip(s);
  return 0;
}

int play_dice_parse(const char *s, const gn_chance *c, int *faces, char *why, size_t n) {
  const char *rest = "";
  if (check_line(!strncasecmp(skip(s), "roll", 4) ? skip(s) + 4 : s, why, n)) return -1;
  if (take(s, c, faces, &rest, why, n)) return -1;
  if (*rest) {
    snprintf(why, n, "%s: more than this chance point asks for ('%.40s' is left over)", c->spec, rest);
    return -1;
  }
  return 0;
}

/* Who rolls: the side of the unit concerned (or whose deck), as the viewer knows it. */
static const char *roller(const play *p, const gn_chance *c) {
  if (c->kind == GN_CHANCE_CARD) return gn_side_name(p->g, c->side);
  gn_unit_view v;
  if (c->unit >= 0 && gn_unit_view_get(p->g, c->unit, p->viewer, &v) == 0 && v.known)
    return gn_side_name(p->g, v.side);
  return NULL;
}

/* The unit concerned, by the one name units go by at the table (its code). */
static const char *concerned(const play *p, const gn_chance *c) {
  gn_unit_view v;
  if (c->unit >= 0 && gn_unit_view_get(p->g, c->unit, p->viewer, &v) == 0 && v.known)
    return v.code && *v.code ? v.code : v.id;
  return NULL;
}

/* What the rule needs of the draw, as the rules code said it (NULL when it
** said nothing, or the viewer may not know it: the enemy's hidden grade). */
static const char *need_told(const play *p, const gn_chance *c) {
  if (!c->need) return NULL;
  if (p->viewer != GN_UMPIRE && !(c->visible & (1u << p->viewer))) return NULL;
  return c->need;
}

/* 1 when what the rules say a roll needs is a target to reach ("4 or less
** to pass"), read after "needs"; not a table of what each face does ("1-2
** may not pursue", "1 bugler, 2 flag bearer", "9 or more recovers a step"). */
static int is_target(const char *need) {
  size_t d = strspn(need, "0123456789");
  return d > 0 && (!strncmp(need + d, " or less to ", 12) || !strncmp(need + d, " or more to ", 12));
}

/* "face" for one die, "3 faces" for several; into buf of n bytes. */
static const char *faces(int dice, char *buf, size_t n) {
  if (dice == 1) snprintf(buf, n, "face");
  else snprintf(buf, n, "%d faces", dice);
  return buf;
}

/* Who rolls, what, for what, what it needs and by which rule, and what to type. */
static void describe(const play *p, const gn_chance *c) {
  const char *who = roller(p, c), *unit = concerned(p, c), *need = need_told(p, c);
  char head[GN_TEXT_MAX + 96], ref[64] = "", count[24];
  snprintf(head, sizeof head, "%s%s", who ? who : "", who ? ": " : "");
  if (!need || !strstr(need, c->ref)) snprintf(ref, sizeof ref, " (ref. %s)", c->ref);
  int n = c->dice.ndice;
  if (c->kind == GN_CHANCE_CARD && c->count > 1) {
    printf("  %sdraw card %d of %d for %s%s", head, c->index, c->count, c->purpose, ref);
  } else if (c->kind == GN_CHANCE_CARD) {
    printf("  %sdraw a card for %s%s", head, c->purpose, ref);
  } else {
    printf("  %sroll %s for %s%s", head, c->spec, c->purpose, ref);
  }
  if (unit && !strstr(c->purpose, unit)) printf(", unit %s", unit);
  if (need) printf(": %s%s", is_target(need) ? "needs " : "", need);
  else if (c->need) printf(": what it needs is hidden from this side");
  const char *sep = c->need ? ";" : ":";
  if (c->kind == GN_CHANCE_CARD && c->count > 1 && c->index > 1) {
    printf("\n");   /* the rest of a hand: how to type it was said at its first card */
  } else if (c->kind == GN_CHANCE_CARD) {
    printf("%s type it like QH, 10S or AS (a whole hand on one line: AS 7C 8D)\n", sep);
  } else if (c->kind == GN_CHANCE_COUNT) {
    printf("%s each die showing %d or more counts; type the %s, or 'N hits'\n", sep, c->target,
           faces(n, count, sizeof count));
  } else {
    printf("%s type the %s", sep, faces(n, count, sizeof count));
    if (c->dice.nterms > 1) {
      printf(" in this order:");
      for (int t = 0; t < c->dice.nterms; t++)
        for (int k = 0; k < c->dice.term[t].count; k++) printf(" d%d", c->dice.term[t].sides);
    }
    printf("\n");
  }
}

/* Drops what is left of the line typed, saying so. */
static void drop_pending(play *p, const char *why) {
  if (p->pending[0]) printf("  the rest of the line typed (%s) is not used: %s\n", p->pending, why);
  p->pending[0] = 0;
}

void play_dice_leftover(play *p) {
  drop_pending(p, "the order asked for no more");
}

/*
** The table dice source.
**   1) a refusal of the last answer: say the engine's reason and drop the
**      rest of that line; else say who rolls what
**   2) the rest of a line typed for an earlier chance point of this order
**      answers this one first
**   3) read an answer; "cancel" abandons the order (nothing is applied); the
**      whole line is checked before any of it is used
**   4) an answer that does not fit is asked again (in a script: the order fails)
*/
int play_table_dice(void *ud, const gn_chance *c, const char *refusal, int *faces) {
  play *p = ud;
  char line[PLAY_LINEMAX], why[200];
  const char *rest;
  if (refusal) {                                                                   /* 1 */
    printf("  not accepted: %s; again\n", refusal);
    drop_pending(p, "an answer before it was refused");
  }
  describe(p, c);
  if (p->pending[0]) {                                                             /* 2 */
    snprintf(line, sizeof line, "%s", p->pending);
    p->pending[0] = 0;
    if (take(line, c, faces, &rest, why, sizeof why) == 0) {
      printf("  %s (from the line typed)\n", line);
      snprintf(p->pending, sizeof p->pending, "%s", rest);
      return 0;
    }
    printf("  the rest of the line typed (%s) does not answer this: %s\n", line, why);
  }
  for (;;) {
    if (!play_read(p, c->kind == GN_CHANCE_CARD ? "card> " : "dice> ", line, sizeof line)) {
      printf("  the input ended while dice were asked: the order is not applied\n");
      return GN_EABORTED;
    }
    const char *s = skip(line);                                                     /* 3 */
    if (!strcasecmp(s, "cancel") || !strcasecmp(s, "abort")) return GN_EABORTED;
    const char *body = !strncasecmp(s, "roll", 4) && (s[4] == ' ' || s[4] == '\t' || !s[4]) ? s + 4 : s;
    if (check_line(body, why, sizeof why) == 0 && take(s, c, faces, &rest, why, sizeof why) == 0) {
      snprintf(p->pending, sizeof p->pending, "%s", rest);
      return 0;
    }
    printf("  not accepted: %s; nothing of the line is used\n", why);                /* 4 */
    if (p->script) {
      printf("  %s:%d: the script gives '%s' where %s %s asked\n", p->script_name, p->lineno,
             line, c->kind == GN_CHANCE_CARD ? "a card" : "dice", c->kind == GN_CHANCE_CARD ? "was" : "were");
      return GN_EABORTED;
    }
  }
}

void play_dice_apply(play *p) {
  if (p->table) gn_dice_use_table(p->g, play_table_dice, p);
  else gn_dice_use_rng(p->g);
}
