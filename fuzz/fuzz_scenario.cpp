// The scenario loader: a fuzzed scenario file through the ruleset registry
// (rules::make_ruleset) and rules::hexmap::Scenario::from_json. A scenario that loads
// must give an initial state that survives its own JSON form; then the
// sample order files (samples/orders/) are played in turn on it, each player-
// turn passing without orders when its file is refused, so the fuzzed
// numbers, terrain and tables reach movement, combat and victory.
#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "json_mutator.h"
#include "ledger/dice.h"
#include "ledger/digest.h"
#include "ledger/jcs.h"
#include "rules/hexmap/scenario.h"
#include "rules/ruleset.h"
#include "support.h"

using adjutant::fuzz::finding;
using adjutant::fuzz::only_errors;
namespace ledger = adjutant::ledger;
namespace rules = adjutant::rules;
namespace model = adjutant::model;
using ledger::Json;

namespace {

std::vector<Json> load_orders() {
  std::vector<std::filesystem::path> files;
  const auto dir = adjutant::fuzz::source_dir() / "samples/orders";
  for (const auto& f : std::filesystem::recursive_directory_iterator(dir))
    if (f.path().extension() == ".json") files.push_back(f.path());
  std::sort(files.begin(), files.end());
  std::vector<Json> out;
  for (const auto& f : files)
    out.push_back(ledger::parse_strict(adjutant::fuzz::read_bytes(f), f.string()));
  return out;
}

const std::vector<Json>& sample_orders() {
  static const std::vector<Json> orders = load_orders();
  return orders;
}

bool registered(const Json& scenario) {
  if (!scenario.is_object() || !scenario.contains("ruleset") || !scenario["ruleset"].is_string())
    return false;
  for (const auto& info : rules::registered_rulesets())
    if (scenario["ruleset"] == info.id) return true;
  return false;
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  sample_orders();
  return 0;
}

extern "C" size_t LLVMFuzzerCustomMutator(uint8_t* data, size_t size, size_t max_size,
                                          unsigned int seed) {
  return adjutant::fuzz::mutate_json_text(data, size, max_size, seed);
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  Json j;
  if (!only_errors("parse_strict",
                   [&] { j = ledger::parse_strict(adjutant::fuzz::bytes(data, size), "input"); }))
    return 0;
  // make_ruleset loads the scenario through Scenario::from_json; one naming
  // no registered ruleset goes to from_json directly.
  if (!registered(j))
    only_errors("Scenario::from_json", [&] { rules::hexmap::Scenario::from_json(j, "input"); });
  std::unique_ptr<rules::Ruleset> ruleset;
  if (!only_errors("make_ruleset", [&] { ruleset = rules::make_ruleset(j, "input"); })) return 0;

  model::State state;
  if (!only_errors("initial_state", [&] { state = ruleset->initial_state(); }))
    finding("a scenario that loads has no initial state");
  std::string canonical;
  if (!only_errors("State::from_json", [&] {
        canonical = state.canonical();
        if (model::State::from_json(state.to_json(), "state").canonical() != canonical)
          finding("the initial state does not survive its JSON form");
      }))
    finding("the initial state's JSON form is refused: " + canonical.substr(0, 200));
  only_errors("current_phase", [&] { ruleset->current_phase(state); });

  const Json no_orders = {{"moves", Json::array()}, {"attacks", Json::array()}};
  for (const Json& orders : sample_orders()) {
    if (state.phase.empty()) break;
    rules::Checked checked;
    if (!only_errors("check", [&] { checked = ruleset->check(state, orders, "sample"); }) &&
        !only_errors("check", [&] { checked = ruleset->check(state, no_orders, "no orders"); }))
      break;
    if (!only_errors("adjudicate", [&] {
          ledger::SeededDice dice(ledger::sha256(adjutant::fuzz::bytes(data, size)));
          state = ruleset->apply(state, ruleset->adjudicate(state, checked, dice));
          state.canonical();
        }))
      break;
  }
  return 0;
}
