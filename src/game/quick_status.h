// A game's status read from its caches, checked by hash, without replaying
// the log (`adjutant status`): state.json must be the state the log's last
// adjudication names (its SHA-256), the log's last lines must chain (each
// `prev` the hash of the line before), and scenario.json must be the one
// genesis pins. What it cannot vouch for that way (a stale cache, a damaged
// tail) it leaves to the full, verified reading (ReadGame), which `status
// --verify` always takes.
#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "game/archive.h"

namespace adjutant::game {

struct QuickStatus {
  Json genesis;
  std::string game_id;
  Json scenario;  // scenario.json as parsed
  std::shared_ptr<rules::Ruleset> ruleset;
  std::vector<Party> parties;  // players in id order, then the umpire
  bool has_umpire = false;
  model::State state;
  rules::PhaseInfo phase;
  std::vector<std::string> sides_in;       // of a simultaneous phase, whose files are in
  std::vector<std::string> sides_awaited;  // whose files the phase still waits on
  std::string deadline;                    // RFC 3339 UTC, "" when the game is over
  int extension_hours = 0;
  int log_lines = 0;
  std::string head;
  std::string phase_head;   // the hash of the line the phase opened at (protocol 5a)
  std::string phase_began;  // RFC 3339: that line's time (an adjudication's, or genesis's)
  // The `after` an order file of the phase due must name (Replay::expected_after).
  std::string expected_after() const { return phase.simultaneous() ? phase_head : head; }
  // True when the whole log was replayed and every signature checked.
  bool verified = false;

  std::string name() const;
  // Who adjudicates orders of `side` (Archive::adjudicator_for).
  std::string adjudicator_for(const std::string& side) const;
};

// The status of the archive `dir` from its caches, or nullopt when they
// cannot be vouched for by hash (state.json stale or missing, a tail that
// does not chain): the caller then reads the game in full. Errors
// archive.not_found, and those of reading game.json and scenario.json.
std::optional<QuickStatus> quick_status(const fs::path& dir);

// The status from the whole log, replayed and verified (ReadGame).
QuickStatus verified_status(const fs::path& dir);

// quick_status, else (or with `verify`) verified_status.
QuickStatus read_status(const fs::path& dir, bool verify);

}  // namespace adjutant::game
