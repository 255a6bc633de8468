#include "support.h"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>

namespace adjutant::fuzz {

namespace fs = std::filesystem;

void finding(const std::string& what) {
  std::fprintf(stderr, "\n==FINDING== %s\n", what.c_str());
  std::fflush(stderr);
  std::abort();
}

bool verbose() {
  static const bool on = std::getenv("ADJUTANT_FUZZ_VERBOSE") != nullptr;
  return on;
}

std::string_view bytes(const std::uint8_t* data, std::size_t size) {
  return std::string_view(reinterpret_cast<const char*>(data), size);
}

fs::path source_dir() {
  const char* env = std::getenv("ADJUTANT_SOURCE_DIR");
  return env && *env ? fs::path(env) : fs::path(ADJUTANT_SOURCE_DIR);
}

std::string read_bytes(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) finding("harness set-up: cannot read " + file.string());
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

void write_bytes(const fs::path& file, std::string_view text) {
  std::ofstream out(file, std::ios::binary | std::ios::trunc);
  out.write(text.data(), std::streamsize(text.size()));
  if (!out) finding("harness set-up: cannot write " + file.string());
}

namespace {

fs::path g_scratch;

void remove_scratch() {
  std::error_code ec;
  if (!g_scratch.empty()) fs::remove_all(g_scratch, ec);
}

}  // namespace

fs::path scratch_dir() {
  if (!g_scratch.empty()) return g_scratch;
  std::string pattern = (fs::temp_directory_path() / "adjutant-fuzz-XXXXXX").string();
  if (!::mkdtemp(pattern.data())) finding("harness set-up: mkdtemp failed");
  g_scratch = pattern;
  std::atexit(remove_scratch);
  return g_scratch;
}

}  // namespace adjutant::fuzz
