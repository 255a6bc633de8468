// Hexside features: rivers, creeks and streams as lines along the hexsides,
// widest first; then fords (stepping stones) and bridges (a plank across)
// over the water they cross, so a player sees at once where a line can be crossed.
#include <algorithm>
#include <cmath>

#include "render/layers.h"

#include "render/cairo_api.h"

namespace adjutant::render {

namespace {

struct Line {
  Point a;
  Point b;
};

bool is_crossing(const std::string& id) {
  return id == "ford" || id == "bridge";
}

// Width of a water line as a fraction of the hex size; rivers read widest.
double water_width(const rules::hexmap::HexsideType& type) {
  if (type.id == "river") return 0.19;
  if (type.id == "creek") return 0.12;
  if (type.id == "stream") return 0.085;
  return type.passable ? 0.085 : 0.12;
}

struct WaterKind {
  std::string id;
  double width = 0;
  Rgb colour;
};

struct HexsideIndex {
  std::map<std::string, WaterKind> kinds;
  std::map<std::pair<long, long>, std::vector<std::string>> at_end;  // water kinds at a corner
};

std::pair<long, long> key(Point p) {
  return {std::lround(p.x * 8), std::lround(p.y * 8)};
}

Line edge_of(const Scene& scene, const hex::Hexside& s) {
  auto [a, b] = hex::edge(s, scene.size);
  return {scene.frame.place(a), scene.frame.place(b)};
}

HexsideIndex index_water(const Scene& scene) {
  HexsideIndex index;
  for (const auto& [id, type] : scene.scenario.hexside_types)
    if (!is_crossing(id))
      index.kinds[id] = {id, water_width(type) * scene.size, parse_colour(type.colour, kWater)};
  for (const auto& [side, id] : scene.scenario.hexsides) {
    if (!index.kinds.count(id)) continue;
    Line l = edge_of(scene, side);
    index.at_end[key(l.a)].push_back(id);
    index.at_end[key(l.b)].push_back(id);
  }
  return index;
}

// The water a ford or bridge crosses: the widest line meeting it at either
// end, or a creek-like line where none does.
WaterKind crossed_water(const HexsideIndex& index, const Line& l, const Scene& scene) {
  WaterKind best{"", 0.12 * scene.size, kWater};
  bool found = false;
  for (Point p : {l.a, l.b}) {
    auto it = index.at_end.find(key(p));
    if (it == index.at_end.end()) continue;
    for (const auto& id : it->second) {
      const auto& kind = index.kinds.at(id);
      if (!found || kind.width > best.width) best = kind, found = true;
    }
  }
  return best;
}

void stroke_lines(Canvas& canvas, const std::vector<Line>& lines, Rgb colour, double width) {
  for (const auto& l : lines) {
    canvas.move(l.a);
    canvas.line(l.b);
  }
  canvas.colour(mix(colour, kBlack, 0.35));
  canvas.line_width(width + 1.4);
  cairo_api().stroke_preserve(canvas.cr());
  canvas.colour(colour);
  canvas.line_width(width);
  canvas.stroke();
}

}  // namespace

void draw_water(Canvas& canvas, const Scene& scene) {
  auto index = index_water(scene);
  std::map<std::string, std::vector<Line>> lines;
  for (const auto& [side, id] : scene.scenario.hexsides) {
    Line l = edge_of(scene, side);
    if (index.kinds.count(id))
      lines[id].push_back(l);
    else
      lines[crossed_water(index, l, scene).id].push_back(l);
  }
  std::vector<WaterKind> order;
  for (const auto& [id, kind] : index.kinds) order.push_back(kind);
  order.push_back({"", 0.12 * scene.size, kWater});
  std::stable_sort(order.begin(), order.end(),
                   [](const WaterKind& a, const WaterKind& b) { return a.width > b.width; });
  cairo_api().save(canvas.cr());
  cairo_api().set_line_cap(canvas.cr(), CAIRO_LINE_CAP_ROUND);
  for (const auto& kind : order) {
    auto it = lines.find(kind.id);
    if (it == lines.end()) continue;
    canvas.begin("class=\"hexsides\" data-type=\"" +
                 escape_markup(kind.id.empty() ? "water" : kind.id) + "\"");
    stroke_lines(canvas, it->second, kind.colour, kind.width);
    canvas.end();
  }
  cairo_api().restore(canvas.cr());
}

void draw_crossings(Canvas& canvas, const Scene& scene) {
  auto index = index_water(scene);
  cairo_t* cr = canvas.cr();
  cairo_api().save(cr);
  for (const auto& [side, id] : scene.scenario.hexsides) {
    if (!is_crossing(id)) continue;
    const auto* type = scene.scenario.hexside_at(side);
    Rgb colour = parse_colour(type ? type->colour : "", kWater);
    Line l = edge_of(scene, side);
    WaterKind water = crossed_water(index, l, scene);
    canvas.begin("class=\"crossing\" data-type=\"" + escape_markup(id) + "\" data-hexside=\"" +
                 scene.scenario.numbers().format(side) + "\"");
    if (id == "ford") {
      cairo_api().set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
      canvas.move(l.a);
      canvas.line(l.b);
      canvas.colour(colour);
      canvas.line_width(water.width + 1.6);
      cairo_api().stroke_preserve(cr);
      canvas.colour(mix(colour, kBlack, 0.6));
      canvas.line_width(2.6);
      canvas.dash({0.01, 4.2});
      canvas.stroke();
      canvas.no_dash();
    } else {
      double ex = l.b.x - l.a.x, ey = l.b.y - l.a.y, el = std::hypot(ex, ey);
      ex /= el, ey /= el;
      Point m{(l.a.x + l.b.x) / 2, (l.a.y + l.b.y) / 2};
      double along = water.width / 2 + 0.16 * scene.size, across = 0.12 * scene.size;
      // The plank runs across the hexside (along its normal -ey, ex).
      auto at = [&](double u, double v) {
        return Point{m.x - ey * u + ex * v, m.y + ex * u + ey * v};
      };
      canvas.move(at(-along, -across));
      canvas.line(at(along, -across));
      canvas.line(at(along, across));
      canvas.line(at(-along, across));
      cairo_api().close_path(cr);
      canvas.fill_stroke(colour, mix(colour, kBlack, 0.55), 1);
      cairo_api().set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
      for (double v : {-across, across}) {
        canvas.move(at(-along - 2.5, v * 1.5));
        canvas.line(at(-along, v));
        canvas.line(at(along, v));
        canvas.line(at(along + 2.5, v * 1.5));
      }
      canvas.colour(mix(colour, kBlack, 0.55));
      canvas.line_width(1.4);
      canvas.stroke();
    }
    canvas.end();
  }
  cairo_api().restore(cr);
}

}  // namespace adjutant::render
