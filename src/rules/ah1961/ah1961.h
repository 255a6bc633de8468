// Avalon Hill's Chancellorsville (1961; rules/000_660807311adcaf9f.txt) as a
// Ruleset: squares (hexes), primary and secondary zones of control, river
// crossing by swimming, fords, assault boats and pontoon bridges, brigade
// substitution and fortifications, set up by order files. The text has no
// numbered cases: code, events and case files cite its sections by the
// short names listed in docs/rules/ah1961.md ("river.swim", "back2").
#pragma once

#include <memory>
#include <string>

#include "rules/map_marks.h"
#include "rules/ruleset.h"

namespace adjutant::rules {
class Notation;
}

namespace adjutant::rules::ah1961 {

// The latest version; new games pin it (docs/protocol.md "Archives verify
// forever"): every change that alters an outcome bumps it.
// Version 2: an attack on HQs alone takes no combat number when it is
// resolved, as the check's echo already said (combat.h).
inline constexpr int kVersion = 2;

// `scenario` as Scenario::from_json read it from `source`.
std::unique_ptr<Ruleset> make_ruleset(rules::hexmap::Scenario scenario, const std::string& source,
                                      int version);

// The map's marks of a state: fortifications and bridges (map_marks.cpp).
MapMarks map_marks(const rules::hexmap::Scenario& scenario, const model::State& state);

// Its text orders (docs/orders.md).
std::unique_ptr<Notation> make_notation();

}  // namespace adjutant::rules::ah1961
