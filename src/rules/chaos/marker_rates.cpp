#include "rules/chaos/marker_rates.h"

#include <algorithm>

namespace adjutant::rules::chaos {

namespace {

bool near_any(const Outline& body, const std::vector<Outline>& commanders) {
  return std::any_of(commanders.begin(), commanders.end(),
                     [&](const Outline& c) { return within(body, c, kCommanderReach); });
}

// Rolls in a fixed order: the going die, the landmark die, cavalry's die.
Rate roll_rate(ledger::Dice& dice, Going going, bool near, std::optional<std::string> landmark,
               bool cavalry, const std::string& purpose) {
  Rate r;
  r.going = going;
  r.near_commander = near;
  r.rolls.push_back(dice.roll(6, purpose));
  Coord inches = r.rolls.back() + going_base(going);
  if (near) inches += kCommanderBonus / kInch;
  if (landmark) {
    r.landmark = *landmark;
    r.rolls.push_back(dice.roll(6, purpose));
    inches += r.rolls.back();
  }
  if (cavalry) {
    r.rolls.push_back(dice.roll(6, purpose));
    inches += r.rolls.back();
  }
  r.distance = inches * kInch;
  return r;
}

}  // namespace

int going_base(Going going) {
  switch (going) {
    case Going::kRoad:
      return 6;
    case Going::kClear:
      return 3;
    case Going::kForest:
      return 1;
  }
  return 0;
}

std::optional<std::string> landmark_ahead(const Terrain& terrain, const std::vector<Point>& path) {
  if (path.size() < 2) return std::nullopt;
  for (const auto& l : terrain.landmarks) {
    bool all = true;
    for (std::size_t i = 0; i + 1 < path.size() && all; ++i)
      all = heads_toward(path[i], path[i + 1], l.at, kLandmarkTolerance);
    if (all) return l.id;
  }
  return std::nullopt;
}

Rate marker_rate(ledger::Dice& dice, const Terrain& terrain, const Outline& marker,
                 const std::vector<Point>& path, const std::vector<Outline>& commanders,
                 const std::string& purpose) {
  return roll_rate(dice, marker_going(terrain, marker), near_any(marker, commanders),
                   landmark_ahead(terrain, path), false, purpose);
}

Rate brigade_rate(ledger::Dice& dice, const Terrain& terrain, const std::vector<Outline>& regiments,
                  const Outline& commander, const std::vector<Point>& path,
                  const std::vector<Outline>& commanders, bool cavalry,
                  const std::string& purpose) {
  bool near = near_any(commander, commanders) ||
              std::any_of(regiments.begin(), regiments.end(),
                          [&](const Outline& r) { return near_any(r, commanders); });
  return roll_rate(dice, brigade_going(terrain, regiments), near, landmark_ahead(terrain, path),
                   cavalry, purpose);
}

Coord longest_rate(Going going, bool cavalry_deployed) {
  Coord inches = 6 + going_base(going) + kCommanderBonus / kInch + 6 + (cavalry_deployed ? 6 : 0);
  return inches * kInch;
}

}  // namespace adjutant::rules::chaos
