#!/usr/bin/python3
"""A whole game of the training scenario played in player pages on both
sides and hosted from a page (docs/play-in-browser.md "Host from the
page"): the union's join page (written by `adjutant invite` with the
union's own address as the host's) makes its key and card, the other
side's join page and, from the confederate's card, the game; then every
player-turn is signed in the mover's page and adjudicated in the other's,
the mails passing as files. The orders are the bot's, written from a copy
of the game the union's page exports (the keys from the pages' backups).
Prints JSON: the phases, every page error and request, whether both pages
end with the same log, and `adjutant verify`'s exit on the exported copy.

    host_game.py ADJUTANT SOURCE WORK
"""
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import play_game  # noqa: E402
import play_page  # noqa: E402

ADJ, SOURCE, WORK = sys.argv[1], os.path.abspath(sys.argv[2]), os.path.abspath(sys.argv[3])
NAME = "ely-pages"
SIDES = {"union": "union@example.org", "confederate": "confederate@example.org"}


def adj(*args, ok=True):
    r = subprocess.run([ADJ] + list(args), cwd=WORK, capture_output=True, text=True,
                       env=dict(os.environ, ADJUTANT_SECRETS=os.path.join(WORK, "secrets")))
    if ok and r.returncode != 0:
        raise RuntimeError("adjutant %s: exit %d\n%s%s" % (" ".join(args), r.returncode, r.stdout, r.stderr))
    return r


def path(name):
    return os.path.join(WORK, name)


def text(b, ident, value):
    b.eval("(function(){var e=document.getElementById(%s);e.value=%s;"
           "e.dispatchEvent(new Event('input'));})()" % (json.dumps(ident), json.dumps(value)))


def open_page(b, page):
    b.call("Page.navigate", url="file://" + page)
    b.wait_event("Page.loadEventFired")
    b.events = [e for e in b.events if e["method"] != "Page.loadEventFired"]
    b.wait_attr("ready", "yes")


def shown(b, ident):
    for _ in range(600):
        if b.eval("!document.getElementById(%s).hidden" % json.dumps(ident)):
            return
        play_page.time.sleep(0.05)
    raise RuntimeError(ident + " never shown")


def join(b, page, side):
    open_page(b, page)
    text(b, "join-name", side.title())
    text(b, "join-email", SIDES[side])
    b.eval("document.getElementById('join-make').click()")
    b.wait_attr("card", "ok")
    play_game.save(b, "join-backup-link", path(side + ".backup.json"))
    play_game.save(b, "join-card-link", path(side + ".card.json"))


# A copy of the game from the union's page, and the sides' keys from their
# backups, for the bot.
def mirror(b):
    files = json.loads(b.eval("JSON.stringify(window.adjutantPlay.engine({op:'game.files'}).files)"))
    folder = path("mirror")
    os.makedirs(folder, exist_ok=True)
    for name, body in files.items():
        with open(os.path.join(folder, name), "w") as f:
            f.write(body)
    return files


def keys_from_backups():
    for side in SIDES:
        backup = json.load(open(path(side + ".backup.json")))
        with open(path(side + ".key"), "w") as f:
            f.write(backup["key_pem"])
        os.chmod(path(side + ".key"), 0o600)
        with open(path(side + ".key.chain"), "w") as f:
            json.dump(backup["chain"], f)


# Every file the pages gave, but the backups: none holds a key or a chain's
# secret (its top, or the key's PEM body).
def leaks():
    secrets = []
    for side in SIDES:
        backup = json.load(open(path(side + ".backup.json")))
        body = "".join(l for l in backup["key_pem"].splitlines() if not l.startswith("-----"))
        secrets += [body, body[:32], backup["chain"]["top"]]
    found = []
    for name in sorted(os.listdir(WORK)):
        f = path(name)
        if not os.path.isfile(f) or name.endswith(".backup.json") or name.endswith(".key") \
                or name.endswith(".key.chain") or name == "bot.json":
            continue
        with open(f, errors="replace") as fh:
            text = fh.read()
        found += ["%s holds a secret" % name for s in secrets if s in text]
    return found


