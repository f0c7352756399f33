/*
** test-vb-retreat.c: Volley & Bayonet retreats and routs (src/rules/vb/
** retreat.c): their paths, terrain and friends passed, with exact end
** positions.
**
** Each case is a melee lost by the al brigade "d" at (20,23) facing south
** against the fr brigade "a" at (20,20) facing north (both 4 SP): in the
** morale phase both test (scripted 1s), then `charge a at d` rolls a's four
** dice 5,6,1,1 (2 hits) and d's four dice 1,1,1,1. In good order d is
** disordered and retreats half its move (8 in) straight away from a, north
** (+y); already disordered it routs: 1 SP and a full move (16 in).
*/
#include "vb-helpers.h"

#define PI 3.14159265358979323846

#define HEAD                                                         \
  VB_COMBAT_HEAD("retreat test", "", "", "55, 5")                    \
  "  - {id: a, side: fr, formation: fa, type: infantry_brigade, at: [20, 20], facing: 0, strength: 4}\n"

static gn_game *game(const char *dattrs, const char *extra, const char *terrain) {
  char u[4096];
  snprintf(u, sizeof u,
           "  - {id: d, side: al, formation: aa, type: infantry_brigade, at: [20, 23], facing: 180, "
           "strength: 4, attrs: {%s}}\n%s",
           dattrs, extra ? extra : "");
  return vb_game(HEAD, u, terrain);
}

/* The morale phase (ntest stands test, all pass) and the lost melee; the
** attackers' dice are 5,6 then 1s (natt dice), d's four dice 1s. */
static void lose(gn_game *g, int ntest, int natt) {
  int f[64], n = 0;
  for (int i = 0; i < ntest; i++) f[n++] = 1;
  script_faces(g, f, n);
  to_phase(g, "combat");
  n = 0;
  f[n++] = 5; f[n++] = 6;
  for (int i = 2; i < natt; i++) f[n++] = 1;
  for (int i = 0; i < 4; i++) f[n++] = 1;
  script_faces(g, f, n);
  int rc = gn_order_apply(g, "charge a at d");
  if (rc) print_message("charge: %s\n", gn_errmsg(g));
  assert_int_equal(rc, GN_OK);
  assert_int_equal(gn_dice_script_left(g), 0);
}

/* ref. VB-41: straight away from the stand that caused it: 8 in north.
** ref. VB-B16: a stand driven back has moved: stationary before, it is no
** longer (no VB-6 protection, no tie bonus in a later melee of the phase). */
static void t_vb41_straight(void **state) {
  (void)state;
  gn_game *g = game("stationary: 1", NULL, NULL);
  lose(g, 2, 4);
  at(g, "d", 20, 31);
  assert_int_equal(attr(g, "d", "disorder"), 1);
  assert_int_equal(attr(g, "d", "stationary"), 0);
  gn_game_free(g);
}

/* ref. VB-41: several stands caused it: straight away from the middle of
** them (a at (20,20) and a2 on d's east flank at (23,23): middle (21.5,21.5)). */
static void t_vb41_middle(void **state) {
  (void)state;
  gn_game *g = game("", "  - {id: a2, side: fr, formation: fa, type: infantry_brigade, at: [23, 23], facing: 270, strength: 4}\n",
                    NULL);
  lose(g, 3, 8);
  double k = 8 / sqrt(2);
  at(g, "d", 20 - k, 23 + k);
  gn_game_free(g);
}

/* ref. VB-42: an enemy stand in the way: the least deviation that avoids it,
** 15 degrees (to the left first). */
static void t_vb42_deviation(void **state) {
  (void)state;
  gn_game *g = game("", "  - {id: e, side: fr, formation: fa, type: infantry_brigade, at: [20, 34], facing: 0, strength: 4}\n",
                    NULL);
  lose(g, 2, 4);
  double a = 15 * PI / 180;
  at(g, "d", 20 - 8 * sin(a), 23 + 8 * cos(a));
  gn_game_free(g);
}

/* ref. VB-42 (and VB-56): enemy on every side: it cannot retreat and is wiped
** out, surrounded. */
static void t_vb42_surrounded(void **state) {
  (void)state;
  gn_game *g = game("",
                    "  - {id: w, side: fr, formation: fa, type: infantry_brigade, at: [17, 23], facing: 90, strength: 4}\n"
                    "  - {id: e, side: fr, formation: fa, type: infantry_brigade, at: [23, 23], facing: 270, strength: 4}\n"
                    "  - {id: n, side: fr, formation: fa, type: infantry_brigade, at: [20, 26], facing: 180, strength: 4}\n",
                    NULL);
  lose(g, 5, 16);
  assert_int_equal(view(g, "d").removed, 1);
  assert_int_equal(attr(g, "d", "wiped"), 1);
  gn_game_free(g);
}

