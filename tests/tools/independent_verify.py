#!/usr/bin/python3
"""Independent verifier of adjutant game archives, written from docs/protocol.md.

Usage: independent_verify.py [--doc PROTOCOL_MD] [--no-vectors]
                             [--dispute FILE] GAME...

GAME is an archive folder (game.json, scenario.json, log.jsonl, state.json).
First the test vectors printed at the end of docs/protocol.md are recomputed
from their stated fixed inputs; then, for every archive, everything the
protocol lets a verifier check without re-running the rules engine, under
the protocol version its genesis pins (adjutant-game/1 or adjutant-game/2):

  - every log line is canonical JSON (RFC 8785), the file ends in "\n";
  - seq numbering and the prev hash chain;
  - the genesis entry signed by the host, every player card self-signed,
    game.json equal to the genesis body, scenario.json hashing to the pinned
    value (or opening the fog-of-war commitment) and carrying one card per
    side, game_id;
  - every signature's keyid is exactly the signer's key id (log lines,
    order envelopes, cards);
  - every orders entry: entry signature by the adjudicating party, the order
    envelope signed with genesis's key for its side, game, after = hash of the
    previous line, reveal = the side's next dice chain link; its format
    (adjutant-orders/1, or /2 with a revision and, from revision 2, what it
    replaces); under protocol 2 a replacement in a simultaneous phase is a
    later revision;
  - times: each of the form 2024-05-01T12:00:00Z; under protocol 2 none
    before genesis's created or an earlier line's time;
  - every adjudication entry: numbering t, orders/turn/phase consistent with
    the orders line before it, adjudicator identity, entry signature, the
    adjudicator's revealed link, the reveals list, the seed R_t and every die
    (k, n, v) recomputed from R_t;
  - the echo and the dice agree with the events (protocol.md section 9):
    each echoed move is one move event, each echoed combat one combat (or
    its cancellation), each die an event quotes is the die rolled;
  - state.json hashing to the state of the last adjudication.

With --dispute FILE (an order file, or a proof adjutant-dispute/1), each
GAME also fails, at the line adjudicated in its place, when FILE is a later
revision of the mover's orders than the one the log adjudicated (or orders
of a phase passed with no moves received); else a note says why FILE
proves nothing (protocol.md section 5b).

Line numbers in messages are seq numbers (line 0 is genesis).
Prints "OK <folder>: ..." or "FAIL <folder>: line N: ..." per archive, then
"N passed, M failed"; exits 1 on any failure (vectors included), 2 on usage.
Only the standard library and python3-cryptography (Ed25519) are used.
"""

import base64
import decimal
import hashlib
import hmac
import json
import os
import re
import sys

try:
    from cryptography.exceptions import InvalidSignature
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric.ed25519 import (
        Ed25519PrivateKey, Ed25519PublicKey)
except ImportError:  # pragma: no cover
    sys.stderr.write("independent_verify.py needs python3-cryptography "
                     "(apt-get install python3-cryptography)\n")
    sys.exit(2)

PT_ORDERS = "application/vnd.adjutant.orders.v1+json"
PT_CARD = "application/vnd.adjutant.card.v1+json"
PT_LOG = "application/vnd.adjutant.log.v1+json"
LABEL_CHAIN = b"adjutant-dice-v1/chain"
LABEL_SEED = b"adjutant-dice-v1/seed"
LABEL_ROLL = b"adjutant-dice-v1/roll"
ZERO_HASH = "0" * 64
# Section 3b: the genesis format is the game's protocol version.
PROTOCOLS = {"adjutant-game/1": 1, "adjutant-game/2": 2}
ORDER_FORMATS = {1: "adjutant-orders/1", 2: "adjutant-orders/2"}
MAX_REVISION = 10 ** 9
MAX_DEPTH = 64
MAX_ORDER_BYTES = 1 << 20
ID_RE = re.compile(r"[a-z0-9_-]{1,32}\Z")
HEX64_RE = re.compile(r"[0-9a-f]{64}\Z")
B64URL_RE = re.compile(r"[A-Za-z0-9_-]*\Z")


class Fail(Exception):
    """A verification failure; line is the seq of the offending line."""

    def __init__(self, line, what):
        super().__init__(what)
        self.line = line
        self.what = what


# ---------------------------------------------------------------- section 1

class JsonError(ValueError):
    pass


def _no_constants(name):
    raise JsonError("non-finite number %s" % name)


def _pairs(pairs):
    obj = {}
    for k, v in pairs:
        if k in obj:
            raise JsonError("duplicate member name %r" % k)
        obj[k] = v
    return obj


def _depth(v):
    if isinstance(v, dict):
        return 1 + max((_depth(x) for x in v.values()), default=0)
    if isinstance(v, list):
        return 1 + max((_depth(x) for x in v), default=0)
    return 0


def parse_strict(data):
    """Strict JSON reader: UTF-8, no duplicate names, nesting <= 64."""
    try:
        text = data.decode("utf-8", errors="strict")
    except UnicodeDecodeError as e:
        raise JsonError("invalid UTF-8 (%s)" % e) from None
    try:
        value = json.loads(text, object_pairs_hook=_pairs,
                           parse_constant=_no_constants)
    except RecursionError:
        raise JsonError("nesting deeper than %d" % MAX_DEPTH) from None
    except JsonError:
        raise
    except ValueError as e:
        raise JsonError("not JSON (%s)" % e) from None
    if _depth(value) > MAX_DEPTH:
        raise JsonError("nesting deeper than %d" % MAX_DEPTH)
    return value


def es_number(x):
    """ECMAScript Number.prototype.toString of a finite double."""
    if x != x or x in (float("inf"), float("-inf")):
        raise JsonError("non-finite number")
    if x == 0:
        return "0"
    if x < 0:
        return "-" + es_number(-x)
    # repr() is the shortest round-tripping decimal, nearest to x: the
    # digits ECMAScript asks for.
    _, digits, exp = decimal.Decimal(repr(x)).as_tuple()
    s = "".join(map(str, digits)).lstrip("0")
    while s.endswith("0"):
        s = s[:-1]
        exp += 1
    # x = s * 10^exp = 0.s * 10^n
    k = len(s)
    n = exp + k
    if k <= n <= 21:
        return s + "0" * (n - k)
    if 0 < n <= 21:
        return s[:n] + "." + s[n:]
    if -6 < n <= 0:
        return "0." + "0" * (-n) + s
    e = n - 1
    es = ("e+" if e >= 0 else "e-") + str(abs(e))
    if k == 1:
        return s + es
    return s[0] + "." + s[1:] + es


