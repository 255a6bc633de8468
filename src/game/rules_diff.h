// `adjutant rules-diff`: what a game would have become under the latest
// version of its ruleset. Each archive is verified at the version genesis
// pinned, then its orders are adjudicated again, with the same dice, by the
// latest version; the first adjudication whose echo, events or state differ
// is named with the events that differ. Reads only: nothing is written.
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "ledger/jcs.h"

namespace adjutant::game {

// One adjudication as logged against the same orders adjudicated by the
// latest version.
struct Divergence {
  int t = 0;    // the adjudication (1, 2, ...)
  int seq = 0;  // its log line
  int turn = 0;
  std::string phase;
  // The latest version refuses the orders (its message); nothing else is
  // compared then, and the walk stops.
  std::string refused;
  std::vector<std::string> echo_logged, echo_latest;  // both empty when the echoes agree
  ledger::Json removed = ledger::Json::array();       // logged events the latest does not give
  ledger::Json added = ledger::Json::array();  // events the latest gives that were not logged
  std::string state_logged, state_latest;      // state hashes after it
};

struct RulesDiff {
  std::filesystem::path path;
  std::string ruleset;
  int pinned = 0;
  int latest = 0;
  // "changed", "unchanged", "current" (pinned is the latest) or "failed"
  std::string status;
  std::optional<Divergence> first;
  int adjudications = 0;  // adjudications in the log
  int compared = 0;       // of them, adjudicated again before the walk stopped
  int differing = 0;      // of those, the ones that differ
  std::string stopped;    // why the walk stopped early ("" when it did not)
  std::string result_logged, result_latest;
  std::map<std::string, int> vp_logged, vp_latest;
  // For "failed": the error that stopped the verification at the pinned version.
  std::string error_id, message;
  int exit_code = 0;

  ledger::Json to_json() const;
  std::string text() const;
};

RulesDiff rules_diff(const std::filesystem::path& dir);

struct RulesDiffSummary {
  std::vector<RulesDiff> games;
  int changed = 0, unchanged = 0, current = 0, failed = 0;
  int exit_code = 0;  // 0; else the first failure's exit code (3, 5, or 1 for no archive)
};

RulesDiffSummary rules_diff_many(const std::vector<std::filesystem::path>& archives);
ledger::Json summary_json(const RulesDiffSummary& summary);

}  // namespace adjutant::game
