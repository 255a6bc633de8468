// The log lines (and the scenario of an invitation) that a game's mails
// carry as attachments (log-<game>-<first>-<last>.jsonl, scenario.json),
// read out of saved mails, maildirs or .jsonl files for `adjutant sync`,
// `adjutant import` and `adjutant mail fetch`.
#pragma once

#include <filesystem>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "game/sync.h"
#include "mail/mime_parse.h"

namespace adjutant::mail {

struct CarriedFiles {
  game::OfferedLines lines;
  std::string scenario;  // scenario.json of an invitation, when one was found
  int messages = 0;      // messages read
};

// The attachments of one message that belong to game `game_id` (hex; ""
// takes any game's). Lines of another game are noted, not taken.
void take_carried(CarriedFiles& out, std::string_view raw_message, const std::string& source,
                  const std::string& game_id);
// The same for a message already parsed.
void take_carried(CarriedFiles& out, const MimePart& message, const std::string& source,
                  const std::string& game_id);

// The games a parsed message says it carries lines of: its X-Adjutant-Game
// header (the whole id) and the 16 hex digits of each log-<game>-...jsonl
// attachment. A game is named when its id starts with one of them.
std::set<std::string> carried_games(const MimePart& message);

// Reads each path: a maildir (every message, one at a time; one larger
// than the intake limit is noted and passed over), a saved mail (.eml or
// any file that is not .jsonl), or a .jsonl file of log lines. Errors
// "sync.source" for a path that is none of these, and those of add_lines.
CarriedFiles read_carried(const std::vector<std::filesystem::path>& paths,
                          const std::string& game_id);

}  // namespace adjutant::mail
