#include "render/table_scene.h"

#include <algorithm>
#include <cmath>

namespace adjutant::render {

namespace {

std::vector<hex::Point> placed_points(const TableScene& scene,
                                      const std::vector<rules::TablePoint>& o) {
  std::vector<hex::Point> out;
  for (auto p : o) out.push_back(scene.place(p));
  return out;
}

TablePiece placed_piece(const TableScene& scene, const rules::TablePiece& r) {
  TablePiece p;
  p.kind = r.kind;
  p.side = r.side;
  p.slashed = r.slashed;
  p.own = r.own;
  p.brigade = r.brigade;
  p.label = r.label;
  p.at = r.at;
  p.facing = r.facing;
  p.number = r.number;
  p.preferred = r.preferred;
  p.corners = placed_points(scene, r.corners);
  for (const auto& s : r.stands) p.stands.push_back(placed_points(scene, s));
  if (r.facing >= 0) {
    p.tick_from = scene.place(r.tick_from);
    p.tick_to = scene.place(r.tick_to);
  }
  return p;
}

// A brigade's name centred under its pieces (but its markers) in the
// picture; none when none of them is on the table.
void place_label(TableScene& scene, const rules::TableLabel& l) {
  double lo = 1e9, hi = -1e9, bottom = -1e9;
  for (const auto& p : scene.pieces) {
    if (p.brigade != l.brigade || p.kind == "marker") continue;
    for (const auto& c : p.corners) {
      lo = std::min(lo, c.x);
      hi = std::max(hi, c.x);
      bottom = std::max(bottom, c.y);
    }
  }
  if (hi < lo) return;
  scene.labels.push_back({l.side, l.text, {(lo + hi) / 2, bottom + 10}});
}

}  // namespace

hex::Point TableScene::place(rules::TablePoint p) const {
  return {left + double(p.x) * scale, top + double(board.length - p.y) * scale};
}

TableScene make_table_scene(rules::TableBoard board, const rules::TableSight& sight) {
  TableScene scene;
  scene.board = std::move(board);
  scene.side = sight.side;
  scene.turn = sight.turn;
  scene.scale = kTablePixelsPerInch / double(rules::kTableInch);
  scene.left = kTableMargin;
  scene.top = kTableBanner + kTableMargin;
  double w = double(scene.board.width) * scene.scale;
  double h = double(scene.board.length) * scene.scale;
  scene.table_right = scene.left + w;
  scene.table_bottom = scene.top + h;
  scene.panel_left = scene.table_right + kTableMargin;
  scene.width = int(std::ceil(scene.panel_left + kTablePanel));
  scene.height = int(std::ceil(scene.table_bottom + kTableFoot));
  for (const auto& p : sight.pieces) scene.pieces.push_back(placed_piece(scene, p));
  // The names over the own pieces only: placed before the enemy's were, as
  // no enemy piece carries a brigade.
  for (const auto& l : sight.labels) place_label(scene, l);
  return scene;
}

TableScene make_table_scene(const rules::Ruleset& ruleset, const model::State& seen,
                            const std::string& side, const std::map<std::string, int>& preferred) {
  return make_table_scene(ruleset.table_board(), ruleset.table_sight(seen, side, preferred));
}

}  // namespace adjutant::render
