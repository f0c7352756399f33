#!/usr/bin/env python3
"""odds-peer.py: an independent model of the odds questions of bench-odds, in
plain Python with exact fractions (no package beyond the standard library).

It knows nothing of grognard's code: it reads the rules' numbers as given
below (data/rulesets/*/ defaults) and works each question out from the
rule's text as the docs state it: binomials thinned by the saves, two
binomials compared with the tie-break, the supplies as a Markov chain. With
--check it runs build/grognard odds ... --json for each question and compares
every outcome's "p_exact" with its own fraction, and prints both times.

    python3 scripts/odds-peer.py            # the peer's own answers and times
    python3 scripts/odds-peer.py --check    # side by side with grognard
"""
import json
import subprocess
import sys
import time
from fractions import Fraction as F
from math import comb

HIT_MUSKET, MELEE_HIT = 5, 5                 # fire.hit.musket, melee.hit (VB)
SAVE = {"works": 4, "open": 5, "woods": 5}   # fire.save.works, .open_order, .woods (VB)
SUNKEN_VS_CAV = 4                            # melee.save.sunken_road_cavalry (VB)
SUPPLY_ONES, SUPPLY_ROLLS = 2, 3             # Belle Alliance 5.5.3


def at_least(t):
    return 6 if t <= 1 else 0 if t > 6 else 7 - t


def binom(n, p):
    return [comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(n + 1)]


def vb_fire(n, saves):
    """SP lost: each die hits, then survives every save in turn."""
    p = F(at_least(HIT_MUSKET), 6)
    for s in saves:
        p *= F(6 - at_least(SAVE[s]), 6)
    return dict(enumerate(binom(n, p)))


def vb_melee(a, d, cavalry, sunken):
    """0 attacker wins, 1 defender wins; equal casualties: the tie roll, which
    with equal morales and no modifiers each side wins half the time."""
    pa = F(at_least(MELEE_HIT), 6)
    if cavalry and sunken:
        pa *= F(6 - at_least(SUNKEN_VS_CAV), 6)
    A, D = binom(a, pa), binom(d, F(at_least(MELEE_HIT), 6))
    below, run = [], F(0)                                  # below[k] = P(D < k)
    for k in range(len(A)):
        below.append(run)
        run += D[k] if k < len(D) else 0
    more = sum(A[k] * below[k] for k in range(len(A)))
    tie = sum(A[k] * D[k] for k in range(min(len(A), len(D))))
    return {0: more + tie / 2, 1: 1 - more - tie / 2}


def ba_supplies(rolls, start=-1):
    """-1 unlimited; a roll with two ones or more leaves SUPPLY_ROLLS."""
    two = F(sum(1 for a in range(1, 7) for b in range(1, 7) for c in range(1, 7)
                if (a == 1) + (b == 1) + (c == 1) >= SUPPLY_ONES), 216)
    dist = {start: F(1)}
    for _ in range(rolls):
        nxt = {}
        for s, p in dist.items():
            if s < 0:
                nxt[SUPPLY_ROLLS] = nxt.get(SUPPLY_ROLLS, 0) + p * two
                nxt[-1] = nxt.get(-1, 0) + p * (1 - two)
            else:
                t = s - 1 if s > 0 else 0
                nxt[t] = nxt.get(t, 0) + p
        dist = nxt
    return dist


QUESTIONS = [
    (["vb", "melee", "--attack-dice", "12", "--defence-dice", "12", "--attack-cavalry", "--sunken"],
     lambda: vb_melee(12, 12, True, True)),
    (["vb", "melee", "--attack-dice", "640", "--defence-dice", "640", "--attack-cavalry", "--sunken"],
     lambda: vb_melee(640, 640, True, True)),
    (["ba", "supplies", "--rolls", "3"], lambda: ba_supplies(3)),
    (["ba", "supplies", "--rolls", "8"], lambda: ba_supplies(8)),
    (["ba", "supplies", "--rolls", "8", "--start", "3"], lambda: ba_supplies(8, 3)),
    (["vb", "fire", "--dice", "64", "--range", "close", "--weapon", "musket", "--save", "works,open"],
     lambda: vb_fire(64, ["works", "open"])),
    (["vb", "fire", "--dice", "194", "--range", "close", "--weapon", "musket"], lambda: vb_fire(194, [])),
    (["vb", "fire", "--dice", "640", "--range", "close", "--weapon", "musket"], lambda: vb_fire(640, [])),
    (["vb", "fire", "--dice", "640", "--range", "close", "--weapon", "musket", "--save", "works,open"],
     lambda: vb_fire(640, ["works", "open"])),
]


def main():
    check = "--check" in sys.argv
    bad = 0
    for args, model in QUESTIONS:
        t0 = time.perf_counter()
        dist = model()
        peer_ms = (time.perf_counter() - t0) * 1e3
        line = f"{' '.join(args):86s} peer {peer_ms:8.2f} ms"
        if check:
            t0 = time.perf_counter()
            out = subprocess.run(["build/grognard", "odds"] + args + ["--json"], capture_output=True, text=True)
            cli_ms = (time.perf_counter() - t0) * 1e3
            got = json.loads(out.stdout)
            ours = {o["outcome"]: F(o["p_exact"]) for o in got["outcomes"]}
            theirs = {k: v for k, v in dist.items() if v}
            same = got["exact"] and ours == theirs
            bad += not same
            line += f"  grognard (whole command) {cli_ms:8.1f} ms  {'same fractions' if same else 'DIFFERENT'}"
        print(line)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