def _canon_string(s):
    out = ['"']
    for c in s:
        o = ord(c)
        if c == '"':
            out.append('\\"')
        elif c == "\\":
            out.append("\\\\")
        elif c == "\b":
            out.append("\\b")
        elif c == "\f":
            out.append("\\f")
        elif c == "\n":
            out.append("\\n")
        elif c == "\r":
            out.append("\\r")
        elif c == "\t":
            out.append("\\t")
        elif o < 0x20:
            out.append("\\u%04x" % o)
        elif 0xD800 <= o <= 0xDFFF:
            raise JsonError("lone surrogate in string")
        else:
            out.append(c)
    out.append('"')
    return "".join(out)


def _utf16_key(name):
    return name.encode("utf-16-be", errors="surrogatepass")


def canon(v):
    """RFC 8785 canonical form (str) of a parsed JSON value."""
    if v is None:
        return "null"
    if v is True:
        return "true"
    if v is False:
        return "false"
    if isinstance(v, int):
        if abs(v) <= 2 ** 53:
            return str(v)
        try:
            return es_number(float(v))  # nearest double, as ECMAScript reads it
        except OverflowError:
            raise JsonError("number out of double range") from None
    if isinstance(v, float):
        return es_number(v)
    if isinstance(v, str):
        return _canon_string(v)
    if isinstance(v, list):
        return "[" + ",".join(canon(x) for x in v) + "]"
    if isinstance(v, dict):
        keys = sorted(v.keys(), key=_utf16_key)
        return "{" + ",".join(_canon_string(k) + ":" + canon(v[k])
                              for k in keys) + "}"
    raise JsonError("not a JSON value: %r" % type(v))


def jcs(v):
    return canon(v).encode("utf-8")


# ------------------------------------------------------------ primitives

def H(b):
    return hashlib.sha256(b).digest()


def u32(n):
    return n.to_bytes(4, "big")


def u64(n):
    return n.to_bytes(8, "big")


def lp(b):
    return u32(len(b)) + b


def b64url_decode(s):
    if not isinstance(s, str) or not B64URL_RE.match(s) or len(s) % 4 == 1:
        raise ValueError("not unpadded base64url")
    raw = base64.urlsafe_b64decode(s + "=" * (-len(s) % 4))
    if b64url_encode(raw) != s:
        raise ValueError("non-canonical base64url")
    return raw


def b64url_encode(b):
    return base64.urlsafe_b64encode(b).decode("ascii").rstrip("=")


def pae(payload_type, body_bytes):
    t = payload_type.encode("utf-8")
    return (b"DSSEv1 " + str(len(t)).encode() + b" " + t + b" " +
            str(len(body_bytes)).encode() + b" " + body_bytes)


def key_id(pub):
    return H(pub).hex()[:16]


def ed25519_ok(pub, sig, msg):
    try:
        Ed25519PublicKey.from_public_bytes(pub).verify(sig, msg)
        return True
    except (InvalidSignature, ValueError):
        return False


def chain_step(i, s_i):
    """s_(i-1) from s_i (section 6)."""
    return H(chain_step_input(i, s_i))


def chain_step_input(i, s_i):
    return lp(LABEL_CHAIN) + u32(i) + s_i


def seed_preimage(game_id, t, adjudicator, i, s_i, players):
    """players: iterable of (id, m, s_m); sorted here by id bytes."""
    out = lp(LABEL_SEED) + game_id + u32(t) + \
        lp(adjudicator.encode("utf-8")) + u32(i) + s_i
    for pid, m, s_m in sorted(players, key=lambda p: p[0].encode("utf-8")):
        out += lp(pid.encode("utf-8")) + u32(m) + s_m
    return out


def roll_input(k, a):
    return lp(LABEL_ROLL) + u64(k) + u32(a)


def roll(R, k, n):
    if not (2 <= n <= 256):
        raise ValueError("die with %d sides" % n)
    limit = 256 - (256 % n)
    a = 0
    while True:
        B = hmac.new(R, roll_input(k, a), hashlib.sha256).digest()
        for b in B:
            if b < limit:
                return 1 + (b % n)
        a += 1


# ------------------------------------------------------------ helpers

TIME_RE = re.compile(r"(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})Z\Z")


def draw(R, k0, n, k):
    """Section 8a: draws k of the items 0..n-1 with dice k0, k0+1, ... of
    R; returns (the items drawn in order, [(die k, sides, value)])."""
    if not (1 <= n <= 256 and 0 <= k <= n):
        raise ValueError("a draw takes k of n items, 1 <= n <= 256")
    items = list(range(n))
    used = []
    for j in range(k):
        left = n - j
        if left < 2:
            break
        v = roll(R, k0 + len(used), left)
        used.append((k0 + len(used), left, v))
        items[j], items[j + v - 1] = items[j + v - 1], items[j]
    return items[:k], used


def commitment_preimage(kind, salt, content):
    """Section 10a: lp(label) || lp(kind) || salt || JCS(content)."""
    if len(salt) != 32:
        raise ValueError("a salt is 32 bytes")
    return lp(b"adjutant-fog-v1/commit") + lp(kind.encode()) + salt + jcs(content)


def time_seconds(text, line):
    """Seconds since 1970 of a log time, which is always YYYY-MM-DDTHH:MM:SSZ."""
    m = TIME_RE.match(text) if isinstance(text, str) else None
    if not m:
        raise Fail(line, "time %r is not of the form 2024-05-01T12:00:00Z" % (text,))
    import calendar
    y, mo, d, h, mi, s = (int(g) for g in m.groups())
    try:
        import datetime
        datetime.datetime(y, mo, d, h, mi, s)
    except ValueError:
        raise Fail(line, "time %r is not a date" % (text,)) from None
    return calendar.timegm((y, mo, d, h, mi, s, 0, 0, 0))


def time_text(seconds):
    import time
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(seconds))


def is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def hex32(v, line, what):
    if not isinstance(v, str) or not HEX64_RE.match(v):
        raise Fail(line, "%s is not 64 lowercase hex digits" % what)
    return bytes.fromhex(v)


def need_obj(v, line, what, keys=None):
    if not isinstance(v, dict):
        raise Fail(line, "%s is not an object" % what)
    if keys is not None and set(v.keys()) != set(keys):
        raise Fail(line, "%s has members %s, expected %s"
                   % (what, sorted(v.keys()), sorted(keys)))
    return v


