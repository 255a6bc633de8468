#include "rules/chaos/orders.h"

#include <algorithm>
#include <set>

#include "rules/chaos/fights.h"
#include "rules/chaos/marker_rates.h"
#include "rules/chaos/readings.h"
#include "rules/chaos/table_play.h"
#include "util/error.h"

namespace adjutant::rules::chaos {

const std::vector<NotYet>& not_yet_fields(int version) {
  static const std::vector<NotYet> v1 = {
      {"fight", "fight.initiate"},
      {"regiments", "move.deployed"},
      {"policies", "fight"},
      {"tokens", "token"},
  };
  // Version 2 adjudicates the fight phase, its policies and the combat
  // tokens (those of token_not_yet excepted).
  static const std::vector<NotYet> v2 = {
      {"regiments", "move.deployed"},
  };
  // Version 3 adds limbering and mounting (engagement.withdraw,
  // engagement.maneuver, fight.artillery, fight.cavalry) and regiments
  // placed by order (shake_out, move.deployed): nothing is refused as not
  // yet adjudicated.
  static const std::vector<NotYet> v3 = {};
  Readings rd = readings(version);
  return rd.regiments_placed_by_order ? v3 : rd.fight_phase ? v2 : v1;
}

namespace orders_check {

// Player commanders "always move up to 8"" (move.commanders).
constexpr Coord kCommanderMove = 8 * kInch;
constexpr Coord kMarkerApart = 4 * kInch;
constexpr Coord kMarkerEnemy = 12 * kInch;

// The fight test policies (fight.test) and battery targets
// (fight.resolve) a side may stand by (docs/rules/chaos.md "The order
// file").
const std::set<std::string>& test_policies() {
  static const std::set<std::string> all = {"enemy_most_stressed", "enemy_least_stressed",
                                            "own_least_stressed"};
  return all;
}
const std::set<std::string>& target_policies() {
  static const std::set<std::string> all = {"closest", "most_stressed", "least_stressed"};
  return all;
}

const std::set<std::string>& tokens_not_yet() {
  static const std::set<std::string> all = {};
  return all;
}

const char* not_yet(const std::string& field, int version) {
  for (const auto& n : not_yet_fields(version))
    if (field == n.field) return n.procedure;
  return nullptr;
}

bool is_point(const Json& v) {
  return v.is_array() && v.size() == 2 && v[0].is_number_integer() && v[1].is_number_integer();
}

class Checker {
 public:
  Checker(const Scenario& sc, const model::State& state, const Json& orders)
      : sc_(sc),
        rd_(readings(sc.rules_version)),
        st_(chaos_of(state)),
        orders_(orders),
        state_(state) {}

  Checked run(const std::string& source) {
    if (!orders_.is_object()) {
      fail("orders.wrong_type", "", "", "the order body must be an object");
      throw OrdersRefused(source, problems_);
    }
    side_ = orders_.value("side", "");
    bool known = false;
    for (const auto& s : sc_.sides) known = known || s.id == side_;
    for (const auto& t : state_.extra.value("tokens", Json::object()).value(side_, Json::array()))
      if (t.is_string()) held_.push_back(t.get<std::string>());
    if (!known) {
      fail("orders.wrong_type", "", "", "\"side\" names no side of the scenario");
      throw OrdersRefused(source, problems_);
    }
    engaged_ = engaged_brigades(st_, sc_);
    plan_ = {{"side", side_},
             {"sequence", Json::array()},
             {"preferred", Json::object()},
             {"brigades", Json::object()},
             {"commanders", Json::object()}};
    for (const auto& [key, value] : orders_.items()) {
      if (key == "side" || key == "brigades" || key == "commanders" || key == "sequence" ||
          key == "preferred")
        continue;
      if (is_pipeline_field(key)) continue;  // the envelope's, checked by intake
      if (key == "policies" && rd_.fight_phase) {
        read_policies(value);
        continue;
      }
      if (key == "tokens" && rd_.fight_phase) {
        read_tokens(value);
        continue;
      }
      if (const char* proc = not_yet(key, sc_.rules_version))
        fail("chaos.not_yet", "", proc,
             "\"" + key + "\": " + proc + " is not adjudicated by chaos version " + version_text());
      else
        fail("orders.unknown_field", "", "", "unknown field \"" + key + "\"");
    }
    read_sequence();
    read_preferred();
    if (orders_.contains("brigades")) {
      if (!orders_["brigades"].is_object())
        fail("orders.wrong_type", "", "", "\"brigades\" must be an object of brigade ids");
      else
        for (const auto& [id, b] : orders_["brigades"].items()) read_brigade(id, b);
    }
    check_overlaps();
    if (orders_.contains("commanders")) {
      if (!orders_["commanders"].is_object())
        fail("orders.wrong_type", "", "", "\"commanders\" must be an object");
      else
        for (const auto& [id, c] : orders_["commanders"].items()) read_commander(id, c);
    }
    if (!problems_.empty()) throw OrdersRefused(source, problems_);
    Checked out;
    out.plan = plan_;
    out.echo = echo_;
    if (out.echo.empty()) out.echo.push_back(side_ + ": no orders; every brigade holds and rests");
    return out;
  }

