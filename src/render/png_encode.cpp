#include "render/png_encode.h"

#include "render/cairo_api.h"

#include <zlib.h>

#include <cstdint>
#include <new>
#include <stdexcept>
#include <vector>

namespace adjutant::render {

namespace {

using Bytes = std::vector<std::uint8_t>;

// The compression, measured on the bench map (1244x1780 pixels, 6.6 MB of
// RGB; `adjutant bench --time --render`):
// - Rows are not filtered. A map is flat fills, so deflate itself finds the
//   previous pixel (3 bytes back) and the pixel above (one row back, well
//   inside its 32 KiB window); the Sub, Up, Paeth and adaptive filters only
//   turn antialiased edges and text into more literals: 640-700 KB against
//   550 KB unfiltered, at every level.
// - Level 3, the last level of zlib's greedy matcher: about 20 ms for 550 KB.
//   Levels 4-6 add lazy matching, twice the time for 5-10% fewer bytes;
//   levels 1-2 save 2 ms for 2-4% more. PNG and SVG together stay far under
//   the 150 ms target, and every adjudication draws a map per view.
// - The default strategy: Z_FILTERED only differs from level 4 on, and
//   Z_RLE, which finds only runs, gives 3.4 MB on unfiltered rows.
// - memLevel 9, zlib's largest hash table: the same bytes give or take 0.1%,
//   and 4 ms faster than the default 8.
constexpr int kLevel = 3;
constexpr int kMemLevel = 9;
constexpr int kWindowBits = 15;

void put32(std::string& out, std::uint32_t v) {
  for (int shift = 24; shift >= 0; shift -= 8) out.push_back(char(v >> shift));
}

void chunk(std::string& out, const char* type, const Bytes& body) {
  put32(out, std::uint32_t(body.size()));
  std::size_t start = out.size();
  out.append(type, 4);
  out.append(reinterpret_cast<const char*>(body.data()), body.size());
  // The CRC covers the type and the body (PNG 5.3); zlib's crc32 is the same CRC-32.
  put32(out, std::uint32_t(crc32(0, reinterpret_cast<const Bytef*>(out.data() + start),
                                 uInt(out.size() - start))));
}

// One zlib stream, fed a row at a time.
class Deflater {
 public:
  Deflater() {
    int status = deflateInit2(&z_, kLevel, Z_DEFLATED, kWindowBits, kMemLevel, Z_DEFAULT_STRATEGY);
    if (status == Z_MEM_ERROR) throw std::bad_alloc();
    if (status != Z_OK) throw std::logic_error("zlib deflateInit2 failed");
  }
  ~Deflater() { deflateEnd(&z_); }
  Deflater(const Deflater&) = delete;
  Deflater& operator=(const Deflater&) = delete;

  void add(const Bytes& data) { run(data.data(), data.size(), Z_NO_FLUSH); }
  Bytes finish() {
    if (run(nullptr, 0, Z_FINISH) != Z_STREAM_END) throw std::logic_error("zlib deflate failed");
    return std::move(out_);
  }

 private:
  // zlib's usage pattern (zlib.h, zpipe.c): call deflate until it leaves
  // room in the output buffer, which means it has taken all the input (or,
  // with Z_FINISH, ended the stream).
  int run(const std::uint8_t* data, std::size_t n, int flush) {
    z_.next_in = const_cast<std::uint8_t*>(data);
    z_.avail_in = uInt(n);
    int status;
    do {
      z_.next_out = buffer_.data();
      z_.avail_out = uInt(buffer_.size());
      status = deflate(&z_, flush);
      if (status == Z_STREAM_ERROR) throw std::logic_error("zlib deflate failed");
      out_.insert(out_.end(), buffer_.data(), buffer_.data() + buffer_.size() - z_.avail_out);
    } while (z_.avail_out == 0);
    return status;
  }
  z_stream z_{};
  Bytes buffer_ = Bytes(std::size_t(1) << 16);
  Bytes out_;
};

}  // namespace

std::string encode_png(cairo_surface_t* image) {
  cairo_api().surface_flush(image);
  const int width = cairo_api().image_surface_get_width(image);
  const int height = cairo_api().image_surface_get_height(image);
  const int stride = cairo_api().image_surface_get_stride(image);
  const unsigned char* pixels = cairo_api().image_surface_get_data(image);
  Deflater deflater;
  Bytes row(1 + std::size_t(width) * 3);
  row[0] = 0;  // filter type None
  for (int y = 0; y < height; ++y) {
    const auto* p =
        reinterpret_cast<const std::uint32_t*>(pixels + std::size_t(y) * std::size_t(stride));
    for (int x = 0; x < width; ++x) {
      row[1 + std::size_t(x) * 3] = std::uint8_t(p[x] >> 16);
      row[2 + std::size_t(x) * 3] = std::uint8_t(p[x] >> 8);
      row[3 + std::size_t(x) * 3] = std::uint8_t(p[x]);
    }
    deflater.add(row);
  }
  std::string out("\x89PNG\r\n\x1a\n", 8);
  Bytes header(13, 0);
  for (int i = 0; i < 4; ++i) {
    header[std::size_t(i)] = std::uint8_t(std::uint32_t(width) >> (24 - 8 * i));
    header[std::size_t(4 + i)] = std::uint8_t(std::uint32_t(height) >> (24 - 8 * i));
  }
  header[8] = 8;  // bits per sample
  header[9] = 2;  // truecolour
  chunk(out, "IHDR", header);
  chunk(out, "IDAT", deflater.finish());
  chunk(out, "IEND", {});
  return out;
}

}  // namespace adjutant::render
