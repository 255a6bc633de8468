#include "rules/chaos/orders.h"

#include <set>

#include "rules/chaos/orders_check.h"
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

const char* not_yet(const std::string& field, int version) {
  for (const auto& n : not_yet_fields(version))
    if (field == n.field) return n.procedure;
  return nullptr;
}

Checker::Checker(const Scenario& sc, const model::State& state, const Json& orders)
    : sc_(sc),
      rd_(readings(sc.rules_version)),
      st_(chaos_of(state)),
      orders_(orders),
      state_(state) {}

// The side, its sequence, its brigades and commanders, each field by its
// reader; refused with every problem found.
Checked Checker::run(const std::string& source) {
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

void Checker::fail(const std::string& id, const std::string& unit, const std::string& rule,
                   const std::string& message) {
  problems_.push_back({id, -1, unit, "", rule, message});
}

bool Checker::own_brigade(const std::string& id) const {
  auto it = st_.brigades.find(id);
  return it != st_.brigades.end() && it->second.side == side_;
}

void Checker::read_sequence() {
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

void Checker::read_preferred() {
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
int Checker::marker_number(const std::string& id, const Json& order, const char* rule) {
  const auto& b = st_.brigades.at(id);
  int n = 1;
  if (order.contains("marker"))
    n = order["marker"].is_number_integer() ? order["marker"].get<int>() : 0;
  if (n < 1 || n > int(b.markers.size())) {
    fail("chaos.marker", id, rule,
         "brigade " + id + " has " + std::to_string(b.markers.size()) + " marker(s), not marker " +
             std::to_string(n));
    return 0;
  }
  return n;
}

// One brigade's orders, each field read by the function of its order
// kind; then the pairs of orders one turn cannot hold.
void Checker::read_brigade(const std::string& id, const Json& b) {
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
      read_shake_out(id, v, deployed, plan);
    } else if (key == "move") {
      read_move(id, v, deployed, engaged, plan);
    } else if (key == "rest") {
      read_rest(id, v, plan);
    } else if (key == "withdraw" && v.is_object() && rd_.limbering_and_mounting) {
      read_withdraw(id, v, engaged, plan);
    } else if (key == "withdraw" || key == "form_up") {
      read_flag(id, key, v, engaged, plan);
    } else if (key == "maneuver") {
      read_maneuver(id, v, engaged, plan);
    } else if (key == "fire") {
      read_fire(id, v, plan);
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

}  // namespace orders_check

Checked check_orders(const Scenario& scenario, const model::State& state, const Json& orders,
                     const std::string& source) {
  if (state.phase.empty())
    throw OrdersRefused(
        source, {{"orders.game_over", -1, "", "", "turns", "the game has ended: " + state.result}});
  return orders_check::Checker(scenario, state, orders).run(source);
}

}  // namespace adjutant::rules::chaos
