#!/usr/bin/python3
"""How long every sample's replay page takes to be ready to click in headless
Chromium, for `make bench`:

    page_bench.py ADJUTANT GAMES_DIR [--runs N]

Writes each game's umpire page (the largest of its views) with `adjutant
view` into a temporary folder, opens it in one headless Chromium at
1366x768 (tests/tools/view_page.py's DevTools client), and reads the page's
own measure: the body's data-ready, the milliseconds from the start of the
page's loading to its first map drawn, the base picture inflated and
loaded. Prints one line a page (the slowest of N loads) and the slowest,
against the target of 2 s. Without chromium it says so and exits 0.
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from view_page import Browser, wait_ready  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("adjutant")
    parser.add_argument("games")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    if shutil.which("chromium") is None:
        print("ready   skipped: chromium is not installed (make deps installs it)")
        return 0
    games = sorted(g for g in os.listdir(args.games)
                   if os.path.exists(os.path.join(args.games, g, "log.jsonl")))
    work = tempfile.mkdtemp(prefix="adjutant-page-bench-")
    browser = Browser()
    slowest, slowest_name = 0, ""
    try:
        browser.call("Runtime.enable")
        browser.call("Emulation.setDeviceMetricsOverride", width=1366, height=768,
                     deviceScaleFactor=1, mobile=False)
        for game in games:
            out = os.path.join(work, game)
            subprocess.run([args.adjutant, "view", os.path.join(args.games, game), "--out", out],
                           check=True, stdout=subprocess.DEVNULL)
            page = os.path.join(out, "index.html")
            worst = 0
            for _ in range(args.runs):
                browser.call("Page.navigate", url="file://" + page)
                worst = max(worst, wait_ready(browser, "file://" + page))
                browser.call("Page.navigate", url="about:blank")
            size = os.path.getsize(page) / 1048576
            print("ready   %-40s %5.2f MB  ready to click in %5d ms" % (game + " umpire", size, worst))
            if worst > slowest:
                slowest, slowest_name = worst, game
        print("ready   slowest %d ms (%s umpire); target 2000 ms" % (slowest, slowest_name))
        player_pages(args, games, work, browser)
    finally:
        browser.close()
        shutil.rmtree(work, ignore_errors=True)
    return 0


def player_pages(args, games, work, browser):
    """Each sample's player page (docs/play-in-browser.md) of its first side:
    its size, and when it is ready to click (the page's own data-ready-ms,
    after it verified every line with WebCrypto). A fog-of-war game's page
    is its sealed copy's (sealed with the samples' umpire key)."""
    keys = os.path.join(os.path.dirname(os.path.abspath(args.games)), "keys")
    slowest, slowest_name = 0, ""
    for game in games:
        src, out = os.path.join(args.games, game), os.path.join(work, game + "-play")
        side = "union"
        fog = os.path.exists(os.path.join(src, "fog-salts.json"))
        if fog:
            copy = os.path.join(work, game + "-copy")
            shutil.copytree(src, os.path.join(work, game + "-umpire"))
            subprocess.run([args.adjutant, "seal", os.path.join(work, game + "-umpire"), "--side", side,
                            "--key", os.path.join(keys, "umpire.key"), "--out", copy + "-sealed",
                            "--secrets", os.path.join(work, "secrets")],
                           check=True, stdout=subprocess.DEVNULL)
            subprocess.run([args.adjutant, "sync", copy, copy + "-sealed"], check=True,
                           stdout=subprocess.DEVNULL)
            src = copy
        r = subprocess.run([args.adjutant, "view", src, "--play"] + ([] if fog else ["--side", side]) +
                           ["--out", out], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if r.returncode != 0:
            print("play    %-40s no page: %s" % (game, r.stderr.strip().splitlines()[-1]))
            continue
        page = os.path.join(out, "index.html")
        worst = 0
        for _ in range(args.runs):
            browser.call("Page.navigate", url="file://" + page)
            for _ in range(600):
                ready = browser.eval("document.body && document.body.getAttribute('data-ready')")
                if ready in ("yes", "failed", "unsupported"):
                    break
                time.sleep(0.02)
            if ready != "yes":
                print("play    %-40s not ready: %s" % (game, ready))
                break
            worst = max(worst, int(browser.eval("document.body.getAttribute('data-ready-ms')")))
            browser.call("Page.navigate", url="about:blank")
        size = os.path.getsize(page) / 1048576
        print("play    %-40s %5.2f MB  verified, ready to click in %5d ms%s" %
              (game + " " + side, size, worst, " (sealed copy)" if fog else ""))
        if worst > slowest:
            slowest, slowest_name = worst, game
    print("play    slowest %d ms (%s); target 2000 ms" % (slowest, slowest_name))


if __name__ == "__main__":
    sys.exit(main())
