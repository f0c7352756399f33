#!/usr/bin/env python3
"""odds-peer.py: an independent model of the odds questions of bench-odds, in
plain Python with exact fractions (no package beyond the standard library).

It knows nothing of grognard's code: it reads the rules' numbers as given
below (data/rulesets/*/ defaults, the bundled scenarios' units) and works each
question out from the rule's text as the docs state it: binomials thinned by
the saves, two binomials compared with the tie-break, the supplies as a
Markov chain. With --check it runs build/grognard odds ... --json for each
question and compares every outcome's "p_exact" with its own fraction, and
prints both times.

Whole orders (one per ruleset, on a bundled scenario): grognard's outcomes
are whole states, labelled; the peer states one part of them that it can
work out by itself (the target's losses, whether it stood), and --check adds
grognard's fractions over the labels that share that part and compares.

    python3 scripts/odds-peer.py            # the peer's own answers and times
    python3 scripts/odds-peer.py --check    # side by side with grognard
"""
import json
import os
import re
import subprocess
import sys
import tempfile
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


def hypergeometric(n, good, draws):
    """P(k good among draws cards drawn from n without replacement)."""
    return {k: F(comb(good, k) * comb(n - good, draws - k), comb(n, draws)) for k in range(draws + 1)}


def vb_fire_chain():
    """vb-teach-fire, F2 moved within 2 in of P1: 'fire F2 at P1; fire FA at P1'.
    F2, an infantry brigade, rolls fire.dice.infantry_brigade = 2 dice hitting
    on fire.hit.musket (5-6); FA, a foot battalion of guns within half its range,
    rolls fire.dice.artillery_battalion = 2 dice hitting on fire.hit.artillery_close
    (4-6); no saves in the open. P1 (5 SP) loses one SP a hit: the part stated is
    P1's SP lost."""
    f2 = binom(2, F(at_least(HIT_MUSKET), 6))
    fa = binom(2, F(at_least(4), 6))
    lost = {}
    for a, pa in enumerate(f2):
        for b, pb in enumerate(fa):
            lost[a + b] = lost.get(a + b, 0) + pa * pb
    return lost


def vb_fire_part(label):
    m = re.search(r"\bP1 (\d+)->(\d+)", label)
    return int(m.group(1)) - int(m.group(2)) if m else 0


def ba_fire_bound():
    """ba-teach-valour: 'fire VET at LW; end' (the bound ends: the fire lands).
    VET, 30 figures, fires 3 units of fire (fire.unit.hand 10); its first fire
    adds 2 to the loss total (t6.first_fire). Table 12: a total T of 10-12 kills
    1 figure a unit of fire, 13-15 2, 16-18 3, 19 and over 4 and 1 more every 3
    above 19 (t12.loss_from, t12.loss_step). The moral total is T less the
    target's valour (-4, so T + 4): 13 SD, 16 MD, 19 FD (t12.moral_from). LW
    (30 figures) loses a point of valour every 6 figures (20 %, t15.percent):
    past -5 it falls into FD at once (ref. BA-5.5.2c); FD costs 10 % of the
    figures left, rounded up (fd.loss_percent). The part stated is LW's figures
    lost."""
    lost = {}
    for a in range(1, 7):
        for b in range(1, 7):
            for c in range(1, 7):
                t = a + b + c + 2
                per = 0 if t < 10 else 1 if t < 13 else 2 if t < 16 else 3 if t < 19 else 4 + (t - 19) // 3
                f = 3 * per
                fd = t + 4 >= 19 or -4 - f // 6 < -5
                if fd:
                    f += -(-(30 - f) // 10)
                lost[f] = lost.get(f, 0) + F(1, 216)
    return lost


def ba_fire_part(label):
    m = re.search(r"\bLW (\d+)->(\d+)", label)
    return int(m.group(1)) - int(m.group(2)) if m else 0


def inradic_fire_rout():
    """inradic-teach-rout: 'fire VT at ML'. VT (9 men and an officer) draws 7
    cards from a full deck of 52 (2 for five men, 2 for the other four, 3 for
    the officer); at 10 in, beyond half a musket's range, a number card needs
    8 and an Ace always hits, so 16 cards hit. A casualty calls ML's morale
    test: a d10, 1 more for militia, passes at or below the figures left. The
    part stated: no hit; standing after h hits; routing (whatever followed)."""
    out = {}
    for h, p in hypergeometric(52, 16, 7).items():
        if h == 0:
            out["no hit"] = p
            continue
        stand = F(max(0, min(10, 10 - h - 1)), 10)
        out[f"stands, {h} lost"] = p * stand
        out["routs"] = out.get("routs", 0) + p * (1 - stand)
    return {k: v for k, v in out.items() if v}


def inradic_fire_part(label):
    if label == "no change":
        return "no hit"
    if re.search(r"\bML [^;]*\(routing", label):
        return "routs"
    m = re.search(r"\bML (\d+)->(\d+) \(steady", label)
    return f"stands, {int(m.group(1)) - int(m.group(2))} lost" if m else label


# scenario, orders that set the question up, the question, the peer's model,
# the part of each of grognard's labels the model states
WHOLE = [
    ("scenarios/vb-teach-fire.yaml", ["end", "move F2 to 26,18", "end", "end", "end"],
     "fire F2 at P1; fire FA at P1", vb_fire_chain, vb_fire_part),
    ("scenarios/ba-teach-valour.yaml", [], "fire VET at LW; end", ba_fire_bound, ba_fire_part),
    ("scenarios/inradic-teach-rout.yaml", [], "fire VT at ML", inradic_fire_rout, inradic_fire_part),
]


def run(args):
    out = subprocess.run(args, capture_output=True, text=True)
    if out.returncode:
        raise SystemExit(f"{' '.join(args)}: {out.stderr.strip()}")
    return out.stdout


def grognard_whole(scenario, setup, question):
    """grognard's answer ('grognard odds GAME ORDERS --json') and its time, in a
    store of its own."""
    with tempfile.TemporaryDirectory() as tmp:
        db = os.path.join(tmp, "peer.db")
        gid = run(["build/grognard", "new", scenario, "--seed", "1", "--db", db]).strip()
        for o in setup:
            run(["build/grognard", "order", gid, o, "--db", db])
        t0 = time.perf_counter()
        out = run(["build/grognard", "odds", gid, question, "--json", "--db", db])
        return json.loads(out), (time.perf_counter() - t0) * 1e3


def main():
    check = "--check" in sys.argv
    bad = 0
    for scenario, setup, question, model, part in WHOLE:
        t0 = time.perf_counter()
        dist = model()
        peer_ms = (time.perf_counter() - t0) * 1e3
        line = f"{os.path.basename(scenario)} '{question}'"
        line = f"{line:86s} peer {peer_ms:8.2f} ms"
        if check:
            got, cli_ms = grognard_whole(scenario, setup, question)
            ours = {}
            for o in got["outcomes"]:
                k = part(o["label"])
                ours[k] = ours.get(k, 0) + F(o["p_exact"])
            same = got["exact"] and ours == dist
            bad += not same
            line += f"  grognard (whole command) {cli_ms:8.1f} ms  {'same fractions' if same else 'DIFFERENT'}"
            if not same:
                line += f"\n    grognard {sorted(ours.items(), key=str)}\n    peer     {sorted(dist.items(), key=str)}"
        print(line)
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
