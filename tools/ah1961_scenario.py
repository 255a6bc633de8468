#!/usr/bin/python3
"""Writes scenarios/ah1961.json: Avalon Hill's Chancellorsville (1961).

The printed mapboard and counter sheet are not public. This script encodes
an approximate board of the Rappahannock-Rapidan area in the game's squares
(hexes) and a historical order of battle, both documented as assumptions in
the scenario's `provenance` and in docs/rules/ah1961.md. An owner of the game
replaces the waypoints and the counters below and runs the script again:

    python3 tools/ah1961_scenario.py > scenarios/ah1961.json
"""
import json
import sys

COLS, ROWS = 32, 24


def neighbours(h):
    c, r = h
    if c % 2:  # odd columns start at the top
        out = [(c, r - 1), (c + 1, r - 1), (c + 1, r), (c, r + 1), (c - 1, r), (c - 1, r - 1)]
    else:  # even columns sit half a square lower
        out = [(c, r - 1), (c + 1, r), (c + 1, r + 1), (c, r + 1), (c - 1, r + 1), (c - 1, r)]
    return [n for n in out if 1 <= n[0] <= COLS and 1 <= n[1] <= ROWS]


def cube(h):
    c, r = h
    x = c
    z = r - (c + (c & 1)) // 2
    return (x, -x - z, z)


