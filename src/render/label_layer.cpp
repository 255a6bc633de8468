// Place names under the middle of their hex, and victory hexes marked with a
// star and their points, drawn before the counters so units stay on top.
#include <cmath>

#include "render/layers.h"
#include "render/shapes.h"

namespace adjutant::render {

void draw_places(Canvas& canvas, const Scene& scene) {
  for (const auto& v : scene.scenario.victory.hexes) {
    if (!scene.scenario.on_map(v.hex)) continue;
    Point c = scene.centre(v.hex);
    Point star{c.x - 0.81 * scene.size, c.y - 0.08 * scene.size};
    canvas.begin("class=\"victory-hex\" data-hex=\"" + scene.scenario.numbers().format(v.hex) +
                 "\" data-vp=\"" + std::to_string(v.vp) + "\"");
    trace_star(canvas, star, 0.17 * scene.size);
    canvas.fill_stroke(kVictory, mix(kVictory, kBlack, 0.6), 0.8);
    canvas.text_halo(std::to_string(v.vp), {star.x, star.y + 0.36 * scene.size}, 7, Weight::kBold,
                     Align::kCentre, kBlack, kLabelHalo, 2);
    canvas.end();
  }
  for (const auto& [h, name] : scene.scenario.places) {
    if (!scene.scenario.on_map(h)) continue;
    Point c = scene.centre(h);
    canvas.begin("class=\"place\" data-hex=\"" + scene.scenario.numbers().format(h) + "\"");
    canvas.text_halo(name, {c.x, c.y + 0.64 * scene.size}, kPlaceNameSize, Weight::kBold,
                     Align::kCentre, {0.12, 0.1, 0.08}, kLabelHalo, 2.4);
    canvas.end();
  }
  draw_compass(canvas, scene);
}

// A north arrow in the map's top-right corner when the map is drawn turned
// (the scenario's map.north is not the page's top): the hex numbers then run
// sideways, and the arrow says that north is up.
void draw_compass(Canvas& canvas, const Scene& scene) {
  if (scene.frame.turns == 0) return;
  Point c{scene.map_origin.x + scene.map_width - 1.1 * scene.size,
          scene.map_origin.y + 1.3 * scene.size};
  double r = 0.55 * scene.size;
  canvas.begin("class=\"compass\" data-north=\"" + scene.scenario.north + "\"");
  canvas.circle(c, r + 3);
  canvas.fill_stroke(kLabelHalo, {0.35, 0.33, 0.28}, 0.8);
  Point tip{c.x, c.y - r}, tail{c.x, c.y + 0.7 * r};
  canvas.move(tip);
  canvas.line({c.x + 0.32 * r, c.y});
  canvas.line(tail);
  canvas.line({c.x - 0.32 * r, c.y});
  canvas.line(tip);
  canvas.fill_stroke({0.20, 0.18, 0.15}, {0.20, 0.18, 0.15}, 0.6);
  canvas.text_halo("N", {c.x, c.y - r - 6}, 9.5, Weight::kBold, Align::kCentre, {0.20, 0.18, 0.15},
                   kLabelHalo, 2.4);
  canvas.end();
}

}  // namespace adjutant::render
