#include "game/backup.h"

#include <unistd.h>

#include "game/revisions.h"
#include "game/secrets.h"
#include "ledger/chain.h"
#include "ledger/keys.h"
#include "util/error.h"
#include "util/files.h"

namespace adjutant::game {

namespace fs = std::filesystem;
using ledger::Json;

namespace {

const std::string& text_of(const Json& backup, const char* name) {
  if (!backup.contains(name) || !backup[name].is_string())
    throw Error("import.backup", std::string("the backup has no \"") + name + "\"");
  return backup[name].get_ref<const std::string&>();
}

// A secret read back through the loader that checks it: written first to a
// private file of the secrets folder, then read as a key or chain file.
template <typename Load>
auto checked(const fs::path& folder, const std::string& content, const char* error_id, Load load) {
  fs::create_directories(folder);
  fs::path scratch = folder / (".backup-" + std::to_string(::getpid()) + ".tmp");
  ledger::write_private_file(scratch, content, error_id);
  try {
    auto value = load(scratch);
    std::error_code ec;
    fs::remove(scratch, ec);
    return value;
  } catch (...) {
    std::error_code ec;
    fs::remove(scratch, ec);
    throw;
  }
}

}  // namespace

bool is_backup(const std::string& text) {
  try {
    Json j = ledger::parse_strict(text, "backup");
    return j.is_object() && j.value("format", "") == kBackupFormat;
  } catch (const Error&) {
    return false;
  }
}

RestoredBackup restore_backup(const Json& backup, const fs::path& secrets) {
  if (!backup.is_object() || backup.value("format", "") != kBackupFormat)
    throw Error("import.backup", std::string("not a backup file (format ") + kBackupFormat + ")");
  RestoredBackup out;
  out.game = text_of(backup, "game");
  out.side = text_of(backup, "side");
  if (!backup.contains("chain") || !backup["chain"].is_object())
    throw Error("import.backup", "the backup has no \"chain\"");

  fs::path keys = keys_dir(secrets);
  ledger::SigningKey key =
      checked(keys, text_of(backup, "key_pem"), "key.write",
              [](const fs::path& f) { return ledger::SigningKey::load_pem(f); });
  fs::path key_file = keys / (ledger::key_id(key.public_raw()) + ".key");
  if (!fs::exists(key_file)) key.save_pem(key_file);
  out.key_file = key_file.string();

  ledger::ChainSecret chain = checked(secrets / "chains", backup["chain"].dump(), "chain.write",
                                      [](const fs::path& f) { return ledger::load_chain(f); });
  fs::path chain_path = chain_file(secrets, ledger::anchor(chain));
  if (!fs::exists(chain_path)) ledger::save_chain(chain_path, chain);
  out.chain_file = chain_path.string();

  if (backup.contains("log") && backup["log"].is_string()) {
    out.log = backup["log"].get<std::string>();
    if (!backup.contains("scenario") || !backup["scenario"].is_object())
      throw Error("import.backup", "the backup holds a log but no \"scenario\"");
    out.scenario = backup["scenario"].dump(2) + "\n";
  }
  if (backup.contains("sealed") && !backup["sealed"].is_null()) {
    if (!backup["sealed"].is_object())
      throw Error("import.backup", "the backup's \"sealed\" is not a sealed post");
    out.sealed = backup["sealed"];
  }
  if (backup.contains("signed") && backup["signed"].is_object())
    for (const auto& [phase, envelope] : backup["signed"].items()) {
      remember_signed(secrets, envelope);
      ++out.signed_files;
    }
  return out;
}

}  // namespace adjutant::game
