#include "rules/ah1961/river.h"

#include <algorithm>

#include "rules/ah1961/detachments.h"

namespace adjutant::rules::ah1961 {

namespace {

std::optional<std::string> friendly_boat(const Board& b, Hex h, const std::string& side) {
  for (const auto& id : b.units_at(h, side))
    if (is_boat(*b.def(id))) return id;
  return std::nullopt;
}

std::optional<std::string> troop_at(const Board& b, Hex h, const std::string& side,
                                    const std::string& besides) {
  for (const auto& id : b.units_at(h, side))
    if (!is_detachment(*b.def(id)) && id != besides) return id;
  return std::nullopt;
}

Crossing refuse(std::string& id, std::string& rule, const std::string& i, const std::string& r,
                const std::string& why) {
  id = i;
  rule = r;
  return Crossing{false, r, why};
}

bool can_swim(const UnitDef& d) {
  return d.type == "hq" || d.type == "cavalry";
}
bool can_boat(const UnitDef& d) {
  return d.type == "hq" || d.type == "infantry" || d.type == "cavalry";
}

}  // namespace

Crossing crossing(const Board& b, const std::string& u, const std::vector<Hex>& path, std::size_t i,
                  const std::vector<std::string>& group, const MovePhase& ph, std::string& id,
                  std::string& rule) {
  const UnitDef& d = *b.def(u);
  const std::string side = b.side_of(u);
  Hex x = path[i - 1], y = path[i];
  // The square before x, when the path has one (i >= 2).
  const bool has_prev = i >= 2;
  const Hex prev = has_prev ? path[i - 2] : x;
  auto bridge_y = b.bridge_at(y);
  bool usable_y = bridge_y && b.side_of(bridge_y->unit) == side && !locked(b, *bridge_y) &&
                  bridge_y->connects(x);
  // Leaving a river square.
  if (b.water(x) && !b.water(y)) {
    if (auto bx = b.bridge_at(x); bx && b.side_of(bx->unit) == side && bx->unit != u) {
      // Units crossing must enter the opposite shore only at the square the
      // bridge points to.
      bool came_across = has_prev && bx->connects(prev);
      if ((came_across && y != bx->other(prev)) || (!came_across && !bx->connects(y)))
        return refuse(
            id, rule, "move.bridge_end", "river.bridge",
            "the bridge at " + b.sq(x) + " leads only to " +
                (came_across ? b.sq(bx->other(prev)) : b.sq(bx->a) + " or " + b.sq(bx->b)));
    } else if (auto bx2 = b.bridge_of(u); bx2 && !bx2->connects(y)) {
      return refuse(
          id, rule, "move.bridge_end", "river.bridge",
          "a bridge is taken up onto one of its ends, " + b.sq(bx2->a) + " or " + b.sq(bx2->b));
    } else if (!is_detachment(d) && friendly_boat(b, x, side) && !has_prev) {
      // Boats crossing a river must enter the opposite shore only at road squares.
      if (!b.on_road(y))
        return refuse(
            id, rule, "move.boat_landing", "river.boat",
            u + " lands from the boat only on a road square; " + b.sq(y) + " has no road");
    }
  }
  if (is_detachment(d)) {
    std::string r = is_boat(d) ? "river.boat" : "river.bridge";
    if (!b.water(y)) {
      // Boats can only travel through squares containing roads; bridges
      // must stay on road squares at all times.
      if (!b.on_road(y))
        return refuse(id, rule, "move.road", r,
                      u + " moves only through road squares; " + b.sq(y) + " has no road");
      return {};
    }
    if (is_boat(d)) {
      if (!b.water(x)) {
        if (!b.on_road(x))
          return refuse(id, rule, "move.road", r,
                        "boats move onto the river only from road squares");
        if (friendly_boat(b, y, side))
          return refuse(id, rule, "move.river_occupied", r, b.sq(y) + " already holds a boat");
        return Crossing{true, r, "on the river at " + b.sq(y)};
      }
      // They may move downstream (eastward) one river square per turn.
      if (y.col <= x.col || i != 1 || path.size() != 2 ||
          (ph.spent.count(u) && ph.spent.at(u).squares))
        return refuse(id, rule, "move.drift", r,
                      "a boat on the river moves only one river square downstream (east) a turn");
      return Crossing{true, r, "drifted downstream to " + b.sq(y)};
    }
    // Bridge and Boat Detachments can also cross at fords.
    if (usable_y) return {};
    if (b.terrain(y) != "ford")
      return refuse(id, rule, "move.river", "river.crossing",
                    u + " crosses a river only at a ford or on a bridge");
    return Crossing{true, "river.ford", "on the ford at " + b.sq(y)};
  }
  if (!b.water(y)) return {};
  // All Units may pass through friendly units, except on river squares;
  // only one unit is allowed on each river square.
  if (auto other = troop_at(b, y, side, u))
    return refuse(
        id, rule, "move.river_occupied", "pass-through",
        b.sq(y) + " is a river square held by " + *other + "; only one unit is allowed on it");
  if (usable_y) return {};  // Units crossing do not have to stop
  if (bridge_y && b.side_of(bridge_y->unit) == side && bridge_y->connects(x) &&
      locked(b, *bridge_y))
    return refuse(id, rule, "move.locked", "river.bridge",
                  "no units may cross onto the bridge at " + b.sq(y) + " until the following turn");
  if (b.water(x)) {
    // Carried by a boat drifting downstream.
    for (const auto& g : group)
      if (g != u && is_boat(*b.def(g))) return Crossing{true, "river.boat", "carried downstream"};
  }
  if (auto boat = friendly_boat(b, y, side); boat && can_boat(d)) {
    if (ph.boats_used.count(*boat))
      return refuse(id, rule, "move.boat_used", "river.boat",
                    "only one unit is allowed on boat " + *boat + " per turn");
    return Crossing{true, "river.boat", "on boat " + *boat + " at " + b.sq(y)};
  }
  if (b.terrain(y) == "ford") return Crossing{true, "river.ford", "on the ford at " + b.sq(y)};
  if (can_swim(d)) return Crossing{true, "river.swim", "swam onto river square " + b.sq(y)};
  return refuse(id, rule, "move.river", "river.crossing",
                u + " (" + d.type + ") cannot swim; it crosses at a ford" +
                    (can_boat(d) ? ", on an assault boat" : "") + " or on a pontoon bridge");
}

std::optional<std::string> drift_passenger(const Board& b, const std::vector<std::string>& units,
                                           const std::vector<Hex>& path, const MovePhase& ph) {
  if (units.size() != 1 || path.size() != 2) return std::nullopt;
  const UnitDef* d = b.def(units.front());
  if (!d || !is_boat(*d) || !b.water(path[0]) || !b.water(path[1])) return std::nullopt;
  return troop_at(b, path[0], b.side_of(units.front()), "").value_or("");
}

void note_boarding(const Board& b, const std::vector<std::string>& units, Hex from, Hex to,
                   MovePhase& ph) {
  bool troops = false;
  for (const auto& u : units)
    if (!is_detachment(*b.def(u))) troops = true;
  if (!troops) return;
  const std::string side = b.side_of(units.front());
  for (Hex h : {from, to})
    if (b.water(h))
      if (auto boat = friendly_boat(b, h, side)) ph.boats_used.insert(*boat);
}

}  // namespace adjutant::rules::ah1961
