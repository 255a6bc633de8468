// Terrain: one filled hex per map hex, each with its number, then the grid
// drawn once over all of them.
#include <cmath>

#include "render/layers.h"

#include "render/cairo_api.h"
#include "render/shapes.h"

namespace adjutant::render {

void draw_terrain(Canvas& canvas, const Scene& scene) {
  const auto& sc = scene.scenario;
  std::map<std::string, Rgb> fills;
  for (const auto& [id, type] : sc.terrain_types) fills[id] = parse_colour(type.colour, kPaper);
  for (int col = 1; col <= sc.columns; ++col) {
    for (int row = 1; row <= sc.last_row(col); ++row) {
      Hex h{col, row};
      const auto& type = sc.terrain_at(h);
      auto it = fills.find(type.id);
      Rgb fill = it == fills.end() ? parse_colour(type.colour, kPaper) : it->second;
      std::string number = sc.numbers().format(h);
      canvas.begin("id=\"hex-" + number + "\" class=\"hex\" data-terrain=\"" +
                   escape_markup(type.id) + "\"");
      Point c = scene.centre(h);
      canvas.colour(fill);
      trace_hex(canvas, c, scene.size, scene.frame.hex_angle());
      canvas.fill();
      bool dark = luminance(fill) < 0.38;
      canvas.colour(dark ? kWhite : kHexNumber, dark ? 0.75 : kHexNumberAlpha);
      canvas.text(number, {c.x, c.y - 0.6 * scene.size}, kHexNumberSize, Weight::kRegular,
                  Align::kCentre);
      canvas.end();
    }
  }
}

// Each hex adds its north-west, north and north-east edges as one polyline
// (its other edges belong to its neighbours), plus any edge on the map's
// border; so every edge is stroked once, in one go, without costly caps.
void draw_grid(Canvas& canvas, const Scene& scene) {
  const auto& sc = scene.scenario;
  canvas.begin("class=\"grid\"");
  for (int col = 1; col <= sc.columns; ++col) {
    for (int row = 1; row <= sc.last_row(col); ++row) {
      Hex h{col, row};
      canvas.move(scene.corner(h, 3));
      for (int k : {4, 5, 0}) canvas.line(scene.corner(h, k));
      for (int d = 2; d <= 4; ++d) {
        if (sc.on_map(hex::neighbour(h, d))) continue;
        canvas.move(scene.corner(h, d + 4));
        canvas.line(scene.corner(h, d + 5));
      }
    }
  }
  cairo_api().save(canvas.cr());
  canvas.colour(kGrid, kGridAlpha);
  canvas.line_width(0.8);
  cairo_api().set_line_join(canvas.cr(), CAIRO_LINE_JOIN_BEVEL);
  canvas.stroke();
  cairo_api().restore(canvas.cr());
  canvas.end();
}

}  // namespace adjutant::render
