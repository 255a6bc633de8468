#!/usr/bin/python3
"""A local SMTP server for tests: accepts every message and writes its bytes,
exactly as received, to DIR/<n>.eml and the envelope to DIR/<n>.json.
With --deliver ROOT it also delivers each message to every recipient's
maildir, ROOT/<local part>/Maildir/new/ (made as needed, owned by --owner
UID:GID when given), before it answers 250, as a local mail server would, so
an IMAP server reading those maildirs shows it at once.
Runs until SIGTERM or SIGINT.

usage: smtp_sink.py PORT DIR [--deliver ROOT [--owner UID:GID]]
"""
import json
import os
import signal
import sys

from aiosmtpd.controller import Controller


class Sink:
    def __init__(self, folder, deliver=None, owner=None):
        self.folder = folder
        self.deliver = deliver
        self.owner = owner
        self.count = len([f for f in os.listdir(folder) if f.endswith(".eml")])

    def _own(self, path):
        if self.owner:
            os.chown(path, *self.owner)

    def _deliver(self, rcpt, data):
        local = rcpt.split("@")[0].strip("<>").replace("/", "_") or "unknown"
        box = os.path.join(self.deliver, local, "Maildir")
        for sub in ("", "new", "cur", "tmp"):
            d = os.path.join(box, sub)
            if not os.path.isdir(d):
                os.makedirs(d)
                self._own(d)
        name = "%d.M%dP%d.sink" % (1700000000 + self.count, self.count, os.getpid())
        tmp = os.path.join(box, "tmp", name)
        with open(tmp, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        self._own(tmp)
        os.rename(tmp, os.path.join(box, "new", name))

    async def handle_DATA(self, server, session, envelope):
        self.count += 1
        base = os.path.join(self.folder, "%04d" % self.count)
        for suffix, data in ((".json", json.dumps({
                "mail_from": envelope.mail_from,
                "rcpt_tos": envelope.rcpt_tos}).encode()),
                (".eml", envelope.original_content)):
            with open(base + suffix + ".tmp", "wb") as f:
                f.write(data)
            os.rename(base + suffix + ".tmp", base + suffix)
        if self.deliver:
            for rcpt in envelope.rcpt_tos:
                self._deliver(rcpt, envelope.original_content)
        return "250 OK"


def main():
    port, folder = int(sys.argv[1]), sys.argv[2]
    deliver = owner = None
    rest = sys.argv[3:]
    while rest:
        if rest[0] == "--deliver":
            deliver = rest[1]
        elif rest[0] == "--owner":
            owner = tuple(int(x) for x in rest[1].split(":"))
        else:
            sys.exit("unknown option " + rest[0])
        rest = rest[2:]
    os.makedirs(folder, exist_ok=True)
    controller = Controller(Sink(folder, deliver, owner), hostname="127.0.0.1", port=port)
    controller.start()
    signal.sigwait({signal.SIGTERM, signal.SIGINT})
    controller.stop()


if __name__ == "__main__":
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGTERM, signal.SIGINT})
    main()
