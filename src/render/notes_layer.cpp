// The notes under the map, two lines a side: its victory points with where
// they come from (rules/map_marks.h vp_sources) and the units that have left the
// map; and its reinforcements due by the next turn with their entry hexes;
// a third line for the army in Hooker and Lee (rules/map_marks.h).
// The panel's height depends on the scenario only, so every picture of a
// game has the same size.
#include <map>

#include "render/layers.h"
#include "render/marks.h"
#include "rules/hexmap/arrivals.h"
#include "rules/map_marks.h"

namespace adjutant::render {

namespace {

constexpr double kLineHeight = 14;
constexpr double kNotesSize = 9.5;
constexpr double kSmallest = 7;
constexpr Rgb kNotesDim{0.25, 0.25, 0.25};

bool has_notes(const rules::hexmap::Scenario& sc) {
  bool arrivals = false;
  for (const auto& u : sc.units) arrivals = arrivals || u.arrival.has_value();
  return arrivals || !sc.exits.empty() || !sc.victory.per_enemy_sp.empty() ||
         !sc.victory.hexes.empty() || !sc.victory.lines.empty();
}

std::string source_name(const std::string& source) {
  static const std::map<std::string, std::string> names = {
      {"eliminated", "enemy SP eliminated"},
      {"objective", "objective hexes"},
      {"line_of_communication", "enemy cut off"},
      {"exited", "units that left the map"},
      {"exit_race", "exit race"}};
  auto it = names.find(source);
  return it == names.end() ? source : it->second;
}

std::string values(const rules::hexmap::UnitDef& d) {
  return std::to_string(d.strength) + "-" + std::to_string(d.movement);
}

std::string vp_line(const Scene& scene, const rules::hexmap::SideDef& side) {
  auto it = scene.state.vp.find(side.id);
  std::string out =
      side.name + ": " + std::to_string(it == scene.state.vp.end() ? 0 : it->second) + " VP";
  if (auto sources = scene.marks.vp_sources.find(side.id);
      sources != scene.marks.vp_sources.end()) {
    std::string parts;
    for (const auto& [source, vp] : sources->second)
      parts += (parts.empty() ? "" : ", ") + source_name(source) + " " + std::to_string(vp);
    if (!parts.empty()) out += " (" + parts + ")";
  }
  std::string gone;
  for (const auto& d : scene.scenario.units) {
    auto u = scene.state.units.find(d.id);
    if (d.side == side.id && u != scene.state.units.end() &&
        u->second.status == model::UnitStatus::kExited)
      gone += (gone.empty() ? "" : ", ") + d.id + " " + values(d);
  }
  if (!gone.empty()) out += "  \u00b7  left the map: " + gone;
  return out;
}

std::string due_line(const Scene& scene, const rules::hexmap::SideDef& side, int turn) {
  std::string out = side.name + " reinforcements";
  if (turn == 0) return out + ": none (the game is over)";
  out += " due by turn " + std::to_string(turn) + ": ";
  std::string groups;
  for (const auto& g : rules::hexmap::reinforcements_due(scene.scenario, scene.state, turn)) {
    if (g.side != side.id) continue;
    std::string units, hexes;
    for (const auto* u : g.units) units += (units.empty() ? "" : ", ") + u->id + " " + values(*u);
    for (Hex h : g.hexes) hexes += (hexes.empty() ? "" : "/") + scene.scenario.numbers().format(h);
    groups += (groups.empty() ? "" : "; ") + units + " at " + hexes + " (turn " +
              std::to_string(g.turn) + ")";
  }
  return out + (groups.empty() ? "none" : groups);
}

// Sets `text` at `at`, shrunk to fit `width`, and cut short with an ellipsis
// when even the smallest size does not.
void fitted(Canvas& canvas, std::string text, Point at, double width) {
  double size = canvas.fit(text, kNotesSize, Weight::kRegular, width);
  if (size < kSmallest) {
    size = kSmallest;
    while (text.size() > 4 && canvas.text_width(text + "\u2026", size, Weight::kRegular) > width) {
      text.pop_back();
      while (!text.empty() && (text.back() & 0xC0) == 0x80) text.pop_back();  // whole UTF-8
      if (!text.empty() && (text.back() & 0x80)) text.pop_back();
    }
    text += "\u2026";
  }
  canvas.text(text, at, size, Weight::kRegular, Align::kLeft);
}

void draw_rule(Canvas& canvas, const Scene& scene) {
  canvas.colour({0.55, 0.53, 0.48});
  canvas.rectangle(kMargin, scene.notes_top - 4, scene.width - 2 * kMargin, 0.8);
  canvas.fill();
}

}  // namespace

double notes_height(const rules::hexmap::Scenario& scenario) {
  if (!has_notes(scenario)) return 0;
  double lines = rules::has_army_notes(scenario) ? 3 : 2;
  return lines * kLineHeight * double(scenario.sides.size()) + 8;
}

std::vector<NoteLine> note_lines(const Scene& scene) {
  std::vector<NoteLine> out;
  if (notes_height(scene.scenario) == 0) return out;
  const int turn = arrivals_turn(scene);
  for (const auto& side : scene.scenario.sides) {
    out.push_back({vp_line(scene, side), false});
    out.push_back({due_line(scene, side, turn), true});
    if (rules::has_army_notes(scene.scenario)) {
      auto it = scene.marks.army.find(side.id);
      const std::string army = it == scene.marks.army.end() ? "" : it->second;
      out.push_back({side.name + " army: " + (army.empty() ? "-" : army), true});
    }
  }
  return out;
}

void draw_notes_frame(Canvas& canvas, const Scene& scene) {
  if (notes_height(scene.scenario) == 0) return;
  canvas.begin("class=\"notes\"");
  draw_rule(canvas, scene);
  canvas.end();
}

void draw_notes(Canvas& canvas, const Scene& scene) {
  if (notes_height(scene.scenario) == 0) return;
  canvas.begin("class=\"notes\"");
  double y = scene.notes_top + kLineHeight - 3;
  double width = scene.width - 2 * kMargin;
  draw_rule(canvas, scene);
  for (const auto& line : note_lines(scene)) {
    canvas.colour(line.dim ? kNotesDim : kBlack);
    fitted(canvas, line.text, {kMargin, y}, width);
    y += kLineHeight;
  }
  canvas.end();
}

}  // namespace adjutant::render
