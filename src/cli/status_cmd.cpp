// `adjutant status`, `replay`, `verify` and `canon`: reading a game.
#include <unistd.h>

#include <filesystem>

#include "cli/commands.h"
#include "cli/common.h"
#include "cli/outputs.h"
#include "game/adjudicate.h"
#include "game/archive.h"
#include "game/batch_verify.h"
#include "game/dispute.h"
#include "game/fog.h"
#include "game/intake.h"
#include "game/verify.h"
#include "util/error.h"
#include "util/files.h"
#include "util/printable.h"
#include "util/time_format.h"

namespace adjutant::cli {

namespace fs = std::filesystem;
using ledger::Json;

int cmd_status(int argc, char** argv) {
  cxxopts::Options options(
      "adjutant status",
      "Show a game's scenario, turn, phase, whose orders are due and the log head.");
  options.add_options()("game", "game archive", cxxopts::value<std::string>())(
      "json", "machine-readable output");
  options.parse_positional({"game"});
  options.positional_help("GAME");
  auto r = parse(options, argc, argv);
  if (!r) return 0;
  if (game::is_sealed_copy(required(*r, "game")))
    return sealed_status(required(*r, "game"), r->count("json") > 0);
  game::ReadGame g(required(*r, "game"));
  const game::Archive& a = g.archive;
  const model::State& state = g.replay.state();
  auto phase = g.replay.phase();
  int extension = g.replay.extension_hours();
  std::string deadline = g.replay.deadline();
  std::string due = deadline.empty() ? "" : format_utc(parse_rfc3339(deadline));
  Json parties = Json::array();
  for (const auto& p : a.parties())
    parties.push_back({{"id", p.id}, {"name", p.name}, {"email", p.email}, {"keyid", p.key_id}});
  Json j = {{"game", a.name()},
            {"game_id", a.game_id()},
            {"scenario", a.scenario_json().value("id", "")},
            {"ruleset", a.genesis().at("ruleset")},
            {"umpire", a.has_umpire()},
            {"parties", parties},
            {"turn", state.turn},
            {"phase", phase.name},
            {"orders_due_from", phase.side},
            // Simultaneous phases (docs/protocol.md 5a): whose files are in.
            {"orders_awaited", g.replay.sides_awaited()},
            {"orders_in", g.replay.sides_in()},
            {"adjudicator", phase.side.empty() ? "" : a.adjudicator_for(phase.side)},
            {"adjudications", state.adjudications},
            {"due_by", phase.side.empty() ? "" : deadline},
            {"extension_hours", extension},
            {"log_lines", a.log().size()},
            {"head", a.head()},
            {"vp", state.vp},
            {"result", state.result},
            {"state", state.hash()}};
  if (r->count("json")) {
    print_json(j);
    return 0;
  }
  std::cout << "game      " << printable(a.name()) << " (" << a.game_id().substr(0, 16) << ")\n"
            << "scenario  " << printable(a.scenario_json().value("title", "")) << " ["
            << printable(a.scenario_json().value("id", "")) << "]\n"
            << "ruleset   " << a.ruleset().id() << " v" << a.ruleset().version()
            << (a.has_umpire() ? ", umpire game" : ", no umpire") << "\n";
  for (const auto& p : a.parties())
    std::cout << "  " << p.id << ": " << printable(p.name) << " <" << printable(p.email) << "> key "
              << p.key_id << "\n";
  if (phase.side.empty()) {
    std::cout << "game over: " << printable(state.result) << "\n";
  } else {
    std::string awaited;
    for (const auto& s : g.replay.sides_awaited()) awaited += (awaited.empty() ? "" : " and ") + s;
    std::string in;
    for (const auto& s : g.replay.sides_in()) in += (in.empty() ? "" : ", ") + s;
    std::cout << "turn      " << state.turn << ", " << phase.name << " player-turn\n"
              << "due       orders from " << (phase.simultaneous() ? awaited : phase.side)
              << ", adjudicated by " << a.adjudicator_for(phase.side)
              << (in.empty() ? "" : " (in: " + in + ")") << "\n"
              << "by        " << due
              << (extension ? " (deadline extended by " + std::to_string(extension) + " hours)"
                            : "")
              << "\n";
  }
  std::cout << "vp       ";
  for (const auto& [side, vp] : state.vp) std::cout << " " << side << " " << vp;
  std::cout << "\nlog       " << a.log().size() << " line" << (a.log().size() == 1 ? "" : "s")
            << ", " << state.adjudications << " adjudication"
            << (state.adjudications == 1 ? "" : "s") << ", head " << a.head() << "\n";
  return 0;
}

int cmd_replay(int argc, char** argv) {
  cxxopts::Options options(
      "adjutant replay",
      "Rebuild the state after log line N (default: the last) from the logged events\n"
      "and print it as JSON.");
  options.add_options()("game", "game archive", cxxopts::value<std::string>())(
      "to", "log line (0 is genesis; default the last)", cxxopts::value<int>());
  options.parse_positional({"game"});
  options.positional_help("GAME");
  auto r = parse(options, argc, argv);
  if (!r) return 0;
  game::ReadGame g(required(*r, "game"));
  int to = r->count("to") ? (*r)["to"].as<int>() : int(g.archive.log().size()) - 1;
  if (to < 0 || to >= int(g.archive.log().size()))
    throw Error("replay.bad_line",
                "--to " + std::to_string(to) + " is not a line of the log (0 to " +
                    std::to_string(int(g.archive.log().size()) - 1) + ")",
                Exit::kUsage);
  print_json(g.archive.state_at(to).to_json());
  return 0;
}

namespace {

// verify --dispute FILE: a later revision of orders than the log's is a
// verification failure at the line adjudicated in its place (protocol 5b).
void hold_dispute(const fs::path& dir, const std::string& file, game::VerifyReport& report) {
  game::Archive a = game::Archive::open(dir);
  game::Dispute d = game::find_dispute(a, game::read_order_file(file), file);
  if (!d.stands) {
    report.caches.push_back(file + " shows no later orders than the log's: [" + d.id + "] " +
                            d.message);
    return;
  }
  report.ok = false;
  report.error_id = d.id;
  report.bad_line = d.line;
  report.where = "log.jsonl line " + std::to_string(d.line);
  report.message = d.message + " (" + file + ")";
  report.exit_code = int(Exit::kVerifyFailed);
}

}  // namespace

int cmd_verify(int argc, char** argv) {
  cxxopts::Options options(
      "adjutant verify",
      "Rebuild games from their first log line and prove every signature, chain link, die,\n"
      "echo, event and state. PATH is an archive, or a folder searched for archives; many\n"
      "are verified on every core. Exit 0 if all hold (a stale state.json, a cache, is\n"
      "rebuilt), 3 if any fails (each names its first bad line), 4 if one cannot be read or\n"
      "its stale cache cannot be rebuilt (--read-only leaves it), 5 if one was made under a\n"
      "ruleset version newer than this adjutant knows.");
  options.add_options()("paths", "archives or folders of archives",
                        cxxopts::value<std::vector<std::string>>())(
      "jobs", "archives verified at once (default: every core)", cxxopts::value<int>())(
      "junit", "also write JUnit XML to FILE, one test case per archive",
      cxxopts::value<std::string>())("json", "machine-readable output")("read-only",
                                                                        "rebuild no stale cache")(
      "dispute",
      "also hold FILE, a player's signed order file or `adjutant dispute` proof, to the log: "
      "exit 3 (verify.superseded) when it is a later revision than the one adjudicated",
      cxxopts::value<std::string>());
  options.parse_positional({"paths"});
  options.positional_help("PATH...");
  auto r = parse(options, argc, argv);
  if (!r) return 0;
  if (!r->count("paths")) throw Error("usage.missing", "give an archive or a folder", Exit::kUsage);
  std::vector<fs::path> given;
  for (const auto& p : (*r)["paths"].as<std::vector<std::string>>()) given.push_back(p);
  bool json = r->count("json") > 0;
  game::VerifyOptions vo;
  vo.repair_caches = !r->count("read-only");
  // One archive named: its report alone, as it always was.
  // A side's sealed copy of a fog-of-war game (docs/protocol.md 10a).
  if (given.size() == 1 && !r->count("junit") && game::is_sealed_copy(given[0])) {
    auto report = game::verify_sealed(given[0]);
    if (json)
      print_json(report.to_json());
    else
      (report.ok ? std::cout : std::cerr) << report.text();
    return report.exit_code;
  }
  if (r->count("dispute") && (given.size() != 1 || !fs::exists(given[0] / "log.jsonl")))
    throw Error("usage.options", "--dispute goes with one game archive", Exit::kUsage);
  if (given.size() == 1 && !r->count("junit") && fs::exists(given[0] / "log.jsonl")) {
    auto report = game::verify_archive(given[0], vo);
    if (report.ok && r->count("dispute"))
      hold_dispute(given[0], (*r)["dispute"].as<std::string>(), report);
    if (json)
      print_json(report.to_json());
    else
      (report.exit_code == 0 ? std::cout : std::cerr) << report.text();
    return report.exit_code;
  }
  // Hidden folders and symbolic links are not searched; each is named, so
  // that "N verified" never hides a game it passed over.
  std::vector<game::Skipped> skipped;
  std::vector<fs::path> archives = game::find_archives(given, &skipped);
  if (!json)
    for (const auto& s : skipped)
      std::cout << "skipped " << printable(s.path.string()) << ": " << s.why << ", not searched\n";
  if (archives.empty())
    throw Error("verify.not_found", "no game archive under the paths given", Exit::kBadInput);
  bool tty = ::isatty(2) && !json;
  auto progress = [&](int done, int total, const game::BatchEntry& e) {
    if (tty)
      std::cerr << "\r[" << done << "/" << total << "] " << (e.report.ok ? "ok   " : "FAIL ")
                << printable(e.path.string()).substr(0, 60) << "\x1b[K" << std::flush;
  };
  int jobs = r->count("jobs") ? (*r)["jobs"].as<int>() : 0;
  if (r->count("junit")) refuse_inside_archive((*r)["junit"].as<std::string>(), "--junit");
  auto result = game::verify_many(archives, jobs, vo, progress);
  if (tty) std::cerr << "\r\x1b[K";
  if (r->count("junit"))
    write_file_atomic((*r)["junit"].as<std::string>(), game::junit_xml(result));
  if (json) {
    Json out = game::batch_json(result);
    out["skipped"] = Json::array();
    for (const auto& s : skipped)
      out["skipped"].push_back({{"path", s.path.string()}, {"why", s.why}});
    print_json(out);
  } else {
    for (const auto& e : result.entries) {
      if (e.report.ok)
        std::cout << "ok    " << printable(e.path.string()) << ": " << e.report.lines << " lines, "
                  << e.report.adjudications << " adjudications, " << e.report.dice << " dice"
                  << (e.report.error_id.empty()
                          ? ""
                          : "; " + printable(e.report.where) + " [" + e.report.error_id + "] " +
                                printable(e.report.message))
                  << "\n";
      else if (e.report.exit_code == 4)
        std::cout << "ERROR " << printable(e.path.string()) << ": " << printable(e.report.where)
                  << ": [" << e.report.error_id << "] " << printable(e.report.message) << "\n";
      else
        std::cout << "FAIL  " << printable(e.path.string()) << ": " << printable(e.report.where)
                  << ": [" << e.report.error_id << "] " << printable(e.report.message) << "\n";
    }
    std::cout << result.passed << " verified, " << result.failed << " failed, "
              << result.entries.size() << " archive" << (result.entries.size() == 1 ? "" : "s")
              << (skipped.empty() ? "" : ", " + std::to_string(skipped.size()) + " skipped")
              << "\n";
  }
  return result.exit_code;
}

int cmd_canon(int argc, char** argv) {
  cxxopts::Options options("adjutant canon",
                           "Print a JSON file's RFC 8785 canonical form (no newline added).");
  options.add_options()("file", "JSON file", cxxopts::value<std::string>());
  options.parse_positional({"file"});
  options.positional_help("FILE");
  auto r = parse(options, argc, argv);
  if (!r) return 0;
  std::string file = required(*r, "file");
  std::cout << ledger::canonical_text(read_file(file, kMaxJsonFile), file);
  return 0;
}

}  // namespace adjutant::cli
