// Map snapshots: the scenario's map with the units of a state and the events
// of the last phase drawn over it, as SVG and as PNG from one drawing code
// (cairo). Render and report read state and events; they never decide rules.
#pragma once

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "hex/hex.h"
#include "ledger/jcs.h"
#include "model/state.h"
#include "rules/hexmap/scenario.h"

namespace adjutant::render {

using ledger::Json;
namespace fs = std::filesystem;

// What one picture shows. The renderer draws every unit in `state` and every
// event naming a unit in `state`: what a side may not see must already be
// gone from both (see ViewFilter). `side` "" is the umpire's view.
struct MapInput {
  const rules::hexmap::Scenario& scenario;
  const model::State& state;
  const Json& events;  // the last adjudication's events (an array; anything else counts as none)
  std::string side;
};

// The SVG document; the same input gives the same bytes, in any process.
std::string render_svg(const MapInput& in);
// The PNG file (RGB, 8 bits); the same input gives the same bytes.
std::string render_png(const MapInput& in);
// Where things are on this scenario's pictures (the same in SVG and PNG), for
// tests and for anything that links into the picture (an HTML image map).
struct MapGeometry {
  int width = 0;  // pixels
  int height = 0;
  double hex_size = 0;  // circumradius
  hex::Point origin;    // the picture's top-left corner of the map
  // Quarter turns clockwise (map.north: the picture has north up), and the
  // map's size on the page before turning.
  int turns = 0;
  double page_w = 0, page_h = 0;
  hex::Point centre(hex::Hex h) const;
};
MapGeometry map_geometry(const rules::hexmap::Scenario& scenario);

// What `side` ("" for the umpire) may see of a state, e.g. a lambda calling
// rules::Ruleset::view; units it removes also lose their arrows and combats.
using ViewFilter = std::function<model::State(const model::State&, const std::string& side)>;

// Writes map-<view>.svg and map-<view>.png into `folder` (atomically) for each
// view: a side id, or "umpire" for the umpire's map. Each side's state goes
// through `filter` first when one is given. Error "render.bad_side" for a
// view that is neither "umpire" nor a side of the scenario.
void write_maps(const fs::path& folder, const rules::hexmap::Scenario& scenario,
                const model::State& state, const Json& events,
                const std::vector<std::string>& views, const ViewFilter& filter = {});

}  // namespace adjutant::render
