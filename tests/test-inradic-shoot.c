/*
** test-inradic-shoot.c: shooting by cards (ref. IN-R1, IN-R2, IN-R3, IN-R4, IN-R5, IN-R6, IN-R7, IN-R8, IN-R9, IN-B1, IN-B2, IN-B3, IN-B4, IN-B5), with
** scripted cards and dice.
*/
#include "inradic-helpers.h"

/* Red shooters at y=40 facing north, blue targets north of them facing south. */

/* ref. IN-R1, IN-B1, IN-B3, IN-B5, IN-M1: 10 figures draw 4 cards at half range
** (need 6): 6 hits, 5 misses, a Jack misses, an Ace hits; 2 figures fall and the
** target tests morale. */
static void fire_four_cards(void **state) {
  (void)state;
  gn_game *g = mk("units:\n" RED("r1", "foot", 50, 40, 10, "weapon: musket")
                  BLUE("b1", "foot", 50, 50, 10, "weapon: musket"));
  int e0 = gn_event_count(g);
  SCRIPT(g, CARD(6, 0), CARD(5, 0), CARD(11, 0), CARD(1, 1), /* morale d10 */ 8);
  ok(g, "fire r1 at b1");
  assert_int_equal(count_kind(g, e0, "card"), 4);
  assert_int_equal(last_kind(g, "fire")->total, 2);
  assert_int_equal(mod(last_kind(g, "fire"), "the value needed within half range"), 0);   /* a note */
  assert_string_equal(last_kind(g, "fire")->text,
                      "r1 fires at b1 within half range: 4 cards, each needing 6 or more; 2 hits");
  assert_int_equal(strength(g, "b1"), 8);
  assert_int_equal(attr(g, "b1", "privates"), 8);
  const gn_event *m = last_kind(g, "morale");
  assert_string_equal(m->ref, "IN-M1");
  assert_int_equal(m->total, 8);                  /* 8 <= 8 figures: passes */
  assert_int_equal(attr(g, "b1", "status"), 0);
  gn_game_free(g);
}

/* ref. IN-R1, IN-R2: 6 men and a hero draw 2 + 2 + 3 = 7 cards; picture cards
** miss, no casualty, no morale test. 5 figures draw exactly 2. */
static void remainder_and_hero_cards(void **state) {
  (void)state;
  gn_game *g = mk("units:\n" RED("r1", "foot", 50, 40, 7, "hero: 1") RED("r2", "foot", 60, 40, 5, "")
                  BLUE("b1", "foot", 50, 50, 10, "") BLUE("b2", "foot", 60, 50, 10, ""));
  int e0 = gn_event_count(g);
  SCRIPT(g, CARD(11, 0), CARD(12, 0), CARD(13, 0), CARD(11, 1), CARD(12, 1), CARD(13, 1), CARD(11, 2));
  ok(g, "fire r1 at b1");
  assert_int_equal(count_kind(g, e0, "card"), 7);
  assert_int_equal(count_kind(g, e0, "morale"), 0);
  assert_int_equal(strength(g, "b1"), 10);
  e0 = gn_event_count(g);
  SCRIPT(g, CARD(2, 2), CARD(3, 2));
  ok(g, "fire r2 at b2");
  assert_int_equal(count_kind(g, e0, "card"), 2);
  gn_game_free(g);
}

/* ref. IN-R3: a lone figure draws 2 cards but scores at most 1 hit. */
static void fraction_cap(void **state) {
  (void)state;
  gn_game *g = mk("units:\n" RED("r1", "foot", 50, 40, 1, "") BLUE("b1", "foot", 50, 50, 10, ""));
  SCRIPT(g, CARD(7, 0), CARD(8, 0), /* morale */ 1);
  ok(g, "fire r1 at b1");
  const gn_event *f = last_kind(g, "fire");
  assert_int_equal(f->total, 1);
  assert_int_equal(mod(f, "fraction under five alone"), -1);
  assert_int_equal(strength(g, "b1"), 9);
  gn_game_free(g);
}

