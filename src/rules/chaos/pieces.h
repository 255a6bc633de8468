// A side's pieces as the reports list them (Ruleset::pieces).
#pragma once

#include <string>
#include <vector>

#include "model/state.h"
#include "rules/chaos/scenario.h"
#include "rules/ruleset.h"

namespace adjutant::rules::chaos {

// `side`'s brigades, then its player commanders, from the whole state or
// the side's view of it.
std::vector<PieceRow> side_pieces(const Scenario& sc, const model::State& state,
                                  const std::string& side);

}  // namespace adjutant::rules::chaos
