// Order revisions (docs/protocol.md 5b). From protocol 2 every order file
// carries its revision: 1 for the first file a side signs for a phase, and
// each correction the next, naming the body it replaces. The adjudicator
// adjudicates the latest revision it holds; a player holding a later one
// than the log shows can prove it (game/dispute.h). The player's own
// record of what it signed lives in its secrets folder, never in a game's.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "ledger/jcs.h"

namespace adjutant::game {

using ledger::Json;
namespace fs = std::filesystem;

inline constexpr const char* kOrdersFormat2 = "adjutant-orders/2";
inline constexpr const char* kSignedFormat = "adjutant-signed/1";

// The order file format of a protocol version.
const char* orders_format(int protocol);

struct Revision {
  long long number = 0;  // 1, 2, ...; 0 in a protocol-1 file
  std::string replaces;  // hex SHA-256 of the JCS of the body it replaces; "" for revision 1
};

// The revision members of an order body of a game at `protocol`: a
// protocol-2 body has "revision" (1 to 10^9) and, from revision 2,
// "replaces" (64 lowercase hex digits); a protocol-1 body has neither.
// Error orders.revision naming `source`.
Revision read_revision(const Json& body, int protocol, const std::string& source);

// The hex SHA-256 of the JCS of an order body: what "replaces" names.
std::string body_hash(const Json& body);

// What the player signed for one phase of one game: the latest revision,
// kept in <secrets>/signed/<first 16 hex digits of the game id>.json.
struct SignedPhase {
  Revision revision;
  Json envelope;  // the signed file of that revision
};

// The record of `game_id`'s phase (turn, phase, after) for `side`, if any.
std::optional<SignedPhase> signed_phase(const fs::path& secrets, const std::string& game_id,
                                        const std::string& side, long long turn,
                                        const std::string& phase, const std::string& after);

// Every order file the record keeps for `game_id` (the latest of each phase).
std::vector<Json> signed_files(const fs::path& secrets, const std::string& game_id);

// Sets the revision members of a protocol-2 `body` (whose game, side,
// turn, phase, after and reveal are filled in): the next revision of what
// the record holds for its phase, replacing it; revision 1 when it holds
// none; the record's own revision when `body` is the very orders it holds.
void set_revision(Json& body, const fs::path& secrets);

// The same from the latest signed file of the phase itself (nullptr: none).
void revise(Json& body, const Json* previous_envelope);

// Keeps a signed protocol-2 order file as the latest of its phase (written
// atomically, 0600). A file of a lower or equal revision than the record's
// is ignored.
void remember_signed(const fs::path& secrets, const Json& envelope);

}  // namespace adjutant::game
