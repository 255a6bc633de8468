// The tracing page (`adjutant trace`, docs/scenarios.md "Tracing the printed
// map"): one self-contained HTML file on which the owner of a printed game
// lays the scenario's grid over a scan of the printed map by clicking three
// hex centres, paints terrain, hexside features, roads and places with the
// scenario's TEC as the palette, and exports the scenario with the traced
// map. The scan is carried in the page only (a data: URL), never in what
// the page exports, and the page makes no request (its Content Security
// Policy allows none).
#pragma once

#include <string>
#include <vector>

#include "ledger/jcs.h"
#include "rules/hexmap/scenario.h"
#include "web/scan_image.h"

namespace adjutant::web {

using ledger::Json;

struct TraceInput {
  const rules::hexmap::Scenario& scenario;  // read and checked by its ruleset
  std::string scenario_text;     // the file as written: the page keeps its order of members
  std::vector<ScanImage> scans;  // one scan, or one per map sheet in map.sheets' order
};

// What the page's script works from (web/assets/trace_*.js): the grid, the
// hex numbers, the map as read, the fixed hexes, the views (each scan and
// the three hexes whose centres align it). Error "trace.images" (exit 2)
// when the scans are neither one nor one per sheet.
Json trace_data(const TraceInput& in);

// The page itself.
std::string trace_page(const TraceInput& in);

}  // namespace adjutant::web
