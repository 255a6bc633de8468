// Brigade Substitute Counters: a Confederate division on the board is
// replaced by brigade counters whose factors total the division's, stacked
// on its square; brigades on one common square totalling a removed
// division's factors bring it back. The counters are supplemental: a
// brigade counter in use or eliminated cannot be used again.
#pragma once

#include "rules/ah1961/board.h"

namespace adjutant::rules::ah1961 {

// Why these brigades may not replace the division, or "". `setup`: the
// division is not on the board yet (Prepare For Play step 3).
std::string substitution_problem(const Board& b, const std::string& division,
                                 const std::vector<std::string>& brigades, bool setup);
// Why these brigades may not be removed to bring back the division, or "";
// `at` is set to their common square.
std::string recombination_problem(const Board& b, const std::string& division,
                                  const std::vector<std::string>& brigades, Hex& at);

}  // namespace adjutant::rules::ah1961
