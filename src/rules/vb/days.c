/* days.c: daylight, night, recovery (ref. VB-51..VB-67). Being written. */
#include "vb.h"
void gn__vb_daylight(const gn_game *g, int month, int *first, int *last) {
  const vb_data *d = gn__vb_data(g); *first = d->first_turn[month - 1]; *last = d->last_turn[month - 1]; }
int gn__vb_day_start(gn_game *g, int month, int day, int inclement, int *hour) { (void)g; (void)month; (void)day; (void)inclement; *hour = 0; return 0; }
int gn__vb_night_begin(gn_game *g) { (void)g; return 0; }
int gn__vb_recovery_apply(gn_game *g) { (void)g; return 0; }
int gn__vb_order_recover(gn_game *g, const gn__args *a) { (void)a; return gn__refuse(g, "VB-58", "not ready"); }
int gn__vb_order_merge(gn_game *g, const gn__args *a) { (void)a; return gn__refuse(g, "VB-62", "not ready"); }
int gn__vb_order_reassign(gn_game *g, const gn__args *a) { (void)a; return gn__refuse(g, "VB-67", "not ready"); }
void gn__vb_date(const gn_game *g, int day, int *year, int *month, int *mday) { *year = g->sc->year; *month = g->sc->month; *mday = g->sc->day + day - 1; }
int gn__vb_day_start_parse(gn_game *g, int argc, const char *const *argv, void *cx) { (void)g; (void)argc; (void)argv; (void)cx; return 0; }
int gn__vb_day_start_run(gn_game *g, const void *cx, int64_t *outcome) { (void)g; (void)cx; *outcome = 0; return 0; }
void gn__vb_day_start_label(const void *cx, int64_t outcome, char *buf, size_t n) { (void)cx; (void)outcome; if (n) buf[0] = 0; }
