#include "cli/data_dir.h"

#include <algorithm>
#include <cstdlib>
#include <system_error>

namespace adjutant::cli {

namespace fs = std::filesystem;

namespace {

fs::path program_dir() {
  std::error_code ec;
  fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  return ec ? fs::path() : exe.parent_path();
}

bool same_folder(const fs::path& a, const fs::path& b) {
  std::error_code ec;
  return !a.empty() && !b.empty() && fs::equivalent(a, b, ec) && !ec;
}

}  // namespace

std::vector<fs::path> data_dirs() {
  std::vector<fs::path> dirs;
  if (const char* env = std::getenv("ADJUTANT_DATA_DIR"); env && *env) dirs.emplace_back(env);
  fs::path bin = program_dir();
  if (!bin.empty()) dirs.push_back((bin / ".." / "share" / "adjutant").lexically_normal());
  dirs.emplace_back(configured_data_dir());
  // The build tree's program reads the scenarios of the source it was built from.
  if (same_folder(bin, build_tree_dir())) dirs.emplace_back(source_tree_dir());
  return dirs;
}

fs::path data_dir() {
  for (const auto& d : data_dirs()) {
    std::error_code ec;
    if (fs::is_directory(d / "scenarios", ec)) return d;
  }
  return {};
}

std::string find_scenario(const std::string& value) {
  std::error_code ec;
  fs::path given(value);
  if (value.empty() || fs::exists(given, ec) || given.is_absolute()) return value;
  fs::path dir = data_dir();
  if (dir.empty()) return value;
  fs::path name = given.lexically_normal();
  if (!name.empty() && *name.begin() == "scenarios") name = name.lexically_relative("scenarios");
  for (fs::path candidate : {name, fs::path(name.string() + ".json")}) {
    fs::path file = dir / "scenarios" / candidate;
    if (candidate.extension() == ".json" && fs::is_regular_file(file, ec)) return file.string();
  }
  return value;
}

std::vector<std::string> shipped_scenarios() {
  std::vector<std::string> names;
  fs::path dir = data_dir();
  if (dir.empty()) return names;
  std::error_code ec;
  fs::path root = dir / "scenarios";
  for (auto it = fs::recursive_directory_iterator(root, ec); !ec && it != fs::end(it);
       it.increment(ec))
    if (it->path().extension() == ".json" && it->is_regular_file(ec))
      names.push_back(it->path().lexically_relative(root).string());
  std::sort(names.begin(), names.end());
  return names;
}

}  // namespace adjutant::cli
