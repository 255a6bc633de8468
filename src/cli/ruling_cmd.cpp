// `adjutant ruling` and `adjutant concede`: moderator decisions in the log.
#include "cli/commands.h"
#include "cli/common.h"
#include "cli/outputs.h"
#include "game/ruling.h"
#include "game/secrets.h"
#include "util/error.h"
#include "util/printable.h"
#include "util/words.h"

namespace adjutant::cli {

int cmd_ruling(int argc, char** argv) {
  cxxopts::Options options(
      "adjutant ruling",
      "Record a signed decision by the party waiting for the current orders (the umpire, or\n"
      "else the side not moving): --extend H gives the mover H more hours; --nmr plays the\n"
      "mover's player-turn with no moves received (when the rules allow an empty one) and\n"
      "adjudicates it at once.");
  options.add_options()("game", "game archive", cxxopts::value<std::string>())(
      "extend", "extend the deadline by this many hours", cxxopts::value<int>())(
      "nmr", "no moves received: the player-turn passes without orders")(
      "reason", "why, for the record", cxxopts::value<std::string>()->default_value(""))(
      "key", "your private key (default: found in SECRETS)", cxxopts::value<std::string>())(
      "chain", "your dice chain, for --nmr (default: found in SECRETS by its anchor)",
      cxxopts::value<std::string>())("secrets", "the folder of your keys and dice chains",
                                     cxxopts::value<std::string>())(
      "at", "time to record (RFC 3339 UTC; default now)", cxxopts::value<std::string>())(
      "side", "in a phase of several movers: the side the ruling concerns",
      cxxopts::value<std::string>())("no-outputs", "with --nmr: write no maps, reports or mail")(
      "json", "machine-readable output");
  options.parse_positional({"game"});
  options.positional_help("GAME");
  auto r = parse(options, argc, argv);
  if (!r) return 0;
  std::filesystem::path dir = required(*r, "game");
  game::AdjudicateOptions opt;
  if (r->count("key")) opt.key = (*r)["key"].as<std::string>();
  if (r->count("chain")) opt.chain = (*r)["chain"].as<std::string>();
  if (r->count("at")) opt.at = (*r)["at"].as<std::string>();
  if (r->count("side")) opt.side = (*r)["side"].as<std::string>();
  opt.secrets = game::secrets_dir(optional(*r, "secrets"));
  std::string reason = (*r)["reason"].as<std::string>();
  bool json = r->count("json") > 0;
  if (r->count("extend") == r->count("nmr"))
    throw Error("usage.action", "give exactly one of --extend H and --nmr", Exit::kUsage);
  if (!r->count("no-outputs")) opt.outputs = turn_writer();
  if (r->count("extend")) {
    int hours = (*r)["extend"].as<int>();
    auto result = game::rule_extend(dir, hours, reason, opt);
    if (json) {
      print_json({{"ruling", "extend"}, {"hours", hours}, {"notes", result.warnings}});
      return 0;
    }
    print_notes(result.warnings);
    std::cout << "deadline extended by " << counted(hours, "hour") << "\n";
    return 0;
  }
  auto result = game::rule_nmr(dir, reason, opt);
  if (json) {
    ledger::Json j = {{"ruling", "nmr"}, {"notes", result.warnings}};
    if (!result.adjudications.empty()) {
      const auto& adj = result.adjudications.back();
      j["adjudication"] = {{"t", adj.t},          {"turn", adj.turn}, {"phase", adj.phase},
                           {"log_line", adj.seq}, {"echo", adj.echo}, {"state", adj.after.hash()}};
    }
    print_json(j);
    return 0;
  }
  print_notes(result.warnings);
  if (result.adjudications.empty()) {
    std::cout << "no moves received from " << (opt.side.empty() ? "the late side" : opt.side)
              << "; the phase is adjudicated when the other orders are in\n";
    return 0;
  }
  const auto& adj = result.adjudications.back();
  std::cout << "no moves received: turn " << adj.turn << " phase " << adj.phase
            << " adjudicated empty (t=" << adj.t << ", log line " << adj.seq << ")\n";
  for (const auto& line : adj.echo) std::cout << "  " << printable(line) << "\n";
  return 0;
}

int cmd_concede(int argc, char** argv) {
  cxxopts::Options options("adjutant concede",
                           "Concede the game: an `end` entry signed with your own key ends it.");
  options.add_options()("game", "game archive", cxxopts::value<std::string>())(
      "key", "your private key (default: the key of a side of this game in SECRETS)",
      cxxopts::value<std::string>())("secrets", "the folder of your keys and dice chains",
                                     cxxopts::value<std::string>())(
      "at", "time to record (RFC 3339 UTC; default now)", cxxopts::value<std::string>())(
      "json", "machine-readable output");
  options.parse_positional({"game"});
  options.positional_help("GAME");
  auto r = parse(options, argc, argv);
  if (!r) return 0;
  std::filesystem::path dir = required(*r, "game");
  auto result = game::concede(dir, optional(*r, "key"), game::secrets_dir(optional(*r, "secrets")),
                              r->count("at") ? (*r)["at"].as<std::string>() : "", turn_writer());
  if (r->count("json")) {
    print_json({{"ended", "concession"}, {"notes", result.warnings}});
    return 0;
  }
  print_notes(result.warnings);
  std::cout << "the game has ended by concession\n";
  return 0;
}

}  // namespace adjutant::cli