 private:
  void fail(const std::string& id, const std::string& unit, const std::string& rule,
            const std::string& message) {
    problems_.push_back({id, -1, unit, "", rule, message});
  }

  bool own_brigade(const std::string& id) const {
    auto it = st_.brigades.find(id);
    return it != st_.brigades.end() && it->second.side == side_;
  }

  void read_sequence() {
    std::vector<std::string> seq;
    std::set<std::string> seen;
    if (orders_.contains("sequence")) {
      const Json& s = orders_["sequence"];
      if (!s.is_array()) {
        fail("orders.wrong_type", "", "", "\"sequence\" must be a list of brigade ids");
      } else {
        for (const auto& v : s) {
          std::string id = v.is_string() ? v.get<std::string>() : "";
          if (!own_brigade(id))
            fail("chaos.unknown_brigade", id, "engagement",
                 "sequence: \"" + id + "\" is not a brigade of " + side_);
          else if (!seen.insert(id).second)
            fail("chaos.sequence", id, "engagement", "sequence names brigade " + id + " twice");
          else
            seq.push_back(id);
        }
      }
    }
    for (const auto& b : sc_.side(side_).brigades)
      if (!seen.count(b.id)) seq.push_back(b.id);
    plan_["sequence"] = seq;
  }

  void read_preferred() {
    if (!orders_.contains("preferred")) return;
    if (!orders_["preferred"].is_object()) {
      fail("orders.wrong_type", "", "", "\"preferred\" must be an object of brigade ids");
      return;
    }
    for (const auto& [id, v] : orders_["preferred"].items()) {
      if (!own_brigade(id)) {
        fail("chaos.unknown_brigade", id, "terms.chaos_roll",
             "preferred: \"" + id + "\" is not a brigade of " + side_);
        continue;
      }
      int n = v.is_number_integer() ? v.get<int>() : 0;
      if (n != 1 && n != 2) {
        fail("chaos.marker", id, "terms.chaos_roll",
             "brigade " + id + ": the preferred marker is 1 or 2");
        continue;
      }
      plan_["preferred"][id] = n;
    }
  }

  // The marker an order names: 1 by default; must be one the brigade has.
  int marker_number(const std::string& id, const Json& order, const char* rule) {
    const auto& b = st_.brigades.at(id);
    int n = 1;
    if (order.contains("marker"))
      n = order["marker"].is_number_integer() ? order["marker"].get<int>() : 0;
    if (n < 1 || n > int(b.markers.size())) {
      fail("chaos.marker", id, rule,
           "brigade " + id + " has " + std::to_string(b.markers.size()) +
               " marker(s), not marker " + std::to_string(n));
      return 0;
    }
    return n;
  }

