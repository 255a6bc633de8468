// The game state: where every unit is and what it is, whose player-turn it
// is, victory points. state.json is its canonical JSON; its hash is the
// SHA-256 of that text. Replay recomputes it, so it is only a cache on disk.
#pragma once

#include <map>
#include <string>

#include "ledger/jcs.h"

namespace adjutant::model {

using ledger::Json;

enum class UnitStatus { kWaiting, kActive, kEliminated, kExited };

std::string to_string(UnitStatus s);
UnitStatus unit_status_from(const std::string& s, const std::string& where);

struct UnitState {
  UnitStatus status = UnitStatus::kActive;
  // Where the unit is: a hex number for hex games, empty when off the map.
  // Non-hex rulesets keep their own position form in `extra`.
  std::string location;
  bool ineffective = false;  // Blue & Gray 10.0
  Json extra = Json::object();
};

struct State {
  std::string scenario;
  int turn = 1;
  std::string phase;      // the phasing side, or "" when the game has ended
  int adjudications = 0;  // t of the last adjudication
  std::map<std::string, UnitState> units;
  std::map<std::string, int> vp;
  std::string result;  // set when the game has ended
  Json extra = Json::object();

  Json to_json() const;
  static State from_json(const Json& j, const std::string& source);
  std::string canonical() const;
  std::string hash() const;  // hex SHA-256 of canonical()
};

}  // namespace adjutant::model
