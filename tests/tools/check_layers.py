#!/usr/bin/python3
"""The floors of src/ (docs/architecture.md) and what each may include.

usage: check_layers.py SOURCE_DIR

A file of a floor may include its own floor's headers and those of the
floors below it, never one above or a sibling on the same floor (bot,
render and web share one; ledger and hex another). A file outside a
ruleset's own folders (src/rules/NAME/, src/bot/NAME/) may include none of
that ruleset's headers, but for the registries and the crossings listed in
KNOWN below, which the redesign removes one by one (docs/architecture.md
"Crossings still to remove"); a crossing not listed fails, and so does a
listed one that is gone (take it off the list). Prints each problem; exits 1
on any.
"""
import os
import re
import sys

FLOORS = {"util": 0, "ledger": 1, "hex": 1, "model": 2, "rules": 3, "game": 4,
          "bot": 5, "render": 5, "web": 5, "report": 6, "mail": 7, "judge": 8, "cli": 9}

# Where one ruleset is named outside its folders: the two registries, by
# design, and what is still to move behind the ruleset descriptor.
REGISTRIES = {"src/rules/registry.cpp", "src/bot/registry.cpp"}
KNOWN = {
    "src/cli/render_cmd.cpp": {"rules/chaos"},
    "src/cli/render_scenario.cpp": {"rules/chaos"},
    "src/render/map_overlay.h": {"rules/chaos"},
    "src/render/ruleset_maps.cpp": {"rules/chaos"},
    "src/render/table_layers.cpp": {"rules/chaos"},
    "src/render/table_map.cpp": {"rules/chaos"},
    "src/render/table_map.h": {"rules/chaos"},
    "src/render/table_overlay.cpp": {"rules/chaos"},
    "src/render/table_scene.cpp": {"rules/chaos"},
    "src/render/table_scene.h": {"rules/chaos"},
    "src/report/order_page.cpp": {"rules/bluegray"},
    "src/report/order_page_sealed.cpp": {"rules/chaos"},
    "src/report/order_page_table.cpp": {"rules/chaos"},
    "src/report/report_doc.cpp": {"rules/chaos"},
    "src/report/unit_list.cpp": {"rules/chaos"},
}
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def main(source):
    problems, seen = [], {}
    src = os.path.join(source, "src")
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
                if parts[0] in ("rules", "bot") and len(parts) > 2:
                    ruleset = parts[0] + "/" + parts[1]
                    own = rel.startswith("src/rules/%s/" % parts[1]) or \
                        rel.startswith("src/bot/%s/" % parts[1])
                    if own or rel in REGISTRIES:
                        continue
                    seen.setdefault(rel, set()).add("rules/" + parts[1])
                    if "rules/" + parts[1] not in KNOWN.get(rel, set()):
                        problems.append("%s includes %s: a ruleset's own header outside its "
                                        "folders" % (rel, inc))
    for rel, crossings in sorted(KNOWN.items()):
        for c in sorted(crossings - seen.get(rel, set())):
            problems.append("%s no longer includes %s: take it off KNOWN" % (rel, c))
    for p in problems:
        print(p)
    print("%d problems" % len(problems))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
