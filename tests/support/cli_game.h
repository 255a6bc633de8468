// A two-player game without an umpire, played by the CLI alone (join, new,
// sign, check, adjudicate) in a work folder: the scenario tests' harness.
// Both sides use the test-only sample keys and the skirmish sample's chains,
// unclaimed, so that order files written for those dice serve any scenario.
#pragma once

#include <filesystem>
#include <string>

#include "ledger/jcs.h"
#include "support/cli_harness.h"

namespace adjutant::testing {

class CliGame {
 public:
  // Joins both sides and creates "game" (named `name`) of scenarios/<scenario>
  // in `work`; what `new` printed is created(). Throws when a step fails.
  CliGame(const std::filesystem::path& work, const std::string& name, const std::string& scenario);

  // Writes and signs `orders` for `side`; the signed file's name in work().
  // `force` signs orders the check refuses (sign --force), for a test of
  // what check and adjudicate then say.
  std::string sign(const std::string& side, const ledger::Json& orders, bool force = false);
  // Signs, checks and has the other side adjudicate, a day after the last;
  // returns the check's echo.
  std::string play(const std::string& side, const ledger::Json& orders);

  ledger::Json state() const;
  // Every event of every adjudication so far, in order; those of the latest.
  ledger::Json events() const;
  ledger::Json last_events() const;

  const std::filesystem::path& work() const { return work_; }
  std::filesystem::path dir() const { return work_ / "game"; }
  const std::string& created() const { return created_; }

 private:
  std::filesystem::path work_;
  ScopedSecrets secrets_;
  std::string created_;
  int day_ = 2;
};

// The first event of `type` (about `unit` when given), or nullptr.
const ledger::Json* find_event(const ledger::Json& events, const std::string& type,
                               const std::string& unit = "");

}  // namespace adjutant::testing
