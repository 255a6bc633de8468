#include "render/counter.h"

#include "render/cairo_api.h"

#include "render/layers.h"

namespace adjutant::render {

CounterLook look_of(const Scene& scene, const rules::hexmap::UnitDef& def,
                    const model::UnitState* state) {
  CounterLook look;
  const auto* side = scene.scenario.side(def.side);
  look.fill = parse_colour(side ? side->colour : "", {0.55, 0.55, 0.55});
  look.type = def.type;
  look.designation = def.id;
  look.values = std::to_string(def.strength) + "-" + std::to_string(def.movement);
  // Ineffective (Blue & Gray 10.0), as the ruleset marks it (rules/map_marks.h).
  if (state) look.ineffective = scene.marks.ineffective_units.count(def.id) > 0;
  // Its army demoralized as a whole (rules/map_marks.h).
  look.demoralized = scene.marks.demoralized(def.side);
  return look;
}

void draw_type_box(Canvas& canvas, const std::string& type, double x, double y, double w, double h,
                   Rgb ink) {
  canvas.colour(ink);
  canvas.line_width(1);
  canvas.rectangle(x, y, w, h);
  if (type == "infantry") {
    canvas.move({x, y});
    canvas.line({x + w, y + h});
    canvas.move({x + w, y});
    canvas.line({x, y + h});
  } else if (type == "cavalry" || type == "horse_artillery") {
    canvas.move({x, y + h});
    canvas.line({x + w, y});
  } else if (type == "hq") {
    // A headquarters flag: a staff and a pennant.
    canvas.move({x + w * 0.3, y + h * 0.85});
    canvas.line({x + w * 0.3, y + h * 0.15});
    canvas.line({x + w * 0.75, y + h * 0.32});
    canvas.line({x + w * 0.3, y + h * 0.5});
  } else if (type == "boat") {
    // An assault boat: a hull seen from the side.
    canvas.move({x + w * 0.15, y + h * 0.4});
    canvas.line({x + w * 0.85, y + h * 0.4});
    canvas.line({x + w * 0.7, y + h * 0.75});
    canvas.line({x + w * 0.3, y + h * 0.75});
    canvas.line({x + w * 0.15, y + h * 0.4});
  } else if (type == "bridge") {
    // A pontoon bridge: a deck on floats.
    canvas.move({x + w * 0.1, y + h * 0.35});
    canvas.line({x + w * 0.9, y + h * 0.35});
    for (double f : {0.25, 0.5, 0.75}) canvas.circle({x + w * f, y + h * 0.65}, h * 0.14);
  }
  canvas.stroke();
  if (type == "artillery" || type == "horse_artillery") {
    canvas.circle({x + w / 2, y + h / 2}, std::min(w, h) * 0.24);
    canvas.fill();
  }
}

// Layout inside the counter: designation on top, then the type box at the
// left and strength-movement at the right, the figures a player reads first.
void draw_counter(Canvas& canvas, const CounterLook& look, Point c) {
  const double w = kCounterWidth, h = kCounterHeight;
  const double x = c.x - w / 2, y = c.y - h / 2;
  Rgb fill = look.ghost ? mix(look.fill, kWhite, 0.6) : look.fill;
  Rgb ink = ink_on(look.fill);
  if (look.ghost) ink = mix(ink, kWhite, 0.45);
  cairo_t* cr = canvas.cr();
  cairo_api().save(cr);
  if (!look.ghost) {
    canvas.colour(kBlack, 0.35);
    canvas.rectangle(x + 1.3, y + 1.5, w, h);
    canvas.fill();
  }
  canvas.rectangle(x, y, w, h);
  if (look.ghost) {
    canvas.colour(fill);
    cairo_api().fill_preserve(cr);
    canvas.colour(kCounterEdge, 0.6);
    canvas.line_width(0.9);
    canvas.dash({2.5, 1.5});
    canvas.stroke();
    canvas.no_dash();
  } else {
    canvas.fill_stroke(fill, kCounterEdge, 0.9);
  }

  double name_size = canvas.fit(look.designation, kDesignationSize, Weight::kRegular, w - 4);
  canvas.colour(ink);
  canvas.text(look.designation, {c.x, y + 8.2}, name_size, Weight::kRegular, Align::kCentre);
  draw_type_box(canvas, look.type, x + 3.5, y + 11.5, 14, 9, ink);

  const double values_left = x + 19.5, values_width = w - 21.5;
  double values_size = canvas.fit(look.values, kValuesSize, Weight::kBold, values_width - 2);
  Point values_at{values_left + values_width / 2, y + 20.2};
  if (look.ineffective) {
    double tw = canvas.text_width(look.values, values_size, Weight::kBold);
    canvas.colour(look.ghost ? mix(kIneffective, kWhite, 0.5) : kIneffective);
    canvas.rounded_rectangle(values_at.x - tw / 2 - 1.5, y + 11, tw + 3, 11, 1.5);
    canvas.fill();
    canvas.colour(kWhite);
  } else {
    canvas.colour(ink);
  }
  canvas.text(look.values, values_at, values_size, Weight::kBold, Align::kCentre);

  if (look.demoralized) {
    canvas.move({x + w - 10, y});
    canvas.line({x + w - 2.5, y});
    canvas.line({x + w, y + 2.5});
    canvas.line({x + w, y + 10});
    cairo_api().close_path(cr);
    canvas.fill_stroke(kDemoralized, kCounterEdge, 0.8);
  }
  if (look.ghost) {
    cairo_api().set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
    canvas.move({x + 2, y + 2});
    canvas.line({x + w - 2, y + h - 2});
    canvas.move({x + w - 2, y + 2});
    canvas.line({x + 2, y + h - 2});
    canvas.colour(kEliminatedCross, 0.9);
    canvas.line_width(2.2);
    canvas.stroke();
  }
  cairo_api().restore(cr);
}

void draw_counters(Canvas& canvas, const Scene& scene) {
  for (const auto& [h, stack] : scene.stacks) {
    int n = int(stack.size());
    for (int i = 0; i < n; ++i) {
      const auto& unit = stack[std::size_t(i)];
      canvas.begin("class=\"counter\" data-unit=\"" + escape_markup(unit.def->id) +
                   "\" data-side=\"" + escape_markup(unit.def->side) + "\" data-hex=\"" +
                   scene.scenario.numbers().format(h) + "\"");
      draw_counter(canvas, look_of(scene, *unit.def, unit.state), scene.counter_centre(h, i, n));
      canvas.end();
    }
  }
}

}  // namespace adjutant::render