def check_envelope(env, payload_type, line, what):
    """Section 2 shape; returns (body, keyid, sig bytes)."""
    need_obj(env, line, what, ("payloadType", "body", "signatures"))
    if env["payloadType"] != payload_type:
        raise Fail(line, "%s has payloadType %r, expected %r"
                   % (what, env["payloadType"], payload_type))
    need_obj(env["body"], line, what + " body")
    sigs = env["signatures"]
    if not isinstance(sigs, list) or len(sigs) != 1:
        raise Fail(line, "%s must carry exactly one signature" % what)
    sig = need_obj(sigs[0], line, what + " signature", ("keyid", "sig"))
    try:
        raw = b64url_decode(sig["sig"])
    except ValueError as e:
        raise Fail(line, "%s signature: %s" % (what, e)) from None
    if len(raw) != 64:
        raise Fail(line, "%s signature is %d bytes, not 64" % (what, len(raw)))
    return env["body"], sig["keyid"], raw


def check_keyid(keyid, pub, line, what):
    """Section 2: the keyid beside a signature is not signed, so it must be
    exactly the signer's key id, or a relay could make two copies of one
    signed line that hash apart."""
    if keyid != key_id(pub):
        raise Fail(line, "%s keyid %r is not the signer's key id %s"
                   % (what, keyid, key_id(pub)))


def verify_envelope(env, payload_type, pub, line, what):
    body, keyid, raw = check_envelope(env, payload_type, line, what)
    if not ed25519_ok(pub, raw, pae(payload_type, jcs(body))):
        raise Fail(line, "%s signature does not verify" % what)
    check_keyid(keyid, pub, line, what)
    return body


class Chain:
    """A party's dice chain as seen so far: last revealed (k, s_k)."""

    def __init__(self, anchor, length):
        self.k = 0
        self.s = anchor
        self.length = length

    def reveal(self, m, s_m, line, who):
        if not is_int(m):
            raise Fail(line, "%s reveal m is not an integer" % who)
        if m != self.k + 1:
            raise Fail(line, "%s reveals link %d, expected its next link %d"
                       % (who, m, self.k + 1))
        if m > self.length:
            raise Fail(line, "%s reveals link %d beyond its chain length %d"
                       % (who, m, self.length))
        if chain_step(m, s_m) != self.s:
            raise Fail(line, "%s reveal (m=%d) does not hash down to its "
                       "previous link %d" % (who, m, self.k))
        self.k, self.s = m, s_m


# ------------------------------------------------------------ archives

def read_json_file(path, line, what):
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        raise Fail(line, "cannot read %s (%s)" % (what, e.strerror)) from None
    try:
        return parse_strict(data)
    except JsonError as e:
        raise Fail(line, "%s: %s" % (what, e)) from None


def genesis_protocol(body):
    """Section 3b: 1 for adjutant-game/1, 2 for adjutant-game/2."""
    protocol = PROTOCOLS.get(body.get("format"))
    if protocol is None:
        raise Fail(0, "genesis format is %r, not one of %s"
                   % (body.get("format"), ", ".join(sorted(PROTOCOLS))))
    return protocol


def check_genesis_members(body, protocol):
    """Sections 3 and 10a: exactly these members. A fog-of-war genesis adds
    `fog`; under protocol 2 it has no `scenario` at all."""
    want = {"format", "name", "created", "deadline_hours", "ruleset", "host",
            "cards"}
    fog = "fog" in body
    if fog:
        want.add("fog")
    if not (fog and protocol >= 2):
        want.add("scenario")
    missing = sorted(want - set(body))
    unknown = sorted(set(body) - want)
    if missing:
        raise Fail(0, "genesis body lacks %s" % ", ".join(map(repr, missing)))
    if unknown:
        raise Fail(0, "genesis body of protocol %d%s has unknown member(s) %s"
                   % (protocol, " under fog of war" if fog else "",
                      ", ".join(map(repr, unknown))))
    if "scenario" in body:
        need_obj(body["scenario"], 0, "genesis scenario",
                 ("id", "title") if fog else ("id", "title", "sha256"))


def verify_cards(body):
    """Section 3: every card self-signed; returns (keys, chains) by party."""
    if not isinstance(body["cards"], list) or not body["cards"]:
        raise Fail(0, "genesis has no cards")
    keys, chains = {}, {}
    for n, card in enumerate(body["cards"]):
        what = "card %d" % n
        cb, _, _ = check_envelope(card, PT_CARD, 0, what)
        for k in ("format", "game", "party", "name", "email", "key", "dice"):
            if k not in cb:
                raise Fail(0, "%s lacks %r" % (what, k))
        if cb["format"] != "adjutant-card/1":
            raise Fail(0, "%s format is %r" % (what, cb["format"]))
        party = cb["party"]
        if not isinstance(party, str) or not ID_RE.match(party):
            raise Fail(0, "%s party id %r is not [a-z0-9_-]{1,32}" % (what, party))
        what = "card of %s" % party
        if party in keys:
            raise Fail(0, "two cards for %s" % party)
        if cb["game"] != body["name"]:
            raise Fail(0, "%s is for game %r, not %r" % (what, cb["game"], body["name"]))
        try:
            pub = b64url_decode(cb["key"])
        except ValueError as e:
            raise Fail(0, "%s key: %s" % (what, e)) from None
        if len(pub) != 32:
            raise Fail(0, "%s key is %d bytes, not 32" % (what, len(pub)))
        verify_envelope(card, PT_CARD, pub, 0, what + " (self-signature)")
        dice = need_obj(cb["dice"], 0, what + " dice", ("anchor", "length"))
        anchor = hex32(dice["anchor"], 0, what + " dice anchor")
        if not is_int(dice["length"]) or dice["length"] < 1:
            raise Fail(0, "%s dice length is not a positive integer" % what)
        keys[party] = pub
        chains[party] = Chain(anchor, dice["length"])
    return keys, chains


def read_pinned_scenario(folder, body):
    """scenario.json, pinned by its canonical hash, or under fog of war
    (section 10a) by a salted commitment opened from the umpire's salts."""
    scenario = read_json_file(os.path.join(folder, "scenario.json"), 0,
                              "scenario.json")
    if "fog" in body:
        fog = need_obj(body["fog"], 0, "genesis fog")
        salts = read_json_file(os.path.join(folder, "fog-salts.json"), 0,
                               "fog-salts.json")
        salt_hex = salts.get("salts", {}).get("0/scenario") \
            if isinstance(salts, dict) else None
        if not isinstance(salt_hex, str) or len(salt_hex) != 64:
            raise Fail(0, "fog-salts.json holds no salt of the scenario")
        try:
            opened = H(commitment_preimage("scenario", bytes.fromhex(salt_hex),
                                           scenario))
        except (JsonError, ValueError) as e:
            raise Fail(0, "scenario.json: %s" % e) from None
        if opened != hex32(fog.get("scenario"), 0, "genesis fog scenario"):
            raise Fail(0, "scenario.json does not open the scenario commitment")
        return scenario
    pinned = hex32(body["scenario"]["sha256"], 0, "genesis scenario sha256")
    try:
        if H(jcs(scenario)) != pinned:
            raise Fail(0, "scenario.json does not hash to the pinned sha256")
    except JsonError as e:
        raise Fail(0, "scenario.json: %s" % e) from None
    return scenario


