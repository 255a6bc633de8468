#include "rules/bluegray/bluegray.h"
#include "rules/ruleset.h"

namespace adjutant::rules {

namespace {

using Factory = std::unique_ptr<Ruleset> (*)(const Json&, const std::string&);

struct Entry {
  const char* id;
  int version;
  Factory make;
};

// Every ruleset adjutant knows, in one place.
const Entry kRulesets[] = {
    {"bluegray", bluegray::kVersion, &bluegray::make_ruleset},
};

}  // namespace

std::unique_ptr<Ruleset> make_ruleset(const Json& scenario, const std::string& source) {
  std::string id =
      scenario.is_object() && scenario.contains("ruleset") && scenario["ruleset"].is_string()
          ? scenario["ruleset"].get<std::string>()
          : "";
  for (const auto& e : kRulesets)
    if (id == e.id) return e.make(scenario, source);
  throw Error("scenario.unknown_ruleset",
              source + ": unknown ruleset \"" + id + "\" (known: bluegray)");
}

std::vector<std::pair<std::string, int>> registered_rulesets() {
  std::vector<std::pair<std::string, int>> out;
  for (const auto& e : kRulesets) out.push_back({e.id, e.version});
  return out;
}

}  // namespace adjutant::rules
