#include "report/unit_list.h"

#include <algorithm>

#include "rules/chaos/ruleset.h"
#include "rules/chaos/view.h"

namespace adjutant::report {

namespace unit_list {

// "(30.41, 51.65)": a point of the table in inches.
std::string inches(const rules::chaos::Point& p) {
  auto one = [](rules::chaos::Coord c) {
    std::string sign = c < 0 ? "-" : "";
    long long v = c < 0 ? -c : c;
    std::string cents = std::to_string(v % 100);
    return sign + std::to_string(v / 100) + "." + (cents.size() == 1 ? "0" : "") + cents;
  };
  return "(" + one(p.x) + ", " + one(p.y) + ")";
}

std::vector<UnitRow> hex_units(const model::Scenario& sc, const model::State& state,
                               const std::string& side) {
  std::vector<UnitRow> out;
  for (const auto& d : sc.units) {
    if (d.side != side) continue;
    UnitRow row{d.id, d.name, "", std::to_string(d.strength) + "-" + std::to_string(d.movement),
                ""};
    auto u = state.units.find(d.id);
    model::UnitStatus status =
        u == state.units.end() ? model::UnitStatus::kWaiting : u->second.status;
    switch (status) {
      case model::UnitStatus::kActive:
        row.where = u->second.location;
        if (u->second.ineffective) row.notes = "ineffective";
        break;
      case model::UnitStatus::kEliminated:
        row.where = "eliminated";
        break;
      case model::UnitStatus::kExited:
        row.where = "left the map";
        break;
      case model::UnitStatus::kWaiting:
        row.where = d.arrival ? "enters turn " + std::to_string(d.arrival->turn) : "not yet placed";
        break;
    }
    if (!d.combat) row.notes += std::string(row.notes.empty() ? "" : ", ") + "non-combat";
    out.push_back(std::move(row));
  }
  return out;
}

std::vector<UnitRow> table_units(const rules::Ruleset& ruleset, const model::State& state,
                                 const std::string& side) {
  using namespace rules::chaos;
  const Scenario& sc = scenario_of(ruleset);
  // The whole state (the umpire's), or a side's view of it (a sealed copy's).
  bool seen = state.extra.is_object() && state.extra.contains("chaos") &&
              state.extra["chaos"].is_object() &&
              state.extra["chaos"].value("format", "") == "adjutant-chaos-view/1";
  ChaosState t = seen ? read_view(state, side).own : table_state(state);
  std::vector<UnitRow> out;
  for (const auto& b : sc.side(side).brigades) {
    UnitRow row{b.id, b.name, "", "", ""};
    auto bs = t.brigades.find(b.id);
    int regiments = 0, stands = 0;
    for (const auto& r : b.regiments) {
      auto rs = t.regiments.find(r.id);
      if (rs == t.regiments.end() || rs->second.removed) continue;
      ++regiments;
      stands += rs->second.stands;
    }
    row.strength = std::to_string(regiments) + (regiments == 1 ? " regiment, " : " regiments, ") +
                   std::to_string(stands) + (stands == 1 ? " stand" : " stands");
    if (bs != t.brigades.end()) {
      if (bs->second.commander) row.where = "deployed around " + inches(*bs->second.commander);
      const auto& markers = bs->second.markers;
      for (std::size_t i = 0; i < markers.size(); ++i)
        row.where += std::string(i                     ? " and "
                                 : markers.size() == 1 ? "marker at "
                                                       : "markers at ") +
                     inches(markers[i]);
      if (bs->second.stress) row.notes = "stress " + std::to_string(bs->second.stress);
    }
    if (regiments == 0) row.where = "off the table";
    out.push_back(std::move(row));
  }
  for (const auto& c : sc.side(side).commanders) {
    auto cs = t.commanders.find(c.id);
    UnitRow row{c.id, c.name, "", "", "player commander"};
    if (cs != t.commanders.end()) row.where = inches(cs->second.at);
    out.push_back(std::move(row));
  }
  return out;
}

}  // namespace unit_list

std::vector<UnitRow> side_units(const rules::Ruleset& ruleset, const model::Scenario* scenario,
                                const model::State& state, const std::string& side) {
  if (scenario) {
    // On the map first, then those still to come, then those out of play.
    std::vector<UnitRow> rows = unit_list::hex_units(*scenario, state, side);
    auto rank = [](const UnitRow& r) {
      if (r.where == "eliminated" || r.where == "left the map") return 2;
      if (r.where.rfind("enters", 0) == 0 || r.where == "not yet placed") return 1;
      return 0;
    };
    std::stable_sort(rows.begin(), rows.end(),
                     [&](const UnitRow& a, const UnitRow& b) { return rank(a) < rank(b); });
    return rows;
  }
  if (ruleset.id() == rules::chaos::kRulesetId) return unit_list::table_units(ruleset, state, side);
  return {};
}

Table unit_table(const std::vector<UnitRow>& rows) {
  Table t;
  t.header = {"Unit", "Name", "Where", "Strength", "Notes"};
  t.numeric = {false, false, false, false, false};
  for (const auto& r : rows) t.rows.push_back({r.unit, r.name, r.where, r.strength, r.notes});
  return t;
}

std::string unit_line(const UnitRow& r) {
  std::string out = r.unit + (r.name.empty() ? "" : " (" + r.name + ")") + ": " + r.where;
  if (!r.strength.empty()) out += "; " + r.strength;
  if (!r.notes.empty()) out += "; " + r.notes;
  return out;
}

}  // namespace adjutant::report
