// Timing a game's verification against its cryptographic floor, for
// `adjutant bench` (docs/performance.md). A benchmark, not a test: figures
// depend on the machine; the signature line does not.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace adjutant::game {

struct VerifyTiming {
  std::string name;
  int lines = 0;
  // The size of its scenario's map, hexes then units (0 for a table game),
  // as `adjutant bench` ranks scenarios to find the largest.
  long hexes = 0;
  long units = 0;
  int adjudications = 0;
  double verify_ms = 0;  // open, check genesis, replay every line (best of the runs)
  // The CPU time of that verify, both of its threads (best of the runs): the
  // signatures are checked on a second thread beside the replay.
  double verify_cpu_ms = 0;
  double floor_ms = 0;  // only the line hashes and every signature check (best of the runs)
  // One player-turn (its order entry and adjudication replayed: check,
  // dice, adjudicate, apply, compare), in ms.
  std::vector<double> turn_ms;
  // Verify cost per line in the first and the last quarter of the log (ms).
  double first_quarter_ms_per_line = 0;
  double last_quarter_ms_per_line = 0;
};

// Times `dir` over `runs` runs (the best of each figure is kept).
VerifyTiming time_verify(const std::filesystem::path& dir, int runs);

}  // namespace adjutant::game
