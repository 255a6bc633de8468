// `adjutant status`, `replay`, `verify` and `canon`: reading a game.
#include <filesystem>

#include "cli/commands.h"
#include "cli/common.h"
#include "game/adjudicate.h"
#include "game/archive.h"
#include "game/verify.h"
#include "report/time_format.h"
#include "util/error.h"
#include "util/files.h"

namespace adjutant::cli {

namespace fs = std::filesystem;
using ledger::Json;

namespace {

// When the orders now due must arrive: the last adjudication's time (or the
// game's creation) plus the game's deadline and every extension ruled since.
std::string due_by(const game::Archive& a, int& extension_hours) {
  std::string base = a.genesis().value("created", "");
  extension_hours = 0;
  for (const auto& e : a.log()) {
    if (e.kind == "adjudication") {
      base = e.body.value("at", base);
      extension_hours = 0;
    } else if (e.kind == "ruling" && e.body.value("ruling", "") == "extend") {
      extension_hours += e.body.value("hours", 0);
    }
  }
  try {
    return report::format_utc(report::parse_rfc3339(base) +
                              std::int64_t(a.deadline_hours() + extension_hours) * 3600);
  } catch (const Error&) {
    return "";
  }
}

}  // namespace

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
  auto a = game::Archive::open(required(*r, "game"));
  auto state = a.state_at();
  auto phase = a.ruleset().current_phase(state);
  int extension = 0;
  std::string due = due_by(a, extension);
  Json parties = Json::array();
  for (const auto& p : a.parties())
    parties.push_back({{"id", p.id}, {"name", p.name}, {"email", p.email}, {"keyid", p.key_id}});
  Json j = {{"game", a.name()},
            {"game_id", a.game_id()},
            {"scenario", a.scenario().id},
            {"ruleset", a.genesis().at("ruleset")},
            {"umpire", a.has_umpire()},
            {"parties", parties},
            {"turn", state.turn},
            {"phase", phase.name},
            {"orders_due_from", phase.side},
            {"adjudicator", phase.side.empty() ? "" : a.adjudicator_for(phase.side)},
            {"adjudications", state.adjudications},
            {"due_by", phase.side.empty() ? "" : due},
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
  std::cout << "game      " << a.name() << " (" << a.game_id().substr(0, 16) << ")\n"
            << "scenario  " << a.scenario().title << " [" << a.scenario().id << "]\n"
            << "ruleset   " << a.ruleset().id() << " v" << a.ruleset().version()
            << (a.has_umpire() ? ", umpire game" : ", no umpire") << "\n";
  for (const auto& p : a.parties())
    std::cout << "  " << p.id << ": " << p.name << " <" << p.email << "> key " << p.key_id << "\n";
  if (phase.side.empty()) {
    std::cout << "game over: " << state.result << "\n";
  } else {
    std::cout << "turn      " << state.turn << ", " << phase.name << " player-turn\n"
              << "due       orders from " << phase.side << ", adjudicated by "
              << a.adjudicator_for(phase.side) << "\n"
              << "by        " << due
              << (extension ? " (deadline extended by " + std::to_string(extension) + " hours)"
                            : "")
              << "\n";
  }
  std::cout << "vp       ";
  for (const auto& [side, vp] : state.vp) std::cout << " " << side << " " << vp;
  std::cout << "\nlog       " << a.log().size() << " lines, " << state.adjudications
            << " adjudications, head " << a.head() << "\n";
  return 0;
}

int cmd_replay(int argc, char** argv) {
  cxxopts::Options options(
      "adjutant replay",
      "Rebuild the state after log line N (default: the last) from the logged events\n"
      "and print it as JSON.");
  options.add_options()("game", "game archive", cxxopts::value<std::string>())(
      "to", "log line", cxxopts::value<int>()->default_value("-1"));
  options.parse_positional({"game"});
  options.positional_help("GAME");
  auto r = parse(options, argc, argv);
  if (!r) return 0;
  auto a = game::Archive::open(required(*r, "game"));
  auto state = a.state_at((*r)["to"].as<int>());
  print_json(state.to_json());
  return 0;
}

int cmd_verify(int argc, char** argv) {
  cxxopts::Options options(
      "adjutant verify",
      "Rebuild the game from its first log line and prove every signature, chain link, die,\n"
      "event and state. Exit 0 if all holds, 3 naming the first bad line, 5 if the archive was\n"
      "made under another version of its ruleset.");
  options.add_options()("game", "game archive", cxxopts::value<std::string>())(
      "json", "machine-readable output");
  options.parse_positional({"game"});
  options.positional_help("GAME");
  auto r = parse(options, argc, argv);
  if (!r) return 0;
  auto report = game::verify_archive(required(*r, "game"));
  if (r->count("json"))
    print_json(report.to_json());
  else
    (report.ok ? std::cout : std::cerr) << report.text();
  return report.exit_code;
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
  std::cout << ledger::canonical_text(read_file(file), file);
  return 0;
}

}  // namespace adjutant::cli
