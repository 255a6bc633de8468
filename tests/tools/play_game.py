#!/usr/bin/python3
"""A whole game of the training scenario without an umpire: the
confederate plays in player pages only (signing its orders and
adjudicating the union's in headless Chromium), the union with the
command line, and mail passes as files between them, or, given the ports
of the test servers, through them: the command line's `mail send` to an
SMTP server that delivers into each player's maildir and `mail fetch` from
dovecot over IMAP, and for the page the player's mail client (Python's
smtplib sends what the page gives, imaplib saves what came). Prints JSON:
the phases played, every page error, and whether both copies end the same.

    play_game.py ADJUTANT SOURCE WORK [IMAP_PORT SMTP_PORT]
"""
import email
import imaplib
import json
import os
import shutil
import smtplib
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import play_page  # noqa: E402

ADJ, SOURCE, WORK = sys.argv[1], os.path.abspath(sys.argv[2]), os.path.abspath(sys.argv[3])
MAIL = sys.argv[4:6] if len(sys.argv) >= 6 else None  # IMAP and SMTP ports
NAME = "skirmish-bot-p2"


def adj(*args, ok=True):
    r = subprocess.run([ADJ] + list(args), cwd=WORK, capture_output=True, text=True,
                       env=dict(os.environ, ADJUTANT_SECRETS=os.path.join(WORK, "secrets"),
                                ADJUTANT_IMAP_USER="union", ADJUTANT_IMAP_PASSWORD="secret"))
    if ok and r.returncode != 0:
        raise SystemExit("adjutant %s: exit %d\n%s%s" % (" ".join(args), r.returncode, r.stdout, r.stderr))
    return r


def main():
    os.makedirs(WORK, exist_ok=True)
    for side in ("union", "confederate"):
        shutil.copy(os.path.join(SOURCE, "samples", "keys", side + ".key"), WORK)
        os.chmod(os.path.join(WORK, side + ".key"), 0o600)
        shutil.copy(os.path.join(SOURCE, "samples", "keys", "chains", NAME, side + ".chain"),
                    os.path.join(WORK, side + ".key.chain"))
        adj("join", "--chain", side + ".key.chain", "--game", NAME, "--side", side, "--name", side,
            "--email", side + "@example.org", "--key", side + ".key", "--out", side + ".card.json")
    adj("new", "game", "--name", NAME, "--scenario",
        os.path.join(SOURCE, "scenarios", "bluegray-skirmish.json"), "--card", "union.card.json",
        "--card", "confederate.card.json", "--key", "union.key", "--no-outputs")
    # The confederate's browser holds its key, from the backup its join page saved.
    backup = os.path.join(WORK, "confederate.backup.json")
    with open(backup, "w") as f:
        json.dump({"format": "adjutant-backup/1", "game": NAME, "side": "confederate",
                   "key_pem": open(os.path.join(WORK, "confederate.key")).read(),
                   "chain": json.load(open(os.path.join(WORK, "confederate.key.chain")))}, f)
    adj("view", "game", "--play", "--side", "confederate", "--out", "page")
    out = {"phases": [], "errors": [], "requests": []}
    b = play_page.profile_browser(os.path.join(WORK, "browser"), 1366, 768)
    try:
        b.start()
        b.call("Page.navigate", url="file://" + os.path.join(WORK, "page", "index.html"))
        b.wait_attr("ready", "yes")
        b.wait_attr("verified", "ok")
        b.call("DOM.setFileInputFiles", files=[backup], nodeId=b.node("keys-backup"))
        for n in range(40):
            status = json.loads(adj("status", "--json", "game").stdout)
            due = status["orders_due_from"]
            if not due:
                break
            phase = {"n": n, "due": due}
            if due == "confederate":
                adj("bot", "game", "--side", "confederate", "--key", "confederate.key", "--chain",
                    "confederate.key.chain", "--out", "bot.json")
                body = json.load(open(os.path.join(WORK, "bot.json")))["body"]
                for k in ("format", "game", "side", "turn", "phase", "after", "reveal", "revision",
                          "replaces"):
                    body.pop(k, None)
                if not any("picked" in p for p in out["phases"]):
                    # A counter of the side clicked, then the map: the move
                    # written as text (player_map.js).
                    phase["picked"] = b.eval(
                        "(function(){var g=document.querySelector("
                        "'#counters g.counter[data-side=\"confederate\"]');if(!g)return '';"
                        "g.dispatchEvent(new MouseEvent('click',{bubbles:true}));"
                        "var svg=document.getElementById('map'),r=svg.getBoundingClientRect();"
                        "svg.dispatchEvent(new MouseEvent('click',{bubbles:true,"
                        "clientX:r.left+r.width/2,clientY:r.top+r.height/2}));"
                        "return g.getAttribute('data-unit')+'|'+"
                        "document.getElementById('orders-text').value;})()")
                b.eval("document.body.removeAttribute('data-signed')")
                b.eval("(function(){var e=document.getElementById('orders-text');e.value=%s;"
                       "e.dispatchEvent(new Event('input'));})()" % json.dumps(json.dumps(body)))
                b.wait_attr("orders", "*")
                b.eval("document.getElementById('orders-sign').click()")
                b.wait_attr("signed", "*")
                signed = os.path.join(WORK, "page-orders-%d.json" % n)
                save(b, "orders-file", signed)
                if MAIL:
                    # The page's mail, sent from the player's mail client; the
                    # union fetches it, adjudicates what it filed and mails the result.
                    sent = os.path.join(WORK, "page-orders-%d.eml" % n)
                    save(b, "orders-mail", sent)
                    smtp_send(sent, "confederate@example.org", "union@example.org")
                    filed = [r["filed"] for r in json.loads(adj("mail", "fetch", "game", "--imap", IMAP,
                                                                 "--json").stdout) if r["id"] == "filed"]
                    phase["filed"] = len(filed)
                    adj("adjudicate", "game", os.path.join("game", "inbox", filed[0]), "--key",
                        "union.key", "--chain", "union.key.chain")
                    adj("mail", "send", "game", "--smtp", SMTP, "--as", "union")
                    mail = newest_mail("confederate", "result-%d" % n)
                else:
                    adj("adjudicate", "game", signed, "--key", "union.key", "--chain", "union.key.chain")
                    mail = latest_mail(os.path.join(WORK, "game", "turns"), "confederate")
                b.eval("document.body.removeAttribute('data-sync')")
                b.call("DOM.setFileInputFiles", files=[mail], nodeId=b.node("sync-file"))
                phase["sync"] = b.wait_attr("sync", "*")
                # What happened since its orders, drawn over the counters.
                phase["marks"] = int(b.eval("document.body.getAttribute('data-marks')") or 0)
            else:
                adj("bot", "game", "--side", "union", "--key", "union.key", "--chain",
                    "union.key.chain", "--out", "union-%d.json" % n)
                b.eval("document.body.removeAttribute('data-adj-check');"
                       "document.body.removeAttribute('data-result')")
                given = os.path.join(WORK, "union-%d.json" % n)
                if MAIL:
                    # The union's mail client sends its signed file; the
                    # confederate's saves what came and drops it on the page.
                    given = os.path.join(WORK, "union-%d.eml" % n)
                    with open(given, "w") as f:
                        f.write(orders_mail(os.path.join(WORK, "union-%d.json" % n)))
                    smtp_send(given, "union@example.org", "confederate@example.org")
                    given = newest_mail("confederate", "union-orders-%d" % n)
                b.call("DOM.setFileInputFiles", files=[given], nodeId=b.node("adj-file"))
                phase["check"] = b.wait_attr("adj-check", "*")
                b.eval("document.getElementById('adj-run').click()")
                phase["result"] = b.wait_attr("result", "*")
                mail = os.path.join(WORK, "page-result-%d.eml" % n)
                save(b, "adj-mail", mail)
                if MAIL:
                    smtp_send(mail, "confederate@example.org", "union@example.org")
                    r = adj("mail", "fetch", "game", "--imap", IMAP, ok=False)
                else:
                    r = adj("sync", "game", mail, ok=False)
                phase["cli_sync"] = r.returncode
                if r.returncode != 0:
                    out["sync_error"] = r.stderr
                    break
                # The union's next page, written by the confederate's page,
                # is the one `adjutant view --play` writes for that log.
                adj("view", "game", "--play", "--side", "union", "--out", "cli-page")
                with open(mail) as f:
                    attached = attachment(f.read(), "%s-union.html" % NAME)
                phase["same_page"] = attached == open(os.path.join(WORK, "cli-page", "index.html")).read()
            out["phases"].append(phase)
        # Both copies: the page's archive folder against the command line's.
        files = b.eval("JSON.stringify(window.adjutantPlay.engine({op:'game.files'}).files)")
        page_files = json.loads(files)
        out["same_log"] = page_files["log.jsonl"] == open(os.path.join(WORK, "game", "log.jsonl")).read()
        out["page_status"] = b.eval("JSON.stringify(window.adjutantPlay.status())")
    except Exception as e:
        out["failure"] = str(e)
    finally:
        play_page.finish(b, out)
    out["verify"] = adj("verify", "game", ok=False).returncode
    print(json.dumps(out))


