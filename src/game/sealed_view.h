// What a side reads of its sealed copy (docs/protocol.md 10a) when it is not
// writing orders: the side's latest view of the table with the ruleset of
// its part of the scenario (for `render` and `status --units`), the phase
// due and its deadline, and whom orders go to (`status`).
#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "game/archive.h"

namespace adjutant::game {

struct SealedView {
  std::string side;
  Json genesis;
  std::string name;
  std::string game_id;
  std::vector<Party> parties;
  int lines = 0;
  std::string head;
  // The side's latest view (the opening of its view after the last
  // adjudication it holds, or of the start) and the ruleset of its part of
  // the scenario; null when the copy holds no part.
  std::shared_ptr<rules::Ruleset> ruleset;
  model::State view;
  int view_line = 0;  // the log line the view is of
  // brigade -> 1 or 2: the marker the side prefers in its last order file
  // (Chaos of Battle's "preferred"), for its map.
  std::map<std::string, int> preferred;
  // The phase due (the packet's `due`), when one of the side is.
  bool due = false;
  int turn = 0;
  std::string phase;
  std::string deadline;  // RFC 3339 UTC: the phase's start + the game's hours + extensions
  int extension_hours = 0;
  bool over = false;  // an end entry, or the openings entry
  std::string result;
};

// Reads a side's sealed copy, verified first as `verify` verifies it
// (Error verify.*, exit 3, when it does not).
SealedView open_sealed_view(const fs::path& copy);

}  // namespace adjutant::game