def uncube(x, z):
    c = x
    return (c, z + (c + (c & 1)) // 2)


def cube_round(x, y, z):
    rx, ry, rz = round(x), round(y), round(z)
    dx, dy, dz = abs(rx - x), abs(ry - y), abs(rz - z)
    if dx > dy and dx > dz:
        rx = -ry - rz
    elif dy > dz:
        ry = -rx - rz
    else:
        rz = -rx - ry
    return rx, ry, rz


def distance(a, b):
    ca, cb = cube(a), cube(b)
    return max(abs(ca[0] - cb[0]), abs(ca[1] - cb[1]), abs(ca[2] - cb[2]))


def line(a, b):
    n = distance(a, b)
    ca, cb = cube(a), cube(b)
    out = []
    for i in range(n + 1):
        t = i / n if n else 0
        x, y, z = (ca[k] + (cb[k] - ca[k]) * t + 1e-6 * (k + 1) for k in range(3))
        rx, ry, rz = cube_round(x, y, z)
        out.append(uncube(rx, rz))
    return out


def path(*points):
    out = []
    for a, b in zip(points, points[1:]):
        seg = line(a, b)
        if out and out[-1] == seg[0]:
            seg = seg[1:]
        out.extend(seg)
    return out


def name(h):
    return "%02d%02d" % h


# Rivers, a full square wide (Turns / River Crossing).
RAPPAHANNOCK = path((1, 6), (6, 5), (10, 7), (14, 9), (18, 9), (22, 10), (25, 12), (28, 15), (32, 18))
RAPIDAN = path((1, 15), (5, 14), (9, 12), (13, 10))
RIVER = set(RAPPAHANNOCK) | set(RAPIDAN)

FORDS = {
    RAPPAHANNOCK[4]: "Kelly's Ford",
    RAPIDAN[5]: "Germanna Ford",
    RAPIDAN[10]: "Ely's Ford",
    RAPPAHANNOCK[16]: "U.S. Ford",
    RAPPAHANNOCK[21]: "Banks' Ford",
}

WOODS = set()
for c in range(7, 17):
    for r in range(12, 19):
        WOODS.add((c, r))
for c, r in [(3, 9), (4, 9), (4, 10), (5, 10), (20, 4), (21, 4), (21, 5), (8, 2), (9, 2),
             (19, 19), (20, 19), (20, 20), (5, 19), (6, 19), (6, 20)]:
    WOODS.add((c, r))
HILLS = {(16, 15): "Hazel Grove", (17, 15): "Fairview", (24, 14): "Marye's Heights",
         (24, 15): "Marye's Heights", (28, 18): "Prospect Hill", (23, 9): "Stafford Heights",
         (24, 9): "Stafford Heights", (26, 11): "Stafford Heights"}
MARSH = {(19, 11), (20, 11), (20, 12)}  # Stannard's Marsh (position approximate)
STREAMS = {
    "Hunting Run": path((13, 11), (13, 13)),
    "Hazel Run": path((18, 17), (21, 16), (23, 16)),
    "Massaponax Creek": path((20, 21), (25, 20), (30, 20)),
    "Mountain Run": path((3, 3), (6, 2)),
}
TOWNS = {(25, 13): "Fredericksburg", (26, 14): "Fredericksburg", (25, 11): "Falmouth"}

ROUTES = [
    ("road", "Orange Turnpike", path((1, 16), (12, 14), (17, 14), (21, 13), (25, 13))),
    ("road", "Orange Plank Road", path((1, 19), (12, 17), (17, 14))),
    ("road", "Germanna Plank Road", path((3, 9), RAPIDAN[5], (12, 14))),
    ("road", "Kelly's Ford Road", path(RAPPAHANNOCK[4], (3, 9))),
    ("road", "Ely's Ford Road", path((11, 9), RAPIDAN[10], (17, 14))),
    ("road", "U.S. Ford Road", path(RAPPAHANNOCK[16], (17, 14))),
    ("road", "River Road", path(RAPPAHANNOCK[16], (18, 11), (21, 12), (25, 13))),
    ("road", "Telegraph Road", path((25, 13), (25, 24))),
    ("road", "Brock Road", path((12, 14), (14, 24))),
    ("road", "Warrenton Road", path((1, 3), (5, 3), RAPPAHANNOCK[4])),
    ("road", "Stafford Road", path((5, 3), (12, 6), RAPPAHANNOCK[16])),
    ("road", "Falmouth Road", path((12, 6), (19, 7), (25, 11), (26, 1))),
    ("road", "Banks' Ford Road", path((19, 7), RAPPAHANNOCK[21], (21, 12))),
    ("railroad", "Richmond, Fredericksburg and Potomac", path((29, 1), (26, 12), (27, 17), (29, 24))),
    ("unfinished_railroad", "Unfinished Railroad", path((25, 14), (18, 19), (8, 21))),
]

PLACES = {}
for h, n in FORDS.items():
    PLACES[h] = n
PLACES.update({(12, 14): "Wilderness Tavern", (17, 14): "Chancellorsville", (21, 13): "Salem Church",
               (25, 13): "Fredericksburg", (25, 11): "Falmouth", (16, 15): "Hazel Grove",
               (17, 15): "Fairview", (24, 14): "Marye's Heights", (28, 18): "Prospect Hill",
               (27, 17): "Hamilton's Crossing", (24, 9): "Stafford Heights", (19, 11): "Stannard's Marsh",
               (25, 24): "to Spotsylvania"})


def terrain():
    t = {}
    for h in WOODS:
        t[h] = "woods"
    for h in HILLS:
        t[h] = "hill"
    for h in MARSH:
        t[h] = "marsh"
    for h in TOWNS:
        t[h] = "town"
    for _, squares in STREAMS.items():
        for h in squares:
            t[h] = "stream"
    for h in RIVER:
        t[h] = "river"
    for h in FORDS:
        t[h] = "ford"
    return t


def regions(t):
    seeds = {"north": (1, 1), "northwest": (4, 10), "south": (16, 24)}
    where = {}
    for region, seed in seeds.items():
        todo = [seed]
        while todo:
            h = todo.pop()
            if h in where or t.get(h) in ("river", "ford"):
                continue
            where[h] = region
            todo.extend(neighbours(h))
    land = [(c, r) for c in range(1, COLS + 1) for r in range(1, ROWS + 1) if t.get((c, r)) not in ("river", "ford")]
    missing = [h for h in land if h not in where]
    assert not missing, "land squares in no region: %s" % missing[:5]
    counts = {}
    for h, r in where.items():
        counts[r] = counts.get(r, 0) + 1
    assert len(counts) == 3, counts
    return {k: name(v) for k, v in seeds.items()}, where


def unit(uid, name_, side, type_, strength, movement, **extra):
    u = {"id": uid, "name": name_, "side": side, "type": type_, "strength": strength,
         "movement": movement, "setup": "orders"}
    if type_ in ("hq", "boat", "bridge"):
        u["combat"] = False
    u.update(extra)
    return u


def order_of_battle():
    units = []
    u, c = "union", "confederate"
    units.append(unit("Hooker", "Army of the Potomac HQ (Hooker)", u, "hq", 0, 4))
    corps = {
        "I": ("Reynolds", [("Wadsworth", 4), ("Robinson", 3), ("Doubleday", 3)]),
        "II": ("Couch", [("Hancock", 5), ("Gibbon", 3), ("French", 4)]),
        "III": ("Sickles", [("Birney", 5), ("Berry", 4), ("Whipple", 3)]),
        "V": ("Meade", [("Griffin", 4), ("Sykes", 4), ("Humphreys", 3)]),
        "VI": ("Sedgwick", [("Brooks", 4), ("Howe", 3), ("Newton", 4)]),
        "XI": ("Howard", [("Devens", 3), ("von Steinwehr", 3), ("Schurz", 3)]),
        "XII": ("Slocum", [("Williams", 4), ("Geary", 4)]),
    }
    corps_map = {}
    for cid, (general, divs) in corps.items():
        units.append(unit("HQ/" + cid, cid + " Corps HQ (" + general + ")", u, "hq", 0, 4))
        ids = []
        for i, (gen, f) in enumerate(divs, 1):
            uid = "%d/%s" % (i, cid)
            units.append(unit(uid, "%s Division, %s Corps (%s)" % (["1st", "2nd", "3rd"][i - 1], cid, gen),
                              u, "infantry", f, 4))
            ids.append(uid)
        units.append(unit("Art/" + cid, cid + " Corps Artillery Brigade", u, "artillery", 2, 4))
        corps_map[cid] = ids
    units.append(unit("Art/Res", "Artillery Reserve (Graham)", u, "artillery", 2, 4))
    units.append(unit("Pleasonton", "Pleasonton's Cavalry Brigade", u, "cavalry", 2, 6))
    units.append(unit("HArt/U", "Horse Artillery Brigade (Robertson)", u, "horse_artillery", 1, 6))
    for i in (1, 2, 3):
        units.append(unit("Boat/%d" % i, "Assault Boat Detachment %d" % i, u, "boat", 0, 4))
    for i in (1, 2, 3):
        units.append(unit("Bridge/%d" % i, "Pontoon Bridge Detachment %d" % i, u, "bridge", 0, 4))

    units.append(unit("Lee", "Army of Northern Virginia HQ (Lee)", c, "hq", 0, 4))
    units.append(unit("Jackson", "II Corps HQ (Jackson)", c, "hq", 0, 4))
    units.append(unit("Stuart", "Cavalry Division HQ (Stuart)", c, "hq", 0, 6))
    divisions = {
        "McLaws": (8, [("Kershaw", 2), ("Semmes", 2), ("Wofford", 2), ("Barksdale", 2)]),
        "Anderson": (8, [("Wilcox", 2), ("Mahone", 2), ("Posey", 1), ("Wright", 2), ("Perry", 1)]),
        "A.P.Hill": (10, [("Heth", 2), ("Pender", 2), ("Lane", 2), ("McGowan", 2), ("Archer", 1), ("Thomas", 1)]),
        "Rodes": (9, [("O'Neal", 2), ("Doles", 2), ("Colquitt", 2), ("Iverson", 2), ("Ramseur", 1)]),
        "Colston": (6, [("Paxton", 2), ("J.R.Jones", 2), ("Warren", 1), ("Nicholls", 1)]),
        "Early": (8, [("Gordon", 2), ("Hoke", 2), ("Smith", 2), ("Hays", 2)]),
    }
    brigades = []
    for div, (f, bdes) in divisions.items():
        assert sum(x for _, x in bdes) == f, div
        units.append(unit(div, div + "'s Division", c, "infantry", f, 4))
        for b, bf in bdes:
            units.append(unit(b, b + "'s Brigade (" + div + "'s Division)", c, "infantry", bf, 4))
            brigades.append(b)
    units.append(unit("Alexander", "Alexander's Artillery Brigade", c, "artillery", 2, 4))
    units.append(unit("Walton", "Walton's Artillery Brigade (Washington Artillery)", c, "artillery", 2, 4))
    units.append(unit("Crutchfield", "II Corps Artillery Brigade (Crutchfield)", c, "artillery", 3, 4))
    units.append(unit("Pendleton", "Reserve Artillery Brigade (Pendleton)", c, "artillery", 2, 4))
    units.append(unit("F.Lee", "Fitzhugh Lee's Cavalry Brigade", c, "cavalry", 2, 6))
    units.append(unit("W.H.F.Lee", "W.H.F. Lee's Cavalry Brigade", c, "cavalry", 1, 6))
    units.append(unit("Beckham", "Stuart Horse Artillery (Beckham)", c, "horse_artillery", 1, 6))
    return units, corps_map, list(divisions.keys()), brigades


def main():
    t = terrain()
    seeds, where = regions(t)
    by_type = {}
    for h, ty in sorted(t.items()):
        by_type.setdefault(ty, []).append(name(h))
    units, corps_map, divisions, brigades = order_of_battle()
    crt_cols = ["1-6", "1-5", "1-4", "1-3", "1-2", "1-1", "2-1", "3-1", "4-1", "5-1", "6-1"]
    crt_rows = [
        ["AE", "AE", "AB2", "AB2", "DB2", "DE", "DE", "DE", "DE", "DE", "DE"],
        ["AE", "AE", "AE", "AB2", "EX", "EX", "EX", "EX", "EX", "DB2", "DB2"],
        ["AB2", "AB2", "AB2", "AB2", "AB2", "DB2", "DB2", "DB2", "DE", "DE", "DE"],
        ["AE", "AB2", "AB2", "AB2", "AB2", "AB2", "AB2", "DB2", "DB2", "DB2", "DE"],
        ["AE", "AE", "AE", "AE", "AE", "AE", "EX", "EX", "DB2", "DE", "DE"],
        ["AE", "AE", "AE", "AE", "AE", "AE", "AE", "DE", "DE", "DE", "DE"],
    ]
    scenario = {
        "format": "adjutant-scenario/2",
        "id": "ah1961",
        "title": "Chancellorsville (Avalon Hill, 1961)",
        "ruleset": "ah1961",
        "notes": "The whole 1961 game: set-up by order files (Prepare For Play steps 1-4), 25 complete turns, Union first. Squares are hexes; rivers are a full square wide.",
        "provenance": {
            "summary": "The rules, the set-up steps, the turn count, the victory threshold and the Combat Results Table rows the text prints are those of rules/000_660807311adcaf9f.txt; the rest of the CRT is GAPS.md's. The mapboard and the counter sheet are not public: the map is an approximate encoding of the Rappahannock-Rapidan area and the order of battle an historical one, both assumptions (docs/rules/ah1961.md). A player who owns the printed game can replace them (tools/ah1961_scenario.py).",
            "approximate": [
                "map: 32 columns by 24 rows of squares (hexes), north up; the Rappahannock enters from the west and leaves by the east edge past Fredericksburg, the Rapidan joins it from the south-west; rivers are a full square wide, fords are marked river squares (Kelly's, Germanna, Ely's, U.S. and Banks' Fords); the land they cut falls into three regions (north, northwest, south) named in rules.regions",
                "map: the Wilderness woods, the hills (Hazel Grove, Fairview, Marye's Heights, Prospect Hill, Stafford Heights), Stannard's Marsh, four streams, the roads, the Richmond, Fredericksburg and Potomac railroad and the unfinished railroad are placed from the historical geography, not from the board",
                "units: an historical order of battle of 30 April - 6 May 1863 in the counter format factor-movement (GAPS.md); the text gives only Early 8-4 and the unit types. Union corps have three divisions as Prepare For Play step 2 implies ('6 Infantry Units (2 Corps)'), XII Corps two",
                "units: the combat and movement factors (infantry and artillery 4, cavalry and horse artillery 6, HQs 4, Stuart 6), three assault boat and three pontoon bridge detachments (movement 4) are assumptions",
                "brigades: the historical brigades of each Confederate division, their factors summing to the division's, are the brigade substitute counters",
                "crt: 1-1, 1-2, 1-3, 2-1, 3-1 and die 1-2 of 1-4 and 4-1 from the text (RULE-D); the other cells from the Afrika Korps table in GAPS.md, which agrees with every cell the text gives"
            ],
            "sources": ["rules/000_660807311adcaf9f.txt", "rules/GAPS.md (Chancellorsville, Avalon Hill, 1961)"]
        },
        "sides": [
            {"id": "union", "name": "Union", "colour": "#3c5a9a"},
            {"id": "confederate", "name": "Confederate", "colour": "#a33a32"},
        ],
        "stacking": 2,
        "tec": {
            "terrain": {
                "clear": {"name": "Clear", "mp": 1, "colour": "#e8e3c0"},
                "town": {"name": "Town", "mp": 1, "colour": "#c98f7a"},
                "woods": {"name": "Woods", "mp": 1, "colour": "#7fa66a"},
                "hill": {"name": "Hill", "mp": 1, "defence": 2, "colour": "#b8926a"},
                "marsh": {"name": "Stannard's Marsh", "mp": 1, "colour": "#9fb59a"},
                "stream": {"name": "Stream", "mp": 1, "colour": "#cfe9df"},
                "river": {"name": "River", "mp": 1, "colour": "#6f9fd6"},
                "ford": {"name": "Ford", "mp": 1, "colour": "#a9cdee"},
            },
            "hexsides": {},
        },
        "map": {
            "columns": COLS,
            "rows": ROWS,
            "default_terrain": "clear",
            "terrain": by_type,
            "routes": [{"kind": k, "name": n, "hexes": [name(h) for h in hs]} for k, n, hs in ROUTES],
            "places": {name(h): n for h, n in sorted(PLACES.items())},
        },
        "crt": {"columns": crt_cols, "die": 6, "rows": crt_rows},
        "turns": {"count": 25, "order": ["union", "confederate"]},
        "units": units,
        "rules": {
            "regions": seeds,
            "fortifications": {"union": {"count": 5, "region": "north"},
                               "confederate": {"count": 15, "region": "south"}},
            "setup_regions": {"union": "north", "confederate": "south"},
            "withheld": {"side": "union", "artillery": 2, "infantry": 6, "corps": 2},
            "corps": corps_map,
            "stacking": {"union": {"units": 2}, "confederate": {"factors": 22}},
            "divisions": divisions,
            "brigades": brigades,
            "victory": {"side": "confederate", "at_most": 15},
        },
    }
    json.dump(scenario, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
