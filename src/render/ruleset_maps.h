// The maps of a ruleset that does not draw hex maps (docs/rulesets.md):
// Chaos of Battle's table (render/table_map.h), as SVG and PNG per view;
// any other such ruleset's own Ruleset::draw_svg, SVG only. The game layer
// writes, renders and shows these wherever a hex game's map goes.
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "game/archive.h"
#include "model/state.h"
#include "render/map_overlay.h"

namespace adjutant::render {

// brigade -> 1 or 2: the marker each brigade's owner prefers in the last
// order file of its side at or before log line `seq` (-1: the whole log),
// as the ruleset reads it from that body (Ruleset::table_preferences);
// brigades it does not name prefer marker 1.
std::map<std::string, int> preferred_markers(const game::Archive& archive, int seq);

// The map of `state` as `view` sees it (a side id, or "umpire"), after log
// line `seq` (-1: the latest). SVG, or PNG where `png` ("" when the
// ruleset draws no PNG).
std::string ruleset_map(const game::Archive& archive, const model::State& state, int seq,
                        const std::string& view, bool png);

// The map of `ruleset`'s `state` (its start, for `render --scenario`) as the
// umpire sees it, outside any game: its table, or its own draw_svg (SVG
// only); "" when it draws none.
std::string ruleset_state_map(const rules::Ruleset& ruleset, const model::State& state, bool png);

// A side's table as its sealed copy's `view` shows it, drawn with the
// ruleset of the side's part of the scenario; `preferred` as
// preferred_markers gives it.
std::string sealed_table_map(const rules::Ruleset& ruleset, const model::State& view,
                             const std::string& side, const std::map<std::string, int>& preferred,
                             bool png);

// The map of a ruleset that draws its own table, split for a page that
// draws it (render/map_overlay.h): its base for `view`, or nothing when the
// ruleset draws no table; and the overlay of `state` after log line `seq`.
// For a ruleset that draws its own picture (Board::kOwn) the base is an
// empty picture of its size ({"kind": "own"}) and each step the whole
// picture ({"svg": ...}), which the page sets over it.
std::optional<MapBase> ruleset_map_base(const game::Archive& archive, const std::string& view);
Json ruleset_map_step(const game::Archive& archive, const model::State& state, int seq,
                      const std::string& view);

// A side's table as its view `seen` shows it, drawn by the ruleset made
// from its part of the scenario only (Ruleset::side_scenario): what the
// order page and the sealed copy's player page show. The SVG, its size in pixels, and where
// the table's origin is and how many pixels an inch's hundredth takes.
struct TablePicture {
  std::string svg;
  int width = 0, height = 0;
  double left = 0, top = 0, scale = 0;
};
TablePicture side_table_picture(const rules::Ruleset& ruleset, const model::State& seen,
                                const std::string& side);

// Writes map-<view>.svg, and map-<view>.png where the ruleset draws one,
// into `folder` (atomically) for each view. Nothing for a ruleset whose
// draw_svg gives "".
void write_ruleset_maps(const std::filesystem::path& folder, const game::Archive& archive,
                        const model::State& state, int seq, const std::vector<std::string>& views);

}  // namespace adjutant::render
