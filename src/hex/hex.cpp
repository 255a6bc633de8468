#include "hex/hex.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "hex/numbering.h"
#include "util/error.h"

namespace adjutant::hex {

namespace {

// Cube steps for N, NE, SE, S, SW, NW: N decreases z (up the column), NE moves one
// column right and half a hex up.
constexpr std::array<Cube, 6> kCubeSteps = {{
    {0, 1, -1},
    {1, 0, -1},
    {1, -1, 0},
    {0, -1, 1},
    {-1, 0, 1},
    {-1, 1, 0},
}};

constexpr std::array<std::string_view, 6> kDirectionNames = {"N", "NE", "SE", "S", "SW", "NW"};

int wrap(int dir) {
  return ((dir % 6) + 6) % 6;
}

}  // namespace

std::string_view direction_name(int dir) {
  return kDirectionNames[wrap(dir)];
}

// Even columns sit half a hex lower, so their rows start half a step further down
// the cube z axis; (col + (col & 1)) is always even, so the division is exact.
Cube to_cube(Hex h) {
  int x = h.col;
  int z = h.row - (h.col + (h.col & 1)) / 2;
  return {x, -x - z, z};
}

Hex from_cube(Cube c) {
  return {c.x, c.z + (c.x + (c.x & 1)) / 2};
}

Hex neighbour(Hex h, int dir) {
  Cube c = to_cube(h);
  const Cube& s = kCubeSteps[wrap(dir)];
  return from_cube({c.x + s.x, c.y + s.y, c.z + s.z});
}

std::array<Hex, 6> neighbours(Hex h) {
  std::array<Hex, 6> out;
  for (int d = 0; d < 6; ++d) out[d] = neighbour(h, d);
  return out;
}

std::optional<int> direction(Hex from, Hex to) {
  Cube a = to_cube(from);
  Cube b = to_cube(to);
  Cube delta{b.x - a.x, b.y - a.y, b.z - a.z};
  for (int d = 0; d < 6; ++d) {
    if (kCubeSteps[d] == delta) return d;
  }
  return std::nullopt;
}

bool adjacent(Hex a, Hex b) {
  return direction(a, b).has_value();
}

int distance(Hex a, Hex b) {
  Cube p = to_cube(a);
  Cube q = to_cube(b);
  return std::max({std::abs(p.x - q.x), std::abs(p.y - q.y), std::abs(p.z - q.z)});
}

std::vector<Hex> within(Hex centre, int radius) {
  std::vector<Hex> out;
  if (radius < 0) return out;
  Cube c = to_cube(centre);
  for (int dx = -radius; dx <= radius; ++dx) {
    for (int dz = std::max(-radius, -dx - radius); dz <= std::min(radius, -dx + radius); ++dz) {
      out.push_back(from_cube({c.x + dx, c.y - dx - dz, c.z + dz}));
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<Hex> ring(Hex centre, int radius) {
  std::vector<Hex> out = within(centre, radius);
  std::erase_if(out, [&](Hex h) { return distance(centre, h) != radius; });
  return out;
}

Hexside hexside(Hex x, Hex y) {
  if (!adjacent(x, y)) {
    throw Error("hex.not_adjacent", kPlainNumbers.format(x) + " and " + kPlainNumbers.format(y) +
                                        " are not adjacent, so they share no hexside");
  }
  return x < y ? Hexside{x, y} : Hexside{y, x};
}

Hexside hexside(Hex h, int dir) {
  return hexside(h, neighbour(h, dir));
}

Point centre(Hex h, double size) {
  const double half_height = std::sqrt(3.0) / 2 * size;
  bool even = (h.col & 1) == 0;
  return {size * (1.5 * h.col - 0.5), half_height * (2 * h.row - (even ? 0 : 1))};
}

Point corner(Hex h, int k, double size) {
  static constexpr std::array<double, 6> kCos = {1, 0.5, -0.5, -1, -0.5, 0.5};
  static constexpr std::array<int, 6> kSinSign = {0, 1, 1, 0, -1, -1};
  const double half_height = std::sqrt(3.0) / 2 * size;
  Point c = centre(h, size);
  int i = wrap(k);
  return {c.x + kCos[i] * size, c.y + kSinSign[i] * half_height};
}

std::pair<Point, Point> edge(Hexside s, double size) {
  int d = direction(s.a, s.b).value_or(0);
  return {corner(s.a, d + 4, size), corner(s.a, d + 5, size)};
}

int last_row(int col, int rows, const std::string& short_columns) {
  bool even = col % 2 == 0;
  bool short_column = (short_columns == "even" && even) || (short_columns == "odd" && !even);
  return short_column ? rows - 1 : rows;
}

bool in_block(Hex h, int columns, int rows, const std::string& short_columns) {
  return h.col >= 1 && h.col <= columns && h.row >= 1 &&
         h.row <= last_row(h.col, rows, short_columns);
}

}  // namespace adjutant::hex
