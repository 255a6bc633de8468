// The sealed posts (game/fog.h sealed_post) that the umpire's mails of a
// fog-of-war game carry to a side, read out of saved mails or a maildir for
// `adjutant sync COPY MAIL` (docs/protocol.md 10a, item 4b).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "ledger/jcs.h"
#include "mail/mime_parse.h"

namespace adjutant::mail {

// The sealed posts of one parsed message, in its order. Error sync.packet
// for one that is not JSON.
std::vector<ledger::Json> sealed_posts(const MimePart& message, const std::string& source);

// Those of each path: a saved mail, or a maildir (one message at a time,
// within the intake limit; none is moved). A path that is neither gives
// none.
std::vector<ledger::Json> sealed_posts_in(const std::vector<std::filesystem::path>& paths);

}  // namespace adjutant::mail
