#include "rules/chaos/ruleset.h"

#include <algorithm>
#include <set>

#include "rules/chaos/event_words.h"
#include "rules/chaos/orders.h"
#include "rules/chaos/orders_preview.h"
#include "rules/chaos/pieces.h"
#include "rules/chaos/scenario_part.h"
#include "rules/chaos/table_play.h"
#include "rules/chaos/table_sight.h"
#include "rules/chaos/turn.h"
#include "rules/chaos/view.h"
#include "util/error.h"

namespace adjutant::rules::chaos {

namespace ruleset_impl {

using model::State;

// What of a fight event a side reads (fight_phase.h): every object in it
// that names another side (or sits inside one that does) keeps only what
// the table shows, never a name, a die, a test's numbers or a stress.
bool table_shows(const std::string& key) {
  static const std::set<std::string> shown = {
      "type",    "side",   "at",       "from",       "to",        "facing", "choice",
      "passed",  "stands", "removed",  "destroyed",  "cause",     "rule",   "winner",
      "caller",  "units",  "brigades", "commanders", "minimum",   "target", "unit",
      "battery", "token",  "note",     "limbered",   "dismounted"};
  return shown.count(key) > 0;
}

Json scrub_fight(const Json& v, const std::string& viewer, bool theirs) {
  if (v.is_array()) {
    Json out = Json::array();
    for (const auto& x : v) {
      Json y = scrub_fight(x, viewer, theirs);
      // An enemy's entry that shows nothing but its side is left out.
      if (y.is_object() && y.size() == 1 && y.contains("side") && y["side"] != viewer) continue;
      out.push_back(std::move(y));
    }
    return out;
  }
  if (!v.is_object()) return v;
  if (v.contains("side") && v["side"].is_string()) theirs = v["side"] != viewer;
  Json out = Json::object();
  for (const auto& [k, x] : v.items()) {
    if (theirs && !table_shows(k)) continue;
    out[k] = x.is_structured() && k != "at" && k != "from" && k != "to"
                 ? scrub_fight(x, viewer, theirs)
                 : x;
  }
  return out;
}

class ChaosRuleset : public Ruleset {
 public:
  ChaosRuleset(Scenario scenario, int version) : sc_(std::move(scenario)), version_(version) {}
  // Built from a side's part of the scenario (scenario_part.h): it reads and
  // checks that side's orders on the side's own view, and adjudicates nothing.
  ChaosRuleset(Scenario part, int version, std::string side)
      : sc_(std::move(part)), version_(version), part_side_(std::move(side)) {}

  std::string id() const override { return kRulesetId; }
  int version() const override { return version_; }
  std::vector<std::string> sides() const override { return side_ids(sc_); }
  const Scenario& scenario() const { return sc_; }

  State initial_state() const override {
    part_only("the initial state");
    return initial_game_state(sc_);
  }

  // One phase a turn, both sides' order files at once (docs/protocol.md 5a).
  PhaseInfo current_phase(const State& state) const override {
    if (state.phase.empty()) return {state.turn, "", ""};
    return {state.turn, sides().front(), "turn", sides()};
  }

  // A side's view (the order page's checker) is checked as what that side
  // sees (scenario_part.h check_seen); the whole state as it is.
  Checked check(const State& state, const Json& orders, const std::string& source) const override {
    if (!part_side_.empty()) {
      if (state.phase.empty())
        throw OrdersRefused(source, {{"orders.game_over", -1, "", "", "turns",
                                      "the game has ended: " + state.result}});
      return check_seen(sc_, state, part_side_, orders, source);
    }
    return check_orders(sc_, state, orders, source);
  }

  Json preview(const State& state, const Json& orders) const override {
    if (!part_side_.empty()) return preview_seen(sc_, state, part_side_, orders);
    return preview_orders(sc_, state, orders);
  }

  Json adjudicate(const State& state, const Checked& checked, ledger::Dice& dice) const override {
    part_only("an adjudication");
    return adjudicate_phase(state, {{checked.plan.value("side", ""), checked}}, dice);
  }

