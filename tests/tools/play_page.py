#!/usr/bin/python3
"""Drives player pages (adjutant view --play, docs/play-in-browser.md) in
headless Chromium as a player would, and reports what the page shows.

    play_page.py SCRIPT.json

SCRIPT is {"profile": DIR (kept between runs: the browser's storage is the
player's copy and key), "width": W, "height": H, "steps": [...]}; each step:
    {"open": PAGE.html}               load a page, wait until it is ready
    {"file": [INPUT_ID, PATH]}        choose a file in a file input
    {"text": [ID, TEXT]}              type into a text field (an input event)
    {"click": ID}                     press a button
    {"wait": [ATTR, VALUE]}           wait for the body's data-ATTR (VALUE or "*")
    {"save": [LINK_ID, PATH]}         save what a download link offers
    {"shot": PATH}                    a screenshot
    {"eval": EXPR}                    an expression's value, kept in "values"
After each step it records the body's data-* attributes. It collects console
errors, uncaught exceptions, and every request to a URL other than the page,
a blob: or a data: URI (the page makes none). Output: JSON on stdout.
"""
import base64
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import view_page  # noqa: E402

STATE = """(function () {
  var out = {};
  for (var i = 0; i < document.body.attributes.length; i++) {
    var a = document.body.attributes[i];
    if (a.name.indexOf('data-') === 0) out[a.name.slice(5)] = a.value;
  }
  var v = document.getElementById('verified');
  out.verified_text = v ? v.textContent : '';
  var s = document.getElementById('status');
  out.status_text = s ? s.textContent : '';
  return out;
})()"""


class Player(view_page.Browser):
    def __init__(self, profile, width, height):
        self.keep = profile
        os.makedirs(profile, exist_ok=True)
        self._width, self._height = width, height
        super().__init__()

    def start(self):
        for domain in ("Page", "Runtime", "Log", "Network", "DOM"):
            self.call(domain + ".enable")
        self.call("Emulation.setDeviceMetricsOverride", width=self._width, height=self._height,
                  deviceScaleFactor=1, mobile=self._width < 600)

    def wait_attr(self, name, value, timeout=60):
        deadline = time.time() + timeout
        while time.time() < deadline:
            got = self.eval("document.body && document.body.getAttribute('data-%s')" % name)
            if got is not None and got != "no" and (value == "*" or got == value):
                return got
            time.sleep(0.05)
        raise RuntimeError("data-%s is %r, not %r, after %d s" % (name, got, value, timeout))

    def node(self, element_id):
        root = self.call("DOM.getDocument", depth=-1)["root"]["nodeId"]
        return self.call("DOM.querySelector", nodeId=root, selector="#" + element_id)["nodeId"]


def finish(b, out):
    """Ends a browser: its uncaught exceptions into out["errors"], every
    request it made to a URL not of the disk, a blob: or a data: URI into
    out["requests"] (the pages make none)."""
    for e in b.events:
        if e["method"] == "Runtime.exceptionThrown":
            out["errors"].append(str(e["params"]["exceptionDetails"].get("exception", {}).get("description")))
        elif e["method"] == "Network.requestWillBeSent":
            url = e["params"]["request"]["url"]
            if not url.startswith(("data:", "blob:", "file://")):
                out["requests"].append(url)
    b.proc.terminate()


def profile_browser(profile, width, height):
    # The profile folder is the player's browser: its storage lasts.
    stale = os.path.join(profile, "DevToolsActivePort")
    if os.path.exists(stale):
        os.remove(stale)
    real_mkdtemp = view_page.tempfile.mkdtemp
    view_page.tempfile.mkdtemp = lambda prefix="": profile
    try:
        p = Player(profile, width, height)
    finally:
        view_page.tempfile.mkdtemp = real_mkdtemp
    return p


def main():
    script = json.load(open(sys.argv[1]))
    profile = os.path.abspath(script["profile"])
    out = {"states": [], "values": [], "errors": [], "requests": []}
    b = profile_browser(profile, script.get("width", 1366), script.get("height", 768))
    try:
        b.start()
        page_url = None
        for step in script["steps"]:
            if "open" in step:
                page_url = "file://" + os.path.abspath(step["open"])
                b.call("Page.navigate", url=page_url)
                b.wait_event("Page.loadEventFired")
                b.events = [e for e in b.events if e["method"] != "Page.loadEventFired"]
                b.wait_attr("ready", "*")
            elif "file" in step:
                ident, path = step["file"]
                b.call("DOM.setFileInputFiles", files=[os.path.abspath(path)], nodeId=b.node(ident))
            elif "text" in step:
                ident, text = step["text"]
                b.eval("(function(){var e=document.getElementById(%s);e.value=%s;"
                       "e.dispatchEvent(new Event('input'));})()" % (json.dumps(ident), json.dumps(text)))
            elif "click" in step:
                b.eval("document.getElementById(%s).click()" % json.dumps(step["click"]))
            elif "wait" in step:
                b.wait_attr(step["wait"][0], step["wait"][1])
            elif "save" in step:
                ident, path = step["save"]
                r = b.call("Runtime.evaluate", awaitPromise=True, returnByValue=True, expression=(
                    "fetch(document.getElementById(%s).href).then(function(r){return r.arrayBuffer();})"
                    ".then(function(b){var s='',u=new Uint8Array(b);for(var i=0;i<u.length;i++)"
                    "s+=String.fromCharCode(u[i]);return btoa(s);})" % json.dumps(ident)))
                if "exceptionDetails" in r:
                    raise RuntimeError("saving %s: %s" % (ident, r["exceptionDetails"]))
                with open(path, "wb") as f:
                    f.write(base64.b64decode(r["result"]["value"]))
            elif "shot" in step:
                shot = b.call("Page.captureScreenshot", format="png")
                with open(step["shot"], "wb") as f:
                    f.write(base64.b64decode(shot["data"]))
            elif "eval" in step:
                out["values"].append(b.eval(step["eval"]))
            time.sleep(0.05)
            out["states"].append(b.eval(STATE))
    except Exception as e:  # reported, with what was seen until then
        out["failure"] = str(e)
    finally:
        for e in b.events:
            m = e["method"]
            if m == "Runtime.exceptionThrown":
                out["errors"].append(e["params"]["exceptionDetails"].get("exception", {}).get("description", "exception"))
            elif m == "Runtime.consoleAPICalled" and e["params"]["type"] == "error":
                out["errors"].append(" ".join(str(a.get("value")) for a in e["params"]["args"]))
            elif m == "Network.requestWillBeSent":
                url = e["params"]["request"]["url"]
                if not url.startswith(("data:", "blob:")) and url != page_url and not url.startswith("file://"):
                    out["requests"].append(url)
        b.proc.terminate()
        try:
            b.proc.wait(10)
        except Exception:
            b.proc.kill()
    print(json.dumps(out))


if __name__ == "__main__":
    main()
