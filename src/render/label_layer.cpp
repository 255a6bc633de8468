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
    canvas.begin("class=\"victory-hex\" data-hex=\"" + hex::format(v.hex) + "\" data-vp=\"" +
                 std::to_string(v.vp) + "\"");
    trace_star(canvas, star, 0.17 * scene.size);
    canvas.fill_stroke(kVictory, mix(kVictory, kBlack, 0.6), 0.8);
    canvas.text_halo(std::to_string(v.vp), {star.x, star.y + 0.36 * scene.size}, 7, Weight::kBold,
                     Align::kCentre, kBlack, kLabelHalo, 2);
    canvas.end();
  }
  for (const auto& [h, name] : scene.scenario.places) {
    if (!scene.scenario.on_map(h)) continue;
    Point c = scene.centre(h);
    canvas.begin("class=\"place\" data-hex=\"" + hex::format(h) + "\"");
    canvas.text_halo(name, {c.x, c.y + 0.64 * scene.size}, kPlaceNameSize, Weight::kBold,
                     Align::kCentre, {0.12, 0.1, 0.08}, kLabelHalo, 2.4);
    canvas.end();
  }
}

}  // namespace adjutant::render
