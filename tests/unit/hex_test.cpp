#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <queue>
#include <set>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "hex/hex.h"
#include "hex/numbering.h"
#include "util/error.h"

namespace hex = adjutant::hex;
using hex::Hex;
using hex::Hexside;

// The same specialisations as in hex_los_test.cpp, so both files print hexes alike: in
// plain numbers, the numbering these tests are about.
namespace Catch {
template <>
struct StringMaker<Hex> {
  static std::string convert(const Hex& h) { return hex::kPlainNumbers.format(h); }
};
template <>
struct StringMaker<Hexside> {
  static std::string convert(const Hexside& s) { return hex::kPlainNumbers.format(s); }
};
}  // namespace Catch

namespace {

Hex h(const char* text) {
  return hex::kPlainNumbers.parse(text).value();
}

// Shortest path lengths by breadth-first search over neighbours(), inside a box wide
// enough that no shortest path between the tested hexes needs to leave it.
std::map<Hex, int> bfs(Hex from) {
  std::map<Hex, int> dist{{from, 0}};
  std::queue<Hex> open;
  open.push(from);
  while (!open.empty()) {
    Hex cur = open.front();
    open.pop();
    for (Hex n : hex::neighbours(cur)) {
      if (n.col < -3 || n.col > 25 || n.row < -3 || n.row > 25 || dist.count(n)) continue;
      dist[n] = dist[cur] + 1;
      open.push(n);
    }
  }
  return dist;
}

}  // namespace

TEST_CASE("hex numbers parse and format as four digits, column then row", "[hex]") {
  struct Row {
    const char* text;
    Hex hex;
  };
  const Row rows[] = {
      {"0912", {9, 12}},  {"0101", {1, 1}},  {"0000", {0, 0}},
      {"9999", {99, 99}}, {"1005", {10, 5}}, {"0510", {5, 10}},
  };
  for (const Row& r : rows) {
    CAPTURE(r.text);
    REQUIRE(hex::kPlainNumbers.parse(r.text) == r.hex);
    CHECK(hex::kPlainNumbers.format(r.hex) == r.text);
    CHECK(hex::kPlainNumbers.parse_or_throw(r.text, "test") == r.hex);
  }
}

TEST_CASE("anything but four ASCII digits is not a hex number", "[hex]") {
  for (const char* text : {"912", "09a2", "09123", "", " 912", "912 ", "-912", "+912", "09/2",
                           "0x12", "\xef\xbc\x90"}) {
    CAPTURE(text);
    CHECK_FALSE(hex::kPlainNumbers.parse(text).has_value());
  }
}

TEST_CASE("parse_or_throw names what was being read", "[hex]") {
  try {
    hex::kPlainNumbers.parse_or_throw("09a2", "orders.json: order 3 path");
    FAIL("no error thrown");
  } catch (const adjutant::Error& e) {
    CHECK(e.id() == "hex.bad_number");
    CHECK(e.detail() ==
          "orders.json: order 3 path: '09a2' is not a hex number "
          "(four digits, column then row, e.g. 0912)");
  }
}

TEST_CASE("a numbering without sheets is the plain one", "[hex]") {
  for (const hex::Numbering& n : {hex::Numbering(), hex::Numbering(nullptr), hex::kPlainNumbers}) {
    CHECK(n.sheets() == nullptr);
    CHECK(n.format(Hex{9, 12}) == "0912");
    CHECK(n.parse("0912") == Hex{9, 12});
    CHECK_FALSE(n.parse("H0912"));
  }
  // Plain numbers are never refused with an error, so parse_noting leaves
  // what it would note as it was.
  std::string id = "kept", message = "kept";
  CHECK_FALSE(hex::kPlainNumbers.parse_noting("09a2", id, message));
  CHECK(hex::kPlainNumbers.parse_noting("0912", id, message) == Hex{9, 12});
  CHECK(id == "kept");
  CHECK(message == "kept");
}

