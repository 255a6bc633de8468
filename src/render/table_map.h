// The Chaos of Battle table drawn for one view, as SVG and as PNG from one
// drawing code (cairo): terrain shapes, landmarks, deployment zones, every
// base with its facing, and brigade markers as flags. Render reads the
// scenario; it decides no rule.
#pragma once

#include <string>

#include "rules/chaos/scenario.h"

namespace adjutant::render {

// `side` is a side id, or "" for the umpire's table, which shows every
// name. The same input gives the same bytes, in any process.
std::string render_table_svg(const rules::chaos::Scenario& scenario, const std::string& side);
std::string render_table_png(const rules::chaos::Scenario& scenario, const std::string& side);

}  // namespace adjutant::render
