// A miniatures table split for a page that draws it (map_overlay.h):
// the cloth, terrain, landmarks, scale and legend once, and each position's
// pieces from the scene of the side's view (table_scene.h), which holds
// nothing that view may not see.
#include "render/cairo_api.h"
#include "render/map_overlay.h"
#include "render/overlay_json.h"
#include "render/surface.h"
#include "render/table_layers.h"
#include "render/table_scene.h"

namespace adjutant::render {

namespace {

std::string table_viewer(const std::string& side) {
  return side == "umpire" ? "" : side;
}

}  // namespace

MapBase table_map_base(const rules::Ruleset& ruleset, const std::string& side) {
  const std::string viewer = table_viewer(side);
  rules::TableBoard board = ruleset.table_board();
  if (!viewer.empty()) board.side(viewer);  // scenario.unknown_side
  model::State state = ruleset.initial_state();
  model::State seen = ruleset.view(state, viewer);
  TableScene scene = make_table_scene(std::move(board), ruleset.table_sight(seen, viewer, {}));
  MapBase base;
  base.svg = draw_svg_document(scene.width, scene.height, scene.board.title,
                               [&](Canvas& canvas) { draw_table_base(canvas, scene); });
  Json sides = Json::object();
  for (const auto& s : scene.board.sides) {
    Rgb c = table_side_colour(scene.board, s.id);
    sides[s.id] = {{"name", s.name},
                   {"fill", css(c)},
                   {"ink", css(ink_on(c))},
                   {"pale", css(mix(c, kWhite, 0.6))},
                   {"dark", css(mix(c, kBlack, 0.35))}};
  }
  base.info = {
      {"kind", "table"},
      {"width", scene.width},
      {"height", scene.height},
      {"table", {px(scene.left), px(scene.top), px(scene.table_right), px(scene.table_bottom)}},
      {"sides", sides},
      {"style", style_json()},
      {"font", font_metrics()}};
  return base;
}

Json table_map_step(const rules::Ruleset& ruleset, const model::State& state,
                    const std::string& side, const std::map<std::string, int>& preferred) {
  const std::string viewer = table_viewer(side);
  rules::TableBoard board = ruleset.table_board();
  if (!viewer.empty()) board.side(viewer);  // scenario.unknown_side
  model::State seen = ruleset.view(state, viewer);
  TableScene scene =
      make_table_scene(std::move(board), ruleset.table_sight(seen, viewer, preferred));
  // In the order table_layers.cpp draws them: markers under the bases,
  // then wagons, bases and commanders.
  Json pieces = Json::array();
  for (const char* kind :
       {"marker", "wagon", "regiment", "battery", "brigade-commander", "commander"})
    for (const auto& p : scene.pieces) {
      if (p.kind != kind) continue;
      Json tick = Json::array();
      if (p.facing >= 0) tick = point_list({p.tick_from, p.tick_to});
      pieces.push_back({p.kind,
                        p.side,
                        p.own ? 1 : 0,
                        p.slashed ? 1 : 0,
                        point_list(p.corners),
                        std::max<std::size_t>(p.stands.size(), 1),
                        tick,
                        {p.at.x, p.at.y},
                        p.facing,
                        p.brigade,
                        p.label,
                        p.number,
                        p.preferred ? 1 : 0});
    }
  Json labels = Json::array();
  for (const auto& l : scene.labels) labels.push_back({l.side, l.text, px(l.at.x), px(l.at.y)});
  Json out = {{"line", table_banner_line(scene)}, {"pieces", pieces}};
  if (!labels.empty()) out["labels"] = labels;
  return out;
}

}  // namespace adjutant::render
