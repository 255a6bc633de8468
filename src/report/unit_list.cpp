#include "report/unit_list.h"

#include <algorithm>

namespace adjutant::report {

namespace unit_list {

std::vector<UnitRow> hex_units(const rules::hexmap::Scenario& sc, const model::State& state,
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

}  // namespace unit_list

std::vector<UnitRow> side_units(const rules::Ruleset& ruleset,
                                const rules::hexmap::Scenario* scenario, const model::State& state,
                                const std::string& side) {
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
  return ruleset.pieces(state, side);
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