  Json adjudicate_phase(const State& state, const std::vector<SideOrders>& orders,
                        ledger::Dice& dice) const override {
    part_only("an adjudication");
    if (state.phase.empty()) throw Error("orders.game_over", "the game has ended: " + state.result);
    std::map<std::string, Json> plans;
    for (const auto& o : orders) {
      if (!plans.emplace(o.side, o.checked.plan).second)
        throw Error("rules.simultaneous", "two order files of " + o.side + " in one turn");
    }
    return adjudicate_turn(sc_, state, plans, dice);
  }

  State apply(const State& state, const Json& events) const override {
    part_only("applying events");
    return apply_turn(sc_, state, events);
  }

  bool umpire_required() const override { return true; }
  bool fog_of_war() const override { return true; }

  std::string side_name(const std::string& id) const override {
    for (const auto& s : sc_.sides)
      if (s.id == id) return s.name;
    return "";
  }
  std::vector<PieceRow> pieces(const State& state, const std::string& side) const override {
    return side_pieces(sc_, state, side);
  }
  TableBoard table_board() const override { return table_board_of(sc_); }
  // The order body's "preferred" (docs/rules/chaos.md): brigade -> 1 or 2.
  std::map<std::string, int> table_preferences(const Json& body) const override {
    std::map<std::string, int> out;
    if (!body.contains("preferred") || !body["preferred"].is_object()) return out;
    for (const auto& [brigade, n] : body["preferred"].items())
      if (n.is_number_integer() && (n == 1 || n == 2)) out[brigade] = n.get<int>();
    return out;
  }
  TableSight table_sight(const State& seen, const std::string& viewer,
                         const std::map<std::string, int>& preferred) const override {
    return table_sight_of(sc_, seen, viewer, preferred);
  }
  Json empty_orders(const std::string&) const override { return {{"brigades", Json::object()}}; }

  // What a side sees (rules/chaos/view.h): its own brigades whole; of the
  // enemy, only what stands on the table, listed by position.
  State view(const State& state, const std::string& side) const override {
    if (!part_side_.empty()) return state;  // the side's own view already
    return side_view(sc_, state, side);
  }

  Json side_scenario(const Json& scenario, const std::string& side) const override {
    return side_part(scenario, side);
  }
  bool text_orders_on_sealed_copy() const override { return true; }

  // A side reads the echo of its own order file only: each line begins
  // with the brigade, battery or commander it orders (orders.cpp), or
  // names the side of a "no moves received" ruling.
  std::optional<std::vector<std::string>> visible_echo(const std::vector<std::string>& echo,
                                                       const std::string& side) const override {
    if (side.empty() || side == "umpire") return echo;
    std::set<std::string> own;
    const Side& s = sc_.side(side);
    for (const auto& b : s.brigades) {
      own.insert(b.id);
      for (const auto& r : b.regiments) own.insert(r.id);
    }
    for (const auto& c : s.commanders) own.insert("commander " + c.id);
    std::vector<std::string> out;
    for (const auto& line : echo) {
      std::string first = line.substr(0, line.find(' '));
      std::string second = line.substr(0, line.find(' ', first.size() + 1));
      if (own.count(first) || (first == "commander" && own.count(second)) ||
          line.rfind(side + ":", 0) == 0 ||
          line.rfind("no moves received from " + side + ":", 0) == 0)
        out.push_back(line);
    }
    return out;
  }

  // A side reads its own events whole; of the enemy's, what the table
  // shows: flags removed, bases deployed and moved, figures moved, CHECKs
  // against its own brigades; never an enemy brigade's name, roll or
  // stress.
  std::string describe_event(const Json& event) const override { return event_words(sc_, event); }
  // The reports give each event under the procedure of the turn that made it.
  std::vector<std::string> procedures() const override { return report_procedures(); }
  std::string procedure_of(const std::string& type) const override {
    return chaos::procedure_of(type);
  }

