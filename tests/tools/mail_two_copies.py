#!/usr/bin/python3
"""A game without an umpire between two machines, by mail alone.

Two folders, union/ and confederate/, stand for the two players' machines,
each with its own secrets folder. Once the cards are exchanged, nothing
passes between the folders but mail: adjutant mail send to an SMTP server
that delivers into each player's maildir, and adjutant mail fetch from
dovecot over IMAP. Only the invitation is read by a stand-in for the
player's mail client (Python's imaplib), since there is no game yet to fetch
into; adjutant import makes the copy from it.

The union hosts; each side adjudicates the other's orders. Both play the
sample orders of two game-turns, then the confederate concedes. At the end
both logs must be byte-identical and verify.

usage: mail_two_copies.py ADJUTANT SOURCE_DIR WORK IMAP_PORT SMTP_PORT
Prints one line per step; exits 1 on the first failure.
"""
import filecmp
import imaplib
import json
import os
import subprocess
import sys

SIDES = ("union", "confederate")


class Player:
    def __init__(self, world, side):
        self.world = world
        self.side = side
        self.home = os.path.join(world.work, side)
        self.game = os.path.join(self.home, "ely")
        os.makedirs(self.home, exist_ok=True)

    def run(self, *args, ok=True):
        env = dict(os.environ, ADJUTANT_SECRETS=os.path.join(self.home, "secrets"),
                   ADJUTANT_IMAP_USER=self.side, ADJUTANT_IMAP_PASSWORD="secret")
        p = subprocess.run([self.world.adjutant] + list(args), cwd=self.home, env=env,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        out = p.stdout.decode("utf-8", "replace")
        if ok and p.returncode != 0:
            fail("%s: adjutant %s exited %d:\n%s" % (self.side, " ".join(args), p.returncode, out))
        return out

    def send(self):
        out = self.run("mail", "send", self.game, "--smtp", self.world.smtp)
        print("%-11s mail send: %s" % (self.side, out.strip().splitlines()[-1]))

    def fetch(self):
        """Fetches over IMAP: syncs carried log lines, files order files.
        Returns the order files filed."""
        out = self.run("mail", "fetch", self.game, "--imap", self.world.imap, "--json")
        filed = [r["filed"] for r in json.loads(out) if r["id"] == "filed"]
        print("%-11s mail fetch: %d filed" % (self.side, len(filed)))
        return filed

    def head(self):
        with open(os.path.join(self.game, "log.jsonl"), "rb") as f:
            return f.read()


class World:
    def __init__(self, adjutant, source, work, imap_port, smtp_port):
        self.adjutant = adjutant
        self.source = source
        self.work = work
        self.imap_port = int(imap_port)
        self.imap = "imap://127.0.0.1:%d/INBOX" % self.imap_port
        self.smtp = "smtp://127.0.0.1:%d" % int(smtp_port)


def fail(why):
    print("FAIL " + why)
    sys.exit(1)


def save_inbox(port, user, folder):
    """The player's mail client: every message of the mailbox to folder/."""
    os.makedirs(folder, exist_ok=True)
    imap = imaplib.IMAP4("127.0.0.1", port)
    imap.login(user, "secret")
    imap.select("INBOX", readonly=True)
    _, data = imap.uid("SEARCH", None, "ALL")
    saved = []
    for uid in data[0].split():
        _, parts = imap.uid("FETCH", uid, "(BODY.PEEK[])")
        path = os.path.join(folder, "uid-%s.eml" % uid.decode())
        with open(path, "wb") as f:
            f.write(parts[0][1])
        saved.append(path)
    imap.logout()
    return saved


def play_turn(mover, adjudicator, orders, at):
    """The mover signs and mails; the other fetches, adjudicates and mails the
    result; the mover syncs from it. Both copies then hold the same log."""
    mover.run("sign", orders, "--game", mover.game, "--mail", "--out",
              os.path.join(mover.home, "last-orders.json"))
    mover.send()
    filed = adjudicator.fetch()
    if len(filed) != 1:
        fail("%s filed %d order files, expected 1" % (adjudicator.side, len(filed)))
    out = adjudicator.run("adjudicate", adjudicator.game,
                          os.path.join(adjudicator.game, "inbox", filed[0]), "--at", at)
    print("%-11s adjudicate: %s" % (adjudicator.side, out.strip().splitlines()[0]))
    adjudicator.send()
    mover.fetch()
    if mover.head() != adjudicator.head():
        fail("after %s the two logs differ" % os.path.basename(orders))


def main(argv):
    if len(argv) != 6:
        sys.stderr.write(__doc__)
        return 2
    w = World(*argv[1:])
    union, confederate = Player(w, "union"), Player(w, "confederate")
    # Before the game: keys and cards. The sample orders of turn 2 fit the
    # dice of the sample game, so the game is made as that one was (its
    # name, cards, creation time and ruleset version): each player takes the
    # test-only sample key and the (unclaimed) dice chain of that game.
    keys = os.path.join(w.source, "samples", "keys")
    for p in (union, confederate):
        with open(os.path.join(keys, p.side + ".key"), "rb") as f:
            key = f.read()
        os.makedirs(os.path.join(p.home, "secrets", "keys"), exist_ok=True)
        key_file = os.path.join(p.home, "secrets", "keys", p.side + ".key")
        with open(os.open(key_file, os.O_WRONLY | os.O_CREAT, 0o600), "wb") as f:
            f.write(key)
        with open(os.path.join(keys, "chains", "skirmish-noumpire", p.side + ".chain")) as f:
            chain = json.load(f)
        chain.pop("game", None)
        chain.pop("party", None)
        os.makedirs(os.path.join(p.home, "secrets", "chains"), exist_ok=True)
        chain_file = os.path.join(p.home, "secrets", "chains", "sample.chain")
        with open(os.open(chain_file, os.O_WRONLY | os.O_CREAT, 0o600), "w") as f:
            json.dump(chain, f)
        p.run("join", "--game", "skirmish-noumpire", "--side", p.side,
              "--name", "Sample " + p.side.capitalize(),
              "--email", p.side + "@example.org", "--key", key_file, "--chain", chain_file,
              "--out", p.side + ".card.json")
        # Kept where the secrets folder keeps a chain: under its anchor.
        with open(os.path.join(p.home, p.side + ".card.json")) as f:
            anchor = json.load(f)["body"]["dice"]["anchor"]
        os.rename(chain_file, os.path.join(p.home, "secrets", "chains", anchor[:16] + ".chain"))
    card = os.path.join(confederate.home, "confederate.card.json")
    with open(card, "rb") as f, open(os.path.join(union.home, "confederate.card.json"), "wb") as g:
        g.write(f.read())
    # Genesis: the union hosts and mails the invitations. Protocol 1, as the
    # sample it replays: the hand-written orders follow that game's dice.
    union.run("new", union.game, "--scenario",
              os.path.join(w.source, "scenarios", "bluegray-skirmish.json"), "--card",
              "union.card.json", "--card", "confederate.card.json",
              "--name", "skirmish-noumpire", "--created", "2026-11-01T09:00:00Z",
              "--ruleset-version", "1", "--protocol", "1")
    union.send()
    invitations = save_inbox(w.imap_port, "confederate", os.path.join(confederate.home, "mail"))
    if len(invitations) != 1:
        fail("the confederate received %d mails, expected the invitation" % len(invitations))
    confederate.run("import", "--game", confederate.game, invitations[0])
    print("confederate import: a copy from the invitation")
    if confederate.head() != union.head():
        fail("the imported copy differs from the host's")
    orders = os.path.join(w.source, "samples", "orders", "skirmish")
    turns = (("01-t1-confederate.json", confederate, union),
             ("02-t1-union.json", union, confederate),
             ("03-t2-confederate.json", confederate, union),
             ("04-t2-union.json", union, confederate))
    for n, (f, mover, adjudicator) in enumerate(turns):
        play_turn(mover, adjudicator, os.path.join(orders, f), "2026-11-0%dT18:00:00Z" % (n + 2))
    # The end: the confederate concedes, and the union's copy takes it by mail.
    confederate.run("concede", confederate.game, "--at", "2026-11-07T09:00:00Z")
    confederate.send()
    union.fetch()
    for p in (union, confederate):
        out = p.run("verify", p.game)
        print("%-11s verify: %s" % (p.side, out.strip().splitlines()[-1]))
        status = json.loads(p.run("status", "--json", p.game))
        if not status.get("result"):
            fail("%s: the game has no result after the concession: %s" % (p.side, status))
    if not filecmp.cmp(os.path.join(union.game, "log.jsonl"),
                       os.path.join(confederate.game, "log.jsonl"), shallow=False):
        fail("the two logs differ at the end")
    lines = union.head().count(b"\n")
    print("OK both copies hold the same %d-line log, verified" % lines)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
