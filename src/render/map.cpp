#include "render/map.h"

#include "render/cairo_api.h"

#include <cairo-svg.h>
#include <cairo.h>

#include <memory>

#include "render/canvas.h"
#include "render/layers.h"
#include "render/png_encode.h"
#include "render/svg_finish.h"
#include "util/error.h"
#include "util/files.h"

namespace adjutant::render {

namespace {

cairo_status_t append(void* closure, const unsigned char* data, unsigned int length) {
  static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
  return CAIRO_STATUS_SUCCESS;
}

void check(cairo_status_t status, const char* what) {
  if (status != CAIRO_STATUS_SUCCESS)
    throw Error("render.cairo", std::string(what) + ": " + cairo_api().status_to_string(status),
                Exit::kEnvironment);
}

struct SurfaceDeleter {
  void operator()(cairo_surface_t* s) const { cairo_api().surface_destroy(s); }
};
struct ContextDeleter {
  void operator()(cairo_t* cr) const { cairo_api().destroy(cr); }
};
using Surface = std::unique_ptr<cairo_surface_t, SurfaceDeleter>;
using Context = std::unique_ptr<cairo_t, ContextDeleter>;

// The one drawing code behind both formats, layer by layer (layers.h).
void draw_map(Canvas& canvas, const Scene& scene) {
  canvas.colour(kPaper);
  cairo_api().paint(canvas.cr());
  draw_banner(canvas, scene);
  draw_terrain(canvas, scene);
  draw_grid(canvas, scene);
  draw_water(canvas, scene);
  draw_routes(canvas, scene);
  draw_road_ends(canvas, scene);
  draw_crossings(canvas, scene);
  draw_places(canvas, scene);
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

hex::Point MapGeometry::centre(hex::Hex h) const {
  MapFrame frame{origin, page_w, page_h, turns};
  return frame.place(hex::centre(h, hex_size));
}

MapGeometry map_geometry(const model::Scenario& scenario) {
  hex::SheetsScope sheets(scenario.sheets);
  model::State empty;
  Scene scene = make_scene(scenario, empty, Json::array(), "");
  return {scene.width,       scene.height,       scene.size,        scene.map_origin,
          scene.frame.turns, scene.frame.page_w, scene.frame.page_h};
}

std::string render_svg(const MapInput& in) {
  hex::SheetsScope sheets(in.scenario.sheets);
  Scene scene = make_scene(in.scenario, in.state, in.events, in.side);
  std::string out;
  Surface surface(
      cairo_api().svg_surface_create_for_stream(append, &out, scene.width, scene.height));
  check(cairo_api().surface_status(surface.get()), "SVG surface");
  cairo_api().svg_surface_restrict_to_version(surface.get(), CAIRO_SVG_VERSION_1_1);
  cairo_api().svg_surface_set_document_unit(surface.get(), CAIRO_SVG_UNIT_PX);
  std::vector<std::string> groups;
  {
    Context cr(cairo_api().create(surface.get()));
    Canvas canvas(cr.get(), Target::kSvg);
    draw_map(canvas, scene);
    check(cairo_api().status(cr.get()), "SVG drawing");
    groups = canvas.groups();
  }
  cairo_api().surface_finish(surface.get());
  check(cairo_api().surface_status(surface.get()), "SVG output");
  surface.reset();
  return finish_svg(out, groups, title_of(in));
}

std::string render_png(const MapInput& in) {
  hex::SheetsScope sheets(in.scenario.sheets);
  Scene scene = make_scene(in.scenario, in.state, in.events, in.side);
  Surface surface(cairo_api().image_surface_create(CAIRO_FORMAT_RGB24, scene.width, scene.height));
  check(cairo_api().surface_status(surface.get()), "image surface");
  {
    Context cr(cairo_api().create(surface.get()));
    Canvas canvas(cr.get(), Target::kPng);
    draw_map(canvas, scene);
    check(cairo_api().status(cr.get()), "PNG drawing");
  }
  return encode_png(surface.get());
}

void write_maps(const fs::path& folder, const model::Scenario& scenario, const model::State& state,
                const Json& events, const std::vector<std::string>& views,
                const ViewFilter& filter) {
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
