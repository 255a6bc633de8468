// The replay page (adjutant view): one self-contained HTML file showing a
// game post by post (the set-up, every adjudication, every extension and the
// end) with a slider and the arrow keys: the map, the orders as applied, the
// combats with their dice, the reports, and the verification status of every
// log line. No network, no external file: the map's base is one SVG
// (gzipped, inflated by the page) and each post's counters and marks are
// drawn over it by the page's script from data written once
// (render/map_overlay.h, src/web/assets/adjutant_map.js); the scripts and
// style are inline. The same archive gives the same bytes.
#pragma once

#include <string>

#include "game/archive.h"
#include "game/line_checks.h"

namespace adjutant::report {

// The page as `side` (a side id, or kUmpire for everything) may see it:
// the map, events, echo and reports go through the same visibility rules
// as the reports mailed to that side. Only the posts up to the last line
// that verified are shown.
std::string replay_page(const game::Archive& archive, const game::LineChecks& checks,
                        const std::string& side);

}  // namespace adjutant::report
