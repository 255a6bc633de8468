// The layers of a miniatures table (rules/table_board.h; Chaos of
// Battle's), bottom to top: the cloth with a
// faint 6-inch grid numbered in inches, the deployment zones, hills, woods, towns, roads,
// creeks, breastworks, landmarks, the bases (each stand drawn, the front
// edge heavy and a tick the way it faces), commanders, the brigade markers
// as flags, the brigades' names, then the scale bar, the legend and the
// banner. Every position comes from the scene, whose corners are the
// rules' integer outlines; the drawing decides nothing.
#include <cmath>
#include <string>

#include "render/cairo_api.h"
#include "render/canvas.h"
#include "render/map_style.h"
#include "render/table_layers.h"
#include "render/table_scene.h"
#include "util/markup.h"

namespace adjutant::render {

namespace {

constexpr Rgb kCloth{0.83, 0.86, 0.70};
constexpr Rgb kClothGrid{0.55, 0.60, 0.42};
constexpr Rgb kHillFill{0.80, 0.70, 0.50};
constexpr Rgb kHillEdge{0.55, 0.42, 0.24};
constexpr Rgb kWoodsFill{0.42, 0.60, 0.34};
constexpr Rgb kTree{0.20, 0.38, 0.17};
constexpr Rgb kTownFill{0.74, 0.70, 0.66};
constexpr Rgb kHouse{0.45, 0.30, 0.26};
constexpr Rgb kWorks{0.40, 0.26, 0.14};
constexpr Rgb kRoadBed{0.86, 0.76, 0.56};
constexpr Rgb kLandmark{0.90, 0.68, 0.05};
constexpr Rgb kCard{0.98, 0.97, 0.92};
constexpr Rgb kPanel{0.93, 0.92, 0.88};
constexpr double kTableTextSize = 9;

void trace(Canvas& canvas, const std::vector<Point>& points, bool closed) {
  if (points.empty()) return;
  canvas.move(points[0]);
  for (std::size_t i = 1; i < points.size(); ++i) canvas.line(points[i]);
  if (closed) canvas.line(points[0]);
}

std::vector<Point> placed(const TableScene& scene, const std::vector<rules::TablePoint>& o) {
  std::vector<Point> out;
  for (auto p : o) out.push_back(scene.place(p));
  return out;
}

Point middle(Point a, Point b) {
  return {(a.x + b.x) / 2, (a.y + b.y) / 2};
}

void draw_cloth(Canvas& canvas, const TableScene& scene) {
  const auto& t = scene.board;
  Point sw = scene.place({0, 0});
  Point ne = scene.place({t.width, t.length});
  canvas.begin("class=\"table\"");
  canvas.rectangle(sw.x, ne.y, ne.x - sw.x, sw.y - ne.y);
  canvas.colour(kCloth);
  canvas.fill();
  // A faint line every 6 inches from the south-west corner, every 12th
  // inch a little stronger.
  for (int every : {6, 12}) {
    canvas.colour(kClothGrid, every == 6 ? 0.18 : 0.35);
    canvas.line_width(0.6);
    for (std::int64_t x = every * rules::kTableInch; x < t.width; x += every * rules::kTableInch) {
      canvas.move(scene.place({x, 0}));
      canvas.line(scene.place({x, t.length}));
    }
    for (std::int64_t y = every * rules::kTableInch; y < t.length; y += every * rules::kTableInch) {
      canvas.move(scene.place({0, y}));
      canvas.line(scene.place({t.width, y}));
    }
    canvas.stroke();
  }
  canvas.end();
  for (const auto& s : scene.board.sides) {
    if (s.zone.empty()) continue;
    Rgb colour = table_side_colour(scene.board, s.id);
    canvas.begin("class=\"zone\" data-side=\"" + escape_markup(s.id) + "\"");
    auto pts = placed(scene, s.zone);
    trace(canvas, pts, true);
    canvas.colour(colour, 0.07);
    canvas.fill();
    trace(canvas, pts, true);
    canvas.colour(colour, 0.55);
    canvas.line_width(1.2);
    canvas.dash({6, 4});
    canvas.stroke();
    canvas.no_dash();
    canvas.end();
  }
}

void draw_features(Canvas& canvas, const TableScene& scene) {
  double px = kTablePixelsPerInch;
  // Areas first (hills under woods under towns), then lines over them.
  for (const std::string kind : {"hill", "woods", "town", "road", "creek", "breastworks"}) {
    for (const auto& f : scene.board.features) {
      if (f.kind != kind) continue;
      canvas.begin("class=\"terrain " + kind + "\" data-id=\"" + escape_markup(f.id) + "\"");
      auto pts = placed(scene, f.shape);
      if (kind == "hill") {
        trace(canvas, pts, true);
        canvas.fill_stroke(kHillFill, kHillEdge, 1.4);
      } else if (kind == "woods") {
        trace(canvas, pts, true);
        canvas.fill_stroke(kWoodsFill, kTree, 1);
        for (auto d : f.dots) canvas.circle(scene.place(d), 0.55 * px);
        canvas.colour(kTree, 0.55);
        canvas.fill();
      } else if (kind == "town") {
        trace(canvas, pts, true);
        canvas.fill_stroke(kTownFill, kHouse, 1);
        for (auto d : f.dots) {
          Point c = scene.place(d);
          canvas.rectangle(c.x - 0.4 * px, c.y - 0.3 * px, 0.8 * px, 0.6 * px);
        }
        canvas.colour(kHouse, 0.8);
        canvas.fill();
      } else if (kind == "breastworks") {
        trace(canvas, pts, true);
        canvas.fill_stroke(kWorks, kBlack, 0.6);
      } else if (kind == "road") {
        double w = double(scene.board.road_width) / rules::kTableInch * px;
        trace(canvas, pts, false);
        canvas.colour(kRoad, 0.8);
        canvas.line_width(w + 1.6);
        canvas.stroke();
        trace(canvas, pts, false);
        canvas.colour(kRoadBed);
        canvas.line_width(w);
        canvas.stroke();
      } else {  // creek
        trace(canvas, pts, false);
        canvas.colour(kWater);
        canvas.line_width(0.4 * px);
        canvas.stroke();
      }
      canvas.end();
    }
  }
  for (const auto& l : scene.board.landmarks) {
    Point c = scene.place(l.at);
    canvas.begin("class=\"landmark\" data-id=\"" + escape_markup(l.id) + "\"");
    canvas.circle(c, 0.7 * px);
    canvas.fill_stroke(kLandmark, kBlack, 1.2);
    canvas.circle(c, 0.2 * px);
    canvas.colour(kBlack);
    canvas.fill();
    // The name to the right of the mark, or to its left where it would run
    // off the table.
    bool fits = c.x + px + canvas.text_width(l.name, kPlaceNameSize + 1, Weight::kBold) <=
                scene.table_right;
    canvas.text_halo(l.name, {fits ? c.x + px : c.x - px, c.y + 3.5}, kPlaceNameSize + 1,
                     Weight::kBold, fits ? Align::kLeft : Align::kRight, kBlack, kLabelHalo, 3);
    canvas.end();
  }
}

std::string piece_attributes(const TablePiece& p) {
  std::string a = "class=\"" + p.kind + (p.own ? " own" : " enemy") + "\" data-side=\"" +
                  escape_markup(p.side) + "\"";
  if (!p.brigade.empty()) a += " data-brigade=\"" + escape_markup(p.brigade) + "\"";
  if (!p.label.empty()) a += " data-name=\"" + escape_markup(p.label) + "\"";
  a += " data-at=\"" + std::to_string(p.at.x) + " " + std::to_string(p.at.y) + "\"";
  if (p.facing >= 0) a += " data-facing=\"" + std::to_string(p.facing) + "\"";
  if (p.number > 0) a += " data-marker=\"" + std::to_string(p.number) + "\"";
  if (p.preferred) a += " data-preferred=\"true\"";
  return a;
}

// The facing tick: from the middle of the front edge, the way it faces.
void draw_tick(Canvas& canvas, const TablePiece& p) {
  if (p.facing < 0) return;
  canvas.move(p.tick_from);
  canvas.line(p.tick_to);
  canvas.colour(kBlack);
  canvas.line_width(1.3);
  canvas.stroke();
}

// A regiment or battery: each stand in its side's colour, the front edge
// (corners 0-1) heavy, cavalry stands slashed, guns as dots.
void draw_base(Canvas& canvas, const TableScene& scene, const TablePiece& p) {
  Rgb fill = table_side_colour(scene.board, p.side);
  const auto& stands = p.stands.empty() ? std::vector<std::vector<Point>>{p.corners} : p.stands;
  for (const auto& s : stands) {
    trace(canvas, s, true);
    canvas.fill_stroke(fill, kCounterEdge, 0.6);
  }
  Rgb mark = ink_on(fill);
  for (const auto& s : stands) {
    if (p.kind == "battery") {
      canvas.circle(middle(s[0], s[2]), 1.5);
      canvas.colour(mark);
      canvas.fill();
    } else if (p.slashed) {
      canvas.move(s[0]);
      canvas.line(s[2]);
      canvas.colour(mark, 0.8);
      canvas.line_width(0.8);
      canvas.stroke();
    }
  }
  canvas.move(p.corners[0]);
  canvas.line(p.corners[1]);
  canvas.colour(kBlack);
  canvas.line_width(p.kind == "battery" ? 2.4 : 1.8);
  canvas.stroke();
  draw_tick(canvas, p);
}

void draw_wagon(Canvas& canvas, const TableScene& scene, const TablePiece& p) {
  Rgb colour = table_side_colour(scene.board, p.side);
  trace(canvas, p.corners, true);
  canvas.fill_stroke(mix(colour, kWhite, 0.6), colour, 1.2);
  // Two wheels on each long side, a quarter of the way from either end.
  for (double t : {0.25, 0.75}) {
    Point a{p.corners[0].x + (p.corners[3].x - p.corners[0].x) * t,
            p.corners[0].y + (p.corners[3].y - p.corners[0].y) * t};
    Point b{p.corners[1].x + (p.corners[2].x - p.corners[1].x) * t,
            p.corners[1].y + (p.corners[2].y - p.corners[1].y) * t};
    for (Point w : {a, b}) {
      canvas.circle(w, 1.6);
      canvas.fill_stroke(kBlack, kBlack, 0.3);
    }
  }
  draw_tick(canvas, p);
}

// A commander: a disc on his base; the player's commander larger, with a
// star.
void draw_commander(Canvas& canvas, const TableScene& scene, const TablePiece& p) {
  Rgb colour = table_side_colour(scene.board, p.side);
  Point c = middle(p.corners[0], p.corners[2]);
  if (p.kind == "commander") {
    canvas.circle(c, 5.5);
    canvas.fill_stroke(colour, kBlack, 1.2);
    canvas.colour(kDemoralized);
    canvas.text("\xe2\x98\x85", {c.x, c.y + 3.4}, 9, Weight::kBold, Align::kCentre);
  } else {
    canvas.circle(c, 3.6);
    canvas.fill_stroke(kWhite, colour, 2);
  }
  draw_tick(canvas, p);
}

// A marker: the 3" card, a pole and a flag in the side's colour. Own
// markers carry the brigade's name under the card, the marker's number on
// the flag when the brigade shows two, and a star on the preferred one.
void draw_marker(Canvas& canvas, const TableScene& scene, const TablePiece& p) {
  Rgb colour = table_side_colour(scene.board, p.side);
  trace(canvas, p.corners, true);
  canvas.colour(kCard, 0.85);
  canvas.fill();
  trace(canvas, p.corners, true);
  canvas.colour(colour);
  canvas.line_width(1.4);
  if (!p.own) canvas.dash({3, 2});
  canvas.stroke();
  canvas.no_dash();
  double x0 = p.corners[3].x, y0 = p.corners[3].y;  // rear-left: the card's south-west
  double w = p.corners[1].x - p.corners[3].x, h = p.corners[3].y - p.corners[1].y;
  Point foot{x0 + 0.28 * w, y0 - 0.12 * h}, head{x0 + 0.28 * w, y0 - 0.88 * h};
  canvas.move(foot);
  canvas.line(head);
  canvas.colour(kBlack);
  canvas.line_width(1.4);
  canvas.stroke();
  // The flag: a swallowtail guidon from the top of the pole.
  double fw = 0.52 * w, fh = 0.38 * h;
  canvas.move(head);
  canvas.line({head.x + fw, head.y});
  canvas.line({head.x + 0.75 * fw, head.y + fh / 2});
  canvas.line({head.x + fw, head.y + fh});
  canvas.line({head.x, head.y + fh});
  canvas.line(head);
  canvas.fill_stroke(colour, kBlack, 0.8);
  canvas.colour(ink_on(colour));
  if (p.number > 0)
    canvas.text(std::to_string(p.number), {head.x + 0.36 * fw, head.y + fh / 2 + 3.2}, 9,
                Weight::kBold, Align::kCentre);
  if (p.preferred) {
    canvas.colour(kDemoralized);
    canvas.text_halo("\xe2\x98\x85", {x0 + 0.78 * w, y0 - 0.16 * h}, 11, Weight::kBold,
                     Align::kCentre, kDemoralized, kBlack, 1.6);
  }
  if (!p.label.empty())
    canvas.text_halo(p.label, {x0 + w / 2, y0 + kTableTextSize + 2}, kTableTextSize, Weight::kBold,
                     Align::kCentre, mix(colour, kBlack, 0.35), kLabelHalo, 3);
}

void draw_pieces(Canvas& canvas, const TableScene& scene) {
  // Markers under the bases (a card is large), then wagons, bases and
  // commanders, then the names over everything.
  for (const char* kind :
       {"marker", "wagon", "regiment", "battery", "brigade-commander", "commander"}) {
    for (const auto& p : scene.pieces) {
      if (p.kind != kind) continue;
      canvas.begin(piece_attributes(p));
      if (p.kind == "marker")
        draw_marker(canvas, scene, p);
      else if (p.kind == "wagon")
        draw_wagon(canvas, scene, p);
      else if (p.kind == "regiment" || p.kind == "battery")
        draw_base(canvas, scene, p);
      else
        draw_commander(canvas, scene, p);
      canvas.end();
    }
  }
  for (const auto& l : scene.labels) {
    canvas.begin("class=\"brigade-name\" data-side=\"" + escape_markup(l.side) + "\" data-name=\"" +
                 escape_markup(l.text) + "\"");
    canvas.text_halo(l.text, l.at, kTableTextSize + 0.5, Weight::kBold, Align::kCentre,
                     mix(table_side_colour(scene.board, l.side), kBlack, 0.35), kLabelHalo, 3);
    canvas.end();
  }
}

// The grid's lines numbered in inches from the south-west corner, as text
// orders give points ("x,y"): x along the south edge, y along the west edge,
// inside the table, every 6 inches.
void draw_coordinates(Canvas& canvas, const TableScene& scene) {
  const auto& t = scene.board;
  canvas.begin("class=\"coordinates\"");
  const Rgb ink = mix(kClothGrid, kBlack, 0.55);
  for (std::int64_t x = 6 * rules::kTableInch; x < t.width; x += 6 * rules::kTableInch) {
    hex::Point at = scene.place({x, 0});
    canvas.text_halo(std::to_string(x / rules::kTableInch), {at.x, at.y - 3}, kDesignationSize,
                     Weight::kRegular, Align::kCentre, ink, kLabelHalo, 2);
  }
  for (std::int64_t y = 6 * rules::kTableInch; y < t.length; y += 6 * rules::kTableInch) {
    hex::Point at = scene.place({0, y});
    canvas.text_halo(std::to_string(y / rules::kTableInch), {at.x + 3, at.y + 3}, kDesignationSize,
                     Weight::kRegular, Align::kLeft, ink, kLabelHalo, 2);
  }
  canvas.end();
}

// Under the table's south-west corner: 12 inches in alternating 2-inch
// blocks, marked at 0, 4, 8 and 12 (the distances the rules ask most).
void draw_scale(Canvas& canvas, const TableScene& scene) {
  double px = kTablePixelsPerInch;
  Point a{scene.left, scene.table_bottom + 8};
  canvas.begin("class=\"scale\"");
  for (int i = 0; i < 6; ++i) {
    canvas.rectangle(a.x + 2 * i * px, a.y, 2 * px, 5);
    canvas.fill_stroke(i % 2 ? kWhite : kBlack, kBlack, 0.8);
  }
  canvas.colour(kBlack);
  for (int i = 0; i <= 12; i += 4)
    canvas.text(std::to_string(i) + (i == 12 ? " inches" : ""), {a.x + i * px, a.y + 16},
                kDesignationSize, Weight::kRegular, i == 12 ? Align::kLeft : Align::kCentre);
  canvas.text("north \xe2\x86\x91", {scene.table_right, a.y + 10}, kDesignationSize + 1,
              Weight::kBold, Align::kRight);
  canvas.end();
}

// The legend, in the column right of the table.
class Legend {
 public:
  Legend(Canvas& canvas, const TableScene& scene)
      : canvas_(canvas), x_(scene.panel_left + 8), y_(scene.top + 4) {}

