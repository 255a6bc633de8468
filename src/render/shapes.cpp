#include "render/shapes.h"

#include "render/cairo_api.h"

#include <cmath>

namespace adjutant::render {

void trace_hex(Canvas& canvas, Point c, double r, double angle) {
  if (angle == 0) {
    const double h = std::sqrt(3.0) / 2 * r;
    canvas.move({c.x + r, c.y});
    canvas.line({c.x + r / 2, c.y + h});
    canvas.line({c.x - r / 2, c.y + h});
    canvas.line({c.x - r, c.y});
    canvas.line({c.x - r / 2, c.y - h});
    canvas.line({c.x + r / 2, c.y - h});
  } else {
    for (int k = 0; k < 6; ++k) {
      double a = (60 * k + angle) * M_PI / 180;
      Point p{c.x + r * std::cos(a), c.y + r * std::sin(a)};
      if (k == 0)
        canvas.move(p);
      else
        canvas.line(p);
    }
  }
  cairo_api().close_path(canvas.cr());
}

void trace_star(Canvas& canvas, Point c, double r) {
  for (int i = 0; i < 10; ++i) {
    double a = -M_PI / 2 + i * M_PI / 5;
    double radius = i % 2 == 0 ? r : r * 0.45;
    Point p{c.x + radius * std::cos(a), c.y + radius * std::sin(a)};
    i == 0 ? canvas.move(p) : canvas.line(p);
  }
  cairo_api().close_path(canvas.cr());
}

namespace {

void set_dash(Canvas& canvas, ArrowStyle style, double width) {
  switch (style) {
    case ArrowStyle::kRetreat:
      canvas.dash({2.4 * width, 1.4 * width});
      break;
    case ArrowStyle::kAdvance:
      canvas.dash({1.1 * width, 1.1 * width});
      break;
    case ArrowStyle::kEvade:
      canvas.dash({0.1, 1.6 * width});
      break;
    default:
      canvas.no_dash();
  }
}

}  // namespace

// The shaft stops where the head begins so a dashed shaft never pokes
// through the point; the casing is drawn first, under both.
void draw_arrow(Canvas& canvas, const std::vector<Point>& points, Rgb colour, double width,
                ArrowStyle style) {
  if (points.size() < 2) return;
  cairo_t* cr = canvas.cr();
  Point tip = points.back();
  Point from = points[points.size() - 2];
  double dx = tip.x - from.x, dy = tip.y - from.y;
  double length = std::hypot(dx, dy);
  if (length <= 0) return;
  double ux = dx / length, uy = dy / length;
  double head = std::min(3.6 * width, 0.8 * length + 2);
  double half = 0.62 * head;
  Point base{tip.x - ux * head, tip.y - uy * head};
  Point left{base.x - uy * half, base.y + ux * half};
  Point right{base.x + uy * half, base.y - ux * half};
  std::vector<Point> shaft(points.begin(), points.end() - 1);
  shaft.push_back({tip.x - ux * head * 0.8, tip.y - uy * head * 0.8});

  auto trace_shaft = [&] {
    canvas.move(shaft[0]);
    for (std::size_t i = 1; i < shaft.size(); ++i) canvas.line(shaft[i]);
  };
  auto trace_head = [&] {
    canvas.move(tip);
    canvas.line(left);
    canvas.line(right);
    cairo_api().close_path(cr);
  };

  cairo_api().save(cr);
  cairo_api().set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
  cairo_api().set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
  const Rgb casing = style == ArrowStyle::kAttack ? kWhite : mix(kWhite, colour, 0.08);
  canvas.colour(casing, 0.85);
  canvas.line_width(width + 2.6);
  trace_shaft();
  trace_head();
  canvas.stroke();

  canvas.colour(colour);
  canvas.line_width(width);
  set_dash(canvas, style, width);
  if (style == ArrowStyle::kEvade) cairo_api().set_line_width(cr, width * 1.2);
  trace_shaft();
  canvas.stroke();
  canvas.no_dash();
  trace_head();
  canvas.fill();
  cairo_api().restore(cr);
}

namespace {

struct LabelParts {
  std::string number;
  double wn, wo, wd, wr, w, h;
};

constexpr double kLabelGap = 3.5, kLabelPad = 4, kDieSize = 10.5;

LabelParts label_parts(Canvas& canvas, const std::string& n, const std::string& odds,
                       const std::string& die, const std::string& result) {
  const double size = kCombatTextSize;
  LabelParts p;
  p.number = n.empty() ? "" : "#" + n;
  p.wn =
      p.number.empty() ? 0 : canvas.text_width(p.number, size - 1.5, Weight::kRegular) + kLabelGap;
  p.wo = canvas.text_width(odds, size, Weight::kBold);
  p.wd = die.empty() ? 0 : kDieSize + kLabelGap;
  p.wr = result.empty() ? 0 : canvas.text_width(result, size, Weight::kBold) + kLabelGap;
  p.w = 2 * kLabelPad + p.wn + p.wo + p.wd + p.wr;
  p.h = 14;
  return p;
}

}  // namespace

Point combat_label_size(Canvas& canvas, const std::string& n, const std::string& odds,
                        const std::string& die, const std::string& result) {
  auto p = label_parts(canvas, n, odds, die, result);
  return {p.w, p.h};
}

// Sized to its text, so a label hides as little of the map as it can.
void draw_combat_label(Canvas& canvas, const std::string& n, const std::string& odds,
                       const std::string& die_value, const std::string& result, Point at) {
  const double size = kCombatTextSize, gap = kLabelGap, die = kDieSize;
  auto parts = label_parts(canvas, n, odds, die_value, result);
  const std::string& number = parts.number;
  double wn = parts.wn, wo = parts.wo, w = parts.w, h = parts.h;
  double x = at.x - w / 2, y = at.y - h / 2, base = y + 10.3;
  canvas.rounded_rectangle(x, y, w, h, 3);
  canvas.colour(kWhite, 0.94);
  cairo_api().fill_preserve(canvas.cr());
  canvas.colour(kCombat);
  canvas.line_width(1.3);
  canvas.stroke();
  x += kLabelPad;
  if (!number.empty()) {
    canvas.colour({0.35, 0.35, 0.35});
    canvas.text(number, {x, base}, size - 1.5, Weight::kRegular, Align::kLeft);
    x += wn;
  }
  canvas.colour(kBlack);
  canvas.text(odds, {x, base}, size, Weight::kBold, Align::kLeft);
  x += wo + gap;
  if (!die_value.empty()) {
    canvas.rounded_rectangle(x, y + (h - die) / 2, die, die, 2);
    canvas.fill_stroke(kWhite, kBlack, 0.9);
    canvas.colour(kBlack);
    canvas.text(die_value, {x + die / 2, base - 0.6}, size - 1.5, Weight::kBold, Align::kCentre);
    x += die + gap;
  }
  canvas.colour(kCombat);
  canvas.text(result, {x, base}, size, Weight::kBold, Align::kLeft);
}

}  // namespace adjutant::render
