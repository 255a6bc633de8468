// Chaos of Battle's table for the map (Ruleset::table_board, table_sight;
// rules/table_board.h): the scenario's table, terrain and landmarks, and
// every base a view may see with its integer outline, its stands and its
// facing tick, with the names that view may read. Built from the side's
// view of the state (view.h) and nothing else, so a side's picture cannot
// show what its view does not hold: enemy markers are flags only, enemy
// regiments, wagons and commanders have no names.
#include "rules/chaos/table_sight.h"

#include <algorithm>

#include "rules/chaos/bearing.h"
#include "rules/chaos/table_play.h"
#include "rules/chaos/view.h"

namespace adjutant::rules::chaos {

static_assert(kInch == kTableInch, "the table's unit is the rules' hundredth of an inch");

namespace {

TablePoint table_point(Point p) {
  return {p.x, p.y};
}

std::vector<TablePoint> table_points(const Outline& o) {
  std::vector<TablePoint> out;
  for (auto p : o.points) out.push_back(table_point(p));
  return out;
}

// Small marks on an integer lattice inside an area (trees in a wood,
// houses in a town): the lattice points the rules' own inside test keeps,
// every other row shifted by half a step.
std::vector<TablePoint> lattice(const Outline& shape, Coord step) {
  Coord x0 = shape.points.front().x, x1 = x0, y0 = shape.points.front().y, y1 = y0;
  for (auto p : shape.points) {
    x0 = std::min(x0, p.x);
    x1 = std::max(x1, p.x);
    y0 = std::min(y0, p.y);
    y1 = std::max(y1, p.y);
  }
  std::vector<TablePoint> out;
  int row = 0;
  for (Coord y = y0 - y0 % step + step; y < y1; y += step, ++row)
    for (Coord x = x0 - x0 % step + step + (row % 2) * step / 2; x < x1; x += step)
      if (strictly_inside(shape, {x, y})) out.push_back({x, y});
  return out;
}

// The other side of a two-sided table: whose the enemy's pieces are.
std::string enemy_of(const Scenario& s, const std::string& side) {
  for (const auto& x : s.sides)
    if (x.id != side) return x.id;
  return "";
}

class Builder {
 public:
  Builder(const Scenario& scenario, TableSight& sight, const std::map<std::string, int>& preferred)
      : sc_(scenario), sight_(sight), preferred_(preferred) {}

  // A base of `stands` stands facing `facing` (-1: the view does not say;
  // drawn square to the table with no tick).
  TablePiece& body(std::string kind, std::string side, bool own, Point at, int facing, int stands,
                   Arm arm) {
    Body b{at, facing < 0 ? 0 : facing, std::max(stands, 1), sc_.bases.at(arm)};
    TablePiece p;
    p.kind = std::move(kind);
    p.side = std::move(side);
    p.slashed = arm == Arm::kCavalry;
    p.own = own;
    p.at = table_point(at);
    p.facing = facing;
    p.corners = table_points(outline(b));
    if (stands > 1)
      for (int k = 0; k < stands; ++k) p.stands.push_back(table_points(stand_outline(b, k)));
    if (facing >= 0) {
      // From the middle of the front edge, half an inch on the way it faces.
      Point front = front_centre(b);
      p.tick_from = table_point(front);
      p.tick_to = table_point(front + turn(0, kInch / 2, facing));
    }
    sight_.pieces.push_back(std::move(p));
    return sight_.pieces.back();
  }

