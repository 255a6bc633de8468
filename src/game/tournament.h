// The games under a folder (a judge's, docs/judge.md) at a glance: each
// game's turn, whose orders are due and by when, what waits on the party
// that adjudicates (orders in its inbox, a deadline passed, a no-moves
// ruling the rules refuse), the victory points and the result. Read from
// each game's caches, checked by hash (quick_status.h).
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "ledger/jcs.h"

namespace adjutant::game {

struct GameRow {
  std::string folder;  // relative to the folder given ("ely", "league/ely")
  std::string name;
  std::string scenario;  // the scenario's title
  std::string ruleset;   // "bluegray v2"
  int turn = 0;
  std::string phase;             // "turn 3, union player-turn"
  std::vector<std::string> due;  // the sides whose orders are awaited
  std::string due_by;            // RFC 3339 UTC, "" when over
  bool late = false;             // the deadline is past
  std::string adjudicator;       // who the orders go to
  std::string waiting;           // what waits on the adjudicator, "" when nothing
  std::map<std::string, int> vp;
  std::string result;  // "" while the game goes on
  std::string error;   // the game could not be read: why
  int log_lines = 0;
  bool verified = false;  // read by a full replay (a stale cache)

  ledger::Json to_json() const;
};

// Every game archive under `dir`, in folder order; `now` (RFC 3339, "" for
// the clock) decides what is late.
std::vector<GameRow> tournament(const std::filesystem::path& dir, const std::string& now);

// The rows as CSV (RFC 4180), one line per game after a header line.
std::string tournament_csv(const std::vector<GameRow>& rows);

}  // namespace adjutant::game
