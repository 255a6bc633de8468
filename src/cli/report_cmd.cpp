// `adjutant report`: prints one side's report of an adjudication, or rewrites
// a turn's reports and mail files from the log.
#include <filesystem>
#include <iostream>
#include <memory>

#include "cli/commands.h"
#include "cli/common.h"
#include "cli/outputs.h"
#include "game/adjudicate.h"
#include "game/archive.h"
#include "game/caches.h"
#include "report/eml.h"
#include "report/report.h"
#include "report/turn_outputs.h"
#include "util/error.h"
#include "util/files.h"

namespace adjutant::cli {

namespace fs = std::filesystem;

int cmd_report(int argc, char** argv) {
  cxxopts::Options options(
      "adjutant report",
      "Print a side's turn report (--side, --format), or rewrite "
      "the maps, reports and mail files of an adjudication in turns/NNN-<phase>/ (the default: "
      "the latest one).");
  options.add_options()("game", "game archive folder", cxxopts::value<std::string>())(
      "t", "adjudication number (1, 2, ...; default the latest)", cxxopts::value<int>())(
      "side", "the reader: a side, or umpire (everything)", cxxopts::value<std::string>())(
      "format", "print as text, html or eml instead of writing files",
      cxxopts::value<std::string>())("all", "rewrite the outputs of every adjudication");
  options.parse_positional({"game"});
  options.positional_help("GAME");
  auto r = parse(options, argc, argv);
  if (!r) return 0;
  fs::path dir = required(*r, "game");
  bool rewrite = !r->count("format") && !r->count("side");
  // Rewriting files takes the lock; printing reads a verified log only.
  std::unique_ptr<FolderLock> lock;
  if (rewrite) lock = std::make_unique<FolderLock>(dir);
  game::ReadGame g(dir);
  const game::Archive& archive = g.archive;
  auto adjudications = archive.adjudications();
  if (adjudications.empty())
    throw Error("report.no_adjudication", dir.string() + ": nothing adjudicated yet");
  int t = r->count("t") ? r->operator[]("t").as<int>() : int(adjudications.size());
  if (t < 1 || t > int(adjudications.size()))
    throw Error("report.bad_t",
                "no adjudication t=" + std::to_string(t) + " (1.." +
                    std::to_string(adjudications.size()) + ")",
                Exit::kUsage);
  report::GameFacts facts = report::game_facts(archive);

  if (rewrite) {
    std::size_t first = r->count("all") ? 0 : std::size_t(t - 1);
    remove_stale_temporaries(dir);
    for (std::size_t i = first; i < std::size_t(t); ++i) {
      game::rebuild_turn(archive, adjudications[i], turn_writer());
      std::cout << (dir / "turns" / adjudications[i].folder_name()).string() << "\n";
    }
    return 0;
  }

  std::string format = r->count("format") ? r->operator[]("format").as<std::string>() : "text";
  std::string side = r->count("side") ? r->operator[]("side").as<std::string>() : "";
  if (side.empty() && format == "eml")
    throw Error("usage.missing", "--format eml needs --side (the recipient)", Exit::kUsage);
  if (side.empty()) side = report::kUmpire;
  const game::Party* party = facts.party(side);
  if (!party && side != report::kUmpire)
    throw Error("report.unknown_side", "no side or party \"" + side + "\" in this game",
                Exit::kUsage);
  const auto& adj = adjudications[std::size_t(t - 1)];
  report::ReportInput in{facts, adj, side};
  if (format == "text") {
    std::cout << report::report_text(in);
  } else if (format == "html") {
    std::cout << report::report_html(in);
  } else if (format == "eml") {
    if (!party) throw Error("report.unknown_side", "this game has no umpire to mail", Exit::kUsage);
    std::cout << report::build_eml(in, *party, dir / "turns" / adj.folder_name());
  } else {
    throw Error("usage.format", "--format must be text, html or eml", Exit::kUsage);
  }
  return 0;
}

}  // namespace adjutant::cli
