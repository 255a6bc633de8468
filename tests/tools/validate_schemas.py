#!/usr/bin/python3
"""Validate adjutant's files against the JSON Schemas in schemas/.

Checks every schema (draft 2020-12), then validates:
  - scenarios/*.json                      (scenario.schema.json)
  - scenarios/table/*.json                (chaos-scenario.schema.json: Chaos of Battle tables)
  - samples/orders/**/*.json              (orders.schema.json: order bodies before signing)
  - tests/cases/**/*.json                 (case.schema.json; a case's scenario after its
                                           scenario_patch is also checked as a scenario)
  - every game archive under samples/ (a folder holding log.jsonl) and every archive
    named on the command line: game.json (genesis), scenario.json, state.json, each
    line of log.jsonl (log-entry), inbox/*.json (orders-envelope; an armored file is
    read as adjutant reads it), turns/*/events.json.

Options:
  --scenario FILE   also validate FILE as a scenario (repeatable)
  --orders FILE     also validate FILE as an order body (repeatable)
  --packet FILE     also validate FILE as a fog-of-war packet (repeatable)
  --genesis FILE    also validate FILE as a genesis body (repeatable)
  --only            validate only what the command line names, not the repository's files

Prints one line per file (or log line) validated and "N passed, M failed"; exits 1 on any
failure. Before anything it proves that it can fail: deliberately broken documents must be
rejected, else it exits 1.

Needs the jsonschema module (Debian: python3-jsonschema; run with /usr/bin/python3).
"""

import base64
import binascii
import copy
import glob
import json
import os
import signal
import sys
import warnings

warnings.filterwarnings("ignore", category=DeprecationWarning)

try:
    import jsonschema
    from jsonschema.exceptions import best_match
    from jsonschema.validators import Draft202012Validator
except ImportError:  # pragma: no cover
    sys.stderr.write("validate_schemas.py: the jsonschema module is missing "
                     "(apt-get install python3-jsonschema; run with /usr/bin/python3)\n")
    sys.exit(2)

# jsonschema 4.18 and later resolve "$ref" through the referencing library;
# older ones (Debian 12 has 4.10) through RefResolver with a store keyed by "$id".
try:
    import referencing
    import referencing.jsonschema
except ImportError:
    referencing = None

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCHEMAS = os.path.join(ROOT, "schemas")
MAX_ERRORS_PER_FILE = 10


class DuplicateKey(ValueError):
    pass


def _no_duplicates(pairs):
    seen = {}
    for key, value in pairs:
        if key in seen:
            raise DuplicateKey('duplicate member name "%s"' % key)
        seen[key] = value
    return seen


def parse_json(text):
    """Strict JSON as adjutant reads it: duplicate member names are an error."""
    return json.loads(text, object_pairs_hook=_no_duplicates)


ARMOR_BEGIN = "-----BEGIN-ADJUTANT-SIGNED-JSON-----"
ARMOR_END = "-----END-ADJUTANT-SIGNED-JSON-----"
BASE64URL = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


def dearmor(text):
    """The one armored block of `text` (docs/protocol.md section 2), decoded."""
    begin = text.find(ARMOR_BEGIN)
    start = begin + len(ARMOR_BEGIN)
    end = text.find(ARMOR_END, start)
    if end < 0:
        raise ValueError("no %s line" % ARMOR_END)
    if text.find(ARMOR_BEGIN, start) >= 0:
        raise ValueError("more than one armored block")
    encoded = "".join(c for c in text[start:end] if c in BASE64URL)
    return base64.urlsafe_b64decode(encoded + "=" * (-len(encoded) % 4)).decode("utf-8")


def load_json(path, armored=False):
    with open(path, "rb") as f:
        text = f.read().decode("utf-8")
    if armored and ARMOR_BEGIN in text:
        text = dearmor(text)
    return parse_json(text)


def rel(path):
    path = os.path.abspath(path)
    return os.path.relpath(path, ROOT) if path.startswith(ROOT + os.sep) else path


def pointer(parts):
    if not parts:
        return "/"
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in parts)


def merge_patch(target, patch):
    """RFC 7396 JSON Merge Patch, as nlohmann::json::merge_patch applies it."""
    if not isinstance(patch, dict):
        return copy.deepcopy(patch)
    result = copy.deepcopy(target) if isinstance(target, dict) else {}
    for key, value in patch.items():
        if value is None:
            result.pop(key, None)
        else:
            result[key] = merge_patch(result.get(key), value)
    return result


