#include <cmath>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <catch2/catch.hpp>

#include "hex/hex.h"
#include "hex/los.h"
#include "hex/numbering.h"

namespace hex = adjutant::hex;
using hex::Hex;
using hex::LosStep;

// The same StringMaker<Hex> as in hex_test.cpp, so both files print hexes alike. These
// tests work on the bare grid, so its hexes are written with plain numbers.
namespace Catch {
template <>
struct StringMaker<Hex> {
  static std::string convert(const Hex& h) { return hex::kPlainNumbers.format(h); }
};
template <>
struct StringMaker<LosStep> {
  static std::string convert(const LosStep& s) {
    return hex::kPlainNumbers.format(s.hex) +
           (s.other ? "|" + hex::kPlainNumbers.format(*s.other) : "");
  }
};
}  // namespace Catch

namespace {

Hex h(const char* text) {
  return hex::kPlainNumbers.parse(text).value();
}

// "0505 0604|0605 0705": one step per word, "x|y" for a hexside the line runs along.
std::vector<LosStep> steps(const std::string& text) {
  std::vector<LosStep> out;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t end = text.find(' ', pos);
    if (end == std::string::npos) end = text.size();
    std::string word = text.substr(pos, end - pos);
    if (word.size() == 9) {
      out.push_back({h(word.substr(0, 4).c_str()), h(word.substr(5, 4).c_str())});
    } else {
      out.push_back({h(word.c_str()), std::nullopt});
    }
    pos = end + 1;
  }
  return out;
}

auto blocking(std::set<Hex> hexes) {
  return [hexes = std::move(hexes)](Hex x) { return hexes.count(x) > 0; };
}

}  // namespace

// Expected lines worked out on the drawn grid (centres from hex::centre): e.g. 0505 to
// 0106 rises 1.73 hex heights over 6 column widths and passes column 03 at exactly the
// height of the hexside between 0305 and 0306, crossing it there.
TEST_CASE("rule 8.71: the line from centre to centre, step by step", "[hex][los]") {
  struct Row {
    const char* a;
    const char* b;
    const char* line;
  };
  const Row rows[] = {
      {"0505", "0505", "0505"},
      {"0505", "0506", "0505 0506"},
      {"0505", "0508", "0505 0506 0507 0508"},
      {"0508", "0505", "0508 0507 0506 0505"},
      {"0505", "0803", "0505 0604 0704 0803"},  // three steps NE
      {"0605", "0907", "0605 0706 0806 0907"},
      {"0505", "0706", "0505 0605 0706"},  // two steps SE
      {"0505", "0705", "0505 0604|0605 0705"},
      {"0705", "0505", "0705 0604|0605 0505"},
      {"0505", "0905", "0505 0604|0605 0705 0804|0805 0905"},
      {"0505", "0603", "0505 0504|0604 0603"},
      {"0605", "0805", "0605 0705|0706 0805"},
      {"0605", "0405", "0605 0505|0506 0405"},
      {"0505", "0106", "0505 0405 0305 0306 0205 0106"},
      {"0505", "1202", "0505 0604 0704 0804 0803 0904 0903 1003 1103 1202"},
  };
  for (const Row& r : rows) {
    CAPTURE(r.a, r.b);
    CHECK(hex::line(h(r.a), h(r.b)) == steps(r.line));
  }
}

TEST_CASE("rule 8.71: a blocking hex between the ends blocks", "[hex][los]") {
  CHECK(hex::line_of_sight(h("0505"), h("0508"), blocking({})));
  CHECK_FALSE(hex::line_of_sight(h("0505"), h("0508"), blocking({h("0507")})));
  CHECK(hex::blocking_step(h("0505"), h("0508"), blocking({h("0507"), h("0506")})) ==
        LosStep{h("0506"), std::nullopt});
  CHECK_FALSE(hex::line_of_sight(h("0505"), h("0803"), blocking({h("0704")})));
  // Hexes beside the line, not on it, never block.
  CHECK(hex::line_of_sight(h("0505"), h("0508"), blocking({h("0406"), h("0607"), h("0604")})));
}

TEST_CASE("rule 8.71: terrain in the firing and target hexes never blocks", "[hex][los]") {
  CHECK(hex::line_of_sight(h("0505"), h("0508"), blocking({h("0505"), h("0508")})));
  CHECK(hex::line_of_sight(h("0505"), h("0506"), [](Hex) { return true; }));
  CHECK(hex::line_of_sight(h("0505"), h("0505"), [](Hex) { return true; }));
  CHECK_FALSE(hex::line_of_sight(h("0505"), h("0507"), [](Hex) { return true; }));
}

