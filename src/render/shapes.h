// Shapes more than one layer draws: hex outlines and arrows (the legend
// shows the same arrows as the map).
#pragma once

#include <string>
#include <vector>

#include "render/canvas.h"

namespace adjutant::render {

// Adds the outline of a hex centred at c with circumradius r to the path.
// A hex of circumradius r around c, its corners turned by `angle` degrees
// (0: flat top; 30: pointed top, for a map drawn turned).
void trace_hex(Canvas& canvas, Point c, double r, double angle = 0);

// Adds a five-pointed star (a victory hex) of outer radius r to the path.
void trace_star(Canvas& canvas, Point c, double r);

enum class ArrowStyle { kMove, kRetreat, kAdvance, kEvade, kAttack };

// A polyline through `points` ending in an arrowhead, in `colour` on a pale
// casing so it reads on any terrain. `width` is the shaft's width.
void draw_arrow(Canvas& canvas, const std::vector<Point>& points, Rgb colour, double width,
                ArrowStyle style);

// A combat's label centred on `at`: its number, the odds, the die in a small
// white square and the result in red; empty parts are left out.
// The width and height of that label.
Point combat_label_size(Canvas& canvas, const std::string& n, const std::string& odds,
                        const std::string& die, const std::string& result);
void draw_combat_label(Canvas& canvas, const std::string& n, const std::string& odds,
                       const std::string& die, const std::string& result, Point at);

}  // namespace adjutant::render
