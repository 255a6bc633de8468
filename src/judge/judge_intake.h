// The judge's mailbox in one pass (docs/judge.md "Fetch"): each message not
// yet dealt with is read once and parsed once, for every game at once, then
// set aside. The judge's own copies of what it sent (From: an umpire
// address) are read no further than their headers: they settle a mail left
// in doubt by a stopped run, and nothing else. A message larger than the
// intake limit is not read: it is refused, journalled, and its sender, when
// a player of a game judged here, gets a notice. From the others, the log
// lines of each game judged here are synced and the order files filed in
// that game's inbox/; each refusal is journalled once, for the message, not
// for each game. A message whose game could not be reached (locked, or an
// input/output error) stays for the next pass.
#pragma once

#include <vector>

#include "judge/judge_pass.h"
#include "mail/mailbox.h"

namespace adjutant::judge {

// Takes every message `box` lists; marks the games mail came for.
void take_mailbox(mail::Mailbox& box, std::vector<JudgedGame>& games, Actions& actions);

}  // namespace adjutant::judge
