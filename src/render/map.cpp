#include "render/map.h"

#include "render/cairo_api.h"
#include "render/canvas.h"
#include "render/layers.h"
#include "render/surface.h"
#include "util/error.h"
#include "util/files.h"

namespace adjutant::render {

namespace {

// The one drawing code behind both formats, layer by layer (layers.h).
void draw_map(Canvas& canvas, const Scene& scene) {
  canvas.colour(kPaper);
  cairo_api().paint(canvas.cr());
  draw_banner(canvas, scene);
  draw_ground(canvas, scene);
  draw_works(canvas, scene);
  draw_lines_of_communication(canvas, scene);
  draw_movement(canvas, scene);
  draw_eliminated(canvas, scene);
  draw_counters(canvas, scene);
  draw_arrivals(canvas, scene);
  draw_combats(canvas, scene);
  draw_notes(canvas, scene);
  draw_legend(canvas, scene);
}

std::string title_of(const MapInput& in) {
  return in.scenario.title + ", turn " + std::to_string(in.state.turn);
}

}  // namespace

void draw_ground(Canvas& canvas, const Scene& scene) {
  draw_terrain(canvas, scene);
  draw_grid(canvas, scene);
  draw_water(canvas, scene);
  draw_routes(canvas, scene);
  draw_road_ends(canvas, scene);
  draw_crossings(canvas, scene);
  draw_places(canvas, scene);
}

hex::Point MapGeometry::centre(hex::Hex h) const {
  MapFrame frame{origin, page_w, page_h, turns};
  return frame.place(hex::centre(h, hex_size));
}

MapGeometry map_geometry(const rules::hexmap::Scenario& scenario) {
  model::State empty;
  Scene scene = make_scene(scenario, empty, Json::array(), "");
  return {scene.width,       scene.height,       scene.size,        scene.map_origin,
          scene.frame.turns, scene.frame.page_w, scene.frame.page_h};
}

std::string render_svg(const MapInput& in) {
  Scene scene = make_scene(in.scenario, in.state, in.events, in.side);
  return draw_svg_document(scene.width, scene.height, title_of(in),
                           [&](Canvas& canvas) { draw_map(canvas, scene); });
}

std::string render_png(const MapInput& in) {
  Scene scene = make_scene(in.scenario, in.state, in.events, in.side);
  return draw_png_image(scene.width, scene.height,
                        [&](Canvas& canvas) { draw_map(canvas, scene); });
}

void write_maps(const fs::path& folder, const rules::hexmap::Scenario& scenario,
                const model::State& state, const Json& events,
                const std::vector<std::string>& views, const ViewFilter& filter) {
  for (const auto& view : views) {
    std::string side = view == "umpire" ? "" : view;
    if (!side.empty() && !scenario.side(side))
      throw Error(
          "render.bad_side",
          "no side \"" + view + "\" in scenario " + scenario.id + " (a side id or \"umpire\")",
          Exit::kUsage);
    model::State seen = filter ? filter(state, side) : state;
    MapInput in{scenario, seen, events, side};
    write_file_atomic(folder / ("map-" + view + ".svg"), render_svg(in));
    write_file_atomic(folder / ("map-" + view + ".png"), render_png(in));
  }
}

}  // namespace adjutant::render
