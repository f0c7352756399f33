/*
** vb_unit.h: what the Volley & Bayonet ruleset keeps of each unit, as the
** core holds it (gn__ustate.vb; the scenario's start in gn__unit.vb0). One
** member a slot of the ruleset's schema, in the schema's order (vb.c
** vb_attrs[] is indexed by GN__SLOT of these members): so the members stay
** ints and keep their order, as the hash and the snapshots read them slot by
** slot (hash.c mixes slot 24 on only when set).
** Included by core.h; the rules reach it through vb_u and vb_uw (vb.h).
*/
#ifndef GN_VB_UNIT_H
#define GN_VB_UNIT_H

typedef struct gn__vb_unit {
  int morale;         /* morale grade 3..6 (hidden from the enemy) */
  int disorder;       /* 0 none, 1 disordered (yellow), 2 permanently disordered (red) */
  int routed;         /* 1 routed */
  int stationary;     /* 1 did not move in its last movement phase (ref. VB-B16) */
  int march;          /* 1 in march column */
  int limbered;       /* artillery: 1 limbered (ref. VB-B15) */
  int batguns;        /* 1 has battalion guns (rules VB-22 to VB-29) */
  int grenadiers;     /* 1 grenadiers / guard (melee tie-break) */
  int sharpshooters;  /* 1 sharpshooter skirmishers (ref. VB-29) */
  int lancers;        /* 1 lancers (set for cavalry_lancer too) (ref. VB-5) */
  int weight;         /* artillery weight: 0 light, 1 field, 2 heavy */
  int nation;         /* nationality number, for recovery pairing (ref. VB-59) */
  int lost_today;     /* SP lost today (ref. VB-55); a scenario opening in mid-battle
                         gives the day's losses so far (they also mark the division's
                         exhaustion record and count as battle losses, campaign.c) */
  int moved;          /* 1 moved (or changed formation) in this movement phase */
  int move_used;      /* movement used this phase, in hundredths of a table unit */
  int fired;          /* 1 fired this combat phase */
  int meleed;         /* in melee this combat phase: VB_MEL_* (0 no, 1 fought, 2 fought
                         and may break through, 3 broke through; ref. VB-B17) */
  int skirmish_of;    /* cavalry skirmisher: unit index of its brigade + 1; 0 none (ref. VB-9).
                         In a scenario, `skirmish_of: 1` on a skirmisher declares it a
                         reserve stand of the nearest light cavalry brigade listed before it:
                         setup takes it off the table and links it. */
  int town_disordered; /* 1 already disordered by towns this turn (ref. VB-14) */
  int wiped;          /* how its last SP went: 0 normal, 1 surrounded, 2 artillery in melee,
                         3 artillery routed in contact (ref. VB-56, VB-57) */
  int in_command;     /* 1 in command (refreshed at command phase and each move) */
  int reforming;      /* cavalry skirmisher reforming: unit index + 1 of the brigade it
                         reforms (any brigade's stands may combine), 0 none (ref. VB-11) */
  int town_fire;      /* fire from a town block (ref. VB-32): the dice fired out of each face
                         this combat phase, 3 bits a face, read and written only as a
                         townfire (fire.c) */
  int rally_tried;    /* 1 when a rally was tried on the stand this rally phase (ref. VB-B10) */
  int entry_used;     /* a reinforcement come on at an entry: the move its march onto the
                         table spends in its side's next movement phase, hundredths (ref. VB-ARR) */
  int rating;         /* a leader's rating: VB_RATE_* (0 average, so that the hash of a game
                         without ratings is unchanged; ref. VB-LDR) */
} gn__vb_unit;

_Static_assert(sizeof(gn__vb_unit) % sizeof(int) == 0 && GN__NSLOTS(gn__vb_unit) <= GN__MAXATTR,
               "gn__vb_unit: whole slots, GN__MAXATTR at most");

#endif /* GN_VB_UNIT_H */
