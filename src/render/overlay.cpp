// What happened in the last phase, read from its events: moves, retreats,
// advances and evasions as arrows in the mover's colour; units eliminated
// this phase as crossed-out ghosts near their last hex; each combat as red
// attack arrows, a red ring on the defending hex and a label with the odds,
// the die and the result. Unknown event types are skipped.
#include <algorithm>
#include <cmath>
#include <optional>

#include "render/counter.h"
#include "render/layers.h"
#include "render/shapes.h"

namespace adjutant::render {

namespace {

std::string text_of(const Json& e, const char* key) {
  auto it = e.find(key);
  if (it == e.end()) return "";
  if (it->is_string()) return it->get<std::string>();
  if (it->is_number_integer()) return std::to_string(it->get<long long>());
  return "";
}

std::optional<Hex> hex_of(const Scene& scene, const Json& e, const char* key) {
  auto h = hex::parse(text_of(e, key));
  if (!h || !scene.scenario.on_map(*h)) return std::nullopt;
  return h;
}

// The hexes of a path, dropping repeats and anything off the map.
std::vector<Hex> path_of(const Scene& scene, const Json& path) {
  std::vector<Hex> out;
  if (!path.is_array()) return out;
  for (const auto& step : path) {
    auto h = step.is_string() ? hex::parse(step.get<std::string>()) : std::nullopt;
    if (!h || !scene.scenario.on_map(*h)) continue;
    if (out.empty() || out.back() != *h) out.push_back(*h);
  }
  return out;
}

// Arrows in the side's colour, darkened where it would be too pale to read.
Rgb arrow_colour(const Scene& scene, const std::string& unit) {
  const auto* def = scene.unit(unit);
  const auto* side = def ? scene.scenario.side(def->side) : nullptr;
  Rgb c = parse_colour(side ? side->colour : "", {0.3, 0.3, 0.3});
  return luminance(c) > 0.3 ? mix(c, kBlack, 0.35) : c;
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
  Point c = scene.centre(h);
  double start = 1.15 * scene.size, stop = clearance(scene, h, -ux, -uy);
  return {{c.x + ux * start, c.y + uy * start}, {c.x + ux * stop, c.y + uy * stop}};
}

}  // namespace

void draw_movement(Canvas& canvas, const Scene& scene) {
  const double width = 0.09 * scene.size;
  for (const auto& e : scene.events) {
    if (!e.is_object()) continue;
    std::string type = text_of(e, "type"), unit = text_of(e, "unit");
    if (unit.empty() || !scene.visible_unit(unit)) continue;
    std::vector<Point> points;
    ArrowStyle style = ArrowStyle::kMove;
    if (type == "enter") {
      auto h = hex_of(scene, e, "hex");
      if (!h) continue;
      points = entry_points(scene, *h);
    } else if (type == "move" || type == "evade" || type == "retreat" || type == "advance") {
      std::vector<Hex> path = path_of(scene, e.contains("path") ? e["path"] : Json());
      if (path.empty()) {
        auto from = hex_of(scene, e, "from"), to = hex_of(scene, e, "to");
        if (from && to && *from != *to) path = {*from, *to};
      }
      if (path.size() < 2) continue;
      points = arrow_points(scene, path);
      style = type == "evade"     ? ArrowStyle::kEvade
              : type == "retreat" ? ArrowStyle::kRetreat
              : type == "advance" ? ArrowStyle::kAdvance
                                  : ArrowStyle::kMove;
    } else {
      continue;
    }
    canvas.begin("class=\"" + type + "\" data-unit=\"" + xml_escape(unit) + "\"");
    draw_arrow(canvas, points, arrow_colour(scene, unit), width, style);
    canvas.end();
  }
}

void draw_eliminated(Canvas& canvas, const Scene& scene) {
  std::map<Hex, int> ghosts;
  for (const auto& e : scene.events) {
    if (!e.is_object() || text_of(e, "type") != "eliminate") continue;
    std::string unit = text_of(e, "unit");
    auto h = hex_of(scene, e, "hex");
    const auto* def = scene.unit(unit);
    if (!h || !def || !scene.visible_unit(unit)) continue;
    auto st = scene.state.units.find(unit);
    if (st->second.status == model::UnitStatus::kActive) continue;
    int k = ghosts[*h]++;
    Point c = scene.centre(*h);
    if (scene.stacks.count(*h)) c = {c.x + 0.42 * scene.size, c.y + 0.36 * scene.size};
    c = {c.x + 5 * k, c.y + 5 * k};
    auto look = look_of(scene, *def, &st->second);
    look.ghost = true;
    canvas.begin("class=\"eliminated\" data-unit=\"" + xml_escape(unit) + "\" data-hex=\"" +
                 hex::format(*h) + "\"");
    draw_counter(canvas, look, c);
    canvas.end();
  }
}

namespace {

struct Combat {
  std::string n, odds, die, result;
  std::vector<Hex> attackers, defenders;
};

std::vector<Hex> hexes_of(const Scene& scene, const Json& list, bool& any_visible) {
  std::vector<Hex> out;
  if (!list.is_array()) return out;
  for (const auto& x : list) {
    if (!x.is_object()) continue;
    if (scene.visible_unit(text_of(x, "unit"))) any_visible = true;
    auto h = hex_of(scene, x, "hex");
    if (h && std::find(out.begin(), out.end(), *h) == out.end()) out.push_back(*h);
  }
  return out;
}

}  // namespace

void draw_combats(Canvas& canvas, const Scene& scene) {
  int index = 0;
  for (const auto& e : scene.events) {
    if (!e.is_object() || text_of(e, "type") != "combat") continue;
    ++index;
    Combat c;
    bool visible = false;
    c.attackers = hexes_of(scene, e.value("attackers", Json()), visible);
    c.defenders = hexes_of(scene, e.value("defenders", Json()), visible);
    if (!visible || c.defenders.empty()) continue;
    c.n = text_of(e, "n");
    if (c.n.empty()) c.n = std::to_string(index);
    c.odds = text_of(e, "odds");
    c.result = text_of(e, "result");
    if (auto die = e.find("die"); die != e.end())
      c.die = die->is_object() ? text_of(*die, "value") : text_of(e, "die");

    canvas.begin("class=\"combat\" data-n=\"" + xml_escape(c.n) + "\" data-odds=\"" +
                 xml_escape(c.odds) + "\" data-result=\"" + xml_escape(c.result) + "\"");
    cairo_save(canvas.cr());
    for (Hex d : c.defenders) trace_hex(canvas, scene.centre(d), 0.88 * scene.size);
    canvas.colour(kCombat, 0.9);
    canvas.line_width(2.4);
    cairo_set_line_join(canvas.cr(), CAIRO_LINE_JOIN_ROUND);
    canvas.stroke();
    double sx = 0, sy = 0;
    Point d0 = scene.centre(c.defenders[0]);
    for (Hex a : c.attackers) {
      Hex target = c.defenders[0];
      for (Hex d : c.defenders)
        if (hex::adjacent(a, d)) {
          target = d;
          break;
        }
      Point pa = scene.centre(a), pd = scene.centre(target);
      double dx = pd.x - pa.x, dy = pd.y - pa.y;
      draw_arrow(canvas, {{pa.x + dx * 0.3, pa.y + dy * 0.3}, {pa.x + dx * 0.66, pa.y + dy * 0.66}},
                 kCombat, 0.085 * scene.size, ArrowStyle::kAttack);
      sx += pa.x - d0.x, sy += pa.y - d0.y;
    }
    // The label goes on the defending hex's far side from the attackers.
    double len = std::hypot(sx, sy);
    double ux = len > 1e-6 ? -sx / len : 0, uy = len > 1e-6 ? -sy / len : 1;
    Point at{d0.x + ux * 0.62 * scene.size, d0.y + uy * 0.62 * scene.size};
    draw_combat_label(canvas, c.n, c.odds, c.die, c.result, at);
    cairo_restore(canvas.cr());
    canvas.end();
  }
}

}  // namespace adjutant::render
