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
#include "report/report_doc.h"
#include "report/turn_outputs.h"
#include "util/error.h"
#include "util/files.h"
#include "util/printable.h"

namespace adjutant::cli {

namespace fs = std::filesystem;

int cmd_report(int argc, char** argv) {
  cxxopts::Options options(
      "adjutant report",
      "Print a side's report (--side, --format), or rewrite the maps, reports and mail files\n"
      "of a post (an adjudication, the invitation, an extension, the end) in turns/ (the\n"
      "default: the latest; -t N: adjudication N; --all: every post). A printed report shows\n"
      "deadlines in your own time zone too when $ADJUTANT_TZ (or \"time_zone\" in\n"
      "SECRETS/settings.json) names one.");
  options.add_options()("game", "game archive folder", cxxopts::value<std::string>())(
      "t,adjudication", "adjudication number (1, 2, ...; default the latest)",
      cxxopts::value<int>())("side", "the reader: a side, or umpire (everything)",
                             cxxopts::value<std::string>())(
      "format", "print as text, html or eml instead of writing files",
      cxxopts::value<std::string>())("all", "rewrite the outputs of every post")(
      "o,out", "with --format: write the report to this file instead of printing it",
      cxxopts::value<std::string>())("json", "machine-readable output: the turn folders written")(
      "secrets", "the folder of your keys and settings", cxxopts::value<std::string>());
  options.parse_positional({"game"});
  options.positional_help("GAME");
  auto r = parse(options, argc, argv);
  if (!r) return 0;
  fs::path dir = required(*r, "game");
  bool rewrite = !r->count("format") && !r->count("side") && !r->count("out");
  // Rewriting files takes the lock; printing reads a verified log only.
  std::unique_ptr<FolderLock> lock;
  if (rewrite) lock = std::make_unique<FolderLock>(dir);
  game::ReadGame g(dir);
  const game::Archive& archive = g.archive;
  std::vector<game::Post> posts = game::posts(archive);
  // The post of adjudication --t, or else the last post of the log.
  std::size_t which = posts.size() - 1;
  if (r->count("adjudication")) {
    int t = (*r)["adjudication"].as<int>();
    bool found = false;
    for (std::size_t i = 0; i < posts.size(); ++i)
      if (posts[i].adjudication && posts[i].t == t) {
        which = i;
        found = true;
      }
    if (!found)
      throw Error("report.bad_t",
                  "no adjudication t=" + std::to_string(t) + " (1.." +
                      std::to_string(g.replay.adjudications()) + ")",
                  Exit::kUsage);
  }
  report::GameFacts facts = report::game_facts(archive);

  if (rewrite) {
    std::size_t first = r->count("all") ? 0 : which;
    remove_stale_temporaries(dir);
    ledger::Json written = ledger::Json::array();
    for (std::size_t i = first; i <= which; ++i) {
      game::rebuild_turn(archive, posts[i], turn_writer());
      std::string folder = (dir / "turns" / posts[i].folder_name).string();
      if (r->count("json"))
        written.push_back(folder);
      else
        std::cout << folder << "\n";
    }
    if (r->count("json")) print_json({{"turn_folders", written}});
    return 0;
  }
  facts.local_zone = local_time_zone(optional(*r, "secrets"));

  std::string format = r->count("format") ? r->operator[]("format").as<std::string>() : "text";
  std::string side = r->count("side") ? r->operator[]("side").as<std::string>() : "";
  if (side.empty() && format == "eml")
    throw Error("usage.missing", "--format eml needs --side (the recipient)", Exit::kUsage);
  if (side.empty()) side = report::kUmpire;
  const game::Party* party = facts.party(side);
  if (!party && side != report::kUmpire)
    throw Error("report.unknown_side", "no side or party " + in_quotes(side) + " in this game",
                Exit::kUsage);
  const game::Post& post = posts[which];
  report::ReportDoc doc = post.adjudication
                              ? report::build_report({facts, *post.adjudication, side})
                              : report::build_post_report(facts, post, side);
  std::string text;
  if (format == "text") {
    text = report::render_text(doc);
  } else if (format == "html") {
    text = report::render_html(doc);
  } else if (format == "eml") {
    if (!party) throw Error("report.unknown_side", "this game has no umpire to mail", Exit::kUsage);
    text = report::post_mail(archive, facts, post, *party, dir / "turns" / post.folder_name);
  } else {
    throw Error("usage.format", "--format must be text, html or eml", Exit::kUsage);
  }
  if (r->count("out")) {
    write_file_atomic((*r)["out"].as<std::string>(), text);
    std::cout << "wrote " << (*r)["out"].as<std::string>() << "\n";
  } else {
    std::cout << text;
  }
  return 0;
}

}  // namespace adjutant::cli