class Schemas:
    def __init__(self, folder):
        self.docs = {}
        self.errors = []
        for path in sorted(glob.glob(os.path.join(folder, "*.schema.json"))):
            name = os.path.basename(path)
            try:
                doc = load_json(path)
            except (ValueError, OSError) as e:
                self.errors.append("%s: not valid JSON: %s" % (rel(path), e))
                continue
            if doc.get("$id") != name:
                self.errors.append('%s: "$id" must be "%s"' % (rel(path), name))
            self.docs[name] = doc
        self._validators = {}
        self._resolver_store = {doc.get("$id", name): doc for name, doc in self.docs.items()}
        if referencing is not None:
            self._registry = referencing.Registry().with_resources(
                (uri, referencing.Resource.from_contents(
                    doc, default_specification=referencing.jsonschema.DRAFT202012))
                for uri, doc in self._resolver_store.items())

    def check(self):
        """check_schema on every schema, and every $ref must resolve."""
        out = []
        for name, doc in sorted(self.docs.items()):
            try:
                Draft202012Validator.check_schema(doc)
            except jsonschema.exceptions.SchemaError as e:
                out.append("%s: not a valid draft 2020-12 schema at %s: %s"
                           % (name, pointer(e.absolute_path), e.message))
                continue
            for ref in _refs(doc):
                try:
                    self._resolve(name, ref)
                except Exception as e:  # noqa: BLE001 - any failure to resolve is reported
                    out.append('%s: "$ref": "%s" does not resolve (%s)' % (name, ref, e))
        return out

    def _resolve(self, name, ref):
        base = self.docs[name].get("$id", name)
        if referencing is not None:
            self._registry.resolver(base_uri=base).lookup(ref)
        else:
            jsonschema.RefResolver.from_schema(self.docs[name], store=self._resolver_store).resolve(ref)

    def validator(self, name):
        if name not in self._validators:
            doc = self.docs[name]
            if referencing is not None:
                self._validators[name] = Draft202012Validator(doc, registry=self._registry)
            else:
                resolver = jsonschema.RefResolver.from_schema(doc, store=self._resolver_store)
                self._validators[name] = Draft202012Validator(doc, resolver=resolver)
        return self._validators[name]

    def problems(self, name, instance):
        """(pointer, message) for each way `instance` fails schema `name`."""
        out = []
        for error in sorted(self.validator(name).iter_errors(instance),
                            key=lambda e: [str(p) for p in e.absolute_path]):
            deepest = error
            while deepest.context:
                deepest = best_match(deepest.context)
            message = deepest.message
            if deepest is not error:
                message = "no alternative of %s fits: %s" % (error.validator, message)
            if len(message) > 300:
                message = message[:297] + "..."
            out.append((pointer(deepest.absolute_path), message))
        return out


def _refs(node):
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "$ref" and isinstance(value, str):
                yield value
            else:
                yield from _refs(value)
    elif isinstance(node, list):
        for value in node:
            yield from _refs(value)


