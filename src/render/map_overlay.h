// A map split in two for a page that draws it itself: the base, every part
// of the picture that stays the same through a game for one view (terrain,
// hexsides, roads, names, places, the banner's title, the legend; on a
// Chaos of Battle table the cloth, terrain and landmarks), drawn once as
// SVG by the same layers as render_svg; and for each position the data the
// page's script (src/web/assets/adjutant_map.js, AdjutantMap.draw) draws
// the rest from: counters, the last phase's arrows, combats with their
// labels, works, lines of communication, reinforcements due, the notes and
// the banner's line; on a table its pieces and brigades' names. Base and
// overlay together look like render_png's picture of the same position.
//
// The data of a position is built from what the view may see only (the
// state and events a side's map is drawn from), and never draws: it needs
// no cairo. docs/map.md "Maps drawn in the page" gives its fields.
#pragma once

#include <map>
#include <string>

#include "ledger/jcs.h"
#include "model/state.h"
#include "rules/hexmap/scenario.h"
#include "rules/ruleset.h"

namespace adjutant::render {

using ledger::Json;

struct MapBase {
  std::string svg;  // the base picture, an SVG document
  Json info;        // its size, where each hex is, the unit looks, colours and font metrics
};

// The hex map's base for `side` ("" for the umpire).
MapBase hex_map_base(const rules::hexmap::Scenario& scenario, const std::string& side);
// The overlay of one position: `seen` and `events` as the view may see them
// (render_svg's input). Hex numbers are formatted in the scenario's sheets.
Json hex_map_step(const rules::hexmap::Scenario& scenario, const model::State& seen,
                  const Json& events, const std::string& side);

// A table ruleset's base for `side` ("" or "umpire" for the umpire).
MapBase table_map_base(const rules::Ruleset& ruleset, const std::string& side);
// The overlay of `state` (the whole game state) as `side` sees it, with
// each brigade's preferred marker (render/table_map.h, TableInput).
Json table_map_step(const rules::Ruleset& ruleset, const model::State& state,
                    const std::string& side, const std::map<std::string, int>& preferred);

// The base SVG gzipped (deterministic bytes for one zlib): the page inflates
// it (DecompressionStream), a sixth of its size in the file.
std::string gzip(const std::string& bytes);
// The reverse, for tests; Error "render.gzip" for bytes that are not gzip.
std::string gunzip(const std::string& bytes);

}  // namespace adjutant::render
