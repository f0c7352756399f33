/* campaign.c: campaign recovery (ref. VB-68..VB-71). Being written. */
#include "vb.h"
int gn__vb_campaign(gn_game *g, int side, int how) { (void)g; (void)side; (void)how; return 0; }
int gn__vb_rearguard(const gn_game *g, int side) { (void)g; (void)side; return 0; }
int gn__vb_order_campaign(gn_game *g, const gn__args *a) { (void)a; return gn__refuse(g, "VB-68", "not ready"); }