def verify_genesis(folder, entry):
    """Returns (protocol, game_id, keys, chains, players)."""
    body = need_obj(entry["body"], 0, "genesis body")
    protocol = genesis_protocol(body)
    check_genesis_members(body, protocol)
    keys, chains = verify_cards(body)
    host = body["host"]
    if host not in keys:
        raise Fail(0, "host %r has no card" % (host,))
    unsigned = {k: v for k, v in entry.items() if k != "sig"}
    check_entry_sig(entry, unsigned, keys[host], 0, "genesis (host %s)" % host)
    game_id = H(jcs(body))

    # One card per side of the scenario.
    scenario = read_pinned_scenario(folder, body)
    sides = scenario.get("sides") if isinstance(scenario, dict) else None
    if not isinstance(sides, list) or not all(
            isinstance(s, dict) and isinstance(s.get("id"), str) for s in sides):
        raise Fail(0, "scenario.json has no sides[].id list")
    side_ids = [s["id"] for s in sides]
    players = sorted((p for p in keys if p != "umpire"),
                     key=lambda p: p.encode("utf-8"))
    if sorted(side_ids, key=lambda p: p.encode("utf-8")) != players:
        raise Fail(0, "cards %s do not match the scenario sides %s"
                   % (players, side_ids))

    # game.json: the genesis body, pretty-printed.
    gpath = os.path.join(folder, "game.json")
    if os.path.exists(gpath):
        g = read_json_file(gpath, 0, "game.json")
        if jcs(g) != jcs(body):
            raise Fail(0, "game.json differs from the genesis body")
    return protocol, game_id, keys, chains, players


def check_entry_sig(entry, unsigned, pub, line, who):
    sig = need_obj(entry["sig"], line, "sig", ("keyid", "sig"))
    try:
        raw = b64url_decode(sig["sig"])
    except ValueError as e:
        raise Fail(line, "entry signature: %s" % e) from None
    if len(raw) != 64 or not ed25519_ok(pub, raw, pae(PT_LOG, jcs(unsigned))):
        raise Fail(line, "entry signature by %s does not verify" % who)
    check_keyid(sig["keyid"], pub, line, "entry signature by %s" % who)


ADJ_KEYS = ("t", "turn", "phase", "orders", "adjudicator", "reveal", "reveals",
            "seed", "rolls", "echo", "events", "state", "at")


MOVE_ECHO = re.compile(
    r"^(?P<unit>.+?)(?: enters at [A-Z]?[0-9]{4}(?: and)?)? moves "
    r"(?P<path>[A-Z]?[0-9]{4}(?:-[A-Z]?[0-9]{4})+)(?: and leaves the map)?, (?P<mp>[0-9]+) of ")
COMBAT_ECHO = re.compile(r"^combat (?P<label>[0-9]+\.[0-9]+): ")


def check_echo_events(b, line):
    """Section 9: what the echo says was ordered is what the events did."""
    if not isinstance(b["echo"], list) or not isinstance(b["events"], list):
        raise Fail(line, "echo or events is not a list")
    events = [e for e in b["events"] if isinstance(e, dict)]
    if len(events) != len(b["events"]):
        raise Fail(line, "an event is not an object")
    echoed_moves, echoed_combats = [], []
    for text in b["echo"]:
        if not isinstance(text, str):
            raise Fail(line, "an echo line is not a string")
        m = MOVE_ECHO.match(text)
        if m:
            echoed_moves.append((m.group("unit"), tuple(m.group("path").split("-"))))
        m = COMBAT_ECHO.match(text)
        if m:
            echoed_combats.append(m.group("label"))
    moved = [(e.get("unit"), tuple(e.get("path", ()))) for e in events
             if e.get("type") == "move" and "order" in e]
    if sorted(echoed_moves) != sorted(moved):
        raise Fail(line, "the echo's moves %r are not the move events %r"
                   % (sorted(echoed_moves), sorted(moved)))
    fought = {e.get("combat") for e in events
              if e.get("type") in ("combat", "attack_cancelled")}
    if len(set(echoed_combats)) != len(echoed_combats) or set(echoed_combats) != fought:
        raise Fail(line, "the echo's combats %r are not the combats of the events %r"
                   % (echoed_combats, sorted(x for x in fought if isinstance(x, str))))
    for e in events:
        die = e.get("die")
        if isinstance(die, dict) and "k" in die:
            k = die["k"]
            if (not is_int(k) or not 0 <= k < len(b["rolls"])
                    or b["rolls"][k].get("v") != die.get("value")):
                raise Fail(line, "a %s event quotes die %r, not a die rolled"
                           % (e.get("type"), die))


def check_order_format(ob, protocol, line):
    """Sections 5 and 5b: adjutant-orders/1 without revision members under
    protocol 1; adjutant-orders/2 under protocol 2, with `revision` (1 to
    10^9) and, from revision 2 only, `replaces` (a body hash)."""
    if ob.get("format") != ORDER_FORMATS[protocol]:
        raise Fail(line, "order format is %r, a game of protocol %d takes %r"
                   % (ob.get("format"), protocol, ORDER_FORMATS[protocol]))
    if protocol == 1:
        if "revision" in ob or "replaces" in ob:
            raise Fail(line, "an order file of protocol 1 carries no revision "
                       "or replaces")
        return
    if "revision" not in ob:
        raise Fail(line, "the order file has no revision (protocol 2)")
    revision = ob["revision"]
    if not is_int(revision) or not 1 <= revision <= MAX_REVISION:
        raise Fail(line, "order revision %r is not an integer from 1 to %d"
                   % (revision, MAX_REVISION))
    if revision == 1 and "replaces" in ob:
        raise Fail(line, "revision 1 of an order file replaces nothing")
    if revision >= 2:
        if "replaces" not in ob:
            raise Fail(line, "revision %d of an order file lacks 'replaces'"
                       % revision)
        hex32(ob["replaces"], line, "order 'replaces'")


def check_later_revision(earlier, ob, protocol, line, side):
    """Section 5a under protocol 2: a replacement in a simultaneous phase is
    a later revision than the file it replaces."""
    if protocol >= 2 and ob["revision"] <= earlier["revision"]:
        raise Fail(line, "a second file for %s of revision %d replaces one of "
                   "revision %d: a replacement must be a later revision"
                   % (side, ob["revision"], earlier["revision"]))


