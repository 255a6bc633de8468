// What the CLI draws after each adjudication (maps, reports, mail), and how
// it reports the caches a command rebuilt or could not write.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "game/caches.h"
#include "ledger/keys.h"

namespace adjutant::cli {

// Draws map-<view>.svg/.png for every side and the umpire, then each
// party's report and mail, into a turn folder. In a fog-of-war game each
// side's mail carries its sealed post when the umpire's key is at hand:
// `key` when it is the umpire's, else the umpire's key in `secrets`
// (default: the secrets folder of secrets_dir()).
game::TurnWriter turn_writer(const std::filesystem::path& key = {},
                             const std::filesystem::path& secrets = {});

// The umpire's key of a fog-of-war game, when at hand (`key` when it is the
// umpire's, else one in `secrets`): it signs the sealed lines each side's
// mail carries (report/turn_outputs.h SealedPosts). None for other games.
std::optional<ledger::SigningKey> umpire_key(const game::Archive& archive,
                                             const std::filesystem::path& key,
                                             const std::filesystem::path& secrets);

// What an output path names: a file, a folder of the command's own (view's
// page), or a side's sealed copy (seal: it may be a copy written before).
enum class OutputKind { kFile, kFolder, kSealedCopy };

// The one check of every output a command writes outside the archive it
// reads (--out, --junit, --chain, keygen's key): a path inside a game
// archive (a folder holding game.json and log.jsonl, or below one) is
// refused with "out.in_archive" (exit 2), symbolic links resolved, so that
// nothing changes an archive but its own locked, atomic writes. `option`
// names the path in the message ("--out").
void refuse_inside_archive(const std::filesystem::path& out, const std::string& option,
                           OutputKind kind = OutputKind::kFile);

// "note: ..." lines on standard error.
void print_notes(const std::vector<std::string>& notes);

}  // namespace adjutant::cli
