// A miniatures table's layers (table_layers.cpp): the whole picture,
// or only what every picture of one game and view shares, for a page that
// draws the pieces itself (render/map_overlay.h).
#pragma once

#include <string>

#include "render/canvas.h"
#include "render/table_scene.h"

namespace adjutant::render {

// The cloth, terrain, landmarks, pieces, the table's edge, the scale bar,
// the legend and the banner.
void draw_table(Canvas& canvas, const TableScene& scene);
// The same without the pieces, the brigades' names and the banner's line.
void draw_table_base(Canvas& canvas, const TableScene& scene);
// A side's colour on the table: the scenario's, else a default.
Rgb table_side_colour(const rules::TableBoard& board, const std::string& side);
// The banner's line: whose map, the turn of the scenario's turns with its
// type, and the table's size.
std::string table_banner_line(const TableScene& scene);

}  // namespace adjutant::render