def check_time(text, line, protocol, latest):
    """Section 4: every time of a log line has one form; under protocol 2
    none is before genesis's `created` or an earlier line's time. latest is
    (seconds, its line) of the latest time so far, or None; returns the
    new one."""
    now = time_seconds(text, line)
    if latest is not None and now < latest[0]:
        if protocol >= 2:
            raise Fail(line, "time %s is before %s, the time of %s"
                       % (text, time_text(latest[0]),
                          "genesis (created)" if latest[1] == 0
                          else "line %d" % latest[1]))
        return latest
    return (now, line)


def verify_archive(folder):
    """Returns (lines, adjudications, dice); raises Fail."""
    path = os.path.join(folder, "log.jsonl")
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        raise Fail(0, "cannot read log.jsonl (%s)" % e.strerror) from None
    if not data:
        raise Fail(0, "log.jsonl is empty")
    raw_lines = data.split(b"\n")
    last_damaged = raw_lines[-1] != b""
    if not last_damaged:
        raw_lines.pop()

    prev_hash = ZERO_HASH
    protocol = game_id = keys = chains = players = None
    latest_time = None  # (seconds, line) of the latest time along the log
    umpire = False
    adjudications = dice = 0
    # The order files (or NMR rulings) of the phase due, by side: section 5a
    # lets a simultaneous phase take several, one per side, a corrected
    # file replacing the first with the same link.
    pending = {}
    phase_entries = 0  # orders and rulings since the phase opened
    phase_open = None  # hash of the line the phase opened at
    phase_began = None  # when the phase due began: genesis, then each adjudication
    deadline_hours = 72
    extension = 0  # hours extended since then
    last_state = None
    ended = None
    for seq, line in enumerate(raw_lines):
        if seq == len(raw_lines) - 1 and last_damaged:
            raise Fail(seq, "last line does not end in \\n (damage)")
        try:
            entry = parse_strict(line)
            canonical = jcs(entry)
        except JsonError as e:
            raise Fail(seq, "not strict JSON: %s" % e) from None
        if canonical != line:
            raise Fail(seq, "not canonical JSON (RFC 8785)")
        need_obj(entry, seq, "entry", ("body", "kind", "prev", "seq", "sig"))
        if not is_int(entry["seq"]) or entry["seq"] != seq:
            raise Fail(seq, "seq is %r, expected %d" % (entry["seq"], seq))
        if entry["prev"] != prev_hash:
            raise Fail(seq, "prev is not the hash of line %d" % (seq - 1)
                       if seq else "prev of line 0 is not 64 zeros")
        kind = entry["kind"]
        unsigned = {k: v for k, v in entry.items() if k != "sig"}

        if seq == 0:
            if kind != "genesis":
                raise Fail(0, "line 0 is %r, not genesis" % (kind,))
            protocol, game_id, keys, chains, players = verify_genesis(folder, entry)
            latest_time = check_time(entry["body"]["created"], 0, protocol, None)
            phase_open = H(line).hex()
            umpire = "umpire" in keys
            phase_began = entry["body"].get("created")
            deadline_hours = entry["body"].get("deadline_hours")
            if not is_int(deadline_hours) or not 1 <= deadline_hours <= 8760:
                raise Fail(0, "deadline_hours must be 1 to 8760")
        elif kind == "orders":
            env = entry["body"]
            ob, _, _ = check_envelope(env, PT_ORDERS, seq, "order envelope")
            side = ob.get("side")
            if side not in players:
                raise Fail(seq, "orders for %r, which is not a side" % (side,))
            verify_envelope(env, PT_ORDERS, keys[side], seq,
                            "order envelope of %s" % side)
            if len(jcs(env)) > MAX_ORDER_BYTES:
                raise Fail(seq, "order file larger than 1 MiB")
            check_order_format(ob, protocol, seq)
            if ob.get("game") != game_id.hex():
                raise Fail(seq, "order game is not this game's game_id")
            if not is_int(ob.get("turn")) or not isinstance(ob.get("phase"), str):
                raise Fail(seq, "order turn/phase missing or mistyped")
            # 'after' is the hash of line seq-1 for a phase of one mover,
            # the line the phase opened at for a simultaneous one: which,
            # the adjudication's "orders" tells (checked there).
            if ob.get("after") not in (prev_hash, phase_open):
                raise Fail(seq, "order 'after' is not the hash of line %d"
                           % (seq - 1))
            rv = need_obj(ob.get("reveal"), seq, "order reveal", ("m", "s"))
            link = hex32(rv["s"], seq, "order reveal s")
            if side in pending:
                # A corrected file reveals the same link again.
                if pending[side]["nmr"] or pending[side]["link"] != (rv["m"], link):
                    raise Fail(seq, "a second file for %s that does not reveal "
                               "the same link as the first" % side)
                check_later_revision(pending[side]["ob"], ob, protocol, seq, side)
            else:
                chains[side].reveal(rv["m"], link, seq, side)
            if umpire:
                adjudicator = "umpire"
            else:
                others = [p for p in players if p != side]
                if len(others) != 1:
                    raise Fail(seq, "no single non-moving side among %s" % players)
                adjudicator = others[0]
            check_entry_sig(entry, unsigned, keys[adjudicator], seq,
                            "adjudicator %s" % adjudicator)
            pending[side] = {"seq": seq, "ob": ob, "adjudicator": adjudicator,
                             "prev": prev_hash, "link": (rv["m"], link), "nmr": False}
            phase_entries += 1
        elif kind == "adjudication":
            if not pending:
                raise Fail(seq, "adjudication without an orders entry before it")
            latest = sorted(p["seq"] for p in pending.values())
            b = need_obj(entry["body"], seq, "adjudication body", ADJ_KEYS)
            if isinstance(b["orders"], list):
                # Section 5a: every side's latest file, each naming the
                # line the phase opened at.
                if len(b["orders"]) < 2 or sorted(b["orders"]) != latest:
                    raise Fail(seq, "orders is %r, the phase's files are %r"
                               % (b["orders"], latest))
                for p in pending.values():
                    if not p["nmr"] and p["ob"]["after"] != phase_open:
                        raise Fail(p["seq"], "a simultaneous order file must name "
                                   "the line its phase opened at")
            else:
                if len(pending) != 1 or phase_entries != 1 or b["orders"] != latest[0] \
                        or not is_int(b["orders"]):
                    raise Fail(seq, "orders is %r, expected %d (one file)"
                               % (b["orders"], latest[-1]))
                only = next(iter(pending.values()))
                if not only["nmr"] and only["ob"]["after"] != only["prev"]:
                    raise Fail(only["seq"], "order 'after' is not the hash of "
                               "line %d" % (only["seq"] - 1))
            adjudicator = next(iter(pending.values()))["adjudicator"]
            for p in pending.values():
                if p["ob"]["turn"] != b["turn"] or p["ob"]["phase"] != b["phase"]:
                    raise Fail(seq, "turn/phase differ from the orders entry")
            pending = {}
            phase_entries = 0
            adjudications += 1
            if b["t"] != adjudications or not is_int(b["t"]):
                raise Fail(seq, "t is %r, expected %d" % (b["t"], adjudications))
            if b["adjudicator"] != adjudicator:
                raise Fail(seq, "adjudicator is %r, expected %r"
                           % (b["adjudicator"], adjudicator))
            # Player terms: latest reveals before this entry.
            terms = [(p, chains[p].k, chains[p].s) for p in players]
            expect = [{"party": p, "m": m, "s": s.hex()} for p, m, s in terms]
            if b["reveals"] != expect:
                raise Fail(seq, "reveals list differs from the players' "
                           "latest reveals")
            rv = need_obj(b["reveal"], seq, "adjudicator reveal", ("m", "s"))
            s_i = hex32(rv["s"], seq, "adjudicator reveal s")
            chains[adjudicator].reveal(rv["m"], s_i, seq, adjudicator)
            R = H(seed_preimage(game_id, b["t"], adjudicator, rv["m"], s_i, terms))
            if hex32(b["seed"], seq, "seed") != R:
                raise Fail(seq, "seed is not R_%d recomputed" % b["t"])
            if not isinstance(b["rolls"], list):
                raise Fail(seq, "rolls is not a list")
            for k, r in enumerate(b["rolls"]):
                need_obj(r, seq, "roll %d" % k, ("k", "n", "v", "for"))
                if not is_int(r["k"]) or r["k"] != k:
                    raise Fail(seq, "roll %d has k=%r" % (k, r["k"]))
                if not is_int(r["n"]) or not 2 <= r["n"] <= 256:
                    raise Fail(seq, "roll %d has n=%r" % (k, r["n"]))
                v = roll(R, k, r["n"])
                if r["v"] != v or not is_int(r["v"]):
                    raise Fail(seq, "roll k=%d (d%d) is %r, R_%d gives %d"
                               % (k, r["n"], r["v"], b["t"], v))
                if not isinstance(r["for"], str):
                    raise Fail(seq, "roll %d 'for' is not a string" % k)
                dice += 1
            check_echo_events(b, seq)
            last_state = hex32(b["state"], seq, "state")
            latest_time = check_time(b["at"], seq, protocol, latest_time)
            phase_began = b["at"]
            phase_open = H(line).hex()
            extension = 0
            check_entry_sig(entry, unsigned, keys[adjudicator], seq,
                            "adjudicator %s" % adjudicator)
        elif kind == "ruling":
            # Section 9a: signed by the party waiting for the mover's orders.
            had_pending = bool(pending)
            b = entry["body"]
            ruling = b.get("ruling") if isinstance(b, dict) else None
            keys_9a = ("ruling", "turn", "phase", "side", "reason", "at")
            extra = {"extend": ("hours",), "nmr": ("deadline",)}.get(ruling, ())
            need_obj(b, seq, "ruling body", keys_9a + extra)
            latest_time = check_time(b["at"], seq, protocol, latest_time)
            if ruling not in ("extend", "nmr"):
                raise Fail(seq, "unknown ruling %r" % (ruling,))
            mover = b["side"]
            if mover not in players:
                raise Fail(seq, "ruling for %r, which is not a side" % (mover,))
            waiting = "umpire" if umpire else [p for p in players if p != mover][0]
            check_entry_sig(entry, unsigned, keys[waiting], seq, "waiting party %s" % waiting)
            if ruling == "extend":
                if not is_int(b["hours"]) or not 1 <= b["hours"] <= 8760:
                    raise Fail(seq, "an extension is 1 to 8760 whole hours")
                extension += b["hours"]
            if ruling == "nmr":
                # Allowed only at or after the deadline it names, which is
                # the phase's: its start plus the game's hours and extensions.
                due = time_seconds(phase_began, seq) + 3600 * (deadline_hours + extension)
                if time_seconds(b["deadline"], seq) != due or b["deadline"] != time_text(due):
                    raise Fail(seq, "the NMR names deadline %r, the phase's is %s"
                               % (b["deadline"], time_text(due)))
                if time_seconds(b["at"], seq) < due:
                    raise Fail(seq, "the NMR was ruled before the deadline")
                if mover in pending:
                    raise Fail(seq, "an NMR for %s, whose orders are in" % mover)
                pending[mover] = {"seq": seq, "adjudicator": waiting, "nmr": True,
                                  "ob": {"turn": b["turn"], "phase": b["phase"]}}
            # A ruling between an order file and its adjudication belongs to
            # a simultaneous phase only (the adjudication's list form).
            phase_entries += (2 if had_pending else 0) + (1 if ruling == "nmr" else 0)
        elif kind == "end":
            if pending:
                raise Fail(seq, "end between orders and their adjudication")
            b = need_obj(entry["body"], seq, "end body",
                         ("reason", "side", "result", "turn", "phase", "at"))
            latest_time = check_time(b["at"], seq, protocol, latest_time)
            if b["reason"] != "concession" or b["side"] not in players:
                raise Fail(seq, "an end entry is a concession by a side")
            check_entry_sig(entry, unsigned, keys[b["side"]], seq, "conceding side %s" % b["side"])
            ended = seq
        else:
            raise Fail(seq, "unknown kind %r" % (kind,))
        if ended is not None and ended != seq:
            raise Fail(seq, "entry after the end of the game")
        prev_hash = H(line).hex()

    n = len(raw_lines)
    notes = []
    if pending:
        # Only a simultaneous phase of an umpire game may wait with some
        # files in; which sides it waits on, only the rules know.
        if not umpire or phase_entries == 1 and len(pending) == 1 and \
                next(iter(pending.values()))["ob"].get("after") != phase_open:
            raise Fail(n - 1, "orders entry without its adjudication")
        notes.append("%d order file(s) of the phase due are in, awaiting the others"
                     % len(pending))
    # After a concession (section 9a) state.json is the last logged state
    # with no phase due and the result set; its hash is in no entry.
    # state.json is a cache (section 9): a stale one is noted, not a failure.
    if last_state is not None and ended is None:
        try:
            st = read_json_file(os.path.join(folder, "state.json"), n - 1,
                                "state.json")
            if H(jcs(st)) != last_state:
                notes.append("state.json is stale (a cache)")
        except Fail:
            notes.append("state.json is unreadable (a cache)")
    return n, adjudications, dice, notes


