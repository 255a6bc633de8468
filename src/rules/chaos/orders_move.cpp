// Reading unengaged movement orders (move.marker, move.deployed,
// terms.check) and player commanders' paths (move.commanders).
#include "rules/chaos/orders_check.h"

#include <algorithm>

#include "rules/chaos/marker_rates.h"

namespace adjutant::rules::chaos::orders_check {

// unengaged movement (move.marker, move.deployed, terms.check): a
// brigade's path, as far as the longest rate its ground could roll.
void Checker::read_move(const std::string& id, const Json& v, bool deployed, bool engaged,
                        Json& plan) {
  const char* rule = deployed ? "move.deployed" : "move.marker";
  if (!v.is_object() || !v.contains("path") || !v["path"].is_array()) {
    fail("orders.wrong_type", id, rule,
         "brigades." + id + ".move must be an object with a \"path\" of [x, y] points");
    return;
  }
  if (engaged) {
    fail("chaos.engaged", id, "move",
         "brigade " + id +
             " is engaged (within 8\" of an enemy unit): it has no unengaged movement");
    return;
  }
  bool placing = deployed && rd_.regiments_placed_by_order && v.contains("regiments");
  for (const auto& [k, x] : v.items())
    if (k != "path" && k != "marker" && k != "engage" && !(placing && k == "regiments")) {
      const char* proc = not_yet(k, sc_.rules_version);
      fail(proc ? "chaos.not_yet" : "orders.unknown_field", id, proc ? proc : rule,
           "brigades." + id + ".move." + k +
               (proc ? ": placing regiments by order is not adjudicated by chaos version " +
                           version_text() + "; the brigade keeps its formation"
                     : std::string(": unknown field")));
      return;
    }
  int n = 0;
  Point start;
  Outline body;
  if (deployed) {
    if (v.contains("marker")) {
      fail("chaos.marker", id, rule, "brigade " + id + " is deployed: it has no markers");
      return;
    }
    start = *st_.brigades.at(id).commander;
  } else {
    n = marker_number(id, v, rule);
    if (n == 0) return;
    start = st_.brigades.at(id).markers[std::size_t(n - 1)];
  }
  std::vector<Point> path;
  for (const auto& p : v["path"]) {
    if (!is_point(p)) {
      fail("orders.wrong_type", id, rule, "brigades." + id + ".move.path: a point is [x, y]");
      return;
    }
    Point q{p[0].get<Coord>(), p[1].get<Coord>()};
    if (!point_on_table(sc_, q)) {
      fail("chaos.off_table", id, "scale",
           "brigade " + id + ": " + format_point(q) + " is off the table");
      return;
    }
    path.push_back(q);
  }
  if (path.size() < 2 || path.front() != start) {
    fail("chaos.path_start", id, rule,
         "brigade " + id + ": a path starts where the " +
             std::string(deployed ? "brigade commander" : "marker") + " stands, " +
             format_point(start) + ", and goes somewhere");
    return;
  }
  Point delta = path.back() - start;
  // The body at the end must be on the table.
  if (deployed) {
    for (const auto& r : deployed_regiments(st_, id)) {
      Point at = *st_.regiments.at(r).at + delta;
      if (!base_on_table(sc_, outline(regiment_body(sc_, st_, r, at)))) {
        fail("chaos.off_table", id, "scale",
             "brigade " + id + ": regiment " + r + " would end off the table at " +
                 format_point(at));
        return;
      }
      finals_[r] = at;
    }
  } else if (!base_on_table(sc_, sc_.marker_outline(path.back()))) {
    fail("chaos.off_table", id, "scale",
         "brigade " + id + ": marker " + std::to_string(n) + " would end off the table at " +
             format_point(path.back()));
    return;
  }
  // The longest rate its ground could roll, before any die.
  Going going = going_at(id, deployed, start);
  Coord longest = longest_rate(going, deployed && sc_.brigade(id)->arm == Arm::kCavalry);
  Coord length = path_length(path);
  if (length > longest) {
    fail("chaos.too_far", id, rule,
         "brigade " + id + ": a path of " + inches(length) +
             "\" is longer than the longest rate on " + going_name(going) + " ground (" +
             inches(longest) + "\")");
    return;
  }
  Json out = {{"marker", n}, {"path", Json::array()}, {"engage", nullptr}};
  for (Point p : path) out["path"].push_back(json_of(p));
  if (placing && !read_move_places(id, v["regiments"], path.back(), longest, rule, out)) return;
  std::string target;
  if (v.contains("engage") && !read_engage(id, v["engage"], deployed, out, target)) return;
  plan["move"] = out;
  echo_.push_back(id + (deployed ? " moves" : " moves marker " + std::to_string(n)) + " " +
                  format_point(path.front()) + " to " + format_point(path.back()) + ", " +
                  inches(length) + "\" of at most " + inches(longest) + "\"" + target);
}

// terms.check: the enemy unit a move is to engage, by a point inside it;
// a deployed brigade engages only a marker (move.check.deployed_marker).
bool Checker::read_engage(const std::string& id, const Json& engage, bool deployed, Json& out,
                          std::string& target) {
  if (!is_point(engage)) {
    fail("orders.wrong_type", id, "terms.check",
         "brigades." + id + ".move.engage is an [x, y] point");
    return false;
  }
  Point e = point_of(engage);
  auto u = unit_at(st_, sc_, side_, e);
  if (!u) {
    fail("chaos.engage_target", id, "terms.check",
         "brigade " + id + ": no enemy marker or unit stands at " + format_point(e));
    return false;
  }
  if (deployed && !u->marker) {
    fail("chaos.engage_target", id, "terms.check",
         "brigade " + id + ": a deployed brigade engages a marker (move.check.deployed_marker); " +
             format_point(e) + " is a deployed regiment");
    return false;
  }
  out["engage"] = json_of(e);
  target = ", engaging the enemy at " + format_point(e);
  return true;
}

// The going under a brigade about to move (move.marker, move.deployed):
// its regiments' ground when deployed, else its marker's.
Going Checker::going_at(const std::string& id, bool deployed, Point start) const {
  if (!deployed) return marker_going(sc_.terrain, sc_.marker_outline(start));
  std::vector<Outline> regs;
  for (const auto& r : deployed_regiments(st_, id))
    regs.push_back(outline(regiment_body(sc_, st_, r)));
  return brigade_going(sc_.terrain, regs);
}

// Version 3 (move.deployed): the regiments' places when the move
// ends, every regiment placed: on the table, within 4" of the
// commander where his path ends, on no other base, and none moving
// farther than the longest rate. A move cut short keeps them where
// the order puts them relative to him.
bool Checker::read_move_places(const std::string& id, const Json& regs, Point end, Coord longest,
                               const char* rule, Json& out) {
  if (!regs.is_object()) {
    fail("orders.wrong_type", id, rule, "brigades." + id + ".move.regiments is an object");
    return false;
  }
  std::vector<std::string> present = deployed_regiments(st_, id);
  for (const auto& [r, place] : regs.items())
    if (std::find(present.begin(), present.end(), r) == present.end()) {
      fail("chaos.unknown_regiment", id, rule,
           "brigade " + id + " has no regiment \"" + r + "\" on the table");
      return false;
    }
  Outline boss = sc_.figure_outline(Arm::kCommander, {id, id, end, 0});
  std::vector<std::pair<std::string, Outline>> mine;
  out["regiments"] = Json::object();
  for (const auto& r : present) {
    if (!regs.contains(r)) {
      fail("chaos.formation", id, rule,
           "brigade " + id + ": regiment " + r +
               " is not placed (move.regiments places every regiment)");
      return false;
    }
    Json placed;
    Outline o;
    if (!regiment_place(id, r, regs[r], st_.regiments.at(r).facing, rule, placed, o)) return false;
    Point at = point_of(placed["at"]);
    if (!within(o, boss, 4 * kInch)) {
      fail("chaos.formation", id, rule,
           "brigade " + id + ": regiment " + r + " at " + format_point(at) +
               " would be more than 4\" from its brigade commander at " + format_point(end));
      return false;
    }
    Coord gone = path_length({*st_.regiments.at(r).at, at});
    if (gone > longest) {
      fail("chaos.too_far", id, rule,
           "brigade " + id + ": regiment " + r + " would move " + inches(gone) +
               "\", more than the longest rate (" + inches(longest) + "\")");
      return false;
    }
    for (const auto& [other, p] : mine)
      if (convex_overlap(o, p, kOverlapTolerance)) {
        fail("chaos.overlap", id, rule,
             "brigade " + id + ": regiment " + r + " would overlap regiment " + other);
        return false;
      }
    mine.push_back({r, o});
    finals_[r] = at;
    out["regiments"][r] = placed;
  }
  return true;
}

// A deployed brigade's regiments must not end on another base (own bases
// where they will end, the enemy's where they stand). Own bases are
// named first, then "an enemy base": the words never hang on the
// enemy's ids, so a side's own view checks the same (scenario_part.h).
void Checker::check_overlaps() {
  if (finals_.empty()) return;
  std::vector<std::pair<std::string, Outline>> others;
  for (bool own_side : {true, false}) {
    for (const auto& [id, r] : st_.regiments) {
      if (r.removed || !r.at || (st_.brigades.at(r.brigade).side == side_) != own_side) continue;
      auto f = finals_.find(id);
      others.push_back(
          {id, outline(regiment_body(sc_, st_, id, f == finals_.end() ? *r.at : f->second))});
    }
    for (const auto& [wid, w] : st_.wagons)
      if (!w.destroyed && (w.side == side_) == own_side)
        others.push_back({wid, sc_.figure_outline(Arm::kWagon, {wid, wid, w.at, w.facing})});
  }
  std::set<std::string> named;
  for (const auto& [id, at] : finals_) {
    Outline mine = outline(regiment_body(sc_, st_, id, at));
    for (const auto& [oid, o] : others) {
      if (oid == id || !convex_overlap(mine, o, kOverlapTolerance)) continue;
      const std::string& brigade = st_.regiments.at(id).brigade;
      if (!named.insert(brigade).second) break;
      bool own = st_.regiments.count(oid)
                     ? st_.brigades.at(st_.regiments.at(oid).brigade).side == side_
                     : st_.wagons.at(oid).side == side_;
      fail("chaos.overlap", brigade, "move.deployed",
           "brigade " + brigade + ": regiment " + id + " would end overlapping " +
               (own ? oid : std::string("an enemy base")) + " at " + format_point(at));
      break;
    }
  }
}

void Checker::read_commander(const std::string& id, const Json& v) {
  auto it = st_.commanders.find(id);
  if (it == st_.commanders.end() || it->second.side != side_) {
    fail("chaos.commander", id, "move.commanders",
         "\"" + id + "\" is not a player commander of " + side_);
    return;
  }
  if (!v.is_object() || !v.contains("path") || !v["path"].is_array() || v.size() != 1) {
    fail("orders.wrong_type", id, "move.commanders",
         "commanders." + id + " is {\"path\": [[x, y], ...]}");
    return;
  }
  std::vector<Point> path;
  for (const auto& p : v["path"]) {
    if (!is_point(p)) {
      fail("orders.wrong_type", id, "move.commanders",
           "commanders." + id + ".path: a point is [x, y]");
      return;
    }
    Point q = point_of(p);
    if (!point_on_table(sc_, q)) {
      fail("chaos.off_table", id, "scale",
           "commander " + id + ": " + format_point(q) + " is off the table");
      return;
    }
    path.push_back(q);
  }
  if (path.size() < 2 || path.front() != it->second.at) {
    fail("chaos.path_start", id, "move.commanders",
         "commander " + id + ": a path starts where the commander stands, " +
             format_point(it->second.at));
    return;
  }
  Coord length = path_length(path);
  if (length > kCommanderMove) {
    fail("chaos.too_far", id, "move.commanders",
         "commander " + id + ": a path of " + inches(length) + "\" is longer than 8.00\"");
    return;
  }
  Json out = Json::array();
  for (Point q : path) out.push_back(json_of(q));
  plan_["commanders"][id] = {{"path", out}};
  echo_.push_back("commander " + id + " moves to " + format_point(path.back()) + ", " +
                  inches(length) + "\"");
}

}  // namespace adjutant::rules::chaos::orders_check
