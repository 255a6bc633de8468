#include "render/table_map.h"

#include "render/canvas.h"
#include "render/surface.h"
#include "render/table_scene.h"

namespace adjutant::render {

// table_layers.cpp
void draw_table(Canvas& canvas, const TableScene& scene);

namespace {

std::string view_title(const rules::chaos::Scenario& s, const std::string& side) {
  if (side.empty()) return s.title + ": the umpire's table";
  return s.title + ": " + s.side(side).name + " table";
}

}  // namespace

std::string render_table_svg(const rules::chaos::Scenario& scenario, const std::string& side) {
  TableScene scene = make_table_scene(scenario, side);
  return draw_svg_document(scene.width, scene.height, view_title(scenario, side),
                           [&](Canvas& canvas) { draw_table(canvas, scene); });
}

std::string render_table_png(const rules::chaos::Scenario& scenario, const std::string& side) {
  TableScene scene = make_table_scene(scenario, side);
  return draw_png_image(scene.width, scene.height,
                        [&](Canvas& canvas) { draw_table(canvas, scene); });
}

}  // namespace adjutant::render
