// Each combat of the last phase: red attack arrows across the hexsides, a red
// ring on every defending hex, and a label with the odds, the die and the
// result, placed where it hides the fewest counters and no other label.
#include <algorithm>
#include <cmath>

#include "render/counter.h"

#include "render/cairo_api.h"
#include "render/event_fields.h"
#include "render/layers.h"
#include "render/marks.h"
#include "render/shapes.h"

namespace adjutant::render {

namespace {

struct Box {
  double x0, y0, x1, y1;
  double overlap(const Box& o) const {
    double w = std::min(x1, o.x1) - std::max(x0, o.x0);
    double h = std::min(y1, o.y1) - std::max(y0, o.y0);
    return w > 0 && h > 0 ? w * h : 0;
  }
};

Box box_around(Point c, double half_w, double half_h) {
  return {c.x - half_w, c.y - half_h, c.x + half_w, c.y + half_h};
}

std::vector<Hex> hexes_of(const Scene& scene, const Json& list, bool& any_visible) {
  std::vector<Hex> out;
  if (!list.is_array()) return out;
  for (const auto& x : list) {
    if (scene.visible_unit(event_text(x, "unit"))) any_visible = true;
    auto h = event_hex(scene, x, "hex");
    if (h && std::find(out.begin(), out.end(), *h) == out.end()) out.push_back(*h);
  }
  return out;
}

}  // namespace

std::vector<CombatMark> combat_marks(const Scene& scene) {
  std::vector<CombatMark> out;
  int index = 0;
  for (const auto& e : scene.events) {
    if (event_text(e, "type") != "combat") continue;
    ++index;
    CombatMark c;
    bool visible = false;
    c.attackers = hexes_of(scene, e.value("attackers", Json()), visible);
    c.defenders = hexes_of(scene, e.value("defenders", Json()), visible);
    if (!visible || c.defenders.empty()) continue;
    c.n = event_text(e, "combat");
    if (c.n.empty()) c.n = std::to_string(index);
    c.odds = event_text(e, "odds");
    c.result = event_text(e, "result");
    if (auto die = e.find("die"); die != e.end())
      c.die = die->is_object() ? event_text(*die, "value") : event_text(e, "die");
    out.push_back(std::move(c));
  }
  return out;
}

double label_away(const Scene& scene, const CombatMark& c) {
  Point d0 = scene.centre(c.defenders[0]);
  double sx = 0, sy = 0;
  for (Hex a : c.attackers) {
    Point pa = scene.centre(a);
    sx += pa.x - d0.x, sy += pa.y - d0.y;
  }
  double len = std::hypot(sx, sy);
  return len > 1e-6 ? std::atan2(-sy, -sx) : M_PI / 2;
}

Hex attack_target(const CombatMark& c, Hex attacker) {
  for (Hex d : c.defenders)
    if (hex::adjacent(attacker, d)) return d;
  return c.defenders[0];
}

namespace {

// Candidate centres around the defending hex, the side away from the
// attackers first, then the other hexsides, then a ring further out.
std::vector<Point> candidates(const Scene& scene, const CombatMark& c) {
  Point d0 = scene.centre(c.defenders[0]);
  double away = label_away(scene, c);
  std::vector<Point> out;
  for (double r : {0.62, 1.05, 1.5})
    for (int k = 0; k < 12; ++k) {
      int step = (k + 1) / 2 * (k % 2 ? 1 : -1);  // 0, +1, -1, +2, -2, ...
      double a = away + step * M_PI / 6;
      out.push_back({d0.x + std::cos(a) * r * scene.size, d0.y + std::sin(a) * r * scene.size});
    }
  return out;
}

}  // namespace

void draw_combats(Canvas& canvas, const Scene& scene) {
  std::vector<Box> counters, labels;
  for (const auto& [h, stack] : scene.stacks) {
    Point half = scene.stack_half_extent(h);
    counters.push_back(box_around(scene.centre(h), half.x, half.y));
  }
  for (const auto& g : ghosts(scene))
    counters.push_back(box_around(g.at, kCounterWidth / 2, kCounterHeight / 2));
  const Box picture{scene.map_origin.x - kMargin + 2, scene.map_origin.y - kMargin + 2,
                    scene.width - 2.0, scene.legend_top - 2};

  for (const auto& c : combat_marks(scene)) {
    canvas.begin("class=\"combat\" data-n=\"" + escape_markup(c.n) + "\" data-odds=\"" +
                 escape_markup(c.odds) + "\" data-result=\"" + escape_markup(c.result) + "\"");
    cairo_api().save(canvas.cr());
    for (Hex d : c.defenders)
      trace_hex(canvas, scene.centre(d), 0.88 * scene.size, scene.frame.hex_angle());
    canvas.colour(kCombat, 0.9);
    canvas.line_width(2.4);
    cairo_api().set_line_join(canvas.cr(), CAIRO_LINE_JOIN_ROUND);
    canvas.stroke();
    for (Hex a : c.attackers) {
      Point pa = scene.centre(a), pd = scene.centre(attack_target(c, a));
      double dx = pd.x - pa.x, dy = pd.y - pa.y;
      draw_arrow(canvas, {{pa.x + dx * 0.3, pa.y + dy * 0.3}, {pa.x + dx * 0.66, pa.y + dy * 0.66}},
                 kCombat, 0.085 * scene.size, ArrowStyle::kAttack);
    }

    Point size = combat_label_size(canvas, c.n, c.odds, c.die, c.result);
    Point best{};
    double best_cost = 1e18;
    int rank = 0;
    for (Point p : candidates(scene, c)) {
      Box b = box_around(p, size.x / 2 + 1, size.y / 2 + 1);
      double cost = rank++ * 4.0;
      for (const auto& o : counters) cost += o.overlap(b);
      for (const auto& o : labels) cost += 50 * o.overlap(b);
      if (b.x0 < picture.x0 || b.y0 < picture.y0 || b.x1 > picture.x1 || b.y1 > picture.y1)
        cost += 1e6;
      if (cost < best_cost) best_cost = cost, best = p;
    }
    labels.push_back(box_around(best, size.x / 2 + 1, size.y / 2 + 1));
    draw_combat_label(canvas, c.n, c.odds, c.die, c.result, best);
    cairo_api().restore(canvas.cr());
    canvas.end();
  }
}

}  // namespace adjutant::render
