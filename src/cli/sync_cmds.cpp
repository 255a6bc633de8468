// `adjutant sync`, `import` and `export`: every party's copy of an archive
// kept current with nothing but mail (docs/guide.md "Two machines").
#include <algorithm>
#include <filesystem>
#include <iostream>

#include "cli/commands.h"
#include "cli/common.h"
#include "cli/outputs.h"
#include "game/adjudicate.h"
#include "game/backup.h"
#include "game/dispute.h"
#include "game/fog.h"
#include "game/game_name.h"
#include "game/posts.h"
#include "game/secrets.h"
#include "game/sync.h"
#include "mail/log_intake.h"
#include "mail/saved_orders.h"
#include "mail/sealed_intake.h"
#include "util/error.h"
#include "util/files.h"
#include "util/printable.h"
#include "util/words.h"

namespace adjutant::cli {

namespace fs = std::filesystem;

namespace {

std::vector<fs::path> paths_of(const cxxopts::ParseResult& r, const char* name) {
  std::vector<fs::path> out;
  if (r.count(name))
    for (const auto& p : r[name].as<std::vector<std::string>>()) out.push_back(p);
  if (out.empty())
    throw Error("usage.missing", "give at least one mail, maildir or .jsonl file", Exit::kUsage);
  return out;
}

void print_result(const game::SyncResult& r, const fs::path& dir, bool json) {
  if (json) {
    ledger::Json out = {{"game", dir.string()}, {"added", r.added}, {"already", r.already},
                        {"lines", r.lines},     {"head", r.head},   {"notes", r.notes}};
    if (r.made) out["made"] = true;
    print_json(out);
    return;
  }
  print_notes(r.notes);
  if (r.made)
    std::cout << "made " << dir.string() << ", each line verified (" << counted(r.lines, "line")
              << ", head " << r.head << ")\n";
  else if (r.added == 0)
    std::cout << "nothing new: " << dir.string() << " has every line offered ("
              << counted(r.lines, "line") << ", head " << r.head << ")\n";
  else
    std::cout << "added " << counted(r.added, "line") << " to " << dir.string()
              << ", each verified (" << counted(r.lines, "line") << ", head " << r.head << ")\n";
}

}  // namespace

int cmd_sync(int argc, char** argv) {
  cxxopts::Options options(
      "adjutant sync",
      "Bring your copy of a game up to date from the log lines the game's mails carry: saved\n"
      "mails (.eml), a maildir, or .jsonl files. Each new line is checked as verify checks it\n"
      "(seq, prev, signature, dice, replay) before it is appended; lines already here change\n"
      "nothing. A copy that went another way (a fork) or lines with a gap before them are\n"
      "refused, naming both heads.");
  options.add_options()("game", "your copy of the game archive", cxxopts::value<std::string>())(
      "files", "mails, maildirs or .jsonl files", cxxopts::value<std::vector<std::string>>())(
      "no-outputs", "draw no maps, reports or mail for the new lines")(
      "secrets", "the folder of your keys, chains and signed files", cxxopts::value<std::string>())(
      "json", "machine-readable output");
  options.parse_positional({"game", "files"});
  options.positional_help("GAME FILE...");
  auto r = parse(options, argc, argv);
  if (!r) return 0;
  fs::path dir = required(*r, "game");
  // A side's sealed copy of a fog-of-war game takes the folder `seal` wrote,
  // or the umpire's mails that carry its new lines (sealed posts).
  auto files = paths_of(*r, "files");
  bool folder = std::any_of(files.begin(), files.end(),
                            [](const fs::path& f) { return game::is_sealed_copy(f); });
  if (folder) {
    if (files.size() != 1)
      throw Error("usage.sealed", "a sealed copy syncs from one folder written by `adjutant seal`",
                  Exit::kUsage);
    print_result(game::sync_sealed(dir, files.front()), dir, r->count("json") > 0);
    return 0;
  }
  std::vector<ledger::Json> sealed = mail::sealed_posts_in(files);
  if (!sealed.empty() || game::is_sealed_copy(dir)) {
    if (sealed.empty())
      throw Error("usage.sealed",
                  "a sealed copy syncs from one folder written by `adjutant seal`, or from the "
                  "umpire's mails that carry its new lines (sealed-*.json); these carry none",
                  Exit::kUsage);
    std::string source;
    for (const auto& f : files) source += (source.empty() ? "" : ", ") + f.string();
    print_result(game::sync_sealed_posts(dir, std::move(sealed), source), dir,
                 r->count("json") > 0);
    return 0;
  }
  game::Archive a = game::Archive::open(dir);
  mail::CarriedFiles carried = mail::read_carried(files, a.game_id());
  // A mail of orders (a player's to the adjudicator) carries no log lines:
  // say what takes it.
  std::string orders;
  for (const auto& f : files)
    for (const auto& where : mail::order_files_in_mail(f))
      orders += (orders.empty() ? "" : ", ") + f.string() + " (" + where + ")";
  if (carried.lines.lines.empty() && !orders.empty())
    throw Error("sync.orders",
                "the mail carries orders, not log lines: " + orders +
                    ". The adjudicator checks them with `adjutant check " + dir.string() +
                    " FILE` and plays them with `adjutant adjudicate " + dir.string() + " FILE`");
  auto result = game::sync_archive(dir, carried.lines,
                                   r->count("no-outputs") ? game::TurnWriter() : turn_writer());
  if (!orders.empty())
    result.notes.push_back("orders are in " + orders + ": `adjutant adjudicate " + dir.string() +
                           " FILE` plays them");
  print_result(result, dir, r->count("json") > 0);
  // Orders of yours adjudicated at an earlier revision than you signed
  // (docs/protocol.md 5b): said at once, with the way to prove it.
  if (result.added > 0)
    for (const auto& d : game::recorded_disputes(game::Archive::open(dir),
                                                 game::secrets_dir(optional(*r, "secrets"))))
      std::cerr << "warning: " << printable(d.message) << ": `adjutant dispute "
                << printable(dir.string()) << " --out dispute.json` writes the proof\n";
  return 0;
}

namespace {

// The player page's backup (docs/play-in-browser.md): the key and chain
// into the secrets folder, and the page's copy of the game, when it held
// one, into a folder of its own, verified as any import.
int import_backup(const fs::path& file, const cxxopts::ParseResult& r) {
  fs::path secrets = game::secrets_dir(optional(r, "secrets"));
  game::RestoredBackup b = game::restore_backup(
      ledger::parse_strict(read_file(file, kMaxJsonFile), file.string()), secrets);
  std::cout << "restored " << b.side << "'s key (" << b.key_file << ") and dice chain ("
            << b.chain_file << ") for " << b.game;
  if (b.signed_files)
    std::cout << ", and " << b.signed_files << " signed order file"
              << (b.signed_files == 1 ? "" : "s");
  std::cout << "\n";
  if (b.sealed.is_object()) {
    // The page of a side's sealed copy: the copy, as `sync` makes one from
    // the umpire's posts (docs/protocol.md 10a, item 4b).
    fs::path dir = r.count("game") ? fs::path(r["game"].as<std::string>()) : fs::path(b.game);
    if (r.count("game"))
      game::check_game_folder(dir.string(), "import --game");
    else
      game::check_game_name(b.game, "the backup (give --game DIR for a folder of your own)");
    if (game::is_sealed_copy(dir) || (fs::exists(dir) && !fs::is_empty(dir)))
      throw Error("new.exists", dir.string() + ": exists: give --game DIR for a new folder",
                  Exit::kUsage);
    auto result = game::sync_sealed_posts(dir, {b.sealed}, file.string());
    print_notes(result.notes);
    std::cout << "imported " << dir.string() << ": " << b.side << "'s sealed copy, " << result.lines
              << " log line" << (result.lines == 1 ? "" : "s") << ", verified; head " << result.head
              << "\n";
    return 0;
  }
  if (b.log.empty()) return 0;
  if (r.count("game"))
    game::check_game_folder(r["game"].as<std::string>(), "import --game");
  else
    game::check_game_name(b.game, "the backup (give --game DIR for a folder of your own)");
  fs::path dir = r.count("game") ? fs::path(r["game"].as<std::string>()) : fs::path(b.game);
  game::OfferedLines offered;
  game::add_lines(offered, b.log, file.string());
  auto result = game::import_archive(dir, offered, b.scenario, secrets,
                                     r.count("no-outputs") ? game::TurnWriter() : turn_writer());
  print_notes(result.notes);
  std::cout << "imported " << dir.string() << ": " << result.lines << " log line"
            << (result.lines == 1 ? "" : "s") << ", verified; head " << result.head << "\n";
  return 0;
}

}  // namespace

int cmd_import(int argc, char** argv) {
  cxxopts::Options options(
      "adjutant import",
      "Make your copy of a game from its invitation mail (it carries the first line of the\n"
      "log and the scenario), and from any later mails of the game given too.");
  options.add_options()("files", "the invitation (.eml or maildir), and later mails",
                        cxxopts::value<std::vector<std::string>>())(
      "game", "the folder to create (default: the game's name)", cxxopts::value<std::string>())(
      "secrets", "the folder of your keys and dice chains", cxxopts::value<std::string>())(
      "no-outputs", "draw no maps, reports or mail")("json", "machine-readable output");
  options.parse_positional({"files"});
  options.positional_help("MAIL...");
  auto r = parse(options, argc, argv);
  if (!r) return 0;
  auto given = paths_of(*r, "files");
  if (given.size() == 1 && fs::is_regular_file(given.front()) &&
      game::is_backup(read_file(given.front(), kMaxJsonFile)))
    return import_backup(given.front(), *r);
  mail::CarriedFiles carried = mail::read_carried(given, "");
  if (carried.scenario.empty())
    throw Error("import.no_invitation",
                "no scenario.json attached to the mails given: import the game's invitation");
  std::string name;
  if (auto zero = carried.lines.lines.find(0); zero != carried.lines.lines.end()) {
    auto body = ledger::parse_strict(zero->second, "line 0");
    if (body.contains("body") && body["body"].contains("name") && body["body"]["name"].is_string())
      name = body["body"]["name"].get<std::string>();
  }
  if (!r->count("game") && name.empty())
    throw Error("usage.missing", "give --game DIR (the invitation names no game)", Exit::kUsage);
  // The folder is the game's name unless --game names one: either way no
  // hidden folder and no path leading out of this one.
  if (r->count("game"))
    game::check_game_folder((*r)["game"].as<std::string>(), "import --game");
  else
    game::check_game_name(name, "the invitation (give --game DIR for a folder of your own)");
  fs::path dir = r->count("game") ? fs::path((*r)["game"].as<std::string>()) : fs::path(name);
  auto result = game::import_archive(dir, carried.lines, carried.scenario,
                                     game::secrets_dir(optional(*r, "secrets")),
                                     r->count("no-outputs") ? game::TurnWriter() : turn_writer());
  if (r->count("json")) {
    print_json({{"game", dir.string()},
                {"lines", result.lines},
                {"head", result.head},
                {"notes", result.notes}});
    return 0;
  }
  print_notes(result.notes);
  std::cout << "imported " << dir.string() << ": " << counted(result.lines, "log line")
            << ", verified; head " << result.head << "\n";
  return 0;
}

int cmd_export(int argc, char** argv) {
  cxxopts::Options options(
      "adjutant export",
      "Write lines of a game's log (all, or from line N) to a .jsonl file that `adjutant sync`\n"
      "takes: for a copy that missed a mail.");
  options.add_options()("game", "game archive", cxxopts::value<std::string>())(
      "from", "the first line", cxxopts::value<int>()->default_value("0"))(
      "o,out", "file to write (default: log-GAME-FROM-LAST.jsonl)", cxxopts::value<std::string>())(
      "json", "machine-readable output");
  options.parse_positional({"game"});
  options.positional_help("GAME");
  auto r = parse(options, argc, argv);
  if (!r) return 0;
  game::ReadGame g(required(*r, "game"));
  int last = int(g.archive.log().size()) - 1;
  int from = (*r)["from"].as<int>();
  if (from < 0 || from > last)
    throw Error(
        "replay.bad_line",
        "--from " + std::to_string(from) + ": the log has lines 0 to " + std::to_string(last),
        Exit::kUsage);
  fs::path out = r->count("out") ? fs::path((*r)["out"].as<std::string>())
                                 : fs::path(game::log_lines_name(g.archive, from, last));
  refuse_inside_archive(out, r->count("out") ? "--out" : "the output");
  write_file_atomic(out, game::log_lines_text(g.archive, from, last));
  if (r->count("json")) {
    print_json({{"file", out.string()}, {"from", from}, {"to", last}});
    return 0;
  }
  std::cout << "wrote " << out.string() << ": lines " << from << " to " << last << "\n";
  return 0;
}

}  // namespace adjutant::cli