# ------------------------------------------------------------ disputes

class NoProof(Exception):
    """--dispute FILE proves nothing against this log (section 5b)."""


def read_dispute(path):
    """The order envelope --dispute names: the file itself, or the `later`
    member of a proof (adjutant-dispute/1), whose other members only
    summarise what the log shows. Raises OSError or JsonError."""
    with open(path, "rb") as f:
        value = parse_strict(f.read())
    if isinstance(value, dict) and value.get("format") == "adjutant-dispute/1":
        return value.get("later")
    return value


def read_log(folder):
    """The lines of a log already verified: [(hash hex, entry)]."""
    with open(os.path.join(folder, "log.jsonl"), "rb") as f:
        return [(H(line).hex(), parse_strict(line))
                for line in f.read().split(b"\n")[:-1]]


def disputed_body(env, genesis):
    """A signed order file of a side of this protocol-2 game, its revision
    members well formed; its body, or NoProof."""
    keys = {c["body"]["party"]: b64url_decode(c["body"]["key"])
            for c in genesis["cards"]}
    try:
        ob, _, _ = check_envelope(env, PT_ORDERS, 0, "the file")
        side = ob.get("side")
        if side not in keys or side == "umpire":
            raise NoProof("orders for %r, which is not a side" % (side,))
        verify_envelope(env, PT_ORDERS, keys[side], 0, "the file of %s" % side)
        if ob.get("game") != H(jcs(genesis)).hex():
            raise NoProof("the orders of another game")
        if PROTOCOLS.get(genesis["format"]) != 2:
            raise NoProof("a game of protocol 1: its order files carry no revision")
        check_order_format(ob, 2, 0)
        hex32(ob.get("after"), 0, "its 'after'")
    except Fail as e:
        raise NoProof("not a signed order file of this game: %s" % e.what) from None
    return ob


