#include <deque>
#include <mutex>

#include "rules/notation.h"
#include "rules/package.h"
#include "rules/ruleset.h"

namespace adjutant::rules {

// Each ruleset's package, filled in by its own folder (NAME/package.cpp).
namespace bluegray {
const Package& package();
}
namespace ah1961 {
const Package& package();
}
namespace chaos {
const Package& package();
}

namespace {

// Every ruleset adjutant ships, in one place. Every version from 1 to
// `latest` stays playable and verifiable forever. A deque: packages added at
// run time never move the ones before them, so pointers to them stay.
std::deque<Package>& entries() {
  static std::deque<Package> all = {bluegray::package(), ah1961::package(), chaos::package()};
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

void add_package(const Package& package) {
  std::lock_guard<std::mutex> lock(entries_mutex());
  for (const auto& e : entries())
    if (e.info.id == package.info.id)
      throw Error("registry.duplicate",
                  "ruleset \"" + package.info.id + "\" is already registered");
  entries().push_back(package);
}

namespace {

// The package of ruleset `id`, with `version` made the latest when 0; the
// errors of make_ruleset.
const Package& entry_for(const std::string& id, int& version, const std::string& source) {
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
  const Package& e = entry_for(scenario_ruleset_id(scenario), version, source);
  return e.make(scenario, source, version);
}

std::unique_ptr<Ruleset> make_ruleset(const rules::hexmap::Scenario& scenario,
                                      const std::string& source, int version) {
  const Package& e = entry_for(scenario.ruleset, version, source);
  if (!e.make_hex)
    throw Error("archive.not_hex",
                source + ": ruleset \"" + scenario.ruleset + "\" does not play on a hex map");
  return e.make_hex(scenario, source, version);
}

std::vector<RulesetInfo> registered_rulesets() {
  std::vector<RulesetInfo> out;
  for (const Package* p : packages()) out.push_back(p->info);
  return out;
}

const RulesetInfo* ruleset_info(const std::string& id) {
  const Package* p = package_of(id);
  return p ? &p->info : nullptr;
}

const Package* package_of(const std::string& id) {
  std::lock_guard<std::mutex> lock(entries_mutex());
  for (const auto& e : entries())
    if (e.info.id == id) return &e;
  return nullptr;
}

const Package& package_for(const Ruleset& ruleset) {
  if (const Package* p = package_of(ruleset.id())) return *p;
  throw Error("scenario.unknown_ruleset", "unknown ruleset \"" + ruleset.id() + "\"");
}

Board board_of(const Ruleset& ruleset) {
  return package_for(ruleset).board;
}

OrderPage order_page_of(const Ruleset& ruleset) {
  return package_for(ruleset).order_page;
}

std::vector<const Package*> packages() {
  std::lock_guard<std::mutex> lock(entries_mutex());
  std::vector<const Package*> out;
  for (const auto& e : entries()) out.push_back(&e);
  return out;
}

// Text orders (docs/orders.md): the notation of the ruleset's package.
std::unique_ptr<Notation> make_notation(const std::string& ruleset_id) {
  const Package* p = package_of(ruleset_id);
  if (p && p->notation) return p->notation();
  throw Error("text.no_notation",
              "the ruleset \"" + ruleset_id + "\" has no text notation yet; write JSON orders");
}

std::vector<std::string> notation_rulesets() {
  std::vector<std::string> out;
  for (const Package* p : packages())
    if (p->notation) out.push_back(p->info.id);
  return out;
}

}  // namespace adjutant::rules
