// `adjutant status`, `replay`, `verify` and `canon`: reading a game.
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <memory>

#include "cli/commands.h"
#include "cli/common.h"
#include "cli/outputs.h"
#include "game/adjudicate.h"
#include "game/archive.h"
#include "game/batch_verify.h"
#include "game/dispute.h"
#include "game/fog.h"
#include "game/intake.h"
#include "game/quick_status.h"
#include "game/sealed_view.h"
#include "game/verify.h"
#include "report/report.h"
#include "report/unit_list.h"
#include "util/error.h"
#include "util/files.h"
#include "util/local_time.h"
#include "util/printable.h"
#include "util/time_format.h"
#include "util/words.h"

namespace adjutant::cli {

namespace fs = std::filesystem;
using ledger::Json;

namespace {

std::string party_words(const game::Party& p) {
  return printable(p.name) + " <" + printable(p.email) + ">";
}

// The units of each side asked for, as `report` lists them.
Json units_json(const std::vector<report::UnitRow>& rows) {
  Json out = Json::array();
  for (const auto& u : rows)
    out.push_back({{"unit", u.unit},
                   {"name", u.name},
                   {"where", u.where},
                   {"strength", u.strength},
                   {"notes", u.notes}});
  return out;
}

struct UnitsAsked {
  bool on = false;
  std::string side;  // "" for every side
};

std::vector<std::string> sides_asked(const rules::Ruleset& ruleset, const UnitsAsked& units) {
  std::vector<std::string> sides = ruleset.sides();
  if (units.side.empty()) return sides;
  if (std::find(sides.begin(), sides.end(), units.side) == sides.end())
    throw Error("status.side", "--side " + in_quotes(units.side) + " is not a side of this game",
                Exit::kUsage);
  return {units.side};
}

// A hex game's units as a table; a table game's, whose places are points,
// one a line.
void print_units(const std::string& side, const std::vector<report::UnitRow>& rows, bool table) {
  std::cout << "\nunits of " << side << "\n";
  if (rows.empty())
    std::cout << "  (none)\n";
  else if (table)
    std::cout << report::render_table_text(report::unit_table(rows), "  ");
  else
    for (const auto& r : rows) std::cout << "  " << printable(report::unit_line(r)) << "\n";
}

int game_status(const fs::path& dir, bool json, bool verify, const UnitsAsked& units,
                const std::string& zone) {
  game::QuickStatus q = game::read_status(dir, verify);
  const model::State& state = q.state;
  const rules::PhaseInfo& phase = q.phase;
  // A hex game's units print as a table; a table game's, whose places are
  // points, as lines.
  const bool hex = q.ruleset->pieces_as_table();
  std::string adjudicator = phase.side.empty() ? "" : q.adjudicator_for(phase.side);
  const game::Party* to = nullptr;
  for (const auto& p : q.parties)
    if (p.id == adjudicator) to = &p;
  if (json) {
    Json parties = Json::array();
    for (const auto& p : q.parties)
      parties.push_back({{"id", p.id}, {"name", p.name}, {"email", p.email}, {"keyid", p.key_id}});
    Json j = {{"game", q.name()},
              {"game_id", q.game_id},
              {"scenario", q.scenario.value("id", "")},
              {"ruleset", q.genesis.at("ruleset")},
              {"umpire", q.has_umpire},
              {"parties", parties},
              {"turn", state.turn},
              {"phase", phase.name},
              {"orders_due_from", phase.side},
              {"orders_awaited", q.sides_awaited},
              {"orders_in", q.sides_in},
              {"adjudicator", adjudicator},
              {"send_to", to ? to->email : ""},
              {"adjudications", state.adjudications},
              {"due_by", phase.side.empty() ? "" : q.deadline},
              {"extension_hours", q.extension_hours},
              {"log_lines", q.log_lines},
              {"head", q.head},
              {"vp", state.vp},
              {"result", state.result},
              {"state", state.hash()},
              {"verified", q.verified}};
    if (units.on) {
      Json by_side = Json::object();
      for (const auto& side : sides_asked(*q.ruleset, units))
        by_side[side] = units_json(q.ruleset->pieces(state, side));
      j["units"] = by_side;
    }
    print_json(j);
    return 0;
  }
  std::cout << "game      " << printable(q.name()) << " (" << q.game_id.substr(0, 16) << ")\n"
            << "scenario  " << printable(q.scenario.value("title", "")) << " ["
            << printable(q.scenario.value("id", "")) << "]\n"
            << "ruleset   " << q.ruleset->id() << " v" << q.ruleset->version()
            << (q.has_umpire ? ", umpire game" : ", no umpire") << "\n";
  for (const auto& p : q.parties)
    std::cout << "  " << p.id << ": " << party_words(p) << " key " << p.key_id << "\n";
  if (phase.side.empty()) {
    std::cout << "game over: " << printable(state.result) << "\n";
  } else {
    std::string awaited;
    for (const auto& s : q.sides_awaited) awaited += (awaited.empty() ? "" : " and ") + s;
    std::string in;
    for (const auto& s : q.sides_in) in += (in.empty() ? "" : ", ") + s;
    std::cout << "turn      " << rules::phase_words(*q.ruleset, state.turn, phase.name).substr(5)
              << "\n"
              << "due       orders from " << (awaited.empty() ? phase.side : awaited)
              << (in.empty() ? "" : " (in: " + in + ")") << "\n"
              << "by        " << deadline_text(q.deadline, zone)
              << (q.extension_hours
                      ? " (deadline extended by " + counted(q.extension_hours, "hour") + ")"
                      : "")
              << "\n"
              << "send to   " << adjudicator << (to ? " (" + party_words(*to) + ")" : "")
              << ", who adjudicates\n";
  }
  if (!state.vp.empty()) {
    std::cout << "vp       ";
    for (const auto& [side, vp] : state.vp) std::cout << " " << side << " " << vp;
    std::cout << "\n";
  }
  std::cout << "log       " << counted(q.log_lines, "line") << ", "
            << counted(state.adjudications, "adjudication") << ", head " << q.head
            << (q.verified ? " (every line verified)" : "") << "\n";
  if (units.on)
    for (const auto& side : sides_asked(*q.ruleset, units))
      print_units(side, q.ruleset->pieces(state, side), hex);
  return 0;
}

// A side's sealed copy of a fog-of-war game: what it may see.
int sealed_copy_status(const fs::path& dir, bool json, const UnitsAsked& units,
                       const std::string& zone) {
  if (!units.on && json) return sealed_status(dir, json);
  game::SealedView v = game::open_sealed_view(dir);
  if (!units.side.empty() && units.side != v.side)
    throw Error("status.side",
                "--side " + in_quotes(units.side) + ": this is " + v.side + "'s sealed copy",
                Exit::kUsage);
  const game::Party* umpire = nullptr;
  for (const auto& p : v.parties)
    if (p.id == "umpire") umpire = &p;
  std::vector<report::UnitRow> rows;
  if (units.on && v.ruleset) rows = v.ruleset->pieces(v.view, v.side);
  if (json) {
    Json j = {
        {"sealed", true},       {"side", v.side},       {"game", v.name},
        {"game_id", v.game_id}, {"turn", v.turn},       {"phase", v.phase},
        {"due", v.due},         {"due_by", v.deadline}, {"send_to", umpire ? umpire->email : ""},
        {"log_lines", v.lines}, {"head", v.head},       {"over", v.over},
        {"result", v.result}};
    j["units"] = {{v.side, units_json(rows)}};
    print_json(j);
    return 0;
  }
  int code = sealed_status(dir, false);
  if (code != 0) return code;
  if (v.due)
    std::cout << "due       orders from " << v.side << " for turn " << v.turn << "\n"
              << "by        " << deadline_text(v.deadline, zone) << "\n"
              << "send to   the umpire" << (umpire ? " (" + party_words(*umpire) + ")" : "")
              << ": `adjutant sign ORDERS --game " << dir.string() << " --mail`\n";
  else if (v.over)
    std::cout << "game over" << (v.result.empty() ? "" : ": " + printable(v.result)) << "\n";
  if (units.on) {
    if (!v.ruleset)
      std::cout << "\nunits: this sealed copy holds no part of the scenario to name them with "
                   "(sync the umpire's latest sealed copy)\n";
    else
      print_units(v.side, rows, false);
  }
  return 0;
}

}  // namespace

int cmd_status(int argc, char** argv) {
  cxxopts::Options options(
      "adjutant status",
      "Show a game's scenario, turn, whose orders are due, by when and to whom, and the log\n"
      "head. It reads state.json and the log's last lines, each checked by hash against the\n"
      "log (--verify replays the whole log and checks every signature, as verify does).\n"
      "GAME may be a side's sealed copy, or a folder of games (a judge's): then one line\n"
      "per game (--json, --csv). Deadlines are shown in UTC, and in your own time zone\n"
      "when $ADJUTANT_TZ (or \"time_zone\" in SECRETS/settings.json) names one.");
  options.add_options()("game", "game archive, sealed copy, or a folder of games",
                        cxxopts::value<std::string>())("json", "machine-readable output")(
      "csv", "a folder of games: one CSV row per game")(
      "units", "list each side's units, where they stand and how strong")(
      "side", "with --units: only this side's", cxxopts::value<std::string>())(
      "verify", "replay the whole log and check every signature first")(
      "now", "a folder of games: what is late as of this time (RFC 3339; default now)",
      cxxopts::value<std::string>())("secrets", "the folder of your keys and settings",
                                     cxxopts::value<std::string>());
  options.parse_positional({"game"});
  options.positional_help("GAME");
  auto r = parse(options, argc, argv);
  if (!r) return 0;
  fs::path dir = required(*r, "game");
  bool json = r->count("json") > 0;
  UnitsAsked units{r->count("units") > 0, optional(*r, "side")};
  if (!units.side.empty()) units.on = true;
  std::string zone = local_time_zone(optional(*r, "secrets"));
  if (game::is_sealed_copy(dir)) return sealed_copy_status(dir, json, units, zone);
  std::error_code ec;
  if (fs::is_directory(dir, ec) && !fs::exists(dir / "log.jsonl", ec))
    return folder_status(dir, json, r->count("csv") > 0, zone, optional(*r, "now"));
  if (r->count("csv"))
    throw Error("usage.options", "--csv lists a folder of games; GAME is one game", Exit::kUsage);
  return game_status(dir, json, r->count("verify") > 0, units, zone);
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
        std::cout << "ok    " << printable(e.path.string()) << ": "
                  << counted(e.report.lines, "line") << ", "
                  << counted(e.report.adjudications, "adjudication") << ", "
                  << counted(e.report.dice, "die", "dice")
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
