#!/usr/bin/python3
"""Opens a replay page (adjutant view) in headless Chromium and reports what a
reader would see, as JSON on stdout.

    view_page.py PAGE.html [--last LAST.png --first FIRST.png] [--screenshot OUT.png]
    view_page.py PAGE.html --phone [--screenshot OUT.png]
    view_page.py PAGE.html --ready [--phone] [--screenshot OUT.png]

Drives Chromium over the DevTools protocol with the standard library only
(a WebSocket client written out below). It loads the page and waits until
its first map is drawn (the body's data-ready: milliseconds since the page
began to load). On a laptop's screen (1366x768) it then steps through every
post with the right arrow key, then back with the left one, moves the
slider, and records after each step which post is shown, its label and the
marks its map draws (each overlay group's attributes, in order). It
zooms with the buttons, the wheel and a drag, and reads the map's scale and
position after each. Given LAST.png and FIRST.png (the maps of the last and
the first post drawn by `adjutant render`), it shows the map at its actual
size and compares it with each, pixel by pixel along rows across it.

With --ready, it only loads the page and reports when it was ready and how
many marks its first map drew (at either size).

With --phone, on a 390x844 phone screen (touch, three device pixels a CSS
pixel) it records where the controls, the map and the text are, whether
anything but the text scrolls, how large a counter is on the screen, and
what a tap on the next button and a two-finger pinch on the map do.

Either way it collects console errors, uncaught exceptions, error log
entries and every request to a URL that is not the page itself or a data:
URI, and saves a screenshot of the window with --screenshot.
"""
import argparse
import base64
import functools
import json
import os
import shutil
import socket
import struct
import subprocess
import sys
import tempfile
import time
import urllib.request
import zlib

WIDTH, HEIGHT = 1400, 1300


