// `adjutant keygen` and `adjutant join`: a player's key, dice chain and card.
#include <filesystem>

#include "cli/commands.h"
#include "cli/common.h"
#include "game/genesis.h"
#include "ledger/chain.h"
#include "ledger/digest.h"
#include "ledger/envelope.h"
#include "ledger/keys.h"
#include "util/error.h"
#include "util/files.h"

namespace adjutant::cli {

namespace fs = std::filesystem;
using ledger::Json;

int cmd_keygen(int argc, char** argv) {
  cxxopts::Options options("adjutant keygen", "Create an Ed25519 signing key (PEM, mode 0600).");
  options.add_options()("o,out", "private key file to write", cxxopts::value<std::string>())(
      "force", "overwrite an existing key file");
  options.parse_positional({"out"});
  options.positional_help("KEYFILE");
  auto r = parse(options, argc, argv);
  if (!r) return 0;
  fs::path out = required(*r, "out");
  if (fs::exists(out) && !r->count("force"))
    throw Error("keygen.exists", out.string() + ": exists; refusing to overwrite a key (--force)",
                Exit::kUsage);
  auto key = ledger::SigningKey::generate();
  key.save_pem(out);
  std::string pub = key.public_raw();
  std::cout << "key " << out.string() << "\npublic " << ledger::base64url(pub) << "\nkeyid "
            << ledger::key_id(pub) << "\n";
  return 0;
}

int cmd_join(int argc, char** argv) {
  cxxopts::Options options(
      "adjutant join",
      "Write a signed player card: your side, public key and dice chain anchor for a named game.\n"
      "The dice chain secret is created beside the key (KEY.chain) unless --chain names one.");
  options.add_options()("game", "the game's name (as the host will call it)",
                        cxxopts::value<std::string>())("side", "the side you play, or \"umpire\"",
                                                       cxxopts::value<std::string>())(
      "name", "your name", cxxopts::value<std::string>())("email", "your e-mail address",
                                                          cxxopts::value<std::string>())(
      "key", "your private key (from keygen)", cxxopts::value<std::string>())(
      "chain", "dice chain secret file (created if missing)", cxxopts::value<std::string>())(
      "length", "dice chain length for a new chain",
      cxxopts::value<unsigned>()->default_value("1000"))("o,out", "card file to write",
                                                         cxxopts::value<std::string>());
  auto r = parse(options, argc, argv);
  if (!r) return 0;
  fs::path key_file = required(*r, "key");
  auto key = ledger::SigningKey::load_pem(key_file);
  fs::path chain_file = r->count("chain") ? fs::path((*r)["chain"].as<std::string>())
                                          : fs::path(key_file.string() + ".chain");
  ledger::ChainSecret chain;
  if (fs::exists(chain_file)) {
    chain = ledger::load_chain(chain_file);
  } else {
    chain = ledger::new_chain((*r)["length"].as<unsigned>());
    ledger::save_chain(chain_file, chain);
  }
  Json body = game::card_body(required(*r, "game"), required(*r, "side"), required(*r, "name"),
                              required(*r, "email"), key, chain);
  Json card = ledger::sign_envelope(ledger::kCardType, body, key);
  fs::path out = required(*r, "out");
  write_file_atomic(out, card.dump(2) + "\n");
  std::cout << "card " << out.string() << " for " << body["party"].get<std::string>() << " in "
            << body["game"].get<std::string>() << "\nchain " << chain_file.string()
            << " (keep it secret)\n";
  return 0;
}

}  // namespace adjutant::cli
