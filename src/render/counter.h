// Unit counters in the familiar NATO style: the side's colour, a type box
// (infantry X, cavalry diagonal, artillery dot), strength-movement ("12-6")
// and the designation. Ineffective units show their values on red, and
// demoralized units a yellow corner; eliminated units are drawn faded and crossed out.
#pragma once

#include <string>

#include "render/canvas.h"
#include "render/scene.h"

namespace adjutant::render {

struct CounterLook {
  Rgb fill;
  std::string type;         // infantry, cavalry, artillery (others: an empty box)
  std::string designation;  // "1/Heth"
  std::string values;       // "12-6"
  bool ineffective = false;
  bool demoralized = false;
  bool ghost = false;  // eliminated this phase
};

CounterLook look_of(const Scene& scene, const rules::hexmap::UnitDef& def,
                    const model::UnitState* state);

// Draws one counter of kCounterWidth x kCounterHeight centred on `c`.
void draw_counter(Canvas& canvas, const CounterLook& look, Point c);

// The NATO type box with its top-left corner at (x, y).
void draw_type_box(Canvas& canvas, const std::string& type, double x, double y, double w, double h,
                   Rgb ink);

}  // namespace adjutant::render
