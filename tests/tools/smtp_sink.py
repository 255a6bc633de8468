#!/usr/bin/python3
"""A local SMTP server for tests: accepts every message and writes its bytes,
exactly as received, to DIR/<n>.eml and the envelope to DIR/<n>.json.
Runs until SIGTERM or SIGINT.

usage: smtp_sink.py PORT DIR
"""
import json
import os
import signal
import sys

from aiosmtpd.controller import Controller


class Sink:
    def __init__(self, folder):
        self.folder = folder
        self.count = len([f for f in os.listdir(folder) if f.endswith(".eml")])

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
        return "250 OK"


def main():
    port, folder = int(sys.argv[1]), sys.argv[2]
    os.makedirs(folder, exist_ok=True)
    controller = Controller(Sink(folder), hostname="127.0.0.1", port=port)
    controller.start()
    signal.sigwait({signal.SIGTERM, signal.SIGINT})
    controller.stop()


if __name__ == "__main__":
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGTERM, signal.SIGINT})
    main()
