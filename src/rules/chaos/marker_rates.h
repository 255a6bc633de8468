// How far a marker or a deployed brigade may go in unengaged movement
// (move.marker, move.deployed): the ground it starts on, a player
// commander near it, a landmark straight ahead, cavalry's second die.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "ledger/dice.h"
#include "rules/chaos/terrain.h"

namespace adjutant::rules::chaos {

// road 1D6 + 6", clear 1D6 + 3", forest 1D6 + 1": the fixed part, inches.
int going_base(Going going);

// "+3" if starting their movement within 6" of a player commander."
inline constexpr Coord kCommanderBonus = 3 * kInch;
inline constexpr Coord kCommanderReach = 6 * kInch;
// "moving directly toward a landmark": within this many degrees (assumption).
inline constexpr int kLandmarkTolerance = 15;

// The first landmark (in the scenario's order) that every leg of the path
// heads directly toward, if any.
std::optional<std::string> landmark_ahead(const Terrain& terrain, const std::vector<Point>& path);

// A rolled movement rate and what made it.
struct Rate {
  Going going = Going::kClear;
  std::vector<int> rolls;  // the going die, then the landmark die, then cavalry's
  bool near_commander = false;
  std::string landmark;  // the landmark headed for, or ""
  Coord distance = 0;    // hundredths of an inch
};

// A marker's rate: ground by the best it touches at the start; `commanders`
// are the outlines of its side's player commanders.
Rate marker_rate(ledger::Dice& dice, const Terrain& terrain, const Outline& marker,
                 const std::vector<Point>& path, const std::vector<Outline>& commanders,
                 const std::string& purpose);

// A deployed brigade's rate: ground by the worst any regiment touches;
// near a player commander if its commander or any regiment is; cavalry
// brigades roll a second D6 and add it.
Rate brigade_rate(ledger::Dice& dice, const Terrain& terrain, const std::vector<Outline>& regiments,
                  const Outline& commander, const std::vector<Point>& path,
                  const std::vector<Outline>& commanders, bool cavalry, const std::string& purpose);

// The longest rate a move could roll on that ground: a longer path is
// refused before any die.
Coord longest_rate(Going going, bool cavalry_deployed);

}  // namespace adjutant::rules::chaos
