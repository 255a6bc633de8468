// The two surfaces every drawing is made on: an SVG document and a PNG
// image, from one drawing function (the hex map and the tabletop both).
#pragma once

#include <functional>
#include <string>

#include "render/canvas.h"

namespace adjutant::render {

using Drawing = std::function<void(Canvas&)>;

// The SVG document of `draw` on a width x height page, titled `title`
// (svg_finish.h). Error "render.cairo" (exit 4) when cairo fails.
std::string draw_svg_document(int width, int height, const std::string& title, const Drawing& draw);
// The PNG image of the same drawing.
std::string draw_png_image(int width, int height, const Drawing& draw);

}  // namespace adjutant::render
