#!/usr/bin/python3
"""Opens a standings page (adjutant view DIR) in headless Chromium at a
laptop's size (1366x768) and a phone's (390x844), and reports what a reader
would see, as JSON on stdout.

    standings_page.py PAGE.html [SHOT-PREFIX]

For each size: whether the page is wider than the window (it must not be),
the rows of the table, each row's link and whether the page it names
exists, and every console error or request to a URL that is not the page
itself. With SHOT-PREFIX it writes SHOT-PREFIX-1366.png and -390.png, to
look at. Uses the DevTools client of view_page.py.
"""
import base64
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from view_page import Browser  # noqa: E402

STATE = """(function () {
  var rows = document.querySelectorAll('tbody tr');
  return {overflow: document.documentElement.scrollWidth > window.innerWidth,
          rows: Array.prototype.map.call(rows, function (tr) {
            var a = tr.querySelector('a');
            return {text: tr.textContent, link: a ? a.getAttribute('href') : null,
                    late: tr.classList.contains('late')};
          })};
})()"""


def main():
    page = os.path.abspath(sys.argv[1])
    shots = sys.argv[2] if len(sys.argv) > 2 else None
    out = {"sizes": {}, "errors": [], "requests": []}
    browser = Browser()
    try:
        for domain in ("Page", "Runtime", "Log", "Network"):
            browser.call(domain + ".enable")
        for width, height, mobile in ((1366, 768, False), (390, 844, True)):
            browser.call("Emulation.setDeviceMetricsOverride", width=width, height=height,
                         deviceScaleFactor=1, mobile=mobile)
            browser.call("Page.navigate", url="file://" + page)
            browser.wait_event("Page.loadEventFired")
            browser.events = [e for e in browser.events if e["method"] != "Page.loadEventFired"]
            state = browser.eval(STATE)
            for row in state["rows"]:
                link = row["link"]
                row["exists"] = bool(link) and os.path.exists(
                    os.path.join(os.path.dirname(page), link))
            out["sizes"][str(width)] = state
            if shots:
                shot = browser.call("Page.captureScreenshot", format="png")
                with open("%s-%d.png" % (shots, width), "wb") as f:
                    f.write(base64.b64decode(shot["data"]))
        for e in browser.events:
            if e["method"] == "Runtime.exceptionThrown":
                out["errors"].append(e["params"]["exceptionDetails"].get("text", "exception"))
            elif e["method"] == "Log.entryAdded" and e["params"]["entry"]["level"] == "error":
                out["errors"].append(e["params"]["entry"]["text"])
            elif e["method"] == "Network.requestWillBeSent":
                url = e["params"]["request"]["url"]
                if url != "file://" + page and not url.startswith("data:"):
                    out["requests"].append(url)
    finally:
        browser.close()
    print(json.dumps(out))


if __name__ == "__main__":
    main()
