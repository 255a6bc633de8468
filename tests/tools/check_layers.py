#!/usr/bin/python3
"""The floors of src/ (docs/architecture.md) and what each may include.

usage: check_layers.py SOURCE_DIR

A file of a floor may include its own floor's headers and those of the
floors below it, never one above or a sibling on the same floor (bot,
render and web share one; ledger and hex another). A file outside a
ruleset's own folder (src/rules/NAME/, its bot in NAME/bot/) may neither
include that ruleset's headers nor name it in a string ("chaos"), but for
the registry and the crossings listed in KNOWN below, which the redesign
removes one by one (docs/architecture.md "Crossings still to remove"); a
crossing not listed fails, and so does a listed one that is gone (take it
off the list). A folder of src/rules/ that registers no package is a
package the rulesets share (src/rules/hexmap/, the hex map of Blue & Gray
and the 1961 game): any floor above the rules may include it. Prints each
problem; exits 1 on any.
"""
import os
import re
import sys

FLOORS = {"util": 0, "ledger": 1, "hex": 1, "model": 2, "rules": 3, "game": 4,
          "bot": 5, "render": 5, "web": 5, "report": 6, "mail": 7, "judge": 8, "cli": 9}

# Where one ruleset is named outside its folder: the registry, by design,
# and what is still to move behind the ruleset's package.
REGISTRIES = {"src/rules/registry.cpp"}
KNOWN = {}
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def main(source):
    problems, seen = [], {}
    src = os.path.join(source, "src")
    # The rulesets: the folders of src/rules/ that register a package.
    rules = os.path.join(src, "rules")
    rulesets = sorted(d for d in os.listdir(rules)
                      if os.path.isfile(os.path.join(rules, d, "package.cpp")))
    for root, _, files in os.walk(src):
        for name in sorted(files):
            if not name.endswith((".cpp", ".h")):
                continue
            path = os.path.join(root, name)
            rel = os.path.relpath(path, source)
            floor = rel.split("/")[1]
            if floor not in FLOORS:
                problems.append("%s: a folder of no floor (add it to docs/architecture.md)" % rel)
                continue
            with open(path, encoding="utf-8") as f:
                text = f.read()
            for inc in INCLUDE.findall(text):
                parts = inc.split("/")
                if parts[0] not in FLOORS:
                    continue
                up = FLOORS[parts[0]] > FLOORS[floor]
                sibling = FLOORS[parts[0]] == FLOORS[floor] and parts[0] != floor
                if up or sibling:
                    problems.append("%s includes %s: %s" % (
                        rel, inc, "a floor above" if up else "a sibling on its floor"))
                if parts[0] == "rules" and len(parts) > 2 and parts[1] in rulesets:
                    own = rel.startswith("src/rules/%s/" % parts[1])
                    if own or rel in REGISTRIES:
                        continue
                    seen.setdefault(rel, set()).add("rules/" + parts[1])
                    if "rules/" + parts[1] not in KNOWN.get(rel, set()):
                        problems.append("%s includes %s: a ruleset's own header outside its "
                                        "folders" % (rel, inc))
            for name in rulesets:
                if rel.startswith("src/rules/%s/" % name) or rel in REGISTRIES:
                    continue
                for n, line in enumerate(text.split("\n"), 1):
                    if '"%s"' % name in line.split("//")[0]:
                        problems.append("%s:%d names the ruleset \"%s\": ask its package "
                                        "(rules/package.h)" % (rel, n, name))
    for rel, crossings in sorted(KNOWN.items()):
        for c in sorted(crossings - seen.get(rel, set())):
            problems.append("%s no longer includes %s: take it off KNOWN" % (rel, c))
    for p in problems:
        print(p)
    print("%d problems" % len(problems))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