  void read_brigade(const std::string& id, const Json& b) {
    if (!own_brigade(id)) {
      fail("chaos.unknown_brigade", id, "", "\"" + id + "\" is not a brigade of " + side_);
      return;
    }
    if (!b.is_object()) {
      fail("orders.wrong_type", id, "", "brigades." + id + " must be an object");
      return;
    }
    const BrigadeState& bs = st_.brigades.at(id);
    bool deployed = bs.commander.has_value();
    bool engaged = engaged_.count(id) > 0;
    Json plan = Json::object();
    for (const auto& [key, v] : b.items()) {
      if (key == "shake_out") {
        if (deployed) {
          fail("chaos.deployed", id, "shake_out", "brigade " + id + " is already deployed");
          continue;
        }
        if (!v.is_object()) {
          fail("orders.wrong_type", id, "shake_out",
               "brigades." + id + ".shake_out must be an object");
          continue;
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
        if (!ok || n == 0) continue;
        plan["shake_out"] = {{"marker", n}, {"facing", facing}};
        if (v3 && (v.contains("regiments") || v.contains("commander"))) {
          Point centre = st_.brigades.at(id).markers[std::size_t(n - 1)];
          Json placed = read_placement(id, v, centre, facing);
          if (placed.is_null()) continue;
          plan["shake_out"]["commander"] = placed["commander"];
          plan["shake_out"]["regiments"] = placed["regiments"];
        }
        echo_.push_back(
            id + " shakes out at marker " + std::to_string(n) + ", facing " +
            std::to_string(facing) +
            (plan["shake_out"].contains("regiments") ? ", its regiments as placed" : ""));
      } else if (key == "move") {
        read_move(id, v, deployed, engaged, plan);
      } else if (key == "rest") {
        if (!v.is_boolean()) {
          fail("orders.wrong_type", id, "rest", "brigades." + id + ".rest must be true or false");
          continue;
        }
        plan["rest"] = v.get<bool>();
        if (!v.get<bool>()) echo_.push_back(id + " does not rest");
      } else if (key == "withdraw" && v.is_object() && rd_.limbering_and_mounting) {
        read_withdraw(id, v, engaged, plan);
      } else if (key == "withdraw" || key == "form_up") {
        const char* rule = key == "withdraw" ? "engagement.withdraw" : "engagement.form_up";
        if (!v.is_boolean()) {
          fail("orders.wrong_type", id, rule,
               "brigades." + id + "." + key + " must be true or false");
          continue;
        }
        if (!v.get<bool>()) continue;
        if (!engaged) {
          fail("chaos.not_engaged", id, rule,
               "brigade " + id + " is not engaged: only an engaged brigade may " +
                   (key == "withdraw" ? "withdraw" : "form up"));
          continue;
        }
        plan[key] = true;
        echo_.push_back(id + (key == "withdraw" ? " withdraws" : " forms up"));
      } else if (key == "maneuver") {
        read_maneuver(id, v, engaged, plan);
      } else if (key == "fire") {
        if (!v.is_object()) {
          fail("orders.wrong_type", id, "engagement.artillery",
               "brigades." + id + ".fire is an object of batteries");
          continue;
        }
        Json fire = Json::object();
        for (const auto& [battery, target] : v.items()) {
          auto it = st_.regiments.find(battery);
          if (it == st_.regiments.end() || it->second.brigade != id ||
              regiment_spec(sc_, battery).arm != Arm::kArtillery) {
            fail("chaos.fire", id, "engagement.artillery",
                 "brigade " + id + " has no battery \"" + battery + "\"");
            continue;
          }
          if (!(target == "closest" || target == "hold" || is_point(target))) {
            fail("chaos.fire", id, "engagement.artillery",
                 "brigade " + id + ": battery " + battery +
                     " fires at \"closest\", \"hold\" or an [x, y] point inside the target");
            continue;
          }
          fire[battery] = target;
          echo_.push_back(battery + (target == "hold" ? std::string(" holds its fire")
                                                      : " fires at " + target.dump()));
        }
        plan["fire"] = fire;
      } else if (key == "remarker") {
        read_remarker(id, v, deployed, engaged, plan);
      } else if (key == "fight" && rd_.fight_phase) {
        read_fight(id, v, engaged, plan);
      } else if (const char* proc = not_yet(key, sc_.rules_version)) {
        fail("chaos.not_yet", id, proc,
             "brigade " + id + ": \"" + key + "\" (" + proc +
                 ") is not adjudicated by chaos version " + version_text());
      } else {
        fail("orders.unknown_field", id, "", "brigades." + id + ": unknown field \"" + key + "\"");
      }
    }
    if (plan.contains("withdraw") && plan.contains("maneuver"))
      fail("chaos.conflict", id, "engagement.maneuver",
           "brigade " + id + " cannot both withdraw and maneuver in one turn");
    if (plan.contains("withdraw") && plan.contains("form_up"))
      fail("chaos.conflict", id, "engagement.form_up",
           "brigade " + id + " cannot both withdraw and form up in one turn");
    if (plan.contains("fight") && !plan.contains("form_up"))
      fail("chaos.fight", id, "fight.initiate",
           "brigade " + id +
               ": only a brigade formed up this turn starts a fight (give \"form_up\": true)");
    if (plan.contains("shake_out") && plan.contains("move"))
      fail("chaos.deployed", id, "shake_out",
           "brigade " + id + " cannot both shake out and move as a marker this turn");
    if (!plan.empty()) plan_["brigades"][id] = plan;
  }

  std::string version_text() const { return std::to_string(sc_.rules_version); }

  // engagement.withdraw (version 3): {"regiments": {R: {"mount": false}}}
  // keeps dismounted cavalry dismounted ("Dismounted Cavalry may choose to
  // mount"; the default mounts it); "Artillery must limber", so a battery's
  // "limber" may only be true.
  void read_withdraw(const std::string& id, const Json& v, bool engaged, Json& plan) {
    const char* rule = "engagement.withdraw";
    for (const auto& [k, x] : v.items())
      if (k != "regiments" || !x.is_object()) {
        fail("orders.wrong_type", id, rule,
             "brigades." + id + ".withdraw is true or {\"regiments\": {R: {\"mount\": false}}}");
        return;
      }
    if (!engaged) {
      fail("chaos.not_engaged", id, rule,
           "brigade " + id + " is not engaged: only an engaged brigade may withdraw");
      return;
    }
    Json keep = Json::array();
    if (v.contains("regiments"))
      for (const auto& [r, x] : v["regiments"].items()) {
        if (!regiment_of(id, r, rule)) return;
        const Json& choice = x;
        bool known = choice.is_object();
        if (known)
          for (const auto& [k, y] : choice.items())
            known = known && (k == "mount" || k == "limber");
        if (!known) {
          fail("orders.wrong_type", id, rule,
               "brigades." + id + ".withdraw.regiments." + r + " is {\"mount\": true|false}");
          return;
        }
        if (!read_limber(id, r, choice, rule)) return;
        if (choice.contains("limber") && !choice["limber"].get<bool>()) {
          fail("chaos.limber", id, rule,
               "brigade " + id + ": battery " + r + " must limber to withdraw");
          return;
        }
        if (choice.contains("mount") && !choice["mount"].get<bool>()) keep.push_back(r);
      }
    plan["withdraw"] = true;
    if (!keep.empty()) plan["withdraw_dismounted"] = keep;
    echo_.push_back(id + " withdraws");
    for (const auto& r : keep) echo_.push_back(r.get<std::string>() + " stays dismounted");
  }

  // shake_out (version 3): the brigade commander (default: the marker's
  // centre, and inside the 3" card) and every regiment of the brigade
  // placed, each {"at", "facing" (default the shake out's)}: on the table,
  // within 4" of the commander, on no other base, none within 8" of an
  // enemy unit as the side sees it (shake_out: "unengaged units may not
  // become engaged here"). Null with a refusal naming the brigade, the
  // regiment and the rule.
  Json read_placement(const std::string& id, const Json& v, Point centre, int facing) {
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
        fail(
            "chaos.formation", id, rule,
            "brigade " + id + ": regiment " + r + " at " + format_point(point_of(out_place["at"])) +
                " would be more than 4\" from its brigade commander at " + format_point(commander));
        return nullptr;
      }
      for (const auto& u : enemy_units(st_, sc_, side_))
        if (within(o, u.base, kEngagementRange)) {
          fail(
              "chaos.formation", id, "terms.engagement",
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
  bool regiment_place(const std::string& id, const std::string& r, const Json& place, int facing,
                      const char* rule, Json& out, Outline& o) {
    if (!place.is_object() || !place.contains("at") || !is_point(place["at"]) ||
        (place.contains("facing") &&
         (!place["facing"].is_number_integer() || place["facing"].get<long long>() < 0 ||
          place["facing"].get<long long>() > 359))) {
      fail("orders.wrong_type", id, rule,
           "brigades." + id + ": regiment " + r +
               " is placed by {\"at\": [x, y], \"facing\": 0-359}");
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
           "brigade " + id + ": regiment " + r + " would stand off the table at " +
               format_point(at));
      return false;
    }
    out = {{"at", json_of(at)}, {"facing", f}};
    return true;
  }

  // A placed regiment overlaps none of `mine` (placed before it) and no
  // base on the table but its own brigade's.
  bool placed_clear(const std::string& id, const std::string& r, const Outline& o,
                    const std::vector<std::pair<std::string, Outline>>& mine, const char* rule) {
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

  // A regiment of the brigade on the table, or a refusal.
  bool regiment_of(const std::string& id, const std::string& r, const char* rule) {
    auto it = st_.regiments.find(r);
    if (it == st_.regiments.end() || it->second.brigade != id || it->second.removed ||
        !it->second.at) {
      fail("chaos.unknown_regiment", id, rule,
           "brigade " + id + " has no regiment \"" + r + "\" on the table");
      return false;
    }
    return true;
  }

  // "limber" (a battery's) and "mount" (a cavalry regiment's), version 3:
  // checked and left in `place` as booleans; false with a refusal. Other
  // keys are left for the caller.
  bool read_limber(const std::string& id, const std::string& r, const Json& place,
                   const char* rule) {
    Arm arm = regiment_spec(sc_, r).arm;
    for (const char* k : {"limber", "mount"}) {
      if (!place.contains(k)) continue;
      if (!rd_.limbering_and_mounting) {
        fail("chaos.not_yet", id, rule,
             "brigade " + id + ": regiment " + r + ": \"" + k +
                 "\" (limbering and mounting) is not adjudicated by chaos version " +
                 version_text());
        return false;
      }
      if (!place[k].is_boolean()) {
        fail("orders.wrong_type", id, rule,
             "brigades." + id + ": regiment " + r + ": \"" + k + "\" is true or false");
        return false;
      }
      bool battery = std::string(k) == "limber";
      if (arm != (battery ? Arm::kArtillery : Arm::kCavalry)) {
        fail(battery ? "chaos.limber" : "chaos.mount", id, rule,
             "brigade " + id + ": " + r + " is not " +
                 (battery ? "a battery: only artillery limbers"
                          : "cavalry: only cavalry mounts or dismounts"));
        return false;
      }
    }
    return true;
  }

  // policies (version 2): the standing choices of the fight phase.
  void read_policies(const Json& v) {
    if (!v.is_object()) {
      fail("orders.wrong_type", "", "fight", "\"policies\" must be an object");
      return;
    }
    Json out = Json::object();
    for (const auto& [k, x] : v.items()) {
      if (k == "test") {
        if (!x.is_string() || !test_policies().count(x.get<std::string>())) {
          fail("chaos.policy", "", "fight.test",
               "policies.test is enemy_most_stressed, enemy_least_stressed or "
               "own_least_stressed");
          continue;
        }
        out[k] = x;
        echo_.push_back("fight tests: " + x.get<std::string>());
      } else if (k == "artillery_target") {
        if (!x.is_string() || !target_policies().count(x.get<std::string>())) {
          fail("chaos.policy", "", "fight.resolve",
               "policies.artillery_target is closest, most_stressed or least_stressed");
          continue;
        }
        out[k] = x;
        echo_.push_back("batteries in a fight target the " + x.get<std::string>());
      } else if (k == "hold_the_line_below") {
        if (!x.is_number_integer() || x.get<long long>() < 0 || x.get<long long>() > 99) {
          fail("chaos.policy", "", "fight.test",
               "policies.hold_the_line_below is a whole number from 0 to 99");
          continue;
        }
        out[k] = x;
        echo_.push_back("a tested regiment holds the line below stress " +
                        std::to_string(x.get<int>()) + ", else bends");
      } else if (k == "withdraw_at_stress" && rd_.withdraw_at_stress_policy) {
        if (!x.is_number_integer() || x.get<long long>() < 0 || x.get<long long>() > 99) {
          fail("chaos.policy", "", "engagement.withdraw",
               "policies.withdraw_at_stress is a whole number from 0 to 99");
          continue;
        }
        out[k] = x;
        echo_.push_back("an engaged brigade that can withdraws at brigade stress " +
                        std::to_string(x.get<int>()) + " or more");
      } else if (k == "withdraw_at_stress") {
        fail("chaos.not_yet", "", "engagement.withdraw",
             "policies.withdraw_at_stress is not adjudicated by chaos version " + version_text() +
                 " (give brigades.B.withdraw)");
      } else {
        fail("orders.unknown_field", "", "fight", "policies: unknown field \"" + k + "\"");
      }
    }
    plan_["policies"] = out;
  }

  // tokens (version 2): [{"token", "fight_with": B}], each a token the
  // side holds (as many times as it holds it).
  void read_tokens(const Json& v) {
    if (!v.is_array()) {
      fail("orders.wrong_type", "", "token", "\"tokens\" must be a list of {\"token\": name}");
      return;
    }
    std::map<std::string, int> held;
    for (const auto& t : held_) ++held[t];
    Json out = Json::array();
    for (const auto& t : v) {
      if (!t.is_object() || !t.contains("token") || !t["token"].is_string()) {
        fail("orders.wrong_type", "", "token",
             "a tokens entry is {\"token\": name, \"fight_with\": brigade}");
        continue;
      }
      std::string name = t["token"].get<std::string>();
      std::string rule = "token." + name;
      bool ok = true;
      bool last = false;
      for (const auto& [k, x] : t.items())
        if (k == "when" && rd_.tokens_revealed_last) {
          // Version 3: "first" (at the side's first testing turns) or
          // "last" (once it has no regiment left to test). The testing
          // ends at the first failure ("It ends ... at the first
          // failure"), so nothing is revealed after one.
          if (x == "last") {
            last = true;
          } else if (x != "first") {
            fail("chaos.token", "", rule,
                 "tokens: " + name +
                     ": \"when\" is \"first\" or \"last\" (the testing ends at the first "
                     "failure: no token is revealed after it)");
            ok = false;
          }
        } else if (k == "when") {
          if (x != "first") {
            fail("chaos.not_yet", "", rule,
                 "tokens: " + name + ": only \"when\": \"first\" is adjudicated by chaos version " +
                     version_text());
            ok = false;
          }
        } else if (k != "token" && k != "fight_with") {
          fail("orders.unknown_field", "", rule,
               "tokens: " + name + ": unknown field \"" + k + "\"");
          ok = false;
        }
      if (!token_from_name(name)) {
        fail("chaos.token", "", "token", "tokens: \"" + name + "\" is no combat token");
        continue;
      }
      if (held[name]-- <= 0) {
        fail("chaos.token", "", rule,
             "tokens: " + side_ + " does not hold " + name + " (as many times as it is listed)");
        continue;
      }
      if (tokens_not_yet().count(name)) {
        fail("chaos.not_yet", "", rule,
             "tokens: " + name + " (" + rule + ") is not adjudicated by chaos version " +
                 version_text());
        continue;
      }
      Json entry = {{"token", name}};
      if (t.contains("fight_with")) {
        std::string b = t["fight_with"].is_string() ? t["fight_with"].get<std::string>() : "";
        if (!own_brigade(b)) {
          fail("chaos.unknown_brigade", b, rule,
               "tokens: " + name + ": fight_with \"" + b + "\" is not a brigade of " + side_);
          continue;
        }
        entry["fight_with"] = b;
      }
      if (last) entry["when"] = "last";
      if (!ok) continue;
      out.push_back(entry);
      echo_.push_back("token " + name + " committed to " +
                      (entry.contains("fight_with")
                           ? "the fight of " + entry["fight_with"].get<std::string>()
                           : std::string("the first fight")));
    }
    plan_["tokens"] = out;
  }

  // fight.initiate (version 2): {"regiment": id, "toward": [x, y] inside
  // an enemy regiment (default: the closest)}; the brigade must be engaged
  // and form up this turn (checked after all its fields).
  void read_fight(const std::string& id, const Json& v, bool engaged, Json& plan) {
    const char* rule = "fight.initiate";
    if (!engaged) {
      fail("chaos.not_engaged", id, rule,
           "brigade " + id + " is not engaged: it cannot start a fight");
      return;
    }
    if (!v.is_object() || !v.contains("regiment") || !v["regiment"].is_string()) {
      fail("orders.wrong_type", id, rule,
           "brigades." + id + ".fight is {\"regiment\": id, \"toward\": [x, y]}");
      return;
    }
    for (const auto& [k, x] : v.items())
      if (k != "regiment" && k != "toward") {
        fail("orders.unknown_field", id, rule,
             "brigades." + id + ".fight." + k + ": unknown field");
        return;
      }
    std::string r = v["regiment"].get<std::string>();
    auto it = st_.regiments.find(r);
    if (it == st_.regiments.end() || it->second.brigade != id || it->second.removed ||
        !it->second.at) {
      fail("chaos.unknown_regiment", id, rule,
           "brigade " + id + " has no regiment \"" + r + "\" on the table");
      return;
    }
    if (regiment_spec(sc_, r).arm == Arm::kArtillery) {
      fail("chaos.fight", id, rule,
           "brigade " + id + ": battery " + r +
               " does not advance into a fight (an infantry or cavalry regiment does)");
      return;
    }
    Json out = {{"regiment", r}, {"toward", nullptr}};
    std::string toward = "the closest enemy regiment";
    if (v.contains("toward")) {
      if (!is_point(v["toward"])) {
        fail("orders.wrong_type", id, rule, "brigades." + id + ".fight.toward is an [x, y] point");
        return;
      }
      Point p = point_of(v["toward"]);
      auto u = unit_at(st_, sc_, side_, p);
      if (!u || u->marker) {
        fail("chaos.fight", id, rule,
             "brigade " + id + ": no enemy regiment stands at " + format_point(p));
        return;
      }
      out["toward"] = json_of(p);
      toward = "the enemy regiment at " + format_point(p);
    }
    plan["fight"] = out;
    echo_.push_back(id + ": " + r + " advances into a fight toward " + toward);
  }

  void read_move(const std::string& id, const Json& v, bool deployed, bool engaged, Json& plan) {
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
    Going going;
    bool cavalry = false;
    if (deployed) {
      std::vector<Outline> regs;
      for (const auto& r : deployed_regiments(st_, id))
        regs.push_back(outline(regiment_body(sc_, st_, r)));
      going = brigade_going(sc_.terrain, regs);
      cavalry = sc_.brigade(id)->arm == Arm::kCavalry;
    } else {
      going = marker_going(sc_.terrain, sc_.marker_outline(start));
    }
    Coord longest = longest_rate(going, cavalry);
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
    if (placing) {
      // Version 3 (move.deployed): the regiments' places when the move
      // ends, every regiment placed: on the table, within 4" of the
      // commander where his path ends, on no other base, and none moving
      // farther than the longest rate. A move cut short keeps them where
      // the order puts them relative to him.
      const Json& regs = v["regiments"];
      if (!regs.is_object()) {
        fail("orders.wrong_type", id, rule, "brigades." + id + ".move.regiments is an object");
        return;
      }
      std::vector<std::string> present = deployed_regiments(st_, id);
      for (const auto& [r, place] : regs.items())
        if (std::find(present.begin(), present.end(), r) == present.end()) {
          fail("chaos.unknown_regiment", id, rule,
               "brigade " + id + " has no regiment \"" + r + "\" on the table");
          return;
        }
      Outline boss = sc_.figure_outline(Arm::kCommander, {id, id, path.back(), 0});
      std::vector<std::pair<std::string, Outline>> mine;
      out["regiments"] = Json::object();
      for (const auto& r : present) {
        if (!regs.contains(r)) {
          fail("chaos.formation", id, rule,
               "brigade " + id + ": regiment " + r +
                   " is not placed (move.regiments places every regiment)");
          return;
        }
        Json placed;
        Outline o;
        if (!regiment_place(id, r, regs[r], st_.regiments.at(r).facing, rule, placed, o)) return;
        Point at = point_of(placed["at"]);
        if (!within(o, boss, 4 * kInch)) {
          fail("chaos.formation", id, rule,
               "brigade " + id + ": regiment " + r + " at " + format_point(at) +
                   " would be more than 4\" from its brigade commander at " +
                   format_point(path.back()));
          return;
        }
        Coord gone = path_length({*st_.regiments.at(r).at, at});
        if (gone > longest) {
          fail("chaos.too_far", id, rule,
               "brigade " + id + ": regiment " + r + " would move " + inches(gone) +
                   "\", more than the longest rate (" + inches(longest) + "\")");
          return;
        }
        for (const auto& [other, p] : mine)
          if (convex_overlap(o, p, kOverlapTolerance)) {
            fail("chaos.overlap", id, rule,
                 "brigade " + id + ": regiment " + r + " would overlap regiment " + other);
            return;
          }
        mine.push_back({r, o});
        finals_[r] = at;
        out["regiments"][r] = placed;
      }
    }
    std::string target;
    if (v.contains("engage")) {
      if (!is_point(v["engage"])) {
        fail("orders.wrong_type", id, "terms.check",
             "brigades." + id + ".move.engage is an [x, y] point");
        return;
      }
      Point e = point_of(v["engage"]);
      auto u = unit_at(st_, sc_, side_, e);
      if (!u) {
        fail("chaos.engage_target", id, "terms.check",
             "brigade " + id + ": no enemy marker or unit stands at " + format_point(e));
        return;
      }
      if (deployed && !u->marker) {
        fail("chaos.engage_target", id, "terms.check",
             "brigade " + id +
                 ": a deployed brigade engages a marker (move.check.deployed_marker); " +
                 format_point(e) + " is a deployed regiment");
        return;
      }
      out["engage"] = json_of(e);
      target = ", engaging the enemy at " + format_point(e);
    }
    plan["move"] = out;
    echo_.push_back(id + (deployed ? " moves" : " moves marker " + std::to_string(n)) + " " +
                    format_point(path.front()) + " to " + format_point(path.back()) + ", " +
                    inches(length) + "\" of at most " + inches(longest) + "\"" + target);
  }

  // engagement.maneuver: a new place for the commander (at most 4") and
  // for any regiment ({"at", "facing"}); what depends on the enemy is
  // checked at the brigade's turn in the alternation.
  void read_maneuver(const std::string& id, const Json& v, bool engaged, Json& plan) {
    const char* rule = "engagement.maneuver";
    if (!engaged) {
      fail("chaos.not_engaged", id, rule, "brigade " + id + " is not engaged: it cannot maneuver");
      return;
    }
    if (!v.is_object() || !v.contains("commander") || !is_point(v["commander"])) {
      fail("orders.wrong_type", id, rule,
           "brigades." + id + ".maneuver is {\"commander\": [x, y], \"regiments\": {...}}");
      return;
    }
    Point from = *st_.brigades.at(id).commander, to = point_of(v["commander"]);
    if (!point_on_table(sc_, to)) {
      fail("chaos.off_table", id, "scale",
           "brigade " + id + ": " + format_point(to) + " is off the table");
      return;
    }
    Coord length = path_length({from, to});
    if (length > 4 * kInch) {
      fail("chaos.too_far", id, rule,
           "brigade " + id + ": the commander moves " + inches(length) + "\", more than 4.00\"");
      return;
    }
    Json out = {{"commander", json_of(to)}, {"regiments", Json::object()}};
    for (const auto& [k, x] : v.items())
      if (k != "commander" && k != "regiments") {
        fail("orders.unknown_field", id, rule,
             "brigades." + id + ".maneuver." + k + ": unknown field");
        return;
      }
    if (v.contains("regiments")) {
      if (!v["regiments"].is_object()) {
        fail("orders.wrong_type", id, rule, "brigades." + id + ".maneuver.regiments is an object");
        return;
      }
      for (const auto& [r, place] : v["regiments"].items()) {
        auto it = st_.regiments.find(r);
        if (it == st_.regiments.end() || it->second.brigade != id || it->second.removed) {
          fail("chaos.unknown_regiment", id, rule,
               "brigade " + id + " has no regiment \"" + r + "\" on the table");
          return;
        }
        // Version 3: "at" may be left out when the regiment only limbers,
        // unlimbers, mounts or dismounts where it stands.
        bool v3 = rd_.limbering_and_mounting;
        bool only_state =
            v3 && place.is_object() && (place.contains("limber") || place.contains("mount"));
        bool known = place.is_object();
        if (known && v3)
          for (const auto& [k, x] : place.items())
            known = known && (k == "at" || k == "facing" || k == "limber" || k == "mount");
        if (!known || (!place.contains("at") && !only_state) ||
            (place.contains("at") && !is_point(place["at"])) ||
            (place.contains("facing") &&
             (!place["facing"].is_number_integer() || place["facing"].get<long long>() < 0 ||
              place["facing"].get<long long>() > 359))) {
          fail("orders.wrong_type", id, rule,
               "brigades." + id + ".maneuver.regiments." + r +
                   (v3 ? " is {\"at\": [x, y], \"facing\": 0-359, \"limber\": true|false, "
                         "\"mount\": true|false}"
                       : " is {\"at\": [x, y], \"facing\": 0-359}"));
          return;
        }
        if (v3 && !read_limber(id, r, place, rule)) return;
        Point at = place.contains("at") ? point_of(place["at"]) : *it->second.at;
        // Version 3: a battery moves limbered ("limber a battery before it
        // moves"): one given a new place is limbered or limbers now.
        if (v3 && regiment_spec(sc_, r).arm == Arm::kArtillery && at != *it->second.at &&
            !place.value("limber", it->second.limbered)) {
          fail("chaos.limber", id, rule,
               "brigade " + id + ": battery " + r +
                   " is unlimbered: it moves only limbered (give \"limber\": true)");
          return;
        }
        int facing = place.value("facing", it->second.facing);
        Body body = regiment_body(sc_, st_, r, at);
        body.bearing = facing;
        if (!base_on_table(sc_, outline(body))) {
          fail("chaos.off_table", id, "scale",
               "brigade " + id + ": regiment " + r + " would stand off the table");
          return;
        }
        out["regiments"][r] = {{"at", json_of(at)}, {"facing", facing}};
        for (const char* k : {"limber", "mount"})
          if (v3 && place.contains(k)) {
            out["regiments"][r][k] = place[k];
            echo_.push_back(r + (std::string(k) == "limber"
                                     ? (place[k].get<bool>() ? " limbers" : " unlimbers")
                                     : (place[k].get<bool>() ? " mounts" : " dismounts")));
          }
      }
    }
    plan["maneuver"] = out;
    echo_.push_back(id + " maneuvers: its commander to " + format_point(to));
  }

  void read_remarker(const std::string& id, const Json& v, bool deployed, bool engaged,
                     Json& plan) {
    if (!deployed) {
      fail("chaos.not_deployed", id, "rest.remarker", "brigade " + id + " is not deployed");
      return;
    }
    if (engaged) {
      fail("chaos.engaged", id, "rest.remarker",
           "brigade " + id + " is engaged: only an unengaged brigade is replaced by markers");
      return;
    }
    if (!v.is_array() || v.empty() || v.size() > 2) {
      fail("chaos.remarker", id, "rest.remarker",
           "brigade " + id + ": remarker gives 1 or 2 points");
      return;
    }
    std::vector<Point> pts;
    for (const auto& p : v) {
      if (!is_point(p)) {
        fail("orders.wrong_type", id, "rest.remarker",
             "brigades." + id + ".remarker: a point is [x, y]");
        return;
      }
      Point q = point_of(p);
      if (!base_on_table(sc_, sc_.marker_outline(q))) {
        fail("chaos.off_table", id, "scale",
             "brigade " + id + ": a marker at " + format_point(q) + " is off the table");
        return;
      }
      pts.push_back(q);
    }
    if (pts.front() != *st_.brigades.at(id).commander) {
      fail("chaos.remarker", id, "rest.remarker",
           "brigade " + id + ": the first marker is centred on the brigade commander, " +
               format_point(*st_.brigades.at(id).commander));
      return;
    }
    // "the other can be anywhere 4\" away from the first": at least 4"
    // ("N away", docs/rules/chaos.md Conventions) from version 4; versions 1
    // to 3 asked for more than 4".
    bool v4 = rd_.second_marker_at_least_four_away;
    if (pts.size() == 2 && closer_than(sc_.marker_outline(pts[0]), sc_.marker_outline(pts[1]),
                                       v4 ? kMarkerApart : kMarkerApart + 1)) {
      fail("chaos.remarker", id, "rest.remarker",
           "brigade " + id + ": the second marker must be " + (v4 ? "at least" : "more than") +
               " 4\" from the first");
      return;
    }
    for (Point q : pts)
      for (const auto& u : enemy_units(st_, sc_, side_))
        if (within(sc_.marker_outline(q), u.base, kMarkerEnemy)) {
          fail("chaos.remarker", id, "rest.remarker",
               "brigade " + id + ": a marker at " + format_point(q) +
                   " is within 12\" of an enemy unit");
          return;
        }
    Json out = Json::array();
    for (Point q : pts) out.push_back(json_of(q));
    plan["remarker"] = out;
    echo_.push_back(id + " is replaced by " + std::to_string(pts.size()) +
                    " marker(s) after resting");
  }

  // A deployed brigade's regiments must not end on another base (own bases
  // where they will end, the enemy's where they stand). Own bases are
  // named first, then "an enemy base": the words never hang on the
  // enemy's ids, so a side's own view checks the same (scenario_part.h).
  void check_overlaps() {
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

  void read_commander(const std::string& id, const Json& v) {
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

  const Scenario& sc_;
  const Readings rd_;  // how this version reads the text
  ChaosState st_;
  const Json& orders_;
  std::string side_;
  std::set<std::string> engaged_;
  Json plan_;
  std::vector<std::string> echo_;
  std::vector<OrderProblem> problems_;
  std::map<std::string, Point> finals_;  // regiment -> where a deployed move ends it
  const model::State& state_;
  std::vector<std::string> held_;  // the combat tokens the side holds
};

}  // namespace orders_check

Checked check_orders(const Scenario& scenario, const model::State& state, const Json& orders,
                     const std::string& source) {
  if (state.phase.empty())
    throw OrdersRefused(
        source, {{"orders.game_over", -1, "", "", "turns", "the game has ended: " + state.result}});
  return orders_check::Checker(scenario, state, orders).run(source);
}

}  // namespace adjutant::rules::chaos
