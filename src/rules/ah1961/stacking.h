// More Than One Unit Per Square: the Union 2 combat units, the Confederates
// 22 basic combat factors, an HQ free (detachments free too: assumption);
// on a river square one unit only, on a ford square one counter
// (River Crossing).
#pragma once

#include "rules/ah1961/board.h"

namespace adjutant::rules::ah1961 {

// Why `side`'s units in h break a limit, or "" when they do not; `rule` is
// set to the case broken.
std::string stacking_problem(const Board& b, Hex h, const std::string& side, std::string& rule);

}  // namespace adjutant::rules::ah1961