/* ref. IN-R4: musket 16 in, bow 12 in, edge to edge. */
static void weapon_ranges(void **state) {
  (void)state;
  gn_game *g = mk("units:\n" RED("r1", "foot", 50, 40, 5, "weapon: musket")
                  RED("r2", "foot", 20, 40, 5, "weapon: bow")
                  BLUE("b1", "foot", 50, 58, 5, "") BLUE("b2", "foot", 20, 54.5, 5, "")
                  BLUE("b3", "foot", 80, 58.5, 5, "") RED("r3", "foot", 80, 40, 5, "weapon: rifle"));
  refused(g, "fire r2 at b2", "IN-R4");           /* 12.5 in > 12 */
  refused(g, "fire r3 at b3", "IN-R4");           /* 16.5 in > 16 */
  SCRIPT(g, CARD(2, 0), CARD(3, 0));              /* 16 in: in range, beyond half: two misses */
  ok(g, "fire r1 at b1");
  assert_int_equal(last_kind(g, "fire")->total, 0);
  gn_game_free(g);
}

/* ref. IN-B1: beyond half range a card needs 8: said as the value needed,
** not as a modifier (the range is a note of the rule it comes from). */
static void long_range_needs_eight(void **state) {
  (void)state;
  gn_game *g = mk("units:\n" RED("r1", "foot", 50, 40, 5, "") BLUE("b1", "foot", 50, 54, 10, ""));
  SCRIPT(g, CARD(7, 0), CARD(8, 0), /* morale */ 2);
  ok(g, "fire r1 at b1");
  const gn_event *f = last_kind(g, "fire");
  assert_string_equal(f->text, "r1 fires at b1 beyond half range: 2 cards, each needing 8 or more; 1 hit");
  assert_int_equal(f->nmods, 1);
  assert_int_equal(mod(f, "the value needed beyond half range"), 0);
  assert_int_equal(last_kind(g, "fire")->total, 1);
  assert_int_equal(strength(g, "b1"), 9);
  gn_game_free(g);
}

/* ref. IN-B2, IN-M10: a target in woods (soft cover) needs +2 (8 at half
** range); its morale test takes -1 for the one die. */
static void soft_cover(void **state) {
  (void)state;
  gn_game *g = mk("units:\n" RED("r1", "foot", 50, 40, 10, "") BLUE("b1", "foot", 50, 50, 10, "")
                  "terrain:\n  - {id: w, kind: woods, area: [[45, 47], [55, 47], [55, 53], [45, 53]]}\n");
  SCRIPT(g, CARD(7, 0), CARD(8, 0), CARD(9, 0), CARD(1, 0), /* morale d10 */ 8);
  ok(g, "fire r1 at b1");
  assert_int_equal(mod(last_kind(g, "fire"), "soft cover, on the value needed"), 2);
  assert_string_equal(last_kind(g, "fire")->text,
                      "r1 fires at b1 within half range: 4 cards, each needing 8 or more; 3 hits");
  assert_int_equal(strength(g, "b1"), 7);
  const gn_event *m = last_kind(g, "morale");
  assert_int_equal(mod(m, "soft cover"), -1);
  assert_int_equal(m->total, 7);                  /* 8 - 1 <= 7: passes */
  assert_int_equal(attr(g, "b1", "status"), 0);
  gn_game_free(g);
}

/* ref. IN-B2: a building is hard cover: +4, so 10 or an Ace. */
static void hard_cover(void **state) {
  (void)state;
  gn_game *g = mk("units:\n" RED("r1", "foot", 50, 40, 10, "") BLUE("b1", "foot", 50, 50, 10, "")
                  "terrain:\n  - {id: h, kind: building, area: [[45, 47], [55, 47], [55, 53], [45, 53]]}\n");
  SCRIPT(g, CARD(9, 0), CARD(10, 0), CARD(1, 0), CARD(12, 0), /* morale d10 */ 10);
  ok(g, "fire r1 at b1");
  assert_int_equal(mod(last_kind(g, "fire"), "hard cover, on the value needed"), 4);
  assert_int_equal(strength(g, "b1"), 8);
  assert_int_equal(mod(last_kind(g, "morale"), "hard cover"), -3);
  assert_int_equal(last_kind(g, "morale")->total, 7);
  gn_game_free(g);
}

