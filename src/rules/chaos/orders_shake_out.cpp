// Reading a shake out order (shake_out) and, from version 3, the places
// of the regiments it deploys (docs/rules/chaos.md "Regiments placed by
// order").
#include "rules/chaos/orders_check.h"

namespace adjutant::rules::chaos::orders_check {

// shake_out: an undeployed brigade shakes out at one of its markers,
// facing a whole degree (default: toward the other side); version 3 may
// place its regiments (read_placement).
void Checker::read_shake_out(const std::string& id, const Json& v, bool deployed, Json& plan) {
  if (deployed) {
    fail("chaos.deployed", id, "shake_out", "brigade " + id + " is already deployed");
    return;
  }
  if (!v.is_object()) {
    fail("orders.wrong_type", id, "shake_out", "brigades." + id + ".shake_out must be an object");
    return;
  }
  bool ok = true;
  bool v3 = rd_.regiments_placed_by_order;
  for (const auto& [k, x] : v.items())
    if (k != "marker" && k != "facing" && !(v3 && (k == "regiments" || k == "commander"))) {
      const char* proc = not_yet(k, sc_.rules_version);
      fail(proc ? "chaos.not_yet" : "orders.unknown_field", id, proc ? proc : "shake_out",
           "brigades." + id + ".shake_out." + k +
               (proc ? ": placing regiments by order is not adjudicated by chaos version " +
                           version_text() + " (the default formation is used)"
                     : std::string(": unknown field")));
      ok = false;
    }
  int n = marker_number(id, v, "shake_out");
  int facing = 0;
  if (v.contains("facing")) {
    if (!v["facing"].is_number_integer() || v["facing"].get<long long>() < 0 ||
        v["facing"].get<long long>() > 359) {
      fail("chaos.facing", id, "shake_out",
           "brigade " + id + ": a facing is a whole degree from 0 to 359");
      ok = false;
    } else {
      facing = v["facing"].get<int>();
    }
  } else {
    facing = side_ == sc_.sides.front().id ? 0 : 180;
  }
  if (!ok || n == 0) return;
  plan["shake_out"] = {{"marker", n}, {"facing", facing}};
  if (v3 && (v.contains("regiments") || v.contains("commander"))) {
    Point centre = st_.brigades.at(id).markers[std::size_t(n - 1)];
    Json placed = read_placement(id, v, centre, facing);
    if (placed.is_null()) return;
    plan["shake_out"]["commander"] = placed["commander"];
    plan["shake_out"]["regiments"] = placed["regiments"];
  }
  echo_.push_back(id + " shakes out at marker " + std::to_string(n) + ", facing " +
                  std::to_string(facing) +
                  (plan["shake_out"].contains("regiments") ? ", its regiments as placed" : ""));
}

// shake_out (version 3): the brigade commander (default: the marker's
// centre, and inside the 3" card) and every regiment of the brigade
// placed, each {"at", "facing" (default the shake out's)}: on the table,
// within 4" of the commander, on no other base, none within 8" of an
// enemy unit as the side sees it (shake_out: "unengaged units may not
// become engaged here"). Null with a refusal naming the brigade, the
// regiment and the rule.
Json Checker::read_placement(const std::string& id, const Json& v, Point centre, int facing) {
  const char* rule = "shake_out";
  Point commander = centre;
  if (v.contains("commander")) {
    if (!is_point(v["commander"])) {
      fail("orders.wrong_type", id, rule,
           "brigades." + id + ".shake_out.commander is an [x, y] point");
      return nullptr;
    }
    commander = point_of(v["commander"]);
    Point d = commander - centre;
    Coord half = sc_.bases.at(Arm::kMarker).width / 2;
    if (d.x < -half || d.x > half || d.y < -half || d.y > half) {
      fail("chaos.formation", id, rule,
           "brigade " + id +
               ": the brigade commander deploys on the marker, within the card around " +
               format_point(centre) + ", not at " + format_point(commander));
      return nullptr;
    }
  }
  std::vector<std::string> present;
  for (const auto& [r, x] : st_.regiments)
    if (x.brigade == id && !x.removed) present.push_back(r);
  Json out = {{"commander", json_of(commander)}, {"regiments", Json::object()}};
  if (!v.contains("regiments")) {
    fail("chaos.formation", id, rule,
         "brigade " + id + ": a shake out with a commander places every regiment too");
    return nullptr;
  }
  const Json& regs = v["regiments"];
  if (!regs.is_object()) {
    fail("orders.wrong_type", id, rule, "brigades." + id + ".shake_out.regiments is an object");
    return nullptr;
  }
  for (const auto& [r, place] : regs.items()) {
    auto it = st_.regiments.find(r);
    if (it == st_.regiments.end() || it->second.brigade != id || it->second.removed) {
      fail("chaos.unknown_regiment", id, rule,
           "brigade " + id + " has no regiment \"" + r + "\" to place");
      return nullptr;
    }
  }
  for (const auto& r : present)
    if (!regs.contains(r)) {
      fail("chaos.formation", id, rule,
           "brigade " + id + ": regiment " + r +
               " is not placed (shake_out.regiments places every regiment)");
      return nullptr;
    }
  Outline boss = sc_.figure_outline(Arm::kCommander, {id, id, commander, 0});
  std::vector<std::pair<std::string, Outline>> mine;
  for (const auto& r : present) {
    Json out_place;
    Outline o;
    if (!regiment_place(id, r, regs[r], facing, rule, out_place, o)) return nullptr;
    if (!within(o, boss, 4 * kInch)) {
      fail("chaos.formation", id, rule,
           "brigade " + id + ": regiment " + r + " at " + format_point(point_of(out_place["at"])) +
               " would be more than 4\" from its brigade commander at " + format_point(commander));
      return nullptr;
    }
    for (const auto& u : enemy_units(st_, sc_, side_))
      if (within(o, u.base, kEngagementRange)) {
        fail("chaos.formation", id, "terms.engagement",
             "brigade " + id + ": regiment " + r + " at " +
                 format_point(point_of(out_place["at"])) +
                 " would be within 8\" of an enemy unit (a shake out leaves a brigade unengaged)");
        return nullptr;
      }
    if (!placed_clear(id, r, o, mine, rule)) return nullptr;
    mine.push_back({r, o});
    out["regiments"][r] = out_place;
  }
  return out;
}

// One regiment's {"at", "facing"}: its outline on the table, or false
// with a refusal.
bool Checker::regiment_place(const std::string& id, const std::string& r, const Json& place,
                             int facing, const char* rule, Json& out, Outline& o) {
  if (!place.is_object() || !place.contains("at") || !is_point(place["at"]) ||
      (place.contains("facing") &&
       (!place["facing"].is_number_integer() || place["facing"].get<long long>() < 0 ||
        place["facing"].get<long long>() > 359))) {
    fail(
        "orders.wrong_type", id, rule,
        "brigades." + id + ": regiment " + r + " is placed by {\"at\": [x, y], \"facing\": 0-359}");
    return false;
  }
  for (const auto& [k, x] : place.items())
    if (k != "at" && k != "facing") {
      fail("orders.unknown_field", id, rule,
           "brigades." + id + ": regiment " + r + ": unknown field \"" + k + "\"");
      return false;
    }
  Point at = point_of(place["at"]);
  int f = place.value("facing", facing);
  Body body = regiment_body(sc_, st_, r, at);
  body.bearing = f;
  o = outline(body);
  if (!base_on_table(sc_, o)) {
    fail("chaos.off_table", id, "scale",
         "brigade " + id + ": regiment " + r + " would stand off the table at " + format_point(at));
    return false;
  }
  out = {{"at", json_of(at)}, {"facing", f}};
  return true;
}

// A placed regiment overlaps none of `mine` (placed before it) and no
// base on the table but its own brigade's.
bool Checker::placed_clear(const std::string& id, const std::string& r, const Outline& o,
                           const std::vector<std::pair<std::string, Outline>>& mine,
                           const char* rule) {
  for (const auto& [other, p] : mine)
    if (convex_overlap(o, p, kOverlapTolerance)) {
      fail("chaos.overlap", id, rule,
           "brigade " + id + ": regiment " + r + " would overlap regiment " + other);
      return false;
    }
  for (const auto& [oid, x] : st_.regiments) {
    if (x.removed || !x.at || x.brigade == id) continue;
    if (convex_overlap(o, outline(regiment_body(sc_, st_, oid)), kOverlapTolerance)) {
      bool own = st_.brigades.at(x.brigade).side == side_;
      fail("chaos.overlap", id, rule,
           "brigade " + id + ": regiment " + r + " would overlap " +
               (own ? oid : std::string("an enemy base")));
      return false;
    }
  }
  for (const auto& [wid, w] : st_.wagons)
    if (!w.destroyed &&
        convex_overlap(o, sc_.figure_outline(Arm::kWagon, {wid, wid, w.at, w.facing}),
                       kOverlapTolerance)) {
      fail("chaos.overlap", id, rule,
           "brigade " + id + ": regiment " + r + " would overlap a wagon");
      return false;
    }
  return true;
}

}  // namespace adjutant::rules::chaos::orders_check
