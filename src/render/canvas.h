// A cairo context plus what every layer needs around it: colours, text set in
// the DejaVu faces, simple shapes, and markers that name the SVG elements
// (cairo's SVG surface cannot, so svg_finish.cpp turns the markers into
// <g id=... class=...> groups; the PNG draws no markers).
#pragma once

#include "util/markup.h"

#include <cairo.h>

#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "hex/hex.h"
#include "render/font.h"
#include "render/map_style.h"

namespace adjutant::render {

using hex::Point;

enum class Target { kSvg, kPng };
enum class Align { kLeft, kCentre, kRight };

class Canvas {
 public:
  Canvas(cairo_t* cr, Target target);
  ~Canvas();
  Canvas(const Canvas&) = delete;
  Canvas& operator=(const Canvas&) = delete;

  cairo_t* cr() const { return cr_; }
  Target target() const { return target_; }

  // Everything drawn between begin and end becomes one SVG group carrying
  // `attributes` (already escaped, e.g. `id="hex-0305" class="hex"`).
  void begin(std::string attributes);
  void end();
  const std::vector<std::string>& groups() const { return groups_; }

  void colour(Rgb c, double alpha = 1);
  void line_width(double w);
  void dash(std::initializer_list<double> pattern);
  void no_dash();

  void move(Point p);
  void line(Point p);
  void rectangle(double x, double y, double w, double h);
  void rounded_rectangle(double x, double y, double w, double h, double r);
  void circle(Point c, double r);
  void fill();
  void stroke();
  // Fills with `fill` and strokes the same path with `edge` of width `w`.
  void fill_stroke(Rgb fill, Rgb edge, double w);

  double text_width(std::string_view text, double size, Weight weight);
  // Sets `text` with its baseline at y, aligned on x, in the current colour.
  void text(std::string_view text, Point at, double size, Weight weight, Align align);
  // As text, with a `halo`-coloured outline of width w behind the letters.
  void text_halo(std::string_view text, Point at, double size, Weight weight, Align align, Rgb ink,
                 Rgb halo, double w);
  // The largest size <= size at which `text` fits in `width`.
  double fit(std::string_view text, double size, Weight weight, double width);

 private:
  cairo_scaled_font_t* font(double size, Weight weight);
  std::pair<cairo_glyph_t*, int> glyphs(std::string_view text, Point at, double size, Weight weight,
                                        Align align);
  void marker(bool begin);

  cairo_t* cr_;
  Target target_;
  std::vector<std::string> groups_;
  std::map<std::pair<long, int>, cairo_scaled_font_t*> fonts_;
};

}  // namespace adjutant::render
