// A game's scenario file read once, as its ruleset's package reads it: a
// hex scenario through the hex map package (rules/hexmap/), any other
// format by its ruleset's factory. The archive learns from it which
// ruleset the file is for and its hash, checks these against genesis, and
// then has the ruleset made at the version genesis pinned, without
// reading the file again or knowing its format.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "ledger/jcs.h"
#include "rules/hexmap/scenario.h"
#include "rules/ruleset.h"

namespace adjutant::rules {

class ScenarioFile {
 public:
  // Reads `scenario` (from `source`): the registry's error for a ruleset
  // this build does not register, the scenario reader's for a malformed
  // hex scenario.
  ScenarioFile(ledger::Json scenario, std::string source);

  // The ruleset the file is for ("bluegray").
  const std::string& ruleset() const { return ruleset_; }
  // Hex SHA-256 of the file's canonical JSON.
  const std::string& sha256() const { return sha256_; }
  // The ruleset of the file at `version` (0: the latest).
  std::unique_ptr<Ruleset> make(int version) const;
  // The file's JSON, handed over (make is then no longer called).
  ledger::Json release() { return std::move(json_); }

 private:
  ledger::Json json_;
  std::string source_;
  std::optional<rules::hexmap::Scenario> hex_;  // read once; the ruleset holds a copy
  std::string ruleset_;
  std::string sha256_;
};

}  // namespace adjutant::rules
