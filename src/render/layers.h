// The layers of the map, drawn in this order: banner, terrain (with hex
// numbers), grid, water on hexsides, roads and trails with their names where
// they leave the map, crossings, place names, lines of communication at the
// end, the last phase's movement, counters, reinforcements due at their entry
// hexes, combats, the notes under the map (victory points by source,
// reinforcements due, units that left the map), legend.
#pragma once

#include "render/canvas.h"
#include "render/scene.h"

namespace adjutant::render {

void draw_banner(Canvas& canvas, const Scene& scene);
// The banner's band with the title and whose view it is, without the line
// that changes from position to position (banner_line).
void draw_banner_frame(Canvas& canvas, const Scene& scene);
// The banner's second line: the turn, whose player-turn is next or the
// result, the victory points and whose last phase the marks show.
std::string banner_line(const Scene& scene);
// The map itself as the scenario gives it (map.cpp): terrain, grid, water,
// routes, road ends, crossings, places, in that order.
void draw_ground(Canvas& canvas, const Scene& scene);
void draw_terrain(Canvas& canvas, const Scene& scene);
void draw_grid(Canvas& canvas, const Scene& scene);
void draw_water(Canvas& canvas, const Scene& scene);
void draw_routes(Canvas& canvas, const Scene& scene);
void draw_road_ends(Canvas& canvas, const Scene& scene);
void draw_crossings(Canvas& canvas, const Scene& scene);
void draw_places(Canvas& canvas, const Scene& scene);
// Works the state puts on the board (1961 Chancellorsville): fortification
// counters and built pontoon bridges.
void draw_works(Canvas& canvas, const Scene& scene);
// A fortification's white diamond, on the map and in the legend.
void draw_fort_mark(Canvas& canvas, Point c, double r);
// A north arrow when the map is drawn turned (the scenario's map.north).
void draw_compass(Canvas& canvas, const Scene& scene);
void draw_lines_of_communication(Canvas& canvas, const Scene& scene);
void draw_movement(Canvas& canvas, const Scene& scene);
void draw_eliminated(Canvas& canvas, const Scene& scene);
void draw_counters(Canvas& canvas, const Scene& scene);
void draw_arrivals(Canvas& canvas, const Scene& scene);
void draw_combats(Canvas& canvas, const Scene& scene);
void draw_notes(Canvas& canvas, const Scene& scene);
// The rule above the notes (nothing for a scenario without notes).
void draw_notes_frame(Canvas& canvas, const Scene& scene);
void draw_legend(Canvas& canvas, const Scene& scene);

// The notes panel's height (0 for a scenario with nothing to note).
double notes_height(const rules::hexmap::Scenario& scenario);
// The turn whose reinforcements the map shows as due: the next game-turn.
int arrivals_turn(const Scene& scene);

// The legend's height for a picture `width` pixels wide.
double legend_height(const rules::hexmap::Scenario& scenario, double width);

}  // namespace adjutant::render
