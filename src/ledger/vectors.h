// Test vectors of the signing and dice protocol, computed from fixed inputs,
// so docs/protocol.md can print them and a second implementation can check
// every intermediate value against adjutant.
#pragma once

#include "ledger/jcs.h"

namespace adjutant::ledger {

// Fixed inputs: chains of length 4 with tops 0x00..0x1f (umpire),
// 0x20..0x3f (confederate) and 0x40..0x5f (union); game_id =
// SHA-256("adjutant test game"); adjudication t = 1 with the umpire revealing
// link 1 and both players link 1; an Ed25519 private key 0x01..0x20. All
// bytes are given as lowercase hex.
Json protocol_vectors();

}  // namespace adjutant::ledger