TEST_CASE("hexes off the numbered range format as [col,row]", "[hex]") {
  CHECK(hex::kPlainNumbers.format(Hex{-1, 5}) == "[-1,5]");
  CHECK(hex::kPlainNumbers.format(Hex{100, 1}) == "[100,1]");
  CHECK(hex::kPlainNumbers.format(Hex{3, -1}) == "[3,-1]");
}

TEST_CASE("neighbours of odd and even columns, clockwise from north", "[hex]") {
  struct Row {
    const char* centre;
    const char* around[6];  // N, NE, SE, S, SW, NW
  };
  const Row rows[] = {
      {"0505", {"0504", "0604", "0605", "0506", "0405", "0404"}},
      {"0605", {"0604", "0705", "0706", "0606", "0506", "0505"}},
      {"0101", {"0100", "0200", "0201", "0102", "0001", "0000"}},
      {"0201", {"0200", "0301", "0302", "0202", "0102", "0101"}},
      {"1010", {"1009", "1110", "1111", "1011", "0911", "0910"}},
      {"0911", {"0910", "1010", "1011", "0912", "0811", "0810"}},
  };
  for (const Row& r : rows) {
    CAPTURE(r.centre);
    auto all = hex::neighbours(h(r.centre));
    for (int d = 0; d < 6; ++d) {
      CAPTURE(hex::direction_name(d));
      CHECK(hex::neighbour(h(r.centre), d) == h(r.around[d]));
      CHECK(all[d] == h(r.around[d]));
      CHECK(hex::direction(h(r.centre), h(r.around[d])) == d);
      CHECK(hex::adjacent(h(r.centre), h(r.around[d])));
    }
  }
}

TEST_CASE("neighbours off the numbered range keep their geometry", "[hex]") {
  // Column 00 is even and column -1 odd, like any other.
  CHECK(hex::neighbour(h("0001"), hex::kNorthWest) == Hex{-1, 1});
  CHECK(hex::neighbour(h("0001"), hex::kSouthWest) == Hex{-1, 2});
  CHECK(hex::neighbour(Hex{-1, 1}, hex::kSouthEast) == h("0001"));
  CHECK(hex::neighbour(Hex{-1, 1}, hex::kNorthEast) == h("0000"));
  CHECK(hex::neighbour(h("0100"), hex::kNorth) == Hex{1, -1});
}

TEST_CASE("each step has a way back, and direction() inverts neighbour()", "[hex]") {
  for (int col = 0; col <= 12; ++col) {
    for (int row = 0; row <= 12; ++row) {
      Hex c{col, row};
      for (int d = 0; d < 6; ++d) {
        Hex n = hex::neighbour(c, d);
        REQUIRE(hex::neighbour(n, (d + 3) % 6) == c);
        REQUIRE(hex::direction(c, n) == d);
        REQUIRE(hex::neighbour(c, d + 6) == n);
        REQUIRE(hex::neighbour(c, d - 6) == n);
      }
    }
  }
}

TEST_CASE("direction() is empty for hexes that are not adjacent", "[hex]") {
  CHECK_FALSE(hex::direction(h("0505"), h("0505")).has_value());
  CHECK_FALSE(hex::direction(h("0505"), h("0705")).has_value());
  CHECK_FALSE(hex::direction(h("0505"), h("0606")).has_value());  // two hexes away, SSE
  CHECK_FALSE(hex::direction(h("0605"), h("0504")).has_value());  // two hexes away, NNW
  CHECK_FALSE(hex::adjacent(h("0505"), h("0507")));
  CHECK(hex::direction_name(hex::kSouthWest) == "SW");
}