/* ref. IN-B4: cards are drawn without replacement (a card twice in one deck is
** refused and nothing changes) and the deck is reshuffled when it runs out. */
static void deck_without_replacement(void **state) {
  (void)state;
  gn_game *g = mk("units:\n" RED("r1", "foot", 50, 40, 10, "") BLUE("b1", "foot", 50, 50, 10, ""));
  SCRIPT(g, CARD(6, 0), CARD(6, 0), CARD(2, 1), CARD(3, 1));
  assert_int_equal(gn_order_apply(g, "fire r1 at b1"), GN_EDICE);
  assert_int_equal(strength(g, "b1"), 10);
  gn_game_free(g);
  /* 135 figures draw 54 cards: the whole deck, then two from a fresh deck */
  g = mk("units:\n" RED("r1", "foot", 50, 40, 135, "") BLUE("b1", "foot", 50, 50, 200, ""));
  int v[54 + 20];
  for (int i = 0; i < 52; i++) v[i] = i;
  v[52] = CARD(1, 0); v[53] = CARD(2, 0);
  for (int i = 0; i < 20; i++) v[54 + i] = 1;     /* morale 20d10, all ones */
  assert_int_equal(gn_dice_script(g, v, 74), 0);
  ok(g, "fire r1 at b1");
  assert_int_equal(last_kind(g, "fire")->total, 25);   /* 6 hits a suit, and the Ace again */
  assert_int_equal(strength(g, "b1"), 175);
  gn_game_free(g);
}

/* ref. IN-R5: a crewed MG draws 4 cards, 8 under half its 20 in range (at
** exactly 10 in, not under: 4). */
static void machine_gun_cards(void **state) {
  (void)state;
  gn_game *g = mk("units:\n" RED("mg", "gun", 50, 40, 3, "weapon: mg")
                  BLUE("b1", "foot", 50, 50, 10, "") BLUE("b2", "foot", 70, 60, 10, "")
                  RED("mg2", "gun", 70, 40, 3, "weapon: mg"));
  int e0 = gn_event_count(g);
  SCRIPT(g, CARD(2, 0), CARD(3, 0), CARD(4, 0), CARD(5, 0), CARD(2, 1), CARD(3, 1), CARD(4, 1), CARD(5, 1));
  ok(g, "fire mg at b1");                           /* 7.5 in: under half range */
  assert_int_equal(count_kind(g, e0, "card"), 8);
  e0 = gn_event_count(g);
  SCRIPT(g, CARD(2, 2), CARD(3, 2), CARD(4, 2), CARD(5, 2));
  ok(g, "fire mg2 at b2");                          /* 17.5 in */
  assert_int_equal(count_kind(g, e0, "card"), 4);
  gn_game_free(g);
  g = mk("units:\n" RED("mg", "gun", 50, 40, 3, "weapon: mg") BLUE("b1", "foot", 50, 52.5, 10, ""));
  e0 = gn_event_count(g);
  SCRIPT(g, CARD(2, 0), CARD(3, 0), CARD(4, 0), CARD(5, 0));
  ok(g, "fire mg at b1");                           /* 10 in: half range, not under */
  assert_int_equal(count_kind(g, e0, "card"), 4);
  gn_game_free(g);
}

/* ref. IN-R2, IN-R5: each personal multi-shot figure draws 4 cards, and its
** hits are not capped (2 figures score 3). */
static void multishot_figures(void **state) {
  (void)state;
  gn_game *g = mk("units:\n" RED("r1", "foot", 50, 40, 2, "weapon: multishot") BLUE("b1", "foot", 50, 49, 10, ""));
  int e0 = gn_event_count(g);
  SCRIPT(g, CARD(6, 0), CARD(7, 0), CARD(8, 0), CARD(2, 1), CARD(3, 1), CARD(4, 1), CARD(5, 1), CARD(2, 2),
         /* morale */ 1);
  ok(g, "fire r1 at b1");
  assert_int_equal(count_kind(g, e0, "card"), 8);
  assert_int_equal(strength(g, "b1"), 7);
  gn_game_free(g);
}

/* ref. IN-R6: a gun draws 3 cards; the target and every unit next to it (friend
** or foe) take the same hits; only the enemies test morale. */
static void artillery_hits_adjacent(void **state) {
  (void)state;
  gn_game *g = mk("units:\n" RED("gun", "gun", 50, 20, 4, "weapon: artillery")
                  BLUE("b1", "foot", 50, 50, 10, "") BLUE("b2", "foot", 56, 50, 10, "")
                  RED("r2", "foot", 44, 50, 10, "") BLUE("b3", "foot", 80, 50, 10, ""));
  int e0 = gn_event_count(g);
  SCRIPT(g, CARD(8, 0), CARD(9, 0), CARD(2, 0), /* morale b1, b2 */ 1, 1);
  ok(g, "fire gun at b1");
  assert_int_equal(count_kind(g, e0, "card"), 3);
  assert_int_equal(strength(g, "b1"), 8);
  assert_int_equal(strength(g, "b2"), 8);
  assert_int_equal(strength(g, "r2"), 8);
  assert_int_equal(strength(g, "b3"), 10);
  assert_int_equal(count_kind(g, e0, "morale"), 2);
  gn_game_free(g);
}

