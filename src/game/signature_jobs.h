// Every signature of an archive's log that a verify will check, with the
// bytes it is over and the key it should verify with: each entry's
// signature by the party its keyid names, and each order file's by the
// side its body names. A job whose key is wrong is only a miss for
// ledger::VerifyAhead (the replay checks it itself), never a wrong answer.
#pragma once

#include <vector>

#include "game/archive.h"
#include "ledger/verify_ahead.h"

namespace adjutant::game {

// In log order, genesis first. Never throws: what cannot be read is left to the replay to refuse.
std::vector<ledger::SignatureJob> signature_jobs(const Archive& a);
// The signatures of the genesis entry's player cards, each by the key its
// card names (what genesis_parties checks), and the entry's own by the card
// key its keyid names, from the entry alone: a reader thread checks them
// while the archive's scenario is read.
std::vector<ledger::SignatureJob> genesis_signature_jobs(const LogEntry& entry);
// Those of one entry of `a`'s log, appended to `jobs`; reads only `a`'s
// parties, so a reader thread may call it while the replay runs.
void entry_signature_jobs(const Archive& a, const LogEntry& e,
                          std::vector<ledger::SignatureJob>& jobs);

}  // namespace adjutant::game
