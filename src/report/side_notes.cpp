#include "report/side_notes.h"

#include <map>

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

}  // namespace adjutant::report
