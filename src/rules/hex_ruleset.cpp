#include "rules/hex_ruleset.h"

#include "util/error.h"

namespace adjutant::rules {

HexRuleset::HexRuleset(rules::hexmap::Scenario scenario, int version) : sc_(std::move(scenario)) {
  sc_.rules_version = version;
}

std::vector<std::string> HexRuleset::sides() const {
  std::vector<std::string> out;
  for (const auto& s : sc_.sides) out.push_back(s.id);
  return out;
}

std::string HexRuleset::side_name(const std::string& id) const {
  const rules::hexmap::SideDef* s = sc_.side(id);
  return s ? s->name : std::string();
}

const rules::hexmap::Scenario* hex_scenario(const Ruleset& ruleset) {
  const auto* hex = dynamic_cast<const HexRuleset*>(&ruleset);
  return hex ? &hex->scenario() : nullptr;
}

const rules::hexmap::Scenario& hex_scenario(const Ruleset& ruleset, const std::string& where) {
  if (const rules::hexmap::Scenario* sc = hex_scenario(ruleset)) return *sc;
  throw Error("archive.not_hex",
              where + ": a " + ruleset.id() + " game has no hex scenario (this command needs one)");
}

}  // namespace adjutant::rules
