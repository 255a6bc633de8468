// `adjutant case run FILE...`: runs adjudication case files
// (docs/case-format.md) and prints each pass or fail with a diff.
#include <filesystem>
#include <iostream>

#include "cli/commands.h"
#include "cli/common.h"
#include "rules/case_runner.h"
#include "util/error.h"

namespace adjutant::cli {

namespace fs = std::filesystem;

int cmd_case(int argc, char** argv) {
  cxxopts::Options options(
      "adjutant case",
      "Run adjudication cases: each file states a position, orders and fixed dice, and what must\n"
      "come of them (docs/case-format.md). A folder runs every *.json under it.\n"
      "Exit 0 only if every case passes.");
  options.add_options()("action", "run", cxxopts::value<std::string>())(
      "files", "case files or folders", cxxopts::value<std::vector<std::string>>())(
      "root", "folder that scenario paths are relative to (default: found from each file)",
      cxxopts::value<std::string>())("q,quiet", "print only failures and the summary")(
      "json", "machine-readable output: each case's file, rule and result, and the diff");
  options.parse_positional({"action", "files"});
  options.positional_help("run FILE...");
  auto r = parse(options, argc, argv);
  if (!r) return 0;
  if (required(*r, "action") != "run")
    throw Error("usage.action",
                "unknown action \"" + (*r)["action"].as<std::string>() +
                    "\" (try: adjutant case run FILE...)",
                Exit::kUsage);
  if (!r->count("files")) throw Error("usage.missing", "no case files given", Exit::kUsage);
  fs::path root = r->count("root") ? fs::path((*r)["root"].as<std::string>()) : fs::path();
  bool quiet = r->count("quiet") > 0;
  bool json = r->count("json") > 0;
  ledger::Json cases = ledger::Json::array();
  int passed = 0, failed = 0;
  for (const auto& arg : (*r)["files"].as<std::vector<std::string>>()) {
    if (!fs::exists(arg))
      throw Error("io.read", arg + ": no such file or folder", Exit::kEnvironment);
    for (const auto& file : rules::case_files(arg)) {
      auto result = rules::run_case_file(file, root);
      if (json) {
        (result.passed ? passed : failed) += 1;
        cases.push_back({{"file", file.string()},
                         {"rule", result.rule},
                         {"title", result.title},
                         {"passed", result.passed},
                         {"diff", result.diff}});
        continue;
      }
      if (result.passed) {
        ++passed;
        if (!quiet) std::cout << "PASS " << file.string() << "\n";
        continue;
      }
      ++failed;
      std::cout << "FAIL " << file.string();
      if (!result.rule.empty())
        std::cout << " (rule " << result.rule << ": " << result.title << ")";
      std::cout << "\n";
      for (const auto& line : result.diff) std::cout << "  " << line << "\n";
    }
  }
  if (json)
    print_json({{"passed", passed}, {"failed", failed}, {"cases", cases}});
  else
    std::cout << passed << " passed, " << failed << " failed\n";
  return failed == 0 ? 0 : int(Exit::kBadInput);
}

}  // namespace adjutant::cli
