#!/usr/bin/env python3
"""Writes tools/fredericksburg/sheet.json, the approximate Fredericksburg map sheet.

The printed Fredericksburg map is not public. This draws the battlefield of
December 1862 and May 1863 on a 25 by 28 sheet in the orientation that the
Grand Chancellorsville hex numbers (rules/003, 22.0-22.6) fix: row 28 is the
west edge (it lies on the Hooker and Lee sheet's row 01), row 01 the east edge
(Stafford Heights, where the Union deploys), column 01 the north edge and
column 25 the south edge (Jackson arrives at 2501 from Hamilton's Crossing).
Hex numbers are the sheet's own, without the sheet letter; the campaign
builder (tools/grand-chancellorsville/build.py) adds it.

usage: tools/fredericksburg/make_sheet.py          rewrite sheet.json
       tools/fredericksburg/make_sheet.py --check  exit 1 if it is out of date
"""
import json
import pathlib
import sys

HERE = pathlib.Path(__file__).resolve().parent
COLUMNS, ROWS = 25, 28


def name(c, r):
    return f"{c:02d}{r:02d}"


def cube(c, r):
    z = r - (c + (c & 1)) // 2
    return (c, -c - z, z)


def from_cube(x, z):
    return (x, z + (x + (x & 1)) // 2)


def line(a, b):
    """The hexes of a straight line from a to b (both included)."""
    (ax, ay, az), (bx, by, bz) = cube(*a), cube(*b)
    n = max(abs(ax - bx), abs(ay - by), abs(az - bz))
    out = []
    for i in range(n + 1):
        t = i / n if n else 0
        x, y, z = ax + (bx - ax) * t + 1e-6, ay + (by - ay) * t + 1e-6, az + (bz - az) * t - 2e-6
        rx, ry, rz = round(x), round(y), round(z)
        dx, dy, dz = abs(rx - x), abs(ry - y), abs(rz - z)
        if dx > dy and dx > dz:
            rx = -ry - rz
        elif dy > dz:
            ry = -rx - rz
        else:
            rz = -rx - ry
        h = from_cube(rx, rz)
        if not out or out[-1] != h:
            out.append(h)
    return out


def path(points):
    out = []
    for a, b in zip(points, points[1:]):
        for h in line(a, b):
            if not out or out[-1] != h:
                out.append(h)
    return out


def neighbours(c, r):
    if c % 2:  # odd columns sit half a hex higher
        return [(c, r - 1), (c + 1, r - 1), (c + 1, r), (c, r + 1), (c - 1, r), (c - 1, r - 1)]
    return [(c, r - 1), (c + 1, r), (c + 1, r + 1), (c, r + 1), (c - 1, r + 1), (c - 1, r)]


def on_sheet(c, r):
    return 1 <= c <= COLUMNS and 1 <= r <= (ROWS - 1 if c % 2 == 0 else ROWS)


def side(a, b):
    a, b = sorted([a, b])
    return name(*a) + "/" + name(*b)


def between_columns(c, rows):
    """The hexsides between column c and column c + 1 over `rows`: a creek
    running along the column boundary."""
    out = []
    for r in rows:
        for n in neighbours(c, r):
            if n[0] == c + 1 and on_sheet(*n) and on_sheet(c, r):
                out.append(side((c, r), n))
    return out


# The Rappahannock: from the Hooker and Lee sheet (its 0601 is this sheet's
# 0628) down past Banks's Ford and the Confederates' ford at 0412 (24.0) to
# Falmouth, then turning south past Fredericksburg, Deep Run and Fitzhugh's
# Crossing, leaving by the east edge.
RIVER = path([(6, 28), (3, 22), (3, 14), (4, 12), (5, 10), (7, 9), (8, 8), (12, 7), (16, 6), (19, 3), (20, 1)])
FERRY = [(3, 20), (4, 12)]            # Banks's Ford; the ford of 24.0
PONTOON = [(14, 6), (17, 5)]          # Franklin's Crossing; Fitzhugh's Crossing (on RIVER)
TOWN = [(8, 9), (8, 10), (9, 9), (9, 10), (10, 9), (10, 10), (6, 7)]   # Fredericksburg; Falmouth
HEIGHTS = [(9, 12), (10, 12), (11, 12), (12, 12), (11, 13), (12, 13), (13, 13), (10, 11),
           (20, 6), (21, 6), (22, 5)]   # Marye's Heights and the ridge to Prospect Hill
FOREST = ([(c, r) for c in range(1, 26) for r in range(19, 28) if (c + r) % 3 and c > 6]
          + [(c, r) for c in range(16, 26) for r in range(10, 19) if (c * 7 + r) % 4 == 0])

# A ferry or pontoon hex is a crossing of the river: it must lie on its course.
for h in FERRY + PONTOON:
    if h not in RIVER:
        raise SystemExit(f"crossing {name(*h)} is not on the river's course")
terrain = {"river": [], "ferry": [], "pontoon": [], "town": [], "heights": [], "forest": []}
for h in RIVER:
    kind = "ferry" if h in FERRY else "pontoon" if h in PONTOON else "river"
    terrain[kind].append(h)
placed = set(RIVER)
for kind, hexes in (("town", TOWN), ("heights", HEIGHTS), ("forest", FOREST)):
    for h in hexes:
        if h not in placed and on_sheet(*h):
            terrain[kind].append(h)
            placed.add(h)

hexsides = {}
for s in between_columns(15, range(7, 19)):      # Deep Run
    hexsides[s] = "creek"
for s in between_columns(11, range(10, 17)):     # Hazel Run
    hexsides[s] = "creek"
hexsides["0713/0714"] = "stream"                 # the canal (25.0)

ROADS = [
    ("road", "Orange Turnpike", [(15, 28), (13, 20), (10, 12), (9, 10)]),
    ("road", "Orange Plank Road", [(20, 28), (14, 16), (10, 11)]),
    ("road", "River Road", [(8, 28), (4, 21)]),
    ("road", "Telegraph Road", [(9, 10), (13, 11), (25, 14)]),
    ("road", "Stafford road", [(6, 7), (1, 10)]),
    ("road", "Warrenton road", [(6, 7), (9, 1)]),
    ("trail", "Richmond, Fredericksburg and Potomac Railroad", [(10, 10), (22, 4), (25, 4)]),
]
routes = []
for kind, label, points in ROADS:
    hexes = path(points)
    bad = [h for h in hexes if h in set(RIVER)]
    if bad:
        raise SystemExit(f"{label} runs through river hexes {bad}")
    routes.append({"kind": kind, "name": label, "hexes": [name(*h) for h in hexes]})

PLACES = {(9, 10): "Fredericksburg", (6, 7): "Falmouth", (10, 12): "Marye's Heights",
          (3, 20): "Banks's Ford", (14, 6): "Franklin's Crossing", (17, 5): "Fitzhugh's Crossing",
          (21, 6): "Prospect Hill", (22, 4): "Hamilton's Crossing", (1, 14): "Stafford Heights",
          (16, 12): "Deep Run", (12, 14): "Hazel Run", (20, 28): "Salem Church road"}

sheet = {
    "prefix": "F",
    "name": "Fredericksburg",
    "columns": COLUMNS,
    "rows": ROWS,
    "short_columns": "even",
    "terrain": {k: [name(*h) for h in sorted(v)] for k, v in terrain.items()},
    "hexsides": dict(sorted(hexsides.items())),
    "routes": routes,
    "places": {name(*h): p for h, p in sorted(PLACES.items())},
}


def main():
    check = sys.argv[1:] == ["--check"]
    text = json.dumps(sheet, indent=2, ensure_ascii=False) + "\n"
    out = HERE / "sheet.json"
    if check:
        return 0 if out.exists() and out.read_text(encoding="utf-8") == text else 1
    out.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
