#include <deque>
#include <mutex>

#include "rules/ah1961/ah1961.h"
#include "rules/bluegray/bluegray.h"
#include "rules/chaos/ruleset.h"
#include "rules/ruleset.h"
#include "rules/sheets_bound.h"

namespace adjutant::rules {

namespace {

// A built-in hex ruleset's factory, for a scenario already read.
using HexFactory = std::unique_ptr<Ruleset> (*)(model::Scenario, const std::string&, int);

struct Entry {
  RulesetInfo info;
  RulesetFactory make;
  HexFactory make_hex = nullptr;  // null for a ruleset added at run time
};

// A hex ruleset made from its scenario, bound to the scenario's map sheets:
// every call reads and writes hex numbers with them, whatever scenario the
// thread read since.
std::unique_ptr<Ruleset> bound(HexFactory make, model::Scenario scenario, const std::string& source,
                               int version) {
  auto sheets = scenario.sheets;
  return bind_sheets(make(std::move(scenario), source, version), std::move(sheets));
}

// A hex ruleset built from its scenario file: the file is read here.
template <HexFactory F>
std::unique_ptr<Ruleset> from_file(const Json& scenario, const std::string& source, int version) {
  return bound(F, model::Scenario::from_json(scenario, source), source, version);
}

// Every ruleset adjutant ships, in one place. Every version from 1 to
// `latest` stays playable and verifiable forever. A deque: entries added at
// run time never move the ones before them, so ruleset_info's pointers stay.
std::deque<Entry>& entries() {
  static std::deque<Entry> all = {
      {{"bluegray", bluegray::kVersion, 1, true},
       &from_file<&bluegray::make_ruleset>,
       &bluegray::make_ruleset},
      {{"ah1961", ah1961::kVersion, 1, true},
       &from_file<&ah1961::make_ruleset>,
       &ah1961::make_ruleset},
      // Chaos of Battle reads its own scenario format (adjutant-chaos/1).
      {{chaos::kRulesetId, chaos::kVersion, 1, false}, &chaos::make_ruleset},
  };
  return all;
}

std::mutex& entries_mutex() {
  static std::mutex m;
  return m;
}

std::string known_ids() {
  std::string out;
  for (const auto& e : entries()) out += (out.empty() ? "" : ", ") + e.info.id;
  return out;
}

}  // namespace

std::string scenario_ruleset_id(const Json& scenario) {
  return scenario.is_object() && scenario.contains("ruleset") && scenario["ruleset"].is_string()
             ? scenario["ruleset"].get<std::string>()
             : "";
}

void add_ruleset(const RulesetInfo& info, RulesetFactory make) {
  std::lock_guard<std::mutex> lock(entries_mutex());
  for (const auto& e : entries())
    if (e.info.id == info.id)
      throw Error("registry.duplicate", "ruleset \"" + info.id + "\" is already registered");
  entries().push_back({info, make});
}

namespace {

// The entry for ruleset `id`, with `version` made the latest when 0; the
// errors of make_ruleset.
Entry entry_for(const std::string& id, int& version, const std::string& source) {
  std::lock_guard<std::mutex> lock(entries_mutex());
  for (const auto& e : entries()) {
    if (e.info.id != id) continue;
    if (version == 0) version = e.info.latest;
    if (version > e.info.latest)
      throw Error("archive.ruleset_version",
                  source + ": made under ruleset " + id + " version " + std::to_string(version) +
                      ", newer than this adjutant knows (" + std::to_string(e.info.latest) +
                      "); use a newer release. This is not evidence of tampering.",
                  Exit::kRulesetVersion);
    if (version < 1)
      throw Error("archive.ruleset_version",
                  source + ": ruleset version " + std::to_string(version) + " does not exist",
                  Exit::kVerifyFailed);
    return e;
  }
  throw Error("scenario.unknown_ruleset",
              source + ": unknown ruleset \"" + id + "\" (known: " + known_ids() + ")");
}

}  // namespace

std::unique_ptr<Ruleset> make_ruleset(const Json& scenario, const std::string& source,
                                      int version) {
  // The ruleset and version are checked before the scenario is read.
  Entry e = entry_for(scenario_ruleset_id(scenario), version, source);
  return e.make(scenario, source, version);
}

std::unique_ptr<Ruleset> make_ruleset(const model::Scenario& scenario, const std::string& source,
                                      int version) {
  Entry e = entry_for(scenario.ruleset, version, source);
  if (!e.make_hex)
    throw Error("archive.not_hex",
                source + ": ruleset \"" + scenario.ruleset + "\" does not play on a hex map");
  return bound(e.make_hex, scenario, source, version);
}

std::vector<RulesetInfo> registered_rulesets() {
  std::lock_guard<std::mutex> lock(entries_mutex());
  std::vector<RulesetInfo> out;
  for (const auto& e : entries()) out.push_back(e.info);
  return out;
}

const RulesetInfo* ruleset_info(const std::string& id) {
  std::lock_guard<std::mutex> lock(entries_mutex());
  for (const auto& e : entries())
    if (e.info.id == id) return &e.info;
  return nullptr;
}

}  // namespace adjutant::rules