class Run:
    def __init__(self, schemas):
        self.schemas = schemas
        self.passed = 0
        self.failed = 0

    def report(self, label, schema, problems):
        if not problems:
            self.passed += 1
            print("ok   %s (%s)" % (label, schema))
            return
        self.failed += 1
        for where, message in problems[:MAX_ERRORS_PER_FILE]:
            print("FAIL %s (%s): %s: %s" % (label, schema, where, message))
        if len(problems) > MAX_ERRORS_PER_FILE:
            print("FAIL %s (%s): ... and %d more" % (label, schema, len(problems) - MAX_ERRORS_PER_FILE))

    def document(self, label, schema, value):
        self.report(label, schema, self.schemas.problems(schema, value))

    def file(self, path, schema, extra=None, armored=False):
        """Validates one JSON file; `extra(value)` may add (pointer, message) problems."""
        label = rel(path)
        try:
            value = load_json(path, armored)
        except (ValueError, OSError, UnicodeDecodeError, binascii.Error) as e:
            self.report(label, schema, [("/", "not valid JSON: %s" % e)])
            return None
        problems = self.schemas.problems(schema, value)
        if extra is not None:
            problems += extra(value)
        self.report(label, schema, problems)
        return value

    def case(self, path):
        def patched_scenario(case):
            if not isinstance(case, dict):
                return []
            scenario = case.get("scenario")
            where = "/scenario"
            if isinstance(scenario, str):
                file = os.path.join(ROOT, scenario)
                try:
                    scenario = load_json(file)
                except (ValueError, OSError) as e:
                    return [(where, "cannot read %s: %s" % (scenario, e))]
            if "scenario_patch" in case:
                scenario = merge_patch(scenario, case["scenario_patch"])
                where = "/scenario_patch"
            elif not isinstance(case.get("scenario"), str):
                return []  # an inline scenario is checked by the case schema itself
            table = isinstance(scenario, dict) and scenario.get("format") == "adjutant-chaos/1"
            schema = "chaos-scenario.schema.json" if table else "scenario.schema.json"
            return [(where + " (the scenario it gives)" + p.rstrip("/"), m)
                    for p, m in self.schemas.problems(schema, scenario)]

        self.file(path, "case.schema.json", patched_scenario)

    def archive(self, folder):
        folder = os.path.abspath(folder)
        if not os.path.isfile(os.path.join(folder, "log.jsonl")):
            self.report(rel(folder), "archive", [("/", "not a game archive (no log.jsonl)")])
            return
        self.file(os.path.join(folder, "game.json"), "genesis.schema.json")
        scenario = os.path.join(folder, "scenario.json")
        if os.path.exists(scenario):
            try:
                table = load_json(scenario).get("format") == "adjutant-chaos/1"
            except (ValueError, OSError, AttributeError):
                table = False
            self.file(scenario, "chaos-scenario.schema.json" if table else "scenario.schema.json")
        self.file(os.path.join(folder, "state.json"), "state.schema.json")
        log = os.path.join(folder, "log.jsonl")
        with open(log, "rb") as f:
            data = f.read()
        lines = data.split(b"\n")
        if lines and lines[-1] == b"":
            lines.pop()
        elif lines:
            self.report(rel(log), "log-entry.schema.json", [("/", "the last line has no newline")])
        for n, line in enumerate(lines):
            label = "%s:%d" % (rel(log), n)
            try:
                entry = parse_json(line.decode("utf-8"))
            except (ValueError, UnicodeDecodeError) as e:
                self.report(label, "log-entry.schema.json", [("/", "not valid JSON: %s" % e)])
                continue
            problems = self.schemas.problems("log-entry.schema.json", entry)
            if isinstance(entry, dict) and entry.get("seq") != n:
                problems.append(("/seq", "is %r on line %d" % (entry.get("seq"), n)))
            self.report(label, "log-entry.schema.json", problems)
        for path in sorted(glob.glob(os.path.join(folder, "inbox", "*.json"))):
            self.file(path, "orders-envelope.schema.json", armored=True)
        for path in sorted(glob.glob(os.path.join(folder, "turns", "*", "events.json"))):
            self.file(path, "events.schema.json")


def archives_under(folder):
    out = []
    for dirpath, dirnames, filenames in os.walk(folder):
        dirnames[:] = sorted(d for d in dirnames if d != ".secret")
        if "log.jsonl" in filenames:
            out.append(dirpath)
            dirnames[:] = []
    return out


def self_check(schemas):
    """The validator must reject documents that adjutant rejects."""
    failures = []
    scenario = load_json(os.path.join(ROOT, "scenarios", "bluegray-skirmish.json"))
    broken = {
        "a unit on hex \"912\"": ("scenario.schema.json", lambda s: s["units"][0].update(hex="912")),
        "an unknown top-level field": ("scenario.schema.json", lambda s: s.update(speed="fast")),
        "a unit with both hex and enter": (
            "scenario.schema.json", lambda s: s["units"][0].update(enter={"turn": 2, "hex": "0101"})),
        "a terrain list under a hex key": (
            "scenario.schema.json", lambda s: s["map"]["terrain"].update({"0305": ["0306"]})),
    }
    for what, (schema, mutate) in broken.items():
        doc = copy.deepcopy(scenario)
        mutate(doc)
        if not schemas.problems(schema, doc):
            failures.append("a scenario with %s was accepted" % what)
    if schemas.problems("scenario.schema.json", scenario):
        failures.append("the unmodified training scenario was rejected")
    table = load_json(os.path.join(ROOT, "scenarios", "table", "chaos-meeting.json"))
    broken_tables = {
        "a marker at [x, y, z]": lambda s: s["sides"][0]["setup"][1].update(markers=[[1, 2, 3]]),
        "a brigade of six regiments": lambda s: s["sides"][0]["brigades"][0]["regiments"].extend(
            [{"id": "x1"}, {"id": "x2"}]),
        "a set-up both markers and deployed": lambda s: s["sides"][0]["setup"][0].update(
            markers=[[100, 100]]),
        "an unknown terrain kind": lambda s: s["terrain"][0].update(kind="swamp"),
    }
    for what, mutate in broken_tables.items():
        doc = copy.deepcopy(table)
        mutate(doc)
        if not schemas.problems("chaos-scenario.schema.json", doc):
            failures.append("a Chaos of Battle table with %s was accepted" % what)
    if schemas.problems("chaos-scenario.schema.json", table):
        failures.append("the unmodified Chaos of Battle meeting engagement was rejected")
    bad_orders = {"moves": [{"unit": "1/I", "path": ["0606"], "to": "0605"}]}
    if not schemas.problems("orders.schema.json", bad_orders):
        failures.append('a move with both "path" and "to" was accepted')
    bad_event = [{"type": "move", "unit": "1/I", "path": ["0606", "605"], "mp": 1, "of": 6,
                  "strategic": False, "order": 1, "rule": "7.0"}]
    if not schemas.problems("events.schema.json", bad_event):
        failures.append('a move event with the hex "605" was accepted')
    chaos_orders = {"brigades": {"iron": {"shake_out": {"marker": 1, "facing": 90}}}}
    if schemas.problems("orders.schema.json", chaos_orders):
        failures.append("a Chaos of Battle shake out was rejected")
    chaos_orders["brigades"]["iron"]["shake_out"]["facing"] = 360
    if not schemas.problems("orders.schema.json", chaos_orders):
        failures.append("a Chaos of Battle facing of 360 degrees was accepted")
    chaos_move = {"type": "move", "brigade": "iron", "side": "union", "from": [0, 0],
                  "to": [100, 0], "marker": True, "rule": "move.marker"}
    if schemas.problems("events.schema.json", [chaos_move]):
        failures.append("a Chaos of Battle move event was rejected")
    chaos_move["to"] = [100]
    if not schemas.problems("events.schema.json", [chaos_move]):
        failures.append("a Chaos of Battle move to a point of one coordinate was accepted")
    if schemas.problems("events.schema.json", [{"type": "some_future_event", "x": 1}]):
        failures.append("an event of an unknown type was rejected")
    return failures


