// The Blue & Gray standard rules (SPI, 1975; cases 2.0-11.2 of
// rules/001_1311978dea3b76ca.txt) as a Ruleset. Exclusive rules of the
// individual games plug in through scenario data and hooks, never here.
#pragma once

#include <memory>
#include <string>

#include "rules/ruleset.h"

namespace adjutant::rules {
class Notation;
}

namespace adjutant::rules::bluegray {

// The latest version: bumped whenever a change alters any outcome of any
// archive; each change is gated in readings.h so older archives keep the
// behaviour of the version they pinned.
inline constexpr int kVersion = 3;

// `scenario` as Scenario::from_json read it from `source`.
std::unique_ptr<Ruleset> make_ruleset(rules::hexmap::Scenario scenario, const std::string& source,
                                      int version);

// Its text orders (docs/orders.md).
std::unique_ptr<Notation> make_notation();

}  // namespace adjutant::rules::bluegray