def main():
    os.makedirs(WORK, exist_ok=True)
    out = {"phases": [], "errors": [], "requests": []}
    adj("invite", NAME, "--scenario", "bluegray-skirmish", "--side", "union", "--email",
        SIDES["union"], "--host-name", "Union", "--host-email", SIDES["union"], "--out", "invite")
    pages = {s: play_page.profile_browser(path(s + "-browser"), 1366, 768) for s in SIDES}
    try:
        for b in pages.values():
            b.start()
        u, c = pages["union"], pages["confederate"]
        join(u, path("invite/join-union.html"), "union")
        out["host_shown"] = u.eval("!document.getElementById('host').hidden")
        text(u, "host-their-name", "Confederate")
        text(u, "host-their-email", SIDES["confederate"])
        u.eval("document.getElementById('host-invite').click()")
        shown(u, "host-page")
        play_game.save(u, "host-page", path("join-confederate.html"))
        play_game.save(u, "host-mail", path("invite-confederate.eml"))
        join(c, path("join-confederate.html"), "confederate")
        u.call("DOM.setFileInputFiles", files=[path("confederate.card.json")], nodeId=u.node("host-card"))
        out["hosted"] = u.wait_attr("hosted", "*")
        play_game.save(u, "host-mine", path("union-page.html"))
        play_game.save(u, "host-first", path("start.eml"))
        with open(path("start.eml")) as f:
            first = play_game.attachment(f.read(), NAME + "-confederate.html")
        with open(path("confederate-page.html"), "w") as f:
            f.write(first)
        for side, b in pages.items():
            open_page(b, path(side + "-page.html"))
            b.wait_attr("verified", "ok")
        # The host's page is the page `adjutant view --play` writes of the
        # game it made.
        keys_from_backups()
        mirror(u)
        adj("view", "mirror", "--play", "--side", "union", "--out", "cli-union")
        out["same_first_page"] = open(path("union-page.html")).read() == \
            open(path("cli-union/index.html")).read()
        for n in range(40):
            mirror(u)
            due = json.loads(adj("status", "--json", "mirror").stdout)["orders_due_from"]
            if not due:
                break
            mover = due if isinstance(due, str) else due[0]
            other = [s for s in SIDES if s != mover][0]
            phase = {"n": n, "due": mover}
            adj("bot", "mirror", "--side", mover, "--key", mover + ".key", "--chain",
                mover + ".key.chain", "--out", "bot.json")
            body = json.load(open(path("bot.json")))["body"]
            for k in ("format", "game", "side", "turn", "phase", "after", "reveal", "revision",
                      "replaces"):
                body.pop(k, None)
            m, a = pages[mover], pages[other]
            m.eval("document.body.removeAttribute('data-signed');"
                   "document.body.removeAttribute('data-sync')")
            text(m, "orders-text", json.dumps(body))
            m.wait_attr("orders", "*")
            m.eval("document.getElementById('orders-sign').click()")
            m.wait_attr("signed", "*")
            signed = path("orders-%d.json" % n)
            play_game.save(m, "orders-file", signed)
            a.eval("document.body.removeAttribute('data-adj-check');"
                   "document.body.removeAttribute('data-result')")
            a.call("DOM.setFileInputFiles", files=[signed], nodeId=a.node("adj-file"))
            phase["check"] = a.wait_attr("adj-check", "*")
            a.eval("document.getElementById('adj-run').click()")
            phase["result"] = a.wait_attr("result", "*")
            result = path("result-%d.eml" % n)
            play_game.save(a, "adj-mail", result)
            m.call("DOM.setFileInputFiles", files=[result], nodeId=m.node("sync-file"))
            phase["sync"] = m.wait_attr("sync", "*")
            out["phases"].append(phase)
        logs = [json.loads(b.eval("JSON.stringify(window.adjutantPlay.engine({op:'game.files'}).files)"))
                ["log.jsonl"] for b in pages.values()]
        out["same_log"] = logs[0] == logs[1]
        out["lines"] = logs[0].count("\n")
        out["page_status"] = u.eval("JSON.stringify(window.adjutantPlay.status())")
        out["secret_leaks"] = leaks()
    except Exception as e:
        out["failure"] = str(e)
    finally:
        for b in pages.values():
            play_page.finish(b, out)
    out["verify"] = adj("verify", "mirror", ok=False).returncode
    print(json.dumps(out))


if __name__ == "__main__":
    main()
