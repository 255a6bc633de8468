#include "render/font.h"

#include "render/cairo_api.h"

#include <cairo-ft.h>
#include <ft2build.h>
#include FT_FREETYPE_H

#include <string>

#include "render/map_style.h"
#include "util/error.h"

namespace adjutant::render {

namespace {

struct Fonts {
  FT_Library library = nullptr;
  FT_Face faces[2] = {nullptr, nullptr};
  cairo_font_face_t* cairo_faces[2] = {nullptr, nullptr};
  cairo_font_options_t* options = nullptr;

  Fonts() {
    if (cairo_api().ft_init_freetype(&library) != 0)
      throw Error("render.font", "cannot initialise FreeType", Exit::kEnvironment);
    const char* files[2] = {kFontRegular, kFontBold};
    for (int i = 0; i < 2; ++i) {
      if (cairo_api().ft_new_face(library, files[i], 0, &faces[i]) != 0)
        throw Error("render.font",
                    std::string(files[i]) + ": cannot load font (install fonts-dejavu-core)",
                    Exit::kEnvironment);
      cairo_faces[i] = cairo_api().ft_font_face_create_for_ft_face(
          faces[i], FT_LOAD_NO_HINTING | FT_LOAD_NO_AUTOHINT);
    }
    options = cairo_api().font_options_create();
    cairo_api().font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY);
    cairo_api().font_options_set_subpixel_order(options, CAIRO_SUBPIXEL_ORDER_DEFAULT);
    cairo_api().font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
    cairo_api().font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
  }
};

// Loaded on first use (not at start-up) and kept for the process: cairo keeps
// references to the FreeType faces in its own caches.
const Fonts& fonts() {
  static const Fonts instance;
  return instance;
}

}  // namespace

cairo_font_face_t* font_face(Weight weight) {
  return fonts().cairo_faces[weight == Weight::kBold ? 1 : 0];
}

const cairo_font_options_t* font_options() {
  return fonts().options;
}

}  // namespace adjutant::render
