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
    finally:
        browser.close()
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
