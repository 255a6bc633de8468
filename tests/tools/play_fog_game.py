#!/usr/bin/python3
"""A whole Chaos of Battle game under fog of war, to its end: the umpire
hosts and adjudicates with the command line, the union plays from its
sealed copy with the command line, and the confederate in player pages only
(headless Chromium): it joins from the join page `adjutant invite` writes,
then every turn opens the page the umpire's mail carries (or drops the mail
on the page it has open), writes its orders as text, checks and signs them.
Mail passes as files or, given the ports of the test servers, through them:
the umpire's `mail send` and `mail fetch`, the union's mail client (its
mails saved from IMAP and synced), the confederate's (smtplib sends what
the page gives, imaplib saves what came). At the end the page's copy is compared, byte for byte,
with the copy `adjutant seal` writes and with the copy the command line
syncs from the same mails; a tampered post is refused with the id `adjutant
sync` gives it. Prints JSON.

    play_fog_game.py ADJUTANT SOURCE WORK [IMAP_PORT SMTP_PORT]
"""
import email
import json
import os
import subprocess
import sys
import zipfile
from email import policy

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import host_game  # noqa: E402
import play_game  # noqa: E402
import play_page  # noqa: E402

ADJ, SOURCE, WORK = sys.argv[1], os.path.abspath(sys.argv[2]), os.path.abspath(sys.argv[3])
NAME = "meet"
SCENARIO = os.path.join(SOURCE, "scenarios", "table", "chaos-meeting.json")
adj, path = host_game.adj, host_game.path
MAIL = play_game.MAIL


def post_office(tag):
    """The umpire's new mails, as each side's mail client saves them."""
    if not MAIL:
        return {side: os.path.join(latest_turn(), "mail-%s.eml" % side) for side in ("union", "confederate")}
    adj("mail", "send", "game", "--smtp", play_game.SMTP, "--as", "umpire")
    return {side: play_game.newest_mail(side, "%s-%s" % (tag, side)) for side in ("union", "confederate")}


def to_umpire(files):
    """The order files of a phase reach the umpire ((sender, file) each: the
    file, or the mail that carries it); it adjudicates them."""
    if MAIL:
        for sender, f in files:
            play_game.smtp_send(f, sender + "@example.org", "umpire@example.org")
        fetched = json.loads(adj("mail", "fetch", "game", "--imap", play_game.IMAP, "--json").stdout)
        files = [(None, os.path.join("game", "inbox", r["filed"])) for r in fetched if r["id"] == "filed"]
    for _, f in files:
        adj("adjudicate", "game", f, "--key", "umpire.key", "--chain", "umpire.key.chain")
    return len(files)


def attachments(eml):
    """Each attachment of a saved mail: name -> text."""
    with open(eml, "rb") as f:
        msg = email.message_from_bytes(f.read(), policy=policy.default)
    return {p.get_filename(): p.get_payload(decode=True).decode()
            for p in msg.walk() if p.get_filename() and not p.get_content_type().startswith("image/")}


def page_files(b):
    return json.loads(b.eval("JSON.stringify(window.adjutantPlay.engine({op:'sealed.files'}).files)"))


def write_folder(folder, files):
    os.makedirs(folder, exist_ok=True)
    for name, body in files.items():
        with open(os.path.join(folder, name), "w") as f:
            f.write(body)


def same_folder(files, folder):
    return all(open(os.path.join(folder, n)).read() == body for n, body in files.items())


def latest_turn():
    turns = path(os.path.join("game", "turns"))
    return os.path.join(turns, sorted(os.listdir(turns))[-1])


def tampered(eml, out):
    """The mail with one sealed line of its post changed (the turn of its body)."""
    with open(eml, "rb") as f:
        msg = email.message_from_bytes(f.read(), policy=policy.default)
    for part in msg.walk():
        if part.get_content_type() == "application/vnd.adjutant.sealed-post+json":
            post = json.loads(part.get_payload(decode=True))
            line = post["lines"][-1]
            at = line.index('"turn":')
            post["lines"][-1] = line[:at] + '"turn":9' + line[at + 8:]
            part.set_content(json.dumps(post).encode(), maintype="application",
                             subtype="vnd.adjutant.sealed-post+json", filename=part.get_filename())
    with open(out, "wb") as f:
        f.write(msg.as_bytes())