/* ref. IN-R7: two picture cards drawn by an MG: d6 4+ out of ammunition (no
** hits, hidden from the enemy, no more fire); 1-2 jammed for the turn; 3 no effect. */
static void ammunition_and_jams(void **state) {
  (void)state;
  const char *body = "units:\n" RED("mg", "gun", 50, 40, 3, "weapon: mg") BLUE("b1", "foot", 50, 60, 10, "");
  gn_game *g = mk(body);
  SCRIPT(g, CARD(11, 0), CARD(12, 0), CARD(9, 0), CARD(8, 0), /* ammo d6 */ 5);
  ok(g, "fire mg at b1");
  assert_int_equal(strength(g, "b1"), 10);
  assert_int_equal(attr(g, "mg", "ammo"), 0);
  int v;
  assert_int_equal(gn_unit_attr(g, U(g, "mg"), 1, "ammo", &v), GN_ESTATE);
  assert_int_equal(gn_unit_attr(g, U(g, "mg"), 0, "ammo", &v), 0);
  for (int i = 0; i < gn_event_count(g); i++)
    if (!strcmp(gn_event_get(g, i)->kind, "ammo")) {
      assert_int_equal(gn_event_visible(g, i, 1), 0);
      assert_int_equal(gn_event_visible(g, i, 0), 1);
    }
  ok(g, "end");
  ok(g, "end");
  refused(g, "fire mg at b1", "IN-R7");
  gn_game_free(g);

  g = mk(body);
  SCRIPT(g, CARD(11, 0), CARD(12, 0), CARD(9, 0), CARD(8, 0), /* ammo d6 */ 2);
  ok(g, "fire mg at b1");
  assert_int_equal(strength(g, "b1"), 10);
  assert_int_equal(attr(g, "mg", "ammo"), 1);
  gn_unit_view uv;
  gn_unit_view_get(g, U(g, "mg"), 1, &uv);
  assert_non_null(strstr(uv.status, "not firing"));
  ok(g, "end");
  ok(g, "end");
  SCRIPT(g, CARD(2, 1), CARD(3, 1), CARD(4, 1), CARD(5, 1));
  ok(g, "fire mg at b1");                           /* the jam lasted one turn */
  gn_game_free(g);

  g = mk(body);
  SCRIPT(g, CARD(11, 0), CARD(12, 0), CARD(9, 0), CARD(8, 0), /* ammo d6 */ 3, /* morale */ 1);
  ok(g, "fire mg at b1");
  assert_int_equal(strength(g, "b1"), 8);
  assert_int_equal(attr(g, "mg", "ammo"), 1);
  gn_game_free(g);
}

/* ref. IN-R8: an ammunition wagon that spends a turn within 3 in resupplies
** the gun at the end of its side's turn; one that moved up that turn does not yet. */
static void wagon_resupplies(void **state) {
  (void)state;
  gn_game *g = mk("units:\n" RED("mg", "gun", 50, 40, 3, "weapon: mg") RED("wg", "wagon", 54, 40, 1, "weapon: none")
                  BLUE("b1", "foot", 50, 60, 10, ""));
  SCRIPT(g, CARD(11, 0), CARD(12, 0), CARD(9, 0), CARD(8, 0), 6);
  ok(g, "fire mg at b1");
  assert_int_equal(attr(g, "mg", "ammo"), 0);
  ok(g, "end");
  assert_int_equal(attr(g, "mg", "ammo"), 1);
  assert_string_equal(last_kind(g, "ammo")->ref, "IN-R8");
  gn_game_free(g);

  g = mk("units:\n" RED("mg", "gun", 50, 40, 3, "weapon: mg") RED("wg", "wagon", 60, 40, 1, "weapon: none")
         BLUE("b1", "foot", 50, 60, 10, ""));
  SCRIPT(g, CARD(11, 0), CARD(12, 0), CARD(9, 0), CARD(8, 0), 6);
  ok(g, "fire mg at b1");
  ok(g, "move wg to 54,40");
  ok(g, "end");
  assert_int_equal(attr(g, "mg", "ammo"), 0);       /* the wagon only arrived */
  ok(g, "end");
  ok(g, "end");
  assert_int_equal(attr(g, "mg", "ammo"), 1);
  gn_game_free(g);
}

