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

int play_dice_parse(const char *s, const gn_chance *c, int *faces, char *why, size_t n) {
  int need = c->kind == GN_CHANCE_CARD ? 1 : c->dice.ndice;
  s = skip(s);
  if (!strncasecmp(s, "roll", 4) && (s[4] == ' ' || s[4] == '\t' || !s[4])) s = skip(s + 4);
  if (c->kind == GN_CHANCE_CARD) {
    size_t len = strcspn(s, " \t,");
    int card = card_parse(s, len);
    if (card < 0 || *skip(s + len)) {
      snprintf(why, n, "type one card: rank A 2..10 J Q K and suit C D H S, like QH, 10S or AS");
      return -1;
    }
    faces[0] = card;
    return 0;
  }
  int k = 0;
  for (;;) {
    s = skip(s);
    if (!*s) break;
    char *end;
    long v = strtol(s, &end, 10);
    if (end == s) {
      /* "2 hits": a count of dice at or above the target */
      if (c->kind == GN_CHANCE_COUNT && k == 1 && !strncasecmp(s, "hit", 3) &&
          (!strcasecmp(s, "hit") || !strcasecmp(s, "hits"))) {
        int hits = faces[0];
        if (hits < 0 || hits > need || (c->target <= 1 && hits != need)) {
          snprintf(why, n, "%d hits of %d dice cannot be", hits, need);
          return -1;
        }
        for (int i = 0; i < need; i++) faces[i] = i < hits ? c->target : 1;
        return 0;
      }
      snprintf(why, n, "type %d number%s (the faces, in order), like %s", need,
               need == 1 ? "" : "s", need == 1 ? "4" : need == 2 ? "3 5" : "3 5 1");
      return -1;
    }
    if (k < GN_DICE_MAXDICE) faces[k] = v < -1000 ? -1000 : v > 1000 ? 1000 : (int)v;
    k++;
    s = end;
  }
  if (k != need) {
    snprintf(why, n, "%s needs %d number%s, not %d%s", c->spec, need, need == 1 ? "" : "s", k,
             c->kind == GN_CHANCE_COUNT ? " (or type 'N hits')" : "");
    return -1;
  }
  return 0;
}

/* What to roll, for what, and by which rule. */
static void describe(const gn_chance *c) {
  if (c->kind == GN_CHANCE_CARD) {
    printf("  draw a card for %s (ref. %s): type it like QH, 10S or AS\n", c->purpose, c->ref);
  } else if (c->kind == GN_CHANCE_COUNT) {
    printf("  roll %s for %s (ref. %s): each die showing %d or more counts;"
           " type the %d faces, or 'N hits'\n", c->spec, c->purpose, c->ref, c->target,
           c->dice.ndice);
  } else {
    printf("  roll %s for %s (ref. %s): type the %d face%s", c->spec, c->purpose, c->ref,
           c->dice.ndice, c->dice.ndice == 1 ? "" : "s");
    if (c->dice.nterms > 1) {
      printf(" in this order:");
      for (int t = 0; t < c->dice.nterms; t++)
        for (int k = 0; k < c->dice.term[t].count; k++) printf(" d%d", c->dice.term[t].sides);
    }
    printf("\n");
  }
}

/*
** The table dice source.
**   1) a refusal of the last answer: say the engine's reason; else say what to roll
**   2) read an answer; "cancel" abandons the order (nothing is applied)
**   3) an answer that does not parse is asked again (in a script: the order fails)
*/
int play_table_dice(void *ud, const gn_chance *c, const char *refusal, int *faces) {
  play *p = ud;
  char line[PLAY_LINEMAX], why[200];
  if (refusal) printf("  not accepted: %s; again\n", refusal);                     /* 1 */
  else describe(c);
  for (;;) {
    if (!play_read(p, c->kind == GN_CHANCE_CARD ? "card> " : "dice> ", line, sizeof line)) {
      printf("  the input ended while dice were asked: the order is not applied\n");
      return GN_EABORTED;
    }
    const char *s = skip(line);                                                     /* 2 */
    if (!strcasecmp(s, "cancel") || !strcasecmp(s, "abort")) return GN_EABORTED;
    if (play_dice_parse(s, c, faces, why, sizeof why) == 0) return 0;
    printf("  %s\n", why);                                                         /* 3 */
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
