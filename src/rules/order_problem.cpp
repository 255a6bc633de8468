#include "rules/ruleset.h"
#include "util/printable.h"

namespace adjutant::rules {

// One line whatever the order file holds: unit ids and hexes come from it,
// so their control characters are escaped (a newline would forge a line).
std::string OrderProblem::text() const {
  std::string out;
  if (order >= 0) {
    out += "order " + std::to_string(order);
    if (!unit.empty()) out += " (unit " + printable(unit) + ")";
  } else if (!unit.empty()) {
    out += "unit " + printable(unit);
  }
  if (!hex.empty()) out += (out.empty() ? "hex " : " at ") + printable(hex);
  if (!out.empty()) out += ": ";
  out += "[" + id + "] " + printable(message);
  if (!rule.empty()) out += " (rule " + rule + ")";
  std::string next = way_forward();
  if (!next.empty()) out += ". " + printable(next);
  return out;
}

namespace {

std::string summary(const std::string& source, const std::vector<OrderProblem>& problems) {
  std::string out;
  for (std::size_t i = 0; i < problems.size(); ++i) {
    if (i) out += "\n";
    out += printable(source) + ": " + problems[i].text();
  }
  return out;
}

}  // namespace

OrdersRefused::OrdersRefused(const std::string& source, std::vector<OrderProblem> problems)
    : Error(Verbatim{}, problems.empty() ? "orders.refused" : problems.front().id,
            summary(source, problems)),
      problems_(std::move(problems)) {}

Json OrdersRefused::to_json() const {
  Json out = Json::array();
  for (const auto& p : problems_) {
    Json o = {{"id", p.id}, {"message", p.message}};
    if (p.order >= 0) o["order"] = p.order;
    if (!p.unit.empty()) o["unit"] = p.unit;
    if (!p.hex.empty()) o["hex"] = p.hex;
    if (!p.rule.empty()) o["rule"] = p.rule;
    if (std::string next = p.way_forward(); !next.empty()) o["hint"] = next;
    out.push_back(o);
  }
  return out;
}

}  // namespace adjutant::rules
