#include "render/table_map.h"

#include "render/canvas.h"
#include "render/surface.h"
#include "render/table_layers.h"
#include "render/table_scene.h"

namespace adjutant::render {

namespace {

std::string viewer_of(const std::string& side) {
  return side == "umpire" ? "" : side;
}

std::string view_title(const rules::TableBoard& b, const std::string& side) {
  if (side.empty()) return b.title + ": the umpire's map";
  return b.title + ": " + b.side(side).name + " map";
}

// The side's view first: the scene is built from nothing else.
TableScene scene_of(const TableInput& in) {
  std::string side = viewer_of(in.side);
  rules::TableBoard board = in.ruleset.table_board();
  if (!side.empty()) board.side(side);  // scenario.unknown_side
  model::State seen = in.ruleset.view(in.state, side);
  return make_table_scene(std::move(board), in.ruleset.table_sight(seen, side, in.preferred));
}

}  // namespace

std::string render_table_svg(const TableInput& in) {
  TableScene scene = scene_of(in);
  return draw_svg_document(scene.width, scene.height, view_title(scene.board, scene.side),
                           [&](Canvas& canvas) { draw_table(canvas, scene); });
}

std::string render_table_view_svg(const rules::Ruleset& ruleset, const model::State& seen,
                                  const std::string& side,
                                  const std::map<std::string, int>& preferred) {
  TableScene scene = make_table_scene(ruleset, seen, viewer_of(side), preferred);
  return draw_svg_document(scene.width, scene.height, view_title(scene.board, scene.side),
                           [&](Canvas& canvas) { draw_table(canvas, scene); });
}

std::string render_table_png(const TableInput& in) {
  TableScene scene = scene_of(in);
  return draw_png_image(scene.width, scene.height,
                        [&](Canvas& canvas) { draw_table(canvas, scene); });
}

std::string render_table_view_png(const rules::Ruleset& ruleset, const model::State& seen,
                                  const std::string& side,
                                  const std::map<std::string, int>& preferred) {
  TableScene scene = make_table_scene(ruleset, seen, viewer_of(side), preferred);
  return draw_png_image(scene.width, scene.height,
                        [&](Canvas& canvas) { draw_table(canvas, scene); });
}

std::pair<int, int> table_picture_size(const rules::Ruleset& ruleset) {
  model::State state = ruleset.initial_state();
  TableScene scene = make_table_scene(ruleset, state, "", {});
  return {scene.width, scene.height};
}

std::string render_table_svg(const rules::Ruleset& ruleset, const std::string& side) {
  model::State state = ruleset.initial_state();
  return render_table_svg(TableInput{ruleset, state, side, {}});
}

std::string render_table_png(const rules::Ruleset& ruleset, const std::string& side) {
  model::State state = ruleset.initial_state();
  return render_table_png(TableInput{ruleset, state, side, {}});
}

}  // namespace adjutant::render
