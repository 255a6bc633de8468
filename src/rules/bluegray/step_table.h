// What a path search asks of every step, remembered per scenario file: the
// map's terrain, hexsides and routes are looked up by hex and by name for
// each step (passable(), step_mp(), and zoc() for the zones of control), and
// the searches of a game try the same steps again and again.
#pragma once

#include <atomic>
#include <memory>
#include <vector>

#include "rules/hexmap/scenario.h"

namespace adjutant::rules::bluegray {

using hex::Hex;
using rules::hexmap::Scenario;

class StepTable {
 public:
  // The table of the scenario's file (keyed by its SHA-256, as exclusive_of
  // is: a scenario that reached the engine is not changed); nullptr for a
  // scenario built in code, which the caller then asks directly.
  static const StepTable* of(const Scenario& sc);

  // passable(sc, from, neighbour(from, dir)) and, when it is, the step's
  // step_mp(sc, from, neighbour(from, dir)): each worked out once, the first
  // time any search asks.
  bool passable(const Scenario& sc, Hex from, int dir) const;
  int step_mp(const Scenario& sc, Hex from, int dir) const;
  // zoc_extends(sc, from, neighbour(from, dir)), worked out once as well.
  bool zoc(const Scenario& sc, Hex from, int dir) const;

 private:
  StepTable(int columns, int rows);
  int fact(const Scenario& sc, Hex from, int dir) const;

  int columns_, rows_;
  // One word a hex and direction, 0 until known: bit 0 set once known,
  // bit 1 passable, then the step's MP under each reading of 7.5
  // (readings::route_pays_hexside), then whether a zone of control extends
  // across the step (bit 30).
  std::unique_ptr<std::atomic<int>[]> facts_;
};

}  // namespace adjutant::rules::bluegray
