// The movement phase: moves checked hex by hex or found by the cheapest-path
// search, reinforcements entering, strategic movement (5.0, 5.1, 6.0,
// 7.0-7.5, 9.0, 10.2, 11.1, and 14.31/14.32-style entry from scenario data).
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "rules/bluegray/arrivals.h"
#include "rules/bluegray/events.h"
#include "rules/bluegray/orders.h"

namespace adjutant::rules::bluegray {

// A move as checked: the path it takes and the MP it spends.
struct PlannedMove {
  int index = 0;
  std::string unit;
  bool enter = false;                // a reinforcement entering at path[0]
  std::vector<Hex> path;             // the unit's hex (or entry hex) first
  int mp = 0;                        // spent, entry included
  int of = 0;                        // allowance (7.0, 11.1)
  bool strategic = false;            // 11.1
  bool forced = false;               // Grand Chancellorsville 23.21: forced march
  bool minimum = false;              // 7.4: one hex despite its cost
  bool found = false;                // the engine chose the path (order gave "to")
  int entry_mp = 1;                  // what entering cost (14.32), when `enter`
  int entry_place = 1;               // its place in the entry column (H&L 16.25)
  std::string entry_rule = "14.32";  // the case the entry cites (H&L 16.24 for a return)
  bool exit = false;                 // leaves the map from the last hex (14.4)
  int exit_mp = 0;                   // what leaving cost

  // The path's hexes written and read by `numbers`, the map's numbering.
  Json to_json(hex::Numbering numbers) const;
  static PlannedMove from_json(const Json& j, hex::Numbering numbers);
  // "1/I moves 0606-0605-0604, 3 of 6 MP"
  std::string echo(hex::Numbering numbers) const;
};

// Checks one move against the working position (the phasing side is
// state.phase); appends a problem and returns nullopt when it is illegal.
// `entered` lists the units that entered at each hex earlier in this
// movement phase (column entry costs, Hooker and Lee 16.25).
std::optional<PlannedMove> check_move(const Board& board, const MoveOrder& order, bool night,
                                      const EntryColumns& entered, Problems& problems);

// Emits the "enter", "move" and "exit" events of a checked move.
void execute_move(Emitter& em, const PlannedMove& move);

}  // namespace adjutant::rules::bluegray