/* ref. IN-R9: a thrown explosive. 5 lands on the point: the 6 figures within
** 2 in draw 2 cards each, any hit card kills (3 fall). A picture is a dud. An
** 8 deviates: d6 6 is long, by 4 in, and the burst misses everyone. */
static void thrown_explosives(void **state) {
  (void)state;
  const char *body = "units:\n" RED("gr", "foot", 50, 40, 4, "weapon: explosive") BLUE("b1", "foot", 50, 45, 10, "");
  gn_game *g = mk(body);
  SCRIPT(g, CARD(5, 0),
         CARD(6, 0), CARD(2, 0), CARD(2, 1), CARD(3, 1), CARD(1, 1), CARD(4, 1),
         CARD(3, 0), CARD(4, 0), CARD(7, 1), CARD(8, 1), CARD(5, 1), CARD(2, 2),
         /* morale */ 1);
  ok(g, "throw gr at 50,45");
  assert_int_equal(strength(g, "b1"), 7);
  assert_int_equal(strength(g, "gr"), 4);
  gn_game_free(g);

  g = mk(body);
  SCRIPT(g, CARD(12, 0));
  ok(g, "throw gr at 50,45");
  assert_non_null(strstr(last_kind(g, "throw")->text, "fails to explode"));
  assert_int_equal(strength(g, "b1"), 10);
  gn_game_free(g);

  g = mk(body);
  SCRIPT(g, CARD(8, 0), /* deviation d6 */ 6);
  ok(g, "throw gr at 50,45");
  int found = 0;
  for (int i = 0; i < gn_event_count(g); i++)
    if (strstr(gn_event_get(g, i)->text, "deviates long by 4 in")) found = 1;
  assert_true(found);
  assert_int_equal(strength(g, "b1"), 10);
  refused(g, "throw gr at 50,45", "IN-B13");        /* once a turn */
  gn_game_free(g);
}

/* A table source that answers from a list and keeps what the first chance
** point said it needs. */
typedef struct hand_told { const int *answers; int n, k; char need[256]; } hand_told;

static int hand_answer(void *ud, const gn_chance *c, const char *refusal, int *faces) {
  hand_told *h = ud;
  (void)refusal;
  if (h->k == 0) snprintf(h->need, sizeof h->need, "%s", c->need ? c->need : "");
  if (h->k >= h->n) return GN_EABORTED;
  faces[0] = h->answers[h->k++];
  return 0;
}

/* The index of the last event whose kind is kind. */
static int last_index(const gn_game *g, const char *kind) {
  for (int i = gn_event_count(g) - 1; i >= 0; i--)
    if (!strcmp(gn_event_get(g, i)->kind, kind)) return i;
  fail_msg("no %s event", kind);
  return -1;
}

/* ref. IN-B1, IN-B2: the value a card needs is said as the value needed, in
** the prompt before the draw, in the fire event and in its modifiers: beyond
** half range into woods a card needs 10, 8 for the range (a note of IN-B1) and
** +2 for the soft cover (the one modifier). */
static void need_said_as_need(void **state) {
  (void)state;
  gn_game *g = mk("units:\n" RED("r1", "foot", 50, 40, 5, "") BLUE("b1", "foot", 50, 54, 10, "")
                  "terrain:\n  - {id: w, kind: woods, area: [[45, 51], [55, 51], [55, 57], [45, 57]]}\n");
  static const int cards[] = { CARD(10, 0), CARD(9, 0), /* morale d10 */ 1 };
  hand_told h = { cards, 3, 0, "" };
  assert_int_equal(gn_dice_use_table(g, hand_answer, &h), GN_OK);
  ok(g, "fire r1 at b1");
  assert_string_equal(h.need, "each number card of 10 or more hits (8 beyond half range, soft cover +2), an Ace "
                              "hits, a picture card misses (ref. IN-B1, IN-B3)");
  char *t = gn_event_text(g, last_index(g, "fire"));
  assert_non_null(t);
  assert_string_equal(t, "r1 fires at b1 beyond half range: 2 cards, each needing 10 or more; 1 hit "
                         "[the value needed beyond half range ref. IN-B1, soft cover, on the value needed +2 "
                         "ref. IN-B2] (ref. IN-R1)");
  gn_string_free(t);
  gn_game_free(g);
}

