/*
** ba_unit.h: what the Belle Alliance ruleset keeps of each unit, as the core
** holds it (gn__ustate.ba; the scenario's start in gn__unit.ba0). One member
** a slot of the ruleset's schema, in the schema's order (ba.c's attrs[] is
** indexed by GN__SLOT of these members): so the members stay ints and keep
** their order, as the hash and the snapshots read them slot by slot (hash.c
** mixes slot 24 on only when set). Two slots serve waggons under names of
** their own (an anonymous union: the same int).
** Included by core.h; the rules reach it through ba_u and ba_uw (ba.h).
*/
#ifndef GN_BA_UNIT_H
#define GN_BA_UNIT_H

typedef struct gn__ba_unit {
  /* set by the scenario (ref. BA-B9) */
  int valour;         /* -5..+5, hidden from the enemy (ref. BA-5.5.1a); BA_VALOUR_UNSET: from the class */
  int marksmen;       /* 1: highly trained marksmen (ref. BA-5.5.1c) */
  int lancers;        /* 1: cavalry armed with lances */
  int ammunition;     /* waggons: 1 carries ammunition (ref. BA-5.5.4i) */
  int formation;      /* ba_form, seen by all */
  int disorder;       /* ba_dis, seen by all */
  int supplies;       /* -1 unlimited, else fire/melee rolls left 0..3 (hidden) */
  union {
    int rest;         /* bounds of rest done (hidden) */
    int waggon_bounds;/* a waggon: the bounds it has served its unit (ref. BA-5.5.4g) */
  };
  int squadrons;      /* cavalry: squadrons in the regiment */
  int guns;           /* artillery: model guns */
  int part;           /* 1: a reserve slot for a split part or skirmish line of the
                         nearest unit of its side and type listed before it */
  /* kept by the engine */
  int vsteps;         /* 20 % steps of loss already taken off valour (ref. BA-5.5.2b) */
  int original;       /* original figures (a split part: its share) (ref. BA-5.5.2a) */
  int root;           /* original unit + 1 (parts and skirmish lines); 0 on a slot not in use */
  int order;          /* ba_order of this bound (hidden) */
  int pace;           /* ba_pace of this bound (hidden) */
  union {
    int target;       /* fire or attack target + 1; staff: unit it engages + 1 */
    int serving;      /* a waggon: the unit it serves + 1 (ref. BA-5.5.4j) */
  };
  int target2;        /* second target of split fire + 1 */
  int split2;         /* figures (artillery: guns) firing at the second target */
  int dest_x;         /* move destination, millimetres */
  int dest_y;
  int last_target;    /* the target it fired at last bound + 1 (ref. BA-1.1.1c) */
  int new_formation;  /* formation ordered for the movement phase + 1; 0 none */
  int prisoners;      /* prisoners taken (ref. BA-B13) */
  /* set by the scenario, after the engine's (slot 24 on: hash.c) */
  int troop_class;    /* ba_class: Table 21 troop class, the starting valour (ref. BA-B8) */
  int rating;         /* a staff figure's rating, GN_RATING_* (0 average: a game without
                         ratings keeps its hash), hidden from the enemy (ref. BA-LDR) */
} gn__ba_unit;

_Static_assert(sizeof(gn__ba_unit) % sizeof(int) == 0 && GN__NSLOTS(gn__ba_unit) <= GN__MAXATTR,
               "gn__ba_unit: whole slots, GN__MAXATTR at most");

#endif /* GN_BA_UNIT_H */
