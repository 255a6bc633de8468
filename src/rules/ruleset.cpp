#include "rules/ruleset.h"

#include "rules/event_phrases.h"

#include <set>

namespace adjutant::rules {

bool is_pipeline_field(const std::string& key) {
  // "revision" and "replaces" are of protocol 2 (docs/protocol.md 5b).
  static const std::set<std::string> kFields = {"format", "game",   "side",     "turn",    "phase",
                                                "after",  "reveal", "revision", "replaces"};
  return kFields.count(key) > 0;
}

std::vector<OrderProblem> Ruleset::problems(const model::State& state, const Json& orders) const {
  try {
    check(state, orders, "orders");
    return {};
  } catch (const OrdersRefused& e) {
    return e.problems();
  }
}

}  // namespace adjutant::rules

namespace adjutant::rules {

std::string Ruleset::describe_event(const Json& event) const {
  return phrase_event(common_event_phrases(), event);
}

std::string Ruleset::adjudicator(const std::string& side, bool has_umpire) const {
  if (has_umpire) return "umpire";
  for (const auto& s : sides())
    if (s != side) return s;
  return "";
}

Json Ruleset::empty_orders(const std::string&) const {
  return {{"moves", Json::array()}, {"attacks", Json::array()}};
}

Adjudicated Ruleset::adjudicate_to(const model::State& state, const Checked& checked,
                                   ledger::Dice& dice) const {
  Adjudicated out;
  out.events = adjudicate(state, checked, dice);
  out.after = apply(state, out.events);
  return out;
}

Json Ruleset::adjudicate_phase(const model::State& state, const std::vector<SideOrders>& orders,
                               ledger::Dice& dice) const {
  if (orders.size() != 1)
    throw Error("rules.simultaneous", id() + " adjudicates one side's orders per phase, not " +
                                          std::to_string(orders.size()));
  return adjudicate(state, orders.front().checked, dice);
}

TableBoard Ruleset::table_board() const {
  throw Error("render.no_table", "ruleset " + id() + " draws no table");
}

TableSight Ruleset::table_sight(const model::State&, const std::string&,
                                const std::map<std::string, int>&) const {
  throw Error("render.no_table", "ruleset " + id() + " draws no table");
}

}  // namespace adjutant::rules
