// The legend under the map: the terrain, hexside features and routes this
// map uses, the counter symbols and markers, and the marks of the last phase.
// Entries flow down columns of equal length.
#include <cmath>
#include <set>

#include "render/counter.h"

#include "render/cairo_api.h"
#include "render/layers.h"
#include "render/shapes.h"
#include "rules/package.h"

namespace adjutant::render {

namespace {

constexpr double kColumnWidth = 190;
constexpr double kRowHeight = 17;
constexpr double kSwatch = 30;

enum class Kind {
  kHeading,
  kTerrain,
  kHexside,
  kRoute,
  kType,
  kIneffective,
  kDemoralized,
  kArrow,
  kAttack,
  kCombat,
  kGhost,
  kVictory,
  kArrival,
  kExit,
  kLine,
  kCut,
  kFort,
  kBridge
};

struct Entry {
  Kind kind;
  std::string key;
  std::string label;
  ArrowStyle arrow = ArrowStyle::kMove;
};

std::vector<Entry> entries(const rules::hexmap::Scenario& sc) {
  std::vector<Entry> out;
  std::set<std::string> terrain{sc.default_terrain};
  for (const auto& [h, id] : sc.terrain) terrain.insert(id);
  out.push_back({Kind::kHeading, "", "Terrain"});
  for (const auto& [id, type] : sc.terrain_types)
    if (terrain.count(id)) out.push_back({Kind::kTerrain, id, type.name});
  if (!sc.victory.hexes.empty()) out.push_back({Kind::kVictory, "", "Victory hex and its VP"});
  std::set<std::string> sides;
  for (const auto& [s, id] : sc.hexsides) sides.insert(id);
  if (!sides.empty()) out.push_back({Kind::kHeading, "", "Hexsides"});
  for (const auto& [id, type] : sc.hexside_types)
    if (sides.count(id)) out.push_back({Kind::kHexside, id, type.name});
  std::set<std::string> kinds;
  for (const auto& r : sc.routes) kinds.insert(r.kind);
  if (!kinds.empty()) out.push_back({Kind::kHeading, "", "Roads"});
  for (const auto& k : kinds)
    out.push_back({Kind::kRoute, k,
                   k == "road"                  ? "Road"
                   : k == "trail"               ? "Trail"
                   : k == "railroad"            ? "Railroad"
                   : k == "unfinished_railroad" ? "Unfinished railroad"
                                                : k});
  out.push_back({Kind::kHeading, "", "Counters (strength-movement)"});
  std::set<std::string> types;
  for (const auto& u : sc.units) types.insert(u.type);
  for (const char* t : {"infantry", "cavalry", "artillery"})
    if (types.count(t)) out.push_back({Kind::kType, t, std::string(1, char(t[0] - 32)) + (t + 1)});
  const std::pair<const char*, const char*> more[] = {{"horse_artillery", "Horse artillery"},
                                                      {"hq", "Headquarters"},
                                                      {"boat", "Assault boat"},
                                                      {"bridge", "Pontoon bridge detachment"}};
  for (const auto& [t, label] : more)
    if (types.count(t)) out.push_back({Kind::kType, t, label});
  if (const rules::Package* p = rules::package_of(sc.ruleset); p && p->draws_works) {
    out.push_back({Kind::kFort, "", "Fortification"});
    out.push_back({Kind::kBridge, "", "Pontoon bridge built"});
  }
  // Only the marks the scenario's counters may carry (rules/map_marks.h).
  const rules::CounterMarks marks = rules::counter_marks(sc);
  if (marks.ineffective) out.push_back({Kind::kIneffective, "", "Ineffective"});
  if (marks.demoralized) out.push_back({Kind::kDemoralized, "", "Demoralized"});
  out.push_back({Kind::kHeading, "", "Last phase"});
  out.push_back({Kind::kArrow, "", "Move", ArrowStyle::kMove});
  out.push_back({Kind::kArrow, "", "Retreat", ArrowStyle::kRetreat});
  out.push_back({Kind::kArrow, "", "Advance after combat", ArrowStyle::kAdvance});
  if (types.count("cavalry"))
    out.push_back({Kind::kArrow, "", "Cavalry evasion", ArrowStyle::kEvade});
  out.push_back({Kind::kAttack, "", "Attack; defender ringed"});
  out.push_back({Kind::kCombat, "", "Odds, die, result"});
  out.push_back({Kind::kGhost, "", "Eliminated"});
  bool arrivals = false;
  for (const auto& u : sc.units) arrivals = arrivals || u.arrival.has_value();
  if (arrivals || !sc.exits.empty()) out.push_back({Kind::kHeading, "", "Map edge"});
  if (arrivals) out.push_back({Kind::kArrival, "", "Reinforcements due on turn 4"});
  if (!sc.exits.empty()) out.push_back({Kind::kExit, "", "Left the map"});
  if (!sc.victory.lines.empty()) {
    out.push_back({Kind::kHeading, "", "At the end"});
    out.push_back({Kind::kLine, "", "Line of communication"});
    out.push_back({Kind::kCut, "", "Cut off from its roads"});
  }
  return out;
}

// Where each entry goes: (column, row). Entries flow down columns of equal
// length; a heading never ends a column, it moves on to the next one.
struct Layout {
  std::vector<std::pair<int, int>> slots;
  int columns = 1;
  int rows = 0;
};

Layout layout(const std::vector<Entry>& list, double width) {
  Layout l;
  l.columns = std::max(1, int((width - 2 * kMargin) / kColumnWidth));
  for (l.rows = int((list.size() + std::size_t(l.columns) - 1) / std::size_t(l.columns));;
       ++l.rows) {
    l.slots.clear();
    int col = 0, row = 0;
    for (const auto& e : list) {
      if (row == l.rows || (e.kind == Kind::kHeading && row == l.rows - 1 && row > 0))
        col++, row = 0;
      l.slots.push_back({col, row++});
    }
    if (col < l.columns) return l;
  }
}

void draw_swatch(Canvas& canvas, const Scene& scene, const Entry& e, Point c) {
  const auto& sc = scene.scenario;
  cairo_t* cr = canvas.cr();
  Point a{c.x - 11, c.y}, b{c.x + 11, c.y};
  cairo_api().set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
  switch (e.kind) {
    case Kind::kTerrain:
      trace_hex(canvas, c, 7.5);
      canvas.fill_stroke(parse_colour(sc.terrain_types.at(e.key).colour, kPaper), kGrid, 0.7);
      break;
    case Kind::kHexside: {
      Rgb colour = parse_colour(sc.hexside_types.at(e.key).colour, kWater);
      bool crossing = e.key == "ford" || e.key == "bridge";
      double w = e.key == "river" ? 6 : e.key == "creek" ? 3.8 : crossing ? 3.8 : 2.7;
      canvas.move(a);
      canvas.line(b);
      canvas.colour(mix(crossing ? kWater : colour, kBlack, 0.35));
      canvas.line_width(w + 1.4);
      cairo_api().stroke_preserve(cr);
      canvas.colour(crossing && e.key == "bridge" ? kWater : colour);
      canvas.line_width(w + (e.key == "ford" ? 1.6 : 0));
      if (e.key != "ford") {
        canvas.stroke();
      } else {
        cairo_api().stroke_preserve(cr);
        canvas.colour(mix(colour, kBlack, 0.6));
        canvas.line_width(2.6);
        canvas.dash({0.01, 4.2});
        canvas.stroke();
        canvas.no_dash();
      }
      if (e.key == "bridge") {
        canvas.rectangle(c.x - 3.5, c.y - 7, 7, 14);
        canvas.fill_stroke(colour, mix(colour, kBlack, 0.55), 1);
      }
      break;
    }
    case Kind::kRoute:
      canvas.move(a);
      canvas.line(b);
      if (e.key == "railroad" || e.key == "unfinished_railroad") {
        canvas.colour(kRailroad, e.key == "railroad" ? 1 : 0.55);
        canvas.line_width(e.key == "railroad" ? 2.6 : 1.9);
        if (e.key != "railroad") canvas.dash({5, 3.2});
        if (e.key == "railroad") {
          cairo_api().stroke_preserve(canvas.cr());
          canvas.colour(kWhite);
          canvas.line_width(1.2);
          canvas.dash({2.4, 3.6});
        }
      } else {
        canvas.colour(e.key == "road" ? kRoad : kTrail);
        canvas.line_width(e.key == "road" ? 3.2 : 1.9);
        if (e.key != "road") canvas.dash({5, 3.2});
      }
      canvas.stroke();
      canvas.no_dash();
      break;
    case Kind::kFort:
      draw_fort_mark(canvas, c, 7);
      break;
    case Kind::kBridge:
      canvas.move(a);
      canvas.line(b);
      canvas.colour(kBridgeDeck);
      canvas.line_width(4);
      canvas.stroke();
      break;
    case Kind::kType:
      canvas.rectangle(c.x - 9, c.y - 6, 18, 12);
      canvas.colour(kWhite);
      canvas.fill();
      draw_type_box(canvas, e.key, c.x - 9, c.y - 6, 18, 12, kBlack);
      break;
    case Kind::kIneffective:
      canvas.rounded_rectangle(c.x - 12, c.y - 6, 24, 12, 1.5);
      canvas.colour(kIneffective);
      canvas.fill();
      canvas.colour(kWhite);
      canvas.text("12-6", {c.x, c.y + 3.5}, 9, Weight::kBold, Align::kCentre);
      break;
    case Kind::kDemoralized:
      canvas.rectangle(c.x - 11, c.y - 7, 22, 14);
      canvas.fill_stroke({0.7, 0.7, 0.7}, kCounterEdge, 0.8);
      canvas.move({c.x + 2, c.y - 7});
      canvas.line({c.x + 11, c.y - 7});
      canvas.line({c.x + 11, c.y + 2});
      cairo_api().close_path(cr);
      canvas.fill_stroke(kDemoralized, kCounterEdge, 0.8);
      break;
    case Kind::kArrow:
      draw_arrow(canvas, {{c.x - 13, c.y}, {c.x + 13, c.y}}, {0.25, 0.3, 0.45}, 2.9, e.arrow);
      break;
    case Kind::kAttack:
      draw_arrow(canvas, {{c.x - 13, c.y}, {c.x + 6, c.y}}, kCombat, 2.7, ArrowStyle::kAttack);
      trace_hex(canvas, {c.x + 9, c.y}, 6);
      canvas.colour(kCombat);
      canvas.line_width(1.8);
      canvas.stroke();
      break;
    case Kind::kCombat:
      draw_combat_label(canvas, "", "2-1", "4", "Dr", c);
      break;
    case Kind::kGhost:
      canvas.rectangle(c.x - 11, c.y - 7, 22, 14);
      canvas.colour({0.85, 0.85, 0.85});
      canvas.fill();
      canvas.move({c.x - 10, c.y - 6});
      canvas.line({c.x + 10, c.y + 6});
      canvas.move({c.x + 10, c.y - 6});
      canvas.line({c.x - 10, c.y + 6});
      canvas.colour(kEliminatedCross);
      canvas.line_width(2);
      canvas.stroke();
      break;
    case Kind::kVictory:
      trace_star(canvas, c, 6.5);
      canvas.fill_stroke(kVictory, mix(kVictory, kBlack, 0.6), 0.8);
      break;
    case Kind::kArrival:
      canvas.move({c.x - 14, c.y});
      canvas.line({c.x + 14, c.y});
      canvas.colour(kGrid);
      canvas.line_width(0.8);
      canvas.stroke();
      canvas.rounded_rectangle(c.x - 9, c.y - 6.5, 18, 13, 3);
      canvas.fill_stroke({0.24, 0.35, 0.6}, kBlack, 1);
      canvas.colour(kWhite);
      canvas.text("T4", {c.x, c.y + 3}, kHexNumberSize + 0.5, Weight::kBold, Align::kCentre);
      break;
    case Kind::kExit:
      canvas.move({c.x + 4, c.y - 8});
      canvas.line({c.x + 4, c.y + 8});
      canvas.colour(kGrid);
      canvas.line_width(0.8);
      canvas.stroke();
      draw_arrow(canvas, {{c.x - 13, c.y}, {c.x + 13, c.y}}, {0.25, 0.3, 0.45}, 2.9,
                 ArrowStyle::kMove);
      break;
    case Kind::kLine:
      canvas.move(a);
      canvas.line(b);
      canvas.colour({0.25, 0.3, 0.45}, 0.75);
      canvas.line_width(1.6);
      canvas.dash({3.8, 2.6});
      canvas.stroke();
      canvas.no_dash();
      break;
    case Kind::kCut:
      trace_hex(canvas, c, 7.5);
      canvas.colour(kCombat);
      canvas.line_width(2);
      canvas.dash({3, 2});
      canvas.stroke();
      canvas.no_dash();
      break;
    case Kind::kHeading:
      break;
  }
}

}  // namespace

double legend_height(const rules::hexmap::Scenario& scenario, double width) {
  return layout(entries(scenario), width).rows * kRowHeight + 6;
}

void draw_legend(Canvas& canvas, const Scene& scene) {
  auto list = entries(scene.scenario);
  Layout g = layout(list, scene.width);
  double left = (scene.width - g.columns * kColumnWidth) / 2;
  canvas.begin("class=\"legend\"");
  cairo_api().save(canvas.cr());
  for (std::size_t i = 0; i < list.size(); ++i) {
    const auto& e = list[i];
    double x = left + g.slots[i].first * kColumnWidth;
    double y = scene.legend_top + 6 + g.slots[i].second * kRowHeight;
    if (e.kind == Kind::kHeading) {
      canvas.colour({0.25, 0.25, 0.25});
      canvas.text(e.label, {x, y + 12}, kLegendTitleSize, Weight::kBold, Align::kLeft);
      continue;
    }
    if (e.kind == Kind::kCombat) {
      draw_swatch(canvas, scene, e, {x + 26, y + kRowHeight / 2});
      canvas.colour(kBlack);
      canvas.text(e.label, {x + 56, y + 12}, kLegendTextSize, Weight::kRegular, Align::kLeft);
      continue;
    }
    draw_swatch(canvas, scene, e, {x + 4 + kSwatch / 2, y + kRowHeight / 2});
    canvas.colour(kBlack);
    canvas.text(e.label, {x + kSwatch + 10, y + 12}, kLegendTextSize, Weight::kRegular,
                Align::kLeft);
  }
  cairo_api().restore(canvas.cr());
  canvas.end();
}

}  // namespace adjutant::render