  void heading(const std::string& text) {
    y_ += 8;
    canvas_.colour(kBannerBack);
    canvas_.text(text, {x_, y_ + 10}, kLegendTitleSize, Weight::kBold, Align::kLeft);
    y_ += 16;
  }
  // A row: `swatch` draws in a 28 x 14 box at (x, y), the text beside it.
  template <typename Swatch>
  void row(const std::string& text, Swatch swatch) {
    swatch(x_, y_);
    canvas_.colour(kBlack);
    double width = kTablePanel - 16 - 36;
    canvas_.text(text, {x_ + 36, y_ + 11},
                 canvas_.fit(text, kLegendTextSize, Weight::kRegular, width), Weight::kRegular,
                 Align::kLeft);
    y_ += 19;
  }
  void note(const std::string& text) {
    canvas_.colour(kGrid);
    canvas_.text(text, {x_, y_ + 10},
                 canvas_.fit(text, kLegendTextSize - 0.5, Weight::kRegular, kTablePanel - 16),
                 Weight::kRegular, Align::kLeft);
    y_ += 15;
  }

 private:
  Canvas& canvas_;
  double x_, y_;
};

void draw_legend(Canvas& canvas, const TableScene& scene) {
  canvas.begin("class=\"legend\"");
  canvas.rectangle(scene.panel_left, scene.top, kTablePanel - kTableMargin,
                   scene.table_bottom - scene.top);
  canvas.fill_stroke(kPanel, kGrid, 0.8);
  Legend l(canvas, scene);
  auto box = [&](Rgb fill, Rgb edge) {
    return [&canvas, fill, edge](double x, double y) {
      canvas.rectangle(x, y + 1, 28, 12);
      canvas.fill_stroke(fill, edge, 1);
    };
  };
  l.heading("Sides");
  for (const auto& s : scene.board.sides) {
    Rgb c = table_side_colour(scene.board, s.id);
    l.row(s.name + (s.id == scene.side ? " (this map)" : ""), box(c, kCounterEdge));
  }
  l.heading("Terrain");
  l.row("Woods", box(kWoodsFill, kTree));
  l.row("Hill", box(kHillFill, kHillEdge));
  l.row("Town", box(kTownFill, kHouse));
  l.row("Breastworks", [&](double x, double y) {
    canvas.rectangle(x, y + 5, 28, 4);
    canvas.fill_stroke(kWorks, kBlack, 0.6);
  });
  l.row("Road", [&](double x, double y) {
    canvas.move({x, y + 7});
    canvas.line({x + 28, y + 7});
    canvas.colour(kRoad, 0.8);
    canvas.line_width(7);
    canvas.stroke();
    canvas.move({x, y + 7});
    canvas.line({x + 28, y + 7});
    canvas.colour(kRoadBed);
    canvas.line_width(5);
    canvas.stroke();
  });
  l.row("Creek", [&](double x, double y) {
    canvas.move({x, y + 7});
    canvas.line({x + 28, y + 7});
    canvas.colour(kWater);
    canvas.line_width(4);
    canvas.stroke();
  });
  l.row("Landmark", [&](double x, double y) {
    canvas.circle({x + 14, y + 7}, 6);
    canvas.fill_stroke(kLandmark, kBlack, 1.2);
  });
  l.row("Deployment zone", [&](double x, double y) {
    canvas.rectangle(x, y + 1, 28, 12);
    canvas.colour(kGrid, 0.8);
    canvas.line_width(1.2);
    canvas.dash({4, 3});
    canvas.stroke();
    canvas.no_dash();
  });
  Rgb own = table_side_colour(scene.board,
                              scene.side.empty() ? scene.board.sides.front().id : scene.side);
  l.heading("Pieces");
  l.row("Regiment, front heavy", [&](double x, double y) {
    for (int k = 0; k < 3; ++k) {
      canvas.rectangle(x + 2 + 8 * k, y + 5, 8, 6);
      canvas.fill_stroke(own, kCounterEdge, 0.6);
    }
    canvas.move({x + 2, y + 5});
    canvas.line({x + 26, y + 5});
    canvas.colour(kBlack);
    canvas.line_width(1.8);
    canvas.stroke();
    canvas.move({x + 14, y + 5});
    canvas.line({x + 14, y});
    canvas.line_width(1.3);
    canvas.stroke();
  });
  l.row("Battery (guns as dots)", [&](double x, double y) {
    for (int k = 0; k < 2; ++k) {
      canvas.rectangle(x + 4 + 10 * k, y + 4, 10, 9);
      canvas.fill_stroke(own, kCounterEdge, 0.6);
      canvas.circle({x + 9 + 10 * k, y + 8.5}, 1.5);
      canvas.colour(ink_on(own));
      canvas.fill();
    }
  });
  l.row("Brigade commander", [&](double x, double y) {
    canvas.circle({x + 14, y + 7}, 3.6);
    canvas.fill_stroke(kWhite, own, 2);
  });
  l.row("Commander", [&](double x, double y) {
    canvas.circle({x + 14, y + 7}, 5.5);
    canvas.fill_stroke(own, kBlack, 1.2);
    canvas.colour(kDemoralized);
    canvas.text("\xe2\x98\x85", {x + 14, y + 10.4}, 9, Weight::kBold, Align::kCentre);
  });
  l.row("Supply wagons", [&](double x, double y) {
    canvas.rectangle(x + 6, y + 1, 16, 12);
    canvas.fill_stroke(mix(own, kWhite, 0.6), own, 1.2);
  });
  auto flag = [&](bool dashed, const char* number) {
    return [&canvas, &own, dashed, number](double x, double y) {
      canvas.rectangle(x + 7, y, 14, 14);
      canvas.colour(kCard);
      canvas.fill();
      canvas.rectangle(x + 7, y, 14, 14);
      canvas.colour(own);
      canvas.line_width(1.2);
      if (dashed) canvas.dash({3, 2});
      canvas.stroke();
      canvas.no_dash();
      canvas.move({x + 10, y + 12});
      canvas.line({x + 10, y + 2});
      canvas.line({x + 19, y + 2});
      canvas.line({x + 16, y + 4.5});
      canvas.line({x + 19, y + 7});
      canvas.line({x + 10, y + 7});
      canvas.fill_stroke(own, kBlack, 0.6);
      if (*number) {
        canvas.colour(kDemoralized);
        canvas.text(number, {x + 25, y + 12}, 9, Weight::kBold, Align::kCentre);
      }
    };
  };
  if (scene.side.empty()) {
    l.row("Brigade marker", flag(false, ""));
    l.row("Preferred of two", flag(false, "\xe2\x98\x85"));
  } else {
    l.row("Own marker", flag(false, ""));
    l.row("Own preferred of two", flag(false, "\xe2\x98\x85"));
    l.row("Enemy marker: a flag", flag(true, ""));
  }
  l.heading("This map");
  if (scene.side.empty()) {
    l.note("The umpire's: every piece,");
    l.note("every brigade's name and");
    l.note("its preferred marker.");
  } else {
    l.note("What " + scene.board.side(scene.side).name + " may see: enemy");
    l.note("markers as flags, enemy bases");
    l.note("and figures without names.");
  }
  l.note("A tick shows a base's facing.");
  l.note("Grid lines every 6 inches,");
  l.note("numbered in inches from the");
  l.note("south-west corner: x east,");
  l.note("y north (orders: x,y).");
  canvas.end();
}

// The band and the title: the same in every picture of a game.
void draw_banner_heading(Canvas& canvas, const TableScene& scene) {
  canvas.rectangle(0, 0, scene.width, kTableBanner);
  canvas.colour(kBannerBack);
  canvas.fill();
  canvas.colour(kBannerInk);
  std::string title = scene.board.title;
  canvas.text(title, {kTableMargin, 21},
              canvas.fit(title, kTitleSize, Weight::kBold, scene.width - 2 * kTableMargin),
              Weight::kBold, Align::kLeft);
}

void draw_banner(Canvas& canvas, const TableScene& scene) {
  canvas.begin("class=\"banner\"");
  draw_banner_heading(canvas, scene);
  canvas.colour(kBannerDim);
  canvas.text(table_banner_line(scene), {kTableMargin, 41}, kBannerTextSize, Weight::kRegular,
              Align::kLeft);
  canvas.end();
}

void draw_table_edge(Canvas& canvas, const TableScene& scene) {
  canvas.begin("class=\"edge\"");
  canvas.rectangle(scene.left, scene.top, scene.table_right - scene.left,
                   scene.table_bottom - scene.top);
  canvas.colour(kGrid);
  canvas.line_width(1.5);
  canvas.stroke();
  canvas.end();
}

// The paper, the cloth and the terrain on it.
void draw_table_ground(Canvas& canvas, const TableScene& scene) {
  canvas.colour(kPaper);
  cairo_api().paint(canvas.cr());
  draw_cloth(canvas, scene);
  draw_features(canvas, scene);
  draw_coordinates(canvas, scene);
}

}  // namespace

Rgb table_side_colour(const rules::TableBoard& board, const std::string& side) {
  for (const auto& s : board.sides)
    if (s.id == side)
      return parse_colour(s.colour,
                          side == "union" ? Rgb{0.12, 0.23, 0.58} : Rgb{0.54, 0.55, 0.57});
  return kBlack;
}

std::string table_banner_line(const TableScene& scene) {
  std::string view =
      scene.side.empty() ? "The umpire's map" : scene.board.side(scene.side).name + " map";
  std::string when = "turn " + std::to_string(scene.turn);
  const auto& turns = scene.board.turns;
  if (scene.turn >= 1 && std::size_t(scene.turn) <= turns.size())
    when += " of " + std::to_string(turns.size()) + " (" + turns[std::size_t(scene.turn - 1)] + ")";
  std::string size = std::to_string(scene.board.width / rules::kTableInch) + " x " +
                     std::to_string(scene.board.length / rules::kTableInch) + " inch table";
  return view + ", " + when + ", " + size;
}

void draw_table(Canvas& canvas, const TableScene& scene) {
  draw_table_ground(canvas, scene);
  draw_pieces(canvas, scene);
  // The table's edge over everything on it.
  draw_table_edge(canvas, scene);
  draw_scale(canvas, scene);
  draw_legend(canvas, scene);
  draw_banner(canvas, scene);
}

void draw_table_base(Canvas& canvas, const TableScene& scene) {
  draw_table_ground(canvas, scene);
  draw_table_edge(canvas, scene);
  draw_scale(canvas, scene);
  draw_legend(canvas, scene);
  canvas.begin("class=\"banner\"");
  draw_banner_heading(canvas, scene);
  canvas.end();
}

}  // namespace adjutant::render
