#include "render/table_scene.h"

#include <algorithm>
#include <cmath>

#include "rules/chaos/bearing.h"
#include "rules/chaos/table_play.h"

namespace adjutant::render {

namespace {

std::vector<hex::Point> scene_outline(const TableScene& scene, const chaos::Outline& o) {
  std::vector<hex::Point> out;
  for (auto p : o.points) out.push_back(scene.place(p));
  return out;
}

// The other side of a two-sided table: whose the enemy's pieces are.
std::string enemy_of(const chaos::Scenario& s, const std::string& side) {
  for (const auto& x : s.sides)
    if (x.id != side) return x.id;
  return "";
}

class Builder {
 public:
  Builder(TableScene& scene, const std::map<std::string, int>& preferred)
      : scene_(scene), preferred_(preferred) {}

  // A base of `stands` stands facing `facing` (-1: the view does not say;
  // drawn square to the table with no tick).
  TablePiece& body(std::string kind, std::string side, bool own, chaos::Point at, int facing,
                   int stands, chaos::Arm arm) {
    const auto& sizes = scene_.scenario.bases;
    chaos::Body b{at, facing < 0 ? 0 : facing, std::max(stands, 1), sizes.at(arm)};
    TablePiece p;
    p.kind = std::move(kind);
    p.side = std::move(side);
    p.arm = arm;
    p.own = own;
    p.at = at;
    p.facing = facing;
    p.corners = scene_outline(scene_, chaos::outline(b));
    if (stands > 1)
      for (int k = 0; k < stands; ++k)
        p.stands.push_back(scene_outline(scene_, chaos::stand_outline(b, k)));
    if (facing >= 0) {
      // From the middle of the front edge, half an inch on the way it faces.
      chaos::Point front = chaos::front_centre(b);
      p.tick_from = scene_.place(front);
      p.tick_to = scene_.place(front + chaos::turn(0, chaos::kInch / 2, facing));
    }
    scene_.pieces.push_back(std::move(p));
    return scene_.pieces.back();
  }

  void own_pieces(const chaos::ChaosState& st) {
    const auto& sc = scene_.scenario;
    for (const auto& [id, b] : st.brigades) {
      const chaos::Brigade* def = sc.brigade(id);
      if (!def) continue;
      auto want = preferred_.find(id);
      int preferred = want != preferred_.end() ? want->second : 1;
      for (std::size_t m = 0; m < b.markers.size(); ++m) {
        auto& p = body("marker", b.side, true, b.markers[m], -1, 1, chaos::Arm::kMarker);
        p.brigade = id;
        p.label = def->name;
        if (b.markers.size() > 1) {
          p.number = int(m) + 1;
          p.preferred = p.number == preferred;
        }
      }
      if (b.commander) {
        auto& p =
            body("brigade-commander", b.side, true, *b.commander, -1, 1, chaos::Arm::kCommander);
        p.brigade = id;
        p.label = def->commander;
      }
    }
    for (const auto& [id, r] : st.regiments) {
      if (r.removed || !r.at) continue;
      const chaos::Regiment& def = chaos::regiment_spec(sc, id);
      const auto& b = st.brigades.at(r.brigade);
      auto& p = body(def.arm == chaos::Arm::kArtillery ? "battery" : "regiment", b.side, true,
                     *r.at, r.facing, r.stands, def.arm);
      p.brigade = r.brigade;
      p.label = id;
    }
    for (const auto& [id, w] : st.wagons) {
      if (w.destroyed) continue;
      auto& p = body("wagon", w.side, true, w.at, w.facing, 1, chaos::Arm::kWagon);
      p.label = name_of(sc, w.side, id, false);
    }
    for (const auto& [id, c] : st.commanders) {
      auto& p = body("commander", c.side, true, c.at, c.facing, 1, chaos::Arm::kCommander);
      p.label = name_of(sc, c.side, id, true);
    }
    brigade_labels(st);
  }

  void enemy_pieces(const chaos::ReadView& v) {
    std::string enemy = enemy_of(scene_.scenario, v.side);
    for (auto at : v.flags) body("marker", enemy, false, at, -1, 1, chaos::Arm::kMarker);
    for (auto at : v.brigade_commanders)
      body("brigade-commander", enemy, false, at, -1, 1, chaos::Arm::kCommander);
    for (const auto& r : v.regiments)
      body(r.arm == chaos::Arm::kArtillery ? "battery" : "regiment", enemy, false, r.at, r.facing,
           r.stands, r.arm);
    for (auto at : v.wagons) body("wagon", enemy, false, at, -1, 1, chaos::Arm::kWagon);
    for (auto at : v.commanders) body("commander", enemy, false, at, -1, 1, chaos::Arm::kCommander);
  }

 private:
  static std::string name_of(const chaos::Scenario& sc, const std::string& side,
                             const std::string& id, bool commander) {
    for (const auto& s : sc.sides) {
      if (s.id != side) continue;
      for (const auto& f : commander ? s.commanders : s.wagons)
        if (f.id == id) return f.name;
    }
    return id;
  }

  // Each deployed brigade's name, centred under its pieces in the picture.
  void brigade_labels(const chaos::ChaosState& st) {
    for (const auto& [id, b] : st.brigades) {
      const chaos::Brigade* def = scene_.scenario.brigade(id);
      if (!def || !b.commander) continue;
      double lo = 1e9, hi = -1e9, bottom = -1e9;
      for (const auto& p : scene_.pieces) {
        if (p.brigade != id || p.kind == "marker") continue;
        for (const auto& c : p.corners) {
          lo = std::min(lo, c.x);
          hi = std::max(hi, c.x);
          bottom = std::max(bottom, c.y);
        }
      }
      if (hi < lo) continue;
      scene_.labels.push_back({b.side, def->name, {(lo + hi) / 2, bottom + 10}});
    }
  }

  TableScene& scene_;
  const std::map<std::string, int>& preferred_;
};

}  // namespace

hex::Point TableScene::place(chaos::Point p) const {
  return {left + double(p.x) * scale, top + double(scenario.table.length - p.y) * scale};
}

TableScene make_table_scene(const chaos::Scenario& scenario, const model::State& seen,
                            const std::string& side, const std::map<std::string, int>& preferred) {
  std::string viewer = side == "umpire" ? "" : side;
  chaos::ReadView view = chaos::read_view(seen, viewer);
  TableScene scene{scenario, viewer, view.own.turn, 0, 0, 0, 0, 0, 0, 0, 0, {}, {}};
  scene.scale = kTablePixelsPerInch / double(chaos::kInch);
  scene.left = kTableMargin;
  scene.top = kTableBanner + kTableMargin;
  double w = double(scenario.table.width) * scene.scale;
  double h = double(scenario.table.length) * scene.scale;
  scene.table_right = scene.left + w;
  scene.table_bottom = scene.top + h;
  scene.panel_left = scene.table_right + kTableMargin;
  scene.width = int(std::ceil(scene.panel_left + kTablePanel));
  scene.height = int(std::ceil(scene.table_bottom + kTableFoot));
  Builder build(scene, preferred);
  build.own_pieces(view.own);
  if (!viewer.empty()) build.enemy_pieces(view);
  return scene;
}

}  // namespace adjutant::render
