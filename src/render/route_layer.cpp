// Roads and trails: lines through the centres of their hexes, roads solid,
// trails dashed, in the brown of a printed map; railroads (1961
// Chancellorsville) black with white ties, unfinished railroads grey dashes.
#include "render/layers.h"

#include "render/cairo_api.h"

namespace adjutant::render {

void draw_routes(Canvas& canvas, const Scene& scene) {
  cairo_t* cr = canvas.cr();
  cairo_api().save(cr);
  cairo_api().set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
  cairo_api().set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
  // Trails first, so a road sharing a hexside with a trail shows on top.
  for (const char* kind : {"unfinished_railroad", "railroad", "trail", "road"}) {
    for (const auto& route : scene.scenario.routes) {
      if (route.kind != kind || route.hexes.size() < 2) continue;
      bool road = route.kind == "road";
      canvas.begin("class=\"route\" data-kind=\"" + escape_markup(route.kind) + "\" data-name=\"" +
                   escape_markup(route.name) + "\"");
      canvas.move(scene.centre(route.hexes[0]));
      for (std::size_t i = 1; i < route.hexes.size(); ++i)
        canvas.line(scene.centre(route.hexes[i]));
      if (route.kind == "railroad") {
        canvas.colour(kRailroad);
        canvas.line_width(0.08 * scene.size);
        cairo_api().stroke_preserve(cr);
        canvas.colour(kWhite);
        canvas.line_width(0.04 * scene.size);
        canvas.dash({0.08 * scene.size, 0.12 * scene.size});
      } else if (route.kind == "unfinished_railroad") {
        canvas.colour(kRailroad, 0.55);
        canvas.line_width(0.06 * scene.size);
        canvas.dash({0.22 * scene.size, 0.14 * scene.size});
      } else if (road) {
        canvas.colour(mix(kRoad, kWhite, 0.75), 0.9);
        canvas.line_width(0.1 * scene.size + 2);
        cairo_api().stroke_preserve(cr);
        canvas.colour(kRoad);
        canvas.line_width(0.1 * scene.size);
      } else {
        canvas.colour(kTrail);
        canvas.line_width(0.06 * scene.size);
        canvas.dash({0.16 * scene.size, 0.1 * scene.size});
      }
      canvas.stroke();
      canvas.no_dash();
      canvas.end();
    }
  }
  cairo_api().restore(cr);
}

}  // namespace adjutant::render