def held_in_place(log, ob):
    """The line adjudicated for ob's side in the phase ob was written for:
    the phase of the first adjudication after the line ob's `after` names."""
    hashes = [h for h, _ in log]
    if ob["after"] not in hashes:
        raise NoProof("written after a line this log does not hold")
    opened = hashes.index(ob["after"])
    adj = next((n for n in range(opened + 1, len(log))
                if log[n][1]["kind"] == "adjudication"), None)
    if adj is None:
        raise NoProof("its phase is not adjudicated yet")
    b = log[adj][1]["body"]
    if (ob["turn"], ob["phase"]) != (b["turn"], b["phase"]):
        raise NoProof("turn %r phase %r is not the phase adjudicated at line %d"
                      % (ob["turn"], ob["phase"], adj))
    for n in b["orders"] if isinstance(b["orders"], list) else [b["orders"]]:
        e = log[n][1]
        side = e["body"]["side"] if e["kind"] == "ruling" else e["body"]["body"]["side"]
        if side == ob["side"]:
            return n, e
    raise NoProof("%s is not a mover of the phase adjudicated at line %d"
                  % (ob["side"], adj))


def check_dispute(folder, env, name):
    """Section 5b: raises Fail at the line adjudicated in place of a later
    revision of the mover's orders (or of a phase passed with no moves
    received); else returns why FILE proves nothing."""
    log = read_log(folder)
    try:
        ob = disputed_body(env, log[0][1]["body"])
        n, e = held_in_place(log, ob)
        what = "%s's orders for turn %d phase %s" % (ob["side"], ob["turn"], ob["phase"])
        if e["kind"] == "ruling":
            raise Fail(n, "line %d rules no moves received for %s, and %s signed "
                       "revision %d of them (%s)" % (n, what, ob["side"], ob["revision"], name))
        logged = e["body"]["body"]
        if logged["after"] != ob["after"]:
            raise NoProof("written after another line than the file adjudicated "
                          "at line %d" % n)
        if jcs(logged) == jcs(ob):
            raise NoProof("the very file adjudicated at line %d" % n)
        if ob["revision"] <= logged["revision"]:
            raise NoProof("revision %d, and revision %d (line %d) was adjudicated"
                          % (ob["revision"], logged["revision"], n))
        raise Fail(n, "line %d logs revision %d of %s, and %s signed revision %d "
                   "for the same position (%s)"
                   % (n, logged["revision"], what, ob["side"], ob["revision"], name))
    except NoProof as e:
        return "%s proves no later orders than the log's: %s" % (name, e)


# ------------------------------------------------------------ vectors

def load_vectors(doc_path):
    with open(doc_path, "r", encoding="utf-8") as f:
        text = f.read()
    sec = text.find("## 11. Test vectors")
    if sec < 0:
        raise ValueError("no '## 11. Test vectors' section")
    blocks = re.findall(r"```json\n(.*?)\n```", text[sec:], re.S)
    if len(blocks) != 1:
        raise ValueError("expected one json block in section 11, found %d"
                         % len(blocks))
    return parse_strict(blocks[0].encode("utf-8"))


