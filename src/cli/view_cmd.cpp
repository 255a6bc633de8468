// `adjutant view`: a game's replay page, one self-contained HTML file.
#include <algorithm>
#include <filesystem>
#include <iostream>

#include "cli/commands.h"
#include "cli/common.h"
#include "cli/outputs.h"
#include "cli/version.h"
#include "game/adjudicate.h"
#include "game/archive.h"
#include "game/fog.h"
#include "game/line_checks.h"
#include "report/order_page.h"
#include "report/play_page.h"
#include "report/replay_page.h"
#include "report/report_input.h"
#include "util/error.h"
#include "util/files.h"
#include "util/printable.h"
#include "util/words.h"

namespace adjutant::cli {

namespace fs = std::filesystem;

namespace {

// DIR/index.html, the folder made first.
void write_index(const fs::path& out, const std::string& page) {
  std::error_code ec;
  fs::create_directories(out, ec);
  if (ec)
    throw Error("view.write", out.string() + ": cannot create: " + ec.message(),
                Exit::kEnvironment);
  write_file_atomic(out / "index.html", page);
}

// What was written: "wrote DIR/index.html (...)", or its JSON.
void said(bool json, const fs::path& page, const std::string& what, const ledger::Json& facts) {
  if (json) {
    ledger::Json j = facts;
    j["file"] = page.string();
    print_json(j);
  } else {
    std::cout << "wrote " << page.string() << " (" << what << ")\n";
  }
}

// The player page of a side's sealed copy (docs/play-in-browser.md "Fog of
// war"), from a copy that verifies.
int write_sealed_play_page(const fs::path& copy, const fs::path& out, const std::string& side,
                           bool json) {
  game::SealedCopy c = game::read_sealed_copy(copy);
  game::SealedReport checked = game::check_sealed_copy(c);
  if (!checked.ok)
    throw Error(checked.error_id, copy.string() + ": " + checked.where + ": " + checked.message,
                Exit::kVerifyFailed);
  if (!side.empty() && side != checked.side)
    throw Error("view.bad_side", "--side " + side + ": this is " + checked.side + "'s sealed copy",
                Exit::kUsage);
  std::string page = report::play_page(report::sealed_play_data(c, checked, version()));
  write_index(out, page);
  said(json, out / "index.html",
       checked.side + "'s player page, " + counted(long(c.log.size()), "log line") +
           ", from the sealed copy",
       {{"page", "play"}, {"side", checked.side}, {"sealed", true}, {"lines", c.log.size()}});
  return 0;
}

// The order page of the archive's latest state, from a copy that verifies.
int write_order_page(const fs::path& game, const fs::path& out, const std::string& side,
                     bool json) {
  if (game::is_sealed_copy(game)) {
    // A player's sealed copy: the page of its own side, from its part.
    game::SealedOrdersGame g = game::open_sealed_orders(game);
    if (!side.empty() && side != g.side)
      throw Error("view.orders_not_due",
                  "--side " + side + ": this is " + g.side + "'s sealed copy", Exit::kUsage);
    std::string page = report::sealed_order_page(g);
    write_index(out, page);
    said(json, out / "index.html",
         "order page, " + g.side + ", " + std::to_string(page.size() / 1024) +
             " KiB, from the sealed copy",
         {{"page", "orders"}, {"side", g.side}, {"sealed", true}});
    return 0;
  }
  game::ReadGame g(game);
  std::string page = report::order_page(g.archive, g.replay.state(), side);
  write_index(out, page);
  std::string who = side.empty() ? g.archive.ruleset().current_phase(g.replay.state()).side : side;
  said(json, out / "index.html",
       "order page, " + who + ", " + std::to_string(page.size() / 1024) + " KiB",
       {{"page", "orders"}, {"side", who}});
  return 0;
}

}  // namespace

int cmd_view(int argc, char** argv) {
  cxxopts::Options options(
      "adjutant view",
      "Write a game's replay page, DIR/index.html: one self-contained HTML file (no network,\n"
      "no other file) showing the map after every adjudication with a slider and the arrow\n"
      "keys, the orders as applied, the combats with their dice, the reports, and the\n"
      "verification status of every log line. --side: only what that side may see. Exit 0,\n"
      "or 3 when a line fails verification (the page shows the game up to the line before).\n"
      "With --orders, the order page instead (docs/orders.md): the side whose orders are\n"
      "due builds them by clicking, checked by the rules in the page, and exports them for\n"
      "`adjutant sign`. GAME may be a folder of games (a judge's): DIR/index.html is then\n"
      "the standings, linking each game's replay page under DIR/games/.");
  options.add_options()("game", "game archive", cxxopts::value<std::string>())(
      "o,out", "the folder to write index.html into", cxxopts::value<std::string>())(
      "side", "whose view: a side id, or umpire (sees everything)",
      cxxopts::value<std::string>()->default_value("umpire"))(
      "orders", "write the order page for the side whose orders are due (--side: that side)")(
      "json", "machine-readable output")(
      "play",
      "write the player page of --side instead (docs/play-in-browser.md): the whole job of a "
      "player from a browser, offline");
  options.parse_positional({"game"});
  options.positional_help("GAME --out DIR");
  auto r = parse(options, argc, argv);
  if (!r) return 0;
  fs::path game = required(*r, "game");
  fs::path out = required(*r, "out");
  // A folder of games (a judge's): the standings page and every replay.
  std::error_code ec;
  if (fs::is_directory(game, ec) && !fs::exists(game / "log.jsonl", ec))
    return folder_view(game, out, r->count("json") > 0);
  refuse_inside_archive(out, "--out", OutputKind::kFolder);
  if (r->count("orders") && game::is_sealed_copy(game))
    return write_order_page(game, out, r->count("side") ? (*r)["side"].as<std::string>() : "",
                            r->count("json") > 0);
  if (r->count("play") && game::is_sealed_copy(game))
    return write_sealed_play_page(game, out, r->count("side") ? (*r)["side"].as<std::string>() : "",
                                  r->count("json") > 0);
  // A damaged line is shown as failed like any other, after the lines before it.
  int bad_line = -1;
  std::string problem;
  game::Archive archive = game::Archive::open_partial(game, bad_line, problem);
  std::string side = (*r)["side"].as<std::string>();
  std::vector<std::string> sides = archive.ruleset().sides();
  if (side != report::kUmpire && std::find(sides.begin(), sides.end(), side) == sides.end()) {
    std::string known;
    for (const auto& s : sides) known += s + ", ";
    throw Error("view.bad_side",
                "no side " + in_quotes(side) + " in " +
                    archive.scenario_json().value("id", archive.name()) + " (one of: " + known +
                    "umpire)",
                Exit::kUsage);
  }
  if (r->count("orders"))
    return write_order_page(game, out, r->count("side") ? side : "", r->count("json") > 0);
  if (r->count("play")) {
    if (!r->count("side") || side == report::kUmpire)
      throw Error("usage.missing", "--play needs --side: the player's side", Exit::kUsage);
    game::ReadGame verified(game);
    write_index(out, report::play_page(report::play_data(verified.archive, side, version())));
    std::cout << "wrote " << (out / "index.html").string() << " (" << side << "'s player page, "
              << verified.archive.log().size() << " log lines)\n";
    return 0;
  }
  game::LineChecks checks = game::check_lines(archive, bad_line, problem);
  std::string page = report::replay_page(archive, checks, side);
  write_index(out, page);
  said(r->count("json") > 0, out / "index.html",
       side + " view, " + counted(long(checks.lines.size()), "log line"),
       {{"page", "replay"},
        {"side", side},
        {"lines", checks.lines.size()},
        {"first_bad_line", checks.first_bad >= 0
                               ? ledger::Json(checks.lines[std::size_t(checks.first_bad)].seq)
                               : ledger::Json()}});
  if (checks.first_bad >= 0) {
    const auto& bad = checks.lines[std::size_t(checks.first_bad)];
    std::cerr << "log.jsonl line " << bad.seq << " (" << printable(bad.kind) << "): ["
              << bad.error_id << "] " << printable(bad.message) << "\n";
    return int(Exit::kVerifyFailed);
  }
  return 0;
}

}  // namespace adjutant::cli
