// cairo and FreeType, loaded when a command first draws a map rather than
// when the program starts: cairo and the two dozen libraries it needs cost
// every command most of its start-up time (docs/performance.md), and most
// commands never draw. Only the types and constants of <cairo.h> are used at
// compile time; every call goes through cairo_api().
#pragma once

#include <cairo-ft.h>
#include <cairo-svg.h>
#include <cairo.h>
#include <ft2build.h>
#include FT_FREETYPE_H

namespace adjutant::render {

// X(name): the function cairo_<name>, called as cairo_api().name(...).
#define ADJUTANT_CAIRO_FUNCTIONS(X)  \
  X(create)                          \
  X(destroy)                         \
  X(status)                          \
  X(status_to_string)                \
  X(save)                            \
  X(restore)                         \
  X(paint)                           \
  X(translate)                       \
  X(rotate)                          \
  X(set_source_rgb)                  \
  X(set_source_rgba)                 \
  X(set_line_width)                  \
  X(set_line_cap)                    \
  X(set_line_join)                   \
  X(set_dash)                        \
  X(new_path)                        \
  X(new_sub_path)                    \
  X(move_to)                         \
  X(line_to)                         \
  X(arc)                             \
  X(rectangle)                       \
  X(close_path)                      \
  X(fill)                            \
  X(fill_preserve)                   \
  X(stroke)                          \
  X(stroke_preserve)                 \
  X(matrix_init_identity)            \
  X(matrix_init_scale)               \
  X(font_options_create)             \
  X(font_options_set_antialias)      \
  X(font_options_set_subpixel_order) \
  X(font_options_set_hint_style)     \
  X(font_options_set_hint_metrics)   \
  X(ft_font_face_create_for_ft_face) \
  X(scaled_font_create)              \
  X(scaled_font_destroy)             \
  X(scaled_font_text_extents)        \
  X(scaled_font_text_to_glyphs)      \
  X(set_scaled_font)                 \
  X(show_glyphs)                     \
  X(glyph_path)                      \
  X(glyph_free)                      \
  X(surface_status)                  \
  X(surface_flush)                   \
  X(surface_finish)                  \
  X(surface_destroy)                 \
  X(image_surface_create)            \
  X(image_surface_get_data)          \
  X(image_surface_get_width)         \
  X(image_surface_get_height)        \
  X(image_surface_get_stride)        \
  X(svg_surface_create_for_stream)   \
  X(svg_surface_restrict_to_version) \
  X(svg_surface_set_document_unit)

struct CairoApi {
#define ADJUTANT_CAIRO_SLOT(name) decltype(&::cairo_##name) name;
  ADJUTANT_CAIRO_FUNCTIONS(ADJUTANT_CAIRO_SLOT)
#undef ADJUTANT_CAIRO_SLOT
  // FreeType, for the map's two typefaces (render/font.h).
  decltype(&::FT_Init_FreeType) ft_init_freetype;
  decltype(&::FT_New_Face) ft_new_face;
};

// The functions of libcairo.so.2 and libfreetype.so.6, loaded once (thread
// safe). Error "render.no_cairo" (exit 4) when either cannot be loaded.
const CairoApi& cairo_api();

}  // namespace adjutant::render
