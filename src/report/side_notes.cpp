#include "report/side_notes.h"

#include <map>

#include "rules/hexmap/arrivals.h"

namespace adjutant::report {

namespace {

std::string source_name(const std::string& source) {
  static const std::map<std::string, std::string> names = {
      {"eliminated", "enemy SP eliminated"},
      {"objective", "objective hexes"},
      {"line_of_communication", "enemy cut off from its roads"},
      {"exited", "units that left the map"},
      {"exit_race", "exit race"}};
  auto it = names.find(source);
  return it == names.end() ? source : it->second;
}

std::string side_name(const rules::hexmap::Scenario& sc, const std::string& id) {
  const auto* s = sc.side(id);
  return s ? s->name : id;
}

}  // namespace

std::string vp_text(const model::State& state, const std::string& side,
                    const rules::MapMarks& marks) {
  auto vp = state.vp.find(side);
  std::string out = std::to_string(vp == state.vp.end() ? 0 : vp->second) + " VP";
  auto sources = marks.vp_sources.find(side);
  if (sources == marks.vp_sources.end()) return out;
  std::string parts;
  for (const auto& [source, points] : sources->second)
    parts += (parts.empty() ? "" : ", ") + source_name(source) + " " + std::to_string(points);
  return parts.empty() ? out : out + " (" + parts + ")";
}

std::string exited_text(const rules::hexmap::Scenario& sc, const model::State& state,
                        const std::string& side) {
  std::string out;
  for (const auto& d : sc.units) {
    auto u = state.units.find(d.id);
    if (d.side != side || u == state.units.end() || u->second.status != model::UnitStatus::kExited)
      continue;
    out += (out.empty() ? "" : ", ") + d.id + " (" + std::to_string(d.strength) + " SP)";
  }
  return out;
}

Section reinforcements_section(const rules::hexmap::Scenario& sc, const model::State& state,
                               int turn) {
  Section s;
  s.heading = "Reinforcements due by turn " + std::to_string(turn);
  for (const auto& g : rules::hexmap::reinforcements_due(sc, state, turn)) {
    std::string units, hexes;
    for (const auto* u : g.units)
      units += (units.empty() ? "" : ", ") + u->id + " (" + std::to_string(u->strength) + "-" +
               std::to_string(u->movement) + ")";
    for (hex::Hex h : g.hexes) hexes += (hexes.empty() ? "" : " or ") + sc.numbers().format(h);
    s.line(side_name(sc, g.side) + ", turn " + std::to_string(g.turn) + " at " + hexes + ": " +
           units);
  }
  return s;
}

}  // namespace adjutant::report
