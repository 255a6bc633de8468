#!/usr/bin/python3
"""Drives a tracing page (adjutant trace) in headless Chromium with real
mouse clicks and keys, and reports what it saw as JSON on stdout.

    trace_page.py PAGE.html ACTIONS.json [--phone] [--screenshot OUT.png]

ACTIONS is a list of steps:
    {"click": [x, y]}            a click at a point of the scan (its pixels)
    {"drag": [[x, y], ...]}      a left-button drag through points of the scan
    {"key": "t"}                 a key ("Escape", "Enter" or one character)
    {"button": "export"}         a click on the element with that id
    {"choose": "forest"}         a click on the palette's button of that type ("" the eraser)
    {"type": ["place-name", "Seminary"]}  focus the field and type the text
    {"view": 1}                  the page's scan number 1 (a map of sheets)
    {"state": "name"}            record the page's state (window.adjutantTrace.state())
    {"export": "name"}           record the scenario the page last exported
    {"open": "OTHER.html"}       load another tracing page (its scan and scenario)
    {"reload": true}             load the page again (what the browser stored stays)
    {"forget": true}             clear the browser's storage and load the page again
    {"screenshot": "OUT.png"}    save the window

On a laptop's screen (1366x768), or with --phone on a 390x844 phone
(touch, three device pixels a CSS pixel, taps instead of clicks). Uses the
DevTools client of view_page.py; reports console errors, exceptions and
every request to a URL that is not the page itself or a data: or blob: URI.
"""
import argparse
import base64
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from view_page import Browser, open_page, problems  # noqa: E402

KEYS = {"Escape": 27, "Enter": 13}


def press(browser, name):
    code = KEYS.get(name, ord(name.upper()) if len(name) == 1 else 0)
    params = {"key": name, "code": name, "windowsVirtualKeyCode": code,
              "nativeVirtualKeyCode": code}
    if len(name) == 1:
        params["text"] = name
    browser.call("Input.dispatchKeyEvent", type="keyDown", **params)
    params.pop("text", None)
    browser.call("Input.dispatchKeyEvent", type="keyUp", **params)


def at_scan(browser, x, y):
    return browser.eval("window.adjutantTrace.point(%r, %r)" % (x, y))


def tap(browser, phone, x, y):
    x, y = round(x), round(y)
    if phone:
        browser.call("Input.dispatchTouchEvent", type="touchStart",
                     touchPoints=[{"x": x, "y": y}])
        browser.call("Input.dispatchTouchEvent", type="touchEnd", touchPoints=[])
        return
    for kind in ("mousePressed", "mouseReleased"):
        browser.call("Input.dispatchMouseEvent", type=kind, x=x, y=y, button="left",
                     clickCount=1)


def element_centre(browser, selector):
    return browser.eval("""(function () {
      var e = document.querySelector(%s);
      e.scrollIntoView({block: 'center'});
      var b = e.getBoundingClientRect();
      return [b.left + b.width / 2, b.top + b.height / 2];
    })()""" % json.dumps(selector))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("page")
    ap.add_argument("actions")
    ap.add_argument("--phone", action="store_true")
    ap.add_argument("--screenshot")
    args = ap.parse_args()
    actions = json.load(open(args.actions))
    out = {"states": {}, "exports": {}, "errors": [], "requests": []}
    browser = Browser()
    try:
        size = (390, 844, 3, True) if args.phone else (1366, 768, 1, False)
        page = args.page
        url, out["ready_ms"] = open_page(browser, page, *size)
        phone = args.phone
        for step in actions:
            if "click" in step:
                x, y = at_scan(browser, *step["click"])
                tap(browser, phone, x, y)
            elif "drag" in step:
                pts = [at_scan(browser, *p) for p in step["drag"][:1]]
                x, y = pts[0]
                browser.call("Input.dispatchMouseEvent", type="mousePressed", x=x, y=y,
                             button="left", clickCount=1)
                for p in step["drag"][1:]:
                    # The page stays put while the brush is down: the same mapping.
                    x, y = browser.eval("(function (p) { var v = document.querySelector('.view:not([hidden])')"
                                        ".getBoundingClientRect(), i = document.querySelector('.view:not([hidden]) img');"
                                        "return [v.left + p[0] / i.naturalWidth * v.width, v.top + p[1] / "
                                        "i.naturalHeight * v.height]; })(%s)" % json.dumps(p))
                    browser.call("Input.dispatchMouseEvent", type="mouseMoved", x=x, y=y,
                                 button="left", buttons=1)
                browser.call("Input.dispatchMouseEvent", type="mouseReleased", x=x, y=y,
                             button="left", clickCount=1)
            elif "key" in step:
                press(browser, step["key"])
            elif "button" in step:
                x, y = element_centre(browser, "#" + step["button"])
                tap(browser, phone, x, y)
            elif "choose" in step:
                x, y = element_centre(browser, '#palette button[data-id="%s"]' % step["choose"])
                tap(browser, phone, x, y)
            elif "type" in step:
                ident, text = step["type"]
                browser.eval("document.getElementById(%s).focus()" % json.dumps(ident))
                browser.call("Input.insertText", text=text)
            elif "view" in step:
                browser.eval("window.adjutantTrace.view(%d)" % step["view"])
            elif "state" in step:
                out["states"][step["state"]] = browser.eval("window.adjutantTrace.state()")
            elif "export" in step:
                out["exports"][step["export"]] = browser.eval("window.adjutantTrace.exported()")
            elif "reload" in step or "forget" in step or "open" in step:
                if "forget" in step:
                    browser.eval("localStorage.clear()")
                errors, requests = problems(browser, url)
                out["errors"] += errors
                out["requests"] += requests
                browser.events = []
                page = step["open"] if "open" in step else page
                url, _ = open_page(browser, page, *size)
            elif "screenshot" in step:
                shot = browser.call("Page.captureScreenshot", format="png")["data"]
                with open(step["screenshot"], "wb") as f:
                    f.write(base64.b64decode(shot))
        out["layout"] = browser.eval("""(function () {
          var r = function (s) { var b = document.querySelector(s).getBoundingClientRect();
                                 return [b.left, b.top, b.width, b.height]; };
          return {window: [innerWidth, innerHeight], scroll: [document.scrollingElement.scrollWidth,
                  document.scrollingElement.scrollHeight], board: r('#board'), panel: r('#panel'),
                  tools: r('#tools')};
        })()""")
        if args.screenshot:
            shot = browser.call("Page.captureScreenshot", format="png")["data"]
            with open(args.screenshot, "wb") as f:
                f.write(base64.b64decode(shot))
        errors, requests = problems(browser, url)
        out["errors"] += errors
        out["requests"] = [u for u in out["requests"] + requests if not u.startswith("blob:")]
    finally:
        browser.close()
    print(json.dumps(out))


if __name__ == "__main__":
    main()
