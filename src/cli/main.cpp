// adjutant: play-by-email host and adjudicator. Dispatches subcommands and
// turns every Error into its message and exit code.
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <string>

#include "cli/commands.h"
#include "cli/help_cmd.h"
#include "cli/version.h"
#include "game/archive.h"
#include "report/play_page.h"
#include "rules/ruleset.h"
#include "util/colour.h"
#include "util/error.h"
#include "util/files.h"
#include "util/printable.h"

namespace {

struct Command {
  const char* name;
  int (*run)(int, char**);
  const char* summary;
};

const Command kCommands[] = {
    {"keygen", adjutant::cli::cmd_keygen, "create an Ed25519 signing key"},
    {"join", adjutant::cli::cmd_join, "write a signed player card for a game"},
    {"invite", adjutant::cli::cmd_invite,
     "write a player's join page and its invitation mail (play from a browser)"},
    {"new", adjutant::cli::cmd_new, "create a game archive from a scenario and player cards"},
    {"orders", adjutant::cli::cmd_orders,
     "turn text orders into an order body, checked and echoed"},
    {"sign", adjutant::cli::cmd_sign, "sign an order file (JSON or text orders)"},
    {"check", adjutant::cli::cmd_check, "check a signed order file without changing anything"},
    {"adjudicate", adjutant::cli::cmd_adjudicate, "adjudicate a signed order file"},
    {"ruling", adjutant::cli::cmd_ruling,
     "extend a deadline, or pass a turn with no moves received"},
    {"concede", adjutant::cli::cmd_concede, "concede the game"},
    {"import", adjutant::cli::cmd_import, "make your copy of a game from its invitation mail"},
    {"sync", adjutant::cli::cmd_sync, "bring your copy up to date from the game's mails"},
    {"seal", adjutant::cli::cmd_seal, "umpire: write one side's sealed copy of a fog-of-war game"},
    {"reveal", adjutant::cli::cmd_reveal,
     "umpire: publish every opening of a fog-of-war game that is over"},
    {"export", adjutant::cli::cmd_export, "write log lines for a copy that missed a mail"},
    {"status", adjutant::cli::cmd_status, "show a game's turn, phase and log head"},
    {"replay", adjutant::cli::cmd_replay, "rebuild the state at a log line"},
    {"verify", adjutant::cli::cmd_verify, "prove every signature, die and state of a game"},
    {"dispute", adjutant::cli::cmd_dispute,
     "prove that a later revision of your orders was signed than the one adjudicated"},
    {"rules-diff", adjutant::cli::cmd_rules_diff,
     "list the games the latest ruleset version would adjudicate differently"},
    {"canon", adjutant::cli::cmd_canon, "print a JSON file's canonical (RFC 8785) form"},
    {"case", adjutant::cli::cmd_case, "run adjudication case files"},
    {"explain", adjutant::cli::cmd_explain, "explain one combat of a game"},
    {"render", adjutant::cli::cmd_render, "draw the map as SVG or PNG"},
    {"view", adjutant::cli::cmd_view, "write a game's replay page (static HTML)"},
    {"trace", adjutant::cli::cmd_trace,
     "write the tracing page that turns a scan of a printed map into a scenario"},
    {"report", adjutant::cli::cmd_report, "write the turn reports and mail files"},
    {"mail", adjutant::cli::cmd_mail, "send queued mail or fetch order files"},
    {"judge", adjutant::cli::cmd_judge, "host every umpired game under a folder, unattended"},
    {"bench", adjutant::cli::cmd_bench, "replay the sample games and print a signature"},
    {"bot", adjutant::cli::cmd_bot, "write orders for a side, or play a game through"},
};

void usage(std::ostream& out) {
  out << "adjutant " << adjutant::cli::version()
      << ": play-by-email host and adjudicator for Civil War wargames\n\n"
         "usage: adjutant <command> [options]   (adjutant <command> --help)\n\n"
         "commands:\n";
  for (const auto& c : kCommands) {
    std::string name = c.name;
    out << "  " << name << std::string(12 - name.size(), ' ') << c.summary << "\n";
  }
  out << "\nexit codes: 0 ok, 1 bad input, 2 usage, 3 verification failed,\n"
         "4 environment (I/O, network), 5 archive made under another ruleset version\n";
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    usage(std::cerr);
    return int(adjutant::Exit::kUsage);
  }
  std::string name = argv[1];
  // The release the player pages name (report/play_page.h).
  adjutant::report::set_play_release(adjutant::cli::version());
  if (name == "help" && argc > 2) {
    std::vector<adjutant::cli::CommandEntry> table;
    for (const auto& c : kCommands) table.push_back({c.name, c.run, c.summary});
    return adjutant::cli::cmd_help(argc - 1, argv + 1, table, usage);
  }
  if (name == "--help" || name == "-h" || name == "help") {
    usage(std::cout);
    return 0;
  }
  if (name == "--version") {
    // The ruleset versions are what genesis pins and verify compares.
    std::cout << "adjutant " << adjutant::cli::version() << "\n";
    // Every protocol version stays verifiable (docs/releases.md).
    std::cout << "protocol " << adjutant::game::kLatestProtocol << " (verifies 1-"
              << adjutant::game::kLatestProtocol << ")\n";
    for (const auto& r : adjutant::rules::registered_rulesets())
      std::cout << "ruleset " << r.id << " " << r.latest << " (verifies " << r.oldest << "-"
                << r.latest << ")\n";
    return 0;
  }
  for (const auto& c : kCommands) {
    if (name != c.name) continue;
    try {
      int code = c.run(argc - 1, argv + 1);
      // A full disk or a closed pipe on standard output is a failure too.
      std::cout.flush();
      if (!std::cout || std::fflush(stdout) != 0 || std::ferror(stdout)) {
        std::cerr << "adjutant " << name << ": [io.stdout] cannot write to standard output\n";
        return int(adjutant::Exit::kEnvironment);
      }
      return code;
    } catch (const adjutant::Error& e) {
      std::cerr << "adjutant " << name << ": "
                << adjutant::coloured_ids(adjutant::printable_lines(e.what()),
                                          adjutant::colour_on_stderr())
                << "\n";
      return int(e.exit_code());
    } catch (const std::filesystem::filesystem_error& e) {
      // A path the operating system refused (a name too long, a file where a
      // folder should be): an environment problem, said in words.
      std::cerr << "adjutant " << name << ": [io.path] " << adjutant::printable(e.path1().string())
                << ": " << adjutant::errno_words(e.code().value()) << "\n";
      return int(adjutant::Exit::kEnvironment);
    } catch (const std::exception& e) {
      // cxxopts and the standard library: a usage problem or a bug; say which.
      std::string what = e.what();
      bool usage_error = what.find("Option") != std::string::npos ||
                         what.find("option") != std::string::npos ||
                         what.find("argument") != std::string::npos;
      std::cerr << "adjutant " << name << ": " << (usage_error ? "[usage] " : "[internal] ")
                << adjutant::printable(what) << "\n";
      return int(usage_error ? adjutant::Exit::kUsage : adjutant::Exit::kEnvironment);
    }
  }
  std::cerr << "adjutant: unknown command \"" << name << "\"\n\n";
  usage(std::cerr);
  return int(adjutant::Exit::kUsage);
}
