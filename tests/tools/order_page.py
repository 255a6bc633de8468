#!/usr/bin/python3
"""Drives an order page (adjutant view --orders) in headless Chromium and
reports what a player would see, as JSON on stdout.

    order_page.py PAGE.html ACTIONS.json

ACTIONS is a list of steps, each done with real mouse clicks where a player
clicks (at the centre of a hex on the map, or of a button):
    {"unit": "1/Heth"}          the unit's button in the list of units
    {"hex": "0502"}             the map, at the hex's centre
    {"button": "new-attack"}    a button by its id
    {"choose": ["odds", "2-1"]} a select's option (or a text field's value)
    {"tick": ["st-evade", true]} a check box
and on a table game's page (Chaos of Battle):
    {"brigade": "archer"}       the brigade's button
    {"commander": "union-hq"}   a player commander's button
    {"point": [3526, 6802]}     the table, at a point in hundredths of an inch
After each step it records the check's answer (the body's data-check: "ok"
or the first error id), the problems' texts, the moves and attacks as
listed, and the ids of the panel's controls shown. At the end it exports
the body as JSON and as text.

ACTIONS may instead be {"hide": ["DecompressionStream"]}: the page is
loaded with those globals removed (an older browser), and the report is
what the page then shows: {"check": ..., "result": ...}.

Uses the DevTools client of view_page.py; collects console errors and any request
to a URL other than the page or a data: URI.
"""
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from view_page import Browser  # noqa: E402

STATE = """(function () {
  var list = function (id) {
    return Array.prototype.map.call(document.querySelectorAll('#' + id + ' li'),
                                    function (li) { return li.textContent; });
  };
  var last = window.adjutantOrders ? window.adjutantOrders.last() : null;
  return {check: document.body.getAttribute('data-check'),
          problems: Array.prototype.map.call(document.querySelectorAll('#result li[data-id]'),
                                             function (li) { return li.textContent; }),
          moves: list('moves'), attacks: list('attacks'), orders: list('orders'),
          odds: Array.prototype.map.call(document.querySelectorAll('#attacks li'),
                                         function (li) { return li.getAttribute('data-odds'); }),
          echo: last && last.echo || [],
          controls: Array.prototype.filter.call(document.querySelectorAll('#panel [id]'), function (e) {
            return /^(INPUT|SELECT|BUTTON)$/.test(e.tagName) && e.offsetParent !== null;
          }).map(function (e) { return e.id; }),
          body: window.adjutantOrders ? window.adjutantOrders.body() : null};
})()"""


def click_at(browser, x, y):
    # The browser takes whole pixels: the nearest, not the one below.
    x, y = round(x), round(y)
    for kind in ("mousePressed", "mouseReleased"):
        browser.call("Input.dispatchMouseEvent", type=kind, x=x, y=y, button="left", clickCount=1)


def point_of(browser, expression):
    """Scrolls the point `expression` gives (page coordinates) into view and
    returns it in the window's coordinates."""
    return browser.eval("""(function () {
      var p = %s;
      window.scrollTo(Math.max(0, p[0] - 300), Math.max(0, p[1] - 300));
      return [p[0] - window.scrollX, p[1] - window.scrollY];
    })()""" % expression)


