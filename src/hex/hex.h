// Hex numbers, neighbours, hexsides and distance on the SPI hex grid: four-digit
// numbers (column then row), flat-topped hexes in vertical columns, even columns half a
// hex lower than odd ones. docs/hex-geometry.md draws it.
#pragma once

#include <array>
#include <compare>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace adjutant::hex {

struct Hex {
  int col = 0;
  int row = 0;
  auto operator<=>(const Hex&) const = default;
};

// Directions, clockwise from north.
inline constexpr int kNorth = 0;
inline constexpr int kNorthEast = 1;
inline constexpr int kSouthEast = 2;
inline constexpr int kSouth = 3;
inline constexpr int kSouthWest = 4;
inline constexpr int kNorthWest = 5;

// "N", "NE", "SE", "S", "SW", "NW"; `dir` is taken modulo 6.
std::string_view direction_name(int dir);

// "0912" -> {9, 12}; anything but exactly four ASCII digits -> nullopt. With map
// sheets in use (hex/sheets.h) the number carries its sheet's letter: "H0912" -> the
// joined-grid hex of sheet H's 0912; nullopt for an unknown letter or a hex off that
// sheet; a bare four-digit number that some sheet holds throws Error "hex.ambiguous".
std::optional<Hex> parse(std::string_view text);
// As parse, but a number refused with an error (hex.ambiguous) gives nullopt and
// sets `id` and `message`; for any other refusal they stay as given.
std::optional<Hex> parse_noting(std::string_view text, std::string& id, std::string& message);
// As parse, but throws Error "hex.bad_number" naming `what` (e.g. "order 3 path").
Hex parse_or_throw(std::string_view text, const std::string& what);
// {9, 12} -> "0912" (with sheets: "H0912", the first sheet listed that holds it). A hex
// off the numbered range or off every sheet (a neighbour of an edge hex, say) prints as
// "[col,row]", which parse never accepts.
std::string format(Hex h);

// `dir` is taken modulo 6, so neighbour(h, d + 3) is the way back.
Hex neighbour(Hex h, int dir);
std::array<Hex, 6> neighbours(Hex h);
std::optional<int> direction(Hex from, Hex to);
bool adjacent(Hex a, Hex b);
int distance(Hex a, Hex b);
// Hexes at exactly `radius` (6 * radius of them, or the centre alone for 0), sorted.
std::vector<Hex> ring(Hex centre, int radius);
// Hexes at most `radius` away, centre included (3r(r+1)+1 of them), sorted.
std::vector<Hex> within(Hex centre, int radius);

// A hexside is identified by its two hexes, stored with a < b, so the same hexside
// seen from either hex compares equal.
struct Hexside {
  Hex a;
  Hex b;
  auto operator<=>(const Hexside&) const = default;
};

// Throws Error "hex.not_adjacent" if x and y share no hexside.
Hexside hexside(Hex x, Hex y);
Hexside hexside(Hex h, int dir);
// "0505/0506", the lower hex first.
std::string format(Hexside s);
// Accepts "0505/0506" or "0506/0505"; nullopt for bad numbers or non-adjacent hexes.
std::optional<Hexside> parse_hexside(std::string_view text);

// Cube coordinates (x + y + z == 0): x is the column, z runs down the column. Distances
// and lines are computed here; rules otherwise speak in Hex.
struct Cube {
  int x = 0;
  int y = 0;
  int z = 0;
  auto operator<=>(const Cube&) const = default;
};
Cube to_cube(Hex h);
Hex from_cube(Cube c);

// Geometry for drawing only; rules never use it. Pixels with y growing downwards; a hex
// of circumradius `size` has hex 0101's centre at (size, sqrt(3)/2 * size), so column 01
// and row 01 touch the top-left corner of the picture.
struct Point {
  double x = 0;
  double y = 0;
};
Point centre(Hex h, double size);
// Corner k (taken modulo 6) lies at angle 60k degrees, clockwise on screen from east:
// 0 east, 1 lower right, 2 lower left, 3 west, 4 upper left, 5 upper right.
Point corner(Hex h, int k, double size);
// The two ends of the hexside's edge (corners (d+4)%6 and (d+5)%6 of s.a, where d is
// the direction from s.a to s.b), for drawing rivers and other hexside features.
std::pair<Point, Point> edge(Hexside s, double size);

}  // namespace adjutant::hex
