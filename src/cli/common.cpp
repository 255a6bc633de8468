#include "cli/common.h"

#include "util/error.h"

namespace adjutant::cli {

std::optional<cxxopts::ParseResult> parse(cxxopts::Options& options, int argc, char** argv) {
  options.add_options("")("h,help", "show this help");
  try {
    auto result = options.parse(argc, argv);
    if (result.count("help")) {
      std::cout << options.help() << "\n";
      return std::nullopt;
    }
    return result;
  } catch (const cxxopts::exceptions::exception& e) {
    throw Error("usage.options", std::string(e.what()) + " (see --help)", Exit::kUsage);
  }
}

std::string required(const cxxopts::ParseResult& r, const std::string& name) {
  if (!r.count(name))
    throw Error("usage.missing", "missing --" + name + " (see --help)", Exit::kUsage);
  return r[name].as<std::string>();
}

std::string optional(const cxxopts::ParseResult& r, const std::string& name) {
  return r.count(name) ? r[name].as<std::string>() : std::string();
}

void print_json(const ledger::Json& j) {
  std::cout << j.dump(2) << "\n";
}

}  // namespace adjutant::cli
