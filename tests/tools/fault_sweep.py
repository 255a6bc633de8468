#!/usr/bin/python3
"""Crash and I/O fault sweep: runs one archive-changing step of adjutant again
and again, each time with one system call made to fail (ENOSPC or EIO) or
the process killed (SIGKILL) at its N-th call, for every N, with strace's
fault injection. After each run the archive must be exactly as before, or
the step must be committed and `adjutant verify` must exit 0. Then a later
run must leave no temporary file behind and every cache rebuilt.

usage: fault_sweep.py ADJUTANT SOURCE_DIR STEP [--stride K]
STEP: adjudicate | adjudicate-outputs | extend | nmr | concede | sync | mail-send |
      mail-fetch | judge

For mail-fetch (a maildir of three messages: the confederate's orders, the
same orders again, and a mail with none) the log never changes; a file in
GAME/inbox/ is whole or absent; a message is set aside (moved to
.adjutant-processed) only once what it carried is filed; and the next
`mail fetch` files the orders and sets aside both messages of the game.

For judge (a new umpired game under a judge that reads a maildir holding
the confederate's turn 1 orders and a junk mail; its SMTP server
does not answer, so every pass ends in send-failed) the log is as before or
has the adjudication, and verifies; the next pass leaves the orders
adjudicated once, both messages set aside, a readable seen-state file and
no temporary in the game or the judge's folder.

For mail-send (an SMTP sink of tests/tools/smtp_sink.py on loopback takes
the mail) the step is committed when GAME/mail/sent.jsonl grew; the log never
changes; the next `mail send` sends what is left and never again a mail
that sent.jsonl recorded as sent.

Prints one line per injection, the calls it found of each system call, and
a summary "N runs, M failures"; exits 1 on any failure (a sweep that found
no write to inject into among them), 2 on usage, 77 when strace cannot
inject (the caller skips).
"""
import hashlib
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time

SYSCALLS = ("write", "fsync", "rename", "mkdir", "unlink")


def is_debris(name):
    """What an interrupted run leaves and the next run removes: `.NAME.tmpPID`
    temporaries and `.NAME.staging` folders (protocol.md section 9b)."""
    return name.startswith(".") and (".tmp" in name or name.endswith(".staging"))


def folder_hash(d, skip_debris=False):
    h = hashlib.sha256()
    for root, dirs, files in os.walk(d):
        if skip_debris:
            dirs[:] = [x for x in dirs if not is_debris(x)]
        dirs.sort()
        for f in sorted(files):
            if skip_debris and is_debris(f):
                continue
            p = os.path.join(root, f)
            h.update(os.path.relpath(p, d).encode() + b"\n")
            with open(p, "rb") as fh:
                h.update(hashlib.sha256(fh.read()).digest())
    return h.hexdigest()


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def sent_ids(game):
    try:
        with open(os.path.join(game, "mail", "sent.jsonl")) as f:
            return {json.loads(line)["message_id"] for line in f if line.strip()}
    except FileNotFoundError:
        return set()


def delivered_ids(sink, names):
    ids = []
    for n in names:
        with open(os.path.join(sink, n), "rb") as f:
            m = re.search(rb"^Message-ID:\s*(<[^>]+>)", f.read(), re.M | re.I)
            ids.append(m.group(1).decode() if m else None)
    return ids


def log_lines(game):
    with open(os.path.join(game, "log.jsonl"), "rb") as f:
        return f.read().count(b"\n")


def listing(folder):
    """Every file of a folder and the SHA-256 of its bytes."""
    out = {}
    if os.path.isdir(folder):
        for name in os.listdir(folder):
            with open(os.path.join(folder, name), "rb") as f:
                out[name] = hashlib.sha256(f.read()).hexdigest()
    return out


def temporaries(game):
    found = []
    for root, dirs, files in os.walk(game):
        for name in files + dirs:
            if is_debris(name):
                found.append(os.path.join(root, name))
    return found


def turn_folders_complete(game):
    """Every adjudication of the log has its turns/NNN-PHASE/events.json."""
    with open(os.path.join(game, "log.jsonl")) as f:
        for line in f:
            e = json.loads(line)
            if e["kind"] == "adjudication":
                b = e["body"]
                name = "%03d-%s" % (b["t"], b["phase"])
                if not os.path.isfile(os.path.join(game, "turns", name, "events.json")):
                    return False
    return True


