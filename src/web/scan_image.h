// The owner's scan of a printed map, as the tracing page carries it
// (docs/scenarios.md "Tracing the printed map"): a PNG or JPEG file, checked
// by its header before anything is written, and shown in the page from a
// data: URL. Nothing of it ever reaches a scenario.
#pragma once

#include <filesystem>
#include <string>

namespace adjutant::web {

struct ScanImage {
  std::string name;  // the file's name, for the page's captions
  std::string type;  // "image/png" or "image/jpeg"
  int width = 0, height = 0;
  std::string bytes;
};

// Reads `file` (at most kMaxScanBytes). Errors: io.not_found, io.read,
// io.too_large, and "trace.image" for a file that is not a PNG or JPEG
// picture whose header gives its size.
ScanImage read_scan_image(const std::filesystem::path& file);

// The picture's header read from `bytes`: its type and size; Error
// "trace.image" (naming `source`) when it is neither a PNG nor a JPEG.
ScanImage scan_image_of(const std::string& bytes, const std::string& source);

// "data:image/png;base64,...": the whole picture, for an <img> of the page.
std::string data_url(const ScanImage& image);

inline constexpr std::size_t kMaxScanBytes = 256u << 20;

}  // namespace adjutant::web
