#!/usr/bin/python3
"""Every error id the code can raise is listed in docs/errors.md.

Scans src/ for string literals shaped like error ids ("move.no_mp") in the
id namespaces, plus the ids util/fields.h derives from a Fields prefix
(<prefix>.missing_field / unknown_field / wrong_type / out_of_range), and prints the ones
docs/errors.md does not name. Ends with "N passed, M failed"; exit 1 on any.
"""
import os
import re
import sys

top = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
namespaces = ("json io encoding hex scenario state key keygen crypto envelope armor card chain "
              "dice new archive log sign orders adjudicate replay explain bench case usage move "
              "attack standing verify render report mail time sync import bot judge rules view "
              "ruling concede join secrets rules_diff text chaos web game out trace").split()
literal = re.compile(r'"((?:%s)\.[a-z][a-z0-9_]*)"' % "|".join(namespaces))
fields_prefix = re.compile(r'Fields\s*[a-z_]*\s*\([^;]*?,\s*"([a-z]+)"\s*\)', re.S)
# Literals of the same shape that are places in messages, not ids.
not_ids = {"log.jsonl", "scenario.json", "state.json", "game.json", "standing.retreat",
           "trace.css",  # the tracing page's style sheet (web/assets)
           # rule names of docs/rules/chaos.md cited by events
           "move.hills", "move.marker", "move.deployed", "move.commanders"}

found = {}
for root, _, files in os.walk(os.path.join(top, "src")):
    for name in files:
        if not name.endswith((".cpp", ".h")):
            continue
        path = os.path.join(root, name)
        text = open(path, encoding="utf-8").read()
        for m in literal.finditer(text):
            if m.group(1) not in not_ids:
                found.setdefault(m.group(1), path)
        for m in fields_prefix.finditer(text):
            for suffix in ("missing_field", "unknown_field", "wrong_type", "out_of_range"):
                found.setdefault(m.group(1) + "." + suffix, path)

doc = open(os.path.join(top, "docs", "errors.md"), encoding="utf-8").read()
listed = set(re.findall(r"\b([a-z_]+\.[a-z][a-z0-9_]*)\b", doc))
missing = sorted(i for i in found if i not in listed)
for i in missing:
    print("FAIL %s (raised in %s) is not in docs/errors.md" % (i, os.path.relpath(found[i], top)))
print("%d passed, %d failed" % (len(found) - len(missing), len(missing)))
sys.exit(1 if missing or len(found) < 100 else 0)
