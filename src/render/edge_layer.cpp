// What happens at the map's edge: roads run on to the edge and carry their
// names beyond it, and reinforcements due by the next turn show as tags on
// the edge at their entry hexes, in their side's colour ("T4": due on turn 4).
#include <algorithm>
#include <cmath>
#include <map>

#include "render/layers.h"
#include "render/marks.h"
#include "rules/hexmap/arrivals.h"

#include "render/cairo_api.h"

namespace adjutant::render {

namespace {

constexpr double kRoadNameSize = 7.5;
constexpr double kTagHeight = 13;

// A road's name beside its end hex, in the margin beyond the edge: along the
// north and south edges as it reads, turned along the west and east edges,
// always running away from the map's middle so it stays in the picture.
void road_name(Canvas& canvas, const Scene& scene, const std::string& name, Hex h, Point dir) {
  cairo_t* cr = canvas.cr();
  Point c = scene.centre(h);
  Point e = scene.edge_point(h, dir);
  const double gap = 12;
  cairo_api().save(cr);
  canvas.colour(mix(kRoad, kBlack, 0.2));
  if (dir.x == 0) {
    bool right_half = c.x > scene.map_origin.x + scene.map_width / 2;
    double y = dir.y < 0 ? e.y - 4 : e.y + 10;
    canvas.text(name, {right_half ? c.x - gap : c.x + gap, y}, kRoadNameSize, Weight::kRegular,
                right_half ? Align::kRight : Align::kLeft);
  } else {
    bool lower_half = c.y > scene.map_origin.y + scene.map_height / 2;
    cairo_api().translate(cr, e.x + dir.x * 3, lower_half ? c.y - gap : c.y + gap);
    // West: the text runs up the edge; east: down it.
    cairo_api().rotate(cr, dir.x < 0 ? -M_PI / 2 : M_PI / 2);
    bool away = dir.x < 0 ? lower_half : !lower_half;
    canvas.text(name, {0, 0}, kRoadNameSize, Weight::kRegular, away ? Align::kLeft : Align::kRight);
  }
  cairo_api().restore(cr);
}

std::string side_colour(const Scene& scene, const std::string& side) {
  const auto* sd = scene.scenario.side(side);
  return sd ? sd->colour : "";
}

}  // namespace

int arrivals_turn(const Scene& scene) {
  return scene.state.phase.empty() ? 0 : scene.state.turn + 1;
}

void draw_road_ends(Canvas& canvas, const Scene& scene) {
  cairo_t* cr = canvas.cr();
  cairo_api().save(cr);
  cairo_api().set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
  for (const auto& route : scene.scenario.routes) {
    if (route.kind != "road") continue;
    for (Hex h : route.off_hexes) {
      Point dir = scene.outward(h, route.off);
      canvas.begin("class=\"road-end\" data-name=\"" + escape_markup(route.name) +
                   "\" data-hex=\"" + scene.scenario.numbers().format(h) + "\"");
      canvas.move(scene.centre(h));
      canvas.line(scene.edge_point(h, dir));
      canvas.colour(mix(kRoad, kWhite, 0.75), 0.9);
      canvas.line_width(0.1 * scene.size + 2);
      cairo_api().stroke_preserve(cr);
      canvas.colour(kRoad);
      canvas.line_width(0.1 * scene.size);
      canvas.stroke();
      if (!route.name.empty()) road_name(canvas, scene, route.name, h, dir);
      canvas.end();
    }
  }
  cairo_api().restore(cr);
}

std::vector<ArrivalTag> arrival_tags(const Scene& scene) {
  std::vector<ArrivalTag> out;
  int turn = arrivals_turn(scene);
  if (turn == 0) return out;
  // Per entry hex and side: the earliest turn due and the units.
  struct Tag {
    int turn = 0;
    std::vector<std::string> units;
  };
  std::map<std::pair<Hex, std::string>, Tag> tags;
  for (const auto& g : rules::hexmap::reinforcements_due(scene.scenario, scene.state, turn)) {
    for (Hex h : g.hexes) {
      Tag& t = tags[{h, g.side}];
      t.turn = t.turn ? std::min(t.turn, g.turn) : g.turn;
      for (const auto* u : g.units) t.units.push_back(u->id);
    }
  }
  std::map<Hex, int> drawn;  // tags already at a hex (two sides: side by side)
  for (const auto& [key, tag] : tags) {
    const auto& [h, side] = key;
    if (!scene.scenario.on_map(h)) continue;
    rules::hexmap::Edges prefer;
    for (const auto& r : scene.scenario.routes)
      if (std::count(r.off_hexes.begin(), r.off_hexes.end(), h)) prefer = r.off;
    Point dir = scene.outward(h, prefer);
    Point at = scene.edge_point(h, dir);
    int k = drawn[h]++;
    at = {at.x + (dir.x == 0 ? k * 24.0 : 0), at.y + (dir.x == 0 ? 0 : k * 16.0)};
    std::string units;
    for (const auto& u : tag.units) units += (units.empty() ? "" : " ") + u;
    out.push_back({h, side, tag.turn, units, at});
  }
  return out;
}

void draw_arrivals(Canvas& canvas, const Scene& scene) {
  for (const auto& tag : arrival_tags(scene)) {
    std::string text = "T" + std::to_string(tag.turn);
    double w = canvas.text_width(text, kHexNumberSize + 0.5, Weight::kBold) + 8;
    Rgb fill = parse_colour(side_colour(scene, tag.side), {0.4, 0.4, 0.4});
    Point at = tag.at;
    canvas.begin("class=\"arrival\" data-hex=\"" + scene.scenario.numbers().format(tag.hex) +
                 "\" data-side=\"" + escape_markup(tag.side) + "\" data-turn=\"" +
                 std::to_string(tag.turn) + "\" data-units=\"" + escape_markup(tag.units) + "\"");
    canvas.rounded_rectangle(at.x - w / 2, at.y - kTagHeight / 2, w, kTagHeight, 3);
    canvas.fill_stroke(fill, mix(fill, kBlack, 0.6), 1);
    canvas.colour(ink_on(fill));
    canvas.text(text, {at.x, at.y + 3}, kHexNumberSize + 0.5, Weight::kBold, Align::kCentre);
    canvas.end();
  }
}

}  // namespace adjutant::render
