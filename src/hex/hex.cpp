#include "hex/hex.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "hex/sheets.h"
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

bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

std::string two_digits(int v) {
  return std::string{char('0' + v / 10), char('0' + v % 10)};
}

}  // namespace

std::string_view direction_name(int dir) {
  return kDirectionNames[wrap(dir)];
}

namespace {

std::optional<Hex> parse_digits(std::string_view text) {
  if (text.size() != 4 || !std::all_of(text.begin(), text.end(), is_digit)) return std::nullopt;
  return Hex{(text[0] - '0') * 10 + (text[1] - '0'), (text[2] - '0') * 10 + (text[3] - '0')};
}

std::string format_digits(Hex h) {
  if (h.col < 0 || h.col > 99 || h.row < 0 || h.row > 99) {
    return "[" + std::to_string(h.col) + "," + std::to_string(h.row) + "]";
  }
  return two_digits(h.col) + two_digits(h.row);
}

// A number on a map of several sheets: "H1301" names sheet H's hex 1301; a
// bare "1301" is refused (hex.ambiguous), since it does not say which sheet.
std::optional<Hex> parse_on_sheets(const Sheets& sheets, std::string_view text) {
  if (auto bare = parse_digits(text)) {
    std::string named;
    for (const auto& s : sheets.list())
      if (s.holds_local(*bare))
        named += std::string(named.empty() ? "" : " or ") + s.prefix + std::string(text);
    if (named.empty()) return std::nullopt;
    throw Error("hex.ambiguous", "'" + std::string(text) +
                                     "' does not say which map sheet it is on: write it with the "
                                     "sheet's letter (" +
                                     named + ")");
  }
  if (text.size() != 5) return std::nullopt;
  const Sheet* s = sheets.sheet(text[0]);
  auto local = parse_digits(text.substr(1));
  if (!s || !local || !s->holds_local(*local)) return std::nullopt;
  return s->joined(*local);
}

}  // namespace

std::optional<Hex> parse(std::string_view text) {
  if (const Sheets* sheets = sheets_in_use()) return parse_on_sheets(*sheets, text);
  return parse_digits(text);
}

std::optional<Hex> parse_noting(std::string_view text, std::string& id, std::string& message) {
  try {
    return parse(text);
  } catch (const Error& e) {
    id = e.id();
    message = e.what();
    return std::nullopt;
  }
}

Hex parse_or_throw(std::string_view text, const std::string& what) {
  if (auto h = parse(text)) return *h;
  if (const Sheets* sheets = sheets_in_use())
    throw Error("hex.bad_number", what + ": '" + std::string(text) +
                                      "' is not a hex number of this map (a sheet letter, one of " +
                                      sheets->letters() +
                                      ", then four digits, column then row, e.g. " +
                                      sheets->list().front().prefix + "0912)");
  throw Error("hex.bad_number",
              what + ": '" + std::string(text) +
                  "' is not a hex number (four digits, column then row, e.g. 0912)");
}

std::string format(Hex h) {
  if (const Sheets* sheets = sheets_in_use()) {
    if (const Sheet* s = sheets->home(h)) return s->prefix + format_digits(s->local(h));
    return "[" + std::to_string(h.col) + "," + std::to_string(h.row) + "]";
  }
  return format_digits(h);
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
    throw Error("hex.not_adjacent",
                format(x) + " and " + format(y) + " are not adjacent, so they share no hexside");
  }
  return x < y ? Hexside{x, y} : Hexside{y, x};
}

Hexside hexside(Hex h, int dir) {
  return hexside(h, neighbour(h, dir));
}

std::string format(Hexside s) {
  return format(s.a) + "/" + format(s.b);
}

std::optional<Hexside> parse_hexside(std::string_view text) {
  auto slash = text.find('/');
  if (slash == std::string_view::npos) return std::nullopt;
  auto x = parse(text.substr(0, slash));
  auto y = parse(text.substr(slash + 1));
  if (!x || !y || !adjacent(*x, *y)) return std::nullopt;
  return hexside(*x, *y);
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

}  // namespace adjutant::hex
