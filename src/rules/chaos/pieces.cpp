// A side's brigades and player commanders as the reports list them
// (Ruleset::pieces): where each stands in inches of the table, its
// regiments and stands, its stress.
#include "rules/chaos/pieces.h"

#include "rules/chaos/ruleset.h"
#include "rules/chaos/view.h"

namespace adjutant::rules::chaos {

namespace {

// "(30.41, 51.65)": a point of the table in inches.
std::string point_in_inches(const Point& p) {
  auto one = [](Coord c) {
    std::string sign = c < 0 ? "-" : "";
    long long v = c < 0 ? -c : c;
    std::string cents = std::to_string(v % 100);
    return sign + std::to_string(v / 100) + "." + (cents.size() == 1 ? "0" : "") + cents;
  };
  return "(" + one(p.x) + ", " + one(p.y) + ")";
}

}  // namespace

std::vector<PieceRow> side_pieces(const Scenario& sc, const model::State& state,
                                  const std::string& side) {
  // The whole state (the umpire's), or a side's view of it (a sealed copy's).
  bool seen = state.extra.is_object() && state.extra.contains("chaos") &&
              state.extra["chaos"].is_object() &&
              state.extra["chaos"].value("format", "") == "adjutant-chaos-view/1";
  ChaosState t = seen ? read_view(state, side).own : table_state(state);
  std::vector<PieceRow> out;
  for (const auto& b : sc.side(side).brigades) {
    PieceRow row{b.id, b.name, "", "", ""};
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
      if (bs->second.commander)
        row.where = "deployed around " + point_in_inches(*bs->second.commander);
      const auto& markers = bs->second.markers;
      for (std::size_t i = 0; i < markers.size(); ++i)
        row.where += std::string(i                     ? " and "
                                 : markers.size() == 1 ? "marker at "
                                                       : "markers at ") +
                     point_in_inches(markers[i]);
      if (bs->second.stress) row.notes = "stress " + std::to_string(bs->second.stress);
    }
    if (regiments == 0) row.where = "off the table";
    out.push_back(std::move(row));
  }
  for (const auto& c : sc.side(side).commanders) {
    auto cs = t.commanders.find(c.id);
    PieceRow row{c.id, c.name, "", "", "player commander"};
    if (cs != t.commanders.end()) row.where = point_in_inches(cs->second.at);
    out.push_back(std::move(row));
  }
  return out;
}

}  // namespace adjutant::rules::chaos
