#include "rules/ah1961/ah1961.h"
#include "rules/bluegray/bluegray.h"
#include "rules/ruleset.h"
#include "rules/sheets_bound.h"

namespace adjutant::rules {

namespace {

using Factory = std::unique_ptr<Ruleset> (*)(const Json&, const std::string&, int);

struct Entry {
  const char* id;
  int latest;
  Factory make;
};

// Every ruleset adjutant knows, in one place. Every version from 1 to
// `latest` stays playable and verifiable forever.
const Entry kRulesets[] = {
    {"bluegray", bluegray::kVersion, &bluegray::make_ruleset},
    {"ah1961", ah1961::kVersion, &ah1961::make_ruleset},
};

std::string known_ids() {
  std::string out;
  for (const auto& e : kRulesets) out += (out.empty() ? "" : ", ") + std::string(e.id);
  return out;
}

}  // namespace

std::unique_ptr<Ruleset> make_ruleset(const Json& scenario, const std::string& source,
                                      int version) {
  std::string id =
      scenario.is_object() && scenario.contains("ruleset") && scenario["ruleset"].is_string()
          ? scenario["ruleset"].get<std::string>()
          : "";
  for (const auto& e : kRulesets) {
    if (id != e.id) continue;
    if (version == 0) version = e.latest;
    if (version > e.latest)
      throw Error("archive.ruleset_version",
                  source + ": made under ruleset " + id + " version " + std::to_string(version) +
                      ", newer than this adjutant knows (" + std::to_string(e.latest) +
                      "); use a newer release. This is not evidence of tampering.",
                  Exit::kRulesetVersion);
    if (version < 1)
      throw Error("archive.ruleset_version",
                  source + ": ruleset version " + std::to_string(version) + " does not exist",
                  Exit::kVerifyFailed);
    // The factory reads the scenario, which leaves its sheets in use: the
    // ruleset keeps them for every call.
    auto ruleset = e.make(scenario, source, version);
    return bind_sheets(std::move(ruleset), hex::shared_sheets_in_use());
  }
  throw Error("scenario.unknown_ruleset",
              source + ": unknown ruleset \"" + id + "\" (known: " + known_ids() + ")");
}

std::vector<RulesetInfo> registered_rulesets() {
  std::vector<RulesetInfo> out;
  for (const auto& e : kRulesets) out.push_back({e.id, e.latest, 1});
  return out;
}

const RulesetInfo* ruleset_info(const std::string& id) {
  static const std::vector<RulesetInfo> all = registered_rulesets();
  for (const auto& r : all)
    if (r.id == id) return &r;
  return nullptr;
}

}  // namespace adjutant::rules
