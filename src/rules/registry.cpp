#include <deque>
#include <mutex>

#include "rules/ah1961/ah1961.h"
#include "rules/bluegray/bluegray.h"
#include "rules/ruleset.h"

namespace adjutant::rules {

namespace {

struct Entry {
  RulesetInfo info;
  RulesetFactory make;
};

// Every ruleset adjutant ships, in one place. Every version from 1 to
// `latest` stays playable and verifiable forever. A deque: entries added at
// run time never move the ones before them, so ruleset_info's pointers stay.
std::deque<Entry>& entries() {
  static std::deque<Entry> all = {
      {{"bluegray", bluegray::kVersion, 1, true}, &bluegray::make_ruleset},
      {{"ah1961", ah1961::kVersion, 1, true}, &ah1961::make_ruleset},
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

std::unique_ptr<Ruleset> make_ruleset(const Json& scenario, const std::string& source,
                                      int version) {
  std::string id = scenario_ruleset_id(scenario);
  const RulesetInfo* info = ruleset_info(id);
  RulesetFactory make = nullptr;
  {
    std::lock_guard<std::mutex> lock(entries_mutex());
    for (const auto& e : entries())
      if (e.info.id == id) make = e.make;
  }
  if (info && make) {
    if (version == 0) version = info->latest;
    if (version > info->latest)
      throw Error("archive.ruleset_version",
                  source + ": made under ruleset " + id + " version " + std::to_string(version) +
                      ", newer than this adjutant knows (" + std::to_string(info->latest) +
                      "); use a newer release. This is not evidence of tampering.",
                  Exit::kRulesetVersion);
    if (version < 1)
      throw Error("archive.ruleset_version",
                  source + ": ruleset version " + std::to_string(version) + " does not exist",
                  Exit::kVerifyFailed);
    return make(scenario, source, version);
  }
  std::lock_guard<std::mutex> lock(entries_mutex());
  throw Error("scenario.unknown_ruleset",
              source + ": unknown ruleset \"" + id + "\" (known: " + known_ids() + ")");
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
