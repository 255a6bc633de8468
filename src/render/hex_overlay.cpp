// The hex map split for a page that draws it (map_overlay.h): its base,
// drawn by the layers of map.cpp that read the scenario only, and the data
// of each position's overlay, from the same marks the other layers draw.
#include <cmath>

#include "hex/numbering.h"
#include "render/cairo_api.h"
#include "render/counter.h"
#include "render/event_fields.h"
#include "render/layers.h"
#include "render/map_overlay.h"
#include "render/marks.h"
#include "render/overlay_json.h"
#include "render/surface.h"

namespace adjutant::render {

namespace {

// map.cpp's draw_map without what changes from one position to the next.
void draw_base(Canvas& canvas, const Scene& scene) {
  canvas.colour(kPaper);
  cairo_api().paint(canvas.cr());
  draw_banner_frame(canvas, scene);
  draw_ground(canvas, scene);
  draw_notes_frame(canvas, scene);
  draw_legend(canvas, scene);
}

Json hex_list(hex::Numbering numbers, const std::vector<Hex>& hexes) {
  Json out = Json::array();
  for (Hex h : hexes) out.push_back(numbers.format(h));
  return out;
}

// Bit 1: ineffective; bit 2: demoralized (the unit, or its army).
int look_flags(const CounterLook& look) {
  return (look.ineffective ? 1 : 0) | (look.demoralized ? 2 : 0);
}

std::size_t unit_index(const Scene& scene, const rules::hexmap::UnitDef* def) {
  return std::size_t(def - scene.scenario.units.data());
}

void put(Json& out, const char* key, Json value) {
  if (!value.empty()) out[key] = std::move(value);
}

}  // namespace

MapBase hex_map_base(const rules::hexmap::Scenario& scenario, const std::string& side) {
  model::State empty;
  Scene scene = make_scene(scenario, empty, Json::array(), side);
  MapBase base;
  base.svg = draw_svg_document(scene.width, scene.height, scenario.title,
                               [&](Canvas& canvas) { draw_base(canvas, scene); });
  Json hexes = Json::object();
  for (int col = 1; col <= scenario.columns; ++col)
    for (int row = 1; row <= scenario.last_row(col); ++row) {
      Hex h{col, row};
      if (!scenario.on_map(h)) continue;
      Point c = scene.centre(h);
      hexes[scenario.numbers().format(h)] = {px(c.x), px(c.y)};
    }
  Json sides = Json::object();
  for (const auto& s : scenario.sides) {
    Rgb fill = parse_colour(s.colour, {0.55, 0.55, 0.55});
    Rgb tag = parse_colour(s.colour, {0.4, 0.4, 0.4});
    sides[s.id] = {{"name", s.name},
                   {"fill", css(fill)},
                   {"ink", css(ink_on(fill))},
                   {"arrow", css(arrow_colour(parse_colour(s.colour, {0.3, 0.3, 0.3})))},
                   {"tag", css(tag)},
                   {"tagEdge", css(mix(tag, kBlack, 0.6))},
                   {"tagInk", css(ink_on(tag))}};
  }
  Json units = Json::array();
  for (const auto& u : scenario.units)
    units.push_back(
        {u.id, u.side, u.type, std::to_string(u.strength) + "-" + std::to_string(u.movement)});
  base.info = {
      {"kind", "hex"},
      {"width", scene.width},
      {"height", scene.height},
      {"size", scene.size},
      {"angle", scene.frame.hex_angle()},
      {"map",
       {px(scene.map_origin.x), px(scene.map_origin.y), px(scene.map_width), px(scene.map_height)}},
      {"notesTop", px(scene.notes_top)},
      {"legendTop", px(scene.legend_top)},
      {"hexes", hexes},
      {"sides", sides},
      {"units", units},
      {"style", style_json()},
      {"font", font_metrics()}};
  return base;
}

Json hex_map_step(const rules::hexmap::Scenario& scenario, const model::State& seen,
                  const Json& events, const std::string& side) {
  const hex::Numbering num = scenario.numbers();
  Scene scene = make_scene(scenario, seen, events, side);
  Json out = {{"line", banner_line(scene)}};

  Json forts = Json::array(), bridges = Json::array();
  for (const auto& f : scene.marks.fortifications)
    if (num.parse(f)) forts.push_back(f);
  for (const auto& [unit, from, to] : scene.marks.bridges) {
    auto a = num.parse(from);
    auto z = num.parse(to);
    if (a && z) bridges.push_back({unit, num.format(*a), num.format(*z)});
  }
  put(out, "forts", forts);
  put(out, "bridges", bridges);

  Json loc = Json::array();
  for (const auto& m : communication_marks(scene)) {
    Json traced = Json::array();
    for (const auto& line : m.traced) traced.push_back(hex_list(num, line));
    loc.push_back({m.side, traced, hex_list(num, m.cut)});
  }
  put(out, "loc", loc);

  Json arrows = Json::array();
  for (const auto& a : arrow_marks(scene)) {
    const auto* def = scene.unit(a.unit);
    arrows.push_back({a.type, a.unit, def ? def->side : "", point_list(a.points)});
  }
  put(out, "arrows", arrows);

  Json ghosts_out = Json::array();
  for (const auto& g : ghosts(scene))
    ghosts_out.push_back({unit_index(scene, g.def), num.format(g.hex), px(g.at.x), px(g.at.y),
                          look_flags(look_of(scene, *g.def, g.state))});
  put(out, "ghosts", ghosts_out);

  // Stack by stack in the order the layers draw them: hexes in order, each
  // hex's units in order-of-battle order.
  Json units = Json::array();
  for (const auto& [h, stack] : scene.stacks)
    for (const auto& u : stack)
      units.push_back(
          {unit_index(scene, u.def), num.format(h), look_flags(look_of(scene, *u.def, u.state))});
  put(out, "units", units);

  Json tags = Json::array();
  for (const auto& t : arrival_tags(scene))
    tags.push_back({num.format(t.hex), t.side, t.turn, t.units, px(t.at.x), px(t.at.y)});
  put(out, "tags", tags);

  Json combats = Json::array();
  for (const auto& c : combat_marks(scene)) {
    Json shafts = Json::array();
    for (Hex a : c.attackers) {
      Point pa = scene.centre(a), pd = scene.centre(attack_target(c, a));
      double dx = pd.x - pa.x, dy = pd.y - pa.y;
      shafts.push_back(
          point_list({{pa.x + dx * 0.3, pa.y + dy * 0.3}, {pa.x + dx * 0.66, pa.y + dy * 0.66}}));
    }
    combats.push_back({c.n, c.odds, c.die, c.result, hex_list(num, c.defenders), shafts,
                       std::round(label_away(scene, c) * 1e6) / 1e6});
  }
  put(out, "combats", combats);

  Json notes = Json::array();
  for (const auto& n : note_lines(scene)) notes.push_back({n.text, n.dim ? 1 : 0});
  put(out, "notes", notes);
  return out;
}

}  // namespace adjutant::render
