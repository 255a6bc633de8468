// The player page's backup file (docs/play-in-browser.md): the player's key
// and dice chain for one game, and the page's copy of the game when it held
// one. `adjutant import BACKUP` takes it so a player can move from the page
// to the command line at any time.
#pragma once

#include <filesystem>
#include <string>

#include "ledger/jcs.h"

namespace adjutant::game {

inline constexpr const char* kBackupFormat = "adjutant-backup/1";

// True when `text` is a backup file (JSON whose "format" is kBackupFormat).
bool is_backup(const std::string& text);

struct RestoredBackup {
  std::string game;      // the game's name
  std::string side;      // the player's side
  std::string key_file;  // where the key now is
  std::string chain_file;
  std::string log;       // the page's copy of the log ("" when it held none)
  std::string scenario;  // its scenario, as JSON text
  ledger::Json sealed;   // a sealed copy's page: the copy as one sealed post (null else)
  int signed_files = 0;  // order files kept as the latest of their phase
};

// Puts the backup's key into <secrets>/keys/<keyid>.key and its chain into
// <secrets>/chains/ (both 0600; a file already there with the same key or
// chain is kept), and every order file it records as signed into the
// record of revisions (game/revisions.h). Errors import.backup (not a
// backup, or a member missing or malformed), key.not_ed25519, chain.format.
RestoredBackup restore_backup(const ledger::Json& backup, const std::filesystem::path& secrets);

}  // namespace adjutant::game
