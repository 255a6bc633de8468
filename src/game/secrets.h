// Where a user's private keys and dice chains live: one folder per user,
// outside every archive, so an archive folder may be copied, zipped, synced
// or put under git without shipping a key or a future die (DESIGN "The game
// archive"; docs/guide.md "Secrets"). One dice chain per game, never per key.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "game/archive.h"
#include "ledger/chain.h"
#include "ledger/keys.h"

namespace adjutant::game {

// --secrets DIR when given, else $ADJUTANT_SECRETS, else
// $XDG_DATA_HOME/adjutant, else $HOME/.local/share/adjutant.
fs::path secrets_dir(const std::string& option = "");

// <secrets>/chains/<first 16 hex digits of the anchor>.chain
fs::path chain_file(const fs::path& secrets, const std::string& anchor_raw);

// <secrets>/keys/
fs::path keys_dir(const fs::path& secrets);

// The dice chain a party published in genesis: `given` when not empty (it
// must be that chain: Error adjudicate.wrong_chain), else the one kept in
// the secrets folder under its anchor (Error chain.not_found naming where).
ledger::ChainSecret chain_for(const Party& party, const fs::path& secrets, const fs::path& given);

// A private key whose public key is `public_raw`: `given` when not empty
// (it must be that key: Error adjudicate.wrong_key), else the first such key
// in <secrets>/keys/ (Error key.not_found naming where).
ledger::SigningKey key_for(const Party& party, const fs::path& secrets, const fs::path& given,
                           const std::string& role);

// The parties of `archive` whose private key is `given`, or else any key in
// the secrets folder (players only when `players_only`).
std::vector<Party> parties_of_keys(const Archive& archive, const fs::path& secrets,
                                   const fs::path& given, bool players_only);

// Archives this user created or imported (<secrets>/archives.txt), so a
// chain already used in one of them is recognised.
void remember_archive(const fs::path& secrets, const fs::path& archive);
std::vector<fs::path> remembered_archives(const fs::path& secrets);

// Where `anchor_raw` is already in use: a card of a remembered archive or
// of an archive directly under `near`, or a chain file in the secrets folder
// claimed for another card than (game, party). Empty when nowhere.
std::string anchor_in_use(const fs::path& secrets, const fs::path& near,
                          const std::string& anchor_raw, const std::string& game,
                          const std::string& party, const fs::path& except_archive = {});

// Warns about a .secret/ folder inside an archive (older releases kept the
// adjudicator's key there): its contents travel with every copy.
std::vector<std::string> secrets_inside(const fs::path& archive);

}  // namespace adjutant::game
