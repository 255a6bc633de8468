// Everything the layers draw from, worked out once per picture: where the map,
// banner and legend sit, where each hex is, and which units stand where.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "hex/hex.h"
#include "ledger/jcs.h"
#include "model/state.h"
#include "rules/hexmap/scenario.h"
#include "rules/map_marks.h"

namespace adjutant::render {

using hex::Hex;
using hex::Point;
using ledger::Json;

// How the map lies in the picture. The page is the map as its hex numbers
// run (column 01 at the left, row 01 at the top); a scenario printed with
// true north toward another page edge (map.north) is turned a quarter turn
// at a time so that north is up. Labels and counters stay upright.
struct MapFrame {
  Point origin{};     // the picture's top-left corner of the map
  double page_w = 0;  // the map's size on the page, before turning
  double page_h = 0;
  int turns = 0;  // quarter turns clockwise: 1 when north is the page's west edge

  // A point of the page (hex::centre, hex::corner) in the picture.
  Point place(Point page) const;
  // A direction on the page, turned.
  Point turn(Point v) const;
  // The angle the hexes' corners turn by: 0 or 30 degrees (a hex looks the
  // same every 60).
  double hex_angle() const { return turns % 2 ? 30 : 0; }
};

// The quarter turns that bring a scenario's north to the top.
int turns_for(const rules::hexmap::Scenario& scenario);

struct PlacedUnit {
  const rules::hexmap::UnitDef* def = nullptr;
  const model::UnitState* state = nullptr;
};

struct Scene {
  const rules::hexmap::Scenario& scenario;
  const model::State& state;
  Json events;         // always an array (empty if none was given)
  std::string viewer;  // the side whose map this is; "" for the umpire
  double size = 0;     // hex circumradius
  int width = 0;       // the whole picture
  int height = 0;
  Point map_origin{};    // the picture's top-left corner of the map
  double map_width = 0;  // the map's size in the picture (turned)
  double map_height = 0;
  MapFrame frame{};
  double notes_top = 0;  // the panel under the map (notes_layer.cpp)
  double legend_top = 0;
  // Units on the map, per hex, in order-of-battle order (first drawn first).
  std::map<Hex, std::vector<PlacedUnit>> stacks{};
  // What the ruleset marks on the map beyond the counters (works, morale,
  // the army lines), from its package (rules/map_marks.h).
  rules::MapMarks marks{};

  Point centre(Hex h) const;
  Point corner(Hex h, int k) const;
  // Where the i-th counter of a stack of n is centred.
  Point counter_centre(Hex h, int i, int n) const;
  // Half the width and height of the box the counters of `h` cover ({0,0} if none).
  Point stack_half_extent(Hex h) const;
  bool visible_unit(const std::string& id) const;
  // The unit vector from hex h out across the map edge it lies on: the first
  // of `prefer` it lies on, else its first edge in the order east, south,
  // west, north; for a hex inside the map, the nearest edge.
  Point outward(Hex h, const rules::hexmap::Edges& prefer = {}) const;
  // Where the line from h's centre along `dir` meets the map's outline.
  Point edge_point(Hex h, Point dir) const;
  const rules::hexmap::UnitDef* unit(const std::string& id) const { return scenario.unit(id); }
};

// The scene for one picture; events that are not an array count as none.
Scene make_scene(const rules::hexmap::Scenario& scenario, const model::State& state,
                 const Json& events, const std::string& viewer);

}  // namespace adjutant::render
