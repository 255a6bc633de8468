// `adjutant seal` and `reveal`: the umpire of a fog-of-war game writes each
// side's sealed copy, and publishes every opening at the end
// (docs/protocol.md 10a). `sync`, `verify` and `status` take a sealed copy
// through sealed_status and the functions of game/fog.h.
#include <filesystem>
#include <iostream>

#include "cli/commands.h"
#include "cli/common.h"
#include "cli/outputs.h"
#include "game/fog.h"
#include "game/secrets.h"
#include "util/error.h"
#include "util/printable.h"
#include "util/words.h"

namespace adjutant::cli {

namespace fs = std::filesystem;

int cmd_seal(int argc, char** argv) {
  cxxopts::Options options(
      "adjutant seal",
      "Umpire of a fog-of-war game: write one side's sealed copy of the archive into DIR\n"
      "(game.json, log.jsonl, packet.json). Every order file and adjudication is a sealed\n"
      "line: what hides nothing in clear, the rest as salted commitments; packet.json holds\n"
      "the openings that side may see. After `adjutant reveal` the copy ends with the\n"
      "openings entry. The player takes it with `adjutant sync COPY DIR`.");
  options.add_options()("game", "the umpire's game archive", cxxopts::value<std::string>())(
      "side", "the side whose copy to write", cxxopts::value<std::string>())(
      "o,out", "folder to write", cxxopts::value<std::string>())(
      "key", "the umpire's private key (default: found in SECRETS)", cxxopts::value<std::string>())(
      "secrets", "the folder of your keys and dice chains", cxxopts::value<std::string>())(
      "json", "machine-readable output");
  options.parse_positional({"game"});
  options.positional_help("GAME --side S --out DIR");
  auto r = parse(options, argc, argv);
  if (!r) return 0;
  game::SealOptions so;
  so.key = optional(*r, "key");
  so.secrets = game::secrets_dir(optional(*r, "secrets"));
  fs::path out = required(*r, "out");
  refuse_inside_archive(out, "--out", OutputKind::kSealedCopy);
  auto result = game::seal_copy(required(*r, "game"), required(*r, "side"), out, so);
  if (r->count("json")) {
    print_json({{"side", (*r)["side"].as<std::string>()},
                {"copy", out.string()},
                {"lines", result.lines},
                {"openings", result.openings},
                {"revealed", result.revealed},
                {"head", result.head}});
    return 0;
  }
  std::cout << "sealed " << printable((*r)["side"].as<std::string>()) << "'s copy into "
            << out.string() << ": " << counted(result.lines, "log line") << ", "
            << counted(result.openings, "opening") << " in " << game::kPacketFile
            << (result.revealed ? ", ending with the openings entry" : "") << "\n";
  return 0;
}

int cmd_reveal(int argc, char** argv) {
  cxxopts::Options options(
      "adjutant reveal",
      "Umpire of a fog-of-war game that is over: publish every opening. Each sealed copy\n"
      "written by `adjutant seal` from now on ends with the openings entry, and verify on\n"
      "it opens every commitment and replays the whole game.");
  options.add_options()("game", "the umpire's game archive", cxxopts::value<std::string>())(
      "json", "machine-readable output");
  options.parse_positional({"game"});
  options.positional_help("GAME");
  auto r = parse(options, argc, argv);
  if (!r) return 0;
  int salts = game::reveal_game(required(*r, "game"));
  if (r->count("json")) {
    print_json({{"revealed", true}, {"salts", salts}});
    return 0;
  }
  std::cout << "revealed: " << counted(salts, "salt")
            << " will be published; seal each side's copy again to send the openings\n";
  return 0;
}

int sealed_status(const fs::path& dir, bool json) {
  auto report = game::verify_sealed(dir);
  if (json) {
    print_json(report.to_json());
  } else if (report.ok) {
    std::cout << "sealed copy of " << printable(report.side) << " (fog of war)\n"
              << "last      turn " << report.turn
              << (report.phase == "turn" || report.phase.empty() ? ""
                                                                 : ", " + printable(report.phase))
              << " adjudicated\n"
              << "log       " << counted(report.lines, "line") << ", "
              << counted(report.adjudications, "adjudication") << ", head " << report.head << "\n"
              << "openings  " << report.opened << " of " << report.commitments
              << (report.revealed ? " (the game is over and revealed)" : " held") << "\n";
  } else {
    std::cerr << report.text();
  }
  return report.exit_code;
}

}  // namespace adjutant::cli
