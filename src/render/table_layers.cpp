// The layers of a Chaos of Battle table, bottom to top: the cloth, the
// deployment zones, hills, woods, towns, roads, creeks, breastworks,
// landmarks, the bases (front edge drawn heavy to show the facing), the
// brigade markers as flags, a scale bar and the banner.
#include <string>

#include "render/cairo_api.h"
#include "render/canvas.h"
#include "render/map_style.h"
#include "render/table_scene.h"
#include "util/markup.h"

namespace adjutant::render {

namespace {

constexpr Rgb kCloth{0.80, 0.84, 0.66};
constexpr Rgb kHillFill{0.78, 0.68, 0.48};
constexpr Rgb kHillEdge{0.52, 0.40, 0.22};
constexpr Rgb kWoodsFill{0.30, 0.50, 0.27};
constexpr Rgb kTownFill{0.62, 0.58, 0.55};
constexpr Rgb kWorks{0.40, 0.26, 0.14};
constexpr Rgb kLandmark{0.85, 0.65, 0.05};
constexpr Rgb kCard{0.96, 0.94, 0.86};

Rgb table_side_colour(const TableScene& scene, const std::string& side) {
  for (const auto& s : scene.scenario.sides)
    if (s.id == side)
      return parse_colour(s.colour,
                          side == "union" ? Rgb{0.12, 0.23, 0.58} : Rgb{0.54, 0.55, 0.57});
  return kBlack;
}

void trace(Canvas& canvas, const std::vector<Point>& points, bool closed) {
  if (points.empty()) return;
  canvas.move(points[0]);
  for (std::size_t i = 1; i < points.size(); ++i) canvas.line(points[i]);
  if (closed) canvas.line(points[0]);
}

std::vector<Point> placed(const TableScene& scene, const chaos::Outline& o) {
  std::vector<Point> out;
  for (auto p : o.points) out.push_back(scene.place(p));
  return out;
}

void draw_cloth(Canvas& canvas, const TableScene& scene) {
  Point sw = scene.place({0, 0});
  Point ne = scene.place({scene.scenario.table.width, scene.scenario.table.length});
  canvas.begin("class=\"table\"");
  canvas.rectangle(sw.x, ne.y, ne.x - sw.x, sw.y - ne.y);
  canvas.fill_stroke(kCloth, kGrid, 1.5);
  canvas.end();
  for (const auto& s : scene.scenario.sides) {
    if (!s.zone) continue;
    canvas.begin("class=\"zone\" data-side=\"" + escape_markup(s.id) + "\"");
    trace(canvas, placed(scene, *s.zone), true);
    canvas.colour(table_side_colour(scene, s.id), 0.8);
    canvas.line_width(1.5);
    canvas.dash({6, 4});
    canvas.stroke();
    canvas.no_dash();
    canvas.end();
  }
}

void draw_features(Canvas& canvas, const TableScene& scene) {
  double px = kTablePixelsPerInch;
  // Areas first (hills under woods under towns), then lines over them.
  for (auto kind :
       {chaos::TerrainKind::kHill, chaos::TerrainKind::kWoods, chaos::TerrainKind::kTown,
        chaos::TerrainKind::kRoad, chaos::TerrainKind::kCreek, chaos::TerrainKind::kBreastworks}) {
    for (const auto& f : scene.scenario.terrain.features) {
      if (f.kind != kind) continue;
      canvas.begin("class=\"terrain " + std::string(chaos::terrain_name(kind)) + "\" data-id=\"" +
                   escape_markup(f.id) + "\"");
      auto pts = placed(scene, f.shape);
      switch (kind) {
        case chaos::TerrainKind::kHill:
          trace(canvas, pts, true);
          canvas.fill_stroke(kHillFill, kHillEdge, 1.2);
          break;
        case chaos::TerrainKind::kWoods:
          trace(canvas, pts, true);
          canvas.colour(kWoodsFill, 0.75);
          canvas.fill();
          break;
        case chaos::TerrainKind::kTown:
          trace(canvas, pts, true);
          canvas.fill_stroke(kTownFill, kBlack, 0.8);
          break;
        case chaos::TerrainKind::kBreastworks:
          trace(canvas, pts, true);
          canvas.fill_stroke(kWorks, kWorks, 1);
          break;
        case chaos::TerrainKind::kRoad:
          trace(canvas, pts, false);
          canvas.colour(kRoad, 0.85);
          canvas.line_width(double(scene.scenario.terrain.road_width) / chaos::kInch * px);
          canvas.stroke();
          break;
        case chaos::TerrainKind::kCreek:
          trace(canvas, pts, false);
          canvas.colour(kWater);
          canvas.line_width(0.35 * px);
          canvas.stroke();
          break;
      }
      canvas.end();
    }
  }
  for (const auto& l : scene.scenario.terrain.landmarks) {
    Point c = scene.place(l.at);
    canvas.begin("class=\"landmark\" data-id=\"" + escape_markup(l.id) + "\"");
    canvas.circle(c, 0.6 * px);
    canvas.fill_stroke(kLandmark, kBlack, 1);
    // The name to the right of the mark, or to its left where it would run
    // off the table.
    double right = scene.place({scene.scenario.table.width, 0}).x;
    bool fits = c.x + 0.9 * px + canvas.text_width(l.name, kPlaceNameSize, Weight::kBold) <= right;
    canvas.text_halo(l.name, {fits ? c.x + 0.9 * px : c.x - 0.9 * px, c.y + 3}, kPlaceNameSize,
                     Weight::kBold, fits ? Align::kLeft : Align::kRight, kBlack, kLabelHalo, 2.5);
    canvas.end();
  }
}

std::string piece_attributes(const TablePiece& p) {
  std::string a = "class=\"" + p.kind + (p.own ? " own" : " enemy") + "\" data-side=\"" +
                  escape_markup(p.side) + "\"";
  if (!p.brigade.empty()) a += " data-brigade=\"" + escape_markup(p.brigade) + "\"";
  if (!p.label.empty()) a += " data-name=\"" + escape_markup(p.label) + "\"";
  return a;
}

// A base: filled in its side's colour, its front edge (corners 0-1) heavy.
void draw_base(Canvas& canvas, const TableScene& scene, const TablePiece& p) {
  Rgb fill = table_side_colour(scene, p.side);
  if (p.kind == "wagon") fill = mix(fill, kWhite, 0.65);
  trace(canvas, p.corners, true);
  canvas.fill_stroke(fill, kCounterEdge, 0.8);
  canvas.move(p.corners[0]);
  canvas.line(p.corners[1]);
  canvas.colour(kBlack);
  canvas.line_width(p.kind == "battery" ? 2.6 : 1.8);
  canvas.stroke();
  if (p.kind == "commander" || p.kind == "brigade-commander") {
    Point c{(p.corners[0].x + p.corners[2].x) / 2, (p.corners[0].y + p.corners[2].y) / 2};
    canvas.circle(c, 2.2);
    canvas.fill_stroke(kWhite, kBlack, 0.8);
  }
}

// A marker: the card, a pole and a flag in the side's colour; the
// brigade's name only where this view may read it.
void draw_marker(Canvas& canvas, const TableScene& scene, const TablePiece& p) {
  Rgb colour = table_side_colour(scene, p.side);
  trace(canvas, p.corners, true);
  canvas.fill_stroke(kCard, colour, 1.4);
  double x0 = p.corners[3].x, y0 = p.corners[3].y;  // rear-left: the card's south-west
  double w = p.corners[1].x - p.corners[3].x, h = p.corners[3].y - p.corners[1].y;
  Point foot{x0 + 0.3 * w, y0 - 0.15 * h}, head{x0 + 0.3 * w, y0 - 0.85 * h};
  canvas.move(foot);
  canvas.line(head);
  canvas.colour(kBlack);
  canvas.line_width(1.2);
  canvas.stroke();
  canvas.rectangle(head.x, head.y, 0.45 * w, 0.3 * h);
  canvas.fill_stroke(colour, kBlack, 0.8);
  if (!p.label.empty())
    canvas.text_halo(p.label, {x0 + w / 2, y0 + kDesignationSize + 2}, kDesignationSize,
                     Weight::kBold, Align::kCentre, kBlack, kLabelHalo, 2.5);
}

void draw_pieces(Canvas& canvas, const TableScene& scene) {
  for (const auto& p : scene.pieces) {
    if (p.kind == "marker") continue;
    canvas.begin(piece_attributes(p));
    draw_base(canvas, scene, p);
    canvas.end();
  }
  for (const auto& p : scene.pieces) {
    if (p.kind != "marker") continue;
    canvas.begin(piece_attributes(p));
    draw_marker(canvas, scene, p);
    canvas.end();
  }
}

void draw_scale_and_banner(Canvas& canvas, const TableScene& scene) {
  double px = kTablePixelsPerInch;
  canvas.begin("class=\"banner\"");
  canvas.rectangle(0, 0, scene.width, kTableBanner);
  canvas.colour(kBannerBack);
  canvas.fill();
  canvas.colour(kBannerInk);
  std::string title = scene.scenario.title;
  canvas.text(title, {kTableMargin, 20},
              canvas.fit(title, kTitleSize, Weight::kBold, scene.width - 2 * kTableMargin),
              Weight::kBold, Align::kLeft);
  std::string view = scene.side.empty()
                         ? "Umpire's table: every name"
                         : scene.scenario.side(scene.side).name + " table: enemy markers as flags";
  canvas.colour(kBannerDim);
  canvas.text(view + ", turn 1 (" + chaos::turn_type_name(scene.scenario.turns.front()) + ")",
              {kTableMargin, 40}, kBannerTextSize, Weight::kRegular, Align::kLeft);
  canvas.end();
  // 12 inches, the distance markers keep from the enemy.
  Point a = scene.place({0, 0});
  double y = a.y + 9;
  canvas.begin("class=\"scale\"");
  canvas.move({a.x, y});
  canvas.line({a.x + 12 * px, y});
  canvas.colour(kBlack);
  canvas.line_width(1.5);
  canvas.stroke();
  canvas.text("12\"", {a.x + 12 * px + 4, y + 3}, kDesignationSize, Weight::kRegular, Align::kLeft);
  canvas.end();
}

}  // namespace

void draw_table(Canvas& canvas, const TableScene& scene) {
  canvas.colour(kPaper);
  cairo_api().paint(canvas.cr());
  draw_cloth(canvas, scene);
  draw_features(canvas, scene);
  draw_pieces(canvas, scene);
  draw_scale_and_banner(canvas, scene);
}

}  // namespace adjutant::render