class Sweep:
    def __init__(self, adjutant, source, step):
        self.adjutant = adjutant
        self.source = source
        self.step = step
        self.work = tempfile.mkdtemp(prefix="adjutant-faults-")
        # Keys and dice chains in a secrets folder of the sweep's own.
        self.env = dict(os.environ, ADJUTANT_SECRETS=os.path.join(self.work, "secrets"))
        self.runs = 0
        self.failures = 0
        self.sink = None
        self.closed_port = free_port()  # nothing listens on it

    def run(self, args, cwd=None, strace=None):
        cmd = [self.adjutant] + args
        env = self.env
        if strace:
            cmd = ["strace", "-f", "-qq", "-o", "/dev/null"] + strace + ["--"] + cmd
            # A program built with AddressSanitizer (`make sanitize`): its leak
            # check cannot run under ptrace; everything else it checks still runs.
            env = dict(env, ASAN_OPTIONS=":".join(
                o for o in (env.get("ASAN_OPTIONS", ""), "detect_leaks=0") if o))
        return subprocess.run(cmd, cwd=cwd or self.work, capture_output=True, text=True,
                              env=env)

    def must(self, args, cwd=None):
        r = self.run(args, cwd)
        if r.returncode != 0:
            raise SystemExit("setup failed: %s\n%s%s" % (" ".join(args), r.stdout, r.stderr))
        return r

    # A new umpired game (fresh chains in the sweep's secrets), under a
    # judge whose maildir holds the confederate's turn 1 orders: orders
    # written before any die is rolled, so the rules take them whatever
    # the fresh chains roll.
    def setup_judge(self):
        keys = os.path.join(self.source, "samples", "keys")
        os.makedirs(os.path.join(self.work, "secrets", "keys"))
        for f in ("union.key", "confederate.key", "umpire.key"):
            shutil.copy(os.path.join(keys, f), self.work)
            os.chmod(os.path.join(self.work, f), 0o600)
        shutil.copy(os.path.join(keys, "umpire.key"),
                    os.path.join(self.work, "secrets", "keys", "umpire.key"))
        cards = []
        for side in ("union", "confederate", "umpire"):
            self.must(["join", "--game", "judged", "--side", side, "--name", side,
                       "--email", side + "@example.org", "--key", side + ".key", "--length",
                       "20", "--out", side + ".card"])
            cards += ["--card", side + ".card"]
        base = os.path.join(self.work, "base")
        self.must(["new", base, "--name", "judged", "--scenario",
                   os.path.join(self.source, "scenarios", "bluegray-skirmish.json"),
                   "--key", "umpire.key", "--created", "2026-11-01T09:00:00Z"] + cards)
        orders = os.path.join(self.source, "samples", "orders", "skirmish")
        self.must(["sign", os.path.join(orders, "01-t1-confederate.json"), "--game", base,
                   "--key", "confederate.key", "--out", "t1.json"])
        self.maildir_base = os.path.join(self.work, "maildir-base")
        for sub in ("new", "cur", "tmp"):
            os.makedirs(os.path.join(self.maildir_base, sub))
        with open(os.path.join(self.work, "t1.json")) as f:
            signed = f.read()
        with open(os.path.join(self.maildir_base, "new", "1700000001.orders"), "w") as f:
            f.write("From: confederate@example.org\r\nTo: umpire@example.org\r\n"
                    "Subject: orders\r\nMessage-ID: <t1@example.org>\r\nMIME-Version: 1.0\r\n"
                    "Content-Type: multipart/mixed; boundary=b\r\n\r\n--b\r\n"
                    "Content-Type: application/json\r\nContent-Disposition: attachment; "
                    "filename=orders.json\r\n\r\n" + signed + "\r\n--b--\r\n")
        with open(os.path.join(self.maildir_base, "new", "1700000002.junk"), "w") as f:
            f.write("From: someone@example.net\r\nSubject: hello\r\n\r\nNothing.\r\n")
        self.base = base
        self.before_lines = log_lines(base)

    # The sample game without an umpire after turn 1 (the committed sample
    # keys, chains and orders, so its dice are the sample's), with the
    # confederate's turn 2 orders signed.
    def setup(self):
        if self.step == "judge":
            return self.setup_judge()
        keys = os.path.join(self.source, "samples", "keys")
        for f in os.listdir(keys):
            if f.endswith(".key"):
                shutil.copy(os.path.join(keys, f), self.work)
                os.chmod(os.path.join(self.work, f), 0o600)
        orders = os.path.join(self.source, "samples", "orders", "skirmish")
        cards = []
        name = "skirmish-noumpire"
        for side in ("union", "confederate"):
            chain = side + ".key.chain"
            shutil.copy(os.path.join(keys, "chains", name, side + ".chain"),
                        os.path.join(self.work, chain))
            self.must(["join", "--chain", chain, "--game", name, "--side", side,
                       "--name", "Sample " + side.capitalize(), "--email", side + "@example.org",
                       "--key", side + ".key", "--out", side + ".card"])
            cards += ["--card", side + ".card"]
        base = os.path.join(self.work, "base")
        self.must(["new", base, "--name", name, "--scenario",
                   os.path.join(self.source, "scenarios", "bluegray-skirmish.json"),
                   "--key", "union.key", "--created", "2026-11-01T09:00:00Z",
                   "--ruleset-version", "1", "--protocol", "1"] + cards)
        for n, (f, side, adj) in enumerate((("01-t1-confederate.json", "confederate", "union"),
                                           ("02-t1-union.json", "union", "confederate"))):
            self.must(["sign", os.path.join(orders, f), "--game", base, "--key", side + ".key",
                       "--out", "t1-%s.json" % side])
            outputs = [] if self.step == "mail-send" else ["--no-outputs"]
            self.must(["adjudicate", base, "t1-%s.json" % side, "--key", adj + ".key",
                       "--chain", adj + ".key.chain", "--at", "2026-11-0%dT18:00:00Z" % (n + 2)]
                      + outputs)
        self.must(["sign", os.path.join(orders, "03-t2-confederate.json"), "--game", base,
                   "--key", "confederate.key", "--out", "t2.json"])
        if self.step == "sync":
            # The peer's copy holds the adjudication the sync brings in.
            peer = os.path.join(self.work, "peer")
            shutil.copytree(base, peer)
            self.must(["adjudicate", peer, "t2.json", "--key", "union.key", "--chain",
                       "union.key.chain",
                       "--at", "2026-11-04T18:00:00Z", "--no-outputs"])
        if self.step == "mail-fetch":
            self.maildir_base = os.path.join(self.work, "maildir-base")
            for sub in ("new", "cur", "tmp"):
                os.makedirs(os.path.join(self.maildir_base, sub))
            with open(os.path.join(self.work, "t2.json")) as f:
                signed = f.read()

            def mail(name, body, attach=None):
                text = ("From: confederate@example.org\r\nTo: union@example.org\r\n"
                        "Subject: %s\r\nMessage-ID: <%s@example.org>\r\n" % (name, name))
                if attach:
                    text += ("MIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=b"
                             "\r\n\r\n--b\r\nContent-Type: text/plain\r\n\r\n%s\r\n--b\r\n"
                             "Content-Type: application/json\r\nContent-Disposition: attachment;"
                             " filename=orders.json\r\n\r\n%s\r\n--b--\r\n" % (body, attach))
                else:
                    text += "\r\n" + body + "\r\n"
                with open(os.path.join(self.maildir_base, "new", name), "w") as f:
                    f.write(text)
            mail("1700000001.orders", "My orders.", signed)
            mail("1700000002.chat", "No orders today.")
            mail("1700000003.again", "The same again.", signed)
            # What a whole run leaves: the expected inbox and processed mail.
            game = self.fresh_base(base)
            self.must(self.command(game))
            self.expected_inbox = listing(os.path.join(game, "inbox"))
            self.expected_aside = sorted(os.listdir(
                os.path.join(self.maildir, ".adjutant-processed", "cur")))
        if self.step == "mail-send":
            self.port = free_port()
            self.sink_dir = os.path.join(self.work, "sink")
            self.sink = subprocess.Popen(
                [sys.executable, os.path.join(self.source, "tests", "tools", "smtp_sink.py"),
                 str(self.port), self.sink_dir])
            for _ in range(100):
                try:
                    socket.create_connection(("127.0.0.1", self.port), 0.1).close()
                    break
                except OSError:
                    time.sleep(0.05)
        self.base = base
        self.before_lines = log_lines(base)
        self.before_sent = len(sent_ids(base))

    def command(self, game):
        s = self.step
        if s in ("adjudicate", "adjudicate-outputs"):
            args = ["adjudicate", game, "t2.json", "--key", "union.key", "--chain",
                    "union.key.chain",
                    "--at", "2026-11-04T18:00:00Z"]
            return args + (["--no-outputs"] if s == "adjudicate" else [])
        if s == "extend":
            return ["ruling", game, "--extend", "24", "--key", "union.key",
                    "--at", "2026-11-04T09:00:00Z"]
        if s == "nmr":
            return ["ruling", game, "--nmr", "--key", "union.key", "--chain", "union.key.chain",
                    "--at", "2026-11-08T09:00:00Z", "--no-outputs"]
        if s == "concede":
            return ["concede", game, "--key", "confederate.key", "--at", "2026-11-04T09:00:00Z"]
        if s == "sync":
            return ["sync", game, os.path.join(self.work, "peer", "log.jsonl")]
        if s == "mail-send":
            return ["mail", "send", game, "--smtp", "smtp://127.0.0.1:%d" % self.port, "--all",
                    "--timeout", "10"]
        if s == "mail-fetch":
            return ["mail", "fetch", game, "--maildir", self.maildir]
        if s == "judge":
            return ["judge", os.path.dirname(game), "--now", "2026-11-05T09:00:00Z"]
        raise SystemExit("unknown step " + s)

    def fresh_base(self, base):
        game = os.path.join(self.work, "game")
        if self.step == "judge":
            judge = os.path.join(self.work, "judge")
            shutil.rmtree(judge, ignore_errors=True)
            os.makedirs(judge)
            game = os.path.join(judge, "game")
            self.maildir = os.path.join(self.work, "maildir")
            shutil.rmtree(self.maildir, ignore_errors=True)
            shutil.copytree(self.maildir_base, self.maildir)
            with open(os.path.join(judge, "judge.json"), "w") as f:
                json.dump({"format": "adjutant-judge/1", "maildir": self.maildir,
                           "smtp": {"url": "smtp://127.0.0.1:%d" % self.closed_port,
                                    "timeout_seconds": 5},
                           "secrets": os.path.join(self.work, "secrets")}, f)
        shutil.rmtree(game, ignore_errors=True)
        shutil.copytree(base, game)
        if self.step == "mail-fetch":
            self.maildir = os.path.join(self.work, "maildir")
            shutil.rmtree(self.maildir, ignore_errors=True)
            shutil.copytree(self.maildir_base, self.maildir)
        return game

    def fresh(self):
        return self.fresh_base(self.base)

    def count_calls(self, syscall):
        game = self.fresh()
        trace = os.path.join(self.work, "trace")
        r = self.run(self.command(game), strace=["-e", "trace=" + syscall, "-o", trace])
        # The judge's SMTP server does not answer: its passes exit 4 (send-failed).
        if r.returncode != 0 and not (self.step == "judge" and r.returncode == 4):
            raise SystemExit("the step fails without faults:\n" + r.stdout + r.stderr)
        with open(trace) as f:
            return sum(1 for line in f if syscall + "(" in line and "resumed>" not in line)

    def check_mail(self, what, game, before, result):
        """mail send: the log untouched; a mail recorded as sent never goes again."""
        problem = None
        if log_lines(game) != self.before_lines:
            problem = "mail send changed the log"
        recorded = sent_ids(game)
        state = "unchanged" if folder_hash(game) == before else "%d recorded sent (exit %d)" % (
            len(recorded) - self.before_sent, result.returncode)
        seen = set(os.listdir(self.sink_dir))
        again = self.run(self.command(game))
        new = sorted(n for n in os.listdir(self.sink_dir)
                     if n.endswith(".eml") and n not in seen)
        resent = [i for i in delivered_ids(self.sink_dir, new) if i in recorded]
        if problem:
            pass
        elif again.returncode != 0:
            problem = "the next mail send fails: " + again.stderr.strip()
        elif resent:
            problem = "mails recorded as sent went again: %s" % resent
        elif temporaries(game):
            problem = "temporaries left: %s" % temporaries(game)
        elif self.run(["verify", game]).returncode != 0:
            problem = "verify fails after mail send"
        elif "0 queued" not in self.run(self.command(game) + ["--dry-run"]).stdout:
            problem = "mails left unsent after the next mail send"
        return problem, state

    def check_fetch(self, what, game, before, result):
        """mail fetch: the log untouched, no torn inbox file, a message set
        aside only once what it carried is filed; the next fetch finishes."""
        problem = None
        # A killed run's temporaries (".NAME.tmpPID") are debris the next run removes.
        inbox = {k: v for k, v in listing(os.path.join(game, "inbox")).items()
                 if not is_debris(k)}
        aside_dir = os.path.join(self.maildir, ".adjutant-processed", "cur")
        aside = sorted(os.listdir(aside_dir)) if os.path.isdir(aside_dir) else []
        if log_lines(game) != self.before_lines:
            problem = "mail fetch changed the log"
        elif any(name not in self.expected_inbox or inbox[name] != self.expected_inbox[name]
                 for name in inbox):
            problem = "an inbox file that a whole run does not write: %s" % sorted(inbox)
        elif aside and not inbox:
            problem = "a message set aside before its orders were filed: %s" % aside
        state = "unchanged" if folder_hash(game) == before and not aside else \
            "%d filed, %d set aside (exit %d)" % (len(inbox), len(aside), result.returncode)
        if not problem:
            again = self.run(self.command(game))
            inbox = listing(os.path.join(game, "inbox"))
            aside = sorted(os.listdir(aside_dir)) if os.path.isdir(aside_dir) else []
            if again.returncode != 0:
                problem = "the next mail fetch fails: " + again.stderr.strip()
            elif inbox != self.expected_inbox:
                problem = "the next mail fetch leaves the inbox %s" % sorted(inbox)
            elif aside != self.expected_aside:
                problem = "the next mail fetch sets aside %s, not %s" % (aside,
                                                                         self.expected_aside)
            elif self.run(["verify", game]).returncode != 0:
                problem = "verify fails after mail fetch"
            elif temporaries(game):
                problem = "temporaries left: %s" % temporaries(game)
        return problem, state

    def check_judge(self, what, game, before, result):
        """judge: the log as before or with the adjudication, verifying; the
        next pass adjudicates once in all, sets both messages aside, and
        leaves a readable seen-state and no temporary."""
        problem = None
        judge = os.path.dirname(game)
        lines = log_lines(game)
        if lines not in (self.before_lines, self.before_lines + 2):
            problem = "the log has %d lines, not %d or %d" % (lines, self.before_lines,
                                                            self.before_lines + 2)
        elif lines != self.before_lines and self.run(["verify", game]).returncode != 0:
            problem = "changed but verify fails"
        state = "adjudicated (exit %d)" % result.returncode if lines != self.before_lines \
            else "not adjudicated (exit %d)" % result.returncode
        if not problem:
            self.run(self.command(game))
            aside = os.path.join(self.maildir, ".adjutant-processed", "cur")
            left = os.listdir(os.path.join(self.maildir, "new")) + \
                os.listdir(os.path.join(self.maildir, "cur"))
            journal = os.path.join(judge, "judge-journal.jsonl")
            actions = []
            if os.path.exists(journal):
                with open(journal) as f:
                    actions = [json.loads(line)["action"] for line in f if line.endswith("\n")]
            debris = [n for n in os.listdir(judge) if is_debris(n)]
            try:
                with open(os.path.join(judge, "judge-state.json")) as f:
                    json.load(f)
                state_ok = True
            except (OSError, ValueError):
                state_ok = False
            if log_lines(game) != self.before_lines + 2:
                problem = "the next pass leaves %d log lines" % log_lines(game)
            elif self.run(["verify", game]).returncode != 0:
                problem = "verify fails after the next pass"
            elif actions.count("adjudicated") > 1:
                problem = "adjudicated %d times" % actions.count("adjudicated")
            elif left or not os.path.isdir(aside) or len(os.listdir(aside)) != 2:
                problem = "messages not set aside: %s" % left
            elif not state_ok:
                problem = "the seen-state file is not readable after the next pass"
            elif temporaries(game) or debris:
                problem = "temporaries left: %s" % (temporaries(game) + debris)
        return problem, state

    def check(self, what, game, before, result):
        self.runs += 1
        if self.step in ("mail-send", "mail-fetch", "judge"):
            problem, state = {"mail-send": self.check_mail, "mail-fetch": self.check_fetch,
                              "judge": self.check_judge}[self.step](what, game, before, result)
            if problem:
                self.failures += 1
                print("FAIL %s: %s" % (what, problem))
            else:
                print("ok   %s: %s" % (what, state))
            return
        problem = None
        if folder_hash(game) == before:
            state = "unchanged"
        elif folder_hash(game, skip_debris=True) == before and log_lines(game) == self.before_lines:
            # Killed mid-step: only temporaries and a staging folder are
            # left, which the next run must remove (checked below).
            state = "unchanged but for debris (exit %d)" % result.returncode
        else:
            v = self.run(["verify", game])
            grown = log_lines(game) > self.before_lines
            if v.returncode != 0:
                problem = "changed but verify exits %d: %s" % (v.returncode, v.stderr.strip())
            elif not grown:
                problem = "changed without committing the step"
            state = "committed (exit %d)" % result.returncode
            if not problem and result.returncode not in (0, -9, 128 + 9) and \
                    "io.stdout" not in result.stderr:
                # A committed step reports success: a cache that failed is
                # only a note, rebuilt by the next run.
                problem = "committed but exited %d: %s" % (result.returncode, result.stderr)
        if not problem:
            # The next runs clean up and rebuild every cache: verify (the
            # temporaries, state.json), then any command that writes (the
            # turn folders).
            self.run(["verify", game])
            left = temporaries(game)
            waiting = json.loads(self.run(["status", "--json", game]).stdout or "{}").get(
                "adjudicator") or "union"
            # Later than any step's time: a log's times never go back.
            n = self.run(["ruling", game, "--extend", "1", "--key", waiting + ".key",
                          "--at", "2026-11-09T10:00:00Z", "--no-outputs"])
            if left:
                problem = "temporaries left after verify: %s" % left
            elif n.returncode != 0 and "orders.game_over" not in n.stderr:
                problem = "the next write fails: " + n.stderr.strip()
            elif '"caches": []' not in self.run(["verify", "--json", game]).stdout:
                problem = "caches still stale after the next runs"
            elif not turn_folders_complete(game):
                problem = "a turn folder is missing after the next runs"
        if problem:
            self.failures += 1
            print("FAIL %s: %s" % (what, problem))
        else:
            print("ok   %s: %s" % (what, state))

    def sweep(self, stride):
        counted = {}
        for syscall in SYSCALLS:
            n = counted[syscall] = self.count_calls(syscall)
            faults = [("error=ENOSPC", "ENOSPC"), ("signal=KILL", "SIGKILL")]
            if syscall == "fsync":
                faults.append(("error=EIO", "EIO"))
            for when in range(1, n + 1, stride):
                for spec, name in faults:
                    game = self.fresh()
                    before = folder_hash(game)
                    r = self.run(self.command(game),
                                 strace=["-e", "trace=" + syscall, "-e",
                                         "inject=%s:%s:when=%d" % (syscall, spec, when)])
                    self.check("%s %s #%d of %d" % (syscall, name, when, n), game, before, r)
        # A sweep that found nothing to inject into proves nothing: every
        # step writes (a log, a file of the inbox, sent.jsonl, a seen-state).
        print("calls: " + ", ".join("%s %d" % (k, v) for k, v in counted.items()))
        if sum(counted.values()) == 0 or counted["write"] == 0:
            self.failures += 1
            print("FAIL the step made no %s call to inject into: the sweep traced nothing" %
                  ("write" if sum(counted.values()) else "traced"))


def main(argv):
    if len(argv) < 4:
        sys.stderr.write(__doc__)
        return 2
    stride = 1
    if "--stride" in argv:
        stride = int(argv[argv.index("--stride") + 1])
    if shutil.which("strace") is None or subprocess.run(
            ["strace", "-qq", "-o", "/dev/null", "-e", "inject=getpid:error=EPERM:when=1",
             "true"], capture_output=True).returncode != 0:
        print("strace cannot inject faults here")
        return 77
    s = Sweep(argv[1], argv[2], argv[3])
    try:
        s.setup()
        s.sweep(stride)
    finally:
        if s.sink:
            s.sink.terminate()
            s.sink.wait()
        shutil.rmtree(s.work, ignore_errors=True)
    print("%d runs, %d failures" % (s.runs, s.failures))
    return 1 if s.failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
