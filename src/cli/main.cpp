// adjutant: play-by-email host and adjudicator. Dispatches subcommands and
// turns every Error into its message and exit code.
#include <cstring>
#include <iostream>
#include <string>

#include "cli/commands.h"
#include "cli/version.h"
#include "rules/ruleset.h"
#include "util/error.h"

namespace {

struct Command {
  const char* name;
  int (*run)(int, char**);
  const char* summary;
};

const Command kCommands[] = {
    {"keygen", adjutant::cli::cmd_keygen, "create an Ed25519 signing key"},
    {"join", adjutant::cli::cmd_join, "write a signed player card for a game"},
    {"new", adjutant::cli::cmd_new, "create a game archive from a scenario and player cards"},
    {"sign", adjutant::cli::cmd_sign, "sign an order file"},
    {"check", adjutant::cli::cmd_check, "check a signed order file without changing anything"},
    {"adjudicate", adjutant::cli::cmd_adjudicate, "adjudicate a signed order file"},
    {"ruling", adjutant::cli::cmd_ruling,
     "extend a deadline, or pass a turn with no moves received"},
    {"concede", adjutant::cli::cmd_concede, "concede the game"},
    {"status", adjutant::cli::cmd_status, "show a game's turn, phase and log head"},
    {"replay", adjutant::cli::cmd_replay, "rebuild the state at a log line"},
    {"verify", adjutant::cli::cmd_verify, "prove every signature, die and state of a game"},
    {"canon", adjutant::cli::cmd_canon, "print a JSON file's canonical (RFC 8785) form"},
    {"case", adjutant::cli::cmd_case, "run adjudication case files"},
    {"explain", adjutant::cli::cmd_explain, "explain one combat of a game"},
    {"render", adjutant::cli::cmd_render, "draw the map as SVG or PNG"},
    {"report", adjutant::cli::cmd_report, "write the turn reports and mail files"},
    {"mail", adjutant::cli::cmd_mail, "send queued mail or fetch order files"},
    {"bench", adjutant::cli::cmd_bench, "replay the sample games and print a signature"},
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
  if (name == "--help" || name == "-h" || name == "help") {
    usage(std::cout);
    return 0;
  }
  if (name == "--version") {
    // The ruleset versions are what genesis pins and verify compares.
    std::cout << "adjutant " << adjutant::cli::version() << "\n";
    for (const auto& [id, version] : adjutant::rules::registered_rulesets())
      std::cout << "ruleset " << id << " " << version << "\n";
    return 0;
  }
  for (const auto& c : kCommands) {
    if (name != c.name) continue;
    try {
      return c.run(argc - 1, argv + 1);
    } catch (const adjutant::Error& e) {
      std::cerr << "adjutant " << name << ": " << e.what() << "\n";
      return int(e.exit_code());
    } catch (const std::exception& e) {
      // cxxopts and the standard library: a usage problem or a bug; say which.
      std::string what = e.what();
      bool usage_error = what.find("Option") != std::string::npos ||
                         what.find("option") != std::string::npos ||
                         what.find("argument") != std::string::npos;
      std::cerr << "adjutant " << name << ": " << (usage_error ? "[usage] " : "[internal] ") << what
                << "\n";
      return int(usage_error ? adjutant::Exit::kUsage : adjutant::Exit::kEnvironment);
    }
  }
  std::cerr << "adjutant: unknown command \"" << name << "\"\n\n";
  usage(std::cerr);
  return int(adjutant::Exit::kUsage);
}