  void own_pieces(const ChaosState& st) {
    for (const auto& [id, b] : st.brigades) {
      const Brigade* def = sc_.brigade(id);
      if (!def) continue;
      auto want = preferred_.find(id);
      int preferred = want != preferred_.end() ? want->second : 1;
      for (std::size_t m = 0; m < b.markers.size(); ++m) {
        auto& p = body("marker", b.side, true, b.markers[m], -1, 1, Arm::kMarker);
        p.brigade = id;
        p.label = def->name;
        if (b.markers.size() > 1) {
          p.number = int(m) + 1;
          p.preferred = p.number == preferred;
        }
      }
      if (b.commander) {
        auto& p = body("brigade-commander", b.side, true, *b.commander, -1, 1, Arm::kCommander);
        p.brigade = id;
        p.label = def->commander;
      }
    }
    for (const auto& [id, r] : st.regiments) {
      if (r.removed || !r.at) continue;
      const Regiment& def = regiment_spec(sc_, id);
      const auto& b = st.brigades.at(r.brigade);
      auto& p = body(def.arm == Arm::kArtillery ? "battery" : "regiment", b.side, true, *r.at,
                     r.facing, r.stands, def.arm);
      p.brigade = r.brigade;
      p.label = id;
    }
    for (const auto& [id, w] : st.wagons) {
      if (w.destroyed) continue;
      auto& p = body("wagon", w.side, true, w.at, w.facing, 1, Arm::kWagon);
      p.label = name_of(w.side, id, false);
    }
    for (const auto& [id, c] : st.commanders) {
      auto& p = body("commander", c.side, true, c.at, c.facing, 1, Arm::kCommander);
      p.label = name_of(c.side, id, true);
    }
    // Each deployed brigade's name, set under its pieces by the map.
    for (const auto& [id, b] : st.brigades) {
      const Brigade* def = sc_.brigade(id);
      if (def && b.commander) sight_.labels.push_back({b.side, def->name, id});
    }
  }

  void enemy_pieces(const ReadView& v) {
    std::string enemy = enemy_of(sc_, v.side);
    for (auto at : v.flags) body("marker", enemy, false, at, -1, 1, Arm::kMarker);
    for (auto at : v.brigade_commanders)
      body("brigade-commander", enemy, false, at, -1, 1, Arm::kCommander);
    for (const auto& r : v.regiments)
      body(r.arm == Arm::kArtillery ? "battery" : "regiment", enemy, false, r.at, r.facing,
           r.stands, r.arm);
    for (auto at : v.wagons) body("wagon", enemy, false, at, -1, 1, Arm::kWagon);
    for (auto at : v.commanders) body("commander", enemy, false, at, -1, 1, Arm::kCommander);
  }

 private:
  std::string name_of(const std::string& side, const std::string& id, bool commander) const {
    for (const auto& s : sc_.sides) {
      if (s.id != side) continue;
      for (const auto& f : commander ? s.commanders : s.wagons)
        if (f.id == id) return f.name;
    }
    return id;
  }

  const Scenario& sc_;
  TableSight& sight_;
  const std::map<std::string, int>& preferred_;
};

}  // namespace

TableBoard table_board_of(const Scenario& sc) {
  TableBoard board;
  board.title = sc.title;
  board.scenario_id = sc.id;
  board.width = sc.table.width;
  board.length = sc.table.length;
  for (const auto& s : sc.sides)
    board.sides.push_back(
        {s.id, s.name, s.colour, s.zone ? table_points(*s.zone) : std::vector<TablePoint>{}});
  for (const auto& f : sc.terrain.features) {
    TableBoard::Feature out{f.id, terrain_name(f.kind), table_points(f.shape), {}};
    // Trees every 2 inches in a wood, houses every 1.5 inches in a town.
    if (f.kind == TerrainKind::kWoods) out.dots = lattice(f.shape, 2 * kInch);
    if (f.kind == TerrainKind::kTown) out.dots = lattice(f.shape, 150);
    board.features.push_back(std::move(out));
  }
  board.road_width = sc.terrain.road_width;
  for (const auto& l : sc.terrain.landmarks)
    board.landmarks.push_back({l.id, l.name, table_point(l.at)});
  for (auto t : sc.turns) {
    std::string type = turn_type_name(t);
    for (auto& ch : type)
      if (ch == '_') ch = ' ';
    board.turns.push_back(type);
  }
  return board;
}

TableSight table_sight_of(const Scenario& sc, const model::State& seen, const std::string& side,
                          const std::map<std::string, int>& preferred) {
  const std::string viewer = side == "umpire" ? "" : side;
  ReadView view = read_view(seen, viewer);
  TableSight sight;
  sight.side = viewer;
  sight.turn = view.own.turn;
  Builder build(sc, sight, preferred);
  build.own_pieces(view.own);
  if (!viewer.empty()) build.enemy_pieces(view);
  return sight;
}

}  // namespace adjutant::rules::chaos
