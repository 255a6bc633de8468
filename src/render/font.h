// The map's two typefaces, DejaVu Sans and DejaVu Sans Bold, read from their
// files through FreeType rather than fontconfig, with hinting off, so glyph
// outlines and metrics (and so every pixel) do not depend on host settings.
#pragma once

#include <cairo.h>

namespace adjutant::render {

enum class Weight { kRegular, kBold };

// The cairo face for `weight`, loaded once per process and never freed;
// Error "render.font" (exit 4) when the font file cannot be read.
cairo_font_face_t* font_face(Weight weight);

// Grey antialiasing, no hinting, unhinted metrics: the same on every host.
const cairo_font_options_t* font_options();

}  // namespace adjutant::render