def main():
    page = os.path.abspath(sys.argv[1])
    actions = json.load(open(sys.argv[2]))
    out = {"steps": [], "errors": [], "requests": []}
    browser = Browser()
    try:
        for domain in ("Page", "Runtime", "Log", "Network"):
            browser.call(domain + ".enable")
        url = "file://" + page
        if isinstance(actions, dict):
            for name in actions.get("hide", []):
                browser.call("Page.addScriptToEvaluateOnNewDocument",
                             source="delete window[%s];" % json.dumps(name))
        browser.call("Page.navigate", url=url)
        browser.wait_event("Page.loadEventFired")
        if isinstance(actions, dict):
            deadline = time.time() + 30
            while not browser.eval("document.body.getAttribute('data-check')"):
                if time.time() > deadline:
                    raise RuntimeError("the page showed nothing")
                time.sleep(0.01)
            print(json.dumps({
                "check": browser.eval("document.body.getAttribute('data-check')"),
                "ready": browser.eval("document.body.getAttribute('data-ready')"),
                "result": browser.eval("document.getElementById('result').textContent")}))
            return
        deadline = time.time() + 30
        while browser.eval("document.body.getAttribute('data-ready')") != "yes":
            if time.time() > deadline:
                raise RuntimeError("the page did not load its checker: " +
                                   str(browser.eval("document.getElementById('result').textContent")))
            time.sleep(0.01)
        # Milliseconds from the navigation to the checker loaded, within 10.
        out["ready_ms"] = round(browser.eval("performance.now()"))
        # The map as the browser decoded it: its width in pixels (0 if broken).
        out["picture"] = browser.eval("document.querySelector('#board img').naturalWidth")
        out["initial"] = browser.eval(STATE)
        for step in actions:
            if "unit" in step:
                x, y = point_of(browser, """(function () {
                  var b = document.querySelector('#units button[data-unit="' + %s + '"]').getBoundingClientRect();
                  return [b.left + b.width / 2 + window.scrollX, b.top + b.height / 2 + window.scrollY]; })()"""
                                % json.dumps(step["unit"]))
                click_at(browser, x, y)
            elif "brigade" in step or "commander" in step:
                kind = "brigade" if "brigade" in step else "commander"
                x, y = point_of(browser, """(function () {
                  var b = document.querySelector('button[data-%s="' + %s + '"]').getBoundingClientRect();
                  return [b.left + b.width / 2 + window.scrollX, b.top + b.height / 2 + window.scrollY]; })()"""
                                % (kind, json.dumps(step[kind])))
                click_at(browser, x, y)
            elif "point" in step:
                x, y = point_of(browser, """(function () {
                  var c = window.adjutantOrders.place(%s);
                  var b = document.getElementById('overlay').getBoundingClientRect();
                  return [b.left + window.scrollX + c[0], b.top + window.scrollY + c[1]]; })()"""
                                % json.dumps(step["point"]))
                click_at(browser, x, y)
            elif "hex" in step:
                x, y = point_of(browser, """(function () {
                  var c = window.adjutantOrders.centre(%s);
                  var b = document.getElementById('overlay').getBoundingClientRect();
                  return [b.left + window.scrollX + c[0], b.top + window.scrollY + c[1]]; })()"""
                                % json.dumps(step["hex"]))
                click_at(browser, x, y)
            elif "button" in step:
                x, y = point_of(browser, """(function () {
                  var b = document.getElementById(%s).getBoundingClientRect();
                  return [b.left + b.width / 2 + window.scrollX, b.top + b.height / 2 + window.scrollY]; })()"""
                                % json.dumps(step["button"]))
                click_at(browser, x, y)
            elif "choose" in step:
                browser.eval("""(function () { var e = document.getElementById(%s); e.value = %s;
                  e.dispatchEvent(new Event('change')); })()""" % tuple(json.dumps(v) for v in step["choose"]))
            elif "tick" in step:
                browser.eval("""(function () { var e = document.getElementById(%s); e.checked = %s;
                  e.dispatchEvent(new Event('change')); })()""" % tuple(json.dumps(v) for v in step["tick"]))
            else:
                raise RuntimeError("unknown step %r" % step)
            state = browser.eval(STATE)
            state["step"] = step
            out["steps"].append(state)
        out["final"] = browser.eval(STATE)
        for fmt in ("json", "text"):
            browser.eval("""(function () { var e = document.getElementById('fmt'); e.value = '%s';
              e.dispatchEvent(new Event('change')); })()""" % fmt)
            out[fmt] = browser.eval("document.getElementById('export').value")
        out["download"] = browser.eval("document.getElementById('download').getAttribute('download')")
        for e in browser.events:
            m, p = e["method"], e.get("params", {})
            if m == "Runtime.exceptionThrown":
                out["errors"].append("exception: " + json.dumps(p.get("exceptionDetails", {}))[:400])
            elif m == "Runtime.consoleAPICalled" and p.get("type") in ("error", "assert", "warning"):
                out["errors"].append("console: " + json.dumps(p.get("args", []))[:400])
            elif m == "Log.entryAdded" and p.get("entry", {}).get("level") == "error":
                out["errors"].append("log: " + p["entry"].get("text", "")[:400])
            elif m == "Network.requestWillBeSent":
                u = p.get("request", {}).get("url", "")
                if u != url and not u.startswith("data:"):
                    out["requests"].append(u)
    finally:
        browser.close()
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
