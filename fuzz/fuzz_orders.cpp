// Order checking for every registered ruleset: each ruleset's scenarios under
// scenarios/, at the initial state and at every state the sample games pass
// through, take the fuzzed order body through check(). Orders that check must
// also adjudicate and apply (dice seeded by the input: results vary, yet
// replay), since check promises exactly the errors adjudication would give.
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "game/archive.h"
#include "json_mutator.h"
#include "ledger/dice.h"
#include "ledger/digest.h"
#include "ledger/jcs.h"
#include "rules/ruleset.h"
#include "support.h"

using adjutant::fuzz::finding;
using adjutant::fuzz::only_errors;
namespace fs = std::filesystem;
namespace ledger = adjutant::ledger;
namespace rules = adjutant::rules;
namespace model = adjutant::model;
using ledger::Json;

namespace {

struct Target {
  std::string name;  // "bluegray scenarios/bluegray-skirmish.json"
  std::unique_ptr<rules::Ruleset> ruleset;
  std::vector<model::State> states;
};

// The states the sample games of this scenario pass through, without repeats.
void add_sample_states(Target& t, const std::string& scenario_id) {
  std::map<std::string, bool> seen;
  auto add = [&](const model::State& s) {
    if (!seen.emplace(s.hash(), true).second) return;
    t.states.push_back(s);
  };
  add(t.ruleset->initial_state());
  for (const auto& dir : fs::directory_iterator(adjutant::fuzz::source_dir() / "samples/games")) {
    auto archive = adjutant::game::Archive::open(dir.path());
    // The scenario's id from its file: a table game has no hex scenario.
    if (archive.ruleset().id() != t.ruleset->id() ||
        archive.scenario_json().value("id", "") != scenario_id)
      continue;
    for (const auto& a : archive.adjudications()) {
      add(a.before);
      add(a.after);
    }
  }
}

std::vector<Target> load_targets() {
  std::map<std::string, std::vector<fs::path>> by_ruleset;
  // scenarios/ and its table/ folder (Chaos of Battle's tables).
  for (const auto& f :
       fs::recursive_directory_iterator(adjutant::fuzz::source_dir() / "scenarios")) {
    if (f.path().extension() != ".json") continue;
    Json j = ledger::parse_strict(adjutant::fuzz::read_bytes(f.path()), f.path().string());
    by_ruleset[j.value("ruleset", "")].push_back(f.path());
  }
  std::vector<Target> out;
  for (const auto& info : rules::registered_rulesets()) {
    const std::string& id = info.id;
    if (by_ruleset[id].empty())
      finding("ruleset " + id + " has no scenario under scenarios/, so its orders go unfuzzed");
    for (const fs::path& file : by_ruleset[id]) {
      Json j = ledger::parse_strict(adjutant::fuzz::read_bytes(file), file.string());
      Target t{id + " " + file.filename().string(), rules::make_ruleset(j, file.string()), {}};
      add_sample_states(t, j.value("id", ""));
      std::fprintf(stderr, "fuzz_orders: %s with %zu states\n", t.name.c_str(), t.states.size());
      out.push_back(std::move(t));
    }
  }
  return out;
}

std::vector<Target>& targets() {
  static std::vector<Target> t = load_targets();
  return t;
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  targets();
  return 0;
}

extern "C" size_t LLVMFuzzerCustomMutator(uint8_t* data, size_t size, size_t max_size,
                                          unsigned int seed) {
  return adjutant::fuzz::mutate_json_text(data, size, max_size, seed);
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  Json orders;
  if (!only_errors("parse_strict", [&] {
        orders = ledger::parse_strict(adjutant::fuzz::bytes(data, size), "input");
      }))
    return 0;
  for (const Target& t : targets()) {
    for (const model::State& state : t.states) {
      rules::Checked checked;
      if (!only_errors("check", [&] { checked = t.ruleset->check(state, orders, "input"); }))
        continue;
      if (!only_errors("adjudicate", [&] {
            ledger::SeededDice dice(ledger::sha256(adjutant::fuzz::bytes(data, size)));
            Json events = t.ruleset->adjudicate(state, checked, dice);
            t.ruleset->apply(state, events).canonical();
          }))
        finding(t.name + ": orders that check do not adjudicate");
    }
  }
  return 0;
}