/* ref. VB-56: "units which were wiped out while surrounded" recover nothing:
** a stand that loses its last SP to fire or melee with no way to retreat (enemy
** touching it on every side its retreat could take, ref. VB-42) is wiped out
** surrounded, as one that cannot retreat after a lost melee is. d (al, 1 SP)
** with fr stands touching its flanks and rear is shot dead by f, 1 in south of
** it: surrounded; with its rear open it is not. Then d (2 SP) with a fr stand
** on each side dies of the melee's casualties: surrounded. */
static void t_vb56_wiped_surrounded(void **state) {
  (void)state;
  static const char ring[] =
    "  - {id: d, side: al, formation: aa, type: infantry_brigade, at: [20, 23], facing: 180, strength: %d}\n"
    "  - {id: w, side: fr, formation: fa, type: infantry_brigade, at: [17, 23], facing: 90, strength: 4}\n"
    "  - {id: e, side: fr, formation: fa, type: infantry_brigade, at: [23, 23], facing: 270, strength: 4}\n"
    "%s";
  static const char north[] = "  - {id: n, side: fr, formation: fa, type: infantry_brigade, at: [20, 26], facing: 180, strength: 4}\n";
  static const char firer[] = "  - {id: f, side: fr, formation: fa, type: infantry_brigade, at: [20, 19], facing: 0, strength: 4}\n";
  char u[2048], more[512], text[8192];
  for (int closed = 1; closed >= 0; closed--) {
    snprintf(more, sizeof more, "%s%s", firer, closed ? north : "");
    snprintf(u, sizeof u, ring, 1, more);
    snprintf(text, sizeof text, "%s%s", VB_COMBAT_HEAD("retreat test", "", "", "55, 5"), u);
    gn_game *g = vb_load("t.yaml", text, strlen(text), 1);
    script(g, closed ? 4 : 3, 1, 1, 1, 1);          /* d and the stands touching it test */
    to_phase(g, "combat");
    script(g, 2, 6, 1);
    ok(g, "fire f at d");
    assert_int_equal(view(g, "d").removed, 1);
    assert_int_equal(attr(g, "d", "wiped"), closed);
    assert_int_equal(gn_dice_script_left(g), 0);
    gn_game_free(g);
  }
  snprintf(more, sizeof more, "%s%s", north,
           "  - {id: a, side: fr, formation: fa, type: infantry_brigade, at: [20, 20], facing: 0, strength: 4}\n");
  snprintf(u, sizeof u, ring, 2, more);
  snprintf(text, sizeof text, "%s%s", VB_COMBAT_HEAD("retreat test", "", "", "55, 5"), u);
  gn_game *g = vb_load("t.yaml", text, strlen(text), 1);
  int f[64], n = 0;
  for (int i = 0; i < 5; i++) f[n++] = 1;
  script_faces(g, f, n);
  to_phase(g, "combat");
  n = 0;
  f[n++] = 5; f[n++] = 6;
  for (int i = 2; i < 16; i++) f[n++] = 1;
  f[n++] = 1; f[n++] = 1;
  script_faces(g, f, n);
  ok(g, "charge a at d");
  assert_int_equal(view(g, "d").removed, 1);
  assert_int_equal(attr(g, "d", "wiped"), 1);
  assert_int_equal(gn_dice_script_left(g), 0);
  gn_game_free(g);
}

/* ref. VB-43: a retreat through disordering terrain (a stream) costs 1 SP
** more; across a bridge, or through a town, it costs nothing. */
static void t_vb43_terrain(void **state) {
  (void)state;
  const char *stream = "terrain:\n  - {id: s, kind: stream, line: [[10, 27], [30, 27]]}\n";
  gn_game *g = game("", NULL, stream);
  lose(g, 2, 4);
  assert_int_equal(view(g, "d").strength, 1);       /* 2 in melee, 1 at the stream */
  at(g, "d", 20, 31);
  gn_game_free(g);

  g = game("", NULL,
           "terrain:\n  - {id: s, kind: stream, line: [[10, 27], [30, 27]]}\n"
           "  - {id: b, kind: bridge, area: [[19, 26], [21, 26], [21, 28], [19, 28]]}\n");
  lose(g, 2, 4);
  assert_int_equal(view(g, "d").strength, 2);
  gn_game_free(g);

  g = game("", NULL, "terrain:\n  - {id: t, kind: town, area: [[15, 26], [25, 26], [25, 29], [15, 29]]}\n");
  lose(g, 2, 4);
  assert_int_equal(view(g, "d").strength, 2);
  gn_game_free(g);
}