def key_loaded(b):
    for _ in range(600):
        if b.eval("document.getElementById('keys').hidden"):
            return True
        play_page.time.sleep(0.05)
    return False


def main():
    os.makedirs(WORK, exist_ok=True)
    os.environ.update(ADJUTANT_IMAP_USER="umpire", ADJUTANT_IMAP_PASSWORD="secret")
    host_game.SIDES = {"confederate": "confederate@example.org"}  # the one side in pages
    for party in ("union", "umpire"):
        adj("keygen", "--out", party + ".key")
        adj("join", "--game", NAME, "--side", party, "--name", party.title(), "--email",
            party + "@example.org", "--key", party + ".key", "--chain", party + ".key.chain",
            "--out", party + ".card.json")
    adj("invite", NAME, "--scenario", SCENARIO, "--side", "confederate", "--email",
        "confederate@example.org", "--host-name", "Umpire", "--host-email", "umpire@example.org",
        "--out", "invitations")
    out = {"phases": [], "errors": [], "requests": []}
    b = play_page.profile_browser(path("browser"), 1366, 768)
    try:
        b.start()
        # Join: the page makes the key, chain and card; the umpire makes the game.
        host_game.join(b, path(os.path.join("invitations", "join-confederate.html")), "confederate")
        join_page = open(path(os.path.join("invitations", "join-confederate.html"))).read()
        scenario = json.load(open(SCENARIO))
        out["join_names"] = [n for s in scenario["sides"] for n in
                             [x["name"] for x in s.get("brigades", [])] + [scenario["title"]]
                             if n in join_page]
        adj("new", "game", "--name", NAME, "--scenario", SCENARIO, "--card", "union.card.json",
            "--card", "confederate.card.json", "--card", "umpire.card.json", "--key", "umpire.key",
            "--created", "2026-12-01T09:00:00Z")
        mails = post_office("genesis")
        mail = mails["confederate"]
        adj("sync", "ucopy", mails["union"])
        adj("sync", "ccli", mail)  # the same mails taken by the command line, to compare
        for n in range(20):
            # Odd phases open the page the mail carries, even ones drop the
            # mail on the page already open.
            if n % 2 == 0 or n == 0:
                page = path("page-%d.html" % n)
                with open(page, "w") as f:
                    f.write(attachments(mail)["%s-confederate.html" % NAME])
                host_game.open_page(b, page)
                if not b.eval("document.getElementById('keys').hidden"):
                    b.call("DOM.setFileInputFiles", files=[path("confederate.backup.json")],
                           nodeId=b.node("keys-backup"))
                out.setdefault("key_loaded", []).append(key_loaded(b))
            else:
                if n == 1:
                    # A tampered post is refused as `adjutant sync` refuses it.
                    forged = path("forged.eml")
                    tampered(mail, forged)
                    b.eval("document.body.removeAttribute('data-sync')")
                    b.call("DOM.setFileInputFiles", files=[forged], nodeId=b.node("sync-file"))
                    out["forged_page"] = b.wait_attr("sync", "*")
                    r = adj("sync", "ccli", forged, ok=False)
                    out["forged_cli"] = r.returncode
                    out["forged_cli_err"] = r.stderr
                b.eval("document.body.removeAttribute('data-sync')")
                b.call("DOM.setFileInputFiles", files=[mail], nodeId=b.node("sync-file"))
                out.setdefault("syncs", []).append(b.wait_attr("sync", "*"))
            if n > 0:
                adj("sync", "ccli", mail)  # the command line's copy takes the same mail
            role = b.eval("document.body.getAttribute('data-role')")
            phase = {"n": n, "role": role, "verified": b.eval("document.body.getAttribute('data-verified')")}
            if role != "orders":
                out["phases"].append(phase)
                break
            # The confederate's orders: what the bot would give, typed as text.
            printed = adj("bot", "game", "--side", "confederate", "--print", "--seed", str(10 + n)).stdout
            with open(path("bot.json"), "w") as f:
                f.write(printed)
            words = adj("orders", "ucopy", "bot.json", "--to-text").stdout
            b.eval("document.body.removeAttribute('data-signed');document.body.removeAttribute('data-orders')")
            host_game.text(b, "orders-text", words)
            phase["orders"] = b.wait_attr("orders", "*")
            b.eval("document.getElementById('orders-sign').click()")
            phase["signed"] = b.wait_attr("signed", "*")
            signed = path("confederate-%d.json" % n)
            play_game.save(b, "orders-file", signed)
            play_game.save(b, "orders-mail", path("confederate-%d.eml" % n))
            phase["check_on_cli_copy"] = adj("check", "ccli", signed, ok=False).returncode
            # The union's, from its sealed copy with the command line.
            printed = adj("bot", "game", "--side", "union", "--print", "--seed", str(20 + n)).stdout
            with open(path("ubody.json"), "w") as f:
                f.write(printed)
            adj("sign", "ubody.json", "--game", "ucopy", "--key", "union.key", "--chain",
                "union.key.chain", "--out", "union-%d.json" % n)
            union_mail = path("union-%d.eml" % n)
            with open(union_mail, "w") as f:
                f.write(play_game.orders_mail(path("union-%d.json" % n), "union@example.org",
                                              "umpire@example.org"))
            # The umpire takes the two (the page's mail as it came) and adjudicates.
            phase["filed"] = to_umpire([("confederate", path("confederate-%d.eml" % n)),
                                        ("union", union_mail)])
            mails = post_office("turn%d" % n)
            mail = mails["confederate"]
            adj("sync", "ucopy", mails["union"])
            out["phases"].append(phase)
        for width, height in ((1366, 768), (390, 844)):
            b.call("Emulation.setDeviceMetricsOverride", width=width, height=height,
                   deviceScaleFactor=1, mobile=width < 600)
            play_page.time.sleep(0.3)
            shot = b.call("Page.captureScreenshot", format="png")
            with open(path("end-%d.png" % width), "wb") as f:
                f.write(play_page.base64.b64decode(shot["data"]))
        status = json.loads(b.eval("JSON.stringify(window.adjutantPlay.status())"))
        out["over"] = status["over"]
        # The page's copy: the command line's from the same mails, and `seal`'s.
        files = page_files(b)
        adj("seal", "game", "--side", "confederate", "--out", "sealed", "--key", "umpire.key")
        adj("sync", "scopy", "sealed")
        out["same_as_cli"] = same_folder(files, path("ccli"))
        out["same_as_seal"] = same_folder(files, path("scopy"))
        # Its archive folder (zip) verifies with the command line.
        zipped = path("export.zip")
        r = b.call("Runtime.evaluate", awaitPromise=True, returnByValue=True, expression=(
            "(function(){var a=document.getElementById('export-zip');a.click();"
            "return fetch(a.href).then(function(r){return r.arrayBuffer();})"
            ".then(function(b){return Array.from(new Uint8Array(b));});})()"))
        with open(zipped, "wb") as f:
            f.write(bytes(r["result"]["value"]))
        zipfile.ZipFile(zipped).extractall(path("unzipped"))
        out["verify_export"] = adj("verify", os.path.join("unzipped", NAME), ok=False).returncode
        # At the end the umpire opens everything: the page's copy then
        # verifies whole, every die and view replayed.
        adj("reveal", "game")
        adj("seal", "game", "--side", "confederate", "--out", "revealed", "--key", "umpire.key")
        write_folder(path("pcopy"), files)
        adj("sync", "pcopy", "revealed")
        out["verify_revealed"] = json.loads(adj("verify", "pcopy", "--json", ok=False).stdout)
        # The page's backup: `adjutant import` makes the same copy of it.
        b.eval("document.getElementById('backup-link').click()")
        play_game.save(b, "backup-link", path("late.backup.json"))
        r = adj("import", path("late.backup.json"), "--game", "imported", ok=False)
        out["backup_import"] = r.returncode
        out["imported_same"] = same_folder(files, path("imported")) if r.returncode == 0 else False
    except Exception as e:
        out["failure"] = str(e)
    finally:
        play_page.finish(b, out)
    out["leaks"] = host_game.leaks()
    print(json.dumps(out))


if __name__ == "__main__":
    main()
