#include "render/map_style.h"

#include <cmath>
#include <string>

namespace adjutant::render {

namespace {

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

Rgb parse_colour(std::string_view text, Rgb fallback) {
  if (text.empty() || text[0] != '#') return fallback;
  text.remove_prefix(1);
  int v[6];
  for (std::size_t i = 0; i < text.size() && i < 6; ++i)
    if ((v[i] = hex_digit(text[i])) < 0) return fallback;
  if (text.size() == 6)
    return {(v[0] * 16 + v[1]) / 255.0, (v[2] * 16 + v[3]) / 255.0, (v[4] * 16 + v[5]) / 255.0};
  if (text.size() == 3) return {v[0] * 17 / 255.0, v[1] * 17 / 255.0, v[2] * 17 / 255.0};
  return fallback;
}

Rgb mix(Rgb a, Rgb b, double t) {
  return {a.r + (b.r - a.r) * t, a.g + (b.g - a.g) * t, a.b + (b.b - a.b) * t};
}

double luminance(Rgb c) {
  return 0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b;
}

Rgb ink_on(Rgb background) {
  return luminance(background) > 0.45 ? kBlack : kWhite;
}

}  // namespace adjutant::render
