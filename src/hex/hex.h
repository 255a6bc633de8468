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

// Hex numbers ("0912", or "H0912" on a map of several sheets) are read and
// written through the map's numbering: hex/numbering.h.

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

// A block of hexes numbered from 0101 (a map, or one sheet of it): `columns`
// columns of `rows` hexes, its "even" or "odd" columns one hex short
// (`short_columns`; "" for none). The last row of column `col`, and whether
// `h` is in the block.
int last_row(int col, int rows, const std::string& short_columns);
bool in_block(Hex h, int columns, int rows, const std::string& short_columns);

}  // namespace adjutant::hex
