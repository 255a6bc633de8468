#!/usr/bin/env python3
"""Writes the one Chancellorsville map into both Hooker and Lee scenarios.

tools/hooker-lee/map.json holds the map ("tec" and "map") that the 1975 and
the 2006 scenario share; everything else of each scenario (units, turns,
exits, victory, exclusive rules) lives in its own file,
scenarios/hooker-lee-1975.json and scenarios/hooker-lee-2006.json. This
replaces the "tec" and "map" of both files by the ones of map.json, so the
two maps are always the same bytes; a game pins the whole scenario file, map
included (docs/scenarios.md).

usage: tools/hooker-lee/build.py          rewrite both scenario files
       tools/hooker-lee/build.py --check  exit 1 if either is out of date
"""
import json
import pathlib
import sys

TOP = pathlib.Path(__file__).resolve().parents[2]
MAP = TOP / "tools" / "hooker-lee" / "map.json"
SCENARIOS = [TOP / "scenarios" / "hooker-lee-1975.json", TOP / "scenarios" / "hooker-lee-2006.json"]


def text(scenario):
    return json.dumps(scenario, indent=2, ensure_ascii=False) + "\n"


def build(path, source):
    scenario = json.loads(path.read_text(encoding="utf-8"))
    if list(source) != ["tec", "map"]:
        raise SystemExit(f"{MAP}: must hold exactly \"tec\" and \"map\"")
    # Keep every key where it is; only the shared parts change.
    for key in ("tec", "map"):
        if key not in scenario:
            raise SystemExit(f"{path}: has no \"{key}\" to replace")
        scenario[key] = source[key]
    return text(scenario)


def main():
    check = sys.argv[1:] == ["--check"]
    if sys.argv[1:] not in ([], ["--check"]):
        raise SystemExit(__doc__)
    source = json.loads(MAP.read_text(encoding="utf-8"))
    stale = []
    for path in SCENARIOS:
        new = build(path, source)
        if path.read_text(encoding="utf-8") != new:
            stale.append(path)
            if not check:
                path.write_text(new, encoding="utf-8")
    if check and stale:
        for path in stale:
            print(f"{path.relative_to(TOP)} is out of date: run tools/hooker-lee/build.py", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