/* ref. VB-27: a stand with battalion guns that "moves through terrain
** normally prohibited to artillery" loses them for good, whatever the move: a
** retreat into woods (6 in: a brigade with guns moves 12, ref. VB-26) strips
** them; the same retreat in the open keeps them. */
static void t_vb27_retreat_into_woods(void **state) {
  (void)state;
  gn_game *g = game("batguns: 1", NULL, "terrain:\n  - {id: w, kind: woods, area: [[10, 27], [30, 27], [30, 40], [10, 40]]}\n");
  assert_int_equal(attr(g, "d", "batguns"), 1);
  lose(g, 2, 4);
  at(g, "d", 20, 29);
  assert_int_equal(attr(g, "d", "batguns"), 0);
  assert_int_equal(count_events(g, "batguns-lost", "VB-27"), 1);
  gn_game_free(g);

  g = game("batguns: 1", NULL, NULL);
  lose(g, 2, 4);
  at(g, "d", 20, 29);
  assert_int_equal(attr(g, "d", "batguns"), 1);
  gn_game_free(g);
}

/* ref. VB-44, VB-45: a friend in good order met in the first half of the move
** and crossed through two opposite sides is disordered, and the retiring stand
** passes through it. */
static void t_vb45_disorders_friend(void **state) {
  (void)state;
  gn_game *g = game("", "  - {id: f, side: al, formation: aa, type: infantry_brigade, at: [20, 27.5], facing: 180, strength: 4}\n",
                    NULL);
  lose(g, 2, 4);
  assert_int_equal(attr(g, "f", "disorder"), 1);
  at(g, "f", 20, 27.5);
  at(g, "d", 20, 31);
  gn_game_free(g);
}

/* ref. VB-44: met only in the second half of the move: not disordered; the
** stand still goes on until clear of it (ref. VB-45). */
static void t_vb44_second_half(void **state) {
  (void)state;
  gn_game *g = game("", "  - {id: f, side: al, formation: aa, type: infantry_brigade, at: [20, 31.5], facing: 180, strength: 4}\n",
                    NULL);
  lose(g, 2, 4);
  assert_int_equal(attr(g, "f", "disorder"), 0);
  at(g, "d", 20, 23 + 11.5 + 1e-3);                 /* its rear edge clears f's far edge */
  gn_game_free(g);
}

/* ref. VB-44: crossing two adjacent sides (a corner of a friend set at 45
** degrees) does not disorder it. */
static void t_vb44_corner(void **state) {
  (void)state;
  gn_game *g = game("", "  - {id: f, side: al, formation: aa, type: infantry_brigade, at: [22.9, 28], facing: 45, strength: 4}\n",
                    NULL);
  lose(g, 2, 4);
  assert_int_equal(attr(g, "f", "disorder"), 0);
  at(g, "d", 20, 31);
  gn_game_free(g);
}

/* ref. VB-46: a disordered stand passing an already disordered friend carries
** it back, ahead of it, in a body (ref. VB-48), without routing it. */
static void t_vb46_carried(void **state) {
  (void)state;
  gn_game *g = game("", "  - {id: f, side: al, formation: aa, type: infantry_brigade, at: [20, 27.5], facing: 180, strength: 4, attrs: {disorder: 1}}\n",
                    NULL);
  lose(g, 2, 4);
  at(g, "d", 20, 31);
  at(g, "f", 20, 34);                                /* moved 8 - 1.5 in */
  assert_int_equal(attr(g, "f", "routed"), 0);
  assert_int_equal(view(g, "f").strength, 4);
  gn_game_free(g);
}

/* ref. VB-47: a routing stand passing an already disordered friend routs it
** (1 SP), and it goes back ahead in a body (ref. VB-48). */
static void t_vb47_routs_friend(void **state) {
  (void)state;
  gn_game *g = game("disorder: 1", "  - {id: f, side: al, formation: aa, type: infantry_brigade, at: [20, 27.5], facing: 180, strength: 4, attrs: {disorder: 1}}\n",
                    NULL);
  lose(g, 2, 4);
  assert_int_equal(attr(g, "d", "routed"), 1);
  assert_int_equal(view(g, "d").strength, 1);        /* 2 in melee, 1 for the rout */
  at(g, "d", 20, 39);
  assert_int_equal(attr(g, "f", "routed"), 1);
  assert_int_equal(view(g, "f").strength, 3);
  at(g, "f", 20, 42);                                /* moved 16 - 1.5 in */
  gn_game_free(g);
}

