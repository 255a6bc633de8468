// A player's proof that its orders were adjudicated at an earlier revision
// than one it signed (docs/protocol.md 5b). The adjudicator cannot be
// shown to have received the later file: the proof shows that the player
// signed it for the very position and link of the phase adjudicated, and
// the umpire of a tournament weighs it with the mail that carried it.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "game/archive.h"

namespace adjutant::game {

inline constexpr const char* kDisputeFormat = "adjutant-dispute/1";

struct Dispute {
  bool stands = false;  // the file is a later revision than the one adjudicated
  std::string id;       // verify.superseded when it stands, else why not (dispute.*)
  std::string message;  // for people
  Json proof;           // adjutant-dispute/1, when it stands
  int line = -1;        // the log line adjudicated in its place (orders, or an NMR ruling)
};

// Holds `offered` (a signed order file, or an adjutant-dispute/1 proof) to
// the archive, whose log must verify. Never throws for a file that proves
// nothing: the result says why (dispute.not_orders, dispute.other_game,
// dispute.bad_signature, dispute.protocol, dispute.pending, dispute.no_phase,
// dispute.adjudicated, dispute.earlier).
Dispute find_dispute(const Archive& archive, const Json& offered, const std::string& source);

// Every order file the player kept in `secrets` (game/revisions.h) for
// this game that stands against its log: what sync warns about.
std::vector<Dispute> recorded_disputes(const Archive& archive, const fs::path& secrets);

}  // namespace adjutant::game
