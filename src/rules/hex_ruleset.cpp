#include "rules/hex_ruleset.h"

#include <algorithm>

#include "rules/hexmap/arrivals.h"
#include "util/error.h"

namespace adjutant::rules {

HexRuleset::HexRuleset(rules::hexmap::Scenario scenario, int version) : sc_(std::move(scenario)) {
  sc_.rules_version = version;
}

std::vector<std::string> HexRuleset::sides() const {
  std::vector<std::string> out;
  for (const auto& s : sc_.sides) out.push_back(s.id);
  return out;
}

std::string HexRuleset::side_name(const std::string& id) const {
  const rules::hexmap::SideDef* s = sc_.side(id);
  return s ? s->name : std::string();
}

std::vector<PieceRow> HexRuleset::pieces(const model::State& state, const std::string& side) const {
  std::vector<PieceRow> rows;
  for (const auto& d : sc_.units) {
    if (d.side != side) continue;
    PieceRow row{d.id, d.name, "", std::to_string(d.strength) + "-" + std::to_string(d.movement),
                 ""};
    auto u = state.units.find(d.id);
    model::UnitStatus status =
        u == state.units.end() ? model::UnitStatus::kWaiting : u->second.status;
    switch (status) {
      case model::UnitStatus::kActive:
        row.where = u->second.location;
        for (const std::string& m : u->second.marks)
          row.notes += (row.notes.empty() ? "" : ", ") + m;
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
    rows.push_back(std::move(row));
  }
  // On the map first, then those still to come, then those out of play.
  auto rank = [](const PieceRow& r) {
    if (r.where == "eliminated" || r.where == "left the map") return 2;
    if (r.where.rfind("enters", 0) == 0 || r.where == "not yet placed") return 1;
    return 0;
  };
  std::stable_sort(rows.begin(), rows.end(),
                   [&](const PieceRow& a, const PieceRow& b) { return rank(a) < rank(b); });
  return rows;
}

std::string HexRuleset::scenario_title() const {
  return sc_.title + " (" + sc_.id + ")";
}

std::vector<std::string> HexRuleset::side_standing(const model::State& state,
                                                   const std::string& side) const {
  int units = 0, sp = 0;
  std::string gone;
  for (const auto& d : sc_.units) {
    auto u = state.units.find(d.id);
    if (d.side != side || u == state.units.end()) continue;
    if (u->second.status == model::UnitStatus::kEliminated) {
      ++units;
      sp += d.strength;
    } else if (u->second.status == model::UnitStatus::kExited) {
      gone += (gone.empty() ? "" : ", ") + d.id + " (" + std::to_string(d.strength) + " SP)";
    }
  }
  std::vector<std::string> out = {"lost " + std::to_string(units) +
                                  (units == 1 ? " unit, " : " units, ") + std::to_string(sp) +
                                  " SP"};
  if (!gone.empty()) out.push_back("left the map: " + gone);
  return out;
}

std::vector<std::string> HexRuleset::reinforcements_due(const model::State& state, int turn) const {
  std::vector<std::string> out;
  for (const auto& g : rules::hexmap::reinforcements_due(sc_, state, turn)) {
    std::string units, hexes;
    for (const auto* u : g.units)
      units += (units.empty() ? "" : ", ") + u->id + " (" + std::to_string(u->strength) + "-" +
               std::to_string(u->movement) + ")";
    for (hex::Hex h : g.hexes) hexes += (hexes.empty() ? "" : " or ") + sc_.numbers().format(h);
    const rules::hexmap::SideDef* s = sc_.side(g.side);
    out.push_back((s ? s->name : g.side) + ", turn " + std::to_string(g.turn) + " at " + hexes +
                  ": " + units);
  }
  return out;
}

std::string HexRuleset::piece_name(const std::string& id) const {
  const rules::hexmap::UnitDef* def = sc_.unit(id);
  return def ? def->name : "";
}

const rules::hexmap::Scenario* hex_scenario(const Ruleset& ruleset) {
  const auto* hex = dynamic_cast<const HexRuleset*>(&ruleset);
  return hex ? &hex->scenario() : nullptr;
}

const rules::hexmap::Scenario& hex_scenario(const Ruleset& ruleset, const std::string& where) {
  if (const rules::hexmap::Scenario* sc = hex_scenario(ruleset)) return *sc;
  throw Error("archive.not_hex",
              where + ": a " + ruleset.id() + " game has no hex scenario (this command needs one)");
}

}  // namespace adjutant::rules
