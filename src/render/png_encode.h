// The PNG writer: 8-bit RGB, rows unfiltered, one zlib stream, no time or
// text chunks. The same pixels give the same bytes with the same zlib, so,
// like cairo's drawing, they are reproducible for one Debian release
// (docs/map.md).
#pragma once

#include <cairo.h>

#include <string>

namespace adjutant::render {

// Encodes a CAIRO_FORMAT_RGB24 or ARGB32 image surface (alpha is dropped).
std::string encode_png(cairo_surface_t* image);

}  // namespace adjutant::render
