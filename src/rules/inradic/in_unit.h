/*
** in_unit.h: what the Inradic ruleset keeps of each unit, as the core holds
** it (gn__ustate.in; the scenario's start in gn__unit.in0). One member a slot
** of the ruleset's schema, in the schema's order (inradic.c in_attrs[] is
** indexed by GN__SLOT of these members): so the members stay ints and keep
** their order, as the hash and the snapshots read them slot by slot.
** Included by core.h; the rules reach it through in_u and in_uw (inradic.h).
*/
#ifndef GN_IN_UNIT_H
#define GN_IN_UNIT_H

/* ORDER: the members role[] of gn__in_unit and every data list roles.* */
typedef enum in_role {
  IN_PRIVATE, IN_BUGLER, IN_FLAG, IN_CORPORAL, IN_NCO, IN_OFFICER, IN_HERO, IN_STAFF,
  IN_GENERAL, IN_NROLES
} in_role;

typedef struct gn__in_unit {
  int quality;        /* in_quality, the canonical value once set up (setup) */
  int weapon;         /* in_weapon */
  int role[IN_NROLES];  /* figures by role (the scenario's privates may be -1: the rest of the strength) */
  int pieces;         /* guns or crewed MGs (artillery, mg) */
  int ammo;           /* 1 has ammunition, 0 out (ref. IN-R7); hidden from the enemy */
  int status;         /* IN_S_STEADY, IN_S_ROUTING or IN_S_HALTED */
  int pursuit;        /* IN_PU_* */
  int pursue_of;      /* unit index + 1 of the router it pursues or may pursue, 0 none */
  int pursuit_turn;   /* game turn the pursuit began (ref. IN-P2) */
  int rout_from;      /* unit index + 1 of the enemy it routed from, 0 none */
  int rating;         /* its leader's rating, GN_RATING_* (0 average: a game without
                         ratings keeps its hash; ref. IN-LDR) */
} gn__in_unit;

_Static_assert(sizeof(gn__in_unit) % sizeof(int) == 0 && GN__NSLOTS(gn__in_unit) <= GN__MAXATTR,
               "gn__in_unit: whole slots, GN__MAXATTR at most");

#endif /* GN_IN_UNIT_H */