/* Table dice: answers an explosive card 8 then keeps what the deviation's
** d6 is told it needs (the answers stop there). */
static int deviation_told(void *ud, const gn_chance *c, const char *refusal, int *faces) {
  char *need = ud;
  (void)refusal;
  if (c->kind == GN_CHANCE_CARD) { faces[0] = CARD(8, 0); return 0; }
  snprintf(need, 256, "%s", c->need ? c->need : "");
  return GN_EABORTED;
}

/* ref. IN-R9: before the deviation's d6 the table is told what each face
** means and how far it goes (half the card's 8: 4 in). */
static void deviation_need_told(void **state) {
  (void)state;
  gn_game *g = mk("units:\n" RED("gr", "foot", 50, 40, 4, "weapon: explosive") BLUE("b1", "foot", 50, 45, 10, ""));
  char need[256] = "";
  assert_int_equal(gn_dice_use_table(g, deviation_told, need), GN_OK);
  assert_int_not_equal(gn_order_apply(g, "throw gr at 50,45"), GN_OK);
  assert_string_equal(need, "the way it goes, seen along the throw: 1 short, 2 left, 3 left, 4 right, 5 right, "
                            "6 long; 4 in off (ref. IN-R9)");
  gn_game_free(g);
}

/* ref. IN-R9: a card above 6 deviates by half its value, rounded down (a 7:
** 3 in), the d6 naming the direction seen along the throw (here north): 1
** short, 2-3 left (west), 4-5 right (east), 6 long. No one is near the
** burst but the thrower, whose figures all stand more than 2 in away. */
static void explosive_deviation(void **state) {
  (void)state;
  static const struct { int face; const char *dir, *at; } T[] = {
    { 1, "short", "50.0,43.0" }, { 2, "left", "47.0,46.0" }, { 3, "left", "47.0,46.0" },
    { 4, "right", "53.0,46.0" }, { 5, "right", "53.0,46.0" }, { 6, "long", "50.0,49.0" },
  };
  for (size_t i = 0; i < sizeof T / sizeof T[0]; i++) {
    gn_game *g = mk("units:\n" RED("gr", "foot", 50, 40, 4, "weapon: explosive") BLUE("b1", "foot", 80, 80, 10, ""));
    SCRIPT(g, CARD(7, 0), T[i].face);
    ok(g, "throw gr at 50,46");
    char want[64];
    snprintf(want, sizeof want, "deviates %s by 3 in", T[i].dir);
    int found = 0;
    for (int k = 0; k < gn_event_count(g); k++) found |= strstr(gn_event_get(g, k)->text, want) != NULL;
    assert_true(found);
    const gn_event *e = NULL;
    for (int k = 0; k < gn_event_count(g); k++)
      if (strstr(gn_event_get(g, k)->text, "bursts at")) e = gn_event_get(g, k);
    assert_non_null(e);
    assert_non_null(strstr(e->text, T[i].at));
    assert_int_equal(strength(g, "gr"), 4);
    gn_game_free(g);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(fire_four_cards),
    cmocka_unit_test(remainder_and_hero_cards),
    cmocka_unit_test(fraction_cap),
    cmocka_unit_test(weapon_ranges),
    cmocka_unit_test(long_range_needs_eight),
    cmocka_unit_test(soft_cover),
    cmocka_unit_test(hard_cover),
    cmocka_unit_test(deck_without_replacement),
    cmocka_unit_test(machine_gun_cards),
    cmocka_unit_test(multishot_figures),
    cmocka_unit_test(artillery_hits_adjacent),
    cmocka_unit_test(ammunition_and_jams),
    cmocka_unit_test(wagon_resupplies),
    cmocka_unit_test(thrown_explosives),
    cmocka_unit_test(need_said_as_need),
    cmocka_unit_test(deviation_need_told),
    cmocka_unit_test(explosive_deviation),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
