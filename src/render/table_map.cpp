#include "render/table_map.h"

#include "render/canvas.h"
#include "render/surface.h"
#include "render/table_layers.h"
#include "render/table_scene.h"
#include "rules/chaos/turn.h"
#include "rules/chaos/view.h"

namespace adjutant::render {

namespace {

std::string viewer_of(const std::string& side) {
  return side == "umpire" ? "" : side;
}

std::string view_title(const rules::chaos::Scenario& s, const std::string& side) {
  if (side.empty()) return s.title + ": the umpire's map";
  return s.title + ": " + s.side(side).name + " map";
}

// The side's view first: the scene is built from nothing else.
TableScene scene_of(const TableInput& in) {
  std::string side = viewer_of(in.side);
  if (!side.empty()) in.scenario.side(side);  // scenario.unknown_side
  model::State seen = rules::chaos::side_view(in.scenario, in.state, side);
  return make_table_scene(in.scenario, seen, side, in.preferred);
}

}  // namespace

std::string render_table_svg(const TableInput& in) {
  TableScene scene = scene_of(in);
  return draw_svg_document(scene.width, scene.height, view_title(in.scenario, scene.side),
                           [&](Canvas& canvas) { draw_table(canvas, scene); });
}

std::string render_table_view_svg(const rules::chaos::Scenario& scenario, const model::State& seen,
                                  const std::string& side,
                                  const std::map<std::string, int>& preferred) {
  TableScene scene = make_table_scene(scenario, seen, viewer_of(side), preferred);
  return draw_svg_document(scene.width, scene.height, view_title(scenario, scene.side),
                           [&](Canvas& canvas) { draw_table(canvas, scene); });
}

std::string render_table_png(const TableInput& in) {
  TableScene scene = scene_of(in);
  return draw_png_image(scene.width, scene.height,
                        [&](Canvas& canvas) { draw_table(canvas, scene); });
}

std::string render_table_view_png(const rules::chaos::Scenario& scenario, const model::State& seen,
                                  const std::string& side,
                                  const std::map<std::string, int>& preferred) {
  TableScene scene = make_table_scene(scenario, seen, viewer_of(side), preferred);
  return draw_png_image(scene.width, scene.height,
                        [&](Canvas& canvas) { draw_table(canvas, scene); });
}

std::pair<int, int> table_picture_size(const rules::chaos::Scenario& scenario) {
  model::State state = rules::chaos::initial_game_state(scenario);
  TableScene scene = make_table_scene(scenario, state, "", {});
  return {scene.width, scene.height};
}

std::string render_table_svg(const rules::chaos::Scenario& scenario, const std::string& side) {
  model::State state = rules::chaos::initial_game_state(scenario);
  return render_table_svg(TableInput{scenario, state, side, {}});
}

std::string render_table_png(const rules::chaos::Scenario& scenario, const std::string& side) {
  model::State state = rules::chaos::initial_game_state(scenario);
  return render_table_png(TableInput{scenario, state, side, {}});
}

}  // namespace adjutant::render
