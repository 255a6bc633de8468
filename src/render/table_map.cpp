#include "render/table_map.h"

#include <cairo-svg.h>
#include <cairo.h>

#include <memory>

#include "render/canvas.h"
#include "render/png_encode.h"
#include "render/svg_finish.h"
#include "render/table_scene.h"
#include "util/error.h"

namespace adjutant::render {

// table_layers.cpp
void draw_table(Canvas& canvas, const TableScene& scene);

namespace {

cairo_status_t append_bytes(void* closure, const unsigned char* data, unsigned int length) {
  static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
  return CAIRO_STATUS_SUCCESS;
}

void check_cairo(cairo_status_t status, const char* what) {
  if (status != CAIRO_STATUS_SUCCESS)
    throw Error("render.cairo", std::string(what) + ": " + cairo_status_to_string(status),
                Exit::kEnvironment);
}

struct TableSurfaceFree {
  void operator()(cairo_surface_t* s) const { cairo_surface_destroy(s); }
};
struct TableContextFree {
  void operator()(cairo_t* cr) const { cairo_destroy(cr); }
};
using TableSurface = std::unique_ptr<cairo_surface_t, TableSurfaceFree>;
using TableContext = std::unique_ptr<cairo_t, TableContextFree>;

std::string view_title(const rules::chaos::Scenario& s, const std::string& side) {
  if (side.empty()) return s.title + ": the umpire's table";
  return s.title + ": " + s.side(side).name + " table";
}

}  // namespace

std::string render_table_svg(const rules::chaos::Scenario& scenario, const std::string& side) {
  TableScene scene = make_table_scene(scenario, side);
  std::string out;
  TableSurface surface(
      cairo_svg_surface_create_for_stream(append_bytes, &out, scene.width, scene.height));
  check_cairo(cairo_surface_status(surface.get()), "SVG surface");
  cairo_svg_surface_restrict_to_version(surface.get(), CAIRO_SVG_VERSION_1_1);
  cairo_svg_surface_set_document_unit(surface.get(), CAIRO_SVG_UNIT_PX);
  std::vector<std::string> groups;
  {
    TableContext cr(cairo_create(surface.get()));
    Canvas canvas(cr.get(), Target::kSvg);
    draw_table(canvas, scene);
    check_cairo(cairo_status(cr.get()), "SVG drawing");
    groups = canvas.groups();
  }
  cairo_surface_finish(surface.get());
  check_cairo(cairo_surface_status(surface.get()), "SVG output");
  surface.reset();
  return finish_svg(out, groups, view_title(scenario, side));
}

std::string render_table_png(const rules::chaos::Scenario& scenario, const std::string& side) {
  TableScene scene = make_table_scene(scenario, side);
  TableSurface surface(cairo_image_surface_create(CAIRO_FORMAT_RGB24, scene.width, scene.height));
  check_cairo(cairo_surface_status(surface.get()), "image surface");
  {
    TableContext cr(cairo_create(surface.get()));
    Canvas canvas(cr.get(), Target::kPng);
    draw_table(canvas, scene);
    check_cairo(cairo_status(cr.get()), "PNG drawing");
  }
  return encode_png(surface.get());
}

}  // namespace adjutant::render
