#include "rules/notation.h"

#include "rules/hex_ruleset.h"
#include "util/error.h"

namespace adjutant::rules {

const rules::hexmap::Scenario& TextGame::hex_scenario() const {
  const rules::hexmap::Scenario* hex = ruleset ? rules::hex_scenario(*ruleset) : nullptr;
  if (!hex)
    throw Error("text.no_notation",
                "this notation reads a hex scenario, and the game has none to read names in");
  return *hex;
}

}  // namespace adjutant::rules
