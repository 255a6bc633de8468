#!/usr/bin/python3
"""Soak: the bot plays many whole games through the full pipeline.

usage: tools/soak.py [--games N] [--jobs J] [--adjutant PATH] [--work DIR]
                     [--maps-every K] [--seed S] [--rotation A,B,...] [--keep]
                     [--keys DIR]

The rotation is every scenario of scenarios/ once, in name order, then each
Chaos of Battle table of scenarios/table/ (named table/NAME), unless
--rotation names scenarios (a name may come more than once, to weight the
shorter games). Game i plays rotation[i mod R], with an umpire when
(i div R) is even, the bot seed S + i, and dice chains derived from that
seed. The parties' keys are made once a run (keygen), or taken from
--keys DIR (union.key, confederate.key, umpire.key; samples/keys holds the
test-only ones): with the same keys, seeds and program, a run plays the very
same games again, byte for byte. Each game:

  keygen or the keys of --keys (once), join, new, then `adjutant bot
  --play` for every party: the bot signs each side's orders, checks them,
  the adjudicating party adjudicates, the turn's reports and mail are
  written and every post's mail is delivered to the game's maildir; then
  - `adjutant verify` proves the archive,
  - tests/tools/independent_verify.py (written from docs/protocol.md alone)
    agrees on every signature, link, seed and die,
  - `adjutant import` makes a second copy from the maildir alone, which must
    hold the very same log, and the game must have reached its end;
  - a fog-of-war game (a table, always with an umpire) instead seals one
    side's copy, reveals, seals again, syncs the copy and verifies it: every
    commitment must open.

Maps are drawn for every K-th game only (the rest: reports and mail without
maps), since drawing is most of the time. Prints one line per game that is
not clean, then

  games N  adjudications A  dice D  divergences V  failures F
  heads <sha256/16>

where heads digests every game's name, counts and verified head, in seed
order: two programs that print the same one for the same keys and seeds
wrote the same logs (the dice follow the keys too, so only runs with the
same keys compare).

A divergence is a game whose verify, independent verification or mailed
copy disagrees, or that did not reach its end; a failure is a bot order
refused, a crash or any other non-zero exit. Exit status 1 if either is not
zero.
"""

import argparse
import concurrent.futures
import hashlib
import json
import os
import re
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import time

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCENARIOS = sorted(f[:-5] for f in os.listdir(os.path.join(TOP, "scenarios"))
                   if f.endswith(".json")) + sorted(
    "table/" + f[:-5] for f in os.listdir(os.path.join(TOP, "scenarios", "table"))
    if f.endswith(".json"))
PLAYED = re.compile(r"played (\d+) phases?, (\d+) dic?e, (\d+) refused, (\d+) mails? delivered; (.*)")


class GameFailed(Exception):
    def __init__(self, kind, what):
        super().__init__(what)
        self.kind = kind  # "failure" or "divergence"
        self.what = what


def run(cmd, cwd, env, kind="failure", ok=(0,)):
    p = subprocess.run(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True)
    if p.returncode not in ok:
        tail = (p.stderr or p.stdout).strip().splitlines()[-3:]
        raise GameFailed(kind, "%s exited %d: %s" % (os.path.basename(cmd[1]) if len(cmd) > 1 else
                                                     cmd[0], p.returncode, " / ".join(tail)))
    return p


def chain_file(path, seed, party):
    top = hashlib.sha256(("adjutant-soak/%d/%s" % (seed, party)).encode()).hexdigest()
    with open(path, "w") as f:
        json.dump({"format": "adjutant-chain/1", "length": 200, "top": top}, f)
    os.chmod(path, 0o600)


def is_fog(scenario):
    """A Chaos of Battle table (scenarios/table/): fog of war, always with an umpire."""
    return scenario.startswith("table/")


def sealed_copy(adj, home, env, side):
    """A player's sealed copy through the game, opened at its end (docs/protocol.md 10a).

    The umpire seals `side`'s copy, reveals, seals it again; the player's copy
    syncs from the new one and must verify with every commitment opened."""
    run([adj, "seal", "game", "--side", side, "--out", "copy", "--key", "umpire.key"], home, env)
    run([adj, "reveal", "game"], home, env)
    run([adj, "seal", "game", "--side", side, "--out", "copy-end", "--key", "umpire.key"],
        home, env)
    run([adj, "sync", "copy", "copy-end"], home, env, "divergence")
    v = run([adj, "verify", "--json", "copy"], home, env, "divergence")
    report = json.loads(v.stdout)
    if report.get("not_yet_opened", 0) != 0:
        raise GameFailed("divergence", "%s's sealed copy keeps %d commitments unopened after "
                         "the reveal" % (side, report["not_yet_opened"]))


