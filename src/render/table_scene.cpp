#include "render/table_scene.h"

#include <cmath>

namespace adjutant::render {

namespace {

std::vector<hex::Point> corners(const TableScene& scene, const chaos::Outline& o) {
  std::vector<hex::Point> out;
  for (auto p : o.points) out.push_back(scene.place(p));
  return out;
}

}  // namespace

hex::Point TableScene::place(chaos::Point p) const {
  return {left + double(p.x) * scale, top + double(scenario.table.length - p.y) * scale};
}

TableScene make_table_scene(const chaos::Scenario& scenario, const std::string& side) {
  TableScene scene{scenario, side, 0, 0, 0, 0, 0, {}};
  scene.scale = kTablePixelsPerInch / double(chaos::kInch);
  scene.left = kTableMargin;
  scene.top = kTableBanner + kTableMargin;
  scene.width = int(std::ceil(2 * kTableMargin + double(scenario.table.width) * scene.scale));
  scene.height =
      int(std::ceil(kTableBanner + 2 * kTableMargin + double(scenario.table.length) * scene.scale));
  for (const auto& s : scenario.sides) {
    bool own = side.empty() || side == s.id;
    auto add = [&](std::string kind, std::string brigade, std::string label,
                   const chaos::Outline& o) {
      scene.pieces.push_back({std::move(kind), s.id, own, own ? std::move(brigade) : "",
                              own ? std::move(label) : "", corners(scene, o)});
    };
    for (const auto& e : s.setup) {
      const auto* b = scenario.brigade(e.brigade);
      if (!b) continue;
      for (std::size_t m = 0; m < e.markers.size(); ++m)
        add("marker", b->id,
            b->name + (e.markers.size() > 1 ? " (" + std::to_string(m + 1) + ")" : ""),
            scenario.marker_outline(e.markers[m]));
      if (!e.deployed()) continue;
      add("brigade-commander", b->id, b->commander,
          scenario.figure_outline(chaos::Arm::kCommander, {b->id, b->commander, *e.commander, 0}));
      for (const auto& p : e.regiments)
        for (const auto& r : b->regiments)
          if (r.id == p.regiment)
            add(r.arm == chaos::Arm::kArtillery ? "battery" : "regiment", b->id, r.id,
                scenario.regiment_outline(r, p));
    }
    for (const auto& w : s.wagons)
      add("wagon", "", w.name, scenario.figure_outline(chaos::Arm::kWagon, w));
    for (const auto& c : s.commanders)
      add("commander", "", c.name, scenario.figure_outline(chaos::Arm::kCommander, c));
  }
  return scene;
}

}  // namespace adjutant::render
