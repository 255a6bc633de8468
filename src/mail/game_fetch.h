// `adjutant mail fetch`: a game's mail taken from a mailbox one message at a
// time, within the intake limit, so that memory holds one message however
// large the mailbox. First the game's log lines every message carries are
// gathered and synced (each verified); then the messages that held order
// files are read again and their order files checked against the new head
// and filed in GAME/inbox/. A message that carried anything of this game is
// then set aside (mailbox.h), unless the run keeps the mailbox as it is;
// mail of other games and other mail stay in place.
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

#include "game/caches.h"
#include "mail/mailbox.h"
#include "mail/order_intake.h"

namespace adjutant::mail {

struct FetchReport {
  std::vector<Intake> intakes;  // per order file, or per message without one
  std::size_t messages = 0;     // messages listed
  int synced = 0;               // log lines appended
  std::size_t set_aside = 0;    // messages moved to the processed folder
  std::vector<std::string> notes;
};

// Holds the game's lock throughout. Errors of the mailbox as a whole
// (mail.imap_*) and of a sync (a line that does not verify) end it; a
// message that cannot be read or is too large is an Intake and the rest
// are still taken.
FetchReport fetch_for_game(Mailbox& box, const std::filesystem::path& game,
                           const game::TurnWriter& outputs, bool keep);

}  // namespace adjutant::mail
