#!/usr/bin/python3
"""A player who answers by mail, for the judge's end-to-end test: one call is
one look at the mailbox. It copies every new message of its IMAP mailbox
into HOME/Maildir, makes its copy of the game from the invitation (adjutant
import) or brings it up to date (adjutant sync), and when its side's orders
are due takes the next action of its plan for that turn:

  "file:PATH"  sign the order file PATH and mail it to the umpire
  "silent"     send nothing (the judge's reminder and deadline rulings follow)
  "concede"    concede the game and mail the end to every party

It takes a further action at the same log head only after a mail telling it
that its orders were refused. Then it runs adjutant mail send. It prints one
line per thing done.

usage: mail_player.py ADJUTANT HOME SIDE IMAP_PORT SMTP_PORT PLAN_JSON NOW
(NOW, RFC 3339, is the time a concession records)
"""
import imaplib
import json
import os
import subprocess
import sys
from email.parser import BytesHeaderParser


def run(adjutant, home, *args):
    env = dict(os.environ, ADJUTANT_SECRETS=os.path.join(home, "secrets"))
    p = subprocess.run([adjutant] + list(args), env=env, cwd=home,
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    out = p.stdout.decode("utf-8", "replace")
    if p.returncode != 0:
        sys.exit("adjutant %s failed (%d):\n%s" % (" ".join(args), p.returncode, out))
    return out


def fetch(home, user, port):
    box = os.path.join(home, "Maildir")
    for sub in ("new", "cur", "tmp"):
        os.makedirs(os.path.join(box, sub), exist_ok=True)
    imap = imaplib.IMAP4("127.0.0.1", port)
    imap.login(user, "secret")
    imap.select("INBOX")
    _, data = imap.uid("SEARCH", None, "ALL")
    new = 0
    for uid in data[0].split():
        path = os.path.join(box, "new", "uid-%s.eml" % uid.decode())
        if os.path.exists(path):
            continue
        _, parts = imap.uid("FETCH", uid, "(BODY.PEEK[])")
        with open(path + ".tmp", "wb") as f:
            f.write(parts[0][1])
        os.rename(path + ".tmp", path)
        new += 1
    imap.logout()
    return new


def subjects(home):
    box = os.path.join(home, "Maildir", "new")
    out = []
    for name in sorted(os.listdir(box)):
        with open(os.path.join(box, name), "rb") as f:
            out.append(str(BytesHeaderParser().parse(f).get("Subject", "")))
    return out


def main():
    adjutant, home, side, imap_port, smtp_port, plan_file, now = sys.argv[1:8]
    plan = json.load(open(plan_file))
    print("%s: %d new mail(s)" % (side, fetch(home, side, int(imap_port))))
    game = os.path.join(home, "game")
    box = os.path.join(home, "Maildir")
    if not os.path.exists(os.path.join(game, "log.jsonl")):
        invitations = [s for s in subjects(home) if "the game begins" in s]
        if not invitations:
            print("%s: no invitation yet" % side)
            return
        run(adjutant, home, "import", box, "--game", game)
        print("%s: imported the game" % side)
    else:
        out = run(adjutant, home, "sync", game, box)
        print("%s: %s" % (side, out.strip().splitlines()[-1] if out.strip() else "synced"))
    status = json.loads(run(adjutant, home, "status", game, "--json"))
    state_file = os.path.join(home, "player.json")
    state = json.load(open(state_file)) if os.path.exists(state_file) else {}
    refusals = len([s for s in subjects(home) if "refused" in s])
    if status["orders_due_from"] == side:
        head = status["head"]
        done = state.get(head, {"actions": 0, "refusals": refusals})
        actions = plan.get(str(status["turn"]), [])
        may_act = done["actions"] == 0 or refusals > done["refusals"]
        if may_act and done["actions"] < len(actions):
            action = actions[done["actions"]]
            if action.startswith("file:"):
                signed = os.path.join(home, "orders-%d.signed.json" % len(state))
                # --force: a plan may mail orders the rules refuse, to see the
                # umpire's refusal notice; sign would refuse them itself.
                run(adjutant, home, "sign", action[5:], "--game", game, "--mail", "--out", signed,
                    "--force")
            elif action == "concede":
                keys = os.path.join(home, "secrets", "keys")
                key = os.path.join(keys, sorted(os.listdir(keys))[0])
                run(adjutant, home, "concede", game, "--key", key, "--at", now)
            print("%s: turn %d: %s" % (side, status["turn"], action))
            state[head] = {"actions": done["actions"] + 1, "refusals": refusals}
            with open(state_file + ".tmp", "w") as f:
                json.dump(state, f)
            os.rename(state_file + ".tmp", state_file)
    out = run(adjutant, home, "mail", "send", game, "--smtp", "smtp://127.0.0.1:%s" % smtp_port)
    print("%s: %s" % (side, out.strip().splitlines()[-1]))


if __name__ == "__main__":
    main()