IMAP = "imap://127.0.0.1:%s/INBOX" % MAIL[0] if MAIL else None
SMTP = "smtp://127.0.0.1:%s" % MAIL[1] if MAIL else None


def smtp_send(eml, sender, to):
    with open(eml, "rb") as f:
        raw = f.read().replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")
    with smtplib.SMTP("127.0.0.1", int(MAIL[1])) as s:
        s.sendmail(sender, [to], raw)


def newest_mail(user, name):
    """The player's mail client: the newest message of the inbox, saved."""
    imap = imaplib.IMAP4("127.0.0.1", int(MAIL[0]))
    imap.login(user, "secret")
    imap.select("INBOX", readonly=True)
    _, data = imap.uid("SEARCH", None, "ALL")
    uid = data[0].split()[-1]
    _, parts = imap.uid("FETCH", uid, "(BODY.PEEK[])")
    imap.logout()
    path = os.path.join(WORK, name + ".eml")
    with open(path, "wb") as f:
        f.write(parts[0][1])
    return path


def orders_mail(signed, sender="union@example.org", to="confederate@example.org"):
    """A plain mail attaching a signed order file, as a mail client writes it."""
    from email.message import EmailMessage
    m = EmailMessage()
    m["From"], m["To"], m["Subject"] = sender, to, "orders"
    m.set_content("My orders are attached.")
    with open(signed, "rb") as f:
        m.add_attachment(f.read(), maintype="application", subtype="json",
                         filename=os.path.basename(signed))
    return m.as_string()


def save(b, ident, path):
    r = b.call("Runtime.evaluate", awaitPromise=True, returnByValue=True, expression=(
        "fetch(document.getElementById(%s).href).then(function(r){return r.text();})" % json.dumps(ident)))
    with open(path, "w") as f:
        f.write(r["result"]["value"])


def attachment(eml, name):
    import email
    from email import policy
    msg = email.message_from_string(eml, policy=policy.default)
    for part in msg.walk():
        if part.get_filename() == name:
            return part.get_payload(decode=True).decode()
    return None


def latest_mail(turns, side):
    last = sorted(d for d in os.listdir(turns))[-1]
    return os.path.join(turns, last, "mail-%s.eml" % side)


if __name__ == "__main__":
    main()