  Json visible_events(const Json& events, const std::string& side) const override {
    if (side.empty() || side == "umpire") return events;
    Json out = Json::array();
    for (const auto& e : events) {
      std::string type = e.value("type", "");
      std::string owner = e.value("side", "");
      if (type == "turn" || type == "initiative" || type == "turn_end" || type == "game_end") {
        out.push_back(e);
        continue;
      }
      if (type.rfind("fight_", 0) == 0) {
        // A blocked fight order is the enemy's own; the rest is scrubbed.
        if (type == "fight_blocked" && owner != side) continue;
        out.push_back(scrub_fight(e, side, false));
        continue;
      }
      if (type == "artillery_fire") {
        // The firing side reads its battery's dice and where its shot
        // fell; the side fired on, its regiment's stress and stands.
        Json seen = {{"type", type},
                     {"side", owner},
                     {"hits", e["hits"]},
                     {"target_at", e["target_at"]},
                     {"battery_at", e["battery_at"]},
                     {"rule", e["rule"]}};
        for (const char* k : {"battery", "needs", "rolls", "self_stress", "battery_stress",
                              "battery_stands", "battery_removed"})
          if (owner == side) seen[k] = e[k];
        for (const char* k : {"target", "target_stress", "target_stands", "target_removed"})
          if (owner != side) seen[k] = e[k];
        out.push_back(seen);
        continue;
      }
      if (owner == side) {
        // A side's own event names an enemy brigade only by where it is:
        // a CHECK's target stays a position until the enemy is revealed.
        Json own = e;
        if (own.contains("target_side") && own["target_side"] != side) own.erase("target");
        out.push_back(std::move(own));
        continue;
      }
      Json seen = {{"type", type}, {"side", owner}};
      if (type == "tokens_drawn") {
        seen["count"] = e["tokens"].size();
      } else if (type == "chaos_roll") {
        seen = {{"type", "flag_removed"}, {"side", owner}, {"at", e["removed"]}};
      } else if (type == "deploy" || type == "withdraw" || type == "maneuver") {
        std::vector<Point> at;
        for (const auto& [r, v] : e["regiments"].items()) at.push_back(point_of(v["at"]));
        seen["commander"] = e["commander"];
        seen["regiments"] = sorted_points(at);
      } else if (type == "move") {
        seen["from"] = e["from"];
        seen["to"] = e["to"];
        if (e.contains("regiments")) {
          std::vector<Point> at;
          for (const auto& [r, v] : e["regiments"].items()) at.push_back(point_of(v));
          seen["regiments"] = sorted_points(at);
        }
      } else if (type == "check") {
        seen["at"] = e["at"];
        seen["target"] = e["target"];
        seen["target_at"] = e["target_at"];
        seen["rule"] = e["rule"];
      } else if (type == "commander_move") {
        seen["from"] = e["from"];
        seen["to"] = e["to"];
      } else if (type == "remarker") {
        seen["markers"] = e["markers"];
      } else if (type == "wagon_destroyed") {
        seen["at"] = e["at"];
      } else {
        continue;  // rates, tests, stress, rest, blocked orders: the enemy's own
      }
      out.push_back(seen);
    }
    return out;
  }

 private:
  // What a ruleset built from a side's part cannot do: it knows one side.
  void part_only(const char* what) const {
    if (!part_side_.empty())
      throw Error("chaos.side_part", std::string(what) + " needs the whole scenario; " +
                                         part_side_ + "'s part of it reads and checks its orders");
  }

  Scenario sc_;
  int version_;
  std::string part_side_;  // set when built from a side's part
};

}  // namespace ruleset_impl

std::unique_ptr<Ruleset> make_ruleset(const Json& scenario, const std::string& source,
                                      int version) {
  if (scenario.is_object() && scenario.value("format", "") == kPartFormat) {
    Scenario part = load_side_part(scenario, source);
    part.rules_version = version;
    std::string side = scenario.value("side", "");
    return std::make_unique<ruleset_impl::ChaosRuleset>(std::move(part), version, side);
  }
  Scenario sc = load_scenario(scenario, source);
  sc.rules_version = version;
  return std::make_unique<ruleset_impl::ChaosRuleset>(std::move(sc), version);
}

const Scenario& scenario_of(const Ruleset& ruleset) {
  const auto* r = dynamic_cast<const ruleset_impl::ChaosRuleset*>(&ruleset);
  if (!r) throw Error("chaos.not_chaos", "ruleset " + ruleset.id() + " is not Chaos of Battle");
  return r->scenario();
}

ChaosState table_state(const model::State& state) {
  return chaos_of(state);
}

std::vector<std::string> held_tokens(const model::State& state, const std::string& side) {
  std::vector<std::string> out;
  for (const auto& t : state.extra.value("tokens", Json::object()).value(side, Json::array()))
    out.push_back(t.get<std::string>());
  return out;
}

}  // namespace adjutant::rules::chaos
