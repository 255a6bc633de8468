#include "render/overlay_json.h"

#include <zlib.h>

#include <cmath>
#include <new>

#include "render/map_overlay.h"
#include "render/surface.h"
#include "util/error.h"

namespace adjutant::render {

Json px(double v) {
  return std::round(v * 100) / 100;
}

Json point_list(const std::vector<hex::Point>& points) {
  Json out = Json::array();
  for (const auto& p : points) {
    out.push_back(px(p.x));
    out.push_back(px(p.y));
  }
  return out;
}

std::string css(Rgb c) {
  auto channel = [](double v) {
    return std::to_string(int(std::lround(std::clamp(v, 0.0, 1.0) * 255)));
  };
  return "rgb(" + channel(c.r) + "," + channel(c.g) + "," + channel(c.b) + ")";
}

Json style_json() {
  return {{"paper", css(kPaper)},
          {"counterEdge", css(kCounterEdge)},
          {"ineffective", css(kIneffective)},
          {"demoralized", css(kDemoralized)},
          {"combat", css(kCombat)},
          {"eliminatedCross", css(kEliminatedCross)},
          {"bannerBack", css(kBannerBack)},
          {"bannerInk", css(kBannerInk)},
          {"bannerDim", css(kBannerDim)},
          {"bridgeDeck", css(kBridgeDeck)},
          {"labelHalo", css(kLabelHalo)},
          {"grid", css(kGrid)},
          {"counterWidth", kCounterWidth},
          {"counterHeight", kCounterHeight},
          {"counterGap", kCounterGap},
          {"designationSize", kDesignationSize},
          {"valuesSize", kValuesSize},
          {"placeNameSize", kPlaceNameSize},
          {"hexNumberSize", kHexNumberSize},
          {"bannerTextSize", kBannerTextSize},
          {"combatTextSize", kCombatTextSize},
          {"margin", kMargin}};
}

Json font_metrics() {
  static const Json metrics = [] {
    std::string chars;
    auto add = [&](char32_t c) {
      if (c < 0x80) {
        chars += char(c);
      } else if (c < 0x800) {
        chars += char(0xC0 | (c >> 6));
        chars += char(0x80 | (c & 0x3F));
      } else {
        chars += char(0xE0 | (c >> 12));
        chars += char(0x80 | ((c >> 6) & 0x3F));
        chars += char(0x80 | (c & 0x3F));
      }
    };
    std::vector<std::string> each;
    for (char32_t c = 0x20; c < 0x7F; ++c) add(c);
    for (char32_t c = 0xA0; c <= 0xFF; ++c) add(c);
    for (char32_t c : {0x2013, 0x2014, 0x2018, 0x2019, 0x201C, 0x201D, 0x2026, 0x2191, 0x2605})
      add(c);
    // Each character's own bytes, for measuring one at a time.
    for (std::size_t i = 0; i < chars.size();) {
      std::size_t n = (chars[i] & 0x80) == 0 ? 1 : (chars[i] & 0xE0) == 0xC0 ? 2 : 3;
      each.push_back(chars.substr(i, n));
      i += n;
    }
    Json regular = Json::array(), bold = Json::array();
    // Measured at 100 px: the metrics are unhinted, so advances scale with the size.
    draw_png_image(1, 1, [&](Canvas& canvas) {
      for (const auto& c : each) {
        regular.push_back(std::lround(canvas.text_width(c, 100, Weight::kRegular) * 1e4));
        bold.push_back(std::lround(canvas.text_width(c, 100, Weight::kBold) * 1e4));
      }
    });
    return Json{{"chars", chars}, {"regular", regular}, {"bold", bold}};
  }();
  return metrics;
}

std::string gzip(const std::string& bytes) {
  z_stream z{};
  // windowBits 15 + 16: a gzip header and trailer, with no name and no time.
  if (deflateInit2(&z, 9, Z_DEFLATED, 15 + 16, 9, Z_DEFAULT_STRATEGY) != Z_OK)
    throw std::bad_alloc();
  std::string out(deflateBound(&z, uLong(bytes.size())) + 32, '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data()));
  z.avail_in = uInt(bytes.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = uInt(out.size());
  int status = deflate(&z, Z_FINISH);
  out.resize(z.total_out);
  deflateEnd(&z);
  if (status != Z_STREAM_END) throw std::bad_alloc();
  return out;
}

std::string gunzip(const std::string& bytes) {
  z_stream z{};
  if (inflateInit2(&z, 15 + 16) != Z_OK) throw std::bad_alloc();
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data()));
  z.avail_in = uInt(bytes.size());
  std::string out;
  char buffer[1 << 15];
  int status = Z_OK;
  while (status == Z_OK) {
    z.next_out = reinterpret_cast<Bytef*>(buffer);
    z.avail_out = sizeof buffer;
    status = inflate(&z, Z_NO_FLUSH);
    out.append(buffer, sizeof buffer - z.avail_out);
    if (status == Z_BUF_ERROR && z.avail_in == 0) break;
  }
  inflateEnd(&z);
  if (status != Z_STREAM_END) throw Error("render.gzip", "not a whole gzip stream");
  return out;
}

}  // namespace adjutant::render
