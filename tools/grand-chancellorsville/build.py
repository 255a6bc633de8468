#!/usr/bin/env python3
"""Writes scenarios/grand-chancellorsville.json: the campaign on two joined sheets.

Grand Chancellorsville (rules/003_17adc37279b906f0.txt 22.0-23.6) joins the
Hooker and Lee sheet (tools/hooker-lee/map.json, letter H) and the
Fredericksburg sheet (tools/fredericksburg/sheet.json, letter F): F's row 28
lies on H's row 01 (F1328 on H1301). Every hex number in the scenario carries
its sheet letter; a hex of the shared row is written with H's number.

usage: tools/grand-chancellorsville/build.py          rewrite the scenario
       tools/grand-chancellorsville/build.py --check  exit 1 if it is out of date
"""
import json
import pathlib
import sys

TOP = pathlib.Path(__file__).resolve().parents[2]
OUT = TOP / "scenarios" / "grand-chancellorsville.json"
H = json.loads((TOP / "tools" / "hooker-lee" / "map.json").read_text(encoding="utf-8"))
F = json.loads((TOP / "tools" / "fredericksburg" / "sheet.json").read_text(encoding="utf-8"))

# 22.51 deploys 1/II at H0307, a river hex of the approximate Hooker and Lee
# map: on the campaign's H sheet it is the north bank and the river runs
# through H0407 instead.
H_LAND = {"0307"}
H_RIVER = {"0407"}


def h(n):
    return "H" + n


def f(n):
    # F's row 28 lies on H's row 01: those hexes are written with H's number.
    return "H" + n[:2] + "01" if n[2:] == "28" else "F" + n


def hexside(s, name):
    a, b = s.split("/")
    return name(a) + "/" + name(b)


def joined_map():
    terrain = {}
    seen = set()
    for kind, hexes in H["map"]["terrain"].items():
        for n in hexes:
            if n in H_LAND:
                continue
            terrain.setdefault(kind, []).append(h(n))
            seen.add(h(n))
    for n in sorted(H_RIVER):
        terrain.setdefault("river", []).append(h(n))
        seen.add(h(n))
    for kind, hexes in F["terrain"].items():
        for n in hexes:
            if f(n) in seen:  # the shared row keeps H's terrain
                continue
            terrain.setdefault(kind, []).append(f(n))
            seen.add(f(n))
    hexsides = {hexside(s, h): t for s, t in H["map"]["hexsides"].items()}
    for s, t in F["hexsides"].items():
        hexsides.setdefault(hexside(s, f), t)
    routes = []
    for r in H["map"]["routes"]:
        r = dict(r)
        r["hexes"] = [h(n) for n in r["hexes"]]
        routes.append(r)
    for r in F["routes"]:
        r = dict(r)
        r["hexes"] = [f(n) for n in r["hexes"]]
        routes.append(r)
    places = {h(n): p for n, p in H["map"]["places"].items()}
    for n, p in F["places"].items():
        places.setdefault(f(n), p)
    return {
        "sheets": [
            {"prefix": "H", "name": "Hooker and Lee", "columns": 25, "rows": 28, "short_columns": "even"},
            {"prefix": "F", "name": "Fredericksburg", "columns": F["columns"], "rows": F["rows"],
             "short_columns": F["short_columns"], "overlap": {"hex": "F1328", "on": "H1301"}},
        ],
        "north": "west",
        "default_terrain": "clear",
        "terrain": {k: sorted(v) for k, v in sorted(terrain.items())},
        "hexsides": dict(sorted(hexsides.items())),
        "routes": routes,
        "places": dict(sorted(places.items())),
    }


