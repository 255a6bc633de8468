// `adjutant bench --tournament N` (docs/performance.md "The judge at
// tournament scale"): a made tournament of N umpired games of the training
// scenario under one judge, in a temporary folder. The bot writes every
// side's orders and mails them into the judge's maildir (with a few junk
// mails); an SMTP receiver of the bench's own takes what the judge sends
// and delivers the judge's blind copies back into its maildir, as a mail
// server would. Each judge pass runs as its own `adjutant judge` process and
// is timed: wall time, CPU time and peak memory. A benchmark, not a test.
#pragma once

#include <filesystem>
#include <ostream>

#include "game/caches.h"

namespace adjutant::cli {

struct TournamentOptions {
  int games = 100;
  int rounds = 3;                  // player-turns of history before the last timed round
  std::filesystem::path work;      // an empty folder to build it in
  std::filesystem::path adjutant;  // the program whose judge is timed
  std::filesystem::path scenario;  // the games' scenario file
  game::TurnWriter outputs;        // what the games' invitations draw
  std::ostream* out = nullptr;
};

// Builds and plays the tournament, printing one line per timed pass.
// Returns false when a pass failed (its exit code was not 0).
bool run_tournament(const TournamentOptions& options);

}  // namespace adjutant::cli
