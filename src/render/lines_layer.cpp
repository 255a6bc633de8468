// Lines of communication at the end of the game (Cemetery Hill 14.51, 14.52;
// `line_of_communication` events): each unit's traced line to its road as a
// thin dashed line in its side's colour, and every unit cut off ringed in red.
#include "render/event_fields.h"

#include "render/cairo_api.h"
#include "render/layers.h"
#include "render/marks.h"
#include "render/shapes.h"

namespace adjutant::render {

std::vector<CommunicationMark> communication_marks(const Scene& scene) {
  std::vector<CommunicationMark> out;
  const hex::Numbering num = scene.scenario.numbers();
  for (const auto& e : scene.events) {
    if (event_text(e, "type") != "line_of_communication") continue;
    CommunicationMark m;
    m.side = event_text(e, "side");
    if (e.contains("traced") && e["traced"].is_object()) {
      for (const auto& [unit, path] : e["traced"].items()) {
        if (!scene.visible_unit(unit) || !path.is_array() || path.size() < 2) continue;
        std::vector<Hex> line;
        for (const auto& step : path) {
          auto h = step.is_string() ? num.parse(step.get<std::string>()) : std::nullopt;
          if (h && scene.scenario.on_map(*h)) line.push_back(*h);
        }
        m.traced.push_back(std::move(line));
      }
    }
    if (e.contains("cut") && e["cut"].is_array()) {
      for (const auto& c : e["cut"]) {
        auto h = event_hex(scene, c, "hex");
        if (h && scene.visible_unit(event_text(c, "unit"))) m.cut.push_back(*h);
      }
    }
    out.push_back(std::move(m));
  }
  return out;
}

void draw_lines_of_communication(Canvas& canvas, const Scene& scene) {
  cairo_t* cr = canvas.cr();
  for (const auto& m : communication_marks(scene)) {
    const auto* sd = scene.scenario.side(m.side);
    Rgb colour = arrow_colour(parse_colour(sd ? sd->colour : "", {0.3, 0.3, 0.3}));
    canvas.begin("class=\"communication\" data-side=\"" + escape_markup(m.side) + "\"");
    cairo_api().save(cr);
    cairo_api().set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
    for (const auto& line : m.traced) {
      for (std::size_t i = 0; i < line.size(); ++i)
        i == 0 ? canvas.move(scene.centre(line[i])) : canvas.line(scene.centre(line[i]));
      canvas.colour(colour, 0.75);
      canvas.line_width(0.05 * scene.size);
      canvas.dash({0.12 * scene.size, 0.08 * scene.size});
      canvas.stroke();
    }
    canvas.no_dash();
    for (Hex h : m.cut) {
      trace_hex(canvas, scene.centre(h), 0.9 * scene.size, scene.frame.hex_angle());
      canvas.colour(kCombat);
      canvas.line_width(0.08 * scene.size);
      canvas.dash({0.15 * scene.size, 0.09 * scene.size});
      canvas.stroke();
      canvas.no_dash();
      Point p = scene.centre(h);
      canvas.text_halo("cut off", {p.x, p.y + 0.75 * scene.size}, kPlaceNameSize, Weight::kBold,
                       Align::kCentre, kCombat, kLabelHalo, 2.4);
    }
    cairo_api().restore(cr);
    canvas.end();
  }
}

}  // namespace adjutant::render
