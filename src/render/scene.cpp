#include "render/scene.h"

#include <cmath>

#include "render/layers.h"
#include "render/map_style.h"

namespace adjutant::render {

Point MapFrame::place(Point p) const {
  switch (turns) {
    case 1:
      return {origin.x + page_h - p.y, origin.y + p.x};
    case 2:
      return {origin.x + page_w - p.x, origin.y + page_h - p.y};
    case 3:
      return {origin.x + p.y, origin.y + page_w - p.x};
    default:
      return {origin.x + p.x, origin.y + p.y};
  }
}

Point MapFrame::turn(Point v) const {
  switch (turns) {
    case 1:
      return {-v.y, v.x};
    case 2:
      return {-v.x, -v.y};
    case 3:
      return {v.y, -v.x};
    default:
      return v;
  }
}

int turns_for(const rules::hexmap::Scenario& scenario) {
  if (scenario.north == "west") return 1;
  if (scenario.north == "south") return 2;
  if (scenario.north == "east") return 3;
  return 0;
}

Point Scene::centre(Hex h) const {
  return frame.place(hex::centre(h, size));
}

Point Scene::corner(Hex h, int k) const {
  return frame.place(hex::corner(h, k, size));
}

// One counter sits in the middle; two sit one above the other; more overlap
// in a cascade inside the same box, each showing at least its top line.
Point Scene::counter_centre(Hex h, int i, int n) const {
  Point c = centre(h);
  if (n <= 1) return c;
  double total = 2 * kCounterHeight + kCounterGap;
  double step = (total - kCounterHeight) / (n - 1);
  return {c.x + (n > 2 ? (i - (n - 1) / 2.0) * 2 : 0),
          c.y - total / 2 + kCounterHeight / 2 + i * step};
}

Point Scene::stack_half_extent(Hex h) const {
  auto it = stacks.find(h);
  if (it == stacks.end() || it->second.empty()) return {0, 0};
  if (it->second.size() == 1) return {kCounterWidth / 2, kCounterHeight / 2};
  return {kCounterWidth / 2 + (it->second.size() > 2 ? it->second.size() : 0),
          kCounterHeight + kCounterGap / 2};
}

bool Scene::visible_unit(const std::string& id) const {
  return state.units.count(id) > 0;
}

Point Scene::outward(Hex h, const rules::hexmap::Edges& prefer) const {
  auto edges = scenario.edges_of(h);
  std::string edge;
  for (const char* e : {"east", "south", "west", "north"})
    if (edges.count(e) && (edge.empty() || (prefer.count(e) && !prefer.count(edge)))) edge = e;
  if (edge.empty()) {
    // Inside the map: the nearest edge.
    int best = h.row - 1;
    edge = "north";
    if (scenario.rows - h.row < best) best = scenario.rows - h.row, edge = "south";
    if (h.col - 1 < best) best = h.col - 1, edge = "west";
    if (scenario.columns - h.col < best) edge = "east";
  }
  if (edge == "north") return frame.turn({0, -1});
  if (edge == "south") return frame.turn({0, 1});
  if (edge == "west") return frame.turn({-1, 0});
  return frame.turn({1, 0});
}

Point Scene::edge_point(Hex h, Point dir) const {
  Point c = centre(h);
  if (dir.y < 0) return {c.x, map_origin.y};
  if (dir.y > 0) return {c.x, map_origin.y + map_height};
  if (dir.x < 0) return {map_origin.x, c.y};
  return {map_origin.x + map_width, c.y};
}

Scene make_scene(const rules::hexmap::Scenario& scenario, const model::State& state,
                 const Json& events, const std::string& viewer) {
  Scene s{scenario, state, events.is_array() ? events : Json::array(), viewer};
  s.size = kHexSize;
  const double half_height = std::sqrt(3.0) / 2 * s.size;
  s.frame.page_w = s.size * (1.5 * scenario.columns + 0.5);
  s.frame.page_h = half_height * (2 * scenario.rows + (scenario.columns > 1 ? 1 : 0));
  s.frame.turns = turns_for(scenario);
  bool across = s.frame.turns % 2 == 1;
  s.map_width = across ? s.frame.page_h : s.frame.page_w;
  s.map_height = across ? s.frame.page_w : s.frame.page_h;
  double width = std::max(kMinWidth, s.map_width + 2 * kMargin);
  s.width = int(std::ceil(width));
  s.map_origin = {std::round((s.width - s.map_width) / 2), kBannerHeight + kMargin};
  s.frame.origin = s.map_origin;
  s.notes_top = s.map_origin.y + s.map_height + kMargin;
  s.legend_top = s.notes_top + notes_height(scenario);
  s.height = int(std::ceil(s.legend_top + legend_height(scenario, s.width) + kMargin));

  s.marks = rules::map_marks(scenario, state);
  for (const auto& def : scenario.units) {
    auto it = state.units.find(def.id);
    if (it == state.units.end() || it->second.status != model::UnitStatus::kActive) continue;
    auto h = scenario.numbers().parse(it->second.location);
    if (!h || !scenario.on_map(*h)) continue;
    s.stacks[*h].push_back({&def, &it->second});
  }
  return s;
}

}  // namespace adjutant::render