TEST_CASE("a hexside is the same seen from either hex", "[hex]") {
  Hexside s{h("0505"), h("0506")};
  CHECK(hex::hexside(h("0505"), h("0506")) == s);
  CHECK(hex::hexside(h("0506"), h("0505")) == s);
  CHECK(hex::hexside(h("0505"), hex::kSouth) == s);
  CHECK(hex::hexside(h("0506"), hex::kNorth) == s);
  CHECK(hex::kPlainNumbers.format(s) == "0505/0506");
  CHECK(hex::kPlainNumbers.parse_hexside("0505/0506") == s);
  CHECK(hex::kPlainNumbers.parse_hexside("0506/0505") == s);
  CHECK(hex::hexside(h("0605"), hex::kNorthWest) == Hexside{h("0505"), h("0605")});
  CHECK(hex::kPlainNumbers.format(hex::hexside(h("0706"), h("0605"))) == "0605/0706");

  for (int col = 1; col <= 10; ++col) {
    for (int row = 1; row <= 10; ++row) {
      for (int d = 0; d < 6; ++d) {
        Hex c{col, row};
        Hexside side = hex::hexside(c, d);
        REQUIRE(side == hex::hexside(hex::neighbour(c, d), (d + 3) % 6));
        REQUIRE(side.a < side.b);
      }
    }
  }
  // The six hexsides of a hex are six different hexsides.
  std::set<Hexside> sides;
  for (int d = 0; d < 6; ++d) sides.insert(hex::hexside(h("0605"), d));
  CHECK(sides.size() == 6);
}

TEST_CASE("hexsides exist only between adjacent hexes", "[hex]") {
  CHECK_THROWS_MATCHES(hex::hexside(h("0505"), h("0507")), adjutant::Error,
                       Catch::Matchers::Predicate<adjutant::Error>(
                           [](const adjutant::Error& e) { return e.id() == "hex.not_adjacent"; }));
  CHECK_THROWS_AS(hex::hexside(h("0505"), h("0505")), adjutant::Error);
  for (const char* text : {"0505/0507", "0505/0505", "0505", "0505-0506", "0505/050a",
                           "0505/0506/0507", "/0506", ""}) {
    CAPTURE(text);
    CHECK_FALSE(hex::kPlainNumbers.parse_hexside(text).has_value());
  }
}

TEST_CASE("distance, by hand and against a breadth-first search", "[hex]") {
  struct Row {
    const char* a;
    const char* b;
    int distance;
  };
  // Worked by walking the grid: e.g. 0101 to 1010 is nine steps SE (0201 0302 0402
  // 0503 0603 0704 0804 0905 1005) and five S.
  const Row rows[] = {
      {"0505", "0505", 0},  {"0505", "0605", 1}, {"0505", "0705", 2},  {"0505", "0905", 4},
      {"0505", "0510", 5},  {"0101", "0201", 1}, {"0101", "0202", 2},  {"0201", "0101", 1},
      {"0101", "1001", 9},  {"0101", "0110", 9}, {"0101", "1010", 14}, {"0605", "0504", 2},
      {"0605", "0403", 3},  {"0605", "0407", 3}, {"0202", "0301", 2},  {"0302", "0201", 1},
      {"1212", "0101", 17},
  };
  std::map<Hex, std::map<Hex, int>> searched;
  for (const Row& r : rows) {
    CAPTURE(r.a, r.b);
    CHECK(hex::distance(h(r.a), h(r.b)) == r.distance);
    CHECK(hex::distance(h(r.b), h(r.a)) == r.distance);
    if (!searched.count(h(r.a))) searched[h(r.a)] = bfs(h(r.a));
    CHECK(searched[h(r.a)].at(h(r.b)) == r.distance);
  }
  // And every hex of a 13 x 13 block from an odd and an even column.
  for (Hex from : {h("0505"), h("0606")}) {
    auto dist = bfs(from);
    for (int col = 0; col <= 12; ++col) {
      for (int row = 0; row <= 12; ++row) {
        REQUIRE(hex::distance(from, Hex{col, row}) == dist.at(Hex{col, row}));
      }
    }
  }
}

