// `adjutant keygen` and `adjutant join`: a player's key, dice chain and card.
#include <filesystem>

#include "cli/commands.h"
#include "cli/common.h"
#include "cli/outputs.h"
#include "game/game_name.h"
#include "game/genesis.h"
#include "game/secrets.h"
#include "ledger/chain.h"
#include "ledger/digest.h"
#include "ledger/envelope.h"
#include "ledger/keys.h"
#include "util/error.h"
#include "util/files.h"
#include "util/printable.h"

namespace adjutant::cli {

namespace fs = std::filesystem;
using ledger::Json;

int cmd_keygen(int argc, char** argv) {
  cxxopts::Options options(
      "adjutant keygen",
      "Create an Ed25519 signing key (PEM, mode 0600). Without --out it goes into the secrets\n"
      "folder (SECRETS/keys/), where every command finds it by its public key.");
  options.add_options()("o,out", "private key file to write (or give it as KEYFILE)",
                        cxxopts::value<std::string>())("keyfile", "private key file to write",
                                                       cxxopts::value<std::string>())(
      "secrets",
      "the folder of your keys and dice chains (default $ADJUTANT_SECRETS, else "
      "~/.local/share/adjutant)",
      cxxopts::value<std::string>())("force", "overwrite an existing key file")(
      "json", "machine-readable output");
  options.parse_positional({"keyfile"});
  options.positional_help("[KEYFILE]");
  auto r = parse(options, argc, argv);
  if (!r) return 0;
  if (r->count("out") && r->count("keyfile"))
    throw Error("usage.options", "give the key file once: --out FILE or KEYFILE", Exit::kUsage);
  auto key = ledger::SigningKey::generate();
  std::string pub = key.public_raw();
  std::string given = r->count("out") ? (*r)["out"].as<std::string>() : optional(*r, "keyfile");
  fs::path out = !given.empty() ? fs::path(given)
                                : game::keys_dir(game::secrets_dir(optional(*r, "secrets"))) /
                                      (ledger::key_id(pub) + ".key");
  refuse_inside_archive(out, !given.empty() ? "--out" : "the key file");
  if (fs::exists(out) && !r->count("force"))
    throw Error("keygen.exists", out.string() + ": exists; refusing to overwrite a key (--force)",
                Exit::kUsage);
  if (!out.parent_path().empty()) fs::create_directories(out.parent_path());
  key.save_pem(out);
  if (r->count("json")) {
    print_json({{"key", out.string()},
                {"public", ledger::base64url(pub)},
                {"keyid", ledger::key_id(pub)}});
    return 0;
  }
  std::cout << "key " << out.string() << "\npublic " << ledger::base64url(pub) << "\nkeyid "
            << ledger::key_id(pub) << "\n";
  return 0;
}

int cmd_join(int argc, char** argv) {
  cxxopts::Options options(
      "adjutant join",
      "Write a signed player card: your side, public key and the anchor of a new dice chain\n"
      "drawn for this game alone (kept in SECRETS/chains/, never in an archive). A chain serves\n"
      "one game: --chain FILE names where to keep a new one, or an existing one made for this\n"
      "game and side; a chain already used anywhere else is refused.");
  options.add_options()("game", "the game's name (as the host will call it)",
                        cxxopts::value<std::string>())("side", "the side you play, or \"umpire\"",
                                                       cxxopts::value<std::string>())(
      "name", "your name", cxxopts::value<std::string>())("email", "your e-mail address",
                                                          cxxopts::value<std::string>())(
      "key", "your private key (default: the one key in SECRETS/keys/, from keygen)",
      cxxopts::value<std::string>())("chain",
                                     "dice chain file (default: a new one in SECRETS/chains/)",
                                     cxxopts::value<std::string>())(
      "secrets",
      "the folder of your keys and dice chains (default $ADJUTANT_SECRETS, else "
      "~/.local/share/adjutant)",
      cxxopts::value<std::string>())("length", "dice chain length for a new chain",
                                     cxxopts::value<unsigned>()->default_value("1000"))(
      "o,out", "card file to write", cxxopts::value<std::string>())("json",
                                                                    "machine-readable output");
  auto r = parse(options, argc, argv);
  if (!r) return 0;
  fs::path secrets = game::secrets_dir(optional(*r, "secrets"));
  fs::path key_file = optional(*r, "key");
  if (key_file.empty()) {
    // The one key of the secrets folder, as keygen left it.
    std::vector<fs::path> keys;
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(game::keys_dir(secrets), ec))
      if (e.path().extension() == ".key") keys.push_back(e.path());
    if (keys.size() != 1)
      throw Error("usage.missing",
                  std::string(keys.empty() ? "no key" : "several keys") + " in " +
                      game::keys_dir(secrets).string() + ": give --key (adjutant keygen makes one)",
                  Exit::kUsage);
    key_file = keys.front();
  }
  auto key = ledger::SigningKey::load_pem(key_file);
  std::string game_name = required(*r, "game");
  game::check_game_name(game_name, "join --game");
  std::string side = required(*r, "side");
  fs::path out = required(*r, "out");
  refuse_inside_archive(out, "--out");
  ledger::ChainSecret chain;
  fs::path chain_path = optional(*r, "chain");
  if (!chain_path.empty()) refuse_inside_archive(chain_path, "--chain");
  if (!chain_path.empty() && fs::exists(chain_path)) {
    chain = ledger::load_chain(chain_path);
    // One chain, one game: its links revealed in one game would tell every
    // die of the other before the orders are written.
    std::string used =
        !chain.game.empty() && (chain.game != game_name || chain.party != side)
            ? chain_path.string() + ", drawn for " + chain.game + " (" + chain.party + ")"
            : game::anchor_in_use(secrets, fs::current_path(), ledger::anchor(chain), game_name,
                                  side);
    if (!used.empty())
      throw Error("chain.reused",
                  chain_path.string() + ": this dice chain is already in use: " + used +
                      ". Each game needs its own chain: leave out --chain to draw a new one");
  } else {
    chain = ledger::new_chain((*r)["length"].as<unsigned>());
    if (chain_path.empty()) chain_path = game::chain_file(secrets, ledger::anchor(chain));
  }
  Json body =
      game::card_body(game_name, side, required(*r, "name"), required(*r, "email"), key, chain);
  chain.game = game_name;
  chain.party = side;
  if (!chain_path.parent_path().empty()) fs::create_directories(chain_path.parent_path());
  ledger::save_chain(chain_path, chain);
  Json card = ledger::sign_envelope(ledger::kCardType, body, key);
  write_file_atomic(out, card.dump(2) + "\n");
  if (r->count("json")) {
    print_json({{"card", out.string()},
                {"side", side},
                {"game", game_name},
                {"chain", chain_path.string()},
                {"keyid", ledger::key_id(key.public_raw())}});
    return 0;
  }
  std::cout << "card " << out.string() << " for " << side << " in " << printable(game_name)
            << "\nchain " << chain_path.string() << " (secret: never share it or put it in an "
            << "archive)\n";
  return 0;
}

}  // namespace adjutant::cli