# 22.11: the Blue & Gray TEC with the campaign's changes: ferry hexes cost 2
# MP, units may stop in them, halve their strength there, and exert and
# receive ZOC through their land hexsides; creeks of the Fredericksburg sheet
# are fords. Pontoon hexes (22.12, the Fredericksburg rules cut) are read as
# ferry hexes (assumption).
TEC = {
    "terrain": {
        "clear": {"name": "Clear", "mp": 1, "colour": "#e6e2bf"},
        "forest": {"name": "Forest", "mp": 3, "blocks_los": True, "colour": "#7fa66a"},
        "town": {"name": "Town", "mp": 1, "blocks_los": True, "colour": "#c9a27e"},
        "heights": {"name": "Heights (Marye's Heights, Prospect Hill)", "mp": 2, "colour": "#cdb98a"},
        "river": {"name": "River", "passable": False, "blocks_zoc": True, "colour": "#8db7df"},
        "ferry": {"name": "River ferry (ford)", "mp": 2, "halves_strength": True, "no_bombard": True,
                  "colour": "#bcd6ee"},
        "pontoon": {"name": "Pontoon bridge", "mp": 2, "halves_strength": True, "no_bombard": True,
                    "colour": "#a9c4e0"},
    },
    "hexsides": {
        "stream": {"name": "Stream", "mp": 2, "zoc": True, "colour": "#5b8fd0"},
        "bridge": {"name": "Bridge", "mp": 0, "zoc": True, "defence_all": 2, "colour": "#6b4f36"},
        "creek": {"name": "Creek, a ford hexside (22.11)", "mp": 1, "zoc": True, "defence_all": 2,
                  "colour": "#2f6fb8"},
    },
    "road_mp": 1,
    "trail_mp": 2,
}


def unit(uid, name, side, strength, kind, at=None, enter=None):
    u = {"id": uid, "name": name, "side": side, "type": kind, "strength": strength, "movement": 6}
    if at:
        u["hex"] = at
    else:
        u["enter"] = enter
    return u


def kind_of(code):
    return {"a": "artillery", "c": "cavalry"}.get(code[-1], "infantry")


def strength_of(code):
    return int(code.rstrip("ac"))


# 22.51 and the Confederate chart after it, as printed.
DEPLOY_UNION = """H0305 2a II|H0306 12 3/II|H0307 16 1/II|F0114 2a Reserve|F0608 8 2/II|F1105 17 2/VI|
F1104 2a VI|F1203 6 Lt/VI|F1202 16 1/VI|F1505 19 3/VI|F1302 17 1/III|F1201 16 2/III|F1102 8 3/III|
F1301 6a III"""
DEPLOY_CONFEDERATE = """H1523 5 Mahone/A|H1623 4 Posey/A|F2027 4 Wright/A|F1927 4a Garnett/A|
F1326 5 Wilcox/A|F0415 3 Perry/A|F0715 4 Wofford/M|F0914 3a Pendleton/M|F1112 5 Barksdale/M|
F1212 3a Alexander/M|F1313 4a Cabell/M|F1313 5 Semmes/M|F1512 6 Kershaw/M|F1711 5 Hays/E|
F1909 5 Hoke/E|F2006 6 Gordon/E|F2204 2a Andrews/E|F2202 4 Smith/E"""
# 22.61, 22.62: (turn, hexes, units)
WEST = ["H1427", "H1928", "H2328", "H1128", "H1027"]  # H1028 is off the approximate sheet
ARRIVE_UNION = [
    (1, ["F1301"], "19 1/I|12 2/I|7 3/I|5a I"),
    (1, ["H0128"], "19 1/V|9 2/V|4a V"),
    (2, ["H1128", "H0128"], "13 1/XII|16 2/XII|3a XII|4c 2/Pleasanton|3c 1/Pleasanton"),
    (4, ["H1128", "H0128"], "9 1/XI|10 3/XI|8 2/XI|2a XI"),
    (5, ["H0128"], "9 3/V"),
    (16, ["H0128"], "4c 1/Averill|3c 2/Averill"),
]
ARRIVE_CONFEDERATE = [
    (2, ["F2501"], "4 Heth/H|4 Thomas/H|4 Ramseur/R|4 Doles/R|4 Iverson/R|4a Crutchfield|3a Walker/H|"
                   "2a Carter/R|2a H. Jones/C|5 Colquitt/R|5 Rodes/R|5 Nicholls/C|5 J. Jones/C|"
                   "5 Paxton/C|5 McGowan/H|5 Archer/H|5 Pender/H|5 Lane/H"),
    (8, WEST, "4c 1/F. Lee/S|1a Beckham/S"),
    (9, WEST, "2c 2/F. Lee/S"),
    (10, WEST, "3c 3/F. Lee/S"),
]


def parts(text):
    return [p.strip() for p in text.replace("\n", "").split("|") if p.strip()]


