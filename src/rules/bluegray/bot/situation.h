// What the Blue & Gray bot knows of one position before it plans: the map's
// step costs, where the enemy stands and what its zones of control cover,
// and the seed's choices. Built once per order file.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "rules/bluegray/board.h"

namespace adjutant::bot::bluegray {

using hex::Hex;
using ledger::Json;
using model::State;
using rules::bluegray::Board;
using rules::hexmap::Scenario;
using rules::hexmap::UnitDef;

// A value per hex of the map, stored by column and row.
template <typename T>
class HexGrid {
 public:
  HexGrid(const Scenario& sc, T fill)
      : rows_(sc.rows), cells_(std::size_t(sc.columns * sc.rows), fill) {}
  T& operator[](Hex h) { return cells_[std::size_t((h.col - 1) * rows_ + (h.row - 1))]; }
  const T& operator[](Hex h) const {
    return cells_[std::size_t((h.col - 1) * rows_ + (h.row - 1))];
  }

 private:
  int rows_;
  std::vector<T> cells_;
};

inline constexpr int kBlocked = -1;  // a step that can never be taken
inline constexpr int kUnreached = 1 << 29;

// What the seed decides for the whole order file.
struct Temper {
  int odds_a = 3, odds_b = 2;  // the least odds the bot moves into contact for (a-b)
  int enough_a = 3;            // odds (a-1) past which it adds no more attackers
  bool cavalry_evade = true;   // standing order 11.2
  bool advance = true;         // standing order 8.6 (after a failed enemy attack)
  int flank_march = 0;         // units sent off by an exit they come back from (H&L 16.22)
};

struct Situation {
  Situation(const Scenario& scenario, const State& state, const std::string& side,
            std::uint64_t seed);

  const Scenario& sc;
  const State& state;
  Board board;
  std::string side;
  std::string enemy;
  bool night = false;
  std::uint64_t seed = 0;
  Temper temper;
  std::set<Hex> ezoc;         // hexes in the enemy's zone of control
  std::set<Hex> enemy_hexes;  // hexes holding enemy units
  // The MP of stepping from a hex in each direction (hex::neighbour order),
  // kBlocked off the map or across what cannot be crossed (7.3, 7.5, TEC).
  HexGrid<std::array<int, 6>> steps;

  // A tie-break number for `what` ("unit 1/I", a hex) under this seed and turn.
  std::uint64_t tie(std::string_view what) const;
};

}  // namespace adjutant::bot::bluegray
