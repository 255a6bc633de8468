#!/usr/bin/python3
"""Opens a replay page (adjutant view) in headless Chromium and reports what a
reader would see, as JSON on stdout.

    view_page.py PAGE.html [LAST.png [FIRST.png]]

Drives Chromium over the DevTools protocol with the standard library only
(a WebSocket client written out below). It loads the page, steps through
every frame with the right arrow key, then back with the left one, moves
the slider, and records after each step which frame is shown, its label and
whether its map image decoded. It collects console errors, uncaught
exceptions, error log entries and every request to a URL that is not the
page itself or a data: URI. At the last frame it takes a screenshot and
reads a few pixels; given LAST.png and FIRST.png (the maps of the last and
the first frame drawn by `adjutant render`), it compares the map on the
screen with each, pixel by pixel along eleven rows.
"""
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


def main():
    page = os.path.abspath(sys.argv[1])
    references = sys.argv[2:]
    out = {"steps": [], "back": [], "errors": [], "requests": []}
    browser = Browser()
    try:
        for domain in ("Page", "Runtime", "Log", "Network"):
            browser.call(domain + ".enable")
        browser.call("Emulation.setDeviceMetricsOverride", width=WIDTH, height=HEIGHT,
                     deviceScaleFactor=1, mobile=False)
        url = "file://" + page
        browser.call("Page.navigate", url=url)
        browser.wait_event("Page.loadEventFired")
        state = """(function () {
          var frames = document.querySelectorAll('section.frame'), shown = [];
          for (var i = 0; i < frames.length; i++) if (!frames[i].hidden) shown.push(i);
          var img = shown.length === 1 ? frames[shown[0]].querySelector('img.map') : null;
          return {shown: shown, label: document.getElementById('label').textContent,
                  step: document.body.getAttribute('data-step'),
                  slider: document.getElementById('step').value,
                  map: !!img && img.complete && img.naturalWidth > 0,
                  current_rows: document.querySelectorAll('tr.current').length};
        })()"""
        out["frames"] = browser.eval("document.querySelectorAll('section.frame').length")
        for _ in range(out["frames"]):
            out["steps"].append(browser.eval(state))
            browser.key("ArrowRight", 39)
        out["after_last"] = browser.eval(state)  # one step past the last stays there
        for _ in range(2):
            browser.key("ArrowLeft", 37)
            out["back"].append(browser.eval(state))
        browser.eval("(function () { var s = document.getElementById('step'); s.value = '1';"
                     " s.dispatchEvent(new Event('input')); })()")
        out["slider_to_1"] = browser.eval(state)
        browser.key("End", 35)
        out["end"] = browser.eval(state)
        browser.eval("window.scrollTo(0, 0)")
        rects = browser.eval("""(function () {
          function r(e) { var b = e.getBoundingClientRect();
            return {x: b.left + e.clientLeft, y: b.top + e.clientTop,
                    w: e.clientWidth, h: e.clientHeight}; }
          var f = document.querySelector('section.frame:not([hidden])');
          return {header: r(document.querySelector('header')), nav: r(document.querySelector('nav')),
                  map: r(f.querySelector('img.map')), main: r(document.querySelector('main'))};
        })()""")
        out["rects"] = rects
        # The whole window, for its size; then thin strips of it, decoded
        # (decoding the whole screenshot in Python would take seconds).
        shot = base64.b64decode(browser.call("Page.captureScreenshot", format="png")["data"])
        width, height = struct.unpack(">II", shot[16:24])
        out["screenshot"] = {"width": width, "height": height}

        def strip(x, y, w):
            clip = {"x": x, "y": y, "width": w, "height": 1, "scale": 1}
            data = browser.call("Page.captureScreenshot", format="png", clip=clip)["data"]
            return png_pixels(base64.b64decode(data))[2]

        out["pixels"] = {}
        for name in ("header", "nav", "main"):
            r = rects[name]
            out["pixels"][name] = strip(round(r["x"]) + 4, round(r["y"]) + 4, 1)(0, 0)
        # The map shown against `adjutant render` of the same position,
        # pixel by pixel along eleven rows across it.
        def compare_map(reference):
            rw, rh, ref = png_file(reference)
            m = browser.eval(rect_of_map)
            result = {"size": [m["w"], m["h"], rw, rh], "samples": 0, "matched": 0}
            for j in range(1, 12):
                y = rh * j // 12
                line = strip(round(m["x"]), round(m["y"]) + y, rw)
                for x in range(rw):
                    result["samples"] += 1
                    if all(abs(p - q) <= 2 for p, q in zip(line(x, 0), ref(x, y))):
                        result["matched"] += 1
            return result

        rect_of_map = """(function () {
          var e = document.querySelector('section.frame:not([hidden]) img.map');
          var b = e.getBoundingClientRect();
          return {x: b.left + e.clientLeft, y: b.top + e.clientTop, w: e.clientWidth, h: e.clientHeight};
        })()"""
        if len(references) >= 1:
            out["map_last"] = compare_map(references[0])
        if len(references) >= 2:
            browser.key("Home", 36)
            out["home"] = browser.eval(state)
            out["map_first"] = compare_map(references[1])
            # How many of the same pixels tell the two positions apart.
            _, h0, a = png_file(references[0])
            w1, _, b = png_file(references[1])
            out["references_differ"] = sum(
                1 for j in range(1, 12) for x in range(w1)
                if a(x, h0 * j // 12) != b(x, h0 * j // 12))
        for e in browser.events:
            m, p = e["method"], e.get("params", {})
            if m == "Runtime.exceptionThrown":
                out["errors"].append("exception: " + json.dumps(p.get("exceptionDetails", {}))[:300])
            elif m == "Runtime.consoleAPICalled" and p.get("type") in ("error", "assert"):
                out["errors"].append("console: " + json.dumps(p.get("args", []))[:300])
            elif m == "Log.entryAdded" and p.get("entry", {}).get("level") == "error":
                out["errors"].append("log: " + p["entry"].get("text", "")[:300])
            elif m == "Network.requestWillBeSent":
                u = p.get("request", {}).get("url", "")
                if u != url and not u.startswith("data:"):
                    out["requests"].append(u)
    finally:
        browser.close()
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