TEST_CASE("rule 8.71: along a hexside the line is blocked only if both hexes block", "[hex][los]") {
  // 0505 to 0705 runs exactly along the hexside between 0604 and 0605.
  CHECK(hex::line_of_sight(h("0505"), h("0705"), blocking({h("0604")})));
  CHECK(hex::line_of_sight(h("0505"), h("0705"), blocking({h("0605")})));
  CHECK_FALSE(hex::line_of_sight(h("0505"), h("0705"), blocking({h("0604"), h("0605")})));
  CHECK(hex::blocking_step(h("0505"), h("0705"), blocking({h("0604"), h("0605")})) ==
        LosStep{h("0604"), h("0605")});
  // Blocking hexes on different hexsides of a longer line do not add up.
  CHECK(hex::line_of_sight(h("0505"), h("0905"), blocking({h("0604"), h("0805")})));
  CHECK_FALSE(hex::line_of_sight(h("0505"), h("0905"), blocking({h("0804"), h("0805")})));
  CHECK_FALSE(hex::line_of_sight(h("0505"), h("0905"), blocking({h("0705")})));
  // The other vertex direction, NNE: along the hexside between 0504 and 0604.
  CHECK(hex::line_of_sight(h("0505"), h("0603"), blocking({h("0504")})));
  CHECK_FALSE(hex::line_of_sight(h("0505"), h("0603"), blocking({h("0504"), h("0604")})));
}

TEST_CASE("rule 8.71: a line crossing a hexside at one point enters both hexes", "[hex][los]") {
  // 0505 to 0106 crosses the hexside 0305/0306 at its midpoint, not along it.
  CHECK_FALSE(hex::line_of_sight(h("0505"), h("0106"), blocking({h("0305")})));
  CHECK_FALSE(hex::line_of_sight(h("0505"), h("0106"), blocking({h("0306")})));
  CHECK(hex::line_of_sight(h("0505"), h("0106"), blocking({h("0406"), h("0206")})));
}

TEST_CASE("rule 8.71: a line nearly parallel to a hexside zigzags across it", "[hex][los]") {
  // 0505 to 1202 clips the upper-left of 0804 and of 0903 on its way; both block.
  CHECK_FALSE(hex::line_of_sight(h("0505"), h("1202"), blocking({h("0804")})));
  CHECK_FALSE(hex::line_of_sight(h("0505"), h("1202"), blocking({h("0903")})));
  CHECK(hex::line_of_sight(h("0505"), h("1202"), blocking({h("0805"), h("0703"), h("1002")})));
}

// An independent check in floating point on the drawn grid: walk the straight edge in
// small steps and name the hex whose centre is nearest (the hexes are exactly the
// regions nearest their centres). Points nearly equidistant from two centres lie on a
// hexside; a run of them is a hexside the line runs along.
TEST_CASE("rule 8.71: line() agrees with a walk along the drawn line", "[hex][los]") {
  const double size = 1;
  for (Hex a : {h("0909"), h("0808")}) {
    std::vector<Hex> nearby = hex::within(a, 9);
    for (Hex b : hex::within(a, 7)) {
      if (b == a) continue;
      CAPTURE(hex::kPlainNumbers.format(a), hex::kPlainNumbers.format(b));
      hex::Point pa = hex::centre(a, size);
      hex::Point pb = hex::centre(b, size);
      const int samples = 100 * hex::distance(a, b);

      std::vector<Hex> inside;
      std::set<std::pair<Hex, Hex>> along;
      std::pair<Hex, Hex> last_tie{};
      bool tied_before = false;
      for (int k = 0; k <= samples; ++k) {
        double t = double(k) / samples;
        double x = pa.x + (pb.x - pa.x) * t;
        double y = pa.y + (pb.y - pa.y) * t;
        Hex best{}, second{};
        double d1 = 1e9, d2 = 1e9;
        for (Hex c : nearby) {
          hex::Point pc = hex::centre(c, size);
          double d = std::hypot(pc.x - x, pc.y - y);
          if (d < d1) {
            d2 = d1, second = best;
            d1 = d, best = c;
          } else if (d < d2) {
            d2 = d, second = c;
          }
        }
        if (d2 - d1 < 1e-9) {
          std::pair<Hex, Hex> tie =
              best < second ? std::pair{best, second} : std::pair{second, best};
          if (tied_before && tie == last_tie) along.insert(tie);
          last_tie = tie;
          tied_before = true;
          continue;
        }
        tied_before = false;
        if (inside.empty() || inside.back() != best) inside.push_back(best);
      }

      std::vector<Hex> line_inside;
      std::set<std::pair<Hex, Hex>> line_along;
      for (const LosStep& s : hex::line(a, b)) {
        if (s.other) {
          line_along.insert({s.hex, *s.other});
        } else {
          line_inside.push_back(s.hex);
        }
      }
      CHECK(line_inside == inside);
      CHECK(line_along == along);
    }
  }
}
