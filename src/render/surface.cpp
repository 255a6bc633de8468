#include "render/surface.h"

#include <memory>

#include "render/cairo_api.h"
#include "render/png_encode.h"
#include "render/svg_finish.h"
#include "util/error.h"

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

}  // namespace

std::string draw_svg_document(int width, int height, const std::string& title,
                              const Drawing& draw) {
  std::string out;
  Surface surface(cairo_api().svg_surface_create_for_stream(append, &out, width, height));
  check(cairo_api().surface_status(surface.get()), "SVG surface");
  cairo_api().svg_surface_restrict_to_version(surface.get(), CAIRO_SVG_VERSION_1_1);
  cairo_api().svg_surface_set_document_unit(surface.get(), CAIRO_SVG_UNIT_PX);
  std::vector<std::string> groups;
  {
    Context cr(cairo_api().create(surface.get()));
    Canvas canvas(cr.get(), Target::kSvg);
    draw(canvas);
    check(cairo_api().status(cr.get()), "SVG drawing");
    groups = canvas.groups();
  }
  cairo_api().surface_finish(surface.get());
  check(cairo_api().surface_status(surface.get()), "SVG output");
  surface.reset();
  return finish_svg(out, groups, title);
}

std::string draw_png_image(int width, int height, const Drawing& draw) {
  Surface surface(cairo_api().image_surface_create(CAIRO_FORMAT_RGB24, width, height));
  check(cairo_api().surface_status(surface.get()), "image surface");
  {
    Context cr(cairo_api().create(surface.get()));
    Canvas canvas(cr.get(), Target::kPng);
    draw(canvas);
    check(cairo_api().status(cr.get()), "PNG drawing");
  }
  return encode_png(surface.get());
}

}  // namespace adjutant::render
