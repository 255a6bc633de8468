// The banner across the top: scenario title, whose map this is, the turn and
// whose player-turn comes next, the victory points, and the game's result
// once it has ended.
#include <algorithm>

#include "render/event_fields.h"
#include "render/layers.h"

namespace adjutant::render {

namespace {

std::string side_name(const Scene& scene, const std::string& id) {
  const auto* side = scene.scenario.side(id);
  return side ? side->name : id;
}

// The side that moved in the events shown: the owner of the first unit that
// moved or attacked.
std::string last_mover(const Scene& scene) {
  for (const auto& e : scene.events) {
    std::string type = event_text(e, "type"), unit;
    if (type == "move" || type == "enter") {
      unit = event_text(e, "unit");
    } else if (type == "combat") {
      auto attackers = e.find("attackers");
      if (attackers != e.end() && attackers->is_array() && !attackers->empty())
        unit = event_text((*attackers)[0], "unit");
    }
    if (const auto* def = scene.unit(unit)) return def->side;
  }
  return "";
}

// The banner's band, with the scenario's title and whose view it is: what
// every picture of one game and view shares.
void draw_banner_heading(Canvas& canvas, const Scene& scene) {
  const auto& sc = scene.scenario;
  canvas.colour(kBannerBack);
  canvas.rectangle(0, 0, scene.width, kBannerHeight);
  canvas.fill();

  std::string view =
      scene.viewer.empty() ? "Umpire view" : side_name(scene, scene.viewer) + " view";
  double right = scene.width - kMargin;
  double view_width = canvas.text_width(view, kBannerTextSize, Weight::kBold);
  canvas.colour(kBannerDim);
  canvas.text(view, {right, 21}, kBannerTextSize, Weight::kBold, Align::kRight);

  double title_room = right - kMargin - view_width - 12;
  double title_size = canvas.fit(sc.title, kTitleSize, Weight::kBold, title_room);
  canvas.colour(kBannerInk);
  canvas.text(sc.title, {kMargin, 21}, title_size, Weight::kBold, Align::kLeft);
}

}  // namespace

std::string banner_line(const Scene& scene) {
  const auto& sc = scene.scenario;
  const auto& st = scene.state;
  std::string line = "Turn " + std::to_string(st.turn);
  if (sc.turns.count > 0) line += " of " + std::to_string(sc.turns.count);
  if (sc.turns.night.count(st.turn)) line += " (night)";
  if (!st.result.empty())
    line += "  \u00b7  game over: " + st.result;
  else if (!st.phase.empty())
    line += "  \u00b7  " + side_name(scene, st.phase) + " player-turn next";
  if (!st.vp.empty()) {
    line += "  \u00b7  VP";
    bool first = true;
    for (const auto& side : sc.sides) {
      auto it = st.vp.find(side.id);
      if (it == st.vp.end()) continue;
      line += (first ? " " : ", ") + side.name + " " + std::to_string(it->second);
      first = false;
    }
  }
  std::string mover = last_mover(scene);
  if (!mover.empty()) line += "  \u00b7  shown: " + side_name(scene, mover) + "'s last phase";
  return line;
}

void draw_banner(Canvas& canvas, const Scene& scene) {
  canvas.begin("class=\"banner\"");
  draw_banner_heading(canvas, scene);
  std::string line = banner_line(scene);
  double size = canvas.fit(line, kBannerTextSize, Weight::kRegular, scene.width - 2 * kMargin);
  canvas.colour(kBannerInk);
  canvas.text(line, {kMargin, 40}, size, Weight::kRegular, Align::kLeft);
  canvas.end();
}

void draw_banner_frame(Canvas& canvas, const Scene& scene) {
  canvas.begin("class=\"banner\"");
  draw_banner_heading(canvas, scene);
  canvas.end();
}

}  // namespace adjutant::render
