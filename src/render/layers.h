// The layers of the map, drawn in this order: banner, terrain (with hex
// numbers), grid, water on hexsides, roads and trails, crossings, place
// names, the last phase's movement, counters, combats, legend.
#pragma once

#include "render/canvas.h"
#include "render/scene.h"

namespace adjutant::render {

void draw_banner(Canvas& canvas, const Scene& scene);
void draw_terrain(Canvas& canvas, const Scene& scene);
void draw_grid(Canvas& canvas, const Scene& scene);
void draw_water(Canvas& canvas, const Scene& scene);
void draw_routes(Canvas& canvas, const Scene& scene);
void draw_crossings(Canvas& canvas, const Scene& scene);
void draw_places(Canvas& canvas, const Scene& scene);
void draw_movement(Canvas& canvas, const Scene& scene);
void draw_eliminated(Canvas& canvas, const Scene& scene);
void draw_counters(Canvas& canvas, const Scene& scene);
void draw_combats(Canvas& canvas, const Scene& scene);
void draw_legend(Canvas& canvas, const Scene& scene);

// The legend's height for a picture `width` pixels wide.
double legend_height(const model::Scenario& scenario, double width);

}  // namespace adjutant::render
