// Works the ruleset marks on the board (rules/map_marks.h; the 1961
// Chancellorsville's): fortification counters (white: either side may hold
// them) ringing their squares, and built pontoon bridges as decks from
// shore square to shore square across the river square.
#include <cmath>

#include "render/layers.h"
#include "render/map_style.h"
#include "util/markup.h"

namespace adjutant::render {

void draw_fort_mark(Canvas& canvas, Point c, double r) {
  canvas.move({c.x, c.y - r});
  canvas.line({c.x + r, c.y});
  canvas.line({c.x, c.y + r});
  canvas.line({c.x - r, c.y});
  canvas.line({c.x, c.y - r});
  canvas.fill_stroke(kWhite, kBlack, 1.2);
}

void draw_works(Canvas& canvas, const Scene& scene) {
  const hex::Numbering num = scene.scenario.numbers();
  {
    for (const auto& f : scene.marks.fortifications) {
      auto h = num.parse(f);
      if (!h) continue;
      Point c = scene.centre(*h);
      canvas.begin("class=\"fortification\" data-hex=\"" + escape_markup(f) + "\"");
      // A white ring inside the square's edge, seen around any counter on it.
      canvas.colour(kBlack, 0.7);
      canvas.line_width(0.16 * scene.size);
      canvas.circle(c, 0.72 * scene.size);
      canvas.stroke();
      canvas.colour(kWhite);
      canvas.line_width(0.1 * scene.size);
      canvas.circle(c, 0.72 * scene.size);
      canvas.stroke();
      draw_fort_mark(canvas, {c.x, c.y - 0.62 * scene.size}, 0.18 * scene.size);
      canvas.end();
    }
  }
  {
    for (const auto& [unit, from, to] : scene.marks.bridges) {
      auto a = num.parse(from);
      auto z = num.parse(to);
      if (!a || !z) continue;
      Point pa = scene.centre(*a), pz = scene.centre(*z);
      canvas.begin("class=\"bridge\" data-unit=\"" + escape_markup(unit) + "\"");
      canvas.move(pa);
      canvas.line(pz);
      canvas.colour(kBlack, 0.6);
      canvas.line_width(0.3 * scene.size);
      canvas.stroke();
      canvas.move(pa);
      canvas.line(pz);
      canvas.colour(kBridgeDeck);
      canvas.line_width(0.22 * scene.size);
      canvas.stroke();
      // Planks across the deck.
      double dx = pz.x - pa.x, dy = pz.y - pa.y, len = std::hypot(dx, dy);
      if (len > 0) {
        double nx = -dy / len * 0.11 * scene.size, ny = dx / len * 0.11 * scene.size;
        canvas.colour(kWhite, 0.6);
        canvas.line_width(1);
        for (int i = 1; i < 8; ++i) {
          Point p{pa.x + dx * i / 8, pa.y + dy * i / 8};
          canvas.move({p.x - nx, p.y - ny});
          canvas.line({p.x + nx, p.y + ny});
        }
        canvas.stroke();
      }
      canvas.end();
    }
  }
}

}  // namespace adjutant::render