def check_vectors(doc_path):
    """Recompute every vector; returns a summary, raises ValueError."""
    V = load_vectors(doc_path)
    checks = 0

    def eq(what, stated, computed):
        nonlocal checks
        checks += 1
        if stated != computed:
            raise ValueError("%s: the document says %s, recomputed %s"
                             % (what, stated, computed))

    eq("format", V["format"], "adjutant-protocol-vectors/1")
    eq("game_id", V["game_id"]["hex"], H(V["game_id"]["sha256_of"].encode()).hex())
    eq("game_id input", V["game_id"]["sha256_of"], "adjutant test game")
    game_id = bytes.fromhex(V["game_id"]["hex"])

    tops = {"umpire": 0x00, "confederate": 0x20, "union": 0x40}
    chains = V["chains"]
    eq("chain parties", sorted(chains), sorted(tops))
    for party, c in chains.items():
        L = c["length"]
        eq(party + " length", L, 4)
        eq(party + " top", c["top"], bytes(range(tops[party], tops[party] + 32)).hex())
        links = [None] * (L + 1)
        links[L] = bytes.fromhex(c["top"])
        for i in range(L, 0, -1):
            links[i - 1] = chain_step(i, links[i])
        eq(party + " links", c["links"], [x.hex() for x in links])
        eq(party + " step_input_1", c["step_input_1"],
           chain_step_input(1, links[1]).hex())

    S = V["seed"]
    eq("seed t", S["t"], 1)
    adj = S["adjudicator"]
    eq("seed adjudicator", (adj["party"], adj["m"]), ("umpire", 1))
    eq("seed adjudicator link", adj["s"], chains["umpire"]["links"][1])
    players = []
    for p in S["players"]:
        eq("seed player %s m" % p["party"], p["m"], 1)
        eq("seed player %s link" % p["party"], p["s"],
           chains[p["party"]]["links"][p["m"]])
        players.append((p["party"], p["m"], bytes.fromhex(p["s"])))
    eq("seed players in id order", [p[0] for p in players],
       sorted((p[0] for p in players), key=lambda x: x.encode()))
    eq("seed players", [p[0] for p in players], ["confederate", "union"])
    pre = seed_preimage(game_id, S["t"], adj["party"], adj["m"],
                        bytes.fromhex(adj["s"]), players)
    eq("seed preimage", S["preimage"], pre.hex())
    R = H(pre)
    eq("seed R", S["R"], R.hex())

    rolls = V["rolls"]
    eq("roll dice", [r["n"] for r in rolls], [6] * 12 + [10] * 4)
    for k, r in enumerate(rolls):
        eq("roll %d k" % k, r["k"], k)
        inp = roll_input(k, 0)
        eq("roll %d hmac_input_a0" % k, r["hmac_input_a0"], inp.hex())
        eq("roll %d hmac_a0" % k, r["hmac_a0"],
           hmac.new(R, inp, hashlib.sha256).hexdigest())
        eq("roll %d v" % k, r["v"], roll(R, k, r["n"]))

    X = V["rejection"]
    inp = roll_input(X["k"], 0)
    mac = hmac.new(R, inp, hashlib.sha256).digest()
    eq("rejection hmac_a0", X["hmac_a0"], mac.hex())
    eq("rejection first byte", X["first_byte"], mac[0])
    if mac[0] < 252:
        raise ValueError("the rejection vector's first byte is not rejected")
    eq("rejection v", X["v"], roll(R, X["k"], X["n"]))

    # Section 8a: k of n items without replacement, partial Fisher-Yates,
    # one die of r = n - j sides per item drawn while r >= 2.
    for name in ("draw", "draw_all"):
        D = V[name]
        drawn, dice_used = draw(R, 0, D["n"], D["k"])
        eq(name + " drawn", D["drawn"], drawn)
        eq(name + " rolls", [(r["k"], r["n"], r["v"]) for r in D["rolls"]], dice_used)
        eq(name + " distinct", len(set(drawn)), D["k"])

    # Section 10a: the commitment to a hidden item.
    C = V["commitment"]
    eq("commitment salt", C["salt"], bytes(range(0x60, 0x80)).hex())
    pre = commitment_preimage(C["kind"], bytes.fromhex(C["salt"]), C["content"])
    eq("commitment preimage", C["preimage"], pre.hex())
    eq("commitment C", C["C"], H(pre).hex())

    G = V["signature"]
    priv = bytes.fromhex(G["private_key"])
    eq("signature private key", priv, bytes(range(1, 33)))
    sk = Ed25519PrivateKey.from_private_bytes(priv)
    pub = sk.public_key().public_bytes(serialization.Encoding.Raw,
                                       serialization.PublicFormat.Raw)
    eq("public_key", G["public_key"], pub.hex())
    eq("public_key_base64url", G["public_key_base64url"], b64url_encode(pub))
    eq("key_id", G["key_id"], key_id(pub))
    eq("payload_type", G["payload_type"], PT_ORDERS)
    body_jcs = jcs(G["body"])
    eq("body_jcs", G["body_jcs"], body_jcs.decode())
    m = pae(G["payload_type"], body_jcs)
    eq("pae", G["pae"], m.decode())
    eq("pae_hex", G["pae_hex"], m.hex())
    sig = sk.sign(m)
    eq("sig", G["sig"], sig.hex())
    eq("sig verifies", ed25519_ok(pub, bytes.fromhex(G["sig"]), m), True)
    env = G["envelope"]
    eq("envelope", env, {"payloadType": PT_ORDERS, "body": G["body"],
                         "signatures": [{"keyid": key_id(pub),
                                         "sig": b64url_encode(sig)}]})
    verify_envelope(env, PT_ORDERS, pub, 0, "vector envelope")

    # A few RFC 8785 number forms (section 1 names ECMAScript's).
    for value, want in ((1e21, "1e+21"), (1e-7, "1e-7"), (123.456, "123.456"),
                        (0.000001, "0.000001"), (-0.0, "0"), (2 ** 53 + 1,
                        "9007199254740992"), (5e-324, "5e-324"),
                        (1.7976931348623157e308, "1.7976931348623157e+308")):
        eq("canon %r" % value, want, canon(value))
    # RFC 8785 section 3.2.3: names ordered by UTF-16 code units.
    eq("canon key order",
       '{"\\r":2,"1":4,"\u0080":5,"\u20ac":1,"\U0001f600":3,"\ufb33":6}',
       canon({"\u20ac": 1, "\r": 2, "\U0001f600": 3, "1": 4, "\u0080": 5,
              "\ufb33": 6}))
    return checks


# ------------------------------------------------------------ main

def main(argv):
    doc = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                        "..", "..", "docs", "protocol.md"))
    vectors = True
    games = []
    dispute = None
    args = list(argv[1:])
    while args:
        a = args.pop(0)
        if a == "--doc" and args:
            doc = args.pop(0)
        elif a == "--no-vectors":
            vectors = False
        elif a == "--dispute" and args:
            dispute = args.pop(0)
        elif a in ("-h", "--help"):
            print(__doc__)
            return 0
        elif a.startswith("--"):
            sys.stderr.write("unknown option %s\n" % a)
            return 2
        else:
            games.append(a)
    if not games and not vectors:
        sys.stderr.write("usage: independent_verify.py [--doc PROTOCOL_MD] "
                         "[--no-vectors] [--dispute FILE] GAME...\n")
        return 2
    if dispute is not None:
        try:
            disputed = read_dispute(dispute)
        except (OSError, JsonError) as e:
            sys.stderr.write("--dispute %s: %s\n" % (dispute, e))
            return 2

    bad = 0
    if vectors:
        try:
            n = check_vectors(doc)
            print("OK %s test vectors: %d values agree" % (doc, n))
        except (OSError, ValueError, KeyError, TypeError, Fail) as e:
            print("FAIL %s test vectors: %s" % (doc, e))
            bad += 1

    passed = failed = 0
    for g in games:
        folder = g.rstrip("/") or g
        try:
            lines, adjs, dice, notes = verify_archive(folder)
            if dispute is not None:
                notes.append(check_dispute(folder, disputed, dispute))
            print("OK %s: %d lines, %d adjudications, %d dice agree%s"
                  % (folder, lines, adjs, dice,
                     "".join("; note: " + n for n in notes)))
            passed += 1
        except Fail as e:
            print("FAIL %s: line %d: %s" % (folder, e.line, e.what))
            failed += 1
        except (KeyError, TypeError, ValueError, AttributeError) as e:
            # A malformed body (missing or mistyped member) caught late.
            print("FAIL %s: line ?: malformed archive (%s: %s)"
                  % (folder, type(e).__name__, e))
            failed += 1
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed or bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