def named(uid, side):
    words = {"a": "artillery", "c": "cavalry"}
    return uid + (" (Union)" if side == "union" else " (Confederate)")


def units():
    out = []
    for side, text in (("union", DEPLOY_UNION), ("confederate", DEPLOY_CONFEDERATE)):
        for p in parts(text):
            at, code, uid = p.split(" ", 2)
            out.append(unit(uid, named(uid, side), side, strength_of(code), kind_of(code), at=at))
    for side, table in (("union", ARRIVE_UNION), ("confederate", ARRIVE_CONFEDERATE)):
        for turn, hexes, text in table:
            for p in parts(text):
                code, uid = p.split(" ", 1)
                enter = {"turn": turn, "hex": hexes[0]} if len(hexes) == 1 else {"turn": turn, "hexes": hexes}
                out.append(unit(uid, named(uid, side), side, strength_of(code), kind_of(code), enter=enter))
    return out


SCENARIO = {
    "format": "adjutant-scenario/3",
    "id": "grand-chancellorsville",
    "title": "Grand Chancellorsville: the campaign of 30 April - 3 May 1863 on the Hooker and Lee and Fredericksburg sheets",
    "ruleset": "bluegray",
    "notes": "Blue & Gray standard rules with the Grand Chancellorsville option of the revised Hooker and Lee rules (22.0-23.6, rules/003_17adc37279b906f0.txt): two sheets joined, F1328 on H1301 (22.0); ferry and pontoon hexes cost 2 MP, may be stopped in, halve strength and allow no bombardment, creeks of the Fredericksburg sheet are fords (22.11); 20 game-turns, the Confederate first but with no player-turn on turn 1, turns 1, 6, 11 and 16 night (22.3, 22.4); the printed deployment and arrivals, by column of stacks, optional, into enemy ZOC but not enemy-occupied hexes (22.5, 22.6); Union divisions may not stack (23.1 by 19.2); forced march for the Union north of the Rappahannock on turns 1-5 (23.21). What the text cuts off is in docs/rules-coverage.md.",
    "provenance": {
        "summary": "The join, terrain changes, sequence, game length, deployment, arrivals, stacking and forced march are those printed in 22.0-23.21 of rules/003. Neither printed map is public: the H sheet is the approximate Hooker and Lee map of the 2006 scenario (tools/hooker-lee/map.json) with one correction, the F sheet an approximate Fredericksburg (tools/fredericksburg/make_sheet.py) drawn so that every F hex number of the text lies on the right bank.",
        "approximate": [
            "map: the H sheet is tools/hooker-lee/map.json, except H0307 (1/II deploys there in 22.51) is land on the north bank and the river runs through H0407 instead",
            "map: the F sheet is drawn, not traced: 25 columns by 28 rows with even columns short like H, row 28 west (on H's row 01), row 01 east, column 01 north; the Rappahannock enters from H0601 and runs past Banks's Ford (F0320, a ferry hex) and the ford of 24.0 (F0412, a ferry hex) to Falmouth (F0607), then south past Fredericksburg (F0809-F1010, town) to leave by the east edge at F2001; Union set-up hexes lie on the north and east bank, every Confederate one on the south and west bank",
            "map: Franklin's Crossing (F1406) and Fitzhugh's Crossing (F1705) are pontoon hexes (22.12 'as in the Fredericksburg rules': the rules are not in the text; read as ferry hexes, as 23.21 names them together); no redoubts are drawn",
            "map: Marye's Heights and Prospect Hill are heights hexes (2 MP, no defence multiplier: the designer's note 24.0 says rough terrain does not double the defender on all sides); Deep Run and Hazel Run are creek hexsides, fords by 22.11; the canal hexside F0713/F0714 is a stream (25.0); Fredericksburg and Falmouth are town hexes (GAPS.md: 1 MP, blocks line of sight)",
            "map: roads on F: the Orange Turnpike and Orange Plank Road from H1501 and H2001 into the town, the River Road, the Telegraph Road south, the Stafford and Warrenton roads; the RF&P railroad is a trail",
            "units: every unit moves 6 (GAPS.md); designations, strengths and types as charted, except that 22.51 prints 2/VI twice (17 at F1105, 19 at F1505): the second is read as 3/VI, the corps's third division; the F. Lee arrivals' H1028 is off the approximate H sheet (even columns end at row 27) and is left out of their entry hexes",
            "ferry hexes: ZOC extends into and out of them through their 'entry hexsides' (22.11); the approximate sheets mark none, so every hexside to a land hex is read as one",
        ],
        "sources": [
            "rules/003_17adc37279b906f0.txt 22.0-23.21 (Grand Chancellorsville), 24.0 and 25.0 (Fredericksburg designer's notes and erratum)",
            "rules/GAPS.md: the CRT, stream, ford, bridge and town values",
            "rules/001_1311978dea3b76ca.txt: the Blue & Gray standard rules 2.0-11.2",
        ],
    },
    "sides": [
        {"id": "confederate", "name": "Confederate", "colour": "#8c8c8c"},
        {"id": "union", "name": "Union", "colour": "#3c5a9a"},
    ],
    "stacking": 2,
    "tec": TEC,
    "map": None,
    "crt": {
        "columns": ["1-5", "1-4", "1-3", "1-2", "1-1", "2-1", "3-1", "4-1", "5-1", "6-1"],
        "die": 6,
        "rows": [["Ar", "Ar", "Dr", "Dr", "Dr", "Dr", "De", "De", "De", "De"],
                 ["Ar", "Ar", "Ar", "Dr", "Dr", "Dr", "Dr", "Dr", "De", "De"],
                 ["Ar", "Ar", "Ar", "Ar", "Dr", "Dr", "Dr", "Dr", "Dr", "De"],
                 ["Ae", "Ar", "Ar", "Ar", "Ar", "Dr", "Dr", "Dr", "Dr", "Dr"],
                 ["Ae", "Ae", "Ar", "Ar", "Ar", "Ar", "Dr", "Ex", "Ex", "Dr"],
                 ["Ae", "Ae", "Ae", "Ae", "Ar", "Ar", "Ex", "Ex", "Ex", "Ex"]],
    },
    "turns": {"count": 20, "order": ["confederate", "union"], "night": [1, 6, 11, 16],
              "skip": [{"turn": 1, "side": "confederate"}], "strategic_movement": True},
    "units": None,
    "reinforcements": {"entry_mp": 1, "column": "stack"},
    "victory": {
        "rule": "23.6",
        "per_enemy_sp": {"confederate": 2, "union": 3},
        "hexes": [{"hex": "H0328", "side": "confederate", "vp": 10},
                  {"hex": "H0511", "side": "confederate", "vp": 10},
                  {"hex": "H1501", "side": "confederate", "vp": 10},
                  {"hex": "H1501", "side": "union", "vp": 15}],
        "ratio": ["confederate", "union"],
        "levels": [
            {"at_least": [2, 1], "result": "Confederate Decisive", "side": "confederate"},
            {"at_least": [3, 2], "result": "Confederate Substantive", "side": "confederate"},
            {"above": [1, 1], "result": "Confederate Marginal", "side": "confederate"},
            {"above": [2, 3], "result": "Union Marginal", "side": "union"},
            {"above": [1, 2], "result": "Union Substantive", "side": "union"},
            {"result": "Union Decisive", "side": "union"},
        ],
    },
    "rules": {
        "side_stacking": {"union": {"alone_types": ["infantry"], "rule": "23.1"}},
        # 23.21: north of the Rappahannock is the land reached from Stafford
        # Heights without crossing the river; its ferry and pontoon hexes are
        # left out.
        "forced_march": {"side": "union", "last_turn": 5, "mp": 12, "from": "F0114",
                         "excluded_terrain": ["ferry", "pontoon"], "rule": "23.21"},
    },
}


def build():
    s = dict(SCENARIO)
    s["map"] = joined_map()
    s["units"] = units()
    return json.dumps(s, indent=2, ensure_ascii=False) + "\n"


def main():
    if sys.argv[1:] not in ([], ["--check"]):
        raise SystemExit(__doc__)
    text = build()
    if sys.argv[1:] == ["--check"]:
        if not OUT.exists() or OUT.read_text(encoding="utf-8") != text:
            print(f"{OUT.relative_to(TOP)} is out of date: run tools/grand-chancellorsville/build.py", file=sys.stderr)
            return 1
        return 0
    OUT.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