/* ref. VB-46, VB-48: a body carries back every disordered friend it meets,
** however many: 40 thin disordered stands stacked behind d all go back
** ahead of it (none left standing, no cut at a buffer's size). */
static void t_vb48_body_of_forty(void **state) {
  (void)state;
  static char text[16384];
  size_t o = (size_t)snprintf(text, sizeof text, "%s  - {id: d, side: al, formation: aa, type: infantry_brigade, "
                              "at: [20, 23], facing: 180, strength: 4}\n", HEAD);
  for (int k = 0; k < 40; k++)
    o += (size_t)snprintf(text + o, sizeof text - o, "  - {id: f%d, side: al, formation: aa, type: infantry_brigade, "
                          "at: [20, %.2f], facing: 180, depth: 0.1, strength: 1, attrs: {disorder: 1}}\n",
                          k, 24.55 + k * 0.1);
  assert_true(o < sizeof text);
  gn_game *g = vb_load("t.yaml", text, o, 1);
  lose(g, 2, 4);
  assert_int_equal(count_events(g, "retreat", "VB-46"), 40);
  for (int k = 0; k < 40; k++) {
    char id[8];
    snprintf(id, sizeof id, "f%d", k);
    if (!(view(g, id).box.c.y > 24.55 + k * 0.1 + 1)) fail_msg("%s was left behind at y %g", id, view(g, id).box.c.y);
  }
  gn_game_free(g);
}

/* ref. VB-48: the body (d carrying f) passes a friend h further back as one
** stand: h, in good order, is disordered once and passed through by the whole
** body, which goes on until clear of it. */
static void t_vb48_body(void **state) {
  (void)state;
  gn_game *g = game("",
                    "  - {id: f, side: al, formation: aa, type: infantry_brigade, at: [20, 27.5], facing: 180, strength: 4, attrs: {disorder: 1}}\n"
                    "  - {id: h, side: al, formation: aa, type: infantry_brigade, at: [20, 32.8], facing: 180, strength: 4}\n",
                    NULL);
  lose(g, 2, 4);
  assert_int_equal(attr(g, "h", "disorder"), 1);
  at(g, "h", 20, 32.8);
  double end = 34.3 - 21.5 + 1e-3;                   /* d's front clears h's far edge */
  at(g, "d", 20, 23 + end);
  at(g, "f", 20, 27.5 + end - 1.5);
  int disorders = 0, hu = unit(g, "h");
  for (int i = 0; i < gn_event_count(g); i++) {
    const gn_event *e = gn_event_get(g, i);
    disorders += !strcmp(e->kind, "disorder") && e->unit == hu;
  }
  assert_int_equal(disorders, 1);
  gn_game_free(g);
}

/* ref. VB-49: retreating skirmishers never disorder the friends they pass. */
static void t_vb49_skirmishers(void **state) {
  (void)state;
  char text[4096];
  snprintf(text, sizeof text, HEAD
           "  - {id: d, side: al, formation: aa, type: skirmisher, at: [20, 22.25], facing: 180, strength: 4}\n"
           "  - {id: f, side: al, formation: aa, type: infantry_brigade, at: [20, 26], facing: 180, strength: 4}\n");
  gn_game *g = gn_game_new(NULL);
  assert_int_equal(gn_game_load(g, "t.yaml", text, strlen(text)), GN_OK);
  assert_int_equal(gn_game_start(g, 1), GN_OK);
  int f1[] = {1, 1};
  script_faces(g, f1, 2);
  to_phase(g, "combat");
  int f2[] = {5, 6, 1, 1, 1};
  script_faces(g, f2, 5);
  assert_int_equal(gn_order_apply(g, "charge a at d"), GN_OK);
  assert_int_equal(attr(g, "f", "disorder"), 0);
  at(g, "d", 20, 28.25);                             /* 6 in, clear of f */
  gn_game_free(g);
}

/* ref. VB-50: retreating infantry stops on touching friendly cavalry, which it
** does not disorder. */
static void t_vb50_cavalry(void **state) {
  (void)state;
  gn_game *g = game("", "  - {id: c, side: al, formation: aa, type: cavalry_heavy, at: [20, 27.5], facing: 180, strength: 3}\n",
                    NULL);
  lose(g, 2, 4);
  at(g, "d", 20, 24.5);
  assert_int_equal(attr(g, "c", "disorder"), 0);
  at(g, "c", 20, 27.5);
  gn_game_free(g);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(t_vb41_straight),
    cmocka_unit_test(t_vb41_middle),
    cmocka_unit_test(t_vb42_deviation),
    cmocka_unit_test(t_vb42_surrounded),
    cmocka_unit_test(t_vb56_wiped_surrounded),
    cmocka_unit_test(t_vb43_terrain),
    cmocka_unit_test(t_vb27_retreat_into_woods),
    cmocka_unit_test(t_vb45_disorders_friend),
    cmocka_unit_test(t_vb44_second_half),
    cmocka_unit_test(t_vb44_corner),
    cmocka_unit_test(t_vb46_carried),
    cmocka_unit_test(t_vb47_routs_friend),
    cmocka_unit_test(t_vb48_body),
    cmocka_unit_test(t_vb48_body_of_forty),
    cmocka_unit_test(t_vb49_skirmishers),
    cmocka_unit_test(t_vb50_cavalry),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
