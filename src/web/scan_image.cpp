#include "web/scan_image.h"

#include "ledger/digest.h"
#include "util/error.h"
#include "util/files.h"

namespace adjutant::web {

namespace {

unsigned byte_at(const std::string& b, std::size_t i) {
  return static_cast<unsigned char>(b[i]);
}

unsigned be16(const std::string& b, std::size_t i) {
  return (byte_at(b, i) << 8) | byte_at(b, i + 1);
}

unsigned long be32(const std::string& b, std::size_t i) {
  return (static_cast<unsigned long>(be16(b, i)) << 16) | be16(b, i + 2);
}

// PNG: the signature, then the IHDR chunk with the width and height.
bool read_png(const std::string& b, ScanImage& out) {
  static const std::string kSignature = "\x89PNG\r\n\x1a\n";
  if (b.size() < 24 || b.compare(0, 8, kSignature) != 0 || b.compare(12, 4, "IHDR") != 0)
    return false;
  unsigned long w = be32(b, 16), h = be32(b, 20);
  if (w == 0 || h == 0 || w > 1000000 || h > 1000000) return false;
  out.type = "image/png";
  out.width = int(w);
  out.height = int(h);
  return true;
}

// JPEG: the markers after SOI up to the first start-of-frame, which holds
// the height and width.
bool read_jpeg(const std::string& b, ScanImage& out) {
  if (b.size() < 4 || byte_at(b, 0) != 0xFF || byte_at(b, 1) != 0xD8) return false;
  std::size_t at = 2;
  while (at + 4 <= b.size()) {
    if (byte_at(b, at) != 0xFF) return false;
    unsigned marker = byte_at(b, at + 1);
    if (marker == 0xFF) {  // fill byte
      ++at;
      continue;
    }
    if (marker == 0x01 || (marker >= 0xD0 && marker <= 0xD7)) {  // no length
      at += 2;
      continue;
    }
    unsigned length = be16(b, at + 2);
    if (length < 2 || at + 2 + length > b.size()) return false;
    bool frame =
        marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC;
    if (frame) {
      if (length < 7) return false;
      unsigned h = be16(b, at + 5), w = be16(b, at + 7);
      if (w == 0 || h == 0) return false;
      out.type = "image/jpeg";
      out.width = int(w);
      out.height = int(h);
      return true;
    }
    if (marker == 0xD9 || marker == 0xDA) return false;  // end, or scan before any frame
    at += 2 + length;
  }
  return false;
}

}  // namespace

ScanImage scan_image_of(const std::string& bytes, const std::string& source) {
  ScanImage image;
  image.name = std::filesystem::path(source).filename().string();
  if (!read_png(bytes, image) && !read_jpeg(bytes, image))
    throw Error("trace.image",
                source + ": not a PNG or JPEG picture (scan the map to one of these)");
  image.bytes = bytes;
  return image;
}

ScanImage read_scan_image(const std::filesystem::path& file) {
  return scan_image_of(read_file(file, kMaxScanBytes), file.string());
}

std::string data_url(const ScanImage& image) {
  return "data:" + image.type + ";base64," + ledger::base64(image.bytes);
}

}  // namespace adjutant::web
