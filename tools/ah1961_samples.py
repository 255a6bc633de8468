#!/usr/bin/python3
"""Writes the sample set-up orders of scenarios/ah1961.json into
samples/orders/ah1961/ (Prepare For Play steps 1-4): a plausible historical
deployment, Union around Falmouth and Stafford Heights, Confederates on the
heights behind Fredericksburg and at Chancellorsville."""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ah1961_scenario as g  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "samples", "orders", "ah1961")


def squares(region, centre, where):
    land = [h for h, r in where.items() if r == region]
    return sorted(land, key=lambda h: (g.distance(h, centre), h))


def write(name, body):
    with open(os.path.join(OUT, name), "w") as f:
        json.dump(body, f, indent=2)
        f.write("\n")


def main():
    t = g.terrain()
    _, where = g.regions(t)
    units, corps, divisions, brigades = g.order_of_battle()
    byid = {u["id"]: u for u in units}
    north = [h for h in squares("north", (24, 8), where) if t.get(h) not in ("woods", "hill", "marsh", "stream")]
    south_fred = squares("south", (25, 15), where)
    south_chan = squares("south", (18, 14), where)
    # Step 1: fortifications.
    write("00-setup1-union.json", {"fortifications": [g.name(h) for h in squares("north", (23, 9), where)[:5]]})
    write("01-setup1-confederate.json",
          {"fortifications": [g.name(h) for h in south_fred[:10]] + [g.name(h) for h in south_chan[:5]]})
    # Step 2: the Union less I and III Corps, their artillery and the detachments.
    withheld = set(corps["I"] + corps["III"] + ["Art/I", "Art/III"])
    union = [u for u in units if u["side"] == "union"]
    place, slots = [], iter(north[6:])
    fighting = [u for u in union if u["type"] not in ("hq", "boat", "bridge") and u["id"] not in withheld]
    hqs = [u for u in union if u["type"] == "hq"]
    for i in range(0, len(fighting), 2):
        h = g.name(next(slots))
        for u in fighting[i:i + 2]:
            place.append({"unit": u["id"], "at": h})
    hq_slot = g.name(next(slots))
    for u in hqs:
        place.append({"unit": u["id"], "at": hq_slot})
    write("02-setup2-union.json", {"place": place})
    # Step 3: the Confederates; Early's Division as its four brigades.
    conf = [u for u in units if u["side"] == "confederate" and u["id"] not in brigades]
    place, subs = [], []
    spots = {"McLaws": south_chan[1], "Anderson": south_chan[2], "A.P.Hill": south_chan[8],
             "Rodes": south_chan[9], "Colston": south_chan[10], "Early": south_fred[3],
             "Alexander": south_fred[1], "Walton": south_fred[0], "Crutchfield": south_chan[3],
             "Pendleton": south_fred[2], "F.Lee": south_chan[12], "W.H.F.Lee": south_chan[14],
             "Beckham": south_chan[12], "Lee": south_fred[1], "Jackson": south_chan[8], "Stuart": south_chan[12]}
    for u in conf:
        if u["id"] == "Early":
            subs.append({"division": "Early", "brigades": ["Gordon", "Hoke", "Smith", "Hays"],
                         "at": g.name(spots["Early"])})
            continue
        place.append({"unit": u["id"], "at": g.name(spots[u["id"]])})
    write("03-setup3-confederate.json", {"place": place, "substitute": subs})
    # Step 4: the rest of the Union.
    rest = [u for u in union if u["id"] in withheld or u["type"] in ("boat", "bridge")]
    place, slots = [], iter(north[:6] + north[40:])
    fighting = [u for u in rest if u["type"] not in ("boat", "bridge")]
    for i in range(0, len(fighting), 2):
        h = g.name(next(slots))
        for u in fighting[i:i + 2]:
            place.append({"unit": u["id"], "at": h})
    roads = sorted({h for _, _, hs in g.ROUTES for h in hs if where.get(h) == "north"},
                   key=lambda h: (g.distance(h, (17, 8)), h))
    for u, h in zip([u for u in rest if u["type"] in ("boat", "bridge")], roads):
        place.append({"unit": u["id"], "at": g.name(h)})
    write("04-setup4-union.json", {"place": place})


if __name__ == "__main__":
    main()
