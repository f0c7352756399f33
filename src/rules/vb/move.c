/* move.c: movement (ref. VB-B4). Being written. */
#include "vb.h"
#define NR(fn) int fn(gn_game *g, const gn__args *a) { (void)a; return gn__refuse(g, "VB-B4", "not ready"); }
NR(gn__vb_order_move) NR(gn__vb_order_leader) NR(gn__vb_order_march) NR(gn__vb_order_deploy)
NR(gn__vb_order_limber) NR(gn__vb_order_unlimber) NR(gn__vb_order_skirmish) NR(gn__vb_order_reform)
NR(gn__vb_order_reorder)
void gn__vb_move_end(gn_game *g, int side) { (void)g; (void)side; }
void gn__vb_move_begin(gn_game *g, int side) { (void)g; (void)side; }
