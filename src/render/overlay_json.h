// What the hex map's and the table's overlay data share (map_overlay.h):
// numbers rounded for the page, colours as CSS, the style and the font
// metrics the page's script lays text out with.
#pragma once

#include <string>
#include <vector>

#include "hex/hex.h"
#include "ledger/jcs.h"
#include "render/map_style.h"

namespace adjutant::render {

using ledger::Json;

// A picture coordinate to a hundredth of a pixel, which the eye cannot tell.
Json px(double v);
// Points as one flat list [x0, y0, x1, y1, ...], each rounded as px.
Json point_list(const std::vector<hex::Point>& points);
// "rgb(r,g,b)", each channel 0-255.
std::string css(Rgb c);
// The named colours and sizes of map_style.h, under the names the page's
// script reads.
Json style_json();
// The advance of each character at a size of 1 px, in millionths, in
// DejaVu Sans and DejaVu Sans Bold as the renderer sets them (unhinted, no
// kerning): {"chars": "...", "regular": [...], "bold": [...]}. The page
// measures text with these, so it fits and places text where cairo would.
Json font_metrics();

}  // namespace adjutant::render
