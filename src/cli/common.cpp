#include "cli/common.h"

#include <cstdlib>
#include <filesystem>

#include "game/secrets.h"
#include "util/colour.h"
#include "util/error.h"
#include "util/files.h"
#include "util/local_time.h"
#include "util/printable.h"
#include "util/time_format.h"

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

std::string deadline_text(const std::string& deadline, const std::string& zone) {
  if (deadline.empty()) return "no deadline";
  std::int64_t t = parse_rfc3339(deadline);
  std::string out = format_utc(t);
  if (!zone.empty()) {
    std::string local = format_in_zone(t, zone);
    out += local.empty() ? " (time zone " + in_quotes(zone) + " unknown)" : " (" + local + ")";
  }
  return out;
}

void print_error(const std::string& text) {
  std::cerr << coloured_ids(text, colour_on_stderr()) << "\n";
}

std::string local_time_zone(const std::string& secrets_option) {
  if (const char* tz = std::getenv("ADJUTANT_TZ"); tz && *tz) return tz;
  try {
    std::filesystem::path file = game::secrets_dir(secrets_option) / "settings.json";
    std::error_code ec;
    if (!std::filesystem::exists(file, ec)) return "";
    ledger::Json settings = ledger::parse_strict(read_file(file, kMaxSmallFile), file.string());
    if (settings.is_object() && settings.contains("time_zone") && settings["time_zone"].is_string())
      return settings["time_zone"].get<std::string>();
  } catch (const Error&) {
    // No secrets folder, or a settings file that cannot be read: UTC alone.
  }
  return "";
}

}  // namespace adjutant::cli
