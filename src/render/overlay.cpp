// Movement in the last phase, read from its events: moves, retreats,
// advances, evasions, arrivals and exits as arrows in the mover's colour, and units
// eliminated as crossed-out ghosts near their last hex. Unknown event types
// are skipped.
#include <algorithm>
#include <cmath>
#include <optional>

#include "render/counter.h"
#include "render/event_fields.h"
#include "render/layers.h"
#include "render/marks.h"
#include "render/shapes.h"

namespace adjutant::render {

namespace {

// The hexes of a path, dropping repeats and anything off the map.
std::vector<Hex> path_of(const Scene& scene, const Json& path) {
  std::vector<Hex> out;
  if (!path.is_array()) return out;
  const hex::Numbering num = scene.scenario.numbers();
  for (const auto& step : path) {
    auto h = step.is_string() ? num.parse(step.get<std::string>()) : std::nullopt;
    if (!h || !scene.scenario.on_map(*h)) continue;
    if (out.empty() || out.back() != *h) out.push_back(*h);
  }
  return out;
}

// How far from a hex's centre an arrow must stop to leave its counters readable.
double clearance(const Scene& scene, Hex h, double ux, double uy) {
  Point half = scene.stack_half_extent(h);
  if (half.x <= 0) return 0.25 * scene.size;
  double tx = std::abs(ux) > 1e-9 ? (half.x + 2) / std::abs(ux) : 1e9;
  double ty = std::abs(uy) > 1e-9 ? (half.y + 2) / std::abs(uy) : 1e9;
  return std::min(tx, ty);
}

std::vector<Point> arrow_points(const Scene& scene, const std::vector<Hex>& path) {
  std::vector<Point> points;
  for (Hex h : path) points.push_back(scene.centre(h));
  Point& tip = points.back();
  const Point& from = points[points.size() - 2];
  double dx = tip.x - from.x, dy = tip.y - from.y, length = std::hypot(dx, dy);
  double back = std::min(clearance(scene, path.back(), dx / length, dy / length), 0.7 * length);
  tip = {tip.x - dx / length * back, tip.y - dy / length * back};
  return points;
}

// A reinforcement's arrow comes in from the nearest map edge.
std::vector<Point> entry_points(const Scene& scene, Hex h) {
  const auto& sc = scene.scenario;
  int to_left = h.col - 1, to_right = sc.columns - h.col, to_top = h.row - 1,
      to_bottom = sc.rows - h.row;
  double ux = 0, uy = -1;
  int best = to_top;
  if (to_bottom < best) best = to_bottom, ux = 0, uy = 1;
  if (to_left < best) best = to_left, ux = -1, uy = 0;
  if (to_right < best) best = to_right, ux = 1, uy = 0;
  Point u = scene.frame.turn({ux, uy});
  ux = u.x, uy = u.y;
  Point c = scene.centre(h);
  double start = 1.15 * scene.size, stop = clearance(scene, h, -ux, -uy);
  return {{c.x + ux * start, c.y + uy * start}, {c.x + ux * stop, c.y + uy * stop}};
}

}  // namespace

std::vector<ArrowMark> arrow_marks(const Scene& scene) {
  std::vector<ArrowMark> out;
  for (const auto& e : scene.events) {
    if (!e.is_object()) continue;
    std::string type = event_text(e, "type"), unit = event_text(e, "unit");
    if (unit.empty() || !scene.visible_unit(unit)) continue;
    std::vector<Point> points;
    ArrowStyle style = ArrowStyle::kMove;
    if (type == "enter") {
      auto h = event_hex(scene, e, "hex");
      if (!h) continue;
      points = entry_points(scene, *h);
    } else if (type == "exit") {
      // 14.4: from the hex out across its map edge.
      auto h = event_hex(scene, e, "hex");
      if (!h) continue;
      Point dir = scene.outward(*h), c = scene.centre(*h), end = scene.edge_point(*h, dir);
      points = {c, {end.x + dir.x * 0.45 * scene.size, end.y + dir.y * 0.45 * scene.size}};
    } else if (type == "move" || type == "evade" || type == "retreat" || type == "advance" ||
               type == "displace") {
      std::vector<Hex> path = path_of(scene, e.contains("path") ? e["path"] : Json());
      if (path.empty()) {
        auto from = event_hex(scene, e, "from"), to = event_hex(scene, e, "to");
        if (from && to && *from != *to) path = {*from, *to};
      }
      if (path.size() < 2) continue;
      points = arrow_points(scene, path);
      style = type == "evade"                           ? ArrowStyle::kEvade
              : type == "retreat" || type == "displace" ? ArrowStyle::kRetreat
              : type == "advance"                       ? ArrowStyle::kAdvance
                                                        : ArrowStyle::kMove;
    } else {
      continue;
    }
    out.push_back({type, unit, std::move(points), style});
  }
  return out;
}

Rgb arrow_colour(const Scene& scene, const std::string& unit) {
  const auto* def = scene.unit(unit);
  const auto* side = def ? scene.scenario.side(def->side) : nullptr;
  return arrow_colour(parse_colour(side ? side->colour : "", {0.3, 0.3, 0.3}));
}

Rgb arrow_colour(Rgb side_colour) {
  return luminance(side_colour) > 0.3 ? mix(side_colour, kBlack, 0.35) : side_colour;
}

void draw_movement(Canvas& canvas, const Scene& scene) {
  const double width = 0.09 * scene.size;
  for (const auto& a : arrow_marks(scene)) {
    canvas.begin("class=\"" + a.type + "\" data-unit=\"" + escape_markup(a.unit) + "\"");
    draw_arrow(canvas, a.points, arrow_colour(scene, a.unit), width, a.style);
    canvas.end();
  }
}

void draw_eliminated(Canvas& canvas, const Scene& scene) {
  for (const auto& g : ghosts(scene)) {
    auto look = look_of(scene, *g.def, g.state);
    look.ghost = true;
    canvas.begin("class=\"eliminated\" data-unit=\"" + escape_markup(g.def->id) + "\" data-hex=\"" +
                 scene.scenario.numbers().format(g.hex) + "\"");
    draw_counter(canvas, look, g.at);
    canvas.end();
  }
}

}  // namespace adjutant::render
