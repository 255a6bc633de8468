#include "render/canvas.h"

#include "render/cairo_api.h"

#include <cmath>

namespace adjutant::render {

Canvas::Canvas(cairo_t* cr, Target target) : cr_(cr), target_(target) {}

Canvas::~Canvas() {
  for (auto& [key, font] : fonts_) cairo_api().scaled_font_destroy(font);
}

// A 1-pixel rectangle at 1% opacity in a colour no layer uses: cairo keeps it
// (it is not fully transparent) and svg_finish.cpp finds and removes it.
void Canvas::marker(bool begin) {
  cairo_api().save(cr_);
  cairo_api().new_path(cr_);
  if (begin)
    cairo_api().set_source_rgba(cr_, 1, 0, 1, 0.01);
  else
    cairo_api().set_source_rgba(cr_, 0, 1, 1, 0.01);
  cairo_api().rectangle(cr_, 0, 0, 1, 1);
  cairo_api().fill(cr_);
  cairo_api().restore(cr_);
}

void Canvas::begin(std::string attributes) {
  if (target_ != Target::kSvg) return;
  groups_.push_back(std::move(attributes));
  marker(true);
}

void Canvas::end() {
  if (target_ == Target::kSvg) marker(false);
}

void Canvas::colour(Rgb c, double alpha) {
  if (alpha >= 1)
    cairo_api().set_source_rgb(cr_, c.r, c.g, c.b);
  else
    cairo_api().set_source_rgba(cr_, c.r, c.g, c.b, alpha);
}

void Canvas::line_width(double w) {
  cairo_api().set_line_width(cr_, w);
}

void Canvas::dash(std::initializer_list<double> pattern) {
  std::vector<double> d(pattern);
  cairo_api().set_dash(cr_, d.data(), int(d.size()), 0);
}

void Canvas::no_dash() {
  cairo_api().set_dash(cr_, nullptr, 0, 0);
}

void Canvas::move(Point p) {
  cairo_api().move_to(cr_, p.x, p.y);
}
void Canvas::line(Point p) {
  cairo_api().line_to(cr_, p.x, p.y);
}
void Canvas::rectangle(double x, double y, double w, double h) {
  cairo_api().rectangle(cr_, x, y, w, h);
}

void Canvas::rounded_rectangle(double x, double y, double w, double h, double r) {
  cairo_api().new_sub_path(cr_);
  cairo_api().arc(cr_, x + w - r, y + r, r, -M_PI / 2, 0);
  cairo_api().arc(cr_, x + w - r, y + h - r, r, 0, M_PI / 2);
  cairo_api().arc(cr_, x + r, y + h - r, r, M_PI / 2, M_PI);
  cairo_api().arc(cr_, x + r, y + r, r, M_PI, 3 * M_PI / 2);
  cairo_api().close_path(cr_);
}

void Canvas::circle(Point c, double r) {
  cairo_api().new_sub_path(cr_);
  cairo_api().arc(cr_, c.x, c.y, r, 0, 2 * M_PI);
  cairo_api().close_path(cr_);
}

void Canvas::fill() {
  cairo_api().fill(cr_);
}
void Canvas::stroke() {
  cairo_api().stroke(cr_);
}

void Canvas::fill_stroke(Rgb fill, Rgb edge, double w) {
  colour(fill);
  cairo_api().fill_preserve(cr_);
  colour(edge);
  cairo_api().set_line_width(cr_, w);
  cairo_api().stroke(cr_);
}

// Scaled fonts are made once per size and weight for this canvas; the size
// is keyed in 1/1000 px so equal sizes share one font.
cairo_scaled_font_t* Canvas::font(double size, Weight weight) {
  std::pair<long, int> key{std::lround(size * 1000), int(weight)};
  auto it = fonts_.find(key);
  if (it != fonts_.end()) return it->second;
  cairo_matrix_t font_matrix, ctm;
  cairo_api().matrix_init_scale(&font_matrix, size, size);
  cairo_api().matrix_init_identity(&ctm);
  auto* f = cairo_api().scaled_font_create(font_face(weight), &font_matrix, &ctm, font_options());
  fonts_[key] = f;
  return f;
}

double Canvas::text_width(std::string_view text, double size, Weight weight) {
  cairo_text_extents_t e;
  std::string s(text);
  cairo_api().scaled_font_text_extents(font(size, weight), s.c_str(), &e);
  return e.x_advance;
}

// Shrunk sizes snap down to quarter pixels, so a handful of fonts (and in the
// SVG a handful of glyph sets) serve all the labels that had to shrink.
double Canvas::fit(std::string_view text, double size, Weight weight, double width) {
  double w = text_width(text, size, weight);
  if (w <= width || w <= 0) return size;
  return std::floor(size * width / w * 4) / 4;
}

std::pair<cairo_glyph_t*, int> Canvas::glyphs(std::string_view text, Point at, double size,
                                              Weight weight, Align align) {
  auto* f = font(size, weight);
  double x = at.x;
  if (align != Align::kLeft) {
    double w = text_width(text, size, weight);
    x -= align == Align::kCentre ? w / 2 : w;
  }
  cairo_glyph_t* glyphs = nullptr;
  int count = 0;
  cairo_api().scaled_font_text_to_glyphs(f, x, at.y, text.data(), int(text.size()), &glyphs, &count,
                                         nullptr, nullptr, nullptr);
  cairo_api().set_scaled_font(cr_, f);
  return {glyphs, count};
}

void Canvas::text(std::string_view text, Point at, double size, Weight weight, Align align) {
  if (text.empty()) return;
  auto [g, n] = glyphs(text, at, size, weight, align);
  cairo_api().show_glyphs(cr_, g, n);
  cairo_api().glyph_free(g);
}

void Canvas::text_halo(std::string_view text, Point at, double size, Weight weight, Align align,
                       Rgb ink, Rgb halo, double w) {
  if (text.empty()) return;
  auto [g, n] = glyphs(text, at, size, weight, align);
  cairo_api().new_path(cr_);
  cairo_api().glyph_path(cr_, g, n);
  colour(halo);
  cairo_api().set_line_width(cr_, w);
  cairo_api().set_line_join(cr_, CAIRO_LINE_JOIN_ROUND);
  cairo_api().stroke(cr_);
  colour(ink);
  cairo_api().show_glyphs(cr_, g, n);
  cairo_api().glyph_free(g);
}

}  // namespace adjutant::render
