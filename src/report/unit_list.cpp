#include "report/unit_list.h"

namespace adjutant::report {

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