class WebSocket:
    """A minimal RFC 6455 client: text frames out (masked), frames in."""

    def __init__(self, url):
        assert url.startswith("ws://")
        hostport, path = url[5:].split("/", 1)
        host, port = hostport.split(":")
        self.sock = socket.create_connection((host, int(port)), timeout=30)
        key = base64.b64encode(os.urandom(16)).decode()
        request = ("GET /%s HTTP/1.1\r\nHost: %s\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                   "Sec-WebSocket-Key: %s\r\nSec-WebSocket-Version: 13\r\n\r\n" % (path, hostport, key))
        self.sock.sendall(request.encode())
        response = b""
        while b"\r\n\r\n" not in response:
            chunk = self.sock.recv(1)
            if not chunk:
                raise RuntimeError("websocket: connection closed during the handshake")
            response += chunk
        if b" 101 " not in response.split(b"\r\n")[0]:
            raise RuntimeError("websocket: handshake refused: %r" % response[:200])

    def send(self, text):
        data = text.encode()
        header = bytearray([0x81])
        n = len(data)
        if n < 126:
            header.append(0x80 | n)
        elif n < 65536:
            header.append(0x80 | 126)
            header += struct.pack(">H", n)
        else:
            header.append(0x80 | 127)
            header += struct.pack(">Q", n)
        mask = os.urandom(4)
        header += mask
        self.sock.sendall(bytes(header) + bytes(b ^ mask[i % 4] for i, b in enumerate(data)))

    def _exact(self, n):
        out = bytearray()
        while len(out) < n:
            chunk = self.sock.recv(min(n - len(out), 1 << 20))
            if not chunk:
                raise RuntimeError("websocket: connection closed")
            out += chunk
        return bytes(out)

    def recv(self):
        message = bytearray()
        while True:
            b0, b1 = self._exact(2)
            n = b1 & 0x7F
            if n == 126:
                n = struct.unpack(">H", self._exact(2))[0]
            elif n == 127:
                n = struct.unpack(">Q", self._exact(8))[0]
            payload = self._exact(n)
            opcode = b0 & 0x0F
            if opcode == 0x8:
                raise RuntimeError("websocket: closed by the browser")
            if opcode in (0x9, 0xA):  # ping, pong: nothing to answer for this client
                continue
            message += payload
            if b0 & 0x80:
                return message.decode()


class Browser:
    def __init__(self):
        self.profile = tempfile.mkdtemp(prefix="adjutant-chromium-")
        self.proc = subprocess.Popen(
            ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
             "--disable-extensions", "--disable-background-networking", "--disable-sync",
             "--remote-debugging-port=0", "--user-data-dir=" + self.profile,
             "--window-size=%d,%d" % (WIDTH, HEIGHT), "--force-device-scale-factor=1",
             "--hide-scrollbars", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        port_file = os.path.join(self.profile, "DevToolsActivePort")
        deadline = time.time() + 20
        while not (os.path.exists(port_file) and open(port_file).read().count("\n") >= 1):
            if time.time() > deadline or self.proc.poll() is not None:
                raise RuntimeError("chromium did not start its DevTools endpoint")
            time.sleep(0.05)
        port = open(port_file).read().split("\n")[0].strip()
        targets = json.load(urllib.request.urlopen("http://127.0.0.1:%s/json/list" % port))
        page = [t for t in targets if t.get("type") == "page"][0]
        self.ws = WebSocket(page["webSocketDebuggerUrl"])
        self.next_id = 0
        self.events = []

    def call(self, method, **params):
        self.next_id += 1
        mine = self.next_id
        self.ws.send(json.dumps({"id": mine, "method": method, "params": params}))
        while True:
            msg = json.loads(self.ws.recv())
            if msg.get("id") == mine:
                if "error" in msg:
                    raise RuntimeError("%s: %s" % (method, msg["error"]))
                return msg.get("result", {})
            if "method" in msg:
                self.events.append(msg)

    def wait_event(self, method, timeout=20):
        deadline = time.time() + timeout
        for e in self.events:
            if e["method"] == method:
                return e
        while time.time() < deadline:
            msg = json.loads(self.ws.recv())
            if "method" in msg:
                self.events.append(msg)
                if msg["method"] == method:
                    return msg
        raise RuntimeError("no %s within %d s" % (method, timeout))

    def eval(self, expression):
        r = self.call("Runtime.evaluate", expression=expression, returnByValue=True)
        if "exceptionDetails" in r:
            raise RuntimeError("evaluating %s: %s" % (expression, r["exceptionDetails"]))
        return r["result"].get("value")

    def key(self, name, code):
        for kind in ("keyDown", "keyUp"):
            self.call("Input.dispatchKeyEvent", type=kind, key=name, code=name,
                      windowsVirtualKeyCode=code, nativeVirtualKeyCode=code)

    def close(self):
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        shutil.rmtree(self.profile, ignore_errors=True)


def png_pixels(data):
    """(width, height, rows of RGB tuples) of an 8-bit RGB or RGBA PNG."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, width, height, channels = 8, b"", 0, 0, 0
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and colour in (2, 6), "only 8-bit RGB or RGBA"
            channels = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, prev, i = [], bytearray(stride), 0
    for _ in range(height):
        f = raw[i]
        line = bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = line[x - channels] if x >= channels else 0
            b = prev[x]
            c = prev[x - channels] if x >= channels else 0
            if f == 1:
                line[x] = (line[x] + a) & 255
            elif f == 2:
                line[x] = (line[x] + b) & 255
            elif f == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        prev = line
    pixel = lambda x, y: tuple(rows[y][x * channels:x * channels + 3])
    return width, height, pixel


@functools.lru_cache(maxsize=None)
def png_file(path):
    return png_pixels(open(path, "rb").read())


STATE = """(function () {
  var frames = document.querySelectorAll('section.frame'), shown = [];
  for (var i = 0; i < frames.length; i++) if (!frames[i].hidden) shown.push(i);
  var svg = document.getElementById('map'), overlay = document.getElementById('overlay');
  var marks = [];
  if (overlay) overlay.querySelectorAll('g.overlay > g').forEach(function (g) {
    var m = [];
    for (var a = 0; a < g.attributes.length; a++) m.push([g.attributes[a].name, g.attributes[a].value]);
    marks.push(m);
  });
  return {shown: shown, label: document.getElementById('label').textContent,
          step: document.body.getAttribute('data-step'),
          slider: document.getElementById('step').value,
          map: !!svg && svg.getAttribute('data-step') === String(shown[0]) &&
               overlay.querySelectorAll('g.overlay > g').length > 0,
          marks: marks,
          current_rows: document.querySelectorAll('tr.current').length};
})()"""

RECT = """(function (sel) {
  var e = document.querySelector(sel);
  if (!e) return null;
  var b = e.getBoundingClientRect();
  return {x: b.left, y: b.top, w: b.width, h: b.height};
})"""

VIEW = """(function () {
  var m = document.getElementById('map').getBoundingClientRect();
  return {scale: Number(document.getElementById('board').getAttribute('data-scale')),
          x: m.left, y: m.top, w: m.width, h: m.height};
})()"""


def wait_ready(browser, url=None, timeout=20):
    """The page's data-ready (of the page at `url`, if given)."""
    deadline = time.time() + timeout
    check = "document.body && document.body.getAttribute('data-ready')"
    if url:
        check = "location.href === %s && %s" % (json.dumps(url), check)
    while time.time() < deadline:
        ready = browser.eval(check)
        if ready:
            return int(ready)
        time.sleep(0.02)
    raise RuntimeError("the page was not ready within %d s" % timeout)


def open_page(browser, page, width, height, scale, mobile):
    for domain in ("Page", "Runtime", "Log", "Network"):
        browser.call(domain + ".enable")
    browser.call("Emulation.setDeviceMetricsOverride", width=width, height=height,
                 deviceScaleFactor=scale, mobile=mobile)
    if mobile:
        browser.call("Emulation.setTouchEmulationEnabled", enabled=True, maxTouchPoints=5)
    url = "file://" + os.path.abspath(page)
    browser.call("Page.navigate", url=url)
    browser.wait_event("Page.loadEventFired")
    return url, wait_ready(browser, url)


def problems(browser, url):
    errors, requests = [], []
    for e in browser.events:
        m, p = e["method"], e.get("params", {})
        if m == "Runtime.exceptionThrown":
            errors.append("exception: " + json.dumps(p.get("exceptionDetails", {}))[:300])
        elif m == "Runtime.consoleAPICalled" and p.get("type") in ("error", "assert"):
            errors.append("console: " + json.dumps(p.get("args", []))[:300])
        elif m == "Log.entryAdded" and p.get("entry", {}).get("level") == "error":
            errors.append("log: " + p["entry"].get("text", "")[:300])
        elif m == "Network.requestWillBeSent":
            u = p.get("request", {}).get("url", "")
            if u != url and not u.startswith("data:"):
                requests.append(u)
    return errors, requests


def strip(browser, x, y, w):
    """One row of the screen, w pixels from (x, y), decoded."""
    clip = {"x": x, "y": y, "width": w, "height": 1, "scale": 1}
    data = browser.call("Page.captureScreenshot", format="png", clip=clip)["data"]
    return png_pixels(base64.b64decode(data))[2]


def compare_map(browser, reference, other):
    """The map at its actual size against `adjutant render`'s picture of the
    same post (and of another post), along every third row: how many
    pixels match within 24 of 255 per channel (antialiasing and text differ
    slightly between cairo and the browser), over the whole picture and over
    the pixels where the two references differ (what the overlay draws)."""
    browser.key("1", 49)
    time.sleep(0.3)
    rw, rh, ref = png_file(reference)
    _, _, oth = png_file(other)
    m = browser.eval(VIEW)
    board = browser.eval(RECT + "('#board')")
    w = int(min(rw, board["x"] + board["w"] - m["x"]))
    h = int(min(rh, board["y"] + board["h"] - m["y"]))
    out = {"size": [round(m["w"]), round(m["h"]), rw, rh], "scale": m["scale"],
           "compared": [w, h], "samples": 0, "matched": 0,
           "differing": 0, "differing_matched": 0, "differing_matched_other": 0}
    close = lambda p, q: all(abs(a - b) <= 24 for a, b in zip(p, q))
    clip = {"x": round(m["x"]), "y": round(m["y"]), "width": w, "height": h, "scale": 1}
    shot = browser.call("Page.captureScreenshot", format="png", clip=clip)["data"]
    screen = png_pixels(base64.b64decode(shot))[2]
    for y in range(0, h, 3):
        for x in range(w):
            p, q, o = screen(x, y), ref(x, y), oth(x, y)
            out["samples"] += 1
            out["matched"] += close(p, q)
            if any(abs(a - b) > 48 for a, b in zip(q, o)):
                out["differing"] += 1
                out["differing_matched"] += close(p, q)
                out["differing_matched_other"] += close(p, o)
    return out


def laptop(page, args):
    out = {"steps": [], "back": []}
    browser = Browser()
    try:
        url, out["ready_ms"] = open_page(browser, page, 1366, 768, 1, False)
        out["frames"] = browser.eval("document.querySelectorAll('section.frame').length")
        for _ in range(out["frames"]):
            out["steps"].append(browser.eval(STATE))
            browser.key("ArrowRight", 39)
        out["after_last"] = browser.eval(STATE)  # one step past the last stays there
        for _ in range(2):
            browser.key("ArrowLeft", 37)
            out["back"].append(browser.eval(STATE))
        browser.eval("(function () { var s = document.getElementById('step'); s.value = '1';"
                     " s.dispatchEvent(new Event('input')); })()")
        out["slider_to_1"] = browser.eval(STATE)
        browser.key("End", 35)
        out["end"] = browser.eval(STATE)
        out["rects"] = {name: browser.eval(RECT + "('%s')" % name)
                        for name in ("header", "nav", "#board", "main", "#zoom-in", "#next")}
        out["window"] = browser.eval("[innerWidth, innerHeight, "
                                     "document.scrollingElement.scrollHeight]")
        out["pixels"] = {}
        for name, sel in (("header", "header"), ("nav", "nav"), ("main", "main")):
            r = out["rects"][sel]
            out["pixels"][name] = strip(browser, round(r["x"]) + 4, round(r["y"]) + 4, 1)(0, 0)
        # Zooming: the + button, the wheel over the map, a drag, fit.
        zoom = {"start": browser.eval(VIEW)}
        b = out["rects"]["#zoom-in"]
        click(browser, b["x"] + b["w"] / 2, b["y"] + b["h"] / 2)
        zoom["button"] = browser.eval(VIEW)
        board = out["rects"]["#board"]
        cx, cy = board["x"] + board["w"] / 3, board["y"] + board["h"] / 2
        browser.call("Input.dispatchMouseEvent", type="mouseWheel", x=cx, y=cy, deltaX=0,
                     deltaY=-300)
        time.sleep(0.1)
        zoom["wheel"] = browser.eval(VIEW)
        browser.call("Input.dispatchMouseEvent", type="mousePressed", x=cx, y=cy, button="left",
                     clickCount=1)
        browser.call("Input.dispatchMouseEvent", type="mouseMoved", x=cx - 60, y=cy - 40,
                     button="left")
        browser.call("Input.dispatchMouseEvent", type="mouseReleased", x=cx - 60, y=cy - 40,
                     button="left", clickCount=1)
        zoom["drag"] = browser.eval(VIEW)
        browser.key("0", 48)
        zoom["fit"] = browser.eval(VIEW)
        out["zoom"] = zoom
        if args.screenshot:
            browser.key("Home", 36)
            time.sleep(0.3)
            save_screenshot(browser, args.screenshot)
        if args.last and args.first:
            browser.key("End", 35)
            out["map_last"] = compare_map(browser, args.last, args.first)
            browser.key("Home", 36)
            out["home"] = browser.eval(STATE)
            out["map_first"] = compare_map(browser, args.first, args.last)
        out["errors"], out["requests"] = problems(browser, url)
    finally:
        browser.close()
    return out


def click(browser, x, y):
    for kind in ("mousePressed", "mouseReleased"):
        browser.call("Input.dispatchMouseEvent", type=kind, x=x, y=y, button="left", clickCount=1)
    time.sleep(0.05)


def save_screenshot(browser, path):
    with open(path, "wb") as f:
        f.write(base64.b64decode(browser.call("Page.captureScreenshot", format="png")["data"]))


def phone(page, args):
    out = {}
    browser = Browser()
    try:
        url, out["ready_ms"] = open_page(browser, page, 390, 844, 3, True)
        names = ("header", "nav", "#prev", "#step", "#next", "#label", "#board", "main",
                 "#zoom-in", "#zoom-out", "#zoom-fit")
        rects = lambda: {n: browser.eval(RECT + "('%s')" % n) for n in names}
        out["window"] = browser.eval("[innerWidth, innerHeight, "
                                     "document.scrollingElement.scrollHeight]")
        out["rects"] = rects()
        out["counter"] = browser.eval(RECT + "('#overlay g.counter')")
        out["view"] = browser.eval(VIEW)
        if args.screenshot:
            save_screenshot(browser, args.screenshot)
        # The text scrolled to its end: the controls stay where they were.
        out["main_scroll"] = browser.eval("(function () { var m = document.querySelector('main');"
                                          " m.scrollTop = m.scrollHeight;"
                                          " return [m.scrollTop, m.scrollHeight, m.clientHeight]; })()")
        window_scrolled = browser.eval("(function () { window.scrollTo(0, 1000);"
                                       " return window.scrollY; })()")
        out["window_scroll"] = window_scrolled
        out["rects_scrolled"] = rects()
        # A tap on the next button.
        n = out["rects"]["#next"]
        for kind in ("touchStart", "touchEnd"):
            points = [{"x": n["x"] + n["w"] / 2, "y": n["y"] + n["h"] / 2, "id": 1}]
            browser.call("Input.dispatchTouchEvent", type=kind,
                         touchPoints=points if kind == "touchStart" else [])
        time.sleep(0.3)
        out["after_tap"] = browser.eval(STATE)
        out["after_tap"].pop("marks")
        # Two fingers on the map moving apart.
        b = out["rects"]["#board"]
        cx, cy = b["x"] + b["w"] / 2, b["y"] + b["h"] / 2
        out["before_pinch"] = browser.eval(VIEW)
        for step in range(0, 6):
            d = 30 + step * 15
            points = [{"x": cx - d, "y": cy, "id": 1}, {"x": cx + d, "y": cy, "id": 2}]
            browser.call("Input.dispatchTouchEvent", type="touchStart" if step == 0 else "touchMove",
                         touchPoints=points)
        browser.call("Input.dispatchTouchEvent", type="touchEnd", touchPoints=[])
        time.sleep(0.1)
        out["after_pinch"] = browser.eval(VIEW)
        if args.screenshot:
            save_screenshot(browser, args.screenshot.replace(".png", "-pinched.png"))
        out["errors"], out["requests"] = problems(browser, url)
    finally:
        browser.close()
    return out


def ready_only(page, args):
    out = {}
    browser = Browser()
    try:
        if args.phone:
            url, out["ready_ms"] = open_page(browser, page, 390, 844, 3, True)
        else:
            url, out["ready_ms"] = open_page(browser, page, 1366, 768, 1, False)
        out["drawn"] = browser.eval("document.querySelectorAll('#overlay g.overlay > g').length")
        if args.screenshot:
            save_screenshot(browser, args.screenshot)
        out["errors"], out["requests"] = problems(browser, url)
    finally:
        browser.close()
    return out


def main():
    parser = argparse.ArgumentParser(description="a replay page in headless Chromium")
    parser.add_argument("page")
    parser.add_argument("--last", help="adjutant render's map of the last post")
    parser.add_argument("--first", help="adjutant render's map of the first post")
    parser.add_argument("--phone", action="store_true", help="on a 390x844 phone screen")
    parser.add_argument("--screenshot", help="save a screenshot of the window here")
    parser.add_argument("--ready", action="store_true",
                        help="only load the page: when it was ready, what its first map drew")
    args = parser.parse_args()
    if args.ready:
        out = ready_only(args.page, args)
    else:
        out = phone(args.page, args) if args.phone else laptop(args.page, args)
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
