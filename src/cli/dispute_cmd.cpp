// `adjutant dispute`: a player's proof that the log adjudicated an earlier
// revision of its orders than one it signed (docs/protocol.md 5b).
#include <iostream>

#include "cli/commands.h"
#include "cli/common.h"
#include "game/adjudicate.h"
#include "game/dispute.h"
#include "game/intake.h"
#include "game/secrets.h"
#include "util/error.h"
#include "util/files.h"
#include "util/printable.h"

namespace adjutant::cli {

int cmd_dispute(int argc, char** argv) {
  cxxopts::Options options(
      "adjutant dispute",
      "Hold an order file you signed to the game's log: when the log adjudicated an earlier\n"
      "revision of your orders for that phase (or ruled no moves received), write the proof,\n"
      "which anyone checks with `adjutant verify GAME --dispute PROOF` (exit 3,\n"
      "verify.superseded). Without FILE, every order file you signed for this game (kept in\n"
      "your secrets folder) is held to the log. Exit 0 when a proof stands, 1 when none does.");
  options.add_options()("game", "your copy of the game archive", cxxopts::value<std::string>())(
      "file", "the signed order file (or a saved mail carrying it)", cxxopts::value<std::string>())(
      "o,out", "write the proof to FILE (default: print it)", cxxopts::value<std::string>())(
      "secrets", "the folder of your keys, chains and signed files", cxxopts::value<std::string>())(
      "json", "machine-readable output");
  options.parse_positional({"game", "file"});
  options.positional_help("GAME [FILE]");
  auto r = parse(options, argc, argv);
  if (!r) return 0;
  game::ReadGame g(required(*r, "game"));
  std::vector<game::Dispute> found;
  std::vector<game::Dispute> none;
  if (r->count("file")) {
    std::string file = required(*r, "file");
    game::Dispute d = game::find_dispute(g.archive, game::read_order_file(file), file);
    (d.stands ? found : none).push_back(std::move(d));
  } else {
    found = game::recorded_disputes(g.archive, game::secrets_dir(optional(*r, "secrets")));
  }
  bool json = r->count("json") > 0;
  if (found.empty()) {
    if (json) {
      Json out = {{"stands", false}};
      if (!none.empty())
        out["error"] = {{"id", none.front().id}, {"message", none.front().message}};
      print_json(out);
    } else if (!none.empty()) {
      std::cerr << "no dispute: [" << none.front().id << "] " << printable(none.front().message)
                << "\n";
    } else {
      std::cerr << "no dispute: every order file you signed for this game is the one adjudicated, "
                   "or an earlier one\n";
    }
    return int(Exit::kBadInput);
  }
  Json proofs = Json::array();
  for (const auto& d : found) proofs.push_back(d.proof);
  Json proof = proofs.size() == 1 ? proofs.front() : proofs;
  if (r->count("out")) {
    fs::path out = (*r)["out"].as<std::string>();
    write_file_atomic(out, proof.dump(2) + "\n");
    if (!json)
      for (const auto& d : found)
        std::cout << "the dispute stands: " << printable(d.message) << "\nproof written to "
                  << printable(out.string()) << "; anyone checks it with `adjutant verify "
                  << printable(g.archive.dir().string()) << " --dispute " << printable(out.string())
                  << "`\n";
  }
  if (json)
    print_json({{"stands", true}, {"proof", proof}});
  else if (!r->count("out"))
    std::cout << proof.dump(2) << "\n";
  return 0;
}

}  // namespace adjutant::cli
