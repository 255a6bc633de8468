// A small PNG encoder of our own (RGB, 8 bits, one dynamic-Huffman deflate
// stream): several times faster than cairo's (zlib level 6 with adaptive
// filtering), and its bytes depend on nothing but the pixels, not on which
// zlib the host has (zlib and zlib-ng compress differently).
#pragma once

#include <cairo.h>

#include <string>

namespace adjutant::render {

// Encodes a CAIRO_FORMAT_RGB24 or ARGB32 image surface (alpha is dropped).
std::string encode_png(cairo_surface_t* image);

}  // namespace adjutant::render
