#include "rules/scenario_file.h"

#include "ledger/digest.h"

namespace adjutant::rules {

ScenarioFile::ScenarioFile(ledger::Json scenario, std::string source)
    : json_(std::move(scenario)), source_(std::move(source)) {
  const std::string named = scenario_ruleset_id(json_);
  const RulesetInfo* info = ruleset_info(named);
  // A ruleset this build does not register is named as such, before its
  // scenario is read as a hex scenario it need not be.
  if (!info && !named.empty()) make_ruleset(json_, source_);
  if (!info || info->hex) {
    hex_ = rules::hexmap::Scenario::from_json(json_, source_);
    sha256_ = hex_->sha256;
    ruleset_ = hex_->ruleset;
  } else {
    // A ruleset with a scenario format of its own reads it in its factory.
    sha256_ = ledger::sha256_hex(ledger::canonical(json_));
    ruleset_ = info->id;
  }
}

std::unique_ptr<Ruleset> ScenarioFile::make(int version) const {
  return hex_ ? make_ruleset(*hex_, source_, version) : make_ruleset(json_, source_, version);
}

}  // namespace adjutant::rules
