// `adjutant rules-diff`: which archived games the latest version of their
// ruleset would adjudicate differently, for a release check (docs/ci.md).
#include <filesystem>
#include <iostream>

#include "cli/commands.h"
#include "cli/common.h"
#include "game/batch_verify.h"
#include "game/rules_diff.h"
#include "util/error.h"

namespace adjutant::cli {

namespace fs = std::filesystem;

int cmd_rules_diff(int argc, char** argv) {
  cxxopts::Options options(
      "adjutant rules-diff",
      "Adjudicate archived games again under the latest version of their ruleset instead of\n"
      "the version genesis pinned, with the same orders and dice, and list each game whose\n"
      "outcome would change: the first adjudication that differs and its differing events.\n"
      "PATH is an archive, or a folder searched for archives. Nothing is written. Exit 0\n"
      "(changed or not), 3 if an archive does not verify at its pinned version, 5 if one\n"
      "was made under a version newer than this adjutant knows.");
  options.add_options()("paths", "archives or folders of archives",
                        cxxopts::value<std::vector<std::string>>())("json",
                                                                    "machine-readable output");
  options.parse_positional({"paths"});
  options.positional_help("PATH...");
  auto r = parse(options, argc, argv);
  if (!r) return 0;
  if (!r->count("paths")) throw Error("usage.missing", "give an archive or a folder", Exit::kUsage);
  std::vector<fs::path> given;
  for (const auto& p : (*r)["paths"].as<std::vector<std::string>>()) given.push_back(p);
  std::vector<fs::path> archives = game::find_archives(given);
  if (archives.empty())
    throw Error("rules_diff.not_found", "no game archive under the paths given", Exit::kBadInput);
  game::RulesDiffSummary s = game::rules_diff_many(archives);
  if (r->count("json")) {
    print_json(game::summary_json(s));
    return s.exit_code;
  }
  for (const auto& d : s.games) (d.status == "failed" ? std::cerr : std::cout) << d.text();
  std::cout << s.changed << " would change, " << s.unchanged << " unchanged, " << s.current
            << " at the latest version, " << s.failed << " failed\n";
  return s.exit_code;
}

}  // namespace adjutant::cli