def mailed_copy(adj, home, env):
    """A second copy made from the maildir alone must hold the very same log."""
    copy_env = dict(env, ADJUTANT_SECRETS=os.path.join(home, "copy-secrets"))
    os.makedirs(os.path.join(home, "copies"))
    run([adj, "import", "--game", os.path.join("copies", "game"), "--no-outputs", "mail"],
        home, copy_env, "divergence")
    with open(os.path.join(home, "game", "log.jsonl"), "rb") as f:
        original = f.read()
    with open(os.path.join(home, "copies", "game", "log.jsonl"), "rb") as f:
        copied = f.read()
    if original != copied:
        raise GameFailed("divergence", "the copy made from the mails holds another log")


def play_one(args, keys, i):
    seed = args.seed + i
    scenario = args.rotation[i % len(args.rotation)]
    umpire = (i // len(args.rotation)) % 2 == 0 or is_fog(scenario)
    name = "soak-%d" % seed
    home = os.path.join(args.work, name)
    shutil.rmtree(home, ignore_errors=True)
    os.makedirs(home)
    env = dict(os.environ, ADJUTANT_SECRETS=os.path.join(home, "secrets"))
    adj = args.adjutant
    parties = ["union", "confederate"] + (["umpire"] if umpire else [])
    result = {"name": name, "scenario": scenario, "umpire": umpire, "adjudications": 0, "dice": 0}
    try:
        cards = []
        for party in parties:
            shutil.copy(keys[party], os.path.join(home, party + ".key"))
            os.chmod(os.path.join(home, party + ".key"), 0o600)
            chain_file(os.path.join(home, party + ".key.chain"), seed, party)
            run([adj, "join", "--game", name, "--side", party, "--name", "Soak " + party,
                 "--email", party + "@example.org", "--key", party + ".key", "--chain",
                 party + ".key.chain", "--out", party + ".card.json"], home, env)
            cards += ["--card", party + ".card.json"]
        host = "umpire" if umpire else "union"
        run([adj, "new", "game", "--name", name, "--scenario",
             os.path.join(TOP, "scenarios", scenario + ".json"), "--key", host + ".key",
             "--created", "2026-01-01T09:00:00Z"] + cards, home, env)
        play = [adj, "bot", "--play", "game", "--seed", str(seed), "--at", "2026-01-02T09:00:00Z",
                "--maildir", "mail", "--quiet"]
        for party in parties:
            play += ["--key", party + ".key"]
        if args.maps_every <= 0 or i % args.maps_every != 0:
            play.append("--no-maps")
        p = run(play, home, env)
        m = PLAYED.search(p.stdout)
        if not m:
            raise GameFailed("failure", "bot --play said: " + p.stdout.strip()[-200:])
        if int(m.group(3)) != 0:
            raise GameFailed("failure", "%s orders refused" % m.group(3))
        if not m.group(5).startswith("the game is over"):
            raise GameFailed("divergence", "the game did not end: " + m.group(5))
        v = run([adj, "verify", "--json", "game"], home, env, "divergence")
        report = json.loads(v.stdout)
        result["adjudications"] = report["adjudications"]
        result["dice"] = report["dice"]
        result["head"] = report["head"]
        if report["adjudications"] != int(m.group(1)) or report["dice"] != int(m.group(2)):
            raise GameFailed("divergence", "verify counts %d adjudications and %d dice, the bot %s "
                             "and %s" % (report["adjudications"], report["dice"], m.group(1),
                                         m.group(2)))
        run(["/usr/bin/python3", os.path.join(TOP, "tests", "tools", "independent_verify.py"),
             "--no-vectors", "game"], home, env, "divergence")
        if is_fog(scenario):
            # Mail carries no log lines in a fog-of-war game: a player's copy
            # is the umpire's sealed copy, and it must open whole at the end.
            sealed_copy(adj, home, env, "union" if seed % 2 else "confederate")
        else:
            mailed_copy(adj, home, env)
        result["ok"] = True
    except GameFailed as e:
        result["ok"] = False
        result["kind"] = e.kind
        result["what"] = e.what
    if result["ok"] and not args.keep:
        shutil.rmtree(home, ignore_errors=True)
    return result


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--adjutant", default=os.path.join(TOP, "build", "adjutant"))
    ap.add_argument("--work", default="")
    ap.add_argument("--maps-every", type=int, default=10,
                    help="draw maps for every K-th game (0: never)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rotation", default=",".join(SCENARIOS),
                    help="the scenarios played in turn (default: every one once)")
    ap.add_argument("--keep", action="store_true", help="keep the games that passed too")
    ap.add_argument("--keys", default="",
                    help="take the parties' keys from DIR (e.g. samples/keys, test-only) "
                         "instead of making new ones")
    ap.add_argument("--progress", type=int, default=0,
                    help="print the figures so far every P games (0: never)")
    args = ap.parse_args()
    # Stopped early, by SIGINT or SIGTERM, a run prints the figures of the
    # games finished so far: SIGINT too, for a run a shell started in the
    # background, which it starts with SIGINT ignored.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    args.rotation = [s for s in args.rotation.split(",") if s]
    unknown = [s for s in args.rotation if s not in SCENARIOS]
    if unknown or not args.rotation:
        ap.error("--rotation: no such scenario: %s" % ", ".join(unknown or ["(none)"]))
    args.adjutant = os.path.abspath(args.adjutant)
    made_work = not args.work
    args.work = os.path.abspath(args.work or tempfile.mkdtemp(prefix="adjutant-soak-"))
    os.makedirs(args.work, exist_ok=True)
    keys = {}
    for party in ("union", "confederate", "umpire"):
        keys[party] = os.path.join(args.work, party + ".key")
        if os.path.exists(keys[party]):
            os.remove(keys[party])
        if args.keys:
            shutil.copy(os.path.join(args.keys, party + ".key"), keys[party])
        else:
            subprocess.run([args.adjutant, "keygen", "--out", keys[party]], check=True,
                           stdout=subprocess.DEVNULL)
    start = time.monotonic()
    results = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        futures = [pool.submit(play_one, args, keys, i) for i in range(args.games)]
        try:
            for f in futures:
                r = f.result()
                results.append(r)
                if not r["ok"]:
                    print("%s %s (%s, %s): %s" % (r["kind"].upper(), r["name"], r["scenario"],
                                                  "umpire" if r["umpire"] else "no umpire",
                                                  r["what"]), flush=True)
                if args.progress and len(results) % args.progress == 0:
                    print("progress: %d games, %d adjudications, %d dice, %d not clean, %.0f s" % (
                        len(results), sum(r["adjudications"] for r in results),
                        sum(r["dice"] for r in results), sum(1 for r in results if not r["ok"]),
                        time.monotonic() - start), flush=True)
        except KeyboardInterrupt:
            # Stopped early (SIGINT or SIGTERM): the figures of the games finished so far.
            for f in futures:
                f.cancel()
            print("interrupted after %d of %d games" % (len(results), args.games), flush=True)
    wall = time.monotonic() - start
    cpu = resource.getrusage(resource.RUSAGE_CHILDREN)
    by = {s: sum(1 for r in results if r["scenario"] == s) for s in SCENARIOS}
    by = {s: n for s, n in by.items() if n}
    # The games finished are the first ones, in order (a stopped run too).
    print("soak: %d games (%s; %d with an umpire), seeds %d-%d, %s" % (
        len(results), ", ".join("%s %d" % kv for kv in by.items()),
        sum(1 for r in results if r["umpire"]), args.seed, args.seed + len(results) - 1,
        "maps every %dth game" % args.maps_every if args.maps_every > 0 else "no maps"))
    divergences = sum(1 for r in results if not r["ok"] and r["kind"] == "divergence")
    failures = sum(1 for r in results if not r["ok"] and r["kind"] == "failure")
    print("games %d  adjudications %d  dice %d  divergences %d  failures %d" % (
        len(results), sum(r["adjudications"] for r in results), sum(r["dice"] for r in results),
        divergences, failures))
    heads = hashlib.sha256()
    for r in results:  # in seed order already
        heads.update(("%s %s %d %d %s\n" % (r["name"], r["scenario"], r["adjudications"],
                                             r["dice"], r.get("head", "-"))).encode())
    print("heads %s" % heads.hexdigest()[:16])
    print("time %.1f s wall, %.1f s cpu (user %.1f, system %.1f), %d jobs" % (
        wall, cpu.ru_utime + cpu.ru_stime, cpu.ru_utime, cpu.ru_stime, args.jobs))
    if made_work and not args.keep and divergences + failures == 0:
        shutil.rmtree(args.work, ignore_errors=True)
    elif divergences + failures:
        print("games that failed are kept in " + args.work)
    return 1 if divergences + failures else 0


if __name__ == "__main__":
    sys.exit(main())
