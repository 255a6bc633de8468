// The order files waiting in a game's inbox/ (filed by `adjutant mail fetch`
// or the judge, or copied there by hand) for the phase due: what `adjutant
// adjudicate GAME` takes when no file is named.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "game/replay.h"

namespace adjutant::game {

struct InboxFile {
  fs::path file;
  std::string side;
  Json envelope;
};

// The order files in `archive`'s inbox/ written for the phase due (its
// turn and phase, the `after` it expects) by a side whose file is still
// awaited, each once however many copies lie there, in file-name order.
// Files that cannot be read as order files are passed over.
std::vector<InboxFile> due_inbox_files(const Archive& archive, const Replay& replay);
// The same from what a status reading knows: the phase due, the sides still
// awaited and the `after` their files must name.
std::vector<InboxFile> due_inbox_files(const fs::path& dir, const rules::PhaseInfo& phase,
                                       const std::vector<std::string>& awaited,
                                       const std::string& after);

}  // namespace adjutant::game