def main(argv):
    extra_scenarios, extra_orders, archives = [], [], []
    extra_files = []  # (path, schema)
    only = False
    args = list(argv)
    while args:
        a = args.pop(0)
        if a in ("-h", "--help"):
            print(__doc__.strip())
            return 0
        if a == "--only":
            only = True
        elif a in ("--packet", "--genesis"):
            if not args:
                sys.stderr.write("validate_schemas.py: %s needs a FILE\n" % a)
                return 2
            extra_files.append((args.pop(0), "fog-packet.schema.json" if a == "--packet"
                                else "genesis.schema.json"))
        elif a in ("--scenario", "--orders"):
            if not args:
                sys.stderr.write("validate_schemas.py: %s needs a FILE\n" % a)
                return 2
            (extra_scenarios if a == "--scenario" else extra_orders).append(args.pop(0))
        elif a.startswith("-"):
            sys.stderr.write("validate_schemas.py: unknown option %s (see --help)\n" % a)
            return 2
        else:
            archives.append(a)

    schemas = Schemas(SCHEMAS)
    problems = schemas.errors + schemas.check()
    for p in problems:
        print("FAIL schema %s" % p)
    if problems:
        print("0 passed, %d failed" % len(problems))
        return 1
    for name in sorted(schemas.docs):
        print("ok   schemas/%s (draft 2020-12)" % name)

    failures = self_check(schemas)
    for f in failures:
        print("FAIL self-check: %s" % f)
    if failures:
        print("the validator cannot be trusted: it accepts what it must reject")
        return 1
    print("ok   self-check: broken documents are rejected")

    run = Run(schemas)
    if not only:
        for path in sorted(glob.glob(os.path.join(ROOT, "scenarios", "*.json"))):
            run.file(path, "scenario.schema.json")
        for path in sorted(glob.glob(os.path.join(ROOT, "scenarios", "table", "*.json"))):
            run.file(path, "chaos-scenario.schema.json")
        for path in sorted(glob.glob(os.path.join(ROOT, "samples", "orders", "**", "*.json"),
                                     recursive=True)):
            run.file(path, "orders.schema.json")
        for path in sorted(glob.glob(os.path.join(ROOT, "tests", "cases", "**", "*.json"),
                                     recursive=True)):
            run.case(path)
        for folder in archives_under(os.path.join(ROOT, "samples")):
            run.archive(folder)
    for path in extra_scenarios:
        run.file(path, "scenario.schema.json")
    for path in extra_orders:
        run.file(path, "orders.schema.json")
    for path, schema in extra_files:
        run.file(path, schema)
    for folder in archives:
        run.archive(folder)
    print("%d passed, %d failed" % (run.passed, run.failed))
    return 1 if run.failed else 0


if __name__ == "__main__":
    if hasattr(signal, "SIGPIPE"):
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    sys.exit(main(sys.argv[1:]))
