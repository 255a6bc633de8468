// Deployment: each brigade set up once, as one or two markers or deployed
// around its commander; nothing off the table or outside its side's zone,
// no two bases overlapping, and the distances the text sets between markers,
// units, wagons and commanders.
#include <algorithm>
#include <limits>
#include <set>

#include "rules/chaos/scenario.h"
#include "util/error.h"

namespace adjutant::rules::chaos {

namespace {

enum class Kind { kMarker, kRegiment, kWagon, kCommander, kBrigadeCommander };

// One thing set up on the table, with the field that put it there.
struct Piece {
  Kind kind;
  std::string side;
  std::string brigade;  // markers, regiments and brigade commanders
  std::string label;    // "marker 1 of brigade iron", "regiment 2wi (brigade iron)"
  std::string path;     // sides[0].setup[2].markers[1]
  Outline shape;
};

[[noreturn]] void fail_piece(const std::string& id, const std::string& where, const Piece& p,
                             const std::string& what) {
  throw Error(id, where + ": " + p.path + " (" + p.label + "): " + what);
}

std::string idx(const std::string& path, std::size_t i) {
  return path + "[" + std::to_string(i) + "]";
}

bool on_table(const Scenario& s, const Outline& o) {
  return std::all_of(o.points.begin(), o.points.end(), [&](Point p) {
    return p.x >= 0 && p.y >= 0 && p.x <= s.table.width && p.y <= s.table.length;
  });
}

// The midpoint of a rectangle's diagonal.
Point centre_of(const Outline& o) {
  return {div_round(Wide(o.points[0].x) + o.points[2].x, 2),
          div_round(Wide(o.points[0].y) + o.points[2].y, 2)};
}

bool in_zone(const Outline& zone, const Outline& o) {
  return std::all_of(o.points.begin(), o.points.end(), [&](Point p) { return inside(zone, p); });
}

std::vector<Piece> gather(const Scenario& s, const std::string& where) {
  std::vector<Piece> out;
  for (std::size_t si = 0; si < s.sides.size(); ++si) {
    const Side& side = s.sides[si];
    std::string sp = "sides[" + std::to_string(si) + "]";
    std::map<std::string, std::string> done;  // brigade -> the set-up entry's path
    for (std::size_t i = 0; i < side.setup.size(); ++i) {
      const BrigadeSetup& e = side.setup[i];
      std::string path = idx(sp + ".setup", i);
      auto own = std::find_if(side.brigades.begin(), side.brigades.end(),
                              [&](const Brigade& b) { return b.id == e.brigade; });
      if (own == side.brigades.end()) {
        const Brigade* other = s.brigade(e.brigade);
        throw Error("scenario.unknown_brigade",
                    where + ": " + path + ".brigade: " +
                        (other ? "\"" + e.brigade + "\" is a brigade of the other side"
                               : "no brigade \"" + e.brigade + "\" in the " + side.id + " force"));
      }
      if (done.count(e.brigade))
        throw Error("scenario.setup", where + ": " + path + ": brigade " + e.brigade +
                                          " is already set up by " + done[e.brigade]);
      done[e.brigade] = path;
      const Brigade& b = *own;
      if (e.deployed() == !e.markers.empty() || (e.deployed() != !e.regiments.empty()))
        throw Error("scenario.setup",
                    where + ": " + path + " (brigade " + b.id +
                        "): a brigade is set up either as \"markers\" or deployed with "
                        "\"commander\" and \"regiments\" (Deployment)");
      if (!e.deployed()) {
        if (e.markers.size() > 2)
          throw Error("scenario.markers", where + ": " + path + ".markers (brigade " + b.id +
                                              "): a brigade has 1 or 2 markers (Deployment), not " +
                                              std::to_string(e.markers.size()));
        for (std::size_t m = 0; m < e.markers.size(); ++m)
          out.push_back({Kind::kMarker, side.id, b.id,
                         "marker " + std::to_string(m + 1) + " of brigade " + b.id,
                         idx(path + ".markers", m), s.marker_outline(e.markers[m])});
        continue;
      }
      out.push_back(
          {Kind::kBrigadeCommander, side.id, b.id, "commander of brigade " + b.id,
           path + ".commander",
           s.figure_outline(Arm::kCommander, Figure{b.id, b.commander, *e.commander, 0})});
      std::set<std::string> placed;
      for (std::size_t k = 0; k < e.regiments.size(); ++k) {
        const Placed& p = e.regiments[k];
        std::string rp = idx(path + ".regiments", k);
        auto r = std::find_if(b.regiments.begin(), b.regiments.end(),
                              [&](const Regiment& x) { return x.id == p.regiment; });
        if (r == b.regiments.end())
          throw Error("scenario.unknown_regiment", where + ": " + rp + ".regiment: no regiment \"" +
                                                       p.regiment + "\" in brigade " + b.id);
        if (!placed.insert(p.regiment).second)
          throw Error("scenario.setup",
                      where + ": " + rp + ": regiment " + p.regiment + " is placed twice");
        out.push_back({Kind::kRegiment, side.id, b.id,
                       std::string(r->arm == Arm::kArtillery ? "battery " : "regiment ") +
                           p.regiment + " of brigade " + b.id,
                       rp, s.regiment_outline(*r, p)});
      }
      for (const Regiment& r : b.regiments)
        if (!placed.count(r.id))
          throw Error("scenario.setup", where + ": " + path + ".regiments (brigade " + b.id +
                                            "): regiment " + r.id +
                                            " is not placed; a deployed brigade places them all");
    }
    for (const Brigade& b : side.brigades)
      if (!done.count(b.id))
        throw Error("scenario.setup", where + ": " + sp + ".setup: brigade " + b.id +
                                          " is not set up (as markers or deployed)");
    for (std::size_t i = 0; i < side.wagons.size(); ++i)
      out.push_back({Kind::kWagon, side.id, "", "supply wagon " + side.wagons[i].id,
                     idx(sp + ".wagons", i), s.figure_outline(Arm::kWagon, side.wagons[i])});
    for (std::size_t i = 0; i < side.commanders.size(); ++i)
      out.push_back({Kind::kCommander, side.id, "", "player commander " + side.commanders[i].id,
                     idx(sp + ".commanders", i),
                     s.figure_outline(Arm::kCommander, side.commanders[i])});
  }
  return out;
}

// The least distance from `p` to any piece of `side` (or of any other side
// when `enemy`) of the kinds that count as units: markers and regiments.
Coord nearest_unit(const std::vector<Piece>& all, const Piece& p, bool enemy) {
  Coord best = std::numeric_limits<Coord>::max();
  for (const Piece& q : all) {
    if ((q.side != p.side) != enemy) continue;
    if (q.kind != Kind::kMarker && q.kind != Kind::kRegiment) continue;
    best = std::min(best, distance_floor(p.shape, q.shape));
  }
  return best;
}

}  // namespace

void check_setup(const Scenario& s, const std::string& where) {
  std::vector<Piece> all = gather(s, where);
  for (const Piece& p : all)
    if (!on_table(s, p.shape))
      fail_piece("scenario.off_table", where, p,
                 "its base reaches off the table (0.00 to " + inches(s.table.width) +
                     " across, 0.00 to " + inches(s.table.length) + " along)");

  // Markers lie wholly in their side's zone, a deployed brigade's commander
  // in it ("The brigade commander is placed within the deployment area").
  for (const Piece& p : all) {
    const auto& zone = s.side(p.side).zone;
    if (!zone) continue;
    if (p.kind == Kind::kMarker && !in_zone(*zone, p.shape))
      fail_piece("scenario.deployment_zone", where, p,
                 "the marker is not wholly inside the " + p.side + " deployment zone");
    if (p.kind == Kind::kBrigadeCommander && !inside(*zone, centre_of(p.shape)))
      fail_piece(
          "scenario.deployment_zone", where, p,
          format_point(centre_of(p.shape)) + " is outside the " + p.side + " deployment zone");
  }

  // No two bases on the table overlap (markers are cards laid over the
  // table, and command teams stand among their troops: neither counts).
  for (std::size_t i = 0; i < all.size(); ++i) {
    if (all[i].kind != Kind::kRegiment && all[i].kind != Kind::kWagon) continue;
    for (std::size_t j = i + 1; j < all.size(); ++j) {
      if (all[j].kind != Kind::kRegiment && all[j].kind != Kind::kWagon) continue;
      if (convex_overlap(all[i].shape, all[j].shape, kOverlapTolerance))
        fail_piece("scenario.overlap", where, all[j],
                   "its base overlaps " + all[i].label + " (" + all[i].path + ")");
    }
  }

  // Deployed regiments within 4" of their brigade commander.
  std::map<std::string, const Piece*> commanders;
  for (const Piece& p : all)
    if (p.kind == Kind::kBrigadeCommander) commanders[p.brigade] = &p;
  for (const Piece& p : all)
    if (p.kind == Kind::kRegiment && !within(commanders.at(p.brigade)->shape, p.shape, 4 * kInch))
      fail_piece("scenario.setup_distance", where, p,
                 "more than 4\" from its brigade commander (Deployment)");

  for (const Piece& p : all) {
    if (p.kind == Kind::kMarker) {
      for (const Piece& q : all) {
        if (&q == &p) continue;
        bool unit = q.kind == Kind::kMarker || q.kind == Kind::kRegiment;
        if (!unit) continue;
        if (q.side == p.side && closer_than(p.shape, q.shape, 4 * kInch))
          fail_piece(
              "scenario.setup_distance", where, p,
              "within 4\" of " + q.label + " (" + q.path +
                  "): a marker is placed 4\" away from friendly markers and units (Deployment)");
        if (q.side != p.side && within(p.shape, q.shape, 12 * kInch))
          fail_piece("scenario.setup_distance", where, p,
                     "within 12\" of the enemy's " + q.label + " (" + q.path + ") (Deployment)");
      }
    }
    if (p.kind == Kind::kRegiment)
      for (const Piece& q : all)
        if (q.side != p.side && (q.kind == Kind::kMarker || q.kind == Kind::kRegiment) &&
            within(p.shape, q.shape, 12 * kInch))
          fail_piece("scenario.setup_distance", where, p,
                     "within 12\" of the enemy's " + q.label + " (" + q.path + ") (Deployment)");
    if (p.kind == Kind::kWagon || p.kind == Kind::kCommander) {
      Coord friendly = nearest_unit(all, p, false), enemy = nearest_unit(all, p, true);
      if (enemy != std::numeric_limits<Coord>::max() && friendly >= enemy)
        fail_piece("scenario.setup_distance", where, p,
                   "nearer the enemy (" + inches(enemy) + "\") than its own units (" +
                       inches(friendly) +
                       "\"): wagons and player commanders are placed closer to friendly units "
                       "(Deployment)");
    }
  }
}

}  // namespace adjutant::rules::chaos