TEST_CASE("rings hold 6r hexes and discs 3r(r+1)+1, sorted", "[hex]") {
  for (Hex c : {h("0505"), h("0606"), h("0101")}) {
    CHECK(hex::ring(c, 0) == std::vector<Hex>{c});
    CHECK(hex::within(c, 0) == std::vector<Hex>{c});
    CHECK(hex::ring(c, -1).empty());
    CHECK(hex::within(c, -1).empty());
    for (int r = 1; r <= 6; ++r) {
      CAPTURE(hex::kPlainNumbers.format(c), r);
      auto ring = hex::ring(c, r);
      auto disc = hex::within(c, r);
      CHECK(ring.size() == size_t(6 * r));
      CHECK(disc.size() == size_t(3 * r * (r + 1) + 1));
      CHECK(std::is_sorted(ring.begin(), ring.end()));
      CHECK(std::is_sorted(disc.begin(), disc.end()));
      CHECK(std::adjacent_find(disc.begin(), disc.end()) == disc.end());
      for (Hex x : ring) CHECK(hex::distance(c, x) == r);
      for (Hex x : disc) CHECK(hex::distance(c, x) <= r);
    }
  }
  auto ring1 = hex::ring(h("0505"), 1);
  CHECK(ring1 ==
        std::vector<Hex>{h("0404"), h("0405"), h("0504"), h("0506"), h("0604"), h("0605")});
}

TEST_CASE("drawing geometry: centres, corners and hexside edges", "[hex]") {
  const double s = 10;
  const double r3 = std::sqrt(3.0);
  auto near = [](hex::Point p, double x, double y) {
    return std::abs(p.x - x) < 1e-9 && std::abs(p.y - y) < 1e-9;
  };
  CHECK(near(hex::centre(h("0101"), s), 10, 5 * r3));
  CHECK(near(hex::centre(h("0102"), s), 10, 15 * r3));
  CHECK(near(hex::centre(h("0201"), s), 25, 10 * r3));  // half a hex lower than 0101
  CHECK(near(hex::centre(h("0505"), s), 70, 45 * r3));
  CHECK(near(hex::corner(h("0101"), 0, s), 20, 5 * r3));
  CHECK(near(hex::corner(h("0101"), 1, s), 15, 10 * r3));
  CHECK(near(hex::corner(h("0101"), 3, s), 0, 5 * r3));   // touches the left edge
  CHECK(near(hex::corner(h("0101"), 4, s), 5, 0));        // touches the top edge
  CHECK(near(hex::corner(h("0101"), 6, s), 20, 5 * r3));  // k is taken modulo 6

  // The south hexside of 0505 runs from its lower-right to its lower-left corner.
  auto [p, q] = hex::edge(hex::hexside(h("0505"), hex::kSouth), s);
  CHECK(near(p, 75, 50 * r3));
  CHECK(near(q, 65, 50 * r3));

  // Every hexside's edge ends at corners of both of its hexes, and its midpoint lies
  // halfway between the two centres.
  for (Hex c : hex::within(h("0606"), 2)) {
    for (int d = 0; d < 6; ++d) {
      Hexside side = hex::hexside(c, d);
      auto [e1, e2] = hex::edge(side, s);
      for (hex::Point e : {e1, e2}) {
        for (Hex x : {side.a, side.b}) {
          bool found = false;
          for (int k = 0; k < 6; ++k) found = found || near(hex::corner(x, k, s), e.x, e.y);
          CHECK(found);
        }
      }
      hex::Point ca = hex::centre(side.a, s);
      hex::Point cb = hex::centre(side.b, s);
      CHECK(near({(e1.x + e2.x) / 2, (e1.y + e2.y) / 2}, (ca.x + cb.x) / 2, (ca.y + cb.y) / 2));
    }
  }
}

TEST_CASE("cube coordinates round-trip and sum to zero", "[hex]") {
  for (int col = -3; col <= 12; ++col) {
    for (int row = -3; row <= 12; ++row) {
      hex::Cube c = hex::to_cube(Hex{col, row});
      REQUIRE(c.x + c.y + c.z == 0);
      REQUIRE(hex::from_cube(c) == Hex{col, row});
    }
  }
}
