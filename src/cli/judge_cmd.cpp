// `adjutant judge DIR`: the unattended host of every umpired game under DIR
// (docs/judge.md), one pass from cron or a systemd timer, or a pass every
// interval with --every.
#include <signal.h>

#include <chrono>
#include <csignal>
#include <iostream>
#include <sstream>
#include <thread>

#include "cli/commands.h"
#include "cli/common.h"
#include "cli/outputs.h"
#include "game/adjudicate.h"
#include "game/secrets.h"
#include "judge/judge_pass.h"
#include "util/error.h"

namespace adjutant::cli {

namespace fs = std::filesystem;

namespace {

volatile std::sig_atomic_t g_stop = 0;

void on_signal(int) {
  g_stop = 1;
}

// "90s", "5m", "2h" (or plain seconds) in seconds; Error judge.every.
long parse_every(const std::string& text) {
  std::size_t i = 0;
  long n = 0;
  while (i < text.size() && text[i] >= '0' && text[i] <= '9' && n < 10000000)
    n = n * 10 + (text[i++] - '0');
  std::string unit = text.substr(i);
  long scale = unit.empty() || unit == "s" ? 1 : unit == "m" ? 60 : unit == "h" ? 3600 : 0;
  if (i == 0 || scale == 0 || n < 1 || n * scale > 7 * 24 * 3600)
    throw Error("judge.every",
                "--every " + text + ": give a duration such as 30s, 5m or 1h (up to a week)",
                Exit::kUsage);
  return n * scale;
}

}  // namespace

int cmd_judge(int argc, char** argv) {
  cxxopts::Options options(
      "adjutant judge",
      "Host every umpired game under DIR unattended: fetch the mailbox, sync the log lines\n"
      "and file the order files it holds, adjudicate with the umpire's key and chain (from\n"
      "the secrets folder), send the results, remind each side before its deadline, apply\n"
      "the no-moves-received policy after it, and journal every action in\n"
      "DIR/judge-journal.jsonl. DIR/judge.json configures it (docs/judge.md). One pass, or\n"
      "one every --every interval.");
  options.add_options()("dir", "the folder of the games", cxxopts::value<std::string>())(
      "config", "the configuration (default DIR/judge.json)", cxxopts::value<std::string>())(
      "secrets",
      "the folder of the umpire's keys and dice chains (default: the config's, "
      "else $ADJUTANT_SECRETS, ...)",
      cxxopts::value<std::string>())("every", "run a pass every interval (30s, 5m, 1h)",
                                     cxxopts::value<std::string>())(
      "now", "act as at this time (RFC 3339 UTC) instead of the clock; one pass only",
      cxxopts::value<std::string>())(
      "json", "one JSON object per pass (one a line): its figures and its action lines");
  options.parse_positional({"dir"});
  options.positional_help("DIR");
  auto r = parse(options, argc, argv);
  if (!r) return 0;
  fs::path dir = required(*r, "dir");
  std::error_code ec;
  if (!fs::is_directory(dir, ec))
    throw Error("judge.config", dir.string() + ": not a folder", Exit::kUsage);
  judge::PassOptions o;
  o.dir = dir;
  o.config = judge::load_config(r->count("config") ? fs::path((*r)["config"].as<std::string>())
                                                   : dir / "judge.json");
  o.secrets = r->count("secrets") || o.config.secrets.empty()
                  ? game::secrets_dir(optional(*r, "secrets"))
                  : o.config.secrets;
  o.outputs = turn_writer();
  bool json = r->count("json") > 0;
  std::ostringstream captured;
  o.out = json ? static_cast<std::ostream*>(&captured) : &std::cout;
  long every = r->count("every") ? parse_every((*r)["every"].as<std::string>()) : 0;
  if (every && r->count("now"))
    throw Error("usage.options", "--now is for one pass; it cannot go with --every", Exit::kUsage);
  std::string fixed = r->count("now") ? game::record_time((*r)["now"].as<std::string>()) : "";

  if (every) {
    std::signal(SIGTERM, on_signal);
    std::signal(SIGINT, on_signal);
  }
  int code = 0;
  while (true) {
    o.now = fixed.empty() ? game::now_utc() : fixed;
    judge::PassResult p;
    try {
      p = judge::run_pass(o);
    } catch (const Error& e) {
      // One pass failed as a whole (the journal cannot be written, DIR cannot
      // be read): alone, that is the exit; in a loop, the next pass tries again.
      if (!every) throw;
      std::cerr << "adjutant judge: " << e.what() << "\n";
      p.errors = 1;
    }
    if (json) {
      // The pass's own lines, as they would have been printed.
      ledger::Json lines = ledger::Json::array();
      std::istringstream said(captured.str());
      for (std::string line; std::getline(said, line);) lines.push_back(line);
      captured.str("");
      std::cout << ledger::Json({{"at", o.now},
                                 {"games", p.games},
                                 {"umpired", p.umpired},
                                 {"looked_at", p.looked_at},
                                 {"messages", p.messages},
                                 {"actions", p.actions},
                                 {"errors", p.errors},
                                 {"skipped", p.skipped},
                                 {"lines", lines}})
                       .dump()
                << "\n";
    } else
      std::cout << "pass at " << o.now << ": " << p.games << (p.games == 1 ? " game, " : " games, ")
                << p.umpired << " umpired here, " << p.looked_at << " looked at, " << p.messages
                << (p.messages == 1 ? " message, " : " messages, ") << p.actions
                << (p.actions == 1 ? " action, " : " actions, ") << p.errors
                << (p.errors == 1 ? " error" : " errors") << (p.skipped ? " (skipped)" : "")
                << "\n";
    std::cout.flush();
    code = p.errors ? int(Exit::kEnvironment) : 0;
    if (!every) break;
    for (long s = 0; s < every && !g_stop; ++s)
      std::this_thread::sleep_for(std::chrono::seconds(1));
    if (g_stop) return 0;
  }
  return code;
}

}  // namespace adjutant::cli
