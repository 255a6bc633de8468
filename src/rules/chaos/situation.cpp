#include "rules/chaos/situation.h"

#include <algorithm>

#include "util/error.h"

namespace adjutant::rules::chaos {

namespace {

const Regiment& definition(const Scenario& s, const std::string& brigade, const std::string& id) {
  for (const auto& r : s.brigade(brigade)->regiments)
    if (r.id == id) return r;
  throw Error("state.bad_status", "no regiment " + id + " in brigade " + brigade);
}

Outline regiment_base(const Scenario& scenario, const std::string& id, const RegimentState& r) {
  // The scenario's regiment with the stands it has now (its outline
  // without a copy of its names).
  const Regiment& def = definition(scenario, r.brigade, id);
  return outline(Body{*r.at, r.facing, r.stands, scenario.bases.at(def.arm)});
}

}  // namespace

std::vector<UnitBase> units_on_table(const ChaosState& state, const Scenario& scenario) {
  std::vector<UnitBase> out;
  for (const auto& [id, r] : state.regiments) {
    if (r.removed || !r.at) continue;
    out.push_back(
        {id, r.brigade, state.brigades.at(r.brigade).side, false, regiment_base(scenario, id, r)});
  }
  for (const auto& [id, b] : state.brigades)
    for (std::size_t m = 0; m < b.markers.size(); ++m)
      out.push_back({id + "#" + std::to_string(m + 1), id, b.side, true,
                     scenario.marker_outline(b.markers[m])});
  return out;
}

const std::vector<UnitBase>& TableUnits::now(const ChaosState& state, const Scenario& scenario) {
  std::size_t i = 0;
  // Unit i is kept when it is the same unit in the same place; a unit that
  // has moved gets its outline again; from the first unit that differs in
  // name, the rest of the list is made again.
  auto same_unit = [&](const std::string& brigade, const std::string* id, std::size_t marker) {
    if (i >= units_.size() || keys_[i].marker != marker || units_[i].brigade != brigade)
      return false;
    return id == nullptr || units_[i].id == *id;
  };
  auto cut = [&] {
    units_.resize(i);
    keys_.resize(i);
  };
  for (const auto& [id, r] : state.regiments) {
    if (r.removed || !r.at) continue;
    Key key{*r.at, r.facing, r.stands, 0};
    if (!same_unit(r.brigade, &id, 0)) {
      cut();
      units_.push_back({id, r.brigade, state.brigades.at(r.brigade).side, false,
                        regiment_base(scenario, id, r)});
      keys_.push_back(key);
    } else if (!(keys_[i] == key)) {
      units_[i].base = regiment_base(scenario, id, r);
      keys_[i] = key;
    }
    ++i;
  }
  for (const auto& [id, b] : state.brigades)
    for (std::size_t m = 0; m < b.markers.size(); ++m) {
      Key key{b.markers[m], 0, 0, m + 1};
      if (!same_unit(id, nullptr, m + 1)) {
        cut();
        units_.push_back({id + "#" + std::to_string(m + 1), id, b.side, true,
                          scenario.marker_outline(b.markers[m])});
        keys_.push_back(key);
      } else if (!(keys_[i] == key)) {
        units_[i].base = scenario.marker_outline(b.markers[m]);
        keys_[i] = key;
      }
      ++i;
    }
  cut();
  return units_;
}

std::set<std::string> engaged_brigades(const ChaosState& state, const Scenario& scenario) {
  auto units = units_on_table(state, scenario);
  std::set<std::string> out;
  for (const auto& a : units) {
    if (a.marker || out.count(a.brigade)) continue;
    for (const auto& b : units)
      if (b.side != a.side && within(a.base, b.base, kEngagementRange)) {
        out.insert(a.brigade);
        break;
      }
  }
  return out;
}

std::vector<Fighter> fighters(const ChaosState& state, const Scenario& scenario) {
  std::vector<Fighter> out;
  for (const auto& u : units_on_table(state, scenario))
    if (!u.marker) out.push_back({u.id, u.side, u.base});
  return out;
}

std::vector<std::string> destroy_wagons(ChaosState& state, const Scenario& scenario) {
  return destroy_wagons(state, scenario, units_on_table(state, scenario));
}

std::vector<std::string> destroy_wagons(ChaosState& state, const Scenario& scenario,
                                        const std::vector<UnitBase>& units) {
  std::vector<std::string> out;
  for (auto& [id, w] : state.wagons) {
    if (w.destroyed) continue;
    Outline wagon = scenario.figure_outline(Arm::kWagon, {id, id, w.at, w.facing});
    for (const auto& u : units)
      if (!u.marker && u.side != w.side && within(u.base, wagon, 4 * kInch)) {
        w.destroyed = true;
        out.push_back(id);
        break;
      }
  }
  return out;
}

ChaosRoll resolve_markers(ChaosState& state, const Scenario& scenario, const std::string& brigade,
                          int preferred, ledger::Dice& dice) {
  auto& b = state.brigades.at(brigade);
  if (b.markers.size() != 2 || (preferred != 1 && preferred != 2))
    throw Error("state.bad_status", "brigade " + brigade + " has no two markers to choose from");
  Point chosen = b.markers[preferred - 1];
  Outline card = scenario.marker_outline(chosen);
  bool near = false;
  for (const auto& [id, c] : state.commanders)
    if (c.side == b.side &&
        within(card, scenario.figure_outline(Arm::kCommander, {id, id, c.at, c.facing}), 6 * kInch))
      near = true;
  ChaosRoll roll = chaos_roll(dice, scenario.brigade(brigade)->rating, near, "chaos " + brigade);
  Point other = b.markers[2 - preferred];
  b.markers = {roll.preferred ? chosen : other};
  return roll;
}

}  // namespace adjutant::rules::chaos
